"""The pricer: these bets, on this shoe (or these shoe states), under these rules, exactly.

One planner and one cache serve every question. :func:`plan` turns a tuple of
bets into what must be counted: one engine column per distinct pay line of the
value-based bets (plus Banker and Player wins, for the outcomes), the pair
states pure pair bets read, and the joint (pair state × event) table for bets
that look at both. Then

* :func:`odds` prices one shoe and returns an :class:`Odds` of exact
  ``Fraction``\\ s — the library's friendly face, and what the CLI calls;
* :func:`price_batch` prices many shoe states at once (the engine's batch path)
  and returns :class:`Prices`: every bet's exact EV numerator, win count and
  denominator as integer arrays, for effect of removal, simulation and tracking.

Every count is of six-card sequences (infinite shoe: weights) out of the same
denominator; a bet whose counts are expectations over unknown suits carries a
``weight`` (:mod:`baccarat_exact.engine.pairs`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.column_basis import column_basis, select_columns
from baccarat_exact.engine.counting import (
    Compiled,
    compile_columns,
    count_array,
    count_one,
    event_counts,
    fits_int64,
    six_card_total,
    value_counts,
)
from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.model.bets import (
    ALL_EVENTS,
    CARD_POSITIONS,
    PAIR_STATES,
    Bet,
    main_bets,
    refuse_card_bets,
)
from baccarat_exact.model.cards import RANKS, SUITS
from baccarat_exact.model.deal import ROUND_CARDS
from baccarat_exact.model.events import EVENTS, N_EVENTS, Outcome
from baccarat_exact.model.exact import exact_text, to_float
from baccarat_exact.model.rules import PLAYER_STOOD, Rules, Tableau
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.combination import Combination
    from baccarat_exact.engine.pairs import PairTerms
    from baccarat_exact.engine.paths import Paths
    from baccarat_exact.model.seen import Seen

__all__ = [
    "SUREBET",
    "BetOdds",
    "Odds",
    "Plan",
    "Prices",
    "is_surebet",
    "odds",
    "odds_by",
    "plan",
    "price_batch",
    "require_round",
    "round_cells",
]

SUREBET = Fraction(9, 10)
"""A bet is a *surebet* when its probability of winning is over 90 %: the house's rule
against placing bonus money on near-certain bets (docs/rules.md)."""

_Count = TypeVar("_Count", int, "npt.NDArray[Any]")


def is_surebet(wins: _Count, denominator: _Count) -> Any:
    """Whether ``wins / denominator`` is over :data:`SUREBET`, decided on integers
    (works elementwise on arrays)."""
    return wins * SUREBET.denominator > denominator * SUREBET.numerator


def require_round(cards: int) -> None:
    """Refuse a finite shoe that cannot deal a whole round (a round can take 6 cards).

    >>> require_round(5)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: the shoe holds 5 cards; a round can need 6, so at least 6 must be left
    """
    if cards < ROUND_CARDS:
        raise ShoeError(
            f"the shoe holds {cards} card{'s' if cards != 1 else ''}; "
            f"a round can need {ROUND_CARDS}, so at least {ROUND_CARDS} must be left"
        )


# -- results --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetOdds:
    """One bet's exact result: each pay line's count, and from them the probabilities,
    win/push/lose and EV as exact fractions (computed when read).

    Counts and denominator are six-card sequences (infinite shoe: weights) times
    ``weight``; the weight is 1 unless the bet's counts are expectations over
    cards of unknown suit (:attr:`expected_counts` are then fractions).
    """

    bet: Bet
    line_counts: tuple[int, ...]
    denominator: int
    weight: int = 1

    def __repr__(self) -> str:
        return (
            f"BetOdds(bet={self.bet.name!r}, line_counts={self.line_counts!r}, "
            f"denominator={self.denominator!r}, weight={self.weight!r})"
        )

    @property
    def name(self) -> str:
        """The bet's name."""
        return self.bet.name

    @property
    def expected_counts(self) -> tuple[int | Fraction, ...]:
        """Six-card sequences ending on each line: integers, or exact expectations over
        unknown suits (fractions) when :attr:`weight` is not 1."""
        if self.weight == 1:
            return self.line_counts
        return tuple(Fraction(n, self.weight) for n in self.line_counts)

    @property
    def lines(self) -> tuple[tuple[str, Fraction, Fraction], ...]:
        """(line name, net pay, probability) for each pay line."""
        return tuple(
            (line.name, line.pays, Fraction(n, self.denominator))
            for line, n in zip(self.bet.lines, self.line_counts)
        )

    def _share(self, kind: str) -> Fraction:
        n = sum(c for line, c in zip(self.bet.lines, self.line_counts) if line.kind == kind)
        return Fraction(n, self.denominator)

    @property
    def win(self) -> Fraction:
        """Probability that the bet wins (any line with a positive pay)."""
        return self._share("win")

    @property
    def push(self) -> Fraction:
        """Probability that the stake is returned."""
        return self._share("push")

    @property
    def lose(self) -> Fraction:
        """Probability that the bet loses (any line with a negative pay)."""
        return self._share("lose")

    @property
    def ev(self) -> Fraction:
        """Expected net units per unit staked; the house edge is ``-ev``."""
        numerator = sum(
            (line.pays * n for line, n in zip(self.bet.lines, self.line_counts)), Fraction(0)
        )
        return numerator / self.denominator

    @property
    def surebet(self) -> bool:
        """Whether the probability of winning is over 90 % (:data:`SUREBET`)."""
        wins = sum(c for line, c in zip(self.bet.lines, self.line_counts) if line.pays > 0)
        return bool(is_surebet(wins, self.denominator))

    def to_dict(self) -> dict[str, Any]:
        """The bet's odds as JSON keeps them."""
        ev = self.ev
        return {
            "win": exact_text(self.win),
            "win_float": to_float(self.win),
            "push": exact_text(self.push),
            "push_float": to_float(self.push),
            "lose": exact_text(self.lose),
            "lose_float": to_float(self.lose),
            "ev": exact_text(ev),
            "ev_float": to_float(ev),
            "surebet": self.surebet,
        }


_SET_BET, _SET_LINE_COUNTS, _SET_DENOMINATOR, _SET_WEIGHT = (
    BetOdds.__dict__[name].__set__ for name in ("bet", "line_counts", "denominator", "weight")
)


