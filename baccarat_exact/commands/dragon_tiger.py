"""``dragon-tiger odds | eor | simulate``: Dragon Tiger's requests, each defined once.

The shoe is a :class:`~baccarat_exact.commands.inputs.ShoeInput` (the card notation and
options of every baccarat command); the rules are what the Tie and the Suited Tie pay and
what a main bet loses on a tie (:class:`DragonTigerRulesInput`); the bets are named, or
every bet the shoe can price.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, TypeVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Inputs, Request, View
from baccarat_exact.commands.inputs import EIGHT_DECKS, ShoeInput
from baccarat_exact.errors import CountError, RulesError, SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.dragon_tiger.eor import DragonTigerEor, RankCount, RankCountFit
    from baccarat_exact.analysis.dragon_tiger.game import (
        DragonTigerBet,
        DragonTigerOdds,
        DragonTigerRules,
    )
    from baccarat_exact.analysis.dragon_tiger.simulate import DealtShoes
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
    """The shoes dealt and the counts played."""

    shoe: Shoe
    rules: DragonTigerRules
    dealt: DealtShoes
    threshold: Fraction | None


@dataclass(frozen=True, slots=True, kw_only=True)
class DragonTigerSimulateRequest(_DragonTigerRequest[SimulationResult]):
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

    def _threshold(self) -> Fraction | None:
        from baccarat_exact.model.exact import exact_number

        if self.threshold is None:
            return None
        return exact_number(self.threshold, "--threshold", SimulationError, "2 or 1.5")

    def compute(self, context: Context) -> SimulationResult:
        """Fit each bet's count on the full shoe, then deal."""
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
        with context.progress(self.shoes, "dealing shoes") as advance:
            dealt = deal_shoes(
                shoe,
                rules,
                bets,
                counts,
                shoes=self.shoes,
                seed=self.seed,
                burn=parse_burn(self.burn),
                cut_card=cut_card,
            )
            if advance is not None:
                advance(self.shoes)
        return SimulationResult(shoe, rules, dealt, threshold)

    def report(self, result: SimulationResult, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.dragon_tiger import simulate_report

        return simulate_report(result.shoe, result.rules, result.dealt)
