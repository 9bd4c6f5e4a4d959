"""Dragon Tiger shoes dealt card by card, every bet priced exactly before every hand.

Each shoe is shuffled by a generator seeded from ``--seed`` and the shoe's number, so a
seed gives the same shoes (and bytes) on any machine. Cards are burned face down at the
start (none by default), then hands of two cards (Dragon, then Tiger) are dealt while
more cards than the cut card's are left. Before each hand every bet's EV is computed
exactly from the cards left (every suit known: the cards were seen), by the same pay
lines as ``dragon-tiger odds``. Two players are followed: one who knows every card
(bets one unit whenever the EV is positive) and one who counts (bets one unit when the
bet's count reaches its trigger true count). What each wins is the exact EV of the hands
bet, summed: estimates of the average, with standard errors across shoes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from baccarat_exact.analysis.dragon_tiger.eor import RankCount
from baccarat_exact.analysis.dragon_tiger.game import DragonTigerBet, DragonTigerRules
from baccarat_exact.errors import ShoeError, SimulationError
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "BetRun",
    "DealtShoes",
    "check_room",
    "deal_shoes",
    "hand_evs",
    "parse_burn",
    "per_hundred",
    "shuffled",
]


def parse_burn(text: str) -> int:
    """Cards burned at the start of each shoe: ``standard`` (the game's rule: no burn is
    part of the published game, so none), ``none`` or a whole number.

    >>> parse_burn("standard"), parse_burn("none"), parse_burn("3")
    (0, 0, 3)
    """
    word = text.strip().lower()
    if word in ("standard", "none"):
        return 0
    if not word.isdigit():
        raise SimulationError(f"--burn takes standard, none or a number of cards, got {text!r}")
    return int(word)


@dataclass(frozen=True, slots=True)
class BetRun:
    """What one bet was worth over the shoes dealt (sums of exact EVs, as floats)."""

    bet: str
    full_shoe_ev: Fraction
    """The bet's exact EV on the full shoe (the first hand, before any burn)."""
    hands: int
    positive: int
    """Hands before which the bet's EV was positive."""
    ev_sum: float
    """Σ EV over every hand (the flat bettor's expectation)."""
    best_ev: Fraction
    """The highest EV met before a hand."""
    perfect: tuple[float, ...]
    """Per shoe, Σ max(EV, 0): what betting one unit whenever the EV is positive is worth."""
    count: RankCount | None
    threshold: Fraction | None
    """The true count at which the counter bets (``None``: the count never triggers)."""
    triggered: int
    triggered_positive: int
    """Triggered hands whose EV was indeed positive."""
    counted: tuple[float, ...]
    """Per shoe, Σ EV over the hands the count triggered."""
    by_depth: tuple[int, ...]
    """Hands with a positive EV in each tenth of the shoe dealt."""

    @property
    def hands_per_shoe(self) -> float:
        """The average hands dealt per shoe."""
        return self.hands / len(self.perfect)


def per_hundred(sums: Sequence[float], hands: int) -> tuple[float, float | None]:
    """The win per 100 hands from per-shoe sums, and its standard error (``None`` under 10
    shoes): the ratio estimate Σx/Σh, its error from the spread across shoes."""
    shoes = len(sums)
    mean = sum(sums) / hands
    if shoes < 10:
        return 100 * mean, None
    each = hands / shoes
    spread = sum((x - mean * each) ** 2 for x in sums) / (shoes - 1)
    return 100 * mean, 100 * math.sqrt(spread / shoes) / each


@dataclass(frozen=True, slots=True)
class DealtShoes:
    """The run: settings and each bet's results."""

    shoes: int
    seed: int
    burn: int
    cut_card: int
    hands: int
    runs: tuple[BetRun, ...]
    by_depth: tuple[int, ...]
    """Hands dealt in each tenth of the shoe (by the cards dealt before the hand)."""


Scorer = Callable[[list[int], list[int], int, int], tuple[int, int]]
"""A bet's EV as (numerator, denominator) from the cards left by rank and by rank and
suit, the cards left and the ties among their ordered pairs."""


