"""One command path: every command of the command line answers through ``Request.run()``.

Read from the typer app (every command it registers, the ``blackjack`` group's too) and
from the source with ``ast``: each command's function hands its request to the shared
runner (:func:`baccarat_exact.cli.shared.answer`, which calls ``request.run`` and writes
the report), except ``check``, which re-runs recorded requests through ``Request.run``
itself (:func:`baccarat_exact.commands.check.check_document`). No module of the command
line computes, reports or renders on its own: a side door that comes back fails here.
"""

from __future__ import annotations

import ast
import inspect
import typing
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import typer.main

from baccarat_exact.cli import whole_app
from baccarat_exact.commands import REQUESTS, request_class
from baccarat_exact.commands.base import Request
from baccarat_exact.commands.schemas import SchemaRequest
from tests.cli_runner import run_main

PACKAGE = Path(__file__).resolve().parent.parent / "baccarat_exact"
CLI = PACKAGE / "cli"

RUNNER = "answer"
"""The shared runner (cli/shared.py): the one call from a command's options to its output."""
RERUNNER = "check"
"""The command that answers no request of its own: it re-runs those documents record."""
SIDE_DOORS = {"compute", "report", "simulate", "counted", "follow", "document_report"}
"""Methods of a request that only ``Request.run`` may call."""
RENDERERS = {"emit", "render"}
"""Writers of a report, which only the runner calls (and ``render_*``)."""


def _commands() -> dict[str, Callable[..., Any]]:
    """Every command of the app, as typed (``blackjack edge``) → its function."""

    def walk(group: Any, prefix: tuple[str, ...]) -> Iterator[tuple[str, Callable[..., Any]]]:
        for name, command in group.commands.items():
            if hasattr(command, "commands"):
                yield from walk(command, (*prefix, name))
            else:
                yield " ".join((*prefix, name)), command.callback

    return dict(walk(typer.main.get_command(whole_app()), ()))


COMMANDS = _commands()


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _function(function: Callable[..., Any]) -> tuple[Path, ast.FunctionDef]:
    """The definition of a command's function in its module's source."""
    function = inspect.unwrap(function)
    path = Path(inspect.getfile(function))
    for node in _tree(path).body:
        if isinstance(node, ast.FunctionDef) and node.name == function.__name__:
            return path, node
    raise AssertionError(f"{function.__name__} is not defined at the top of {path}")


def _called(node: ast.AST) -> list[str]:
    """The names called in ``node``: ``f(…)`` gives ``f``, ``x.f(…)`` gives ``f``
    (``subprocess.run``, another program, aside)."""
    names = []
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        if isinstance(call.func, ast.Name):
            names.append(call.func.id)
        elif isinstance(call.func, ast.Attribute):
            owner = call.func.value
            if not (isinstance(owner, ast.Name) and owner.id == "subprocess"):
                names.append(call.func.attr)
    return names


def _doors(calls: set[str]) -> set[str]:
    """The side doors among ``calls``: a request's parts, a renderer."""
    return calls & (SIDE_DOORS | RENDERERS) | {name for name in calls if name.startswith("render_")}


def _defined(module: ast.Module, name: str) -> ast.FunctionDef:
    found = [n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == name]
    assert len(found) == 1, f"{name} defined {len(found)} times"
    return found[0]


def test_the_app_is_read() -> None:
    """Guard against a vacuous pass: the app lists both games' commands, and every kind of
    document is the answer of one of them."""
    assert {"odds", "check", "schema", "blackjack edge", "blackjack counting"} <= set(COMMANDS)
    assert set(REQUESTS) <= set(COMMANDS)
    assert len(COMMANDS) == len(REQUESTS) + 2  # and schema, and check


@pytest.mark.parametrize("name", [name for name in COMMANDS if name != RERUNNER])
def test_the_command_answers_through_the_runner(name: str) -> None:
    path, function = _function(COMMANDS[name])
    calls = _called(function)
    assert calls.count(RUNNER) == 1, f"{name} ({path.name}) does not call {RUNNER}() once"
    doors = sorted(_doors(set(calls)))
    assert not doors, f"{name} ({path.name}) calls {', '.join(doors)} itself: a side door"


