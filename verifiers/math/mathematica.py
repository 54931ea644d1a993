"""Mathematica's notation in an answer or a key: functions called with square brackets and capital names
(``Sin[2 + 3*x]^2``, ``ArcTanh[Sin[x]]``, ``Log[x]``), and its constants ``Pi`` and ``E`` beside them. Rewritten as
the plain-text functions the parser reads (``sin(2 + 3*x)^2``, ``arctanh(sin(x))``, ``log(x)``: Mathematica's Log is
the natural logarithm, as the parser's plain ``log`` is). Only names of :data:`FUNCTIONS` are read, so ``f[x]`` and
an interval ``[0, 1]`` are left alone."""

from __future__ import annotations

import re

# Mathematica's name -> the parser's plain-text name
FUNCTIONS = {
    name: name.lower()
    for name in (
        "Sin", "Cos", "Tan", "Cot", "Sec", "Csc", "Sinh", "Cosh", "Tanh", "Coth", "Sech", "Csch", "ArcSin", "ArcCos",
        "ArcTan", "ArcCot", "ArcSec", "ArcCsc", "ArcSinh", "ArcCosh", "ArcTanh", "Log", "Exp", "Sqrt", "Abs", "Floor",
        "Ceiling", "Factorial",
    )
}  # fmt: skip
_CALL_RE = re.compile(rf"(?<![A-Za-z\\])({'|'.join(sorted(FUNCTIONS, key=len, reverse=True))})\[")
_CONSTANT_RE = re.compile(r"(?<![A-Za-z\\])(Pi|E)(?![A-Za-z])")
_MAX_CALLS = 50


def mathematica_calls(s: str) -> str:
    """``s`` with each Mathematica call ``Name[...]`` of :data:`FUNCTIONS` written ``name(...)`` and, where there
    was one, ``Pi`` and ``E`` as pi and e; unchanged when the brackets do not pair."""
    calls = {m.start(): m for m in list(_CALL_RE.finditer(s))[: _MAX_CALLS + 1]}
    if not calls or len(calls) > _MAX_CALLS:
        return s
    out: list[str] = []
    stack: list[str] = []
    i = 0
    while i < len(s):
        c = s[i]
        m = calls.get(i)
        if m is not None:
            out.append(FUNCTIONS[m.group(1)] + "(")
            stack.append("call")
            i = m.end()
            continue
        if c in "([":
            stack.append(c)
        elif c in ")]":
            if not stack or (stack[-1] == "(") != (c == ")"):
                return s  # a bracket that pairs with none, or with the other kind
            if stack.pop() == "call":
                c = ")"
        out.append(c)
        i += 1
    if stack:
        return s
    return _CONSTANT_RE.sub(lambda m: "pi" if m.group(1) == "Pi" else "e", "".join(out))
