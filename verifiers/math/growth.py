"""Answers that name a growth class, compared as classes (:func:`same_growth`): ``O(2n)`` against ``O(n)``,
``\\Theta(n^2/2)`` against ``\\Theta(n^2)``. Bachmann-Landau classes of one variable are equal where the ratio of
their functions tends to a finite non-zero constant (the parser would read ``O(2n)`` as the product of a symbol O
and 2n)."""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.nodes import Expr
from verigrpo.verifiers.math.normalize import strip_math_delimiters
from verigrpo.verifiers.math.sentences import parsed

# a growth class: "O(n \log n)", "\Theta(2^n)", "\mathcal{O}(n^2)", "\Omega(1)"
_GROWTH_RE = re.compile(
    r"(?<![ \t])[ \t]*(?P<kind>O|\\mathcal\{O\}|\\mathcal O|\\Theta|Θ|\\Omega|Ω)[ \t]*(?:\\left)?[ \t]*\((?P<arg>.{1,80})\)[ \t]*"
    r"(?:\\right)?[ \t]*\.?[ \t]*",
)
_KINDS = {"O": "O", "\\mathcal{O}": "O", "\\mathcal O": "O", "\\Theta": "Θ", "Θ": "Θ", "\\Omega": "Ω", "Ω": "Ω"}


def _growth(s: str) -> tuple[str, sympy.Basic] | None:
    """The kind and the function of a growth class written alone; None for anything else."""
    m = _GROWTH_RE.fullmatch(strip_math_delimiters(s.strip()))
    if m is None:
        return None
    node = parsed(m.group("arg").replace("\\right", ""))
    if not isinstance(node, Expr) or len(node.value.free_symbols) > 1:
        return None
    return _KINDS[m.group("kind")], node.value


def same_growth(answer: str, reference: str) -> bool | None:
    """Whether ``answer`` names the reference's growth class (the same kind, functions whose ratio tends to a
    finite non-zero constant); None where either is no growth class of one variable, or the limit is not found."""
    want = _growth(reference) if len(reference) <= 120 else None
    if want is None:
        return None
    got = _growth(answer) if len(answer) <= 120 else None
    if got is None or got[0] != want[0]:
        return False
    (f, g), free = (got[1], want[1]), got[1].free_symbols | want[1].free_symbols
    if len(free) > 1:
        return False
    if sympy.count_ops(f) + sympy.count_ops(g) > 40:
        return None  # (a limit of a large expression can take long; the parser's reading stands)
    if not free:  # O(10) and O(1): constants
        return bool(f.is_number and g.is_number and f != 0 and g != 0)
    n = sympy.Symbol(next(iter(free)).name, positive=True)
    f, g = (e.subs(next(iter(e.free_symbols)), n) if e.free_symbols else e for e in (f, g))
    try:
        ratio = sympy.limit(sympy.simplify(f / g), n, sympy.oo)
    except Exception:  # noqa: BLE001 - a limit sympy cannot take is no verdict
        return None
    return bool(ratio.is_finite and ratio.is_positive)
