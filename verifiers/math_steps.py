"""``math_steps``: a step-level process scorer for maths solutions (rewards for Eq. 6).

Pipeline: split the completion into steps, check the equalities each step claims, score the
final answer with the ``math`` verifier.

Splitting (:func:`split_steps`; ``"auto"`` is ``"mixed"``, the other modes are opt-in):
  * ``"mixed"`` (the default): every non-blank line is a step, and every sentence within a line (a cut
    after ``.``, ``!`` or ``?`` and whitespace, before a capital, a digit, ``$``, ``(``, ``*``, ``#``
    or a LaTeX command; not after a list marker or label alone such as ``1.`` or ``Step 2.``, nor
    after an abbreviation such as ``e.g.`` or ``approx.``, nor inside ``5! = 120``). A "Step k:" label
    (also ``**Step k:**``, ``### Step k.``) is a *prefix*: it starts a step, also in the middle of a
    line, but does not hold the lines after it, so a wrong unlabelled line never shares a step with a
    correct one. A line that is only a display delimiter (``\\[``, ``\\]``, ``$$``,
    ``\\begin{align}``, ``\\end{align}``) joins the line it opens or closes, so each row of a
    display block is a step of its own (a row starting with ``=`` or ``&=`` continues the one before).
  * ``"markers"``: one step per "Step k:" marker (at the start of a line, or a capitalised "Step k"
    after whitespace) holding everything up to the next marker; text before the first is a step too;
  * ``"lines"``: one step per non-blank line, a display block over several lines staying one step;
  * ``"sentences"``: split after ``.``, ``!`` or ``?`` followed by whitespace (newlines included).
  Spans are *tight*: ``completion[start:end]`` is the step text with no leading or trailing whitespace,
  steps are in order and do not overlap, and whatever lies between two steps is whitespace, so the
  steps cover every non-whitespace character. ``end`` is one past the step's last character, which is
  what ``grpo_train.spans.char_spans_to_token_ends`` maps to the step's last token.

Claims (:func:`find_claims`): an ``lhs = rhs`` equality, or a chain ``a = b = c`` (each adjacent pair
is a claim), in plain text (``3*4 = 12``, ``2x + 3x = 5x``) or LaTeX (``\\frac{1}{2} + \\frac{1}{4} =
\\frac{3}{4}``, ``3 \\times 4``, ``\\sqrt{16}``, ``2^{10}``). Security: step text is untrusted, so it is
never given to ``eval``, ``sympify`` or ``parse_expr``. A whitelist tokenizer keeps numbers, single-letter
variables, ``+ - * / ^ ( ) { } [ ] % !``, ``\\frac \\dfrac \\tfrac \\sqrt \\cdot \\times \\div \\pi``,
``× · ÷ − π √ ² ³``; any other character or word ends the expression. A small recursive-descent
parser builds sympy objects directly from those tokens, refusing numbers over 300 digits, exact
results over 10,000 digits, symbolic powers over 12, towers of symbolic exponents, factorials over
1000, sides over 400 tokens and nesting deeper than 40 (such claims are not checked). Numeric roots
and irrational powers (``\\sqrt{2}``, ``2^{\\pi}``) become 60-digit Floats rather than exact sympy
powers, whose perfect-power search can take minutes on adversarial nested roots; odd roots of
negative numbers are real (``\\sqrt[3]{-27} = -3``). The parts of a sentence around a
claim are not guessed at: a claim whose left side is a bare number right after a word (``20% of 50 =
10``, ``2 and 3 = 5``), that starts with a binary operator (``3 apples + 4 apples = 7``), touches a
connective word (``... = 5 times 3``), an operator we do not evaluate (``\\log_2 8``, ``\\binom``,
``a_1``, ``2:3``, ``100 % 7``), mixes a percent into a sum (``10 - 20%``) or ends in a sentence's
``!`` is skipped, so prose leads to "neutral", not to "wrong". Scientific notation (``6.02e23``) is
read exactly. Layout around numbers: a dollar sign right before a number is currency (``$5 + $3 =
$8``), and ``- ``, ``* ``, ``+ `` or ``•`` at the start of a line is a markdown bullet, not a sign.

Checking a claim (:func:`compare`):
  * no variables: exact sympy arithmetic; if either side has a decimal literal the sides may differ by
    half a unit in the last place of the shortest decimal written (``10/3 = 3.33`` is correct,
    ``10/3 = 3.34`` is wrong); otherwise they must agree to 40 significant digits;
  * variables: an identity if ``lhs - rhs`` vanishes at three fixed non-special points (``2x + 3x =
    5x``, ``(x+1)^2 = x^2 + 2x + 1``); otherwise it is an *equation* (``2x + 3 = 11``, ``x = 4``) and
    cannot be judged from the text alone, so it is neutral, unless ``strict_algebra=True``, which
    makes every non-identity wrong (for datasets of pure simplification steps). When the variables
    cancel (``x + 1 = x + 2``) the claim is false for every value, hence wrong.
  A line that starts with ``=`` continues the chain from the last expression of the step before
  (aligned derivations; also after a LaTeX ``\\\\`` inside one step).
  A true claim whose right side is its left side again, up to brackets and the order of its parts
  (``51 + 20 = (51 + 20)``, ``3 \\cdot 4 = 4 \\cdot 3``, ``5 = 5``), is ``"restated"``: it computes
  nothing and earns no step reward (a process-supervised run on arithmetic learned to write only such
  steps and never answer, when they counted as correct).

Step rewards (kept in [0, 1]; Eq. 6 normalises within the group, so 0 versus -1 would not matter):
  * "correct" 1.0: at least one claim checked equal and none unequal;
  * "wrong" 0.0: at least one claim unequal;
  * "neutral" ``neutral_reward`` (default NaN): nothing checkable. NaN means *unscored*, which
    ``grpo_train.losses.process_advantages`` leaves out of the group statistics and credits 0.
    Note that NaN serialises as ``NaN`` in JSON (Python's ``json`` accepts it; strict parsers do not).
  * the answer step: the last step holding a final-answer marker (``\\boxed``, ``\\fbox``, ``####``,
    "answer is", "Answer:", ``<answer>``, a "# Answer" heading; the step after it when nothing follows
    the marker in its step, as in "# Answer" then the number on its own line), or else the last step (the solution ends there: a bare
    ``51 + 20 = 71``, a completion that is nothing but the answer, or one that never answers), gets
    the final answer's result (1.0 if correct, else 0.0: wrong, unparsable, hedged, no answer)
    unless its own claims are already wrong (``answer_step=False`` turns this off). So a completion
    that never answers cannot end on a credited step.

Outcome: ``(1 - step_weight) * final + step_weight * (correct steps / scored steps)`` where ``final``
is the ``math`` verifier's outcome on ``row["reference"]``; the default ``step_weight=0`` makes the
outcome exactly the final answer's correctness. The status is the ``math`` verifier's status (a
correct final answer reached through a wrong step is still ``correct``; the step counts say otherwise).
When the ``math`` verifier reports a harness status (``is_infra``) or ``too_long``, that reward is
returned as is, without steps. A row without ``reference`` is ``bad_input``.
``info``: ``correct_steps``, ``wrong_steps``, ``neutral_steps``, ``split``, ``claims`` (the first 50,
with their verdicts) and ``final`` (the ``math`` verifier's reward as a dict).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import sympy

from verifiers.registry import register
from verifiers.types import Reward, Status, StepReward

# ---------------------------------------------------------------------------------------------
# Splitting
# ---------------------------------------------------------------------------------------------


class Step(NamedTuple):
    """One step: ``text == completion[start:end]`` (no surrounding whitespace)."""

    start: int
    end: int
    text: str


_MARKER = re.compile(
    # no two adjacent [ \t]* (a long run of blanks would make the search quadratic)
    r"(?:^[ \t]*(?:[#>*_]+[ \t]*)?(?i:step)|(?<=\s)\**Step)[ \t]*\d+[ \t]*(?:\*\*[ \t]*)?[:.)]",
    re.MULTILINE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _tight(text: str, start: int, end: int) -> Step | None:
    """The step ``text[start:end]`` with surrounding whitespace removed, or None if blank."""
    seg = text[start:end]
    lead = len(seg) - len(seg.lstrip())
    stripped = seg.strip()
    if not stripped:
        return None
    s = start + lead
    return Step(s, s + len(stripped), stripped)


def _cut(text: str, cuts: list[int]) -> list[Step]:
    bounds = [0, *cuts, len(text)]
    steps = [_tight(text, a, b) for a, b in zip(bounds, bounds[1:])]
    return [s for s in steps if s is not None]


def split_markers(text: str) -> list[Step]:
    """Steps at "Step k:" markers (text before the first marker is a step of its own)."""
    return _cut(text, [m.start() for m in _MARKER.finditer(text)])


_OPEN_DISPLAY = re.compile(r"\$\$|\\\[|\\\]|\\begin\{|\\end\{")


def split_lines(text: str) -> list[Step]:
    """One step per non-blank line; a display-math block over several lines stays one step."""
    cuts: list[int] = []
    depth = 0  # open \begin{..}, \[ and $$ blocks
    dollars_open = False
    pos = 0
    for line in text.splitlines(keepends=True):
        if depth == 0 and not dollars_open and pos:
            cuts.append(pos)
        for m in _OPEN_DISPLAY.finditer(line):
            tok = m.group(0)
            if tok == "$$":
                dollars_open = not dollars_open
            elif tok in ("\\[", "\\begin{"):
                depth += 1
            else:
                depth = max(0, depth - 1)
        pos += len(line)
    return _cut(text, cuts)


def split_sentences(text: str) -> list[Step]:
    """Split after ``.``, ``!`` or ``?`` followed by whitespace (decimals like 3.5 stay whole)."""
    return _cut(text, [m.end() for m in _SENTENCE_END.finditer(text)])


# A line that is only a display-math delimiter belongs to its neighbour: an opening one to the next line,
# a closing one to the line before (so "\[", "$$" and "\end{align}" never stand alone as steps).
_DELIM_LINE = re.compile(r"[ \t]*(?:\$\$|\\\[|\\\]|\\(?:begin|end)\{[^{}\n]*\}(?:\{[^{}\n]*\})?)[ \t]*")
# Where a sentence may end inside a line: after . ! ? (or a closing $ / ** / ) just after them) and
# whitespace, before something that starts a sentence: a capital, a digit, $, (, *, #, or a LaTeX
# command that is not a closing delimiter.
_SENTENCE_CUT = re.compile(r"(?<=[.!?])(?:\$|\*\*|\))?[ \t]+(?=[A-Z0-9$(*#]|\\(?!\]|\)|end\b))")
# A piece that is only a label or a list marker ("Step 2.", "1.", "a)", "**Step 3:**") is no sentence.
_LABEL_ONLY = re.compile(
    r"(?:[-*+>][ \t]*)?"
    r"(?:(?:[#*_]+[ \t]*)?(?i:step)[ \t]*\d+[ \t]*(?:\*\*[ \t]*)?[:.)]?(?:\*\*)?|\(?[0-9A-Za-z]{1,3}[.)])"
)
# A piece of prose ends a sentence only if it has a word (two letters or more) or an equality, and does
# not end in an abbreviation: initials ("e.g.", "i.e.") or a short list ("approx.", "vs.", "Mr.").
_ABBREV = re.compile(
    r"(?:\b(?:[A-Za-z]\.){1,3}|\b(?:approx|vs|etc|eq|Eq|Fig|fig|No|Mr|Mrs|Ms|Dr|St|cf|resp)\.)$"
)
_WORDLIKE = re.compile(r"[A-Za-z]{2}|=")


def _line_bounds(text: str) -> list[tuple[int, int]]:
    """The non-blank lines of ``text`` as ``(start, end)``, display delimiters joined to their neighbour."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        if line.strip():
            lines.append((pos, pos + len(line)))
        pos += len(line)
    out: list[tuple[int, int]] = []
    pending: int | None = None  # start of an opening delimiter line waiting for its content
    dollars_open = False
    for a, b in lines:
        seg = text[a:b].strip()
        if _DELIM_LINE.fullmatch(seg):
            opening = seg.startswith("\\[") or seg.startswith("\\begin") or (seg == "$$" and not dollars_open)
            if seg == "$$":
                dollars_open = not dollars_open
            if opening:
                pending = a if pending is None else pending
                continue
            if out and pending is None:  # a closing delimiter: append to the line before
                out[-1] = (out[-1][0], b)
                continue
        elif seg.count("$$") % 2:
            dollars_open = not dollars_open
        out.append((a if pending is None else pending, b))
        pending = None
    if pending is not None:
        out.append((pending, len(text)))
    return out


