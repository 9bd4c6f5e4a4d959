"""Rounds played by a chart (and index plays) card by card, and settled: every round a shoe
can deal, with its probability, gives the engine's exact law of the basic strategy."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest

from baccarat_exact.blackjack.dealt import RoundDealer
from baccarat_exact.blackjack.edge import basic_strategy, strategy_value
from baccarat_exact.blackjack.index_play import IndexPlay, IndexPolicy
from baccarat_exact.blackjack.round_stats import round_stats
from baccarat_exact.blackjack.rules import (
    BlackjackRules,
    DealerBlackjackTakes,
    SplitBy,
    Surrender,
)
from baccarat_exact.blackjack.strategy import BasicStrategy, Move
from baccarat_exact.errors import RulesError
from baccarat_exact.model.shoe import Shoe
from tests.test_blackjack_round import RULE_SETS as ROUND_RULE_SETS

SHOES = ("A=2,5=2,6=2,7=2,9=2,T=8", "A=3,7=2,8=4,9=2,T=12")
"""Small shoes: low cards that double and split, and pairs of aces, sevens, eights, nines
and tens deep enough for three hands."""

RULE_SETS = [
    *ROUND_RULE_SETS,
    BlackjackRules(split_hands=3, hole_card=True, surrender=Surrender.LATE),
]
"""test_blackjack_round's rule sets (the casino's game, a peek game with DAS and H17, a dealer
blackjack taking the original stake only, late and early surrender with and without a
hole card, 6:5) and resplits to three hands."""


class _Needs(Exception):
    """The round needs one more card than the sequence being replayed holds."""


class _Prefix:
    """A shoe's card sequence known up to a prefix: reading past it asks for a card."""

    def __init__(self, prefix: list[int], size: int) -> None:
        self.prefix = prefix
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> int:
        if i >= len(self.prefix):
            raise _Needs
        return self.prefix[i]


def first_round_law(player: RoundDealer, counts: list[int]) -> dict[Fraction, Fraction]:
    """The law of the first round's net over every order of a shoe of ``counts`` (by rank,
    A 2 … 9 T J Q K), each prefix of cards the round reads weighted by its chance."""
    size = sum(counts)
    law: dict[Fraction, Fraction] = defaultdict(Fraction)

    def walk(prefix: list[int], left: list[int], p: Fraction) -> Iterator[None]:
        try:
            played = player.play_shoe(_Prefix(prefix, size), 0, 1)
        except _Needs:
            total = sum(left)
            for rank, n in enumerate(left):
                if n:
                    left[rank] -= 1
                    prefix.append(rank)
                    yield from walk(prefix, left, p * Fraction(n, total))
                    prefix.pop()
                    left[rank] += 1
            return
        (net,) = played.net
        law[Fraction(net, player.scale)] += p
        yield

    for _ in walk([], list(counts), Fraction(1)):
        pass
    return {net: p for net, p in sorted(law.items()) if p}


CASES = [
    *((SHOES[(i + len(RULE_SETS)) % 2], rules) for i, rules in enumerate(RULE_SETS)),
    ("A=2,5=2,6=2,7=2,9=2,T=4,K=4", BlackjackRules(split_by=SplitBy.RANK, hole_card=True)),
    (
        SHOES[1],
        BlackjackRules(split_hands=4, dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL),
    ),
]
"""Every rule set on one of the two shoes in turn (resplits on the deeper one), pairs by rank (a ten and a king do not split), and four
hands from a pair with a dealer blackjack taking the original stake only (shared between
the hands)."""


@pytest.mark.parametrize(("shoe_text", "rules"), CASES, ids=range(len(CASES)))
def test_the_first_round_s_law_is_the_engine_s_for_the_chart(
    shoe_text: str, rules: BlackjackRules
) -> None:
    """Dealt and settled card by card over every order of the shoe, the first round's net
    has exactly the law the engine finds for the derived chart (itself checked against a
    card-by-card reference in tests/test_blackjack_round.py)."""
    shoe = Shoe.parse(shoe_text)
    stats = round_stats(shoe, rules, strategies=["basic"])
    assert stats.basic is not None
    player = RoundDealer(IndexPolicy(stats.basic, ()), [0] * 13)
    assert first_round_law(player, list(shoe.counts)) == dict(stats.play("basic").probabilities)


# -- index plays, insurance and the count ------------------------------------------------

ZERO = (0,) * 13
"""A count that never moves: the true count is always 0."""


def _mean(law: dict[Fraction, Fraction]) -> Fraction:
    return sum((net * p for net, p in law.items()), Fraction(0))


