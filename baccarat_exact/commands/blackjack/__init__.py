"""The blackjack commands, each defined once: its request, the library call, its report.

The rules every command shares are a :class:`BlackjackRulesInput` (a base set and the
options given); the shoe a :class:`~baccarat_exact.commands.inputs.ShoeInput` whose decks
are the rules'.
"""

from __future__ import annotations

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
