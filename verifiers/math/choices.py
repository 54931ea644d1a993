"""Multiple-choice answers without an answer marker: the option a completion chooses in its first or its last line.

Used only when the reference names an option (:func:`option_letter`) and no answer marker or box named another
answer. :func:`leading_option` reads a one-line completion that starts with an option label ("(c) $J_g = 2J_f$");
:func:`closing_option` reads the option a solution's last line chooses ("Option B", "D is the correct choice",
"ANS:D", "I think it's (D).", a lone "**C**").
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.nodes import Expr, Node, Text

WEAK_RULES = ("whole", "last_math", "last_number", "last_equation", "last_latex")  # rules without an answer marker

# a one-line completion that starts with an option label and then states the option's content
_LEADING_OPTION_RE = re.compile(r"\s*(?:\(([A-Fa-f])\)|([A-F])[.)])[ \t]+[^\n]{1,300}")
_OTHER_OPTION_RE = re.compile(r"\([A-Fa-f]\)|\b[A-F]\b|(?i:\b(?:or|not?|wrong|wait)\b)")


def option_letter(gold: Node) -> str | None:
    """The option a reference names, lower case: ``(c)``, ``C`` (a capital A-J read as a symbol); else None."""
    if isinstance(gold, Text) and len(gold.text) == 1:
        return gold.text
    if isinstance(gold, Expr) and isinstance(gold.value, sympy.Symbol) and re.fullmatch("[A-J]", gold.value.name):
        return gold.value.name.lower()
    return None


def leading_option(completion: str) -> str | None:
    """The option letter a one-line completion starts with ("(c) $J_g(\\theta) = 2J_f(\\theta)$", "B. 12"), lower
    case; None otherwise: a longer solution's "(a)" labels its first part, and a line that names another
    option or takes the label back ("C. no wait, D", "(c) or (d)") does not choose one."""
    m = _LEADING_OPTION_RE.fullmatch(completion.strip())
    if m is None or _OTHER_OPTION_RE.search(completion.strip()[m.end(2) if m.group(2) else m.end(1) + 1 :]):
        return None
    return (m.group(1) or m.group(2)).lower()


# An option the last line chooses: "(D)" anywhere in it; a capital A-J that is the whole line ("D", "**C**", "B."),
# follows an option or answer word ("Option B", "answer.A", "ANS:D", "Answer - C"), or is said to be correct
# ("D is the correct choice", "Hence (A) is correct answer"). "I" only in brackets: it is also a pronoun.
_CLOSING_OPTION_RE = re.compile(
    r"\(([A-J])\)"
    r"|^[*_\s]*([A-J])[*_\s]*[.)]?[*_\s]*$"
    r"|(?i:\b(?:option|choice|answer|ans))[\s.:=\-–—]*\(?([A-HJ])\b(?![.,]?\d)"
    r"|\b([A-HJ])\s+is\s+(?:the\s+)?(?i:correct|right)\b"
)
# a line that doubts, takes back or weighs its option: it chooses none
_NOT_CHOSEN_RE = re.compile(r"(?i:\b(?:not|or|wrong|incorrect|wait|maybe|perhaps|unless|except)\b|n't\b|\?)")


def closing_option(completion: str) -> str | None:
    """The option the completion's last non-empty line chooses, lower case, when it names exactly one and neither
    doubts nor takes it back ("It's not (D)", "(B) or (C)?"); None otherwise."""
    lines = [ln for ln in completion[-2_000:].splitlines() if ln.strip()]
    if not lines:
        return None
    line = lines[-1].strip()
    if len(line) > 300 or _NOT_CHOSEN_RE.search(line):
        return None
    letters = {next(g for g in m.groups() if g) for m in _CLOSING_OPTION_RE.finditer(line)}
    return letters.pop().lower() if len(letters) == 1 else None
