"""Options several commands share, each declared once, and the groups that build an input.

A single shared option is an ``Annotated`` type (``FormatOption``, ``JobsOption``…)
that a command names as a parameter. A group of options that together build one input
of a request — the shoe, the rules, the bets — is an :class:`OptionGroup`: a function
whose parameters are the options, in typer's own way, and whose result is the input.
A command asks for groups with ``cls=grouped(SHOE, RULES, BETS)`` and reads what they
built with ``SHOE.value(ctx)``::

    @app.command("odds", cls=grouped(SHOE, RULES, BETS))
    def odds_command(ctx: typer.Context, fmt: FormatOption = Format.table) -> None:
        request = OddsRequest(shoe=SHOE.value(ctx), rules=RULES.value(ctx), ...)

The groups' options are ordinary click options of the command (its ``--help`` lists
them first), made by typer from the group's function; nothing rewrites a signature.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

import typer
import typer.core
import typer.main

from baccarat_exact.cli.common import fail
from baccarat_exact.commands.base import Context, Request, View
from baccarat_exact.commands.inputs import BetsInput, RulesInput, ShoeInput
from baccarat_exact.errors import BaccaratError
from baccarat_exact.report.model import Format

__all__ = [
    "BETS",
    "COUNT_SYSTEM_HELP",
    "DEPRECATED_OPTIONS",
    "RULES",
    "SHOE",
    "BankerOption",
    "BetsArgument",
    "BurnOption",
    "CountSystemOption",
    "CutCardOption",
    "FloatOption",
    "FormatOption",
    "JobsOption",
    "LevelOption",
    "MixOption",
    "OptionGroup",
    "PlayerOption",
    "PlotOption",
    "QuietOption",
    "SeedOption",
    "ShoesOption",
    "TableOption",
    "View",
    "answer",
    "command",
    "context",
    "grouped",
    "only_these",
    "renamed_options",
]

T = TypeVar("T")

_BUILT = "baccarat_exact.groups"
"""Where a command's context keeps the inputs its groups built."""


@dataclass(frozen=True)
class OptionGroup(Generic[T]):
    """Options declared once — the parameters of ``build`` — and the input they build."""

    name: str
    build: Callable[..., T]
    """Takes the options by name (typer declarations as its parameters' types)."""
    omit: frozenset[str] = field(default=frozenset())
    """Options of ``build`` a command does not offer (``build`` sees their defaults)."""

    def without(self, *names: str) -> OptionGroup[T]:
        """The group less some options."""
        return OptionGroup(self.name, self.build, self.omit | frozenset(names))

    def params(self) -> list[Any]:
        """The group's click options, as typer makes them from ``build``."""
        return [p for p in _params(self.build)[0] if p.name not in self.omit]

    def make(self, given: dict[str, Any]) -> T:
        """The input built from the options' parsed values."""
        convertors = _params(self.build)[1]
        return self.build(
            **{name: convertors[name](v) if name in convertors else v for name, v in given.items()}
        )

    def value(self, ctx: typer.Context) -> T:
        """What the group built for the command running in ``ctx``."""
        built: T = ctx.meta[_BUILT][self.name]
        return built


@functools.cache
def _params(build: Callable[..., Any]) -> tuple[list[Any], dict[str, Any]]:
    params, convertors, _ = typer.main.get_params_convertors_ctx_param_name_from_function(build)
    return params, convertors


DEPRECATED_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "--count-tags": ("--count-system", ("eor", "simulate")),
    "--rank-tags": ("--count-system", ("dragon-tiger eor", "dragon-tiger simulate")),
    "--count": ("--count-system", ("blackjack indices", "blackjack counting")),
    "--play-count": ("--play-count-system", ("blackjack counting",)),
}
"""Old spellings still read (for one release), each by the commands that had it: its new
spelling and those commands. A count system is ``--count-system`` in both games (0.3.0:
``--count-tags`` in baccarat, ``--rank-tags`` in Dragon Tiger, ``--count`` in blackjack),
never confusable with the shoe's ``--counts``. Hidden from help and docs; each use is one
``note:`` line on stderr."""


