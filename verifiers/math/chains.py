"""Answers written as a chain of equal sides or one value per line.

:func:`chain_last_side` reads ``\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1`` as its last side when the left part is one
expression we cannot parse; :func:`one_per_line` reads values written one per line as their list.
"""

from __future__ import annotations

import dataclasses
import re

from verigrpo.verifiers.math.cjk import CJK_NUMERAL_CHARS, cjk_numerals
from verigrpo.verifiers.math.compare import _rounds_to, approximates, decimal_places, nodes_equal
from verigrpo.verifiers.math.nodes import MAX_ANSWER_CHARS, Answers, Choice, Expr, Node, Relation
from verigrpo.verifiers.math.normalize import FULL_WIDTH, strip_math_delimiters
from verigrpo.verifiers.math.numwords import number_words
from verigrpo.verifiers.math.parse import number_in_words, parse_answer
from verigrpo.verifiers.math.roundings import APPROXIMATELY_RE
from verigrpo.verifiers.math.sentences import top_level_split, without_conversion, words

_CHAIN_SEPARATORS_RE = re.compile(
    r"[,;]|\\\\|\\(?:q?quad|text|mbox|mathrm|textbf|boxed)\b|\b(?:or|and)\b|\n", re.I
)  # a list or a hedge, not one expression
_APPLIED_RE = re.compile(r"\s*[A-Za-z](?:_\{?\w{1,3}\}?)?\s*\([^()]{1,40}\)\s*")  # "f(2)", "g_1(3)": a function's value
# an innermost group: braces (not a command's text: \text{ or } stays), parentheses or brackets
_INNER_GROUP_RE = re.compile(
    r"(?:\\(?:mathrm|operatorname)\s*)?(?<!\\text)(?<!\\mbox)(?<!\\textbf)\{[^{}]*\}|\([^()]*\)|\[[^\[\]]*\]"
)
_THIN_SPACE_RE = re.compile(r"(?<!\\)\\[,;:! ]")  # \, \; \: \! and a control space (\quad separates)
_RELATION_WORDS_RE = re.compile(
    r"[<>!:]|\\(?:le|ge|leq|geq|leqslant|geqslant|lt|gt|ne|neq|approx|sim|simeq|cong|equiv|in|notin|"
    r"subset|subseteq|implies|Rightarrow|Leftarrow|iff|Leftrightarrow|pm|mp|land|lor|wedge|vee)(?![A-Za-z])"
)
_MAX_CHAIN_LEFT_CHARS = 200
_LABEL_RE = re.compile(r"\s*(?:[A-Za-z]|\\[A-Za-z]+)(?:_\{?[^{}=]{1,12}\}?)?\s*")  # "v", "\sigma_{c}", "E_0"
_TEXT_LABEL_RE = re.compile(r"\s*\\(?:text|mathrm|textbf)\s*\{[A-Za-z][\w-]{0,20}(?:\s(?!(?:or|and)\b)[A-Za-z][\w-]{0,20}){0,2}\}(?:_\{?\w{1,3}\}?)?\s*")  # "\text{Area}"
_ENVIRONMENT_RE = re.compile(r"\\begin\{(\w+\*?)\}.*?\\end\{\1\}", re.S)  # a matrix, a determinant


