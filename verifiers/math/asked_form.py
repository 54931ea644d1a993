"""The form a question asks its answer in: "Factor $x^2-5x+6$." asks for a product, "Expand $(x+1)^2$." for a sum.

Equal values are otherwise one answer. Where the question asks for one form and the key is in it, the other form
has not done what was asked: "-1 + x^2" (the question's polynomial, reordered) does not factor "x^2 - 1".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import sympy
from verigrpo.verifiers.math.nodes import Expr, Node
from verigrpo.verifiers.math.question import question_text

# "Factor", "Factorise", "factorize completely" (not "a factor of", "factor out 3", "the scale factor")
_FACTOR_RE = re.compile(r"\bfactori[sz]e\b|(?<!scale )(?<!common )\bfactor\b(?!\s+(?:of|out|in)\b)", re.I)
_EXPAND_RE = re.compile(r"\b(?:expand|multiply\s+out)\b", re.I)


def _product(v: sympy.Basic) -> bool:
    """A product with a factor that is a sum in a variable: "(x+1)(x-1)", "2(x+1)^2" (not "3x", "x^2")."""
    factors = v.args if isinstance(v, sympy.Mul) else (v,)
    bases = (f.base if isinstance(f, sympy.Pow) else f for f in factors)
    return (isinstance(v, (sympy.Mul, sympy.Pow))) and any(isinstance(b, sympy.Add) and b.free_symbols for b in bases)


def other_form_than_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """The question asks to factor and the key is a product, or to expand and the key is a sum, and the answer, equal
    in value, is in the other form: "-1+x^2" or "x(x-5)+6" for "Factor ...", "(1+x)^2" for "Expand ..."."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or not gold.value.free_symbols:
        return False
    question = question_text(row)[-2_000:]
    if not question:
        return False
    if _product(gold.value) and not _product(pred.value) and _FACTOR_RE.search(question):
        return True
    return isinstance(gold.value, sympy.Add) and _product(pred.value) and _EXPAND_RE.search(question) is not None


# a request for an exact value: "Express your answer in terms of $\pi$.", "in simplest radical form", "the exact value"
_EXACT_ASKED_RE = re.compile(
    r"in\s+terms\s+of\s+(?:\$?\\pi\b|π|pi\b)|\bexact\s+(?:value|form|answer)\b|simplest\s+radical\s+form", re.I
)


def decimal_for_exact_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A decimal against an irrational key, where the question asks for the exact value: "9.424778" against 3\\pi for
    "Express your answer in terms of $\\pi$." (without such a request, a decimal that rounds the key stays paid)."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or not pred.inexact or gold.inexact:
        return False
    if gold.value.free_symbols or gold.value.is_Rational:
        return False
    return _EXACT_ASKED_RE.search(question_text(row)[-2_000:]) is not None
