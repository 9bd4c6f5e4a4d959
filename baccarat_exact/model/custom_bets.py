"""Bets the user writes down: a TOML file of pay tables over conditions on the round.

A file holds one or more ``[[bet]]`` tables; each has a ``name`` and a list of
``[[bet.line]]``\\ s read top-down (the first line a round matches pays; rounds
that match no line pay ``otherwise``, by default -1: the stake is lost)::

    [[bet]]
    name = "my-dragon-7"
    [[bet.line]]
    name = "win"
    pays = 40
    when = { winner = "banker", banker_cards = 3, banker_total = 7 }

``when`` is a table of conditions that must all hold, or a list of such tables
of which any may hold; without ``when`` a line matches every round. The
conditions are in :data:`CONDITIONS`; docs/custom-bets.md teaches the format.
A line may leave its pay open, ``pays = "?"`` (:data:`OPEN_PAY`), for
``baccarat-exact design`` to find; every other reader refuses such a line in one
line (``open_pays=False``, the default), as a pay it cannot price.
Every mistake is a :class:`BetsFileError` of one line (at most :data:`MAX_MESSAGE`
characters) naming the file and its line, the bet and the pay line, with the closest
names where a name is unknown.
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from baccarat_exact.errors import BaccaratError, BetsFileError, RulesError
from baccarat_exact.model.bets import (
    CARD_POSITIONS,
    NO_PAIR,
    PATTERNS,
    SUITED_PAIR,
    Bet,
    CardAlternativeSpec,
    CardCondition,
    EventCondition,
    PairState,
    TableauTest,
    card_match_bet,
    first_match_bet,
)
from baccarat_exact.model.cards import Rank, Suit, parse_rank, parse_suit
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.events import Event
from baccarat_exact.model.exact import exact_number
from baccarat_exact.model.rules import STANDARD_TABLEAU, Tableau
from baccarat_exact.model.textfiles import read_text

if sys.version_info >= (3, 11):  # pragma: no cover - depends on the interpreter
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]

__all__ = [
    "CONDITIONS",
    "MAX_MESSAGE",
    "OPEN_PAY",
    "CustomBet",
    "bets_from_definitions",
    "custom_bets_from_definitions",
    "load_bets",
    "parse_bets",
    "read_bets_file",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class CustomBet:
    """A bet read from a file, with its title and the file it came from."""

    bet: Bet
    title: str
    source: str
    open_lines: tuple[str, ...] = ()
    """The lines whose pay is left open (``pays = "?"``), in the order of the pay table;
    their :class:`~baccarat_exact.model.bets.PayLine` pays are a placeholder, 0, that
    only ``design`` reads past (it prices the lines' probabilities, never their pays)."""

    @property
    def name(self) -> str:
        """The bet's name."""
        return self.bet.name


_WINNERS = ("banker", "player", "tie")

CONDITIONS: dict[str, str] = {
    "winner": 'who wins: "banker", "player" or "tie" (or a list)',
    "player_total": "the Player's final total, 0-9 (or a list)",
    "banker_total": "the Banker's final total, 0-9 (or a list)",
    "player_cards": "cards in the Player's hand, 2 or 3",
    "banker_cards": "cards in the Banker's hand, 2 or 3",
    "cards": "cards dealt in the round, 4, 5 or 6 (or a list)",
    "natural": "true: a hand holds a two-card 8 or 9 (the round ends on four cards)",
    "player_natural": "true: the Player holds a two-card 8 or 9",
    "banker_natural": "true: the Banker holds a two-card 8 or 9",
    "margin": "the difference between the totals, 0-9 (or a list)",
    "player_three_card_total": "the Player drew a third card and ends on this total, 0-9",
    "banker_three_card_total": "the Banker drew a third card and ends on this total, 0-9",
    "player_pair": "true: the Player's first two cards are of one rank (suited or not)",
    "banker_pair": "true: the Banker's first two cards are of one rank (suited or not)",
    "player_suited_pair": "true: the Player's first two cards are of one rank and one suit",
    "banker_suited_pair": "true: the Banker's first two cards are of one rank and one suit",
    **{
        position: f"the rank of the {hand}'s {which} card (A 2-9 T J Q K, or a list){third}"
        for position, hand, which, third in (
            ("P1", "Player", "first", ""),
            ("P2", "Player", "second", ""),
            ("P3", "Player", "third", "; holds only when it is dealt"),
            ("B1", "Banker", "first", ""),
            ("B2", "Banker", "second", ""),
            ("B3", "Banker", "third", "; holds only when it is dealt"),
        )
    },
    **{
        f"{position}_suit": f"the suit of {position} (s h d c, or a list){third}"
        for position, third in (
            ("P1", ""),
            ("P2", ""),
            ("P3", "; holds only when it is dealt"),
            ("B1", ""),
            ("B2", ""),
            ("B3", "; holds only when it is dealt"),
        )
    },
    "player_cards_show": "a pattern of the Player's cards (pair, straight, ... or a list)",
    "banker_cards_show": "a pattern of the Banker's cards",
    "all_cards_show": "a pattern of every card dealt in the round",
    "cards_show": 'a pattern of the cards listed in "of", e.g. { cards_show = "straight", '
    'of = ["P1", "P2", "B1"] }',
    "of": "the cards cards_show looks at: a list of P1 P2 P3 B1 B2 B3",
}
"""Every condition a ``when`` table may use, with what it means."""

_RANGES: dict[str, range] = {
    "player_total": range(10),
    "banker_total": range(10),
    "player_cards": range(2, 4),
    "banker_cards": range(2, 4),
    "cards": range(4, 7),
    "margin": range(10),
    "player_three_card_total": range(10),
    "banker_three_card_total": range(10),
}

_EVENT_VALUE: dict[str, Callable[[Event], int]] = {
    "player_total": lambda e: e.player,
    "banker_total": lambda e: e.banker,
    "player_cards": lambda e: e.player_cards,
    "banker_cards": lambda e: e.banker_cards,
    "cards": lambda e: e.cards,
    "margin": lambda e: e.margin,
    "player_three_card_total": lambda e: e.player if e.player_cards == 3 else -1,
    "banker_three_card_total": lambda e: e.banker if e.banker_cards == 3 else -1,
}

_EVENT_FLAG: dict[str, str | None] = {
    "natural": None,
    "player_natural": "player",
    "banker_natural": "banker",
}
"""Natural conditions: the hand whose natural counts (None: either), read from the tableau."""

_PAIR_FLAG: dict[str, Callable[[PairState], bool]] = {
    "player_pair": lambda s: s.player != NO_PAIR,
    "banker_pair": lambda s: s.banker != NO_PAIR,
    "player_suited_pair": lambda s: s.player == SUITED_PAIR,
    "banker_suited_pair": lambda s: s.banker == SUITED_PAIR,
}

_CARD_SETS: dict[str, tuple[int, ...]] = {
    "player_cards_show": (0, 1, 2),
    "banker_cards_show": (3, 4, 5),
    "all_cards_show": (0, 1, 2, 3, 4, 5),
}


def _patterns(key: str, value: Any, where: _Where) -> frozenset[str]:
    items = value if isinstance(value, list) else [value]
    if not items:
        raise where.error(f"{key} lists no patterns", key)
    for item in items:
        if not isinstance(item, str):
            raise where.error(
                f"{key} must be a pattern or a list of them, got {_value(value)}", key
            )
        if item.lower() not in PATTERNS:
            raise where.error(
                f"{key}: unknown pattern {_value(item)}{_close(item.lower(), PATTERNS)}", key
            )
    return frozenset(i.lower() for i in items)


def _card_ranks(key: str, value: Any, where: _Where) -> frozenset[int]:
    return _symbols(key, value, where, parse_rank, "a rank (A 2-9 T J Q K)", "ranks")


def _card_suits(key: str, value: Any, where: _Where) -> frozenset[int]:
    return _symbols(key, value, where, parse_suit, "a suit (s h d c)", "suits")


def _symbols(
    key: str,
    value: Any,
    where: _Where,
    parse: Callable[[str], Rank | Suit],
    one: str,
    many: str,
) -> frozenset[int]:
    """The ordinals of a rank or suit condition's value: one symbol or a list (a number
    stands for a rank: 7 is "7")."""
    items = value if isinstance(value, list) else [value]
    found = set()
    for item in items:
        if parse is parse_rank and isinstance(item, int) and not isinstance(item, bool):
            item = str(item)
        if not isinstance(item, str):
            raise where.error(f"{key} must be {one} or a list of them, got {_value(value)}", key)
        try:
            found.add(parse(item).ordinal)
        except BaccaratError as error:
            raise where.error(f"{key}: {error}", key) from None
    if not found:
        raise where.error(f"{key} lists no {many}", key)
    return frozenset(found)


def _card_conditions(when: Mapping[str, Any], where: _Where) -> tuple[CardCondition, ...]:
    """The conditions of ``when`` on the ranks of dealt cards (checked)."""
    found: list[CardCondition] = []
    for key, value in when.items():
        upper = key.upper()
        if upper in CARD_POSITIONS:
            ranks = _card_ranks(upper, value, where)
            found.append(CardCondition(positions=(CARD_POSITIONS.index(upper),), ranks=ranks))
        elif upper.endswith("_SUIT") and upper[:2] in CARD_POSITIONS and len(upper) == 7:
            found.append(
                CardCondition(
                    positions=(CARD_POSITIONS.index(upper[:2]),),
                    suits=_card_suits(key, value, where),
                )
            )
        elif key in _CARD_SETS:
            found.append(
                CardCondition(positions=_CARD_SETS[key], patterns=_patterns(key, value, where))
            )
    if "cards_show" in when or "of" in when:
        if "cards_show" not in when or "of" not in when:
            raise where.error(
                'cards_show and of go together: { cards_show = "pair", of = ["P1", "B1"] }',
                "cards_show" if "cards_show" in when else "of",
            )
        cards = when["of"] if isinstance(when["of"], list) else [when["of"]]
        if not cards or any(
            not isinstance(c, str) or c.upper() not in CARD_POSITIONS for c in cards
        ):
            raise where.error(
                f"of must list cards among P1 P2 P3 B1 B2 B3, got {_value(when['of'])}", "of"
            )
        positions = tuple(sorted({CARD_POSITIONS.index(c.upper()) for c in cards}))
        found.append(
            CardCondition(
                positions=positions, patterns=_patterns("cards_show", when["cards_show"], where)
            )
        )
    return tuple(found)


_CARD_KEYS = {
    *CARD_POSITIONS,
    *(p.lower() for p in CARD_POSITIONS),
    *(f"{p}_suit" for p in CARD_POSITIONS),
    *(f"{p.lower()}_suit" for p in CARD_POSITIONS),
    *_CARD_SETS,
    "cards_show",
    "of",
}

_CONDITION_KEYS = (*CONDITIONS, *(key.lower() for key in CONDITIONS if key[:2] in CARD_POSITIONS))
"""Every condition as it may be written (``P1`` or ``p1``), for the closest names."""

_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_BET_KEYS = {"name", "title", "line", "otherwise"}
_LINE_KEYS = {"name", "pays", "when"}

OPEN_PAY = "?"
"""What ``pays`` holds on a line whose pay is left open for ``design`` to find."""


MAX_MESSAGE = 200
"""The longest error message, ``Error: `` included: one line a person reads at once."""

_HEADER = re.compile(r"^\s*\[\[\s*bet\s*(?P<line>\.\s*line\s*)?\]\]")


class _Lines:
    """Where each ``[[bet]]`` and ``[[bet.line]]`` table of a TOML text starts, and the
    line of a key in one of them: what an error names (TOML readers give no positions)."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.bets: list[int] = []
        """Index of each ``[[bet]]`` header line."""
        self.pay_lines: list[list[int]] = []
        """For each bet, the index of each of its ``[[bet.line]]`` header lines."""
        self.headers: list[int] = []
        for number, line in enumerate(self.lines):
            found = _HEADER.match(line)
            if found is None:
                continue
            self.headers.append(number)
            if not found["line"]:
                self.bets.append(number)
                self.pay_lines.append([])
            elif self.pay_lines:
                self.pay_lines[-1].append(number)

    def find(self, bet: int, line: int | None, key: str | None, counts: tuple[int, int]) -> int:
        """The 1-based line of ``key`` in the table of bet ``bet`` (its pay line ``line``),
        or of the table's header; 0 where the text is not laid out as headers (``counts``:
        bets in the file, pay lines in the bet, as read)."""
        bets, pay_lines = counts
        if len(self.bets) != bets or not 1 <= bet <= bets:
            return 0
        start = self.bets[bet - 1]
        if line is not None and len(self.pay_lines[bet - 1]) == pay_lines:
            start = self.pay_lines[bet - 1][line - 1]
        end = next((n for n in self.headers if n > start), len(self.lines))
        if key is not None:
            written = re.compile(rf"(?<![\w-])[\"']?{re.escape(key)}[\"']?\s*=")
            for number in range(start, end):
                text = self.lines[number]
                if not text.lstrip().startswith("#") and written.search(text):
                    return number + 1
        return start + 1


class _Where:
    """Builds error messages that name the file and its line, the bet and the pay line."""

    def __init__(
        self,
        source: str,
        bet: str | None = None,
        line: str | None = None,
        *,
        at: tuple[_Lines, int, int | None, tuple[int, int]] | None = None,
    ) -> None:
        self.source, self.bet, self.line = source, bet, line
        self.at = at
        """The file's lines, the bet's number, its pay line's number, and how many bets
        and pay lines were read (None: the bets come from a document, not a file)."""

    def within(self, line: str, index: int, pay_lines: int) -> _Where:
        """The same place, in pay line number ``index`` of ``pay_lines``."""
        at = None
        if self.at is not None:
            lines, bet, _, (bets, _) = self.at
            at = (lines, bet, index, (bets, pay_lines))
        return _Where(self.source, self.bet, line, at=at)

    def error(self, message: str, key: str | None = None) -> BetsFileError:
        """The error, on the line of ``key`` (or of the table) where the file says."""
        head = self.source
        if self.at is not None:
            lines, bet, line, counts = self.at
            number = lines.find(bet, line, key, counts)
            head += f":{number}" if number else ""
        parts = [part for part in (self.bet and f"bet {self.bet}", self.line) if part]
        return BetsFileError(_one_line(head, ", ".join(parts), message))


def _one_line(head: str, where: str, message: str) -> str:
    """``head: where: message`` in at most :data:`MAX_MESSAGE` characters with
    ``Error: ``: a long path shortened to its file name, then the message cut."""
    room = MAX_MESSAGE - len("Error: ")
    text = f"{head}: {where}: {message}" if where else f"{head}: {message}"
    if len(text) > room:
        short = re.sub(r"^.*[/\\]", "", head)
        text = f"{short}: {where}: {message}" if where else f"{short}: {message}"
    return text if len(text) <= room else text[: room - 1] + "…"


def _value(value: Any) -> str:
    """A value as a message quotes it, cut short when long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:36] + "...]" if text[0] == "[" else text[:37] + "..."


