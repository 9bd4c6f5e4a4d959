"""docs/bets.md is what docs/gen_bets.py writes; the console examples in docs/bets.md and
docs/custom-bets.md are real output of the commands they show."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baccarat_exact.cli import app
from baccarat_exact.model.custom_bets import CONDITIONS

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"


def test_bets_page_is_generated() -> None:
    spec = importlib.util.spec_from_file_location("gen_bets", DOCS / "gen_bets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (DOCS / "bets.md").read_text(encoding="utf-8") == module.render(), (
        "docs/bets.md is stale: run python docs/gen_bets.py"
    )


def _examples(page: str) -> list[tuple[str, list[str]]]:
    text = (DOCS / page).read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        command, *shown = block.rstrip("\n").split("\n")
        found.append((command.removeprefix("$ "), shown))
    return found


EXAMPLES = [
    (page, command, shown) for page in ("custom-bets.md",) for command, shown in _examples(page)
]


@pytest.mark.parametrize(("page", "command", "shown"), EXAMPLES)
def test_console_examples_are_real(
    page: str, command: str, shown: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)
    assert args[0] == "baccarat-exact"
    result = CliRunner().invoke(app, args[1:])
    produced = (result.stdout + result.stderr).splitlines()
    for line in shown:
        if line.strip() in ("...", "") or line.startswith("(exit code"):
            continue
        assert line in produced, f"{page}: {command!r} no longer prints {line!r}"
    assert (result.exit_code == 0) == ("Error:" not in result.stderr)


def test_every_condition_is_documented() -> None:
    text = (DOCS / "custom-bets.md").read_text(encoding="utf-8")
    for condition in CONDITIONS:
        assert f"`{condition}`" in text
