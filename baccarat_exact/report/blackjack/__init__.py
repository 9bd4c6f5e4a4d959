"""Reports of the blackjack commands: library results → :class:`Report` (no arithmetic here).

The table format shows rounded decimals (exact fractions of a 6-deck shoe run to
dozens of digits); CSV keeps every value exact as ``p/q``; JSON is each result's own ``to_dict()`` with
exact strings and ``*_float`` decimals, in the documents' envelope (the request that runs
adds itself and the version).

This package's own module holds the reports of the exact commands (rules, dealer, hand,
edge, round, strategy, insurance, effects of removal); those of the dealt shoes are in its
modules :mod:`.simulate`, :mod:`.counting` and :mod:`.indices`, the math report in :mod:`.par`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from baccarat_exact.blackjack.hands import SLOT_LABELS
from baccarat_exact.blackjack.round import peeks
from baccarat_exact.blackjack.rules import RULESET_ALIASES, PostSplit
from baccarat_exact.model.exact import exact_fields, number_text, to_float
from baccarat_exact.report.describe import describe_shoe
from baccarat_exact.report.model import Cell, Column, Report, Style, Table, identifier

if TYPE_CHECKING:  # the results' modules are loaded by the commands that make them
    from baccarat_exact.analysis.blackjack.eor import BlackjackEor
    from baccarat_exact.blackjack.dealer import DealerChart
    from baccarat_exact.blackjack.edge import EdgeResult, RulesetEdge, Value
    from baccarat_exact.blackjack.hand import HandAnalysis
    from baccarat_exact.blackjack.insurance import InsuranceResult
    from baccarat_exact.blackjack.round_stats import RoundStats
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.blackjack.strategy import BasicStrategy
    from baccarat_exact.model.shoe import Shoe

__all__ = [
    "dealer_report",
    "edge_report",
    "eor_report",
    "hand_report",
    "insurance_report",
    "round_report",
    "rules_report",
    "rulesets_report",
    "strategy_report",
]

ROUNDED = "Decimals are rounded; --format json or csv gives every value exactly."
FLOAT_NOTE = "Float arithmetic (--float): values agree with the exact ones to about 1e-12."

_OUTCOME_KEYS = {
    "17": "total_17",
    "18": "total_18",
    "19": "total_19",
    "20": "total_20",
    "21": "total_21",
    "bust": "bust",
    "blackjack": "blackjack",
}
"""CSV headers of the dealer's final hands (an identifier cannot start with a digit)."""


def _value(
    name: str, exact: bool, style: Style = "percent", digits: int = 4, key: str | None = None
) -> Column:
    """A column of values: rounded in the table; in CSV exact fractions under ``key`` (exact
    arithmetic) or ``<key>_float`` (float arithmetic); ``key`` defaults to the name as an
    identifier."""
    key = key or identifier(name)
    return Column(name, style, digits, key=key if exact else f"{key}_float")


def rules_report(rules: BlackjackRules) -> Report:
    """The rules as a table: option, value, the casino's default, meaning."""
    table = Table(
        "Options",
        (Column("option"), Column("value"), Column("default"), Column("meaning", wrap=38)),
        tuple(rules.describe()),
    )
    notes = (
        "default: the casino's game (--rules european-777); `blackjack rulesets` lists the others.",
        "A two-card 21 after a split is 21, not a blackjack. Dealer blackjack vs player blackjack: push.",
        "A blackjack's and a Triple Seven's pay are on the hand's stake; Triple Seven ends the hand at once.",
    )
    return Report(
        title=f"Blackjack rules: {rules.summary()}",
        blocks=(table,),
        notes=notes,
        data={"rules": rules.to_dict(), "summary": rules.summary()},
    )


def dealer_report(chart: DealerChart) -> Report:
    """The dealer's final-hand distribution per up card."""
    from baccarat_exact.blackjack.dealer import OUTCOMES

    columns = (
        Column("up"),
        _value("P(up)", True, "decimal", 5),
        *(_value(name, True, "decimal", 5, _OUTCOME_KEYS[name]) for name in OUTCOMES),
    )
    rows: list[tuple[Cell, ...]] = [
        (SLOT_LABELS[dist.up], p_up, *dist.probabilities) for p_up, dist in chart.rows
    ]
    rule = "hits soft 17" if chart.hits_soft_17 else "stands on soft 17"
    table = Table("Dealer's final hand by up card", columns, tuple(rows), name="dealer_final")
    notes = (
        "The up card is out of the shoe; blackjack = the up card and the next card make 21 (before any peek).",
        ROUNDED,
    )
    return Report(
        title=f"Dealer ({rule}): {describe_shoe(chart.shoe)}",
        blocks=(table,),
        notes=notes,
        data=chart.to_dict(),
    )