def _sentence_cuts(text: str, start: int, end: int) -> list[int]:
    """Cut points inside the line ``text[start:end]``: sentence ends and "Step k:" labels after the start."""
    cuts = sorted(
        {m.end() for m in _SENTENCE_CUT.finditer(text, start, end)}
        | {m.start() for m in _MARKER.finditer(text, start, end) if text[start : m.start()].strip()}
    )
    kept: list[int] = []
    prev = start
    for c in cuts:
        piece = text[prev:c].strip()
        if not piece or _LABEL_ONLY.fullmatch(piece) or _ABBREV.search(piece) or not _WORDLIKE.search(piece):
            continue  # "1.", "Step 2.", "e.g.", "3." : not a sentence of its own
        kept.append(c)
        prev = c
    return kept


def split_mixed(text: str) -> list[Step]:
    """One step per line, and per sentence within a line; a "Step k:" label starts a step but does not hold
    the lines after it; a display-math delimiter on its own line joins the line it opens or closes."""
    cuts: list[int] = []
    for a, b in _line_bounds(text):
        if a:
            cuts.append(a)
        cuts.extend(_sentence_cuts(text, a, b))
    return _cut(text, cuts)


SPLITTERS: dict[str, Callable[[str], list[Step]]] = {
    "mixed": split_mixed,
    "markers": split_markers,
    "lines": split_lines,
    "sentences": split_sentences,
}