def _close(name: str, known: Any, otherwise: str = " (docs/custom-bets.md lists them)") -> str:
    """``; did you mean X?`` for the names of ``known`` closest to ``name``, else
    ``otherwise`` (where to find them all)."""
    found = difflib.get_close_matches(name, list(known), n=2, cutoff=0.5)
    if found:
        return f"; did you mean {' or '.join(found)}?"
    return otherwise


def _shown(name: str) -> str:
    r"""A name as an error message shows it: as written, or quoted with escapes when it
    holds a line break or another character that cannot be printed (the message stays
    one line).

    >>> print(_shown("win"), _shown("x\ny"))
    win 'x\ny'
    """
    return name if name.isprintable() else repr(name)


def _is_builtin(name: str) -> bool:
    try:
        find_bet(name)
    except RulesError:
        return False
    return True


def _pays(value: Any, where: _Where, what: str = "pays") -> Fraction:
    try:
        pays = exact_number(value, what, example='40, 0.54 or "1/2"')
    except RulesError as error:
        raise where.error(str(error), what) from None
    if pays < -1:
        raise where.error(f"{what} {value} loses more than the stake: the least is -1", what)
    return pays


def _refuse_unknown_keys(raw: Mapping[str, Any], keys: Any, has: str, where: _Where) -> None:
    """Refuse the first key of ``raw`` not among ``keys``, naming the closest and what a table
    of this kind ``has``."""
    unknown = sorted(set(raw) - set(keys))
    if unknown:
        raise where.error(
            f"unknown key {_value(unknown[0])}{_close(unknown[0], keys, '')} ({has})", unknown[0]
        )


