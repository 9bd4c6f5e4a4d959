"""``check``: every kind of document checks, a changed value is named, a non-document is refused.

The golden files' own values are tied to independent sources in test_golden_sources.py;
here the subject is the checking: recomputing each kind from what it records, comparing
every value, the exit codes, JUnit, ``--write``.
"""

from __future__ import annotations

import json
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.commands import KINDS
from baccarat_exact.commands.check import (
    check_document,
    float_matches,
    junit_xml,
    later_defaults,
    load_documents,
)
from baccarat_exact.errors import GoldenFileError
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_app as run
from tests.reference import reference_event_probabilities

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
CUSTOM_BETS = ROOT / "docs" / "examples" / "custom-bets.toml"
SMALL_BLACKJACK_SHOE = "A=2,2=2,3=2,4=2,5=2,6=2,7=2,8=2,9=2,T=8"
ROUND_SHOE = "A=2,5=2,6=2,7=2,9=2,T=8"
"""18 cards: the exact law of every round (pairs, doubles, splits) at a third of the cost."""


# One command per kind of document (small shoes: each is recomputed many times below).
# A document's inputs are its request: the question it answers.
COMMANDS: dict[str, str] = {
    "odds": "odds --decks 1 --bets-file {bets} --bet dragon-7",
    "odds-suits": 'odds --decks 1 --remove "As Ah Kd 9c 9" --bet perfect-pair',
    "odds-stake": 'odds --decks 1 --player "? 5" --stake banker=2,player-pair=1',
    "games": "games --decks 1",
    "bets": "bets --decks 1 --bets-file {bets}",
    "rules": "rules --game ez",
    "eor": 'eor --decks 1 --bet dragon-7 --count-system "A:1,5:-1" --level 3',
    "simulate": "simulate --decks 1 --shoes 3 --seed 5 --bet panda-8",
    "track": "track --decks 1 --bet perfect-pair {rounds}",
    "formula": "formula --bets-file {bets}",
    "breakeven": "breakeven",
    "grid": "grid --decks 1 --rows banker-first --cols player-total --bet player-pair --player 5",
    "compare": (
        "compare --decks 1,inf --game punto-banco,ez --tie-pays 8,9 "
        "--figure house-edge,element-of-risk -b dragon-7"
    ),
    "report": (
        "report --decks 1 --rounds 10,2000 --bet dragon-7 --loss 10%,5 "
        "--mix banker=2,tie=1,dragon-7=1 --actual 5%"
    ),
    "design": (
        "design dragon-bonus-player --decks 1 --line 'win by 9' --line 'win by 8' "
        "--edge 2%..3% --top 3"
    ),
    "programs": (
        "programs --decks 1 --session 10,2000 --rebate 10%,20% --cap 5 --min-loss 1 "
        "--mix banker=9,tie=1"
    ),
    "submission": "submission dragon-7 --decks 1 --pays win=30 --shoes 40 --seed 3",
    "chemin": "chemin --infinite --model A1 --commission 5%",
    "banque": "banque --counts 'infinite: 2=3,5=3,T=2' --stakes 1/3",
    "lucky-draw": "lucky-draw --counts A=2,5=2,9=2,K=3 --pay-table 2",
    "blackjack report": f"blackjack report --counts {ROUND_SHOE} --rounds 10,1000",
    "blackjack rules": "blackjack rules --h17 --das",
    "blackjack rulesets": "blackjack rulesets 6:5 --float",
    "blackjack insurance": "blackjack insurance 'T 9' --decks 2",
    "blackjack dealer": "blackjack dealer --up A --decks 1",
    "blackjack hand": "blackjack hand 'A 7' --up 9 --decks 1",
    "blackjack edge": f"blackjack edge --counts {SMALL_BLACKJACK_SHOE}",
    "blackjack eor": "blackjack eor --counts T=9,7=3,A=2,2=2",
    "blackjack strategy": f"blackjack strategy --counts {SMALL_BLACKJACK_SHOE} --float",
    "blackjack round": f"blackjack round --counts {ROUND_SHOE} --strategy optimal",
    "blackjack simulate": "blackjack simulate --counts T=9,7=3,A=2,2=2 --shoes 3 --seed 5",
    "blackjack counting": "blackjack counting --decks 1 --shoes 40 --seed 5 --ramp 1:2,2:4",
    "blackjack indices": (
        "blackjack indices --counts A=3,5=3,6=4,7=4,9=2,T=8 --decks-left 20/52 --samples 3 "
        "--decisions insurance,16vT --true-counts -1..1 --float"
    ),
    "dragon-tiger odds": 'dragon-tiger odds --decks 1 --remove "K 7s" --tie-pays 11',
    "dragon-tiger eor": "dragon-tiger eor --decks 1 --only tie --only dragon-big --count-system K:-1,A:1",
    "dragon-tiger simulate": "dragon-tiger simulate --decks 1 --shoes 3 --seed 5 --only dragon-big",
}
INPUTS = ("request",)
"""Where a document keeps its inputs."""


