"""Designing a pay table: the pays of a bet's open lines that put its house edge in a range.

A bet's EV is linear in its pays (:mod:`~baccarat_exact.analysis.breakeven`):
EV = c₀ + Σᵢ pᵢ·xᵢ, where xᵢ is what open line i pays, pᵢ its exact probability and c₀
what the lines whose pays are fixed contribute. With the pays on a grid, xᵢ = kᵢ·step for
whole kᵢ, and every pᵢ a fraction over one denominator D, the house edge −EV is in
[lo, hi] exactly when the whole number S = Σᵢ wᵢ·kᵢ (wᵢ = pᵢ·D) is in [L, U], two
whole numbers from lo, hi, c₀, D and the step. The search is over whole numbers only.

**How it prunes.** The lines are chosen one at a time, in the order of the pay table.
With the first lines chosen (their part of S is s), the rest can add at least
W·k_min and at most W·k_max (W the sum of their weights; with ``ordered`` pays, at most
W·k where k is the pay just chosen, as no later line pays more). So the next line's k
is bounded on both sides by one division each — a k outside those bounds cannot reach
[L, U] whatever the rest pay — and the loop visits only values that still can; the last
line's values are solved for directly (a range, counted at once). No pay table the bounds
drop can meet the target, so **the search is exhaustive within the grid**: it counts every
pay table that meets the constraints, and of those keeps the ``top`` nearest the
middle of the edge range (ties: lower pays first), walking out from the last line's
nearest value. Work grows with the number of partial tables that can still reach the
target; past :data:`MAX_PARTIAL_TABLES` the search stops and says to narrow the grid.

Variance is not linear in the pays, so it is computed for the reported tables only:
E[X²] = Σ P(line)·pays², exact.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.errors import RequestError, RulesError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.exact import exact_number, exact_text, sqrt_float
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "MAX_PARTIAL_TABLES",
    "Design",
    "DesignLine",
    "Grid",
    "PayTable",
    "design",
    "parse_pay",
    "parse_range",
    "parse_step",
    "range_text",
]

MAX_PARTIAL_TABLES = 1_000_000
"""Partial pay tables (all lines but the last chosen) the search visits at most before it
stops with an error asking for a narrower grid: a few seconds of work."""


# -- reading the options -------------------------------------------------------------------


def parse_range(text: str, option: str, *, share: bool = False) -> tuple[Fraction, Fraction]:
    """A range ``low..high`` of shares, both ends per cent (``7%..8%``) or both numbers
    (``0.07..0.08``, ``7/100..2/25``); ``share``: each end within 0..1 (a probability).

    >>> parse_range("7%..8%", "--edge") == parse_range("0.07..0.08", "--edge")
    True
    >>> parse_range("7..8", "--edge")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --edge 7..8: 7 is 700%; write per cents with % (7%..8%) or shares (0.07..0.08)
    """
    example = "7%..8% or 0.07..0.08"
    ends = text.split("..")
    if len(ends) != 2 or not all(end.strip() for end in ends):
        raise RequestError(f"{option} takes a range low..high such as {example}, got {text!r}")
    percents = [end.strip().endswith("%") for end in ends]
    if percents[0] != percents[1]:
        raise RequestError(
            f"{option} {text}: write both ends as per cents ({example.split(' or ')[0]}) or "
            f"both as shares ({example.split(' or ')[1]})"
        )
    low, high = (exact_number(end, option, RequestError, example) for end in ends)
    if not percents[0]:
        big = next((end.strip() for end, v in zip(ends, (low, high)) if abs(v) > 1), None)
        if big is not None:
            raise RequestError(
                f"{option} {text}: {big} is {exact_text(exact_number(big, option) * 100)}%; "
                "write per cents with % (7%..8%) or shares (0.07..0.08)"
            )
    if low > high:
        raise RequestError(f"{option} {text}: the low end is above the high end")
    if share and (low < 0 or high > 1):
        raise RequestError(f"{option} {text}: a probability is between 0% and 100%")
    return low, high


def parse_step(text: str) -> Fraction:
    """The grid's step, more than 0: ``1`` (whole numbers), ``1/2``, ``0.5``.

    >>> parse_step("1/2")
    Fraction(1, 2)
    """
    step = exact_number(text, "--step", RequestError, "1, 1/2 or 0.25")
    if step <= 0:
        raise RequestError(f"--step must be more than 0, got {text!r}")
    return step


def parse_pay(text: str, option: str) -> Fraction:
    """A pay to 1 of at least -1 (the stake lost): ``--min-pay``, ``--max-pay``."""
    pays = exact_number(text, option, RequestError, "1, 1000 or 5/2")
    if pays < -1:
        raise RequestError(f"{option} {text}: a line loses at most the stake, -1")
    return pays


def range_text(low: Fraction, high: Fraction) -> str:
    """A range of shares in per cent, as exact as it is short: ``7%..8%``, ``7.5%..8%``."""

    def percent(value: Fraction) -> str:
        scaled = value * 100
        if scaled.denominator == 1 or 10**6 % scaled.denominator == 0:
            return (
                f"{format(scaled.numerator / scaled.denominator, '.6f').rstrip('0').rstrip('.')}%"
            )
        return f"{exact_text(scaled)}%"

    return f"{percent(low)}..{percent(high)}"


# -- the problem and its answer ------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Grid:
    """The pays the search tries: multiples of ``step`` from ``min_pay`` to ``max_pay``."""

    step: Fraction = Fraction(1)
    min_pay: Fraction = Fraction(1)
    max_pay: Fraction = Fraction(1000)
    ordered: bool = False
    """A line earlier in the pay table pays at least as much as a later one."""

    def __post_init__(self) -> None:
        if self.step <= 0:
            raise RequestError(f"--step must be more than 0, got {self.step}")
        if self.min_pay < -1:
            raise RequestError(f"--min-pay {self.min_pay}: a line loses at most the stake, -1")
        if self.low > self.high:
            raise RequestError(
                f"no pay on the grid: no multiple of {exact_text(self.step)} from --min-pay "
                f"{exact_text(self.min_pay)} to --max-pay {exact_text(self.max_pay)}"
            )

    @property
    def low(self) -> int:
        """The least pay as a number of steps."""
        return math.ceil(self.min_pay / self.step)

    @property
    def high(self) -> int:
        """The largest pay as a number of steps."""
        return math.floor(self.max_pay / self.step)


@dataclass(frozen=True, slots=True, kw_only=True)
class DesignLine:
    """A pay line of the bet: its name, probability, and its pays when fixed (None: open)."""

    name: str
    probability: Fraction
    pays: Fraction | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PayTable:
    """One answer: the open lines' pays and the bet's exact figures with them."""

    pays: tuple[Fraction, ...]
    """What each open line pays, in the order of :attr:`Design.open_lines`."""
    house_edge: Fraction
    distance: Fraction
    """|house edge − the middle of the edge range|: what the tables are ranked by."""
    variance: Fraction
    hit_frequency: Fraction

    @property
    def std_dev(self) -> float | None:
        """Standard deviation per unit staked (a rounded square root)."""
        return sqrt_float(self.variance)


@dataclass(frozen=True, slots=True, kw_only=True)
class Design:
    """The pay tables on a grid that put a bet's house edge in a range."""

    bet: Bet
    shoe: Shoe
    rules: Rules
    lines: tuple[DesignLine, ...]
    """Every line of the pay table (lines of one name merged), open ones with pays None."""
    edge: tuple[Fraction, Fraction]
    grid: Grid
    hit_frequency: tuple[Fraction, Fraction] | None
    top: int
    found: int
    """How many pay tables on the grid meet every constraint."""
    tables: tuple[PayTable, ...]
    """The ``top`` of them nearest the middle of the edge range, nearest first."""
    nearest: tuple[PayTable, ...] = ()
    """When none meets the target: the nearest below the range and the nearest above it
    (where there is one), nearest first."""
    finer: tuple[Fraction, PayTable] | None = None
    """When none meets the target: the coarsest finer step on which one does, and its table
    nearest the middle (None: none of :data:`FINER_STEPS` does, or the search is too large)."""

    @property
    def open_lines(self) -> tuple[DesignLine, ...]:
        """The lines whose pays were found, in the order of the pay table."""
        return tuple(line for line in self.lines if line.pays is None)

    @property
    def middle(self) -> Fraction:
        """The middle of the edge range."""
        return (self.edge[0] + self.edge[1]) / 2

    @property
    def fixed_hit_frequency(self) -> Fraction | None:
        """The hit frequency when it is the same for every table on the grid (every open
        line pays more than 0), else None."""
        if self.grid.low <= 0:
            return None
        return sum(
            (line.probability for line in self.lines if line.pays is None or line.pays > 0),
            Fraction(0),
        )


