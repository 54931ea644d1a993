"""Safe parsing of plain-text and LaTeX answers into small answer trees of sympy values.

The text is untrusted model output, so nothing here calls ``eval``, ``sympify`` or
``parse_expr``: a hand-written tokenizer and recursive-descent parser build sympy objects
directly from a whitelist of tokens (numbers, single-letter and Greek symbols, known
function names, operators, brackets, a fixed set of LaTeX commands). Anything else is a
:class:`ParseError`.

What an answer parses to (:func:`parse_answer`):

- :class:`Expr` a sympy expression, plus flags: ``inexact`` (a decimal literal was read),
  ``unit`` (a trailing unit word, canonicalised), ``marker`` ("percent" or "degree");
- :class:`Relation` ``lhs op rhs [op ...]`` (=, <, >, <=, >=, !=, \\in, \\approx counts as =);
- :class:`Bracket` tuples, points and intervals ``(a, b]`` (brackets kept), sets ``\\{a, b\\}``;
- :class:`Union` intervals joined by ``\\cup``, or an interval less finitely many points
  (``\\mathbb{R} \\setminus \\{0, 2\\}``); :class:`Matrix` a ``pmatrix``/``bmatrix``;
- :class:`Answers` several answers separated by top-level commas, semicolons, "and", "or";
- :class:`Text` a plain-text answer (words, yes/no, a multiple-choice letter); one short word in
  ``\\text{}`` (``\\text{DNE}``) or a capitalised three-letter word ("Bob") is a word, not a product
  of letters;
- :class:`Choice` a multiple-choice letter with the option's content: ``(B) 12``, ``B) 12``,
  ``\\textbf{(B)}\\ 12``.

Choices (when in doubt the parse fails, and a failed parse is never credited):

- Decimal literals are read as the exact rational they spell (``0.125`` is 1/8) and flagged
  ``inexact``; the comparison layer decides the tolerance (see ``verifiers.math_answer``).
  ``6.02e23`` and ``6.02\\times10^{23}`` are the same rational. ``0.\\overline{3}``,
  ``0.\\bar{3}``, ``0.(3)`` and ``0.333...`` (a digit repeated 3+ times then an ellipsis) are
  repeating decimals (exact); any other ``3.14159...`` is an inexact decimal.
- ``e`` is Euler's number and ``i`` the imaginary unit (also ``\\mathrm{e}``, ``\\mathrm{i}``).
- Multi-letter words of up to three letters that are not units are products of symbols
  (``xy``); known units and longer words after a value are its unit (``10 cm``, ``5 apples``).
  A single letter is a unit only inside ``\\text{}``/``\\mathrm{}`` (``10\\text{ m}``); a bare
  ``10 m`` is ``10*m``.
- ``3\\frac{1}{2}``, ``3 1/2`` and ``3½`` are mixed numbers (7/2).
- A whole answer that is an integer in English words ("five", "twenty-one", "one hundred and
  two") is that integer, a fraction in words ("one half", "two thirds") that fraction, and
  "all real numbers" the interval ``(-oo, oo)``; a number followed by "thousand", "million",
  "billion" or "trillion" is scaled (``\\$1.5\\text{ million}`` is 1500000); ``5th`` /
  ``5^{\\text{th}}`` is 5; a leading "approximately",
  "about" or ``\\approx`` before a number is dropped (the comparison's precision policy decides).
- ``\\sqrt[3]{-8}`` (an odd root of a negative number) is the real root -2; sympy's principal
  root would be complex. A power ``(-8)^{1/3}`` stays the principal root.
- ``1011_2`` / ``1011_{2}`` / ``(1011)_2`` / ``A3_{16}`` (digits first, or base above 10) is a numeral in
  that base, kept apart from plain numbers as the text "11 (base 2)"; ``7_{10}`` is 7. So are the
  programmer's ``0x5b993`` / ``-0x3d2d`` (base 16, any letter case), ``0b1011`` and ``0o17``.
- ``\\lfloor x \\rfloor``, ``\\lceil x \\rceil``, ``floor``/``ceil``; ``\\gcd``/``lcm`` of integers
  only (sympy's gcd of symbols is a polynomial gcd); ``\\max``/``\\min`` with parentheses (plain
  ``min`` without "(" stays the unit minutes); ``{n \\choose k}``.
- Unicode ``± ∓ ≈ ∅ ½ ⅓ ⅔ ¼ ¾ ⅕ ⅛`` and common Greek letters are read as their LaTeX; a run
  of superscript digits is one exponent (``10⁻³`` is ``10^{-3}``, ``10²³`` is ``10^{23}``).
- A list of quoted strings ``['52.2', '-81.0']`` (how Python prints one) is the list ``[52.2, -81.0]``.
- A whole answer like ``1,234,567`` or ``1 234 567`` (groups of exactly three digits) is one
  number; ``1, 234`` is two answers. ``6.02 x 10^{23}`` is ``6.02 \\times 10^{23}`` (not ``3x10^8``).
- Units: ``\\text{cm}^{2}``, ``\\mathrm{cm^2}`` and "square centimeters" are one unit; so are
  ``\\text{km/h}`` and "km per hour", ``mph`` and "miles per hour".
- LaTeX one-character arguments: ``\\frac12``, ``\\sqrt2``, ``x^23`` is ``x^2*3`` in LaTeX but
  ``x^23`` in plain text (a text with no backslash).

Blow-up guards (the pool's timeout is the last line, not the first): answers over
``MAX_ANSWER_CHARS`` characters, ``MAX_TOKENS`` tokens, or nested deeper than ``MAX_DEPTH``
fail to parse; integer literals are capped at ``MAX_DIGITS`` digits; a power with a numeric
exponent above ``MAX_EXPONENT`` in size, or whose exact value would have more than
``MAX_RESULT_DIGITS`` digits (``9^{9^{9^9}}``), fails, and so does a root of degree above
``MAX_ROOT_DEGREE`` of a number (``999^{-1/100000}``); so do factorials and binomials of
arguments above ``MAX_FACTORIAL``, and floor/ceiling of irrational values above 1e30.

Public helpers: :func:`parse_answer` (the whole answer tree), :func:`parse_math` (one
expression or relation to a sympy object, or None), :func:`strip_math_delimiters`,
:func:`remove_points` (an interval less finitely many points, as intervals).
"""

from __future__ import annotations

import dataclasses
import math
import re

import sympy

MAX_ANSWER_CHARS = 2000
MAX_TOKENS = 600
MAX_DEPTH = 40
MAX_DIGITS = 400
MAX_EXPONENT = 10_000
MAX_RESULT_DIGITS = 4_000  # below CPython's 4300-digit limit on int -> str: results are printed in logs
MAX_FACTORIAL = 1_000
MAX_ROOT_DEGREE = 1_000  # a rational power's denominator (the root's degree) of a rational base


class ParseError(ValueError):
    """The text is not an answer this parser understands (never credited)."""


# ----------------------------------------------------------------------------- answer tree


@dataclasses.dataclass(frozen=True)
class Expr:
    value: sympy.Basic
    inexact: bool = False
    unit: str | None = None
    marker: str | None = None  # "percent" | "degree"


@dataclasses.dataclass(frozen=True)
class Relation:
    ops: tuple[str, ...]  # "=", "<", "<=", ">", ">=", "!=", "in"
    sides: tuple[Node, ...]
    label: bool = False  # the left side is a bare name: x, y_1, f(x), (a, b)
    name: str = ""  # that name as written ("f(x)"), when label


@dataclasses.dataclass(frozen=True)
class Bracket:
    open: str  # "(", "[", "{"
    close: str  # ")", "]", "}"
    items: tuple[Node, ...]


@dataclasses.dataclass(frozen=True)
class Union:
    parts: tuple[Node, ...]


@dataclasses.dataclass(frozen=True)
class Matrix:
    rows: tuple[tuple[Node, ...], ...]


@dataclasses.dataclass(frozen=True)
class Answers:
    items: tuple[Node, ...]
    connective: str = ","  # "," or "or" / "and"


@dataclasses.dataclass(frozen=True)
class Text:
    text: str


@dataclasses.dataclass(frozen=True)
class Choice:
    """A multiple-choice letter with the option's content: ``(B) 12``, ``\\textbf{(B)}\\ 12``."""

    letter: str  # lower case, "a".."e"
    value: Node


