"""Punto banco rules as data: the drawing tableau, the naturals and the pays.

The tableau below is the printed casino card (docs/rules.md), with the standard
reading for a Player who stood (Banker draws on 0–5). A variant with other
drawing rules is another table, not another ``if``. The round itself is played
from these tables by :func:`baccarat_exact.model.deal.deal`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from baccarat_exact.errors import RulesError
from baccarat_exact.model.events import Event
from baccarat_exact.model.exact import exact_number, exact_text, shown_number

__all__ = [
    "GAME_ALIASES",
    "GOLD_STAND_5_TABLEAU",
    "GOLD_TABLEAU",
    "PLAYER_PAYS",
    "PLAYER_STOOD",
    "RULESETS",
    "STANDARD_TABLEAU",
    "Rules",
    "SpecialWin",
    "Tableau",
]

PLAYER_STOOD = 10
"""Column of the banker tableau used when the Player did not draw a third card."""

PLAYER_PAYS = Fraction(1)
"""A winning Player bet pays even money in every game here (special wins aside)."""

# The banker's drawing rule: row = banker's two-card total, column = value of the
# Player's third card (0–9), last column "-" = the Player stood. D draws, S stands.
# Rows 8 and 9 are naturals and never reach the tableau; they read S.
_BANKER_CARD = """
        0 1 2 3 4 5 6 7 8 9 -
    0   D D D D D D D D D D D
    1   D D D D D D D D D D D
    2   D D D D D D D D D D D
    3   D D D D D D D D S D D
    4   S S D D D D D D S S D
    5   S S S S D D D D S S D
    6   S S S S S S D D S S S
    7   S S S S S S S S S S S
    8   S S S S S S S S S S S
    9   S S S S S S S S S S S
"""

# The Player's rule: two-card total → draws (D) or stands (S); 8 and 9 are naturals.
_PLAYER_CARD = """
        0 1 2 3 4 5 6 7 8 9
        D D D D D D S S S S
"""


# Baccarat Gold (Wizard of Odds, "Baccarat Gold"): when the Player drew, the Banker draws
# on 0-3, on 4-5 only against a third card of 3-7, never on 6-7; when the Player stood,
# on 0-5 as in punto banco. The Player may draw or stand on 5: two cards, one each way.
_GOLD_BANKER_CARD = """
        0 1 2 3 4 5 6 7 8 9 -
    0   D D D D D D D D D D D
    1   D D D D D D D D D D D
    2   D D D D D D D D D D D
    3   D D D D D D D D D D D
    4   S S S D D D D D S S D
    5   S S S D D D D D S S D
    6   S S S S S S S S S S S
    7   S S S S S S S S S S S
    8   S S S S S S S S S S S
    9   S S S S S S S S S S S
"""

_GOLD_PLAYER_DRAWS_5 = """
        0 1 2 3 4 5 6 7 8 9
        D D D D D D S S S S
"""

_GOLD_PLAYER_STANDS_5 = """
        0 1 2 3 4 5 6 7 8 9
        D D D D D S S S S S
