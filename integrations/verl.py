"""Our verifiers as verl's ``compute_score``.

verl loads a custom reward function by file and name (``custom_reward_function.path`` / ``.name``) and passes
``custom_reward_function.reward_kwargs`` as extra keywords. Point it at this file:

    custom_reward_function.path=<site-packages>/verigrpo/integrations/verl.py
    custom_reward_function.name=compute_score            # NaiveRewardManager: one call per sample
    +custom_reward_function.reward_kwargs.verifier=math  # optional; also workers, timeout

or ``name=compute_score_batch`` with ``reward_model.reward_manager=batch`` (one call per batch: the scoring pool
then works on the whole batch in parallel). Each returns a dict per sample: ``score`` (the reward), ``status``
(the verifier's typed status) and ``harness_failure`` (1.0 where the harness, not the model, failed: a timeout,
a verifier error, a crashed worker, a malformed row). verl has no way to leave a sample out of the advantage, so
such a sample scores 0.0; watch ``harness_failure`` in verl's reward metrics. ``extra_info`` (verl's per-row
dict, e.g. ``question``) joins the row the verifier sees, so the math verifier can read the question.

The scoring pools live for the process, one per (verifier, workers, timeout, options), and stop at exit.
"""

from __future__ import annotations

import atexit
import json
from collections.abc import Mapping, Sequence
from typing import Any

from verigrpo.verifiers.pool import ScoringPool
from verigrpo.verifiers.registry import get_verifier
from verigrpo.verifiers.types import Reward

_POOLS: dict[str, ScoringPool] = {}


def _pool(verifier: str, workers: int, timeout: float, options: Mapping[str, Any]) -> ScoringPool:
    key = json.dumps([verifier, workers, timeout, options], sort_keys=True, default=repr)
    if key not in _POOLS:
        _POOLS[key] = ScoringPool(get_verifier(verifier, **options), workers=workers, timeout=timeout)
    return _POOLS[key]


@atexit.register
def close_pools() -> None:
    """Stop every scoring pool this module started."""
    while _POOLS:
        _POOLS.popitem()[1].close()


def _row(ground_truth: Any, extra_info: Mapping[str, Any] | None) -> dict[str, Any]:
    return {**(dict(extra_info) if isinstance(extra_info, Mapping) else {}), "reference": ground_truth}


def _result(reward: Reward) -> dict[str, Any]:
    failed = reward.status.is_infra
    return {"score": 0.0 if failed else float(reward.outcome), "status": reward.status.value, "harness_failure": float(failed)}


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[Mapping[str, Any] | None] | None = None,
    *,
    verifier: str = "math",
    workers: int = 2,
    timeout: float = 10.0,
    **options: Any,
) -> list[dict[str, Any]]:
    """verl's batch signature (``BatchRewardManager``): one result dict per sample (see the module docstring)."""
    del data_sources  # one verifier for the batch; route by data source with several reward functions
    infos = list(extra_infos) if extra_infos is not None else [None] * len(solution_strs)
    if not len(solution_strs) == len(ground_truths) == len(infos):
        raise ValueError(f"{len(solution_strs)} solutions, {len(ground_truths)} ground truths, {len(infos)} extra_infos")
    rows = [_row(g, e) for g, e in zip(ground_truths, infos)]
    return [_result(r) for r in _pool(verifier, workers, timeout, options).score(list(solution_strs), rows)]


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: Mapping[str, Any] | None = None,
    *,
    verifier: str = "math",
    workers: int = 2,
    timeout: float = 10.0,
    **options: Any,
) -> dict[str, Any]:
    """verl's per-sample signature (``NaiveRewardManager``): the result dict of one sample."""
    return compute_score_batch(
        [data_source], [solution_str], [ground_truth], [extra_info], verifier=verifier, workers=workers, timeout=timeout, **options
    )[0]
