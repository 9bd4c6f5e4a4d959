"""One shoe's pair states summed in compiled 128-bit integers (``_sixcard.pair_states``)
against the Python integers, at and past the bounds that make them exact."""

from __future__ import annotations

import pytest

from baccarat_exact.engine import pairs
from baccarat_exact.engine.counting import six_card_total
from baccarat_exact.engine.pairs import pair_state_counts, pair_terms, shoe_pair_states
from baccarat_exact.model.shoe import Shoe

_RANKS = "A 2 3 4 5 6 7 8 9 T J Q K"


@pytest.fixture(params=[True, False], ids=["compiled", "python"])
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test with the compiled pair states, then without them."""
    monkeypatch.setattr(pairs, "NATIVE", request.param)
    return bool(request.param)


def test_the_compiled_pair_states_are_built() -> None:
    """The install builds them where it builds ``_sixcard`` (with 128-bit integers)."""
    assert pairs.NATIVE, "baccarat_exact.engine._sixcard.pair_states was not built (setup.py)"


def _uneven_suits() -> Shoe:
    """728 cards whose ranks start from different numbers of cards, one of each rank gone
    with its suit unknown: the ranks' denominators have a common multiple past 2**32."""
    rows = [[5 + r, 7 + 2 * r, 3 + r, 11 + r] for r in range(13)]
    return Shoe.from_suits(rows).remove(_RANKS)


@pytest.mark.parametrize(
    "shoe",
    [
        Shoe.from_decks(8).remove("A 2x3 3x5 4x4 5x6 6x2 7x7 8x5 9x9 Tx10 Jx2 Qx3 Kx3"),
        Shoe.from_decks(1).remove("As Kh 9d"),  # every suit known: scale 1
        Shoe.from_decks(1).remove("Ax4 2x4 3x4 4x4 5x4 6x4 7x4 8x4 9x4 Tx4 Jx2 Qx2 Kx2"),  # 6
        Shoe.from_decks(28).remove("A 2 3 4 5 6 7 8"),  # 1448 cards, the most compiled
        Shoe.from_decks(28).remove("A 2 3 4 5 6 7"),  # 1449: Python integers
        _uneven_suits(),  # scale past 2**32: Python integers
    ],
    ids=["8 decks", "suits known", "6 cards", "1448 cards", "1449 cards", "large scale"],
)
def test_pair_states_are_those_of_the_pair_terms(shoe: Shoe, native: bool) -> None:
    from baccarat_exact.engine._sixcard import pair_states

    parts, scale = pairs._rank_parts(shoe)
    compiled = pair_states(parts, scale, shoe.cards)
    assert (compiled is None) == (shoe.cards > 1448 or scale >= 2**32)
    terms = pair_terms(shoe)
    assert shoe_pair_states(shoe) == (*pair_state_counts(terms), terms.weight)


def test_the_bounds_decide_which_integers_sum() -> None:
    """The compiled sum answers within N <= 1448 and scale < 2**32 and declines past them,
    or where a term is past int64 (the caller then sums Python integers)."""
    from baccarat_exact.engine._sixcard import pair_states

    parts, scale = pairs._rank_parts(Shoe.from_decks(8).remove("Ax2 K"))
    assert pair_states(parts, scale, 413) is not None
    assert pair_states(parts, scale, 1449) is None
    assert pair_states(parts, scale, 5) is None
    assert pair_states(parts, 2**32, 413) is None
    big = [(d, (terms[0], 2**63, *terms[2:])) for d, terms in parts]
    assert pair_states(big, scale, 413) is None
    with pytest.raises(ValueError, match="divide"):
        pair_states([(7, (1, 0, 0, 0, 0, 0))], scale, 413)
    with pytest.raises(TypeError, match="six terms"):
        pair_states([(1, (1, 0, 0))], scale, 413)
    with pytest.raises(TypeError):
        pair_states([(1, (1, 0, 0, 0, 0, "0"))], scale, 413)


@pytest.mark.parametrize("scale", [2**32 - 1, 2**31 + 1, 3])
def test_the_largest_counts_are_exact(scale: int) -> None:
    """At the bounds' edge (1448 cards, a scale just under 2**32) the counts reach 2**125:
    the 128-bit sums, with their high words, give the Python integers."""
    from baccarat_exact.engine._sixcard import pair_states

    shoe = Shoe.from_decks(28).remove("Ks Kh Kd Kc Qs Qh Qd Qc")
    terms = pair_terms(shoe)
    assert shoe.cards == 1448 and terms.scale == 1
    # every rank's terms over a denominator of 1, scaled by the whole scale
    parts = [(1, rank) for rank in terms.ranks]
    compiled = pair_states(parts, scale, shoe.cards)
    exact, total = pairs._state_counts(parts, scale, pairs._deal_sizes(shoe.cards, False))
    assert compiled == exact
    assert total == six_card_total(1448) * scale * scale == sum(exact)
    if scale > 2**31:
        assert max(exact) > 2**124
