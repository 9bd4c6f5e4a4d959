"""The inputs several baccarat commands share: the shoe, the rules and the bets.

Each is written as the user gave it (``"5x3 K 9"``, ``"5%"``) and builds its library
value on demand, with the library's own checks: a request read from a document is
refused for exactly the reasons the command line refuses the same options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baccarat_exact.commands.base import Inputs, Request, ResultT
from baccarat_exact.errors import ShoeError
from baccarat_exact.model.bets import Bet, main_bets, unique_bets
from baccarat_exact.model.exact import exact_number
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.model.seen import Seen

__all__ = [
    "BETS_OF_THE_GAME",
    "EIGHT_DECKS",
    "PUNTO_BANCO",
    "BetsInput",
    "PricingRequest",
    "RulesInput",
    "ShoeInput",
    "bets_file_definitions",
    "seen_cards",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeInput(Inputs):
    """The shoe: whole decks, an explicit composition or an infinite shoe, less the
    cards removed. Exactly one of ``decks``, ``counts`` and ``infinite`` is given, or
    none, for a command whose rules say how many decks (blackjack).

    >>> ShoeInput(decks=6, remove="5x3 K").shoe().cards
    308
    >>> ShoeInput(decks=6, infinite=True)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: --decks and --infinite conflict: give only one way to build the shoe
    """

    decks: int | None = None
    """Whole 52-card decks (``None``: the command's default)."""
    counts: str | None = None
    """An explicit composition, by rank or by suit: ``"A=32,...,K=32"``."""
    remove: str = ""
    """Cards already dealt, taken out: ``"5x3 K 9 As"``."""
    infinite: bool = False
    """An infinite shoe: every card drawn with a full deck's probabilities."""

    def __post_init__(self) -> None:
        chosen = [
            name
            for name, given in (
                ("--decks", self.decks is not None),
                ("--counts", self.counts is not None),
                ("--infinite", self.infinite),
            )
            if given
        ]
        if len(chosen) > 1:
            raise ShoeError(f"{' and '.join(chosen)} conflict: give only one way to build the shoe")
        if self.infinite and self.remove.strip():
            raise ShoeError("--remove and --infinite conflict: an infinite shoe never runs out")

    @classmethod
    def given(
        cls,
        decks: int | None = None,
        counts: str | None = None,
        remove: str = "",
        infinite: bool = False,
        *,
        default_decks: int | None = 8,
    ) -> ShoeInput:
        """The shoe the options describe, ``default_decks`` when no way of building it is
        given (``None``: leave it to the rules)."""
        if decks is None and counts is None and not infinite:
            decks = default_decks
        return cls(decks=decks, counts=counts, remove=remove, infinite=infinite)

    def shoe(self, default_decks: int = 8) -> Shoe:
        """The shoe itself (``default_decks`` when the input names no way to build it)."""
        if self.infinite:
            return Shoe.infinite_shoe()
        if self.counts is not None:
            shoe = Shoe.parse(self.counts)
        else:
            shoe = Shoe.from_decks(default_decks if self.decks is None else self.decks)
        return shoe.remove(self.remove)


_PUNTO_BANCO_RULES = Rules()


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesInput(Inputs):
    """A named game, with its commission and Tie pay changed where given.

    >>> RulesInput(game="ez").rules().game
    'ez'
    >>> RulesInput(commission="4%").rules().commission
    Fraction(1, 25)
    """

    game: str = "punto-banco"
    """The game (``baccarat-exact games`` lists them)."""
    commission: str | None = None
    """Commission on Banker wins, as given: ``"5%"``, ``"0.05"``, ``"1/20"``."""
    tie_pays: str | None = None
    """What Tie pays to 1, as given."""

    def rules(self) -> Rules:
        """The game's rules with the commission and Tie pay given."""
        if self.game == "punto-banco" and self.commission is None and self.tie_pays is None:
            return _PUNTO_BANCO_RULES  # the commonest question: the game list need not load
        from baccarat_exact.model.games import find_rules

        rules = find_rules(self.game)
        if self.commission is None and self.tie_pays is None:
            return rules
        return replace(
            rules,
            commission=rules.commission
            if self.commission is None
            else exact_number(self.commission, "commission"),
            tie_pays=rules.tie_pays
            if self.tie_pays is None
            else exact_number(self.tie_pays, "tie pay"),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class BetsInput(Inputs):
    """Which bets to price: Banker, Player, Tie and the game's own side bets, then the
    bets named, then every user-defined bet; with ``only_named``, just the bets named
    (and the user-defined ones).

    >>> [bet.name for bet in BetsInput(names=("dragon-7",)).bets(Rules())]
    ['banker', 'player', 'tie', 'dragon-7']
    """

    names: tuple[str, ...] = ()
    """Catalogue bets (``baccarat-exact bets``) or user-defined bets, by name."""
    definitions: Mapping[str, Any] = field(
        default_factory=dict,
        metadata={
            "json_schema": {
                "type": "object",
                "additionalProperties": {"$ref": "common.schema.json#/$defs/betDefinition"},
            }
        },
    )
    """User-defined bets, name → its ``[[bet]]`` table (as JSON keeps it)."""
    only_named: bool = False
    """Price just the bets named, not the main bets and the game's side bets."""

    def bets(self, rules: Rules, game: str | None = None) -> tuple[Bet, ...]:
        """The bets, built for ``rules`` (whose tableau says what a natural is)."""
        if not (self.names or self.definitions):
            if not game or game == "punto-banco":  # a game without side bets of its own
                return main_bets(rules)
            from baccarat_exact.model.games import find_game

            if not find_game(game).side_bets:
                return main_bets(rules)
        from baccarat_exact.model.catalogue import find_bet

        own: dict[str, Bet] = {}
        if self.definitions:  # the bets-file reader (and its TOML parser) only when used
            from baccarat_exact.model.custom_bets import bets_from_definitions

            own = bets_from_definitions(self.definitions, "the bets defined", rules.tableau)
        if self.only_named and self.names:
            named = [own.get(name.strip()) or find_bet(name, rules) for name in self.names]
            return unique_bets((*named, *own.values()))
        from baccarat_exact.model.games import find_game

        side = find_game(game).side_bets if game else ()
        catalogue = [
            own[name.strip()] if name.strip() in own else find_bet(name, rules)
            for name in (*side, *self.names)
        ]
        return unique_bets((*main_bets(rules), *catalogue, *own.values()))


EIGHT_DECKS = ShoeInput(decks=8)
"""The shoe of every baccarat command by default."""
PUNTO_BANCO = RulesInput()
"""The rules by default: punto banco, 5 % commission, Tie 8 to 1."""
BETS_OF_THE_GAME = BetsInput()
"""The bets by default: Banker, Player, Tie and the game's own side bets."""


def bets_file_definitions(paths: list[Path] | tuple[Path, ...]) -> dict[str, Any]:
    """The bets defined in TOML files, name → definition, checked as the files are read
    (an error names the file and its line).

    :raises BetsFileError: for a file that cannot be read, or a bet defined twice.
    """
    from baccarat_exact.errors import BetsFileError
    from baccarat_exact.model.custom_bets import read_bets_file

    definitions: dict[str, Any] = {}
    for path in paths:
        for custom in read_bets_file(path):
            if custom.name in definitions:
                raise BetsFileError(f"{path}: bet {custom.name!r} is defined twice")
            definitions[custom.name] = custom.bet.definition
    return definitions


@dataclass(frozen=True, slots=True, kw_only=True)
class PricingRequest(Request[ResultT]):
    """A request about bets on one shoe under one game's rules: the inputs most baccarat
    commands share, and what they build."""

    shoe: ShoeInput = EIGHT_DECKS
    rules: RulesInput = PUNTO_BANCO
    bets: BetsInput = BETS_OF_THE_GAME

    def chosen(self) -> tuple[Shoe, Rules, tuple[Bet, ...]]:
        """The shoe, the rules and the bets the inputs name."""
        return (self.shoe.shoe(), *self.chosen_bets())

    def chosen_bets(self) -> tuple[Rules, tuple[Bet, ...]]:
        """The rules and the bets the inputs name (no shoe built)."""
        rules = self.rules.rules()
        return rules, self.bets.bets(rules, self.rules.game)


def seen_cards(player: str | None, banker: str | None) -> Seen | None:
    """The cards of a round in progress (``--player``, ``--banker``), if any were given."""
    if not (player or banker):
        return None
    from baccarat_exact.model.seen import Seen

    return Seen.parse(player or "", banker or "")