Node = Expr | Relation | Bracket | Union | Matrix | Answers | Text | Choice

PM = sympy.Symbol("__pm__")  # placeholder for \pm; expanded into two answers at the top level

# ----------------------------------------------------------------------------- normalisation

_MATH_DELIMS = (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$"))


def strip_math_delimiters(s: str) -> str:
    """Remove one pair of outer ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]`` (repeatedly)."""
    s = s.strip()
    for _ in range(3):
        for a, b in _MATH_DELIMS:
            if len(s) >= len(a) + len(b) and s.startswith(a) and s.endswith(b):
                inner = s[len(a) : len(s) - len(b)]
                if a == "$" and "$" in inner:
                    continue
                s = inner.strip()
                break
        else:
            break
    return s


_DROP = re.compile(
    r"\\(?:displaystyle|textstyle|scriptstyle|limits|nolimits|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|"
    r"bigg|Bigg|big|Big|middle|mathstrut|strut|phantom\{[^{}]*\}|hphantom\{[^{}]*\}|vphantom\{[^{}]*\}|"
    r"hspace\*?\{[^{}]*\}|kern\s*-?[\d.]+\w*|mkern\s*-?[\d.]+\w*)(?![A-Za-z])"
)
_THIN = re.compile(r"(?<!\\)\\[,;:!>]|\{,\}(?=\d)")
_WIDE = re.compile(
    r"\\(?:quad|qquad)|\\(?:enspace|thinspace|medspace|thickspace|negthinspace|space)(?![A-Za-z])|(?<!\\)\\ |~"
)
_LEFTRIGHT = re.compile(r"\\(?:left|right)\s*(?:\.|(?=[\\(\[\]|)<>/]|\\\{|\\\}))")
_DEGREE = re.compile(r"\^\s*\{?\s*\\circ\s*\}?|\\degree(?![A-Za-z])|°|\^\s*\{\s*\\text\{\s*o\s*\}\s*\}")
_THOUSANDS = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?=$|\s*[A-Za-z\\%°][^,]*$)")
# MATH's thousands separators: "11,\! 111,\! 100", "14{,}916", "14 {, }916" (exactly 3 digits follow)
_LATEX_THOUSANDS = re.compile(r"(?<=\d),\s*\\!\s*(?=\d{3}(?!\d))|(?<=\d)\s*\{\s*,\s*\}\s*(?=\d{3}(?!\d))")
# text escaped twice ("\\frac{1}{2}" for "\frac{1}{2}"): commands with a doubled backslash, none with one
_DOUBLED_COMMAND = re.compile(r"(?<!\\)\\\\[A-Za-z]")
_SINGLE_COMMAND = re.compile(r"(?<!\\)\\[A-Za-z]")
_TIMES_TEN = re.compile(r"(\d\.\d+\s*|\d\s+)x\s*10\s*\^")  # "6.02 x 10^{23}", "3 x 10^8"; not "3x10^8"
_SPACE_THOUSANDS = re.compile(r"-?\d{1,3}(?: \d{3})+(?:\.\d+)?(?=$|\s*[A-Za-z\\%°][^,]*$)")


def normalize(s: str) -> str:
    """String-level clean-up that does not change meaning: spacing, sizing, ``\\left``/``\\right``."""
    s = _superscripts(s)
    if _DOUBLED_COMMAND.search(s) and not _SINGLE_COMMAND.search(s):
        s = s.replace("\\\\", "\\")
    s = _LATEX_THOUSANDS.sub("", s)
    for a, b in _UNICODE.items():
        if a in s:
            s = s.replace(a, b)
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac").replace("\\cfrac", "\\frac")
    s = s.replace("\\dbinom", "\\binom").replace("\\tbinom", "\\binom")
    s = _LEFTRIGHT.sub("", s)
    s = _DROP.sub("", s)
    s = _THIN.sub("", s)
    s = _WIDE.sub(" ", s)
    s = _DEGREE.sub("°", s)
    s = s.replace("\\$", "").replace("$", "")
    s = _TIMES_TEN.sub(r"\1\\times 10^", s)  # "6.02 x 10^{23}"
    s = s.strip()
    # trailing sentence punctuation
    while s and s[-1] in ".;:" and not s.endswith("..."):
        s = s[:-1].rstrip()
    if len(s) >= 2 and s[0] == "`" and s[-1] == "`":  # a markdown code span: "`64`"
        s = s.strip("`").strip()
        while s and s[-1] in ".;:" and not s.endswith("..."):
            s = s[:-1].rstrip()
    m = _THOUSANDS.match(s) or _SPACE_THOUSANDS.match(s)
    if m:  # "1,234,567", "1 234 567" or "1,234 apples" is one number; "1, 234" and "(1,234)" are not
        s = m.group().replace(",", "").replace(" ", "") + s[m.end() :]
    return s


# ----------------------------------------------------------------------------- tokenizer

FUNCS = {
    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot, "sec": sympy.sec, "csc": sympy.csc,
    "arcsin": sympy.asin, "arccos": sympy.acos, "arctan": sympy.atan, "asin": sympy.asin, "acos": sympy.acos,
    "atan": sympy.atan, "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh,
    "ln": sympy.log, "log": sympy.log, "exp": sympy.exp, "sqrt": sympy.sqrt, "abs": sympy.Abs,
    "floor": sympy.floor, "ceil": sympy.ceiling,
}  # fmt: skip
# functions of several arguments, written f(a, b); plain "min" is a unit unless a "(" follows
MULTI_FUNCS = {"gcd", "lcm", "max", "min"}
GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
    "kappa", "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi",
    "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Sigma", "Phi", "Psi", "Omega",
}  # fmt: skip
TEXT_CMDS = {"text", "textbf", "textit", "textrm", "textsf", "mathrm", "mathbf", "mathit", "mathsf", "mbox",
             "operatorname", "rm", "textnormal", "boldsymbol", "bm", "mathbb"}  # fmt: skip
REL_CMDS = {"le": "<=", "leq": "<=", "leqslant": "<=", "ge": ">=", "geq": ">=", "geqslant": ">=", "ne": "!=",
            "neq": "!=", "lt": "<", "gt": ">", "in": "in", "approx": "~", "equiv": "="}  # fmt: skip
# Unit spellings -> canonical unit. "units" is a wildcard (a generic unit is never a mismatch).
UNIT_ALIASES = {
    "cm": "cm", "centimeter": "cm", "centimetre": "cm", "m": "m", "meter": "m", "metre": "m", "km": "km",
    "kilometer": "km", "kilometre": "km", "mm": "mm", "millimeter": "mm", "millimetre": "mm",
    "kg": "kg", "kilogram": "kg", "g": "g", "gram": "g", "mg": "mg", "milligram": "mg", "lb": "lb",
    "pound": "lb", "oz": "oz", "ounce": "oz", "s": "s", "sec": "s", "second": "s", "min": "min",
    "minute": "min", "h": "h", "hr": "h", "hour": "h", "day": "day", "week": "week", "month": "month",
    "year": "year", "yr": "year", "in": "in", "inch": "in", "inche": "in", "ft": "ft", "foot": "ft",
    "feet": "ft", "yd": "yd", "yard": "yd", "mi": "mi", "mile": "mi", "mph": "mi/h", "l": "l", "liter": "l",
    "litre": "l", "ml": "ml", "milliliter": "ml", "dollar": "dollar", "usd": "dollar", "cent": "cent",
    "degree": "deg", "deg": "deg", "radian": "rad", "rad": "rad", "unit": "units", "sq": "sq",
    "square": "sq", "cubic": "cu", "per": "/", "percent": "%", "pct": "%", "point": "point",
}  # fmt: skip
_SHORT_UNITS = {k for k in UNIT_ALIASES if len(k) <= 3}

_NUM_RE = re.compile(r"\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?")
_WORD_RE = re.compile(r"[A-Za-z]+")
_CMD_RE = re.compile(r"\\([A-Za-z]+|.)")
_UNICODE = {"−": "-", "–": "-", "×": "*", "·": "*", "⋅": "*", "÷": "/", "≤": "<=", "≥": ">=", "≠": "!=",
            "π": "\\pi ", "∞": "\\infty ", "√": "\\sqrt ", "²": "^2", "³": "^3", "∪": "\\cup ", "∈": "\\in ",
            "…": "...", "±": "\\pm ", "∓": "\\mp ", "≈": "\\approx ", "∅": "\\emptyset ", "∣": "|",
            "½": "\\frac{1}{2}", "⅓": "\\frac{1}{3}", "⅔": "\\frac{2}{3}", "¼": "\\frac{1}{4}", "¾": "\\frac{3}{4}",
            "⅕": "\\frac{1}{5}", "⅛": "\\frac{1}{8}", "α": "\\alpha ", "β": "\\beta ", "γ": "\\gamma ",
            "θ": "\\theta ", "λ": "\\lambda ", "μ": "\\mu ", "σ": "\\sigma ", "φ": "\\phi ", "ω": "\\omega ",
            "Δ": "\\Delta "}  # fmt: skip


