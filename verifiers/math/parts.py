"""Answers in parts: groups of named values read as solution tuples (:func:`labelled_tuples`), the labelled parts of a
multi-part answer in order (:func:`numbered_parts`, :func:`numbered_lines`). Out of forms.py.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.normalize import strip_math_delimiters

# one "name = value" of a group: "p=5", "x_1 = -2", "y_{2}=\frac12"
_LABELLED_ITEM_RE = re.compile(r"\s*([A-Za-z](?:_\{?\w+\}?)?)\s*=\s*([^=,;]+?)\s*")


def labelled_tuples(answer: str) -> str | None:
    """``p=5,q=2;p=7,q=2`` (solutions as groups of named values, separated by ";", each group naming
    the same unknowns in the same order) -> ``(5, 2), (7, 2)``: the solution tuples. None for
    anything else."""
    body = strip_math_delimiters(answer)
    if ";" not in body or len(body) > 500:
        return None
    names: tuple[str, ...] | None = None
    tuples = []
    for group in body.split(";"):
        matches = [_LABELLED_ITEM_RE.fullmatch(item) for item in group.split(",")]
        if len(matches) < 2 or not all(matches):
            return None
        group_names = tuple(m.group(1) for m in matches)  # type: ignore[union-attr]
        if names is None:
            names = group_names
        elif group_names != names:
            return None
        tuples.append("(" + ", ".join(m.group(2) for m in matches) + ")")  # type: ignore[union-attr]
    if names is None or len(set(names)) != len(names):
        return None
    return ", ".join(tuples)


# a part label of a multi-part answer: "(1)", "（2）", "(3).", in Roman numerals "(Ⅰ)", "(II)", "(iii)", and in
# letters "(a)", "(b)"
_PART_NAMES = r"[1-9]|[ⅠⅡⅢⅣⅤⅥⅰⅱⅲⅳⅴⅵ]|I{1,3}|IV|VI?|i{1,3}|iv|vi?|[a-h]"
PART_LABEL_RE = re.compile(rf"[(（]\s*({_PART_NAMES})\s*[)）]\s*[.:：]?")
# the label of a part that a box answers, on the box's line: the forms above, in capitals too ("(B)"; not where the
# question lists options: the key is then a letter, not a list of parts), in square brackets, "Part b:", "**Part 2.**",
# and "b)", "b." after a space; not an argument ("f(a) = \boxed{3}", "P(B)")
BOX_PART_LABEL_RE = re.compile(
    rf"(?<![\w\\^_])[(（\[]\s*({_PART_NAMES}|[A-H])\s*[)）\]]|\b[Pp]art\s+({_PART_NAMES}|[A-H])\b"
    rf"|(?:(?<=\s)|^)([a-h])[.)](?=\s)"  # "b) \boxed{3} a) \boxed{5}", "b. ..." (a number so is a sentence's end)
)
# ... or the line opens with it: "1. $\boxed{5}$", "b) \boxed{3}", "**2.** ..." (not "1.5", "i.e.")
LINE_PART_LABEL_RE = re.compile(rf"(?<![ \t>*#])[ \t>*#]*({_PART_NAMES})[.)](?!\w)")
_TEXT_LABEL_RE = re.compile(r"\\(?:text|textbf|mathrm)\s*\{\s*([(（][^{}()（）]{1,4}[)）][.:：]?)\s*\}")
_ROMAN_PARTS = {r: k + 1 for k, r in enumerate(("I", "II", "III", "IV", "V", "VI"))}
_ROMAN_PARTS |= {chr(0x2160 + k): k + 1 for k in range(6)} | {chr(0x2170 + k): k + 1 for k in range(6)}


# a part label in a question: "(a)", "(ii)", "Part 2", or "1." opening a line
_QUESTION_PART_RE = re.compile(
    rf"(?<![\w\\^_])[(（]\s*({_PART_NAMES})\s*[)）]|\b[Pp]art\s+({_PART_NAMES})\b|^[ \t>*#]*([1-9])[.)](?!\w)", re.M
)


def question_part_texts(question: str) -> list[str]:
    """The text of each part of a question in labelled parts (:func:`question_parts`), in order; [] otherwise."""
    labels = list(_QUESTION_PART_RE.finditer(question[:5_000]))
    if len(labels) < 2 or [label_number(m) for m in labels] != list(range(1, len(labels) + 1)):
        return []
    return [question[m.end() : nxt.start() if nxt is not None else 5_000] for m, nxt in zip(labels, [*labels[1:], None])]


def question_parts(question: str) -> int:
    """How many parts ``question`` asks in, labelled (a), (b), ... or (1), (2), ... or "1." "2." at the lines' starts,
    each once and in order from the first ("(a) Find x. (b) Find y." -> 2); 0 for a question not in parts."""
    numbers = [label_number(m) for m in _QUESTION_PART_RE.finditer(question[:5_000])]
    return len(numbers) if len(numbers) >= 2 and numbers == list(range(1, len(numbers) + 1)) else 0


def label_number(m: re.Match[str]) -> int:
    """:func:`part_number` of a match of one of the label patterns above (its one group that matched)."""
    return part_number(next(g for g in m.groups() if g is not None))


def part_number(label: str) -> int:
    """A part label's place in its series, from 1: "2" and "ii" and "b" are 2; 0 for no label."""
    if label.isdigit():
        return int(label)
    roman = _ROMAN_PARTS.get(label.upper(), _ROMAN_PARTS.get(label, 0))
    return roman or (ord(label.lower()) - ord("a") + 1 if "a" <= label.lower() <= "h" else 0)
