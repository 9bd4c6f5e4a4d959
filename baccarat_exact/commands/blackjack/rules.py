"""``blackjack rules`` and ``blackjack rulesets``: the rules in force, and the built-in sets
with their house edges."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.blackjack.inputs import CASINO_GAME, BlackjackRulesInput

if TYPE_CHECKING:
    from baccarat_exact.blackjack.edge import RulesetEdge
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.report.model import Report

__all__ = ["BlackjackRulesRequest", "BlackjackRulesetsRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackRulesRequest(Request["BlackjackRules"]):
    """The rules in force: every option, its value and the casino's default.

    >>> doc = BlackjackRulesRequest(rules=BlackjackRulesInput(h17=True)).run().document()
    >>> doc["rules"]["dealer_hits_soft_17"], doc["request"]["rules"]["h17"]
    (True, True)
    """

    KIND: ClassVar[str] = "blackjack rules"

    rules: BlackjackRulesInput = CASINO_GAME

    def compute(self, context: Context) -> BlackjackRules:
        return self.rules.rules()

    def report(self, result: BlackjackRules, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import rules_report

        return rules_report(result)


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackRulesetsRequest(Request["tuple[RulesetEdge, ...]"]):
    """The built-in rule sets (or those named), each with its house edge on a fresh shoe.

    >>> BlackjackRulesetsRequest(names=("atlantis",))
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: unknown blackjack rule set 'atlantis': use european-777, us, las-vegas-strip, atlantic-city or single-deck-6-5
    """

    KIND: ClassVar[str] = "blackjack rulesets"

    names: tuple[str, ...] = ()
    """Rule sets by name or alias (none: every one)."""
    exact: bool = True
    """Exact fractions (false: float arithmetic, ``--float``)."""

    def __post_init__(self) -> None:
        from baccarat_exact.blackjack.rules import find_rules

        for name in self.names:
            find_rules(name)

    def compute(self, context: Context) -> tuple[RulesetEdge, ...]:
        from baccarat_exact.blackjack.edge import chosen_rulesets, ruleset_edges
        from baccarat_exact.blackjack.hands import SLOTS

        steps = SLOTS * len(chosen_rulesets(self.names))
        with context.progress(steps, "solving up cards") as advance:
            return ruleset_edges(self.names, exact=self.exact, progress=advance)

    def report(self, result: tuple[RulesetEdge, ...], view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack import rulesets_report

        return rulesets_report(result)