def _scorer(bet: DragonTigerBet, rules: DragonTigerRules) -> Scorer:
    """The integer form of ``bet``'s pay lines (:func:`bet_lines`) on a shoe whose every
    suit is known: the same EV, without a fraction made per line."""
    if bet.kind == "main":
        lost = rules.tie_loses
        return lambda counts, cells, total, ties: (
            -lost.numerator * ties,
            lost.denominator * total * (total - 1),
        )
    if bet.kind == "tie":
        pays = rules.tie_pays
        return lambda counts, cells, total, ties: (
            pays.numerator * ties - pays.denominator * (total * (total - 1) - ties),
            pays.denominator * total * (total - 1),
        )
    if bet.kind == "suited-tie":
        pays = rules.suited_tie_pays

        def suited(counts: list[int], cells: list[int], total: int, ties: int) -> tuple[int, int]:
            hits = sum(m * (m - 1) for m in cells)
            pairs = total * (total - 1)
            return pays.numerator * hits - pays.denominator * (
                pairs - hits
            ), pays.denominator * pairs

        return suited
    places = sorted(4 * r + s for r, s in bet.wins)
    pays = bet.pays

    def card(counts: list[int], cells: list[int], total: int, ties: int) -> tuple[int, int]:
        won = sum(cells[i] for i in places)
        return pays.numerator * won - pays.denominator * (total - won), pays.denominator * total

    return card


def hand_evs(
    counts: Sequence[int],
    cells: Sequence[int],
    bets: Sequence[DragonTigerBet],
    rules: DragonTigerRules,
) -> tuple[Fraction, ...]:
    """Each bet's exact EV on the shoe of ``cells`` (cards by rank and suit, 4·rank + suit)
    and ``counts`` (by rank), as simulate computes it before a hand."""
    total = sum(counts)
    ties = sum(n * (n - 1) for n in counts)
    found = []
    for bet in bets:
        num, den = _scorer(bet, rules)(list(counts), list(cells), total, ties)
        found.append(Fraction(num, den))
    return tuple(found)


def check_room(shoe: Shoe, burn: int, cut_card: int) -> None:
    """Refuse a burn and cut card that leave no hand to deal, and a shoe that is not
    physical cards of known suits.

    :raises ShoeError: for an infinite shoe, or one whose suits are not all known.
    :raises SimulationError: for no room for a hand.
    """
    if shoe.infinite or not shoe.suits_exact:
        raise ShoeError(
            "simulate deals physical cards: give whole decks, or every card with its suit"
        )
    if burn + cut_card + 2 > shoe.cards:
        raise SimulationError(
            f"a burn of {burn} and a cut card of {cut_card} leave no hand to deal from "
            f"{shoe.cards} cards"
        )


def shuffled(cards: Sequence[tuple[int, int]], seed: int, number: int) -> list[tuple[int, int]]:
    """Shoe ``number`` of a run seeded ``seed``: ``cards`` (rank, suit) in the order dealt."""
    deck = list(cards)
    random.Random(f"dragon-tiger:{seed}:{number}").shuffle(deck)
    return deck


def _rows(shoe: Shoe) -> list[tuple[int, int, int, int]]:
    """The cards of each rank in each suit (a rank of no card: none)."""
    return [row or (0, 0, 0, 0) for row in shoe.suit_rows()]


def _cells(shoe: Shoe) -> list[int]:
    """The cards of each rank and suit, 4·rank + suit."""
    return [m for row in _rows(shoe) for m in row]


DEPTHS = 10
"""The tenths of the shoe dealt by which a run counts hands with a positive EV."""


