"""Bets on the ranks of any dealt card and on poker-style patterns: the published Lucky Match
figures, and random bets against dealing every physical card of small shoes."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.analysis.grid import grid
from baccarat_exact.errors import BetsFileError, RulesError
from baccarat_exact.model.cards import RANKS, Card
from baccarat_exact.model.custom_bets import parse_bets, read_bets_file
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds, price_batch
from tests.reference_rounds import DealtRound, dealt_rounds, matches_seen
from tests.test_seen import shoes_and_seen

LUCKY_MATCH = "docs/examples/lucky-match.toml"

# Wizard of Odds, "Lucky Match" (https://wizardofodds.com/games/baccarat/side-bets/lucky-match/),
# return table for 8 decks: combinations of each pay line out of 4,998,398,275,503,360. The page
# prints the loser line as 4,351,974,838,370,300, the exact difference rounded to 15 digits.
LUCKY_MATCH_COMBINATIONS = {
    "five or six of a kind": 356_942_987_520,
    "double triplets": 616_417_689_600,
    "four of a kind": 12_273_961_559_040,
    "full house": 40_022_630_768_640,
    "three of a kind": 207_858_985_697_280,
    "two or three pairs": 385_294_498_430_976,
}
SIX_CARD_SEQUENCES_8_DECKS = 4_998_398_275_503_360
LUCKY_MATCH_HOUSE_EDGE = "8.89%"  # the same page, rounded


def test_lucky_match_is_the_published_table() -> None:
    (bet, _) = read_bets_file(LUCKY_MATCH)
    result = odds(Shoe.from_decks(8), bets=[bet.bet]).bet("lucky-match")
    counts = dict(zip((line.name for line in bet.bet.lines), result.line_counts))
    loser = counts.pop("lose")
    assert counts == LUCKY_MATCH_COMBINATIONS
    assert result.denominator == SIX_CARD_SEQUENCES_8_DECKS
    assert loser == SIX_CARD_SEQUENCES_8_DECKS - sum(LUCKY_MATCH_COMBINATIONS.values())
    assert f"{float(-result.ev):.2%}" == LUCKY_MATCH_HOUSE_EDGE


# -- an independent reading of the patterns, card by card ------------------------------


def _shows(ranks: list[int], pattern: str) -> bool:
    held = [*sorted(Counter(ranks).values(), reverse=True), 0, 0, 0]
    if pattern == "straight":
        if len(set(ranks)) != len(ranks) or len(ranks) < 2:
            return False
        low = sorted(ranks)
        high = sorted(13 if r == 0 else r for r in ranks)
        return any(s[-1] - s[0] == len(s) - 1 for s in (low, high))
    need = {
        "pair": (2,),
        "two pair": (2, 2),
        "three pairs": (2, 2, 2),
        "three of a kind": (3,),
        "four of a kind": (4,),
        "five of a kind": (5,),
        "six of a kind": (6,),
        "full house": (3, 2),
        "double triplets": (3, 3),
        "same rank": None,
    }[pattern]
    if need is None:
        return len(set(ranks)) == 1
    return all(h >= n for h, n in zip(held, need))


POSITIONS = ("P1", "P2", "P3", "B1", "B2", "B3")
PATTERN_NAMES = (
    "pair",
    "two pair",
    "three of a kind",
    "full house",
    "straight",
    "same rank",
    "four of a kind",
)


def _cards(r: DealtRound) -> dict[str, int | None]:
    hands = {"P": r.player, "B": r.banker}
    return {
        p: hands[p[0]][int(p[1]) - 1].rank.ordinal if int(p[1]) <= len(hands[p[0]]) else None
        for p in POSITIONS
    }


@st.composite
def card_lines(draw: st.DrawFn) -> list[tuple[str, dict[str, object]]]:
    """A few pay lines, each one random card condition (TOML text, and how to test it)."""
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["rank", "hand", "set"]))
        if kind == "rank":
            position = draw(st.sampled_from(POSITIONS))
            ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=4, unique=True))
            names = ", ".join(f'"{RANKS[r].value}"' for r in ranks)
            lines.append((f"{position} = [{names}]", {"position": position, "ranks": set(ranks)}))
        else:
            pattern = draw(st.sampled_from(PATTERN_NAMES))
            if kind == "hand":
                key = draw(
                    st.sampled_from(["player_cards_show", "banker_cards_show", "all_cards_show"])
                )
                of = {"player_cards_show": POSITIONS[:3], "banker_cards_show": POSITIONS[3:]}.get(
                    key, POSITIONS
                )
                lines.append((f'{key} = "{pattern}"', {"of": of, "pattern": pattern}))
            else:
                of = draw(st.lists(st.sampled_from(POSITIONS), min_size=2, max_size=4, unique=True))
                listed = ", ".join(f'"{p}"' for p in of)
                text = f'cards_show = "{pattern}", of = [{listed}]'
                lines.append((text, {"of": tuple(of), "pattern": pattern}))
    return lines


def _matches(test: dict[str, object], cards: dict[str, int | None]) -> bool:
    if "ranks" in test:
        return cards[str(test["position"])] in test["ranks"]  # type: ignore[operator]
    dealt = [cards[p] for p in test["of"] if cards[p] is not None]  # type: ignore[attr-defined]
    return _shows(dealt, str(test["pattern"]))  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(shoes_and_seen(), card_lines())
def test_card_bets_agree_with_dealing_every_card_before_and_during_the_round(
    case: tuple[Shoe, Seen], lines: list[tuple[str, dict[str, object]]]
) -> None:
    shoe, seen = case
    text = '[[bet]]\nname = "cards"\n' + "".join(
        f'[[bet.line]]\nname = "line {i}"\npays = {i + 1}\nwhen = {{ {when} }}\n'
        for i, (when, _) in enumerate(lines)
    )
    (bet,) = parse_bets(text)
    result = odds(shoe, bets=[bet.bet]).bet("cards")
    in_progress = odds(shoe, bets=[bet.bet], seen=seen).bet("cards")
    expected = [Fraction(0)] * (len(lines) + 1)
    given = [Fraction(0)] * (len(lines) + 1)
    for r in dealt_rounds(shoe):
        cards = _cards(r)
        line = next((i for i, (_, t) in enumerate(lines) if _matches(t, cards)), len(lines))
        expected[line] += r.probability
        if matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker):
            given[line] += r.probability
    assert [p for _, _, p in result.lines] == expected
    assert [p for _, _, p in in_progress.lines] == [p / sum(given) for p in given]
    # counted in the same units as the round's other figures (sequences as seen)
    assert in_progress.denominator == odds(shoe, seen=seen).denominator


@pytest.mark.parametrize("seen", [Seen(), Seen.parse("? 5", "K")])
def test_a_combined_stake_with_a_card_bet_is_the_brute_force(seen: Seen) -> None:
    shoe = Shoe.from_counts({"A": 2, "K": 3, "5": 2, "4": 2})
    (bet,) = parse_bets(
        '[[bet]]\nname = "trips"\n[[bet.line]]\npays = 20\nwhen = { all_cards_show = "three of a kind" }'
    )
    result = odds(shoe, bets=[bet.bet, odds(shoe).bets[0].bet], seen=seen)  # trips and banker
    combination = result.combination({"trips": 1, "banker": 2})
    found: dict[Fraction, Fraction] = {}
    for r in dealt_rounds(Shoe.from_suits([[n, 0, 0, 0] for n in shoe.counts])):
        if not (matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker)):
            continue
        ranks = [c.rank.ordinal for c in (*r.player, *r.banker)]
        trips = 20 if _shows(ranks, "three of a kind") else -1
        player, banker = r.totals()
        pays = Fraction(19, 10) if banker > player else 0 if banker == player else -2
        net = trips + pays
        found[net] = found.get(net, Fraction(0)) + r.probability
    total = sum(found.values())
    assert dict(combination.distribution) == {net: p / total for net, p in found.items()}


@pytest.mark.parametrize(
    ("when", "message"),
    [
        ('P1 = "X"', "P1: unknown card 'X'"),
        (
            'all_cards_show = "flushy"',
            "all_cards_show: unknown pattern 'flushy'; did you mean flush",
        ),
        ("all_cards_show = 3", "all_cards_show must be a pattern or a list of them, got 3"),
        ('cards_show = "pair"', "cards_show and of go together"),
        ('cards_show = "pair", of = ["P9"]', "of must list cards"),
        ('P1 = "K", player_suited_pair = true', "tells suited pairs apart"),
    ],
)
def test_bad_card_conditions(when: str, message: str) -> None:
    text = f'[[bet]]\nname = "x"\n[[bet.line]]\npays = 2\nwhen = {{ {when} }}'
    with pytest.raises(BetsFileError, match=message):
        parse_bets(text, "x.toml")


def test_card_bets_are_priced_by_odds_only() -> None:
    (bet, _) = read_bets_file(LUCKY_MATCH)
    with pytest.raises(RulesError, match="lucky-match looks at the ranks of the cards dealt"):
        price_batch([Shoe.from_decks(1).counts], bets=[bet.bet])
    with pytest.raises(RulesError, match="grid prices bets on totals and pairs only"):
        grid(Shoe.from_decks(8), "natural", bets=[bet.bet])


# -- suits: flush patterns against every physical card -----------------------------------

SUIT_SETS = {
    "player_cards_show": (0, 1, 2),
    "banker_cards_show": (3, 4, 5),
    "all_cards_show": (0, 1, 2, 3, 4, 5),
}


def _shows_cards(cards: list[Card], pattern: str) -> bool:
    """A pattern of physical cards, suits included, read independently of the tool."""
    ranks = [c.rank.ordinal for c in cards]
    one_suit = len({c.suit for c in cards}) == 1
    if pattern in ("flush", "same suit"):
        return one_suit
    if pattern == "straight flush":
        return one_suit and _shows(ranks, "straight")
    return _shows(ranks, pattern)


def _suited_brute_force(
    shoe: Shoe, key: str, patterns: list[str], seen: Seen | None = None
) -> list[Fraction]:
    """Each line's probability: line i pays when the cards of ``key`` show patterns[i]
    (with ``seen``: each line's share of the rounds that agree with it, not normalised)."""
    found = [Fraction(0)] * (len(patterns) + 1)
    for r in dealt_rounds(shoe):
        if seen and not (
            matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker)
        ):
            continue
        laid = [*r.player, *([None] * (3 - len(r.player))), *r.banker]
        laid += [None] * (6 - len(laid))
        cards = [laid[p] for p in SUIT_SETS[key] if laid[p] is not None]
        line = next((i for i, p in enumerate(patterns) if _shows_cards(cards, p)), len(patterns))
        found[line] += r.probability
    return found


