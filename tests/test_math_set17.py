"""Classes found by the seventeenth external set (benchmarks/data/external_pairs_17.jsonl: Oppia's rule specs and
classifier tests, Moodle's numerical question type, PRM800K's grader, PAL's GSM-hard, JEEBench) at its first run,
each fixed by a general rule. The examples are ours, not the set's rows."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # a key that runs option letters together (JEE Advanced's multiple-correct "ABD") names a set of options
        ("\\boxed{A, B, D}", "ABD", "correct"),
        ("\\boxed{(D), (A), (B)}", "ABD", "correct"),
        ("\\boxed{\\{B, D, A\\}}", "ABD", "correct"),
        ("\\boxed{(B) \\text{ and } (C)}", "BC", "correct"),
        ("\\boxed{\\text{B and C}}", "BC", "correct"),
        ("The answer is (B) and (C).", "BC", "correct"),
        ("\\boxed{A, B}", "ABD", "wrong"),  # a subset
        ("\\boxed{A, B, D, E}", "ABD", "wrong"),  # a superset
        ("\\boxed{(B) \\text{ or } (C)}", "BC", "wrong"),  # alternatives are a hedge
        ("\\boxed{A \\cdot B}", "AB", "correct"),  # still the product where it is one
        # a plain mixed number whose fraction part is improper is still a mixed number
        ("\\boxed{2 6/4}", "3.5", "correct"),
        ("\\boxed{2 6/4}", "3", "wrong"),
        ("\\boxed{1 12/3}", "1 40/10", "correct"),
        # a unit after a plain fraction applies to the fraction
        ("\\boxed{3/20 g/cm^2}", "1.5 kg/m^2", "correct"),
        ("\\boxed{3000/2 g/m^2}", "1.5 kg/m^2", "correct"),
        ("\\boxed{3/21 g/cm^2}", "1.5 kg/m^2", "wrong"),
        # cents inside a compound unit
        ("\\boxed{150 cents/kg}", "1.5 dollar/kg", "correct"),
        ("\\boxed{15 cents/kg}", "1.5 dollar/kg", "wrong"),
        # two equations whose sides differ by an irrational constant factor have the same solutions
        ("\\boxed{y/\\sqrt{3} = x}", "y = \\sqrt{3}x", "correct"),
        ("\\boxed{y/\\sqrt{3} = x}", "y = \\sqrt{2}x", "wrong"),
        ("\\boxed{y = \\pi x + 1}", "\\frac{y}{\\pi} = x", "wrong"),
    ],
)
def test_set17_classes(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status
