"""Bets as pay tables over the 400 final events.

A :class:`Bet` is a list of :class:`PayLine`s: disjoint sets of events, each with
what it pays per unit staked (net: 1 is even money, 0 a push, -1 the stake lost).
The three main bets are built from the :class:`~baccarat_exact.rules.Rules`;
side bets are more pay tables of the same kind.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.errors import RulesError
from baccarat_exact.events import EVENTS, N_EVENTS, Event, Outcome
from baccarat_exact.rules import Rules

__all__ = ["Bet", "PayLine", "banker_bet", "events_where", "main_bets", "player_bet", "tie_bet"]


def events_where(condition: Callable[[Event], bool]) -> frozenset[int]:
    """Indices of the events for which ``condition`` holds.

    >>> len(events_where(lambda e: e.outcome is Outcome.TIE))
    40
    """
    return frozenset(i for i, event in enumerate(EVENTS) if condition(event))


@dataclass(frozen=True, slots=True, kw_only=True)
class PayLine:
    """One line of a pay table: the events it covers and its net pay per unit."""

    name: str
    """What the line is, e.g. ``"win"``, ``"push"``, ``"win by 9"``."""
    pays: Fraction
    """Net units won per unit staked: positive a win, 0 a push, -1 the stake lost."""
    events: frozenset[int]
    """Indices into ``EVENTS`` of the rounds this line pays on."""

    @property
    def kind(self) -> str:
        """``win``, ``push`` or ``lose``, from the sign of the pay."""
        if self.pays > 0:
            return "win"
        return "push" if self.pays == 0 else "lose"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet:
    """A bet: a name and a pay table whose lines split the events between them.

    >>> banker_bet(Rules()).lines[0]
    PayLine(name='win', pays=Fraction(19, 20), events=frozenset({...}))
    """

    name: str
    lines: tuple[PayLine, ...]

    def __post_init__(self) -> None:
        covered: set[int] = set()
        for line in self.lines:
            if line.events & covered:
                raise RulesError(f"bet {self.name!r}: line {line.name!r} overlaps an earlier line")
            if line.pays < -1:
                raise RulesError(f"bet {self.name!r}: line {line.name!r} loses more than the stake")
            covered |= line.events
        if len(covered) != N_EVENTS:
            raise RulesError(f"bet {self.name!r}: its lines must cover every round")


def _line(name: str, pays: Fraction | int, condition: Callable[[Event], bool]) -> PayLine:
    return PayLine(name=name, pays=Fraction(pays), events=events_where(condition))


def banker_bet(rules: Rules) -> Bet:
    """Banker: wins 1 less the commission, pushes on a tie."""
    return Bet(
        name="banker",
        lines=(
            _line("win", rules.banker_pays, lambda e: e.outcome is Outcome.BANKER),
            _line("push", 0, lambda e: e.outcome is Outcome.TIE),
            _line("lose", -1, lambda e: e.outcome is Outcome.PLAYER),
        ),
    )


def player_bet(rules: Rules) -> Bet:
    """Player: wins 1 to 1, pushes on a tie."""
    return Bet(
        name="player",
        lines=(
            _line("win", 1, lambda e: e.outcome is Outcome.PLAYER),
            _line("push", 0, lambda e: e.outcome is Outcome.TIE),
            _line("lose", -1, lambda e: e.outcome is Outcome.BANKER),
        ),
    )


def tie_bet(rules: Rules) -> Bet:
    """Tie: pays ``rules.tie_pays`` to 1 when the totals are equal."""
    return Bet(
        name="tie",
        lines=(
            _line("win", rules.tie_pays, lambda e: e.outcome is Outcome.TIE),
            _line("lose", -1, lambda e: e.outcome is not Outcome.TIE),
        ),
    )


@functools.lru_cache(maxsize=64)
def main_bets(rules: Rules) -> tuple[Bet, Bet, Bet]:
    """Banker, Player and Tie under ``rules`` (cached: rules are frozen)."""
    return banker_bet(rules), player_bet(rules), tie_bet(rules)
