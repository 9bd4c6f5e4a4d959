"""The report of ``baccarat-exact blackjack counting``: what each way of betting wins and
risks, the settings, the ramps and the index plays, and the JSON document."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from baccarat_exact.analysis.blackjack.counting import CountingResult, StrategyResult
from baccarat_exact.analysis.estimates import Estimate, estimate_cells
from baccarat_exact.blackjack.index_play import IndexPlay
from baccarat_exact.blackjack.true_count import Seating
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table
from baccarat_exact.report.planning import (
    NEVER_BETS,
    PLANNING_NOTES,
    Trip,
    planning_table,
)
from baccarat_exact.report.render import tables_document

__all__ = ["counting_report"]

_MOVES = {"S": "stand", "H": "hit", "D": "double", "P": "split", "R": "surrender"}
_UP = {1: "A", 10: "T"}


def _finite(estimate: Estimate | None) -> float | None:
    """An estimate's value where it is a number (N0 is infinite for a win of 0)."""
    if estimate is None or not math.isfinite(estimate.value):
        return None
    return estimate.value


def _hand(play: IndexPlay) -> str:
    if play.kind == "insurance":
        return "insurance"
    if play.kind == "pair":
        card = _UP.get(play.total, str(play.total))
        return f"{card},{card}"
    return f"{play.kind} {play.total}"


def _move(play: IndexPlay, above: bool) -> str:
    if play.kind == "insurance":
        return "insure" if above else "no insurance"
    move = play.above if above else play.below
    if move is None:
        return "as the chart, without surrender"
    return _MOVES[move.value]


def _ratio(dealt: float | None, valued: Estimate | None) -> float | None:
    """How many times smaller the standard error from the rounds' values is."""
    if dealt is None or valued is None or not valued.se:
        return None
    return dealt / valued.se


def _ramp(strategy: StrategyResult) -> str:
    ramp = strategy.ramp
    if not ramp.steps:
        return f"{ramp.minimum} unit{'s' if ramp.minimum != 1 else ''} every round"
    text = ", ".join(f"{units} from {tc:+g}" for tc, units in ramp.steps)
    below = f"{ramp.minimum} below" if ramp.minimum else "none below"
    wong = f"; none below {ramp.wong_out:+g}" if ramp.wong_out is not None else ""
    return f"{text}; {below}{wong}"


def _never(strategy: StrategyResult) -> bool:
    """Whether a way of betting bet no round: it risks nothing, and says so."""
    return strategy.rounds_bet.value == 0


def _ruin(strategy: StrategyResult) -> Cell:
    return NEVER_BETS if _never(strategy) else strategy.risk_of_ruin.value


