"""Comparison, part 3: conditions. Equations, inequalities, intervals and their "or" / "and"
combinations say which values satisfy them; two conditions are the same answer when they say the same
(``x^2 = 4`` and ``x = 2 or x = -2``, ``|x| < 2`` and ``-2 < x < 2``, ``(1, 2] \\cup [2, 3)`` and
``(1, 3)``, ``a b = 0`` and ``a = 0 or b = 0``). Used by :mod:`~verifiers.math.compare` only where the
answers as written do not match; never raises.

Two readings, both exact:

- one real variable, where an inequality, an interval or a union is involved: the real solution sets,
  worked out by sympy's ``solveset`` for conditions it solves fast (quadratics, two-term powers such as
  ``x^6 < 1``, absolute values of quadratics);
- equations only, any variables: the zero sets, as the square-free parts of the numerators of
  ``lhs - rhs`` (an ``or`` multiplies them), equal up to a non-zero constant. Equal square-free parts
  have the same complex (so the same real) solutions; root multiplicity is not compared
  (``(x - 2)^2 = 0`` says what ``x = 2`` says). ``|A| = |B|`` reads as ``A^2 = B^2``.

Undecided (``None``, so not equal): empty solution sets, decimals, transcendental functions, more than
one variable with an inequality, degrees above the limits below.
"""

from __future__ import annotations

import sympy
from verigrpo.verifiers.math.identity import _has_big_power
from verigrpo.verifiers.math.nodes import Answers, Bracket, Expr, Node, Relation, Union

_MAX_DEGREE = 8  # of a two-term one-variable condition (x^6 < 1); others at most 2 (solveset is slow above)
_MAX_ZERO_DEGREE = 24  # total degree of a product of equations
_MAX_SYMBOLS = 6
_MAX_ITEMS = 8  # relations joined by "or" / "and"
_INEQ = ("<", "<=", ">", ">=")
_SYMPY_OP = {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}


def is_condition(n: Node) -> bool:
    """A relation, a union, or relations joined by "or" / "and" (the nodes this module compares)."""
    if isinstance(n, (Relation, Union)):
        return True
    return (
        isinstance(n, Answers)
        and n.connective in ("or", "and")
        and 2 <= len(n.items) <= _MAX_ITEMS
        and all(isinstance(i, (Relation, Union, Bracket)) for i in n.items)
    )


def conditions_equal(a: Node, b: Node) -> bool:
    """True when the two conditions have the same solutions (see the module docstring); never raises."""
    try:
        if _only_equations(a) and _only_equations(b):
            pa, pb = _zero_poly(a), _zero_poly(b)
            return pa is not None and pb is not None and _same_zeros(pa, pb)
        sa, sb = _real_set(a), _real_set(b)
        if sa is None or sb is None or sa[1] is sympy.S.EmptySet or sb[1] is sympy.S.EmptySet:
            return False
        if sa[0] is not None and sb[0] is not None and sa[0] != sb[0]:
            return False  # conditions on different variables
        return _sets_equal(sa[1], sb[1])
    except Exception:  # noqa: BLE001 - when in doubt, not equal
        return False


def _items(n: Node) -> tuple[Node, ...]:
    return n.items if isinstance(n, Answers) else (n,)


def _only_equations(n: Node) -> bool:
    items = _items(n)
    if isinstance(n, Answers) and n.connective != "or":
        return False
    return all(isinstance(i, Relation) and i.ops == ("=",) for i in items)


def _exact_sides(r: Relation) -> list[sympy.Basic] | None:
    """The sides' values when every side is a plain exact expression (no units, markers, decimals)."""
    out = []
    for s in r.sides:
        if not (isinstance(s, Expr) and s.unit is None and s.marker is None and not s.inexact):
            return None
        if s.value.atoms(sympy.Float) or s.value.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
            return None
        if _has_big_power(s.value):  # (x - a)^{6000}: too costly to expand, factor or solve
            return None
        out.append(s.value)
    return out


# -- equations: zero sets ------------------------------------------------------------------------


def _zero_poly(n: Node) -> sympy.Basic | None:
    """The product of the numerators of ``lhs - rhs`` over the equations joined by "or"."""
    out = sympy.Integer(1)
    for r in _items(n):
        sides = _exact_sides(r)  # type: ignore[arg-type]
        if sides is None:
            return None
        lhs, rhs = sides
        if isinstance(lhs, sympy.Abs) and (isinstance(rhs, sympy.Abs) or _nonneg_constant(rhs)):
            lhs, rhs = lhs.args[0] ** 2, (rhs.args[0] if isinstance(rhs, sympy.Abs) else rhs) ** 2
        elif isinstance(rhs, sympy.Abs) and _nonneg_constant(lhs):
            lhs, rhs = lhs**2, rhs.args[0] ** 2
        num = sympy.numer(sympy.cancel(sympy.together(lhs - rhs)))  # (x^2-1)/(x+1) = 0 says x = 1
        if num == 0 or not num.free_symbols or num.atoms(sympy.Function):
            return None
        out = out * num
    free = out.free_symbols
    if len(free) > _MAX_SYMBOLS or not out.is_polynomial(*free):
        return None
    if sympy.Poly(out, *sorted(free, key=str)).total_degree() > _MAX_ZERO_DEGREE:
        return None
    return out


