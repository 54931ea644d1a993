"""The fallback's closing lines of values: a completion that ends on a table, on lines that each label or state one
value, or on one line of values.

- **A table's answer row.** "| Answer | 6 |\n| Check | 5 |": the row that names the answer; "| Total | Expected |\n
  |---|---|\n| 70 | 72 |": the column that names it.
- **A labelled block.** "April: 48\nMay: 22\nTotal: 70\nGoal: 72": the one line that names the total or the answer;
  "Final Result: 32193 | Votes: 4 | Calls: 31": the field that names it.
- **Several candidates.** Lines labelled as numbered candidates ("Option 1: 70\nOption 2: 72"), one label given two
  values ("Total: 70\nTotal: 72"), or lines that are each a value written alike ("70\n72", "a) 70\nb) 72"): several
  answers with nothing to choose between them.
- **A line of values.** "70, 72", "70 | 72", "So the total is 70 vs 72.", "x₁ = 2, x₂ = 3": the list whole (against
  one value, a hedge; against a key of as many values, its answer).
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.vocab import BETWEEN_VALUES_CONNECTIVES

# a markdown table that ends the text, and a row of it that names the answer ("| Final answer | 7 |")
_TABLE_END_RE = re.compile(r"(?:[ \t]*\|[^\n]{0,300}\|[ \t]*(?:\n|\Z)){2,40}\s*\Z")
_ANSWER_CELL_RE = re.compile(r"[ \t*_]*(?:final[ \t]+)?answer[ \t*_:]*", re.I)
_RULE_ROW_RE = re.compile(r"[ \t:|-]{3,200}")  # a table's rule under its header: "---|:---:"
# a label that names the answer or the total, and a line that labels one value: "- **Total: 70**", "Goal: 72"
_TOTAL_LABEL_RE = re.compile(r"(?<![ \t*_])[ \t*_]*(?:(?:final|our)[ \t]+)?(?:answer|total|sum|result)[ \t*_:]*", re.I)
CANDIDATE_LABEL_RE = re.compile(
    r"(?:option|answer|candidate|possibility|choice|guess|method|approach|attempt|student|person|model|solver|plan|interpretation"
    r"|scenario|reading|solution|解法|方法|方案|способ|вариант|метод)[ \t]*(?:\d{1,2}|[A-E]|[一二三四])"
    r"|runner[ \t-]?up|by[ \t]+[a-z]{3,15}(?:[ \t]+[a-z]{3,15})?"  # ("Runner-up: 70", "By counting: 70\nBy formula: 72")
    # ("Primary: 70\nSecondary: 72", "Answer: 72\nSecond choice: 70")
    r"|(?:first|second|third|primary|secondary|alternative|alternate|backup)(?:[ \t]+(?:choice|answer|guess|option|candidate))?|answer",
    re.I,
)
_LABELLED_LINE_RE = re.compile(
    r"(?<![ \t])[ \t]*(?:[-*•][ \t]+)?[*_]{0,2}([^\W\d_][^\W_]{0,15}(?: [^\W_]{1,15}){0,3}?)[*_]{0,2}[ \t]*[:：=][ \t]*[*_]{0,2}[ \t]*"
    r"\$?(-?\d[\d,]*(?:\.\d+)?)\$?[ \t]*[*_]{0,2}[ \t]*"
)


def table_answer(text: str) -> str | None:
    """The value of the one row of a closing table that names the answer ("| Answer | 6 |\n| Check | 5 |": 6); None
    when no table ends the text, or no row or several rows name it."""
    if not text.rstrip().endswith("|"):
        return _labelled_line_answer(text)
    table = _TABLE_END_RE.search(text[-4_000:])
    if table is None:
        return None
    values = []
    rows = [[c.strip() for c in row.strip().strip("|").split("|")] for row in table.group().strip().splitlines()]
    for cells in rows:
        if len(cells) == 2 and _ANSWER_CELL_RE.fullmatch(cells[0]) and cells[1]:
            values.append(cells[1].strip("*_ "))
    if not values and len(rows) == 3 and _RULE_ROW_RE.fullmatch("|".join(rows[1])) and len(rows[0]) == len(rows[2]):
        # "| Total | Expected |\n|---|---|\n| 70 | 72 |": the one row under a header, in the column that names it
        named = [k for k, head in enumerate(rows[0]) if _TOTAL_LABEL_RE.fullmatch(head)]
        values = [rows[2][named[0]].strip("*_ ")] if len(named) == 1 else []
    return values[0] if len(values) == 1 and values[0] else None


def _labelled_block(text: str) -> list[re.Match[str]]:
    """The closing block of lines that each label one value ("April: 48", "- **Total: 70**"), last line first (at
    most 12)."""
    block: list[re.Match[str]] = []
    for line in reversed([ln for ln in text[-1_500:].rstrip().split("\n")[-24:] if ln.strip()][-12:]):
        m = _LABELLED_LINE_RE.fullmatch(line)
        if m is None:
            break
        block.append(m)
    return block


def candidate_lines(text: str) -> list[str] | None:
    """The different values of a closing block of lines labelled as numbered candidates ("Option 1: 70", "Answer B:
    72", "Candidate 2: 72"), when there are two or more, or of one label given twice ("Total: 70\nTotal: 72"); else
    None."""
    block, labelled = [], _labelled_block(text)
    for m in labelled:
        if not CANDIDATE_LABEL_RE.fullmatch(m.group(1)):
            break
        block.append(m.group(2).replace(",", ""))
    values = list(dict.fromkeys(reversed(block)))
    if len(values) >= 2:
        return values
    # (or one label given two values: "Total: 70\nTotal: 72")
    by_label: dict[str, list[str]] = {}
    for m in reversed(labelled):
        by_label.setdefault(m.group(1).strip().lower(), []).append(m.group(2).replace(",", ""))
    twice = [list(dict.fromkeys(v)) for v in by_label.values() if len(set(v)) >= 2]
    return twice[-1] if twice else None


def attributed_values(tail: str) -> list[str] | None:
    """The different values that the closing sentences give to different parties or methods, one each, with nothing
    after them that concludes ("GPT says 70, Claude says 72.", "I get 70. The book gets 72.", "Method 1 gives 70.
    Method 2 gives 72."): several answers, none chosen; else None."""
    said = list(_ATTRIBUTED_VALUE_RE.finditer(tail[-300:]))[-2:]
    if len(said) < 2 or said[0].end() > said[1].start() or tail[-300:][said[1].end() :].strip(" \t.!"):
        return None
    parties = [m.group(1).strip().lower() for m in said]
    values = [m.group(2).replace(",", "") for m in said]
    between = tail[-300:][said[0].end() : said[1].start()]
    if parties[0] == parties[1] or values[0] == values[1] or not re.fullmatch(r"[ \t]*[.,;][ \t]*|[ \t]*\n[ \t]*", between):
        return None
    return values


# a party that answers, or a method, then the value it gives: "I get 70", "The book gets 72", "GPT says 70", "Method 2
# gives 72", "Student B says 72" (not any subject: "Tom gets 48. Mary gets 24." shares something out)
_ATTRIBUTED_VALUE_RE = re.compile(
    r"(?:(?<![^\n.,;])|(?<=[.,;][ \t]))[ \t]*("
    r"I|[Ww]e|(?:[Tt]he[ \t]+|[Mm]y[ \t]+)?(?:book|textbook|key|answer[ \t]+key|teacher|tutor|friend|calculator|reference|grader)"
    r"|(?i:method|approach|attempt|student|person|model|solver|run|sample)[ \t]+(?:\d{1,2}|[A-E])"
    r"|GPT[\w.-]{0,10}|ChatGPT|Claude|Gemini|Llama[\w.-]{0,6}|Qwen[\w.-]{0,6}|DeepSeek|Mistral|Grok)"
    r"[ \t]+(?:says?|said|gives?|gave|gets?|got|claims?|thinks?|answers?|finds?|found|obtains?|computes?|computed)"
    r"[ \t]+\$?(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)(?![\d.,]\d)"
)


# a line that is one value alone, or one after a letter's label: "72", "**72**", "$72", "a) 70", "**(b)** 72"
# (or a list item's, "1. 70", "* 70", "A: 70"; the value in inline maths, "$70$", "\(70\)"; a word after it, "70 clips")
_BARE_LINE_RE = re.compile(
    r"(?<![^\n])[ \t]*([*_]{0,2}\(?[a-eA-E][).:][*_]{0,2}[ \t]*|[-*•][ \t]+|\d{1,2}[.)][ \t]+)?[*_]{0,2}"
    r"(\$|\\\()?(-?\d[\d,]*(?:\.\d+)?)(?:\$|\\\))?[*_]{0,2}(?:[ \t]+([A-Za-z]{2,12}))?[ \t]*[.;]?[ \t]*"
)


def bare_lines(text: str) -> list[str] | None:
    """The different values of the closing lines when two or more of them are each a value alone, written alike
    ("70\n72", "a) 70\nb) 72"): several answers with nothing to choose between them; else None."""
    values, shapes = [], set()
    for line in reversed(text[-600:].rstrip().split("\n")[-12:]):
        m = _BARE_LINE_RE.fullmatch(line)
        if m is None and line.strip():
            break
        if m is not None:
            values.append(m.group(3).replace(",", ""))
            shapes.add((bool(m.group(1)), bool(m.group(2)), (m.group(4) or "").lower().rstrip("s")))
    distinct = list(dict.fromkeys(reversed(values)))
    # (written alike: "2019\n\n$16,525", a table's year heading and then its amount, offers no two answers)
    return distinct if len(values) >= 2 and len(distinct) >= 2 and len(shapes) == 1 else None


_FIELD_SEP_RE = re.compile(r"(?<![ \t])[ \t]*[|;·][ \t]*|,[ \t]+")  # between one line's fields: "Result=72; Votes=3", "· Calls: 70"


def _labelled_line_answer(text: str) -> str | None:
    """The value of the one line that names the answer or the total in a closing block of labelled lines ("April:
    48\nMay: 22\nTotal: 70\nGoal: 72": 70), or of labelled fields on the last line ("Final Result: 32193 | Votes: 4 |
    Calls: 31"); None when no such block ends the text, or no line or several name it."""
    block = _labelled_block(text)
    last = text[-300:].rstrip().rsplit("\n", 1)[-1]
    fields = [_LABELLED_LINE_RE.fullmatch(f) for f in _FIELD_SEP_RE.split(last)] if _FIELD_SEP_RE.search(last) else []
    if len(fields) >= 2 and all(fields):  # "Final Result: 32193 | Votes: 4 | Calls: 31": fields on one line
        block = [f for f in reversed(fields) if f is not None]
    named = [m.group(2) for m in block if _TOTAL_LABEL_RE.fullmatch(m.group(1))]
    return named[0].replace(",", "") if len(block) >= 2 and len(named) == 1 and block[0].group(2) != named[0] else None


# what joins the values of such a line: a comma and a space (not "1,234"), a semicolon, a bar, an ampersand, a tilde,
# an ideographic comma, "\quad", or a word of "and", "or", "to", "vs" in any language ("70 и 72", "70か72")
_VALUES_JOIN = (
    r"(?:[ \t]*[;|&~、，][ \t]*|,[ \t]+|[ \t]*\\(?:quad|qquad|lor|land)\b[ \t]*|(?<=\d)[かや](?=\d)"
    rf"|[ \t]+(?:{BETWEEN_VALUES_CONNECTIVES}|to|through|vs\.?|versus|bis|tot|a|sau|alebo|arba|ose|hay"
    r"|also|as[ \t]+well[ \t]+as|(?:and[ \t]+)?then)[ \t]+)"
)
# an unknown's root named (by its index or not) before a value: "x₁ = ", "x2 = ", "x_1 = ", "x = "
_ROOT_LABEL = r"(?:(?<![A-Za-z])[a-zA-Z](?:_\{?\d\}?|\d|[₁-₉])?[ \t]*=[ \t]*)?"
_ROOT_LABEL_RE = re.compile(_ROOT_LABEL.removesuffix("?"))
# a last line of values alone, after a label or a copula or none: "70, 72", "70 | 72", "So the total is 70 vs 72."
_VALUES_LINE_RE = re.compile(
    r"(?<![^\n])[ \t*_]*(?:(?:thus|hence|so|therefore)[ \t]*,?[ \t]+)?(?:[A-Za-z][A-Za-z ]{0,30}?(?:[ \t]*:|[ \t]+(?:is|are|was|were|equals))[ \t*_]*)?"
    rf"({_ROOT_LABEL}-?\d+(?:\.\d+)?(?:{_VALUES_JOIN}{_ROOT_LABEL}-?\d+(?:\.\d+)?){{1,9}})[ \t*_]*\.?[ \t]*\Z",
    re.I,
)
_NUMBER_IN_LINE_RE = re.compile(r"-?\d+(?:\.\d+)?")


def values_line(tail: str) -> str | None:
    """The values of a last line of values alone ("70, 72", "70 | 72", "So the total is 70 vs 72.", "x₁ = 2, x₂ = 3" ->
    "70, 72", ..., "2, 3"), joined by commas; None where the text ends otherwise."""
    m = _VALUES_LINE_RE.search(tail[-300:])
    if m is None:
        return None
    unknowns = {u.group(1).lower() for u in _UNINDEXED_RE.finditer(m.group(1))}
    if len(unknowns) > 1:
        return None  # "x = 2, y = 3": a solution of several unknowns, not several values of one
    return ", ".join(_NUMBER_IN_LINE_RE.findall(_ROOT_LABEL_RE.sub(" ", m.group(1))))


_UNINDEXED_RE = re.compile(r"(?<![A-Za-z])([a-zA-Z])[ \t]*=")  # an unknown named without its index
