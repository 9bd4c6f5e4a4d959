"""The inputs every blackjack command shares: the rules (a base set and the options given)
and the shoe, and what a blackjack request checks before it runs.

The rules are written as the user gave them (``--rules us --h17 --blackjack-pays 6:5``)
and build the library's :class:`~baccarat_exact.blackjack.rules.BlackjackRules` on
demand; the shoe is a :class:`~baccarat_exact.commands.inputs.ShoeInput` whose decks
are the rules' (``--decks`` is a rule of the game: the rule sets differ in it).
Nothing here lists the rules: each rule's input, its check and the option that names it
in a message come from the rule's declaration
(:func:`~baccarat_exact.blackjack.rules.rule_options`).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Collection
from dataclasses import dataclass, is_dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from baccarat_exact.blackjack.rules import BlackjackRules, RuleOption, find_rules, rule_options
from baccarat_exact.commands.base import Inputs, Request, ResultT
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.errors import RequestError, RulesError, ShoeError

if TYPE_CHECKING:
    from baccarat_exact.model.shoe import Shoe

__all__ = [
    "ALL_RULES",
    "CASINO_GAME",
    "DEALER_RULES",
    "FRESH_SHOE",
    "INSURANCE_RULES",
    "OPTION_NAMES",
    "BlackjackRequest",
    "BlackjackRulesInput",
    "rule_inputs",
]

OPTION_NAMES: dict[str, str] = {
    "ruleset": "--rules",
    **{option.input: option.option for option in rule_options()},
}
"""Each rules input, by field, and the option that gives it (every rule's as it declares
it, :func:`~baccarat_exact.blackjack.rules.rule_options`)."""

ALL_RULES: tuple[str, ...] = tuple(OPTION_NAMES)
"""Every rules input: what a command that plays the whole game offers."""
DEALER_RULES: tuple[str, ...] = (
    "ruleset",
    *(option.input for option in rule_options() if option.dealer),
)
"""The rules the dealer's hand depends on (``blackjack dealer``)."""
INSURANCE_RULES: tuple[str, ...] = (
    "ruleset",
    *(option.input for option in rule_options() if option.insurance),
)
"""The rules insurance and even money depend on: the shoe, what a blackjack pays, and
whether insurance is offered at all (a hole card)."""


class _TakesRules(Protocol):
    GAME: ClassVar[type[BlackjackRules]]


TakesRulesT = TypeVar("TakesRulesT", bound=_TakesRules)


def rule_inputs(cls: type[TakesRulesT]) -> type[TakesRulesT]:
    """Give an inputs class (before ``@dataclass``) one field per rule of its ``GAME``
    that its bases do not have, named after the rule's option (:attr:`RuleOption.input`):
    the rule as the user wrote it, ``None`` for as the base set has it."""
    inherited: set[str] = (
        {item.name for item in dataclasses.fields(cls)} if is_dataclass(cls) else set()
    )
    annotations = inspect.get_annotations(cls)
    for option in rule_options(cls.GAME):
        if option.input not in inherited:
            annotations[option.input] = option.given_as | None
            setattr(cls, option.input, dataclasses.field(default=None))
    cls.__annotations__ = annotations
    return cls


