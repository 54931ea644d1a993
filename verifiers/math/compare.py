"""Comparison, part 2: two answer trees (:func:`nodes_equal`) and two answer strings
(:func:`answers_equivalent`): labels, chains, relations, intervals and inequalities, sets, tuples,
unions, matrices, choices, text. Never raises: when in doubt, not equal. What a relation says as values (its
interval, a domain, a ratio's quotient) is in :mod:`verifiers.math.relations`.
"""

from __future__ import annotations

import dataclasses
import re

import sympy
from verigrpo.verifiers.math.boxes import extract_reference
from verigrpo.verifiers.math.conditions import conditions_equal, is_condition
from verigrpo.verifiers.math.identity import _constant_ratio, _has_big_power, _num
from verigrpo.verifiers.math.leaves import (
    _option_letters_equal,
    _perfect_matching,
    _text_equal,
    _trig_in_degrees,
)
from verigrpo.verifiers.math.locales import decimal_comma_value
from verigrpo.verifiers.math.nodes import (
    Answers,
    Bracket,
    Choice,
    Expr,
    Matrix,
    Node,
    Relation,
    Text,
    Union,
)
from verigrpo.verifiers.math.normalize import normalize, strip_math_delimiters
from verigrpo.verifiers.math.parse import parse_answer
from verigrpo.verifiers.math.relations import (
    REL_FLIP,
    as_domain,
    as_intervals,
    could_be_interval,
    free_symbols,
    normal_relation,
    proportional_ratios,
    ratio_value,
    relation_interval,
)
from verigrpo.verifiers.math.values import _exprs_equal


def answers_equivalent(pred: str, gold: str) -> bool:
    """True when the two extracted answers are mathematically the same (see the table in :mod:`verifiers.math`).

    Both are answer strings (not whole completions); either may still carry ``$..$`` or
    ``\\boxed{}``. Never raises: anything unparsable is not equivalent (unless both strings
    are identical after normalisation).
    """
    try:
        g = parse_answer(extract_reference(gold))
        p = parse_answer(extract_reference(pred))
    except Exception:  # noqa: BLE001 - documented: never raises
        try:
            a, b = normalize(strip_math_delimiters(pred)), normalize(strip_math_delimiters(gold))
        except Exception:  # noqa: BLE001
            return False
        return bool(a) and a == b
    return nodes_equal(p, g)


def nodes_equal(a: Node, b: Node) -> bool:
    """Equivalence of two parsed answer trees; never raises."""
    try:
        return _nodes_equal(a, b, 0)
    except Exception:  # noqa: BLE001 - when in doubt, not equal
        return False


def approximates(exact: Node, approx: Node, rel: float = 0.05) -> bool:
    """``approx`` is a rounding of ``exact`` (within ``rel``, 5 % by default, or as a percent of it): "\frac{5}{18} \approx 0.278",
    "\approx 27.8\\%"; True when either is not a number (nothing to check), False for "3 \approx 4"."""
    if not (isinstance(exact, Expr) and isinstance(approx, Expr)):
        return True
    try:
        a, b = complex(exact.value.evalf(20)), complex(approx.value.evalf(20))
    except (TypeError, ValueError, AttributeError, OverflowError):
        return True
    candidates = (b, b / 100) if approx.marker == "percent" else (b,)
    return any(abs(a - c) <= rel * max(abs(a), 1e-12) for c in candidates)


def decimal_places(v: sympy.Basic) -> int | None:
    """The places a terminating decimal that is no integer shows: 0.732 -> 3 (its denominator divides 10^3); None
    for anything else."""
    if not (v.is_Rational and not v.is_Integer):
        return None
    q, twos, fives = int(v.q), 0, 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    places = max(twos, fives)
    return places if q == 1 and places <= 15 else None


def _rounds_to(s: Node, last: Node) -> bool:
    """``last`` is the number ``s`` rounded to the places ``last`` shows, with two significant digits at least (the
    sides of a relation carry no decimal flag: a short terminating decimal is taken as written so):
    "\\sqrt{8/3} = 1.633", "\\sqrt{3} - 1 = 0.732" (a worked value, then its rounding; "= 0.7" is too coarse to say)."""
    if not (isinstance(s, Expr) and isinstance(last, Expr)) or (s.unit, s.marker) != (
        last.unit,
        last.marker,
    ):
        return False
    places = decimal_places(last.value)
    if places is None or abs(last.value) * 10**places < 10 or s.value.free_symbols:
        return False
    v = _num(s.value)
    if v is None or not v.is_real:
        return False
    return bool(abs(v - last.value) <= sympy.Rational(1, 2) * sympy.Rational(1, 10**places) * (1 + sympy.Rational(1, 10**9)))


