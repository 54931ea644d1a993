"""What a row's question tells the ``math`` verifier: its text (:func:`question_text`), the numbers it gives, whether
an answer only restates it (:func:`echoes_question`), whether it asks for a factorisation, whether it asks for the
expression an equation's left side names (:func:`asked_quantity`, :func:`unshown_combination`: "m + n = 116" answers
"Find m + n"), what it counts, percents and degrees. The order it asks for is in :mod:`verifiers.math.asked_order`,
the base in :mod:`verifiers.math.asked_base`, the unit in :mod:`verifiers.math.asked_unit`, the rounding and the form
in :mod:`verifiers.math.asked_rounding` and :mod:`verifiers.math.asked_form`. Without a question none of these
applies.
"""

from __future__ import annotations

import decimal
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

import sympy
from verigrpo.verifiers.math.compare import nodes_equal
from verigrpo.verifiers.math.conclusions import NOT_A_THING, stem
from verigrpo.verifiers.math.forms import TEXT_WRAP_RE, question_numbers
from verigrpo.verifiers.math.nodes import Expr, Node, Relation
from verigrpo.verifiers.math.normalize import FULL_WIDTH, normalize
from verigrpo.verifiers.math.sentences import parsed, top_level_split
from verigrpo.verifiers.math.units import unit_word

PLAIN_NUMBER_RE = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?")  # (and "3.9394e+08")
_QUESTION_KEYS = ("prompt", "question", "problem")
# a sentence of a question (its last is the one that asks: "What is its perimeter?")
SENTENCE_RE = re.compile(r"[^.?!。？！\n]+")
CALCULUS_RE = re.compile(r"\\(?:int|lim|sum|prod)(?![A-Za-z])|[∫∑∏]")
# "(A) ...", "B. ...", "C) ...", "D: ...", "a ) ...", "(a) ..."
_CHOICE_RE = re.compile(r"(?:^|\s|\()(?:([A-E])[).:]|([a-e])[ \t]\))|(?<=\()([a-e])\)")


def givens(row: Mapping[str, Any]) -> frozenset[str]:
    """The numbers the row's question gives (see :func:`question_numbers`); none without a question."""
    return question_numbers(question_text(row)) if isinstance(row, Mapping) else frozenset()


def compact(s: str) -> str:
    """``s`` without ``$``, LaTeX spacing or sizing commands, and spaces next to an operator or
    bracket ("Compute 47 + 85" -> "Compute 47+85"), for a verbatim comparison."""
    s = re.sub(r"\$|\\[,;:! ]|\\(?:left|right|displaystyle)\b", "", s)
    # (a word after a bracket keeps its space: "\frac{3}{8} as a decimal" is no "\frac{3}{8}as")
    s = re.sub(r"\s+(?=[-+*/^=<>(){}\[\],|])|(?<=[-+*/^=<>(){}\[\],|])\s+(?![a-z]{2})", "", s).strip()
    if "\\" in s or "/" in s or "C(" in s:  # one spelling of a fraction and a binomial coefficient: "\dfrac{12}{18}",
        s = _SPELLINGS_RE.sub(_one_spelling, s)  # "12/18", "\dbinom{10}{3}", "{10\choose3}", "C(10,3)"
    return s


_SPELLINGS_RE = re.compile(
    r"\\[dt](frac|binom)(?![A-Za-z])|(?<![\w.])(\d{1,9})/(\d{1,9})(?![\w.])|\{(\d{1,4})\s*\\choose\s*(\d{1,4})\}"
    r"|(?<![A-Za-z\\])C\((\d{1,4}),(\d{1,4})\)"
)


def _one_spelling(m: re.Match[str]) -> str:
    if m.group(1):
        return "\\" + m.group(1)
    if m.group(2):
        return f"\\frac{{{m.group(2)}}}{{{m.group(3)}}}"
    n, k = (m.group(4), m.group(5)) if m.group(4) else (m.group(6), m.group(7))
    return f"\\binom{{{n}}}{{{k}}}"


def question_text(row: Mapping[str, Any]) -> str:
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


# words or a dangling relation after an expression: "47 + 85 equals", "47 + 85 apples", "47 + 85 \\text{ cm} ="
_TRAILING_WORDS_RE = re.compile(r"(?:\s*=|\s*\\text\{[^{}]*\}|\s+[A-Za-z]{2,})+\s*$")
# an arithmetic operator between two operands: "47+85", "(85)-47", "2\\times 3" (not a leading sign)
_ARITH_OP_RE = re.compile(r"[\d)}]\s*(?:[-+*\u00d7\u00b7\u00f7]|\\times|\\cdot|\\div)\s*[\d(\\{]")
_NUMERAL_RE = re.compile(r"\d+(?:\.\d+)?")
# an operation written, not done: a function of numbers ("\gcd(36,84)", "\log_2(1024)", "\lfloor\sqrt{50}\rfloor"), a
# power ("\frac{2^{20}}{1}"); a fraction or a root alone is a number's form, not an operation
_OPERATION_RE = re.compile(
    r"\\(?:gcd|lcm|log|ln|lfloor|lceil|binom|dbinom|tbinom|bmod|pmod|mod|operatorname)(?![A-Za-z])"
    r"|(?<![A-Za-z])(?:gcd|lcm|log|ln|mod|floor|ceil)(?![A-Za-z])|\^"
)
# the notation an echo may be written in: operations, fractions, roots, sizing, subscripts
_NOTATION_RE = re.compile(
    r"\\(?:times|cdot|div|left|right|gcd|lcm|log|ln|lfloor|rfloor|lceil|rceil|binom|dbinom|tbinom|bmod|pmod|mod"
    r"|operatorname|frac|dfrac|tfrac|sqrt)(?![A-Za-z])|(?<![A-Za-z])(?:gcd|lcm|log|ln|mod|floor|ceil|sqrt)(?![A-Za-z])"
)
_RELATION_RE = re.compile(r"[=<>]|\\(?:le|ge|leq|geq|neq|ne|approx)\b")
# a number and the words that say what it counts: "72 clips", "3 dozen"
_COUNTED_RE = re.compile(r"(\d+(?:\.\d+)?)\s*[A-Za-z][A-Za-z ]*")


