"""verifiers: turn a completion (plus its dataset row) into a typed reward.

A verifier is a plain, picklable function ``(completion, row) -> Reward``. Register one
with ``@register("name")``, look it up with ``get_verifier("name")``, score many at once
with :class:`ScoringPool`.
"""

from verigrpo.verifiers.types import Reward, Status, StepReward, Verifier  # noqa: I001
from verigrpo.verifiers.registry import (
    ENTRY_POINT_GROUP,
    UnknownVerifierError,
    get_verifier,
    list_verifiers,
    register,
)

# Built-ins register themselves on import.
from verigrpo.verifiers import math, format_tags, math_steps, code, reasoning_gym  # noqa: F401,E402
from verigrpo.verifiers.compose import Composite, compose  # noqa: E402
from verigrpo.verifiers.pool import ScoringPool  # noqa: E402

__all__ = [
    "ENTRY_POINT_GROUP",
    "Composite",
    "Reward",
    "ScoringPool",
    "Status",
    "StepReward",
    "UnknownVerifierError",
    "Verifier",
    "compose",
    "get_verifier",
    "list_verifiers",
    "register",
]
