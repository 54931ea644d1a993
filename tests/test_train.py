"""The trainer end to end on a tiny random model (CPU, offline): smoke runs of the real ``verigrpo train``
entry point, process advantages from ``math_steps``, checkpoint-and-resume equality, Ctrl-C, a two-process
torchrun run against a one-process run, seeded sampling, ``verigrpo eval`` and the pass@k estimator.

The scoring pool's worker processes import this module to find the verifiers below (``test_train:...``),
so its top level imports nothing heavy: torch and ``grpo_train`` are imported inside the fixtures and tests.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from verigrpo.verifiers.types import Reward, Status, StepReward

TESTS = Path(__file__).parent
ROOT = TESTS.parent

# ---- verifiers for random text (a tiny random model never answers a real question) -------------------------


def digit_share(completion: str, row: Mapping[str, Any]) -> Reward:
    """Reward = fraction of digit characters: continuous, so groups almost never tie."""
    share = sum(c.isdigit() for c in completion) / max(len(completion), 1)
    return Reward(share, Status.CORRECT if share >= 0.5 else Status.WRONG)


def digit_chunks(completion: str, row: Mapping[str, Any]) -> Reward:
    """Step rewards: every 3 characters are a step, rewarded 1 if they hold a digit."""
    steps = [
        StepReward(i, min(i + 3, len(completion)), float(any(c.isdigit() for c in completion[i : i + 3])))
        for i in range(0, len(completion), 3)
    ]
    outcome = sum(s.reward for s in steps) / max(len(steps), 1)
    return Reward(outcome, Status.CORRECT if outcome >= 0.5 else Status.WRONG, steps=steps)


def flat_outcome_chunks(completion: str, row: Mapping[str, Any]) -> Reward:
    """One outcome for every completion, step rewards that differ (every 3 characters, the parity of the first
    one's code point): only Eq. 6 sees a difference."""
    steps = [StepReward(i, min(i + 3, len(completion)), float(ord(completion[i]) % 2)) for i in range(0, len(completion), 3)]
    return Reward(1.0, Status.CORRECT, steps=steps)


def mostly_infra(completion: str, row: Mapping[str, Any]) -> Reward:
    """A broken harness: every completion but those of row 0 is a verifier error."""
    if row.get("reference") == "0":
        return digit_share(completion, row)
    return Reward.failure(Status.ERROR, error="the grader's service is down")


def refuse_odd(row: Mapping[str, Any]) -> str | None:
    return "an odd reference" if int(row["reference"]) % 2 else None


def digit_share_even_only(completion: str, row: Mapping[str, Any]) -> Reward:
    return digit_share(completion, row)


digit_share_even_only.check_reference = refuse_odd  # type: ignore[attr-defined]


# ---- fixtures ------------------------------------------------------------------------------------------


def overrides(tiny: dict[str, str], out: Path, **extra: Any) -> list[str]:
    """--set arguments for a fast run: 2 prompts x 4 samples, 8 new tokens, fp32, no evaluation."""
    values: dict[str, Any] = {
        "model": tiny["model"], "dataset": tiny["data"], "dataset_options": {}, "output_dir": str(out),
        "verifiers": ["test_train:digit_share"], "system_prompt": "", "num_generations": 4, "prompts_per_step": 2,
        "max_new_tokens": 8, "learning_rate": 1e-2, "precision": "fp32", "scoring_workers": 1, "eval_size": 2,
        "eval_before": False, "eval_after": False, "micro_batch_size": 3, "max_steps": 2, "save_every": 0,
        "skip_zero_variance": False, "log_samples": 2,
    }
    values.update(extra)
    from verigrpo.grpo_train.config import toml_value

    return [arg for k, v in values.items() for arg in ("--set", f"{k}={toml_value(v)}")]


def read_metrics(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]


def load_params(path: str | Path) -> dict[str, Any]:
    from safetensors.torch import load_file

    return load_file(str(Path(path) / "model.safetensors"))


def without_timings(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if not k.startswith("seconds")} for r in rows]


# ---- smoke runs of the real entry point ------------------------------------------------------------------


def test_a_run_whose_rewards_are_mostly_harness_failures_stops_with_a_clear_error(tiny, tmp_path, capsys):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    args = overrides(tiny, out, verifiers=["test_train:mostly_infra"], max_steps=10, infra_window=2, max_infra_frac=0.5)
    assert train_main(args) == 1
    err = capsys.readouterr().err
    assert "max_infra_frac = 0.5" in err and "error 100%" in err and "--resume" in err
    assert len(read_metrics(out)) == 2  # stopped after the window filled, not at step 10
    assert (out / "checkpoint" / "trainer.pt").exists()


def test_rows_whose_reference_the_verifier_cannot_judge_are_reported_and_left_out(tiny, tmp_path, capsys):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    args = overrides(tiny, out, verifiers=["test_train:digit_share_even_only"], max_steps=3, prompts_per_step=4)
    assert train_main(args) == 0
    text = capsys.readouterr()
    said = text.out + text.err
    assert "have a reference the verifiers cannot judge" in said and "an odd reference" in said and "left out" in said
    seen = [json.loads(line) for line in (out / "samples.jsonl").read_text().splitlines()]
    assert seen and all(int(s["reference"]) % 2 == 0 for s in seen)


@pytest.mark.parametrize("machine, expected", [("avx2", "fp32"), ("amx", "bf16")])
def test_train_resolves_precision_auto_from_the_probe_and_says_so(tiny, tmp_path, monkeypatch, capsys, machine, expected):
    import dataclasses

    from verigrpo.grpo_train import hardware, sharding
    from verigrpo.grpo_train.cli import train_main

    flags = {"avx2": {"avx2", "fma"}, "amx": {"avx2", "avx512f", "avx512_bf16", "amx_bf16"}}[machine]
    fake = hardware.Hardware(device="cpu", cpu_model="test", cpu_flags=frozenset(flags),
                             torch_isa="AVX2" if machine == "avx2" else "AVX512", onednn_max_isa="", threads=1, cores=2)
    monkeypatch.setattr(hardware, "probe", lambda device=None: dataclasses.replace(fake, device=torch_device_type(device)))
    monkeypatch.setattr(sharding, "has_accelerator", lambda: False)  # the CPU's decision, also on a machine with a GPU
    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, precision="auto", max_steps=4)) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["precision"] == expected
    assert 'precision = "auto"' in (out / "config.toml").read_text()  # the request is saved; a resume re-decides
    text = capsys.readouterr()
    assert f"precision: {expected} (auto: " in text.out + text.err
    assert "estimated total" in text.out + text.err  # printed after the third step of four