def _whole_bet_odds(bet: Bet, line_counts: tuple[int, ...], denominator: int) -> BetOdds:
    """``BetOdds(bet, line_counts, denominator)``, its slots written directly: the frozen
    dataclass's ``__init__`` calls ``object.__setattr__`` once per field, which made half
    the cost of a result in :func:`odds` (0.75 µs against 0.4)."""
    made: BetOdds = object.__new__(BetOdds)
    _SET_BET(made, bet)
    _SET_LINE_COUNTS(made, line_counts)
    _SET_DENOMINATOR(made, denominator)
    _SET_WEIGHT(made, 1)
    return made


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact odds of one shoe under one set of rules."""

    shoe: Shoe
    rules: Rules
    total: int | None
    """Six-card sequences the shoe can deal, N(N-1)…(N-5); None for an infinite shoe."""
    denominator: int
    """What every outcome count is out of: ``total``, or (Σ weights)**6 for an infinite shoe."""
    counts: dict[Outcome, int]
    """Six-card sequences (infinite: weights) ending in each outcome."""
    bets: tuple[BetOdds, ...]
    seen: Seen | None = None
    """The cards of the round already seen, when the odds are conditional on them; the
    shoe is then the shoe before the round and every count is of the sequences that
    agree with them."""

    def __repr__(self) -> str:
        """The three outcomes' probabilities and each bet's house edge, rounded.

        >>> odds(Shoe.from_decks(8))
        <Odds banker 0.458597 player 0.446247 tie 0.095156; house edge banker 1.0579% player 1.2351% tie 14.3596%>
        """
        chances = " ".join(f"{o.value} {float(self.probability(o)):.6f}" for o in Outcome)
        edges = " ".join(f"{bet.name} {float(-bet.ev):.4%}" for bet in self.bets)
        return f"<Odds {chances}; house edge {edges}>"

    def probability(self, outcome: Outcome | str) -> Fraction:
        """P(outcome) as an exact fraction."""
        return Fraction(self.counts[Outcome(outcome)], self.denominator)

    def bet(self, name: str) -> BetOdds:
        """The result for one bet by name.

        :raises BetError: (a ``KeyError``) naming the closest bets there are, when none
            is called ``name``.
        """
        for result in self.bets:
            if result.name == name:
                return result
        from baccarat_exact.errors import BetError
        from baccarat_exact.model.catalogue import unknown_bet_message

        message = unknown_bet_message(name, (result.name for result in self.bets))
        raise BetError(message.replace("unknown bet", "no priced bet", 1))

    def combination(self, stakes: Mapping[str, Fraction | int]) -> Combination:
        """The net result of staking ``stakes`` (bet name → units) on this round's bets at
        once: exact EV, variance with every covariance, distribution, chance of a net loss
        (:mod:`baccarat_exact.combination`).

        >>> result = odds(Shoe.from_decks(8))
        >>> both = result.combination({"banker": 1, "player": 1})
        >>> both.distribution[-1]  # the best case: Player wins, Banker loses
        (Fraction(0, 1), Fraction(...))
        """
        from baccarat_exact.combination import combine, combine_lines, stake_units

        stakes = {str(name): stake_units(name, units) for name, units in stakes.items()}
        bets = tuple(result.bet for result in self.bets)
        chosen = tuple(bet for bet in bets if bet.name in stakes)
        if any(bet.needs_cards for bet in chosen):
            from baccarat_exact.engine.ranked import line_of_rounds

            _refuse_suits(chosen, staked=True)
            rounds = _ranked(self.shoe, self.rules.tableau)
            if any(bet.suit_features for bet in chosen):
                from baccarat_exact.combination import combine_split

                group, chances = _suit_split(self.shoe, rounds, chosen, self.seen)
                every = _agrees_with(rounds.ranks, self.seen) if self.seen else slice(None)
                names = [bet.name for bet in chosen]
                holds = {
                    name: line[every]
                    for name, line in zip(names, line_of_rounds(chosen, rounds, suited=True))
                }
                fails = {
                    name: line[every]
                    for name, line in zip(names, line_of_rounds(chosen, rounds, suited=False))
                }
                weight = rounds.weight[every]
                return combine_split(
                    bets,
                    stakes,
                    (holds, fails),
                    weight,
                    (group[every], chances),
                    int(weight.sum()) if self.seen else rounds.denominator,
                )
            agree = _agrees_with(rounds.ranks, self.seen) if self.seen else slice(None)
            weight = rounds.weight[agree]
            lines = {
                bet.name: line[agree].tolist()
                for bet, line in zip(chosen, line_of_rounds(chosen, rounds))
            }
            denominator = int(weight.sum()) if self.seen else rounds.denominator
            return combine_lines(bets, stakes, lines, weight.tolist(), denominator)
        cells, denominator = round_cells(self.shoe, self.rules, chosen, seen=self.seen)
        return combine(bets, stakes, cells, denominator)

    def to_dict(self) -> dict[str, Any]:
        """The odds as JSON keeps them (the body of an ``odds`` document): exact values as
        ``"p/q"`` strings, each beside its ``*_float``."""
        outcomes = {}
        for outcome in Outcome:
            p = self.probability(outcome)
            outcomes[outcome.value] = {
                "count": None if self.total is None else self.counts[outcome],
                "probability": exact_text(p),
                "probability_float": to_float(p),
            }
        document: dict[str, Any] = {
            "shoe": self.shoe.to_dict(),
            "rules": self.rules.to_dict(),
        }
        if self.seen:
            document["seen"] = self.seen.to_dict()
        document.update(
            total=self.total,
            outcomes=outcomes,
            bets={result.name: result.to_dict() for result in self.bets},
        )
        return document


# -- the plan -------------------------------------------------------------------------

_VALUE, _PAIRS, _JOINT = 0, 1, 2
_OUTCOME_EVENTS = tuple(
    frozenset(i for i, e in enumerate(EVENTS) if e.outcome is o)
    for o in (Outcome.BANKER, Outcome.PLAYER)
)
_TIE_EVENTS = tuple(i for i, e in enumerate(EVENTS) if e.outcome is Outcome.TIE)
_BANKER, _PLAYER, _TIE = Outcome  # looked up once: an Enum's attributes are slow to read


@dataclass(frozen=True, slots=True, eq=False)
class Plan:
    """How to price a tuple of bets under one tableau (made by :func:`plan`, cached).

    Value-based bets read engine columns: one per distinct pay line except each bet's
    last (the rest), after two columns for Banker and Player wins. Pure pair bets read
    the pair-state counts; bets on pairs and the round together, the joint table.
    """

    bets: tuple[Bet, ...]
    tableau: Tableau
    compiled: Compiled
    """The engine's columns: Banker wins, Player wins, then the value bets' lines."""
    items: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]
    """Per bet: how it is priced and, per line, its columns (value) or pair states (pairs)."""
    pairs: bool = field(init=False)
    """Whether some bet reads the pair-state counts."""
    joint: bool = field(init=False)
    """Whether some bet reads the joint (pair state × event) table."""
    suits: bool = field(init=False)
    """Whether some bet tells a suited pair from an unsuited one."""
    scales: tuple[int, ...] = field(init=False)
    """Per bet: the least common denominator of its pays."""
    line_pays: tuple[tuple[int, ...], ...] = field(init=False)
    """Per bet, per line: its pay times the bet's scale (an integer)."""
    largest_pay: int = field(init=False)
    value_bets: tuple[int, ...] = field(init=False)
    """Positions of the value-based bets."""
    joint_bets: tuple[int, ...] = field(init=False)
    """Positions of the bets on pairs and the round together."""
    joint_columns: tuple[frozenset[int], ...] = field(init=False)
    """The event sets the joint bets' lines are counted from, each once: of a set and
    its complement only the one without event 0 (the other is the pair state's count
    less it), and neither the empty set nor every event."""
    joint_lines: tuple[tuple[tuple[tuple[int, ...], int | None, bool], ...], ...] = field(
        init=False
    )
    """Per joint bet, per line: its pair states, its column in :attr:`joint_columns`
    (None: no event), and whether the line reads the column's complement."""
    value_pays: npt.NDArray[np.int64] = field(init=False)
    """(columns + 1, value bets): EV numerator (× scale) per column count, last row per
    denominator (each bet's last line pays on the rest)."""
    value_wins: npt.NDArray[np.int64] = field(init=False)
    """(columns + 1, value bets): win count per column count, last row per denominator."""
    tie_column: int | None = field(init=False)
    """The column of the tie events, if some line pays on exactly them: one shoe's count
    of it is the rest (every sequence ends in one outcome), not counted."""
    one_shoe: Compiled = field(init=False)
    """The columns :func:`odds` counts for one shoe: all but :attr:`tie_column`."""

    def __post_init__(self) -> None:
        kinds = [kind for kind, _ in self.items]
        scales = tuple(math.lcm(*(line.pays.denominator for line in b.lines)) for b in self.bets)
        line_pays = tuple(
            tuple(int(line.pays * scale) for line in bet.lines)
            for bet, scale in zip(self.bets, scales)
        )
        value_bets = tuple(b for b, kind in enumerate(kinds) if kind == _VALUE)
        joint_bets = tuple(b for b, kind in enumerate(kinds) if kind == _JOINT)
        joint_columns, joint_lines = _joint_layout([self.bets[b] for b in joint_bets])
        largest = max((abs(pay) for row in line_pays for pay in row), default=0)
        shape = (len(self.compiled.columns) + 1, len(value_bets))
        pays = np.zeros(shape, dtype=np.int64 if fits_int64(2 * largest) else object)
        wins = np.zeros(shape, dtype=np.int64)
        for j, b in enumerate(value_bets):
            lines, columns, line_pay = self.bets[b].lines, self.items[b][1], line_pays[b]
            last_win = int(lines[-1].pays > 0)
            for line, pay, (column,) in zip(lines, line_pay, columns):
                pays[column, j] += pay - line_pay[-1]
                wins[column, j] += int(line.pays > 0) - last_win
            pays[-1, j], wins[-1, j] = line_pay[-1], last_win
        columns = self.compiled.columns
        tie = columns.index(_TIE_EVENTS) if _TIE_EVENTS in columns else None
        kept = tuple(j for j in range(len(columns)) if j != tie)
        for name, value in (
            ("pairs", _PAIRS in kinds),
            ("joint", _JOINT in kinds),
            ("suits", any(bet.needs_suits for bet in self.bets)),
            ("scales", scales),
            ("line_pays", line_pays),
            ("largest_pay", largest),
            ("value_bets", value_bets),
            ("joint_bets", joint_bets),
            ("joint_columns", joint_columns),
            ("joint_lines", joint_lines),
            ("value_pays", pays),
            ("value_wins", wins),
            ("tie_column", tie),
            ("one_shoe", self.compiled if tie is None else select_columns(self.compiled, kept)),
        ):
            object.__setattr__(self, name, value)


