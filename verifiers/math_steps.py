"""``math_steps``: a step-level process scorer for maths solutions (rewards for Eq. 6).

Pipeline: split the completion into steps, check the equalities each step claims, score the
final answer with the ``math`` verifier.

Splitting: :func:`verifiers.steps.split_steps` (every line, and every sentence of a line, is a step; spans
are tight; see :mod:`verifiers.steps`), imported here too.

Claims (:func:`find_claims`): an ``lhs = rhs`` equality, or a chain ``a = b = c`` (each adjacent pair
is a claim), in plain text (``3*4 = 12``, ``2x + 3x = 5x``) or LaTeX (``\\frac{1}{2} + \\frac{1}{4} =
\\frac{3}{4}``, ``3 \\times 4``, ``\\sqrt{16}``, ``2^{10}``). The maths is read by the ``math`` verifier's
package, with one whitelisted tokenizer, one parser and one set of limits: the step is tokenized with the
prose reading (:data:`verifiers.math.lex.PROSE`: words are words, ``x`` between two numbers is a times sign,
``e`` and ``i`` are names, a bullet or a currency sign is layout; never raises, linear time), each side is
parsed by :func:`verifiers.math.parse.parse_tokens` under the limits listed in :mod:`verifiers.math.guards`
(a claim past them is not checked; nor are those after the first ``MAX_CLAIMS`` of a completion). Step text
is untrusted: it never reaches ``eval``, ``sympify`` or ``parse_expr``. This module decides which spans are
claims, from each token's role (part of a side, ``=``, or the end of a run of maths: a word, a break, a line
end, or glue that binds its neighbours), and does not guess at the sentence around a claim: one whose left
side is a bare number right after a word (``20% of 50 = 10``, ``2 and 3 = 5``), that starts with a binary
operator (``3 apples + 4 apples = 7``), touches a connective word (``... = 5 times 3``), an operator we do
not evaluate (``\\log_2 8``, ``\\binom``, ``sqrt(16)``, ``a_1``, ``2:3``, ``100 % 7``, ``30^\\circ``), mixes
a percent into a sum (``10 - 20%``) or ends in a sentence's ``!`` is skipped, so prose leads to "neutral",
not to "wrong". Inline maths between dollars (``$196=2^2\\cdot7^2$``, told from currency as Markdown renderers
do: no space just inside the dollars, no digit after the closing one) is read apart from the prose around it,
so its first side is whole even right after a word. ``\\boxed{..}`` and ``\\fbox{..}`` are layout (``= \\boxed{420}``
is a side), and arrows and logical links (``\\implies``, ``\\Rightarrow``, ``\\iff``, ``\\therefore``, ``\\to``)
end a claim like a comma.

Checking a claim (:func:`verdict`, from :func:`verifiers.math.identity.equality_holds`):
  * no variables: exact arithmetic; if either side has a decimal literal the sides may differ by half a
    unit in the last place of the shortest decimal written (``10/3 = 3.33`` is correct, ``10/3 = 3.34`` is
    wrong); otherwise they must agree at 30 digits;
  * variables: an identity by expansion or at fixed non-special points (``2x + 3x = 5x``, ``(x+1)^2 =
    x^2 + 2x + 1``); otherwise it is an *equation* (``2x + 3 = 11``, ``x = 4``) and cannot be judged from
    the text alone, so it is neutral, unless ``strict_algebra=True``, which makes every non-identity wrong
    (for datasets of pure simplification steps). When the variables cancel (``x + 1 = x + 2``) the claim
    is false for every value, hence wrong. A claim that cannot be evaluated is ``"unchecked"`` (neutral).
  A line that starts with ``=`` continues the chain from the last expression of the step before
  (aligned derivations; also after a LaTeX ``\\\\`` inside one step, and rows of their own displays,
  ``\\[ = \\frac{18600}{3} \\]``, whose delimiters do not break the chain); when that expression was just found
  unequal to the one before it, the chain continues from the one before, so one slip is charged to its
  own row only.
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

import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import sympy
from verigrpo.verifiers.math.identity import equality_holds
from verigrpo.verifiers.math.lex import PROSE, Tok, tokenize
from verigrpo.verifiers.math.nodes import ParseError
from verigrpo.verifiers.math.parse import parse_tokens
from verigrpo.verifiers.math.sentences import FOREIGN_ANSWER_MARKERS
from verigrpo.verifiers.registry import register
from verigrpo.verifiers.steps import SPLITTERS, Step, detect_split, split_steps
from verigrpo.verifiers.types import Reward, Status, StepReward

__all__ = [  # the splitter's names too, for the callers that import them from here
    "MAX_CLAIMS", "SPLITTERS", "Claim", "Step", "detect_split", "find_answer_step", "find_claims", "math_steps",
    "score_steps", "split_steps", "verdict",
]  # fmt: skip

# ---------------------------------------------------------------------------------------------
# Claims: the maths of a step as the math package reads prose (one tokenizer, one parser, one set of
# limits: verifiers.math.lex, verifiers.math.parse, verifiers.math.guards)
# ---------------------------------------------------------------------------------------------

MAX_CLAIMS = 200  # per completion; later equalities are not checked (their steps stay neutral)

# What a token of the prose reading does in a claim: "math" is part of a side and "eq" parts two sides;
# every other role ends a run of maths: "word" (prose), "break" (punctuation, a comparison, a bracket
# that is a set), "nl" (a line end, a LaTeX row break), "bang" (a sentence's "!"), and "glue", which
# binds its neighbours (a subscript, a ratio, an operator we do not evaluate: \log, \binom, \pm, a degree
# sign), so the sides touching it are incomplete; "skip" (an alignment "&") is dropped.
_KIND_ROLES = {
    "NUM": "math", "IDENT": "math", "FRAC": "math", "SQRT": "math", "PERCENT": "math",
    "WORD": "word", "TEXT": "word", "CONN": "word", "NL": "nl", "ROWSEP": "nl",
    "FUNC": "glue", "BINOM": "glue", "CHOOSE": "glue", "CMD": "glue", "DEGREE": "glue", "OVERLINE": "glue",
    "BAR": "glue", "DOT": "glue", "SETNAME": "glue", "BEGIN": "glue", "END": "glue",
}  # fmt: skip
_STATEMENT_LINKS = (
    "implies", "impliedby", "iff", "Rightarrow", "Longrightarrow", "Leftarrow", "Longleftarrow", "Leftrightarrow",
    "Longleftrightarrow", "rightarrow", "longrightarrow", "leftrightarrow", "to", "therefore", "because", "hence",
)  # fmt: skip
_TEXT_ROLES = {  # looked up before the kind
    ("REL", "="): "eq", ("CONST", "pi"): "math", ("CONST", "oo"): "glue", ("OP", "&"): "skip",
    ("CMD", "\\boxed"): "skip", ("CMD", "\\fbox"): "skip",  # "= \\boxed{420}": the box is layout, its group a side
    **{("OP", op): "math" for op in ("+", "-", "*", "/", "^", "(", ")", "[", "]", "{", "}")},
    **{("OP", op): "glue" for op in ("_", "pm", "mp", "lfloor", "rfloor", "lceil", "rceil")},
    # arrows and logical connectives join statements, not operands: "= 4 \\implies 63p(8) = 9" ends a claim
    **{("CMD", "\\" + c): "break" for c in _STATEMENT_LINKS},
}  # anything in neither table (other relations, ",", "\\{", an unknown character) is a "break"
# A "!" is a factorial when one of these follows it on its line ("5! = 120", "3! + 1"), else a sentence's.
_AFTER_FACTORIAL = {"NUM", "FRAC", "SQRT", "CONST", "FUNC", "BINOM", "CMD", "ROWSEP"}
_OPS_AFTER_FACTORIAL = {("REL", "="), ("REL", "==")} | {("OP", op) for op in "+-*/^()]}"}
# Words that glue a number to the surrounding sentence ("20% of 50 = 10", "= 5 times 3").
_CONNECTIVES = {
    "of", "times", "plus", "minus", "over", "by", "per", "divided", "multiplied", "than", "into",
    "squared", "cubed", "less", "more", "percent", "add", "subtract", "half", "twice",
}  # fmt: skip


class Mark(NamedTuple):
    """A token of the step and its role in a claim (see ``_KIND_ROLES``)."""

    role: str
    tok: Tok


def _base_role(tok: Tok) -> str:
    return _TEXT_ROLES.get((tok.kind, tok.text)) or _KIND_ROLES.get(tok.kind, "break")


def _factorial_or_bang(prev: Tok | None, tok: Tok, nxt: Tok | None) -> str:
    follows = nxt is not None and (nxt.kind in _AFTER_FACTORIAL or (nxt.kind, nxt.text) in _OPS_AFTER_FACTORIAL)
    return "math" if follows else "bang"


def _glued_both(prev: Tok | None, tok: Tok, nxt: Tok | None) -> str:
    """``2:3``, ``3:00``, ``a|b`` written without spaces bind both sides (a ratio, a time); else a break."""
    glued = not tok.space and nxt is not None and not nxt.space and _base_role(nxt) not in ("nl", "break", "word")
    return "glue" if glued else "break"


def _ellipsis(prev: Tok | None, tok: Tok, nxt: Tok | None) -> str:
    """``0.666...``: more digits follow (a truncated or repeating decimal, not 0.666): glue; after anything
    else (``= 7... wait``, ``1 + 2 + \\cdots``) a break."""
    decimal = prev is not None and prev.kind == "NUM" and "." in prev.text and not tok.space
    return "glue" if decimal else "break"


# Roles that depend on the neighbours: (token before, token, token after) -> role
_CONTEXT_ROLES: dict[tuple[str, str], Callable[[Tok | None, Tok, Tok | None], str]] = {
    ("OP", "!"): _factorial_or_bang,
    ("OP", "'"): lambda prev, tok, nxt: "break" if tok.space else "glue",  # f'(x)
    ("OP", ":"): _glued_both,
    ("OP", "|"): _glued_both,
    ("ELLIPSIS", "..."): _ellipsis,
}


# Inline maths between single dollars, told apart from currency by the rule Markdown renderers use (pandoc):
# the opening "$" has no whitespace after it, the closing one none before it and no digit after it, so
# "$196=2^2\\cdot7^2$." is maths while "$5 + $3 = $8" is money; "\\$" is an escaped dollar, "$$" a display.
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?=[^\s$])([^$\n]*?[^\s$\\])\$(?![\d$])")


def _chunks(text: str) -> list[tuple[str, bool]]:
    """``text`` cut at its inline ``$..$`` maths: ``(piece, is_maths)`` in order, the dollars left out."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for m in _INLINE_MATH.finditer(text):
        if m.start() > pos:
            out.append((text[pos : m.start()], False))
        out.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


