"""Bets as pay tables over the 400 final events (and, for pair bets, the first two cards).

A :class:`Bet` is a list of :class:`PayLine`s: disjoint sets of events, each with
what it pays per unit staked (net: 1 is even money, 0 a push, -1 the stake lost).
The three main bets are built from the :class:`~baccarat_exact.model.rules.Rules`
(special wins such as EZ's three-card-7 push are lines of their own);
side bets are more pay tables of the same kind.

Pair bets also look at the first two cards of each hand: a line may cover only
some :data:`PAIR_STATES` (no pair, pair, suited pair, for Player and Banker).
A line covers the cells ``events × pairs``; every bet's lines split all
9 × 400 cells between them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple, TypeAlias

from baccarat_exact.errors import RulesError
from baccarat_exact.model.events import EVENTS, N_EVENTS, Event, Outcome
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, SpecialWin, Tableau

__all__ = [
    "ALL_EVENTS",
    "ANY_PAIRS",
    "CARD_POSITIONS",
    "NO_PAIR",
    "PAIR",
    "PAIR_STATES",
    "PATTERNS",
    "SUITED_PAIR",
    "SUIT_PATTERNS",
    "Bet",
    "CardAlternative",
    "CardCondition",
    "EventCondition",
    "PairState",
    "PayLine",
    "SuitFeature",
    "TableauTest",
    "banker_bet",
    "card_match_bet",
    "events_where",
    "first_match_bet",
    "main_bets",
    "pairs_where",
    "player_bet",
    "refuse_card_bets",
    "tie_bet",
    "unique_bets",
    "with_main_bets",
]

NO_PAIR, PAIR, SUITED_PAIR = 0, 1, 2
"""A hand's first two cards: different ranks; same rank, different suits; same rank and suit."""


class PairState(NamedTuple):
    """The first two cards of both hands, as far as pair bets care."""

    player: int
    """NO_PAIR, PAIR or SUITED_PAIR."""
    banker: int
    """NO_PAIR, PAIR or SUITED_PAIR."""


PAIR_STATES: tuple[PairState, ...] = tuple(PairState(p, b) for p in range(3) for b in range(3))
"""The 9 pair states; index ``3 * player + banker``."""

ALL_EVENTS: frozenset[int] = frozenset(range(N_EVENTS))
"""Every event index."""
ANY_PAIRS: frozenset[int] = frozenset(range(len(PAIR_STATES)))
"""Every pair state: a line that does not look at pairs."""


@dataclass(frozen=True, slots=True)
class TableauTest:
    """An event test that also reads the tableau (which totals are naturals)::

    TableauTest(lambda event, tableau: tableau.natural(event, "player"))
    """

    test: Callable[[Event, Tableau], bool]

    def __call__(self, event: Event, tableau: Tableau) -> bool:
        return self.test(event, tableau)


EventCondition: TypeAlias = Callable[[Event], bool] | TableauTest
"""A test on the final event; a :class:`TableauTest` when it depends on the tableau."""


def events_where(condition: EventCondition, tableau: Tableau = STANDARD_TABLEAU) -> frozenset[int]:
    """Indices of the events for which ``condition`` holds (under ``tableau``).

    >>> len(events_where(lambda e: e.outcome is Outcome.TIE))
    40
    >>> len(events_where(TableauTest(lambda e, t: t.natural(e, "player"))))
    20
    """
    if isinstance(condition, TableauTest):
        return frozenset(i for i, event in enumerate(EVENTS) if condition(event, tableau))
    return frozenset(i for i, event in enumerate(EVENTS) if condition(event))


def pairs_where(condition: Callable[[PairState], bool]) -> frozenset[int]:
    """Indices of the pair states for which ``condition`` holds.

    >>> sorted(pairs_where(lambda s: s.player != NO_PAIR))
    [3, 4, 5, 6, 7, 8]
    """
    return frozenset(i for i, state in enumerate(PAIR_STATES) if condition(state))


CARD_POSITIONS = ("P1", "P2", "P3", "B1", "B2", "B3")
"""The cards of a round by hand and order: the Player's first, second and third, then the
Banker's."""

