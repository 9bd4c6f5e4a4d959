"""A deliberately simple second implementation, card by card with Fractions — used only by tests.

Nothing here shares code with the engine beyond the rules and hand totals: the
dealer draws one card at a time; the player's values are plain recursions over
the next card; with a hole card the unknown card is enumerated explicitly (the
player's belief about it is updated card by card); a split is played out for
real, first hand then second hand from what the first left in the shoe, each
hand choosing its moves from its own cards only. Surrender, the double rule
(any two cards, hard 9-11, hard 10-11), double on split aces and pairs by rank are
written out here again from their definitions. It is slow and meant for small
shoes.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

from baccarat_exact.blackjack.hands import ACE, SEVEN, SLOTS, TEN, Counts, hand_total
from baccarat_exact.blackjack.rules import BlackjackRules, DealerBlackjackTakes

_DOUBLE_TOTALS = {"any": None, "9-11": (9, 10, 11), "10-11": (10, 11)}
"""Hard two-card totals that may double, by the double rule (None: any two cards)."""


def _may_double(hand: tuple[int, ...], split: bool, rules: BlackjackRules) -> bool:
    """Two cards; the double rule's hard totals; split hands only with DAS (split aces with DSA)."""
    if len(hand) != 2:
        return False
    if split and not rules.double_after_split:
        return False
    if split and hand[0] == ACE and not rules.double_split_aces:
        return False
    allowed = _DOUBLE_TOTALS[rules.double.value]
    if allowed is None:
        return True
    has_ace = ACE in hand
    hard = sum(slot + 1 for slot in hand)
    return not (has_ace and hard + 10 <= 21) and hard in allowed


__all__ = ["dealer_final", "hand_values", "round_law", "round_value"]

Result = tuple[str, int, int]
"""A finished player hand: (kind, total, stake) with kind "stand", "bust" or "seven"."""


def _take(shoe: Counts, slot: int) -> Counts:
    left = list(shoe)
    left[slot] -= 1
    return tuple(left)


def _cards_total(cards: tuple[int, ...]) -> tuple[int, bool]:
    hard = sum(slot + 1 for slot in cards)
    if ACE in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@cache
def dealer_final(shoe: Counts, cards: tuple[int, ...], hits_soft_17: bool) -> dict[str, Fraction]:
    """The dealer holding ``cards`` (slots) draws from ``shoe`` one card at a time until he stands."""
    total, soft = _cards_total(cards)
    if len(cards) == 2 and total == 21:
        return {"blackjack": Fraction(1)}
    if total > 21:
        return {"bust": Fraction(1)}
    if total > 17 or (total == 17 and not (soft and hits_soft_17)):
        return {str(total): Fraction(1)}
    result: dict[str, Fraction] = defaultdict(Fraction)
    n = sum(shoe)
    for slot in range(SLOTS):
        if shoe[slot]:
            for outcome, p in dealer_final(_take(shoe, slot), (*cards, slot), hits_soft_17).items():
                result[outcome] += Fraction(shoe[slot], n) * p
    return dict(result)


def _bj_card(up: int) -> int:
    return TEN if up == ACE else ACE if up == TEN else -1


@cache
def _holes(unseen: Counts, up: int) -> tuple[tuple[int, Fraction], ...]:
    """With a hole card: the player's belief about it, given the cards he has not seen."""
    allowed = [
        (slot, unseen[slot]) for slot in range(SLOTS) if unseen[slot] and slot != _bj_card(up)
    ]
    total = sum(n for _, n in allowed)
    return tuple((slot, Fraction(n, total)) for slot, n in allowed)


@cache
def _next_card(unseen: Counts, up: int, hole_card: bool) -> tuple[tuple[int, Fraction], ...]:
    """Probability of each next player card, given the unseen cards (and the unknown hole card)."""
    n = sum(unseen)
    if not hole_card:
        return tuple((slot, Fraction(unseen[slot], n)) for slot in range(SLOTS) if unseen[slot])
    chances: dict[int, Fraction] = defaultdict(Fraction)
    for hole, belief in _holes(unseen, up):
        for slot in range(SLOTS):
            left = unseen[slot] - (slot == hole)
            if left:
                chances[slot] += belief * Fraction(left, n - 1)
    return tuple(sorted(chances.items()))


