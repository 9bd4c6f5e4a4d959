"""The math a game submission carries for one bet, in one place.

What regulators and labs ask of a new wager, each part exact where it can be:

- the house edge by number of decks (1–8 and the infinite shoe, its limit) and by
  candidate pay table (:mod:`.pay_tables`), one matrix;
- every pay line's true odds beside its payout odds, with the wager's house advantage
  (N.J.A.C. 13:69F-8.4, COMAR 36.05.03.20: "the true odds, the payout odds, and the
  house advantage for each wager");
- the top award's probability as "1 in N", against the 1 in 100,000,000 an advertised
  award must be reachable within (GLI-11 §4.8.2);
- hold against drop (:mod:`.hold`);
- the advantage-play section (:mod:`.advantage`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.analysis.advantage import AdvantagePlay, advantage_play, advantage_refused
from baccarat_exact.analysis.hold import HoldVersusDrop, hold_versus_drop
from baccarat_exact.model.bets import Bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.stats import BetStats, bet_stats

__all__ = [
    "DECKS",
    "TOP_AWARD_LIMIT",
    "DeckRow",
    "LineOdds",
    "Submission",
    "SubmissionSettings",
    "TopAward",
    "deck_rows",
    "line_odds",
    "submission",
    "top_award",
]

DECKS: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, 7, 8, None)
"""The shoes of the house-edge matrix: 1 to 8 decks, then the infinite shoe (None)."""

TOP_AWARD_LIMIT = 100_000_000
"""GLI-11 §4.8.2: an advertised award must have a probability of at least 1 in 10⁸."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LineOdds:
    """One pay line: its probability, its true odds against it and what it pays."""

    name: str
    pays: Fraction
    """Payout odds: net units paid per unit staked (to 1)."""
    probability: Fraction

    @property
    def true_odds(self) -> Fraction | None:
        """(1 − p) / p to 1 against the line (None for a line that never comes)."""
        return None if self.probability == 0 else (1 - self.probability) / self.probability


@dataclass(frozen=True, slots=True, kw_only=True)
class TopAward:
    """The line that pays the most, and whether it comes often enough to be advertised."""

    name: str
    pays: Fraction
    probability: Fraction

    @property
    def one_in(self) -> Fraction | None:
        """N of "1 in N": 1 / probability, exactly (None: it never comes)."""
        return None if self.probability == 0 else 1 / self.probability

    @property
    def passes(self) -> bool:
        """Whether its probability is at least 1 in :data:`TOP_AWARD_LIMIT`."""
        return self.probability * TOP_AWARD_LIMIT >= 1


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckRow:
    """The house edge of every pay table on one shoe of the matrix."""

    decks: int | None
    """Whole decks (None: the infinite shoe)."""
    edges: tuple[Fraction, ...]
    """One per pay table, the bet's own first."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SubmissionSettings:
    """The inputs of a submission beyond the shoe, the rules and the bet."""

    average_bet: Fraction
    buy_in: Fraction
    """Cash bought in an hour of play, in average bets."""
    hands_per_hour: int
    """Decisions an hour."""
    level: int
    """Largest tag of the derived count."""
    shoes: int
    """Shoes of the counted run."""
    seed: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Submission:
    """One bet's submission figures on one shoe (the matrix on every shoe of :data:`DECKS`)."""

    bet: Bet
    shoe: Shoe
    rules: Rules
    stats: BetStats
    """The bet on the shoe: house edge, hit frequency, variance."""
    tables: tuple[Bet, ...]
    """The pay tables compared, the bet's own first."""
    table_edges: tuple[Fraction, ...]
    """Each table's house edge on the shoe."""
    by_decks: tuple[DeckRow, ...]
    lines: tuple[LineOdds, ...]
    top: TopAward | None
    """None for a bet that pays nothing more than the stake back."""
    hold: HoldVersusDrop
    advantage: AdvantagePlay | None
    """None where the shoe or the bet allows none (:attr:`no_advantage` says why)."""
    no_advantage: str = ""

    @property
    def whole_decks(self) -> bool:
        """Whether the shoe is one of the matrix's (its row holds its edges already)."""
        return any(_shoe(d) == self.shoe for d in DECKS)


def _shoe(decks: int | None) -> Shoe:
    return Shoe.infinite_shoe() if decks is None else Shoe.from_decks(decks)


def _edges(shoe: Shoe, rules: Rules, tables: Sequence[Bet]) -> tuple[Fraction, ...]:
    """Each table's house edge on ``shoe``, priced together."""
    from baccarat_exact.pricing import odds

    return tuple(-priced.ev for priced in odds(shoe, rules, tuple(tables)).bets)


def deck_rows(rules: Rules, tables: Sequence[Bet]) -> tuple[DeckRow, ...]:
    """The house edge of each table on 1 to 8 decks and on the infinite shoe.

    >>> from baccarat_exact.model.catalogue import find_bet
    >>> rows = deck_rows(Rules(), (find_bet("dragon-7"),))
    >>> rows[-1].decks, rows[-1].edges
    (None, (Fraction(...),))
    """
    return tuple(DeckRow(decks=d, edges=_edges(_shoe(d), rules, tables)) for d in DECKS)


def line_odds(stats: BetStats) -> tuple[LineOdds, ...]:
    """Every pay line (lines of one name and pay merged) with its probability."""
    return tuple(
        LineOdds(name=line.name, pays=line.pays, probability=line.probability)
        for line in stats.lines
    )


def top_award(lines: Sequence[LineOdds]) -> TopAward | None:
    """The line that pays the most (the first of equals; lines of that name and pay
    summed), or None when no line pays more than the stake back."""
    paying = [line for line in lines if line.pays > 0]
    if not paying:
        return None
    best = max(line.pays for line in paying)
    first = next(line for line in paying if line.pays == best)
    probability = sum(
        (line.probability for line in paying if (line.name, line.pays) == (first.name, best)),
        Fraction(0),
    )
    return TopAward(name=first.name, pays=best, probability=probability)


def submission(
    shoe: Shoe,
    rules: Rules,
    bet: Bet,
    candidates: Sequence[Bet],
    settings: SubmissionSettings,
) -> Submission:
    """Every part of ``bet``'s submission on ``shoe``, with ``candidates`` (other pay
    tables of it) in the house-edge matrix.

    The advantage-play section is left out, with the reason, for an infinite shoe, a
    bet on the ranks of particular cards, or a shoe too small to take a card from.
    """
    from baccarat_exact.pricing import odds

    tables = (bet, *candidates)
    stats = bet_stats(odds(shoe, rules, (bet,)).bets[0])
    lines = line_odds(stats)
    refused = advantage_refused(shoe, bet)
    advantage = (
        None
        if refused
        else advantage_play(
            shoe,
            rules,
            bet,
            level=settings.level,
            shoes=settings.shoes,
            seed=settings.seed,
            hands_per_hour=settings.hands_per_hour,
        )
    )
    return Submission(
        bet=bet,
        shoe=shoe,
        rules=rules,
        stats=stats,
        tables=tables,
        table_edges=_edges(shoe, rules, tables),
        by_decks=deck_rows(rules, tables),
        lines=lines,
        top=top_award(lines),
        hold=hold_versus_drop(
            stats.house_edge, settings.average_bet, settings.buy_in, settings.hands_per_hour
        ),
        advantage=advantage,
        no_advantage=refused,
    )
