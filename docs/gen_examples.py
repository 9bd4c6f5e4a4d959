"""Refresh the example output shown on the user pages of docs/ from the tool itself.

Every ```console block that starts with ``$ baccarat-exact ARGS`` is re-run from the
repository root and its output replaced by the real one. ``docs/cli.md`` and
``docs/bets.md`` are written whole by ``gen_cli.py`` and ``gen_bets.py``; examples
that redirect output or need a file made by hand (``>``, ``#``, ``/tmp``) are left
as they are. Run by ``make docs``; the tests re-run the examples of every page.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from docs.gen_cli import run

DOCS = Path(__file__).resolve().parent
GENERATED = {"cli.md", "bets.md"}
EXAMPLE = re.compile(
    r"(```console\n\$ baccarat-exact (?P<args>[^\n]*)\n)(?P<output>.*?)(\n?```)", re.S
)


def runnable(args: str) -> bool:
    """Whether an example can be re-run as it is written."""
    return not any(mark in args for mark in (">", "#", "/tmp"))


def refresh(path: Path) -> list[str]:
    """Re-run the page's examples; return the arguments of those whose output changed."""
    text = path.read_text(encoding="utf-8")
    changed: list[str] = []

    def replace(match: re.Match[str]) -> str:
        args = match["args"]
        if not runnable(args):
            return match.group(0)
        output = run(args).rstrip()
        if output != match["output"].rstrip():
            changed.append(args)
        return f"{match.group(1)}{output}\n```"

    path.write_text(EXAMPLE.sub(replace, text), encoding="utf-8")
    return changed


if __name__ == "__main__":
    pages = [Path(arg) for arg in sys.argv[1:]] or sorted(DOCS.glob("*.md"))
    for page in pages:
        if page.name in GENERATED:
            continue
        for args in refresh(page):
            print(f"{page.name}: baccarat-exact {args}")
