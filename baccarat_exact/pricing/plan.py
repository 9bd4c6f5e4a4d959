"""The planner: what must be counted to price a tuple of bets under one tableau.

:func:`plan` reads each bet once and says how it is priced — a typed item per bet:

* :class:`ValueItem` — a bet on the round's values alone: one engine column per distinct
  pay line (each bet's last line is the rest), after two columns for Banker and Player
  wins, shared by every value bet;
* :class:`PairItem` — a bet on the pair states alone (the first two cards of each hand);
* :class:`JointItem` — a bet on pairs and the round together: the joint (pair state ×
  event) table, each event set counted once for every such bet.

One shoe's odds count fewer columns than the plan has where some are integer
combinations of the others (:attr:`Plan.one_shoe`), and read a pair bet's largest line
as the rest. Plans are cached by value; every path of the pricer (one shoe, a round in
progress, a batch of shoe states) reads the same plan. The checks every path shares are
here too: a finite shoe must deal a whole round, and suited pair bets are refused where
they cannot be priced.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.column_basis import column_basis, select_columns
from baccarat_exact.engine.counting import (
    Compiled,
    Derived,
    compile_columns,
    fits_int64,
    six_card_total,
)
from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.model.bets import ALL_EVENTS, Bet, refuse_card_bets
from baccarat_exact.model.deal import ROUND_CARDS
from baccarat_exact.model.events import EVENTS, Outcome
from baccarat_exact.model.rules import Rules, Tableau
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "DEFAULT_RULES",
    "OUTCOME_EVENTS",
    "JointItem",
    "JointLine",
    "OneShoe",
    "PairItem",
    "PairLines",
    "Plan",
    "ValueItem",
    "engine_input",
    "one_shoe_reading",
    "plan",
    "refuse_suits",
    "require_round",
]

OUTCOME_EVENTS = tuple(
    frozenset(i for i, e in enumerate(EVENTS) if e.outcome is o)
    for o in (Outcome.BANKER, Outcome.PLAYER)
)
"""The events of a Banker win and of a Player win: every plan's first two columns."""
DEFAULT_RULES = Rules()
"""The rules a pricing call assumes when given none."""
_TIE_EVENTS = tuple(i for i, e in enumerate(EVENTS) if e.outcome is Outcome.TIE)


def require_round(cards: int) -> None:
    """Refuse a finite shoe that cannot deal a whole round (a round can take 6 cards).

    >>> require_round(5)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: the shoe holds 5 cards; a round can need 6, so at least 6 must be left
    """
    if cards < ROUND_CARDS:
        raise ShoeError(
            f"the shoe holds {cards} card{'s' if cards != 1 else ''}; "
            f"a round can need {ROUND_CARDS}, so at least {ROUND_CARDS} must be left"
        )


def engine_input(shoe: Shoe) -> tuple[tuple[int, ...], int]:
    """Value counts the engine takes and what its counts are out of: the six-card total,
    or (Σ weights)**6 for an infinite shoe."""
    if shoe.infinite:
        reduced = shoe.reduced()
        return reduced.values, reduced.cards**6
    cards = shoe.cards
    require_round(cards)
    return shoe.values, six_card_total(cards)


def refuse_suits(bets: Sequence[Bet], *, staked: bool = False) -> None:
    """Refuse suited pair bets where they cannot be priced: in a round in progress, or
    staked together with bets on the cards' ranks (``staked``)."""
    suited = [bet.name for bet in bets if bet.needs_suits and not bet.suit_features]
    if not suited:
        return
    if staked:
        cards = ", ".join(bet.name for bet in bets if bet.needs_cards)
        raise RulesError(
            f"{', '.join(suited)} tell suited pairs apart, which cannot be staked together "
            f"with bets on the cards' ranks ({cards}) yet: stake them in separate runs"
        )
    raise RulesError(
        f"{', '.join(suited)} tell suited pairs apart: the odds of a round in progress "
        "are for bets that look at ranks and totals only"
    )


