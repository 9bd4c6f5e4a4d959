"""``dragon-tiger simulate`` with a betting plan: ramps on the bets they name, the
economics of a tiny run replayed by hand (the reference settles each hand, ``odds``
prices it), the same bytes at any ``--jobs``, and bad betting input."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import numpy as np
import pytest

from baccarat_exact.analysis.dragon_tiger.eor import parse_rank_tags
from baccarat_exact.analysis.dragon_tiger.game import (
    BETS,
    DragonTigerRules,
    dragon_tiger_odds,
    find_bets,
    payout,
)
from baccarat_exact.analysis.dragon_tiger.simulate import shuffled
from baccarat_exact.commands.base import Context
from baccarat_exact.commands.dragon_tiger import (
    DragonTigerSimulateRequest,
    FastResult,
    SimulationResult,
)
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.model.cards import RANKS
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main
from tests.dragon_tiger_reference import SUIT_LETTERS
from tests.dragon_tiger_reference import settle as reference_settle

ONE_DECK = ShoeInput(decks=1)
LOW_HIGH = "A:1,2:1,3:1,4:1,5:1,6:1,8:-1,9:-1,T:-1,J:-1,Q:-1,K:-1"
"""A balanced count for the bets on one card's rank: small cards out, the Big gains."""


def test_payout_is_the_reference_for_every_bet_and_pair() -> None:
    cards = [(r, s) for r in range(13) for s in range(4)]
    pairs = [(d, t) for d in cards[::3] for t in cards[1::2]]
    rules = DragonTigerRules()
    for bet in BETS:
        for (dr, ds), (tr, ts) in pairs:
            dragon, tiger = (dr + 1, SUIT_LETTERS[ds]), (tr + 1, SUIT_LETTERS[ts])
            assert payout(bet, rules, (dr, ds), (tr, ts)) == reference_settle(
                bet.name, dragon, tiger
            ), (bet.name, dragon, tiger)


def _strategies(request: DragonTigerSimulateRequest) -> set[tuple[str, str | None, str]]:
    result = request.compute(Context())
    played = result.dealt.played
    assert played is not None
    return {(row.bet, row.count, row.strategy.kind) for row in played.economics}


def test_a_ramp_is_played_on_the_bet_it_names_only() -> None:
    named = DragonTigerSimulateRequest(
        shoe=ONE_DECK, bets=("dragon-big", "tiger-big"), shoes=2, ramp="dragon-big=2:1,4:3"
    )
    ramped = {bet for bet, _, kind in _strategies(named) if kind == "ramp"}
    assert ramped == {"dragon-big"}
    # steps alone: on the side bets beside the main bets, on the main bets alone
    mixed = DragonTigerSimulateRequest(
        shoe=ONE_DECK, bets=("dragon", "tie", "dragon-big"), shoes=2, ramp="2:1"
    )
    assert {bet for bet, _, kind in _strategies(mixed) if kind == "ramp"} == {"dragon-big"}
    main = DragonTigerSimulateRequest(shoe=ONE_DECK, bets=("dragon", "tie"), shoes=2, ramp="2:1")
    assert {bet for bet, _, kind in _strategies(main) if kind == "ramp"} == {"dragon", "tie"}