# A calculator annotation (GSM8K): "5*7 = <<5*7=35>>35". The reader sees the number after it, so the
# annotation is read as a chain that ends there, "5*7 = (5*7) = 35 = 35": a right annotation cannot vouch for
# a wrong visible result ("<<5*7=35>>32" is unequal), and a wrong annotation is unequal as before.
_ANNOTATION = re.compile(r"<<([^<>=\n]{1,200})=([^<>=\n]{1,50})>>")


def _marks(text: str) -> list[Mark]:
    """The tokens of ``text`` (the prose reading of :func:`verifiers.math.lex.tokenize`) with their roles.

    A calculator annotation ``<<e=r>>`` reads as `` (e) = r = ``, chained to the number written after it.
    Inline ``$..$`` maths is read apart from the prose around it, between an "open" mark and a "break": its
    first side starts at the dollar, so a word before it does not cut it ("factorize $196 = 2^2 \\cdot 7^2$",
    "or $0 = 0$"), as it would a bare number in prose ("2 and 3 = 5")."""
    marks: list[Mark] = []
    text = _ANNOTATION.sub(lambda m: f" ({m.group(1)}) = {m.group(2)} = ", text)
    for piece, is_maths in _chunks(text):
        if is_maths:
            marks.append(Mark("open", Tok("OPEN", "$")))
        marks.extend(_piece_marks(piece))
        if is_maths:
            marks.append(Mark("break", Tok("CLOSE", "$")))
    return marks


