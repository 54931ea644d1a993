"""What a relation says, as values: the interval of an inequality (``1 <= x < 2`` -> ``[1, 2)``, ``|2x - 1| < 3``), the
points a domain leaves out (``x \\neq \\pm 2``), a relation's normal form, the quotient of a ratio ``3:4``. Pure
functions of parsed nodes, used by :mod:`verifiers.math.compare`."""

from __future__ import annotations

import sympy
from verigrpo.verifiers.math.nodes import (
    Answers,
    Bracket,
    Expr,
    Node,
    ParseError,
    Relation,
    Union,
    remove_points,
)

REL_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "=", "!=": "!=", "in": None}


def ratio_value(n: Node, reduced: bool = False) -> Expr | None:
    """A ratio of two numbers without units, ``3:4``, as its quotient 3/4 (``reduced``: only when two integers have
    no common factor); None for anything else."""
    if not (isinstance(n, Bracket) and n.open == ":" and len(n.items) == 2):
        return None
    x, y = n.items
    if not (isinstance(x, Expr) and isinstance(y, Expr) and x.unit is None and y.unit is None):
        return None
    if x.marker is not None or y.marker is not None or not (x.value.is_number and y.value.is_number) or y.value == 0:
        return None
    if reduced and x.value.is_Integer and y.value.is_Integer and sympy.gcd(x.value, y.value) != 1:
        return None
    return Expr(x.value / y.value, x.inexact or y.inexact, None, None)


def proportional_ratios(a: Node, b: Node) -> bool | None:
    """Whether ``a``, a ratio of three or more numbers ("6:8:18"), is a positive multiple of ``b``, a reference ratio
    of as many integers in lowest terms ("3:4:9"); None when the two are not such ratios (a reference not in lowest
    terms, "6:10:12", may be something else: it is only equal as written)."""
    parts = []
    for n in (a, b):
        if not (isinstance(n, Bracket) and n.open == ":" and len(n.items) >= 3):
            return None
        if not all(isinstance(x, Expr) and x.unit is None and x.marker is None and x.value.is_number for x in n.items):
            return None
        parts.append([x.value for x in n.items])  # type: ignore[union-attr]
    xs, ys = parts
    if len(xs) != len(ys) or not all(y.is_Integer and y > 0 for y in ys) or sympy.gcd(list(ys)) != 1:
        return None
    if not all(x.is_real and x > 0 for x in xs):
        return False
    return all(sympy.simplify(x * ys[0] - xs[0] * y) == 0 for x, y in zip(xs, ys))


def could_be_interval(pair: Bracket) -> bool:
    """``(1, 2)`` could be an open interval; ``(75, 25)`` and ``(2, 2)`` cannot (two real numbers, the first not
    below the second), nor can a pair holding anything but plain values."""
    lo, hi = pair.items
    if not (isinstance(lo, Expr) and isinstance(hi, Expr) and lo.unit is None and hi.unit is None):
        return False
    try:
        return not (lo.value.is_real and hi.value.is_real and lo.value.is_number and hi.value.is_number
                    and bool(lo.value >= hi.value))
    except (TypeError, ValueError):
        return True


def as_domain(n: Node) -> Node:
    """``x \\neq 2, x \\neq -2`` (or ``x \\neq \\pm 2``): all reals but those points, as a union; else ``n``."""
    if not (isinstance(n, Answers) and n.connective in (",", "and") and 2 <= len(n.items) <= 20):
        return n
    var, points = None, []
    for item in n.items:
        if not (
            isinstance(item, Relation)
            and item.ops == ("!=",)
            and all(isinstance(x, Expr) for x in item.sides)
        ):
            return n
        x, c = (s.value for s in item.sides)  # type: ignore[union-attr]
        if isinstance(c, sympy.Symbol):
            x, c = c, x
        if (
            not isinstance(x, sympy.Symbol)
            or var not in (None, x)
            or c.free_symbols
            or not c.is_extended_real
        ):
            return n
        var = x
        points.append(Expr(c))
    try:
        return remove_points(
            Bracket("(", ")", (Expr(-sympy.oo), Expr(sympy.oo))), Bracket("{", "}", tuple(points))
        )
    except ParseError:
        return n


def as_intervals(n: Node) -> tuple[Node, ...] | None:
    """Several answers that are all intervals or inequalities, as intervals; else None."""
    if not isinstance(n, Answers):
        return None
    out: list[Node] = []
    for item in n.items:
        if isinstance(item, Relation):
            item = relation_interval(item)
        if isinstance(item, Union):
            out.extend(item.parts)
        elif isinstance(item, Bracket) and item.open in "([" and len(item.items) == 2:
            out.append(item)
        else:
            return None
    return tuple(out)


def free_symbols(r: Relation) -> set[sympy.Symbol]:
    """The variables a relation constrains (those of its expression sides)."""
    return set().union(*(s.value.free_symbols for s in r.sides if isinstance(s, Expr)))


def normal_relation(r: Relation) -> tuple[sympy.Basic, str | None]:
    lhs, rhs = (s.value for s in r.sides)  # type: ignore[union-attr]
    op = r.ops[0]
    if op in (">", ">="):
        return rhs - lhs, {">": "<", ">=": "<="}[op]
    if op == "in":
        return lhs - rhs, None
    return lhs - rhs, op


