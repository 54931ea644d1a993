"""Arbitrary constants of a general solution, named otherwise: ``\\frac{e^t}{3} + ce^{-2t}`` answers ``x = \\frac13 e^t +
Ce^{-2t}``, and ``C_1 \\sin 2t + C_2 \\cos 2t`` answers ``C_1 \\cos 2t + C_2 \\sin 2t``.

A constant is a symbol named ``c`` or ``C``, with or without an index (``C_1``, ``c_2``); where the reference names
one so, also ``A``, ``B``, ``D``, ``K`` or ``k`` on either side (``A + \\frac{B}{x} - x`` against ``C + \\frac{D}{x} -
x``). Constants are renamed only
where both sides hold the same number of them (one to three) and each enters linearly, as the constants of a general
solution or an antiderivative do: a formula in given quantities named so (``\\frac{C_1 V}{C_1 + C_2}``, ``mc^2``) is
never renamed, so a swapped capacitance is still wrong.
"""

from __future__ import annotations

import itertools
import re

import sympy
from verigrpo.verifiers.math.nodes import Expr, Node, Relation

_CONSTANT_NAME_RE = re.compile(r"[cC](?:_\{?\d\}?|\d)?")


def _value(n: Node) -> sympy.Basic | None:
    """The expression an answer states: its value, or the right side of ``y = ...``, ``x(t) = ...``."""
    if isinstance(n, Relation) and n.ops == ("=",) and n.label:
        n = n.sides[1]
    if isinstance(n, Expr) and n.unit is None and n.marker is None:
        return n.value
    return None


# other letters a general solution names its constants with ("Y = A + \\frac{B}{x} - x", "x^2 + k"): counted as
# constants only beside a constant named c or C on the reference's side
_OTHER_NAMES = frozenset("ABDKk")


def _constants(v: sympy.Basic, others: bool = False) -> list[sympy.Symbol]:
    names = [s for s in v.free_symbols if _CONSTANT_NAME_RE.fullmatch(s.name) or (others and s.name in _OTHER_NAMES)]
    return sorted(names, key=lambda s: s.name)


def _linear_in(v: sympy.Basic, names: list[sympy.Symbol]) -> bool:
    """``v`` is of degree at most one in the constants together: no constant is squared, multiplied by another or
    inside a function or a denominator."""
    try:
        return all(sympy.diff(v, a, b) == 0 for a, b in itertools.combinations_with_replacement(names, 2))
    except Exception:  # noqa: BLE001 - an expression sympy cannot differentiate is no general solution
        return False


# the question calls them arbitrary constants ("where C_1, C_2 are constants", "constant of integration")
_ARBITRARY_RE = re.compile(r"\barbitrary\b|\bconstants?\b|\bintegrat", re.I)


def _named_in(question: str, names: list[sympy.Symbol]) -> bool:
    """One of the constants is named in the question ("Let C_1 = 3", "capacitance C", "c denotes the speed of
    light"): a given quantity there, not an arbitrary constant."""
    for s in names:
        letter, index = s.name[0], re.sub(r"\D", "", s.name)
        tail = rf"_?\{{?{index}\}}?" if index else r"(?![_\d])"
        if re.search(rf"(?<![A-Za-z\\]){letter}{tail}(?![A-Za-z])", question):
            return True
    return False


def renamed_constants_equal(pred: Node, gold: Node, question: str = "", integral: bool = False) -> bool:
    """The two answers are one general solution whose arbitrary constants are named or ordered otherwise, or, where
    the question asks for an antiderivative (``integral``), whose one added constant takes in a number beside it
    ("x^2 + 5 + C" is "x^2 + C"); not where the ``question`` names one of them without calling it arbitrary (there it
    is a given quantity)."""
    a, b = _value(pred), _value(gold)
    if a is None or b is None or sympy.count_ops(a) > 120 or sympy.count_ops(b) > 120:
        return False
    ca, cb = _constants(a), _constants(b)
    if cb and len(ca) < len(cb):
        # "A + \\frac{B}{x} - x" against "C + \\frac{D}{x} - x": constants by other letters, in a solution of a
        # variable (never a bare letter: "D" against the option "C", nor "A + B" against "C + D")
        ca, cb = _constants(a, others=True), _constants(b, others=True)
        if not b.free_symbols - set(cb):
            return False
    if not 1 <= len(ca) == len(cb) <= 3 or not (_linear_in(a, ca) and _linear_in(b, cb)):
        return False
    if question and not _ARBITRARY_RE.search(question) and _named_in(question, ca + cb):
        return False
    if a.free_symbols - set(ca) != b.free_symbols - set(cb):
        return False  # the other symbols (t, x, \omega) must be the same ones
    # one constant added on each side of an antiderivative the question asks for ("... - 48 + C" against "... + C"):
    # it takes in any number added beside it (elsewhere "a + C + 1" is no "a + C": C may name a point or an angle)
    added = integral and len(ca) == 1 and sympy.diff(a, ca[0]) == 1 and sympy.diff(b, cb[0]) == 1
    for image in itertools.permutations(cb):
        renamed = a.xreplace(dict(zip(ca, image)))
        try:
            difference = sympy.simplify(renamed - b)
            if difference == 0 or (added and difference.is_number and difference.is_real):
                return True
        except Exception:  # noqa: BLE001 - a failed comparison means "different"
            continue
    return False

