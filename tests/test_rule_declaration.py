"""A blackjack rule is declared once, on its field of ``BlackjackRules``, and everything
that lists the rules is made from that declaration.

A dummy rule added in a fixture (a rules class with one more declared field) reaches the
rules themselves, the request's inputs and their checks, the command-line options, the
JSON Schemas and the docs' tables with no other line written; and an AST scan fails when
a list of rules is written out by hand again in the CLI, the commands or the docs'
generators.
"""

from __future__ import annotations

import ast
import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import pytest
import typer
from typer.testing import CliRunner

from baccarat_exact.blackjack.rule_option import declare, declared_rules
from baccarat_exact.blackjack.rules import (
    CASINO_RULES,
    BlackjackRules,
    option_flips,
    rule_options,
)
from baccarat_exact.cli.blackjack import BJ_RULES, rules_options
from baccarat_exact.cli.shared import grouped
from baccarat_exact.commands.blackjack.inputs import (
    ALL_RULES,
    DEALER_RULES,
    INSURANCE_RULES,
    OPTION_NAMES,
    BlackjackRulesInput,
    rule_inputs,
)
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.commands.schemas import (
    COMMON_FILE,
    blackjack_rules_schema,
    refreshed_common,
    request_schema,
)
from baccarat_exact.errors import RulesError
from docs.gen_cli import shared_table

ROOT = Path(__file__).resolve().parent.parent


# -- the dummy rule ---------------------------------------------------------------------

DUMMY_HELP = "How many dummies sit at the table: 1, 2 or 3 (casino: 1)."
DUMMY_MEANING = "dummies at the table, a rule made up for a test"