_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")


def _superscripts(s: str) -> str:
    """``10⁻³`` -> ``10^{-3}``, ``10²³`` -> ``10^{23}`` (one exponent, not the tower ``10^2^3``)."""
    return _SUPERSCRIPT_RUN.sub(lambda m: "^{" + m.group().translate(_SUPERSCRIPT_DIGITS) + "}", s)


@dataclasses.dataclass
class Tok:
    kind: str  # NUM IDENT WORD FUNC CONST OP REL TEXT FRAC SQRT BINOM BEGIN END ...
    text: str
    space: bool = False  # whitespace before this token


def _read_group(s: str, i: int) -> tuple[str, int]:
    """``s[i] == '{'``: return the brace-balanced content and the index after the closing brace."""
    depth = 0
    for j in range(i, len(s)):
        c = s[j]
        if c == "\\":
            continue
        if c == "{" and (j == 0 or s[j - 1] != "\\"):
            depth += 1
            if depth > MAX_DEPTH:
                raise ParseError("nesting too deep")
        elif c == "}" and (j == 0 or s[j - 1] != "\\"):
            depth -= 1
            if depth == 0:
                return s[i + 1 : j], j + 1
    raise ParseError("unbalanced braces")


def tokenize(s: str) -> list[Tok]:
    s = _superscripts(s)
    for a, b in _UNICODE.items():
        if a in s:
            s = s.replace(a, b)
    toks: list[Tok] = []
    i, n = 0, len(s)
    space = False
    while i < n:
        if len(toks) > MAX_TOKENS:
            raise ParseError("too many tokens")
        c = s[i]
        if c.isspace():
            space = True
            i += 1
            continue
        if c.isdecimal() or (c == "." and i + 1 < n and s[i + 1].isdecimal()):  # not isdigit: "⁸" is one
            m = _NUM_RE.match(s, i)
            assert m is not None
            toks.append(Tok("NUM", m.group(), space))
            i = m.end()
        elif c.isalpha():
            m = _WORD_RE.match(s, i)
            if m is None:  # a non-ASCII letter
                raise ParseError(f"unexpected character {c!r}")
            w = m.group()
            i = m.end()
            if w in FUNCS or (w in MULTI_FUNCS and s[i:].lstrip().startswith("(")):
                toks.append(Tok("FUNC", w, space))
            elif w in ("pi", "infty", "inf", "infinity", "oo"):
                toks.append(Tok("CONST", "pi" if w == "pi" else "oo", space))
            elif w.lower() in ("or", "and"):
                toks.append(Tok("CONN", w.lower(), space))
            elif len(w) == 1:
                toks.append(Tok("IDENT", w, space))
            elif _word_is_symbols(w):  # "xy" is x*y
                toks.extend(Tok("IDENT", ch, space and k == 0) for k, ch in enumerate(w))
            else:
                toks.append(Tok("WORD", w, space))
        elif c == "\\":
            m = _CMD_RE.match(s, i)
            if m is None:
                raise ParseError("dangling backslash")
            cmd = m.group(1)
            i = m.end()
            if cmd in ("frac", "sqrt", "binom", "overline", "bar", "dot", "choose"):
                toks.append(Tok(cmd.upper(), cmd, space))
            elif cmd in TEXT_CMDS:
                j = i
                while j < n and s[j] == " ":
                    j += 1
                if j < n and s[j] == "{":
                    content, i = _read_group(s, j)
                elif cmd in ("rm",):
                    content = ""
                else:
                    raise ParseError(f"\\{cmd} without an argument")
                name = content.strip()
                if (name in FUNCS and cmd == "operatorname") or (
                    (name in FUNCS or name in MULTI_FUNCS) and s[i:].lstrip().startswith("(")
                ):  # \operatorname{lcm}(4, 6), \text{gcd}(4, 6)
                    toks.append(Tok("FUNC", name, space))
                elif content.strip().lower() in ("or", "and"):
                    toks.append(Tok("CONN", content.strip().lower(), space))
                elif cmd == "mathbb":
                    toks.append(Tok("SETNAME", content.strip(), space))
                else:
                    toks.append(Tok("TEXT", content, space))
            elif cmd in FUNCS or cmd in MULTI_FUNCS:
                toks.append(Tok("FUNC", cmd, space))
            elif cmd == "pi":
                toks.append(Tok("CONST", "pi", space))
            elif cmd == "infty":
                toks.append(Tok("CONST", "oo", space))
            elif cmd in GREEK:
                toks.append(Tok("IDENT", cmd, space))
            elif cmd in ("cdot", "times", "ast"):
                toks.append(Tok("OP", "*", space))
            elif cmd == "div":
                toks.append(Tok("OP", "/", space))
            elif cmd in ("pm", "mp"):
                toks.append(Tok("OP", cmd, space))
            elif cmd in REL_CMDS:
                toks.append(Tok("REL", REL_CMDS[cmd], space))
            elif cmd in ("{", "lbrace"):
                toks.append(Tok("OP", "\\{", space))
            elif cmd in ("}", "rbrace"):
                toks.append(Tok("OP", "\\}", space))
            elif cmd == "lbrack":
                toks.append(Tok("OP", "[", space))
            elif cmd == "rbrack":
                toks.append(Tok("OP", "]", space))
            elif cmd == "langle":
                toks.append(Tok("OP", "(", space))
            elif cmd == "rangle":
                toks.append(Tok("OP", ")", space))
            elif cmd in ("lvert", "rvert", "vert", "mid"):
                toks.append(Tok("OP", "|", space))
            elif cmd == "%":
                toks.append(Tok("PERCENT", "%", space))
            elif cmd == "cup":
                toks.append(Tok("CUP", "cup", space))
            elif cmd in ("setminus", "backslash"):
                toks.append(Tok("SETMINUS", "setminus", space))
            elif cmd in ("emptyset", "varnothing"):
                toks.append(Tok("EMPTY", "{}", space))
            elif cmd in ("lfloor", "rfloor", "lceil", "rceil"):
                toks.append(Tok("OP", cmd, space))
            elif cmd in ("ldots", "dots", "cdots"):
                toks.append(Tok("ELLIPSIS", "...", space))
            elif cmd in ("begin", "end"):
                if i < n and s[i] == "{":
                    env, i = _read_group(s, i)
                else:
                    raise ParseError("\\begin without environment")
                env = env.strip()
                if env not in ("pmatrix", "bmatrix", "matrix", "Bmatrix", "smallmatrix", "array"):
                    raise ParseError(f"unsupported environment {env}")
                if cmd == "begin" and env == "array":  # skip the column spec {cc}
                    while i < n and s[i] == " ":
                        i += 1
                    if i < n and s[i] == "{":
                        _, i = _read_group(s, i)
                toks.append(Tok(cmd.upper(), env, space))
            elif cmd == "\\":
                toks.append(Tok("ROWSEP", "\\\\", space))
            elif cmd in ("&", "#", "_"):
                toks.append(Tok("OP", cmd, space))
            else:
                raise ParseError(f"unsupported command \\{cmd}")
        elif s.startswith("...", i):
            toks.append(Tok("ELLIPSIS", "...", space))
            i += 3
        elif c in "<>!=" and i + 1 < n and s[i + 1] == "=":
            op = {"<": "<=", ">": ">=", "!": "!=", "=": "="}[c]
            toks.append(Tok("REL", op, space))
            i += 2
        elif c == "*" and s.startswith("**", i):
            toks.append(Tok("OP", "^", space))
            i += 2
        elif c in "<>=":
            toks.append(Tok("REL", c, space))
            i += 1
        elif c in "+-*/^!()[]{},;|&_':":
            toks.append(Tok("OP", c, space))
            i += 1
        elif c == "%":
            toks.append(Tok("PERCENT", "%", space))
            i += 1
        elif c == "⌊" or c == "⌋" or c == "⌈" or c == "⌉":
            toks.append(Tok("OP", {"⌊": "lfloor", "⌋": "rfloor", "⌈": "lceil", "⌉": "rceil"}[c], space))
            i += 1
        elif c == "°":
            toks.append(Tok("DEGREE", "°", space))
            i += 1
        elif c == ".":  # a stray full stop (end of a sentence inside the answer)
            i += 1
        else:
            raise ParseError(f"unexpected character {c!r}")
        space = False
    return toks


