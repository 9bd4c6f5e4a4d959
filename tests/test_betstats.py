"""Bet statistics: exact variance, hit frequency, element of risk, and the JSON extension."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from baccarat_exact.model.bets import with_main_bets
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_bet
from baccarat_exact.model.events import EVENTS
from baccarat_exact.model.games import find_rules
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.report.odds import odds_document, stats_dict
from baccarat_exact.stats import bet_stats
from tests.reference import reference_event_probabilities
from tests.strategies import small_shoes

EIGHT_DECKS = Shoe.from_decks(8)


def test_big_tiger_matches_jacobson() -> None:
    # https://advancedadvantageplay.com/2024/07/card-counting-the-big-tiger-baccarat-side-bet :
    # house edge 15.2533%, standard deviation 6.519, hit percentage 1.662%; variance 42.503
    # (https://advancedadvantageplay.com/side-bets/baccarat-side-bets/).
    stats = bet_stats(odds(EIGHT_DECKS, None, [find_bet("big-tiger")]).bets[0])
    assert round(float(stats.house_edge) * 100, 4) == 15.2533
    assert round(stats.std_dev, 3) == 6.519
    assert round(float(stats.hit_frequency) * 100, 3) == 1.662
    assert round(float(stats.variance), 3) == 42.503


def test_pairs_hit_frequency_matches_jacobson() -> None:
    # https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/ :
    # "The hit frequency is 7.470%".
    stats = bet_stats(odds(EIGHT_DECKS, None, [find_bet("player-pair")]).bets[0])
    assert round(float(stats.hit_frequency) * 100, 3) == 7.470


def test_element_of_risk_is_the_edge_with_ties_not_counted() -> None:
    # 8 decks, ties not counted: Banker 1.17 %, Player 1.36 %
    # (https://onlinecasinoreviews1.com/onlinepages/baccarat-general-rules.html).
    banker, player, tie = (bet_stats(result) for result in odds(EIGHT_DECKS).bets)
    assert round(float(banker.element_of_risk or 0) * 100, 2) == 1.17
    assert round(float(player.element_of_risk or 0) * 100, 2) == 1.36
    assert tie.element_of_risk is None  # the Tie bet cannot push


@settings(max_examples=15)
@given(small_shoes())
def test_variance_against_the_reference(shoe: Shoe) -> None:
    """E[X²] − E[X]² straight from the reference's event probabilities, for every bet."""
    probs = reference_event_probabilities(shoe, find_rules("ez"))
    bets = [
        find_bet(name, find_rules("ez")) for name in ("banker", "player", "tie", *SIDE_BET_NAMES)
    ]
    bets = [bet for bet in bets if not bet.needs_pairs]
    for result in odds(shoe, find_rules("ez"), bets).bets:
        pay = {e: line.pays for line in result.bet.lines for e in line.events}
        mean = sum((pay[EVENTS.index(e)] * p for e, p in probs.items()), Fraction(0))
        square = sum((pay[EVENTS.index(e)] ** 2 * p for e, p in probs.items()), Fraction(0))
        stats = bet_stats(result)
        assert stats.ev == mean and stats.variance == square - mean**2
        assert stats.hit_frequency == sum(
            (p for e, p in probs.items() if pay[EVENTS.index(e)] > 0), Fraction(0)
        )


def test_identities_on_eight_decks() -> None:
    for result in odds(
        EIGHT_DECKS, Rules(), [find_bet(n) for n in ("banker", *SIDE_BET_NAMES)]
    ).bets:
        stats = bet_stats(result)
        assert sum(line.probability for line in stats.lines) == 1
        assert stats.hit_frequency == result.win and stats.push == result.push
        assert stats.ev == result.ev == -stats.house_edge
        assert stats.variance >= 0
        if stats.element_of_risk is not None:
            assert stats.element_of_risk == stats.house_edge / (1 - stats.push)


def test_json_body_extends_the_first_layout() -> None:
    document = odds_document(
        odds(
            EIGHT_DECKS,
            find_rules("ez"),
            with_main_bets(find_rules("ez"), [find_bet("perfect-pair")]),
        )
    )
    assert list(document) == ["shoe", "rules", "total", "outcomes", "bets"]  # the request's body
    banker = document["bets"]["banker"]
    assert list(banker)[:9] == [
        "win",
        "win_float",
        "push",
        "push_float",
        "lose",
        "lose_float",
        "ev",
        "ev_float",
        "surebet",
    ]
    assert {"lines", "variance", "hit_frequency", "house_edge", "element_of_risk"} <= set(banker)
    assert [line["name"] for line in banker["lines"]] == [
        "win",
        "win with three-card 7",
        "push",
        "lose",
    ]
    assert banker["lines"][1]["count"] == 112_633_011_329_024  # Wizard of Odds, EZ Baccarat
    for entry in document["bets"].values():
        for key, value in entry.items():
            if not key.endswith("_float") and isinstance(value, str):
                assert str(Fraction(value)) == value
    assert document["bets"]["tie"]["element_of_risk"] is None


def test_infinite_shoe_lines_have_no_counts() -> None:
    entry = stats_dict(odds(Shoe.infinite_shoe(), None, [find_bet("big")]).bets[0], counts=False)
    assert all(line["count"] is None for line in entry["lines"])
    assert sum(Fraction(line["probability"]) for line in entry["lines"]) == 1


@pytest.mark.parametrize("name", ["banker", "small"])
def test_merged_lines_keep_their_order(name: str) -> None:
    stats = bet_stats(odds(EIGHT_DECKS, None, [find_bet(name)]).bets[0])
    assert [line.name for line in stats.lines] == [line.name for line in find_bet(name).lines]