def torch_device_type(device: Any) -> str:
    import torch

    return torch.device(device or "cpu").type


@pytest.mark.parametrize(
    "advantage, verifier, extra",
    [
        ("outcome", "test_train:digit_share", {"beta": 0.04, "num_iterations": 2, "minibatches": 2}),
        ("process", "test_train:digit_chunks", {"aggregation": "token_mean", "precision": "bf16"}),
    ],
)
def test_train_main_two_steps_finite_loss_changed_parameters(tiny, tmp_path, advantage, verifier, extra):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    args = overrides(tiny, out, advantage=advantage, verifiers=[verifier], eval_after=True, **extra)
    assert train_main(args) == 0

    metrics = read_metrics(out)
    assert [m["step"] for m in metrics] == [1, 2]
    for m in metrics:
        assert math.isfinite(m["loss"]) and math.isfinite(m["grad_norm"]) and m["grad_norm"] > 0
        assert 0 <= m["reward"] <= 1 and m["completion_len"] > 0
        assert m["seconds_generate"] > 0 and m["seconds_train"] > 0
    if extra.get("num_iterations", 1) > 1:
        # later passes see a policy the earlier optimizer steps moved: away from the old policy and the reference
        assert all(m["kl_old"] > 0 and m["kl_ref"] > 0 for m in metrics)
    before, after = load_params(tiny["model"]), load_params(out / "checkpoint" / "model")
    assert any(not (before[k] == after[k]).all() for k in before)
    for name in ("config.toml", "samples.jsonl", "summary.json", "reward.png", "accuracy.png", "kl.png", "length.png"):
        assert (out / name).exists(), name
    summary = json.loads((out / "summary.json").read_text())
    assert summary["steps"] == 2 and "accuracy" in summary["eval_after"]
    sample = json.loads((out / "samples.jsonl").read_text().splitlines()[0])
    assert {"step", "prompt", "completion", "reward", "status"} <= set(sample)


def test_groups_with_equal_outcomes_but_different_steps_train_and_are_not_counted_flat(tiny, tmp_path):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    args = overrides(tiny, out, advantage="process", verifiers=["test_train:flat_outcome_chunks"], max_steps=1,
                     skip_zero_variance=True)
    assert train_main(args) == 0
    (m,) = read_metrics(out)
    assert m["reward"] == 1.0  # every outcome equal ...
    assert m["groups_kept"] == 2 and m["zero_variance_frac"] == 0.0  # ... but the step rewards differ: all trained
    assert m["grad_norm"] > 0


def test_process_advantages_from_math_steps_credit_the_wrong_step(tiny):
    """Two completions of one prompt scored by ``math_steps``; Eq. 6 advantages land on the right tokens."""
    import torch
    from verigrpo.grpo_train.config import Config
    from verigrpo.grpo_train.model import load_tokenizer
    from verigrpo.grpo_train.rollout import Rollout
    from verigrpo.grpo_train.train import advantages
    from verigrpo.verifiers import get_verifier

    tokenizer = load_tokenizer(tiny["model"])
    texts = ["2 + 3 = 5\n5 * 2 = 10\n\\boxed{10}", "2 + 3 = 5\n5 * 2 = 11\n\\boxed{11}"]
    row = {"prompt": "What is (2 + 3) * 2?", "reference": "10"}
    scored = [get_verifier("math_steps")(t, row) for t in texts]
    # Steps: [correct, correct, correct] and [correct, wrong, wrong(answer)] -> rewards [1, 1, 1] and [1, 0, 0].
    assert [[s.reward for s in r.steps] for r in scored] == [[1.0, 1.0, 1.0], [1.0, 0.0, 0.0]]
    ids = [tokenizer(t, add_special_tokens=False)["input_ids"] for t in texts]
    length = max(map(len, ids))
    completion = torch.tensor([x + [tokenizer.pad_token_id] * (length - len(x)) for x in ids])  # [2, L]
    mask = (completion != tokenizer.pad_token_id).float()
    prompt = torch.zeros(2, 1, dtype=torch.long)
    rollout = Rollout(torch.cat([prompt, completion], 1), torch.cat([prompt + 1, mask.long()], 1), 1, mask,
                      texts, [row, row], torch.zeros(2, dtype=torch.bool), prompt[:1], prompt[:1] + 1)
    rewards = torch.tensor([[r.outcome for r in scored]])  # [1, 2]
    adv = advantages(Config(num_generations=2, advantage="process"), rewards, scored, rollout, tokenizer)  # [2, L]
    # Six step rewards in the group: mean 4/6, population std sqrt(2)/3; 1 -> +1/sqrt(2), 0 -> -sqrt(2).
    # A token's advantage sums its own and all later steps of its completion (char-level tokens: index = char).
    up, down = 1 / math.sqrt(2), -math.sqrt(2)
    expected = {
        (0, 0): 3 * up, (0, 12): 2 * up, (0, 25): up,  # completion 0: steps at chars 0-8, 10-19, 21-30
        (1, 0): up + 2 * down, (1, 12): 2 * down, (1, 25): down,  # completion 1: the wrong steps pull down
    }
    for (i, t), value in expected.items():
        assert float(adv[i, t]) == pytest.approx(value, rel=1e-5), (i, t)
    assert float(adv[0, length - 1]) == pytest.approx(up, rel=1e-5)


# ---- checkpoints -----------------------------------------------------------------------------------------