# ----------------------------------------------------------------------------- guarded constructors


def _magnitude_ok(x: sympy.Basic) -> float | None:
    """|x| as a float when x is a number (None when symbolic); raise when it is absurdly large."""
    if not x.is_number:
        return None
    try:
        v = complex(x.evalf(15))
    except (TypeError, ValueError, OverflowError) as e:
        raise ParseError("non-numeric exponent") from e
    a = abs(v)
    if math.isnan(a) or math.isinf(a):
        raise ParseError("infinite exponent")
    return a


def make_pow(base: sympy.Basic, exp: sympy.Basic) -> sympy.Basic:
    """``base**exp`` with guards against results too big to build."""
    if base.has(sympy.oo, sympy.zoo, sympy.nan) or exp.has(sympy.oo, sympy.zoo, sympy.nan):
        raise ParseError("power of infinity")
    mag = _magnitude_ok(exp)
    if mag is not None:
        if mag > MAX_EXPONENT:
            if base in (sympy.Integer(1), sympy.Integer(0)):
                return base
            raise ParseError("exponent too large")
        if base.is_Rational and exp.is_Rational and exp.q > MAX_ROOT_DEGREE and base not in (0, 1, -1):
            # sympy pulls perfect powers out of p^(a/q) with integers of ~q digits: 999^{-1/100000} took
            # seconds and made a number too long to print (an error, which the trainer masks)
            raise ParseError("root degree too large")
        if base.is_Rational and exp.is_number and base not in (0, 1, -1):
            p, q = abs(base.p), base.q
            digits = mag * math.log10(max(p, q)) if max(p, q) > 1 else 0.0
            if digits > MAX_RESULT_DIGITS:
                raise ParseError("power too large")
        elif base.is_number and mag > 100:
            bm = _magnitude_ok(base)
            if bm is not None and bm > 0 and mag * abs(math.log10(bm)) > MAX_RESULT_DIGITS:
                raise ParseError("power too large")
    if base == 0 and exp.is_number and exp.is_negative:
        raise ParseError("division by zero")
    return sympy.Pow(base, exp)


def make_factorial(x: sympy.Basic) -> sympy.Basic:
    if x.is_number:
        if not (x.is_Integer and 0 <= x <= MAX_FACTORIAL):
            raise ParseError("factorial argument out of range")
    return sympy.factorial(x)


def make_binomial(n: sympy.Basic, k: sympy.Basic) -> sympy.Basic:
    for x in (n, k):
        if x.is_number and not (x.is_Integer and abs(x) <= MAX_FACTORIAL):
            raise ParseError("binomial argument out of range")
    return sympy.binomial(n, k)


def make_func(name: str, arg: sympy.Basic, base: sympy.Basic | None = None) -> sympy.Basic:
    if arg.has(sympy.oo, sympy.zoo, sympy.nan):
        raise ParseError("function of infinity")
    if name == "exp":
        mag = _magnitude_ok(arg)
        if mag is not None and mag > MAX_EXPONENT:
            raise ParseError("exponent too large")
    if name == "sqrt":
        return make_pow(arg, sympy.Rational(1, 2))
    if name in ("floor", "ceil") and not arg.is_Rational:
        mag = _magnitude_ok(arg)
        if mag is not None and mag > 1e30:  # rounding needs every digit: e^{10^4} has 4343
            raise ParseError("rounding of a huge number")
    if name in ("log", "ln"):
        if arg == 0 or (base is not None and base in (0, 1)):
            raise ParseError("log of zero")
        return sympy.log(arg, base) if base is not None else sympy.log(arg)
    return FUNCS[name](arg)


def _div(a: sympy.Basic, b: sympy.Basic) -> sympy.Basic:
    if b == 0:
        raise ParseError("division by zero")
    return a * make_pow(b, sympy.Integer(-1))


def _number(text: str) -> sympy.Rational:
    mant, _, ex = text.lower().partition("e")
    digits = len(mant.replace(".", "").lstrip("0"))
    if digits > MAX_DIGITS or (ex and abs(int(ex)) > MAX_EXPONENT):
        raise ParseError("number too long")
    if "." in mant:
        ip, _, fp = mant.partition(".")
        value = sympy.Rational(int(ip or "0") * 10 ** len(fp) + int(fp or "0"), 10 ** len(fp))
    else:
        value = sympy.Integer(int(mant))
    if ex:
        value = value * sympy.Rational(10) ** int(ex)
    return value


def _repeating(intpart: str, nonrep: str, rep: str) -> sympy.Rational:
    if not rep.isdigit() or len(intpart) + len(nonrep) + len(rep) > MAX_DIGITS:
        raise ParseError("bad repeating decimal")
    a, r = len(nonrep), len(rep)
    whole = int(intpart or "0")
    frac = sympy.Rational(int(nonrep + rep) - int(nonrep or "0"), 10**a * (10**r - 1))
    return whole + frac


# ----------------------------------------------------------------------------- parser

_IMPLICIT_START = {"NUM", "IDENT", "CONST", "FUNC", "FRAC", "SQRT", "BINOM"}