def _agrees(s: Node, last: Node) -> bool:
    """Two sides of a worked chain that say one value: equal, or ``last`` rounds ``s`` (:func:`_rounds_to`)."""
    return _exprs_equal(s, last) or _rounds_to(s, last)  # type: ignore[arg-type]


def _rounded_from(n: Node) -> Node | None:
    """The exact side a true chain ends by rounding: ``\\sqrt{3} - 1`` of "\\sqrt{3} - 1 = 1.732 - 1 = 0.732" (the answer,
    then its decimal; either answers); None for anything else."""
    if not (isinstance(n, Relation) and len(n.sides) >= 2 and all(o == "=" for o in n.ops)):
        return None
    last = n.sides[-1]
    if _strip_label(n) is not last and _combination_value(n, last) is not last:
        return None
    for s in n.sides[:-1]:
        if isinstance(s, Expr) and not s.inexact and not s.value.free_symbols and _rounds_to(s, last):
            return s
    return None


def _names_itself(n: Relation) -> bool:
    """The label's symbol is also on the other side: "n = 2n + 1" is an equation in n, not 2n + 1 named n."""
    name, value = n.sides[0], n.sides[1]
    return (
        isinstance(name, Expr)
        and isinstance(value, Expr)
        and isinstance(name.value, sympy.Symbol)
        and name.value in value.value.free_symbols
    )


def rounded_side_equal(pred: Node | None, gold: Node | None) -> bool:
    """``pred`` is ``exact \\approx rounded`` and ``gold`` a decimal key equal to its rounding, which rounds the exact
    value ("1693/413 \\approx 4.1" against 4.1): the key was rounded as the answer rounds it."""
    if not (isinstance(pred, Relation) and pred.ops == ("~",) and isinstance(gold, Expr) and gold.inexact):
        return False
    exact, rounded = pred.sides
    return isinstance(rounded, Expr) and _exprs_equal(rounded, gold) and approximates(exact, rounded, rel=0.01)


def _false_approximation(exact: Node, approx: Node) -> bool:
    """``exact \approx approx`` where the approximation cannot be one: another sign, a factor of four or more away
    ("72 \approx 700"; a slip such as "1/3 \approx 1.3" stays), or a rational that no decimal writes, unequal to the
    exact side (nothing was rounded)."""
    if not (isinstance(exact, Expr) and isinstance(approx, Expr)):
        return False
    if exact.value.free_symbols or approx.value.free_symbols:
        # ("x+1 \approx x-1": no rounding makes one expression another; decimals in it may round: "\pi x \approx 3.14x")
        decimals = [a for a in approx.value.atoms(sympy.Rational, sympy.Float) if not a.is_Integer]  # ("3.14x")
        rounded = approx.inexact or decimals or not approx.value.free_symbols
        if rounded:
            return False
        diff = exact.value - approx.value
        return _has_big_power(diff) or sympy.expand(diff) != 0  # (too costly to expand: no restatement either)
    if exact.value.is_Integer and approx.value.is_Integer and exact.value != approx.value:
        # ("3 \approx 5": an integer rounds to itself or to tens, hundreds, ...: "1234 \approx 1200" is one)
        places = len(str(abs(int(approx.value)))) - len(str(abs(int(approx.value))).rstrip("0"))
        return abs(exact.value - approx.value) * 2 > 10**places
    if exact.value.is_Rational and approx.value.is_Rational and not approx.value.is_Integer:
        if decimal_places(approx.value) is None:  # ("\frac{17}{12}": no decimal, so no rounding of another value)
            return exact.value != approx.value
    try:
        a, b = (complex(x.value.evalf(15)) / (100 if x.marker == "percent" else 1) for x in (exact, approx))
    except (TypeError, ValueError, OverflowError):
        return False
    if a.imag or b.imag or a == 0 or b == 0:
        return False
    return (a.real > 0) != (b.real > 0) or not 0.25 < a.real / b.real < 4  # ("1/3 \approx 33\%" is one)