_UNKNOWNS = frozenset(sympy.symbols("x y z t"))


def _bound(value: sympy.Basic, var: sympy.Symbol) -> bool:
    """``value`` can bound the unknown ``var`` of an inequality: a number, or an expression in the problem's
    parameters when ``var`` is an unknown's letter it does not hold ("x < a", "x \\ge 2m": (-oo, a), [2m, oo))."""
    return not value.free_symbols or (var in _UNKNOWNS and not value.free_symbols & _UNKNOWNS)


def relation_interval(r: Relation) -> Node | None:
    """``x > 3`` -> ``(3, oo)``; ``1 <= x < 2`` -> ``[1, 2)``; ``x != 0`` -> ``(-oo, 0) U (0, oo)``;
    None when not of that shape."""
    if not all(isinstance(s, Expr) for s in r.sides):
        return None
    if r.ops == ("!=",):
        x, c = (s.value for s in r.sides)  # type: ignore[union-attr]
        if isinstance(c, sympy.Symbol):
            x, c = c, x
        if isinstance(x, sympy.Symbol) and not c.free_symbols and c.is_real:
            return Union(
                (Bracket("(", ")", (Expr(-sympy.oo), Expr(c))), Bracket("(", ")", (Expr(c), Expr(sympy.oo))))
            )
        return None
    if any(o not in ("<", "<=", ">", ">=") for o in r.ops):
        return None
    vals = [s.value for s in r.sides]  # type: ignore[union-attr]
    ops = list(r.ops)
    if any(o in (">", ">=") for o in ops):
        if not all(o in (">", ">=") for o in ops):
            return None
        vals, ops = vals[::-1], [REL_FLIP[o] for o in reversed(ops)]
    if len(vals) == 2:
        if isinstance(vals[0], sympy.Abs) or isinstance(vals[1], sympy.Abs):
            return _abs_interval(vals, ops[0])
        if isinstance(vals[0], sympy.Symbol) and _bound(vals[1], vals[0]):
            return Bracket("(", ")" if ops[0] == "<" else "]", (Expr(-sympy.oo), Expr(vals[1])))
        if isinstance(vals[1], sympy.Symbol) and _bound(vals[0], vals[1]):
            return Bracket("(" if ops[0] == "<" else "[", ")", (Expr(vals[0]), Expr(sympy.oo)))
        return None
    if (  # "1 <= |z| <= 3/2" (0 < lower <= upper): two intervals, [-3/2, -1] U [1, 3/2]
        len(vals) == 3
        and isinstance(vals[1], sympy.Abs)
        and isinstance(vals[1].args[0], sympy.Symbol)
        and not (vals[0].free_symbols or vals[2].free_symbols)
        and vals[0].is_extended_real
        and vals[2].is_extended_real
        and bool(vals[0] > 0)
        and bool(vals[0] <= vals[2])
    ):
        lo, hi = vals[0], vals[2]
        inner_o, inner_c = ("(", ")") if ops[0] == "<" else ("[", "]")
        outer_o, outer_c = ("(", ")") if ops[1] == "<" else ("[", "]")
        negative = Bracket(outer_o, inner_c, (Expr(-hi), Expr(-lo)))
        return Union((negative, Bracket(inner_o, outer_c, (Expr(lo), Expr(hi)))))
    if (
        len(vals) == 3
        and isinstance(vals[1], sympy.Symbol)
        and _bound(vals[0], vals[1])
        and _bound(vals[2], vals[1])
    ):
        return Bracket(
            "(" if ops[0] == "<" else "[", ")" if ops[1] == "<" else "]", (Expr(vals[0]), Expr(vals[2]))
        )
    return None


def _abs_interval(vals: list, op: str) -> Node | None:
    """``|k x + b| < c`` -> an interval, ``|k x + b| > c`` -> two rays (``c > 0``, ``k`` a non-zero
    number, one variable); ``vals`` is ``[lhs, rhs]`` of ``lhs op rhs`` with ``op`` ``<`` or ``<=``."""
    lhs, rhs = vals
    if isinstance(lhs, sympy.Abs) and not rhs.free_symbols:
        inside, c, within = lhs.args[0], rhs, True  # |u| < c
    elif isinstance(rhs, sympy.Abs) and not lhs.free_symbols:
        inside, c, within = rhs.args[0], lhs, False  # c < |u|
    else:
        return None
    if len(inside.free_symbols) != 1 or not (c.is_extended_real and c.is_positive and c.is_finite):
        return None
    x = next(iter(inside.free_symbols))
    try:
        poly = sympy.Poly(inside, x)
    except sympy.PolynomialError:
        return None
    if poly.degree() != 1:
        return None
    k, b = poly.all_coeffs()
    if not (k.is_number and b.is_number and k.is_real and b.is_real and k != 0):
        return None
    lo, hi = sorted(((-c - b) / k, (c - b) / k), key=lambda v: float(v))
    if within:
        o, cl = ("(", ")") if op == "<" else ("[", "]")
        return Bracket(o, cl, (Expr(lo), Expr(hi)))
    cl, o = (")", "(") if op == "<" else ("]", "[")
    return Union((Bracket("(", cl, (Expr(-sympy.oo), Expr(lo))), Bracket(o, ")", (Expr(hi), Expr(sympy.oo)))))
