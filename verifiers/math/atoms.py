"""The parser's atoms: numbers (exact rationals, repeating decimals), symbols with subscripts, and functions by
name (one argument, several, big operators, the counting functions). :class:`AtomReader` is a part of
:class:`verifiers.math.expr._ExprParser`, which reads the arithmetic around them.
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.calculus import make_series
from verigrpo.verifiers.math.guards import (
    _div,
    _number,
    _repeating,
    _scalar,
    check_size,
    make_big_operator,
    make_binomial,
    make_factorial,
    make_func,
    make_pow,
)
from verigrpo.verifiers.math.lex import MULTI_FUNCS, Tok
from verigrpo.verifiers.math.nodes import MAX_FACTORIAL, ParseError

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


class AtomReader:
    """The atoms of :class:`~verifiers.math.expr._ExprParser` (its token cursor, ``peek``/``at``/``next``/
    ``expect``, and its ``parse_*`` methods are the parser's)."""

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
        if self.reading.letter_constants and name == "E" and not self.latex and name not in self.bound and self.at("OP", "^"):
            return sympy.E  # plain text's "E**(x)" is e to the x, as sympy writes it (not "E^2" in LaTeX: a point E)
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
        if name in ("Fraction", "Rational"):  # Python's Fraction(30, 1), Fraction(7); sympy's Rational(1, 2)
            if len(args) not in (1, 2):
                raise ParseError(f"{name} takes a numerator and a denominator")
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
