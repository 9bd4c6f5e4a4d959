"""Plots (the optional ``plot`` extra): bar charts of the effects of removal, and a
simulation's EVs against cards dealt. matplotlib is imported only when a plot
is asked for; without it the error says how to install it.
"""

from __future__ import annotations

import math
import os
from fractions import Fraction
from typing import Any

import numpy as np

from baccarat_exact.analysis.eor import EffectOfRemoval
from baccarat_exact.analysis.simulate_results import SimulationResult
from baccarat_exact.errors import PlotError, WriteError
from baccarat_exact.model.exact import decimal_text, to_float
from baccarat_exact.report.describe import describe_rules, describe_shoe

__all__ = ["check_target", "plot_effects", "plot_simulation", "require_matplotlib"]

INSTALL_HINT = (
    "make plot (from a clone), or .venv/bin/pip install -e '.[plot]' "
    "(an installed package: pip install 'baccarat-exact[plot]')"
)


def require_matplotlib() -> Any:
    """matplotlib's pyplot on the non-interactive Agg backend, or a one-line PlotError."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotError(f"plots need matplotlib, which is not installed: {INSTALL_HINT}") from None
    return plt


def check_target(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise PlotError(f"cannot write the plot {path!r}: folder {folder!r} does not exist")
    if not path.lower().endswith(".png"):
        raise PlotError(
            f"the plot is written as PNG: give a file name ending in .png, got {path!r}"
        )


def _save(plt: Any, figure: Any, path: str) -> None:
    try:
        figure.savefig(path, dpi=110, metadata={"Software": None})
    except OSError as error:
        raise WriteError(f"cannot write the plot {path!r}: {error.strerror or error}") from None
    finally:
        plt.close(figure)


def _percent(value: Fraction) -> float:
    """``value`` in % as a bar's height; NaN (no bar) beyond the range of a float."""
    rounded = to_float(value * 100)
    return math.nan if rounded is None else rounded


def plot_effects(eor: EffectOfRemoval, path: str) -> None:
    """One bar chart per bet: the effect on its EV of removing one card, in % of a unit."""
    check_target(path)
    plt = require_matplotlib()
    rows = [row for row in eor.rows if row.effects is not None]
    labels = [row.label.replace(" ", "") if len(row.ranks) > 1 else row.label for row in rows]
    figure, axes = plt.subplots(
        len(eor.bets), 1, figsize=(7, 2.2 * len(eor.bets) + 0.6), squeeze=False
    )
    for b, bet in enumerate(eor.bets):
        ax = axes[b][0]
        values = [_percent(row.effects[b]) for row in rows if row.effects is not None]
        colours = ["tab:green" if v > 0 else "tab:red" for v in values]
        ax.bar(labels, values, color=colours)
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_ylabel("EV change (% of a unit)")
        ax.set_title(f"{bet.name}: EV {decimal_text(eor.evs[b], 4, 100)}%", fontsize=10)
    axes[-1][0].set_xlabel("rank removed (one card)")
    figure.suptitle(
        f"Effect of removing one card: {describe_shoe(eor.shoe)}\n{describe_rules(eor.rules)}",
        fontsize=10,
    )
    figure.tight_layout(rect=(0, 0, 1, 0.98))
    _save(plt, figure, path)


def plot_simulation(result: SimulationResult, path: str) -> None:
    """Per bet: exact EV of each hand against cards dealt (with the mean), and its histogram."""
    check_target(path)
    plt = require_matplotlib()
    bets = result.reference.bets
    figure, axes = plt.subplots(len(bets), 2, figsize=(10, 2.6 * len(bets) + 0.8), squeeze=False)
    dealt = np.nonzero(result.position_hands)[0]
    for b, bet in enumerate(bets):
        left, right = axes[b][0], axes[b][1]
        if result.sample_depth is not None and result.sample_ev is not None:
            left.scatter(
                result.sample_depth, result.sample_ev[:, b] * 100, s=1, alpha=0.15, color="tab:blue"
            )
            right.hist(result.sample_ev[:, b] * 100, bins=80, color="tab:blue")
        mean = result.position_ev[dealt, b] / result.position_hands[dealt]
        left.plot(dealt, mean * 100, color="black", linewidth=1, label="mean over all shoes")
        for ax in (left,):
            ax.axhline(0, color="tab:red", linewidth=0.6)
        right.axvline(0, color="tab:red", linewidth=0.6)
        right.set_yscale("log")
        left.set_title(f"{bet.name}: exact EV before each hand (%)", fontsize=10)
        right.set_title(f"{bet.name}: hands by exact EV (%)", fontsize=10)
        left.set_xlabel("cards dealt (burn included)")
        left.set_ylabel("exact EV (% of a unit)")
        right.set_xlabel("exact EV (% of a unit)")
        right.set_ylabel("hands (log scale)")
        left.legend(loc="upper left", fontsize=8)
    shoes = result.settings.shoes
    sample = result.sample_shoes
    note = f"; dots and histograms: {sample:,} shoes" if sample < shoes else ""
    settings = result.settings
    figure.suptitle(
        f"Simulation estimate: {shoes:,} shoes of {describe_shoe(settings.shoe)}, "
        f"seed {settings.seed}{note}\n{describe_rules(settings.rules)}",
        fontsize=10,
    )
    figure.tight_layout(rect=(0, 0, 1, 0.98))
    _save(plt, figure, path)
