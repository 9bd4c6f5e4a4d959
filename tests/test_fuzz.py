"""Property tests of the README's contract on arbitrary input: every command exits 0 with
output, or 2 with exactly one ``Error:`` line on stderr; never a traceback, never an
``internal error`` (exit 70).

Each test feeds one option (or an input file, or stdin) three kinds of text: arbitrary
text, text in the notation's own alphabet, and text built like valid input with bad
parts mixed in (so that some examples get past parsing and are priced). The CLI runs
in-process through ``main`` with small shoes, so every example is fast;
``--hypothesis-show-statistics`` shows how often each test's input was accepted.
A known bug pinned by a strict-xfail test in test_hardening.py is kept out of reach here
until it is fixed (the strategy concerned says so); none is now.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.cli_runner import run_main

GOLDEN = Path(__file__).parent / "golden"

SUPPRESS = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
"""capsys and tmp_path serve every example: :func:`invoke` empties capsys before each
run and the input file is overwritten."""

NOTATION = "0123456789AaTtJjQqKkshdcSH♠♥♦♣xX=,;: /%.eE-+"
"""The characters card notation, counts and numbers are written in."""

# -- text strategies -------------------------------------------------------------------

GOOD_RANK = st.sampled_from([*"A23456789TJQK", "10", "a", "t", "k", "q"])
GOOD_SUIT = st.sampled_from(["", "", "", "s", "h", "d", "c", "♠", "♥", "♦", "♣"])
RANK_TEXT = st.one_of(GOOD_RANK, st.sampled_from(["Z", "1", "0", "", "11", "B", "Ä"]))
SUIT_TEXT = st.one_of(GOOD_SUIT, st.sampled_from(["S", "♤", "z", "x", "ss", "🂡"]))
NUMBER_TEXT = st.one_of(
    st.integers(min_value=-5, max_value=60).map(str),
    st.integers(min_value=0, max_value=10**40).map(str),
    st.sampled_from(["", "0", "00", "+3", "-1", "1e3", "1.5", "½", "٣", "10^24", "9" * 40]),
)


def card_token(parts: tuple[str, str, str | None]) -> str:
    """``rank suit [xN]``."""
    rank, suit, copies = parts
    return rank + suit + ("" if copies is None else "x" + copies)


def joined(tokens: st.SearchStrategy[list[str]]) -> st.SearchStrategy[str]:
    """Tokens joined by one separator card notation allows (space, comma, tab)."""
    return st.tuples(tokens, st.sampled_from([" ", ",", ", ", "  ", "\t"])).map(
        lambda parts: parts[1].join(parts[0])
    )


GOOD_CARDS = joined(
    st.lists(
        st.tuples(
            GOOD_RANK, GOOD_SUIT, st.none() | st.integers(min_value=1, max_value=3).map(str)
        ).map(card_token),
        max_size=6,
    )
)
"""Cards a one-deck shoe can often give: ``5 Kh 9x2``."""
CARDS_TEXT = joined(
    st.lists(st.tuples(RANK_TEXT, SUIT_TEXT, st.none() | NUMBER_TEXT).map(card_token), max_size=8)
)
"""Card notation with good and bad ranks, suits and multiplicities: ``5x3 Zh, 10♠x-1``."""

HOSTILE = st.one_of(
    st.text(max_size=40), st.text(alphabet=NOTATION, max_size=40), CARDS_TEXT, GOOD_CARDS
)
"""Arbitrary text, text in the notation's alphabet, and card notation."""

NUMBER_LIKE = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="0123456789./:%eE+- _", max_size=30),
    st.fractions().map(str),
    st.fractions(min_value=0, max_value=1).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.floats().map(repr),
    st.integers().map(str),
    st.tuples(
        st.integers(min_value=-12, max_value=12), st.integers(min_value=-5000, max_value=5000)
    ).map(lambda parts: f"{parts[0]}e{parts[1]}"),
    st.tuples(st.integers(min_value=0, max_value=99), st.sampled_from(["%", " %", "%%"])).map(
        lambda parts: f"{parts[0]}{parts[1]}"
    ),
    st.tuples(st.integers(), st.sampled_from(["/", ":", " / "]), st.integers()).map(
        lambda parts: f"{parts[0]}{parts[1]}{parts[2]}"
    ),
)
"""Text like a pay or a commission: decimals, fractions, ratios, percentages, exponents."""


# -- running the CLI -------------------------------------------------------------------


