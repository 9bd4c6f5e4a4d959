"""``baccarat-exact blackjack …``: the seed casino's blackjack, exactly (a thin typer layer).

Mounted by the main CLI with ``app.add_typer(blackjack_app, name="blackjack")``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from baccarat_exact.cli.blackjack_options import (
    BjPaysOption,
    CountsOption,
    DasOption,
    DealerTakesOption,
    DecksOption,
    FloatOption,
    H17Option,
    HitSplitAcesOption,
    HoleCardOption,
    InfiniteOption,
    RemoveOption,
    RulesOption,
    SevenDoubleOption,
    SevenPaysOption,
    SevenSplitOption,
    TripleSevenOption,
    rules_from_options,
    shoe_from_options,
)
from baccarat_exact.cli.common import FormatOption, emit, handle_errors
from baccarat_exact.report.render import Format

if TYPE_CHECKING:  # the solvers are imported by the commands that run them (start-up time)
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.model.shoe import Shoe

__all__ = ["app"]

app = typer.Typer(
    name="blackjack",
    help="Blackjack of the seed casino (no hole card, S17, Triple Seven): exact dealer odds, "
    "hand decisions, house edge and basic strategy.",
    no_args_is_help=True,
)


def _setup(
    base: str,
    decks: int | None,
    remove: str,
    counts: str | None,
    infinite: bool,
    h17: bool | None,
    hole_card: bool | None,
    dealer_bj_takes: str | None,
    das: bool | None,
    hit_split_aces: bool | None,
    triple_seven: bool | None,
    seven_double: bool | None,
    seven_split: bool | None,
    blackjack_pays: str | None,
    seven_pays: str | None,
) -> tuple[BlackjackRules, Shoe]:
    rules = rules_from_options(
        base,
        decks,
        h17,
        hole_card,
        dealer_bj_takes,
        das,
        hit_split_aces,
        triple_seven,
        seven_double,
        seven_split,
        blackjack_pays,
        seven_pays,
    )
    return rules, shoe_from_options(rules, remove, counts, infinite, decks is not None)


@app.command("rules")
@handle_errors
def rules_command(
    base: RulesOption = "seed",
    decks: DecksOption = None,
    h17: H17Option = None,
    hole_card: HoleCardOption = None,
    dealer_bj_takes: DealerTakesOption = None,
    das: DasOption = None,
    hit_split_aces: HitSplitAcesOption = None,
    triple_seven: TripleSevenOption = None,
    seven_double: SevenDoubleOption = None,
    seven_split: SevenSplitOption = None,
    blackjack_pays: BjPaysOption = None,
    seven_pays: SevenPaysOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Print the blackjack rules in force: every option, its value and the seed casino's default."""
    from baccarat_exact.report.blackjack import rules_report

    rules = rules_from_options(
        base, decks, h17, hole_card, dealer_bj_takes, das, hit_split_aces, triple_seven, seven_double, seven_split,
        blackjack_pays, seven_pays,
    )  # fmt: skip
    emit(rules_report(rules), fmt)