@functools.lru_cache(maxsize=256)
def plan(tableau: Tableau, bets: tuple[Bet, ...]) -> Plan:
    """How to price ``bets`` under ``tableau``: the one planner, cached by value.

    Bets on the ranks of any dealt card are priced by :func:`odds` only (card by card)."""
    refuse_card_bets(bets, "this analysis")
    index: dict[frozenset[int], int] = {}
    for events in _OUTCOME_EVENTS:
        index.setdefault(events, len(index))
    items: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
    for bet in bets:
        if not bet.needs_pairs:
            own = tuple((index.setdefault(line.events, len(index)),) for line in bet.lines[:-1])
            items.append((_VALUE, own))
        elif not bet.needs_events:
            items.append((_PAIRS, tuple(tuple(sorted(line.pairs)) for line in bet.lines)))
        else:
            items.append((_JOINT, ()))
    columns = tuple(tuple(sorted(events)) for events in index)
    return Plan(bets, tableau, compile_columns(tableau, columns), tuple(items))


# -- one shoe -------------------------------------------------------------------------

_DEFAULT_RULES = Rules()


def _engine_input(shoe: Shoe) -> tuple[tuple[int, ...], int]:
    """Value counts the engine takes and what its counts are out of."""
    if shoe.infinite:
        reduced = shoe.reduced()
        return reduced.values, reduced.cards**6
    cards = shoe.cards
    require_round(cards)
    return shoe.values, six_card_total(cards)