def _strip_label(n: Node) -> Node:
    """``x = 3`` -> ``3``; a true chain ``2 + 2 = 4`` -> ``4``, an identity ``(x+1)^2 = x^2+2x+1`` -> its last
    side (a false one, an equation, stays)."""
    if not isinstance(n, Relation):
        return n
    if n.label and len(n.ops) == 1 and n.ops[0] in ("=", "in", "~") and not _names_itself(n):
        side = n.sides[1]
        if n.ops[0] == "~" and isinstance(side, Expr) and isinstance(side.value, sympy.Symbol):
            return n  # "D \approx C": one letter approximated by another is no value
        return side
    if (
        n.ops[0] == "="
        and isinstance(n.sides[0], Expr)
        and n.sides[0].value == sympy.E
        and all(isinstance(x, Expr) and x.value != sympy.E for x in n.sides[1:])
        and all(_exprs_equal(x, n.sides[-1]) for x in n.sides[1:-1])  # type: ignore[arg-type]
    ):  # "e = \sqrt{11/6} = \frac{\sqrt{66}}{6}": an eccentricity named e, not Euler's number
        return n.sides[-1]
    if (
        n.ops == ("=",)
        and isinstance(n.sides[0], Expr)
        and isinstance(n.sides[1], Expr)
        and isinstance(n.sides[0].value, sympy.Function)  # (a function applied, not an equation to solve: "x + 1 = 5")
        and len(n.sides[0].value.free_symbols) >= 2  # (of several quantities: "\cos x = 2" is an equation in x)
        and not n.sides[1].value.free_symbols
    ):  # "\sin(\alpha+\beta) = \frac{5+\sqrt7}{8}": the quantity the question names, then its value
        return n.sides[1]
    if n.ops == ("~",):  # "\frac16 \approx 0.1667": the exact value is the answer (a slip in the rounding, "1/3
        # \approx 1.3", costs nothing: Math-Verify's tests pay it; prose "or about 4" after "$3$" is checked instead)
        # (but no false approximation: "72 \approx 720", "72 \approx -72", "\frac{19}{12} \approx \frac{17}{12}")
        return n.sides[0] if not _false_approximation(n.sides[0], n.sides[1]) else n
    if (
        n.label
        and len(n.ops) >= 2
        and all(o == "=" for o in n.ops)
        and all(isinstance(s, Expr) and s.unit is None and s.marker is None for s in n.sides)
    ):  # "x = \frac{-b}{2a} = \frac{4}{2} = 2": a formula, worked out; every number in it must agree
        numeric = [s for s in n.sides[1:] if not s.value.free_symbols]  # type: ignore[union-attr]
        last = n.sides[-1]
        named = n.sides[0].value.free_symbols  # type: ignore[union-attr]
        if (
            numeric
            and numeric[-1] is last
            and len(numeric) < len(n.sides) - 1
            and all(_agrees(s, last) for s in numeric[:-1])
            # (no formula of the named quantity holds it: "x = 5 of x = 7", "x = 5 i x = 7" are two values joined by
            # a word the parser took for letters)
            and not any(named & s.value.free_symbols for s in n.sides[1:-1])  # type: ignore[union-attr]
        ):
            return last
    if (
        len(n.ops) >= 2
        and all(o == "=" for o in n.ops)
        and all(isinstance(s, Expr) and s.unit is None for s in n.sides)
        and n.sides[0].value.atoms(sympy.Function)  # type: ignore[union-attr]
        and all(not s.value.free_symbols for s in n.sides[1:])  # type: ignore[union-attr]
        and all(_agrees(s, n.sides[-1]) for s in n.sides[1:-1])
    ):  # "\cos(A) = \frac{48}{50} = 0.96": a function's value worked out to a number; every number agrees
        return n.sides[-1]
    if n.label and len(n.ops) > 1 and n.ops[0] in ("=", "~"):  # "x = \frac13 \approx 0.333", "x = 2 + 2 = 4"
        rest = Relation(n.ops[1:], n.sides[1:])
        stripped = _strip_label(rest)
        return stripped if stripped is not rest else n
    if all(o == "=" for o in n.ops) and all(isinstance(s, Expr) for s in n.sides):
        # a true chain, numeric or an identity ("\sum_{k=1}^n k = \frac{n(n+1)}{2}"): its last side
        last = n.sides[-1]
        if all(_agrees(s, last) for s in n.sides[:-1]):
            return last
        in_degrees = [_trig_in_degrees(s) for s in n.sides[:-1]]  # type: ignore[arg-type]
        if any(d is not None for d in in_degrees) and all(
            _exprs_equal(d or s, last) for d, s in zip(in_degrees, n.sides[:-1])  # type: ignore[arg-type]
        ):  # "\sin(30) = 0.5", "csc(330) = -2": a true chain in degrees, the angles written without the sign
            return last
    if all(o == "=" for o in n.ops) and all(isinstance(s, Bracket) and s.open == "(" for s in n.sides):
        # a true chain of tuples ("\left(\frac{7 + 4}{2}, \frac{-3 + 1}{2}\right) = \left(\frac{11}{2}, -1\right)"): its
        # last side, each coordinate worked out
        last = n.sides[-1]
        if all(
            len(s.items) == len(last.items)  # type: ignore[union-attr]
            and all(isinstance(a, Expr) and isinstance(b, Expr) and _agrees(a, b) for a, b in zip(s.items, last.items))  # type: ignore[union-attr]
            for s in n.sides[:-1]
        ):
            return last
    if all(o == "=" for o in n.ops) and all(isinstance(s, Bracket) and s.open == "{" for s in n.sides):
        # a true chain of sets ("\{2+e^{2\pi i/3}, ...\} = \{\tfrac32 \pm ..., ...\}"): its last side
        last = n.sides[-1]
        if all(_nodes_equal(s, last, 1) for s in n.sides[:-1]):
            return last
    return n


