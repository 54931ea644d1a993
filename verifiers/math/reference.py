"""The row's reference answer, read once: its answer text and parse (:func:`read_reference`), and why ``math``
cannot judge a row (:func:`check_reference`, run when the data loads). A reference may be a box, a plain answer, an
exam key's notation ("\\frac{3}{10} \\# \\# 0.3", "0. 98."), a worked solution, a one-sentence answer or a key
followed by a note; examples and tests: the table in :mod:`verifiers.math`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.math.boxes import braced_label, extract_reference
from verigrpo.verifiers.math.chains import bracketed_value
from verigrpo.verifiers.math.compare import approximates, nodes_equal
from verigrpo.verifiers.math.extract import extract_answer
from verigrpo.verifiers.math.fallback import _MATH_SPAN_RE
from verigrpo.verifiers.math.forms import prose_unit, qualified
from verigrpo.verifiers.math.nodes import (
    MAX_ANSWER_CHARS,
    Answers,
    Bracket,
    Choice,
    Expr,
    Node,
    Relation,
    Text,
)
from verigrpo.verifiers.math.normalize import normalize
from verigrpo.verifiers.math.parse import parse_answer
from verigrpo.verifiers.math.parts import labelled_tuples, numbered_parts
from verigrpo.verifiers.math.units import unit_word
from verigrpo.verifiers.math.vocab import GREEK


def same_alternatives(n: Node) -> bool:
    """``a or b (or ...)`` where every alternative equals the first: one answer, restated."""
    if not (isinstance(n, Answers) and n.connective == "or" and 2 <= len(n.items) <= 5):
        return False
    return all(nodes_equal(x, n.items[0]) for x in n.items[1:])


def _rounded_alternatives(n: Node) -> bool:
    """A key's ``a or b`` where ``a`` is exact and every other alternative a rounding of it (a decimal or a percent
    within 1 %): "7/15 또는 46.7%", "\\frac{1}{3} or 0.33"."""
    if not (isinstance(n, Answers) and n.connective == "or" and 2 <= len(n.items) <= 3):
        return False
    first = n.items[0]
    if not isinstance(first, Expr) or first.inexact or first.value.free_symbols or first.value == 0:
        return False
    for x in n.items[1:]:
        rounded = isinstance(x, Expr) and (x.inexact or x.marker == "percent") and not x.value.free_symbols
        if not rounded or not approximates(first, x, rel=0.01):
            return False
    return True


# a Greek letter's command glued to the letters after it, where the whole is no command ("\piG", "\omegat"): keys
# stored without their spaces (OlympiadBench's, Minerva's in the Qwen2.5-Math toolkit)
_GLUED_GREEK_RE = re.compile(rf"\\({'|'.join(sorted((*GREEK, 'pi', 'hbar', 'ell'), key=len, reverse=True))})(?=[A-Za-z])")


_DANGLING_RE = re.compile(r"(?<![A-Za-z])(?:or|and)[ \t.]*\Z")


def read_reference(reference: str) -> tuple[str, Node | None, str | None]:
    """The reference's answer text, its parse (None when it cannot be parsed) and the parse error.

    The answer is the reference's box(es) or the whole text (:func:`extract_reference`); a worked solution
    answers with its final answer (:func:`_solution_answer`)."""
    gold_text = _key_notation(extract_reference(reference))
    if _DANGLING_RE.search(gold_text):  # "answers are 3 or": a list cut off, no answer to compare with
        return gold_text, None, "the reference ends on a connective"
    bracketed = "(" in gold_text and len(gold_text) <= 200 and not _LETTER_IN_BRACKETS_RE.search(gold_text)
    restated = bracketed_value(gold_text) if bracketed else None
    if restated is not None and " or " not in restated:  # "8 (2^3)", "0.25 (1/4)": the key restated in brackets
        gold_text = restated
    gold_text = numbered_parts(gold_text) or gold_text  # "(1) -1/2; (2) ln 2": the parts' answers in order
    gold_text = labelled_tuples(gold_text) or gold_text  # "p=5,q=2;p=7,q=2": the tuples (5, 2), (7, 2)
    numbered = _NUMBERED_OPTION_RE.fullmatch(gold_text.strip())
    if numbered is not None:  # "(2) 100 คน", "(3) 60√3-60 เมตร": option 2 of an exam that numbers its options
        try:
            content: Node = parse_answer(prose_unit(numbered.group(2)) or numbered.group(2))  # "100 คน": 100
        except Exception:  # noqa: BLE001 - the option's text, when it is no maths
            content = Text(numbered.group(2).strip())
        return gold_text, Choice(numbered.group(1), content), None
    either = _key_alternatives(gold_text) if " | " in gold_text else None
    if either is not None:  # "s+3 | 3+s", "x+1 | 1+x | x + 1": a tutor's accepted forms of one answer
        return gold_text, either, None
    try:
        gold = parse_answer(gold_text)
        # "$\frac{\sqrt2\pi}{4}$ or $\frac{\pi}{2\sqrt2}$": one answer, restated; "7/15 또는 46.7%": a key's exact
        # value and its rounding, the exact one answers
        restated = same_alternatives(gold) or _rounded_alternatives(gold)
        return gold_text, gold.items[0] if restated else _listed_values(gold), None  # type: ignore[union-attr]
    except Exception as e:  # noqa: BLE001 - an unparsable reference is reported, not raised
        labelled = braced_label(gold_text)
        if labelled is not None:  # "8\sqrt{3}{squareinches}": the value, then its unit label
            try:
                return labelled, parse_answer(labelled), None
            except Exception:  # noqa: BLE001
                pass
        spaced = _GLUED_GREEK_RE.sub(r"\\\1 ", gold_text) if "\\" in gold_text else gold_text
        if spaced != gold_text:  # "\sqrt{4\piG\rho_{0}}", "\cos(\omegat)": a key with its spaces taken out
            try:
                return spaced, parse_answer(spaced), None
            except Exception:  # noqa: BLE001
                pass
        balanced = _without_stray_closing_braces(gold_text)
        if balanced is not None:  # "$18\sqrt{3}}$": a key with a stray closing brace
            try:
                return balanced, parse_answer(balanced), None
            except Exception:  # noqa: BLE001
                pass
        worded = prose_unit(gold_text) if not gold_text.isascii() else None
        if worded is not None:  # "13 اینچ مربع", "10 درصد": a number and its unit in words of another script
            try:
                return gold_text, parse_answer(worded), None
            except Exception:  # noqa: BLE001
                pass
        tidied = _tidied_key(gold_text)
        if tidied is not None:  # "\quad 20.8$ acre-ft", "$10^{5} \mathrm{MW}$ (!).": a key's OCR debris
            try:
                return tidied, parse_answer(tidied), None
            except Exception:  # noqa: BLE001
                pass
        solution_answer = (
            _operator_named(gold_text)
            or _solution_answer(gold_text)
            or _reference_sentence(gold_text)
            or _before_note(gold_text)
            or _before_explanation(gold_text)
            or _one_span_in_prose(gold_text)
        )
        if solution_answer is not None:  # a worked solution or a sentence as the reference: its answer
            return solution_answer[0], solution_answer[1], None
        return gold_text, None, str(e) or type(e).__name__


_KEY_BAR_RE = re.compile(r"(?<![ \t])[ \t]+\|[ \t]+")


def _key_alternatives(gold_text: str) -> Node | None:
    """A key that lists the forms it accepts between spaced bars, every one the same value ("s+3 | 3+s", "0.5 |
    1/2"): the first; None otherwise (bars of an absolute value are not spaced on both sides: "|x - 1|")."""
    forms = _KEY_BAR_RE.split(gold_text)
    if len(forms) < 2 or len(forms) > 5 or not all(f.strip() for f in forms):
        return None
    try:
        either = parse_answer(" or ".join(f"({f.strip()})" if "," not in f else f.strip() for f in forms))
    except Exception:  # noqa: BLE001 - not forms of one answer
        return None
    return either.items[0] if same_alternatives(either) else None  # type: ignore[union-attr]


def _without_stray_closing_braces(text: str) -> str | None:
    """``text`` without the closing braces at its end that no opening brace matches ("$18\\sqrt{3}}$" ->
    "$18\\sqrt{3}$"); None when it has none."""
    body = text.strip()
    dollars = body.startswith("$") and body.endswith("$") and len(body) > 1
    inner = body.strip("$") if dollars else body
    extra = inner.count("}") - inner.count("{")
    if extra <= 0 or not inner.endswith("}" * extra):
        return None
    inner = inner[:-extra]
    return f"${inner}$" if dollars else inner


def _listed_values(gold: Node) -> Node:
    """``x = [-1, -2]``: a key that sets a variable equal to a square-bracketed list (a program's list of roots) lists
    its values, ``x = -1, x = -2`` (an interval would be ``x \\in [a, b]``); any other key as it is."""
    if not (isinstance(gold, Relation) and gold.label and gold.ops == ("=",)):
        return gold
    side = gold.sides[1]
    if not (isinstance(side, Bracket) and side.open == "[" and side.close == "]" and 2 <= len(side.items) <= 20):
        return gold
    if not all(isinstance(x, Expr) for x in side.items):
        return gold
    return Answers(tuple(Relation(("=",), (gold.sides[0], x), True, gold.name) for x in side.items), ",")


# an option numbered in brackets, then its content: Thai O-NET's "(2) 100 คน" (never the product 2 * 100)
_NUMBERED_OPTION_RE = re.compile(r"\(([1-9])\)[ \t]+(\S[^\n]{0,200})")
# answer-key notations of exam datasets (GAOKAO-Bench): "\frac{3}{10} \# \# 0.3" lists accepted forms of one answer;
# "0. 98." is 0.98 with a space and a full stop from the typesetting
_KEY_ALTERNATIVES_RE = re.compile(r"[ \t]{0,8}(?:\\#|#)[ \t]{0,8}(?:\\#|#)[ \t]{0,8}")  # bounded blanks: linear
_SPACED_DECIMAL_RE = re.compile(r"\s*(-?\d+)\.\s+(\d+)\s*\.?\s*")


def _key_notation(gold_text: str) -> str:
    if "#" in gold_text and not gold_text.lstrip().startswith("#"):
        parts = [p for p in _KEY_ALTERNATIVES_RE.split(gold_text) if p.strip()]
        if len(parts) > 1:
            return " or ".join(parts)
    m = _SPACED_DECIMAL_RE.fullmatch(gold_text)
    if m is not None:
        return f"{m.group(1)}.{m.group(2)}"
    other = _OR_IN_BRACKETS_RE.fullmatch(gold_text) if len(gold_text) <= 200 else None
    if other is not None and _same_value_forms(other.group(1), other.group(2)):
        return f"{other.group(1)} or {other.group(2)}"
    return gold_text


def _same_value_forms(a: str, b: str) -> bool:
    """``a`` and ``b`` are one value in two forms, a percent of it or a rounding (within 1 %): "0.507" and "50.7%",
    "\\frac{1}{4}" and "0.25" (not "12" and "13": a key that offers two values is no key of one)."""
    try:
        x, y = parse_answer(normalize(a)), parse_answer(normalize(b))
    except Exception:  # noqa: BLE001 - a form that does not parse is no restatement
        return False
    if not (isinstance(x, Expr) and isinstance(y, Expr)) or x.value.free_symbols or y.value.free_symbols:
        return False
    values = [n.value / 100 if n.marker == "percent" else n.value for n in (x, y)]
    return values[0] != 0 and abs(values[0] - values[1]) <= abs(values[0]) / 100


_LETTER_IN_BRACKETS_RE = re.compile(r"\([ \t]*[A-Za-z][ \t]*\)")  # "Choice (A).": an option, not a restatement
# a key and another form of it in brackets: "0.507 (or 50.7%)", "\frac{1}{4} (or 0.25)"
_OR_IN_BRACKETS_RE = re.compile(r"\s*([^()]+?)\s*\(\s*or\s+([^()]+?)\s*\)\s*\.?\s*")


_CJK_RE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_NOTE_OPEN_RE = re.compile(r"\\left\s*\(|[(（]")


# an explanation after the key: ", where $\lfloor \quad \rfloor$ denotes the floor function", "(Note: any answer ...)"
# (not a "where" that defines a symbol of the key: ", where $\varphi = ...$", ", where $b$ is an arbitrary integer")
_EXPLANATION_RE = re.compile(
    r"(?:,\s*where\b(?=[^=\n]{0,80}\b(?:denotes?|means|stands\s+for|is\s+the\s+notation)\b)|\(\s*note\s*:"
    r"|\\text(?:it|bf)?\s*\{\s*\(?\s*note\s*:)",
    re.I,
)


def _before_explanation(reference: str) -> tuple[str, Node] | None:
    """A key followed by a clause or a note that explains it (", where ... denotes the floor function", "(Note: any
    answer conveying ``infinite'' is accepted.)"): the key before it, when that parses; None otherwise."""
    m = _EXPLANATION_RE.search(reference)
    if m is None or m.start() == 0:
        return None
    head = reference[: m.start()].strip()
    try:
        return head, parse_answer(head)
    except Exception:  # noqa: BLE001 - still unreadable
        return None


def _before_note(reference: str) -> tuple[str, Node] | None:
    """A key followed by a note in brackets, written in Chinese: "$\\frac{5\\pi}{12}$ （满足 ... 即可)",
    "$f(x)=x^4$ (答案不唯一, ...)": the value before the bracket that opens the note (the last one before its
    first CJK character), when that parses; None otherwise."""
    first = _CJK_RE.search(reference)
    if first is None:
        return None
    opens = list(_NOTE_OPEN_RE.finditer(reference, 0, first.start()))
    if not opens:
        return None
    head = reference[: opens[-1].start()].strip()
    if head.count("$") % 2:  # the bracket was inside "$...$": close it
        head += "$"
    if not head or _CJK_RE.search(head):
        return None
    try:
        return head, parse_answer(head)
    except Exception:  # noqa: BLE001 - still unreadable
        return None


_PROSE_RE = re.compile(r"[A-Za-z][A-Za-z ,.:;'-]{0,200}")


def _one_span_in_prose(reference: str) -> tuple[str, Node] | None:
    """A key written as a sentence around one math span, with no number outside it: "Show that $a=2$.", "Prove
    that \\(k = -\\frac78\\)." (Putnam's and proof sets' keys): the span, when it parses; None otherwise."""
    spans = list(_MATH_SPAN_RE.finditer(reference[:2_000]))
    if len(spans) != 1:
        return None
    outside = (reference[: spans[0].start()] + " " + reference[spans[0].end() :]).strip()
    if not _PROSE_RE.fullmatch(outside) or re.search(r"\band\b", outside, re.I) or qualified(outside):
        return None  # ("at least $5$", "not $5$", "$3$ or more": no one value)
    answer = next(g for g in spans[0].groups() if g)
    try:
        return answer, parse_answer(answer)
    except Exception:  # noqa: BLE001 - still unreadable
        return None


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


_ANSWER_WORD_RE = re.compile(r"\banswers?\b", re.I)


def _solution_answer(reference: str) -> tuple[str, Node] | None:
    """A reference that is a worked solution (several sentences, no box) answers with what the
    extraction rules read in it ("... Final Answer: The final answer is $28\\%$."), without the
    last-number fallback; None when it is not prose or no rule reads an unhedged answer. A short sentence
    ("answer is 0.6666667", "the answer is 12") is read only by its one "answer is" phrase."""
    short = len(reference.split()) < 6
    if short and len(_ANSWER_WORD_RE.findall(reference)) != 1:
        return None
    ex = extract_answer(reference, last_number_fallback=False)
    rules = ("answer_is",) if short else ("answer_is", "gsm8k", "boxed")
    if ex.answer is None or ex.hedged or ex.rule not in rules:
        return None
    try:
        return ex.answer, parse_answer(ex.answer)
    except Exception:  # noqa: BLE001 - still unreadable
        return None


# a one-sentence reference: "Choice (A).", "Option B", "The number is 4.", "x is 5."
_REFERENCE_SENTENCE_RE = re.compile(
    r"\s*(?:(?:the\s+)?(?:correct\s+)?(?:choice|option)\s*:?\s*(\(?[A-Za-z]\)?)"
    # words before the verb may hold inline maths: "The smallest integer \\( k \\) is 2022."
    r"|(?:(?:[A-Za-z][A-Za-z']*|\\\(.{1,40}?\\\)|\$[^$]{1,40}\$)\s+){1,12}(is|are|equals)\s+([^.;]+?))\s*\.?\s*",
    re.I,
)


# debris around a key copied from a scanned solution: a spacing command before it, a lone "$", a closing "." or a
# note in brackets without maths after it ("(!)", "(abs)", "(approx.)")
_LEADING_SPACE_RE = re.compile(r"\A(?:\s|\\(?:q?quad|[,;: ])(?![A-Za-z]))+")
_TRAILING_NOTE_RE = re.compile(r"[ \t]{0,4}(?:\((?:!|\?|[A-Za-z]{1,12}\.?)\)|\.)[ \t]{0,4}\Z")  # (one at a time)


def _tidied_key(reference: str) -> str | None:
    """``reference`` without the debris above (a lone ``$`` dropped with its partner-less delimiters; a unit in
    brackets, "(m)", stays); None when there is none."""
    s = _LEADING_SPACE_RE.sub("", reference).rstrip()
    for _ in range(3):  # "(!)." is two notes
        note = _TRAILING_NOTE_RE.search(s, max(0, len(s) - 40))
        if note is None or unit_word(note.group().strip().strip("()")):
            break
        s = s[: note.start()].rstrip()
    if s.count("$") % 2 == 1:
        s = s.replace("$", " ")
    s = s.strip()
    return s if s and s != reference.strip() else None


# an operator that names the quantity a key states: "\int_x^\infty e^{-a t^b}\,dt \sim \frac{...}{...}"
_OPERATOR_RE = re.compile(r"\\(?:[io]{0,3}int|sum|prod|lim)(?![A-Za-z])")
_KEY_RELATION_RE = re.compile(r"\\(?:sim|simeq|approx)(?![A-Za-z])|[=≈∼]")


def _operator_named(reference: str) -> tuple[str, Node] | None:
    """A key that names its quantity by an integral, sum, product or limit the parser cannot evaluate, then states
    it ("\\int_{x}^{\\infty} e^{-a t^b} \\, dt \\sim \\frac{e^{-a x^b}}{a b x^{b-1}}", HARDMath's asymptotic keys):
    the side after its last relation outside braces, when that side parses as an expression; None otherwise."""
    if "\\" not in reference or len(reference) > MAX_ANSWER_CHARS or _OPERATOR_RE.search(reference) is None:
        return None
    depth, cut = 0, None
    for i, ch in enumerate(reference):
        depth += (ch == "{") - (ch == "}")
        if depth == 0 and (m := _KEY_RELATION_RE.match(reference, i)) is not None:
            cut = (i, m.end())
    if cut is None or _OPERATOR_RE.search(reference, 0, cut[0]) is None:
        return None
    side = reference[cut[1] :].strip().rstrip(".").strip()
    if _OPERATOR_RE.search(side) is not None:
        return None
    try:
        node = parse_answer(side)
    except Exception:  # noqa: BLE001 - no expression after it
        return None
    return (side, node) if isinstance(node, Expr) else None


def _reference_sentence(reference: str) -> tuple[str, Node] | None:
    """A reference that is one short sentence naming its answer: an option ("Choice (A).") or "<words> is
    <value>" ("The number is 4."); None for anything else or a value that does not parse."""
    m = _REFERENCE_SENTENCE_RE.fullmatch(reference)
    if m is None or _ANSWER_WORD_RE.search(reference):  # "the answer is ..." is read by its own rules
        return None
    answer = re.sub(r"\\[()]|\$", " ", m.group(1) or m.group(3)).strip()
    if m.group(2) and m.group(2).lower() == "are":  # "... are \\( n = 3 \\) and \\( n = 4 \\)": a list
        answer = re.sub(r"\s*,?\s*\band\b\s*", ", ", answer)
    if re.search(r"\b(?:or|and|not)\b", answer, re.I):  # "3 or 4", "not 3": no one answer
        return None
    try:
        return answer, parse_answer(answer)
    except Exception:  # noqa: BLE001 - still unreadable
        return None


