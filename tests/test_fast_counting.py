"""``simulate --fast``: the compiled step and the Python path deal the same bytes; the first
round's law over every order of a small shoe is the exact engine's; each shoe is settled as
a plain reference reading the bets' pay lines and simulate's own dealer settles it; the
request round-trips and refuses what the fast mode cannot play."""

from __future__ import annotations

import itertools
import json
import shutil
import sysconfig
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.analysis import fast_counting
from baccarat_exact.analysis.dealing import deal_shoe
from baccarat_exact.analysis.eor import effect_of_removal
from baccarat_exact.analysis.fast_counting import (
    FastSettings,
    deal_shoes,
    fast_tables,
    play_orders,
)
from baccarat_exact.analysis.simulate import count_fits, count_systems
from baccarat_exact.analysis.simulate_results import CountSystemFits
from baccarat_exact.commands.counting import CountingInput
from baccarat_exact.commands.inputs import BetsInput, RulesInput, ShoeInput
from baccarat_exact.commands.simulate import SimulateRequest
from baccarat_exact.errors import BaccaratError
from baccarat_exact.model.bets import PAIR, SUITED_PAIR
from baccarat_exact.model.events import EVENTS, event_index
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.shuffle import shuffled_cards
from baccarat_exact.pricing import odds
from tests.cli_runner import run_main

MY_BET = {
    "name": "my-natural-9",
    "title": "a natural 9 for the Player, written by hand",
    "line": [{"name": "win", "pays": 12, "when": {"player_total": 9, "player_natural": True}}],
}

CASES: dict[str, dict[str, Any]] = {
    "main bets, derived counts": {"shoe": ShoeInput(decks=1), "shoes": 30},
    "ez side bets, own count, ramp per bet, wong in and out, threshold": {
        "shoe": ShoeInput(decks=2),
        "rules": RulesInput(game="ez"),
        "bets": BetsInput(names=("dragon-7", "panda-8")),
        "counting": CountingInput(tags="4:-1,5:-1,6:-1,7:-1,8:2,9:2"),
        "ramp": "dragon-7=1:1,2:2,4:4; panda-8=0:1,3:3",
        "wong_in": "1",
        "wong_out": "-1",
        "threshold": "0.5",
        "shoes": 20,
    },
    "pair bets, one ramp, burn 3, cut 20, compared count": {
        "shoe": ShoeInput(decks=2),
        "bets": BetsInput(names=("perfect-pair", "either-pair"), only_named=True),
        "ramp": "-1:1,1:3",
        "ramp_min": 1,
        "wong_out": "-2",
        "burn": "3",
        "cut_card": 20,
        "compare_counts": ("dragon-7",),
        "shoes": 20,
    },
    "level-1 derived counts, one ramp on every bet, wong out only": {
        "shoe": ShoeInput(decks=1),
        "counting": CountingInput(level=1),
        "ramp": "-0.5:1,2:2",
        "wong_out": "0",
        "cut_card": 0,
        "shoes": 30,
    },
    "Super 6, a small shoe of known suits, Perfect Pair": {
        "shoe": ShoeInput(counts="As=3,Ah=2,5s=3,9d=2,8c=3,Kh=3,Qs=2,4c=2"),
        "rules": RulesInput(game="super-6"),
        "bets": BetsInput(names=("perfect-pair",)),
        "ramp": "perfect-pair=0:1,5:3",
        "wong_in": "-1",
        "shoes": 60,
    },
    "a bet from a file, no burn": {
        "shoe": ShoeInput(decks=1),
        "bets": BetsInput(definitions={"my-natural-9": MY_BET}, only_named=True),
        "ramp": "0:2",
        "burn": "none",
        "seed": 12345678901,
        "shoes": 30,
    },
}


def _request(case: dict[str, Any]) -> SimulateRequest:
    return SimulateRequest(fast=True, **{"seed": 3, **case})


def _tables(fast: FastSettings) -> tuple[fast_counting.FastTables, tuple[CountSystemFits, ...]]:
    s = fast.settings
    eor = effect_of_removal(s.shoe, s.rules, s.chosen_bets)
    systems = count_systems(s, eor, count_fits(s, eor))
    return fast_tables(fast, systems), systems