def _values(key: str, value: Any, where: _Where) -> frozenset[int]:
    items = value if isinstance(value, list) else [value]
    allowed = _RANGES[key]
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int) or item not in allowed:
            low, high = allowed[0], allowed[-1]
            raise where.error(
                f"{key} must be a whole number {low}-{high} (or a list of them), "
                f"got {_value(value)}",
                key,
            )
    if not items:
        raise where.error(f"{key} lists no values", key)
    return frozenset(items)


def _alternative(
    when: Any, where: _Where
) -> tuple[EventCondition | None, Callable[[PairState], bool] | None]:
    if not isinstance(when, Mapping):
        raise where.error(
            f"when must be a table of conditions (or a list of tables), got {_value(when)}",
            "when",
        )
    event_tests: list[EventCondition] = []
    pair_tests: list[Callable[[PairState], bool]] = []
    for key, value in when.items():
        if key == "winner":
            names = value if isinstance(value, list) else [value]
            if not names or any(not isinstance(n, str) or n.lower() not in _WINNERS for n in names):
                raise where.error(
                    f'winner must be "banker", "player" or "tie" (or a list), got {_value(value)}',
                    key,
                )
            wanted = frozenset(n.lower() for n in names)
            event_tests.append(lambda e, w=wanted: e.outcome.value in w)  # type: ignore[misc]
        elif key in _RANGES:
            allowed = _values(key, value, where)
            get = _EVENT_VALUE[key]
            event_tests.append(lambda e, a=allowed, g=get: g(e) in a)  # type: ignore[misc]
        elif key in _EVENT_FLAG or key in _PAIR_FLAG:
            if not isinstance(value, bool):
                raise where.error(f"{key} must be true or false, got {_value(value)}", key)
            if key in _EVENT_FLAG:
                hand = _EVENT_FLAG[key]
                event_tests.append(
                    TableauTest(lambda e, t, h=hand, v=value: t.natural(e, h) is v)  # type: ignore[misc]
                )
            else:
                pflag = _PAIR_FLAG[key]
                pair_tests.append(lambda s, f=pflag, v=value: f(s) is v)  # type: ignore[misc]
        elif key in _CARD_KEYS:
            continue  # read by _card_conditions
        else:
            raise where.error(f"unknown condition {_value(key)}{_close(key, _CONDITION_KEYS)}", key)

    def event_test(e: Event, tableau: Tableau) -> bool:
        return all(
            test(e, tableau) if isinstance(test, TableauTest) else test(e) for test in event_tests
        )

    def pair_test(s: PairState) -> bool:
        return all(test(s) for test in pair_tests)

    return (TableauTest(event_test) if event_tests else None, pair_test if pair_tests else None)


