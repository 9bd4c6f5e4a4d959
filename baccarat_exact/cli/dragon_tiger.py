"""``baccarat-exact dragon-tiger …``: Dragon Tiger, exactly (a thin typer layer).

Mounted by the main CLI as a group (``GROUPS`` in :mod:`baccarat_exact.cli.root`). Each
command builds its request (:mod:`baccarat_exact.commands.dragon_tiger`) from the shoe
options every baccarat command takes (:data:`~baccarat_exact.cli.shared.SHOE`), the
game's pays (:data:`DT_RULES`), the bets named and its own options, and answers it.
"""

from __future__ import annotations

from typing import Annotated, TypeVar

import typer

from baccarat_exact.cli.output import echo
from baccarat_exact.cli.shared import (
    SHOE,
    BankrollOption,
    BurnOption,
    ChipsOption,
    ClusterOption,
    ClusterSecurityOption,
    CountSystemOption,
    CutCardOption,
    FormatOption,
    GoalOption,
    HandsPerHourOption,
    JobsOption,
    KellyOption,
    LevelOption,
    MaxBetOption,
    OptimalRorOption,
    OptionGroup,
    QuietOption,
    RampMinOption,
    RampOption,
    SeedOption,
    ShoesOption,
    TableOption,
    TiePaysOption,
    TripHoursOption,
    View,
    WongInOption,
    WongOutOption,
    answer,
    grouped,
)
from baccarat_exact.cli.simulate import CompareCountOption, FastOption, ThresholdOption
from baccarat_exact.commands.dragon_tiger import (
    DragonTigerEorRequest,
    DragonTigerOddsRequest,
    DragonTigerRulesInput,
    DragonTigerSimulateRequest,
)
from baccarat_exact.report.model import Format

__all__ = ["DT_RULES", "app"]

app = typer.Typer(
    name="dragon-tiger",
    help="Dragon Tiger, exactly: one card each to Dragon and Tiger, the higher rank wins.",
    no_args_is_help=True,
)

SuitedTiePaysOption = Annotated[
    str,
    typer.Option("--suited-tie-pays", help="What the Suited Tie (same rank and suit) pays to 1."),
]
TieLosesOption = Annotated[
    str,
    typer.Option(
        "--tie-loses", help="The share of a Dragon or Tiger bet lost on a tie (1/2; 0 for a push)."
    ),
]


def _rules(
    tie_pays: TiePaysOption = None,
    suited_tie_pays: SuitedTiePaysOption = "50",
    tie_loses: TieLosesOption = "1/2",
) -> DragonTigerRulesInput:
    return DragonTigerRulesInput(
        tie_pays="8" if tie_pays is None else tie_pays,
        suited_tie_pays=suited_tie_pays,
        tie_loses=tie_loses,
    )


DT_RULES = OptionGroup("rules", _rules)
"""``--tie-pays --suited-tie-pays --tie-loses`` → :class:`DragonTigerRulesInput`."""

BetsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--only",
        metavar="BET",
        help="Price only this bet (repeatable): dragon, tiger, tie, suited-tie, or dragon-/"
        "tiger- big, small, odd, even, red, black, spades, hearts, diamonds, clubs. "
        "Default: every bet.",
        show_default=False,
    ),
]


