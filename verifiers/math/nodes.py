"""The answer tree that :func:`~verifiers.math.parse.parse_answer` builds and operations on it; the
parse error; the parser's limits (enforced by the tokenizer, the parser and :mod:`verifiers.math.guards`).

- :class:`Expr` a sympy expression, plus flags: ``inexact`` (a decimal literal was read), ``unit`` (a
  trailing unit word, canonicalised), ``marker`` ("percent" or "degree");
- :class:`Relation` ``lhs op rhs [op ...]`` (=, <, >, <=, >=, !=, \\in; \\approx is ``~``);
- :class:`Bracket` tuples, points and intervals ``(a, b]`` (brackets kept), sets ``\\{a, b\\}``, ratios
  ``a:b``;
- :class:`Union` intervals joined by ``\\cup``, or an interval less finitely many points;
  :class:`Matrix` a ``pmatrix``/``bmatrix``;
- :class:`Answers` several answers separated by top-level commas, semicolons, "and", "or";
- :class:`Text` a plain-text answer; :class:`Choice` a multiple-choice letter with the option's content.
"""

from __future__ import annotations

import dataclasses
import itertools

import sympy

# The one set of limits for everything the package parses: answers, and the sides of math_steps' claims
# (verifiers.math.guards says what each bounds).
MAX_ANSWER_CHARS = 2000
MAX_TOKENS = 600  # an answer, or one expression (parse_tokens)
MAX_DEPTH = 40
MAX_DIGITS = 400
MAX_EXPONENT = 10_000
MAX_RESULT_DIGITS = 4_000  # below CPython's 4300-digit limit on int -> str: results are printed in logs
MAX_FACTORIAL = 1_000
MAX_ROOT_DEGREE = 1_000  # a rational power's denominator (the root's degree) of a rational base


class ParseError(ValueError):
    """The text is not an answer this parser understands (never credited)."""


@dataclasses.dataclass(frozen=True)
class Expr:
    value: sympy.Basic
    inexact: bool = False
    unit: str | None = None
    marker: str | None = None  # "percent" | "degree" | "dozen"
    # the value with the unit's letters read as symbols ("2 nm" is also 2*n*m), when they can be: what the value
    # means against a side that states no unit
    symbolic: sympy.Basic | None = dataclasses.field(default=None, compare=False)


@dataclasses.dataclass(frozen=True)
class Relation:
    ops: tuple[str, ...]  # "=", "<", "<=", ">", ">=", "!=", "in"
    sides: tuple[Node, ...]
    label: bool = False  # the left side is a bare name: x, y_1, f(x), (a, b)
    name: str = ""  # that name as written ("f(x)"), when label


@dataclasses.dataclass(frozen=True)
class Bracket:
    open: str  # "(", "[", "{"
    close: str  # ")", "]", "}"
    items: tuple[Node, ...]


@dataclasses.dataclass(frozen=True)
class Union:
    parts: tuple[Node, ...]


@dataclasses.dataclass(frozen=True)
class Matrix:
    rows: tuple[tuple[Node, ...], ...]


@dataclasses.dataclass(frozen=True)
class Answers:
    items: tuple[Node, ...]
    connective: str = ","  # "," or "or" / "and"


@dataclasses.dataclass(frozen=True)
class Text:
    text: str


@dataclasses.dataclass(frozen=True)
class Choice:
    """A multiple-choice letter with the option's content: ``(B) 12``, ``\\textbf{(B)}\\ 12``."""

    letter: str  # lower case, "a".."e"
    value: Node


Node = Expr | Relation | Bracket | Union | Matrix | Answers | Text | Choice

PM = sympy.Symbol("__pm__")  # placeholder for \pm; expanded into two answers at the top level
# each \pm of an answer gets its own placeholder (1 \pm 2 \pm 3 is four values); a \mp takes the last one's
PM_SIGNS = (PM, *(sympy.Symbol(f"__pm{k}__") for k in range(2, 9)))


# a number set's letter and sign decoration (expr's _set_decoration) -> the set's one name: the positive integers
# are \mathbb{Z}^+, \mathbb{Z}_{>0}, \mathbb{N}^* and \mathbb{N}^+; \mathbb{N} alone stays itself (whether it holds 0
# is the writer's convention)
_SET_NAMES = {
    ("Z", ""): "integers", ("Z", "+"): "positive integers", ("Z", ">0"): "positive integers",
    ("N", "+"): "positive integers", ("N", "*"): "positive integers", ("N", ">0"): "positive integers",
    ("Z", ">=0"): "non-negative integers", ("N", ">=0"): "non-negative integers", ("Z", "-"): "negative integers",
    ("Z", "<0"): "negative integers", ("N", ""): "natural numbers", ("Q", ""): "rationals",
    ("Q", "+"): "positive rationals", ("Q", ">0"): "positive rationals", ("C", ""): "complex numbers",
}  # fmt: skip
# the reals and their halves as intervals: \mathbb{R}^+ is (0, oo)
_REAL_HALVES = {"": ("(", -sympy.oo, sympy.oo), "+": ("(", 0, sympy.oo), ">0": ("(", 0, sympy.oo),
                ">=0": ("[", 0, sympy.oo), "-": ("(", -sympy.oo, 0), "<0": ("(", -sympy.oo, 0)}  # fmt: skip