@dataclass(frozen=True, slots=True, kw_only=True)
class DummyRules(BlackjackRules):
    """The rules with one more, declared as every rule is."""

    dummies: int = field(
        default=1,
        metadata=declare("--dummies", help=DUMMY_HELP, meaning=DUMMY_MEANING, choices=(1, 2, 3)),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
@rule_inputs
class DummyRulesInput(BlackjackRulesInput):
    """The request's rules with the dummy rule's input made from its declaration."""

    GAME: ClassVar[type[BlackjackRules]] = DummyRules


@dataclass(frozen=True)
class DummyGame:
    """Everything made from the declaration with the dummy rule in it."""

    rules: type[DummyRules]
    inputs: type[DummyRulesInput]
    app: typer.Typer


@pytest.fixture(scope="module")
def dummy() -> DummyGame:
    """A blackjack CLI of two commands whose rules options come from the declaration
    with the dummy rule: each prints the rules input it was given as JSON."""
    group = rules_options(DummyRulesInput)
    app = typer.Typer()

    def show(ctx: typer.Context) -> None:
        """Print the rules input."""
        typer.echo(json.dumps(group.value(ctx).to_dict()))

    app.command("one", cls=grouped(group))(show)
    app.command("two", cls=grouped(group))(show)
    return DummyGame(rules=DummyRules, inputs=DummyRulesInput, app=app)


def test_the_dummy_rule_is_declared_after_the_others(dummy: DummyGame) -> None:
    names = [option.name for option in rule_options(dummy.rules)]
    assert names == [*(option.name for option in rule_options()), "dummies"]
    (added,) = [option for option in rule_options(dummy.rules) if option.name == "dummies"]
    assert (added.input, added.kind, added.default, added.option) == (
        "dummies",
        int,
        1,
        "--dummies",
    )


def test_the_dummy_rule_reaches_the_rules(dummy: DummyGame) -> None:
    rules = dummy.rules(dummies=2)
    assert rules.to_dict()["dummies"] == 2
    assert dummy.rules.from_dict(rules.to_dict()) == rules
    assert ("dummies", "2", "1", DUMMY_MEANING) in rules.describe()
    with pytest.raises(RulesError, match=r"^dummies must be 1, 2 or 3, got 5$"):
        dummy.rules(dummies=5)
    with pytest.raises(RulesError, match=r"^unknown blackjack rule 'dummies'$"):
        BlackjackRules.from_dict({"dummies": 2})  # the casino's rules do not know it


def test_the_dummy_rule_reaches_the_request(dummy: DummyGame) -> None:
    given = dummy.inputs(ruleset="us", h17=True, dummies=3)
    assert given.to_dict()["dummies"] == 3
    assert list(given.to_dict()) == [*ALL_RULES, "dummies"]
    assert dummy.inputs.from_dict(given.to_dict()) == given
    assert given.given() == ("h17", "dummies")
    assert given.changes() == {"dealer_hits_soft_17": True, "dummies": 3}
    assert dummy.rules(**given.changes()).dummies == 3
    assert dummy.inputs().changes() == {}
    with pytest.raises(RulesError, match=r"^--dummies must be 1, 2 or 3, got 7$"):
        dummy.inputs(dummies=7)


def test_the_dummy_rule_reaches_the_command_line(dummy: DummyGame) -> None:
    runner = CliRunner()
    shown = runner.invoke(dummy.app, ["one", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0
    assert "--dummies" in shown.output and DUMMY_HELP in shown.output
    assert shown.output.index("--split-by") < shown.output.index("--dummies")
    done = runner.invoke(dummy.app, ["two", "--rules", "us", "--dummies", "2", "--das"])
    assert done.exit_code == 0, done.output
    printed = json.loads(done.stdout)
    assert (printed["ruleset"], printed["dummies"], printed["das"], printed["h17"]) == (
        "us",
        2,
        True,
        None,
    )
    refused = runner.invoke(dummy.app, ["one", "--dummies", "9"])
    assert refused.exit_code == 2
    assert "Error: --dummies must be 1, 2 or 3, got 9" in refused.output


def test_the_dummy_rule_reaches_the_schemas(dummy: DummyGame) -> None:
    request = request_schema(dummy.inputs)
    assert request["properties"]["dummies"] == {"type": ["integer", "null"]}
    assert list(request["properties"]) == [*ALL_RULES, "dummies"]
    rules = blackjack_rules_schema(dummy.rules)
    assert rules["properties"]["dummies"] == {"enum": [1, 2, 3]}
    assert "dummies" not in rules["required"]  # documents written before it do not hold it


def test_the_dummy_rule_reaches_the_docs_tables(dummy: DummyGame) -> None:
    shared = shared_table(typer.main.get_command(dummy.app))
    assert f"| `--dummies` | {DUMMY_HELP} | every command |" in shared
    # the `blackjack rules` table docs/blackjack.md shows is `describe`'s
    assert dummy.rules().describe()[-1] == ("dummies", "1", "1", DUMMY_MEANING)


# -- the real rules, made from their declarations -----------------------------------------


def test_every_field_of_the_rules_is_a_declared_rule() -> None:
    assert [option.name for option in rule_options()] == [
        item.name for item in dataclasses.fields(BlackjackRules)
    ]
    for option in rule_options():
        assert option.default == getattr(CASINO_RULES, option.name)
        assert option.help and option.meaning and option.flags[0].startswith("--")


def test_a_field_without_its_declaration_is_refused() -> None:
    @dataclass(frozen=True)
    class Undeclared:
        decks: int = 6

    with pytest.raises(TypeError, match=r"Undeclared.decks: declare the rule"):
        declared_rules(Undeclared)


def test_the_request_the_options_and_the_schemas_list_the_declared_rules() -> None:
    inputs = [option.input for option in rule_options()]
    assert ALL_RULES == ("ruleset", *inputs) == tuple(OPTION_NAMES)
    assert [item.name for item in dataclasses.fields(BlackjackRulesInput)] == list(ALL_RULES)
    assert [param.name for param in BJ_RULES.params()] == list(ALL_RULES)
    assert list(request_schema(BlackjackRulesInput)["properties"]) == list(ALL_RULES)
    assert list(blackjack_rules_schema()["properties"]) == [o.name for o in rule_options()]
    assert DEALER_RULES == ("ruleset", "decks", "h17")
    assert INSURANCE_RULES == ("ruleset", "decks", "hole_card", "blackjack_pays")
    assert [flip.option for flip in option_flips(CASINO_RULES)][:3] == [
        "dealer_hits_soft_17",
        "hole_card",
        "dealer_blackjack_takes",
    ]


def test_the_shipped_rules_schema_is_the_declared_one() -> None:
    shipped = (ROOT / "baccarat_exact" / "schemas" / COMMON_FILE).read_text(encoding="utf-8")
    assert shipped == refreshed_common(), "run `make docs`"


# -- no list of rules written by hand ------------------------------------------------------

SCANNED = (
    sorted((ROOT / "baccarat_exact" / "cli").rglob("*.py"))
    + sorted((ROOT / "baccarat_exact" / "commands").rglob("*.py"))
    + sorted((ROOT / "docs").glob("*.py"))
)
"""Where the rules were listed by hand before they were declared once."""

_DISPLAYS = (ast.Tuple, ast.List, ast.Set, ast.Dict)


def _rule_words() -> frozenset[str]:
    """The names a rule goes by: its field, its input, and its options' long flags."""
    words = set()
    for option in rule_options():
        words |= {option.name, option.input}
        words |= {flag for flag in option.option.split("/") if flag.startswith("--")}
    return frozenset(words)


def _option_flags() -> frozenset[str]:
    """The rules' options as typer declares them, less those the shoe shares (--decks)."""
    shoe = {item.name for item in dataclasses.fields(ShoeInput)}
    return frozenset(option.option for option in rule_options() if option.input not in shoe)


def handwritten_rule_lists(source: str, where: str = "<source>") -> list[str]:
    """Where ``source`` names three rules or more in one list, call, signature or class
    body, or declares a rule's option itself: each as ``where:line what``."""
    words, flags = _rule_words(), _option_flags()
    found: list[str] = []

    def named(nodes: Iterator[ast.AST]) -> set[str]:
        return {
            node.value
            for node in nodes
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value in words
        }

    for node in ast.walk(ast.parse(source)):
        line = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, _DISPLAYS) and len(named(ast.walk(node))) >= 3:
            found.append(f"{line} a list of rules: {sorted(named(ast.walk(node)))}")
        elif isinstance(node, ast.Call):
            keywords = {keyword.arg for keyword in node.keywords} & words
            if len(keywords) >= 3:
                found.append(f"{line} a call given rules one by one: {sorted(keywords)}")
            declared = {
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and arg.value in flags
            }
            if declared:
                found.append(f"{line} a rule's option declared by hand: {sorted(declared)}")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args.args + node.args.kwonlyargs
            parameters = {argument.arg for argument in arguments} & words
            if len(parameters) >= 3:
                found.append(f"{line} a signature of rules: {sorted(parameters)}")
        elif isinstance(node, ast.ClassDef):
            annotated = {
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            } & words
            if len(annotated) >= 3:
                found.append(f"{line} a class body of rules: {sorted(annotated)}")
    return found


OLD_WAYS = {
    "a list of rules": '_SWITCHES = (("h17", "dealer_hits_soft_17"), ("das", "double_after_split"))',
    "a call given rules one by one": "BlackjackRulesInput(ruleset=r, h17=h17, das=das, split_by=s)",
    "a rule's option declared by hand": 'DasOption = Annotated[bool, typer.Option("--das/--no-das")]',
    "a signature of rules": "def _rules(decks=None, h17=None, das=None): ...",
    "a class body of rules": "class Inputs:\n    h17: bool\n    das: bool\n    surrender: str\n",
}
"""How the rules were written out by hand before (0.3.0), one of each kind."""


@pytest.mark.parametrize(("kind", "source"), OLD_WAYS.items())
def test_the_scan_finds_each_old_way_of_listing_the_rules(kind: str, source: str) -> None:
    (finding,) = handwritten_rule_lists(source)
    assert kind in finding


@pytest.mark.parametrize("path", SCANNED, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_list_of_rules_is_written_by_hand(path: Path) -> None:
    where = str(path.relative_to(ROOT))
    found = handwritten_rule_lists(path.read_text(encoding="utf-8"), where)
    assert not found, "make it from the rules' declaration (rule_options):\n" + "\n".join(found)


def test_the_scan_reads_every_place_that_listed_the_rules() -> None:
    scanned = {str(path.relative_to(ROOT)) for path in SCANNED}
    assert {
        "baccarat_exact/cli/blackjack.py",
        "baccarat_exact/commands/blackjack/inputs.py",
        "baccarat_exact/commands/schemas.py",
        "docs/gen_cli.py",
    } <= scanned
