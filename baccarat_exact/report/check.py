"""Golden files: stored ``odds --format json`` cases, recomputed and compared exactly.

A file holds one case (a JSON object) or a list of cases. The shoe and rules
in a case are the inputs, and so are the names of its bets (Banker, Player,
Tie and any catalogued side bet: see ``baccarat-exact bets``); every other
value not named ``*_float`` is an expected exact result.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from baccarat_exact.errors import BaccaratError, GoldenFileError
from baccarat_exact.model.bets import with_main_bets
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.games import find_rules
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.model.textfiles import read_text
from baccarat_exact.pricing import odds
from baccarat_exact.report.odds import odds_document

__all__ = ["CaseResult", "Difference", "check_case", "load_cases"]


@dataclass(frozen=True, slots=True)
class Difference:
    """One value that did not match."""

    key: str
    expected: Any
    got: Any


@dataclass(frozen=True, slots=True)
class CaseResult:
    """The outcome of rechecking one case."""

    case_id: str
    checked: int
    """Exact values compared."""
    differences: tuple[Difference, ...]


def load_cases(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The cases in a golden file, each with its id (``"id"`` key, else file name and index)."""
    text = read_text(path, GoldenFileError)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise GoldenFileError(
            f"{path}: not valid JSON (line {error.lineno}, column {error.colno}): {error.msg}"
        ) from None
    except RecursionError:
        raise GoldenFileError(f"{path}: nested too deeply to be a document") from None
    cases = document if isinstance(document, list) else [document]
    if not cases:
        raise GoldenFileError(f"{path}: holds no cases")
    result = []
    for index, case in enumerate(cases):
        default_id = path.stem if len(cases) == 1 else f"{path.stem}[{index}]"
        if not isinstance(case, dict):
            raise GoldenFileError(f"{path}: case {index} is not a JSON object")
        case_id = str(case.get("id", default_id))
        for key in ("schema", "shoe", "rules", "bets"):
            if key not in case:
                raise GoldenFileError(f"{path}: case {case_id!r} has no {key!r} key")
        if case["schema"] != 1:
            raise GoldenFileError(
                f"{path}: case {case_id!r} has schema {case['schema']!r}; this version reads schema 1"
            )
        result.append((case_id, case))
    return result


def _inputs(case_id: str, case: dict[str, Any]) -> tuple[Shoe, Rules]:
    try:
        shoe_part, rules_part = case["shoe"], case["rules"]
        shoe = Shoe.from_dict(shoe_part)
        base = find_rules(rules_part.get("game", "punto-banco"))
        given = {
            key: rules_part[key]
            for key in ("commission", "tie_pays", "special_wins")
            if key in rules_part
        }
        rules = Rules.from_dict(given, base)
    except BaccaratError as error:
        raise GoldenFileError(f"case {case_id!r}: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise GoldenFileError(f"case {case_id!r}: malformed shoe or rules ({error!r})") from None
    return shoe, rules


def _compare(expected: Any, got: Any, key: str) -> Iterator[tuple[bool, Difference]]:
    """Yield (matched, difference) for every exact leaf of ``expected``."""
    if isinstance(expected, dict):
        for name, value in expected.items():
            if name.endswith("_float") or name == "id":
                continue
            sub = f"{key}.{name}" if key else name
            if not isinstance(got, dict) or name not in got:
                yield False, Difference(sub, value, "(missing)")
                continue
            yield from _compare(value, got[name], sub)
    elif isinstance(expected, list):
        if not isinstance(got, list) or len(got) != len(expected):
            yield False, Difference(key, expected, got)
            return
        for i, (a, b) in enumerate(zip(expected, got)):
            yield from _compare(a, b, f"{key}[{i}]")
    else:
        yield expected == got, Difference(key, expected, got)


def check_case(case_id: str, case: dict[str, Any]) -> CaseResult:
    """Recompute one case from its inputs and compare every exact value."""
    shoe, rules = _inputs(case_id, case)
    if not isinstance(case["bets"], dict):
        raise GoldenFileError(f"case {case_id!r}: bets must be an object of bet name -> result")
    names = list(case["bets"])
    try:
        extra = tuple(find_bet(name, rules) for name in names)
        got = odds_document(odds(shoe, rules, with_main_bets(rules, extra)))
    except BaccaratError as error:
        raise GoldenFileError(f"case {case_id!r}: {error}") from None
    checked, differences = 0, []
    for matched, difference in _compare(case, got, ""):
        checked += 1
        if not matched:
            differences.append(difference)
    return CaseResult(case_id, checked, tuple(differences))
