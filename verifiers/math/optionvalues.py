"""The question's options read against an answer's value (for :mod:`verifiers.math.verifier`): the option a value is
the content of ("(C) 6" for 6), the value a question's option letter stands for, a value glossed with a letter or a
letter glossed with a value ("29 (B)", "C, which is 33") that the question's options contradict, and the letters a
completion names beside its value ("\\boxed{3} (B)", "3 → B", "So (B).").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.math.choices import labelled_contents, option_lead_content, option_letter
from verigrpo.verifiers.math.compare import nodes_equal
from verigrpo.verifiers.math.nodes import Choice, Expr, Node, ParseError, Text
from verigrpo.verifiers.math.normalize import normalize
from verigrpo.verifiers.math.parse import parse_answer
from verigrpo.verifiers.math.question import option_content
from verigrpo.verifiers.math.sentences import parsed


def option_of_value(completion: str, pred: Node | None) -> str | None:
    """The one option letter the completion writes with the answer's value as its content ("(C) 6" for the answer
    6); None when no label, or labels of two letters, carry that value."""
    if not isinstance(pred, Expr):
        return None
    letters = set()
    for letter, content in labelled_contents(completion):
        node = parsed(normalize(content))
        if isinstance(node, Expr) and nodes_equal(node, pred):
            letters.add(letter)
    return letters.pop() if len(letters) == 1 else None


# an option chosen in a sentence of its own: "So (B).", "Thus B.", "The answer is (B)."
CHOSE_LETTER_RE = re.compile(r"\b(?i:so|hence|thus|answer[ \t]+is)[ \t]+\(?([A-J])\)?[ \t]*[.!](?:[ \t]|$)")
# an option letter named after the answer's value: "(B)", "option B", "→ B", "which is B"
LETTER_NAMED_RE = re.compile(
    r"\((?:option[ \t]+)?([A-J])\)|(?:\boption|\bchoice|→|\bwhich[ \t]+is|\bi\.e\.,?)[ \t]+\(?([A-J])\b"
    r"|\b(?:so|hence|thus)[ \t]+\(?([A-J])\)?(?=[ \t]*(?:[.,;!]|$))"  # "3, so B."
)

# an option letter that leads the answer's own clause before its value: "B, which is 3", "(B) that is 3", "B: 3"
LETTER_LEADS_RE = re.compile(r"^[ \t]*(?:option[ \t]+)?(?:\(([A-J])\)|([A-J])[,.:)])(?![A-Za-z])")


def contradicts_option(pred: Choice, row: Mapping[str, Any]) -> bool:
    """The value written after the chosen letter is a number or an expression that the question's own option of that
    letter is not (both must parse; a wording of the option is never a contradiction); or it is word for word
    another option's content and not its own ("(B) gluon" where the question's option A is "gluon", B "photon")."""
    if isinstance(pred.value, Expr):
        option = option_value(row, pred.letter)
        if isinstance(option, Expr):
            return not nodes_equal(pred.value, option)
    return _another_options(pred.value, pred.letter, row)


def another_options_content(row: Mapping[str, Any], letter: str, written: str) -> bool:
    """``written`` after option ``letter`` ("B. gluon", "**B** (45 km/h)") is word for word another option's content
    and not its own: the letter and its content name two options."""
    written = written.replace("*", "").strip(" \t.:;,")
    if written.startswith("(") and written.endswith(")") or written.startswith("(") and ")" not in written:
        written = written.strip("()").strip()
    value = parsed(normalize(written)) if written and len(written) <= 200 else None
    return value is not None and _another_options(value, letter, row)


def _another_options(value: Node, letter: str, row: Mapping[str, Any]) -> bool:
    """``value``, written after option ``letter``, says another option's content and not its own."""
    own = option_content(row, letter.upper())
    if own is None or _same_content(value, own):
        return False
    others = (option_content(row, other) for other in "ABCDEFGHIJ" if other != letter.upper())
    return any(content is not None and _same_content(value, content) for content in others)


