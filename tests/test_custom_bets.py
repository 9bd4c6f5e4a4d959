"""Bets the user defines in TOML: the documented examples recreate built-in bets exactly,
published figures for a bet only a user can write, and every validation message."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from baccarat_exact.errors import BetsFileError
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.custom_bets import MAX_MESSAGE, load_bets, parse_bets, read_bets_file
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.stats import bet_stats
from tests.test_pairs import _event, _physical, _state

DOCS = Path(__file__).parent.parent / "docs"
EIGHT_DECKS = Shoe.from_decks(8)
SMALL = Shoe.from_decks(1).remove("Ax2 2x3 3 4 5x2 6 7x3 8 9x2 Tx2 Jx3 Q K")


def _doc_blocks() -> list[str]:
    text = (DOCS / "custom-bets.md").read_text(encoding="utf-8")
    return re.findall(r"```toml\n(.*?)```", text, flags=re.DOTALL)


def _recreations(bets: tuple[object, ...]) -> list[tuple[object, object]]:
    """(user bet, built-in bet) for every user bet named ``my-<built-in name>``."""
    pairs = []
    for custom in bets:
        name = custom.name  # type: ignore[attr-defined]
        if name.startswith("my-"):
            pairs.append((custom.bet, find_bet(name.removeprefix("my-"))))  # type: ignore[attr-defined]
    return pairs


def test_the_docs_show_toml_examples() -> None:
    assert len(_doc_blocks()) >= 3


@pytest.mark.parametrize("source", ["docs", "example file"])
def test_recreated_bets_are_identical(source: str) -> None:
    if source == "docs":
        bets = tuple(b for block in _doc_blocks() for b in parse_bets(block, "docs/custom-bets.md"))
    else:
        bets = read_bets_file(DOCS / "examples" / "custom-bets.toml")
    recreated = _recreations(bets)
    assert {builtin.name for _, builtin in recreated} >= {"dragon-7", "dragon-bonus-player"}  # type: ignore[attr-defined]
    for custom, builtin in recreated:
        assert replace(custom, name=builtin.name) == builtin  # type: ignore[type-var]
        for shoe in (EIGHT_DECKS, SMALL, Shoe.infinite_shoe()):
            mine, theirs = odds(shoe, None, [custom, builtin]).bets  # type: ignore[list-item]
            assert mine.line_counts == theirs.line_counts and mine.ev == theirs.ev
            assert bet_stats(mine).variance == bet_stats(theirs).variance


def test_a_bet_only_a_user_writes_matches_its_published_figures() -> None:
    # "88 89 98 99": pays 20 to 1 when the final result is 8-8, 8-9, 9-8 or 9-9, however many
    # cards; house edge 7.372%, variance 18.594 (8 decks, Eliot Jacobson,
    # https://advancedadvantageplay.com/side-bets/baccarat-side-bets/).
    (bet,) = parse_bets(
        '[[bet]]\nname = "eights-and-nines"\n[[bet.line]]\nname = "win"\npays = 20\n'
        "when = { player_total = [8, 9], banker_total = [8, 9] }\n"
    )
    stats = bet_stats(odds(EIGHT_DECKS, None, [bet.bet]).bets[0])
    assert round(float(stats.house_edge) * 100, 3) == 7.372
    assert round(float(stats.variance), 3) == 18.594


def test_pair_and_round_conditions_together_match_a_direct_enumeration() -> None:
    """'The Player starts with a pair and wins' pays 20; 'any other Player pair' pushes."""
    (bet,) = parse_bets(
        """
        [[bet]]
        name = "winning-pair"
        [[bet.line]]
        name = "pair wins"
        pays = 20
        when = { player_pair = true, winner = "player" }
        [[bet.line]]
        name = "pair"
        pays = 0
        when = { player_pair = true }
        """
    )
    rows = [(2, 1, 0, 0), (0, 0, 0, 0), (0, 1, 0, 0), (0, 0, 0, 0), (1, 0, 0, 1)] + [
        (0, 0, 0, 0)
    ] * 4
    rows += [(1, 1, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    shoe = Shoe.from_suits(rows)
    wins = pushes = total = 0
    for six in itertools.permutations(_physical(rows), 6):
        total += 1
        if _state(six[0], six[2]) != 0:
            event = _event(six)
            player, banker = divmod(event // 4, 10)
            wins += player > banker
            pushes += player <= banker
    (result,) = odds(shoe, None, [bet.bet]).bets
    assert result.win == Fraction(wins, total) and result.push == Fraction(pushes, total)
    assert [line.name for line in bet_stats(result).lines] == ["pair wins", "pair", "lose"]


def test_a_line_that_is_not_a_product_is_split_and_shown_merged() -> None:
    """Losing = no Player pair (any round) or a Player pair that does not win: two pay lines."""
    (bet,) = parse_bets(
        """
        [[bet]]
        name = "w"
        [[bet.line]]
        name = "pair wins"
        pays = 20
        when = { player_pair = true, winner = "player" }
        """
    )
    assert [line.name for line in bet.bet.lines] == ["pair wins", "lose", "lose"]
    (result,) = odds(EIGHT_DECKS, None, [bet.bet]).bets
    stats = bet_stats(result)
    assert [line.name for line in stats.lines] == ["pair wins", "lose"]
    assert stats.lines[1].probability == 1 - stats.hit_frequency


def test_otherwise_and_lines_without_conditions() -> None:
    (bet,) = parse_bets(
        '[[bet]]\nname = "flat"\notherwise = 0\n[[bet.line]]\nname = "small"\npays = "3/2"\n'
        "when = { cards = 4 }\n"
        '[[bet]]\nname = "always"\n[[bet.line]]\npays = 0.54\n'
    )[:1]
    assert [(line.name, line.pays) for line in bet.bet.lines] == [
        ("small", Fraction(3, 2)),
        ("push", 0),
    ]
    always = parse_bets('[[bet]]\nname = "always"\n[[bet.line]]\npays = 0.54\n')[0].bet
    assert [(line.name, line.pays, len(line.events)) for line in always.lines] == [
        ("line 1", Fraction(27, 50), 400)
    ]


def test_load_bets_reads_several_files(tmp_path: Path) -> None:
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text('[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {winner = "tie"}\n')
    second.write_text('[[bet]]\nname = "b"\n[[bet.line]]\npays = 1\nwhen = {cards = [5, 6]}\n')
    assert [bet.name for bet in load_bets([first, second])] == ["a", "b"]


BAD_FILES = [
    ("x = 1", "b.toml: unknown top-level key 'x'; write [[bet]] tables"),
    ("", "b.toml: no bets: write one or more [[bet]] tables"),
    ("[[bet", "b.toml: not valid TOML: "),
    (
        '[[bet]]\nname = "Bad Name"',
        "b.toml:2: bet #1: name must be lowercase letters, digits and '-'",
    ),
    ('[[bet]]\nname = "a"', "b.toml:1: bet 'a': no lines"),
    (
        '[[bet]]\nname = "a"\ncolour = 1\n[[bet.line]]\npays = 1',
        "b.toml:3: bet 'a': unknown key 'colour' (a bet has name, title, otherwise and line)",
    ),
    (
        '[[bet]]\nname = "a"\ntitle = 3\n[[bet.line]]\npays = 1',
        "b.toml:3: bet 'a': title must be text",
    ),
    (
        '[[bet]]\nname = "dragon-7"\n[[bet.line]]\npays = 1',
        "b.toml:2: bet 'dragon-7': the name is a built-in bet's",
    ),
    ('[[bet]]\nname = "a"\n[[bet.line]]\nname = "w"', "b.toml:3: bet 'a', pay line 'w': no pays"),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = "abc"',
        "b.toml:4: bet 'a', pay line 1: pays must be a number such as 40, 0.54 or \"1/2\"",
    ),
    ('[[bet]]\nname = "a"\n[[bet.line]]\npays = true', ":4: bet 'a', pay line 1: pays must be"),
    ('[[bet]]\nname = "a"\n[[bet.line]]\npays = -2', "pay line 1: pays -2 loses more than"),
    (
        '[[bet]]\nname = "a"\notherwise = -3\n[[bet.line]]\npays = 1',
        "b.toml:3: bet 'a': otherwise -3 loses more than the stake",
    ),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nodds = 2',
        "b.toml:5: bet 'a', pay line 1: unknown key 'odds' (a pay line has name, pays and when)",
    ),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npay = 1',
        "b.toml:4: bet 'a', pay line 1: unknown key 'pay'; did you mean pays? (a pay line has",
    ),
    ('[[bet]]\nname = "a"\n[[bet.line]]\nname = 5\npays = 1', ":4: bet 'a', pay line 1: name must"),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {winer = "tie"}',
        "b.toml:5: bet 'a', pay line 1: unknown condition 'winer'; did you mean winner?",
    ),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {zzz = "tie"}',
        "unknown condition 'zzz' (docs/custom-bets.md lists them)",
    ),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {p4 = "K"}',
        "unknown condition 'p4'; did you mean p3 or p2?",
    ),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {winner = "dealer"}',
        'winner must be "banker"',
    ),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {player_total = 10}',
        "player_total must be a whole number 0-9",
    ),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {cards = true}',
        "cards must be a whole number 4-6",
    ),
    ('[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {margin = []}', "margin lists no values"),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {player_pair = 1}',
        "player_pair must be true or false",
    ),
    ('[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = []', "when is an empty list"),
    ('[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = 3', "when must be a table of conditions"),
    (
        '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\n[[bet]]\nname = "a"\n[[bet.line]]\npays = 1',
        "b.toml:6: bet 'a' is defined twice",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_bad_files_name_the_file_line_bet_and_pay_line(text: str, message: str) -> None:
    with pytest.raises(BetsFileError) as error:
        parse_bets(text, "b.toml")
    assert message in str(error.value) and "\n" not in str(error.value)
    assert len(f"Error: {error.value}") <= MAX_MESSAGE


def test_the_line_named_is_the_key_s_in_a_file_laid_out_by_hand() -> None:
    text = """# my bets