@dataclass(frozen=True, slots=True, kw_only=True)
@rule_inputs
class BlackjackRulesInput(Inputs):
    """A named rule set with the options given changed; ``None``: as the set has it.

    Besides ``ruleset`` there is one input per rule, named after its option (``h17``,
    ``das``, ``split_hands``…), typed as the user writes it (a pay or a choice as text):
    :func:`rule_inputs` makes them from the rules :attr:`GAME` declares.

    >>> BlackjackRulesInput(ruleset="us", h17=True, blackjack_pays="6:5").rules().summary()
    '6 decks, H17, hole card (peek), DAS, one card to split aces, no Triple Seven, BJ 6:5'
    >>> BlackjackRulesInput(split_hands=5)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: --split-hands must be 2, 3 or 4, got 5
    """

    GAME: ClassVar[type[BlackjackRules]] = BlackjackRules
    """The rules it builds: their declared rules are its inputs (:func:`rule_inputs`)."""

    ruleset: str = "european-777"
    """The base rule set, by name or alias (``blackjack rulesets`` lists them)."""

    @property
    def options(self) -> tuple[RuleOption, ...]:
        """The rules it takes, as they are declared (an input each)."""
        return rule_options(self.GAME)

    def __post_init__(self) -> None:
        for option in self.options:
            value = getattr(self, option.input)
            if option.kind is int and value is not None and not option.allows(value):
                raise RulesError(f"{option.option} must be {option.bounds()}, got {value}")
        self.rules()  # the base set's name, the choices and pays, and their combination

    def changes(self) -> dict[str, Any]:
        """The rules given, by rule, as the rules hold them (a pay as a ``Fraction``, a
        choice as its ``Enum``).

        :raises RulesError: for a choice or pay that cannot be read.
        """
        from baccarat_exact.model.exact import exact_number

        changes: dict[str, Any] = {}
        for option in self.options:
            given = getattr(self, option.input)
            if given is None:
                continue
            if option.kind is Fraction:
                pay = exact_number(given, option.noun, example="3/2, 3:2 or 1.5")
                if pay < 0:
                    raise RulesError(f"{option.noun} must not be negative, got {given!r}")
                changes[option.name] = pay
            elif option.given_as is str:
                try:
                    changes[option.name] = option.kind(given.strip().lower())
                except ValueError:
                    allowed = ", ".join(option.values)
                    raise RulesError(
                        f"{option.option} must be one of {allowed}, got {given!r}"
                    ) from None
            else:
                changes[option.name] = given
        return changes

    def rules(self) -> BlackjackRules:
        """The base set with every option given changed.

        :raises RulesError: for an unknown set, a choice or pay that cannot be read, or
            options that cannot go together (resplit aces with a pair split once…).
        """
        base = find_rules(self.ruleset)
        kept = {option.name: getattr(base, option.name) for option in rule_options(type(base))}
        return self.GAME(**{**kept, **self.changes()})

    def given(self) -> tuple[str, ...]:
        """The inputs given (the base set aside), by field."""
        return tuple(
            option.input for option in self.options if getattr(self, option.input) is not None
        )


CASINO_GAME = BlackjackRulesInput()
"""The rules by default: the casino's game (``european-777``)."""
FRESH_SHOE = ShoeInput()
"""The shoe by default: a fresh shoe of the rules' decks."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackRequest(Request[ResultT]):
    """A blackjack command: the rules and the shoe, checked together.

    The decks are a rule (``rules.decks``); the shoe gives a composition, an infinite
    shoe or the cards removed, never decks of its own. A command whose figures do not
    depend on some rules does not take them (:attr:`RULES`).
    """

    RULES: ClassVar[Collection[str]] = ALL_RULES
    """The rules inputs this command takes."""
    SHOE: ClassVar[Collection[str]] = ("counts", "remove", "infinite")
    """The shoe inputs this command takes."""
    OPTIMAL_SPLIT: ClassVar[bool] = False
    """Whether the command takes ``--post-split optimal``: a command valuing one shoe's
    splits does (each split refused beyond a day, :mod:`~baccarat_exact.blackjack.
    optimal_split`); one that solves many shoes, deals rounds or needs a fixed play of
    the split hands does not."""

    shoe: ShoeInput = FRESH_SHOE
    rules: BlackjackRulesInput = CASINO_GAME

    def __post_init__(self) -> None:
        if self.shoe.decks is not None:
            raise RequestError(
                "request.shoe.decks: a blackjack shoe takes its decks from the rules "
                "(request.rules.decks, --decks)"
            )
        if "decks" in self.rules.given():
            built = [
                name
                for name, given in (
                    ("--counts", self.shoe.counts is not None),
                    ("--infinite", self.shoe.infinite),
                )
                if given
            ]
            if built:
                raise ShoeError(
                    f"--decks and {built[0]} conflict: give only one way to build the shoe"
                )
        kind = self.KIND
        for name in self.rules.given():
            if name not in self.RULES:
                raise RulesError(
                    f"{kind} takes no {OPTION_NAMES[name]}: its figures do not depend on it"
                )
        for name, given in (
            ("counts", self.shoe.counts is not None),
            ("remove", bool(self.shoe.remove.strip())),
            ("infinite", self.shoe.infinite),
        ):
            if given and name not in self.SHOE:
                raise ShoeError(f"{kind} takes no --{name}: it deals whole shoes, shuffled")
        if not self.OPTIMAL_SPLIT and "post_split" in self.rules.given():
            from baccarat_exact.blackjack.rules import PostSplit

            if self.rules.rules().post_split is PostSplit.OPTIMAL:
                raise RulesError(
                    f"{kind} does not take --post-split optimal: the optimal split is valued "
                    "one shoe's pairs at a time (blackjack hand, blackjack edge)"
                )
        self.check()

    def check(self) -> None:
        """The command's own checks of its inputs (cheap: no solving)."""

    def game(self) -> tuple[BlackjackRules, Shoe]:
        """The rules, and the shoe they are played from (the rules' decks unless the
        shoe is given another way)."""
        rules = self.rules.rules()
        return rules, self.shoe.shoe(default_decks=rules.decks)