def _piece_marks(text: str) -> list[Mark]:
    toks = tokenize(text, PROSE)
    marks = []
    for k, tok in enumerate(toks):
        contextual = _CONTEXT_ROLES.get((tok.kind, tok.text))
        prev, nxt = toks[k - 1] if k else None, toks[k + 1] if k + 1 < len(toks) else None
        role = contextual(prev, tok, nxt) if contextual else _base_role(tok)
        if role != "skip":
            marks.append(Mark(role, tok))
    return marks


def _ends_operand(tok: Tok) -> bool:
    return tok.kind in ("NUM", "IDENT", "PERCENT") or (tok.kind == "OP" and tok.text in (")", "]", "}", "!"))


def _runs(marks: list[Mark]) -> list[tuple[list[Tok], Mark | None, Mark | None]]:
    """Maximal runs of maths (roles "math" and "eq"), each with the mark just before and just after it (None
    at the ends of the text). A number right after an operand (``3 4``, ``100 % 7``) also ends a run, with a
    glue mark (something we do not read joins them, so both sides are incomplete), or with a break after a
    list marker (``1) 3 + 4 = 7``)."""
    runs: list[tuple[list[Tok], Mark | None, Mark | None]] = []
    cur: list[Tok] = []
    before: Mark | None = None
    for mark in marks:
        if mark.role not in ("math", "eq"):
            runs.append((cur, before, mark))
            cur, before = [], mark
            continue
        if mark.tok.kind == "NUM" and cur and _ends_operand(cur[-1]):
            marker = len(cur) == 2 and cur[0].kind in ("NUM", "IDENT") and cur[1].text == ")"
            cut = Mark("break" if marker else "glue", Tok("CUT", ""))
            runs.append((cur, before, cut))
            cur, before = [], cut
        cur.append(mark.tok)
    runs.append((cur, before, None))
    return [r for r in runs if r[0]]