def counting_report(result: CountingResult) -> Report:
    """What each way of betting won per 100 rounds, its SD, N0, SCORE and risk of ruin
    (the main table), per hour and per shoe, the ruin simulated, the ramps, the settings
    and the index plays."""
    s = result.settings
    shoe = s.full_shoe
    strategies = result.strategies
    betting = Table(
        "What each way of betting wins (units per 100 rounds dealt; simulation estimates, "
        "± 1 SE over shoes)",
        (
            Column("betting", wrap=18),
            Column("won/100", "decimal", 2, key="won_per_100_float"),
            Column("± SE", "decimal", 2, key="won_per_100_se_float"),
            Column("SD/100", "decimal", 1, key="sd_per_100_float"),
            Column("bet/round", "decimal", 2, key="bet_per_round_float"),
            Column("N0", "decimal", 0, key="n0_float"),
            Column("SCORE", "decimal", 1, key="score_float"),
            Column("RoR", "percent", 1, key="risk_of_ruin_float"),
        ),
        tuple(
            (
                st.name,
                *estimate_cells(st.won_per_100),
                st.sd_per_100.value,
                st.bet_per_round.value,
                _finite(st.n0),
                st.score.value,
                _ruin(st),
            )
            for st in strategies
        ),
        name="betting",
    )
    hour = Table(
        f"Per hour ({s.per_hour} rounds) and per shoe ({result.rounds_per_shoe:.1f} rounds)",
        (
            Column("betting", wrap=18),
            Column("won/hour", "decimal", 2, key="won_per_hour_float"),
            Column("± SE", "decimal", 2, key="won_per_hour_se_float"),
            Column("SD/hour", "decimal", 1, key="sd_per_hour_float"),
            Column("won/shoe", "decimal", 3, key="won_per_shoe_float"),
            Column("± SE", "decimal", 3, key="won_per_shoe_se_float"),
            Column("SD/shoe", "decimal", 2, key="sd_per_shoe_float"),
            Column("rounds bet", "percent", 1, key="rounds_bet_float"),
        ),
        tuple(
            (
                st.name,
                *estimate_cells(st.won_per_hour),
                st.sd_per_hour.value,
                *estimate_cells(st.won_per_shoe),
                st.sd_per_shoe.value,
                st.rounds_bet.value,
            )
            for st in strategies
        ),
        name="per-hour",
    )
    ruin_rows: tuple[tuple[Cell, ...], ...] = tuple(
        (
            st.name,
            *((NEVER_BETS, None) if _never(st) else estimate_cells(st.risk_of_ruin)),
            *estimate_cells(st.ruined),
            f"{st.players} × {st.shoes_per_player:,} shoes",
        )
        for st in strategies
    )
    ruin = Table(
        f"Risk of ruin for a bankroll of {s.bankroll:,g} units: the formula, and the "
        "simulated players",
        (
            Column("betting", wrap=18),
            Column("formula", "percent", 2, key="formula_float"),
            Column("± SE", "percent", 2, key="formula_se_float"),
            Column("simulated", "percent", 2, key="simulated_float"),
            Column("± SE", "percent", 2, key="simulated_se_float"),
            Column("players", key="players"),
        ),
        ruin_rows,
        name="ruin",
    )
    trip = Trip(s.bankroll, s.per_hour, s.trip_hours, s.goal)
    planning = planning_table(
        trip,
        (Column("betting", wrap=18),),
        [
            ((st.name,), trip.plan(st.won_per_100.value, st.sd_per_100.value), _never(st))
            for st in strategies
        ],
    )
    ramps = Table(
        "The bets (units by true count at the start of the round)",
        (Column("betting", wrap=18), Column("bets", wrap=56)),
        tuple((st.name, _ramp(st)) for st in strategies),
        name="ramps",
    )
    settings = Table(
        "Settings",
        (Column("setting"), Column("value", wrap=60)),
        (
            ("shoe", describe_shoe(shoe)),
            ("rules", s.rules.summary(decks=False)),
            ("shoes dealt", f"{s.shoes:,}"),
            ("seed", str(s.seed)),
            ("burn", f"{s.burn} card{'s' if s.burn != 1 else ''} face down at the start"),
            ("cut card", f"{s.cut} cards from the back (penetration {1 - s.cut / shoe.cards:.1%})"),
            (
                "count",
                s.count
                if s.play_count is None
                else f"{s.count} for the bets, {s.play_count} for the index plays",
            ),
            (
                "play",
                "basic strategy of the full shoe"
                + (f", with {len(s.plays)} index plays" if s.plays else ", no index plays")
                + ("" if s.index_source is None else f" ({s.index_source})"),
            ),
            *(() if s.seating == Seating() else (("table", s.seating.text()),)),
            *(() if s.reckoning.is_exact else (("true count", s.reckoning.text()),)),
            ("rounds dealt", f"{result.rounds:,} ({result.rounds_per_shoe:.2f} a shoe)"),
        ),
        name="settings",
    )
    plays = Table(
        "Index plays (true count at the decision)",
        (
            Column("hand"),
            Column("up"),
            Column("index", "int"),
            Column("at or above", key="at_or_above"),
            Column("below"),
        ),
        tuple(
            (_hand(p), _UP.get(p.up, str(p.up)), p.index, _move(p, True), _move(p, False))
            for p in s.plays
        ),
        name="index-plays",
    )
    notes: tuple[str, ...] = (
        "Every round is dealt card by card from the shuffled shoe and played by the basic "
        f"strategy of the full shoe{' with the index plays' if s.plays else ''}; its result "
        "is exact, the figures over shoes are simulation estimates (± one standard error, "
        "delta method).",
        "The true count is the running count per deck of the cards not yet seen (burned "
        "cards are never seen); bets follow the true count at the start of a round, index "
        "plays the true count at the decision. A round not bet is still dealt.",
        "N0: rounds for the win to reach one SD, (SD/EV)² per round. SCORE: the win per 100 "
        "rounds at the Kelly bet for a 10,000-unit bankroll, 10⁶·(EV/SD)². RoR: the diffusion "
        "formula exp(−2·EV·B/Var), EV and Var per shoe.",
        "Kelly: each true count's advantage is the least-squares line of the rounds' results "
        "on the true count, its variance the rounds' own; bet bankroll × advantage / "
        "variance, counts whose bets fall pooled (the non-decreasing ramp that grows the "
        f"bankroll fastest), in whole units, at most {s.max_bet}.",
    )
    if s.seating != Seating() or not s.reckoning.is_exact:
        notes = (
            *notes[:-1],
            "The table: the counter sees and counts every player's cards; a round he "
            "watches (wong-in) is dealt to the others and counts as a round dealt, not bet; "
            "with two hands each spot is bet the ramp's units. The true count: "
            f"{s.reckoning.text()}.",
            notes[-1],
        )
    control = Table(
        "Every round valued exactly (--exact-ev): the win from the rounds' values has the "
        "same expectation as the win as dealt, without the rounds' luck",
        (
            Column("betting", wrap=18),
            Column("won/100 as dealt", "decimal", 3, key="won_per_100_float"),
            Column("± SE", "decimal", 3, key="won_per_100_se_float"),
            Column("from values", "decimal", 3, key="from_values_float"),
            Column("± SE", "decimal", 3, key="from_values_se_float"),
            Column("SE ratio", "decimal", 1, key="se_ratio_float"),
        ),
        tuple(
            (
                st.name,
                *estimate_cells(st.won_per_100),
                *estimate_cells(st.won_per_100_from_ev),
                _ratio(st.won_per_100.se, st.won_per_100_from_ev),
            )
            for st in strategies
        ),
        name="exact-ev",
    )
    blocks = (
        (betting,)
        + ((control,) if s.exact_ev else ())
        + (hour, ruin, planning, ramps, settings)
        + ((plays,) if s.plays else ())
    )
    report = Report(
        title=f"Blackjack counting: {describe_shoe(shoe)}; {s.rules.summary(decks=False, play=True)}",
        blocks=blocks,
        notes=(*(notes if s.kelly is not None else notes[:-1]), *PLANNING_NOTES),
        main="betting",
    )
    body: dict[str, Any] = {
        "shoe": shoe.to_dict(),
        "rules": s.rules.to_dict(),
        "burn": s.burn,
        "cut_card": s.cut,
        "count": s.count,
        "tags": list(s.tags[:13]),  # per rank, in the count's unit (its name says the rest)
        **({} if s.play_tags is None else {"play_tags": list(s.play_tags[:13])}),
        "rounds": result.rounds,
        # the rounds an hour the table's players make, where the request left it to them
        **({} if s.hands_per_hour is not None else {"hands_per_hour": s.per_hour}),
        **tables_document(report),
    }
    return replace(report, data=body)