def _nonneg_constant(v: sympy.Basic) -> bool:
    return not v.free_symbols and bool(v.is_extended_real) and bool(v >= 0)


def _same_zeros(pa: sympy.Basic, pb: sympy.Basic) -> bool:
    if pa.free_symbols != pb.free_symbols:
        return False
    ra = sympy.cancel(sympy.sqf_part(sympy.expand(pa)) / sympy.sqf_part(sympy.expand(pb)))
    return not ra.free_symbols and ra != 0 and bool(ra.is_finite)


# -- one real variable: solution sets ------------------------------------------------------------


def _real_set(n: Node) -> tuple[sympy.Symbol | None, sympy.Set] | None:
    """(the variable, the set of reals the condition or interval describes), or None."""
    if isinstance(n, Answers):
        if not is_condition(n):
            return None
        parts = [_real_set(i) for i in n.items]
        if any(p is None for p in parts):
            return None
        var = _one_variable([p[0] for p in parts])  # type: ignore[index]
        if var is False:
            return None
        sets = [p[1] for p in parts]  # type: ignore[index]
        return var, (sympy.Union(*sets) if n.connective == "or" else sympy.Intersection(*sets))  # type: ignore[return-value]
    if isinstance(n, Union):
        parts = [_real_set(p) for p in n.parts]
        if any(p is None or p[0] is not None for p in parts):
            return None
        return None, sympy.Union(*[p[1] for p in parts])  # type: ignore[index]
    if isinstance(n, Bracket):
        return _bracket_set(n)
    if isinstance(n, Relation):
        return _relation_set(n)
    return None


def solution_set(n: Answers) -> Node | None:
    """Conditions joined by "and" (``x > 1 and x < 5``) as the set they describe together, the intersection of
    their solution sets: an interval, a union of intervals and points; None when that set is empty or cannot be
    worked out. (Set-builder notation reads its connectives as logic: ``\\{x \\mid x < 0 \\text{ and } x > 1\\}`` is
    empty, not the union a loose "and" between answers can mean.)"""
    read = _real_set(n)
    pieces = _pieces(read[1]) if read is not None else None
    if not pieces:
        return None
    parts: list[Node] = []
    for lo, hi, lo_open, hi_open in pieces:
        if lo == hi:
            parts.append(Bracket("{", "}", (Expr(lo),)))
        else:
            parts.append(Bracket("(" if lo_open or lo == -sympy.oo else "[", ")" if hi_open or hi == sympy.oo else "]",
                                 (Expr(lo), Expr(hi))))
    return parts[0] if len(parts) == 1 else Union(tuple(parts))


def _one_variable(vars_: list) -> sympy.Symbol | None | bool:
    """The one variable of several parts (None: none has one); False when they name different ones."""
    names = {v for v in vars_ if v is not None}
    if len(names) > 1:
        return False
    return names.pop() if names else None


def _bracket_set(n: Bracket) -> tuple[None, sympy.Set] | None:
    vals = []
    for item in n.items:
        if not (isinstance(item, Expr) and item.unit is None and item.marker is None):
            return None
        v = item.value
        if v.free_symbols or not v.is_extended_real:
            return None
        vals.append(v)
    if n.open == "{":
        if not vals or any(not v.is_finite for v in vals):
            return None
        return None, sympy.FiniteSet(*vals)
    if n.open not in "([" or n.close not in ")]" or len(vals) != 2:
        return None
    lo, hi = vals
    if not bool(lo < hi):
        return None
    return None, sympy.Interval(lo, hi, n.open == "(" or lo == -sympy.oo, n.close == ")" or hi == sympy.oo)


def _relation_set(r: Relation) -> tuple[sympy.Symbol, sympy.Set] | None:
    sides = _exact_sides(r)
    if sides is None or any(o not in _INEQ + ("=", "!=") for o in r.ops):
        return None
    free = set().union(*(s.free_symbols for s in sides))
    if len(free) != 1:
        return None
    x = free.pop()
    out: sympy.Set = sympy.S.Reals
    for op, lhs, rhs in zip(r.ops, sides, sides[1:]):
        if not _solvable(lhs - rhs, x):
            return None
        if op == "=":
            part = sympy.solveset(sympy.Eq(lhs, rhs), x, sympy.S.Reals)
        elif op == "!=":
            part = sympy.Complement(sympy.S.Reals, sympy.solveset(sympy.Eq(lhs, rhs), x, sympy.S.Reals))
        else:
            part = sympy.solveset(_SYMPY_OP[op](lhs, rhs), x, sympy.S.Reals)
        if not isinstance(part, (sympy.Interval, sympy.FiniteSet, sympy.Union, sympy.Complement)) and (
            part is not sympy.S.EmptySet and part is not sympy.S.Reals
        ):
            return None
        out = sympy.Intersection(out, part)
    return x, out