def renamed_options(args: list[str], command: str) -> list[str]:
    """``args`` of ``command`` (``"blackjack indices"``) with each deprecated spelling it
    had written as the new one, each with one ``note:`` line on stderr.

    :raises typer.Exit: (via :func:`fail`) when both spellings of one option are given.
    """
    from baccarat_exact.cli.output import echo

    result: list[str] = []
    for index, arg in enumerate(args):
        if arg == "--":
            return [*result, *args[index:]]
        old, sep, value = arg.partition("=")
        new, commands = DEPRECATED_OPTIONS.get(old, ("", ()))
        if command not in commands:
            result.append(arg)
            continue
        if any(a == new or a.startswith(new + "=") for a in args):
            raise fail(f"{old} is now {new}: give {new} only")
        echo(f"note: {old} is now {new} (the old spelling goes in the next release)", err=True)
        result.append(new + sep + value)
    return result


def _command_path(ctx: Any) -> str:
    """The command's words after the program's name (``"blackjack indices"``)."""
    names = []
    while ctx is not None and ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(reversed(names))


def grouped(*groups: OptionGroup[Any]) -> type[typer.core.TyperCommand]:
    """The click command class of a command that takes these groups' options (first in
    its help); the inputs they build are read with :meth:`OptionGroup.value`."""

    class GroupedCommand(typer.core.TyperCommand):
        def __init__(self, *, params: list[Any], **kwargs: Any) -> None:
            shared = [param for group in groups for param in group.params()]
            super().__init__(params=[*shared, *params], **kwargs)

        def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
            renamed = renamed_options(args, _command_path(ctx))
            parsed: list[str] = super().parse_args(ctx, renamed)
            return parsed

        def invoke(self, ctx: Any) -> Any:
            built: dict[str, Any] = {}
            for group in groups:
                names = [param.name for param in group.params() if param.name]
                given = {name: ctx.params.pop(name) for name in names if name in ctx.params}
                try:
                    built[group.name] = group.make(given)
                except BaccaratError as error:
                    raise fail(str(error)) from None
            ctx.meta[_BUILT] = built
            try:
                return super().invoke(ctx)
            except BaccaratError as error:
                raise fail(str(error)) from None

    return GroupedCommand


def context(
    *,
    quiet: bool = False,
    jobs: int = 1,
    cluster: str | None = None,
    cluster_security: str | None = None,
) -> Context:
    """How the command line runs a request: a progress bar on a terminal unless ``quiet``,
    on ``jobs`` processes here or on the Dask ``cluster`` at that address (with the TLS
    files ``cluster_security`` names)."""
    from baccarat_exact.cli.progress import progress, shown
    from baccarat_exact.tuning import for_batches, keep_freed_memory

    show = shown(quiet)
    return Context(
        jobs=jobs,
        cluster=cluster,
        cluster_security=cluster_security,
        progress=lambda steps, label: progress(steps, label, show),
        batches=for_batches,
        worker_setup=keep_freed_memory,  # the workers' processes tuned as this one is
    )


def answer(
    request: Request[Any],
    view: View,
    *,
    quiet: bool = False,
    jobs: int = 1,
    cluster: str | None = None,
    cluster_security: str | None = None,
) -> None:
    """Run ``request`` (:meth:`Request.run`: progress shown on a terminal unless ``quiet``,
    on ``jobs`` processes or a ``cluster``, with ``cluster_security``'s TLS files) and
    write its report as ``view`` shows it: the one path of every command from its options
    to its output. A piece of input skipped as bad is one ``Error:`` line on stderr as it
    is met, and exit code 2 at the end; a cluster reached in plain text over a network is
    one ``warning:`` line first."""
    from baccarat_exact.cli.common import emit
    from baccarat_exact.cli.output import echo
    from baccarat_exact.tuning import keep_freed_memory

    # every command that computes frees and takes again the same temporaries (a blackjack
    # solve: megabytes a graph); glibc's trimming would fault them in again page by page
    keep_freed_memory()
    if cluster is not None:
        from baccarat_exact.analysis.cluster import unencrypted_warning

        warning = unencrypted_warning(cluster)
        if warning is not None:
            echo(f"warning: {warning}", err=True)
    problems: list[str] = []

    def problem(text: str) -> None:
        problems.append(text)
        echo(f"Error: {text}", err=True)

    how = dataclasses.replace(
        context(quiet=quiet, jobs=jobs, cluster=cluster, cluster_security=cluster_security),
        problem=problem,
    )
    emit(request.run(how, view), view)
    if problems:
        raise typer.Exit(2)


