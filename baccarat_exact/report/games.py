"""The report of ``baccarat-exact games``: its tables, notes and JSON document."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from baccarat_exact.model.exact import exact_text, to_float
from baccarat_exact.model.games import GAMES, Game
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Table

if TYPE_CHECKING:
    from baccarat_exact.pricing import Odds

__all__ = ["games_report"]


def _pays(rules: Rules) -> str:
    """The main bets' pays in a few words."""

    def side(bet: str, usual: object) -> str:
        special = [f"{w.name}: {w.pays}" for w in rules.special_wins if w.bet == bet]
        return f"{bet.capitalize()} {usual}" + (f" ({'; '.join(special)})" if special else "")

    return ", ".join(
        (
            side("banker", rules.banker_pays),
            side("player", rules.player_pays),
            f"Tie {rules.tie_pays}",
        )
    )


def games_report(
    shoe: Shoe, priced: Sequence[tuple[Game, Odds]] | None = None, width: int | None = None
) -> Report:
    """Each game of ``priced`` (default: every game, priced here): its rules, side bets,
    source, and the house edges of its main bets on ``shoe``; text wrapped to fit
    ``width`` columns (default: the terminal's) in the table view."""
    from baccarat_exact.report.render import terminal_width

    if priced is None:
        from baccarat_exact.pricing import odds

        priced = [(game, odds(shoe, game.rules)) for game in GAMES.values()]
    chosen = tuple(game for game, _ in priced)
    room = (width or terminal_width()) - max(len(game.name) for game in chosen) - 2
    rows: list[tuple[Cell, ...]] = []
    entries: list[dict[str, Any]] = []
    for game, result in priced:
        edges = {bet.name: -bet.ev for bet in result.bets}
        side_bets = ", ".join(game.side_bets) or "-"
        rows.append(
            (game.name, game.title, game.summary, _pays(game.rules), side_bets, *edges.values())
        )
        entries.append(
            {
                "name": game.name,
                "title": game.title,
                "summary": game.summary,
                "rules": game.rules.to_dict(),
                "side_bets": list(game.side_bets),
                "aliases": list(game.aliases),
                "source": game.source,
                "house_edge": {name: exact_text(edge) for name, edge in edges.items()},
                "house_edge_float": {name: to_float(edge) for name, edge in edges.items()},
            }
        )
    table = Table(
        "Games (--game): house edges",
        (
            Column("game"),
            Column("title", wrap=max(12, room - 51), answer=False),
            Column("side bets", wrap=17),
            Column("≈ banker", "percent", 4, key="banker_house_edge"),
            Column("≈ player", "percent", 4, key="player_house_edge"),
            Column("≈ tie", "percent", 4, key="tie_house_edge"),
        ),
        tuple((r[0], r[1], r[4], *r[5:]) for r in rows),
    )
    rule_table = Table(
        "Rules",
        (
            Column("game"),
            Column("rule change", wrap=max(20, room - 32)),
            Column("pays (to 1)", wrap=30),
        ),
        tuple((r[0], r[2], r[3]) for r in rows),
    )
    aliases = Table(
        "Other names --game takes",
        (Column("game"), Column("aliases", wrap=max(24, room))),
        tuple((g.name, ", ".join(g.aliases) or "-") for g in chosen),
        name="aliases",
    )
    sources = Table(
        "Sources",
        (Column("game"), Column("source", wrap=max(24, room))),
        tuple((g.name, g.source) for g in chosen),
    )
    return Report(
        title=f"Games: house edges for {describe_shoe(shoe)}",
        blocks=(table, rule_table, aliases, sources),
        notes=(
            "Every game takes --commission and --tie-pays; odds --game prices its side bets too.",
            "≈ columns are rounded; --format json or csv gives every value exactly.",
        ),
        data={"shoe": shoe.to_dict(), "games": entries},
    )
