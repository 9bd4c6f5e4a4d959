"""Break-even pays: plugged back into the engine they give EV exactly 0."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from baccarat_exact import Rules, Shoe, odds
from baccarat_exact.analysis.breakeven import (
    breakeven,
    fair_pay_formula,
    linear_ev,
    pay_symbol,
)
from baccarat_exact.analysis.formulas import find_bets
from baccarat_exact.errors import RulesError
from baccarat_exact.model.bets import Bet, PayLine, player_bet

SHOES = {
    "8 decks": Shoe.from_decks(8),
    "1 deck": Shoe.from_decks(1),
    "6 decks less 5x4 K": Shoe.from_decks(6).remove("5x4 K"),
    "infinite": Shoe.infinite_shoe(),
}

# Break-even pays for 8 decks, to 5 decimals: "Break-Even" column of the table in
# https://excelpunks.com/2018/05/12/concepts-13-baccarat-vs-non-commission-baccarat-why-does-a-banker-win-on-6-pay-half/
# (Player 1.02768, Banker 0.97307, Tie 9.50906 to 1).
PUBLISHED_BREAK_EVEN = {"player": "1.02768", "banker": "0.97307", "tie": "9.50906"}


def _with_win_pay(bet: Bet, pays: Fraction) -> Bet:
    lines = tuple(
        PayLine(name=line.name, pays=pays, events=line.events) if line.name == "win" else line
        for line in bet.lines
    )
    return Bet(name=bet.name, lines=lines)


@pytest.mark.parametrize("name", sorted(SHOES))
def test_break_even_pays_give_ev_exactly_zero(name: str) -> None:
    shoe = SHOES[name]
    result = breakeven(shoe)
    tie = result.bet("tie").line("win").fair_pay
    commission = result.bet("banker").fair_commission
    player = result.bet("player").line("win").fair_pay
    assert tie is not None and commission is not None and player is not None
    assert odds(shoe, Rules(tie_pays=tie.value)).bet("tie").ev == 0
    assert odds(shoe, Rules(commission=commission.value)).bet("banker").ev == 0
    fair_player = _with_win_pay(player_bet(Rules()), player.value)
    assert odds(shoe, bets=[fair_player]).bets[0].ev == 0


def test_break_even_pays_as_functions_of_d_give_ev_zero_for_1_to_8_decks() -> None:
    result = breakeven(None, removed="9x2")
    tie = result.bet("tie").line("win").fair_pay
    commission = result.bet("banker").fair_commission
    assert tie is not None and commission is not None
    for d in range(1, 9):
        shoe = Shoe.from_decks(d).remove("9x2")
        assert odds(shoe, Rules(tie_pays=tie(d))).bet("tie").ev == 0, d
        assert odds(shoe, Rules(commission=commission(d))).bet("banker").ev == 0, d


def test_symbolic_limits_equal_the_infinite_shoe() -> None:
    symbolic, infinite = breakeven(None), breakeven(Shoe.infinite_shoe())
    for bet in symbolic.bets:
        other = infinite.bet(bet.name)
        assert bet.ev.limit() == other.ev.value
        for term, expected in zip(bet.lines, other.lines, strict=True):
            assert term.probability.limit() == expected.probability.value
            if term.fair_pay is not None:
                assert expected.fair_pay is not None
                assert term.fair_pay.limit() == expected.fair_pay.value


def test_published_break_even_pays_for_8_decks() -> None:
    result = breakeven(Shoe.from_decks(8))
    shown = {
        bet.name: f"{float(bet.line('win').fair_pay.value):.5f}"  # type: ignore[union-attr]
        for bet in result.bets
    }
    assert shown == PUBLISHED_BREAK_EVEN


def test_fair_commission_is_one_minus_the_fair_banker_pay() -> None:
    banker = breakeven(Shoe.from_decks(8)).bet("banker")
    win, commission = banker.line("win").fair_pay, banker.fair_commission
    assert win is not None and commission is not None
    assert commission.value == 1 - win.value
    assert breakeven(Shoe.from_decks(8)).bet("tie").fair_commission is None


def test_ev_is_linear_in_the_pays() -> None:
    shoe = Shoe.from_decks(8)
    expr = linear_ev("banker", shoe=shoe)
    result = odds(shoe)
    banker = result.bet("banker")
    for name, _, probability in banker.lines:
        symbol = pay_symbol(name)
        assert sympy.diff(expr, symbol) == sympy.Rational(str(probability))
    now = expr.subs({pay_symbol(n): sympy.Rational(str(p)) for n, p, _ in banker.lines})
    assert now == sympy.Rational(str(banker.ev))


def test_linear_ev_in_d() -> None:
    expr = linear_ev("tie")
    d = sympy.Symbol("d")
    at_six = expr.subs({d: 6, pay_symbol("win"): 8, pay_symbol("lose"): -1})
    assert at_six == sympy.Rational(str(odds(Shoe.from_decks(6)).bet("tie").ev))


def test_fair_pay_formula_in_d() -> None:
    d = sympy.Symbol("d")
    fair = fair_pay_formula("tie", "win")
    # EV = x·P(win) - P(lose) is zero at x = P(lose)/P(win)
    tie = odds(Shoe.from_decks(8)).bet("tie")
    assert fair.subs(d, 8) == sympy.Rational(str(tie.lose / tie.win))


def test_lines_that_do_not_pay_have_no_break_even() -> None:
    tie = breakeven(Shoe.from_decks(8)).bet("tie")
    assert tie.line("lose").fair_pay is None
    with pytest.raises(RulesError, match="has no line 'push'"):
        tie.line("push")
    with pytest.raises(RulesError, match="loses the stake"):
        fair_pay_formula("banker", "lose", shoe=Shoe.from_decks(8))
    with pytest.raises(RulesError, match="unknown bet"):
        linear_ev("nonsense")


def test_removed_cards_apply_to_a_shoe_too() -> None:
    direct = breakeven(Shoe.from_decks(2).remove("Kx3"))
    via = breakeven(Shoe.from_decks(2), removed="Kx3")
    assert direct.bets == via.bets


def _with_pay(bet: Bet, line_name: str, pays: Fraction) -> Bet:
    lines = tuple(
        PayLine(name=line.name, pays=pays, events=line.events, pairs=line.pairs)
        if line.name == line_name
        else line
        for line in bet.lines
    )
    return Bet(name=bet.name, lines=lines)


@pytest.mark.parametrize(
    ("bet", "line"), [("banker", "push"), ("dragon-7", "win"), ("perfect-pair", "perfect pair")]
)
def test_any_line_at_its_break_even_pay_gives_ev_zero(bet: str, line: str) -> None:
    shoe = Shoe.from_decks(6).remove("7x3 Q")
    chosen = find_bets([bet], Rules())[0]
    fair = breakeven(shoe, bets=[chosen]).bets[0].line(line).fair_pay
    assert fair is not None
    (result,) = odds(shoe, Rules(), [_with_pay(chosen, line, fair.value)]).bets
    assert result.ev == 0


def test_pair_bet_break_even_in_d_is_an_identity() -> None:
    # Player Pair pays x on P = (4d - 1)/(52d - 1): fair at x = 48d/(4d - 1)
    fair = breakeven(None, bets=find_bets(["player-pair"], Rules())).bets[0].line("pair").fair_pay
    assert fair is not None and fair.expr() == 48 * sympy.Symbol("d") / (4 * sympy.Symbol("d") - 1)


@pytest.mark.parametrize("shoe", list(SHOES.values()), ids=list(SHOES))
def test_linear_ev_text_past_the_digit_limit_is_written_as_sympy_writes_it(
    shoe: Shoe, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shoes of ~10**700 decks and more give fractions that sympy cannot print (Python's
    4300-digit str() limit); the report then writes the linear EV itself, in sympy's form."""
    import baccarat_exact.report.breakeven as report

    bets = find_bets(["banker", "player", "tie", "dragon-7", "perfect-pair"], Rules())
    result = breakeven(shoe, Rules(), bets)
    by_sympy = [report._linear_ev_text(bet, False) for bet in result.bets]
    monkeypatch.setattr(report, "str_fits", lambda value: False)
    assert [report._linear_ev_text(bet, False) for bet in result.bets] == by_sympy
