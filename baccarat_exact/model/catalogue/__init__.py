"""The side-bet catalogue: ``find_bet(name, rules)`` for every bet by name.

Every side bet is a pay table (:class:`~baccarat_exact.model.bets.Bet`) written
down as data, with the source of its pay table and its family, one module per family:

- :mod:`.entry`: what an entry is (:class:`SideBet`, its :class:`Line`\\ s) and the tests
  lines are written with;
- the families, in the order ``bets`` lists them: :mod:`.pairs`, :mod:`.dragon_bonus`,
  :mod:`.ez`, :mod:`.big_small`, :mod:`.egalite`, :mod:`.tiger`, :mod:`.dai_bacc`,
  :mod:`.three_card_win`, :mod:`.golden_frog`, :mod:`.naturals`,
  :mod:`.first_two_cards`, :mod:`.three_giving_8`, :mod:`.lucky_nines`.

Value-based bets are pay tables over the 400 final events; pair bets also name the
first-two-card states they pay on (:data:`~baccarat_exact.model.bets.PAIR_STATES`); bets
on particular dealt cards (Majestic Match, 3 Giving 8 …) are priced card by card. Price
them with :func:`baccarat_exact.odds`.

>>> [(line.name, str(line.pays)) for line in find_bet("dragon-7").lines]
[('win', '40'), ('lose', '-1')]
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from baccarat_exact.errors import BetError
from baccarat_exact.model.bets import Bet, main_bets
from baccarat_exact.model.catalogue import (
    big_small,
    dai_bacc,
    dragon_bonus,
    egalite,
    ez,
    first_two_cards,
    golden_frog,
    lucky_nines,
    naturals,
    pairs,
    three_card_win,
    three_giving_8,
    tiger,
)
from baccarat_exact.model.catalogue.entry import SideBet
from baccarat_exact.model.rules import Rules

__all__ = [
    "ADDED_BET_NAMES",
    "BET_NAMES",
    "FAMILIES",
    "MAIN_BET_NAMES",
    "SIDE_BETS",
    "SIDE_BET_NAMES",
    "SideBet",
    "find_bet",
    "find_side_bet",
    "unknown_bet_message",
]

_FAMILIES = (
    pairs,
    dragon_bonus,
    ez,
    big_small,
    egalite,
    tiger,
    dai_bacc,
    three_card_win,
    golden_frog,
    naturals,
    first_two_cards,
    three_giving_8,
    lucky_nines,
)

SIDE_BETS: dict[str, SideBet] = {bet.name: bet for family in _FAMILIES for bet in family.BETS}
"""Every catalogued side bet, by name, family by family."""

FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(bet.family for bet in SIDE_BETS.values()))
"""The families of the catalogue, in the order ``bets`` lists them."""

MAIN_BET_NAMES: tuple[str, ...] = ("banker", "player", "tie")
SIDE_BET_NAMES: tuple[str, ...] = tuple(
    name for name, entry in SIDE_BETS.items() if entry.since == "0.3.0"
)
"""The 24 side bets built in by 0.3.0, all on how the round ends and the first two cards:
those the golden documents ``sidebets-*.json`` price and the engine's tests run on."""
ADDED_BET_NAMES: tuple[str, ...] = tuple(
    name for name, entry in SIDE_BETS.items() if entry.since != "0.3.0"
)
"""The side bets built in since, each checked against its published figure
(tests/test_published_bets.py); some are on particular dealt cards, priced card by card."""
BET_NAMES: tuple[str, ...] = MAIN_BET_NAMES + tuple(SIDE_BETS)
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
