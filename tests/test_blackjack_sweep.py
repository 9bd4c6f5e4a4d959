"""The compiled float sweep (``_dealer.sweep_float``) against the numpy sweep it stands in for:
the same bits for every state of every up card's graph, and the input it refuses."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from baccarat_exact.blackjack import graph as graph_module
from baccarat_exact.blackjack.edge import solvers
from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.rules import BlackjackRules, Surrender
from baccarat_exact.model.shoe import Shoe

compiled = pytest.mark.skipif(
    graph_module._native_sweep is None, reason="the compiled sweep is not built"
)


def _optimal(solver: Any, native: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every state's optimal value, by the compiled sweep or by numpy's alone."""
    with monkeypatch.context() as patch:
        if not native:
            patch.setattr(graph_module, "_native_sweep", None)
        graph = StateGraph(solver)
        return graph.optimal_array(), dict(graph.unsplit)


@compiled
@pytest.mark.parametrize(
    "rules",
    [
        BlackjackRules(decks=1),
        BlackjackRules(decks=1, hole_card=True, surrender=Surrender.LATE, dealer_hits_soft_17=True),
        BlackjackRules(decks=1, triple_seven=False, double_after_split=False, hit_split_aces=False),
    ],
    ids=["default", "peek-surrender-h17", "no-777-no-das"],
)
def test_the_compiled_sweep_gives_numpys_bits(
    rules: BlackjackRules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every state's float value and every pair's unsplit value are the numpy sweep's to the
    bit (the compiled sweep repeats its roundings: a run's sum as np.add.reduceat takes it,
    each maximum as np.maximum), on one deck's shoe less a few cards, every up card."""
    shoe = Shoe.from_counts([3, 4, 4, 2, 4, 4, 3, 4, 4, 4, 4, 3, 4])
    for _, solver in solvers(shoe, rules, exact=False):
        native, native_unsplit = _optimal(solver, True, monkeypatch)
        plain, plain_unsplit = _optimal(solver, False, monkeypatch)
        assert native.dtype == plain.dtype == np.float64
        assert native.tobytes() == plain.tobytes(), solver.up
        assert native_unsplit == plain_unsplit


@compiled
def test_the_compiled_sweep_refuses_what_it_cannot_sweep() -> None:
    """A target that is not a later state (the sweep would read a value not yet made), a run
    past the pairs, a range past the states or a wrong type: ValueError, nothing written."""
    sweep = graph_module._native_sweep
    assert sweep is not None
    n = 3
    floats = [np.zeros(n) for _ in range(4)]  # bust_part, stand, doubling, surrendering
    plays, fixed = np.ones(n, dtype=np.bool_), np.zeros(n)

    def call(targets: list[int], counts: list[int], values: Any, lo: int = 0, hi: int = n) -> None:
        sweep(
            lo,
            hi,
            np.ones(len(targets)),
            np.array(targets, dtype=np.int64),
            np.array(counts, dtype=np.int64),
            np.array([0, 1, 1], dtype=np.int64),
            *floats,
            plays,
            fixed,
            values,
        )

    values = np.full(n, 7.0)
    call([1], [1, 0, 0], values)  # state 0 hits to state 1: accepted, every state swept
    assert values.tolist() == [0.0, 0.0, 0.0]
    refused = [
        ("later states", ([0], [1, 0, 0]), {}),
        ("runs within the pairs", ([1], [2, 0, 0]), {}),
        ("a range of the states", ([1], [1, 0, 0]), {"hi": n + 1}),
    ]
    for message, (targets, counts), bounds in refused:
        values = np.full(n, 7.0)
        with pytest.raises(ValueError, match=message):
            call(targets, counts, values, **bounds)
        assert values.tolist() == [7.0] * n  # nothing written
    with pytest.raises(ValueError, match="weights"):
        sweep(
            0,
            n,
            np.ones(1, dtype=np.float32),
            *([np.zeros(1, np.int64)] * 3),
            *floats,
            plays,
            fixed,
            np.zeros(n),
        )


def test_the_bust_parts_row_sums_are_numpys() -> None:
    """The float bust part sums each state's busting chances by columns, in numpy's pairwise
    order for ten: the bits of ``sum(axis=1)`` (zeros where a card does not bust)."""
    from baccarat_exact.blackjack.graph_ends import _row_sums

    rng = np.random.default_rng(38)
    chances = rng.random((300, 10)) / rng.integers(1, 400, size=(300, 10))
    chances[rng.random((300, 10)) < 0.4] = 0.0
    assert _row_sums(chances).tobytes() == chances.sum(axis=1).tobytes()
    assert (_row_sums(chances) != chances[:, ::-1].cumsum(axis=1)[:, -1]).any()  # order matters
