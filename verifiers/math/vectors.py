"""Vector arithmetic written out in an answer: ``(1,2)+(3,4)``, ``(5,6)-(1,2)``, ``2(3,4)``,
``\\langle 1,2,3\\rangle\\cdot\\langle 4,5,6\\rangle`` (a dot product), ``(1,0,0)\\times(0,1,0)`` (a cross
product) and ``\\|(5,12)\\|`` (the Euclidean norm) are the vector or number they make; a combination of the
standard basis written with decorated letters (``3\\hat{i} + 4\\hat{j}``, ``\\mathbf{i} - 2\\mathbf{k}``) is the
vector of its coefficients (two of them without a k, three with one). A plain ``i`` stays the imaginary unit.

A vector here is a parenthesised tuple of at least two finite scalars (``\\langle..\\rangle`` lexes as one).
Brackets that can only be intervals (``(0, 6]``, ``(1, \\infty)``) are never vectors, so ``(0,6] - (0,2]``
stays a set difference. Only a number scales a vector (``P(3,4)`` is not ``(3P, 4P)``), and ``\\times``
between two pairs is left alone (it may be a Cartesian product): anything else is a :class:`ParseError`.
"""

from __future__ import annotations

import sympy
from verigrpo.verifiers.math.nodes import Bracket, Expr, ParseError

_MAX_LEN = 20
BASIS = {name: sympy.Symbol(f"basis_{name}") for name in "ijk"}  # what lex's BASIS tokens parse to


def as_vector(v) -> tuple[sympy.Basic, ...] | None:
    """The components of a written vector ``(a, b, ..)``, or None when ``v`` is not one."""
    if not (isinstance(v, Bracket) and (v.open, v.close) == ("(", ")") and 2 <= len(v.items) <= _MAX_LEN):
        return None
    out = []
    for x in v.items:
        if not (isinstance(x, Expr) and x.unit is None and x.marker is None):
            return None
        if x.value.has(sympy.oo, -sympy.oo, sympy.zoo):
            return None
        out.append(x.value)
    return tuple(out)


def _bracket(components) -> Bracket:
    return Bracket("(", ")", tuple(Expr(sympy.expand(c)) for c in components))


def vector_arith(op: str, a, b, cross: bool = False):
    """``a op b`` where at least one side is a vector: ``+``/``-`` of equal-length vectors, ``*`` of a number
    and a vector, or of two vectors (the dot product; with ``cross`` and length 3, the cross product)."""
    u, v = as_vector(a), as_vector(b)
    if u is None and v is None:
        raise ParseError("no vector in vector arithmetic")
    if op in ("+", "-"):
        if u is None or v is None or len(u) != len(v):
            raise ParseError("sum of a vector and a non-vector, or of different lengths")
        return _bracket(x + y if op == "+" else x - y for x, y in zip(u, v))
    if op != "*":
        raise ParseError(f"vector operation {op!r}")
    if u is not None and v is not None:
        if len(u) != len(v):
            raise ParseError("product of vectors of different lengths")
        if not cross:
            return sympy.expand(sum(x * y for x, y in zip(u, v)))
        if len(u) != 3:
            raise ParseError("cross product outside three dimensions")
        return _bracket((u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]))
    scalar, vec = (a, v) if u is None else (b, u)
    if isinstance(scalar, Expr) and scalar.unit is None and scalar.marker is None:
        scalar = scalar.value
    if not (isinstance(scalar, sympy.Basic) and scalar.is_number) or cross:
        raise ParseError("a vector scaled by a non-number")
    return _bracket(scalar * x for x in vec)


def norm(v) -> sympy.Basic:
    """``\\|v\\|``: the Euclidean length of a vector, the absolute value of a scalar."""
    comps = as_vector(v)
    if comps is None:
        if isinstance(v, Expr) and v.unit is None and v.marker is None:
            v = v.value
        if not isinstance(v, sympy.Basic):
            raise ParseError("norm of a structure")
        return sympy.Abs(v)
    return sympy.sqrt(sum(sympy.Abs(x) ** 2 for x in comps))


def basis_to_vector(node):
    """An answer in the standard basis (``3\\hat{i} + 4\\hat{j}``) as the vector of its coefficients; every other
    answer as it is. Anything else mixed with the basis (a constant term, a product of two of them) is a
    :class:`ParseError`."""
    if not (isinstance(node, Expr) and isinstance(node.value, sympy.Basic)):
        return node
    used = node.value.free_symbols & set(BASIS.values())
    if not used:
        return node
    names = "ijk" if BASIS["k"] in used else "ij"
    poly = sympy.Poly(sympy.expand(node.value), *(BASIS[n] for n in names))
    if poly.total_degree() != 1 or poly.coeff_monomial(1) != 0:
        raise ParseError("the standard basis outside a linear combination")
    coeffs = [poly.coeff_monomial(BASIS[n]) for n in names]
    if any(c.has(*BASIS.values()) for c in coeffs):
        raise ParseError("the standard basis outside a linear combination")
    return Bracket("(", ")", tuple(Expr(c, node.inexact) for c in coeffs))
