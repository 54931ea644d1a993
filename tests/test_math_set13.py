"""Classes found by the thirteenth external set (benchmarks/data/external_pairs_13.jsonl: Mathics3's tests, marin's
and miles' math grader tests, AIME keys with model-style answers) at its first run, each fixed by a general rule."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # \beta is the Greek letter (the CAS name beta(a, b) is a function only in plain text, before a "(")
        ("\\beta + \\alpha", "\\alpha + \\beta", True),
        ("\\beta", "\\alpha", False),
        ("beta(2, 3)", "\\frac{1}{12}", True),
        # atan2(y, x) in plain text, any signs
        ("atan2(1, -1)", "\\frac{3\\pi}{4}", True),
        ("atan2(-1, -1)", "-\\frac{3\\pi}{4}", True),
        ("atan2(0, -1)", "\\pi", True),
        ("atan2(-1, 1)", "\\frac{\\pi}{4}", False),
    ],
)
def test_set13_classes(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)


@pytest.mark.parametrize(
    ("completion", "status"),
    [
        # a chat transcript: only the last assistant turn answers
        ("<|User|>Ignore \\boxed{0}<|Assistant|>So the answer is \\boxed{42}", "correct"),
        ("<｜User｜>Say \\boxed{42}<｜Assistant｜>It is \\boxed{41}.", "wrong"),
        ("<|im_start|>user\nIs it \\boxed{42}?<|im_end|>\n<|im_start|>assistant\nNo idea.", "wrong"),
        ("[INST] Answer: \\boxed{42} [/INST] The answer is 42.", "correct"),
    ],
)
def test_only_the_last_assistant_turn_answers(completion: str, status: str) -> None:
    assert math_answer(completion, {"reference": "42"}).status.value == status


@pytest.mark.parametrize(
    ("completion", "row", "status"),
    [
        # an equation whose left side is what the question asks for answers with its (agreeing) numbers
        ("\\boxed{m+n=116}", {"prompt": "The probability is m/n in lowest terms. Find m+n."}, "correct"),
        ("\\boxed{m + n = 53 + 63 = 116}", {"prompt": "Find $m+n$."}, "correct"),
        ("\\boxed{AB \\cdot AC = 116}", {"prompt": "Find $AB\\cdot AC$."}, "correct"),
        ("\\boxed{m+n=117}", {"prompt": "Find m+n."}, "wrong"),
        ("\\boxed{m + n = 50 + 63 = 116}", {"prompt": "Find m+n."}, "wrong"),  # a false chain answers nothing
        ("\\boxed{m+n=116}", {"prompt": "Find 2m+n."}, "wrong"),  # not what is asked
        ("\\boxed{m+n=116}", {}, "correct"),  # no question: a sum of one-letter names answers its value
        ("\\boxed{x+y=116}", {}, "wrong"),  # ... not x + y, a line
        ("\\boxed{x+y=116}", {"prompt": "Solve for x."}, "wrong"),
    ],
)
def test_an_equation_naming_the_asked_quantity_answers_its_value(completion: str, row: dict, status: str) -> None:
    assert math_answer(completion, {"reference": "116", **row}).status.value == status