def _dealer_given(unseen: Counts, up: int, rules: BlackjackRules) -> dict[str, Fraction]:
    """The dealer's final hand as the player sees it (with a hole card: averaged over it)."""
    if not rules.hole_card:
        return dealer_final(unseen, (up,), rules.dealer_hits_soft_17)
    result: dict[str, Fraction] = defaultdict(Fraction)
    for hole, belief in _holes(unseen, up):
        for outcome, p in dealer_final(
            _take(unseen, hole), (up, hole), rules.dealer_hits_soft_17
        ).items():
            result[outcome] += belief * p
    return dict(result)


def _settle(result: Result, outcome: str, share: Fraction, rules: BlackjackRules) -> Fraction:
    """Net win of one finished hand against the dealer's final hand."""
    kind, total, stake = result
    if kind == "seven":
        return rules.triple_seven_pays * stake
    if outcome == "blackjack":
        if rules.dealer_blackjack_takes is DealerBlackjackTakes.ALL:
            return Fraction(-stake)
        return -share
    if kind == "bust":
        return Fraction(-stake)
    if outcome == "bust" or total > int(outcome):
        return Fraction(stake)
    return Fraction(0) if total == int(outcome) else Fraction(-stake)


def _value(
    result: Result, unseen: Counts, up: int, share: Fraction, rules: BlackjackRules
) -> Fraction:
    """Expected net win of a finished hand, the dealer still to play from ``unseen``."""
    dealer = _dealer_given(unseen, up, rules)
    return sum(
        (p * _settle(result, outcome, share, rules) for outcome, p in dealer.items()), Fraction(0)
    )


def _is_seven(hand: tuple[int, ...], split: bool, doubled: bool, rules: BlackjackRules) -> bool:
    if not rules.triple_seven or hand != (SEVEN, SEVEN, SEVEN):
        return False
    if split and not rules.triple_seven_on_split:
        return False
    return not doubled or rules.triple_seven_on_double


def _finish(
    hand: tuple[int, ...], split: bool, doubled: bool, rules: BlackjackRules
) -> Result | None:
    """The result if the hand just ended by busting or by Triple Seven, else None."""
    stake = 2 if doubled else 1
    if sum(slot + 1 for slot in hand) > 21:
        return ("bust", 0, stake)
    if _is_seven(hand, split, doubled, rules):
        return ("seven", 21, stake)
    return None


@cache
def _best(
    hand: tuple[int, ...], unseen: Counts, up: int, split: bool, rules: BlackjackRules
) -> Fraction:
    """Best of stand and hit for a hand that has taken a card (cards in deal order)."""
    return max(_stand(hand, unseen, up, split, 1, rules), _hit(hand, unseen, up, split, rules))


def _share(split: bool) -> Fraction:
    return Fraction(1, 2) if split else Fraction(1)


def _stand(
    hand: tuple[int, ...], unseen: Counts, up: int, split: bool, stake: int, rules: BlackjackRules
) -> Fraction:
    total, _ = _cards_total(hand)
    return _value(("stand", total, stake), unseen, up, _share(split), rules)


@cache
def _hit(
    hand: tuple[int, ...], unseen: Counts, up: int, split: bool, rules: BlackjackRules
) -> Fraction:
    value = Fraction(0)
    for slot, p in _next_card(unseen, up, rules.hole_card):
        after, left = (*hand, slot), _take(unseen, slot)
        done = _finish(after, split, False, rules)
        if done is None:
            value += p * _best(
                tuple(sorted(after)) if len(after) > 3 else after, left, up, split, rules
            )
        else:
            value += p * _value(done, left, up, _share(split), rules)
    return value


def _double(
    hand: tuple[int, ...], unseen: Counts, up: int, split: bool, rules: BlackjackRules
) -> Fraction:
    value = Fraction(0)
    for slot, p in _next_card(unseen, up, rules.hole_card):
        after, left = (*hand, slot), _take(unseen, slot)
        done = _finish(after, split, True, rules) or ("stand", _cards_total(after)[0], 2)
        value += p * _value(done, left, up, _share(split), rules)
    return value


