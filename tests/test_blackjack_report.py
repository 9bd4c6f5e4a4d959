"""``blackjack report``: the blackjack math report (PAR sheet). Its round is `blackjack
round`'s and its EV `blackjack edge`'s (identities); every volatility index is z·SD; every
interval and chance is an independent convolution (tests/par_reference.py, through
tests/test_report_par.py's horizon check); every HTML figure is its JSON twin's; and each
bad input is one line and exit 2."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest

from baccarat_exact.commands.blackjack import (
    BlackjackEdgeRequest,
    BlackjackReportRequest,
    BlackjackRoundRequest,
    BlackjackRulesInput,
)
from baccarat_exact.commands.check import later_defaults
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.commands.report import fingerprint
from baccarat_exact.report.par_pages import lookup
from tests.cli_runner import run_main, run_main_redirected
from tests.test_report_pages import _shown, _StrictParser
from tests.test_report_par import _check_horizon

GOLDEN = Path(__file__).resolve().parent / "golden" / "blackjack-report-19-cards.json"
SHOE = "A=2,5=3,7=4,9=2,T=8"
"""The golden document's 19-card shoe."""
TINY = "A=3,5=3,6=4,7=4,9=2,T=8"
"""A 24-card shoe for a second rule set."""
SMALL = ["--counts", SHOE, "--rounds", "10,1000", "--loss", "10%,5", "-q"]
"""The golden document's command line (less --format json)."""


