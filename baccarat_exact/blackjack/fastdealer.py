"""Temporary: dealer_batch moved to :mod:`baccarat_exact.blackjack.dealer` (removed before commit)."""

from baccarat_exact.blackjack.dealer import dealer_batch

__all__ = ["dealer_batch"]
