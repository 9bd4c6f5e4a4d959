"""Golden files and the ``check`` command: they match, and a change is caught."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_exact.errors import GoldenFileError
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.check import check_case, load_cases
from tests.reference import reference_event_probabilities

GOLDEN = Path(__file__).parent / "golden"


def all_cases() -> list[tuple[str, dict]]:  # type: ignore[type-arg]
    return [case for path in sorted(GOLDEN.glob("*.json")) for case in load_cases(path)]


@pytest.mark.parametrize(
    ("case_id", "case"), all_cases(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_every_golden_case_matches(case_id: str, case: dict) -> None:  # type: ignore[type-arg]
    result = check_case(case_id, case)
    assert result.differences == ()
    assert result.checked >= 30


def test_golden_files_hold_the_published_counts() -> None:
    # The snapshots agree with the published tables (casinoexploit.com/baccarat.html, 6 and 8 decks).
    for name, counts in (
        ("8-decks", (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216)),
        ("6-decks", (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288)),
    ):
        document = json.loads((GOLDEN / f"{name}.json").read_text())
        assert (
            tuple(document["outcomes"][o]["count"] for o in ("banker", "player", "tie")) == counts
        )


def test_late_shoe_snapshot_agrees_with_the_reference() -> None:
    document = json.loads((GOLDEN / "1-deck-late.json").read_text())
    shoe = Shoe.from_counts(document["shoe"]["counts"])
    reference = reference_event_probabilities(shoe)
    for outcome in ("banker", "player", "tie"):
        expected = sum((p for e, p in reference.items() if e.outcome.value == outcome), Fraction(0))
        assert Fraction(document["outcomes"][outcome]["probability"]) == expected


def test_a_changed_value_is_reported(tmp_path: Path) -> None:
    document = json.loads((GOLDEN / "8-decks.json").read_text())
    document["outcomes"]["tie"]["count"] += 1
    document["bets"]["banker"]["ev"] = "-1/100"
    document["bets"]["tie"]["probability_float"] = 0.5  # floats are not compared
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(document))
    ((case_id, case),) = load_cases(path)
    result = check_case(case_id, case)
    assert {d.key for d in result.differences} == {"outcomes.tie.count", "bets.banker.ev"}
    assert case_id == "changed"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "holds no cases"),
        ("[1]", "not a JSON object"),
        ('{"schema": 1, "shoe": {}, "rules": {}}', "has no 'bets' key"),
        ('{"schema": 2, "shoe": {}, "rules": {}, "bets": {}}', "schema 2"),
    ],
)
def test_malformed_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(GoldenFileError, match=message):
        load_cases(path)


def test_malformed_inputs_in_a_case() -> None:
    case = json.loads((GOLDEN / "8-decks.json").read_text())
    case["shoe"]["counts"]["Z"] = 3
    with pytest.raises(GoldenFileError, match="unknown card 'Z'"):
        check_case("bad", case)
    case = json.loads((GOLDEN / "8-decks.json").read_text())
    case["rules"]["game"] = "roulette"
    with pytest.raises(GoldenFileError, match="unknown game 'roulette'"):
        check_case("bad", case)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(GoldenFileError, match="cannot read"):
        load_cases(tmp_path / "absent.json")