def _reduced(bet: Bet, counts: Sequence[int], denominator: int, weight: int) -> BetOdds:
    """A bet's result with its weight made as small as its counts allow (1 when whole)."""
    if weight != 1:
        common = math.gcd(weight, *counts)
        if common > 1:
            counts = [n // common for n in counts]
            denominator, weight = denominator // common, weight // common
    return BetOdds(bet, tuple(counts), denominator, weight)


def _joint_layout(
    bets: Sequence[Bet],
) -> tuple[
    tuple[frozenset[int], ...], tuple[tuple[tuple[tuple[int, ...], int | None, bool], ...], ...]
]:
    """:attr:`Plan.joint_columns` and :attr:`Plan.joint_lines` of the joint ``bets``."""
    columns: dict[frozenset[int], int] = {}
    layout = []
    for bet in bets:
        lines = []
        for line in bet.lines:
            complement = 0 in line.events
            events = ALL_EVENTS - line.events if complement else line.events
            column = columns.setdefault(events, len(columns)) if events else None
            lines.append((tuple(sorted(line.pairs)), column, complement))
        layout.append(tuple(lines))
    return tuple(columns), tuple(layout)


def _paired(shoe: Shoe, how: Plan) -> dict[int, tuple[Sequence[int], int, int]]:
    """The pair and joint bets' counts on ``shoe`` (the pair engine loads on first use)."""
    from baccarat_exact.engine.pairs import pair_terms

    return _pair_results(how, pair_terms(shoe, how.suits))


def _pair_results(how: Plan, terms: PairTerms) -> dict[int, tuple[Sequence[int], int, int]]:
    """Line counts (× weight), denominator (× weight) and weight of every pair bet."""
    from baccarat_exact.engine.pair_batch import joint_column_counts
    from baccarat_exact.engine.pairs import joint_counts, pair_state_counts

    found: dict[int, tuple[Sequence[int], int, int]] = {}
    states, total = pair_state_counts(terms)
    if how.pairs:
        for b, (kind, spec) in enumerate(how.items):
            if kind == _PAIRS:
                counts = [sum(states[s] for s in line) for line in spec]
                found[b] = (counts, total, terms.weight)
    if how.joint:
        by_column = joint_column_counts(terms, how.tableau, how.joint_columns)
        if by_column is not None:  # the closed form (finite shoes)
            cells, _ = by_column
            for b, lines in zip(how.joint_bets, how.joint_lines):
                counts = []
                for pairs, column, complement in lines:
                    count = 0 if column is None else sum(cells[s][column] for s in pairs)
                    counts.append(sum(states[s] for s in pairs) - count if complement else count)
                found[b] = (counts, total, terms.weight)
            return found
        table, total = joint_counts(terms, how.tableau)
        for b in how.joint_bets:
            counts = [
                sum(table[s][e] for s in line.pairs for e in line.events)
                for line in how.bets[b].lines
            ]
            found[b] = (counts, total, terms.weight)
    return found


def odds(
    shoe: Shoe,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    *,
    seen: Seen | None = None,
) -> Odds:
    """Exact odds of the next round dealt from ``shoe``: the outcome probabilities and
    every bet's result (default: Banker, Player and Tie under ``rules``; any mix of main,
    side, pair and user-defined bets).

    With ``seen`` (cards of the round already dealt, :class:`Seen`), the odds of the
    round in progress, conditional on them; ``shoe`` is the shoe before the round.

    >>> result = odds(Shoe.from_decks(8))
    >>> result.total, result.counts[Outcome.TIE]
    (4998398275503360, 475627426473216)
    >>> f"{float(-result.bet('banker').ev):.4%}"
    '1.0579%'
    """
    _check_arguments(shoe, rules, bets, seen)
    if rules is None and bets is None and not seen:
        rules, chosen, how = _default_plan()  # the commonest call: its plan made once
    else:
        rules = rules if rules is not None else _DEFAULT_RULES
        chosen = main_bets(rules) if bets is None else tuple(bets)
        if _needs_cards(chosen):
            return _card_odds(shoe, rules, chosen, seen)
        if seen:
            return _seen_odds(shoe, rules, chosen, seen)
        how = plan(rules.tableau, chosen)
    values, denominator = _engine_input(shoe)
    row = count_one(values, how.one_shoe, infinite=shoe.infinite)
    if how.tie_column is not None:
        row.insert(how.tie_column, denominator - row[0] - row[1])
    paired = _paired(shoe, how) if how.pairs or how.joint else {}
    results: list[BetOdds] = []
    for b, (bet, (kind, spec)) in enumerate(zip(chosen, how.items)):
        if kind == _VALUE:
            counts = [row[c] for (c,) in spec]
            counts.append(denominator - sum(counts))
            results.append(_whole_bet_odds(bet, tuple(counts), denominator))
        else:
            results.append(_reduced(bet, *paired[b]))
    return _outcome_odds(shoe, rules, denominator, row[0], row[1], results)


@functools.cache
def _default_plan() -> tuple[Rules, tuple[Bet, ...], Plan]:
    """The default rules, their main bets and the plan that prices them."""
    chosen = main_bets(_DEFAULT_RULES)
    return _DEFAULT_RULES, chosen, plan(_DEFAULT_RULES.tableau, chosen)


def _is_seen(value: Any) -> bool:
    """Whether ``value`` is the cards of a round in progress (their module loads only
    for such a round)."""
    from baccarat_exact.model.seen import Seen

    return isinstance(value, Seen)


def _check_arguments(shoe: Any, rules: Any, bets: Any, seen: Any) -> None:
    """Refuse arguments of the wrong type with a sentence (not an AttributeError later)."""
    if not isinstance(shoe, Shoe):
        raise TypeError(f"odds() takes a Shoe, e.g. Shoe.from_decks(8), not {shoe!r}")
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules, e.g. Rules(game='ez'), not {rules!r}")
    if bets is not None and (
        isinstance(bets, str) or not all(isinstance(bet, Bet) for bet in bets)
    ):
        raise TypeError(f"bets must be a sequence of Bet, e.g. (find_bet('tie'),), not {bets!r}")
    if seen is not None and not _is_seen(seen):
        raise TypeError(f"seen must be Seen, e.g. Seen.parse('? K', '9'), not {seen!r}")


@functools.lru_cache(maxsize=256)
def _needs_cards(bets: tuple[Bet, ...]) -> bool:
    """Whether some bet looks at the ranks or suits of particular dealt cards."""
    return any(bet.needs_cards for bet in bets)


def _outcome_odds(
    shoe: Shoe,
    rules: Rules,
    denominator: int,
    banker: int,
    player: int,
    results: Sequence[BetOdds],
    seen: Seen | None = None,
) -> Odds:
    """The :class:`Odds` of a round from its Banker and Player win counts (the rest tie)."""
    counts = {_BANKER: banker, _PLAYER: player, _TIE: denominator - banker - player}
    total = None if shoe.infinite else denominator
    return Odds(shoe, rules, total, denominator, counts, tuple(results), seen)


def round_cells(
    shoe: Shoe, rules: Rules, bets: Sequence[Bet], *, seen: Seen | None = None
) -> tuple[list[list[int]], int]:
    """The round's counts cell by cell and what they are out of: 9 pair states × 400
    events when some bet looks at pairs (times the suit weight where suits are averaged
    over), else one row of 400 events; conditional on ``seen`` when given."""
    from baccarat_exact.engine.pairs import joint_counts, pair_terms
    from baccarat_exact.engine.paths import round_paths

    pairs = any(bet.needs_pairs for bet in bets)
    if seen:
        _refuse_suits(bets)
        paths = round_paths(shoe, seen, rules.tableau, by_rank=pairs)
        cells = paths.cell_counts()
        rows = cells.tolist() if pairs else [cells.sum(axis=0).tolist()]
        return [[int(n) for n in row] for row in rows], paths.total
    if pairs:
        terms = pair_terms(shoe, any(bet.needs_suits for bet in bets))
        return joint_counts(terms, rules.tableau)
    values, denominator = _engine_input(shoe)
    return [event_counts(values, rules.tableau, infinite=shoe.infinite)], denominator


def _card_odds(shoe: Shoe, rules: Rules, bets: tuple[Bet, ...], seen: Seen | None) -> Odds:
    """Bets on the ranks of any dealt card, round by round (:mod:`.engine.ranked`); the
    other bets as usual."""
    from baccarat_exact.engine.paths import sum_by
    from baccarat_exact.engine.ranked import line_of_rounds

    others = odds(shoe, rules, tuple(bet for bet in bets if not bet.needs_cards), seen=seen)
    card_bets = tuple(bet for bet in bets if bet.needs_cards)
    rounds = _ranked(shoe, rules.tableau)
    weight, denominator = rounds.weight, rounds.denominator
    agree = None if not seen else _agrees_with(rounds.ranks, seen)
    if agree is not None:
        weight = weight[agree]
        denominator = int(weight.sum())  # > 0: odds() above refused an impossible round
    suited = tuple(bet for bet in card_bets if bet.suit_features)
    priced: dict[str, BetOdds] = {}
    if suited:
        every = slice(None) if agree is None else agree
        for result in _suited_odds(shoe, rounds, suited, seen, every):
            priced[result.name] = _in_units_of(result, others)
    plain = tuple(bet for bet in card_bets if not bet.suit_features)
    for bet, line in zip(plain, line_of_rounds(plain, rounds)):
        line = line if agree is None else line[agree]
        counts = [int(n) for n in sum_by(line, weight, len(bet.lines)).tolist()]
        priced[bet.name] = _in_units_of(BetOdds(bet, tuple(counts), denominator), others)
    mixed = tuple(priced.get(bet.name) or others.bet(bet.name) for bet in bets)
    return Odds(
        shoe=shoe,
        rules=rules,
        total=others.total,
        denominator=others.denominator,
        counts=others.counts,
        bets=mixed,
        seen=others.seen,
    )


def _suit_split(
    shoe: Shoe, rounds: Any, bets: Sequence[Bet], seen: Seen | None
) -> tuple[Any, list[Fraction]]:
    """For bets with a condition on suits (one at a time): a group index per round by rank
    and each group's exact chance that the condition holds (:func:`suit_chances`);
    :class:`RulesError` where it cannot be priced."""
    from baccarat_exact.engine.ranked import suit_chances

    suited = [bet for bet in bets if bet.suit_features]
    names = ", ".join(bet.name for bet in suited)
    features = frozenset().union(*(bet.suit_features for bet in suited))
    if len(features) > 1:
        shown = "; ".join(sorted(_describe_feature(f) for f in features))
        raise RulesError(
            f"{names}: one condition on suits is priced at a time, these ask {shown}: "
            "price them in separate runs"
        )
    rows = shoe.suit_rows()
    unknown = [r.value for r, row, n in zip(RANKS, rows, shoe.counts) if n and row is None]
    if unknown:
        raise RulesError(
            f"{names}: bets on suits need every suit count, unknown for {' '.join(unknown)} "
            "(give the shoe by suits, or remove cards with their suits)"
        )
    (feature,) = features
    known = (
        {
            offset + i: (card.rank.ordinal, card.suit.ordinal)
            for offset, hand in ((0, seen.player), (3, seen.banker))
            for i, card in enumerate(hand)
            if card is not None and card.suit is not None
        }
        if seen
        else {}
    )
    return suit_chances(rounds, feature, rows, infinite=shoe.infinite, known=known)


def _suited_odds(
    shoe: Shoe, rounds: Any, bets: tuple[Bet, ...], seen: Seen | None, agree: Any
) -> list[BetOdds]:
    """Bets with a condition on suits: each round by rank splits into the rounds where it
    holds (with its exact chance given the ranks, and the suits seen) and the rest; only
    the rounds that ``agree`` with the cards seen count."""
    from baccarat_exact.engine.paths import sum_by
    from baccarat_exact.engine.ranked import line_of_rounds

    group, chances = _suit_split(shoe, rounds, bets, seen)
    group, weight = group[agree], rounds.weight[agree]
    denominator = int(weight.sum())
    size = len(chances)
    found = []
    holds = line_of_rounds(bets, rounds, suited=True)
    fails = line_of_rounds(bets, rounds, suited=False)
    for bet, line_true, line_false in zip(bets, holds, fails):
        width = len(bet.lines)
        if_true = sum_by(group * width + line_true[agree], weight, size * width).tolist()
        if_false = sum_by(group * width + line_false[agree], weight, size * width).tolist()
        counts = [Fraction(0)] * width
        for g, chance in enumerate(chances):
            for i in range(width):
                counts[i] += (
                    chance * if_true[g * width + i] + (1 - chance) * if_false[g * width + i]
                )
        common = math.lcm(*(c.denominator for c in counts))
        scaled = [int(c * common) for c in counts]
        found.append(_reduced(bet, scaled, denominator * common, common))
    return found


def _describe_feature(feature: tuple[str, tuple[int, ...], frozenset[int]]) -> str:
    kind, positions, suits = feature
    cards = " ".join(CARD_POSITIONS[p] for p in positions)
    if kind == "flush":
        return f"a flush of {cards}"
    return f"the suit of {cards} ({' '.join(SUITS[s].value for s in sorted(suits))})"


def _in_units_of(result: BetOdds, others: Odds) -> BetOdds:
    """``result`` counted in the units of the other bets (the round's sequences as seen),
    where its counts divide exactly (they do: a round by rank weighs each seen card by its
    rank's count, the same for every round); else as it is, exact either way."""
    total = others.denominator * result.weight
    if result.denominator == total or result.denominator % total:
        return result
    scale = result.denominator // total
    if any(n % scale for n in result.line_counts):
        return result
    counts = tuple(n // scale for n in result.line_counts)
    return BetOdds(result.bet, counts, total, result.weight)


def _agrees_with(ranks: Any, seen: Seen) -> Any:
    """Which rounds by rank (:attr:`RankedRounds.ranks`, columns P1 P2 P3 B1 B2 B3) deal
    the cards seen: each seen card's rank where it was dealt, a card face down dealt. A
    seen card's suit says nothing more about the ranks of the others, so rank bets need
    no suits."""
    from baccarat_exact.engine.ranked import NOT_DEALT

    agree = np.ones(len(ranks), dtype=bool)
    for offset, hand in ((0, seen.player), (3, seen.banker)):
        for i, card in enumerate(hand):
            column = ranks[:, offset + i]
            agree &= column != NOT_DEALT if card is None else column == card.rank.ordinal
    return agree


@functools.lru_cache(maxsize=2)
def _ranked(shoe: Shoe, tableau: Tableau) -> Any:
    """The rounds of ``shoe`` by rank (kept for the next question about the same shoe)."""
    from baccarat_exact.engine.ranked import ranked_rounds

    if not shoe.infinite:
        require_round(shoe.cards)
    return ranked_rounds(shoe, tableau)


def _refuse_suits(bets: Sequence[Bet], *, staked: bool = False) -> None:
    """Refuse suited pair bets where they cannot be priced: in a round in progress, or
    staked together with bets on the cards' ranks (``staked``)."""
    suited = [bet.name for bet in bets if bet.needs_suits and not bet.suit_features]
    if not suited:
        return
    if staked:
        cards = ", ".join(bet.name for bet in bets if bet.needs_cards)
        raise RulesError(
            f"{', '.join(suited)} tell suited pairs apart, which cannot be staked together "
            f"with bets on the cards' ranks ({cards}) yet: stake them in separate runs"
        )
    raise RulesError(
        f"{', '.join(suited)} tell suited pairs apart: the odds of a round in progress "
        "are for bets that look at ranks and totals only"
    )


def _seen_odds(shoe: Shoe, rules: Rules, bets: tuple[Bet, ...], seen: Seen) -> Odds:
    """The odds of a round in progress: the one cell of :func:`odds_by` that holds every
    path agreeing with ``seen``."""
    _refuse_suits(bets)
    (result,) = odds_by(shoe, _one_cell, 1, rules, bets, seen=seen)
    assert result is not None  # odds_by refuses a round that no path deals
    return result


def _one_cell(paths: Paths) -> npt.NDArray[np.int64]:
    return np.zeros(len(paths.weight), dtype=np.int64)


def odds_by(
    shoe: Shoe,
    key: Callable[[Paths], npt.NDArray[np.int64]],
    cells: int,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    *,
    seen: Seen | None = None,
) -> tuple[Odds | None, ...]:
    """The odds of the round split by what is known part-way through it (the published
    mid-round tables): ``key`` puts each path of the round (:func:`~baccarat_exact.engine.
    paths.round_paths`, given ``seen``) in a cell ``0 <= cell < cells``, and each cell's
    odds are conditional on it (``None`` for a cell no round reaches). Every cell's
    ``denominator`` is out of one whole, so a cell's probability is its denominator over
    their sum. A round in progress (``odds(..., seen=)``) is the one cell of a key that
    puts every path in cell 0.

    >>> by_first = odds_by(Shoe.from_decks(8), lambda paths: paths.first[:, 0], 10)
    >>> f"{float(by_first[9].probability('player')):.6f}"  # the Player's first card a 9
    '0.559462'
    """
    from baccarat_exact.engine.paths import round_paths, sum_by

    rules = rules if rules is not None else _DEFAULT_RULES
    chosen = main_bets(rules) if bets is None else tuple(bets)
    if not shoe.infinite:
        require_round(shoe.cards)
    refuse_card_bets(chosen, "a round split by its cards")
    suited = [bet.name for bet in chosen if bet.needs_suits]
    if suited:
        raise RulesError(
            f"{', '.join(suited)} tell suited pairs apart: a round split by its cards is "
            "priced for bets on ranks and totals"
        )
    paths = round_paths(shoe, seen, rules.tableau, by_rank=any(bet.needs_pairs for bet in chosen))
    if paths.total == 0:
        why = _why_impossible(seen, rules) if seen else "the shoe deals no round"
        raise ShoeError(f"no round can be dealt as seen ({seen}): {why}")
    size = len(PAIR_STATES) * N_EVENTS
    where = paths.event if paths.pair is None else paths.pair * N_EVENTS + paths.event
    counts = sum_by(key(paths) * size + where, paths.weight, cells * size)
    counts = counts.reshape(cells, len(PAIR_STATES), N_EVENTS)
    return tuple(_cell_odds(shoe, rules, chosen, counts[c], seen) for c in range(cells))


def _cell_odds(
    shoe: Shoe, rules: Rules, bets: tuple[Bet, ...], cells: npt.NDArray[Any], seen: Seen | None
) -> Odds | None:
    """The odds of one cell from its counts by pair state and event (None: no round)."""
    flat = [int(n) for n in cells.reshape(-1).tolist()]
    denominator = sum(flat)
    if denominator == 0:
        return None
    states = range(len(PAIR_STATES))
    per_event = [sum(flat[s * N_EVENTS + e] for s in states) for e in range(N_EVENTS)]
    results = []
    for bet in bets:
        if bet.needs_pairs:
            counts = tuple(sum(flat[c] for c in line.cells()) for line in bet.lines)
        else:
            counts = tuple(sum(per_event[e] for e in line.events) for line in bet.lines)
        results.append(BetOdds(bet, counts, denominator))
    banker, player = (sum(per_event[e] for e in events) for events in _OUTCOME_EVENTS)
    return _outcome_odds(shoe, rules, denominator, banker, player, results, seen)


def _why_impossible(seen: Seen, rules: Rules) -> str:
    """Why no round agrees with ``seen``, where the tableau says so from the seen cards
    alone: a hand that stands holding a third card."""
    tableau = rules.tableau
    totals = [
        (hand[0].point + hand[1].point) % 10
        if len(hand) >= 2 and hand[0] is not None and hand[1] is not None
        else None
        for hand in (seen.player, seen.banker)
    ]
    third = len(seen.player) == 3 or len(seen.banker) == 3
    for name, total in zip(("Player", "Banker"), totals):
        if third and total is not None and total in tableau.naturals:
            return f"the {name} has a natural {total}, so neither hand takes a third card"
    player, banker = totals
    if player is not None and len(seen.player) == 3 and not tableau.player[player]:
        return f"the Player stands on {player} and takes no third card"
    if banker is not None and len(seen.banker) == 3:
        column: int | None = None
        if player is not None and not tableau.player[player]:
            column = PLAYER_STOOD
        elif len(seen.player) == 3 and seen.player[2] is not None:
            column = seen.player[2].point
        if column is not None and not tableau.banker[banker][column]:
            drew = "stands" if column == PLAYER_STOOD else f"draws a {column}"
            return f"the Banker stands on {banker} when the Player {drew}"
    return "no order of the cards left gives a round the tableau deals so"


# -- many shoe states -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prices:
    """Exact prices of a batch of shoe states for some bets.

    Row i, bet b: EV = ``numerators[i, b] / (scales[b] · denominators[i, b])``,
    P(win) = ``wins[i, b] / denominators[i, b]``, all exact integers (int64 arrays
    while they fit, Python ints in object arrays beyond).
    """

    bets: tuple[Bet, ...]
    numerators: npt.NDArray[Any]
    wins: npt.NDArray[Any]
    denominators: npt.NDArray[Any]
    scales: tuple[int, ...]

    def __len__(self) -> int:
        return int(self.denominators.shape[0])

    def ev(self, row: int, bet: int) -> Fraction:
        """The exact EV of bet ``bet`` in shoe state ``row``."""
        scale = self.scales[bet] * int(self.denominators[row, bet])
        return Fraction(int(self.numerators[row, bet]), scale)

    def win(self, row: int, bet: int) -> Fraction:
        """The exact probability that bet ``bet`` wins in shoe state ``row``."""
        return Fraction(int(self.wins[row, bet]), int(self.denominators[row, bet]))

    def positive(self) -> npt.NDArray[np.bool_]:
        """(B, n_bets): whether each EV is above zero (decided on exact integers)."""
        return np.asarray(self.numerators > 0, dtype=np.bool_)

    def surebet(self) -> npt.NDArray[np.bool_]:
        """(B, n_bets): P(win) over 90 %, decided exactly (:func:`is_surebet`)."""
        return np.asarray(is_surebet(self.wins, self.denominators), dtype=np.bool_)

    def ev_float(self) -> npt.NDArray[np.float64]:
        """(B, n_bets) EVs as floats, for aggregation and display only."""
        if self.numerators.dtype == object or self.denominators.dtype == object:
            rows = [
                [int(n) / (s * int(d)) for n, s, d in zip(num, self.scales, den)]
                for num, den in zip(self.numerators.tolist(), self.denominators.tolist())
            ]
            return np.array(rows, dtype=np.float64).reshape(self.numerators.shape)
        den = self.denominators.astype(np.float64) * np.array(self.scales, dtype=np.float64)
        return np.asarray(self.numerators.astype(np.float64) / den, dtype=np.float64)


def _six_card_totals(cards: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """N(N-1)…(N-5) for each N, as int64 when every one fits, else Python ints."""
    largest = int(cards.max(initial=0))
    if cards.dtype != object and fits_int64(largest**6):
        total = np.ones_like(cards, dtype=np.int64)
        for i in range(ROUND_CARDS):
            total = total * (cards - i)
        return total
    return np.array([six_card_total(int(n)) for n in cards.tolist()], dtype=object)


@functools.lru_cache(maxsize=64)
def _value_basis(how: Plan) -> tuple[Compiled, npt.NDArray[Any], npt.NDArray[Any]] | None:
    """Where some of ``how``'s engine columns are integer combinations of the others and
    of the six-card total (:func:`~baccarat_exact.engine.column_basis.column_basis`):
    the columns to count, and the EV and win matrices acting on [their counts, total]."""
    kept, expand = column_basis(how.tableau, how.compiled.columns)
    if len(kept) == len(how.compiled.columns):
        return None
    lift = np.zeros((len(kept) + 1, len(how.compiled.columns) + 1), dtype=np.int64)
    lift[:, :-1] = expand
    lift[-1, -1] = 1
    dtype = how.value_pays.dtype
    pays = lift.astype(dtype) @ how.value_pays
    wins = lift @ how.value_wins
    compiled = select_columns(how.compiled, kept)
    return compiled, pays, wins


_SPLIT = 1 << 26
"""Counts below 2**53 split as high · 2**26 + low: each half times pays of absolute sum
below 2**27 stays below 2**53, so float64 products of the halves are exact."""


def _exact_products(
    columns: npt.NDArray[np.int64], matrix: npt.NDArray[Any], largest: int, spread: int
) -> npt.NDArray[np.int64]:
    """``columns @ matrix`` in int64 (every partial sum fits, checked by the caller):
    through two float64 products of the halves of the counts where that is exact
    (BLAS, not numpy's integer loop), else numpy's integer product."""
    if matrix.dtype != object and largest < _SPLIT * _SPLIT and spread < (1 << 27):
        high, low = np.divmod(columns, _SPLIT)
        weights = matrix.astype(np.float64)
        top = (high.astype(np.float64) @ weights).astype(np.int64)
        bottom = (low.astype(np.float64) @ weights).astype(np.int64)
        return top * _SPLIT + bottom  # int64 wraps modulo 2**64; the sum fits
    product: npt.NDArray[np.int64] = columns @ matrix
    return product


def _value_prices(
    how: Plan, ranks: npt.NDArray[Any]
) -> tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any]]:
    """The value-based bets of ``how``: one engine batch (of a basis of the columns, the
    rest added up exactly), then one product per array."""
    basis = _value_basis(how)
    compiled, pays, wins = (
        basis if basis is not None else (how.compiled, how.value_pays, how.value_wins)
    )
    counts: npt.NDArray[Any] = count_array(value_counts(ranks), compiled)
    cards = ranks.sum(axis=1)
    totals = _six_card_totals(cards)
    largest_total = six_card_total(max(int(cards.max(initial=0)), 6))
    # every partial sum of the products is at most 3 · largest pay · N(N-1)…(N-5): int64
    # then, as it always was (the arrays' dtype is part of the result)
    bound = 3 * max(how.largest_pay, 1) * largest_total
    columns = np.concatenate([counts, totals[:, None]], axis=1)
    whole = counts.dtype != object and totals.dtype != object and fits_int64(bound)
    # with a basis, partial sums are at most N(N-1)…(N-5) times the row's absolute sum
    spread = max(int(np.abs(m.astype(object)).sum(axis=0).max(initial=0)) for m in (pays, wins))
    if whole and fits_int64(largest_total * max(spread, 1)):
        numerators = _exact_products(columns, pays, largest_total, spread)
        won = _exact_products(columns, wins, largest_total, spread)
    else:
        columns = columns.astype(object)
        numerators = columns @ pays.astype(object)
        won = columns @ wins.astype(object)
        if whole:
            numerators, won = numerators.astype(np.int64), won.astype(np.int64)
        else:
            totals = totals.astype(object)
    denominators = np.repeat(totals[:, None], len(how.value_bets), axis=1)
    return numerators, won, denominators


def _as_array(rows: list[list[int]]) -> npt.NDArray[Any]:
    """int64 when every value fits, else Python ints (dtype object)."""
    largest = max((abs(x) for row in rows for x in row), default=0)
    return np.array(rows, dtype=np.int64 if fits_int64(largest) else object)


def _pair_prices(
    how: Plan, terms: Sequence[PairTerms], columns: tuple[int, ...]
) -> list[npt.NDArray[Any]]:
    """The pair bets ``columns`` of ``how``, state by state: numerators, wins and
    denominators."""
    numerators, wins, denominators = [], [], []
    for state in terms:
        found = _pair_results(how, state)
        num_row, win_row, den_row = [], [], []
        for b in columns:
            counts, total, _ = found[b]
            pays = how.line_pays[b]
            num_row.append(sum(pay * n for pay, n in zip(pays, counts)))
            win_row.append(sum(n for pay, n in zip(pays, counts) if pay > 0))
            den_row.append(total)
        numerators.append(num_row)
        wins.append(win_row)
        denominators.append(den_row)
    return [_as_array(rows) for rows in (numerators, wins, denominators)]


@functools.lru_cache(maxsize=64)
def _pair_pays(how: Plan, columns: tuple[int, ...]) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """(9, bets) pay (× scale) and win (0/1) of each pure pair bet in each pair state."""
    pays = np.zeros((len(PAIR_STATES), len(columns)), dtype=np.int64)
    wins = np.zeros_like(pays)
    for j, b in enumerate(columns):
        for pay, states in zip(how.line_pays[b], how.items[b][1]):
            for s in states:
                pays[s, j], wins[s, j] = pay, int(pay > 0)
    return pays, wins


def _joint_batch(
    how: Plan,
    ranks: npt.NDArray[np.int64],
    suits: Any,
    states: npt.NDArray[np.int64],
    totals: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.int64], ...]:
    """The joint (pair state × event) bets of ``how`` for a batch of shoe states with
    pair-state counts ``states`` out of ``totals``: numerators, wins and denominators,
    from one (state, pair state, column) table."""
    from baccarat_exact.engine.pair_batch import batch_joint_counts

    joint = how.joint_bets
    numerators = np.zeros((len(ranks), len(joint)), dtype=np.int64)
    wins = np.zeros_like(numerators)
    counts = np.zeros((len(ranks), len(PAIR_STATES), 0), dtype=np.int64)
    if how.joint_columns:
        counts, _ = batch_joint_counts(ranks, suits, how.tableau, how.joint_columns)
    for j, (b, lines) in enumerate(zip(joint, how.joint_lines)):
        for pay, (pairs, column, complement) in zip(how.line_pays[b], lines):
            count = counts[:, list(pairs), column].sum(axis=1) if column is not None else 0
            if complement:
                count = states[:, list(pairs)].sum(axis=1) - count
            numerators[:, j] += pay * count
            if pay > 0:
                wins[:, j] += count
    return numerators, wins, np.repeat(totals[:, None], len(joint), axis=1)