def _chart(shoe: Shoe, rules: BlackjackRules) -> BasicStrategy:
    """A chart to play by (any chart serves these tests): the one derived in float, which
    costs a tenth of a second where the exact derivation of a full deck takes seconds."""
    return basic_strategy(shoe, rules, exact=False)[0]


def _sixteen_v_ten(chart: BasicStrategy, move: Move) -> BasicStrategy:
    """The chart, except that every hard 16 against a ten plays ``move`` (stand or hit; 8,8
    too where the chart stands or hits it)."""
    plays = list(chart.plays)
    ten = plays[9]
    pairs = list(ten.pairs)
    if pairs[7] in (Move.HIT, Move.STAND):
        pairs[7] = move
    hits = ten.hits | {(False, 16)} if move is Move.HIT else ten.hits - {(False, 16)}
    plays[9] = replace(ten, hits=hits, pairs=tuple(pairs))
    return replace(chart, plays=tuple(plays))


@pytest.mark.parametrize("rules", [BlackjackRules(), BlackjackRules(hole_card=True)])
def test_an_index_play_at_or_above_its_count_changes_the_chart_s_move(
    rules: BlackjackRules,
) -> None:
    """With a count that never moves the true count is 0: an index of 0 always makes its
    play (the round is then worth what the engine finds for the chart playing every 16 v T
    the other way), an index of 1 never does (the chart's own law)."""
    shoe = Shoe.parse(SHOES[0])
    chart = _chart(shoe, rules)
    own = chart.plays[9].hit_stand((False, 16))
    other = Move.STAND if own is Move.HIT else Move.HIT
    flip = IndexPlay(up=10, kind="hard", total=16, index=0, above=other, below=own)
    law = first_round_law(RoundDealer(IndexPolicy(chart, (flip,)), ZERO), list(shoe.counts))
    assert _mean(law) == strategy_value(shoe, _sixteen_v_ten(chart, other))
    assert _mean(law) != strategy_value(shoe, chart)
    never = replace(flip, index=1)
    plain = first_round_law(RoundDealer(IndexPolicy(chart, ()), ZERO), list(shoe.counts))
    assert (
        first_round_law(RoundDealer(IndexPolicy(chart, (never,)), ZERO), list(shoe.counts)) == plain
    )


def test_insurance_taken_is_worth_what_the_hole_card_makes_it() -> None:
    """Insurance at every ace up adds P(ace up)·(3·P(ten in the hole) − 1)/2 to the round:
    half the bet that pays 2 to 1, the hole card any card but the up card."""
    shoe = Shoe.parse(SHOES[0])
    rules = BlackjackRules(hole_card=True)
    chart = _chart(shoe, rules)
    insure = IndexPlay(up=1, kind="insurance", total=0, index=0, above=None, below=None)
    counts = list(shoe.counts)
    n, aces, tens = sum(counts), counts[0], sum(counts[9:])
    with_insurance = _mean(
        first_round_law(RoundDealer(IndexPolicy(chart, (insure,)), ZERO), counts)
    )
    without = _mean(first_round_law(RoundDealer(IndexPolicy(chart, ()), ZERO), counts))
    assert with_insurance - without == Fraction(aces, n) * (3 * Fraction(tens, n - 1) - 1) / 2


def test_the_count_before_each_round_is_every_card_seen_so_far() -> None:
    """All a round's cards are seen by its end (the hole card turned over), the burned card
    never: the running count before a round is the tags of the cards from the burn to it."""
    rules = BlackjackRules(hole_card=True)
    shoe = Shoe.from_decks(1)
    chart = _chart(Shoe.from_decks(1), rules)
    tags = (-1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1)
    rng = __import__("random").Random(5)
    order = [rank for rank, n in enumerate(shoe.counts) for _ in range(n)]
    for _ in range(20):
        rng.shuffle(order)
        played = RoundDealer(IndexPolicy(chart, ()), tags).play_shoe(order, 1, 40)
        assert len(played.net) >= 5
        for running, unseen in zip(played.running, played.unseen):
            seen = order[1 : 1 + 52 - unseen]
            assert running == sum(tags[rank] for rank in seen)


def test_a_bad_index_play_is_refused() -> None:
    with pytest.raises(RulesError, match="up card must be 1"):
        IndexPlay(up=11, kind="hard", total=16, index=0, above=Move.STAND, below=Move.HIT)
    with pytest.raises(RulesError, match="hard, soft, pair or insurance"):
        IndexPlay(up=10, kind="firm", total=16, index=0, above=Move.STAND, below=Move.HIT)
    with pytest.raises(RulesError, match="one tag per rank"):
        RoundDealer(IndexPolicy(_chart(Shoe.parse(SHOES[0]), BlackjackRules()), ()), (1, -1))
