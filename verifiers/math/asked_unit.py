"""The unit a question asks its answer in ("How far does it travel, in meters?", "What is its perimeter?"): an
answer in another unit, or of another kind of quantity, is refused; a unit symbol the question names is read as it.
Out of question.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.math.nodes import Expr, Node
from verigrpo.verifiers.math.normalize import DOLLAR_SCALES
from verigrpo.verifiers.math.question import SENTENCE_RE, question_text
from verigrpo.verifiers.math.units import unit_scale, unit_word
from verigrpo.verifiers.math.vocab import FOREIGN_UNIT_WORDS, UNIT_ALIASES

# the unit a question asks its answer in: "How far does it travel, in meters?", "(in newtons)", "in units of J"
# a number, then one unit symbol of letters after LaTeX spacing: "4\,m", "4 s", "300 K"
_NUMBER_SYMBOL_RE = re.compile(r"[ \t]*(-?\d[\d,]*(?:\.\d+)?)(?:[ \t~]|\\[,;: ])*([A-Za-z]{1,3})[ \t]*\.?[ \t]*")


# what a question counts: "How many minutes ...", "How many more girls than boys ..."
_HOW_MANY_RE = re.compile(r"\bhow[ \t]+many[ \t]+(?:more[ \t]+|fewer[ \t]+|less[ \t]+)?([A-Za-z]{1,20})\b", re.I)


def other_unit_than_asked(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """An answer in a unit the question does not ask for, against a bare number: "How many minutes does the trip
    take?" answered ``180 \\text{ seconds}``, "What is its perimeter in centimeters?" answered "100 meters", "area in
    square centimeters" answered "16 cm" or "16 m^2", "speed in km/h" answered "16 m/s", "angle in radians" answered
    "16°"; or, where it names no unit, a unit of another kind than the quantity it asks for ("What is its perimeter?"
    answered "16 cm^2", "What is the area?" answered "16 cm"). Only units the unit table knows, on both sides (a word
    it does not know, "cups", decides nothing)."""
    if not (isinstance(gold, Expr) and gold.unit is None and isinstance(pred, Expr)):
        return False
    question = question_text(row)
    asked = [_scale(m.group(1)) for r in (_HOW_MANY_RE, _ASKED_UNIT_RE) for m in r.finditer(question)]
    asked += [_scale(m.group(1) or m.group(2)) for m in _HOW_MANY_SQUARE_RE.finditer(question.strip())]
    asked = [a for a in asked if a is not None]
    said_scale = _temperature_scale(pred.unit or "")
    asked_scale = _ASKED_TEMPERATURE_RE.search(question) if said_scale is not None else None
    if asked_scale is not None and _temperature_scale(asked_scale.group()) != said_scale:
        return True  # "What is the temperature in degrees Celsius?" answered "20 K" or "20°F"
    angle = _ASKED_ANGLE_RE.search(question)
    if angle is not None and (pred.marker == "degree" or pred.unit in ("deg", "rad")):
        # "16°" where the question asks in radians, "16 rad" where it asks in degrees
        return (pred.unit == "rad") == angle.group(1).lower().startswith("deg")
    money = {_currency(m.group(1)) for r in (_HOW_MANY_RE, _ASKED_UNIT_RE) for m in r.finditer(question)} - {None}
    said_money = _currency(pred.unit) if pred.unit is not None else None
    if money and said_money not in money | {None} and not (said_money == "dollar" and "peso" in money):
        return True  # "How many dollars did he save?" answered "30 euros" (a peso is written with "$" too)
    cents_asked = any(_CENTS_RE.fullmatch(m.group(1)) for r in (_HOW_MANY_RE, _ASKED_UNIT_RE) for m in r.finditer(question))
    cents = _is_cents(pred.unit)
    if cents_asked and said_money == "dollar" and not cents:
        return True  # "How many cents does she have left?" answered "$35" or "35 dollars": another scale
    if cents and money == {"dollar"} and not cents_asked:
        return True  # "How many dollars do they cost?" answered "72 cents", "72 centavos": another scale
    if (
        cents
        and not money
        and _DOLLAR_AMOUNT_RE.search(question)
        and not _CENTS_RE.search(question)
        and re.search(r"\bhow[ \t]+much\b", question, re.I)
    ):
        return True  # "Tickets cost $7 each. How much do 10 tickets cost?" answered "70 cents": another scale
    if money and said_money in money and not cents:
        return False  # "5 US dollars", "5 dollars USD" where it asks in dollars (not "500 cents": another scale)
    said = _scale(pred.unit) if pred.unit is not None else None
    counted = _HOW_MANY_RE.search(question) if not asked else None
    if (
        counted is not None
        and (said is not None or (pred.unit or "").lower() in DOLLAR_SCALES)
        and counted.group(1).lower() not in _GENERIC_COUNTS
        and _currency(counted.group(1)) is None
    ):
        # "How many people live in the town?" answered "3 M", "3 K" or "3 mn": a count of things in a unit of
        # measure, or in thousands or millions
        return True
    if said is None:
        return False
    if asked:
        return said not in asked
    asking = SENTENCE_RE.findall(question)
    kinds = {m.group(1).lower() for m in _KIND_WORD_RE.finditer(asking[-1])} if asking else set()
    return len(kinds) == 1 and said[0] != _KINDS[kinds.pop()]


# what "how many" asks that a unit of measure may answer: "How many square units", "how many times as long"
_GENERIC_COUNTS = frozenset({"units", "unit", "square", "cubic", "sq", "cu", "times", "more", "fewer", "less"})
# a currency's units -> the currency ("cent" is a dollar's; "penny", the US's and Britain's, names none)
_CURRENCY_OF = {"dollar": "dollar", "cent": "dollar", "euro": "euro", "gbp": "gbp", "yen": "yen", "rupee": "rupee",
                "won": "won", "peso": "peso", "hryvnia": "hryvnia", "shekel": "shekel", "naira": "naira",
                "cedi": "cedi", "tenge": "tenge", "baht": "baht", "yuan": "yuan", "rmb": "yuan", "cny": "yuan",
                "renminbi": "yuan", "元": "yuan", "円": "yen", "jpy": "yen", "ruble": "ruble", "rouble": "ruble",
                "rub": "ruble", "₽": "ruble", "lira": "lira", "₺": "lira", "real": "real", "reais": "real",
                "brl": "real", "zloty": "zloty", "złoty": "zloty", "zł": "zloty", "pln": "zloty", "chf": "franc",
                "franc": "franc", "dirham": "dirham", "aed": "dirham", "rand": "rand", "zar": "rand",
                "usd": "dollar", "eur": "euro", "€": "euro", "£": "gbp", "pound sterling": "gbp"}  # fmt: skip


_CENTS_RE = re.compile(r"cents?|¢", re.I)
_DOLLAR_AMOUNT_RE = re.compile(r"\$[ \t]?\d")  # an amount in dollars among the question's givens ("$7 each")


def _is_cents(unit: str | None) -> bool:
    """A unit that counts cents, in any language ("cents", "¢", "centavos", "centesimi", "центов")."""
    word = (unit or "").lower()
    return word.rstrip("s") in ("cent", "¢") or _in_english(word) == "cent"


def _currency(word: str) -> str | None:
    """The currency a unit word names ("dollars", "euro", "cents", "US dollars", "dollars USD" -> "dollar"); None for
    any other word."""
    words = [_in_english(w) for w in word.strip().lower().split() if w not in ("us", "u.s.")]
    named = {
        _CURRENCY_OF.get(UNIT_ALIASES.get(w) or UNIT_ALIASES.get(w[:-1] if w.endswith("s") else w) or w.rstrip("s") or w)
        for w in words
    }
    return named.pop() if len(named) == 1 else None


def _in_english(word: str) -> str:
    """A unit word of another language as the English unit ("stunden" -> "h", "厘米" -> "cm", "dólares" -> "dollar",
    "pro" -> "per"); any other word as it is."""
    low = word.lower()
    return FOREIGN_UNIT_WORDS.get(low) or FOREIGN_UNIT_WORDS.get(low[:-1] if low.endswith("s") else low) or word


def _scale(unit: str) -> tuple[tuple[int, ...], object] | None:
    """A unit as the question or the answer writes it ("square centimeters", "km per hour", "cm ^2") -> its dimension
    and factor (:func:`~verifiers.math.units.unit_scale`); None for a word the table does not know."""
    if any(w.lower() in FOREIGN_UNIT_WORDS or w.lower()[:-1] in FOREIGN_UNIT_WORDS for w in re.split(r"[\s/]", unit)):
        unit = " ".join(_in_english(w) for w in re.split(r"([\s/])", unit) if w.strip()).replace(" / ", "/")
    words = re.sub(r"\b(?:square|sq)\b\.?", "sq", re.sub(r"\b(?:cubic|cu)\b\.?", "cu", unit, flags=re.I), flags=re.I)
    words = re.sub(r"\^\{(\d)\}", r"^\1", words.replace("²", "^2").replace("³", "^3"))  # "cm²", "cm^{2}": cm ^2
    words = re.sub(r"\bkmph\b", "km/h", re.sub(r"\bhrs?\b", "h", words))  # "km/hr", "kmph"
    return unit_scale(re.sub(r"\s+per\s+", "/", words, flags=re.I).replace("^", " ^"))


# the unit a question asks its answer in: "How far does it travel, in meters?", "(in newtons)", "in units of J", "in
# square centimeters", "in km/h", "in meters per second"
_UNIT_WORD = r"(?:(?:square|sq|cubic|cu)\.?[ \t]+)?[A-Za-z]{1,20}"
_ASKED_UNIT_RE = re.compile(
    rf"\bin[ \t]+(?:units[ \t]+of[ \t]+)?({_UNIT_WORD}(?:\^\{{?[23]\}}?|[²³](?!\w))?"
    rf"(?:[ \t]*/[ \t]*[A-Za-z]{{1,10}}|[ \t]+per[ \t]+[A-Za-z]{{1,20}})?)(?:\b|(?<=[}}²³]))"
    r"(?![ \t]*(?:the|a|an|which|this|that)\b)",
    re.I,
)
_ASKED_ANGLE_RE = re.compile(r"\b(?:in|how[ \t]+many)[ \t]+(radians?|rad|degrees?|deg)\b(?![ \t]+(?:celsius|fahrenheit))", re.I)
# a temperature scale, as a question asks for it ("in degrees Celsius", "in °F", "in kelvins") or a unit names it
_ASKED_TEMPERATURE_RE = re.compile(r"\b(?:celsius|centigrade|fahrenheit|kelvins?)\b|°[ \t]*[CF]\b|[℃℉]", re.I)


def _temperature_scale(unit: str) -> str | None:
    """The temperature scale a unit or a question's words name ("degC", "°F", "Celsius", "K" -> "C", "F", "K")."""
    u = unit.strip().lower().replace("°", "deg").replace("℃", "degc").replace("℉", "degf")
    if u in ("degc", "deg c", "celsius", "centigrade", "deg celsiu", "deg celsius") or u.endswith("celsius"):
        return "C"
    if u in ("degf", "deg f", "fahrenheit") or u.endswith("fahrenheit"):
        return "F"
    return "K" if u in ("k", "kelvin", "kelvins") else None
