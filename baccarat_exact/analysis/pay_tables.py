"""Candidate pay tables of one bet: the catalogue's other pay tables of the same bet, and
tables given line by line.

Two bets are pay tables of one bet when they pay on the same rounds line for line and
differ only in what the lines pay (Lucky 6 and its Macau table; Natural 8 at 9 to 1 and
at 8 to 1). A table is given as ``LINE=PAY; LINE=PAY``: the bet's lines named, each
with its new pay, the others as they are.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from baccarat_exact.errors import BetError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.exact import exact_number
from baccarat_exact.model.rules import Rules

__all__ = [
    "candidate_tables",
    "given_table",
    "line_names",
    "published_variants",
    "same_rounds",
]


def same_rounds(first: Bet, second: Bet) -> bool:
    """Whether ``first`` and ``second`` pay on the same rounds line for line (their pays
    aside).

    >>> from baccarat_exact.model.catalogue import find_bet
    >>> same_rounds(find_bet("lucky-6"), find_bet("lucky-6-macau"))
    True
    >>> same_rounds(find_bet("perfect-pair"), find_bet("perfect-pair-both"))
    False
    """
    if len(first.lines) != len(second.lines) or first.card_lines != second.card_lines:
        return False
    return all(
        (a.events, a.pairs) == (b.events, b.pairs) for a, b in zip(first.lines, second.lines)
    )


def _pays(bet: Bet) -> tuple[Fraction, ...]:
    return tuple(line.pays for line in bet.lines)


def published_variants(bet: Bet, rules: Rules) -> tuple[Bet, ...]:
    """The catalogue's other pay tables of ``bet``: its bets that pay on the same rounds
    with other pays, in catalogue order.

    >>> from baccarat_exact.model.catalogue import find_bet
    >>> [v.name for v in published_variants(find_bet("natural-8-player"), Rules())]
    ['natural-8-player-8-to-1']
    """
    from baccarat_exact.model.catalogue import SIDE_BETS

    found = []
    for entry in SIDE_BETS.values():
        other = entry.bet_for(rules.tableau)
        if other.name != bet.name and same_rounds(bet, other) and _pays(other) != _pays(bet):
            found.append(other)
    return tuple(found)


def line_names(bet: Bet) -> tuple[str, ...]:
    """The bet's pay lines by name, once each, in order."""
    return tuple(dict.fromkeys(line.name for line in bet.lines))


def given_table(bet: Bet, text: str) -> Bet:
    """``bet`` with the pays ``text`` gives (``"LINE=PAY; LINE=PAY"``, lines by name,
    case aside), named by that text.

    >>> from baccarat_exact.model.catalogue import find_bet
    >>> [str(line.pays) for line in given_table(find_bet("dragon-7"), "win=30").lines]
    ['30', '-1']
    >>> given_table(find_bet("dragon-7"), "jackpot=30")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.BetError: --pays 'jackpot=30': dragon-7 has no line 'jackpot' (its lines: win, lose)
    """
    names = {name.lower(): name for name in line_names(bet)}
    pays: dict[str, Fraction] = {}
    for part in (part.strip() for part in text.split(";")):
        if not part:
            continue
        name, equals, value = part.rpartition("=")
        key = name.strip().lower()
        if not equals or not key:
            raise BetError(f"--pays {text!r}: write each line as LINE=PAY, got {part!r}")
        if key not in names:
            known = ", ".join(names.values())
            raise BetError(
                f"--pays {text!r}: {bet.name} has no line {name.strip()!r} (its lines: {known})"
            )
        if names[key] in pays:
            raise BetError(f"--pays {text!r}: line {names[key]!r} is given twice")
        pays[names[key]] = exact_number(value.strip(), f"--pays {text!r}: the pay", BetError)
    if not pays:
        raise BetError(f"--pays {text!r}: give LINE=PAY for one line or more")
    lines = tuple(
        dataclasses.replace(line, pays=pays.get(line.name, line.pays)) for line in bet.lines
    )
    return dataclasses.replace(bet, name=" ".join(text.split()), lines=lines, definition=None)


def candidate_tables(bet: Bet, rules: Rules, pays: Sequence[str] = ()) -> tuple[Bet, ...]:
    """The pay tables to set beside ``bet``'s: each of ``pays`` (a catalogue bet that is a
    pay table of it, or a table ``LINE=PAY; …``), or, with none, its published variants.

    :raises BetError: for a name that is no bet, or a bet that pays on other rounds.
    """
    if not pays:
        return published_variants(bet, rules)
    from baccarat_exact.model.catalogue import find_bet

    found: list[Bet] = []
    for text in pays:
        if "=" in text:
            table = given_table(bet, text)
        else:
            table = find_bet(text, rules)
            if not same_rounds(bet, table):
                raise BetError(
                    f"--pays {text!r}: {table.name} pays on other rounds than {bet.name}, "
                    "so it is another bet, not a pay table of it"
                )
        if table.name == bet.name:
            raise BetError(f"--pays {text!r}: that is {bet.name}'s own pay table, always shown")
        if any(table.name == other.name for other in found):
            raise BetError(f"--pays {text!r}: that pay table is named twice")
        found.append(table)
    return tuple(found)