PATTERNS: dict[str, str] = {
    "pair": "two of the cards share a rank",
    "two pair": "two ranks each held by two or more of the cards",
    "three pairs": "three ranks each held by two or more of the cards",
    "three of a kind": "three of the cards share a rank",
    "four of a kind": "four of the cards share a rank",
    "five of a kind": "five of the cards share a rank",
    "six of a kind": "six of the cards share a rank",
    "full house": "three of the cards share a rank and two others another",
    "double triplets": "two ranks each held by three of the cards",
    "straight": "the ranks are all different and consecutive (A-2-3 … Q-K-A)",
    "same rank": "all the cards are of one rank",
    "flush": "all the cards are of one suit",
    "same suit": "all the cards are of one suit (another name for flush)",
    "straight flush": "a straight, all of one suit",
}
"""Poker-style patterns of a set of dealt cards (each holds when *at least* this is there:
a three of a kind also holds a pair); a pay table read top-down pays the best first."""

SUIT_PATTERNS = frozenset({"flush", "same suit", "straight flush"})
"""The patterns that look at suits (the rest look at ranks only)."""


SuitFeature: TypeAlias = tuple[str, tuple[int, ...], frozenset[int], frozenset[int]]
"""What a condition asks of suits: its kind (``flush`` or ``suit``), the positions it
reads, the suits asked (a ``suit`` condition) and the ranks it is restricted to (empty:
every card at the positions)."""


@dataclass(frozen=True, slots=True)
class CardCondition:
    """A condition on the ranks of dealt cards: a card's rank is one of ``ranks``, or the
    cards at ``positions`` (all that were dealt) show one of ``patterns``. A condition
    on a third card holds only when that card is dealt."""

    positions: tuple[int, ...]
    """Indices into :data:`CARD_POSITIONS`."""
    ranks: frozenset[int] = frozenset()
    """Rank ordinals (a rank condition on one card)."""
    patterns: frozenset[str] = frozenset()
    """Names in :data:`PATTERNS` (a pattern condition)."""
    suits: frozenset[int] = frozenset()
    """Suit ordinals (s h d c) a single card's suit is one of (a suit condition)."""
    suit_ranks: frozenset[int] = frozenset()
    """Rank ordinals the suit condition looks at (empty: every card): with them, a suit
    condition holds when the dealt cards at ``positions`` of these ranks (one or more)
    are all of ``suits``, a flush when they are all of one suit (Lucky Nines: the nines
    among the first four cards)."""

    def __post_init__(self) -> None:
        if self.suit_ranks and not (self.suits or self.patterns & {"flush", "same suit"}):
            raise RulesError("a condition restricted to some ranks must ask a suit or a flush")

    @property
    def suit_feature(self) -> SuitFeature | None:
        """What the condition asks of suits, if anything: ``("flush", positions, ∅,
        ranks)`` or ``("suit", positions, suits, ranks)``; rounds split by whether it holds."""
        if self.suits:
            return ("suit", self.positions, self.suits, self.suit_ranks)
        if self.patterns & SUIT_PATTERNS:
            return ("flush", self.positions, frozenset(), self.suit_ranks)
        return None


