"""The blackjack commands, each defined once: its request, the library call, its report.

The rules every command shares are a :class:`BlackjackRulesInput` (a base set and the
options given); the shoe a :class:`~baccarat_exact.commands.inputs.ShoeInput` whose decks
are the rules'.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from baccarat_exact.commands.blackjack.counting import BlackjackCountingRequest
    from baccarat_exact.commands.blackjack.hands import (
        BlackjackDealerRequest,
        BlackjackHandRequest,
        BlackjackInsuranceRequest,
    )
    from baccarat_exact.commands.blackjack.indices import BlackjackIndicesRequest
    from baccarat_exact.commands.blackjack.inputs import BlackjackRequest, BlackjackRulesInput
    from baccarat_exact.commands.blackjack.report import BlackjackReportRequest
    from baccarat_exact.commands.blackjack.rules import (
        BlackjackRulesetsRequest,
        BlackjackRulesRequest,
    )
    from baccarat_exact.commands.blackjack.simulate import BlackjackSimulateRequest
    from baccarat_exact.commands.blackjack.solve import (
        BlackjackEdgeRequest,
        BlackjackEorRequest,
        BlackjackRoundRequest,
        BlackjackStrategyRequest,
    )

__all__ = [
    "BlackjackCountingRequest",
    "BlackjackDealerRequest",
    "BlackjackEdgeRequest",
    "BlackjackEorRequest",
    "BlackjackHandRequest",
    "BlackjackIndicesRequest",
    "BlackjackInsuranceRequest",
    "BlackjackReportRequest",
    "BlackjackRequest",
    "BlackjackRoundRequest",
    "BlackjackRulesInput",
    "BlackjackRulesRequest",
    "BlackjackRulesetsRequest",
    "BlackjackSimulateRequest",
    "BlackjackStrategyRequest",
]

_LAZY = {
    "BlackjackCountingRequest": "counting",
    "BlackjackDealerRequest": "hands",
    "BlackjackHandRequest": "hands",
    "BlackjackInsuranceRequest": "hands",
    "BlackjackIndicesRequest": "indices",
    "BlackjackRequest": "inputs",
    "BlackjackRulesInput": "inputs",
    "BlackjackReportRequest": "report",
    "BlackjackRulesRequest": "rules",
    "BlackjackRulesetsRequest": "rules",
    "BlackjackSimulateRequest": "simulate",
    "BlackjackEdgeRequest": "solve",
    "BlackjackEorRequest": "solve",
    "BlackjackRoundRequest": "solve",
    "BlackjackStrategyRequest": "solve",
}
"""The module of each request class, imported when the class is first asked for: a command
loads its own request's module, not every blackjack command's (start-up time)."""


def __getattr__(name: str) -> Any:
    """A request class of :data:`__all__`, imported on first use and kept."""
    if name in _LAZY:
        value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's attributes and the request classes it offers, loaded or not."""
    return sorted({*globals(), *__all__})
