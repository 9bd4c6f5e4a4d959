"""``blackjack counting``: shoes dealt fast and played as a card counter plays them — the
chart with index plays, bets by the true count — and what each way of betting is worth."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.blackjack.inputs import BlackjackRequest
from baccarat_exact.commands.blackjack.simulate import burn_cards
from baccarat_exact.errors import SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.blackjack.counting import CountingResult, CountingSettings
    from baccarat_exact.analysis.ramps import Betting
    from baccarat_exact.blackjack.index_play import IndexPlay
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.blackjack.true_count import Reckoning, Seating
    from baccarat_exact.report.model import Report

__all__ = ["INDEX_SETS", "LATER_INPUTS", "BlackjackCountingRequest"]

INDEX_SETS = ("illustrious-18", "none")
"""The index plays ``--indices`` names: Schlesinger's Illustrious 18 (and Fab 4 where late
surrender is offered), or none (the chart alone)."""

LATER_INPUTS: dict[str, tuple[object, ...]] = {
    "seats": (1,),
    "seat": (1,),
    "tc": ("exact",),
    "tc_round": ("none",),
    "deck_error": ("0",),
    "wong_in": (None,),
    "two_hands_at": (None,),
    "optimal_ror": (None,),
    "chips": (None,),
    "trip_hours": (None,),
    "goal": (None,),
}
"""Inputs added after documents were stored, with what their absence meant (the table
as it was: the counter alone, the true count exact): ``check`` reads an older document
with them so."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackCountingRequest(BlackjackRequest["CountingResult"]):
    """Deal shoes fast, play them by the chart and its index plays, and price every way of
    betting on the same rounds.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> BlackjackCountingRequest(indices="all")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --indices must be illustrious-18 or none, got 'all'
    """

    KIND: ClassVar[str] = "blackjack counting"
    SHOE: ClassVar[tuple[str, ...]] = ("counts",)

    shoes: int = 10_000
    """Shoes to deal."""
    seed: int = 0
    """Random seed: the same seed deals the same shoes."""
    burn: str = "standard"
    """Cards burned at the start of each shoe: ``standard`` (one), ``none`` or a number."""
    cut_card: int | None = None
    """Cards behind the cut card (``None``: a quarter of the shoe)."""
    count: str = "hi-lo"
    """The count: ``hi-lo`` or ``NAME=TAGS``."""
    play_count: str | None = None
    """A second count the index plays and insurance follow, as ``count`` is given
    (``None``: the count the bets follow)."""
    indices: str = "illustrious-18"
    """The index plays: :data:`INDEX_SETS`."""
    ramp: str | None = None
    """A bet ramp, ``"1:2,2:4,4:8"`` (true count : units)."""
    ramp_min: int = 0
    """Units bet below the ramp's first true count (0: sit the round out)."""
    wong_out: str | None = None
    """No ramp or Kelly bet on a round whose true count is below this."""
    kelly: str | None = None
    """A bankroll (units) whose Kelly bets make a ramp, measured on the same shoes."""
    max_bet: int | None = None
    """The largest Kelly bet, in units (with ``kelly``)."""
    bankroll: str = "1000"
    """Units at risk: the risk of ruin is for this bankroll."""
    hands_per_hour: int | None = None
    """Rounds dealt an hour (``None``: 200, 160, 140, 120, 100, 80, 65 for 1 … 7 players
    at the table)."""
    exact_ev: bool = False
    """Also value every round exactly and estimate the wins from those values (slow; the
    chart alone, ``--indices none``)."""
    optimal_ror: str | None = None
    """A risk of ruin (``"0.05"``, ``"5%"``) whose optimal ramp for ``bankroll`` is
    played too, bets from 1 unit to ``max_bet``, measured on the same shoes."""
    chips: str | None = None
    """The chips every bet is made of, ``"5,25,100"`` (units)."""
    trip_hours: str | None = None
    """A trip's length in hours, for the risk of ruin within it."""
    goal: str | None = None
    """Units to win before the bankroll is lost, for the chance of each first."""

    seats: int = 1
    """Players at the table, the counter one of them (1–7); the others play the chart."""
    seat: int = 1
    """The counter's seat (1: the first to take a card)."""
    tc: str = "exact"
    """The deck estimate the true count divides by: ``exact`` (the unseen cards), ``full``,
    ``half`` or ``quarter`` (to the nearest such deck)."""
    tc_round: str = "none"
    """The true count rounded to a whole number: ``none``, ``round``, ``truncate``,
    ``floor``."""
    deck_error: str = "0"
    """The counter misjudges the unseen cards by up to this many decks (a whole number of
    cards drawn uniformly each round from the shoe's stream)."""
    wong_in: str | None = None
    """The counter back-counts and sits down at a true count at or above this (leaving
    below ``wong_out``)."""
    two_hands_at: str | None = None
    """The counter plays two spots from this true count, each bet the ramp's units."""

    def check(self) -> None:
        if self.indices not in INDEX_SETS:
            raise SimulationError(
                f"--indices must be {' or '.join(INDEX_SETS)}, got {self.indices!r}"
            )
        from baccarat_exact.analysis.blackjack.counts import find_count

        find_count(self.count)
        if self.play_count is not None:
            find_count(self.play_count)
        self._betting()
        seating, reckoning = self._table()
        if self.exact_ev and not (seating.is_alone and reckoning.is_exact):
            raise SimulationError(
                "--exact-ev values the counter's round alone at the table, the true count "
                "exact: give it without --seats, --wong-in, --two-hands-at, --tc, --tc-round "
                "and --deck-error"
            )
        if self.exact_ev and self.indices != "none":
            raise SimulationError(
                "--exact-ev values the chart's own play: give --indices none (with index "
                "plays a round's value is not the chart's)"
            )

    def _betting(self) -> Betting:
        """The ramp, the Kelly bankroll and the bankroll at risk, read and checked."""
        from baccarat_exact.analysis.ramps import read_betting

        if self.chips is not None and (self.ramp, self.kelly, self.optimal_ror) == (None,) * 3:
            raise SimulationError(
                "--chips makes the bets of a ramp: give --ramp, --kelly or --optimal-ror"
            )
        # with --wong-in, --wong-out is where the counter leaves the table, ramp or not
        leaves = self.wong_in is not None and self.ramp is None and self.kelly is None
        return read_betting(
            ramp=self.ramp,
            ramp_min=self.ramp_min,
            wong_out=None if leaves else self.wong_out,
            kelly=self.kelly,
            max_bet=self.max_bet,
            bankroll=self.bankroll,
            optimal=self.optimal_ror,
            chips=self.chips,
        )

    def _table(self) -> tuple[Seating, Reckoning]:
        """The table and the true count as the counter reckons it, read and checked."""
        from baccarat_exact.analysis.ramps import read_number
        from baccarat_exact.blackjack.true_count import Reckoning, Seating
        from baccarat_exact.model.exact import exact_number

        error = exact_number(self.deck_error, "--deck-error", SimulationError, "0.5 or 1/4")
        seating = Seating(
            seats=self.seats,
            seat=self.seat,
            wong_in=read_number(self.wong_in, "--wong-in"),
            wong_out=read_number(self.wong_out, "--wong-out"),
            two_hands_at=read_number(self.two_hands_at, "--two-hands-at"),
        )
        return seating, Reckoning(resolution=self.tc, rounding=self.tc_round, error=error)

    def plays(self, rules: BlackjackRules) -> tuple[IndexPlay, ...]:
        """The index plays :attr:`indices` names, for these rules."""
        from baccarat_exact.blackjack.index_play import illustrious_18

        return illustrious_18(rules) if self.indices == "illustrious-18" else ()

    def settings(self) -> CountingSettings:
        """The run's settings (the chart derived for the rules and the full shoe)."""
        from baccarat_exact.analysis.blackjack.counting import CountingSettings
        from baccarat_exact.analysis.blackjack.counts import find_count, slot_tags
        from baccarat_exact.analysis.ramps import read_number
        from baccarat_exact.blackjack.edge import basic_strategy

        rules, shoe = self.game()
        betting = self._betting()
        count = find_count(self.count)
        by_slot = slot_tags(count)
        play = None if self.play_count is None else find_count(self.play_count)
        play_slot = None if play is None else slot_tags(play)
        strategy, _ = basic_strategy(shoe, rules, exact=True)
        seating, reckoning = self._table()
        return CountingSettings(
            rules=rules,
            shoe=shoe,
            strategy=strategy,
            plays=self.plays(rules),
            count=count.name,
            tags=tuple(by_slot[min(rank, 9)] for rank in range(13)),
            play_tags=None
            if play_slot is None
            else tuple(play_slot[min(rank, 9)] for rank in range(13)),
            play_count=None if play is None else play.name,
            shoes=self.shoes,
            seed=self.seed,
            burn=burn_cards(self.burn),
            cut_card=self.cut_card,
            ramps=() if betting.ramp is None else (betting.ramp,),
            wong_out=betting.wong_out,
            kelly=betting.kelly,
            max_bet=betting.max_bet or 1,
            bankroll=betting.bankroll,
            hands_per_hour=self.hands_per_hour,
            exact_ev=self.exact_ev,
            optimal_ror=betting.optimal,
            chips=betting.chips,
            trip_hours=read_number(self.trip_hours, "--trip-hours"),
            goal=read_number(self.goal, "--goal"),
            seating=seating,
            reckoning=reckoning,
        )

    def seconds(self, workers: int = 1) -> float:
        """A rough estimate of the run's time on ``workers`` processes: about 125,000
        rounds a second dealt and settled, a solve of 0.1–0.3 s a round with
        :attr:`exact_ev` (docs/performance.md), a round taking about 5.5 cards."""
        _, shoe = self.game()
        behind = shoe.cards // 4 if self.cut_card is None else self.cut_card
        rounds = max(1.0, (shoe.cards - behind) / 5.5) * self.shoes
        passes = 1 if self.kelly is None and self.optimal_ror is None else 2
        per_round = 0.2 if self.exact_ev else passes / 125_000
        return rounds * per_round / max(1, workers)

    def compute(self, context: Context) -> CountingResult:
        """Deal the shoes here (``context.jobs`` processes) or on the Dask
        ``context.cluster``: the same bytes wherever they are dealt.

        :raises SimulationError: for a run estimated past a day (:meth:`seconds`).
        """
        from baccarat_exact.analysis.blackjack.counting import count_shoes
        from baccarat_exact.commands.simulate import SimulateRequest, refuse_beyond_a_day

        workers = SimulateRequest.workers(context.jobs, context.cluster)
        if workers is not None:  # a remote cluster's workers are not known here
            refuse_beyond_a_day(
                self.seconds(workers),
                f"--shoes {self.shoes:,}" + (" with --exact-ev" if self.exact_ev else ""),
                workers,
                "give fewer shoes, or more workers (--jobs)",
            )
        settings = self.settings()
        from baccarat_exact.analysis.cluster import cluster_address

        where = cluster_address(context.cluster, context.cluster_security)
        passes = 2 if settings.kelly is not None or settings.optimal_ror is not None else 1
        with context.progress(passes * settings.shoes, "dealing shoes") as advance:
            return count_shoes(
                settings,
                jobs=context.jobs,
                progress=advance,
                cluster=where,
                worker_setup=context.worker_setup,
            )

    def report(self, result: CountingResult, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack.counting import counting_report

        return counting_report(result)