def _split_choices(
    hand: tuple[int, ...], unseen: Counts, up: int, rules: BlackjackRules
) -> dict[str, Fraction]:
    """Values of a split hand's moves, seen from its own cards (``unseen`` excludes both pair cards)."""
    if hand[0] == ACE and not rules.hit_split_aces and len(hand) == 2:
        return {"stand": _stand(hand, unseen, up, True, 1, rules)}
    choices = {
        "stand": _stand(hand, unseen, up, True, 1, rules),
        "hit": _hit(hand, unseen, up, True, rules),
    }
    if _may_double(hand, True, rules):
        choices["double"] = _double(hand, unseen, up, True, rules)
    return choices


def _play(
    hand: tuple[int, ...], known: Counts, actual: Counts, up: int, rules: BlackjackRules
) -> list[tuple[Fraction, Result, Counts]]:
    """Play a split hand out for real: moves chosen from ``known`` (the shoe as the hand sees it),
    cards drawn from ``actual``. Returns (probability, result, shoe left)."""
    if len(hand) == 1:
        n = sum(actual)
        out = []
        for slot in range(SLOTS):
            if actual[slot]:
                p = Fraction(actual[slot], n)
                for q, result, left in _play(
                    (*hand, slot), _take(known, slot), _take(actual, slot), up, rules
                ):
                    out.append((p * q, result, left))
        return out
    choices = _split_choices(hand, known, up, rules)
    move = max(choices, key=lambda m: choices[m])
    if move == "stand":
        return [(Fraction(1), ("stand", _cards_total(hand)[0], 1), actual)]
    n = sum(actual)
    out = []
    for slot in range(SLOTS):
        if not actual[slot]:
            continue
        p = Fraction(actual[slot], n)
        after = (*hand, slot)
        done = _finish(after, True, move == "double", rules)
        if move == "double":
            result = done or ("stand", _cards_total(after)[0], 2)
            out.append((p, result, _take(actual, slot)))
        elif done is not None:
            out.append((p, done, _take(actual, slot)))
        else:
            for q, result, left in _play(after, _take(known, slot), _take(actual, slot), up, rules):
                out.append((p * q, result, left))
    return out


def _second_cards(
    pair_slot: int, hands: int, actual: Counts, rules: BlackjackRules
) -> list[tuple[Fraction, int, Counts, int]]:
    """One split hand's second card, dealt for real: a card of the pair splits again while
    fewer than ``split_hands`` hands exist (aces only with resplit aces). Returns
    (probability, second card, shoe left, hands now formed)."""
    may_resplit = hands < rules.split_hands and (pair_slot != ACE or rules.resplit_aces)
    n = sum(actual)
    out = []
    for slot in range(SLOTS):
        if not actual[slot]:
            continue
        p = Fraction(actual[slot], n)
        left = _take(actual, slot)
        if slot == pair_slot and may_resplit:
            for q, second, rest, formed in _second_cards(pair_slot, hands + 1, left, rules):
                out.append((p * q, second, rest, formed))
        else:
            out.append((p, slot, left, hands))
    return out


def _hands_in_turn(
    index: int,
    hands: int,
    pair_slot: int,
    known: Counts,
    actual: Counts,
    up: int,
    rules: BlackjackRules,
) -> list[tuple[Fraction, tuple[Result, ...], Counts]]:
    """Split hands ``index`` … played in turn, each getting its second card when its turn
    comes (so resplits add hands at the end). Moves come from ``known`` (the shoe less both
    pair cards) and the hand's own cards only: the same strategy however often the pair
    was resplit."""
    if index == hands:
        return [(Fraction(1), (), actual)]
    out = []
    for p, second, left, formed in _second_cards(pair_slot, hands, actual, rules):
        for q, result, rest in _play((pair_slot, second), _take(known, second), left, up, rules):
            for r, results, final in _hands_in_turn(
                index + 1, formed, pair_slot, known, rest, up, rules
            ):
                out.append((p * q * r, (result, *results), final))
    return out


