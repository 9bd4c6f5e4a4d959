"""The JSON Schemas: valid draft 2020-12, shipped for every kind, and met by every command's
JSON and the golden files; a wrong document fails, and so does a document of the previous
layout (schema 1)."""

from __future__ import annotations

import copy
import csv
import doctest
import functools
import json
import re
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource
from typer.testing import CliRunner

import baccarat_exact
from baccarat_exact.cli import app
from baccarat_exact.commands import KINDS
from baccarat_exact.commands.schemas import (
    COMMON_FILE,
    schema,
    schema_file,
    schema_kinds,
    schema_text,
)
from baccarat_exact.errors import SchemaError
from baccarat_exact.report.render import dumps_json
from tests.cli_runner import run_main

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = Path(baccarat_exact.__file__).parent / "schemas"
GOLDEN = ROOT / "tests" / "golden"
BETS_FILE = "docs/examples/custom-bets.toml"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://baccarat-exact.example/schemas/3/"
SMALL_SHOE = "T=9,7=3,A=2,2=2"
"""A 16-card blackjack shoe: the solvers take milliseconds on it, seconds on a deck."""

runner = CliRunner()


def _offline(uri: str) -> Resource[Any]:
    raise NoSuchResource(ref=uri)


OFFLINE: Registry[Any] = Registry(retrieve=_offline)
"""A registry that never fetches: a schema must resolve every reference on its own."""


@functools.cache
def _files() -> dict[str, dict[str, Any]]:
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMAS.glob("*.json")}


@functools.cache
def _validators(kind: str) -> tuple[Draft202012Validator, Draft202012Validator]:
    """Validators of ``kind``: the self-contained schema alone, and the package's file with
    a registry of the files."""
    files = OFFLINE.with_resources((s["$id"], Resource.from_contents(s)) for s in _files().values())
    return (
        Draft202012Validator(schema(kind), registry=OFFLINE),
        Draft202012Validator(_files()[schema_file(kind)], registry=files),
    )


def _errors(document: Any, kind: str) -> list[str]:
    """What is wrong with ``document`` as a document of ``kind``, checked twice: against the
    self-contained schema, and against the package's files through a registry of them."""
    bundled, raw = _validators(kind)
    found = [f"{list(e.absolute_path)}: {e.message[:300]}" for e in bundled.iter_errors(document)]
    assert bool(found) == (not raw.is_valid(document)), "the file and the bundle disagree"
    return found


# -- the schemas themselves ------------------------------------------------------------


def test_every_kind_has_a_schema_file_and_nothing_else_is_shipped() -> None:
    assert schema_kinds() == KINDS
    assert set(_files()) == {schema_file(kind) for kind in KINDS} | {COMMON_FILE}


@pytest.mark.parametrize("name", sorted(p.name for p in SCHEMAS.glob("*.json")))
def test_every_schema_file_is_a_valid_draft_2020_12_schema(name: str) -> None:
    document = _files()[name]
    Draft202012Validator.check_schema(document)
    assert document["$schema"] == DRAFT
    assert document["$id"] == BASE + name
    assert document["title"].strip() and document["description"].strip()
    text = (SCHEMAS / name).read_text(encoding="utf-8")
    assert text == dumps_json(document), f"{name}: rewrite it with report.render.dumps_json"


@pytest.mark.parametrize("kind", KINDS)
def test_every_printed_schema_is_valid_and_self_contained(kind: str) -> None:
    bundled = schema(kind)
    Draft202012Validator.check_schema(bundled)
    for ref in _refs(bundled):
        assert ref.startswith("#/$defs/") and ref.removeprefix("#/$defs/") in bundled["$defs"]
    shared, own = _files()[COMMON_FILE]["$defs"], _files()[schema_file(kind)].get("$defs", {})
    for name, definition in bundled["$defs"].items():
        assert name in own or definition == shared[name]
    assert schema(kind) == bundled and schema(kind) is not bundled  # a fresh copy each time


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value
            else:
                yield from _refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from _refs(item)


