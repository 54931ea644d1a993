"""The check the external-set class tests share: a pair is judged alike by the answer comparison and by the
verifier on a boxed completion."""

from __future__ import annotations

from verigrpo.verifiers.math import answers_equivalent, math_answer


def assert_judged(answer: str, reference: str, equal: bool) -> None:
    """``answers_equivalent`` and ``math_answer`` on ``\\boxed{answer}`` both say ``equal``."""
    assert answers_equivalent(answer, reference) is equal
    assert (math_answer(f"\\boxed{{{answer}}}", {"reference": reference}).outcome == 1.0) is equal