def _patch_generate(monkeypatch: pytest.MonkeyPatch, on_call: int, action: Any) -> None:
    """Make the native backend's ``generate`` run ``action()`` on its ``on_call``-th call (1-based)."""
    import verigrpo.grpo_train.backends as train_module

    real, calls = train_module.generate, {"n": 0}

    def patched(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == on_call:
            action()
        return real(*args, **kwargs)

    monkeypatch.setattr(train_module, "generate", patched)


def test_ctrl_c_then_resume_reproduces_the_uninterrupted_run(tiny, tmp_path, monkeypatch):
    """Ctrl-C during step 2 finishes that step, saves, exits 130; --resume then matches a straight 4-step run."""
    import torch
    from verigrpo.grpo_train.cli import train_main

    straight, resumed = tmp_path / "straight", tmp_path / "resumed"
    assert train_main(overrides(tiny, straight, max_steps=4, save_every=3)) == 0

    _patch_generate(monkeypatch, 2, lambda: os.kill(os.getpid(), signal.SIGINT))
    assert train_main(overrides(tiny, resumed, max_steps=4, save_every=3)) == 130
    state = torch.load(resumed / "checkpoint" / "trainer.pt", weights_only=False)
    assert state["step"] == 2 and state["data"]["position"] == 4  # 2 steps x 2 prompts
    monkeypatch.undo()
    assert train_main(["--resume", "--set", f"output_dir={json.dumps(str(resumed))}"]) == 0

    assert without_timings(read_metrics(resumed)) == without_timings(read_metrics(straight))
    a, b = load_params(straight / "checkpoint" / "model"), load_params(resumed / "checkpoint" / "model")
    assert all((a[k] == b[k]).all() for k in a)
    assert not (resumed / "checkpoint.tmp").exists() and not (resumed / "checkpoint.old").exists()


def test_a_group_sigterm_that_breaks_the_scoring_is_redone_on_resume(tiny, tmp_path, monkeypatch):
    """SIGTERM to the whole process group (``timeout``, a scheduler) also stops the scoring workers: that step's
    rewards are harness failures. The step is not taken: the checkpoint holds step 1 and its data position, and
    --resume redoes step 2, matching a straight run."""
    import torch
    from verigrpo.grpo_train.cli import train_main
    from verigrpo.verifiers.pool import ScoringPool
    from verigrpo.verifiers.types import Reward, Status

    straight, stopped = tmp_path / "straight", tmp_path / "stopped"
    assert train_main(overrides(tiny, straight, max_steps=3)) == 0

    real, calls = ScoringPool.score_async, {"n": 0}

    def score_async(self, completions, rows):
        calls["n"] += 1
        if calls["n"] != 2:
            return real(self, completions, rows)
        os.kill(os.getpid(), signal.SIGTERM)  # the trainer's handler: stop after this step
        time.sleep(0.2)  # the handler runs in the main thread
        broken = [Reward.failure(Status.INFRA_ERROR, error="BrokenProcessPool: All workers expired")] * len(rows)
        future: concurrent.futures.Future = concurrent.futures.Future()
        future.set_result(broken)
        return future

    monkeypatch.setattr(ScoringPool, "score_async", score_async)
    assert train_main(overrides(tiny, stopped, max_steps=3)) == 130
    state = torch.load(stopped / "checkpoint" / "trainer.pt", weights_only=False)
    assert state["step"] == 1 and state["data"]["position"] == 2  # not the prompts step 2 had drawn
    assert [m["step"] for m in read_metrics(stopped)] == [1]
    monkeypatch.undo()
    assert train_main(["--resume", "--set", f"output_dir={json.dumps(str(stopped))}"]) == 0
    assert without_timings(read_metrics(stopped)) == without_timings(read_metrics(straight))


def test_held_out_accuracy_broken_down_by_a_row_field(tiny, tmp_path):
    """``eval_group_by`` adds the accuracy per value of a row field to the evaluation (the code task's
    families); the groups' accuracies weighted by their sizes give the overall accuracy."""
    from verigrpo.grpo_train.cli import train_main
    from verigrpo.grpo_train.evaluate import accuracy_by

    assert accuracy_by([("a", 1), ("b", 0), ("a", 0), ("a", 1)]) == {"a": 2 / 3, "b": 0.0}
    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=1, eval_before=True, eval_size=4,
                                eval_group_by="reference")) == 0
    before = json.loads((out / "summary.json").read_text())["eval_before"]
    by = before["accuracy_by_reference"]
    assert len(by) == 4 and all(0.0 <= v <= 1.0 for v in by.values())  # four held-out rows, four references
    assert sum(by.values()) / 4 == pytest.approx(before["accuracy"])


def test_a_resumed_run_keeps_its_before_evaluation_in_the_summary(tiny, tmp_path, monkeypatch):
    """The "before" evaluation runs only at step 0; a run stopped and resumed still reports it (it travels in
    the checkpoint), so summary.json has both ends."""
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    _patch_generate(monkeypatch, 2, lambda: os.kill(os.getpid(), signal.SIGINT))
    assert train_main(overrides(tiny, out, max_steps=3, eval_before=True, eval_after=True)) == 130
    monkeypatch.undo()
    assert train_main(["--resume", "--set", f"output_dir={json.dumps(str(out))}"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["start_step"] == 2 and summary["eval_before"]["problems"] == 2
    assert 0.0 <= summary["eval_before"]["accuracy"] <= 1.0 and "eval_after" in summary


def test_hard_interrupt_before_the_update_saves_the_last_finished_step(tiny, tmp_path, monkeypatch):
    import torch
    from verigrpo.grpo_train.cli import train_main

    def interrupt() -> None:
        raise KeyboardInterrupt

    _patch_generate(monkeypatch, 2, interrupt)
    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=3)) == 130
    state = torch.load(out / "checkpoint" / "trainer.pt", weights_only=False)
    assert state["step"] == 1 and state["data"]["position"] == 2  # not the prompts step 2 had drawn
    assert [m["step"] for m in read_metrics(out)] == [1]


def test_resume_without_checkpoint_is_an_error(tiny, tmp_path):
    from verigrpo.grpo_train.config import load_config
    from verigrpo.grpo_train.train import train

    with pytest.raises(FileNotFoundError, match="no checkpoint"):
        train(load_config(None, overrides(tiny, tmp_path / "empty")[1::2]), resume=True)


def test_fresh_run_into_a_used_output_dir_is_refused_and_loses_nothing(tiny, tmp_path):
    """From Python (the CLI moves the earlier run aside first), a fresh run must not truncate the earlier
    run's metrics or overwrite its checkpoint."""
    from verigrpo.grpo_train.cli import train_main
    from verigrpo.grpo_train.config import load_config
    from verigrpo.grpo_train.train import train

    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=1)) == 0
    before = (out / "metrics.jsonl").read_text()
    with pytest.raises(FileExistsError, match="earlier run"):
        train(load_config(None, overrides(tiny, out)[1::2]))
    assert (out / "metrics.jsonl").read_text() == before
    assert (out / "checkpoint" / "trainer.pt").exists()