# -- single options ---------------------------------------------------------------------

FormatOption = Annotated[
    Format,
    typer.Option(
        "--format",
        "-f",
        help="Output: table (rounded decimals shown), csv or json (exact values), markdown "
        "or latex.",
    ),
]
TableOption = Annotated[
    str | None,
    typer.Option(
        "--table",
        "-t",
        metavar="NAME",
        help="Only this table (csv: which one to write; default: the main one). A wrong "
        "name lists them.",
        show_default=False,
    ),
]
JobsOption = Annotated[
    int,
    typer.Option("--jobs", "-j", min=1, help="Processes to share the work (same results)."),
]
# -- betting by the count (simulate, blackjack counting) --------------------------------

RampOption = Annotated[
    str | None,
    typer.Option(
        "--ramp",
        metavar="TC:UNITS,...",
        help='Also bet a ramp by the true count (with every count): "2:1,4:2,6:4" bets 1 '
        "unit from true count 2, 2 from 4, 4 from 6, nothing below 2 (see --ramp-min).",
        show_default=False,
    ),
]
RampMinOption = Annotated[
    int,
    typer.Option(
        "--ramp-min", min=0, metavar="UNITS", help="Units bet below the ramp's first step."
    ),
]
WongOutOption = Annotated[
    str | None,
    typer.Option(
        "--wong-out",
        metavar="TC",
        help="No ramp or Kelly bet on a hand whose true count is below this.",
        show_default=False,
    ),
]
KellyOption = Annotated[
    str | None,
    typer.Option(
        "--kelly",
        metavar="BANKROLL",
        help="Also bet the Kelly ramp (each count's) for this bankroll (units): bankroll × "
        "advantage / variance at each true count, as measured on the same shoes (dealt "
        "twice), never less at a higher true count (counts whose bets fall are pooled: the "
        "non-decreasing ramp that grows the bankroll fastest), in whole units up to "
        "--max-bet.",
        show_default=False,
    ),
]
MaxBetOption = Annotated[
    int | None,
    typer.Option(
        "--max-bet",
        min=1,
        metavar="UNITS",
        help="The largest Kelly or optimal bet (with --kelly or --optimal-ror).",
        show_default=False,
    ),
]
BankrollOption = Annotated[
    str,
    typer.Option("--bankroll", metavar="UNITS", help="Units at risk, for the risk of ruin."),
]
OptimalRorOption = Annotated[
    str | None,
    typer.Option(
        "--optimal-ror",
        metavar="RISK",
        help="Also bet the optimal ramp for --bankroll at this risk of ruin (0.05 or 5%): "
        "the bets, up to --max-bet and made of --chips, that win most for that risk "
        "(the certainty equivalent), never less at a higher true count; measured on the "
        "same shoes, as --kelly is.",
        show_default=False,
    ),
]
ChipsOption = Annotated[
    str | None,
    typer.Option(
        "--chips",
        metavar="UNITS,...",
        help="The chips bets are made of (5,25,100): a --ramp must bet sums of them; Kelly "
        "bets are rounded to the nearest sum (a tie to the smaller), optimal bets chosen "
        "among them.",
        show_default=False,
    ),
]
TripHoursOption = Annotated[
    str | None,
    typer.Option(
        "--trip-hours",
        metavar="HOURS",
        help="A trip's length, for the risk of ruin within it (the planning table).",
        show_default=False,
    ),
]
GoalOption = Annotated[
    str | None,
    typer.Option(
        "--goal",
        metavar="UNITS",
        help="Units to win before the bankroll is lost: the chance of each first (within "
        "--trip-hours if given; the planning table).",
        show_default=False,
    ),
]
HANDS_PER_HOUR_HELP = "Rounds dealt an hour, for the figures per hour."
HandsPerHourOption = Annotated[
    int, typer.Option("--hands-per-hour", min=1, help=HANDS_PER_HOUR_HELP)
]
WongInOption = Annotated[
    str | None,
    typer.Option(
        "--wong-in",
        metavar="TC",
        help="Back-count: sit out until the true count reaches this, then play until the "
        "shoe ends or the true count falls below --wong-out (baccarat and Dragon Tiger: "
        "with --fast; blackjack: with --seats 2 or more, the others' rounds watched).",
        show_default=False,
    ),
]
ClusterOption = Annotated[
    str | None,
    typer.Option(
        "--cluster",
        metavar="ADDRESS",
        help="Run on a Dask cluster: a scheduler's address (tcp://host:8786), or local:N "
        "for N worker processes here (results do not depend on it; needs the extra "
        "'cluster').",
    ),
]
ClusterSecurityOption = Annotated[
    str | None,
    typer.Option(
        "--cluster-security",
        metavar="CA,CERT[,KEY]",
        help="TLS files (PEM) for a tls:// --cluster: the CA's certificate, this client's "
        "certificate and its key (default: Dask's own settings, distributed.comm.tls.* in "
        "its configuration or DASK_DISTRIBUTED__COMM__TLS__* variables).",
        show_default=False,
    ),
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
SeedOption = Annotated[
    int, typer.Option("--seed", min=0, help="Random seed: the same seed gives the same bytes.")
]
FloatOption = Annotated[
    bool,
    typer.Option(
        "--float",
        help="Float arithmetic for speed (results labelled float; exact is the default).",
    ),
]

ShoesOption = Annotated[int, typer.Option("--shoes", "-n", min=1, help="Shoes to deal.")]
CutCardOption = Annotated[
    int | None,
    typer.Option(
        "--cut-card",
        min=0,
        help="Cards behind the cut card (penetration = 1 − this / shoe; default: the "
        "game's, 16 cards in baccarat, a quarter of the shoe in blackjack).",
        show_default=False,
    ),
]
BurnOption = Annotated[
    str,
    typer.Option(
        "--burn",
        help="Cards burned at the start of each shoe: standard (the game's rule: baccarat "
        "burns as many as the first card's value, blackjack one, Dragon Tiger none), none, "
        "or a number.",
    ),
]
COUNT_SYSTEM_HELP = (
    "A count system, one syntax in both games: a published count by name (hi-lo at "
    'blackjack, dragon-7 at baccarat), tags CARD:TAG such as "A:-1,2:1,3:1,4:1,5:1,6:1,'
    'T:-1" (cards not named count 0), or NAME=TAGS. T tags every ten-value card (Dragon '
    "Tiger tags J Q K apart), unlike --counts, where T is the tens only."
)
"""The help of ``--count-system`` wherever a command takes one (a count of either game)."""
CountSystemOption = Annotated[
    str | None,
    typer.Option("--count-system", metavar="SYSTEM", help=COUNT_SYSTEM_HELP, show_default=False),
]
LevelOption = Annotated[
    int,
    typer.Option(
        "--level", min=1, max=9, help="Largest tag of the derived counts (Thorp's method)."
    ),
]
PlotOption = Annotated[
    Path | None,
    typer.Option(
        "--plot", metavar="FILE.png", help="Also draw a PNG chart (needs the plot extra)."
    ),
]

# -- a round in progress (odds, grid) ----

PlayerOption = Annotated[
    str | None,
    typer.Option(
        "--player",
        help="The Player's cards of the round seen so far, in order; ? for one dealt face "
        'down (e.g. "? K"). The shoe options give the shoe before the round.',
    ),
]
BankerOption = Annotated[
    str | None,
    typer.Option(
        "--banker",
        help="The Banker's cards seen so far, in order; ? for one face down (a ? third card "
        "means the Banker drew).",
    ),
]

# -- the shoe, the rules, the bets ------------------------------------------------------

DecksOption = Annotated[
    int | None,
    typer.Option(
        "--decks",
        "-d",
        help="Number of 52-card decks in the shoe (default 8).",
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
        help='The shoe\'s composition instead of decks: cards by rank "A=32,...,K=32" or by '
        'suit "As=8,Ah=8,..." (what is not named holds none).',
    ),
]
InfiniteOption = Annotated[
    bool,
    typer.Option(
        "--infinite",
        help="An infinite shoe: every card drawn with the probabilities of a full deck.",
    ),
]


def _shoe(
    decks: DecksOption = None,
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
) -> ShoeInput:
    return ShoeInput.given(decks, counts, remove, infinite)


SHOE = OptionGroup("shoe", _shoe)
"""``--decks --remove --counts --infinite`` → :class:`ShoeInput` (8 decks by default)."""

GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        help="Rule variant: punto-banco, tie-9, ez, super-6 (list: `baccarat-exact games`).",
    ),
]
CommissionOption = Annotated[
    str | None,
    typer.Option(
        "--commission",
        help="Commission on Banker wins, e.g. 0.05, 5% or 1/20 (default: the game's, 5%).",
        show_default=False,
    ),
]
TiePaysOption = Annotated[
    str | None,
    typer.Option(
        "--tie-pays",
        help="What Tie pays to 1, e.g. 8 or 9 (default: the game's, 8).",
        show_default=False,
    ),
]


