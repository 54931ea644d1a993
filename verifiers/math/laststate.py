"""What the last sentence or the last math spans of a completion state, read by the fallback
(:mod:`verifiers.math.fallback`) when nothing marks the answer: plain-text maths after a last "is" or "="
(:func:`stated_expression`), one number in words after a verb (:func:`worded_number`), the conclusion of steps
joined by implications (:func:`implied_conclusion`), a value's span before the span that says where it is taken
(:func:`circumstance_span`). Examples and tests: the table in :mod:`verifiers.math`."""

from __future__ import annotations

import re

from verigrpo.verifiers.math.lex import FUNCS, glued_function
from verigrpo.verifiers.math.nodes import Expr
from verigrpo.verifiers.math.parse import worded_numbers
from verigrpo.verifiers.math.sentences import _NEGATED_RE, _UNSURE_RE, has_or, parsed, words
from verigrpo.verifiers.math.units import NUMBER_WORDS, unit_phrase_end

# the last sentence's stated value in plain-text maths: after its last "is" or "=", to its end
_STATED_EXPR_RE = re.compile(r"(?:\bis|\b(?:[Ii]t|[Tt]hat)['’]s|=)[ \t]+([^=\n]{1,80}?)[ \t]*[.!]?[ \t]*$")
_PLAIN_FUNCTION_NAMES = {*FUNCS, "sqrt", "pi"}  # (lex.FUNCS: the function names the parser reads)
_PLAIN_MATH_RE = re.compile(
    r"π|\\pi|sqrt|\\frac|\^|[\d)][ \t]*[/*][ \t]*[\d(π\\]|\d[a-z]\b"
    # a product in "×" or "·" ("2 × 2 × 5"), not a number in scientific notation ("1.602 × 10⁻¹⁹": a number)
    r"|[\d)][ \t]*[×·][ \t]*(?!10[ \t]*(?:\^|\*\*|[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]))[\d(π\\]"
    # a product of brackets, a letter plus or minus a number, a function of a letter: "(x+1)(x+2)", "cos x", "lnx"
    r"|\)[ \t]*\(|\b[a-z][ \t]*[-+][ \t]*\d|\b(?:sin|cos|tan|cot|sec|csc|ln|log)[ \t]*\(?[xyz]\b"
    r"|\b(?:sin|cos|tan|cot|sec|csc|ln|log)[xyz]\b"
)


def stated_expression(tail: str) -> str | None:
    """A completion that ends on a sentence stating a value in plain-text maths: "the volume of the cone is 48π
    cubic units.", "probability = 7 / 120", "6.75sqrt(3) square units" -> the expression (with the unit words after
    it dropped when they are units); None when the sentence states no such expression or it does not parse as one
    number."""
    line = tail.rstrip()[-400:].rsplit("\n", 1)[-1]
    m = _STATED_EXPR_RE.search(line)
    if m is None or not _PLAIN_MATH_RE.search(m.group(1)) or "$" in m.group(1):
        return None
    if _UNSURE_RE.search(line) or _NEGATED_RE.search(line) or has_or(line):  # "might be 7/120", "is not 48π"
        return None
    value = m.group(1).strip()
    tokens = value.split()
    while len(tokens) > 1 and (  # the unit words after the value: "48π cubic units", "6.75sqrt(3) square meters"
        tokens[-1].lower().rstrip(".") in ("square", "cubic", "sq", "unit", "units")
        or tokens[-1].isalpha() and unit_phrase_end(tokens[-1], 0) == len(tokens[-1])
    ):
        tokens.pop()
    value = " ".join(tokens)
    node = parsed(value)
    if not isinstance(node, Expr) or words(value) or has_or(value):
        return None
    if node.value.free_symbols and not all(  # "9x^2 + 4x": single letters and function names only, not prose
        len(w) == 1 or w.lower() in _PLAIN_FUNCTION_NAMES or glued_function(w) for w in re.findall(r"[A-Za-z]+", value)
    ):
        return None
    return value


# a last sentence stating one number in words after its verb ("David has three apples.", "There are zero marbles
# left in the basket."); "one" is left out (also a pronoun: "the one on the left")
_WORDED_NUMBER_RE = re.compile(
    r"(?:\b(?:is|are|was|were|has|have|had|equals|remain|remains|left|makes|gets|buys|needs"
    # (the verbs word problems conclude with: "The shop sold eighty-four apples.")
    r"|sold|sells|bought|spent|spends|earned|earns|made|ate|eats|read|reads|ran|runs|got|gave|gives|took|takes"
    r"|received|receives|paid|pays|owns|owes|scored|scores|won|collected|collects|picked|baked|saved|saves|used|uses"
    r"|needed|found|finds|counted|contains|holds|weighs|costs?|measures|totals?|totaled|totalled|traveled|travelled"
    r"|walked|drove|wrote|writes|sent|sends|caught|planted|painted|sees|saw|owned|keeps|kept)\s+(?:[A-Za-z]+\s+){0,3}?"
    r"|\A\s*[A-Za-z]{2,12}\s*[-:–—]\s*)"  # or after a label that opens the line: "Output: nine", "Result- three!"
    r"(" + "|".join(sorted((w for w in NUMBER_WORDS if w != "one"), key=len, reverse=True)) + r")\b",
    re.I,
)


