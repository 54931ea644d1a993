"""The base a question asks its answer in ("Convert 25 to hexadecimal.", "in base 5"): numerals of another base
refused, a key's digits and letters read as a numeral of the asked base. Out of question.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.math.forms import TEXT_WRAP_RE
from verigrpo.verifiers.math.leaves import BASE_TEXT_RE
from verigrpo.verifiers.math.nodes import Expr, Node, Text
from verigrpo.verifiers.math.question import question_text

# a question that names a base: "in base 5", "binary", "hexadecimal", "octal", "1011_2"
_BASE_QUESTION_RE = re.compile(r"\bbase\b|\bbinary\b|\bhexa?decimal\b|\boctal\b|\bradix\b|_\{?\d+\}?", re.I)


def base_without_asking(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A numeral in another base (``14_5``, ``0x10``, read as "value (base b)") answering a reference without one,
    where the row's question names no base ("What is 7+7?" answered ``14_5``, which is 9, only looks like 14) or asks
    for another ("Convert $110_8$ to base 10." answered ``72_8``)."""
    in_base = BASE_TEXT_RE.fullmatch(pred.text) if isinstance(pred, Text) else None
    gold_in_base = isinstance(gold, Text) and BASE_TEXT_RE.fullmatch(gold.text) is not None
    question = question_text(row)
    if in_base is None or gold_in_base or not question:
        return False
    asked = _ASKED_BASE_RE.search(question)  # "Convert 110_8 to base 10." answered "72_8": not the base it asks for
    if asked is not None and int(asked.group(1) or 10) != int(in_base.group(2)):
        return True
    return _BASE_QUESTION_RE.search(question) is None


# the base a question asks its answer in: "to base 10", "in base $10$", "as a decimal (base-10) number", "in decimal"
_ASKED_BASE_RE = re.compile(r"\b(?:in|to|into|as)[ \t]+(?:a[ \t]+)?(?:base[ \t-]*(?:\$[ \t]*)?(\d{1,2})\b|decimal[ \t]+(?:number|form|notation)?\b)", re.I)
_BASE_NAMES = {2: "binary", 8: "octal", 16: "hexadecimal"}


# the base a question asks its answer in: "to hexadecimal", "in base 16", "to base-12", "in hex", "the binary
# representation of", "as an octal number"
_BASE_WORDS = {"hexadecimal": 16, "hex": 16, "binary": 2, "octal": 8, "decimal": 10}
_ASKED_BASE_ANY_RE = re.compile(
    r"\b(?:in|to|into|as)[ \t]+(?:an?[ \t]+)?(?:base[ \t-]*(?:\$[ \t]*)?(\d{1,2})\b|(hexadecimal|hex|binary|octal|decimal)\b)"
    # ("the hexadecimal representation of 171"; not "the hexadecimal number 2ED", which names what is given)
    r"|\b(hexadecimal|binary|octal)[ \t]+(?:representation|equivalent|expansion)\b",
    re.I,
)
# a numeral's base written after it: "_{16}", "_{\text{hex}}", "_(8)"
_WRITTEN_BASE_RE = re.compile(
    r"_[ \t]?\{?[ \t]?\(?(?:\\(?:text|mathrm)[ \t]?\{)?[ \t]?(\d{1,2}|hex|bin|oct)[ \t]?\}?[ \t]?\)?[ \t]?\}?[ \t]*\Z"
)
_BASE_ABBREVIATIONS = {"hex": 16, "bin": 2, "oct": 8}


def asked_base(row: Mapping[str, Any]) -> int | None:
    """The base the row's question asks its answer in, where it names one base (:data:`_ASKED_BASE_ANY_RE`)."""
    found = set()
    for m in _ASKED_BASE_ANY_RE.finditer(question_text(row)[-2_000:]):
        number, word, named = m.groups()
        found.add(int(number) if number else _BASE_WORDS[(word or named).lower()])
    return found.pop() if len(found) == 1 else None


def other_base_written(answer: str, row: Mapping[str, Any]) -> bool:
    """A numeral written with its base ("19_{10}", "ED_{\\text{hex}}") where the question asks for another base."""
    m = _WRITTEN_BASE_RE.search(answer[-40:])
    if m is None or not re.search(r"[0-9A-Za-z}][ \t]*\Z", answer[: len(answer) - len(m.group())][-12:]):
        return False
    said = m.group(1).lower()
    asked = asked_base(row)
    return asked is not None and (int(said) if said.isdigit() else _BASE_ABBREVIATIONS[said]) != asked


def numeral_in_asked_base(text: str, row: Mapping[str, Any], key: bool = False) -> Text | None:
    """``2ed`` (digits and letters alone) as the numeral in the base over ten that the row's question asks for
    ("convert 3245 to hexadecimal": 749 in base 16), as :func:`parse.parse_answer` reads ``2ed_{16}`` and ``0x2ed``, so
    that a key and an answer written with the base's letters compare as numerals, in either case, and not as products
    of letters (``2de`` is another numeral). Set as text ("\\text{2ED}") or with the asked base written after it
    ("ed_{16}", "2ED_{\\text{hex}}"), the same. ``key``: read only a numeral with a letter in it (a key of digits alone
    stays a number). None elsewhere."""
    body = TEXT_WRAP_RE.sub(r"\1", text.strip().strip("$").strip()).strip()
    base = asked_base(row) if len(body) <= 80 else None
    if base is None or base <= 10:
        return None
    written = _WRITTEN_BASE_RE.search(body)
    if written is not None:
        said = written.group(1).lower()
        if (int(said) if said.isdigit() else _BASE_ABBREVIATIONS[said]) != base:
            return None
        body = TEXT_WRAP_RE.sub(r"\1", body[: written.start()]).strip()
    if len(body) > 64 or not re.fullmatch(r"-?[0-9A-Za-z]+", body) or (key and body.strip("-").isdigit()):
        return None
    try:
        value = int(body, base)
    except ValueError:  # a digit the base does not have
        return None
    return Text(f"{value} (base {base})")


def digits_in_asked_base(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A reference numeral in base b (``20_5``) answered by its digits alone (``20``) where the row's question asks
    for base b ("Express $10_{10}$ in base 5.", "Convert 25 to binary."): the question says the base."""
    m = BASE_TEXT_RE.fullmatch(gold.text) if isinstance(gold, Text) else None
    if m is None or not (isinstance(pred, Expr) and pred.value.is_Integer and pred.value >= 0):
        return False
    if pred.inexact or pred.unit or pred.marker:
        return False
    value, base = int(m.group(1)), int(m.group(2))
    words = rf"\bbase[ \t]*(?:\$[ \t]*)?{base}\b" + (rf"|\b{_BASE_NAMES[base]}\b" if base in _BASE_NAMES else "")
    if not re.search(rf"(?:in|to|into|as)[ \t]+(?:a[ \t]+)?(?:{words})", question_text(row), re.I):
        return False
    try:
        return int(str(pred.value), base) == value
    except ValueError:  # a digit the base does not have
        return False
