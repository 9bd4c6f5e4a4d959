"""Exact numbers from what users write (``0.05``, ``1/20``, ``5%``, ``3:2``, ``1e-3``), and
exact numbers written as decimals for display, at any size.

One reader for every pay, commission and count the tool accepts (options, rules,
bet files, documents), so they all take the same forms and fail the same way.
"""

from __future__ import annotations

import math
import re
from decimal import Context, Decimal
from fractions import Fraction

from baccarat_exact.errors import BaccaratError, RulesError

__all__ = ["MAX_EXPONENT", "decimal_text", "exact_number", "sqrt_float", "to_float"]

MAX_EXPONENT = 400
"""Largest power of ten a number may carry (``1e400``); larger ones are refused, as
they would take unbounded time and memory to expand exactly."""

_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE](?P<exp>[+-]?\d+))?")
_RATIO = re.compile(r"[+-]?\d+\s*[/:]\s*\d+")
_MAX_DIGITS = 1000


def exact_number(
    value: object,
    what: str,
    error: type[BaccaratError] = RulesError,
    example: str = "0.05, 5% or 1/20",
) -> Fraction:
    """``value`` as an exact :class:`~fractions.Fraction`: a ``Fraction``, ``int``,
    ``Decimal``, ``float`` (read as written in decimal) or text (a decimal, ``p/q``,
    ``p:q`` or a percentage). Anything else raises ``error`` naming ``what``.

    >>> exact_number("5%", "commission"), exact_number("3:2", "pay"), exact_number(0.05, "x")
    (Fraction(1, 20), Fraction(3, 2), Fraction(1, 20))
    >>> exact_number("1/0", "tie pay")
    Traceback (most recent call last):
    ...
    baccarat_exact.errors.RulesError: tie pay must be a number such as 0.05, 5% or 1/20, got '1/0'
    """
    bad = error(f"{what} must be a number such as {example}, got {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise bad
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float | Decimal):
        value = str(value)
    if not isinstance(value, str):
        raise bad
    body = value.strip()
    scale = Fraction(1)
    if body.endswith("%"):
        body, scale = body[:-1].strip(), Fraction(1, 100)
    if len(body) > _MAX_DIGITS:
        raise error(f"{what} has more than {_MAX_DIGITS} characters")
    if _RATIO.fullmatch(body):
        numerator, denominator = re.split(r"\s*[/:]\s*", body.lstrip("+"))
        if int(denominator) == 0:
            raise bad
        return Fraction(int(numerator), int(denominator)) * scale
    match = _DECIMAL.fullmatch(body)
    if match is None:
        raise bad
    if match["exp"] is not None and abs(int(match["exp"])) > MAX_EXPONENT:
        raise error(f"{what} {value!r} is out of range: powers of ten up to {MAX_EXPONENT}")
    return Fraction(body) * scale


def to_float(value: Fraction | int | float) -> float | None:
    """``value`` rounded to a float, for display fields (``*_float``); ``None`` when it is
    beyond the range of a float (the exact value is always given beside it).

    >>> to_float(Fraction(1, 3)), to_float(Fraction(10**400, 3))
    (0.3333333333333333, None)
    """
    try:
        result = float(value)
    except OverflowError:
        return None
    return None if math.isinf(result) else result


def sqrt_float(value: Fraction) -> float | None:
    """The square root of a non-negative exact value as a float (``None`` when beyond
    float range), computed without converting the value itself to a float.

    >>> sqrt_float(Fraction(9, 4)), sqrt_float(Fraction(10**400))
    (1.5, 1e+200)
    """
    root = (Decimal(value.numerator) / Decimal(value.denominator)).sqrt(_CONTEXT)
    return to_float(root)  # type: ignore[arg-type]


def decimal_text(value: Fraction | int | float, digits: int, scale: int = 1) -> str:
    """``value × scale`` with ``digits`` decimals (``f`` format), or in scientific notation
    from 10**15 on (and beyond the range of a float).

    >>> decimal_text(Fraction(1, 3), 4), decimal_text(Fraction(10**400, 3), 4)
    ('0.3333', '3.3333e+399')
    """
    rounded = to_float(value)
    if rounded is not None and abs(rounded * scale) < 1e15:
        return f"{rounded * scale:.{digits}f}"
    exact = Fraction(value) * scale
    number = Decimal(exact.numerator) / Decimal(exact.denominator)
    return f"{number:.{digits}e}"


_CONTEXT = Context(prec=40)
