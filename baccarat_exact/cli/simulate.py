"""``baccarat-exact simulate``: deal shuffled shoes, price every hand exactly, estimate."""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.analysis.cluster import parse_cluster_address, require_distributed
from baccarat_exact.analysis.dealing import BurnRule, SimulationSettings
from baccarat_exact.analysis.simulate import simulate
from baccarat_exact.cli.common import FormatOption, TableOption, emit
from baccarat_exact.cli.options import BETS, COUNTING, RULES, SHOE, Counting, PlotOption, command
from baccarat_exact.cli.progress import progress, shown
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.model import Format
from baccarat_exact.report.simulate import simulation_report
from baccarat_exact.tuning import for_batches, keep_freed_memory

__all__ = ["simulate_command"]


@command(shoe=SHOE.without("remove", "infinite"), rules=RULES, bets=BETS, counting=COUNTING)
def simulate_command(
    shoe: Shoe,
    rules: Rules,
    bets: tuple[Bet, ...],
    counting: Counting,
    shoes: Annotated[int, typer.Option("--shoes", "-n", help="Shoes to deal.")] = 1000,
    seed: Annotated[
        int, typer.Option("--seed", help="Random seed: the same seed gives the same bytes.")
    ] = 0,
    burn: Annotated[
        BurnRule, typer.Option("--burn", help="Burn rule at the start of each shoe.")
    ] = BurnRule.standard,
    cut_card: Annotated[
        int,
        typer.Option(
            "--cut-card", help="Cards behind the cut card (penetration = 1 − this / shoe)."
        ),
    ] = 16,
    threshold: Annotated[
        float | None,
        typer.Option(
            "--threshold",
            help="Count player bets at true count ≥ this (default: each bet's break-even true count).",
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=1, help="Processes (results do not depend on it).")
    ] = 1,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            metavar="ADDRESS",
            help="Run on a Dask cluster: a scheduler's address (tcp://host:8786), or local:N "
            "for N worker processes here (results do not depend on it; needs the extra "
            "'cluster').",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    plot: PlotOption = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Deal shuffled shoes and compute the exact EV of every bet before every hand.

    Reports, as simulation estimates with standard errors: how often each bet has a
    positive EV, what betting only then is worth per shoe (perfect information, and
    a card count), and how often a bet is a surebet, by depth in the shoe.
    """
    where = None
    if cluster is not None:
        where = parse_cluster_address(cluster)
        require_distributed()
    settings = SimulationSettings(
        shoe=shoe,
        rules=rules,
        bets=bets,
        shoes=shoes,
        seed=seed,
        burn=burn,
        cut_card=cut_card,
        count=counting.own,
        level=counting.level,
        threshold=threshold,
    )
    if plot is not None:
        from baccarat_exact.report.plots import check_target, require_matplotlib

        check_target(plot)
        require_matplotlib()
    with for_batches(), progress(shoes, "dealing shoes", shown(quiet)) as advance:
        result = simulate(
            settings,
            jobs=jobs,
            progress=advance,
            keep_hands=plot is not None,
            cluster=where,
            worker_setup=keep_freed_memory,  # the workers' processes tuned as this one is
        )
    if plot is not None:
        from baccarat_exact.report.plots import plot_simulation

        plot_simulation(result, plot)
    emit(simulation_report(result), fmt, table)
