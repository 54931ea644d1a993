"""The rounding a question asks for: "Round your answer to two decimal places.", "to the nearest hundredth", "to 3
significant figures".

Answers are compared exactly (a decimal near the key is another number: see the table in :mod:`verifiers.math`).
Where the question itself asks for a rounding, the key rounded that way is the answer it asks for: against the key
3.14159, "3.14" answers "What is the area of a unit circle? Round your answer to two decimal places."
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import sympy
from verigrpo.verifiers.math.compare import decimal_places
from verigrpo.verifiers.math.nodes import Expr, Node
from verigrpo.verifiers.math.question import question_text

# the places a named rounding keeps ("to the nearest hundredth": 2; "to the nearest cent": 2; "to the nearest
# hundred": -2)
_NAMED_PLACES = {
    "whole": 0, "integer": 0, "tenth": 1, "hundredth": 2, "thousandth": 3, "ten-thousandth": 4, "cent": 2,
    "ten": -1, "hundred": -2, "thousand": -3, "unit": 0, "one": 0,
}
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# a request to round: a verb of rounding or of giving an answer, then the precision ("Round your answer to two
# decimal places", "correct to 3 d.p.", "Find x to the nearest tenth", "rounded to the nearest cent", "correct to 3
# significant figures", "What is this to the nearest hundred?"); a whole number asked without "round" is no rounding
# where it measures a distance ("the distance from x to the nearest integer": :data:`_DISTANCE_RE`)
_ASKED_RE = re.compile(
    r"(?:\b(?:(round)(?:ed|ing)?|correct|accurate|give|express|write|answer|find|compute|calculate|estimate|evaluate"
    r"|determine|approximate|what)\b[^.?!\n]{0,60}?|(?<![\w ])[ \t]*|,[ \t]*)\bto\s+"
    r"(?:the\s+nearest\s+"
    r"(whole|integer|ten-thousandth|thousandth|hundredth|tenth|cent|thousand|hundred|ten|unit|one)(?![a-z])"
    r"|(\d|one|two|three|four|five|six)\s+(?:decimal\s+(?:places?|digits?)|d\.\s?p\.|dp\b)"
    r"|(\d|one|two|three|four|five|six)\s+(?:significant\s+(?:figures?|digits?)|sig\.?\s*figs?\b|s\.\s?f\.))",
    re.I,
)


# a rounding the question states rather than asks for: "A number rounded to the nearest ten is 40.", "... which the
# teacher rounded to the nearest whole number" where the question then asks for the exact value
_STATED_ROUNDING_RE = re.compile(r"[^.?!\n]{0,40}?\b(?:is|was|are|were|equals?|gives?)\b[^.?!\n]{0,20}?\d")
_EXACT_RE = re.compile(r"\bexact(?:ly)?\b", re.I)
# a rounding right after a given number describes it: "A parcel weighs 5.3 kg, correct to 1 decimal place."
_DESCRIBES_RE = re.compile(r"\d(?:[\d,]|\.\d)*[ \t]*(?:[A-Za-z%°]{1,6}[ \t]*)?,?[ \t]*\Z")
# a question about the bounds of a rounded value: the rounding is given, the bound is exact
_BOUNDS_RE = re.compile(r"\b(?:lower|upper|least|greatest)[ \t]+bounds?\b|\bbounds\b", re.I)
# a distance to the nearest whole number, not a rounding: "the distance from 3.7 to the nearest integer"
_DISTANCE_RE = re.compile(r"\b(?:from|distance|closest)\b", re.I)
# a negation in the request's own sentence, right before it: "(Don't round your answer to two decimal places.)"
_NOT_ASKED_RE = re.compile(r"\b(?:don['’]?t|do\s+not|never|without|no\s+need\s+to|not)\b[^.?!\n]{0,30}\Z", re.I)


def asked_precision(question: str) -> tuple[str, int] | None:
    """The rounding the question asks its answer in: ("places", n) for n decimal places (negative for "to the nearest
    hundred"), ("figures", n) for n significant figures; None where it asks none (or two different ones)."""
    found = set()
    tail = question[-3_000:]  # bounded, as the question's request comes at its end
    if _BOUNDS_RE.search(tail):
        return None  # "... correct to 1 decimal place. What is its lower bound?"
    for m in _ASKED_RE.finditer(tail):
        rounds, named, count, figures = m.groups()
        if named and _NAMED_PLACES[named.lower()] == 0 and not rounds and _DISTANCE_RE.search(m.group()):
            continue
        if _STATED_ROUNDING_RE.match(tail, m.end()) or _EXACT_RE.search(tail, m.end()) or _DESCRIBES_RE.search(
            tail, max(0, m.start() - 30), m.start()
        ):
            continue  # "A number rounded to the nearest ten is 40. What is the smallest ...?"
        if _NOT_ASKED_RE.search(tail[max(0, m.start() - 40) : m.start()]):
            return None  # "Don't round your answer to two decimal places."
        if figures:
            found.add(("figures", int(_COUNT_WORDS.get(figures.lower(), figures))))
        else:
            found.add(("places", _NAMED_PLACES[named.lower()] if named else int(_COUNT_WORDS.get(count.lower(), count))))
    return found.pop() if len(found) == 1 else None


def rounded_as_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """``pred`` is the key ``gold`` rounded as the row's question asks (:func:`asked_precision`), half away from zero:
    "3.14" against the key 3.14159 or \\pi for "Round your answer to two decimal places." (not "3.1", nor "3.15",
    nor an answer with more places than asked, which equal values already pay); "1.90e+21" against
    1.9031145207918732e+21 for "correct to 3 significant figures"; "1200" against 1234 for "to the nearest
    hundred"."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or pred.marker != gold.marker:
        return False
    if gold.unit is not None and pred.unit != gold.unit:  # (a unit the key leaves out is the question's: "$4.57")
        return False
    if pred.value.free_symbols or gold.value.free_symbols or not pred.value.is_Rational:
        return False
    question = question_text(row)
    asked = asked_precision(question) if question and re.search(r"\bto\b", question, re.I) else None
    if asked is None:
        return False
    try:
        exact = sympy.N(gold.value, 40)
        if not exact.is_real or exact == 0:
            return False
        key = abs(sympy.Rational(str(exact)))
        kind, n = asked
        # the places n significant figures keep: 3 figures of 1.903e21 are 1.90e21, -19 places
        places = n - 1 - int(sympy.floor(sympy.log(key, 10))) if kind == "figures" else n
        if (decimal_places(pred.value) or 0) > max(places, 0):
            return False
        rounded = sympy.floor(key * sympy.Rational(10) ** places + sympy.Rational(1, 2)) * sympy.sign(exact)
        rounded = rounded / sympy.Rational(10) ** places
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, RecursionError, AttributeError):
        return False
    return bool(rounded == pred.value)


def more_precise_than_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """An answer, equal to the key, with more digits than the rounding the question asks for: "1786" for "What is
    $47 \\times 38$ to the nearest hundred?", "3.14159" for "Round to two decimal places." (the key was stored unrounded;
    the key rounded as asked is the answer)."""
    if not (isinstance(pred, Expr) and isinstance(gold, Expr)) or pred.value.free_symbols or not pred.value.is_Rational:
        return False
    question = question_text(row)
    asked = asked_precision(question) if question and re.search(r"\bto\b", question, re.I) else None
    if asked is None or pred.value == 0:
        return False
    kind, n = asked
    value = abs(pred.value)
    if kind == "figures":
        n = n - 1 - int(sympy.floor(sympy.log(value, 10)))
    return not (value * sympy.Rational(10) ** n).is_Integer
