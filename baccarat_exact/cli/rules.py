"""``baccarat-exact rules``: print the drawing tableau and pays as the engine uses them."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.common import handle_errors
from baccarat_exact.cli.options import CommissionOption, TiePaysOption, rules_from_options
from baccarat_exact.model.games import find_rules

__all__ = ["rules_command"]


@handle_errors
def rules_command(
    game: Annotated[str, typer.Option("--game", "-g", help="Rule set to show.")] = "punto-banco",
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
) -> None:
    """Print the drawing tableau (the casino card, D = draws, S = stands) and the pays."""
    rules = rules_from_options(commission, tie_pays, find_rules(game))
    typer.echo(f"Game: {rules.game}")
    typer.echo(rules.tableau.card())
    typer.echo("")
    typer.echo(
        f"Banker wins pay {rules.banker_pays} to 1 (commission {rules.commission}); push on a tie."
    )
    typer.echo("Player wins pay 1 to 1; push on a tie.")
    for win in rules.special_wins:
        what = "pushes" if win.pays == 0 else f"pays {win.pays} to 1"
        typer.echo(f"Except: a {win.bet.capitalize()} {win.name} {what}.")
    typer.echo(f"Tie pays {rules.tie_pays} to 1.")
