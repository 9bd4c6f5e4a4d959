"""Every command-line option, declared once, and the option groups that build a value.

A command asks for the values it needs — a shoe, rules, bets — by naming a group
in :func:`command`; the group's options appear in the command's ``--help``, and
the command body receives what they build::

    @command(shoe=SHOE, rules=RULES, bets=BETS)
    def odds_command(shoe: Shoe, rules: Rules, bets: tuple[Bet, ...], fmt: FormatOption = ...)

So each option is written here once, each way of building a shoe or rules from
options is written once, and a command module holds only its own options.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from baccarat_exact.cli.common import handle_errors
from baccarat_exact.errors import RulesError, ShoeError
from baccarat_exact.model.bets import main_bets
from baccarat_exact.model.exact import exact_number
from baccarat_exact.model.games import find_game, find_rules
from baccarat_exact.model.rules import Rules
from baccarat_exact.model.shoe import Shoe

if TYPE_CHECKING:
    from baccarat_exact.blackjack.rules import BlackjackRules
    from baccarat_exact.model.bets import Bet

__all__ = [
    "BETS",
    "BJ_RULES",
    "BJ_SHOE",
    "BJ_SIMULATION_RULES",
    "NAMED_BETS",
    "RULES",
    "SHOE",
    "BetsFileOption",
    "FloatOption",
    "GameOption",
    "OptionGroup",
    "PlotOption",
    "RemoveOption",
    "command",
    "decks_option",
    "shoe_from_options",
]

F = TypeVar("F", bound=Callable[..., Any])


# -- the shoe --------------------------------------------------------------------------


def decks_option(default: int, game: str = "") -> Any:
    """``--decks``: whole decks in a fresh shoe, with the game's default in the help."""
    return Annotated[
        int | None,
        typer.Option(
            "--decks",
            "-d",
            help=f"Number of 52-card decks in the shoe (default {default}{game}).",
            show_default=False,
        ),
    ]


RemoveOption = Annotated[
    str,
    typer.Option(
        "--remove",
        "-r",
        help='Cards already dealt, taken out of the shoe: e.g. "5x3 K 9 As" (A 2-9 T/10 J Q K, '
        "suit s h d c where seen, xN for N copies).",
    ),
]
CountsOption = Annotated[
    str | None,
    typer.Option(
        "--counts",
        help='Explicit composition instead of decks: cards by rank "A=32,...,K=32" or by suit '
        '"As=8,Ah=8,..." (what is not named holds none).',
    ),
]
InfiniteOption = Annotated[
    bool,
    typer.Option(
        "--infinite",
        help="An infinite shoe: every card drawn with the probabilities of a full deck.",
    ),
]

# -- baccarat rules and bets -----------------------------------------------------------


def _unless_given(kind: Any, declaration: str, text: str) -> Any:
    """An option left as the rule set has it unless given: a ``kind`` or ``None``."""
    return Annotated[kind | None, typer.Option(declaration, help=text, show_default=False)]


GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        help="Rule variant: punto-banco, tie-9, ez, super-6 (list: `baccarat-exact games`).",
    ),
]
CommissionOption = _unless_given(
    str, "--commission", "Commission on Banker wins, e.g. 0.05, 5% or 1/20 (default 5%)."
)
TiePaysOption = _unless_given(str, "--tie-pays", "What Tie pays to 1, e.g. 8 or 9 (default 8).")
BetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--bet",
        "-b",
        help="Also price this side bet; repeat for more (list: `baccarat-exact bets`).",
        show_default=False,
    ),
]
BetsFileOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--bets-file",
        help="Also price the bets defined in this TOML file; repeatable (docs/custom-bets.md).",
        show_default=False,
    ),
]
BetsArgument = Annotated[
    list[str] | None,
    typer.Argument(
        help="Bets (default: banker player tie and the game's side bets): catalogue names "
        "(`baccarat-exact bets`) or bets of --bets-file.",
        show_default=False,
    ),
]

# -- card counting and charts ----------------------------------------------------------

PlotOption = Annotated[
    str | None,
    typer.Option(
        "--plot", metavar="FILE.png", help="Also draw a PNG chart (needs the plot extra)."
    ),
]

# -- blackjack rules -------------------------------------------------------------------


