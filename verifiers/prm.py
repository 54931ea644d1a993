"""How a model-based process reward model (PRM) plugs in as a verifier.

A PRM is any callable ``prm(question, steps) -> scores``: the question text and the list of step
texts (as :func:`verifiers.math_steps.split_steps` cuts them, so ``steps[k] ==
completion[start_k:end_k]``) in, one float per step out (higher is better; a NaN score means "not
scored" and becomes a neutral step). The model itself is the caller's business: this module loads
nothing and downloads nothing.

    def my_prm(question: str, steps: list[str]) -> list[float]: ...   # module level: picklable
    verifier = make_prm_verifier(my_prm, aggregate="min")              # a plain Verifier
    pool = ScoringPool(verifier)                                       # ships to worker processes

The verifier is a ``functools.partial`` of :func:`prm_verifier`, so it pickles whenever the PRM does
(a module-level function, or an object whose class is importable and whose state pickles; a loaded
torch model usually should not be pickled per batch: give a small object that loads its model lazily
in the worker, or score in-process).

Choices:
- Step labels: a score ``>= threshold`` (default 0.5) is "correct", below it "wrong", NaN "neutral";
  the step reward is the PRM's score itself (not clipped; keep your PRM's scores in [0, 1] to match
  the rule-based verifiers).
- Outcome: an aggregate of the scored steps, picked by name from ``AGGREGATES`` (default "min",
  the usual "a solution is as good as its worst step"; "prod", "mean", "last" also available).
  Status: CORRECT when every scored step clears the threshold, WRONG otherwise.
- A PRM that raises, returns the wrong number of scores, or non-numbers is a harness failure:
  ``Status.ERROR`` with ``info["reason"]`` saying what happened, never an exception into the
  caller and never a silent 0 (``Status.ERROR.is_infra`` is True, so a trainer can drop the item).
- A completion with no steps (blank) gets ``Status.NO_ANSWER``; a row without the question (under
  ``question_key``, default "question") gets ``Status.BAD_INPUT``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from verigrpo.verifiers.math_steps import Step, split_steps
from verigrpo.verifiers.types import Reward, Status, StepReward, Verifier


class ProcessRewardModel(Protocol):
    """``(question, step texts) -> one score per step``."""

    def __call__(self, question: str, steps: list[str], /) -> Sequence[float]: ...


def _last(xs: list[float]) -> float:
    return xs[-1]


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


AGGREGATES: dict[str, Callable[[list[float]], float]] = {
    "min": min,
    "prod": math.prod,
    "mean": _mean,
    "last": _last,
}


def prm_verifier(
    completion: str,
    row: Mapping[str, Any],
    *,
    prm: ProcessRewardModel,
    splitter: Callable[[str], list[Step]] = split_steps,
    question_key: str = "question",
    aggregate: str = "min",
    threshold: float = 0.5,
) -> Reward:
    """Score ``completion`` step by step with ``prm`` (see the module docstring for the rules)."""
    agg = AGGREGATES[aggregate]
    question = row.get(question_key)
    if not isinstance(question, str):
        return Reward.failure(Status.BAD_INPUT, reason=f"row has no string {question_key!r}")
    steps = splitter(completion)
    if not steps:
        return Reward(0.0, Status.NO_ANSWER, [], {"reason": "no steps", "n_steps": 0})
    try:
        raw = prm(question, [s.text for s in steps])
    except Exception as e:  # the PRM is caller code: report, do not crash the batch
        return Reward.failure(Status.ERROR, reason="prm raised", error=f"{type(e).__name__}: {e}")
    try:
        scores = [float(x) for x in raw]
    except (TypeError, ValueError) as e:
        return Reward.failure(Status.ERROR, reason="prm returned non-numeric scores", error=str(e))
    if len(scores) != len(steps):
        return Reward.failure(
            Status.ERROR,
            reason=f"prm returned {len(scores)} scores for {len(steps)} steps",
            n_steps=len(steps),
            n_scores=len(scores),
        )
    rewards = []
    for step, score in zip(steps, scores):
        label = "neutral" if math.isnan(score) else "correct" if score >= threshold else "wrong"
        rewards.append(StepReward(step.start, step.end, score, label))
    scored = [s for s in scores if not math.isnan(s)]
    if not scored:
        return Reward(0.0, Status.ERROR, rewards, {"reason": "prm scored no step", "scores": scores})
    ok = all(s >= threshold for s in scored)
    info = {"scores": scores, "aggregate": aggregate, "n_steps": len(steps)}
    return Reward(float(agg(scored)), Status.CORRECT if ok else Status.WRONG, rewards, info)


def make_prm_verifier(prm: ProcessRewardModel, **options: Any) -> Verifier:
    """A picklable ``(completion, row) -> Reward`` for ``prm`` (options as in :func:`prm_verifier`)."""
    if not callable(prm):
        raise TypeError(f"prm must be callable, got {prm!r}")
    aggregate = options.get("aggregate", "min")
    if aggregate not in AGGREGATES:
        raise ValueError(f"unknown aggregate {aggregate!r}; choose one of {sorted(AGGREGATES)}")
    return functools.partial(prm_verifier, prm=prm, **options)