def _merged_lines(
    shoe: Shoe, rules: Rules, bet: Bet, open_names: Sequence[str]
) -> list[DesignLine]:
    """The bet's lines by name with their exact probabilities (from the linear EV of
    :func:`~baccarat_exact.analysis.breakeven.breakeven`), open ones marked."""
    from baccarat_exact.analysis.breakeven import breakeven

    terms = breakeven(shoe, rules, [bet]).bets[0].lines
    names = list(dict.fromkeys(term.name for term in terms))
    for name in open_names:
        if name not in names:
            raise RulesError(
                f"bet {bet.name!r} has no line {name!r}: its lines are {', '.join(names)}"
            )
    lines: list[DesignLine] = []
    for name in names:
        own = [term for term in terms if term.name == name]
        probability = sum((term.probability.value for term in own), Fraction(0))
        if name in open_names:
            if probability == 0:
                raise RulesError(
                    f"line {name!r} of {bet.name!r} never happens on this shoe: "
                    "its pay cannot move the edge"
                )
            lines.append(DesignLine(name=name, probability=probability, pays=None))
            continue
        for pays in dict.fromkeys(term.pays for term in own):
            share = sum((term.probability.value for term in own if term.pays == pays), Fraction(0))
            lines.append(DesignLine(name=name, probability=share, pays=pays))
    return lines


