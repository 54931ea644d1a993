"""Answers given as structured output: the ``"answer"`` field of a JSON object that a completion ends with.

Models asked for JSON write ``{"reasoning": "...", "answer": "8/3"}``, often in a fenced block and often not quite
JSON (a trailing comma, LaTeX with single backslashes). The field's value is the answer, as a box is: a string
(unescaped when it is escaped JSON), a number, or a flat list (of numbers: a vector as written; of strings: the
items, options picked, joined by commas).
"""

from __future__ import annotations

import json
import re

# the key, right after the "{" that opens an object or the "," that ends the previous field
_ANSWER_KEY_RE = re.compile(r"""[{,]\s*["'](?:final[ _]?answer|answer)["']\s*:\s*""", re.I)
_STRING_RE = re.compile(r'"((?:[^"\\\n]|\\.){0,2000})"')
_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?=\s*[,}\]\n]|\s*$)")
_LIST_RE = re.compile(r"\[[^\[\]{}]{0,2000}\]")
_ESCAPED_RE = re.compile(r"\\\\|\\[\"/]|\\u[0-9a-fA-F]{4}")  # signs of a JSON-escaped string


def json_answer(text: str) -> tuple[int, str] | None:
    """Where the last JSON ``"answer"`` (or ``"final_answer"``) field of ``text`` starts and its value as answer
    text; None when there is none or its value is not a string, a number or a flat list."""
    last = None
    for last in _ANSWER_KEY_RE.finditer(text):  # noqa: B007 - the last one
        pass
    if last is None:
        return None
    at = last.end()
    value = _value(text, at)
    return None if value is None or not value.strip() else (last.start(), value.strip())


def _value(text: str, at: int) -> str | None:
    if text.startswith('"', at):
        m = _STRING_RE.match(text, at)
        return _unescape(m.group(1)) if m else None
    if text.startswith("[", at):
        m = _LIST_RE.match(text, at)
        if m is None:
            return None
        try:
            items = json.loads(m.group())
        except ValueError:
            return None
        if not items or any(isinstance(x, (list, dict, bool)) or x is None for x in items):
            return None
        listed = ", ".join(str(x) for x in items)
        # ["B", "F"] -> "B, F" (options picked); [1, 2, 3] -> "[1, 2, 3]" (a vector, as written)
        return listed if any(isinstance(x, str) for x in items) else f"[{listed}]"
    m = _NUMBER_RE.match(text, at)
    return m.group() if m else None


def _unescape(raw: str) -> str:
    """A JSON string's content: decoded when it is escaped JSON (``\\\\frac``, ``\\"``); taken as written when its
    backslashes start LaTeX commands (``\\frac`` would otherwise decode as a form feed and "rac")."""
    if _ESCAPED_RE.search(raw):
        try:
            return json.loads(f'"{raw}"')
        except ValueError:
            pass
    return raw.replace('\\"', '"')
