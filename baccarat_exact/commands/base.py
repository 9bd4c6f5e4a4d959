"""A command, defined once: a request (typed inputs) → a library call → a report.

Every command of the tool is a :class:`Request` subclass: a frozen dataclass of what the
user asked, validated when it is made. :meth:`Request.run` is the one path from a request
to what is shown: :meth:`~Request.compute` (the library call, run as a :class:`Context`
says: processes, a cluster, progress) then :meth:`~Request.report` (the report of that
result for a :class:`View`: the format, a short form, a chart beside it). The report's
JSON document records the request itself (:meth:`Request.to_dict`) and the version that
wrote it, and is the same in every view and context. The command line builds a request
from its options and runs it so; ``check`` rebuilds it from a stored document
(:meth:`Request.from_dict`) and runs the very same path, so a document is computed again
exactly as it was first computed. ``Request`` is generic in its result, so that the type
checker sees that what ``compute`` returns is what ``report`` reads.

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
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar, Union

from baccarat_exact.errors import RequestError
from baccarat_exact.model.exact import shown_number
from baccarat_exact.report.model import Format, Report

__all__ = [
    "EVERY_FORMAT",
    "FIELD_BOUNDS",
    "SCHEMA",
    "UNRECORDED",
    "Context",
    "Inputs",
    "Progress",
    "Request",
    "View",
    "input_fields",
    "input_types",
    "quietly",
    "tool_version",
]

FIELD_BOUNDS: Mapping[str, tuple[int, int | None]] = types.MappingProxyType(
    {
        "decks": (1, None),
        "level": (1, 9),
        "shoes": (1, None),
        "seed": (0, None),
        "cut_card": (0, None),
        "ramp_min": (0, None),
        "max_bet": (1, None),
        "hands_per_hour": (1, None),
        "seats": (1, 7),  # blackjack.true_count.MAX_SEATS
        "seat": (1, 7),
        "terms": (1, 12),
        "top": (1, 10_000),  # design.MAX_TOP
        "samples": (2, 1_000_000),  # analysis.blackjack.indices.MIN_SAMPLES, MAX_SAMPLES
    }
)
"""The range of each whole-number input, by field name, in every request alike: the
command line's option of that name takes the same range (a test holds them together),
and a stored request is read within it, so ``check`` refuses what the command line
refuses."""

InputsT = TypeVar("InputsT", bound="Inputs")
ResultT = TypeVar("ResultT")
"""What a request's :meth:`~Request.compute` returns and its :meth:`~Request.report` reads."""

SCHEMA = 3
"""The version of every document's layout: 3 keys every object by a snake_case identifier
or by data (a card, a number, a bet's name); 2 (0.3.0) keyed two objects by labels, which
``check`` still reads; both record the request and the tool's version (1, of version 0.1,
recorded the inputs, not the request)."""

Advance = Callable[[int], None]
"""Told how many steps of a long computation are done."""
Progress = Callable[[int, str], contextlib.AbstractContextManager[Advance | None]]
"""Given the number of steps and a label, a context that yields an :data:`Advance` (or
``None``: nothing is shown, and the computation need not report)."""


@contextlib.contextmanager
def quietly(steps: int, label: str) -> Iterator[Advance | None]:
    """A :data:`Progress` that shows nothing (the library's and ``check``'s default)."""
    yield None