def _rules(
    game: GameOption = "punto-banco",
    commission: CommissionOption = None,
    tie_pays: TiePaysOption = None,
) -> RulesInput:
    return RulesInput(game=game, commission=commission, tie_pays=tie_pays)


RULES = OptionGroup("rules", _rules)
"""``--game --commission --tie-pays`` → :class:`RulesInput`."""

BetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--bet",
        "-b",
        help="Also price this bet; repeat for more (list: `baccarat-exact bets`).",
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


def _bets(bet: BetOption = None, bets_file: BetsFileOption = None) -> BetsInput:
    from baccarat_exact.commands.inputs import bets_file_definitions

    definitions = bets_file_definitions(bets_file) if bets_file else {}
    return BetsInput(names=tuple(bet or ()), definitions=definitions)


BETS = OptionGroup("bets", _bets)
"""``--bet --bets-file`` → :class:`BetsInput` (the main bets and the game's side bets too)."""

MixOption = Annotated[
    str | None,
    typer.Option(
        "--mix",
        help='Shares of the handle by bet, e.g. "banker=45,player=40,tie=5,dragon-7=10": '
        "report: the theoretical hold, its SD with every covariance, its interval after each "
        "--rounds; programs: the cash-chip programs and rebates of the mix.",
        show_default=False,
    ),
]
"""``--mix``: a bet mix, shares of the handle (report, programs)."""

