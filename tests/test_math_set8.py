"""Classes found by the eighth external set (benchmarks/data/external_pairs_8.jsonl: PRIME's committed evaluation
outputs, kolibrify, ouro_rl and ToRA grader tests) at its first run."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged
from verigrpo.verifiers.math import math_answer


def _status(completion: str, reference: str) -> str:
    return math_answer(completion, {"reference": reference}).status.value


@pytest.mark.parametrize(
    ("completion", "status"),
    [
        # reasoning then the response: only the response answers; an empty response leaves the reasoning's box
        # (set 124: outputs that end with "... is \\(\\boxed{49}\\).</think>")
        ("<think>\\boxed{42}</think>I'm not sure.", "wrong"),
        ("<think>\\boxed{42}</think>", "correct"),
        ("<think>\\boxed{42}</think>\n\n", "correct"),
        ("<think>The answer is 42.</think>", "no_answer"),
        ("<think>maybe 41</think>The answer is \\boxed{42}.", "correct"),
        ("reasoning, \\boxed{41}</think>\\boxed{42}", "correct"),  # the template opened the block
        ("<thinking>\\boxed{42}</thinking><answer>41</answer>", "wrong"),
    ],
)
def test_only_the_response_after_a_closed_think_block_answers(completion: str, status: str) -> None:
    assert _status(completion, "42") == status


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # a bare list in a tuple's order names the tuple; with two items only when the bracketed side is the answer
        # (a bracketed reference "(1, 2)" could be an interval; a bare reference "1, 2" is none)
        ("(1, 2, 3)", "1, 2, 3", True),
        ("(3, 2, 1)", "1, 2, 3", False),
        ("(1, 2)", "1, 2", True),
        ("1, 2", "(1, 2)", False),
        # an option letter names its option whatever text follows it, beyond E (MMLU-Pro has ten options)
        ("(K) $\\cos (360-A)^{\\circ}$", "K", True),
        ("(K) $\\cos (360-A)^{\\circ}$", "J", False),
        ("(F) 12", "F", True),
        ("(F) 12", "12", True),
        ("(F) 12", "13", False),
    ],
)
def test_set8_classes(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)
