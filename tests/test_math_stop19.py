"""Failure classes left after stop 18 (external set 27 and later), each closed by a general rule: a bare list as the
reference named by its values bracketed in order; a conclusion drawn after an or-list selects one value; option
letters chosen by a verb or said to be what the answer must be; a Chinese unit after a bracketed value."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


def _reward(pred: str, gold: str) -> float:
    return math_answer("The final answer is $\\boxed{" + pred + "}$.", {"reference": gold}).outcome


def _raw(completion: str, gold: str) -> float:
    return math_answer(completion, {"reference": gold}).outcome


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("(12,34)", "12,34", 1.0),  # a bare reference is no interval: brackets around its values only group them
        ("[12,34]", "12,34", 1.0),
        ("(34,12)", "12,34", 0.0),  # ... in its order
        ("(12,35)", "12,34", 0.0),
        ("(12,34]", "12,34", 0.0),  # a half-open interval is no pair
        ("12,34", "(12,34)", 0.0),  # a bracketed reference can be an interval: a bare answer does not name it
        ("12,34", "[12,34]", 0.0),
        ("75, 25", "(75,25)", 1.0),  # ... unless it cannot be one
        ("(1,2,3)", "1, 2, 3", 1.0),
    ],
)
def test_a_bare_list_reference_and_its_bracketed_values(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("So $x = 4$ or $x = -1$, and since x must be positive, x = 4.", "4", 1.0),
        ("So $x = 4$ or $x = -1$, and since x must be positive, x = -1.", "4", 0.0),
        ("The roots are 4 or -1, so x = 4", "4", 1.0),
        ("The roots are 4 or -1, so x = 4", "-1", 0.0),
        ("So $x = 4$ or $x = -1$.", "4", 0.0),  # ending on the or-list: a hedge
        ("So x is 3 or 4", "4", 0.0),
        ("The answer is 3 or 4, so it is 3 or 4", "4", 0.0),  # the conclusion itself hedges
        ("It could be 3, or since the sum is even, it is 4", "4", 0.0),  # "or since": one more alternative
        ("It could be 3, or since the sum is even, it is 4", "3", 0.0),
    ],
)
def test_a_conclusion_after_an_or_list_selects_one_value(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Choose B. for this one.", "B", 1.0),
        ("Choose B. for this one.", "C", 0.0),
        ("It must be [C]", "C", 1.0),
        ("It must be [C]", "B", 0.0),
        ("I choose option A", "A", 1.0),
        ("Choose A or B", "A", 0.0),
        ("Don't choose B", "B", 0.0),
        ("Perhaps D is correct.", "D", 0.0),  # doubted: no choice (policy)
        ("We choose B. Therefore x = 5 Then C", "B", 0.0),  # more than a few words after the letter
    ],
)
def test_option_letters_chosen_by_a_verb(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("\\sqrt{3}+1", "(√{3}+1)小时", 1.0),  # hours after a bracketed value
        ("\\sqrt{3}-1", "(√{3}+1)小时", 0.0),
        ("\\sqrt{3}+1", "(\\sqrt{3}+1)米", 1.0),
        ("1/2", "\\frac{1}{2}小时", 1.0),
        ("1/3", "\\frac{1}{2}小时", 0.0),
        ("\\sqrt{3}+1", "(\\sqrt{3}+1)的平方", 0.0),  # "squared": a phrase that changes the value is no unit
    ],
)
def test_a_chinese_unit_after_a_bracketed_value(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want
