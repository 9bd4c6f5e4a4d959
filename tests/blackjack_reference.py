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


__all__ = ["dealer_final", "hand_values", "round_value"]

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
