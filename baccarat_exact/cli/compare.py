"""``baccarat-exact compare``: one matrix of figures across decks, games and pays."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from baccarat_exact.cli.common import TableOption, handle_errors
from baccarat_exact.cli.options import BetsFileOption, RemoveOption
from baccarat_exact.cli.output import echo
from baccarat_exact.cli.progress import progress, shown

__all__ = ["compare_command"]


class CompareFormat(str, Enum):
    """Output formats of ``compare``."""

    table = "table"
    markdown = "markdown"
    csv = "csv"
    json = "json"
    latex = "latex"


DecksList = Annotated[
    str,
    typer.Option(
        "--decks", "-d", help="Numbers of decks to compare, comma-separated; inf: infinite shoe."
    ),
]
GamesList = Annotated[
    str,
    typer.Option(
        "--game", "-g", help="Games to compare, comma-separated (list: `baccarat-exact games`)."
    ),
]
CommissionsList = Annotated[
    str | None,
    typer.Option(
        "--commission",
        help="Commissions on Banker wins to compare, e.g. 5%,4%,0 (default: each game's).",
        show_default=False,
    ),
]
TiePaysList = Annotated[
    str | None,
    typer.Option(
        "--tie-pays",
        help="What Tie pays to 1, comma-separated, e.g. 8,9 (default: each game's).",
        show_default=False,
    ),
]
BetList = Annotated[
    list[str] | None,
    typer.Option(
        "--bet",
        "-b",
        help="A bet to compare; repeat for more (default: banker, player, tie).",
        show_default=False,
    ),
]
FiguresList = Annotated[
    str,
    typer.Option(
        "--figure",
        help="Figures, comma-separated: house-edge, variance, hit-frequency, element-of-risk.",
    ),
]
CompareFormatOption = Annotated[
    CompareFormat,
    typer.Option("--format", "-f", help="Output: table, markdown, csv, json (exact) or latex."),
]


@handle_errors
def compare_command(
    decks: DecksList = "1,2,4,6,8,inf",
    game: GamesList = "punto-banco",
    commission: CommissionsList = None,
    tie_pays: TiePaysList = None,
    bet: BetList = None,
    bets_file: BetsFileOption = None,
    figure: FiguresList = "house-edge",
    remove: RemoveOption = "",
    fmt: CompareFormatOption = CompareFormat.table,
    table: TableOption = None,
) -> None:
    """One matrix of exact figures (house edge by default) across numbers of decks,
    games, commissions and tie pays: every combination, each cell what odds gives."""
    from baccarat_exact.analysis.compare import compare, parse_decks, parse_figures, parse_values
    from baccarat_exact.report.compare import compare_report
    from baccarat_exact.report.render import render, render_latex, render_markdown

    shoes = parse_decks(decks)
    games = [name.strip() for name in game.split(",")]
    commissions = parse_values(commission, "commission")
    ties = parse_values(tie_pays, "tie pay")
    cases = len(shoes) * len(games) * len(commissions) * len(ties)
    with progress(cases, "pricing cases", shown()) as advance:
        result = compare(
            decks=shoes,
            games=games,
            commissions=commissions,
            tie_pays=ties,
            bets=bet or (),
            figures=parse_figures(figure),
            remove=remove,
            progress=advance,
            bets_files=bets_file or (),
        )
    report = compare_report(result)
    if fmt is CompareFormat.markdown:
        echo(render_markdown(report), nl=False)
    elif fmt is CompareFormat.latex:
        echo(render_latex(report), nl=False)
    else:
        echo(render(report, fmt.value, table), nl=False)