def _split_note(rules: BlackjackRules) -> str:
    """How ``hand``'s split value plays the split hands (the post-split play, named)."""
    how = (
        "played by the best move for the round given every card seen"
        if rules.post_split is PostSplit.OPTIMAL
        else "played as the same cards unsplit"
        if rules.post_split is PostSplit.CDZ
        else "played from its own cards and the pair"
        if rules.split_hands == 2 or rules.post_split is PostSplit.CDP1
        else "played from its own cards and the pair cards out in each term of the split's value"
    )
    once = "once" if rules.split_hands == 2 else "resplitting on every pair card allowed"
    return f"split: {once}, each hand {how} ({rules.post_split.label}, docs/blackjack.md)."


def hand_report(analysis: HandAnalysis) -> Report:
    """Values of every move for one hand."""
    from baccarat_exact.blackjack.hand import describe_hand

    rows: list[tuple[Cell, ...]] = []
    for move, value in analysis.values.items():
        rows.append((move, value, move == analysis.best))
    table = Table(
        "Expected net win per original unit",
        (Column("move"), _value("EV", analysis.exact, "decimal", 6), Column("best", "bool")),
        tuple(rows),
        name="moves",
    )
    notes = [
        f"Best: {analysis.best.upper()}.",
        "hit: the best composition-dependent play after every card; " + _split_note(analysis.rules),
    ]
    if analysis.given_no_dealer_blackjack:
        notes.append("Hole card: the dealer has peeked; values are given that he has no blackjack.")
    gain = analysis.split_gain
    if gain is not None and analysis.split_cdp is not None:
        notes.append(
            f"The optimal split gains {float(gain):+.3g} over CDP's "
            f"{float(analysis.split_cdp):.9f} (per original unit)."
        )
    notes.append(FLOAT_NOTE if not analysis.exact else ROUNDED)
    return Report(
        title=(
            f"Hand {describe_hand(analysis.hand)} vs up card {analysis.up.value}: "
            f"{describe_shoe(analysis.shoe)}; {analysis.rules.summary(decks=False, play=True)}"
        ),
        blocks=(table,),
        notes=tuple(notes),
        data=analysis.to_dict(),
    )


def edge_report(result: EdgeResult) -> Report:
    """Player value and house edge: totals, per up card, and (if computed) per rule option."""
    exact = result.exact
    totals = Table(
        "The round (per original unit staked)",
        (Column("play"), _value("player EV", exact), _value("house edge", exact)),
        (
            ("composition-dependent optimal", result.optimal, -result.optimal),
            ("basic strategy (derived)", result.basic, -result.basic),
        ),
    )
    per_up = Table(
        "By up card",
        (
            Column("up"),
            _value("P(up)", True, "decimal", 6),
            _value("EV optimal", exact),
            _value("EV basic", exact),
            _value("share optimal", exact),
            _value("share basic", exact),
        ),
        tuple(
            (
                SLOT_LABELS[u.up],
                u.probability,
                u.optimal,
                u.basic,
                u.optimal_contribution,
                u.basic_contribution,
            )
            for u in result.up_cards
        ),
    )
    tables = [totals, per_up]
    if result.options:
        tables.append(
            Table(
                "Value of each rule option (change in player EV when it flips; house edge moves the other way)",
                (
                    Column("option"),
                    Column("flip", wrap=28),
                    _value("Δ EV optimal", exact, key="change_optimal"),
                    _value("Δ EV basic", exact, key="change_basic"),
                ),
                tuple(
                    (o.flip.option, o.flip.change, o.optimal_change, o.basic_change)
                    for o in result.options
                ),
            )
        )
    notes = [
        "share = P(up) × EV: the up card's part of the round's value.",
        "Split hands are played from their own cards and the pair; the basic strategy is the chart of "
        "`blackjack strategy` for these rules and this shoe.",
    ]
    if result.rules.split_hands > 2:
        notes.append(
            "Resplits: a pair card as a split hand's second card splits again while the rules allow; "
            "every split hand plays as when a pair splits once, so both rows are exact for that "
            "post-split play (docs/blackjack.md)."
        )
    notes.append(FLOAT_NOTE if not result.exact else ROUNDED)
    return Report(
        title=f"Blackjack edge: {describe_shoe(result.shoe)}; {result.rules.summary(decks=False, play=True)}",
        blocks=tuple(tables),
        notes=tuple(notes),
        data=result.to_dict(),
    )


