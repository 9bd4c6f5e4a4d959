"""Baccarat's fast counting mode (``simulate --fast``): shoes dealt card by card, counted,
bet and settled from the bets' pay tables, at compiled speed — no exact EV per hand.

``simulate`` prices every hand exactly (about 10 µs a hand); a counter testing a count on
a side bet over 10⁹ hands needs only what each bet paid. So this mode deals each shoe
(the shared shuffle, :mod:`baccarat_exact.model.shuffle`: one stream per shoe number),
burns and cuts as :func:`~baccarat_exact.analysis.dealing.deal_shoe` does, plays each
round from a table the rules' own deal fills in (:func:`round_table`), keeps every
count's running count over the cards seen, and before each round decides each *player*'s
stake on each bet from the true count, (running − seen · mean tag) × (52 / unseen): a flat
unit where the count says (``--threshold`` or the linear model's break-even, as
``simulate``), or a ramp (per bet), entered and left by wonging (``--wong-in``,
``--wong-out``). The round's cell (pair state × final event) then reads each bet's pay
from its pay table (:func:`~baccarat_exact.analysis.simulate.pay_table`, made from the
bet's lines: built-in, catalogue or TOML bets alike). Per shoe it keeps, per player, the
units won, the units staked and the hands bet; the economics (win per 100 hands, SD, N0,
SCORE, risk of ruin, each ± its standard error) follow from their means and covariances
over shoes (:mod:`.fast_simulate`, with :mod:`.economics`).

Every table the deal reads is built here from the game's data; the compiled step
(``engine/_baccount.c``) reads the same tables, and :func:`deal_shoes_python` follows it
step by step, in the same floating-point operations in the same order, so a seed gives
the same bytes with or without a compiler. Shoes go in fixed chunks added in shoe order,
so the result does not depend on ``--jobs`` or a cluster either.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from baccarat_exact.analysis.dealing import BurnRule, SimulationSettings
from baccarat_exact.analysis.ramps import MAIN_BETS, Ramp, Strategy, parse_ramp, ramped_bets
from baccarat_exact.analysis.simulate_results import CountSystemFits
from baccarat_exact.errors import SimulationError
from baccarat_exact.model.cards import POINT_VALUE
from baccarat_exact.model.deal import deal
from baccarat_exact.model.events import event_index
from baccarat_exact.model.rules import Tableau
from baccarat_exact.model.shuffle import shuffled_cards

try:  # the compiled step (``_baccount.c``; absent where it was not built)
    from baccarat_exact.engine import _baccount
except ImportError:  # pragma: no cover - exercised where no compiler built it
    _baccount = None  # type: ignore[assignment]

__all__ = [
    "NATIVE",
    "FastSettings",
    "FastTables",
    "Player",
    "ShoeSums",
    "bet_ramps",
    "deal_shoes",
    "deal_shoes_python",
    "estimated_fast_seconds",
    "fast_tables",
    "play_orders",
]

LAYOUT = 2
"""The version of the tables' layout the compiled step reads."""

NATIVE = _baccount is not None and _baccount.LAYOUT == LAYOUT
"""Whether the compiled step is built here (and reads these tables)."""

CELLS = 9 * 400
"""Pay-table cells: pair state × final event."""

FLAT_AT, FLAT_MODEL, RAMP = 0, 1, 2
"""How a player stakes: 1 unit at TC ≥ threshold; 1 unit where the count's linear model
gives EV > 0; a ramp."""

SECONDS_PER_CARD = {True: 1.5e-8, False: 2.5e-6}
"""Rough time to deal one card of a shoe on one core, with and without the compiled step
(docs/performance.md): only for the estimate before a long run, never for a result."""

_TAG_LIMIT = 2**40
"""Largest |tag| × cards a running count may reach: exact in an int64 and in a float."""

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def estimated_fast_seconds(shoes: int, cards: int, workers: int = 1) -> float:
    """Rough time of a fast run of ``shoes`` shoes of ``cards`` cards on ``workers`` cores
    (``math.inf`` past any float).

    >>> estimated_fast_seconds(10**6, 416, 2) < 10 if NATIVE else True
    True
    """
    try:
        return float(shoes) * cards * SECONDS_PER_CARD[NATIVE] / max(workers, 1)
    except OverflowError:
        return math.inf


