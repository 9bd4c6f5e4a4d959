"""One shoe: the exact odds of the next round dealt from it, or of the round in progress.

:func:`odds` counts the plan's engine columns on the shoe's values (one call of the
engine), the pair and joint bets on its pair terms (:mod:`~baccarat_exact.engine.pairs`,
loaded on first use), and hands bets on the ranks or suits of particular dealt cards to
:mod:`.cards`. Given the cards of a round already seen, the round's paths
(:mod:`~baccarat_exact.engine.paths`) agreeing with them are counted instead:
:func:`odds_by` splits them by what is known part-way through the round (``grid``'s
tables), and a round in progress is its one cell.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from baccarat_exact.engine.counting import count_one
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import PAIR_STATES, Bet, main_bets
from baccarat_exact.model.events import N_EVENTS, Outcome
from baccarat_exact.model.rules import PLAYER_STOOD, Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing.plan import (
    DEFAULT_RULES,
    OUTCOME_EVENTS,
    Plan,
    engine_input,
    plan,
    refuse_suits,
    require_round,
)
from baccarat_exact.pricing.results import (
    BetOdds,
    Odds,
    new_odds,
    pair_line_counts,
    pair_results,
    reduced_bet_odds,
    shoe_pair_results,
    value_results,
)

if TYPE_CHECKING:
    from baccarat_exact.combination import Combination
    from baccarat_exact.engine.pairs import PairTerms
    from baccarat_exact.engine.paths import Paths
    from baccarat_exact.model.seen import Seen

__all__ = ["PairCounts", "odds", "odds_by", "pair_counts"]

_BANKER, _PLAYER, _TIE = Outcome  # looked up once: an Enum's attributes are slow to read

PairCounts = dict[int, tuple[Sequence[int], int, int]]
"""Per pair or joint bet (by position): line counts (× weight), denominator (× weight)
and weight."""


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
    last = _last_priced[0]
    if (
        last is not None
        and bets is last.bets
        and rules is last.given
        and seen is None
        and isinstance(shoe, Shoe)
    ):
        rules, chosen, planned = last.rules, last.bets, last.plan  # as the last call
    else:
        _check_arguments(shoe, rules, bets, seen)
        if rules is None and bets is None and not seen:
            rules, chosen, planned = _default_plan()  # the commonest call: its plan made once
        else:
            given = rules
            rules = rules if rules is not None else DEFAULT_RULES
            chosen = main_bets(rules) if bets is None else tuple(bets)
            if _needs_cards(chosen):
                from baccarat_exact.pricing.cards import card_odds

                plain = tuple(bet for bet in chosen if not bet.needs_cards)
                return card_odds(shoe, rules, chosen, seen, odds(shoe, rules, plain, seen=seen))
            if seen:
                return _seen_odds(shoe, rules, chosen, seen)
            planned = plan(rules.tableau, chosen)
            if chosen is bets:  # a tuple of bets, checked: kept for the next call
                _last_priced[0] = _Priced(chosen, given, rules, planned)
    values, denominator = engine_input(shoe)
    reading = planned.one_shoe
    row = count_one(values, reading.compiled, infinite=shoe.infinite, derived=reading.derived)
    results: list[BetOdds | None] = [None] * len(chosen)
    value_results(chosen, row, denominator, reading.values, results)
    if planned.joints:  # the pair and joint bets in their places
        from baccarat_exact.engine.pairs import pair_terms

        for b, found in pair_counts(planned, pair_terms(shoe, planned.suits)).items():
            results[b] = reduced_bet_odds(chosen[b], *found)
    elif planned.pairs and not shoe_pair_results(  # the pair bets alone, in one step, or
        chosen, shoe, planned.suits, planned.pair_lines, results
    ):  # from the pair states, made without terms
        states, total, weight = _pair_states()(shoe, planned.suits)
        pair_results(chosen, states, total, weight, planned.pair_lines, results)
    banker, player = row[reading.banker], row[reading.player]
    priced = cast(list[BetOdds], results)  # every bet is a value, pair or joint item
    return _outcome_odds(shoe, rules, denominator, banker, player, priced)


class _Priced(NamedTuple):
    """A tuple of bets one shoe's odds were last asked for, as given (with the rules as
    given, maybe None), and what they were priced by: a caller pricing one tuple of bets
    shoe after shoe (``simulate``, ``track``) skips the bets' checks and the plan's cache,
    which hash the whole tuple (a quarter of a microsecond a bet) at every call."""

    bets: tuple[Bet, ...]
    given: Rules | None
    rules: Rules
    plan: Plan


_last_priced: list[_Priced | None] = [None]
"""The last :class:`_Priced` (one item, replaced whole: a thread reads one or another)."""


@functools.cache
def _default_plan() -> tuple[Rules, tuple[Bet, ...], Plan]:
    """The default rules, their main bets and the plan that prices them."""
    chosen = main_bets(DEFAULT_RULES)
    return DEFAULT_RULES, chosen, plan(DEFAULT_RULES.tableau, chosen)


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
    """The :class:`Odds` of a round from its Banker and Player win counts (the rest tie),
    combining stakes as :func:`_combination` does."""
    counts = {_BANKER: banker, _PLAYER: player, _TIE: denominator - banker - player}
    total = None if shoe.infinite else denominator
    return new_odds(shoe, rules, total, denominator, counts, tuple(results), seen, _combination)


def _combination(result: Odds, stakes: Mapping[str, Fraction | int]) -> Combination:
    """The combined stake on the round of ``result`` (:mod:`.stakes`, loaded on first use)."""
    from baccarat_exact.pricing.stakes import combination

    return combination(result, stakes)


# -- pair and joint bets ------------------------------------------------------------------


@functools.cache
def _pair_states() -> Callable[[Shoe, bool], tuple[tuple[int, ...], int, int]]:
    """:func:`~baccarat_exact.engine.pairs.shoe_pair_states`, its module loaded on first
    use (an import statement at every call costs 0.6 µs)."""
    from baccarat_exact.engine.pairs import shoe_pair_states

    return shoe_pair_states


def _pair_lines(planned: Plan, states: Sequence[int], total: int, weight: int) -> PairCounts:
    """The pair bets' line counts from the pair states' counts (× weight), each line's
    states summed but a bet's rest line (:attr:`~.plan.PairItem.rest`, the total less the
    others)."""
    found: PairCounts = {}
    for position, lines, summed, rest in planned.pair_lines:
        found[position] = (pair_line_counts(lines, summed, rest, states, total), total, weight)
    return found


def pair_counts(planned: Plan, terms: PairTerms) -> PairCounts:
    """Line counts (× weight), denominator (× weight) and weight of every pair and joint
    bet of ``planned``, from one shoe state's pair terms."""
    from baccarat_exact.engine.pair_batch import joint_column_counts
    from baccarat_exact.engine.pairs import joint_counts, pair_state_counts

    states, total = pair_state_counts(terms)
    found = _pair_lines(planned, states, total, terms.weight)
    if not planned.joints:
        return found
    by_column = joint_column_counts(terms, planned.tableau, planned.joint_columns)
    if by_column is not None:  # the closed form (finite shoes)
        cells, _ = by_column
        for joint in planned.joints:
            counts = []
            for pairs, column, complement in joint.lines:
                count = 0 if column is None else sum(cells[s][column] for s in pairs)
                counts.append(sum(states[s] for s in pairs) - count if complement else count)
            found[joint.position] = (counts, total, terms.weight)
        return found
    table, total = joint_counts(terms, planned.tableau)
    for joint in planned.joints:
        counts = [
            sum(table[s][e] for s in line.pairs for e in line.events)
            for line in planned.bets[joint.position].lines
        ]
        found[joint.position] = (counts, total, terms.weight)
    return found


