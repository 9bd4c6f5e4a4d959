"""Coverage of ``blackjack indices``' standard error at small ``--samples``: over 200 seeds
of the six-deck insurance index at 12 samples a count (the default depth, 3 decks left,
and true counts −4..7, Hi-Lo, float arithmetic), how often the exact crossing lies within
2 SE of the crossing found. The exact crossing is computed from the group-size law
(``tests/index_se_reference.py``): 3.328.

Run from the repository root (about half a minute of CPU)::

    .venv/bin/python benchmarks/bench_index_se.py [--seeds 200] [--samples 12]

docs/indices.md records the result ("How far to trust the ±").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat_exact.analysis.blackjack.counts import HI_LO
from baccarat_exact.analysis.blackjack.decisions import named_decision
from baccarat_exact.analysis.blackjack.indices import IndexSettings, blackjack_indices
from baccarat_exact.blackjack.rules import US_RULES
from baccarat_exact.model.shoe import Shoe
from tests.index_se_reference import insurance_crossing

TRUE_COUNTS = range(-4, 8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--samples", type=int, default=12)
    args = parser.parse_args()
    exact = insurance_crossing(6, 156, TRUE_COUNTS)
    insurance = named_decision("insurance")
    assert insurance is not None
    start = time.process_time()
    covered = missed = 0
    errors = []
    for seed in range(args.seeds):
        settings = IndexSettings(
            rules=US_RULES,
            shoe=Shoe.from_decks(6),
            count=HI_LO,
            cards_left=156,
            true_counts=tuple(TRUE_COUNTS),
            samples=args.samples,
            seed=seed,
            exact=False,
            decisions=(insurance,),
        )
        (found,) = blackjack_indices(settings).indices
        if found.crossing is None or found.crossing_se is None:
            missed += 1
            continue
        errors.append(found.crossing_se)
        covered += abs(found.crossing - exact) <= 2 * found.crossing_se
    cpu = time.process_time() - start
    errors.sort()
    print(f"exact insurance crossing: {exact:.3f}")
    print(
        f"within 2 SE: {covered} of {args.seeds} runs ({covered / args.seeds:.1%}); "
        f"no crossing found: {missed}; median SE {errors[len(errors) // 2]:.3f}; "
        f"{cpu:.1f} s CPU"
    )


if __name__ == "__main__":
    main()
