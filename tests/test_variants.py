"""Rule variants (--game presets): published 8-deck figures, rules as data, round trips."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings

from baccarat_exact.errors import RulesError
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.games import GAMES, RULESETS, find_game, find_rules
from baccarat_exact.model.rules import Rules, SpecialWin
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.reference import reference_event_probabilities
from tests.strategies import small_shoes

EIGHT_DECKS = Shoe.from_decks(8)
TOTAL_8 = 4_998_398_275_503_360  # six-card sequences, DESIGN.md / Wizard of Odds
TIE_8 = 475_627_426_473_216  # Wizard of Odds, https://wizardofodds.com/games/baccarat/


def _banker(game: str) -> dict[str, tuple[Fraction, int]]:
    rules = find_rules(game)
    (result,) = odds(EIGHT_DECKS, rules, [main_bets(rules)[0]]).bets
    return {name: (pays, count) for (name, pays, _), count in zip(result.lines, result.line_counts)}


def test_ez_banker_matches_wizard_of_odds() -> None:
    # https://wizardofodds.com/games/ez-baccarat/ : "Banker win on 7" pays 0 (push),
    # 112,633,011,329,024 of 4,998,398,275,503,360; house edge 1.02% (1.0183%, Eliot
    # Jacobson, https://www.888casino.com/blog/side-bets/card-counting-the-tiger-7-ox-6-and-kill-the-oxtiger-baccarat-side-bets).
    lines = _banker("ez")
    assert lines["win with three-card 7"] == (0, 112_633_011_329_024)
    assert lines["win"][0] == 1 and lines["push"] == (0, TIE_8)
    (result,) = odds(EIGHT_DECKS, find_rules("ez"), [main_bets(find_rules("ez"))[0]]).bets
    assert round(float(-result.ev) * 100, 4) == 1.0183
    assert result.denominator == TOTAL_8


def test_super_6_banker_matches_wizard_of_odds() -> None:
    # https://wizardofodds.com/games/baccarat/appendix/6/ (Nepal baccarat, 8 decks):
    # Banker win with six points 269,232,304,455,680, pays 0.5; return -0.014581.
    lines = _banker("super-6")
    assert lines["win with 6"] == (Fraction(1, 2), 269_232_304_455_680)
    rules = find_rules("super-6")
    (result,) = odds(EIGHT_DECKS, rules, [main_bets(rules)[0]]).bets
    assert round(float(result.ev), 6) == -0.014581


def test_tie_9_matches_the_published_tie_count() -> None:
    # Tie pays 9 to 1: EV = 10 P(tie) - 1 with the published tie count; "4.84%" (Wizard of Odds).
    tie = odds(EIGHT_DECKS, find_rules("tie-9")).bets[2]
    assert tie.ev == 10 * Fraction(TIE_8, TOTAL_8) - 1
    assert round(float(-tie.ev) * 100, 2) == 4.84


@pytest.mark.parametrize("game", ["ez", "super-6", "tie-9"])
def test_variants_leave_the_player_bet_alone(game: str) -> None:
    # Wizard of Odds appendix 6: "The house edge on the player and tie bets are the same as
    # regular baccarat" (1.24%).
    player = odds(EIGHT_DECKS, find_rules(game)).bets[1]
    assert player.ev == odds(EIGHT_DECKS).bets[1].ev
    assert round(float(-player.ev) * 100, 2) == 1.24


def test_punto_banco_is_the_default() -> None:
    assert find_rules("punto-banco") == Rules() and RULESETS["punto-banco"] == Rules()
    assert Rules().to_dict() == {"game": "punto-banco", "commission": "1/20", "tie_pays": "8"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rules_round_trip_through_json(name: str) -> None:
    rules = find_rules(name)
    assert Rules.from_dict(rules.to_dict(), rules) == rules
    assert Rules.from_dict(rules.to_dict()) == rules  # every preset uses the standard tableau
    assert rules.game == name


def test_aliases_and_unknown_games() -> None:
    assert find_game("Commission-Free").name == "super-6"
    assert find_game(" EZ-Baccarat ").name == "ez"
    with pytest.raises(
        RulesError,
        match="unknown game 'chemmy': known games are baccarat-gold, baccarat-gold-stand-5, ez, punto-banco",
    ):
        find_game("chemmy")


def test_presets_take_a_commission() -> None:
    ez_with_commission = replace(find_rules("ez"), commission=Fraction(1, 20))
    lines = {line.name: line.pays for line in main_bets(ez_with_commission)[0].lines}
    assert lines == {"win": Fraction(19, 20), "win with three-card 7": 0, "push": 0, "lose": -1}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bet": "tie", "total": 7}, "'banker' or 'player'"),
        ({"bet": "banker", "total": 10}, "total must be 0-9"),
        ({"bet": "banker", "total": 7, "cards": 4}, "2 or 3 cards"),
        ({"bet": "banker", "total": 7, "pays": Fraction(-2)}, "cannot lose more than the stake"),
    ],
)
def test_bad_special_wins(kwargs: dict[str, object], message: str) -> None:
    kwargs.setdefault("pays", Fraction(0))
    with pytest.raises(RulesError, match=message):
        SpecialWin(**kwargs)  # type: ignore[arg-type]


def test_overlapping_special_wins_are_an_error() -> None:
    a = SpecialWin(bet="banker", total=6, pays=Fraction(1, 2))
    b = SpecialWin(bet="banker", total=6, cards=3, pays=Fraction(0))
    with pytest.raises(RulesError, match="overlap"):
        Rules(special_wins=(a, b))
    Rules(special_wins=(b, SpecialWin(bet="player", total=6, cards=3, pays=Fraction(0))))


def test_special_wins_from_json_are_checked() -> None:
    with pytest.raises(RulesError, match="special_wins must be a list"):
        Rules.from_dict({"special_wins": "yes"})
    with pytest.raises(RulesError, match="needs bet, total and pays"):
        Rules.from_dict({"special_wins": [{"bet": "banker"}]})


@settings(max_examples=25)
@given(small_shoes())
def test_variant_main_bets_agree_with_the_reference(shoe: Shoe) -> None:
    """Each preset's Banker and Player, line by line, against the card-by-card reference,
    with the win conditions written out here independently."""
    probs = reference_event_probabilities(shoe)
    conditions = {
        "ez": {
            "win with three-card 7": lambda e: (
                e.banker > e.player and e.banker == 7 and e.banker_cards == 3
            ),
        },
        "super-6": {"win with 6": lambda e: e.banker > e.player and e.banker == 6},
    }
    for game, lines in conditions.items():
        rules = find_rules(game)
        banker = odds(shoe, rules).bets[0]
        got = {name: p for name, _, p in banker.lines}
        for name, condition in lines.items():
            assert got[name] == sum((p for e, p in probs.items() if condition(e)), Fraction(0))
        usual = sum((p for e, p in probs.items() if e.banker > e.player), Fraction(0)) - sum(
            (p for e, p in probs.items() if any(c(e) for c in lines.values())), Fraction(0)
        )
        assert got["win"] == usual


# -- the games command: one request ------------------------------------------------------


def test_the_games_request_prices_every_game_on_its_shoe() -> None:
    from baccarat_exact.commands.games import GamesRequest
    from baccarat_exact.commands.inputs import ShoeInput

    request = GamesRequest.from_dict({"shoe": {"decks": 6}})
    assert request == GamesRequest(shoe=ShoeInput(decks=6))
    document = request.run().document()
    assert document["request"]["shoe"]["decks"] == 6 and document["shoe"]["cards"] == 312
    for entry in document["games"]:
        edges = {
            bet.name: -bet.ev for bet in odds(Shoe.from_decks(6), find_rules(entry["name"])).bets
        }
        assert {name: Fraction(edge) for name, edge in entry["house_edge"].items()} == edges
        assert list(entry["house_edge_float"]) == list(entry["house_edge"])


def test_a_stored_games_request_is_refused_as_the_command_line_is() -> None:
    from baccarat_exact.commands.games import GamesRequest
    from baccarat_exact.errors import ShoeError

    with pytest.raises(ShoeError, match="--decks and --infinite conflict"):
        GamesRequest.from_dict({"shoe": {"decks": 6, "infinite": True}})