def _split(pair_slot: int, unseen: Counts, up: int, rules: BlackjackRules) -> Fraction:
    """Split value, played out hand after hand (``unseen`` excludes both pair cards), with
    resplits up to ``rules.split_hands`` hands; a dealer blackjack that takes the original
    stake only takes it once, shared by the hands."""
    worlds: list[tuple[Fraction, Counts, tuple[int, ...]]] = [(Fraction(1), unseen, (up,))]
    if rules.hole_card:
        worlds = [(p, _take(unseen, hole), (up, hole)) for hole, p in _holes(unseen, up)]
    value = Fraction(0)
    for p_world, actual, dealer_cards in worlds:
        for p_hands, results, left in _hands_in_turn(0, 2, pair_slot, unseen, actual, up, rules):
            share = Fraction(1, len(results))
            dealer = dealer_final(left, dealer_cards, rules.dealer_hits_soft_17)
            for outcome, p_dealer in dealer.items():
                net = sum(
                    (_settle(result, outcome, share, rules) for result in results), Fraction(0)
                )
                value += p_world * p_hands * p_dealer * net
    return value


def _counts(cards: tuple[int, ...]) -> Counts:
    counts = [0] * SLOTS
    for slot in cards:
        counts[slot] += 1
    return tuple(counts)


def hand_values(
    hand: tuple[int, ...], up: int, shoe: Counts, rules: BlackjackRules
) -> dict[str, Fraction]:
    """Values of each move for an unsplit hand (slots in deal order) against ``up``; ``shoe``
    still holds the up card and the hand. With a hole card: given that the dealer has no blackjack."""
    unseen = tuple(c - k for c, k in zip(shoe, _counts((*hand, up))))
    values = {
        "stand": _stand(hand, unseen, up, False, 1, rules),
        "hit": _hit(hand, unseen, up, False, rules),
    }
    if len(hand) == 2:
        if _may_double(hand, False, rules):
            values["double"] = _double(hand, unseen, up, False, rules)
        if hand[0] == hand[1]:
            values["split"] = _split(hand[0], unseen, up, rules)
        if rules.surrender.value == "late" or (
            rules.surrender.value == "early" and not rules.hole_card
        ):
            bj_card = _bj_card(up)
            p_bj = Fraction(unseen[bj_card], sum(unseen)) if bj_card >= 0 else Fraction(0)
            if rules.hole_card or rules.surrender.value == "early":
                values["surrender"] = Fraction(-1, 2)
            else:  # late without a hole card: a dealer blackjack still takes the whole stake
                values["surrender"] = -(1 - p_bj) / 2 - p_bj
    return values


def round_value(
    shoe: Counts, rules: BlackjackRules, tens: tuple[int, ...] | None = None
) -> Fraction:
    """Expected net win of a round from ``shoe`` under the best play (each split hand from its own
    cards). ``tens``: the ten-valued cards by rank (T J Q K; default all T), dealt rank by rank."""
    tens = (shoe[TEN], 0, 0, 0) if tens is None else tens
    assert sum(tens) == shoe[TEN]
    ranks = (*shoe[:TEN], *tens)  # 13 ranks A 2 … 9 T J Q K
    n = sum(ranks)
    value = Fraction(0)
    for up in range(13):
        if not ranks[up]:
            continue
        after_up = _take(ranks, up)
        for first in range(13):
            if not after_up[first]:
                continue
            after_first = _take(after_up, first)
            for second in range(13):
                if not after_first[second]:
                    continue
                left = _take(after_first, second)
                unseen = (*left[:TEN], sum(left[TEN:]))
                p = (
                    Fraction(ranks[up], n)
                    * Fraction(after_up[first], n - 1)
                    * Fraction(after_first[second], n - 2)
                )
                pair = first == second if rules.split_by.value == "rank" else None
                slots = (min(first, TEN), min(second, TEN))
                value += p * _opening(slots, min(up, TEN), unseen, rules, pair)
    return value