SAMPLES = {
    "report": 12,
    "games": 9,
    "programs": 10,
    "submission": 6,
    "chemin": 6,
    "banque": 4,
    "lucky-draw": 4,
    "dragon-tiger eor": 6,
    "dragon-tiger simulate": 6,
    "design": 10,
    "blackjack report": 3,
    "blackjack rulesets": 3,
    "blackjack edge": 3,
    "blackjack strategy": 3,
    "blackjack round": 3,
    "formula": 6,
    "eor": 10,
    "simulate": 15,
    "blackjack simulate": 15,
    "blackjack counting": 10,
    "blackjack indices": 3,
}
"""Values changed one at a time per kind (each change is a recomputation; default 40)."""


@pytest.fixture(scope="module")
def documents(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Each command's document, written while its files existed; the files are then gone."""
    where = tmp_path_factory.mktemp("inputs")
    bets = where / "lab.toml"
    bets.write_text(CUSTOM_BETS.read_text(encoding="utf-8"), encoding="utf-8")
    rounds = where / "rounds.txt"
    rounds.write_text("5 K 9 2 7 3\nburn 7 K K\n9h Qs Qc 3d\n", encoding="utf-8")
    written = {}
    for name, command in COMMANDS.items():
        args = shlex.split(command.format(bets=bets, rounds=rounds))
        code, out, err = run(*args, "--format", "json")
        assert code == 0, err
        written[name] = json.loads(out)
    bets.unlink()
    rounds.unlink()
    return written


def test_every_kind_is_covered() -> None:
    kinds = {name if name in KINDS else name.split("-")[0] for name in COMMANDS}
    assert kinds == set(KINDS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_kind_checks_without_its_input_files(
    documents: dict[str, dict[str, Any]], name: str
) -> None:
    document = documents[name]
    result = check_document(name, document)
    assert result.kind == document["kind"]
    assert result.differences == ()
    assert result.checked >= 10


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, value) for every leaf, paths written as check writes them."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}[{index}]")
    else:
        yield path, value