def test_ref_offload_trains_exactly_like_an_in_memory_reference(tiny, tmp_path):
    """beta > 0 with the reference refreshed every step: offloading its weights to a file changes nothing in
    the metrics (KL included) or the final weights, and the file is removed at the end."""
    from verigrpo.grpo_train.cli import train_main

    extra = {"beta": 0.1, "ref_refresh_every": 1, "max_steps": 3}
    plain, offload = tmp_path / "plain", tmp_path / "offload"
    assert train_main(overrides(tiny, plain, **extra)) == 0
    assert train_main(overrides(tiny, offload, ref_offload=True, **extra)) == 0
    rows = read_metrics(offload)
    assert without_timings(rows) == without_timings(read_metrics(plain))
    assert any(r["kl_ref"] > 0 for r in rows)
    a, b = load_params(plain / "checkpoint" / "model"), load_params(offload / "checkpoint" / "model")
    assert all((a[k] == b[k]).all() for k in a)
    ref_a, ref_b = load_params(plain / "checkpoint" / "ref"), load_params(offload / "checkpoint" / "ref")
    assert all((ref_a[k] == ref_b[k]).all() for k in ref_a)
    assert not list(offload.glob(".ref_offload*"))


def test_optimizer_offload_trains_exactly_like_in_memory_states_and_resumes(tiny, tmp_path, capsys):
    """AdamW's moments in a file between optimizer steps (several steps per training step here) change
    nothing: same metrics, same weights and optimizer state; a checkpoint written while they are offloaded
    holds the real states, so a resumed run continues exactly; the file is removed at the end."""
    import torch
    from verigrpo.grpo_train.cli import train_main

    extra = {"beta": 0.04, "num_iterations": 2, "minibatches": 2, "lr_schedule": "constant"}
    plain, offload = tmp_path / "plain", tmp_path / "offload"
    assert train_main(overrides(tiny, plain, max_steps=3, **extra)) == 0
    assert train_main(overrides(tiny, offload, optimizer_offload=True, max_steps=2, **extra)) == 0
    assert not list(offload.glob(".optimizer_offload*"))
    capsys.readouterr()
    assert train_main(["--resume", *overrides(tiny, offload, optimizer_offload=True, max_steps=3, **extra)]) == 0
    assert "resuming with changed config keys: max_steps (" in capsys.readouterr().err  # the run was extended
    assert without_timings(read_metrics(offload)) == without_timings(read_metrics(plain))
    a, b = load_params(plain / "checkpoint" / "model"), load_params(offload / "checkpoint" / "model")
    assert all((a[k] == b[k]).all() for k in a)
    opt_a = torch.load(plain / "checkpoint" / "trainer.pt", weights_only=False)["optimizer"]["state"]
    opt_b = torch.load(offload / "checkpoint" / "trainer.pt", weights_only=False)["optimizer"]["state"]
    assert opt_a.keys() == opt_b.keys() and len(opt_a) > 0
    for i in opt_a:
        for key, value in opt_a[i].items():
            assert value.shape == opt_b[i][key].shape and (value == opt_b[i][key]).all()
    assert not list(offload.glob(".optimizer_offload*"))


# ---- processes -------------------------------------------------------------------------------------------


def test_two_process_torchrun_matches_one_process(tiny, tmp_path):
    """torchrun --nproc_per_node 2 (gloo on CPU): each process takes one of the two prompts; the losses, gradient
    norms and final weights equal those of one process taking both (sampling is seeded per completion). Both runs
    are fresh processes on the CPU, also where a GPU is present (NCCL cannot put two ranks on one GPU, and
    accelerate's state in this process may already hold a GPU)."""
    extra = {"max_steps": 2, "micro_batch_size": 2, "aggregation": "token_mean"}
    one, two = tmp_path / "one", tmp_path / "two"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(ROOT)]), "OMP_NUM_THREADS": "1"}
    env["CUDA_VISIBLE_DEVICES"] = ""
    single = [sys.executable, "-m", "verigrpo_cli", "train", *overrides(tiny, one, **extra)]
    proc = subprocess.run(single, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node", "2",
           "-m", "verigrpo_cli", "train", *overrides(tiny, two, **extra)]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]

    m1, m2 = read_metrics(one), read_metrics(two)
    for a, b in zip(m1, m2, strict=True):
        for key in ("loss", "grad_norm", "reward", "completion_len", "kl_old"):
            assert b[key] == pytest.approx(a[key], rel=1e-4, abs=1e-7), key
    p0 = load_params(tiny["model"])
    p1, p2 = load_params(one / "checkpoint" / "model"), load_params(two / "checkpoint" / "model")
    for k in p1:
        # Adam divides by sqrt(v): for weights whose gradients are near Adam's eps (1e-8), float summation order
        # shows up in the update (seen: 3 of 3200 embedding weights off by 0.4% of their own update), so the
        # bound is relative to the tensor's largest update. A missing process changes updates by O(1) of
        # themselves; a wrong gradient scale shows in the grad norms above (Adam's update is scale-free).
        update = (p1[k] - p0[k]).abs().max()
        assert (p1[k] - p2[k]).abs().max() <= 1e-2 * max(float(update), 1e-6), k


# ---- sampling --------------------------------------------------------------------------------------------


def test_a_completion_does_not_depend_on_its_batch_mates(tiny):
    """Seeded per completion: sampling rows together or one at a time gives the same completions."""
    from verigrpo.grpo_train.model import load_model, load_tokenizer
    from verigrpo.grpo_train.rollout import generate, sample_seed

    model, tokenizer = load_model(tiny["model"]), load_tokenizer(tiny["model"])
    rows = [{"prompt": "a"}, {"prompt": "a much longer prompt"}]
    kw = {"num_generations": 3, "max_new_tokens": 10, "temperature": 1.0, "top_p": 0.9, "system_prompt": "hi"}
    seeds = [sample_seed(0, 5, i, j) for i in range(2) for j in range(3)]
    together = generate(model, tokenizer, rows, seeds=seeds, **kw).texts
    alone = generate(model, tokenizer, rows[:1], seeds=seeds[:3], **kw).texts + generate(
        model, tokenizer, rows[1:], seeds=seeds[3:], **kw
    ).texts
    assert together == alone
    assert len(set(together[:3])) > 1  # different seeds, different samples
    again = generate(model, tokenizer, rows, seeds=seeds, **kw).texts
    assert again == together