class _Parser:
    def __init__(self, toks: list[Tok], latex: bool) -> None:
        self.toks = toks
        self.i = 0
        self.latex = latex
        self.depth = 0
        self.inexact = False
        self.abs_depth = 0
        self.func_depth = 0
        self.degrees_converted = False

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

    # -- top level
    def parse_answer(self) -> Node:
        items = [self.parse_item()]
        conn = ","
        while self.at("OP", ",") or self.at("OP", ";") or self.at("CONN"):
            t = self.next()
            if t.kind == "CONN":
                conn = t.text
            if self.at("CONN"):  # ", and 3"
                conn = self.next().text
            if self.peek() is None:
                break
            items.append(self.parse_item())
        if self.peek() is not None:
            raise ParseError(f"unexpected token {self.peek().text!r}")
        expanded: list[Node] = []
        for it in items:
            expanded.extend(_expand_pm(it))
        if len(expanded) == 1:
            return expanded[0]
        return Answers(tuple(expanded), conn)

    def parse_item(self) -> Node:
        self.inexact = False
        node = self.parse_relation()
        marker = None
        unit = None
        if self.at("PERCENT") or self.at("DEGREE"):
            marker = "percent" if self.next().kind == "PERCENT" else "degree"
            t = self.peek()
            if (
                marker == "degree"
                and t is not None
                and t.kind in ("IDENT", "TEXT")
                and t.text.strip() in ("C", "F")
            ):
                self.next()  # 30^\circ C is a temperature, not an angle
                marker, unit = None, "deg" + t.text.strip()
        unit = unit or self.parse_unit()
        scale = 1
        if unit and unit.split()[0] in _SCALES and marker is None:  # "3 million", "$1.5 million"
            scale = _SCALES[unit.split()[0]]
            unit = " ".join(unit.split()[1:]) or None
        if isinstance(node, Expr):
            if node.value.has(sympy.zoo, sympy.nan):
                raise ParseError("undefined value")
            return Expr(node.value * scale, self.inexact, unit, marker)
        if marker or unit or scale != 1:
            if isinstance(node, Relation) and isinstance(node.sides[-1], Expr) and len(node.sides) == 2:
                last = node.sides[-1]
                sides = (node.sides[0], Expr(last.value * scale, last.inexact, unit, marker))
                return Relation(node.ops, sides, node.label, node.name)
            raise ParseError("unit on a non-number")
        return node

    def parse_unit(self) -> str | None:
        words: list[str] = []
        while True:
            t = self.peek()
            if t is None:
                break
            if t.kind == "WORD" or (t.kind == "IDENT" and words):
                words.append(t.text)
                self.i += 1
            elif t.kind == "TEXT":
                content = t.text.strip()
                if not re.fullmatch(r"[A-Za-z][A-Za-z ./]*(?:\^\{?\d\}?)?|", content):
                    break
                words.extend(content.replace("/", " per ").replace(".", " ").split())
                self.i += 1
            elif t.kind == "OP" and t.text == "/" and words:
                words.append("per")
                self.i += 1
            elif t.kind == "OP" and t.text == "^" and words and self.at("NUM", k=1):
                self.i += 1
                words.append("^" + self.next().text)
            elif (
                t.kind == "OP" and t.text == "^" and words and self.at("NUM", k=2) and self.at("OP", "}", k=3)
            ):
                self.i += 2  # \text{cm}^{2}
                words.append("^" + self.next().text)
                self.i += 1
            else:
                break
        if not words:
            return None
        return canonical_unit(" ".join(words))

    def parse_relation(self) -> Node:
        start = self.i
        name = self._word_label()
        if name is not None:  # "Area = 24", "\text{total cost} = 5": a named answer
            self.next()
            return Relation(("=",), (Text(name), self.parse_struct()), True, name)
        name = self._derived_function_label()
        if name is not None:  # "f'(x) = 2x", "f^{-1}(x) = ...": the name of a function, not a product
            self.next()
            return Relation(("=",), (Expr(sympy.Symbol(name)), self.parse_struct()), True, name)
        named = self._named_quantity()
        if named is not None:
            return named
        first = self.parse_struct()
        label = _is_label(self.toks[start : self.i])
        name = "".join(t.text for t in self.toks[start : self.i]) if label else ""
        ops: list[str] = []
        sides = [first]
        last_start = start
        mid_start = mid_end = start
        while self.at("REL"):
            ops.append(self.next().text)
            last_start = self.i
            sides.append(self.parse_struct())
            if len(sides) == 2:
                mid_start, mid_end = last_start, self.i
        if not ops:
            return first
        if len(sides) == 3 and all(o in ("<", "<=", ">", ">=") for o in ops):
            fn = _function_name(self.toks[mid_start:mid_end])
            if fn is not None:  # "0 < f(x) < 1": the range of f, not the product f*x
                sides[1] = Expr(sympy.Symbol(fn))
        if ops == ["="] and not label and _is_label(self.toks[last_start : self.i]):
            name = "".join(t.text for t in self.toks[last_start : self.i])
            return Relation(("=",), (sides[1], sides[0]), True, name)  # "5 = x" is "x = 5"
        return Relation(tuple(ops), tuple(sides), label, name)

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

    def _derived_function_label(self) -> str | None:
        """``f'(x)``, ``f''(x)``, ``f^{-1}(x)`` followed by ``=``: the name as written, else None."""
        if not self.at("IDENT"):
            return None
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

    def parse_struct(self) -> Node:
        """An expression, or a bracketed structure possibly joined by \\cup, or less a finite set."""
        node = self.parse_expr_node()
        if self.at("OP", ":") and self.abs_depth == 0 and isinstance(node, Expr) and not node.value.free_symbols:
            # a ratio "11:21", "1:2:3" of numbers (not in a set, where ":" is "such that"): its terms in order
            parts = [node]
            while self.at("OP", ":") and len(parts) < 10:
                self.next()
                part = self.parse_expr_node()
                if not isinstance(part, Expr) or part.value.free_symbols:
                    raise ParseError("a ratio of non-numbers")
                parts.append(part)
            return Bracket(":", ":", tuple(parts))
        if self.at("CUP"):
            parts = [node]
            while self.at("CUP"):
                self.next()
                parts.append(self.parse_expr_node())
            if not all(isinstance(p, Bracket) for p in parts):
                raise ParseError("\\cup of non-intervals")
            return Union(tuple(parts))
        if self.at("SETMINUS"):
            self.next()
            return remove_points(node, self.parse_expr_node())
        return node

    def parse_expr_node(self) -> Node:
        v = self.parse_expr()
        if isinstance(v, sympy.Basic):
            return Expr(v)
        return v

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
            left, right = _scalar(left), _scalar(right)
            if op == "+":
                left = left + right
            elif op == "-":
                left = left - right
            elif op == "pm":
                left = left + PM * right
            else:
                left = left - PM * right
        self.depth -= 1
        return left

    def parse_term(self):
        left = self.parse_unary()
        while True:
            t = self.peek()
            if t is None:
                break
            if t.kind == "OP" and t.text in ("*", "/"):
                self.next()
                right = self.parse_unary()
                if t.text == "*" and (isinstance(left, Matrix) or isinstance(right, Matrix)):
                    left = _matrix_arith("*", left, right)  # an unevaluated matrix product
                    continue
                right = _scalar(right)
                left = _scalar(left) * right if t.text == "*" else _div(_scalar(left), right)
            elif self._implicit_ok(t) or (t.kind == "BEGIN" and isinstance(left, (Matrix, sympy.Basic))):
                right = self.parse_power()
                if isinstance(left, Matrix) or isinstance(right, Matrix):
                    left = _matrix_arith("*", left, right)
                    continue
                left = _scalar(left) * _scalar(right)
            else:
                break
        return left

    def _implicit_ok(self, t: Tok) -> bool:
        if t.kind in _IMPLICIT_START:
            if t.kind == "NUM":
                return False  # "2 3" is not a product
            return True
        if t.kind == "WORD":
            return _word_is_symbols(t.text)
        if t.kind == "TEXT":
            return _math_like(t.text.strip())
        if t.kind == "OP" and t.text in ("(", "lfloor", "lceil"):
            return True
        if t.kind == "OP" and t.text == "{" and self.latex:
            return True
        if t.kind == "OP" and t.text == "|" and self.abs_depth == 0:
            return True
        return False

    def parse_unary(self):
        if self.at("OP", "pm") or self.at("OP", "mp"):  # "\pm 2"
            self.next()
            return PM * _scalar(self.parse_unary())
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
            v = make_factorial(_scalar(v))
        if self.at("DEGREE"):
            # inside \sin 30^\circ or 45^\circ + 30^\circ a degree sign converts to radians;
            # a lone trailing one stays a marker (30^\circ equals 30 and \pi/6)
            after = self.peek(1)
            arith = after is not None and after.kind == "OP" and after.text in ("+", "-", "*", "/", ")")
            if self.func_depth > 0 or arith or self.degrees_converted:
                self.next()
                self.degrees_converted = True
                v = _scalar(v) * sympy.pi / 180
        return v

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

    def parse_atom(self):
        t = self.next()
        k = t.kind
        if k == "NUM":
            return self._number(t)
        if k == "IDENT":
            return self._symbol(t.text)
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
                sub = _Parser(tokenize(c), latex=True)
                sub.depth = self.depth + 1
                v = _scalar(sub.parse_expr())
                if sub.peek() is not None:
                    raise ParseError("trailing tokens in a group")
                self.inexact |= sub.inexact
                return v
            raise ParseError("text inside an expression")
        if k == "FRAC":
            num = self.latex_arg()
            den = self.latex_arg()
            return _div(num, den)
        if k == "SQRT":
            index = None
            if self.at("OP", "["):
                self.next()
                index = _scalar(self.parse_expr())
                self.expect("OP", "]")
            arg = self.latex_arg() if self.latex else _scalar(self.parse_power())
            if index is None:
                return make_pow(arg, sympy.Rational(1, 2))
            if index == 0:
                raise ParseError("zeroth root")
            if index.is_Integer and index % 2 == 1 and arg.is_number and arg.is_extended_negative:
                return -make_pow(-arg, _div(sympy.Integer(1), index))  # \sqrt[3]{-8} is -2, the real root
            return make_pow(arg, _div(sympy.Integer(1), index))
        if k == "BINOM":
            n = self.latex_arg()
            kk = self.latex_arg()
            return make_binomial(n, kk)
        if k == "FUNC":
            return self._function(t.text)
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
        if "." in text or "e" in text.lower():
            self.inexact = True
        value = _number(text)
        # mixed number: 3\frac{1}{2}
        if value.is_Integer and "." not in text and self.at("FRAC"):
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
        if name == "e":
            return sympy.E
        if name == "i":
            return sympy.I
        if subscript and self.at("OP", "_"):
            self.next()
            if self.at("OP", "{"):
                self.next()
                sub = ""
                while not self.at("OP", "}"):
                    tt = self.next()
                    if tt.kind not in ("NUM", "IDENT", "WORD"):
                        raise ParseError("bad subscript")
                    sub += tt.text
                self.next()
            else:
                tt = self.next()
                if tt.kind not in ("NUM", "IDENT"):
                    raise ParseError("bad subscript")
                sub = tt.text[0] if tt.kind == "NUM" else tt.text
                if tt.kind == "NUM" and len(tt.text) > 1:
                    self.toks.insert(self.i, Tok("NUM", tt.text[1:]))
            if not re.fullmatch(r"[A-Za-z0-9]{1,8}", sub):
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
        if self.at("OP", "_") and name == "log":
            self.next()
            base = self.latex_arg()
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
        v = make_func(name, arg, base)
        if power is not None:
            if power == -1 and name in ("sin", "cos", "tan"):
                raise ParseError("ambiguous inverse function notation")
            v = make_pow(v, power)
        return v

    def _multi_function(self, name: str) -> sympy.Basic:
        """``\\gcd(4, 6)``, ``lcm(4, 6)``, ``\\max(a, b)``: the arguments in parentheses."""
        self.expect("OP", "(")
        self.enter()
        args = [_scalar(self.parse_expr())]
        while self.at("OP", ","):
            self.next()
            args.append(_scalar(self.parse_expr()))
        self.depth -= 1
        self.expect("OP", ")")
        if len(args) > 20:
            raise ParseError("too many arguments")
        if name in ("gcd", "lcm"):  # integers only: sympy's gcd of symbols is a polynomial gcd
            if len(args) < 2 or not all(a.is_Integer for a in args):
                raise ParseError(f"{name} of non-integers")
            out = args[0]
            for a in args[1:]:
                out = sympy.igcd(out, a) if name == "gcd" else sympy.ilcm(out, a)
            return sympy.Integer(out)
        return (sympy.Max if name == "max" else sympy.Min)(*args)

    def _bracket(self, opener: str):
        self.enter()
        items: list[Node] = []
        if not (self.at("OP", ")") or self.at("OP", "]")):
            items.append(self.parse_relation())
            sep = None  # "(0;-2;6)": semicolons separate a tuple's entries too, but never mixed with commas
            while self.at("OP", ",") or self.at("OP", ";"):
                t = self.next().text
                if sep not in (None, t):
                    raise ParseError("',' and ';' mixed in one bracket")
                sep = t
                items.append(self.parse_relation())
        closer = self.next()
        if closer.kind != "OP" or closer.text not in (")", "]"):
            raise ParseError("unclosed bracket")
        self.depth -= 1
        if len(items) == 1:
            if opener == "(" and closer.text == ")" or opener == "[" and closer.text == "]":
                node = items[0]
                if isinstance(node, Expr):
                    return node.value
                return node
            raise ParseError("mismatched brackets")
        return Bracket(opener, closer.text, tuple(items))

    def _group(self):
        self.enter()
        items = [self.parse_relation()]
        if self.at("CHOOSE") and len(items) == 1:  # {n \choose k}
            self.next()
            k = _scalar(self.parse_expr())
            self.expect("OP", "}")
            self.depth -= 1
            return make_binomial(_scalar(items[0]), k)
        while self.at("OP", ","):
            self.next()
            items.append(self.parse_relation())
        self.expect("OP", "}")
        self.depth -= 1
        if len(items) == 1:
            return items[0].value if isinstance(items[0], Expr) else items[0]
        return Bracket("{", "}", tuple(items))

    def _set(self) -> Node:
        self.enter()
        items: list[Node] = []
        if not self.at("OP", "\\}"):
            self.abs_depth += 1  # a "|" here is "such that", not an absolute value
            items.append(self.parse_relation())
            self.abs_depth -= 1
            first = items[0]
            if (  # {x \in \mathbb{R} | ...}: the variable ranges over all reals anyway
                isinstance(first, Relation)
                and first.ops == ("in",)
                and first.sides[1] == Bracket("(", ")", (Expr(-sympy.oo), Expr(sympy.oo)))
            ):
                first = first.sides[0]
            if (self.at("OP", "|") or self.at("OP", ":")) and isinstance(first, Expr):
                # set-builder {x | x > 0}: the set is the solution set of the condition
                var = first.value
                self.next()
                cond = self.parse_relation()
                self.expect("OP", "\\}")
                self.depth -= 1
                if not isinstance(var, sympy.Symbol) or not isinstance(cond, Relation):
                    raise ParseError("unsupported set-builder notation")
                return cond
            while self.at("OP", ","):
                self.next()
                items.append(self.parse_relation())
        self.expect("OP", "\\}")
        self.depth -= 1
        # a set is unordered, so \{1 \pm \sqrt{5}, -2\} is the set of all three roots
        return Bracket("{", "}", tuple(x for item in items for x in _expand_pm(item)))

    def _matrix(self, env: str) -> Matrix:
        self.enter()
        rows: list[tuple[Node, ...]] = []
        row: list[Node] = []
        while True:
            if self.at("END"):
                self.next()
                if row:
                    rows.append(tuple(row))
                break
            if self.peek() is None:
                raise ParseError("unterminated matrix")
            row.append(Expr(_scalar(self.parse_expr())))
            if self.at("OP", "&"):
                self.next()
            elif self.at("ROWSEP"):
                self.next()
                rows.append(tuple(row))
                row = []
        self.depth -= 1
        if not rows or len({len(r) for r in rows}) != 1:
            raise ParseError("ragged matrix")
        return Matrix(tuple(rows))


