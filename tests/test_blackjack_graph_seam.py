"""The state graph's seam: it reads the solver through GraphSolver and reads no round rule itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from baccarat_exact.blackjack.graph_solver import GraphSolver
from baccarat_exact.blackjack.hands import ACE, TEN
from baccarat_exact.blackjack.rules import BlackjackRules, DealerBlackjackTakes, DoubleRule
from baccarat_exact.blackjack.solver import UpCardSolver

GRAPH_MODULES = sorted(
    (Path(__file__).resolve().parent.parent / "baccarat_exact" / "blackjack").glob("graph*.py")
)
ROUND_RULES = {"hole_card", "dealer_hits_soft_17", "dealer_blackjack_takes", "split_by"}
"""Rules of the round the graph asks the solver about (the peek, what a dealer blackjack
takes, the dealer's draw, splittability) and never reads."""

SHOE = (24,) * 9 + (95,)  # six decks less a ten up card


def test_the_graph_is_split_into_its_modules() -> None:
    names = {path.name for path in GRAPH_MODULES}
    assert {"graph.py", "graph_solver.py", "graph_links.py", "graph_ends.py"} <= names


@pytest.mark.parametrize("path", GRAPH_MODULES, ids=lambda path: path.name)
def test_the_graph_reads_no_rule_of_the_round(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    read = sorted(
        f"{path.name}:{node.lineno} {node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ROUND_RULES
    )
    assert not read, read


def test_the_solver_has_every_member_the_graph_reads() -> None:
    members = set(GraphSolver.__annotations__) | {
        name for name, value in vars(GraphSolver).items() if callable(value) and name[0] != "_"
    }
    solver = UpCardSolver(SHOE, TEN, BlackjackRules())
    assert len(members) > 20  # the protocol's members were found
    assert sorted(name for name in members if not hasattr(solver, name)) == []


@pytest.mark.parametrize(
    ("rules", "made", "sharing"),
    [
        (BlackjackRules(dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL), 3, 3),
        (BlackjackRules(dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL), 4, 4),
        (BlackjackRules(dealer_blackjack_takes=DealerBlackjackTakes.ALL), 3, 2),
        (BlackjackRules(hole_card=True), 4, 2),
    ],
)
def test_split_hands_share_the_original_stake_only_when_a_dealer_blackjack_takes_it(
    rules: BlackjackRules, made: int, sharing: int
) -> None:
    assert UpCardSolver(SHOE, TEN, rules).split_sharing(made) == sharing


def test_the_settlement_key_changes_with_the_peek_and_the_take_alone() -> None:
    def key(rules: BlackjackRules) -> tuple[object, ...]:
        return UpCardSolver(SHOE, TEN, rules).settlement_key()

    plain = key(BlackjackRules())
    assert key(BlackjackRules(double=DoubleRule.TEN_TO_ELEVEN)) == plain  # shared by that flip
    assert key(BlackjackRules(hole_card=True)) != plain
    assert key(BlackjackRules(dealer_blackjack_takes=DealerBlackjackTakes.ORIGINAL)) != plain


def test_a_player_blackjack_is_paid_unless_the_dealer_has_one_too() -> None:
    hand = (1,) + (0,) * 8 + (1,)  # A T
    solver = UpCardSolver(SHOE, TEN, BlackjackRules())
    aces = SHOE[ACE] - 1  # the player's ace is out
    # over D_2: the pay times the deals with no ace in the hole (an ace next: a push)
    assert solver.blackjack(hand) == solver.k_bj * (solver.unit(2) - aces * solver.unit(3))
    six_up = UpCardSolver(SHOE, 5, BlackjackRules())  # no dealer blackjack behind a 6
    assert six_up.blackjack(hand) == six_up.k_bj * six_up.unit(2)
