"""What a name in a document may be (issue 39): a snake_case identifier made by the one rule
(:func:`~baccarat_exact.report.model.identifier`), or data of a kind listed in
:data:`DATA_KEYS` with why. Shared by tests/test_interface.py, which checks every command's
JSON and ``-t`` names as it walks them, and tests/test_identifiers.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")

BET_KEYED = frozenset(
    {"bets", "definitions", "stakes", "shares", "positive", "counts", "your_count"}
)
"""Objects keyed by bet: a document's bets, a request's definitions of user-defined bets,
a combined stake's and a mix's shares, the bets positive at a depth, eor's counts by bet."""

DATA_KEYS: dict[str, tuple[re.Pattern[str], frozenset[str] | None]] = {
    # A card is written in the card notation everywhere (README): the shoe's counts and
    # suits, a count's tags, a dealer's up card in the strategy chart, a rank's effect of
    # removal; "a" or "c_2" would be neither the notation nor an identifier of anything.
    "card": (re.compile(r"[A2-9TJQK]"), None),
    # A number keyed by itself: a dealer's final total (17-21) in blackjack dealer's
    # outcomes, a Chemin de Fer banker total (0-7) in its strategy by total.
    "number": (re.compile(r"[0-9]+"), frozenset({"outcomes", "outcomes_float", "banker"})),
    # A two-card hand by point values (0+7), the table's own notation: a Chemin de Fer
    # banker's, a Lucky Draw player's (his play and its margin in each cell).
    "hand": (re.compile(r"[0-9]\+[0-9]"), frozenset({"banker", "margins", "strategy"})),
    # A bet's name as --bet takes it (dragon-7, 3-card-win-banker) or as a bets file names a
    # bet of its own: the document records the name given, which check reads back.
    "bet name": (re.compile(r"[a-z0-9]+(-[a-z0-9]+)*"), BET_KEYED),
}
"""The keys that are data, not names: what each is and where it may stand (its parent key;
``None``: anywhere)."""


def data_kind(key: str, parent: str) -> str | None:
    """Which kind of data ``key`` (under ``parent``) is, or ``None`` for none."""
    for kind, (pattern, parents) in DATA_KEYS.items():
        if pattern.fullmatch(key) and (parents is None or parent in parents):
            return kind
    return None


def keys(value: Any, path: str = "", parent: str = "") -> Iterator[tuple[str, str, str]]:
    """(path, key, parent key) of every key of a JSON value, however deep."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield path, key, parent
            yield from keys(item, f"{path}.{key}", key)
    elif isinstance(value, list):
        for item in value:
            yield from keys(item, f"{path}[]", parent)


def strays(document: Any) -> list[str]:
    """Keys of ``document`` that are neither identifiers nor data of a listed kind."""
    return sorted(
        {
            f"{path}.{key}"
            for path, key, parent in keys(document)
            if not IDENTIFIER.fullmatch(key) and data_kind(key, parent) is None
        }
    )


def table_names(refusal: str) -> list[str]:
    """The ``-t`` names of a command's output, as its one-line refusal of a wrong name lists
    them."""
    return refusal.strip().rpartition("choose one of ")[2].split(", ")