# -- what each bet reads ---------------------------------------------------------------


class ValueItem(NamedTuple):
    """A bet on the round's values alone."""

    position: int
    """The bet's place in :attr:`Plan.bets`."""
    columns: tuple[int, ...]
    """The engine column of each pay line but the last, which pays on the rest."""


class PairItem(NamedTuple):
    """A bet on the pair states alone."""

    position: int
    """The bet's place in :attr:`Plan.bets`."""
    states: tuple[tuple[int, ...], ...]
    """Each pay line's pair states."""
    rest: int
    """The line whose count is the rest (the denominator less the other lines'): the
    line of most states, not summed. A pair bet's lines share out the pair states
    (:class:`~baccarat_exact.model.bets.Bet` refuses lines that overlap or leave a round
    out)."""


class PairLines(NamedTuple):
    """How a pure pair bet's line counts are read from the pair states' counts."""

    position: int
    """The bet's place in :attr:`Plan.bets`."""
    lines: int
    """How many pay lines it has."""
    summed: tuple[tuple[int, tuple[int, ...]], ...]
    """(line, its pair states) of each line whose states are summed: all but the rest."""
    rest: int
    """The line counted as the rest (:attr:`PairItem.rest`)."""


class JointLine(NamedTuple):
    """One pay line of a bet on pairs and the round together."""

    states: tuple[int, ...]
    """Its pair states."""
    column: int | None
    """Its event set's place in :attr:`Plan.joint_columns`; None: no event."""
    complement: bool
    """Whether it pays on the complement of that event set (its pair states' count less
    the column's)."""


class JointItem(NamedTuple):
    """A bet on pairs and the round together, read from the joint table."""

    position: int
    """The bet's place in :attr:`Plan.bets`."""
    lines: tuple[JointLine, ...]
    """Each pay line's pair states and event set."""


class OneShoe(NamedTuple):
    """What one shoe's odds count and how each bet reads the counts (:func:`one_shoe_reading`).

    The engine counts :attr:`compiled`, a basis of the plan's columns; each other column
    is an integer combination of the counted ones and the denominator, appended after
    them: one row holds every column's count, in the order of :attr:`compiled`, then
    :attr:`derived`."""

    compiled: Compiled
    """The columns counted, each one of :attr:`Plan.columns`."""
    derived: Derived
    """Each column not counted, in the order appended to the row: its (row position,
    coefficient) terms on the counted columns and the denominator's coefficient."""
    banker: int
    """The row position of the Banker wins' count."""
    player: int
    """The row position of the Player wins' count."""
    values: tuple[tuple[int, tuple[int, ...]], ...]
    """Per value bet, in order: its place in :attr:`Plan.bets` and the row position of
    each pay line but the last (the rest)."""


