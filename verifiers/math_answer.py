"""``math``: is the final answer in a completion equivalent to the reference answer?

Pipeline: extract the answer from the completion (:func:`extract_answer`), extract the
reference the same way (it may arrive as ``$5$``, ``\\boxed{5}``, ``x = 5`` or a GSM8K
``... #### 5``), parse both with the safe parser in :mod:`verifiers.latex` (no ``eval``, no
``sympify``), compare the two answer trees (:func:`answers_equivalent`).

Extraction rules, tried in this order; the one that matched is ``info["rule"]``:

1. ``answer_tag``: the last ``<answer>...</answer>`` block is the scope, and rules 2-7 apply
   inside it (``answer_tag+boxed``, ``answer_tag+answer_is``, ...; plain content: ``answer_tag``);
2. ``boxed``: the last ``\\boxed{...}`` / ``\\fbox{...}`` (nested braces, ``\\boxed 5``, ``\\boxed12`` read as
   the 12 the model meant; empty boxes skipped);
3. ``gsm8k``: the last ``#### n``;
4. ``answer_is``: the last "the (final) answer is ...", "Answer: ...", "**Answer**: ...", "the correct
   option is B" (a leading "option" / "choice" before the letter is dropped), or the
   same marker in Chinese, Russian, French, German or Spanish ("答案是 ...", "Ответ: ..."); a
   correction right after the marker answers with the value put in place ("the answer is not 8;
   it is 9" answers 9, ", but 9" too); cut at
   the end of the sentence (also "。", "，"), at ", which/because/so ..." or at an explanation in
   parentheses ("12 (since 3 x 4 = 12)"); "$5$ or $6$" is not cut after "$5$" (it is a hedge);
5. ``whole``: the completion is nothing but an answer (optionally in ``$..$``, ``$$..$$``,
   ``\\(..\\)``, ``\\[..\\]``), or maths after a leading "so", "thus", "therefore", "hence",
   "then", "finally" ("So x < -1 or x > 1."); a sentence of more than three words is not;
6. ``last_math``: a math span (``$..$``, ``\\(..\\)``, ...) that ends the text (at most 40
   characters without digits after it): "... is $\\sqrt{1^2+1^2} = \\sqrt{2}$." (a true chain
   answers its last side). Spans joined to it by "," / "and" / "or" that name the same thing
   are one answer: "so $x = 2$ or $x = 3$" is "x = 2 or x = 3" (the solutions, or a hedge),
   "the roots are $-2$ and $1$" is "-2, 1"; "$x = 4$ and $y = 5$" still answers "y = 5";
7. ``last_number``: the last number in the text, with its percent sign ("50%") or as a ratio /
   clock time ("3:4", "06:09", then compared as text). Rules 6 and 7 are fallbacks, switched off
   together with ``last_number_fallback=False``. A fallback answer that its own sentence
   negates or doubts is no answer (``no_answer``): "5 is not a solution", "we try $x = 5$,
   which fails", "42, not 24" (for 24), "cannot be 42", "maybe 42?", "let's try $n = 4$". The
   text names the number; it does not conclude it. "The answer is 42, not 24" answers 42 (rule 4
   stops at ", not"). Nor do the fallbacks read a text that stops mid-statement (it ends in
   "=", an operator, ":" or a word like "then": a truncated completion earns nothing), or a
   last number that names something ("Step 2", "Figure 3", "by Theorem 3", "equation (2)"),
   numbers a list item ("2. Divide by two.") or bounds a variable ("x < 4"), nor one of a run
   of numbers ("1 6 0 0", a row of a grid, "12 12 12"), nor an operand ("so 12 - 2", and at
   the very end "Dividing by 2", "the roots are 2 and 3"). Inside an ``<answer>`` tag whose
   content no rule reads (a grid, "2 3", "06:09") the whole content is the answer.

Forms added for other projects' answer keys (issue 12; the rules live in :mod:`verifiers.math_forms`):
the last-number fallback reads only a standalone numeral (not the 2 of "H2O", "AZYUK2A" or
``\\sqrt{2}``, nor the 74 of "2,74"), and a text ending in an undelimited LaTeX expression
answers with it (``last_latex``); a "final answer" sentence after the last box answers instead of
that box; a final-answer sentence holding one unqualified numeral answers with it ("3 hours
ago"); a reference with several boxes listed together (at most three words apart) has all of them
as its answers; a reference written as a worked solution answers with its final answer.

Hedging is never credited (status ``wrong``, ``info["hedged"] = True``): two boxed answers
that are not equivalent, an answer that joins alternatives with "or" when the reference has
neither "or" nor several answers (``x = 3 or x = -3`` does answer ``\\{-3, 3\\}`` and ``-3, 3``),
or a last-number fallback whose line contains "or" ("it could be 4 or 5"). Two exceptions,
neither of which can credit a value the reference lacks: against a reference with several
answers (a list, a set, a union of intervals) the distinct boxes together are the answer
("$\\boxed{2}$ and $\\boxed{3}$" answers ``2, 3``, but not ``2``); and alternatives that are all
equal restate one answer ("1/2 (or 0.5)", ``\\frac12 \\text{ or } 0.5``, "$\\frac12$ or
equivalently $0.5$").

Equivalence (:func:`answers_equivalent`), by answer shape:

- numbers and expressions are sympy values. Rationals compare exactly. Constants (pi, roots,
  e, i) are equal when 30-digit evaluations agree to a relative ``EXACT_REL_TOL = 1e-20``.
  With free symbols: equal when ``expand`` of the difference is 0; different when that
  expansion is a non-zero polynomial with rational coefficients; otherwise the two must agree
  at 6 fixed pseudo-random real points (30 digits, relative ``SYMBOLIC_REL_TOL = 1e-20``), with
  a size-capped ``simplify`` only when too few points can be evaluated;
- ``x = 3`` against ``3``: a left side that is a bare name (``x``, ``y_1``, ``f(x)``, ``f'(x)``,
  ``f^{-1}(x)``, a tuple ``(a, b)``, also on the right: ``3 = x``, or 1-3 words: ``Area = 24``,
  ``\\text{total cost} = 5``) is dropped, but two labelled answers must agree on the name
  (``a = 3`` is not ``b = 3``), except that ``y``, ``f(x)`` and ``p(x)`` all name a function
  of x (``f(x)`` is never ``f'(x)`` or ``f(t)``); a true numeric
  chain ``2 + 2 = 4`` answers 4 (a false one answers nothing), and so does a labelled chain through a
  formula, ``x = \\frac{-b}{2a} = \\frac{4}{2} = 2``, when all its numeric sides agree; ``\\frac16 \\approx 0.1667``
  answers 1/6. Two equations are equal when ``lhs - rhs`` of one is a non-zero constant
  multiple of the other's (a positive multiple for inequalities);
- sets ``\\{..\\}`` and bare lists of several answers: unordered, and a one-element set is its
  element; tuples, points and intervals: ordered, the brackets must match (open vs closed
  matters); unions of intervals: unordered; matrices: same shape, entrywise; a tuple is the
  one-column or one-row matrix with its entries in order (a vector ``(3, -1)``);
- an inequality ``x > 3``, ``x \\in (3, \\infty)`` and ``\\{x \\mid x > 3\\}`` equal the interval ``(3, \\infty)``;
  ``|x - 3| < 2`` is ``(1, 5)`` and ``|x| \\ge 2`` is ``(-\\infty, -2] \\cup [2, \\infty)`` (a linear inside, ``c > 0``);
  ``x \\neq 0`` equals ``(-\\infty, 0) \\cup (0, \\infty)``, and so do inequalities or intervals
  joined by "or" (``x < -1 \\text{ or } x > 1``) against a union; ``x \\neq 2, x \\neq -2``
  (or ``x \\neq \\pm 2``), ``\\mathbb{R} \\setminus \\{-2, 2\\}`` and ``\\{x \\in \\mathbb{R} : ...\\}`` are the
  matching unions; "all real numbers" is ``(-\\infty, \\infty)``;
- units: a unit on one side only is ignored (a dropped unit is fine); two stated units must
  be the same (10 cm is not 10 m) or plain length, mass, time or volume units with an exact
  conversion (10 cm = 0.1 m, 500 nm = 5e-7 m; cm^2 is never cm); no other conversions ("miles per hour" is
  mph, but km/h is never m/s);
- percent: ``50\\%`` equals 50 and 0.5 (a dropped percent sign is like a dropped unit, so
  ``0.5\\%`` also equals 0.5, as in the Hendrycks MATH normaliser, which deletes ``\\%``);
  degrees: ``30^\\circ`` equals 30 and ``\\pi/6``; inside a function or a sum
  (``\\sin 30^\\circ``) degrees are converted to radians. When *both* sides carry the sign
  they compare as written: ``0.5\\%`` is not ``50\\%``, ``(\\pi/6)^\\circ`` is not ``30^\\circ``;
- text: case-insensitive, whitespace-normalised equality (yes/no, names, choice letters); one short
  word in ``\\text{}`` (``\\text{DNE}``, ``\\text{Amy}``) and a capitalised three-letter word ("Bob") are
  words, not products of letters (``\\text{DNE}`` is not ``\\text{END}``), and equal the same word
  written bare ("DNE"); a markdown code span "`64`" is its content; a
  choice with its content (``(B) 12``, ``\\textbf{(B)}\\ 12``) answers the letter ``B`` and the value
  12, and against another such choice both must agree;
  an integer in words is that integer ("five", "twenty-one"); a numeral in another base
  (``1011_2``) equals the same value in the same base only, never the plain number.

Precision policy (the decimal tolerance). A decimal is read as the exact rational it spells.
Two decimals, or a decimal and a rational with a terminating decimal expansion (1/8, 7),
must be exactly equal: ``0.1250001`` is not 1/8 and ``1000001.0`` is not 1000000. A decimal
against an exact value *without* a terminating expansion (1/3, sqrt(2), pi) is accepted when
the relative difference is at most ``DECIMAL_REL_TOL = 1e-6``: ``0.333`` is not 1/3 (relative
error 1e-3), ``0.3333333333`` is (1e-10), ``3.1415927`` is pi. The same holds inside expressions
(``0.33333333x`` is ``x/3``; ``2.0000001x`` is not ``2x``). ``0.333...`` (one digit repeated,
then an ellipsis), ``0.\\overline{3}`` and ``0.(3)`` are repeating decimals, hence exact. A
leading "approximately" / ``\\approx`` is dropped and this policy decides: "approximately 3.14"
is not pi (relative error 5e-4), "approximately 3.1415927" is; a rounded answer is credited
only when the rounding is finer than 1e-6, so a rounded reference ("0.67") does not accept 2/3.

Answers written in a required form (procedural tasks such as reasoning-gym's):

- a reference written as a product of primes (``2 × 2 × 5 × 7 × 7``, ``2^2 \\cdot 5``) asks for
  the factorisation: the answer must be a product of the same primes (powers allowed, any
  order); ``980`` or ``2 × 2 × 5 × 49`` has the value but is wrong;
- a predicted numeral with its base (``1111010010_2``, ``0x5B993``) answers a reference of the
  same digits without it (the question named the base); ``0x..``, ``0b..``, ``0o..`` are numerals
  in base 16, 2, 8;
- a bare unit letter (``5 m``, read as 5 times m) is that unit against a reference in it
  (``5 \\text{ meters}``); against a plain number it stays a product;
- a reference the parser cannot read (a grid "1 6 0 0\\n4 7 7 9", a list of words, "06:09")
  is matched as text: the same string up to spacing (line breaks kept) and math delimiters,
  compared with the extracted answer or with the whole ``<answer>`` block.

When in doubt the answer is wrong: an answer that fails to parse is ``unparsable`` (never
an exception), and any comparison that raises is "not equal". A reference that cannot be
parsed gives ``bad_input`` (an infrastructure status: the row, not the model, is at fault),
unless the prediction is the same text (above). Pathological inputs are cut short by the caps in
:mod:`verifiers.latex` and by ``MAX_COMPLETION_CHARS`` here (``too_long``).

For other verifiers (``math_steps``): :func:`verifiers.latex.parse_math` parses one plain or
LaTeX expression (or relation) to sympy safely, :func:`expressions_equal` compares two sympy
values with this policy, :func:`answers_equivalent` compares two extracted answer strings.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import re
from collections.abc import Mapping
from typing import Any

import sympy

from verifiers.latex import (
    MAX_ANSWER_CHARS,
    UNIT_ALIASES,
    Answers,
    Bracket,
    Choice,
    Expr,
    Matrix,
    Node,
    ParseError,
    Relation,
    Text,
    Union,
    normalize,
    parse_answer,
    parse_math,
    remove_points,
    strip_math_delimiters,
)
from verifiers.math_forms import labelled_tuples, one_number_sentence, standalone_number, trailing_latex
from verifiers.registry import register
from verifiers.types import Reward, Status

__all__ = [
    "DECIMAL_REL_TOL",
    "Extraction",
    "answers_equivalent",
    "expressions_equal",
    "extract_answer",
    "math_answer",
    "parse_math",
]

DECIMAL_REL_TOL = 1e-6  # decimal vs exact non-terminating value
EXACT_REL_TOL = 1e-20  # two exact constants, compared at 30 digits
SYMBOLIC_REL_TOL = 1e-20  # spot-check points (30-digit evaluation) for expressions with free symbols
MAX_COMPLETION_CHARS = 100_000
_N_POINTS = 6
_SIMPLIFY_MAX_OPS = 60
_MAX_EXPANDED_TERMS = 2000

# ----------------------------------------------------------------------------- extraction


@dataclasses.dataclass(frozen=True)
class Extraction:
    """What :func:`extract_answer` found: the answer text (or None), the rule, a hedge flag."""

    answer: str | None
    rule: str | None
    hedged: bool = False
    hedge_reason: str | None = None
    boxes: tuple[str, ...] = ()  # the distinct boxed answers, when there are several
    scope: str | None = None  # the whole content of the <answer> tag, when the answer came from one


_BOX_RE = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])")
_TAG_OPEN, _TAG_CLOSE = "<answer>", "</answer>"
_GSM_RE = re.compile(r"####\s*([^\n]+)")
_ANSWER_IS_RE = re.compile(
    r"(?:(?:final\s+answer|the\s+answer|answer|(?:correct|right)\s+(?:option|choice))(?:\s*\*\*)?\s*(?:is|:|=)"
    # the same marker in the languages models answer in: 答案是 / 答案为 / 答案：, Ответ:, ...
    r"|答案\s*(?:是|为|:|：)|ответ\s*:|réponse\s*(?:est|:)|antwort\s*(?:ist|lautet|:)|respuesta\s*(?:es|:))"
    r"\s*[:：]?\s*(?:\*\*)?\s*([^\n]+)",
    re.I,
)
# the last number, with a fraction bar, a percent sign or a ratio / clock time ("3:4", "06:09") it carries
_LAST_NUM_RE = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?(?:\s*/\s*\d+|(?::\d+)+|\s*\\?%)?")
# a number run "1 6 0 0" (a row of a grid, a sequence): no one number of it is the answer
_NUMBER_RUN_BEFORE_RE = re.compile(r"\d[ \t]+$")
_MATH_SPAN_RE = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_OR_RE = re.compile(r"(?:\\text\{\s*|\b)or\b", re.I)
# after a fallback answer, in the same sentence: "5 is not a solution", "$x = 5$, which fails"
_NEGATED_RE = re.compile(
    r"\b(?:not|never|isn't|aren't|doesn't|don't|didn't|wasn't|can't|cannot|won't|fails?|failed|"
    r"wrong|incorrect|invalid|impossible|contradiction)\b|n't\b|\?",
    re.I,
)
# anywhere in the sentence of a fallback answer: "I'm not sure, maybe 42"
_UNSURE_RE = re.compile(
    r"\b(?:maybe|perhaps|not sure|unsure|guess|might|possibly|probably)\b"
    # a trial value, not a conclusion: "let's try n = 4", "suppose x = 5", "try 7"
    r"|\b(?:try|trying|suppose|assume|assuming)\s+(?:\$|\\\(|[A-Za-z]\s*=|-?\d)",
    re.I,
)
# a completion that stops mid-statement ("... gives x =", "Step 2:", "... Then"): cut off, so no fallback answer
_UNFINISHED_RE = re.compile(
    r"(?:[=+/^(,:]|(?<!-)-|\\(?:times|cdot|div|frac|sqrt)|\b(?:then|gives?|is|are|be|of|to|the|a|an|and|or|so|with|by|"
    r"for|equals?|gets?|becomes?|yields?|from|into|than|that|which|we|let|thus|hence|therefore))\s*$",
    re.I,
)
# a number that names a step, a case or an equation ("Step 2", "by Theorem 3", "equation (2)") is no answer
_REFERENCE_BEFORE_RE = re.compile(
    r"\b(?:steps?|cases?|parts?|fig(?:ure)?|tables?|theorems?|lemmas?|corollary|proposition|equations?|eqn?|"
    r"examples?|exercises?)\.?\s*[#(]?\s*$"
    r"|(?:[<>≤≥]|\\(?:le|ge|leq|geq|lt|gt|neq|ne)\b)\s*-?\s*$"  # a bound "x < 4", not a value
    r"|(?:[-+/×÷^]|\\(?:times|cdot|div))\s*$",  # an operand "... so 12 - 2": the sum is not worked out
    re.I,
)
# before a last number that ends the text: "Dividing by 2", "Adding 3 and 4" (cut off mid-step)
_OPERAND_WORD_BEFORE_RE = re.compile(r"\b(?:by|times|plus|minus|over|from|and)\s*$", re.I)
_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)|[。！？]|\n")
# right before a fallback answer: "42, not 24", "rather than 24", "不是 24"
_NEGATED_BEFORE_RE = re.compile(
    r"(?:\bnot|n't|\bcannot|\bnever|\brather\s+than|\binstead\s+of|\bexcept|\bnor|不是|而非)(?:\s+[A-Za-z]+)?\s*[$(\\]*\s*$",
    re.I,
)
_MAX_BOXES = 20
_INNER_DOLLAR_RE = re.compile(r"(?<!\\)\$")


def _boxed_contents(text: str) -> list[str]:
    """Contents of every ``\\boxed{..}``/``\\fbox{..}``/``\\boxed x`` (the last ``_MAX_BOXES``)."""
    out: list[str] = []
    starts = [m.end() for m in _BOX_RE.finditer(text)][-_MAX_BOXES:]
    for i in starts:
        j = i
        while j < len(text) and text[j] == " ":
            j += 1
        if j < len(text) and text[j] == "{":
            depth, k = 0, j
            end = min(len(text), j + MAX_ANSWER_CHARS + 2)
            while k < end:
                c = text[k]
                if c == "\\":
                    k += 2
                    continue
                if c == "{":
                    depth += 1
                elif c == "}":
                    depth -= 1
                    if depth == 0:
                        break
                k += 1
            if k < end and depth == 0:
                if text[j + 1 : k].strip():  # an empty \boxed{} is not an answer
                    out.append(text[j + 1 : k])
            else:
                out.append(text[j : j + MAX_ANSWER_CHARS + 1])  # unbalanced or too long: unparsable
        elif i < len(text) and j > i:  # "\boxed 5"
            m = re.match(r"[^\s$]+", text[j:])
            if m:
                out.append(m.group())
        else:  # "\boxed5", "\boxed12": the number the model meant (LaTeX would box one digit)
            m = re.match(r"\d+(?:\.\d+)?", text[j:])
            if m:
                out.append(m.group())
    return out


# after "the answer is": a rejected value, then the one put in its place ("not 8; it is 9",
# "n't 5, it's 6", "not 8, but 9")
_CORRECTION_RE = re.compile(
    r"\s*(?:not|n't)\s+[^,;.\n]{1,80}?[,;]\s*(?:but\s+(?:(?:it|the\s+answer)\s*(?:is|'s)\s+)?"
    r"|(?:it|the\s+answer)\s*(?:is|'s)\s+|rather\s+)([^\n]+)",
    re.I,
)


def _clean_answer(s: str) -> str:
    s = s.strip().strip("*").strip()
    return _OPTION_WORD_RE.sub("", s)  # "option B" -> "B"


_OPTION_WORD_RE = re.compile(r"^(?:option|choice)\s+(?=\(?[A-E]\b)", re.I)


def _first_sentence(s: str) -> str:
    s = s.strip()
    if s.startswith("$"):
        if s.startswith("$$"):
            end = s.find("$$", 2) + 2
        else:  # the closing "$", not an escaped dollar sign: "$\\$5.50$"
            close = _INNER_DOLLAR_RE.search(s, 1)
            end = close.end() if close else 0
        # "$5$ or $6$", "$2$ and $3$": the sentence goes on with more answers, so it is not cut here
        if end > 1 and not re.match(r"\s*(?:[,;]|or\b|and\b)", s[end:]):
            return s[:end]
    m = re.search(
        # (?<!\s): a run of spaces is tried once, not from each of its positions (quadratic on 20k spaces)
        r"\.(?:\s|$)|,?(?<!\s)\s+(?:which|because|since|as|so|therefore|thus|where)\b"
        r"|,\s*(?:not|rather than|instead of)\b"
        r"|[。；，]"  # Chinese full stop, semicolon, comma: "答案是12，不是13。"
        r"|\((?=(?:since|because|as|which|that|from|by|using|via|rounded|in|where|for|with|not|i\.e\.|e\.g\.)\b)",
        s,
    )
    if m:
        s = s[: m.start()]
    return s


def extract_answer(text: str, *, last_number_fallback: bool = True) -> Extraction:
    """Find the final answer in a completion; see the module docstring for the rules."""
    if not isinstance(text, str) or not text.strip():
        return Extraction(None, None)
    content = _last_answer_tag(text)
    if content is not None:  # the last <answer> block is the scope; the other rules apply inside it
        content = content.strip()
        blocks = [b for b in _answer_tag_blocks(text) if b]
        if len(blocks) > _MAX_BLOCKS:  # spam; and comparing them pairwise would be quadratic
            return Extraction(content or None, "answer_tag", True, f"over {_MAX_BLOCKS} <answer> blocks")
        distinct = _distinct(blocks) if len(blocks) > 1 else []
        if len(distinct) > 1:  # "<answer>133</answer><answer>132</answer>": two answers, as two boxes are
            return Extraction(content or None, "answer_tag", True, "several different <answer> blocks",
                              tuple(distinct), scope=content or None)
        # (the fallbacks never pick one number out of a grid, a sequence or a clock time, "1 6 0 0",
        # "2 3", "06:09": then the whole content is the answer)
        inner = _extract(content, last_number_fallback)
        if inner.answer is None:
            return Extraction(content or None, "answer_tag" if content else None, scope=content or None)
        rule = "answer_tag" if inner.rule == "whole" else f"answer_tag+{inner.rule}"
        return dataclasses.replace(inner, rule=rule, scope=content)
    return _extract(text, last_number_fallback)


_MAX_BLOCKS = 50  # more <answer> blocks than this are spam (a hedge), not compared pairwise


def _answer_tag_blocks(text: str) -> list[str]:
    """The stripped contents of every complete ``<answer>...</answer>`` block, in order (linear time)."""
    low, out, pos = text.lower(), [], 0
    while True:
        start = low.find(_TAG_OPEN, pos)
        if start < 0:
            return out
        close = low.find(_TAG_CLOSE, start)
        if close < 0:
            return out
        out.append(text[start + len(_TAG_OPEN) : close].strip())
        pos = close + len(_TAG_CLOSE)


def _last_answer_tag(text: str) -> str | None:
    """Content of the last ``<answer>...</answer>`` (case-insensitive), found in linear time.

    (A lazy regex over ``"<answer>" * 10_000`` is quadratic: seconds per completion.)
    """
    low = text.lower()
    close = low.rfind(_TAG_CLOSE)
    if close < 0:
        return None
    start = low.rfind(_TAG_OPEN, 0, close)
    if start < 0:
        return None
    # the regex this replaces matched the *first* <answer> after the previous </answer>
    prev_close = low.rfind(_TAG_CLOSE, 0, start)
    first = low.find(_TAG_OPEN, prev_close + 1 if prev_close >= 0 else 0, close)
    return text[first + len(_TAG_OPEN) : close]


_LEAD_WORD_RE = re.compile(r"(?:so|thus|therefore|hence|finally|then|consequently)\b[,:]?\s+", re.I)


def _extract(text: str, last_number_fallback: bool) -> Extraction:
    boxes = _boxed_contents(text)
    if boxes:
        final = _answer_after_last_box(text)
        if final is not None:  # "... \boxed{255} ... The final answer is $10,455$.": the last word wins
            return final
        distinct = _distinct(boxes)
        if len(distinct) > 1:
            return Extraction(boxes[-1], "boxed", True, "several different boxed answers", tuple(distinct))
        return Extraction(boxes[-1], "boxed")
    m = _last_match(_GSM_RE, text)
    if m is not None:
        return Extraction(_clean_answer(m.group(1)), "gsm8k")
    m = _last_match(_ANSWER_IS_RE, text[-20_000:])
    if m is not None:
        ans = m.group(1)
        for _ in range(3):  # "Final Answer: The final answer is $5$."
            again = _ANSWER_IS_RE.search(ans)
            if again is None:
                break
            ans = again.group(1)
        corrected = _CORRECTION_RE.match(ans)
        if corrected:  # "the answer is not 8; it is 9": the answer is 9
            ans = corrected.group(1)
        ans = _clean_answer(_first_sentence(_clean_answer(ans)))
        if ans:
            return Extraction(_sentence_answer(ans), "answer_is")
    stripped = text.strip()
    # "We get $x = 4$ and $y = 5$.": a sentence with math in it, not an answer as a whole
    if (
        "\n" not in stripped
        and len(stripped) <= 200
        and not _INNER_DOLLAR_RE.search(strip_math_delimiters(stripped))
    ):
        lead = _LEAD_WORD_RE.match(stripped)
        if lead:  # "So x < -1 or x > 1.": the answer after a leading "so", "thus", "hence", ... if it is maths
            try:
                if not isinstance(parse_answer(stripped[lead.end() :]), Text):
                    return Extraction(stripped[lead.end() :], "whole")
            except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
                pass
        try:
            node = parse_answer(stripped)
            if not (isinstance(node, Text) and len(node.text.split()) > 3):  # a sentence is not an answer
                return Extraction(stripped, "whole")
        except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
            pass
    if last_number_fallback:
        if _UNFINISHED_RE.search(text[-200:]):
            return Extraction(None, None)
        window = text[-2_000:]
        spans = list(_MATH_SPAN_RE.finditer(window))[-_MAX_JOINED_SPANS:]
        if spans:
            m = spans[-1]
            after = window[m.end() :].strip()
            start, content = _joined_spans(window, spans)
            if content and len(after) <= 40 and not re.search(r"\d", after):
                if _doubted(window, start, m.end()):
                    return Extraction(None, None)
                return Extraction(content, "last_math")
        tail = text[-20_000:]
        latex_tail = trailing_latex(tail)
        if latex_tail is not None:  # "So the length is \sqrt{2}.": that expression, parsed as maths
            start, expr = latex_tail
            if _doubted(tail, start, start + len(expr)) or _has_or(tail[tail.rfind("\n", 0, start) + 1 :]):
                return Extraction(None, None)
            return Extraction(expr, "last_latex")
        last = _last_match(_LAST_NUM_RE, tail)
        if last is not None and not standalone_number(tail, last.start(), last.end()):
            return Extraction(None, None)  # "H2O", "AZYUK2A", "\frac{10}{9}", "2,74": no numeral stands alone
        if last is not None:
            line = tail[tail.rfind("\n", 0, last.start()) + 1 :]
            line = line[: line.find("\n")] if "\n" in line else line
            hedged = _has_or(line)
            if not hedged and _doubted(tail, last.start(), last.end()):
                return Extraction(None, None)
            before = tail[max(0, last.start() - 30) : last.start()]
            if (
                (
                    _REFERENCE_BEFORE_RE.search(before)
                    or _NUMBER_RUN_BEFORE_RE.search(before)
                    or (last.group().startswith("-") and re.search(r"[\d)]$", before))  # "12-2": an operand
                    or (not tail[last.end() :].strip() and _OPERAND_WORD_BEFORE_RE.search(before))
                )
                or (
                    # an enumeration "2. Divide by two.": a list item's number
                    not tail[tail.rfind("\n", 0, last.start()) + 1 : last.start()].strip()
                    and re.match(r"[.)]\s", tail[last.end() : last.end() + 2])
                )
            ):
                return Extraction(None, None)
            return Extraction(
                last.group().replace(" ", ""),
                "last_number",
                hedged,
                "'or' next to the last number" if hedged else None,
            )
    return Extraction(None, None)


_FINAL_ANSWER_RE = re.compile(r"final\s+answer(?:\s*\*\*)?\s*(?:is|:|=)", re.I)


def _answer_after_last_box(text: str) -> Extraction | None:
    """A final-answer sentence ("The final answer is $10,455$.", "Final Answer: ...") after the last
    box, read by the ``answer_is`` rule; None when there is none or it holds no answer. ("The answer
    is 6" after a box of 5 is not final: the box and it remain a hedge.)"""
    starts = [m.start() for m in _BOX_RE.finditer(text)]
    if not starts:
        return None
    after = text[starts[-1] :]
    depth, k = 0, after.find("{")
    if k < 0:
        return None
    while k < len(after):  # the end of the last box's braces
        depth += {"{": 1, "}": -1}.get(after[k], 0)
        if after[k] == "\\":
            k += 1
        elif depth == 0:
            break
        k += 1
    rest = after[k + 1 :]
    if not _FINAL_ANSWER_RE.search(rest[-20_000:]):  # only a *final* answer overrides a box
        return None
    ex = _extract(rest, last_number_fallback=False)
    if ex.rule != "answer_is" or ex.answer is None or not _parses(ex.answer):
        return None
    return ex


_MAX_JOINED_SPANS = 10
# between two math spans that list answers: "$x = 2$ or $x = 3$", "$-2$, $1$ and $3$"
_SPAN_JOIN_RE = re.compile(r"\s*(?:,|,?\s*\b(?:or|and)\b)\s*", re.I)
_SPAN_LABEL_RE = re.compile(r"\s*([A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?)\s*=(?!=)")


def _joined_spans(window: str, spans: list[re.Match[str]]) -> tuple[int, str]:
    """The last math span, with the spans before it that list answers with it: (start, answer).

    "so $x = 2$ or $x = 3$." answers "x = 2 or x = 3" (a hedge against one answer, the
    solutions against a list); "the roots are $-2$ and $1$" answers "-2, 1". Spans that name
    different things ("$x = 4$ and $y = 5$") are not joined: the last one answers, as before.
    """
    group = [spans[-1]]
    joins: list[str] = []
    for prev in reversed(spans[:-1]):
        between = window[prev.end() : group[0].start()]
        if len(between) > 12 or not _SPAN_JOIN_RE.fullmatch(between):  # a connector is short
            break
        group.insert(0, prev)
        joins.append(between)
    contents = [next(g for g in m.groups() if g is not None).strip() for m in group]
    if len(group) == 1 or not all(contents):
        return spans[-1].start(), contents[-1]
    labels = set()
    for c in contents:
        lm = _SPAN_LABEL_RE.match(c)
        labels.add(lm.group(1) if lm else None)
    if len(labels) != 1:
        return spans[-1].start(), contents[-1]
    joiner = " or " if any(re.search(r"\bor\b", j, re.I) for j in joins) else ", "
    return group[0].start(), joiner.join(contents)


_IS_RE = re.compile(r"\b(?:is|are|was|were|equals|be)\s+")


def _sentence_answer(ans: str) -> str:
    """A sentence after "Final Answer:" answers with what follows its last "is": "The volume
    of $V$ is 120" -> "120". Unchanged when it parses as a whole, or negates or doubts itself."""
    if len(ans) > MAX_ANSWER_CHARS or _parses(ans) or _NEGATED_RE.search(ans) or _UNSURE_RE.search(ans):
        return ans
    m = _last_match(_IS_RE, ans)
    if m is not None and _parses(ans[m.end() :]):
        return ans[m.end() :].strip()
    one = one_number_sentence(ans)  # "Jane started growing Sphere 3 hours ago": its one number
    return one if one is not None else ans


def _parses(s: str) -> bool:
    try:
        parse_answer(s)
    except Exception:  # noqa: BLE001 - any failure means "not an answer"
        return False
    return True


def _doubted(text: str, start: int, end: int) -> bool:
    """A fallback answer ``text[start:end]`` that its own sentence negates or doubts.

    "5 is not a solution", "We try $x = 5$, which fails.", "maybe 42?": the text names the
    number without concluding it, so the fallback finds no answer.
    """
    m = _SENTENCE_END_RE.search(text, end)
    after = text[end : m.end() if m else len(text)]
    if _NEGATED_RE.search(after) or _NEGATED_BEFORE_RE.search(text[max(0, start - 30) : start]):
        return True
    before = text[:start]
    cut = max(before.rfind("\n"), *(before.rfind(c + " ") for c in ".!?"))
    return bool(_UNSURE_RE.search(text[cut + 1 : m.end() if m else len(text)]))


def _last_match(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    last = None
    for last in pattern.finditer(text):  # noqa: B007 - we want the last one
        pass
    return last


def _distinct(boxes: list[str]) -> list[str]:
    keys: list[str] = []
    for b in boxes:
        nb = normalize(b)
        if nb in keys:
            continue
        if any(_equiv_safe(nb, k) for k in keys):
            continue
        keys.append(nb)
    return keys


def _equiv_safe(a: str, b: str) -> bool:
    try:
        return answers_equivalent(a, b)
    except Exception:  # noqa: BLE001 - a failed comparison means "different"
        return False


_BETWEEN_BOXES_NOISE_RE = re.compile(r"\\[()\[\]]|\$|[,;.]")


def _boxes_listed_together(text: str) -> bool:
    """True when at most three words (and 40 characters) stand between each box and the next."""
    starts = [m.start() for m in _BOX_RE.finditer(text)][-_MAX_BOXES:]
    for a, b in zip(starts, starts[1:]):
        content = _boxed_contents(text[a:b])
        inner = text[a:b]
        gap = inner[inner.find(content[0]) + len(content[0]) + 1 :] if content else inner
        words = _BETWEEN_BOXES_NOISE_RE.sub(" ", gap).split()
        if len(gap) > 40 or len(words) > 3:
            return False
    return True


def extract_reference(reference: str) -> str:
    """The answer inside a reference: boxed content, a GSM8K ``#### n``, else the whole text.

    A reference with several different boxes listed together ("\\boxed{1} and \\boxed{-2}",
    "\\boxed{2}, \\boxed{3}", "\\boxed{1} papers and \\boxed{2} bins": at most three words between
    two boxes) has several answers: they are read together ("1, -2"), so one of them alone is not
    the answer. Boxes far apart (a worked solution) answer with the last one."""
    boxes = _boxed_contents(reference)
    if boxes:
        distinct = list(dict.fromkeys(normalize(b) for b in boxes))  # (as text: no parsing here)
        if 1 < len(distinct) <= 10 and _boxes_listed_together(reference):
            return ", ".join(distinct)
        return boxes[-1]
    m = _last_match(_GSM_RE, reference)
    if m is not None:
        return m.group(1).strip()
    return strip_math_delimiters(reference)


# ----------------------------------------------------------------------------- equivalence


def answers_equivalent(pred: str, gold: str) -> bool:
    """True when the two extracted answers are mathematically the same (see module docstring).

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


def _strip_label(n: Node) -> Node:
    """``x = 3`` -> ``3``; a true numeric chain ``2 + 2 = 4`` -> ``4`` (a false one stays)."""
    if not isinstance(n, Relation):
        return n
    if n.label and len(n.ops) == 1 and n.ops[0] in ("=", "in", "~"):
        return n.sides[1]
    if n.ops == ("~",):  # "\frac16 \approx 0.1667": the exact value is the answer
        return n.sides[0]
    if (
        n.label
        and len(n.ops) >= 2
        and all(o == "=" for o in n.ops)
        and all(isinstance(s, Expr) and s.unit is None and s.marker is None for s in n.sides)
    ):  # "x = \frac{-b}{2a} = \frac{4}{2} = 2": a formula, worked out; every number in it must agree
        numeric = [s for s in n.sides[1:] if not s.value.free_symbols]  # type: ignore[union-attr]
        last = n.sides[-1]
        if (
            numeric
            and numeric[-1] is last
            and len(numeric) < len(n.sides) - 1
            and all(_exprs_equal(s, last) for s in numeric[:-1])  # type: ignore[arg-type]
        ):
            return last
    if n.label and len(n.ops) > 1 and n.ops[0] in ("=", "~"):  # "x = \frac13 \approx 0.333", "x = 2 + 2 = 4"
        rest = Relation(n.ops[1:], n.sides[1:])
        stripped = _strip_label(rest)
        return stripped if stripped is not rest else n
    if all(o == "=" for o in n.ops) and all(
        isinstance(s, Expr) and not s.value.free_symbols for s in n.sides
    ):
        last = n.sides[-1]
        if all(_exprs_equal(s, last) for s in n.sides[:-1]):  # type: ignore[arg-type]
            return last
    return n


def _nodes_equal(a: Node, b: Node, depth: int) -> bool:
    if depth > 20:
        return False
    if isinstance(a, Answers) and len(a.items) == 1:
        a = a.items[0]
    if isinstance(b, Answers) and len(b.items) == 1:
        b = b.items[0]
    if isinstance(a, Choice) or isinstance(b, Choice):
        return _choices_equal(a, b, depth)
    a, b = _as_domain(a), _as_domain(b)
    if isinstance(a, Relation) != isinstance(b, Relation):
        a, b = _strip_label(a), _strip_label(b)
    if isinstance(a, Relation) and isinstance(b, Relation):
        if _same_function(a, b):  # "y = 2x + 3" and "f(x) = 2x + 3" name one function
            return _nodes_equal(a.sides[1], b.sides[1], depth + 1)
        if _relations_equal(a, b, depth):
            return True
        sa, sb = _strip_label(a), _strip_label(b)
        if sa is a and sb is b:
            ia, ib = _relation_interval(a), _relation_interval(b)
            return ia is not None and ib is not None and _nodes_equal(ia, ib, depth + 1)
        if sa is not a and sb is not b and a.label and b.label and a.name and a.name == b.name:
            return _nodes_equal(sa, sb, depth + 1)  # "x = 5+5+1 = 11" (a true chain) vs "x = 11"
        if (sa is a) == (sb is b):  # two labelled answers (a = 3 vs b = 3) must match as relations
            return False
        return _nodes_equal(sa, sb, depth + 1)  # "x \in (-1, 1)" vs "-1 < x < 1"
    if isinstance(a, Relation) or isinstance(b, Relation):
        rel, other = (a, b) if isinstance(a, Relation) else (b, a)
        interval = _relation_interval(rel)
        if interval is not None and isinstance(other, (Bracket, Union)):
            return _nodes_equal(interval, other, depth + 1)
        return False
    if isinstance(a, Expr) and isinstance(b, Expr):
        return _exprs_equal(a, b)
    if isinstance(a, Text) or isinstance(b, Text):
        return _text_equal(a, b)
    if isinstance(a, Matrix) and isinstance(b, Matrix):
        if len(a.rows) != len(b.rows) or len(a.rows[0]) != len(b.rows[0]):
            return False
        return all(_nodes_equal(x, y, depth + 1) for ra, rb in zip(a.rows, b.rows) for x, y in zip(ra, rb))
    if isinstance(a, Matrix) != isinstance(b, Matrix):  # a vector as a tuple: (3, -1) is the column (3; -1)
        m, t = (a, b) if isinstance(a, Matrix) else (b, a)
        if not (isinstance(t, Bracket) and (t.open, t.close) == ("(", ")")):
            return False
        if len(m.rows) != 1 and len(m.rows[0]) != 1:
            return False
        entries = [c for r in m.rows for c in r]
        return len(entries) == len(t.items) and all(
            _nodes_equal(x, y, depth + 1) for x, y in zip(entries, t.items)
        )
    if isinstance(a, Bracket) and isinstance(b, Bracket):
        if a.open == "{" and b.open == "{":
            return _unordered_equal(a.items, b.items, depth)
        if (a.open, a.close) != (b.open, b.close) or len(a.items) != len(b.items):
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
        parts = _as_intervals(other)
        return parts is not None and _unordered_equal(union.parts, parts, depth)
    # "2 or 3" lists the same solutions as "2, 3" (hedges are caught earlier)
    la, lb = _as_list(a), _as_list(b)
    if la is not None and lb is not None:
        return _unordered_equal(la, lb, depth)
    return False


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


def _choices_equal(a: Node, b: Node, depth: int) -> bool:
    """``(B) 12`` against ``B`` (the letters agree), ``12`` (the values) or ``(B) 12`` (both)."""

    def letter(n: Node) -> str | None:
        if isinstance(n, Choice):
            return n.letter
        if isinstance(n, Text) and re.fullmatch(r"[a-e]", n.text):
            return n.text
        if (
            isinstance(n, Expr)
            and isinstance(n.value, sympy.Symbol)
            and re.fullmatch(r"[A-Ea-e]", n.value.name)
        ):
            return n.value.name.lower()
        return None

    if isinstance(a, Choice) and isinstance(b, Choice):
        return a.letter == b.letter and _nodes_equal(a.value, b.value, depth + 1)
    choice, other = (a, b) if isinstance(a, Choice) else (b, a)
    assert isinstance(choice, Choice)
    other_letter = letter(other)
    if other_letter is not None:
        return choice.letter == other_letter
    return _nodes_equal(choice.value, other, depth + 1)


def _as_domain(n: Node) -> Node:
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


def _as_intervals(n: Node) -> tuple[Node, ...] | None:
    """Several answers that are all intervals or inequalities, as intervals; else None."""
    if not isinstance(n, Answers):
        return None
    out: list[Node] = []
    for item in n.items:
        if isinstance(item, Relation):
            item = _relation_interval(item)
        if isinstance(item, Union):
            out.extend(item.parts)
        elif isinstance(item, Bracket) and item.open in "([" and len(item.items) == 2:
            out.append(item)
        else:
            return None
    return tuple(out)


def _as_list(n: Node) -> tuple[Node, ...] | None:
    if isinstance(n, Answers):
        return n.items
    if isinstance(n, Bracket) and n.open == "{":
        return n.items
    return None


def _unordered_equal(xs: tuple[Node, ...], ys: tuple[Node, ...], depth: int) -> bool:
    if not xs and not ys:
        return True
    if len(xs) > 50 or len(ys) > 50:
        return False
    return all(any(_nodes_equal(x, y, depth + 1) for y in ys) for x in xs) and all(
        any(_nodes_equal(x, y, depth + 1) for x in xs) for y in ys
    )


def _text_equal(a: Node, b: Node) -> bool:
    def as_text(n: Node) -> str | None:
        if isinstance(n, Text):
            return n.text
        if isinstance(n, Expr) and isinstance(n.value, sympy.Symbol) and n.unit is None:
            return n.value.name.lower()
        return None

    ta, tb = as_text(a), as_text(b)
    if ta is not None and ta == tb:
        return True
    return _base_digits_equal(a, b)  # a is the prediction's side


_BASE_TEXT_RE = re.compile(r"(-?\d+) \(base (\d+)\)")


def _base_digits_equal(a: Node, b: Node) -> bool:
    """A predicted numeral in base k (``1111010010_2``, ``0x5b993``) against a reference of the same
    digits written without the base (``1111010010``, ``5b993``: the question named the base): one
    numeral, stated more fully. Not the other way: a reference that states its base wants it
    stated (``1011`` does not answer ``1011_2``); and the same *value* in base 10 is a different
    answer (``1011_2`` is not 11)."""
    m = _BASE_TEXT_RE.fullmatch(a.text) if isinstance(a, Text) else None
    if m is None:
        return False
    value, base = int(m.group(1)), int(m.group(2))
    if isinstance(b, Expr) and b.value.is_Integer and not (b.inexact or b.unit or b.marker):
        digits = str(int(b.value))
    elif isinstance(b, Text) and re.fullmatch(r"-?[0-9a-z]{1,64}", b.text):
        digits = b.text
    else:
        return False
    try:
        return len(digits) <= 65 and int(digits, base) == value
    except ValueError:  # a digit that base does not have
        return False


_REL_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "=", "!=": "!=", "in": None}


def _relations_equal(a: Relation, b: Relation, depth: int) -> bool:
    if len(a.ops) != len(b.ops):
        return False
    if a.ops == b.ops and all(_nodes_equal(x, y, depth + 1) for x, y in zip(a.sides, b.sides)):
        return True
    flipped = tuple(_REL_FLIP.get(o) for o in reversed(b.ops))
    if a.ops == flipped and all(_nodes_equal(x, y, depth + 1) for x, y in zip(a.sides, reversed(b.sides))):
        return True
    if len(a.ops) == 1 and all(isinstance(s, Expr) for s in a.sides + b.sides):
        da, oa = _normal_relation(a)
        db, ob = _normal_relation(b)
        if oa is None or oa != ob:
            return False
        if not (da.free_symbols or db.free_symbols):
            return False
        ratio = _constant_ratio(da, db)
        if ratio is None:
            return False
        return ratio != 0 if oa in ("=", "!=") else ratio > 0
    return False


def _normal_relation(r: Relation) -> tuple[sympy.Basic, str | None]:
    lhs, rhs = (s.value for s in r.sides)  # type: ignore[union-attr]
    op = r.ops[0]
    if op in (">", ">="):
        return rhs - lhs, {">": "<", ">=": "<="}[op]
    if op == "in":
        return lhs - rhs, None
    return lhs - rhs, op


def _relation_interval(r: Relation) -> Node | None:
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
        vals, ops = vals[::-1], [_REL_FLIP[o] for o in reversed(ops)]
    if len(vals) == 2:
        if isinstance(vals[0], sympy.Abs) or isinstance(vals[1], sympy.Abs):
            return _abs_interval(vals, ops[0])
        if isinstance(vals[0], sympy.Symbol) and not vals[1].free_symbols:
            return Bracket("(", ")" if ops[0] == "<" else "]", (Expr(-sympy.oo), Expr(vals[1])))
        if isinstance(vals[1], sympy.Symbol) and not vals[0].free_symbols:
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
        and not (vals[0].free_symbols or vals[2].free_symbols)
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


_GENERIC_UNITS = (None, "units", "sq units", "units ^2", "sq")
_R = sympy.Rational
# Exact factors to a base unit per dimension, for converting between two *stated* units.
_UNIT_SCALE = {
    "nm": ("length", _R(1, 10**9)),
    "mm": ("length", _R(1, 1000)), "cm": ("length", _R(1, 100)), "m": ("length", _R(1)),
    "km": ("length", _R(1000)), "in": ("length", _R(254, 10000)), "ft": ("length", _R(3048, 10000)),
    "yd": ("length", _R(9144, 10000)), "mi": ("length", _R(1609344, 1000)),
    "mg": ("mass", _R(1, 10**6)), "g": ("mass", _R(1, 1000)), "kg": ("mass", _R(1)),
    "lb": ("mass", _R(45359237, 10**8)), "oz": ("mass", _R(45359237, 16 * 10**8)),
    "s": ("time", _R(1)), "min": ("time", _R(60)), "h": ("time", _R(3600)), "day": ("time", _R(86400)),
    "week": ("time", _R(604800)), "ml": ("volume", _R(1, 1000)), "l": ("volume", _R(1)),
}  # fmt: skip


def _unit_factor(unit: str) -> tuple[str, sympy.Rational] | None:
    """``"cm ^2"`` -> ("length^2", 1/10000); None for units we do not convert."""
    parts = unit.split()
    power = 1
    if len(parts) == 2 and re.fullmatch(r"\^[23]", parts[1]):
        power = int(parts[1][1])
    elif len(parts) == 2 and parts[0] in ("sq", "cu"):
        power, parts = (2 if parts[0] == "sq" else 3), parts[1:]
    elif len(parts) != 1:
        return None
    if parts[0] not in _UNIT_SCALE:
        return None
    dim, factor = _UNIT_SCALE[parts[0]]
    return f"{dim}^{power}", factor**power


def _unit_scales(a: Expr, b: Expr) -> tuple[sympy.Basic, sympy.Basic] | None:
    """Factors that bring both values to a common unit; None when the units differ in kind.

    A unit on one side only is ignored (a dropped unit is fine); two stated units must be
    the same, or convertible (10 cm = 0.1 m); 10 cm is never 10 m.
    """
    ua = None if a.unit in _GENERIC_UNITS else a.unit
    ub = None if b.unit in _GENERIC_UNITS else b.unit
    one = sympy.Integer(1)
    if ua is None or ub is None or ua == ub:
        return one, one
    fa, fb = _unit_factor(ua), _unit_factor(ub)
    if fa is None or fb is None or fa[0] != fb[0]:
        return None
    return fa[1], fb[1]


def _candidates(e: Expr) -> list[sympy.Basic]:
    if e.marker == "percent":
        return [e.value, e.value / 100]
    if e.marker == "degree":
        return [e.value, e.value * sympy.pi / 180]
    return [e.value]


def _letter_unit(e: Expr, other: Expr) -> Expr:
    """``5 m`` (read as 5 times a symbol m) against ``5 \\text{ meters}``: the letter is that unit."""
    if e.unit is not None or e.marker is not None or other.unit in _GENERIC_UNITS:
        return e
    coeff, sym = e.value.as_coeff_Mul()
    if not (isinstance(sym, sympy.Symbol) and coeff.is_number and UNIT_ALIASES.get(sym.name) == other.unit):
        return e
    return Expr(coeff, e.inexact, other.unit)


def _exprs_equal(a: Expr, b: Expr) -> bool:
    a, b = _letter_unit(a, b), _letter_unit(b, a)
    scales = _unit_scales(a, b)
    if scales is None:
        return False
    sa, sb = scales
    if a.marker is not None and a.marker == b.marker:  # 0.5% is not 50%: both in percent, compare as is
        return _values_equal(a.value * sa, b.value * sb, a.inexact, b.inexact)
    for x, y in itertools.product(_candidates(a), _candidates(b)):
        if _values_equal(x * sa, y * sb, a.inexact, b.inexact):
            return True
    return False


def expressions_equal(a: sympy.Basic, b: sympy.Basic) -> bool:
    """Equality of two sympy expressions with this module's exact policy (no decimal tolerance).

    For callers that parsed with :func:`verifiers.latex.parse_math` (e.g. ``math_steps``).
    Never raises.
    """
    try:
        return _values_equal(a, b, False, False)
    except Exception:  # noqa: BLE001
        return False


def _terminating(x: sympy.Basic) -> bool:
    """A rational whose decimal expansion terminates (denominator 2^a 5^b)."""
    if not x.is_Rational:
        return False
    q = int(x.q)
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def _values_equal(a: sympy.Basic, b: sympy.Basic, a_inexact: bool, b_inexact: bool) -> bool:
    if a == b:
        return True
    inf = (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)
    if a in inf or b in inf or a.has(sympy.oo, sympy.zoo, sympy.nan) or b.has(sympy.oo, sympy.zoo, sympy.nan):
        return False
    if a.is_Rational and b.is_Rational:
        if a_inexact != b_inexact:
            return _constants_equal(a, b, a_inexact, b_inexact)
        return False
    diff = a - b
    if diff == 0:
        return True
    free = a.free_symbols | b.free_symbols
    if not free:
        return _constants_equal(a, b, a_inexact, b_inexact)
    tol = SYMBOLIC_REL_TOL
    if a_inexact != b_inexact and not _only_terminating(b if a_inexact else a):
        tol = DECIMAL_REL_TOL  # 0.3333333 x vs x/3; but 2.0000001 x is not 2 x
    return _symbolic_equal(a, b, diff, free, tol=tol)


def _only_terminating(e: sympy.Basic) -> bool:
    """Every number in ``e`` is a terminating decimal and nothing irrational appears."""
    if e.atoms(sympy.NumberSymbol) or e.has(sympy.I) or e.atoms(sympy.Function):
        return False
    for p in e.atoms(sympy.Pow):
        if not p.exp.is_Integer:
            return False
    return all(_terminating(r) for r in e.atoms(sympy.Rational))


def _num(e: sympy.Basic, subs: dict | None = None, prec: int = 30) -> sympy.Basic | None:
    try:
        v = e.evalf(prec, subs=subs) if subs else e.evalf(prec)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, RecursionError, AttributeError):
        return None
    if not v.is_number or v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return None
    re_, im_ = v.as_real_imag()
    if not (re_.is_Float or re_ == 0) or not (im_.is_Float or im_ == 0):
        return None
    return v


def _close(va: sympy.Basic, vb: sympy.Basic, rel: float) -> bool:
    """|va - vb| <= rel * max(|va|, |vb|), in 100-bit mpmath numbers (no overflow on huge values)."""
    try:
        a, b = va._to_mpmath(100), vb._to_mpmath(100)
    except (TypeError, ValueError, AttributeError):
        return False
    # no mpmath.workprec (a global, not thread-safe): a subtraction is exact before it is
    # rounded to the default 53 bits, so |a - b| keeps its magnitude even for near-equal values
    d = abs(a - b)
    scale = max(abs(a), abs(b))
    if scale == 0:
        return bool(d == 0)
    return bool(d <= rel * scale)


def _constants_equal(a: sympy.Basic, b: sympy.Basic, a_inexact: bool, b_inexact: bool) -> bool:
    if a_inexact != b_inexact:  # a decimal against an exact value
        exact, approx = (b, a) if a_inexact else (a, b)
        if _terminating(exact) or not approx.is_Rational:
            return False
        va, vb = _num(approx), _num(exact)
        return va is not None and vb is not None and _close(va, vb, DECIMAL_REL_TOL)
    if a_inexact and b_inexact and a.is_Rational and b.is_Rational:
        return False
    va, vb = _num(a), _num(b)
    if va is None or vb is None:
        return False
    tol = DECIMAL_REL_TOL if (a_inexact or b_inexact) else EXACT_REL_TOL
    return _close(va, vb, tol)


def _points(free: set[sympy.Symbol], seed: int) -> list[dict]:
    rng = random.Random(seed)
    syms = sorted(free, key=lambda s: s.name)
    pts = []
    for _ in range(_N_POINTS):
        pts.append({s: sympy.Float(round(rng.uniform(0.2, 2.8) * rng.choice((1, -1)), 6), 30) for s in syms})
    return pts


def _symbolic_equal(a: sympy.Basic, b: sympy.Basic, diff: sympy.Basic, free: set, tol: float) -> bool:
    if len(free) > 8:
        return False
    try:
        if sympy.count_ops(diff) <= _SIMPLIFY_MAX_OPS and not _has_big_power(diff):
            expanded = sympy.expand(diff)
            if expanded == 0:
                return True
            if tol == SYMBOLIC_REL_TOL and _rational_polynomial(expanded, free):
                return False  # a non-zero polynomial with rational coefficients: exactly different
    except Exception:  # noqa: BLE001
        pass
    valid = 0
    for pt in _points(free, 1234):
        va, vb = _num(a, pt), _num(b, pt)
        if va is None and vb is None:
            continue
        if va is None or vb is None:
            continue
        if not _close(va, vb, tol):
            return False
        valid += 1
    if valid >= 3:
        return True
    if sympy.count_ops(diff) > _SIMPLIFY_MAX_OPS or _has_big_power(diff):
        return False
    try:
        return sympy.simplify(diff) == 0
    except Exception:  # noqa: BLE001
        return False


def _constant_ratio(da: sympy.Basic, db: sympy.Basic) -> sympy.Basic | None:
    """c when ``da == c * db`` identically with c a non-zero constant, else None."""
    if da == 0 or db == 0:
        return None
    free = da.free_symbols | db.free_symbols
    if len(free) > 8:
        return None
    if sympy.count_ops(da) + sympy.count_ops(db) <= _SIMPLIFY_MAX_OPS and not (
        _has_big_power(da) or _has_big_power(db)
    ):
        try:
            exact = sympy.cancel(da / db)
        except Exception:  # noqa: BLE001 - fall through to the numeric check
            exact = None
        if exact is not None and not exact.free_symbols and exact.is_number:
            return exact if exact != 0 and exact.is_finite else None
        if exact is not None and da.is_polynomial() and db.is_polynomial():
            return None  # cancel is exact on polynomials: the ratio is not a constant
    ratios = []
    for pt in _points(free, 4321):
        va, vb = _num(da, pt), _num(db, pt)
        if va is None or vb is None or vb == 0:
            continue
        ratios.append(sympy.N(va / vb, 30))
    if len(ratios) < 3 or any(not _close(r, ratios[0], SYMBOLIC_REL_TOL) for r in ratios[1:]):
        return None
    r = ratios[0]
    if abs(complex(r)) < 1e-12 or abs(complex(r).imag) > 1e-12:
        return None
    return sympy.Float(complex(r).real)


def _rational_polynomial(e: sympy.Basic, free: set) -> bool:
    """``e`` is a polynomial in ``free`` whose coefficients are all rational (so its expanded form is canonical)."""
    if e.atoms(sympy.NumberSymbol) or e.has(sympy.I) or e.atoms(sympy.Function):
        return False
    if any(not (p.exp.is_Integer and p.exp > 0) for p in e.atoms(sympy.Pow)):
        return False
    return e.is_polynomial(*free)


def _has_big_power(e: sympy.Basic) -> bool:
    """Too costly to expand/cancel/simplify: a power above 20, or an expansion over 2000 terms."""
    if any(p.exp.is_Integer and abs(p.exp) > 20 for p in e.atoms(sympy.Pow)):
        return True
    return _expanded_terms(e) > _MAX_EXPANDED_TERMS


def _expanded_terms(e: sympy.Basic) -> int:
    """An upper estimate of the number of terms of ``expand(e)`` (capped, so it stays cheap)."""
    if e.is_Add:
        return min(sum(_expanded_terms(a) for a in e.args), 10**9)
    if e.is_Mul:
        n = 1
        for a in e.args:
            n = min(n * _expanded_terms(a), 10**9)
        return n
    if e.is_Pow and e.exp.is_Integer and e.exp > 1:
        k = _expanded_terms(e.base)
        return min(math.comb(k + int(e.exp) - 1, k - 1), 10**9) if k < 10**6 else 10**9
    return 1


# ----------------------------------------------------------------------------- the verifier


def _has_or(s: str) -> bool:
    return bool(_OR_RE.search(s))


_OR_EQUIVALENTLY_RE = re.compile(
    r"\bor\s+(?:equivalently|equivalent\s+to|in\s+decimal\s+form|as\s+a\s+decimal),?", re.I
)
_PAREN_OR_RE = re.compile(r"\(\s*or\s+([^()]{1,200})\)")  # no leading \s*: quadratic on long space runs


def _same_alternatives(n: Node) -> bool:
    """``a or b (or ...)`` where every alternative equals the first: one answer, restated."""
    if not (isinstance(n, Answers) and n.connective == "or" and 2 <= len(n.items) <= 5):
        return False
    return all(nodes_equal(x, n.items[0]) for x in n.items[1:])


@register("math")
def math_answer(
    completion: str, row: Mapping[str, Any], *, last_number_fallback: bool = True, reject_echo: bool = True
) -> Reward:
    """Score ``completion`` against ``row["reference"]``: 1.0 if the final answers are equivalent.

    Status: correct / wrong / unparsable (an answer was found but not parsed) / no_answer;
    too_long for completions over ``MAX_COMPLETION_CHARS``; bad_input for a row without a
    usable reference. ``info``: rule, extracted, reference_normalized, hedged, reason.

    ``reject_echo``: an answer that is not a plain number and that the row's question
    (``prompt``, ``question`` or ``problem``) contains as it stands is not credited, even when
    it equals the reference: "Compute 47 + 85." answered "47 + 85", "Simplify $\\frac{6}{4}$."
    answered ``\\frac{6}{4}``. It is equal in value, but nothing was computed, and a policy
    that learns to copy the question would collect the reward on every such row.
    """
    reference = row.get("reference") if isinstance(row, Mapping) else None
    if isinstance(reference, (int, float)) and not isinstance(reference, bool):
        reference = str(reference)
    if not isinstance(reference, str) or not reference.strip():
        return Reward.failure(Status.BAD_INPUT, reason="row has no string 'reference'")
    if not isinstance(completion, str):
        return Reward.failure(Status.BAD_INPUT, reason="completion is not a string")
    if len(completion) > MAX_COMPLETION_CHARS:
        return Reward.failure(Status.TOO_LONG, reason=f"completion over {MAX_COMPLETION_CHARS} chars")
    if len(reference) > MAX_ANSWER_CHARS * 4:
        return Reward.failure(Status.BAD_INPUT, reason="reference too long")

    gold_text, gold, gold_error = read_reference(reference)
    ex = extract_answer(completion, last_number_fallback=last_number_fallback)
    info: dict[str, Any] = {
        "rule": ex.rule,
        "extracted": ex.answer,
        "reference_normalized": _describe(gold) if gold is not None else normalize(gold_text),
        "hedged": False,
    }
    if gold_error is not None:
        info["reference_error"] = gold_error
    if ex.answer is None:
        return Reward(0.0, Status.NO_ANSWER, info=info)
    # several answers in the reference ({-3, 3}, "2, 3", (-oo, -1) U (1, oo)): "x = 3 or x = -3"
    # and one box per solution list them; against a single answer both are hedges.
    several = gold is not None and (len(_as_list(gold) or ()) >= 2 or isinstance(gold, Union))
    answer = ex.answer
    if ex.hedged and several and len(ex.boxes) <= 10:
        answer = ", ".join(ex.boxes)  # "\boxed{2} and \boxed{3}" against "2, 3"
        info["extracted"] = answer
    elif ex.hedged:
        info.update(hedged=True, reason=ex.hedge_reason)
        return Reward(0.0, Status.WRONG, info=info)
    if len(answer) <= MAX_ANSWER_CHARS:  # longer answers are unparsable anyway
        answer = _PAREN_OR_RE.sub(r" or \1", answer)  # "1/2 (or 0.5)"
        answer = _OR_EQUIVALENTLY_RE.sub("or", answer)  # "$\frac12$ or equivalently $0.5$"
        answer = labelled_tuples(answer) or answer
    try:
        pred = parse_answer(answer)
    except Exception as e:  # noqa: BLE001 - model output must never raise out of a verifier
        pred, pred_error = None, f"{type(e).__name__}: {e}" if not isinstance(e, ParseError) else str(e)
    if pred is not None and _same_alternatives(pred):
        pred = pred.items[0]  # "\frac12 or 0.5" restates one answer: not a hedge  # type: ignore[union-attr]
    elif _has_or(answer) and not _has_or(gold_text) and not several:
        info.update(hedged=True, reason="alternatives joined by 'or'")
        return Reward(0.0, Status.WRONG, info=info)
    if gold is None:  # we cannot judge against this reference; only the same string is credited
        # (up to spacing: a grid "1 6\n4 7", a word list, a clock time "06:09"; also the whole
        # <answer> block, which the extraction may have narrowed to its last number)
        if _same_text(ex.answer, gold_text) or (ex.scope is not None and _same_text(ex.scope, gold_text)):
            return Reward(1.0, Status.CORRECT, info=info)
        info["reason"] = "reference could not be parsed"
        return Reward(0.0, Status.BAD_INPUT, info=info)
    if pred is None:
        info["reason"] = f"unparsable answer: {pred_error}"
        return Reward(0.0, Status.UNPARSABLE, info=info)
    info["extracted_normalized"] = _describe(pred)
    if nodes_equal(pred, gold) or _same_word(pred, answer, gold, gold_text):
        if reject_echo and _echoes_question(answer, row):
            info["reason"] = "the answer restates an expression of the question: nothing was computed"
            return Reward(0.0, Status.WRONG, info=info)
        factors = _written_prime_factors(gold_text)
        if factors is not None and _written_prime_factors(answer, single=True) != factors:
            info["reason"] = "the reference is a prime factorisation; the answer is not that factorisation"
            return Reward(0.0, Status.WRONG, info=info)
        return Reward(1.0, Status.CORRECT, info=info)
    return Reward(0.0, Status.WRONG, info=info)


def read_reference(reference: str) -> tuple[str, Node | None, str | None]:
    """The reference's answer text, its parse (None when it cannot be parsed) and the parse error.

    The answer is the reference's box(es) or the whole text (:func:`extract_reference`); a worked solution
    answers with its final answer (:func:`_solution_answer`)."""
    gold_text = extract_reference(reference)
    gold_text = labelled_tuples(gold_text) or gold_text  # "p=5,q=2;p=7,q=2": the tuples (5, 2), (7, 2)
    try:
        return gold_text, parse_answer(gold_text), None
    except Exception as e:  # noqa: BLE001 - an unparsable reference is reported, not raised
        solution_answer = _solution_answer(gold_text)
        if solution_answer is not None:  # a worked solution as the reference: its final answer
            return solution_answer[0], solution_answer[1], None
        return gold_text, None, str(e) or type(e).__name__


def check_reference(row: Mapping[str, Any], **_options: Any) -> str | None:
    """Why ``math`` cannot judge ``row`` (see :mod:`verifiers.references`), or None: no string reference, an
    oversized one, or one that does not parse (then only a verbatim copy of it would be credited; every other
    answer would get ``bad_input``, a masked harness failure)."""
    reference = row.get("reference") if isinstance(row, Mapping) else None
    if isinstance(reference, (int, float)) and not isinstance(reference, bool):
        return None
    if not isinstance(reference, str) or not reference.strip():
        return "no string 'reference'"
    if len(reference) > MAX_ANSWER_CHARS * 4:
        return f"reference of {len(reference)} chars (over {MAX_ANSWER_CHARS * 4})"
    gold_text, gold, error = read_reference(reference)
    if gold is None:
        return f"reference {gold_text[:60]!r} cannot be parsed ({error[:80]}): only a verbatim copy would be credited"
    return None


math_answer.check_reference = check_reference  # type: ignore[attr-defined]


def _solution_answer(reference: str) -> tuple[str, Node] | None:
    """A reference that is a worked solution (several sentences, no box) answers with what the
    extraction rules read in it ("... Final Answer: The final answer is $28\\%$."), without the
    last-number fallback; None when it is not prose or no rule reads an unhedged answer."""
    if len(reference.split()) < 6:
        return None
    ex = extract_answer(reference, last_number_fallback=False)
    if ex.answer is None or ex.hedged or ex.rule not in ("answer_is", "gsm8k", "boxed"):
        return None
    try:
        return ex.answer, parse_answer(ex.answer)
    except Exception:  # noqa: BLE001 - still unreadable
        return None


_PLAIN_NUMBER_RE = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
_QUESTION_KEYS = ("prompt", "question", "problem")
_CHOICE_RE = re.compile(r"(?:^|\s|\()([A-E])[).:]")  # "(A) ...", "B. ...", "C) ...", "D: ..."


def _compact(s: str) -> str:
    """``s`` without ``$``, LaTeX spacing or sizing commands, and spaces next to an operator or
    bracket ("Compute 47 + 85" -> "Compute 47+85"), for a verbatim comparison."""
    s = re.sub(r"\$|\\[,;:! ]|\\(?:left|right|displaystyle)\b", "", s)
    return re.sub(r"\s+(?=[-+*/^=<>(){}\[\],|])|(?<=[-+*/^=<>(){}\[\],|])\s+", "", s).strip()


def _question_text(row: Mapping[str, Any]) -> str:
    """The row's question: its ``prompt`` (text, or the user turns of a chat), ``question`` or ``problem``."""
    parts = []
    for key in _QUESTION_KEYS:
        value = row.get(key)
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, list):  # chat messages
            parts += [
                m["content"]
                for m in value
                if isinstance(m, Mapping) and m.get("role") == "user" and isinstance(m.get("content"), str)
            ]
    return "\n".join(parts)


def _echoes_question(answer: str, row: Mapping[str, Any]) -> bool:
    """True when ``answer`` is not a plain number and stands in the row's question as it is
    (whole, not as a piece of a longer number or name: "7+8" is not in "47+85"), unless the
    question lists options to choose from ("(A) $2\\sqrt{3}$ (B) $3\\sqrt{2}$")."""
    ans = _compact(answer).rstrip(".")
    label = re.fullmatch(r"[A-Za-z]\w*=(.+)", ans)  # "x = 47 + 85": its right side
    question = _compact(_question_text(row))
    if len(set(_CHOICE_RE.findall(question))) >= 2:  # options to choose from: naming one is an answer
        return False
    for part in (ans, label.group(1) if label else ""):
        # a plain number is an answer; so are words ("no" to "Answer yes or no.", "apples" to "apples or
        # pears?"): an echo is an expression that was to be computed (digits, operators, brackets, LaTeX)
        if not part or _PLAIN_NUMBER_RE.fullmatch(part) or len(part) > 200 or re.fullmatch(r"[A-Za-z\s]+", part):
            continue
        # the boundaries matter only at a word character: "7+8" is not in "47+85", but "(x+1)^2" is in
        # "Expand(x+1)^2" (the compaction glued the bracket to the word before it)
        before = r"(?<![\w.\\])" if re.match(r"[\w.]", part) else ""
        after = r"(?![\w])" if re.search(r"\w$", part) else ""
        if re.search(before + re.escape(part) + after, question):
            return True
    return False


_FACTOR_RE = re.compile(r"(\d{1,12})(?:\^\{?(\d{1,3})\}?)?")
_TIMES_SPLIT_RE = re.compile(r"\s*(?:\\times|\\cdot|\*|x)\s*")


def _written_prime_factors(s: str, *, single: bool = False) -> tuple[int, ...] | None:
    """``2 × 2 × 5 × 7^2`` -> (2, 2, 5, 7, 7): an answer written as a product of primes (or their
    powers); None otherwise. A reference written so asks for the factorisation: ``980`` has the
    value but is not it, nor is ``4 × 245``. ``single``: one prime (power) also counts (``7``).
    """
    s = _plain(s, 300)
    if s is None:
        return None
    parts = _TIMES_SPLIT_RE.split(s.strip())
    if len(parts) < (1 if single else 2) or len(parts) > 60:
        return None
    out: list[int] = []
    for part in parts:
        m = _FACTOR_RE.fullmatch(part)
        if m is None:
            return None
        base, power = int(m.group(1)), int(m.group(2) or 1)
        if power < 1 or len(out) + power > 200 or not sympy.isprime(base):
            return None
        out.extend([base] * power)
    return tuple(sorted(out))


_TEXT_WRAP_RE = re.compile(r"\\(?:text|textbf|textrm|mbox|mathrm|textnormal)\s*\{([^{}]*)\}")


def _plain(s: str, most: int, unwrap: bool = False) -> str | None:
    """``s`` normalised, without math delimiters (and, with ``unwrap``, without a ``\\text{..}`` that
    holds all of it); None when longer than ``most`` characters or when normalising fails."""
    if len(s) > most:
        return None
    try:
        s = normalize(strip_math_delimiters(s))
    except Exception:  # noqa: BLE001
        return None
    m = _TEXT_WRAP_RE.fullmatch(s) if unwrap else None
    return m.group(1) if m else s


def _text_key(s: str) -> str | None:
    """A short answer as lower-case words ("DNE", ``\\text{DNE}`` -> "dne"), to match a text reference
    the parser read as a word where the answer's spelling reads as a product of letters."""
    s = _plain(s, 200, unwrap=True)
    if s is None:
        return None
    s = " ".join(s.split()).lower()
    return s if re.fullmatch(r"[a-z]+(?: [a-z]+)*", s) else None


def _same_word(pred: Node, answer: str, gold: Node, gold_text: str) -> bool:
    """One side is a word (``\\text{DNE}``) and the other spells the same word bare ("DNE", which
    the parser reads as a product of letters)."""
    if isinstance(gold, Text) and not isinstance(pred, Text):
        return _text_key(answer) == gold.text
    if isinstance(pred, Text) and not isinstance(gold, Text):
        return _text_key(gold_text) == pred.text
    return False


def _same_text(a: str, b: str) -> bool:
    """Two answers that are the same text up to spacing (kept line by line) and math delimiters."""

    def key(s: str) -> str:
        s = _plain(s, MAX_ANSWER_CHARS * 4, unwrap=True) or ""  # "\text{June 20}" is the text "June 20"
        lines = (re.sub(r"\s*,\s*", ",", " ".join(line.split())) for line in s.splitlines())
        return "\n".join(line for line in lines if line)

    ka = key(a)
    return bool(ka) and ka == key(b)


def _describe(n: Node) -> str:
    """A short, JSON-friendly rendering of a parsed answer for logs."""
    if isinstance(n, Expr):
        try:
            s = sympy.sstr(n.value)
        except ValueError:  # an integer past CPython's int -> str limit (a product of two large powers)
            s = "<a number too long to print>"
        if len(s) > 200:
            s = s[:200] + "..."
        return s + (f" [{n.unit}]" if n.unit else "") + (f" [{n.marker}]" if n.marker else "")
    if isinstance(n, Relation):
        out = _describe(n.sides[0])
        for op, s in zip(n.ops, n.sides[1:]):
            out += f" {op} {_describe(s)}"
        return out
    if isinstance(n, Bracket):
        return n.open + ", ".join(_describe(x) for x in n.items) + n.close
    if isinstance(n, Union):
        return " U ".join(_describe(x) for x in n.parts)
    if isinstance(n, Matrix):
        return "[" + "; ".join(", ".join(_describe(x) for x in r) for r in n.rows) + "]"
    if isinstance(n, Answers):
        return f" {n.connective} ".join(_describe(x) for x in n.items)
    if isinstance(n, Text):
        return repr(n.text)
    if isinstance(n, Choice):
        return f"({n.letter.upper()}) {_describe(n.value)}"
    return str(n)
