"""The report of ``baccarat-exact bets``: its tables, notes and JSON document."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from baccarat_exact.errors import BetError
from baccarat_exact.model.bets import Bet, with_main_bets
from baccarat_exact.model.catalogue import SIDE_BETS, find_bet, unknown_bet_message
from baccarat_exact.model.custom_bets import read_bets_file
from baccarat_exact.model.exact import exact_fields, exact_text
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import Odds, odds
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.model import Column, Report, Table

__all__ = [
    "YOUR_OWN",
    "BetEntry",
    "bets_report",
    "catalogue_entries",
    "chosen_entries",
    "price_entries",
]


YOUR_OWN = "your own"
"""The family of the bets a ``--bets-file`` defines."""

_MAIN_RULES = {
    "banker": "The Banker's final total beats the Player's.",
    "player": "The Player's final total beats the Banker's.",
    "tie": "Both final totals are equal.",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class BetEntry:
    """A bet as the listing shows it."""

    bet: Bet
    title: str
    rule: str
    source: str
    family: str
    """The family it is listed under: ``main``, a catalogue family, or ``your own``."""


def catalogue_entries(
    rules: Rules, files: list[Any] | None = None, definitions: Mapping[str, Any] | None = None
) -> tuple[BetEntry, ...]:
    """Banker, Player and Tie under ``rules``, every catalogued side bet, then the bets
    of ``files`` and those ``definitions`` define (name → ``[[bet]]`` table)."""
    entries = [
        BetEntry(
            bet=find_bet(name, rules),
            title=name.capitalize(),
            rule=text,
            source=f"game {rules.game}",
            family="main",
        )
        for name, text in _MAIN_RULES.items()
    ]
    entries.extend(
        BetEntry(
            bet=side.bet, title=side.title, rule=side.rule, source=side.source, family=side.family
        )
        for side in SIDE_BETS.values()
    )
    for path in files or []:
        entries.extend(
            BetEntry(
                bet=custom.bet,
                title=custom.title,
                rule="defined by the user",
                source=custom.source,
                family=YOUR_OWN,
            )
            for custom in read_bets_file(path, rules.tableau)
        )
    if definitions:
        from baccarat_exact.model.custom_bets import bets_from_definitions

        own = bets_from_definitions(definitions, "the bets defined", rules.tableau)
        entries.extend(
            BetEntry(
                bet=bet,
                title=str(definitions[name].get("title", name)),
                rule="defined by the user",
                source="a --bets-file",
                family=YOUR_OWN,
            )
            for name, bet in own.items()
        )
    return tuple(entries)


def _lines(bet: Bet) -> list[tuple[str, Any]]:
    """(line name, pays) with lines of one name and pay shown once."""
    seen: list[tuple[str, Any]] = []
    for line in bet.lines:
        if (line.name, line.pays) not in seen:
            seen.append((line.name, line.pays))
    return seen


def chosen_entries(entries: tuple[BetEntry, ...], names: list[str]) -> tuple[BetEntry, ...]:
    """The entries of the bets called ``names`` (every entry when none), in listing order.

    :raises BetError: for a name that is no bet, naming the closest ones.
    """
    if not names:
        return entries
    known = [entry.bet.name for entry in entries]
    wanted = set()
    for name in names:
        if name in known:
            wanted.add(name)
            continue
        try:  # any spelling or alias the catalogue knows
            wanted.add(find_bet(name).name)
        except BetError:
            raise BetError(unknown_bet_message(name, known)) from None
    return tuple(entry for entry in entries if entry.bet.name in wanted)


def price_entries(shoe: Shoe, rules: Rules, entries: tuple[BetEntry, ...]) -> Odds:
    """The odds of the bets of ``entries`` (and of the main bets) on ``shoe``."""
    return odds(shoe, rules, with_main_bets(rules, [entry.bet for entry in entries]))


def bets_report(
    shoe: Shoe,
    rules: Rules,
    entries: tuple[BetEntry, ...],
    *,
    long: bool = False,
    priced: Odds | None = None,
    width: int | None = None,
) -> Report:
    """Each bet's exact house edge for ``shoe`` (from ``priced``, else priced here);
    ``long`` shows its rule, pay table and source too (the JSON document always has them);
    text wrapped to fit ``width`` columns (default: the terminal's) in the table view."""
    from baccarat_exact.report.render import terminal_width

    if priced is None:
        priced = price_entries(shoe, rules, entries)
    room = (width or terminal_width()) - max((len(e.bet.name) for e in entries), default=3) - 2
    edges = {result.name: -result.ev for result in priced.bets}
    text = room - 14  # the house edge and the gaps
    columns = [
        Column("bet"),
        Column("family"),
        Column("title", wrap=max(12, text * 2 // 5) if long else 30),
    ]
    if long:
        columns.append(Column("wins when", wrap=max(16, text - 2 - max(12, text * 2 // 5))))
    summary = Table(
        "Bets",
        (*columns, Column("≈ house edge", "percent", 4, key="house_edge")),
        tuple(
            (e.bet.name, e.family, e.title, *((e.rule,) if long else ()), edges[e.bet.name])
            for e in entries
        ),
    )
    pay_tables = Table(
        "Pay tables (net pay to 1; -1 loses the stake, 0 is a push)",
        (Column("bet"), Column("line"), Column("pays", "fraction")),
        tuple((e.bet.name, name, pays) for e in entries for name, pays in _lines(e.bet)),
    )
    sources = Table(
        "Sources",
        (Column("bet"), Column("source", wrap=max(24, room))),
        tuple((e.bet.name, e.source) for e in entries),
    )
    data: dict[str, Any] = {
        "shoe": shoe.to_dict(),
        "rules": rules.to_dict(),
        "bets": [
            {
                "name": e.bet.name,
                "title": e.title,
                "family": e.family,
                "rule": e.rule,
                "source": e.source,
                "pair_bet": e.bet.needs_pairs,
                "lines": [{"name": name, "pays": exact_text(pays)} for name, pays in _lines(e.bet)],
                **exact_fields("house_edge", edges[e.bet.name]),
            }
            for e in entries
        ],
    }
    more = (
        ()
        if long
        else ("Rules, pay tables and sources: bets --long, or bets NAME for the bets you name.",)
    )
    return Report(
        title=f"Bets: house edges for {describe_shoe(shoe)}; {describe_rules(rules)}",
        blocks=(summary, pay_tables, sources) if long else (summary,),
        notes=(
            *more,
            "Price any of them with odds --bet NAME; define your own with --bets-file "
            "(docs/custom-bets.md).",
            "≈ columns are rounded; --format json or csv gives every value exactly.",
        ),
        data=data,
    )
