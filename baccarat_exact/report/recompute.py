"""Computing a document again from what it records: one function per kind of document.

Each function reads a stored document's inputs — shoe, rules, bets (user-defined ones
from their recorded definitions), options, seed — runs the same library calls and
report builders the command ran, and returns the fresh document. ``check`` compares the
two value by value (:mod:`.check`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from baccarat_exact.errors import GoldenFileError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.exact import exact_number
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.documents import KINDS

__all__ = ["RECOMPUTE", "kind_of", "recompute", "upgrade"]

Document = Mapping[str, Any]


def kind_of(document: Document) -> str:
    """The kind of a document: its ``kind``, or, for one written before documents
    recorded it, the kind its keys show.

    >>> kind_of({"schema": 1, "shoe": {}, "rules": {}, "outcomes": {}, "bets": {}})
    'odds'
    """
    kind = document.get("kind")
    if isinstance(kind, str):
        if kind not in KINDS:
            raise GoldenFileError(f"unknown kind of document {kind!r}")
        return kind
    report = document.get("report")
    if isinstance(report, str) and report in KINDS:
        return report
    for key, found in (
        ("steps", "track"),
        ("games", "games"),
        ("variable", "formula"),
        ("symbolic", "breakeven"),
        ("tableau", "rules"),
        ("chart", "blackjack strategy"),
        ("settings", "simulate"),
    ):
        if key in document:
            return found
    bets = document.get("bets")
    if isinstance(bets, list):
        return "bets"
    if isinstance(bets, dict) and "counts" in document:
        return "eor"
    if isinstance(bets, dict) and "outcomes" in document:
        return "odds"
    raise GoldenFileError("not a document this tool writes (no kind, and no kind's keys)")


_TABLES_ONLY = "it records its tables but not its inputs; write it again with this version"


def upgrade(document: Document) -> dict[str, Any]:
    """A document of an earlier release in the current layout (others as they are).

    The first release's documents named no ``kind``; its blackjack documents gave the
    shoe as bare counts and said ``report``; its ``track`` did not list the bets (they are
    the keys of each step's ``bets``). Its ``simulate`` and ``blackjack rules`` documents
    recorded only their tables, and its ``blackjack hand`` not the shoe: those cannot be
    computed again.

    :raises GoldenFileError: for an earlier document that does not record its inputs.
    """
    new = _reworded(dict(document))
    if "kind" in new:
        kind_of(new)  # a kind this version knows
        return new
    report = new.pop("report", None)
    if isinstance(report, str) and report not in KINDS:
        raise GoldenFileError(f"a document of an earlier release: {_TABLES_ONLY}")
    if report == "blackjack hand":
        raise GoldenFileError(
            "a blackjack hand document of an earlier release, which did not record the "
            "shoe; write it again with this version"
        )
    shoe = new.get("shoe")
    if isinstance(report, str) and isinstance(shoe, Mapping) and "counts" not in shoe:
        new["shoe"] = {"counts": dict(shoe), "infinite": new.pop("infinite", False)}
    if report == "blackjack dealer" and "hits_soft_17" not in new:
        new["hits_soft_17"] = new.get("dealer") == "hits soft 17"
    if "steps" in new and "bets" not in new:
        steps = new["steps"]
        first = steps[0] if isinstance(steps, list) and steps else {}
        bets = first.get("bets") if isinstance(first, Mapping) else None
        if isinstance(bets, Mapping):
            new["bets"] = list(bets)
    new["kind"] = kind_of(new) if report is None else report
    return new


_REWORDED = {
    "The seeds' rules: Banker wins pay 19 to 20 (5 % commission), Tie pays 8 to 1.": (
        "The casino's house rules: Banker wins pay 19 to 20 (5 % commission), Tie pays 8 to 1."
    ),
    "seeds/000-004 (RULES.md); Wizard of Odds, Baccarat: https://wizardofodds.com/games/baccarat/": (
        "The casino's published rules; Wizard of Odds, Baccarat: "
        "https://wizardofodds.com/games/baccarat/"
    ),
}
"""Descriptions of a game as earlier versions wrote them → as this one does (the same game)."""


def _reworded(document: dict[str, Any]) -> dict[str, Any]:
    """A ``games`` document with a game's earlier description in today's words."""
    games = document.get("games")
    if isinstance(games, list):
        document["games"] = [
            {k: _REWORDED.get(v, v) if isinstance(v, str) else v for k, v in game.items()}
            if isinstance(game, dict)
            else game
            for game in games
        ]
    return document


def _part(document: Document, key: str, kind: type = dict) -> Any:
    value = document.get(key)
    if not isinstance(value, kind):
        raise GoldenFileError(f"{key} must be {'an object' if kind is dict else 'a list'}")
    return value


def _shoe(document: Document) -> Shoe:
    return Shoe.from_dict(_part(document, "shoe"))


def _rules(document: Document) -> Rules:
    from baccarat_exact.model.games import find_rules

    part = _part(document, "rules")
    return Rules.from_dict(part, find_rules(str(part.get("game", "punto-banco"))))


def _bets(document: Document, rules: Rules, names: list[str]) -> tuple[Bet, ...]:
    """The bets called ``names``: user-defined ones from the document's definitions, the
    others from the catalogue."""
    from baccarat_exact.model.catalogue import find_bet
    from baccarat_exact.model.custom_bets import bets_from_definitions

    own = bets_from_definitions(document.get("definitions", {}), "definitions", rules.tableau)
    return tuple(own[name] if name in own else find_bet(name, rules) for name in names)


def _names(document: Document) -> list[str]:
    bets = _part(document, "bets", dict)
    return [str(name) for name in bets]


def _odds(document: Document) -> dict[str, Any]:
    from baccarat_exact.model.seen import Seen
    from baccarat_exact.pricing import odds
    from baccarat_exact.report.odds import odds_document

    rules = _rules(document)
    seen = Seen.from_dict(_part(document, "seen")) if "seen" in document else None
    result = odds(_shoe(document), rules, _bets(document, rules, _names(document)), seen=seen)
    combination = None
    if "combination" in document:
        stakes = _part(_part(document, "combination"), "stakes")
        combination = result.combination(
            {str(k): exact_number(v, "stake") for k, v in stakes.items()}
        )
    return odds_document(result, combination)


def _grid(document: Document) -> dict[str, Any]:
    from baccarat_exact.analysis.grid import grid
    from baccarat_exact.model.seen import Seen
    from baccarat_exact.report.grid import grid_document

    rules = _rules(document)
    names = [str(name) for name in _part(document, "bets", list)]
    cols = document.get("cols")
    seen = Seen.from_dict(_part(document, "seen")) if "seen" in document else None
    table = grid(
        _shoe(document),
        str(document.get("rows")),
        None if cols is None else str(cols),
        rules,
        _bets(document, rules, names),
        seen=seen,
    )
    return grid_document(table)


def _games(document: Document) -> dict[str, Any]:
    from baccarat_exact.report.games import games_report

    return _data(games_report(_shoe(document)).document())


def _bets_listing(document: Document) -> dict[str, Any]:
    from baccarat_exact.model.custom_bets import bets_from_definitions
    from baccarat_exact.report.bets import BetEntry, bets_report, catalogue_entries

    rules = _rules(document)
    own = bets_from_definitions(document.get("definitions", {}), "definitions", rules.tableau)
    recorded = _part(document, "bets", list)
    names = {entry.get("name") for entry in recorded if isinstance(entry, dict)}
    entries = [entry for entry in catalogue_entries(rules) if entry.bet.name in names]
    for entry in recorded:
        if isinstance(entry, dict) and entry.get("name") in own:
            entries.append(
                BetEntry(
                    bet=own[entry["name"]],
                    title=str(entry.get("title", entry["name"])),
                    rule="defined by the user",
                    source=str(entry.get("source", "")),
                )
            )
    return _data(bets_report(_shoe(document), rules, tuple(entries)).document())


def _rules_card(document: Document) -> dict[str, Any]:
    from baccarat_exact.report.rules import rules_report

    return _data(rules_report(_rules(document)).document())


def _count(document: Document) -> Any:
    from baccarat_exact.analysis.counting import CountSystem

    count = document.get("count")
    if count is None:
        return None
    tags = _part(count, "tags")
    order = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 0}
    values = [0] * 10
    for card, tag in tags.items():
        values[order[card]] = int(tag)
    return CountSystem(name=str(count.get("name", "your count")), tags=tuple(values))


def _eor(document: Document) -> dict[str, Any]:
    from baccarat_exact.analysis.counting import DEFAULT_LEVEL, bet_fits
    from baccarat_exact.analysis.eor import effect_of_removal
    from baccarat_exact.report.eor import eor_report

    rules = _rules(document)
    level = int(document.get("level", DEFAULT_LEVEL))
    eor = effect_of_removal(_shoe(document), rules, _bets(document, rules, _names(document)))
    derived, mine = bet_fits(eor, level, _count(document))
    return _data(eor_report(eor, derived, mine, level).document())


def _formula(document: Document) -> dict[str, Any]:
    from baccarat_exact.analysis.formulas import deck_formulas
    from baccarat_exact.report.formula import formula_report

    rules = _rules(document)
    removed = str(_part(document, "shoe").get("removed", ""))
    formulas = deck_formulas(rules, _bets(document, rules, _names(document)), removed)
    return _data(formula_report(formulas, int(document.get("terms", 4))).document())


def _breakeven(document: Document) -> dict[str, Any]:
    from baccarat_exact.analysis.breakeven import breakeven
    from baccarat_exact.report.breakeven import breakeven_report

    rules = _rules(document)
    bets = _bets(document, rules, _names(document))
    if document.get("symbolic"):
        removed = str(_part(document, "shoe").get("removed", ""))
        result = breakeven(None, rules, bets, removed)
    else:
        result = breakeven(_shoe(document), rules, bets)
    return _data(breakeven_report(result).document())


def _compare(document: Document) -> dict[str, Any]:
    from baccarat_exact.analysis.compare import Comparison, compare, parse_decks
    from baccarat_exact.model.games import find_rules
    from baccarat_exact.report.compare import compare_report

    bets = [str(name) for name in _part(document, "bets", list)]
    figures = tuple(str(name) for name in _part(document, "figures", list))
    remove = str(document.get("remove", ""))
    cases: list[Any] = []
    for case in _part(document, "cases", list):
        if not isinstance(case, Mapping):
            raise GoldenFileError("cases must be a list of objects")
        part = case.get("rules")
        if not isinstance(part, Mapping):
            raise GoldenFileError("each case must record its rules as an object")
        rules = Rules.from_dict(part, find_rules(str(part.get("game", "punto-banco"))))
        (decks,) = parse_decks(str(case.get("decks")))
        one = compare(
            (decks,), (rules.game,), (rules.commission,), (rules.tie_pays,), bets, figures, remove
        )
        cases.extend(one.cases)
    result = Comparison(cases=tuple(cases), bets=tuple(bets), figures=figures, remove=remove)
    return _data(compare_report(result).document())


def _track(document: Document) -> dict[str, Any]:
    from baccarat_exact.analysis.track import Tracking, track
    from baccarat_exact.report.track import track_report

    rules = _rules(document)
    shoe = _shoe(document)
    bets = _bets(document, rules, [str(name) for name in _part(document, "bets", list)])
    lines: dict[int, str] = {}
    for step in _part(document, "steps", list):
        cards = " ".join(step.get("cards", []))
        if step.get("kind") == "round":
            lines[int(step["line"])] = cards
        elif step.get("kind") == "burn":
            lines[int(step["line"])] = f"burn {cards}"
    for error in document.get("errors", []):
        lines[int(error["line"])] = str(error.get("text", ""))
    replay = [lines.get(number, "") for number in range(1, max(lines, default=0) + 1)]
    steps = track(replay, shoe, rules, bets)
    return _data(track_report(Tracking(shoe=shoe, rules=rules, bets=bets, steps=steps)).document())


def _simulate(document: Document, jobs: int = 1) -> dict[str, Any]:
    from baccarat_exact.analysis.counting import CountSystem
    from baccarat_exact.analysis.dealing import BurnRule, SimulationSettings
    from baccarat_exact.analysis.simulate import simulate
    from baccarat_exact.report.simulate import simulation_report

    settings = _part(document, "settings")
    rules = _rules(settings)
    count = settings.get("count")
    own = (
        None
        if count is None
        else CountSystem(
            name=str(count.get("name", "your count")),
            tags=tuple(int(tag) for tag in _part(count, "tags", list)),
        )
    )
    threshold = settings.get("threshold")
    chosen = SimulationSettings(
        shoe=_shoe(settings),
        rules=rules,
        bets=_bets(document, rules, [str(name) for name in _part(settings, "bets", list)]),
        shoes=int(settings["shoes"]),
        seed=int(settings["seed"]),
        burn=BurnRule(settings.get("burn", "standard")),
        cut_card=int(settings.get("cut_card", 16)),
        count=own,
        level=int(settings.get("level", 2)),
        threshold=None if threshold is None else float(threshold),
    )
    result = simulate(chosen, jobs=jobs)
    return _data(simulation_report(result).document())


def _blackjack_rules(document: Document) -> Any:
    from baccarat_exact.blackjack.rules import BlackjackRules

    return BlackjackRules.from_dict(_part(document, "rules"))


def _blackjack_rules_card(document: Document) -> dict[str, Any]:
    from baccarat_exact.report.blackjack import rules_report

    return _data(rules_report(_blackjack_rules(document)).document())


def _blackjack_rulesets(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.edge import RulesetEdge, edge
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.report.blackjack import rulesets_report

    exact = _exact(document)
    found = []
    for entry in _part(document, "rulesets", list):
        if not isinstance(entry, dict):
            raise GoldenFileError("each of rulesets must be an object")
        rules = BlackjackRules.from_dict(_part(entry, "rules"))
        result = edge(Shoe.from_decks(rules.decks), rules, exact=exact)
        found.append(
            RulesetEdge(
                name=str(entry.get("name", "")),
                title=str(entry.get("title", "")),
                rules=rules,
                house_edge_optimal=result.house_edge_optimal,
                house_edge_basic=result.house_edge_basic,
            )
        )
    return _data(rulesets_report(tuple(found)).document())


def _blackjack_dealer(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.dealer import dealer_chart
    from baccarat_exact.blackjack.hands import parse_up, slot_of
    from baccarat_exact.report.blackjack import dealer_report

    up = document.get("up")
    slot = None if up is None else slot_of(parse_up(str(up)))
    hits = bool(document.get("hits_soft_17", document.get("dealer") == "hits soft 17"))
    return _data(
        dealer_report(dealer_chart(_shoe(document), hits_soft_17=hits, up=slot)).document()
    )


def _exact(document: Document) -> bool:
    return bool(document.get("arithmetic", "exact") == "exact")


def _blackjack_hand(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.hand import analyze_hand
    from baccarat_exact.report.blackjack import hand_report

    analysis = analyze_hand(
        str(document["hand"]),
        str(document["up"]),
        _shoe(document),
        _blackjack_rules(document),
        exact=_exact(document),
    )
    return _data(hand_report(analysis).document())


def _blackjack_insurance(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.insurance import insurance
    from baccarat_exact.report.blackjack import insurance_report

    hand = document.get("hand")
    result = insurance(
        _shoe(document), _blackjack_rules(document), None if hand is None else str(hand)
    )
    return _data(insurance_report(result).document())


def _blackjack_edge(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.edge import edge
    from baccarat_exact.report.blackjack import edge_report

    recorded = document.get("option_values")
    options: bool | list[str] = False
    if isinstance(recorded, list) and recorded:  # the options the document priced, no others
        options = [str(o.get("option")) for o in recorded if isinstance(o, dict)]
    result = edge(
        _shoe(document), _blackjack_rules(document), exact=_exact(document), options=options
    )
    return _data(edge_report(result).document())


def _blackjack_eor(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.eor import blackjack_eor
    from baccarat_exact.report.blackjack import eor_report

    tags = _part(document, "count").get("tags", {})
    level = max((abs(int(t)) for t in tags.values()), default=2) if isinstance(tags, dict) else 2
    result = blackjack_eor(
        _shoe(document), _blackjack_rules(document), exact=_exact(document), level=max(level, 1)
    )
    return _data(eor_report(result).document())


def _blackjack_simulate(document: Document, jobs: int = 1) -> dict[str, Any]:
    from baccarat_exact.blackjack.shoe_simulation import SimulationSettings, simulate
    from baccarat_exact.report.blackjack_simulate import blackjack_simulation_report

    settings = _part(document, "settings")
    chosen = SimulationSettings(
        rules=_blackjack_rules(settings),
        shoe=_shoe(settings),
        shoes=int(settings["shoes"]),
        seed=int(settings["seed"]),
        burn=int(settings.get("burn", 1)),
        cut_card=int(settings["cut_card"]),
        exact=settings.get("exact") is True,
    )
    return _data(blackjack_simulation_report(simulate(chosen, jobs=jobs)).document())


def _blackjack_strategy(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.edge import basic_strategy
    from baccarat_exact.report.blackjack import strategy_report

    shoe, exact = _shoe(document), _exact(document)
    strategy, value = basic_strategy(shoe, _blackjack_rules(document), exact=exact)
    return _data(strategy_report(strategy, value, shoe, exact).document())


def _blackjack_round(document: Document) -> dict[str, Any]:
    from baccarat_exact.blackjack.round_stats import round_stats
    from baccarat_exact.report.blackjack import round_report

    recorded = document.get("strategies")
    names = ["optimal", "basic"]
    if isinstance(recorded, list) and recorded:  # the strategies the document played
        names = [str(s.get("strategy")) for s in recorded if isinstance(s, dict)]
    result = round_stats(
        _shoe(document), _blackjack_rules(document), strategies=names, exact=_exact(document)
    )
    return _data(round_report(result).document())


def _data(document: dict[str, Any] | None) -> dict[str, Any]:
    if document is None:  # pragma: no cover - every report here writes a document
        raise GoldenFileError("the command writes no document")
    return document


RECOMPUTE: dict[str, Callable[[Document], dict[str, Any]]] = {
    "odds": _odds,
    "games": _games,
    "bets": _bets_listing,
    "rules": _rules_card,
    "eor": _eor,
    "simulate": _simulate,
    "track": _track,
    "formula": _formula,
    "breakeven": _breakeven,
    "grid": _grid,
    "compare": _compare,
    "blackjack rules": _blackjack_rules_card,
    "blackjack rulesets": _blackjack_rulesets,
    "blackjack dealer": _blackjack_dealer,
    "blackjack hand": _blackjack_hand,
    "blackjack insurance": _blackjack_insurance,
    "blackjack edge": _blackjack_edge,
    "blackjack eor": _blackjack_eor,
    "blackjack simulate": _blackjack_simulate,
    "blackjack strategy": _blackjack_strategy,
    "blackjack round": _blackjack_round,
}
"""How to compute each kind of document again."""


def recompute(document: Document, *, jobs: int = 1) -> dict[str, Any]:
    """The document computed again from its inputs (a simulation on ``jobs`` processes:
    the figures do not depend on how many).

    :raises GoldenFileError: for a document whose inputs cannot be read.
    """
    kind = kind_of(document)
    if kind == "simulate":
        return _simulate(document, jobs)
    if kind == "blackjack simulate":
        return _blackjack_simulate(document, jobs)
    return RECOMPUTE[kind](document)
