"""Classes of failures found by the fifth external set (benchmarks/data/external_pairs_5.jsonl: Cortex compute
engine, mathjs, PrairieLearn, open-instruct, open-r1) at its first run, each fixed by a general rule."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import answers_equivalent, math_answer


def _paid(answer: str, reference: str, **row: str) -> bool:
    return math_answer(f"\\boxed{{{answer}}}", {"reference": reference, **row}).outcome == 1.0


@pytest.mark.parametrize(
    ("answer", "reference"),
    [
        # the same set of values on another variable says nothing about the reference's variable
        ("y<1", "x<1"),
        (r"y \ne 1", r"x \ne 1"),
        (r"1 < y", "x > 1"),
        (r"y<1 \text{ or } y>2", r"x<1 \text{ or } x>2"),
        ("|y|<2", "-2<x<2"),
    ],
)
def test_a_condition_on_another_variable_is_wrong(answer: str, reference: str) -> None:
    assert not _paid(answer, reference)
    assert _paid(answer.replace("y", "x"), reference)  # the same condition on the reference's variable pays


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # full-width forms of East Asian input methods are their ASCII characters
        ("m - （n + m）", "-n", True),
        ("m ＋ n", "n + m", True),
        ("１２", "12", True),
        ("１２", "13", False),
        # a CAS's capitalised function names, plain-text factorial, spelled-out Greek letters
        ("Max(m,n)", r"\max(n, m)", True),
        ("min(alpha, m, n)", r"\min(n, m, \alpha)", True),
        ("Abs(alpha)", r"|\alpha|", True),
        ("Abs(alpha)", r"\alpha", False),
        ("factorial(3m)", "(3m)!", True),
        ("factorial(5)", "120", True),
        ("2 theta", r"2\theta", True),
        ("2 theta", r"2\phi", False),
        # an odd root of a real symbol is the real root, as for numbers: (-x)^{4/3} = x^{4/3} for every real x
        (r"(-x)^{4/3}", r"x^{4/3}", True),
        (r"(-x)^{3/5}", r"-(x^{3/5})", True),
        (r"(-x)^{1/3}", r"x^{1/3}", False),
        # an expression that cancels to 0 is 0 (a rounding residue is not a difference)
        ("|x||y|-|xy|", "0", True),
        ("|x||y|-|xy|", "1", False),
        # both sides defined as real functions: the modulus of a complex artanh is not a real value
        (r"|\artanh(x)|", r"\artanh(|x|)", True),
        (r"\ln(xy) - \ln x", r"\ln y", False),  # differ at x = -1, y = 1, where only the right side is defined
        (r"\log(xy)", r"\log x + \log y", False),
        (r"\sqrt{x}\sqrt{y}", r"\sqrt{xy}", False),
        (r"\frac{1}{\sqrt{x}}", r"\sqrt{\frac{1}{x}}", True),
    ],
)
def test_set5_classes(answer: str, reference: str, equal: bool) -> None:
    assert answers_equivalent(answer, reference) is equal
    assert _paid(answer, reference) is equal


def test_a_sum_is_its_value_unless_it_only_restates_the_question() -> None:
    assert _paid("1+1", "2")  # no question: nothing to echo
    assert _paid("1+1", "2", prompt="Compute 5 - 3.")  # none of the question's numbers
    assert not _paid("1 + 0 + 1", "2", prompt="Compute 1 + 1.")  # the question's numbers, padded
    assert not _paid("(47 + 85) + 0", "132", prompt="Compute 47 + 85.")
    assert not _paid("85 + 47", "132", prompt="Compute 47 + 85.")
