"""``baccarat-exact simulate``: deal shuffled shoes, price every hand exactly, estimate."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat_exact.analysis.counting import DEFAULT_LEVEL, CountFit, parse_count
from baccarat_exact.analysis.dealing import BurnRule, SimulationSettings
from baccarat_exact.analysis.simulate import simulate
from baccarat_exact.cli.common import FormatOption, emit, handle_errors
from baccarat_exact.cli.options import (
    BetOption,
    BetsFileOption,
    CommissionOption,
    CountOption,
    CountsOption,
    DecksOption,
    GameOption,
    LevelOption,
    PlotOption,
    TiePaysOption,
    bets_from_options,
    game_rules_from_options,
    shoe_from_options,
)
from baccarat_exact.report.describe import describe_rules, describe_shoe
from baccarat_exact.report.render import Cell, Column, Format, Report, Table

if TYPE_CHECKING:
    from baccarat_exact.analysis.estimates import Estimate, SimulationResult

__all__ = ["simulate_command", "simulation_report"]


def _est(estimate: Estimate | None) -> tuple[float | None, float | None]:
    if estimate is None:
        return None, None
    return estimate.value, estimate.se


def _pct(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "percent", digits, key=f"{key}_float")


def _dec(name: str, key: str, digits: int = 4) -> Column:
    return Column(name, "decimal", digits, key=f"{key}_float")


def _bets_when(threshold: float | None, fit: CountFit) -> str:
    """The counting player's rule: a fixed threshold, or the break-even of the linear model."""
    if threshold is not None:
        return f"TC ≥ {threshold:g}"
    if fit.break_even is None:
        return "EV > 0" if fit.ev > 0 else "never"
    sign = "≥" if fit.ev_per_true_count > 0 else "≤"
    return f"TC {sign} {fit.break_even:.1f}"