def worded_number(tail: str) -> str | None:
    """The one number a completion's last sentence states in words after its verb, as digits; None when the last
    sentence has digits, names no number or several, or doubts it."""
    sentence = last_sentence(tail).replace("**", "").replace("__", "")  # ("It has **two** H.": bold around it)
    if re.search(r"\d", sentence) or len(sentence) > 200 or _UNSURE_RE.search(sentence) or _NEGATED_RE.search(sentence):
        return None
    found = _WORDED_NUMBER_RE.findall(sentence)
    values = worded_numbers(sentence, alone=("one",))  # "is hundred and twelve": the whole phrase, 112
    if len(found) != 1 or values is None or len(values) != 1 or has_or(sentence):
        return None
    return str(values[0])


def last_sentence(tail: str) -> str:
    """The last sentence of a completion's last line."""
    line = tail.rstrip()[-300:].rsplit("\n", 1)[-1]
    return re.split(r"(?<=[.!?])\s+", line.strip())[-1]


# a last sentence that concludes with no value: "The limit does not exist.", "There are no such numbers.", "The
# series diverges."; an earlier number in the working is no answer then
NO_VALUE_CONCLUSION_RE = re.compile(
    r"\b(?:(?:does|do)\s+not|doesn't|don't)\s+exist\b|\bdiverges\b|\bno\s+(?:such|real)\b"
    r"|\b(?:there\s+(?:is|are)|has|have)\s+no\s+solutions?\b|\bis\s+undefined\b",
    re.I,
)


# an implication between steps: "2x - 1 = 3^2 \Leftrightarrow x = 5", "\tan A = \frac{1}{\sqrt3} \Rightarrow A = 30^\circ"
_IMPLIES_RE = re.compile(r"\\(?:Rightarrow|Leftrightarrow|Longrightarrow|Longleftrightarrow|implies|iff)(?![A-Za-z])|[⇒⇔⟹⟺]")


def implied_conclusion(content: str) -> str:
    r"""What a span of steps joined by implications concludes: the part after the last arrow outside any group
    ("... \Leftrightarrow x = 5" -> "x = 5"); the span itself when it has none."""
    last = None
    for m in _IMPLIES_RE.finditer(content):
        if content.count("{", 0, m.start()) == content.count("}", 0, m.start()):
            last = m
    tail = content[last.end() :].strip() if last is not None else ""
    return tail or content


# between a value's span and the last one: a phrase that says where or when the value is taken ("The minimum is
# $-\frac14$, attained at $x = \frac12$", "$5$ when $x = 2$", "$5$, which occurs at $x = 2$")
_CIRCUMSTANCE_BETWEEN_RE = re.compile(
    r",?[ \t]*(?:(?:which|that)[ \t]+)?(?:(?:is|are)[ \t]+)?(?:(?:attained|achieved|reached|obtained|occurs?|"
    r"happens|taken)[ \t]+)?(?:at|when|where|if|for|"
    # the same in Vietnamese, German, Spanish, French, Portuguese, Russian, Chinese
    r"tại|khi|bei|für|wenn|en|cuando|para|quand|lorsque|pour|em|quando|при|当|在)[ \t]*",
    re.I,
)
_CONDITION_SPAN_RE = re.compile(r"[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]*=[^=<>]{1,60}")
# what precedes a stated value in its sentence: "is $5$", "of $-\frac14$", "equals $5$"
_STATED_BEFORE_RE = re.compile(r"(?:\b(?:is|are|was|of|equals|be|là|ist|es|est|é|равно|равен)|是|为)[ \t]*$", re.I)


# the same in plain text, at the end: "The maximum is 12 when x = 3.", "The answer is 5, attained at x = 2."; also the
# given a value was worked out with ("the area is 12 square units, computed with base $b = 6$.", "where we took $h = 4$")
_PLAIN_CONDITION_END_RE = re.compile(
    r",?[ \t]{0,4}(?:(?:which|that)[ \t]{1,4})?(?:(?:is|are)[ \t]{1,4})?(?:(?:attained|achieved|reached|obtained|occurs?|"
    r"happens|taken|computed|calculated|found|worked[ \t]out)[ \t]{1,4})?(?:at|when|where|with|using|taking)"
    r"(?:[ \t]{1,4}[A-Za-z]{2,12}){0,2}[ \t]{1,4}\$?[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]{0,4}=[ \t]{0,4}-?\d{1,12}(?:\.\d{1,12})?\$?"
    r"[ \t]{0,4}[.!]?[ \t]{0,4}\Z",
    re.I,
)
_PLAIN_STATED_END_RE = re.compile(
    r"(?:\b(?:is|are|was|equals|of)[ \t]{1,4}|=[ \t]{0,4})\$?-?\d{1,12}(?:,\d{3}){0,4}(?:\.\d{1,12})?(?:[ \t]{1,4}[A-Za-z]{1,12}){0,2}\Z", re.I
)

