"""``submission``: each part of the document against a source that is not its own code.

The effects of removal are ``eor``'s, the house edges ``odds``'s at each number of decks,
the infinite-shoe row the limit of ``formula``'s exact functions of d, the top award's
"1 in N" the reciprocal of its probability (and the Wizard of Odds' Dragon 7 count), the
counted run ``simulate --fast``'s own figures for the same shoes; hold against drop is
the textbook formula's worked examples. The document examined is the golden file
(tests/golden/submission-dragon-7-1-deck.json), read as stored. Hostile input is one line and exit 2.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.analysis.hold import hold_versus_drop
from baccarat_exact.analysis.pay_tables import candidate_tables, same_rounds
from baccarat_exact.analysis.submission import TOP_AWARD_LIMIT, TopAward
from baccarat_exact.commands.eor import EorRequest
from baccarat_exact.commands.inputs import BetsInput, ShoeInput
from baccarat_exact.commands.odds import OddsRequest
from baccarat_exact.commands.simulate import SimulateRequest
from baccarat_exact.commands.submission import SubmissionRequest
from baccarat_exact.errors import BetError
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.report.submission import pass_line
from tests.cli_runner import run_main

ONE_DECK = ShoeInput(decks=1)
RUN = {"shoes": 300, "seed": 7}
"""The golden document's counting run: 300 one-deck shoes."""
GOLDEN = Path(__file__).resolve().parent / "golden" / "submission-dragon-7-1-deck.json"

SEQUENCES_8 = 4_998_398_275_503_360
DRAGON_7_WINS_8 = 112_633_011_329_024
"""Dragon 7 on 8 decks: winning six-card sequences of all of them (Wizard of Odds, EZ
Baccarat: https://wizardofodds.com/games/ez-baccarat/)."""
LUCKY_6_MACAU_EDGE_8 = "16.68"
"""Lucky 6, Macau pay table (12 and 20 to 1), 8 decks: house edge in per cent (Wizard of
Odds, https://wizardofodds.com/games/baccarat/side-bets/lucky-6/)."""


@pytest.fixture(scope="module")
def dragon() -> dict[str, Any]:
    """The golden document: Dragon 7 on one deck with a 30-to-1 table beside it (its
    request is checked to be this one, so the tests below hold the stored values)."""
    document: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    named = BetsInput(names=("dragon-7",), only_named=True)  # as the command line names it
    request = SubmissionRequest(shoe=ONE_DECK, bets=named, pays=("win=30",), **RUN)
    assert SubmissionRequest.from_dict(document["request"]) == request
    return document


def test_effects_and_count_are_eors(dragon: dict[str, Any]) -> None:
    eor = EorRequest(shoe=ONE_DECK, bets=BetsInput(names=("dragon-7",))).run().document()
    assert eor is not None
    theirs = {" ".join(row["ranks"]): row for row in eor["bets"]["dragon-7"]["effects"].values()}
    ours = {row["card"]: row for row in dragon["advantage"]["effects"]}
    assert set(ours) == set(theirs)
    for card, row in ours.items():
        assert (row["cards"], row["effect"]) == (theirs[card]["cards"], theirs[card]["effect"])
    assert dragon["advantage"]["weighted_sum"] == "0"
    count = dragon["advantage"]["count"]
    assert count["imbalance"] == 0  # balanced: Σ cards · tag = 0
    assert sum(row["cards"] * row["tag"] for row in dragon["advantage"]["effects"]) == 0
    # the linear model: the EV reaches 0 at the trigger true count
    ev = -Fraction(dragon["house_edge"])
    slope = Fraction(count["ev_per_true_count"])
    assert count["trigger_true_count_float"] == pytest.approx(float(-ev / slope), rel=1e-12)


def test_edges_by_decks_are_odds_and_the_limit_is_formulas(dragon: dict[str, Any]) -> None:
    from baccarat_exact.analysis.formulas import deck_formulas

    own, thirty = dragon["pay_tables"]
    assert (own["name"], thirty["name"]) == ("dragon-7", "win=30")
    for row in own["by_decks"][:8:3]:  # 1, 4 and 7 decks: odds on its own
        priced = OddsRequest(
            shoe=ShoeInput(decks=row["decks"]), bets=BetsInput(names=("dragon-7",))
        )
        document = priced.run().document()
        assert document is not None
        assert row["house_edge"] == document["bets"]["dragon-7"]["house_edge"]
    infinite = own["by_decks"][-1]
    assert infinite["decks"] is None
    formula = deck_formulas(Rules(), (find_bet("dragon-7"),)).bets[0]
    assert Fraction(infinite["house_edge"]) == -formula.ev.limit()
    # the 30-to-1 table: EV is linear in the pays, 31·P(win) − 1 on every shoe
    for mine, theirs in zip(own["by_decks"], thirty["by_decks"]):
        win = (1 - Fraction(mine["house_edge"])) / 41
        assert Fraction(theirs["house_edge"]) == 1 - 31 * win
    assert own["house_edge"] == own["by_decks"][0]["house_edge"] == dragon["house_edge"]


