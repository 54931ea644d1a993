"""Comparison, part 1: two values (sympy numbers or expressions with their units and markers).

Decimals against exact values follow the precision policy (``DECIMAL_REL_TOL``); constants compare at 30
digits, and expressions with free symbols by expansion, then at fixed random points (:mod:`verifiers.math.identity`).
Two stated units convert when their dimensions agree (:mod:`verifiers.math.units`).
"""

from __future__ import annotations

import contextvars
import dataclasses
import itertools
import math
import re

import mpmath
import sympy
from verigrpo.verifiers.math.cjk import CJK_SCALES
from verigrpo.verifiers.math.identity import (
    EXACT_REL_TOL,
    SYMBOLIC_REL_TOL,
    _close,
    _num,
    _points,
    _symbolic_equal,
)
from verigrpo.verifiers.math.lex import UNIT_ALIASES
from verigrpo.verifiers.math.nodes import Expr
from verigrpo.verifiers.math.units import unit_scale, unit_word

DECIMAL_REL_TOL = 1e-6  # decimal vs exact non-terminating value
# math_answer's ``rounded_decimals`` for the call in progress: whether two written decimals are equal when one is the
# other rounded at its own last place to three significant digits or more (0.4742 and 0.47419). Off by default: a
# key's digits are the answer's (other projects' keys and tests disagree, and this repo's own table refuses them)
ROUNDED_DECIMALS: contextvars.ContextVar[bool] = contextvars.ContextVar("rounded_decimals", default=False)
# a decimal written with 15 to 17 significant digits is a binary float's printout (Python's repr, numpy's %.15g) ...
FLOAT_DIGITS = (15, 17)
# ... and agrees with another written decimal to 15 significant digits (_same_to_15_digits)


_GENERIC_UNITS = (None, "units", "sq units", "units ^2", "sq")


def _unit_scales(a: Expr, b: Expr) -> tuple[sympy.Basic, sympy.Basic] | None:
    """Factors that bring both values to a common unit; None when the units differ in kind.

    A unit on one side only is ignored (a dropped unit is fine); two stated units must be
    the same, or convertible (10 cm = 0.1 m); 10 cm is never 10 m. A CJK scale before a unit word scales it
    ("120 万円" is "1200000 円").
    """
    ua = None if a.unit in _GENERIC_UNITS else a.unit
    ub = None if b.unit in _GENERIC_UNITS else b.unit
    one = sympy.Integer(1)
    if ua is None or ub is None or ua == ub:
        return one, one
    for x, y, first in ((ua, ub, True), (ub, ua, False)):
        if len(x) > 1 and x[0] in CJK_SCALES and x[1:].strip() == y:  # "120 万円" is "1200000 円"
            scale = sympy.Integer(10) ** CJK_SCALES[x[0]]
            return (scale, one) if first else (one, scale)
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
    if e.marker == "dozen":  # "7 dozen" is 84, or 7 where the question counts dozens (never "7 apples")
        return [e.value, e.value / 12] if other.unit in _GENERIC_UNITS else [e.value]
    if e.unit and e.unit[0] in "万亿만억":  # "120万円", "3만 원": 120 of the unit 万円, or 1,200,000 yen
        return [e.value, e.value * sympy.Integer(10) ** CJK_SCALES[e.unit[0]]]
    if e.marker == "degree" or e.unit == "deg":  # "30^\circ", "30 degrees": also pi/6
        if e.value.has(sympy.pi) and not _degrees(other):  # "\frac{\pi}{6}^\circ": pi/6 degrees, never pi/6 radians
            return [e.value * sympy.pi / 180]
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


def _marker_against_unit(e: Expr, other: Expr) -> bool:
    """A percent, a degree or a dozen on ``e`` against a unit that ``other`` states and that is none of them: "25%"
    against "25 km" or "$25", "25°" against "25 kg" (not against "25 degC", a temperature, nor "25 rad", compared in
    radians), "25 dozen" against "25 hours" (a count in dozens against a count of apples is the dozen's whole
    number, "7 dozen" = "84 apples")."""
    if e.marker is not None and other.marker is not None and other.marker != e.marker:
        return True  # "25%" against "25°"
    if e.marker is None or other.unit in _GENERIC_UNITS or other.marker == e.marker:
        return False
    if (other.unit or "").lower() in _MARKER_WORDS[e.marker]:  # "28 percentage", "90 derajat", "60度"
        return False
    if e.marker == "degree" and (other.unit in ("deg", "rad") or _temperature(other.unit) is not None):
        return False
    return not (e.marker == "dozen" and unit_scale(other.unit) is None)  # (a noun it counts: "84 apples")