def changed(value: Any) -> Any:
    """A different value of the same JSON type (an exact fraction stays a fraction)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value * 1.5 + 0.25
    if value is None:
        return 0.5
    try:
        return str(Fraction(value) + Fraction(1, 7))
    except (ValueError, ZeroDivisionError):
        return value + " (changed)"


def replaced(document: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(document))
    *parents, last = re.findall(r"[^.\[\]]+", path)
    target: Any = copy
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return copy


def is_input(path: str, inputs: tuple[str, ...]) -> bool:
    general = re.sub(r"\[\d+\]", "[]", path)
    return any(general == key or general.startswith((f"{key}.", f"{key}[")) for key in inputs)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_changed_result_is_named(documents: dict[str, dict[str, Any]], name: str) -> None:
    """Every result value, changed alone, gives a FAIL naming it (or the list holding it).
    The first change is checked end to end; the others are compared with the document
    recomputed once (the request is the same, so ``check`` would recompute the same)."""
    from baccarat_exact.commands.check import _compare

    document = documents[name]
    fresh = json.loads(json.dumps(document))  # the fixture's documents are freshly made
    results = [
        (path, value)
        for path, value in leaves(document)
        if path not in ("schema", "kind") and not is_input(path, (*INPUTS, "version"))
    ]
    assert results, "a document with results"
    step = max(1, len(results) // SAMPLES.get(name, 40))
    for i, (path, value) in enumerate(results[::step]):
        stored = replaced(document, path, changed(value))
        if i == 0:
            differences = list(check_document(name, stored).differences)
        else:
            differences = [d for ok, d in _compare(stored, fresh, "", False) if not ok]
        named = {difference.path for difference in differences}
        assert any(path == where or path.startswith(f"{where}[") for where in named), (
            f"{name}: changing {path} gave {sorted(named)[:5]}"
        )


def deleted(document: dict[str, Any], path: str) -> dict[str, Any]:
    copy = json.loads(json.dumps(document))
    *parents, last = re.findall(r"[^.\[\]]+", path)
    target: Any = copy
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    del target[last]
    return copy


def _holders(
    document: dict[str, Any], fresh: dict[str, Any], path: str
) -> tuple[dict[str, Any], dict[str, Any], str, bool]:
    """The objects of both documents that hold the last key of ``path`` (a key, not a list
    item), their path, and whether a key above them ends ``_float`` (as ``_compare`` reads)."""
    *parents, _ = re.findall(r"[^.\[\]]+", path)
    stored: Any = document
    computed: Any = fresh
    for part in parents:
        index: int | str = int(part) if isinstance(stored, list) else part
        stored, computed = stored[index], computed[index]
    where = path.rsplit(".", 1)[0] if "." in path else ""
    return stored, computed, where, any(part.endswith("_float") for part in parents)


def keyed_leaves(document: dict[str, Any]) -> list[str]:
    """The paths of every value held under a key (not a list item) outside the request."""
    return [
        path
        for path, _ in leaves(document)
        if not path.endswith("]") and path.split(".")[0].split("[")[0] not in _ENVELOPE
    ]


_ENVELOPE = ("schema", "kind", "version", "request")


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_deleted_value_is_named_and_subset_lets_it_pass(
    documents: dict[str, dict[str, Any]], name: str
) -> None:
    """Every value deleted in turn is a difference naming it, "missing from the document";
    with --subset (a document trimmed on purpose) it passes. The recomputed document is
    made once; the end-to-end check runs on the last value."""
    from baccarat_exact.commands.check import _compare

    document = documents[name]
    fresh = json.loads(json.dumps(document))
    paths = keyed_leaves(document)
    assert paths
    assert all(ok for ok, _ in _compare(document, fresh, ""))
    for path in paths:
        # outside the key's own object the two documents hold equal values, which the
        # whole comparison above matched: comparing that object again is comparing all
        stored, computed, where, floats = _holders(document, fresh, path)
        key = path.split(".")[-1]
        trimmed = {k: value for k, value in stored.items() if k != key}
        found = list(_compare(trimmed, computed, where, False, floats))
        differences = [d for ok, d in found if not ok]
        if stored[key] in later_defaults().get(key, ()):  # what a document before it meant
            assert not differences, path
            continue
        assert [d.path for d in differences] == [path], path
        assert differences[0].unstored
        assert "missing from the document" in differences[0].describe()
        assert all(ok for ok, _ in _compare(trimmed, computed, where, True, floats))
    ends = [path for path in paths if path.split(".")[-1] not in later_defaults()]
    trimmed = deleted(document, ends[-1])  # the last, end to end (every one compared above)
    assert [d.path for d in check_document(name, trimmed).differences] == [ends[-1]]
    assert check_document(name, trimmed, subset=True).ok


def test_an_added_value_is_named(documents: dict[str, dict[str, Any]]) -> None:
    document = replaced(documents["odds"], "bets.banker.extra", "1/2")
    (difference,) = check_document("odds", document).differences
    assert difference.path == "bets.banker.extra" and difference.missing


def test_the_version_is_recorded_never_compared(documents: dict[str, dict[str, Any]]) -> None:
    from baccarat_exact import __version__
    from baccarat_exact.commands.check import other_versions

    document = documents["odds"]
    assert document["version"]["baccarat_exact"] == __version__
    older = replaced(document, "version.baccarat_exact", "0.1.5")
    result = check_document("odds", older)
    assert result.ok and result.version == "0.1.5"
    assert other_versions([result]).startswith("note: 1 document was written by another")
    assert other_versions([check_document("odds", document)]) == ""


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_changed_input_is_another_question(
    documents: dict[str, dict[str, Any]], name: str
) -> None:
    """An input changed alone is answered or refused with a reason, never a crash."""
    document = documents[name]
    paths = [(path, value) for path, value in leaves(document) if is_input(path, INPUTS)]
    step = max(1, len(paths) // (SAMPLES.get(name, 40) // 3))
    for path, value in paths[::step]:
        try:
            check_document(name, replaced(document, path, changed(value)))
        except GoldenFileError as error:
            assert str(error).startswith(f"{name}: ") and "\n" not in str(error)


def test_an_input_that_changes_a_result_is_reported(documents: dict[str, dict[str, Any]]) -> None:
    document = replaced(documents["odds"], "request.rules.tie_pays", "9")
    named = {difference.path for difference in check_document("odds", document).differences}
    assert "bets.tie.ev" in named and "bets.banker.ev" not in named


# -- floats ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stored", "computed", "matches"),
    [
        (0.9046, 0.9045744300219876, True),  # written to 4 digits: rounds to it
        (0.9045, 0.9045744300219876, False),
        (-0.0106, -0.010579057842472012, True),
        (-0.0105, -0.010579057842472012, False),
        (0.9045744300219876, 0.9045744300219877, True),  # last bits of a float sum
        (0.9045744300219876, 0.9045744400219876, False),  # the 9th significant digit
        (0.0, 1e-13, True),
        (0.0, 1e-9, False),
        (None, None, True),
        (None, 0.0, False),
        (0.0, None, False),
        (1, 1.0, True),
        (True, 1.0, False),
        ("0.5", 0.5, True),
        ("half", 0.5, False),
    ],
)
def test_floats_compare_at_their_written_precision(
    stored: Any, computed: Any, matches: bool
) -> None:
    assert float_matches(stored, computed) is matches


def test_exact_values_are_not_approximate(documents: dict[str, dict[str, Any]]) -> None:
    document = documents["odds"]
    ev = Fraction(document["bets"]["banker"]["ev"])
    nudged = replaced(document, "bets.banker.ev", str(ev + Fraction(1, 10**40)))
    (difference,) = check_document("x", nudged).differences
    assert difference.path == "bets.banker.ev"


def test_a_json_type_change_is_a_difference(documents: dict[str, dict[str, Any]]) -> None:
    document = documents["games"]
    path, value = next(
        (p, v)
        for p, v in leaves(document)
        if isinstance(v, int) and p != "schema" and not is_input(p, INPUTS)
    )
    (difference,) = check_document("x", replaced(document, path, str(value))).differences
    assert difference.describe() == f'{path}: expected "{value}", got {value}'


# -- the golden files ------------------------------------------------------------------


# Every golden document is recomputed by `make test`'s last step, `check --quiet tests/golden`
# (the project's own command, as a user runs it); the tests here check the command itself.


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="x86 BLAS kernels")
@pytest.mark.parametrize("kernel", ["Prescott", "Sandybridge"])
def test_float_figures_match_whatever_blas_kernel_computes_them(kernel: str) -> None:
    """The documents whose floats pass through matrix products and least squares (the
    simulations' standard errors, the index fits) match when OpenBLAS runs another
    processor's kernels: a golden file written on one machine holds on the next. (A
    flat bet's standard error, g·C·g by BLAS, once held rounding noise that differed by
    kernel.) Both kernels run on any x86-64 processor of this century."""
    names = [
        str(path)
        for pattern in ("simulate-*.json", "blackjack-indices-*.json", "blackjack-counting-*.json")
        for path in sorted(GOLDEN.glob(pattern))
    ]
    assert len(names) >= 4
    done = subprocess.run(
        [sys.executable, "-m", "baccarat_exact", "check", "--quiet", *names],
        env={**os.environ, "OPENBLAS_CORETYPE": kernel},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stdout
    assert done.stdout.endswith("all match\n")


def test_a_document_of_version_0_1_is_refused_with_what_to_do(tmp_path: Path) -> None:
    # schema 1 recorded the inputs but not the request: it cannot be run again as asked
    path = tmp_path / "old.json"
    path.write_text('{"schema": 1, "shoe": {}, "rules": {}, "outcomes": {}, "bets": {}}')
    with pytest.raises(GoldenFileError, match=r"version 0\.1 \(schema 1\).*check --write"):
        load_documents(path)


def test_golden_files_hold_the_published_counts() -> None:
    # casinoexploit.com/baccarat.html, "Probabilities in 8deck / 6deck Baccarat"
    for name, counts in (
        ("8-decks", (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216)),
        ("6-decks", (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288)),
    ):
        document = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
        assert (
            tuple(document["outcomes"][o]["count"] for o in ("banker", "player", "tie")) == counts
        )


def test_late_shoe_snapshot_agrees_with_the_reference() -> None:
    document = json.loads((GOLDEN / "1-deck-late.json").read_text(encoding="utf-8"))
    shoe = Shoe.from_counts(document["shoe"]["counts"])
    reference = reference_event_probabilities(shoe)
    for outcome in ("banker", "player", "tie"):
        expected = sum((p for e, p in reference.items() if e.outcome.value == outcome), Fraction(0))
        assert Fraction(document["outcomes"][outcome]["probability"]) == expected


# -- files that are not documents ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON (line 1, column 2)"),
        ("[]", "an empty list, no documents"),
        ("[1]", "not a JSON object"),
        ('{"rules": {}}', "no 'schema' key"),
        ('{"schema": 4, "kind": "odds"}', "schema 4; this version reads schemas 2 and 3"),
        ('{"schema": 1, "hello": 1}', "a document of version 0.1 (schema 1)"),
        ("[" * 100_000, "nested too deeply"),
    ],
)
def test_what_is_not_a_document(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GoldenFileError, match=re.escape(message)):
        load_documents(path)


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"schema": 3, "kind": "odds"}, "the document records no request"),
        ({"schema": 3, "request": {}}, "the document names no kind"),
        ({"schema": 3, "kind": "poker", "request": {}}, "unknown kind of document 'poker'"),
        ({"schema": 3, "kind": "odds", "request": {"shoe": 5}}, "request.shoe must be an object"),
        (
            {"schema": 3, "kind": "games", "request": {"shoe": {"counts": "A=-1"}}},
            "inputs are not valid",
        ),
        (
            {"schema": 3, "kind": "blackjack hand", "request": {"cards": "Z Z", "up": "9"}},
            "inputs are not valid",
        ),
        (
            {"schema": 3, "kind": "simulate", "request": {"shoes": "many"}},
            "request.shoes must be an integer",
        ),
    ],
)
def test_a_document_whose_inputs_cannot_be_read(document: dict[str, Any], message: str) -> None:
    with pytest.raises(GoldenFileError, match=message) as raised:
        check_document("doc", document)
    assert str(raised.value).startswith("doc: ") and "\n" not in str(raised.value)


# -- the command -------------------------------------------------------------------------


def test_check_a_directory(tmp_path: Path) -> None:
    for name in ("8-decks.json", "formula.json", "blackjack-edge-19-cards.json"):
        shutil.copy(GOLDEN / name, tmp_path / name)
    code, out, err = run("check", str(tmp_path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 4 and all(line.startswith("ok   ") for line in lines[:-1])
    assert re.fullmatch(r"3 documents, \d+ values: all match", lines[-1])


def test_quiet_prints_the_summary_alone() -> None:
    code, out, _ = run("check", "--quiet", "--max-documents", "2", str(GOLDEN))
    assert code == 0 and re.fullmatch(r"2 documents, \d+ values: all match\n", out)


def test_a_difference_is_one_fail_line_per_value(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "8-decks.json").read_text(encoding="utf-8"))
    document["outcomes"]["banker"]["count"] = 1
    document["bets"]["tie"]["ev_float"] = 0.5
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, _ = run("check", str(path))
    assert code == 1
    *fails, last = out.splitlines()
    assert fails == [
        f"FAIL {path}: outcomes.banker.count: expected 1, got 2292252566437888",
        f"FAIL {path}: bets.tie.ev_float: expected 0.5, got -0.14359628778723826",
    ]
    assert re.fullmatch(rf"1 document, \d+ values: 1 differs \({re.escape(str(path))}\)", last)


def test_a_non_document_is_one_error_line_and_the_rest_is_checked(tmp_path: Path) -> None:
    path = tmp_path / "pays.toml"
    path.write_text(CUSTOM_BETS.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run("check", str(path), str(GOLDEN / "infinite.json"))
    assert code == 2
    assert err.splitlines() == [
        f"Error: {path}: not valid JSON (line 1, column 1): Expecting value"
    ]
    assert out.splitlines()[0].startswith(f"ok   {GOLDEN / 'infinite.json'}: ")
    assert out.splitlines()[-1].endswith(f"1 not checked ({path})")


def test_the_worst_exit_code_wins(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "1-deck.json").read_text(encoding="utf-8"))
    document["outcomes"]["tie"]["count"] += 1
    (tmp_path / "a-differs.json").write_text(json.dumps(document), encoding="utf-8")
    (tmp_path / "b-broken.json").write_text("{", encoding="utf-8")
    code, out, err = run("check", str(tmp_path))
    assert code == 2 and "FAIL" in out and err.count("Error:") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nope.json",), "nope.json: cannot read"),
        (
            (
                "--write",
                "{tmp}",
            ),
            "--write needs the command to run after --",
        ),
        (("--write", "{tmp}", "--", "schema"), "schema writes no document"),
        (("--write", "/dev/null/golden", "--", "rules"), "cannot make the directory"),
        (("--write", "{tmp}", "--", "odds", "--decks", "0"), "number of decks"),
    ],
)
def test_usage_errors_are_one_line(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    code, _, err = run("check", *(arg.format(tmp=tmp_path) for arg in args))
    assert code == 2 and message in err.splitlines()[-1]


def test_an_empty_directory(tmp_path: Path) -> None:
    code, _, err = run("check", str(tmp_path))
    assert code == 2 and err == f"Error: {tmp_path}: no *.json documents in this directory\n"


def test_junit_report(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "infinite.json").read_text(encoding="utf-8"))
    document["bets"]["banker"]["ev"] = "0"
    (tmp_path / "differs.json").write_text(json.dumps(document), encoding="utf-8")
    (tmp_path / "broken.json").write_text("[1]", encoding="utf-8")
    report = tmp_path / "report.xml"
    code, _, _ = run(
        "check", "--quiet", "--junit", str(report), str(GOLDEN / "1-deck.json"), str(tmp_path)
    )
    assert code == 2
    suite = ElementTree.parse(report).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("3", "1", "1")
    cases = {case.get("name"): case for case in suite.iter("testcase")}
    assert cases[str(GOLDEN / "1-deck.json")].get("classname") == "baccarat-exact.odds"
    failure = cases[str(tmp_path / "differs.json")].find("failure")
    assert failure is not None and failure.text is not None
    assert failure.text.startswith("bets.banker.ev: expected 0, got -")
    error = cases[str(tmp_path / "broken.json")].find("error")
    assert error is not None and "not a JSON object" in (error.text or "")


def test_the_junit_example_in_the_docs_is_real() -> None:
    page = (ROOT / "docs" / "regression.md").read_text(encoding="utf-8")
    shown = page.split("```xml\n", 1)[1].split("```", 1)[0]
    name = "docs/examples/tampered-8-decks.json"
    (found,) = load_documents(ROOT / name)
    result = check_document(name, found[1])
    real = junit_xml([result]).decode()
    assert re.sub(r'time="[^"]*"', "", shown) == re.sub(r'time="[^"]*"', "", real)


def test_write_stores_a_document_that_checks_without_its_files(tmp_path: Path) -> None:
    bets = tmp_path / "lab.toml"
    bets.write_text(CUSTOM_BETS.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run(
        "check", "--write", str(tmp_path), "--", "odds", "--decks", "2", "--bets-file", str(bets)
    )
    stored = tmp_path / "odds-decks-2-bets-file-lab.json"
    assert code == 0, err
    assert re.fullmatch(rf"wrote {re.escape(str(stored))}: odds, \d+ values \(checked\)\n", out)
    bets.unlink()
    assert run("check", str(stored))[0] == 0
    code, _, err = run("check", "--write", str(tmp_path), "--", "odds", "--decks", "2")
    assert code == 0
    code, _, err = run("check", "--write", str(tmp_path), "--", "odds", "--decks", "2")
    assert code == 2 and "is not overwritten" in err


def test_write_takes_an_explicit_file_name(tmp_path: Path) -> None:
    target = tmp_path / "dealer.json"
    code, out, _ = run("check", "--write", str(target), "--", "blackjack", "dealer", "--decks", "2")
    assert code == 0 and out.startswith(f"wrote {target}: blackjack dealer, ")
    assert json.loads(target.read_text(encoding="utf-8"))["kind"] == "blackjack dealer"


def test_values_past_the_digit_limit_of_str(tmp_path: Path) -> None:
    # Python's str()/int() refuse more than 4300 digits; a document may hold more
    document = json.loads((GOLDEN / "1-deck.json").read_text(encoding="utf-8"))
    count = document["outcomes"]["tie"]["count"]
    text = json.dumps(document).replace(f'"count": {count}', '"count": 1' + "0" * 5000, 1)
    assert len(text) > 5000
    path = tmp_path / "huge.json"
    path.write_text(text, encoding="utf-8")
    ((name, loaded),) = load_documents(path)
    differences = check_document(name, loaded).differences
    (difference,) = differences
    assert difference.path == "outcomes.tie.count"
    assert difference.describe() == f"outcomes.tie.count: expected 1{'0' * 5000}, got {count}"


# -- one composition per command -------------------------------------------------------


def test_each_command_is_composed_once() -> None:
    """The command line and check run the same request: no module composes a command a
    second time from a document's keys (the former report/recompute.py), and every
    command's module builds its command's request."""
    import importlib.util

    from baccarat_exact.cli.root import COMMANDS as CLI_COMMANDS
    from baccarat_exact.cli.root import GROUPS
    from baccarat_exact.commands import REQUESTS

    assert importlib.util.find_spec("baccarat_exact.report.recompute") is None
    package = ROOT / "baccarat_exact"
    for kind, (module, name) in REQUESTS.items():
        group = kind.split(" ")[0]
        where = GROUPS[group][0] if group in GROUPS else CLI_COMMANDS[kind][0]
        cli = package / "cli" / f"{where.rsplit('.', 1)[-1]}.py"
        assert f"{name}(" in cli.read_text(encoding="utf-8"), f"{cli} does not build {name}"
        request = getattr(importlib.import_module(module), name)
        assert kind == request.KIND


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_document_records_the_request_check_runs(
    documents: dict[str, dict[str, Any]], name: str
) -> None:
    """What the command line asked is what check reads back: the request round-trips."""
    from baccarat_exact.commands import request_of

    document = documents[name]
    assert request_of(document).to_dict() == document["request"]


def test_a_document_of_schema_2_is_read_with_its_label_keys_mapped(tmp_path: Path) -> None:
    """0.3.0 (schema 2) keyed the effects of removal by labels ("Q K"): check reads such a
    document, its keys mapped to schema 3's (``Q`` with its ranks), and still names a
    changed value by the new key."""
    document = json.loads((GOLDEN / "eor-16-cards.json").read_text(encoding="utf-8"))
    document["schema"] = 2
    for bet in document["bets"].values():
        bet["effects"] = {" ".join(e.pop("ranks")): e for e in bet["effects"].values()}
    assert "Q K" in document["bets"]["tie"]["effects"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    ((name, loaded),) = load_documents(path)
    assert loaded["schema"] == 3 and loaded["bets"]["tie"]["effects"]["Q"]["ranks"] == ["Q", "K"]
    assert check_document(name, loaded).ok
    document["bets"]["tie"]["effects"]["Q K"]["effect"] = "0"
    path.write_text(json.dumps(document), encoding="utf-8")
    ((name, loaded),) = load_documents(path)
    (difference,) = check_document(name, loaded).differences
    assert difference.path == "bets.tie.effects.Q.effect"
