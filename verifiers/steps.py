"""Splitting a solution into steps with tight character spans, for the step-level verifiers
(:mod:`verifiers.math_steps`, :mod:`verifiers.prm`).

Modes (:func:`split_steps`; ``"auto"`` is ``"mixed"``, the other modes are opt-in):
  * ``"mixed"`` (the default): every non-blank line is a step, and every sentence within a line (a cut
    after ``.``, ``!`` or ``?`` and whitespace, before a capital, a digit, ``$``, ``(``, ``*``, ``#``
    or a LaTeX command; not after a list marker or label alone such as ``1.`` or ``Step 2.``, nor
    after an abbreviation such as ``e.g.`` or ``approx.``, nor inside ``5! = 120``). A "Step k:" label
    (also ``**Step k:**``, ``### Step k.``) is a *prefix*: it starts a step, also in the middle of a
    line, but does not hold the lines after it, so a wrong unlabelled line never shares a step with a
    correct one. A line that is only a display delimiter (``\\[``, ``\\]``, ``$$``,
    ``\\begin{align}``, ``\\end{align}``) joins the line it opens or closes, so each row of a
    display block is a step of its own (a row starting with ``=`` or ``&=`` continues the one before).
    Maths spans on a line (``\\[..\\]``, ``$$..$$``, ``\\(..\\)``, inline ``$..$`` told from money as Markdown
    renderers do) are never cut by a sentence end ("\\[ 3! \\times 6! = 4320 \\]"); a display block ends its
    sentence when a capitalised one follows it on the line; and two spans that each hold an equality with
    no sentence end between them ("because $3^2 = 9$ and $4^2 = 16$", a list "\\(2^3 = 8\\), \\(2^4 = 16\\)",
    two displays in a row) are cut after the first (and a comma after it), unless the second goes on with
    "=" (one chain split by delimiters), so each checkable claim is a step of its own. A single letter after
    a number or closing maths ("3000 g.") is a unit, not an initial, so its full stop ends the sentence.
    Within a sentence, clauses that each hold an equality are steps too: a cut after a comma or semicolon,
    or before "and", outside brackets and maths, when the text before and the text after both hold an "="
    and the latter does not go on with "=" ("She has 16 - 3 = 13 eggs, and 13 - 4 = 9 are left.").
  * ``"markers"``: one step per "Step k:" marker (at the start of a line, or a capitalised "Step k"
    after whitespace) holding everything up to the next marker; text before the first is a step too;
  * ``"lines"``: one step per non-blank line, a display block over several lines staying one step;
  * ``"sentences"``: split after ``.``, ``!`` or ``?`` followed by whitespace (newlines included).
  Spans are *tight*: ``completion[start:end]`` is the step text with no leading or trailing whitespace,
  steps are in order and do not overlap, and whatever lies between two steps is whitespace, so the
  steps cover every non-whitespace character. ``end`` is one past the step's last character, which is
  what ``grpo_train.spans.char_spans_to_token_ends`` maps to the step's last token.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple


class Step(NamedTuple):
    """One step: ``text == completion[start:end]`` (no surrounding whitespace)."""

    start: int
    end: int
    text: str


_MARKER = re.compile(
    # no two adjacent [ \t]* (a long run of blanks would make the search quadratic)
    r"(?:^[ \t]*(?:[#>*_]+[ \t]*)?(?i:step)|(?<=\s)\**Step)[ \t]*\d+[ \t]*(?:\*\*[ \t]*)?[:.)]",
    re.MULTILINE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _tight(text: str, start: int, end: int) -> Step | None:
    """The step ``text[start:end]`` with surrounding whitespace removed, or None if blank."""
    seg = text[start:end]
    lead = len(seg) - len(seg.lstrip())
    stripped = seg.strip()
    if not stripped:
        return None
    s = start + lead
    return Step(s, s + len(stripped), stripped)


def _cut(text: str, cuts: list[int]) -> list[Step]:
    bounds = [0, *cuts, len(text)]
    steps = [_tight(text, a, b) for a, b in zip(bounds, bounds[1:])]
    return [s for s in steps if s is not None]


def split_markers(text: str) -> list[Step]:
    """Steps at "Step k:" markers (text before the first marker is a step of its own)."""
    return _cut(text, [m.start() for m in _MARKER.finditer(text)])


_OPEN_DISPLAY = re.compile(r"\$\$|\\\[|\\\]|\\begin\{|\\end\{")


def split_lines(text: str) -> list[Step]:
    """One step per non-blank line; a display-math block over several lines stays one step."""
    cuts: list[int] = []
    depth = 0  # open \begin{..}, \[ and $$ blocks
    dollars_open = False
    pos = 0
    for line in text.splitlines(keepends=True):
        if depth == 0 and not dollars_open and pos:
            cuts.append(pos)
        for m in _OPEN_DISPLAY.finditer(line):
            tok = m.group(0)
            if tok == "$$":
                dollars_open = not dollars_open
            elif tok in ("\\[", "\\begin{"):
                depth += 1
            else:
                depth = max(0, depth - 1)
        pos += len(line)
    return _cut(text, cuts)


def split_sentences(text: str) -> list[Step]:
    """Split after ``.``, ``!`` or ``?`` followed by whitespace (decimals like 3.5 stay whole)."""
    return _cut(text, [m.end() for m in _SENTENCE_END.finditer(text)])


# A line that is only a display-math delimiter belongs to its neighbour: an opening one to the next line,
# a closing one to the line before (so "\[", "$$" and "\end{align}" never stand alone as steps).
_DELIM_LINE = re.compile(r"[ \t]*(?:\$\$|\\\[|\\\]|\\(?:begin|end)\{[^{}\n]*\}(?:\{[^{}\n]*\})?)[ \t]*")
# Where a sentence may end inside a line: after . ! ? (or a closing $ / ** / ) just after them) and
# whitespace, before something that starts a sentence: a capital, a digit, $, (, *, #, or a LaTeX
# command that is not a closing delimiter.
_SENTENCE_CUT = re.compile(r"(?<=[.!?])(?:\$|\*\*|\))?[ \t]+(?=[A-Z0-9$(*#]|\\(?!\]|\)|end\b))")
# A piece that is only a label or a list marker ("Step 2.", "1.", "a)", "**Step 3:**") is no sentence.
_LABEL_ONLY = re.compile(
    r"(?:[-*+>][ \t]*)?"
    r"(?:(?:[#*_]+[ \t]*)?(?i:step)[ \t]*\d+[ \t]*(?:\*\*[ \t]*)?[:.)]?(?:\*\*)?|\(?[0-9A-Za-z]{1,3}[.)])"
)
# A piece of prose ends a sentence only if it has a word (two letters or more) or an equality, and does
# not end in an abbreviation: initials ("e.g.", "i.e.") or a short list ("approx.", "vs.", "Mr."). A single
# letter right after a number or closing maths ("3000 g.", "\\(3000\\) g.") is a unit that ends a sentence.
_ABBREV = re.compile(
    r"(?:(?<![0-9)\]}$] )\b(?:[A-Za-z]\.){1,3}|\b(?:approx|vs|etc|eq|Eq|Fig|fig|No|Mr|Mrs|Ms|Dr|St|cf|resp)\.)$"
)
_WORDLIKE = re.compile(r"[A-Za-z]{2}|=")


def _line_bounds(text: str) -> list[tuple[int, int]]:
    """The non-blank lines of ``text`` as ``(start, end)``, display delimiters joined to their neighbour."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        if line.strip():
            lines.append((pos, pos + len(line)))
        pos += len(line)
    out: list[tuple[int, int]] = []
    pending: int | None = None  # start of an opening delimiter line waiting for its content
    dollars_open = False
    for a, b in lines:
        seg = text[a:b].strip()
        if _DELIM_LINE.fullmatch(seg):
            opening = seg.startswith("\\[") or seg.startswith("\\begin") or (seg == "$$" and not dollars_open)
            if seg == "$$":
                dollars_open = not dollars_open
            if opening:
                pending = a if pending is None else pending
                continue
            if out and pending is None:  # a closing delimiter: append to the line before
                out[-1] = (out[-1][0], b)
                continue
        elif seg.count("$$") % 2:
            dollars_open = not dollars_open
        out.append((a if pending is None else pending, b))
        pending = None
    if pending is not None:
        out.append((pending, len(text)))
    return out