def test_the_models_own_generation_config_does_not_change_the_samples(tiny):
    """A hub model's repetition_penalty or no_repeat_ngram_size would bend the samples away from softmax(z / T),
    the law the ratio and the KL assume: generate() must ignore them."""
    from verigrpo.grpo_train.model import load_model, load_tokenizer
    from verigrpo.grpo_train.rollout import generate, sample_seed

    model, tokenizer = load_model(tiny["model"]), load_tokenizer(tiny["model"])
    kw = {"num_generations": 4, "max_new_tokens": 12, "temperature": 1.0, "top_p": 1.0, "system_prompt": ""}
    rows, seeds = [{"prompt": "abc"}], [sample_seed(1, 2, 0, j) for j in range(4)]
    plain = generate(model, tokenizer, rows, seeds=seeds, **kw).texts
    model.generation_config.repetition_penalty = 50.0
    model.generation_config.no_repeat_ngram_size = 1
    assert generate(model, tokenizer, rows, seeds=seeds, **kw).texts == plain
    assert model.generation_config.repetition_penalty == 50.0  # the model's own config is put back


def test_minibatches_take_the_ratio_to_the_generating_policy(tiny, tmp_path):
    """With mu = 1 but two minibatches the second minibatch is updated by a policy that already moved: its ratio
    to the generating policy is not 1, so the approximate KL to the old policy must be positive."""
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "mb"
    assert train_main(overrides(tiny, out, minibatches=2, learning_rate=5e-2)) == 0
    assert any(m["kl_old"] > 0 for m in read_metrics(out))


def test_refreshed_reference_is_checkpointed_and_resumed(tiny, tmp_path):
    """Iterative GRPO: the refreshed reference is part of the atomic checkpoint, and --resume continues from it."""
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "refresh"
    extra = {"beta": 0.04, "ref_refresh_every": 1, "max_steps": 1}
    assert train_main(overrides(tiny, out, **extra)) == 0
    assert (out / "checkpoint" / "ref" / "config.json").exists()
    assert train_main([*overrides(tiny, out, **{**extra, "max_steps": 2}), "--resume"]) == 0
    metrics = read_metrics(out)
    assert [m["step"] for m in metrics] == [1, 2] and all(m["kl_ref"] >= 0 for m in metrics)


def test_process_advantages_without_step_rewards_is_a_clear_error():
    from verigrpo.grpo_train.train import token_steps

    scored = [Reward(1.0, Status.CORRECT), Reward(0.0, Status.WRONG)]
    with pytest.raises(ValueError, match="needs step rewards"):
        token_steps(scored, None, None)


def test_seeded_sampler_draws_from_the_softmax():
    """Inverse-CDF draws with temperature: empirical frequencies match softmax(logits / T); top-p keeps the
    nucleus only; each row's draws depend on its own seed, not on the other rows."""
    import torch
    from verigrpo.grpo_train.rollout import SeededSampler

    logits = torch.tensor([[2.0, 1.0, 0.0, -1.0]])
    sampler = SeededSampler([123], temperature=0.7, top_p=1.0)
    counts = torch.bincount(torch.cat([sampler(logits) for _ in range(4000)]), minlength=4).float()
    expected = torch.softmax(logits[0] / 0.7, -1)
    assert torch.allclose(counts / 4000, expected, atol=0.03)
    nucleus = SeededSampler([7], temperature=1.0, top_p=0.5)  # p = [.64, .24, .09, .03]: only token 0 is kept
    assert all(int(nucleus(logits)) == 0 for _ in range(50))
    wide = SeededSampler([7], temperature=1.0, top_p=0.7)  # .64 < .7: tokens 0 and 1 are kept, never 2 or 3
    assert set(torch.cat([wide(logits) for _ in range(300)]).tolist()) == {0, 1}
    zero_prob = torch.tensor([[0.0, -float("inf"), 0.0, -float("inf")]])  # never picks a -inf token
    half = SeededSampler([1], 1.0, 1.0)
    assert set(torch.cat([half(zero_prob) for _ in range(200)]).tolist()) == {0, 2}
    # Row 0 with seed 5 draws the same sequence alone or beside another row with another seed.
    alone, paired = SeededSampler([5], 1.0, 1.0), SeededSampler([5, 9], 1.0, 1.0)
    flat = torch.zeros(1, 50)
    assert [int(alone(flat)) for _ in range(20)] == [int(paired(flat.expand(2, -1))[0]) for _ in range(20)]
    with pytest.raises(ValueError, match="temperature"):
        SeededSampler([1], temperature=0.0, top_p=1.0)


@settings(max_examples=200, deadline=None)
@given(
    weights=st.lists(st.integers(0, 8), min_size=1, max_size=40).filter(any),
    u=st.floats(0.0, 1.0, exclude_max=True),
    chunk=st.sampled_from([1, 3, 4, 7, 64]),
)
def test_inverse_cdf_in_blocks_draws_what_the_full_cdf_draws(weights, u, chunk):
    """The two-level lookup picks the token a full float64 cumsum picks: probabilities in multiples of 1/8 keep
    every partial sum exact, so any difference is a logic error. A zero-probability token is never drawn, also
    at a block's end and for u just below 1."""
    import torch
    from verigrpo.grpo_train.rollout import inverse_cdf

    probs = torch.tensor([weights], dtype=torch.float32) / 8  # [1, V]
    cdf = probs.double().cumsum(-1)
    expected = int(torch.searchsorted(cdf, torch.tensor([[u * float(cdf[0, -1])]], dtype=torch.float64), right=True))
    got = int(inverse_cdf(probs, torch.tensor([u], dtype=torch.float64), chunk=chunk))
    assert got == min(expected, len(weights) - 1)
    assert weights[got] > 0
    top = int(inverse_cdf(probs, torch.tensor([1 - 2**-53], dtype=torch.float64), chunk=chunk))
    assert weights[top] > 0 and top == max(i for i, w in enumerate(weights) if w)
    with pytest.raises(ValueError, match="NaN or inf"):
        inverse_cdf(probs * float("nan"), torch.tensor([u], dtype=torch.float64), chunk=chunk)


