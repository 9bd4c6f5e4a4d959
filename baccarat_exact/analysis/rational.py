"""Exact polynomials and rational functions in the number of decks d.

Coefficients are ``Fraction``s or ints, constant term first (index = power of d).
A :class:`RationalFunction` is kept in one lowest-terms form (sympy cancels the
common factor), evaluates exactly, and gives its limit and expansion in 1/d as
d → ∞. sympy is imported only inside the functions that use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd, lcm
from typing import Any, TypeAlias

from baccarat_exact.errors import FormulaError
from baccarat_exact.model.exact import to_float

__all__ = [
    "ZERO",
    "Polynomial",
    "RationalFunction",
    "decks_symbol",
    "evaluate",
    "interpolate",
    "lowest_terms",
    "multiply",
    "polynomial_sum",
    "scale",
]


Polynomial: TypeAlias = tuple[Fraction, ...]
"""Coefficients of a polynomial in d, constant term first (index = power of d)."""

ZERO: Polynomial = (Fraction(0),)


# -- polynomials (exact, constant term first) -------------------------------------------


def _trim(poly: Sequence[Fraction]) -> Polynomial:
    coefficients = list(poly)
    while len(coefficients) > 1 and coefficients[-1] == 0:
        coefficients.pop()
    return tuple(coefficients) if coefficients else ZERO


def _add(a: Sequence[Fraction], b: Sequence[Fraction]) -> Polynomial:
    size = max(len(a), len(b))
    padded_a = list(a) + [Fraction(0)] * (size - len(a))
    padded_b = list(b) + [Fraction(0)] * (size - len(b))
    return _trim([x + y for x, y in zip(padded_a, padded_b)])


def polynomial_sum(polys: Iterable[Sequence[Fraction]]) -> Polynomial:
    """The sum of polynomials (coefficients constant term first).

    >>> polynomial_sum([(Fraction(1), Fraction(2)), (Fraction(3),)])
    (Fraction(4, 1), Fraction(2, 1))
    """
    total = ZERO
    for poly in polys:
        total = _add(total, poly)
    return total


def scale(a: Sequence[Fraction], factor: Fraction) -> Polynomial:
    return _trim([x * factor for x in a])


def multiply(a: Sequence[Fraction], b: Sequence[Fraction]) -> Polynomial:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return _trim(out)


def evaluate(poly: Sequence[Fraction], x: Fraction) -> Fraction:
    value = Fraction(0)
    for coefficient in reversed(poly):
        value = value * x + coefficient
    return value


def interpolate(xs: Sequence[int], ys: Sequence[int]) -> Polynomial:
    """The polynomial of degree < len(xs) through the points (Newton's divided differences)."""
    table = [Fraction(y) for y in ys]
    n = len(xs)
    for step in range(1, n):
        for i in range(n - 1, step - 1, -1):
            table[i] = (table[i] - table[i - 1]) / (xs[i] - xs[i - step])
    poly: Polynomial = (table[-1],)
    for i in range(n - 2, -1, -1):
        poly = _add(multiply(poly, (Fraction(-xs[i]), Fraction(1))), (table[i],))
    return poly


# -- rational functions ---------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RationalFunction:
    """p(d)/q(d) with integer coefficients (constant term first), in lowest terms.

    The form is unique: p and q share no factor, the coefficients of p and q together
    have no common divisor, and q's leading coefficient is positive.

    >>> f = lowest_terms((0, 2), (4, 4))  # 2d / (4d + 4)
    >>> f
    RationalFunction(numerator=(0, 1), denominator=(2, 2))
    >>> f(3), f.limit(), f.series(3)
    (Fraction(3, 8), Fraction(1, 2), (Fraction(1, 2), Fraction(-1, 2), Fraction(1, 2)))
    """

    numerator: tuple[int, ...]
    """Coefficients of p, constant term first."""
    denominator: tuple[int, ...]
    """Coefficients of q, constant term first."""

    def __post_init__(self) -> None:
        if not self.numerator or not self.denominator or not any(self.denominator):
            raise FormulaError("a rational function needs a numerator and a non-zero denominator")

    @classmethod
    def constant(cls, value: Fraction | int) -> RationalFunction:
        """The constant function ``value``."""
        value = Fraction(value)
        return cls(numerator=(value.numerator,), denominator=(value.denominator,))

    @property
    def is_constant(self) -> bool:
        """Whether the function does not depend on d."""
        return len(self.numerator) == 1 and len(self.denominator) == 1

    @property
    def value(self) -> Fraction:
        """The value of a constant function (one shoe's result).

        :raises FormulaError: when the function depends on d.
        """
        if not self.is_constant:
            raise FormulaError("the formula depends on d: evaluate it at a number of decks")
        return Fraction(self.numerator[0], self.denominator[0])

    def __call__(self, d: int | Fraction) -> Fraction:
        """The exact value at ``d`` decks."""
        x = Fraction(d)
        p = evaluate([Fraction(c) for c in self.numerator], x)
        q = evaluate([Fraction(c) for c in self.denominator], x)
        if q == 0:
            raise FormulaError(f"the formula has a pole at d = {d}")
        return p / q

    def limit(self) -> Fraction:
        """The limit as d → ∞ (the infinite shoe).

        :raises FormulaError: when the function grows without bound.
        """
        return self.series(1)[0]

    def series(self, terms: int = 4) -> tuple[Fraction, ...]:
        """Coefficients c_0, c_1, … of the expansion c_0 + c_1/d + c_2/d² + … as d → ∞."""
        p = _trim([Fraction(c) for c in self.numerator])
        q = _trim([Fraction(c) for c in self.denominator])
        shift = (len(q) - 1) - (len(p) - 1)
        if p == ZERO:
            return ZERO * terms
        if shift < 0:
            raise FormulaError("the formula grows without bound as d grows: no limit")
        # In x = 1/d: p/q = x**shift · P(x)/Q(x), with P, Q the coefficient lists reversed.
        big_p, big_q = p[::-1], q[::-1]
        quotient: list[Fraction] = []
        for k in range(terms - shift):
            top = big_p[k] if k < len(big_p) else Fraction(0)
            for i in range(1, min(k, len(big_q) - 1) + 1):
                top -= big_q[i] * quotient[k - i]
            quotient.append(top / big_q[0])
        return ((Fraction(0),) * shift + tuple(quotient))[:terms]

    # -- sympy views (imported here, never at module import) ---------------------------

    def expr(self) -> Any:
        """The function as a sympy expression in the symbol ``d``."""
        import sympy

        d = decks_symbol()
        p = sum((sympy.Integer(c) * d**i for i, c in enumerate(self.numerator)), sympy.Integer(0))
        q = sum((sympy.Integer(c) * d**i for i, c in enumerate(self.denominator)), sympy.Integer(0))
        return p / q

    def display(self) -> Any:
        """The sympy expression factored over the integers, for reading."""
        import sympy

        return sympy.factor(self.expr())

    def text(self) -> str:
        """Plain text (sympy's ``**`` for powers), numerator and denominator factored.

        >>> lowest_terms((0, -2), (-1, 52)).text()
        '-2*d/(52*d - 1)'
        """
        import sympy

        return str(sympy.sstr(self.display()))

    def latex(self) -> str:
        """LaTeX, numerator and denominator factored.

        >>> print(lowest_terms((0, -2), (-1, 52)).latex())
        - \\frac{2 d}{52 d - 1}
        """
        import sympy

        return str(sympy.latex(self.display()))

    def series_text(self, terms: int = 4) -> str:
        """The expansion in 1/d as text, ending in the order of the first term left out.

        >>> lowest_terms((0, 1), (2, 2)).series_text(3)
        '1/2 - 1/(2*d) + 1/(2*d**2) + O(1/d**3)'
        """
        order = "O(1/d)" if terms == 1 else f"O(1/d**{terms})"
        return _series_string(self.series(terms), _text_term, order)

    def series_latex(self, terms: int = 4) -> str:
        """The expansion in 1/d as LaTeX.

        >>> print(lowest_terms((0, 1), (2, 2)).series_latex(2))
        \\frac{1}{2} - \\frac{1}{2 d} + O\\left(d^{-2}\\right)
        """
        return _series_string(self.series(terms), _latex_term, rf"O\left(d^{{-{terms}}}\right)")

    def to_dict(self, terms: int = 4) -> dict[str, Any]:
        """The JSON form: exact integer coefficient lists, limit and series as ``"p/q"``
        (``None`` when the function grows without bound)."""
        bounded = len(_trim([Fraction(c) for c in self.numerator])) <= len(self.denominator)
        limit = self.limit() if bounded else None
        return {
            "numerator": list(self.numerator),
            "denominator": list(self.denominator),
            "text": self.text(),
            "latex": self.latex(),
            "limit": None if limit is None else str(limit),
            "limit_float": None if limit is None else to_float(limit),
            "series": [str(c) for c in self.series(terms)] if bounded else None,
        }


def _text_term(size: Fraction, k: int) -> str:
    """``size / d**k`` as text (``size`` positive)."""
    power = "d" if k == 1 else f"d**{k}"
    if k == 0:
        return str(size)
    if size.denominator == 1:
        return f"{size.numerator}/{power}"
    return f"{size.numerator}/({size.denominator}*{power})"


def _latex_term(size: Fraction, k: int) -> str:
    """``size / d**k`` as LaTeX (``size`` positive)."""
    if k == 0 and size.denominator == 1:
        return str(size)
    below = "" if k == 0 else ("d" if k == 1 else f"d^{{{k}}}")
    if size.denominator != 1:
        below = f"{size.denominator} {below}".strip()
    return rf"\frac{{{size.numerator}}}{{{below}}}"


def _series_string(
    coefficients: Sequence[Fraction], term: Callable[[Fraction, int], str], order: str
) -> str:
    """c_0 + c_1/d + … written with ``term``, zero terms left out, then ``+ order``."""
    text = ""
    for k, c in enumerate(coefficients):
        if c == 0:
            continue
        body = term(abs(c), k)
        if text:
            text += (" - " if c < 0 else " + ") + body
        else:
            text = ("-" if c < 0 else "") + body
    return f"{text or '0'} + {order}"


def decks_symbol() -> Any:
    """The sympy symbol ``d`` (number of decks) every formula is written in."""
    import sympy

    return sympy.Symbol("d")


def lowest_terms(
    numerator: Sequence[Fraction | int], denominator: Sequence[Fraction | int]
) -> RationalFunction:
    """numerator(d)/denominator(d) (coefficients constant term first) in lowest terms.

    >>> lowest_terms((-1, 0, 1), (2, 2))  # (d² - 1)/(2d + 2) = (d - 1)/2
    RationalFunction(numerator=(-1, 1), denominator=(2,))
    """
    p = _trim([Fraction(c) for c in numerator])
    q = _trim([Fraction(c) for c in denominator])
    if q == ZERO:
        raise FormulaError("the denominator is zero for every d")
    if p == ZERO:
        return RationalFunction(numerator=(0,), denominator=(1,))
    if len(p) > 1 and len(q) > 1:
        p, q = _cancel(p, q)
    scale = Fraction(lcm(*(c.denominator for c in p + q)))
    whole_p = [int(c * scale) for c in p]
    whole_q = [int(c * scale) for c in q]
    divisor = gcd(*whole_p, *whole_q)
    if whole_q[-1] < 0:
        divisor = -divisor
    return RationalFunction(
        numerator=tuple(c // divisor for c in whole_p),
        denominator=tuple(c // divisor for c in whole_q),
    )


def _cancel(p: Polynomial, q: Polynomial) -> tuple[Polynomial, Polynomial]:
    """Divide out the greatest common divisor of two polynomials (sympy, over Q)."""
    import sympy

    d = decks_symbol()

    def to_poly(poly: Polynomial) -> Any:
        coefficients = [sympy.Rational(c.numerator, c.denominator) for c in reversed(poly)]
        return sympy.Poly(coefficients, d, domain=sympy.QQ)

    def from_poly(poly: Any) -> Polynomial:
        coefficients = [sympy.Rational(c) for c in reversed(poly.all_coeffs())]
        return _trim([Fraction(int(c.p), int(c.q)) for c in coefficients])

    big_p, big_q = to_poly(p), to_poly(q)
    common = big_p.gcd(big_q)
    return from_poly(big_p.exquo(common)), from_poly(big_q.exquo(common))