@dataclass(frozen=True, slots=True)
class CardAlternative:
    """Rounds whose event is in ``events``, whose first cards are in pair state ``pairs``
    and whose dealt cards meet every one of ``conditions``."""

    events: frozenset[int]
    pairs: frozenset[int]
    conditions: tuple[CardCondition, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PayLine:
    """One line of a pay table: the events it covers and its net pay per unit."""

    name: str
    """What the line is, e.g. ``"win"``, ``"push"``, ``"win by 9"``."""
    pays: Fraction
    """Net units won per unit staked: positive a win, 0 a push, -1 the stake lost."""
    events: frozenset[int]
    """Indices into ``EVENTS`` of the rounds this line pays on."""
    pairs: frozenset[int] = field(default=ANY_PAIRS)
    """Indices into ``PAIR_STATES`` it pays on too (default: whatever the first cards)."""

    def __repr__(self) -> str:
        """Short: how many events (and pair states) the line covers, not which."""
        pairs = "" if self.pairs == ANY_PAIRS else f", pairs=<{len(self.pairs)} pair states>"
        return (
            f"PayLine(name={self.name!r}, pays={self.pays!r}, "
            f"events=<{len(self.events)} events>{pairs})"
        )

    def cells(self) -> frozenset[int]:
        """The (pair state, event) cells it covers, as ``state * N_EVENTS + event``."""
        return frozenset(s * N_EVENTS + e for s in self.pairs for e in self.events)

    @property
    def kind(self) -> str:
        """``win``, ``push`` or ``lose``, from the sign of the pay."""
        if self.pays > 0:
            return "win"
        return "push" if self.pays == 0 else "lose"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet:
    """A bet: a name and a pay table whose lines split the events between them.

    >>> banker_bet(Rules()).lines[0]
    PayLine(name='win', pays=Fraction(19, 20), events=<... events>)
    """

    name: str
    lines: tuple[PayLine, ...]
    definition: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)
    """The user's own definition of the bet (a ``[[bet]]`` table as JSON values), which
    documents record so that a bet from a file can be checked without the file."""
    card_lines: tuple[tuple[CardAlternative, ...], ...] | None = field(default=None, repr=False)
    """For a bet on the ranks of any dealt card: per pay line, the rounds it pays on (a
    round pays on the first line it matches; the last line takes the rest). Its
    :class:`PayLine` events are then unused (empty)."""
    _hash: int = field(init=False, repr=False, compare=False)
    needs_pairs: bool = field(init=False, repr=False, compare=False)
    """Whether some line looks at the first two cards (ranks, suits) of a hand."""
    needs_events: bool = field(init=False, repr=False, compare=False)
    """Whether some line looks at how the round ended (else: a pure pair bet)."""
    needs_suits: bool = field(init=False, repr=False, compare=False)
    """Whether some line tells a suited pair from an unsuited one (Perfect Pair)."""

    def __post_init__(self) -> None:
        for line in self.lines:
            if line.pays < -1:
                raise RulesError(f"bet {self.name!r}: line {line.name!r} loses more than the stake")
        object.__setattr__(self, "lines", tuple(self.lines))
        object.__setattr__(self, "_hash", hash((self.name, self.lines, self.card_lines)))
        if self.card_lines is not None:
            if len(self.card_lines) != len(self.lines):
                raise RulesError(f"bet {self.name!r}: one list of rounds per pay line")
            for name in ("needs_pairs", "needs_events", "needs_suits"):
                object.__setattr__(self, name, False)
            return
        pairs = any(line.pairs != ANY_PAIRS for line in self.lines)
        object.__setattr__(self, "needs_pairs", pairs)
        object.__setattr__(
            self, "needs_events", any(line.events != ALL_EVENTS for line in self.lines)
        )
        covered: set[int] = set()
        for line in self.lines:
            cells = line.cells() if pairs else line.events
            if cells & covered:
                raise RulesError(f"bet {self.name!r}: line {line.name!r} overlaps an earlier line")
            covered |= cells
        if len(covered) != N_EVENTS * (len(PAIR_STATES) if pairs else 1):
            raise RulesError(f"bet {self.name!r}: its lines must cover every round")
        object.__setattr__(self, "needs_suits", pairs and not _suit_blind(self.lines))

    def __hash__(self) -> int:
        return self._hash

    @property
    def needs_cards(self) -> bool:
        """Whether the bet looks at the rank of any dealt card (priced card by card)."""
        return self.card_lines is not None

    @property
    def suit_features(self) -> frozenset[SuitFeature]:
        """What the bet asks of suits (:attr:`CardCondition.suit_feature`), if anything."""
        return frozenset(
            feature
            for alternatives in self.card_lines or ()
            for alternative in alternatives
            for condition in alternative.conditions
            if (feature := condition.suit_feature) is not None
        )


def refuse_card_bets(bets: Iterable[Bet], what: str) -> None:
    """Raise :class:`RulesError` for bets on card ranks where ``what`` cannot price them."""
    found = [bet.name for bet in bets if bet.needs_cards]
    if found:
        raise RulesError(
            f"{', '.join(found)} look{'s' if len(found) == 1 else ''} at the ranks of the "
            f"cards dealt: {what} prices bets on totals and pairs only (odds prices every bet)"
        )


