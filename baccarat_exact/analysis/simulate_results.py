"""The result types of baccarat's ``simulate``: the estimates per bet, strategy and count,
the by-depth table and the exact references the run started from (every estimate a
simulation estimate, :mod:`.estimates`; made by :class:`~.simulate_totals.Summary`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from baccarat_exact.analysis.estimates import Estimate

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountFit
    from baccarat_exact.analysis.dealing import SimulationSettings
    from baccarat_exact.analysis.eor import EffectOfRemoval
    from baccarat_exact.analysis.ramps import Strategy

__all__ = [
    "BetEstimates",
    "CountComparison",
    "CountSystemFits",
    "DepthRow",
    "SimulationResult",
    "StrategyEconomics",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class CountSystemFits:
    """A count a simulation plays, by name (``derived``: each bet's own; ``yours``:
    ``--count-system``; else the name given), fitted to each bet."""

    name: str
    fits: tuple[CountFit, ...]


@dataclass(frozen=True, slots=True)
class BetEstimates:
    """What the simulation estimates for one bet (every field a simulation estimate)."""

    bet: str
    mean_ev: Estimate
    """Average exact EV over all hands dealt."""
    positive_share: Estimate
    """Share of hands with EV > 0."""
    positive_mean_ev: Estimate | None
    """Average EV of those hands (None if there were none)."""
    perfect_gain: Estimate
    """Expected units won per shoe betting 1 unit exactly when EV > 0."""
    perfect_hands: Estimate
    """Hands bet per shoe that way."""
    count_gain: Estimate
    """Expected units won per shoe betting 1 unit when the count says so."""
    count_hands: Estimate
    surebet_share: Estimate
    """Share of hands on which the bet wins with probability over 90 %."""


@dataclass(frozen=True, slots=True)
class StrategyEconomics:
    """What one strategy on one bet is worth and risks (every field a simulation
    estimate ± its standard error over shoes). Wins and SDs per 100 hands and per hour
    count the hands *dealt* (the player sits out those he does not bet); the expected win
    comes from the exact EV of the hands bet, the SD from the wins as dealt. The
    standard errors of everything but the per-shoe means are by the delta method from
    the per-shoe totals."""

    bet: str
    strategy: Strategy
    count: str | None
    """The count followed (None: perfect information)."""
    won_per_shoe: Estimate
    won_as_dealt: Estimate
    """Units won per shoe as dealt: estimates what ``won_per_shoe`` does, with more noise
    (a check of the two, and of the outcomes the SD is taken from)."""
    sd_per_shoe: Estimate
    won_per_100: Estimate
    sd_per_100: Estimate
    won_per_hour: Estimate
    sd_per_hour: Estimate
    hands_bet_per_shoe: Estimate
    bet_per_hand_bet: Estimate | None
    """Average bet (units) on the hands bet (None: none was)."""
    bet_per_hand_dealt: Estimate
    n0: Estimate | None
    """Hands dealt for the expected win to reach one SD (None unless the win is positive)."""
    score: Estimate
    risk_of_ruin: Estimate
    """Diffusion formula, exp(−2·EV·B/Var) with EV and Var per shoe."""
    ruin_within: float
    """The diffusion formula's ruin within one simulated player's shoes."""
    ruined: Estimate | None
    """Share of the simulated players ruined (None where their paths are too short:
    :data:`LONG_ENOUGH`)."""
    players: int
    shoes_per_player: int


@dataclass(frozen=True, slots=True)
class CountComparison:
    """A count against the derived count on the same shoes, both bet flat (1 unit when
    the count says so)."""

    bet: str
    count: str
    correlation: float | None
    won_per_shoe: Estimate
    sd_per_shoe: Estimate
    difference: Estimate | None
    """Won per shoe less the derived count's, with the SE of the paired per-shoe
    differences (None for the derived count itself)."""
    unpaired_se: float | None
    """The SE the difference would have from two independent runs of these sizes."""


@dataclass(frozen=True, slots=True)
class DepthRow:
    """Hands that started after ``first``..``last`` cards were dealt (burn included)."""

    first: int
    last: int
    hands: int
    positive: tuple[int, ...]
    surebets: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class SimulationResult:
    """A simulation: its settings, the exact references it started from, and estimates."""

    settings: SimulationSettings
    reference: EffectOfRemoval
    """Exact: the full shoe's EVs and effects of removal (the counts come from these)."""
    fits: tuple[CountFit, ...]
    """The counting player's count for each bet."""
    bets: tuple[BetEstimates, ...]
    depth: tuple[DepthRow, ...]
    hands: int
    hands_per_shoe: Estimate
    position_hands: IntArray
    position_ev: FloatArray
    sample_depth: IntArray | None
    sample_ev: npt.NDArray[np.float32] | None
    sample_shoes: int
    systems: tuple[CountSystemFits, ...] = ()
    """Every count played (the derived counts first)."""
    economics: tuple[StrategyEconomics, ...] = ()
    """Per bet, per strategy (bet by bet)."""
    comparisons: tuple[CountComparison, ...] = ()
