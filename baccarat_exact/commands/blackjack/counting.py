"""``blackjack counting``: shoes dealt fast and played as a card counter plays them — the
chart with index plays, bets by the true count — and what each way of betting is worth."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.blackjack.inputs import BlackjackRequest
from baccarat_exact.commands.blackjack.simulate import burn_cards
from baccarat_exact.errors import SimulationError

if TYPE_CHECKING:
    from baccarat_exact.analysis.blackjack.counting import CountingResult, CountingSettings
    from baccarat_exact.analysis.counting import CountSystem
    from baccarat_exact.analysis.ramps import Betting
    from baccarat_exact.blackjack.index_play import IndexPlay
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.blackjack.strategy import BasicStrategy
    from baccarat_exact.blackjack.true_count import Reckoning, Seating
    from baccarat_exact.commands.blackjack.indices import BlackjackIndicesRequest
    from baccarat_exact.model.shoe import Shoe
    from baccarat_exact.report.model import Report

__all__ = [
    "COMPILED_ROUNDS",
    "INDEX_SETS",
    "LATER_INPUTS",
    "PYTHON_ROUNDS",
    "BlackjackCountingRequest",
]

COMPILED_ROUNDS = 10_000_000
"""Rounds of about 5.5 cards a second the compiled kernel deals, for the run's time
estimate: about what it deals alone with index plays by a second count (10.5 million
measured, 13–14 million with one count; docs/performance.md). The time goes with the
cards dealt: at a table of five, 4.3 million rounds of about 16 cards a second are some
12 million such rounds, so the estimate holds there too.
"""

PYTHON_ROUNDS = 60_000
"""Rounds a second the Python path deals (52,000–80,000 measured, docs/performance.md)."""

INDEX_SETS = ("auto", "illustrious-18", "computed", "none")
"""The index plays ``--indices`` names (anything else is a file ``blackjack indices -f
json`` wrote): ``auto``, the game's own indices where the package ships them (the casino's
default game with Hi-Lo: :data:`~baccarat_exact.analysis.blackjack.index_sets.
SHIPPED_INDICES`), else the Illustrious 18; Schlesinger's Illustrious 18 (and Fab 4 where
late surrender is offered); ``computed``, the rules' own, computed by ``blackjack indices``
for the rules, shoe and count of the run (cached on disk: :mod:`.index_cache`); or none
(the chart alone)."""

LATER_INPUTS: dict[str, tuple[object, ...]] = {
    "seats": (1,),
    "seat": (1,),
    "tc": ("exact",),
    "tc_round": ("none",),
    "deck_error": ("0",),
    "wong_in": (None,),
    "two_hands_at": (None,),
    "optimal_ror": (None,),
    "chips": (None,),
    "trip_hours": (None,),
    "goal": (None,),
}
"""Inputs added after documents were stored, with what their absence meant (the table
as it was: the counter alone, the true count exact): ``check`` reads an older document
with them so."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackCountingRequest(BlackjackRequest["CountingResult"]):
    """Deal shoes fast, play them by the chart and its index plays, and price every way of
    betting on the same rounds.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> BlackjackCountingRequest(indices="no/such/file.json")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --indices no/such/file.json: cannot read it (No such file or directory); give auto, illustrious-18, computed, none or a file written by blackjack indices -f json
    """

    KIND: ClassVar[str] = "blackjack counting"
    SHOE: ClassVar[tuple[str, ...]] = ("counts",)

    shoes: int = 10_000
    """Shoes to deal."""
    seed: int = 0
    """Random seed: the same seed deals the same shoes."""
    burn: str = "standard"
    """Cards burned at the start of each shoe: ``standard`` (one), ``none`` or a number."""
    cut_card: int | None = None
    """Cards behind the cut card (``None``: a quarter of the shoe)."""
    count: str = "hi-lo"
    """The count: one built in by name (``hi-lo``, ``zen``, ``ko`` …: :data:`~baccarat_exact.
    analysis.counting.PUBLISHED_COUNTS`) or ``NAME=TAGS``."""
    play_count: str | None = None
    """A second count the index plays and insurance follow, as ``count`` is given
    (``None``: the count the bets follow)."""
    indices: str = "auto"
    """The index plays: one of :data:`INDEX_SETS`, or the path of a file ``blackjack
    indices -f json`` wrote (for the same rules, shoe and count)."""
    ramp: str | None = None
    """A bet ramp, ``"1:2,2:4,4:8"`` (true count : units)."""
    ramp_min: int = 0
    """Units bet below the ramp's first true count (0: sit the round out)."""
    wong_out: str | None = None
    """No ramp or Kelly bet on a round whose true count is below this."""
    kelly: str | None = None
    """A bankroll (units) whose Kelly bets make a ramp, measured on the same shoes."""
    max_bet: int | None = None
    """The largest Kelly bet, in units (with ``kelly``)."""
    bankroll: str = "1000"
    """Units at risk: the risk of ruin is for this bankroll."""
    hands_per_hour: int | None = None
    """Rounds dealt an hour (``None``: 200, 160, 140, 120, 100, 80, 65 for 1 … 7 players
    at the table)."""
    exact_ev: bool = False
    """Also value every round exactly and estimate the wins from those values (slow; the
    chart alone, ``--indices none``)."""
    optimal_ror: str | None = None
    """A risk of ruin (``"0.05"``, ``"5%"``) whose optimal ramp for ``bankroll`` is
    played too, bets from 1 unit to ``max_bet``, measured on the same shoes."""
    chips: str | None = None
    """The chips every bet is made of, ``"5,25,100"`` (units)."""
    trip_hours: str | None = None
    """A trip's length in hours, for the risk of ruin within it."""
    goal: str | None = None
    """Units to win before the bankroll is lost, for the chance of each first."""

    seats: int = 1
    """Players at the table, the counter one of them (1–7); the others play the chart."""
    seat: int = 1
    """The counter's seat (1: the first to take a card)."""
    tc: str = "exact"
    """The deck estimate the true count divides by: ``exact`` (the unseen cards), ``full``,
    ``half`` or ``quarter`` (to the nearest such deck)."""
    tc_round: str = "none"
    """The true count rounded to a whole number: ``none``, ``round``, ``truncate``,
    ``floor``."""
    deck_error: str = "0"
    """The counter misjudges the unseen cards by up to this many decks (a whole number of
    cards drawn uniformly each round from the shoe's stream)."""
    wong_in: str | None = None
    """The counter back-counts and sits down at a true count at or above this (leaving
    below ``wong_out``)."""
    two_hands_at: str | None = None
    """The counter plays two spots from this true count, each bet the ramp's units."""

    def check(self) -> None:
        count, play = self._counts()
        if play.irc is not None and self.indices == "illustrious-18":
            raise SimulationError(
                f"--indices illustrious-18 are Hi-Lo true counts, and {play.name} is read as "
                "a running count: give --indices computed (its own), a FILE or none"
            )
        if self.indices not in INDEX_SETS:
            self._index_file()
        self._betting()
        seating, reckoning = self._table()
        unbalanced = next((c.name for c in (count, play) if c.irc is not None), None)
        if unbalanced is not None and not reckoning.is_exact:
            raise SimulationError(
                f"--tc, --tc-round and --deck-error reckon a true count, and {unbalanced} is "
                "read as its running count: give them with a balanced count"
            )
        if self.exact_ev and not (seating.is_alone and reckoning.is_exact):
            raise SimulationError(
                "--exact-ev values the counter's round alone at the table, the true count "
                "exact: give it without --seats, --wong-in, --two-hands-at, --tc, --tc-round "
                "and --deck-error"
            )
        if self.exact_ev and self.indices != "none":
            raise SimulationError(
                "--exact-ev values the chart's own play: give --indices none (with index "
                "plays a round's value is not the chart's)"
            )

    def _counts(self) -> tuple[CountSystem, CountSystem]:
        """The count the bets follow and the one the plays follow, checked for the shoe
        (an unbalanced count needs whole decks, Red 7 the colours of the sevens)."""
        from baccarat_exact.analysis.blackjack.counts import find_count, red_sevens

        _, shoe = self.game()
        count = find_count(self.count)
        play = count if self.play_count is None else find_count(self.play_count)
        for c in (count, play):
            red_sevens(c, shoe)
            if c.irc is not None and shoe.cards % 52:
                raise SimulationError(
                    f"the count {c.name!r} starts at a running count per deck: give a shoe of "
                    f"whole decks, not {shoe.cards} cards"
                )
        return count, play

    def _betting(self) -> Betting:
        """The ramp, the Kelly bankroll and the bankroll at risk, read and checked."""
        from baccarat_exact.analysis.ramps import read_betting

        if self.chips is not None and (self.ramp, self.kelly, self.optimal_ror) == (None,) * 3:
            raise SimulationError(
                "--chips makes the bets of a ramp: give --ramp, --kelly or --optimal-ror"
            )
        # with --wong-in, --wong-out is where the counter leaves the table, ramp or not
        leaves = self.wong_in is not None and self.ramp is None and self.kelly is None
        return read_betting(
            ramp=self.ramp,
            ramp_min=self.ramp_min,
            wong_out=None if leaves else self.wong_out,
            kelly=self.kelly,
            max_bet=self.max_bet,
            bankroll=self.bankroll,
            optimal=self.optimal_ror,
            chips=self.chips,
        )

    def _table(self) -> tuple[Seating, Reckoning]:
        """The table and the true count as the counter reckons it, read and checked."""
        from baccarat_exact.analysis.ramps import read_number
        from baccarat_exact.blackjack.true_count import Reckoning, Seating
        from baccarat_exact.model.exact import exact_number

        error = exact_number(self.deck_error, "--deck-error", SimulationError, "0.5 or 1/4")
        seating = Seating(
            seats=self.seats,
            seat=self.seat,
            wong_in=read_number(self.wong_in, "--wong-in"),
            wong_out=read_number(self.wong_out, "--wong-out"),
            two_hands_at=read_number(self.two_hands_at, "--two-hands-at"),
        )
        return seating, Reckoning(resolution=self.tc, rounding=self.tc_round, error=error)

    def _index_file(self) -> tuple[dict[str, Any], str]:
        """The document of the file :attr:`indices` names, checked against the run's rules,
        shoe and count, and where it is from."""
        from baccarat_exact.analysis.blackjack.counts import find_count
        from baccarat_exact.analysis.blackjack.index_sets import (
            check_document,
            read_indices_file,
        )

        document = read_indices_file(self.indices)
        rules, shoe = self.game()
        count = find_count(self.play_count or self.count)
        check_document(document, self.indices, rules=rules, shoe=shoe, count=count)
        return document, f"the file {self.indices}"

    def index_document(self, context: Context | None = None) -> tuple[dict[str, Any], str] | None:
        """The indices document the run plays and where it is from (None: the Illustrious
        18, or no index plays): ``computed`` computes it (``context``'s workers and
        progress; cached on disk), ``auto`` takes the shipped one where there is one."""
        from baccarat_exact.analysis.blackjack.counts import find_count
        from baccarat_exact.analysis.blackjack.index_sets import shipped_indices

        if self.indices in ("illustrious-18", "none"):
            return None
        if self.indices == "computed":
            from baccarat_exact.commands.blackjack.index_cache import computed_indices

            return computed_indices(self.indices_request(), context or Context())
        if self.indices == "auto":
            rules, shoe = self.game()
            found = shipped_indices(rules, shoe, find_count(self.play_count or self.count))
            return None if found is None else (found, "the game's own, shipped with the tool")
        return self._index_file()

    def indices_request(self) -> BlackjackIndicesRequest:
        """The ``blackjack indices`` request ``--indices computed`` runs: this game and the
        count the plays follow, the command's defaults otherwise, float arithmetic. An
        unbalanced count's counts are running counts: its range is the one its running
        count spans where a balanced count's true count spans −4 … +7 (half the shoe gone,
        the count's drift over it included)."""
        import math

        from baccarat_exact.analysis.blackjack.counts import deck_sum
        from baccarat_exact.commands.blackjack.indices import BlackjackIndicesRequest

        _, play = self._counts()
        true_counts = "-4..7"
        if play.irc is not None:
            _, shoe = self.game()
            decks = shoe.cards // 52
            middle = (play.initial_count(decks) + deck_sum(play) * decks / 2) / play.unit
            low, high = math.floor(middle - 4 * decks / 2), math.ceil(middle + 7 * decks / 2)
            true_counts = f"{low}..{high}"
        return BlackjackIndicesRequest(
            shoe=self.shoe,
            rules=self.rules,
            count=self.play_count or self.count,
            true_counts=true_counts,
            exact=False,
        )

    def plays(
        self,
        rules: BlackjackRules,
        strategy: BasicStrategy | None = None,
        document: tuple[dict[str, Any], str] | None = None,
    ) -> tuple[IndexPlay, ...]:
        """The index plays :attr:`indices` names, for these rules: those of ``document``
        (:meth:`index_document`, with the chart ``strategy``) where it is given, else the
        Illustrious 18 (``auto`` and ``illustrious-18``) or none."""
        from baccarat_exact.blackjack.index_play import illustrious_18

        if document is not None and strategy is not None:
            from baccarat_exact.analysis.blackjack.counts import find_count
            from baccarat_exact.analysis.blackjack.index_sets import document_plays

            _, shoe = self.game()
            return document_plays(
                document[0],
                document[1],
                rules=rules,
                shoe=shoe,
                count=find_count(self.play_count or self.count),
                strategy=strategy,
            )
        if self.indices == "auto" and self._counts()[1].irc is not None:
            return ()  # the Illustrious 18 are true counts: an unbalanced count has none
        return illustrious_18(rules) if self.indices in ("illustrious-18", "auto") else ()

    def settings(self, context: Context | None = None) -> CountingSettings:
        """The run's settings (the chart derived for the rules and the full shoe; the index
        plays of :meth:`index_document`, computed with ``context`` where they must be)."""
        from baccarat_exact.analysis.blackjack.counting import CountingSettings
        from baccarat_exact.analysis.blackjack.counts import red_sevens
        from baccarat_exact.analysis.ramps import read_number
        from baccarat_exact.blackjack.edge import basic_strategy

        rules, shoe = self.game()
        betting = self._betting()
        count, play = self._counts()
        strategy, _ = basic_strategy(shoe, rules, exact=True)
        seating, reckoning = self._table()
        document = self.index_document(context)
        return CountingSettings(
            rules=rules,
            shoe=shoe,
            strategy=strategy,
            plays=self.plays(rules, strategy, document),
            index_source=None if document is None else document[1],
            count=count.name,
            tags=_dealt_tags(count, shoe),
            play_tags=None if self.play_count is None else _dealt_tags(play, shoe),
            play_count=None if self.play_count is None else play.name,
            red_sevens=max(red_sevens(c, shoe) for c in (count, play)),
            shoes=self.shoes,
            seed=self.seed,
            burn=burn_cards(self.burn),
            cut_card=self.cut_card,
            ramps=() if betting.ramp is None else (betting.ramp,),
            wong_out=betting.wong_out,
            kelly=betting.kelly,
            max_bet=betting.max_bet or 1,
            bankroll=betting.bankroll,
            hands_per_hour=self.hands_per_hour,
            exact_ev=self.exact_ev,
            optimal_ror=betting.optimal,
            chips=betting.chips,
            trip_hours=read_number(self.trip_hours, "--trip-hours"),
            goal=read_number(self.goal, "--goal"),
            seating=seating,
            reckoning=reckoning,
        )

    def seconds(self, workers: int = 1) -> float:
        """A rough estimate of the run's time on ``workers`` processes, a round taking
        about 5.5 cards: :data:`COMPILED_ROUNDS` a second where the compiled kernel deals
        the run, else :data:`PYTHON_ROUNDS`; a solve of 0.1–0.3 s a round with
        :attr:`exact_ev` (docs/performance.md); and ``--indices computed``'s run where its
        document is not cached yet."""
        from baccarat_exact.blackjack.counting_kernel import compiled

        _, shoe = self.game()
        behind = shoe.cards // 4 if self.cut_card is None else self.cut_card
        rounds = max(1.0, (shoe.cards - behind) / 5.5) * self.shoes
        passes = 1 if self.kelly is None and self.optimal_ror is None else 2
        kernel = compiled()
        fast = kernel is not None and shoe.cards <= kernel.MAX_CARDS
        per_round = 0.2 if self.exact_ev else passes / (COMPILED_ROUNDS if fast else PYTHON_ROUNDS)
        indices = 0.0
        if self.indices == "computed":
            from baccarat_exact.commands.blackjack.index_cache import is_cached

            request = self.indices_request()
            indices = 0.0 if is_cached(request) else request.seconds(workers)
        return rounds * per_round / max(1, workers) + indices

    def compute(self, context: Context) -> CountingResult:
        """Deal the shoes here (``context.jobs`` processes) or on the Dask
        ``context.cluster``: the same bytes wherever they are dealt.

        :raises SimulationError: for a run estimated past a day (:meth:`seconds`).
        """
        from baccarat_exact.analysis.blackjack.counting import count_shoes
        from baccarat_exact.commands.simulate import SimulateRequest, refuse_beyond_a_day

        workers = SimulateRequest.workers(context.jobs, context.cluster)
        if workers is not None:  # a remote cluster's workers are not known here
            refuse_beyond_a_day(
                self.seconds(workers),
                f"--shoes {self.shoes:,}" + (" with --exact-ev" if self.exact_ev else ""),
                workers,
                "give fewer shoes, or more workers (--jobs)",
            )
        settings = self.settings(context)
        from baccarat_exact.analysis.cluster import cluster_address

        where = cluster_address(context.cluster, context.cluster_security)
        passes = 2 if settings.kelly is not None or settings.optimal_ror is not None else 1
        with context.progress(passes * settings.shoes, "dealing shoes") as advance:
            return count_shoes(
                settings,
                jobs=context.jobs,
                progress=advance,
                cluster=where,
                worker_setup=context.worker_setup,
            )

    def report(self, result: CountingResult, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.blackjack.counting import counting_report

        return counting_report(result)


def _dealt_tags(count: CountSystem, shoe: Shoe) -> tuple[int, ...]:
    """The count as the dealer keeps it: its tag per rank (A … K) for a balanced count of
    whole points, else its whole row (:func:`~baccarat_exact.analysis.blackjack.counts.
    dealer_row`: unit, start, a red seven's tag)."""
    from baccarat_exact.analysis.blackjack.counts import dealer_row

    if count.unit == 1 and count.irc is None and count.red_seven is None:
        return count.rank_tags()
    return dealer_row(count, shoe.cards // 52)