def _q(text: str) -> Fraction:
    return Fraction(text)


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return document


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``baccarat-exact blackjack report ARGS`` in an 80-column terminal: (exit code, stdout,
    stderr)."""
    return run_main(capsys, "blackjack", "report", *args, columns=80)


# -- the round is blackjack round's, its EV blackjack edge's ------------------------------------


def _same_round(report: dict[str, Any], round_: dict[str, Any]) -> None:
    """Each strategy's figures in the report equal ``blackjack round``'s, exactly."""
    plays = {play["strategy"]: play for play in round_["strategies"]}
    assert list(report["strategies"]) == list(plays)
    for name, sheet in report["strategies"].items():
        play = plays[name]
        assert sheet["player_ev"] == play["player_ev"]
        assert _q(sheet["house_edge"]) == -_q(play["player_ev"])
        assert sheet["variance"] == play["variance"]
        assert sheet["std_dev_float"] == pytest.approx(play["std_dev_float"], rel=1e-15)
        assert (sheet["hit_frequency"], sheet["push"], sheet["lose"]) == (
            play["win"],
            play["push"],
            play["lose"],
        )
        assert [(o["net"], o["probability"]) for o in sheet["outcomes"]] == [
            (d["net"], d["probability"]) for d in play["distribution"]
        ]
        assert sheet["largest_win"] == play["distribution"][-1]["net"]
        for outcome in sheet["outcomes"]:
            assert _q(outcome["one_in"]) * _q(outcome["probability"]) == 1


def test_the_golden_report_is_blackjack_rounds_law(golden: dict[str, Any]) -> None:
    round_ = BlackjackRoundRequest(shoe=ShoeInput(counts=SHOE)).run().document()
    assert round_ is not None
    _same_round(golden, round_)


def test_another_rule_set_is_blackjack_rounds_law_too() -> None:
    rules = BlackjackRulesInput(ruleset="us", surrender="late", h17=True)
    shoe = ShoeInput(counts=TINY)
    report = BlackjackReportRequest(shoe=shoe, rules=rules, rounds="3,50").run().document()
    round_ = BlackjackRoundRequest(shoe=shoe, rules=rules).run().document()
    assert report is not None and round_ is not None
    _same_round(report, round_)
    assert len(report["strategies"]["optimal"]["outcomes"]) > 6  # surrender, doubles after splits


def test_optimal_ev_is_blackjack_edges(golden: dict[str, Any]) -> None:
    edge = BlackjackEdgeRequest(shoe=ShoeInput(counts=SHOE)).run().document()
    assert edge is not None
    assert golden["strategies"]["optimal"]["player_ev"] == edge["player_ev_optimal"]
    assert golden["strategies"]["basic"]["player_ev"] == edge["player_ev_basic"]


# -- every figure from the exact variance and an independent convolution ------------------------


def test_each_volatility_index_is_z_times_sd(golden: dict[str, Any]) -> None:
    for sheet in golden["strategies"].values():
        sd = math.sqrt(_q(sheet["variance"]))
        assert [v["confidence"] for v in sheet["volatility"]] == ["9/10", "19/20", "99/100"]
        for entry in sheet["volatility"]:
            z = NormalDist().inv_cdf(float((1 + _q(entry["confidence"])) / 2))
            assert entry["z_float"] == pytest.approx(z, rel=1e-12)
            assert entry["index_float"] == pytest.approx(z * sd, rel=1e-12)


def test_intervals_and_chances_are_an_independent_convolution(golden: dict[str, Any]) -> None:
    for sheet in golden["strategies"].values():
        law = {_q(o["net"]): _q(o["probability"]) for o in sheet["outcomes"]}
        assert sum(law.values()) == 1
        assert [(h["rounds"], h["method"]) for h in sheet["rounds"]] == [
            (10, "exact"),
            (1000, "float"),
        ]
        for horizon in sheet["rounds"]:
            _check_horizon(horizon, law)


def test_ahead_after_ten_rounds_is_a_sum_over_the_rounds_outcomes(golden: dict[str, Any]) -> None:
    """P(ahead) after 10 rounds, summing the probability of every sequence of outcome
    counts (a multinomial) whose total is above 0 — a third way to the same number."""
    sheet = golden["strategies"]["optimal"]
    outcomes = [(_q(o["net"]), _q(o["probability"])) for o in sheet["outcomes"]]
    n = 10

    def ahead(i: int, left: int, total: Fraction, weight: Fraction) -> Fraction:
        if i == len(outcomes) - 1:
            net, p = outcomes[i]
            return weight * p**left if total + left * net > 0 else Fraction(0)
        net, p = outcomes[i]
        return sum(
            (
                ahead(i + 1, left - k, total + k * net, weight * math.comb(left, k) * p**k)
                for k in range(left + 1)
            ),
            Fraction(0),
        )

    assert _q(sheet["rounds"][0]["ahead"]["probability"]) == ahead(0, n, Fraction(0), Fraction(1))


def test_float_arithmetic_gives_the_same_figures_as_floats_only(
    capsys: pytest.CaptureFixture[str], golden: dict[str, Any]
) -> None:
    code, out, err = run(capsys, *SMALL, "--float", "-f", "json")
    assert code == 0, err
    document = json.loads(out)
    assert document["arithmetic"] == "float"
    exact_keys = {"net", "largest_win", "confidence", "units", "loss"}

    def walk(found: Any, expected: Any, path: str) -> None:
        if isinstance(found, dict):
            for key, value in found.items():
                if key in ("kind", "request", "version", "inputs", "arithmetic", "rules", "shoe"):
                    continue
                if isinstance(value, str) and key != "method":
                    assert key in exact_keys, f"{path}.{key} is exact in float arithmetic"
                walk(value, expected[key], f"{path}.{key}")
        elif isinstance(found, list):
            assert len(found) == len(expected), path
            for i, (a, b) in enumerate(zip(found, expected)):
                walk(a, b, f"{path}[{i}]")
        elif isinstance(found, float):
            assert found == pytest.approx(expected, rel=1e-9, abs=1e-12), path
        elif path.endswith(".method"):
            assert found == "float"

    walk(document, golden, "")


# -- the pages ----------------------------------------------------------------------------------


def test_text_fits_80_columns_and_leads_with_the_strategies(
    capsys: pytest.CaptureFixture[str], golden: dict[str, Any]
) -> None:
    code, out, _ = run(capsys, *SMALL)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    stamp = fingerprint(golden)
    assert out.splitlines()[0] == f"Blackjack math report (PAR sheet) {stamp}"
    assert out.split("\n\n")[1].startswith("Shoe: 19 cards: A=2,5=3,7=4,9=2,T=8. Rules: S17")
    assert out.split("\n\n")[2].startswith("Strategies (units of the initial bet, per round)")
    assert f"Fingerprint {stamp}: a hash of the request and the tool's version." in out


def test_markdown_has_a_section_per_strategy_each_with_the_fingerprint(
    capsys: pytest.CaptureFixture[str], golden: dict[str, Any]
) -> None:
    code, out, _ = run(capsys, *SMALL, "--format", "markdown")
    assert code == 0
    stamp = f"Fingerprint `{fingerprint(golden)}` · baccarat-exact "
    sections = out.split("\n## ")[1:]
    assert [s.split("\n")[0] for s in sections] == [
        "Strategy: optimal (composition-dependent)",
        "Strategy: basic (the strategy derived for these rules and this shoe)",
        "How the figures are found",
    ]
    assert all(s.split("\n")[2].startswith(stamp) for s in sections)
    assert out.startswith("# Blackjack math report (PAR sheet)\n\n" + golden["inputs"])
    edge = golden["strategies"]["basic"]["house_edge_float"]
    assert f"| house edge | {edge * 100:.4f}% |" in sections[1]


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, Any]]:
    path = tmp_path_factory.mktemp("html") / "report.html"
    args = ["blackjack", "report", *SMALL, "--html", str(path), "-f", "json"]
    code, out, err = run_main_redirected(*args, columns=80)
    assert not code, err
    return path.read_text(encoding="utf-8"), json.loads(out)


def test_the_json_beside_the_html_is_the_golden_document(
    page: tuple[str, dict[str, Any]], golden: dict[str, Any]
) -> None:
    _, document = page
    assert {k: v for k, v in _as_first_written(document).items() if k != "version"} == {
        k: v for k, v in golden.items() if k != "version"
    }


def _as_first_written(value: Any) -> Any:
    """``value`` without the keys that came after the golden document at what their absence
    meant (``post_split``: no input, CDP1)."""
    if isinstance(value, dict):
        later = later_defaults()
        return {
            key: _as_first_written(item)
            for key, item in value.items()
            if item not in later.get(key, ())
        }
    return value


def test_every_html_figure_is_the_json_twins(page: tuple[str, dict[str, Any]]) -> None:
    html, document = page
    parser = _StrictParser()
    parser.feed(html)
    parser.close()
    assert parser.stack == []
    assert len(parser.figures) > 150
    for path, text in parser.figures:
        assert _shown(text, lookup(document, path)), (path, text)
    for attrs, text in parser.cells:  # a cell with a digit is a figure
        assert not re.search(r"\d", text) or "data-json" in attrs, text


def test_the_html_is_self_contained_with_the_fingerprint_on_every_section(
    page: tuple[str, dict[str, Any]],
) -> None:
    html, document = page
    assert re.search(r"<title>Blackjack math report \(PAR sheet\) [0-9a-f]{16}</title>", html)
    for outside in ("<script", "<link", "<img", "<iframe", "src=", "href=", "url(", "@import"):
        assert outside not in html, outside
    parser = _StrictParser()
    parser.feed(html)
    sections = html.count("<section ")
    assert sections == len(document["strategies"]) + 1
    assert parser.fingerprints == [fingerprint(document)] * (sections + 2)
    charts = re.findall(r'<svg[^>]*aria-label="([^"]*)"', html)
    assert charts.count("after 1,000 rounds") == len(document["strategies"])


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "0"], "--rounds takes whole numbers of rounds from 1, got '0'"),
        (["--rounds", "10,,100"], "--rounds takes a comma-separated list"),
        (["--confidence", "100"], "--confidence takes per cents between 0 and 100, got '100'"),
        (["--confidence", "high"], "--confidence must be a number such as 90 or 99.5"),
        (["--loss", "-5"], "--loss takes amounts more than 0, got '-5'"),
        (["--strategy", "best"], "unknown strategy 'best': use optimal, basic or both"),
        (["--html", "/nonexistent/folder/page.html"], "cannot write /nonexistent/folder/page.html"),
        (["--rounds", "1000000000000"], "at most 999,999,999,999 rounds"),
        (["--counts", "A=4,5=1,T=8"], "after the up card T it holds 79 points"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    base = ["--counts", SHOE, "--rounds", "10", "--float", "-q", "--strategy", "optimal"]
    code, out, err = run(capsys, *base, *args)
    assert code == 2 and not out
    assert len(err.splitlines()) == 1 and err.startswith("Error: ") and message in err, err
