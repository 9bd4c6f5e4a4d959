"""``blackjack indices``: the true count at which each decision flips, from exact
composition-dependent values averaged over the shoes met at each count."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.blackjack.inputs import BlackjackRequest
from baccarat_exact.errors import ShoeError, SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.blackjack.indices import BlackjackIndices, IndexSettings
    from baccarat_exact.report.model import Report

__all__ = ["BlackjackIndicesRequest", "parse_true_counts"]

_RANGE = re.compile(r"^\s*([+-]?\d{1,3})\s*\.\.\s*([+-]?\d{1,3})\s*$")
MAX_TRUE_COUNTS = 61
"""Most true counts one run takes (-30..30)."""


def parse_true_counts(text: str) -> tuple[int, ...]:
    """``"-4..7"`` → the integer true counts from -4 to 7.

    >>> parse_true_counts("-2..2")
    (-2, -1, 0, 1, 2)
    >>> parse_true_counts("3..1")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --true-counts must go from low to high with two counts or more, e.g. -4..7, got '3..1'
    """
    found = _RANGE.match(text)
    if found is None:
        raise SimulationError(f"--true-counts must read LOW..HIGH such as -4..7, got {text!r}")
    low, high = int(found.group(1)), int(found.group(2))
    if high <= low:
        raise SimulationError(
            "--true-counts must go from low to high with two counts or more, e.g. -4..7, got "
            f"{text!r}"
        )
    if high - low + 1 > MAX_TRUE_COUNTS:
        raise SimulationError(f"--true-counts spans at most {MAX_TRUE_COUNTS} counts, got {text!r}")
    return tuple(range(low, high + 1))


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackIndicesRequest(BlackjackRequest["BlackjackIndices"]):
    """Index plays: where each decision flips with the true count.

    >>> BlackjackIndicesRequest(count="nonesuch")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: unknown count 'nonesuch': use hi-lo, zen, hi-opt-ii, omega-ii, wong-halves, ko, red-7, or NAME=TAGS such as 'mine=2:1,3:1,4:1,5:1,6:1,T:-1,A:-1'
    >>> BlackjackIndicesRequest(decks_left="7")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: --decks-left must leave between 1 and 312 cards (the shoe), got 364 cards
    """

    KIND: ClassVar[str] = "blackjack indices"
    SHOE: ClassVar[tuple[str, ...]] = ("counts",)

    count: str = "hi-lo"
    """The count: one built in by name (``hi-lo``, ``zen``, ``ko`` …: :data:`~baccarat_exact.
    analysis.counting.PUBLISHED_COUNTS`) or ``NAME=TAGS``."""
    decks_left: str | None = None
    """Decks left at the decision (``None``: half the shoe, in whole cards)."""
    true_counts: str = "-4..7"
    """The integer true counts to average at, ``LOW..HIGH``."""
    samples: int = 40
    """Shoes drawn at each true count."""
    seed: int = 0
    """Random seed: the same seed draws the same shoes."""
    decisions: str | None = None
    """Only these decisions, comma-separated (``16vT,insurance``); ``None``: every one."""
    exact: bool = True
    """Exact fractions for every shoe's values (false: float arithmetic, ``--float``)."""

    def check(self) -> None:
        self.settings(decisions=False)

    def settings(self, *, decisions: bool = True) -> IndexSettings:
        """The run's settings, checked (the marginal pairs screened only with ``decisions``)."""
        from baccarat_exact.analysis.blackjack.counts import find_count
        from baccarat_exact.analysis.blackjack.indices import IndexSettings, decisions_for
        from baccarat_exact.analysis.blackjack.valuation import split_tens_chance
        from baccarat_exact.blackjack.hands import shoe_counts
        from baccarat_exact.model.exact import exact_number

        rules, shoe = self.game()
        counts = shoe_counts(shoe)
        n = sum(counts)
        if self.decks_left is None:
            cards_left = n // 2
        else:
            left = exact_number(self.decks_left, "--decks-left", ShoeError, example="3 or 2.5")
            if left <= 0:
                raise ShoeError(f"--decks-left must be more than 0, got {self.decks_left!r}")
            cards = left * 52
            if cards.denominator != 1:
                raise ShoeError(
                    f"--decks-left must be a whole number of cards (a multiple of 1/52 deck), "
                    f"got {self.decks_left!r}"
                )
            cards_left = int(cards)
        keys = tuple(k for k in (self.decisions or "").split(",") if k.strip())
        if self.decisions is not None and not keys:
            raise SimulationError("--decisions names no decision: e.g. 16vT,insurance")
        if keys:
            chosen = decisions_for(rules, keys)
        elif decisions:
            chosen = decisions_for(  # screens the pairs
                rules,
                (),
                counts,
                exact=self.exact,
                same_rank_tens=split_tens_chance(rules, shoe),
            )
        else:
            chosen = decisions_for(rules)
        return IndexSettings(
            rules=rules,
            shoe=shoe,
            count=find_count(self.count),
            cards_left=cards_left,
            true_counts=parse_true_counts(self.true_counts),
            samples=self.samples,
            seed=self.seed,
            exact=self.exact,
            decisions=chosen,
        )

    def seconds(self, jobs: int = 1) -> float:
        """A rough estimate of the run's time on ``jobs`` processes (one per running count
        at most): about 0.1 s a six-deck shoe exact, two thirds of that with floats."""
        counts = len(self.settings(decisions=False).running_counts())
        _, shoe = self.game()
        per_shoe = (0.1 if self.exact else 0.07) * max(1.0, shoe.cards / 312)
        return counts * self.samples * per_shoe / max(1, min(jobs, counts))

    def compute(self, context: Context) -> BlackjackIndices:
        from baccarat_exact.analysis.blackjack.indices import blackjack_indices
        from baccarat_exact.commands.simulate import refuse_beyond_a_day

        refuse_beyond_a_day(
            self.seconds(context.jobs),
            f"--samples {self.samples:,}",
            context.jobs,
            "give fewer --samples or --true-counts, or more workers (--jobs)",
        )
        settings = self.settings()
        steps = len(settings.running_counts()) * settings.samples
        with context.progress(steps, "drawing shoes") as advance:
            return blackjack_indices(settings, jobs=context.jobs, progress=advance)

    def report(self, result: BlackjackIndices, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack.indices import indices_report

        return indices_report(result)