def _pair_parts(
    how: Plan,
    ranks: npt.NDArray[Any],
    shoes: Sequence[Shoe] | None,
    suits: npt.ArrayLike | None,
) -> list[tuple[tuple[int, ...], tuple[npt.NDArray[Any], ...]]]:
    """The pair and joint bets of ``how``: of shoe states given as arrays, in one batch
    (:mod:`~baccarat_exact.engine.pair_batch`) while int64 holds them; the rest state by
    state in Python integers."""
    from baccarat_exact.engine.pair_batch import batch_fits, batch_pair_state_counts, joint_fits

    pure = tuple(b for b, (kind, _) in enumerate(how.items) if kind == _PAIRS)
    joint = how.joint_bets
    suit_array = _batch_suits(how, ranks, suits) if shoes is None else None
    largest = int(ranks.sum(axis=1).max(initial=0)) if ranks.dtype != object else 0
    vector = shoes is None and ranks.dtype != object and batch_fits(largest, how.largest_pay)
    pure_batch = bool(pure) and vector
    joint_batch = bool(joint) and vector and joint_fits(largest)
    parts: list[tuple[tuple[int, ...], tuple[npt.NDArray[Any], ...]]] = []
    looped = (() if pure_batch else pure) + (() if joint_batch else joint)
    if pure_batch or joint_batch:
        states, totals = batch_pair_state_counts(ranks, suit_array)
    if pure_batch:
        pays, wins = _pair_pays(how, pure)
        denominators = np.repeat(totals[:, None], len(pure), axis=1)
        parts.append((pure, (states @ pays, states @ wins, denominators)))
    if joint_batch:
        parts.append((joint, _joint_batch(how, ranks, suit_array, states, totals)))
    if looped:
        order = tuple(sorted(looped))
        terms = _batch_terms(how, ranks, shoes, suit_array)
        parts.append((order, tuple(_pair_prices(how, terms, order))))
    return parts


