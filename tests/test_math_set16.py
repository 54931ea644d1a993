"""Classes found by the sixteenth external set (benchmarks/data/external_pairs_16.jsonl: simpleRL-reason's stored
keys for CollegeMath, ASDiv, SVAMP, MAWPS, AQuA, SAT; Open-Reasoner-Zero's and oat's grader facts) at its first
run, each fixed by a general rule. The examples are ours, not the set's rows."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # a key "value (unit words)": the value with those words as its unit or label
        ("\\boxed{14}", "14 (pencils)", "correct"),
        ("\\boxed{14 \\text{ pencils}}", "14 (pencils)", "correct"),
        ("\\boxed{15}", "14 (pencils)", "wrong"),
        ("\\boxed{\\$2.35}", "2.35 (dollars)", "correct"),
        ("\\boxed{90 \\text{ minutes}}", "1.5 (hours)", "correct"),
        ("\\boxed{2500 g}", "2.5 (kilograms of flour)", "correct"),
        ("\\boxed{2500 m}", "2.5 (kilograms of flour)", "wrong"),
        # markdown bold around a whole key is emphasis
        ("\\boxed{41.5}", "**41.5**", "correct"),
        ("\\boxed{41}", "**41.5**", "wrong"),
    ],
)
def test_set16_reference_forms(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status
