"""The form a question asks its answer in: "Factor $x^2-5x+6$." asks for a product, "Expand $(x+1)^2$." for a sum,
"Simplify the fraction ... to its lowest terms" for a reduced fraction.

Equal values are otherwise one answer. Where the question asks for one form and the key is in it, the other form
has not done what was asked: "-1 + x^2" (the question's polynomial, reordered) does not factor "x^2 - 1".
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import sympy
from verigrpo.verifiers.math.forms import TEXT_WRAP_RE
from verigrpo.verifiers.math.nodes import Expr, Node
from verigrpo.verifiers.math.question import question_text
from verigrpo.verifiers.math.sentences import parsed

# "Factor", "Factorise", "factorize completely" (not "a factor of", "factor out 3", "the scale factor")
_FACTOR_RE = re.compile(r"\bfactori[sz]e\b|(?<!scale )(?<!common )\bfactor\b(?!\s+(?:of|out|in)\b)", re.I)
_EXPAND_RE = re.compile(r"\b(?:expand|multiply\s+out)\b", re.I)


def _product(v: sympy.Basic) -> bool:
    """A product with a factor that is a sum in a variable: "(x+1)(x-1)", "2(x+1)^2" (not "3x", "x^2")."""
    factors = v.args if isinstance(v, sympy.Mul) else (v,)
    bases = (f.base if isinstance(f, sympy.Pow) else f for f in factors)
    return (isinstance(v, (sympy.Mul, sympy.Pow))) and any(isinstance(b, sympy.Add) and b.free_symbols for b in bases)


def _unexpanded(v: sympy.Basic) -> bool:
    """A product with a sum for a factor anywhere in ``v``: "x(x+2)+1", "-x^2(550x^2+4091x)" (not "x^2+2x+1")."""
    return any(_product(sub) for sub in sympy.preorder_traversal(v) if isinstance(sub, (sympy.Mul, sympy.Pow)))


def _factoring(v: sympy.Basic) -> tuple[int, bool]:
    """How many factors in a variable a product has, each power counted as often as its exponent says, and whether a
    factor keeps a number common to its terms ("2x-4" in "x(2x-4)(x+2)")."""
    count, common = 0, False
    for f in v.args if isinstance(v, sympy.Mul) else (v,):
        base, times = (f.base, f.exp) if isinstance(f, sympy.Pow) and f.exp.is_Integer and f.exp > 0 else (f, 1)
        if base.free_symbols:
            count += int(times)
            common = common or (isinstance(base, sympy.Add) and base.as_content_primitive()[0] != 1)
    return count, common


# a product of bracketed factors in the question, there to be multiplied out: "(x+1)*(x-2)", "(2x-1)(x+3)"
_BRACKETS_PRODUCT_RE = re.compile(r"\)\s*(?:(?:\*|\\cdot|\\times)\s*)?\(")


def other_form_than_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """The question asks to factor and the key is a product, or to expand and the key is a sum, and the answer, equal
    in value, is in the other form: "-1+x^2" or "x(x-5)+6" for "Factor ...", "(1+x)^2" or "x(x+2)+1" for "Expand
    ...". A factoring into fewer factors than the key's ("(x^2-1)(x+2)" against "(x-1)(x+1)(x+2)"), or with a number
    left common to a factor's terms where the key's factors have none ("x(2x-4)(x+2)" against "2x(x-2)(x+2)"), has not
    factored completely. A question that gives a product of brackets to work out ("Calculate (x+1)*(x-2)") asks for it
    expanded where its key is."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or not gold.value.free_symbols:
        return False
    question = question_text(row)[-2_000:]
    if not question:
        return False
    if _product(gold.value) and _FACTOR_RE.search(question):
        if not _product(pred.value):
            return True
        (have, kept), (want, key_kept) = _factoring(pred.value), _factoring(gold.value)
        return have < want or (kept and not key_kept)
    asked = _EXPAND_RE.search(question) or _BRACKETS_PRODUCT_RE.search(question)
    return isinstance(gold.value, sympy.Add) and not _unexpanded(gold.value) and _unexpanded(pred.value) and bool(asked)