def chain_last_side(answer: str) -> tuple[str, Node] | None:
    """An answer that is a chain ``a = b = ... = z`` whose left part we cannot parse (``\\sum_{k=1}^n k``,
    ``\\det(A)``, ``\\lim_{x \\to 0} f(x)``, ``17 \\bmod 5``, ``\\|\\vec v\\|``) answers its last side
    ``z`` and its parse; None otherwise. Only the last side is ever paid, and only when nothing else
    could be an answer too: every side after the unreadable part must equal ``z`` (``... = 3 = 4`` is a
    false chain), and the unreadable part is one expression, with no list, hedge or relation in it
    (``a = 3, b = 4``; ``x = 3 or x = 4``; ``x \\ne 3``) of at most 200 characters."""
    text = strip_math_delimiters(answer).translate(FULL_WIDTH).strip().rstrip(".").strip()  # "∠3＝55°"
    sides = top_level_split(text)
    if sides is None or len(sides) < 2 or len(sides) > 8 or any(not x.strip() for x in sides):
        return None
    sides[-1] = without_conversion(sides[-1]) or sides[-1]  # "= 134 MPa (19,300 psi)": the first quantity
    parsed: list[Node] = []
    k = len(sides)
    while k > 0:
        try:
            node = parse_answer(sides[k - 1].strip())
        except Exception:  # noqa: BLE001 - the unreadable left part starts here
            break
        if isinstance(node, (Relation, Answers, Choice)):
            return None
        if parsed and _APPLIED_RE.fullmatch(sides[k - 1]) and isinstance(parsed[0], Expr):
            if not parsed[0].value.free_symbols:  # "f(2)" before "= 33": a named value, part of the left
                break
        parsed.append(node)
        k -= 1
    if k == 0 and len(sides) > 2 and _LABEL_RE.fullmatch(sides[0]):
        k, parsed = 1, parsed[:-1]  # "v = \frac{1}{\sqrt{(2 H)(3 F)}} = 0.41 Hz": a named chain, read from its second side
    if k == 0 or not parsed:
        return None
    head = 1 if k > 1 and _TEXT_LABEL_RE.fullmatch(sides[0]) else 0  # "\text{Area} = ...": a named chain
    left = "=".join(x.strip() for x in sides[head:k])  # (a line break at a side's end is no list)
    if len(left) > _MAX_CHAIN_LEFT_CHARS or words(left):  # a short formula, not a wall of text or a sentence
        return None  # (f, then 1500 primes; "So we find that x = 5 when we set y = 3 in the table")
    left = _THIN_SPACE_RE.sub(" ", _ENVIRONMENT_RE.sub(" ", left))  # "\;\angle APC": a space, not a ";"
    for _ in range(6):  # what groups hold is no list: "\max_{[-1 ; 2]} f(x)", "d(SB, DM)", "\int f(x) \mathrm{d}x"
        left, n = _INNER_GROUP_RE.subn(" ", left)
        if not n:
            break
    if _CHAIN_SEPARATORS_RE.search(left) or _RELATION_WORDS_RE.search(left):
        return None
    if not all(nodes_equal(x, parsed[0]) or _rounded_side(x, parsed[0]) for x in parsed[1:]):
        return None
    return sides[-1].strip(), parsed[0]


def _rounded_side(side: Node, last: Node) -> bool:
    """``last`` rounds ``side``, a worked value with no unit of its own or the same unit: "... = \\frac{1}{\\sqrt{6}}
    = 0.41 Hz" (a computation, then its rounding and unit)."""
    if isinstance(side, Expr) and isinstance(last, Expr) and side.unit is None and side.marker is None:
        side = dataclasses.replace(side, unit=last.unit, marker=last.marker)
    return _rounds_to(side, last)


def one_per_line(answer: str, n: int) -> tuple[str, Node] | None:
    """An answer that writes ``n`` values one per line (``n`` >= 2, each line one value, not a list or a relation)
    as the list of them; None otherwise (a reference with one value never gets here)."""
    if len(answer) > MAX_ANSWER_CHARS:
        return None
    lines = [ln.strip().rstrip(".,;") for ln in answer.splitlines() if ln.strip()]
    if len(lines) != n or n < 2:
        return None
    for ln in lines:
        try:
            if not isinstance(parse_answer(ln), Expr):
                return None
        except Exception:  # noqa: BLE001 - a line that is no value: not such a list
            return None
    joined = ", ".join(lines)
    try:
        return joined, parse_answer(joined)
    except Exception:  # noqa: BLE001
        return None