def _suit_blind(lines: Sequence[PayLine]) -> bool:
    """Whether no line tells a suited pair from an unsuited one of the same hand."""
    blind = [3 * min(p, PAIR) + min(b, PAIR) for p, b in PAIR_STATES]
    return all((s in line.pairs) == (blind[s] in line.pairs) for line in lines for s in range(9))


PairTest = Callable[[PairState], bool]
Alternative = tuple[EventCondition | None, PairTest | None]
"""Rounds where the event test and the pair test both hold (None: any)."""


def first_match_bet(
    name: str,
    lines: Sequence[tuple[str, Fraction, Sequence[Alternative]]],
    *,
    otherwise: Fraction = Fraction(-1),
    otherwise_name: str = "lose",
    tableau: Tableau = STANDARD_TABLEAU,
    definition: Mapping[str, Any] | None = None,
) -> Bet:
    """A bet from a pay table read top-down: each round pays on the first line it
    matches (a line matches when any of its alternatives does); the rest pay ``otherwise``.

    A line whose rounds are not events × pair states becomes several pay lines of
    the same name and pay.

    >>> bet = first_match_bet("p8", [("win", Fraction(25), [(lambda e: e.player == 8, None)])])
    >>> [(line.name, len(line.events)) for line in bet.lines]
    [('win', 40), ('lose', 360)]
    """
    states = range(len(PAIR_STATES))
    taken: list[set[int]] = [set() for _ in states]  # events already paid, per pair state
    built: list[PayLine] = []
    for line_name, pays, alternatives in (*lines, (otherwise_name, otherwise, [(None, None)])):
        cells: list[set[int]] = [set() for _ in states]  # this line's events, per pair state
        for event_test, pair_test in alternatives:
            events = events_where(event_test, tableau) if event_test else ALL_EVENTS
            for state in pairs_where(pair_test) if pair_test else ANY_PAIRS:
                cells[state] |= events
        for state in states:
            cells[state] -= taken[state]
            taken[state] |= cells[state]
        everything = all(len(events) == N_EVENTS for events in taken)
        if not any(cells) and line_name == otherwise_name and everything:
            break
        built.extend(_products(line_name, Fraction(pays), cells))
    return Bet(name=name, lines=tuple(built), definition=definition)


def _products(name: str, pays: Fraction, cells: list[set[int]]) -> list[PayLine]:
    """A line's events per pair state as pay lines, each events × pair states (states
    grouped by their events, in the order of the states)."""
    by_events: dict[frozenset[int], set[int]] = {}
    for state, events in enumerate(cells):
        if events:
            by_events.setdefault(frozenset(events), set()).add(state)
    if not by_events:
        return [PayLine(name=name, pays=pays, events=frozenset())]
    return [
        PayLine(name=name, pays=pays, events=ev, pairs=frozenset(st))
        for ev, st in by_events.items()
    ]


def _line(name: str, pays: Fraction | int, condition: Callable[[Event], bool]) -> PayLine:
    return PayLine(name=name, pays=Fraction(pays), events=events_where(condition))


def _win_lines(bet: str, usual: Fraction | int, wins: Outcome, rules: Rules) -> tuple[PayLine, ...]:
    """The usual win line, then one line per special win of ``bet`` in ``rules``."""
    special: tuple[SpecialWin, ...] = tuple(w for w in rules.special_wins if w.bet == bet)

    def usual_win(e: Event) -> bool:
        return e.outcome is wins and not any(w.matches(e) for w in special)

    return (_line("win", usual, usual_win), *(_line(w.name, w.pays, w.matches) for w in special))


def _hand_bet(side: Outcome, usual: Fraction, rules: Rules) -> Bet:
    """Banker or Player: the usual win and any special wins, a push on a tie, else lost."""
    other = Outcome.PLAYER if side is Outcome.BANKER else Outcome.BANKER
    return Bet(
        name=side.value,
        lines=(
            *_win_lines(side.value, usual, side, rules),
            _line("push", 0, lambda e: e.outcome is Outcome.TIE),
            _line("lose", -1, lambda e: e.outcome is other),
        ),
    )


def banker_bet(rules: Rules) -> Bet:
    """Banker: wins 1 less the commission (or a special win's pay), pushes on a tie.

    >>> from baccarat_exact.model.games import find_rules
    >>> [(line.name, str(line.pays)) for line in banker_bet(find_rules("ez")).lines]
    [('win', '1'), ('win with three-card 7', '0'), ('push', '0'), ('lose', '-1')]
    """
    return _hand_bet(Outcome.BANKER, rules.banker_pays, rules)