def _ignore(text: str) -> None:
    """Told something and keeps quiet (the library's and ``check``'s default)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Context:
    """How a request is run — never what it computes: the same request gives the same
    values with any context."""

    jobs: int = 1
    """Worker processes for the commands that can share their work out."""
    cluster: str | None = None
    """Share the work out on a Dask cluster instead (``simulate``, ``blackjack simulate``,
    ``blackjack counting``): a scheduler's address, or ``local:N`` for N worker processes
    here; ``None``: on :attr:`jobs` processes here."""
    cluster_security: str | None = None
    """The TLS files shown to a ``tls://`` :attr:`cluster`'s scheduler, ``CA,CERT[,KEY]``
    (``None``: Dask's own configuration's)."""
    charts: bool = False
    """Keep what a chart of the result needs besides its figures (a simulation's EV before
    every hand: memory that grows with the shoes); set when a :class:`View` draws one."""
    problem: Callable[[str], None] = _ignore
    """Told of each piece of input skipped as bad, as it is met (a track's line that is no
    round; the report lists them too): the command line prints each at once and exits 2
    at the end."""
    progress: Progress = quietly
    """How a long computation shows its progress (by default: not at all)."""
    batches: Callable[[], contextlib.AbstractContextManager[None]] = contextlib.nullcontext
    """The process tuned for the engine's batch path while a batch-heavy command runs
    (the command line's :func:`baccarat_exact.tuning.for_batches`; the library tunes
    nothing)."""
    worker_setup: Callable[[], None] | None = None
    """Run once in each worker process, to tune it as this one is."""


@dataclass(frozen=True, slots=True)
class View:
    """How a request's answer is shown — never a value of it: the JSON document is the same
    in every view, so ``check`` needs none.

    A report may depend on the view (CSV gives a grid's every cell rather than its
    matrices; ``--format markdown`` gives a math report's pages); that choice is the
    request's :meth:`Request.report`, not the command line's.
    """

    fmt: Format | None = None
    """The format the report is written in (``None``: no one format, the report every
    renderer reads: the library's)."""
    table: str | None = None
    """Just this table (``--table``; ``None``: every table, or CSV's main one)."""
    brief: bool = False
    """The short form of a command that has one (``odds --brief``: a line per bet)."""
    width: int | None = None
    """The table view's width in columns (``None``: the terminal's)."""
    plot: Path | None = None
    """Also draw the command's chart to this PNG file (``eor``, ``simulate``)."""
    html: Path | None = None
    """Also write the report as one self-contained HTML page to this file (``report``,
    ``blackjack report``)."""

    def check(self) -> None:
        """Refuse, before any work, a view that cannot be shown (a plot to a folder that
        does not exist, or without matplotlib).

        :raises BaccaratError: saying why, in one line.
        """
        if self.plot is not None:
            from baccarat_exact.report.plots import check_target, require_matplotlib

            check_target(str(self.plot))
            require_matplotlib()


EVERY_FORMAT = View()
"""The view of no one format: the report every renderer reads (the library's default)."""


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
        made = cls(**values)  # its own checks first: their words and errors are the options'
        for name, value in values.items():
            _within_bounds(name, value, f"{where}.{name}")
        return made


class Request(Inputs, Generic[ResultT]):
    """What a command was asked: its inputs, validated when made, and how to answer.

    A subclass sets :attr:`KIND` (the command's name, as documents record it), names its
    result type (``class OddsRequest(Request[Odds])``) and defines :meth:`compute` (the
    library call) and :meth:`report` (its report). :meth:`run` is the one way the two are
    put together, by the command line and by ``check`` alike.
    """

    __slots__ = ()

    KIND: ClassVar[str]
    """The command, as it is typed and as documents name their kind: ``"odds"``,
    ``"blackjack edge"``."""
    RECORDED: ClassVar[bool] = True
    """Its JSON is a document of this tool, recording the request (``schema``, which
    prints schemas, writes none)."""

    def compute(self, context: Context) -> ResultT:
        """The library's answer to this request."""
        raise NotImplementedError

    def report(self, result: ResultT, view: View = EVERY_FORMAT) -> Report:
        """The report of ``result`` as ``view`` shows it: tables and notes, and the
        document's body (the same in every view)."""
        raise NotImplementedError

    def recorded(self, result: ResultT) -> Request[ResultT]:
        """The request as its document records it, once ``result`` is read (itself; a
        track read from a live shoe records the lines it read)."""
        return self

    def run(self, context: Context | None = None, view: View = EVERY_FORMAT) -> Report:
        """Compute and report: the one path from a request to what is shown. The view is
        checked first (no work for a plot that cannot be written); the report's JSON
        document records this request."""
        view.check()
        context = context or Context()
        if view.plot is not None:
            context = dataclasses.replace(context, charts=True)
        result = self.compute(context)
        report = self.report(result, view)
        if not self.RECORDED:
            return report
        return dataclasses.replace(
            report, data=lambda: self.recorded(result).document(report.document() or {})
        )

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


UNRECORDED: Mapping[str, Any] = types.MappingProxyType({"recorded": False})
"""The metadata of a request's field that is not one of its inputs as recorded: given to
run it, left out of documents and schemas (a track's lines as they come, which the
document records as read)."""


def input_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields an inputs class is made from (those of its ``__init__``, recorded), in
    order."""
    return tuple(f for f in dataclasses.fields(cls) if f.init and f.metadata.get("recorded", True))


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


def _within_bounds(name: str, value: Any, where: str) -> None:
    """Refuse a whole number outside its :data:`FIELD_BOUNDS`, as the command line's
    option of that name does."""
    if name not in FIELD_BOUNDS or type(value) is not int:
        return
    least, most = FIELD_BOUNDS[name]
    option = "--" + name.replace("_", "-")
    if value < least or (most is not None and value > most):
        # the words the request's own checks use, so a stored request reads as the option
        span = f"{least} or more" if most is None else f"between {least} and {most}"
        raise RequestError(f"{option} must be {span}, got {shown_number(value)}")


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
