"""Blackjack's analyses, beside baccarat's in :mod:`baccarat_exact.analysis`.

- :mod:`.eor` — effects of removal and the count they suggest (fitted by
  :mod:`baccarat_exact.analysis.counting`, like baccarat's);
- :mod:`.simulation` — dealt shoes, each round valued exactly;
- :mod:`.indices` — index plays from exact values averaged over the shoes met at each
  true count;
- :mod:`.counting` — the counting mode: shoes dealt and played fast, bets priced;
- :mod:`.par` — the math report (the round's law, horizons, pages).

Import from the modules themselves; this package imports nothing, so the command line
starts fast.
"""
