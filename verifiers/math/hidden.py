"""Extraction, part 0a: what a reader of the rendered completion never sees, or sees only beside its answer, is no
answer (:func:`without_hidden`, run first by :func:`~verifiers.math.cleanup.clean_completion`).

- Never rendered: an HTML comment (``<!-- \\boxed{5} -->``; one left open hides the rest), ``\\phantom``,
  ``\\hphantom`` and ``\\vphantom`` (space the size of their argument), ``\\iffalse ... \\fi``, an element styled
  ``display: none`` or ``visibility: hidden`` or marked ``hidden``.
- Set aside: a box in a code block, in inline code, in a footnote's text or in a collapsed ``<details>`` block,
  where the text outside them states an answer (a box or an answer marker). Alone, such a box still answers:
  "```latex\\n\\boxed{5}\\n```" is a box written as source.

A policy that learns to hide a second answer from the reader ("The answer is 7. $\\phantom{\\boxed{5}}$") gains
nothing: the reader's answer is the only one read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from verigrpo.verifiers.math.boxes import _group_end
from verigrpo.verifiers.math.sentences import FOREIGN_ANSWER_MARKERS

_COMMENT_OPEN_RE = re.compile(r"<!--")
_COMMENT_CLOSE_RE = re.compile(r"-->")
_PHANTOM_RE = re.compile(r"\\[hv]?phantom[ \t]*(?=\{)")
_IFFALSE_RE = re.compile(r"\\iffalse(?![A-Za-z])")
_FI_RE = re.compile(r"\\fi(?![A-Za-z])")
# an element that is not displayed: its opening tag (the attributes bounded), then its closing tag by name
_HIDDEN_ELEMENT_RE = re.compile(
    r"<([A-Za-z][A-Za-z0-9]{0,10})\b[^<>]{0,300}?(?:display[ \t]*:[ \t]*none|visibility[ \t]*:[ \t]*hidden"
    r"|(?<=[\s\"'])hidden(?=[\s>=/]))[^<>]{0,300}>",
    re.I,
)
# where a box is shown beside the answer rather than as it: a fenced code block, inline code (not GitLab's "$`...`$"
# maths), a footnote's text, a collapsed <details> block
_ASIDE_RE = re.compile(r"```[^`]*+```|(?<![$`])`[^`\n]{1,500}`(?![$`])|^\[\^[^\]\n]{1,40}\]:[^\n]*", re.M)
# an answer stated outside them: a box, a GSM8K mark or an answer marker (English, or :data:`sentences.
# FOREIGN_ANSWER_MARKERS`) with a value after it ("The answer is 7"; not "The answer is " left bare once the code after
# it is taken out: "The answer is `\boxed{5}`" keeps its box)
_STATED_RE = re.compile(
    rf"\\boxed|####[ \t]*[^\s#]|(?:\banswer\b[^\n`]{{0,20}}?(?:\bis\b|:|=)|{FOREIGN_ANSWER_MARKERS})[ \t*_$]{{0,6}}[^\s*_$]",
    re.I,
)


def without_hidden(text: str) -> str:
    """``text`` without what is never rendered, and without boxes shown beside an answer stated outside them."""
    if "<!--" in text:
        text = _cut(text, _COMMENT_OPEN_RE, lambda _: _COMMENT_CLOSE_RE)
    if "phantom" in text:
        text = _without_phantoms(text)
    if "\\iffalse" in text:
        text = _cut(text, _IFFALSE_RE, lambda _: _FI_RE)
    if "<" in text and ("hidden" in text.lower() or "none" in text.lower()):
        text = _cut(text, _HIDDEN_ELEMENT_RE, _closing_tag)
    if "boxed" in text and ("`" in text or "[^" in text or "<details" in text.lower()):
        text = _without_aside_boxes(text)
    return text


def _cut(text: str, opening: re.Pattern[str], closing: Callable[[re.Match[str]], re.Pattern[str]]) -> str:
    """``text`` without each span from a match of ``opening`` to the next match of ``closing(that match)``; one left
    open runs to the end."""
    out, i = [], 0
    while (m := opening.search(text, i)) is not None:
        out.append(text[i : m.start()])
        close = closing(m).search(text, m.end())
        if close is None:
            return " ".join(out)
        i = close.end()
    out.append(text[i:])
    return " ".join(out)


def _closing_tag(m: re.Match[str]) -> re.Pattern[str]:
    return re.compile(rf"</{re.escape(m.group(1))}\s*>", re.I)


def _without_phantoms(text: str) -> str:
    out, i = [], 0
    for m in _PHANTOM_RE.finditer(text):
        if m.start() < i:
            continue
        end = _group_end(text, m.end())
        if end is None:  # its group never closes: the braces after it are no structure to read
            break
        out.append(text[i : m.start()])
        i = end + 1
    out.append(text[i:])
    return " ".join(out)


def _without_aside_boxes(text: str) -> str:
    spans = [m.span() for m in _ASIDE_RE.finditer(text) if "boxed" in m.group()]
    low = text.lower()
    i = 0
    while (j := low.find("<details", i)) >= 0:  # (found by name: a block left open is no block)
        k = low.find("</details>", j)
        if k < 0:
            break
        if "boxed" in text[j:k]:
            spans.append((j, k + len("</details>")))
        i = k + len("</details>")
    if not spans:
        return text
    pieces, i = [], 0
    for a, b in sorted(spans):
        if a >= i:  # (a block inside another is gone with it)
            pieces.append(text[i:a])
            i = b
    pieces.append(text[i:])
    outside = " ".join(pieces)
    return outside if _STATED_RE.search(outside) else text
