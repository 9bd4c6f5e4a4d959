"""The domain model: cards, shoes, rules (the deal written once), events, bets and their catalogue.

The lowest layer: it imports nothing of the package but :mod:`baccarat_exact.errors`.
"""
