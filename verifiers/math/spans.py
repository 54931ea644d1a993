"""A fallback answer read from the last maths spans of a text: the last side of its last equation, an aligned display
read line by line, spans joined by words into one expression ("$x = 5$ and $y = 3$"), a value named before it.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.layout import equiv_safe as _equiv_safe
from verigrpo.verifiers.math.lex import FUNCS
from verigrpo.verifiers.math.nodes import Text
from verigrpo.verifiers.math.normalize import display_rows_of, named_rows, normalize
from verigrpo.verifiers.math.parse import parse_answer
from verigrpo.verifiers.math.sentences import parses


def last_equation_side(tail: str, last: re.Match[str]) -> str | None:
    """The right side of the last ``=`` on the last number's line, when that side holds the number and is maths
    as a whole ("= −1013 ln 2026.", "AD = h = 3 + 2√2."); None otherwise."""
    line_start = tail.rfind("\n", 0, last.start()) + 1
    eq = tail.rfind("=", line_start, last.start())
    if eq < 0:
        return None
    line_end = tail.find("\n", last.end())
    rest = tail[eq + 1 : line_end if line_end >= 0 else len(tail)].strip().rstrip(".").strip()
    if not rest or len(rest) > 200 or rest == last.group() or not parses(rest):
        return None
    if any(w.lower() not in FUNCS for w in re.findall(r"[A-Za-z]{3,}", rest)):  # "y = 3 in the table": words
        return None
    try:
        if isinstance(parse_answer(rest), Text):
            return None
    except Exception:  # noqa: BLE001 - parses said it parses; anything else is no answer here
        return None
    return rest


# between two math spans that list answers: "$x = 2$ or $x = 3$", "$-2$, $1$ and $3$"
_SPAN_JOIN_RE = re.compile(r"\s*(?:,|，|、|；|,?\s*\b(?:or|and)\b)\s*", re.I)  # (full-width commas: "$\frac{3\pi}{2}$，$1$")
_SPAN_LABEL_RE = re.compile(r"\s*([A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?)\s*=(?!=)")
_ALIGN_ENV_RE = re.compile(r"\\(?:begin|end)\{(?:align|aligned|alignat|equation|gather|gathered|multline|eqnarray|split)\*?\}")
_CONTINUED_RE = re.compile(r"(?:=|<|>|\\(?:approx|le|ge|leq|geq|ne|neq)(?![A-Za-z]))")


def aligned(content: str) -> str | None:
    """A display of aligned lines as one answer: lines that continue a chain ("y &= 2+3 \\\\ &= 5") as the chain,
    "y = 2+3 = 5"; one value per line ("x &= 3 \\\\ x &= 4", "3 \\\\ 4") as their list; other separate lines ("x &= 1
    \\\\ y &= 2") as the last one (their named parts are :func:`aligned_parts`); None when words in it say
    more than a value. Anything else as it is (a matrix's rows are no lines)."""
    if not _ALIGN_ENV_RE.search(content) or re.search(r"\\begin\{(?:[pbvBV]?matrix|array|cases)\}", content):
        return content
    lines = display_rows_of(content, _ALIGN_ENV_RE)
    if not lines:
        return content
    if all(_CONTINUED_RE.match(ln) for ln in lines[1:]):
        return " ".join(lines)
    if len(lines) == 1 or len(lines) > 10:
        return lines[-1]
    names = {(m.group(1) if m else None) for m in (_SPAN_LABEL_RE.match(ln) for ln in lines)}
    values = [_OR_TEXT_RE.sub(" ", ln).strip().rstrip(",;.").strip() for ln in lines]
    if len(names) == 1 and not all(_equiv_safe(normalize(v), normalize(values[-1])) for v in values[:-1]):
        # "x &= 3 \\ x &= 4", "3 \\ 4": one value per line, as a list ("or" between them: a hedge)
        return (" or " if any(_OR_TEXT_RE.search(ln) for ln in lines) else ", ").join(values)
    if any(_WORDS_TEXT_RE.search(ln) for ln in lines):
        return None  # "x &= 4 \\ 3 &\text{ is extraneous}": words in the display: no one value
    return lines[-1]


def aligned_parts(content: str) -> str | None:
    """The values of a display whose lines each name another unknown ("x &= 7 \\\\ y &= 3" -> "7, 3"), read like
    :func:`named_values` only against a reference of as many values; None for any other content."""
    if not _ALIGN_ENV_RE.search(content):
        return None
    rows = display_rows_of(content, _ALIGN_ENV_RE)
    return ", ".join(r.split("=", 1)[1].strip() for r in rows) if named_rows(rows) is not None else None


_OR_TEXT_RE = re.compile(r"\\text\s*\{\s*or\s*\}|\bor\b")
_WORDS_TEXT_RE = re.compile(r"\\text\s*\{[^{}]*[A-Za-z]{2,}\s+[A-Za-z]{2,}[^{}]*\}")


def named_before(window: str, value: re.Match[str], last: re.Match[str]) -> bool:
    """The last math span is a lone variable that the span before it, in the same sentence, gives a value: "$n=1,2,3,4$
    and no other $n$" (the variable is named again, the value is the answer)."""
    name = next(g for g in last.groups() if g is not None).strip()
    given = next(g for g in value.groups() if g is not None).strip()
    if not re.fullmatch(r"[A-Za-z]", name) or re.search(r"[.!?\n]\s", window[value.end() : last.start()]):
        return False
    m = _SPAN_LABEL_RE.match(given)
    return m is not None and m.group(1) == name


def joined_spans(window: str, spans: list[re.Match[str]]) -> tuple[int, str]:
    """The last math span, with the spans before it that list answers with it: (start, answer).

    "so $x = 2$ or $x = 3$." answers "x = 2 or x = 3" (a hedge against one answer, the
    solutions against a list); "the roots are $-2$ and $1$" answers "-2, 1". Spans that name
    different things ("$x = 4$ and $y = 5$") are not joined: the last one answers, as before; one unknown under its
    indices ("$x_1 = 2$, $x_2 = 3$") is one thing.
    """
    group = [spans[-1]]
    joins: list[str] = []
    for prev in reversed(spans[:-1]):
        between = window[prev.end() : group[0].start()]
        if len(between) > 12 or not (_SPAN_JOIN_RE.fullmatch(between) or (not between.strip() and _indexed_pair(prev, group[0]))):
            break  # (a connector is short; display lines of one unknown's indexed values need none: "$$x_1 = 2$$\n$$x_2 = 3$$")
        group.insert(0, prev)
        joins.append(between)
    contents = [next(g for g in m.groups() if g is not None).strip() for m in group]
    if len(group) == 1 or not all(contents):
        return spans[-1].start(), contents[-1]
    labels = set()
    for c in contents:
        lm = _SPAN_LABEL_RE.match(c)
        indexed = _INDEXED_LABEL_RE.match(c)
        # (one unknown's values under their indices, "$x_1 = 2$, $x_2 = 3$": the roots of x, listed)
        labels.add(indexed.group(1) if indexed else lm.group(1) if lm else None)
    if len(labels) != 1:
        return spans[-1].start(), contents[-1]
    joiner = " or " if any(re.search(r"\bor\b", j, re.I) for j in joins) else ", "
    return group[0].start(), joiner.join(contents)


# an unknown's root under its index, and its value alone: "x_1 = 2" (not a sequence's term worked out, "a_3 = 2^2 \times
# 2 + 1 = 9": a_2, a_3 are terms of a sequence, not roots)
_INDEXED_LABEL_RE = re.compile(r"[ \t]{0,4}([xyzr])_\{?(\d{1,2})\}?[ \t]{0,4}=(?!=)[^=]*\Z")


def _indexed_pair(a: re.Match[str], b: re.Match[str]) -> bool:
    """Two spans that set one unknown under two indices ("x_1 = 2", "x_2 = 3"), each to a value alone."""
    la, lb = (_INDEXED_LABEL_RE.match(next(g for g in m.groups() if g is not None)) for m in (a, b))
    return la is not None and lb is not None and la.group(1) == lb.group(1) and la.group(2) != lb.group(2)


def named_values(window: str, spans: list[re.Match[str]]) -> tuple[str, tuple[str, ...]] | None:
    """The values of the last math spans when they name different unknowns, one value each ("Thus, $a=2, h=-1$, and
    $k=-18$." -> "2, -1, -18"), in order, with the names (("a", "h", "k")); None when they do not (a span that is no
    "name = value", a name twice). The fallback answers with the last span; this list is read only against a
    reference of as many values (by name where the reference names them)."""
    group = [spans[-1]]
    for prev in reversed(spans[:-1]):
        between = window[prev.end() : group[0].start()]
        if len(between) > 12 or not _SPAN_JOIN_RE.fullmatch(between) or re.search(r"\bor\b", between, re.I):
            break
        group.insert(0, prev)
    names, values = [], []
    for m in group:
        for item in top_level_items(next(g for g in m.groups() if g is not None)):
            label = _SPAN_LABEL_RE.match(item)
            value = item[label.end() :].strip() if label else ""
            if label is None or not value or "=" in value:
                return None
            names.append(label.group(1))
            values.append(value)
    return (", ".join(values), tuple(names)) if len(values) >= 2 and len(set(names)) == len(names) else None


def top_level_items(content: str) -> list[str]:
    """``content`` split at its commas outside brackets and braces."""
    items, depth, start = [], 0, 0
    for i, c in enumerate(content):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(content[start:i])
            start = i + 1
    items.append(content[start:])
    return [x.strip() for x in items if x.strip()]


# a display environment in a box and its column spec ("\begin{array}{l}"), and the brace of a system around it
_BOX_ENV_RE = re.compile(
    r"\\(?:begin|end)\{(?:aligned|align\*?|array|gathered|gather\*?|split|cases)\}(?:\{[a-z|]{1,20}\})?"
    r"|\\left\\\{|\\right\."
)


def display_rows(content: str) -> str | None:
    """A box that holds a display of rows, as one answer: rows that continue a chain ("x &= 3+2 \\\\ &= 5") as the
    chain, rows that each name another unknown ("x &= 1 \\\\ y &= 2") as their named parts; None otherwise."""
    if "\\\\" not in content or "\\begin{" not in content or len(content) > 2_000:
        return None
    rows = display_rows_of(content, _BOX_ENV_RE)
    if len(rows) >= 2 and all(_CONTINUED_RE.match(r) for r in rows[1:]):
        return " ".join(rows)
    return named_rows(rows)
