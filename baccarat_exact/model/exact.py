"""Exact numbers from what users write (``0.05``, ``1/20``, ``5%``, ``3:2``, ``1e-3``), and
exact numbers written as decimals for display, at any size.

One reader for every pay, commission and count the tool accepts (options, rules,
bet files, documents), so they all take the same forms and fail the same way.
"""

from __future__ import annotations

import functools
import math
import re
import sys
from decimal import Context, Decimal
from fractions import Fraction

from baccarat_exact.errors import BaccaratError, RulesError

__all__ = [
    "MAX_EXPONENT",
    "decimal_text",
    "exact_fields",
    "exact_number",
    "exact_text",
    "int_from_text",
    "int_text",
    "number_text",
    "shown_number",
    "sqrt_float",
    "str_fits",
    "to_float",
]

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


def int_text(value: int, *, grouped: bool = False) -> str:
    """The decimal digits of an int of any size (``grouped``: thousands separated by commas).

    ``str()`` refuses ints past ``sys.get_int_max_str_digits()`` (4300 digits by default);
    beyond it the digits are converted in chunks that stay below the limit, without
    touching that process-wide setting.

    >>> int_text(-1234567, grouped=True), len(int_text(10**5000)), int_text(-(10**5000))[:3]
    ('-1,234,567', 5001, '-10')
    """
    digits = _digits(abs(value), 0)
    if grouped:
        head = len(digits) % 3 or 3
        digits = ",".join(
            [digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))]
        )
    return "-" + digits if value < 0 else digits


def int_from_text(text: str) -> int:
    """The int written in decimal ``text`` (a sign, then digits), at any length: the
    inverse of :func:`int_text`, for reading documents (``json.loads(parse_int=...)``).

    >>> int_from_text("-1234"), int_from_text("1" + "0" * 5000) == 10**5000
    (-1234, True)
    """
    body = text.lstrip("+-")
    if len(body) < _safe_digits() - 2:
        return int(text)
    half = len(body) // 2
    value = int_from_text(body[:-half]) * _power_of_ten(half) + int_from_text(body[-half:])
    return -value if text.startswith("-") else value


def exact_text(value: Fraction | int) -> str:
    """An exact value as JSON and CSV keep it: ``"p/q"``, or ``"p"`` when whole (what
    ``str(Fraction)`` writes), at any size (see :func:`int_text`).

    >>> exact_text(Fraction(-49303, 4873050)), exact_text(Fraction(4)), len(exact_text(Fraction(1, 10**5000)))
    ('-49303/4873050', '4', 5003)
    """
    number = Fraction(value)
    if number.denominator == 1:
        return int_text(number.numerator)
    return f"{int_text(number.numerator)}/{int_text(number.denominator)}"


def str_fits(value: Fraction | int) -> bool:
    """Whether ``str()`` writes ``value`` (its parts are within Python's digit limit);
    :func:`exact_text` writes any.

    >>> str_fits(Fraction(1, 3)), str_fits(Fraction(1, 10**5000))
    (True, False)
    """
    number = Fraction(value)
    bits = max(abs(number.numerator).bit_length(), number.denominator.bit_length())
    return bits * 0.30103 < _safe_digits() - 2


def _safe_digits() -> int:
    """Most digits ``str(int)`` writes without reaching the interpreter's limit."""
    limit: int = getattr(sys, "get_int_max_str_digits", lambda: 0)()  # 0: no limit (< 3.10.7)
    return limit if limit else sys.maxsize


def _digits(value: int, width: int) -> str:
    """``value`` (not negative) in decimal, zero-padded to ``width``: halved by a power of
    ten until each part is short enough for ``str()``."""
    if value.bit_length() * 0.30103 < _safe_digits() - 2:  # digits = ⌊bits·log10 2⌋ + 1 at most
        return str(value).zfill(width)
    half = int(value.bit_length() * 0.30103) // 2
    high, low = divmod(value, _power_of_ten(half))
    return _digits(high, max(width - half, 0)) + _digits(low, half)


@functools.lru_cache(maxsize=64)
def _power_of_ten(exponent: int) -> int:
    power: int = 10**exponent
    return power


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


def shown_number(value: Fraction | int) -> str:
    """An exact number as an error message quotes it: in full while short, else in
    scientific notation (a pay of 10^400 is not 401 digits on one line).

    >>> shown_number(Fraction(3, 2)), shown_number(10**400), shown_number(-(10**30) - 1)
    ('3/2', '1.000e+400', '-1.000e+30')
    """
    exact = Fraction(value)
    if abs(exact.numerator) < 10**24 and exact.denominator < 10**24:
        return str(value)
    return decimal_text(value, 3)


_ZERO = re.compile(r"[-−]?(?=[0.]*\d)[0.]+(?:[eE][+-]?\d+)?%?")


def number_text(value: float, spec: str) -> str:
    """``value`` formatted by ``spec`` (``".2f"``, ``".1%"``, ``"+.3f"``, ``".4g"``), never
    as a negative zero: a number that rounds to zero shows no sign (``-0.0001`` to two
    decimals is ``0.00``, not ``-0.00``). Every figure the tool shows rounded goes
    through here or :func:`decimal_text`.

    >>> number_text(-0.0004, ".3f"), number_text(-0.0, ".1%"), number_text(-0.0004, "+.2f")
    ('0.000', '0.0%', '+0.00')
    >>> number_text(-0.006, ".2f"), number_text(-1e-7, ".4g")
    ('-0.01', '-1e-07')
    """
    text = format(value, spec)
    if _ZERO.fullmatch(text.lstrip("+ ")) and text.lstrip("+ ")[:1] in "-−":
        return ("+" if spec.startswith("+") else "") + text.lstrip("+ ")[1:]
    return text


def decimal_text(value: Fraction | int | float, digits: int, scale: int = 1) -> str:
    """``value × scale`` with ``digits`` decimals (``f`` format), or in scientific notation
    from 10**15 on (and beyond the range of a float).

    >>> decimal_text(Fraction(1, 3), 4), decimal_text(Fraction(10**400, 3), 4)
    ('0.3333', '3.3333e+399')
    >>> decimal_text(-0.00001, 3), decimal_text(-0.0, 2, 100)  # no negative zero
    ('0.000', '0.00')
    """
    rounded = to_float(value)
    if rounded is not None and abs(rounded * scale) < 1e15:
        return number_text(rounded * scale, f".{digits}f")
    exact = Fraction(value) * scale
    number = Decimal(exact.numerator) / Decimal(exact.denominator)
    return f"{number:.{digits}e}"


_CONTEXT = Context(prec=40)


def exact_fields(
    key: str, value: Fraction | int | float | None, *, exact: bool = True
) -> dict[str, str | float | None]:
    """A figure as every document writes it: ``key`` exact (``"p/q"``) and ``key_float``
    rounded beside it (the float null beyond a float's range). A float (a figure of float
    arithmetic) has its ``key_float`` alone; a missing figure is null in both, or in
    ``key_float`` alone where the arithmetic was not ``exact``.

    >>> exact_fields("edge", Fraction(-1, 3))
    {'edge': '-1/3', 'edge_float': -0.3333333333333333}
    >>> exact_fields("edge", 0.25), exact_fields("edge", None, exact=False)
    ({'edge_float': 0.25}, {'edge_float': None})
    """
    if value is None:
        return {key: None, f"{key}_float": None} if exact else {f"{key}_float": None}
    if isinstance(value, float):
        return {f"{key}_float": to_float(value)}
    return {key: exact_text(value), f"{key}_float": to_float(value)}