def price_batch(
    states: Sequence[Shoe] | npt.ArrayLike,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
    *,
    suits: npt.ArrayLike | None = None,
) -> Prices:
    """Exact prices of every bet in every shoe state: finite :class:`Shoe`\\ s, or a
    (B, 13) array of cards per rank with, where some bet looks at suits, ``suits``
    (B, 13, 4): the cards left of each rank and suit.

    Value-based bets go through the engine's batch path; pair bets through the pair
    counts, state by state, with what each state knows of its suits.

    >>> prices = price_batch([Shoe.from_decks(8).counts])
    >>> prices.ev(0, 0)  # banker, 8 decks
    Fraction(-114753351728, 10847218479825)
    """
    rules = rules if rules is not None else _DEFAULT_RULES
    chosen = main_bets(rules) if bets is None else tuple(bets)
    how = plan(rules.tableau, chosen)
    shoes: Sequence[Shoe] | None = None
    if isinstance(states, Sequence) and states and isinstance(states[0], Shoe):
        shoes = [state for state in states if isinstance(state, Shoe)]
        if any(shoe.infinite for shoe in shoes):
            raise ShoeError("pricing shoe states deals cards out of them: give finite shoes")
        ranks = _rank_array([shoe.counts for shoe in shoes])
    else:
        ranks = _rank_array(states)  # type: ignore[arg-type]  # not a list of shoes
    cards = ranks.sum(axis=1)
    if cards.size:
        require_round(int(cards.min()))
    parts: list[tuple[tuple[int, ...], tuple[npt.NDArray[Any], ...]]] = []
    if how.value_bets:
        parts.append((how.value_bets, _value_prices(how, ranks)))
    if how.pairs or how.joint:
        parts.extend(_pair_parts(how, ranks, shoes, suits))
    if len(parts) == 1 and parts[0][0] == tuple(range(len(chosen))):
        numerators, wins, denominators = parts[0][1]
    else:
        mixed = any(array.dtype == object for _, arrays in parts for array in arrays)
        dtype: type = object if mixed else np.int64
        shape = (len(ranks), len(chosen))
        numerators, wins, denominators = (np.zeros(shape, dtype=dtype) for _ in range(3))
        for columns, (num, win, den) in parts:
            numerators[:, columns] = num
            wins[:, columns] = win
            denominators[:, columns] = den
    return Prices(chosen, numerators, wins, denominators, how.scales)