"""


def _draws(mark: object) -> bool:
    if mark not in ("D", "S"):
        raise ValueError(f"a tableau mark is D (draws) or S (stands), got {mark!r}")
    return mark == "D"


def _read_card(text: str, rows: int, columns: int) -> tuple[tuple[bool, ...], ...]:
    """Read a D/S card into rows of booleans (True = draws), skipping the header line."""
    lines = [line.split() for line in text.strip().splitlines()[1:]]
    table = []
    for cells in lines:
        marks = cells[-columns:]
        table.append(tuple(mark == "D" for mark in marks))
    if len(table) != rows or any(len(row) != columns for row in table):
        raise RulesError(f"a drawing card must be {rows}×{columns}")  # pragma: no cover
    return tuple(table)


@dataclass(frozen=True, slots=True, kw_only=True)
class Tableau:
    """The drawing rules: who draws a third card, given what is showing.

    >>> STANDARD_TABLEAU.banker_draws(3, 8), STANDARD_TABLEAU.banker_draws(3, 9)
    (False, True)
    >>> STANDARD_TABLEAU.banker_draws(5, None)
    True
    """

    player: tuple[bool, ...]
    """``player[t]``: the Player draws on two-card total t (0–9)."""
    banker: tuple[tuple[bool, ...], ...]
    """``banker[t][c]``: the Banker with two-card total t draws when the Player's
    third card has value c (0–9); ``banker[t][PLAYER_STOOD]`` when the Player stood."""
    naturals: tuple[int, ...] = (8, 9)
    """Two-card totals on which both hands stand at once."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.player) != 10:
            raise RulesError(
                f"the player's rule needs 10 entries (totals 0-9), got {len(self.player)}"
            )
        if len(self.banker) != 10 or any(len(row) != 11 for row in self.banker):
            raise RulesError(
                "the banker tableau needs 10 rows (totals 0-9) of 11 columns (0-9 and 'stood')"
            )
        if any(not 0 <= t <= 9 for t in self.naturals):
            raise RulesError(f"natural totals must be 0-9, got {self.naturals}")
        object.__setattr__(self, "_hash", hash((self.player, self.banker, self.naturals)))

    def __hash__(self) -> int:
        return self._hash

    def natural(self, event: Event, hand: str | None = None) -> bool:
        """Whether the round ended on a natural: of ``hand`` (``"player"`` or
        ``"banker"``), or of either hand. A natural ends the round on four cards.

        >>> from baccarat_exact.model.events import Event
        >>> STANDARD_TABLEAU.natural(Event(9, 3, 2, 2)), STANDARD_TABLEAU.natural(Event(7, 6, 2, 2))
        (True, False)
        >>> STANDARD_TABLEAU.natural(Event(9, 3, 2, 2), "banker")
        False
        """
        if event.player_cards + event.banker_cards != 4:
            return False
        if hand is None:
            return event.player in self.naturals or event.banker in self.naturals
        return (event.player if hand == "player" else event.banker) in self.naturals

    def player_draws(self, total: int) -> bool:
        """Whether the Player draws on a (non-natural) two-card total."""
        return self.player[total]

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        """Whether the Banker draws on ``total``, given the Player's third card value
        (``None`` when the Player stood)."""
        column = PLAYER_STOOD if player_third is None else player_third
        return self.banker[total][column]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: natural totals, and who draws as rows of ``"D"``/``"S"`` marks
        (Player by two-card total; Banker by total, then the Player's third card 0–9 and
        ``-`` for a Player who stood)."""
        marks = {True: "D", False: "S"}
        return {
            "naturals": list(self.naturals),
            "player": "".join(marks[d] for d in self.player),
            "banker": ["".join(marks[d] for d in row) for row in self.banker],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tableau:
        """Read :meth:`to_dict` back.

        >>> Tableau.from_dict(STANDARD_TABLEAU.to_dict()) == STANDARD_TABLEAU
        True
        """
        try:
            player = tuple(_draws(mark) for mark in data["player"])
            banker = tuple(tuple(_draws(mark) for mark in row) for row in data["banker"])
            naturals = tuple(int(t) for t in data.get("naturals", (8, 9)))
        except (KeyError, TypeError, ValueError) as error:
            raise RulesError(
                f"a tableau needs player and banker rows of D and S ({error})"
            ) from None
        return cls(player=player, banker=banker, naturals=naturals)

    def card(self) -> str:
        """The tableau as a printed casino card (D draws, S stands)."""
        natural = ", ".join(str(t) for t in self.naturals)
        lines = [
            f"Naturals: a two-card total of {natural} on either hand; both stand.",
            "",
            "Player (two-card total):",
            "  total  " + " ".join(str(t) for t in range(10)),
            "         " + " ".join("D" if d else "S" for d in self.player),
            "",
            "Banker (two-card total down, Player's third card across; - = Player stood):",
            "  total  " + " ".join(str(c) for c in range(10)) + " -",
        ]
        for total, row in enumerate(self.banker):
            lines.append(f"  {total:>5}  " + " ".join("D" if d else "S" for d in row))
        return "\n".join(lines)


STANDARD_TABLEAU = Tableau(
    player=_read_card(_PLAYER_CARD, 1, 10)[0],
    banker=_read_card(_BANKER_CARD, 10, 11),
)
"""Punto banco as the casino card prints it, Banker on 0–5 when the Player stood."""

GOLD_TABLEAU = Tableau(
    player=_read_card(_GOLD_PLAYER_DRAWS_5, 1, 10)[0],
    banker=_read_card(_GOLD_BANKER_CARD, 10, 11),
)
"""Baccarat Gold's card, the Player drawing on 5 (the better way for the Player bet)."""