def remove_points(interval: Node, points: Node) -> Node:
    """``\\mathbb{R} \\setminus \\{0, 2\\}`` -> ``(-oo, 0) U (0, 2) U (2, oo)``: an interval less finitely many reals."""
    if not (
        isinstance(interval, Bracket)
        and interval.open in "(["
        and len(interval.items) == 2
        and isinstance(points, Bracket)
        and points.open == "{"
        and len(points.items) <= 20
    ):
        raise ParseError("unsupported set difference")
    lo, hi = (_real_value(x) for x in interval.items)
    cuts = sorted({_real_value(p) for p in points.items}, key=lambda v: float(v))
    opener, closer = interval.open, interval.close
    parts: list[Node] = []
    for c in cuts:
        if c == lo:
            opener = "("
        elif c == hi:
            closer = ")"
        elif bool(lo < c) and bool(c < hi):
            parts.append(Bracket(opener, ")", (Expr(lo), Expr(c))))
            lo, opener = c, "("
    parts.append(Bracket(opener, closer, (Expr(lo), Expr(hi))))
    return parts[0] if len(parts) == 1 else Union(tuple(parts))


def _real_value(n: Node) -> sympy.Basic:
    if not (isinstance(n, Expr) and n.unit is None and n.marker is None and n.value.is_number):
        raise ParseError("not a real number")
    if not (n.value.is_extended_real or n.value in (sympy.oo, -sympy.oo)):
        raise ParseError("not a real number")
    return n.value


_MAX_MATRIX_ENTRIES = 100


def _matrix_arith(op: str, a, b) -> Matrix:
    """``A + B``, ``A - B``, ``A B`` (``A \\cdot B``) and ``c A`` for matrices written out in an
    answer: the matrix they make. Shapes must fit; anything else is a :class:`ParseError`."""

    def as_sympy(v):
        if isinstance(v, Matrix):
            if len(v.rows) * len(v.rows[0]) > _MAX_MATRIX_ENTRIES:
                raise ParseError("matrix too large")
            return sympy.Matrix([[_scalar(x) for x in row] for row in v.rows])
        return _scalar(v)

    x, y = as_sympy(a), as_sympy(b)
    both = isinstance(x, sympy.MatrixBase) and isinstance(y, sympy.MatrixBase)
    if op in ("+", "-"):
        if not both or x.shape != y.shape:
            raise ParseError("sum of a matrix and a non-matrix, or of different shapes")
        out = x + y if op == "+" else x - y
    elif op == "*":
        if both and x.shape[1] != y.shape[0]:
            raise ParseError("matrix product of incompatible shapes")
        out = x * y
    else:
        raise ParseError(f"matrix operation {op!r}")
    if out.shape[0] * out.shape[1] > _MAX_MATRIX_ENTRIES:
        raise ParseError("matrix too large")
    rows, cols = out.shape
    return Matrix(tuple(tuple(Expr(sympy.expand(out[i, j])) for j in range(cols)) for i in range(rows)))