def _combination_value(n: Node, other: Node) -> Node:
    """``a+b+c = 3 + 57 + 2 = 62``, ``p+q = 657+64 = 721`` against a number: a quantity built from two or more
    unknowns (what "find m + n" asks for), worked out to its numeric last side; every numeric side must agree.
    Without the working the relation is an equation (``x + y = 3`` is a line, not 3), and ``x + 1 = 2 + 3 = 5``
    (one unknown, an equation to solve) and anything against a non-number stay as they are."""
    if not (
        isinstance(n, Relation)
        and len(n.sides) >= 3
        and isinstance(other, Expr)
        and other.value.is_number
        and all(o == "=" for o in n.ops)
        and all(isinstance(x, Expr) and x.marker is None for x in n.sides)
    ):
        return n
    first, rest = n.sides[0], n.sides[1:]
    if len(first.value.free_symbols) < 2 or first.unit is not None:  # type: ignore[union-attr]
        return n
    if not all(x.value.is_number for x in rest) or not all(_agrees(x, rest[-1]) for x in rest[:-1]):  # type: ignore[union-attr]
        return n
    return rest[-1]


def _nodes_equal(a: Node, b: Node, depth: int) -> bool:
    if _nodes_equal_as_written(a, b, depth):
        return True
    ua = a.items[0] if isinstance(a, Answers) and len(a.items) == 1 else a
    ub = b.items[0] if isinstance(b, Answers) and len(b.items) == 1 else b
    if depth > 20 or not (is_condition(ua) or is_condition(ub)):
        return False
    if isinstance(ua, Relation) != isinstance(ub, Relation):  # "x \in [0, 2]" against "[0, 1) \cup [1, 2]": its set
        ua, ub = _member_set(ua), _member_set(ub)
    # conditions written differently ("x^2 = 4" and "x = 2 or x = -2"): the same solutions
    return (is_condition(ua) or _is_set_like(ua)) and (is_condition(ub) or _is_set_like(ub)) and conditions_equal(ua, ub)


def _member_set(n: Node) -> Node:
    r"""``x \in S`` (one unknown in a set) -> ``S``; anything else as it is."""
    if isinstance(n, Relation) and n.ops == ("in",) and isinstance(n.sides[0], Expr):
        if isinstance(n.sides[0].value, sympy.Symbol):
            return n.sides[1]
    return n


def _named_tuple(n: Node) -> Bracket | None:
    """``x = 1, y = 2`` (a list of two or more values named by distinct symbols) -> the tuple ``(1, 2)`` of the
    values in the names' alphabetical order (x, y, z; a, b; m, n); None for anything else."""
    if not isinstance(n, Answers) or len(n.items) < 2:
        return None
    named = {}
    for item in n.items:
        if not (
            isinstance(item, Relation)
            and item.ops == ("=",)
            and isinstance(item.sides[0], Expr)
            and isinstance(item.sides[0].value, sympy.Symbol)
            and isinstance(item.sides[1], Expr)
        ):
            return None
        named[item.sides[0].value.name] = item.sides[1]
    if len(named) != len(n.items):
        return None
    return Bracket("(", ")", tuple(named[k] for k in sorted(named)))


def _is_set_like(n: Node) -> bool:
    return isinstance(n, Bracket) and (n.open == "{" or (n.open in "([" and len(n.items) == 2))


