"""JSON Schemas (draft 2020-12) of the documents ``--format json`` writes, one per kind.

The schemas of the values ship in the package (``baccarat_exact/schemas/``): one file
per kind, which refers to the shared definitions of ``common.schema.json`` by relative
``$ref``. The schema of a document's ``request`` is made from the command's request
class itself (:func:`request_schema`), so it cannot drift from what ``check`` reads.
:func:`schema` returns a kind's schema self-contained: the shared definitions it uses
copied into its own ``$defs`` and its references made local, so any validator can use it
with no other file, no registry and no network access.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from baccarat_exact.blackjack.rules import BlackjackRules, RuleOption, rule_options
from baccarat_exact.commands import KINDS, request_class
from baccarat_exact.commands.base import (
    EVERY_FORMAT,
    Context,
    Inputs,
    Request,
    View,
    input_fields,
    input_types,
)
from baccarat_exact.errors import SchemaError
from baccarat_exact.report.model import Column, Report, Table
from baccarat_exact.report.render import dumps_json

__all__ = [
    "COMMON_FILE",
    "SchemaRequest",
    "blackjack_rules_schema",
    "refreshed",
    "refreshed_common",
    "request_schema",
    "schema",
    "schema_file",
    "schema_kinds",
    "schema_text",
    "schemas_report",
    "write_schemas",
]

COMMON_FILE = "common.schema.json"
"""The file of the definitions every kind's schema shares."""
_COMMON_REF = COMMON_FILE + "#/$defs/"
_LOCAL_REF = "#/$defs/"


def schema_kinds() -> tuple[str, ...]:
    """Every kind of document that has a schema, as documents name it in ``"kind"``.

    >>> schema_kinds()[:3], "blackjack indices" in schema_kinds()
    (('odds', 'grid', 'games'), True)
    """
    return KINDS


def _kind(name: str) -> str:
    """The kind ``name`` means: case, ``-`` or ``_`` for spaces, and extra spaces aside."""
    words = name.lower().replace("-", " ").replace("_", " ").split()
    kind = {k.replace("-", " "): k for k in KINDS}.get(" ".join(words), " ".join(words))
    if kind not in KINDS:
        known = ", ".join(k.replace(" ", "-") for k in KINDS)
        raise SchemaError(f"unknown kind of document {name!r}; the kinds are: {known}")
    return kind


def schema_file(kind: str) -> str:
    """The name of the file that holds the schema of ``kind`` in ``baccarat_exact/schemas/``.

    >>> schema_file("blackjack dealer")
    'blackjack-dealer.schema.json'

    :raises SchemaError: for a kind the tool does not write.
    """
    return _kind(kind).replace(" ", "-") + ".schema.json"


@functools.cache
def _read(name: str) -> str:
    """A schema file's text, read from the installed package once."""
    return (resources.files("baccarat_exact") / "schemas" / name).read_text(encoding="utf-8")


def _localized(node: Any, used: set[str]) -> Any:
    """``node`` with references to the shared definitions made local; their names in ``used``."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(_COMMON_REF):
                used.add(value.removeprefix(_COMMON_REF))
                value = _LOCAL_REF + value.removeprefix(_COMMON_REF)
            out[key] = _localized(value, used)
        return out
    if isinstance(node, list):
        return [_localized(item, used) for item in node]
    return node


def _local_refs(node: Any) -> set[str]:
    """The names of the local definitions ``node`` refers to."""
    if isinstance(node, dict):
        found = set().union(*(_local_refs(value) for value in node.values()))
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_LOCAL_REF):
            found.add(ref.removeprefix(_LOCAL_REF))
        return found
    if isinstance(node, list):
        return set().union(*(_local_refs(item) for item in node))
    return set()


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of documents of ``kind`` (``"odds"``, ``"blackjack dealer"`` or
    ``"blackjack-dealer"``), self-contained: a fresh dict on every call.

    >>> odds = schema("odds")
    >>> odds["$schema"], odds["properties"]["schema"]
    ('https://json-schema.org/draft/2020-12/schema', {'$ref': '#/$defs/schemaVersion'})

    :raises SchemaError: for a kind the tool does not write.
    """
    used: set[str] = set()
    document: dict[str, Any] = _localized(json.loads(_read(schema_file(kind))), used)
    shared: dict[str, Any] = json.loads(_read(COMMON_FILE))["$defs"]
    wanted, seen = sorted(used), set(used)
    while wanted:  # the shared definitions used, and those they use in turn
        for name in _local_refs(shared[wanted.pop()]) - seen:
            seen.add(name)
            wanted.append(name)
    defs: dict[str, Any] = dict(document.get("$defs", {}))
    for name in sorted(seen):
        if name in defs:
            raise ValueError(
                f"{schema_file(kind)}: its own definition {name!r} hides the shared one"
            )
        defs[name] = shared[name]
    document["$defs"] = defs
    return document