def _c_compiler() -> str | None:
    command = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(command[0]) if command else None


@pytest.mark.skipif(_c_compiler() is None, reason="no C compiler: the Python path is used")
def test_the_compiled_step_is_built() -> None:
    """Where a compiler exists, `make test` builds _baccount.c (setup.py); without it every
    figure stays right and a fast run is a few hundred times slower."""
    assert fast_counting.NATIVE, "baccarat_exact.engine._baccount was not built (setup.py)"


@pytest.mark.skipif(not fast_counting.NATIVE, reason="the compiled step is not built")
@pytest.mark.parametrize("name", list(CASES))
def test_compiled_and_python_paths_deal_the_same_bytes(name: str) -> None:
    fast = _request(CASES[name]).fast_settings()
    tables, _ = _tables(fast)
    s = fast.settings
    native = deal_shoes(tables, s.seed, 5, 5 + s.shoes, native=True)
    python = deal_shoes(tables, s.seed, 5, 5 + s.shoes, native=False)
    for field in ("hands", "won", "staked", "bets"):
        assert getattr(native, field).tobytes() == getattr(python, field).tobytes(), field
    assert python.bets.sum() > 0  # the case bets somewhere: the comparison is not empty


SMALL_SHOE = "As=2,Ah=1,5s=1,9d=1,8c=1,Kh=1"
"""A 7-card shoe with a suited pair to be dealt (two A♠), an unsuited one, naturals and
draws."""


def _always(counts: str, names: tuple[str, ...]) -> FastSettings:
    """One round from the top of the shoe (no burn, the cut card at the front), every bet
    made every time (a threshold no true count is under)."""
    request = SimulateRequest(
        fast=True,
        shoe=ShoeInput(counts=counts),
        bets=BetsInput(names=names, only_named=True),
        burn="none",
        cut_card=Shoe.parse(counts).cards,
        threshold="-1e300",
        shoes=1,
    )
    return request.fast_settings()


def test_the_first_round_over_every_order_has_the_exact_law() -> None:
    """Every order of a 7-card shoe, equally likely: how often each bet paid each amount
    is the exact engine's probability of that pay (pairs, suits, naturals, draws)."""
    names = ("dragon-7", "player-pair", "perfect-pair", "tie")
    fast = _always(SMALL_SHOE, names)
    s = fast.settings
    tables, _ = _tables(fast)
    flat = [p for p, player in enumerate(tables.players) if player.system == 0]
    cards = list(tables.items[0])
    orders = list(itertools.permutations(range(len(cards))))
    paid: list[Counter[float]] = [Counter() for _ in flat]
    dealt = play_orders(tables, ([int(cards[i]) for i in order] for order in orders))
    for hands, won, _, bets in dealt:
        assert hands == 1 and all(bets[p] == 1 for p in flat)
        for i, p in enumerate(flat):
            paid[i][won[p]] += 1
    exact = odds(s.shoe, s.rules, s.chosen_bets)
    for i, bet in enumerate(s.chosen_bets):
        law: Counter[float] = Counter()
        for _, pays, p in exact.bet(bet.name).lines:
            law[float(pays)] += p  # type: ignore[assignment]
        found = {pay: Fraction(n, len(orders)) for pay, n in paid[i].items()}
        assert found == {pay: p for pay, p in law.items() if p}, bet.name


