"""The report's pages: text that fits 80 columns and leads with the answer, Markdown and one
self-contained HTML file whose every figure is its JSON twin's, a fingerprint on every
section, and one clear line for every bad input."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ElementTree
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.commands.report import fingerprint
from baccarat_exact.model.catalogue import SIDE_BET_NAMES, find_side_bet
from baccarat_exact.report.par_pages import lookup
from tests.cli_runner import run_main, run_main_redirected

MIX = "banker=45,player=40,tie=5,dragon-7=10"
SMALL = ["--decks", "1", "--rounds", "10,2000", "--bet", "dragon-7", "--loss", "10%,5"]
"""A quick report: one exact horizon and one by floating point."""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``baccarat-exact ARGS`` in an 80-column terminal: (exit code, stdout, stderr)."""
    return run_main(capsys, *args, columns=80)


def twin(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = run(capsys, "report", *args, "--format", "json")
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


# -- the text view ------------------------------------------------------------------------------


def test_text_fits_80_columns_and_leads_with_the_bets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", *SMALL)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    first_table = out.split("\n\n")[2]
    assert first_table.startswith("Bets (per unit staked)\nbet ")
    assert "Shoe: 1 deck (52 cards)." in out.split("\n\n")[1]
    stamp = fingerprint(twin(capsys, *SMALL))
    assert out.splitlines()[0] == f"Math report (PAR sheet) {stamp}"
    assert f"Fingerprint {stamp}: a hash of the request and the tool's version." in out


def test_with_a_mix_the_hold_comes_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", *SMALL, "--mix", MIX, "--actual", "3%")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    assert out.split("\n\n")[2].startswith("Bet mix: hold per unit of handle")
    assert "not shown for width" not in out


def test_csv_writes_the_main_table_and_table_picks_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", *SMALL, "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("bet,house_edge,house_edge_float,rtp")
    code, out, _ = run(capsys, "report", *SMALL, "--table", "pay-table")
    assert code == 0 and out.count("dragon-7  win") == 1 and "Volatility" not in out


def test_a_different_request_has_a_different_fingerprint(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = twin(capsys, *SMALL)
    other = twin(capsys, *SMALL, "--confidence", "95")
    assert re.fullmatch(r"[0-9a-f]{16}", fingerprint(one))
    assert fingerprint(one) != fingerprint(other)
    older = {**one, "version": {**one["version"], "baccarat_exact": "0.1.0"}}
    assert fingerprint(older) != fingerprint(one)
    assert fingerprint({**one, "version": {**one["version"], "python": "3.99"}}) == fingerprint(one)


# -- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mix", "banker=0"], "--mix: stake on banker must be more than 0, got 0"),
        (["--mix", "banker"], "--mix: stake 'banker': write bet=units"),
        (["--mix", "bnker=1"], "unknown bet 'bnker': did you mean banker "),
        (["--rounds", "0"], "--rounds takes whole numbers of rounds from 1, got '0'"),
        (["--rounds", "100,,1000"], "--rounds takes a comma-separated list"),
        (["--confidence", "100"], "--confidence takes per cents between 0 and 100, got '100'"),
        (["--confidence", "high"], "--confidence must be a number such as 90 or 99.5"),
        (["--loss", "-5"], "--loss takes amounts more than 0, got '-5'"),
        (["--actual", "3%"], "--actual is the hold of a bet mix: give --mix too"),
        (
            ["--mix", "banker=1", "--actual", "150%"],
            "--actual is a share of handle of at most 100%",
        ),
        (["--html", "/nonexistent/folder/page.html"], "cannot write /nonexistent/folder/page.html"),
        (["--rounds", "1000000000000"], "at most 999,999,999,999 rounds"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    code, out, err = run(capsys, "report", "--decks", "1", "--rounds", "10", *args)
    assert code == 2 and not out
    assert len(err.splitlines()) == 1 and err.startswith("Error: ") and message in err


# -- Markdown and HTML ----------------------------------------------------------------------------


def test_markdown_has_a_section_per_bet_each_with_the_fingerprint(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = (*SMALL, "--mix", MIX, "--actual", "3%")
    _, out, _ = run(capsys, "report", *args, "--format", "markdown")
    document = twin(capsys, *args)
    stamp = f"Fingerprint `{fingerprint(document)}` · baccarat-exact "
    sections = out.split("\n## ")[1:]
    assert [s.split("\n")[0] for s in sections] == [
        "Bet mix: hold",
        *(
            f"Bet: {find_side_bet(name).title} ({name})"
            if name in SIDE_BET_NAMES
            else f"Bet: {name}"
            for name in document["bets"]
        ),
        "How the figures are found",
    ]
    seven = next(s for s in sections if s.startswith("Bet: Dragon 7"))
    assert f"Wins when: {find_side_bet('dragon-7').rule}" in seven
    assert "| total |" in seven.replace("  ", " ")  # every combination, and the whole RTP
    assert all(s.split("\n")[2].startswith(stamp) for s in sections)
    assert out.startswith("# Math report (PAR sheet)\n\n" + document["inputs"])
    edge = document["bets"]["dragon-7"]["house_edge_float"]
    assert f"| house edge | {edge * 100:.4f}% |" in sections[4]


class _StrictParser(HTMLParser):
    """Checks that every element opened is closed in order and collects the figures."""

    VOID = frozenset({"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.ids: list[str] = []
        self.figures: list[tuple[str, str]] = []
        self.cells: list[tuple[dict[str, str | None], str]] = []
        self.fingerprints: list[str] = []
        self._open: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.outside_svg_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        found = dict(attrs)
        if "id" in found:
            self.ids.append(str(found["id"]))
        if tag not in self.VOID:
            self.stack.append(tag)
            self._open.append((tag, found, []))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()
        _, attrs, text = self._open.pop()
        whole = "".join(text)
        if self._open:
            self._open[-1][2].append(whole)
        if "data-json" in attrs:
            self.figures.append((str(attrs["data-json"]), whole))
        if attrs.get("class") == "fingerprint":
            self.fingerprints.append(whole)
        if tag in ("td", "dd"):
            self.cells.append((attrs, whole))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)


def _shown(text: str, value: Any) -> bool:
    """Whether ``text`` is ``value`` as a page shows it: rounded to its digits, grouped
    with commas, or the exact text itself."""
    if isinstance(value, str) and text == value:
        return True
    if isinstance(value, bool) or value is None:
        return False
    number = float(Fraction(value)) if isinstance(value, str) else value
    if text.endswith("%"):
        digits = len(text[:-1].partition(".")[2])
        return abs(float(text[:-1]) - number * 100) <= 0.5 * 10**-digits + 1e-9
    if re.fullmatch(r"-?\d{1,3}(,\d{3})*", text):
        return isinstance(value, int) and int(text.replace(",", "")) == value
    digits = len(text.partition(".")[2])
    return abs(float(text) - number) <= 0.5 * 10**-digits + 1e-12


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, Any]]:
    path = tmp_path_factory.mktemp("html") / "report.html"
    args = ["report", *SMALL, "--mix", MIX, "--actual", "3%", "--html", str(path), "-f", "json"]
    code, out, err = run_main_redirected(*args, columns=80)
    assert not code, err
    return path.read_text(encoding="utf-8"), json.loads(out)


def test_html_is_well_formed_and_self_contained(page: tuple[str, dict[str, Any]]) -> None:
    html, _ = page
    assert html.startswith('<!DOCTYPE html>\n<html lang="en">')
    parser = _StrictParser()
    parser.feed(html)
    parser.close()
    assert parser.stack == []
    assert [parser.tags.count(tag) for tag in ("html", "head", "body")] == [1, 1, 1]
    assert re.search(
        r"<head>.*<title>Math report \(PAR sheet\) [0-9a-f]{16}</title>.*</head>", html, re.S
    )
    assert len(parser.ids) == len(set(parser.ids))
    assert '<meta charset="utf-8">' in html
    for outside in ("<script", "<link", "<img", "<iframe", "src=", "href=", "url(", "@import"):
        assert outside not in html, outside
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) == {"http://www.w3.org/2000/svg"}
    assert "@media print" in html and "break-before: page" in html
    for svg in re.findall(r"<svg.*?</svg>", html, re.S):
        ElementTree.fromstring(svg)  # each chart is well-formed XML


def test_every_html_figure_is_the_json_twins(page: tuple[str, dict[str, Any]]) -> None:
    html, document = page
    parser = _StrictParser()
    parser.feed(html)
    assert len(parser.figures) > 200
    for path, text in parser.figures:
        assert _shown(text, lookup(document, path)), (path, text)
    names = set(document["bets"]) | set(document["mix"]["shares"])
    for attrs, text in parser.cells:  # a cell with a digit is a figure, or a bet's name
        if re.search(r"\d", text) and "data-json" not in attrs:
            assert text in names, text


def test_html_charts_draw_the_law_and_the_narrowing_interval(
    page: tuple[str, dict[str, Any]],
) -> None:
    html, document = page
    charts = re.findall(r'<svg[^>]*aria-label="([^"]*)"', html)
    per_section = len(document["mix"]["rounds"]) + 1
    assert len(charts) == per_section * (1 + len(document["bets"]))
    assert charts.count("The hold: interval at each confidence as rounds grow") == 1
    assert charts.count("after 2,000 rounds") == 1 + len(document["bets"])


def test_every_html_section_carries_the_fingerprint(page: tuple[str, dict[str, Any]]) -> None:
    html, document = page
    parser = _StrictParser()
    parser.feed(html)
    sections = html.count("<section ")
    assert sections == len(document["bets"]) + 2  # the mix, each bet, the method
    # one in the header, one at the foot of each section, one repeated on every printed page
    assert parser.fingerprints == [fingerprint(document)] * (sections + 2)
    assert all(
        'class="fingerprint"' in part.rsplit("<footer", 1)[1]
        for part in html.split("</section>")[:-1]
    )


def test_html_alone_writes_the_text_view(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "page.html"
    code, out, _ = run(capsys, "report", *SMALL, "--html", str(path))
    assert code == 0 and out.startswith("Math report (PAR sheet)") and path.stat().st_size > 5000


def test_each_histogram_names_break_even_and_the_expected_line(
    page: tuple[str, dict[str, Any]],
) -> None:
    """Every "after N rounds" chart draws two lines and says which is which: break-even at
    0 and the expected result, never an unlabelled line."""
    html, _ = page
    histograms = [svg for svg in re.findall(r"<svg.*?</svg>", html, re.S) if "after " in svg]
    assert histograms
    for svg in histograms:
        assert svg.count('<line class="even"') == 1 and svg.count('<line class="mean"') == 1
        assert ">break-even</text>" in svg and ">expected</text>" in svg


def test_a_histogram_bins_whole_lattice_steps() -> None:
    """Dragon 7's net moves in steps of 41 (40 won or 1 lost): a chart of a long session
    puts the same number of lattice points in every bin, so no bin is taller for holding
    one more reachable total (the lattice aliasing that made an exact law look noisy)."""
    from baccarat_exact.analysis.sums import RoundLaw, sum_law

    p = Fraction(2, 89)
    law = sum_law(RoundLaw.of([(Fraction(40), p), (Fraction(-1), 1 - p)]), 2000)
    shape = law.shape(bins=60, trim=1e-9)
    centres = [x * 2000 for x, _ in shape]
    widths = {round(b - a, 6) for a, b in itertools.pairwise(centres)}
    assert len(widths) == 1 and widths.pop() % 41 == 0  # every bin k whole steps of 41
    assert abs(sum(mass for _, mass in shape) - 1) < 1e-6
