"""Guarded constructors: they enforce the parser's limits (set in :mod:`verifiers.math.nodes`), the one set
of limits for everything the package parses (answers, and the sides of ``math_steps``' claims).

Untrusted text cannot blow up: answers over ``MAX_ANSWER_CHARS`` characters, answers or expressions over
``MAX_TOKENS`` tokens or nested deeper than ``MAX_DEPTH`` fail to parse; number literals are capped at
``MAX_DIGITS`` digits and a scientific exponent at ``MAX_EXPONENT``; no exact number may have more than
``MAX_RESULT_DIGITS`` digits in its numerator or denominator (``10^{4500}``, ``10^{3999} \\cdot 10^{3999}``,
``1e5000``: :func:`check_size`); a power with a numeric exponent above ``MAX_EXPONENT`` in size fails
(``9^{9^{9^9}}``), and so does one whose symbolic exponent is above it at rough points around the comparison's
(``x^{x^{x^x}}``, ``10^{10^{10/x}}``), and a root of degree above ``MAX_ROOT_DEGREE`` of a number
(``999^{-1/100000}``); so do factorials and binomials of arguments above ``MAX_FACTORIAL``, floor/ceiling of
irrational values above 1e30, and matrices over 100 entries. (The pool's timeout is the last line, not the
first.) A rational power with an odd denominator of a negative number is the real root, as in school maths
(``(-8)^{1/3} = -2``).
"""

from __future__ import annotations

import math
import re
from typing import TypeVar

import sympy
from verigrpo.verifiers.math.lex import FUNCS, PAREN_FUNCS
from verigrpo.verifiers.math.nodes import (
    MAX_DIGITS,
    MAX_EXPONENT,
    MAX_FACTORIAL,
    MAX_RESULT_DIGITS,
    MAX_ROOT_DEGREE,
    Expr,
    Matrix,
    ParseError,
)


def _magnitude_ok(x: sympy.Basic) -> float | None:
    """|x| as a float when x is a number (None when symbolic); raise when it is absurdly large."""
    if not x.is_number:
        return None
    try:
        v = complex(x.evalf(15))
    except (TypeError, ValueError, OverflowError) as e:
        raise ParseError("non-numeric exponent") from e
    a = abs(v)
    if math.isnan(a) or math.isinf(a):
        raise ParseError("infinite exponent")
    return a


_T = TypeVar("_T")
_MAX_BITS = int(MAX_RESULT_DIGITS * math.log2(10))
# Where a symbolic exponent is sized: every variable at once at each point, just outside the points the
# comparison evaluates at (0.2 to 2.8 in size, either sign).
_ROUGH_POINTS = tuple(sympy.Float(v) for v in (-2.9, -0.2, 0.2, 2.9))


def check_size(v: _T) -> _T:
    """``v``, after checking that no exact number in its top level has more than ``MAX_RESULT_DIGITS``
    digits in its numerator or denominator: ``v`` itself as a rational, its coefficient as a product, its
    constant term as a sum (every product and sum the parser builds is checked, so deeper ones were);
    :class:`ParseError` otherwise. Anything that is not a sympy value passes."""
    if not isinstance(v, sympy.Basic):
        return v
    c = v if v.is_Rational else v.as_coeff_Mul()[0] if v.is_Mul else v.as_coeff_Add()[0] if v.is_Add else None
    if c is not None and c.is_Rational and max(int(c.p).bit_length(), int(c.q).bit_length()) > _MAX_BITS:
        raise ParseError("number too large")
    return v


def _check_symbolic_exponent(exp: sympy.Basic) -> None:
    """:class:`ParseError` unless the symbolic exponent ``exp`` evaluates to at most ``MAX_EXPONENT`` in size at
    every rough point (``2^{n}``, ``e^{-x^2}`` pass; ``x^{x^{x^x}}`` does not, nor ``10^{10^{10/x}}``, which
    would be too big to evaluate where the comparison evaluates it)."""
    for point in _ROUGH_POINTS:
        try:
            size = abs(complex(exp.evalf(15, subs=dict.fromkeys(exp.free_symbols, point))))
        except (TypeError, ValueError, OverflowError, ZeroDivisionError, ArithmeticError) as e:
            raise ParseError("symbolic exponent without a size") from e
        if not size <= MAX_EXPONENT:  # also NaN
            raise ParseError("symbolic exponent too large")


