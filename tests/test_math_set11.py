"""Classes found by the eleventh external set (benchmarks/data/external_pairs_11.jsonl: Isaac Physics' equality
checker, Stepik's math and number quizzes, reward-kit, SkyRL, Math Insight) at its first run, each fixed by a
general rule."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.verifier import check_reference


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # "(V)/(...)": an operator right after a bracketed letter makes it maths, not option V
        ("(V)/((((1)/(R)) + ((1)/(2*R)) + ((1)/(3*R)))**( - 1) + R)", "11*V/(17*R)", True),
        ("(V)/((1/R + 1/(2R))**(-1) + R)", "11*V/(17*R)", False),
        ("(B) -3", "B", True),  # an option with its content, as before
        # other names of elementary functions
        ("cosec(x) - cos(x)", "\\csc x - \\cos x", True),
        ("tg(x)", "\\tan x", True),
        ("ctg(x)", "\\cot x", True),
        ("arctg(x)", "\\arctan x", True),
        ("arcctg(x)", "\\operatorname{arccot} x", True),
        ("tg(x)", "\\cot x", False),
        # a CAS's derivative
        ("Derivative(cos(x)**2, x)", "-2\\sin x \\cos x", True),
        ("diff(x^3, x, 2)", "6x", True),
        ("diff(x^3, x)", "x^3", False),
        # plain text's multi-letter subscripts are one name
        ("v_zmf**(2) == v_x**2 + v_y**2", "v_zmf * v_zmf == v_x * v_x + v_y * v_y", True),
        ("x_12", "x_{12}", True),
        ("v_zmf", "v_z m f", False),
        # a symbol negative while the others stay positive: |z| and z part
        ("z/sqrt(a + b*z**2)", "sqrt(z**2/(a + b*z**2))", False),
        ("|z|/sqrt(a + b*z**2)", "sqrt(z**2/(a + b*z**2))", True),
    ],
)
def test_set11_classes(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # choice phrases mark the answer like "the answer is"
        ("My choice is C.", "C", "correct"),
        ("The final choice is E", "E", "correct"),
        ("the option is (c)", "C", "correct"),
        ("My choice is C.", "D", "wrong"),
        # a one-sentence reference names its answer
        ("My answer is (A).", "Choice (A).", "correct"),
        ("\\boxed{4}", "The number is 4.", "correct"),
        ("\\boxed{5}", "The number is 4.", "wrong"),
        ("\\boxed{3}", "The roots are 3 or 4.", "bad_input"),  # not one answer: still unreadable
        # e-notation is one numeral for the last-number fallback
        ("Avogadro's number is approximately 6.022e23.", "6.022 \\times 10^{23}", "correct"),
        ("It is 1.5e-3.", "0.0015", "correct"),
        ("It is 1.5e-3.", "0.015", "wrong"),
    ],
)
def test_set11_extraction(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


def test_a_reference_sentence_is_judgeable() -> None:
    assert check_reference({"reference": "The number is 4."}) is None
    assert check_reference({"reference": "Choice (A)."}) is None
    assert check_reference({"reference": "The roots are 3 or 4."}) is not None