[[bet]]
name = "first"
[[bet.line]]
name = "win"
pays = 2
when = { winner = "tie" }

[[bet]]
name = "second"
title = "Second"

[[bet.line]]
name = "one"
pays = 1

[[bet.line]]
name = "two"
pays = 3
when = [
  { winner = "banker" },
  { all_cards_show = "flushy" },
]
"""
    with pytest.raises(BetsFileError) as error:
        parse_bets(text, "mine.toml")
    assert str(error.value) == (
        "mine.toml:22: bet 'second', pay line 'two': all_cards_show: unknown pattern 'flushy'; "
        "did you mean flush or straight flush?"
    )
    with pytest.raises(BetsFileError, match=r"^mine\.toml:19: bet 'second', pay line 'two': pays"):
        parse_bets(text.replace("pays = 3", "pays = -3"), "mine.toml")


def test_a_long_message_stays_one_short_line() -> None:
    source = "/a/very/long/directory/" * 10 + "bets.toml"
    text = '[[bet]]\nname = "a"\n[[bet.line]]\npays = 1\nwhen = {winner = "' + "x" * 500 + '"}'
    with pytest.raises(BetsFileError) as error:
        parse_bets(text, source)
    message = f"Error: {error.value}"
    assert len(message) <= MAX_MESSAGE and "\n" not in message
    assert message.startswith("Error: bets.toml:5: bet 'a', pay line 1: winner must be")


def test_a_bad_bets_file_is_one_error_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.cli_runner import run_main

    monkeypatch.chdir(tmp_path)
    path = Path("typo.toml")
    path.write_text((DOCS / "examples" / "typo.toml").read_text(encoding="utf-8"))
    for command in ("odds", "bets", "grid", "formula", "breakeven", "compare"):
        code, out, err = run_main(capsys, command, "--bets-file", str(path))
        assert code == 2 and not out, command
        assert err == (
            f"Error: {path}:6: bet 'p8', pay line 'win': unknown condition "
            "'player_three_card_totl'; did you mean player_three_card_total or "
            "banker_three_card_total?\n"
        )


def test_the_listing_of_a_bets_file_is_its_bets_with_their_titles(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from tests.cli_runner import run_main

    bets_file = str(DOCS / "examples" / "custom-bets.toml")
    _, out, _ = run_main(capsys, "bets", "--bets-file", bets_file, "-f", "json")
    document = json.loads(out)
    mine = [bet for bet in document["bets"] if bet["name"].startswith("my-")]
    assert mine[0]["title"] == "Dragon 7, written by hand"
    assert {bet["source"] for bet in mine} == {"a --bets-file"}
    assert set(document["request"]["bets"]["definitions"]) == {bet["name"] for bet in mine}
    catalogue = {bet["name"]: bet for bet in document["bets"]}
    # the hand-written Dragon 7 is priced as the catalogue's (EZ Baccarat, 7.6113 %)
    assert catalogue["my-dragon-7"]["house_edge"] == catalogue["dragon-7"]["house_edge"]


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(BetsFileError, match=r"missing\.toml: cannot read"):
        read_bets_file(tmp_path / "missing.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(BetsFileError, match=r"binary\.toml: not UTF-8 text"):
        read_bets_file(binary)