def make_pow(base: sympy.Basic, exp: sympy.Basic) -> sympy.Basic:
    """``base**exp`` with guards against results too big to build or to evaluate (see the module docstring);
    an odd root of a negative number is real: ``(-8)^{1/3}`` is -2, ``(-8)^{2/3}`` is 4."""
    if base.has(sympy.oo, sympy.zoo, sympy.nan) or exp.has(sympy.oo, sympy.zoo, sympy.nan):
        raise ParseError("power of infinity")
    if exp.free_symbols:
        _check_symbolic_exponent(exp)
    mag = _magnitude_ok(exp)
    if mag is not None:
        if mag > MAX_EXPONENT:
            if base in (sympy.Integer(1), sympy.Integer(0)):
                return base
            raise ParseError("exponent too large")
        if base.is_Rational and exp.is_Rational and exp.q > MAX_ROOT_DEGREE and base not in (0, 1, -1):
            # sympy pulls perfect powers out of p^(a/q) with integers of ~q digits: 999^{-1/100000} took
            # seconds and made a number too long to print (an error, which the trainer masks)
            raise ParseError("root degree too large")
        if base.is_Rational and exp.is_number and base not in (0, 1, -1):
            p, q = abs(base.p), base.q
            digits = mag * math.log10(max(p, q)) if max(p, q) > 1 else 0.0
            if digits > MAX_RESULT_DIGITS:
                raise ParseError("power too large")
        elif base.is_number and mag > 100:
            bm = _magnitude_ok(base)
            if bm is not None and bm > 0 and mag * abs(math.log10(bm)) > MAX_RESULT_DIGITS:
                raise ParseError("power too large")
    if base == 0 and exp.is_number and exp.is_negative:
        raise ParseError("division by zero")
    if exp.is_Rational and exp.q % 2 == 1 and not exp.is_Integer and base.is_number and base.is_extended_negative:
        return (-1) ** int(exp.p) * make_pow(-base, exp)
    if base.is_Rational and not exp.is_Integer and max(abs(int(base.p)), int(base.q)) > _BIG_ROOT_BASE:
        # \sqrt{10^{3990}+1}: sympy would factor the 3990-digit integer (21 s, and again after every later operation
        # on it); an exact root (\sqrt{10^{200}}) is taken, any other refused
        return _exact_root(base, exp)
    return check_size(sympy.Pow(base, exp))


def _exact_root(base: sympy.Rational, exp: sympy.Basic) -> sympy.Basic:
    """``base**exp`` for a huge positive rational and a rational exponent p/q when ``base`` is a perfect q-th power
    (integer roots, no factoring); :class:`ParseError` otherwise."""
    if not (exp.is_Rational and base > 0 and exp.q <= MAX_ROOT_DEGREE):
        raise ParseError("root of a huge number")
    num, exact_num = sympy.integer_nthroot(int(base.p), int(exp.q))
    den, exact_den = sympy.integer_nthroot(int(base.q), int(exp.q))
    if not (exact_num and exact_den):
        raise ParseError("root of a huge number that is not a perfect power")
    return make_pow(sympy.Rational(num, den), sympy.Integer(exp.p))


def make_factorial(x: sympy.Basic) -> sympy.Basic:
    if x.is_number:
        if not (x.is_Integer and 0 <= x <= MAX_FACTORIAL):
            raise ParseError("factorial argument out of range")
    return sympy.factorial(x)


def make_factorial2(x: sympy.Basic) -> sympy.Basic:
    """The double factorial ``x!!`` (``5!! = 15``), within the factorial's bounds."""
    if x.is_number:
        if not (x.is_Integer and -1 <= x <= MAX_FACTORIAL):
            raise ParseError("double factorial argument out of range")
    return sympy.factorial2(x)


_MAX_BINOMIAL_N = 1_000_000
_BIG_ROOT_BASE = 10**100  # a root of a bigger integer is taken only when exact (no factoring while parsing)


