"""Chains whose left side cannot be parsed answer their last side; references written as a short
"answer is ..." sentence are read as that answer (rows of the table in :mod:`verifiers.math`)."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.verifier import check_reference


def _status(completion: str, reference: str) -> str:
    return math_answer(completion, {"reference": reference}).status.value


@pytest.mark.parametrize(
    ("answer", "reference"),
    [
        (r"\sum_{k=1}^n k = \frac{n(n+1)}{2}", r"\frac{n(n+1)}{2}"),
        (r"\det(A) = 3", "3"),
        (r"\lim_{x\to 0} f(x) = 1", "1"),
        (r"\lim_{x \to 0} \frac{\sin x}{x} = 1", "1"),
        (r"17 \bmod 5 = 2", "2"),
        (r"\|\vec v\| = 5", "5"),
        (r"\|\vec{v}\| = \sqrt{a^2 + b^2}", "sqrt(a^2 + b^2)"),
        (r"\begin{vmatrix} 2 & 1 \\ 1 & 2 \end{vmatrix} = 3", "3"),
        (r"\det(A) = 6/2 = 3", "3"),  # a true chain after the unreadable part
    ],
)
def test_an_unreadable_left_side_of_a_chain_answers_its_last_side(answer, reference):
    assert _status(f"The final answer is $\\boxed{{{answer}}}$.", reference) == "correct"
    assert _status(f"So ${answer}$", reference) == "correct"
    assert _status(f"The final answer is $\\boxed{{{answer}}}$.", "4" if reference != "4" else "5") == "wrong"


@pytest.mark.parametrize(
    ("answer", "reference"),
    [
        (r"\det(A) = 3 = 4", "4"),  # a false chain: neither side is paid
        (r"\det(A) = 3 = 4", "3"),
        (r"= 3 = 4", "4"),
        (r"= 4", "4"),  # nothing on the left: not a chain
        (r"x = 3 \text{ or } x = 4", "4"),
        (r"x = 3 or x = 4", "4"),
        (r"\det A = 3 or \det A = 4", "4"),
        (r"\det A = 3, \det B = 4", "4"),  # a list on the left
        (r"a = 3, b = 4", "4"),
        (r"\det A \ne 3 = 4", "4"),  # a relation on the left
        (r"x != 4", "4"),
        (r"\det(A) = x \geq 4", "4"),  # the last side is a relation
        (r"\det(A) = 4 \text{ or } 5", "4"),
        (r"\det(A) = 4 \pm 1", "4"),
        (r"\det(A) = \frac{1}{", "4"),  # the last side cannot be read either
        ("\\det(" + "A+" * 120 + "A) = 4", "4"),  # over 200 characters on the left: not one short formula
        ("f" + "'" * 300 + "(x) = 4", "4"),
    ],
)
def test_hedges_and_false_chains_are_not_read_by_their_last_side(answer, reference):
    assert _status(f"The final answer is $\\boxed{{{answer}}}$.", reference) != "correct"


def test_several_boxes_stay_a_hedge_with_an_unreadable_chain():
    completion = r"The final answer is $\boxed{\lim_{x\to 0} f(x) = 1}$ and $\boxed{2}$."
    assert _status(completion, "2") == "wrong"
    assert _status(completion, "1") == "wrong"


@pytest.mark.parametrize(
    ("reference", "right", "wrong"),
    [
        ("answer is 0.6666667", r"\frac{2}{3}", "0.7"),
        ("the answer is 12", "12", "13"),
        ("The answer is 12.", "12", "13"),
        ("the answer is sqrt(2)", r"\sqrt{2}", "2"),
        ("answer is 10000", "10^4", "1000"),
        ("answer is 0.25 + 3", r"(1/2)^{2} + \sqrt{9}", "3"),
    ],
)
def test_a_reference_written_as_an_answer_sentence_is_that_answer(reference, right, wrong):
    assert check_reference({"reference": reference}) is None
    assert _status(f"The final answer is $\\boxed{{{right}}}$.", reference) == "correct"
    assert _status(f"The final answer is $\\boxed{{{wrong}}}$.", reference) == "wrong"


@pytest.mark.parametrize(
    "reference", ["the answer is not 3", r"the answer is \frac{1}{", "answer 5", "answers are 3 or"]
)
def test_a_reference_sentence_that_cannot_be_read_stays_bad_input(reference):
    assert check_reference({"reference": reference}) is not None
    assert _status(r"The final answer is $\boxed{3}$.", reference) == "bad_input"