# the words (as the parser keeps a unit: singular, lower case) that name a marker's own kind, in other languages too
_MARKER_WORDS = {
    "percent": frozenset(
        {"%", "％", "٪", "percentage", "percent", "pct", "persen", "prozent", "porcentaje", "pourcentage", "procent",
         "percento", "percentuale", "yüzde"}
    ),
    "degree": frozenset(
        {"degree", "derajat", "度", "grado", "grad", "degré", "degre", "stopni", "stopień", "derece", "độ", "도",
         "องศา", "درجة", "डिग्री"}
    ),
    "dozen": frozenset({"dozen"}),
}


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
    if _marker_against_unit(a, b) or _marker_against_unit(b, a):  # "25%" is no "25 km", "25°" no "$25"
        return False
    scales = _unit_scales(a, b)
    if scales is None:
        return False
    sa, sb = scales
    if a.marker is not None and a.marker == b.marker:  # 0.5% is not 50%: both in percent, compare as is
        return _values_equal(a.value * sa, b.value * sb, a.inexact, b.inexact)
    for x, y in itertools.product(_candidates(a, b), _candidates(b, a)):
        if _values_equal(x * sa, y * sb, a.inexact, b.inexact, printout=a.marker == b.marker):
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


def constant_against_none(a: Expr, b: Expr, either_side: bool = True) -> bool:
    r"""An antiderivative with its constant of integration against a key written without one ("x^x + C" against
    "x^x", as the MIT Integration Bee's keys are): equal when the answer less its constant is the key, with a
    logarithm of an absolute value read as the logarithm ("\ln|x+1| + C" against "\log(x+1)": the key's
    antiderivative where x+1 > 0). Not a family against a key with its constant fixed ("x^2 + C" against "x^2 + 2").
    Spot-checked at points where every symbol is positive; at least three must evaluate. Only for a question that
    asks for an antiderivative (a derivative "2x + C" against "2x" is wrong): the caller reads the question.
    ``either_side``: the constant may be the key's (else only the answer's, ``a``)."""
    for x, y in ((a, b), (b, a)) if either_side else ((a, b),):
        c = _integration_constant(x.value)
        if c is None or not c.name.startswith(("C", "K")) or _integration_constant(y.value) is not None:
            continue
        if c in y.value.free_symbols or x.unit or y.unit or x.marker or y.marker:
            return False
        diff = _log_of_abs(x.value - c) - _log_of_abs(y.value)
        free = diff.free_symbols
        if not free:
            return diff == 0
        if len(free) > 3:
            return False
        values = [v for v in (_num(diff, pt) for pt in _points(free, 4321, sign=1)) if v is not None]
        return len(values) >= 3 and all(abs(v) < 1e-9 for v in values)
    return False


def _log_of_abs(e: sympy.Basic) -> sympy.Basic:
    """``e`` with every ``log(|u|)`` read as ``log(u)``."""
    return e.replace(lambda t: isinstance(t, sympy.log) and isinstance(t.args[0], sympy.Abs), lambda t: sympy.log(t.args[0].args[0]))


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


def _printed_key(a: sympy.Rational, b: sympy.Rational) -> bool:
    """The key ``b`` is a binary float's printout (:data:`FLOAT_DIGITS`) and the answer ``a`` has fewer digits: a
    decimal that rounds it at its own last place states its value (nobody writes a key's sixteen digits). Not a key
    written with fewer digits ("3.3333333" against 3.33: the key states its precision), nor the other way round
    (62.83185307179586 against a key 62.8)."""
    lo, hi = FLOAT_DIGITS
    return lo <= _significant_digits(b) <= hi and _significant_digits(a) < lo


def _printout_of(exact: sympy.Rational, key: sympy.Rational) -> bool:
    """``key`` is a binary float's printout of ``exact``, a fraction (3/10 against 0.30000000000000004)."""
    lo, hi = FLOAT_DIGITS
    return not exact.is_Integer and lo <= _significant_digits(key) <= hi and _same_to_15_digits(exact, key)


def printed_integer_key(pred: object, gold: object) -> bool:
    """The reference is a binary float's printout of the integer the answer gives: 7800 against 7800.000000000001,
    -109 against -108.99999999999999. (The other way, "1.0000000000000002" against a key 1, stays unequal: the key's
    noise is not the answer's.)"""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or (pred.unit, pred.marker) != (gold.unit, gold.marker):
        return False
    a, b = pred.value, gold.value
    if not gold.inexact or not (a.is_Integer and b.is_Rational) or b.is_Integer:  # (3 or 3.0)
        return False
    lo, hi = FLOAT_DIGITS
    return lo <= _significant_digits(b) <= hi and _same_to_15_digits(a, b)


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


def _values_equal(a: sympy.Basic, b: sympy.Basic, a_inexact: bool, b_inexact: bool, printout: bool = True) -> bool:
    """``printout``: a decimal may round a binary float's printout (not across a percent sign on one side only)."""
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
        if b_inexact and not a_inexact and _printout_of(a, b):
            return True  # \frac{3}{10} against the key 0.30000000000000004: the key's float noise
        if a_inexact != b_inexact:
            return _constants_equal(a, b, a_inexact, b_inexact)
        # a decimal that rounds another at its own last place: where the policy says so, or where the key is a
        # binary float's printout ("0.914" against 0.9137854519568591)
        rounding = ROUNDED_DECIMALS.get() or (printout and _printed_key(a, b))
        return a_inexact and b_inexact and rounding and _rounded_to(a, b)
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