def invoke(
    capsys: pytest.CaptureFixture[str], args: Sequence[str], stdin: bytes | None = None
) -> tuple[int, str, str]:
    """``run_main`` with its exit code recorded as a hypothesis event
    (--hypothesis-show-statistics: how often input was accepted)."""
    code, out, err = run_main(capsys, *args, stdin=stdin)
    event(f"exit {code}")
    return code, out, err


def assert_contract(code: int, out: str, err: str, *, ok: tuple[int, ...] = (0,)) -> None:
    """Exit ``ok`` with output and nothing on stderr, or 2 with one ``Error:`` line."""
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        assert err.startswith("Error:") and err.endswith("\n") and err.count("\n") == 1, err
    else:
        assert code in ok, (code, err)
        assert err == "" and out, (code, err)


# -- shoes -----------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=SUPPRESS)
@given(cards=HOSTILE)
def test_remove(capsys: pytest.CaptureFixture[str], cards: str) -> None:
    assert_contract(*invoke(capsys, ["odds", "--decks", "1", f"--remove={cards}"]))


def composition(
    names: st.SearchStrategy[str], signs: st.SearchStrategy[str], counts: st.SearchStrategy[str]
) -> st.SearchStrategy[str]:
    """``A=3,Ks=2,...``: name, sign, count, joined by commas (or what else is drawn)."""
    entries = st.lists(st.tuples(names, signs, counts).map("".join), max_size=14)
    return st.tuples(entries, st.sampled_from([",", ",", ", ", " ", ";"])).map(
        lambda parts: parts[1].join(parts[0])
    )


RANKS = [*"A23456789TJQK"]
GOOD_COMPOSITION = st.one_of(
    st.dictionaries(st.sampled_from(RANKS), st.integers(min_value=0, max_value=40), min_size=1),
    st.dictionaries(
        st.tuples(st.sampled_from(RANKS), st.sampled_from([*"shdc♠♥♦♣"])).map("".join),
        st.integers(min_value=0, max_value=12),
        min_size=1,
    ),
).map(lambda counts: ",".join(f"{card}={n}" for card, n in counts.items()))
"""``A=3,9=20,K=12`` or ``As=2,Kh=3``: a composition of ranks or of cards."""

COMPOSITIONS = st.one_of(
    GOOD_COMPOSITION,
    GOOD_COMPOSITION,
    GOOD_COMPOSITION,
    composition(
        st.tuples(RANK_TEXT, SUIT_TEXT, st.none()).map(card_token),
        st.sampled_from(["=", "=", ":", "", "==", " = "]),
        NUMBER_TEXT,
    ),
    HOSTILE,
)


@settings(max_examples=150, deadline=None, suppress_health_check=SUPPRESS)
@given(counts=COMPOSITIONS)
def test_counts(capsys: pytest.CaptureFixture[str], counts: str) -> None:
    assert_contract(*invoke(capsys, ["odds", f"--counts={counts}"]))


DECKS = st.one_of(
    st.integers(),
    # past ~10**429 decks exact values outgrow str()'s 4300 digits (exact_text writes
    # them); up to 10**1000 keeps each example under a second or so
    st.integers(min_value=-(10**1000), max_value=10**1000),
    st.integers(min_value=-3, max_value=20),
    st.sampled_from([10**20, 178 * 10**15, 2**63, 2**64 + 1, -(2**63)]),
).map(str)


@settings(max_examples=75, deadline=None, suppress_health_check=SUPPRESS)
@given(decks=st.one_of(DECKS, st.text(alphabet="0123456789-+_ .e٣", max_size=12), st.text()))
def test_decks(capsys: pytest.CaptureFixture[str], decks: str) -> None:
    assert_contract(*invoke(capsys, ["odds", f"--decks={decks}", "-f", "json"]))


# -- rules and bets --------------------------------------------------------------------


@settings(max_examples=125, deadline=None, suppress_health_check=SUPPRESS)
@given(commission=NUMBER_LIKE)
def test_commission(capsys: pytest.CaptureFixture[str], commission: str) -> None:
    assert_contract(*invoke(capsys, ["odds", "--decks", "1", f"--commission={commission}"]))


@settings(max_examples=125, deadline=None, suppress_health_check=SUPPRESS)
@given(pays=NUMBER_LIKE, fmt=st.sampled_from(["table", "json", "csv"]))
def test_tie_pays(capsys: pytest.CaptureFixture[str], pays: str, fmt: str) -> None:
    assert_contract(*invoke(capsys, ["odds", "--decks", "1", f"--tie-pays={pays}", "-f", fmt]))


