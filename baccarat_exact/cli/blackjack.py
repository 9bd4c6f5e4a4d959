"""``baccarat-exact blackjack …``: the casino's blackjack, exactly (a thin typer layer).

Mounted by the main CLI with ``app.add_typer(blackjack_app, name="blackjack")``; the
solvers are imported by the commands that run them (start-up time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from baccarat_exact.cli.common import FormatOption, TableOption, emit, handle_errors
from baccarat_exact.cli.options import (
    BJ_RULES,
    BJ_SHOE,
    BJ_SIMULATION_RULES,
    FloatOption,
    command,
)
from baccarat_exact.cli.progress import progress, shown
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.model import Format

if TYPE_CHECKING:
    from baccarat_exact.blackjack.rules import BlackjackRules

__all__ = ["app"]

app = typer.Typer(
    name="blackjack",
    help="Blackjack, exactly: the casino's game (one-card dealer, S17, Triple Seven) or any "
    "common rule set; dealer odds, hand decisions, house edge and basic strategy.",
    no_args_is_help=True,
)

_DEALER_RULES = BJ_RULES.without(
    "hole_card",
    "dealer_bj_takes",
    "das",
    "hit_split_aces",
    "triple_seven",
    "seven_double",
    "seven_split",
    "blackjack_pays",
    "seven_pays",
    "surrender",
    "double",
    "double_split_aces",
    "split_hands",
    "resplit_aces",
    "split_by",
)


@app.command("rules")
@command(rules=BJ_RULES)
def rules_command(
    rules: BlackjackRules, fmt: FormatOption = Format.table, table: TableOption = None
) -> None:
    """Print the blackjack rules in force: every option, its value and the casino's default."""
    from baccarat_exact.report.blackjack import rules_report

    emit(rules_report(rules), fmt, table)


