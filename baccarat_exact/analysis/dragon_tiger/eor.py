"""Dragon Tiger's effects of removal, by rank, and the linear counts fitted to them.

The effect of removal of rank r on a bet is ``EV(shoe − one r) − EV(shoe)``, exact, the
card taken out of unknown suit. Ranks matter here one by one (a ten and a king are not
alike), so a count has a tag per rank, A … K. As for baccarat, a burned card unseen
changes no bet's EV, so ``Σ_r n_r · EOR_r = 0`` for every shoe and bet
(:meth:`DragonTigerEor.weighted_sum`). A count's tags are Thorp's (proportional to the
effects, small integers, balanced: :func:`~baccarat_exact.analysis.counting.derive_tags`,
the function baccarat's and blackjack's counts are fitted by), or your own; its fit gives
the EV per unit of true count and the true count where the bet breaks even.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.analysis.dragon_tiger.game import (
    DragonTigerBet,
    DragonTigerRules,
    dragon_tiger_odds,
)
from baccarat_exact.errors import CardError, CountError, ShoeError
from baccarat_exact.model.cards import RANKS, parse_rank
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "DragonTigerEor",
    "RankCount",
    "RankCountFit",
    "derived",
    "fit",
    "fits",
    "parse_rank_count",
    "parse_rank_tags",
    "removal_effects",
]


@dataclass(frozen=True, slots=True)
class RankCount:
    """A linear count with one tag per rank, A … K."""

    name: str
    tags: tuple[int, ...]

    def label(self) -> str:
        """``A:+1 2:0 … K:-1`` (the form ``--count-system`` reads)."""
        return " ".join(
            f"{rank.value}:{t:+d}" if t else f"{rank.value}:0" for rank, t in zip(RANKS, self.tags)
        )


def parse_rank_tags(text: str, name: str = "your count") -> RankCount:
    """Read ``"A:1,2:1,…,K:-1"`` (ranks not named get 0; ``10`` for ``T``).

    >>> parse_rank_tags("8:-1, K:-1, 2:1").label()
    'A:0 2:+1 3:0 4:0 5:0 6:0 7:0 8:-1 9:0 T:0 J:0 Q:0 K:-1'
    >>> parse_rank_tags("Z:1")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: --count-system: unknown rank 'Z' in 'Z:1' (use A 2-9 T J Q K)
    """
    tags = [0] * 13
    for item in (part.strip() for part in re.split(r"[,\s]+", text) if part.strip()):
        key, colon, value = item.partition(":")
        try:
            rank = parse_rank(key.strip())
        except CardError:
            raise CountError(
                f"--count-system: unknown rank {key.strip()!r} in {text!r} (use A 2-9 T J Q K)"
            ) from None
        if not colon or not re.fullmatch(r"[+-]?\d{1,3}", value.strip()):
            raise CountError(f"--count-system: expected RANK:TAG (a whole number), got {item!r}")
        tags[rank.ordinal] = int(value)
    if not any(tags):
        raise CountError(f"--count-system: every tag is 0 in {text!r}")
    return RankCount(name, tuple(tags))


def parse_rank_count(text: str) -> RankCount:
    """A count system as ``--count-system`` gives it (the syntax of both games), read with
    a tag per rank: ``TAGS`` or ``NAME=TAGS`` (no count of Dragon Tiger is published).

    >>> parse_rank_count("mine=8:-1,K:-1").name, parse_rank_count("8:-1").name
    ('mine', 'your count')
    >>> parse_rank_count("hi-lo")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: --count-system: no published count of Dragon Tiger is known ('hi-lo'); give TAGS such as 'A:1,8:-1' or NAME=TAGS
    """
    from baccarat_exact.analysis.counting import tags_of_system

    name, tags = tags_of_system(text)
    if tags is None:
        raise CountError(
            f"--count-system: no published count of Dragon Tiger is known ({text.strip()!r}); "
            "give TAGS such as 'A:1,8:-1' or NAME=TAGS"
        )
    return parse_rank_tags(tags, name or "your count")


@dataclass(frozen=True, slots=True)
class RankCountFit:
    """How well a count follows one bet on one shoe (from the exact effects)."""

    count: RankCount
    bet: str
    imbalance: int
    """Σ cards · tag over the shoe: 0 for a balanced count."""
    correlation: float | None
    """The betting correlation: the card-weighted correlation of tags and effects."""
    ev_per_true_count: Fraction
    """β·(N−1)/52: the change of EV per unit of true count (β: the least-squares slope of
    the effects on the centred tags)."""
    ev: Fraction
    """The bet's EV on the shoe itself."""

    @property
    def break_even(self) -> Fraction | None:
        """The true count where the linear estimate of the EV reaches 0 (``None`` without a slope)."""
        return None if self.ev_per_true_count == 0 else -self.ev / self.ev_per_true_count


