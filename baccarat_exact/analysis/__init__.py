"""Analyses built on the engine: formulas in the number of decks, break-even pays, and more."""