@pytest.mark.parametrize("name", sorted(p.name for p in SCHEMAS.glob("*.json")))
def test_every_reference_points_at_a_definition(name: str) -> None:
    for ref in _refs(_files()[name]):
        target, _, pointer = ref.partition("#")
        assert target in ("", COMMON_FILE), f"{name}: {ref} leaves the package's schemas"
        match = re.fullmatch(r"/\$defs/([A-Za-z]+)", pointer)
        assert match, f"{name}: {ref} is not a reference to a definition"
        defs = _files()[target or name]["$defs"]
        assert match[1] in defs, f"{name}: {ref} names no definition"


def test_kinds_are_read_with_spaces_hyphens_or_underscores() -> None:
    dealer = schema("blackjack dealer")
    assert schema("blackjack-dealer") == dealer == schema("  Blackjack_Dealer ")
    assert dealer["$id"] == BASE + "blackjack-dealer.schema.json"


def test_an_unknown_kind_is_an_input_error_naming_every_kind() -> None:
    with pytest.raises(SchemaError, match="unknown kind of document 'oddz'") as error:
        schema("oddz")
    for kind in KINDS:
        assert kind.replace(" ", "-") in str(error.value)


# -- every command's JSON meets its kind's schema --------------------------------------

ROUNDS = "5 K 9 2 7 3\nburn 7 Kh\nAs 2 3 4\n"
"""A round, a burn and a line that is not a whole round (recorded among the errors)."""
KINGS = "K K K K K K\nK K K K K K\n"
"""Two rounds that leave too few cards for a third: the last step has no odds."""