def make_binomial(n: sympy.Basic, k: sympy.Basic) -> sympy.Basic:
    """``binomial(n, k)``. Numeric arguments are integers; past ``MAX_FACTORIAL`` a binomial is bounded by the
    size of its value, not of its arguments: ``\\binom{4048}{2024}`` (1216 digits) is built, ``\\binom{10^5}{5
    \\cdot 10^4}`` (30,100 digits) is not."""
    if n.is_Integer and k.is_Integer and MAX_FACTORIAL < n <= _MAX_BINOMIAL_N:
        if not 0 <= k <= n:
            return sympy.Integer(0)
        digits = (math.lgamma(int(n) + 1) - math.lgamma(int(k) + 1) - math.lgamma(int(n - k) + 1)) / math.log(10)
        if digits > MAX_RESULT_DIGITS - 1:
            raise ParseError("binomial too large")
        return sympy.Integer(math.comb(int(n), int(k)))
    for x in (n, k):
        if x.is_number and not (x.is_Integer and abs(x) <= MAX_FACTORIAL):
            raise ParseError("binomial argument out of range")
    return sympy.binomial(n, k)


_MAX_TERMS = 200  # terms of a sum or product written with \sum / \prod and numeric bounds
_MAX_SUMMAND_DEGREE = 10


def indexed_by(expr: sympy.Basic, var: sympy.Symbol) -> bool:
    """``expr`` has a symbol subscripted by ``var`` (``a_k``, ``X_n``, ``a_{k+1}``): a term of a sequence that
    changes with ``var``, which the parser reads as one letter (so ``\\sum_{k=1}^4 a_k`` is no ``4 a_k``)."""
    for sym in expr.free_symbols:
        name, _, sub = sym.name.partition("_")
        if sub and var.name in re.findall(r"[A-Za-z]+", sub):
            return True
    return False


def make_big_operator(
    name: str, k: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic, term: sympy.Basic
) -> sympy.Basic:
    """``\\sum`` / ``\\prod`` over ``k = lo .. hi``: written out when the bounds are integers (at most
    ``_MAX_TERMS`` terms); with a symbolic upper bound, a sum only of a polynomial in ``k`` (Faulhaber), a product
    only of ``c k`` (factorials)."""
    if indexed_by(term, k):
        raise ParseError("a sequence's terms, indexed by the sum's variable")
    if not lo.is_Integer:
        raise ParseError("a sum's lower bound must be an integer")
    if hi.is_Integer:
        if int(hi) - int(lo) + 1 > _MAX_TERMS:
            raise ParseError("too many terms")
        terms = [term.subs(k, i) for i in range(int(lo), int(hi) + 1)]
        return check_size(sympy.Add(*terms) if name == "sum" else sympy.Mul(*terms))
    if (
        name == "sum"
        and hi.free_symbols
        and k not in hi.free_symbols
        and hi.is_polynomial()
        and sympy.degree(hi) == 1
        and term.is_polynomial(k)
        and sympy.degree(term, k) <= _MAX_SUMMAND_DEGREE
    ):
        return sympy.expand(sympy.summation(term, (k, lo, hi)))
    if name == "prod" and hi.free_symbols and k not in hi.free_symbols and not term.has(k):
        return make_pow(term, hi - lo + 1)  # \prod_{k=1}^{n} 2 = 2^n
    if name == "prod" and hi.free_symbols and k not in hi.free_symbols and lo >= 1:
        c = sympy.simplify(term / k)
        if not c.has(k) and c.is_number and c != 0:  # \prod_{k=1}^{n} ck = c^n n!
            return c ** (hi - lo + 1) * sympy.factorial(hi) / sympy.factorial(lo - 1)
    raise ParseError(f"unsupported \\{name}")


