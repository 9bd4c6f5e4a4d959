"""Identifiers (issue 39): every ``-t`` name and every JSON key a command writes is a
snake_case identifier made by one rule (:func:`~baccarat_exact.report.model.identifier`),
labels being for the text view only — or data, each kind listed in :data:`DATA_KEYS` with
why; and a count system is ``--count-system`` in both games, the old spellings hidden,
read with one note, and out of the docs."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from baccarat_exact.report.model import identifier
from tests.cli_runner import run_main
from tests.identifiers import DATA_KEYS, data_kind, keys, strays, table_names
from tests.test_interface import BACCARAT_SHOE, CHEAPEST, computed_once

__all__ = ["computed_once"]  # the fixture: a request run once for the module

ROOT = Path(__file__).resolve().parent.parent


def test_the_check_of_every_command_refuses_a_label_and_takes_data() -> None:
    """Every command's JSON keys and -t names are checked in
    test_interface.test_every_command_in_every_format (one run a request, shared with the
    walk over every format); here, that the check there refuses a label and takes data."""
    assert table_names("Error: no table 'x' in this output: choose one of a_b, c\n") == ["a_b", "c"]
    assert strays({"bets": {"dragon-7": {"effects": {"T": {}, "T J Q K": {}}}}}) == [
        ".bets.dragon-7.effects.T J Q K"
    ]


def test_golden_documents_keep_to_identifiers_and_data() -> None:
    """Every stored document (golden files, docs examples), and each kind of data key is met
    there: the list above holds no kind that no longer occurs."""
    met: set[str] = set()
    paths = [
        *(ROOT / "tests" / "golden").glob("*.json"),
        *(ROOT / "docs" / "examples").glob("*.json"),
    ]
    for path in sorted(paths):
        document = json.loads(path.read_text(encoding="utf-8"))
        assert strays(document) == [], path.name
        met |= {data_kind(key, parent) or "" for _, key, parent in keys(document)}
    assert set(DATA_KEYS) <= met


@pytest.mark.usefixtures("computed_once")
def test_the_chart_keys_are_the_text_views_labels_by_the_one_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = CHEAPEST["blackjack strategy"]
    _, out, _ = run_main(capsys, *args, "-f", "csv")
    labels = [row["hand"] for row in csv.DictReader(io.StringIO(out))]
    assert "soft 12 (A,A)" in labels and "pair T,T" in labels
    _, out, _ = run_main(capsys, *args, "-f", "json")
    assert list(json.loads(out)["chart"]) == [identifier(label) for label in labels]


def test_the_data_kinds_are_told_from_labels() -> None:
    assert data_kind("T", "effects") == "card" and data_kind("17", "outcomes") == "number"
    assert data_kind("dragon-7", "bets") == "bet name" and data_kind("0+7", "banker") == "hand"
    assert data_kind("T J Q K", "effects") is None and data_kind("soft 12 (A,A)", "chart") is None
    assert data_kind("dragon-7", "chart") is None and data_kind("17", "tables") is None
    assert strays({"chart": {"hard 16": {"T": "H"}}}) == [".chart.hard 16"]


# -- one count system option in both games ---------------------------------------------

SYSTEM = "A:1,5:-1"
OLD_SPELLINGS = [
    ("--count-tags", ("eor", "--counts", BACCARAT_SHOE, "-b", "dragon-7")),
    ("--rank-tags", ("dragon-tiger", "eor", "--counts", BACCARAT_SHOE, "--only", "dragon")),
    ("--count", (*CHEAPEST["blackjack indices"], "-f", "json")),
    ("--play-count", (*CHEAPEST["blackjack counting"], "-f", "json")),
]


@pytest.mark.usefixtures("computed_once")
@pytest.mark.parametrize(("old", "args"), OLD_SPELLINGS, ids=[o for o, _ in OLD_SPELLINGS])
def test_an_old_spelling_is_read_with_one_note(
    capsys: pytest.CaptureFixture[str], old: str, args: tuple[str, ...]
) -> None:
    """The old spelling does what the new one does, says so in one note line, and is not in
    the help; both spellings at once are one error line."""
    new = "--play-count-system" if old == "--play-count" else "--count-system"
    system = "mine=A:-1,2:1,3:1,4:1,5:1,6:1,T:-1" if "blackjack" in args else SYSTEM
    code, out, err = run_main(capsys, *args, new, system)
    assert code == 0 and err == "", err
    code, old_out, old_err = run_main(capsys, *args, f"{old}={system}")
    assert code == 0 and old_out == out
    assert old_err == f"note: {old} is now {new} (the old spelling goes in the next release)\n"
    code, _, err = run_main(capsys, *args, old, system, new, system)
    assert code == 2 and err == f"Error: {old} is now {new}: give {new} only\n"
    _, help_text, _ = run_main(capsys, *args[: 2 if args[0] != "eor" else 1], "--help")
    assert new in help_text and f"{old} " not in help_text


def test_one_syntax_names_a_published_count_in_either_game() -> None:
    from baccarat_exact.analysis.blackjack.counts import find_count
    from baccarat_exact.analysis.counting import parse_count_system
    from baccarat_exact.analysis.dragon_tiger.eor import parse_rank_count

    tags = "A:-1,2:1,3:1,4:1,5:1,6:1,T:-1"
    assert find_count(tags).tags == find_count("hi-lo").tags == find_count(f"x={tags}").tags
    assert (
        parse_count_system("dragon-7").tags
        == parse_count_system("4:-1,5:-1,6:-1,7:-1,8:2,9:2").tags
    )
    assert parse_rank_count(f"mine={tags}").tags == parse_rank_count(tags).tags


DEPRECATED_IN_DOCS = re.compile(
    r"--count-tags\b|--rank-tags\b|--play-count\b(?!-)|--count\b(?![-s])"
)


def test_the_docs_use_no_deprecated_spelling() -> None:
    """The reference and guides teach --count-system alone (CHANGELOG.md keeps history)."""
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not DEPRECATED_IN_DOCS.search(line), f"{path.name}:{number}: {line}"
