"""Limits, definite integrals and infinite series written in an answer (``\\lim_{x \\to \\infty} \\frac{1}{x}``,
``\\int_0^7 dx``, ``\\sum_{n=0}^{\\infty} \\frac{1}{n!}``), read (``parse_integral``, ``parse_limit``, called by the
expression parser) and worked out to their values (``make_*``), but only for the shapes
sympy settles quickly: a small expression whose functions take arguments linear in the variable, whose
powers of the variable have fixed exponents, whose exponentials have bases free of it. Anything else is a
:class:`ParseError` (the answer is unparsable, never a wrong value), since sympy's ``limit``, ``integrate`` and
``summation`` can run for minutes on shapes outside these, and the bench and ``audit`` call the verifier
in-process, without the pool's timeout."""

from __future__ import annotations

from typing import Any

import sympy
from verigrpo.verifiers.math.guards import _scalar, check_size, indexed_by
from verigrpo.verifiers.math.lex import Tok
from verigrpo.verifiers.math.nodes import ParseError

MAX_OPS = 40  # sympy.count_ops of the body: a limit or integral past this is not worked out
MAX_DEGREE = 4  # of a power of the variable (x^4, n^3): integration and summation by parts repeat per degree
_FUNCTIONS = (sympy.exp, sympy.sin, sympy.cos, sympy.sinh, sympy.cosh)  # with log or tan, sympy can take 8 s+


def _tame(body: sympy.Basic, var: sympy.Symbol, variable_bases: bool = False) -> bool:
    """Every function of ``var`` in ``body`` is one of ``_FUNCTIONS`` with an argument linear in ``var``; every
    power of an expression in ``var`` has a rational exponent; every power with ``var`` in its exponent has a
    base free of ``var`` and an exponent linear in it (``2^x``, ``e^{-3x}``, not ``x^x`` or ``e^{x^2}``).
    ``variable_bases``: a base with ``var`` in it may take such an exponent too (a limit's
    ``(1 + \\frac{1}{x})^x``)."""
    if sympy.count_ops(body) > MAX_OPS:
        return False
    for node in sympy.preorder_traversal(body):
        if not node.has(var) or node.is_Symbol or node.is_Add or node.is_Mul:
            continue
        if node.is_Pow:
            base, exp = node.as_base_exp()
            if exp.has(var) and ((base.has(var) and not variable_bases) or not _linear(exp, var)):
                return False
            if base.has(var) and not exp.is_Rational and not (variable_bases and _linear(exp, var)):
                return False
            if base.has(var) and exp.is_Rational and abs(exp) > MAX_DEGREE:
                return False
            continue
        if isinstance(node, sympy.Function):
            if not isinstance(node, _FUNCTIONS) or not _linear(node.args[0], var):
                return False
            continue
        return False  # anything else with the variable in it: factorials, floors, nested integrals
    if variable_bases:  # a limit: at most two functions or exponentials of the variable in all (gruntz's work
        # grows with each: 2 s for five)
        special = {f for f in sympy.preorder_traversal(body) if f.has(var) and (
            isinstance(f, sympy.Function) or (f.is_Pow and f.as_base_exp()[1].has(var)))}
        return len(special) <= 2
    # each term: a rational function of the variable, or a polynomial times at most one function or exponential
    # of it (e^x \sin x is by parts twice over; e^{-3x} / (x+2)^3 has no elementary integral: 13 s to find out)
    for term in sympy.Add.make_args(sympy.expand(body)):
        factors = [f for f in sympy.Mul.make_args(term) if f.has(var)]
        special = [f for f in factors if isinstance(f, sympy.Function) or (f.is_Pow and f.as_base_exp()[1].has(var))]
        if len(special) > 1:
            return False
        rest = sympy.Mul(*[f for f in factors if f not in special])
        if special and not rest.is_polynomial(var):
            return False
        if not special and not rest.is_rational_function(var) and not (
            rest.is_Pow and rest.as_base_exp()[0] == var  # \sqrt{x}, x^{-3/2}
        ):
            return False
        if not special and rest.is_rational_function(var):  # 1/((x^4+x+1)(x^4+2x+3)): minutes of partial fractions
            den = sympy.fraction(sympy.together(rest))[1]
            if sympy.degree(den, var) > 2:
                return False
    return True