@app.command("odds", cls=grouped(SHOE, DT_RULES))
def odds_command(
    ctx: typer.Context,
    bet: BetsOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact odds of every bet on any shoe: P(win), EV, house edge and pay lines.

    Suits are priced exactly where cards of unknown suit have left the shoe (the
    expectation over every way they can have fallen); on a shoe given by rank counts,
    the bets on suits are left out unless named.
    """
    request = DragonTigerOddsRequest(
        shoe=SHOE.value(ctx), rules=DT_RULES.value(ctx), bets=tuple(bet or ())
    )
    answer(request, View(fmt, table))


@app.command("eor", cls=grouped(SHOE.without("infinite"), DT_RULES))
def eor_command(
    ctx: typer.Context,
    bet: BetsOption = None,
    level: LevelOption = 2,
    count_system: CountSystemOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Effect of removal: the exact change of each bet's EV when one card of each rank
    leaves the shoe, and the balanced count (a tag per rank) it suggests for each bet."""
    request = DragonTigerEorRequest(
        shoe=SHOE.value(ctx),
        rules=DT_RULES.value(ctx),
        bets=tuple(bet or ()),
        level=level,
        count_tags=count_system,
    )
    answer(request, View(fmt, table))


@app.command("simulate", cls=grouped(SHOE.without("remove", "infinite"), DT_RULES))
def simulate_command(
    ctx: typer.Context,
    bet: BetsOption = None,
    shoes: ShoesOption = 100,
    seed: SeedOption = 0,
    burn: BurnOption = "standard",
    cut_card: CutCardOption = None,
    threshold: ThresholdOption = None,
    level: LevelOption = 2,
    count_system: CountSystemOption = None,
    compare_count: CompareCountOption = None,
    ramp: RampOption = None,
    ramp_min: RampMinOption = 0,
    wong_out: WongOutOption = None,
    wong_in: WongInOption = None,
    fast: FastOption = False,
    kelly: KellyOption = None,
    max_bet: MaxBetOption = None,
    bankroll: BankrollOption = "1000",
    hands_per_hour: HandsPerHourOption = 70,
    optimal_ror: OptimalRorOption = None,
    chips: ChipsOption = None,
    trip_hours: TripHoursOption = None,
    goal: GoalOption = None,
    jobs: JobsOption = 1,
    cluster: ClusterOption = None,
    cluster_security: ClusterSecurityOption = None,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Deal shuffled shoes to the cut card and compute every bet's exact EV before every
    hand: how often it is positive, what betting only then is worth (knowing every card,
    or by the bet's count at its trigger true count), per 100 hands; and how often it is
    positive by the share of the shoe dealt.

    Any betting option (--ramp, --kelly, --optimal-ror, --compare-count, --bankroll,
    --hands-per-hour, --trip-hours, --goal, --fast) adds baccarat simulate's economics of every
    strategy (perfect information, each count flat, with ramps, Kelly and optimal ramps):
    win and SD per shoe, per 100 hands and per hour, N0, SCORE, risk of ruin, planning.

    --fast deals the same shoes, counts, bets and settles without pricing any hand (the
    win as dealt; each count flat and with --ramp, --wong-in/--wong-out), many times as
    fast. A run estimated past a minute says so first; one past a day is refused.
    """
    request = DragonTigerSimulateRequest(
        shoe=SHOE.value(ctx),
        rules=DT_RULES.value(ctx),
        bets=tuple(bet or ()),
        shoes=shoes,
        seed=seed,
        burn=burn,
        cut_card=cut_card,
        threshold=threshold,
        level=level,
        count_tags=count_system,
        compare_counts=tuple(compare_count or ()),
        ramp=ramp,
        ramp_min=ramp_min,
        wong_out=wong_out,
        kelly=kelly,
        max_bet=max_bet,
        bankroll=_given(ctx, "bankroll", bankroll),
        hands_per_hour=_given(ctx, "hands_per_hour", hands_per_hour),
        optimal_ror=optimal_ror,
        chips=chips,
        trip_hours=trip_hours,
        goal=goal,
        fast=fast,
        wong_in=wong_in,
    )
    note = request.long_run(jobs, cluster)
    if note is not None:
        echo(f"note: {note}", err=True)
    answer(
        request,
        View(fmt, table),
        quiet=quiet,
        jobs=jobs,
        cluster=cluster,
        cluster_security=cluster_security,
    )


T = TypeVar("T")


def _given(ctx: typer.Context, name: str, value: T) -> T | None:
    """``value`` where the option was given (None where it took its default: the run
    then reports no economics unless another betting option asks)."""
    source = ctx.get_parameter_source(name)  # typer's own click: its enum, by name
    return None if source is None or source.name in ("DEFAULT", "DEFAULT_MAP") else value
