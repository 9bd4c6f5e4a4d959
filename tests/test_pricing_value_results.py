"""The value bets' results of one shoe made in compiled code (``_sixcard.value_results``)
against the Python that makes them otherwise: the same objects, field by field."""

from __future__ import annotations

import dataclasses
import sys

import pytest

from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds, results
from baccarat_exact.pricing.results import BetOdds, value_results, whole_bet_odds

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
        Shoe.from_decks(9),  # past 456 cards: the engine's 64-bit integers
        Shoe.infinite_shoe(),  # denominators past 2**64
    ],
    ids=["8 decks less 60", "1 deck", "9 decks", "infinite"],
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