# a value, then the same value again after "or", "i.e." or "equivalently", in brackets or after a comma:
# "1000 (or, equivalently, 1,000)", "\frac12 (i.e. 0.5)", "0.5, or equivalently \frac12"
_RESTATED_RE = re.compile(
    r"(?P<head>[^()]{1,80}?)[ \t]*(?:\([ \t]*(?:or|i\.e\.|that[ \t]+is|equivalently)[ \t,:]*(?:equivalently[ \t,:]*)?"
    r"(?P<inner>[^()]{1,60}?)[ \t]*\)|,[ \t]*(?:or[ \t]+)?(?:equivalently|i\.e\.|that[ \t]+is)[ \t,:]+(?P<tail>[^()]{1,60}?))"
    r"[ \t]*\.?[ \t]*"
)


# a number, then a number in brackets after a space: "1/4 (25%)", "\frac{3}{4}\ (0.75)", "12 (2)", "12 (B)"
_BRACKETED_AFTER_RE = re.compile(r"(?P<head>[^()]{1,80}?)(?:[ \t]|\\[ ,;:])+\([ \t]*(?P<inner>[^()]{1,60}?)[ \t]*\)[ \t]*\.?")
# (or a number, or a rounding, in square brackets: "72 [approx. 70]"; not a unit, "5 [m/s]")
_SQUARE_AFTER_RE = re.compile(
    r"(?P<head>[^()\[\]]{1,80}?)[ \t]+\[[ \t]*(?P<inner>(?:(?:approx(?:\.|imately)?|about|around|roughly|≈|~)[ \t]*)?"
    r"-?\d[\d.,/]{0,20})[ \t]*\][ \t]*\.?"
)


# words that open a bracket's value, in any language: said exactly ("(exactly 70)", "(genau 70)", "(ровно 70)"),
# rounded ("(about 0.33)", "(≈ 0.33)") or restated ("(i.e. 70)", "(that is, 70)", "(d.h. 70)", "(即 70)")
EXACT_WORDS = r"exactly|exact[ \t]*:|precisely|genau|exakt|exactement|exactamente|esattamente|precisamente|ровно|dokładnie|precies"
ROUNDED_WORDS = r"about|approximately|approx\.?|roughly|around|≈|~|rounded[ \t]*:"
RESTATING_WORDS = (
    r"i\.?[ \t]?e\.?|that[ \t]+is|namely|viz\.|really|in[ \t]+fact|total|d\.[ \t]?h\.|c\.-?à-?d\."
    r"|c['’]est-à-dire|es[ \t]+decir|o[ \t]+sea|cioè|isto[ \t]+é|yani|то[ \t]+есть|也就是|即|つまり"
    r"|alt(?:\.|[ \t]*:)|alternatively|alternative[ \t]*:"  # ("72 (alt: 70)": another value offered, as "72 (i.e. 70)")
)
BRACKET_WORDS = rf"(?:{EXACT_WORDS}|{ROUNDED_WORDS}|{RESTATING_WORDS})(?![^\W\d_])[ \t]*(?:,[ \t]*)?"
_INNER_WORD_RE = re.compile(rf"({EXACT_WORDS}|{ROUNDED_WORDS}|{RESTATING_WORDS})(?![^\W\d_])[ \t]*(?:,[ \t]*)?", re.I)
_EXACT_WORD_RE = re.compile(EXACT_WORDS, re.I)


def value_in_words(inner: str) -> str | None:
    """A value written wholly in number words of any language, as digits ("seventy", "siebzig", "七十" -> "70": a
    bracket's value, a retraction's); None where the text is no number in words."""
    inner = inner.strip()
    if inner and all(c in CJK_NUMERAL_CHARS for c in inner):
        return cjk_numerals(inner)
    # (the number alone: with a noun after it the bracket may count another thing, "5 (two boxes)")
    value = number_in_words(inner) if re.fullmatch(r"[A-Za-z]+(?:[ \t-]+[A-Za-z]+){0,5}", inner) else None
    value = value if value is not None else number_words(inner)
    return str(value) if value is not None else None


