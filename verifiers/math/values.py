"""Comparison, part 1: two values (sympy numbers or expressions with their units and markers).

Decimals against exact values follow the precision policy (``DECIMAL_REL_TOL``); constants compare at 30
digits (``EXACT_REL_TOL``); expressions with free symbols by expansion, then at fixed random points
(``SYMBOLIC_REL_TOL``). Two stated units convert when their dimensions agree (:mod:`verifiers.math.units`).

:func:`equality_holds` judges an equality written in a worked solution (``math_steps``' claims) with the
same evaluation: exact values, constants at 30 digits, identities by expansion and at the same points; a side
the writer rounded may differ by half a unit in its last decimal place.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import random
import re

import mpmath
import sympy
from verigrpo.verifiers.math.cjk import CJK_SCALES
from verigrpo.verifiers.math.lex import UNIT_ALIASES
from verigrpo.verifiers.math.nodes import Expr
from verigrpo.verifiers.math.units import unit_scale, unit_word

DECIMAL_REL_TOL = 1e-6  # decimal vs exact non-terminating value
EXACT_REL_TOL = 1e-20  # two exact constants, compared at 30 digits
SYMBOLIC_REL_TOL = 1e-20  # spot-check points (30-digit evaluation) for expressions with free symbols
# a decimal written with 15 to 17 significant digits is a binary float's printout (Python's repr, numpy's %.15g) ...
FLOAT_DIGITS = (15, 17)
# ... and agrees with another written decimal to 15 significant digits (_same_to_15_digits)

_N_POINTS = 6
_SIMPLIFY_MAX_OPS = 60
_MAX_EXPANDED_TERMS = 2000


_GENERIC_UNITS = (None, "units", "sq units", "units ^2", "sq")


def _unit_scales(a: Expr, b: Expr) -> tuple[sympy.Basic, sympy.Basic] | None:
    """Factors that bring both values to a common unit; None when the units differ in kind.

    A unit on one side only is ignored (a dropped unit is fine); two stated units must be
    the same, or convertible (10 cm = 0.1 m); 10 cm is never 10 m.
    """
    ua = None if a.unit in _GENERIC_UNITS else a.unit
    ub = None if b.unit in _GENERIC_UNITS else b.unit
    one = sympy.Integer(1)
    if ua is None or ub is None or ua == ub:
        return one, one
    fa, fb = unit_scale(ua), unit_scale(ub)
    if fa is None or fb is None or fa[0] != fb[0]:
        return None
    return fa[1], fb[1]


def _as_symbols(e: Expr, other: Expr) -> Expr:
    """``2 nm`` against a side with no unit is 2*n*m: letters that read as symbols are symbols unless the other
    side states a unit too (so ``5 m`` is not 5, and ``2nm`` is ``2mn``), or the other side is a plain number and the
    unit has several letters (``5 m/s`` and ``65.49 kJ`` against 5 and 65.49: as ``5 kg`` against 5)."""
    if e.symbolic is None or other.unit not in _GENERIC_UNITS:
        return e
    if sum(c.isalpha() for c in e.unit or "") > 1 and not getattr(other.value, "free_symbols", True):
        return e  # "65.49 kJ/mol", "5 m/s" against a plain number: a unit phrase of several letters stays a unit
    return Expr(e.symbolic, e.inexact, None, e.marker)


# temperature scales as (factor, offset) to kelvin: K = factor * value + offset
_TEMPERATURES = {
    "K": (sympy.Integer(1), sympy.Integer(0)),
    "kelvin": (sympy.Integer(1), sympy.Integer(0)),
    "degc": (sympy.Integer(1), sympy.Rational(27315, 100)),
    "celsiu": (sympy.Integer(1), sympy.Rational(27315, 100)),
    "degf": (sympy.Rational(5, 9), sympy.Rational(45967, 100) * sympy.Rational(5, 9)),
    "fahrenheit": (sympy.Rational(5, 9), sympy.Rational(45967, 100) * sympy.Rational(5, 9)),
    "degr": (sympy.Rational(5, 9), sympy.Integer(0)),
    "rankine": (sympy.Rational(5, 9), sympy.Integer(0)),
}


def _temperature(unit: str | None) -> tuple[sympy.Basic, sympy.Basic] | None:
    """The kelvin scale of a temperature unit ("degC", "°F", "kelvin", "degR"), else None (a temperature difference
    is written the same way: both sides in one scale compare as they are)."""
    if unit is None:
        return None
    return _TEMPERATURES.get(unit) or _TEMPERATURES.get(unit.lower().replace("°", "deg").replace(" ", ""))


def _degrees(e: Expr) -> bool:
    return e.marker == "degree" or e.unit == "deg"




def _candidates(e: Expr, other: Expr) -> list[sympy.Basic]:
    if e.marker == "percent":  # "49%": 0.49, or 49 where the reference drops the sign; never against a proper
        # fraction (a ratio, a probability: "0.49%" is not 49/100)
        ratio = other.marker is None and not other.inexact and isinstance(other.value, sympy.Rational)
        return [e.value / 100] if ratio and 0 < abs(other.value) < 1 else [e.value, e.value / 100]
    if e.marker == "dozen":  # "7 dozen" is 84, or 7 where the question counts dozens
        return [e.value, e.value / 12]
    if e.unit and e.unit[0] in "万亿만억":  # "120万円", "3만 원": 120 of the unit 万円, or 1,200,000 yen
        return [e.value, e.value * sympy.Integer(10) ** CJK_SCALES[e.unit[0]]]
    if e.marker == "degree" or e.unit == "deg":  # "30^\circ", "30 degrees": also pi/6
        return [e.value, e.value * sympy.pi / 180]
    return [e.value]


def _letter_unit(e: Expr, other: Expr) -> Expr:
    """``5 m`` (read as 5 times a symbol m) against ``5 \\text{ meters}``, ``\\frac{48}{5} A`` against ``9.6
    \\mathrm{A}``: the letter is the unit the other side states."""
    if e.unit is not None or e.marker is not None or other.unit in _GENERIC_UNITS:
        return e
    coeff, sym = e.value.as_coeff_Mul()
    if not (
        isinstance(sym, sympy.Symbol)
        and coeff.is_number
        and coeff != 1  # a number written before the letter: "9.6 A", not "A" nor "1 A" against option A
        and (UNIT_ALIASES.get(sym.name) == other.unit or (sym.name == other.unit and unit_word(sym.name)))
    ):
        return e
    return Expr(coeff, e.inexact, other.unit)


_INTEGRATION_CONSTANT_RE = re.compile(r"[CcK](?:_?\{?[0-9]\}?)?")


def _integration_constant(e: sympy.Basic) -> sympy.Symbol | None:
    r"""The constant of integration of an antiderivative: a symbol named C, c, K (C_1, c0, ...) added alone (with
    coefficient 1) and found nowhere else in it ("\ln|x| + K"); None otherwise."""
    if not isinstance(e, sympy.Add):
        return None
    lone = [t for t in e.args if isinstance(t, sympy.Symbol) and _INTEGRATION_CONSTANT_RE.fullmatch(t.name)]
    if len(lone) != 1 or lone[0] in (e - lone[0]).free_symbols:
        return None
    return lone[0]


def _same_constant(a: Expr, b: Expr) -> Expr:
    """``a`` with its constant of integration renamed to ``b``'s: "x^2/2 + c" against "x^2/2 + C" (the name of an
    arbitrary constant is arbitrary); ``a`` unchanged when either has none."""
    ca, cb = _integration_constant(a.value), _integration_constant(b.value)
    if ca is None or cb is None or ca == cb or cb in a.value.free_symbols:
        return a
    return dataclasses.replace(a, value=a.value.subs(ca, cb))


def _exprs_equal(a: Expr, b: Expr) -> bool:
    a, b = _as_symbols(a, b), _as_symbols(b, a)
    a = _same_constant(a, b)
    if _degrees(a) and b.unit == "rad" or _degrees(b) and a.unit == "rad":  # "4 rad" is not 4°: compare in radians
        deg, rad = (a, b) if _degrees(a) else (b, a)
        return _values_equal(deg.value * sympy.pi / 180, rad.value, deg.inexact, rad.inexact)
    a = _letter_unit(a, b)  # the answer's side only: a reference's capital is a variable or an option
    ta, tb = _temperature(a.unit), _temperature(b.unit)
    if ta is not None and tb is not None:  # "0 degC" against "273.15 K", "30 °C" against "30 degC": both in kelvin
        return _values_equal(a.value * ta[0] + ta[1], b.value * tb[0] + tb[1], a.inexact, b.inexact)
    scales = _unit_scales(a, b)
    if scales is None:
        return False
    sa, sb = scales
    if a.marker is not None and a.marker == b.marker:  # 0.5% is not 50%: both in percent, compare as is
        return _values_equal(a.value * sa, b.value * sb, a.inexact, b.inexact)
    for x, y in itertools.product(_candidates(a, b), _candidates(b, a)):
        if _values_equal(x * sa, y * sb, a.inexact, b.inexact):
            return True
    return _antiderivatives_equal(a, b)


def _antiderivatives_equal(a: Expr, b: Expr) -> bool:
    r"""Two antiderivatives, each with its constant of integration (the same name: :func:`_same_constant`), that
    differ by a constant: "\frac{\tan^6 x}{6} + \frac{\tan^8 x}{8} + C" against "\frac{1}{4\cos^4 x} -
    \frac{1}{3\cos^6 x} + \frac{1}{8\cos^8 x} + C" (one constant absorbs the other's); the constant is a capital
    C or K. The difference is the same number at every spot-check point, and at least three points evaluate; a
    difference that is a plain number ("a + C + 1" against "a + C", where C may name a point) is no such pair."""
    c = _integration_constant(a.value)
    if c is None or c != _integration_constant(b.value) or a.unit or b.unit or a.marker or b.marker:
        return False
    diff = a.value - b.value
    free = diff.free_symbols
    if not free or c in free or len(free) > 3 or not c.name.startswith(("C", "K")):
        return False  # a plain offset ("a + c + 1" against "a + c": c may be a side) or a lower-case c: unequal
    values = [v for v in (_num(diff, pt) for pt in _points(free, 4321)) if v is not None and v.is_real]
    return len(values) >= 3 and all(_close(v, values[0], 1e-12) or abs(v - values[0]) < 1e-12 for v in values[1:])


def expressions_equal(a: sympy.Basic, b: sympy.Basic) -> bool:
    """Equality of two sympy expressions with the exact policy of :mod:`verifiers.math.values` (no decimal tolerance).

    For callers that parsed with :func:`verifiers.math.parse.parse_math`. Never raises.
    """
    try:
        return _values_equal(a, b, False, False)
    except Exception:  # noqa: BLE001
        return False


def _float_printout(a: sympy.Rational, b: sympy.Rational) -> bool:
    """Two decimals with a fractional part, one written with as many digits as a binary float prints, the other
    with no more: 0.3 against 0.30000000000000004. Longer decimals (0.999...9 with 29 nines) are values written out,
    not float noise; an integer is exact."""
    lo, hi = FLOAT_DIGITS
    da, db = _significant_digits(a), _significant_digits(b)
    return min(da, db) > 0 and lo <= max(da, db) <= hi


def _same_to_15_digits(a: sympy.Rational, b: sympy.Rational) -> bool:
    """``a`` and ``b`` agree to 15 significant digits (``%.15g``), the digits a binary float holds exactly:
    0.6666666666666667 and 0.6666666666666666 do, 1234567890123.44 and 1234567890123.45 do not."""
    top = max(abs(a), abs(b))
    if top == 0:
        return True
    exponent = math.floor(math.log10(float(top)))
    return bool(abs(a - b) * 2 <= sympy.Rational(10) ** (exponent - 14))


def _significant_digits(x: sympy.Rational) -> int:
    """How many significant digits a terminating decimal with a fractional part is written with (0.1666...6 with 17
    sixes: 17; 2.5: 2); 0 for an integer (its digits are exact) and a rational that does not terminate in 40 places."""
    if x.is_Integer:
        return 0
    for k in range(41):
        scaled = x * 10**k
        if scaled.is_Integer:
            n = abs(int(scaled))
            while n and n % 10 == 0:
                n //= 10
            return len(str(n)) if n.bit_length() < 3300 else 1000  # (past ~1000 digits: no float printout)
    return 0


def _terminating(x: sympy.Basic) -> bool:
    """A rational whose decimal expansion terminates (denominator 2^a 5^b)."""
    if not x.is_Rational:
        return False
    q = int(x.q)
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def _values_equal(a: sympy.Basic, b: sympy.Basic, a_inexact: bool, b_inexact: bool) -> bool:
    if a == b:
        return True
    inf = (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)
    if a in inf or b in inf or a.has(sympy.oo, sympy.zoo, sympy.nan) or b.has(sympy.oo, sympy.zoo, sympy.nan):
        return False
    if a.is_Rational and b.is_Rational:
        if a_inexact and b_inexact and _float_printout(a, b) and _same_to_15_digits(a, b):
            # 0.6666666666666667 against 0.6666666666666666, 0.30000000000000004 against 0.3: a binary float's
            # printout, not another value (two written decimals, neither an integer)
            return True
        if a_inexact != b_inexact:
            return _constants_equal(a, b, a_inexact, b_inexact)
        return False
    diff = a - b
    if diff == 0:
        return True
    free = a.free_symbols | b.free_symbols
    if not free:
        return _constants_equal(a, b, a_inexact, b_inexact)
    tol = SYMBOLIC_REL_TOL
    if a_inexact != b_inexact and not _only_terminating(b if a_inexact else a):
        tol = DECIMAL_REL_TOL  # 0.3333333 x vs x/3; but 2.0000001 x is not 2 x
    return _symbolic_equal(a, b, diff, free, tol=tol)


def _only_terminating(e: sympy.Basic) -> bool:
    """Every number in ``e`` is a terminating decimal and nothing irrational appears."""
    if e.atoms(sympy.NumberSymbol) or e.has(sympy.I) or e.atoms(sympy.Function):
        return False
    for p in e.atoms(sympy.Pow):
        if not p.exp.is_Integer:
            return False
    return all(_terminating(r) for r in e.atoms(sympy.Rational))


def _num(e: sympy.Basic, subs: dict | None = None, prec: int = 30) -> sympy.Basic | None:
    try:
        v = _real_odd_roots(e).evalf(prec, subs=subs) if subs else e.evalf(prec)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, RecursionError, AttributeError):
        return None
    if not v.is_number or v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return None
    re_, im_ = v.as_real_imag()
    if not (re_.is_Float or re_ == 0) or not (im_.is_Float or im_ == 0):
        return None
    return v


def _is_odd_root(n: sympy.Basic) -> bool:
    return (
        n.is_Pow
        and n.exp.is_Rational
        and not n.exp.is_Integer
        and n.exp.q % 2 == 1
        and bool(n.base.free_symbols)
    )


@functools.lru_cache(maxsize=256)
def _real_odd_roots(e: sympy.Basic) -> sympy.Basic:
    """``e`` with every odd root of a symbolic base taken as the real root, as :func:`~verifiers.math.guards.make_pow`
    takes it for numbers: ``(-x)^{4/3}`` is ``x^{4/3}`` at every real x, where the principal complex power is not
    real for x > 0. For evaluation at points only (solving keeps the plain power)."""
    if not e.has(sympy.Pow):
        return e
    return e.replace(
        _is_odd_root,
        lambda n: (sympy.sign(n.base) * sympy.Abs(n.base) ** sympy.Rational(1, n.exp.q)) ** n.exp.p,
    )


def _close_at_their_digits(a: sympy.Basic, b: sympy.Basic) -> bool:
    """Two exact constants that agree at 30 digits, checked again at 100 digits, or at 30 more than their longest
    integer has: ``\\cos(10^{-11})`` is 1 to 22 digits, ``\\sqrt{10^{60}+1}`` is 10^{30} to 60 and ``(2+\\sqrt3)^{50}``
    an integer to 57; none is. An exact zero difference evaluates to noise 20 digits below the precision."""
    numbers = [abs(int(x)) for r in a.atoms(sympy.Rational) | b.atoms(sympy.Rational) for x in (r.p, r.q)]
    prec = max(100, 30 + max((int(n.bit_length() * 0.30103) + 1 for n in numbers), default=0))
    va, vb = _num(a, prec=prec), _num(b, prec=prec)
    if va is None or vb is None:
        return False
    try:
        x, y = va._to_mpmath(int(prec * 3.33) + 10), vb._to_mpmath(int(prec * 3.33) + 10)
    except (TypeError, ValueError, AttributeError):
        return False
    scale = max(abs(x), abs(y))
    return bool(scale == 0 or abs(x - y) <= scale * mpmath.mpf(10) ** (20 - prec))


def _close(va: sympy.Basic, vb: sympy.Basic, rel: float) -> bool:
    """|va - vb| <= rel * max(|va|, |vb|), in 100-bit mpmath numbers (no overflow on huge values)."""
    try:
        a, b = va._to_mpmath(100), vb._to_mpmath(100)
    except (TypeError, ValueError, AttributeError):
        return False
    # no mpmath.workprec (a global, not thread-safe): a subtraction is exact before it is
    # rounded to the default 53 bits, so |a - b| keeps its magnitude even for near-equal values
    d = abs(a - b)
    scale = max(abs(a), abs(b))
    if scale == 0:
        return bool(d == 0)
    return bool(d <= rel * scale * (1 + 1e-12))  # the bound itself is inside: 0.333333 is 1/3 to 1e-6 exactly


def _within(va: sympy.Basic, vb: sympy.Basic, bound: float) -> bool:
    """|va - vb| < bound, in 100-bit mpmath numbers."""
    try:
        return bool(abs(va._to_mpmath(100) - vb._to_mpmath(100)) < bound)
    except (TypeError, ValueError, AttributeError):
        return False


def _constants_equal(a: sympy.Basic, b: sympy.Basic, a_inexact: bool, b_inexact: bool) -> bool:
    if a_inexact != b_inexact:  # a decimal against an exact value
        exact, approx = (b, a) if a_inexact else (a, b)
        if not approx.is_Rational:
            # "0.5 * ln(3)" against \ln\sqrt{3}, "\frac{\pi}{0.5^2}(0.5 \arcsin 0.5 + ...)" (a 1/12 of its own after
            # 0.5 * pi/6): its decimals are exact numbers; compared as exact values (a rounding such as 0.333 pi
            # against pi/3 is no exact value)
            va, vb = _num(approx), _num(exact)
            return va is not None and vb is not None and _close(va, vb, EXACT_REL_TOL)
        if _terminating(exact):
            return False
        va, vb = _num(approx), _num(exact)
        # within the relative tolerance, and never off by half a unit or more: "31415940.0" is no rounding of
        # 10^7 pi (31415926.5...), however close in relative terms
        return va is not None and vb is not None and _close(va, vb, DECIMAL_REL_TOL) and _within(va, vb, 0.5)
    if a_inexact and b_inexact and a.is_Rational and b.is_Rational:
        return False
    va, vb = _num(a), _num(b)
    if va is None or vb is None:
        return False
    if a_inexact or b_inexact:
        return _close(va, vb, DECIMAL_REL_TOL)
    return _close(va, vb, EXACT_REL_TOL) and _close_at_their_digits(a, b)


def _points(free: set[sympy.Symbol], seed: int, sign: int = 0, n: int = _N_POINTS) -> list[dict]:
    """``n`` fixed points, each symbol in [0.2, 2.8] in absolute value: of random sign (``sign`` 0), or all
    positive (1), or all negative (-1)."""
    rng = random.Random(seed)
    syms = sorted(free, key=lambda s: s.name)
    pts = []
    for _ in range(n):
        pts.append(
            {
                s: sympy.Float(round(rng.uniform(0.2, 2.8) * (sign or rng.choice((1, -1))), 6), 30)
                for s in syms
            }
        )
    return pts


def _one_negative(free: set[sympy.Symbol], limit: int = 6) -> list[dict]:
    """Points with every symbol positive but one or two (of the first ``limit`` symbols): where ``|z|`` and ``z``
    part while the rest stays defined (``\\sqrt{z^2/(a+bz^2)}`` is not ``z/\\sqrt{a+bz^2}``; ``\\ln((cx)^a)`` is
    defined where ``a \\ln c + a \\ln x`` is not, at c, x < 0)."""
    if len(free) < 2:
        return []
    base = _points(free, 3456, sign=1, n=1)[0]
    syms = sorted(free, key=lambda s: s.name)[:limit]
    flips = [(s,) for s in syms] + list(itertools.combinations(syms, 2))
    return [{**base, **{s: -base[s] for s in flip}} for flip in flips]


def equality_holds(lhs: sympy.Basic, rhs: sympy.Basic, decimals: int | None = None) -> bool | None:
    """Whether ``lhs = rhs``, an equality written in a worked solution, holds; None when it cannot be told
    (a value that does not evaluate to a finite number, an identity neither shown nor refuted). Never raises.

    When ``lhs - rhs`` has no free symbols (``3 + 4 = 7``, and ``x + 1 = x + 2``, false for every x): two
    rationals must be equal, other values agree at 30 digits (``EXACT_REL_TOL``), and with ``decimals`` (the
    fewest digits after the point among the decimal literals written) they may differ by half a unit in that
    place, as a rounded result does (``10/3 = 3.33``, not ``3.34``). With free symbols: an identity
    (``(x+1)^2 = x^2 + 2x + 1``), by expansion or at the fixed points as :func:`_values_equal` compares;
    False for a claim that holds for some values only (``2x + 3 = 11``).
    """
    try:
        diff = lhs - rhs
        if diff == 0:
            return True
        if any(e.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan) for e in (lhs, rhs, diff)):
            return None
        if diff.free_symbols:
            return _identity(lhs, rhs, diff, diff.free_symbols, SYMBOLIC_REL_TOL)
        if diff.is_Rational and decimals is None:
            return False
        return _numbers_agree(lhs, rhs, diff, decimals)
    except Exception:  # noqa: BLE001 - documented: never raises
        return None


def _numbers_agree(
    lhs: sympy.Basic, rhs: sympy.Basic, diff: sympy.Basic, decimals: int | None
) -> bool | None:
    """Two sides whose difference has no free symbols (see :func:`equality_holds`). Exact: each side at 30
    digits (at the first fixed point, when symbols cancel); rounded: the difference itself, which evalf works
    out to 30 significant digits however much the sides cancel (and bounds when it is an exact zero)."""
    if decimals is None:
        free = lhs.free_symbols | rhs.free_symbols
        point = _points(free, 1234)[0] if free else None
        va, vb = _num(lhs, point), _num(rhs, point)
        return None if va is None or vb is None else _close(va, vb, EXACT_REL_TOL)
    if diff.is_Rational:
        return bool(abs(diff) * 2 * 10**decimals <= 1 + sympy.Rational(1, 10**9))
    vd = _num(diff)
    if vd is None:
        return None
    try:
        return bool(abs(vd._to_mpmath(100)) * 2 * mpmath.mpf(10) ** decimals <= 1 + 1e-9)
    except (TypeError, ValueError, AttributeError):
        return None


def _symbolic_equal(a: sympy.Basic, b: sympy.Basic, diff: sympy.Basic, free: set, tol: float) -> bool:
    return _identity(a, b, diff, free, tol) is True


def _identity(a: sympy.Basic, b: sympy.Basic, diff: sympy.Basic, free: set, tol: float) -> bool | None:
    """``a == b`` for every value of the free symbols: True (expanded to 0, or equal at 3 or more of the fixed
    points, or simplified to 0), False (a non-zero rational polynomial, or unequal at a point), None (neither
    shown: too many symbols, too few points evaluate and no simplification)."""
    if len(free) > 8:
        return None
    try:
        if sympy.count_ops(diff) <= _SIMPLIFY_MAX_OPS and not _has_big_power(diff):
            expanded = sympy.expand(diff)
            if expanded == 0:
                return True
            if tol == SYMBOLIC_REL_TOL and _rational_polynomial(expanded, free):
                return False  # a non-zero polynomial with rational coefficients: exactly different
    except Exception:  # noqa: BLE001
        pass
    real = _real_domain_identity(a, b, free, tol)
    if real is not None:
        return real
    valid = 0
    for pt in _points(free, 1234):
        va, vb = _num(a, pt), _num(b, pt)
        if va is None and vb is None:
            continue
        if va is None or vb is None:
            continue
        if not _agree_at(a, b, va, vb, pt, tol):
            return False
        valid += 1
    if valid >= 3:
        return True
    if sympy.count_ops(diff) > _SIMPLIFY_MAX_OPS or _has_big_power(diff):
        return None
    try:
        return True if sympy.simplify(diff) == 0 else None
    except Exception:  # noqa: BLE001
        return None


def _real_domain_identity(a: sympy.Basic, b: sympy.Basic, free: set, tol: float) -> bool | None:
    r"""The symbols are real: ``a == b`` where both are defined as real functions (every part real,
    :func:`_defined_real`). At the fixed points (random signs), as many points with every symbol positive,
    three with every symbol negative (where ``\sqrt{x}\sqrt{y}`` and ``\sqrt{xy}`` part) and one per symbol with
    only that symbol negative (:func:`_one_negative`), a point where
    both are defined must agree and a point where only one is defined is a difference; points where neither is
    are not compared (``\sqrt{1/x}`` and ``1/\sqrt{x}`` differ only there; ``\ln(xy) - \ln x`` is not ``\ln y``).
    None (undecided) when fewer than 3 points have both defined. (Sympy simplifies some forms when they are built:
    ``\sqrt{x}\sqrt{x}`` arrives here as ``x``.)"""
    agree = 0
    for pt in _points(free, 1234) + _points(free, 5678, sign=1) + _points(free, 9012, sign=-1, n=3) + _one_negative(free):
        va, vb = _num(a, pt), _num(b, pt)
        if va is None or vb is None:
            continue
        ra, rb = _is_real(va) and _defined_real(a, pt), _is_real(vb) and _defined_real(b, pt)
        if ra != rb:
            return False
        if ra:
            if not _agree_at(a, b, va, vb, pt, tol):
                return False
            agree += 1
    return True if agree >= 3 else None


def _agree_at(a: sympy.Basic, b: sympy.Basic, va: sympy.Basic, vb: sympy.Basic, pt: dict, tol: float) -> bool:
    """``va`` (a's value at ``pt``) and ``vb`` agree within ``tol``; against an exact 0, a sum agrees when it
    cancels to within ``tol`` of its largest term (``|x||y| - |xy|`` leaves a rounding residue, which no
    relative tolerance about 0 accepts)."""
    if _close(va, vb, tol):
        return True
    if not (b == 0 or a == 0):
        return False
    e, v = (a, va) if b == 0 else (b, vb)
    if not isinstance(e, sympy.Add):
        return False
    terms = [_num(t, pt) for t in e.args]
    if any(t is None for t in terms):
        return False
    try:
        scale = max(abs(t._to_mpmath(100)) for t in terms)
        return bool(abs(v._to_mpmath(100)) <= tol * scale)
    except (TypeError, ValueError, AttributeError):
        return False


@functools.lru_cache(maxsize=256)
def _partial_terms(e: sympy.Basic) -> tuple[sympy.Basic, ...]:
    """The sub-expressions of ``e`` that can leave the reals at a real point: even or irrational roots and powers,
    logarithms, the inverse and other functions (``e``'s odd roots taken as real roots first)."""
    e = _real_odd_roots(e)
    found = [
        n
        for n in sympy.preorder_traversal(e)
        if n is not e
        and n.free_symbols
        and (
            (n.is_Pow and not n.exp.is_Integer)
            or (isinstance(n, sympy.Function) and not isinstance(n, _TOTAL))
        )
    ]
    return tuple(found)


_TOTAL = (
    sympy.Abs,
    sympy.sign,
    sympy.exp,
    sympy.sin,
    sympy.cos,
    sympy.sinh,
    sympy.cosh,
    sympy.tanh,
    sympy.atan,
    sympy.asinh,
    sympy.floor,
    sympy.ceiling,
)  # real at every real point


def _defined_real(e: sympy.Basic, pt: dict) -> bool:
    r"""Every part of ``e`` is real at ``pt``: ``e`` is defined there as a real function. ``\sqrt{x}\sqrt{y}`` is
    real at x = y = -1 (i times i) but not defined there; ``|\operatorname{artanh} x|`` is real at x = 2 only by
    taking the modulus of a complex number."""
    for term in _partial_terms(e):
        v = _num(term, pt)
        if v is None or not _is_real(v):
            return False
    return True


def _is_real(v: sympy.Basic) -> bool:
    re_, im_ = v.as_real_imag()
    return im_ == 0 or abs(float(im_)) <= 1e-25 * max(1.0, abs(float(re_)))


def _constant_ratio(da: sympy.Basic, db: sympy.Basic) -> sympy.Basic | None:
    """c when ``da == c * db`` identically with c a non-zero constant, else None."""
    if da == 0 or db == 0:
        return None
    free = da.free_symbols | db.free_symbols
    if len(free) > 8:
        return None
    if sympy.count_ops(da) + sympy.count_ops(db) <= _SIMPLIFY_MAX_OPS and not (
        _has_big_power(da) or _has_big_power(db)
    ):
        try:
            exact = sympy.cancel(da / db)
        except Exception:  # noqa: BLE001 - fall through to the numeric check
            exact = None
        if exact is not None and not exact.free_symbols and exact.is_number:
            return exact if exact != 0 and exact.is_finite else None
        if exact is not None and _rational_polynomial(da, free) and _rational_polynomial(db, free):
            return None  # cancel is exact on polynomials over the rationals: the ratio is not a constant (with
            # sqrt(2) in a coefficient it is not: y/sqrt(2) - x against y - sqrt(2) x goes to the numeric check)
    ratios = []
    for pt in _points(free, 4321):
        va, vb = _num(da, pt), _num(db, pt)
        if va is None or vb is None or vb == 0:
            continue
        ratios.append(sympy.N(va / vb, 30))
    if len(ratios) < 3 or any(not _close(r, ratios[0], SYMBOLIC_REL_TOL) for r in ratios[1:]):
        return None
    r = ratios[0]
    if abs(complex(r)) < 1e-12 or abs(complex(r).imag) > 1e-12:
        return None
    return sympy.Float(complex(r).real)


def _rational_polynomial(e: sympy.Basic, free: set) -> bool:
    """``e`` is a polynomial in ``free`` whose coefficients are all rational (so its expanded form is canonical)."""
    if e.atoms(sympy.NumberSymbol) or e.has(sympy.I) or e.atoms(sympy.Function):
        return False
    if any(not (p.exp.is_Integer and p.exp > 0) for p in e.atoms(sympy.Pow)):
        return False
    return e.is_polynomial(*free)


def _has_big_power(e: sympy.Basic) -> bool:
    """Too costly to expand/cancel/simplify: a power above 20, or an expansion over 2000 terms."""
    if any(p.exp.is_Integer and abs(p.exp) > 20 for p in e.atoms(sympy.Pow)):
        return True
    return _expanded_terms(e) > _MAX_EXPANDED_TERMS


def _expanded_terms(e: sympy.Basic) -> int:
    """An upper estimate of the number of terms of ``expand(e)`` (capped, so it stays cheap)."""
    if e.is_Add:
        return min(sum(_expanded_terms(a) for a in e.args), 10**9)
    if e.is_Mul:
        n = 1
        for a in e.args:
            n = min(n * _expanded_terms(a), 10**9)
        return n
    if e.is_Pow and e.exp.is_Integer and e.exp > 1:
        k = _expanded_terms(e.base)
        return min(math.comb(k + int(e.exp) - 1, k - 1), 10**9) if k < 10**6 else 10**9
    return 1
