"""Command-line options of ``baccarat-exact blackjack``, declared once, and what they build."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer

from baccarat_exact.blackjack.rules import BlackjackRules, DealerBlackjackTakes, find_rules
from baccarat_exact.errors import RulesError
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "BjPaysOption",
    "CountsOption",
    "DasOption",
    "DealerTakesOption",
    "DecksOption",
    "FloatOption",
    "H17Option",
    "HitSplitAcesOption",
    "HoleCardOption",
    "InfiniteOption",
    "RemoveOption",
    "RulesOption",
    "SevenDoubleOption",
    "SevenPaysOption",
    "SevenSplitOption",
    "TripleSevenOption",
    "parse_pay",
    "rules_from_options",
    "shoe_from_options",
]

DecksOption = Annotated[
    int | None,
    typer.Option(
        "--decks",
        "-d",
        help="Decks in a fresh shoe (default: 6, the seed casino's reading).",
        show_default=False,
    ),
]
RemoveOption = Annotated[
    str,
    typer.Option(
        "--remove",
        "-r",
        help='Cards already dealt, out of the shoe: e.g. "5x3 K 9" (A 2-9 T/10 J Q K, xN).',
    ),
]
CountsOption = Annotated[
    str | None,
    typer.Option(
        "--counts", help='Explicit composition instead of decks, e.g. "A=24,2=24,...,K=24".'
    ),
]
InfiniteOption = Annotated[
    bool,
    typer.Option(
        "--infinite", help="An infinite shoe: every card drawn with a full deck's probabilities."
    ),
]
RulesOption = Annotated[
    str,
    typer.Option(
        "--rules",
        help="Base rule set: seed (the casino of seeds/003) or us (peek, DAS, one card to split aces).",
    ),
]
H17Option = Annotated[
    bool | None,
    typer.Option(
        "--h17/--s17", help="Dealer hits / stands on soft 17 (seed: stands).", show_default=False
    ),
]
HoleCardOption = Annotated[
    bool | None,
    typer.Option(
        "--hole-card/--no-hole-card",
        help="Dealer takes a hole card and peeks for blackjack (US) / one card only (seed: no hole card).",
        show_default=False,
    ),
]
DealerTakesOption = Annotated[
    str | None,
    typer.Option(
        "--dealer-bj-takes",
        help="Without a hole card, a dealer blackjack takes 'all' stakes or the 'original' only (seed: all).",
        show_default=False,
    ),
]
DasOption = Annotated[
    bool | None,
    typer.Option(
        "--das/--no-das", help="Double after split allowed (seed: no).", show_default=False
    ),
]
HitSplitAcesOption = Annotated[
    bool | None,
    typer.Option(
        "--hit-split-aces/--one-card-split-aces",
        help="Split aces may be hit / get one card each (seed: may be hit).",
        show_default=False,
    ),
]
TripleSevenOption = Annotated[
    bool | None,
    typer.Option(
        "--triple-seven/--no-triple-seven",
        help="Triple Seven bonus on or off (seed: on).",
        show_default=False,
    ),
]
SevenDoubleOption = Annotated[
    bool | None,
    typer.Option(
        "--triple-seven-double/--no-triple-seven-double",
        help="Triple Seven counts when the third 7 comes on a double (seed reading: yes).",
        show_default=False,
    ),
]
SevenSplitOption = Annotated[
    bool | None,
    typer.Option(
        "--triple-seven-split/--no-triple-seven-split",
        help="Triple Seven counts on split hands (seed reading: no).",
        show_default=False,
    ),
]
BjPaysOption = Annotated[
    str | None,
    typer.Option(
        "--blackjack-pays",
        help="What a blackjack pays to 1: 3/2, 6/5, 1.5 … (seed: 3/2).",
        show_default=False,
    ),
]
SevenPaysOption = Annotated[
    str | None,
    typer.Option(
        "--triple-seven-pays", help="What a Triple Seven pays to 1 (seed: 3/2).", show_default=False
    ),
]
FloatOption = Annotated[
    bool,
    typer.Option(
        "--float",
        help="Float arithmetic for speed (results labelled float, agree with exact to 1e-12).",
    ),
]


def parse_pay(text: str, what: str) -> Fraction:
    """Read a pay such as ``3/2``, ``3:2``, ``1.5`` or ``6/5`` exactly.

    >>> parse_pay("3:2", "blackjack pay"), parse_pay("1.2", "blackjack pay")
    (Fraction(3, 2), Fraction(6, 5))
    """
    body = text.strip().replace(":", "/")
    try:
        value = Fraction(body)
    except (ValueError, ZeroDivisionError):
        raise RulesError(f"{what} must be a number such as 3/2, 3:2 or 1.5, got {text!r}") from None
    if value < 0:
        raise RulesError(f"{what} must not be negative, got {text!r}")
    return value


def rules_from_options(
    base: str = "seed",
    decks: int | None = None,
    h17: bool | None = None,
    hole_card: bool | None = None,
    dealer_bj_takes: str | None = None,
    das: bool | None = None,
    hit_split_aces: bool | None = None,
    triple_seven: bool | None = None,
    seven_double: bool | None = None,
    seven_split: bool | None = None,
    blackjack_pays: str | None = None,
    seven_pays: str | None = None,
) -> BlackjackRules:
    """The rules: the named base set with every given option overridden."""
    rules = find_rules(base)
    changes: dict[str, Any] = {}
    for name, value in (
        ("decks", decks),
        ("dealer_hits_soft_17", h17),
        ("hole_card", hole_card),
        ("double_after_split", das),
        ("hit_split_aces", hit_split_aces),
        ("triple_seven", triple_seven),
        ("triple_seven_on_double", seven_double),
        ("triple_seven_on_split", seven_split),
    ):
        if value is not None:
            changes[name] = value
    if dealer_bj_takes is not None:
        try:
            changes["dealer_blackjack_takes"] = DealerBlackjackTakes(
                dealer_bj_takes.strip().lower()
            )
        except ValueError:
            raise RulesError(
                f"--dealer-bj-takes must be 'all' or 'original', got {dealer_bj_takes!r}"
            ) from None
    if blackjack_pays is not None:
        changes["blackjack_pays"] = parse_pay(blackjack_pays, "the blackjack pay")
    if seven_pays is not None:
        changes["triple_seven_pays"] = parse_pay(seven_pays, "the Triple Seven pay")
    fields = {name: getattr(rules, name) for name in rules.__dataclass_fields__}
    fields.update(changes)
    return BlackjackRules(**fields)


def shoe_from_options(
    rules: BlackjackRules, remove: str, counts: str | None, infinite: bool, decks_given: bool
) -> Shoe:
    """The shoe: ``rules.decks`` fresh decks, an explicit composition or an infinite shoe, less ``remove``."""
    from baccarat_exact.cli.options import shoe_from_options as baccarat_shoe

    decks = rules.decks if decks_given else None
    return baccarat_shoe(decks, remove, counts, infinite, default_decks=rules.decks)
