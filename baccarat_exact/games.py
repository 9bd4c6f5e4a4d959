"""Named rule sets (``--game``), each a frozen :class:`~baccarat_exact.rules.Rules`."""

from __future__ import annotations

from baccarat_exact.errors import RulesError
from baccarat_exact.rules import Rules

__all__ = ["RULESETS", "find_rules"]

RULESETS: dict[str, Rules] = {
    "punto-banco": Rules(),
}
"""Every named game; the key is the name reports and golden files use."""

_ALIASES = {"punto banco": "punto-banco", "standard": "punto-banco", "baccarat": "punto-banco"}


def find_rules(name: str) -> Rules:
    """The rule set called ``name`` (case-insensitive; a few aliases accepted).

    >>> find_rules("Punto-Banco").commission
    Fraction(1, 20)
    """
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return RULESETS[key]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise RulesError(f"unknown game {name!r}: known games are {known}") from None
