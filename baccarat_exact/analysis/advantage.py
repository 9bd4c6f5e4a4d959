"""The advantage-play section of a submission: how far a card counter can beat one bet.

Exact parts first, from the effects of removal (:mod:`.eor`): each card's effect on the
bet, the best balanced count with tags up to ±level (Thorp's method, :mod:`.counting`),
its betting correlation, the EV it predicts per unit of true count and the true count at
which the bet turns positive (the trigger). Then a seeded run of the fast counting mode
(``simulate --fast``, :mod:`.fast_simulate`): shoes dealt, counted with that count, the
bet made (one unit) at the trigger and above, giving how often it triggers and the win per
100 hands dealt and per hour, each ± its standard error.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.analysis.counting import CountFit, derive_count, fit_count
from baccarat_exact.analysis.eor import effect_of_removal
from baccarat_exact.analysis.estimates import Estimate
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "AdvantagePlay",
    "CardEffect",
    "CountedRun",
    "advantage_play",
    "advantage_refused",
    "counted_run",
]

CUT_CARD = 16
"""Cards behind the cut card: ``simulate``'s default."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardEffect:
    """One card's exact effect of removal on the bet (ranks of one effect share a row)."""

    label: str
    """``A``, ``2`` … or ``T J Q K``."""
    value: int
    """Their point value (the count's tag is per value)."""
    cards: int
    """Cards of these ranks in the shoe."""
    effect: Fraction | None
    """EV(shoe − one card) − EV(shoe); None when the shoe holds none."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CountedRun:
    """The seeded fast counting run: the count's flat one-unit bet at the trigger."""

    shoes: int
    seed: int
    hands_per_hour: int
    hands_per_shoe: Estimate
    hands_bet_per_shoe: Estimate
    won_per_100: Estimate
    """Units won per 100 hands dealt (the counter sits out the others)."""
    won_per_hour: Estimate
    compiled: bool
    """Whether the compiled step dealt the shoes (the figures are the same either way)."""

    @property
    def trigger_share(self) -> Estimate:
        """The share of hands dealt at the trigger or above, ± the standard error of the
        hands bet per shoe over the mean hands per shoe (which barely varies)."""
        per_shoe = self.hands_per_shoe.value
        se = self.hands_bet_per_shoe.se
        return Estimate(
            self.hands_bet_per_shoe.value / per_shoe, None if se is None else se / per_shoe
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AdvantagePlay:
    """The exact effects and count of one bet on one shoe, and the counted run (None where
    the fast mode cannot deal the shoe or settle the bet, e.g. suits it does not know)."""

    effects: tuple[CardEffect, ...]
    weighted_sum: Fraction
    """Σ cards · effect: exactly 0, the identity that makes a count balanced."""
    fit: CountFit
    level: int
    run: CountedRun | None
    no_run: str = ""
    """Why there is no run, in words (empty when there is one)."""

    @property
    def trigger(self) -> float | None:
        """The true count at which the linear model's EV reaches 0 (None: no slope)."""
        return self.fit.break_even


SMALLEST_SHOE = 7
"""Cards a shoe needs for the effects of removal: a round can take six after one is out."""


def advantage_refused(shoe: Shoe, bet: Bet) -> str:
    """Why the advantage-play section cannot be made for ``bet`` on ``shoe``, in words
    (empty when it can).

    >>> from baccarat_exact.model.catalogue import find_bet
    >>> advantage_refused(Shoe.from_decks(8), find_bet("dragon-7"))
    ''
    >>> advantage_refused(Shoe.infinite_shoe(), find_bet("dragon-7"))
    'an infinite shoe never runs out: no card is removed, so no effect of removal and no count'
    """
    if shoe.infinite:
        return (
            "an infinite shoe never runs out: no card is removed, so no effect of removal "
            "and no count"
        )
    if bet.needs_cards:
        return (
            f"{bet.name} looks at the ranks of particular dealt cards, which the effects of "
            "removal and the counting run do not price"
        )
    if shoe.cards < SMALLEST_SHOE:
        return f"the shoe holds {shoe.cards} cards: effects of removal need {SMALLEST_SHOE} or more"
    return ""


def advantage_play(
    shoe: Shoe,
    rules: Rules,
    bet: Bet,
    *,
    level: int,
    shoes: int,
    seed: int,
    hands_per_hour: int,
) -> AdvantagePlay:
    """The exact effects of removal and best count of ``bet`` on ``shoe``, then
    :func:`counted_run` of ``shoes`` shoes from ``seed``.

    :raises ShoeError: for a shoe :func:`advantage_refused` refuses.
    """
    eor = effect_of_removal(shoe, rules, (bet,))
    count = derive_count(eor, 0, level)
    fit = fit_count(eor, 0, count)
    effects = tuple(
        CardEffect(
            label=row.label,
            value=row.value,
            cards=row.cards,
            effect=None if row.effects is None else row.effects[0],
        )
        for row in eor.rows
    )
    run, no_run = None, ""
    try:
        run = counted_run(
            shoe, rules, bet, level=level, shoes=shoes, seed=seed, hands_per_hour=hands_per_hour
        )
    except SimulationError as error:  # a shoe or bet the fast mode cannot deal: said why
        no_run = str(error)
    return AdvantagePlay(
        effects=effects,
        weighted_sum=eor.weighted_sum(0),
        fit=fit,
        level=level,
        run=run,
        no_run=no_run,
    )


def counted_run(
    shoe: Shoe,
    rules: Rules,
    bet: Bet,
    *,
    level: int,
    shoes: int,
    seed: int,
    hands_per_hour: int,
) -> CountedRun:
    """``shoes`` shoes dealt from ``seed`` by the fast counting mode, ``bet`` made one unit
    wherever its derived count (tags up to ±``level``) reaches its break-even true count.

    :raises SimulationError: for a shoe or bet the fast mode cannot deal.
    """
    from baccarat_exact.analysis.dealing import SimulationSettings
    from baccarat_exact.analysis.fast_counting import FastSettings
    from baccarat_exact.analysis.fast_simulate import fast_simulate

    settings = SimulationSettings(
        shoe=shoe,
        rules=rules,
        bets=(bet,),
        shoes=shoes,
        seed=seed,
        cut_card=CUT_CARD,
        level=level,
        hands_per_hour=hands_per_hour,
    )
    result = fast_simulate(FastSettings(settings))
    flat = next(e for e in result.economics if e.strategy.kind == "flat" and e.count == "derived")
    return CountedRun(
        shoes=shoes,
        seed=seed,
        hands_per_hour=hands_per_hour,
        hands_per_shoe=result.hands_per_shoe,
        hands_bet_per_shoe=flat.hands_bet_per_shoe,
        won_per_100=flat.won_per_100,
        won_per_hour=flat.won_per_hour,
        compiled=result.compiled,
    )
