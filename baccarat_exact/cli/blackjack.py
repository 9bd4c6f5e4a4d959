"""``baccarat-exact blackjack …``: the casino's blackjack, exactly (a thin typer layer).

Mounted by the main CLI with ``app.add_typer(blackjack_app, name="blackjack")``. Each
command builds its request (:mod:`baccarat_exact.commands.blackjack`) from the rules
options (:data:`BJ_RULES`, made from each rule's declaration on its field of
:class:`~baccarat_exact.blackjack.rules.BlackjackRules`; a command whose figures do not
depend on some rules does not offer them), the shoe options (:data:`BJ_SHOE`) and its
own, and answers it; the solvers are imported when a request runs (start-up time).
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import typer

from baccarat_exact.blackjack.rules import RuleOption, rule_options
from baccarat_exact.cli.report import (
    ConfidenceOption,
    HtmlOption,
    LossOption,
    RoundsOption,
)
from baccarat_exact.cli.shared import (
    COUNT_SYSTEM_HELP,
    HANDS_PER_HOUR_HELP,
    BankrollOption,
    BurnOption,
    ChipsOption,
    ClusterOption,
    ClusterSecurityOption,
    CountsOption,
    CutCardOption,
    FloatOption,
    FormatOption,
    GoalOption,
    InfiniteOption,
    JobsOption,
    KellyOption,
    LevelOption,
    MaxBetOption,
    OptimalRorOption,
    OptionGroup,
    QuietOption,
    RampMinOption,
    RampOption,
    RemoveOption,
    SeedOption,
    ShoesOption,
    TableOption,
    TripHoursOption,
    View,
    WongInOption,
    WongOutOption,
    answer,
    grouped,
)
from baccarat_exact.commands.blackjack.inputs import (
    ALL_RULES,
    DEALER_RULES,
    INSURANCE_RULES,
    BlackjackRulesInput,
)
from baccarat_exact.commands.inputs import ShoeInput
from baccarat_exact.report.model import Format

__all__ = ["BJ_RULES", "BJ_SHOE", "app", "rules_options"]

app = typer.Typer(
    name="blackjack",
    help="Blackjack, exactly: the casino's game (one-card dealer, S17, Triple Seven) or any "
    "common rule set; dealer odds, hand decisions, house edge and basic strategy.",
    no_args_is_help=True,
)

# -- the rules ----------------------------------------------------------------------------


RulesetOption = Annotated[
    str,
    typer.Option(
        "--rules",
        help="Base rule set: european-777 (the casino's), us, las-vegas-strip, atlantic-city, "
        "single-deck-6-5, or an alias (list: `blackjack rulesets`); the options below "
        "change it.",
    ),
]


def _rule_parameter(option: RuleOption) -> inspect.Parameter:
    """A rule's option, as typer reads it from a parameter (the request's input by name)."""
    first, *more = option.flags
    least = None if option.choices else option.minimum  # a few values: the request says which
    declared = typer.Option(first, *more, help=option.help, show_default=False, min=least)
    return inspect.Parameter(
        option.input,
        inspect.Parameter.KEYWORD_ONLY,
        default=None,
        annotation=Annotated[option.given_as | None, declared],
    )


def rules_options(
    inputs: type[BlackjackRulesInput] = BlackjackRulesInput,
) -> OptionGroup[BlackjackRulesInput]:
    """``--rules`` and an option for every rule ``inputs`` takes, each as the rule declares
    it (:func:`~baccarat_exact.blackjack.rules.rule_options`) → an ``inputs``."""

    def build(ruleset: RulesetOption = "european-777", **given: Any) -> BlackjackRulesInput:
        return inputs(ruleset=ruleset, **given)

    base = inspect.signature(build).parameters["ruleset"].replace(annotation=RulesetOption)
    parameters = [base, *(_rule_parameter(option) for option in rule_options(inputs.GAME))]
    build.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    return OptionGroup("rules", build)


BJ_RULES = rules_options()
"""``--rules`` and every rule option → :class:`BlackjackRulesInput` (the decks among them)."""


def _only(names: tuple[str, ...]) -> OptionGroup[BlackjackRulesInput]:
    """The rules options less those a command's figures do not depend on."""
    return BJ_RULES.without(*(name for name in ALL_RULES if name not in names))


def _shoe(
    remove: RemoveOption = "",
    counts: CountsOption = None,
    infinite: InfiniteOption = False,
) -> ShoeInput:
    return ShoeInput(counts=counts, remove=remove, infinite=infinite)


BJ_SHOE = OptionGroup("shoe", _shoe)
"""``--remove --counts --infinite`` → :class:`ShoeInput` (its decks are the rules')."""