def _opening(
    hand: tuple[int, int],
    up: int,
    unseen: Counts,
    rules: BlackjackRules,
    pair: bool | None = None,
) -> Fraction:
    bj_card = _bj_card(up)
    p_bj = Fraction(unseen[bj_card], sum(unseen)) if bj_card >= 0 else Fraction(0)
    total, _ = hand_total(_counts(hand))
    if total == 21:
        return (1 - p_bj) * rules.blackjack_pays
    values = {
        "stand": _stand(hand, unseen, up, False, 1, rules),
        "hit": _hit(hand, unseen, up, False, rules),
    }
    if _may_double(hand, False, rules):
        values["double"] = _double(hand, unseen, up, False, rules)
    if hand[0] == hand[1] and (pair is None or pair):
        values["split"] = _split(hand[0], unseen, up, rules)
    best = max(values.values())
    surrender = rules.surrender.value
    if rules.hole_card:
        if surrender == "late":
            best = max(best, Fraction(-1, 2))
        played = p_bj * -1 + (1 - p_bj) * best
        return max(played, Fraction(-1, 2)) if surrender == "early" else played
    if surrender == "early":
        best = max(best, Fraction(-1, 2))
    elif surrender == "late":
        best = max(best, -(1 - p_bj) / 2 - p_bj)
    return best


# -- the round's net result, card by card -------------------------------------------------

Law = dict[Fraction, Fraction]
"""Net result of a round (units of the initial bet) → probability."""

_ORDER = ("stand", "hit", "double", "surrender", "split")
"""Moves in the order ties go: the first of the best."""


def _first_best(values: dict[str, Fraction]) -> str:
    moves = [move for move in _ORDER if move in values]
    best = moves[0]
    for move in moves[1:]:
        if values[move] > values[best]:
            best = move
    return best


def _chart_move(chart: object, up: int, hand: tuple[int, ...], split: int) -> str:
    """The move a basic strategy chart (a library ``BasicStrategy``: the input under test)
    makes for ``hand`` (slots) against ``up``; ``split``: the pair slot of a split hand, else -1."""
    names = {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}
    move = chart.move(up, _counts(hand), split)  # type: ignore[attr-defined]
    return names[move.value]


def _later_move(
    hand: tuple[int, ...], known: Counts, up: int, split: int, rules: BlackjackRules, chart: object
) -> str:
    """Stand or hit (or, on a split hand's first two cards, double) for a hand in play."""
    if chart is not None:
        move = _chart_move(chart, up, hand, split)
        if move == "double" and not _may_double(hand, split >= 0, rules):
            return "stand"
        return move
    if split >= 0 and len(hand) == 2:
        return _first_best(_split_choices(hand, known, up, rules))
    return _first_best(
        {
            "stand": _stand(hand, known, up, split >= 0, 1, rules),
            "hit": _hit(hand, known, up, split >= 0, rules),
        }
    )


def _play_out(
    hand: tuple[int, ...],
    move: str,
    known: Counts,
    actual: Counts,
    up: int,
    split: int,
    rules: BlackjackRules,
    chart: object,
) -> list[tuple[Fraction, Result, Counts]]:
    """A hand in play finished card by card: moves from ``known`` (what the player knows is
    unseen), cards drawn from ``actual``. Returns (probability, result, shoe left)."""
    if move == "stand":
        return [(Fraction(1), ("stand", _cards_total(hand)[0], 1), actual)]
    n = sum(actual)
    out: list[tuple[Fraction, Result, Counts]] = []
    for slot in range(SLOTS):
        if not actual[slot]:
            continue
        p = Fraction(actual[slot], n)
        after, left, seen = (*hand, slot), _take(actual, slot), _take(known, slot)
        done = _finish(after, split >= 0, move == "double", rules)
        if move == "double":
            out.append((p, done or ("stand", _cards_total(after)[0], 2), left))
        elif done is not None:
            out.append((p, done, left))
        else:
            then = _later_move(after, seen, up, split, rules, chart)
            for q, result, rest in _play_out(after, then, seen, left, up, split, rules, chart):
                out.append((p * q, result, rest))
    return out


def _split_hand(
    pair: int, known: Counts, actual: Counts, up: int, rules: BlackjackRules, chart: object
) -> list[tuple[Fraction, Result, Counts]]:
    """One split hand: its second card, then played out."""
    n = sum(actual)
    out: list[tuple[Fraction, Result, Counts]] = []
    for slot in range(SLOTS):
        if actual[slot]:
            hand, seen = (pair, slot), _take(known, slot)
            move = _later_move(hand, seen, up, pair, rules, chart)
            for q, result, left in _play_out(
                hand, move, seen, _take(actual, slot), up, pair, rules, chart
            ):
                out.append((Fraction(actual[slot], n) * q, result, left))
    return out