def design(
    shoe: Shoe,
    rules: Rules,
    bet: Bet,
    open_lines: Sequence[str],
    edge: tuple[Fraction, Fraction],
    grid: Grid | None = None,
    hit_frequency: tuple[Fraction, Fraction] | None = None,
    top: int = 20,
) -> Design:
    """The pays of ``bet``'s ``open_lines`` (by name; their pays in ``bet`` are ignored) on
    ``grid`` that give a house edge in ``edge`` (and a hit frequency in ``hit_frequency``),
    ``top`` of them, nearest the middle of the range first; exhaustive within the grid.

    >>> from baccarat_exact.model.catalogue import find_bet
    >>> found = design(Shoe.from_decks(8), Rules(), find_bet("dragon-7"), ["win"],
    ...                (Fraction(7, 100), Fraction(8, 100)))
    >>> [str(table.pays[0]) for table in found.tables]
    ['40']
    """
    grid = grid if grid is not None else Grid()
    if not open_lines:
        raise RulesError(f"bet {bet.name!r} has no open line: name one with --line")
    if top < 1:
        raise RequestError(f"--top must be at least 1, got {top}")
    lines = _merged_lines(shoe, rules, bet, open_lines)
    found, tables = _tables(lines, grid, edge, (edge[0] + edge[1]) / 2, hit_frequency, top)
    nearest: tuple[PayTable, ...] = ()
    finer: tuple[Fraction, PayTable] | None = None
    if found == 0:
        nearest = _nearest(lines, grid, edge, hit_frequency)
        finer = _finer(lines, grid, edge, hit_frequency)
    return Design(
        bet=bet,
        shoe=shoe,
        rules=rules,
        lines=tuple(lines),
        edge=edge,
        grid=grid,
        hit_frequency=hit_frequency,
        top=top,
        found=found,
        tables=tables,
        nearest=nearest,
        finer=finer,
    )


FINER_STEPS = tuple(Fraction(1, n) for n in (2, 4, 5, 10, 20, 100))
"""The steps tried, coarsest first, when no table on the grid meets the target."""


def _nearest(
    lines: Sequence[DesignLine],
    grid: Grid,
    edge: tuple[Fraction, Fraction],
    hit_frequency: tuple[Fraction, Fraction] | None,
) -> tuple[PayTable, ...]:
    """When no table meets the target: the table on the grid nearest below the range and
    the one nearest above it (either may not exist), each found by a band beside the range
    that doubles until it holds a table."""
    found: list[PayTable] = []
    for side in (-1, 1):
        bound = edge[0] if side < 0 else edge[1]
        width = max(edge[1] - edge[0], Fraction(1, 10_000))
        while width <= 2 * (grid.step * grid.high + 2):
            band = (bound - width, bound) if side < 0 else (bound, bound + width)
            try:
                count, tables = _tables(lines, grid, band, bound, hit_frequency, 1, edge)
            except RequestError:  # the band grew too large to search: give up on this side
                break
            if count:
                found.append(tables[0])
                break
            width *= 2
    return tuple(sorted(found, key=lambda table: table.distance))


