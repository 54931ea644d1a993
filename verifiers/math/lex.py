"""The tokenizer: a whitelist of tokens (numbers, single-letter and Greek symbols, known function
names, operators, brackets, a fixed set of LaTeX commands); anything else is a
:class:`~verifiers.math.nodes.ParseError`. Also the vocabulary (functions, units) and predicates on tokens.

:class:`Reading` says how a text is read: :data:`ANSWER` (one extracted answer, the default) or :data:`PROSE`
(sentences with maths in them, as the steps of a worked solution: ``math_steps`` reads its claims so). The
prose reading never raises, and stays linear in the length of the text.
"""

from __future__ import annotations

import dataclasses
import re

from verigrpo.verifiers.math.nodes import MAX_DEPTH, MAX_TOKENS, ParseError
from verigrpo.verifiers.math.normalize import _UNICODE, _superscripts, strip_layout
from verigrpo.verifiers.math.units import (
    SCALE_WORDS,
    ascii_units,
    unit_phrase_end,
    unit_word,
)
from verigrpo.verifiers.math.vocab import (
    _SHORT_UNITS,
    CONNECTIVE_WORDS,
    FUNCS,
    GREEK,
    LATEX_MULTI_FUNCS,
    MULTI_FUNCS,
    NON_ASCII_CONNECTIVES,
    PAREN_FUNCS,
    REL_CMDS,
    SHORT_CONNECTIVES,
    TEXT_CMDS,
    UNIT_ALIASES,
)

_NUM_RE = re.compile(r"\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?")
_WORD_RE = re.compile(r"[A-Za-z]+")
_LETTERS_RE = re.compile(r"[^\W\d_]+")
_GLUED_FUNCS = frozenset({"sin", "cos", "tan", "cot", "sec", "csc", "ln", "log"})


def glued_function(word: str) -> bool:
    """``sinx``, ``lnx``, ``cosy``: a function name typed glued to its argument x, y or z (not "cost", "logs")."""
    return word[:-1] in _GLUED_FUNCS and word[-1] in "xyz"
_CMD_RE = re.compile(r"\\([A-Za-z]+|.)")
_BASIS_CMDS = ("hat", "widehat", "vec", "overrightarrow", "mathbf", "boldsymbol", "bm")
_BASIS_ARG = re.compile(r"[ ]{0,3}(?:\{[ ]{0,3}\\?(i|j|k|imath|jmath)[ ]{0,3}\}|\\(imath|jmath)(?![A-Za-z])|[ ]{1,3}([ijk])(?![A-Za-z]))")


@dataclasses.dataclass(slots=True)
class Tok:
    kind: (
        str  # NUM IDENT WORD FUNC CONST OP REL TEXT FRAC SQRT BINOM BEGIN END ... (prose also: NL BREAK CMD)
    )
    text: str
    space: bool = False  # whitespace before this token
    cmd: str = ""  # the LaTeX command an operator was written as, where that matters (\times: "times")


@dataclasses.dataclass(frozen=True)
class Reading:
    """How :func:`tokenize` and the parser read a text.

    prose: the text is sentences with maths in them (a worked solution), not one answer. Nothing raises: a
        character outside the whitelist becomes a ``BREAK`` token, an unknown ``\\command`` a ``CMD`` token;
        every word of two letters or more is a ``WORD`` ("is" is not i*s, "sin" is a word; ``\\sin`` is
        still a function); a newline is an ``NL`` token and "." a ``BREAK`` (a number never ends in its point:
        "= 12." is 12, then a full stop); "1,000" is one number; a markdown bullet ("- ", "* ", "+ ", "• ")
        at the start of a line and a dollar sign before a number (currency: "$5 + $3 = $8") are layout;
        "**" is a power between two operands ("2**10"), else markdown emphasis (a ``BREAK``); "==" and
        ``\\equiv`` are relations of their own, not "="; a text command takes a group without nested braces
        (unbalanced text stays linear). Layout LaTeX goes first (:func:`~verifiers.math.normalize.strip_layout`).
        No cap on the number of tokens: the caller caps what it parses.
    times_x: "x" between two numbers is a times sign ("3 x 4", "3x4"); elsewhere it is the variable x.
    letter_constants: "e" and "i" are Euler's number and the imaginary unit; without, they are symbols
        like any other letter (in a solution they are whatever the writer named: an index, an edge).
    units: letters after a number, outside brackets, that are all units and end the item (``1 kN``,
        ``9.8 m/s^2``, ``1 m kg s^-2``; :func:`~verifiers.math.units.unit_phrase_end`) are one ``UNIT`` token;
        without, they are letters like any others.
    """

    prose: bool = False
    times_x: bool = False
    letter_constants: bool = True
    units: bool = True


