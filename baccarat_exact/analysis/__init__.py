"""Analyses built on the engines: formulas in the number of decks, break-even pays, card removal.

- :mod:`.formulas`, :mod:`.rational`, :mod:`.breakeven` — exact formulas in the number
  of decks and break-even pays (docs/formulas.md);
- :mod:`.eor` — exact effect of removal of each rank on each bet;
- :mod:`.counting` — linear counts from the effects (Thorp's method), betting correlation;
- :mod:`.simulate` and :mod:`.estimates` — shoe simulation: exact values at every hand,
  simulation estimates (kept in their own types) over shoes;
- :mod:`.track` — live tracking of dealt rounds;
- :mod:`.blackjack` — blackjack's analyses (effects of removal, shoe simulation, index
  plays, the counting mode, the math report), in a folder of their own.

Import from the modules themselves (``from baccarat_exact.analysis.eor import
effect_of_removal``); this package imports nothing, so the command line starts fast.
"""
