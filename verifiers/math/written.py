"""Comparison, part 6: answers compared as they are written, where the parsed values do not tell: a product of
primes a reference asks for (:func:`written_prime_factors`), a word the parser reads as letters
(:func:`same_word`, :func:`named_word`), a run of option letters (:func:`same_options`), the same text up to
spacing (:func:`same_text`).
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.compare import nodes_equal
from verigrpo.verifiers.math.forms import TEXT_WRAP_RE, qualified
from verigrpo.verifiers.math.nodes import MAX_ANSWER_CHARS, Bracket, Node, Text
from verigrpo.verifiers.math.normalize import normalize, strip_math_delimiters
from verigrpo.verifiers.math.sentences import _NEGATED_RE
from verigrpo.verifiers.math.units import CHANGING_WORDS, NUMBER_WORDS, SCALE_WORDS

_FACTOR_RE = re.compile(r"(\d{1,12})(?:\^\{?(\d{1,3})\}?)?")
_TIMES_SPLIT_RE = re.compile(r"\s*(?:\\times|\\cdot|\*|x)\s*")


def written_prime_factors(s: str, *, single: bool = False) -> tuple[int, ...] | None:
    """``2 × 2 × 5 × 7^2`` -> (2, 2, 5, 7, 7): an answer written as a product of primes (or their
    powers); None otherwise. A reference written so asks for the factorisation: ``980`` has the
    value but is not it, nor is ``4 × 245``. ``single``: one prime (power) also counts (``7``).
    """
    s = _plain(s, 300)
    if s is None:
        return None
    parts = _TIMES_SPLIT_RE.split(s.strip())
    if len(parts) < (1 if single else 2) or len(parts) > 60:
        return None
    out: list[int] = []
    for part in parts:
        m = _FACTOR_RE.fullmatch(part)
        if m is None:
            return None
        base, power = int(m.group(1)), int(m.group(2) or 1)
        if power < 1 or len(out) + power > 200 or not sympy.isprime(base):
            return None
        out.extend([base] * power)
    return tuple(sorted(out))


def _plain(s: str, most: int, unwrap: bool = False) -> str | None:
    """``s`` normalised, without math delimiters (and, with ``unwrap``, without a ``\\text{..}`` that
    holds all of it); None when longer than ``most`` characters or when normalising fails."""
    if len(s) > most:
        return None
    try:
        s = normalize(strip_math_delimiters(s))
    except Exception:  # noqa: BLE001
        return None
    m = TEXT_WRAP_RE.fullmatch(s) if unwrap else None
    return m.group(1) if m else s


def _text_key(s: str) -> str | None:
    """A short answer as lower-case words ("DNE", ``\\text{DNE}`` -> "dne"), to match a text reference
    the parser read as a word where the answer's spelling reads as a product of letters."""
    s = _plain(s, 200, unwrap=True)
    if s is None:
        return None
    s = " ".join(s.split()).lower()
    return s if re.fullmatch(r"[a-z]+(?: [a-z]+)*", s) else None


# a word answer after an article, or after an amount of it: "the feathers", "9 kilograms of feathers", "a pound of lead"
_NAMED_WORD_RE = re.compile(
    r"(?:(?:the|a|an)\s+)?(?:(?:(?!0(?![\d.,]{0,12}[1-9]))\d[\d,.]{0,12}|a|one)\s*[A-Za-z]{1,12}\s+of\s+(?:the\s+)?)?"  # (none: "0 kg of")
    r"([A-Za-z]{2,30}(?:\s[A-Za-z]{2,30})?)",
    re.I,
)


def named_word(answer: str, gold: Node) -> bool:
    """A word reference named with an article or as an amount of it: "the feathers", "9 kilograms of feathers" against
    "feathers" (not "not feathers", "9 kilograms of bricks")."""
    named = _NAMED_WORD_RE.fullmatch(answer.strip().rstrip(".")) if isinstance(gold, Text) and len(answer) < 80 else None
    return named is not None and _text_key(named.group(1)) == gold.text  # type: ignore[union-attr]


def same_word(pred: Node, answer: str, gold: Node, gold_text: str) -> bool:
    """One side is a word (``\\text{DNE}``) and the other spells the same word bare ("DNE", which
    the parser reads as a product of letters)."""
    if isinstance(gold, Text) and not isinstance(pred, Text):
        return _text_key(answer) == gold.text
    if isinstance(pred, Text) and not isinstance(gold, Text):
        return _text_key(gold_text) == pred.text
    return False


# a key of several options written together, each letter once and in order: JEE Advanced's "ABD", "BC"
_OPTION_RUN_RE = re.compile(r"(?=[A-E]{2})A?B?C?D?E?")


def same_options(pred: Node, gold_text: str) -> bool:
    """A reference that runs option letters together ("ABD", which the parser reads as the product A*B*D) also
    names the set of those options: "A, B, D", "(A), (B) and (D)", ``\\{A, B, D\\}`` answer it in any order; a
    subset or a superset does not."""
    key = _plain(gold_text, 20, unwrap=True)
    if key is None or not _OPTION_RUN_RE.fullmatch(key.strip()):
        return False
    options = Bracket("{", "}", tuple(Text(c.lower()) for c in key.strip()))
    return nodes_equal(pred, options)


