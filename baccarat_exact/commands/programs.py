"""``programs``: commission programs and rebates on one shoe's bets, priced exactly —
non-negotiable chips with a rolling commission, cash-chip commissions on turnover or on
theoretical loss, and rebates on a session's net loss."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from baccarat_exact.commands.base import EVERY_FORMAT, Context, View
from baccarat_exact.commands.inputs import PricingRequest
from baccarat_exact.errors import RequestError

if TYPE_CHECKING:
    from baccarat_exact.analysis.programs import ProgramRates, Programs
    from baccarat_exact.pricing import Odds
    from baccarat_exact.report.model import Report

__all__ = ["PricedPrograms", "ProgramsRequest"]


@dataclass(frozen=True, slots=True)
class PricedPrograms:
    """The programs and the priced shoe they were computed on."""

    odds: Odds
    programs: Programs
    mix: dict[str, Fraction] | None


def _units(text: str | None, option: str, *, positive: bool) -> Fraction | None:
    """An amount of units (``--cap``, ``--min-loss``), more than 0 or at least 0."""
    from baccarat_exact.model.exact import exact_number

    if text is None:
        return None
    amount = exact_number(text, option, RequestError, "100 (units)")
    if amount < 0 or (positive and amount == 0):
        least = "more than 0" if positive else "at least 0"
        raise RequestError(f"{option} takes an amount of units {least}, got {text!r}")
    return amount


@dataclass(frozen=True, slots=True, kw_only=True)
class ProgramsRequest(PricingRequest["PricedPrograms"]):
    """Commission programs and rebates on each bet (and a mix) of one shoe, each round
    priced on the shoe as given, the rounds independent.

    >>> from baccarat_exact.commands.inputs import BetsInput, ShoeInput
    >>> banker = BetsInput(names=("banker",), only_named=True)
    >>> document = ProgramsRequest(shoe=ShoeInput(decks=8), bets=banker, session="10").run().document()
    >>> document["chips"]["banker"]["expected_bets"]
    '19524993263685/8712962041376'
    >>> ProgramsRequest(rebate="120%")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --rebate takes rates of at most 100%, got '120%'
    """

    KIND: ClassVar[str] = "programs"

    mix: str | None = None
    """Shares of the handle by bet for the cash-chip programs and the rebate:
    ``"banker=45,player=40,tie=5"``."""
    rolling: str = "1%,1.25%"
    """Rolling commissions on non-negotiable chips bought, comma-separated."""
    turnover: str = "0.5%"
    """Commissions on the turnover of cash chips, comma-separated."""
    theo: str = "50%"
    """Shares of the theoretical loss paid back, comma-separated."""
    rebate: str = "10%"
    """Shares of a session's net loss paid back, comma-separated."""
    session: str = "100"
    """Rounds in a session (for the rebate on loss), comma-separated."""
    cap: str | None = None
    """The most rebate a session pays, in units."""
    min_loss: str | None = None
    """The least net loss, in units, that earns a rebate."""

    def __post_init__(self) -> None:
        self.rates()
        self._mix()

    def rates(self) -> ProgramRates:
        """The programs asked about, read and checked."""
        from baccarat_exact.analysis.programs import ProgramRates, parse_rates, parse_sessions

        return ProgramRates(
            rolling=parse_rates(self.rolling, "--rolling"),
            turnover=parse_rates(self.turnover, "--turnover"),
            theo=parse_rates(self.theo, "--theo"),
            rebate=parse_rates(self.rebate, "--rebate"),
            sessions=parse_sessions(self.session),
            cap=_units(self.cap, "--cap", positive=True),
            minimum=_units(self.min_loss, "--min-loss", positive=False) or Fraction(0),
        )

    def _mix(self) -> dict[str, Fraction] | None:
        from baccarat_exact.analysis.par import parse_mix

        return None if self.mix is None else parse_mix(self.mix)

    def compute(self, context: Context) -> PricedPrograms:
        """Price the bets (and the mix's), then every program on each."""
        from baccarat_exact.analysis.programs import programs
        from baccarat_exact.analysis.sums import RoundLaw
        from baccarat_exact.model.bets import unique_bets
        from baccarat_exact.model.catalogue import find_bet
        from baccarat_exact.pricing import odds
        from baccarat_exact.stats import bet_stats

        shoe, rules, bets = self.chosen()
        mix = self._mix()
        asked = [bet.name for bet in bets]
        if mix is not None:
            bets = unique_bets(
                (*bets, *(find_bet(name, rules) for name in mix if name not in asked))
            )
        result = odds(shoe, rules, bets)
        laws = {
            name: RoundLaw.of(
                (line.pays, line.probability) for line in bet_stats(result.bet(name)).lines
            )
            for name in asked
        }
        mix_law = None
        if mix is not None:
            combination = result.combination(mix)
            staked = combination.staked
            mix_law = RoundLaw.of((net / staked, p) for net, p in combination.distribution)
        with context.progress(1, "pricing the programs") as advance:
            found = programs(laws, self.rates(), mix_law)
            if advance is not None:
                advance(1)
        return PricedPrograms(result, found, mix)

    def report(self, result: PricedPrograms, view: View = EVERY_FORMAT) -> Report:
        from baccarat_exact.report.programs import programs_report

        return programs_report(result.odds, result.programs, result.mix)