def _linear(e: sympy.Basic, var: sympy.Symbol) -> bool:
    return e.is_polynomial(var) and sympy.degree(e, var) <= 1


def _settled(v: sympy.Basic, what: str) -> sympy.Basic:
    if v.has(sympy.Limit, sympy.Integral, sympy.Sum, sympy.Piecewise, sympy.AccumBounds) or v.has(sympy.nan):
        raise ParseError(f"{what} not worked out")
    if v.has(sympy.zoo):
        raise ParseError(f"{what} undefined")
    return check_size(v)


def make_limit(body: sympy.Basic, var: sympy.Symbol, point: sympy.Basic) -> sympy.Basic:
    """``\\lim_{var \\to point} body``, two-sided at a finite point: where the one-sided limits differ
    (``\\lim_{x \\to 0} \\frac{1}{x}``) there is no value."""
    if indexed_by(body, var):  # \lim_{n\to\infty} X_n/n^2: a sequence the parser cannot see
        raise ParseError("a limit of a sequence's terms")
    if not body.has(var):
        return body
    if point.has(var) or not _tame(body, var, variable_bases=True):
        raise ParseError("limit outside the shapes worked out")
    try:
        v = sympy.limit(body, var, point, dir="+-" if point.is_finite else "+")
    except (NotImplementedError, ValueError, TypeError, RecursionError, ZeroDivisionError) as e:
        raise ParseError("limit not worked out") from e
    return _settled(v, "limit")


def make_integral(body: sympy.Basic, var: sympy.Symbol, lo: sympy.Basic, hi: sympy.Basic) -> sympy.Basic:
    """``\\int_lo^hi body \\, d var``."""
    if lo.has(var) or hi.has(var) or not _tame(body, var):
        raise ParseError("integral outside the shapes worked out")
    try:
        v = sympy.integrate(body, (var, lo, hi))
    except (NotImplementedError, ValueError, TypeError, RecursionError, ZeroDivisionError) as e:
        raise ParseError("integral not worked out") from e
    if v.has(sympy.I):  # \int_{-1}^{0} \sqrt{x}\,dx: the real integral does not exist
        raise ParseError("integral not real")
    return _settled(v, "integral")


def make_series(term: sympy.Basic, k: sympy.Symbol, lo: sympy.Basic) -> sympy.Basic:
    """``\\sum_{k=lo}^{\\infty} term`` for a term built from ``k`` by rational functions, fixed powers ``r^k`` and
    ``k!`` (geometric series, ``\\frac{x^k}{k!}``, ``\\frac{1}{k^2}``); a divergent series is no value."""
    if indexed_by(term, k):
        raise ParseError("a sequence's terms, indexed by the series' variable")
    if sympy.count_ops(term) > MAX_OPS:
        raise ParseError("series outside the shapes worked out")
    num, den = sympy.fraction(sympy.together(term.replace(sympy.factorial, lambda a: sympy.Symbol("_f"))))
    poly_den = sympy.Mul(*[f for f in sympy.Mul.make_args(den) if f.is_polynomial(k)])
    poly_num = sympy.Mul(*[f for f in sympy.Mul.make_args(num) if f.is_polynomial(k)])
    if sympy.degree(poly_den, k) > 2 or sympy.degree(poly_num, k) > 3:  # \sum (n+1)^4 / 3^n: 4 s
        raise ParseError("series outside the shapes worked out")
    geometric = any(p.is_Pow and p.as_base_exp()[1].has(k) for p in sympy.preorder_traversal(term))
    if (geometric or term.has(sympy.factorial)) and (sympy.degree(poly_den, k) > 0 or sympy.degree(poly_num, k) > 2):
        # (n^3+n+7)/(n^2+3n+11) / 3^n: 9 s; (n+1)^3 (-7)^n / (2n+1)!: 6 s
        raise ParseError("series outside the shapes worked out")
    for node in sympy.preorder_traversal(term):
        if not node.has(k) or node.is_Symbol or node.is_Add or node.is_Mul:
            continue
        if node.is_Pow:
            base, exp = node.as_base_exp()
            if (exp.has(k) and (base.has(k) or not _linear(exp, k))) or (base.has(k) and not exp.is_Integer):
                raise ParseError("series outside the shapes worked out")
            if base.has(k) and abs(exp) > MAX_DEGREE:  # \sum n^9 / 3^n: 18 s
                raise ParseError("series outside the shapes worked out")
            continue
        if isinstance(node, sympy.factorial) and _linear(node.args[0], k):
            continue
        raise ParseError("series outside the shapes worked out")
    try:
        v = sympy.summation(term, (k, lo, sympy.oo))
    except (NotImplementedError, ValueError, TypeError, RecursionError, ZeroDivisionError) as e:
        raise ParseError("series not worked out") from e
    if v.has(sympy.oo, -sympy.oo):
        raise ParseError("divergent series")
    return _settled(v, "series")


