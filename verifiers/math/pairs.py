"""A key of two numbers in brackets, ``(2, 3)`` or ``[1, 3]``, is a point, an interval or a list: the question says
which (:func:`pair_verdict`).

- A question about a point ("coordinates", "vertex", "point of intersection", "ordered pair"): an interval or an
  inequality ("2 < x < 3", "x \\in (2, 3)") is not the point.
- A question about an inequality ("Solve x^2 - 5x + 6 < 0", "such that ... < 0"): two labelled values
  ("x_1 = 2, x_2 = 3") are its end points, not its solution set.
- A question that asks for a list ("Return a list", "the roots", "the eigenvalues", "smallest and largest"): an
  interval ("1 \\le x \\le 3", "x \\in [1, 3]") is not the list, and the two values in its order, bare or labelled
  ("1, 3", "\\lambda_1 = 1, \\lambda_2 = 3", "(1, 3)"), are, in any order unless the question asks for one.
"""

from __future__ import annotations

import re

import sympy

_NUM = r"-?\d+(?:\.\d+)?"
_PAIR_KEY_RE = re.compile(rf"\A[ \t]*([(\[])[ \t]*({_NUM})[ \t]*,[ \t]*({_NUM})[ \t]*([)\]])[ \t]*")
_INTERVAL_ANSWER_RE = re.compile(r"[<>≤≥]|\\(?:le|ge|leq|geq|lt|gt|leqslant|geqslant|in|mid)(?![A-Za-z])|∈")
_NAME = r"(?:[A-Za-z]|\\[a-z]+)(?:_\{?\d\}?)?"
_SPACE = r"(?:[ \t]|\\[,;: ]|\\q?quad)*"
_LABELLED_PAIR_RE = re.compile(
    rf"\A{_SPACE}(?:{_NAME}{_SPACE}={_SPACE})?({_NUM}){_SPACE}(?:,|\\text\{{\s*and\s*\}}|and){_SPACE}"
    rf"(?:{_NAME}{_SPACE}={_SPACE})?({_NUM}){_SPACE}"
)
_BRACKETED_PAIR_RE = re.compile(rf"\A[ \t]*[(\[][ \t]*({_NUM})[ \t]*,[ \t]*({_NUM})[ \t]*[)\]][ \t]*")
_POINT_Q_RE = re.compile(r"\b(?:coordinates?|point|vertex|intersect\w*|ordered\s+pair)\b", re.I)
_INEQUALITY_Q_RE = re.compile(r"[<>≤≥]|\\(?:le|ge|leq|geq|lt|gt)(?![A-Za-z])|\binequalit", re.I)
_ORDER_Q_RE = re.compile(r"\border\b|\bsmallest\s+and\s+largest\b|\bfirst\b", re.I)  # (a list's order asked for)
_LIST_Q_RE = re.compile(r"\b(?:list|roots|eigenvalues|smallest\s+and\s+largest|zeros)\b", re.I)


def pair_verdict(answer: str, reference: str, question: str) -> bool | None:
    """Whether ``answer`` gives the two-number key ``reference`` as the ``question`` asks for it (a point, an
    inequality's solution, a list); None where the key is no such pair, there is no question, or the question says
    nothing that decides."""
    key = _PAIR_KEY_RE.fullmatch(reference) if question and len(reference) <= 60 and len(answer) <= 200 else None
    if key is None:
        return None
    interval = _INTERVAL_ANSWER_RE.search(answer) is not None
    labelled = _LABELLED_PAIR_RE.fullmatch(answer)
    if key.group(1) == "(" and key.group(4) == ")" and _POINT_Q_RE.search(question) and interval:
        return False  # "2 < x < 3" for the vertex (2, 3)
    if key.group(1) == "(" and _INEQUALITY_Q_RE.search(question) and not _POINT_Q_RE.search(question):
        return False if labelled is not None and "=" in answer else None  # "x_1 = 2, x_2 = 3" for (2, 3)
    if key.group(1) == "[" and _LIST_Q_RE.search(question) and not _INEQUALITY_Q_RE.search(question):
        if interval:
            return False  # "1 \le x \le 3" for the list [1, 3]
        values = labelled or _BRACKETED_PAIR_RE.fullmatch(answer)
        if values is not None:
            want = (sympy.Rational(key.group(2)), sympy.Rational(key.group(3)))
            got = (sympy.Rational(values.group(1)), sympy.Rational(values.group(2)))
            return got == want if _ORDER_Q_RE.search(question) else sorted(got) == sorted(want)
    return None
