"""Stop 54: classes found by red teams 77-80. Each case that moved was scored the other way at the commit before;
the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_PARTS = "(a) Find x. (b) Find y."


@pytest.mark.parametrize(
    ("completion", "prompt", "want"),
    [
        # a box after its part's label answers that part, whatever the label's form
        ("Part b: $\\boxed{3}$\nPart a: $\\boxed{5}$", _PARTS, 0.0),
        ("Part b: $\\boxed{5}$\nPart a: $\\boxed{3}$", _PARTS, 1.0),
        ("2. $\\boxed{3}$\n1. $\\boxed{5}$", "1. Find x.\n2. Find y.", 0.0),
        ("1. $\\boxed{3}$\n2. $\\boxed{5}$", "1. Find x.\n2. Find y.", 1.0),
        ("(B) $\\boxed{3}$ (A) $\\boxed{5}$", "(A) Find x. (B) Find y.", 0.0),
        ("(B) $\\boxed{5}$ (A) $\\boxed{3}$", "(A) Find x. (B) Find y.", 1.0),
        # two answers to one part, and none to the other, answer nothing
        ("(a) $\\boxed{3}$ (a) $\\boxed{5}$", _PARTS, 0.0),
        # a function's argument is no part label
        ("$f(a) = \\boxed{3}$ and $g(a) = \\boxed{5}$", None, 1.0),
        ("$P(A) = \\boxed{3}$ and $P(B) = \\boxed{5}$", None, 1.0),
    ],
)
def test_boxes_after_part_labels(completion: str, prompt: str | None, want: float) -> None:
    assert score(completion, "3, 5", prompt) == want


@pytest.mark.parametrize(
    ("completion", "prompt", "want"),
    [
        # a question in labelled parts orders its key: the answers in another order answer other parts
        ("The answers are $\\boxed{5, 3}$.", _PARTS, 0.0),
        ("The answers are $\\boxed{3, 5}$.", _PARTS, 1.0),
        ("The answers are 5 and 3.", _PARTS, 0.0),
        ("The answers are $\\boxed{5, 3}$.", "1. Find x.\n2. Find y.", 0.0),
        ("The answers are $\\boxed{5, 3}$.", "Part 1: find x. Part 2: find y.", 0.0),
        # (not a question without parts, or with another number of them)
        ("The answers are $\\boxed{5, 3}$.", "Solve $x^2-8x+15=0$.", 1.0),
        ("The answers are $\\boxed{5, 3}$.", "(a) Factor. (b) Solve. (c) Check.", 1.0),
        # a last box that gathers the parts' boxes is the answer, in its order
        ("(a) $\\boxed{3}$. (b) $\\boxed{5}$. Final answers: $\\boxed{5, 3}$.", _PARTS, 0.0),
        ("(a) $\\boxed{3}$. (b) $\\boxed{5}$. Final answers: $\\boxed{3, 5}$.", _PARTS, 1.0),
        ("$x = \\boxed{3}$ or $x = \\boxed{5}$, so $\\boxed{5, 3}$.", None, 1.0),
    ],
)
def test_a_question_in_parts_orders_its_key(completion: str, prompt: str | None, want: float) -> None:
    assert score(completion, "3, 5", prompt) == want


_PAIR = "Find the ordered pair $(a,b)$."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # values set to named unknowns answer a tuple key by name: in the question's order, or alphabetically
        ("Thus $b=\\boxed{2}$, $a=\\boxed{3}$.", "(2,3)", _PAIR, 0.0),
        ("Thus $b=\\boxed{2}$, $a=\\boxed{3}$.", "(3,2)", _PAIR, 1.0),
        ("Thus $b=2$ and $a=3$.", "(2,3)", _PAIR, 0.0),
        ("Thus $b=2$ and $a=3$.", "(3,2)", _PAIR, 1.0),
        ("Thus $y=\\boxed{3}$, $x=\\boxed{17}$.", "(3,17)", None, 0.0),
        ("Thus $x=\\boxed{3}$, $y=\\boxed{17}$.", "(3,17)", None, 1.0),
        # ... and a labelled tuple key by its labels
        ("Thus $m=3$ and $n=17$.", "(m,n)=(3,17)", None, 1.0),
        ("Thus $n=17$ and $m=3$.", "(m,n)=(3,17)", None, 1.0),
        ("Thus $m=17$ and $n=3$.", "(m,n)=(3,17)", None, 0.0),
        # named values in plain prose compare by name against a key that names them
        ("Hence b = 2 and a = 3.", "a=2, b=3", "Find a and b.", 0.0),
        ("Hence b = 2 and a = 3.", "a=3, b=2", "Find a and b.", 1.0),
        # and a question that asks in order takes values named rightly in another order
        ("$\\boxed{b = 2, a = 3}$", "a=3, b=2", "Find a and b, respectively.", 1.0),
        ("$\\boxed{b = 3, a = 2}$", "a=3, b=2", "Find a and b, respectively.", 0.0),
    ],
)
def test_named_values_by_name(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("parts", "BOX_PART_LABEL_RE", "'(' * n"),
            ("parts", "BOX_PART_LABEL_RE", "'Part ' * (n // 5)"),
            ("parts", "LINE_PART_LABEL_RE", "' ' * n"),
            ("parts", "_QUESTION_PART_RE", "'\\n ' * (n // 2)"),
            ("parts", "_QUESTION_PART_RE", "'( ' * (n // 2)"),
            ("forms", "_NAMED_NUMBER_RE", "'a ' * (n // 2)"),
            ("forms", "_NAMED_NUMBER_RE", "'a' + ' ' * n + '='"),
        ]
    )