_PLAIN_VALUE_RE = re.compile(r"\$?-?\d{1,12}(?:,\d{3}){0,4}(?:\.\d{1,12})?(?:[ \t]{1,4}[A-Za-z]{1,12}){0,2}")


def without_plain_condition(text: str) -> str:
    """``text`` without a last clause that says where a value it states is taken ("The maximum is 12 when x = 3." ->
    "The maximum is 12"): the value answers, not the condition (as :func:`circumstance_span` for maths spans)."""
    cut = max(0, len(text) - 120)
    m = _PLAIN_CONDITION_END_RE.search(text, cut)
    if m is None:
        return text
    head = text[: m.start()]
    if _PLAIN_STATED_END_RE.search(head, max(0, len(head) - 60)) is None and not _PLAIN_VALUE_RE.fullmatch(head.strip()):
        return text  # (a marked answer's text starts with its value: "12 when n = 3")
    return text[: m.start()]


def circumstance_span(window: str, value: re.Match[str], last: re.Match[str]) -> bool:
    """The last math span is a condition (``x = 2``) after a phrase of circumstance, and the span before it, in the
    same sentence, is a value the sentence states: the value answers, not the condition."""
    content = next(g for g in last.groups() if g is not None).strip()
    stated = next(g for g in value.groups() if g is not None).strip()
    return (
        _CIRCUMSTANCE_BETWEEN_RE.fullmatch(window, value.end(), last.start()) is not None
        and _CONDITION_SPAN_RE.fullmatch(content) is not None
        and (
            _STATED_BEFORE_RE.search(window, max(0, value.start() - 20), value.start()) is not None
            or _CONDITION_SPAN_RE.fullmatch(stated) is not None  # "Then $y = 5$ when $x = 2$."
        )
    )


# the set an integer parameter ranges over: "k \in \mathbb{Z}", "n \in \mathbb Z", "k ∈ ℤ", "n \in \mathbf{N}"
_PARAMETER_SPAN_RE = re.compile(
    r"([A-Za-z])[ \t]*(?:\\in|∈)[ \t]*(?:\\mathbb[ \t]*\{?[ \t]*[ZN][ \t]*\}?|\\mathbf[ \t]*\{?[ \t]*[ZN][ \t]*\}?|[ℤℕZN])"
    r"(?:[ \t]*\^?[+*]?)?"
)
_PARAMETER_BEFORE_RE = re.compile(r"[\s,]*(?:\b(?:for|where|with)\b[ \t]*(?:all|any|every|some)?[ \t]*)?")


def parameter_span(window: str, value: re.Match[str], last: re.Match[str]) -> bool:
    """The last math span only says what a parameter of the span before it ranges over ("$$x = \\frac{\\pi}{6} + \\pi k$$
    for $k \\in \\mathbb{Z}$"): the span before it answers."""
    content = next(g for g in last.groups() if g is not None).strip()
    stated = next(g for g in value.groups() if g is not None)
    m = _PARAMETER_SPAN_RE.fullmatch(content)
    return (
        m is not None
        and _PARAMETER_BEFORE_RE.fullmatch(window, value.end(), last.start()) is not None
        and re.search(rf"(?<![A-Za-z\\]){m.group(1)}(?![A-Za-z])", stated) is not None
    )


# a universal qualifier on a bounded variable: "$\\{0, 1, 3\\}$ for any $n \\ge 3$", "$5$ for every integer $n > 1$"
_BOUND_SPAN_RE = re.compile(r"[A-Za-z][ \t]*(?:\\geq?|\\leq?|\\geqslant|≥|≤|>=|<=|>|<)[ \t]*-?\d{1,6}")
_QUANTIFIER_BETWEEN_RE = re.compile(
    r"(?<![\s,])[\s,]*+for[ \t]+(?:all|any|every|each)[ \t]+(?:(?:positive|nonnegative|non-negative|natural)[ \t]+)?"
    r"(?:(?:integers?|numbers?|reals?)[ \t]+)?",
    re.I,
)


def quantifier_span(window: str, value: re.Match[str], last: re.Match[str]) -> bool:
    """The last math span only bounds the variable a universal qualifier names ("... is $\\{0, 1, 3\\}$ for any
    $n \\ge 3$."): the span before it answers."""
    content = next(g for g in last.groups() if g is not None).strip()
    return (
        _BOUND_SPAN_RE.fullmatch(content) is not None
        and _QUANTIFIER_BETWEEN_RE.fullmatch(window, value.end(), last.start()) is not None
    )