def _nodes_equal_as_written(a: Node, b: Node, depth: int) -> bool:
    if depth > 20:
        return False
    if isinstance(a, Answers) and len(a.items) == 1:
        a = a.items[0]
    if isinstance(b, Answers) and len(b.items) == 1:
        b = b.items[0]
    spelled = tuple_by_name(a) if isinstance(b, Answers) and named_apart(b) else None
    if spelled is not None:  # "(b,a)=(2,3)" against "a=2, b=3": b is 2, a is 3, by name
        a = spelled
    if (
        isinstance(a, Answers)
        and a.connective == ","
        and isinstance(b, Expr)
        and len(a.items) <= 4
        and all(isinstance(x, Expr) for x in a.items)
        and any(x.inexact or x.marker for x in a.items)  # (not "5,5", which may be a decimal comma)
    ):
        # "45.000000, 45.000000", "0.6, 60%": one value said again, in another form
        return all(_nodes_equal(x, b, depth + 1) for x in a.items)
    if isinstance(a, Choice) or isinstance(b, Choice):
        return _choices_equal(a, b, depth)
    # "x \in (1, 3)" says its bracket is an interval: never a pair of values
    member = {k for k, n in (("a", a), ("b", b)) if isinstance(n, Relation) and n.ops == ("in",)}
    a, b = as_domain(a), as_domain(b)
    if isinstance(a, Relation) != isinstance(b, Relation):
        rel, other = (a, b) if isinstance(a, Relation) else (b, a)
        exact = _rounded_from(rel)
        if exact is not None and _nodes_equal(exact, other, depth + 1):
            return True  # "x = \\frac{1}{3} = 0.333" against \\frac13, as "x = \\frac13 \\approx 0.333" is
        a, b = _strip_label(a), _strip_label(b)
        a, b = _combination_value(a, b), _combination_value(b, a)
    if isinstance(a, Relation) and isinstance(b, Relation):
        if _same_function(a, b):  # "y = 2x + 3" and "f(x) = 2x + 3" name one function
            return _nodes_equal(a.sides[1], b.sides[1], depth + 1)
        renamed = _renamed_argument(a, b)
        if renamed is not None:  # "f(x) = x" and "f(z) = z": one function, its argument named otherwise
            return _nodes_equal(a.sides[1], renamed, depth + 1)
        if _relations_equal(a, b, depth):
            return True
        sa, sb = _strip_label(a), _strip_label(b)
        if sa is a and sb is b:
            if free_symbols(a) != free_symbols(b):
                return False  # "y < 1" says nothing about x: the same set of values on another variable
            ia, ib = relation_interval(a), relation_interval(b)
            return ia is not None and ib is not None and _nodes_equal(ia, ib, depth + 1)
        if sa is not a and sb is not b and a.label and b.label and a.name and a.name == b.name:
            return _nodes_equal(sa, sb, depth + 1)  # "x = 5+5+1 = 11" (a true chain) vs "x = 11"
        if (sa is a) == (sb is b):  # two labelled answers (a = 3 vs b = 3) must match as relations
            return False
        return _nodes_equal(sa, sb, depth + 1)  # "x \in (-1, 1)" vs "-1 < x < 1"
    if isinstance(a, Relation) or isinstance(b, Relation):
        rel, other = (a, b) if isinstance(a, Relation) else (b, a)
        interval = relation_interval(rel)
        if interval is not None and isinstance(other, (Bracket, Union)):
            return _nodes_equal(interval, other, depth + 1)
        return False
    proportional = proportional_ratios(a, b)
    if proportional is not None:  # "6:8:18" answers "3:4:9": a three-part ratio is its proportions
        return proportional
    if _clock_like(a) and _clock_like(b):  # "2:30" against "1:15": two times of day (or scores), not proportions
        return all(x.value == y.value for x, y in zip(a.items, b.items))  # type: ignore[union-attr]
    rb = ratio_value(b, reduced=True)
    if rb is not None and (isinstance(a, Expr) or ratio_value(a) is not None):
        # a reference ratio of two numbers is their quotient: "\frac34" or "6:8" answers "3:4". Not the other way
        # round: "1:4" for the fraction 1/4 may be a part-to-part ratio (1/5 of the whole); and only a ratio in
        # lowest terms, as keys state them ("6:10" may be a clock time)
        return _exprs_equal(ratio_value(a) or a, rb)  # type: ignore[arg-type]
    if isinstance(a, Expr) and isinstance(b, Expr):
        return _exprs_equal(a, b) or _option_letters_equal(a, b)  # "B" against "b": one option letter
    if isinstance(a, Text) or isinstance(b, Text):
        return _text_equal(a, b)
    if isinstance(a, Matrix) and isinstance(b, Matrix):
        if len(a.rows) != len(b.rows) or len(a.rows[0]) != len(b.rows[0]):
            return False
        return all(_nodes_equal(x, y, depth + 1) for ra, rb in zip(a.rows, b.rows) for x, y in zip(ra, rb))
    if isinstance(a, Matrix) != isinstance(b, Matrix):  # a vector as a tuple: (3, -1) is the column (3; -1)
        m, t = (a, b) if isinstance(a, Matrix) else (b, a)
        rows = _nested_rows(t)
        if rows is not None:  # "[[1, 0], [0, 1]]": a program's matrix, row by row
            return _nodes_equal(m, Matrix(rows), depth + 1)
        if isinstance(t, Expr) and t.unit is None and len(m.rows) == 2 and len(m.rows[0]) == 1:
            return _binomial_column(m, t)  # "\left(\begin{array}{c}2n \\ n\end{array}\right)": C(2n, n) as once written
        if not (isinstance(t, Bracket) and (t.open, t.close) == ("(", ")")):
            return False
        if len(m.rows) != 1 and len(m.rows[0]) != 1:
            return False
        entries = [c for r in m.rows for c in r]
        return len(entries) == len(t.items) and all(
            _nodes_equal(x, y, depth + 1) for x, y in zip(entries, t.items)
        )
    named = _named_tuple(a) if isinstance(b, Bracket) else _named_tuple(b) if isinstance(a, Bracket) else None
    if named is not None:  # "x = \frac73, y = \frac19" against (\frac73, \frac19)
        return _nodes_equal(named, b if isinstance(b, Bracket) else a, depth + 1)
    if isinstance(a, Bracket) and isinstance(b, Bracket):
        if a.open == "{" and b.open == "{":
            return _unordered_equal(a.items, b.items, depth)
        if len(a.items) != len(b.items) or (
            (a.open, a.close) != (b.open, b.close) and not (_vector(a) and _vector(b))
        ):
            return False
        return all(_nodes_equal(x, y, depth + 1) for x, y in zip(a.items, b.items))
    if isinstance(a, Union) and isinstance(b, Union):
        return _unordered_equal(a.parts, b.parts, depth)
    # several answers: a bare list equals another bare list or a set, in any order;
    # a one-element set is its element ("\{6\}" answers "6")
    if (
        isinstance(a, Bracket)
        and a.open == "{"
        and len(a.items) == 1
        and not isinstance(b, (Bracket, Answers))
    ):
        return _nodes_equal(a.items[0], b, depth + 1)
    if (
        isinstance(b, Bracket)
        and b.open == "{"
        and len(b.items) == 1
        and not isinstance(a, (Bracket, Answers))
    ):
        return _nodes_equal(a, b.items[0], depth + 1)
    if isinstance(a, Union) != isinstance(b, Union):  # "x < -1 or x > 1" against (-oo, -1) U (1, oo)
        union, other = (a, b) if isinstance(a, Union) else (b, a)
        if other is a and _conjunction(other):
            # an answer "x < 1 and x > 3" holds where both do: one interval at most, never two apart (a key that
            # writes "and" for its union, "p>1 \text{ and } p<-3", is read as meant)
            return False
        parts = as_intervals(other)
        return parts is not None and _unordered_equal(union.parts, parts, depth)
    # a bare list in a tuple's order names that tuple: "1, 2, 3" for the solution (1, 2, 3) of a system or the vector
    # [1, 2, 3] (in another order it does not: the tuple is ordered). With two items a bracketed reference "(1, 2)"
    # could be an interval, so a bare answer names it only when it cannot be one ("(75, 25)"); a bare reference
    # "12, 34" is no interval, and an answer that brackets its two values in order, "(12, 34)" or "[12, 34]", names it
    for x, y, y_name in ((a, b, "b"), (b, a, "a")):
        pair = len(x.items) == 2 if isinstance(x, Answers) and y_name not in member else False
        if (
            isinstance(x, Answers) and x.connective in (",", ";", "and") and isinstance(y, Bracket)
            and len(x.items) == len(y.items)
            and (
                _vector(y)
                or pair and (y.open, y.close) == ("(", ")") and not could_be_interval(y)
                or pair and x is b and (y.open, y.close) in (("(", ")"), ("[", "]"))
            )
        ):
            return all(_nodes_equal(p, q, depth + 1) for p, q in zip(x.items, y.items))
    # "2 or 3" lists the same solutions as "2, 3" (hedges are caught earlier); values separated by semicolons
    # answer blanks in order ("0; 3": the first blank, then the second), so such a list is compared in order
    if _conjunction(a) != _conjunction(b):
        return False  # "x > 2 and x < 7" is one interval, "x > 2 or x < 7" the line: not two lists of the same items
    la, lb = _as_list(a), _as_list(b)
    if la is not None and lb is not None:
        named = isinstance(a, Answers) and named_apart(a) and named_apart(b)
        # (a bare list against a reference that names each value answers the names in the reference's order: "3, 2"
        # against "a=2, b=3" sets a to 3)
        bare = isinstance(a, Answers) and isinstance(b, Answers) and named_apart(b) and not any(map(_labelled, a.items))
        if isinstance(b, Answers) and (b.connective == ";" or bare) and not _one_unknown(b) and not named:
            # (the reference's separators decide; not where each item of both names its own unknown: "x = -6; y = 5")
            return len(la) == len(lb) and all(_nodes_equal(x, y, depth + 1) for x, y in zip(la, lb))
        return _unordered_equal(la, lb, depth, counted=True)
    return False