BET_NAMES = st.sampled_from(
    [
        *("banker", "player", "tie", "perfect-pair", "dragon-7", "panda-8", "lucky-6"),
        *("egalite-9", "Banker", " tie ", "big", "super-6", "big-tiger", "dragon-bonus-player"),
    ]
)
GAME_NAMES = st.sampled_from(["punto-banco", "tie-9", "ez", "super-6", "EZ", " ez ", "standard"])


@settings(max_examples=75, deadline=None, suppress_health_check=SUPPRESS)
@given(bets=st.lists(st.one_of(BET_NAMES, BET_NAMES, HOSTILE), min_size=1, max_size=3))
def test_bet(capsys: pytest.CaptureFixture[str], bets: list[str]) -> None:
    args = ["odds", "--decks", "1", *(f"--bet={bet}" for bet in bets)]
    assert_contract(*invoke(capsys, args))


@settings(max_examples=75, deadline=None, suppress_health_check=SUPPRESS)
@given(game=st.one_of(GAME_NAMES, GAME_NAMES, HOSTILE))
def test_game(capsys: pytest.CaptureFixture[str], game: str) -> None:
    assert_contract(*invoke(capsys, ["odds", "--decks", "1", f"--game={game}"]))


GOOD_COUNT = st.dictionaries(
    st.sampled_from([*"A23456789T"]), st.integers(min_value=-3, max_value=3), min_size=1
).map(lambda tags: ",".join(f"{card}:{tag:+d}" for card, tag in tags.items()))
COUNT_TEXT = st.one_of(
    GOOD_COUNT,
    GOOD_COUNT,
    st.lists(
        st.tuples(RANK_TEXT, st.sampled_from([":", ":", "=", ""]), NUMBER_TEXT).map("".join),
        max_size=13,
    ).map(",".join),
)
"""A linear count ``A:1,2:1,...,T:-2``, valid or with bad cards, signs and tags."""


# fewer examples: a valid count runs the whole effect of removal (~0.1 s each)
@settings(max_examples=50, deadline=None, suppress_health_check=SUPPRESS)
@given(count=st.one_of(COUNT_TEXT, HOSTILE))
def test_count(capsys: pytest.CaptureFixture[str], count: str) -> None:
    assert_contract(*invoke(capsys, ["eor", "--decks", "1", f"--count-system={count}"]))


# -- rounds on stdin -------------------------------------------------------------------

ROUNDS = ["9 K K 9", "5 K 9 2 7 3", "9 2 K 3", "6 5 K K K", "A 3 2 K 8", "8h Ks Kd 8c"]
"""Whole rounds in deal order (docs/examples/rounds.txt and naturals)."""

ROUND_LINE = st.one_of(
    st.sampled_from([*ROUNDS, "burn 7 K K", "# comment", "", "9 K K 9 # ok", "  9 k,k 9 \r"]),
    st.sampled_from(ROUNDS),
    GOOD_CARDS,
    CARDS_TEXT,
    st.text(alphabet=NOTATION + "#bur\r\t", max_size=30),
    st.text(max_size=30),
)


@settings(max_examples=100, deadline=None, suppress_health_check=SUPPRESS)
@given(lines=st.lists(ROUND_LINE, max_size=6), raw=st.none() | st.binary(max_size=40))
def test_track_rounds(
    capsys: pytest.CaptureFixture[str], lines: list[str], raw: bytes | None
) -> None:
    """Rounds on stdin: each bad line is one ``Error: line N:`` line, the rest is priced."""
    data = "\n".join(lines).encode() + (b"" if raw is None else b"\n" + raw)
    code, out, err = invoke(capsys, ["track", "--decks", "8", "-"], stdin=data)
    assert "Traceback" not in err and "internal error" not in err, err
    assert code in (0, 2) and out.startswith("Tracking"), (code, err)
    problems = err.splitlines(keepends=True)
    assert (code == 2) == bool(problems), (code, err)
    assert len(problems) <= data.count(b"\n") + 1, err
    assert all(re.match(r"Error: line \d+: \S", line) for line in problems), err


# -- files -----------------------------------------------------------------------------


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's), line breaks and all."""
    return json.dumps(text, ensure_ascii=False)


