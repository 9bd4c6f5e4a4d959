"""How a blackjack rule is declared: once, on its field of the rules, with its option.

A rule's field carries a :class:`RuleOption` in its metadata (:func:`declare`): the
command-line option and its help, the rule's meaning in a line, its domain and which
figures depend on it. :func:`declared_rules` reads them back; the request's rules
inputs, the commands' rules options, the JSON Schemas and the docs' rules tables are
all made from them.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from baccarat_exact.errors import RulesError
from baccarat_exact.model.exact import shown_number

__all__ = ["RuleOption", "declare", "declared_rules"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleOption:
    """How one rule is given and told, declared once on its field of :class:`BlackjackRules`
    (:func:`declare`): its command-line option and help, its meaning, its domain.

    The request's rules inputs and their checks (``commands/blackjack/inputs.py``), the
    commands' rules options (``cli/blackjack.py``), the JSON Schemas of the rules and the
    docs' rules tables are all made from these (:func:`rule_options`), so a new rule is
    its field here and the round that reads it.

    >>> from baccarat_exact.blackjack.rules import rule_options
    >>> das = rule_options()[4]
    >>> das.name, das.input, das.option, das.kind, das.default
    ('double_after_split', 'das', '--das/--no-das', <class 'bool'>, False)
    >>> rule_options()[-4].checked(5)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: split_hands must be 2, 3 or 4, got 5
    """

    flags: tuple[str, ...]
    """The option as typer declares it: ``("--decks", "-d")``, ``("--h17/--s17",)``."""
    help: str
    """The option's ``--help`` text."""
    meaning: str
    """The rule in a line (``blackjack rules``, the docs)."""
    name: str = ""
    """The rule's field (:func:`rule_options` sets it, with ``kind`` and ``default``)."""
    kind: type[Any] = object
    """What the rule holds: ``bool``, ``int``, ``Fraction`` (a pay) or an ``Enum`` (a choice)."""
    default: Any = None
    """The casino's value."""
    minimum: int | None = None
    """A whole-number rule's least value."""
    choices: tuple[int, ...] = ()
    """A whole-number rule's only values (none: any above ``minimum``)."""
    noun: str = ""
    """How a message names a pay (``"the blackjack pay"``)."""
    flip: tuple[str, str] | None = None
    """A rule that is on or off, priced by flipping it (:func:`option_flips`): how it
    reads on and off (``("H17", "S17")``)."""
    always_written: bool = False
    """Every document since the first holds it (its schema requires it); a later rule may
    be missing from an older document, which then means its default."""
    later: bool = False
    """Added after documents were first stored: a stored document without it was computed
    with its default, and ``check`` accepts it missing there (:func:`later_defaults`)."""
    dealer: bool = False
    """The dealer's final hand depends on it (``blackjack dealer`` offers it)."""
    insurance: bool = False
    """Insurance and even money depend on it (``blackjack insurance`` offers it)."""

    @property
    def option(self) -> str:
        """The option as messages name it (``--h17/--s17``, ``--decks``)."""
        return self.flags[0]

    @property
    def input(self) -> str:
        """The request's input that gives the rule, named after its option: ``--h17/--s17``
        gives ``h17``, ``--dealer-bj-takes`` gives ``dealer_bj_takes``."""
        return self.option.split("/")[0].removeprefix("--").replace("-", "_")

    @property
    def given_as(self) -> type[Any]:
        """What the user writes it as: text for a pay or a choice."""
        return self.kind if self.kind in (bool, int) else str

    @property
    def values(self) -> tuple[Any, ...]:
        """The values a choice or a whole number of a few may take (else none)."""
        if isinstance(self.kind, type) and issubclass(self.kind, Enum):
            return tuple(item.value for item in self.kind)
        return self.choices

    def bounds(self) -> str:
        """A whole-number rule's domain in words: ``"1 or more"``, ``"2, 3 or 4"``."""
        if self.choices:
            *first, last = (str(value) for value in self.choices)
            return f"{', '.join(first)} or {last}" if first else last
        return f"{self.minimum} or more"

    def allows(self, value: int) -> bool:
        """Whether a whole-number rule may take ``value``."""
        if self.choices:
            return value in self.choices
        return self.minimum is None or value >= self.minimum

    def checked(self, value: Any) -> Any:
        """``value`` as the rules hold it: a pay as a ``Fraction``, a choice as its ``Enum``.

        :raises RulesError: for a value outside the rule's domain.
        """
        name = self.name
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int) or not self.allows(value):
                whole = "a whole number of " if not self.choices else ""
                raise RulesError(f"{name} must be {whole}{self.bounds()}, got {value!r}")
        elif self.kind is Fraction:
            if not isinstance(value, (int, Fraction)) or isinstance(value, bool):
                raise RulesError(f"{name} must be an exact number, got {value!r}")
            if value < 0:
                raise RulesError(f"{name} must not be negative, got {shown_number(value)}")
            return Fraction(value)
        elif issubclass(self.kind, Enum) and not isinstance(value, self.kind):
            try:
                return self.kind(value)
            except ValueError:
                allowed = " or ".join(repr(item) for item in self.values)
                raise RulesError(f"{name} must be {allowed}, got {value!r}") from None
        return value


_DECLARED = "baccarat_exact.rule"
"""The key of a rule field's :class:`RuleOption` in its metadata."""


def declare(
    *flags: str,
    help: str,
    meaning: str,
    minimum: int | None = None,
    choices: tuple[int, ...] = (),
    noun: str = "",
    flip: tuple[str, str] | None = None,
    always_written: bool = False,
    later: bool = False,
    dealer: bool = False,
    insurance: bool = False,
) -> dict[str, RuleOption]:
    """A rule field's metadata: how the rule is given and told (:class:`RuleOption`),
    as ``field(default=..., metadata=declare("--h17/--s17", help=..., meaning=...))``."""
    declared = RuleOption(
        flags=flags,
        help=help,
        meaning=meaning,
        minimum=minimum,
        choices=choices,
        noun=noun,
        flip=flip,
        always_written=always_written,
        later=later,
        dealer=dealer,
        insurance=insurance,
    )
    return {_DECLARED: declared}


def declared_rules(rules: type) -> tuple[RuleOption, ...]:
    """The rules of the dataclass ``rules``, each field's declaration completed with its
    name, type and default, in the fields' order.

    :raises TypeError: for a field declared without its option (:func:`declare`).
    """
    kinds = typing.get_type_hints(rules)
    options = []
    for item in dataclasses.fields(rules):
        declared = item.metadata.get(_DECLARED)
        if not isinstance(declared, RuleOption):
            raise TypeError(
                f"{rules.__name__}.{item.name}: declare the rule in its metadata (declare())"
            )
        options.append(
            replace(declared, name=item.name, kind=kinds[item.name], default=item.default)
        )
    return tuple(options)
