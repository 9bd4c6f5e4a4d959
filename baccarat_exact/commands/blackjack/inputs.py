"""The inputs every blackjack command shares: the rules (a base set and the options given)
and the shoe, and what a blackjack request checks before it runs.

The rules are written as the user gave them (``--rules us --h17 --blackjack-pays 6:5``)
and build the library's :class:`~baccarat_exact.blackjack.rules.BlackjackRules` on
demand; the shoe is a :class:`~baccarat_exact.commands.inputs.ShoeInput` whose decks
are the rules' (``--decks`` is a rule of the game: the rule sets differ in it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.commands.base import Inputs, Request, ResultT
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.errors import RequestError, RulesError, ShoeError

if TYPE_CHECKING:
    from baccarat_exact.blackjack.rules import BlackjackRules
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
]

OPTION_NAMES: dict[str, str] = {
    "ruleset": "--rules",
    "decks": "--decks",
    "h17": "--h17/--s17",
    "hole_card": "--hole-card/--no-hole-card",
    "dealer_bj_takes": "--dealer-bj-takes",
    "das": "--das/--no-das",
    "hit_split_aces": "--hit-split-aces/--one-card-split-aces",
    "triple_seven": "--triple-seven/--no-triple-seven",
    "triple_seven_double": "--triple-seven-double/--no-triple-seven-double",
    "triple_seven_split": "--triple-seven-split/--no-triple-seven-split",
    "blackjack_pays": "--blackjack-pays",
    "triple_seven_pays": "--triple-seven-pays",
    "surrender": "--surrender",
    "double": "--double",
    "double_split_aces": "--double-split-aces/--no-double-split-aces",
    "split_hands": "--split-hands",
    "resplit_aces": "--resplit-aces/--no-resplit-aces",
    "split_by": "--split-by",
}
"""Each rules input, by field, and the option that gives it."""

_SWITCHES: tuple[tuple[str, str], ...] = (
    ("decks", "decks"),
    ("h17", "dealer_hits_soft_17"),
    ("hole_card", "hole_card"),
    ("das", "double_after_split"),
    ("hit_split_aces", "hit_split_aces"),
    ("triple_seven", "triple_seven"),
    ("triple_seven_double", "triple_seven_on_double"),
    ("triple_seven_split", "triple_seven_on_split"),
    ("double_split_aces", "double_split_aces"),
    ("split_hands", "split_hands"),
    ("resplit_aces", "resplit_aces"),
)
"""Inputs taken as they are: field → the rule it sets."""

_PAYS: tuple[tuple[str, str, str], ...] = (
    ("blackjack_pays", "blackjack_pays", "the blackjack pay"),
    ("triple_seven_pays", "triple_seven_pays", "the Triple Seven pay"),
)
"""Pays given as text: field → the rule it sets, and its name in a message."""

ALL_RULES: tuple[str, ...] = tuple(OPTION_NAMES)
"""Every rules input: what a command that plays the whole game offers."""
DEALER_RULES: tuple[str, ...] = ("ruleset", "decks", "h17")
"""The rules the dealer's hand depends on (``blackjack dealer``)."""
INSURANCE_RULES: tuple[str, ...] = ("ruleset", "decks", "hole_card", "blackjack_pays")
"""The rules insurance and even money depend on: the shoe, what a blackjack pays, and
whether insurance is offered at all (a hole card)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackRulesInput(Inputs):
    """A named rule set with the options given changed; ``None``: as the set has it.

    >>> BlackjackRulesInput(ruleset="us", h17=True, blackjack_pays="6:5").rules().summary()
    '6 decks, H17, hole card (peek), DAS, one card to split aces, no Triple Seven, BJ 6:5'
    >>> BlackjackRulesInput(split_hands=5)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: --split-hands must be 2, 3 or 4, got 5
    """

    ruleset: str = "european-777"
    """The base rule set, by name or alias (``blackjack rulesets`` lists them)."""
    decks: int | None = None
    """52-card decks in a fresh shoe."""
    h17: bool | None = None
    """The dealer hits soft 17 (true) or stands on it (false)."""
    hole_card: bool | None = None
    """The dealer takes a hole card and peeks for blackjack."""
    dealer_bj_takes: str | None = None
    """Without a hole card, what a dealer blackjack takes: ``all`` or ``original``."""
    das: bool | None = None
    """Double after split."""
    hit_split_aces: bool | None = None
    """Split aces may be hit (false: one card each)."""
    triple_seven: bool | None = None
    """The Triple Seven bonus."""
    triple_seven_double: bool | None = None
    """Triple Seven counts when the third 7 comes on a double."""
    triple_seven_split: bool | None = None
    """Triple Seven counts on split hands."""
    blackjack_pays: str | None = None
    """What a blackjack pays to 1, as given: ``"3/2"``, ``"6:5"``, ``"1.5"``."""
    triple_seven_pays: str | None = None
    """What a Triple Seven pays to 1, as given."""
    surrender: str | None = None
    """``none``, ``late`` or ``early``."""
    double: str | None = None
    """Two-card hands that may double: ``any``, ``9-11`` or ``10-11``."""
    double_split_aces: bool | None = None
    """A split ace with its second card may double."""
    split_hands: int | None = None
    """Most hands a pair may become: 2, 3 or 4."""
    resplit_aces: bool | None = None
    """Split aces may be split again."""
    split_by: str | None = None
    """A pair is two cards of equal ``value`` or of equal ``rank``."""

    def __post_init__(self) -> None:
        if self.decks is not None and self.decks < 1:
            raise RulesError(f"--decks must be 1 or more, got {self.decks}")
        if self.split_hands is not None and self.split_hands not in (2, 3, 4):
            raise RulesError(f"--split-hands must be 2, 3 or 4, got {self.split_hands}")
        self.rules()  # the base set's name, the choices and pays, and their combination

    def rules(self) -> BlackjackRules:
        """The base set with every option given changed.

        :raises RulesError: for an unknown set, a choice or pay that cannot be read, or
            options that cannot go together (resplit aces with a pair split once…).
        """
        from baccarat_exact.blackjack.rules import (
            DealerBlackjackTakes,
            DoubleRule,
            SplitBy,
            Surrender,
            find_rules,
        )
        from baccarat_exact.model.exact import exact_number

        changes: dict[str, Any] = {
            rule: getattr(self, name) for name, rule in _SWITCHES if getattr(self, name) is not None
        }
        for name, rule, kind in (
            ("surrender", "surrender", Surrender),
            ("double", "double", DoubleRule),
            ("split_by", "split_by", SplitBy),
            ("dealer_bj_takes", "dealer_blackjack_takes", DealerBlackjackTakes),
        ):
            text = getattr(self, name)
            if text is None:
                continue
            try:
                changes[rule] = kind(text.strip().lower())
            except ValueError:
                allowed = ", ".join(item.value for item in kind)
                raise RulesError(
                    f"{OPTION_NAMES[name]} must be one of {allowed}, got {text!r}"
                ) from None
        for name, rule, what in _PAYS:
            text = getattr(self, name)
            if text is None:
                continue
            pay = exact_number(text, what, example="3/2, 3:2 or 1.5")
            if pay < 0:
                raise RulesError(f"{what} must not be negative, got {text!r}")
            changes[rule] = pay
        return dataclasses.replace(find_rules(self.ruleset), **changes)

    def given(self) -> tuple[str, ...]:
        """The inputs given (the base set aside), by field."""
        return tuple(
            name for name in OPTION_NAMES if name != "ruleset" and getattr(self, name) is not None
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

    shoe: ShoeInput = FRESH_SHOE
    rules: BlackjackRulesInput = CASINO_GAME

    def __post_init__(self) -> None:
        if self.shoe.decks is not None:
            raise RequestError(
                "request.shoe.decks: a blackjack shoe takes its decks from the rules "
                "(request.rules.decks, --decks)"
            )
        if self.rules.decks is not None:
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
        self.check()

    def check(self) -> None:
        """The command's own checks of its inputs (cheap: no solving)."""

    def game(self) -> tuple[BlackjackRules, Shoe]:
        """The rules, and the shoe they are played from (the rules' decks unless the
        shoe is given another way)."""
        rules = self.rules.rules()
        return rules, self.shoe.shoe(default_decks=rules.decks)
