"""Answers that used to crash the ``math`` verifier (an ``error``, which the trainer masks instead of scoring 0).

A crash is a reward hole: the wrong answer is not penalised. Each case must come back as a judged status (here
``wrong`` or ``unparsable``); the root cases also took seconds before (3 ms now, measured by hand).
"""

from __future__ import annotations

import pytest
from verigrpo.verifiers import Status, get_verifier
from verigrpo.verifiers.pool import call_safely

MATH = get_verifier("math")


@pytest.mark.parametrize(
    "answer",
    [
        "\\boxed{999^{-1/100000}}",  # sympy pulls perfect powers out with ~100000-digit integers: seconds
        "\\boxed{2^{1/99999}}",
        "\\boxed{\\sqrt[99999]{7}}",
        "\\boxed{10^{4500}}",  # past CPython's 4300-digit int -> str limit: printing it for the log raised
        "\\boxed{10^{3999} \\cdot 10^{3999}}",  # each factor under the cap, the product over the print limit
        "\\boxed{x = 10^{3999} \\cdot 10^{3999}}",
        "\\boxed{\\{10^{3999} \\cdot 10^{3999}, 1\\}}",
    ],
)
@pytest.mark.parametrize("reference", ["4", "10^{3999}"])
def test_huge_roots_and_numbers_are_judged_not_crashed(answer, reference):
    reward = call_safely(MATH, answer, {"reference": reference})
    assert reward.status in (Status.WRONG, Status.UNPARSABLE), reward
    assert reward.outcome == 0.0


def test_ordinary_roots_still_work():
    assert MATH("\\boxed{8^{2/3}}", {"reference": "4"}).status is Status.CORRECT
    assert MATH("\\boxed{\\sqrt[3]{27}}", {"reference": "3"}).status is Status.CORRECT


def test_several_answer_blocks_are_a_hedge():
    """Several different ``<answer>`` blocks are read as several boxes are: a hedge against one answer (the
    audit's tag_spam hack), the answer list against a multi-answer reference; equal blocks are one answer."""
    assert MATH("<think>Done.</think><answer>133</answer><answer>132</answer>", {"reference": "132"}).status is Status.WRONG
    assert MATH("<answer>132</answer><answer>132</answer>", {"reference": "132"}).status is Status.CORRECT
    assert MATH("<answer>1</answer> <answer>-2</answer>", {"reference": "1, -2"}).status is Status.CORRECT
    spam = "".join(f"<answer>{i}</answer>" for i in range(60)) + "<answer>132</answer>"
    assert MATH(spam, {"reference": "132"}).info["reason"] == "over 50 <answer> blocks"
