"""The planning figures and ramps as ``simulate`` and ``blackjack counting`` use them: a
ramp only on the bets it names, a scheme that never bets saying so, the planning table
tied to the economics it comes from, the optimal and chip-rounded ramps of a run, and
the refusals. Small shoes and few of them: the formulas are checked in test_planning."""

from __future__ import annotations

import functools
import math
from typing import Any

import pytest

from baccarat_exact.commands.base import Context
from baccarat_exact.commands.blackjack import BlackjackCountingRequest
from baccarat_exact.commands.blackjack.inputs import BlackjackRulesInput
from baccarat_exact.commands.inputs import BetsInput, ShoeInput
from baccarat_exact.commands.simulate import SimulateRequest
from baccarat_exact.errors import BaccaratError
from tests.cli_runner import run_main


@functools.cache
def _simulated() -> dict[str, Any]:
    """One deck, a side bet, a ramp, Kelly and the optimal ramp on 5-unit chips."""
    request = SimulateRequest(
        shoe=ShoeInput(decks=1),
        bets=BetsInput(names=("dragon-7",)),
        shoes=30,
        seed=5,
        ramp="1:5,3:10",
        kelly="400",
        max_bet=20,
        optimal_ror="20%",
        chips="5,25",
        trip_hours="3",
        goal="50",
        bankroll="300",
    )
    return request.run().document()


def test_a_ramp_and_the_kelly_and_optimal_ramps_play_only_the_side_bet() -> None:
    rows = _simulated()["economics"]
    ramped = {
        (r["bet"], r["betting"]) for r in rows if r["betting"] in ("ramp", "kelly", "optimal")
    }
    assert ramped == {("dragon-7", "ramp"), ("dragon-7", "kelly"), ("dragon-7", "optimal")}
    assert {r["bet"] for r in _simulated()["tables"]["ramps"]} == {"dragon-7"}
    # the flat and perfect-information bets stay on every bet
    assert {r["bet"] for r in rows if r["betting"] == "flat"} == {
        "banker",
        "player",
        "tie",
        "dragon-7",
    }


def test_a_scheme_that_never_bets_says_so_instead_of_a_certain_ruin() -> None:
    document = _simulated()
    never = [r for r in document["economics"] if r["bet_per_hand_bet_float"] is None]
    assert never, "the run has a scheme that bets nothing (the main bets' flat counts)"
    for row in never:
        assert row["never_bets"] is True and row["risk_of_ruin_float"] is None
    for row in document["economics"]:
        if row["bet_per_hand_bet_float"] is not None:
            assert row["never_bets"] is False and row["risk_of_ruin_float"] is not None
    risk = {(r["bet"], r["count"], r["betting"].lower()): r for r in document["tables"]["risk"]}
    for row in never:
        shown = risk[(row["bet"], row["count"] or "", row["betting"])]
        assert shown["risk_of_ruin_float"] is None


def test_the_planning_figures_follow_from_the_economics() -> None:
    """DI² = SCORE, N0 hours × hands an hour = N0, trip ruin below the ruin without end."""
    document = _simulated()
    hourly = document["hands_per_hour"]
    for row in document["economics"]:
        if row["never_bets"]:
            continue
        di = row["di_float"]
        if di > 0:
            assert di * di == pytest.approx(row["score_float"], rel=1e-9)
            assert row["n0_hours_float"] * hourly == pytest.approx(row["n0_float"], rel=1e-9)
        assert 0 <= row["trip_ruin_float"] <= 1
        assert row["goal_float"] + row["goal_ruin_float"] <= 1 + 1e-12
    assert [r["bet"] for r in document["tables"]["planning"]] == [
        r["bet"] for r in document["economics"]
    ]


def test_the_optimal_and_kelly_ramps_bet_what_the_chips_make_and_never_fall() -> None:
    for row in _simulated()["economics"]:
        if row["betting"] not in ("kelly", "optimal") or row["ramp"] == "none":
            continue
        bets = [int(step.split(":")[1]) for step in row["ramp"].split(",")]
        assert all(bet % 5 == 0 for bet in bets), row["ramp"]
        if row["betting"] == "optimal":
            assert bets == sorted(bets) and max(bets) <= 20


def test_blackjack_counting_plans_and_bets_an_optimal_ramp() -> None:
    request = BlackjackCountingRequest(
        rules=BlackjackRulesInput(ruleset="us", decks=2),
        shoes=40,
        seed=2,
        ramp="1:2,2:4",
        optimal_ror="10%",
        max_bet=12,
        chips="2,5",
        trip_hours="5",
        goal="200",
    )
    result = request.compute(Context())
    optimal = result.strategies[-1]
    assert optimal.name == "optimal 10% RoR"
    bets = [optimal.ramp.minimum, *(units for _, units in optimal.ramp.steps)]
    assert bets == sorted(bets) and bets[0] >= 2 and max(bets) <= 12
    assert all(bet in (2, 4, 5, 6, 7, 8, 9, 10, 11, 12) for bet in bets)
    planning = request.report(result).document()["tables"]["planning"]  # type: ignore[index]
    assert [row["betting"] for row in planning] == [st.name for st in result.strategies]
    for row, st in zip(planning, result.strategies, strict=True):
        assert row["di_float"] == pytest.approx(
            1000 * st.won_per_100.value / 100 / (st.sd_per_100.value / 10), rel=1e-9
        )
        assert math.isfinite(row["ce_per_hour_float"])


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"ramp": "2:3", "chips": "5"}, "chips 5 cannot make"),
        ({"chips": "5"}, "--chips makes the bets of a ramp"),
        ({"optimal_ror": "5%"}, "--optimal-ror RISK needs --max-bet"),
        ({"optimal_ror": "1.5", "max_bet": 4}, "--optimal-ror must be a risk"),
        ({"trip_hours": "0"}, "--trip-hours must be a positive"),
        ({"goal": "-3"}, "--goal must be a positive"),
        ({"fast": True, "optimal_ror": "5%", "max_bet": 4}, "--optimal-ror sets bets"),
    ],
)
def test_what_cannot_be_planned_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        SimulateRequest(shoe=ShoeInput(decks=1), shoes=2, **fields).settings()


def test_the_command_line_refuses_a_ramp_the_chips_cannot_make_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run_main(
        capsys, "simulate", "--decks", "1", "--shoes", "2", "--ramp", "2:3", "--chips", "5,25"
    )
    assert code == 2
    assert err.strip().splitlines()[-1].endswith("cannot make (nearest: 5)")
    code, _, err = run_main(
        capsys, "blackjack", "counting", "--shoes", "2", "--ramp", "1:3", "--chips", "2"
    )
    assert code == 2 and "cannot make (nearest: 2)" in err
    code, _, err = run_main(capsys, "blackjack", "counting", "--shoes", "2", "--chips", "5")
    assert code == 2 and "--chips makes the bets of a ramp" in err
