"""Normalisation: string-level clean-up of an answer before it is tokenized (meaning unchanged).

:func:`strip_math_delimiters` removes outer ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``;
:func:`strip_layout` drops the LaTeX that only lays maths out (also before the prose reading of the tokenizer);
:func:`normalize` calls it and also drops thousands separators, dollar signs and markdown code spans, maps
Unicode maths to LaTeX and unescapes text escaped twice. The forms it accepts
are in the table of :mod:`verifiers.math`.
"""

from __future__ import annotations

import re
import unicodedata

from verigrpo.verifiers.math.cjk import cjk_numerals, cjk_words
from verigrpo.verifiers.math.combinatorics import count_notations
from verigrpo.verifiers.math.locales import LOCAL_CURRENCY_HINT, digit_groups, foreign_scales, local_amounts
from verigrpo.verifiers.math.mathematica import mathematica_calls
from verigrpo.verifiers.math.numwords import MINUS_WORDS
from verigrpo.verifiers.math.units import SIGN_WORDS, ascii_units, caret_powers, compound_quantity, unit_word
from verigrpo.verifiers.math.wordlists import OR_BETWEEN_VALUES, OR_WORDS

_MATH_DELIMS = (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$"))


def strip_math_delimiters(s: str) -> str:
    """Remove one pair of outer ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]`` (repeatedly), a lone opening or
    closing ``\\(``/``\\)``/``\\[``/``\\]`` at an end, and a closing tag cut off after the answer ("8 GB</answer")."""
    s = s.strip()
    for _ in range(3):
        for a, b in _MATH_DELIMS:
            if len(s) >= len(a) + len(b) and s.startswith(a) and s.endswith(b):
                inner = s[len(a) : len(s) - len(b)]
                if a == "$" and "$" in inner or a in ("\\(", "\\[") and (a in inner or b in inner):
                    continue  # "$3$ or $4$", "\(\frac14\) or \(0.25\)": two spans, not one
                s = inner.strip()
                break
        else:
            break
    if "</" in s:  # "8 GB</answer", "8</SOLUTION": the end of a tag cut off after the answer, no maths
        s = _TAG_END_FRAGMENT.sub("", s)
    for a, b in (("\\(", "\\)"), ("\\[", "\\]")):  # "(\frac35, 2]\)": a closing delimiter whose opening was cut
        if s.endswith(b) and a not in s:
            s = s[: -len(b)].rstrip()
        elif s.startswith(a) and b not in s:
            s = s[len(a) :].lstrip()
    return s


_TAG_END_FRAGMENT = re.compile(r"(?<![ \t\n])[ \t\n]*</[A-Za-z_]{1,20}>?[ \t\n]*\Z")
_DROP = re.compile(
    r"\\(?:displaystyle|textstyle|scriptstyle|limits|nolimits|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|"
    r"bigg|Bigg|big|Big|middle|mathstrut|strut|phantom\{[^{}]*\}|hphantom\{[^{}]*\}|vphantom\{[^{}]*\}|"
    r"hspace\*?\{[^{}]*\}|kern\s*-?[\d.]+\w*|underline|mkern\s*-?[\d.]+\w*|qed|blacksquare|smash(?:\[[tb]\])?)(?![A-Za-z])"
    r"|(?<=\\sqrt)[ \t]*\[[ \t]*\]"  # "\sqrt[]{144}": an empty index
    r"|(?<=\d)\{:\}(?=\d)"  # "3{:}45": a colon set as punctuation, spaced as TeX spaces one
)
# old font switches ({\bf (A)}), and paragraph layout that answer keys copied out of a .tex file keep ("235\\
# \noindent"): a space in their place, so that "3\par5" stays two numbers and is not 35
_BREAKS = re.compile(
    r"\\(?:bf|it|sf|tt|sl|sc|em|noindent|indent|newline|par|medskip|bigskip|smallskip|hfill|vfill|vspace\*?\{[^{}]*\})"
    r"(?![A-Za-z])"
)
_BARE_COMMAND = re.compile(r"(?<![\\A-Za-z])(d?frac|sqrt)\{")
_LONE_TRAILING_BACKSLASH = re.compile(r"(?<!\\)\\\s*$")
_THIN_BETWEEN_LETTERS = re.compile(r"(?<=[A-Za-z])(?:(?<!\\)\\[,;:!>])+(?=[A-Za-z])")
_THIN = re.compile(r"(?<!\\)\\[,;:!>]|\{,\}(?=\d)")
_WIDE = re.compile(
    r"\\(?:quad|qquad)|\\(?:enspace|thinspace|medspace|thickspace|negthinspace|space)(?![A-Za-z])|(?<!\\)\\ "
)
_LEFTRIGHT = re.compile(r"\\(?:left|right|mleft|mright)\s*(?:\.|(?=[\\(\[\]|)<>/]|\\\{|\\\}))")
# ^\circ or ^{\circ}: a closing brace only with its opening one (in \frac{45^\circ}{180^\circ} it closes the \frac's)
_DEGREE = re.compile(r"\^\s*(?:\{\s*\\circ\s*\}|\\circ)|\\degree(?![A-Za-z])|°|\^\s*\{\s*\\text\{\s*o\s*\}\s*\}")
# at most seven groups (below 10^21; 2^64 has seven): a longer run of three-digit groups is a list
# ("110,143,164,..." with nineteen)
_THOUSANDS = re.compile(r"-?(?!0,)\d{1,3}(?:,\d{3}){1,6}(?:\.\d+)?(?=$|\s*[A-Za-z\\%°][^,]*$)")
# MATH's thousands separators: "11,\! 111,\! 100", "14{,}916", "14 {, }916" (exactly 3 digits follow)
_LATEX_THOUSANDS = re.compile(r"(?<=\d),\s*\\!\s*(?=\d{3}(?!\d))|(?<=\d)\s*\{\s*,\s*\}\s*(?=\d{3}(?!\d))")
# brace groups of digits side by side, each bare or in an upright or bold wrapper, not a command's arguments
# ("\frac{1}{2}", "x^{2}{3}"): TeX sets them as one numeral ("{1}{0}{0}" is 100, "\text{2}\text{3}" is 23)
_DIGIT_GROUP = r"(?:\\(?:text|textrm|textbf|mathrm|mathbf|mathit|bf|rm)[ \t]*)?\{\d{1,20}\}"
_JUXTAPOSED_DIGITS = re.compile(rf"(?<![\\A-Za-z^_}}\]]){_DIGIT_GROUP}(?:{_DIGIT_GROUP})+")
_SPACED_BOLD_DIGITS = re.compile(r"\\mathbf\s*\{\s*(\d(?: \d)+(?: ?, ?\d(?: \d)*)*)\s*(\\pi)?\s*\}")
# text escaped twice ("\\frac{1}{2}" for "\frac{1}{2}"): commands with a doubled backslash, none with one
_DECIMAL_COMMA_AFTER_APPROX = re.compile(r"((?:≈|\\approx)[ \t]*-?\d{1,12}),(\d{1,12})(?![\d,])")
_DECIMAL_COMMA_COEFFICIENT = re.compile(r"((?<![\d,.])\d{1,12}),(\d{1,2})(?=[A-Za-zπ])")
_DECIMAL_COMMA = re.compile(r"(?<=\d)\{,\}(?!\d{3}(?!\d))(?=\d)")
_NOT_EQUAL = re.compile(r"\\not\s*(?:=|\\eq(?![A-Za-z]))|=/=")
_DOUBLED_COMMAND = re.compile(r"(?<!\\)\\\\[A-Za-z]")
_SINGLE_COMMAND = re.compile(r"(?<!\\)\\[A-Za-z]")
# a whole answer in quotation marks of one pair: "even", “even”, 'even', «четное», 「偶数」
_QUOTED_WHOLE = re.compile(r"""(["“'‘«「『])([^"“”'‘’«»「」『』]+)(["”'’»」』])""")
_TIMES_TEN = re.compile(r"(\d\.\d+\s*|\d\s+)x\s*10\s*(?:\^|\*\*)\+?")  # "6.02 x 10^{23}", "8.20x10**+1"; not "3x10^8"
# two unit symbols joined by a hyphen after a number: "5 N-m", "1.1e-5 atm-m^3" (both must be units)
_HYPHEN_UNIT = re.compile(r"(?<=[\d.][ \t])([A-Za-z]{1,4})-([A-Za-z]{1,4})(?![A-Za-z(])")
# Python's operators in a unit: "atm*m**3/mole", "g*cm**-3" (a product of units, a power)
_PYTHON_UNIT = re.compile(r"(?<=[A-Za-z])\*\*(?=[-+]?\d)|(?<=[A-Za-z0-9 ])\*(?=([A-Za-z]{1,6})(?:\*\*|[/*\s]|$))")
_SPACE_THOUSANDS = re.compile(r"-?\d{1,3}(?: \d{3})+(?:\.\d+)?(?=$|\s*[A-Za-z\\%°][^,]*$)")
# Swiss groups "1'234'567.89", and Indian groups with a decimal part "12,34,567.89" (without one, "1,23,456" could
# be a list): a whole answer that is one such number
_NAMED_POINT = re.compile(r"[A-Z](?:'|′|\^\s*\{?\s*\\prime\s*\}?|_\{?\w{1,3}\}?)?\s*(\([^()]*\))")
_DOT_THOUSANDS = re.compile(r"-?\d{1,3}(?:\.\d{3}){2,6}(?:,\d+)?")
_OTHER_THOUSANDS = re.compile(r"-?\d{1,3}(?:'\d{3})+(?:\.\d+)?|-?\d{1,2}(?:,\d{2})+,\d{3}\.\d+")


_UPRIGHT_GROUP = re.compile(r"\\(?:mathrm|text|textrm|mbox)\s*\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")


# TeX's generalised fractions: "{4 \\over 2}", "{40 \\choose 10}", "(40 \\choose 10)" (the innermost group or
# parenthesis that holds one; the whole text when none does)
_OVER_GROUP = re.compile(r"([{(])([^{}()]*?)\\(over|choose)(?![A-Za-z])([^{}()]*)([})])")
_OVER_BARE = re.compile(r"^([^{}()]*?)\\(over|choose)(?![A-Za-z])([^{}()]*)$")
_OVER_COMMAND = {"over": "frac", "choose": "binom"}


def _over(m: re.Match) -> str:
    opener, top, kind, bottom, closer = m.groups() if m.re is _OVER_GROUP else ("", *m.groups(), "")
    if (opener, closer) not in (("{", "}"), ("(", ")"), ("", "")):
        return m.group()
    out = f"\\{_OVER_COMMAND[kind]}{{{top.strip()}}}{{{bottom.strip()}}}"
    return f"({out})" if opener == "(" else out


def over_fractions(s: str) -> str:
    """``{a \\over b}`` as ``\\frac{a}{b}`` and ``{n \\choose k}`` as ``\\binom{n}{k}`` (at most eight, innermost first)."""
    for _ in range(8):
        s, n = _OVER_GROUP.subn(_over, s, count=1)
        if not n:
            break
    return _OVER_BARE.sub(_over, s) if "\\over" in s or "\\choose" in s else s


# a modulus noted after the answer: "4 \pmod{7}", "x \equiv 4 \pmod 7", "4 (mod 7)" (the value is what is written:
# "11 \pmod 7" stays 11, not the residue 4)
_MODULUS_NOTE = re.compile(
    r"(?:\\pmod\s*(?:\{[^{}]{1,30}\}|\d{1,12}|[A-Za-z])|\(\s*(?:\\bmod|\\mod|mod)\s*(?:\{[^{}]{1,30}\}|\d{1,12}|[A-Za-z])\s*\))\s*$"
)

# a congruence of numbers alone, before its modulus: "997^{-1} \equiv 333", "2^{100} \equiv 1" (no unknown on
# either side)
_NUMERIC_CONGRUENCE = re.compile(r"[\s$]*[-+*/^(){}\d\s\\cdot]{1,60}?\s*\\equiv\s*(-?\d{1,12})[\s$]*")

_ROW_BREAK_RE = re.compile(r"\\\\(?:\[[^\]]{0,20}\])?")  # "\\", "\\[2pt]": a row ends
_ROWS_ENV = re.compile(r"\\(?:begin|end)\{cases\}")  # (an aligned display is read line by line: spans.aligned)
_NAMED_ROW = re.compile(r"([A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?)\s*=(?!=)[^=]+")
_TAG = re.compile(r"\\tag\*?\s*\{[^{}]{0,20}\}")


def display_rows_of(content: str, environment: re.Pattern[str]) -> list[str]:
    """The non-empty rows of a display (split at ``\\\\``), its ``environment`` commands and alignment marks dropped."""
    rows = (r.replace("&", " ").strip() for r in _ROW_BREAK_RE.split(environment.sub(" ", content)))
    return [r for r in rows if r]


def named_rows(rows: list[str]) -> str | None:
    """Rows that each give another unknown its value ("x = 7", "y = 3"), as one answer in named parts, "x = 7, y =
    3"; None for anything else (one row, a chain, a row without a name, a name given twice)."""
    names = [m.group(1) for m in map(_NAMED_ROW.fullmatch, rows) if m is not None]
    if len(rows) < 2 or len(names) != len(rows) or len(set(names)) != len(names):
        return None
    return ", ".join(rows)


def strip_layout(s: str) -> str:
    """Remove LaTeX that only lays maths out, meaning unchanged: ``\\left``/``\\right``, sizing and spacing
    commands (``\\displaystyle``, ``\\big``, ``\\,``, ``\\quad``, ``\\ ``); spell ``\\dfrac``/``\\tfrac``/``\\cfrac``
    as ``\\frac`` (and ``\\dbinom`` as ``\\binom``) and a degree sign (``^\\circ``, ``\\degree``) as ``°``.
    Linear in the length of ``s``; used by :func:`normalize` and by the prose reading of the tokenizer."""
    if "frac{" in s or "sqrt{" in s:  # "frac{a}{b}", a command without its backslash (never a word of its own)
        s = _BARE_COMMAND.sub(r"\\\1{", s)
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac").replace("\\cfrac", "\\frac")
    s = s.replace("\\dbinom", "\\binom").replace("\\tbinom", "\\binom")
    s = _LEFTRIGHT.sub("", s)
    s = _DROP.sub(lambda m: ":" if m.group() == "{:}" else "", s)
    s = _BREAKS.sub(" ", s) if "\\" in s else s
    if "\\m" in s or "\\t" in s:  # a thin space between unit letters separates them: \mathrm{m\,s^{-2}} is m s^-2
        s = _UPRIGHT_GROUP.sub(lambda m: _THIN.sub(" ", m.group()), s)
        s = _UPRIGHT_FUNCTION.sub(r"\\\1", s)  # "\mathrm{sin(2x)+C}": a function's value set upright, not a unit
    s = _drop_trailing_breaks(s)
    s = _LONE_TRAILING_BACKSLASH.sub("", s)  # "185\\": a stray backslash at the end, not a command
    s = _THIN_BETWEEN_LETTERS.sub(" ", s)  # "\pi\,e" is \pi e, not the unknown command \pie
    if "\\," in s:  # "1\,5": a thin space that groups no thousands (three digits after it) separates two numbers
        s = _THIN_NOT_GROUPING.sub(" ", s)
    s = _THIN.sub("", s)
    s = _WIDE.sub(" ", s)
    return _DEGREE.sub("°", s)


def _drop_trailing_breaks(s: str) -> str:
    """``s`` without the line breaks ``\\`` that end it ("235 \\"): nothing comes after them to break to."""
    t = s.rstrip()
    j = len(t)
    while j >= 2 and t[j - 2 : j] == "\\\\" and (j < 3 or t[j - 3] != "\\"):
        j -= 2
        while j and t[j - 1].isspace():
            j -= 1
    return s if j == len(t) else t[:j]


_THIN_NOT_GROUPING = re.compile(r"(?<=\d)\\,(?=\d)(?!\d{3}(?!\d))")
_UPRIGHT_FUNCTION = re.compile(
    r"\\(?:mathrm|text|textrm|rm)\s*\{\s*((?:sin|cos|tan|sec|csc|cot|ln|log|exp|arcsin|arccos|arctan)\s*\([^{}]*)\}"
)
_UPRIGHT_SUBSCRIPTED = re.compile(r"\\(?:mathrm|mathit|mathbf|mathsf|text|textrm|rm)\s*\{\s*~?\s*([A-Za-z])\s*\}(?=\s*_)")
_ASCII_UNION = re.compile(r"([)\]])[ \t]{0,4}\\/[ \t]{0,4}([(\[])")


_PARTIAL_RE = re.compile(r"\\frac\s{0,4}\{\s{0,4}\\partial\s{0,4}\}\s{0,4}\{\s{0,4}\\partial\s{0,4}([A-Za-z])\s{0,4}\}")
_UNDERSCORE_MIXED = re.compile(r"(?<![\w.^\\{])(-?\d{1,12})_(\d{1,12})/(\d{1,12})(?![\w./])")
_COMBINATORICS = re.compile(r"[ \t]{0,8}(\d{1,3})[ \t]{0,8}([CP])[ \t]{0,8}(\d{1,3})[ \t]{0,8}")


# an ISO currency code before an amount (the codes the lexer reads as units after one: tests check the two agree)
CURRENCY_CODES = ("USD", "EUR", "GBP", "JPY", "INR")
_CURRENCY_CODE_FIRST = re.compile(rf"({'|'.join(CURRENCY_CODES)})[ \t]{{0,2}}(-?\d[\d,]{{0,20}}(?:\.\d{{1,12}})?)")


_TYPED_TIMES = re.compile(r"(?<=\d)[ \t]+x[ \t]+(?=\d)")
# "or" in another language (:mod:`verifiers.math.wordlists`), between a value and the next value or "x ="
_FOREIGN_OR = re.compile(
    rf"(?<=[\d)}}\]])[ \t]+(?:{OR_WORDS}|{OR_BETWEEN_VALUES})[ \t]+(?=[-−+]?[\d(\\]|[A-Za-z][ \t]*=)"
)
_DOUBLE_STRUCK_LETTERS = "ℝℤℕℚℂ"
_FOREIGN_SCALE_HINT = re.compile(r"\d[ \t\u00a0]{0,2}[^\W\d_]")  # a letter after digits: a scale word may follow
_DOUBLE_STRUCK = str.maketrans({c: f"\\mathbb{{{x}}}" for c, x in zip(_DOUBLE_STRUCK_LETTERS, "RZNQC")})


# a tuple of unknowns before a colon that lists their values ("(x, y): (0, 2), (4, 23)"), never "(a):" alone
_TUPLE_LABEL_COLON = re.compile(r"\s*(\(\s*[A-Za-z](?:_\{?\w\}?)?(?:\s*,\s*[A-Za-z](?:_\{?\w\}?)?)+\s*\))\s*:(?![=:])")


# a clause after an answer that only says its variable ranges over every real number ("f(x)=x-1, x \in \mathbb{R}",
# "x^2 + 1 \quad \forall x \in \mathbb{R}", "f(x)=x+1 \text{ for every } x\in\mathbb{R}", "(x \in \mathbb{R})"; not
# \mathbb{Z}, \mathbb{N}, \mathbb{R}^+, which restrict a function the question defines on the reals)
_WHOLE_LINE_DOMAIN = re.compile(
    r"(?:(?:[,;]|\\q?quad\b|\\[,;: ])\s*+|(?<!\s)\s*+(?=\\(?:text|mbox)\s*\{\s*for\b|\\forall|\(\s*[A-Za-z]\s*(?:\\in|∈)))"
    r"(?:\\(?:text|mbox)\s*\{\s*(?:for\s+(?:all|every|any)\s*)?\}\s*|\\forall\s*|\(\s*)?"
    r"([A-Za-z])\s*(?:\\in|∈)\s*\\mathbb\s*\{?\s*R\s*\}?\s*\)?\s*\.?\s*$"
)


# the variable said to range over every real, before the condition on it ("x \in \mathbb{R}, x \neq 7",
# "x \in \mathbb{R} \mid x > 2")
_LEADING_WHOLE_LINE = re.compile(
    r"\A\s*+([A-Za-z])\s*(?:\\in|∈)\s*\\mathbb\s*\{?\s*R\s*\}?\s*(?:[,;:|]|\\mid\b|\\text\s*\{\s*(?:and|with|such\s+that)\s*\})\s*(?=\1\b)"
)


def _without_whole_line_domain(s: str) -> str:
    m = _WHOLE_LINE_DOMAIN.search(s)
    head = s[: m.start()].rstrip() if m is not None else ""
    uses = m is not None and re.search(rf"(?<![A-Za-z\\]){m.group(1)}(?![A-Za-z])", head)
    return head if uses else s


_SYMPY_SET = re.compile(r"\bFiniteSet\(([^()]{0,400})\)")
_SYMPY_INTEGER = re.compile(r"\bInteger\((-?\d{1,40})\)")
_SYMPY_EQ_RE = re.compile(r"\A\s*Eq\(")


def _sympy_equation(s: str) -> str:
    """``Eq(lhs, rhs)`` as a whole answer -> ``lhs = rhs`` (the comma outside any bracket splits it); ``s`` as it
    stands otherwise."""
    m = _SYMPY_EQ_RE.match(s)
    if m is None or not s.rstrip().endswith(")"):
        return s
    inner = s[m.end() : s.rstrip().rfind(")")]
    depth, cut = 0, None
    for i, ch in enumerate(inner):
        depth += (ch in "([{") - (ch in ")]}")
        if depth < 0:
            return s  # "Eq(a, b) + (c)": the bracket closes before the end
        if ch == "," and depth == 0:
            if cut is not None:
                return s
            cut = i
    if cut is None or depth or not re.search(r"[A-Za-z]", inner):  # ("Eq(3, 3)": no unknown, sympy's True)
        return s
    return f"{inner[:cut].strip()} = {inner[cut + 1 :].strip()}"


_LATEX_DOT = re.compile(r"\\dot[ \t]*(?:\{[ \t]*(\d)[ \t]*\}|(\d))")
# markdown bold ("**12**", "**Answer:**"), not a power between two operands ("2**3", "(x+1)**(3/2)", "x**(-1)")
BOLD_MARK_RE = re.compile(r"(?<![\w)\]}])\*\*|\*\*(?![\w(\[{]|[-+][\w(])")


_FRACTION_ORDINAL_RE = re.compile(r"(\d{1,9}/\d{1,9})(?:th|rd|nd|st)s?\b")
_LAMBDA_RE = re.compile(r"\A[ \t]*lambda[ \t]+([A-Za-z])[ \t]*:[ \t]*(?=\S)")


# "\textHz": \text with its braces lost, before a capital (every \text... command goes on in lower case)
_TEXT_UNBRACED_RE = re.compile(r"\\text([A-Z][A-Za-z]{0,8})(?![A-Za-z{])")
# "\\pi", "\\frac": a command's backslash doubled (an escape written out); not a row break ("\\ 3", "\\[2pt]")
_DOUBLED_COMMAND_RE = re.compile(
    r"(?<!\\)\\\\((?:pi|frac|dfrac|tfrac|sqrt|cdot|times|infty|theta|alpha|beta|gamma|sin|cos|tan|ln|log|text|mathrm)(?![A-Za-z]))"
)


_SPAN_AND_RE = re.compile(r"(\\\)|\$)[ \t]+(?:e|y|et|und)[ \t]+(\\\(|\$)")
_TICKS = "✅✔☑✓"
_TICK_END_RE = re.compile(r"(?<=\S)[ \t]*[✅✔☑✓]\ufe0f?[ \t]*\Z")


# a run of two or more option letters, each in its own text or bold group ("\textbf{B}\textbf{C}", "\text{B}\quad
# \text{C}"): a list of letters, never a letter with a unit (C, the coulomb)
_WRAPPED_LETTER = r"\\(?:text|textbf|mathbf|mathrm|textit|mathit|textsf)[ \t]*\{[ \t]*\(?([A-J])\)?[ \t]*\}"
_WRAPPED_LETTER_RE = re.compile(_WRAPPED_LETTER)
# (the first bare, LaTeX's spaces or a line break between: "B\text{C}", "\textbf{B}\hspace{1em}\textbf{C}", "\text{B}\\\text{C}")
_LETTER_GAP = r"(?:[ \t,;~]|\\[,;: ]|\\q?quad(?![A-Za-z])|\\hspace\*?\{[^{}]{0,12}\}|\\\\)*"
_WRAPPED_LETTERS_RE = re.compile(rf"(?:{_WRAPPED_LETTER}|(?<![A-Za-z\\{{])([A-J])(?=\\))(?:{_LETTER_GAP}{_WRAPPED_LETTER})+")


def _letters_listed(m: re.Match[str]) -> str:
    """A run of wrapped option letters (a match of :data:`_WRAPPED_LETTERS_RE`) as a list: "B, C"."""
    first = [m.group(2)] if m.group(2) else []  # (a bare first letter: "B\text{C}")
    return ", ".join(first + _WRAPPED_LETTER_RE.findall(m.group()))


# cents after an amount, in any of their spellings: "70¢", "70 美分", "70 центов"
_CENT_SPELLINGS_RE = re.compile(r"(\d)[ \t]*(?:¢|美分|цент(?:ов|а|ы)?(?![^\W\d_]))")
# a span of years as a season or a fiscal year names it: "1994–95", "2019-20", "2019/2020", "FY2019–20" (no spaces)
# ("1994 – 95" spaced around a dash, never around a minus sign; "the 1994–95 season")
_YEAR_SPAN_RE = re.compile(
    r"[ \t$]*(?:the[ \t]+)?(?:FY[ \t]?)?(1[5-9]\d\d|20\d\d)(?:[-/]|[ \t]*[–—][ \t]*)(\d\d|1[5-9]\d\d|20\d\d)"
    r"(?:[ \t]+(?:season|(?:fiscal|financial|school|academic)[ \t]+year|FY))?[ \t$.]*",
    re.I,
)


def _year_span_end(span: re.Match[str]) -> int | None:
    """The last year of a span of years ("1994–95" -> 1995, "1999–00" -> 2000, "2019/2020" -> 2020), where the second
    year follows the first within a decade; None otherwise ("2019-15", "2019/2")."""
    first, second = int(span.group(1)), span.group(2)
    end = (first // 100 * 100 + int(second) + (100 if int(second) < first % 100 else 0)) if len(second) == 2 else int(second)
    return end if 0 < end - first <= 10 else None


def normalize(s: str) -> str:
    """String-level clean-up that does not change meaning: spacing, sizing, ``\\left``/``\\right``, the
    full-width forms of East Asian input methods (``（n＋m）``, ``１２``) as their ASCII characters."""
    s = ascii_units(_superscripts(s.translate(FULL_WIDTH)))  # "1 µA", "1 kΩ" before mu and Omega are letters
    if "\\" in s and _WRAPPED_LETTERS_RE.search(s):  # "\textbf{B}\textbf{C}": several options, each wrapped
        s = _WRAPPED_LETTERS_RE.sub(_letters_listed, s)
    span = _YEAR_SPAN_RE.fullmatch(s) if len(s) <= 40 and any(c in s for c in "-–—/") else None
    if span is not None and _year_span_end(span) is not None:
        # "1994–95", "2019-20", "2019/2020": a season or a fiscal year named by its years, never their difference
        return f"({span.group(1)}, {_year_span_end(span)})"  # (its first and last years, as a pair)
    if (" e " in s or " y " in s or " et " in s or " und " in s) and _SPAN_AND_RE.search(s):
        # "\(a = -1\) e \(b = 3\)", "$6$ y $7$": "and" in Portuguese, Italian, Spanish, French, German between two
        # spans of maths (never Euler's e nor a variable y: the spans are closed around it)
        s = _SPAN_AND_RE.sub(r"\1, \2", s)
    if any(c in _TICKS for c in s.rstrip()[-2:]):  # "72 ✅", "72 ✔️": a tick after the answer endorses it
        s = _TICK_END_RE.sub("", s)
    if "/" in s and _FRACTION_ORDINAL_RE.search(s):  # "3/4ths", "2/3rds": the fraction, its ordinal ending said aloud
        s = _FRACTION_ORDINAL_RE.sub(r"\1", s)
    if "lambda" in s:  # "lambda x: 4 * (x + 1)": Python's function of x, as the function it defines
        s = _LAMBDA_RE.sub(r"f(\1) = ", s)
    if "**" in s and re.search(r"\d", s):  # "\boxed{**230,816,280,490.7701**}", "\boxed{**12** apples}": markdown
        s = BOLD_MARK_RE.sub("", s)  # bold around a value, not a power ("2**3")
    if "C" in s or "P" in s or "A" in s:  # "C(52, 4)", "C_{10}^{3}", "⁵P₂": counting notations, as their counts
        s = count_notations(s)
    compound = compound_quantity(s) if len(s) <= 120 else None
    if compound is not None:  # "2 min 30 s" -> "150 s", "4 lbs 12 oz" -> "76 oz": one quantity in several units
        s = compound
    powered = caret_powers(s) if len(s) <= 80 and not compound else None
    if powered is not None:  # "1 m2" -> "1 m^{2}": a unit's power written without its caret
        s = powered
    pence = _PENCE.fullmatch(s) if len(s) <= 30 else None
    if pence is not None:  # "250p": an amount of pence, as British keys write it beside "£2.50"
        s = f"{pence.group(1)} pence"
    code = _CURRENCY_CODE_FIRST.fullmatch(s.strip()) if len(s) <= 60 else None
    if code is not None:  # "USD 1577": the ISO code before the amount, as "1577 USD"
        s = f"{code.group(2)} {code.group(1)}"
    # rows that each name an unknown: "x = 7 \\ y = 3", "\begin{cases} x = 7 \\ y = 3 \end{cases}" is "x = 7, y = 3"
    if "\\\\" in s and "=" in s and len(s) <= 400 and "\\begin{al" not in s:
        s = named_rows(display_rows_of(s, _ROWS_ENV)) or s
    if "\\text" in s and _TEXT_UNBRACED_RE.search(s):  # "200 \,\textHz": \text with its braces lost, a unit
        s = _TEXT_UNBRACED_RE.sub(r"\\text{\1}", s)
    if "\\\\" in s and _DOUBLED_COMMAND_RE.search(s):  # "\frac{-\\pi^2}{32}": a command's backslash written twice
        s = _DOUBLED_COMMAND_RE.sub(r"\\\1", s)
    if "\\tag" in s:  # "x = 7 \tag{1}": an equation's number is no part of it
        s = _TAG.sub("", s)
    if "\\/" in s:  # "(-oo; -2) \/ (2; +oo)": a union written in ASCII between two intervals (TeX's italic
        # correction elsewhere, which lays out nothing)
        s = _ASCII_UNION.sub(r"\1 \\cup \2", s).replace("\\/", "")
    if ":" in s and _TUPLE_LABEL_COLON.match(s):  # "(x, y):(0,2),(0,-2)": the unknowns named before a colon
        s = _TUPLE_LABEL_COLON.sub(r"\1 =", s, count=1)
    if "Set(" in s or "Integer(" in s:  # sympy's printout: "FiniteSet(1, 2)" is {1, 2}, "Integer(5)" is 5
        s = _SYMPY_SET.sub(r"\\{\1\\}", _SYMPY_INTEGER.sub(r"\1", s))
    if "Eq(" in s:  # sympy's printout of an equation: "Eq(5*x - 7*y, 0)" is 5*x - 7*y = 0
        s = _sympy_equation(s)
    if "+/-" in s or "-/+" in s:  # plus or minus typed in ASCII: "(-1 +/- i*sqrt(7))/2", "1 -/+ sqrt(2)"
        s = s.replace("+/-", "\\pm ").replace("-/+", "\\mp ")
    if s.strip() in ("{}", "\\{\\}", "\\{ \\}"):  # an empty pair of braces as a whole answer: the empty set
        return "\\emptyset"
    if "\\dot" in s:  # "0.\dot{1}\dot{2}": LaTeX's dots above a repeating block, as the combining dot above
        s = _LATEX_DOT.sub(lambda m: f"{m.group(1) or m.group(2)}\u0307", s)
    if "\u0307" in s:  # "0.3̇", "0.0̇9̇": dots above the first and last digits of a repeating block, as Britain writes
        s = _DOTTED_REPEAT.sub(lambda m: f"{m.group(1)}\\overline{{{m.group(2).replace(chr(0x307), '')}}}", s)
    if "٬" in s or "٫" in s:  # Arabic thousands and decimal separators: "٧٠٬٠٠٠" is 70,000, "٣٫٥" is 3.5
        s = s.replace("٬", ",").replace("٫", ".")
    if "{" in s and ("\\text" in s or "\\m" in s):  # "\text{€}500": a currency sign set as text is the sign
        s = _TEXT_SIGN_RE.sub(r"\1", s)
        s = _TEXT_MINUS_RE.sub(r"\1 ", s)  # "\text{minus } 72": the sign's word, set as text, before its number
    if "¢" in s or "美分" in s or "цент" in s:  # "70¢", "70 美分", "70 центов": cents, in any of their spellings
        s = _CENT_SPELLINGS_RE.sub(r"\1 cents", s)
    signed = any(c in _CURRENCY for c in s)
    if "(" in s and ("$" in s or signed):
        # accounting's negative: "$(426) thousand", "£(8.1m)" are -426 thousand dollars, -8.1 million pounds
        s = _ACCOUNTING_NEGATIVE.sub(lambda m: f"{m.group(1)}-{m.group(2)}{m.group(3) or ''}", s)
    if signed and _SIGN_AS_POINT.search(s):  # "12€50", "3£05": the sign between units and cents is their point
        s = _SIGN_AS_POINT.sub(r"\1.\3\2", s)
    if signed:  # a currency sign, before or after the amount, is its unit: "5€", "£ 5"; with its scale: "€2.5 million"
        s = _CURRENCY_AFTER.sub(
            lambda m: f"{m.group(2)}{_scale_text(m.group(3))} "
            f"{_CURRENCY[m.group(1)]}",
            s,
        )
        s = _CURRENCY_BEFORE.sub(lambda m: f"{m.group(1)} {_CURRENCY[m.group(2)]}", s)
    if "$" in s:
        s = _DOLLAR_SCALE.sub(_dollar_scale, s)
    if "_" in s and "\\" in s:  # "\mathrm{N}_{1}": an upright letter with a subscript is the variable N_1
        s = _UPRIGHT_SUBSCRIPTED.sub(r"\1", s)
    if "根号" in s:  # "根号3", "2根号2": the Chinese word for the square root sign (before it reads as a unit word)
        s = re.sub(r"根号(?=\s*[\d({\\A-Za-z])", r"\\sqrt ", s)
    s = cjk_numerals(s)  # "五個", "壹拾壹元整", "다섯 벌", "八分之一", "222万", "36种"
    if _FOREIGN_SCALE_HINT.search(s):  # "1,5 juta", "3 bin", "2 Millionen": another language's scale words
        s = foreign_scales(s)
    if LOCAL_CURRENCY_HINT.search(s):  # "Rp 15.000", "R$ 3,50": the amount as that country writes it
        s = local_amounts(s)
    if "或" in s or "和" in s:  # Chinese "or" / "and" between answers: "70 或 -70" is "70 or -70", a hedge
        s = s.replace("或者", " or ").replace("或", " or ").replace("和", " and ")
    s = cjk_words(s)  # "x>2 且 x<7", "所有實數" all reals, "無解" no solution, "空集" the empty set
    if any(c in s for c in _DOUBLE_STRUCK_LETTERS):  # "ℝ", "ℤ": the number sets as \mathbb letters
        s = s.translate(_DOUBLE_STRUCK)
    if "mathbb" in s and _WHOLE_LINE_DOMAIN.search(s):  # "f(x)=x-1, x \in \mathbb{R}": the domain is no restriction
        s = _without_whole_line_domain(s)
    if "mathbb" in s:  # "x \in \mathbb{R}, x \neq 7": every real, then the condition that restricts it
        s = _LEADING_WHOLE_LINE.sub("", s, count=1)
    if "、" in s:  # the ideographic enumeration comma: "A、C、D" lists three
        s = s.replace("、", ", ")
    if " x " in s:  # "63 x 9 = 567": a spaced letter x between two numbers is the times sign typed
        s = _TYPED_TIMES.sub(r" \\times ", s)
    if " " in s and _FOREIGN_OR.search(s):  # "x = 2 ou x = -2", "3 oder 4": "or" in another language between values
        s = _FOREIGN_OR.sub(" or ", s)
    if "또는" in s or "혹은" in s or "または" in s:  # the same "or" in Korean and Japanese: "7/15 또는 46.7%"
        s = s.replace("또는", " or ").replace("혹은", " or ").replace("または", " or ")
    if "_" in s and "/" in s:  # "3_3/4": plain text's mixed number, 3 3/4 (not x_1/2, a subscript)
        s = _UNDERSCORE_MIXED.sub(r"\1 \2/\3", s)
    choose = _COMBINATORICS.fullmatch(s) if "C" in s or "P" in s else None
    if choose is not None:  # "5C3", "10P2": a calculator's combinations and permutations, the whole answer
        n, kind, r = choose.groups()
        s = f"\\binom{{{n}}}{{{r}}}" if kind == "C" else f"\\frac{{{n}!}}{{({n}-{r})!}}"
    if "partial" in s:  # "\frac{\partial}{\partial y}(...)": a partial derivative, worked out as d/dy is
        s = _PARTIAL_RE.sub(r"\\frac{d}{d\1}", s)
    if "below" in s:  # "5 degrees below zero" is -5 degrees
        s = _BELOW_ZERO.sub(r"-\1\2", s)
    if "Rs" in s or "INR" in s:  # "Rs. 450", "\text{Rs. } 450" (the rupee of MathQA and AQuA keys): 450 rupees
        s = _RUPEES_BEFORE.sub(r"\1 rupee", s)
    if _DOUBLED_COMMAND.search(s) and not _SINGLE_COMMAND.search(s):
        s = s.replace("\\\\", "\\")
    if "mathbf" in s:  # "\mathbf{1 9 1 3 3}", "\mathbf{5 4 8 \pi}": a PDF's bold digits, spaced one by one
        s = _SPACED_BOLD_DIGITS.sub(lambda m: "{" + m.group(1).replace(" ", "") + (m.group(2) or "") + "}", s)
    if "}{" in s or "}\\" in s:  # "{1}{0}{0}", "\text{2}\text{3}": digit groups side by side are one numeral, as typeset
        s = _JUXTAPOSED_DIGITS.sub(lambda m: "".join(re.findall(r"\d+", m.group())), s)
    s = _LATEX_THOUSANDS.sub("", s)
    if "[" in s and "\\" not in s:  # "Sin[2 + 3*x]^2", "ArcTanh[Sin[x]]": Mathematica's calls
        s = mathematica_calls(s)
    if "_" in s or "," in s:  # "1_025_000_000", "1.099,98", "1 200,3", "1,00,00,000": other conventions' digit groups
        s = digit_groups(s)
    if "{" in s and "," in s:  # "\frac{945}{16,384}": a group that holds one number, in groups of three
        s = _BRACED_THOUSANDS.sub(lambda m: m.group().replace(",", ""), s)
    if "color" in s or "\\text" in s:  # "\color{red}4", "\textcolor{red}{4}": the colour is no part of the value
        s = _COLOUR_RE.sub("", s).replace("\\text{\\$}", "\\$")  # "\text{\$}4": a dollar sign
    if "j" in s and not _NOT_PYTHON_COMPLEX_RE.search(s):  # "(-4-2j)", "3+4j", "1+j": j, the engineers' i
        s = s.replace("j", "i")
    if "_{" in s or "^{" in s:  # "3  x_{} y_{}": an empty subscript or superscript (a TeX printer's) is nothing
        s = _EMPTY_SCRIPT.sub("", s)
    if "," in s and ("≈" in s or "approx" in s or re.search(r"\d,\d{1,2}[A-Za-zπ]", s)):
        # "35/36 ≈ 0,972", "−0,5y": a decimal comma (after an approximation sign no list is written; a coefficient
        # glued to its letter is one number)
        s = _DECIMAL_COMMA_AFTER_APPROX.sub(r"\1.\2", s)
        s = _DECIMAL_COMMA_COEFFICIENT.sub(r"\1.\2", s)
    if "{,}" in s:  # "3{,}14", "1{,}5": a decimal comma (a group of three digits after it is thousands: "14{,}916")
        s = _DECIMAL_COMMA.sub(".", s)
    if "mod" in s:
        noted = _MODULUS_NOTE.search(s)
        s = _MODULUS_NOTE.sub("", s).rstrip()
        residue = _NUMERIC_CONGRUENCE.fullmatch(s) if noted is not None else None
        if residue is not None:  # "997^{-1} \equiv 333 \pmod{1000}": a number's residue, the value after \equiv
            s = residue.group(1)
    if "\\over" in s or "\\choose" in s:
        s = over_fractions(s)
    if ":=" in s or "coloneq" in s:  # "x := 4", "x \coloneqq 4": a definition, read as "="
        s = re.sub(r"\\coloneqq?(?![A-Za-z])", "=", s.replace(":=", "="))
    if "not" in s or "=/=" in s:  # "x \not= 4", "x =/= 4": not equal, never "x = 4"
        s = _NOT_EQUAL.sub(r"\\neq ", s)
    if "ট" in s or "জ" in s or "খ" in s:  # "১৬৮টি", "$60$টি": a Bengali counter after a count, no unit
        s = _BENGALI_COUNTER_RE.sub("", s)
    if "\u0305" in s or "\u0304" in s:  # "0.3̅", "0.1̅6̅": a combining overline (or macron) marks the repeating digits
        s = _COMBINING_OVERLINE_RE.sub(lambda m: "\\overline{" + re.sub("[\u0304\u0305]", "", m.group()) + "}", s)
    if _MATH_ALPHANUMERIC_RE.search(s):  # "𝑥", "𝜋", "𝟓": maths alphanumerics are their letters and digits
        s = _MATH_ALPHANUMERIC_RE.sub(lambda m: unicodedata.normalize("NFKC", m.group()), s)
    for a, b in _UNICODE.items():
        if a in s:  # "\π" (a command backslash before the symbol itself) is "\pi" too, not "\\pi"
            s = s.replace("\\" + a, b) if b.startswith("\\") else s
            s = s.replace(a, b)
    s = strip_layout(s).replace("~", " ")  # a LaTeX tie; not in strip_layout: in a sentence "~7" is "about 7"
    if "°" in s and ("'" in s or "′" in s or "prime" in s):  # 64° 10' (degrees and arc minutes, seconds)
        s = _DEGREES_MINUTES.sub(_degrees_minutes, s)
    if "]" in s or "[" in s:
        s = _REVERSED_INTERVAL.sub(_iso_interval, s)
    if "US" in s:  # "US$1,000", "1,099.98 US$": the dollar sign with its country
        s = _US_DOLLAR.sub("$", s)
    if "," in s and "$" in s:  # "\$2,500 and \$5,000": a comma in a dollar amount groups thousands, never lists
        s = _DOLLAR_THOUSANDS.sub(lambda m: m.group().replace(",", ""), s)
    spaced = _SPACED_THOUSANDS.fullmatch(s.strip()) if "," in s else None
    if spaced is not None:  # "70 ,000", "$24 , 500": a tokenizer's spaces around a thousands comma
        s = s.replace(" ", "").replace(",", "")
    dollars = _DOLLAR_AMOUNT.fullmatch(s.strip())
    if dollars is not None:  # "\$1.98", "-$5": an amount in dollars, which converts to cents ("198 (cents)")
        s = f"{dollars.group(1) or ''}{dollars.group(2)} dollar"
    s = s.replace("\\$", "").replace("$", "")
    if "(" in s:  # "198 (cents)", "36 (sq. inches)": ASDiv's unit in brackets after the number
        s = _BRACKETED_UNIT.sub(r"\1 \2", s)
    if "\\(" in s and "\\)" in s:  # "\(\frac14\) or 0.25": inner inline-maths delimiters, as inner "$" are
        s = _INLINE_PAIR_RE.sub(r" \1 ", s)
    s = _TIMES_TEN.sub(r"\1\\times 10^", s)  # "6.02 x 10^{23}"
    if "-" in s and _HYPHEN_UNIT.search(s):  # "5 N-m", "3 ft-lb", "atm-m^3": a product of units written with a hyphen
        s = _HYPHEN_UNIT.sub(lambda m: m.group(1) + (" " if unit_word(m.group(1)) and unit_word(m.group(2)) else "-")
                             + m.group(2), s)
    if "*" in s and not s.startswith("*"):
        s = _PYTHON_UNIT.sub(lambda m: "^" if m.group() == "**" else " " if unit_word(m.group(1)) or m.group(1) == "rad" else "*", s)
    s = s.strip()
    # trailing sentence punctuation
    while s and s[-1] in ".;:" and not s.endswith("..."):
        s = s[:-1].rstrip()
    quoted = _QUOTED_WHOLE.fullmatch(s) if len(s) <= 200 else None
    if quoted is not None:  # 'The final answer is "even".': the quoted answer
        s = quoted.group(2).strip()
    if len(s) >= 2 and s[0] == "`" and s[-1] == "`":  # a markdown code span: "`64`"
        s = s.strip("`").strip()
        while s and s[-1] in ".;:" and not s.endswith("..."):
            s = s[:-1].rstrip()
    point = _NAMED_POINT.fullmatch(s) if "(" in s else None
    if point is not None and ("," in point.group(1) or ";" in point.group(1)):
        # "P(-3;4)", "M'(2;-2;0)": a named point is its coordinates
        return point.group(1)
    if _DOT_THOUSANDS.fullmatch(s):  # "1.000.000", "1.234.567,5": dots that group thousands (two of them: no decimal)
        return s.replace(".", "").replace(",", ".")
    if _OTHER_THOUSANDS.fullmatch(s):
        return s.replace("'", "").replace(",", "")
    m = _THOUSANDS.match(s) or _SPACE_THOUSANDS.match(s)
    if m:  # "1,234,567", "1 234 567" or "1,234 apples" is one number; "1, 234" and "(1,234)" are not
        return m.group().replace(",", "").replace(" ", "") + s[m.end() :]
    eq = s.rfind("=") + 1
    if eq:  # "x = 1,200 kg", "3 \times 400 = 1,200": the same number as the value after the last "="
        rest = s[eq:].lstrip()
        m = _THOUSANDS.match(rest) or _SPACE_THOUSANDS.match(rest)
        if m:
            s = f"{s[:eq]} {m.group().replace(',', '').replace(' ', '')}{rest[m.end() :]}"
    return s


_NOT_PYTHON_COMPLEX_RE = re.compile(r"[^\d\s.+\-*/()eEj]")  # a number written as Python prints a complex one
_BRACED_THOUSANDS = re.compile(r"(?<=\{)-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?=\})")
_COLOUR_RE = re.compile(r"\\(?:text)?color[ \t]*\{[^{}]{0,40}\}")
_EMPTY_SCRIPT = re.compile(r"[_^]\{[ \t]*\}")
_BENGALI_COUNTER_RE = re.compile(r"(?<=[\d$])(?:টি|টা|খানা|খানি|জন)(?![\u0980-\u09ff])")
_MATH_ALPHANUMERIC_RE = re.compile("[\U0001d400-\U0001d7ff]")
_COMBINING_OVERLINE_RE = re.compile("(?:\\d[\u0304\u0305]+)+")
# the vulgar-fraction characters (read in prose too: "the result is ½", "2½" a mixed number)
VULGAR_FRACTIONS = {"½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5),
                    "⅗": (3, 5), "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅐": (1, 7), "⅛": (1, 8), "⅜": (3, 8),
                    "⅝": (5, 8), "⅞": (7, 8), "⅑": (1, 9), "⅒": (1, 10)}  # fmt: skip
_UNICODE = {"−": "-", "˗": "-", "–": "-", "‐": "-", "‑": "-", "‒": "-", "﹣": "-", "－": "-", "⁻": "-", "₋": "-", "×": "*", "·": "*", "⋅": "*", "∙": "*", "∗": "*", "÷": "/", "≤": "<=", "≥": ">=", "≦": "<=", "≧": ">=", "∨": " \\lor ", "∧": " \\land ", "≠": "!=",
            "π": "\\pi ", "∞": "\\infty ", "√": "\\sqrt ", "∛": "\\sqrt[3] ", "∜": "\\sqrt[4] ", "²": "^2", "³": "^3", "∪": "\\cup ", "∈": "\\in ",
            "…": "...", "±": "\\pm ", "∓": "\\mp ", "≈": "\\approx ", "∅": "\\emptyset ", "∣": "|",
            **{c: f"\\frac{{{n}}}{{{d}}}" for c, (n, d) in VULGAR_FRACTIONS.items()},
            "α": "\\alpha ", "β": "\\beta ", "γ": "\\gamma ",
            "θ": "\\theta ", "λ": "\\lambda ", "μ": "\\mu ", "σ": "\\sigma ", "φ": "\\phi ", "ω": "\\omega ",
            "Δ": "\\Delta ", "℃": "°C", "℉": "°F", "⁄": "/", "∕": "/", "∠": "\\angle ",  # (U+2044 fraction slash, U+2215 division slash)
            # the typographic spaces (no-break, narrow no-break, thin, figure, en, em, hair) as a space: "4 000"
            "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2002": " ", "\u2003": " ",
            "\u200a": " ", "\u200b": "",
            # the other invisible format characters (joiners, marks of direction, the byte-order mark, the word
            # joiner, the invisible operators, the soft hyphen) are dropped: what is read is what is shown ("7\u20642"
            # is 72)
            **dict.fromkeys("\u200c\u200d\u200e\u200f\ufeff\u2060\u2061\u2062\u2063\u2064\u00ad", "")}  # fmt: skip


# a temperature below zero: its number is negative ("5 degrees below zero", "12°C below zero", "5 \text{ below zero}")
BELOW_ZERO_AFTER = (
    r"((?:\s*(?:°\s*[CF]?|degrees?(?:\s+(?:Celsius|Fahrenheit|centigrade|[CF]))?))?)"  # (no two runs of \s* side by side)
    r"(?:\s*\\text\s*\{)?\s*below\s+(?:zero|0)\b(?:\s*\})?"
)
_BELOW_ZERO = re.compile(r"(?<![\d.\-])(\d[\d,]*(?:\.\d+)?)" + BELOW_ZERO_AFTER, re.I)
_CURRENCY = {
    "€": "euro", "£": "gbp", "₤": "gbp", "¥": "yen", "₹": "rupee", "₩": "won", "₱": "peso", "₴": "hryvnia",
    "₪": "shekel", "₦": "naira", "₵": "cedi", "₸": "tenge", "฿": "baht",
}  # fmt: skip
# (₤, the lira sign, is written for £; ₽, ₺ and ₫ are read with their amounts by locales.LOCAL_CURRENCIES)
_SIGNS = "".join(_CURRENCY)
_TEXT_SIGN_RE = re.compile(rf"\\(?:text|mathrm)[ \t]*\{{[ \t]*([{_SIGNS}$])[ \t]*\}}")
# a sign's word set as text before a number: "\text{minus } 72", "\mathrm{negative}\ 72" (said as "minus 72")
_TEXT_MINUS_RE = re.compile(
    rf"\\(?:text|textrm|mathrm|mbox)[ \t]*\{{[ \t]*({SIGN_WORDS}|{MINUS_WORDS})[ \t]*\}}(?:[ \t]|\\[ ,;:!])*(?=\d)", re.I
)
# a currency sign written between the whole units and two digits of cents: "12€50" is 12.50 euros
_SIGN_AS_POINT = re.compile(rf"(?<![\d.,])(\d{{1,9}})([{_SIGNS}])(\d{{2}})(?![\d.,])")
# the amount after the sign, with a scale word or a scale letter after it ("£8.1m", "€2bn": only after a currency
# sign is "m" a million and not metres)
_CURRENCY_AFTER = re.compile(
    rf"([{_SIGNS}])\s*(-?\d[\d,]*(?:\.\d+)?)(\s*(?:million|billion|thousand|trillion)\b|(?:m|bn|k)(?![A-Za-z^\d]))?"
)
_ACCOUNTING_NEGATIVE = re.compile(
    rf"([{_SIGNS}]|\$(?=\s*\(\s*\d[\d,]*(?:\.\d+)?\s*\)\s*(?:thousand|million|billion)\b))"
    r"\s*\(\s*(\d[\d,]*(?:\.\d+)?)\s*((?:m|bn|k)(?![A-Za-z]))?\s*\)"
)
# a dollar amount with a scale letter: "\$4.5M", "$4K", "\$2\text{B}" are 4.5 million, 4 thousand and 2 billion
# dollars (after a dollar sign "M" is no molar and "K" no kelvin); not where maths goes on after it ("$2b + 3$"), nor
# after a "$" that opens maths ("$4M$")
_INLINE_PAIR_RE = re.compile(r"\\\(((?:(?!\\[()]).){0,400}?)\\\)")
_DOLLAR_SCALE = re.compile(
    r"(\\?\$)[ \t]*(-?\d[\d,]*(?:\.\d+)?)(?:[ \t]|\\[,;:! ])*"
    r"(?:\\(?:text|mathrm|mbox|rm)[ \t]*\{[ \t]*([A-Za-z]{1,2})[ \t]*\}|([A-Za-z]{1,2})(?![A-Za-z]))"
    r"(?![ \t]*[-+*/^=_({\\])"
)
DOLLAR_SCALES = {"k": "thousand", "m": "million", "mm": "million", "mn": "million", "b": "billion", "bn": "billion",
                  "t": "trillion", "tn": "trillion"}  # fmt: skip


_SCALE_LETTERS_RE = re.compile(r"[A-Za-z]{1,2}(?![A-Za-z])")


def dollar_scale_letters(text: str, start: int, end: int) -> str | None:
    """The scale word of the letters glued after the number ``text[start:end]`` when a dollar sign comes right
    before it ("$57.5k" -> "thousand"); None otherwise."""
    if text[start - 1 : start] != "$":
        return None
    m = _SCALE_LETTERS_RE.match(text, end)
    return DOLLAR_SCALES.get(m.group().lower()) if m is not None else None


def _scale_text(scale: str | None) -> str:
    """The scale after a currency amount as words: a letter ("m", "bn", "k") through :data:`DOLLAR_SCALES`, a word as
    written (" million"), nothing when there is none."""
    if not scale:
        return ""
    return f" {DOLLAR_SCALES[scale.lower()]}" if scale.lower() in DOLLAR_SCALES else scale


def _dollar_scale(m: re.Match) -> str:
    word = DOLLAR_SCALES.get((m.group(3) or m.group(4)).lower())
    if word is None or (m.group(1) == "$" and "$" in m.string[m.end() :]):
        return m.group()
    return f"{m.group(1)}{m.group(2)} {word}"


_US_DOLLAR = re.compile(r"(?<![A-Za-z])US[ \t]?(?=\\?\$)")
# a dollar amount with commas between groups of three digits
_DOLLAR_THOUSANDS = re.compile(r"(?<=\$)[ \t]?\d{1,3}(?:,\d{3})+(?![\d,])")
# a whole answer that is one number with a space before or after a thousands comma: "70 ,000", "$24 , 500"
_SPACED_THOUSANDS = re.compile(
    r"(?:\d{1,3}(?: {1,2},\d{3})+|\\?\$[ \t]?\d{1,3}(?: {1,2}, ?\d{3})+)(?:\.\d+)?"
)  # ("32, 349" is a list; "$24 , 000" is no list of dollars)
# a whole answer that is one amount after a dollar sign (escaped, or alone: no maths is closed by it)
_DOLLAR_AMOUNT = re.compile(r"(?:(-)[ \t]*)?\\?\$[ \t]*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)")
# words in brackets right after a number: the number's unit ("198 (cents)"); no digit, sign or maths inside
_BRACKETED_UNIT = re.compile(r"(?<![\w^_.,\\])(\d[\d,]*(?:\.\d+)?)[ \t]+\([ \t]*([A-Za-z][A-Za-z. ]{0,30}?)[ \t]*\)(?![ \t]*[\w(^])")
# a decimal whose repeating block is marked by a dot above its first and last digits (one dot for one digit)
_DOTTED_REPEAT = re.compile("(\\d\\.\\d*?)(\\d\u0307(?:\\d*\\d\u0307)?)(?![\\d\u0307])")
_PENCE = re.compile(r"\s*(-?\d+(?:\.\d+)?)[ \t]?p\.?\s*")  # a whole answer that is pence: "40p"
_CURRENCY_BEFORE = re.compile(rf"(-?\d[\d,]*(?:\.\d+)?)\s*([{_SIGNS}])")
_RUPEES_BEFORE = re.compile(r"(?<![A-Za-z])(?:\\text\s*\{\s*(?:Rs\.?|INR)\s*\}|(?:Rs\.?|INR))[ \t]*(\d[\d,]*(?:\.\d+)?)")

# An interval in the ISO / French notation, an outward bracket for an open end: "]1, 7[" is (1, 7), "[0, 2[" is
# [0, 2). Ends hold no bracket, comma or semicolon, so "[1,2],[3,4]" is two ordinary brackets.
_REVERSED_INTERVAL = re.compile(r"([\[\]])([^\[\](),;]+),([^\[\](),;]+)([\[\]])")


_ARC = r"\s*(\d+(?:\.\d+)?)\s*(?:{})"
_DEGREES_MINUTES = re.compile(
    r"(\d+(?:\.\d+)?)\s*°" + _ARC.format(r"'|′|\^\s*\{?\s*\\prime\s*\}?")
    + "(?:" + _ARC.format(r"''|″|\"|\^\s*\{?\s*\\prime\s*\\prime\s*\}?") + ")?"
)


def _degrees_minutes(m: re.Match) -> str:
    seconds = f" + {m.group(3)}/3600" if m.group(3) else ""
    return f"({m.group(1)} + {m.group(2)}/60{seconds})°"


def _iso_interval(m: re.Match) -> str:
    opener, lo, hi, closer = m.groups()
    if opener == "[" and closer == "]":
        return m.group()
    # brackets of a root's index (\sqrt[4]{18}) or a pair whose ends cut a brace group are not an interval
    before = m.string[: m.start()]
    root = before.rfind("\\sqrt[")
    if (
        before.rstrip().endswith("\\sqrt")  # the opening [ starts a root's index
        or hi.rstrip().endswith("\\sqrt")  # the closing [ does
        or (root >= 0 and "]" not in before[root:])  # the opening ] ends one
        or any(_brace_depths_off(end) for end in (lo, hi))
    ):
        return m.group()
    return ("(" if opener == "]" else "[") + lo + "," + hi + (")" if closer == "[" else "]")


def _brace_depths_off(s: str) -> bool:
    """``s`` closes a brace it did not open, or leaves one open."""
    depth = 0
    for c in s:
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return True
    return depth != 0


# U+FF01-U+FF5E are the full-width forms of ASCII ! to ~ (the same order, 0xFEE0 above); U+3000 is the
# ideographic space.
FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}

# (with the superscript letters of exponents: "rⁿ", "2ⁿ⁻¹", "eⁱˣ")
# characters that show nothing: soft hyphen, combining grapheme joiner, zero-width spaces and joiners, directional
# marks, word joiner and invisible operators, byte order mark ("7\u200b2" reads 72)
# (and the marks that dress a digit as an emoji: "7\ufe0f\u20e3" is a keycap 7)
INVISIBLE_RE = re.compile("[\u00ad\u034f\u180e\u200b-\u200f\u2060-\u2064\ufeff\ufe0f\u20e3]")
_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿⁱˣ]+")
SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺ⁿⁱˣ", "0123456789-+nix")


