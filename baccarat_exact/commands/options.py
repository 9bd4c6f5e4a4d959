"""Options shared by the commands that take a shoe and rules, declared once."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.games import find_game, find_rules
from baccarat_exact.rules import Rules
from baccarat_exact.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.bets import Bet

__all__ = [
    "BetOption",
    "BetsFileOption",
    "CommissionOption",
    "CountsOption",
    "DecksOption",
    "GameOption",
    "InfiniteOption",
    "RemoveOption",
    "TiePaysOption",
    "bets_from_options",
    "game_rules_from_options",
    "parse_number",
    "rules_from_options",
    "shoe_from_options",
]

DEFAULT_DECKS = 8

DecksOption = Annotated[
    int | None,
    typer.Option(
        "--decks",
        "-d",
        help="Number of 52-card decks in the shoe (default 8).",
        show_default=False,
    ),
]
RemoveOption = Annotated[
    str,
    typer.Option(
        "--remove",
        "-r",
        help='Cards already dealt, taken out of the shoe: e.g. "5x3 K 9" (A 2-9 T/10 J Q K, xN for N copies).',
    ),
]
CountsOption = Annotated[
    str | None,
    typer.Option(
        "--counts",
        help='Explicit composition instead of decks, e.g. "A=32,2=32,...,K=32" (ranks not named hold none).',
    ),
]
InfiniteOption = Annotated[
    bool,
    typer.Option(
        "--infinite",
        help="An infinite shoe: every card drawn with the probabilities of a full deck.",
    ),
]
CommissionOption = Annotated[
    str | None,
    typer.Option(
        "--commission",
        help="Commission on Banker wins, e.g. 0.05, 5% or 1/20 (default 5%).",
        show_default=False,
    ),
]
TiePaysOption = Annotated[
    str | None,
    typer.Option(
        "--tie-pays", help="What Tie pays to 1, e.g. 8 or 9 (default 8).", show_default=False
    ),
]

GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        help="Rule variant: punto-banco, tie-9, ez, super-6 (list: `baccarat-exact games`).",
    ),
]
BetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--bet",
        "-b",
        help="Also price this side bet; repeat for more (list: `baccarat-exact bets`).",
        show_default=False,
    ),
]
BetsFileOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--bets-file",
        help="Also price the bets defined in this TOML file; repeatable (docs/custom-bets.md).",
        show_default=False,
    ),
]


def parse_number(text: str, what: str) -> Fraction:
    """Read an exact number: ``0.05``, ``1/20``, ``5%`` or ``8``.

    >>> parse_number("5%", "commission"), parse_number("0.05", "commission")
    (Fraction(1, 20), Fraction(1, 20))
    """
    body = text.strip()
    scale = Fraction(1)
    if body.endswith("%"):
        body, scale = body[:-1].strip(), Fraction(1, 100)
    try:
        return Fraction(body) * scale
    except (ValueError, ZeroDivisionError):
        raise RulesError(
            f"{what} must be a number such as 0.05, 5% or 1/20, got {text!r}"
        ) from None


def shoe_from_options(
    decks: int | None,
    remove: str,
    counts: str | None,
    infinite: bool,
    default_decks: int = DEFAULT_DECKS,
) -> Shoe:
    """The shoe the options describe (``default_decks`` when no shoe option is given);
    conflicting options are an error."""
    chosen = [
        name
        for name, given in (
            ("--decks", decks is not None),
            ("--counts", counts is not None),
            ("--infinite", infinite),
        )
        if given
    ]
    if len(chosen) > 1:
        raise ShoeError(f"{' and '.join(chosen)} conflict: give only one way to build the shoe")
    if infinite:
        if remove.strip():
            raise ShoeError("--remove and --infinite conflict: an infinite shoe never runs out")
        return Shoe.infinite_shoe()
    shoe = (
        Shoe.parse(counts)
        if counts is not None
        else Shoe.from_decks(default_decks if decks is None else decks)
    )
    return shoe.remove(remove)


def rules_from_options(
    commission: str | None, tie_pays: str | None, base: Rules | None = None
) -> Rules:
    """The rules: ``base`` (default punto banco) with the commission and tie pay overridden."""
    rules = base or Rules()
    if commission is None and tie_pays is None:
        return rules
    return replace(
        rules,
        commission=rules.commission
        if commission is None
        else parse_number(commission, "commission"),
        tie_pays=rules.tie_pays if tie_pays is None else parse_number(tie_pays, "tie pay"),
    )


def game_rules_from_options(game: str, commission: str | None, tie_pays: str | None) -> Rules:
    """The named game's rules with the commission and tie pay overridden."""
    return rules_from_options(commission, tie_pays, find_rules(game))


def bets_from_options(
    rules: Rules,
    names: list[str] | None = None,
    files: list[Path] | None = None,
    game: str | None = None,
) -> tuple[Bet, ...]:
    """The bets to price besides Banker, Player and Tie: the game's own side bets,
    then ``--bet`` names, then the bets of ``--bets-file`` files (repeats dropped)."""
    wanted = [*(find_game(game).side_bets if game else ()), *(names or ())]
    if not wanted and not files:
        return ()
    from baccarat_exact.custom_bets import load_bets  # the catalogue and TOML reader load on use
    from baccarat_exact.sidebets import find_bet, unique_bets

    chosen = [find_bet(name, rules) for name in wanted]
    chosen.extend(load_bets(files or []))
    return unique_bets(chosen)