# what presents an expression without changing it: font, colour and underline commands (their braces kept), a tag,
# spacing, a line break, a modulus written after it
_DECORATION_RE = re.compile(
    r"\\(?:mathbf|textbf|boldsymbol|bm|underline|emph|textit|mathit)[ \t]*(?=\{)"
    r"|\\(?:text|textrm|mathrm|mbox)[ \t]*(?=\{[^{}A-Za-z]*\})"  # (text with no words: "\text{47 + 85}", not a unit)
    r"|\\(?:color|textcolor)[ \t]*\{[^{}]{0,30}\}|\\(?:bf|it|rm|quad|qquad|newline|displaystyle)(?![A-Za-z])"
    r"|\\tag\*?[ \t]*\{[^{}]{0,30}\}|\\pmod[ \t]*\{[^{}]{0,30}\}|~|\\\\|[\u200b-\u200d\u2060\ufeff]"
)
_SIGNS = FULL_WIDTH | str.maketrans({"−": "-", "×": "*", "÷": "/"})


def undecorated(s: str) -> str:
    """``s`` without what only presents it (:data:`_DECORATION_RE`), its digits in ASCII ("٤٧", "４７", "𝟒𝟕": 47) and
    full-width or typographic signs as ASCII ones: "\\boxed{\\mathbf{47 + 85}}" restates "47 + 85" as it is."""
    s = _DECORATION_RE.sub("", s).translate(_SIGNS)
    if not s.isascii():
        s = "".join(str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c for c in s)
    return s


def echoes_question(
    answer: str, row: Mapping[str, Any], *, numeric_reference: bool = False, reference: str = ""
) -> bool:
    """True when ``answer`` restates the question instead of answering it (it is not a plain number):

    * its expression stands in the row's question as it is (whole, not as a piece of a longer number or name:
      "7+8" is not in "47+85"), with any words or a dangling "=" after it set aside ("47 + 85 equals");
    * presented otherwise makes no difference: in bold, in colour, underlined, in other digits (:func:`undecorated`);
    * or, when the reference is a plain number, it is arithmetic on the question's own numbers (and 0 or 1)
      and nothing else: "85 + 47" or "(47 + 85) + 0" for "Compute 47 + 85." computes nothing. It must use
      one of them: "1 + 1" against 2 without a question, or for "Compute 5 - 3.", is a sum to its value;
    * a count with its words in ``\\text`` restates them as plainly ("3 \\text{ dozen}" for "How many eggs are in 3
      dozen?"); the ``reference``'s own number with words is no echo ("72 clips" against 72 where the question
      says "She had 72 clips."): the words name what was counted, nothing was left to compute.

    Where the question lists options to choose from ("(A) $2\\sqrt{3}$ (B) $3\\sqrt{2}$"), only its stem before them."""
    ans = compact(undecorated(answer)).rstrip(".")
    sides = ans.split("=")
    if len(sides) > 1 and len(set(sides)) == 1:  # "47 + 85 = 47 + 85": the one expression said again
        ans = sides[0]
    while ans.startswith("{") and ans.endswith("}") and _one_group(ans):  # "{6}": braces that group nothing
        ans = ans[1:-1]
    # "x = 47 + 85" or "47 + 85 = x" (read as x = 132): the side that is not the label
    label = re.fullmatch(r"[A-Za-z]\w*=(.+)", ans) or re.fullmatch(r"(.+)=[A-Za-z]\w*", ans)
    question = compact(_options_text(question_text(row)))
    if len(set(_CHOICE_RE.findall(question))) >= 2:  # options to choose from: naming one is an answer, so only the
        question = question[: _CHOICE_RE.search(question).start()]  # stem before them is restated ("What is 2^{10}?")
    asked = _number_values(question)[0]
    numerals = asked | {"0", "1"}
    key = compact(reference)
    for whole in (ans, label.group(1) if label else ""):
        # (a text command's words as plain words, which an echo may wrap: "3\text{ dozen}", "\text{3 dozen}")
        worded = " ".join(TEXT_WRAP_RE.sub(r" \1 ", whole).split()) if len(whole) <= 300 else whole
        for part in dict.fromkeys((whole, _TRAILING_WORDS_RE.sub("", whole) if len(whole) <= 300 else whole, worded)):
            counted = _COUNTED_RE.fullmatch(part)
            if counted is not None and counted.group(1) == key:
                continue
            # a plain number is an answer; so are words ("no" to "Answer yes or no.", "apples" to "apples or
            # pears?"): an echo is an expression that was to be computed (digits, operators, brackets, LaTeX)
            if not part or PLAIN_NUMBER_RE.fullmatch(part) or len(part) > 200 or re.fullmatch(r"[A-Za-z\s]+|\\pi|π", part):
                continue
            # the boundaries matter only at a word character: "7+8" is not in "47+85", but "(x+1)^2" is in
            # "Expand(x+1)^2" (the compaction glued the bracket to the word before it)
            before = r"(?<![\w.\\])" if re.match(r"[\w.]", part) else ""
            after = r"(?![\w])" if re.search(r"\w$", part) else ""
            found = re.search(before + re.escape(part) + after, question)
            if found is None and ("{" in part + question or "**" in part):
                # spelled with other braces: "\\frac{6}{8}" for "\\frac68", "2**10" for "2^{10}"
                bare, where = _unbraced(part), _unbraced(question)
                found = re.search(before + re.escape(bare) + after, where) if bare else None
                question_at = where
            else:
                question_at = question
            if found is not None:
                if _read_off(question_at, found.start(), found.end()):
                    continue  # "Which is larger: $2^{10}$ or $10^3$?": the answer picks one of the question's
                return True
            if (
                numeric_reference
                and (_ARITH_OP_RE.search(part) or _OPERATION_RE.search(part))
                and not _RELATION_RE.search(part)  # "47 + 85 = 132" is a worked answer, read by its last side
            ):
                values, rest = _number_values(part)
                if not re.search(r"[A-Za-z]", _NOTATION_RE.sub("", rest)) and values <= numerals and values & asked:
                    return True
    return False


