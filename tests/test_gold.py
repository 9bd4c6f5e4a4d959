"""Baccarat Gold: another tableau as data, priced by the same engine (``--game gold``).

Wizard of Odds, "Baccarat Gold" (https://wizardofodds.com/games/baccarat/gold/): the
Player bettor may draw or stand on 5; when the Player drew, the Banker draws on 0-3, on
4-5 only against a third card of 3-7, never on 6-7; Tie pays 9 to 1; 8 decks. Its return
tables with the Player drawing on 5: Player wins 2,232,878,486,302,976, Banker wins
2,290,212,297,375,744, ties 475,307,491,824,640; house edges 1.147 % (Player), 1.144 %
(Banker), 4.908 % (Tie). Standing on 5, the Tie's edge is 7.55 % (frixo.com, "How to
Play Baccarat Gold", 2013).
"""

from __future__ import annotations

from baccarat_exact.model.games import find_game, find_rules
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds

TOTAL_8 = 4_998_398_275_503_360


def test_gold_drawing_on_5_is_the_published_return_table() -> None:
    rules = find_rules("gold")
    banker, player, tie = odds(Shoe.from_decks(8), rules).bets
    assert banker.denominator == TOTAL_8
    assert dict(zip((n for n, _, _ in banker.lines), banker.line_counts))["win"] == (
        2_290_212_297_375_744
    )
    assert dict(zip((n for n, _, _ in player.lines), player.line_counts))["win"] == (
        2_232_878_486_302_976
    )
    assert dict(zip((n for n, _, _ in tie.lines), tie.line_counts))["win"] == 475_307_491_824_640
    edges = [round(float(-bet.ev) * 100, 3) for bet in (player, banker, tie)]
    assert edges == [1.147, 1.144, 4.908]


def test_gold_standing_on_5_differs_only_in_the_players_5() -> None:
    draws, stands = find_rules("gold").tableau, find_rules("gold-stand-5").tableau
    assert [t for t in range(10) if draws.player[t] != stands.player[t]] == [5]
    assert draws.banker == stands.banker != STANDARD_TABLEAU.banker
    (tie,) = odds(Shoe.from_decks(8), find_rules("gold-stand-5")).bets[2:]
    assert round(float(-tie.ev) * 100, 2) == 7.55


def test_the_gold_card_reads_back_and_names_its_source() -> None:
    tableau = find_rules("baccarat-gold").tableau
    assert Tableau.from_dict(tableau.to_dict()) == tableau
    assert "wizardofodds.com/games/baccarat/gold" in find_game("gold").source
    assert "4  S  S  S  D" not in tableau.card() and "4  S S S D D D D D S S D" in tableau.card()