def _finer(
    lines: Sequence[DesignLine],
    grid: Grid,
    edge: tuple[Fraction, Fraction],
    hit_frequency: tuple[Fraction, Fraction] | None,
) -> tuple[Fraction, PayTable] | None:
    """When no table meets the target: the coarsest of :data:`FINER_STEPS` finer than the
    grid's step, within the same pays, on which one does, with its nearest table."""
    for step in FINER_STEPS:
        if step >= grid.step:
            continue
        finer = Grid(step=step, min_pay=grid.min_pay, max_pay=grid.max_pay, ordered=grid.ordered)
        try:
            count, tables = _tables(lines, finer, edge, (edge[0] + edge[1]) / 2, hit_frequency, 1)
        except RequestError:
            return None
        if count:
            return step, tables[0]
    return None


def _tables(
    lines: Sequence[DesignLine],
    grid: Grid,
    edge: tuple[Fraction, Fraction],
    middle_edge: Fraction,
    hit_frequency: tuple[Fraction, Fraction] | None,
    top: int,
    ranked_from: tuple[Fraction, Fraction] | None = None,
) -> tuple[int, tuple[PayTable, ...]]:
    """How many tables on ``grid`` give an edge in ``edge`` (and a hit frequency in
    ``hit_frequency``), and the ``top`` nearest ``middle_edge``; each table's distance is
    from the middle of ``ranked_from`` (default: of ``edge``)."""
    opened = [line for line in lines if line.pays is None]
    fixed = [line for line in lines if line.pays is not None]
    scale = math.lcm(*(line.probability.denominator for line in lines))
    weights = [int(line.probability * scale) for line in opened]
    ev_fixed = sum((line.probability * line.pays for line in fixed if line.pays), Fraction(0))
    low, high = edge
    # -EV = -(ev_fixed + step·S/scale) in [low, high]  ⇔  S in [(−high − ev_fixed)·scale/step, …]
    lowest = (-high - ev_fixed) * scale / grid.step
    highest = (-low - ev_fixed) * scale / grid.step
    middle = (-middle_edge - ev_fixed) * scale / grid.step
    hits = None
    hit_fixed = sum(
        (line.probability for line in fixed if line.pays and line.pays > 0), Fraction(0)
    )
    if hit_frequency is not None:
        hits = (
            math.ceil((hit_frequency[0] - hit_fixed) * scale),
            math.floor((hit_frequency[1] - hit_fixed) * scale),
        )
    search = _Search(
        weights=weights,
        low=grid.low,
        high=grid.high,
        ordered=grid.ordered,
        target=(math.ceil(lowest), math.floor(highest)),
        middle=(middle.numerator, middle.denominator),
        hits=hits,
        top=top,
    )
    found, best = search.run()
    centre_low, centre_high = ranked_from or edge
    centre = (centre_low + centre_high) / 2

    def table(steps: tuple[int, ...]) -> PayTable:
        pays = tuple(grid.step * k for k in steps)
        ev = ev_fixed + sum((line.probability * x for line, x in zip(opened, pays)), Fraction(0))
        square = sum((line.probability * line.pays**2 for line in fixed if line.pays), Fraction(0))
        square += sum((line.probability * x * x for line, x in zip(opened, pays)), Fraction(0))
        hit = hit_fixed + sum(
            (line.probability for line, x in zip(opened, pays) if x > 0), Fraction(0)
        )
        return PayTable(
            pays=pays,
            house_edge=-ev,
            distance=abs(-ev - centre),
            variance=square - ev * ev,
            hit_frequency=hit,
        )

    return found, tuple(table(steps) for steps in best)


