"""Which bets a question is about: the main bets, a game's own side bets, catalogue
names and bets read from files, chosen the same way by every command."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from baccarat_exact.model.bets import Bet, main_bets, unique_bets
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.custom_bets import load_bets
from baccarat_exact.model.games import find_game
from baccarat_exact.model.rules import Rules

__all__ = ["select_bets"]


def select_bets(
    rules: Rules,
    names: Sequence[str] = (),
    files: Sequence[str | Path] = (),
    game: str | None = None,
    *,
    exactly: bool = False,
) -> tuple[Bet, ...]:
    """The bets to price, repeats dropped.

    By default: Banker, Player and Tie, the side bets ``game`` is dealt with, the
    catalogue bets ``names``, then every bet defined in ``files``. With
    ``exactly=True`` and some ``names``: just those bets (a name is looked up in the
    files first, then in the catalogue), then the other bets of the files.

    >>> [bet.name for bet in select_bets(Rules(), ["dragon-7"], game="super-6")]
    ['banker', 'player', 'tie', 'super-6', 'dragon-7']
    >>> [bet.name for bet in select_bets(Rules(), ["tie", "big"], exactly=True)]
    ['tie', 'big']
    """
    from_files = load_bets(list(files), rules.tableau) if files else ()
    if exactly and names:
        mine = {bet.name: bet for bet in from_files}
        named = [mine.get(name.strip()) or find_bet(name, rules) for name in names]
        return unique_bets((*named, *from_files))
    own = find_game(game).side_bets if game else ()
    catalogue = [find_bet(name, rules) for name in (*own, *names)]
    return unique_bets((*main_bets(rules), *catalogue, *from_files))