_ENVELOPE = ("schema", "kind", "version", "request")
"""The keys every document starts with."""


def refreshed(kind: str) -> str:
    """The text of ``kind``'s schema file with its envelope made from the code: ``version``
    and ``request`` (the request schema from the command's request class), required, and
    first among the properties. ``make docs`` writes it; a test checks the files agree.
    """
    document: dict[str, Any] = json.loads(_read(schema_file(kind)))
    properties = document.get("properties", {})
    envelope = {
        "schema": {"$ref": _COMMON_REF + "schemaVersion"},
        "kind": {
            "description": f'The kind of document: "{kind}", the command that wrote it.',
            "const": kind,
        },
        "version": {"$ref": _COMMON_REF + "toolVersion"},
        "request": {
            "description": "What was asked, as it was given: check runs it again.",
            **request_schema(request_class(kind)),
        },
    }
    document["properties"] = {
        **envelope,
        **{key: value for key, value in properties.items() if key not in _ENVELOPE},
    }
    required = [key for key in document.get("required", []) if key not in _ENVELOPE]
    document["required"] = [*_ENVELOPE, *required]
    return dumps_json(document)


def blackjack_rules_schema(rules: type[BlackjackRules] | None = None) -> dict[str, Any]:
    """The JSON Schema of blackjack rules as :meth:`BlackjackRules.to_dict` writes them,
    made from each rule's declaration (:func:`rule_options`): its type and domain, and
    required when every document holds it.

    >>> blackjack_rules_schema()["properties"]["split_hands"]
    {'enum': [2, 3, 4]}
    """
    options = rule_options(rules)
    return {
        "title": "Blackjack rules",
        "description": "Every blackjack rule option and its value (baccarat-exact blackjack rules).",
        "type": "object",
        "required": [option.name for option in options if option.always_written],
        "properties": {option.name: _rule_schema(option) for option in options},
        "additionalProperties": False,
    }


def _rule_schema(option: RuleOption) -> dict[str, Any]:
    """One rule's value in JSON: a pay as a fraction, a choice by name, a whole number in
    its domain."""
    if option.kind is Fraction:
        return {"$ref": _LOCAL_REF + "fraction"}
    if option.values:
        return {"enum": list(option.values)}
    if option.kind is int:
        least = {} if option.minimum is None else {"minimum": option.minimum}
        return {"type": "integer", **least}
    return {"type": _JSON_TYPES[option.kind]}


def refreshed_common() -> str:
    """The text of the shared definitions' file with the blackjack rules made from their
    declarations (:func:`blackjack_rules_schema`). ``make docs`` writes it; a test checks
    the file agrees."""
    document: dict[str, Any] = json.loads(_read(COMMON_FILE))
    document["$defs"]["blackjackRules"] = blackjack_rules_schema()
    return dumps_json(document)


def write_schemas(folder: Path | None = None) -> list[str]:
    """Write every kind's schema file with its envelope refreshed, and the shared
    definitions with the blackjack rules refreshed (into the package's ``schemas/`` by
    default); the names of the files changed."""
    folder = folder or Path(__file__).resolve().parent.parent / "schemas"
    changed = []
    texts = {schema_file(kind): refreshed(kind) for kind in KINDS}
    texts[COMMON_FILE] = refreshed_common()
    for name, text in texts.items():
        if text != _read(name):
            (folder / name).write_text(text, encoding="utf-8")
            changed.append(name)
    _read.cache_clear()
    return changed