def _suited_bet(key: str, patterns: list[str]) -> str:
    return '[[bet]]\nname = "suits"\n' + "".join(
        f'[[bet.line]]\nname = "line {i}"\npays = {i + 1}\nwhen = {{ {key} = "{p}" }}\n'
        for i, p in enumerate(patterns)
    )


@settings(max_examples=15, deadline=None)
@given(
    shoes_and_seen(),
    st.sampled_from(sorted(SUIT_SETS)),
    st.lists(
        st.sampled_from(["flush", "straight flush", "same suit", "pair", "straight"]),
        min_size=1,
        max_size=3,
    ),
)
def test_flush_patterns_agree_with_dealing_every_card(
    case: tuple[Shoe, Seen], key: str, patterns: list[str]
) -> None:
    shoe, seen = case
    (bet,) = parse_bets(_suited_bet(key, patterns))
    result = odds(shoe, bets=[bet.bet]).bet("suits")
    assert [p for _, _, p in result.lines] == _suited_brute_force(shoe, key, patterns)
    in_progress = odds(shoe, bets=[bet.bet], seen=seen).bet("suits")
    given = _suited_brute_force(shoe, key, patterns, seen)
    assert [p for _, _, p in in_progress.lines] == [p / sum(given) for p in given]
    assert in_progress.denominator == odds(shoe, seen=seen).denominator * in_progress.weight