# -- reading them: called by the expression parser (verifiers.math.expr) at an INT or LIM token, with itself as p
def parse_integral(p: Any) -> sympy.Basic:
    """``\\int_a^b f(x)\\,dx`` (``\\mathrm{d}x`` too): the integrand runs to its differential ``d x``, the
    first one outside brackets; an integral without bounds (an antiderivative, up to a constant) is not
    read."""
    if not p.at("OP", "_"):
        raise ParseError("an integral without bounds")
    p.next()
    lo = p.latex_arg()
    p.expect("OP", "^")
    hi = p.latex_arg()
    depth, j = 0, p.i
    while j + 1 < len(p.toks):
        t = p.toks[j]
        if t.kind == "OP" and t.text in ("(", "{", "["):
            depth += 1
        elif t.kind == "OP" and t.text in (")", "}", "]"):
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and t.kind in ("IDENT", "TEXT") and t.text == "d" and p.toks[j + 1].kind == "IDENT":
            break
        j += 1
    else:
        raise ParseError("an integral without its differential")
    if depth < 0 or j + 1 >= len(p.toks):
        raise ParseError("an integral without its differential")
    name = p.toks[j + 1].text
    var = p._symbol(name, subscript=False)
    if not isinstance(var, sympy.Symbol):
        raise ParseError("an integral over a constant")
    if j == p.i:  # \int_0^7 dx
        body: sympy.Basic = sympy.Integer(1)
    else:
        sub = type(p)(p.toks[p.i : j], p.latex, p.reading)  # the grammar's, for brackets
        sub.bound, sub.depth = p.bound | {name}, p.depth + 1
        body = _scalar(sub.parse_expr())
        if sub.i != j - p.i:
            raise ParseError("unexpected token in an integrand")
    _no_unknown_function(p.toks[p.i : j], name)
    p.i = j + 2
    return make_integral(body, var, lo, hi)


def parse_limit(p: Any) -> sympy.Basic:
    """``\\lim_{x \\to a} f(x)``: the body is a whole term, as a sum's is."""
    p.expect("OP", "_")
    p.expect("OP", "{")
    name = p.expect("IDENT").text
    var = p._symbol(name, subscript=False)
    if not isinstance(var, sympy.Symbol):
        raise ParseError("a limit over a constant")
    p.expect("OP", "to")
    p.enter()
    point = _scalar(p.parse_expr())
    p.depth -= 1
    p.expect("OP", "}")
    outer, p.bound = p.bound, p.bound | {name}
    start = p.i
    try:
        body = _scalar(p.parse_term())
    finally:
        p.bound = outer
    _no_unknown_function(p.toks[start : p.i], name)
    return make_limit(body, var, point)


def _no_unknown_function(toks: list[Tok], var: str) -> None:
    """A limit's or integral's body that applies a letter to brackets, ``\\lim_{x \\to 0} f(x)``, names an unknown
    function, not the product f*x: there is no value to work out (:class:`ParseError`)."""
    for a, b in zip(toks, toks[1:]):
        if a.kind == "IDENT" and len(a.text) == 1 and a.text != var and b.kind == "OP" and b.text == "(" and not b.space:
            raise ParseError(f"{a.text}(...) in a limit or integral: an unknown function")