def test_true_odds_and_the_top_award(dragon: dict[str, Any]) -> None:
    lines = {line["line"]: line for line in dragon["lines"]}
    assert [line["pays"] for line in lines.values()] == ["40", "-1"]
    assert sum(Fraction(line["probability"]) for line in lines.values()) == 1
    for line in lines.values():
        p = Fraction(line["probability"])
        assert Fraction(line["true_odds"]) == (1 - p) / p
    top = dragon["top_award"]
    assert (top["line"], top["pays"], top["limit"]) == ("win", "40", TOP_AWARD_LIMIT)
    assert Fraction(top["one_in"]) == 1 / Fraction(lines["win"]["probability"])
    assert top["passes"] and "passes GLI-11" in top["verdict"]


def test_eight_deck_top_award_is_the_published_count() -> None:
    award = TopAward(
        name="win", pays=Fraction(40), probability=Fraction(DRAGON_7_WINS_8, SEQUENCES_8)
    )
    request = SubmissionRequest(bets=BetsInput(names=("dragon-7",)), shoes=1)
    from baccarat_exact.analysis.submission import line_odds, top_award
    from baccarat_exact.pricing import odds
    from baccarat_exact.stats import bet_stats

    rules, bet = request.bet()
    assert top_award(line_odds(bet_stats(odds(Shoe.from_decks(8), rules, (bet,)).bets[0]))) == award
    assert award.one_in == Fraction(SEQUENCES_8, DRAGON_7_WINS_8)


def test_the_limit_of_10_to_the_8_is_a_boundary() -> None:
    at = TopAward(name="jackpot", pays=Fraction(10**6), probability=Fraction(1, 10**8))
    beyond = TopAward(name="jackpot", pays=Fraction(10**6), probability=Fraction(1, 10**8 + 1))
    assert at.passes and not beyond.passes
    assert "passes" in pass_line(at) and "FAILS" in pass_line(beyond)


def test_a_top_award_the_shoe_cannot_deal_fails() -> None:
    """Fives and tens alone make no total of 7: Dragon 7 never wins, its award is never
    reached."""
    shoe = ShoeInput(counts="5=12,T=16")
    request = SubmissionRequest(shoe=shoe, bets=BetsInput(names=("dragon-7",)), shoes=2)
    top = request.run().document()["top_award"]  # type: ignore[index]
    assert (top["probability"], top["one_in"], top["passes"]) == ("0", None, False)
    assert "never" in top["verdict"]


def test_published_variants_are_the_same_rounds_at_other_pays() -> None:
    rules = Rules()
    lucky = find_bet("lucky-6", rules)
    (macau,) = candidate_tables(lucky, rules)
    assert macau.name == "lucky-6-macau" and same_rounds(lucky, macau)
    from baccarat_exact.analysis.submission import deck_rows

    eight = deck_rows(rules, (lucky, macau))[7]
    assert eight.decks == 8
    assert f"{float(eight.edges[1]) * 100:.2f}" == LUCKY_6_MACAU_EDGE_8
    with pytest.raises(BetError, match="other rounds"):
        candidate_tables(lucky, rules, ("big-tiger",))


def test_the_counted_run_is_simulate_fasts(dragon: dict[str, Any]) -> None:
    simulated = (
        SimulateRequest(shoe=ONE_DECK, bets=BetsInput(names=("dragon-7",)), fast=True, **RUN)
        .run()
        .document()
    )
    assert simulated is not None
    (row,) = (
        e
        for e in simulated["economics"]
        if (e["bet"], e["count"], e["betting"]) == ("dragon-7", "derived", "flat")
    )
    run = dragon["advantage"]["run"]
    for key in ("won_per_100", "won_per_hour", "hands_bet_per_shoe"):
        assert (run[f"{key}_float"], run[f"{key}_se_float"]) == (
            row[f"{key}_float"],
            row[f"{key}_se_float"],
        ), key
    assert run["hands_per_shoe_float"] == simulated["hands_per_shoe_float"]
    assert run["trigger_share_float"] == pytest.approx(
        run["hands_bet_per_shoe_float"] / run["hands_per_shoe_float"]
    )


