"""The law of a round with resplits: each split round's work and CPU time, counted and
measured, beside the estimate ``blackjack round`` says before it runs.

    python benchmarks/bench_round_cost.py --shoe 1 --split-hands 4 --ups 7,8,T --pairs 2,6,8

For each up card and pair (optimal play; pairs it splits into more than two hands): ``E``
the ways one split hand ends, the products of a group of hands' ends and one more end the
law forms and the groups it weighs against the dealer (counted as it runs, and estimated by
:func:`~baccarat_exact.blackjack.split_round.split_round_work`), and its CPU seconds
(measured, and estimated with ``round_stats``'s rates). docs/performance.md, "The law of a
round with resplits", records a run.
"""

from __future__ import annotations

import argparse
import time

from baccarat_exact.blackjack import split_round
from baccarat_exact.blackjack.edge import solvers
from baccarat_exact.blackjack.graph import StateGraph
from baccarat_exact.blackjack.hands import SLOT_LABELS
from baccarat_exact.blackjack.round.moves import hands_possible
from baccarat_exact.blackjack.round_stats import (
    SECONDS_A_GROUP,
    SECONDS_A_PRODUCT,
    _Round,
    optimal_chooser,
)
from baccarat_exact.blackjack.rules import BlackjackRules
from baccarat_exact.model.shoe import Shoe


class Tally:
    """The products and groups the law forms, counted by wrapping its combiner."""

    def __init__(self) -> None:
        self.products = 0
        self.groups = 0
        combiner = split_round._Combiner
        times, square, merged = combiner.times, combiner.square, split_round._merged

        def counted_times(this, group, hand):  # type: ignore[no-untyped-def]
            self.products += len(group.codes) * len(hand.codes)
            return times(this, group, hand)

        def counted_square(this, hand):  # type: ignore[no-untyped-def]
            self.products += len(hand.codes) * (len(hand.codes) + 1) // 2
            return square(this, hand)

        def counted_merged(parts, n_sets, total):  # type: ignore[no-untyped-def]
            found = merged(parts, n_sets, total)
            self.groups = len(found.codes)
            return found

        combiner.times = counted_times  # type: ignore[method-assign]
        combiner.square = counted_square  # type: ignore[method-assign]
        split_round._merged = counted_merged


def _slots(text: str | None) -> set[int] | None:
    return None if text is None else {SLOT_LABELS.index(v.strip().upper()) for v in text.split(",")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shoe", default="1", help="decks, or counts such as A=3,2=3,T=12")
    parser.add_argument("--split-hands", type=int, default=4)
    parser.add_argument("--ups", help="up cards, e.g. 7,8,T (default: every one)")
    parser.add_argument("--pairs", help="pairs, e.g. 2,6,8 (default: every one split)")
    parser.add_argument("--float", action="store_true", help="float arithmetic")
    parser.add_argument("--most", type=float, default=3e9, help="skip pairs estimated past it")
    args = parser.parse_args()
    exact = not args.float
    rules = BlackjackRules(split_hands=args.split_hands)
    text = args.shoe
    shoe = Shoe.from_decks(int(text)) if text.isdigit() else Shoe.parse(text)
    ups, pairs = _slots(args.ups), _slots(args.pairs)
    tally = Tally()
    print(
        "up pair     E  products counted/estimated  groups counted/estimated  CPU s measured/estimated"
    )
    spent = guessed = 0.0
    for _, solver in solvers(shoe, rules, exact=exact):
        if ups is not None and solver.up not in ups:
            continue
        graph = StateGraph(solver)
        walk = _Round(graph, optimal_chooser(graph))
        for slot in range(len(SLOT_LABELS)):
            if pairs is not None and slot not in pairs:
                continue
            hands = hands_possible(rules, slot)
            if solver.counts[slot] < 2 or hands <= 2:
                continue
            ends = walk.split_ends(slot, None), walk.split_ends(slot, paired=False)
            work = split_round.split_round_work(solver.counts, slot, *ends, hands)
            estimate = (
                work.products * SECONDS_A_PRODUCT[exact] + work.groups * SECONDS_A_GROUP[exact]
            )
            if work.products > args.most:
                print(
                    f"{SLOT_LABELS[solver.up]:>2} {SLOT_LABELS[slot]:>4}  skipped: about {estimate:.0f} s"
                )
                continue
            tally.products = tally.groups = 0
            start = time.process_time()
            walk.split_law(slot)
            seconds = time.process_time() - start
            spent, guessed = spent + seconds, guessed + estimate
            print(
                f"{SLOT_LABELS[solver.up]:>2} {SLOT_LABELS[slot]:>4} {len(ends[0]):5}"
                f"  {tally.products:10.3g} / {work.products:9.3g}"
                f"  {tally.groups:10.3g} / {work.groups:9.3g}"
                f"  {seconds:8.2f} / {estimate:8.2f}",
                flush=True,
            )
    if spent:
        print(f"all: {spent:.1f} s measured, {guessed:.1f} s estimated ({guessed / spent:.2f})")


if __name__ == "__main__":
    main()