COMMANDS: tuple[tuple[str, str, int], ...] = (
    ("odds", "odds --decks 8", 0),
    ("odds", f"odds --decks 1 --bets-file {BETS_FILE}", 0),
    ("odds", "odds --decks 1 --remove 'As Kh 9' --bet perfect-pair", 0),
    ("odds", "odds --infinite --game ez --bet perfect-pair", 0),
    ("odds", "odds --counts As=3,Kh=2,5=4,9=4,8=4 --game super-6", 0),
    ("odds", "odds --decks 1 --player '? K' --banker '9 ?' --stake banker=10,tie=1,big=2", 0),
    ("games", "games", 0),
    ("bets", f"bets --decks 1 --bets-file {BETS_FILE}", 0),
    ("rules", "rules", 0),
    ("rules", "rules --game ez", 0),
    ("eor", "eor", 0),
    ("eor", f"eor --decks 1 --count-system A:1,5:-1 --bet dragon-7 --bets-file {BETS_FILE}", 0),
    ("simulate", "simulate --decks 1 --shoes 3 --seed 1", 0),
    (
        "simulate",
        "simulate --decks 1 --shoes 2 --seed 2 --count-system A:1,5:-1 --threshold 2.5",
        0,
    ),
    ("track", "track --decks 1 {rounds}", 2),
    ("track", f"track --counts Ks=3,Kh=3,Kd=3,Kc=3 {{kings}} --bets-file {BETS_FILE}", 0),
    ("formula", "formula tie --terms 3", 0),
    ("formula", f"formula my-dragon-7 --remove Ks --terms 2 --bets-file {BETS_FILE}", 0),
    ("breakeven", f"breakeven --decks 1 --bets-file {BETS_FILE}", 0),
    ("breakeven", "breakeven tie --decks d", 0),
    ("grid", "grid --decks 1 --rows player-total", 0),
    ("grid", "grid --infinite --rows natural --cols cards --bet player-pair --player 5", 0),
    ("compare", "compare --decks 1,inf --figure house-edge,element-of-risk -b tie -b big", 0),
    ("report", "report --decks 1 --rounds 10,2000 --bet dragon-7", 0),
    ("report", "report --infinite --rounds 5 --mix banker=9,tie=1 --actual 2% --loss 3", 0),
    ("report", f"report --decks 1 --rounds 10 --bets-file {BETS_FILE}", 0),
    ("design", "design dragon-7 --line win --game ez --decks 1 --edge 5%..10%", 0),
    ("programs", "programs --decks 1 --session 10,2000 --cap 50 --min-loss 2", 0),
    ("programs", "programs banker --infinite --mix banker=9,tie=1 --rolling '' --session 5", 0),
    ("submission", "submission lucky-6 --decks 1 --shoes 20 --pays 'two-card 6=11'", 0),
    ("submission", "submission 9-over-7 --counts A=3,3=4,5=3,8=2,9=3,K=4 --shoes 5", 0),
    ("chemin", "chemin --infinite --model A1", 0),
    ("chemin", "chemin --decks 1 --model 2 --commission 5%", 0),
    ("banque", "banque --counts 'infinite: 2=3,5=3,T=2' --players draw,1/2", 0),
    ("lucky-draw", "lucky-draw --infinite --pay-table 2 --model total", 0),
    ("blackjack rules", "blackjack rules", 0),
    ("blackjack rules", "blackjack rules --rules us --blackjack-pays 6/5", 0),
    ("blackjack rules", "blackjack rules --surrender late --double 9-11 --split-by rank", 0),
    ("blackjack rulesets", "blackjack rulesets 6:5", 0),
    ("blackjack rulesets", "blackjack rulesets 6:5 --float", 0),
    ("blackjack dealer", "blackjack dealer --up A --decks 1", 0),
    ("blackjack dealer", "blackjack dealer --decks 1 --h17", 0),
    ("blackjack dealer", "blackjack dealer --infinite", 0),
    ("blackjack hand", "blackjack hand 'A 7' --up 9 --decks 1", 0),
    ("blackjack hand", "blackjack hand 'A 7' --up 9 --decks 1 --float", 0),
    ("blackjack hand", "blackjack hand '8 8' --up 6 --decks 1 --remove 'Kx3'", 0),
    ("blackjack edge", f"blackjack edge --counts {SMALL_SHOE} --option-values", 0),
    ("blackjack edge", f"blackjack edge --counts {SMALL_SHOE} --option-values --float", 0),
    ("blackjack strategy", f"blackjack strategy --counts {SMALL_SHOE}", 0),
    ("blackjack strategy", f"blackjack strategy --counts {SMALL_SHOE} --float", 0),
    ("blackjack strategy", f"blackjack strategy --counts {SMALL_SHOE} --surrender early", 0),
    ("blackjack hand", "blackjack hand 'T 6' --up T --decks 1 --surrender early", 0),
    ("blackjack hand", "blackjack hand 'A K' --up 9 --decks 1", 0),
    ("blackjack insurance", "blackjack insurance --decks 1", 0),
    ("blackjack eor", f"blackjack eor --counts {SMALL_SHOE}", 0),
    ("blackjack eor", f"blackjack eor --counts {SMALL_SHOE} --float", 0),
    ("blackjack simulate", f"blackjack simulate --counts {SMALL_SHOE} --shoes 3", 0),
    (
        "blackjack indices",
        f"blackjack indices --counts {SMALL_SHOE} --decks-left 15/52 --samples 3 "
        "--decisions insurance,16vT,TTv5",
        0,
    ),
    (
        "blackjack counting",
        "blackjack counting --decks 1 --shoes 30 --ramp 1:2 --kelly 500 --max-bet 4",
        0,
    ),
    ("blackjack counting", "blackjack counting --decks 2 --shoes 20 --indices none", 0),
    ("blackjack insurance", "blackjack insurance --counts A=1,T=5,9=5 'T 9'", 0),
    ("blackjack round", f"blackjack round --counts {SMALL_SHOE}", 0),
    ("blackjack round", f"blackjack round --counts {SMALL_SHOE} --float --strategy basic", 0),
    ("blackjack report", f"blackjack report --counts {SMALL_SHOE} --rounds 10,1000", 0),
    (
        "blackjack report",
        f"blackjack report --counts {SMALL_SHOE} --rounds 10 --float --strategy basic",
        0,
    ),
    ("dragon-tiger odds", "dragon-tiger odds --decks 1 --remove 'As K 7'", 0),
    ("dragon-tiger odds", "dragon-tiger odds --counts A=3,K=4,7=2", 0),
    (
        "dragon-tiger eor",
        "dragon-tiger eor --decks 1 --only tie --only dragon-big --count-system K:-1",
        0,
    ),
    ("dragon-tiger eor", "dragon-tiger eor --counts A=3,K=4 --only dragon", 0),
    (
        "dragon-tiger simulate",
        "dragon-tiger simulate --decks 1 --shoes 2 --only tie --only tiger-red",
        0,
    ),
)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("rounds")
    (folder / "rounds.txt").write_text(ROUNDS, encoding="utf-8")
    (folder / "kings.txt").write_text(KINGS, encoding="utf-8")
    return {"rounds": str(folder / "rounds.txt"), "kings": str(folder / "kings.txt")}


