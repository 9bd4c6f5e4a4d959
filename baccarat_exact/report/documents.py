"""The JSON documents every command writes: one envelope, self-describing.

A document starts with ``schema`` (its version) and ``kind`` (the command that wrote
it), and records everything needed to compute it again — the shoe (with what is known
of its suits), the rules, every option that changes a value, the seed where one is used,
and the full definition of every user-defined bet — so that ``check`` can recompute it
on another machine, without the files it came from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from baccarat_exact.model.bets import Bet

__all__ = ["KINDS", "READABLE", "SCHEMA", "definitions", "envelope"]

SCHEMA = 2
"""The version of every document's layout: 2 records the request and the tool's version."""

READABLE = (1, 2)
"""The layouts ``check`` reads."""

KINDS = (
    "odds",
    "games",
    "bets",
    "rules",
    "eor",
    "simulate",
    "track",
    "formula",
    "breakeven",
    "grid",
    "compare",
    "blackjack rules",
    "blackjack rulesets",
    "blackjack dealer",
    "blackjack hand",
    "blackjack insurance",
    "blackjack edge",
    "blackjack eor",
    "blackjack simulate",
    "blackjack strategy",
    "blackjack round",
)
"""Every kind of document, named by the command that writes it."""


def definitions(bets: Iterable[Bet]) -> dict[str, Any]:
    """The definitions of the user-defined bets among ``bets``, by name."""
    return {bet.name: bet.definition for bet in bets if bet.definition is not None}


def envelope(kind: str, body: Mapping[str, Any], bets: Iterable[Bet] = ()) -> dict[str, Any]:
    """``body`` as a document of ``kind``: schema and kind first, then the body. (A
    command's request, with the definitions of user-defined bets, is added by the
    command that runs it: :meth:`baccarat_exact.commands.base.Request.document`.)

    >>> envelope("rules", {"schema": 1, "rules": {}})
    {'schema': 2, 'kind': 'rules', 'rules': {}}
    """
    if kind not in KINDS:
        raise ValueError(f"unknown document kind {kind!r}")
    document: dict[str, Any] = {"schema": SCHEMA, "kind": kind}
    document.update((key, value) for key, value in body.items() if key not in ("schema", "kind"))
    return document