@app.command("dealer")
@handle_errors
def dealer_command(
    up: Annotated[
        str | None, typer.Option("--up", "-u", help="Only this up card (A 2-9 T J Q K).")
    ] = None,
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    base: RulesOption = "seed",
    h17: H17Option = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Exact probabilities of the dealer's final hand (17-21, bust, blackjack) for each up card."""
    from baccarat_exact.blackjack.dealer import dealer_chart
    from baccarat_exact.blackjack.hands import parse_up, slot_of
    from baccarat_exact.report.blackjack import dealer_report

    rules, shoe = _setup(
        base,
        decks,
        remove,
        counts,
        infinite,
        h17,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
        None,
    )
    slot = None if up is None else slot_of(parse_up(up))
    chart = dealer_chart(shoe, hits_soft_17=rules.dealer_hits_soft_17, up=slot)
    emit(dealer_report(chart, fmt), fmt)


@app.command("hand")
@handle_errors
def hand_command(
    cards: Annotated[
        str, typer.Argument(help='The player\'s cards, e.g. "T 6" or "7,7" (at least two).')
    ],
    up: Annotated[str, typer.Option("--up", "-u", help="The dealer's up card (A 2-9 T J Q K).")],
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    base: RulesOption = "seed",
    h17: H17Option = None,
    hole_card: HoleCardOption = None,
    dealer_bj_takes: DealerTakesOption = None,
    das: DasOption = None,
    hit_split_aces: HitSplitAcesOption = None,
    triple_seven: TripleSevenOption = None,
    seven_double: SevenDoubleOption = None,
    seven_split: SevenSplitOption = None,
    blackjack_pays: BjPaysOption = None,
    seven_pays: SevenPaysOption = None,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
) -> None:
    """Exact EV of stand, hit, double and split for a hand against an up card, and the best move.

    The up card and the hand come out of the shoe (after --remove).
    """
    from baccarat_exact.blackjack.hand import analyze_hand
    from baccarat_exact.report.blackjack import hand_report

    rules, shoe = _setup(
        base, decks, remove, counts, infinite, h17, hole_card, dealer_bj_takes, das, hit_split_aces, triple_seven,
        seven_double, seven_split, blackjack_pays, seven_pays,
    )  # fmt: skip
    analysis = analyze_hand(cards, up, shoe, rules, exact=not use_float)
    emit(hand_report(analysis, fmt), fmt)


@app.command("edge")
@handle_errors
def edge_command(
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    base: RulesOption = "seed",
    h17: H17Option = None,
    hole_card: HoleCardOption = None,
    dealer_bj_takes: DealerTakesOption = None,
    das: DasOption = None,
    hit_split_aces: HitSplitAcesOption = None,
    triple_seven: TripleSevenOption = None,
    seven_double: SevenDoubleOption = None,
    seven_split: SevenSplitOption = None,
    blackjack_pays: BjPaysOption = None,
    seven_pays: SevenPaysOption = None,
    option_values: Annotated[
        bool,
        typer.Option(
            "--option-values",
            help="Also price every rule option by flipping it alone (slower: one solve each).",
        ),
    ] = False,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
) -> None:
    """Exact house edge of a round: composition-dependent optimal play and the derived basic strategy,
    with each up card's share."""
    from baccarat_exact.blackjack.edge import edge
    from baccarat_exact.report.blackjack import edge_report

    rules, shoe = _setup(
        base, decks, remove, counts, infinite, h17, hole_card, dealer_bj_takes, das, hit_split_aces, triple_seven,
        seven_double, seven_split, blackjack_pays, seven_pays,
    )  # fmt: skip
    result = edge(shoe, rules, exact=not use_float, options=option_values)
    emit(edge_report(result, fmt), fmt)


@app.command("strategy")
@handle_errors
def strategy_command(
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
    base: RulesOption = "seed",
    h17: H17Option = None,
    hole_card: HoleCardOption = None,
    dealer_bj_takes: DealerTakesOption = None,
    das: DasOption = None,
    hit_split_aces: HitSplitAcesOption = None,
    triple_seven: TripleSevenOption = None,
    seven_double: SevenDoubleOption = None,
    seven_split: SevenSplitOption = None,
    blackjack_pays: BjPaysOption = None,
    seven_pays: SevenPaysOption = None,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
) -> None:
    """The total-dependent basic strategy for the rules and shoe, as a chart, with its exact value."""
    from baccarat_exact.blackjack.edge import basic_strategy
    from baccarat_exact.report.blackjack import strategy_report

    rules, shoe = _setup(
        base, decks, remove, counts, infinite, h17, hole_card, dealer_bj_takes, das, hit_split_aces, triple_seven,
        seven_double, seven_split, blackjack_pays, seven_pays,
    )  # fmt: skip
    strategy, value = basic_strategy(shoe, rules, exact=not use_float)
    emit(strategy_report(strategy, value, shoe, not use_float, fmt), fmt)