class Claim(NamedTuple):
    """One checked equality ``lhs = rhs`` (as read) and its verdict (see :func:`verdict`)."""

    lhs: str
    rhs: str
    verdict: str


# (does lhs - rhs have free symbols, does the equality hold: verifiers.math.identity.equality_holds) -> verdict
_VERDICTS = {
    (False, True): "equal", (False, False): "unequal", (False, None): "unchecked",
    (True, True): "equal", (True, False): "equation", (True, None): "unchecked",
}  # fmt: skip
_ARITH_ERRORS = (TypeError, ValueError, OverflowError, ZeroDivisionError, RecursionError, MemoryError)


def verdict(lhs: sympy.Basic, rhs: sympy.Basic, decimals: int | None = None, *, strict_algebra: bool = False) -> str:
    """``"equal"``, ``"unequal"``, ``"equation"`` (variables, not an identity: ``2x + 3 = 11``, judged only with
    ``strict_algebra``, which makes it ``"unequal"``) or ``"unchecked"``, from
    :func:`verifiers.math.identity.equality_holds` (decimals: the fewest digits after the point written in
    the claim, which allow half a unit of rounding in that place). Never raises."""
    try:
        symbolic = bool((lhs - rhs).free_symbols)
    except _ARITH_ERRORS:
        return "unchecked"
    result = _VERDICTS[symbolic, equality_holds(lhs, rhs, decimals)]
    return "unequal" if strict_algebra and result == "equation" else result


def _spelling(tok: Tok, nxt: Tok | None) -> str:
    """A side's token as LaTeX: commands (``\\frac``, ``\\sqrt``, ``\\pi``, ``\\alpha``) with their backslash,
    and a space after one when a letter or digit follows."""
    if tok.kind in ("FRAC", "SQRT", "CONST") or (tok.kind == "IDENT" and len(tok.text) > 1):
        return "\\" + tok.text + (" " if nxt is not None and nxt.text[:1].isalnum() else "")
    return tok.text


def _text(toks: list[Tok]) -> str:
    return "".join(_spelling(t, toks[k + 1] if k + 1 < len(toks) else None) for k, t in enumerate(toks))


def _decimals(toks: list[Tok]) -> int | None:
    """The fewest digits after the point among the decimal literals (not ``6.02e23``: exact), or None."""
    decimal = [t.text for t in toks if t.kind == "NUM" and "." in t.text and "e" not in t.text.lower()]
    places = [len(text.partition(".")[2]) for text in decimal]
    return min(places) if places else None


def _is_op(tok: Tok, ops: tuple[str, ...]) -> bool:
    return tok.kind == "OP" and tok.text in ops


def _strip_parens(side: list[Tok], *, left: bool) -> list[Tok]:
    """Drop an unmatched ``(`` at the start (left side) or ``)`` at the end (right side)."""
    side = list(side)
    opens = sum(1 for t in side if _is_op(t, ("(", "[", "{")))
    closes = sum(1 for t in side if _is_op(t, (")", "]", "}")))
    if left:
        while opens > closes and side and _is_op(side[0], ("(", "[", "{")):
            side.pop(0)
            opens -= 1
    else:
        while closes > opens and side and _is_op(side[-1], (")", "]", "}")):
            side.pop()
            closes -= 1
    return side