def make_func(name: str, arg: sympy.Basic, base: sympy.Basic | None = None) -> sympy.Basic:
    if arg.has(sympy.oo, sympy.zoo, sympy.nan):
        raise ParseError("function of infinity")
    if name == "exp":
        mag = _magnitude_ok(arg)
        if mag is not None and mag > MAX_EXPONENT:
            raise ParseError("exponent too large")
    if name == "sqrt":
        return make_pow(arg, sympy.Rational(1, 2))
    if name == "factorial":  # "factorial(3m)", as a CAS writes (3m)!
        return make_factorial(arg)
    if name in ("floor", "ceil", "ceiling") and not arg.is_Rational:
        mag = _magnitude_ok(arg)
        if mag is not None and mag > 1e30:  # rounding needs every digit: e^{10^4} has 4343
            raise ParseError("rounding of a huge number")
    if name in ("log", "ln"):
        if arg == 0 or (base is not None and base in (0, 1)):
            raise ParseError("log of zero")
        return sympy.log(arg, base) if base is not None else sympy.log(arg)
    if name in ("gamma", "Gamma") and arg.is_number:  # Gamma(n) = (n - 1)!, within the factorial's limits
        if arg.is_Integer:
            return make_factorial(arg - 1)
        mag = _magnitude_ok(arg)
        if mag is None or mag > MAX_FACTORIAL:
            raise ParseError("gamma argument out of range")
    return (FUNCS[name] if name in FUNCS else PAREN_FUNCS[name])(arg)


def _div(a: sympy.Basic, b: sympy.Basic) -> sympy.Basic:
    if b == 0:
        raise ParseError("division by zero")
    return a * make_pow(b, sympy.Integer(-1))


def _number(text: str) -> sympy.Rational:
    mant, _, ex = text.lower().partition("e")
    digits = len(mant.replace(".", "").lstrip("0"))
    if digits > MAX_DIGITS or len(ex) > 8 or (ex and abs(int(ex)) > MAX_EXPONENT):
        raise ParseError("number too long")
    if "." in mant:
        ip, _, fp = mant.partition(".")
        value = sympy.Rational(int(ip or "0") * 10 ** len(fp) + int(fp or "0"), 10 ** len(fp))
    else:
        value = sympy.Integer(int(mant))
    if ex:
        value = check_size(value * sympy.Rational(10) ** int(ex))
    return value


def _repeating(intpart: str, nonrep: str, rep: str) -> sympy.Rational:
    if not rep.isdigit() or len(intpart) + len(nonrep) + len(rep) > MAX_DIGITS:
        raise ParseError("bad repeating decimal")
    a, r = len(nonrep), len(rep)
    whole = int(intpart or "0")
    frac = sympy.Rational(int(nonrep + rep) - int(nonrep or "0"), 10**a * (10**r - 1))
    return whole + frac


_MAX_MATRIX_ENTRIES = 100


def _matrix_arith(op: str, a, b) -> Matrix:
    """``A + B``, ``A - B``, ``A B`` (``A \\cdot B``) and ``c A`` for matrices written out in an
    answer: the matrix they make. Shapes must fit; anything else is a :class:`ParseError`."""

    def as_sympy(v):
        if isinstance(v, Matrix):
            if len(v.rows) * len(v.rows[0]) > _MAX_MATRIX_ENTRIES:
                raise ParseError("matrix too large")
            return sympy.Matrix([[_scalar(x) for x in row] for row in v.rows])
        return _scalar(v)

    x, y = as_sympy(a), as_sympy(b)
    both = isinstance(x, sympy.MatrixBase) and isinstance(y, sympy.MatrixBase)
    if op in ("+", "-"):
        if not both or x.shape != y.shape:
            raise ParseError("sum of a matrix and a non-matrix, or of different shapes")
        out = x + y if op == "+" else x - y
    elif op == "*":
        if both and x.shape[1] != y.shape[0]:
            raise ParseError("matrix product of incompatible shapes")
        out = x * y
    else:
        raise ParseError(f"matrix operation {op!r}")
    if out.shape[0] * out.shape[1] > _MAX_MATRIX_ENTRIES:
        raise ParseError("matrix too large")
    rows, cols = out.shape
    return Matrix(tuple(tuple(Expr(sympy.expand(out[i, j])) for j in range(cols)) for i in range(rows)))


def _scalar(v) -> sympy.Basic:
    if isinstance(v, sympy.Basic):
        return v
    if isinstance(v, Expr) and v.unit is None and v.marker is None:
        return v.value
    raise ParseError("arithmetic on a structure")