def number_set(letter: str, mark: str) -> Node:
    """``\\mathbb{R}^+`` -> the interval (0, oo); ``\\mathbb{Z}_{>0}`` -> the text "positive integers"; a
    :class:`ParseError` for a decoration with no agreed meaning (``\\mathbb{Z}^*``, ``\\mathbb{R}_{<=0}``)."""
    if letter == "R" and mark in _REAL_HALVES:
        open_, lo, hi = _REAL_HALVES[mark]
        return Bracket(open_, ")", (Expr(sympy.sympify(lo)), Expr(sympy.sympify(hi))))
    name = _SET_NAMES.get((letter, mark))
    if name is None:
        raise ParseError(f"the number set {letter}{mark}")
    return Text(name)


def has_pm(value: sympy.Basic) -> bool:
    """Whether ``value`` holds a \\pm placeholder."""
    return value.has(*PM_SIGNS)


def remove_points(interval: Node, points: Node) -> Node:
    """``\\mathbb{R} \\setminus \\{0, 2\\}`` -> ``(-oo, 0) U (0, 2) U (2, oo)``: an interval less finitely many reals."""
    if not (
        isinstance(interval, Bracket)
        and interval.open in "(["
        and len(interval.items) == 2
        and isinstance(points, Bracket)
        and points.open == "{"
        and len(points.items) <= 20
    ):
        raise ParseError("unsupported set difference")
    lo, hi = (_real_value(x) for x in interval.items)
    cuts = sorted({_real_value(p) for p in points.items}, key=lambda v: float(v))
    opener, closer = interval.open, interval.close
    parts: list[Node] = []
    for c in cuts:
        if c == lo:
            opener = "("
        elif c == hi:
            closer = ")"
        elif bool(lo < c) and bool(c < hi):
            parts.append(Bracket(opener, ")", (Expr(lo), Expr(c))))
            lo, opener = c, "("
    parts.append(Bracket(opener, closer, (Expr(lo), Expr(hi))))
    return parts[0] if len(parts) == 1 else Union(tuple(parts))


def is_interval(n: Node) -> bool:
    """A bracket that can only be an interval: half-open or closed (``(0, 6]``, ``[0, 6]``), or with an infinite
    end. ``(1, 2)`` could be a point too."""
    if not (isinstance(n, Bracket) and n.open in "([" and n.close in ")]" and len(n.items) == 2):
        return False
    ends = [x.value for x in n.items if isinstance(x, Expr)]
    return (n.open, n.close) != ("(", ")") or any(v in (sympy.oo, -sympy.oo) for v in ends)


def set_difference(a: Node, b: Node) -> Node:
    """``(0, 6] - (0, 2]`` -> ``(2, 6]``; ``[0, 6] - (1, 2)`` -> ``[0, 1] U [2, 6]``: intervals or unions of them less
    an interval, a union or a finite set ``{..}`` of reals."""
    return set_algebra([a, b], ["setminus"])


_SET_OPS = {"cup": sympy.Union, "cap": sympy.Intersection, "setminus": sympy.Complement}


def set_algebra(parts: list[Node], ops: list[str]) -> Node:
    """Sets of reals (intervals, finite sets ``{..}``, unions) joined by ``cup`` / ``cap`` / ``setminus`` from left
    to right, worked out exactly (sympy's sets) and written back as intervals and one finite set:
    ``[0,2] \\cap [1,3]`` -> ``[1, 2]``, ``\\mathbb{R} \\setminus (1,2)`` -> ``(-oo, 1] U [2, oo)``, an empty result -> ``{}``."""
    value = _real_set(parts[0])
    for op, part in zip(ops, parts[1:]):
        value = _SET_OPS[op](value, _real_set(part))
    pieces = value.args if isinstance(value, sympy.Union) else (value,)
    out: list[Node] = []
    for p in pieces:
        if isinstance(p, sympy.Interval):
            out.append(
                Bracket(
                    "(" if p.left_open else "[", ")" if p.right_open else "]", (Expr(p.start), Expr(p.end))
                )
            )
        elif isinstance(p, sympy.FiniteSet) and len(p) <= 20:
            out.append(Bracket("{", "}", tuple(Expr(x) for x in sorted(p, key=float))))
        elif p is sympy.S.EmptySet:
            continue
        else:
            raise ParseError("a set that is not intervals and points")
    if not out:
        return Bracket("{", "}", ())
    return out[0] if len(out) == 1 else Union(tuple(out))