ANSWER = Reading()
PROSE = Reading(prose=True, times_x=True, letter_constants=False, units=False)


_FLAT_GROUP = re.compile(r"\{([^{}]*)\}")
_PAREN_AHEAD = re.compile(r"\s*\(")
_LOG_BASE_AHEAD = re.compile(r"(10|2)(?=\s*\()")
_BRACKET_AHEAD = re.compile(r"\s*[(\[]")


def _read_group(s: str, i: int, flat: bool = False) -> tuple[str, int]:
    """``s[i] == '{'``: return the brace-balanced content and the index after the closing brace.

    flat: only a group without braces inside (the prose reading: it never scans past the next brace, so
    many unclosed groups stay linear)."""
    if flat:
        m = _FLAT_GROUP.match(s, i)
        if m is None:
            raise ParseError("unbalanced or nested braces")
        return m.group(1), m.end()
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


def tokenize(s: str, reading: Reading = ANSWER) -> list[Tok]:
    """The tokens of ``s`` read as ``reading`` says (see :class:`Reading`); :class:`ParseError` for text
    outside the whitelist (never with the prose reading)."""
    s = _superscripts(ascii_units(s) if reading.units else s)
    for a, b in _UNICODE.items():
        if a in s:  # "\π" (a command backslash before the symbol itself) is "\pi" too, not "\\pi"
            s = s.replace("\\" + a, b) if b.startswith("\\") else s
            s = s.replace(a, b)
    if reading.prose:
        s = strip_layout(s)
    toks: list[Tok] = []
    i, n = 0, len(s)
    space, line_start = False, True
    depth = 0  # brackets open before s[i]: a unit phrase is read only outside them ("(3m, 2n)" is a point)
    while i < n:
        if len(toks) > MAX_TOKENS and not reading.prose:
            raise ParseError("too many tokens")
        c = s[i]
        if c == "\n" and reading.prose:
            toks.append(Tok("NL", "\n", space))
            space, line_start, i = True, True, i + 1
            continue
        layout = _layout(s, i, line_start) if reading.prose else 0
        if c.isspace() or layout:
            space, line_start = True, line_start and not layout
            i += layout or 1
            continue
        before = len(toks)
        end = None
        if (
            reading.units
            and not depth
            and c.isalpha()
            and toks
            and (toks[-1].kind == "NUM" or toks[-1].text == "}")  # "5 kg", "1.6 \times 10^{-19} C"
            and _quantity_number(toks)
        ):
            end = unit_phrase_end(s, i)  # letters right after a lone number: a unit phrase?
        if end is not None:
            toks.append(Tok("UNIT", s[i:end], space))
            i = end
        else:
            i = _prose_token(s, i, space, toks) if reading.prose else _token(s, i, space, toks, flat=False)
        for t in toks[before:]:
            if t.kind == "OP" and t.text in "([{":
                depth += 1
            elif t.kind == "OP" and t.text in ")]}":
                depth -= 1
        space, line_start = False, False
    if any(t.kind == "BEGIN" for t in toks):
        toks = _unwrapped_matrices(toks)
    letters = {t.text for t in toks if t.kind == "IDENT"}
    if not reading.prose and {"i", "j"} <= letters <= {"i", "j", "k"} and not any(t.kind == "OP" and t.text in "_^" for t in toks):
        # "3i + 4j", "4i - 2j + k": the standard basis, written plain (not indices: "x_i + x_j")
        toks = [Tok("BASIS", t.text, t.space) if t.kind == "IDENT" else t for t in toks]
    return _times_x(toks) if reading.times_x else toks