def test_every_command_goes_through_request_run() -> None:
    """27 of 27: every command but ``check`` calls the runner; ``check`` re-runs requests
    through ``Request.run`` itself. The counts come from the app."""
    answering = [
        name for name in COMMANDS if _called(_function(COMMANDS[name])[1]).count(RUNNER) == 1
    ]
    assert len(answering) == len(COMMANDS) - 1, sorted(set(COMMANDS) - set(answering))
    assert set(COMMANDS) - set(answering) == {RERUNNER}
    _, check = _function(COMMANDS[RERUNNER])
    assert "_check" in _called(check)
    cli_check = _tree(CLI / "check.py")
    assert "_check_file" in _called(_defined(cli_check, "_check"))
    assert "check_document" in _called(_defined(cli_check, "_check_file"))
    assert "check_document" in _called(_defined(cli_check, "_write"))
    rerun = _defined(_tree(PACKAGE / "commands" / "check.py"), "check_document")
    assert "run" in _called(rerun)
    assert not set(_called(rerun)) & SIDE_DOORS


def test_the_runner_runs_the_request_and_writes_its_report() -> None:
    runner = _defined(_tree(CLI / "shared.py"), RUNNER)
    calls = _called(runner)
    assert calls.count("run") == 1
    assert calls.count("emit") == 1
    assert not set(calls) & SIDE_DOORS


@pytest.mark.parametrize("path", sorted(CLI.glob("*.py")), ids=lambda path: path.name)
def test_no_cli_module_computes_reports_or_renders_itself(path: Path) -> None:
    """Only the runner (cli/shared.py) runs a request and writes its report (with
    cli/common.py's ``emit``, which renders it); no other module of the command line calls
    a request's parts, a renderer, or imports a report module but the model (``Format``)."""
    tree = _tree(path)
    allowed: set[str] = set()
    if path.name == "shared.py":
        allowed = {"run", "emit"}
    elif path.name == "common.py":
        allowed = {"render"}
    elif path.name == "check.py":  # its report is of the documents checked, not a request's
        allowed = {"emit"}
    calls = set(_called(tree)) - allowed
    doors = _doors(calls) | (calls & {"run"})
    assert not doors, f"{path.name} calls {', '.join(sorted(doors))} itself: a side door"
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    reports = {name for name in imported if name.startswith("baccarat_exact.report")}
    expected = {"baccarat_exact.report.model"}
    if path.name == "common.py":
        expected.add("baccarat_exact.report.render")
    assert reports <= expected, f"{path.name} imports {sorted(reports - expected)}"


def _requests() -> list[type[Request[Any]]]:
    return [*(request_class(kind) for kind in REQUESTS), SchemaRequest]


def _result_type(cls: type) -> Any:
    """The result type a request class gives :class:`Request` (through its bases)."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            if isinstance(origin, type) and issubclass(origin, Request):
                (argument,) = typing.get_args(base)
                if not isinstance(argument, typing.TypeVar):
                    return argument
    return None


@pytest.mark.parametrize("cls", _requests(), ids=lambda cls: cls.__name__)
def test_a_request_names_its_result_type(cls: type[Request[Any]]) -> None:
    """``Request`` is generic in its result: each command's request says what its
    ``compute`` returns and its ``report`` reads, so mypy --strict checks that they fit."""
    result = _result_type(cls)
    assert result is not None, f"{cls.__name__} does not name its result type"
    assert result is not Any, f"{cls.__name__}: Any on the seam of compute and report"
    assert cls.compute is not Request.compute and cls.report is not Request.report
    assert list(inspect.signature(cls.report).parameters)[:3] == ["self", "result", "view"]
    returned = cls.compute.__annotations__["return"]
    read = cls.report.__annotations__["result"]
    assert returned == read, f"{cls.__name__}: compute returns {returned}, report reads {read}"
    assert "Any" not in str(returned), f"{cls.__name__}: Any on the seam of compute and report"


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (("rules",), None),
        (("schema", "odds"), None),
        (("schema", "--format", "json"), None),
        (("blackjack", "rules", "--format", "csv"), None),
        (("track", "--decks", "1"), "9 2 K 3\nnot a round\n"),
        (("track", "--decks", "1", "--format", "json"), "9 2 K 3\n"),
    ],
)
def test_a_command_runs_its_request_once(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    stdin: str | None,
) -> None:
    """The path is the live one: running a command runs ``Request.run`` once."""
    runs: list[str] = []
    run = Request.run

    def counted(self: Request[Any], *given: Any, **named: Any) -> Any:
        runs.append(type(self).__name__)
        return run(self, *given, **named)

    monkeypatch.setattr(Request, "run", counted)
    code, out, _ = run_main(capsys, *args, stdin=stdin)
    assert code in (0, 2) and out
    assert len(runs) == 1, runs
