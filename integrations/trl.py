"""Our verifiers as a TRL reward function.

>>> from verigrpo.integrations.trl import reward_function
>>> reward = reward_function("math", workers=2, timeout=10)
>>> trainer = GRPOTrainer(model=..., reward_funcs=[reward], train_dataset=data, args=cfg)

TRL (>= 0.19) calls a reward function with ``prompts``, ``completions``, ``completion_ids`` and every other
dataset column as a keyword list (one value per completion), and, in recent versions, ``trainer_state``,
``log_metric`` and ``log_extra``. This adapter builds one row per completion from those columns (the reference
from ``reference_key``; ``prompt`` the prompt's text, which the math verifier reads for the question), scores
the batch in a :class:`~verifiers.pool.ScoringPool` (its own processes and hard timeouts), and returns
``Reward.outcome`` per completion, or ``None`` where the harness failed (timeout, verifier error, crashed worker,
malformed row: ``Status.is_infra``), which TRL turns into NaN and leaves out of the advantage instead of scoring
the completion 0. Each call logs the share of each status through ``log_metric`` when TRL passes it, and adds a
``<name>_status`` column to TRL's completions table through ``log_extra``.
"""

from __future__ import annotations

import collections
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

from verigrpo.verifiers.pool import ScoringPool
from verigrpo.verifiers.registry import get_verifier
from verigrpo.verifiers.types import Reward

# Keyword arguments TRL adds that are not dataset columns.
_TRAINER_KEYS = frozenset({"trainer_state", "log_metric", "log_extra", "environments", "completion_ids"})


def message_text(value: Any) -> str:
    """A completion or prompt as text: a string as is, a conversation (TRL's conversational format: a list of
    ``{"role", "content"}`` messages) as its last message's content (the assistant's turn of a completion, the
    user's question of a prompt). Content given as parts (``[{"type": "text", "text": ...}]``) is joined."""
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence) and value and isinstance(value[-1], Mapping):
        content = value[-1].get("content", "")
        if isinstance(content, str):
            return content
        if isinstance(content, Sequence):
            return "".join(p.get("text", "") for p in content if isinstance(p, Mapping))
    raise TypeError(f"expected a string or a list of chat messages, got {type(value).__name__}")


class VerifierReward:
    """A TRL reward function backed by a verifier and a scoring pool (see the module docstring).

    The pool starts at the first call and stops with :meth:`close` or when the object is collected."""

    def __init__(
        self,
        verifier: str,
        *,
        workers: int = 2,
        timeout: float = 10.0,
        reference_key: str = "reference",
        name: str | None = None,
        **options: Any,
    ) -> None:
        get_verifier(verifier, **options)  # an unknown name or option fails here, not at the first step
        self.verifier, self.options = verifier, options
        self.workers, self.timeout, self.reference_key = workers, timeout, reference_key
        # TRL names the reward's metrics after it: "verigrpo_math", "verigrpo_fn" for "pkg.mod:fn"
        self.__name__ = name or "verigrpo_" + verifier.replace(":", ".").rsplit(".", 1)[-1]
        self.statuses: collections.Counter[str] = collections.Counter()  # every status seen, for the caller
        self._pool: ScoringPool | None = None

    @property
    def pool(self) -> ScoringPool:
        if self._pool is None:
            verifier = get_verifier(self.verifier, **self.options)
            self._pool = ScoringPool(verifier, workers=self.workers, timeout=self.timeout)
            weakref.finalize(self, self._pool.close)
        return self._pool

    def rows(self, prompts: Sequence[Any] | None, n: int, columns: Mapping[str, Any]) -> list[dict[str, Any]]:
        """One row per completion from TRL's keyword columns (each a list of ``n`` values)."""
        if self.reference_key not in columns:
            have = sorted(k for k in columns if k not in _TRAINER_KEYS)
            raise KeyError(
                f"{self.__name__}: the dataset has no {self.reference_key!r} column (columns: {have}); "
                f"pass reference_key= to name the column holding the reference answer"
            )
        lists = {k: v for k, v in columns.items() if k not in _TRAINER_KEYS and isinstance(v, list) and len(v) == n}
        rows = [{k: v[i] for k, v in lists.items()} for i in range(n)]
        for i, row in enumerate(rows):
            row["reference"] = row.get(self.reference_key)
            if prompts is not None:
                row["prompt"] = message_text(prompts[i])
        return rows

    def score(self, prompts: Sequence[Any] | None, completions: Sequence[Any], **columns: Any) -> list[Reward]:
        """The verifier's rewards (with statuses) for TRL's arguments."""
        texts = [message_text(c) for c in completions]
        return self.pool.score(texts, self.rows(prompts, len(texts), columns))

    def __call__(self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] = (), **kwargs: Any) -> list[float | None]:
        rewards = self.score(prompts, completions, **kwargs)
        counts = collections.Counter(r.status.value for r in rewards)
        self.statuses.update(counts)
        log_metric, log_extra = kwargs.get("log_metric"), kwargs.get("log_extra")
        if callable(log_metric) and rewards:  # every status seen so far, 0 when absent: TRL averages per step
            for status in sorted(self.statuses):
                log_metric(f"{self.__name__}/status/{status}", counts[status] / len(rewards))
        if callable(log_extra):
            log_extra(f"{self.__name__}_status", [r.status.value for r in rewards])
        return [None if r.status.is_infra else float(r.outcome) for r in rewards]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool = None


def reward_function(
    verifier: str = "math",
    *,
    workers: int = 2,
    timeout: float = 10.0,
    reference_key: str = "reference",
    name: str | None = None,
    **options: Any,
) -> VerifierReward:
    """A TRL-compatible reward function scoring completions with ``verifier`` (a registered name, an
    entry-point name or ``"pkg.mod:fn"``; ``options`` bound as in ``get_verifier``). ``reference_key``: the
    dataset column with the reference (TRL's own examples call it ``solution``). Harness failures come back as
    None (TRL masks them). See the module docstring."""
    return VerifierReward(verifier, workers=workers, timeout=timeout, reference_key=reference_key, name=name, **options)