@dataclass(slots=True, kw_only=True)
class _Search:
    """The search over whole numbers of steps (see the module's docstring)."""

    weights: list[int]
    """wᵢ: each open line's probability times the common denominator (all > 0)."""
    low: int
    high: int
    """Each line's number of steps is in low..high."""
    ordered: bool
    target: tuple[int, int]
    """S = Σ wᵢ·kᵢ must be in this range."""
    middle: tuple[int, int]
    """The middle of the (rational) target range, as numerator and denominator."""
    hits: tuple[int, int] | None
    """Σ wᵢ over the lines that pay more than 0 must be in this range (None: any)."""
    top: int
    found: int = 0
    visited: int = 0
    heap: list[tuple[int, tuple[int, ...]]] | None = None
    rests: list[int] | None = None
    """The sum of the weights after each line."""

    def run(self) -> tuple[int, list[tuple[int, ...]]]:
        """How many tables meet the target, and the ``top`` nearest the middle (steps)."""
        self.heap = []
        self.rests = [sum(self.weights[i + 1 :]) for i in range(len(self.weights))]
        self._node(0, 0, self.high, 0, ())
        ranked = sorted((-distance, tuple(-k for k in negated)) for distance, negated in self.heap)
        return self.found, [steps for _, steps in ranked]

    def _node(self, index: int, partial: int, cap: int, hit: int, chosen: tuple[int, ...]) -> None:
        assert self.rests is not None
        weight, rest = self.weights[index], self.rests[index]
        lowest, highest = self.target
        if index == len(self.weights) - 1:
            self._last(partial, cap, hit, chosen)
            return
        if self.ordered:  # the rest pay from low to this line's k each
            first = -((partial - lowest) // (weight + rest))  # ceil((L - s) / (w + W))
            last = min(cap, (highest - partial - rest * self.low) // weight)
        else:
            first = -((partial + rest * self.high - lowest) // weight)
            last = min(cap, (highest - partial - rest * self.low) // weight)
        first = max(first, self.low)
        if first > last:
            return
        self.visited += last - first + 1
        if self.visited > MAX_PARTIAL_TABLES:
            raise RequestError(
                f"the grid is too large to search in seconds (over {MAX_PARTIAL_TABLES:,} "
                "partial pay tables can reach the edge range): narrow it with --max-pay, "
                "--step, --ordered or a narrower --edge"
            )
        for k in range(first, last + 1):
            self._node(
                index + 1,
                partial + weight * k,
                k if self.ordered else self.high,
                hit + (weight if k > 0 else 0),
                (*chosen, k),
            )

    def _last(self, partial: int, cap: int, hit: int, chosen: tuple[int, ...]) -> None:
        """The last line: the range of k that lands S in the target, counted at once; then
        its values nearest the middle, offered to the heap."""
        weight = self.weights[-1]
        lowest, highest = self.target
        first = max(self.low, -((partial - lowest) // weight))
        last = min(cap, (highest - partial) // weight)
        if first > last:
            return
        spans = [(first, last)]
        if self.hits is not None:
            spans = [
                (a, b)
                for a, b, h in ((first, min(last, 0), hit), (max(first, 1), last, hit + weight))
                if a <= b and self.hits[0] <= h <= self.hits[1]
            ]
        numerator, denominator = self.middle
        for a, b in spans:
            self.found += b - a + 1
            # k nearest the middle: (partial + weight·k)·den closest to num
            below = min(
                max((numerator - partial * denominator) // (denominator * weight), a - 1), b
            )
            above = below + 1
            while below >= a or above <= b:
                d_below = (
                    numerator - (partial + weight * below) * denominator if below >= a else None
                )
                d_above = (
                    (partial + weight * above) * denominator - numerator if above <= b else None
                )
                if d_above is None or (d_below is not None and d_below <= d_above):
                    assert d_below is not None
                    taken = self._offer(abs(d_below), chosen, below)
                    below -= 1
                else:
                    taken = self._offer(abs(d_above), chosen, above)
                    above += 1
                if not taken:
                    break

    def _offer(self, distance: int, chosen: tuple[int, ...], last: int) -> bool:
        """Keep the table ``chosen`` + ``last`` if it is among the ``top`` nearest so far;
        False when it is farther than all of them (as is every table farther out on the
        same last line)."""
        heap = self.heap
        assert heap is not None
        full = len(heap) >= self.top
        if full and -heap[0][0] < distance:
            return False
        entry = (-distance, (*(-k for k in chosen), -last))
        if not full:
            heapq.heappush(heap, entry)
        elif entry > heap[0]:
            heapq.heapreplace(heap, entry)
        return True
