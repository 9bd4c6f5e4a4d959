"""``baccarat-exact simulate``: deal shuffled shoes, price every hand exactly, estimate;
or, with ``--fast``, deal, count, bet and settle at compiled speed."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.cli.counting import COUNTING
from baccarat_exact.cli.output import echo
from baccarat_exact.cli.shared import (
    BETS,
    RULES,
    SHOE,
    BankrollOption,
    BurnOption,
    ChipsOption,
    ClusterOption,
    ClusterSecurityOption,
    CutCardOption,
    FormatOption,
    GoalOption,
    HandsPerHourOption,
    JobsOption,
    KellyOption,
    MaxBetOption,
    OptimalRorOption,
    PlotOption,
    QuietOption,
    RampMinOption,
    RampOption,
    SeedOption,
    ShoesOption,
    TableOption,
    TripHoursOption,
    View,
    WongInOption,
    WongOutOption,
    answer,
    command,
)
from baccarat_exact.commands.simulate import SimulateRequest
from baccarat_exact.report.model import Format

__all__ = ["simulate_command"]

ThresholdOption = Annotated[
    str | None,
    typer.Option(
        "--threshold",
        metavar="TC",
        help="The count player bets at a true count of at least this, e.g. 2 or 1.5 "
        "(default: each bet's break-even true count).",
        show_default=False,
    ),
]
CompareCountOption = Annotated[
    list[str] | None,
    typer.Option(
        "--compare-count",
        metavar="NAME=TAGS",
        help="Also play this count on the same shoes and compare it with the derived "
        'count: NAME=TAGS ("mine=A:1,4:-1,8:2") or, at baccarat, a published count: '
        "dragon-7, dragon-7-how, panda-8, panda-8-how (docs/card-counting.md); repeatable.",
        show_default=False,
    ),
]
FastOption = Annotated[
    bool,
    typer.Option(
        "--fast",
        help="Deal, count, bet and settle only, without pricing any hand (baccarat: at "
        "compiled speed, tens of millions of hands a second): each bet paid from its pay "
        "table, the economics of every count bet flat and with --ramp (one ramp, or per "
        "bet: dragon-7=4:1,6:2;panda-8=3:1) and wonging. No exact EV per hand: no "
        "perfect-information strategy, depth table, --kelly or --plot.",
    ),
]


@command(SHOE.without("remove", "infinite"), RULES, BETS, COUNTING)
def simulate_command(
    ctx: typer.Context,
    shoes: ShoesOption = 1000,
    seed: SeedOption = 0,
    burn: BurnOption = "standard",
    cut_card: CutCardOption = None,
    threshold: ThresholdOption = None,
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
    plot: PlotOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Deal shuffled shoes and compute the exact EV of every bet before every hand.

    Reports, as simulation estimates with standard errors: how often each bet has a
    positive EV, what betting only then is worth per shoe (perfect information, and
    a card count), and how often a bet is a surebet, by depth in the shoe; the
    economics of each strategy (win and SD per shoe, per 100 hands, per hour, N0,
    SCORE, risk of ruin), with bet ramps, Kelly ramps and counts compared on the same
    shoes. A run estimated past a minute says so first; one past a day is refused.

    --fast deals, counts, bets and settles without pricing any hand, at compiled speed:
    the economics of each count's flat bet and ramp from the wins as dealt.
    """
    request = SimulateRequest(
        shoe=SHOE.value(ctx),
        rules=RULES.value(ctx),
        bets=BETS.value(ctx),
        counting=COUNTING.value(ctx),
        shoes=shoes,
        seed=seed,
        burn=burn,
        cut_card=cut_card,
        threshold=threshold,
        compare_counts=tuple(compare_count or ()),
        ramp=ramp,
        ramp_min=ramp_min,
        wong_out=wong_out,
        kelly=kelly,
        max_bet=max_bet,
        bankroll=bankroll,
        hands_per_hour=hands_per_hour,
        fast=fast,
        wong_in=wong_in,
        optimal_ror=optimal_ror,
        chips=chips,
        trip_hours=trip_hours,
        goal=goal,
    )
    view = View(fmt, table, plot=plot)
    view.check()  # a plot that cannot be drawn is refused before the note of the time
    note = request.long_run(jobs, cluster)
    if note is not None:
        echo(f"note: {note}", err=True)
    answer(
        request, view, quiet=quiet, jobs=jobs, cluster=cluster, cluster_security=cluster_security
    )
