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
from verigrpo.verifiers.math.calculus import make_series, parse_integral, parse_limit
from verigrpo.verifiers.math.guards import (
    _div,
    _matrix_arith,
    _number,
    _repeating,
    _scalar,
    check_size,
    make_big_operator,
    make_binomial,
    make_factorial,
    make_factorial2,
    make_func,
    make_pow,
)
from verigrpo.verifiers.math.lex import (
    ANSWER,
    MULTI_FUNCS,
    Reading,
    Tok,
    _math_like,
    _word_is_symbols,
    tokenize,
)
from verigrpo.verifiers.math.nodes import (
    MAX_DEPTH,
    MAX_FACTORIAL,
    PM_SIGNS,
    Bracket,
    Expr,
    Matrix,
    ParseError,
    Union,
    is_interval,
    set_difference,
)
from verigrpo.verifiers.math.units import text_unit
from verigrpo.verifiers.math.vectors import BASIS, as_vector, norm, vector_arith

_IMPLICIT_START = {
    "NUM", "IDENT", "CONST", "FUNC", "FRAC", "SQRT", "BINOM", "BIGOP", "INT", "LIM", "BASIS", "OVERLINE", "BAR",
}  # fmt: skip
# f^{-1}(x) of these is read as the inverse by some and the reciprocal by others
# f^{-1} x of a trigonometric or hyperbolic f is its inverse function (ISO 80000-2, textbooks, KaTeX users),
# not 1/f(x); every other power of such a function is a power of its value (\sin^2 x)
_INVERSE = {
    "sin": "arcsin", "cos": "arccos", "tan": "arctan", "cot": "arccot", "sec": "arcsec", "csc": "arccsc",
    "sinh": "arsinh", "cosh": "arcosh", "tanh": "artanh", "coth": "arcoth", "sech": "arsech", "csch": "arcsch",
}  # fmt: skip
# counting functions of two arguments by name: combinations or permutations
_COUNTS = {"binom": "choose", "binomial": "choose", "nCr": "choose", "comb": "choose", "nPr": "arrange", "perm": "arrange"}
_LETTER_CONSTANTS = {"e": sympy.E, "i": sympy.I}  # unless the reading makes them symbols
# a degree or percent sign before one of these is in arithmetic (a closing brace: inside \frac{45^\circ}{180^\circ})
_ARITHMETIC_AFTER = ("+", "-", "*", "/", ")", "}")


