"""Extraction, the ``<answer>`` block: the answer of the last block (:func:`tag_answer`), read with the extraction's
other rules inside it (several blocks that disagree are a hedge, as several boxes are; an option and its text are one
answer; a block written as a sentence is read as after "Final Answer:"), and a box after the block with another
value (:func:`other_box`). Out of extract.py, which calls it with its own reader.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from verigrpo.verifiers.math.boxes import (
    _MAX_BLOCKS,
    _TAG_CLOSE,
    _TAG_OPEN,
    Extraction,
    _answer_tag_blocks,
    _boxed_contents,
)
from verigrpo.verifiers.math.forms import numeral_key, qualified
from verigrpo.verifiers.math.laterbox import revised_between
from verigrpo.verifiers.math.markers import _INNER_DOLLAR_RE, _distinct, _equiv_safe
from verigrpo.verifiers.math.nodes import Choice
from verigrpo.verifiers.math.normalize import normalize
from verigrpo.verifiers.math.parts import numbered_parts
from verigrpo.verifiers.math.sentences import _STATED_RE, LEAD_WORD_RE, parsed, parses, sentence_answer, words

Reader = Callable[[str, bool, frozenset[str]], Extraction]  # (text, last_number_fallback, givens) -> its answer

_INNER_TAG_RE = re.compile(r"</?answer>", re.I)
_OPTION_LEAD_RE = re.compile(r"\(?[A-J](?:\)|[.:])\s")  # an option label that leads an answer: "D. ", "(B) ", "C: "
_NUMERAL_RE = re.compile(r"(?<![\w.,])-?\d[\d,]*(?:\.\d+)?(?![\w,]*\d)")
_SENTENCE_BREAK_RE = re.compile(r"(?<=[a-z\d)][.!])[ \t]+(?=[A-Z])")  # between two sentences: "... = 8,000. Therefore"
_MARKER_ONLY_RE = re.compile(r"(?:the\s+)?(?:final\s+)?answer(?:\s+is)?\s*[:：]?|答案\s*[:：]?", re.I)


# an answer that opens with "not equal to", or "not" before a number: "<answer>\neq \{2, 3, 5, 7\}</answer>",
# "\boxed{\lnot 72}" (not a formula of logic: "\neg p \lor q")
NOT_EQUAL_LEAD_RE = re.compile(r"\A[ \t$]*(?:\\neq?(?![A-Za-z])|≠|!=|=/=|(?:\\(?:lnot|neg)(?![A-Za-z])|¬)[ \t]*(?=-?\d))")


def tag_answer(text: str, content: str, last_number_fallback: bool, givens: frozenset[str], read: Reader) -> Extraction:
    """The answer of the last ``<answer>`` block, ``content``: the other rules (``read``, the extraction's own reader),
    applied inside it."""
    opened = [_INNER_TAG_RE.sub("", p).strip() for p in re.split(re.escape(_TAG_OPEN), content, flags=re.I)]
    opened = [p for p in opened if p and not _MARKER_ONLY_RE.fullmatch(p)]  # "<answer> Answer: <answer>16": 16
    if len(opened) > 1:  # "<answer> 10 <answer>10</answer>": an opening tag written twice
        distinct = _distinct(opened)
        if len(distinct) > 1:
            return Extraction(opened[-1], "answer_tag", True, "several different <answer> blocks", tuple(distinct))
        content = opened[-1]
    content = _INNER_TAG_RE.sub("", content).strip()  # "<answer><answer>42</answer></answer>": 42
    blocks = [b for b in _answer_tag_blocks(text) if b]
    if len(blocks) > _MAX_BLOCKS:  # spam; and comparing them pairwise would be quadratic
        return Extraction(content or None, "answer_tag", True, f"over {_MAX_BLOCKS} <answer> blocks")
    # (blocks written as sentences by the value they state: "She will earn 84 cents.", "The answer is 84 cents.")
    values = [sentence_answer(b.rstrip("."), givens) if re.search(r"[^\W\d_]{2}", b) else b for b in blocks]
    distinct = _distinct(values) if len(blocks) > 1 else []
    if len(distinct) > 1 and revised_between(_between_last_blocks(text)):
        distinct = []  # "<answer>111</answer> wait, <answer>137</answer>": the later block takes the earlier back
    if len(distinct) > 1:  # "<answer>133</answer><answer>132</answer>": two answers, as two boxes are
        return Extraction(content or None, "answer_tag", True, "several different <answer> blocks",
                          tuple(distinct), scope=content or None)
    # (the fallbacks never pick one number out of a grid, a sequence or a clock time, "1 6 0 0",
    # "2 3", "06:09": then the whole content is the answer)
    parts = numbered_parts(content)
    if parts is not None:  # "（1）$-\frac{1}{2}$；（2）$\ln 2$": each part's answer, in order
        return Extraction(parts, "answer_tag", scope=content)
    if _OPTION_LEAD_RE.match(content) and "\n" not in content:
        # "<answer>D. $\frac{4}{5}$</answer>": an option and its text in maths, one answer (not the maths alone)
        option = " ".join(_INNER_DOLLAR_RE.sub(" ", content).split())
        if isinstance(parsed(option), Choice):
            return Extraction(option, "answer_tag", scope=content)
    inner = read(content, last_number_fallback, givens)
    if inner.answer is None:
        return Extraction(content or None, "answer_tag" if content else None, scope=content or None)
    lines = [ln.strip() for ln in content.splitlines() if ln.strip()] if inner.rule in ("last_number", "last_equation") else []
    counts = [_NUMERAL_RE.findall(ln) for ln in lines]
    worded = [bool(re.search(r"[^\W\d_]{2}", ln)) for ln in lines]  # (a line of words, not a bare value)
    if (
        len(lines) > 1
        and all(len(c) == 1 for c in counts)
        and len({numeral_key(c[0]) for c in counts}) > 1
        and worded[-1]  # (not "2\n3\n5", a list one per line, nor "... is 26 apples.\n27", read below)
    ):
        # "<answer>\nShe has 11 left.\nTotal was 12.\n</answer>", "11\n\nTotal: 12": a block of lines, each its own
        # number (not one line's sentences, where the last concludes: "June was $440. The total ... was $940")
        return Extraction(content, "answer_tag", True, "the answer block states several values", scope=content)
    if inner.rule in ("last_number", "last_equation", "last_latex", "last_expression") and (
        (qualified(content) and len(_SENTENCE_BREAK_RE.split(content.strip())) == 1) or NOT_EQUAL_LEAD_RE.match(content)
    ):
        # "<answer>half of 476 dollars</answer>", "476 squared", "12 divided by three": the words make another
        # number of the last one; "\text{not } \frac{1}{6}", "\neq \{2, 3\}": they negate it; the block as a whole
        # is the answer (unparsable, or a hedge for "5 or 6"); in a paragraph of working, its conclusion is read below
        return Extraction(content, "answer_tag", scope=content)
    if inner.rule in ("last_number", "last_equation") and (
        words(content) or numeral_key(inner.answer) in givens
    ):
        # the block is a sentence stating the answer: read as after "Final Answer:" (its "is", or its one
        # number), never the last of several numbers ("14 bags with 2 lollipops in each bag"), nor a number the
        # question gives ("Ann spends $36 on 4 bottles", the question giving the 4); a block of
        # several lines states it on its last line ("... by the number of tables (5).\n\n45")
        lines = [ln.strip() for ln in content.splitlines() if ln.strip()]
        if len(lines) > 1:
            last = sentence_answer(lines[-1].rstrip(".").lstrip("= \t"), givens)  # ("= 3.27E-22 g": a chain's last side)
            stated = {numeral_key(m.group(1)) for ln in lines[:-1] for m in _STATED_RE.finditer(ln)}
            lead = re.match(r"\$?(-?\d[\d,]*(?:\.\d+)?)", last)  # "16 years": 16
            chained = lines[-1].startswith("=")  # ("... is 197 g/mol ...\n= 197 / 6.02E23\n= 3.27E-22 g": working's end)
            if stated - {numeral_key(lead.group(1) if lead else last)} and not chained:  # "is 26 apples.\n27": two
                last = ""
            if last and parses(last) and not words(last):
                return Extraction(last, "answer_tag+sentence", scope=content)
        said = _SENTENCE_BREAK_RE.split(content.strip())
        if len(said) > 1 and LEAD_WORD_RE.match(said[-1]):
            # "Solving this equation, we get 11H = 88,000, so H = 8,000. Therefore, Harald sold 8,000 copies.": the
            # working, then the sentence that concludes it
            last = sentence_answer(said[-1].rstrip("."), givens)
            if re.search(r"\d", last) and parses(last) and not words(last):
                return Extraction(last, "answer_tag+sentence", scope=content)
        stated = sentence_answer(content.rstrip("."), givens)
        if len(said) > 1 and not parses(stated) and parses(inner.answer):
            # a paragraph of working in the block ("... 12 * 35 = 420 people in the buses. Therefore, the total ... is
            # 60 + 420 = 480 people."): read as a whole completion is, by its fallback
            return dataclasses.replace(inner, rule=f"answer_tag+{inner.rule}", scope=content)
        return Extraction(stated, "answer_tag+sentence", scope=content)
    rule = "answer_tag" if inner.rule == "whole" else f"answer_tag+{inner.rule}"
    return dataclasses.replace(inner, rule=rule, scope=content)


def _between_last_blocks(text: str) -> str:
    """The text between the last two ``<answer>`` blocks (the closing tag of one, the opening tag of the next)."""
    low = text[-20_000:].lower()
    last_open = low.rfind(_TAG_OPEN)
    prev_close = low.rfind(_TAG_CLOSE, 0, last_open)
    return text[-20_000:][prev_close + len(_TAG_CLOSE) : last_open] if prev_close >= 0 else ""


def other_box(after: str, answer: str) -> str | None:
    """A reason when a box after the answer holds another value ("<answer>4</answer> ... \boxed{5}"), else None."""
    for content in _boxed_contents(after[:2_000])[-5:]:
        if not _equiv_safe(normalize(content), normalize(answer)):
            return "another boxed answer after the answer"
    return None