_PART_SEPARATORS = " \t\n;；,，.。$"


def numbered_parts(answer: str) -> str | None:
    """``（1）$-\frac{1}{2}$；（2）$\\ln 2$`` (the parts of a multi-part answer, labelled (1), (2), ... in order) ->
    ``-\frac{1}{2}; \\ln 2``: the parts' answers, in order, separated by ";" (compared blank by blank). None when
    the labels are not (1), (2), ... from the start, or a part is empty."""
    if len(answer) > 2_000 or "(" not in answer and "（" not in answer:
        return None
    answer = _TEXT_LABEL_RE.sub(r" \1 ", answer)  # "\text{(a) } 3 \text{ (b) } 5": the labels set as text
    labels = list(PART_LABEL_RE.finditer(answer))
    if len(labels) < 2 or [part_number(m.group(1)) for m in labels] != list(range(1, len(labels) + 1)):
        return None
    if answer[: labels[0].start()].strip(_PART_SEPARATORS):
        return None  # text before "(1)": the labels are inside an answer, not around its parts
    parts = []
    for m, nxt in zip(labels, [*labels[1:], None]):
        part = answer[m.end() : nxt.start() if nxt is not None else len(answer)]
        part = re.sub(r"\\q?quad\b|\\[,;:!]", " ", part).strip(_PART_SEPARATORS)
        if not part:
            return None
        parts.append(part)
    return "; ".join(parts)


def numbered_lines(lines: list[str]) -> str | None:
    """The parts of a multi-part answer written one per line under a marker ("(Ⅰ) a_n = 2n", "(Ⅱ) T_n = n/(n+1)";
    blank lines between), as :func:`numbered_parts` reads them; None unless the first lines are such parts."""
    labelled = []
    for line in lines[:20]:
        if not line.strip():
            continue
        if PART_LABEL_RE.match(line.strip()) is None:
            break
        labelled.append(line.strip())
    return numbered_parts(" ".join(labelled)) if len(labelled) >= 2 else None


# a number standing alone in a part's sentence: "The sum is 3.", "perimeter 16" (not the 2 of "x2", "2.5" whole)
_PART_NUMBER_RE = re.compile(r"(?<![\w.,^_{])-?\d+(?:\.\d+)?(?![\w^_}]|[.,]\d)")


# the result a part's working ends on: "1 + 2 = 3."
_RESULT_END_RE = re.compile(r"=[ \t]*(-?\d+(?:\.\d+)?)[ \t]*[.;,]?[ \t]*\Z")


def labelled_part_values(text: str, n: int) -> list[str] | None:
    """A short completion that answers ``n`` labelled parts in prose, one number each ("(a) The sum is 3. (b) The
    product is 8.", "Part (a): 3. Part (b): 8.", "(a) perimeter 16\\n(b) area 15\\n(c) 34") -> ["3", "8"]: the parts'
    numbers in the labels' order, labels (a), (b), ... each once from the first; None otherwise (a part with working,
    "(a) 1 + 2 = 3", has several numbers)."""
    if len(text) > 800 or n < 2:
        return None
    labels = list(BOX_PART_LABEL_RE.finditer(text))
    if [label_number(m) for m in labels] != list(range(1, n + 1)):
        return None
    values = []
    for m, nxt in zip(labels, [*labels[1:], None]):
        part = text[m.end() : nxt.start() if nxt is not None else len(text)]
        numbers = _PART_NUMBER_RE.findall(part)
        result = _RESULT_END_RE.search(part) if len(numbers) > 1 else None
        if len(numbers) != 1 and result is None:
            return None
        values.append(result.group(1) if result is not None else numbers[0])
    return values