_DOCUMENTS: dict[str, dict[str, Any]] = {}


def document_of(command: str, code: int, inputs: dict[str, str]) -> dict[str, Any]:
    """The JSON ``command`` writes (run once, in process, from the project's root)."""
    if command not in _DOCUMENTS:
        args = [*shlex.split(command.format(**inputs)), "--format", "json"]
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(ROOT)
            result = runner.invoke(app, args)
        assert result.exit_code == code, result.stderr or result.stdout
        _DOCUMENTS[command] = json.loads(result.stdout)
    return copy.deepcopy(_DOCUMENTS[command])


def test_the_commands_cover_every_kind() -> None:
    assert {kind for kind, _, _ in COMMANDS} == set(KINDS)


@pytest.mark.parametrize(("kind", "command", "code"), COMMANDS, ids=[c for _, c, _ in COMMANDS])
def test_every_command_writes_json_its_kind_schema_accepts(
    kind: str, command: str, code: int, inputs: dict[str, str]
) -> None:
    document = document_of(command, code, inputs)
    assert document["kind"] == kind
    assert _errors(document, kind) == []


def _golden() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for path in sorted([*GOLDEN.glob("*.json"), *(ROOT / "docs" / "examples").glob("*.json")]):
        content = json.loads(path.read_text(encoding="utf-8"))
        for i, document in enumerate(content if isinstance(content, list) else [content]):
            found.append((f"{path.relative_to(ROOT)}[{i}]", document))
    return found


@pytest.mark.parametrize(("name", "document"), _golden(), ids=[n for n, _ in _golden()])
def test_every_golden_document_meets_its_schema(name: str, document: dict[str, Any]) -> None:
    assert _errors(document, document["kind"]) == []


def test_a_document_of_the_previous_layout_is_refused(inputs: dict[str, str]) -> None:
    """A schema-1 document (no kind, version or request; of release 0.1) is no longer read:
    its "schema" alone fails, and so do the envelope's keys it lacks."""
    old = document_of("odds --decks 8", 0, inputs)
    for key in ("kind", "version", "request"):
        del old[key]
    old["schema"] = 1
    errors = _errors(old, "odds")
    assert "['schema']: 3 was expected" in errors
    for key in ("kind", "version", "request"):
        assert f"[]: {key!r} is a required property" in errors


# -- a wrong document fails ------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], Any]

