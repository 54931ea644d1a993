"""Classes found by the seventh external set (benchmarks/data/external_pairs_7.jsonl: edX's response-type tests,
and whole completions of small models from public GRPO and evaluation logs) at its first run."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "reference", "paid"),
    [
        # an <answer> block that is a sentence is read as a sentence after "Final Answer:" is: its "is", or its
        # one number; never the last of several numbers
        ("<answer>Therefore, Jean can fill 14 bags with 2 lollipops in each bag.</answer>", "2", False),
        ("<answer>Bob has 5 apples and 2 pears.</answer>", "2", False),
        ("<answer>We add them and get 17 apples in total</answer>", "17", True),
        ("<answer>The total number of apples Tom bought is 17.</answer>", "17", True),
        ("<answer>3 + 4 = 7</answer>", "7", True),  # maths, not a sentence: its last side
    ],
)
def test_an_answer_block_that_is_a_sentence_reads_as_one(completion: str, reference: str, paid: bool) -> None:
    assert (math_answer(completion, {"reference": reference}).outcome == 1.0) is paid
    # the same sentence after "Final Answer:" gets the same verdict
    sentence = completion.removeprefix("<answer>").removesuffix("</answer>")
    assert (math_answer(f"Final Answer: {sentence}", {"reference": reference}).outcome == 1.0) is paid


@pytest.mark.parametrize(("decimal", "paid"), [("0.333333", True), ("0.3333333", True), ("0.33333", False),
                                               ("0.333334", False)])
def test_the_decimal_tolerance_includes_its_bound(decimal: str, paid: bool) -> None:
    assert (math_answer(f"\\boxed{{{decimal}}}", {"reference": "\\frac13"}).outcome == 1.0) is paid
