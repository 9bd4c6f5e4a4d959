"""Write docs/cli.md from the tool itself: every command's --help and real example output.

Run ``make docs`` after changing a command; tests/test_docs.py re-runs every example
in docs/cli.md and fails when the page no longer shows the tool's real output.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import typer

from baccarat_exact.cli import app

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).parent / "baccarat-exact"
ENV = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
"""Examples run in an 80-column terminal: what a user meets first."""

# Example invocations shown under each command (arguments after `baccarat-exact`).
EXAMPLES: dict[str, list[str]] = {
    "odds": [
        "odds",
        'odds --decks 6 --remove "5x3 K 9"',
        "odds --decks 1 --commission 4% --tie-pays 9 --format csv",
        "odds --infinite --format json",
        "odds --game ez --bet player-pair --bet dragon-bonus-player",
        'odds --player "? K" --banker "9 ?"',
        'odds --stake "banker=10,player-pair=1,tie=1" --format csv',
        "odds --brief --decks 6",
        "odds --decks 1 --format csv --table bet-statistics",
    ],
    "grid": [
        "grid --rows banker-first --cols player-total --show player-wins",
        "grid --rows player-total --bet dragon-7 --format csv",
    ],
    "report": [
        "report --bet dragon-7 --rounds 100,10000",
        "report --mix banker=45,player=40,tie=5,dragon-7=10 --actual 3% --table hold",
    ],
    "games": ["games"],
    "bets": ["bets --decks 6", "bets dragon-7 panda-8"],
    "check": [
        "check tests/golden",
        "check docs/examples/tampered-8-decks.json",
        "check --write golden -- odds --decks 6 --bet dragon-7",
    ],
    "schema": ["schema", "schema blackjack-rules"],
    "rules": ["rules"],
    "formula": ["formula tie --terms 3", 'formula player-pair --remove "Kx5"'],
    "breakeven": ["breakeven", "breakeven tie --decks d"],
    "eor": [
        "eor",
        'eor --decks 1 --count-system "A:1,2:1,3:1,4:2,5:-1,6:-2,7:-1,8:-1" --format csv',
    ],
    "simulate": [
        "simulate --shoes 200 --seed 1",
        "simulate --shoes 100 --decks 1 --burn none --cut-card 0 --bet dragon-7 --format csv",
    ],
    "track": ["track docs/examples/rounds.txt"],
    "compare": [
        "compare",
        "compare --decks 1,8 --game punto-banco,ez --figure house-edge,element-of-risk "
        "--format markdown",
        "compare --decks 6,8 --commission 5%,4% --tie-pays 8,9 --format csv",
    ],
    "programs": ["programs banker player --session 100,1000 --table programs"],
    "submission": ["submission dragon-7 --table lines"],
    "chemin": ["chemin --infinite --model A1 --table player", "chemin --decks 6 --table choices"],
    "lucky-draw": ["lucky-draw --decks 8 --model total --table strategy"],
    "dragon-tiger odds": [
        "dragon-tiger odds --only dragon --only tie --only suited-tie --only dragon-big",
        'dragon-tiger odds --remove "Kx12 7x5" --tie-pays 11 --only tie --format csv',
    ],
    "dragon-tiger eor": ["dragon-tiger eor --decks 1 --only dragon-big --only tiger-spades"],
    "dragon-tiger simulate": [
        "dragon-tiger simulate --shoes 50 --seed 1 --only dragon-big --only tie --only suited-tie"
    ],
}


def command_paths() -> list[str]:
    """Every command as its words after ``baccarat-exact`` (groups expanded), in order."""
    root = typer.main.get_command(app)
    paths: list[str] = []

    def walk(group: object, prefix: str) -> None:
        commands = getattr(group, "commands", {})
        for name, command in commands.items():
            path = f"{prefix}{name}"
            if getattr(command, "commands", None):
                paths.append(path)
                walk(command, f"{path} ")
            else:
                paths.append(path)

    walk(root, "")
    return paths


def run(arguments: str) -> str:
    """Real output of ``baccarat-exact arguments`` (stdout, then stderr), from the repo root.

    An example that writes files (``--write``, ``--junit``) runs in a scratch directory
    that sees the repository's ``docs/`` and ``tests/`` and holds an empty ``golden/``.
    """
    if "--write" not in arguments and "--junit" not in arguments:
        return _run(arguments, ROOT)
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(scratch)
        for name in ("docs", "tests"):
            (where / name).symlink_to(ROOT / name)
        (where / "golden").mkdir()
        return _run(arguments, where)


def _run(arguments: str, where: Path) -> str:
    done = subprocess.run(
        [str(SCRIPT), *shlex.split(arguments)],
        capture_output=True,
        text=True,
        env=ENV,
        cwd=where,
        check=False,
    )
    text = done.stdout + done.stderr
    return "\n".join(line.rstrip() for line in text.splitlines())


def leaf_commands(root: object | None = None) -> list[tuple[str, object]]:
    """(path, click command) of every command that runs (groups' members, not groups), of
    the tool or of the click command ``root``."""
    root = root or typer.main.get_command(app)
    found: list[tuple[str, object]] = []

    def walk(group: object, prefix: str) -> None:
        for name, command in getattr(group, "commands", {}).items():
            if getattr(command, "commands", None):
                walk(command, f"{prefix}{name} ")
            else:
                found.append((f"{prefix}{name}", command))

    walk(root, "")
    return found


def shared_options(root: object | None = None) -> dict[str, tuple[str, list[str]]]:
    """Every option two commands or more take: its flags and help, and the commands (the
    rules options of blackjack among them, as each rule declares its option)."""
    options: dict[str, tuple[str, list[str]]] = {}
    for path, command in leaf_commands(root):
        for param in getattr(command, "params", []):
            if getattr(param, "param_type_name", "") != "option" or param.hidden:
                continue
            flags = " / ".join(f"`{flag}`" for flag in (*param.opts, *param.secondary_opts))
            key = max(param.opts, key=len)
            if key in ("--help",):
                continue
            help_text = (param.help or "").replace("|", "\\|")
            _, paths = options.setdefault(key, (f"{flags} | {help_text}", []))
            paths.append(path)
    return {key: value for key, value in options.items() if len(value[1]) > 1}


def shared_table(root: object | None = None) -> list[str]:
    """The markdown table of the options several commands share (of the tool, or of the
    click command ``root``)."""
    rows = [
        "## Options several commands share",
        "",
        "Each is declared once, so it has one name, type, default and meaning wherever it",
        "appears (a command's default may differ: blackjack's shoe holds 6 decks).",
        "",
        "| option | what it does | commands |",
        "|---|---|---|",
    ]
    for _, (text, paths) in sorted(shared_options(root).items()):
        every = len(leaf_commands(root)) - 2
        where = "every command" if len(paths) >= every else ", ".join(paths)
        rows.append(f"| {text} | {where} |")
    return [*rows, ""]


def page() -> str:
    parts = [
        "# Command-line reference",
        "",
        "Generated by `docs/gen_cli.py` (`make docs`) from the tool itself: the help of every",
        "command and the real output of each example. `tests/test_docs.py` re-runs the examples.",
        "",
        "Exit codes: 0 success; 1 a `check` found a difference; 2 bad input or usage",
        "(one `Error:` line on stderr); 74 the output cannot be written; 130 interrupted.",
        "",
        *shared_table(),
    ]
    for path in command_paths():
        parts += [f"## `baccarat-exact {path}`", "", "```text", f"$ baccarat-exact {path} --help"]
        parts += [run(f"{path} --help").rstrip(), "```", ""]
        for example in EXAMPLES.get(path, []):
            parts += ["```console", f"$ baccarat-exact {example}", run(example).rstrip(), "```", ""]
    return "\n".join(parts)


if __name__ == "__main__":
    (ROOT / "docs" / "cli.md").write_text(page(), encoding="utf-8")
    print("wrote docs/cli.md")