# -- what is known part-way through the round ---------------------------------------------


def _seen_odds(shoe: Shoe, rules: Rules, bets: tuple[Bet, ...], seen: Seen) -> Odds:
    """The odds of a round in progress: the one cell of :func:`odds_by` that holds every
    path agreeing with ``seen``."""
    refuse_suits(bets)
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
    puts every path in cell 0; ``grid``'s tables split it by one or two keys.

    The bets look at totals and ranks only: the caller refuses the others, in its own
    words (bets on particular dealt cards, suited pairs).

    >>> by_first = odds_by(Shoe.from_decks(8), lambda paths: paths.first[:, 0], 10)
    >>> f"{float(by_first[9].probability('player')):.6f}"  # the Player's first card a 9
    '0.559462'
    """
    from baccarat_exact.engine.paths import round_paths, sum_by

    rules = rules if rules is not None else DEFAULT_RULES
    chosen = main_bets(rules) if bets is None else tuple(bets)
    if not shoe.infinite:
        require_round(shoe.cards)
    if any(bet.needs_cards or bet.needs_suits for bet in chosen):
        raise ValueError("odds_by prices bets on totals and ranks: refuse the others first")
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
    banker, player = (sum(per_event[e] for e in events) for events in OUTCOME_EVENTS)
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