# -- the plan ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Plan:
    """How to price a tuple of bets under one tableau (made by :func:`plan`, cached)."""

    bets: tuple[Bet, ...]
    tableau: Tableau
    columns: tuple[tuple[int, ...], ...]
    """The engine's columns: Banker wins, Player wins, then the value bets' lines (events
    of each)."""
    values: tuple[ValueItem, ...]
    """The value-based bets, in the order of :attr:`bets`."""
    pairs: tuple[PairItem, ...]
    """The pure pair bets, in order."""
    joints: tuple[JointItem, ...]
    """The bets on pairs and the round together, in order."""
    joint_columns: tuple[frozenset[int], ...]
    """The event sets the joint bets' lines are counted from, each once: of a set and
    its complement only the one without event 0 (the other is the pair state's count
    less it), and neither the empty set nor every event."""
    suits: bool
    """Whether some bet tells a suited pair from an unsuited one."""
    scales: tuple[int, ...]
    """Per bet: the least common denominator of its pays."""
    line_pays: tuple[tuple[int, ...], ...]
    """Per bet, per line: its pay times the bet's scale (an integer)."""
    largest_pay: int
    """The largest absolute scaled pay of any line."""
    value_pays: npt.NDArray[np.int64]
    """(columns + 1, value bets): EV numerator (× scale) per column count, last row per
    denominator (each bet's last line pays on the rest)."""
    value_wins: npt.NDArray[np.int64]
    """(columns + 1, value bets): win count per column count, last row per denominator."""
    tie_column: int | None
    """The column of the tie events, if some line pays on exactly them: one shoe's count
    of it is the rest (every sequence ends in one outcome), not counted."""
    _made: dict[str, Any] = field(default_factory=dict, repr=False)
    """The compiled columns and the single-shoe reading, made on first use (a batch may
    count others)."""

    @property
    def compiled(self) -> Compiled:
        """:attr:`columns` compiled (on first use)."""
        found: Compiled | None = self._made.get("columns")
        if found is None:
            found = self._made["columns"] = compile_columns(self.tableau, self.columns)
        return found

    @property
    def one_shoe(self) -> OneShoe:
        """What one shoe's odds count and read (:func:`one_shoe_reading`, made on first
        use)."""
        found: OneShoe | None = self._made.get("one shoe")
        if found is None:
            found = self._made["one shoe"] = one_shoe_reading(self)
        return found

    @property
    def pair_lines(self) -> tuple[PairLines, ...]:
        """Per pure pair bet, what its line counts sum (made on first use)."""
        found: tuple[PairLines, ...] | None = self._made.get("pair lines")
        if found is None:
            found = self._made["pair lines"] = tuple(
                PairLines(
                    item.position,
                    len(item.states),
                    tuple((i, line) for i, line in enumerate(item.states) if i != item.rest),
                    item.rest,
                )
                for item in self.pairs
            )
        return found

    @property
    def value_bets(self) -> tuple[int, ...]:
        """Positions of the value-based bets."""
        return tuple(item.position for item in self.values)

    @property
    def pair_bets(self) -> tuple[int, ...]:
        """Positions of the pure pair bets."""
        return tuple(item.position for item in self.pairs)

    @property
    def joint_bets(self) -> tuple[int, ...]:
        """Positions of the bets on pairs and the round together."""
        return tuple(item.position for item in self.joints)


@functools.lru_cache(maxsize=256)
def plan(tableau: Tableau, bets: tuple[Bet, ...]) -> Plan:
    """How to price ``bets`` under ``tableau``: the one planner, cached by value.

    Bets on the ranks of any dealt card are priced by one shoe's odds only (card by card).

    >>> from baccarat_exact.model.bets import main_bets
    >>> from baccarat_exact.model.rules import Rules
    >>> planned = plan(Rules().tableau, main_bets(Rules()))
    >>> [item.columns for item in planned.values]  # each line but the last
    [(0, 2), (1, 2), (2,)]
    """
    refuse_card_bets(bets, "this analysis")
    index: dict[frozenset[int], int] = {}
    for events in OUTCOME_EVENTS:
        index.setdefault(events, len(index))
    values, pairs, joint_bets = [], [], []
    for position, bet in enumerate(bets):
        if not bet.needs_pairs:
            own = tuple(index.setdefault(line.events, len(index)) for line in bet.lines[:-1])
            values.append(ValueItem(position, own))
        elif not bet.needs_events:
            states = tuple(tuple(sorted(line.pairs)) for line in bet.lines)
            pairs.append(PairItem(position, states, _rest_line(states)))
        else:
            joint_bets.append(position)
    columns = tuple(tuple(sorted(events)) for events in index)
    joint_columns, joints = _joint_layout(bets, joint_bets)
    scales = tuple(math.lcm(*(line.pays.denominator for line in bet.lines)) for bet in bets)
    line_pays = tuple(
        tuple(int(line.pays * scale) for line in bet.lines) for bet, scale in zip(bets, scales)
    )
    largest = max((abs(pay) for row in line_pays for pay in row), default=0)
    value_pays, value_wins = _value_matrices(bets, values, line_pays, largest, len(columns))
    return Plan(
        bets=bets,
        tableau=tableau,
        columns=columns,
        values=tuple(values),
        pairs=tuple(pairs),
        joints=joints,
        joint_columns=joint_columns,
        suits=any(bet.needs_suits for bet in bets),
        scales=scales,
        line_pays=line_pays,
        largest_pay=largest,
        value_pays=value_pays,
        value_wins=value_wins,
        tie_column=columns.index(_TIE_EVENTS) if _TIE_EVENTS in columns else None,
    )


