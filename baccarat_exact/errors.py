"""Errors for bad input; the CLI turns each into one line on stderr and exit code 2."""

from __future__ import annotations

__all__ = ["BaccaratError", "CardError", "GoldenFileError", "RulesError", "ShoeError"]


class BaccaratError(ValueError):
    """Base class of every input error this package raises; its message is one line."""


class CardError(BaccaratError):
    """A card or card list that cannot be read (unknown rank, bad ``xN``)."""


class ShoeError(BaccaratError):
    """A shoe that cannot exist: negative counts, too few cards, removing what is not there."""


class RulesError(BaccaratError):
    """Rules that cannot be played: a commission outside [0, 1), a negative pay, a bad tableau."""


class GoldenFileError(BaccaratError):
    """A golden file that cannot be read or does not hold cases in the expected form."""
