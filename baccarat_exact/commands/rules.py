"""``rules``: the drawing tableau and the pays of a game, as the engine uses them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, Request, View
from baccarat_exact.commands.inputs import PUNTO_BANCO, RulesInput

if TYPE_CHECKING:
    from baccarat_exact.model.rules import Rules
    from baccarat_exact.report.model import Report

__all__ = ["RulesRequest"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesRequest(Request["Rules"]):
    """The casino card of a game: who draws on what, and what each bet pays.

    >>> RulesRequest(rules=RulesInput(game="ez")).run().document()["rules"]["commission"]
    '0'
    """

    KIND: ClassVar[str] = "rules"

    rules: RulesInput = PUNTO_BANCO

    def compute(self, context: Context) -> Rules:
        """The game's rules, with the commission and Tie pay given."""
        return self.rules.rules()

    def report(self, result: Rules, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.rules import rules_report

        return rules_report(result)