def detect_split(text: str) -> str:
    """The splitter ``"auto"`` uses: ``"mixed"`` (lines and sentences; labels are prefixes)."""
    return "mixed"


def split_steps(text: str, mode: str = "auto") -> list[Step]:
    """Split a solution into steps with tight character spans (see the module docstring)."""
    if mode == "auto":
        mode = detect_split(text)
    try:
        splitter = SPLITTERS[mode]
    except KeyError:
        raise ValueError(f"unknown split mode {mode!r}; choose auto or one of {sorted(SPLITTERS)}") from None
    return splitter(text)


# ---------------------------------------------------------------------------------------------
# Tokenizing (whitelist) and parsing (recursive descent to sympy objects; no sympify anywhere)
# ---------------------------------------------------------------------------------------------

MAX_NUMBER_DIGITS = 300
MAX_RESULT_DIGITS = 10_000
MAX_SYMBOLIC_POWER = 12
MAX_FACTORIAL = 1000
MAX_SIDE_TOKENS = 400
MAX_DEPTH = 40  # nested brackets / \frac / \sqrt / powers in one side
MAX_CLAIMS = 200  # per completion; later equalities are not checked (their steps stay neutral)


class Tok(NamedTuple):
    kind: str  # NUM SYM PI OP EQ FRAC SQRT PCT FACT | BREAK WORD NL GLUE (these end a run)
    value: str
    decimals: int = 0  # NUM: digits after the decimal point (0 for integers)
    glued: bool = False  # no whitespace before this token


class Unsafe(Exception):
    """A side would be too costly to evaluate (huge number, power or factorial)."""


class ParseError(Exception):
    """A side is not a well-formed expression."""