def bet_ramps(
    text: str,
    bets: tuple[str, ...],
    minimum: int = 0,
    wong_out: float | None = None,
    main: tuple[str, ...] = MAIN_BETS,
) -> tuple[Ramp | None, ...]:
    """``--ramp`` per bet, ``"dragon-7=4:1,6:2; panda-8=3:1"`` (a bet not named is bet
    flat only), or steps alone (``"2:1,4:2"``) for the bets :func:`.ramped_bets` says:
    the side bets, or the main bets (``main``: the game's) of a run without side bets.

    >>> [r and r.text() for r in bet_ramps("dragon-7=4:1,6:2", ("banker", "dragon-7"))]
    [None, '4:1,6:2']
    >>> [r and r.text() for r in bet_ramps("4:1", ("banker", "tie", "dragon-7"))]
    [None, None, '4:1']
    >>> bet_ramps("tiger=4:1", ("banker",))
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.SimulationError: --ramp names 'tiger', which is not a bet of the run (banker)
    """
    parts = [part.strip() for part in text.split(";") if part.strip()]
    named = [part for part in parts if "=" in part]
    if not named:
        ramp = parse_ramp(text, minimum, wong_out)
        return tuple(ramp if on else None for on in ramped_bets(bets, main))
    if len(named) != len(parts):
        raise SimulationError(
            f"--ramp: name every bet's ramp (BET=STEPS; ...) or none, got {text!r}"
        )
    found: dict[str, Ramp] = {}
    keys = {name.lower(): name for name in bets}
    for part in named:
        name, _, steps = part.partition("=")
        key = name.strip().lower()
        if key not in keys:
            raise SimulationError(
                f"--ramp names {name.strip()!r}, which is not a bet of the run ({', '.join(bets)})"
            )
        if keys[key] in found:
            raise SimulationError(f"--ramp gives the ramp of {keys[key]!r} twice")
        found[keys[key]] = parse_ramp(steps, minimum, wong_out)
    return tuple(found.get(name) for name in bets)


@dataclass(frozen=True, slots=True)
class FastSettings:
    """A fast run: ``simulate``'s settings (shoe, rules, bets, counts, threshold, seed,
    burn, cut card, bankroll) with the ramp of each bet and the wonging."""

    settings: SimulationSettings
    ramps: tuple[Ramp | None, ...] = ()
    """Per chosen bet, its ramp (None: flat only); empty: no ramp."""
    wong_in: float | None = None
    """A ramp player sits out until the true count reaches this (then stays in until the
    true count falls below ``settings.wong_out``, if given, or the shoe ends)."""

    def __post_init__(self) -> None:
        s = self.settings
        if self.ramps and len(self.ramps) != len(s.chosen_bets):
            raise SimulationError("one ramp (or None) per bet")
        if self.wong_in is not None:
            if not math.isfinite(self.wong_in):
                raise SimulationError(f"--wong-in must be a finite number, got {self.wong_in}")
            if not any(self.ramps):
                raise SimulationError("--wong-in applies to a ramp: give --ramp")
            if s.wong_out is not None and s.wong_out > self.wong_in:
                raise SimulationError(
                    f"--wong-out ({s.wong_out:g}) must not be above --wong-in ({self.wong_in:g})"
                )
        if s.kelly is not None or s.optimal_ror is not None:
            raise SimulationError(
                f"{'--kelly' if s.kelly is not None else '--optimal-ror'} sets bets from each "
                "hand's exact EV, which --fast does not compute: give --ramp, or leave out --fast"
            )
        cards = [bet.name for bet in s.chosen_bets if bet.needs_cards]
        if cards:
            raise SimulationError(
                f"{', '.join(cards)} look{'s' if len(cards) == 1 else ''} at the ranks of the "
                "cards dealt: --fast settles bets on totals and pairs only (odds prices every bet)"
            )