def _clock_like(n: Node) -> bool:
    """``h:mm`` with two-digit minutes ("1:15", "11:40"): whole hours 0-24, minutes 10-59."""
    if not (isinstance(n, Bracket) and n.open == ":" and len(n.items) == 2):
        return False
    h, m = n.items
    return (
        isinstance(h, Expr) and isinstance(m, Expr) and h.unit is None and m.unit is None
        and h.value.is_Integer and m.value.is_Integer and 0 <= h.value <= 24 and 10 <= m.value <= 59
    )  # fmt: skip


def _conjunction(n: Node) -> bool:
    """Inequalities joined by "and" ("x > 2 and x < 7"): their intersection, where "or" is their union."""
    return (
        isinstance(n, Answers)
        and n.connective == "and"
        and all(isinstance(x, Relation) and set(x.ops) <= {"<", ">", "<=", ">="} for x in n.items)
    )


def _vector(n: Bracket) -> bool:
    """Three items or more in round or square brackets: an ordered tuple or vector, ``(1, 2, 3)`` as ``[1, 2, 3]``
    (with two items, ``[1, 2]`` and ``(1, 2)`` are intervals, and differ)."""
    return len(n.items) >= 3 and (n.open, n.close) in (("(", ")"), ("[", "]"))


def _one_unknown(n: Answers) -> bool:
    """Every item names the same unknown ("x = 1; x = 2"): alternatives of one value, in no order."""
    names = {x.name if isinstance(x, Relation) and x.label else None for x in n.items}
    return len(names) == 1 and None not in names


