"""Classes of false negatives found by the fourth external set (benchmarks/data/external_pairs_4.jsonl: pie-framework
math-validation, Khan Academy's KAS, rllm, MITx FormulaGrader) at its first run, each fixed by a general rule."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import ParseError, answers_equivalent, math_answer, parse_answer


@pytest.mark.parametrize(
    ("a", "b", "equal"),
    [
        # an index expression in braces is part of a subscripted name
        (r"a_n=3\times a_{n-1}", r"a_n=3a_{n-1}", True),
        (r"a_{n+1} - a_n", r"-a_n + a_{n + 1}", True),
        (r"a_{n-1}", r"a_{n+1}", False),
        (r"a_{i,j}", r"a_{j,i}", False),
        # a base on \ln, as on \log
        (r"\ln_{e} (x)", r"\log_{e}(x)", True),
        (r"\ln_{e} x", r"\ln x", True),
        # a command backslash before a Unicode symbol
        (r"\sin(2\π)", "0", True),
        (r"\π", r"\pi", True),
        (r"2\π", r"\pi", False),
        # an inverse function named as the label, on either side of "="
        (r"g^{-1}\left(x\right)= a+b+c", r"a+c+b=g^{-1}\left(x\right)", True),
        (r"g^{-1}(x) = a+b", r"a+b+1 = g^{-1}(x)", False),
    ],
)
def test_set4_false_negative_classes(a: str, b: str, equal: bool) -> None:
    assert answers_equivalent(a, b) is equal
    assert (math_answer(f"\\boxed{{{a}}}", {"reference": b}).outcome == 1.0) is equal


@pytest.mark.parametrize("text", [r"a_{n--1}", r"a_{+}", r"a_{n-}", r"a_{n-1-2-3-4-5-6-7-8}"])
def test_subscripts_stay_short_index_names(text: str) -> None:
    with pytest.raises(ParseError):
        parse_answer(text)
