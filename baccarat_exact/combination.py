"""Combined stakes: several bets on one round, as one net result.

A player who puts 10 on Banker, 1 on Player Pair and 1 on Tie receives the sum of
three correlated results. Every bet is a pay table over the round's cells (pair
state × event, :mod:`~baccarat_exact.model.bets`), so the round's cell counts give the
exact joint distribution of all of them: the combination's net result is
``Σ stake_b · pays_b(cell)`` in each cell, and its EV, variance (every covariance
included), distribution and chance of a net loss follow exactly.

Element of risk, for a combination: the expected net loss over the expected stake
resolved, ``-E[net] / E[Σ_b stake_b · 1{bet b does not push}]``; for one bet it is the
usual house edge over the probability the bet is resolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from baccarat_exact.errors import RulesError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.events import N_EVENTS
from baccarat_exact.model.exact import exact_number, exact_text, sqrt_float, to_float

__all__ = ["Combination", "combine", "combine_lines", "parse_stakes"]


def stake_units(name: object, units: object) -> Fraction:
    """The units staked on bet ``name``, exact and more than 0.

    >>> stake_units("banker", "abc")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: stake on banker must be a number such as 10, 2.5 or 1/2, got 'abc'
    """
    stake = exact_number(units, f"stake on {name}", example="10, 2.5 or 1/2")
    if stake <= 0:
        raise RulesError(f"stake on {name} must be more than 0, got {units}")
    return stake


def parse_stakes(text: str) -> dict[str, Fraction]:
    """Stakes from ``"banker=10,player-pair=1"``: bet name, ``=``, units (exact).

    >>> parse_stakes("banker=10, tie=0.5")
    {'banker': Fraction(10, 1), 'tie': Fraction(1, 2)}
    >>> parse_stakes("banker")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: stake 'banker': write bet=units, e.g. banker=10
    """
    stakes: dict[str, Fraction] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, amount = item.partition("=")
        name = name.strip().lower()
        if not sep or not name:
            raise RulesError(f"stake {item!r}: write bet=units, e.g. banker=10")
        stake = stake_units(name, amount.strip())
        if name in stakes:
            raise RulesError(f"stake on {name} is given twice")
        stakes[name] = stake
    if not stakes:
        raise RulesError("no stakes: write bet=units, e.g. banker=10,tie=1")
    return stakes


@dataclass(frozen=True, slots=True)
class Combination:
    """The exact net result of several stakes on one round."""

    stakes: tuple[tuple[str, Fraction], ...]
    """(bet name, units staked), in the order given."""
    distribution: tuple[tuple[Fraction, Fraction], ...]
    """(net result in units, probability), every distinct amount, lowest first."""
    covariances: tuple[tuple[Fraction, ...], ...]
    """Covariance of the bets' results per unit staked, in the order of :attr:`stakes`."""
    resolved: Fraction
    """Expected stake resolved (not returned by a push)."""

    @property
    def staked(self) -> Fraction:
        """Total units staked."""
        return sum((stake for _, stake in self.stakes), Fraction(0))

    @property
    def ev(self) -> Fraction:
        """Expected net result, in units."""
        return sum((amount * p for amount, p in self.distribution), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """Expected loss per unit staked."""
        return -self.ev / self.staked

    @property
    def variance(self) -> Fraction:
        """Variance of the net result, in units squared (covariances included)."""
        ev = self.ev
        return sum((amount * amount * p for amount, p in self.distribution), Fraction(0)) - ev * ev

    @property
    def std_dev(self) -> float | None:
        """Standard deviation (a float: a square root); None beyond float range."""
        return sqrt_float(self.variance)

    def _mass(self, sign: int) -> Fraction:
        return sum(
            (p for amount, p in self.distribution if (amount > 0) - (amount < 0) == sign),
            Fraction(0),
        )

    @property
    def loss(self) -> Fraction:
        """Probability of a net loss (a net 0 is not a loss)."""
        return self._mass(-1)

    @property
    def win(self) -> Fraction:
        """Probability of a net win."""
        return self._mass(1)

    @property
    def even(self) -> Fraction:
        """Probability that the round nets exactly 0."""
        return self._mass(0)

    @property
    def element_of_risk(self) -> Fraction | None:
        """Expected net loss over the expected stake resolved; None if nothing resolves."""
        return None if self.resolved == 0 else -self.ev / self.resolved

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: exact values as ``"p/q"``, ``*_float`` for display."""
        eor = self.element_of_risk
        return {
            "stakes": {name: exact_text(stake) for name, stake in self.stakes},
            "staked": exact_text(self.staked),
            "ev": exact_text(self.ev),
            "ev_float": to_float(self.ev),
            "house_edge": exact_text(self.house_edge),
            "house_edge_float": to_float(self.house_edge),
            "variance": exact_text(self.variance),
            "variance_float": to_float(self.variance),
            "std_dev_float": self.std_dev,
            "win": exact_text(self.win),
            "win_float": to_float(self.win),
            "even": exact_text(self.even),
            "even_float": to_float(self.even),
            "loss": exact_text(self.loss),
            "loss_float": to_float(self.loss),
            "element_of_risk": None if eor is None else exact_text(eor),
            "element_of_risk_float": None if eor is None else to_float(eor),
            "covariances": [[exact_text(c) for c in row] for row in self.covariances],
            "covariances_float": [[to_float(c) for c in row] for row in self.covariances],
            "distribution": [
                {
                    "net": exact_text(amount),
                    "probability": exact_text(p),
                    "probability_float": to_float(p),
                }
                for amount, p in self.distribution
            ],
        }


def _pays_by_cell(bet: Bet, pairs: bool) -> list[Fraction]:
    """What ``bet`` pays per unit in each cell (state * 400 + event, or event)."""
    pays = [Fraction(0)] * (9 * N_EVENTS if pairs else N_EVENTS)
    for line in bet.lines:
        for cell in line.cells() if pairs else line.events:
            pays[cell] = line.pays
    return pays


def _chosen(
    bets: Sequence[Bet], stakes: Mapping[str, Fraction | int]
) -> list[tuple[Bet, Fraction]]:
    by_name = {bet.name: bet for bet in bets}
    unknown = [name for name in stakes if name not in by_name]
    if unknown:
        raise RulesError(f"no bet {unknown[0]!r} was priced; the bets are {', '.join(by_name)}")
    return [(by_name[name], Fraction(stake)) for name, stake in stakes.items()]


def combine(
    bets: Sequence[Bet],
    stakes: Mapping[str, Fraction | int],
    cells: Sequence[Sequence[int]],
    denominator: int,
) -> Combination:
    """The combination of ``stakes`` (bet name → units) on ``bets``, from the round's cell
    counts: 9 rows (pair states) × 400 events, or one row when no bet looks at pairs,
    out of ``denominator``.
    """
    chosen = _chosen(bets, stakes)
    pairs = len(cells) > 1
    if any(bet.needs_pairs for bet, _ in chosen) and not pairs:
        raise RulesError("a bet on pairs needs the round's cells by pair state")
    pays = [_pays_by_cell(bet, pairs) for bet, _ in chosen]
    flat = [count for row in cells for count in row]
    groups = [(tuple(p[cell] for p in pays), count) for cell, count in enumerate(flat) if count]
    return _combined(chosen, groups, denominator)


def combine_lines(
    bets: Sequence[Bet],
    stakes: Mapping[str, Fraction | int],
    lines: Mapping[str, Sequence[int]],
    weights: Sequence[int],
    denominator: int,
) -> Combination:
    """The combination from the rounds one by one: each staked bet's pay line in every
    round (``lines``, by bet name) and each round's weight, out of ``denominator``."""
    chosen = _chosen(bets, stakes)
    grouped: dict[tuple[int, ...], int] = {}
    columns = [lines[bet.name] for bet, _ in chosen]
    for key, weight in zip(zip(*columns), weights):
        grouped[key] = grouped.get(key, 0) + weight
    groups = [
        (tuple(bet.lines[i].pays for (bet, _), i in zip(chosen, key)), count)
        for key, count in grouped.items()
    ]
    return _combined(chosen, groups, denominator)


def combine_split(
    bets: Sequence[Bet],
    stakes: Mapping[str, Fraction | int],
    lines: tuple[Mapping[str, Any], Mapping[str, Any]],
    weights: Any,
    split: tuple[Any, Sequence[Fraction]],
    denominator: int,
) -> Combination:
    """As :func:`combine_lines`, for rounds that split by a condition on suits: ``lines``
    are each bet's pay lines when it holds and when not, ``split`` a group index per
    round and each group's exact chance that it holds."""
    chosen = _chosen(bets, stakes)
    group, chances = split
    grouped: dict[tuple[int, ...], Fraction] = {}
    widths = [len(bet.lines) for bet, _ in chosen]
    for side, mapping in enumerate(lines):
        code = np.asarray(group, dtype=np.int64)  # mixed radix: group, then each bet's line
        for (bet, _), width in zip(chosen, widths):
            code = code * width + np.asarray(mapping[bet.name], dtype=np.int64)
        keys, inverse = np.unique(code, return_inverse=True)
        sums = np.zeros(len(keys), dtype=weights.dtype)
        np.add.at(sums, np.asarray(inverse).reshape(-1), weights)
        for key, total in zip(keys.tolist(), sums.tolist()):
            row: list[int] = []
            for width in reversed(widths):
                key, line = divmod(key, width)
                row.append(line)
            chance = chances[key] if side == 0 else 1 - chances[key]
            if chance:
                at = tuple(reversed(row))
                grouped[at] = grouped.get(at, Fraction(0)) + chance * int(total)
    groups = [
        (tuple(bet.lines[i].pays for (bet, _), i in zip(chosen, key)), count)
        for key, count in grouped.items()
    ]
    return _combined(chosen, groups, denominator)


def _combined(
    chosen: Sequence[tuple[Bet, Fraction]],
    groups: Sequence[tuple[tuple[Fraction, ...], int | Fraction]],
    denominator: int,
) -> Combination:
    """The combination from groups of rounds: what each staked bet pays per unit in them
    and how many (weighted) rounds they are."""
    distribution: dict[Fraction, int | Fraction] = {}
    moments = [[Fraction(0) for _ in chosen] for _ in chosen]
    first = [Fraction(0) for _ in chosen]
    resolved = Fraction(0)
    for row, count in groups:
        net = sum((stake * pay for (_, stake), pay in zip(chosen, row)), Fraction(0))
        distribution[net] = distribution.get(net, 0) + count
        for i, x in enumerate(row):
            first[i] += x * count
            for j in range(i, len(row)):
                moments[i][j] += x * row[j] * count
        resolved += count * sum(
            (stake for (_, stake), pay in zip(chosen, row) if pay != 0), Fraction(0)
        )
    mean = [m / denominator for m in first]
    covariances = tuple(
        tuple(
            moments[min(i, j)][max(i, j)] / denominator - mean[i] * mean[j]
            for j in range(len(chosen))
        )
        for i in range(len(chosen))
    )
    return Combination(
        stakes=tuple((bet.name, stake) for bet, stake in chosen),
        distribution=tuple(
            (amount, Fraction(n, denominator)) for amount, n in sorted(distribution.items())
        ),
        covariances=covariances,
        resolved=resolved / denominator,
    )