def _is_open(value: Any) -> bool:
    """Whether a ``pays`` value leaves the pay open (``"?"``)."""
    return isinstance(value, str) and value.strip() == OPEN_PAY


def _line(
    index: int, raw: Any, where: _Where, pay_lines: int, open_pays: bool = False
) -> tuple[str, Fraction | None, list[CardAlternativeSpec]]:
    """The line's name, pays (None: open, ``pays = "?"``, where ``open_pays`` allows it)
    and alternatives."""
    where = where.within(f"pay line {index}", index, pay_lines)
    if not isinstance(raw, Mapping):
        raise where.error("each [[bet.line]] must be a table")
    _refuse_unknown_keys(raw, _LINE_KEYS, "a pay line has name, pays and when", where)
    name = raw.get("name", f"line {index}")
    if not isinstance(name, str) or not name.strip():
        raise where.error(f"name must be text, got {_value(name)}", "name")
    if "name" in raw:
        where.line = f"pay line {_value(name.strip())}"
    if "pays" not in raw:
        raise where.error(
            "no pays: write what the line pays to 1, e.g. pays = 40 (0 a push, -1 a loss)"
        )
    pays: Fraction | None
    if _is_open(raw["pays"]):
        if not open_pays:
            raise where.error(
                'the pay is open (pays = "?"): price it with `baccarat-exact design`',
                "pays",
            )
        pays = None
    else:
        pays = _pays(raw["pays"], where)
    when = raw.get("when", {})
    tables = when if isinstance(when, list) else [when]
    if not tables:
        raise where.error("when is an empty list: give at least one table of conditions", "when")
    alternatives: list[CardAlternativeSpec] = []
    for table in tables:
        event_test, pair_test = _alternative(table, where)
        alternatives.append((event_test, pair_test, _card_conditions(table, where)))
    return name.strip(), pays, alternatives