BjBaseOption = Annotated[
    str,
    typer.Option(
        "--rules",
        help="Base rule set: european-777 (the casino's), us, las-vegas-strip, atlantic-city, "
        "single-deck-6-5 (list: `blackjack rulesets`); the options below change it.",
    ),
]
H17Option = _unless_given(bool, "--h17/--s17", "Dealer hits / stands on soft 17 (casino: stands).")
HoleCardOption = _unless_given(
    bool,
    "--hole-card/--no-hole-card",
    "Dealer takes a hole card and peeks for blackjack (US) / one card only (casino).",
)
DealerTakesOption = _unless_given(
    str,
    "--dealer-bj-takes",
    "Without a hole card, a dealer blackjack takes 'all' stakes or the 'original' only "
    "(casino: all).",
)
DasOption = _unless_given(bool, "--das/--no-das", "Double after split allowed (casino: no).")
HitSplitAcesOption = _unless_given(
    bool,
    "--hit-split-aces/--one-card-split-aces",
    "Split aces may be hit / get one card each (casino: may be hit).",
)
TripleSevenOption = _unless_given(
    bool, "--triple-seven/--no-triple-seven", "Triple Seven bonus on or off (casino: on)."
)
SevenDoubleOption = _unless_given(
    bool,
    "--triple-seven-double/--no-triple-seven-double",
    "Triple Seven counts when the third 7 comes on a double (casino: yes).",
)
SevenSplitOption = _unless_given(
    bool,
    "--triple-seven-split/--no-triple-seven-split",
    "Triple Seven counts on split hands (casino: no).",
)
BjPaysOption = _unless_given(
    str, "--blackjack-pays", "What a blackjack pays to 1: 3/2, 6/5, 1.5 … (casino: 3/2)."
)
SevenPaysOption = _unless_given(
    str, "--triple-seven-pays", "What a Triple Seven pays to 1 (casino: 3/2)."
)
SurrenderOption = _unless_given(
    str,
    "--surrender",
    "none, late (after the dealer checks for blackjack) or early (against the up card, "
    "half lost whatever he draws) (casino: none).",
)
DoubleOption = _unless_given(
    str, "--double", "Two-card hands that may double: any, 9-11 or 10-11 (hard) (casino: any)."
)
DoubleSplitAcesOption = _unless_given(
    bool,
    "--double-split-aces/--no-double-split-aces",
    "A split ace with its second card may double (needs --das) (casino: no).",
)
SplitHandsOption = _unless_given(
    int, "--split-hands", "Most hands a pair may become: 2, 3 or 4 (casino: 2, split once)."
)
ResplitAcesOption = _unless_given(
    bool,
    "--resplit-aces/--no-resplit-aces",
    "Split aces may be split again (needs --split-hands 3 or 4) (casino: no).",
)
SplitByOption = _unless_given(
    str, "--split-by", "A pair: two cards of equal value (T J Q K alike) or rank (casino: value)."
)
FloatOption = Annotated[
    bool,
    typer.Option(
        "--float",
        help="Float arithmetic for speed (results labelled float, agree with exact to 1e-12).",
    ),
]

# -- groups: options that build one value ----------------------------------------------


@dataclass(frozen=True, slots=True)
class OptionGroup:
    """Options declared once and the value they build.

    ``build`` takes the options' values by name, and may also ask for any other option
    of the command or a value an earlier group built (by the name the command gives it).
    """

    options: Mapping[str, tuple[Any, Any]]
    """Parameter name → (annotated type, default), in ``--help`` order."""
    build: Callable[..., Any]

    def without(self, *names: str) -> OptionGroup:
        """The group less some options (the builder then sees their defaults)."""
        return OptionGroup({k: v for k, v in self.options.items() if k not in names}, self.build)

    def but(self, **options: tuple[Any, Any]) -> OptionGroup:
        """The group with some options declared otherwise (other help, another default)."""
        return OptionGroup({**self.options, **options}, self.build)


def command(**groups: OptionGroup) -> Callable[[F], F]:
    """Give a command body the values its option groups build, and their options to typer.

    The body's parameters named like a group are replaced, in ``--help``, by the group's
    options; every other parameter stays as declared. The body runs under
    :func:`~baccarat_exact.cli.common.handle_errors`.
    """

    def decorate(body: F) -> F:
        own = inspect.signature(body).parameters
        params: list[inspect.Parameter] = []
        for name, param in own.items():
            if name in groups:
                params.extend(
                    inspect.Parameter(
                        option, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind
                    )
                    for option, (kind, default) in groups[name].options.items()
                )
                continue
            kind = param.annotation  # evaluated here: typer reads the new signature as it is
            if isinstance(kind, str):
                kind = eval(kind, body.__globals__)
            params.append(param.replace(kind=inspect.Parameter.KEYWORD_ONLY, annotation=kind))

        @functools.wraps(body)
        @handle_errors
        def run(**given: Any) -> Any:
            values = dict(given)
            for name, group in groups.items():
                wanted = inspect.signature(group.build).parameters
                values[name] = group.build(**{k: values[k] for k in wanted if k in values})
            return body(**{name: values[name] for name in own})

        run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        run.__annotations__ = {}
        del run.__wrapped__  # typer reads the signature above, not the body's
        return run  # type: ignore[return-value]

    return decorate