GOLD_STAND_5_TABLEAU = Tableau(
    player=_read_card(_GOLD_PLAYER_STANDS_5, 1, 10)[0],
    banker=_read_card(_GOLD_BANKER_CARD, 10, 11),
)
"""Baccarat Gold's card, the Player standing on 5."""


_CARD_WORDS = {2: "two-card ", 3: "three-card "}


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecialWin:
    """A main-bet win that pays other than the bet's usual pay, as data.

    EZ Baccarat's Banker win with a three-card 7 pushes (pays 0); Super 6's Banker
    win with a 6 pays 1/2.

    >>> SpecialWin(bet="banker", total=7, cards=3, pays=Fraction(0)).name
    'win with three-card 7'
    >>> SpecialWin(bet="tie", total=7, pays=Fraction(0))
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: a special win is on 'banker' or 'player', got 'tie'
    """

    bet: str
    """``banker`` or ``player``: whose win this is."""
    total: int
    """The winning hand's final total, 0–9."""
    cards: int | None = None
    """2 or 3 cards in the winning hand; ``None`` for either."""
    pays: Fraction
    """Net units paid per unit staked on such a win (0 = push)."""

    def __post_init__(self) -> None:
        if self.bet not in ("banker", "player"):
            raise RulesError(f"a special win is on 'banker' or 'player', got {self.bet!r}")
        if (
            isinstance(self.total, bool)
            or not isinstance(self.total, int)
            or not 0 <= self.total <= 9
        ):
            raise RulesError(f"a special win's total must be 0-9, got {self.total!r}")
        if self.cards not in (None, 2, 3):
            raise RulesError(f"a special win's hand has 2 or 3 cards, got {self.cards!r}")
        pays = exact_number(self.pays, "special win pay")
        if pays < -1:
            raise RulesError(f"a special win cannot lose more than the stake, got {pays}")
        object.__setattr__(self, "pays", pays)

    @property
    def name(self) -> str:
        """The pay line's name, e.g. ``win with three-card 7``."""
        return f"win with {_CARD_WORDS.get(self.cards or 0, '')}{self.total}"

    def matches(self, event: Event) -> bool:
        """Whether ``event`` is such a win of this bet."""
        if self.bet == "banker":
            total, other, cards = event.banker, event.player, event.banker_cards
        else:
            total, other, cards = event.player, event.banker, event.player_cards
        return total > other and total == self.total and (self.cards is None or cards == self.cards)

    def overlaps(self, other: SpecialWin) -> bool:
        """Whether some win would match both (ambiguous rules)."""
        return (
            self.bet == other.bet
            and self.total == other.total
            and (self.cards is None or other.cards is None or self.cards == other.cards)
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "bet": self.bet,
            "total": self.total,
            "cards": self.cards,
            "pays": exact_text(self.pays),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SpecialWin:
        """Read :meth:`to_dict` back."""
        try:
            return cls(
                bet=data["bet"],
                total=data["total"],
                cards=data.get("cards"),
                pays=exact_number(data["pays"], "special win pay"),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise RulesError(
                f"a special win needs bet, total and pays: {data!r} ({error})"
            ) from None


_DEFAULTS: dict[str, Any] = {
    "game": "punto-banco",
    "tableau": STANDARD_TABLEAU,
    "commission": Fraction(1, 20),
    "tie_pays": Fraction(8),
    "special_wins": (),
}
"""Punto banco's fields (the game by default)."""

_OF_THE_GAME: Any = type("_OfTheGame", (), {"__repr__": lambda self: "<the game's>"})()
"""The default of every field but ``game``: the named game's own value."""

_GAME_FIELDS = ("tableau", "commission", "tie_pays", "special_wins")


def _game_rules(game: str) -> Rules | None:
    """The rules of the named game ``game`` (an alias too), or None when no game has that
    name (or for punto banco itself, whose fields are the defaults)."""
    key = game.strip().lower()
    key = _GAME_OF_ALIAS.get(key, key)
    return None if key == "punto-banco" else RULESETS.get(key)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """A punto banco game: the tableau and the pays of the three main bets.

    Player and Banker push on a tie; the Banker win pays 1 less the commission. A field
    not given is the named game's (``baccarat-exact games``): ``Rules(game="ez")`` is EZ
    Baccarat, ``Rules(game="ez", commission=Fraction(1, 100))`` EZ with a 1 % commission.
    A name no game has defines a game of your own, and then every field must be given.

    >>> Rules().commission, Rules().tie_pays
    (Fraction(1, 20), Fraction(8, 1))
    >>> Rules(game="ez").commission, len(Rules(game="ez").special_wins)
    (Fraction(0, 1), 1)
    >>> Rules(commission=Fraction(1))
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: commission must be at least 0 and below 1, got 1
    """

    game: str = "punto-banco"
    """The game's name (``baccarat-exact games``; aliases read as the game's name)."""
    tableau: Tableau = field(default=_OF_THE_GAME)
    """Who draws a third card."""
    commission: Fraction = field(default=_OF_THE_GAME)
    """Share of a Banker win kept by the house (0.05 = 5 %)."""
    tie_pays: Fraction = field(default=_OF_THE_GAME)
    """Tie pays this many units to one (stake returned besides)."""
    special_wins: tuple[SpecialWin, ...] = field(default=_OF_THE_GAME)
    """Banker or Player wins that pay other than usual (EZ, Super 6); none in punto banco."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, str):
            raise RulesError(f"game must be a game's name, got {self.game!r}")
        unset = [name for name in _GAME_FIELDS if getattr(self, name) is _OF_THE_GAME]
        if unset:
            self._take_the_games(unset)
        if not isinstance(self.tableau, Tableau):
            raise RulesError(f"tableau must be a Tableau, got {self.tableau!r}")
        special = tuple(self.special_wins)
        for i, first in enumerate(special):
            if not isinstance(first, SpecialWin):
                raise RulesError(f"special wins must be SpecialWin values, got {first!r}")
            for second in special[i + 1 :]:
                if isinstance(second, SpecialWin) and first.overlaps(second):
                    raise RulesError(
                        f"special wins {first.name!r} and {second.name!r} of {first.bet} overlap"
                    )
        object.__setattr__(self, "special_wins", special)
        commission = exact_number(self.commission, "commission")
        tie_pays = exact_number(self.tie_pays, "tie pay")
        if not 0 <= commission < 1:
            raise RulesError(
                f"commission must be at least 0 and below 1, got {shown_number(commission)}"
            )
        if tie_pays < 0:
            raise RulesError(f"tie pay must not be negative, got {shown_number(tie_pays)}")
        object.__setattr__(self, "commission", commission)
        object.__setattr__(self, "tie_pays", tie_pays)
        key = (self.game, self.tableau, commission, tie_pays, special)
        object.__setattr__(self, "_hash", hash(key))

    def _take_the_games(self, unset: list[str]) -> None:
        """Fill the fields not given from the named game."""
        if self.game.strip().lower() in ("punto-banco", ""):
            base: Mapping[str, Any] = _DEFAULTS
            object.__setattr__(self, "game", "punto-banco")
        else:
            rules = _game_rules(self.game)
            if rules is None:
                raise RulesError(
                    f"unknown game {self.game!r}: known games are "
                    f"{', '.join(sorted(RULESETS))}; a game of your own needs every field "
                    f"({', '.join(unset)} not given)"
                )
            base = {name: getattr(rules, name) for name in _GAME_FIELDS}
            object.__setattr__(self, "game", rules.game)
        for name in unset:
            object.__setattr__(self, name, base[name])

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        """The game, and the fields that differ from the game's own (a repr that
        evaluates to equal rules).

        >>> Rules(tie_pays=Fraction(9))
        Rules(tie_pays=Fraction(9, 1))
        >>> Rules(game="ez")
        Rules(game='ez')
        """
        rules = _game_rules(self.game)
        base = _DEFAULTS if rules is None else {n: getattr(rules, n) for n in _GAME_FIELDS}
        known = rules is not None or self.game == "punto-banco"
        parts = [f"game={self.game!r}"] if self.game != "punto-banco" else []
        parts.extend(
            f"{name}={getattr(self, name)!r}"
            for name in _GAME_FIELDS
            if not known or getattr(self, name) != base[name]
        )
        return f"Rules({', '.join(parts)})"

    @property
    def banker_pays(self) -> Fraction:
        """What a winning Banker bet pays per unit: 1 less the commission."""
        return 1 - self.commission

    @property
    def player_pays(self) -> Fraction:
        """What a winning Player bet pays per unit: even money."""
        return PLAYER_PAYS

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: exact values as fraction strings (``special_wins`` only when there are any).

        >>> Rules.from_dict(Rules(tie_pays=Fraction(9)).to_dict()) == Rules(tie_pays=Fraction(9))
        True
        """
        document: dict[str, Any] = {
            "game": self.game,
            "commission": exact_text(self.commission),
            "tie_pays": exact_text(self.tie_pays),
        }
        if self.special_wins:
            document["special_wins"] = [win.to_dict() for win in self.special_wins]
        if self.tableau != STANDARD_TABLEAU:
            document["tableau"] = self.tableau.to_dict()
        return document

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Read :meth:`to_dict` back. Any key left out (the tableau too) comes from ``base``
        (default punto banco); pass the named game's rules as ``base``."""
        base = base if base is not None else cls()
        special = data.get("special_wins")
        if special is not None and not isinstance(special, list):
            raise RulesError(f"special_wins must be a list, got {special!r}")
        tableau = data.get("tableau")
        return cls(
            game=str(data.get("game", base.game)),
            tableau=base.tableau if tableau is None else Tableau.from_dict(tableau),
            commission=exact_number(data.get("commission", base.commission), "commission"),
            tie_pays=exact_number(data.get("tie_pays", base.tie_pays), "tie pay"),
            special_wins=base.special_wins
            if special is None
            else tuple(SpecialWin.from_dict(item) for item in special),
        )


def _ruleset(
    game: str,
    *,
    commission: Fraction = Fraction(1, 20),
    tie_pays: Fraction = Fraction(8),
    special_wins: tuple[SpecialWin, ...] = (),
    tableau: Tableau = STANDARD_TABLEAU,
) -> Rules:
    """A named game's rules, every field given."""
    return Rules(
        game=game,
        tableau=tableau,
        commission=commission,
        tie_pays=tie_pays,
        special_wins=special_wins,
    )


RULESETS: dict[str, Rules] = {
    rules.game: rules
    for rules in (
        _ruleset("punto-banco"),
        _ruleset("tie-9", tie_pays=Fraction(9)),
        _ruleset(
            "ez",
            commission=Fraction(0),
            special_wins=(SpecialWin(bet="banker", total=7, cards=3, pays=Fraction(0)),),
        ),
        _ruleset(
            "super-6",
            commission=Fraction(0),
            special_wins=(SpecialWin(bet="banker", total=6, pays=Fraction(1, 2)),),
        ),
        _ruleset("baccarat-gold", tie_pays=Fraction(9), tableau=GOLD_TABLEAU),
        _ruleset("baccarat-gold-stand-5", tie_pays=Fraction(9), tableau=GOLD_STAND_5_TABLEAU),
    )
}
"""Every named game's rules, keyed by its name (``baccarat-exact games`` tells them)."""

GAME_ALIASES: dict[str, tuple[str, ...]] = {
    "punto-banco": ("punto banco", "standard", "baccarat"),
    "tie-9": ("tie9",),
    "ez": ("ez-baccarat", "fortune", "fortune-baccarat", "dragon-7-baccarat"),
    "super-6": (
        "super6",
        "nepal",
        "punto-2000",
        "punto-banco-2000",
        "commission-free",
        "no-commission",
    ),
    "baccarat-gold": ("gold", "baccarat-gold-draw-5"),
    "baccarat-gold-stand-5": ("gold-stand-5",),
}
"""Other names each game is known by."""

_GAME_OF_ALIAS = {alias: game for game, aliases in GAME_ALIASES.items() for alias in aliases}
