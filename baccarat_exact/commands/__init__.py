"""Every command, defined once: its request, the library call it makes, its report.

The command line builds a request from its options and runs it; ``check`` reads the
request a document records and runs it again the same way. :data:`REQUESTS` says where
each command's request class lives; it is imported only when that command runs
(start-up time).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from baccarat_exact.commands.base import Context, Inputs, Request, View
from baccarat_exact.errors import RequestError

__all__ = [
    "KINDS",
    "REQUESTS",
    "Context",
    "Inputs",
    "Request",
    "View",
    "request_class",
    "request_of",
]

REQUESTS: dict[str, tuple[str, str]] = {
    "odds": ("baccarat_exact.commands.odds", "OddsRequest"),
    "grid": ("baccarat_exact.commands.grid", "GridRequest"),
    "games": ("baccarat_exact.commands.games", "GamesRequest"),
    "bets": ("baccarat_exact.commands.bets", "BetsRequest"),
    "rules": ("baccarat_exact.commands.rules", "RulesRequest"),
    "eor": ("baccarat_exact.commands.eor", "EorRequest"),
    "simulate": ("baccarat_exact.commands.simulate", "SimulateRequest"),
    "track": ("baccarat_exact.commands.track", "TrackRequest"),
    "formula": ("baccarat_exact.commands.formula", "FormulaRequest"),
    "breakeven": ("baccarat_exact.commands.breakeven", "BreakevenRequest"),
    "compare": ("baccarat_exact.commands.compare", "CompareRequest"),
    "report": ("baccarat_exact.commands.report", "ReportRequest"),
    "design": ("baccarat_exact.commands.design", "DesignRequest"),
    "programs": ("baccarat_exact.commands.programs", "ProgramsRequest"),
    "submission": ("baccarat_exact.commands.submission", "SubmissionRequest"),
    "chemin": ("baccarat_exact.commands.chemin", "CheminDeFerRequest"),
    "banque": ("baccarat_exact.commands.banque", "BanqueRequest"),
    "lucky-draw": ("baccarat_exact.commands.lucky_draw", "LuckyDrawRequest"),
    "blackjack rules": ("baccarat_exact.commands.blackjack", "BlackjackRulesRequest"),
    "blackjack rulesets": ("baccarat_exact.commands.blackjack", "BlackjackRulesetsRequest"),
    "blackjack dealer": ("baccarat_exact.commands.blackjack", "BlackjackDealerRequest"),
    "blackjack hand": ("baccarat_exact.commands.blackjack", "BlackjackHandRequest"),
    "blackjack insurance": ("baccarat_exact.commands.blackjack", "BlackjackInsuranceRequest"),
    "blackjack edge": ("baccarat_exact.commands.blackjack", "BlackjackEdgeRequest"),
    "blackjack eor": ("baccarat_exact.commands.blackjack", "BlackjackEorRequest"),
    "blackjack strategy": ("baccarat_exact.commands.blackjack", "BlackjackStrategyRequest"),
    "blackjack round": ("baccarat_exact.commands.blackjack", "BlackjackRoundRequest"),
    "blackjack report": ("baccarat_exact.commands.blackjack", "BlackjackReportRequest"),
    "blackjack simulate": ("baccarat_exact.commands.blackjack", "BlackjackSimulateRequest"),
    "blackjack counting": ("baccarat_exact.commands.blackjack", "BlackjackCountingRequest"),
    "blackjack indices": ("baccarat_exact.commands.blackjack", "BlackjackIndicesRequest"),
    "dragon-tiger odds": ("baccarat_exact.commands.dragon_tiger", "DragonTigerOddsRequest"),
    "dragon-tiger eor": ("baccarat_exact.commands.dragon_tiger", "DragonTigerEorRequest"),
    "dragon-tiger simulate": ("baccarat_exact.commands.dragon_tiger", "DragonTigerSimulateRequest"),
}
"""Kind of document (the command's name) → (module, request class)."""

KINDS: tuple[str, ...] = tuple(REQUESTS)
"""Every kind of document, named by the command that writes it."""


def request_class(kind: str) -> type[Request[Any]]:
    """The request class of the command ``kind``.

    :raises RequestError: for a kind no command writes.
    """
    try:
        module, name = REQUESTS[kind]
    except KeyError:
        known = ", ".join(REQUESTS)
        raise RequestError(f"unknown kind of document {kind!r}; the kinds are: {known}") from None
    found: type[Request[Any]] = getattr(importlib.import_module(module), name)
    return found


def request_of(document: Mapping[str, Any]) -> Request[Any]:
    """The request a document records, read and validated as the command line's is.

    :raises RequestError: for a document with no request, or one that cannot be read.
    :raises BaccaratError: for a request the command refuses (a shoe too small…).
    """
    kind = document.get("kind")
    if not isinstance(kind, str):
        raise RequestError("the document names no kind")
    if "request" not in document:
        raise RequestError("the document records no request")
    if kind not in REQUESTS:
        raise RequestError(f"unknown kind of document {kind!r}")
    return request_class(kind).from_dict(document["request"])
