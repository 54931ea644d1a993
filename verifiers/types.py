"""The reward a verifier returns: an outcome, optional per-step rewards, a typed status.

Statuses are typed so that a caller can tell a wrong answer from a verifier that
could not decide. ``Status.is_infra`` is True for the statuses that say "the
harness failed, not the model" (timeout, verifier error, crashed worker, sandbox
error): a trainer may drop those items instead of scoring them 0.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any


class Status(str, Enum):
    """Why a reward has the value it has."""

    CORRECT = "correct"  # the answer matches / every test passed
    WRONG = "wrong"  # a parsed answer that does not match / tests failed
    PARTIAL = "partial"  # some but not all tests or sub-checks passed
    UNPARSABLE = "unparsable"  # an answer was found but could not be parsed
    NO_ANSWER = "no_answer"  # no answer could be extracted at all
    FORMAT_ERROR = "format_error"  # the required structure (tags) is missing or broken
    NO_CODE = "no_code"  # code verifiers: no code found in the completion
    SYNTAX_ERROR = "syntax_error"  # code verifiers: the code does not compile
    RUNTIME_ERROR = "runtime_error"  # code verifiers: the code raised before tests finished
    MEMORY_EXCEEDED = "memory_exceeded"  # the untrusted code hit its memory limit
    TIME_LIMIT = "time_limit"  # the untrusted program ran past its time limit (the model's fault)
    TOO_LONG = "too_long"  # the input exceeded a size cap and was not scored
    BAD_INPUT = "bad_input"  # the row itself is malformed (no reference, wrong type)
    TIMEOUT = "timeout"  # the verifier itself did not finish in time (the harness's problem)
    ERROR = "error"  # the verifier raised an exception (a bug, not a model failure)
    INFRA_ERROR = "infra_error"  # a worker crashed or the sandbox failed

    @property
    def is_infra(self) -> bool:
        """True when the status says nothing about the model's answer (harness failure or bad row)."""
        return self in _INFRA

    def __str__(self) -> str:  # json/logging friendly
        return self.value


# TIMEOUT is counted as infrastructure: a hung sympy call says nothing about the answer.
# A model-written program that loops past its limit is TIME_LIMIT instead: that *is* the
# model's answer, and a trainer must be able to penalise it rather than mask it.
_INFRA = frozenset({Status.TIMEOUT, Status.ERROR, Status.INFRA_ERROR, Status.BAD_INPUT})


@dataclasses.dataclass
class StepReward:
    """The reward of one step: the characters ``completion[start:end]`` and its score.

    ``label`` is "correct", "wrong" or "neutral" (nothing checkable in the step).
    """

    start: int
    end: int
    reward: float
    label: str = "neutral"

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass
class Reward:
    """What a verifier returns for one completion.

    outcome: the scalar reward used by Eq. 5 (outcome supervision).
    status:  why (see :class:`Status`).
    steps:   optional per-step rewards with character spans, used by Eq. 6.
    info:    sub-scores and diagnostics for logging (JSON-serialisable values).
    """

    outcome: float
    status: Status
    steps: list[StepReward] | None = None
    info: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "reward": float(self.outcome),
            "status": self.status.value,
            "steps": None if self.steps is None else [s.to_dict() for s in self.steps],
            "info": self.info,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Reward:
        steps = d.get("steps")
        return cls(
            outcome=float(d["reward"]),
            status=Status(d["status"]),
            steps=None if steps is None else [StepReward(**s) for s in steps],
            info=dict(d.get("info") or {}),
        )

    @classmethod
    def failure(cls, status: Status, **info: Any) -> Reward:
        """A zero reward with a status that explains it (no answer, timeout, ...)."""
        return cls(outcome=0.0, status=status, info=dict(info))


# A verifier: a plain, picklable function (completion, row) -> Reward.
Verifier = Callable[[str, Mapping[str, Any]], Reward]