@app.command("rulesets")
@handle_errors
def rulesets_command(
    names: Annotated[
        list[str] | None,
        typer.Argument(help="Only these rule sets (default: every one).", show_default=False),
    ] = None,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The built-in rule sets (--rules NAME), each with its house edge on a fresh shoe."""
    from baccarat_exact.blackjack.edge import chosen_rulesets, ruleset_edges
    from baccarat_exact.blackjack.hands import SLOTS
    from baccarat_exact.report.blackjack import rulesets_report

    steps = SLOTS * len(chosen_rulesets(names))
    with progress(steps, "solving up cards", shown()) as advance:
        found = ruleset_edges(names, exact=not use_float, progress=advance)
    emit(rulesets_report(found), fmt, table)


@app.command("dealer")
@command(rules=_DEALER_RULES, shoe=BJ_SHOE)
def dealer_command(
    rules: BlackjackRules,
    shoe: Shoe,
    up: Annotated[
        str | None, typer.Option("--up", "-u", help="Only this up card (A 2-9 T J Q K).")
    ] = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact probabilities of the dealer's final hand (17-21, bust, blackjack) for each up card."""
    from baccarat_exact.blackjack.dealer import dealer_chart
    from baccarat_exact.blackjack.hands import parse_up, slot_of
    from baccarat_exact.report.blackjack import dealer_report

    slot = None if up is None else slot_of(parse_up(up))
    emit(
        dealer_report(dealer_chart(shoe, hits_soft_17=rules.dealer_hits_soft_17, up=slot)),
        fmt,
        table,
    )


@app.command("hand")
@command(rules=BJ_RULES, shoe=BJ_SHOE)
def hand_command(
    rules: BlackjackRules,
    shoe: Shoe,
    cards: Annotated[
        str, typer.Argument(help='The player\'s cards, e.g. "T 6" or "7,7" (at least two).')
    ],
    up: Annotated[str, typer.Option("--up", "-u", help="The dealer's up card (A 2-9 T J Q K).")],
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact EV of stand, hit, double and split for a hand against an up card, and the best move.

    The up card and the hand come out of the shoe (after --remove).
    """
    from baccarat_exact.blackjack.hand import analyze_hand
    from baccarat_exact.report.blackjack import hand_report

    emit(hand_report(analyze_hand(cards, up, shoe, rules, exact=not use_float)), fmt, table)


@app.command("insurance")
@command(
    rules=BJ_RULES.without("triple_seven", "seven_double", "seven_split", "seven_pays"),
    shoe=BJ_SHOE,
)
def insurance_command(
    rules: BlackjackRules,
    shoe: Shoe,
    hand: Annotated[
        str | None,
        typer.Option("--hand", help='The player\'s cards, counted out of the shoe (e.g. "T 9").'),
    ] = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact EV of insurance and even money against a dealer ace, and whether to take them.

    The dealer's ace (and --hand) come out of the shoe (after --remove).
    """
    from baccarat_exact.blackjack.insurance import insurance
    from baccarat_exact.report.blackjack import insurance_report

    emit(insurance_report(insurance(shoe, rules, hand)), fmt, table)


@app.command("edge")
@command(rules=BJ_RULES, shoe=BJ_SHOE)
def edge_command(
    rules: BlackjackRules,
    shoe: Shoe,
    option_values: Annotated[
        bool,
        typer.Option(
            "--option-values",
            help="Also price every rule option by flipping it alone (slower: one solve each).",
        ),
    ] = False,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact house edge of a round: composition-dependent optimal play and the derived basic strategy,
    with each up card's share."""
    from baccarat_exact.blackjack.edge import edge, solve_steps
    from baccarat_exact.report.blackjack import edge_report

    with progress(solve_steps(rules, option_values), "solving up cards", shown()) as advance:
        result = edge(shoe, rules, exact=not use_float, options=option_values, progress=advance)
    emit(edge_report(result), fmt, table)


@app.command("eor")
@command(rules=BJ_RULES, shoe=BJ_SHOE)
def eor_command(
    rules: BlackjackRules,
    shoe: Shoe,
    level: Annotated[
        int, typer.Option("--level", min=1, max=9, help="Largest tag of the suggested count.")
    ] = 2,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Effect of removal: the exact change in the round's value when one card of each value
    leaves the shoe, and the balanced count it suggests (eleven solves: slow exact)."""
    from baccarat_exact.blackjack.eor import blackjack_eor, eor_steps
    from baccarat_exact.report.blackjack import eor_report

    with progress(eor_steps(shoe), "solving up cards", shown()) as advance:
        result = blackjack_eor(shoe, rules, exact=not use_float, level=level, progress=advance)
    emit(eor_report(result), fmt, table)


@app.command("strategy")
@command(rules=BJ_RULES, shoe=BJ_SHOE)
def strategy_command(
    rules: BlackjackRules,
    shoe: Shoe,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The total-dependent basic strategy for the rules and shoe, as a chart, with its exact value."""
    from baccarat_exact.blackjack.edge import basic_strategy
    from baccarat_exact.blackjack.hands import SLOTS
    from baccarat_exact.report.blackjack import strategy_report

    with progress(SLOTS, "solving up cards", shown()) as advance:
        strategy, value = basic_strategy(shoe, rules, exact=not use_float, progress=advance)
    emit(strategy_report(strategy, value, shoe, not use_float), fmt, table)


@app.command("round")
@command(rules=BJ_RULES, shoe=BJ_SHOE)
def round_command(
    rules: BlackjackRules,
    shoe: Shoe,
    strategy: Annotated[
        str,
        typer.Option(
            "--strategy",
            help="optimal (composition-dependent), basic (the derived chart) or both.",
        ),
    ] = "both",
    use_float: FloatOption = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", help="Processes sharing the up cards (results do not depend on it)."
        ),
    ] = 1,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The round's net result: exact EV, variance, standard deviation, win/push/lose and the
    probability of each net amount (doubles, splits, 3:2, surrender), per strategy.

    Every probability is exact, split rounds too (both hands and the dealer jointly): about
    a minute of CPU for six decks, a quarter of that with --float; --jobs shares it out."""
    from baccarat_exact.blackjack.hands import SLOTS
    from baccarat_exact.blackjack.round_stats import round_stats, strategy_names
    from baccarat_exact.report.blackjack import round_report

    names = strategy_names(strategy)
    with progress(SLOTS, "solving up cards", shown()) as advance:
        result = round_stats(
            shoe, rules, strategies=names, exact=not use_float, progress=advance, jobs=jobs
        )
    emit(round_report(result), fmt, table)


@app.command("simulate")
@command(
    rules=BJ_SIMULATION_RULES,
    shoe=BJ_SHOE.without("remove", "infinite"),
)
def simulate_command(
    rules: BlackjackRules,
    shoe: Shoe,
    shoes: Annotated[int, typer.Option("--shoes", "-n", help="Shoes to deal.")] = 2,
    seed: Annotated[
        int, typer.Option("--seed", help="Random seed: the same seed gives the same bytes.")
    ] = 0,
    burn: Annotated[
        int, typer.Option("--burn", help="Cards burned face down at the start of each shoe.")
    ] = 1,
    cut_card: Annotated[
        int | None,
        typer.Option(
            "--cut-card",
            help="Cards behind the cut card (penetration = 1 − this / shoe; default: a "
            "quarter of the shoe).",
            show_default=False,
        ),
    ] = None,
    use_exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help="Exact fractions for every round's EV (slower; the default is float "
            "arithmetic, labelled float).",
        ),
    ] = False,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Processes (results do not depend on it).")
    ] = 1,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Deal shuffled shoes to the cut card and compute the exact EV of the next round before
    every round; how often the player has the edge, by depth.

    Each round's EV is for composition-dependent optimal play (seconds a round: a few small
    shoes make a quick run); the rounds are played by the full shoe's basic strategy, card
    by card, to move through the shoe. Averages and shares are simulation estimates.
    """
    from baccarat_exact.blackjack.shoe_simulation import SimulationSettings, simulate
    from baccarat_exact.report.blackjack_simulate import blackjack_simulation_report

    settings = SimulationSettings(
        rules=rules,
        shoe=shoe,
        shoes=shoes,
        seed=seed,
        cut_card=cut_card,
        burn=burn,
        exact=use_exact,
    )
    with progress(shoes, "dealing shoes", shown(quiet)) as advance:
        result = simulate(settings, jobs=jobs, progress=advance)
    emit(blackjack_simulation_report(result), fmt, table)
