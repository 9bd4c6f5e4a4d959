"""The round in progress: odds conditional on the cards seen, against dealing every card of
small shoes in every order (tests/reference_rounds.py)."""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.errors import BaccaratError, CardError, RulesError, ShoeError
from baccarat_exact.model.bets import NO_PAIR, PAIR, PAIR_STATES
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.events import N_EVENTS, event_index
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.seen import Seen
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from tests.reference_rounds import DealtRound, dealt_rounds, matches_seen

BETS = tuple(
    find_bet(name)
    for name in ("banker", "player", "tie", "player-pair", "either-pair", "dragon-7", "big")
)


def _cell(r: DealtRound) -> int:
    player, banker = r.totals()
    event = event_index(player, banker, len(r.player), len(r.banker))
    pp = PAIR if r.player[0].rank == r.player[1].rank else NO_PAIR
    bp = PAIR if r.banker[0].rank == r.banker[1].rank else NO_PAIR
    return PAIR_STATES.index((pp, bp)) * N_EVENTS + event


def _brute_force(shoe: Shoe, seen: Seen) -> dict[str, tuple[Fraction, ...]]:
    """Each bet's line probabilities given ``seen``, from every dealt round (summed by the
    round's cell first: a line's probability is the sum over the cells it pays on)."""
    by_cell: dict[int, Fraction] = {}
    for r in _rounds(shoe):
        if matches_seen(r.player, seen.player) and matches_seen(r.banker, seen.banker):
            cell = _cell(r)
            by_cell[cell] = by_cell.get(cell, Fraction(0)) + r.probability
    total = sum(by_cell.values(), Fraction(0))
    found = {}
    for bet in BETS:
        probabilities = []
        for line in bet.lines:
            cells = line.cells() if bet.needs_pairs else None
            p = sum(
                (
                    q
                    for cell, q in by_cell.items()
                    if (cell in cells if cells is not None else cell % N_EVENTS in line.events)
                ),
                Fraction(0),
            )
            probabilities.append(p / total)
        found[bet.name] = tuple(probabilities)
    return found


@functools.lru_cache(maxsize=4)
def _rounds(shoe: Shoe) -> tuple[DealtRound, ...]:
    """Every round ``shoe`` deals (a case's shoe is dealt once, for the case and its check)."""
    return tuple(dealt_rounds(shoe))


@st.composite
def shoes_and_seen(draw: st.DrawFn) -> tuple[Shoe, Seen]:
    """A small shoe of physical cards and what might be seen of a round dealt from it."""
    size = draw(st.integers(7, 9))
    cards = draw(
        st.lists(st.tuples(st.integers(0, 12), st.integers(0, 3)), min_size=size, max_size=size)
    )
    rows = [[0] * 4 for _ in range(13)]
    for rank, suit in cards:
        rows[rank][suit] += 1
    shoe = Shoe.from_suits(rows)
    rng = random.Random(draw(st.integers(0, 2**32)))
    dealt = rng.choice(_rounds(shoe))
    hands = []
    for hand in (dealt.player, dealt.banker):
        keep = rng.randint(0, len(hand))
        shown = []
        for card in hand[:keep]:
            choice = rng.random()
            shown.append(
                None if choice < 0.3 else card if choice < 0.6 else card._replace(suit=None)
            )
        hands.append(tuple(shown))
    return shoe, Seen(hands[0], hands[1])


@settings(max_examples=25, deadline=None)
@given(shoes_and_seen())
def test_seen_cards_agree_with_dealing_every_card(case: tuple[Shoe, Seen]) -> None:
    shoe, seen = case
    expected = _brute_force(shoe, seen)
    result = odds(shoe, Rules(), BETS, seen=seen)
    for bet in result.bets:
        assert tuple(p for _, _, p in bet.lines) == expected[bet.name], (bet.name, seen)


def test_nothing_seen_is_the_next_round() -> None:
    shoe = Shoe.from_decks(1).remove("5 5 K")
    assert odds(shoe, seen=Seen()).bets == odds(shoe).bets


def test_a_decided_round_has_probability_one() -> None:
    # Player 5 K 3 = 8 against Banker 7 K = 7, which stands: the Player has won.
    result = odds(Shoe.from_decks(8), seen=Seen.parse("5 K 3", "7 K"))
    assert result.bet("player").win == 1
    assert result.bet("banker").lose == 1


def test_face_down_third_card_means_the_hand_drew() -> None:
    # Banker 3 3 = 6 draws only when the Player's third card is a 6 or 7.
    shoe = Shoe.from_decks(8)
    drew = odds(shoe, seen=Seen.parse("2 A ?", "3 3 ?"))
    assert drew.probability("tie") > 0
    with pytest.raises(ShoeError, match="Banker stands on 6 when the Player draws a 2"):
        odds(shoe, seen=Seen.parse("2 A 2", "3 3 ?"))


@pytest.mark.parametrize(
    ("player", "banker", "message"),
    [
        ("8 K 3", "", "the Player has a natural 8"),
        ("6 K 3", "", "the Player stands on 6"),
        ("6 K", "7 K 3", "the Banker stands on 7 when the Player stands"),
    ],
)
def test_a_third_card_the_tableau_never_deals_is_refused(
    player: str, banker: str, message: str
) -> None:
    with pytest.raises(ShoeError, match=message):
        odds(Shoe.from_decks(8), seen=Seen.parse(player, banker))


def test_seen_cards_come_out_of_the_shoe() -> None:
    with pytest.raises(ShoeError, match="cannot remove 2 kings of spades"):
        odds(Shoe.from_decks(1), seen=Seen.parse("Ks", "Ks"))


@pytest.mark.parametrize("text", ["5 5 5 5", "X", "5x2"])
def test_bad_seen_cards(text: str) -> None:
    with pytest.raises(CardError):
        Seen.parse(text)


def test_suited_bets_are_refused_with_seen_cards() -> None:
    with pytest.raises(RulesError, match="perfect-pair"):
        odds(Shoe.from_decks(8), bets=[find_bet("perfect-pair")], seen=Seen.parse("K"))


def test_seen_cards_round_trip_through_json() -> None:
    seen = Seen.parse("? Kh", "9 ?")
    assert Seen.from_dict(seen.to_dict()) == seen
    assert odds(Shoe.from_decks(8), seen=seen).to_dict()["seen"] == {
        "player": "? Kh",
        "banker": "9 ?",
    }
    with pytest.raises(BaccaratError):
        Seen.from_dict({"player": 5})


@pytest.mark.parametrize(
    ("option", "typed", "message"),
    [
        (
            "--player",
            "Kss",
            "Error: Player: unknown card 'Kss': a card is one rank and at most one suit, e.g. 'Ks'",
        ),
        (
            "--player",
            "?x3",
            "Error: Player: '?x3': ? is one card dealt face down, without rank, suit or copies; "
            'write ? once for each, e.g. "? ? K"',
        ),
        (
            "--banker",
            "9 KQ",
            "Error: Banker: unknown card 'KQ': 'Q' is no suit: separate cards with spaces, "
            "e.g. 'K Q'",
        ),
        ("--banker", "9z", "Error: Banker: unknown card '9z': 'z' is no suit: use s h d c"),
    ],
)
def test_a_mistyped_card_says_what_is_wrong_with_it(
    capsys: pytest.CaptureFixture[str], option: str, typed: str, message: str
) -> None:
    from tests.cli_runner import run_main

    for command in ("odds", "grid"):
        code, out, err = run_main(capsys, command, option, typed)
        assert code == 2 and not out
        assert err.startswith(message) and len(err.splitlines()) == 1, (command, err)