@dataclass(frozen=True, slots=True)
class Player:
    """One way of betting one bet: the bet, the count followed, and how it stakes."""

    bet: int
    system: int
    strategy: Strategy


@dataclass(frozen=True, slots=True, eq=False)
class FastTables:
    """Everything the deal reads, as the compiled step takes it (``items``), and who the
    players are."""

    items: tuple[object, ...]
    players: tuple[Player, ...]


def _u8(values: list[int] | tuple[int, ...]) -> npt.NDArray[np.uint8]:
    return np.array(values, dtype=np.uint8)


def fast_tables(fast: FastSettings, systems: tuple[CountSystemFits, ...]) -> FastTables:
    """The tables of a fast run: deck, point values, tableau, counts, players, pay tables.

    Players, for each bet: each count's flat bet, then each count's ramp where the bet
    has one. Identical counts (tags and mean) are kept once.
    """
    from baccarat_exact.analysis.simulate import _linear_model, pay_table

    s = fast.settings
    tableau = s.rules.tableau
    identities = s.card_identities()
    deck = np.repeat(np.arange(52, dtype=np.uint8), identities)
    value = _u8([POINT_VALUE[i // 4] for i in range(52)])
    counts: dict[tuple[tuple[int, ...], float], int] = {}
    players: list[Player] = []
    rows: list[tuple[int, int, int, float, float, float, Ramp | None]] = []
    for b in range(len(s.chosen_bets)):
        for k, system in enumerate(systems):
            fit = system.fits[b]
            key = (fit.count.tags, float(fit.mean_tag))
            if max(map(abs, fit.count.tags)) * len(deck) > _TAG_LIMIT:
                raise SimulationError(f"the count {system.name!r} has tags too large to add up")
            index = counts.setdefault(key, len(counts))
            base, slope = _linear_model(system.fits)
            if s.threshold is not None:
                rows.append((b, index, FLAT_AT, s.threshold, 0.0, 0.0, None))
            else:
                rows.append((b, index, FLAT_MODEL, 0.0, float(base[b]), float(slope[b]), None))
            players.append(Player(b, k, Strategy("flat", k)))
        ramp = fast.ramps[b] if fast.ramps else None
        if ramp is not None:
            for k, system in enumerate(systems):
                fit = system.fits[b]
                index = counts[(fit.count.tags, float(fit.mean_tag))]
                rows.append((b, index, RAMP, 0.0, 0.0, 0.0, ramp))
                ramps = tuple(ramp if j == b else None for j in range(len(s.chosen_bets)))
                players.append(Player(b, k, Strategy("ramp", k, ramps)))
    step_start: list[int] = [0]
    step_tc: list[float] = []
    step_units: list[float] = []
    enter: list[float | None] = []
    leave: list[float | None] = []
    for *_, ramp in rows:
        if ramp is None:
            step_units.append(0.0)
            enter.append(None)
            leave.append(None)
        else:
            step_tc.extend(tc for tc, _ in ramp.steps)
            step_units.extend(float(u) for u in (ramp.minimum, *(u for _, u in ramp.steps)))
            out = ramp.wong_out
            enter.append(fast.wong_in if fast.wong_in is not None else out)
            leave.append(out)
        step_start.append(len(step_tc))
    tags = np.array([tags for tags, _ in counts], dtype=np.int64).reshape(-1)
    items: tuple[object, ...] = (
        deck,
        value,
        round_table(tableau),
        -1 if s.burn is BurnRule.standard else 0 if s.burn is BurnRule.none else int(s.burn),
        s.cut_card,
        len(counts),
        len(rows),
        tags,
        np.array([mean for _, mean in counts], dtype=np.float64),
        np.array([r[0] for r in rows], dtype=np.intc),
        np.array([r[1] for r in rows], dtype=np.intc),
        np.array([r[2] for r in rows], dtype=np.intc),
        np.array([r[3] for r in rows], dtype=np.float64),
        np.array([r[4] for r in rows], dtype=np.float64),
        np.array([r[5] for r in rows], dtype=np.float64),
        np.array(step_start, dtype=np.intc),
        np.array(step_tc, dtype=np.float64),
        np.array(step_units, dtype=np.float64),
        _u8([int(e is not None) for e in enter]),
        np.array([0.0 if e is None else e for e in enter], dtype=np.float64),
        _u8([int(e is not None) for e in leave]),
        np.array([0.0 if e is None else e for e in leave], dtype=np.float64),
        np.ascontiguousarray(pay_table(s.chosen_bets), dtype=np.float64),
        LAYOUT,
    )
    return FastTables(items, tuple(players))


@functools.lru_cache(maxsize=8)
def round_table(tableau: Tableau) -> npt.NDArray[np.uint16]:
    """Every round as the rules' :func:`~baccarat_exact.model.deal.deal` plays it, by the
    Player's and the Banker's two-card totals and the values of the next two cards
    (index ``((p·10 + b)·10 + v5)·10 + v6``): the event index × 8 + the cards it takes.

    >>> from baccarat_exact.model.events import EVENTS
    >>> from baccarat_exact.model.rules import STANDARD_TABLEAU
    >>> table = round_table(STANDARD_TABLEAU)
    >>> EVENTS[table[((5 * 10 + 2) * 10 + 7) * 10 + 3] >> 3], int(table[8000] & 7)
    (Event(player=2, banker=5, player_cards=3, banker_cards=3), 4)
    """
    table = np.zeros(10**4, dtype=np.uint16)
    for player, banker, fifth, sixth in itertools.product(range(10), repeat=4):
        played = deal((player, banker, 0, 0, fifth, sixth), tableau)
        index = ((player * 10 + banker) * 10 + fifth) * 10 + sixth
        table[index] = event_index(*played.event) * 8 + played.cards
    return table


@dataclass(frozen=True, slots=True, eq=False)
class ShoeSums:
    """What each shoe of a chunk gave: its hands, and per player the units won, the units
    staked and the hands bet."""

    hands: IntArray
    """(shoes,)"""
    won: FloatArray
    """(shoes, players)"""
    staked: FloatArray
    """(shoes, players)"""
    bets: IntArray
    """(shoes, players)"""

    @classmethod
    def zeros(cls, shoes: int, players: int) -> ShoeSums:
        return cls(
            np.zeros(shoes, dtype=np.int64),
            np.zeros((shoes, players)),
            np.zeros((shoes, players)),
            np.zeros((shoes, players), dtype=np.int64),
        )


def deal_shoes(
    tables: FastTables, seed: int, first: int, last: int, native: bool | None = None
) -> ShoeSums:
    """Deal shoes ``first``..``last``-1 of ``seed``: by the compiled step where it is built
    (``native``: force one path; True where it is not built is an error)."""
    use = NATIVE if native is None else native
    if not use:
        return deal_shoes_python(tables, seed, first, last)
    if _baccount is None:
        raise SimulationError("the compiled counting step (_baccount) is not built here")
    out = ShoeSums.zeros(last - first, len(tables.players))
    _baccount.deal(tables.items, seed, first, last, out.hands, out.won, out.staked, out.bets)
    return out


def deal_shoes_python(tables: FastTables, seed: int, first: int, last: int) -> ShoeSums:
    """:func:`deal_shoes` without the compiled step: the same operations, the same floats."""
    read = _Read(tables)
    out = ShoeSums.zeros(last - first, read.players)
    for shoe in range(first, last):
        row = shoe - first
        hands, won, staked, bets = read.play(shuffled_cards(read.deck, seed, shoe))
        out.hands[row] = hands
        out.won[row] = won
        out.staked[row] = staked
        out.bets[row] = bets
    return out


def play_orders(
    tables: FastTables, orders: Iterable[list[int]]
) -> Iterator[tuple[int, list[float], list[float], list[int]]]:
    """Shoes dealt in the orders given (card identities 4·rank + suit, first card first),
    as the Python path deals a shuffled one: each shoe's hands, and each player's units
    won, units staked and hands bet."""
    read = _Read(tables)
    return (read.play(cards) for cards in orders)


class _Read:
    """The tables as Python lists, and one shoe played from them as the compiled step
    plays it."""

    def __init__(self, tables: FastTables) -> None:
        items = tables.items
        deck, value, rounds, burn, cut_card, counts, players = items[:7]
        lists = [np.asarray(item).reshape(-1).tolist() for item in items[7:23]]
        tags, self.means, self.bet, self.count, self.kind = lists[:5]
        self.threshold, self.base, self.slope, self.step_start, self.step_tc = lists[5:10]
        self.step_units, self.has_enter, self.enter, self.has_leave = lists[10:14]
        self.leave, self.pays = lists[14:16]
        assert isinstance(counts, int) and isinstance(players, int)
        assert isinstance(burn, int) and isinstance(cut_card, int)
        self.deck: list[int] = np.asarray(deck).tolist()
        self.value: list[int] = np.asarray(value).tolist()
        self.rounds: list[int] = np.asarray(rounds).tolist()
        self.burn, self.cut_card, self.counts, self.players = burn, cut_card, counts, players
        self.tag_rows = [tags[k * 10 : k * 10 + 10] for k in range(counts)]

    def units(self, p: int, x: float, inside: list[bool]) -> float:
        """Player ``p``'s stake at true count ``x`` (a ramp's wonging state in ``inside``)."""
        if self.kind[p] == FLAT_AT:
            return 1.0 if x >= self.threshold[p] else 0.0
        if self.kind[p] == FLAT_MODEL:
            return 1.0 if self.base[p] + self.slope[p] * x > 0 else 0.0
        if inside[p] and self.has_leave[p] and x < self.leave[p]:
            inside[p] = False
        if not inside[p] and self.has_enter[p] and x >= self.enter[p]:
            inside[p] = True
        if not inside[p]:
            return 0.0
        i, end = self.step_start[p], self.step_start[p + 1]
        while i < end and self.step_tc[i] <= x:
            i += 1
        return float(self.step_units[i + p])

    def play(self, cards: list[int]) -> tuple[int, list[float], list[float], list[int]]:
        """One shoe in the order ``cards``."""
        value, counts, players, size = self.value, self.counts, self.players, len(cards)
        running = [0] * counts
        position, seen = 0, 0
        if self.burn < 0 and size:
            turned = value[cards[0]]
            for k in range(counts):
                running[k] += self.tag_rows[k][turned]
            seen = 1
            position = min(1 + (turned or 10), size)
        elif self.burn >= 0:
            position = min(self.burn, size)
        inside = [not e for e in self.has_enter]
        won, staked, bets = [0.0] * players, [0.0] * players, [0] * players
        cut = size - self.cut_card
        dealt = 0
        while size - position >= 6:
            start = position
            per_deck = 52.0 / float(size - seen)
            tc = [
                (float(running[k]) - float(seen) * self.means[k]) * per_deck for k in range(counts)
            ]
            units = [self.units(p, tc[self.count[p]], inside) for p in range(players)]
            c = cards[start : start + 6]
            v = [value[card] for card in c]
            player, banker = (v[0] + v[2]) % 10, (v[1] + v[3]) % 10
            played = self.rounds[((player * 10 + banker) * 10 + v[4]) * 10 + v[5]]
            event, used = played >> 3, played & 7
            for i in range(used):
                for k in range(counts):
                    running[k] += self.tag_rows[k][v[i]]
            seen += used
            player_pair = (2 if c[0] == c[2] else 1) if c[0] // 4 == c[2] // 4 else 0
            banker_pair = (2 if c[1] == c[3] else 1) if c[1] // 4 == c[3] // 4 else 0
            cell = (3 * player_pair + banker_pair) * 400 + event
            for p in range(players):
                if units[p] > 0:
                    won[p] += units[p] * self.pays[self.bet[p] * CELLS + cell]
                    staked[p] += units[p]
                    bets[p] += 1
            dealt += 1
            position = start + used
            if start >= cut:
                break
        return dealt, won, staked, bets