WRONG: tuple[tuple[str, str, Mutation], ...] = (
    ("float in an exact value", "odds --decks 8", lambda d: d["bets"]["banker"].update(ev=-0.0106)),
    ("missing outcomes", "odds --decks 8", lambda d: d.pop("outcomes")),
    ("unknown key", "odds --decks 8", lambda d: d.update(total_float=4.99e15)),
    ("schema 1", "odds --decks 8", lambda d: d.update(schema=1)),
    ("another kind", "odds --decks 8", lambda d: d.update(kind="eor")),
    ("p/1", "odds --decks 8", lambda d: d["rules"].update(commission="1/1")),
    ("half the statistics", "odds --decks 8", lambda d: d["bets"]["tie"].pop("variance")),
    ("an infinite shoe with cards", "odds --infinite --game ez --bet perfect-pair",
     lambda d: d["shoe"].update(cards=52)),
    ("definitions in the body", f"odds --decks 1 --bets-file {BETS_FILE}",
     lambda d: d.update(definitions=d["request"]["bets"]["definitions"])),
    ("a bet of the first release", "odds --decks 8",
     lambda d: d["bets"]["tie"].pop("lines")),
    ("a finite shoe without suits", "odds --decks 8", lambda d: d["shoe"].pop("suits")),
    ("float edge", "games", lambda d: d["games"][0]["house_edge"].update(banker=0.0106)),
    ("short tableau", "rules --game ez", lambda d: d["tableau"]["banker"].pop()),
    ("your count dropped", f"eor --decks 1 --count-system A:1,5:-1 --bet dragon-7 --bets-file {BETS_FILE}",
     lambda d: d.pop("your_count")),
    ("your count with no tags asked", "eor", lambda d: d.update(your_count=d["counts"])),
    ("level in the body", "eor", lambda d: d.update(level=2)),
    ("float break-even", "eor",
     lambda d: d["counts"]["banker"].update(break_even_true_count=22.54)),
    ("effect without its float", "eor",
     lambda d: d["bets"]["tie"]["effects"]["A"].pop("win_effect_float")),
    ("exact value under a _float key", "simulate --decks 1 --shoes 3 --seed 1",
     lambda d: next(iter(d["tables"].values()))[0].update(mean_ev_float="1/2")),
    ("settings in the body", "simulate --decks 1 --shoes 3 --seed 1",
     lambda d: d.update(settings={"seed": 1})),
    ("a table missing", "simulate --decks 1 --shoes 3 --seed 1",
     lambda d: d["tables"].pop("depth_surebets")),
    ("an unknown column", "simulate --decks 1 --shoes 3 --seed 1",
     lambda d: d["tables"]["count"][0].update(threshold=2.5)),
    ("unknown card", "track --decks 1 {rounds}", lambda d: d["steps"][1]["cards"].append("Z")),
    ("win without its float", "track --decks 1 {rounds}",
     lambda d: d["steps"][0]["bets"]["tie"].pop("win_float")),
    ("missing infinite shoe", "formula tie --terms 3", lambda d: d["outcomes"]["tie"].pop("infinite_shoe")),
    ("symbolic flipped", "breakeven tie --decks d", lambda d: d.update(symbolic=False)),
    ("rows in the body", "grid --decks 1 --rows player-total",
     lambda d: d.update(rows="player-total")),
    ("outcome as a bare fraction", "grid --decks 1 --rows player-total",
     lambda d: d["cells"][0]["outcomes"].update(tie="1/16")),
    ("a column in a table of rows", "grid --decks 1 --rows player-total",
     lambda d: d["cells"][0].update(col="5")),
    ("no column in a table of two keys",
     "grid --infinite --rows natural --cols cards --bet player-pair --player 5",
     lambda d: d["cells"][0].update(col=None)),
    ("remove in the body", "compare --decks 1,inf --figure house-edge,element-of-risk -b tie -b big",
     lambda d: d.update(remove="")),
    ("aliases dropped", "blackjack rulesets 6:5", lambda d: d["rulesets"][0].pop("aliases")),
    ("float line without its float", f"breakeven --decks 1 --bets-file {BETS_FILE}",
     lambda d: d["bets"]["banker"]["lines"][0].pop("fair_pay_float")),
    ("bad pay", "blackjack rules", lambda d: d["rules"].update(blackjack_pays=1.5)),
    ("two rows for one up card", "blackjack dealer --up A --decks 1",
     lambda d: d["up_cards"].append(d["up_cards"][0])),
    ("exact move without ev", "blackjack hand 'A 7' --up 9 --decks 1",
     lambda d: d["moves"][0].pop("ev")),
    ("float move with ev", "blackjack hand 'A 7' --up 9 --decks 1 --float",
     lambda d: d["moves"][0].update(ev="-1/5")),
    ("float edge with exact values", f"blackjack edge --counts {SMALL_SHOE} --option-values --float",
     lambda d: d["option_values"][0].update(change_basic="1/100")),
    ("float edge in a PAR sheet", "report --decks 1 --rounds 10,2000 --bet dragon-7",
     lambda d: d["bets"]["dragon-7"].update(house_edge=0.0761)),
    ("a horizon of no method", "report --decks 1 --rounds 10,2000 --bet dragon-7",
     lambda d: d["bets"]["tie"]["rounds"][1].update(method="guessed")),
    ("a mix without its hold", "report --infinite --rounds 5 --mix banker=9,tie=1 --actual 2% --loss 3",
     lambda d: d["mix"].pop("hold")),
    ("unknown move", f"blackjack strategy --counts {SMALL_SHOE}",
     lambda d: d["chart"]["hard_9"].update({"2": "X"})),
)  # fmt: skip