# "How many square meters ...", "how many cubic feet"
_HOW_MANY_SQUARE_RE = re.compile(
    r"\bhow[ \t]+many[ \t]+((?:square|sq|cubic|cu)\.?[ \t]+[A-Za-z]{1,20}\b|[A-Za-z]{1,4}(?:\^\{?[23]\}?|[²³]))"
    r"|\(([A-Za-z]{1,4}(?:/[A-Za-z]{1,3}|\^\{?[23]\}?|[²³])?)\)[ \t]*[?.]?[ \t]*\Z",  # "What is its speed (km/h)?"
    re.I,
)
# the kind of quantity a question asks for, where it names no unit: "What is its perimeter?", "Find the area."
_KINDS = {
    "perimeter": (1, 0, 0, 0, 0, 0, 0, 0, 0),
    "circumference": (1, 0, 0, 0, 0, 0, 0, 0, 0),
    "area": (2, 0, 0, 0, 0, 0, 0, 0, 0),
    "volume": (3, 0, 0, 0, 0, 0, 0, 0, 0),
    "speed": (1, 0, -1, 0, 0, 0, 0, 0, 0),
    "velocity": (1, 0, -1, 0, 0, 0, 0, 0, 0),
}
# ... in the question's last sentence, the one that asks: "What is its perimeter?", "Determine the rectangle's area."
_KIND_WORD_RE = re.compile(r"\b(perimeter|circumference|area|volume|speed|velocity)\b", re.I)



def asked_unit_value(answer: str, row: Mapping[str, Any]) -> str | None:
    """``"4\\,m"`` -> ``"4"`` where the question asks for the answer in metres (the same unit, named or as its
    symbol): the letters after the number are that unit, not a variable; None otherwise."""
    m = _NUMBER_SYMBOL_RE.fullmatch(answer)
    if m is None:
        return None
    said = unit_word(m.group(2))
    if said is None:
        return None
    for asked in _ASKED_UNIT_RE.finditer(question_text(row)):
        if unit_word(asked.group(1)) == said:
            return m.group(1)
    return None