def _bet(
    index: int,
    raw: Any,
    source: str,
    tableau: Tableau,
    lines_of: tuple[_Lines, int] | None = None,
    open_pays: bool = False,
) -> CustomBet:
    """Bet number ``index`` of ``source`` (``lines_of``: the file's lines and how many
    bets it holds, to name the line of a mistake; ``open_pays``: whether a line may leave
    its pay open)."""
    pay_lines = raw.get("line") if isinstance(raw, Mapping) else None
    count = len(pay_lines) if isinstance(pay_lines, list) else 0
    at = None if lines_of is None else (lines_of[0], index, None, (lines_of[1], count))
    where = _Where(source, f"#{index}", at=at)
    if not isinstance(raw, Mapping):
        raise where.error("each [[bet]] must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise where.error(
            f"name must be lowercase letters, digits and '-', got {_value(name)}", "name"
        )
    where = _Where(source, repr(name), at=at)
    if _is_builtin(name):
        raise where.error(
            "the name is a built-in bet's (see `baccarat-exact bets`): choose another", "name"
        )
    _refuse_unknown_keys(raw, _BET_KEYS, "a bet has name, title, otherwise and line", where)
    title = raw.get("title", name)
    if not isinstance(title, str):
        raise where.error(f"title must be text, got {_value(title)}", "title")
    otherwise = _pays(raw.get("otherwise", -1), where, "otherwise")
    lines = raw.get("line")
    if not isinstance(lines, list) or not lines:
        raise where.error("no lines: add [[bet.line]] tables with name, pays and when")
    read = [_line(i, line, where, len(lines), open_pays) for i, line in enumerate(lines, start=1)]
    open_lines = tuple(dict.fromkeys(n for n, pays, _ in read if pays is None))
    parsed = [(n, Fraction(0) if pays is None else pays, alts) for n, pays, alts in read]
    rest = "lose" if otherwise < 0 else "push" if otherwise == 0 else "otherwise"
    on_cards = any(conditions for _, _, alternatives in parsed for _, _, conditions in alternatives)
    try:
        if on_cards:
            bet = card_match_bet(
                name,
                parsed,
                otherwise=otherwise,
                otherwise_name=rest,
                tableau=tableau,
                definition=_as_json(raw),
            )
        else:
            bet = first_match_bet(
                name,
                [(n, p, [(e, q) for e, q, _ in alts]) for n, p, alts in parsed],
                otherwise=otherwise,
                otherwise_name=rest,
                tableau=tableau,
                definition=_as_json(raw),
            )
    except RulesError as error:
        raise where.error(str(error)) from None
    return CustomBet(bet=bet, title=title, source=source, open_lines=open_lines)