def _solvable(v: sympy.Basic, x: sympy.Symbol) -> bool:
    """Cheap for ``solveset``: a rational function of x whose numerator and denominator are of degree at most
    2 or two-term (``x^6 - 1``), with at most two absolute values of polynomials of degree at most 2."""
    abs_parts = v.atoms(sympy.Abs)
    if len(abs_parts) > 2:
        return False
    for ab in abs_parts:
        inner = ab.args[0]
        if not inner.is_polynomial(x) or sympy.degree(inner, x) > 2:
            return False
    plain = v.replace(sympy.Abs, lambda u: u)
    if plain.atoms(sympy.Function) or not all(c.is_Rational for c in plain.atoms(sympy.Number)):
        return False
    num, den = sympy.fraction(sympy.together(plain))
    for p in (num, den):
        if not p.is_polynomial(x):
            return False
        poly = sympy.Poly(p, x)
        if poly.degree() > 2 and (len(poly.terms()) > 2 or poly.degree() > _MAX_DEGREE):
            return False
    return True


def _sets_equal(a: sympy.Set, b: sympy.Set) -> bool:
    if a == b:
        return True
    pa, pb = _pieces(a), _pieces(b)
    if pa is None or pb is None or len(pa) != len(pb):
        return False
    for (a0, a1, al, ar), (b0, b1, bl, br) in zip(pa, pb):
        if (al, ar) != (bl, br) or not (_same_point(a0, b0) and _same_point(a1, b1)):
            return False
    return True


def _pieces(s: sympy.Set) -> list[tuple[sympy.Basic, sympy.Basic, bool, bool]] | None:
    """A set as sorted (start, end, left_open, right_open) pieces; a point is a closed piece."""
    if s is sympy.S.EmptySet:
        return []
    if isinstance(s, sympy.Interval):
        out = [(s.start, s.end, bool(s.left_open), bool(s.right_open))]
    elif isinstance(s, sympy.FiniteSet):
        out = [(p, p, False, False) for p in s.args]
    elif isinstance(s, sympy.Union):
        out = []
        for part in s.args:
            sub = _pieces(part)
            if sub is None:
                return None
            out.extend(sub)
    else:
        return None
    return sorted(out, key=lambda p: float(p[0]))


def _same_point(u: sympy.Basic, v: sympy.Basic) -> bool:
    if u == v:
        return True
    if not (u.is_finite and v.is_finite):
        return False
    return abs(float(sympy.N(u - v, 30))) <= 1e-20 * max(1.0, abs(float(u)))


def _solved_relation(n: Node) -> bool:
    """A relation solved for its unknown: "x = 3", "x > 3", "-2 < x < 4" (a lone unknown at one end, or in the middle
    of a chain, values at the others)."""
    if not (isinstance(n, Relation) and n.ops and all(isinstance(s, Expr) for s in n.sides)):
        return False
    lone = [isinstance(s.value, sympy.Symbol) for s in n.sides]  # type: ignore[union-attr]
    free = [not getattr(s.value, "free_symbols", True) for s in n.sides]  # type: ignore[union-attr]
    if len(n.sides) == 2:
        return (lone[0] and free[1]) or (lone[1] and free[0])
    return len(n.sides) == 3 and lone[1] and free[0] and free[2]


def _solution(n: Node) -> bool:
    """A reference that states solutions, not a condition on them: "x = 3", "x = 2 or x = 3", "\\{2, 3\\}", "(1, 2)",
    "[3, \\infty)", a union of intervals, "x > 3", a number."""
    if isinstance(n, Answers):
        return all(_solution(item) for item in n.items)
    if isinstance(n, Relation):
        return _solved_relation(n)
    if isinstance(n, Expr):
        return not getattr(n.value, "free_symbols", True)
    return isinstance(n, (Bracket, Union))


def unsolved_against_solved(pred: Node, gold: Node, question_relations: list[Node]) -> bool:
    """The reference states the solutions ("x = 3", "x = 2 or x = 3", "(-2, 4)") and the answer is the question's own
    equation or inequality, rearranged ("2x = 6" for "Solve 2x + 3 = 9", "x^2 - 4 > 0" for "Solve x^2 > 4",
    "-3 < x - 1 < 3" for "Solve |x - 1| < 3"): the same solutions, but nothing was solved. (An unsolved equation of
    the answer's own, "x - 1 = 0" against "x = 1", has the reference's solutions: other projects' grading tests pay
    it.)"""
    if not (_solution(gold) and isinstance(pred, Relation) and not _solved_relation(pred)):
        return False
    return any(conditions_equal(pred, q) for q in question_relations)
