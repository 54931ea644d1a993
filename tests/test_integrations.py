"""Our verifiers inside other trainers: the TRL reward function (against the installed TRL's calling convention,
and one real GRPOTrainer step on a tiny random model) and verl's ``compute_score`` signatures.

The scoring pool's workers import this module to find ``test_integrations:...`` verifiers, so its top level
imports nothing heavy."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pytest
from verigrpo.verifiers.types import Reward, Status


def length_or_crash(completion: str, row: Mapping[str, Any]) -> Reward:
    """A test verifier: rows marked ``crash`` raise (an ``error``, a harness failure), others pay 1.0 when the
    completion is at least ``reference`` characters long."""
    if row.get("crash"):
        raise RuntimeError("verifier bug")
    ok = len(completion) >= int(row["reference"])
    return Reward(1.0 if ok else 0.0, Status.CORRECT if ok else Status.WRONG)


# ---- TRL's calling convention, without a trainer ---------------------------------------------------------


class Recorder:
    def __init__(self) -> None:
        self.metrics: dict[str, list[float]] = {}
        self.extra: dict[str, list[Any]] = {}

    def log_metric(self, name: str, value: float) -> None:
        self.metrics.setdefault(name, []).append(value)

    def log_extra(self, column: str, values: list[Any]) -> None:
        self.extra.setdefault(column, []).extend(values)


@pytest.fixture(scope="module")
def math_reward():
    from verigrpo.integrations.trl import reward_function

    reward = reward_function("math", workers=1, timeout=20)
    yield reward
    reward.close()


def test_trl_reward_scores_text_and_conversational_completions_with_trl_keywords(math_reward):
    rec = Recorder()
    prompts = ["What is 2+2?", [{"role": "user", "content": "What is 3+3?"}], "x", "y"]
    completions = ["\\boxed{4}", [{"role": "assistant", "content": "It is \\boxed{6}."}], "\\boxed{5}", "the answer is 7"]
    out = math_reward(
        prompts=prompts, completions=completions, completion_ids=[[1]] * 4, reference=["4", "6", "4", "7"],
        trainer_state=object(), log_metric=rec.log_metric, log_extra=rec.log_extra,
    )
    assert out == [1.0, 1.0, 0.0, 1.0]
    assert rec.metrics["verigrpo_math/status/correct"] == [0.75]
    assert rec.metrics["verigrpo_math/status/wrong"] == [0.25]
    assert rec.extra["verigrpo_math_status"] == ["correct", "correct", "wrong", "correct"]


def test_trl_reward_gives_none_for_harness_failures_and_logs_every_status_seen():
    from verigrpo.integrations.trl import reward_function

    reward = reward_function("test_integrations:length_or_crash", workers=1, timeout=20, reference_key="min_len")
    try:
        rec = Recorder()
        first = reward(prompts=["p"] * 3, completions=["abc", "a", "abc"], min_len=[2, 2, 2], crash=[False, False, True],
                       log_metric=rec.log_metric)
        assert first == [1.0, 0.0, None]  # TRL turns None into NaN and leaves it out
        second = reward(prompts=["p"], completions=["abc"], min_len=[2], crash=[False], log_metric=rec.log_metric)
        assert second == [1.0]
        # a status absent from a batch is logged as 0 once seen, so TRL's per-step average is not biased
        assert rec.metrics[f"{reward.__name__}/status/error"] == [pytest.approx(1 / 3), 0.0]
        assert reward.statuses == {"correct": 2, "wrong": 1, "error": 1}
    finally:
        reward.close()


def test_trl_reward_names_the_missing_reference_column(math_reward):
    with pytest.raises(KeyError, match="no 'reference' column.*'solution'.*reference_key="):
        math_reward(prompts=["q"], completions=["\\boxed{1}"], solution=["1"])


def test_trl_reward_refuses_an_unknown_verifier_when_built():
    from verigrpo.integrations.trl import reward_function
    from verigrpo.verifiers.registry import UnknownVerifierError

    with pytest.raises(UnknownVerifierError):
        reward_function("no_such_verifier_anywhere")


def test_trl_reward_reads_the_question_from_the_prompt(math_reward):
    # the math verifier answers "m+n = 116" with 116 only when the question asks for m+n
    completion = "So \\boxed{m+n = 116}"
    asked = math_reward(prompts=["Find m+n."], completions=[completion], reference=["116"])
    other = math_reward(prompts=["Find the area."], completions=[completion], reference=["116"])
    assert asked == [1.0] and other == [0.0]


# ---- one real GRPOTrainer step ---------------------------------------------------------------------------


def test_one_trl_grpo_step_with_our_reward_masks_harness_failures(tmp_path):
    from datasets import Dataset
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer
    from verigrpo.grpo_train.model import build_tiny_random
    from verigrpo.integrations.trl import reward_function

    model = build_tiny_random(tmp_path / "model", hidden=16, layers=1)
    # half the rows crash the verifier: their completions must be masked (NaN), not scored 0
    data = Dataset.from_list([{"prompt": f"q{i}", "min_len": 1, "crash": i % 2 == 1} for i in range(4)])
    reward = reward_function("test_integrations:length_or_crash", workers=1, timeout=20, reference_key="min_len")
    logs: list[dict[str, float]] = []

    class Keep(TrainerCallback):
        def on_log(self, args, state, control, logs_=None, **kw):  # noqa: ANN001
            logs.append(dict(kw.get("logs") or logs_ or {}))

    cfg = GRPOConfig(
        output_dir=str(tmp_path / "out"), per_device_train_batch_size=4, num_generations=2, max_completion_length=4,
        max_steps=1, learning_rate=1e-4, use_cpu=True, bf16=False, logging_steps=1, report_to="none",
        save_strategy="no", dataloader_num_workers=0, seed=0,
    )
    try:
        trainer = GRPOTrainer(model=str(model), reward_funcs=[reward], args=cfg, train_dataset=data, callbacks=[Keep()])
        trainer.train()
    finally:
        reward.close()
    step = next(x for x in logs if f"rewards/{reward.__name__}/mean" in x)
    # every completion of >= 1 character passes; the crashed half is NaN and left out of the mean
    assert step[f"rewards/{reward.__name__}/mean"] == pytest.approx(1.0)
    assert step[f"{reward.__name__}/status/error"] == pytest.approx(0.5)
    assert reward.statuses["error"] == reward.statuses["correct"] == 2  # 2 prompts x 2 generations


# ---- verl ------------------------------------------------------------------------------------------------


def test_verl_compute_score_per_sample_and_batch():
    from verigrpo.integrations import verl

    one = verl.compute_score("openai/gsm8k", "... #### 72 so \\boxed{72}", "72", {"question": "How many?"})
    assert one == {"score": 1.0, "status": "correct", "harness_failure": 0.0}
    batch = verl.compute_score_batch(
        data_sources=["a", "a", "a"], solution_strs=["abc", "a", "abc"], ground_truths=[2, 2, 2],
        extra_infos=[None, {}, {"crash": True}], verifier="test_integrations:length_or_crash", workers=1, timeout=20,
    )
    assert [b["score"] for b in batch] == [1.0, 0.0, 0.0]
    assert [b["harness_failure"] for b in batch] == [0.0, 0.0, 1.0] and batch[2]["status"] == "error"
    assert not math.isnan(sum(b["score"] for b in batch))  # verl cannot mask: a failure scores 0, flagged
    with pytest.raises(ValueError, match="2 solutions, 1 ground truths"):
        verl.compute_score_batch(["a", "a"], ["x", "y"], ["1"])