_PLAY_NAMES = {
    "optimal": "optimal",
    "basic": "basic (derived)",
    "given": "basic (given)",
}
"""Row labels of ``round``'s summary (short: the table has seven columns)."""


def round_report(stats: RoundStats) -> Report:
    """The round's net result: mean, variance, hit frequency and the whole distribution."""
    exact = stats.exact
    summary = Table(
        "The round's net result (units of the initial bet)",
        (
            Column("play"),
            _value("EV", exact),
            _value("variance", exact, "decimal", 4),
            Column("std dev", "decimal", 4, key="std_dev_float"),
            _value("P(win)", exact, "percent", 2),
            _value("P(push)", exact, "percent", 2),
            _value("P(lose)", exact, "percent", 2),
        ),
        tuple(
            (
                _PLAY_NAMES[play.strategy],
                play.ev,
                play.variance,
                play.std_dev_float,
                play.win,
                play.push,
                play.lose,
            )
            for play in stats.plays
        ),
        name="summary",
    )
    nets = sorted({net for play in stats.plays for net, _ in play.probabilities})
    laws = [dict(play.probabilities) for play in stats.plays]
    zero: Fraction | float = Fraction(0) if exact else 0.0
    distribution = Table(
        "Distribution of the net result",
        (
            Column("net", "fraction"),
            *(_value(f"P {play.strategy}", exact, "percent", 4) for play in stats.plays),
        ),
        tuple((net, *(law.get(net, zero) for law in laws)) for net in nets),
        name="distribution",
    )
    notes = (
        "optimal: composition-dependent optimal play; basic: the basic strategy derived for "
        "these rules and this shoe (the chart of `blackjack strategy`).",
        "net: the round's result in units of the initial bet, doubles and splits included "
        "(insurance not offered); win/push/lose: net > 0, = 0, < 0.",
        "A split round's two hands are settled against the same dealer hand, the second drawn "
        "from what the first left: every probability is exact. EV is exactly `blackjack edge`'s "
        "value.",
        "Moves of exactly equal value: the first of stand, hit, double, surrender, split is "
        "played (the order changes the law, never the EV).",
        FLOAT_NOTE if not exact else ROUNDED,
    )
    return Report(
        title=f"Blackjack round: {describe_shoe(stats.shoe)}; {stats.rules.summary(decks=False, play=True)}",
        blocks=(summary, distribution),
        notes=notes,
        data=stats.to_dict(),
    )


def strategy_report(strategy: BasicStrategy, value: Value, shoe: Shoe, exact: bool) -> Report:
    """The basic strategy chart, rows of hands, columns of up cards."""
    ups = (*SLOT_LABELS[1:], SLOT_LABELS[0])
    chart = strategy.chart()
    table = Table(
        "Basic strategy (rows: your hand; columns: dealer's up card)",
        (Column("hand"), *(Column(up, key=f"up_{up.lower()}") for up in ups)),
        tuple((label, *cells) for label, cells in chart),
    )
    summary = Table(
        "Value of the strategy",
        (Column("play"), _value("player EV", exact), _value("house edge", exact)),
        (("basic strategy", value, -value),),
    )
    notes = (
        "H hit, S stand, Dh double else hit, Ds double else stand, P split; R before a letter "
        "(Rh, Rs, …): surrender a two-card hand, else that letter.",
        "Totals apply to every hand of that total that does not double or surrender; pairs are "
        "two-card unsplit pairs.",
        "Split hands follow the totals (doubling only with double after split).",
        FLOAT_NOTE if not exact else ROUNDED,
    )
    data = {
        "arithmetic": "exact" if exact else "float",
        "rules": strategy.rules.to_dict(),
        "shoe": shoe.to_dict(),
        "chart": {identifier(label): dict(zip(ups, cells)) for label, cells in chart},
        **({"player_ev_basic": str(value)} if isinstance(value, Fraction) else {}),
        "player_ev_basic_float": to_float(value),
    }
    return Report(
        title=f"Basic strategy: {describe_shoe(shoe)}; {strategy.rules.summary(decks=False, play=True)}",
        blocks=(table, summary),
        notes=notes,
        data=data,
    )


