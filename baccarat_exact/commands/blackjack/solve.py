"""``blackjack edge``, ``eor``, ``strategy`` and ``round``: the round solved for every up
card — its value, the effect of removing a card, the basic strategy, the whole law of the
net result."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.blackjack.inputs import BlackjackRequest
from baccarat_exact.errors import CountError, SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.blackjack.eor import BlackjackEor
    from baccarat_exact.blackjack.edge import EdgeResult, Value
    from baccarat_exact.blackjack.round_stats import RoundCost, RoundStats
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.blackjack.strategy import BasicStrategy
    from baccarat_exact.model.shoe import Shoe
    from baccarat_exact.report.model import Report

__all__ = [
    "BlackjackEdgeRequest",
    "BlackjackEorRequest",
    "BlackjackRoundRequest",
    "BlackjackStrategyRequest",
]

_SOLVING = "solving up cards"

MOST_HELD = 2e7
"""The most groups of hands' ends one split round's law may hold at once (about 8 GB)."""

BYTES_A_GROUP = 400
"""Memory a group takes while the law is formed, at its peak (its code, profiles and sum,
the products not yet grouped, sorted copies): 3.9 GB for 10.5 million groups on one deck."""


@functools.lru_cache(maxsize=4)
def _round_cost(
    shoe: Shoe, rules: BlackjackRules, strategies: tuple[str, ...], exact: bool
) -> RoundCost:
    """:func:`~baccarat_exact.blackjack.round_stats.round_cost`, kept: the command line says
    it before the run and the run checks it again (each solves every up card)."""
    from baccarat_exact.blackjack.round_stats import round_cost

    return round_cost(shoe, rules, strategies=strategies, exact=exact)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackEdgeRequest(BlackjackRequest["EdgeResult"]):
    """The round's exact value under optimal play and the derived basic strategy, by up
    card, and (``option_values``) the value of flipping each rule option.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> request = BlackjackEdgeRequest(shoe=ShoeInput(counts="A=2,5=3,7=4,9=2,T=8"))
    >>> request.run().document()["player_ev_optimal"]
    '1432757/16628040'
    """

    KIND: ClassVar[str] = "blackjack edge"
    OPTIMAL_SPLIT: ClassVar[bool] = True

    option_values: bool = False
    """Also price every rule option by flipping it alone."""
    exact: bool = True
    """Exact fractions (false: float arithmetic, ``--float``)."""

    def compute(self, context: Context) -> EdgeResult:
        from baccarat_exact.blackjack.edge import edge, solve_steps

        rules, shoe = self.game()
        with context.progress(solve_steps(rules, self.option_values), _SOLVING) as advance:
            return edge(shoe, rules, exact=self.exact, options=self.option_values, progress=advance)

    def report(self, result: EdgeResult, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import edge_report

        return edge_report(result)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackEorRequest(BlackjackRequest["BlackjackEor"]):
    """The effect of removing one card of each value, and the balanced count it suggests.

    >>> BlackjackEorRequest(chart="held")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: unknown chart play 'held': use own or fixed
    """

    KIND: ClassVar[str] = "blackjack eor"

    level: int = 2
    """Largest tag of the suggested count (1 to 9)."""
    chart: str = "own"
    """How the basic strategy plays each shoe less a card: ``own`` (the chart derived for
    that shoe) or ``fixed`` (the whole shoe's chart held fixed), ``--chart``."""
    exact: bool = True
    """Exact fractions (false: float arithmetic, ``--float``)."""

    def check(self) -> None:
        from baccarat_exact.analysis.blackjack.eor import chart_play

        if not 1 <= self.level <= 9:
            raise CountError(f"--level must be between 1 and 9, got {self.level}")
        chart_play(self.chart)

    def compute(self, context: Context) -> BlackjackEor:
        from baccarat_exact.analysis.blackjack.eor import blackjack_eor, chart_play, eor_steps

        rules, shoe = self.game()
        chart = chart_play(self.chart)
        with context.progress(eor_steps(shoe, chart), _SOLVING) as advance:
            return blackjack_eor(
                shoe, rules, exact=self.exact, level=self.level, chart=chart, progress=advance
            )

    def report(self, result: BlackjackEor, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import eor_report

        return eor_report(result)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackStrategyRequest(BlackjackRequest["tuple[BasicStrategy, Value, Shoe]"]):
    """The total-dependent basic strategy for the rules and shoe, with its exact value."""

    KIND: ClassVar[str] = "blackjack strategy"

    exact: bool = True
    """Exact fractions (false: float arithmetic, ``--float``)."""

    def compute(self, context: Context) -> tuple[BasicStrategy, Value, Shoe]:
        from baccarat_exact.blackjack.edge import basic_strategy
        from baccarat_exact.blackjack.hands import SLOTS

        rules, shoe = self.game()
        with context.progress(SLOTS, _SOLVING) as advance:
            strategy, value = basic_strategy(shoe, rules, exact=self.exact, progress=advance)
        return strategy, value, shoe

    def report(
        self, result: tuple[BasicStrategy, Value, Shoe], view: View = EVERY_FORMAT
    ) -> Report:
        from baccarat_exact.report.blackjack import strategy_report

        strategy, value, shoe = result
        return strategy_report(strategy, value, shoe, self.exact)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackRoundRequest(BlackjackRequest["RoundStats"]):
    """The round's net result under each strategy: its exact law, EV and variance.

    >>> BlackjackRoundRequest(strategy="best")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: unknown strategy 'best': use optimal, basic or both
    """

    KIND: ClassVar[str] = "blackjack round"

    strategy: str = "both"
    """``optimal`` (composition-dependent), ``basic`` (the derived chart) or ``both``."""
    exact: bool = True
    """Exact fractions (false: float arithmetic, ``--float``)."""

    def check(self) -> None:
        from baccarat_exact.blackjack.round_stats import strategy_names

        strategy_names(self.strategy)

    def seconds(self, jobs: int = 1) -> float:
        """The run's estimated CPU time on ``jobs`` processes: the split rounds with
        resplits counted before any is computed (:func:`~baccarat_exact.blackjack.
        round_stats.round_cost`: each up card is solved first, seconds); 0 for a pair split
        once or an infinite shoe (seconds at most, docs/performance.md)."""
        from baccarat_exact.blackjack.round_stats import strategy_names

        rules, shoe = self.game()
        return _round_cost(shoe, rules, strategy_names(self.strategy), self.exact).on(jobs)

    def long_run(self, jobs: int = 1) -> str | None:
        """What to say before a run estimated past a minute on ``jobs`` processes
        (``None``: a short run), as ``simulate`` says it.

        :raises SimulationError: for a run estimated beyond a day: it is refused.
        """
        from baccarat_exact.commands.simulate import LONG_SECONDS, SimulateRequest, duration_text

        seconds = self.within_a_day(jobs)
        if seconds <= LONG_SECONDS:
            return None
        workers = SimulateRequest.workers(jobs) or 1
        on = f"{workers} processes" if workers > 1 else "one core (--jobs N shares the up cards)"
        return f"the round's law takes roughly {duration_text(seconds)} on {on}"

    def within_a_day(self, jobs: int = 1) -> float:
        """:meth:`seconds` on ``jobs`` processes (no more than the cores, as ``simulate``
        counts them), refused beyond a day as ``simulate`` refuses a run, or beyond
        :data:`MOST_HELD` groups of hands held at once (the memory).

        :raises SimulationError: past either line.
        """
        from baccarat_exact.blackjack.round_stats import strategy_names
        from baccarat_exact.commands.simulate import SimulateRequest, refuse_beyond_a_day

        jobs = SimulateRequest.workers(jobs) or 1

        rules, shoe = self.game()
        cost = _round_cost(shoe, rules, strategy_names(self.strategy), self.exact)
        asked = f"the round's law with --split-hands {rules.split_hands}"
        if cost.held > MOST_HELD:
            raise SimulationError(
                f"{asked} would hold about {cost.held:.1g} groups of hands at once (about "
                f"{cost.held * BYTES_A_GROUP / 1e9:.0f} GB), past the memory a run may take: "
                "give a smaller shoe or fewer --split-hands"
            )
        refuse_beyond_a_day(
            cost.on(jobs),
            asked,
            jobs,
            "give a smaller shoe, fewer --split-hands, one --strategy, or more workers (--jobs)",
        )
        return cost.on(jobs)

    def compute(self, context: Context) -> RoundStats:
        from baccarat_exact.blackjack.hands import SLOTS
        from baccarat_exact.blackjack.round_stats import round_stats, strategy_names

        rules, shoe = self.game()
        self.within_a_day(context.jobs)
        with context.progress(SLOTS, _SOLVING) as advance:
            return round_stats(
                shoe,
                rules,
                strategies=strategy_names(self.strategy),
                exact=self.exact,
                progress=advance,
                jobs=context.jobs,
            )

    def report(self, result: RoundStats, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import round_report

        return round_report(result)
