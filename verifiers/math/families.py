"""Families of solutions indexed by an integer: ``x = \\frac{\\pi}{4} + \\frac{k\\pi}{2}, k \\in \\mathbb{Z}``.

The general solution of a trigonometric equation is a set, ``{f(k) : k integer}`` (or a union of such sets,
``x = \\frac{\\pi}{6} + 2k\\pi \\text{ or } x = \\frac{5\\pi}{6} + 2k\\pi``), and one set has many spellings:
``\\frac{(2k+1)\\pi}{4}`` is ``\\frac{\\pi}{4} + \\frac{k\\pi}{2}``, ``(-1)^k \\frac{\\pi}{6} + k\\pi`` is the union
above, and the parameter's name is a dummy (``n\\pi, n \\in \\mathbb{Z}``). So two families compare by their
members: every member in a window ``|x| <= WINDOW`` of one must be a member of the other, both ways (members
computed for ``|k| <= MAX_INDEX``, compared to ``REL_TOL``). A side is a family when it states its parameter is
an integer (``k \\in \\mathbb{Z}``, ``k ∈ ℤ``, "where k is an integer", "for any integer k"); the other side may
then leave that clause out if its only free symbol is a one-letter parameter (k, n, m, j, l, t).
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.nodes import MAX_ANSWER_CHARS, Answers, Expr, Node, Relation
from verigrpo.verifiers.math.parse import parse_answer

WINDOW = 12 * sympy.pi  # members compared inside |x| <= WINDOW (a margin outside it for the other side)
MAX_INDEX = 60  # |k| tried for each family
REL_TOL = 1e-9
_PARAMETERS = "knmjlt"

# the clause naming the parameter an integer, at the end of a side: "k \in \mathbb{Z}", "k ∈ ℤ", "k is an integer",
# "for any integer k"; bounded quantifiers only (a long run of spaces must not make the search quadratic)
_IN_Z_RE = re.compile(r"\$?([a-z])\$?\s{0,3}(?:\\in|∈)\s{0,3}(?:\\mathbb\s{0,2}\{?\s{0,2}Z\s{0,2}\}?|ℤ|\\Z\b|Z\b)")
_IS_INTEGER_RE = re.compile(r"\$?\b([a-z])\$?\s{1,3}(?:is\s{1,3}an?|are)\s{1,3}integers?\b", re.I)
_ANY_INTEGER_RE = re.compile(r"\b(?:all|any|every|some)\s{1,3}integers?\s{1,3}\$?([a-z])\b", re.I)
_MAY_NAME_INTEGERS = re.compile(r"Z|ℤ|[Ii]nteger")  # a cheap gate: most answers name no integer parameter
_TEXT_RE = re.compile(r"\\(?:text|mbox|mathrm)\s{0,3}\{([^{}]*)\}")
_CLAUSE_END = " \t\n.)$"
_LEAD_INS = ("\\,", "\\;", "\\:", "\\!", "\\ ", "\\quad", "\\qquad", "~", ",", ";", "(", "where", "for", "with",
             "all", "any", "every", "some", "integers", "integer", "\\")  # fmt: skip  (a "\\ " whose space went)


def _strip_lead_ins(body: str) -> str:
    """``body`` without the separators and words that introduce a clause (", \\ where", "for any integer")."""
    while True:
        trimmed = body.rstrip(" \t\n")
        for token in _LEAD_INS:
            if trimmed.endswith(token):
                trimmed = trimmed[: -len(token)]
                break
        if trimmed == body:
            return body
        body = trimmed


def split_family(text: str) -> tuple[str, str] | None:
    """``"x = \\frac{\\pi}{3} + k\\pi, k \\in \\mathbb{Z}"`` -> (``"x = \\frac{\\pi}{3} + k\\pi"``, ``"k"``): the body and
    the parameter a side names as an integer; None when it names none."""
    text = _TEXT_RE.sub(r" \1 ", text)  # "\text{ where } k \text{ is an integer}": the words
    found = None
    for pattern in (_IN_Z_RE, _IS_INTEGER_RE, _ANY_INTEGER_RE):
        for m in pattern.finditer(text):
            if not text[m.end() :].strip(_CLAUSE_END):  # the clause ends the side
                found = m
        if found is not None:
            break
    if found is None:
        return None
    param = found.group(1)
    body = _strip_lead_ins(text[: found.start()])
    if not body or not re.search(rf"(?<![A-Za-z\\]){param}(?![A-Za-z])", body):
        return None  # the clause names a letter the body does not use
    return body, param


def family_members(node: Node, param: str) -> list[sympy.Basic] | None:
    """The expressions of ``param`` a parsed body lists (``x = a(k) or x = b(k)``, ``a(k), b(k)``); None when the
    body is not such a list or uses another free symbol (``param`` "" : none; "*": any)."""
    items = node.items if isinstance(node, Answers) else (node,)
    exprs = []
    for item in items:
        if isinstance(item, Relation) and item.ops == ("=",) and isinstance(item.sides[1], Expr):
            if not (isinstance(item.sides[0], Expr) and isinstance(item.sides[0].value, sympy.Symbol)):
                return None
            item = item.sides[1]
        if not isinstance(item, Expr) or item.unit is not None or item.marker is not None:
            return None
        free = {s.name for s in item.value.free_symbols}
        if param != "*" and not free <= {param}:  # "*": any symbols
            return None
        exprs.append(item.value)
    return exprs


def _members(exprs: list[sympy.Basic], param: str, bound: float) -> list[float] | None:
    k = sympy.Symbol(param)
    out: list[float] = []
    for e in exprs:
        f = sympy.lambdify(k, e, modules="mpmath")
        for i in range(-MAX_INDEX, MAX_INDEX + 1):
            try:
                v = complex(f(i))
            except (ValueError, TypeError, ZeroDivisionError, OverflowError):
                return None
            if abs(v.imag) > 1e-12:
                return None
            if abs(v.real) <= bound:
                out.append(v.real)
    return sorted(out)


def families_equal(a: list[sympy.Basic], pa: str, b: list[sympy.Basic], pb: str) -> bool:
    """Two integer-indexed families (lists of expressions of their parameters) have the same members in the
    window (see the module docstring)."""
    w = float(WINDOW)
    ma, mb = _members(a, pa, w), _members(b, pb, w)
    wide_a, wide_b = _members(a, pa, w + 1.0), _members(b, pb, w + 1.0)
    if ma is None or mb is None or wide_a is None or wide_b is None or not ma or not mb:
        return False

    def inside(xs: list[float], ys: list[float]) -> bool:
        return all(any(abs(x - y) <= REL_TOL * max(1.0, abs(x)) for y in ys) for x in xs)

    return inside(ma, wide_b) and inside(mb, wide_a)


def parameter_of(exprs: list[sympy.Basic]) -> str | None:
    """The one-letter parameter a clause-less side uses (``\\frac{\\pi}{3} + k\\pi``): its only free symbol, when
    that is one of k, n, m, j, l, t."""
    free = set().union(*(e.free_symbols for e in exprs)) if exprs else set()
    if len(free) != 1:
        return None
    name = next(iter(free)).name
    return name if name in _PARAMETERS else None


def family_verdict(answer: str, reference: str) -> bool | None:
    """Equal or not when either side is a family indexed by an integer (``..., k \\in \\mathbb{Z}``); None when
    neither is, or a side does not read as one (the usual rules decide then). A side without the clause is a
    family when its only free symbol is a one-letter parameter; without any, it is one member: not equal."""
    if len(answer) > MAX_ANSWER_CHARS or len(reference) > MAX_ANSWER_CHARS:
        return None
    splits = [split_family(t) if _MAY_NAME_INTEGERS.search(t) else None for t in (answer, reference)]
    if splits == [None, None]:
        return _angle_families(answer, reference)
    families = []
    for text, split in zip((answer, reference), splits):
        try:
            node = parse_answer(split[0] if split else text)
        except Exception:  # noqa: BLE001 - not a family we can read
            return None
        if split is not None:
            param = split[1]
        else:
            if family_members(node, "") is not None:
                return False  # a particular solution (no parameter) against a family
            values = family_members(node, "*")  # every item's value, whatever its symbols
            param = parameter_of(values) if values else None
            if param is None:
                return None
        exprs = family_members(node, param)
        if exprs is None:
            return None
        families.append((exprs, param))
    (a, pa), (b, pb) = families
    return families_equal(a, pa, b, pb)


def _angle_families(answer: str, reference: str) -> bool | None:
    """Two lists of angles plus multiples of π in one parameter, neither naming it an integer ("x = \\frac{\\pi}{6} +
    2\\pi k, \\frac{5\\pi}{6} + 2\\pi k, ..." against "\\frac{\\pi}{6} + \\pi k, ..."): the general solutions of a
    trigonometric equation, compared as families; None otherwise (``2n`` against ``2n + 2`` are formulas, not sets)."""
    if "pi" not in answer and "π" not in answer or "pi" not in reference and "π" not in reference:
        return None
    sides = []
    for text in (answer, reference):
        try:
            values = family_members(parse_answer(text), "*")
        except Exception:  # noqa: BLE001 - not a family we can read
            return None
        param = parameter_of(values) if values else None
        if param is None or not all(_angle_plus_period(e, sympy.Symbol(param)) for e in values):
            return None
        sides.append((values, param))
    (a, pa), (b, pb) = sides
    return families_equal(a, pa, b, pb)


def _angle_plus_period(e: sympy.Basic, k: sympy.Symbol) -> bool:
    """``e`` is ``a + b k`` with ``a`` and ``b != 0`` rational multiples of π (``\\frac{\\pi}{6} + 2\\pi k``), not a
    formula in ``k`` (``\\frac{2(1 - \\cos \\pi n)}{\\pi n}``)."""
    try:
        b = sympy.diff(e, k)
        a = sympy.simplify(e - b * k)
        return b != 0 and not b.has(k) and not a.has(k) and (b / sympy.pi).is_rational and (a / sympy.pi).is_rational
    except Exception:  # noqa: BLE001 - not such an expression
        return False