_JSON_TYPES = {str: "string", int: "integer", bool: "boolean", type(None): "null"}


def request_schema(cls: type[Inputs]) -> dict[str, Any]:
    """The JSON Schema of an inputs class as :meth:`Inputs.to_dict` writes it: every field,
    of its type (or the schema in its metadata's ``json_schema``); no other key.

    >>> from baccarat_exact.commands.inputs import ShoeInput
    >>> request_schema(ShoeInput)["properties"]["decks"]
    {'type': ['integer', 'null']}
    """
    hints = input_types(cls)
    fields = input_fields(cls)
    required = [
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    out: dict[str, Any] = {
        "type": "object",
        "properties": {
            f.name: dict(f.metadata.get("json_schema") or _type_schema(hints[f.name]))
            for f in fields
        },
        "additionalProperties": False,
    }
    if required:
        out["required"] = required
    return out


def _type_schema(kind: Any) -> dict[str, Any]:
    origin = typing.get_origin(kind)
    if origin is typing.Union or origin is types.UnionType:
        options = [_type_schema(option) for option in typing.get_args(kind)]
        if all(set(option) == {"type"} and isinstance(option["type"], str) for option in options):
            return {"type": [option["type"] for option in options]}
        return {"anyOf": options}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(typing.get_args(kind)[0])}
    if origin in (dict, Mapping) or kind in (dict, Mapping):
        return {"type": "object"}
    if isinstance(kind, type) and issubclass(kind, Inputs):
        return request_schema(kind)
    return {"type": _JSON_TYPES[kind]}


def schema_text(kind: str) -> str:
    """:func:`schema` as the text ``baccarat-exact schema KIND`` prints (the same bytes on
    every run)."""
    return dumps_json(schema(kind))


def schemas_report() -> Report:
    """The kinds of documents and their schemas: a table of kind, file and title; as JSON,
    an object of kind → schema."""
    table = Table(
        "Kinds of documents (--format json) and their schemas",
        (Column("kind"), Column("file"), Column("what the document holds", key="title")),
        tuple((kind, schema_file(kind), schema(kind)["title"]) for kind in KINDS),
    )
    return Report(
        title="JSON Schemas (draft 2020-12) of the documents this tool writes",
        blocks=(table,),
        notes=(
            "Print one with: baccarat-exact schema KIND (e.g. odds, blackjack-dealer).",
            "Each is self-contained: validate with any JSON Schema validator, offline (docs/schemas.md).",
        ),
        data=lambda: {kind: schema(kind) for kind in KINDS},
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SchemaRequest(Request["str | None"]):
    """``schema``: the schema of one kind of document, or the list of kinds. It writes no
    document of its own (:attr:`RECORDED`): its JSON is a schema, or the schemas by kind.

    >>> SchemaRequest(kind="blackjack-dealer").run().document()["properties"]["kind"]["const"]
    'blackjack dealer'
    >>> SchemaRequest().run().document()["odds"]["title"][:20]
    'Exact odds of a shoe'
    """

    KIND: ClassVar[str] = "schema"
    RECORDED: ClassVar[bool] = False

    kind: str | None = None
    """The kind of document, as typed (``"blackjack edge"``, ``blackjack-edge``); ``None``:
    every kind."""

    def __post_init__(self) -> None:
        if self.kind is not None:
            schema_file(self.kind)  # an unknown kind: refused, naming the kinds

    def compute(self, context: Context) -> str | None:
        """The schema's text (``None`` for the list of kinds)."""
        return None if self.kind is None else schema_text(self.kind)

    def report(self, result: str | None, view: View = EVERY_FORMAT) -> Report:
        """The list of kinds; a schema is its text in every format."""
        if result is None:
            return schemas_report()
        text = result
        return Report("", (), data=json.loads(text), text=lambda: iter((text,)))