SCALAR_TOML = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.floats().map(repr),
    st.sampled_from(["true", "false", '"banker"', '"tie"', '"1/2"', '"1e250"', "1e250", "-1"]),
    NUMBER_LIKE.map(toml_string),
    st.text(max_size=12).map(toml_string),
)
TOML_VALUE = st.one_of(
    SCALAR_TOML,
    st.lists(SCALAR_TOML, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
)
"""Any TOML value a key may be given."""


def toml_list(values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.lists(values, min_size=1, max_size=3).map(lambda items: f"[{', '.join(items)}]")


POINTS = st.integers(min_value=0, max_value=9).map(str)
CONDITIONS: dict[str, st.SearchStrategy[str]] = {
    "winner": st.sampled_from(['"banker"', '"player"', '"tie"', '["banker", "tie"]']),
    "player_total": POINTS | toml_list(POINTS),
    "banker_total": POINTS | toml_list(POINTS),
    "player_cards": st.sampled_from(["2", "3", "[2, 3]"]),
    "banker_cards": st.sampled_from(["2", "3"]),
    "cards": st.sampled_from(["4", "5", "6", "[4, 6]"]),
    "natural": st.sampled_from(["true", "false"]),
    "player_natural": st.sampled_from(["true", "false"]),
    "banker_natural": st.sampled_from(["true", "false"]),
    "margin": POINTS | toml_list(POINTS),
    "player_three_card_total": POINTS,
    "banker_three_card_total": POINTS | toml_list(POINTS),
    "player_pair": st.sampled_from(["true", "false"]),
    "banker_pair": st.sampled_from(["true", "false"]),
    "player_suited_pair": st.sampled_from(["true", "false"]),
    "banker_suited_pair": st.sampled_from(["true", "false"]),
}
"""docs/custom-bets.md's conditions, each with values of its own kind."""
KEY_TEXT = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12)


PAYS = st.one_of(
    st.integers(min_value=-1, max_value=250).map(str),
    st.sampled_from(['"1/2"', "0.54", "1e250", '"1e250"', "-1", "0", '"3:2"', '"5%"', "1.5e3"]),
    st.sampled_from(["1e400", '"1e400"', '"1e-400"']),
)
"""Pays as the docs write them, up to 1e400 (beyond the range of a float)."""
BET_NAME = st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True).map(toml_string)
BAD_NAME = st.one_of(st.sampled_from(['"banker"', '"My Bet"', '""', '"-"']), TOML_VALUE)


class Spoiler:
    """Draws each part of a file from its valid strategy, except one part (or none) drawn
    from a hostile one: most files are valid but for that part, some wholly valid."""

    def __init__(self, draw: st.DrawFn, parts: int) -> None:
        self.draw = draw
        self.bad = draw(st.integers(min_value=0, max_value=parts))
        self.count = 0

    def __call__(self, good: st.SearchStrategy[str], bad: st.SearchStrategy[str]) -> str:
        self.count += 1
        return self.draw(bad if self.count == self.bad else good)


def condition_table(part: Spoiler) -> str:
    """An inline table of docs/custom-bets.md conditions with values of their kind."""
    keys = part.draw(st.lists(st.sampled_from(sorted(CONDITIONS)), max_size=3, unique=True))
    entries = [f"{key} = {part(CONDITIONS[key], TOML_VALUE)}" for key in keys]
    if part(st.just(""), KEY_TEXT):
        entries.append(f"{part.draw(KEY_TEXT)} = {part.draw(TOML_VALUE)}")
    return "{ " + ", ".join(entries) + " }"


@st.composite
def bet_files(draw: st.DrawFn) -> str:
    """A bets TOML file of ``[[bet]]`` tables, valid but for one part (or none): a name,
    pay, condition, key or value drawn from anything TOML can hold."""
    part = Spoiler(draw, 12)
    bets = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        text = f"[[bet]]\nname = {part(BET_NAME, BAD_NAME)}\n"
        if draw(st.booleans()):
            text += f"title = {part(st.text(max_size=20).map(toml_string), TOML_VALUE)}\n"
        if draw(st.booleans()):
            text += f"otherwise = {part(PAYS, TOML_VALUE)}\n"
        if part(st.just(""), KEY_TEXT):
            text += f"{draw(KEY_TEXT)} = {draw(TOML_VALUE)}\n"
        no_lines = part(st.just(""), st.just("a bet without lines"))
        for _ in range(draw(st.integers(min_value=0 if no_lines else 1, max_value=3))):
            text += "\n[[bet.line]]\n"
            if draw(st.booleans()):
                text += f"name = {part(st.text(max_size=10).map(toml_string), TOML_VALUE)}\n"
            text += f"pays = {part(PAYS, TOML_VALUE)}\n"
            if draw(st.integers(min_value=0, max_value=3)):
                when = condition_table(part)
                if draw(st.integers(min_value=0, max_value=3)) == 0:
                    when = f"[{when}, {condition_table(part)}]"
                text += f"when = {part(st.just(when), TOML_VALUE)}\n"
        bets.append(text)
    return "\n".join(bets)


