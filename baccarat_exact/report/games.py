"""The report of ``baccarat-exact games``: its tables, notes and JSON document."""

from __future__ import annotations

from typing import Any

from baccarat_exact.model.exact import exact_text, to_float
from baccarat_exact.model.games import GAMES, Game
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.documents import envelope
from baccarat_exact.report.model import Cell, Column, Report, Table

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


def games_report(shoe: Shoe, games: tuple[Game, ...] | None = None) -> Report:
    """Every game (or ``games``): its rules, side bets, source, and the main bets'
    house edges for ``shoe``."""
    chosen = games if games is not None else tuple(GAMES.values())
    rows: list[tuple[Cell, ...]] = []
    entries: list[dict[str, Any]] = []
    for game in chosen:
        edges = {bet.name: -bet.ev for bet in odds(shoe, game.rules).bets}
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
            Column("title", wrap=24),
            Column("side bets", wrap=17),
            Column("≈ banker", "percent", 4, key="banker_house_edge"),
            Column("≈ player", "percent", 4, key="player_house_edge"),
            Column("≈ tie", "percent", 4, key="tie_house_edge"),
        ),
        tuple((r[0], r[1], r[4], *r[5:]) for r in rows),
    )
    rule_table = Table(
        "Rules",
        (Column("game"), Column("rule change", wrap=48), Column("pays (to 1)", wrap=30)),
        tuple((r[0], r[2], r[3]) for r in rows),
    )
    sources = Table(
        "Sources",
        (Column("game"), Column("aliases", wrap=28), Column("source", wrap=52)),
        tuple((g.name, ", ".join(g.aliases) or "-", g.source) for g in chosen),
    )
    return Report(
        title=f"Games: house edges for {describe_shoe(shoe)}",
        blocks=(table, rule_table, sources),
        notes=(
            "Every game takes --commission and --tie-pays; odds --game prices its side bets too.",
            "≈ columns are rounded; --format json or csv gives every value exactly.",
        ),
        data=envelope("games", {"shoe": shoe.to_dict(), "games": entries}),
    )
