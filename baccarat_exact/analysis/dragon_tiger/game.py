"""Dragon Tiger: one card to the Dragon, one to the Tiger; the higher rank wins.

Ranks run ace low to king high (A 2 … 9 T J Q K); suits never decide. The Dragon and
Tiger bets pay even money and lose half on a tie; the Tie pays 8 to 1, the Suited Tie
(same rank and suit) 50 to 1; the bets on one card (big/small, odd/even, red/black, a
suit) lose when that card is a 7 (Wizard of Odds, "Dragon Tiger", the rules this tool
prices; docs/dragon-tiger.md).

Every bet is a function of the two cards, so a shoe's exact law is small (:class:`DealLaw`):
the ordered pairs of cards with the Dragon higher (as many as with the Tiger higher), the
ties, the expected suited ties, and the expected cards of each rank and suit (a bet on one
card). Cards of unknown suit gone from a rank leave an equally likely subset of its
starting suits (the shoe's model), so a suit's expected cards are its starting cards times
n/T, and its expected ordered pairs ``m(m−1)·n(n−1)/(T(T−1))`` (the factorial moments
of the multivariate hypergeometric law): every figure is the exact expectation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from baccarat_exact.errors import BetError, RulesError, ShoeError
from baccarat_exact.model.cards import RANKS, SUITS, Rank, Suit
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "BETS",
    "BET_NAMES",
    "MAIN_BETS",
    "DealLaw",
    "DragonTigerBet",
    "DragonTigerOdds",
    "DragonTigerRules",
    "Line",
    "deal_law",
    "dragon_tiger_odds",
    "find_bets",
    "payout",
]

SEVEN = RANKS.index(Rank.SEVEN)
"""The rank every bet on one card loses to."""

Kind = Literal["main", "tie", "suited-tie", "card"]
Hand = Literal["dragon", "tiger"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DragonTigerRules:
    """What the Tie and the Suited Tie pay, and what a Dragon or Tiger bet loses on a tie.

    >>> DragonTigerRules().tie_loses
    Fraction(1, 2)
    """

    tie_pays: Fraction = Fraction(8)
    """What the Tie pays to 1 (8 in the Wizard of Odds' analysis; 10 and 11 are offered)."""
    suited_tie_pays: Fraction = Fraction(50)
    """What the Suited Tie pays to 1."""
    tie_loses: Fraction = Fraction(1, 2)
    """The share of a Dragon or Tiger bet lost when the cards tie (half, as published)."""

    def __post_init__(self) -> None:
        for name, value in (
            ("--tie-pays", self.tie_pays),
            ("--suited-tie-pays", self.suited_tie_pays),
        ):
            if value < 0:
                raise RulesError(f"{name} must not be negative, got {value}")
        if not 0 <= self.tie_loses <= 1:
            raise RulesError(f"--tie-loses must be between 0 and 1, got {self.tie_loses}")

    def to_dict(self) -> dict[str, str]:
        """The JSON form: each pay as an exact fraction string."""
        return {
            "tie_pays": str(self.tie_pays),
            "suited_tie_pays": str(self.suited_tie_pays),
            "tie_loses": str(self.tie_loses),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class DragonTigerBet:
    """A bet of the game: which outcome it backs and what it pays."""

    name: str
    kind: Kind
    description: str
    hand: Hand | None = None
    """The hand a main bet or a bet on one card backs."""
    wins: frozenset[tuple[int, int]] = frozenset()
    """A bet on one card: the (rank, suit) places that win (every other card loses)."""
    pays: Fraction = Fraction(1)
    """A bet on one card: what a win pays to 1."""

    @property
    def needs_suits(self) -> bool:
        """Whether suits decide the bet (the shoe must know them)."""
        if self.kind == "suited-tie":
            return True
        if self.kind != "card":
            return False
        by_rank = {r: {s for rr, s in self.wins if rr == r} for r in range(13)}
        return any(0 < len(suits) < 4 for suits in by_rank.values())


def _card_bet(
    hand: Hand, family: str, ranks: Sequence[int], suits: Sequence[int], pays: int, what: str
) -> DragonTigerBet:
    wins = frozenset((r, s) for r in ranks for s in suits if r != SEVEN)
    return DragonTigerBet(
        name=f"{hand}-{family}",
        kind="card",
        hand=hand,
        wins=wins,
        pays=Fraction(pays),
        description=f"The {hand.capitalize()}'s card {what}; a 7 loses. Pays {pays} to 1.",
    )


def _bets() -> tuple[DragonTigerBet, ...]:
    every_suit = range(4)
    every_rank = range(13)
    found = [
        DragonTigerBet(
            name="dragon",
            kind="main",
            hand="dragon",
            description="The Dragon's card is higher. Pays 1 to 1; a tie loses half.",
        ),
        DragonTigerBet(
            name="tiger",
            kind="main",
            hand="tiger",
            description="The Tiger's card is higher. Pays 1 to 1; a tie loses half.",
        ),
        DragonTigerBet(name="tie", kind="tie", description="The two cards have the same rank."),
        DragonTigerBet(
            name="suited-tie",
            kind="suited-tie",
            description="The two cards have the same rank and suit.",
        ),
    ]
    for hand in ("dragon", "tiger"):
        found += [
            _card_bet(hand, "big", range(7, 13), every_suit, 1, "is 8 to K"),
            _card_bet(hand, "small", range(0, 6), every_suit, 1, "is A to 6"),
            _card_bet(hand, "odd", (0, 2, 4, 8, 10, 12), every_suit, 1, "is odd (A 3 5 9 J K)"),
            _card_bet(hand, "even", (1, 3, 5, 7, 9, 11), every_suit, 1, "is even (2 4 6 8 T Q)"),
            _card_bet(hand, "red", every_rank, (1, 2), 1, "is a heart or a diamond"),
            _card_bet(hand, "black", every_rank, (0, 3), 1, "is a spade or a club"),
        ]
        for index, suit in enumerate(SUITS):
            name = _SUIT_NAMES[suit]
            found.append(_card_bet(hand, name, every_rank, (index,), 3, f"is a {name[:-1]}"))
    return tuple(found)


_SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}

BETS: tuple[DragonTigerBet, ...] = _bets()
"""Every bet, in the order the reports list them."""
BET_NAMES: tuple[str, ...] = tuple(bet.name for bet in BETS)
MAIN_BETS = ("dragon", "tiger", "tie")
"""The layout's main bets (the others are side bets): a ramp given without bet names is
played on the side bets when a run prices any, else on these, as at baccarat."""
_BY_NAME = {bet.name: bet for bet in BETS}


def find_bets(names: Sequence[str]) -> tuple[DragonTigerBet, ...]:
    """The bets called ``names`` (each once, in the order given); every bet when empty.

    >>> [bet.name for bet in find_bets(["tie", "dragon-big"])]
    ['tie', 'dragon-big']
    >>> find_bets(["dragon-7"])
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.BetError: no Dragon Tiger bet 'dragon-7': the bets are dragon, tiger, tie, suited-tie, and per hand (dragon-, tiger-) big, small, odd, even, red, black, spades, hearts, diamonds, clubs
    """
    if not names:
        return BETS
    found: list[DragonTigerBet] = []
    for name in names:
        bet = _BY_NAME.get(name.strip().lower())
        if bet is None:
            raise BetError(
                f"no Dragon Tiger bet {name!r}: the bets are dragon, tiger, tie, suited-tie, "
                "and per hand (dragon-, tiger-) big, small, odd, even, red, black, spades, "
                "hearts, diamonds, clubs"
            )
        if bet not in found:
            found.append(bet)
    return tuple(found)


def payout(
    bet: DragonTigerBet, rules: DragonTigerRules, dragon: tuple[int, int], tiger: tuple[int, int]
) -> Fraction:
    """What ``bet`` pays per unit staked when the Dragon's card is ``dragon`` and the
    Tiger's ``tiger``, each (rank index A=0 … K=12, suit index): the hand as dealt (a
    loss is −1, a main bet's tie −``tie_loses``).

    >>> rules = DragonTigerRules()
    >>> [payout(bet, rules, (12, 0), (12, 1)) for bet in find_bets(["dragon", "tie", "suited-tie"])]
    [Fraction(-1, 2), Fraction(8, 1), Fraction(-1, 1)]
    """
    if bet.kind == "tie":
        return rules.tie_pays if dragon[0] == tiger[0] else Fraction(-1)
    if bet.kind == "suited-tie":
        return rules.suited_tie_pays if dragon == tiger else Fraction(-1)
    mine, theirs = (dragon, tiger) if bet.hand == "dragon" else (tiger, dragon)
    if bet.kind == "card":
        return bet.pays if mine in bet.wins else Fraction(-1)
    if mine[0] == theirs[0]:
        return -rules.tie_loses
    return Fraction(1) if mine[0] > theirs[0] else Fraction(-1)


# -- the law of one deal -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealLaw:
    """A shoe's law of the two cards dealt, as counts over :attr:`pairs` ordered pairs
    (one card, over :attr:`cards`).

    Finite shoe of N cards: N(N−1) ordered pairs; infinite shoe of (reduced) proportions
    summing to C: C² weighted pairs, C weighted cards.
    """

    cards: int
    pairs: int
    higher: int
    """Ordered pairs with the Dragon higher; as many have the Tiger higher."""
    ties: int
    """Ordered pairs of one rank."""
    suited: Fraction | None
    """Expected ordered pairs of one rank and suit (``None``: a rank's suits are unknown)."""
    cells: tuple[Fraction | None, ...]
    """Expected cards of each rank and suit, 4·rank + suit (``None``: its rank's suits are
    unknown)."""
    counts: tuple[int, ...]
    """Cards of each rank (proportions when infinite)."""

    def card(self, places: frozenset[tuple[int, int]]) -> Fraction | None:
        """Expected cards among ``places`` (rank, suit); ``None`` when unknown. A rank whose
        four suits are all among them counts whole, known suits or not."""
        total = Fraction(0)
        for r in range(13):
            suits = [s for s in range(4) if (r, s) in places]
            if len(suits) == 4:
                total += self.counts[r]
                continue
            for s in suits:
                cell = self.cells[4 * r + s]
                if cell is None:
                    return None
                total += cell
        return total


def deal_law(shoe: Shoe) -> DealLaw:
    """The exact law of a deal from ``shoe``.

    >>> law = deal_law(Shoe.from_decks(8))
    >>> law.pairs, law.ties, law.higher, law.suited
    (172640, 12896, 79872, Fraction(2912, 1))

    :raises ShoeError: for a finite shoe of fewer than 2 cards.
    """
    if shoe.infinite:
        counts = shoe.reduced().counts
        total = sum(counts)
        ties = sum(n * n for n in counts)
        quarters = tuple(Fraction(n, 4) for n in counts for _ in range(4))
        square = sum((c * c for c in quarters), Fraction(0))
        return DealLaw(
            total, total * total, (total * total - ties) // 2, ties, square, quarters, counts
        )
    counts = shoe.counts
    total = sum(counts)
    if total < 2:
        raise ShoeError(f"a Dragon Tiger deal needs at least 2 cards, the shoe holds {total}")
    ties = sum(n * (n - 1) for n in counts)
    pairs = total * (total - 1)
    cells: list[Fraction | None] = []
    suited: Fraction | None = Fraction(0)
    for n, row in zip(counts, shoe.suit_rows()):
        if row is None:
            cells.extend([None] * 4)
            if n > 1:
                suited = None
            continue
        start = sum(row)
        cells.extend(Fraction(m * n, start) if start else Fraction(0) for m in row)
        if suited is not None and start > 1:
            same = sum(m * (m - 1) for m in row)
            suited += Fraction(same * n * (n - 1), start * (start - 1))
    return DealLaw(total, pairs, (pairs - ties) // 2, ties, suited, tuple(cells), counts)


# -- a bet's odds ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    """One outcome of a bet: what it pays per unit staked and its probability."""

    outcome: str
    pays: Fraction
    probability: Fraction


@dataclass(frozen=True, slots=True)
class DragonTigerOdds:
    """One bet's exact pay lines on one shoe."""

    bet: DragonTigerBet
    lines: tuple[Line, ...]

    @property
    def ev(self) -> Fraction:
        """Expected value per unit staked."""
        return sum((line.pays * line.probability for line in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """The house's edge: −EV."""
        return -self.ev

    @property
    def win(self) -> Fraction:
        """Probability that the bet wins."""
        return sum((line.probability for line in self.lines if line.pays > 0), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """Variance of the result per unit staked."""
        mean = self.ev
        return sum((line.probability * (line.pays - mean) ** 2 for line in self.lines), Fraction(0))


def _suits_unknown(bet: DragonTigerBet, shoe: Shoe) -> ShoeError:
    names = " ".join(rank.value for rank in shoe.count_only_ranks()) or "some ranks"
    return ShoeError(
        f"{bet.name} depends on suits, but the shoe gives {names} by count only: give those "
        'cards with suits (e.g. --counts "Ks=3,Kh=2") or use --decks with --remove'
    )


def bet_lines(
    law: DealLaw, bet: DragonTigerBet, rules: DragonTigerRules
) -> tuple[Line, ...] | None:
    """The pay lines of ``bet`` under ``law`` (``None`` when suits it needs are unknown)."""
    pairs = law.pairs
    if bet.kind == "main":
        hi, tie = Fraction(law.higher, pairs), Fraction(law.ties, pairs)
        return (
            Line("win", Fraction(1), hi),
            Line("tie", -rules.tie_loses, tie),
            Line("loss", Fraction(-1), hi),
        )
    if bet.kind == "tie":
        tie = Fraction(law.ties, pairs)
        return (Line("tie", rules.tie_pays, tie), Line("no tie", Fraction(-1), 1 - tie))
    if bet.kind == "suited-tie":
        if law.suited is None:
            return None
        hit = law.suited / pairs
        return (
            Line("suited tie", rules.suited_tie_pays, hit),
            Line("other", Fraction(-1), 1 - hit),
        )
    won = law.card(bet.wins)
    if won is None:
        return None
    win = won / law.cards
    seven = Fraction(law.counts[SEVEN], law.cards)
    return (
        Line("win", bet.pays, win),
        Line("a 7", Fraction(-1), seven),
        Line("loss", Fraction(-1), 1 - win - seven),
    )


def dragon_tiger_odds(
    shoe: Shoe,
    rules: DragonTigerRules | None = None,
    bets: Sequence[DragonTigerBet] | None = None,
) -> tuple[DragonTigerOdds, ...]:
    """Each bet's exact pay lines on ``shoe`` (every bet by default).

    The Wizard of Odds' 8-deck house edges: 3.73 % (Dragon), 32.77 % (Tie), 13.98 %
    (Suited Tie):

    >>> found = {odds.bet.name: odds for odds in dragon_tiger_odds(Shoe.from_decks(8))}
    >>> found["dragon"].house_edge, found["tie"].house_edge, found["suited-tie"].house_edge
    (Fraction(31, 830), Fraction(136, 415), Fraction(58, 415))

    :raises ShoeError: for a bet on suits where the shoe gives a rank by count only.
    """
    rules = rules or DragonTigerRules()
    law = deal_law(shoe)
    found = []
    for bet in bets if bets is not None else BETS:
        lines = bet_lines(law, bet, rules)
        if lines is None:
            raise _suits_unknown(bet, shoe)
        found.append(DragonTigerOdds(bet, lines))
    return tuple(found)


def priceable(shoe: Shoe, bets: Sequence[DragonTigerBet]) -> tuple[DragonTigerBet, ...]:
    """The bets of ``bets`` the shoe can price: those on suits only where it knows them."""
    if shoe.infinite or not shoe.count_only_ranks():
        return tuple(bets)
    return tuple(bet for bet in bets if not bet.needs_suits)
