"""Arithmetic on quantities with units, worked out: "5 in + 2 ft" is 0.7366 m, "40 kg × 9.8 m/s² × 150 cm" is
588 kg m^2 s^-2, "3 m / 4 m" is 0.75, "1 kB / 10 ms" is 100000 B/s.

An answer is read here only when it is wholly such arithmetic: at least two numbers, an operator between them, each
number followed by at most one unit that :func:`~verifiers.math.units.unit_scale` knows, and sums only of quantities of
one dimension ("3 m + 2 s" is no quantity). A "/" between two units is part of the unit ("9.8 m/s²"); before a
number it divides, and a unit after a plain fraction applies to the fraction ("3/4 m" is 0.75 m). The result is written in SI units for the parser to read and compare as any quantity is.
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.normalize import strip_math_delimiters
from verigrpo.verifiers.math.units import Dim, unit_scale

_MAX_CHARS = 200
_SUPERSCRIPTS = str.maketrans({"²": "^2", "³": "^3", "¹": "^1", "⁻": "^-"})
_TOKEN_RE = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+)"
    # a unit: words with powers, joined by "/" or a space or a dot between two unit words ("m/s^2", "kg m^2", "N.m")
    r"|(?P<unit>[A-Za-zμµΩ]+(?:\^-?\d)?(?:(?:\s*/\s*|\s+|\.)(?!\d)[A-Za-zμµΩ]+(?:\^-?\d)?)*)"
    r"|(?P<op>[-+*/()]))"
)
# base units of each dimension, in the order of units.Dim (length, mass, time, current, temperature, amount, dollars,
# information, pounds sterling)
_BASE = ("m", "kg", "s", "A", "K", "mol", "dollar", "B", "gbp")


def _tokens(s: str) -> list[tuple[str, str]] | None:
    out, i = [], 0
    while i < len(s):
        m = _TOKEN_RE.match(s, i)
        if m is None or m.end() == i:
            return None if s[i:].strip() else out
        kind = m.lastgroup or ""
        out.append((kind, m.group(kind).strip()))
        i = m.end()
    return out


class _Reader:
    """expr := term (("+" | "-") term)*; term := factor (("*" | "/") factor)*; factor := number [unit] | "(" expr ")"."""

    def __init__(self, toks: list[tuple[str, str]]) -> None:
        self.toks, self.i = toks, 0

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def expr(self) -> tuple[sympy.Rational, Dim]:
        value, dim = self.term()
        while (t := self.peek()) is not None and t[0] == "op" and t[1] in "+-":
            self.i += 1
            other, other_dim = self.term()
            if other_dim != dim:
                raise ValueError("a sum of two dimensions")
            value = value + other if t[1] == "+" else value - other
        return value, dim

    def term(self) -> tuple[sympy.Rational, Dim]:
        value, dim = self.factor()
        while (t := self.peek()) is not None and t[0] == "op" and t[1] in "*/":
            self.i += 1
            other, other_dim = self.factor()
            sign = 1 if t[1] == "*" else -1
            if sign < 0 and other == 0:
                raise ValueError("division by zero")
            value = value * other if sign > 0 else value / other
            dim = tuple(a + sign * b for a, b in zip(dim, other_dim))  # type: ignore[assignment]
        return value, dim

    def factor(self) -> tuple[sympy.Rational, Dim]:
        t = self.peek()
        if t is None:
            raise ValueError("missing operand")
        self.i += 1
        if t == ("op", "("):
            inner = self.expr()
            if self.peek() != ("op", ")"):
                raise ValueError("unclosed bracket")
            self.i += 1
            return inner
        if t[0] != "num":
            raise ValueError("not a number")
        value = sympy.Rational(t[1])
        while self.peek() == ("op", "/") and self.i + 1 < len(self.toks) and self.toks[self.i + 1][0] == "num":
            if sympy.Rational(self.toks[self.i + 1][1]) == 0:
                raise ValueError("division by zero")
            value /= sympy.Rational(self.toks[self.i + 1][1])  # "3/4 m": a unit after a plain fraction applies to it
            self.i += 2
        unit = self.peek()
        if unit is None or unit[0] != "unit":
            return value, (0,) * 9  # type: ignore[return-value]
        self.i += 1
        scale = unit_scale(" ".join(re.sub(r"\s*/\s*", " / ", unit[1]).replace(".", " ").split()))
        if scale is None:
            raise ValueError("not a unit")
        return value * scale[1], scale[0]


def _si_unit(dim: Dim) -> str:
    """The SI unit of a dimension as the parser reads it ("m^2 kg s^-2")."""
    return " ".join(b if p == 1 else f"{b}^{p}" for b, p in zip(_BASE, dim) if p)


def worked_quantity(answer: str) -> str | None:
    """``answer`` worked out when it is arithmetic on quantities with units (see the module), as a value and its SI
    unit ("\\\\frac{3683}{5000} \\\\text{ m}"), or a plain number when the units cancel; None otherwise."""
    if len(answer) > _MAX_CHARS:
        return None
    s = strip_math_delimiters(answer).translate(_SUPERSCRIPTS)
    s = re.sub(r"\\(?:mathrm|text|rm|mbox)\s*\{([^{}]*)\}", r" \1 ", s)
    s = re.sub(r"\\[,;: !]|~", " ", s).replace("\\times", "*").replace("\\cdot", "*").replace("×", "*").replace("·", "*")
    s = s.replace("\\left", "").replace("\\right", "").replace("−", "-").strip().rstrip(".")
    if "\\" in s or "{" in s:
        return None
    toks = _tokens(s)
    if not toks or sum(k == "num" for k, _ in toks) < 2 or not any(k == "unit" for k, _ in toks):
        return None
    if not any(k == "op" and v in "+-*/" for k, v in toks):
        return None
    reader = _Reader(toks)
    try:
        value, dim = reader.expr()
    except (ValueError, ZeroDivisionError, TypeError):
        return None
    if reader.i != len(toks):
        return None
    written = str(value.p) if value.q == 1 else f"\\frac{{{value.p}}}{{{value.q}}}"  # exact: 5 in + 2 ft is 3683/5000 m
    unit = _si_unit(dim)
    return f"{written} \\text{{ {unit}}}" if unit else written