def _words(text: str) -> list[str]:
    """The words of ``text``, in lower case, without articles: "The Photon" and "photon" say one content."""
    return [w for w in re.findall(r"\w+", text.lower()) if w not in ("the", "a", "an")]


def _same_content(value: Node, content: str) -> bool:
    """``value`` (what an answer writes after a letter) says an option's ``content`` as it is: the same words, in
    any case and spacing, or the same expression."""
    if isinstance(value, Text):
        return _words(value.text) == _words(content)
    node = parsed(normalize(content)) if len(content) <= 200 else None
    return node is not None and not isinstance(node, Text) and nodes_equal(value, node)


# the one value that glosses an option letter, after option_lead_content's letter: "which is 33", "33", "(which is
# 21)", "i.e. 33", "= 33"
_GLOSS_RE = re.compile(
    r"\(? ?(?:(?:which|that) (?:is|equals) |i\.? ?e\.?,? |namely |= )?\$?(-?\d+(?:\.\d+)?(?:/\d+)?)\$? ?\)? ?\.? ?"
)


def glossed_value(scope: str) -> tuple[str, str] | None:
    """The option letter and the one value glossing it in an answer's line ("C, which is 33" -> ("c", "33")); None
    for anything else ("C, because 33 is composite" gives a reason, not the option's value)."""
    lead = option_lead_content(scope) if len(scope) <= 80 else None
    gloss = _GLOSS_RE.fullmatch(re.sub(r"\s+", " ", lead[1].strip())) if lead is not None else None
    return (lead[0], gloss.group(1)) if gloss is not None else None


# a value, then the option letter it names: "29 (B)", "29, option B", "29，选B", "**29 (B)**", "29 (choice B)."
# (after a sign or a dash, in LaTeX's spacing, with "which is", a Chinese or Japanese word: "29 = B", "29 → B",
# "29 — option (B)", "29\ (B)", "29, which is option B.", "29 — that's choice B.", "29，B项。", "29 (B は正解)")
_LETTERED_VALUE_RE = re.compile(
    r"[ \t*$]*(-?\d+(?:\.\d+)?(?:/\d+)?)[ \t*$]*(?:\\[ ,;:][ \t]*)?(?:(?:[,，;=→—–]|->)[ \t]*)?"
    r"(?:(?:which[ \t]+is|that['’]?s|i\.e\.)[ \t]+)?(?:\([ \t]*(?:(?:option|choice)[ \t]+)?((?-i:[A-J]))[ \t]*(?:は正解)?\)"
    r"|(?:(?:option|choice|选项?)[ \t]*)?\(?((?-i:[A-J]))\)?(?:[ \t]*项)?)[ \t*.。]*",
    re.I,
)


def lettered_value(answer: str) -> tuple[str, str] | None:
    """The option letter and the value written before it ("29 (B)" -> ("b", "29")); None for anything else."""
    m = _LETTERED_VALUE_RE.fullmatch(answer) if len(answer) <= 60 else None
    return ((m.group(2) or m.group(3)).lower(), m.group(1)) if m is not None else None


def option_value(row: Mapping[str, Any], letter: str) -> Node | None:
    """The question's option ``letter`` read as a value; None when the question lists no such option or it is no
    value."""
    stated = option_content(row, letter)
    if stated is None:
        return None
    try:
        return parse_answer(normalize(stated))
    except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
        return None


def same_option(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A letter against a value, or a value against a letter, where the question's options tie them: the letter's
    option is the value, and (a value against a letter) no other option is."""
    pred_letter, gold_letter = option_letter(pred), option_letter(gold)
    if (pred_letter is None) == (gold_letter is None) or isinstance(pred, Choice) or isinstance(gold, Choice):
        return False
    if pred_letter is not None:
        option = option_value(row, pred_letter)
        return option is not None and nodes_equal(option, gold)
    agree = [x for x in "abcdefghij" if (option := option_value(row, x)) is not None and nodes_equal(option, pred)]
    return agree == [gold_letter]
