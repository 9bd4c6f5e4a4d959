"""The side-bet catalogue: ``find_bet(name, rules)`` for every bet by name.

Every side bet is a pay table (:class:`~baccarat_exact.model.bets.Bet`) written
down as data below, with the source of its pay table. Value-based bets are pay
tables over the 400 final events; pair bets also name the first-two-card states
they pay on (:data:`~baccarat_exact.model.bets.PAIR_STATES`). Price them with
:func:`baccarat_exact.odds`.

>>> [(line.name, str(line.pays)) for line in find_bet("dragon-7").lines]
[('win', '40'), ('lose', '-1')]
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.errors import BetError
from baccarat_exact.model.bets import (
    NO_PAIR,
    SUITED_PAIR,
    Bet,
    EventCondition,
    PairState,
    TableauTest,
    first_match_bet,
    main_bets,
)
from baccarat_exact.model.events import Event, Outcome
from baccarat_exact.model.rules import STANDARD_TABLEAU, Rules, Tableau

__all__ = [
    "BET_NAMES",
    "MAIN_BET_NAMES",
    "SIDE_BETS",
    "SIDE_BET_NAMES",
    "SideBet",
    "find_bet",
    "find_side_bet",
    "unknown_bet_message",
]

EventTest = Callable[[Event], bool]
PairTest = Callable[[PairState], bool]


@dataclass(frozen=True, slots=True, kw_only=True)
class Line:
    """One line of a side bet's pay table, before it is turned into event sets."""

    name: str
    pays: Fraction
    events: EventCondition | None = None
    """Which final rounds it pays on (None: any)."""
    pairs: PairTest | None = None
    """Which first-two-card states it pays on (None: any)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SideBet:
    """A catalogued side bet: its pay table and where that table is published."""

    name: str
    title: str
    rule: str
    """When it wins, in one sentence."""
    lines: tuple[Line, ...]
    """Winning lines first; whatever no line covers loses the stake."""
    source: str
    aliases: tuple[str, ...] = ()

    @property
    def bet(self) -> Bet:
        """The pay table as a :class:`Bet` under the standard tableau (built once)."""
        return _build(self, STANDARD_TABLEAU)

    def bet_for(self, tableau: Tableau) -> Bet:
        """The pay table under ``tableau`` (its natural totals matter to some bets)."""
        return _build(self, tableau)


@functools.cache
def _build(entry: SideBet, tableau: Tableau) -> Bet:
    """Turn lines (first match wins) into pay lines, whatever is left losing."""
    lines = [(line.name, line.pays, [(line.events, line.pairs)]) for line in entry.lines]
    return first_match_bet(entry.name, lines, tableau=tableau)


def _win(side: Outcome, total: int | None = None, cards: int | None = None) -> EventTest:
    """``side`` wins, optionally with that final total and number of cards in its hand."""

    def test(e: Event) -> bool:
        own, own_cards = (
            (e.banker, e.banker_cards) if side is Outcome.BANKER else (e.player, e.player_cards)
        )
        return (
            e.outcome is side
            and (total is None or own == total)
            and (cards is None or own_cards == cards)
        )

    return test


def _dragon_bonus(side: Outcome) -> tuple[Line, ...]:
    """Dragon Bonus on ``side``: natural win 1 to 1, natural tie push, other wins by margin."""
    hand, other = side.value, ("player" if side is Outcome.BANKER else "banker")
    margins = ((9, 30), (8, 10), (7, 6), (6, 4), (5, 2), (4, 1))
    return (
        *(
            Line(
                name=f"win by {m}",
                pays=Fraction(pays),
                events=TableauTest(
                    lambda e, t, m=m: e.outcome is side and not t.natural(e, hand) and e.margin == m  # type: ignore[misc]
                ),
            )
            for m, pays in margins
        ),
        Line(
            name="natural win",
            pays=Fraction(1),
            events=TableauTest(lambda e, t: e.outcome is side and t.natural(e, hand)),
        ),
        Line(
            name="natural tie",
            pays=Fraction(0),
            events=TableauTest(
                lambda e, t: e.outcome is Outcome.TIE and t.natural(e, hand) and t.natural(e, other)
            ),
        ),
    )


_WOO_SIDE = (
    "Wizard of Odds, Baccarat Side Bets: https://wizardofodds.com/games/baccarat/appendix/5/"
)
_EGALITE_PAYS = {0: 150, 1: 215, 2: 225, 3: 200, 4: 120, 5: 110, 6: 45, 7: 45, 8: 80, 9: 80}
_PLAYER_PAIR: PairTest = lambda s: s.player != NO_PAIR  # noqa: E731
_BANKER_PAIR: PairTest = lambda s: s.banker != NO_PAIR  # noqa: E731
_ONE_PERFECT: PairTest = lambda s: SUITED_PAIR in (s.player, s.banker)  # noqa: E731
_TWO_PERFECT: PairTest = lambda s: s.player == s.banker == SUITED_PAIR  # noqa: E731


def _catalogue() -> tuple[SideBet, ...]:
    f = Fraction
    return (
        SideBet(
            name="player-pair",
            title="Player Pair",
            rule="The Player's first two cards are of the same rank.",
            lines=(Line(name="pair", pays=f(11), pairs=_PLAYER_PAIR),),
            source="Eliot Jacobson, Computer-perfect play against the baccarat Pairs bet: "
            "https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/",
            aliases=("p-pair",),
        ),
        SideBet(
            name="banker-pair",
            title="Banker Pair",
            rule="The Banker's first two cards are of the same rank.",
            lines=(Line(name="pair", pays=f(11), pairs=_BANKER_PAIR),),
            source="Eliot Jacobson, Computer-perfect play against the baccarat Pairs bet: "
            "https://www.888casino.com/blog/side-bets/computer-perfect-play-against-the-baccarat-pairs-bet/",
            aliases=("b-pair",),
        ),
        SideBet(
            name="either-pair",
            title="Either Pair",
            rule="The first two cards of the Player or of the Banker (or both) are a pair.",
            lines=(
                Line(
                    name="pair",
                    pays=f(5),
                    pairs=lambda s: s.player != NO_PAIR or s.banker != NO_PAIR,
                ),
            ),
            source="Pay table and house edge 13.71%: "
            "https://wordstreetjournal.com/top-ten-baccarat-side-games-detailed-odds-and-payouts/",
        ),
        SideBet(
            name="perfect-pair",
            title="Perfect Pair",
            rule="The first two cards of the Player or of the Banker are the same rank and suit.",
            lines=(Line(name="perfect pair", pays=f(25), pairs=_ONE_PERFECT),),
            source="Wizard of Odds, Perfect Pairs (Version 1): "
            "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/",
        ),
        SideBet(
            name="perfect-pair-both",
            title="Perfect Pair, both-hands table",
            rule="As Perfect Pair, paying more when both hands start with a suited pair.",
            lines=(
                Line(name="two perfect pairs", pays=f(250), pairs=_TWO_PERFECT),
                Line(name="one perfect pair", pays=f(25), pairs=_ONE_PERFECT),
            ),
            source="Wizard of Odds, Perfect Pairs (Version 2): "
            "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver2/",
        ),
        *(
            SideBet(
                name=f"dragon-bonus-{side.value}",
                title=f"Dragon Bonus ({side.value.title()})",
                rule=f"{side.value.title()} natural win 1 to 1, natural tie push; other "
                f"{side.value.title()} wins by 4 to 9 points pay 1 to 30.",
                lines=_dragon_bonus(side),
                source=_WOO_SIDE,
                aliases=(f"dragon-{side.value}",),
            )
            for side in (Outcome.PLAYER, Outcome.BANKER)
        ),
        SideBet(
            name="dragon-7",
            title="Dragon 7",
            rule="The Banker wins with a three-card 7.",
            lines=(Line(name="win", pays=f(40), events=_win(Outcome.BANKER, 7, 3)),),
            source="Wizard of Odds, EZ Baccarat: https://wizardofodds.com/games/ez-baccarat/",
            aliases=("dragon", "fortune-7", "tiger-7"),
        ),
        SideBet(
            name="panda-8",
            title="Panda 8",
            rule="The Player wins with a three-card 8.",
            lines=(Line(name="win", pays=f(25), events=_win(Outcome.PLAYER, 8, 3)),),
            source="Wizard of Odds, EZ Baccarat: https://wizardofodds.com/games/ez-baccarat/",
            aliases=("panda", "golden-8"),
        ),
        SideBet(
            name="big",
            title="Big",
            rule="The round takes 5 or 6 cards.",
            lines=(Line(name="5 or 6 cards", pays=f(27, 50), events=lambda e: e.cards >= 5),),
            source="Pay table and house edge 4.35%: "
            "https://vegasfreedom.com/baccarat/what-is-big-and-small-in-baccarat/; "
            "probability of 4 cards: Wizard of Odds 4-5-6 bet, " + _WOO_SIDE,
        ),
        SideBet(
            name="small",
            title="Small",
            rule="The round takes 4 cards.",
            lines=(Line(name="4 cards", pays=f(3, 2), events=lambda e: e.cards == 4),),
            source="Wizard of Odds 4-5-6 bet (4 cards pays 3 to 2), " + _WOO_SIDE,
        ),
        *(
            SideBet(
                name=f"egalite-{t}",
                title=f"Egalité {t}",
                rule=f"A tie at {t} point{'' if t == 1 else 's'}.",
                lines=(
                    Line(
                        name=f"tie at {t}",
                        pays=f(_EGALITE_PAYS[t]),
                        events=lambda e, t=t: e.player == e.banker == t,  # type: ignore[misc]
                    ),
                ),
                source="Wizard of Odds, Egalite Bets: https://wizardofodds.com/games/baccarat/side-bets/egalite/",
                aliases=(f"egalité-{t}", f"tie-{t}"),
            )
            for t in range(10)
        ),
        SideBet(
            name="super-6",
            title="Super 6",
            rule="The Banker wins with a total of 6 (the Super 6 game's side bet).",
            lines=(Line(name="win", pays=f(12), events=_win(Outcome.BANKER, 6)),),
            source="Pay 12 to 1: https://casino.bodog.eu/live-dealer-super6; house edge 29.98%: "
            "https://www.leovegas.com/en-row/blog/live-casino/baccarat-academy/side-bets-guide/super-6-side-bet",
            aliases=("super6",),
        ),
        SideBet(
            name="lucky-6",
            title="Lucky 6",
            rule="The Banker wins with a 6: two cards pay 12 to 1, three cards 23 to 1.",
            lines=(
                Line(name="two-card 6", pays=f(12), events=_win(Outcome.BANKER, 6, 2)),
                Line(name="three-card 6", pays=f(23), events=_win(Outcome.BANKER, 6, 3)),
            ),
            source="Wizard of Odds, Lucky 6 (liberal pay table): "
            "https://wizardofodds.com/games/baccarat/side-bets/lucky-6/",
        ),
        SideBet(
            name="big-tiger",
            title="Big Tiger",
            rule="The Banker wins with a three-card 6.",
            lines=(Line(name="win", pays=f(50), events=_win(Outcome.BANKER, 6, 3)),),
            source="Eliot Jacobson, Card counting the Big Tiger baccarat side bet: "
            "https://advancedadvantageplay.com/2024/07/card-counting-the-big-tiger-baccarat-side-bet",
        ),
    )


SIDE_BETS: dict[str, SideBet] = {bet.name: bet for bet in _catalogue()}
"""Every catalogued side bet, by name."""

MAIN_BET_NAMES: tuple[str, ...] = ("banker", "player", "tie")
SIDE_BET_NAMES: tuple[str, ...] = tuple(SIDE_BETS)
BET_NAMES: tuple[str, ...] = MAIN_BET_NAMES + SIDE_BET_NAMES
"""Every name :func:`find_bet` knows (aliases aside)."""

_ALIASES = {alias: bet.name for bet in SIDE_BETS.values() for alias in bet.aliases}


def _key(name: str) -> str:
    return "-".join(name.strip().lower().replace("_", " ").split())


def find_side_bet(name: str) -> SideBet:
    """The catalogue entry called ``name`` (case-insensitive; ``_`` or spaces for ``-``)."""
    key = _key(name)
    key = _ALIASES.get(key, key)
    try:
        return SIDE_BETS[key]
    except KeyError:
        raise BetError(unknown_bet_message(name, BET_NAMES)) from None


def unknown_bet_message(name: str, known: Iterable[str]) -> str:
    """What to say of a bet ``name`` that is not among ``known``: the closest names, or
    all of them when none is close.

    >>> unknown_bet_message("dragon7", ["banker", "dragon-7", "panda-8"])
    "unknown bet 'dragon7': did you mean dragon-7? (known bets: banker, dragon-7, panda-8)"
    """
    names = list(known)
    close = difflib.get_close_matches(_key(name), names, n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    return f"unknown bet {name!r}: {hint}(known bets: {', '.join(names)})"


def find_bet(name: str, rules: Rules | None = None) -> Bet:
    """The bet called ``name``: Banker, Player or Tie under ``rules``, or a side bet.

    >>> [line.name for line in find_bet("Dragon Bonus Player").lines][-3:]
    ['natural win', 'natural tie', 'lose']
    >>> find_bet("dragon 7 banker")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.BetError: unknown bet 'dragon 7 banker': did you mean ...
    """
    rules = rules if rules is not None else Rules()
    key = _key(name)
    if key in MAIN_BET_NAMES:
        return main_bets(rules)[MAIN_BET_NAMES.index(key)]
    return find_side_bet(name).bet_for(rules.tableau)
