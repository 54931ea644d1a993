"""Held-out evaluation: greedy accuracy and pass@k with the training verifiers.

Accuracy is the fraction of problems whose greedy completion the verifiers call ``correct`` (the primary
verifier's status; see ``verifiers.compose``). pass@k uses ``eval_samples = n`` sampled completions per
problem and the unbiased estimator of Chen et al. (2021), ``1 - C(n - c, k) / C(n, k)`` averaged over
problems (``c`` correct samples out of ``n``). Harness failures (timeouts, verifier errors) count as not
correct and are reported separately as ``infra``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import torch
from transformers import PreTrainedTokenizerBase
from verigrpo.grpo_train.config import Config
from verigrpo.grpo_train.hardware import choose_precision
from verigrpo.grpo_train.model import autocast
from verigrpo.grpo_train.rollout import generate, sample_seed
from verigrpo.verifiers import ScoringPool, Status

EVAL_STEP = -1  # the "step" in sample seeds of evaluation samples, apart from every training step


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from ``n`` samples of which ``c`` are correct: ``1 - C(n-c, k) / C(n, k)``.

    Computed as ``1 - prod_{i=n-c+1}^{n} (1 - k / i)`` (no huge binomials).
    """
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, got n={n}, c={c}, k={k}")
    if n - c < k:
        return 1.0
    return 1.0 - math.prod(1.0 - k / i for i in range(n - c + 1, n + 1))


def _correct_counts(
    model: torch.nn.Module,
    tokenizer: PreTrainedTokenizerBase,
    rows: Sequence[dict[str, Any]],
    pool: ScoringPool,
    cfg: Config,
    samples: int,
    temperature: float,
) -> tuple[list[int], int, list[dict[str, Any]]]:
    """Per row, how many of ``samples`` completions are correct; plus the infra count and a few examples."""
    counts, infra, examples = [], 0, []
    for start in range(0, len(rows), cfg.eval_batch_size):
        batch = list(rows[start : start + cfg.eval_batch_size])
        seeds = [sample_seed(cfg.seed, EVAL_STEP, start + i, j) for i in range(len(batch)) for j in range(samples)]
        rollout = generate(
            model,
            tokenizer,
            batch,
            num_generations=samples,
            max_new_tokens=cfg.max_new_tokens,
            temperature=temperature,
            top_p=cfg.top_p,
            system_prompt=cfg.system_prompt,
            seeds=seeds if temperature > 0 else None,
            precision=cfg.precision,
            chat_template=cfg.chat_template,
            stop_strings=cfg.stop_strings,
        )
        rewards = pool.score(rollout.texts, rollout.rows)
        ok = [r.status is Status.CORRECT for r in rewards]
        infra += sum(r.status.is_infra for r in rewards)
        counts += [sum(ok[i * samples : (i + 1) * samples]) for i in range(len(batch))]
        if not examples:
            examples = [
                {"prompt": row["prompt"], "completion": text, "status": r.status.value, "reward": r.outcome}
                for row, text, r in list(zip(rollout.rows, rollout.texts, rewards))[:3]
            ]
    return counts, infra, examples


def accuracy_by(groups: Sequence[tuple[str, int]]) -> dict[str, float]:
    """Accuracy per group from (group, correct) pairs (a row without the ``eval_group_by`` field is in group
    ""), sorted by group."""
    found: dict[str, list[int]] = {}
    for name, ok in groups:
        found.setdefault(name, []).append(ok)
    return {name: sum(v) / len(v) for name, v in sorted(found.items())}


def evaluate(
    model: torch.nn.Module,
    tokenizer: PreTrainedTokenizerBase,
    rows: Sequence[dict[str, Any]],
    pool: ScoringPool,
    cfg: Config,
) -> dict[str, Any]:
    """Greedy accuracy (and pass@k for ``cfg.eval_k`` when ``cfg.eval_samples > 1``) on ``rows``.

    Runs in ``cfg.precision`` (bf16 autocast or float32), like training; ``auto`` is resolved for the model's
    device (``grpo_train.hardware``) without a word (``verigrpo eval`` and ``train`` print their choice).
    """
    if cfg.precision == "auto":
        device = next(model.parameters()).device
        cfg = dataclasses.replace(cfg, precision=choose_precision("auto", device, say=lambda _: None))
    was_training = model.training
    model.eval()
    try:
        with autocast(next(model.parameters()).device, cfg.precision):
            greedy, infra, examples = _correct_counts(model, tokenizer, rows, pool, cfg, 1, 0.0)
            result: dict[str, Any] = {
                "problems": len(rows),
                "accuracy": sum(greedy) / max(len(rows), 1),
                "infra": infra,
                "examples": examples,
            }
            if cfg.eval_group_by:
                result["groups"] = [(str(row.get(cfg.eval_group_by, "")), ok) for row, ok in zip(rows, greedy)]
                result[f"accuracy_by_{cfg.eval_group_by}"] = accuracy_by(result["groups"])
            if cfg.eval_samples > 1:
                counts, infra_s, _ = _correct_counts(
                    model, tokenizer, rows, pool, cfg, cfg.eval_samples, cfg.temperature or 1.0
                )
                for k in cfg.eval_k:
                    values = [pass_at_k(cfg.eval_samples, c, k) for c in counts]
                    result[f"pass@{k}"] = sum(values) / max(len(values), 1)
                result["infra_sampled"] = infra_s
    finally:
        model.train(was_training)
    return result
