"""The tables of a combined stake (``odds --stake``): its summary, the covariances of its
bets and the exact distribution of the round's net result."""

from __future__ import annotations

from baccarat_exact.combination import Combination
from baccarat_exact.report.model import Column, Table

__all__ = ["combination_tables"]


def combination_tables(combination: Combination) -> tuple[Table, Table, Table]:
    """Summary, net-result distribution and covariances of ``combination``."""
    stakes = ", ".join(f"{name} {stake}" for name, stake in combination.stakes)
    eor = combination.element_of_risk
    summary = Table(
        f"Combined stake: {stakes} (units; the net result of the whole stake)",
        (
            Column("figure"),
            Column("exact", "fraction", key="value"),
            Column("≈", "decimal", 6, key="value_float"),
        ),
        (
            ("staked", combination.staked, combination.staked),
            ("EV", combination.ev, combination.ev),
            ("house edge (per unit staked)", combination.house_edge, combination.house_edge),
            ("variance", combination.variance, combination.variance),
            ("std dev", None, combination.std_dev),
            ("P(net win)", combination.win, combination.win),
            ("P(net 0)", combination.even, combination.even),
            ("P(net loss)", combination.loss, combination.loss),
            ("element of risk", eor, eor),
        ),
    )
    distribution = Table(
        "Net result of the combined stake",
        (
            Column("net", "fraction"),
            Column("probability", "fraction"),
            Column("≈ probability", "decimal", 6, key="probability_float"),
        ),
        tuple((amount, p, p) for amount, p in combination.distribution),
    )
    names = [name for name, _ in combination.stakes]
    covariances = Table(
        "Covariances of the bets (per unit staked)",
        (Column("bet"), *(Column(f"≈ {name}", "decimal", 6, key=name) for name in names)),
        tuple((name, *row) for name, row in zip(names, combination.covariances)),
    )
    return summary, distribution, covariances
