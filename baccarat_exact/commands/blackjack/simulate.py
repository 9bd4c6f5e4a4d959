"""``blackjack simulate``: shuffled shoes dealt to the cut card, every round priced exactly
before it is dealt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.blackjack.inputs import BlackjackRequest
from baccarat_exact.errors import SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.blackjack.simulation import BlackjackSimulation, SimulationSettings
    from baccarat_exact.report.model import Report

__all__ = ["STANDARD_BURN", "BlackjackSimulateRequest", "burn_cards"]

STANDARD_BURN = 1
"""Cards a blackjack dealer burns at the start of a shoe (``--burn standard``)."""


def burn_cards(text: str) -> int:
    """The cards ``--burn`` burns: ``standard`` (one), ``none`` or a number.

    >>> burn_cards("standard"), burn_cards("none"), burn_cards(" 3 ")
    (1, 0, 3)
    >>> burn_cards("some")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --burn must be standard, none or a number of cards, got 'some'
    """
    key = text.strip().lower()
    if key == "standard":
        return STANDARD_BURN
    if key == "none":
        return 0
    if key.isascii() and key.lstrip("-").isdigit():
        if len(key) > 18:
            raise SimulationError(f"--burn must be fewer cards than the shoe holds, got {key}")
        return int(key)
    raise SimulationError(f"--burn must be standard, none or a number of cards, got {text!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackSimulateRequest(BlackjackRequest["BlackjackSimulation"]):
    """Deal shuffled shoes and price every round exactly before it is dealt.

    >>> BlackjackSimulateRequest(shoes=0)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --shoes must be between 1 and 100,000, got 0
    """

    KIND: ClassVar[str] = "blackjack simulate"
    SHOE: ClassVar[tuple[str, ...]] = ("counts",)

    shoes: int = 10
    """Shoes to deal (each round of a shoe is one exact solve); 10, the fewest that give
    an estimate its ±."""
    seed: int = 0
    """Random seed: the same seed deals the same shoes."""
    burn: str = "standard"
    """Cards burned at the start of each shoe: ``standard`` (one), ``none`` or a number."""
    cut_card: int | None = None
    """Cards behind the cut card (``None``: a quarter of the shoe)."""
    exact: bool = True
    """Exact fractions for every round's EV (false: float arithmetic, ``--float``)."""

    def check(self) -> None:
        self.settings()

    def settings(self) -> SimulationSettings:
        """The simulation's settings, checked (no shoe is dealt)."""
        from baccarat_exact.analysis.blackjack.simulation import SimulationSettings

        rules, shoe = self.game()
        return SimulationSettings(
            rules=rules,
            shoe=shoe,
            shoes=self.shoes,
            seed=self.seed,
            cut_card=self.cut_card,
            burn=burn_cards(self.burn),
            exact=self.exact,
        )

    def compute(self, context: Context) -> BlackjackSimulation:
        """Deal the shoes, here on ``context.jobs`` processes or on the Dask
        ``context.cluster`` at that address (``local:N`` or a scheduler's): the same bytes
        wherever they are dealt.

        :raises SimulationError: for an address that is not a scheduler's, ``--jobs`` with
            ``--cluster``, or the cluster extra missing.
        """
        from baccarat_exact.analysis.blackjack.simulation import simulate

        settings = self.settings()
        from baccarat_exact.analysis.cluster import cluster_address

        where = cluster_address(context.cluster, context.cluster_security)
        with context.progress(settings.shoes * settings.dealt, "dealing cards") as advance:
            return simulate(
                settings,
                jobs=context.jobs,
                progress=advance,
                cluster=where,
                worker_setup=context.worker_setup,
            )

    def report(self, result: BlackjackSimulation, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack.simulate import blackjack_simulation_report

        return blackjack_simulation_report(result)