@pytest.mark.parametrize(("what", "command", "mutate"), WRONG, ids=[w for w, _, _ in WRONG])
def test_a_wrong_document_fails(
    what: str, command: str, mutate: Mutation, inputs: dict[str, str]
) -> None:
    kind, code = next((k, c) for k, cmd, c in COMMANDS if cmd == command)
    document = document_of(command, code, inputs)
    mutate(document)
    assert _errors(document, kind), f"{what}: still valid"


# -- the command -----------------------------------------------------------------------


def test_schema_lists_every_kind_in_80_columns() -> None:
    """At 80 columns the table keeps kind and file and drops the title, saying so."""
    result = runner.invoke(app, ["schema"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert max(map(len, result.stdout.splitlines())) <= 80
    for kind in KINDS:
        row = rf"^{re.escape(kind)} +{re.escape(schema_file(kind))}$"
        assert re.search(row, result.stdout, re.M), kind
    assert "what the document holds not shown for width" in " ".join(result.stdout.split())


def test_schema_lists_every_kind_with_its_title_where_it_fits() -> None:
    wide = runner.invoke(app, ["schema"], env={"COLUMNS": "120"})
    assert wide.exit_code == 0 and "not shown for width" not in wide.stdout
    for kind in KINDS:
        title = schema(kind)["title"]
        row = rf"^{re.escape(kind)} +{re.escape(schema_file(kind))} +{re.escape(title)}$"
        assert re.search(row, wide.stdout, re.M), kind
    table = runner.invoke(app, ["schema", "--format", "csv"], env={"COLUMNS": "80"})
    assert table.exit_code == 0
    assert list(csv.reader(table.stdout.splitlines())) == [
        ["kind", "file", "title"],
        *([kind, schema_file(kind), schema(kind)["title"]] for kind in KINDS),
    ]


def test_schema_json_maps_every_kind_to_its_schema() -> None:
    result = runner.invoke(app, ["schema", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {kind: schema(kind) for kind in KINDS}


@pytest.mark.parametrize("kind", KINDS)
def test_schema_prints_the_schema_of_every_kind(kind: str) -> None:
    result = runner.invoke(app, ["schema", kind.replace(" ", "-")])
    assert result.exit_code == 0
    assert result.stdout == schema_text(kind)
    Draft202012Validator.check_schema(json.loads(result.stdout))


@pytest.mark.parametrize(
    "args", [["blackjack dealer"], ["blackjack-dealer"], ["blackjack", "dealer"]]
)
def test_schema_reads_a_two_word_kind_however_written(args: list[str]) -> None:
    result = runner.invoke(app, ["schema", *args])
    assert result.exit_code == 0 and result.stdout == schema_text("blackjack dealer")


def test_schema_of_an_unknown_kind_is_one_error_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run_main(capsys, "schema", "oddz")
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("Error: unknown kind of document 'oddz'; the kinds are: odds, ")


def test_the_python_example_of_the_schemas_page_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "docs" / "schemas.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("kind", KINDS)
def test_each_schema_file_holds_the_request_its_command_reads(kind: str) -> None:
    """The request part of every schema file is made from the command's request class
    (`make docs` rewrites it): the schema cannot drift from what check reads."""
    from baccarat_exact.commands.schemas import refreshed

    assert (SCHEMAS / schema_file(kind)).read_text(encoding="utf-8") == refreshed(kind), (
        "run `make docs`"
    )
