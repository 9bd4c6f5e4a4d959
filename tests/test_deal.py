"""``deal`` against a second, deliberately simple statement of the punto banco drawing rules.

The rules are those of the casino's printed tableau, restated in ``docs/rules.md``
("Cards and hands", "The deal"):

- Player and Banker get two cards each, dealt Player, Banker, Player, Banker.
- Points: A = 1, 2-9 face value, T J Q K = 0; a hand's value is its points mod 10.
- A two-card 8 or 9 on either side is a natural: both stand.
- Otherwise the Player draws a third card on 0-5 and stands on 6-7.
- If the Player stood, the Banker draws on 0-5 and stands on 6-7.
- If the Player drew a third card of value p3, the Banker with 0, 1, 2 draws; with 3
  draws unless p3 is 8; with 4 draws when p3 is 2-7; with 5 when p3 is 4-7; with 6
  when p3 is 6-7; with 7 stands.

The reference below is written from that English text, card by card, without the
package's tableau, and is compared with :func:`baccarat_exact.model.deal.deal` on
every (Player total, Banker total, 5th card, 6th card) and on random sequences.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat_exact.engine.tables import deal_grid
from baccarat_exact.errors import RoundError
from baccarat_exact.model.cards import parse_cards
from baccarat_exact.model.deal import ROUND_CARDS, Round, deal
from baccarat_exact.model.events import Event, event_index
from baccarat_exact.model.rules import PLAYER_STOOD, STANDARD_TABLEAU, Tableau

# --- the reference -------------------------------------------------------------------

RANK_POINTS = {
    "A": 1,
    **{str(face): face for face in range(2, 10)},
    "T": 0,
    "J": 0,
    "Q": 0,
    "K": 0,
}
"""Card points as the rules state them: A = 1, 2-9 face value, T J Q K = 0."""


@dataclass(frozen=True)
class Played:
    """A round the reference played out: the positions of each hand's cards."""

    player: tuple[int, ...]
    banker: tuple[int, ...]
    player_two_card: int
    banker_two_card: int
    event: Event


@dataclass(frozen=True)
class Short:
    """The sequence ran out: the reference wanted a card it did not have.

    ``needed`` is how many cards the round takes up to and including the missing
    one (the first four are dealt together, so it is at least 4)."""

    needed: int


def hand_value(values: Sequence[int], positions: Sequence[int]) -> int:
    """A hand's value: the sum of its cards' points, mod 10."""
    return sum(values[i] for i in positions) % 10


def banker_draws_after_player_third(banker: int, p3: int) -> bool:
    """The Banker's rule when the Player drew a third card of value ``p3``."""
    if banker in (0, 1, 2):
        return True
    if banker == 3:
        return p3 != 8
    if banker == 4:
        return 2 <= p3 <= 7
    if banker == 5:
        return 4 <= p3 <= 7
    if banker == 6:
        return 6 <= p3 <= 7
    return False  # 7 stands


def reference_round(values: Sequence[int]) -> Played | Short:
    """Play one round from point values in deal order, card by card."""
    if len(values) < 4:
        return Short(needed=4)
    player = [0, 2]  # dealt P B P B
    banker = [1, 3]
    player_two_card = hand_value(values, player)
    banker_two_card = hand_value(values, banker)
    natural = player_two_card in (8, 9) or banker_two_card in (8, 9)
    next_card = 4
    if not natural:
        player_third: int | None = None
        if player_two_card <= 5:
            if next_card >= len(values):
                return Short(needed=next_card + 1)
            player.append(next_card)
            player_third = values[next_card]
            next_card += 1
        if player_third is None:
            banker_draws = banker_two_card <= 5
        else:
            banker_draws = banker_draws_after_player_third(banker_two_card, player_third)
        if banker_draws:
            if next_card >= len(values):
                return Short(needed=next_card + 1)
            banker.append(next_card)
    event = Event(hand_value(values, player), hand_value(values, banker), len(player), len(banker))
    return Played(tuple(player), tuple(banker), player_two_card, banker_two_card, event)


# --- comparison ----------------------------------------------------------------------


def run_deal(values: Sequence[int]) -> Round | RoundError:
    """The round ``deal`` plays from ``values``, or the error it raises."""
    try:
        return deal(values)
    except RoundError as error:
        return error


