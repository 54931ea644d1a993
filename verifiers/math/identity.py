"""Comparison, the numeric core: values at 30 digits, odd roots of negative numbers taken real, and identities.

Two expressions with free symbols are equal by expansion, then at fixed random points (``SYMBOLIC_REL_TOL``); two
constants agree at 30 digits (``EXACT_REL_TOL``). :func:`equality_holds` judges an equality written in a worked
solution (``math_steps``' claims) with the same evaluation: exact values, constants at 30 digits, identities by
expansion and at the same points; a side the writer rounded may differ by half a unit in its last decimal place.
"""

from __future__ import annotations

import functools
import itertools
import math
import random

import mpmath
import sympy

EXACT_REL_TOL = 1e-20  # two exact constants, compared at 30 digits
SYMBOLIC_REL_TOL = 1e-20  # spot-check points (30-digit evaluation) for expressions with free symbols
_N_POINTS = 6
_SIMPLIFY_MAX_OPS = 60
_MAX_EXPANDED_TERMS = 2000


def _num(e: sympy.Basic, subs: dict | None = None, prec: int = 30) -> sympy.Basic | None:
    try:
        v = _real_odd_roots(e).evalf(prec, subs=subs) if subs else e.evalf(prec)
    except ValueError:
        if not (subs and e.has(sympy.floor, sympy.ceiling, sympy.frac)):
            return None
        try:  # (sympy's evalf fails where rounded terms cancel exactly: "floor(x) + floor(-x) + 1" at x = -3)
            v = _real_odd_roots(e).subs(subs).evalf(prec)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, RecursionError, AttributeError):
            return None
    except (TypeError, ZeroDivisionError, OverflowError, RecursionError, AttributeError):
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


def _points(
    free: set[sympy.Symbol], seed: int, sign: int = 0, n: int = _N_POINTS, span: tuple[float, float] = (0.2, 2.8)
) -> list[dict]:
    """``n`` fixed points, each symbol in ``span`` ([0.2, 2.8]) in absolute value: of random sign (``sign`` 0), or
    all positive (1), or all negative (-1)."""
    rng = random.Random(seed)
    syms = sorted(free, key=lambda s: s.name)
    pts = []
    for _ in range(n):
        pts.append(
            {
                s: sympy.Float(round(rng.uniform(*span) * (sign or rng.choice((1, -1))), 6), 30)
                for s in syms
            }
        )
    return pts


# points farther out, where forms that agree near 0 part: |x + 3| and x + 3 (x < -3), min(x, 3) and x (x > 3)
_FAR = (3.5, 12.0)
# and farther still for the functions that clip, round or pick: min(x, 20) and x, floor(x^2/200) and 0
_WIDE = (15.0, 900.0)
_PIECEWISE = (sympy.Min, sympy.Max, sympy.floor, sympy.ceiling, sympy.Abs, sympy.Piecewise, sympy.frac, sympy.sign)


def _far_points(free: set[sympy.Symbol], diff: sympy.Basic) -> list[dict]:
    """The points out at ``_FAR``, and at ``_WIDE`` where ``diff`` clips, rounds or picks (:data:`_PIECEWISE`); and
    integer points where it rounds (``\\lceil x\\rceil - \\lfloor x\\rfloor`` is 1 but at the integers, where it is 0)."""
    wide = _points(free, 1357, n=4, span=_WIDE) if diff.has(*_PIECEWISE) else []
    whole = _integer_points(free) if diff.has(sympy.floor, sympy.ceiling, sympy.frac) else []
    return _points(free, 2468, n=4, span=_FAR) + wide + whole


def _integer_points(free: set[sympy.Symbol], n: int = 3) -> list[dict]:
    """``n`` fixed points with every symbol a small non-zero integer, of random sign; and points where every symbol is
    27720 (a multiple of 1 to 12: ``x/10`` is whole there), -27720 and a half-integer (``x + 1/2`` is whole)."""
    rng = random.Random(8642)
    syms = sorted(free, key=lambda s: s.name)
    small = [{s: sympy.Float(rng.randint(1, 7) * rng.choice((1, -1)), 30) for s in syms} for _ in range(n)]
    return small + [{s: sympy.Float(v, 30) for s in syms} for v in (27720, -27720, 2.5, -1.5)]


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
    for pt in _points(free, 1234) + _far_points(free, diff):
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
    only that symbol negative (:func:`_one_negative`) and four farther out (``_FAR``: ``|x + 3|`` and ``x + 3``
    part at x < -3 only), a point where
    both are defined must agree and a point where only one is defined is a difference; points where neither is
    are not compared (``\sqrt{1/x}`` and ``1/\sqrt{x}`` differ only there; ``\ln(xy) - \ln x`` is not ``\ln y``).
    None (undecided) when fewer than 3 points have both defined. (Sympy simplifies some forms when they are built:
    ``\sqrt{x}\sqrt{x}`` arrives here as ``x``.)"""
    agree = 0
    near = _points(free, 1234) + _points(free, 5678, sign=1) + _points(free, 9012, sign=-1, n=3) + _one_negative(free)
    for pt in near + _far_points(free, a - b):
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
