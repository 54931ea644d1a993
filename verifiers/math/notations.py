"""What the algebra of :mod:`verifiers.math.compare` reads past, checked on the texts once two answers compare
equal (:func:`notation_differs`): a congruence's modulus. ``x \\equiv 2 \\pmod{4}`` is not ``x \\equiv 2 \\pmod{3}``
(the residue alone agrees), where both answers name one.

Not checked: a function's argument. ``f(x+y)`` against ``f(x) + f(y)`` reads as products of a letter and a bracket,
which distribute to each other; the letters that name functions elsewhere name quantities too ("g(1+x)" with g the
gravity, "h^2(3r-h)" with h a height, "P(10,10)" a count of permutations), and the Heaviside keys of set 81 pay
through that very reading, so no rule on letters alone separates the two (red team 36's function_call_as_product).
"""

from __future__ import annotations

import re

# a modulus: "\pmod{4}", "\pmod 4", "\mod 4", "(mod 4)", "mod 4"
_MODULUS_RE = re.compile(r"(?:\\[bp]?mod|\bmod)\b[ \t]*\{?[ \t]*(\d{1,12})[ \t]*\}?", re.I)


def _moduli(text: str) -> set[str]:
    return {m.group(1).lstrip("0") or "0" for m in _MODULUS_RE.finditer(text[:2_000])}


def notation_differs(answer: str, reference: str) -> str | None:
    """Why two answers the algebra found equal differ in what it read past (a modulus); None when they do not."""
    mine, theirs = _moduli(answer), _moduli(reference)
    if mine and theirs and mine != theirs:
        return "the congruences have different moduli"
    return None
