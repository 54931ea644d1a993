"""The parser, part 3: what names a value on the left of ``=`` (:class:`LabelReader`, mixed into the answer grammar of
:mod:`verifiers.math.grammar`): a quantity named by letters (``AB = 4``, ``|AB| = 1``, ``V_1:V_2 = 11:21``), a function
evaluated at a point or a trigonometric value (``f(2) = 5``, ``\\cos C = \\frac{\\sqrt7}{4}``), a derived function
(``f'(x) =``, ``y' =``), and one to three words (``Area =``)."""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.lex import Tok, _word_is_symbols
from verigrpo.verifiers.math.nodes import Bracket, Expr, Node, ParseError, Relation, Text

_TRIG_RE = re.compile(r"sin|cos|tan|cot|sec|csc")  # "\\cos C = ...": the cosine of an angle, named
# letters that name functions (f(2), g(-1), P(3)); x(3), a(2), n(4) are products with an unknown
_FUNCTION_LETTERS = frozenset("fghpqrsuvwFGHPQRSTUVW")


def _possible_value(name: Tok, value: Expr) -> bool:
    """A named quantity's value must be one it can take: a plain number (no unit, no degree sign), in [-1, 1] for a
    sine or cosine (``\\cos C = \\frac{\\pi}{3}`` says C = pi/3 wrongly; ``\\cos x = 2`` is impossible), free of pi
    for any trigonometric value."""
    if value.unit is not None or value.marker is not None:
        return False
    if name.kind == "FUNC":
        v = value.value
        if v.has(sympy.pi) or not v.is_real:
            return False
        if name.text in ("sin", "cos") and abs(float(v)) > 1:
            return False
    return True