def _restates(a: list[Tok], b: list[Tok]) -> bool:
    """True when ``b`` is ``a`` again, up to brackets, the order of its parts, an added zero and the spelling of a
    number (``51 + 20 = (51 + 20)``, ``3 \\cdot 4 = 4 \\cdot 3``, ``5 = 5``, ``51 + 20 = 51 + 20 + 0``, ``51 =
    51.0``): the same numbers and letters on both sides, so the equality computes nothing, which a policy could
    repeat for step reward without ever answering."""

    def parts(side: list[Tok]) -> list[tuple[str, str]]:
        toks = [t for t in side if not _is_op(t, ("(", ")", "[", "]", "{", "}"))]
        kept: list[tuple[str, str]] = []
        skip = False
        for k, t in enumerate(toks):
            text = _number_text(t.text) if t.kind == "NUM" else t.text
            if skip:
                skip = False
                continue
            if t.kind == "NUM" and text == "0" and k and _is_op(toks[k - 1], ("+", "-")) and kept and kept[-1][0] == "OP":
                kept.pop()  # (an added zero, "+ 0", and its sign; not a 1: "3 \\times 1 = 3" prices 3 items at $1)
                continue
            if t.kind == "NUM" and text == "0" and k == 0 and len(toks) > 1 and _is_op(toks[1], ("+",)):
                skip = True  # ("0 + 5": a zero added first)
                continue
            kept.append((t.kind, text))
        return sorted(kept)

    def whole(side: list[Tok]) -> list[tuple[str, str]]:
        return sorted((t.kind, t.text) for t in side if not _is_op(t, ("(", ")", "[", "]", "{", "}")))

    kept_a, kept_b = parts(a), parts(b)
    if all(text == "0" for _, text in kept_a + kept_b):  # ("0 + 0 = 0": nothing but zeros, read as written)
        return whole(a) == whole(b)
    return kept_a == kept_b


def _number_text(text: str) -> str:
    """A numeral as its value's text: "51.0" -> "51", "0.50" -> "0.5", "1,000" -> "1000"."""
    text = text.replace(",", "")
    return text.rstrip("0").rstrip(".") if "." in text and "e" not in text.lower() else text


def _ambiguous_percent(side: list[Tok]) -> bool:
    """``10 - 20%``: 10 - 0.2 or 10 * 0.8? Not judged."""
    return any(t.kind == "PERCENT" for t in side) and any(_is_op(t, ("+", "-")) for t in side[1:])


def _claim(a: list[Tok], b: list[Tok], strict_algebra: bool) -> Claim | None:
    """The verdict on ``a = b`` (two sides as tokens), or None when a side does not parse
    (:func:`verifiers.math.parse.parse_tokens`: the package's grammar and limits)."""
    try:
        lhs, rhs = parse_tokens(a), parse_tokens(b)
    except ParseError:
        return None
    # a decimal written as the result sets the precision ("10/3 = 3.33"); one among the inputs does not ("1.0 \\times
    # 48/2 = 24.04", "0.1 \\times 0.1 = 0" are wrong), unless it is the left side alone ("3.33 = 10/3")
    places = _decimals(b)
    if places is None and len([t for t in a if t.kind != "OP"]) == 1:  # ("3.33 = 10/3": a rounded value, then exact)
        places = _decimals(a)
    result = verdict(lhs, rhs, places, strict_algebra=strict_algebra)
    if result == "equal" and _restates(a, b):
        result = "restated"
    return Claim(_text(a), _text(b), result)


def _word(mark: Mark | None) -> str | None:
    """The word of a "word" mark, lower case (None for any other mark)."""
    return mark.tok.text.strip().lower() if mark is not None and mark.role == "word" else None


def _sides(run: list[Tok], before: Mark | None, after: Mark | None, carry: list[Tok] | None) -> list[list[Tok]]:
    """The sides of a run of maths, with those the surrounding prose cuts short emptied (see the module docstring)."""
    sides: list[list[Tok]] = [[]]
    for tok in run:
        if (tok.kind, tok.text) == ("REL", "="):
            sides.append([])
        else:
            sides[-1].append(tok)
    starts_text = before is None or before.role == "nl"
    first = sides[0]
    if not first and len(sides) > 1 and carry and starts_text:
        sides[0] = list(carry)
    elif first and _is_op(first[0], ("+", "*", "/", "^")):
        sides[0] = []  # "3 apples + 4 apples = 7": the left side is cut by prose
    elif first and _word(before) is not None:
        bare = len(first) == 1 or (len(first) == 2 and first[0].text == "-")
        # "apples - 2 = 3" is a cut binary minus; "compute -1 + 2 = 1" is a negative number.
        cut_minus = first[0].text == "-" and (len(first) < 2 or not first[0].space or first[1].space)
        call = _is_op(first[0], ("(",)) and not first[0].space  # "sqrt(16) = 4": the word is a function
        if bare or _word(before) in _CONNECTIVES or cut_minus or call:
            sides[0] = []
    if before is not None and before.role == "glue":
        sides[0] = []
    if len(sides) > 1 and after is not None and (after.role in ("glue", "bang") or _word(after) in _CONNECTIVES):
        sides[-1] = []  # "= 5 times 3", "= 12!" (a sentence's "!", or a factorial cut short)
    if len(sides) > 1:
        sides[0] = _strip_parens(sides[0], left=True)
        sides[-1] = _strip_parens(sides[-1], left=False)
    return sides


