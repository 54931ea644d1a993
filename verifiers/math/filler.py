"""Extraction, part 0: what a degenerate output repeats, collapsed before any rule reads it (:func:`collapse_filler`).

Bulk can hide an answer: thousands of blank lines or padding tokens between "The answer is 70." and a later "The
answer is 72.", or the one line forty times after it ("\\boxed{72}" over and over), put the earlier answer out of
reach of every reader that compares a text's answers (each reads a bounded stretch, to stay linear). What repeats
says nothing new, so it is cut down to what any reader needs:

- a run of blank space of :data:`BLANK_RUN` characters or more becomes one blank line (or one space, on a line);
- a run of padding tokens (``<pad>``, ``<unk>``, ``<|pad|>``, ``[PAD]``) becomes a space;
- a line repeated verbatim more than :data:`KEPT_COPIES` times in a row keeps that many copies: enough for the
  reader of loops cut off by the length cap (:data:`~verifiers.math.cutoff.MIN_LOOP` lines), and few enough that an
  answer before the loop stays in reach of the readers that compare answers.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.cutoff import MIN_LOOP

BLANK_RUN = 100  # characters of blank space: far more than any layout uses
KEPT_COPIES = MIN_LOOP + 2
_BLANK_RUN_RE = re.compile(rf"[ \t\r\n\u00a0\u3000]{{{BLANK_RUN},}}")
_PAD = r"(?:<pad>|<unk>|<\|pad\|>|\[PAD\])"
_PADDING_RUN_RE = re.compile(rf"{_PAD}(?:[ \t]*+{_PAD}){{2,}}", re.I)
_REPEATED_LINE_RE = re.compile(rf"^([^\n]+)\n(?:\1(?:\n|\Z)){{{KEPT_COPIES},}}", re.M)


def collapse_filler(text: str) -> str:
    """``text`` with its blank runs, padding runs and lines repeated in a row cut down (see the module's notes)."""
    if "<" in text or "[" in text:
        text = _PADDING_RUN_RE.sub(" ", text)
    text = _BLANK_RUN_RE.sub(lambda m: "\n\n" if "\n" in m.group() else " ", text)
    return _REPEATED_LINE_RE.sub(_kept_copies, text)


def _kept_copies(m: re.Match[str]) -> str:
    end = "\n" if m.group().endswith("\n") else ""
    return "\n".join([m.group(1)] * KEPT_COPIES) + end