UpOption = Annotated[str, typer.Option("--up", "-u", help="The dealer's up card (A 2-9 T J Q K).")]
CardsArgument = Annotated[
    str, typer.Argument(help='The player\'s cards, e.g. "T 6" or "7,7" (at least two).')
]


# -- the commands ----------------------------------------------------------------------


@app.command("rules", cls=grouped(BJ_RULES))
def rules_command(
    ctx: typer.Context, fmt: FormatOption = Format.table, table: TableOption = None
) -> None:
    """Print the blackjack rules in force: every option, its value and the casino's default."""
    from baccarat_exact.commands.blackjack import BlackjackRulesRequest

    answer(BlackjackRulesRequest(rules=BJ_RULES.value(ctx)), View(fmt, table))


@app.command("rulesets", cls=grouped())
def rulesets_command(
    names: Annotated[
        list[str] | None,
        typer.Argument(
            help="Only these rule sets, by name or alias (default: every one).",
            show_default=False,
        ),
    ] = None,
    use_float: FloatOption = False,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The built-in rule sets (--rules NAME) with their aliases, each with its house edge on a
    fresh shoe."""
    from baccarat_exact.commands.blackjack import BlackjackRulesetsRequest

    request = BlackjackRulesetsRequest(names=tuple(names or ()), exact=not use_float)
    answer(request, View(fmt, table), quiet=quiet)


@app.command("dealer", cls=grouped(_only(DEALER_RULES), BJ_SHOE))
def dealer_command(
    ctx: typer.Context,
    up: Annotated[
        str | None, typer.Option("--up", "-u", help="Only this up card (A 2-9 T J Q K).")
    ] = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact probabilities of the dealer's final hand (17-21, bust, blackjack) for each up card."""
    from baccarat_exact.commands.blackjack import BlackjackDealerRequest

    request = BlackjackDealerRequest(shoe=BJ_SHOE.value(ctx), rules=BJ_RULES.value(ctx), up=up)
    answer(request, View(fmt, table))


@app.command("hand", cls=grouped(BJ_RULES, BJ_SHOE))
def hand_command(
    ctx: typer.Context,
    cards: CardsArgument,
    up: UpOption,
    use_float: FloatOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact EV of stand, hit, double, split and surrender for a hand against an up card, and
    the best move.

    The up card and the hand come out of the shoe (after --remove). Of moves worth exactly
    the same, the best is the first of stand, hit, double, surrender, split.
    """
    from baccarat_exact.commands.blackjack import BlackjackHandRequest

    request = BlackjackHandRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        cards=cards,
        up=up,
        exact=not use_float,
    )
    answer(request, View(fmt, table))


@app.command("insurance", cls=grouped(_only(INSURANCE_RULES), BJ_SHOE))
def insurance_command(
    ctx: typer.Context,
    cards: Annotated[
        str | None,
        typer.Argument(
            help='The player\'s cards, counted out of the shoe too (e.g. "T 9").',
            show_default=False,
        ),
    ] = None,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact EV of insurance and even money against a dealer ace, and whether to take them.

    The dealer's ace (and the player's CARDS) come out of the shoe (after --remove).
    """
    from baccarat_exact.commands.blackjack import BlackjackInsuranceRequest

    request = BlackjackInsuranceRequest(
        shoe=BJ_SHOE.value(ctx), rules=BJ_RULES.value(ctx), cards=cards
    )
    answer(request, View(fmt, table))


@app.command("edge", cls=grouped(BJ_RULES, BJ_SHOE))
def edge_command(
    ctx: typer.Context,
    option_values: Annotated[
        bool,
        typer.Option(
            "--option-values",
            help="Also price every rule option by flipping it alone (slower: one solve each).",
        ),
    ] = False,
    use_float: FloatOption = False,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Exact house edge of a round: composition-dependent optimal play and the derived basic
    strategy, with each up card's share."""
    from baccarat_exact.commands.blackjack import BlackjackEdgeRequest

    request = BlackjackEdgeRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        option_values=option_values,
        exact=not use_float,
    )
    answer(request, View(fmt, table), quiet=quiet)


@app.command("eor", cls=grouped(BJ_RULES, BJ_SHOE))
def eor_command(
    ctx: typer.Context,
    level: LevelOption = 2,
    chart: Annotated[
        str,
        typer.Option(
            "--chart",
            help="How the basic strategy plays each shoe less a card: own (the chart "
            "derived for that shoe) or fixed (the whole shoe's chart held fixed, the "
            "linear theory's definition: the card-weighted effects sum to zero). "
            "Optimal play always adjusts to the card.",
        ),
    ] = "own",
    use_float: FloatOption = False,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Effect of removal: the exact change in the round's value when one card of each value
    leaves the shoe, and the balanced count it suggests (eleven solves: slow exact)."""
    from baccarat_exact.commands.blackjack import BlackjackEorRequest

    request = BlackjackEorRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        level=level,
        chart=chart,
        exact=not use_float,
    )
    answer(request, View(fmt, table), quiet=quiet)


@app.command("strategy", cls=grouped(BJ_RULES, BJ_SHOE))
def strategy_command(
    ctx: typer.Context,
    use_float: FloatOption = False,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The total-dependent basic strategy for the rules and shoe, as a chart, with its exact
    value."""
    from baccarat_exact.commands.blackjack import BlackjackStrategyRequest

    request = BlackjackStrategyRequest(
        shoe=BJ_SHOE.value(ctx), rules=BJ_RULES.value(ctx), exact=not use_float
    )
    answer(request, View(fmt, table), quiet=quiet)


StrategyOption = Annotated[
    str,
    typer.Option(
        "--strategy", help="optimal (composition-dependent), basic (the derived chart) or both."
    ),
]


@app.command("round", cls=grouped(BJ_RULES, BJ_SHOE))
def round_command(
    ctx: typer.Context,
    strategy: StrategyOption = "both",
    use_float: FloatOption = False,
    jobs: JobsOption = 1,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The round's net result: exact EV, variance, standard deviation, win/push/lose and the
    probability of each net amount (doubles, splits, 3:2, surrender), per strategy.

    Every probability is exact, split rounds too (every hand and the dealer jointly):
    seconds of CPU for six decks, about half with --float (a progress bar shows the time
    left on a terminal); --jobs shares it out.
    With resplits (--split-hands 3|4) the hands play as edge values them, and their joint
    law takes far longer, the more so with four hands: the run is estimated first (each up
    card solved, the split rounds counted), said on stderr past a minute and refused past
    a day. Of moves
    worth exactly the same, the first of stand, hit, double, surrender, split is played:
    the order changes the law, never the EV.
    """
    from baccarat_exact.cli.output import echo
    from baccarat_exact.commands.blackjack import BlackjackRoundRequest

    request = BlackjackRoundRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        strategy=strategy,
        exact=not use_float,
    )
    request.check()
    note = request.long_run(jobs)
    if note is not None:
        echo(f"note: {note}", err=True)
    answer(request, View(fmt, table), quiet=quiet, jobs=jobs)


@app.command("report", cls=grouped(BJ_RULES, BJ_SHOE))
def report_command(
    ctx: typer.Context,
    strategy: StrategyOption = "both",
    rounds: RoundsOption = "100,1000,10000,100000",
    confidence: ConfidenceOption = "90,95,99",
    loss: LossOption = "10%",
    html: HtmlOption = None,
    use_float: FloatOption = False,
    jobs: JobsOption = 1,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """The math report (PAR sheet) of a rule set: per strategy, the house edge, the law of
    the round's net result (each amount's probability, 1 in N), hit frequency, push, SD,
    volatility index, and where the average result falls after N rounds.

    The round's law is `blackjack round`'s (as long to find: seconds of CPU for the
    casino's six decks, about half with --float; --jobs shares it out). After N rounds, each
    dealt from a freshly shuffled shoe, the law of the total is convolved from one
    round's: exactly while its fractions stay short, else in floating point (marked
    "float"), with the normal approximation beside it. --format markdown writes the
    report as pages; --html FILE writes them as HTML, with charts. Every page carries a
    fingerprint of the request and the tool's version.
    """
    from baccarat_exact.commands.blackjack import BlackjackReportRequest

    request = BlackjackReportRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        strategy=strategy,
        rounds=rounds,
        confidence=confidence,
        loss=loss,
        exact=not use_float,
    )
    answer(request, View(fmt, table, html=html), quiet=quiet, jobs=jobs)


@app.command("simulate", cls=grouped(BJ_RULES, BJ_SHOE.without("remove", "infinite")))
def simulate_command(
    ctx: typer.Context,
    shoes: ShoesOption = 10,
    seed: SeedOption = 0,
    burn: BurnOption = "standard",
    cut_card: CutCardOption = None,
    use_float: FloatOption = False,
    jobs: JobsOption = 1,
    cluster: ClusterOption = None,
    cluster_security: ClusterSecurityOption = None,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Deal shuffled shoes to the cut card and compute the exact EV of the next round before
    every round; how often the player has the edge, by depth.

    Each round's EV is for composition-dependent optimal play: one exact solve a round,
    about two rounds a second for one deck with --float (docs/performance.md). --jobs
    shares the shoes out, --cluster deals them on a Dask cluster's workers: the same
    bytes either way. The rounds are played by the full shoe's basic strategy, card by card, to move
    through the shoe. Averages and shares are simulation estimates, given with ± from 10
    shoes on, the default (a progress bar says how long they take).
    """
    from baccarat_exact.commands.blackjack import BlackjackSimulateRequest

    request = BlackjackSimulateRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        shoes=shoes,
        seed=seed,
        burn=burn,
        cut_card=cut_card,
        exact=not use_float,
    )
    answer(
        request,
        View(fmt, table),
        quiet=quiet,
        jobs=jobs,
        cluster=cluster,
        cluster_security=cluster_security,
    )


BlackjackCountSystemOption = Annotated[
    str,
    typer.Option("--count-system", metavar="SYSTEM", help=COUNT_SYSTEM_HELP),
]


@app.command("indices", cls=grouped(BJ_RULES, BJ_SHOE.without("remove", "infinite")))
def indices_command(
    ctx: typer.Context,
    count: BlackjackCountSystemOption = "hi-lo",
    decks_left: Annotated[
        str | None,
        typer.Option(
            "--decks-left",
            help="Decks left in the shoe at the decision, e.g. 3 or 2.5 (a whole number of "
            "cards) (default: half the shoe).",
            show_default=False,
        ),
    ] = None,
    true_counts: Annotated[
        str,
        typer.Option("--true-counts", help="The integer true counts to average at, LOW..HIGH."),
    ] = "-4..7",
    samples: Annotated[
        int,
        typer.Option("--samples", min=2, max=1_000_000, help="Shoes drawn at each true count."),
    ] = 40,
    decisions: Annotated[
        str | None,
        typer.Option(
            "--decisions",
            help="Only these, comma-separated: insurance, 16vT, TTv5, 15vT-surrender, any "
            "pair as 99v7 … (default: the Illustrious 18, the surrender set where offered, "
            "the marginal pair splits).",
            show_default=False,
        ),
    ] = None,
    seed: SeedOption = 0,
    use_float: FloatOption = False,
    jobs: JobsOption = 1,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Index plays: the true count at which each decision flips (insurance, 16 v T, …),
    from exact composition-dependent values averaged over the shoes met at each count.

    At each true count the cards gone are drawn exactly from their law given the running
    count (--samples shoes, --seed); each shoe values both moves exactly for every
    two-card hand of the decision: a fraction of a second a six-deck shoe, less with
    --float (a progress bar shows the time left on a terminal); --jobs shares the counts
    out.
    """
    from baccarat_exact.commands.blackjack import BlackjackIndicesRequest

    request = BlackjackIndicesRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        count=count,
        decks_left=decks_left,
        true_counts=true_counts,
        samples=samples,
        seed=seed,
        decisions=decisions,
        exact=not use_float,
    )
    answer(request, View(fmt, table), quiet=quiet, jobs=jobs)


@app.command("counting", cls=grouped(BJ_RULES, BJ_SHOE.without("remove", "infinite")))
def counting_command(
    ctx: typer.Context,
    shoes: ShoesOption = 10_000,
    seed: SeedOption = 0,
    burn: BurnOption = "standard",
    cut_card: CutCardOption = None,
    count: BlackjackCountSystemOption = "hi-lo",
    play_count: Annotated[
        str | None,
        typer.Option(
            "--play-count-system",
            metavar="SYSTEM",
            help="A second count system for the index plays and insurance, given as "
            "--count-system is (default: the count the bets follow).",
            show_default=False,
        ),
    ] = None,
    indices: Annotated[
        str,
        typer.Option(
            "--indices",
            metavar="auto|illustrious-18|computed|none|FILE",
            help="Index plays: auto (the game's own where the tool ships them: the casino's "
            "default game with Hi-Lo; else illustrious-18), illustrious-18 (Schlesinger's "
            "Hi-Lo plays, and his Fab 4 surrenders where late surrender is offered), computed "
            "(blackjack indices for these rules, shoe and count, 40 samples a count: about a "
            "minute of CPU the first time, then cached on disk), none, or a FILE that "
            "blackjack indices -f json wrote for the same rules, shoe and count.",
        ),
    ] = "auto",
    ramp: RampOption = None,
    ramp_min: RampMinOption = 0,
    wong_out: WongOutOption = None,
    kelly: KellyOption = None,
    max_bet: MaxBetOption = None,
    bankroll: BankrollOption = "1000",
    hands_per_hour: Annotated[
        int | None,
        typer.Option(
            "--hands-per-hour",
            min=1,
            help=HANDS_PER_HOUR_HELP,
            show_default="200, 160, 140, 120, 100, 80, 65 with 1 to 7 players",
        ),
    ] = None,
    seats: Annotated[
        int,
        typer.Option(
            "--seats",
            min=1,
            max=7,
            metavar="N",
            help="Players at the table, the counter one of them; the others play the basic "
            "strategy and use cards, which the counter sees and counts.",
        ),
    ] = 1,
    seat: Annotated[
        int,
        typer.Option(
            "--seat",
            min=1,
            max=7,
            metavar="K",
            help="The counter's seat: 1 takes the first card (first base), --seats the last.",
        ),
    ] = 1,
    tc: Annotated[
        str,
        typer.Option(
            "--tc",
            metavar="exact|full|half|quarter",
            help="The true count's divisor: the unseen cards exactly, or the decks left "
            "estimated to the nearest full, half or quarter deck (with --tc-round and "
            "--deck-error: balanced counts only; KO and Red 7 read their running count).",
        ),
    ] = "exact",
    tc_round: Annotated[
        str,
        typer.Option(
            "--tc-round",
            metavar="none|round|truncate|floor",
            help="The true count as a whole number: round (halves away from 0), truncate "
            "(towards 0), floor; none keeps the fraction.",
        ),
    ] = "none",
    deck_error: Annotated[
        str,
        typer.Option(
            "--deck-error",
            metavar="DECKS",
            help="The counter misjudges the unseen cards each round by a whole number of "
            "cards drawn uniformly within ± this many decks (seeded).",
        ),
    ] = "0",
    wong_in: WongInOption = None,
    two_hands_at: Annotated[
        str | None,
        typer.Option(
            "--two-hands-at",
            metavar="TC",
            help="From this true count the counter plays two spots (his and the next), each "
            "bet the ramp's units.",
            show_default=False,
        ),
    ] = None,
    exact_ev: Annotated[
        bool,
        typer.Option(
            "--exact-ev",
            help="Also value every round exactly (the chart's value for the cards not yet "
            "seen, float arithmetic: a solve a round, slow) and estimate each win from those "
            "values, with the round's luck taken out; needs --indices none.",
        ),
    ] = False,
    optimal_ror: OptimalRorOption = None,
    chips: ChipsOption = None,
    trip_hours: TripHoursOption = None,
    goal: GoalOption = None,
    jobs: JobsOption = 1,
    cluster: ClusterOption = None,
    cluster_security: ClusterSecurityOption = None,
    quiet: QuietOption = False,
    fmt: FormatOption = Format.table,
    table: TableOption = None,
) -> None:
    """Deal shoes fast and play them as a card counter does — the basic strategy with index
    plays, bets by the true count — and say what each way of betting wins and risks.

    Every round is dealt card by card and settled exactly, with no exact solve: over ten
    million rounds a second on one core with the compiled kernel (the same bytes without
    it, about 60,000). One unit every round (flat), a --ramp and a --kelly ramp are
    priced on the very same rounds: the win and SD per 100 rounds, per hour and per shoe,
    N0, SCORE and the risk of ruin for --bankroll, as simulation estimates with standard
    errors. --jobs or --cluster share the shoes out: the same bytes either way.

    The table as it is: --seats players with the counter in --seat, the true count as he
    reckons it (--tc, --tc-round, --deck-error), --wong-in and --two-hands-at.
    """
    from baccarat_exact.commands.blackjack import BlackjackCountingRequest

    request = BlackjackCountingRequest(
        shoe=BJ_SHOE.value(ctx),
        rules=BJ_RULES.value(ctx),
        shoes=shoes,
        seed=seed,
        burn=burn,
        cut_card=cut_card,
        count=count,
        play_count=play_count,
        indices=indices,
        ramp=ramp,
        ramp_min=ramp_min,
        wong_out=wong_out,
        kelly=kelly,
        max_bet=max_bet,
        bankroll=bankroll,
        hands_per_hour=hands_per_hour,
        exact_ev=exact_ev,
        seats=seats,
        seat=seat,
        tc=tc,
        tc_round=tc_round,
        deck_error=deck_error,
        wong_in=wong_in,
        two_hands_at=two_hands_at,
        optimal_ror=optimal_ror,
        chips=chips,
        trip_hours=trip_hours,
        goal=goal,
    )
    answer(
        request,
        View(fmt, table),
        quiet=quiet,
        jobs=jobs,
        cluster=cluster,
        cluster_security=cluster_security,
    )