class LabelReader:
    """Label readers of the answer parser: each returns what it read (a relation, a name) and moves the parser past
    it, or None with the parser where it was. Uses the parser's ``peek``/``at``/``next``/``parse_struct``."""

    def _named_quantity(self) -> Node | None:
        """``AB = 4``, ``|AB| = 1``, ``\\frac{NO}{BO} = \\frac{1}{\\sqrt6}``, ``V_1:V_2 = 11:21``: a
        quantity named by letters (a segment, a ratio of segments or volumes) set equal to a value
        without letters. The name is a label, like the ``x`` of ``x = 3``; None (nothing read) when
        the tokens before ``=`` are not such a name or the value has letters."""
        k, letters, marks = 0, 0, 0
        while k < 30 and not self.at("REL", k=k):
            t = self.peek(k)
            if t is None:
                return None
            if t.kind == "IDENT" and t.text not in ("e", "i") or t.kind == "WORD" and t.text.isalpha():
                letters += len(t.text)
            elif t.kind == "FRAC" or t.kind == "OP" and t.text in ("|", ":"):
                marks += 1
            elif t.kind == "OP" and t.text == "_":  # a subscript: V_1, V_{12}, S_{MBCN}
                if self.at("NUM", k=k + 1):
                    k += 1
                elif self.at("OP", "{", k=k + 1) and self.at("NUM", k=k + 2) and self.at("OP", "}", k=k + 3):
                    k += 3
            elif not (t.kind == "OP" and t.text in ("{", "}")):
                return None
            k += 1
        if not self.at("REL", "=", k=k) or letters < 2 or (marks == 0 and letters > 4) or k == 0:
            return None
        start = self.i
        name = "".join(self.peek(j).text for j in range(k))
        self.i += k + 1
        value = self.parse_struct()
        if (
            self.at("REL")
            or not isinstance(value, (Expr, Bracket))
            or (isinstance(value, Expr) and value.value.free_symbols)
            or (isinstance(value, Bracket) and value.open != ":")
        ):
            self.i = start
            return None
        return Relation(("=",), (Text(name), value), True, name)

    def _evaluated_quantity(self) -> Node | None:
        """``f(2) = 5``, ``f(f(10)) = 1``, ``\\cos C = \\frac{\\sqrt7}{4}``, ``e = \\frac{\\sqrt3-1}{2}``: a quantity
        named by a function evaluated at a point, by a trigonometric function of one angle, or by the letter e or
        i alone (an eccentricity, an index), set equal to a value without letters: a label, like the ``x`` of
        ``x = 3``. None (nothing read) otherwise: ``f(x) = 2x`` is a labelled function, ``\\log_2 x = 3`` an
        equation."""
        k = 0
        first = self.peek()
        if first is None:
            return None
        if first.kind == "IDENT" and first.text in ("e", "i"):
            k = 1
        elif first.kind == "FUNC" and _TRIG_RE.fullmatch(first.text) and self.at("IDENT", k=1):
            k = 2 if self.peek(1).text not in ("e", "i") else 0
        elif first.kind == "IDENT" and first.text in _FUNCTION_LETTERS and self.at("OP", "(", k=1):
            depth, k, numbers = 0, 1, 0
            while k < 30 and self.peek(k) is not None:
                t = self.peek(k)
                depth += t.text == "(" if t.kind == "OP" else 0
                depth -= t.text == ")" if t.kind == "OP" else 0
                numbers += t.kind == "NUM"
                if t.kind == "REL" or depth < 0 or (
                    t.kind == "IDENT" and (t.text != first.text or not self.at("OP", "(", k=k + 1))
                ):
                    return None  # "w(12.5 - w) = 25", "x(x+1) = 12": a product with an unknown, an equation
                k += 1
                if depth == 0:
                    break
            if depth or not numbers:  # no number inside: "f(x)", a labelled function, read elsewhere
                return None
        if k == 0 or not self.at("REL", "=", k=k):
            return None
        start = self.i
        name = "".join(self.peek(j).text for j in range(k))
        try:  # the name's own reading stays its left side: against an equation in f(5), "f(5) = 5" is one too
            left = self.parse_struct()
            if self.i != start + k:
                raise ParseError("not a name")
            self.next()
            value = self.parse_struct()
        except ParseError:
            self.i = start
            return None
        chain = [value]
        while self.at("REL", "=") and len(chain) < 20:  # "f(3) = \frac{136}{1224} = \frac{17}{153}": worked out
            self.next()
            try:
                chain.append(self.parse_struct())
            except ParseError:
                self.i = start
                return None
        value = chain[-1]
        if (
            self.at("REL")
            or not all(isinstance(v, Expr) and not v.value.free_symbols for v in chain)
            or not _possible_value(first, value)
            or not all(_same_number(v, value) for v in chain[:-1])  # (a false chain stays a relation)
        ):
            self.i = start
            return None
        return Relation(("=",), (left, value), True, name)

    def _derived_function_label(self) -> str | None:
        """``f'(x)``, ``f''(x)``, ``f^{-1}(x)``, ``y'`` followed by ``=``: the name as written, else None."""
        if not self.at("IDENT"):
            return None
        primes = 0
        while primes < 3 and self.at("OP", "'", k=1 + primes):
            primes += 1
        if primes and self.at("REL", "=", k=1 + primes):  # y' = 2x, y'' = 0
            name = self.peek().text + "'" * primes
            self.i += primes + 1
            return name
        k, marks = 1, ""
        while k < 7 and not self.at("OP", "(", k=k) and self.peek(k) is not None:
            marks += self.peek(k).text
            k += 1
        if marks not in ("'", "''", "^{-1}", "^-1") or not (
            self.at("OP", "(", k=k) and self.at("IDENT", k=k + 1) and self.at("OP", ")", k=k + 2)
        ):
            return None
        if not self.at("REL", "=", k=k + 3):
            return None
        name = self.peek().text + marks + "(" + self.peek(k + 1).text + ")"
        self.i += k + 3
        return name

    def _word_label(self) -> str | None:
        """1-3 words (or one ``\\text{..}`` of words) followed by ``=``: the name, else None."""
        words: list[str] = []
        k = 0
        while k < 3 and self.at("WORD", k=k) and not _word_is_symbols(self.peek(k).text):
            words.append(self.peek(k).text)
            k += 1
        if (
            not words
            and self.at("TEXT")
            and re.fullmatch(r"\s*[A-Za-z]{2,}(?: [A-Za-z]+){0,2}\s*", self.peek().text)
        ):
            words, k = self.peek().text.split(), 1
        if not words or not self.at("REL", "=", k=k):
            return None
        self.i += k
        return " ".join(w.lower() for w in words)


def _same_number(a: Node, b: Node) -> bool:
    """Two numeric sides of a chain are the same number (to 1e-9, relatively)."""
    try:
        x, y = complex(sympy.N(a.value)), complex(sympy.N(b.value))  # type: ignore[union-attr]
    except (TypeError, ValueError):
        return False
    return abs(x - y) <= 1e-9 * max(1.0, abs(y))