def _as_json(value: Any) -> Any:
    """A TOML value as JSON keeps it (decimals as exact text, e.g. ``"0.54"``)."""
    if isinstance(value, Mapping):
        return {str(key): _as_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_json(item) for item in value]
    if isinstance(value, Decimal):
        return str(value)
    return value


def bets_from_definitions(
    definitions: Mapping[str, Any], source: str, tableau: Tableau = STANDARD_TABLEAU
) -> dict[str, Bet]:
    """The bets of a document's ``definitions`` (name → ``[[bet]]`` table), by name.

    >>> table = {"name": "p8", "line": [{"pays": 25, "when": {"player_total": 8}}]}
    >>> [line.name for line in bets_from_definitions({"p8": table}, "doc")["p8"].lines]
    ['line 1', 'lose']
    """
    found = custom_bets_from_definitions(definitions, source, tableau)
    return {name: custom.bet for name, custom in found.items()}


def custom_bets_from_definitions(
    definitions: Mapping[str, Any],
    source: str,
    tableau: Tableau = STANDARD_TABLEAU,
    *,
    open_pays: bool = False,
) -> dict[str, CustomBet]:
    """The bets of a document's ``definitions`` by name, with their open lines where
    ``open_pays`` allows lines to leave their pay open.

    >>> table = {"name": "p8", "line": [{"name": "win", "pays": "?", "when": {"player_total": 8}}]}
    >>> custom_bets_from_definitions({"p8": table}, "doc", open_pays=True)["p8"].open_lines
    ('win',)
    """
    if not isinstance(definitions, Mapping):
        raise BetsFileError(f"{source}: definitions must be an object of bet name -> bet table")
    bets: dict[str, CustomBet] = {}
    for index, (name, table) in enumerate(definitions.items(), start=1):
        custom = _bet(index, table, source, tableau, open_pays=open_pays)
        if custom.name != name:
            raise BetsFileError(f"{source}: the definition of {name!r} names {custom.name!r}")
        bets[name] = custom
    return bets


