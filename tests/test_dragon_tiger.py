"""Dragon Tiger (``dragon-tiger odds | eor | simulate``): published figures, the simple
reference of ``tests/dragon_tiger_reference.py`` on random shoes, identities, a replay of
the dealt shoes, the golden documents and bad input.

Published figures: the Wizard of Odds' analysis of the game, 8 decks,
https://wizardofodds.com/games/dragon-tiger/ (read in its copies at
http://user-casino.com/games/dragon-tiger/ and
https://mas888sportsbet.blogspot.com/2014/03/dragon-tiger-table-games.html): Dragon and
Tiger win 39,936, tie 6,448 of 86,320 (unordered) pairs, house edge 3.73 %; the Tie at 8
to 1 32.77 % (12 to 1 2.89 %, 11 10.36 %, 10 17.83 %, 9 25.30 %); the Suited Tie at 50 to
1 1,456 pairs, 13.98 %; Big/Small (a 7 loses) 192 of 416 cards, 7.69 %; the suit bet
pays 3 to 1 (and loses on a 7: https://powerplay365.com/online-casino-learning/dragon-and-tiger/).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.analysis.dragon_tiger.eor import fits, parse_rank_tags, removal_effects
from baccarat_exact.analysis.dragon_tiger.game import (
    BET_NAMES,
    BETS,
    DragonTigerRules,
    deal_law,
    dragon_tiger_odds,
    find_bets,
)
from baccarat_exact.analysis.dragon_tiger.simulate import deal_shoes, hand_evs, shuffled
from baccarat_exact.commands.dragon_tiger import DragonTigerOddsRequest
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.model.cards import RANKS
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main
from tests.dragon_tiger_reference import (
    RANK_SYMBOLS,
    SUIT_LETTERS,
    PhysicalCard,
    card_text,
    expected_values,
    infinite_expected_values,
)

GOLDEN = Path(__file__).parent / "golden"
WIZARD = "https://wizardofodds.com/games/dragon-tiger/"


def _edges(shoe: Shoe, rules: DragonTigerRules | None = None) -> dict[str, Fraction]:
    return {odds.bet.name: odds.house_edge for odds in dragon_tiger_odds(shoe, rules)}


def _pct(value: Fraction) -> str:
    return f"{float(value) * 100:.2f}"


# -- published figures (Wizard of Odds, 8 decks) ------------------------------------------


def test_main_bets_tie_and_suited_tie_are_the_published_counts() -> None:
    law = deal_law(Shoe.from_decks(8))
    assert (law.higher, law.ties, law.pairs) == (2 * 39_936, 2 * 6_448, 2 * 86_320)
    assert law.suited == 2 * 1_456
    edges = _edges(Shoe.from_decks(8))
    assert [_pct(edges[bet]) for bet in ("dragon", "tiger", "tie", "suited-tie")] == [
        "3.73",
        "3.73",
        "32.77",
        "13.98",
    ]


@pytest.mark.parametrize(
    ("pays", "edge"), [(12, "2.89"), (11, "10.36"), (10, "17.83"), (9, "25.30"), (8, "32.77")]
)
def test_the_tie_at_each_published_pay(pays: int, edge: str) -> None:
    rules = DragonTigerRules(tie_pays=Fraction(pays))
    assert _pct(_edges(Shoe.from_decks(8), rules)["tie"]) == edge


def test_bets_on_one_card_are_the_published_edges() -> None:
    found = {odds.bet.name: odds for odds in dragon_tiger_odds(Shoe.from_decks(8))}
    assert found["dragon-big"].win == Fraction(192, 416)
    assert _pct(found["tiger-small"].house_edge) == "7.69"
    assert found["dragon-spades"].win == Fraction(12 * 8, 416)  # no 7 of spades wins
    assert _pct(found["tiger-hearts"].house_edge) == "7.69"


# -- the reference on random shoes -------------------------------------------------------

_CARD = st.tuples(st.integers(1, 13), st.sampled_from(SUIT_LETTERS))


@st.composite
def _small_shoes(draw: st.DrawFn) -> tuple[list[PhysicalCard], dict[int, int]]:
    """A few physical cards (repeats allowed: several decks), and up to two ranks with one
    card of unknown suit taken out."""
    cards = draw(st.lists(_CARD, min_size=4, max_size=11))
    ranks = sorted({rank for rank, _ in cards})
    chosen = draw(st.lists(st.sampled_from(ranks), max_size=2, unique=True))
    return cards, {rank: 1 for rank in chosen}


def _library_shoe(cards: list[PhysicalCard], unknown: dict[int, int]) -> Shoe:
    shoe = Shoe.from_counts({f"{RANK_SYMBOLS[r - 1]}{s}": 0 for r, s in cards}).add(
        card_text(cards)
    )
    return shoe.remove(" ".join(RANK_SYMBOLS[rank - 1] for rank in unknown))


@settings(max_examples=12, deadline=None)
@given(
    shoe=_small_shoes(),
    tie_pays=st.sampled_from([Fraction(8), Fraction(11)]),
    tie_loses=st.sampled_from([Fraction(1, 2), Fraction(0)]),
)
def test_every_bet_is_the_brute_force_over_ordered_pairs(
    shoe: tuple[list[PhysicalCard], dict[int, int]], tie_pays: Fraction, tie_loses: Fraction
) -> None:
    cards, unknown = shoe
    if len(cards) - sum(unknown.values()) < 2:
        return
    rules = DragonTigerRules(tie_pays=tie_pays, tie_loses=tie_loses)
    found = {
        odds.bet.name: odds.ev for odds in dragon_tiger_odds(_library_shoe(cards, unknown), rules)
    }
    assert found == expected_values(
        cards, unknown, BET_NAMES, tie_pays=tie_pays, tie_loses=tie_loses
    )


@settings(max_examples=3, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13).filter(any))
def test_an_infinite_shoe_is_the_reference_with_replacement(proportions: list[int]) -> None:
    shoe = Shoe.infinite_shoe(proportions)
    bets = ("dragon", "suited-tie", "dragon-odd", "tiger-clubs")
    found = {odds.bet.name: odds.ev for odds in dragon_tiger_odds(shoe, None, find_bets(bets))}
    assert found == infinite_expected_values(proportions, bets)


# -- identities --------------------------------------------------------------------------

_DECK_LESS = st.lists(
    st.sampled_from([r.value for r in RANKS] + ["As", "Kh", "7s", "Qd"]), max_size=12, unique=True
)


@settings(max_examples=10, deadline=None)
@given(decks=st.integers(1, 3), out=_DECK_LESS)
def test_lines_sum_to_one_and_dragon_mirrors_tiger(decks: int, out: list[str]) -> None:
    odds = {o.bet.name: o for o in dragon_tiger_odds(Shoe.from_decks(decks).remove(" ".join(out)))}
    for bet in odds.values():
        assert sum(line.probability for line in bet.lines) == 1
        assert all(line.probability >= 0 for line in bet.lines)
    assert odds["dragon"].lines == odds["tiger"].lines
    for name in BET_NAMES[4:14]:
        assert odds[name].lines == odds[name.replace("dragon", "tiger")].lines


@settings(max_examples=6, deadline=None)
@given(out=_DECK_LESS)
def test_effects_weighted_by_the_cards_sum_to_zero(out: list[str]) -> None:
    shoe = Shoe.from_decks(1).remove(" ".join(out))
    eor = removal_effects(shoe, DragonTigerRules(), BETS)
    assert all(eor.weighted_sum(b) == 0 for b in range(len(BETS)))
    base = {o.bet.name: o.ev for o in dragon_tiger_odds(shoe)}
    ace = dragon_tiger_odds(shoe.remove("A")) if shoe.count("A") else None
    if ace is not None:
        assert eor.effects[0] == tuple(o.ev - base[o.bet.name] for o in ace)


@settings(max_examples=8, deadline=None)
@given(rows=st.lists(st.lists(st.integers(0, 2), min_size=4, max_size=4), min_size=13, max_size=13))
def test_simulate_prices_a_hand_as_odds_does(rows: list[list[int]]) -> None:
    shoe = Shoe.from_suits(rows)
    if shoe.cards < 2:
        return
    cells = [m for row in rows for m in row]
    rules = DragonTigerRules(tie_pays=Fraction(10))
    assert hand_evs(shoe.counts, cells, BETS, rules) == tuple(
        o.ev for o in dragon_tiger_odds(shoe, rules)
    )


def test_a_full_shoe_has_no_linear_count_for_the_ties() -> None:
    eor = removal_effects(Shoe.from_decks(2), DragonTigerRules(), find_bets(["tie", "dragon-big"]))
    assert set(eor.column(0)) == {0}
    derived, _ = fits(eor, 2, None)
    assert not any(derived[0].count.tags) and derived[0].break_even is None
    big = derived[1].count.tags
    assert all(t > 0 for t in big[:7]) and all(t < 0 for t in big[7:])  # small cards out help


# -- dealt shoes, replayed ---------------------------------------------------------------


def test_dealt_shoes_are_their_hands_priced_by_odds() -> None:
    """Each hand of a seeded run, dealt again from the same order, priced by
    ``dragon_tiger_odds`` on the shoe less the cards seen (the burned card is not: face
    down, it stays unseen): the same EVs, positives (in
    each tenth of the shoe), best EV and triggers of an unbalanced count (its true count
    centred: the mean tag taken off per card seen)."""
    shoe, bets = Shoe.from_decks(1), find_bets(["dragon-big", "tie", "dragon-hearts"])
    count = parse_rank_tags("A:1,2:1,3:1,4:1,5:1,6:1,7:1,8:-1,9:-1,T:-1,J:-1,Q:-1,K:-1")
    threshold, mean = Fraction(3), Fraction(4, 52)
    counts = [(count, threshold), (None, None), (count, threshold)]
    run = deal_shoes(shoe, DragonTigerRules(), bets, counts, shoes=3, seed=7, burn=1, cut_card=10)
    cards = [(r, s) for r in range(13) for s in range(4)]
    hands, depths = 0, [0] * 10
    positive, best, triggered = [0, 0, 0], [Fraction(-9)] * 3, [0, 0, 0]
    sums, by_depth = [0.0] * 3, [[0] * 10 for _ in bets]
    for number in range(3):
        deck = shuffled(cards, 7, number)
        position, seen = 1, []  # deck[0] burned face down: never seen, still in the shoe
        while 52 - position > 11:
            left = shoe.remove(" ".join(f"{RANKS[r].value}{SUIT_LETTERS[s]}" for r, s in seen))
            true_count = (sum(count.tags[r] for r, _ in seen) - mean * len(seen)) * 52 / left.cards
            hands += 1
            depths[position * 10 // 52] += 1
            for b, odds in enumerate(dragon_tiger_odds(left, None, bets)):
                sums[b] += float(odds.ev)
                positive[b] += odds.ev > 0
                by_depth[b][position * 10 // 52] += odds.ev > 0
                best[b] = max(best[b], odds.ev)
                triggered[b] += counts[b][0] is not None and true_count >= threshold
            seen += deck[position : position + 2]
            position += 2
    assert (run.hands, list(run.by_depth)) == (hands, depths)
    for b, bet_run in enumerate(run.runs):
        assert (bet_run.positive, bet_run.best_ev, bet_run.triggered) == (
            positive[b],
            best[b],
            triggered[b],
        )
        assert list(bet_run.by_depth) == by_depth[b]
        assert bet_run.ev_sum == pytest.approx(sums[b], abs=1e-12)
    assert run.runs[0].triggered > 0


def test_a_seed_gives_the_same_shoes_and_another_seed_others() -> None:
    def run(seed: int) -> tuple[float, ...]:
        dealt = deal_shoes(
            Shoe.from_decks(1), DragonTigerRules(), BETS[4:5], [(None, None)], shoes=2, seed=seed
        )
        return dealt.runs[0].perfect

    assert run(1) == run(1) != run(2)


# -- golden documents --------------------------------------------------------------------


def test_the_8_deck_document_holds_the_published_edges() -> None:
    document = json.loads((GOLDEN / "dragon-tiger-odds-8-decks.json").read_text(encoding="utf-8"))
    edges = {name: Fraction(bet["house_edge"]) for name, bet in document["bets"].items()}
    assert _pct(edges["dragon"]) == "3.73" and _pct(edges["tie"]) == "32.77"
    assert _pct(edges["suited-tie"]) == "13.98" and _pct(edges["dragon-big"]) == "7.69"
    assert document["bets"]["suited-tie"]["lines"][0]["probability"] == str(Fraction(1_456, 86_320))


def test_the_depleted_document_is_the_reference_for_the_bets_on_ranks() -> None:
    """2 decks less three aces of unknown suit, Ks, a 7 and Qh: the bets that suits do not
    decide, by the reference over every ordered pair (the aces' suits cannot matter to them)."""
    document = json.loads(
        (GOLDEN / "dragon-tiger-odds-2-decks-depleted.json").read_text(encoding="utf-8")
    )
    cards: list[PhysicalCard] = [
        (r, s) for r in range(1, 14) for s in SUIT_LETTERS for _ in range(2)
    ]
    for gone in [(1, "s"), (1, "h"), (1, "d"), (13, "s"), (7, "c"), (12, "h")]:
        cards.remove(gone)
    bets = ("dragon", "tie", "dragon-big", "tiger-odd")
    found = expected_values(cards, {}, bets, tie_pays=Fraction(11))
    assert {bet: Fraction(document["bets"][bet]["ev"]) for bet in bets} == found


def test_the_eor_document_is_the_reference_less_each_rank() -> None:
    document = json.loads((GOLDEN / "dragon-tiger-eor-12-cards.json").read_text(encoding="utf-8"))
    start = ["As", "Ah", "2s", "2d", "7s", "7c", "Ks", "Ks", "Kh", "Kd", "Qc", "5h", "9s"]
    cards = [(RANK_SYMBOLS.index(text[0]) + 1, text[1]) for text in start]
    bets = tuple(document["bets"])
    base = expected_values(cards, {13: 1}, bets)
    for rank in {r for r, _ in cards}:
        less = expected_values(
            cards, {13: 1 + (rank == 13)} | ({rank: 1} if rank != 13 else {}), bets
        )
        for bet in bets:
            effect = document["bets"][bet]["effects"][RANK_SYMBOLS[rank - 1]]["effect"]
            assert Fraction(effect) == less[bet] - base[bet]
        assert all(Fraction(document["bets"][bet]["weighted_sum"]) == 0 for bet in bets)


# -- the command line --------------------------------------------------------------------


def test_odds_request_records_the_bets_left_out() -> None:
    document = DragonTigerOddsRequest(shoe=ShoeInput(counts="A=3,K=4,7=2")).run().document()
    assert document is not None
    assert "suited-tie" in document["left_out"] and "dragon" in document["bets"]
    assert "dragon-red" not in document["bets"] and "dragon-big" in document["bets"]


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "--decks", "1", "--remove", "K 7s"],
        ["eor", "--decks", "1", "--only", "tiger-big", "--count-system", "8:-1,A:1"],
        ["simulate", "--decks", "1", "--shoes", "2", "--only", "tie"],
    ],
)
def test_each_command_answers(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run_main(capsys, "dragon-tiger", *args)
    assert (code, err) == (0, "")
    assert out.startswith("Dragon Tiger")
    code, out, _ = run_main(capsys, "dragon-tiger", *args, "--format", "json")
    assert code == 0 and json.loads(out)["kind"] == f"dragon-tiger {args[0]}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "--only", "dragon-7"], "no Dragon Tiger bet 'dragon-7'"),
        (["odds", "--tie-pays", "x"], "--tie-pays must be a number"),
        (["odds", "--tie-loses", "3"], "--tie-loses must be between 0 and 1"),
        (["odds", "--counts", "A=3", "--only", "suited-tie"], "suited-tie depends on suits"),
        (["odds", "--counts", "A=1"], "needs at least 2 cards"),
        (["eor", "--count-system", "Z:1"], "unknown rank 'Z'"),
        (["eor", "--count-system", "A:x"], "expected RANK:TAG"),
        (["eor", "--counts", "A=2"], "at least 3 cards"),
        (["simulate", "--burn", "x"], "--burn takes standard, none or a number"),
        (["simulate", "--counts", "A=3,K=3"], "simulate deals physical cards"),
        (["simulate", "--decks", "1", "--cut-card", "60"], "leave no hand to deal"),
        (["simulate", "--threshold", "abc"], "--threshold must be a number"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "dragon-tiger", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("Error: ") and message in err