_VERDICTS_RE = re.compile(r"(?:yes|no|true|false)(?:[ \t]*[,;/][ \t]*(?:yes|no|true|false)){1,20}", re.I)


def same_verdicts(answer: str, reference: str) -> bool | None:
    """Two lists of verdicts ("No, Yes, No" against "no, yes, no") compared in order, whatever their case; None where
    either is no such list."""
    a, b = (_plain(x, 400, unwrap=True) for x in (answer, reference))
    if a is None or b is None or not (_VERDICTS_RE.fullmatch(a.strip()) and _VERDICTS_RE.fullmatch(b.strip())):
        return None
    return re.findall(r"[a-z]+", a.lower()) == re.findall(r"[a-z]+", b.lower())


def same_text(a: str, b: str) -> bool:
    """Two answers that are the same text up to spacing (kept line by line) and math delimiters."""

    def key(s: str) -> str:
        s = _plain(s, MAX_ANSWER_CHARS * 4, unwrap=True) or ""  # "\text{June 20}" is the text "June 20"
        lines = (re.sub(r"\s*,\s*", ",", " ".join(line.split())) for line in s.splitlines())
        return "\n".join(line for line in lines if line)

    ka = key(a)
    return bool(ka) and ka == key(b)


# a Roman numeral in its canonical form, of two letters or more with one of I, V, X (statement labels "IV", "XII";
# not a segment's name "CD")
_ROMAN_RE = re.compile(r"\A(?=[IVXLCDM]{2,}\Z)(?=.*[IVX])M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})\Z")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_ROMAN_WRAP_RE = re.compile(r"\\(?:text|mathrm|textrm|mathbf|textbf)\s*\{([^{}]*)\}|[$()\s.]")


def _roman(s: str) -> int | None:
    """The value of ``s`` written as a Roman numeral (in \\text{...} or brackets too), None for anything else."""
    s = _ROMAN_WRAP_RE.sub(lambda m: m.group(1) or "", s)
    if _ROMAN_RE.match(s) is None:
        return None
    values = [_ROMAN_VALUES[c] for c in s]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def same_roman(answer: str, reference: str) -> bool | None:
    """Where the reference is a Roman numeral ("IV", "XL", a statement's label or a number written so): whether the
    answer is the same numeral; None where the reference is none. (Its letters are no product of symbols: "LX" is
    not "XL", "VI" not "IV".)"""
    want = _roman(reference) if len(reference) <= 40 else None
    if want is None:
        return None
    return _roman(answer) == want if len(answer) <= 40 else False


# a count in words and the noun it counts, alone: "Five apples.", "\text{seventy-two clips}"
_WORDED_COUNT_RE = re.compile(
    r"[ \t*]*(?:\\text[ \t]*\{[ \t]*)?([A-Za-z]+(?:-[A-Za-z]+)?)[ \t]+([A-Za-z]{3,20}(?:[ \t]+[A-Za-z]{3,20})?)"
    r"[ \t]*\}?[ \t*.]*"
)


def worded_count(answer: str) -> str | None:
    """A count written in words before the noun it counts ("Five apples." -> "5 apples"); None for anything else (a
    second number word, "five hundred", "two thirds", a qualifier, "five or six")."""
    m = _WORDED_COUNT_RE.fullmatch(answer) if len(answer) <= 60 else None
    if m is None or m.group(1).lower() not in NUMBER_WORDS:
        return None
    nouns = m.group(2).lower().split()
    if any(w in NUMBER_WORDS or w in SCALE_WORDS or re.fullmatch(CHANGING_WORDS, w) for w in nouns) or qualified(answer):
        return None
    return f"{NUMBER_WORDS[m.group(1).lower()]} {m.group(2)}"


# a closing sentence that states a word: "March 11 is a Wednesday.", "It falls on a Friday.", "The colour was red."
_CLOSING_WORD_RE = re.compile(
    r"(?:(?:^|[.!?\n]\s*)[^.!?\n]{0,80}?(?:\b(?:is|was|are|were|will\s+be|would\s+be|falls?\s+on|fell\s+on|gives?|makes?)"
    r"|=)[ \t]+(?:(?:an?|the|on(?:\s+an?)?)[ \t]+)?|^[ \t]*)([A-Za-z][A-Za-z-]{1,30})[ \t]*[.!]?\s*\Z",
    re.M,
)  # (a word alone only on a line of its own: not "... is Wednesday. Thanks!")
# markdown around words: emphasis, a heading's marks
_MARKDOWN_RE = re.compile(r"[*_]{1,3}|^[ \t]*#{1,6}[ \t]*", re.M)


def closing_word(completion: str) -> str | None:
    """The word a completion's closing sentence states with "is", "was", "falls on", "gives" or "=" ("March 11 is a
    Wednesday." -> "Wednesday", "It will be **Wednesday**.", "Monday + 2 days = Wednesday."), or that ends it alone
    on its line ("### Wednesday"), for a key that is a word; None where the sentence negates it or ends otherwise."""
    m = _CLOSING_WORD_RE.search(_MARKDOWN_RE.sub("", completion[-300:]))
    if m is None or _NEGATED_RE.search(m.group()) or re.search(r"\bor\b", m.group(), re.I):
        return None
    return m.group(1)
