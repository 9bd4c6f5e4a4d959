"""One matrix of figures across shoes and rule sets: what ``baccarat-exact compare`` shows.

Every case of the grid — number of decks (or an infinite shoe) × game × commission ×
tie pay — is priced by the one pricer, exactly as ``odds`` prices it, and each bet's
figures (house edge, variance, hit frequency, element of risk) are read from
:func:`~baccarat_exact.stats.bet_stats`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product

from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.model.bets import Bet, with_main_bets
from baccarat_exact.model.catalogue import find_bet
from baccarat_exact.model.exact import exact_number
from baccarat_exact.model.games import find_game
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe
from baccarat_exact.pricing import odds
from baccarat_exact.stats import BetStats, bet_stats

__all__ = [
    "FIGURES",
    "Case",
    "Comparison",
    "compare",
    "figure_value",
    "parse_decks",
    "parse_figures",
    "parse_values",
]

FIGURES = ("house-edge", "variance", "hit-frequency", "element-of-risk")
"""The figures a comparison can show, as ``--figure`` names them."""


def figure_value(stats: BetStats, figure: str) -> Fraction | None:
    """One figure of a bet's statistics (``None``: the element of risk of a bet that
    never pushes, which is its house edge and is not shown twice)."""
    return {
        "house-edge": stats.house_edge,
        "variance": stats.variance,
        "hit-frequency": stats.hit_frequency,
        "element-of-risk": stats.element_of_risk,
    }[figure]


@dataclass(frozen=True, slots=True, kw_only=True)
class Case:
    """One cell row of the grid: a shoe, the rules, and each bet's figures."""

    decks: int | None
    """Whole decks in a fresh shoe (less the removed cards); ``None``: an infinite shoe."""
    game: str
    rules: Rules
    figures: dict[str, dict[str, Fraction | None]]
    """Bet name → figure name → exact value."""

    def __repr__(self) -> str:
        decks = "inf" if self.decks is None else self.decks
        return f"Case(decks={decks}, game={self.game!r}, rules={self.rules.game!r}, ...)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Comparison:
    """Every case of the grid, in the order the table lists them: by game, commission and
    tie pay, the number of decks changing fastest."""

    cases: tuple[Case, ...]
    bets: tuple[str, ...]
    figures: tuple[str, ...]
    remove: str = ""

    def __repr__(self) -> str:
        return f"Comparison({len(self.cases)} cases, bets={self.bets!r}, figures={self.figures!r})"


def parse_decks(text: str) -> tuple[int | None, ...]:
    """``--decks 1,2,4,6,8,inf`` → ``(1, 2, 4, 6, 8, None)`` (``None``: infinite).

    >>> parse_decks("1, 8,inf")
    (1, 8, None)
    >>> parse_decks("0")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.ShoeError: --decks takes whole numbers of decks from 1, or inf: got '0'
    """
    out: list[int | None] = []
    for item in _items(text, "--decks"):
        if item.lower() in ("inf", "infinite", "∞"):
            out.append(None)
            continue
        if not item.isdigit() or int(item) < 1:
            raise ShoeError(f"--decks takes whole numbers of decks from 1, or inf: got {item!r}")
        out.append(int(item))
    return tuple(dict.fromkeys(out))


def parse_values(text: str | None, what: str) -> tuple[Fraction | None, ...]:
    """``--commission 0.05,0.04`` → exact values; nothing given → ``(None,)`` (the game's own).

    >>> parse_values("5%, 1/25", "commission")
    (Fraction(1, 20), Fraction(1, 25))
    """
    if text is None:
        return (None,)
    return tuple(dict.fromkeys(exact_number(item, what) for item in _items(text, what)))


def parse_figures(text: str) -> tuple[str, ...]:
    """``--figure house-edge,variance`` → the figure names, checked.

    >>> parse_figures("house-edge, element-of-risk")
    ('house-edge', 'element-of-risk')
    """
    names = _items(text, "--figure")
    for name in names:
        if name not in FIGURES:
            raise RulesError(f"unknown figure {name!r}: choose from {', '.join(FIGURES)}")
    return tuple(dict.fromkeys(names))


def _items(text: str, what: str) -> list[str]:
    items = [item.strip() for item in text.split(",")]
    if not items or any(not item for item in items):
        raise RulesError(f"{what} takes a comma-separated list with no empty item: got {text!r}")
    return items


def _shoe(decks: int | None, remove: str) -> Shoe:
    if decks is None:
        if remove:
            raise ShoeError("an infinite shoe has no cards to remove: leave out --remove or inf")
        return Shoe.infinite_shoe()
    return Shoe.from_decks(decks).remove(remove)


def compare(
    decks: Sequence[int | None] = (1, 2, 4, 6, 8, None),
    games: Sequence[str] = ("punto-banco",),
    commissions: Sequence[Fraction | None] = (None,),
    tie_pays: Sequence[Fraction | None] = (None,),
    bets: Sequence[str] | Callable[[Rules], Sequence[Bet]] = (),
    figures: Sequence[str] = ("house-edge",),
    remove: str = "",
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """Each bet's ``figures`` in every case of decks × games × commissions × tie pays
    (``None`` decks: an infinite shoe; ``None`` commission or tie pay: the game's own).
    ``bets``: Banker, Player and Tie, and the catalogue bets named; or the bets to price
    under each case's rules (a function of them). ``progress`` is called with 1 after
    each case. Every case is priced by :func:`~baccarat_exact.pricing.odds`.

    >>> result = compare(decks=(8,), bets=("dragon-7",))
    >>> result.cases[0].figures["banker"]["house-edge"]
    Fraction(114753351728, 10847218479825)
    >>> result.bets
    ('banker', 'player', 'tie', 'dragon-7')
    """
    for figure in figures:
        if figure not in FIGURES:
            raise RulesError(f"unknown figure {figure!r}: choose from {', '.join(FIGURES)}")
    if callable(bets):
        chosen = bets
    else:
        names = tuple(bets)

        def chosen(rules: Rules) -> Sequence[Bet]:
            return with_main_bets(rules, [find_bet(name, rules) for name in names])

    cases: list[Case] = []
    for game, commission, tie in product(games, commissions, tie_pays):
        base = find_game(game).rules
        rules = replace(
            base,
            commission=base.commission if commission is None else commission,
            tie_pays=base.tie_pays if tie is None else tie,
        )
        priced = tuple(chosen(rules))
        for d in decks:
            cases.append(_price_case(d, rules, priced, figures, remove))
            if progress is not None:
                progress(1)
    names_priced = tuple(cases[0].figures) if cases else ()
    return Comparison(cases=tuple(cases), bets=names_priced, figures=tuple(figures), remove=remove)


def _price_case(
    decks: int | None,
    rules: Rules,
    bets: tuple[Bet, ...],
    figures: Sequence[str],
    remove: str,
) -> Case:
    """One case of a comparison: ``bets`` priced by :func:`~baccarat_exact.pricing.odds`
    on ``decks`` decks less ``remove`` (``None``: an infinite shoe) under ``rules``, and
    their ``figures``."""
    result = odds(_shoe(decks, remove), rules, bets)
    values = {r.name: {f: figure_value(bet_stats(r), f) for f in figures} for r in result.bets}
    return Case(decks=decks, game=rules.game, rules=rules, figures=values)