def disagreement(values: Sequence[int]) -> str | None:
    """How ``deal`` and the reference differ on ``values``, or None when they agree."""
    expected = reference_round(values)
    played = run_deal(values)
    if isinstance(expected, Short):
        if not isinstance(played, RoundError):
            return (
                f"{list(values)}: deal gave {played}, expected RoundError(needed={expected.needed})"
            )
        if played.needed != expected.needed:
            return f"{list(values)}: RoundError needed={played.needed}, expected {expected.needed}"
        return None
    if isinstance(played, RoundError):
        return (
            f"{list(values)}: deal raised {played!r} (needed={played.needed}), expected {expected}"
        )
    got = (
        played.event,
        played.player,
        played.banker,
        played.cards,
        played.player_two_card,
        played.banker_two_card,
    )
    want = (
        expected.event,
        expected.player,
        expected.banker,
        len(expected.player) + len(expected.banker),
        expected.player_two_card,
        expected.banker_two_card,
    )
    if got != want:
        return f"{list(values)}: deal gave {got}, expected {want}"
    return None


def assert_no_disagreement(cases: Sequence[Sequence[int]]) -> None:
    problems = [problem for values in cases if (problem := disagreement(values)) is not None]
    assert not problems, f"{len(problems)} of {len(cases)} sequences differ:\n" + "\n".join(
        problems[:20]
    )


GRID = [
    (player, banker, 0, 0, fifth, sixth)
    for player, banker, fifth, sixth in itertools.product(range(10), repeat=4)
]
"""Every (Player two-card total, Banker two-card total, 5th value, 6th value): 10**4 rounds
that reach every cell of the tableau with every third card."""


# --- the reference itself, on hand-worked rounds ---------------------------------------

HAND_WORKED = [
    # values, Player positions, Banker positions, event — each worked out by hand
    ((5, 0, 9, 2, 7, 3), (0, 2, 4), (1, 3, 5), Event(1, 5, 3, 3)),  # P 4 draws 7; B 2 draws 3
    ((9, 2, 0, 3), (0, 2), (1, 3), Event(9, 5, 2, 2)),  # Player natural 9
    ((1, 4, 0, 4, 5, 5), (0, 2), (1, 3), Event(1, 8, 2, 2)),  # Banker natural 8
    ((3, 3, 3, 3, 5, 5), (0, 2), (1, 3), Event(6, 6, 2, 2)),  # P 6 stood: B 6 stands
    ((3, 2, 4, 1, 8, 5), (0, 2), (1, 3, 4), Event(7, 1, 2, 3)),  # P 7 stood: B 3 draws 8
    ((6, 5, 0, 0, 2), (0, 2), (1, 3, 4), Event(6, 7, 2, 3)),  # P 6 stood: B 5 draws 2
    ((0, 1, 0, 0, 8, 4), (0, 2, 4), (1, 3, 5), Event(8, 5, 3, 3)),  # B 1 draws on any p3
    ((2, 3, 2, 0, 8, 4), (0, 2, 4), (1, 3), Event(2, 3, 3, 2)),  # B 3 stands on p3 = 8
    ((2, 3, 2, 0, 9, 4), (0, 2, 4), (1, 3, 5), Event(3, 7, 3, 3)),  # B 3 draws on p3 = 9
    ((0, 4, 0, 0, 1, 4), (0, 2, 4), (1, 3), Event(1, 4, 3, 2)),  # B 4 stands on p3 = 1
    ((0, 4, 0, 0, 2, 3), (0, 2, 4), (1, 3, 5), Event(2, 7, 3, 3)),  # B 4 draws on p3 = 2
    ((0, 5, 0, 0, 4, 4), (0, 2, 4), (1, 3, 5), Event(4, 9, 3, 3)),  # B 5 draws on p3 = 4
    ((0, 5, 0, 0, 8, 4), (0, 2, 4), (1, 3), Event(8, 5, 3, 2)),  # B 5 stands on p3 = 8
    ((0, 6, 0, 0, 5, 1), (0, 2, 4), (1, 3), Event(5, 6, 3, 2)),  # B 6 stands on p3 = 5
    ((0, 6, 0, 0, 6, 1), (0, 2, 4), (1, 3, 5), Event(6, 7, 3, 3)),  # B 6 draws on p3 = 6
    ((0, 7, 0, 0, 6, 1), (0, 2, 4), (1, 3), Event(6, 7, 3, 2)),  # B 7 stands
]


@pytest.mark.parametrize(("values", "player", "banker", "event"), HAND_WORKED)
def test_deal_and_the_reference_on_hand_worked_rounds(
    values: tuple[int, ...], player: tuple[int, ...], banker: tuple[int, ...], event: Event
) -> None:
    reference = reference_round(values)
    assert reference == Played(
        player, banker, hand_value(values, (0, 2)), hand_value(values, (1, 3)), event
    )
    played = deal(values)
    assert (played.event, played.player, played.banker) == (event, player, banker)
    assert played.cards == len(player) + len(banker)