def test_no_advantage_play_where_no_card_is_removed_or_priced(tmp_path: Path) -> None:
    """An infinite shoe, and a bet on the ranks of particular cards: every exact part,
    and the reason there is no advantage-play section."""
    infinite = SubmissionRequest(
        shoe=ShoeInput(infinite=True), bets=BetsInput(names=("dragon-7",)), shoes=1
    )
    document = infinite.run().document()
    assert document is not None
    assert document["advantage"] is None and "infinite shoe" in document["no_advantage"]
    own = document["pay_tables"][0]
    assert own["house_edge"] == own["by_decks"][-1]["house_edge"] == document["house_edge"]
    toml = Path(__file__).resolve().parent.parent / "docs" / "examples" / "lucky-match.toml"
    from baccarat_exact.analysis.advantage import advantage_refused
    from baccarat_exact.model.custom_bets import read_bets_file

    (lucky_match, *_) = (custom.bet for custom in read_bets_file(toml))
    assert lucky_match.needs_cards
    assert "ranks of particular" in advantage_refused(Shoe.from_decks(8), lucky_match)


def test_hold_is_the_textbook_formula() -> None:
    """888casino, "Theoretical hold": a 5 % edge, $5 bets, 40 rounds an hour and $100
    bought in over two hours (10 bets an hour) hold 20 %; MacDonald ("False drop and
    hold", 1996): a bet-to-drop ratio of 1:20 holds a quarter of 1:5."""
    hold = hold_versus_drop(Fraction(1, 20), Fraction(5), Fraction(10), 40)
    assert (hold.win_per_hour, hold.drop_per_hour, hold.hold) == (10, 50, Fraction(1, 5))
    low = hold_versus_drop(Fraction(1, 20), Fraction(5), Fraction(20), 40).hold
    high = hold_versus_drop(Fraction(1, 20), Fraction(20), Fraction(5), 40).hold
    assert low == high / 4


def test_the_document_holds_the_hold_of_its_edge(dragon: dict[str, Any]) -> None:
    hold = dragon["hold"]
    edge = Fraction(dragon["house_edge"])
    assert Fraction(hold["win_per_hour"]) == edge * 25 * 70
    assert Fraction(hold["hold"]) == edge * 70 / 10


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((), "one bet"),
        (("dragon-7", "--bet", "panda-8"), "one bet"),
        (("dragon-7", "--pays", "jackpot=3"), "no line 'jackpot'"),
        (("dragon-7", "--pays", "perfect-pair"), "other rounds"),
        (("dragon-7", "--average-bet", "0"), "--average-bet must be more than 0"),
        (("dragon-7", "--buy-in", "ten"), "--buy-in"),
        (("dragon-7", "--level", "10"), "--level"),
        (("no-such-bet",), "unknown bet"),
        (("dragon-7", "--pays", "dragon-7"), "own pay table"),
        (("dragon-7", "--shoes", "100000000000000"), "past the day"),
    ],
)
def test_hostile_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: str
) -> None:
    shoes = () if "--shoes" in args else ("--shoes", "2")
    code, out, err = run_main(capsys, "submission", *args, *shoes)
    assert code == 2 and not out, (code, out)
    assert err.startswith("Error: ") and err.count("\n") == 1 and words in err, err


def test_pages_and_html_carry_the_fingerprint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "submission.html"
    args = ("submission", "lucky-6", "--decks", "1", "--shoes", "2", "--html", str(page))
    code, out, err = run_main(capsys, *args, "-f", "markdown")
    assert code == 0, err
    code, text, err = run_main(capsys, *args[:-2], "-f", "json")
    document = json.loads(text)
    from baccarat_exact.commands.report import fingerprint

    mark = fingerprint(document)
    html = page.read_text(encoding="utf-8")
    assert out.startswith("# Game submission") and out.count(mark) >= 5
    assert mark in html and 'data-json="top_award.one_in"' in html
    assert "lucky-6-macau" in out and "lucky-6-macau" in html


def test_text_leads_with_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "submission", "dragon-7", "--decks", "1", "--shoes", "2")
    assert code == 0, err
    first = out.splitlines()[3]
    assert first.startswith("House edge of dragon-7:")
    assert max(len(line) for line in out.splitlines()) <= 80