# a bracket of the answer as written: "(2x+4)" in "(2x+4)(x+3)"
_BRACKET_GROUP_RE = re.compile(r"\(([^()]{1,200})\)")


def _common_in_brackets(text: str) -> bool:
    """A bracketed sum of ``text`` keeps a number common to its terms ("(2x+4)", "(\\frac{x}{2}+\\frac32)"): the
    parser multiplies a leading factor in ("2(x+2)" is read as 2x+4), so only the text tells a complete factoring."""
    for m in _BRACKET_GROUP_RE.finditer(text[:500]):
        node = parsed(m.group(1))
        value = node.value if isinstance(node, Expr) else None
        if isinstance(value, sympy.Add) and value.free_symbols and value.as_content_primitive()[0] != 1:
            return True
    return False


def factor_left_common(pred: Node, answer: str, gold: Node, row: Mapping[str, Any]) -> bool:
    """Where the question asks to factor and the key is a product whose brackets keep no common number
    ("2(x+2)(x+3)"), an answer whose bracket keeps one ("(2x+4)(x+3)", "(2x-4)(2x+4)"): not factored completely."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr) and _product(gold.value)):
        return False
    if not _FACTOR_RE.search(question_text(row)[-2_000:]):
        return False
    key = row.get("reference")
    return _common_in_brackets(answer) and not (isinstance(key, str) and _common_in_brackets(key))


# a request for an exact value: "Express your answer in terms of $\pi$.", "in simplest radical form", "the exact value"
_EXACT_ASKED_RE = re.compile(
    r"(?:in\s+terms|as\s+a\s+multiple)\s+of\s+(?:\$?\\pi\b|π|pi\b)|\bexact\s+(?:value|form|answer)\b"
    r"|simplest\s+radical\s+form|\bexact(?:\s+[a-z]+){0,2}?\s+(?:solutions?|roots?|values?|answers?|forms?|numbers?)\b"
    # ("Find $\sin 60^\circ$ exactly.", "Solve ... exactly, giving ...", not "exactly 2 heads", "exactly one")
    r"|\bexactly\b(?![ \t]+(?:\d|an?\b|one|two|three|four|five|six|seven|eight|nine|ten|once|twice|half|the\s+same))",
    re.I | re.M,
)


def decimal_for_exact_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A decimal against an irrational key (or a fraction it only rounds), where the question asks for the exact value:
    "9.424778" against 3\\pi for "Express your answer in terms of $\\pi$." (without such a request, a decimal that
    rounds the key stays paid)."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or not pred.inexact or gold.inexact:
        return False
    if gold.value.free_symbols or gold.value.is_Integer or pred.value == gold.value:
        return False  # (a decimal that is the value, "0.5" for 1/2, "1.5\\pi" for 3\\pi/2, is exact)
    return _EXACT_ASKED_RE.search(question_text(row)[-2_000:]) is not None


# a request for a fraction in lowest terms: "to its lowest terms", "as a common fraction", "a reduced fraction",
# "Simplify the fraction", "in simplest form"
_LOWEST_TERMS_RE = re.compile(
    r"\blowest\s+terms\b|\bsimplest\s+form\b|\b(?:common|reduced|simplified|irreducible)\s+fraction\b"
    r"|\bsimplify\s+(?:the\s+|this\s+)?fraction\b",
    re.I,
)
# a fraction of integers as written: "\frac{558}{808}", "\dfrac12", "558/808"
_WRITTEN_FRACTION_RE = re.compile(
    r"\\[dt]?frac\s*(?:\{\s*-?(\d{1,12})\s*\}|(\d))\s*(?:\{\s*(\d{1,12})\s*\}|(\d))|(?<![\d.])(\d{1,12})\s*/\s*(\d{1,12})(?![\d.])"
)


# a fraction of integers, alone: "\frac{3}{4}", "-\dfrac34", "\frac{-3}{4}", "3/4", "(-3)/4"
_PLAIN_FRACTION_RE = re.compile(
    r"(?<![-− \t])[-−]?[ \t]*(?P<whole>\d{1,12}[ \t]*(?=\\[dt]?frac))?"
    r"(?:\\[dt]?frac[ \t]*(?:\{[ \t]*-?\d{1,12}[ \t]*\}|\d)[ \t]*(?:\{[ \t]*\d{1,12}[ \t]*\}|\d)"
    r"|[({]?-?\d{1,12}[)}]?[ \t]*/[ \t]*[({]?\d{1,12}[)}]?)"
)
# a request for a fraction that is no mixed number: "as a common fraction", "an improper fraction"
_NOT_MIXED_RE = re.compile(r"\b(?:common|improper)\s+fraction\b", re.I)


def fraction_form_unasked(pred: Node, answer: str, gold: Node, row: Mapping[str, Any]) -> str | None:
    """Where the question asks for a fraction in lowest terms (or a common fraction) and the key is one, an answer
    equal in value that is no such fraction: ``\\frac{558}{808}`` against ``\\frac{279}{404}`` (not reduced), the
    decimal 0.6905940594, the percent 75%, or an expression ("1-\\frac14", "\\frac{3}{2^2}"). The reason, or None."""
    if not (isinstance(gold, Expr) and gold.value.is_Rational and not gold.value.is_Integer):
        return None
    if not _LOWEST_TERMS_RE.search(question_text(row)[-2_000:]):
        return None
    if isinstance(pred, Expr) and (pred.inexact or pred.marker is not None):
        return "a decimal or a percent where the question asks for a fraction in lowest terms"
    last = answer[:500].split("=")[-1]  # ("x = \\frac34", "\\frac68 = \\frac34": the value the answer ends on)
    for m in _WRITTEN_FRACTION_RE.finditer(last):
        top, bottom = (int(g) for g in [x for x in m.groups() if x is not None][:2])
        if bottom and math.gcd(top, bottom) > 1:
            return "a fraction not in lowest terms where the question asks for lowest terms"
    body = TEXT_WRAP_RE.sub(" ", last).replace("$", " ")
    body = re.sub(r"\\[,;:! ]|\\left|\\right|[.\s]+$", " ", body).strip()
    plain = _PLAIN_FRACTION_RE.fullmatch(body) if body else None
    if body and (plain is None or (plain.group("whole") and _NOT_MIXED_RE.search(question_text(row)[-2_000:]))):
        return "an expression, not a fraction, where the question asks for a fraction in lowest terms"
    return None


# a bracketed sum that multiplies or is multiplied: "2(x+3)", "(x+3)\cdot 2", "3(x^2-4)", "(x+1)^2" (not "\sin(x+1)")
_BRACKET_TIMES_RE = re.compile(
    r"(?:(?<![A-Za-z\\])[A-Za-z]|\d|[)}])[ \t]*(?:(?:\\cdot|\\times|\*)[ \t]*)?\([^()+\-]*[-+][^()]*\)"
    r"|\([^()+\-]*[-+][^()]*\)[ \t]*(?:\^|\*\*|\\cdot|\\times|\*|(?=[\w(\\]))"
)


def bracket_left_unexpanded(pred: Node, answer: str, gold: Node, row: Mapping[str, Any]) -> bool:
    """Where the question asks to expand (or gives a product of brackets to work out) and the key is expanded, an
    answer that keeps a bracketed sum multiplied, which the parser's arithmetic multiplies out: "2(x+3)" for "Expand
    $2(x+3)$." against "2x+6"."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr) and gold.value.free_symbols):
        return False
    if not isinstance(gold.value, sympy.Add) or _unexpanded(gold.value):
        return False
    question = question_text(row)[-2_000:]
    if not (_EXPAND_RE.search(question) or _BRACKETS_PRODUCT_RE.search(question)):
        return False
    return _BRACKET_TIMES_RE.search(answer[:500]) is not None