def test_the_economics_of_a_tiny_run_are_its_hands_replayed() -> None:
    """Three shoes of one deck, a ramp by a balanced count on the Dragon Big: each hand
    priced by ``dragon_tiger_odds`` on the cards left, settled by the reference, the
    units bet from the true count (running count · 52 / cards left); the won per shoe
    (exact EVs), as dealt, and hands and units bet are those sums over shoes."""
    steps = ((2.0, 1), (4.0, 3))
    request = DragonTigerSimulateRequest(
        shoe=ONE_DECK,
        bets=("dragon-big",),
        shoes=3,
        seed=11,
        cut_card=12,
        count_tags=LOW_HIGH,
        ramp="2:1,4:3",
    )
    played = request.compute(Context()).dealt.played
    assert played is not None
    (row,) = [r for r in played.economics if r.strategy.kind == "ramp"]
    count = parse_rank_tags(LOW_HIGH)
    bet = find_bets(["dragon-big"])
    shoe = Shoe.from_decks(1)
    cards = [(r, s) for r in range(13) for s in range(4)]
    expected, dealt, units_bet, hands_bet = [], [], [], []
    for number in range(3):
        deck = shuffled(cards, 11, number)
        seen: list[tuple[int, int]] = []
        ev_won = won = units_total = 0.0
        bets = 0
        while 52 - len(seen) > 13:  # a hand while more than the cut card's 12 (+1) are left
            left = shoe.remove(" ".join(f"{RANKS[r].value}{SUIT_LETTERS[s]}" for r, s in seen))
            true_count = sum(count.tags[r] for r, _ in seen) * 52 / left.cards
            units = next((u for tc, u in reversed(steps) if true_count >= tc), 0)
            (odds,) = dragon_tiger_odds(left, None, bet)
            (dr, ds), (tr, ts) = deck[len(seen)], deck[len(seen) + 1]
            outcome = reference_settle(
                "dragon-big", (dr + 1, SUIT_LETTERS[ds]), (tr + 1, SUIT_LETTERS[ts])
            )
            ev_won += units * float(odds.ev)
            won += units * float(outcome)
            units_total += units
            bets += units > 0
            seen += deck[len(seen) : len(seen) + 2]
        expected.append(ev_won)
        dealt.append(won)
        units_bet.append(units_total)
        hands_bet.append(bets)
    assert sum(hands_bet) > 0  # the ramp did bet
    assert row.won_per_shoe.value == pytest.approx(sum(expected) / 3, abs=1e-12)
    assert row.won_as_dealt.value == pytest.approx(sum(dealt) / 3, abs=1e-12)
    assert row.hands_bet_per_shoe.value == pytest.approx(sum(hands_bet) / 3, abs=1e-12)
    assert row.bet_per_hand_bet is not None
    assert row.bet_per_hand_bet.value == pytest.approx(sum(units_bet) / sum(hands_bet))


def test_jobs_give_the_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "dragon-tiger",
        "simulate",
        "--decks",
        "1",
        "--shoes",
        "30",
        "--seed",
        "4",
        "--only",
        "dragon-big",
        "--only",
        "tie",
        "--ramp",
        "dragon-big=1:1,3:2",
        "--compare-count",
        "low=A:1,2:1,3:1",
        "--format",
        "json",
    ]
    code, one, _ = run_main(capsys, *args)
    assert code == 0 and json.loads(one)["economics"]
    code, two, _ = run_main(capsys, *args, "--jobs", "2")
    assert (code, two) == (0, one)


def test_without_a_betting_option_the_request_and_report_are_as_before() -> None:
    request = DragonTigerSimulateRequest(shoe=ONE_DECK, bets=("tie",), shoes=1)
    assert "ramp" not in request.to_dict() and "bankroll" not in request.to_dict()
    document = request.run().document()
    assert "economics" not in document
    assert DragonTigerSimulateRequest.from_dict(request.to_dict()) == request
    assert request.to_dict()["bets"] == ["tie"] and Fraction(document["hands"]) > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--only", "tie", "--ramp", "dragon=2:1"], "--ramp names 'dragon', which is not a bet"),
        (["--kelly", "100"], "--kelly BANKROLL needs --max-bet N"),
        (["--compare-count", "A:1"], "--compare-count takes NAME=TAGS"),
        (["--compare-count", "derived=A:1"], "the name 'derived' is taken"),
        (["--wong-out", "2"], "--wong-out applies to a ramp"),
        (["--ramp-min", "1"], "--ramp-min is the bet below a ramp's first step"),
        (["--bankroll", "-5"], "--bankroll must be a positive"),
        (["--trip-hours", "0"], "--trip-hours must be a positive number"),
        (["--ramp", "2:5", "--chips", "2"], "which chips 2 cannot make"),
    ],
)
def test_bad_betting_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "dragon-tiger", "simulate", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("Error: ") and message in err


# -- --fast ------------------------------------------------------------------------------


