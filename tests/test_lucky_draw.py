"""Lucky Draw Baccarat's optional draw (``lucky-draw``), checked three ways.

1. Published: Stephen How, "Lucky Draw Baccarat", discountgambling.net, 2 October 2013
   (https://discountgambling.net/2013/10/02/lucky-draw-baccarat/): the outcomes of 8 decks
   under optimal play, as combinations out of 2,499,199,137,751,680 (the player's two cards
   unordered: half the six-card sequences), a house edge of 1.79% (0.017931) with pay
   table 1 and 3.34% with pay table 2.
2. A card-by-card dealer written here (recursion over the cards left, in Fractions) on
   small shoes: every cell's margin (drawing over standing) and the return under the best
   play.
3. Identities: the outcomes cover every sequence; a player who sees his two cards does at
   least as well as one who sees his total.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from baccarat_exact.analysis.lucky_draw import lucky_draw
from baccarat_exact.errors import RequestError
from baccarat_exact.model.shoe import Shoe

HOW_2013 = {
    "win_drawn_9": 134_129_168_192_512,
    "win_drawn_8": 98_365_258_946_560,
    "win_drawn_7": 93_724_551_243_776,
    "win_drawn_6_or_less": 260_100_744_978_432,
    "loss_drawn": 976_828_113_772_544,
    "tie_drawn": 165_885_343_716_480,
    "win_stood": 471_832_788_590_592,
    "loss_stood": 195_977_691_906_048,
    "tie_stood": 102_355_476_404_736,
}
"""How's outcome counts, 8 decks, pay table 1 (his player's two cards unordered)."""


def test_pay_table_2_on_eight_decks_is_the_published_edge() -> None:
    """Pay table 1's 8-deck counts are the golden document's (checked below against How's
    table, recomputed by ``check``); pay table 2 is computed here."""
    assert round(float(-lucky_draw(Shoe.from_decks(8), "2").player_return), 4) == 0.0334


def _dealer_value(
    left: Counter[int], total: int, up: int, pays: tuple[Fraction, ...], drew: bool
) -> Fraction:
    """The player's expectation per Enter bet once his final total is ``total``: the hole
    card, then the dealer's third on 0–4, dealt card by card from ``left``."""
    n = sum(left.values())
    value = Fraction(0)
    for hole, k in list(left.items()):
        if not k:
            continue
        two = (up + hole) % 10
        left[hole] -= 1
        if two >= 5:
            finals = [(Fraction(1), two)]
        else:
            m = sum(left.values())
            finals = [(Fraction(c, m), (two + v) % 10) for v, c in left.items() if c]
        left[hole] += 1
        for p, dealer in finals:
            if total > dealer:
                won = 1 + (
                    pays[0 if total == 9 else 1 if total == 8 else 2 if total == 7 else 3]
                    if drew
                    else 0
                )
                value += Fraction(k, n) * p * won
            elif total < dealer:
                value -= Fraction(k, n) * p * (2 if drew else 1)
    return value


def _reference(
    values: dict[int, int], pays: tuple[Fraction, ...]
) -> tuple[Fraction, dict[str, list[Fraction]]]:
    """The return under the best play by hand, and each hand's margins, card by card."""
    shoe = Counter(values)
    n = sum(shoe.values())
    margins: dict[str, list[Fraction]] = {}
    stand_sum: dict[tuple[str, int], Fraction] = {}
    draw_sum: dict[tuple[str, int], Fraction] = {}
    for a in range(10):
        for b in range(10):
            for up in range(10):
                left = Counter(shoe)
                p = Fraction(1)
                for card in (a, b, up):
                    if left[card] <= 0:
                        p = Fraction(0)
                        break
                    p *= Fraction(left[card], sum(left.values()))
                    left[card] -= 1
                if not p:
                    continue
                total = (a + b) % 10
                key = (f"{min(a, b)}+{max(a, b)}", up)
                stand = _dealer_value(left, total, up, pays, False)
                draw = Fraction(0)
                m = sum(left.values())
                for v, c in list(left.items()):
                    if c:
                        left[v] -= 1
                        draw += Fraction(c, m) * _dealer_value(
                            left, (total + v) % 10, up, pays, True
                        )
                        left[v] += 1
                stand_sum[key] = stand_sum.get(key, Fraction(0)) + p * stand
                draw_sum[key] = draw_sum.get(key, Fraction(0)) + p * draw
    value = Fraction(0)
    for key, stand in stand_sum.items():
        value += max(stand, draw_sum[key])
        margins.setdefault(key[0], [Fraction(0)] * 10)[key[1]] = draw_sum[key] - stand
    del n
    return value, margins


@pytest.mark.parametrize(
    ("values", "pays"),
    [({0: 3, 2: 2, 5: 2, 7: 1}, "1"), ({1: 2, 4: 2, 6: 2, 8: 1, 9: 1}, "2")],
)
def test_small_shoes_agree_with_a_card_by_card_dealer(values: dict[int, int], pays: str) -> None:
    from baccarat_exact.analysis.lucky_draw import PAY_TABLES

    text = ",".join(f"{'T' if v == 0 else 'A' if v == 1 else v}={c}" for v, c in values.items())
    solved = lucky_draw(Shoe.parse(text), pays)
    value, margins = _reference(values, PAY_TABLES[pays])
    assert solved.player_return == value
    for row, row_margins in margins.items():
        for up, margin in enumerate(row_margins):
            got = solved.margins[row][up]
            if got is not None:
                assert got == margin, (row, up)


@pytest.mark.parametrize(
    "shoe", [Shoe.parse("A=3,4=3,6=2,9=2,T=4"), Shoe.parse("infinite A=1,5=1,K=2")]
)
def test_the_outcomes_cover_every_sequence_and_seeing_more_never_costs(shoe: Shoe) -> None:
    by_hand = lucky_draw(shoe, "1", "hand")
    by_total = lucky_draw(shoe, "1", "total")
    assert sum(by_hand.counts.values()) == by_hand.whole == by_total.whole
    assert sum(by_total.counts.values()) == by_total.whole
    assert by_hand.player_return >= by_total.player_return


def test_a_bad_pay_table_or_model_is_one_line() -> None:
    with pytest.raises(RequestError, match="unknown pay table '5'"):
        lucky_draw(Shoe.from_decks(1), "5")
    with pytest.raises(RequestError, match="unknown model 'cards'"):
        lucky_draw(Shoe.from_decks(1), "1", "cards")
    with pytest.raises(RequestError, match="six cards"):
        lucky_draw(Shoe.parse("A=2,K=3"), "1")


def test_the_golden_document_holds_the_published_counts() -> None:
    import json
    from pathlib import Path

    stored = json.loads(
        (Path(__file__).parent / "golden" / "lucky-draw-8-decks.json").read_text(encoding="utf-8")
    )
    assert stored["whole"] == 2 * 2_499_199_137_751_680
    assert {row["outcome"]: row["count"] // 2 for row in stored["outcomes"]} == HOW_2013
    assert round(float(-Fraction(stored["player_return"])), 6) == 0.017931