def _unwrapped_matrices(toks: list[Tok]) -> list[Tok]:
    """``[\\begin{array}..\\end{array}]``, ``(\\begin{matrix}..\\end{matrix})``: the brackets a matrix environment is
    set in (``\\left[ .. \\right]``, often after a scalar: ``\\frac{1}{35}\\left[\\begin{array}..``) are the matrix's own
    delimiters, not a bracket around it."""
    out: list[Tok] = []
    k = 0
    while k < len(toks):
        t = toks[k]
        if t.kind == "OP" and t.text in "([" and k + 1 < len(toks) and toks[k + 1].kind == "BEGIN":
            end = next((j for j in range(k + 2, len(toks)) if toks[j].kind in ("BEGIN", "END")), None)
            close = "]" if t.text == "[" else ")"
            if (
                end is not None
                and toks[end].kind == "END"
                and end + 1 < len(toks)
                and toks[end + 1].kind == "OP"
                and toks[end + 1].text == close
            ):
                out.extend(toks[k + 1 : end + 1])
                k = end + 2
                continue
        out.append(t)
        k += 1
    return out


def _quantity_number(toks: list[Tok]) -> bool:
    """The item so far (after a comma, a relation or "and"/"or") is one number a unit may follow: ``5``, ``-2.5``,
    ``6.02 \\times 10^{23}``, with or without braces; not ``3 + 2`` (``3 + 2 m`` keeps m a symbol)."""
    k = len(toks)
    while k and not (toks[k - 1].kind in ("REL", "CONN") or (toks[k - 1].kind == "OP" and toks[k - 1].text in ",;")):
        k -= 1
    item = "".join(t.text if t.kind == "OP" else t.kind for t in toks[k:])
    return re.fullmatch(r"[-+]?NUM(?:/NUM|\*NUM\^(?:-?NUM|\{-?NUM\}))?", item) is not None  # "2/30 g/cm^2" too


_CURRENCY = re.compile(r"\\?\$(?=\.?\d)")  # a dollar sign before a number
_BULLET = re.compile(r"[-*+•][ \t]")  # at the start of a line


def _layout(s: str, i: int, line_start: bool) -> int:
    """The length of the prose layout at ``s[i]`` (a currency sign, a markdown bullet), else 0."""
    m = _CURRENCY.match(s, i) or (_BULLET.match(s, i) if line_start else None)
    return 0 if m is None else 1 + (s[i] == "\\")


_PROSE_TOKEN = re.compile(
    r"(?P<NUM>(?!0,)\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)"
    r"|(?P<WORD>[A-Za-z]{2,})|(?P<ELLIPSIS>\.\.\.)|(?P<REL>==|\\equiv(?![A-Za-z]))"
    r"|(?P<BREAK>\.|\*\*+|(?:\$(?!\.?\d)|[?@\"`~#])+)"  # a run of characters outside the whitelist is one break
)
_POWER_STARS = re.compile(r"(?<=[\w)\]}])\*\*(?=[\w(\[{\-])")  # "2**10": a power, not emphasis


def _prose_token(s: str, i: int, space: bool, toks: list[Tok]) -> int:
    """Read one token of prose at ``s[i]`` (not a space, not layout; see :class:`Reading`): append it to
    ``toks`` and return the index after it. Never raises."""
    m = _PROSE_TOKEN.match(s, i)
    if m is not None and not (m.lastgroup == "BREAK" and _POWER_STARS.match(s, i)):
        text = m.group().replace(",", "") if m.lastgroup == "NUM" else m.group()
        toks.append(Tok(m.lastgroup, text, space))
        return m.end()
    try:
        return _token(s, i, space, toks, flat=True)
    except ParseError:  # outside the whitelist: an unknown command, or a break in the maths
        m = _CMD_RE.match(s, i)
        text = m.group() if m is not None else s[i]
        toks.append(Tok("CMD" if text[1:].isalpha() else "BREAK", text, space))
        return i + len(text)


def _times_x(toks: list[Tok]) -> list[Tok]:
    """``3 x 4``, ``3x4``: an "x" between two numbers is a times sign."""
    for k in range(1, len(toks) - 1):
        if toks[k].kind == "IDENT" and toks[k].text == "x" and toks[k - 1].kind == toks[k + 1].kind == "NUM":
            toks[k] = Tok("OP", "*", toks[k].space)
    return toks


