"""Hold against drop: what a bet's house edge is worth to the table an hour, and as a
share of the cash bought in.

The house edge is a share of the *handle* (every unit bet); the *hold* a casino reports is
a share of the *drop* (the cash exchanged for chips). With an average bet B, D decisions
an hour and a drop of R average bets an hour of play (the buy-in ratio),

    handle per hour = B · D,  theoretical win per hour = edge · B · D,
    drop per hour = B · R,    hold = win / drop = edge · D / R,

exactly (A. MacDonald, "False drop and hold", Adelaide Casino 1996: hold = average bet ×
time × decisions per hour × edge / drop).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat_exact.errors import RequestError
from baccarat_exact.model.exact import exact_number

__all__ = ["HoldVersusDrop", "hold_versus_drop", "positive_number"]


def positive_number(text: str, option: str) -> Fraction:
    """``text`` as an exact number above 0 (``"25"``, ``"12.5"``, ``"25/2"``).

    >>> positive_number("12.5", "--average-bet")
    Fraction(25, 2)
    >>> positive_number("0", "--buy-in")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RequestError: --buy-in must be more than 0, got '0'
    """
    value = exact_number(text, option, RequestError, "25, 12.5 or 25/2")
    if value <= 0:
        raise RequestError(f"{option} must be more than 0, got {text!r}")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldVersusDrop:
    """A bet's theoretical win an hour and its hold as a share of the drop, exactly."""

    house_edge: Fraction
    average_bet: Fraction
    """Units staked a decision, on average."""
    buy_in: Fraction
    """Cash bought in (the drop) an hour of play, in average bets."""
    decisions_per_hour: int

    @property
    def handle_per_hour(self) -> Fraction:
        """Units bet an hour: B · D."""
        return self.average_bet * self.decisions_per_hour

    @property
    def win_per_hour(self) -> Fraction:
        """The theoretical win an hour: edge · B · D."""
        return self.house_edge * self.handle_per_hour

    @property
    def drop_per_hour(self) -> Fraction:
        """Cash bought in an hour: B · R."""
        return self.average_bet * self.buy_in

    @property
    def hold(self) -> Fraction:
        """The theoretical hold, win over drop: edge · D / R (the average bet cancels)."""
        return self.win_per_hour / self.drop_per_hour

    @property
    def handle_per_drop(self) -> Fraction:
        """Units bet per unit bought in (the drop's turnover): D / R."""
        return self.handle_per_hour / self.drop_per_hour


def hold_versus_drop(
    house_edge: Fraction, average_bet: Fraction, buy_in: Fraction, decisions_per_hour: int
) -> HoldVersusDrop:
    """The hold of a bet of ``house_edge`` at ``average_bet`` a decision, ``buy_in``
    average bets bought in an hour and ``decisions_per_hour``.

    >>> h = hold_versus_drop(Fraction(1, 20), Fraction(5), Fraction(10), 40)
    >>> h.win_per_hour, h.hold
    (Fraction(10, 1), Fraction(1, 5))

    (the 888casino example: a 5 % edge, $5 bets, 40 rounds an hour and $100 bought in
    over two hours hold 20 %).
    """
    if average_bet <= 0 or buy_in <= 0 or decisions_per_hour < 1:
        raise RequestError("the average bet, the buy-in and the decisions an hour must be positive")
    return HoldVersusDrop(
        house_edge=house_edge,
        average_bet=average_bet,
        buy_in=buy_in,
        decisions_per_hour=decisions_per_hour,
    )
