"""Where a box stands in the layout around it (read by :mod:`verifiers.math.revisions`): one branch of a piecewise
``cases`` (or ``\\left\\{ \\begin{array}``), one item of a list of other values or the unticked item of a checklist, a
row of an ``align``/``gather``/``array`` environment that a later row answers otherwise.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.compare import answers_equivalent
from verigrpo.verifiers.math.normalize import normalize


def equiv_safe(a: str, b: str) -> bool:
    """``a`` and ``b`` (normalised answers) are equivalent; False when comparing them fails."""
    try:
        return answers_equivalent(a, b)
    except Exception:  # noqa: BLE001 - a failed comparison means "different"
        return False


# a piecewise definition: a cases environment, or an array opened after a left brace
_CASES_BEGIN_RE = re.compile(r"\\begin\s*\{[dr]?cases\*?\}|\\left\s*\\\{\s*\\begin\s*\{array\}")
_CASES_END_RE = re.compile(r"\\end\s*\{(?:[dr]?cases\*?|array)\}")


def in_cases(text: str, start: int, end: int) -> bool:
    """The box from ``start`` to ``end`` is one row of a ``cases`` environment with other rows."""
    begin = _last_match(_CASES_BEGIN_RE, text[max(0, start - 2_000) : start])
    if begin is None:
        return False
    opened = max(0, start - 2_000) + begin.end()
    if _CASES_END_RE.search(text, opened, start):  # the environment closed before the box
        return False
    close = _CASES_END_RE.search(text, end, end + 2_000)
    return close is not None and "\\\\" in text[opened : close.start()]


# a list item's lead with nothing else before the box: "- ", "2. ", "- [ ] ", "v1: ", "Option 2) "
_ITEM_LEAD_RE = re.compile(r"[ \t]*(?:(?:[-*+•]|\d{1,2}[.)])[ \t]+(\[[ xX✓]?\][ \t]*)?|([^\W\d_]{1,12}[ \t]?)(\d{1,2})[ \t]*[:：)][ \t]*)[$*]*")
# a sibling item that is one value: "- 6", "- [x] 6", "v2: 6"
_ITEM_VALUE_RE = re.compile(
    r"[ \t]*(?:(?:[-*+•]|\d{1,2}[.)])[ \t]+(\[[ xX✓]?\][ \t]*)?|([^\W\d_]{1,12}[ \t]?)\d{1,2}[ \t]*[:：)][ \t]*)"
    r"[$*]*(-?\d[\d.,/]{0,20})[$*.]*[ \t]*"
)


def listed_among_values(text: str, start: int, end: int, box: str) -> bool:
    """The box is the whole of one list item among items that are other values, or an unticked item of a checklist
    with a ticked one."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if start - line_start > 40 or text[end:line_end].strip(" \t$*."):
        return False
    lead = _ITEM_LEAD_RE.fullmatch(text, line_start, start)
    if lead is None:
        return False
    lines = text[max(0, line_start - 600) : line_start].split("\n")[-6:-1] + text[line_end : line_end + 600].split("\n")[1:6]
    for line in lines:
        item = _ITEM_VALUE_RE.fullmatch(line)
        if item is None or (lead.group(2) or "").lower() != (item.group(2) or "").lower():
            continue  # (labelled items are siblings of the same label only: "v1:", "v2:")
        if lead.group(1) is not None and item.group(1) is not None:  # two checklist items: the ticked one counts
            if lead.group(1).strip("[] \t"):
                continue
            if item.group(1).strip("[] \t"):
                return True  # the box is unticked, another item ticked
        if not equiv_safe(normalize(item.group(3)), normalize(box)):
            return True
    return False


# the environments whose rows a box may stand in (not matrices: a box in a matrix is one entry of one answer)
# (with an array's column spec or alignat's count after it: "\begin{array}{c}")
_ROWS_BEGIN_RE = re.compile(
    r"\\begin\s*\{(align|aligned|alignat|gather|gathered|array|eqnarray|split|flalign|multline)\*?\}(?:\{[lcr|\d \t]{1,20}\})?"
)
_ROW_RELATION_RE = re.compile(r"&?\s*(?:=|\\coloneqq|:=)\s*&?")
_ROW_NUMBER_RE = re.compile(r"[-−]?\d[\d,]*(?:\.\d+)?|[-−]?\\[dt]?frac\{\d+\}\{\d+\}")


def _row_parts(row: str) -> tuple[str, str] | None:
    """A row's left side and its value: "x &= 6" -> ("x", "6"), "&= 6" -> ("", "6"), "6" -> (None-like "", "6") for
    a bare value; None when the row holds no single number on its right (words, other relations, expressions)."""
    row = re.sub(r"\\(?:label|tag)\*?\{[^{}]*\}|\\(?:nonumber|notag|quad|qquad)|[,.;]\s*$", " ", row).strip()
    parts = _ROW_RELATION_RE.split(row)
    if len(parts) > 2:
        return None
    value = parts[-1].replace("&", " ").strip()
    if not _ROW_NUMBER_RE.fullmatch(value):
        return None
    return (_left_side(parts[0]) if len(parts) == 2 else "", value)


_IMPLIES_RE = re.compile(r"\A(?:\\(?:Rightarrow|implies|therefore|Longrightarrow|iff)(?![A-Za-z])|⇒|⟹|∴|[ \t])+")


def _left_side(s: str) -> str:
    """A row's left side without its alignment marks and the arrow it opens with ("\\Rightarrow x &" -> "x")."""
    return _IMPLIES_RE.sub("", s.replace("&", " ").strip())


def later_row_value(text: str, start: int, end: int, box: str) -> bool:
    """The box (``text[start:end]``, holding ``box``) stands in a row of an ``align``/``gather``/``array`` environment
    and a later row gives the same unknown (or no unknown: a bare value, a continued chain) another number: "x &=
    \\boxed{5} \\\\ x &= 6", "\\begin{gather} \\boxed{5} \\\\ 6 \\end{gather}". Rows before the box are its working."""
    window = text[max(0, start - 2_000) : start]
    begin = None
    for begin in _ROWS_BEGIN_RE.finditer(window):  # noqa: B007 - the last one
        pass
    if begin is None:
        return False
    name = begin.group(1)
    close_re = re.compile(rf"\\end\s*\{{{name}\*?\}}")
    if close_re.search(window, begin.end()):
        return False  # the environment closed before the box
    close = close_re.search(text, end, end + 2_000)
    if close is None:
        return False
    opened = max(0, start - 2_000) + begin.end()
    own = text[opened:start].split("\\\\")[-1]  # the box's row, up to the box
    own_left = _left_side(_ROW_RELATION_RE.split(own)[0]) if _ROW_RELATION_RE.search(own) else ""
    key = normalize(box)
    for row in text[end : close.start()].split("\\\\")[1:]:
        parts = _row_parts(row)
        if parts is None:
            continue
        left, value = parts
        if left and left != own_left:
            continue  # another unknown: "x &= \boxed{5} \\ y &= 6" answers a second part
        if not equiv_safe(normalize(value), key):
            return True
    return False


def _last_match(pattern: re.Pattern[str], s: str) -> re.Match[str] | None:
    m = None
    for m in pattern.finditer(s):  # noqa: B007 - the last one
        pass
    return m
