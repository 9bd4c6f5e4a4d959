"""No output of the tool shows a negative zero (``-0.000``, ``-0.00%``, ``-0``): a figure
that rounds to zero is shown as zero. Checked over every documented example's output
(the docs' console blocks, which ``test_docs`` holds to be the commands' real output,
and the generated example files), the golden documents, and a few runs whose figures
sit just below zero; the source is one display helper, :func:`~.exact.number_text`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from baccarat_exact.model.exact import decimal_text, number_text

ROOT = Path(__file__).resolve().parent.parent
NEGATIVE_ZERO = re.compile(r"(?<![\w.])[-−]0(?:\.0+)?(?:%|(?![\w.]))")
"""A minus sign before a zero with nothing but zeros after it: not part of a name
(``egalite-0``) nor of a longer number (``-0.01``)."""
CONSOLE = re.compile(r"```console\n(.*?)```", re.S)


def _outputs() -> list[tuple[str, str]]:
    """(where, text) of every example output the docs show and of every golden file."""
    found = []
    for page in [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]:
        for i, block in enumerate(CONSOLE.findall(page.read_text(encoding="utf-8"))):
            found.append((f"{page.name} example {i + 1}", block))
    for path in sorted((ROOT / "docs" / "examples").iterdir()):
        if path.suffix in (".html", ".json", ".txt"):
            found.append((f"docs/examples/{path.name}", path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "tests" / "golden").glob("*.json")):
        found.append((f"tests/golden/{path.name}", path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize(
    "text, zeros",
    [
        ("-0.000  -0.00%  -0  x -0.0 −0.0", 5),
        ("egalite-0  -0.001  -0.0100  52-0  A:-1  0.000  -05  1e-0", 0),
    ],
)
def test_the_pattern_finds_negative_zeros_and_nothing_else(text: str, zeros: int) -> None:
    assert len(NEGATIVE_ZERO.findall(text)) == zeros


def test_no_documented_output_shows_a_negative_zero() -> None:
    found = [
        f"{where}: {line.strip()!r}"
        for where, text in _outputs()
        for line in text.splitlines()
        if NEGATIVE_ZERO.search(line)
    ]
    assert not found, "\n".join(found[:20])


def test_a_figure_just_below_zero_is_shown_as_zero() -> None:
    for digits in range(7):
        assert decimal_text(-(10 ** -(digits + 2)), digits) == f"{0:.{digits}f}"
        assert decimal_text(-0.0, digits, 100) == f"{0:.{digits}f}"
    for spec in (".3f", ".1%", ".4g", "+.2f", ".0f"):
        assert not NEGATIVE_ZERO.search(number_text(-1e-9 if "g" not in spec else -0.0, spec))
    assert number_text(-0.006, ".2f") == "-0.01"