@dataclass(slots=True)
class _Tally:
    """One bet's sums over the shoes, as they are dealt."""

    score: Scorer
    count: RankCount | None
    threshold: Fraction | None
    mean_tag: Fraction
    """The count's card-weighted mean tag on the full shoe (0 when balanced): taken off per
    card seen, so the true count is the centred tags' (the fit's linear model)."""
    positive: int = 0
    ev_sum: float = 0.0
    best: tuple[int, int] | None = None
    triggered: int = 0
    triggered_positive: int = 0
    perfect: list[float] = field(default_factory=list)
    counted: list[float] = field(default_factory=list)
    by_depth: list[int] = field(default_factory=lambda: [0] * DEPTHS)
    running: int = 0

    def hand(
        self, counts: list[int], cells: list[int], left: int, ties: int, seen: int, depth: int
    ) -> None:
        """Price the next hand exactly and add it to the sums (the shoe's last two are
        the last entries of :attr:`perfect` and :attr:`counted`)."""
        num, den = self.score(counts, cells, left, ties)
        value = num / den
        self.ev_sum += value
        if self.best is None or num * self.best[1] > self.best[0] * den:
            self.best = (num, den)
        if num > 0:
            self.positive += 1
            self.by_depth[depth] += 1
            self.perfect[-1] += value
        if self.threshold is None:
            return
        # (running − mean·seen) · 52 / left ≥ threshold, in integers
        mean, bar = self.mean_tag, self.threshold
        centred = self.running * mean.denominator - mean.numerator * seen
        if centred * 52 * bar.denominator >= bar.numerator * left * mean.denominator:
            self.triggered += 1
            self.counted[-1] += value
            self.triggered_positive += num > 0

    def result(self, bet: DragonTigerBet, full_ev: Fraction, hands: int) -> BetRun:
        """The bet's run, once every shoe is dealt."""
        return BetRun(
            bet=bet.name,
            full_shoe_ev=full_ev,
            hands=hands,
            positive=self.positive,
            ev_sum=self.ev_sum,
            best_ev=Fraction(*self.best) if self.best is not None else Fraction(0),
            perfect=tuple(self.perfect),
            count=self.count,
            threshold=self.threshold,
            triggered=self.triggered,
            triggered_positive=self.triggered_positive,
            counted=tuple(self.counted),
            by_depth=tuple(self.by_depth),
        )


def deal_shoes(
    shoe: Shoe,
    rules: DragonTigerRules,
    bets: Sequence[DragonTigerBet],
    counts: Sequence[tuple[RankCount | None, Fraction | None]],
    *,
    shoes: int,
    seed: int,
    burn: int = 0,
    cut_card: int = 16,
) -> DealtShoes:
    """Deal ``shoes`` shuffled copies of ``shoe``; for each bet (with its count and trigger
    true count in ``counts``), the exact EV before every hand, summed as the module says.

    >>> from baccarat_exact.analysis.dragon_tiger.game import BETS
    >>> run = deal_shoes(Shoe.from_decks(1), DragonTigerRules(), BETS[:1], [(None, None)], shoes=1, seed=0)
    >>> run.hands, run.runs[0].full_shoe_ev
    (18, Fraction(-1, 34))

    :raises ShoeError: for a shoe that is infinite or whose suits are not all known.
    :raises SimulationError: for a cut card and burn that leave no hand to deal.
    """
    check_room(shoe, burn, cut_card)
    cards = [
        (r, s) for r, row in enumerate(_rows(shoe)) for s, m in enumerate(row) for _ in range(m)
    ]
    tallies = [
        _Tally(
            _scorer(bet, rules),
            count,
            threshold if count is not None else None,
            Fraction(sum(n * t for n, t in zip(shoe.counts, count.tags)), shoe.cards)
            if count is not None
            else Fraction(0),
        )
        for bet, (count, threshold) in zip(bets, counts)
    ]
    hands = [0] * DEPTHS
    for number in range(shoes):
        deck = shuffled(cards, seed, number)
        counts_left, cells = list(shoe.counts), _cells(shoe)
        for tally in tallies:
            tally.running = 0
            tally.perfect.append(0.0)
            tally.counted.append(0.0)
        for seen, (r, s) in enumerate(deck[: len(deck) - cut_card - 1]):
            left = len(deck) - seen
            if seen >= burn and (seen - burn) % 2 == 0:  # a hand's first card comes next
                ties = sum(n * (n - 1) for n in counts_left)
                depth = seen * DEPTHS // len(deck)
                hands[depth] += 1
                for tally in tallies:
                    tally.hand(counts_left, cells, left, ties, seen, depth)
            counts_left[r] -= 1
            cells[4 * r + s] -= 1
            for tally in tallies:
                if tally.count is not None:
                    tally.running += tally.count.tags[r]
    full = hand_evs(shoe.counts, _cells(shoe), bets, rules)
    total = sum(hands)
    runs = tuple(tally.result(bet, ev, total) for tally, bet, ev in zip(tallies, bets, full))
    return DealtShoes(shoes, seed, burn, cut_card, total, runs, tuple(hands))