class _ExprParser:
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
        if t.kind == "OP" and t.text == "{":  # 4{e}^{x}: a brace group after an operand is a factor
            return True
        if t.kind == "OP" and t.text == "|" and self.abs_depth == 0:
            return True
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
            v = -_scalar(self.parse_unary())
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
        if k == "SETNAME" and t.text == "R":  # \mathbb{R}
            return Bracket("(", ")", (Expr(-sympy.oo), Expr(sympy.oo)))
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

    def _number(self, t: Tok) -> sympy.Basic:
        text = t.text
        if "." in text and "e" not in text.lower():
            ip, _, fp = text.partition(".")
            # 0.\overline{3}, 0.\bar{3}, 0.1\dot{6}
            if self.at("OVERLINE") or self.at("BAR") or self.at("DOT"):
                self.next()
                if self.at("OP", "{"):
                    self.next()
                    rep = ""
                    while self.at("NUM"):
                        rep += self.next().text
                    self.expect("OP", "}")
                else:
                    rep = self.expect("NUM").text[0]
                return _repeating(ip, fp, rep)
            # 0.(3)
            if (
                self.at("OP", "(")
                and not self.peek().space
                and self.at("NUM", k=1)
                and self.at("OP", ")", k=2)
            ):
                rep = self.peek(1).text
                if rep.isdigit():
                    self.i += 3
                    return _repeating(ip, fp, rep)
            # 0.333...
            if self.at("ELLIPSIS"):
                self.next()
                m = re.search(r"(\d)\1\1$", fp)
                if m:
                    return _repeating(ip, fp[:-1], fp[-1])
                self.inexact = True
                return _number(text)
        if ("." in text or "e" in text.lower()) and self.func_depth == 0:
            # a decimal is a rounded value where it is the answer's value or a coefficient; inside a function's
            # argument (\sin 157.5^\circ, \ln 2.5) it is the exact rational it writes
            self.inexact = True
        value = _number(text)
        # mixed number: 3\frac{1}{2}
        before = self.toks[self.i - 2] if self.i >= 2 else None  # (the token before this number)
        after_operator = before is not None and (before.kind == "SQRT" or before.kind == "OP" and before.text in "^_")
        if (
            value.is_Integer and "." not in text and not after_operator and self.at("NUM") and self.peek().space
            and self.peek().text.isdigit() and self.at("OP", "/", k=1) and self.at("NUM", k=2)
            and self.peek(2).text.isdigit() and not self.peek(1).space and not self.peek(2).space
            and not self.at("OP", "^", k=3) and 0 < int(self.peek().text) < int(self.peek(2).text)
        ):  # "1 2/3 + 4 5/6": plain text's mixed numbers in an expression (a space between two numbers is no product)
            a = int(self.next().text)
            self.next()  # the slash
            return value + sympy.Rational(a, int(self.next().text))
        if value.is_Integer and "." not in text and self.at("FRAC") and not after_operator:
            # (not "\sqrt2\frac12" nor "2^2\frac12": a root's or a power's digit, then a factor)
            save = self.i
            self.next()
            try:
                a = self.latex_arg()
                b = self.latex_arg()
            except ParseError:
                self.i = save
                return value
            if a.is_Integer and b.is_Integer and 0 < a < b:
                return value + sympy.Rational(a, b)
            self.i = save
        return value

    def _symbol(self, name: str, subscript: bool = True) -> sympy.Basic:
        if self.reading.letter_constants and name in _LETTER_CONSTANTS and name not in self.bound:
            return _LETTER_CONSTANTS[name]
        if self.reading.letter_constants and name == "I" and not self.latex and name not in self.bound:
            return sympy.I  # plain text's I is the imaginary unit, as sympy, Mathematica and Maxima write it
        if subscript and self.at("OP", "_"):
            self.next()
            if self.at("OP", "{"):
                self.next()
                sub = ""
                while not self.at("OP", "}"):
                    tt = self.next()
                    # a_{n-1}, x_{i+1}, a_{i,j}: an index expression is part of the name; I_{\max}, T_{\text{max}}:
                    # a word set as a function name or as text is one too
                    if tt.kind not in ("NUM", "IDENT", "WORD", "FUNC", "TEXT") and not (
                        tt.kind == "OP" and tt.text in "+-,"
                    ):
                        raise ParseError("bad subscript")
                    sub += tt.text.strip()
                self.next()
            else:
                tt = self.next()
                if tt.kind not in ("NUM", "IDENT"):
                    raise ParseError("bad subscript")
                if not self.latex and not tt.space:  # plain text (sympy): v_zmf, x_12 are whole names
                    sub = tt.text
                    while (self.at("IDENT") or self.at("NUM") or self.at("WORD")) and not self.peek().space:
                        if self.at("OP", "_", k=1):  # "r_1r_2": the next letter opens a subscripted name of its own
                            break
                        sub += self.next().text
                else:  # TeX: an unbraced subscript is one token, x_12 is x_1 2
                    sub = tt.text[0] if tt.kind == "NUM" else tt.text
                    if tt.kind == "NUM" and len(tt.text) > 1:
                        self.toks.insert(self.i, Tok("NUM", tt.text[1:]))
            if not re.fullmatch(r"[A-Za-z0-9]{1,8}|[A-Za-z0-9](?:[-+,]?[A-Za-z0-9]){1,7}", sub):
                raise ParseError("bad subscript")
            name = f"{name}_{sub}"
        return sympy.Symbol(name)

    def _function(self, name: str) -> sympy.Basic:
        self.func_depth += 1
        try:
            return self._function_inner(name)
        finally:
            self.func_depth -= 1

    def _function_inner(self, name: str) -> sympy.Basic:
        if name in MULTI_FUNCS:
            return self._multi_function(name)
        power = None
        base = None
        if self.at("OP", "^"):  # \sin^2 x
            self.next()
            power = _scalar(self.parse_exponent()) if not self.latex else self.latex_arg()
        if self.at("OP", "_") and name in ("log", "ln"):  # \log_2 x; \ln_e x, redundant but seen
            self.next()
            base = self._number(self.next()) if self.at("NUM") and not self.latex else self.latex_arg()  # log_10(x)
        if self.at("OP", "(") or self.at("OP", "{"):
            opener = self.next().text
            self.enter()
            arg = _scalar(self.parse_expr())
            self.depth -= 1
            self.expect("OP", ")" if opener == "(" else "}")
        elif name == "sqrt" and self.latex:
            arg = self.latex_arg()
        else:
            # \sin 2x: the argument is a product of powers, stopping before another function
            self.enter()
            arg = _scalar(self.parse_power())
            while self.at("IDENT") or self.at("CONST"):
                arg = arg * _scalar(self.parse_power())
            self.depth -= 1
        if power is not None and power == -1 and name in _INVERSE:
            name, power = _INVERSE[name], None
        v = make_func(name, arg, base)
        if power is not None:
            v = make_pow(v, power)
        return v

    def _big_operator(self, name: str) -> sympy.Basic:
        """``\\sum_{k=1}^{n} k^2``, ``\\prod_{k=1}^{3} \\cos(kx)``: the summand is a product of powers."""
        self.expect("OP", "_")
        self.expect("OP", "{")
        index = self.expect("IDENT").text
        self.expect("REL", "=")
        self.enter()
        lo = _scalar(self.parse_expr())
        self.expect("OP", "}")
        self.expect("OP", "^")
        hi = self.latex_arg()
        outer, self.bound = self.bound, self.bound | {index}  # \sum_{i=1}^{3} i: i is the index here
        try:
            term = _scalar(self.parse_term())  # the body is a whole term: 2(4n)^3, k \cdot x, k/2
        finally:
            self.bound = outer
        self.depth -= 1
        if name == "sum" and hi == sympy.oo and lo.is_Integer:  # \sum_{n=0}^{\infty} \frac{1}{n!}
            return make_series(term, sympy.Symbol(index), lo)
        return make_big_operator(name, sympy.Symbol(index), lo, hi, term)

    def _multi_function(self, name: str) -> sympy.Basic:
        """``\\gcd(4, 6)``, ``lcm(4, 6)``, ``\\max(a, b)``: the arguments in parentheses (or in set braces,
        ``\\max\\{1, |c|\\}``: the maximum of a set)."""
        closer = "\\}" if self.at("OP", "\\{") else ")"
        self.expect("OP", "\\{" if closer == "\\}" else "(")
        self.enter()
        args = [_scalar(self.parse_expr())]
        while self.at("OP", ","):
            self.next()
            args.append(_scalar(self.parse_expr()))
        self.depth -= 1
        self.expect("OP", closer)
        if len(args) > 20:
            raise ParseError("too many arguments")
        if name in ("gcd", "lcm"):  # integers only: sympy's gcd of symbols is a polynomial gcd
            if len(args) < 2 or not all(a.is_Integer for a in args):
                raise ParseError(f"{name} of non-integers")
            out = args[0]
            for a in args[1:]:
                out = sympy.igcd(out, a) if name == "gcd" else sympy.ilcm(out, a)
            return sympy.Integer(out)
        if name == "Fraction":  # Python's Fraction(numerator, denominator), Fraction(7)
            if len(args) not in (1, 2):
                raise ParseError("Fraction takes a numerator and a denominator")
            return args[0] if len(args) == 1 else _div(args[0], args[1])
        if name in ("nthRoot", "nthroot", "root"):  # the n-th root, real as \sqrt[n]{} is: nthRoot(-8, 3) is -2
            if len(args) != 2:
                raise ParseError(f"{name} takes a radicand and an index")
            return make_pow(args[0], _div(sympy.Integer(1), args[1]))
        if name in ("pow", "atan2"):  # a CAS's / C's pow(a, b) and atan2(y, x)
            if len(args) != 2:
                raise ParseError(f"{name} takes two arguments")
            return make_pow(*args) if name == "pow" else check_size(sympy.atan2(*args))
        if name in _COUNTS:  # binom(n, k) = nCr(n, k) = comb(n, k); nPr(n, k) = perm(n, k) = n! / (n - k)!
            if len(args) != 2:
                raise ParseError(f"{name} takes two arguments")
            n, k = args
            binomial = make_binomial(n, k)
            return binomial if _COUNTS[name] == "choose" else check_size(binomial * make_factorial(k))
        if name in ("diff", "Derivative"):  # a CAS's derivative: diff(f, x), Derivative(f, x, 2)
            order = args[2] if len(args) == 3 else sympy.Integer(1)
            if len(args) not in (2, 3) or not isinstance(args[1], sympy.Symbol) or not (
                order.is_Integer and 1 <= order <= 10
            ):
                raise ParseError(f"{name} takes a function, a variable and an order")
            return check_size(sympy.diff(args[0], args[1], int(order)))
        if name in ("beta", "Beta"):  # B(a, b) = Gamma(a) Gamma(b) / Gamma(a + b)
            if len(args) != 2:
                raise ParseError("beta takes two arguments")
            if all(a.is_Integer and a > 0 for a in args):
                a, b = args
                return make_factorial(a - 1) * make_factorial(b - 1) / make_factorial(a + b - 1)
            if any(a.is_number and abs(complex(a.evalf(15))) > MAX_FACTORIAL for a in args):
                raise ParseError("beta argument out of range")
            return sympy.gamma(args[0]) * sympy.gamma(args[1]) / sympy.gamma(args[0] + args[1])
        return (sympy.Max if name == "max" else sympy.Min)(*args)

    # -- structures inside an expression: brackets, groups, sets, matrices are parsed by the grammar
    # (verifiers.math.grammar._Parser defines these)
    def _bracket(self, *args: Any) -> Any:
        raise NotImplementedError

    def _group(self, *args: Any) -> Any:
        raise NotImplementedError

    def _set(self, *args: Any) -> Any:
        raise NotImplementedError

    def _matrix(self, *args: Any) -> Any:
        raise NotImplementedError