def rulesets_report(rulesets: tuple[RulesetEdge, ...]) -> Report:
    """The built-in rule sets with their house edges."""

    exact = all(isinstance(r.house_edge_optimal, Fraction) for r in rulesets)
    table = Table(
        "Built-in rule sets (house edge on a fresh shoe)",
        (
            Column("name"),
            Column("aliases", wrap=10),
            Column("rules", wrap=32),
            _value("optimal", exact, "percent", 3, key="house_edge_optimal"),
            _value("basic", exact, "percent", 3, key="house_edge_basic"),
        ),
        tuple(
            (
                r.name,
                " ".join(RULESET_ALIASES[r.name]),
                r.title,
                r.house_edge_optimal,
                r.house_edge_basic,
            )
            for r in rulesets
        ),
    )
    notes = (
        "Choose one with --rules NAME (or an alias); any option given with it changes that rule.",
        "optimal, basic: the house edge against composition-dependent optimal play and "
        "against the derived basic strategy.",
        FLOAT_NOTE if not exact else ROUNDED,
    )

    data = {
        "arithmetic": "exact" if exact else "float",
        "rulesets": [
            {
                "name": r.name,
                "aliases": list(RULESET_ALIASES[r.name]),
                "title": r.title,
                "rules": r.rules.to_dict(),
                "summary": r.rules.summary(),
                **exact_fields("house_edge_optimal", r.house_edge_optimal, exact=False),
                **exact_fields("house_edge_basic", r.house_edge_basic, exact=False),
            }
            for r in rulesets
        ],
    }
    return Report(
        title="Blackjack rule sets",
        blocks=(table,),
        notes=notes,
        data=data,
    )


def insurance_report(result: InsuranceResult) -> Report:
    """Insurance and even money against a dealer ace."""
    rows: list[tuple[Cell, ...]] = [
        ("insurance (pays 2:1)", result.ten_chance, result.insurance_ev, result.take_insurance)
    ]
    if result.even_money_ev is not None and result.even_money_ten_chance is not None:
        rows.append(
            (
                "even money (your blackjack; declined: paid if no dealer blackjack)",
                result.even_money_ten_chance,
                1 - result.even_money_ev,
                bool(result.take_even_money),
            )
        )
    table = Table(
        "Against a dealer ace",
        (
            Column("bet", wrap=40),
            _value("P(dealer ten)", True, "percent", 4),
            _value("EV of taking", True, "percent", 4),
            Column("take", "bool"),
        ),
        tuple(rows),
    )
    known = " ".join(rank.value for rank in result.hand)
    notes = [
        "EV of taking: insurance per unit insured; even money: a sure 1 minus the blackjack's "
        "expected pay when declined.",
        "P(dealer ten): the dealer's next card (his hole card, or the card he draws next) is a "
        f"ten, given his ace{f' and the hand {known}' if known else ''}.",
    ]
    if not peeks(result.rules):
        notes.append("The casino's game offers no insurance; these are its values where offered.")
    notes.append(ROUNDED)
    return Report(
        title=f"Insurance and even money: {describe_shoe(result.shoe)}",
        blocks=(table,),
        notes=tuple(notes),
        data=result.to_dict(),
    )


def eor_report(eor: BlackjackEor) -> Report:
    """Effect of removing one card of each value, and the balanced count it suggests."""
    exact = eor.exact
    effects = Table(
        "Effect of removing one card (change in player EV; house edge moves the other way)",
        (
            Column("card"),
            Column("cards", "int"),
            _value("effect optimal", exact, "percent", 4),
            _value("effect basic", exact, "percent", 4),
            Column("count tag", "int"),
        ),
        tuple(
            (
                SLOT_LABELS[slot],
                eor.cards[slot],
                eor.effects_optimal[slot],
                eor.effects_basic[slot],
                eor.count.tags[slot],
            )
            for slot in range(len(SLOT_LABELS))
        ),
    )
    totals = Table(
        "The shoe itself",
        (Column("play"), _value("player EV", exact), _value("house edge", exact)),
        (
            ("composition-dependent optimal", eor.optimal, -eor.optimal),
            ("basic strategy (derived)", eor.basic, -eor.basic),
        ),
    )
    correlation = eor.count.correlation
    notes = (
        "effect: EV(shoe less one card of that value) − EV(shoe), each shoe played by its own "
        f"best strategy (optimal) or {eor.chart.played_by} (basic).",
        f"count tag: Thorp's balanced count fitted to the optimal effects (imbalance "
        f"{eor.count.imbalance}, betting correlation "
        f"{'—' if correlation is None else number_text(correlation, '.3f')}).",
        FLOAT_NOTE if not exact else ROUNDED,
    )
    return Report(
        title=f"Blackjack effect of removal: {describe_shoe(eor.shoe)}; "
        f"{eor.rules.summary(decks=False, play=True)}",
        blocks=(effects, totals),
        notes=notes,
        data=eor.to_dict(),
    )
