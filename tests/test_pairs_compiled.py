"""One shoe's pair states in compiled 128-bit integers (``_sixcard.shoe_pair_states``)
against the Python integers, at and past the bounds that make them exact."""

from __future__ import annotations

import random

import pytest

from baccarat_exact.engine import pairs
from baccarat_exact.engine.pairs import pair_state_counts, pair_terms, shoe_pair_states
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.shoe import Shoe

_RANKS = "A 2 3 4 5 6 7 8 9 T J Q K"


@pytest.fixture(params=[True, False], ids=["compiled", "python"])
def native(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test with the compiled pair states, then without them."""
    monkeypatch.setattr(pairs, "NATIVE", request.param)
    return bool(request.param)


def test_the_compiled_pair_states_are_built() -> None:
    """The install builds them where it builds ``_sixcard`` (with 128-bit integers)."""
    assert pairs.NATIVE, "baccarat_exact.engine._sixcard.shoe_pair_states was not built"


def _uneven(rows: dict[int, list[int]], removed: str) -> Shoe:
    """Seven decks' suits but the ranks of ``rows``, less ``removed`` of unknown suit."""
    return Shoe.from_suits([rows.get(r, [28, 28, 28, 28]) for r in range(13)]).remove(removed)


_UNDER = _uneven({0: [14, 13, 13, 13], 1: [28, 28, 27, 27]}, "Ax4 2x5 5 6 8 9 J Q")
"""A scale of 2,889,799,825: just under 2**32."""
_OVER = _uneven(
    {0: [10, 10, 9, 9], 1: [25, 24, 24, 24], 2: [14, 13, 13, 13]}, "Ax4 2x5 3x2 4 5 9 K"
)
"""A scale of 5,945,232,335: past 2**32."""


def _compiled(shoe: Shoe) -> tuple[tuple[int, ...], int] | None:
    from baccarat_exact.engine._sixcard import shoe_pair_states as compiled

    assert shoe.suits is not None
    return compiled(shoe.suits, shoe.counts, shoe.cards)


@pytest.mark.parametrize(
    ("shoe", "compiled"),
    [
        (Shoe.from_decks(8).remove("A 2x3 3x5 4x4 5x6 6x2 7x7 8x5 9x9 Tx10 Jx2 Qx3 Kx3"), True),
        (Shoe.from_decks(1).remove("As Kh 9d"), True),  # every suit known: scale 1
        (Shoe.from_decks(1).remove("Ax4 2x4 3x4 4x4 5x4 6x4 7x4 8x4 9x4 Tx4 Jx2 Qx2 Kx2"), True),
        (Shoe.from_decks(28).remove("A 2 3 4 5 6 7 8"), True),  # 1448 cards
        (Shoe.from_decks(28).remove("A 2 3 4 5 6 7"), False),  # 1449 cards
        (_UNDER, True),
        (_OVER, False),
        (Shoe.from_suits([[400] * 4] + [[0] * 4] * 12).remove("Ax200"), False),  # a rank of 1600
        (Shoe.from_suits([[362] * 4] + [[1] * 4] * 12).remove("Ax47 K"), True),  # 1448 a rank
        (Shoe.from_counts({"A": 1, "K": 1, "Q": 1, "J": 1, "T": 1, "9": 1}), True),
    ],
    ids=[
        "8 decks",
        "suits known",
        "6 cards",
        "1448 cards",
        "1449 cards",
        "scale under 2**32",
        "scale past 2**32",
        "a rank of 1600",
        "a rank of 1448",
        "one card a rank by count only",
    ],
)
def test_pair_states_are_those_of_the_pair_terms(shoe: Shoe, compiled: bool, native: bool) -> None:
    """The compiled states (where they apply: ``compiled``) and the Python ones are the
    pair terms' states and weight exactly."""
    if shoe.suits is not None:
        assert (_compiled(shoe) is not None) == compiled
    terms = pair_terms(shoe)
    assert shoe_pair_states(shoe) == (*pair_state_counts(terms), terms.weight)


def test_the_scale_bound_is_where_the_tests_say() -> None:
    assert pairs._rank_parts(_UNDER)[1] == 2_889_799_825 < 2**32
    assert pairs._rank_parts(_OVER)[1] == 5_945_232_335 > 2**32
    found = _compiled(_UNDER)
    assert found is not None and found[1] == 2_889_799_825
    assert max(found[0]) > 2**100  # the high words of the 128-bit sums


def test_random_shoes_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shoes of 1 to 28 decks less cards of unknown and of known suit."""
    rng = random.Random(25)
    ranks = "A23456789TJQK"
    for _ in range(150):
        decks = rng.randint(1, 28)
        shoe = Shoe.from_decks(decks)
        gone = rng.sample(list(ranks) * 4 * decks, rng.randint(0, min(60, 52 * decks - 10)))
        shoe = shoe.remove(" ".join(gone)) if gone else shoe
        for rank in rng.sample(ranks, rng.randint(0, 4)):
            row = shoe.suit_rows()[ranks.index(rank)]
            suit = next((s for s, m in zip("shdc", row or ()) if m), None)
            if suit is not None and shoe.count(rank) > 0:
                try:
                    shoe = shoe.remove(rank + suit)
                except ShoeError:  # the suit is gone with the unknown cards
                    continue
        if shoe.cards < 6:
            continue
        monkeypatch.setattr(pairs, "NATIVE", True)
        compiled = shoe_pair_states(shoe)
        monkeypatch.setattr(pairs, "NATIVE", False)
        assert compiled == shoe_pair_states(shoe)


def test_the_compiled_step_declines_or_refuses() -> None:
    """Past its bounds it answers None; input of the wrong shape is an error."""
    from baccarat_exact.engine._sixcard import shoe_pair_states as compiled

    shoe = Shoe.from_decks(8).remove("Ax2 K")
    assert shoe.suits is not None
    rows, counts = shoe.suits, shoe.counts
    assert compiled(rows, counts, 413) is not None
    assert compiled(rows, counts, 1449) is None
    assert compiled(rows, counts, 5) is None
    assert compiled(rows, (*counts[:-1], 500), 413) is None  # a count past the shoe
    assert compiled((None, *rows[1:]), counts, 413) is None  # 30 aces by count only
    with pytest.raises(ValueError, match="per rank"):
        compiled(rows[:-1], counts, 413)
    with pytest.raises(TypeError, match="4 suit counts"):
        compiled(((1, 2, 3), *rows[1:]), counts, 413)
    with pytest.raises(TypeError):
        compiled((("1", 2, 3, 4), *rows[1:]), counts, 413)