_OPENERS = ("\\[", "\\(", "$$", "$")
_CLOSERS = ("\\]", "\\)", "$$", "$")


def _is_delimiter(mark: Mark, texts: tuple[str, ...]) -> bool:
    """A display or inline maths delimiter: the lexer's ``BREAK`` token, or the marks around inline dollars."""
    return mark.tok.kind in ("BREAK", "OPEN", "CLOSE") and mark.tok.text in texts


def find_claims(
    text: str, carry: list[Tok] | None = None, *, strict_algebra: bool = False, limit: int = MAX_CLAIMS
) -> tuple[list[Claim], list[Tok] | None]:
    """The equalities claimed in ``text`` and their verdicts (at most ``limit`` of them).

    carry: the last expression of the previous step, used when ``text`` starts with ``=``.
    Returns the claims and the carry for the next step (the last side of a run that ends the text).
    """
    claims: list[Claim] = []
    marks = _marks(text)
    # A row ending in "\\\\", or in a display's closing "\\]", hands its last side on like a line end; a step
    # opening with "\\[" then "=" continues the chain like a bare "=" line ("\\[ = \\frac{18600}{3} \\]").
    while marks and (marks[-1].role == "nl" or _is_delimiter(marks[-1], _CLOSERS)):
        marks.pop()
    while marks and _is_delimiter(marks[0], _OPENERS):
        marks.pop(0)
    next_carry: list[Tok] | None = None
    for run, before, after in _runs(marks):
        sides = _sides(run, before, after, carry)
        last_wrong = False
        for k, (a, b) in enumerate(zip(sides, sides[1:])):
            if not a or not b or len(claims) >= limit or _ambiguous_percent(a) or _ambiguous_percent(b):
                continue
            claim = _claim(a, b, strict_algebra)
            if claim is not None:
                claims.append(claim)
                last_wrong = k == len(sides) - 2 and claim.verdict == "unequal"
        # A run that ends a line hands its last expression to a following "= ..." line; when that expression
        # was just shown unequal to the one before it, the one before goes on instead, so a slip in one row
        # of an aligned chain is not charged again to the correct row after it.
        ends_line = after is None or after.role == "nl"
        handed = sides[-2] if last_wrong and len(sides) > 1 and sides[-2] else sides[-1]
        last = handed if ends_line and handed else None
        carry = last if after is not None else None
        next_carry = last if after is None else None
    return claims, next_carry


# ---------------------------------------------------------------------------------------------
# The verifier
# ---------------------------------------------------------------------------------------------

_ANSWER_MARK = re.compile(
    r"\\boxed|\\fbox|####|answer\s*(?:is\b|:)|<answer>|^[#*_ \t]*(?:final\s+)?answer\b|" + FOREIGN_ANSWER_MARKERS,
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


_REPEATS_PAID = 4  # times one true claim earns step reward (a real solution may write "3! = 6" for each of 4 groups)


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
    left = MAX_CLAIMS
    seen: dict[tuple[str, str], int] = {}
    for step in steps:
        claims, carry = find_claims(step.text, carry, strict_algebra=strict_algebra, limit=left)
        left -= len(claims)
        # a true claim written more than _REPEATS_PAID times ("48 / 2 = 24" fifty times) computes nothing new past
        # them: restated, no reward
        for k, c in enumerate(claims):
            if c.verdict == "equal":
                seen[(c.lhs, c.rhs)] = seen.get((c.lhs, c.rhs), 0) + 1
                if seen[(c.lhs, c.rhs)] > _REPEATS_PAID:
                    claims[k] = c._replace(verdict="restated")
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
    from verigrpo.verifiers.math.verifier import math_answer  # lazy: math_answer is heavier and imports later

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
