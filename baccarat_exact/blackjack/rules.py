"""Blackjack rules as data: the casino's game, the common tables, and every option.

The defaults are the casino's game (``european-777``): six decks, the dealer
takes one card and no hole card, stands on soft 17, a dealer blackjack takes
every stake, double on any two cards, no double after split, a pair splits once
(two hands, by value), split aces may be hit, no surrender, Triple Seven pays
3:2 on the original hand (by hit or by double), blackjack pays 3:2.

The module runs past 500 lines because it is all the data of one type: each rule's
field with its declaration (its option, help, meaning and domain: the one place a rule
is listed, :func:`rule_options`), the rules' checks, their JSON form and one-line
summary, the built-in rule sets and the flips that price each option.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from baccarat_exact.blackjack.rule_option import RuleOption, declare, declared_rules
from baccarat_exact.errors import RulesError
from baccarat_exact.model.exact import exact_number

__all__ = [
    "ATLANTIC_CITY_RULES",
    "CASINO_RULES",
    "RULESETS",
    "RULESET_ALIASES",
    "RULESET_TITLES",
    "SINGLE_DECK_6_5_RULES",
    "STRIP_RULES",
    "US_RULES",
    "BlackjackRules",
    "DealerBlackjackTakes",
    "DoubleRule",
    "OptionFlip",
    "PostSplit",
    "RuleOption",
    "SplitBy",
    "Surrender",
    "find_rules",
    "option_flips",
    "rule_options",
]


class DealerBlackjackTakes(str, Enum):
    """What a dealer blackjack (found after the player acted) takes from the player."""

    ALL = "all"
    """Every stake: the original, the split stake and any double (European custom)."""
    ORIGINAL = "original"
    """Only the original stake; split and double stakes are returned."""


class Surrender(str, Enum):
    """When the player may give up half his stake on his first two cards."""

    NONE = "none"
    """No surrender."""
    LATE = "late"
    """After the dealer checks for blackjack (hole card); without a hole card a dealer
    blackjack then still takes the whole stake."""
    EARLY = "early"
    """Against the up card alone: half the stake is lost whatever the dealer then has."""


class DoubleRule(str, Enum):
    """Which two-card hands may double."""

    ANY = "any"
    """Any two cards."""
    NINE_TO_ELEVEN = "9-11"
    """Hard totals 9, 10 and 11 only."""
    TEN_TO_ELEVEN = "10-11"
    """Hard totals 10 and 11 only."""


class SplitBy(str, Enum):
    """What makes two cards a pair."""

    VALUE = "value"
    """Equal value: T J Q K are all tens (any two may be split)."""
    RANK = "rank"
    """Equal rank: K K splits, K Q does not."""


class PostSplit(str, Enum):
    """How split hands are played: the player's choice, not a casino rule (Farmer's names,
    github.com/possibly-wrong/blackjack, readme 6.0-6.1; docs/blackjack.md, "Post-split
    play"). Each changes only the moves of split hands; the pair's own choice to split
    is then the best against the split's value so played."""

    CDZ = "cdz-"
    """Zero memory: a split hand takes the move that is best for the same cards as an
    unsplit hand (the shoe less the up card and the hand's own cards)."""
    CDP1 = "cdp1"
    """The best moves for the shoe less the up card, both pair cards and the hand's own
    cards, every split hand alike (resplits included)."""
    CDP = "cdp"
    """As CDP1, but with resplits each term of the split's value (the shoe less ``m`` more
    pair cards) takes the best moves for its own shoe."""
    OPTIMAL = "optimal"
    """Every split hand's move the best for the whole round given every card seen so far,
    the earlier split hands' included, and a pair card dealt split again or played as is
    best (Farmer's optimal split, ``pdf/blackjack_split.cpp``; :mod:`.optimal_split`)."""

    @property
    def label(self) -> str:
        """The name analysts write: ``CDZ-``, ``CDP1``, ``CDP``, ``optimal``."""
        name: str = self.value
        return name if self is PostSplit.OPTIMAL else name.upper()


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackRules:
    """One blackjack game: the shoe size, the dealer's rule, what the player may do, the pays.

    Each rule is a field declared with its option (:func:`declare`); everything else
    that lists the rules reads :func:`rule_options`.

    >>> BlackjackRules().decks, BlackjackRules().blackjack_pays
    (6, Fraction(3, 2))
    >>> BlackjackRules(decks=0)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: decks must be a whole number of 1 or more, got 0
    """

    decks: int = field(
        default=6,
        metadata=declare(
            "--decks",
            "-d",
            help="Number of 52-card decks in the shoe (default: the rule set's, 6 in the "
            "casino's game).",
            meaning="52-card decks in the shoe (the casino names none; 6 adopted)",
            minimum=1,
            always_written=True,
            dealer=True,
            insurance=True,
        ),
    )
    """52-card decks in a fresh shoe (the casino names no number; 6 adopted)."""
    dealer_hits_soft_17: bool = field(
        default=False,
        metadata=declare(
            "--h17/--s17",
            help="Dealer hits / stands on soft 17 (casino: stands).",
            meaning="dealer hits soft 17 (casino: draws until over 16, ace as 11 → stands on soft 17)",
            flip=("H17", "S17"),
            always_written=True,
            dealer=True,
        ),
    )
    """The dealer hits soft 17 (H17); the casino's dealer stands on it (S17)."""
    hole_card: bool = field(
        default=False,
        metadata=declare(
            "--hole-card/--no-hole-card",
            help="Dealer takes a hole card and peeks for blackjack (US) / one card only (casino).",
            meaning="dealer peeks for blackjack before the player acts (casino: one dealer card, "
            "no hole card)",
            flip=("peek", "no hole card"),
            always_written=True,
            insurance=True,
        ),
    )
    """The dealer takes a hole card and peeks for blackjack before the player acts
    (US style); the casino's dealer takes one card only (no hole card)."""
    dealer_blackjack_takes: DealerBlackjackTakes = field(
        default=DealerBlackjackTakes.ALL,
        metadata=declare(
            "--dealer-bj-takes",
            help="Without a hole card, a dealer blackjack takes 'all' stakes or the 'original' "
            "only (casino: all).",
            meaning="without a hole card, a dealer blackjack takes all stakes or the original only",
            always_written=True,
        ),
    )
    """Without a hole card: what a dealer blackjack takes (all stakes, or the original only)."""
    double_after_split: bool = field(
        default=False,
        metadata=declare(
            "--das/--no-das",
            help="Double after split allowed (casino: no).",
            meaning="double on the first two cards of a split hand (casino: not allowed)",
            flip=("DAS", "no DAS"),
            always_written=True,
        ),
    )
    """The player may double on the first two cards of a split hand."""
    hit_split_aces: bool = field(
        default=True,
        metadata=declare(
            "--hit-split-aces/--one-card-split-aces",
            help="Split aces may be hit / get one card each (casino: may be hit).",
            meaning="split aces may take any number of cards (casino: no restriction written)",
            flip=("hit split aces", "one card"),
            always_written=True,
        ),
    )
    """Split aces may take any number of cards (as the casino writes); off: one card each."""
    triple_seven: bool = field(
        default=True,
        metadata=declare(
            "--triple-seven/--no-triple-seven",
            help="Triple Seven bonus on or off (casino: on).",
            meaning="first three cards 7 7 7 pay at once and end the hand (casino: 3:2)",
            flip=("Triple Seven", "none"),
            always_written=True,
        ),
    )
    """Three sevens as the first three cards pay ``triple_seven_pays`` at once and end the hand."""
    triple_seven_on_double: bool = field(
        default=True,
        metadata=declare(
            "--triple-seven-double/--no-triple-seven-double",
            help="Triple Seven counts when the third 7 comes on a double (casino: yes).",
            meaning="Triple Seven counts when the third 7 comes on a double",
            flip=("on doubles", "not on doubles"),
            always_written=True,
        ),
    )
    """Triple Seven also counts when the third seven comes on a double."""
    triple_seven_on_split: bool = field(
        default=False,
        metadata=declare(
            "--triple-seven-split/--no-triple-seven-split",
            help="Triple Seven counts on split hands (casino: no).",
            meaning="Triple Seven counts on a split hand",
            flip=("on split hands", "not on split hands"),
            always_written=True,
        ),
    )
    """Triple Seven also counts on a split hand (a split 7 with two more 7s)."""
    blackjack_pays: Fraction = field(
        default=Fraction(3, 2),
        metadata=declare(
            "--blackjack-pays",
            help="What a blackjack pays to 1: 3/2, 6/5, 1.5 … (casino: 3/2).",
            meaning="a player blackjack pays this to 1 (dealer blackjack too: push)",
            noun="the blackjack pay",
            always_written=True,
            insurance=True,
        ),
    )
    """What a player blackjack pays to 1."""
    triple_seven_pays: Fraction = field(
        default=Fraction(3, 2),
        metadata=declare(
            "--triple-seven-pays",
            help="What a Triple Seven pays to 1 (casino: 3/2).",
            meaning="a Triple Seven pays this to 1 on the hand's stake",
            noun="the Triple Seven pay",
            always_written=True,
        ),
    )
    """What a Triple Seven pays to 1 on the hand's stake."""
    surrender: Surrender = field(
        default=Surrender.NONE,
        metadata=declare(
            "--surrender",
            help="none, late (after the dealer checks for blackjack) or early (against the up "
            "card, half lost whatever he draws) (casino: none).",
            meaning="give up half the stake on two cards: none, late (after a peek) or early",
        ),
    )
    """Surrender on the first two cards (not after a split): none, late or early."""
    double: DoubleRule = field(
        default=DoubleRule.ANY,
        metadata=declare(
            "--double",
            help="Two-card hands that may double: any, 9-11 or 10-11 (hard) (casino: any).",
            meaning="two-card hands that may double: any, hard 9-11 or hard 10-11",
        ),
    )
    """Which two-card hands may double (split hands too, with double after split)."""
    double_split_aces: bool = field(
        default=False,
        metadata=declare(
            "--double-split-aces/--no-double-split-aces",
            help="A split ace with its second card may double (needs --das) (casino: no).",
            meaning="a split ace with its second card may double (needs DAS)",
        ),
    )
    """A split ace with its second card may double (needs double after split and
    split aces that may be played on)."""
    split_hands: int = field(
        default=2,
        metadata=declare(
            "--split-hands",
            help="Most hands a pair may become: 2, 3 or 4 (casino: 2, split once).",
            meaning="most hands a pair may become: 2 (split once), 3 or 4 (resplits)",
            choices=(2, 3, 4),
        ),
    )
    """Most hands a pair may become: 2 (split once), 3 or 4 (resplits)."""
    resplit_aces: bool = field(
        default=False,
        metadata=declare(
            "--resplit-aces/--no-resplit-aces",
            help="Split aces may be split again (needs --split-hands 3 or 4) (casino: no).",
            meaning="split aces may be split again",
        ),
    )
    """Split aces may be split again (within ``split_hands``)."""
    split_by: SplitBy = field(
        default=SplitBy.VALUE,
        metadata=declare(
            "--split-by",
            help="A pair: two cards of equal value (T J Q K alike) or rank (casino: value).",
            meaning="a pair: two cards of equal value (T J Q K alike) or of equal rank",
        ),
    )
    """A pair is two cards of equal value (T J Q K alike) or of equal rank."""
    post_split: PostSplit = field(
        default=PostSplit.CDP1,
        metadata=declare(
            "--post-split",
            help="How split hands are played (the player's choice, not a casino rule): cdz- "
            "(as unsplit hands), cdp1 (best given both pair cards), cdp (with resplits, "
            "best for each term's shoe) or optimal (best given every card seen) "
            "(default: cdp1).",
            meaning="the player's post-split play: CDZ-, CDP1, CDP or optimal (his choice, "
            "not a rule)",
            later=True,
        ),
    )
    """How split hands are played (:class:`PostSplit`): the player's choice, kept with the
    rules so that every command that values a split reads it from one place."""

    def __post_init__(self) -> None:
        for option in rule_options(type(self)):
            value = getattr(self, option.name)
            object.__setattr__(self, option.name, option.checked(value))
        hands = self.split_hands
        if self.resplit_aces and hands == 2:
            raise RulesError("resplit aces needs split hands of 3 or 4 (a pair splits only once)")
        if hands > 2 and self.split_by is SplitBy.RANK:
            raise RulesError(
                "resplits (split hands 3 or 4) are computed for pairs by value only: a ten "
                "split by rank would resplit only on its own rank (use --split-by value)"
            )
        if self.double_split_aces and not self.double_after_split:
            raise RulesError("double split aces needs double after split (--das)")
        if self.double_split_aces and not self.hit_split_aces:
            raise RulesError(
                "double split aces needs split aces that may be played on, not one card each"
            )

    @property
    def pay_scale(self) -> int:
        """Smallest whole number S with every pay (and half a stake) a multiple of 1/S.

        >>> BlackjackRules(blackjack_pays=Fraction(6, 5)).pay_scale
        10
        """
        return math.lcm(
            2,
            self.blackjack_pays.denominator,
            self.triple_seven_pays.denominator,
            *range(3, self.split_hands + 1),  # the original stake shared by up to 4 hands
        )

    def may_double(self, hard: int, soft: bool) -> bool:
        """Whether a two-card hand of this total may double under ``double``.

        >>> BlackjackRules(double="10-11").may_double(10, False), BlackjackRules().may_double(18, True)
        (True, True)
        """
        if self.double is DoubleRule.ANY:
            return True
        low = 9 if self.double is DoubleRule.NINE_TO_ELEVEN else 10
        return not soft and low <= hard <= 11

    def summary(self, *, decks: bool = True, play: bool = False) -> str:
        """One line naming the rules (without the decks when the shoe is described apart;
        with ``play``, the post-split play last, as a command that values splits says it).

        >>> BlackjackRules().summary()
        '6 decks, S17, no hole card (dealer BJ takes all), no DAS, hit split aces, Triple Seven 3:2, BJ 3:2'
        >>> BlackjackRules(post_split="cdz-").summary(decks=False, play=True)[-23:]
        'BJ 3:2; post-split CDZ-'
        """
        parts = [f"{self.decks} deck{'s' if self.decks != 1 else ''}"] if decks else []
        parts.append("H17" if self.dealer_hits_soft_17 else "S17")
        if self.hole_card:
            parts.append("hole card (peek)")
        else:
            parts.append(f"no hole card (dealer BJ takes {self.dealer_blackjack_takes.value})")
        if self.double is not DoubleRule.ANY:
            parts.append(f"double on {self.double.value}")
        parts.append("DAS" if self.double_after_split else "no DAS")
        if self.double_split_aces:
            parts.append("double split aces")
        if self.split_hands > 2:
            aces = "" if self.resplit_aces else ", no RSA"
            parts.append(f"split to {self.split_hands} hands{aces}")
        if self.split_by is SplitBy.RANK:
            parts.append("split by rank")
        parts.append("hit split aces" if self.hit_split_aces else "one card to split aces")
        if self.surrender is not Surrender.NONE:
            parts.append(f"{self.surrender.value} surrender")
        if self.triple_seven:
            extra = [] if self.triple_seven_on_double else ["not on doubles"]
            if self.triple_seven_on_split:
                extra.append("on split hands")
            note = f" ({', '.join(extra)})" if extra else ""
            parts.append(f"Triple Seven {_ratio(self.triple_seven_pays)}{note}")
        else:
            parts.append("no Triple Seven")
        parts.append(f"BJ {_ratio(self.blackjack_pays)}")
        line = ", ".join(parts)
        return f"{line}; post-split {self.post_split.label}" if play else line

    def to_dict(self) -> dict[str, object]:
        """Every option for JSON: pays as ``"p/q"``, the dealer-blackjack rule by name.

        >>> BlackjackRules().to_dict()["blackjack_pays"]
        '3/2'
        """
        out: dict[str, object] = {}
        for option in rule_options(type(self)):
            value = getattr(self, option.name)
            out[option.name] = (
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
        known = {option.name: option for option in rule_options(cls)}
        fields: dict[str, Any] = {}
        for name, value in data.items():
            if name not in known:
                raise RulesError(f"unknown blackjack rule {name!r}")
            if known[name].kind is Fraction:
                value = exact_number(value, name, example="3/2 or 1.5")
            elif known[name].kind is bool and not isinstance(value, bool):
                raise RulesError(f"{name} must be true or false, got {value!r}")
            fields[name] = value
        return cls(**fields)

    def describe(self) -> tuple[tuple[str, str, str, str], ...]:
        """Rows (option, value, the casino's default, meaning) for ``blackjack rules``."""
        return tuple(
            (option.name, _show(getattr(self, option.name)), _show(option.default), option.meaning)
            for option in rule_options(type(self))
        )


_DECLARED_RULES: dict[type[BlackjackRules], tuple[RuleOption, ...]] = {}


def rule_options(rules: type[BlackjackRules] | None = None) -> tuple[RuleOption, ...]:
    """Every rule of ``rules`` (:class:`BlackjackRules` by default, or a class that adds
    rules to it) as its field declares it (:func:`declare`), in the fields' order; read
    once per class.

    >>> [option.name for option in rule_options()][:3]
    ['decks', 'dealer_hits_soft_17', 'hole_card']
    """
    rules = rules or BlackjackRules
    if rules not in _DECLARED_RULES:
        _DECLARED_RULES[rules] = declared_rules(rules)
    return _DECLARED_RULES[rules]


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


CASINO_RULES = BlackjackRules()
"""The casino's game: one-card dealer (no hole card), S17, split once, Triple Seven 3:2."""

US_RULES = BlackjackRules(
    hole_card=True,
    double_after_split=True,
    hit_split_aces=False,
    triple_seven=False,
)
"""A common US shoe game for comparison: 6 decks, S17, peek, DAS, one card to split aces, no resplit."""

STRIP_RULES = replace(US_RULES, dealer_hits_soft_17=True, surrender=Surrender.LATE)
"""A typical Las Vegas Strip shoe: 6 decks, H17, peek, DAS, late surrender, one card to split
aces; split once (add the tables' resplits to 4 hands with --split-hands 4)."""

ATLANTIC_CITY_RULES = replace(US_RULES, decks=8, surrender=Surrender.LATE)
"""A typical Atlantic City shoe: 8 decks, S17, peek, DAS, late surrender, one card to split
aces; split once (add the tables' resplits to 4 hands with --split-hands 4)."""

SINGLE_DECK_6_5_RULES = replace(
    US_RULES,
    decks=1,
    dealer_hits_soft_17=True,
    double_after_split=False,
    blackjack_pays=Fraction(6, 5),
)
"""The 6:5 single deck: 1 deck, H17, peek, double any two cards, no DAS, split once, one
card to split aces, blackjack pays 6:5."""

RULESETS: dict[str, BlackjackRules] = {
    "european-777": CASINO_RULES,
    "us": US_RULES,
    "las-vegas-strip": STRIP_RULES,
    "atlantic-city": ATLANTIC_CITY_RULES,
    "single-deck-6-5": SINGLE_DECK_6_5_RULES,
}
"""Named rule sets, the casino's first; ``find_rules`` also accepts their aliases
(:data:`RULESET_ALIASES`)."""

RULESET_TITLES: dict[str, str] = {
    "european-777": "the casino's game: one-card dealer, S17, split once, Triple Seven 3:2",
    "us": "6 decks, S17, peek, DAS, one card to split aces, split once",
    "las-vegas-strip": "6 decks, H17, peek, DAS, late surrender, split once",
    "atlantic-city": "8 decks, S17, peek, DAS, late surrender, split once",
    "single-deck-6-5": "1 deck, H17, peek, blackjack pays 6:5, no DAS, split once",
}
"""A line saying what each named rule set is."""

RULESET_ALIASES: dict[str, tuple[str, ...]] = {
    "european-777": ("casino", "european", "enhc"),
    "us": (),
    "las-vegas-strip": ("strip",),
    "atlantic-city": ("ac",),
    "single-deck-6-5": ("6:5",),
}
"""Other names each rule set answers to (``blackjack rulesets`` lists them). An alias
names the same casino's game, never another's."""

_ALIASES = {alias: name for name, aliases in RULESET_ALIASES.items() for alias in aliases}

_RETIRED = {
    "seed": "european-777",
    "vegas": "las-vegas-strip (the Strip's game) or us (a common US shoe game, which "
    "'vegas' gave before)",
    "peek": "us, or any rule set with a hole card (all but european-777)",
}
"""Names earlier releases took that no longer name a rule set, and what to write instead:
'vegas' gave the ``us`` set, not a Las Vegas casino's game, and 'peek' is a rule, not a
game."""


def find_rules(name: str) -> BlackjackRules:
    """A named rule set, by its name or an alias (:data:`RULESET_ALIASES`).

    >>> find_rules("European") == CASINO_RULES
    True
    >>> find_rules("nope")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: unknown blackjack rule set 'nope': use european-777, us, las-vegas-strip, atlantic-city or single-deck-6-5
    >>> find_rules("vegas")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: 'vegas' no longer names a blackjack rule set: use las-vegas-strip (the Strip's game) or us (a common US shoe game, which 'vegas' gave before)
    """
    key = name.strip().lower()
    if key in _RETIRED:
        raise RulesError(f"{name!r} no longer names a blackjack rule set: use {_RETIRED[key]}")
    key = _ALIASES.get(key, key)
    if key not in RULESETS:
        names = list(RULESETS)
        listed = f"{', '.join(names[:-1])} or {names[-1]}"
        raise RulesError(f"unknown blackjack rule set {name!r}: use {listed}")
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


def option_flips(rules: BlackjackRules) -> tuple[OptionFlip, ...]:
    """Every option of ``rules`` flipped on its own (options without effect left out).

    >>> [flip.option for flip in option_flips(CASINO_RULES)][:3]
    ['dealer_hits_soft_17', 'hole_card', 'dealer_blackjack_takes']
    """
    flips: list[OptionFlip] = []
    switches = [(rule.name, *rule.flip) for rule in rule_options() if rule.flip is not None]
    for option, on, off in switches:
        if option.startswith("triple_seven_on") and not rules.triple_seven:
            continue  # no Triple Seven: where it counts does not matter
        value = getattr(rules, option)
        change = f"{on} → {off}" if value else f"{off} → {on}"
        flipped: dict[str, Any] = {option: not value}
        if option in ("double_after_split", "hit_split_aces") and value:
            flipped["double_split_aces"] = False  # it needs both
        if option == "double_after_split" and not value and rules.hit_split_aces:
            flipped["double_split_aces"] = True  # every split hand may double, aces too
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
    if rules.surrender is Surrender.NONE:
        offered = Surrender.LATE if rules.hole_card else Surrender.EARLY
    else:
        offered = Surrender.NONE
    flips.append(
        OptionFlip(
            option="surrender",
            change=f"surrender {rules.surrender.value} → {offered.value}",
            rules=replace(rules, surrender=offered),
        )
    )
    double = DoubleRule.TEN_TO_ELEVEN if rules.double is DoubleRule.ANY else DoubleRule.ANY
    flips.append(
        OptionFlip(
            option="double",
            change=f"double {rules.double.value} → {double.value}",
            rules=replace(rules, double=double),
        )
    )
    return tuple(flips)