# a number after a word and its space, or a named one: "60 e| 135", "x = 5 y| x = 7"
_NUMBER_AHEAD = re.compile(r"(?<![ \t])[ \t]+(?:[-(]?\d|[A-Za-z][ \t]*=)")


def _token(s: str, i: int, space: bool, toks: list[Tok], flat: bool) -> int:
    """Read one whitelisted token at ``s[i]`` (not a space): append it to ``toks`` and return the index
    after it; :class:`ParseError` (with ``toks`` unchanged) outside the whitelist. flat: see :func:`_read_group`."""
    n = len(s)
    c = s[i]
    if c.isdecimal() or (c == "." and i + 1 < n and s[i + 1].isdecimal()):  # not isdigit: "⁸" is one
        m = _NUM_RE.match(s, i)
        assert m is not None
        toks.append(Tok("NUM", m.group(), space))
        i = m.end()
    elif c.isalpha():
        m = _WORD_RE.match(s, i)
        if m is None:  # a non-ASCII letter: only a connective between spaces ("x = 5 и x = 7")
            word = _LETTERS_RE.match(s, i)
            conn = NON_ASCII_CONNECTIVES.get(word.group()) if word is not None and space else None
            if conn is None or not s.startswith((" ", "\t"), word.end()):  # type: ignore[union-attr]
                raise ParseError(f"unexpected character {c!r}")
            toks.append(Tok("CONN", conn, space))
            return word.end()  # type: ignore[union-attr]
        w = m.group()
        i = m.end()
        if w == "log" and (digits := _LOG_BASE_AHEAD.match(s, i)) is not None:  # log10(x), log2(x): a CAS's names
            toks.append(Tok("FUNC", "log", space))
            toks.extend([Tok("OP", "_", False), Tok("NUM", digits.group(1), False)])
            return digits.end(1)
        if w == "atan" and s.startswith("2", i) and _PAREN_AHEAD.match(s, i + 1) is not None:  # atan2(y, x)
            toks.append(Tok("FUNC", "atan2", space))
            return i + 1
        if (
            w == w.capitalize()
            and w.lower() in FUNCS.keys() | MULTI_FUNCS
            and _PAREN_AHEAD.match(s, i) is not None
        ):
            w = w.lower()  # a CAS's spelling: "Abs(x)", "Max(m, n)", "Sqrt(2)"
        if (
            w in ("U", "union")
            and toks
            and toks[-1].kind == "OP"
            and toks[-1].text in (")", "]")
            and _BRACKET_AHEAD.match(s, i)
        ):
            toks.append(Tok("CUP", "cup", space))  # "(1,5] U [2,7)", "[5,oo) union (-oo,2]": plain text's union
        elif w in FUNCS or (w in MULTI_FUNCS.union(PAREN_FUNCS) and _PAREN_AHEAD.match(s, i) is not None):
            toks.append(Tok("FUNC", w, space))
        elif glued_function(w):  # "sinx + C", "lnx": sin x, typed glued
            toks.extend([Tok("FUNC", w[:-1], space), Tok("IDENT", w[-1], False)])
        elif w == "mod" and toks and _PAREN_AHEAD.match(s, i) is None:
            toks.append(Tok("OP", "mod", space))  # "128 mod 3"
        elif w in ("pi", "infty", "inf", "infinity", "oo", "Infinity"):
            toks.append(Tok("CONST", "pi" if w == "pi" else "oo", space))
        elif w.lower() in CONNECTIVE_WORDS:
            toks.append(Tok("CONN", CONNECTIVE_WORDS[w.lower()], space))
        elif w in SHORT_CONNECTIVES and space and toks and toks[-1].kind == "NUM" and _NUMBER_AHEAD.match(s, i):
            toks.append(Tok("CONN", SHORT_CONNECTIVES[w], space))  # "60 e 135": Portuguese "and", not 60·e·135
        elif len(w) == 1 or w in GREEK:  # "alpha" is the symbol \alpha, as in sympy and calculators
            toks.append(Tok("IDENT", w, space))
        elif _word_is_symbols(w) or (_word_is_symbols(w, units=True) and s.startswith("(", i)):
            # "xy" is x*y; "mg(r+a)" is m*g*(r+a): a unit is not followed by a bracket
            toks.extend(Tok("IDENT", ch, space and k == 0) for k, ch in enumerate(w))
        else:
            toks.append(Tok("WORD", w, space))
    elif c == "\\":
        m = _CMD_RE.match(s, i)
        if m is None:
            raise ParseError("dangling backslash")
        cmd = m.group(1)
        i = m.end()
        if cmd in ("frac", "sqrt", "binom", "overline", "bar", "dot", "ddot", "choose"):
            toks.append(Tok(cmd.upper(), cmd, space))
        elif cmd in ("sum", "prod"):
            toks.append(Tok("BIGOP", cmd, space))
        elif cmd in ("int", "lim"):  # a definite integral, a limit: worked out by guards.make_integral / make_limit
            toks.append(Tok(cmd.upper(), cmd, space))
        elif cmd in ("to", "rightarrow"):  # only inside a limit's subscript: x \to 0
            toks.append(Tok("OP", "to", space))
        elif cmd in _BASIS_CMDS and (b := _BASIS_ARG.match(s, i)) is not None:
            # \hat{i}, \vec{j}, \mathbf{k}, \hat\imath: a unit vector of the standard basis
            toks.append(Tok("BASIS", (b.group(1) or b.group(2) or b.group(3))[0], space))
            i = b.end()
        elif cmd in TEXT_CMDS:
            j = i
            while j < n and s[j] == " ":
                j += 1
            if j < n and s[j] == "{":
                content, i = _read_group(s, j, flat)
            elif cmd in ("rm",):
                content = ""
            elif cmd == "mathbb" and j < n and s[j] in "RZNQC":  # \mathbb Z: the number set's letter unbraced
                content, i = s[j], j + 1
            else:
                raise ParseError(f"\\{cmd} without an argument")
            name = content.strip()
            if (name in FUNCS and cmd == "operatorname") or (
                (name in FUNCS or name in MULTI_FUNCS or name in PAREN_FUNCS) and _PAREN_AHEAD.match(s, i) is not None
            ):  # \operatorname{lcm}(4, 6), \text{gcd}(4, 6), \operatorname{Re}(z)
                toks.append(Tok("FUNC", name, space))
            elif (word := content.strip().lower()) in CONNECTIVE_WORDS or (word in SHORT_CONNECTIVES and cmd == "text"):
                toks.append(Tok("CONN", CONNECTIVE_WORDS.get(word) or SHORT_CONNECTIVES[word], space))  # \text{ e }
            elif (words := content.split()) and len(words) > 1 and words[-1].lower() in CONNECTIVE_WORDS:
                # 20 \text{ ml and } 30 \text{ ml}: a unit, then the connective
                toks.append(Tok("TEXT", content[: content.rstrip().rfind(" ")], space))
                toks.append(Tok("CONN", CONNECTIVE_WORDS[words[-1].lower()], True))
            elif cmd == "mathbb":
                toks.append(Tok("SETNAME", content.strip(), space))
            else:
                toks.append(Tok("TEXT", content, space))
        elif cmd in FUNCS or cmd in LATEX_MULTI_FUNCS:  # \beta is the letter: only these are LaTeX functions
            toks.append(Tok("FUNC", cmd, space))
        elif cmd in ("Gamma", "zeta", "Re", "Im") and _PAREN_AHEAD.match(s, i) is not None:
            toks.append(Tok("FUNC", cmd, space))  # \Gamma(5), \zeta(2), \Re(z)
        elif cmd in ("bmod", "mod"):
            toks.append(Tok("OP", "mod", space))
        elif cmd == "pi":
            toks.append(Tok("CONST", "pi", space))
        elif cmd == "infty":
            toks.append(Tok("CONST", "oo", space))
        elif cmd in GREEK or cmd in ("hbar", "ell"):  # letter-like symbols: \hbar (Planck's), \ell (a length)
            # (a letter's variant glyph is that letter: \varphi is \phi, \varepsilon \epsilon, \vartheta \theta)
            toks.append(Tok("IDENT", cmd.removeprefix("var") if cmd.startswith("var") else cmd, space))
        elif cmd in ("lor", "vee", "land", "wedge"):  # logic's "or" and "and" between conditions
            toks.append(Tok("CONN", "or" if cmd in ("lor", "vee") else "and", space))
        elif cmd in ("cdot", "times", "ast"):
            toks.append(Tok("OP", "*", space, cmd))
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
        elif cmd in ("|", "Vert", "lVert", "rVert"):  # \|v\|: a norm
            toks.append(Tok("OP", "||", space))
        elif cmd == "%":
            toks.append(Tok("PERCENT", "%", space))
        elif cmd == "cup":
            toks.append(Tok("CUP", "cup", space))
        elif cmd == "cap":
            toks.append(Tok("CAP", "cap", space))
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
                env, i = _read_group(s, i, flat)
            else:
                raise ParseError("\\begin without environment")
            env = env.strip()
            if env not in ("pmatrix", "bmatrix", "matrix", "Bmatrix", "smallmatrix", "array"):
                raise ParseError(f"unsupported environment {env}")
            if cmd == "begin" and env == "array":  # skip the column spec {cc}
                while i < n and s[i] == " ":
                    i += 1
                if i < n and s[i] == "{":
                    _, i = _read_group(s, i, flat)
            toks.append(Tok(cmd.upper(), env, space))
        elif cmd == "\\":
            spacing = re.match(r"[ \t]*\[[ \t]*-?\d*\.?\d+[ \t]*(?:pt|em|ex|mm|cm|in|mu)[ \t]*\]", s[i:])
            if spacing:  # "\\[8pt]": a row break with extra space under it
                i += spacing.end()
            toks.append(Tok("ROWSEP", "\\\\", space))
        elif cmd in ("&", "#", "_"):
            toks.append(Tok("OP", cmd, space))
        elif glued_function(cmd):  # "\tanx", "\lnx": \tan x with the space left out, as plain text's "tanx" is
            toks.extend([Tok("FUNC", cmd[:-1], space), Tok("IDENT", cmd[-1], False)])
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
    return i