def _opening_law(
    hand: tuple[int, int],
    up: int,
    unseen: Counts,
    rules: BlackjackRules,
    chart: object,
) -> Law:
    """The round's law after the up card and the player's two cards."""
    law: Law = defaultdict(Fraction)
    bj_card = _bj_card(up)
    p_bj = Fraction(unseen[bj_card], sum(unseen)) if bj_card >= 0 else Fraction(0)
    if _cards_total(hand)[0] == 21:
        law[Fraction(0)] += p_bj
        law[rules.blackjack_pays] += 1 - p_bj
        return law
    if chart is not None:
        move = _chart_move(chart, up, hand, -1)
        if move == "double" and not _may_double(hand, False, rules):
            move = "stand"
    else:
        values = {
            "stand": _stand(hand, unseen, up, False, 1, rules),
            "hit": _hit(hand, unseen, up, False, rules),
        }
        if _may_double(hand, False, rules):
            values["double"] = _double(hand, unseen, up, False, rules)
        if hand[0] == hand[1]:
            values["split"] = _split(hand[0], unseen, up, rules)
        if rules.hole_card:  # every value on one footing: before the peek
            values = {move: -p_bj + (1 - p_bj) * v for move, v in values.items()}
        if rules.surrender.value == "early":
            values["surrender"] = Fraction(-1, 2)
        elif rules.surrender.value == "late":
            values["surrender"] = -(1 - p_bj) / 2 - p_bj
        move = _first_best(values)
    if move == "surrender":
        if rules.surrender.value == "early":
            law[Fraction(-1, 2)] += 1
        else:
            law[Fraction(-1)] += p_bj
            law[Fraction(-1, 2)] += 1 - p_bj
        return law
    worlds: list[tuple[Fraction, Counts, tuple[int, ...]]] = [(Fraction(1), unseen, (up,))]
    if rules.hole_card:
        law[Fraction(-1)] += p_bj  # the peek finds a blackjack: the original stake is lost
        worlds = [
            (p * (1 - p_bj), _take(unseen, hole), (up, hole)) for hole, p in _holes(unseen, up)
        ]
    half = Fraction(1, 2)
    for p_world, actual, dealer_cards in worlds:
        if move != "split":
            for p, result, left in _play_out(hand, move, unseen, actual, up, -1, rules, chart):
                for outcome, q in dealer_final(
                    left, dealer_cards, rules.dealer_hits_soft_17
                ).items():
                    law[_settle(result, outcome, Fraction(1), rules)] += p_world * p * q
            continue
        pair = hand[0]  # the second hand draws from what the first left
        for p1, first, left1 in _split_hand(pair, unseen, actual, up, rules, chart):
            for p2, second, left2 in _split_hand(pair, unseen, left1, up, rules, chart):
                dealer = dealer_final(left2, dealer_cards, rules.dealer_hits_soft_17)
                for outcome, q in dealer.items():
                    net = _settle(first, outcome, half, rules) + _settle(
                        second, outcome, half, rules
                    )
                    law[net] += p_world * p1 * p2 * q
    return law


def round_law(shoe: Counts, rules: BlackjackRules, chart: object = None) -> Law:
    """The law of a round's net result from ``shoe`` (values A … T), played card by card:
    by the best play of this module (``chart`` None) or by a basic strategy chart. A split's
    second hand draws from what the first left, the dealer from what both left."""
    assert rules.split_by.value == "value"
    n = sum(shoe)
    law: Law = defaultdict(Fraction)
    for up in range(SLOTS):
        if not shoe[up]:
            continue
        after_up = _take(shoe, up)
        for first in range(SLOTS):
            if not after_up[first]:
                continue
            after_first = _take(after_up, first)
            for second in range(SLOTS):
                if not after_first[second]:
                    continue
                p = (
                    Fraction(shoe[up], n)
                    * Fraction(after_up[first], n - 1)
                    * Fraction(after_first[second], n - 2)
                )
                unseen = _take(after_first, second)
                for net, q in _opening_law((first, second), up, unseen, rules, chart).items():
                    law[net] += p * q
    return {net: p for net, p in sorted(law.items()) if p}
