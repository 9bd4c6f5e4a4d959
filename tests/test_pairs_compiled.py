"""One shoe's pair states in compiled 128-bit integers (``_sixcard.shoe_pair_states``),
and its pair bets' results from them in one step (``_sixcard.shoe_pair_results``),
against the Python integers, at and past the bounds that make them exact."""

from __future__ import annotations

import random

import pytest

from baccarat_exact.engine import pairs
from baccarat_exact.engine.pairs import pair_state_counts, pair_terms, shoe_pair_states
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import results
from baccarat_exact.pricing.plan import plan
from baccarat_exact.pricing.results import BetOdds, pair_results

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


def _random_shoe(rng: random.Random, known: int) -> Shoe:
    """1 to 28 decks less up to 60 cards of unknown suit, then up to ``known`` cards of
    known suit (each a suit the rank still may hold)."""
    ranks = "A23456789TJQK"
    decks = rng.randint(1, 28)
    shoe = Shoe.from_decks(decks)
    gone = rng.sample(list(ranks) * 4 * decks, rng.randint(0, min(60, 52 * decks - 10)))
    shoe = shoe.remove(" ".join(gone)) if gone else shoe
    for rank in rng.sample(ranks, rng.randint(0, known)):
        row = shoe.suit_rows()[ranks.index(rank)]
        suit = next((s for s, m in zip("shdc", row or ()) if m), None)
        if suit is not None and shoe.count(rank) > 0:
            try:
                shoe = shoe.remove(rank + suit)
            except ShoeError:  # the suit is gone with the unknown cards
                continue
    return shoe


def test_random_shoes_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shoes of 1 to 28 decks less cards of unknown and of known suit."""
    rng = random.Random(25)
    for _ in range(150):
        shoe = _random_shoe(rng, 4)
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


_SHOES = [
    Shoe.from_decks(8).remove("A 2x3 3x5 4x4 5x6 6x2 7x7 8x5 9x9 Tx10 Jx2 Qx3 Kx3"),
    Shoe.from_decks(1).remove("As Kh 9d"),
    Shoe.from_decks(28).remove("A 2 3 4 5 6 7 8"),
    Shoe.from_decks(28).remove("A 2 3 4 5 6 7"),
    _UNDER,
    _OVER,
    Shoe.from_counts({"A": 1, "K": 1, "Q": 1, "J": 1, "T": 1, "9": 1}),
]


def _one_step(shoe: Shoe, bets: tuple[Bet, ...]) -> list[BetOdds | None] | None:
    """The pure pair bets' results of ``shoe`` in one compiled step, or None where it
    declines."""
    from baccarat_exact.pricing.results import shoe_pair_results

    planned = plan(Rules().tableau, bets)
    found: list[BetOdds | None] = [None] * len(bets)
    if not shoe_pair_results(bets, shoe, planned.suits, planned.pair_lines, found):
        assert found == [None] * len(bets)  # nothing written where it declines
        return None
    return found


def _two_steps(shoe: Shoe, bets: tuple[Bet, ...]) -> list[BetOdds | None]:
    """The same results from the pair states, then the lines (Python integers)."""
    planned = plan(Rules().tableau, bets)
    found: list[BetOdds | None] = [None] * len(bets)
    states, total, weight = shoe_pair_states(shoe, planned.suits)
    pair_results(bets, states, total, weight, planned.pair_lines, found)
    return found


_PAIR_BETS = tuple(bet for bet in (find_bet(name) for name in SIDE_BET_NAMES) if bet.needs_pairs)


@pytest.mark.parametrize(
    ("shoe", "applies"),
    list(zip(_SHOES, [True, True, True, False, True, False, True], strict=True)),
    ids=["8 decks", "suits known", "1448 cards", "1449 cards", "under 2**32", "past 2**32", "6"],
)
def test_one_step_pair_results_are_the_two_steps(
    shoe: Shoe, applies: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pure pair bets' results of one shoe in one compiled step (128-bit line sums
    and common factor) are the objects the pair states and the lines make, field by
    field; past the states' bounds it declines and writes nothing."""
    monkeypatch.setattr(results, "NATIVE", False)
    expected = _two_steps(shoe, _PAIR_BETS)
    monkeypatch.setattr(results, "NATIVE", True)
    found = _one_step(shoe, _PAIR_BETS)
    assert (found is not None) == applies
    if found is not None:
        assert found == expected
        for made, wanted in zip(found, expected, strict=True):
            assert made is not None and wanted is not None
            assert (made.line_counts, made.denominator, made.weight) == (
                wanted.line_counts,
                wanted.denominator,
                wanted.weight,
            )
            assert all(type(n) is int for n in (*made.line_counts, made.denominator))


def test_one_step_pair_results_agree_on_random_shoes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shoes of 1 to 28 decks less up to 60 cards of unknown suit and a few of known
    suit: the one step and the two give the same results wherever the step applies
    (most of them)."""
    rng = random.Random(2512)
    applied = 0
    for _ in range(120):
        shoe = _random_shoe(rng, 3)
        monkeypatch.setattr(results, "NATIVE", True)
        found = _one_step(shoe, _PAIR_BETS)
        monkeypatch.setattr(results, "NATIVE", False)
        if found is not None:
            applied += 1
            assert found == _two_steps(shoe, _PAIR_BETS)
    assert applied > 100


def test_the_one_step_declines_many_lines_and_refuses_bad_input() -> None:
    """A bet of more than 16 lines is left to the two steps; input of the wrong shape is
    an error, and the step keeps its references."""
    import sys

    from baccarat_exact.engine._sixcard import shoe_pair_results as compiled

    shoe = Shoe.from_decks(8).remove("Ax2 K")
    assert shoe.suits is not None
    bet = _PAIR_BETS[0]
    maker = results._MAKER
    many = ((0, 17, ((1, (4,)),), 0),)
    assert compiled(maker, (bet,), shoe.suits, shoe.counts, shoe.cards, many, [None]) is False
    lines = ((0, 2, ((1, (4, 5, 7, 8)),), 0),)
    before = sys.getrefcount(bet), sys.getrefcount(lines)
    for _ in range(100):
        found: list[BetOdds | None] = [None]
        assert compiled(maker, (bet,), shoe.suits, shoe.counts, shoe.cards, lines, found)
        assert found[0] is not None and sum(found[0].line_counts) == found[0].denominator
        del found
    assert (sys.getrefcount(bet), sys.getrefcount(lines)) == before
    with pytest.raises(IndexError, match="state"):
        compiled(
            maker, (bet,), shoe.suits, shoe.counts, shoe.cards, ((0, 2, ((1, (9,)),), 0),), [None]
        )
    with pytest.raises(ValueError, match="not the rest"):
        compiled(
            maker, (bet,), shoe.suits, shoe.counts, shoe.cards, ((0, 2, ((0, (1,)),), 0),), [None]
        )
    with pytest.raises(ValueError, match="position"):
        compiled(
            maker, (bet,), shoe.suits, shoe.counts, shoe.cards, ((1, 2, ((1, (1,)),), 0),), [None]
        )
    with pytest.raises(TypeError, match="maker"):
        compiled((BetOdds,), (bet,), shoe.suits, shoe.counts, shoe.cards, lines, [None])
    with pytest.raises(ValueError, match="a row and a count per rank"):
        compiled(maker, (bet,), shoe.suits, shoe.counts[:5], shoe.cards, lines, [None])
