"""Live tracking: remove dealt rounds from the shoe and price the next round exactly.

Each input line is one round in deal order — Player, Banker, Player, Banker,
then any third cards (``5 K 9 2 7``, suits optional: ``5h Ks 9c 2d 7s``) —
checked against the drawing tableau, or ``burn`` followed by cards taken out
unplayed (burn cards, cards seen elsewhere). Blank lines and ``#`` comments are
skipped. A bad line yields a :class:`TrackProblem` naming its line number and
leaves the shoe as it was; so does a line that could not be read as text (``None``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from baccarat_exact.errors import BaccaratError, RoundError, ShoeError
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.cards import Card, parse_cards
from baccarat_exact.model.deal import ROUND_CARDS, deal
from baccarat_exact.model.events import Event
from baccarat_exact.model.rules import Rules, Tableau
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import BetOdds, odds

__all__ = ["UNREADABLE", "TrackProblem", "TrackStep", "Tracking", "read_round", "track"]

UNREADABLE = "the line cannot be read: it is not UTF-8 text, or longer than 64 KiB"
"""What a line that could not be read as text (``None`` among the lines) is reported as."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackStep:
    """The shoe after one input line, and the exact odds of the next round."""

    line: int
    """Input line number (0: the shoe before any line)."""
    kind: Literal["start", "round", "burn"]
    cards: tuple[Card, ...]
    event: Event | None
    """How the round ended (rounds only)."""
    shoe: Shoe
    bets: tuple[BetOdds, ...] | None
    """None once fewer than 6 cards are left (no round can be priced)."""

    @property
    def round_text(self) -> str:
        """``Player 4 Banker 1`` for a round, ``burn`` or ``start`` otherwise."""
        if self.event is None:
            return self.kind
        return f"Player {self.event.player} Banker {self.event.banker}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackProblem:
    """A line that could not be used; the shoe is unchanged."""

    line: int
    text: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True, slots=True, eq=False)
class Tracking:
    """A shoe being tracked: what is priced, and its steps, made as the lines come (an
    iterator: read once)."""

    shoe: Shoe
    """The shoe before the first line."""
    rules: Rules
    bets: tuple[Bet, ...]
    steps: Iterator[TrackStep | TrackProblem]


def read_round(cards: Sequence[Card], tableau: Tableau) -> Event:
    """Check that ``cards`` (deal order) are one complete round, and how it ended.

    >>> from baccarat_exact.model.rules import STANDARD_TABLEAU
    >>> read_round(parse_cards("5 K 9 2 7 3"), STANDARD_TABLEAU)
    Event(player=1, banker=5, player_cards=3, banker_cards=3)
    """
    text = " ".join(str(card) for card in cards)
    values = [card.point for card in cards]
    try:
        played = deal(values, tableau)
    except RoundError as error:
        if error.needed == 4:
            raise BaccaratError(
                f"a round needs at least 4 cards (Player, Banker, Player, Banker), got {text!r}"
            ) from None
        if error.needed == 5:
            raise BaccaratError(f"{text!r} is not a whole round: {error}") from None
        played = deal([*values, *[0] * ROUND_CARDS], tableau)
    if played.cards != len(values):
        raise BaccaratError(
            f"{text!r} is not one round: with Player {played.player_two_card} and Banker "
            f"{played.banker_two_card} on the first four cards the tableau deals "
            f"{played.cards} cards, not {len(values)}"
        )
    return played.event


def _prices(shoe: Shoe, rules: Rules, bets: tuple[Bet, ...]) -> tuple[BetOdds, ...] | None:
    if shoe.cards < ROUND_CARDS:
        return None
    return odds(shoe, rules, bets).bets


def track(
    lines: Iterable[str | BaccaratError | None],
    shoe: Shoe,
    rules: Rules | None = None,
    bets: Sequence[Bet] | None = None,
) -> Iterator[TrackStep | TrackProblem]:
    """The starting state, then one step (or problem) per round or burn line, each made
    as its line comes.

    ``lines`` are the input's lines in order; a line that could not be read comes as the
    error saying why (or ``None``: :data:`UNREADABLE`), and is reported as a problem like
    any bad line.

    :raises ShoeError: for an infinite shoe (cards cannot be taken out of it).
    """
    rules = rules if rules is not None else Rules()
    chosen = tuple(bets) if bets is not None else main_bets(rules)
    if shoe.infinite:
        raise ShoeError("tracking removes dealt cards, so it needs a finite shoe")
    return _steps(lines, shoe, rules, chosen)


def _steps(
    lines: Iterable[str | BaccaratError | None], shoe: Shoe, rules: Rules, chosen: tuple[Bet, ...]
) -> Iterator[TrackStep | TrackProblem]:
    yield TrackStep(
        line=0, kind="start", cards=(), event=None, shoe=shoe, bets=_prices(shoe, rules, chosen)
    )
    for number, raw in enumerate(lines, start=1):
        if raw is None or isinstance(raw, BaccaratError):
            message = UNREADABLE if raw is None else str(raw)
            yield TrackProblem(line=number, text="", message=message)
            continue
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        kind: Literal["round", "burn"] = "round"
        body = text
        if text.lower().startswith("burn"):
            kind, body = "burn", text[4:].strip(" :")
        try:
            cards = parse_cards(body)
            event = read_round(cards, rules.tableau) if kind == "round" else None
            if kind == "burn" and not cards:
                raise BaccaratError("'burn' needs the cards burned, e.g. 'burn 7 K'")
            after = shoe.remove(cards)
        except BaccaratError as error:
            yield TrackProblem(line=number, text=raw.rstrip("\n"), message=str(error))
            continue
        shoe = after
        yield TrackStep(
            line=number,
            kind=kind,
            cards=cards,
            event=event,
            shoe=shoe,
            bets=_prices(shoe, rules, chosen),
        )
