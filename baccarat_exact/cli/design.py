"""``baccarat-exact design``: the pay tables on a grid that put a bet's house edge in a
target range."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from baccarat_exact.cli.shared import (
    RULES,
    SHOE,
    BetsFileOption,
    FormatOption,
    OptionGroup,
    TableOption,
    View,
    answer,
    command,
)
from baccarat_exact.commands.design import MAX_TOP, DesignRequest
from baccarat_exact.report.model import Format

__all__ = ["OPEN_BETS", "design_command"]


def _open_bets(bets_file: BetsFileOption = None) -> dict[str, Any]:
    """The bets of ``--bets-file``, name → definition, lines with ``pays = "?"`` kept open."""
    from baccarat_exact.errors import BetsFileError
    from baccarat_exact.model.custom_bets import read_bets_file

    definitions: dict[str, Any] = {}
    for path in bets_file or ():
        for custom in read_bets_file(path, open_pays=True):
            if custom.name in definitions:
                raise BetsFileError(f"{path}: bet {custom.name!r} is defined twice")
            definitions[custom.name] = custom.bet.definition
    return definitions


OPEN_BETS = OptionGroup("bets", _open_bets)
"""``--bets-file`` as every command takes it, but a line may leave its pay open."""

BetArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="[BET]",
        help="The bet to design: a catalogue name (`baccarat-exact bets`) or a bet of "
        '--bets-file (default: the one bet there with pays = "?").',
        show_default=False,
    ),
]
LineOption = Annotated[
    list[str] | None,
    typer.Option(
        "--line",
        "-l",
        metavar="NAME",
        help='Leave this line\'s pay open (find it), besides lines written pays = "?"; '
        "repeatable (the lines: `baccarat-exact bets NAME`).",
        show_default=False,
    ),
]
EdgeOption = Annotated[
    str,
    typer.Option(
        "--edge",
        metavar="LOW..HIGH",
        help="The target house edge: per cents 7%..8% or shares 0.07..0.08.",
        show_default=False,
    ),
]
StepOption = Annotated[
    str,
    typer.Option("--step", help="Pays are multiples of this: 1 (whole numbers to 1), 1/2, 0.25."),
]
MinPayOption = Annotated[
    str | None,
    typer.Option(
        "--min-pay",
        help="The least pay of an open line, to 1 (default: the step; 0 a push, -1 a loss).",
        show_default=False,
    ),
]
MaxPayOption = Annotated[
    str, typer.Option("--max-pay", help="The largest pay of an open line, to 1.")
]
OrderedOption = Annotated[
    bool,
    typer.Option(
        "--ordered",
        help="A line listed earlier in the pay table pays at least as much as a later one.",
    ),
]
HitFrequencyOption = Annotated[
    str | None,
    typer.Option(
        "--hit-frequency",
        metavar="LOW..HIGH",
        help="Only tables whose hit frequency (P(the bet wins)) is in this range, like "
        "--edge: 10%..30%. It moves only with open lines that may pay 0 or less (--min-pay).",
        show_default=False,
    ),
]
TopOption = Annotated[
    int,
    typer.Option(
        "--top", min=1, max=MAX_TOP, help="How many pay tables to show, nearest the target first."
    ),
]


@command(SHOE, RULES, OPEN_BETS)
def design_command(
    ctx: typer.Context,
    bet: BetArgument = None,
    line: LineOption = None,
    edge: EdgeOption = "",
    step: StepOption = "1",
    min_pay: MinPayOption = None,
    max_pay: MaxPayOption = "1000",
    ordered: OrderedOption = False,
    hit_frequency: HitFrequencyOption = None,
    top: TopOption = 20,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The pay tables that put a bet's house edge in a target range: the pays of its open
    lines (pays = "?" in --bets-file, or --line on any bet) on a grid, ranked by how near
    the edge is to the middle of the range, each with its exact house edge, SD and hit
    frequency.

    The EV is linear in the pays, so the search bounds what the lines still to choose can
    add and skips every pay that cannot reach the range: it is exhaustive within the grid
    and counts every table that meets the target. Example: design dragon-7 --line win
    --game ez --edge 7%..8%.
    """
    definitions: dict[str, Any] = OPEN_BETS.value(ctx)
    request = DesignRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bet=bet,
        lines=tuple(line or ()),
        definitions=definitions,
        edge=edge,
        step=step,
        min_pay=min_pay,
        max_pay=max_pay,
        ordered=ordered,
        hit_frequency=hit_frequency,
        top=top,
    )
    answer(request, View(fmt, table))