# Maths spans within a line: display \\[..\\] and $$..$$, inline \\(..\\) and $..$ (an inline dollar pair as
# Markdown renderers read it: no space just inside, no digit after the closing one, so "$5 and $3" is money).
_MATH_SPAN = re.compile(
    r"\\\[.*?\\\]|\$\$.*?\$\$|\\\(.*?\\\)|(?<![\\$])\$(?=[^\s$])[^$\n]*?[^\s$\\]\$(?![\d$])", re.DOTALL
)
# After a display block, prose that starts a new sentence ("\\[ 425/5 = 85 \\] Then, we add 17: ...").
_AFTER_DISPLAY = re.compile(r"[ \t]+(?=[A-Z])")
_OPENING = re.compile(r"\\\[|\$\$|\\\(|\$|&")


def _maths_cuts(text: str, start: int, end: int, spans: list[tuple[int, int, str]]) -> set[int]:
    """Cuts the maths spans of a line give: after a display block followed by a capitalised sentence, and
    between two spans that each hold an equality, so two claims in one sentence ("because $3^2 = 9$ and
    $4^2 = 11$", "\\(2^3 = 8\\), \\(2^4 = 16\\)", two displays in a row) are two steps and a slip in one does not
    hide the other. The cut comes after the first span (and a comma or semicolon right after it); none when
    the second span goes on with "=" (one chain split by delimiters) or a sentence end lies between them
    (the sentence cut is there)."""
    cuts: set[int] = set()
    for k, (a, b, kind) in enumerate(spans):
        if kind == "display":
            m = _AFTER_DISPLAY.match(text, b, end)
            if m and m.end() < end:
                cuts.add(m.end())
        if k + 1 == len(spans) or "=" not in text[a:b]:
            continue
        a2, b2, _ = spans[k + 1]
        body = _OPENING.sub("", text[a2:b2], count=1).lstrip()
        gap = text[b:a2]
        if "=" in body and not body.startswith("=") and not re.search(r"[.!?:\n]", gap):
            cuts.add(b + len(gap) - len(gap.lstrip(",;")))
    return cuts


