"""How the maths tests score a completion: the outcome :func:`math_answer` pays for it against ``gold``, with the
question as the row's ``prompt`` where a case needs one (its options, its asked unit, its numbers)."""

from __future__ import annotations

from verigrpo.verifiers.math import math_answer


def score(completion: str, gold: str = "5", prompt: str | None = None) -> float:
    """The outcome, 1.0 (paid) or 0.0, of ``completion`` against the reference ``gold``."""
    row = {"reference": gold} | ({"prompt": prompt} if prompt else {})
    return math_answer(completion, row).outcome


def boxed(answer: str) -> str:
    """``answer`` as a completion that boxes it, as the benchmark wraps a bare answer."""
    return f"The final answer is $\\boxed{{{answer}}}$."
