"""``dragon-tiger odds | eor | simulate``: Dragon Tiger's requests, each defined once.

The shoe is a :class:`~baccarat_exact.commands.inputs.ShoeInput` (the card notation and
options of every baccarat command); the rules are what the Tie and the Suited Tie pay and
what a main bet loses on a tie (:class:`DragonTigerRulesInput`); the bets are named, or
every bet the shoe can price.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Inputs, Request, View
from baccarat_exact.commands.inputs import EIGHT_DECKS, ShoeInput
from baccarat_exact.errors import CountError, RulesError, SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.dragon_tiger.betting import BettingPlan, CountPlay
    from baccarat_exact.analysis.dragon_tiger.eor import DragonTigerEor, RankCount, RankCountFit
    from baccarat_exact.analysis.dragon_tiger.fast import FastRun
    from baccarat_exact.analysis.dragon_tiger.game import (
        DragonTigerBet,
        DragonTigerOdds,
        DragonTigerRules,
    )
    from baccarat_exact.analysis.dragon_tiger.simulate import DealtShoes
    from baccarat_exact.analysis.ramps import Betting, Ramp
    from baccarat_exact.analysis.runner import Runner
    from baccarat_exact.model.shoe import Shoe
    from baccarat_exact.report.model import Report

__all__ = [
    "DragonTigerEorRequest",
    "DragonTigerOddsRequest",
    "DragonTigerRulesInput",
    "DragonTigerSimulateRequest",
    "PricedDeal",
]

ResultT = TypeVar("ResultT")

CUT_CARD = 16
"""Cards behind the cut card unless ``--cut-card`` says otherwise (baccarat's, the shoe
Dragon Tiger is dealt from)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DragonTigerRulesInput(Inputs):
    """What the Tie and the Suited Tie pay, and what a Dragon or Tiger bet loses on a tie,
    as given.

    >>> DragonTigerRulesInput(tie_pays="11").rules().tie_pays
    Fraction(11, 1)
    >>> DragonTigerRulesInput(tie_loses="2")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: --tie-loses must be between 0 and 1, got 2
    """

    tie_pays: str = "8"
    """What the Tie pays to 1."""
    suited_tie_pays: str = "50"
    """What the Suited Tie pays to 1."""
    tie_loses: str = "1/2"
    """The share of a Dragon or Tiger bet lost on a tie."""

    def __post_init__(self) -> None:
        self.rules()

    def rules(self) -> DragonTigerRules:
        """The rules, read and checked."""
        from baccarat_exact.analysis.dragon_tiger.game import DragonTigerRules
        from baccarat_exact.model.exact import exact_number

        return DragonTigerRules(
            tie_pays=exact_number(self.tie_pays, "--tie-pays", RulesError, "8 or 11"),
            suited_tie_pays=exact_number(
                self.suited_tie_pays, "--suited-tie-pays", RulesError, "50"
            ),
            tie_loses=exact_number(self.tie_loses, "--tie-loses", RulesError, "1/2 or 50%"),
        )