def _sentence_cuts(text: str, start: int, end: int) -> list[int]:
    """Cut points inside the line ``text[start:end]``: sentence ends and "Step k:" labels after the start
    (never inside maths: "\\[ 3! \\times 6! = 4320 \\]" is one claim), and the cuts of :func:`_maths_cuts`."""
    spans = [
        (m.start(), m.end(), "display" if m.group(0)[:2] in ("\\[", "$$") else "inline")
        for m in _MATH_SPAN.finditer(text, start, end)
    ]

    def in_maths(pos: int) -> bool:
        return any(a < pos < b for a, b, _ in spans)

    cuts = sorted(
        {m.end() for m in _SENTENCE_CUT.finditer(text, start, end) if not in_maths(m.end())}
        | {m.start() for m in _MARKER.finditer(text, start, end) if text[start : m.start()].strip()}
        | _maths_cuts(text, start, end, spans)
    )
    kept: list[int] = []
    prev = start
    for c in cuts:
        piece = text[prev:c].strip()
        if not piece or _LABEL_ONLY.fullmatch(piece) or _ABBREV.search(piece) or not _WORDLIKE.search(piece):
            continue  # "1.", "Step 2.", "e.g.", "3." : not a sentence of its own
        kept.append(c)
        prev = c
    bounds = [start, *kept, end]
    clauses = [c for a, b in zip(bounds, bounds[1:]) for c in _clause_cuts(text, a, b, in_maths)]
    return sorted(set(kept) | set(clauses))


# Where a clause may end inside a sentence: after a comma or semicolon, or before "and", outside maths.
_CLAUSE_END = re.compile(r"[,;](?=[ \t]+\S)|[ \t](?=and[ \t])")
_EQUALS = re.compile(r"(?<![=<>!])=(?!=)")


def _clause_cuts(text: str, start: int, end: int, in_maths: Callable[[int], bool]) -> list[int]:
    """Cuts between the clauses of one sentence when each holds an equality ("She has 16 - 3 = 13 eggs, and
    13 - 4 = 9 are left." is two steps), so a slip in one clause does not take the other with it. Only outside
    brackets and maths, and not before a clause that goes on with "=" (a chain)."""
    cands: list[int] = []
    depth = 0
    pos = start
    for m in _CLAUSE_END.finditer(text, start, end):
        for ch in text[pos : m.start()]:
            depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        pos = m.start()
        if depth == 0 and not in_maths(m.start()):
            cands.append(m.end())
    cuts: list[int] = []
    prev = start
    for k, c in enumerate(cands):
        nxt = cands[k + 1] if k + 1 < len(cands) else end
        after = text[c:nxt]
        if _EQUALS.search(text[prev:c]) and _EQUALS.search(after) and not after.lstrip().startswith("="):
            cuts.append(c)
            prev = c
    return cuts


def split_mixed(text: str) -> list[Step]:
    """One step per line, and per sentence within a line; a "Step k:" label starts a step but does not hold
    the lines after it; a display-math delimiter on its own line joins the line it opens or closes."""
    cuts: list[int] = []
    for a, b in _line_bounds(text):
        if a:
            cuts.append(a)
        cuts.extend(_sentence_cuts(text, a, b))
    return _cut(text, cuts)


SPLITTERS: dict[str, Callable[[str], list[Step]]] = {
    "mixed": split_mixed,
    "markers": split_markers,
    "lines": split_lines,
    "sentences": split_sentences,
}


def detect_split(text: str) -> str:
    """The splitter ``"auto"`` uses: ``"mixed"`` (lines and sentences; labels are prefixes)."""
    return "mixed"


def split_steps(text: str, mode: str = "auto") -> list[Step]:
    """Split a solution into steps with tight character spans (see the module docstring)."""
    if mode == "auto":
        mode = detect_split(text)
    try:
        splitter = SPLITTERS[mode]
    except KeyError:
        raise ValueError(f"unknown split mode {mode!r}; choose auto or one of {sorted(SPLITTERS)}") from None
    return splitter(text)