def _rank_array(states: npt.ArrayLike) -> npt.NDArray[Any]:
    """(B, 13) cards per rank: int64 while every sum fits, else Python integers."""
    ranks = np.asarray(states)
    if ranks.dtype.kind in "iu":  # machine integers: no Python objects while the sums fit
        ranks = ranks.reshape(-1, 13)
        largest = int(np.abs(ranks).max(initial=0))
        if fits_int64(13 * largest):
            return ranks.astype(np.int64, copy=False)
    ranks = np.asarray(states, dtype=object).reshape(-1, 13)
    largest = max((abs(int(n)) for n in ranks.reshape(-1).tolist()), default=0)
    return ranks.astype(np.int64) if fits_int64(13 * largest) else ranks


def _batch_suits(
    how: Plan, ranks: npt.NDArray[Any], suits: npt.ArrayLike | None
) -> npt.NDArray[np.int64] | None:
    """(B, 13, 4) cards left by rank and suit where some bet looks at suits (checked
    against ``ranks``), else None."""
    if not how.suits:
        return None
    if suits is None:
        raise ShoeError("suits matter to a bet here: give the cards left by rank and suit")
    rows = np.asarray(suits, dtype=np.int64).reshape(-1, 13, 4)
    if rows.shape[0] != len(ranks) or not np.array_equal(rows.sum(axis=2), ranks):
        raise ShoeError("the suits given do not add up to the cards left of each rank")
    return rows


def _batch_terms(
    how: Plan,
    ranks: npt.NDArray[Any],
    shoes: Sequence[Shoe] | None,
    suits: npt.NDArray[np.int64] | None,
) -> list[PairTerms]:
    """Each state's per-rank pair terms, from what it knows of its suits (``suits`` as
    checked by :func:`_batch_suits`)."""
    from baccarat_exact.engine.pairs import exact_suit_terms, pair_terms, suit_blind_terms

    if shoes is not None:
        return [pair_terms(shoe, how.suits) for shoe in shoes]
    if suits is None:
        return [suit_blind_terms(row) for row in ranks.tolist()]
    return [exact_suit_terms(state) for state in suits.tolist()]