@dataclass(frozen=True, slots=True)
class DragonTigerEor:
    """Exact effects of removal of each rank on each bet, for one shoe and rules."""

    shoe: Shoe
    rules: DragonTigerRules
    bets: tuple[DragonTigerBet, ...]
    evs: tuple[Fraction, ...]
    effects: tuple[tuple[Fraction, ...] | None, ...]
    """Per rank A … K, the effect on each bet (``None``: the shoe holds none of the rank)."""

    def column(self, bet: int) -> list[Fraction]:
        """The effects of every rank on bet ``bet`` (0 where the shoe holds none)."""
        return [Fraction(0) if row is None else row[bet] for row in self.effects]

    def weighted_sum(self, bet: int) -> Fraction:
        """Σ cards · effect: exactly 0 for every shoe and bet."""
        return sum((n * e for n, e in zip(self.shoe.counts, self.column(bet))), Fraction(0))


def removal_effects(
    shoe: Shoe, rules: DragonTigerRules, bets: Sequence[DragonTigerBet]
) -> DragonTigerEor:
    """The exact effect of removing one card of each rank on each bet.

    >>> from baccarat_exact.analysis.dragon_tiger.game import BETS
    >>> eor = removal_effects(Shoe.from_decks(1), DragonTigerRules(), BETS)
    >>> eor.effects[0][4], eor.weighted_sum(4)  # an ace out: dragon-big gains
    (Fraction(4, 221), Fraction(0, 1))

    :raises ShoeError: for an infinite shoe, or one of fewer than 3 cards.
    """
    if shoe.infinite:
        raise ShoeError("effect of removal needs a finite shoe: an infinite shoe never runs out")
    if shoe.cards < 3:
        raise ShoeError(
            f"effect of removal needs at least 3 cards (2 left after removing one), the shoe holds {shoe.cards}"
        )
    base = tuple(odds.ev for odds in dragon_tiger_odds(shoe, rules, bets))
    effects: list[tuple[Fraction, ...] | None] = []
    for rank, n in zip(RANKS, shoe.counts):
        if not n:
            effects.append(None)
            continue
        less = dragon_tiger_odds(shoe.remove(rank), rules, bets)
        effects.append(tuple(odds.ev - ev for odds, ev in zip(less, base)))
    return DragonTigerEor(shoe, rules, tuple(bets), base, tuple(effects))


def fit(eor: DragonTigerEor, bet: int, count: RankCount) -> RankCountFit:
    """The fit of ``count`` to bet ``bet``: imbalance, betting correlation, EV per true count."""
    from baccarat_exact.analysis.counting import betting_correlation

    cards = eor.shoe.counts
    effects = eor.column(bet)
    total = sum(cards)
    imbalance = sum(n * t for n, t in zip(cards, count.tags))
    mean = Fraction(imbalance, total)
    sxy = sum((n * (t - mean) * e for n, t, e in zip(cards, count.tags, effects)), Fraction(0))
    sxx = sum((n * (t - mean) ** 2 for n, t in zip(cards, count.tags)), Fraction(0))
    slope = sxy / sxx if sxx else Fraction(0)
    return RankCountFit(
        count=count,
        bet=eor.bets[bet].name,
        imbalance=imbalance,
        correlation=betting_correlation(cards, count.tags, effects),
        ev_per_true_count=slope * (total - 1) / 52,
        ev=eor.evs[bet],
    )


def derived(eor: DragonTigerEor, bet: int, level: int) -> RankCount:
    """Thorp's count for bet ``bet``: tags up to ±``level`` proportional to its effects."""
    from baccarat_exact.analysis.counting import derive_tags

    tags = derive_tags(eor.shoe.counts, eor.column(bet), level)
    return RankCount(f"{eor.bets[bet].name} (level {level})", tuple(tags))


def fits(
    eor: DragonTigerEor, level: int, own: RankCount | None
) -> tuple[list[RankCountFit], list[RankCountFit]]:
    """Each bet's derived count fitted to it, and ``own`` fitted to each bet (empty without)."""
    found = [fit(eor, b, derived(eor, b, level)) for b in range(len(eor.bets))]
    mine = [fit(eor, b, own) for b in range(len(eor.bets))] if own is not None else []
    return found, mine
