"""Dealing shuffled shoes as a casino does: the settings of a simulation, the burn and
the cut card, and where each round of a shoe starts and ends (:func:`deal_shoe`).

Every round is played by :func:`~baccarat_exact.model.deal.deal`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from baccarat_exact.analysis.counting import DEFAULT_LEVEL, CountSystem
from baccarat_exact.analysis.ramps import MAX_UNITS, Betting, Ramp, check_trip
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.deal import ROUND_CARDS, deal
from baccarat_exact.model.events import event_index
from baccarat_exact.model.exact import decimal_text, int_text
from baccarat_exact.model.rules import Rules, Tableau
from baccarat_exact.model.shoe import Shoe

__all__ = [
    "MAX_PAY",
    "MAX_SHOE_CARDS",
    "Burn",
    "BurnRule",
    "DealtShoe",
    "SimulationSettings",
    "burn_text",
    "deal_shoe",
    "parse_burn",
]

MAX_SHOE_CARDS = 1_000_000
"""Most cards a simulated shoe may hold: each shuffle holds them all in memory."""

MAX_PAY = 10**100
"""Largest pay a simulated bet may have: estimates add up EVs and their squares over
every hand in floats, which would overflow far beyond this (the exact commands, odds
and eor, take any pay)."""


class BurnRule(str, Enum):
    """What the dealer burns at the start of each shoe."""

    standard = "standard"
    """Turn the first card face up and burn that many more face down (10-value cards: 10)."""
    none = "none"
    """Burn nothing."""


Burn = BurnRule | int
"""What is burned at the start of each shoe: a rule, or that many cards face down."""


def parse_burn(text: str) -> Burn:
    """``--burn``: ``standard``, ``none`` or a number of cards burned face down.

    >>> parse_burn("standard"), parse_burn(" None "), parse_burn("3")
    (<BurnRule.standard: 'standard'>, <BurnRule.none: 'none'>, 3)
    >>> parse_burn("half")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --burn must be standard, none or a number of cards, got 'half'
    """
    key = text.strip().lower()
    if key in (BurnRule.standard.value, BurnRule.none.value):
        return BurnRule(key)
    if key.isascii() and key.isdigit() and len(key) <= 18:
        return int(key)
    raise SimulationError(f"--burn must be standard, none or a number of cards, got {text!r}")


def burn_text(burn: Burn) -> str:
    """How the dealer burns, in words.

    >>> burn_text(BurnRule.standard), burn_text(BurnRule.none), burn_text(1), burn_text(3)
    ('the first card turned up, that many more face down (a 10-value: 10)', 'none', '1 card face down', '3 cards face down')
    """
    if burn is BurnRule.standard:
        return "the first card turned up, that many more face down (a 10-value: 10)"
    if burn is BurnRule.none:
        return "none"
    return f"{burn} card{'s' if burn != 1 else ''} face down"


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulationSettings:
    """Everything that determines a simulation's result (with the seed)."""

    shoe: Shoe = field(default_factory=lambda: Shoe.from_decks(8))
    """The full shoe each shuffle starts from."""
    rules: Rules = field(default_factory=Rules)
    bets: tuple[Bet, ...] = ()
    """Bets to price at every hand (empty: Banker, Player, Tie)."""
    shoes: int = 1000
    seed: int = 0
    burn: Burn = BurnRule.standard
    """What is burned at the start of each shoe: a rule, or that many cards face down."""
    cut_card: int = 16
    """Cards behind the cut card. When it comes out the hand is finished and one
    more is dealt (if it is the first card of a hand, that hand is the last)."""
    count: CountSystem | None = None
    """The count of the counting player; None: each bet's own derived count."""
    level: int = DEFAULT_LEVEL
    """Largest tag of the derived counts."""
    threshold: float | None = None
    """Bet when the true count is at least this; None: the break-even of the linear model."""
    compared: tuple[CountSystem, ...] = ()
    """More counts played on the same shoes, each compared with the derived count."""
    ramp: Ramp | None = None
    """A bet ramp played with every count (besides its flat one-unit bets), on the bets
    :func:`~.ramps.ramped_bets` says unless ``ramps`` says otherwise."""
    ramps: tuple[Ramp | None, ...] = ()
    """Per chosen bet, the ramp played on it (None: none; empty: ``ramp``)."""
    kelly: float | None = None
    """Bankroll (units) whose Kelly bets at each true count make a ramp for every count
    and bet, from the advantage and variance measured on these shoes (dealt twice)."""
    max_bet: int | None = None
    """The largest Kelly or optimal bet, in units (with ``kelly`` or ``optimal_ror``)."""
    wong_out: float | None = None
    """No Kelly bet on a hand whose true count is below this."""
    bankroll: float = 1000.0
    """Units a player risks: the risk of ruin is for this bankroll."""
    hands_per_hour: int = 70
    """Hands dealt an hour, for the win and SD per hour."""
    optimal_ror: float | None = None
    """The risk of ruin for ``bankroll`` whose optimal ramp (the best monotone ramp,
    :func:`~.economics.optimal_ramp`) is played with every count, measured on these
    shoes as the Kelly ramp is (None: none)."""
    chips: tuple[int, ...] = ()
    """The chips every Kelly and optimal bet is made of (empty: any whole number of units)."""
    trip_hours: float | None = None
    """A trip's length in hours, for the risk of ruin within it (None: no trip)."""
    goal: float | None = None
    """Units to win before the bankroll is lost, for the double barrier (None: no goal)."""

    def __post_init__(self) -> None:
        self._check_betting()
        if self.shoe.infinite:
            raise SimulationError("a simulation deals real shoes: give a finite shoe")
        if self.shoes < 1:
            raise SimulationError(f"--shoes must be 1 or more, got {self.shoes}")
        if not 0 <= self.cut_card <= self.shoe.cards:
            raise SimulationError(
                f"--cut-card must be between 0 and {int_text(self.shoe.cards)} (cards behind it), got {int_text(self.cut_card)}"
            )
        if self.shoe.cards < ROUND_CARDS:
            raise SimulationError(
                f"the shoe holds {self.shoe.cards} cards; a round can need {ROUND_CARDS}"
            )
        if self.shoe.cards > MAX_SHOE_CARDS:
            raise SimulationError(
                f"a simulation shuffles every card: at most {MAX_SHOE_CARDS:,} cards a shoe "
                f"(about {MAX_SHOE_CARDS // 52:,} decks), got {int_text(self.shoe.cards, grouped=True)}"
            )
        for bet in self.chosen_bets:
            for line in bet.lines:
                if line.pays > MAX_PAY:
                    raise SimulationError(
                        f"a simulation adds up EVs in floats: pays up to 1e100, but "
                        f"{bet.name} {line.name} pays {decimal_text(line.pays, 3)}"
                    )
        if self.threshold is not None and not math.isfinite(self.threshold):
            raise SimulationError(f"--threshold must be a finite number, got {self.threshold}")
        suited = [bet.name for bet in self.chosen_bets if bet.needs_suits]
        if suited and not self.shoe.suits_exact:
            raise SimulationError(
                f"{', '.join(suited)} look at suits, and a simulation deals real cards: give a "
                "shoe whose suits are known (--decks, or --counts with suits such as Ks=8)"
            )
        if not isinstance(self.burn, BurnRule) and not 0 <= self.burn < self.shoe.cards:
            raise SimulationError(
                f"--burn must be fewer cards than the shoe holds ({int_text(self.shoe.cards)}), "
                f"got {int_text(self.burn)}"
            )
        if self.ramps and len(self.ramps) != len(self.chosen_bets):
            raise SimulationError("one ramp (or None) per bet")
        if not 0 <= self.seed < 2**63:
            raise SimulationError(f"--seed must be between 0 and 2**63-1, got {self.seed}")

    def _check_betting(self) -> None:
        if not (math.isfinite(self.bankroll) and self.bankroll > 0):
            raise SimulationError(
                f"--bankroll must be a positive number of units, got {self.bankroll}"
            )
        if self.hands_per_hour < 1:
            raise SimulationError(f"--hands-per-hour must be 1 or more, got {self.hands_per_hour}")
        check_trip(self.trip_hours, self.goal)
        if self.optimal_ror is not None:
            if not 0 < self.optimal_ror < 1:
                raise SimulationError(
                    f"--optimal-ror must be a risk between 0 and 1, got {self.optimal_ror}"
                )
            if self.max_bet is None:
                raise SimulationError("--optimal-ror RISK needs --max-bet N (the largest bet)")
        elif (self.kelly is None) != (self.max_bet is None):
            raise SimulationError(
                "--kelly BANKROLL needs --max-bet N (and --max-bet needs --kelly)"
            )
        if self.kelly is not None and not (math.isfinite(self.kelly) and self.kelly > 0):
            raise SimulationError(f"--kelly must be a positive bankroll in units, got {self.kelly}")
        if self.max_bet is not None and not 1 <= self.max_bet <= MAX_UNITS:
            raise SimulationError(
                f"--max-bet must be between 1 and {MAX_UNITS:,} units, got {self.max_bet}"
            )
        if self.wong_out is not None and not math.isfinite(self.wong_out):
            raise SimulationError(f"--wong-out must be a finite number, got {self.wong_out}")
        names = [count.name for count in self.compared]
        for name in names:
            if name in ("derived", "yours"):
                raise SimulationError(
                    f"--compare-count: {name!r} names a count of the run already; choose another"
                )
            if names.count(name) > 1:
                raise SimulationError(f"--compare-count: the name {name!r} is given twice")

    @property
    def betting(self) -> Betting:
        """How the counting player sizes his bets, as every simulation reads it."""
        return Betting(
            ramp=self.ramp,
            kelly=self.kelly,
            max_bet=self.max_bet,
            wong_out=self.wong_out,
            bankroll=self.bankroll,
            optimal=self.optimal_ror,
            chips=self.chips,
        )

    @property
    def bet_ramps(self) -> tuple[Ramp | None, ...]:
        """Per chosen bet, the ramp played on it (None: none)."""
        from baccarat_exact.analysis.ramps import ramped_bets

        if self.ramps:
            return self.ramps
        on = ramped_bets(tuple(bet.name for bet in self.chosen_bets))
        return tuple(self.ramp if ramped else None for ramped in on)

    @property
    def kelly_bets(self) -> tuple[bool, ...]:
        """Per chosen bet, whether a Kelly ramp is played on it (:func:`~.ramps.ramped_bets`)."""
        from baccarat_exact.analysis.ramps import ramped_bets

        return ramped_bets(tuple(bet.name for bet in self.chosen_bets))

    @property
    def chosen_bets(self) -> tuple[Bet, ...]:
        """The bets priced: ``bets`` or the three main bets."""
        return self.bets or main_bets(self.rules)

    def card_identities(self) -> tuple[int, ...]:
        """Cards of each (rank, suit), index 4·rank + suit, that each shuffle deals. Where
        the shoe gives a rank by count only, its cards take suits in turn: no bet priced
        here looks at suits then (checked when the settings are made)."""
        cards: list[int] = []
        for n, row in zip(self.shoe.counts, self.shoe.suit_rows()):
            if row is not None and sum(row) == n:
                cards.extend(row)
            else:
                cards.extend(n // 4 + (1 if s < n % 4 else 0) for s in range(4))
        return tuple(cards)


@dataclass(frozen=True, slots=True)
class DealtShoe:
    """How one shuffled shoe was dealt."""

    hands: tuple[tuple[int, int, int], ...]
    """(first card, one past the last card, event index) of each hand, by position."""
    hidden: frozenset[int]
    """Positions burned face down (never seen by the table)."""


def deal_shoe(order: Sequence[int], tableau: Tableau, burn: Burn, cut_card: int) -> DealtShoe:
    """Deal a shoe whose cards (rank indices 0–12, top first) are ``order``.

    Standard burn: the first card is turned up and as many cards as its value (10 for
    a 10-value card) are burned face down; a number: that many cards burned face down.
    A hand is dealt while at least 6 cards are left; after a hand that started at or
    past the cut card the shoe ends.
    """
    values = [POINT_VALUE[r] for r in order]
    size = len(values)
    cut = size - cut_card
    position = 0
    hidden: frozenset[int] = frozenset()
    if burn is BurnRule.standard and size:
        burned = values[0] or 10
        hidden = frozenset(range(1, min(1 + burned, size)))
        position = min(1 + burned, size)
    elif not isinstance(burn, BurnRule):
        position = min(burn, size)
        hidden = frozenset(range(position))
    hands = []
    while size - position >= ROUND_CARDS:
        start = position
        played = deal(values[start : start + ROUND_CARDS], tableau)
        position = start + played.cards
        hands.append((start, position, event_index(*played.event)))
        if start >= cut:
            break
    return DealtShoe(hands=tuple(hands), hidden=hidden)
