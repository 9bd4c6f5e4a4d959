"""Errors for bad input; the CLI turns each into one line on stderr and exit code 2 (and a
file that cannot be written, :class:`WriteError`, into one line and exit code 74)."""

from __future__ import annotations

__all__ = [
    "BaccaratError",
    "BetError",
    "BetsFileError",
    "CardError",
    "CountError",
    "FormulaError",
    "GoldenFileError",
    "PlotError",
    "ReportError",
    "RequestError",
    "RulesError",
    "SchemaError",
    "ShoeError",
    "SimulationError",
    "WriteError",
]


class WriteError(OSError):
    """A file the user named could not be written (a full disk, no permission): not bad
    input but the output failing, exit code 74 as for standard output; one line."""


class BaccaratError(ValueError):
    """Base class of every input error this package raises; its message is one line."""


class CardError(BaccaratError):
    """A card or card list that cannot be read (unknown rank, bad ``xN``)."""


class ShoeError(BaccaratError):
    """A shoe that cannot exist: negative counts, too few cards, removing what is not there."""


class RulesError(BaccaratError):
    """Rules that cannot be played: a commission outside [0, 1), a negative pay, a bad tableau."""


class BetError(RulesError, KeyError):
    """A bet name that names no bet; the message lists the closest names. Also a
    ``KeyError``, as a failed look-up by name is."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class GoldenFileError(BaccaratError):
    """A golden file that cannot be read or does not hold cases in the expected form."""


class SchemaError(BaccaratError):
    """A kind of document the tool does not write, so has no JSON Schema."""


class BetsFileError(BaccaratError):
    """A bets file that cannot be read: bad TOML, an unknown condition, a bad pay."""


class PlotError(BaccaratError):
    """A plot that cannot be made: matplotlib missing, or no folder or name to write it to."""


class ReportError(BaccaratError):
    """A part of a report that is not there, e.g. ``--table`` naming no table of it."""


class RequestError(BaccaratError):
    """A command's inputs that cannot be read, as a stored document records them (a key
    the command does not have, a value of the wrong type)."""


class SimulationError(BaccaratError):
    """Simulation settings that cannot be dealt (no shoes, a cut card outside the shoe…)."""


class CountError(BaccaratError):
    """A count that cannot be read, e.g. ``--count-system "A:x"``."""


class FormulaError(BaccaratError):
    """A formula that cannot be formed (an unbounded limit, a bet without event lines)."""


class RoundError(BaccaratError):
    """Cards that are not a round the tableau deals: too few, or more than it takes."""

    def __init__(self, message: str, needed: int | None = None) -> None:
        super().__init__(message)
        self.needed = needed
        """Cards the round needs when it was cut short (None: not that kind of problem)."""