def _reference_shoe(
    fast: FastSettings, systems: tuple[CountSystemFits, ...], order: list[int]
) -> tuple[int, dict[tuple[int, str, int], tuple[float, float, int]]]:
    """One shoe settled plainly: simulate's dealer (:func:`deal_shoe`) on the ranks, the
    true count from the visible cards before each hand, each bet's pay read from the pay
    line holding the round's event and pair state; per (bet, kind, count): won, staked,
    hands bet. Flat bets at ``--threshold``; ramps with their wonging."""
    s = fast.settings
    dealt = deal_shoe([card // 4 for card in order], s.rules.tableau, s.burn, s.cut_card)
    values = [min(card // 4 + 1, 10) % 10 for card in order]
    totals: dict[tuple[int, str, int], tuple[float, float, int]] = {}
    inside: dict[tuple[int, int], bool] = {}
    for start, _, event in dealt.hands:
        visible = [i for i in range(start) if i not in dealt.hidden]
        c = order[start : start + 4]

        def state(a: int, b: int) -> int:
            return (SUITED_PAIR if a == b else PAIR) if a // 4 == b // 4 else 0

        pair_state = 3 * state(c[0], c[2]) + state(c[1], c[3])
        for b, bet in enumerate(s.chosen_bets):
            (pays,) = [
                line.pays for line in bet.lines if event in line.events and pair_state in line.pairs
            ]
            ramp = fast.ramps[b] if fast.ramps else None
            for k, system in enumerate(systems):
                fit = system.fits[b]
                running = sum(fit.count.tags[values[i]] for i in visible)
                per_deck = 52.0 / (len(order) - len(visible))
                tc = (running - len(visible) * float(fit.mean_tag)) * per_deck
                stakes = [("flat", 1.0 if tc >= (s.threshold or 0) else 0.0)]
                if ramp is not None:
                    enter = fast.wong_in if fast.wong_in is not None else ramp.wong_out
                    key = (b, k)
                    was = inside.get(key, enter is None)
                    if was and ramp.wong_out is not None and tc < ramp.wong_out:
                        was = False
                    if not was and enter is not None and tc >= enter:
                        was = True
                    inside[key] = was
                    units = [u for step, u in ramp.steps if step <= tc]
                    stake = float(units[-1] if units else ramp.minimum) if was else 0.0
                    stakes.append(("ramp", stake))
                for kind, units_bet in stakes:
                    won, staked, bets = totals.get((b, kind, k), (0.0, 0.0, 0))
                    if units_bet > 0:
                        won += units_bet * float(pays)
                        staked += units_bet
                        bets += 1
                    totals[(b, kind, k)] = (won, staked, bets)
    return len(dealt.hands), totals


@pytest.mark.parametrize("native", [False, True] if fast_counting.NATIVE else [False])
def test_each_shoe_is_settled_as_a_plain_reference_settles_it(native: bool) -> None:
    case = CASES["ez side bets, own count, ramp per bet, wong in and out, threshold"]
    fast = _request({**case, "shoes": 8}).fast_settings()
    tables, systems = _tables(fast)
    s = fast.settings
    sums = deal_shoes(tables, s.seed, 0, s.shoes, native=native)
    deck = [int(card) for card in tables.items[0]]
    for shoe in range(s.shoes):
        hands, totals = _reference_shoe(fast, systems, shuffled_cards(deck, s.seed, shoe))
        assert sums.hands[shoe] == hands
        for p, player in enumerate(tables.players):
            key = (player.bet, player.strategy.kind, player.system)
            got = (float(sums.won[shoe, p]), float(sums.staked[shoe, p]), int(sums.bets[shoe, p]))
            assert got == totals[key], (shoe, key)


def test_a_fast_request_round_trips_and_an_exact_one_records_no_new_field() -> None:
    request = _request(CASES["ez side bets, own count, ramp per bet, wong in and out, threshold"])
    data = request.to_dict()
    assert data["fast"] is True and data["wong_in"] == "1"
    assert SimulateRequest.from_dict(data) == request
    assert "fast" not in SimulateRequest(shoes=2).to_dict()
    assert "wong_in" not in SimulateRequest(shoes=2).to_dict()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kelly": "100", "max_bet": 4}, "--kelly sets bets from each hand's exact EV"),
        ({"wong_in": "2"}, "--wong-in applies to a ramp"),
        ({"ramp": "tiger=1:1"}, "--ramp names 'tiger'"),
        ({"ramp": "2:1,1:2"}, "true counts must increase"),
        ({"ramp": "1:1", "wong_in": "1", "wong_out": "2"}, "must not be above --wong-in"),
    ],
)
def test_what_the_fast_mode_cannot_play_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(BaccaratError, match=message):
        SimulateRequest(fast=True, shoe=ShoeInput(decks=1), shoes=2, **fields)


def test_wong_in_needs_the_fast_mode_and_ramps_per_bet_do_not() -> None:
    with pytest.raises(BaccaratError, match="--wong-in is played by --fast"):
        SimulateRequest(shoe=ShoeInput(decks=1), shoes=2, ramp="1:1", wong_in="1")
    ramps = SimulateRequest(shoe=ShoeInput(decks=1), shoes=2, ramp="tie=1:1").settings().bet_ramps
    assert [ramp and ramp.text() for ramp in ramps] == [None, None, "1:1"]


def test_the_command_line_runs_and_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    code, out, _ = run_main(
        capsys, "simulate", "--fast", "--decks", "1", "--shoes", "5", "--bet", "dragon-7",
        "--ramp", "dragon-7=2:1", "--wong-in", "1", "--format", "json",
    )  # fmt: skip
    assert code == 0
    assert '"mode": "fast"' in out
    code, _, err = run_main(
        capsys, "simulate", "--fast", "--decks", "1", "--shoes", "5",
        "--plot", str(tmp_path / "a.png"),
    )  # fmt: skip
    assert code == 2
    assert "--fast prices no hand" in err
    assert len(err.strip().splitlines()) == 1


def test_the_round_table_is_the_rules_deal() -> None:
    """A variant's tableau is other data: the table changes with it (EZ has the same
    drawing rules; a tableau whose Banker stands on 5 differs exactly there)."""
    from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau

    table = fast_counting.round_table(STANDARD_TABLEAU)
    rows = [list(row) for row in STANDARD_TABLEAU.banker]
    rows[5] = [False] * 11
    stands_on_5 = Tableau(player=STANDARD_TABLEAU.player, banker=tuple(map(tuple, rows)))
    other = fast_counting.round_table(stands_on_5)
    changed = {i for i in range(10**4) if table[i] != other[i]}
    assert changed and all((i // 100) % 10 == 5 for i in changed)
    # a Banker 5 facing a Player who drew a 4 draws under the standard tableau only
    i = ((0 * 10 + 5) * 10 + 4) * 10 + 3  # Player 0 draws a 4; Banker 5 draws a 3
    assert EVENTS[int(table[i]) >> 3] == EVENTS[event_index(4, 8, 3, 3)]
    assert EVENTS[int(other[i]) >> 3] == EVENTS[event_index(4, 5, 3, 2)]


GOLDEN = Path(__file__).parent / "golden" / "simulate-fast-2-decks.json"


def test_the_golden_document_is_dealt_again_without_the_compiled_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`check` on a machine without a compiler deals the same bytes (the Python path)."""
    from baccarat_exact.commands.check import check_document

    monkeypatch.setattr(fast_counting, "NATIVE", False)
    found = check_document(GOLDEN.name, json.loads(GOLDEN.read_text()))
    assert found.checked > 500 and not found.differences


def test_the_golden_document_adds_up() -> None:
    """Identities of the stored figures: hands per shoe × shoes = hands; each way of
    betting's win per 100 hands is 100 × its win per shoe over the hands per shoe; a flat
    bet stakes one unit a hand bet."""
    document = json.loads(GOLDEN.read_text())
    shoes = document["request"]["shoes"]
    per_shoe = document["hands_per_shoe_float"]
    assert per_shoe * shoes == pytest.approx(document["hands"], abs=1e-9)
    for row in document["economics"]:
        won = row["won_per_shoe_float"]
        assert row["won_per_100_float"] == pytest.approx(100 * won / per_shoe, rel=1e-12)
        if row["betting"] == "flat" and row["bet_per_hand_bet_float"] is not None:
            assert row["bet_per_hand_bet_float"] == 1.0


def test_the_figures_do_not_depend_on_the_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of a fixed size, added in shoe order: 2 processes give the same floats."""
    from baccarat_exact.analysis import fast_simulate as run
    from baccarat_exact.analysis.fast_simulate import fast_simulate

    monkeypatch.setattr(run, "FAST_CHUNK_SHOES", 4)
    fast = _request({**CASES["a bet from a file, no burn"], "shoes": 13}).fast_settings()
    one, two = fast_simulate(fast, jobs=1), fast_simulate(fast, jobs=2)
    assert one.economics == two.economics and one.hands == two.hands
