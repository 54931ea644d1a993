"""What the algebra of :mod:`verifiers.math.compare` reads past, checked on the texts once two answers compare
equal (:func:`notation_differs`): a congruence's modulus. ``x \\equiv 2 \\pmod{4}`` is not ``x \\equiv 2 \\pmod{3}``
(the residue alone agrees), where both answers name one. And the places a decimal is written to: against a key
printed at a binary float's precision (``1.5707963267948966``), a decimal rounds it at its own last place, and a
trailing zero is a place ("1.570" claims three places, where the key rounds to 1.571; the value 1.57 alone would
pass as a rounding at two).

Not checked: a function's argument. ``f(x+y)`` against ``f(x) + f(y)`` reads as products of a letter and a bracket,
which distribute to each other; the letters that name functions elsewhere name quantities too ("g(1+x)" with g the
gravity, "h^2(3r-h)" with h a height, "P(10,10)" a count of permutations), and the Heaviside keys of set 81 pay
through that very reading, so no rule on letters alone separates the two (red team 36's function_call_as_product).
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation

# a modulus: "\pmod{4}", "\pmod 4", "\mod 4", "(mod 4)", "mod 4"
_MODULUS_RE = re.compile(r"(?:\\[bp]?mod|\bmod)\b[ \t]*\{?[ \t]*(\d{1,12})[ \t]*\}?", re.I)


def _moduli(text: str) -> set[str]:
    return {m.group(1).lstrip("0") or "0" for m in _MODULUS_RE.finditer(text[:2_000])}


def notation_differs(answer: str, reference: str) -> str | None:
    """Why two answers the algebra found equal differ in what it read past (a modulus, the places a decimal is
    written to); None when they do not."""
    mine, theirs = _moduli(answer), _moduli(reference)
    if mine and theirs and mine != theirs:
        return "the congruences have different moduli"
    if "." in answer and overclaimed_places(answer, reference):
        return "the answer's decimal is written to places where the key rounds otherwise"
    return None


# a decimal written with trailing zeros, at the start of the answer ("1.570", "$4.470\\,\\text{m}$"), and a key that
# is a binary float's printout (15 to 17 significant digits)
_ZERO_PADDED_RE = re.compile(r"[ \t$\\]*(?:(?:approx|≈|~|[A-Za-z][ \t]*=)[ \t]*)?\+?(-?\d{1,20}\.\d{0,19}0)(?![\d.])(?![ \t]*(?:\\times|\\cdot|×|\*|[eE][-+]?\d))")
_PRINTED_KEY_RE = re.compile(r"[ \t$]*(-?\d{1,17}\.\d{1,17})[ \t$]*")


def overclaimed_places(answer: str, reference: str) -> bool:
    """The answer pads a decimal with zeros to places where the key, a float's printout, rounds otherwise: "1.570" or
    "1.5700" against 1.5707963267948966 (1.571, 1.5708), "2.720" against e's 2.718281828459045; not "1.5710"'s 1.571
    nor "0.9140" against 0.9137854519568591 (0.9138) either: each place written must be the key's."""
    padded = _ZERO_PADDED_RE.match(answer)
    key = _PRINTED_KEY_RE.fullmatch(reference) if padded is not None else None
    if key is None:
        return False
    try:
        said, exact = Decimal(padded.group(1)), Decimal(key.group(1))
    except InvalidOperation:
        return False
    if not 15 <= len(exact.as_tuple().digits) - _leading_zeros(exact) <= 17:
        return False
    place = Decimal(1).scaleb(said.as_tuple().exponent)  # (the last place written: 0.001 for "1.570")
    return all(exact.quantize(place, rounding=r) != said for r in (ROUND_HALF_UP, ROUND_HALF_EVEN))


def _leading_zeros(x: Decimal) -> int:
    digits = x.as_tuple().digits
    return len(digits) - len("".join(map(str, digits)).lstrip("0"))
