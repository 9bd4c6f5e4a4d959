"""Linear card counts from the effects of removal (Thorp's method).

A linear count gives every card a point value (a *tag*); the running count is
the sum of the tags of the cards seen, and the *true count* is the running
count per 52 cards still unseen. Thorp's method makes the tags proportional to
the effects of removal and scales them to small integers; a good count has a
*betting correlation* (the card-weighted correlation of its tags with the
exact effects) close to 1.

The linear model behind the break-even true count: removing a set R of m
cards from a shoe of N changes a bet's EV by about ``(N−1)/(N−m) · Σ_R EOR``,
so with tags ``p ≈ EOR / β`` the EV at true count TC is about
``EV + β·(N−1)/52 · TC``. Counts are tags per point value (all 10-value cards
share one tag).

The fitting itself (:func:`derive_tags`, :func:`betting_correlation`) reads only the
cards of each value and their effects, in any order of the values: blackjack's effects
of removal are fitted by the same functions as baccarat's.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from baccarat_exact.errors import CardError, CountError
from baccarat_exact.model.cards import parse_rank
from baccarat_exact.model.exact import to_float

if TYPE_CHECKING:  # numpy and the pricer load with the first count derived, not with the
    # options: a command's --help and parsing a count need neither
    import numpy as np
    import numpy.typing as npt

    from baccarat_exact.analysis.eor import EffectOfRemoval

__all__ = [
    "DEFAULT_LEVEL",
    "MAX_LEVEL",
    "PUBLISHED_COUNTS",
    "CountFit",
    "CountSystem",
    "Game",
    "PublishedCount",
    "bet_fits",
    "betting_correlation",
    "derive_count",
    "derive_tags",
    "fit_count",
    "parse_count",
    "parse_count_system",
    "parse_named_count",
    "published_counts",
    "tags_of_system",
]

DEFAULT_LEVEL = 2
"""Largest tag of a derived count: ±2 keeps it easy and is already close to the best fit."""
MAX_LEVEL = 9
"""Largest ``--level``: tags beyond ±9 are no count a person keeps, and the search for the
best tags grows with the level."""

_VALUE_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
_VALUE_LABEL = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 0: "T"}


@dataclass(frozen=True, slots=True, kw_only=True)
class CountSystem:
    """A linear count: one integer tag per point value (index 0 = T, J, Q, K).

    >>> parse_count("A:1, 4:2, 6:-2, T:-1").label()
    'A:+1 2:0 3:0 4:+2 5:0 6:-2 7:0 8:0 9:0 T:-1'
    """

    name: str
    tags: tuple[int, ...]
    unit: int = 1
    """The tags are in 1/unit points (2 for a count of half points, Wong Halves: kept
    exact as whole numbers of half points)."""
    red_seven: int | None = None
    """A red seven's tag where it is not a black seven's (Red 7; ``tags[7]`` is then the
    black seven's); None: every seven tagged alike."""
    irc: tuple[int, int] | None = None
    """An unbalanced count's initial running count, ``(a, b)``: ``a + b × decks``, in
    points (KO: 4 − 4 × decks); its running count is what the player reads, no true count.
    None: a balanced count, read as a true count."""

    def __post_init__(self) -> None:
        if len(self.tags) != 10:
            raise CountError(f"a count needs 10 tags (values 0-9), got {len(self.tags)}")
        if self.unit < 1:
            raise CountError(f"a count's unit must be 1 or more, got {self.unit}")

    def initial_count(self, decks: int) -> int:
        """The running count a shoe of ``decks`` decks starts at, in tag units (0 for a
        balanced count).

        >>> parse_named_count("ko", "blackjack").initial_count(6)
        -20
        """
        if self.irc is None:
            return 0
        return (self.irc[0] + self.irc[1] * decks) * self.unit

    def tag_of_value(self, value: int) -> int:
        """The tag of a card of point value ``value``."""
        return self.tags[value]

    def rank_tags(self) -> tuple[int, ...]:
        """Tags of the 13 ranks A..K."""
        from baccarat_exact.model.cards import POINT_VALUE

        return tuple(self.tags[v] for v in POINT_VALUE)

    def label(self) -> str:
        """``A:+1 2:+1 … T:0`` (the form ``--count-system`` reads); half points as ``+0.5``,
        a red seven's own tag and an unbalanced count's start after the tags.

        >>> parse_named_count("red-7", "blackjack").label()
        'A:-1 2:+1 3:+1 4:+1 5:+1 6:+1 7:0 8:0 9:0 T:-1 red 7:+1 IRC:-2×decks'
        """
        text = " ".join(f"{_VALUE_LABEL[v]}:{self._points(self.tags[v])}" for v in _VALUE_ORDER)
        if self.red_seven is not None:
            text += f" red 7:{self._points(self.red_seven)}"
        if self.irc is not None:
            a, b = self.irc
            text += f" IRC:{a:+d}{b:+d}×decks" if a else f" IRC:{b:+d}×decks"
        return text

    def _points(self, tag: int) -> str:
        """A tag in points: ``+1``, ``-0.5``, ``0``."""
        if not tag:
            return "0"
        if tag % self.unit == 0:
            return f"{tag // self.unit:+d}"
        return f"{tag / self.unit:+g}"

    def in_order(self) -> tuple[int, ...]:
        """Tags in display order A 2 … 9 T."""
        return tuple(self.tags[v] for v in _VALUE_ORDER)


def parse_count(text: str, name: str = "your count") -> CountSystem:
    """Read ``"A:1,2:1,3:1,4:2,5:-1,6:-2,7:-1,8:-1"``; values not named get 0.

    Keys are ranks (``A``, ``2``–``9``, ``T``/``10``, ``J``, ``Q``, ``K``, or ``0``
    for the 10-value cards); every 10-value rank shares one tag.

    >>> parse_count("A:1,A:2")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: the tag of A is given twice in 'A:1,A:2'
    """
    tags = [0] * 10
    seen: set[int] = set()
    items = [item for item in re.split(r"[,\s]+", text.strip()) if item]
    if not items:
        raise CountError(f"a count needs tags such as 'A:1,2:1,...', got {text!r}")
    for item in items:
        key, sep, points = item.partition(":")
        if not sep:
            key, sep, points = item.partition("=")
        if not sep:
            raise CountError(f"expected CARD:TAG such as 4:+2, got {item!r} in {text!r}")
        try:
            value = 0 if key.strip() == "0" else parse_rank(key).point
        except CardError as error:
            raise CountError(f"{error}, in count {text!r}") from None
        if value in seen:
            raise CountError(f"the tag of {_VALUE_LABEL[value]} is given twice in {text!r}")
        seen.add(value)
        try:
            tags[value] = int(points)
        except ValueError:
            raise CountError(
                f"the tag of {key.strip()} must be a whole number, got {points!r} in {text!r}"
            ) from None
    return CountSystem(name=name, tags=tuple(tags))


Game = Literal["baccarat", "blackjack"]
"""The game a published count is for: each game's commands take its own counts by name."""


class PublishedCount(NamedTuple):
    """A count known by name: its tags (as :func:`parse_count` reads them), where it was
    published, and the game it counts; for a blackjack count also its unit, a red seven's
    own tag and an unbalanced count's start (:class:`CountSystem`'s fields)."""

    tags: str
    source: str
    game: Game
    unit: int = 1
    red_seven: int | None = None
    irc: tuple[int, int] | None = None


PUBLISHED_COUNTS: dict[str, PublishedCount] = {
    "dragon-7": PublishedCount(
        "4:-1,5:-1,6:-1,7:-1,8:2,9:2",
        "E. Jacobson's Dragon 7 count (Wizard of Odds, 2011), the count of S. How's "
        "Dragon-7 tracking sheet (discountgambling.net, 2011-10-04)",
        "baccarat",
    ),
    "dragon-7-how": PublishedCount(
        "A:1,4:-1,5:-1,6:-1,7:-1,8:2,9:2",
        "S. How's unbalanced Dragon 7 count (discountgambling.net, 2012-10-24)",
        "baccarat",
    ),
    "panda-8": PublishedCount(
        "A:1,2:1,3:-2,4:-2,5:-2,6:-1,7:-1,8:-2,9:4,T:1",
        "the Panda 8 count simulated in E. Jacobson's \"Co-Card Counting the Dragon and "
        "Panda Side Bets in EZ Baccarat\" (888casino.com), after M. Shackleford's analysis",
        "baccarat",
    ),
    "panda-8-how": PublishedCount(
        "A:1,4:-1,5:-1,9:2",
        "S. How's simplified Panda-8 co-count (discountgambling.net, 2012-12-09)",
        "baccarat",
    ),
    "hi-lo": PublishedCount(
        "2:1,3:1,4:1,5:1,6:1,T:-1,A:-1",
        "H. Dubner's High-Low count (1963), as S. Wong's *Professional Blackjack* gives it: "
        "2-6 count +1, 7-9 count 0, tens and aces -1",
        "blackjack",
    ),
    "zen": PublishedCount(
        "2:1,3:1,4:2,5:2,6:2,7:1,T:-2,A:-1",
        "A. Snyder's Zen Count (*Blackbelt in Blackjack*, 1983): 2, 3, 7 count +1, 4-6 +2, "
        "tens -2, aces -1",
        "blackjack",
    ),
    "hi-opt-ii": PublishedCount(
        "2:1,3:1,4:2,5:2,6:1,7:1,T:-2",
        "L. Humble and C. Cooper's Hi-Opt II (*The World's Greatest Blackjack Book*, 1980): "
        "2, 3, 6, 7 count +1, 4 and 5 +2, tens -2, aces 0",
        "blackjack",
    ),
    "omega-ii": PublishedCount(
        "2:1,3:1,4:2,5:2,6:2,7:1,9:-1,T:-2",
        "B. Carlson's Omega II (*Blackjack for Blood*, 1992): 2, 3, 7 count +1, 4-6 +2, "
        "9 -1, tens -2, aces 0",
        "blackjack",
    ),
    "wong-halves": PublishedCount(
        "2:1,3:2,4:2,5:3,6:2,7:1,9:-1,T:-2,A:-2",
        "S. Wong's Halves (*Professional Blackjack*, 1975): 2 and 7 count +1/2, 3, 4, 6 +1, "
        "5 +3/2, 9 -1/2, tens and aces -1 (kept exact in half points)",
        "blackjack",
        unit=2,
    ),
    "ko": PublishedCount(
        "2:1,3:1,4:1,5:1,6:1,7:1,T:-1,A:-1",
        "O. Vancura and K. Fuchs's Knock-Out count (*Knock-Out Blackjack*, 1998): 2-7 count "
        "+1, tens and aces -1; unbalanced (+4 a deck), the running count starts at "
        "4 - 4 x decks (the pivot, +4, is then where a Hi-Lo true count of about +4 is; the "
        "key count to raise the bet: +2 for 1 deck, +1 for 2, -4 for 6, -6 for 8)",
        "blackjack",
        irc=(4, -4),
    ),
    "red-7": PublishedCount(
        "2:1,3:1,4:1,5:1,6:1,T:-1,A:-1",
        "A. Snyder's Red Seven count (*Blackbelt in Blackjack*, 1983): Hi-Lo with the red "
        "sevens +1 and the black sevens 0; unbalanced (+2 a deck), the running count starts "
        "at -2 x decks (pivot 0)",
        "blackjack",
        red_seven=1,
        irc=(0, -2),
    ),
}
"""Every count known by name, of either game (one registry: a new count joins it here):
its tags, where it was published and the game it counts."""

_CUSTOM_COUNT = "mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1"


def published_counts(game: Game) -> tuple[str, ...]:
    """The names of the published counts of one game.

    >>> published_counts("blackjack")
    ('hi-lo', 'zen', 'hi-opt-ii', 'omega-ii', 'wong-halves', 'ko', 'red-7')
    """
    return tuple(name for name, count in PUBLISHED_COUNTS.items() if count.game == game)


def _unknown_count(text: str, game: Game) -> CountError:
    known = ", ".join(published_counts(game))
    if game == "blackjack":
        return CountError(
            f"unknown count {text!r}: use {known}, or NAME=TAGS such as {_CUSTOM_COUNT!r}"
        )
    name = text.strip().partition("=")[0].strip()
    return CountError(f"no published count {name!r} (known: {known}); give NAME=TAGS for your own")


def parse_named_count(text: str, game: Game = "baccarat") -> CountSystem:
    """``NAME=TAGS`` (a count of your own, named) or the name of a published count of
    ``game`` (:data:`PUBLISHED_COUNTS`).

    >>> parse_named_count("dragon-7").label()
    'A:0 2:0 3:0 4:-1 5:-1 6:-1 7:-1 8:+2 9:+2 T:0'
    >>> parse_named_count("mine=A:1,T:-1").name
    'mine'
    >>> parse_named_count("nonesuch")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: no published count 'nonesuch' (known: dragon-7, dragon-7-how, panda-8, panda-8-how); give NAME=TAGS for your own
    >>> parse_named_count("hi-lo", "blackjack").label()
    'A:-1 2:+1 3:+1 4:+1 5:+1 6:+1 7:0 8:0 9:0 T:-1'
    """
    name, sep, tags = text.strip().partition("=")
    name = name.strip()
    if not sep:
        published = PUBLISHED_COUNTS.get(name.lower())
        if published is None or published.game != game:
            raise _unknown_count(text, game)
        count = parse_count(published.tags, name.lower())
        return CountSystem(
            name=count.name,
            tags=count.tags,
            unit=published.unit,
            red_seven=published.red_seven,
            irc=published.irc,
        )
    if not name or not re.fullmatch(r"[\w.+-]{1,24}", name):
        raise CountError(
            f"a count's name must be 1-24 letters, digits or - _ . +, got {name!r} in {text!r}"
        )
    return parse_count(tags, name)


def tags_of_system(text: str) -> tuple[str | None, str | None]:
    """(name, tags) of a count system as ``--count-system`` gives it, in either game: a
    published count's ``NAME`` (no tags), ``TAGS`` (no name) or ``NAME=TAGS``.

    Tags are ``CARD:TAG`` pairs; a bare ``CARD=TAG`` is read as tags too (a card is never a
    count's name).

    >>> tags_of_system("hi-lo"), tags_of_system("A:1,T:-1"), tags_of_system("mine=A:1")
    (('hi-lo', None), (None, 'A:1,T:-1'), ('mine', 'A:1'))
    >>> tags_of_system("A=1,5=-1")
    (None, 'A=1,5=-1')
    """
    text = text.strip()
    head, sep, rest = text.partition("=")
    if not text or ":" in head or (sep and _is_card(head)):
        return None, text
    if not sep:
        return text, None
    return head.strip(), rest


def _is_card(text: str) -> bool:
    """Whether ``text`` names a card (the keys of a count's tags): never a count's name."""
    if text.strip() == "0":
        return True
    try:
        parse_rank(text)
    except CardError:
        return False
    return True


def parse_count_system(text: str, game: Game = "baccarat") -> CountSystem:
    """A count system as ``--count-system`` gives it in both games: the name of a published
    count of ``game``, your tags (named ``your count``) or ``NAME=TAGS``.

    >>> parse_count_system("A:1,T:-1").name, parse_count_system("dragon-7").name
    ('your count', 'dragon-7')
    >>> parse_count_system("mine=2:1,3:1,T:-1,A:-1", "blackjack").name
    'mine'
    """
    name, tags = tags_of_system(text)
    if name is None and tags is not None:
        return parse_count(tags)
    return parse_named_count(text, game)


@dataclass(frozen=True, slots=True, kw_only=True)
class CountFit:
    """How well a count tracks one bet in one shoe (from the exact effects of removal)."""

    count: CountSystem
    bet: str
    imbalance: int
    """Σ cards · tag over the shoe: 0 for a balanced count."""
    correlation: float | None
    """Betting correlation: card-weighted correlation of the tags with the EORs."""
    slope: Fraction
    """β: EOR ≈ β · (tag − mean tag), least squares over the cards of the shoe (exact)."""
    ev_per_true_count: float | None
    """β·(N−1)/52 rounded: predicted change of the EV per unit of true count (``None``
    beyond the range of a float)."""
    ev_per_true_count_exact: Fraction
    """β·(N−1)/52 exactly."""
    ev: Fraction
    """The bet's EV for the shoe itself (true count 0)."""
    mean_tag: Fraction
    """Card-weighted mean tag (0 when balanced); subtracted per card seen."""

    @property
    def break_even(self) -> float | None:
        """The true count at which the predicted EV reaches 0 (None if the count has no slope)."""
        if self.ev_per_true_count_exact == 0:
            return None
        ev, per_true_count = _full_float(self.ev), _full_float(self.ev_per_true_count_exact)
        if ev is not None and per_true_count is not None:
            return -ev / per_true_count
        return to_float(-self.ev / self.ev_per_true_count_exact)  # beyond float range


def _weights(eor: EffectOfRemoval, bet: int) -> tuple[list[int], list[Fraction]]:
    cards, effects = [], []
    for n, effect in eor.value_effects(bet):
        cards.append(n)
        effects.append(effect if effect is not None else Fraction(0))
    return cards, effects


@dataclass(frozen=True, slots=True)
class _Moments:
    """The card-weighted sums behind a count's fit, exactly."""

    imbalance: int
    """Σ n·t: 0 for a balanced count."""
    mean_tag: Fraction
    sxy: Fraction
    """Σ n·(t − mean tag)·e: the tags' covariance with the effects, times the cards."""
    sxx: Fraction
    """Σ n·(t − mean tag)²."""
    syy: Fraction
    """Σ n·(e − mean effect)²."""

    @property
    def correlation(self) -> float | None:
        """The betting correlation (``None`` when the tags or the effects are constant)."""
        return (
            None if self.sxx == 0 or self.syy == 0 else _correlation(self.sxy, self.sxx, self.syy)
        )


def _moments(cards: Sequence[int], tags: Sequence[int], effects: Sequence[Fraction]) -> _Moments:
    """The sums over the cards of the shoe; the effects are centred on their card-weighted
    mean (0 for a bet whose strategy is fixed, e.g. baccarat's: then they are as given).

    Summed as integers over the effects' common denominator D and the shoe's cards N, each
    sum made a fraction once (a sum of fractions reduces at every step: 5x slower): with
    e = a/D and centred tags (t·N − Σn·t)/N, Σn·c·e = Σn·C·a / (N·D), Σn·c² = Σn·C² / N²
    and Σn·(e − ē)² = (N·Σn·a² − (Σn·a)²) / (N·D²)."""
    total = sum(cards)
    imbalance = sum(n * t for n, t in zip(cards, tags))
    common = math.lcm(*(e.denominator for e in effects))
    whole = [e.numerator * (common // e.denominator) for e in effects]
    centred = [t * total - imbalance for t in tags]  # (t − mean) · N
    sxy = Fraction(sum(n * c * a for n, c, a in zip(cards, centred, whole)), total * common)
    sxx = Fraction(sum(n * c * c for n, c in zip(cards, centred)), total * total)
    weight = sum(n * a for n, a in zip(cards, whole))
    squares = sum(n * a * a for n, a in zip(cards, whole))
    syy = Fraction(total * squares - weight * weight, total * common * common)
    return _Moments(
        imbalance=imbalance, mean_tag=Fraction(imbalance, total), sxy=sxy, sxx=sxx, syy=syy
    )


def betting_correlation(
    cards: Sequence[int], tags: Sequence[int], effects: Sequence[Fraction]
) -> float | None:
    """Betting correlation: the correlation of the tags with the effects over the cards of
    the shoe (``cards[i]`` cards of the value with tag ``tags[i]`` and effect ``effects[i]``);
    ``None`` when the tags or the effects are constant.

    >>> betting_correlation((4, 4, 8), (1, -1, 0), (Fraction(2), Fraction(-2), Fraction(0)))
    1.0
    """
    return _moments(cards, tags, effects).correlation


def fit_count(eor: EffectOfRemoval, bet: int, count: CountSystem) -> CountFit:
    """Betting correlation, slope and break-even true count of ``count`` for bet ``bet``."""
    cards, effects = _weights(eor, bet)
    moments = _moments(cards, count.tags, effects)
    slope = moments.sxy / moments.sxx if moments.sxx else Fraction(0)
    per_true_count = slope * (eor.shoe.cards - 1) / 52
    return CountFit(
        count=count,
        bet=eor.bets[bet].name,
        imbalance=moments.imbalance,
        correlation=moments.correlation,
        slope=slope,
        ev_per_true_count=to_float(per_true_count),
        ev_per_true_count_exact=per_true_count,
        ev=eor.evs[bet],
        mean_tag=moments.mean_tag,
    )


def _full_float(value: Fraction) -> float | None:
    """``value`` as a float of full precision: ``None`` beyond float range and where it is
    so small that it would lose digits (a subnormal)."""
    rounded = to_float(value)
    if rounded is None or (value != 0 and abs(rounded) < sys.float_info.min):
        return None
    return rounded


def _correlation(sxy: Fraction, sxx: Fraction, syy: Fraction) -> float:
    """``sxy / √(sxx·syy)`` in floats; for sums beyond their range (vast pays or shoes), the
    square root of the exact r², whose integer ratio Python divides correctly rounded."""
    xy, xx, yy = _full_float(sxy), _full_float(sxx), _full_float(syy)
    if xy is not None and xx is not None and yy is not None:
        product = xx * yy
        if sys.float_info.min <= product < math.inf:
            return xy / math.sqrt(product)
    square = (sxy.numerator**2 * sxx.denominator * syy.denominator) / (
        sxy.denominator**2 * sxx.numerator * syy.numerator
    )
    root = math.sqrt(min(square, 1.0))
    return -root if sxy < 0 else root


def derive_count(eor: EffectOfRemoval, bet: int, level: int = DEFAULT_LEVEL) -> CountSystem:
    """Thorp's count for bet ``bet``: tags proportional to its EORs, integers up to ±``level``
    (:func:`derive_tags` of its effects per point value)."""
    cards, effects = _weights(eor, bet)
    name = f"{eor.bets[bet].name} (level {level})"
    return CountSystem(name=name, tags=derive_tags(cards, effects, level))


def derive_tags(
    cards: Sequence[int], effects: Sequence[Fraction], level: int = DEFAULT_LEVEL
) -> tuple[int, ...]:
    """Thorp's tags for effects of removal: ``cards[i]`` cards of a value whose removal
    changes the value by ``effects[i]`` (the values in any order; the tags come in it).

    Among the integer vectors up to ±``level`` next to ``level · effect / max|effect|``
    (one step beyond rounding down or up) it picks the balanced one (Σ cards · tag = 0
    over the shoe) with the highest betting correlation; if none is balanced, the least
    unbalanced; of equals, the first in the order of the values.

    Effects proportional to a balanced vector of tags up to ±level give those tags:

    >>> derive_tags((4, 4, 4, 16), [Fraction(t, 100) for t in (1, 2, 1, -1)], level=2)
    (1, 2, 1, -1)
    """
    import numpy as np

    if level < 1:
        raise CountError(f"a count level must be 1 or more, got {level}")
    largest = max((abs(e) for e in effects), default=Fraction(0))
    if largest == 0:
        return (0,) * len(cards)
    scaled = [float(e / largest) for e in effects]  # each effect over the largest, once
    target = [x * level for x in scaled]
    choices = []
    for v, t in enumerate(target):
        if cards[v] == 0:
            choices.append(np.array([0]))
            continue
        low, high = max(-level, math.floor(t) - 1), min(level, math.ceil(t) + 1)
        choices.append(np.arange(low, high + 1))
    # cards in float scaled by a power of two (exact, and a no-op below 2**53 cards), so
    # that squares of a shoe of any size stay in float range; correlations only rank
    shift = max(max(cards).bit_length() - 53, 0)
    n = np.array([float(Fraction(c, 1 << shift)) for c in cards])
    e = np.array(scaled)
    # the imbalance Σ n·p exactly: in int64 while it fits, else in Python ints
    exact = max(cards) * len(cards) * (level + 1) < 2**62
    whole = np.array(cards, dtype=np.int64 if exact else object)
    # The least unbalanced vectors of the grid, found without building it; then the
    # correlation of those only, its sums added in the same order as over the grid.
    tied = _least_unbalanced(whole, choices)
    # the covariance with the effects: Σ n·e·p less the effects' mean times Σ n·p, the
    # mean being exactly 0 where the strategy is fixed (baccarat), so the sum unchanged
    mean = float(sum((c * x for c, x in zip(cards, effects)), Fraction(0)) / sum(cards) / largest)
    halves = _half_sums(choices, n, e)
    if shift == 0 and sum(cards) * level * level < _FLOAT_WHOLE:
        tied = _contenders(tied, halves, choices, n, e, mean)
    correlation = _correlations(tied, halves, choices, n, e, mean)
    # the highest correlation, then the first in grid order (a stable lexsort's first row)
    rows, columns = tied
    flat = rows * len(halves[1][0]) + columns
    best = int(flat[correlation == correlation.max()].min())
    position = np.unravel_index(best, tuple(len(options) for options in choices))
    return tuple(int(choices[v][i]) for v, i in enumerate(position))


_FLOAT_WHOLE = 2**53
"""Integers below this are floats exactly, and so are their sums while they stay below."""


Tied = tuple["npt.NDArray[np.intp]", "npt.NDArray[np.intp]"]
"""Grid vectors by their first half's position in its grid and their second half's."""
Halves = list[tuple["npt.NDArray[np.float64]", ...]]
"""Σ n·p, Σ n·p², Σ n·e·p over each half's grid (:func:`_half_sums`)."""


def _correlations(
    tied: Tied,
    halves: Halves,
    choices: list[npt.NDArray[Any]],
    n: npt.NDArray[np.float64],
    e: npt.NDArray[np.float64],
    mean: float,
) -> npt.NDArray[np.float64]:
    """The correlation score of each grid vector of ``tied`` with the effects ``e`` (−inf
    where its tags are constant): Σ n·p, Σ n·p², Σ n·e·p added value by value in order
    0–9, so every float is what the whole grid gives."""
    import numpy as np

    total, square, cross = _scores(tied, halves, choices, n, e)
    if mean:
        cross = cross - mean * total
    spread = square - total**2 / n.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        scored: npt.NDArray[np.float64] = np.where(
            spread > 1e-9, cross / np.sqrt(np.maximum(spread, 1e-300)), -np.inf
        )
    return scored


def _half_sums(
    choices: list[npt.NDArray[Any]], n: npt.NDArray[np.float64], e: npt.NDArray[np.float64]
) -> list[tuple[npt.NDArray[np.float64], ...]]:
    """Σ n·p, Σ n·p², Σ n·e·p over each half's grid (the first five values, the last
    five), added value by value in order."""
    import numpy as np

    half = len(choices) // 2
    found = []
    for values in (range(half), range(half, len(choices))):
        shape = tuple(len(choices[v]) for v in values)
        grid = np.unravel_index(np.arange(math.prod(shape)), shape)
        sums = [np.zeros(len(grid[0])) for _ in range(3)]
        for axis, v in enumerate(values):
            options = choices[v]
            terms = (n[v] * options, n[v] * options**2, n[v] * e[v] * options)
            sums = [total + term[grid[axis]] for total, term in zip(sums, terms)]
        found.append(tuple(sums))
    return found


def _contenders(
    tied: Tied,
    halves: Halves,
    choices: list[npt.NDArray[Any]],
    n: npt.NDArray[np.float64],
    e: npt.NDArray[np.float64],
    mean: float,
) -> Tied:
    """The vectors of ``tied`` whose correlation score (:func:`_correlations`) may be the
    highest, found without adding ten terms for each one.

    Each vector's sums are its two halves' sums added (:func:`_half_sums`). For cards
    whose Σ n·p² stays below 2**53 (checked by the caller), Σ n·p and Σ n·p² are whole
    numbers, exact in any order, so only Σ n·e·p differs from the value-by-value sum: both
    add the same ten floats, each within γ₉ = 9u/(1 − 9u) · Σ|terms| of the real sum
    (u = 2**-53), so the two scores differ by at most δ = 1e-13 · (Σ|terms| + |mean·Σn·p|)
    / √spread (a bound many times the rounding's). A vector whose score is the highest
    then scores at least the highest less both δs: every other is left out."""
    import numpy as np

    (first, second), (rows, columns) = halves, tied
    total, square, cross = (a[rows] + b[columns] for a, b in zip(first, second))
    if mean:
        cross = cross - mean * total
    spread = square - total**2 / n.sum()
    scale = sum(float(np.abs(n[v] * e[v] * options).max()) for v, options in enumerate(choices))
    with np.errstate(divide="ignore", invalid="ignore"):
        root = np.sqrt(np.maximum(spread, 1e-300))
        score = np.where(spread > 1e-9, cross / root, -np.inf)
        slack = np.where(spread > 1e-9, 1e-13 * (scale + np.abs(mean * total)) / root, 0.0)
    kept = score + slack >= (score - slack).max()
    return rows[kept], columns[kept]


def _scores(
    tied: Tied,
    halves: Halves,
    choices: list[npt.NDArray[Any]],
    n: npt.NDArray[np.float64],
    e: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Σ n·p, Σ n·p² and Σ n·e·p of the grid vectors ``tied``, each sum added value by
    value in order 0–9 (the first half's sums over its grid, then the last five values'
    terms one by one), so every float is what the whole grid gives."""
    import numpy as np

    half = len(choices) // 2
    rows, columns = tied
    sums = [total[rows] for total in halves[0]]
    second = np.unravel_index(columns, tuple(len(options) for options in choices[half:]))
    for v in range(half, len(choices)):
        options = choices[v]
        terms = (n[v] * options, n[v] * options**2, n[v] * e[v] * options)
        sums = [total + term[second[v - half]] for total, term in zip(sums, terms)]
    return sums[0], sums[1], sums[2]


def _least_unbalanced(whole: npt.NDArray[Any], choices: list[npt.NDArray[Any]]) -> Tied:
    """The tag vectors of the grid ``choices`` (in no particular order) whose
    imbalance |Σ cards · tag| is the least, exactly. Meet in the middle: each vector's
    imbalance is a sum over the first five values plus one over the last five, so the
    least is found by sorting one half's sums (at most 4**5 each) and searching the
    other's, not over every vector of the grid (up to 4**10)."""
    import numpy as np

    half = len(choices) // 2

    def sums(values: range) -> npt.NDArray[Any]:
        total = np.zeros(1, dtype=whole.dtype)
        for v in values:
            steps = choices[v].astype(whole.dtype)
            total = (total[:, None] + whole[v] * steps[None, :]).reshape(-1)
        return total

    first, second = sums(range(half)), sums(range(half, len(choices)))
    if whole.dtype == object:  # vast shoes: Python integers over the whole grid
        imbalance = np.abs(first[:, None] + second[None, :])
        rows, columns = np.nonzero(imbalance == imbalance.min())
        return rows, columns
    order = np.argsort(second, kind="stable")
    ordered = second[order]
    place = np.searchsorted(ordered, -first)
    below = ordered[np.maximum(place - 1, 0)]
    above = ordered[np.minimum(place, len(ordered) - 1)]
    least = int(np.minimum(np.abs(first + below), np.abs(first + above)).min())
    found_rows, found_columns = [], []
    for target in sorted({least, -least}):
        wanted = target - first
        low = np.searchsorted(ordered, wanted, side="left")
        many = np.searchsorted(ordered, wanted, side="right") - low
        within = np.arange(int(many.sum())) - np.repeat(np.cumsum(many) - many, many)
        found_rows.append(np.repeat(np.arange(len(first)), many))
        found_columns.append(order[np.repeat(low, many) + within])
    return np.concatenate(found_rows), np.concatenate(found_columns)


def bet_fits(
    eor: EffectOfRemoval, level: int = DEFAULT_LEVEL, own: CountSystem | None = None
) -> tuple[list[CountFit], list[CountFit]]:
    """Each bet's derived count (tags up to ``level``) and how it fits, and the user's
    count ``own`` fitted to each bet (empty without one)."""
    derived = [fit_count(eor, b, derive_count(eor, b, level)) for b in range(len(eor.bets))]
    mine = [fit_count(eor, b, own) for b in range(len(eor.bets))] if own is not None else []
    return derived, mine
