"""The side-bet catalogue: published 8-deck figures, the reference on random shoes, the API."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings

from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.model.bets import main_bets, unique_bets, with_main_bets
from baccarat_exact.model.catalogue import (
    ADDED_BET_NAMES,
    BET_NAMES,
    MAIN_BET_NAMES,
    SIDE_BET_NAMES,
    SIDE_BETS,
    find_bet,
)
from baccarat_exact.model.events import EVENTS
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.reference import reference_event_probabilities
from tests.strategies import small_shoes

EIGHT_DECKS = Shoe.from_decks(8)
TOTAL_8 = 4_998_398_275_503_360

# Exact 8-deck combinations per pay line, as published (out of 4,998,398,275,503,360).
WOO_SIDE = "https://wizardofodds.com/games/baccarat/appendix/5/"
PUBLISHED_COUNTS: dict[str, tuple[str, dict[str, int]]] = {
    "dragon-bonus-player": (
        WOO_SIDE,
        {
            "win by 9": 18_409_431_764_992,
            "win by 8": 34_097_645_543_424,
            "win by 7": 89_590_261_473_280,
            "win by 6": 141_238_897_317_888,
            "win by 5": 166_169_165_987_840,
            "win by 4": 186_780_352_174_080,
            "natural win": 812_685_054_124_032,
            "natural tie": 89_325_908_267_520,
        },
    ),
    "dragon-bonus-banker": (
        WOO_SIDE,
        {
            "win by 9": 15_390_342_909_952,
            "win by 8": 28_305_092_784_128,
            "win by 7": 79_517_099_278_336,
            "win by 6": 119_200_072_366_080,
            "win by 5": 157_275_882_332_160,
            "win by 4": 201_147_167_287_296,
            "natural win": 812_685_054_124_032,
            "natural tie": 89_325_908_267_520,
        },
    ),
    "dragon-7": ("https://wizardofodds.com/games/ez-baccarat/", {"win": 112_633_011_329_024}),
    "panda-8": ("https://wizardofodds.com/games/ez-baccarat/", {"win": 172_660_763_262_976}),
    "lucky-6": (
        "https://wizardofodds.com/games/baccarat/side-bets/lucky-6/",
        {"two-card 6": 186_173_936_904_192, "three-card 6": 83_058_367_551_488},
    ),
    "super-6": (
        "https://wizardofodds.com/games/baccarat/appendix/6/ (Banker win with six points)",
        {"win": 269_232_304_455_680},
    ),
    "big-tiger": (
        "https://wizardofodds.com/games/baccarat/side-bets/lucky-6/ (3-card winning Banker 6)",
        {"win": 83_058_367_551_488},
    ),
    **{
        f"egalite-{t}": (
            "https://wizardofodds.com/games/baccarat/side-bets/egalite/",
            {f"tie at {t}": n},
        )
        for t, n in {
            9: 55_146_054_060_032,
            8: 54_879_416_675_072,
            7: 101_717_538_899_968,
            6: 96_170_001_308_416,
            5: 39_684_046_743_808,
            4: 36_294_133_463_040,
            3: 22_250_510_129_408,
            2: 20_006_606_104_576,
            1: 20_499_217_668_352,
            0: 28_979_901_420_544,
        }.items()
    },
}

# Published 8-deck house edges (percent, as printed, and the digits printed).
PUBLISHED_EDGES: dict[str, tuple[str, float, int]] = {
    "dragon-bonus-player": (WOO_SIDE, 2.65, 2),
    "dragon-bonus-banker": (WOO_SIDE, 9.37, 2),
    "dragon-7": ("https://wizardofodds.com/games/ez-baccarat/ (return -0.076113)", 7.6113, 4),
    "panda-8": ("https://wizardofodds.com/games/ez-baccarat/ (return -0.101876)", 10.1876, 4),
    "player-pair": (
        "https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/",
        10.361,
        3,
    ),
    "banker-pair": (
        "https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/",
        10.361,
        3,
    ),
    "either-pair": (
        "https://wordstreetjournal.com/top-ten-baccarat-side-games-detailed-odds-and-payouts/",
        13.71,
        2,
    ),
    "perfect-pair": (
        "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/",
        13.03,
        2,
    ),
    "perfect-pair-both": (
        "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver2/",
        6.62,
        2,
    ),
    "big": ("https://vegasfreedom.com/baccarat/what-is-big-and-small-in-baccarat/", 4.35, 2),
    "small": (WOO_SIDE + " (4-5-6 bet, 4 cards pays 1.5: return -0.05283)", 5.283, 3),
    "super-6": (
        "https://www.leovegas.com/en-row/blog/live-casino/baccarat-academy/side-bets-guide/super-6-side-bet",
        29.98,
        2,
    ),
    "lucky-6": ("https://wizardofodds.com/games/baccarat/side-bets/lucky-6/", 11.70, 2),
    "big-tiger": (
        "https://advancedadvantageplay.com/2024/07/card-counting-the-big-tiger-baccarat-side-bet",
        15.2533,
        4,
    ),
    **{
        f"egalite-{t}": ("https://wizardofodds.com/games/baccarat/side-bets/egalite/", edge, 4)
        for t, edge in {
            9: 10.6348,
            8: 11.0669,
            7: 6.3899,
            6: 11.4952,
            5: 11.8732,
            4: 12.1401,
            3: 10.5243,
            2: 9.5412,
            1: 11.4150,
            0: 12.4527,
        }.items()
    },
}


@pytest.fixture(scope="module")
def eight_decks() -> dict[str, object]:
    results = odds(EIGHT_DECKS, Rules(), [find_bet(name) for name in SIDE_BET_NAMES]).bets
    return {result.name: result for result in results}


def test_every_side_bet_has_a_published_edge() -> None:
    assert set(PUBLISHED_EDGES) == set(SIDE_BET_NAMES)


@pytest.mark.parametrize("name", sorted(PUBLISHED_COUNTS))
def test_published_counts(name: str, eight_decks: dict[str, object]) -> None:
    _source, expected = PUBLISHED_COUNTS[name]
    result = eight_decks[name]
    counts = {line: count for (line, _, _), count in zip(result.lines, result.line_counts)}  # type: ignore[attr-defined]
    for line, count in expected.items():
        assert counts[line] == count
    assert result.denominator == TOTAL_8  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(PUBLISHED_EDGES))
def test_published_house_edges(name: str, eight_decks: dict[str, object]) -> None:
    _source, edge, digits = PUBLISHED_EDGES[name]
    result = eight_decks[name]
    assert round(float(-result.ev) * 100, digits) == pytest.approx(edge, abs=10**-digits / 2)  # type: ignore[attr-defined]


@settings(max_examples=20)
@given(small_shoes())
def test_value_bets_agree_with_the_reference(shoe: Shoe) -> None:
    """Every value-based side bet, line by line, against the card-by-card reference."""
    probs = reference_event_probabilities(shoe)
    value_bets = [find_bet(name) for name in SIDE_BET_NAMES if not find_bet(name).needs_pairs]
    for result in odds(shoe, Rules(), value_bets).bets:
        for line, (_, _, p) in zip(result.bet.lines, result.lines):
            expected = sum((probs.get(EVENTS[e], Fraction(0)) for e in line.events), Fraction(0))
            assert p == expected, (result.name, line.name)


@settings(max_examples=10)
@given(small_shoes(max_ranks=4))
def test_infinite_shoe_agrees_with_the_reference(shoe: Shoe) -> None:
    infinite = Shoe(counts=shoe.counts, infinite=True)
    probs = reference_event_probabilities(infinite)
    (dragon,) = odds(infinite, Rules(), [find_bet("dragon-7")]).bets
    expected = sum(
        (
            p
            for e, p in probs.items()
            if e.banker > e.player and e.banker == 7 and e.banker_cards == 3
        ),
        Fraction(0),
    )
    assert dragon.win == expected


def test_every_bet_sums_to_one(eight_decks: dict[str, object]) -> None:
    for result in eight_decks.values():
        assert sum(p for _, _, p in result.lines) == 1  # type: ignore[attr-defined]


def test_price_defaults_and_order() -> None:
    assert [r.ev for r in odds(EIGHT_DECKS).bets] == [r.ev for r in odds(EIGHT_DECKS).bets]
    bets = [find_bet("big"), find_bet("player-pair"), find_bet("banker")]
    assert [r.name for r in odds(EIGHT_DECKS, None, bets).bets] == ["big", "player-pair", "banker"]


def test_price_odds_shares_the_outcome_counts() -> None:
    both = odds(
        EIGHT_DECKS, Rules(), with_main_bets(Rules(), [find_bet("dragon-7"), find_bet("tie")])
    )
    plain = odds(EIGHT_DECKS)
    assert both.counts == plain.counts and both.total == plain.total == TOTAL_8
    assert [b.name for b in both.bets] == ["banker", "player", "tie", "dragon-7"]


def test_names_and_aliases() -> None:
    assert BET_NAMES[:3] == MAIN_BET_NAMES == ("banker", "player", "tie")
    assert list(SIDE_BETS) == [*SIDE_BET_NAMES, *ADDED_BET_NAMES] == list(BET_NAMES[3:])
    assert find_bet("Fortune 7") is find_bet("dragon_7") is SIDE_BETS["dragon-7"].bet
    assert (
        find_bet("BANKER", Rules(commission=Fraction(0)))
        == main_bets(Rules(commission=Fraction(0)))[0]
    )
    with pytest.raises(
        RulesError, match=r"unknown bet 'nonsense': \(known bets: banker, player, tie, "
    ):
        find_bet("nonsense")


def test_a_name_clash_is_an_error() -> None:
    assert unique_bets([find_bet("big"), find_bet("big")]) == (find_bet("big"),)
    fake = replace(find_bet("small"), name="big")
    with pytest.raises(RulesError, match="two different bets are named 'big'"):
        unique_bets([find_bet("big"), fake])


def test_six_cards_are_needed() -> None:
    with pytest.raises(ShoeError, match="holds 5 cards"):
        odds(Shoe.from_counts({"A": 5}), None, [find_bet("player-pair")])
