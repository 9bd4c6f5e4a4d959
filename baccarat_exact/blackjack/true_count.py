"""The true count as a counter reckons it, and the table he plays at.

A counter divides the running count by the decks he *estimates* are left, not by the
cards left exactly. :class:`Reckoning` says how:

- **resolution** (``--tc``): ``exact`` divides by the unseen cards themselves (52 to a
  deck); ``full``, ``half`` and ``quarter`` divide by the unseen cards rounded to the
  nearest whole, half or quarter deck (52, 26 or 13 cards; halves of a step round up),
  never less than one step;
- **rounding** (``--tc-round``): ``none`` keeps the quotient as it is; ``round`` takes the
  nearest whole number (halves away from zero: +2.5 is +3, −2.5 is −3), ``truncate`` drops
  the fraction (towards zero), ``floor`` takes the whole number at or below it;
- **deck-estimation error** (``--deck-error D``): before each round the counter misjudges
  the unseen cards by a whole number of cards drawn uniformly from −E … +E (E = ⌊52·D⌋),
  the same error through the round; it comes from the shoe's own random stream after its
  shuffle (:mod:`~baccarat_exact.model.shuffle`), so a seed gives the same errors with or
  without the compiled kernel. The misjudged count is then rounded to the resolution.

The divisor is always a whole number of cards, so a true count compares with an index
exactly (``running · 52 ≥ index · divisor``, or the rounded whole number ≥ index); the bet
reads the same quotient as a float (``running · 52 / divisor``), as the compiled kernel
computes it.

:class:`Seating` is the table: ``seats`` players (1–7), the counter in seat ``seat`` (seat
1 takes the first card), the others playing the chart; wong-in (``--wong-in``: the counter
watches from behind the table and sits down at a true count at or above it, leaving below
``--wong-out``), and two hands from a true count (``--two-hands-at``: a second spot of his
beside his own, each bet as the ramp says).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.errors import SimulationError

__all__ = [
    "ALONE",
    "EXACT",
    "HANDS_PER_HOUR_BY_SEATS",
    "MAX_SEATS",
    "RESOLUTIONS",
    "ROUNDINGS",
    "Reckoning",
    "Seating",
    "rounded_quotient",
]

RESOLUTIONS = {"exact": 1, "full": 52, "half": 26, "quarter": 13}
"""Cards of one step of the deck estimate, by ``--tc``."""
ROUNDINGS = ("none", "round", "truncate", "floor")
"""How the quotient becomes the true count, by ``--tc-round`` (``none``: kept as it is)."""
MAX_SEATS = 7
HANDS_PER_HOUR_BY_SEATS = (200, 160, 140, 120, 100, 80, 65)
"""Rounds dealt an hour with 1 … 7 players at the table: the usual planning figures
(e.g. Blackjack Attack's tables, and CVCX's default rates)."""
MAX_DECK_ERROR = 8
"""Largest deck-estimation error, in decks."""


def rounded_quotient(numerator: int, denominator: int, rounding: int) -> int:
    """``numerator / denominator`` (``denominator`` > 0) as a whole number: ``rounding`` 1
    nearest (halves away from zero), 2 towards zero, 3 down (indices into
    :data:`ROUNDINGS`).

    >>> [rounded_quotient(n, 2, r) for r in (1, 2, 3) for n in (5, -5)]
    [3, -3, 2, -2, 2, -3]
    """
    if rounding == 3:
        return numerator // denominator
    size = abs(numerator)
    whole = (2 * size + denominator) // (2 * denominator) if rounding == 1 else size // denominator
    return whole if numerator >= 0 else -whole


@dataclass(frozen=True, slots=True, kw_only=True)
class Reckoning:
    """How the counter turns the running count into a true count (see the module)."""

    resolution: str = "exact"
    rounding: str = "none"
    error: Fraction = Fraction(0)
    """The deck-estimation error's bound, in decks."""

    def __post_init__(self) -> None:
        if self.resolution not in RESOLUTIONS:
            raise SimulationError(
                f"--tc must be one of {', '.join(RESOLUTIONS)}, got {self.resolution!r}"
            )
        if self.rounding not in ROUNDINGS:
            raise SimulationError(
                f"--tc-round must be one of {', '.join(ROUNDINGS)}, got {self.rounding!r}"
            )
        if not 0 <= self.error <= MAX_DECK_ERROR:
            raise SimulationError(
                f"--deck-error must be between 0 and {MAX_DECK_ERROR} decks, got {self.error}"
            )

    @property
    def step(self) -> int:
        """Cards of one step of the estimate."""
        return RESOLUTIONS[self.resolution]

    @property
    def rounding_code(self) -> int:
        """The rounding as :func:`rounded_quotient` and the kernel read it (0: none)."""
        return ROUNDINGS.index(self.rounding)

    @property
    def error_cards(self) -> int:
        """The error's bound in cards, ⌊52·error⌋."""
        return math.floor(self.error * 52)

    @property
    def is_exact(self) -> bool:
        """Whether this is the true count divided exactly by the unseen cards."""
        return self.step == 1 and self.rounding == "none" and self.error_cards == 0

    def divisor(self, unseen: int, error: int = 0) -> int:
        """The cards the counter divides by: ``unseen`` misjudged by ``error`` cards,
        rounded to the nearest step (halves up), at least one step.

        >>> Reckoning(resolution="half").divisor(150), Reckoning(resolution="full").divisor(20)
        (156, 52)
        """
        step = self.step
        guess = unseen + error
        if step == 1:
            return max(1, guess)
        return max(1, (2 * guess + step) // (2 * step)) * step

    def text(self) -> str:
        """How the reports name it."""
        parts = [
            "exact division by the unseen cards"
            if self.step == 1
            else f"decks left estimated to the {self.resolution} deck"
        ]
        if self.rounding != "none":
            done = {"round": "rounded", "truncate": "truncated", "floor": "floored"}
            parts.append(f"{done[self.rounding]} to a whole number")
        if self.error_cards:
            parts.append(f"misjudged by up to {self.error_cards} cards a round")
        return "; ".join(parts)


@dataclass(frozen=True, slots=True, kw_only=True)
class Seating:
    """The table: ``seats`` players, the counter in ``seat``; wong-in and two hands."""

    seats: int = 1
    seat: int = 1
    wong_in: float | None = None
    """The counter sits down at a true count at or above this (None: he plays every round)."""
    wong_out: float | None = None
    """With :attr:`wong_in`: he leaves at a true count below this (None: stays to the end)."""
    two_hands_at: float | None = None
    """He plays two spots from this true count (None: one)."""

    def __post_init__(self) -> None:
        if not 1 <= self.seats <= MAX_SEATS:
            raise SimulationError(f"--seats must be between 1 and {MAX_SEATS}, got {self.seats}")
        if not 1 <= self.seat <= self.seats:
            raise SimulationError(
                f"--seat must be between 1 and --seats ({self.seats}), got {self.seat}"
            )
        for name, value in (
            ("--wong-in", self.wong_in),
            ("--wong-out", self.wong_out),
            ("--two-hands-at", self.two_hands_at),
        ):
            if value is not None and not math.isfinite(value):
                raise SimulationError(f"{name} must be a finite number, got {value}")
        if self.wong_in is not None and self.seats < 2:
            raise SimulationError(
                "--wong-in: a counter back-counts the other players' rounds; give --seats 2 or more"
            )
        if self.wong_in is not None and self.wong_out is not None and self.wong_out > self.wong_in:
            raise SimulationError(
                f"--wong-out ({self.wong_out:g}) must not be above --wong-in ({self.wong_in:g})"
            )
        if self.two_hands_at is not None and self.seats >= MAX_SEATS:
            raise SimulationError(
                f"--two-hands-at: the second hand needs a free spot; give --seats "
                f"{MAX_SEATS - 1} or fewer"
            )

    @property
    def is_alone(self) -> bool:
        """Whether the counter plays one spot alone at the table every round."""
        return self.seats == 1 and self.wong_in is None and self.two_hands_at is None

    def hands_at(self, true_count: float, seated: bool) -> int:
        """Spots the counter plays a round at ``true_count`` (0 while he watches)."""
        if not seated:
            return 0
        if self.two_hands_at is not None and true_count >= self.two_hands_at:
            return 2
        return 1

    def seated_after(self, true_count: float, seated: bool) -> bool:
        """Whether the counter is at the table for a round at ``true_count``, having been
        (``seated``) for the last one."""
        if self.wong_in is None:
            return True
        if not seated:
            return true_count >= self.wong_in
        return self.wong_out is None or true_count >= self.wong_out

    def text(self) -> str:
        """How the reports name it."""
        parts = [
            f"{self.seats} player{'s' if self.seats > 1 else ''}, the counter in seat "
            f"{self.seat}; the others play the chart"
        ]
        if self.wong_in is not None:
            leave = "" if self.wong_out is None else f", leaves below {self.wong_out:+g}"
            parts.append(f"wong-in: sits down from {self.wong_in:+g}{leave}")
        if self.two_hands_at is not None:
            parts.append(f"two hands from {self.two_hands_at:+g}, each bet the ramp's units")
        return "; ".join(parts)


ALONE = Seating()
"""The counter alone at the table, one spot every round."""
EXACT = Reckoning()
"""The true count divided exactly by the unseen cards."""