def test_card_points_are_those_the_rules_state() -> None:
    cards = parse_cards(" ".join(RANK_POINTS))
    assert [card.point for card in cards] == list(RANK_POINTS.values())


# --- deal against the reference ------------------------------------------------------


def test_deal_matches_the_reference_on_every_two_card_total_and_draw() -> None:
    assert_no_disagreement(GRID)


def test_deal_ignores_cards_past_the_round() -> None:
    for values in GRID[::7]:
        base = deal(values)
        longer = deal((*values, 9, 8, 7))
        assert longer == base, values


def test_a_short_sequence_raises_with_the_cards_the_round_needs() -> None:
    """Every cut of every grid round: too few cards raise ``RoundError`` whose ``needed``
    counts the cards up to the first one missing — the whole round when one card short."""
    cases = [values[:length] for values in GRID for length in range(ROUND_CARDS)]
    assert_no_disagreement(cases)
    for values in GRID:
        cards = deal(values).cards
        with pytest.raises(RoundError) as raised:
            deal(values[: cards - 1])
        assert raised.value.needed == cards, values


@pytest.mark.parametrize("length", range(4))
def test_fewer_than_four_cards_need_four(length: int) -> None:
    with pytest.raises(RoundError, match="at least 4 cards") as raised:
        deal([0] * length)
    assert raised.value.needed == 4


@settings(max_examples=500)
@given(st.lists(st.sampled_from(sorted(RANK_POINTS)), min_size=4, max_size=8))
def test_deal_matches_the_reference_on_random_sequences(ranks: list[str]) -> None:
    values = [RANK_POINTS[rank] for rank in ranks]
    assert disagreement(values) is None
    assert disagreement(tuple(values)) is None


@settings(max_examples=300)
@given(st.lists(st.integers(0, 9), min_size=4, max_size=8))
def test_every_cut_of_a_random_sequence_matches_the_reference(values: list[int]) -> None:
    for length in range(len(values) + 1):
        assert disagreement(values[:length]) is None


# --- the deal grid -------------------------------------------------------------------


SPOT_CHECKS = [
    (9, 2, 0, 0),  # natural
    (6, 5, 3, 0),  # Player stands, Banker draws on 5
    (6, 6, 3, 0),  # both stand
    (4, 2, 7, 3),  # both draw
    (2, 3, 8, 4),  # Banker 3 stands on an 8
    (2, 3, 9, 4),  # Banker 3 draws on a 9
    (0, 6, 7, 1),  # Banker 6 draws on a 7
    (5, 7, 1, 1),  # Banker 7 stands
]


@pytest.mark.parametrize(("player", "banker", "fifth", "sixth"), SPOT_CHECKS)
def test_deal_grid_agrees_with_deal(player: int, banker: int, fifth: int, sixth: int) -> None:
    values = (player, banker, 0, 0, fifth, sixth)
    expected = reference_round(values)
    assert isinstance(expected, Played)
    assert deal_grid()[player, banker, fifth, sixth] == event_index(*deal(values).event)
    assert deal_grid()[player, banker, fifth, sixth] == event_index(*expected.event)


def test_deal_grid_agrees_with_the_reference_everywhere() -> None:
    expected = np.zeros((10, 10, 10, 10), dtype=np.intp)
    for values in GRID:
        played = reference_round(values)
        assert isinstance(played, Played)
        expected[values[0], values[1], values[4], values[5]] = event_index(*played.event)
    assert np.array_equal(deal_grid(), expected)


def _banker_on_six_draws_when_player_stood() -> Tableau:
    rows = [list(row) for row in STANDARD_TABLEAU.banker]
    rows[6][PLAYER_STOOD] = True
    return Tableau(player=STANDARD_TABLEAU.player, banker=tuple(tuple(row) for row in rows))


def test_deal_and_deal_grid_follow_another_tableau() -> None:
    variant = _banker_on_six_draws_when_player_stood()
    values = (6, 6, 0, 0, 3, 0)
    assert deal(values).event == Event(6, 6, 2, 2)
    assert deal(values, variant).event == Event(6, 9, 2, 3)
    assert deal(values, variant).banker == (1, 3, 4)
    grid = deal_grid(variant)
    assert grid[6, 6, 3, 0] == event_index(6, 9, 2, 3)
    for player, banker, fifth, sixth in SPOT_CHECKS:
        values = (player, banker, 0, 0, fifth, sixth)
        assert grid[player, banker, fifth, sixth] == event_index(*deal(values, variant).event)
