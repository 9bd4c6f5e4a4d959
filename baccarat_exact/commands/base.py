"""A command, defined once: a request (typed inputs) → a library call → a report.

Every command of the tool is a :class:`Request` subclass: a frozen dataclass of what the
user asked, validated when it is made. :meth:`Request.run` prices it and returns the
report every renderer reads; the report's JSON document records the request itself
(:meth:`Request.to_dict`) and the version that wrote it. The command line builds a
request from its options; ``check`` rebuilds it from a stored document
(:meth:`Request.from_dict`) and runs the very same path, so a document is computed
again exactly as it was first computed.

The fields of a request are plain data, written as the user gave them: ``str``,
``int``, ``bool``, ``None``, tuples of strings, JSON objects (a custom bet's definition)
and nested :class:`Inputs` (the shoe, the rules, the bets), so that ``to_dict`` and
``from_dict`` need nothing written per command.
"""

from __future__ import annotations

import contextlib
import dataclasses
import platform
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, Union

from baccarat_exact.errors import RequestError
from baccarat_exact.report.model import Report

__all__ = [
    "SCHEMA",
    "Context",
    "Inputs",
    "Progress",
    "Request",
    "input_fields",
    "input_types",
    "quietly",
    "tool_version",
]

InputsT = TypeVar("InputsT", bound="Inputs")

SCHEMA = 2
"""The version of every document's layout: 2 records the request and the tool's version
(1, of version 0.1, recorded the inputs, not the request)."""

Advance = Callable[[int], None]
"""Told how many steps of a long computation are done."""
Progress = Callable[[int, str], contextlib.AbstractContextManager[Advance | None]]
"""Given the number of steps and a label, a context that yields an :data:`Advance` (or
``None``: nothing is shown, and the computation need not report)."""


@contextlib.contextmanager
def quietly(steps: int, label: str) -> Iterator[Advance | None]:
    """A :data:`Progress` that shows nothing (the library's and ``check``'s default)."""
    yield None


@dataclass(frozen=True, slots=True, kw_only=True)
class Context:
    """How a request is run — never what it computes: the same request gives the same
    values with any context."""

    jobs: int = 1
    """Worker processes for the commands that can share their work out."""
    progress: Progress = quietly
    """How a long computation shows its progress (by default: not at all)."""
    batches: Callable[[], contextlib.AbstractContextManager[None]] = contextlib.nullcontext
    """The process tuned for the engine's batch path while a batch-heavy command runs
    (the command line's :func:`baccarat_exact.tuning.for_batches`; the library tunes
    nothing)."""
    worker_setup: Callable[[], None] | None = None
    """Run once in each worker process, to tune it as this one is."""


def tool_version() -> dict[str, str]:
    """The version of this tool and of the Python running it, as documents record them."""
    from baccarat_exact import __version__

    return {"baccarat_exact": __version__, "python": platform.python_version()}


class Inputs:
    """Base of the frozen dataclasses that hold a command's inputs (its request and the
    request's parts): generic :meth:`to_dict` / :meth:`from_dict` over their fields."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The inputs as JSON keeps them, every field by name, in declaration order."""
        return {f.name: _to_json(getattr(self, f.name)) for f in input_fields(type(self))}

    @classmethod
    def from_dict(cls: type[InputsT], data: Any, where: str = "request") -> InputsT:
        """Read :meth:`to_dict` back; a field left out takes its default.

        :raises RequestError: for a key the inputs do not have, or a value of the wrong
            type (the message names it, e.g. ``request.shoe.decks``).
        """
        if not isinstance(data, Mapping):
            raise RequestError(f"{where} must be an object, got {_shown(data)}")
        fields = {f.name: f for f in input_fields(cls)}
        unknown = [str(key) for key in data if key not in fields]
        if unknown:
            known = ", ".join(fields)
            raise RequestError(f"{where}: no input {unknown[0]!r} (the inputs are: {known})")
        hints = input_types(cls)
        values = {
            name: _from_json(data[name], hints[name], f"{where}.{name}")
            for name in fields
            if name in data
        }
        return cls(**values)


class Request(Inputs):
    """What a command was asked: its inputs, validated when made, and how to answer.

    A subclass sets :attr:`KIND` (the command's name, as documents record it) and
    defines :meth:`compute` (the library call) and :meth:`report` (its report).
    """

    __slots__ = ()

    KIND: ClassVar[str]
    """The command, as it is typed and as documents name their kind: ``"odds"``,
    ``"blackjack edge"``."""

    def compute(self, context: Context) -> Any:
        """The library's answer to this request."""
        raise NotImplementedError

    def report(self, result: Any) -> Report:
        """The report of ``result``: tables and notes, and the document's body."""
        raise NotImplementedError

    def run(self, context: Context | None = None) -> Report:
        """Compute and report; the report's JSON document records this request."""
        return self.document_report(self.report(self.compute(context or Context())))

    def document_report(self, report: Report) -> Report:
        """``report`` with its JSON document wrapped in this request's envelope."""
        return dataclasses.replace(report, data=lambda: self.document(report.document() or {}))

    def document(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """``body`` as a document: schema, kind, the version that wrote it, the request,
        then the values."""
        document: dict[str, Any] = {
            "schema": SCHEMA,
            "kind": self.KIND,
            "version": tool_version(),
            "request": self.to_dict(),
        }
        document.update(
            (key, value)
            for key, value in body.items()
            if key not in ("schema", "kind", "version", "request")
        )
        return document


# -- the generic conversion ------------------------------------------------------------


def input_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields an inputs class is made from (those of its ``__init__``), in order."""
    return tuple(f for f in dataclasses.fields(cls) if f.init)


_TYPES: dict[type, dict[str, Any]] = {}


def input_types(cls: type) -> dict[str, Any]:
    """The inputs' field types, resolved once per class."""
    if cls not in _TYPES:
        _TYPES[cls] = typing.get_type_hints(cls)
    return _TYPES[cls]


def _to_json(value: Any) -> Any:
    if isinstance(value, Inputs):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [_to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _to_json(item) for key, item in value.items()}
    return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_NAMES = {str: "a string", int: "an integer", bool: "true or false", type(None): "null"}


def _from_json(value: Any, kind: Any, where: str) -> Any:
    """``value`` read as a field of type ``kind``."""
    origin = typing.get_origin(kind)
    if origin is Union or origin is types.UnionType:
        options = typing.get_args(kind)
        if value is None and type(None) in options:
            return None
        for option in options:
            if option is not type(None):
                return _from_json(value, option, where)
    if origin is tuple:
        item = typing.get_args(kind)[0]
        if not isinstance(value, list):
            raise RequestError(f"{where} must be a list, got {_shown(value)}")
        return tuple(_from_json(x, item, f"{where}[{i}]") for i, x in enumerate(value))
    if origin in (dict, Mapping) or kind in (dict, Mapping):
        if not isinstance(value, Mapping):
            raise RequestError(f"{where} must be an object, got {_shown(value)}")
        return dict(value)
    if isinstance(kind, type) and issubclass(kind, Inputs):
        return kind.from_dict(value, where)
    if kind is Any:
        return value
    if kind in _NAMES:
        exact_type = type(value) is kind
        if not exact_type:
            raise RequestError(f"{where} must be {_NAMES[kind]}, got {_shown(value)}")
        return value
    raise TypeError(f"{where}: a request field of type {kind!r} cannot be read")  # a bug
