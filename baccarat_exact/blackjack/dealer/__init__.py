"""The dealer's final hand, counted exactly by multisets of drawn cards.

The dealer's draws after his up card form a sequence that stops as soon as his
total reaches 17 (or 18 when he hits soft 17) or busts. Every ordering of the
same cards is equally likely, and the final total depends only on which cards
were drawn, so the sequences are grouped by their *multiset*: a multiset ``m``
of length ``l`` that ``k`` valid orderings reach has probability

    k · Π_v ff(n_v, m_v) / ff(N, l)

for a shoe of ``n_v`` cards of value ``v`` and ``N`` in all (``ff`` the falling
factorial) — the same counting the baccarat engine uses. The table of multisets
is built once per up card. :func:`dealer_batch` is the one computation of the sums, for
one shoe less many removals at once (one removal: one shoe), exact or in float; the
distribution, the chart, the state graph and the split round all call it. It takes the
compiled step in ``_dealer.c`` when the package was built with it (float, and exact behind
the 128-bit bound that step proves), else numpy; both give the same numbers
(tests/test_dealer_native.py).

The package: :mod:`.tables` (the multisets per up card), :mod:`.plan` (their contraction's
nodes), :mod:`.batch` (the one computation), :mod:`.native` (the compiled step's
plumbing), :mod:`.chart` (the distribution and chart the ``dealer`` command shows).
"""

from __future__ import annotations

from baccarat_exact.blackjack.dealer.batch import dealer_batch, dealer_sums
from baccarat_exact.blackjack.dealer.chart import (
    DealerChart,
    DealerDistribution,
    dealer_chart,
    dealer_distribution,
    require_dealer_depth,
)
from baccarat_exact.blackjack.dealer.tables import (
    DealerTable,
    dealer_table,
    falling,
    hits_soft_17_matters,
    restricted_table,
)
from baccarat_exact.blackjack.round.dealer import BLACKJACK, BUST, OUTCOMES

__all__ = [
    "BLACKJACK",
    "BUST",
    "OUTCOMES",
    "DealerChart",
    "DealerDistribution",
    "DealerTable",
    "dealer_batch",
    "dealer_chart",
    "dealer_distribution",
    "dealer_sums",
    "dealer_table",
    "falling",
    "hits_soft_17_matters",
    "require_dealer_depth",
    "restricted_table",
]