def test_decode_matches_a_full_forward_and_stops_at_eos(tiny):
    """The cached decoding loop (prompt run once, cache repeated G times) picks the tokens a full no-cache
    forward would pick greedily, and pads after EOS."""
    import torch
    from verigrpo.grpo_train.model import load_model
    from verigrpo.grpo_train.rollout import decode

    model = load_model(tiny["model"]).eval()
    prompts = torch.tensor([[0, 5, 6, 7], [8, 9, 10, 11]])  # row 0 left-padded by one
    mask = torch.tensor([[0, 1, 1, 1], [1, 1, 1, 1]])
    out = decode(model, prompts, mask, num_generations=2, max_new_tokens=6, eos_token_id=-1, pad_token_id=0,
                 sampler=None).tokens  # [4, 6]
    assert out.shape == (4, 6) and torch.equal(out[0], out[1]) and torch.equal(out[2], out[3])
    for b in range(2):
        seq = prompts[b, mask[b].bool()].tolist()
        for t in range(6):
            with torch.no_grad():
                nxt = int(model(input_ids=torch.tensor([seq])).logits[0, -1].argmax())
            assert int(out[2 * b, t]) == nxt
            seq.append(nxt)
    # Sampling, with and without an end-of-sequence token: a row that stops leaves the batch, and the rows left
    # draw exactly what they drew in the full batch (each row's generator advances only while it runs).
    from verigrpo.grpo_train.rollout import SeededSampler

    def sampled(eos: int) -> torch.Tensor:
        return decode(model, prompts, mask, num_generations=3, max_new_tokens=12, eos_token_id=eos,
                      pad_token_id=-5, sampler=SeededSampler(range(6), 1.0, 1.0)).tokens  # [6, <=12]

    full = sampled(-1)
    eos = int(full[0, 1])  # the second token of row 0 ends a sequence
    stopped = sampled([-7, eos])  # several end-of-sequence ids: any of them stops a row
    assert stopped.shape[1] <= full.shape[1]
    ended = 0
    for i in range(6):
        hits = (full[i] == eos).nonzero()
        end = int(hits[0]) + 1 if len(hits) else full.shape[1]
        ended += end < full.shape[1]
        assert torch.equal(stopped[i, :end], full[i, :end])
        assert (stopped[i, end:] == -5).all()
    assert ended >= 1


def test_shared_prefix_lengths_and_the_prompts_left_after_it():
    """Hand-computed: each left-padded prompt shares the prefix's first tokens up to its first difference, and
    never its last token (that one predicts the first completion token); what is left is left-padded again."""
    import torch
    from verigrpo.grpo_train.rollout import drop_shared, shared_lengths

    prefix = torch.tensor([7, 8, 9])
    prompts = torch.tensor([
        [0, 0, 7, 8, 9, 4],  # the whole prefix, then one token
        [7, 8, 9, 4, 5, 6],  # the whole prefix, then three
        [0, 0, 0, 7, 8, 9],  # only the prefix: its last token stays with the prompt
        [0, 7, 8, 3, 4, 5],  # differs at the third token
        [9, 9, 9, 9, 9, 9],  # shares nothing
    ])
    mask = (prompts != 0).long()
    mask[4] = 1
    shared = shared_lengths(prompts, mask, prefix)
    assert shared.tolist() == [3, 3, 2, 2, 0]
    rest, rest_mask = drop_shared(prompts, mask, shared)
    assert rest.shape == (5, 6)  # the last row keeps all six tokens
    kept = [rest[i, rest_mask[i].bool()].tolist() for i in range(5)]
    assert kept == [[4], [4, 5, 6], [9], [3, 4, 5], [9] * 6]
    assert (rest_mask.cumsum(-1) > 0).long().equal(rest_mask)  # padding only on the left
    assert shared_lengths(prompts, mask, torch.tensor([], dtype=torch.long)).tolist() == [0] * 5


@pytest.mark.parametrize("greedy", [True, False])
def test_decode_with_a_shared_prefix_samples_what_full_prompts_sample(tiny, greedy):
    """Running the shared prefix once (its cache repeated for every prompt, each prompt seeing only the prefix
    tokens it shares) decodes the same tokens as running every prompt in full: greedy, and sampled with
    per-completion seeds; prompts that share all, part or none of the prefix, and left padding."""
    import torch
    from verigrpo.grpo_train.model import load_model
    from verigrpo.grpo_train.rollout import SeededSampler, decode

    model = load_model(tiny["model"]).eval()
    with torch.no_grad():  # sharp attention: a random tiny model's is near uniform, blind to positions and masks
        for layer in model.model.layers:
            layer.self_attn.q_proj.weight.mul_(20)
            layer.self_attn.k_proj.weight.mul_(20)
    prefix = torch.tensor([5, 6, 7, 8, 9])
    prompts = torch.tensor([
        [0, 0, 5, 6, 7, 8, 9, 30, 31],
        [5, 6, 7, 8, 9, 40, 41, 42, 43],
        [0, 0, 0, 5, 6, 7, 50, 51, 52],  # shares three prefix tokens
        [0, 0, 0, 0, 0, 60, 61, 62, 63],  # shares none
    ])
    mask = (prompts != 0).long()

    def run(pre):
        sampler = None if greedy else SeededSampler(range(12), 1.0, 1.0)
        return decode(model, prompts, mask, num_generations=3, max_new_tokens=10, eos_token_id=-1, pad_token_id=0,
                      sampler=sampler, prefix=pre).tokens

    assert torch.equal(run(prefix), run(None))


def test_template_prefix_is_what_every_chat_prompt_starts_with(tiny):
    """The run's prefix is the chat template up to the user's text (with the system message): every templated
    prompt starts with it, so all of it is shared; without a template it is the system prompt and its blank
    line, and empty without one."""
    import torch
    from verigrpo.grpo_train.model import load_tokenizer
    from verigrpo.grpo_train.rollout import chat_prompts, shared_lengths, template_prefix

    tokenizer = load_tokenizer(tiny["model"])
    rows = [{"prompt": "Compute 1 + 2."}, {"prompt": "Say hi"}]
    for system in ["", "Be brief."]:
        prefix = template_prefix(tokenizer, system)
        assert len(prefix) > 5 and tokenizer.decode(prefix).endswith("user\n")
        enc = tokenizer(chat_prompts(tokenizer, rows, system), return_tensors="pt", padding=True,
                        add_special_tokens=False)
        shared = shared_lengths(enc["input_ids"], enc["attention_mask"], torch.tensor(prefix))
        assert shared.tolist() == [len(prefix)] * 2
    plain = template_prefix(tokenizer, "Be brief.", chat_template=False)
    assert plain == tokenizer("Be brief.\n\n")["input_ids"] and tokenizer.decode(plain).startswith("Be brief.")
    assert template_prefix(tokenizer, "", chat_template=False) == []


