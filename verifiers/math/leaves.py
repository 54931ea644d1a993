"""Comparison, part 3: answers that are leaves of the tree, compared without the rest of :mod:`verifiers.math.compare`:
text and verdict words, option letters in either case, a numeral in a named base against its digits, a
trigonometric function's whole-number argument read in degrees, a decimal whose last digits repeat a block before an
ellipsis; and the pairing of two lists' items.
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.guards import _repeating
from verigrpo.verifiers.math.nodes import Expr, Node, Text
from verigrpo.verifiers.math.parse import VERDICT_WORDS


def _perfect_matching(same: list[list[bool]]) -> bool:
    """Whether every row can be paired with its own column where ``same`` is True (augmenting paths)."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for j, ok in enumerate(same[i]):
            if ok and j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(same)))


def _trig_in_degrees(e: Expr) -> Expr | None:
    r"""``e`` with the whole-number arguments of its trigonometric functions that are multiples of 15 read as degrees
    (``\sin(30)`` as sin 30°, the way a chain "= 0.5" means it); None when it has none."""
    if e.unit is not None or e.marker is not None:
        return None

    def degree_angle(t: sympy.Basic) -> bool:
        arg = t.args[0] if isinstance(t, sympy.functions.elementary.trigonometric.TrigonometricFunction) else None
        return arg is not None and arg.is_Integer and arg != 0 and arg % 15 == 0 and abs(arg) <= 720

    if not e.value.has(sympy.functions.elementary.trigonometric.TrigonometricFunction):
        return None
    value = e.value.replace(degree_angle, lambda t: t.func(t.args[0] * sympy.pi / 180))
    return Expr(value) if value != e.value else None


def _option_letters_equal(a: Node, b: Node) -> bool:
    """Two answers that are each one option letter (a to e, A to E, no unit) and the same letter in another case."""

    def letter(n: Node) -> str | None:
        if isinstance(n, Expr) and isinstance(n.value, sympy.Symbol) and n.unit is None and n.marker is None:
            return n.value.name if re.fullmatch(r"[a-eA-E]", n.value.name) else None
        return None

    la, lb = letter(a), letter(b)
    return la is not None and lb is not None and la != lb and la.lower() == lb.lower()


def _text_equal(a: Node, b: Node) -> bool:
    def as_text(n: Node) -> str | None:
        if isinstance(n, Text):
            return VERDICT_WORDS.get(n.text, VERDICT_WORDS.get(n.text.lower(), n.text))  # ("Ja", "Benar")
        if isinstance(n, Expr) and isinstance(n.value, sympy.Symbol) and n.unit is None and n.marker is None:
            return VERDICT_WORDS.get(n.value.name) if n.value.name in ("Y", "N") else n.value.name.lower()
        return None

    ta, tb = as_text(a), as_text(b)
    if ta is not None and ta == tb:
        return True
    return _base_digits_equal(a, b)  # a is the prediction's side


_LETTER_RUN_RE = re.compile(r"[A-Za-z]{3,12}|(?:[A-Za-z][ \t]){2,11}[A-Za-z]")  # "red", "e d r"
_WRAPPER_RE = re.compile(r"\\(?:text|mathrm|textbf|mathbf|boxed)\s*\{([^{}]*)\}|\$")


def letters_reordered(answer: str, key: str) -> bool:
    """``answer`` writes the letters of the key's run of letters in another order ("god" for "dog", "\\text{e d r}"
    for "red"): a run of three letters or more is read in its order, as a word is, not as a product of symbols
    that any order equals."""
    a, k = (_WRAPPER_RE.sub(r"\1", x).strip().rstrip(".") for x in (answer, key))
    if not (_LETTER_RUN_RE.fullmatch(a) and re.fullmatch(r"[A-Za-z]{3,12}", k) and re.search(r"[a-z]", k)):
        return False  # (a run of capitals is a set of options, "ABD" as "ADB"; "B n A" an intersection)
    a, k = (re.sub(r"[ \t]", "", x).lower() for x in (a, k))
    return a != k and sorted(a) == sorted(k)


BASE_TEXT_RE = re.compile(r"(-?\d+) \(base (\d+)\)")  # a numeral in base b as parse reads it


def _base_digits_equal(a: Node, b: Node) -> bool:
    """A predicted numeral in base k (``1111010010_2``, ``0x5b993``) against a reference of the same
    digits written without the base (``1111010010``, ``5b993``: the question named the base): one
    numeral, stated more fully. Not the other way: a reference that states its base wants it
    stated (``1011`` does not answer ``1011_2``); and the same *value* in base 10 is a different
    answer (``1011_2`` is not 11)."""
    m = BASE_TEXT_RE.fullmatch(a.text) if isinstance(a, Text) else None
    if m is None:
        return False
    value, base = int(m.group(1)), int(m.group(2))
    if isinstance(b, Expr) and b.value.is_Integer and not (b.inexact or b.unit or b.marker):
        digits = str(int(b.value))
    elif isinstance(b, Text) and re.fullmatch(r"-?[0-9a-z]{1,64}", b.text):
        digits = b.text
    else:
        return False
    try:
        return len(digits) <= 65 and int(digits, base) == value
    except ValueError:  # a digit that base does not have
        return False


# a decimal whose digits end with a block of two to six written twice, before an ellipsis: "0.0909...", "-0.1212\ldots"
_DOUBLED_BLOCK_RE = re.compile(r"\s*(-?)(\d{1,12})\.(\d{0,12}?)(\d{2,6})\4\s*(?:\.{3}|…|\\[lc]?dots)\s*")


def repeating_reading(answer: str) -> Expr | None:
    """A decimal written with a repeating block twice and an ellipsis ("0.0909...") as the repeating decimal it also
    reads as (1/11); the parser reads it as a rounded 0.0909, which a reference 0.0909 matches. None for anything
    else, or a block of one digit repeated (the parser reads "0.333..." as 1/3 already)."""
    m = _DOUBLED_BLOCK_RE.fullmatch(answer.replace("$", ""))
    if m is None or len(set(m.group(4))) == 1:
        return None
    value = _repeating(m.group(2), m.group(3), m.group(4))
    return Expr(-value if m.group(1) else value)
