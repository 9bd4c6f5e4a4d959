"""``blackjack counting --indices``: a file ``blackjack indices -f json`` wrote, the rules'
own indices computed (cached on disk), and the casino's default game played with its own
shipped indices by default; a file for another game refused in one line."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from baccarat_exact.analysis.blackjack.counts import HI_LO
from baccarat_exact.analysis.blackjack.index_sets import SHIPPED_INDICES, document_plays
from baccarat_exact.blackjack.edge import basic_strategy
from baccarat_exact.blackjack.index_play import IndexPlay, illustrious_18
from baccarat_exact.blackjack.rules import US_RULES, BlackjackRules
from baccarat_exact.blackjack.strategy import Move
from baccarat_exact.commands.base import Context
from baccarat_exact.commands.blackjack.counting import BlackjackCountingRequest
from baccarat_exact.commands.blackjack.index_cache import CACHE_ENV, computed_indices, is_cached
from baccarat_exact.commands.blackjack.indices import BlackjackIndicesRequest
from baccarat_exact.model.shoe import Shoe
from tests.cli_runner import run_main, run_main_redirected

GAME = ("--rules", "us", "--decks", "1", "--surrender", "late")
"""A one-deck US game with late surrender: small and quick, every kind of decision."""
DECISIONS = "insurance,16vT,TTv5,12v4,15vT-surrender,88vT"
RULES = BlackjackRules.from_dict({**US_RULES.to_dict(), "decks": 1, "surrender": "late"})


@pytest.fixture(scope="module")
def indices_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What ``blackjack indices -f json`` writes for :data:`GAME` (few samples: 16 v T and
    15 v T's surrender at +3, 8,8 v T's split at +4 and below, the rest without an index)."""
    code, out, err = run_main_redirected(
        "blackjack", "indices", *GAME, "--decisions", DECISIONS, "--samples", "6",
        "--true-counts=-3..4", "--float", "-q", "-f", "json",
    )  # fmt: skip
    assert code == 0, err
    path = tmp_path_factory.mktemp("indices") / "one-deck.json"
    path.write_text(out, encoding="utf-8")
    return path


def _expected(document: dict[str, Any]) -> tuple[IndexPlay, ...]:
    """The plays the document's entries make (module docstring of ``index_sets``), from
    its own figures."""
    by_key = {e["key"]: e for e in document["indices"]}
    assert [by_key[k]["status"] for k in ("16vT", "15vT-surrender", "88vT")] == ["ok"] * 3
    assert by_key["88vT"]["direction"] == "<="
    strategy, _ = basic_strategy(Shoe.from_decks(1), RULES, exact=True)
    unsplit = strategy.plays[9].move((0,) * 7 + (2, 0, 0), -1, RULES, splittable=False)
    return (
        IndexPlay(10, "hard", 16, by_key["16vT"]["index"], Move.STAND, Move.HIT),
        IndexPlay(10, "hard", 15, by_key["15vT-surrender"]["index"], Move.SURRENDER, None),
        IndexPlay(10, "pair", 8, by_key["88vT"]["index"], unsplit, Move.SPLIT),
    )


def test_a_document_of_blackjack_indices_becomes_its_index_plays(indices_file: Path) -> None:
    """ok entries become plays (a ≤ index with the moves the other way round, a split
    against the chart's move unsplit); always, never and none leave the chart."""
    document = json.loads(indices_file.read_text())
    strategy, _ = basic_strategy(Shoe.from_decks(1), RULES, exact=True)
    plays = document_plays(
        document, "f", rules=RULES, shoe=Shoe.from_decks(1), count=HI_LO, strategy=strategy
    )
    assert set(plays) == set(_expected(document))


def test_counting_plays_the_file(capsys: pytest.CaptureFixture[str], indices_file: Path) -> None:
    code, out, err = run_main(
        capsys, "blackjack", "counting", "-q", *GAME, "--shoes", "20",
        "--indices", str(indices_file), "-f", "json",
    )  # fmt: skip
    assert code == 0, err
    tables = json.loads(out)["tables"]
    played = {(row["hand"], row["up"], row["index"]) for row in tables["index_plays"]}
    assert played == {("hard 16", "T", 3), ("hard 15", "T", 3), ("8,8", "T", 4)}, played
    play = next(row["value"] for row in tables["settings"] if row["setting"] == "play")
    assert play.endswith(f"with 3 index plays (the file {indices_file})")


