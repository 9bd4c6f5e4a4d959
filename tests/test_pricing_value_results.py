"""The value and pair bets' results of one shoe made in compiled code
(``_sixcard.value_results``, ``_sixcard.pair_results``) against the Python that makes
them otherwise: the same objects, field by field."""

from __future__ import annotations

import dataclasses
import sys

import pytest

from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds, results
from baccarat_exact.pricing.results import (
    BetOdds,
    pair_results,
    reduced_bet_odds,
    value_results,
    whole_bet_odds,
)

_SIDE = tuple(find_bet(name) for name in SIDE_BET_NAMES)


def test_the_compiled_value_results_are_built() -> None:
    assert results.NATIVE, "baccarat_exact.engine._sixcard.value_results was not built"


def _fields(result: BetOdds) -> tuple[object, ...]:
    return tuple(
        (type(value), value)
        for value in (*dataclasses.astuple(result)[1:], *result.line_counts, result.bet)
    )


@pytest.mark.parametrize(
    "shoe",
    [
        Shoe.from_decks(8).remove("A 2x3 3x5 4x4 5x6 6x2 7x7 8x5 9x9 Tx10 Jx2 Qx3 Kx3"),
        Shoe.from_decks(1),
        Shoe.from_decks(2).remove("Ax3 Ks"),  # pair counts over a weight, reduced
        Shoe.from_decks(9),  # past 456 cards: the engine's 64-bit integers
        Shoe.infinite_shoe(),  # denominators past 2**64
    ],
    ids=["8 decks less 60", "1 deck", "2 decks less 4", "9 decks", "infinite"],
)
@pytest.mark.parametrize("game", ["punto-banco", "ez"])
def test_compiled_and_python_results_are_the_same(
    shoe: Shoe, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Rules(game=game)
    for bets in (_SIDE, main_bets(rules), (*main_bets(rules), *_SIDE)):
        monkeypatch.setattr(results, "NATIVE", True)
        compiled = odds(shoe, rules, bets)
        monkeypatch.setattr(results, "NATIVE", False)
        python = odds(shoe, rules, bets)
        assert compiled == python
        for made, expected in zip(compiled.bets, python.bets, strict=True):
            assert type(made) is BetOdds
            assert _fields(made) == _fields(expected)
            assert repr(made) == repr(expected) and made.to_dict() == expected.to_dict()
            with pytest.raises(dataclasses.FrozenInstanceError):
                made.weight = 2  # type: ignore[misc]


@pytest.mark.parametrize("native", [True, False], ids=["compiled", "python"])
def test_value_results_read_the_row(native: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bet's lines are its columns' counts and the rest of the denominator; other
    positions are left as they were."""
    monkeypatch.setattr(results, "NATIVE", native)
    bets = _SIDE[:3]
    found: list[BetOdds | None] = [None, None, None]
    big = 2**70
    value_results(bets, [5, 7, big], big + 20, ((2, (0, 1)), (0, (2,))), found)
    assert found[0] == whole_bet_odds(bets[0], (big, 20), big + 20)
    assert found[1] is None
    assert found[2] == whole_bet_odds(bets[2], (5, 7, big + 8), big + 20)


def test_the_compiled_step_refuses_bad_input_and_keeps_its_references() -> None:
    from baccarat_exact.engine._sixcard import value_results as compiled

    maker = results._MAKER
    bet = _SIDE[0]
    denominator = 2**80 + 1
    row = [3, 4]
    before = sys.getrefcount(denominator), sys.getrefcount(bet)
    for _ in range(100):
        found: list[BetOdds | None] = [None]
        compiled(maker, (bet,), row, denominator, ((0, (0, 1)),), found)
        del found
    assert (sys.getrefcount(denominator), sys.getrefcount(bet)) == before
    with pytest.raises(IndexError, match="column"):
        compiled(maker, (bet,), row, denominator, ((0, (2,)),), [None])
    with pytest.raises(ValueError, match="position"):
        compiled(maker, (bet,), row, denominator, ((1, (0,)),), [None])
    with pytest.raises(TypeError, match="maker"):
        compiled((BetOdds,), (bet,), row, denominator, ((0, (0,)),), [None])
    with pytest.raises(TypeError, match="descriptors"):
        compiled((BetOdds, 1, 2, 3, 4), (bet,), row, denominator, ((0, (0,)),), [None])
    with pytest.raises(TypeError):
        compiled(maker, (bet,), ["3"], denominator, ((0, (0,)),), [None])


@pytest.mark.parametrize("native", [True, False], ids=["compiled", "python"])
@pytest.mark.parametrize("weight", [1, 6, 35])
def test_pair_results_sum_the_states_and_reduce(
    native: bool, weight: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line's count is its states' sum, the rest line the total less the others, all
    divided by their common factor with the weight (none at weight 1, 35 here: 7)."""
    monkeypatch.setattr(results, "NATIVE", native)
    bets = _SIDE[:3]
    big = 2**90 * 7
    states = (7 * 3, big, 7 * 5, 0, 14, 0, 0, 0, 7)
    total = sum(states) + 7 * 10
    lines = ((2, 3, ((0, (1, 2)), (2, (8,))), 1), (0, 2, ((1, (0,)),), 0))
    found: list[BetOdds | None] = [None, None, None]
    pair_results(bets, states, total, weight, lines, found)
    first = [big + 35, total - big - 42, 7]
    assert found[2] == reduced_bet_odds(bets[2], first, total, weight)
    assert found[0] == reduced_bet_odds(bets[0], [total - 21, 21], total, weight)
    assert found[1] is None
    assert found[2] is not None and found[2].weight == {1: 1, 6: 6, 35: 5}[weight]


def test_the_compiled_pair_step_refuses_bad_input_and_keeps_its_references() -> None:
    import math

    from baccarat_exact.engine._sixcard import pair_results as compiled

    maker = results._MAKER
    bet = _SIDE[0]
    total = 2**80 * 6
    states = (2**80, 2**81, 0, 0, 0, 0, 0, 0, 2**79)
    lines = ((0, 2, ((1, (0, 1, 8)),), 0),)
    before = sys.getrefcount(total), sys.getrefcount(bet), sys.getrefcount(states[0])
    for _ in range(100):
        found: list[BetOdds | None] = [None]
        compiled(maker, (bet,), states, total, 4, lines, math.gcd, found)
        assert found[0] is not None and found[0].weight == 1
        del found
    assert (sys.getrefcount(total), sys.getrefcount(bet), sys.getrefcount(states[0])) == before

    def call(lines: object, **given: object) -> None:
        arguments = {"maker": maker, "states": states, "gcd": math.gcd, **given}
        compiled(
            arguments["maker"],
            (bet,),
            arguments["states"],
            total,
            4,
            lines,
            arguments["gcd"],
            [None],
        )

    with pytest.raises(IndexError, match="state"):
        call(((0, 2, ((1, (9,)),), 0),))
    with pytest.raises(ValueError, match="not the rest"):
        call(((0, 2, ((0, (1,)),), 0),))
    with pytest.raises(ValueError, match="position"):
        call(((1, 2, ((1, (1,)),), 0),))
    with pytest.raises(ValueError, match="position"):
        call(((0, 2, ((1, (1,)),), 2),))
    with pytest.raises(TypeError, match="maker"):
        call(lines, maker=(BetOdds,))
    with pytest.raises(TypeError):
        call(lines, states=("1",) * 9)
    with pytest.raises(ZeroDivisionError):
        call(lines, gcd=lambda *numbers: 0)


def test_new_odds_is_the_dataclass_made_by_its_init() -> None:
    """Every field of :class:`Odds` is written (a field added later must be added there)."""
    from baccarat_exact.model.events import Outcome
    from baccarat_exact.pricing.results import Odds, new_odds

    shoe = Shoe.from_decks(1)
    made = odds(shoe, Rules(), _SIDE)
    counts = {outcome: 2 + i for i, outcome in enumerate(Outcome)}
    args = (shoe, Rules(), 7, 8, counts, made.bets, None, made.combine)
    fresh, written = Odds(*args[:-1], combine=args[-1]), new_odds(*args)
    assert [field.name for field in dataclasses.fields(Odds)] == [
        "shoe",
        "rules",
        "total",
        "denominator",
        "counts",
        "bets",
        "seen",
        "combine",
    ]
    for field in dataclasses.fields(Odds):
        assert getattr(written, field.name) is getattr(fresh, field.name)
    assert written == fresh and repr(written) == repr(fresh)
    with pytest.raises(dataclasses.FrozenInstanceError):
        written.total = 3  # type: ignore[misc]
