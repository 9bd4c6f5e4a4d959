"""Every golden file's values tied to a source other than the code that wrote them.

``check`` proves a golden file still equals what the tool computes; these tests prove
that what it holds is right. Each test reads a stored file (never runs the command
again) and compares its numbers with one of: the simple card-by-card reference
implementations (tests/reference.py, tests/blackjack_reference.py), a brute force
over physical cards, a published figure (its URL next to the value), or an identity
that ties one file to others already confirmed. tests/golden/README.md lists, for
each file, the source and the test below that confirm it.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections import defaultdict
from fractions import Fraction
from functools import cache
from math import ceil, comb, exp, floor, perm
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.blackjack.edge import basic_strategy
from baccarat_exact.blackjack.hands import ACE, SEVEN, SLOT_LABELS, TEN, Counts
from baccarat_exact.blackjack.rules import BlackjackRules, DealerBlackjackTakes
from baccarat_exact.model.events import Event, Outcome
from baccarat_exact.model.shoe import Shoe
from tests import blackjack_reference
from tests.reference import reference_event_probabilities
from tests.test_blackjack_strategy import PUBLISHED_HARD, PUBLISHED_PAIRS
from tests.test_published_bets import (
    FOUR_CARDS_8,
    PUBLISHED_FOUR_CARD_DEALS,
    PUBLISHED_PAY_AND_COUNT,
    PUBLISHED_SEQUENCES,
    PUBLISHED_TWO_CARD_HANDS,
    PUBLISHED_WRONG,
    TWO_CARDS_8,
)
from tests.test_published_bets import (
    PUBLISHED_EDGES as PUBLISHED_ADDED_EDGES,
)
from tests.test_sidebets import PUBLISHED_COUNTS as PUBLISHED_SIDE_BET_COUNTS
from tests.test_sidebets import PUBLISHED_EDGES as PUBLISHED_SIDE_BET_EDGES

if sys.version_info >= (3, 11):  # pragma: no cover - depends on the interpreter
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
Document = dict[str, Any]

RANKS = "A23456789TJQK"
TENS = "TJQK"
SUITS = "shdc"  # the order of the suit counts a document records

# Punto banco pays (the casino's rules page; Wizard of Odds, https://wizardofodds.com/games/baccarat/):
# Banker 19 to 20 (5 % commission), Player 1 to 1, Tie 8 to 1 (push for Banker and Player).
BANKER_PAYS, TIE_PAYS = Fraction(19, 20), Fraction(8)
# Dragon 7 pays 40 to 1 on a Banker win with a three-card 7
# (Wizard of Odds, EZ Baccarat, https://wizardofodds.com/games/ez-baccarat/).
DRAGON_7_PAYS = Fraction(40)

# Six-card sequences of 8 decks: 4,998,398,275,503,360 (Wizard of Odds, https://wizardofodds.com/games/baccarat/);
# Banker, Player and Tie counts of casinoexploit.com/baccarat.html, "Probabilities in 8deck Baccarat".
TOTAL_8 = 4_998_398_275_503_360
BANKER_8, PLAYER_8, TIE_8 = 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216


def _load(name: str) -> Any:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def _q(text: str | int) -> Fraction:
    return Fraction(text)


def _percent(value: Fraction, places: int) -> str:
    return f"{float(value) * 100:.{places}f}"


# -- the baccarat reference ------------------------------------------------------------


def _merged(counts: dict[str, int]) -> Shoe:
    """The shoe with every ten-value card written as a T. The main bets and the value side
    bets read point values only (a K removed is a T removed: tests/test_odds.py), and the
    reference then branches on ten ranks instead of thirteen."""
    tens = sum(counts.get(r, 0) for r in TENS)
    return Shoe.from_counts([*(counts.get(r, 0) for r in RANKS[:9]), tens, 0, 0, 0])


def _without(counts: dict[str, int], cards: list[str]) -> dict[str, int]:
    left = dict(counts)
    for card in cards:
        left[card[0]] -= 1
    return left


def _one_deck() -> dict[str, int]:
    return dict.fromkeys(RANKS, 4)


def _reference_bets(shoe: Shoe) -> dict[str, dict[str, Fraction]]:
    """Win probability and EV of Banker, Player, Tie and Dragon 7, from the reference."""
    events = reference_event_probabilities(shoe)

    def chance(test: Any) -> Fraction:
        return sum((p for e, p in events.items() if test(e)), Fraction(0))

    banker = chance(lambda e: e.outcome is Outcome.BANKER)
    player = chance(lambda e: e.outcome is Outcome.PLAYER)
    tie = chance(lambda e: e.outcome is Outcome.TIE)
    dragon = chance(_dragon_7)
    return {
        "banker": {"win": banker, "ev": BANKER_PAYS * banker - player},
        "player": {"win": player, "ev": player - banker},
        "tie": {"win": tie, "ev": TIE_PAYS * tie - (1 - tie)},
        "dragon-7": {"win": dragon, "ev": DRAGON_7_PAYS * dragon - (1 - dragon)},
    }


def _dragon_7(e: Event) -> bool:
    return e.outcome is Outcome.BANKER and e.banker == 7 and e.banker_cards == 3


# -- custom bets -----------------------------------------------------------------------

# Wizard of Odds, Baccarat Side Bets, Dragon Bonus (Player), 8 decks
# (https://wizardofodds.com/games/baccarat/appendix/5/): combinations per pay line; house edge 2.65 %.
DRAGON_BONUS_PLAYER_8 = {
    "win by 9": 18_409_431_764_992,
    "win by 8": 34_097_645_543_424,
    "win by 7": 89_590_261_473_280,
    "win by 6": 141_238_897_317_888,
    "win by 5": 166_169_165_987_840,
    "win by 4": 186_780_352_174_080,
    "natural win": 812_685_054_124_032,
    "natural tie": 89_325_908_267_520,
}
# Wizard of Odds, EZ Baccarat (https://wizardofodds.com/games/ez-baccarat/): Dragon 7 wins
# 112,633,011,329,024 of the 8-deck sequences; return -0.076113.
DRAGON_7_WINS_8 = 112_633_011_329_024
# Wizard of Odds, Perfect Pairs version 2, 8 decks
# (https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver2/): two perfect pairs
# 2,101,008, one 244,747,776 of 7,379,583,120 four-card deals; house edge 6.62 %.
PERFECT_PAIRS_8 = (2_101_008, 244_747_776, 7_379_583_120)


def test_custom_bets_match_the_published_figures_and_the_catalogue() -> None:
    document = _load("custom-bets-8-decks.json")
    catalogue = _load("sidebets-8-decks.json")["bets"]
    assert document["total"] == TOTAL_8
    assert [document["outcomes"][o]["count"] for o in ("banker", "player", "tie")] == [
        BANKER_8,
        PLAYER_8,
        TIE_8,
    ]

    bonus = document["bets"]["my-dragon-bonus-player"]
    counts = {line["name"]: line["count"] for line in bonus["lines"]}
    assert {name: counts[name] for name in DRAGON_BONUS_PLAYER_8} == DRAGON_BONUS_PLAYER_8
    assert counts["lose"] == TOTAL_8 - sum(DRAGON_BONUS_PLAYER_8.values())
    pays = {"win by 9": 30, "win by 8": 10, "win by 7": 6, "win by 6": 4, "win by 5": 2}
    pays |= {"win by 4": 1, "natural win": 1, "natural tie": 0, "lose": -1}
    ev = sum((Fraction(pays[name] * n, TOTAL_8) for name, n in counts.items()), Fraction(0))
    assert _q(bonus["ev"]) == ev
    assert _percent(-ev, 2) == "2.65"
    # Defined like the catalogue's dragon-bonus-player: every value is the built-in bet's.
    builtin = catalogue["dragon-bonus-player"]
    for key in ("win", "push", "lose", "ev", "variance", "hit_frequency", "element_of_risk"):
        assert bonus[key] == builtin[key], key
    assert bonus["lines"] == builtin["lines"]

    dragon = document["bets"]["my-dragon-7"]
    assert [(line["name"], line["count"]) for line in dragon["lines"]] == [
        ("win", DRAGON_7_WINS_8),
        ("lose", TOTAL_8 - DRAGON_7_WINS_8),
    ]
    assert _q(dragon["ev"]) == Fraction(41 * DRAGON_7_WINS_8, TOTAL_8) - 1
    assert f"{float(_q(dragon['ev'])):.6f}" == "-0.076113"
    assert dragon["ev"] == catalogue["dragon-7"]["ev"]

    both, one, deals = PERFECT_PAIRS_8
    pairs = {
        line["name"]: _q(line["probability"])
        for line in document["bets"]["my-perfect-pair-both"]["lines"]
    }
    assert pairs["two perfect pairs"] == Fraction(both, deals)
    assert pairs["one perfect pair"] == Fraction(one, deals)
    edge = -(251 * Fraction(both, deals) + 26 * Fraction(one, deals) - 1)
    assert _q(document["bets"]["my-perfect-pair-both"]["house_edge"]) == edge
    assert _percent(edge, 2) == "6.62"


def test_custom_bets_document_records_the_example_definitions() -> None:
    # The document checks without the TOML file: it holds the definitions, as written there.
    document = _load("custom-bets-8-decks.json")
    written = tomllib.loads((EXAMPLES / "custom-bets.toml").read_text(encoding="utf-8"))
    definitions = document["request"]["bets"]["definitions"]
    assert definitions == {bet["name"]: bet for bet in written["bet"]}


# -- suits -----------------------------------------------------------------------------


def _suited_pair_chances(classes: list[int]) -> tuple[Fraction, Fraction]:
    """P(the Player's first two cards are a suited pair) and P(both hands' are), counting
    ordered deals P1 B1 P2 B2 of physical cards grouped by rank and suit (class sizes)."""
    n = sum(classes)
    player = Fraction(sum(a * (a - 1) for a in classes), n * (n - 1))
    both = 0
    for i, a in enumerate(classes):
        for j, b in enumerate(classes):
            rest = b - 2 if i == j else b
            both += a * (a - 1) * rest * (rest - 1) if rest >= 2 else 0
    return player, Fraction(both, perm(n, 4))


def test_seen_suits_price_the_perfect_pairs_exactly() -> None:
    document = _load("suits-2-decks-seen.json")
    # odds --decks 2 --remove "As Ah Kd 9c": every rank and suit twice, those four once.
    seen = {"As", "Ah", "Kd", "9c"}
    classes = {r + s: 2 - (r + s in seen) for r in RANKS for s in SUITS}
    assert document["shoe"]["suits"] == {r: [classes[r + s] for s in SUITS] for r in RANKS}
    player, both = _suited_pair_chances(list(classes.values()))
    one = 2 * player - 2 * both  # exactly one hand (the Banker's chance is the Player's)
    either = 2 * player - both
    lines = {
        (bet, line["name"]): _q(line["probability"])
        for bet in ("perfect-pair", "perfect-pair-both")
        for line in document["bets"][bet]["lines"]
    }
    assert lines[("perfect-pair", "perfect pair")] == either
    assert lines[("perfect-pair-both", "two perfect pairs")] == both
    assert lines[("perfect-pair-both", "one perfect pair")] == one
    # Wizard of Odds, Perfect Pairs version 1 (https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/): pays 25.
    assert _q(document["bets"]["perfect-pair"]["ev"]) == 26 * either - 1
    assert _q(document["bets"]["perfect-pair-both"]["ev"]) == 251 * both + 26 * one - 1
    assert document["total"] == perm(100, 6)
    # The main bets read ranks only: the reference on the same ranks.
    counts = {r: sum(classes[r + s] for s in SUITS) for r in RANKS}
    reference = _reference_bets(_merged(counts))
    for bet in ("banker", "player", "tie"):
        assert _q(document["bets"][bet]["ev"]) == reference[bet]["ev"]


def test_suit_counts_with_an_unknown_card_out_match_a_brute_force() -> None:
    document = _load("suits-counts-15-cards.json")
    # odds --counts "As=2,Ah=1,Kd=2,Ks=1,9c=2,9h=1,5s=2,5d=1,7h=2,Qc=2" --remove "K": the K
    # taken out is any of the three physical kings, each equally likely.
    spec = "As=2,Ah=1,Kd=2,Ks=1,9c=2,9h=1,5s=2,5d=1,7h=2,Qc=2"
    start = [
        card for item in spec.split(",") for card, n in [item.split("=")] for _ in range(int(n))
    ]
    kings = [i for i, card in enumerate(start) if card[0] == "K"]
    player_pair = either = both = Fraction(0)
    for gone in kings:
        cards = [card for i, card in enumerate(start) if i != gone]
        share = Fraction(1, len(kings) * perm(len(cards), 4))
        for p1, b1, p2, b2 in itertools.permutations(cards, 4):
            player_suited, banker_suited = p1 == p2, b1 == b2
            player_pair += share * (p1[0] == p2[0])
            either += share * (player_suited or banker_suited)
            both += share * (player_suited and banker_suited)
    lines = {
        (bet, line["name"]): _q(line["probability"])
        for bet in ("perfect-pair", "perfect-pair-both", "player-pair")
        for line in document["bets"][bet]["lines"]
    }
    assert lines[("player-pair", "pair")] == player_pair
    assert lines[("perfect-pair", "perfect pair")] == either
    assert lines[("perfect-pair-both", "two perfect pairs")] == both
    assert lines[("perfect-pair-both", "one perfect pair")] == either - both
    counts = {"A": 3, "K": 2, "9": 3, "5": 3, "7": 2, "Q": 2}
    assert {r: n for r, n in document["shoe"]["counts"].items() if n} == counts
    reference = _reference_bets(_merged(counts))
    for outcome in ("banker", "player", "tie"):
        assert _q(document["outcomes"][outcome]["probability"]) == reference[outcome]["win"]
        assert _q(document["bets"][outcome]["ev"]) == reference[outcome]["ev"]


# -- statistics of a bet ---------------------------------------------------------------

PRICED_LINES = [
    "custom-bets-8-decks.json",
    "sidebets-19-cards.json",
    "sidebets-8-decks.json",
    "suits-2-decks-seen.json",
    "suits-counts-15-cards.json",
    "variant-ez-8-decks.json",
    "variant-super-6-8-decks.json",
]


@pytest.mark.parametrize("file", PRICED_LINES)
def test_bet_statistics_follow_from_the_pay_lines(file: str) -> None:
    """Each line's probability is its count over the total; EV, house edge, hit frequency,
    variance and element of risk are their textbook definitions over the lines (stats.py
    states them): the lines themselves are tied to sources by the tests above."""
    document = _load(file)
    priced = [(name, bet) for name, bet in document["bets"].items() if "lines" in bet]
    assert priced
    for name, bet in priced:
        lines = [(_q(line["pays"]), _q(line["probability"])) for line in bet["lines"]]
        for line in bet["lines"]:
            assert _q(line["probability"]) == _q(line["count"]) / document["total"], name
        assert sum(p for _, p in lines) == 1
        ev = sum((pays * p for pays, p in lines), Fraction(0))
        push = sum((p for pays, p in lines if pays == 0), Fraction(0))
        assert _q(bet["ev"]) == ev and _q(bet["house_edge"]) == -ev, name
        assert _q(bet["win"]) == sum((p for pays, p in lines if pays > 0), Fraction(0)), name
        assert _q(bet["hit_frequency"]) == _q(bet["win"]) and _q(bet["push"]) == push, name
        assert _q(bet["lose"]) == sum((p for pays, p in lines if pays < 0), Fraction(0)), name
        variance = sum((pays * pays * p for pays, p in lines), Fraction(0)) - ev * ev
        assert _q(bet["variance"]) == variance, name
        assert bet["std_dev_float"] == pytest.approx(float(variance) ** 0.5, rel=1e-12), name
        can_push = any(pays == 0 for pays, _ in lines) and push < 1
        risk = bet["element_of_risk"]
        assert (None if risk is None else _q(risk)) == (-ev / (1 - push) if can_push else None)


# -- games, bets, rules ----------------------------------------------------------------


def test_games_edges_are_those_of_the_odds_documents() -> None:
    games = {game["name"]: game for game in _load("games-8-decks.json")["games"]}
    assert set(games) == {
        *("punto-banco", "tie-9", "ez", "super-6"),
        *("baccarat-gold", "baccarat-gold-stand-5"),
    }
    for name, file in (
        ("punto-banco", "8-decks.json"),
        ("ez", "variant-ez-8-decks.json"),
        ("super-6", "variant-super-6-8-decks.json"),
    ):
        odds = _load(file)
        assert games[name]["rules"] == odds["rules"]
        for bet in ("banker", "player", "tie"):
            assert _q(games[name]["house_edge"][bet]) == -_q(odds["bets"][bet]["ev"]), (name, bet)
    # Tie 9 to 1: EV = 10 P(tie) - 1 with the published tie count; "4.84 %" (Wizard of Odds,
    # https://wizardofodds.com/games/baccarat/); Banker and Player as in punto banco.
    tie_9 = games["tie-9"]["house_edge"]
    assert _q(tie_9["tie"]) == 1 - 10 * Fraction(TIE_8, TOTAL_8)
    assert _percent(_q(tie_9["tie"]), 2) == "4.84"
    assert tie_9["banker"] == games["punto-banco"]["house_edge"]["banker"]
    assert tie_9["player"] == games["punto-banco"]["house_edge"]["player"]
    # multiplayerbaccarat.com/odds.html (after Thorp): 8 decks, Banker 1.0579 %, Player 1.2351 %.
    assert _percent(_q(games["punto-banco"]["house_edge"]["banker"]), 4) == "1.0579"
    assert _percent(_q(games["punto-banco"]["house_edge"]["player"]), 4) == "1.2351"
    # EZ Banker 1.0183 % (Eliot Jacobson,
    # https://www.888casino.com/blog/side-bets/card-counting-the-tiger-7-ox-6-and-kill-the-oxtiger-baccarat-side-bets);
    # Super 6 Banker return -0.014581 (Wizard of Odds, https://wizardofodds.com/games/baccarat/appendix/6/).
    assert _percent(_q(games["ez"]["house_edge"]["banker"]), 4) == "1.0183"
    assert f"{-float(_q(games['super-6']['house_edge']['banker'])):.6f}" == "-0.014581"
    # Baccarat Gold, Player drawing on 5 (Wizard of Odds, https://wizardofodds.com/games/baccarat/gold/):
    # Player wins 2,232,878,486,302,976, Banker wins 2,290,212,297,375,744, ties
    # 475,307,491,824,640 of the 8-deck six-card sequences; Tie pays 9 to 1.
    gold = games["baccarat-gold"]["house_edge"]
    player, banker = (
        Fraction(2_232_878_486_302_976, TOTAL_8),
        Fraction(2_290_212_297_375_744, TOTAL_8),
    )
    assert _q(gold["player"]) == banker - player
    assert _q(gold["banker"]) == player - Fraction(19, 20) * banker
    assert _q(gold["tie"]) == 1 - 10 * Fraction(475_307_491_824_640, TOTAL_8)


def test_bets_listing_edges_are_those_of_the_odds_documents() -> None:
    listing = {bet["name"]: bet for bet in _load("bets-8-decks.json")["bets"]}
    priced = {
        **_load("published-bets-8-decks.json")["bets"],
        **_load("sidebets-8-decks.json")["bets"],
    }
    assert set(listing) == set(priced)
    for name, entry in listing.items():
        assert _q(entry["house_edge"]) == -_q(priced[name]["ev"]), name
        if "lines" in priced[name]:  # the main bets' lines are win, push and lose
            assert [(line["name"], line["pays"]) for line in entry["lines"]] == [
                (line["name"], line["pays"]) for line in priced[name]["lines"]
            ], name
    for bet in ("banker", "player", "tie"):
        assert listing[bet]["house_edge"] == _load("8-decks.json")["bets"][bet]["ev"].lstrip("-")
    # Player Pair, d decks: P = (4d - 1)/(52d - 1), pays 11 (Eliot Jacobson,
    # https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/).
    assert _q(listing["player-pair"]["house_edge"]) == 1 - 12 * Fraction(31, 415)
    for name, (
        _source,
        edge,
        digits,
    ) in PUBLISHED_SIDE_BET_EDGES.items():  # URLs: tests/test_sidebets.py
        assert round(float(_q(listing[name]["house_edge"])) * 100, digits) == pytest.approx(
            edge, abs=10**-digits / 2
        ), name


def _published_banker_draws(banker: int, third: int | None) -> bool:
    """The Banker's drawing rule, as the casino's rules page and Wizard of Odds print it
    (https://wizardofodds.com/games/baccarat/basics/): third None when the Player stood."""
    if third is None:
        return banker <= 5
    return {
        0: True,
        1: True,
        2: True,
        3: third != 8,
        4: 2 <= third <= 7,
        5: 4 <= third <= 7,
        6: third in (6, 7),
    }.get(banker, False)


def test_ez_rules_card_is_the_published_game() -> None:
    card = _load("rules-ez.json")
    thirds: list[int | None] = [*range(10), None]
    assert card["tableau"] == {
        "naturals": [8, 9],
        "player": "".join("D" if total <= 5 else "S" for total in range(10)),
        "banker": [
            "".join("D" if _published_banker_draws(b, t) else "S" for t in thirds)
            for b in range(10)
        ],
    }
    # EZ Baccarat (Wizard of Odds, https://wizardofodds.com/games/ez-baccarat/): no commission;
    # a Banker win on a three-card 7 is a push; Player 1 to 1, Tie 8 to 1.
    assert card["rules"] == {
        "game": "ez",
        "commission": "0",
        "tie_pays": "8",
        "special_wins": [{"bet": "banker", "total": 7, "cards": 3, "pays": "0"}],
    }
    assert (card["player_pays"], card["banker_pays"]) == ("1", "1")


# -- effect of removal -----------------------------------------------------------------

# excelpunks.com, "Concepts 16: Baccarat - Effects of Card Removal"
# (https://excelpunks.com/concepts-16-baccarat-effects-of-card-removal/), 8 decks: change in
# the Player's chance of winning when one card of a value is removed, to 10 decimals.
EXCELPUNKS_PLAYER_WIN = {"4": "-0.0000435175", "T": "-0.0000373810"}  # T: T J Q K
EXCELPUNKS_PLAYER_WIN |= {"A": "-0.0000295798", "3": "-0.0000217068"}


def test_eight_deck_effects_match_the_published_table_and_add_up() -> None:
    document = _load("eor-8-decks.json")
    bets = document["bets"]
    player = bets["player"]["effects"]
    for label, published in EXCELPUNKS_PLAYER_WIN.items():
        assert abs(_q(player[label]["win_effect"]) - Fraction(published)) <= Fraction(1, 2 * 10**10)
    eight = _load("8-decks.json")["bets"]
    for name, bet in bets.items():
        assert bet["ev"] == eight[name]["ev"]
        # Removing every card removes nothing on average: sum of cards x effect = 0.
        assert sum(row["cards"] * _q(row["effect"]) for row in bet["effects"].values()) == 0
        assert bet["weighted_sum"] == "0"
    for label, row in bets["banker"]["effects"].items():
        banker_win, player_win = _q(row["win_effect"]), _q(player[label]["win_effect"])
        # EV(banker) = 19/20 P(banker) - P(player); EV(player) = P(player) - P(banker).
        assert _q(row["effect"]) == BANKER_PAYS * banker_win - player_win
        assert _q(player[label]["effect"]) == player_win - banker_win
        tie = bets["tie"]["effects"][label]
        assert _q(tie["effect"]) == 9 * _q(tie["win_effect"])  # EV(tie) = 9 P(tie) - 1


def test_small_shoe_effects_are_the_reference_before_and_after_each_removal() -> None:
    document = _load("eor-16-cards.json")
    counts = {r: n for r, n in document["shoe"]["counts"].items()}
    # eor --counts "A=1,4=1,5=4,7=2,8=1,Q=3,K=4" --bet dragon-7
    assert counts == {
        **dict.fromkeys(RANKS, 0),
        "A": 1,
        "4": 1,
        "5": 4,
        "7": 2,
        "8": 1,
        "Q": 3,
        "K": 4,
    }
    base = _reference_bets(_merged(counts))
    for name, bet in document["bets"].items():
        assert _q(bet["ev"]) == base[name]["ev"]
        assert _q(bet["win"]) == base[name]["win"]
        assert sum(row["cards"] * _q(row["effect"] or 0) for row in bet["effects"].values()) == 0
    for label, row in document["bets"]["banker"]["effects"].items():
        assert label == row["ranks"][0]
        held = [r for r in row["ranks"] if counts[r]]
        assert row["cards"] == sum(counts[r] for r in row["ranks"])
        if not held:
            assert all(b["effects"][label]["effect"] is None for b in document["bets"].values())
            continue
        after = _reference_bets(_merged(_without(counts, [held[0]])))
        for name, bet in document["bets"].items():
            entry = bet["effects"][label]
            assert _q(entry["effect"]) == after[name]["ev"] - base[name]["ev"], (label, name)
            assert _q(entry["win_effect"]) == after[name]["win"] - base[name]["win"], (label, name)


def _by_value(effects: dict[str, Any]) -> tuple[list[int], list[Fraction]]:
    """Cards and card-weighted mean effect of each point value, in tag order A..9, T."""
    cards, effects_by_value = [0] * 10, [Fraction(0)] * 10
    for label, row in effects.items():
        slot = _slot(label)
        if row["cards"]:
            effects_by_value[slot] = (
                effects_by_value[slot] * cards[slot] + row["cards"] * _q(row["effect"])
            ) / (cards[slot] + row["cards"])
            cards[slot] += row["cards"]
    return cards, effects_by_value


def _fit(
    cards: list[int], effects: list[Fraction], tags: list[int] | tuple[int, ...]
) -> tuple[Fraction, float]:
    """Slope and card-weighted correlation of a balanced count's tags with the effects."""
    sxy = sum((n * t * e for n, t, e in zip(cards, tags, effects)), Fraction(0))
    sxx = sum(n * t * t for n, t in zip(cards, tags))
    syy = sum((n * e * e for n, e in zip(cards, effects)), Fraction(0))
    return sxy / sxx, float(sxy) / (float(sxx) * float(syy)) ** 0.5


@pytest.mark.parametrize("file", ["eor-8-decks.json", "eor-16-cards.json"])
def test_derived_counts_follow_from_the_effects(file: str) -> None:
    """Thorp's method as docs/card-counting.md defines it: tags near level x EOR / max|EOR|,
    balanced, with the best card-weighted correlation; the linear model's slope and
    break-even true count (EV + slope (N - 1)/52 TC = 0)."""
    document = _load(file)
    level = document["request"]["counting"]["level"]
    size = sum(document["shoe"]["counts"].values())
    for name, fit in document["counts"].items():
        cards, effects = _by_value(document["bets"][name]["effects"])
        tags = [fit["tags"][label] for label in SLOT_LABELS]
        assert sum(n * t for n, t in zip(cards, tags, strict=True)) == fit["imbalance"] == 0

        slope, r = _fit(cards, effects, tags)
        assert _q(fit["slope"]) == slope, name
        assert fit["betting_correlation_float"] == pytest.approx(r, rel=1e-12), name
        per_true_count = slope * (size - 1) / 52
        assert fit["ev_per_true_count_float"] == pytest.approx(float(per_true_count), rel=1e-12)
        ev = _q(document["bets"][name]["ev"])
        assert fit["break_even_true_count_float"] == pytest.approx(
            float(-ev / per_true_count), rel=1e-12
        )
        largest = max(abs(e) for e in effects)
        near = [
            sorted({floor(level * e / largest), ceil(level * e / largest)}) if n else [0]
            for n, e in zip(cards, effects)
        ]
        assert all(abs(t) <= level for t in tags)
        for other in itertools.product(*near):
            if sum(n * t for n, t in zip(cards, other)) == 0 and any(other):
                assert _fit(cards, effects, other)[1] <= r + 1e-12, (name, other)


# -- formulas and break-even -----------------------------------------------------------


def _at(function: dict[str, Any], d: Fraction | int) -> Fraction:
    x = Fraction(d)
    numerator = sum((c * x**i for i, c in enumerate(function["numerator"])), Fraction(0))
    denominator = sum((c * x**i for i, c in enumerate(function["denominator"])), Fraction(0))
    return numerator / denominator


def _evaluate(text: str, symbols: dict[str, Fraction]) -> Fraction:
    """A printed formula (integers, + - * / ** and the given symbols only) at ``symbols``."""
    assert re.fullmatch(r"[\s\w*/()+-]+", text), text
    assert set(re.findall(r"[A-Za-z_]\w*", text)) <= set(symbols), text
    value = eval(text, {"__builtins__": {}}, dict(symbols))
    assert isinstance(value, Fraction)
    return value


def _series(function: dict[str, Any], terms: int) -> list[Fraction]:
    """Coefficients of d**0, d**-1, ... of a bounded rational function, by long division."""
    top = [Fraction(c) for c in reversed(function["numerator"])]
    bottom = [Fraction(c) for c in reversed(function["denominator"])]
    while top and top[0] == 0:
        top.pop(0)
    shift = len(bottom) - len(top)  # the series starts at d**-shift
    result: list[Fraction] = []
    rest = top + [Fraction(0)] * terms
    for k in range(terms - shift):
        c = rest[k] / bottom[0]
        result.append(c)
        for j, b in enumerate(bottom):
            if k + j < len(rest):
                rest[k + j] -= c * b
    return [Fraction(0)] * shift + result


DECK_FILES = {1: "1-deck.json", 2: "2-decks.json", 4: "4-decks.json", 6: "6-decks.json"}
DECK_FILES[8] = "8-decks.json"


def test_formula_at_d_decks_is_the_d_deck_documents_and_its_limit_the_infinite_shoe() -> None:
    document = _load("formula.json")
    functions = {**document["outcomes"]}
    functions |= {f"{bet} ev": entry["ev"] for bet, entry in document["bets"].items()}
    for decks, file in DECK_FILES.items():
        odds = _load(file)
        for outcome in ("banker", "player", "tie"):
            expected = _q(odds["outcomes"][outcome]["probability"])
            assert _at(document["outcomes"][outcome], decks) == expected, (decks, outcome)
            assert _at(document["bets"][outcome]["ev"], decks) == _q(odds["bets"][outcome]["ev"])
            for line in document["bets"][outcome]["lines"]:
                assert _at(line["probability"], decks) == _q(odds["bets"][outcome][line["name"]])
    infinite = _load("infinite.json")
    for outcome in ("banker", "player", "tie"):
        limit = _q(infinite["outcomes"][outcome]["probability"])
        assert _q(document["outcomes"][outcome]["limit"]) == limit
        assert _q(document["outcomes"][outcome]["infinite_shoe"]) == limit
        assert _q(document["bets"][outcome]["ev"]["limit"]) == _q(infinite["bets"][outcome]["ev"])
    for name, function in functions.items():
        assert [_q(c) for c in function["series"]] == _series(function, document["terms"]), name
        # The printed formula is the same function.
        assert _evaluate(function["text"], {"d": Fraction(7)}) == _at(function, 7), name


# Yui-Bin Chen, "Casino Games - Mini Baccarat", http://vegastrip.com/game_baccarat.html:
# P(banker), P(player), P(tie) in percent, an infinite shoe and 1, 2, 4, 8 decks (its 6-deck
# Player figure is off in the last digits: tests/test_formulas.py).
CHEN_INFINITE = ("45.8428", "44.6147", "9.5426")
CHEN_DECKS = {
    1: ("45.9624", "44.6760", "9.3615"),
    2: ("45.9073", "44.6508", "9.4419"),
    4: ("45.8761", "44.6340", "9.4898"),
    8: ("45.8597", "44.6247", "9.5156"),
}


def test_formula_limit_is_the_published_infinite_shoe() -> None:
    outcomes = _load("formula.json")["outcomes"]
    shown = tuple(_percent(_q(outcomes[o]["limit"]), 4) for o in ("banker", "player", "tie"))
    assert shown == CHEN_INFINITE


def test_fair_commission_and_pays_make_each_bet_even() -> None:
    document = _load("breakeven-8-decks.json")
    pb, pp, pt = (Fraction(n, TOTAL_8) for n in (BANKER_8, PLAYER_8, TIE_8))  # published counts
    commission = _q(document["bets"]["banker"]["fair_commission"])
    assert (1 - commission) * pb - pp == 0
    eight = _load("8-decks.json")["bets"]
    for name, bet in document["bets"].items():
        assert bet["ev"] == eight[name]["ev"]
        probability = {line["name"]: _q(line["probability"]) for line in bet["lines"]}
        assert (
            probability
            == {
                "banker": {"win": pb, "push": pt, "lose": pp},
                "player": {"win": pp, "push": pt, "lose": pb},
                "tie": {"win": pt, "lose": 1 - pt},
            }[name]
        )
        for line in bet["lines"]:
            if line["fair_pay"] is None:
                continue
            pays = {other["name"]: _q(other["pays"]) for other in bet["lines"]}
            pays[line["name"]] = _q(line["fair_pay"])
            assert sum(probability[n] * pays[n] for n in pays) == 0, (name, line["name"])
        # The printed linear EV with the bet's own pays is its EV.
        symbols = {line["symbol"]: _q(line["pays"]) for line in bet["lines"]}
        assert _evaluate(bet["linear_ev"], symbols) == _q(bet["ev"]), name


def test_fair_commission_and_pays_by_decks_are_the_d_deck_documents() -> None:
    bets = _load("breakeven-d.json")["bets"]
    for decks, file in DECK_FILES.items():
        odds = _load(file)
        pb, pp = (_q(odds["outcomes"][o]["probability"]) for o in ("banker", "player"))
        commission = _at(bets["banker"]["fair_commission"], decks)
        assert (1 - commission) * pb - pp == 0, decks
        for name, bet in bets.items():
            assert _at(bet["ev"], decks) == _q(odds["bets"][name]["ev"]), (decks, name)
            probability = {line["name"]: _at(line["probability"], decks) for line in bet["lines"]}
            assert probability == {n: _q(odds["bets"][name][n]) for n in probability}
            for line in bet["lines"]:
                if line["fair_pay"] is None:
                    continue
                pays = {other["name"]: _q(other["pays"]) for other in bet["lines"]}
                pays[line["name"]] = _at(line["fair_pay"], decks)
                assert sum(probability[n] * pays[n] for n in pays) == 0, (decks, name, line["name"])
    eight = _load("breakeven-8-decks.json")["bets"]
    assert _at(bets["banker"]["fair_commission"], 8) == _q(eight["banker"]["fair_commission"])
    for name, bet in bets.items():
        symbols = {line["symbol"]: _q(line["pays"]) for line in bet["lines"]}
        ev = _evaluate(bet["linear_ev"], {**symbols, "d": Fraction(7)})
        assert ev == _at(bet["ev"], 7), name


# -- simulation ------------------------------------------------------------------------


def test_simulation_agrees_with_the_exact_full_shoe_within_its_errors() -> None:
    document = _load("simulate-6-decks-seed-1.json")
    request, tables = document["request"], document["tables"]
    shoes = request["shoes"]
    assert (shoes, request["seed"]) == (300, 1)
    depth = tables["depth"]
    hands = sum(row["hands"] for row in depth)
    assert document["hands"] == hands
    assert document["hands_per_shoe_float"] == pytest.approx(hands / shoes, rel=1e-12)
    six = _load("6-decks.json")["bets"]
    perfect = {row["bet"]: row for row in tables["perfect"]}
    for row in tables["per_hand"]:
        bet = row["bet"]
        # The exact EV of the full shoe is the 6-deck document's (published counts: test_golden.py).
        assert row["full_shoe_ev"] == six[bet]["ev"]
        # The estimates are the simulation's own; they must lie within 4 standard errors.
        assert abs(row["mean_ev_float"] - float(_q(six[bet]["ev"]))) <= 4 * row["mean_ev_se_float"]
        # Shares by depth add up to the share over all hands; hands with EV > 0 per shoe.
        positive = sum(r["hands"] * r[f"{bet}_positive_float"] for r in depth)
        assert perfect[bet]["positive_share_float"] == pytest.approx(positive / hands, rel=1e-9)
        assert perfect[bet]["perfect_hands_float"] == pytest.approx(positive / shoes, rel=1e-9)
        assert row["surebet_share_float"] == 0.0  # no 6-deck hand wins with 90 %
        assert all(r[f"{bet}_surebet_float"] in (0.0, None) for r in tables["depth_surebets"])


def test_counting_figures_follow_from_each_other_and_the_chart() -> None:
    """blackjack counting's estimates are its own simulation's; they are tied by the
    definitions (N0 = (SD/EV)² per round, SCORE = 10⁶/N0, the risk of ruin's diffusion
    formula on the per-shoe win and SD, per hour = per 100 rounds scaled) and by the flat
    bettor's win lying within 4 standard errors of the exact value of the chart he plays
    (the index plays move it by far less than one standard error here)."""
    document = _load("blackjack-counting-2-decks.json")
    request, tables = document["request"], document["tables"]
    assert (request["shoes"], request["seed"], request["rules"]["decks"]) == (300, 3, 2)
    bankroll, per_hour = float(request["bankroll"]), request["hands_per_hour"]
    hour = {row["betting"]: row for row in tables["per_hour"]}
    ruin = {row["betting"]: row for row in tables["ruin"]}
    for row in tables["betting"]:
        ev, sd = row["won_per_100_float"] / 100, row["sd_per_100_float"] / 10
        assert row["score_float"] == pytest.approx(1e6 * (ev / sd) ** 2 if ev > 0 else 0.0)
        if row["n0_float"] is not None:
            assert row["n0_float"] == pytest.approx((sd / ev) ** 2)
            shoe = hour[row["betting"]]
            formula = exp(
                -2 * shoe["won_per_shoe_float"] * bankroll / shoe["sd_per_shoe_float"] ** 2
            )
            assert ruin[row["betting"]]["formula_float"] == pytest.approx(formula)
        scale = per_hour / 100
        assert hour[row["betting"]]["won_per_hour_float"] == pytest.approx(
            row["won_per_100_float"] * scale
        )
    rules = BlackjackRules(
        decks=2, hole_card=True, double_after_split=True, hit_split_aces=False, triple_seven=False
    )
    _, value = basic_strategy(Shoe.from_decks(2), rules, exact=True)
    flat = tables["betting"][0]
    assert flat["betting"] == "flat" and flat["bet_per_round_float"] == 1.0
    assert (
        abs(flat["won_per_100_float"] / 100 - float(value))
        <= 4 * flat["won_per_100_se_float"] / 100
    )


# -- tracking a shoe -------------------------------------------------------------------

# Wizard of Odds, "Baccarat - house edge by number of decks" (https://wizardofodds.com/games/baccarat/basics/):
# one deck, Banker 1.01 %, Player 1.29 %, Tie 15.75 %.
WOO_ONE_DECK = {"banker": "1.01", "player": "1.29", "tie": "15.75"}


def _round_totals(cards: list[int]) -> tuple[int, int]:
    """Final Player and Banker totals of a round dealt P B P B then third cards."""
    player, banker = (cards[0] + cards[2]) % 10, (cards[1] + cards[3]) % 10
    rest = cards[4:]
    if player >= 8 or banker >= 8:
        return player, banker
    third = None
    if player <= 5:
        third = rest.pop(0)
        player = (player + third) % 10
    if _published_banker_draws(banker, third):
        banker = (banker + rest.pop(0)) % 10
    assert not rest
    return player, banker


def test_each_tracked_step_is_the_reference_for_the_cards_left() -> None:
    document = _load("track-1-deck.json")
    steps = document["steps"]
    assert [step["kind"] for step in steps] == ["start", "round", "burn", "round"]
    assert document["errors"] == []
    start = steps[0]["bets"]
    one_deck = _load("1-deck.json")["bets"]
    for bet, edge in WOO_ONE_DECK.items():
        assert start[bet]["ev"] == one_deck[bet]["ev"]
        assert _percent(-_q(start[bet]["ev"]), 2) == edge
    dealt: list[str] = []
    for step in steps[1:]:
        dealt += step["cards"]
        assert step["cards_left"] == 52 - len(dealt)
        reference = _reference_bets(_merged(_without(_one_deck(), dealt)))
        for bet, entry in step["bets"].items():
            assert _q(entry["ev"]) == reference[bet]["ev"], (step["line"], bet)
            assert _q(entry["win"]) == reference[bet]["win"], (step["line"], bet)
            assert entry["positive"] is (reference[bet]["ev"] > 0)
            assert entry["surebet"] is (reference[bet]["win"] > Fraction(9, 10))
        if step["kind"] == "round":
            points = [min(RANKS.index(card[0]) + 1, 10) % 10 for card in step["cards"]]
            player, banker = _round_totals(points)
            winner = "player" if player > banker else "banker" if banker > player else "tie"
            assert step["round"] == {"player": player, "banker": banker, "winner": winner}


# -- blackjack: rules, dealer, hands ---------------------------------------------------


def test_blackjack_rules_are_the_casinos() -> None:
    # The casino's rules page (restated with every reading in docs/blackjack.md, "The rules
    # and every adopted reading"): 6 decks; the dealer draws until he exceeds 16 (stands on
    # soft 17); one dealer card (no hole card), a dealer blackjack takes all stakes; double on
    # the first two cards only (no DAS); split hands may take any number of cards; Triple
    # Seven pays 3:2, on the original hand (by hit or double), not on split hands; BJ 3:2.
    assert _load("blackjack-rules.json")["rules"] == {
        "decks": 6,
        "dealer_hits_soft_17": False,
        "hole_card": False,
        "dealer_blackjack_takes": "all",
        "double_after_split": False,
        "hit_split_aces": True,
        "triple_seven": True,
        "triple_seven_on_double": True,
        "triple_seven_on_split": False,
        "blackjack_pays": "3/2",
        "triple_seven_pays": "3/2",
        "surrender": "none",
        "double": "any",
        "double_split_aces": False,
        "split_hands": 2,
        "resplit_aces": False,
        "split_by": "value",
    }
    # The US game the option --rules us names: S17, peek, DAS, one card to split aces, no
    # Triple Seven (the base game of blackjackreview.com's rule-variation table, 6 decks).
    us = _load("blackjack-rules-us.json")["rules"]
    assert {k: us[k] for k in ("dealer_hits_soft_17", "hole_card", "double_after_split")} == {
        "dealer_hits_soft_17": False,
        "hole_card": True,
        "double_after_split": True,
    }
    assert (us["hit_split_aces"], us["triple_seven"], us["blackjack_pays"]) == (False, False, "3/2")


def _natural_without_dealer_natural(decks: int) -> Fraction:
    """Chance that the player is dealt A+T and the dealer (up card, peeked hole card) has no
    blackjack, counted card by card over a fresh shoe of ``decks``."""
    shoe = (4 * decks,) * 9 + (16 * decks,)
    n = sum(shoe)
    total = Fraction(0)
    for up in range(10):
        after_up = _take(shoe, up)
        for first, second in ((ACE, TEN), (TEN, ACE)):
            p = Fraction(shoe[up], n) * Fraction(after_up[first], n - 1)
            p *= Fraction(_take(after_up, first)[second], n - 2)
            left = _take(after_up, first, second)
            hole = TEN if up == ACE else ACE if up == TEN else None
            total += p * (1 - (Fraction(left[hole], n - 3) if hole is not None else 0))
    return total


def test_single_deck_6_5_rule_set_is_the_published_game() -> None:
    """blackjack-rulesets-6-5.json: 1 deck, H17, peek, double any two cards, no DAS, split
    once, blackjack 6:5. Paid 3:2 instead, the same play gains exactly 3/10 of every natural
    the dealer does not match (an identity: the pay is no decision). The 3:2 game, 1 deck, H17,
    double any two cards, no DAS, split once: house edge 0.17 % (John Grochowski, "Single-Deck
    Blackjack", Casino City Times, 6 June 2021,
    https://www.casinocitytimes.com/john-grochowski/article/single-deck-blackjack-67490), to
    its two decimals for optimal play. The 6:5 game by the additive rule table of
    thecolorofblackjack.com (http://www.thecolorofblackjack.com/solution_one.html): single deck
    -0.02 %, H17 -0.20 %, no resplitting -0.03 %, 6:5 -1.39 % → house edge 1.64 %, an
    approximation: within 0.05 points for the derived basic strategy."""
    (entry,) = _load("blackjack-rulesets-6-5.json")["rulesets"]
    rules = entry["rules"]
    assert (rules["decks"], rules["dealer_hits_soft_17"], rules["hole_card"]) == (1, True, True)
    assert (rules["double_after_split"], rules["split_hands"], rules["blackjack_pays"]) == (
        False,
        2,
        "6/5",
    )
    three_to_two = _q(entry["house_edge_optimal"]) - Fraction(3, 10) * (
        _natural_without_dealer_natural(1)
    )
    assert _percent(three_to_two, 2) == "0.17"
    assert abs(float(_q(entry["house_edge_basic"])) * 100 - 1.64) < 0.05
    assert _q(entry["house_edge_basic"]) >= _q(entry["house_edge_optimal"])


def test_insurance_is_the_count_of_tens_left() -> None:
    """Insurance pays 2:1 on the dealer's next card being a ten. Six decks, ace up: 96 tens
    among 311 unseen cards; with the player's blackjack, 95 among 309, against a sure 1 for
    even money. Eight decks, ace up and the player's T 6: 127 tens among 413 (Alan Krigman,
    "When Insurance Gives Blackjack Players an Edge", Casino City Times, 27 October 1997,
    https://www.casinocitytimes.com/alan-krigman/article/when-insurance-gives-blackjack-players-an-edge-5378,
    counts 128 tens among 415 unseen cards for 8 decks before the player's cards)."""
    six = _load("blackjack-insurance-6-decks.json")
    p = Fraction(4 * 4 * 6, 52 * 6 - 1)
    assert _q(six["insurance"]["ten_chance"]) == p
    assert _q(six["insurance"]["ev"]) == 2 * p - (1 - p) and six["insurance"]["take"] is False
    p_bj = Fraction(4 * 4 * 6 - 1, 52 * 6 - 3)
    assert _q(six["even_money"]["ten_chance"]) == p_bj
    assert _q(six["even_money"]["ev_declined"]) == Fraction(3, 2) * (1 - p_bj) > 1
    assert six["even_money"]["take"] is False
    eight = _load("blackjack-insurance-8-decks-T-6.json")
    assert eight["hand"] == "T 6"
    assert _q(eight["insurance"]["ten_chance"]) == Fraction(128 - 1, 415 - 2)
    assert _q(eight["insurance"]["ev"]) == Fraction(3 * 127, 413) - 1


# Wizard of Odds, "Blackjack Appendix 2B: dealer probabilities before peeking", 1 deck, dealer
# stands on soft 17 (https://wizardofodds.com/games/blackjack/appendix/2b/), six significant
# digits: 17, 18, 19, 20, 21, blackjack, bust.
WOO_2B_ONE_DECK_S17 = {
    "A": (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654),
    "6": (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0.0, 0.420823),
    "8": (0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0.0, 0.238627),
}
# blackjackinfo.com, "Blackjack Dealer Outcome Probabilities", single deck, dealer hits soft
# 17, given no dealer blackjack, bust in percent (https://www.blackjackinfo.com/dealer-outcome-probabilities/).
BLACKJACKINFO_ONE_DECK_H17_BUST = dict(
    zip("23456789TA", (35.63, 37.81, 40.58, 43.00, 43.78, 25.99, 23.86, 23.34, 23.25, 20.46))
)


def _slot(label: str) -> int:
    return SLOT_LABELS.index("T" if label in TENS else label)


def _counts(shoe: dict[str, int]) -> Counts:
    return (*(shoe[r] for r in RANKS[:9]), sum(shoe[r] for r in TENS))


def _take(counts: Counts, *slots: int) -> Counts:
    left = list(counts)
    for slot in slots:
        left[slot] -= 1
    return tuple(left)


@pytest.mark.parametrize(
    ("file", "hits_soft_17"),
    [("blackjack-dealer-1-deck.json", False), ("blackjack-dealer-1-deck-h17.json", True)],
)
def test_dealer_chart_is_the_reference_and_the_published_tables(
    file: str, hits_soft_17: bool
) -> None:
    document = _load(file)
    assert document["hits_soft_17"] is hits_soft_17
    deck = _counts(document["shoe"]["counts"])
    assert deck == (4,) * 9 + (16,)
    rows = {row["up"]: row for row in document["up_cards"]}
    assert list(rows) == list("A23456789T")
    for label, row in rows.items():
        up = _slot(label)
        assert _q(row["probability"]) == Fraction(deck[up], 52)
        expected = blackjack_reference.dealer_final(_take(deck, up), (up,), hits_soft_17)
        got = {outcome: _q(p) for outcome, p in row["outcomes"].items() if _q(p)}
        assert got == expected, label
    if hits_soft_17:
        for label, bust in BLACKJACKINFO_ONE_DECK_H17_BUST.items():
            outcomes = rows[label]["outcomes"]
            given = _q(outcomes["bust"]) / (1 - _q(outcomes["blackjack"]))
            assert abs(float(given) * 100 - bust) <= 0.005 + 1e-9, label
    else:
        for label, published in WOO_2B_ONE_DECK_S17.items():
            o = rows[label]["outcomes"]
            ours = [_q(o[k]) for k in ("17", "18", "19", "20", "21", "blackjack", "bust")]
            for mine, theirs in zip(ours, published, strict=True):
                assert abs(float(mine) - theirs) < 1e-6, label


def _moves(document: Document) -> dict[str, Fraction]:
    return {move["move"]: _q(move["ev"]) for move in document["moves"]}


def _best(values: dict[str, Fraction]) -> str:
    return max(values, key=lambda move: values[move])


@pytest.mark.parametrize(
    ("file", "hand"),
    [
        ("blackjack-hand-1-deck-T-6-v-T.json", "T 6"),
        ("blackjack-hand-19-cards-7-7-v-T.json", "7 7"),
    ],
)
def test_hand_values_are_the_reference(file: str, hand: str) -> None:
    document = _load(file)
    assert (document["hand"], document["up"]) == (hand, "T")
    assert (document["total"], document["soft"]) == ({"T 6": 16, "7 7": 14}[hand], False)
    rules = BlackjackRules.from_dict(document["rules"])
    cards = tuple(_slot(card) for card in hand.split())
    expected = blackjack_reference.hand_values(
        cards, TEN, _counts(document["shoe"]["counts"]), rules
    )
    assert _moves(document) == expected
    assert document["best"] == _best(expected)
    assert [move["best"] for move in document["moves"]] == [
        move["move"] == _best(expected) for move in document["moves"]
    ]


# Wizard of Odds, Blackjack Appendix 9, 1 deck, dealer stands on soft 17, hole card, values given
# no dealer blackjack (https://wizardofodds.com/games/blackjack/appendix/9/1ds17r4/), dealer ace,
# 6-5: stand -0.634013, hit 0.172946, double 0.240259.
WOO_ONE_DECK_PEEK_6_5_V_ACE = {"stand": -0.634013, "hit": 0.172946, "double": 0.240259}


def test_hole_card_hand_values_are_the_published_ones() -> None:
    document = _load("blackjack-hand-1-deck-peek-6-5-v-A.json")
    assert (document["hand"], document["up"], document["given_no_dealer_blackjack"]) == (
        "6 5",
        "A",
        True,
    )
    assert (document["rules"]["hole_card"], document["rules"]["triple_seven"]) == (True, False)
    assert (document["total"], document["soft"]) == (11, False)
    values = _moves(document)
    assert set(values) == set(WOO_ONE_DECK_PEEK_6_5_V_ACE)
    for move, published in WOO_ONE_DECK_PEEK_6_5_V_ACE.items():
        assert abs(float(values[move]) - published) <= 5e-7 + 1e-12, move
    assert document["best"] == "double"
    # Stand and double exactly: the hole card is any unseen card but a ten (the dealer has no
    # blackjack), the double card any card left; the reference dealer then draws.
    unseen = _take(_counts(document["shoe"]["counts"]), 5, 4, ACE)
    holes = {hole: n for hole, n in enumerate(unseen) if n and hole != TEN}
    stand = double = Fraction(0)
    for hole, n in holes.items():
        belief = Fraction(n, sum(holes.values()))
        left = _take(unseen, hole)
        for outcome, p in blackjack_reference.dealer_final(left, (ACE, hole), False).items():
            stand += belief * p * _net(11, outcome)
        for card, k in enumerate(left):
            after = _take(left, card)
            chance = belief * Fraction(k, sum(left))
            for outcome, p in blackjack_reference.dealer_final(after, (ACE, hole), False).items():
                double += chance * p * 2 * _net(11 + card + 1, outcome)  # an ace counts 1 on 11
    assert (values["stand"], values["double"]) == (stand, double)


def _net(total: int, outcome: str) -> int:
    """A standing hand of ``total`` against the dealer's final hand (no blackjack)."""
    if outcome == "bust" or total > int(outcome):
        return 1
    return 0 if total == int(outcome) else -1


# -- blackjack: a round played by the chart, card by card ------------------------------

Result = tuple[str, int, int]
"""A finished hand: (kind, total, stake), kind "stand", "bust" or "seven"."""
Finished = dict[tuple[Result, Counts], Fraction]


def _add(total: int, soft: bool, slot: int) -> tuple[int, bool]:
    hard = (total - 10 if soft else total) + slot + 1
    ace = soft or slot == ACE  # a hard hand holding an ace is 12 or more: it stays hard
    return (hard + 10, True) if ace and hard + 10 <= 21 else (hard, False)


def _one(slot: int) -> tuple[int, bool]:
    return (11, True) if slot == ACE else (slot + 1, False)


class ChartPlayer:
    """Plays rounds by a strategy document's chart (no hole card), one card at a time with
    Fractions: a second evaluation of the chart's value, sharing nothing with the solver but
    the dealer of the reference (or, for an infinite shoe, a with-replacement dealer here)."""

    def __init__(self, chart: dict[str, dict[str, str]], rules: BlackjackRules, infinite: bool):
        assert not rules.hole_card
        self.chart, self.rules, self.infinite = chart, rules, infinite
        self.memo: dict[tuple[Any, ...], Finished] = {}

    def draws(self, left: Counts) -> list[tuple[int, Fraction, Counts]]:
        n = sum(left)
        return [
            (slot, Fraction(k, n), left if self.infinite else _take(left, slot))
            for slot, k in enumerate(left)
            if k
        ]

    def dealer(self, left: Counts, up: int) -> dict[str, Fraction]:
        h17 = self.rules.dealer_hits_soft_17
        if not self.infinite:
            return blackjack_reference.dealer_final(left, (up,), h17)
        return _infinite_dealer(left, up, h17)

    def move(self, up: int, total: int, soft: bool, two: bool, split: bool) -> str:
        row = f"soft_{total}_a_{SLOT_LABELS[total - 12].lower()}" if soft else f"hard_{total}"
        cell = self.chart[row][SLOT_LABELS[up]]
        if cell in ("Dh", "Ds"):
            if two and (not split or self.rules.double_after_split):
                return "D"
            return cell[1].upper()
        return cell

    def finish(
        self, up: int, hand: tuple[int, bool, bool, bool, bool], move: str | None, left: Counts
    ) -> Finished:
        """Every way a live hand (total, soft, two cards, split, 7-7 eligible for Triple
        Seven) ends, with the cards left."""
        key = (up, hand, move, left)
        if key in self.memo:
            return self.memo[key]
        total, soft, two, split, sevens = hand
        move = move or self.move(up, total, soft, two, split)
        out: Finished = defaultdict(Fraction)
        if move == "S":
            self.memo[key] = {(("stand", total, 1), left): Fraction(1)}
            return self.memo[key]
        assert move in ("H", "D"), move
        for slot, p, after in self.draws(left):
            new, new_soft = _add(total, soft, slot)
            seven = sevens and slot == SEVEN
            if move == "D":
                result = (
                    ("seven", 21, 2)
                    if seven and self.rules.triple_seven_on_double
                    else ("bust", 0, 2)
                    if new > 21
                    else ("stand", new, 2)
                )
                out[(result, after)] += p
            elif new > 21:
                out[(("bust", 0, 1), after)] += p
            elif seven:
                out[(("seven", 21, 1), after)] += p
            else:
                for end, q in self.finish(
                    up, (new, new_soft, False, split, False), None, after
                ).items():
                    out[end] += p * q
        self.memo[key] = dict(out)
        return self.memo[key]

    def settle(self, result: Result, outcome: str, split: bool) -> Fraction:
        kind, total, stake = result
        if kind == "seven":
            return self.rules.triple_seven_pays * stake
        if outcome == "blackjack":
            if self.rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL:
                return Fraction(-stake)
            return -Fraction(1, 2) if split else Fraction(-1)
        if kind == "bust":
            return Fraction(-stake)
        if outcome == "bust" or total > int(outcome):
            return Fraction(stake)
        return Fraction(0) if total == int(outcome) else Fraction(-stake)

    def split_hand(self, up: int, pair: int, left: Counts) -> Finished:
        out: Finished = defaultdict(Fraction)
        for second, p, after in self.draws(left):
            total, soft = _add(*_one(pair), second)
            move = "S" if pair == ACE and not self.rules.hit_split_aces else None
            sevens = pair == second == SEVEN and self.rules.triple_seven
            sevens = sevens and self.rules.triple_seven_on_split
            for end, q in self.finish(up, (total, soft, True, True, sevens), move, after).items():
                out[end] += p * q
        return out

    def opening(self, up: int, first: int, second: int, unseen: Counts) -> Fraction:
        total, soft = _add(*_one(first), second)
        if total == 21:
            bj_card = TEN if up == ACE else ACE if up == TEN else None
            dealer_bj = Fraction(unseen[bj_card], sum(unseen)) if bj_card is not None else 0
            return (1 - dealer_bj) * self.rules.blackjack_pays
        if first == second:
            move = self.chart[f"pair_{SLOT_LABELS[first].lower()}_{SLOT_LABELS[first].lower()}"][
                SLOT_LABELS[up]
            ]
        else:
            move = self.move(up, total, soft, True, False)
        value = Fraction(0)
        if move == "P":
            for (one, left1), p1 in self.split_hand(up, first, unseen).items():
                for (two, left2), p2 in self.split_hand(up, first, left1).items():
                    for outcome, p3 in self.dealer(left2, up).items():
                        net = self.settle(one, outcome, True) + self.settle(two, outcome, True)
                        value += p1 * p2 * p3 * net
            return value
        sevens = first == second == SEVEN and self.rules.triple_seven
        hand = (total, soft, True, False, sevens)
        for (result, left), p in self.finish(up, hand, move, unseen).items():
            for outcome, q in self.dealer(left, up).items():
                value += p * q * self.settle(result, outcome, False)
        return value

    def round(self, shoe: Counts) -> dict[int, Fraction]:
        """The value of a round for each up card (given that up card)."""
        values: dict[int, Fraction] = {}
        for up, _, after_up in self.draws(shoe):
            values[up] = sum(
                (
                    p1 * p2 * self.opening(up, first, second, unseen)
                    for first, p1, after_first in self.draws(after_up)
                    for second, p2, unseen in self.draws(after_first)
                ),
                Fraction(0),
            )
        return values


@cache
def _infinite_dealer(weights: Counts, up: int, h17: bool) -> dict[str, Fraction]:
    """The dealer's final hand from ``up``, every card drawn with the same chances."""
    n = sum(weights)

    @cache
    def play(total: int, soft: bool, cards: int) -> tuple[tuple[str, Fraction], ...]:
        if cards == 2 and total == 21:
            return (("blackjack", Fraction(1)),)
        if total > 21:
            return (("bust", Fraction(1)),)
        if total > 17 or (total == 17 and not (soft and h17)):
            return ((str(total), Fraction(1)),)
        result: dict[str, Fraction] = defaultdict(Fraction)
        for slot, k in enumerate(weights):
            for outcome, p in play(*_add(total, soft, slot), cards + 1):
                result[outcome] += Fraction(k, n) * p
        return tuple(result.items())

    return dict(play(*_one(up), 1))


def _up_probability(shoe: Counts, up: int) -> Fraction:
    return Fraction(shoe[up], sum(shoe))


SMALL_SHOE = {**dict.fromkeys(RANKS, 0), "A": 2, "5": 3, "7": 4, "9": 2, "T": 8}
"""--counts "A=2,5=3,7=4,9=2,T=8": the last 19 cards of a shoe, rich in tens and sevens."""


def _opening_by_reference(up: int, shoe: Counts, rules: BlackjackRules) -> Fraction:
    """The optimal value of a round given the up card, from the reference's hand values."""
    after_up = _take(shoe, up)
    n = sum(after_up)
    value = Fraction(0)
    for first, second in itertools.product(range(10), repeat=2):
        if not after_up[first] or not _take(after_up, first)[second]:
            continue
        p = Fraction(after_up[first], n) * Fraction(_take(after_up, first)[second], n - 1)
        unseen = _take(after_up, first, second)
        if {first, second} == {ACE, TEN}:
            bj_card = TEN if up == ACE else ACE if up == TEN else None
            dealer_bj = Fraction(unseen[bj_card], sum(unseen)) if bj_card is not None else 0
            value += p * (1 - dealer_bj) * rules.blackjack_pays
        else:
            moves = blackjack_reference.hand_values((first, second), up, shoe, rules)
            value += p * max(moves.values())
    return value


def test_edge_is_the_reference_round_value() -> None:
    document = _load("blackjack-edge-19-cards.json")
    shoe = _counts(document["shoe"]["counts"])
    assert document["shoe"]["counts"] == SMALL_SHOE
    rules = BlackjackRules.from_dict(document["rules"])
    optimal = blackjack_reference.round_value(shoe, rules)
    assert _q(document["player_ev_optimal"]) == optimal
    assert _q(document["house_edge_optimal"]) == -optimal
    rows = {_slot(row["up"]): row for row in document["up_cards"]}
    assert {up: _q(row["probability"]) for up, row in rows.items()} == {
        up: _up_probability(shoe, up) for up in range(10) if shoe[up]
    }
    for up, row in rows.items():
        assert _q(row["ev_optimal"]) == _opening_by_reference(up, shoe, rules), up
        assert _q(row["contribution_optimal"]) == _up_probability(shoe, up) * _q(row["ev_optimal"])
    # The basic strategy's value: the strategy document's chart played card by card.
    chart = _load("blackjack-strategy-19-cards.json")["chart"]
    by_chart = ChartPlayer(chart, rules, infinite=False).round(shoe)
    for up, row in rows.items():
        assert _q(row["ev_basic"]) == by_chart[up], up
    assert _q(document["player_ev_basic"]) == sum(
        _up_probability(shoe, up) * value for up, value in by_chart.items()
    )


def _flipped(rules: dict[str, Any], option: str) -> BlackjackRules:
    """The rules with one option changed, as the option-value rows describe it."""
    value = rules[option]
    if isinstance(value, bool):
        changed = {**rules, option: not value}
        # as option_flips pairs them: split aces double where split hands do and aces are played
        if option in ("double_after_split", "hit_split_aces") and value:
            changed["double_split_aces"] = False
        if option == "double_after_split" and not value and rules["hit_split_aces"]:
            changed["double_split_aces"] = True
        return BlackjackRules.from_dict(changed)
    flips = {
        ("dealer_blackjack_takes", "all"): "original",
        ("surrender", "none"): "late" if rules["hole_card"] else "early",
        ("double", "any"): "10-11",
    }
    return BlackjackRules.from_dict({**rules, option: flips[(option, value)]})


_EDGE_OPTIONS = [
    entry["option"]
    for entry in _load("blackjack-edge-19-cards.json")["option_values"]
    if entry["option"] != "blackjack_pays"
]


@pytest.mark.parametrize("option", _EDGE_OPTIONS)
def test_edge_option_value_is_the_reference_under_the_flipped_rule(option: str) -> None:
    """Each option's value is the card-by-card reference's under that rule flipped (one
    test per option, so the workers share them)."""
    document = _load("blackjack-edge-19-cards.json")
    shoe = _counts(document["shoe"]["counts"])
    entry = next(e for e in document["option_values"] if e["option"] == option)
    flipped = blackjack_reference.round_value(shoe, _flipped(document["rules"], option))
    assert _q(entry["player_ev_optimal"]) == flipped, option


def test_edge_option_values_hang_together_and_6_5_changes_only_the_naturals() -> None:
    document = _load("blackjack-edge-19-cards.json")
    shoe = _counts(document["shoe"]["counts"])
    base = _q(document["player_ev_optimal"])
    options = {entry["option"]: entry for entry in document["option_values"]}
    assert set(options) - {"blackjack_pays"} == set(_EDGE_OPTIONS)
    for entry in options.values():
        # Their basic values are tied only by this: no chart beats optimal play.
        assert _q(entry["player_ev_basic"]) <= _q(entry["player_ev_optimal"])
        assert _q(entry["change_optimal"]) == _q(entry["player_ev_optimal"]) - base
        assert _q(entry["change_basic"]) == _q(entry["player_ev_basic"]) - _q(
            document["player_ev_basic"]
        )
    # BJ 3:2 -> 6:5 changes only what a player blackjack is paid when the dealer has none.
    assert options["blackjack_pays"]["change"].endswith("6:5")
    naturals = Fraction(0)
    for up in range(10):
        for first, second in ((ACE, TEN), (TEN, ACE)):
            left = _take(shoe, up)
            if not shoe[up] or not left[first] or not _take(left, first)[second]:
                continue
            unseen = _take(shoe, up, first, second)
            bj_card = TEN if up == ACE else ACE if up == TEN else None
            no_bj = 1 - (Fraction(unseen[bj_card], sum(unseen)) if bj_card is not None else 0)
            p = _up_probability(shoe, up) * Fraction(left[first], sum(left))
            naturals += p * Fraction(_take(left, first)[second], sum(left) - 1) * no_bj
    assert (
        _q(options["blackjack_pays"]["change_optimal"])
        == (Fraction(6, 5) - Fraction(3, 2)) * naturals
    )


def test_effect_of_removal_is_the_reference_on_each_smaller_shoe() -> None:
    """blackjack-eor-19-cards.json: each effect is the reference's round value for the shoe
    less that card minus its value for the shoe (both played optimally, card by card)."""
    document = _load("blackjack-eor-19-cards.json")
    shoe = _counts(document["shoe"]["counts"])
    rules = BlackjackRules.from_dict(document["rules"])
    base = blackjack_reference.round_value(shoe, rules)
    assert _q(document["player_ev_optimal"]) == base
    for row in document["effects"]:
        slot = SLOT_LABELS.index(row["card"])
        assert row["cards"] == shoe[slot]
        if not shoe[slot]:
            assert row["effect_optimal"] is None
            continue
        less = blackjack_reference.round_value(_take(shoe, slot), rules)
        assert _q(row["effect_optimal"]) == less - base, row["card"]
    tags = document["count"]["tags"]
    assert document["count"]["imbalance"] == sum(
        shoe[SLOT_LABELS.index(card)] * tag for card, tag in tags.items()
    )


def _class_row(cards: tuple[int, ...]) -> str:
    total, soft = _one(cards[0])
    for slot in cards[1:]:
        total, soft = _add(total, soft, slot)
    return f"soft_{total}_a_{SLOT_LABELS[total - 12].lower()}" if soft else f"hard_{total}"


_LETTER_MOVE = {"H": "hit", "S": "stand", "D": "double", "P": "split"}


def test_small_shoe_chart_follows_the_reference_hand_values() -> None:
    document = _load("blackjack-strategy-19-cards.json")
    assert document["shoe"]["counts"] == SMALL_SHOE
    rules = BlackjackRules.from_dict(document["rules"])
    shoe = _counts(SMALL_SHOE)
    chart = document["chart"]
    # Which classes can a hand of three or more cards reach (so its cell weighs them too)?
    values = [slot for slot in range(10) for _ in range(shoe[slot])]
    reached = {
        _class_row(cards)
        for size in range(3, 8)
        for cards in set(itertools.combinations(values, size))
        if sum(slot + 1 for slot in cards) <= 21
    }
    checked = weighed = 0
    for up in (slot for slot in range(10) if shoe[slot]):
        column = SLOT_LABELS[up]
        for first, second in itertools.combinations_with_replacement(range(10), 2):
            if {first, second} == {ACE, TEN} or min(_take(shoe, up, first, second)) < 0:
                continue
            moves = blackjack_reference.hand_values((first, second), up, shoe, rules)
            pair = first == second
            row = (
                f"pair_{SLOT_LABELS[first].lower()}_{SLOT_LABELS[first].lower()}"
                if pair
                else _class_row((first, second))
            )
            if not pair and row in reached:
                continue  # the cell also plays longer hands: below
            cell = chart[row][column]
            assert _LETTER_MOVE[cell[0]] == _best(moves), (column, first, second, cell)
            checked += 1
        # A cell that also plays longer hands weighs them all (hard 16 v 7: 7-9 would hit
        # by 0.013, A-5-T stands by 0.30): its move is the best of some hand of its class.
        left = list(values)
        left.remove(up)
        hands = [
            cards
            for size in (2, 3)
            for cards in sorted(set(itertools.combinations(left, size)))
            if sum(slot + 1 for slot in cards) <= 21
            and {cards[0], cards[1]} != {ACE, TEN}
            and cards != (SEVEN,) * 3
            and not (size == 2 and cards[0] == cards[1])
        ]
        for row in sorted(reached):
            cell = chart[row][column]
            own = [cards for cards in hands if _class_row(cards) == row]
            if not own:
                continue
            bests = {
                (len(cards), _best(blackjack_reference.hand_values(cards, up, shoe, rules)))
                for cards in own
            }
            chart_moves = {(2, _LETTER_MOVE[cell[0]]), (3, _LETTER_MOVE[cell[-1].upper()])}
            assert bests & chart_moves, (column, row, cell, bests)
            weighed += 1
    assert (checked, weighed) == (38, 63)
    # The chart's value, played card by card, is the document's; optimal play does better.
    by_chart = ChartPlayer(chart, rules, infinite=False).round(shoe)
    value = sum(_up_probability(shoe, up) * v for up, v in by_chart.items())
    assert _q(document["player_ev_basic"]) == value
    assert value <= _q(_load("blackjack-edge-19-cards.json")["player_ev_optimal"])


# PUBLISHED_HARD and PUBLISHED_PAIRS: blackjack-player.org's no-hole-card chart ("Multi Hand
# Blackjack Rules"), cited where it is written out, in tests/test_blackjack_strategy.py.


def test_infinite_shoe_chart_is_the_published_chart_and_worth_its_value() -> None:
    document = _load("blackjack-strategy-infinite.json")
    chart = document["chart"]
    columns = "23456789TA"
    for total, cells in PUBLISHED_HARD.items():
        assert " ".join(chart[f"hard_{total}"][c] for c in columns) == cells, total
    for pair, cells in PUBLISHED_PAIRS.items():
        assert (
            " ".join(chart[f"pair_{pair.lower()}_{pair.lower()}"][c] for c in columns) == cells
        ), pair
    assert document["shoe"]["infinite"] is True
    weights = _counts(document["shoe"]["counts"])
    rules = BlackjackRules.from_dict(document["rules"])
    by_chart = ChartPlayer(chart, rules, infinite=True).round(weights)
    value = sum(_up_probability(weights, up) * v for up, v in by_chart.items())
    assert _q(document["player_ev_basic"]) == value


# -- decimals --------------------------------------------------------------------------


def _float_pairs(node: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Every ``x_float`` beside an exact ``x`` (a value, or an object of values)."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            exact = key.removesuffix("_float")
            if key.endswith("_float") and exact in node:
                found.append((f"{path}{key}", node[exact], value))
            found += _float_pairs(value, f"{path}{key}.")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _float_pairs(value, f"{path}{i}.")
    return found


WITH_DECIMALS = sorted(
    path.name for path in GOLDEN.glob("*.json") if _float_pairs(_load(path.name))
)
"""Every golden file but those holding no decimal beside an exact value (rules cards, the
simulation's estimates: tied above)."""


@pytest.mark.parametrize("file", WITH_DECIMALS)
def test_every_decimal_is_its_exact_value_rounded(file: str) -> None:
    pairs = _float_pairs(_load(file))
    assert pairs
    for path, exact, decimal in pairs:
        if isinstance(exact, dict):
            assert set(exact) == set(decimal), path
            pairs += [(f"{path}.{k}", exact[k], decimal[k]) for k in exact]
            continue
        if isinstance(exact, list):
            assert len(exact) == len(decimal), path
            pairs += [(f"{path}[{i}]", e, d) for i, (e, d) in enumerate(zip(exact, decimal))]
            continue
        if exact is None:
            assert decimal is None, path
            continue
        assert decimal == pytest.approx(float(_q(exact)), rel=1e-12, abs=1e-15), path


# -- the older files (odds documents of the previous release) --------------------------

# casinoexploit.com/baccarat.html: 4 decks, Banker and Player six-card counts.
CASINOEXPLOIT_4_DECKS = (34_543_624_867_840, 33_608_344_225_792)
# multiplayerbaccarat.com/odds.html (after Thorp): 6 decks, Banker at 4 % commission, Player,
# Tie at 9 to 1, house edges in percent to 4 decimals.
THORP_6_DECKS_4_PERCENT_TIE_9 = {"banker": "0.5972", "player": "1.2374", "tie": "4.9313"}


def test_older_deck_files_hold_the_published_figures() -> None:
    one = _load("1-deck.json")["bets"]
    for bet, edge in WOO_ONE_DECK.items():
        assert _percent(-_q(one[bet]["ev"]), 2) == edge
    four = _load("4-decks.json")["outcomes"]
    assert (four["banker"]["count"], four["player"]["count"]) == CASINOEXPLOIT_4_DECKS
    six = _load("6-decks-commission-4-tie-9.json")
    assert six["rules"] == {"game": "punto-banco", "commission": "1/25", "tie_pays": "9"}
    for bet, edge in THORP_6_DECKS_4_PERCENT_TIE_9.items():
        assert _percent(-_q(six["bets"][bet]["ev"]), 4) == edge


def test_older_deck_files_hold_the_published_percentages() -> None:
    for decks, published in CHEN_DECKS.items():
        outcomes = _load(DECK_FILES[decks])["outcomes"]
        shown = tuple(
            _percent(_q(outcomes[o]["probability"]), 4) for o in ("banker", "player", "tie")
        )
        assert shown == published, decks
    outcomes = _load("infinite.json")["outcomes"]
    shown = tuple(_percent(_q(outcomes[o]["probability"]), 4) for o in ("banker", "player", "tie"))
    assert shown == CHEN_INFINITE


def test_older_side_bet_files_hold_the_published_figures() -> None:
    bets = _load("sidebets-8-decks.json")["bets"]
    for name, (_source, expected) in PUBLISHED_SIDE_BET_COUNTS.items():  # URLs: test_sidebets.py
        counts = {line["name"]: line["count"] for line in bets[name]["lines"]}
        assert {line: counts[line] for line in expected} == expected, name
    for name, (_source, edge, digits) in PUBLISHED_SIDE_BET_EDGES.items():
        assert round(-float(_q(bets[name]["ev"])) * 100, digits) == pytest.approx(
            edge, abs=10**-digits / 2
        ), name
    # Wizard of Odds, EZ Baccarat (https://wizardofodds.com/games/ez-baccarat/): a Banker win
    # on a three-card 7 (112,633,011,329,024 sequences) is a push.
    ez = {
        line["name"]: line for line in _load("variant-ez-8-decks.json")["bets"]["banker"]["lines"]
    }
    assert (ez["win with three-card 7"]["count"], ez["win with three-card 7"]["pays"]) == (
        DRAGON_7_WINS_8,
        "0",
    )
    # Wizard of Odds, Nepal baccarat (https://wizardofodds.com/games/baccarat/appendix/6/):
    # a Banker win with six points (269,232,304,455,680 sequences) pays 1 to 2.
    super_6 = _load("variant-super-6-8-decks.json")["bets"]["banker"]["lines"]
    six = {line["name"]: line for line in super_6}["win with 6"]
    assert (six["count"], six["pays"]) == (269_232_304_455_680, "1/2")


def test_published_bets_file_holds_the_published_figures() -> None:
    """The bets built in since 0.3.0, 8 decks: each house edge the published one (URLs in
    tests/test_published_bets.py), each published count of winning six-card sequences or
    two-card hands its line's, Bad Beat's exact edge the one its source note gives."""
    document = _load("published-bets-8-decks.json")
    assert document["total"] == TOTAL_8
    bets = document["bets"]
    assert set(bets) - {"banker", "player", "tie"} == {
        *PUBLISHED_ADDED_EDGES,
        *PUBLISHED_WRONG,
        *PUBLISHED_PAY_AND_COUNT,
    }
    for name, (_source, edge, digits) in PUBLISHED_ADDED_EDGES.items():
        assert round(-float(_q(bets[name]["ev"])) * 100, digits) == pytest.approx(edge), name
    for name, sequences in PUBLISHED_SEQUENCES.items():
        counts = {line["name"]: line["count"] for line in bets[name]["lines"]}
        assert {line: counts[line] for line in sequences} == sequences, name
    for name, hands in PUBLISHED_TWO_CARD_HANDS.items():
        chances = {line["name"]: _q(line["probability"]) for line in bets[name]["lines"]}
        assert {line: chances[line] for line in hands} == {
            line: Fraction(n, TWO_CARDS_8) for line, n in hands.items()
        }, name
    for name, deals in PUBLISHED_FOUR_CARD_DEALS.items():
        chances = {line["name"]: _q(line["probability"]) for line in bets[name]["lines"]}
        assert chances == {line: Fraction(n, FOUR_CARDS_8) for line, n in deals.items()}, name
    for name, (_source, _published, exact) in PUBLISHED_WRONG.items():
        assert _q(bets[name]["house_edge"]) == exact, name
    for name, (_source, pays, line) in PUBLISHED_PAY_AND_COUNT.items():
        win = Fraction(PUBLISHED_SEQUENCES[name][line], TOTAL_8)
        assert _q(bets[name]["house_edge"]) == 1 - (pays + 1) * win, name
    main = _load("8-decks.json")["bets"]
    assert all(bets[bet] == main[bet] for bet in ("banker", "player", "tie"))


def test_older_small_shoe_file_is_the_reference() -> None:
    document = _load("sidebets-19-cards.json")
    counts = document["shoe"]["counts"]
    reference = _reference_bets(_merged(counts))
    for bet in ("banker", "player", "tie", "dragon-7"):
        assert _q(document["bets"][bet]["ev"]) == reference[bet]["ev"], bet
    # Player Pair: S/T with S = sum of C(n_k, 2) over ranks, T = C(N, 2) (Eliot Jacobson,
    # https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/).
    pair = sum(comb(n, 2) for n in counts.values())
    assert _q(document["bets"]["player-pair"]["win"]) == Fraction(
        pair, comb(sum(counts.values()), 2)
    )


def test_grid_is_the_published_mid_round_table() -> None:
    from tests.test_grid import APPENDIX_3, PLAYER_WIN_AFTER_THREE_CARDS

    document = json.loads((GOLDEN / "grid-8-decks.json").read_text())
    request = document["request"]
    assert (request["rows"], request["cols"]) == ("banker-first", "player-total")
    cells = {(c["row"], c["col"]): c for c in document["cells"]}
    assert APPENDIX_3.startswith("https://wizardofodds.com/")
    for first, row in PLAYER_WIN_AFTER_THREE_CARDS.items():
        for total, published in enumerate(row.split()):
            cell = cells[(str(first), str(total))]
            player = Fraction(cell["outcomes"]["player"]["probability"])
            assert f"{float(player):.6f}" == f"{float(published):.6f}", (first, total)
    # a cell's probability counts the ordered first three cards P1 B1 P2 of 8 decks (128
    # cards of value 0, 32 of each other value) with that Banker card and Player total
    assert sum(Fraction(c["probability"]) for c in document["cells"]) == 1
    cards = [128] + [32] * 9
    for first, total in ((0, 0), (5, 0), (9, 7)):
        ways = 0
        for p1 in range(10):
            p2 = (total - p1) % 10
            left = cards[p2] - (p2 == p1) - (p2 == first)
            ways += cards[p1] * (cards[first] - (first == p1)) * left
        probability = Fraction(cells[(str(first), str(total))]["probability"])
        assert probability == Fraction(ways, 416 * 415 * 414), (first, total)


def test_round_in_progress_and_stake_are_the_brute_force() -> None:
    from baccarat_exact.model.seen import Seen
    from tests.reference_rounds import dealt_rounds, matches_seen
    from tests.test_combination import _pays
    from tests.test_seen import _cell

    document = json.loads((GOLDEN / "odds-seen-stake-10-cards.json").read_text())
    shoe = Shoe.from_dict(document["shoe"])
    seen = Seen.from_dict(document["seen"])
    rounds = [
        r
        for r in dealt_rounds(shoe)
        if matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker)
    ]
    total = sum(r.probability for r in rounds)
    for name, entry in document["bets"].items():
        pays = _pays(name)
        ev = sum(r.probability * pays[_cell(r)] for r in rounds) / total
        assert Fraction(entry["ev"]) == ev, name
    stakes = {name: Fraction(v) for name, v in document["combination"]["stakes"].items()}
    found: dict[Fraction, Fraction] = defaultdict(Fraction)
    for r in rounds:
        net = sum(stake * _pays(name)[_cell(r)] for name, stake in stakes.items())
        found[net] += r.probability / total
    written = {
        Fraction(d["net"]): Fraction(d["probability"])
        for d in document["combination"]["distribution"]
    }
    assert written == {net: p for net, p in found.items() if p}
    ev = sum(net * p for net, p in found.items())
    assert Fraction(document["combination"]["ev"]) == ev
    variance = sum(net * net * p for net, p in found.items()) - ev * ev
    assert Fraction(document["combination"]["variance"]) == variance


def test_lucky_match_is_the_published_return_table() -> None:
    from tests.test_card_bets import LUCKY_MATCH_COMBINATIONS, SIX_CARD_SEQUENCES_8_DECKS

    document = json.loads((GOLDEN / "lucky-match-8-decks.json").read_text())
    assert document["total"] == SIX_CARD_SEQUENCES_8_DECKS
    lines = {line["name"]: line["count"] for line in document["bets"]["lucky-match"]["lines"]}
    loser = lines.pop("lose")
    assert lines == LUCKY_MATCH_COMBINATIONS
    assert loser == SIX_CARD_SEQUENCES_8_DECKS - sum(LUCKY_MATCH_COMBINATIONS.values())


def test_pair_plus_agrees_with_the_rank_only_three_card_bet() -> None:
    """The suit-pattern bet of pair-plus-8-decks.json against the rank-only
    three-card-poker bet of lucky-match-8-decks.json (the Wizard of Odds table above
    ties that file): a straight is a straight flush or a plain straight, three of a
    kind is never a straight or a flush-first line, and a two-card Player hand is the
    same rounds. Suits themselves are tied to dealing every card
    (tests/test_card_bets.py) and to Three Card Poker's 22,100 hands."""
    suits = json.loads((GOLDEN / "pair-plus-8-decks.json").read_text())
    ranks = json.loads((GOLDEN / "lucky-match-8-decks.json").read_text())
    plus = {line["name"]: line["count"] for line in suits["bets"]["player-pair-plus"]["lines"]}
    three = {
        line["name"]: line["count"] for line in ranks["bets"]["player-three-card-poker"]["lines"]
    }
    assert plus["straight flush"] + plus["straight"] == three["straight"]
    assert plus["three of a kind"] == three["three of a kind"]
    assert plus["two cards"] == three["two cards only"]
    assert sum(plus.values()) == suits["total"] == ranks["total"]


# -- compare ---------------------------------------------------------------------------

COMPARE_FILES = {
    1: "1-deck.json",
    2: "2-decks.json",
    4: "4-decks.json",
    6: "6-decks.json",
    8: "8-decks.json",
    "inf": "infinite.json",
}
MAIN_PAYS = {"banker": Fraction(19, 20), "player": Fraction(1), "tie": Fraction(8)}


def test_compare_cells_are_the_textbook_figures_of_the_odds_documents() -> None:
    """Each cell follows from the win/push/lose of the d-deck documents (tied to Chen,
    Thorp and the published 8-deck counts above) by the textbook definitions: house edge
    -EV, hit frequency P(win), variance E[X²] - EV², element of risk -EV / (1 - P(push))
    for a bet that can push."""
    document = _load("compare-decks.json")
    assert [case["decks"] for case in document["cases"]] == list(COMPARE_FILES)
    for case in document["cases"]:
        odds = _load(COMPARE_FILES[case["decks"]])
        assert case["rules"] == odds["rules"]
        for name, pays in MAIN_PAYS.items():
            bet, cell = odds["bets"][name], case["bets"][name]
            win, push, lose = _q(bet["win"]), _q(bet["push"]), _q(bet["lose"])
            ev = pays * win - lose
            assert _q(bet["ev"]) == ev
            assert _q(cell["house_edge"]) == -ev, (case["decks"], name)
            assert _q(cell["hit_frequency"]) == win
            assert _q(cell["variance"]) == pays * pays * win + lose - ev * ev
            risk = cell["element_of_risk"]
            assert (None if risk is None else _q(risk)) == (-ev / (1 - push) if push else None)
    # multiplayerbaccarat.com/odds.html (after Thorp): 8 decks, Banker 1.0579 %, Player 1.2351 %;
    # Wizard of Odds (https://wizardofodds.com/games/baccarat/): 1 deck Banker 1.01 %, Player 1.29 %.
    eight = document["cases"][4]["bets"]
    assert _percent(_q(eight["banker"]["house_edge"]), 4) == "1.0579"
    assert _percent(_q(eight["player"]["house_edge"]), 4) == "1.2351"
    one = document["cases"][0]["bets"]
    assert _percent(_q(one["banker"]["house_edge"]), 2) == "1.01"
    assert _percent(_q(one["player"]["house_edge"]), 2) == "1.29"