def tuple_by_name(n: Node) -> Answers | None:
    """A tuple of names set to a tuple of values ("(b,a)=(2,3)") as its named values ("b = 2, a = 3"); None for
    anything else."""
    if not (isinstance(n, Relation) and n.ops == ("=",) and len(n.sides) == 2):
        return None
    names, values = n.sides
    if not (isinstance(names, Bracket) and isinstance(values, Bracket) and len(names.items) == len(values.items) >= 2):
        return None
    if not all(isinstance(x, Expr) and isinstance(x.value, sympy.Symbol) for x in names.items):
        return None
    return Answers(
        tuple(
            Relation(("=",), (x, v), label=True, name=x.value.name)  # type: ignore[union-attr]
            for x, v in zip(names.items, values.items)
        )
    )


def _labelled(n: Node) -> bool:
    """A relation that names what it sets ("x = 3")."""
    return isinstance(n, Relation) and bool(n.label)


def named_apart(n: Answers) -> bool:
    """Every item names an unknown of its own ("x = -6; y = 5"): the names, not the order, say which value is which."""
    names = [x.name if isinstance(x, Relation) and x.label else None for x in n.items]
    return None not in names and len(set(names)) == len(names)


_FUNCTION_LABEL_RE = re.compile(r"[A-Za-z]\([a-z]\)")


def _same_function(a: Relation, b: Relation) -> bool:
    """Two ``=`` answers labelled ``y`` / ``f(x)`` / ``p(x)`` (differently): names of one function of x."""
    if not (a.label and b.label and a.ops == b.ops == ("=",)) or a.name == b.name:
        return False
    names = {a.name, b.name}
    if "y" in names:
        other = (names - {"y"}).pop()
        return bool(_FUNCTION_LABEL_RE.fullmatch(other))
    fa, fb = (_FUNCTION_LABEL_RE.fullmatch(n) for n in (a.name, b.name))
    return bool(fa and fb) and a.name[1:] == b.name[1:]  # f(x) and p(x); never f(x) and f(t)


def _renamed_argument(a: Relation, b: Relation) -> Expr | None:
    """``b``'s right side with its function's argument renamed to ``a``'s, when both label one function of one
    letter with different argument letters ("f(x) = x" and "f(z) = z") that neither right side also uses; else None."""
    if not (a.label and b.label and a.ops == b.ops == ("=",)) or a.name == b.name:
        return None
    if not (_FUNCTION_LABEL_RE.fullmatch(a.name) and _FUNCTION_LABEL_RE.fullmatch(b.name)) or a.name[0] != b.name[0]:
        return None
    ea, eb = a.sides[1], b.sides[1]
    if not (isinstance(ea, Expr) and isinstance(eb, Expr)):
        return None
    va, vb = sympy.Symbol(a.name[2]), sympy.Symbol(b.name[2])
    if vb in ea.value.free_symbols or va in eb.value.free_symbols:
        return None
    return dataclasses.replace(eb, value=eb.value.subs(vb, va))


def _choices_equal(a: Node, b: Node, depth: int) -> bool:
    """``(B) 12`` against ``B`` (the letters agree), ``12`` (the values) or ``(B) 12`` (both)."""

    def letter(n: Node) -> str | None:
        if isinstance(n, Choice):
            return n.letter
        if isinstance(n, Text) and re.fullmatch(r"[a-z]", n.text):
            return n.text
        if (
            isinstance(n, Expr)
            and isinstance(n.value, sympy.Symbol)
            # a letter of the options, in either case: "(a) f is increasing" against "a", "(D) 150 metres" against "d"
            # (MathQA's keys are lower case)
            and re.fullmatch(r"[A-Za-j]", n.value.name)
            and n.unit is None  # "C" with a unit word is no letter
            and n.marker is None
        ):
            return n.value.name.lower()
        if isinstance(n, Expr) and n.value == sympy.I and n.unit is None:
            return "i"  # option (I): a bare "I" reads as the imaginary unit
        if isinstance(n, Expr) and n.value == sympy.E and n.unit is None and n.marker is None:
            return "e"  # a key "e" against "e) $500": option (e), not Euler's number
        return None

    if isinstance(a, Choice) and isinstance(b, Choice):
        return a.letter == b.letter and _nodes_equal(a.value, b.value, depth + 1)
    choice, other = (a, b) if isinstance(a, Choice) else (b, a)
    assert isinstance(choice, Choice)
    other_letter = letter(other)
    if other_letter is not None:
        return choice.letter == other_letter
    if isinstance(choice.value, Text):  # "C. $(0; \sqrt{2})$", "D. 0,9625": the option's text, read as its value
        read = _option_text_value(choice.value.text)
        if read is not None and _nodes_equal(read, other, depth + 1):
            return True
    return _nodes_equal(choice.value, other, depth + 1)


