"""Named games (``--game``): rule variants as frozen data, each with its source.

A :class:`Game` is a :class:`~baccarat_exact.rules.Rules` (tableau, commission, tie
pay and the special wins that make the no-commission forms) plus the side bets the
game is dealt with and where its rules are published. Every preset stays
adjustable by ``--commission`` and ``--tie-pays``.
"""

from __future__ import annotations

from dataclasses import dataclass

from baccarat_exact.errors import RulesError
from baccarat_exact.model.rules import GAME_ALIASES, RULESETS, Rules

__all__ = ["GAMES", "RULESETS", "Game", "find_game", "find_rules"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Game:
    """A named rule variant and what it is dealt with."""

    name: str
    """The ``--game`` name, as reports and golden files write it."""
    title: str
    """The name casinos use."""
    rules: Rules
    summary: str
    """The rule change in one sentence."""
    side_bets: tuple[str, ...] = ()
    """Side bets the game comes with; ``odds --game`` prices them too."""
    aliases: tuple[str, ...] = ()
    """Other names ``--game`` accepts."""
    source: str
    """Where the rules (and their published house edges) are documented."""


_WOO_BACCARAT = "Wizard of Odds, Baccarat: https://wizardofodds.com/games/baccarat/"
_WOO_GOLD = "Wizard of Odds, Baccarat Gold: https://wizardofodds.com/games/baccarat/gold/"
_WOO_COMMISSION_FREE = (
    "Wizard of Odds, Commission Free Baccarat: https://wizardofodds.com/games/baccarat/appendix/6/"
)

GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game(
            name="punto-banco",
            title="Punto banco",
            rules=RULESETS["punto-banco"],
            summary="The casino's house rules: Banker wins pay 19 to 20 (5 % commission), Tie pays 8 to 1.",
            aliases=GAME_ALIASES["punto-banco"],
            source="The casino's published rules; " + _WOO_BACCARAT,
        ),
        Game(
            name="tie-9",
            title="Punto banco, Tie 9 to 1",
            rules=RULESETS["tie-9"],
            summary="Punto banco with the Tie paying 9 to 1.",
            aliases=GAME_ALIASES["tie-9"],
            source=_WOO_BACCARAT,
        ),
        Game(
            name="ez",
            title="EZ Baccarat",
            rules=RULESETS["ez"],
            summary="No commission; a Banker win with a three-card 7 pushes the Banker bet.",
            side_bets=("dragon-7", "panda-8"),
            aliases=GAME_ALIASES["ez"],
            source="Wizard of Odds, EZ Baccarat: https://wizardofodds.com/games/ez-baccarat/",
        ),
        Game(
            name="super-6",
            title="Super 6 (Nepal baccarat)",
            rules=RULESETS["super-6"],
            summary="No commission; a Banker win with a total of 6 pays 1 to 2 (also called Punto Banco 2000, commission-free baccarat).",
            side_bets=("super-6",),
            aliases=GAME_ALIASES["super-6"],
            source=_WOO_COMMISSION_FREE,
        ),
        Game(
            name="baccarat-gold",
            title="Baccarat Gold, Player draws on 5",
            rules=RULESETS["baccarat-gold"],
            summary="The Player bettor may draw or stand on 5 (here: draws); when the Player "
            "drew, the Banker draws on 0-3, on 4-5 against a third card of 3-7, never on 6-7; "
            "Tie pays 9 to 1.",
            aliases=GAME_ALIASES["baccarat-gold"],
            source=_WOO_GOLD,
        ),
        Game(
            name="baccarat-gold-stand-5",
            title="Baccarat Gold, Player stands on 5",
            rules=RULESETS["baccarat-gold-stand-5"],
            summary="Baccarat Gold with the Player standing on 5.",
            aliases=GAME_ALIASES["baccarat-gold-stand-5"],
            source=_WOO_GOLD,
        ),
    )
}
"""Every named game, keyed by its name."""

_ALIASES = {alias: game.name for game in GAMES.values() for alias in game.aliases}


def find_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive; aliases accepted).

    >>> find_game("Commission-Free").name
    'super-6'
    >>> find_game("chemmy")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: unknown game 'chemmy': known games are baccarat-gold, baccarat-gold-stand-5, ez, punto-banco, super-6, tie-9
    """
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise RulesError(f"unknown game {name!r}: known games are {known}") from None


def find_rules(name: str) -> Rules:
    """The rules of the game called ``name`` (case-insensitive; a few aliases accepted).

    >>> find_rules("Punto-Banco").commission
    Fraction(1, 20)
    >>> [(w.name, str(w.pays)) for w in find_rules("ez").special_wins]
    [('win with three-card 7', '0')]
    """
    return find_game(name).rules