def _real_set(n: Node) -> sympy.Set:
    if isinstance(n, Union):
        return sympy.Union(*(_real_set(p) for p in n.parts))
    if isinstance(n, Bracket) and n.open == "{" and len(n.items) <= 20:
        return sympy.FiniteSet(*(_real_value(x) for x in n.items))
    if isinstance(n, Bracket) and n.open in "([" and n.close in ")]" and len(n.items) == 2:
        lo, hi = (_real_value(x) for x in n.items)
        if not bool(lo < hi):
            raise ParseError("an empty interval")
        return sympy.Interval(lo, hi, left_open=n.open == "(", right_open=n.close == ")")
    raise ParseError("a set difference of non-sets")


def _real_value(n: Node) -> sympy.Basic:
    if not (isinstance(n, Expr) and n.unit is None and n.marker is None and n.value.is_number):
        raise ParseError("not a real number")
    if not (n.value.is_extended_real or n.value in (sympy.oo, -sympy.oo)):
        raise ParseError("not a real number")
    return n.value


_MAX_PM_MEMBERS = 3  # members with a \pm in one tuple, or \pm signs in one value: 2^3 choices at most


def _pm_signs(n: Node) -> set[sympy.Symbol]:
    if isinstance(n, Expr):
        return n.value.free_symbols & set(PM_SIGNS)
    if isinstance(n, Relation):
        return set().union(*(_pm_signs(s) for s in n.sides))
    return set()


def _shares_pm(items: tuple[Node, ...]) -> bool:
    """Two members carry the same sign placeholder: a \\mp after a \\pm (``(\\pm 1, \\mp 1)``)."""
    seen: set[sympy.Symbol] = set()
    for x in items:
        signs = _pm_signs(x)
        if signs & seen:
            return True
        seen |= signs
    return False


def _expand_pm(node: Node) -> list[Node]:
    def sub(n: Node, signs: dict) -> Node:
        if isinstance(n, Expr):
            return dataclasses.replace(n, value=n.value.xreplace(signs))
        if isinstance(n, Relation):
            return Relation(n.ops, tuple(sub(s, signs) for s in n.sides), n.label)
        if isinstance(n, Bracket):  # (\pm 1, \mp 1): one sign choice for the whole tuple
            return dataclasses.replace(n, items=tuple(sub(x, signs) for x in n.items))
        return n

    shared = isinstance(node, Bracket) and _shares_pm(node.items)
    if isinstance(node, Bracket) and node.open == "(" and len(node.items) >= 2 and not shared:
        # a tuple with \pm members, (0, \pm 2): the tuples of every sign choice, each member's \pm on its own
        # (a \mp takes its \pm's sign: (\pm 1, \mp 1) is (1, -1) and (-1, 1), expanded below)
        choices = [_expand_pm(x) if _pm_signs(x) else [x] for x in node.items]
        if sum(len(c) > 1 for c in choices) <= _MAX_PM_MEMBERS:
            return [dataclasses.replace(node, items=tuple(pick)) for pick in itertools.product(*choices)]
    used = sorted(_pm_signs(node) if not shared else set().union(*map(_pm_signs, node.items)), key=PM_SIGNS.index)
    if not used:
        return [node]
    if len(used) > _MAX_PM_MEMBERS:
        raise ParseError("too many \\pm signs in one value")
    out: list[Node] = []
    for signs in itertools.product((1, -1), repeat=len(used)):  # every sign choice, each \pm on its own
        member = sub(node, {pm: sympy.Integer(v) for pm, v in zip(used, signs)})
        if member not in out:
            out.append(member)
    return out


def _check_no_pm(node: Node) -> None:
    if isinstance(node, Expr) and has_pm(node.value):
        raise ParseError("\\pm inside a structure")
    for child in _children(node):
        _check_no_pm(child)


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Relation):
        return node.sides
    if isinstance(node, Bracket):
        return node.items
    if isinstance(node, Union):
        return node.parts
    if isinstance(node, Answers):
        return node.items
    if isinstance(node, Matrix):
        return tuple(c for r in node.rows for c in r)
    if isinstance(node, Choice):
        return (node.value,)
    return ()
