"""Stop 35: classes found by other projects' grading tests and by red team 36. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from verigrpo.verifiers.math import math_answer


def _raw(completion: str, gold: str = "5", prompt: str | None = None) -> float:
    row = {"reference": gold} | ({"prompt": prompt} if prompt else {})
    return math_answer(completion, row).outcome


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a base model's run-on after its answer: a new question after a blank line that asks nothing (the
        # placeholders other projects' GSM8K graders test with), or one that gives numbers of its own
        ("reasoning\n#### 18\n\nQuestion: another one\n#### 12", "18", 1.0),
        ("reasoning\n#### 7\n\nQuestion: unrelated\nAnswer: 12", "7", 1.0),
        ("The answer is 18.\n\nQ: A new problem\nA: The answer is 99.", "18", 1.0),
        ("8\n\nQ: Jason has 10 bags of 10 bags...", "8", 1.0),
        ("The answer is 30.\n\nQuestion: another one\nAnswer: 36", "36", 0.0),
        ("reasoning\n#### 18\n\nQuestion: another one\n#### 12", "12", 0.0),
        # the same question asked again (a "?" and no numbers of its own) is no new problem: two answers
        ("The answer is 36 lemons.\n\nQuestion: How many lemons will Tim need?\nAnswer: 30", "36", 0.0),
        ("8\n\nQ: Is it right?\nA: 9", "8", 0.0),
    ],
)
def test_run_on_questions(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


_ASYMPTOTIC = "\\int_{x}^{\\infty} e^{-a t^b} \\, dt \\sim \\frac{e^{-a x^b}}{a b x^{b-1}}"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a key that names its quantity by an integral the parser cannot evaluate, then states it: the stated side
        ("\\frac{x^{1-b}e^{-a x^b}}{a b}", _ASYMPTOTIC, 1.0),
        ("\\boxed{I(x)\\sim\\frac{1}{ab}\\,x^{1-b}e^{-a x^{b}}}", _ASYMPTOTIC, 1.0),
        ("\\boxed{I(x)\\sim\\frac{1}{ab}\\,x^{b-1}e^{-a x^{b}}}", _ASYMPTOTIC, 0.0),
        ("\\frac{e^{-a x^b}}{a x^{b-1}}", _ASYMPTOTIC, 0.0),
        # an undelimited expression at the end, with spaces inside its brace groups
        ("So the value is \\frac{a b}{2}.", "ab/2", 1.0),
        ("So the value is \\frac{a b}{3}.", "ab/2", 0.0),
        ("\\frac{x^{1-b}e^{-a x^b}}{a b}", "\\frac{e^{-a x^b}}{a b x^{b-1}}", 1.0),
    ],
)
def test_operator_named_keys_and_spaced_latex(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


def test_stop35_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("cleanup", "_NEXT_QUESTION_RE", "'\\n\\nQ:' * (n // 5)"),
            ("cleanup", "_NEXT_QUESTION_RE", "'\\nQ: ' * (n // 4)"),
            ("cleanup", "_ANSWERED_RE", "'1' * n"),
            ("forms", "_TRAILING_LATEX_RE", "'\\\\a{' * (n // 4)"),
            ("forms", "_TRAILING_LATEX_RE", "'\\\\a{ { {' * (n // 10)"),
            ("reference", "_KEY_RELATION_RE", "'\\\\sim' * (n // 4)"),
        ]
    )
