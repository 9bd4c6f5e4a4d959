"""The index plays ``blackjack counting`` plays, read from what ``blackjack indices -f json``
writes: a file of the user's, a document computed for the rules in force, or the one this
package ships for the casino's default game.

A document holds, per decision, its index (the nearest integer to the crossing), its
direction and its status. The plays made of it:

- ``ok`` and ``noisy`` (``?`` in the table) with an index: an index play. ``>=``: the
  index play at that true count and above, the move it replaces below; ``<=``: the other
  way round, switched at the same true count (the dealer compares a true count with ``≥``
  only, so at exactly the index the other move is made: the crossing is within half a
  true count of the index either way).
- ``always``, ``never`` and ``none``: no index play — the rules' basic strategy (the chart
  of the full shoe) is played there, as it is wherever a document names no play.
- A split against the best other move (``best other``): below its index the chart's move
  for the two cards played as a total.
- Insurance and surrender gaining as the count *falls* (``<=``) are noise, never a play
  a counter makes: no index play.

A document is refused (one line) when it is not one ``blackjack indices`` wrote, or when
it was computed for other rules, another shoe or another count than those of the run:
an index belongs to its rules, shoe and count.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from baccarat_exact.analysis.blackjack.decisions import Decision, named_decision
from baccarat_exact.analysis.counting import CountSystem
from baccarat_exact.blackjack.index_play import IndexPlay
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.blackjack.strategy import BasicStrategy, Move
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "INDICES_KIND",
    "SHIPPED_INDICES",
    "check_document",
    "document_plays",
    "read_indices_file",
    "shipped_indices",
]

INDICES_KIND = "blackjack indices"
"""The kind of document a file of index plays must be."""

SHIPPED_INDICES = ("indices-european-777-hi-lo.json",)
"""The documents this package ships (in ``baccarat_exact/data``), each written by
``baccarat-exact blackjack indices -f json`` with the request it records (the casino's
default game, Hi-Lo: ``blackjack indices --rules european-777 -f json``)."""

_STATUSES = ("ok", "noisy", "always", "never", "none")
_MOVES = {"stand": Move.STAND, "hit": Move.HIT, "double": Move.DOUBLE, "split": Move.SPLIT}


def read_indices_file(path: str) -> dict[str, Any]:
    """The JSON document in the file ``path``.

    :raises SimulationError: for a file that cannot be read or holds no JSON object.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise SimulationError(
            f"--indices {path}: cannot read it ({error.strerror or error}); give "
            "auto, illustrious-18, computed, none or a file written by blackjack indices -f json"
        ) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise SimulationError(
            f"--indices {path}: not JSON (line {error.lineno}: {error.msg}); give a file "
            "written by blackjack indices -f json"
        ) from None
    if not isinstance(document, dict):
        raise SimulationError(f"--indices {path}: not a document of blackjack indices")
    return document


def shipped_indices(rules: BlackjackRules, shoe: Shoe, count: CountSystem) -> dict[str, Any] | None:
    """The shipped document (:data:`SHIPPED_INDICES`) for these rules, shoe and count, or
    None where the package ships none."""
    for name in SHIPPED_INDICES:
        text = resources.files("baccarat_exact").joinpath("data").joinpath(name).read_text("utf-8")
        document = json.loads(text)
        if _mismatch(document, rules, shoe, count) is None:
            return dict(document)
    return None


def document_plays(
    document: Mapping[str, Any],
    where: str,
    *,
    rules: BlackjackRules,
    shoe: Shoe,
    count: CountSystem,
    strategy: BasicStrategy,
) -> tuple[IndexPlay, ...]:
    """The index plays of an indices document (module docstring), checked against the
    run's rules, shoe and count (:func:`check_document`); ``where`` names the document in
    messages."""
    entries = check_document(document, where, rules=rules, shoe=shoe, count=count)
    plays = (_play(*entry, strategy, rules) for entry in entries)
    return tuple(play for play in plays if play is not None)


