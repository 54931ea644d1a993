"""What stop 24 reads: a contest's sum of names set to a value (``m+n = 256+37``), a later ``####`` that follows a
retraction on the earlier marker's own line, and a check of the answer after it. Every paying case below was
refused before its rule; the refusing cases bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from verigrpo.verifiers.math import math_answer


def _raw(completion: str, gold: str) -> float:
    return math_answer(completion, {"reference": gold}).outcome


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # distinct one-letter names joined by "+", set equal to a value without letters: the value is the answer
        ("Answer: m+n = 256+37", "293", 1.0),
        ("The answer is $m + n = 293$.", "293", 1.0),
        ("$\\boxed{a+b+c = 12}$", "12", 1.0),
        ("$\\boxed{m+n = 293}$", "m+n=293", 1.0),
        ("Answer: m+n = 256+38", "293", 0.0),
        # ... but not a line or a plane, a repeated name, a coefficient, or a value with letters
        ("$\\boxed{x+y = 10}$", "10", 0.0),
        ("$\\boxed{m+m = 4}$", "4", 0.0),
        ("$\\boxed{2a+b = 5}$", "5", 0.0),
        ("$\\boxed{m+n = 2k}$", "2", 0.0),
        # a retraction on the earlier marker's own line: the later marker revises it
        ("First pass: #### 9. Wait, recompute.\n#### 18", "18", 1.0),
        ("First pass: #### 9. Wait, recompute.\n#### 18", "9", 0.0),
        ("#### 9\n#### 18", "18", 0.0),  # two markers, nothing taken back: a hedge
        # a check after the answer: the value checked, not the check's numbers
        ("x = −10. Check: 2(−10) + 8 = −12.", "-10", 1.0),
        ("x = −10. Check: 2(−10) + 8 = −12.", "-12", 0.0),
        ("So x = 5.\n\n**Check:** 5 + 3 = 8 ✓", "5", 1.0),
        ("So x = 5.\nVerification: 2*5 = 10, 10 - 2 = 8.\nIt works.", "5", 1.0),
        ("So x = 5.\nVerification: 2*5 = 10, 10 - 2 = 8.\nIt works.", "8", 0.0),
        ("Check: 3+4 = 7", "7", 1.0),  # nothing before the check: the check is the text
    ],
)
def test_stop24_classes(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


def test_stop24_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("fallback", "_CHECK_TAIL_RE", "'\\ncheck: ab' * (n // 10)"),
            ("fallback", "_CHECK_TAIL_RE", "'. check:' * (n // 8)"),
            ("fallback", "_CHECK_TAIL_RE", "'check: ' + 'a\\n' * n"),
        ]
    )
