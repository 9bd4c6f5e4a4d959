"""The counting options of ``eor`` and ``simulate``, declared once: ``--count-system`` and
``--level`` build a :class:`~baccarat_exact.commands.counting.CountingInput`.

Only those two commands import this module, so no other command's start-up pays for
the counting analysis it loads.
"""

from __future__ import annotations

from baccarat_exact.analysis.counting import DEFAULT_LEVEL
from baccarat_exact.cli.shared import CountSystemOption, LevelOption, OptionGroup
from baccarat_exact.commands.counting import CountingInput

__all__ = ["COUNTING"]


def _counting(
    count_system: CountSystemOption = None,
    level: LevelOption = DEFAULT_LEVEL,
) -> CountingInput:
    return CountingInput(tags=count_system, level=level)


COUNTING = OptionGroup("counting", _counting)
"""``--count-system --level`` → :class:`CountingInput`."""