def check_document(
    document: Mapping[str, Any],
    where: str,
    *,
    rules: BlackjackRules,
    shoe: Shoe,
    count: CountSystem,
) -> list[tuple[Decision, int | None, str | None]]:
    """Each decision of the document with its index (None: no play) and direction.

    :raises SimulationError: for a document that is not one of ``blackjack indices`` or
        belongs to other rules, another shoe or another count.
    """
    if document.get("kind") != INDICES_KIND or not isinstance(document.get("indices"), list):
        raise SimulationError(
            f"--indices {where}: not a document of blackjack indices (its kind is "
            f"{document.get('kind')!r}); write one with blackjack indices -f json"
        )
    why = _mismatch(document, rules, shoe, count)
    if why is not None:
        raise SimulationError(
            f"--indices {where}: computed for {why}; compute them for this game "
            "(blackjack indices … -f json, or --indices computed)"
        )
    return [_entry(entry, where) for entry in document["indices"]]


def _mismatch(
    document: Mapping[str, Any], rules: BlackjackRules, shoe: Shoe, count: CountSystem
) -> str | None:
    """What of the document differs from the run (its rules, shoe or count), or None."""
    theirs = document.get("rules")
    if not isinstance(theirs, Mapping):
        return "no rules it records"
    ours = rules.to_dict()
    for key, value in ours.items():
        if theirs.get(key) != value:
            return f"other rules ({key} {_shown(theirs.get(key))} there, {_shown(value)} here)"
    if document.get("shoe") != shoe.to_dict():
        cards = (
            document.get("shoe", {}).get("cards")
            if isinstance(document.get("shoe"), Mapping)
            else None
        )
        return f"another shoe ({cards} cards there, {shoe.cards} here)"
    found = document.get("count")
    tags = found.get("tags") if isinstance(found, Mapping) else None
    if tags != count.label():
        name = found.get("name") if isinstance(found, Mapping) else None
        return f"another count ({name or tags} there, {count.name} here)"
    return None


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _entry(entry: object, where: str) -> tuple[Decision, int | None, str | None]:
    """One item of a document's ``indices``, checked: its decision, index (None: no play)
    and direction."""
    bad = f"--indices {where}: an index that blackjack indices does not write"
    if not isinstance(entry, Mapping):
        raise SimulationError(f"{bad}: {entry!r}")
    key, status = entry.get("key"), entry.get("status")
    index, direction = entry.get("index"), entry.get("direction")
    decision = named_decision(key) if isinstance(key, str) else None
    if decision is None:
        raise SimulationError(f"{bad}: no decision {key!r}")
    if status not in _STATUSES or direction not in (">=", "<=", None):
        raise SimulationError(f"{bad}: {key} has status {status!r}, direction {direction!r}")
    if status in ("ok", "noisy"):
        if not isinstance(index, int) or isinstance(index, bool) or direction is None:
            raise SimulationError(f"{bad}: {key} is {status} without an index and direction")
        return decision, index, direction
    return decision, None, None


def _play(
    decision: Decision,
    index: int | None,
    direction: str | None,
    strategy: BasicStrategy,
    rules: BlackjackRules,
) -> IndexPlay | None:
    """The index play of one decision of a document (module docstring), or None."""
    if index is None:
        return None
    up = decision.up + 1
    rising = direction == ">="
    if decision.kind == "insurance":
        return IndexPlay(1, "insurance", 0, index, None, None) if rising else None
    if decision.kind == "surrender":
        return (
            IndexPlay(up, "hard", decision.total, index, Move.SURRENDER, None) if rising else None
        )
    play = _MOVES[decision.play]
    if decision.other == "best other":  # a pair's split against the chart's move unsplit
        pair = tuple(2 if s == decision.total else 0 for s in range(10))
        other = strategy.plays[decision.up].move(pair, -1, rules, splittable=False)
    else:
        other = _MOVES[decision.other]
    kind, total = (
        ("pair", decision.total + 1) if decision.kind == "pair" else ("hard", decision.total)
    )
    above, below = (play, other) if rising else (other, play)
    return IndexPlay(up, kind, total, index, above, below)