# a fraction typed as Unicode recommends for any vulgar fraction: superscript digits, a slash, subscript digits
# ("¹⁰/₂₁", "-4 ¹/₂" a mixed number), as \frac before the superscripts become powers
_SCRIPT_FRACTION = re.compile("([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,12})[/⁄∕]([₀₁₂₃₄₅₆₇₈₉]{1,12})")
_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
# subscript digits after a letter index it: "x₁", "T₃(x)", "a₁₀" are x_1, T_3, a_{10}
_SUBSCRIPT_RUN = re.compile("(?<=[A-Za-z\u0370-\u03ff])[₀₁₂₃₄₅₆₇₈₉]{1,6}")


def _superscripts(s: str) -> str:
    """``10⁻³`` -> ``10^{-3}``, ``10²³`` -> ``10^{23}`` (one exponent, not the tower ``10^2^3``); ``¹/₂`` -> ``\\frac{1}{2}``;
    ``x₁`` -> ``x_{1}``."""
    if "/" in s or "⁄" in s or "∕" in s:
        s = _SCRIPT_FRACTION.sub(lambda m: f"\\frac{{{m.group(1).translate(SUPERSCRIPT_DIGITS)}}}"
                                           f"{{{m.group(2).translate(_SUBSCRIPT_DIGITS)}}}", s)
    s = _SUBSCRIPT_RUN.sub(lambda m: "_{" + m.group().translate(_SUBSCRIPT_DIGITS) + "}", s)
    return _SUPERSCRIPT_RUN.sub(lambda m: "^{" + m.group().translate(SUPERSCRIPT_DIGITS) + "}", s)