def test_stop_strings_end_a_completion_at_the_token_that_completes_them(tiny):
    """A stop string ends a completion as its end-of-sequence token would: the text stops right after the
    string's first occurrence, the loss mask covers exactly the tokens up to it, the row is not truncated, and
    the tokens before it are the ones sampled without the stop string (greedy and seeded)."""
    import torch
    from verigrpo.grpo_train.model import load_model, load_tokenizer
    from verigrpo.grpo_train.rollout import generate

    model, tokenizer = load_model(tiny["model"]).eval(), load_tokenizer(tiny["model"])
    rows = [{"prompt": "Say something."}, {"prompt": "And more."}]
    for temperature in (0.0, 1.0):
        kw = dict(num_generations=2, max_new_tokens=24, temperature=temperature, top_p=1.0, system_prompt="",
                  seeds=list(range(4)) if temperature else None)
        free = generate(model, tokenizer, rows, **kw)
        text = free.texts[0]
        assert len(text) >= 6, text
        stop = text[3:5]  # a string that occurs in the first completion
        stopped = generate(model, tokenizer, rows, stop_strings=[stop], **kw)
        for i, full in enumerate(free.texts):
            cut = full.find(stop)
            if cut < 0:
                assert stopped.texts[i] == full
                continue
            assert stopped.texts[i] == full[: cut + len(stop)]  # one character per token here
            n = int(stopped.mask[i].sum())
            assert n == cut + len(stop) and not bool(stopped.truncated[i])
            assert torch.equal(stopped.completion_ids[i, :n], free.completion_ids[i, :n])


def test_stop_tokens_include_the_generation_configs(tiny):
    from verigrpo.grpo_train.model import load_model, load_tokenizer
    from verigrpo.grpo_train.rollout import stop_token_ids

    model, tokenizer = load_model(tiny["model"]), load_tokenizer(tiny["model"])
    assert stop_token_ids(model, tokenizer) == [tokenizer.eos_token_id]
    model.generation_config.eos_token_id = [tokenizer.eos_token_id, 40]  # e.g. Llama 3's <|eot_id|>
    assert stop_token_ids(model, tokenizer) == sorted({tokenizer.eos_token_id, 40})


def test_rollout_linears_compute_what_autocast_and_fp32_compute(tiny):
    """bf16 rollout weights give exactly autocast's logits; MKL-packed fp32 weights give float32's logits; the
    model is restored afterwards."""
    import torch
    from verigrpo.grpo_train.model import autocast, load_model
    from verigrpo.grpo_train.rollout import rollout_linears

    model = load_model(tiny["model"]).eval()
    ids = torch.tensor([[1, 2, 3, 4, 5, 6]])
    cpu = torch.device("cpu")
    with torch.no_grad():
        plain = model(input_ids=ids).logits
        with autocast(cpu, "bf16"):
            auto = model(input_ids=ids).logits
            with rollout_linears(model, "bf16"):
                fast = model(input_ids=ids).logits
        with rollout_linears(model, "fp32"):
            packed = model(input_ids=ids).logits
        after = model(input_ids=ids).logits
    assert torch.equal(fast, auto)
    assert torch.allclose(packed, plain, atol=1e-5)
    assert torch.equal(after, plain)
    assert not any("forward" in m.__dict__ for m in model.modules())


def test_micro_batches_sort_lengths_within_groups():
    import torch
    from verigrpo.grpo_train.train import micro_batches

    lengths = torch.tensor([3, 9, 1, 7, 2, 8, 5, 4])  # two groups of 4
    parts = micro_batches(torch.tensor([0, 1, 2, 3, 4, 5, 6, 7]), lengths, 2, group_size=4)
    assert [p.tolist() for p in parts] == [[1, 3], [0, 2], [5, 6], [7, 4]]
    assert micro_batches(torch.tensor([], dtype=torch.long), lengths, 2, group_size=4) == []
    odd = micro_batches(torch.tensor([6, 2, 5]), lengths, 2, group_size=4)  # a subset (kept completions)
    assert [p.tolist() for p in odd] == [[2, 5], [6]]


def test_offloaded_weights_round_trip(tiny, tmp_path):
    """ref_offload: the module's parameters leave memory between uses and come back bit for bit."""
    import torch
    from verigrpo.grpo_train.model import OffloadedWeights, frozen_copy, load_model

    model = load_model(tiny["model"])
    ref = frozen_copy(model)
    ids = torch.tensor([[1, 2, 3]])
    with torch.no_grad():
        expected = ref(input_ids=ids).logits
    store = OffloadedWeights(ref, tmp_path / "ref.safetensors")
    assert all(p.numel() == 0 for p in ref.parameters())
    with store.loaded() as m, torch.no_grad():
        assert torch.equal(m(input_ids=ids).logits, expected)
    assert all(p.numel() == 0 for p in ref.parameters())
    with torch.no_grad():
        for p in model.parameters():
            p.add_(1.0)
    store.store(model)  # a refresh: the policy's weights become the reference's
    with store.loaded() as m, torch.no_grad():
        assert torch.equal(m(input_ids=ids).logits, model(input_ids=ids).logits)
    store.close()
    assert not (tmp_path / "ref.safetensors").exists()


# ---- evaluation ------------------------------------------------------------------------------------------


def test_pass_at_k_hand_cases():
    from verigrpo.grpo_train.evaluate import pass_at_k

    assert pass_at_k(5, 0, 1) == 0.0
    assert pass_at_k(5, 5, 3) == 1.0
    assert pass_at_k(5, 2, 1) == pytest.approx(2 / 5)
    assert pass_at_k(5, 2, 2) == pytest.approx(1 - 3 / 10)  # 1 - C(3,2)/C(5,2)
    assert pass_at_k(4, 1, 4) == 1.0  # every draw of 4 includes the correct one
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)


@pytest.mark.parametrize("n, c, k", [(6, 2, 3), (7, 3, 2), (8, 1, 5), (5, 4, 1)])
def test_pass_at_k_equals_the_fraction_of_k_subsets_with_a_correct_sample(n, c, k):
    from verigrpo.grpo_train.evaluate import pass_at_k

    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(samples, k))
    assert pass_at_k(n, c, k) == pytest.approx(sum(any(s) for s in subsets) / len(subsets))