def _scalar(v) -> sympy.Basic:
    if isinstance(v, sympy.Basic):
        return v
    if isinstance(v, Expr) and v.unit is None and v.marker is None:
        return v.value
    raise ParseError("arithmetic on a structure")


def _math_like(c: str) -> bool:
    r"""The content of ``\mathrm{..}`` etc. is maths, not a word: ``e``, ``\pi``, ``2x``."""
    if not c or c.lower() in UNIT_ALIASES:
        return False
    return c in ("e", "i") or c.startswith("\\") or bool(re.fullmatch(r"[\d.]+|[\d.]*[A-Za-z]", c))


def _word_is_symbols(w: str) -> bool:
    return len(w) <= 3 and w.lower() not in _SHORT_UNITS and w.isalpha()


def _function_name(toks: list[Tok]) -> str | None:
    """``f(x)`` as tokens -> "f(x)"; None for anything else."""
    kinds = [t.kind for t in toks]
    if kinds == ["IDENT", "OP", "IDENT", "OP"] and toks[1].text == "(" and toks[3].text == ")":
        return "".join(t.text for t in toks)
    return None


def _is_label(toks: list[Tok]) -> bool:
    """The left side of ``x = ...`` is a bare name: ``x``, ``y_1``, ``\\theta``, ``f(x)``."""
    kinds = [t.kind for t in toks]
    if kinds == ["IDENT"] and toks[0].text not in ("e", "i"):
        return True
    if len(toks) >= 3 and kinds[0] == "IDENT" and toks[1].text == "_":
        return all(t.kind in ("NUM", "IDENT", "OP") and t.text not in "+-*/^" for t in toks[1:])
    if len(toks) >= 4 and kinds[0] == "IDENT" and toks[1].text == "(" and toks[-1].text == ")":
        return all(t.kind == "IDENT" or (t.kind == "OP" and t.text in "(),") for t in toks[1:])
    if len(toks) >= 5 and len(toks) % 2 == 1 and toks[0].text == "(" and toks[-1].text == ")":  # (a, b)
        names, commas = toks[1:-1:2], toks[2:-1:2]
        return all(t.kind == "IDENT" and t.text not in ("e", "i") for t in names) and all(
            t.text == "," for t in commas
        )
    return False


def canonical_unit(text: str) -> str:
    """``"square centimeters"`` -> ``"sq cm"``, ``"cm^2"`` -> ``"cm ^2"``, ``"miles per hour"`` -> ``"mi/h"``."""
    text = re.sub(r"\^\{?(\d)\}?", r" ^\1", text).replace("/", " per ")
    parts = []
    for w in re.split(r"\s+", text.strip()):
        if not w:
            continue
        if w.startswith("^"):
            parts.append(w)
            continue
        lw = w.lower()
        if lw not in UNIT_ALIASES and lw.endswith("s") and len(lw) > 2:
            lw = lw[:-1]
        if lw.endswith("e") and lw[:-1] + "es" == w.lower() and lw[:-1] in UNIT_ALIASES:
            lw = lw[:-1]
        parts.append(UNIT_ALIASES.get(lw, lw))
    return " ".join(parts).replace(" / ", "/")


def _expand_pm(node: Node) -> list[Node]:
    def has_pm(n: Node) -> bool:
        if isinstance(n, Expr):
            return n.value.has(PM)
        if isinstance(n, Relation):
            return any(has_pm(s) for s in n.sides)
        return False

    def sub(n: Node, sign: int) -> Node:
        if isinstance(n, Expr):
            return dataclasses.replace(n, value=n.value.xreplace({PM: sympy.Integer(sign)}))
        if isinstance(n, Relation):
            return Relation(n.ops, tuple(sub(s, sign) for s in n.sides), n.label)
        return n

    if not has_pm(node):
        return [node]
    return [sub(node, 1), sub(node, -1)]


def _check_no_pm(node: Node) -> None:
    if isinstance(node, Expr) and node.value.has(PM):
        raise ParseError("\\pm inside a structure")
    for child in _children(node):
        _check_no_pm(child)


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Relation):
        return node.sides
    if isinstance(node, Bracket):
        return node.items
    if isinstance(node, Union):
        return node.parts
    if isinstance(node, Answers):
        return node.items
    if isinstance(node, Matrix):
        return tuple(c for r in node.rows for c in r)
    if isinstance(node, Choice):
        return (node.value,)
    return ()


# ----------------------------------------------------------------------------- public entry points

_WHOLE_TEXT = re.compile(r"\\(?:text|textbf|textrm|mbox|mathrm|mathbf|textnormal)\s*\{([^{}]*)\}")
_MIXED_PLAIN = re.compile(r"(-?)(\d+)\s+(\d+)\s*/\s*(\d+)")
_CHOICE = re.compile(r"\(?([A-Ea-e])\)?")
_APPROX_PREFIX = re.compile(
    r"^(?:\\approx|approximately|approx\.?|about|around|roughly|~)\s*(?=[-\d.\\])", re.I
)
_ORDINAL = re.compile(
    r"^(-?\d+)\s*(?:\^\s*\{\s*\\(?:text|mathrm)\s*\{\s*(?:st|nd|rd|th)\s*\}\s*\}|st|nd|rd|th)$"
)
_QUOTED_ITEM = re.compile(r"(['\"])([^'\"\\]*)\1")
_QUOTED_LIST = re.compile(r"\[\s*(['\"])[^'\"\\]*\1(?:\s*,\s*(['\"])[^'\"\\]*\2)*\s*\]")
_PREFIXED_NUMBER = re.compile(r"(-?)0([xX](?=[0-9a-fA-F]+$)|[bB](?=[01]+$)|[oO](?=[0-7]+$))([0-9a-fA-F]+)")
_BASE_NUMBER = re.compile(r"(?:\(([0-9A-Z]+)\)|([0-9A-Z]+))\s*_\s*\{?\s*\(?(\d{1,2})\)?\s*\}?")


def _base_number(s: str) -> Node | None:
    """``1011_2``, ``1011_{2}``, ``(1011)_2``, ``A3_{16}``: a numeral in base 2..36, as a text "value (base b)".

    Two such numerals are equal when value and base agree (``0101_2`` is ``101_2``); against a
    plain number they are different answers (the question asked for that base; ``7_{10}`` is 7). None when
    ``s`` is not one (``x_1``, ``a_2``: subscripted symbols).
    """
    m = _PREFIXED_NUMBER.fullmatch(s)
    if m is not None:  # 0x5b993, -0x3d2d, 0b1011, 0o17: a programmer's numeral in base 16, 2 or 8
        base = {"x": 16, "b": 2, "o": 8}[m.group(2).lower()]
        if len(m.group(3)) > 64:
            return None
        value = int(m.group(3), base)
        return Text(f"{-value if m.group(1) else value} (base {base})")
    m = _BASE_NUMBER.fullmatch(s)
    if m is None:
        return None
    digits, base = m.group(1) or m.group(2), int(m.group(3))
    if not 2 <= base <= 36 or len(digits) > 64 or not (digits[0].isdigit() or base > 10):
        return None
    try:
        value = int(digits, base)
    except ValueError:
        return None
    if base == 10:
        return Expr(sympy.Integer(value))
    return Text(f"{value} (base {base})")


_PROSE_TEXT_CMDS = ("\\text{", "\\text ", "\\textbf", "\\textrm", "\\mbox", "\\textnormal")
_SHORT_WORD = re.compile(r"[A-Za-z]{2,3}")
# a capitalised three-letter word ("Bob", "Amy", "Odd") is a name or a word, never a product of symbols
_NAME_WORD = re.compile(r"[A-Z][a-z]{2}")
_PLAIN_TEXT = re.compile(r"[A-Za-z]+(?:[-'][A-Za-z]+)*(?: [A-Za-z]+(?:[-'][A-Za-z]+)*)*")


