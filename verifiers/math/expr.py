"""The parser, part 1: arithmetic. Builds sympy values directly from tokens (no ``eval``, no
``sympify``, no ``parse_expr``): sums, products (implicit ones too), powers, factorials, fractions, roots,
functions, numbers (exact rationals; repeating decimals), symbols with subscripts, absolute values.

:class:`_ExprParser` is the base of :class:`verifiers.math.grammar._Parser`, which adds the structures
(answers, relations, units, brackets, sets, matrices).
"""

from __future__ import annotations

import re
from typing import Any

import sympy
from verigrpo.verifiers.math.atoms import AtomReader
from verigrpo.verifiers.math.calculus import parse_integral, parse_limit
from verigrpo.verifiers.math.guards import (
    _div,
    _matrix_arith,
    _scalar,
    check_size,
    make_binomial,
    make_factorial,
    make_factorial2,
    make_func,
    make_pow,
)
from verigrpo.verifiers.math.lex import (
    ANSWER,
    Reading,
    Tok,
    _math_like,
    _word_is_symbols,
    tokenize,
)
from verigrpo.verifiers.math.nodes import (
    MAX_DEPTH,
    PM_SIGNS,
    Bracket,
    Matrix,
    ParseError,
    Union,
    is_interval,
    number_set,
    set_difference,
)
from verigrpo.verifiers.math.units import text_unit
from verigrpo.verifiers.math.vectors import BASIS, as_vector, norm, vector_arith

_IMPLICIT_START = {
    "NUM", "IDENT", "CONST", "FUNC", "FRAC", "SQRT", "BINOM", "BIGOP", "INT", "LIM", "BASIS", "OVERLINE", "BAR", "DOT", "DDOT",
}  # fmt: skip
# a degree or percent sign before one of these is in arithmetic (a closing brace: inside \frac{45^\circ}{180^\circ})
_ARITHMETIC_AFTER = ("+", "-", "*", "/", ")", "}")


# \frac{dy}{dx}, \frac{d^2y}{dx^2}, \frac{d^{2} y}{d x^{2}} as tokens, one per word ("#" marks a number)
_LEIBNIZ_RE = re.compile(
    r"\{ d (?:\^ (?:\{ )?#(\d) (?:\} )?)?([A-Za-z]) \} \{ d ([A-Za-z]) (?:\^ (?:\{ )?#(\d) (?:\} )?)?\}"
)