def parse_bets(
    text: str,
    source: str = "<bets>",
    tableau: Tableau = STANDARD_TABLEAU,
    *,
    open_pays: bool = False,
) -> tuple[CustomBet, ...]:
    """Read bets from TOML text; ``source`` names it in error messages, ``tableau`` says
    which two-card totals are naturals, ``open_pays`` whether a line may leave its pay
    open (``pays = "?"``, for ``design``; refused by default).

    >>> bet, = parse_bets('[[bet]]\\nname = "p8"\\n[[bet.line]]\\npays = 25\\nwhen = {player_total = 8}')
    >>> [(line.name, str(line.pays), len(line.events)) for line in bet.bet.lines]
    [('line 1', '25', 40), ('lose', '-1', 360)]
    >>> parse_bets('[[bet]]\\nname = "x"\\n[[bet.line]]\\npays = 2\\nwhen = {winer = "tie"}', "b.toml")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.BetsFileError: b.toml:5: bet 'x', pay line 1: unknown condition 'winer'; did you mean winner?
    """
    try:
        document = tomllib.loads(text.removeprefix("\ufeff"), parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise BetsFileError(f"{source}: not valid TOML: {error}") from None
    except RecursionError:
        raise BetsFileError(f"{source}: nested too deeply to be a bets file") from None
    unknown = set(document) - {"bet"}
    if unknown:
        raise BetsFileError(
            f"{source}: unknown top-level key {sorted(unknown)[0]!r}; write [[bet]] tables"
        )
    raw = document.get("bet")
    if not isinstance(raw, list) or not raw:
        raise BetsFileError(f"{source}: no bets: write one or more [[bet]] tables")
    lines = _Lines(text)
    bets = [
        _bet(i, item, source, tableau, (lines, len(raw)), open_pays)
        for i, item in enumerate(raw, start=1)
    ]
    seen: set[str] = set()
    for index, bet in enumerate(bets, start=1):
        if bet.name in seen:
            at = (lines, index, None, (len(raw), 0))
            raise _Where(source, at=at).error(f"bet {bet.name!r} is defined twice", "name")
        seen.add(bet.name)
    return tuple(bets)


def read_bets_file(
    path: str | Path, tableau: Tableau = STANDARD_TABLEAU, *, open_pays: bool = False
) -> tuple[CustomBet, ...]:
    """Read the bets in a TOML file (UTF-8, at most 16 MiB); ``open_pays`` as
    :func:`parse_bets` takes it."""
    return parse_bets(read_text(path, BetsFileError), str(path), tableau, open_pays=open_pays)


def load_bets(paths: Sequence[str | Path], tableau: Tableau = STANDARD_TABLEAU) -> tuple[Bet, ...]:
    """The bets of every file in ``paths``, in order."""
    return tuple(custom.bet for path in paths for custom in read_bets_file(path, tableau))