@pytest.mark.parametrize(
    ("change", "args", "message"),
    [
        (None, ("--h17",), "computed for other rules (dealer_hits_soft_17 no there, yes here)"),
        (None, ("--decks", "2"), "computed for other rules (decks 1 there, 2 here)"),
        (None, ("--count-system", "mine=2:1,3:1,4:1,5:1,6:1,7:1,9:-1,T:-1,A:-1"), "another count"),
        (
            None,
            ("--play-count-system", "zen"),
            "computed for another count (hi-lo there, zen here)",
        ),
        ("{", (), "not JSON (line 1"),
        ('{"kind": "blackjack counting"}', (), "not a document of blackjack indices"),
        ("missing", (), "cannot read it"),
        ('{"kind": "blackjack indices", "indices": [{"key": "17vT"}]}', (), "no decision '17vT'"),
    ],
)
def test_a_file_for_another_game_or_no_file_of_indices_is_refused(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    indices_file: Path,
    change: str | None,
    args: tuple[str, ...],
    message: str,
) -> None:
    path = indices_file
    if change is not None:
        path = tmp_path / "bad.json"
        if change != "missing":
            document = json.loads(indices_file.read_text())
            text = change if not change.startswith('{"kind": "blackjack indices"') else None
            if text is None:  # a well-formed document for the game with a bad entry
                document["indices"] = json.loads(change)["indices"]
                text = json.dumps(document)
            path.write_text(text)
    game = [a for a in GAME if not (args[:1] == ("--decks",) and a in ("--decks", "1"))]
    code, out, err = run_main(
        capsys, "blackjack", "counting", "-q", *game, *args, "--shoes", "3", "--indices", str(path)
    )
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and message in lines[0], err


def _small_request() -> BlackjackIndicesRequest:
    """A quick indices request for the casino's game with one deck."""
    return BlackjackIndicesRequest.from_dict(
        {
            "rules": {"decks": 1},
            "decisions": "16vT,insurance",
            "samples": 4,
            "true_counts": "-1..4",
            "exact": False,
        }
    )


def test_computed_indices_are_the_commands_document_kept_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first call computes (the very document ``blackjack indices`` writes) and keeps
    it; the second reads it back without computing."""
    from baccarat_exact.report.render import dumps_json

    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    request = _small_request()
    assert not is_cached(request)
    first, source = computed_indices(request, Context())
    assert is_cached(request)
    assert dumps_json(first) == dumps_json(request.run().document())
    assert len(list((tmp_path / "indices").glob("*.json"))) == 1

    def refuse(*_: object) -> None:
        raise AssertionError("computed again")

    monkeypatch.setattr(BlackjackIndicesRequest, "run", refuse)
    again, same = computed_indices(request, Context())
    assert again == first and same == source


def test_counting_computed_plays_the_rules_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(BlackjackCountingRequest, "indices_request", lambda _: _small_request())
    computed = BlackjackCountingRequest.from_dict({"rules": {"decks": 1}, "indices": "computed"})
    before = computed.seconds()  # the indices' run counted while it is not cached
    assert before > BlackjackCountingRequest.from_dict({"rules": {"decks": 1}}).seconds()
    code, out, err = run_main(
        capsys, "blackjack", "counting", "-q", "--decks", "1", "--shoes", "10",
        "--indices", "computed", "-f", "json",
    )  # fmt: skip
    assert code == 0, err
    document, _ = computed_indices(_small_request(), Context())
    rules = BlackjackRules(decks=1)
    strategy, _ = basic_strategy(Shoe.from_decks(1), rules, exact=True)
    plays = document_plays(
        document, "c", rules=rules, shoe=Shoe.from_decks(1), count=HI_LO, strategy=strategy
    )
    rows = json.loads(out)["tables"]["index_plays"]
    assert plays and [r["index"] for r in rows] == [p.index for p in plays]
    assert computed.seconds() < before


def test_the_casino_default_game_plays_its_own_indices_and_the_us_game_the_illustrious_18() -> None:
    (name,) = SHIPPED_INDICES
    text = resources.files("baccarat_exact").joinpath("data").joinpath(name).read_text()
    shipped = json.loads(text)
    # the shipped file is the tool's own document of the default indices request
    assert shipped["kind"] == "blackjack indices"
    assert BlackjackIndicesRequest.from_dict(shipped["request"]) == BlackjackIndicesRequest()
    casino = BlackjackCountingRequest()
    rules, shoe = casino.game()
    strategy, _ = basic_strategy(shoe, rules, exact=True)
    document = casino.index_document()
    assert document is not None and document[0] == shipped
    plays = casino.plays(rules, strategy, document)
    assert plays == document_plays(
        shipped, name, rules=rules, shoe=shoe, count=HI_LO, strategy=strategy
    )
    assert plays != illustrious_18(rules)
    us_game = BlackjackCountingRequest.from_dict({"rules": {"ruleset": "us"}})
    assert us_game.index_document() is None
    assert us_game.plays(us_game.game()[0]) == illustrious_18(US_RULES)