def one_shoe_reading(planned: Plan) -> OneShoe:
    """:attr:`Plan.one_shoe`: the plan's columns less those that are integer combinations
    of the others and the denominator (:func:`~baccarat_exact.engine.column_basis.
    column_basis`, each relation proved on the integer table; the side bets' 34 columns
    are 30), or, for a plan of the outcomes alone, less the ties (the rest)."""
    columns, tie = planned.columns, planned.tie_column
    counted = tuple(j for j in range(len(columns)) if j != tie)
    derived: dict[int, tuple[tuple[tuple[int, int], ...], int]] = {}
    if len(counted) > len(OUTCOME_EVENTS):  # lines beyond the outcomes: some may be sums
        counted, expand = column_basis(planned.tableau, columns)
        for j in range(len(columns)):
            if j not in counted:
                terms = tuple((i, int(c)) for i, c in enumerate(expand[:-1, j].tolist()) if c)
                derived[j] = (terms, int(expand[-1, j]))
    elif tie is not None:  # every sequence ends in one outcome
        derived[tie] = ((0, -1), (1, -1)), 1
    where = {j: i for i, j in enumerate((*counted, *derived))}
    compiled = planned.compiled
    if len(counted) < len(columns):
        compiled = select_columns(compiled, counted)
    values = tuple(
        (item.position, tuple(where[c] for c in item.columns)) for item in planned.values
    )
    banker, player = where[0], where[1]
    return OneShoe(compiled, tuple(derived.values()), banker, player, values)


def _rest_line(states: tuple[tuple[int, ...], ...]) -> int:
    """:attr:`PairItem.rest` of lines on ``states``: the line of most states."""
    return max(range(len(states)), key=lambda i: len(states[i]))


def _joint_layout(
    bets: Sequence[Bet], positions: Sequence[int]
) -> tuple[tuple[frozenset[int], ...], tuple[JointItem, ...]]:
    """:attr:`Plan.joint_columns` and :attr:`Plan.joints` of the joint bets at
    ``positions``: each event set a line reads gets one column, shared by every bet."""
    columns: dict[frozenset[int], int] = {}
    items = []
    for position in positions:
        lines = []
        for line in bets[position].lines:
            complement = 0 in line.events
            events = ALL_EVENTS - line.events if complement else line.events
            column = columns.setdefault(events, len(columns)) if events else None
            lines.append(JointLine(tuple(sorted(line.pairs)), column, complement))
        items.append(JointItem(position, tuple(lines)))
    return tuple(columns), tuple(items)


def _value_matrices(
    bets: Sequence[Bet],
    values: Sequence[ValueItem],
    line_pays: Sequence[tuple[int, ...]],
    largest: int,
    columns: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """:attr:`Plan.value_pays` and :attr:`Plan.value_wins`: each value bet's EV numerator
    (× scale) and win count as a linear form in its columns' counts and the denominator
    (int64 pays while twice the ``largest`` pay of any bet fits, else Python ints)."""
    shape = (columns + 1, len(values))
    pays = np.zeros(shape, dtype=np.int64 if fits_int64(2 * largest) else object)
    wins = np.zeros(shape, dtype=np.int64)
    for j, item in enumerate(values):
        lines, line_pay = bets[item.position].lines, line_pays[item.position]
        last_win = int(lines[-1].pays > 0)
        for line, pay, column in zip(lines, line_pay, item.columns):
            pays[column, j] += pay - line_pay[-1]
            wins[column, j] += int(line.pays > 0) - last_win
        pays[-1, j], wins[-1, j] = line_pay[-1], last_win
    return pays, wins