def _option_text_value(text: str) -> Node | None:
    """The value an option's text writes in a notation the option reader keeps as text (a tuple, a decimal comma, a
    semicolon between coordinates); None when it reads as none."""
    comma = decimal_comma_value(strip_math_delimiters(text).strip())
    candidate = comma if comma is not None else text
    if comma is None and ";" in text and "," not in text:
        candidate = text.replace(";", ",")
    try:
        read = parse_answer(candidate)
    except Exception:  # noqa: BLE001 - the text is no value
        return None
    return None if isinstance(read, Text) else read


def _as_list(n: Node) -> tuple[Node, ...] | None:
    if isinstance(n, Answers):
        return n.items
    if isinstance(n, Bracket) and n.open == "{":
        return n.items
    return None


_MAX_COUNTED = 12  # a reference list this long or shorter is checked for a repeated item


def _unordered_equal(xs: tuple[Node, ...], ys: tuple[Node, ...], depth: int, counted: bool = False) -> bool:
    """The same items in any order. ``counted`` (a bare list against a bare reference list ``ys``): a reference
    that repeats an item counts it ("2, 1, 2" does not answer "2, 1, 1"; "1, 2, 3" does not answer "1, 1, 2, 3,
    3"), so the items must pair off one to one; sets and unions never count."""
    if not xs and not ys:
        return True
    if not xs or not ys or len(xs) > 50 or len(ys) > 50:
        return False
    if not counted or len(ys) > _MAX_COUNTED or not _repeats(ys, depth):
        return all(any(_nodes_equal(x, y, depth + 1) for y in ys) for x in xs) and all(
            any(_nodes_equal(x, y, depth + 1) for x in xs) for y in ys
        )
    same = [[_nodes_equal(x, y, depth + 1) for y in ys] for x in xs]
    return len(xs) == len(ys) and _perfect_matching(same)  # (a perfect matching covers every row and column)


def _repeats(items: tuple[Node, ...], depth: int) -> bool:
    return any(_nodes_equal(items[i], items[j], depth + 1) for i in range(len(items)) for j in range(i))


def _relations_equal(a: Relation, b: Relation, depth: int) -> bool:
    if len(a.ops) != len(b.ops):
        return False
    if a.ops == b.ops and all(_nodes_equal(x, y, depth + 1) for x, y in zip(a.sides, b.sides)):
        return True
    flipped = tuple(REL_FLIP.get(o) for o in reversed(b.ops))
    if a.ops == flipped and all(_nodes_equal(x, y, depth + 1) for x, y in zip(a.sides, reversed(b.sides))):
        return True
    if len(a.ops) == 1 and all(isinstance(s, Expr) for s in a.sides + b.sides):
        da, oa = normal_relation(a)
        db, ob = normal_relation(b)
        if oa is None or oa != ob:
            return False
        if not (da.free_symbols or db.free_symbols):
            return False
        ratio = _constant_ratio(da, db)
        if ratio is None:
            return False
        return ratio != 0 if oa in ("=", "!=") else ratio > 0
    return False


def _binomial_column(m: Matrix, e: Expr) -> bool:
    """A column of two entries against a number or an expression: the binomial coefficient it writes in the old
    notation, top over bottom in parentheses, equal to it; never equal otherwise."""
    top, bottom = m.rows[0][0], m.rows[1][0]
    if not (isinstance(top, Expr) and isinstance(bottom, Expr) and top.unit is None and bottom.unit is None):
        return False
    try:
        return _exprs_equal(Expr(sympy.binomial(top.value, bottom.value)), e)
    except Exception:  # noqa: BLE001 - no such coefficient
        return False


def _nested_rows(n: Node) -> tuple[tuple[Node, ...], ...] | None:
    """``[[1, 2], [3, 4]]`` (a list of two or more lists in square brackets, all of one length, two or more) as a
    matrix's rows; None for anything else."""
    if not (isinstance(n, Bracket) and n.open == "[" and len(n.items) >= 2):
        return None
    rows = [x.items for x in n.items if isinstance(x, Bracket) and x.open == "[" and x.close == "]"]
    if len(rows) != len(n.items) or len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
        return None
    return tuple(rows)