def bracketed_value(answer: str) -> str | None:
    """A number with another number in brackets after it, never their product: the first alone where the bracket
    restates it (equal, a percent of it, a rounding: "1/4 (25%)", "1/3 (0.333)", "4 (2 + 2)") or names its option
    ("12 (B)"); the two as alternatives where it does not ("12 (2)" is "12 or 2", a hedge); None for anything else
    ("2 (x+1)" stays a product)."""
    plain = strip_math_delimiters(answer.strip()).strip()
    m = _BRACKETED_AFTER_RE.fullmatch(plain) or _SQUARE_AFTER_RE.fullmatch(plain)  # (also "$0.25\ (1/4)$")
    if m is None:
        return None
    head, inner = m.group("head").strip(), m.group("inner").strip()
    word = _INNER_WORD_RE.match(inner)
    exact = word is not None and _EXACT_WORD_RE.fullmatch(word.group(1)) is not None
    if word is not None:  # "72 (exactly 70)", "1/3 (about 0.33)", "72 (i.e. 70)": the bracket's value
        inner = inner[word.end() :]
    if not re.search(r"\d", inner):  # "72 (seventy)", "72 (七十)": the value in words
        inner = value_in_words(inner) or inner
    if re.fullmatch(r"[A-Z]", inner):  # the option the value is ("12 (B)"); beside another letter, a second option
        return f"{head} or {inner}" if re.fullmatch(r"[A-J]", head) and head != inner else head
    try:
        first, second = parse_answer(head), parse_answer(inner)
    except Exception:  # noqa: BLE001 - either side unreadable: no such pair
        return None
    if not (isinstance(first, Expr) and isinstance(second, Expr)) or first.value.free_symbols or second.value.free_symbols:
        return None
    if first.unit is None and second.unit is not None and nodes_equal(first, dataclasses.replace(second, unit=None)):
        return head  # "5 (5 pens)": the count restated with its noun
    if first.unit is not None or second.unit is not None:  # "134 MPa (19,300 psi)": a conversion, read as such
        return None
    if nodes_equal(first, second):
        return head
    if exact:
        return f"{head} or {inner}"
    if _rounding_pair(first, second) and approximates(first, second, rel=0.01):
        return head
    places = decimal_places(second.value) if second.marker is None and second.value.is_Rational else None
    try:
        off = abs(complex(first.value.evalf(20)) - complex(second.value.evalf(20)))
    except (TypeError, ValueError, OverflowError):
        return None
    if second.value.is_Integer and word is not None and APPROXIMATELY_RE.fullmatch(word.group(1)) and not first.value.is_Rational:
        # "9\pi (about 28)": a value no decimal writes, rounded to a whole number
        return head if off <= 0.5 else f"{head} or {inner}"
    return head if places and off <= 0.5 * 10**-places else f"{head} or {inner}"


def _rounding_pair(a: Expr, b: Expr) -> bool:
    """One of two values a decimal, the other an exact value that no decimal writes ("1/3 (0.333)", "0.667 (2/3)",
    "π (3.14)"): the decimal may round it. Two integers or two decimals that differ ("624 (623)", "4.90 (4.89)") are
    two values."""
    return any(
        x.inexact and not y.inexact and not (y.value.is_Rational and decimal_places(y.value) is not None)
        for x, y in ((a, b), (b, a))
    )


def without_restatement(answer: str) -> str | None:
    """A value restated as an equal value ("1000 (or, equivalently, 1,000)") as the first alone; None when there is no
    restatement or the two differ ("5 (i.e. 6)" stays, a hedge)."""
    m = _RESTATED_RE.fullmatch(answer.strip())
    if m is None:
        return None
    head, again = m.group("head"), m.group("inner") or m.group("tail")
    try:
        first, second = parse_answer(head), parse_answer(again)
    except Exception:  # noqa: BLE001 - either side unreadable: no restatement
        return None
    if not (isinstance(first, Expr) and isinstance(second, Expr)):
        return None
    numeric = not first.value.free_symbols and not second.value.free_symbols  # ("1/2, i.e. 50%": a percent of it)
    return head if nodes_equal(first, second) or (numeric and approximates(first, second, rel=1e-9)) else None
