"""Blackjack rules as data: the seed casino's game and every option its text leaves open.

The defaults are the game of ``seeds/003`` as RULES.md reads it: six decks, the
dealer takes one card and no hole card, stands on soft 17, a dealer blackjack
takes every stake, no double after split, split aces may be hit, Triple Seven
pays 3:2 on the original hand (by hit or by double), blackjack pays 3:2.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from baccarat_exact.errors import RulesError
from baccarat_exact.model.exact import exact_number

__all__ = [
    "RULESETS",
    "SEED_RULES",
    "US_RULES",
    "BlackjackRules",
    "DealerBlackjackTakes",
    "OptionFlip",
    "find_rules",
    "option_flips",
]


class DealerBlackjackTakes(str, Enum):
    """What a dealer blackjack (found after the player acted) takes from the player."""

    ALL = "all"
    """Every stake: the original, the split stake and any double (European custom)."""
    ORIGINAL = "original"
    """Only the original stake; split and double stakes are returned."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackRules:
    """One blackjack game: the shoe size, the dealer's rule, what the player may do, the pays.

    >>> BlackjackRules().decks, BlackjackRules().blackjack_pays
    (6, Fraction(3, 2))
    >>> BlackjackRules(decks=0)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: decks must be a whole number of 1 or more, got 0
    """

    decks: int = 6
    """52-card decks in a fresh shoe (the seed names no number; 6 adopted)."""
    dealer_hits_soft_17: bool = False
    """The dealer hits soft 17 (H17); the seed's dealer stands on it (S17)."""
    hole_card: bool = False
    """The dealer takes a hole card and peeks for blackjack before the player acts
    (US style); the seed's dealer takes one card only (no hole card)."""
    dealer_blackjack_takes: DealerBlackjackTakes = DealerBlackjackTakes.ALL
    """Without a hole card: what a dealer blackjack takes (all stakes, or the original only)."""
    double_after_split: bool = False
    """The player may double on the first two cards of a split hand."""
    hit_split_aces: bool = True
    """Split aces may take any number of cards (as the seed writes); off: one card each."""
    triple_seven: bool = True
    """Three sevens as the first three cards pay ``triple_seven_pays`` at once and end the hand."""
    triple_seven_on_double: bool = True
    """Triple Seven also counts when the third seven comes on a double."""
    triple_seven_on_split: bool = False
    """Triple Seven also counts on a split hand (a split 7 with two more 7s)."""
    blackjack_pays: Fraction = Fraction(3, 2)
    """What a player blackjack pays to 1."""
    triple_seven_pays: Fraction = Fraction(3, 2)
    """What a Triple Seven pays to 1 on the hand's stake."""

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or self.decks < 1:
            raise RulesError(f"decks must be a whole number of 1 or more, got {self.decks!r}")
        for name in ("blackjack_pays", "triple_seven_pays"):
            value = getattr(self, name)
            if not isinstance(value, (int, Fraction)) or isinstance(value, bool):
                raise RulesError(f"{name} must be an exact number, got {value!r}")
            if value < 0:
                raise RulesError(f"{name} must not be negative, got {value}")
            object.__setattr__(self, name, Fraction(value))
        if not isinstance(self.dealer_blackjack_takes, DealerBlackjackTakes):
            try:
                takes = DealerBlackjackTakes(self.dealer_blackjack_takes)
            except ValueError:
                raise RulesError(
                    f"dealer_blackjack_takes must be 'all' or 'original', got {self.dealer_blackjack_takes!r}"
                ) from None
            object.__setattr__(self, "dealer_blackjack_takes", takes)

    @property
    def pay_scale(self) -> int:
        """Smallest whole number S with every pay (and half a stake) a multiple of 1/S.

        >>> BlackjackRules(blackjack_pays=Fraction(6, 5)).pay_scale
        10
        """
        return math.lcm(2, self.blackjack_pays.denominator, self.triple_seven_pays.denominator)

    def summary(self, *, decks: bool = True) -> str:
        """One line naming the rules (without the decks when the shoe is described apart).

        >>> BlackjackRules().summary()
        '6 decks, S17, no hole card (dealer BJ takes all), no DAS, hit split aces, Triple Seven 3:2, BJ 3:2'
        """
        parts = [f"{self.decks} deck{'s' if self.decks != 1 else ''}"] if decks else []
        parts.append("H17" if self.dealer_hits_soft_17 else "S17")
        if self.hole_card:
            parts.append("hole card (peek)")
        else:
            parts.append(f"no hole card (dealer BJ takes {self.dealer_blackjack_takes.value})")
        parts.append("DAS" if self.double_after_split else "no DAS")
        parts.append("hit split aces" if self.hit_split_aces else "one card to split aces")
        if self.triple_seven:
            extra = [] if self.triple_seven_on_double else ["not on doubles"]
            if self.triple_seven_on_split:
                extra.append("on split hands")
            note = f" ({', '.join(extra)})" if extra else ""
            parts.append(f"Triple Seven {_ratio(self.triple_seven_pays)}{note}")
        else:
            parts.append("no Triple Seven")
        parts.append(f"BJ {_ratio(self.blackjack_pays)}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, object]:
        """Every option for JSON: pays as ``"p/q"``, the dealer-blackjack rule by name.

        >>> BlackjackRules().to_dict()["blackjack_pays"]
        '3/2'
        """
        out: dict[str, object] = {}
        for name, _ in _MEANINGS:
            value = getattr(self, name)
            out[name] = (
                str(value)
                if isinstance(value, Fraction)
                else value.value
                if isinstance(value, Enum)
                else value
            )
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> BlackjackRules:
        """Read :meth:`to_dict` back (options left out keep their defaults).

        >>> BlackjackRules.from_dict(BlackjackRules(decks=2).to_dict()) == BlackjackRules(decks=2)
        True
        """
        if not isinstance(data, Mapping):
            raise RulesError("blackjack rules must be an object of option -> value")
        known = dict(_MEANINGS)
        fields: dict[str, Any] = {}
        for name, value in data.items():
            if name not in known:
                raise RulesError(f"unknown blackjack rule {name!r}")
            if name.endswith("_pays"):
                value = exact_number(value, name, example="3/2 or 1.5")
            elif isinstance(getattr(SEED_RULES, name), bool) and not isinstance(value, bool):
                raise RulesError(f"{name} must be true or false, got {value!r}")
            fields[name] = value
        return cls(**fields)

    def describe(self) -> tuple[tuple[str, str, str, str], ...]:
        """Rows (option, value, seed default, meaning) for ``blackjack rules``."""
        seed = SEED_RULES
        rows = []
        for name, meaning in _MEANINGS:
            rows.append((name, _show(getattr(self, name)), _show(getattr(seed, name)), meaning))
        return tuple(rows)


_MEANINGS: tuple[tuple[str, str], ...] = (
    ("decks", "52-card decks in the shoe (the seed names none; 6 adopted)"),
    (
        "dealer_hits_soft_17",
        "dealer hits soft 17 (seed: draws until over 16, ace as 11 → stands on soft 17)",
    ),
    (
        "hole_card",
        "dealer peeks for blackjack before the player acts (seed: one dealer card, no hole card)",
    ),
    (
        "dealer_blackjack_takes",
        "without a hole card, a dealer blackjack takes all stakes or the original only",
    ),
    ("double_after_split", "double on the first two cards of a split hand (seed: not allowed)"),
    ("hit_split_aces", "split aces may take any number of cards (seed: no restriction written)"),
    ("triple_seven", "first three cards 7 7 7 pay at once and end the hand (seed: 3:2)"),
    ("triple_seven_on_double", "Triple Seven counts when the third 7 comes on a double"),
    ("triple_seven_on_split", "Triple Seven counts on a split hand"),
    ("blackjack_pays", "a player blackjack pays this to 1 (dealer blackjack too: push)"),
    ("triple_seven_pays", "a Triple Seven pays this to 1 on the hand's stake"),
)


def _ratio(value: Fraction) -> str:
    return f"{value.numerator}:{value.denominator}"


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return _ratio(value)
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


SEED_RULES = BlackjackRules()
"""The game of ``seeds/003`` with the readings RULES.md adopts."""

US_RULES = BlackjackRules(
    hole_card=True,
    double_after_split=True,
    hit_split_aces=False,
    triple_seven=False,
)
"""A common US shoe game for comparison: 6 decks, S17, peek, DAS, one card to split aces, no resplit."""

RULESETS: dict[str, BlackjackRules] = {"seed": SEED_RULES, "us": US_RULES}
"""Named rule sets; ``find_rules`` also accepts the aliases in ``_ALIASES``."""

_ALIASES = {"casino": "seed", "european": "seed", "enhc": "seed", "vegas": "us", "peek": "us"}


def find_rules(name: str) -> BlackjackRules:
    """A named rule set.

    >>> find_rules("European") == SEED_RULES
    True
    >>> find_rules("nope")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: unknown blackjack rule set 'nope': use seed or us
    """
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in RULESETS:
        raise RulesError(f"unknown blackjack rule set {name!r}: use {' or '.join(RULESETS)}")
    return RULESETS[key]


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionFlip:
    """One rule option changed on its own, to price it."""

    option: str
    """The option's field name."""
    change: str
    """What the flip does, in words (``"S17 → H17"``)."""
    rules: BlackjackRules
    """The rules after the flip."""


_SWITCHES: tuple[tuple[str, str, str], ...] = (
    ("dealer_hits_soft_17", "H17", "S17"),
    ("hole_card", "peek", "no hole card"),
    ("double_after_split", "DAS", "no DAS"),
    ("hit_split_aces", "hit split aces", "one card"),
    ("triple_seven", "Triple Seven", "none"),
    ("triple_seven_on_double", "on doubles", "not on doubles"),
    ("triple_seven_on_split", "on split hands", "not on split hands"),
)
"""The rule options that are on or off: field, and how it reads on and off."""


def option_flips(rules: BlackjackRules) -> tuple[OptionFlip, ...]:
    """Every option of ``rules`` flipped on its own (options without effect left out).

    >>> [flip.option for flip in option_flips(SEED_RULES)][:3]
    ['dealer_hits_soft_17', 'hole_card', 'dealer_blackjack_takes']
    """
    flips: list[OptionFlip] = []
    for option, on, off in _SWITCHES:
        if option.startswith("triple_seven_on") and not rules.triple_seven:
            continue  # no Triple Seven: where it counts does not matter
        value = getattr(rules, option)
        change = f"{on} → {off}" if value else f"{off} → {on}"
        flipped: dict[str, Any] = {option: not value}
        flips.append(OptionFlip(option=option, change=change, rules=replace(rules, **flipped)))
        if option == "hole_card" and not rules.hole_card:
            takes = rules.dealer_blackjack_takes
            other = (
                DealerBlackjackTakes.ORIGINAL
                if takes is DealerBlackjackTakes.ALL
                else DealerBlackjackTakes.ALL
            )
            flips.append(
                OptionFlip(
                    option="dealer_blackjack_takes",
                    change=f"dealer BJ takes {takes.value} → {other.value}",
                    rules=replace(rules, dealer_blackjack_takes=other),
                )
            )
    pays = Fraction(6, 5) if rules.blackjack_pays == Fraction(3, 2) else Fraction(3, 2)
    flips.append(
        OptionFlip(
            option="blackjack_pays",
            change=f"BJ {_ratio(rules.blackjack_pays)} → {_ratio(pays)}",
            rules=replace(rules, blackjack_pays=pays),
        )
    )
    return tuple(flips)