class _ExprParser(AtomReader):
    """Arithmetic over a token list; :class:`verifiers.math.grammar._Parser` adds the answer grammar."""

    def __init__(self, toks: list[Tok], latex: bool, reading: Reading = ANSWER) -> None:
        self.toks = toks
        self.i = 0
        self.latex = latex
        self.reading = reading
        self.depth = 0
        self.inexact = False
        self.abs_depth = 0
        self.func_depth = 0
        self.degrees_converted = False
        self.angle_degrees = False  # a degree sign converted outside any function (an angle in degrees)
        self.function_degrees = False  # ... inside a function's argument (\sin 30^\circ: not an angle)
        self.bound: frozenset[str] = frozenset()  # the index letters of the \sum / \prod being read
        self.pm_used = 0  # the \pm signs read so far: each gets its own placeholder (nodes.PM_SIGNS)

    # -- helpers
    def peek(self, k: int = 0) -> Tok | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def at(self, kind: str, text: str | None = None, k: int = 0) -> bool:
        t = self.peek(k)
        return t is not None and t.kind == kind and (text is None or t.text == text)

    def next(self) -> Tok:
        t = self.peek()
        if t is None:
            raise ParseError("unexpected end")
        self.i += 1
        return t

    def expect(self, kind: str, text: str | None = None) -> Tok:
        if not self.at(kind, text):
            raise ParseError(f"expected {text or kind}")
        return self.next()

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError("nesting too deep")

    # -- arithmetic: returns a sympy expression, or a Node for structures
    def parse_expr(self):
        self.enter()
        left = self.parse_term()
        while self.at("OP", "+") or self.at("OP", "-") or self.at("OP", "pm") or self.at("OP", "mp"):
            op = self.next().text
            right = self.parse_term()
            if isinstance(left, Matrix) or isinstance(right, Matrix):  # an unevaluated matrix sum
                left = _matrix_arith(op, left, right)
                continue
            if op == "-" and (is_interval(left) or isinstance(left, Union)) and isinstance(right, (Bracket, Union)):
                left = set_difference(left, right)  # "(0,6] - (0,2]": plain text's set difference
                continue
            if op in ("+", "-") and (as_vector(left) is not None or as_vector(right) is not None):
                left = vector_arith(op, left, right)  # "(1,2)+(3,4)"
                continue
            left, right = _scalar(left), _scalar(right)
            if op == "+":
                left = left + right
            elif op == "-":
                left = left - right
            else:
                left = left + self._pm_sign(op) * right
            check_size(left)
        self.depth -= 1
        return left

    def parse_term(self):
        left = self.parse_unary()
        while True:
            t = self.peek()
            if t is None:
                break
            if t.kind == "OP" and t.text == "mod":  # a \bmod b: the residue in [0, b), bound like a product
                self.next()
                right = _scalar(self.parse_unary())
                if right == 0:
                    raise ParseError("mod by zero")
                left = check_size(sympy.Mod(_scalar(left), right))
                continue
            if t.kind == "OP" and t.text in ("*", "/"):
                self.next()
                right = self.parse_unary()
                if t.text == "*" and (isinstance(left, Matrix) or isinstance(right, Matrix)):
                    left = _matrix_arith("*", left, right)  # an unevaluated matrix product
                    continue
                if t.text == "*" and (as_vector(left) is not None or as_vector(right) is not None):
                    left = vector_arith("*", left, right, cross=t.cmd == "times")  # a dot or cross product
                    continue
                right = _scalar(right)
                left = check_size(_scalar(left) * right if t.text == "*" else _div(_scalar(left), right))
            elif self._implicit_ok(t) or (t.kind == "BEGIN" and isinstance(left, (Matrix, sympy.Basic))):
                right = self.parse_power()
                if isinstance(left, Matrix) or isinstance(right, Matrix):
                    left = _matrix_arith("*", left, right)
                    continue
                if as_vector(right) is not None and as_vector(left) is None:
                    left = vector_arith("*", left, right)  # "2(3,4)": a number scales a vector
                    continue
                left = check_size(_scalar(left) * _scalar(right))
            else:
                break
        return left

    def _implicit_ok(self, t: Tok) -> bool:
        if t.kind == "IDENT" and t.text == "mu" and self._micro_prefix_at(1):
            return False  # 139 \mu\text{m}: the micro prefix
        if t.kind in _IMPLICIT_START:
            if t.kind == "NUM":
                return self._after_closed_factor()  # "2 3" is not a product; "5!7!" and "2^6 3^5" are
            return True
        if t.kind == "WORD":
            return _word_is_symbols(t.text)
        if t.kind == "TEXT":
            # an upright unit symbol (\mathrm{J}, \text{ kg}) is a unit, not a factor: LaTeX sets symbols in italics
            return _math_like(t.text.strip()) and text_unit(t.text) is None
        if t.kind == "OP" and t.text in ("(", "lfloor", "lceil"):
            return True
        if t.kind == "OP" and t.text == "[":  # "\frac14 [\cos 2t + \sin 2t]": a bracket of one term groups, as "(" does
            return self._grouping_bracket()
        if t.kind == "OP" and t.text == "{":  # 4{e}^{x}: a brace group after an operand is a factor
            return True
        if t.kind == "OP" and t.text == "|" and self.abs_depth == 0:
            return True
        return False

    def _grouping_bracket(self) -> bool:
        """The "[" at the cursor closes with a "]" and holds no comma or semicolon at its own level: a group, not an
        interval or a list."""
        depth = 0
        for tok in self.toks[self.i : self.i + 400]:
            if tok.kind != "OP":
                continue
            if tok.text in ("(", "[", "{"):
                depth += 1
            elif tok.text in (")", "]", "}"):
                depth -= 1
                if depth == 0:
                    return tok.text == "]"
            elif tok.text in (",", ";") and depth == 1:
                return False
        return False

    def _pm_sign(self, op: str) -> sympy.Basic:
        """The placeholder of a \\pm ("pm": a new one) or of a \\mp ("mp": minus the last \\pm's)."""
        if op == "mp" and self.pm_used:
            return -PM_SIGNS[self.pm_used - 1]
        if self.pm_used >= len(PM_SIGNS):
            raise ParseError("too many \\pm signs")
        self.pm_used += 1
        return PM_SIGNS[self.pm_used - 1] if op == "pm" else -PM_SIGNS[self.pm_used - 1]

    def parse_unary(self):
        if self.at("OP", "pm") or self.at("OP", "mp"):  # "\pm 2"
            return self._pm_sign(self.next().text) * _scalar(self.parse_unary())
        if self.at("OP", "-"):
            self.next()
            self.enter()
            operand = self.parse_unary()
            # "-\begin{pmatrix}1&2\\3&4\end{pmatrix}": a matrix negated entry by entry
            v = _matrix_arith("*", sympy.Integer(-1), operand) if isinstance(operand, Matrix) else -_scalar(operand)
            self.depth -= 1
            return v
        if self.at("OP", "+"):
            self.next()
            return self.parse_unary()
        return self.parse_power()

    def parse_power(self):
        base = self.parse_postfix()
        if self.at("OP", "^"):
            self.next()
            self.enter()
            exp = _scalar(self.parse_exponent())
            self.depth -= 1
            base = make_pow(_scalar(base), exp)
        return base

    def parse_exponent(self):
        if self.at("OP", "-"):
            self.next()
            return -_scalar(self.parse_exponent())
        if self.at("OP", "+"):
            self.next()
            return self.parse_exponent()
        if self.latex and self.at("NUM") and len(self.peek().text) > 1 and not self.peek().text[1:2] == ".":
            return self._split_num()
        if self.at("OP", "{"):
            v = self.parse_postfix()
            if self.at("OP", "^"):  # "e^{-x}^2": LaTeX refuses a double superscript; neither reading is the writer's
                raise ParseError("a double superscript")
            return v
        return self.parse_power()

    def _split_num(self) -> sympy.Basic:
        """LaTeX ``x^23`` / ``\\frac12``: the argument is the first digit only."""
        t = self.next()
        if not t.text[0].isdigit():
            raise ParseError("bad one-digit argument")
        rest = t.text[1:]
        self.toks.insert(self.i, Tok("NUM", rest, False))
        return sympy.Integer(int(t.text[0]))

    def parse_postfix(self):
        v = self.parse_atom()
        while self.at("OP", "!") and not self.at("REL", k=1):
            self.next()
            if self.at("OP", "!") and not self.peek().space and not self.at("REL", k=1):
                self.next()  # "5!!": the double factorial, 5 * 3 * 1 (not (5!)!)
                v = make_factorial2(_scalar(v))
            else:
                v = make_factorial(_scalar(v))
        if self.at("PERCENT") and self._arithmetic_after():
            # 20\% \cdot 50: in arithmetic a percent sign is hundredths; a lone trailing one stays a marker
            # (50\% equals 50 and 0.5)
            self.next()
            v = _div(_scalar(v), sympy.Integer(100))
        if self.at("DEGREE"):
            # inside \sin 30^\circ or 45^\circ + 30^\circ a degree sign converts to radians;
            # a lone trailing one stays a marker (30^\circ equals 30 and \pi/6)
            if self.func_depth > 0 or self._arithmetic_after() or self.degrees_converted:
                self.next()
                self.degrees_converted = True
                if self.func_depth > 0:
                    self.function_degrees = True
                else:
                    self.angle_degrees = True
                v = _scalar(v) * sympy.pi / 180
        return v

    def _arithmetic_after(self) -> bool:
        """The token after the current one is an arithmetic operator or a closing parenthesis."""
        t = self.peek(1)
        return t is not None and t.kind == "OP" and t.text in _ARITHMETIC_AFTER

    def radicand(self) -> sympy.Basic:
        """The argument of ``\\sqrt``: a ``{group}``, a whole number (``\\sqrt 16`` is 4: nobody who writes it
        means TeX's reading, the root of 1 then a 6) or a single atom (``\\sqrt x``, ``\\sqrt\\pi``)."""
        if self.at("NUM"):
            return _scalar(self.parse_atom())
        return self.latex_arg()

    def latex_arg(self) -> sympy.Basic:
        """One LaTeX argument: ``{...}``, a single digit, or a single token atom."""
        if self.at("OP", "{"):
            self.next()
            self.enter()
            v = _scalar(self.parse_expr())
            self.depth -= 1
            self.expect("OP", "}")
            return v
        if self.at("NUM") and len(self.peek().text) > 1:
            return self._split_num()
        return _scalar(self.parse_atom())

    def _derivative_operator(self) -> tuple[int, sympy.Basic] | None:
        """After ``\\frac``: ``{d}{dx}`` or ``{d^n}{dx^n}`` followed by an operand -> (n, x), the tokens consumed;
        else None and nothing consumed."""
        toks = self.toks[self.i : self.i + 11]
        text = " ".join(f"#{t.text}" if t.kind == "NUM" else t.text for t in toks)  # one token per word
        m = re.match(r"\{ d (?:\^ #(\d) )?\} \{ d ([A-Za-z]) (?:\^ #(\d) )?\}", text)
        if m is None or (m.group(1) or "1") != (m.group(3) or "1"):
            return None
        used = m.group().count(" ") + 1
        after = self.peek(used)
        if after is None or after.kind in ("REL", "CONN") or (after.kind == "OP" and after.text in ",;)]}"):
            return None
        self.i += used
        return int(m.group(1) or 1), self._symbol(m.group(2), subscript=False)

    def _leibniz_name(self) -> sympy.Symbol | None:
        """After ``\\frac``: ``{dy}{dx}`` or ``{d^n y}{dx^n}`` -> the symbol ``y'`` (one prime per order), the tokens
        consumed; else None and nothing consumed. (The name :func:`~verifiers.math.lex.label_name` gives the label.)"""
        toks = self.toks[self.i : self.i + 12]
        text = " ".join(f"#{t.text}" if t.kind == "NUM" else t.text for t in toks)
        m = _LEIBNIZ_RE.match(text)
        if m is None or (m.group(1) or "1") != (m.group(4) or "1") or m.group(2) == "d":
            return None
        self.i += m.group().count(" ") + 1
        return sympy.Symbol(m.group(2) + "'" * int(m.group(1) or 1))

    def _micro_prefix_at(self, k: int) -> bool:
        """The token ``k`` ahead is a unit symbol that takes the micro prefix (``\\mu\\text{m}``, ``\\mu \\mathrm{C}``)."""
        t = self.peek(k)
        if t is None or t.kind not in ("TEXT", "IDENT", "UNIT", "WORD"):
            return False
        lead = re.match(r"[A-Za-z]*", t.text.strip()).group()  # type: ignore[union-attr]  # \mu\mathrm{C/m^2}
        return text_unit("u" + t.text.strip()) is not None or (t.kind == "TEXT" and text_unit("u" + lead) is not None)

    def _after_closed_factor(self) -> bool:
        """A number right after a factorial (``5!7!``) or after a power of a number (``2^6 3^5``, ``2^{6}3^{5}``,
        as prime factorisations are written), or a power of a number right after a closing parenthesis
        (``(n+1)2^n``), starts a new factor; after anything else it needs an operator (``(a)2``, ``2 3``)."""
        prev = [(t.kind, t.text) for t in self.toks[max(0, self.i - 5) : self.i]]
        if prev[-1:] == [("OP", "!")]:
            return True
        if prev[-1:] == [("OP", ")")] and self.at("OP", "^", k=1):
            return True
        if prev and prev[-1][0] == "IDENT" and self.at("OP", "^", k=1) and self.at("OP", "{", k=2):
            return True  # "n2^{n}": TeX's n times 2^n (a braced exponent: TeX, not plain text's "x2")
        kinds = [k if k == "NUM" else text for k, text in prev]
        if kinds[-5:] == ["NUM", "^", "{", "NUM", "}"]:
            return True
        if prev[-1:] == [("OP", "}")] and not self.toks[self.i].space and self._closes_fraction(self.i - 1):
            return True  # "\frac{1}{n}4": TeX sets the number after the fraction as a factor
        return kinds[-3:] == ["NUM", "^", "NUM"] and self.toks[self.i].space

    def _closes_fraction(self, j: int) -> bool:
        """The "}" at token ``j`` closes the denominator of a ``\\frac{..}{..}``."""
        for _ in range(2):  # the denominator's group, then the numerator's
            depth = 0
            while j >= 0:
                t = self.toks[j]
                depth += (t.kind, t.text) == ("OP", "}")
                depth -= (t.kind, t.text) == ("OP", "{")
                if depth == 0:
                    break
                j -= 1
            j -= 1
            if j < 0:
                return False
            if (self.toks[j].kind, self.toks[j].text) != ("OP", "}"):
                return self.toks[j].kind == "FRAC" and _ == 1
        return False

    def parse_atom(self):
        t = self.next()
        k = t.kind
        if k == "NUM":
            return self._number(t)
        if k == "IDENT":
            return self._symbol(t.text)
        if k == "BASIS":
            return BASIS[t.text]
        if k == "WORD":
            if not _word_is_symbols(t.text):
                raise ParseError(f"word {t.text!r} in an expression")
            out = sympy.Integer(1)
            for ch in t.text:
                out = out * self._symbol(ch, subscript=False)
            return out
        if k == "CONST":
            return sympy.pi if t.text == "pi" else sympy.oo
        if k == "TEXT":
            c = t.text.strip()
            if c == "e":
                return sympy.E
            if c == "i":
                return sympy.I
            if re.fullmatch(r"\d+(?:\.\d+)?", c):
                return self._number(Tok("NUM", c))
            if _math_like(c):  # \mathrm{\pi}, \mathbf{x}
                sub = type(self)(tokenize(c), latex=True, reading=self.reading)
                sub.depth = self.depth + 1
                v = _scalar(sub.parse_expr())
                if sub.peek() is not None:
                    raise ParseError("trailing tokens in a group")
                self.inexact |= sub.inexact
                return v
            raise ParseError("text inside an expression")
        if k == "FRAC":
            named = self._leibniz_name()
            if named is not None:  # \frac{dy}{dx}: the derivative of y, named (never y/x)
                return named
            derivative = self._derivative_operator()
            if derivative is not None:  # \frac{d}{dx} x^3, \frac{d^2}{dx^2}[\sin x]: worked out
                order, var = derivative
                self.enter()
                f = _scalar(self.parse_power())
                self.depth -= 1
                return check_size(sympy.diff(f, var, order))
            num = self.latex_arg()
            den = self.latex_arg()
            return _div(num, den)
        if k == "SQRT":
            index = None
            if self.at("OP", "["):
                self.next()
                index = _scalar(self.parse_expr())
                self.expect("OP", "]")
            arg = self.radicand()
            if index is None:
                return make_pow(arg, sympy.Rational(1, 2))
            if index == 0:
                raise ParseError("zeroth root")
            return make_pow(arg, _div(sympy.Integer(1), index))  # \sqrt[3]{-8} is -2 (see make_pow)
        if k in ("OVERLINE", "BAR"):
            # \overline{3+4i} is the conjugate 3-4i; \bar{z}, \bar{x}, \overline{AB} (a conjugate, a mean, a
            # segment) are quantities of their own, equal to no value of z, x or AB
            v = self.latex_arg()
            return sympy.conjugate(v) if v.is_number else sympy.Symbol(f"\\overline{{{v}}}")
        if k in ("DOT", "DDOT"):  # \dot{x}, \ddot{x}: a time derivative, a quantity of its own (not 0.1\dot{6})
            return self._symbol(f"\\{t.text}{{{self.latex_arg()}}}")  # (with its subscript: \dot{x}_0)
        if k == "BINOM":
            n = self.latex_arg()
            kk = self.latex_arg()
            return make_binomial(n, kk)
        if k == "FUNC":
            return self._function(t.text)
        if k == "BIGOP":
            return self._big_operator(t.text)
        if k == "INT":
            return parse_integral(self)
        if k == "LIM":
            return parse_limit(self)
        if k == "EMPTY":
            return Bracket("{", "}", ())
        if k == "SETNAME" and t.text in "RZNQC":  # \mathbb{R}, \mathbb{R}^+, \mathbb{Z}_{>0}, \mathbb{N}^*
            return number_set(t.text, self._set_decoration())
        if k == "BEGIN":
            return self._matrix(t.text)
        if k == "OP":
            if t.text in ("(", "["):
                return self._bracket(t.text)
            if t.text == "{":
                return self._group()
            if t.text == "\\{":
                return self._set()
            if t.text in ("lfloor", "lceil"):  # \lfloor x \rfloor, \lceil x \rceil
                self.enter()
                v = _scalar(self.parse_expr())
                self.depth -= 1
                self.expect("OP", "rfloor" if t.text == "lfloor" else "rceil")
                return make_func("floor" if t.text == "lfloor" else "ceil", v)
            if t.text == "||":  # \|v\|
                self.enter()
                v = norm(self.parse_expr())
                self.depth -= 1
                self.expect("OP", "||")
                return v
            if t.text == "|":
                self.abs_depth += 1
                self.enter()
                v = _scalar(self.parse_expr())
                self.depth -= 1
                self.expect("OP", "|")
                self.abs_depth -= 1
                return sympy.Abs(v)
        raise ParseError(f"unexpected {t.text!r}")

    # -- structures inside an expression: brackets, groups, sets, matrices are parsed by the grammar
    # (verifiers.math.grammar._Parser defines these)
    def _set_decoration(self) -> str:
        """The sign decoration after a number set's letter, read off: ``^+``, ``_{+}``, ``^{*}`` -> ``"+"``/``"*"``,
        ``_{>0}``, ``_{\\geq 0}``, ``_{<0}`` -> ``">0"``, ``">=0"``, ``"<0"``, ``_0`` -> ``">=0"``; ``""`` for none
        (the tokens are left where no decoration reads)."""
        if not (self.at("OP", "^") or self.at("OP", "_")):
            return ""
        j, braced = 1, self.at("OP", "{", k=1)
        j += braced
        t = self.peek(j)
        if t is None:
            return ""
        if t.kind == "OP" and t.text in "+-*":
            mark, j = t.text, j + 1
        elif t.kind == "REL" and t.text in (">", ">=", "<") and self.at("NUM", "0", k=j + 1):
            mark, j = t.text + "0", j + 2
        elif self.at("OP", "_") and t.kind == "NUM" and t.text == "0":
            mark, j = ">=0", j + 1
        else:
            return ""
        if braced:
            if not self.at("OP", "}", k=j):
                return ""
            j += 1
        self.i += j
        return mark

    def _bracket(self, *args: Any) -> Any:
        raise NotImplementedError

    def _group(self, *args: Any) -> Any:
        raise NotImplementedError

    def _set(self, *args: Any) -> Any:
        raise NotImplementedError

    def _matrix(self, *args: Any) -> Any:
        raise NotImplementedError
