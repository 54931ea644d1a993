"""Propositional formulas and the algebra of named sets, compared by truth table.

"p \\land q" is not "p \\lor q", though the answer grammar reads both connectives as a list's separators; "~p" is
not "p", though LaTeX reads "~" as a space; and "\\neg p \\lor q" is "p \\Rightarrow q", "B \\cup A" is "A \\cup B",
"\\overline{A \\cap B}" is "A^c \\cup B^c". A formula over single-letter atoms (``p``, ``q_1``, ``A``) with
connectives is read into a small tree and two formulas are equal when they agree on every assignment of their atoms
(the algebra of sets over named sets is the same algebra: x in A \\cup B when x in A or x in B).

Only formulas made of atoms, connectives and brackets are read; anything else (a number, a relation, a function)
leaves the comparison to the parser (:func:`same_logic` answers None), so "-2 < x \\wedge x < 1" is still a
condition on x. A side with no connective at all is read only against a side that has one ("~p" against "p").
Logic and set formulas are not compared with each other.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from verigrpo.verifiers.math.normalize import strip_math_delimiters

MAX_ATOMS = 10  # a truth table of at most 2**10 rows
MAX_CHARS = 300

# a token: LaTeX commands, symbols, words of logic, atoms (a letter with an optional subscript), brackets
_TOKEN_RE = re.compile(
    r"\s+|\\[A-Za-z]+|\\[&{}]|\\[,;:! ]|<->|<=>|->|=>|[()\[\]{}^'_~¬∧∨→⇒↔⇔⊕∪∩∖∁⊻]"
    r"|\b(?:and|or|not|xor|implies|iff)\b|[A-Za-z]|\d+"
)
# words that wrap a connective in LaTeX: \text{ and }, \mathrm{or}, \operatorname{not}
_TEXT_WORD_RE = re.compile(r"\\(?:text|textrm|mathrm|operatorname|textnormal)\s*\{\s*(and|or|not|xor|iff|implies)\s*\}")
# size and font commands that change nothing: \left( \right), \big(, \mathbf{..} kept as its argument
_NOISE_RE = re.compile(r"\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big|bigg|Bigg|displaystyle|mathbf|mathit|mathrm)(?![A-Za-z])")

_NOT = {"\\neg", "\\lnot", "¬", "~", "not", "\\sim"}
_SET_COMPLEMENT_PREFIX = {"\\complement", "∁"}
# binary connectives, by precedence (tightest first); the set algebra's operators are marked "set"
_BINARY: dict[str, tuple[str, str]] = {
    "\\land": ("and", "logic"), "\\wedge": ("and", "logic"), "∧": ("and", "logic"),
    "\\&": ("and", "logic"), "and": ("and", "word"),
    "\\cap": ("and", "set"), "∩": ("and", "set"),
    "\\setminus": ("minus", "set"), "∖": ("minus", "set"), "\\backslash": ("minus", "set"),
    "\\lor": ("or", "logic"), "\\vee": ("or", "logic"), "∨": ("or", "logic"), "or": ("or", "word"), "\\cup": ("or", "set"), "∪": ("or", "set"),
    "\\oplus": ("xor", "logic"), "⊕": ("xor", "logic"), "\\veebar": ("xor", "logic"), "⊻": ("xor", "logic"),
    "xor": ("xor", "word"), "\\triangle": ("xor", "set"), "\\bigtriangleup": ("xor", "set"), "\\ominus": ("xor", "set"),
    "\\Rightarrow": ("implies", "logic"), "\\rightarrow": ("implies", "logic"), "\\to": ("implies", "logic"),
    "\\implies": ("implies", "logic"), "→": ("implies", "logic"), "⇒": ("implies", "logic"), "->": ("implies", "logic"),
    "=>": ("implies", "logic"), "implies": ("implies", "word"),
    "\\Leftrightarrow": ("iff", "logic"), "\\leftrightarrow": ("iff", "logic"), "\\iff": ("iff", "logic"),
    "↔": ("iff", "logic"), "⇔": ("iff", "logic"), "<->": ("iff", "logic"), "<=>": ("iff", "logic"),
    "iff": ("iff", "word"),
}  # fmt: skip
_LEVELS: tuple[frozenset[str], ...] = (
    frozenset({"and", "minus"}),
    frozenset({"or", "xor"}),
    frozenset({"implies"}),
    frozenset({"iff"}),
)
_OPS: dict[str, Callable[[bool, bool], bool]] = {
    "and": lambda a, b: a and b,
    "minus": lambda a, b: a and not b,
    "or": lambda a, b: a or b,
    "xor": lambda a, b: a != b,
    "implies": lambda a, b: (not a) or b,
    "iff": lambda a, b: a == b,
}
_OPEN = {"(": ")", "[": "]", "{": "}"}  # (not \\{ .. \\}: a set of its members)

# a formula: an atom's name, ("not", f), or (op, f, g)
Formula = str | tuple


class _Reader:
    """A recursive-descent reader of one formula; ``kinds`` collects the kinds of connectives it met."""

    def __init__(self, toks: list[str]) -> None:
        self.toks, self.i, self.kinds, self.ops = toks, 0, set[str](), 0

    def peek(self) -> str | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def formula(self, level: int = len(_LEVELS) - 1) -> Formula:
        if level < 0:
            return self.unary()
        left = self.formula(level - 1)
        while (t := self.peek()) is not None and t in _BINARY and _BINARY[t][0] in _LEVELS[level]:
            self.i += 1
            op, kind = _BINARY[t]
            self.kinds.add(kind)
            self.ops += 1
            # implication is right-associative: p -> q -> r is p -> (q -> r)
            right = self.formula(level) if op == "implies" else self.formula(level - 1)
            left = (op, left, right)
        return left

    def unary(self) -> Formula:
        t = self.peek()
        if t is None:
            raise ValueError("formula ends early")
        if t in _NOT or t in _SET_COMPLEMENT_PREFIX:
            self.i += 1
            self.kinds.add("set" if t in _SET_COMPLEMENT_PREFIX else "word" if t == "not" else "logic")
            self.ops += 1
            return self.postfix(("not", self.unary()))
        if t in ("\\overline", "\\bar"):  # \overline{A \cup B}: the complement of what it covers
            self.i += 1
            if self.peek() != "{":
                raise ValueError("\\overline without braces")
            inner = self.group("{", "}")
            self.kinds.add("set")
            self.ops += 1
            return self.postfix(("not", inner))
        if t in _OPEN:
            return self.postfix(self.group(t, _OPEN[t]))
        if re.fullmatch(r"[A-Za-z]", t):
            self.i += 1
            name = t
            if self.peek() == "_":  # p_1, q_{2}
                self.i += 1
                sub = self.peek()
                if sub == "{":
                    self.i += 1
                    sub = self.peek()
                    if sub is None or not re.fullmatch(r"\d+|[A-Za-z]", sub) or self.i + 1 >= len(self.toks) or self.toks[self.i + 1] != "}":
                        raise ValueError("subscript")
                    self.i += 2
                elif sub is not None and re.fullmatch(r"\d+|[A-Za-z]", sub):
                    self.i += 1
                else:
                    raise ValueError("subscript")
                name += "_" + sub
            return self.postfix(name)
        raise ValueError(f"not a formula token: {t!r}")

    def group(self, opening: str, closing: str) -> Formula:
        self.i += 1  # the opening bracket
        inner = self.formula()
        if self.peek() != closing:
            raise ValueError("unclosed bracket")
        self.i += 1
        return inner

    def postfix(self, f: Formula) -> Formula:
        """A set's complement written after it: A^c, A^{C}, A' (upper-case sets only: f' is a derivative)."""
        while (t := self.peek()) in ("^", "'"):
            if not _upper_sets(f):
                raise ValueError("a mark after a lower-case atom")
            if t == "'":
                self.i += 1
            else:
                rest = self.toks[self.i + 1 : self.i + 4]
                if rest[:1] in (["c"], ["C"]):
                    self.i += 2
                elif rest in (["{", "c", "}"], ["{", "C", "}"]):
                    self.i += 4
                else:
                    raise ValueError("a power")
            self.kinds.add("set")
            self.ops += 1
            f = ("not", f)
        return f


def _upper_sets(f: Formula) -> bool:
    """Every atom of ``f`` is an upper-case letter (a named set)."""
    return all(a[0].isupper() for a in _atoms(f))


def _atoms(f: Formula) -> set[str]:
    if isinstance(f, str):
        return {f}
    return set().union(*(_atoms(g) for g in f[1:]))


def _value(f: Formula, env: dict[str, bool]) -> bool:
    if isinstance(f, str):
        return env[f]
    if f[0] == "not":
        return not _value(f[1], env)
    return _OPS[f[0]](_value(f[1], env), _value(f[2], env))


def _tokens(s: str) -> list[str] | None:
    s = _NOISE_RE.sub(" ", _TEXT_WORD_RE.sub(lambda m: f" {m.group(1)} ", s))
    out: list[str] = []
    i = 0
    while i < len(s):
        m = _TOKEN_RE.match(s, i)
        if m is None:
            return None
        tok = m.group(0)
        i = m.end()
        if tok.isspace() or tok in ("\\,", "\\;", "\\:", "\\!", "\\ ", "\\quad", "\\qquad"):
            continue
        if tok == "~" and out and (out[-1] == "}" or re.fullmatch(r"[A-Za-z\d]|\\[A-Za-z]+", out[-1])):
            continue  # "\text{so}~p": LaTeX's tie, a space
        out.append(tok)
    return out


def read_formula(s: str) -> tuple[Formula, set[str], int] | None:
    """``s`` as a formula: (the tree, the kinds of its connectives, how many connectives); None when it is not one."""
    if len(s) > MAX_CHARS:
        return None
    try:
        s = strip_math_delimiters(s).strip().rstrip(".").strip()
    except Exception:  # noqa: BLE001
        return None
    toks = _tokens(s)
    if not toks or any(t.isdigit() and (i == 0 or toks[i - 1] not in ("_", "{")) for i, t in enumerate(toks)):
        return None  # a number outside a subscript: arithmetic, not logic
    reader = _Reader(toks)
    try:
        f = reader.formula()
    except (ValueError, RecursionError):
        return None
    if reader.i != len(toks):
        return None
    return f, reader.kinds, reader.ops


def same_logic(answer: str, reference: str) -> bool | None:
    """Whether two formulas agree on every assignment of their atoms; None when the comparison is not theirs.

    Both sides must read as formulas, at least one with a connective, none mixing logic and set operators across the
    two sides, with at most :data:`MAX_ATOMS` atoms together. A side whose only connectives are words ("p and q")
    is read as logic only against a side that writes a symbol (or a word too: "p or q" against "p and q").
    """
    a, b = read_formula(answer), read_formula(reference)
    if a is None or b is None or (a[2] == 0 and b[2] == 0):
        return None
    kinds = (a[1] | b[1]) - {"word"}
    if {"logic", "set"} <= kinds:
        return None  # p ∨ q against P ∪ Q: another kind of answer
    if "set" in kinds and not (_upper_sets(a[0]) and _upper_sets(b[0])):
        return None
    if (a[1] == {"word"} or b[1] == {"word"}) and not kinds and not (a[1] == b[1] == {"word"}):
        return None
    atoms = sorted(_atoms(a[0]) | _atoms(b[0]))
    if len(atoms) > MAX_ATOMS:
        return None
    for values in itertools.product((False, True), repeat=len(atoms)):
        env = dict(zip(atoms, values, strict=True))
        if _value(a[0], env) != _value(b[0], env):
            return False
    return True
