"""Checking a stored document: compute it again from its request, compare every value.

A golden file holds one document (a JSON object any command wrote with ``--format
json``) or a list of them. Each document records the request that made it (the
command's inputs as given, user-defined bets by their definitions) and the version
that wrote it; :func:`check_document` rebuilds the request, runs it exactly as the
command line does (:mod:`baccarat_exact.commands`) and compares the two documents value
by value: exact values (fractions, counts, names) must be equal; values named
``*_float`` must agree to the precision they are written with (at most nine
significant digits, as a float summed in another order may differ in its last bits).

The comparison is strict both ways: a value the tool computes that the document lacks
is a difference, as is one the document holds that the tool no longer computes. With
``subset=True`` only the values the document holds are compared, for documents
trimmed on purpose. The version that wrote a document is recorded, never compared.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baccarat_exact.commands.base import SCHEMA, Context
from baccarat_exact.errors import BaccaratError, GoldenFileError, RequestError
from baccarat_exact.model.exact import int_from_text, int_text, str_fits
from baccarat_exact.model.textfiles import read_text
from baccarat_exact.report.render import dumps_json

if TYPE_CHECKING:
    from baccarat_exact.report.model import Report

__all__ = [
    "Difference",
    "DocumentResult",
    "Unreadable",
    "check_document",
    "check_report",
    "float_matches",
    "from_schema_2",
    "junit_xml",
    "load_documents",
    "other_versions",
    "simulation_size",
    "summary",
    "written_by",
]

FLOAT_DIGITS = 9
"""Significant digits to which a stored ``*_float`` written more finely is compared."""

_NEAR_ZERO = Decimal("1e-12")
"""A stored ``*_float`` of 0 matches a computed one this close (rounding noise)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One stored value that the recomputed document does not hold."""

    path: str
    """Where in the document, e.g. ``bets.banker.ev`` or ``games[2].house_edge``."""
    expected: Any
    """The stored value (``None`` with :attr:`unstored`)."""
    got: Any
    """The recomputed value (``None`` with :attr:`missing` when there is none)."""
    missing: bool = False
    """The document holds a value the tool no longer computes."""
    unstored: bool = False
    """The tool computes a value the document does not hold (deleted from it?)."""

    def describe(self) -> str:
        """``path: expected <stored>, got <computed>``, or what is missing where.

        >>> Difference("bets.banker.ev", None, "-1/2", unstored=True).describe()
        'bets.banker.ev: missing from the document (computed: -1/2)'
        """
        if self.unstored:
            return f"{self.path}: missing from the document (computed: {_show(self.got)})"
        expected, got = _show(self.expected), _show(self.got)
        if expected == got:  # the same text, different JSON types (1 and "1")
            expected, got = _json(self.expected), _json(self.got)
        if self.missing:
            got = "nothing (this version does not compute it)"
        return f"{self.path}: expected {expected}, got {got}"


@dataclass(frozen=True, slots=True)
class DocumentResult:
    """The outcome of checking one document."""

    name: str
    """The file, with ``[i]`` for the i-th document of a list (or the document's ``id``)."""
    kind: str
    version: str
    """The version of the tool that wrote the document (``""``: it does not say)."""
    checked: int
    """Values compared."""
    differences: tuple[Difference, ...]
    seconds: float
    """Time taken to recompute and compare."""

    @property
    def ok(self) -> bool:
        """Every value matched."""
        return not self.differences


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file or document that could not be checked, and why."""

    name: str
    message: str
    ok = False
    kind = ""
    version = ""
    checked = 0


def summary(outcomes: list[DocumentResult | Unreadable]) -> str:
    """One line: documents, values compared, and which differ or could not be checked.

    >>> summary([Unreadable("a.json", "not JSON")])
    '1 document, 0 values: 1 not checked (a.json)'
    """
    values = sum(outcome.checked for outcome in outcomes)
    differ = [
        outcome.name
        for outcome in outcomes
        if isinstance(outcome, DocumentResult) and not outcome.ok
    ]
    unread = [outcome.name for outcome in outcomes if isinstance(outcome, Unreadable)]
    parts = []
    if differ:
        parts.append(f"{len(differ)} differ{'s' if len(differ) == 1 else ''} ({_names(differ)})")
    if unread:
        parts.append(f"{len(unread)} not checked ({_names(unread)})")
    count = len(outcomes)
    return (
        f"{count} document{'s' if count != 1 else ''}, {values} value{'s' if values != 1 else ''}: "
        + ("; ".join(parts) if parts else "all match")
    )


def other_versions(outcomes: list[DocumentResult | Unreadable]) -> str:
    """One line when some documents were written by another version of the tool, else ``""``.

    >>> other_versions([DocumentResult("a.json", "odds", "0.0.1", 3, (), 0.0)])[:44]
    'note: 1 document was written by another vers'
    """
    from baccarat_exact import __version__

    differ = [o for o in outcomes if o.checked and o.version != __version__]
    if not differ:
        return ""
    versions = ", ".join(sorted({o.version or "an earlier one" for o in differ}))
    was = "document was" if len(differ) == 1 else "documents were"
    return (
        f"note: {len(differ)} {was} written by another version ({versions}; this is "
        f"{__version__}): their values are compared all the same"
    )


def _names(names: list[str], most: int = 3) -> str:
    shown = ", ".join(names[:most])
    return shown if len(names) <= most else f"{shown} and {len(names) - most} more"


def junit_xml(outcomes: list[DocumentResult | Unreadable]) -> bytes:
    """A JUnit XML report: one test case per document, a failure listing its differing
    values, an error for one that could not be checked."""
    from xml.etree import ElementTree

    failures = sum(isinstance(o, DocumentResult) and not o.ok for o in outcomes)
    errors = sum(isinstance(o, Unreadable) for o in outcomes)
    seconds = sum(o.seconds for o in outcomes if isinstance(o, DocumentResult))
    suites = ElementTree.Element("testsuites", name="baccarat-exact check")
    suite = ElementTree.SubElement(
        suites,
        "testsuite",
        name="baccarat-exact check",
        tests=str(len(outcomes)),
        failures=str(failures),
        errors=str(errors),
        skipped="0",
        time=f"{seconds:.3f}",
    )
    for outcome in outcomes:
        case = ElementTree.SubElement(
            suite,
            "testcase",
            classname=f"baccarat-exact.{outcome.kind.replace(' ', '-') or 'document'}",
            name=outcome.name,
            time=f"{outcome.seconds:.3f}" if isinstance(outcome, DocumentResult) else "0",
        )
        if isinstance(outcome, Unreadable):
            error = ElementTree.SubElement(
                case, "error", message=outcome.message, type="unreadable"
            )
            error.text = outcome.message
        elif not outcome.ok:
            count = len(outcome.differences)
            failure = ElementTree.SubElement(
                case,
                "failure",
                message=f"{count} of {outcome.checked} values differ",
                type="difference",
            )
            failure.text = "\n".join(difference.describe() for difference in outcome.differences)
    ElementTree.indent(suites)
    written: bytes = ElementTree.tostring(suites, encoding="utf-8", xml_declaration=True)
    return written + b"\n"


def load_documents(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The documents in a golden file, each with its name.

    A file holds one document or a list of them. A document's name is its ``"id"`` if it
    has one, else the file's path (with ``[i]`` for the i-th of a list).

    :raises GoldenFileError: for a file that cannot be read, is not JSON, or holds
        something other than documents of a schema this version reads.
    """
    text = read_text(path, GoldenFileError)
    try:
        content = json.loads(text, parse_int=int_from_text)
    except json.JSONDecodeError as error:
        raise GoldenFileError(
            f"{path}: not valid JSON (line {error.lineno}, column {error.colno}): {error.msg}"
        ) from None
    except RecursionError:
        raise GoldenFileError(f"{path}: nested too deeply to be a document") from None
    documents = content if isinstance(content, list) else [content]
    if not documents:
        raise GoldenFileError(f"{path}: an empty list, no documents")
    result = []
    for index, document in enumerate(documents):
        name = str(path) if len(documents) == 1 else f"{path}[{index}]"
        if not isinstance(document, dict):
            raise GoldenFileError(f"{name}: not a document of this tool (not a JSON object)")
        if "id" in document:
            name = str(document["id"])
        if "schema" not in document:
            raise GoldenFileError(f"{name}: not a document of this tool (no 'schema' key)")
        if document["schema"] == 2:
            document = from_schema_2(document)
        if document["schema"] != SCHEMA:
            raise GoldenFileError(f"{name}: {_other_schema(document['schema'])}")
        result.append((name, document))
    return result


def simulation_size(document: Mapping[str, Any]) -> tuple[int, int] | None:
    """(shoes, cards per shoe) a ``simulate`` document deals again when checked, read from
    its request; None for another kind, or a request that cannot be read (checking it
    says why)."""
    if document.get("kind") != "simulate" or "request" not in document:
        return None
    from baccarat_exact.commands import request_of

    try:
        request = request_of(document)
        shoes, shoe = getattr(request, "shoes", None), getattr(request, "shoe", None)
        cards = shoe.shoe().cards if shoe is not None else None
    except BaccaratError:
        return None
    if not isinstance(shoes, int) or not isinstance(cards, int):
        return None
    return shoes, cards


def from_schema_2(document: dict[str, Any]) -> dict[str, Any]:
    """A document of schema 2 (0.3.0) in the layout of schema 3, its values unchanged.

    Schema 3 keys by identifiers or data where 2 keyed by labels: the basic strategy
    chart's rows (``"soft 12 (A,A)"`` → ``soft_12_a_a``) and the effects of removal of
    ranks sharing one effect (``"T J Q K"`` → ``T``, with ``"ranks": ["T", "J", "Q",
    "K"]``; a single rank ``"4"`` gains ``"ranks": ["4"]``). Other kinds only change
    their number.

    >>> from_schema_2({"schema": 2, "kind": "blackjack strategy", "chart": {"pair T,T": {}}})
    {'schema': 3, 'kind': 'blackjack strategy', 'chart': {'pair_t_t': {}}}
    >>> from_schema_2({"schema": 2, "kind": "eor", "bets": {"tie": {"effects": {"T J": {}}}}})
    {'schema': 3, 'kind': 'eor', 'bets': {'tie': {'effects': {'T': {'ranks': ['T', 'J']}}}}}
    """
    from baccarat_exact.report.model import identifier

    upgraded = {**document, "schema": 3}
    chart = document.get("chart")
    if document.get("kind") == "blackjack strategy" and isinstance(chart, dict):
        upgraded["chart"] = {identifier(str(label)): row for label, row in chart.items()}
    bets = document.get("bets")
    if document.get("kind") == "eor" and isinstance(bets, dict):
        upgraded["bets"] = {name: _effects_by_rank(bet) for name, bet in bets.items()}
    return upgraded


def _effects_by_rank(bet: Any) -> Any:
    """One bet of a schema-2 ``eor`` document, its effects keyed by their first rank."""
    effects = bet.get("effects") if isinstance(bet, dict) else None
    if not isinstance(effects, dict):
        return bet
    by_rank = {}
    for label, entry in effects.items():
        ranks = str(label).split() or [str(label)]
        by_rank[ranks[0]] = {"ranks": ranks, **entry} if isinstance(entry, dict) else entry
    return {**bet, "effects": by_rank}


def _other_schema(schema: object) -> str:
    """Why a document of another layout is not read, and what to do."""
    if schema == 1:
        return (
            "a document of version 0.1 (schema 1), which did not record its request; "
            "write it again with this version: check --write FILE.json -- <its command>"
        )
    return f"schema {schema!r}; this version reads schemas 2 and {SCHEMA}"


def written_by(document: Mapping[str, Any]) -> str:
    """The version of the tool that wrote ``document`` (``""`` when it does not say).

    >>> written_by({"version": {"baccarat_exact": "0.2.0", "python": "3.12.1"}})
    '0.2.0'
    """
    version = document.get("version")
    found = version.get("baccarat_exact") if isinstance(version, Mapping) else None
    return found if isinstance(found, str) else ""


def check_document(
    name: str,
    document: Mapping[str, Any],
    *,
    jobs: int = 1,
    subset: bool = False,
    context: Context | None = None,
) -> DocumentResult:
    """Run the request ``document`` records again and compare every value.

    ``jobs`` worker processes re-deal a simulation (the figures do not depend on it).
    ``subset``: compare only the values the document holds (else a value it lacks is a
    difference too). ``context``: how to run the request (default: quietly, on ``jobs``
    processes).

    :raises GoldenFileError: for a document whose request cannot be read or priced.
    """
    from baccarat_exact.commands import request_of

    start = time.perf_counter()
    kind = str(document.get("kind", ""))
    try:
        request = request_of(document)
        fresh_document = request.run(context or Context(jobs=jobs)).document()
        fresh = json.loads(dumps_json(fresh_document), parse_int=int_from_text)
    except (GoldenFileError, RequestError) as error:
        raise GoldenFileError(f"{name}: {error}") from None
    except BaccaratError as error:
        raise GoldenFileError(f"{name}: its inputs are not valid: {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise GoldenFileError(f"{name}: malformed {kind} document ({error!r})") from None
    checked = 0
    differences = []
    for matched, difference in _compare(document, fresh, "", subset):
        checked += 1
        if not matched:
            differences.append(difference)
    return DocumentResult(
        name,
        kind,
        written_by(document),
        checked,
        tuple(differences),
        time.perf_counter() - start,
    )


_NOT_COMPARED = ("id", "version")
"""Top-level keys that are not values: a golden file's own name, the writing version."""


@functools.cache
def later_defaults() -> dict[str, tuple[Any, ...]]:
    """Keys a stored document may lack because they came after it (the blackjack rules
    declared ``later``, as a rule and as a request's input; ``blackjack counting``'s table
    and true count), with the values that the missing key meant: its default, or no input
    given.

    >>> later_defaults()["post_split"]
    (None, 'cdp1')
    """
    from baccarat_exact.blackjack.rules import rule_options
    from baccarat_exact.commands.blackjack.counting import LATER_INPUTS

    found: dict[str, tuple[Any, ...]] = dict(LATER_INPUTS)
    for option in rule_options():
        if option.later:
            default = option.default.value if isinstance(option.default, Enum) else option.default
            found[option.name] = found[option.input] = (None, default)
    return found


def _came_later(key: Any, value: Any) -> bool:
    """Whether a computed ``key`` a stored document lacks is a later value at what its
    absence meant (then not a difference)."""
    meant = later_defaults().get(str(key))
    return meant is not None and any(value is None if m is None else value == m for m in meant)


def _compare(
    stored: Any, fresh: Any, path: str, subset: bool = False, floats: bool = False
) -> Iterator[tuple[bool, Difference]]:
    """(matched, difference) for every leaf value of ``stored`` and, unless ``subset``,
    a difference for every value of ``fresh`` that ``stored`` lacks. Leaves under a key
    ending ``_float`` (``floats``) match to the digits they are written with."""
    if isinstance(stored, dict):
        for key, value in stored.items():
            if key in _NOT_COMPARED and not path:
                continue
            where = f"{path}.{key}" if path else str(key)
            if not isinstance(fresh, dict) or key not in fresh:
                yield False, Difference(where, value, None, missing=True)
            else:
                below = floats or str(key).endswith("_float")
                yield from _compare(value, fresh[key], where, subset, below)
        if subset or not isinstance(fresh, dict):
            return
        for key, value in fresh.items():
            if key not in stored and not (key in _NOT_COMPARED and not path):
                if _came_later(key, value):
                    continue
                where = f"{path}.{key}" if path else str(key)
                for leaf, computed in _leaves(value, where):
                    yield False, Difference(leaf, None, computed, unstored=True)
    elif isinstance(stored, list):
        if not isinstance(fresh, list) or len(fresh) != len(stored):
            yield False, Difference(path, _length(stored), _length(fresh))
            return
        for index, (a, b) in enumerate(zip(stored, fresh, strict=True)):
            yield from _compare(a, b, f"{path}[{index}]", subset, floats)
    elif floats:
        yield float_matches(stored, fresh), Difference(path, stored, fresh)
    else:
        # bool is an int in Python: a stored true must not match a computed 1
        same = stored == fresh and type(stored) is type(fresh)
        yield same, Difference(path, stored, fresh)


def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    """Every leaf value under ``value``, with its path (an empty object or list is one)."""
    if isinstance(value, dict) and value:
        for key, item in value.items():
            yield from _leaves(item, f"{path}.{key}")
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _leaves(item, f"{path}[{index}]")
    else:
        yield path, value


def float_matches(stored: Any, fresh: Any) -> bool:
    """Whether a computed float agrees with a stored one to the stored one's precision.

    The stored value is read as written: ``0.9046`` matches any value that rounds to
    it; one written with more than :data:`FLOAT_DIGITS` significant digits is compared
    to that many. A stored 0 matches values within 1e-12 of it; null matches null.

    >>> float_matches(0.9046, 0.9045744300219876)
    True
    >>> float_matches(0.9045, 0.9045744300219876)
    False
    >>> float_matches(0.9045744300219876, 0.9045744300219877)
    True
    """
    if stored is None or fresh is None:
        return stored is None and fresh is None
    if isinstance(stored, bool) or isinstance(fresh, bool):
        return False
    try:
        written = Decimal(repr(stored)) if isinstance(stored, float) else Decimal(stored)
        got = Decimal(repr(fresh)) if isinstance(fresh, float) else Decimal(fresh)
    except (InvalidOperation, TypeError, ValueError):
        return False
    if not (written.is_finite() and got.is_finite()):
        return written == got
    if written == 0:
        return abs(got) <= _NEAR_ZERO
    digits = written.as_tuple()
    exponent = int(digits.exponent)
    significant = len(digits.digits)
    if significant > FLOAT_DIGITS:
        exponent += significant - FLOAT_DIGITS
    half_unit = Decimal(5).scaleb(exponent - 1)
    return abs(got - written) <= half_unit


def _length(value: Any) -> str:
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return _show(value)


def _json(value: Any) -> str:
    """A value as compact JSON, ints of any size in full."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value)
    return json.dumps(value, ensure_ascii=False) if _fits_json(value) else "(too long to show)"


def _fits_json(value: Any) -> bool:
    """Whether ``json.dumps`` writes ``value`` (no int past Python's digit limit inside)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str_fits(value)
    if isinstance(value, dict):
        return all(_fits_json(item) for item in value.values())
    if isinstance(value, list):
        return all(_fits_json(item) for item in value)
    return True


def _show(value: Any) -> str:
    """A value as the document writes it, on one line: a single value in full (the
    digits that differ may be the last), a list or object shortened."""
    text = (value if isinstance(value, str) else _json(value)).replace("\n", "\\n")
    if isinstance(value, (list, dict)) and len(text) > 200:
        return text[:197] + "..."
    return text


def check_report(outcomes: list[DocumentResult | Unreadable]) -> Report:
    """What ``check --format`` writes: a table of the documents (each one's kind, the
    version that wrote it, the values compared and the outcome) and a table of the values
    that differ, with the summary line as a note.

    >>> found = check_report([Unreadable("a.json", "not JSON")])
    >>> [table.key for table in found.tables], found.tables[0].rows[0][4]
    (['documents', 'differences'], 'not checked')
    """
    from baccarat_exact.report.model import Column, Report, Table

    def outcome(result: DocumentResult | Unreadable) -> str:
        if isinstance(result, Unreadable):
            return "not checked"
        return "ok" if result.ok else "FAIL"

    documents = Table(
        "Documents",
        (
            Column("document"),
            Column("kind"),
            Column("version"),
            Column("values"),
            Column("outcome"),
            Column("why", wrap=60),
        ),
        tuple(
            (
                result.name,
                result.kind,
                result.version,
                result.checked,
                outcome(result),
                result.message if isinstance(result, Unreadable) else "",
            )
            for result in outcomes
        ),
        name="documents",
    )
    differences = Table(
        "Values that differ",
        (Column("document"), Column("path"), Column("expected"), Column("got")),
        tuple(
            (
                result.name,
                d.path,
                "(missing)" if d.unstored else _show(d.expected),
                "(missing)" if d.missing else _show(d.got),
            )
            for result in outcomes
            if isinstance(result, DocumentResult)
            for d in result.differences
        ),
        name="differences",
    )
    return Report("Check", (documents, differences), notes=(summary(outcomes),))