def _eleven_cards() -> list[list[int]]:
    """Suit counts (s h d c) per rank of a small shoe: aces, fives, sevens and kings."""
    rows = [[0, 0, 0, 0] for _ in range(13)]
    for rank, suits in (
        (0, (2, 1, 0, 0)),
        (4, (1, 1, 1, 0)),
        (12, (1, 2, 0, 1)),
        (6, (0, 1, 1, 0)),
    ):
        rows[rank] = list(suits)
    return rows


def test_flush_with_cards_of_unknown_suit_out_averages_over_which_left() -> None:
    rows = _eleven_cards()
    full = Shoe.from_suits(rows)
    patterns = ["straight flush", "flush", "pair"]
    (bet,) = parse_bets(_suited_bet("player_cards_show", patterns))
    result = odds(full.remove("K"), bets=[bet.bet]).bet("suits")  # a king of unknown suit out
    expected = [Fraction(0)] * (len(patterns) + 1)
    kings = rows[12]
    for suit, n in enumerate(kings):
        if n:
            left = [list(row) for row in rows]
            left[12][suit] -= 1
            share = Fraction(n, sum(kings))  # each king equally likely to be the one out
            for i, p in enumerate(
                _suited_brute_force(Shoe.from_suits(left), "player_cards_show", patterns)
            ):
                expected[i] += share * p
    assert [p for _, _, p in result.lines] == expected


