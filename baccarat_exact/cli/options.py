"""Options shared by the commands that take a shoe and rules, declared once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat_exact.errors import ShoeError
from baccarat_exact.model.exact import exact_number
from baccarat_exact.model.games import find_rules
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.model.bets import Bet

__all__ = [
    "BetOption",
    "BetsArgument",
    "BetsFileOption",
    "CommissionOption",
    "CountOption",
    "CountsOption",
    "DecksOption",
    "GameOption",
    "InfiniteOption",
    "LevelOption",
    "PlotOption",
    "RemoveOption",
    "TiePaysOption",
    "bets_from_options",
    "game_rules_from_options",
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
        help='Cards already dealt, taken out of the shoe: e.g. "5x3 K 9 As" (A 2-9 T/10 J Q K, suit s h d c where seen, xN for N copies).',
    ),
]
CountsOption = Annotated[
    str | None,
    typer.Option(
        "--counts",
        help='Explicit composition instead of decks: cards by rank "A=32,...,K=32" or by suit "As=8,Ah=8,..." (what is not named holds none).',
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
        else exact_number(commission, "commission"),
        tie_pays=rules.tie_pays if tie_pays is None else exact_number(tie_pays, "tie pay"),
    )


def game_rules_from_options(game: str, commission: str | None, tie_pays: str | None) -> Rules:
    """The named game's rules with the commission and tie pay overridden."""
    return rules_from_options(commission, tie_pays, find_rules(game))


def bets_from_options(
    rules: Rules,
    names: list[str] | None = None,
    files: list[Path] | None = None,
    game: str | None = None,
    *,
    exactly: bool = False,
) -> tuple[Bet, ...]:
    """The bets the options name (:func:`~baccarat_exact.model.selection.select_bets`):
    Banker, Player, Tie, the game's own side bets, ``--bet`` names and ``--bets-file``
    bets; with ``exactly``, the bets named and those of the files."""
    from baccarat_exact.model.selection import select_bets  # the catalogue loads on use

    return select_bets(rules, names or (), files or (), game, exactly=exactly)


CountOption = Annotated[
    str | None,
    typer.Option(
        "--count",
        help='Your own linear count, tags per card: e.g. "A:1,2:1,3:1,4:2,5:-1,6:-2,7:-1,8:-1" '
        "(T/10 = every 10-value card; cards not named count 0).",
    ),
]
LevelOption = Annotated[
    int,
    typer.Option(
        "--level", min=1, max=9, help="Largest tag of the derived counts (Thorp's method)."
    ),
]
PlotOption = Annotated[
    str | None,
    typer.Option(
        "--plot", metavar="FILE.png", help="Also draw a PNG chart (needs the plot extra)."
    ),
]
BetsArgument = Annotated[
    list[str] | None,
    typer.Argument(
        help="Bets (default: banker player tie and the game's side bets): catalogue names "
        "(`baccarat-exact bets`) or bets of --bets-file.",
        show_default=False,
    ),
]