def parse_answer(text: str) -> Node:
    """Parse one extracted answer (plain or LaTeX) into an answer tree; raise :class:`ParseError`."""
    if not isinstance(text, str):
        raise ParseError("not a string")
    if len(text) > MAX_ANSWER_CHARS:
        raise ParseError("answer too long")
    s = normalize(strip_math_delimiters(text))
    m = _WHOLE_TEXT.fullmatch(s)
    if m:  # the whole answer is \text{...}: "\text{5 cm}", "\text{(B)}", "\text{yes.}"
        s = normalize(m.group(1))
        if m.group().startswith(_PROSE_TEXT_CMDS) and _SHORT_WORD.fullmatch(s):
            # one short word set as prose ("\text{DNE}", "\text{Amy}", "\text{odd}") is that word, not
            # the product D*N*E (which "\text{END}" would equal)
            w = s.lower()
            if (
                w not in UNIT_ALIASES
                and w not in FUNCS
                and w not in MULTI_FUNCS
                and w not in _CONST_WORDS
                and _number_word(w) is None  # "\text{two}" is 2
            ):
                return Text(w)
    s = _APPROX_PREFIX.sub("", s)  # "approximately 3.1416": the precision policy decides
    s = _ORDINAL.sub(r"\1", s)  # "5th", "5^{\text{th}}"
    if not s:
        raise ParseError("empty answer")
    if _QUOTED_LIST.fullmatch(s):  # ['52.2', '-81.0'] (a Python list of strings) is [52.2, -81.0]
        s = _QUOTED_ITEM.sub(r"\2", s)
    base_number = _base_number(s)
    if base_number is not None:
        return base_number
    m = _MIXED_PLAIN.fullmatch(s)
    if m and int(m.group(3)) < int(m.group(4)):
        v = sympy.Integer(int(m.group(2))) + sympy.Rational(int(m.group(3)), int(m.group(4)))
        return Expr(-v if m.group(1) else v)
    n = _number_word(s)
    if n is not None:  # "five", "twenty-one", "one hundred": the whole answer is a number in words
        return Expr(sympy.Integer(n))
    f = _fraction_word(s)
    if f is not None:  # "one half", "two thirds"
        return Expr(f)
    if s.lower() in _ALL_REALS:
        return Bracket("(", ")", (Expr(-sympy.oo), Expr(sympy.oo)))
    choice = _choice(s)
    if choice is not None:
        return choice
    text_answer = _as_text(s)
    if text_answer is not None:
        return text_answer
    toks = tokenize(s)
    if not toks:
        raise ParseError("empty answer")
    try:
        node = _Parser(toks, latex="\\" in s).parse_answer()
    except ParseError:
        raise
    except RecursionError as e:
        raise ParseError("nesting too deep") from e
    except (ValueError, TypeError, ArithmeticError, IndexError, AttributeError) as e:  # sympy refused a value
        raise ParseError(f"{type(e).__name__}: {e}") from e
    _check_no_pm(node)
    return node


_CHOICE_VALUE = re.compile(
    r"(?:\\(?:text|textbf|textrm|mathrm|mathbf)\s*\{\s*\(([A-E])\)\s*\}|\(([A-E])\)|([A-E])\))\s*(.*)", re.S
)
_ALL_REALS = {
    "all real numbers",
    "all reals",
    "all real values",
    "all real x",
    "every real number",
    "any real number",
}


def _choice(s: str) -> Node | None:
    """``(B) 12``, ``\\textbf{(B)}\\ 12``, ``B)``: the letter, with the option's content when it parses."""
    m = _CHOICE_VALUE.fullmatch(s)
    if m is None:
        return None
    letter, rest = next(g for g in m.groups()[:3] if g).lower(), m.group(4).strip()
    if not rest:
        return Text(letter)
    if _CHOICE_VALUE.fullmatch(rest) or re.match(r"(?:[,;]|and\b|or\b)", rest):
        return None  # "(A) and (C)": several letters, parsed as a list
    try:
        return Choice(letter, parse_answer(rest))
    except ParseError:
        return None


def _as_text(s: str) -> Text | None:
    """Plain-text answers: a multiple-choice letter, yes/no, words (or one ``\\text{...}``)."""
    if _CHOICE.fullmatch(s) and s.startswith("("):
        return Text(s.strip("()").lower())
    words = s.split()
    if not _PLAIN_TEXT.fullmatch(s) or any(w.lower() in ("or", "and") for w in words):
        return None
    if len(words) == 1:
        w = words[0].lower()
        if w in _TEXT_WORDS or (len(w) > 3 and w not in FUNCS and w not in _CONST_WORDS):
            return Text(w)
        if (
            _NAME_WORD.fullmatch(words[0])
            and w not in FUNCS
            and w not in MULTI_FUNCS
            and w not in _CONST_WORDS
            and w not in UNIT_ALIASES
            and canonical_unit(w) not in UNIT_ALIASES.values()
        ):
            return Text(w)
        return None
    if all(_word_is_symbols(w) or w in FUNCS for w in words):
        return None
    if len(words) == 2 and canonical_unit(words[1]) in UNIT_ALIASES.values():
        return None  # "pi cm"? leave it to the parser
    return Text(" ".join(w.lower() for w in words))


_TEXT_WORDS = {"yes", "no", "true", "false", "none"}
_SMALL_NUMBERS = {
    w: k
    for k, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen".split()
    )
}
_TENS = {w: 10 * k for k, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}


def _number_word(s: str) -> int | None:
    """An integer written in English words ("five", "twenty-one", "one hundred and two"), else None."""
    words = re.split(r"[\s-]+", s.strip().lower())
    if not 1 <= len(words) <= 12:
        return None
    sign = 1
    if words[0] in ("minus", "negative") and len(words) > 1:
        sign, words = -1, words[1:]
    total, current, last = 0, 0, None  # last: the kind of the previous word
    for w in words:
        if w in _SMALL_NUMBERS and last in (None, "tens", "hundred", "scale", "and"):
            if last == "tens" and _SMALL_NUMBERS[w] >= 10 or w == "zero" and last is not None:
                return None
            current, last = current + _SMALL_NUMBERS[w], "unit"
        elif w in _TENS and last in (None, "hundred", "scale", "and"):
            current, last = current + _TENS[w], "tens"
        elif w == "hundred" and last in ("unit",) and 0 < current < 10:
            current, last = current * 100, "hundred"
        elif w in _SCALES and last in ("unit", "tens", "hundred") and current < 1000:
            total, current, last = total + current * _SCALES[w], 0, "scale"
        elif w == "and" and last in ("hundred", "scale"):
            last = "and"
        else:
            return None
    if last in (None, "and"):
        return None
    return sign * (total + current)


_DENOMINATORS = {
    w: d
    for d, ws in {2: "half halves", 3: "third thirds", 4: "quarter quarters fourth fourths", 5: "fifth fifths",
                  6: "sixth sixths", 7: "seventh sevenths", 8: "eighth eighths", 9: "ninth ninths",
                  10: "tenth tenths"}.items()
    for w in ws.split()
}  # fmt: skip


def _fraction_word(s: str) -> sympy.Rational | None:
    """A fraction in English words ("one half", "a third", "two-thirds", "three quarters"), else None."""
    words = re.split(r"[\s-]+", s.strip().lower())
    if not 2 <= len(words) <= 6 or words[-1] not in _DENOMINATORS:
        return None
    num = 1 if words[:-1] == ["a"] else _number_word(" ".join(words[:-1]))
    if num is None or num == 0:
        return None
    plural = words[-1].endswith("s") and words[-1] != "halves" or words[-1] == "halves"
    if plural != (abs(num) != 1):  # "one third", "two thirds"; not "two third", "one thirds"
        return None
    return sympy.Rational(num, _DENOMINATORS[words[-1]])


_CONST_WORDS = {"infty", "infinity", "pi"}


def parse_math(text: str) -> sympy.Basic | None:
    """Parse one plain or LaTeX expression to sympy, safely; None when it is not one expression.

    ``"\\frac{1}{2} x^2"`` -> ``x**2/2``; ``"a = b"`` -> ``sympy.Eq(a, b, evaluate=False)``
    (other relations -> the matching unevaluated sympy relational). Decimals are exact
    rationals (``0.5`` -> ``1/2``). Units, percent and degree signs, lists, sets, intervals,
    matrices and text give None. Never raises, never evaluates untrusted code.
    """
    try:
        node = parse_answer(text)
    except Exception:  # noqa: BLE001 - documented: never raises
        return None
    if isinstance(node, Expr) and node.unit is None and node.marker is None:
        return node.value
    if isinstance(node, Relation) and len(node.ops) == 1 and all(isinstance(s, Expr) for s in node.sides):
        lhs, rhs = (s.value for s in node.sides)
        rel = {"=": sympy.Eq, "!=": sympy.Ne, "<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}
        if node.ops[0] in rel:
            return rel[node.ops[0]](lhs, rhs, evaluate=False)
    return None