# a number in scientific notation: "3e5", "2.5e-3", "3 \times 10^5", "1.5×10^{6}"
_SCIENTIFIC_RE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)(?:[eE]|[ \t]*(?:\\times|×|\\cdot|\*)[ \t]*10[ \t]*\^[ \t]*\{?)[ \t]*([-+]?\d{1,3})\}?"
)


def _number_values(text: str) -> tuple[set[str], str]:
    """The values of the numbers in ``text``, each written one way ("3e5", "3 \\times 10^5" and "300000" are all
    "300000"; "5.0" is "5"), and ``text`` with its numbers in scientific notation taken out."""
    values: set[str] = set()

    def scientific(m: re.Match[str]) -> str:
        values.add(_plain_value(m.group(1), int(m.group(2))))
        return " "

    rest = _SCIENTIFIC_RE.sub(scientific, text[:5_000])
    values |= {_plain_value(n) for n in _NUMERAL_RE.findall(rest)}
    return values, rest


def _plain_value(digits: str, exponent: int = 0) -> str:
    """``digits`` times ten to ``exponent``, as a plain decimal without trailing zeros ("3", 5 -> "300000")."""
    text = format(decimal.Decimal(digits).scaleb(exponent).normalize(), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _one_group(s: str) -> bool:
    """``s`` (which opens with "{") is one brace group: its first brace closes at its end."""
    depth = 0
    for i, ch in enumerate(s):
        depth += (ch == "{") - (ch == "}")
        if depth == 0:
            return i == len(s) - 1
    return False


def _unbraced(s: str) -> str:
    """``s`` without braces, ``**`` as ``^``: one spelling for "\\frac{6}{8}" and "\\frac68", "2**10" and "2^{10}"."""
    return re.sub(r"[{}]", "", s.replace("**", "^"))


def _read_off(question: str, start: int, end: int) -> bool:
    """The question's text at ``question[start:end]`` is a piece of a longer expression ("y=\\frac{3}{4}x+2": the
    slope read off) or one item of a list or a choice ("$2^{10}$ or $10^3$", "\\frac12,\\frac23,\\frac34,\\ldots"):
    an answer that names it picks it out, it does not restate what was to be computed."""
    before, after = question[max(0, start - 4) : start], question[end : end + 4]
    # (a word after it is prose, glued on by the compaction: "\frac{3}{8}as a decimal")
    word = re.match(r"[a-z]{2,}(?:[\s.,;:?!]|$)", question[end : end + 24]) is not None
    return bool(
        re.search(r"[=+\-*/^_{]$", before)
        or (re.match(r"[A-Za-z\\+\-*/^_]", after) and not word)
        or re.search(r"(?:,|\bor\s|\band\s)$", before)
        or re.match(r"(?:,|\s(?:or|and)\b)", after)
    )


def option_content(row: Mapping[str, Any], letter: str) -> str | None:
    """The text the row's question gives option ``letter`` ("(C) 7", "C. 7", "C) 7"), up to the next option or the
    line's end; None when the question lists fewer than two options or not this one."""
    question = _options_text(question_text(row))
    if len(set(_CHOICE_RE.findall(question))) < 2:
        return None
    # AMC's "$\textbf{(A)}\ 8 \qquad \textbf{(B)}\ 9$": the labels bare, the spacing commands as breaks
    question = _LABEL_FONT_RE.sub(r"\1", question)
    question = _OPTION_BREAK_RE.sub("\n", question).replace("\\ ", " ").replace("$", " ")
    m = re.search(
        rf"(?:^|\s|\()(?i:{re.escape(letter)})[ \t]?[).:][ \t]{{0,4}}([^\n]{{1,200}}?)"
        r"(?=[ \t,]{0,4}\(?(?i:[a-e])[ \t]?[).:]|[ \t]*(?:\n|$))",
        question,
    )
    return m.group(1).strip().rstrip(",").strip() if m else None


def _options_text(question: str) -> str:
    """The question with its option labels as ASCII writes them: full-width forms ("（A）10", "A．10"), the
    enumeration comma ("A、10") and bold labels ("- **A** 10") as "(A) 10", "A. 10"; AQuA's options as a list of
    strings ("['A)30 km/h', 'B)40 km/h']") one to a line."""
    question = question.translate(FULL_WIDTH)
    if "')" in question or "'," in question or '",' in question:
        question = _QUOTED_OPTION_RE.sub(r"\n\1", question)
    if "、" in question:
        question = _ENUM_COMMA_LABEL_RE.sub(r"\1.", question)
    if "**" in question:
        question = _BOLD_LABEL_RE.sub(r"\1\2. ", question)
    return question


_ENUM_COMMA_LABEL_RE = re.compile(r"(?<![A-Za-z])([A-E])、")
_QUOTED_OPTION_RE = re.compile(r"""[\[,][ \t]*['"]([A-E]\)[^'"\n]{0,200})['"][ \t]*\]?""")
_BOLD_LABEL_RE = re.compile(r"(^|\s)\*\*([A-E])\*\*[ \t]+(?=\S)")
_LABEL_FONT_RE = re.compile(r"\\(?:textbf|mathbf|text|mathrm)[ \t]*\{[ \t]*(\(?[A-Ea-e]\)?)[ \t]*\}")
_OPTION_BREAK_RE = re.compile(r"\\q?quad(?![A-Za-z])")


# an indefinite integral asked: "\int x^2\,dx" (no limits), "antiderivative", "indefinite integral"
_INDEFINITE_RE = re.compile(
    r"\\int(?![ \t]*(?:[_^]|\\limits))|\bantiderivative|\bindefinite\s+integral|\bprimitive\b|\bintegrate\b(?![^.?\n]{0,60}\bfrom\b)",
    re.I,
)


def asks_for_antiderivative(row: Mapping[str, Any]) -> bool:
    """The row's question asks for an indefinite integral (its answer is a family up to a constant)."""
    return bool(_INDEFINITE_RE.search(question_text(row)))


_FACTOR_WORD_RE = re.compile(
    r"factori[sz]|prime factor|\\bfactor|product of (?:its |two |three )?primes|prime decomposition|分解质因数|分解質因數"
    r"|素因数分解|소인수분해",
    re.I,
)


def asks_for_factors(row: Mapping[str, Any], factors: tuple[int, ...]) -> bool:
    """A reference written as a product of primes asks for that product when the question asks to factor, or
    when the product repeats a prime (``2^3 \times 5``): nobody writes 40 so unless the form is the answer. A
    plain ``2 \times 5`` with a question that does not ask for factors is only its value."""
    return bool(_FACTOR_WORD_RE.search(question_text(row))) or len(set(factors)) < len(factors)


# the one unknown a question asks for, at the end of its sentence: "Find x.", "What is f(3)?", "Solve for $y$."
_ASKED_UNKNOWN_RE = re.compile(
    r"\b(?:find|determine|compute|calculate|evaluate|solve\s+for|what\s+is(?:\s+the\s+value\s+of)?)\s+\$?"
    r"([A-Za-z](?:_\{?\w\}?)?(?:\([^()$]{1,12}\))?)\$?\s*[.?]",
    re.I,
)
# the unknown an answer names right before its box, or inside it: "y = \boxed{5}", "\boxed{f(2) = 7}"
_LABEL_BEFORE_BOX_RE = re.compile(r"([A-Za-z](?:_\{?\w\}?)?(?:\([^()$]{1,12}\))?)[ \t]*=[ \t]*\$?[ \t]*\\boxed\s*\{\s*\Z")
_LABEL_IN_BOX_RE = re.compile(r"([A-Za-z](?:_\{?\w\}?)?(?:\([^()$]{1,12}\))?)\s*=")  # (matched on the stripped answer)


def names_another_unknown(completion: str, answer: str, row: Mapping[str, Any]) -> bool:
    """The question asks for one unknown ("Find x.", "What is f(3)?") and the answer names another as its own
    ("We find $y = \\boxed{5}$.", "\\boxed{f(2) = 7}"): the value of something else, whatever it is."""
    asked = _ASKED_UNKNOWN_RE.search(question_text(row))
    if asked is None:
        return False
    label = _LABEL_IN_BOX_RE.match(answer.strip().strip("$").strip())
    if label is None:
        box = completion.rfind("\\boxed")
        brace = completion.find("{", box, box + 12) if box >= 0 else -1
        label = _LABEL_BEFORE_BOX_RE.search(completion, max(0, box - 40), brace + 1) if brace >= 0 else None
    if label is None:
        return False
    key = lambda s: re.sub(r"[\s{}]", "", s)  # noqa: E731 - "x_{1}" is "x_1"
    return key(label.group(1)) != key(asked.group(1))


def asked_quantity(pred: Node, answer: str, row: Mapping[str, Any], gold: Node | None) -> Node | None:
    """``m + n = 116`` (or the chain ``m + n = 53 + 63 = 116``) answers 116 when the question asks for the expression
    on its left (``m + n`` stands in the question) and the reference is a number: the left side names what is
    asked, every side after it is a number and they all agree. None otherwise (an equation is not its right side:
    ``x + y = 3`` against ``3`` stays wrong where the question does not ask for ``x + y``)."""
    if not (isinstance(pred, Relation) and not pred.label and set(pred.ops) == {"="} and len(pred.sides) >= 2):
        return None
    if not (isinstance(gold, Expr) and gold.value.is_number and gold.unit is None):
        return None
    values = pred.sides[1:]
    if not all(isinstance(v, Expr) and v.value.is_number for v in values):
        return None
    if not all(nodes_equal(values[0], v) for v in values[1:]):
        return None  # "p + q = 657 + 64 = 700": a false chain answers nothing
    parts = top_level_split(answer)
    left = compact(parts[0]) if parts else ""
    question = compact(question_text(row))
    if not question and _sum_of_names(left):
        return values[-1]  # no question to ask: "m+n = 256+37", a contest's requested sum, answers 293
    if not re.search(r"[A-Za-z]", left) or not question:
        return None
    spaced = r"\s*".join(re.escape(c) for c in re.sub(r"\s+", "", left))  # "AB \cdot AC" is "AB\cdot AC"
    if not _asks_for(question, spaced):
        return None
    return values[-1]


def _sum_of_names(left: str) -> bool:
    """``m+n``, ``a + b + c``: distinct one-letter names joined by ``+``, what a contest answer asks for (``m/n`` in
    lowest terms, "find m+n"). Not x, y, z: ``x + y = 10`` is a line; nor e or i, which are numbers."""
    names = re.sub(r"\s+", "", left).split("+")
    return len(names) >= 2 and all(
        len(n) == 1 and n.isascii() and n.isalpha() and n not in "eixyzXYZ" for n in names
    ) and len(set(names)) == len(names)


_WORKING_RE = re.compile(r"[-+*/×·÷]|\\(?:cdot|times|div|frac|dfrac|tfrac)(?![A-Za-z])")


def unshown_combination(pred: Node, answer: str, row: Mapping[str, Any]) -> bool:
    r"""A chain "a + b + c = 3 + 57 + 2 = 62" answers its last side only when a side between shows the working (not
    "x + y = 3 = 3", which pads the equation "x + y = 3"), and, where the row has a question, when the question asks
    for the quantity on the left ("a \cdot b \cdot c = ... = 342" does not answer "Find a+b+c")."""
    if not (isinstance(pred, Relation) and len(pred.sides) >= 3 and set(pred.ops) == {"="}):
        return False
    first = pred.sides[0]
    if not (isinstance(first, Expr) and len(first.value.free_symbols) >= 2):
        return False
    parts = top_level_split(answer) or []
    if len(parts) != len(pred.sides):
        return False
    if not any(_WORKING_RE.search(p) for p in parts[1:-1]):
        return True
    question = compact(question_text(row))
    if not question:
        return False
    left = re.sub(r"\s+", "", compact(parts[0]))
    spaced = r"\s*".join(re.escape(c) for c in left)
    # (a word for the left side asks for it in any case: "lcm = ... = 792" for "the Least Common Multiple (LCM)")
    return not _asks_for(question, spaced) and not (
        re.fullmatch(r"[A-Za-z]{3,12}", left) and re.search(rf"\b{left}\b", question, re.I)
    )


def _asks_for(question: str, spaced: str) -> bool:
    r"""The question asks for the expression ``spaced`` (a pattern) whole: not as an operand of a longer one ("a+b" in
    "Find a+b+c"), not inside a bracket or a root that something is done to ("(a+b)^2", "\sqrt{a+b}"), and not in a
    given it states ("If x+y = 6, ...")."""
    pattern = r"(?<![A-Za-z0-9+\-*/^{])(?<![/^*]\()" + spaced + r"(?!\s*[A-Za-z0-9+\-*/^(=}]|\s*\)\s*[\^*/])"
    return re.search(pattern, question) is not None


# an answer that is a count and the noun it counts: "10 oranges", "10\text{ oranges}", "**6 boys**"
_COUNT_ANSWER_RE = re.compile(
    r"\A[$* \t]*-?\d[\d,]*(?:\.\d+)?[ \t]*(?:\\text[ \t]*\{[ \t]*)?([A-Za-z]{3,20}(?:[ \t]+[A-Za-z]{3,20}){0,2})[ \t]*\}?[.$* \t]*"
)
_PHRASE_END_RE = re.compile(r"\b(?:than|are|is|was|were|do|does|did|can|will|have|has|had|there|in|on|at|of|for|to)\b", re.I)
# what a question counts, with the words around its noun: "How many red balls", "how many positive divisors does"
_HOW_MANY_PHRASE_RE = re.compile(
    r"\bhow[ \t]+many[ \t]+(?:more[ \t]+|fewer[ \t]+|less[ \t]+)?((?:[A-Za-z]{1,20}[ \t]+){0,3}[A-Za-z]{3,20})\b", re.I
)


_OCCURRENCE_STEMS = frozenset({stem("times"), stem("occurrences")})


def other_thing_counted(answer: str, gold: Node, row: Mapping[str, Any]) -> bool:
    """A count of another thing the question names than the one it asks about, against a bare number: "How many
    apples does he have now?" answered "10 oranges" (he has 7 oranges), "How many cakes ...?" answered "12
    batches". Only nouns the question itself names; a unit is :func:`asked_unit.other_unit_than_asked`'s."""
    if not (isinstance(gold, Expr) and gold.unit is None):
        return False
    said = _COUNT_ANSWER_RE.fullmatch(answer) if len(answer) <= 80 else None
    question = question_text(row)
    asked = _HOW_MANY_PHRASE_RE.search(question) if said is not None else None
    if asked is None or unit_word(said.group(1).split()[-1]) is not None:
        return False
    # the words of the asked phrase ("How many red balls", "How many positive divisors"): the answer's words may
    # drop an adjective ("5 balls", "9 divisors"), not name another thing the question names ("5 blue balls")
    phrase = _PHRASE_END_RE.split(asked.group(1), maxsplit=1)[0]  # ("girls than boys are": girls)
    things = {stem(w) for w in phrase.split()}
    if not things:  # "How many are left?": the question names no thing here
        return False
    if things <= _OCCURRENCE_STEMS:  # "how many times does Friday occur?": what occurs is what is counted ("6 Fridays")
        rest = asked.group(1) + re.split(r"[.?!\n]", question[asked.end() : asked.end() + 200], maxsplit=1)[0]
        things |= {stem(w) for w in re.findall(r"[A-Za-z]{3,20}", rest)}
    named = {stem(w) for w in re.findall(r"[A-Za-z]{3,20}", question)}
    said_words = [w for w in said.group(1).split() if w.lower() not in NOT_A_THING]  # (not "84 marbles left")
    multiples = [w for w in said.group(1).split() if _MULTIPLE_WORD_RE.fullmatch(w)]
    if _MULTIPLE_WORD_RE.fullmatch(phrase.split()[0]) and not multiples:
        return True  # "How many dozen eggs is that?" answered "3 eggs": the eggs one by one, not in dozens
    return any(stem(w) not in things and stem(w) in named for w in said_words)


# a count in multiples: "36 dozen", "36 gross", "36 pairs of eggs", "30 grand" (its word, by its stem)
_MULTIPLES = r"(dozens?|doz|gross|pairs?|couples?|braces?|reams?|grand|scores?|quires?|sets?)"
_MULTIPLE_WORD_RE = re.compile(_MULTIPLES, re.I)
_MULTIPLE_RE = re.compile(
    r"\A[\\$* \t]*(?:\\(?:text|mathrm|textbf|textrm|mbox)[ \t]*\{[ \t]*)?-?\d[\d,]*(?:\.\d+)?(?:[ \t~]|\\[ ,;:!])*"
    r"(?:\\(?:text|mathrm|textbf|textrm|mbox)[ \t]*\{[ \t]*)?"
    rf"{_MULTIPLES}\b",
    re.I,
)

# a count of containers of things: "72 boxes of clips", "72 packs of 10 clips" (the boxes' word, then the things')
_CONTAINERS_RE = re.compile(
    r"\A[\$* \t]*(?:\\(?:text|mathrm|textbf|textrm|mbox)[ \t]*\{[ \t]*)?-?\d[\d,]*(?:\.\d+)?(?:[ \t~]|\\[ ,;:!])*"
    r"(?:\\(?:text|mathrm|textbf|textrm|mbox)[ \t]*\{[ \t]*)?([A-Za-z]{3,20})[ \t]+of[ \t]+(?:\d[\d,]*[ \t]+)?"
    r"([A-Za-z]{3,20})\b",
    re.I,
)
# ... unless the first word only counts ("72 pieces of clips")
_COUNT_WORDS = frozenset({"piece", "item", "unit", "pc", "pcs", "count", "number", "total"})

# what a question counts, however it asks: "How many eggs", "the number of eggs", "Count the eggs", "How much money",
# "... in dollars?"
_COUNTED_THING_RE = re.compile(
    r"\bhow[ \t]+many[ \t]+(?:more[ \t]+|fewer[ \t]+)?([A-Za-z]{1,20})\b|\b(?:number|count|total)[ \t]+of[ \t]+(?:the[ \t]+)?"
    r"([A-Za-z]{1,20})\b|\bcount[ \t]+(?:the|all|her|his|their)[ \t]+([A-Za-z]{1,20})\b|\bhow[ \t]+much[ \t]+(money)\b"
    r"|\bin[ \t]+([A-Za-z]{3,20})[ \t]*\?",  # "What is the sale price in dollars?"
    re.I,
)


def counted_in_multiples(pred: Node, answer: str, gold: Node, row: Mapping[str, Any]) -> bool:
    """A count in multiples where the question counts single things, against a bare number: "How many eggs?"
    answered "36 dozen" (432 eggs) or "36 pairs of eggs" against 36, "How many dollars?" answered "30 grand". The
    number said is the count of multiples, not the count asked for; a dozen whose whole number is the key ("36
    dozen" against 432) answers."""
    if not (isinstance(gold, Expr) and gold.unit is None) or len(answer) > 80:
        return False
    said = _MULTIPLE_RE.match(answer) or _CONTAINERS_RE.match(answer)
    asked = _COUNTED_THING_RE.search(question_text(row)) if said is not None else None
    if asked is None or stem(asked.group(asked.lastindex or 1)) in (stem(said.group(1)), "gros", "doz"):
        return False
    if said.re is _CONTAINERS_RE and (
        stem(said.group(2)) != stem(asked.group(asked.lastindex or 1)) or stem(said.group(1)) in _COUNT_WORDS
    ):
        return False  # "72 boxes of clips" only where the question counts clips ("72 pieces of clips" counts them)
    whole = isinstance(pred, Expr) and pred.marker == "dozen" and pred.value == gold.value
    return not whole


# a question about angles: the words and symbols that name one
_ANGLE_ASKED_RE = re.compile(
    r"angle|degree|radian|rotat|\barcs?\b|sector|bearing|\bturns?\b|\b(?:sin|cos|tan|cot|sec|csc|arc\w+)\b|trig"
    r"|\\(?:theta|alpha|beta|gamma|phi|angle|sin|cos|tan|circ)|[θαβγφ∠°]|角|度|弧",
    re.I,
)


# a question about a shape, a direction or a temperature, where a value in degrees may answer a bare number
_DEGREES_FIT_RE = re.compile(
    r"triang|polygon|gon\b|quadrilateral|parallelogram|rhomb|trapez|circle|clock|\bhands?\b|compass|heading|slope"
    r"|incline|tilt|latitude|longitude|measure|temperat|celsius|fahrenheit|kelvin|thermo|freez|boil|oven|weather|fever"
    r"|\b(?:north|south|east|west|warm|cold|hot|heat|cool)|[℃℉]|三角|温",
    re.I,
)


def degrees_not_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A value in degrees where the question asks about no angle: against a key in multiples of π ("180°" for "What
    is the area of a circle with radius 1?", key π; "360°" for "\\int_0^{2\\pi} 1\\,dx"), or against a bare number
    where the question names no angle, shape, direction or temperature either ("30°" for "What is the sale price in
    dollars?"). (180° is π radians only where an angle is asked for; without a question, the reading stays.)"""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or not (pred.marker == "degree" or pred.unit == "deg"):
        return False
    question = question_text(row)
    if not question.strip() or _ANGLE_ASKED_RE.search(question):
        return False
    if gold.value.has(sympy.pi):
        return True
    bare = gold.unit is None and gold.marker is None and gold.value.is_number
    return bare and not _DEGREES_FIT_RE.search(question)


# a question that asks for radians: "Convert 72 degrees to radians.", "in radians", "the radian measure"
_RADIANS_ASKED_RE = re.compile(r"\b(?:(?:to|in|into|as)[ \t]+radians?|radian[ \t]+measure)\b|弧度|радиан", re.I)


def degrees_for_radians(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A value in degrees where the question asks for radians ("Convert 72 degrees to radians." answered
    "72°": the question's own value, unconverted, though equal as an angle)."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or not (pred.marker == "degree" or pred.unit == "deg"):
        return False
    return gold.marker != "degree" and gold.unit != "deg" and bool(_RADIANS_ASKED_RE.search(question_text(row)))


# a question that asks about a percentage (or a rate), in any of a few languages ("%", "percent", "百分")
_PERCENT_WORDS = (
    r"[%％٪‰]|per[ \t]?cent|percentage|porcentaje|por[ \t]+ciento|pourcentage|pour[ \t]+cent|prozent"
    r"|процент|百分|퍼센트|persen|phần[ \t]+trăm|yüzde|procent|percento"
)
_PERCENT_WORD_RE = re.compile(_PERCENT_WORDS, re.I)
_PERCENT_ASKED_RE = re.compile(rf"{_PERCENT_WORDS}|\brate\b", re.I)


def percent_not_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A percent whose number is the key's, where the question asks about no percent or rate: "How many apples are
    left?" answered "3%" against 3, "What is the probability ...?" answered "0.75%" against 0.75. (The percent sign
    dropped by a key of a rate, "25%" against 25 for "What percentage ...?", stays paid; without a question too.)"""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or pred.marker != "percent" or gold.marker is not None:
        return False
    question = question_text(row)
    if not question.strip() or pred.value != gold.value:
        return False
    return not _asks_percent(question)  # (a "10%" among the givens asks nothing)


# per mille and basis points, as words or signs after a number: "72 per mille", "72 promil", "72 bps", "72 ‱"
PER_MILLE_RE = re.compile(
    r"\d[ \t\u00a0}$]{0,3}(?:\\text\{[ \t]*)?(?:per[ \t]?mil(?:le|l)?|per[ \t]+(?:thousand|ten[ \t]+thousand)|pro[ \t]?mil(?:le|l)?"
    r"|permil(?:le)?|binde|basis[ \t]+points?|bps|bp|[‰‱])(?![^\W\d_])",
    re.I,
)


def per_mille_for_percent(said: str, row: Mapping[str, Any]) -> bool:
    """``said`` (the answer with the words around it) counts per mille or basis points where the question asks for
    a percent and names neither: "72 basis points", "72 promil" for "What percent ...?" (a tenth and a hundredth of
    the percent it asks)."""
    question = question_text(row)
    return bool(PER_MILLE_RE.search(said)) and _asks_percent(question) and not PER_MILLE_RE.search(question) and not re.search(
        r"per[ \t]?mil|basis[ \t]+point|\bbps?\b|promil", question, re.I
    )


def percent_of_a_percent(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A percent whose hundredth part is the key, where the question asks for a percent: "What percent of the
    students are girls?" answered "5000%" against 50 (the key is the percent's number, 50%, not the ratio 50)."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or pred.marker != "percent" or gold.marker is not None:
        return False
    if pred.value == gold.value or pred.value != gold.value * 100 or abs(gold.value) < 1:
        return False  # (a key under one is a rate: "50%" answers 0.5)
    return _asks_percent(question_text(row))


def ratio_for_percent(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """The ratio of a percent key where the question asks for a percent by name: "What percent of the students are
    girls?" answered "0.5" against 50% (a key's "50" without its sign, and "0.5" where the question asks for a rate
    or names no percent, stay paid)."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or gold.marker != "percent" or pred.marker is not None:
        return False
    if pred.value == gold.value or pred.value * 100 != gold.value:
        return False
    return _asks_percent(question_text(row), _PERCENT_WORD_RE)


def _asks_percent(question: str, words: re.Pattern[str] = _PERCENT_ASKED_RE) -> bool:
    """The question's asking sentences (those that end on a question mark, else its last) ask for a percent or a
    rate (or what ``words`` name)."""
    asking = [q for q in re.findall(r"[^.?!。？！\n]*[?？]", question)] or SENTENCE_RE.findall(question)[-1:]
    return any(words.search(q) for q in asking)


# an equation or inequality written in a question: its maths spans, or a plain "2x + 3 = 9" between words
# (a side of plain text: digits, operators and single letters, never a word)
_EQUATION_SIDE = r"(?:[-+*/^().\d \t]|(?<![A-Za-z])[A-Za-z](?![A-Za-z])){1,80}"
_RELATION_SIGN = r"(?:=|<|>|≤|≥|\\[lg]eq?(?![A-Za-z])|\\[lg]t(?![A-Za-z]))"
_QUESTION_EQUATION_RE = re.compile(
    rf"\$([^$\n]{{1,200}}{_RELATION_SIGN}[^$\n]{{1,200}})\$|({_EQUATION_SIDE}(?:[=<>≤≥]){_EQUATION_SIDE})"
)


def question_equations(row: Mapping[str, Any]) -> list[Node]:
    """The equations and inequalities the question writes (at most five), parsed; unparsable ones left out."""
    found = []
    for m in _QUESTION_EQUATION_RE.finditer(question_text(row)[:4000]):
        node = parsed(normalize((m.group(1) or m.group(2)).strip()))
        if isinstance(node, Relation):
            found.append(node)
        if len(found) == 5:
            break
    return found


# an operation left to be carried out: an integral, a limit, a sum or product, a derivative (\frac{d}{dx}, d/dx, \partial)
_UNEVALUATED_RE = re.compile(
    CALCULUS_RE.pattern + r"|\\frac\s*\{\s*d\^?\d?\s*\}\s*\{\s*d\s*[A-Za-z]|\bd/d[a-z]\b|\\partial(?![A-Za-z])"
)
# a question that asks for an operation's result: "Differentiate ...", "Find the derivative", "Evaluate the sum",
# "Find f'(x)"
_ASKS_TO_WORK_RE = re.compile(
    r"\b(?:differentiate|derivative|integrate|integral|antiderivative|evaluate|compute|calculate|simplify|find\s+the\s+(?:sum|"
    r"product|limit|value))\b|\+\s*\\?(?:cdots|ldots|dots)\s*\+|(?<![A-Za-z])[A-Za-z]'+\s*\(",
    re.I,
)
# operations whose value the question asks for, each written in an answer and named in a question: a floor or
# ceiling, a largest or smallest of several, a real or imaginary part, a gcd or lcm, a remainder
_VALUE_OPERATIONS = {
    "floor or ceiling": (
        re.compile(r"\\[lr](?:floor|ceil)|\b(?:floor|ceil(?:ing)?)\s*\(|[⌊⌈]"),
        re.compile(r"\\lfloor|\\lceil|[⌊⌈]|\b(?:floor|ceiling|greatest\s+integer)\b", re.I),
    ),
    "largest or smallest": (
        re.compile(r"\\(?:max|min)(?![A-Za-z])|\b(?:max|min)\s*\("),
        re.compile(r"\b(?:largest|smallest|greatest|least|maximum|minimum|max|min)\b", re.I),
    ),
    "real or imaginary part": (
        re.compile(r"\\operatorname\s*\{\s*(?:Re|Im)\s*\}|\\(?:Re|Im)(?![A-Za-z])|\b(?:Re|Im)\s*\("),
        re.compile(r"\b(?:real|imaginary)\s+part\b|\\(?:Re|Im)(?![A-Za-z])|\b(?:Re|Im)\s*\(", re.I),
    ),
    "gcd or lcm": (
        re.compile(r"\\gcd(?![A-Za-z])|\\operatorname\s*\{\s*(?:gcd|lcm)\s*\}|\b(?:gcd|lcm)\s*\(", re.I),
        re.compile(r"\b(?:gcd|lcm|greatest\s+common|least\s+common|highest\s+common)\b", re.I),
    ),
    "remainder": (
        re.compile(r"\\[bp]?mod(?![A-Za-z])|\bmod\b"),
        re.compile(r"\bremainder\b|\bmod(?:ulo)?\b|\\[bp]?mod(?![A-Za-z])", re.I),
    ),
}


# an operation's name in a font command, applied to a bracket ("\text{gcd}(12, 18)"; not "5 \text{min}", minutes)
_FONT_NAME_RE = re.compile(
    r"\\(?:text|mathrm|textrm|mbox|mathit|operatorname)\s*\{\s*([A-Za-z]{2,6})\s*\}(?=\s*(?:\\left\s*)?[({])"
)


def _last_side(s: str) -> str:
    """What follows the last "=" outside braces and brackets ("\\sum_{k=1}^{10} k = 55" -> " 55"; "\\sum_{k=1}^{10} k"
    whole)."""
    depth, cut = 0, -1
    for i, c in enumerate(s):
        depth += 1 if c in "{([" else -1 if c in "})]" else 0
        if c == "=" and depth == 0:
            cut = i
    return s[cut + 1 :]


def unworked_operation(answer: str, gold_text: str, asked: str) -> str | None:
    """Why the answer is the question's operation written down rather than carried out, or None.

    "\\frac{d}{dx}(x^3 \\sin x)" for "Differentiate $x^3 \\sin x$.", "\\sum_{k=1}^{100} k" for "Find 1 + 2 + ... +
    100", "\\lfloor 2024^{1/2} \\rfloor" for "Compute $\\lfloor \\sqrt{2024} \\rfloor$", "\\max(\\frac79, \\frac45)" for
    "What is the largest of ...". Without a question nothing is refused: other projects' grading tests pay
    "\\sum_{n=1}^{10} n" against 55 (the grader evaluates). An operation the reference writes too is its answer
    ("x \\equiv 2 \\pmod 4")."""
    if not asked:
        return None
    answer = _FONT_NAME_RE.sub(r"\\\1", answer)  # "\text{gcd}(12, 18)", "\mathrm{max}": the operation's name
    answer = _last_side(answer) if "=" in answer else answer  # "\operatorname{Re}(5+5i) = 5": carried out
    if _UNEVALUATED_RE.search(answer) and (_UNEVALUATED_RE.search(asked) or _ASKS_TO_WORK_RE.search(asked)):
        if not _UNEVALUATED_RE.search(gold_text):
            return "the answer is the question's derivative, integral, sum, product or limit left unevaluated"
    if CALCULUS_RE.search(answer) and CALCULUS_RE.search(asked) and not CALCULUS_RE.search(gold_text):
        # "\\int_0^1 t^2\\,dt" for "Evaluate \\int_0^1 x^2\\,dx": rewritten (a renamed variable), not worked out
        return "the answer is a limit, integral or series where the question asks for one's value"
    for name, (written, named) in _VALUE_OPERATIONS.items():
        if written.search(answer) and named.search(asked) and not written.search(gold_text):
            return f"the answer is the question's {name} left unevaluated"
    return None
