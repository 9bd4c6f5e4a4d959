"""The counting options of ``eor`` and ``simulate``, declared once: ``--count-tags`` and
``--level`` build a :class:`~baccarat_exact.commands.counting.CountingInput`.

Only those two commands import this module, so no other command's start-up pays for
the counting analysis it loads.
"""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat_exact.analysis.counting import DEFAULT_LEVEL
from baccarat_exact.cli.shared import LevelOption, OptionGroup
from baccarat_exact.commands.counting import CountingInput

__all__ = ["COUNTING"]

CountTagsOption = Annotated[
    str | None,
    typer.Option(
        "--count-tags",
        metavar="TAGS",
        help='Your own linear card count, tags per card value: e.g. "A:1,2:1,3:1,4:2,5:-1,'
        '6:-2,7:-1,8:-1" (cards not named count 0). T means every ten-value card, T J Q K '
        "alike (unlike --counts, where T is the tens only).",
        show_default=False,
    ),
]


def _counting(
    count_tags: CountTagsOption = None,
    level: LevelOption = DEFAULT_LEVEL,
) -> CountingInput:
    return CountingInput(tags=count_tags, level=level)


COUNTING = OptionGroup("counting", _counting)
"""``--count-tags --level`` → :class:`CountingInput`."""