def test_eval_main_reports_accuracy_and_pass_at_k(tiny, tmp_path):
    from verigrpo.grpo_train.cli import eval_main

    out = tmp_path / "eval.json"
    args = overrides(tiny, tmp_path / "unused", eval_samples=4, eval_k=[1, 4], eval_size=3)
    assert eval_main([*args, "--output", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["problems"] == 3 and 0 <= result["accuracy"] <= 1
    assert 0 <= result["pass@1"] <= result["pass@4"] <= 1
    from verigrpo.grpo_train.hardware import run_device

    assert result["device"] == str(run_device())  # the device train would use (a GPU when present), not always the CPU
    shutil.rmtree(tmp_path / "unused", ignore_errors=True)


def test_chat_format_dataset_trains(tiny, tmp_path):
    """A dataset whose prompt column holds chats (lists of messages) trains end to end; the samples log keeps the chat."""
    from verigrpo.grpo_train.cli import train_main

    data = tmp_path / "chat.jsonl"
    data.write_text("".join(json.dumps({"messages": [{"role": "system", "content": "Digits only."},
                                                     {"role": "user", "content": f"Say {i}{i}."}], "reference": str(i)})
                            + "\n" for i in range(12)))
    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, dataset=str(data), prompt_column="messages", max_steps=1)) == 0
    sample = json.loads((out / "samples.jsonl").read_text().splitlines()[0])
    assert sample["prompt"][0] == {"role": "system", "content": "Digits only."}
    assert math.isfinite(read_metrics(out)[0]["loss"])


def test_malformed_dataset_row_fails_before_the_model_is_loaded(tiny, tmp_path, monkeypatch):
    """A bad row is reported with its line, and no time is spent loading a model first."""
    import verigrpo.grpo_train.train as train_module
    from verigrpo.grpo_train.config import load_config
    from verigrpo.grpo_train.data import DatasetError

    data = tmp_path / "bad.jsonl"
    data.write_text(json.dumps({"prompt": "Say 11.", "reference": "1"}) + "\n" + json.dumps({"prompt": "Say 22."}) + "\n")

    def no_load(*args, **kwargs):
        raise AssertionError("the model was loaded before the data was checked")

    monkeypatch.setattr(train_module, "load_model", no_load)
    monkeypatch.setattr(train_module, "load_tokenizer", no_load)
    cfg = load_config(None, overrides(tiny, tmp_path / "run", dataset=str(data))[1::2])
    with pytest.raises(DatasetError, match=r"row 1 \(line 2\): no column 'reference'"):
        train_module.train(cfg)


def test_base_model_style_prompts_train(tiny, tmp_path):
    """chat_template = false (what a base model's tokenizer without a template gets too): the prompt text as it is."""
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, chat_template=False, system_prompt="Digits only.", max_steps=1)) == 0
    assert math.isfinite(read_metrics(out)[0]["loss"])


def test_a_checkpoint_that_cannot_be_written_leaves_the_previous_one(tmp_path):
    """A full disk during a save: a clear error that says where the last good checkpoint is, the
    partial copy removed (it may be what filled the disk), the previous checkpoint intact."""
    import torch
    from verigrpo.grpo_train.checkpoints import CheckpointError, find_checkpoint, save_checkpoint

    class Saver:
        def __init__(self, fail: bool = False) -> None:
            self.fail = fail

        def save_pretrained(self, path) -> None:
            os.makedirs(path, exist_ok=True)
            (Path(path) / "weights.bin").write_bytes(b"w" * 64)
            if self.fail:
                raise OSError(28, "No space left on device")

    save_checkpoint(tmp_path, Saver(), Saver(), {"step": 1})
    with pytest.raises(CheckpointError, match="previous one is intact"):
        save_checkpoint(tmp_path, Saver(fail=True), Saver(), {"step": 2})
    assert not (tmp_path / "checkpoint.tmp").exists()
    assert torch.load(find_checkpoint(tmp_path) / "trainer.pt")["step"] == 1
    with pytest.raises(CheckpointError, match="no earlier checkpoint"):
        save_checkpoint(tmp_path / "fresh", Saver(fail=True), Saver(), {"step": 1})


@pytest.mark.parametrize("aggregation", ["sequence_mean", "token_mean", "constant"])
def test_the_update_does_not_depend_on_the_micro_batch_size(tiny, aggregation):
    """Gradient accumulation over micro-batches gives the gradient of the whole batch, for every aggregation: one
    plain SGD step (lr 1, no clipping, so the step is the gradient) from micro-batches of 1, 3 and 8 completions."""
    import copy
    import dataclasses

    import torch
    from accelerate import Accelerator
    from verigrpo.grpo_train.config import Config
    from verigrpo.grpo_train.model import load_model, load_tokenizer
    from verigrpo.grpo_train.packing import SharedPromptLM
    from verigrpo.grpo_train.rollout import generate
    from verigrpo.grpo_train.train import Batch, update_policy

    tokenizer, base = load_tokenizer(tiny["model"]), load_model(tiny["model"])
    rows = [{"prompt": "ab"}, {"prompt": "cdef"}]
    rollout = generate(base, tokenizer, rows, num_generations=4, max_new_tokens=6, temperature=1.0, top_p=1.0,
                       system_prompt="", seeds=list(range(8)), precision="fp32")
    # completions of different lengths (as if they ended there): token_mean and sequence_mean part ways
    mask = (torch.arange(6)[None] < torch.tensor([6, 2, 5, 3, 6, 1, 4, 6])[:, None]).float()  # [N, L]
    p = rollout.prompt_len
    rollout = dataclasses.replace(rollout, mask=mask, attention_mask=torch.cat([rollout.attention_mask[:, :p], mask.long()], 1))
    adv = torch.randn(8, 1, generator=torch.Generator().manual_seed(0))  # [N, 1]
    batch = Batch(rollout=rollout, scored=[], adv=adv, mask=rollout.mask, old_logp=None, ref_logp=None,
                  lengths=rollout.mask.sum(-1), flat=torch.zeros(2, dtype=torch.bool),
                  keep_group=torch.ones(2, dtype=torch.bool), kept=torch.arange(8))
    cfg = Config(num_generations=4, prompts_per_step=2, max_new_tokens=6, aggregation=aggregation, max_grad_norm=0.0,
                 precision="fp32")
    after = []
    for size in (1, 3, 8):
        model = copy.deepcopy(base)
        model.train()
        wrapped = SharedPromptLM(model)
        optimizer = torch.optim.SGD(wrapped.parameters(), lr=1.0)
        update_policy(Accelerator(cpu=True), wrapped, optimizer, dataclasses.replace(cfg, micro_batch_size=size), batch,
                      torch.Generator().manual_seed(0))
        after.append({k: v.detach().clone() for k, v in model.state_dict().items()})
    moved = [k for k in after[0] if not torch.equal(after[0][k], base.state_dict()[k])]
    assert moved  # the step did something
    for other in after[1:]:
        for k in after[0]:
            torch.testing.assert_close(other[k], after[0][k], rtol=1e-4, atol=1e-6)
