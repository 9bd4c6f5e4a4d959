"""``simulate``: deal shuffled shoes, price every bet exactly before every hand, and
estimate what that is worth (perfect information, a count) with standard errors; or, with
``--fast``, deal, count, bet and settle at compiled speed without pricing any hand
(:mod:`baccarat_exact.analysis.fast_counting`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.counting import DERIVED_COUNTS, CountingInput
from baccarat_exact.commands.inputs import PricingRequest
from baccarat_exact.errors import SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.dealing import SimulationSettings
    from baccarat_exact.analysis.fast_counting import FastSettings
    from baccarat_exact.analysis.fast_simulate import FastResult
    from baccarat_exact.analysis.ramps import Betting, Ramp
    from baccarat_exact.analysis.simulate_results import SimulationResult
    from baccarat_exact.report.model import Report

__all__ = [
    "LONGEST_SECONDS",
    "LONG_SECONDS",
    "SimulateRequest",
    "duration_text",
    "read_simulation_betting",
    "refuse_beyond_a_day",
]

CUT_CARD = 16
"""Cards behind the cut card unless ``--cut-card`` says otherwise: the punto banco rules
text quoted in docs/card-counting.md."""

LONG_SECONDS = 60.0
"""A run estimated to take longer than this is announced, with its estimate."""

LONGEST_SECONDS = 86_400.0
"""A run estimated to take longer than this (a day) is refused: give fewer shoes, or more
workers."""


def duration_text(seconds: float) -> str:
    """A rough duration in words.

    >>> duration_text(42), duration_text(5400), duration_text(3e7), duration_text(3e17)
    ('42 s', '1.5 hours', '347 days', '9.5e+09 years')
    """
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400 - 1:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86_400:
        return f"{seconds / 3600:.1f} hours"
    if seconds < 1000 * 86_400:
        return f"{seconds / 86_400:.0f} days"
    return f"{seconds / (365.25 * 86_400):.2g} years"


def refuse_beyond_a_day(seconds: float, asked: str, workers: int, fewer: str) -> None:
    """Refuse a run estimated at ``seconds`` on ``workers`` processes past
    :data:`LONGEST_SECONDS`, before any work, as ``simulate`` refuses its own.

    >>> refuse_beyond_a_day(3e6, "--samples 1000000", 1, "give fewer samples")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --samples 1000000 would take roughly 35 days on one core, past the day a run may take: give fewer samples
    """
    if seconds > LONGEST_SECONDS:
        on = f"{workers} processes" if workers > 1 else "one core"
        raise SimulationError(
            f"{asked} would take roughly {duration_text(seconds)} on {on}, past the day a "
            f"run may take: {fewer}"
        )


def read_simulation_betting(
    *,
    ramp: str | None,
    ramp_min: int,
    wong_out: str | None,
    kelly: str | None,
    max_bet: int | None,
    bankroll: str,
    optimal_ror: str | None,
    chips: str | None,
) -> Betting:
    """A simulation's betting options read and checked together, as every game's
    ``simulate`` takes them; the ramp itself is left to the caller (``--ramp`` may
    name a ramp per bet), so the result has none.

    >>> read_simulation_betting(ramp=None, ramp_min=0, wong_out=None, kelly=None,
    ...     max_bet=None, bankroll="1000", optimal_ror=None, chips="5,25")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --chips makes the bets of a ramp: give --ramp, --kelly or --optimal-ror
    """
    import dataclasses

    from baccarat_exact.analysis.ramps import read_betting, read_number

    if ramp is None and ramp_min:
        raise SimulationError("--ramp-min is the bet below a ramp's first step: give --ramp")
    betting = read_betting(
        ramp=None,
        ramp_min=0,
        wong_out=wong_out if ramp is None else None,
        kelly=kelly,
        max_bet=max_bet,
        bankroll=bankroll,
        optimal=optimal_ror,
        chips=chips,
    )
    if betting.chips and ramp is None and kelly is None and optimal_ror is None:
        raise SimulationError(
            "--chips makes the bets of a ramp: give --ramp, --kelly or --optimal-ror"
        )
    return dataclasses.replace(betting, wong_out=read_number(wong_out, "--wong-out"))


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulateRequest(PricingRequest["SimulationResult | FastResult"]):
    """A simulation: the shoe, rules, bets and counts, and how the shoes are dealt.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> result = SimulateRequest(shoe=ShoeInput(decks=1), shoes=2, seed=3).run()
    >>> result.document()["tables"]["per_hand"][0]["full_shoe_ev"]
    '-49303/4873050'
    """

    KIND: ClassVar[str] = "simulate"

    counting: CountingInput = DERIVED_COUNTS
    shoes: int = 1000
    """Shoes to deal."""
    seed: int = 0
    """``--seed``: every shoe's shuffle follows from it, so one number gives one result."""
    burn: str = "standard"
    """Burned at the start of each shoe: ``standard`` (the first card turned up, that
    many more face down), ``none`` or a number of cards face down."""
    cut_card: int | None = None
    """Cards behind the cut card (``None``: 16)."""
    threshold: str | None = None
    """The counting player bets at a true count of at least this (``None``: each bet's
    break-even true count); an exact number as given, ``"1.5"``."""
    compare_counts: tuple[str, ...] = ()
    """More counts played on the same shoes: ``NAME=TAGS`` or a published count's name."""
    ramp: str | None = None
    """A bet ramp played with every count, ``"2:1,4:2,6:4"`` (true count : units) on the
    side bets (on the main bets when there are none), or per bet,
    ``"dragon-7=4:1,6:2; panda-8=3:1"``."""
    ramp_min: int = 0
    """Units bet below the ramp's first true count (0: sit the hand out)."""
    wong_out: str | None = None
    """No ramp or Kelly bet on a hand whose true count is below this."""
    kelly: str | None = None
    """A bankroll (units) whose Kelly bets make a ramp for every count and bet."""
    max_bet: int | None = None
    """The largest Kelly bet, in units."""
    bankroll: str = "1000"
    """Units at risk: the risk of ruin is for this bankroll."""
    hands_per_hour: int = 70
    """Hands dealt an hour (a full baccarat table deals about 70)."""
    fast: bool = False
    """``--fast``: deal, count, bet and settle at compiled speed, with no exact EV per
    hand (the win as dealt, not the expected win; no perfect-information strategy)."""
    wong_in: str | None = None
    """``--fast`` only: a ramp sits out until the true count reaches this, then plays
    until the shoe ends or the true count falls below ``wong_out``."""
    optimal_ror: str | None = None
    """A risk of ruin (``"0.05"``, ``"5%"``) whose optimal ramp for ``bankroll`` is
    played with every count, bets up to ``max_bet``, measured on the same shoes."""
    chips: str | None = None
    """The chips every bet is made of, ``"5,25,100"`` (units): a ramp must bet sums of
    them; Kelly bets are rounded to the nearest (a tie to the smaller)."""
    trip_hours: str | None = None
    """A trip's length in hours, for the risk of ruin within it."""
    goal: str | None = None
    """Units to win before the bankroll is lost, for the chance of each first."""

    _NEW_FIELDS: ClassVar[tuple[tuple[str, object], ...]] = (
        ("fast", False),
        ("wong_in", None),
        ("optimal_ror", None),
        ("chips", None),
        ("trip_hours", None),
        ("goal", None),
    )
    """Fields recorded only when set, so that documents written before they existed are
    the same request."""

    def __post_init__(self) -> None:
        from baccarat_exact.analysis.dealing import parse_burn

        if self.shoes < 1:
            raise SimulationError(f"--shoes must be 1 or more, got {self.shoes}")
        parse_burn(self.burn)
        self._threshold()
        if self.fast:
            self.fast_settings()
        else:
            if self.wong_in is not None:
                raise SimulationError("--wong-in is played by --fast: give --fast")
            self._betting()
            self._ramps(None)

    def to_dict(self) -> dict[str, Any]:
        """The inputs as JSON keeps them; ``fast`` and ``wong_in`` only where set."""
        data = PricingRequest.to_dict(self)
        for name, default in self._NEW_FIELDS:
            if data.get(name) == default:
                del data[name]
        return data

    def _threshold(self) -> float | None:
        from baccarat_exact.analysis.ramps import read_number

        return read_number(self.threshold, "--threshold")

    def _betting(self) -> dict[str, Any]:
        """The betting settings but the ramps, read and checked (the ramps are read per
        bet by :meth:`_ramps`)."""
        from baccarat_exact.analysis.counting import parse_named_count
        from baccarat_exact.analysis.ramps import read_number

        betting = read_simulation_betting(
            ramp=self.ramp,
            ramp_min=self.ramp_min,
            wong_out=self.wong_out,
            kelly=self.kelly,
            max_bet=self.max_bet,
            bankroll=self.bankroll,
            optimal_ror=self.optimal_ror,
            chips=self.chips,
        )
        return {
            "compared": tuple(parse_named_count(text) for text in self.compare_counts),
            "kelly": betting.kelly,
            "max_bet": betting.max_bet,
            "wong_out": read_number(self.wong_out, "--wong-out"),
            "bankroll": betting.bankroll,
            "hands_per_hour": self.hands_per_hour,
            "optimal_ror": betting.optimal,
            "chips": betting.chips,
            "trip_hours": read_number(self.trip_hours, "--trip-hours"),
            "goal": read_number(self.goal, "--goal"),
        }

    def _ramps(self, wong_out: float | None) -> tuple[Ramp | None, ...]:
        """Each chosen bet's ramp: ``--ramp dragon-7=4:1,6:2`` per bet, or steps alone for
        the side bets (the main bets of a run without side bets); empty: no ramp."""
        from baccarat_exact.analysis.fast_counting import bet_ramps

        if self.ramp is None:
            return ()
        from baccarat_exact.analysis.ramps import check_chips, parse_chips

        rules = self.rules.rules()
        names = tuple(bet.name for bet in self.bets.bets(rules, self.rules.game))
        ramps = bet_ramps(self.ramp, names, self.ramp_min, wong_out)
        if self.chips is not None:
            for ramp in ramps:
                if ramp is not None:
                    check_chips(ramp, parse_chips(self.chips))
        return ramps

    def settings(self) -> SimulationSettings:
        """The library's settings of this simulation (checked as they are made).

        :raises BaccaratError: for settings that cannot be dealt (a cut card outside the
            shoe, an infinite shoe, a suited bet on a shoe of unknown suits…).
        """
        if self.fast:
            return self.fast_settings().settings
        betting = self._betting()
        return self._settings({**betting, "ramps": self._ramps(betting["wong_out"])})

    def fast_settings(self) -> FastSettings:
        """The settings of a ``--fast`` run: ``simulate``'s, with the ramp of each bet
        (``--ramp dragon-7=4:1,6:2``, or one ramp for the side bets) and the wonging.

        :raises BaccaratError: as :meth:`settings`, and for what ``--fast`` cannot play
            (Kelly ramps, bets on the ranks of the cards dealt).
        """
        from baccarat_exact.analysis.fast_counting import FastSettings
        from baccarat_exact.analysis.ramps import read_number

        betting = self._betting()
        settings = self._settings(betting)
        ramps = self._ramps(betting["wong_out"])
        return FastSettings(settings, ramps, read_number(self.wong_in, "--wong-in"))

    def _settings(self, betting: dict[str, Any]) -> SimulationSettings:
        from baccarat_exact.analysis.dealing import SimulationSettings, parse_burn

        rules = self.rules.rules()
        return SimulationSettings(
            shoe=self.shoe.shoe(),
            rules=rules,
            bets=self.bets.bets(rules, self.rules.game),
            shoes=self.shoes,
            seed=self.seed,
            burn=parse_burn(self.burn),
            cut_card=CUT_CARD if self.cut_card is None else self.cut_card,
            count=self.counting.own(),
            level=self.counting.level,
            threshold=self._threshold(),
            **betting,
        )

    def seconds(self, workers: int = 1) -> float:
        """A rough estimate of the run's time on ``workers`` worker processes."""
        from baccarat_exact.analysis.simulate import estimated_seconds

        if self.fast:
            from baccarat_exact.analysis.fast_counting import estimated_fast_seconds

            return estimated_fast_seconds(self.shoes, self.shoe.shoe().cards, workers)
        passes = 1 if self.kelly is None and self.optimal_ror is None else 2  # measured first
        return passes * estimated_seconds(self.shoes, self.shoe.shoe().cards, workers)

    def within_a_day(self, workers: int = 1) -> float:
        """:meth:`seconds`, checked, once the settings are (a shoe too large to shuffle is
        refused for that, not for its time).

        :raises SimulationError: when it is beyond a day: such a run is refused.
        :raises BaccaratError: for settings that cannot be dealt (:meth:`settings`).
        """
        self.settings()
        seconds = self.seconds(workers)
        if seconds > LONGEST_SECONDS:
            on = f"{workers} processes" if workers > 1 else "one core"
            raise SimulationError(
                f"--shoes {self.shoes} would take roughly {duration_text(seconds)} on {on}, "
                "past the day a run may take: give fewer shoes, or more workers (--jobs)"
            )
        return seconds

    def long_run(self, jobs: int = 1, cluster: str | None = None) -> str | None:
        """What to say before a run estimated past :data:`LONG_SECONDS` on ``jobs``
        processes or the ``cluster`` (``None``: nothing, a short run).

        :raises SimulationError: for a run beyond a day (:meth:`within_a_day`).
        :raises BaccaratError: for settings that cannot be dealt (:meth:`settings`).
        """
        workers = self.workers(jobs, cluster)
        if workers is None:  # a remote cluster: its workers are counted once connected
            self.settings()  # refused for what it is before the note, as within_a_day does
            seconds, on = self.seconds(), "one core (the cluster's workers share it)"
        else:
            seconds = self.within_a_day(workers)
            on = f"{workers} processes" if workers > 1 else "one core (--jobs N shares it)"
        if seconds <= LONG_SECONDS:
            return None
        return f"{self.shoes:,} shoes take roughly {duration_text(seconds)} on {on}"

    def compute(self, context: Context) -> SimulationResult | FastResult:
        """Deal the shoes, here on ``context.jobs`` processes or on the Dask
        ``context.cluster`` at that address (``local:N`` or a scheduler's), keeping every
        hand's EV for a chart where ``context.charts``. The figures are the same bytes
        wherever the shoes are dealt.

        :raises SimulationError: for a run estimated beyond a day on the workers it has,
            an address that is not a scheduler's…
        """
        from baccarat_exact.analysis.simulate import simulate

        settings = self.settings()
        from baccarat_exact.analysis.cluster import cluster_address

        where = cluster_address(context.cluster, context.cluster_security)
        workers = self.workers(context.jobs, context.cluster)
        if workers is not None:  # a remote cluster's are counted once connected
            self.within_a_day(workers)
        if self.fast:
            return self._fast(context, where, workers)
        passes = 1 if self.kelly is None and self.optimal_ror is None else 2  # dealt twice
        with (
            context.batches(),
            context.progress(self.shoes * passes, "dealing shoes") as advance,
        ):
            return simulate(
                settings,
                jobs=context.jobs,
                progress=advance,
                keep_hands=context.charts,
                cluster=where,
                worker_setup=context.worker_setup,
                on_workers=self._refuse_beyond_a_day if workers is None else None,
            )

    def _fast(self, context: Context, where: Any, workers: int | None) -> FastResult:
        """The ``--fast`` run (no chart: it keeps no hand's EV)."""
        from baccarat_exact.analysis.fast_simulate import fast_simulate

        if context.charts:
            raise SimulationError(
                "--fast prices no hand: its EV cannot be plotted (leave out --plot)"
            )
        with context.progress(self.shoes, "dealing shoes") as advance:
            return fast_simulate(
                self.fast_settings(),
                jobs=context.jobs,
                progress=advance,
                cluster=where,
                worker_setup=context.worker_setup,
                on_workers=self._refuse_beyond_a_day if workers is None else None,
            )

    def _refuse_beyond_a_day(self, workers: int) -> None:
        self.within_a_day(workers)

    @staticmethod
    def workers(jobs: int = 1, cluster: str | None = None) -> int | None:
        """The processes that share the dealing: ``jobs``, or a local cluster's workers,
        no more than this machine's cores (``None`` for a remote cluster: its workers are
        counted once connected)."""
        wanted = jobs
        if cluster is not None:
            from baccarat_exact.analysis.cluster import parse_cluster_address

            where = parse_cluster_address(cluster)
            if where.address is not None:
                return None
            wanted = where.workers
        return max(1, min(wanted, os.cpu_count() or 1))

    def report(self, result: SimulationResult | FastResult, view: View = EVERY_FORMAT) -> Report:
        """The estimates and the economics; with ``view.plot``, the chart of every hand's
        EV against the cards dealt beside (the result keeps them: ``Context.charts``)."""
        import dataclasses

        from baccarat_exact.analysis.fast_simulate import FastResult
        from baccarat_exact.report.simulate import simulation_report

        if isinstance(result, FastResult):
            from baccarat_exact.report.simulate_fast import fast_report

            return fast_report(result)

        report = simulation_report(result)
        plot = view.plot
        if plot is None:
            return report

        def draw() -> None:
            from baccarat_exact.report.plots import plot_simulation

            plot_simulation(result, str(plot))

        return dataclasses.replace(report, files=(draw,))