def _math_like(c: str) -> bool:
    r"""The content of ``\mathrm{..}`` etc. is maths, not a word: ``e``, ``\pi``, ``2x``."""
    if not c or c.lower() in UNIT_ALIASES:
        return False
    return c in ("e", "i") or c.startswith("\\") or bool(re.fullmatch(r"[\d.]+|[\d.]*[A-Za-z]", c))


def _word_is_symbols(w: str, units: bool = False) -> bool:
    """A short word that is a product of one-letter symbols; a unit's name too when ``units``."""
    return len(w) <= 3 and (units or w.lower() not in _SHORT_UNITS) and w.isalpha()


def _function_name(toks: list[Tok]) -> str | None:
    """``f(x)`` as tokens -> "f(x)"; None for anything else."""
    kinds = [t.kind for t in toks]
    if kinds == ["IDENT", "OP", "IDENT", "OP"] and toks[1].text == "(" and toks[3].text == ")":
        return "".join(t.text for t in toks)
    return None


# y', dy/dx, \frac{dy}{dx}, \frac{d^2y}{dx^2} (a label); the quotient forms name the function and the order
_DERIVATIVE_LABEL = re.compile(
    r"[A-Za-z]'{1,3}|frac\{d(?:\^\{?(?P<n1>\d)\}?)?(?P<f1>[A-Za-z])\}\{d[A-Za-z](?:\^\{?(?P=n1)\}?)?\}"
    r"|d(?:\^(?P<n2>\d))?(?P<f2>[A-Za-z])/d[A-Za-z](?:\^(?P=n2))?"
)


