"""Property: the ``math`` and ``math_steps`` verifiers never raise on any completion or reference text.

A raise becomes an ``error`` status in the pool, which the trainer masks instead of scoring 0: a policy that
finds one has a way to make a wrong answer cost nothing. Text is drawn from the pieces answers are made of.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from verigrpo.verifiers import get_verifier

PIECES = [
    "\\boxed{", "}", "{", "\\frac", "\\sqrt", "[", "]", "(", ")", "^", "_", "\\cdot", "\\times", "+", "-", "*", "/",
    "=", "<", "\\le", ",", ";", ":", "!", ".", " ", "\n", "$", "\\(", "\\)", "x", "y", "e", "i", "\\pi", "\\infty",
    "0", "1", "2", "9", "99", "999", "10", "4000", "\\text{", "cm", "%", "\\%", "or", "and", "The answer is ",
    "<answer>", "</answer>", "\\begin{pmatrix}", "\\end{pmatrix}", "&", "\\\\", "\\log", "\\sin", "!", "\\binom",
    "\\{", "\\}", "\\cup", "Step 1: ", "#### ", "\\dfrac", "\\left", "\\right", "|", "'", "\\circ", "°",
]
TEXT = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)
MATH, STEPS = get_verifier("math"), get_verifier("math_steps")


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(completion=TEXT, reference=TEXT)
def test_math_never_raises(completion: str, reference: str) -> None:
    MATH(completion, {"reference": reference or "1", "prompt": "Compute it."})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(completion=TEXT, reference=TEXT)
def test_math_steps_never_raises(completion: str, reference: str) -> None:
    STEPS(completion, {"reference": reference or "1"})