def _decimal_places(x: sympy.Rational) -> int | None:
    """How many places after the point a terminating decimal is written with at least (2.50 -> 1); None otherwise."""
    for k in range(41):
        if (x * 10**k).is_Integer:
            return k
    return None


def _rounded_to(a: sympy.Rational, b: sympy.Rational) -> bool:
    """Two written decimals, both with a fractional part, one the other rounded at its own last place to three
    significant digits or more: 0.4742 against 0.47419, 0.914 against 0.9137854519568591; not 0.47 (two digits), nor
    0.4743, nor 12 against 12.3 (an integer states no rounding)."""
    pa, pb = _decimal_places(a), _decimal_places(b)
    if not pa or not pb or pa == pb:
        return False
    coarse, fine, places = (a, b, pa) if pa < pb else (b, a, pb)
    if abs(coarse) * 10**places < 100:
        return False  # fewer than three significant digits: 0.47, 2.5
    if FLOAT_DIGITS[0] <= _significant_digits(fine) <= FLOAT_DIGITS[1]:  # 2.6749999999999998: the float nearest 2.675
        fine = sympy.Rational(str(sympy.Float(fine, 15)))
    return bool(abs(fine - coarse) * 2 * 10**places <= 1)


def _only_terminating(e: sympy.Basic) -> bool:
    """Every number in ``e`` is a terminating decimal and nothing irrational appears. A function or a power of the
    variable makes no number irrational ("e^x", "2\\sin x", "\\sqrt{x}": their numbers are 1 and 2, so "1.000001e^x"
    is no rounding of "e^x"); of a constant it does ("e^2", "\\sin 1", "\\sqrt{2}")."""
    if e.atoms(sympy.NumberSymbol) or e.has(sympy.I):
        return False
    for f in e.atoms(sympy.Function):  # (but "e^{x+1}", "\\sin(x+1)", "\\ln(2x)" hold e, \\sin 1, \\ln 2)
        if not all(_plain_argument(a, scaled=not isinstance(f, sympy.log)) for a in f.args):
            return False
    for p in e.atoms(sympy.Pow):
        if not p.exp.is_Integer and not _rational_power(p):
            return False  # ("\\sqrt{2x}" holds \\sqrt 2)
    return all(_terminating(r) for r in e.atoms(sympy.Rational))


def _rational_power(p: sympy.Pow) -> bool:
    """A power of the variable that brings no irrational constant out: a rational power of a polynomial whose content
    is that power of a rational ("\\sqrt{x}", "\\sqrt{x+1}", "\\sqrt{4x+4}"; not "\\sqrt{2x}" nor "\\sqrt{2x+2}",
    which hold \\sqrt 2), and a positive rational raised to the variable plus an integer ("2^x", "3^{x+1}"; not
    "2^{x+1/2}", which holds \\sqrt 2)."""
    base, exp = p.base, p.exp
    if exp.is_Rational:
        if not base.free_symbols:
            return False
        content, _ = base.as_content_primitive()
        return bool((content**exp).is_Rational)
    return bool(base.is_Rational and base.is_positive and exp.free_symbols and exp.as_coeff_Add()[0].is_Integer)


def _plain_argument(arg: sympy.Basic, scaled: bool) -> bool:
    """A function's argument that brings no constant of its own out: symbols with no constant term, and (unless
    ``scaled``) a coefficient of 1 or -1: "x", "2x" (scaled), "xy"; not "x + 1" nor "3" (nor "2x" under a log)."""
    if not arg.free_symbols or arg.as_coeff_Add()[0] != 0:
        return False
    return scaled or abs(arg.as_coeff_Mul()[0]) == 1


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


def _rounds_or_cuts(va: sympy.Basic, vb: sympy.Basic, approx: sympy.Rational) -> bool:
    """The decimal ``approx`` (evaluated: ``va``) is the exact value ``vb`` rounded at its own last place (half a unit
    off at most), or cut there (toward zero, less than a unit off); or it has 15 significant digits or more, a binary
    float's printout, whose last digit is noise ("-0.8224670334241131" for -pi^2/12)."""
    places = _decimal_places(approx) or 0
    if len(str(abs(int(approx * 10**places)))) >= 15:
        return True
    unit = mpmath.mpf(10) ** -places
    try:
        x, y = va._to_mpmath(100), vb._to_mpmath(100)
    except (TypeError, ValueError, AttributeError):
        return False
    return bool(abs(x - y) <= unit / 2 or (x * y > 0 and 0 <= abs(y) - abs(x) < unit))


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
        # within the relative tolerance, and the exact value rounded or cut at the decimal's own last place
        # ("0.3333333" and "0.1666666"; not "0.3333336" for 1/3, nor "31415940.0" for 10^7 pi, however close)
        return va is not None and vb is not None and _close(va, vb, DECIMAL_REL_TOL) and _rounds_or_cuts(va, vb, approx)
    if a_inexact and b_inexact and a.is_Rational and b.is_Rational:
        return False
    va, vb = _num(a), _num(b)
    if va is None or vb is None:
        return False
    if a_inexact or b_inexact:
        return _close(va, vb, DECIMAL_REL_TOL)
    return _close(va, vb, EXACT_REL_TOL) and _close_at_their_digits(a, b)