def player_bet(rules: Rules) -> Bet:
    """Player: wins 1 to 1 (or a special win's pay), pushes on a tie."""
    return _hand_bet(Outcome.PLAYER, rules.player_pays, rules)


def tie_bet(rules: Rules) -> Bet:
    """Tie: pays ``rules.tie_pays`` to 1 when the totals are equal."""
    return Bet(
        name="tie",
        lines=(
            _line("win", rules.tie_pays, lambda e: e.outcome is Outcome.TIE),
            _line("lose", -1, lambda e: e.outcome is not Outcome.TIE),
        ),
    )


@functools.lru_cache(maxsize=64)
def main_bets(rules: Rules) -> tuple[Bet, Bet, Bet]:
    """Banker, Player and Tie under ``rules`` (cached: rules are frozen)."""
    return banker_bet(rules), player_bet(rules), tie_bet(rules)


def unique_bets(bets: Iterable[Bet]) -> tuple[Bet, ...]:
    """``bets`` without repeats, in order; two different bets under one name are an error.

    >>> [bet.name for bet in unique_bets((*main_bets(Rules()), tie_bet(Rules())))]
    ['banker', 'player', 'tie']
    """
    seen: dict[str, Bet] = {}
    for bet in bets:
        if bet.name in seen:
            if seen[bet.name] != bet:
                raise RulesError(f"two different bets are named {bet.name!r}: rename one")
            continue
        seen[bet.name] = bet
    return tuple(seen.values())


def with_main_bets(rules: Rules, bets: Iterable[Bet] = ()) -> tuple[Bet, ...]:
    """Banker, Player and Tie under ``rules``, then ``bets`` (repeats dropped)."""
    return unique_bets((*main_bets(rules), *bets))


CardAlternativeSpec = tuple[EventCondition | None, PairTest | None, tuple[CardCondition, ...]]
"""Rounds where the event test, the pair test (None: any) and every card condition hold."""


def card_match_bet(
    name: str,
    lines: Sequence[tuple[str, Fraction, Sequence[CardAlternativeSpec]]],
    *,
    otherwise: Fraction = Fraction(-1),
    otherwise_name: str = "lose",
    tableau: Tableau = STANDARD_TABLEAU,
    definition: Mapping[str, Any] | None = None,
) -> Bet:
    """A bet on the ranks of any dealt card, read top-down like :func:`first_match_bet`:
    each round pays on the first line it matches; the rest pay ``otherwise``.

    >>> three = CardCondition(positions=(0, 1, 2), patterns=frozenset({"three of a kind"}))
    >>> bet = card_match_bet("trips", [("trips", Fraction(30), [(None, None, (three,))])])
    >>> [(line.name, str(line.pays)) for line in bet.lines], bet.needs_cards
    ([('trips', '30'), ('lose', '-1')], True)
    """
    blind = [3 * min(p, PAIR) + min(b, PAIR) for p, b in PAIR_STATES]
    card_lines: list[tuple[CardAlternative, ...]] = []
    pay_lines: list[PayLine] = []
    for line_name, pays, alternatives in lines:
        built = []
        for event_test, pair_test, conditions in alternatives:
            events = events_where(event_test, tableau) if event_test else ALL_EVENTS
            pairs = pairs_where(pair_test) if pair_test else ANY_PAIRS
            if any((s in pairs) != (blind[s] in pairs) for s in range(len(PAIR_STATES))):
                raise RulesError(
                    f"bet {name!r}: line {line_name!r} tells suited pairs apart; a bet on the "
                    "ranks of the cards dealt can test pairs by rank only"
                )
            built.append(CardAlternative(events, pairs, tuple(conditions)))
        card_lines.append(tuple(built))
        pay_lines.append(PayLine(name=line_name, pays=Fraction(pays), events=frozenset()))
    card_lines.append(())
    pay_lines.append(PayLine(name=otherwise_name, pays=Fraction(otherwise), events=frozenset()))
    return Bet(
        name=name, lines=tuple(pay_lines), card_lines=tuple(card_lines), definition=definition
    )
