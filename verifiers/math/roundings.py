"""An exact answer followed by its rounding: "35/36, about 0.9722", "35/36（约0.9722）", "\\frac{35}{36} roughly 0.97",
"π, about 3.14", "1/3, yaklaşık 0.333".

Written so, the answer is the chain ``exact \\approx rounding``: its exact side answers an exact key and its rounding
a rounded one (:func:`~verifiers.math.compare.rounded_side_equal`). A rounding that no rounding of the exact value
gives ("35/36, about 0.5") makes two values, not one. The words and signs of rounding, in the languages models
answer in, are one table here; :mod:`~verifiers.math.fallback` reads the same table.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.units import SCALE_WORDS

# a word or sign that makes the number after it a rounding, in the languages models answer in
APPROXIMATELY_RE = re.compile(
    r"(?<![^\W\d_])(?:approx(?:imately|\.)?|about|around|roughly|nearly|almost|circa|ca\.|ungefähr|etwa|rund|environ"
    r"|aproximadamente|cerca[ \t]+de|около|примерно|приблизительно|khoảng|sekitar|kira-kira|yaklaşık|około)(?![^\W\d_])"
    r"|[≈≒~～]|\\approx|約|约|大约|大約|およそ|약|대략",
    re.I,
)
# what leads from an answer to its rounding: a comma or a bracket, "i.e." / "or" / "that is", a word of rounding
_TO_ROUNDING = (
    r"[,，]?[ \t]{0,4}[(（]?[ \t]{0,4}(?:i\.e\.,?[ \t]{0,4}|or[ \t]{1,4}|that[ \t]{1,4}is,?[ \t]{0,4})?"
    rf"(?:{APPROXIMATELY_RE.pattern})[ \t]{{0,4}}[$]?"
)
# an answer, then its rounding after a comma or in brackets: "35/36, about 0.9722", "35/36（约0.9722）", "π ~ 3.14"
_EXACT_THEN_ROUNDED_RE = re.compile(
    rf"(?P<exact>[^,，(（\n\s](?:[^,，(（\n]{{0,78}}?[^,，(（\n\s])?)[ \t]{{0,4}}{_TO_ROUNDING}"
    rf"(?P<rounded>-?\d[\d,]{{0,15}}(?:\.\d{{1,15}})?[ \t]{{0,4}}[%％]?)[$]?[ \t]{{0,4}}[)）]?[ \t]{{0,4}}[.。]?",
    re.I,
)


def exact_then_rounded(answer: str) -> tuple[str, str] | None:
    """``answer`` written as an exact value, then its rounding -> (exact, rounding); None otherwise."""
    if len(answer) > 200 or not APPROXIMATELY_RE.search(answer):
        return None
    m = _EXACT_THEN_ROUNDED_RE.fullmatch(answer.strip())
    if m is None or not re.search(r"\d|\\pi|π", m.group("exact")):
        return None
    return m.group("exact").strip().strip("$").strip(), m.group("rounded").replace(",", "").replace("％", "%").strip()


# right after an answer: its rounding, after a comma or in brackets ("35/36, about 0.5", "（约0.5）", " ≈ 96%", "(roughly
# 8.14 billion)", "(about 8.1e9)")
_ROUNDING_AFTER_RE = re.compile(
    rf"[ \t$}}]{{0,4}}{_TO_ROUNDING}(-?\d[\d,]{{0,15}}(?:\.\d{{1,15}})?"
    rf"(?:[ \t]*[%％]|[eE][-+]?\d{{1,3}}|[ \t]+(?:{'|'.join(sorted(SCALE_WORDS, key=len, reverse=True))})\b)?)",
    re.I,
)


def rounding_after(rest: str) -> str | None:
    """The rounding written right after an answer (``rest`` is the text after it), or None."""
    m = _ROUNDING_AFTER_RE.match(rest)
    return m.group(1).replace(",", "").replace("％", "%").strip() if m is not None else None
