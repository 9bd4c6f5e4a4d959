"""Bet ramps: how many units a counting player bets at each true count.

A ramp is a list of steps ``TC:units`` (``"2:1,4:2,6:4"``: 1 unit from true count 2,
2 from 4, 4 from 6); below the first step the player bets ``minimum`` units (0: sits the
hand out). ``wong_out``: no bet on a hand whose true count is below it, whatever the
ramp (the player sits those hands out; the next hand is judged afresh).
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from baccarat_exact.errors import SimulationError

__all__ = [
    "MAX_UNITS",
    "STRATEGY_KINDS",
    "Betting",
    "Ramp",
    "Strategy",
    "bet_amounts",
    "check_chips",
    "check_trip",
    "chip_amounts",
    "chip_ramp",
    "parse_chips",
    "parse_ramp",
    "ramped_bets",
    "read_betting",
    "read_number",
    "unmade_bets",
]

MAX_UNITS = 10**6
"""Largest bet of a ramp, in units: estimates add bets and their squares in floats."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Ramp:
    """Units bet by true count: ``steps`` (TC, units) in increasing TC; ``minimum`` below
    the first; nothing below ``wong_out`` (if given).

    >>> ramp = parse_ramp("2:1,4:2,6:4")
    >>> ramp.units(np.array([1.9, 2.0, 5.5, 9.0])).tolist()
    [0.0, 1.0, 2.0, 4.0]
    >>> ramp.text()
    '2:1,4:2,6:4'
    """

    steps: tuple[tuple[float, int], ...]
    minimum: int = 0
    wong_out: float | None = None

    def __post_init__(self) -> None:
        tcs = [tc for tc, _ in self.steps]
        if any(b <= a for a, b in itertools.pairwise(tcs)):
            raise SimulationError(f"--ramp: true counts must increase, got {self.text()!r}")
        for tc, units in self.steps:
            if not math.isfinite(tc):
                raise SimulationError(f"--ramp: a true count must be finite, got {tc}")
            if not 0 <= units <= MAX_UNITS:
                raise SimulationError(
                    f"--ramp: units must be between 0 and {MAX_UNITS:,}, got {units}"
                )
        if not 0 <= self.minimum <= MAX_UNITS:
            raise SimulationError(
                f"--ramp-min must be between 0 and {MAX_UNITS:,} units, got {self.minimum}"
            )
        if self.wong_out is not None and not math.isfinite(self.wong_out):
            raise SimulationError(f"--wong-out must be a finite number, got {self.wong_out}")

    def units(self, true_count: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Units bet at each of the true counts (any shape)."""
        thresholds = np.array([tc for tc, _ in self.steps], dtype=np.float64)
        table = np.array([self.minimum, *(u for _, u in self.steps)], dtype=np.float64)
        bets = table[np.searchsorted(thresholds, true_count, side="right")]
        if self.wong_out is not None:
            bets = np.where(true_count < self.wong_out, 0.0, bets)
        return np.asarray(bets, dtype=np.float64)

    def text(self) -> str:
        """The steps as ``--ramp`` reads them (``"none"``: no step, never more than the
        minimum)."""
        if not self.steps:
            return "none"
        return ",".join(f"{tc:g}:{units}" for tc, units in self.steps)

    @property
    def largest(self) -> int:
        """The largest bet of the ramp."""
        return max([self.minimum, *(u for _, u in self.steps)])


def parse_ramp(text: str, minimum: int = 0, wong_out: float | None = None) -> Ramp:
    """Read ``--ramp "2:1,4:2,6:4"`` (true count : units, in increasing true count).

    >>> parse_ramp("4:2, 2:1")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --ramp: true counts must increase, got '4:2,2:1'
    """
    parts = text.split(",")
    if len(parts) > 1 and any(not part.strip() for part in parts):
        raise SimulationError(f"--ramp takes a comma-separated list, got {text!r}")
    items = [item for item in re.split(r"[,\s]+", text.strip()) if item]
    if not items:
        raise SimulationError(f"--ramp needs steps such as '2:1,4:2,6:4', got {text!r}")
    steps = []
    for item in items:
        tc, sep, units = item.rpartition(":")
        if not sep:
            raise SimulationError(f"--ramp: expected TC:UNITS such as 4:2, got {item!r}")
        try:
            count = float(tc)
        except ValueError:
            raise SimulationError(
                f"--ramp: the true count must be a number, got {tc!r} in {text!r}"
            ) from None
        if not units.strip().isdigit():
            raise SimulationError(
                f"--ramp: units must be a whole number of units, got {units!r} in {text!r}"
            )
        steps.append((count, int(units)))
    return Ramp(steps=tuple(steps), minimum=minimum, wong_out=wong_out)


MAIN_BETS = ("banker", "player", "tie")
"""The main bets: a ramp names them to be played on them when the run prices side bets."""


def ramped_bets(bets: tuple[str, ...], main: tuple[str, ...] = MAIN_BETS) -> tuple[bool, ...]:
    """Which of ``bets`` a ramp given without bet names, and a Kelly ramp, is played on:
    the side bets when the run prices any (what a counter counts for), else the main
    bets (``main``: the game's) — never the main bets beside side bets unless a ramp
    names them.

    >>> ramped_bets(("banker", "player", "tie", "dragon-7")), ramped_bets(("banker", "tie"))
    ((False, False, False, True), (True, True))
    """
    side = tuple(name not in main for name in bets)
    return side if any(side) else tuple(True for _ in bets)


def parse_chips(text: str) -> tuple[int, ...]:
    """Read ``--chips 5,25,100``: the chip values (units) every bet is made of.

    >>> parse_chips("25, 5,100")
    (5, 25, 100)
    >>> parse_chips("5,0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --chips: a chip is a whole number of units from 1 to 1,000,000, got '0'
    """
    items = [item for item in re.split(r"[,\s]+", text.strip()) if item]
    if not items:
        raise SimulationError(f"--chips needs chip values such as '5,25,100', got {text!r}")
    chips = set()
    for item in items:
        if not item.isdigit() or not 1 <= int(item) <= MAX_UNITS:
            raise SimulationError(
                f"--chips: a chip is a whole number of units from 1 to {MAX_UNITS:,}, got {item!r}"
            )
        chips.add(int(item))
    return tuple(sorted(chips))


def chip_amounts(chips: tuple[int, ...], largest: int) -> tuple[int, ...]:
    """Every bet of at most ``largest`` units that the chips make (0, no bet, included).

    >>> chip_amounts((5, 25), 30), chip_amounts((2, 5), 6)
    ((0, 5, 10, 15, 20, 25, 30), (0, 2, 4, 5, 6))
    """
    makes = [False] * (largest + 1)
    makes[0] = True
    for amount in range(1, largest + 1):
        makes[amount] = any(chip <= amount and makes[amount - chip] for chip in chips)
    return tuple(amount for amount, made in enumerate(makes) if made)


def bet_amounts(chips: tuple[int, ...], largest: int) -> tuple[int, ...]:
    """The bets an optimal ramp chooses from: what the chips make up to ``largest`` units
    (no chips: every whole number of units), 0 (no bet) included.

    >>> bet_amounts((), 3), bet_amounts((2,), 5)
    ((0, 1, 2, 3), (0, 2, 4))
    """
    return chip_amounts(chips, largest) if chips else tuple(range(largest + 1))


def _nearest(units: int, amounts: tuple[int, ...]) -> int:
    """The amount nearest ``units``; a tie goes to the smaller (rounding never raises a
    bet it cannot decide)."""
    return min(amounts, key=lambda amount: (abs(amount - units), amount))


def chip_ramp(ramp: Ramp, chips: tuple[int, ...]) -> Ramp:
    """``ramp`` with every bet rounded to the nearest sum the chips make, a tie to the
    smaller (so the largest bet, too, moves by less than half the gap between two sums),
    steps that come out equal merged.

    >>> chip_ramp(parse_ramp("1:3,2:7,3:13,4:14"), (5, 25)).text()
    '1:5,3:15'
    """
    amounts = chip_amounts(chips, 2 * max(ramp.largest, max(chips)))
    steps: list[tuple[float, int]] = []
    previous = _nearest(ramp.minimum, amounts)
    for tc, units in ramp.steps:
        bet = _nearest(units, amounts)
        if bet != previous:
            steps.append((tc, bet))
            previous = bet
    return Ramp(steps=tuple(steps), minimum=_nearest(ramp.minimum, amounts), wong_out=ramp.wong_out)


def unmade_bets(ramp: Ramp, chips: tuple[int, ...]) -> tuple[int, ...]:
    """The bets of ``ramp`` (the minimum included) that no sum of the chips makes.

    >>> unmade_bets(parse_ramp("2:5,4:12", 1), (5, 25))
    (1, 12)
    """
    made = set(chip_amounts(chips, ramp.largest))
    bets = (ramp.minimum, *(units for _, units in ramp.steps))
    return tuple(sorted({bet for bet in bets if bet not in made}))


def check_trip(hours: float | None, goal: float | None) -> None:
    """Refuse a trip length or a goal that is not a positive finite number.

    >>> check_trip(0.0, None)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --trip-hours must be a positive number of hours, got 0
    """
    if hours is not None and not (math.isfinite(hours) and hours > 0):
        raise SimulationError(f"--trip-hours must be a positive number of hours, got {hours:g}")
    if goal is not None and not (math.isfinite(goal) and goal > 0):
        raise SimulationError(f"--goal must be a positive number of units, got {goal:g}")


def read_number(text: str | None, option: str) -> float | None:
    """A number as the command line gives it (``"1.5"``, ``"-2"``, ``"3/2"``), or None.

    >>> read_number("3/2", "--wong-out"), read_number(None, "--kelly")
    (1.5, None)
    """
    from baccarat_exact.model.exact import exact_number, to_float

    if text is None:
        return None
    value = to_float(exact_number(text, option, SimulationError, "1.5 or -2"))
    if value is None:
        raise SimulationError(f"{option} must be a finite number, got {text!r}")
    return value


@dataclass(frozen=True, slots=True)
class Betting:
    """How a counting player sizes his bets beyond one unit, and the bankroll at risk."""

    ramp: Ramp | None
    kelly: float | None
    """The bankroll (units) of a Kelly ramp measured on the same shoes (None: none)."""
    max_bet: int | None
    wong_out: float | None
    bankroll: float
    optimal: float | None = None
    """The risk of ruin of the optimal ramp for ``bankroll`` (None: none)."""
    chips: tuple[int, ...] = ()
    """The chips every bet is made of (empty: any whole number of units)."""


def read_risk(text: str | None, option: str) -> float | None:
    """A risk as the command line gives it, ``"0.05"``, ``"5%"`` or ``"1/20"``, strictly
    between 0 and 1 (None: none given).

    >>> read_risk("5%", "--optimal-ror"), read_risk("1/8", "--optimal-ror")
    (0.05, 0.125)
    """
    if text is None:
        return None
    percent = text.strip().endswith("%")
    value = read_number(text.strip().removesuffix("%"), option)
    assert value is not None
    risk = value / 100 if percent else value
    if not 0 < risk < 1:
        raise SimulationError(
            f"{option} must be a risk between 0 and 1 (or 0% and 100%), got {text!r}"
        )
    return risk


def check_chips(ramp: Ramp, chips: tuple[int, ...], option: str = "--ramp") -> None:
    """Refuse a ramp with a bet the chips cannot make, naming the nearest that they can.

    >>> check_chips(parse_ramp("2:5,4:12"), (5, 25))
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --ramp bets 12 units, which chips 5, 25 cannot make (nearest: 10)
    """
    unmade = unmade_bets(ramp, chips)
    if unmade:
        amounts = chip_amounts(chips, 2 * max(ramp.largest, max(chips)))
        raise SimulationError(
            f"{option} bets {unmade[0]} units, which chips {', '.join(map(str, chips))} "
            f"cannot make (nearest: {_nearest(unmade[0], amounts)})"
        )


def read_betting(
    *,
    ramp: str | None,
    ramp_min: int,
    wong_out: str | None,
    kelly: str | None,
    max_bet: int | None,
    bankroll: str,
    optimal: str | None = None,
    chips: str | None = None,
) -> Betting:
    """``--ramp``, ``--ramp-min``, ``--wong-out``, ``--kelly``, ``--max-bet``,
    ``--bankroll``, ``--optimal-ror`` and ``--chips`` read and checked together, as every
    simulation takes them.

    >>> read_betting(ramp=None, ramp_min=1, wong_out=None, kelly=None, max_bet=None, bankroll="1000")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --ramp-min is the bet below a ramp's first step: give --ramp
    """
    out = read_number(wong_out, "--wong-out")
    if ramp is None and ramp_min:
        raise SimulationError("--ramp-min is the bet below a ramp's first step: give --ramp")
    risk = read_risk(optimal, "--optimal-ror")
    if risk is not None and max_bet is None:
        raise SimulationError("--optimal-ror RISK needs --max-bet N (the largest bet)")
    if risk is None and (kelly is None) != (max_bet is None):
        raise SimulationError("--kelly BANKROLL needs --max-bet N (and --max-bet needs --kelly)")
    if risk is None and ramp is None and kelly is None and out is not None:
        raise SimulationError("--wong-out applies to a ramp: give --ramp or --kelly")
    units = read_number(kelly, "--kelly")
    at_risk = read_number(bankroll, "--bankroll")
    if units is not None and units <= 0:
        raise SimulationError(f"--kelly must be a positive bankroll in units, got {units:g}")
    if at_risk is not None and at_risk <= 0:
        raise SimulationError(f"--bankroll must be a positive number of units, got {at_risk:g}")
    made = () if chips is None else parse_chips(chips)
    steps = None if ramp is None else parse_ramp(ramp, ramp_min, out)
    if made and steps is not None:
        check_chips(steps, made)
    return Betting(
        ramp=steps,
        kelly=units,
        max_bet=max_bet,
        wong_out=out,
        bankroll=1000.0 if at_risk is None else at_risk,
        optimal=risk,
        chips=made,
    )


STRATEGY_KINDS = ("perfect", "flat", "ramp", "kelly", "optimal")
"""How a strategy sizes its bets: 1 unit when the exact EV is positive (perfect
information); 1 unit when a count's linear model (or ``--threshold``) says so; a ramp;
Kelly bets by true count; the optimal ramp for a bankroll and a risk of ruin."""


@dataclass(frozen=True, slots=True)
class Strategy:
    """How a player bets one bet: ``kind`` (:data:`STRATEGY_KINDS`), the count it follows
    (an index into the simulation's counts; None for perfect information) and, for a
    ramp or Kelly, the ramp of each bet (None: not played on that bet)."""

    kind: str
    system: int | None = None
    ramps: tuple[Ramp | None, ...] | None = None