def shoe_from_options(
    decks: int | None = None,
    remove: str = "",
    counts: str | None = None,
    infinite: bool = False,
    default_decks: int = 8,
) -> Shoe:
    """The shoe the options describe (``default_decks`` when no shoe option is given);
    conflicting options are an error."""
    chosen = [
        name
        for name, given in (
            ("--decks", decks is not None),
            ("--counts", counts is not None),
            ("--infinite", infinite),
        )
        if given
    ]
    if len(chosen) > 1:
        raise ShoeError(f"{' and '.join(chosen)} conflict: give only one way to build the shoe")
    if infinite:
        if remove.strip():
            raise ShoeError("--remove and --infinite conflict: an infinite shoe never runs out")
        return Shoe.infinite_shoe()
    shoe = (
        Shoe.parse(counts)
        if counts is not None
        else Shoe.from_decks(default_decks if decks is None else decks)
    )
    return shoe.remove(remove)


def _rules(
    game: str = "punto-banco", commission: str | None = None, tie_pays: str | None = None
) -> Rules:
    """The named game's rules with the commission and tie pay overridden."""
    rules = find_rules(game)
    if commission is None and tie_pays is None:
        return rules
    return replace(
        rules,
        commission=rules.commission
        if commission is None
        else exact_number(commission, "commission"),
        tie_pays=rules.tie_pays if tie_pays is None else exact_number(tie_pays, "tie pay"),
    )


def _bets(
    rules: Rules,
    game: str | None = None,
    bet: list[str] | None = None,
    bets_file: list[Path] | None = None,
    bets: list[str] | None = None,
) -> tuple[Bet, ...]:
    """Banker, Player, Tie, the game's own side bets, ``--bet`` and ``--bets-file`` bets;
    with a ``BETS`` argument, just the bets named (and those of the files)."""
    if not (bet or bets_file or bets or (game and find_game(game).side_bets)):
        return main_bets(rules)  # the catalogue and the TOML reader need not load
    from baccarat_exact.model.selection import select_bets

    if bets:
        return select_bets(rules, bets, bets_file or (), game, exactly=True)
    return select_bets(rules, bet or (), bets_file or (), game)


SHOE = OptionGroup(
    {
        "decks": (decks_option(8), None),
        "remove": (RemoveOption, ""),
        "counts": (CountsOption, None),
        "infinite": (InfiniteOption, False),
    },
    shoe_from_options,
)
"""``--decks --remove --counts --infinite`` → a :class:`~baccarat_exact.model.shoe.Shoe`."""

RULES = OptionGroup(
    {
        "game": (GameOption, "punto-banco"),
        "commission": (CommissionOption, None),
        "tie_pays": (TiePaysOption, None),
    },
    _rules,
)
"""``--game --commission --tie-pays`` → :class:`~baccarat_exact.model.rules.Rules`."""

BETS = OptionGroup({"bet": (BetOption, None), "bets_file": (BetsFileOption, None)}, _bets)
"""``--bet --bets-file`` (and the game's own side bets) → the bets to price, main bets first
(needs ``rules``)."""


NAMED_BETS = OptionGroup({"bets": (BetsArgument, None), "bets_file": (BetsFileOption, None)}, _bets)
"""``[BETS]... --bets-file`` → the bets named, or main and game bets (needs ``rules``)."""