BetsArgument = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="[BETS]...",
        help="Only these bets (and those of --bet and --bets-file): catalogue names "
        "(`baccarat-exact bets`) or bets of --bets-file.",
        show_default=False,
    ),
]
"""The positional BETS of the commands that took their bets so before ``--bet``."""


def only_these(bets: BetsInput, named: list[str] | None) -> BetsInput:
    """``bets`` (from :data:`BETS`) with a positional BETS argument: just the bets named
    there, with those of ``--bet`` and ``--bets-file``, recorded as ``only_named``."""
    if not named:
        return bets
    return dataclasses.replace(bets, names=(*named, *bets.names), only_named=True)


@dataclass(frozen=True)
class Command:
    """A command's function and the option groups it takes, to be mounted on an app."""

    function: Callable[..., Any]
    groups: tuple[OptionGroup[Any], ...] = ()
    cls: type[typer.core.TyperCommand] | None = None
    """A click command class of the command's own (no groups then)."""

    def mount(self, app: typer.Typer, name: str) -> None:
        """Add the command to ``app`` as ``name``."""
        app.command(name, cls=self.cls or grouped(*self.groups))(self.function)


def command(*groups: OptionGroup[Any]) -> Callable[[Callable[..., Any]], Command]:
    """Declare a command that takes these groups' options (see :func:`grouped`)."""

    def declare(function: Callable[..., Any]) -> Command:
        return Command(function, groups)

    return declare