_TWO_SUIT_CONDITIONS = (
    '[[bet]]\nname = "two"\n'
    '[[bet.line]]\npays = 3\nwhen = { player_cards_show = "flush" }\n'
    '[[bet.line]]\npays = 2\nwhen = { banker_cards_show = "flush" }\n'
)


@pytest.mark.parametrize(
    ("shoe", "text", "seen", "message"),
    [
        (Shoe.from_decks(1), _TWO_SUIT_CONDITIONS, None, "one condition on suits is priced"),
        (
            Shoe.from_counts({"A": 4, "K": 5}),
            _suited_bet("player_cards_show", ["flush"]),
            None,
            "unknown for A K",
        ),
    ],
)
def test_suit_bets_that_cannot_be_priced_say_why(
    shoe: Shoe, text: str, seen: Seen | None, message: str
) -> None:
    (bet,) = parse_bets(text)
    with pytest.raises(RulesError, match=message):
        odds(shoe, bets=[bet.bet], seen=seen)


def test_bets_asking_different_suits_are_priced_together_as_each_alone() -> None:
    """Each bet's condition on suits splits the rounds on its own: pricing a flush of the
    Player's cards beside a flush of the Banker's gives each what it gets alone."""
    shoe = Shoe.from_suits(_eleven_cards())
    player, banker = (
        parse_bets(_suited_bet(key, ["flush"]).replace('"suits"', f'"{key[:6]}-flush"'))[0].bet
        for key in ("player_cards_show", "banker_cards_show")
    )
    together = odds(shoe, bets=[player, banker])
    for bet in (player, banker):
        assert together.bet(bet.name).lines == odds(shoe, bets=[bet]).bet(bet.name).lines


@pytest.mark.parametrize("seen", [Seen(), Seen.parse("? 5", "Kh")])
def test_a_combined_stake_with_a_suit_bet_is_the_brute_force(seen: Seen) -> None:
    shoe = Shoe.from_suits(_eleven_cards())
    (bet,) = parse_bets(_suited_bet("player_cards_show", ["straight flush", "flush", "pair"]))
    result = odds(shoe, bets=[bet.bet, odds(shoe).bets[0].bet], seen=seen)  # suits and banker
    combination = result.combination({"suits": 2, "banker": 1})
    found: dict[Fraction, Fraction] = {}
    patterns = ["straight flush", "flush", "pair"]
    for r in dealt_rounds(shoe):
        if not (matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker)):
            continue
        line = next(
            (i for i, p in enumerate(patterns) if _shows_cards(list(r.player), p)), len(patterns)
        )
        suits = 2 * (line + 1 if line < len(patterns) else -1)
        player, banker = r.totals()
        pays = Fraction(19, 20) if banker > player else 0 if banker == player else -1
        net = suits + pays
        found[net] = found.get(net, Fraction(0)) + r.probability
    total = sum(found.values())
    assert dict(combination.distribution) == {net: p / total for net, p in found.items() if p}


def test_three_cards_always_dealt_are_a_three_card_poker_hand() -> None:
    # Three of the first four cards are a random three-card hand: Three Card Poker's Pair
    # Plus counts out of the 22,100 hands of one deck (John Grochowski, "Three Card Poker,
    # video roulette and blackjack", Casino City Times, 2015:
    # https://www.casinocitytimes.com/john-grochowski/article/three-card-poker-video-roulette-and-blackjack-64175
    # — 48 straight flushes, 720 straights and 1,096 flushes; 52 three of a kind and 3,744
    # pairs are the standard Pair Plus table, e.g. the Wizard of Odds' Three Card Poker page).
    patterns = ["straight flush", "three of a kind", "straight", "flush", "pair"]
    text = '[[bet]]\nname = "pair-plus"\n' + "".join(
        f'[[bet.line]]\nname = "{p}"\npays = 1\n'
        f'when = {{ cards_show = "{p}", of = ["P1", "P2", "B1"] }}\n'
        for p in patterns
    )
    (bet,) = parse_bets(text)
    result = odds(Shoe.from_decks(1), bets=[bet.bet]).bet("pair-plus")
    hands = [48, 52, 720, 1096, 3744]
    assert [p for _, _, p in result.lines] == [
        *(Fraction(n, 22100) for n in hands),
        Fraction(22100 - sum(hands), 22100),
    ]