_TOKEN = re.compile(
    r"""
    (?P<bullet>(?:\A|(?<=\n))[ \t]*[-*+•][ \t]+)
  | (?P<cur>\\?\$(?=\.?\d))
  | (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n|\\\\)
  | (?P<sci>\d+(?:\.\d+)?[eE][+-]?\d+)
  | (?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|\d+\.\d+|\d+|\.\d+)
  | (?P<delim>\\[\[\]()\{\}])
  | (?P<cmp>==|<=|>=|!=|:=|=>|=<|≠|≈|≤|≥)
  | (?P<eq>=)
  | (?P<fact>!(?=[ \t]*[=+\-*/^)\]}\d(\\]))
  | (?P<pow>(?<=[\w)\]}])\*\*(?=[\w(\[{\-]))
  | (?P<bold>\*\*+)
  | (?P<op>[+\-*/^(){}\[\]×·÷−])
  | (?P<pct>\\?%)
  | (?P<sup>[²³])
  | (?P<pi>π)
  | (?P<root>√)
  | (?P<amp>&)
  | (?P<textcmd>\\(?:text|mathrm|textbf|textit|mbox|operatorname|mathbf)\s*\{[^{}]*\})
  | (?P<cmd>\\[A-Za-z]+|\\[,;:!\ ])
  | (?P<word>[A-Za-z]{2,})
  | (?P<sym>[A-Za-z])
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)

_COMMANDS = {
    "\\frac": ("FRAC", "\\frac"),
    "\\dfrac": ("FRAC", "\\frac"),
    "\\tfrac": ("FRAC", "\\frac"),
    "\\sqrt": ("SQRT", "\\sqrt"),
    "\\cdot": ("OP", "*"),
    "\\times": ("OP", "*"),
    "\\ast": ("OP", "*"),
    "\\div": ("OP", "/"),
    "\\pi": ("PI", "\\pi"),
}
# Layout-only commands: dropped.
_IGNORED = {
    "\\left", "\\right", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr", "\\big", "\\Big", "\\quad", "\\qquad",
    "\\,", "\\;", "\\:", "\\!", "\\ ", "\\displaystyle",
}  # fmt: skip
_UNICODE_OPS = {"×": "*", "·": "*", "÷": "/", "−": "-"}
# Words that glue a number to the surrounding sentence ("20% of 50 = 10", "= 5 times 3").
_CONNECTIVES = {
    "of", "times", "plus", "minus", "over", "by", "per", "divided", "multiplied", "than", "into",
    "squared", "cubed", "less", "more", "percent", "add", "subtract", "half", "twice",
}  # fmt: skip


def tokenize(text: str) -> list[Tok]:
    """Whitelist tokens of ``text``: anything not recognised becomes a BREAK (or WORD) token."""
    out: list[Tok] = []
    glued = True
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        s = m.group(0)
        if kind in ("ws", "bullet", "cur"):
            # a markdown bullet ("- ", "* ") at the start of a line is layout, not a minus sign; a dollar
            # sign before a number is currency ("$5 + $3 = $8"), not a LaTeX delimiter
            glued = False
            continue
        if kind == "amp":  # alignment marker in LaTeX
            continue
        tok: Tok | None
        if kind == "sci":  # 6.02e23: exact, no rounding tolerance
            tok = Tok("NUM", s.lower(), 0, glued)
        elif kind == "num":
            plain = s.replace(",", "")
            dec = len(plain.split(".")[1]) if "." in plain else 0
            tok = Tok("NUM", plain, dec, glued)
        elif kind == "nl":
            tok = Tok("NL", s)
        elif kind == "eq":
            tok = Tok("EQ", "=", 0, glued)
        elif kind == "fact":
            tok = Tok("FACT", "!", 0, glued)
        elif kind == "pow":
            tok = Tok("OP", "^", 0, glued)
        elif kind == "op":
            tok = Tok("OP", _UNICODE_OPS.get(s, s), 0, glued)
        elif kind == "pct":
            tok = Tok("PCT", "%", 0, glued)
        elif kind == "sup":
            out.append(Tok("OP", "^", 0, True))
            tok = Tok("NUM", "2" if s == "²" else "3", 0, True)
        elif kind == "pi":
            tok = Tok("PI", "π", 0, glued)
        elif kind == "root":
            tok = Tok("SQRT", "√", 0, glued)
        elif kind == "textcmd":
            tok = Tok("WORD", s)
        elif kind == "cmd":
            if s in _IGNORED:
                tok = None
            elif s in _COMMANDS:
                k, v = _COMMANDS[s]
                tok = Tok(k, v, 0, glued)
            else:  # \log, \binom, \sin, \bmod...: an operator we do not evaluate
                tok = Tok("GLUE", s, 0, glued)
        elif kind == "word":
            tok = Tok("WORD", s.lower())
        elif kind == "sym":
            tok = Tok("SYM", s, 0, glued)
        else:  # delim, cmp, bold, other
            tok = Tok("BREAK", s, 0, glued)
        if tok is not None:
            out.append(tok)
        glued = True
    return _glue(_times_x(out))


def _glue(toks: list[Tok]) -> list[Tok]:
    """Mark breaks that bind their neighbours (``a_1``, ``f'(x)``, ratios and times ``2:3``, ``3:00``).

    A GLUE token ends a run like a BREAK, but the expressions on both sides of it are incomplete,
    so the claims touching it are not checked.
    """
    out = list(toks)
    for i, t in enumerate(out):
        if t.kind != "BREAK":
            continue
        nxt_glued = i + 1 < len(out) and out[i + 1].glued and out[i + 1].kind not in ("NL", "BREAK", "WORD")
        if t.value == "_" or (t.value == "'" and t.glued) or (t.value in ":|" and t.glued and nxt_glued):
            out[i] = Tok("GLUE", t.value, 0, t.glued)
    return out


def _times_x(toks: list[Tok]) -> list[Tok]:
    """``3 x 4`` / ``3x4`` between two numbers means multiplication."""
    out = list(toks)
    for i in range(1, len(out) - 1):
        if (
            out[i].kind == "SYM"
            and out[i].value == "x"
            and out[i - 1].kind == "NUM"
            and out[i + 1].kind == "NUM"
        ):
            out[i] = Tok("OP", "*", 0, out[i].glued)
    return out


_ATOM_START = {"NUM", "SYM", "PI", "FRAC", "SQRT"}


class _Parser:
    """expr := term (('+'|'-') term)*;  term := unary (('*'|'/'|implicit) unary)*;
    unary := ('-'|'+') unary | power;  power := postfix ('^' unary)?;  postfix := atom ('!'|'%')*."""

    def __init__(self, toks: list[Tok]) -> None:
        self.toks = toks
        self.i = 0
        self.depth = 0

    def peek(self) -> Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> Tok:
        tok = self.peek()
        if tok is None:
            raise ParseError("unexpected end")
        self.i += 1
        return tok

    def expect(self, value: str) -> None:
        tok = self.take()
        if tok.value != value:
            raise ParseError(f"expected {value!r}, got {tok.value!r}")

    def parse(self) -> sympy.Expr:
        if not self.toks:
            raise ParseError("empty")
        e = self.expr()
        if self.peek() is not None:
            raise ParseError(f"trailing {self.peek()!r}")
        return e

    def expr(self) -> sympy.Expr:
        e = self.term()
        while (t := self.peek()) is not None and t.kind == "OP" and t.value in "+-":
            self.take()
            rhs = self.term()
            e = e + rhs if t.value == "+" else e - rhs
        return e

    def term(self) -> sympy.Expr:
        e = self.unary()
        while (t := self.peek()) is not None:
            if t.kind == "OP" and t.value in "*/":
                self.take()
                rhs = self.unary()
                if t.value == "/":
                    if rhs == 0:
                        raise ParseError("division by zero")
                    e = _check(e / rhs)
                else:
                    e = _check(e * rhs)
            elif t.kind in _ATOM_START or (t.kind == "OP" and t.value in "({"):
                prev = self.toks[self.i - 1]
                if t.kind == "NUM" and prev.kind not in ("OP",):
                    raise ParseError("two numbers in a row")
                mixed = prev.kind == "NUM" and t.kind == "FRAC" and t.glued
                rhs = self.unary()
                if mixed and rhs.is_Rational and not rhs.is_Integer and e.is_Integer and e >= 0:
                    e = e + rhs  # 2\frac{1}{2} is a mixed number
                else:
                    e = _check(e * rhs)
            else:
                break
        return e

    def unary(self) -> sympy.Expr:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unsafe("expression nested too deeply")
        try:
            return self._unary()
        finally:
            self.depth -= 1

    def _unary(self) -> sympy.Expr:
        t = self.peek()
        if t is not None and t.kind == "OP" and t.value in "+-":
            self.take()
            e = self.unary()
            return -e if t.value == "-" else e
        return self.power()

    def power(self) -> sympy.Expr:
        base = self.postfix()
        t = self.peek()
        if t is not None and t.kind == "OP" and t.value == "^":
            self.take()
            return _safe_pow(base, self.unary())
        return base

    def postfix(self) -> sympy.Expr:
        e = self.atom()
        while (t := self.peek()) is not None and t.kind in ("FACT", "PCT"):
            self.take()
            e = _safe_factorial(e) if t.kind == "FACT" else e / 100
        return e

    def group(self) -> sympy.Expr:
        """A LaTeX argument: ``{expr}`` or a single digit / letter (``\\frac12``)."""
        t = self.peek()
        if t is not None and t.kind == "OP" and t.value == "{":
            self.take()
            e = self.expr()
            self.expect("}")
            return e
        t = self.take()
        if t.kind == "NUM" and "." not in t.value:
            # \frac12: the first digit is the argument, the rest goes back to the stream.
            if len(t.value) > 1:
                self.toks = [*self.toks[: self.i - 1], Tok("NUM", t.value[0]), Tok("NUM", t.value[1:], 0, True),
                             *self.toks[self.i :]]  # fmt: skip
            return sympy.Integer(t.value[0])
        if t.kind == "SYM":
            return sympy.Symbol(t.value)
        raise ParseError(f"bad argument {t.value!r}")

    def atom(self) -> sympy.Expr:
        t = self.take()
        if t.kind == "NUM":
            mantissa, _, exponent = t.value.partition("e")
            if (
                len(mantissa) > MAX_NUMBER_DIGITS
                or len(exponent) > 4
                or abs(int(exponent or 0)) > MAX_NUMBER_DIGITS
            ):
                raise Unsafe("number too long")
            return sympy.Rational(mantissa) * sympy.Integer(10) ** int(exponent or 0)
        if t.kind == "SYM":
            return sympy.Symbol(t.value)
        if t.kind == "PI":
            return sympy.pi
        if t.kind == "OP" and t.value in "({[":
            close = {"(": ")", "{": "}", "[": "]"}[t.value]
            e = self.expr()
            self.expect(close)
            return e
        if t.kind == "FRAC":
            num = self.group()
            den = self.group()
            if den == 0:
                raise ParseError("division by zero")
            return num / den
        if t.kind == "SQRT":
            nxt = self.peek()
            if nxt is not None and nxt.kind == "OP" and nxt.value == "[":  # \sqrt[n]{x}
                self.take()
                n = self.expr()
                self.expect("]")
                if n == 0:
                    raise ParseError("0th root")
                return _safe_pow(self.group(), 1 / n)
            if nxt is not None and nxt.kind == "OP" and nxt.value == "{":
                return _safe_pow(self.group(), sympy.Rational(1, 2))
            return _safe_pow(self.postfix(), sympy.Rational(1, 2))  # √16, \sqrt 2
        raise ParseError(f"unexpected {t.value!r}")


def _digits(r: sympy.Rational) -> float:
    return max(math.log10(abs(int(r.p)) + 1), math.log10(abs(int(r.q)) + 1))


def _magnitude(e: sympy.Expr) -> float:
    """|e| as a float, with every variable set to 3.3 (a rough size for the spot checks)."""
    v = sympy.N(e, 15, subs=dict.fromkeys(e.free_symbols, sympy.Float(3.3)))
    try:
        return float(abs(v))
    except (TypeError, ValueError):
        return math.inf


def _size(e: sympy.Expr) -> float:
    """Digits of the largest rational number in ``e`` (at least 1)."""
    if e.is_Rational:
        return max(1.0, _digits(e))
    return max([1.0, *(_digits(r) for r in e.atoms(sympy.Rational))])


_MAX_BITS = int(MAX_RESULT_DIGITS * 3.33)


def _check(e: sympy.Expr) -> sympy.Expr:
    """Refuse exact intermediate results beyond MAX_RESULT_DIGITS (products of big powers)."""
    coeff = e.as_coeff_Mul()[0] if e.is_Mul else e
    if coeff.is_Rational and (int(coeff.p).bit_length() > _MAX_BITS or int(coeff.q).bit_length() > _MAX_BITS):
        raise Unsafe("number too large")
    return e


def _safe_pow(base: sympy.Expr, exp: sympy.Expr) -> sympy.Expr:
    if exp.free_symbols:
        # 2^x is fine; 10^(300x) or (10^300)^x would explode when evaluated at the spot points.
        if _magnitude(exp) > 1000 or (base.is_number and _magnitude(base) > 1e6):
            raise Unsafe("symbolic exponent too large")
        if any(p.exp.free_symbols for p in base.atoms(sympy.Pow) | exp.atoms(sympy.Pow)):
            raise Unsafe("tower of symbolic exponents")  # x^(y^x): no bound on the spot values
        return sympy.Pow(base, exp)
    if base.is_Rational and base in (0, 1, -1):
        if base == 0 and exp.is_number and bool(exp.is_nonpositive):
            raise ParseError("division by zero")
        return sympy.Pow(base, exp)
    size = _digits(base) if base.is_Rational else _size(base)
    if exp.is_Rational:
        if not exp.is_Integer and (exp.q > 10_000 or abs(exp.p) > 10**6):
            raise Unsafe("root too large")
        if not exp.is_Integer and base.free_symbols and (exp.q > 100 or size > 12):
            # sympy pulls numeric factors out of (c*x)^(p/q) and factorises c: keep c and q small.
            raise Unsafe("root of a large coefficient")
        if base.free_symbols and abs(exp) > MAX_SYMBOLIC_POWER:
            raise Unsafe("symbolic power too large")
        if abs(exp) * size > MAX_RESULT_DIGITS:
            raise Unsafe("power too large")
    elif exp.is_number:
        # An irrational numeric exponent (2^pi): evalf copes, but keep the result's size bounded.
        if _magnitude(exp) * max(size, 1.0) > MAX_RESULT_DIGITS:
            raise Unsafe("power too large")
    if not base.free_symbols and not exp.is_Integer:
        # A numeric root or irrational power becomes a 60-digit Float: sympy's exact Integer ** Rational
        # searches for perfect powers, which takes minutes for roots like 999^(-1/100000) that
        # nested roots produce. Claims are compared to 40 significant digits anyway (see compare).
        if exp.is_Rational and exp.q % 2 == 1 and base.is_extended_negative:
            # Odd roots of negatives are real, as in school maths: (-8)^(1/3) = -2, not 1 + 1.73i.
            value = (-1) ** exp.p * sympy.N(sympy.Pow(-base, exp, evaluate=False), 60)
        else:
            value = sympy.N(sympy.Pow(base, exp, evaluate=False), 60)
        if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
            raise ParseError("undefined power")
        return value
    return _check(sympy.Pow(base, exp))


def _safe_factorial(e: sympy.Expr) -> sympy.Expr:
    if not (e.is_Integer and 0 <= e <= MAX_FACTORIAL):
        raise Unsafe("factorial argument not a small non-negative integer")
    return sympy.factorial(e)


def parse_tokens(toks: list[Tok]) -> sympy.Expr:
    """Parse one side (whitelisted tokens) into a sympy expression; ParseError / Unsafe otherwise."""
    if len(toks) > MAX_SIDE_TOKENS:
        raise Unsafe("expression too long")
    return _Parser(list(toks)).parse()


# ---------------------------------------------------------------------------------------------
# Claims and comparison
# ---------------------------------------------------------------------------------------------

_SPOT_POINTS = (sympy.Rational(5813, 10000), sympy.Rational(-12957, 10000), sympy.Rational(23171, 10000))


def compare(
    lhs: sympy.Expr, rhs: sympy.Expr, decimals: int | None = None, *, strict_algebra: bool = False
) -> str:
    """``"equal"``, ``"unequal"``, ``"equation"`` (variables, not an identity) or ``"unchecked"``.

    decimals: fewest digits after the point among the decimal literals of the claim (None: none),
    allowing half a unit in that place of rounding.
    """
    diff = lhs - rhs
    if diff.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return "unchecked"
    free = sorted(diff.free_symbols, key=str)  # x + 1 = x + 2 is wrong whatever x is
    if not free:
        if diff == 0:
            return "equal"
        if diff.is_Rational and decimals is None:
            return "unequal"
        if decimals is not None:
            close = _within(diff, sympy.Float(0.5 * 10.0 ** (-decimals) * (1 + 1e-9)))
        else:
            close = _within(diff, _scale(lhs, rhs) * sympy.Float("1e-40", 50))
        return "unchecked" if close is None else "equal" if close else "unequal"
    # Variables: an identity if the difference vanishes at several non-special points.
    for k, _ in enumerate(_SPOT_POINTS):
        # Float points through evalf(subs=...): no exact substitution, so no exact simplification.
        point = {
            s: sympy.Float(_SPOT_POINTS[(k + j) % len(_SPOT_POINTS)] + j, 30) for j, s in enumerate(free)
        }
        scale = _scale(lhs, rhs, point)
        close = _within(diff, scale * sympy.Float("1e-20", 30), point)
        if close is None:
            return "unchecked"
        if not close:
            return "unequal" if strict_algebra else "equation"
    return "equal"


def _scale(lhs: sympy.Expr, rhs: sympy.Expr, point: dict | None = None) -> sympy.Expr:
    """max(1, |lhs|, |rhs|) as a sympy Float (no float overflow for huge values)."""
    vals = [abs(sympy.N(e, 30, subs=point)) for e in (lhs, rhs)]
    if not all(v.is_comparable for v in vals):
        return sympy.Integer(1)
    return sympy.Max(sympy.Integer(1), *vals)


def _within(diff: sympy.Expr, tol: sympy.Expr, point: dict | None = None) -> bool | None:
    """|diff| <= tol, evaluated with 50 digits; None when it cannot be evaluated to a number."""
    val = abs(sympy.N(diff, 50, subs=point))
    if isinstance(val, sympy.Float) and not val.is_comparable:
        # evalf found no significant digit (an exact zero written differently): 0.e-159 is a bound.
        val = sympy.Float(float(val), 30)
    if not (val.is_number and val.is_comparable) or val.has(sympy.nan, sympy.zoo) or not tol.is_comparable:
        return None
    return bool(val <= tol)


class Claim(NamedTuple):
    """One checked equality ``lhs = rhs`` (as written) and its verdict (see :func:`compare`)."""

    lhs: str
    rhs: str
    verdict: str


def _text(toks: list[Tok]) -> str:
    return "".join(t.value for t in toks)


def _strip_parens(side: list[Tok], *, left: bool) -> list[Tok]:
    """Drop an unmatched ``(`` at the start (left side) or ``)`` at the end (right side)."""
    side = list(side)
    opens = sum(1 for t in side if t.kind == "OP" and t.value in "([{")
    closes = sum(1 for t in side if t.kind == "OP" and t.value in ")]}")
    if left:
        while opens > closes and side and side[0].kind == "OP" and side[0].value in "([{":
            side.pop(0)
            opens -= 1
    else:
        while closes > opens and side and side[-1].kind == "OP" and side[-1].value in ")]}":
            side.pop()
            closes -= 1
    return side


def _restates(a: list[Tok], b: list[Tok]) -> bool:
    """True when ``b`` is ``a`` again, up to brackets and the order of its parts (``51 + 20 = (51 + 20)``,
    ``3 \\cdot 4 = 4 \\cdot 3``, ``5 = 5``): an equality that computes nothing, which a policy could
    repeat for step reward without ever answering."""

    def parts(side: list[Tok]) -> list[tuple[str, str]]:
        return sorted((t.kind, t.value) for t in side if not (t.kind == "OP" and t.value in "()[]{}"))

    return parts(a) == parts(b)


def _runs(toks: list[Tok]) -> list[tuple[list[Tok], Tok | None, Tok | None]]:
    """Maximal math runs, each with the token just before and just after it (a WORD, BREAK, NL or None).

    Two numbers in a row (``1) 3 + 4``, ``3 4``) also end a run.
    """
    runs: list[tuple[list[Tok], Tok | None, Tok | None]] = []
    cur: list[Tok] = []
    before: Tok | None = None
    for tok in toks:
        if tok.kind in ("WORD", "BREAK", "NL", "GLUE"):
            runs.append((cur, before, tok))
            cur, before = [], tok
            continue
        if tok.kind == "NUM" and cur and cur[-1].kind in ("NUM", "SYM", "PCT", "FACT", "OP"):
            if cur[-1].kind != "OP" or cur[-1].value in ")]}":
                # "3 4", "1e3"-like or "100 % 7": something we do not read joins them, so both
                # neighbouring sides are incomplete; "1) 3 + 4 = 7" is a list marker, a clean cut.
                marker = len(cur) == 2 and cur[0].kind in ("NUM", "SYM") and cur[1].value == ")"
                cut = Tok("BREAK" if marker else "GLUE", "")
                runs.append((cur, before, cut))
                cur, before = [], cut
        cur.append(tok)
    runs.append((cur, before, None))
    return [r for r in runs if r[0]]


_ARITH_ERRORS = (TypeError, ValueError, OverflowError, ZeroDivisionError, RecursionError, MemoryError)


def _ambiguous_percent(side: list[Tok]) -> bool:
    """``10 - 20%``: 10 - 0.2 or 10 * 0.8? Not judged."""
    return any(t.kind == "PCT" for t in side) and any(t.kind == "OP" and t.value in "+-" for t in side[1:])


def find_claims(
    text: str, carry: list[Tok] | None = None, *, strict_algebra: bool = False
) -> tuple[list[Claim], list[Tok] | None]:
    """The equalities claimed in ``text`` and their verdicts.

    carry: the last expression of the previous step, used when ``text`` starts with ``=``.
    Returns the claims and the carry for the next step (the last side of a run that ends the text).
    """
    claims: list[Claim] = []
    toks = tokenize(text)
    while toks and toks[-1].kind == "NL":  # a row ending in "\\\\" hands its last side on like a line end
        toks.pop()
    next_carry: list[Tok] | None = None
    for run, before, after in _runs(toks):
        sides: list[list[Tok]] = [[]]
        for tok in run:
            if tok.kind == "EQ":
                sides.append([])
            else:
                sides[-1].append(tok)
        starts_text = before is None or before.kind == "NL"
        if not sides[0] and len(sides) > 1 and carry and starts_text:
            sides[0] = list(carry)
        else:
            first = sides[0]
            if first and first[0].kind == "OP" and first[0].value in "+*/^":
                sides[0] = []  # "3 apples + 4 apples = 7": the left side is cut by prose
            elif first and before is not None and before.kind == "WORD":
                bare = len(first) == 1 or (len(first) == 2 and first[0].value == "-")
                # "apples - 2 = 3" is a cut binary minus; "compute -1 + 2 = 1" is a negative number.
                cut_minus = first[0].value == "-" and (len(first) < 2 or first[0].glued or not first[1].glued)
                if bare or before.value in _CONNECTIVES or cut_minus:
                    sides[0] = []
        if before is not None and before.kind == "GLUE":
            sides[0] = []
        if (
            len(sides) > 1
            and after is not None
            and (
                (after.kind == "WORD" and after.value in _CONNECTIVES)
                or after.value == "!"
                or after.kind == "GLUE"
            )
        ):
            sides[-1] = []  # "= 5 times 3", "= 12!" (a sentence's "!", or a factorial cut short)
        if len(sides) > 1:
            sides[0] = _strip_parens(sides[0], left=True)
            sides[-1] = _strip_parens(sides[-1], left=False)
        for a, b in zip(sides, sides[1:]):
            if not a or not b or len(claims) >= MAX_CLAIMS or _ambiguous_percent(a) or _ambiguous_percent(b):
                continue
            try:
                lhs, rhs = parse_tokens(a), parse_tokens(b)
            except (ParseError, Unsafe, *_ARITH_ERRORS):
                continue
            decs = [t.decimals for t in (*a, *b) if t.kind == "NUM" and "." in t.value and "e" not in t.value]
            try:
                verdict = compare(lhs, rhs, min(decs) if decs else None, strict_algebra=strict_algebra)
            except _ARITH_ERRORS:
                verdict = "unchecked"
            if verdict == "equal" and _restates(a, b):
                verdict = "restated"
            claims.append(Claim(_text(a), _text(b), verdict))
        # A run that ends a line hands its last expression to a following "= ..." line.
        ends_line = after is None or after.kind == "NL"
        last = sides[-1] if ends_line and sides[-1] else None
        carry = last if after is not None else None
        next_carry = last if after is None else None
    return claims, next_carry


# ---------------------------------------------------------------------------------------------
# The verifier
# ---------------------------------------------------------------------------------------------

_ANSWER_MARK = re.compile(
    r"\\boxed|\\fbox|####|answer\s*(?:is\b|:)|<answer>|^[#*_ \t]*(?:final\s+)?answer\b",
    re.IGNORECASE | re.MULTILINE,
)
_ANSWER_CONTENT = re.compile(r"[0-9A-Za-z\\]")


def find_answer_step(steps: list[Step]) -> int | None:
    """Index of the step that holds the final answer: the last step with an answer marker, or the step
    after it when the marker ends its step with nothing after it ("# Answer", "The answer is:" then a
    new line); without a marker, the last step (None when there are no steps)."""
    for i in range(len(steps) - 1, -1, -1):
        marks = list(_ANSWER_MARK.finditer(steps[i].text))
        if marks:
            rest = steps[i].text[marks[-1].end() :]
            return i + 1 if i + 1 < len(steps) and not _ANSWER_CONTENT.search(rest) else i
    return len(steps) - 1 if steps else None


def score_steps(
    completion: str,
    *,
    split: str = "auto",
    neutral_reward: float = float("nan"),
    strict_algebra: bool = False,
) -> tuple[list[Step], list[StepReward], list[list[Claim]]]:
    """Split ``completion`` and score each step from its own claims (no final-answer check)."""
    steps = split_steps(completion, split)
    rewards: list[StepReward] = []
    all_claims: list[list[Claim]] = []
    carry: list[Tok] | None = None
    for step in steps:
        claims, carry = find_claims(step.text, carry, strict_algebra=strict_algebra)
        verdicts = {c.verdict for c in claims}
        if "unequal" in verdicts:
            rewards.append(StepReward(step.start, step.end, 0.0, "wrong"))
        elif "equal" in verdicts:
            rewards.append(StepReward(step.start, step.end, 1.0, "correct"))
        else:
            rewards.append(StepReward(step.start, step.end, float(neutral_reward), "neutral"))
        all_claims.append(claims)
    return steps, rewards, all_claims


@register("math_steps")
def math_steps(
    completion: str,
    row: Mapping[str, Any],
    *,
    split: str = "auto",
    neutral_reward: float = float("nan"),
    strict_algebra: bool = False,
    answer_step: bool = True,
    step_weight: float = 0.0,
    last_number_fallback: bool = True,
) -> Reward:
    """Per-step rewards from checked equalities plus the final answer scored by ``math``.

    split: "auto", "markers", "lines" or "sentences" (see :func:`split_steps`).
    neutral_reward: the reward of a step with nothing checkable (NaN = unscored for Eq. 6).
    strict_algebra: count equalities with variables that are not identities as wrong.
    answer_step: give the step holding the final answer the final answer's result.
    step_weight: outcome = (1 - w) * final + w * fraction of scored steps that are correct.
    last_number_fallback: passed to the ``math`` verifier (credit a bare last number as the answer).
    """
    from verifiers.math.verifier import math_answer  # lazy: math_answer is heavier and imports later

    if not 0.0 <= step_weight <= 1.0:
        raise ValueError(f"step_weight must be in [0, 1], got {step_weight}")
    if "reference" not in row or row["reference"] is None:
        return Reward.failure(Status.BAD_INPUT, reason="row has no 'reference'")
    final = math_answer(completion, row, last_number_fallback=last_number_fallback)
    if final.status.is_infra or final.status == Status.TOO_LONG:
        return Reward(final.outcome, final.status, None, {"final": final.to_dict()})

    steps, rewards, claims = score_steps(
        completion, split=split, neutral_reward=neutral_reward, strict_algebra=strict_algebra
    )
    # Without a marker the last step ends the solution, so it carries the final answer's result (a bare
    # "= 71", the whole completion being the answer, or nothing: a solution that never answers must not
    # end on a credited step).
    answer_index = find_answer_step(steps) if answer_step else None
    if answer_index is not None and rewards[answer_index].label != "wrong":
        ok = final.status == Status.CORRECT
        r = rewards[answer_index]
        rewards[answer_index] = StepReward(r.start, r.end, 1.0 if ok else 0.0, "correct" if ok else "wrong")

    n_correct = sum(r.label == "correct" for r in rewards)
    n_wrong = sum(r.label == "wrong" for r in rewards)
    outcome = float(final.outcome)
    if step_weight:
        frac = n_correct / (n_correct + n_wrong) if n_correct + n_wrong else outcome
        outcome = (1.0 - step_weight) * outcome + step_weight * frac
    info: dict[str, Any] = {
        "correct_steps": n_correct,
        "wrong_steps": n_wrong,
        "neutral_steps": len(rewards) - n_correct - n_wrong,
        "split": split if split != "auto" else detect_split(completion),
        "answer_step": answer_index,
        "claims": [
            {"step": i, "lhs": c.lhs, "rhs": c.rhs, "verdict": c.verdict}
            for i, cs in enumerate(claims)
            for c in cs
        ][:50],
        "final": final.to_dict(),
    }
    return Reward(outcome=outcome, status=final.status, steps=rewards, info=info)
