"""Classes found by the twelfth external set (benchmarks/data/external_pairs_12.jsonl: mathnet-symbolics, Maxima's
rtests, SymbolicUtils.jl, Equator) at its first run, each fixed by a general rule."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # log10 / log2 are named logarithms (never x times log 10); a plain-text base is the whole number
        ("log10(x)", "\\frac{\\ln x}{\\ln 10}", True),
        ("log10(x)", "x \\ln 10", False),
        ("log10(100)", "2", True),
        ("log2(8)", "3", True),
        ("log_10(1000)", "3", True),
        ("\\log_2 8", "3", True),
        # a sum's or product's body is a whole term: 2(4n)^3, not 2 then (4n)^3 outside with n free
        ("\\sum_{n=-10}^{5} 2(4n)^3", "2\\sum_{n=-10}^{5} (4n)^3", True),
        ("\\sum_{n=-10}^{5} 2(4n)^3", "2048n^3", False),
        ("\\prod_{k=1}^{3} 2k", "48", True),
        ("\\sum_{k=1}^{3} k + 1", "7", True),  # a + still ends the body
        # pow and atan2 as a CAS (or C) names them
        ("pow(2, 3)", "8", True),
        ("pow(x, 2)", "x^2", True),
        ("\\operatorname{atan2}(1, 1)", "\\frac{\\pi}{4}", True),
        ("atan2(1, 1)", "\\frac{\\pi}{2}", False),
        # a brace group after an operand is a factor, in plain text too
        ("4*e^x", "4{e}^{x}", True),
        ("4{x}", "4x", True),
        ("2 {1,2}", "2", False),  # a set is no factor
        # points with two symbols negative together: ln((cx)^a) is defined where a ln c + a ln x is not
        ("\\ln((cx)^a) + \\ln(y^b z)", "a\\ln c + a\\ln x + b\\ln y + \\ln z", False),
        ("a\\ln c + a\\ln x", "a\\ln c + a\\ln x", True),
    ],
)
def test_set12_classes(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)
