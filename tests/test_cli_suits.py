"""The command line with shoes by rank and suit: suited cards in --remove, --counts and
track; suited bets refused where suits are unknown; one-line errors for bad notation.

Perfect Pair probabilities are checked against an independent count of the first
four cards (P1 B1 P2 B2) by rank and suit, :func:`perfect_pair_probability`.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tests.cli_runner import run_app as run

RANK_SYMBOLS = "A23456789TJQK"
SUIT_LETTERS = "shdc"

Kind = tuple[str, str]  # (rank symbol, suit letter): cards of one kind are alike


def run_json(*args: str, stdin: str | None = None) -> dict[str, Any]:
    code, out, err = run(*args, "-f", "json", stdin=stdin)
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


def assert_one_error_line(code: int, out: str, err: str) -> str:
    """Exit 2, nothing on stdout, one line on stderr starting "Error:"; that line."""
    assert code == 2
    assert out == ""
    assert err.startswith("Error:") and err.count("\n") == 1 and "Traceback" not in err
    return err.strip()


def decks_less(decks: int, removed: list[Kind]) -> Counter[Kind]:
    """Cards left of each kind: ``decks`` decks (one card of each kind per deck) less ``removed``."""
    left = Counter({(r, s): decks for r in RANK_SYMBOLS for s in SUIT_LETTERS})
    left.subtract(removed)
    assert min(left.values()) >= 0
    return left


def perfect_pair_probability(left: Counter[Kind]) -> Fraction:
    """P(the Player's or the Banker's first two cards are of one rank and suit).

    With n_k cards of each kind k (rank and suit) and N cards in all, the first four
    cards are an ordered draw without replacement (P1 B1 P2 B2), every one of the
    N(N-1)(N-2)(N-3) ordered draws equally likely. Let P be "P1, P2 of one kind" and
    B "B1, B2 of one kind". Any two positions are an ordered pair of distinct cards:

        P(P) = P(B) = S2 / (N(N-1)),          S2 = Σ_k n_k(n_k - 1)

    Both: all four of one kind, or the Player's kind k and the Banker's kind j ≠ k:

        P(P and B) = (Σ_k n_k(n_k-1)(n_k-2)(n_k-3) + S2² - Σ_k (n_k(n_k-1))²)
                     / (N(N-1)(N-2)(N-3))

    and by inclusion–exclusion P(P or B) = P(P) + P(B) - P(P and B).
    """
    cards = sum(left.values())
    pairs = [n * (n - 1) for n in left.values()]
    s2 = sum(pairs)
    fours = sum(n * (n - 1) * (n - 2) * (n - 3) for n in left.values())
    both = fours + s2 * s2 - sum(p * p for p in pairs)
    one = Fraction(s2, cards * (cards - 1))
    return 2 * one - Fraction(both, cards * (cards - 1) * (cards - 2) * (cards - 3))


def test_the_formula_agrees_with_every_ordering_of_a_small_shoe() -> None:
    """The helper above against a plain enumeration of all ordered first-four draws."""
    left = Counter({("A", "s"): 3, ("A", "h"): 2, ("K", "s"): 2, ("5", "d"): 1})
    physical = [kind for kind, n in left.items() for _ in range(n)]
    hits = draws = 0
    for p1, b1, p2, b2 in itertools.permutations(physical, 4):
        draws += 1
        hits += p1 == p2 or b1 == b2
    assert draws == 8 * 7 * 6 * 5
    assert perfect_pair_probability(left) == Fraction(hits, draws)


def perfect_pair(document: dict[str, Any]) -> Fraction:
    return Fraction(document["bets"]["perfect-pair"]["win"])


# -- 1. known suits removed ---------------------------------------------------------------


def test_odds_one_deck_less_two_suited_aces() -> None:
    document = run_json("odds", "--decks", "1", "--remove", "As Ah", "--bet", "perfect-pair")
    assert document["shoe"]["suits"]["A"] == [0, 0, 1, 1]
    assert document["shoe"]["counts"]["A"] == 2 and document["shoe"]["cards"] == 50
    expected = perfect_pair_probability(decks_less(1, [("A", "s"), ("A", "h")]))
    assert expected == 0  # one deck holds one card of each rank and suit
    assert perfect_pair(document) == expected


def test_odds_two_decks_less_suited_cards() -> None:
    document = run_json(
        "odds", "--decks", "2", "--remove", "As Ah Kd Kd 9c", "--bet", "perfect-pair"
    )
    removed = [("A", "s"), ("A", "h"), ("K", "d"), ("K", "d"), ("9", "c")]
    assert document["shoe"]["suits"]["K"] == [2, 2, 0, 2]
    assert perfect_pair(document) == perfect_pair_probability(decks_less(2, removed))


def test_odds_on_a_small_suited_composition_equals_every_ordering() -> None:
    counts = "As=3,Ah=2,Ks=2,5d=1"
    document = run_json("odds", "--counts", counts, "--bet", "perfect-pair")
    left = Counter({("A", "s"): 3, ("A", "h"): 2, ("K", "s"): 2, ("5", "d"): 1})
    assert perfect_pair(document) == perfect_pair_probability(left)


# -- 2. --counts by suit, and by count only ------------------------------------------------


def test_counts_by_suit_are_echoed_in_the_shoe() -> None:
    document = run_json("odds", "--counts", "As=2,Ah=2,Ks=3,Kh=1,5d=4")
    shoe = document["shoe"]
    expected_rows = {rank: [0, 0, 0, 0] for rank in RANK_SYMBOLS}
    expected_rows.update({"A": [2, 2, 0, 0], "K": [3, 1, 0, 0], "5": [0, 0, 4, 0]})
    assert shoe["suits"] == expected_rows
    assert shoe["cards"] == 12
    assert {rank: n for rank, n in shoe["counts"].items() if n} == {"A": 4, "K": 4, "5": 4}


def test_a_suited_bet_on_ranks_given_by_count_only_is_refused() -> None:
    line = assert_one_error_line(*run("odds", "--counts", "A=5,K=3,5=4", "--bet", "perfect-pair"))
    assert "by count only" in line
    head = line.removeprefix("Error:").split(":")[0]
    named = {word for word in head.replace(",", " ").split() if word in RANK_SYMBOLS}
    assert named == {"A", "5", "K"}


def test_player_pair_does_not_look_at_suits() -> None:
    document = run_json("odds", "--counts", "A=5,K=3,5=4", "--bet", "player-pair")
    # by hand: P1 and P2 of one rank, 12 cards: (5·4 + 3·2 + 4·3) / (12·11)
    assert Fraction(document["bets"]["player-pair"]["win"]) == Fraction(5 * 4 + 3 * 2 + 4 * 3, 132)
    assert all(row is None for row in (document["shoe"]["suits"][r] for r in "A5K"))


# -- 3. cards of unknown suit: exact averages -------------------------------------------------


def test_perfect_pair_after_aces_of_unknown_suit_is_the_average() -> None:
    code, out, err = run("odds", "--decks", "2", "--remove", "Ax3", "--bet", "perfect-pair")
    assert code == 0, err
    assert any(line.startswith("suited bets: averaged exactly") for line in out.splitlines())

    document = run_json("odds", "--decks", "2", "--remove", "Ax3", "--bet", "perfect-pair")
    total = document["total"]
    assert total == 101 * 100 * 99 * 98 * 97 * 96  # six-card sequences of 101 cards
    assert document["shoe"]["suits"]["A"] == [2, 2, 2, 2] and document["shoe"]["counts"]["A"] == 5
    for line in document["bets"]["perfect-pair"]["lines"]:
        count = line["count"]
        assert isinstance(count, int | str) and not isinstance(count, bool)
        assert Fraction(count) / total == Fraction(line["probability"])
    # every set of 3 of the 8 physical aces (2 per suit) is equally likely to be gone
    aces = [("A", suit) for suit in SUIT_LETTERS for _ in range(2)]
    gone_sets = list(itertools.combinations(range(8), 3))
    assert len(gone_sets) == 56
    average = sum(
        (perfect_pair_probability(decks_less(2, [aces[i] for i in gone])) for gone in gone_sets),
        Fraction(0),
    ) / len(gone_sets)
    assert perfect_pair(document) == average


# -- 4. track with suited rounds ------------------------------------------------------------


def test_track_reads_suited_rounds() -> None:
    document = run_json("track", "--decks", "1", stdin="5h Ks 9c 2d 7s 3h\n")
    assert document["steps"][-1]["cards"] == ["5h", "Ks", "9c", "2d", "7s", "3h"]
    assert document["steps"][-1]["cards_left"] == 46
    assert document["shoe"] == {
        "cards": 52,
        "infinite": False,
        "counts": {rank: 4 for rank in RANK_SYMBOLS},
        "suits": {rank: [1, 1, 1, 1] for rank in RANK_SYMBOLS},
    }


def test_track_takes_suited_cards_from_their_suits() -> None:
    rounds = "5h Ks 9c 2d 7s 3h\nKh Kh 8d 8d\n"
    document = run_json("track", "--decks", "2", "--bet", "perfect-pair", stdin=rounds)
    removed = [("5", "h"), ("K", "s"), ("9", "c"), ("2", "d"), ("7", "s"), ("3", "h")]
    removed += [("K", "h"), ("K", "h"), ("8", "d"), ("8", "d")]
    final = document["steps"][-1]
    assert final["cards_left"] == 94
    expected = perfect_pair_probability(decks_less(2, removed))
    assert Fraction(final["bets"]["perfect-pair"]["win"]) == expected


# -- 5. simulate ------------------------------------------------------------------------------


def test_simulate_needs_suits_for_a_suited_bet() -> None:
    counts = "A=5,K=3,5=4,9=30"
    line = assert_one_error_line(
        *run("simulate", "--counts", counts, "--bet", "perfect-pair", "--shoes", "1", "-q")
    )
    assert "suit" in line.lower()
    code, out, err = run(
        "simulate", "--counts", counts, "--bet", "player-pair", "--shoes", "1", "-q"
    )
    assert code == 0, err
    assert out


# -- 6. formula -------------------------------------------------------------------------------


def test_formula_asks_for_the_suits_of_removed_cards() -> None:
    line = assert_one_error_line(*run("formula", "perfect-pair", "--remove", "A"))
    assert "suit" in line.lower()
    code, out, err = run("formula", "perfect-pair", "--remove", "As")
    assert code == 0, err
    assert "perfect-pair" in out


# -- 7. bad notation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--remove", "Kz"], "'Kz'"),
        (["--remove", "Asx0"], "'Asx0'"),
        (["--counts", "As=2,A=3"], "given both by count"),
        (["--counts", "As=2,A♠=3"], "given twice"),
        (["--decks", "1", "--remove", "As As"], "cannot remove 2 aces of spades"),
    ],
)
def test_bad_suited_notation_is_one_line_and_exit_2(args: list[str], fragment: str) -> None:
    line = assert_one_error_line(*run("odds", *args))
    assert fragment in line
