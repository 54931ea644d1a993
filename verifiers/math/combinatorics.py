"""Counting notations as textbooks, exams and calculators write them, rewritten as the count: combinations
"C(52, 4)", "C_{10}^{3}" (n below, k above, as Chinese and French textbooks write it), "{}^{6}C_{2}", "⁶C₂", "5C2",
"nCr(5, 3)"; permutations "P(10, 3)", "A_{5}^{2}" (arrangements), "⁵P₂". Each becomes :math:`\\binom{n}{k}` or
:math:`n!/(n-k)!` written out as an integer.

Read only with integer literals and n >= k (else the text is left as it is: "C_2^5" may be a symbol squared), n at
most 300 (the count is written out). "C(3, 1)" and "P(2, 1)" are also named points: where the text names another
point ("A(0, 0), C(3, 1)") nothing is rewritten, and a whole answer that is one named point with other letters keeps
normalize.py's reading as coordinates.
"""

from __future__ import annotations

import math
import re

_SUBSCRIPT = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_N = r"\{?\s*(\d{1,3})\s*\}?"
# "C(52, 4)", "P(10,3)", "nCr(5, 3)", "nPr(5, 3)"
_CALL_RE = re.compile(r"(?<![A-Za-z\\])(C|P|nCr|nPr)[ \t]*\([ \t]*(\d{1,3})[ \t]*,[ \t]*(\d{1,3})[ \t]*\)")
# "C_{10}^{3}", "A_5^2", "P_5^2", "C^{3}_{10}", "\mathrm{C}_5^2", "{\rm A}_5^2" (the letter upright, as Chinese
# textbooks set it)
_INDEXED_RE = re.compile(
    rf"(?<![A-Za-z\\])(?:\\(?:mathrm|text|operatorname)[ \t]*\{{[ \t]*([CAP])[ \t]*\}}|\{{\\rm[ \t]*([CAP])[ \t]*\}}|([CAP]))"
    rf"(?:_{_N}\^{_N}|\^{_N}_{_N})(?![\d}}^_])"
)
# "{}^{6}C_{2}", "^{6}C₂" (normalize's reading of "⁶C₂"), "{}_5C_2", "_{5}P_{2}" (n as a left subscript), "5C2"
_PREFIXED_RE = re.compile(
    rf"(?:(?:\{{\}}|(?<![\w}}\\]))[\^_]{_N}[ \t]*|(?<![\w.^}}])(\d{{1,3}}))([CP])(?:_{_N}|([₀-₉]{{1,3}})|(\d{{1,3}}))(?![\w.])"
)
# another point named in the same text: the letters are points, not counts
_OTHER_POINT_RE = re.compile(r"(?<![A-Za-z\\])[ABD-OQ-Z]'?[ \t]*\([ \t]*-?\d")


def _count(kind: str, n: int, k: int) -> str | None:
    if k > n or n > 300:
        return None
    return str(math.comb(n, k) if kind in ("C", "nCr") else math.perm(n, k))


def count_notations(s: str) -> str:
    """``s`` with each counting notation it holds written as its count ("C(5, 3)" -> "10", "⁵P₂" -> "20")."""
    if not any(c in s for c in "CPA") or _OTHER_POINT_RE.search(s):
        return s

    def call(m: re.Match[str]) -> str:
        return _count(m.group(1), int(m.group(2)), int(m.group(3))) or m.group()

    def indexed(m: re.Match[str]) -> str:
        kind = "C" if "C" in (m.group(1), m.group(2), m.group(3)) else "P"
        n, k = (m.group(4), m.group(5)) if m.group(4) else (m.group(7), m.group(6))
        return _count(kind, int(n), int(k)) or m.group()

    def prefixed(m: re.Match[str]) -> str:
        if m.group(2) and m.group(4):  # "2C_1": a coefficient of the constant C_1, not 2 choose 1 ("{}^{2}C_{1}", "2C1")
            return m.group()
        n = m.group(1) or m.group(2)
        k = m.group(4) or (m.group(5) or "").translate(_SUBSCRIPT) or m.group(6)
        return _count(m.group(3), int(n), int(k)) or m.group()

    s = _CALL_RE.sub(call, s)
    s = _INDEXED_RE.sub(indexed, s)
    return _PREFIXED_RE.sub(prefixed, s)