def _blackjack_rules(
    base: str = "european-777",
    decks: int | None = None,
    h17: bool | None = None,
    hole_card: bool | None = None,
    dealer_bj_takes: str | None = None,
    das: bool | None = None,
    hit_split_aces: bool | None = None,
    triple_seven: bool | None = None,
    seven_double: bool | None = None,
    seven_split: bool | None = None,
    blackjack_pays: str | None = None,
    seven_pays: str | None = None,
    surrender: str | None = None,
    double: str | None = None,
    double_split_aces: bool | None = None,
    split_hands: int | None = None,
    resplit_aces: bool | None = None,
    split_by: str | None = None,
) -> BlackjackRules:
    """The named base rule set with every option given overridden."""
    from baccarat_exact.blackjack.rules import (
        BlackjackRules,
        DealerBlackjackTakes,
        DoubleRule,
        SplitBy,
        Surrender,
        find_rules,
    )

    rules = find_rules(base)
    changes: dict[str, Any] = {
        name: value
        for name, value in (
            ("decks", decks),
            ("dealer_hits_soft_17", h17),
            ("hole_card", hole_card),
            ("double_after_split", das),
            ("hit_split_aces", hit_split_aces),
            ("triple_seven", triple_seven),
            ("triple_seven_on_double", seven_double),
            ("triple_seven_on_split", seven_split),
            ("double_split_aces", double_split_aces),
            ("split_hands", split_hands),
            ("resplit_aces", resplit_aces),
        )
        if value is not None
    }
    for name, flag, text, kind in (
        ("surrender", "--surrender", surrender, Surrender),
        ("double", "--double", double, DoubleRule),
        ("split_by", "--split-by", split_by, SplitBy),
    ):
        if text is not None:
            try:
                changes[name] = kind(text.strip().lower())
            except ValueError:
                allowed = ", ".join(item.value for item in kind)
                raise RulesError(f"{flag} must be one of {allowed}, got {text!r}") from None
    if dealer_bj_takes is not None:
        try:
            changes["dealer_blackjack_takes"] = DealerBlackjackTakes(
                dealer_bj_takes.strip().lower()
            )
        except ValueError:
            raise RulesError(
                f"--dealer-bj-takes must be 'all' or 'original', got {dealer_bj_takes!r}"
            ) from None
    for name, text, what in (
        ("blackjack_pays", blackjack_pays, "the blackjack pay"),
        ("triple_seven_pays", seven_pays, "the Triple Seven pay"),
    ):
        if text is not None:
            pay = exact_number(text, what, example="3/2, 3:2 or 1.5")
            if pay < 0:
                raise RulesError(f"{what} must not be negative, got {text!r}")
            changes[name] = pay
    fields = {name: getattr(rules, name) for name in rules.__dataclass_fields__}
    fields.update(changes)
    return BlackjackRules(**fields)


def _blackjack_shoe(
    rules: BlackjackRules,
    decks: int | None = None,
    remove: str = "",
    counts: str | None = None,
    infinite: bool = False,
) -> Shoe:
    """The blackjack shoe: the rules' decks, a composition or an infinite shoe, less ``remove``."""
    return shoe_from_options(decks, remove, counts, infinite, default_decks=rules.decks)


BJ_RULES = OptionGroup(
    {
        "decks": (decks_option(6, ", the casino's reading"), None),
        "base": (BjBaseOption, "european-777"),
        "h17": (H17Option, None),
        "hole_card": (HoleCardOption, None),
        "dealer_bj_takes": (DealerTakesOption, None),
        "das": (DasOption, None),
        "hit_split_aces": (HitSplitAcesOption, None),
        "triple_seven": (TripleSevenOption, None),
        "seven_double": (SevenDoubleOption, None),
        "seven_split": (SevenSplitOption, None),
        "blackjack_pays": (BjPaysOption, None),
        "seven_pays": (SevenPaysOption, None),
        "surrender": (SurrenderOption, None),
        "double": (DoubleOption, None),
        "double_split_aces": (DoubleSplitAcesOption, None),
        "split_hands": (SplitHandsOption, None),
        "resplit_aces": (ResplitAcesOption, None),
        "split_by": (SplitByOption, None),
    },
    _blackjack_rules,
)
"""Every blackjack rule option → :class:`~baccarat_exact.blackjack.rules.BlackjackRules`."""

BJ_SHOE = OptionGroup(SHOE.without("decks").options, _blackjack_shoe)
"""``--remove --counts --infinite`` (with the rules' ``--decks``) → the blackjack shoe
(needs ``rules``)."""


def _simulation_rules(**given: Any) -> BlackjackRules:
    """The rules the options give, with 1 deck unless ``--decks`` says otherwise."""
    if given.get("decks") is None:
        given["decks"] = 1
    return _blackjack_rules(**given)


_simulation_rules.__signature__ = inspect.signature(_blackjack_rules)  # type: ignore[attr-defined]

BJ_SIMULATION_RULES = OptionGroup(
    BJ_RULES.but(decks=(decks_option(1, " here: every round is an exact solve"), None)).options,
    _simulation_rules,
)
"""As :data:`BJ_RULES`, but 1 deck by default: ``blackjack simulate`` solves every round."""