def simulation_report(result: SimulationResult) -> Report:
    """Exact references and the simulation estimates, in clearly separate tables."""
    s = result.settings
    ref = result.reference
    names = [bet.name for bet in ref.bets]
    settings = Table(
        "Settings",
        (Column("setting"), Column("value")),
        (
            ("shoe", describe_shoe(s.shoe)),
            ("rules", describe_rules(s.rules)),
            ("shoes dealt", f"{s.shoes:,}"),
            ("seed", str(s.seed)),
            (
                "burn",
                "first card turned up, that many burned face down (10-values: 10)"
                if s.burn is BurnRule.standard
                else "none",
            ),
            (
                "cut card",
                f"{s.cut_card} cards from the back (penetration {1 - s.cut_card / s.shoe.cards:.1%})",
            ),
            ("hands dealt", f"{result.hands:,}"),
            (
                "hands per shoe",
                f"{result.hands_per_shoe.value:.2f} ± {result.hands_per_shoe.se or 0:.2f}",
            ),
        ),
    )
    rows: list[tuple[Cell, ...]] = []
    for b, est in enumerate(result.bets):
        rows.append(
            (
                est.bet,
                ref.evs[b],
                *_est(est.mean_ev),
                *_est(est.positive_share),
                *_est(est.positive_mean_ev),
                *_est(est.surebet_share),
            )
        )
    per_hand = Table(
        "Exact EV before every hand, averaged over the hands dealt (simulation estimate ± 1 SE)",
        (
            Column("bet"),
            Column("full-shoe EV (exact)", "percent", 4, key="full_shoe_ev"),
            _pct("mean EV", "mean_ev"),
            _pct("± SE", "mean_ev_se"),
            _pct("EV > 0", "positive_share", 3),
            _pct("± SE", "positive_share_se", 3),
            _pct("mean EV when > 0", "positive_mean_ev"),
            _pct("± SE", "positive_mean_ev_se"),
            _pct("surebet", "surebet_share", 3),
            _pct("± SE", "surebet_share_se", 3),
        ),
        tuple(rows),
    )
    gain_rows: list[tuple[Cell, ...]] = []
    for est, fit in zip(result.bets, result.fits):
        gain_rows.append(
            (
                est.bet,
                *_est(est.perfect_gain),
                est.perfect_hands.value,
                fit.count.label(),
                _bets_when(s.threshold, fit),
                *_est(est.count_gain),
                est.count_hands.value,
            )
        )
    gains = Table(
        "Betting 1 unit only when favourable: expected units won per shoe (simulation estimate ± 1 SE)",
        (
            Column("bet"),
            _dec("perfect info", "perfect_gain", 5),
            _dec("± SE", "perfect_gain_se", 5),
            _dec("hands bet", "perfect_hands", 3),
            Column("count tags", key="count"),
            Column("bets when", key="count_bets_when"),
            _dec("count gain", "count_gain", 5),
            _dec("± SE", "count_gain_se", 5),
            _dec("hands bet", "count_hands", 3),
        ),
        tuple(gain_rows),
    )
    depth_rows = tuple(
        (
            f"{row.first}–{row.last}",
            row.hands,
            *(n / row.hands if row.hands else None for n in row.positive),
            *(n / row.hands if row.hands else None for n in row.surebets),
        )
        for row in result.depth
    )
    depth = Table(
        "By depth: share of hands with EV > 0 and surebets (simulation estimate)",
        (
            Column("cards dealt", key="cards_dealt"),
            Column("hands", "int"),
            *(_pct(f"{n} EV>0", f"{n}_positive", 3) for n in names),
            *(_pct(f"{n} sure", f"{n}_surebet", 3) for n in names),
        ),
        depth_rows,
    )
    return Report(
        title=f"Shoe simulation: {describe_shoe(s.shoe)}; {describe_rules(s.rules)}",
        tables=(settings, per_hand, gains, depth),
        notes=(
            "Every hand's EV is exact, for the cards the table has not seen (burned cards stay unseen);",
            "averages, shares and gains over shoes are simulation estimates, ± one standard error over shoes.",
            "bets when: the count player's rule on the true count TC (running count per 52 unseen cards); by",
            "default each bet's derived count and its break-even TC. surebet: wins with probability over 90 %.",
        ),
    )


@contextmanager
def _progress(shoes: int, show: bool) -> Iterator[Callable[[int], None] | None]:
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("dealing shoes"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("shoes", total=shoes)
        yield lambda done: bar.advance(task, done)


@handle_errors
def simulate_command(
    decks: DecksOption = None,
    counts: CountsOption = None,
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
    game: GameOption = "punto-banco",
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
    bet: BetOption = None,
    bets_file: BetsFileOption = None,
    count: CountOption = None,
    level: LevelOption = DEFAULT_LEVEL,
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
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    plot: PlotOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """Deal shuffled shoes and compute the exact EV of every bet before every hand.

    Reports, as simulation estimates with standard errors: how often each bet has a
    positive EV, what betting only then is worth per shoe (perfect information, and
    a card count), and how often a bet is a surebet, by depth in the shoe.
    """
    rules = game_rules_from_options(game, commission, tie_pays)
    settings = SimulationSettings(
        shoe=shoe_from_options(decks, "", counts, False),
        rules=rules,
        bets=bets_from_options(rules, bet, bets_file, game),
        shoes=shoes,
        seed=seed,
        burn=burn,
        cut_card=cut_card,
        count=parse_count(count) if count is not None else None,
        level=level,
        threshold=threshold,
    )
    if plot is not None:
        from baccarat_exact.report.plots import check_target, require_matplotlib

        check_target(plot)
        require_matplotlib()
    show = not quiet and sys.stderr.isatty()
    with _progress(shoes, show) as progress:
        result = simulate(settings, jobs=jobs, progress=progress, keep_hands=plot is not None)
    if plot is not None:
        from baccarat_exact.report.plots import plot_simulation

        plot_simulation(result, plot)
    emit(simulation_report(result), fmt)