PUBLISHED_RULES = DragonTigerRulesInput()
"""The rules by default: Tie 8 to 1, Suited Tie 50 to 1, a tie loses half (Wizard of Odds)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class _DragonTigerRequest(Request[ResultT]):
    """The inputs every Dragon Tiger command shares: the shoe, the rules, the bets."""

    shoe: ShoeInput = EIGHT_DECKS
    rules: DragonTigerRulesInput = PUBLISHED_RULES
    bets: tuple[str, ...] = ()
    """The bets, by name (``()``: every bet the shoe can price)."""

    def __post_init__(self) -> None:
        self.chosen_bets()

    def chosen_bets(self) -> tuple[DragonTigerBet, ...]:
        """The bets named (every bet when none is).

        :raises BetError: for a name that is no bet of the game."""
        from baccarat_exact.analysis.dragon_tiger.game import find_bets

        return find_bets(self.bets)

    def priced(self, shoe: Shoe) -> tuple[tuple[DragonTigerBet, ...], tuple[str, ...]]:
        """The bets to price on ``shoe`` and those left out (every bet asked for, and no
        bet on suits where the shoe gives ranks by count only, unless named)."""
        from baccarat_exact.analysis.dragon_tiger.game import priceable

        bets = self.chosen_bets()
        if self.bets:
            return bets, ()
        kept = priceable(shoe, bets)
        return kept, tuple(bet.name for bet in bets if bet not in kept)


@dataclass(frozen=True, slots=True)
class PricedDeal:
    """Every bet's odds on one shoe, and the bets left out (suits unknown)."""

    shoe: Shoe
    rules: DragonTigerRules
    odds: tuple[DragonTigerOdds, ...]
    left_out: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DragonTigerOddsRequest(_DragonTigerRequest[PricedDeal]):
    """The exact odds of Dragon Tiger's bets on one shoe.

    >>> document = DragonTigerOddsRequest(bets=("dragon",)).run().document()
    >>> document["bets"]["dragon"]["house_edge"]
    '31/830'
    """

    KIND: ClassVar[str] = "dragon-tiger odds"

    def compute(self, context: Context) -> PricedDeal:
        """Every bet's pay lines, exact."""
        from baccarat_exact.analysis.dragon_tiger.game import dragon_tiger_odds

        shoe = self.shoe.shoe()
        bets, left_out = self.priced(shoe)
        rules = self.rules.rules()
        return PricedDeal(shoe, rules, dragon_tiger_odds(shoe, rules, bets), left_out)

    def report(self, result: PricedDeal, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.dragon_tiger import odds_report

        return odds_report(result.shoe, result.rules, result.odds, result.left_out)


def _own(tags: str | None) -> RankCount | None:
    from baccarat_exact.analysis.dragon_tiger.eor import parse_rank_count

    return None if tags is None else parse_rank_count(tags)


def _level(level: int) -> None:
    from baccarat_exact.analysis.counting import MAX_LEVEL

    if not 1 <= level <= MAX_LEVEL:
        raise CountError(f"--level must be between 1 and {MAX_LEVEL}, got {level}")


@dataclass(frozen=True, slots=True)
class RemovalResult:
    """The effects of removal, each bet's derived count and your count fitted to each bet."""

    eor: DragonTigerEor
    derived: tuple[RankCountFit, ...]
    mine: tuple[RankCountFit, ...]
    level: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DragonTigerEorRequest(_DragonTigerRequest[RemovalResult]):
    """The exact effects of removal of each rank on each bet, and the counts fitted.

    >>> document = DragonTigerEorRequest(shoe=ShoeInput(decks=1), bets=("tie",)).run().document()
    >>> document["bets"]["tie"]["weighted_sum"]
    '0'
    """

    KIND: ClassVar[str] = "dragon-tiger eor"

    level: int = 2
    """Largest tag of the derived counts."""
    count_tags: str | None = None
    """Your count system (``--count-system``), a tag per rank: ``"A:1,...,K:-1"``, or
    ``NAME=TAGS``."""

    def __post_init__(self) -> None:
        _DragonTigerRequest.__post_init__(self)
        _level(self.level)
        _own(self.count_tags)

    def compute(self, context: Context) -> RemovalResult:
        """The effects, then the counts."""
        from baccarat_exact.analysis.dragon_tiger.eor import fits, removal_effects

        shoe = self.shoe.shoe()
        bets, _ = self.priced(shoe)
        eor = removal_effects(shoe, self.rules.rules(), bets)
        derived, mine = fits(eor, self.level, _own(self.count_tags))
        return RemovalResult(eor, tuple(derived), tuple(mine), self.level)

    def report(self, result: RemovalResult, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.dragon_tiger import eor_report

        return eor_report(result.eor, result.derived, result.mine, result.level)


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The shoes dealt and the counts played (``trip_hours``, ``goal``: the planning
    table's, with a betting plan)."""

    shoe: Shoe
    rules: DragonTigerRules
    dealt: DealtShoes
    threshold: Fraction | None
    trip_hours: float | None = None
    goal: float | None = None


@dataclass(frozen=True, slots=True)
class FastResult:
    """A ``--fast`` run, and the trip and goal its planning table is for."""

    run: FastRun
    trip_hours: float | None = None
    goal: float | None = None


SECONDS_PER_CARD_PER_BET = 1.5e-6
"""Rough time to deal one card and price one bet before each hand, with the strategies
of a betting plan (1–1.5 µs measured, 8 decks): only for the note before a long run."""

FAST_SECONDS_PER_CARD = 1e-6
"""Rough time of ``--fast`` per card dealt (the shuffle, mostly; 0.7 µs measured)."""

HANDS_PER_HOUR = 70
"""Hands an hour unless ``--hands-per-hour`` says otherwise (baccarat's ``simulate``'s)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DragonTigerSimulateRequest(_DragonTigerRequest["SimulationResult | FastResult"]):
    """Shoes dealt to the cut card, every bet priced exactly before every hand.

    >>> document = DragonTigerSimulateRequest(shoe=ShoeInput(decks=1), bets=("dragon-big",), shoes=2).run().document()
    >>> document["hands"]
    36
    """

    KIND: ClassVar[str] = "dragon-tiger simulate"

    shoes: int = 100
    """Shoes to deal."""
    seed: int = 0
    """Every shoe's shuffle follows from it."""
    burn: str = "standard"
    """Cards burned face down at the start of each shoe: ``standard`` (none: the published
    game burns none), ``none`` or a number."""
    cut_card: int | None = None
    """Cards behind the cut card (``None``: 16)."""
    threshold: str | None = None
    """The counter bets at a true count of at least this (``None``: each bet's break-even
    true count, from the count's fit on the full shoe)."""
    level: int = 2
    """Largest tag of the derived counts."""
    count_tags: str | None = None
    """A count system of your own (``--count-system``: ``TAGS`` or ``NAME=TAGS``, a tag per
    rank) to play instead of each bet's derived count."""
    compare_counts: tuple[str, ...] = ()
    """More counts (``NAME=TAGS``) played on the same shoes, compared with the counter's."""
    ramp: str | None = None
    """A bet ramp played with every count, ``"2:1,4:2"`` (true count : units) on the side
    bets (on the main bets when there are none), or per bet, ``"tie=2:1,4:3"``."""
    ramp_min: int = 0
    """Units bet below the ramp's first true count (0: sit the hand out)."""
    wong_out: str | None = None
    """No ramp or Kelly bet on a hand whose true count is below this."""
    kelly: str | None = None
    """A bankroll (units) whose Kelly bets make a ramp for every count and bet."""
    max_bet: int | None = None
    """The largest Kelly or optimal bet, in units."""
    bankroll: str | None = None
    """Units at risk, for the risk of ruin (``None``: 1000)."""
    hands_per_hour: int | None = None
    """Hands dealt an hour (``None``: :data:`HANDS_PER_HOUR`)."""
    optimal_ror: str | None = None
    """A risk of ruin whose optimal ramp for ``bankroll`` is played with every count."""
    chips: str | None = None
    """The chips every bet is made of, ``"5,25,100"`` (units)."""
    trip_hours: str | None = None
    """A trip's length in hours, for the risk of ruin within it."""
    goal: str | None = None
    """Units to win before the bankroll is lost, for the chance of each first."""
    fast: bool = False
    """``--fast``: deal, count, bet and settle without pricing any hand (the win as
    dealt; no perfect-information strategy, depth table or Kelly ramp)."""
    wong_in: str | None = None
    """``--fast`` only: a ramp sits out until the true count reaches this, then plays
    until the shoe ends or the true count falls below ``wong_out``."""

    _BETTING: ClassVar[tuple[tuple[str, object], ...]] = (
        ("compare_counts", ()),
        ("ramp", None),
        ("ramp_min", 0),
        ("wong_out", None),
        ("kelly", None),
        ("max_bet", None),
        ("bankroll", None),
        ("hands_per_hour", None),
        ("optimal_ror", None),
        ("chips", None),
        ("trip_hours", None),
        ("goal", None),
        ("fast", False),
        ("wong_in", None),
    )
    """The betting fields and their defaults: recorded only when set (a document written
    before they existed is the same request), and any set asks for the economics."""

    def __post_init__(self) -> None:
        from baccarat_exact.analysis.dragon_tiger.simulate import parse_burn

        _DragonTigerRequest.__post_init__(self)
        if self.shoes < 1:
            raise SimulationError(f"--shoes must be 1 or more, got {self.shoes}")
        if self.cut_card is not None and self.cut_card < 0:
            raise SimulationError(f"--cut-card must be 0 or more, got {self.cut_card}")
        parse_burn(self.burn)
        _level(self.level)
        _own(self.count_tags)
        self._threshold()
        if self.economics:
            self._compared()
            self._ramps(self._betting())
            self._trip()
            self._wong_in()

    def to_dict(self) -> dict[str, Any]:
        """The inputs as JSON keeps them; the betting fields only where set."""
        data = Request.to_dict(self)
        for name, default in self._BETTING:
            if data.get(name) == (list(default) if isinstance(default, tuple) else default):
                del data[name]
        return data

    @property
    def economics(self) -> bool:
        """Whether the run plays a betting plan and reports its economics: any betting
        option given (``--ramp``, ``--kelly``, ``--bankroll``…)."""
        return any(getattr(self, name) != default for name, default in self._BETTING)

    def _betting(self) -> Betting:
        from baccarat_exact.commands.simulate import read_simulation_betting

        if self.hands_per_hour is not None and self.hands_per_hour < 1:
            raise SimulationError(f"--hands-per-hour must be 1 or more, got {self.hands_per_hour}")
        return read_simulation_betting(
            ramp=self.ramp,
            ramp_min=self.ramp_min,
            wong_out=self.wong_out,
            kelly=self.kelly,
            max_bet=self.max_bet,
            bankroll="1000" if self.bankroll is None else self.bankroll,
            optimal_ror=self.optimal_ror,
            chips=self.chips,
        )

    def _ramps(self, betting: Betting) -> tuple[Ramp | None, ...]:
        """Each priced bet's ramp (``--ramp tie=2:1,4:3`` per bet, or steps alone for the
        side bets, the main bets of a run without them)."""
        from baccarat_exact.analysis.dragon_tiger.game import MAIN_BETS
        from baccarat_exact.analysis.fast_counting import bet_ramps
        from baccarat_exact.analysis.ramps import check_chips

        names = tuple(bet.name for bet in self.priced(self.shoe.shoe())[0])
        if self.ramp is None:
            return tuple(None for _ in names)
        ramps = bet_ramps(self.ramp, names, self.ramp_min, betting.wong_out, MAIN_BETS)
        if betting.chips:
            for ramp in ramps:
                if ramp is not None:
                    check_chips(ramp, betting.chips)
        return ramps

    def _compared(self) -> tuple[RankCount, ...]:
        """The counts compared, each named and once."""
        from baccarat_exact.analysis.dragon_tiger.eor import parse_rank_count

        found: list[RankCount] = []
        for text in self.compare_counts:
            if "=" not in text:
                raise SimulationError(
                    f"--compare-count takes NAME=TAGS (a tag per rank), got {text!r}"
                )
            count = parse_rank_count(text)
            if count.name in ("derived", "yours") or count.name in (c.name for c in found):
                raise SimulationError(
                    f"--compare-count: the name {count.name!r} is taken; choose another"
                )
            found.append(count)
        return tuple(found)

    def seconds(self, workers: int = 1) -> float:
        """A rough estimate of the run's time on ``workers`` processes (Kelly and optimal
        ramps deal the shoes twice)."""
        import math

        shoe = self.shoe.shoe()
        per_card = (
            FAST_SECONDS_PER_CARD
            if self.fast
            else SECONDS_PER_CARD_PER_BET * len(self.priced(shoe)[0])
        )
        passes = 2 if not self.fast and (self.kelly or self.optimal_ror) else 1
        try:
            return passes * float(self.shoes) * shoe.cards * per_card / max(workers, 1)
        except OverflowError:
            return math.inf

    def long_run(self, jobs: int = 1, cluster: str | None = None) -> str | None:
        """What to say before a run estimated past a minute (``None``: a short run), as
        ``simulate`` says it.

        :raises SimulationError: for a run estimated beyond a day on its workers.
        """
        from baccarat_exact.commands.simulate import (
            LONG_SECONDS,
            SimulateRequest,
            duration_text,
            refuse_beyond_a_day,
        )

        workers = SimulateRequest.workers(jobs, cluster)
        if workers is None:  # a remote cluster: its workers are not known here
            seconds, on = self.seconds(), "one core (the cluster's workers share it)"
        else:
            seconds = self.seconds(workers)
            refuse_beyond_a_day(
                seconds,
                f"--shoes {self.shoes}",
                workers,
                "give fewer shoes, or more workers (--jobs)",
            )
            on = "one core (--jobs N shares it)" if workers == 1 else f"{workers} processes"
        if seconds <= LONG_SECONDS:
            return None
        return f"{self.shoes:,} shoes take roughly {duration_text(seconds)} on {on}"

    def _wong_in(self) -> float | None:
        """``--wong-in``, checked against the mode and the betting (as baccarat's)."""
        from baccarat_exact.analysis.ramps import read_number

        if self.wong_in is not None and not self.fast:
            raise SimulationError("--wong-in is played by --fast: give --fast")
        if self.fast and (self.kelly is not None or self.optimal_ror is not None):
            raise SimulationError(
                f"{'--kelly' if self.kelly is not None else '--optimal-ror'} sets bets from each "
                "hand's exact EV, which --fast does not compute: give --ramp, or leave out --fast"
            )
        enter = read_number(self.wong_in, "--wong-in")
        if enter is not None and self.ramp is None:
            raise SimulationError("--wong-in applies to a ramp: give --ramp")
        out = self._betting().wong_out
        if enter is not None and out is not None and out > enter:
            raise SimulationError(f"--wong-out ({out:g}) must not be above --wong-in ({enter:g})")
        return enter

    def _trip(self) -> tuple[float | None, float | None]:
        from baccarat_exact.analysis.ramps import check_trip, read_number

        hours, goal = read_number(self.trip_hours, "--trip-hours"), read_number(self.goal, "--goal")
        check_trip(hours, goal)
        return hours, goal

    def _threshold(self) -> Fraction | None:
        from baccarat_exact.model.exact import exact_number

        if self.threshold is None:
            return None
        return exact_number(self.threshold, "--threshold", SimulationError, "2 or 1.5")

    def compute(self, context: Context) -> SimulationResult | FastResult:
        """Fit each bet's count on the full shoe, then deal (with ``--fast``, count, bet
        and settle only)."""
        from baccarat_exact.analysis.dragon_tiger.eor import fit, fits, removal_effects
        from baccarat_exact.analysis.dragon_tiger.simulate import (
            check_room,
            deal_shoes,
            parse_burn,
        )

        shoe = self.shoe.shoe()
        cut_card = CUT_CARD if self.cut_card is None else self.cut_card
        check_room(shoe, parse_burn(self.burn), cut_card)
        rules = self.rules.rules()
        bets, _ = self.priced(shoe)
        own = _own(self.count_tags)
        eor = removal_effects(shoe, rules, bets)
        found = (
            [fit(eor, b, own) for b in range(len(bets))]
            if own is not None
            else fits(eor, self.level, None)[0]
        )
        threshold = self._threshold()
        counts = [
            (
                f.count if any(f.count.tags) else None,
                threshold if threshold is not None else f.break_even,
            )
            for f in found
        ]
        from baccarat_exact.analysis.cluster import cluster_address
        from baccarat_exact.analysis.runner import Runner

        runner = Runner(
            context.jobs,
            cluster_address(context.cluster, context.cluster_security),
            context.worker_setup,
        )
        plan = None
        if self.economics:
            plan = self._plan(eor, found, threshold)
        if plan is not None and self.fast:
            return self._fast(context, plan, tuple(counts), runner)
        passes = 2 if plan is not None and plan.measured else 1  # Kelly: measured first
        with context.progress(self.shoes * passes, "dealing shoes") as advance:
            dealt = deal_shoes(
                shoe,
                rules,
                bets,
                counts,
                shoes=self.shoes,
                seed=self.seed,
                burn=parse_burn(self.burn),
                cut_card=cut_card,
                plan=plan,
                runner=runner,
                progress=advance,
            )
        hours, goal = self._trip()
        return SimulationResult(shoe, rules, dealt, threshold, hours, goal)

    def _fast(
        self,
        context: Context,
        plan: BettingPlan,
        counts: CountPlay,
        runner: Runner,
    ) -> FastResult:
        """The ``--fast`` run: the counter's count and those compared, each bet flat and
        with its ramp."""
        from baccarat_exact.analysis.dragon_tiger.fast import fast_deal
        from baccarat_exact.analysis.dragon_tiger.simulate import parse_burn

        shoe = self.shoe.shoe()
        cut_card = CUT_CARD if self.cut_card is None else self.cut_card
        with context.progress(self.shoes, "dealing shoes") as advance:
            run = fast_deal(
                shoe,
                self.rules.rules(),
                self.priced(shoe)[0],
                [(plan.counter, counts), *plan.compared],
                plan.ramps,
                shoes=self.shoes,
                seed=self.seed,
                burn=parse_burn(self.burn),
                cut_card=cut_card,
                wong_in=self._wong_in(),
                wong_out=plan.betting.wong_out,
                bankroll=plan.betting.bankroll,
                hands_per_hour=plan.hands_per_hour,
                runner=runner,
                progress=advance,
            )
        hours, goal = self._trip()
        return FastResult(run, hours, goal)

    def _plan(
        self, eor: DragonTigerEor, found: Sequence[RankCountFit], threshold: Fraction | None
    ) -> BettingPlan:
        """The betting plan: the ramps, Kelly and optimal ramps, the counts compared (each
        at ``--threshold`` or its break-even on each bet)."""
        from baccarat_exact.analysis.dragon_tiger.betting import BettingPlan
        from baccarat_exact.analysis.dragon_tiger.eor import fit
        from baccarat_exact.analysis.dragon_tiger.game import MAIN_BETS
        from baccarat_exact.analysis.ramps import ramped_bets

        betting = self._betting()
        compared = []
        correlations = [tuple(f.correlation for f in found)]
        for count in self._compared():
            fitted = [fit(eor, b, count) for b in range(len(eor.bets))]
            play = tuple(
                (
                    count if any(count.tags) else None,
                    threshold if threshold is not None else f.break_even,
                )
                for f in fitted
            )
            compared.append((count.name, play))
            correlations.append(tuple(f.correlation for f in fitted))
        names = tuple(bet.name for bet in eor.bets)
        return BettingPlan(
            ramps=self._ramps(betting),
            kelly_on=ramped_bets(names, MAIN_BETS),
            betting=betting,
            hands_per_hour=HANDS_PER_HOUR if self.hands_per_hour is None else self.hands_per_hour,
            counter="derived" if self.count_tags is None else "yours",
            compared=tuple(compared),
            correlations=tuple(correlations),
        )

    def report(self, result: SimulationResult | FastResult, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.dragon_tiger import fast_report, simulate_report

        if isinstance(result, FastResult):
            return fast_report(result.run, result.trip_hours, result.goal)
        return simulate_report(
            result.shoe, result.rules, result.dealt, result.trip_hours, result.goal
        )
