"""Exact counting: the six-card universe (event tables, batch counting) and pair/suit counting.

Imports the model only.
"""