@settings(max_examples=15, deadline=None)
@given(
    shoes_and_seen(),
    st.sampled_from(POSITIONS),
    st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True),
    st.lists(st.integers(0, 12), min_size=1, max_size=6, unique=True),
)
def test_the_suit_of_one_card_agrees_with_dealing_every_card(
    case: tuple[Shoe, Seen], position: str, suits: list[int], ranks: list[int]
) -> None:
    """Line 1: the card is of one of ``ranks`` and ``suits``; line 2: of those suits."""
    shoe, seen = case
    letters = ", ".join(f'"{"shdc"[s]}"' for s in suits)
    names = ", ".join(f'"{RANKS[r].value}"' for r in ranks)
    text = (
        '[[bet]]\nname = "suit"\n'
        f"[[bet.line]]\npays = 5\nwhen = {{ {position} = [{names}], {position}_suit = [{letters}] }}\n"
        f"[[bet.line]]\npays = 1\nwhen = {{ {position}_suit = [{letters}] }}\n"
    )
    (bet,) = parse_bets(text)
    for known in (None, seen):
        result = odds(shoe, bets=[bet.bet], seen=known).bet("suit")
        expected = [Fraction(0)] * 3
        for r in dealt_rounds(shoe):
            if known and not (
                matches_seen(r.player, known.player) and matches_seen(r.banker, known.banker)
            ):
                continue
            hand = r.player if position[0] == "P" else r.banker
            index = int(position[1]) - 1
            card = hand[index] if index < len(hand) else None
            suited = card is not None and card.suit is not None and card.suit.ordinal in suits
            line = 0 if suited and card and card.rank.ordinal in ranks else 1 if suited else 2
            expected[line] += r.probability
        assert [p for _, _, p in result.lines] == [p / sum(expected) for p in expected]


def test_an_infinite_shoe_deals_a_suit_a_quarter_of_the_time() -> None:
    # with replacement every card is one of four suits alike: the Player's first two cards
    # are of one suit with chance 1/4, and P1 is a heart with chance 1/4 (identities)
    two = parse_bets(
        '[[bet]]\nname = "two"\n[[bet.line]]\npays = 3\nwhen = { cards_show = "flush", of = ["P1", "P2"] }'
    )[0]
    heart = parse_bets('[[bet]]\nname = "heart"\n[[bet.line]]\npays = 3\nwhen = { P1_suit = "h" }')[
        0
    ]
    for bet in (two, heart):
        result = odds(Shoe.infinite_shoe(), bets=[bet.bet]).bet(bet.bet.name)
        assert result.win == Fraction(1, 4)


@pytest.mark.parametrize(
    "args",
    [
        ["formula"],
        ["breakeven", "--decks", "d"],
        ["grid"],
        ["grid", "--rows", "natural", "--player", "K"],
    ],
    ids=" ".join,
)
def test_commands_that_cannot_price_card_bets_say_so_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    from tests.cli_runner import run_main

    code, out, err = run_main(capsys, *args, "--bets-file", str(LUCKY_MATCH))
    assert code == 2 and not out and len(err.splitlines()) == 1
    assert err.startswith(
        "Error: lucky-match, player-three-card-poker look at the ranks of the cards dealt: "
    )
    assert "(odds prices every bet)" in err


@pytest.mark.parametrize(
    "args",
    [["breakeven", "--decks", "8"], ["compare", "--decks", "8"], ["bets"]],
    ids=" ".join,
)
def test_commands_built_on_odds_price_card_bets_as_odds_does(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    import json

    from tests.cli_runner import run_main

    _, out, _ = run_main(
        capsys, "odds", "--decks", "8", "--bets-file", str(LUCKY_MATCH), "-f", "json"
    )
    ev = json.loads(out)["bets"]["lucky-match"]["ev"]
    code, out, _ = run_main(capsys, *args, "--bets-file", str(LUCKY_MATCH), "-f", "json")
    document = json.loads(out)
    assert not code
    if args[0] == "breakeven":
        assert document["bets"]["lucky-match"]["ev"] == ev
    elif args[0] == "compare":
        edge = document["cases"][0]["bets"]["lucky-match"]["house_edge"]
        assert Fraction(edge) == -Fraction(ev)
    else:
        (entry,) = (bet for bet in document["bets"] if bet["name"] == "lucky-match")
        assert Fraction(entry["house_edge"]) == -Fraction(ev)
