"""Blackjack's round is stated once (blackjack/round/): a scan of the package's syntax trees
shows that settlement, the dealer's draw, the peek, Triple Seven detection, splittability
and the resplit dealing order are each defined in one place, and that no other module reads
the rules that decide them except to key a cache or a table."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "baccarat_exact"
ROUND = PACKAGE / "blackjack" / "round"
RULES = (PACKAGE / "blackjack" / "rules.py", PACKAGE / "blackjack" / "rule_option.py")
"""The rules' declaration: where every rule is written, so it is read."""

ROUND_FUNCTIONS = (
    "settle",
    "settle_peeked",
    "settle_insurance",
    "settlement_table",
    "dealer_stands",
    "stop_table",
    "peeks",
    "blackjack_slot",
    "is_triple_seven",
    "pays_triple_seven",
    "may_split",
    "split_share",
    "tens_split_by_rank",
    "surrenders_before_peek",
    "stand_margins",
    "dealer_stops",
    "split_deals",
    "hands_possible",
    "forced_stand",
    "may_double",
    "may_surrender",
)
"""The round's decisions, each a function of blackjack/round/."""

ROUND_RULES = ("hole_card", "dealer_hits_soft_17", "dealer_blackjack_takes", "split_by")
"""The rule fields only the round reads (the peek, the dealer's draw, what a dealer blackjack
takes, what makes a pair)."""

CACHE_KEYS: dict[tuple[str, str], int] = {
    # the dealer's multiset table and its cache are built per dealer rule
    ("blackjack/solver.py", "dealer_hits_soft_17"): 1,
    ("blackjack/edge.py", "dealer_hits_soft_17"): 1,
    # the dealer command's chart is the table of one dealer rule
    ("commands/blackjack/hands.py", "dealer_hits_soft_17"): 1,
    # the published Fab 4 index of 15 v A is keyed by the dealer's rule
    ("blackjack/index_play.py", "dealer_hits_soft_17"): 1,
}
"""Reads of those rules outside the round that only key a cache or select a table, with how
many there are: a new read fails the test until it goes through the round."""


def _modules() -> list[Path]:
    return sorted(
        path
        for path in PACKAGE.rglob("*.py")
        if not path.is_relative_to(ROUND) and path not in RULES
    )


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def test_each_decision_of_the_round_is_defined_once_in_the_round() -> None:
    defined: dict[str, list[str]] = {name: [] for name in ROUND_FUNCTIONS}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.parse(path.read_text(), str(path)).body:  # methods may delegate
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in defined:
                defined[node.name].append(_name(path))
    for name, where in defined.items():
        assert len(where) == 1 and where[0].startswith("blackjack/round/"), (name, where)


def _rule_reads() -> Counter[tuple[str, str]]:
    reads: Counter[tuple[str, str]] = Counter()
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in ROUND_RULES
                and isinstance(node.ctx, ast.Load)
            ):
                reads[(_name(path), node.attr)] += 1
    return reads


def test_no_module_outside_the_round_reads_its_rules_except_to_key_a_cache() -> None:
    assert dict(_rule_reads()) == CACHE_KEYS


@pytest.mark.parametrize("enum", ["DealerBlackjackTakes", "SplitBy"])
def test_no_module_outside_the_round_decides_by_the_round_s_rule_values(enum: str) -> None:
    """``DealerBlackjackTakes.ALL`` or ``SplitBy.RANK`` compared outside the round would be
    a second statement of what a dealer blackjack takes or what a pair is."""
    found = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == enum
            ):
                found.append((_name(path), node.lineno))
    assert found == []


def test_the_scan_sees_a_read_where_there_is_one(tmp_path: Path) -> None:
    """The scan itself: a module reading ``rules.hole_card`` is found."""
    tree = ast.parse("def f(rules):\n    return rules.hole_card\n")
    reads = [
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ROUND_RULES
    ]
    assert reads == ["hole_card"]
