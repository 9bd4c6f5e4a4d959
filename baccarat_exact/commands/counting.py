"""The card counts ``eor`` and ``simulate`` fit to each bet: the user's own tags, if any,
and the largest tag of the counts derived from the effects of removal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from baccarat_exact.analysis.counting import DEFAULT_LEVEL, MAX_LEVEL
from baccarat_exact.commands.base import Inputs
from baccarat_exact.errors import CountError

if TYPE_CHECKING:
    from baccarat_exact.analysis.counting import CountSystem

__all__ = ["DERIVED_COUNTS", "CountingInput"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CountingInput(Inputs):
    """Your own linear count (tags per card value or a published count, as given) and the
    largest tag of the derived counts; both checked when made.

    >>> CountingInput(tags="A:1, 4:2, T:-1").own().label()
    'A:+1 2:0 3:0 4:+2 5:0 6:0 7:0 8:0 9:0 T:-1'
    >>> CountingInput(level=0)
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.CountError: --level must be between 1 and 9, got 0
    """

    tags: str | None = None
    """Your count system as ``--count-system`` gives it: its tags ``"A:1,2:1,...,T:-1"``
    (T: every ten-value card), ``NAME=TAGS`` or a published count's name; ``None``: only
    the derived counts."""
    level: int = DEFAULT_LEVEL
    """Largest tag of the derived counts (Thorp's method)."""

    def __post_init__(self) -> None:
        if not 1 <= self.level <= MAX_LEVEL:
            raise CountError(f"--level must be between 1 and {MAX_LEVEL}, got {self.level}")
        self.own()  # the tags are read now: a bad one is refused with the request

    def own(self) -> CountSystem | None:
        """Your count, read from its tags or name (``None`` without one).

        :raises CountError: for tags that cannot be read, or a name no count has.
        """
        from baccarat_exact.analysis.counting import parse_count_system

        return None if self.tags is None else parse_count_system(self.tags)


DERIVED_COUNTS = CountingInput()
"""The counts by default: each bet's derived count, tags up to ±2, and no count of your own."""