@pytest.mark.parametrize("burn", ["none", "5"])
def test_fast_is_the_exact_mode_s_win_as_dealt_on_the_same_shoes(burn: str) -> None:
    """``--fast`` deals the exact mode's shoes and counts, bets and settles them with
    arrays instead of a loop over cards: each count's flat bet and ramp wins, as dealt,
    what the exact mode's strategies won as dealt, on the same hands (cards burned face
    down counted by neither)."""
    request = DragonTigerSimulateRequest(
        shoe=ShoeInput(decks=2),
        burn=burn,
        bets=("dragon-big", "tiger-small"),
        shoes=30,
        seed=8,
        ramp="dragon-big=1:1,3:3",
        compare_counts=("low=A:1,2:1,3:1,4:1",),
    )
    exact = request.compute(Context())
    fast = dataclasses.replace(request, fast=True).compute(Context())
    assert isinstance(exact, SimulationResult) and isinstance(fast, FastResult)
    played = exact.dealt.played
    assert played is not None
    as_dealt = {(row.bet, row.count, row.strategy.kind): row for row in played.economics}
    rows = fast.run.economics
    assert len(rows) == 6 and {row.strategy.kind for row in rows} == {"flat", "ramp"}
    for row in rows:
        other = as_dealt[row.bet, row.count, row.strategy.kind]
        assert row.won_per_shoe.value == pytest.approx(other.won_as_dealt.value, abs=1e-12)
        assert row.hands_bet_per_shoe.value == other.hands_bet_per_shoe.value
    assert any(row.hands_bet_per_shoe.value > 0 for row in rows)


def test_wonging_in_sits_out_until_the_true_count_reaches_it() -> None:

    from baccarat_exact.analysis.dragon_tiger.fast import _ramp_units
    from baccarat_exact.analysis.ramps import parse_ramp

    tc = np.array([[0.0, 3.0, 1.0, -1.0, 2.0, 0.5]])
    ramp = parse_ramp("1:1,3:2")
    assert _ramp_units(ramp, tc, 2.0, 0.0).tolist() == [[0.0, 2.0, 1.0, 0.0, 1.0, 0.0]]
    assert _ramp_units(ramp, tc, 2.0, None).tolist() == [[0.0, 2.0, 1.0, 0.0, 1.0, 0.0]]
    assert _ramp_units(parse_ramp("1:1", 0, 1.0), tc, None, 1.0).tolist() == [
        [0.0, 1.0, 1.0, 0.0, 1.0, 0.0]
    ]


def test_fast_jobs_give_the_same_bytes(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "dragon-tiger",
        "simulate",
        "--fast",
        "--decks",
        "1",
        "--shoes",
        "510",
        "--seed",
        "2",
        "--only",
        "dragon-big",
        "--ramp",
        "1:1,3:2",
        "--wong-in",
        "1",
        "--format",
        "json",
    ]
    code, one, _ = run_main(capsys, *args)
    assert code == 0 and json.loads(one)["mode"] == "fast"
    code, two, _ = run_main(capsys, *args, "--jobs", "2")
    assert (code, two) == (0, one)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--wong-in", "2", "--ramp", "2:1"], "--wong-in is played by --fast"),
        (["--fast", "--kelly", "100", "--max-bet", "5"], "--kelly sets bets from each hand's"),
        (["--fast", "--wong-in", "2"], "--wong-in applies to a ramp"),
        (["--fast", "--ramp", "1:1", "--wong-in", "1", "--wong-out", "2"], "must not be above"),
    ],
)
def test_bad_fast_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run_main(capsys, "dragon-tiger", "simulate", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("Error: ") and message in err


def test_a_long_run_is_announced_and_one_past_a_day_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As ``simulate``: the estimate (all 24 bets priced at each card) before the run."""
    note = DragonTigerSimulateRequest(shoes=20_000).long_run(jobs=1)
    assert note is not None and note.startswith("20,000 shoes take roughly")
    assert DragonTigerSimulateRequest(shoes=200).long_run(jobs=1) is None
    code, out, err = run_main(capsys, "dragon-tiger", "simulate", "--shoes", "100000000")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "past the day a run may take" in err