@settings(max_examples=125, deadline=None, suppress_health_check=SUPPRESS)
@given(
    text=st.one_of(
        bet_files(),
        bet_files(),
        st.text(max_size=200),
        st.text(alphabet="[]{}=\"'.,#\n abc123", max_size=80),
    )
)
def test_bets_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> None:
    path = tmp_path / "bets.toml"
    path.write_text(text, encoding="utf-8")
    assert_contract(*invoke(capsys, ["odds", "--decks", "1", f"--bets-file={path}"]))


def base_case() -> dict[str, Any]:
    """The one-deck golden case."""
    case: dict[str, Any] = json.loads((GOLDEN / "1-deck.json").read_text(encoding="utf-8"))
    return case


JSON_VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=10),
        NUMBER_LIKE,
        st.sampled_from(["1/0", "1/20", "8", "punto-banco", "ez", "perfect-pair"]),
    ),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=6,
)


def key_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every node of a JSON document, the root first."""
    found: list[tuple[Any, ...]] = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(key_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(key_paths(item, (*prefix, index)))
    return found


CASE_PATHS = [path for path in key_paths(base_case()) if len(path) <= 3]


@st.composite
def golden_texts(draw: st.DrawFn) -> str:
    """A golden file: the one-deck case with a value or two replaced or removed."""
    case: Any = base_case()
    for _ in range(draw(st.integers(min_value=1, max_value=2))):
        path = draw(st.sampled_from(CASE_PATHS))
        if not path:
            case = draw(JSON_VALUE)
            continue
        parent = case
        try:
            for key in path[:-1]:
                parent = parent[key]
            if draw(st.integers(min_value=0, max_value=3)) == 0 and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = draw(JSON_VALUE)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change took the way there away
    if draw(st.integers(min_value=0, max_value=4)) == 0:
        case = [case, base_case()]
    return json.dumps(case)


@settings(max_examples=100, deadline=None, suppress_health_check=SUPPRESS)
@given(
    text=st.one_of(
        golden_texts(),
        golden_texts(),
        st.text(max_size=100),
        st.text(alphabet='[]{}":,0123456789 eE.-+ntrufalse', max_size=60),
    )
)
def test_golden_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> None:
    path = tmp_path / "case.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = invoke(capsys, ["check", str(path)])
    assert_contract(code, out, err, ok=(0, 1))  # 1: a value differs from the recomputed one
    if code == 1:
        assert "FAIL " in out


# -- blackjack -------------------------------------------------------------------------


@settings(max_examples=75, deadline=None, suppress_health_check=SUPPRESS)
@given(pays=NUMBER_LIKE, use_float=st.booleans())
def test_blackjack_pays(capsys: pytest.CaptureFixture[str], pays: str, use_float: bool) -> None:
    args = ["blackjack", "hand", "--decks", "1", "--up", "9", f"--blackjack-pays={pays}"]
    args += ["--float"] if use_float else []
    assert_contract(*invoke(capsys, [*args, "--", "A K"]))


HANDS = joined(
    st.lists(st.tuples(GOOD_RANK, GOOD_SUIT, st.none()).map(card_token), min_size=2, max_size=3)
)
"""Hands of two or three good cards: ``T 6``, ``A,7h``, ``2 3 4``."""


@settings(max_examples=75, deadline=None, suppress_health_check=SUPPRESS)
@given(
    hand=st.one_of(
        st.tuples(HANDS, GOOD_RANK),
        st.tuples(HANDS, GOOD_RANK),
        st.tuples(HOSTILE, GOOD_RANK),
        st.tuples(HANDS, st.one_of(RANK_TEXT, HOSTILE)),
    ),
    use_float=st.booleans(),
)
def test_blackjack_hand_cards(
    capsys: pytest.CaptureFixture[str], hand: tuple[str, str], use_float: bool
) -> None:
    cards, up = hand
    args = ["blackjack", "hand", "--decks", "1", f"--up={up}"]
    args += ["--float"] if use_float else []
    assert_contract(*invoke(capsys, [*args, "--", cards]))