_DOT_LABEL = re.compile(r"(d?)dot(?:\{([A-Za-z]{1,6})\}|([A-Za-z]))(\([a-z0-9.]{1,6}\))?")  # (\ddot{\theta})


def label_name(toks: list[Tok]) -> str:
    """A label's name as written, a derivative in one spelling: ``dy/dx``, ``\\frac{dy}{dx}``, ``\\dot{y}`` -> ``y'``."""
    text = "".join(t.text for t in toks)
    dot = _DOT_LABEL.fullmatch(text)
    if dot is not None:  # \dot{x}(t), \ddot{x}: a derivative in time, Newton's way
        return (dot.group(2) or dot.group(3)) + "'" * (1 + len(dot.group(1))) + (dot.group(4) or "")
    m = _DERIVATIVE_LABEL.fullmatch(text)
    if m is None or not (m.group("f1") or m.group("f2")):
        return text
    return (m.group("f1") or m.group("f2")) + "'" * int(m.group("n1") or m.group("n2") or 1)


def _is_label(toks: list[Tok]) -> bool:
    """The left side of ``x = ...`` is a bare name: ``x``, ``y_1``, ``\\theta``, ``f(x)``, ``f'(x)``, ``g^{-1}(x)``."""
    kinds = [t.kind for t in toks]
    if re.fullmatch(r"[A-Za-z](?:'{1,2}|\^\{?-1\}?)\([A-Za-z]\)", "".join(t.text for t in toks)):
        return True  # a derivative or an inverse, as a label (grammar's derived function labels)
    if _DERIVATIVE_LABEL.fullmatch("".join(t.text for t in toks)) or _DOT_LABEL.fullmatch("".join(t.text for t in toks)):
        return True  # y', dy/dx, \frac{dy}{dx}, \frac{d^2y}{dx^2}, \dot{x}, \ddot{x}(t)
    if kinds == ["IDENT"] and toks[0].text not in ("e", "i"):
        return True
    if kinds == ["TEXT"] and re.fullmatch(r"[A-Za-z]", toks[0].text) and toks[0].text not in ("e", "i"):
        return True  # \mathbf{v} = (1, 2): a vector's bold name
    if len(toks) >= 2 and kinds[0] in ("BAR", "OVERLINE"):  # \bar{A} = \{1, 3, 5\}, \overline{x} = 5: a named
        # complement or mean; \overline{AB} = 5: a segment
        inner = toks[2:-1] if toks[1].text == "{" and toks[-1].text == "}" else toks[1:]
        return bool(inner) and (_is_label(inner) or all(t.kind == "IDENT" and t.text.isupper() for t in inner))
    names = toks[1:-1] if len(toks) >= 3 else []
    if names and all(t.kind == "IDENT" and t.text not in ("e", "i") for t in names):
        if toks[0].text == "|" == toks[-1].text:  # |z| = 5, |AB| = 5: a modulus or a length
            return True
        if toks[0].text == "[" and toks[-1].text == "]" and len(names) >= 2 and all(t.text.isupper() for t in names):
            return True  # [ABC] = 6: an area (not [x], a floor)
    if len(toks) >= 4 and kinds[0] == "IDENT" and toks[0].text.isupper() and toks[1].text == "[" and toks[-1].text == "]":
        return all(t.kind == "IDENT" for t in toks[2:-1])  # E[X] = 3: an expectation
    if len(toks) >= 3 and kinds[0] == "IDENT" and toks[1].text == "_":
        return all(t.kind in ("NUM", "IDENT", "OP", "FUNC", "TEXT", "WORD") and t.text not in "+-*/^" for t in toks[1:])
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
    text = re.sub(r"\^\{?(-?\d)\}?", r" ^\1", text).replace("/", " per ")
    parts = []
    for w in re.split(r"\s+", text.strip()):
        if not w:
            continue
        if w.startswith("^"):
            parts.append(w)
            continue
        lw = w.lower()
        if unit_word(w) is not None and not (lw in UNIT_ALIASES and (w == lw or len(w) > 3)):
            parts.append(w)  # an SI symbol keeps its case: "MN" is not "mN"; "mL", "Pa", "kohm"
            continue
        if lw not in UNIT_ALIASES and lw.endswith("s") and len(lw) > 2:
            lw = lw[:-1]
        if lw.endswith("e") and lw[:-1] + "es" == w.lower() and lw[:-1] in UNIT_ALIASES:
            lw = lw[:-1]
        parts.append(UNIT_ALIASES.get(lw, lw))
    return " ".join(parts).replace(" / ", "/")


_SCALES = SCALE_WORDS
