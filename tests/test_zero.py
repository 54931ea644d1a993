"""DeepSpeed ZeRO-2 and ZeRO-3 through accelerate on CPU processes (gloo, DeepSpeed's CPU accelerator), as
``tests/test_sharding.py`` does for FSDP2: the real entry point under ``accelerate launch --config_file
configs/accelerate/zero{2,3}.yaml`` with two processes against one unsharded process; a run killed after a checkpoint
resumes to the parameters of an uninterrupted run; the consolidated export loads with ``from_pretrained``. Plus what
a DeepSpeed launch refuses. Skipped where deepspeed is not installed (``pip install -e ".[zero]"``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_sharding import ROOT, assert_resume_and_export, assert_same_update, metrics, overrides, params, run

try:
    import deepspeed  # noqa: F401
except ImportError:
    deepspeed = None

needs_deepspeed = pytest.mark.skipif(deepspeed is None, reason="deepspeed is not installed (pip install -e '.[zero]')")


def zero(stage: int, *args: str) -> list[str]:
    return [sys.executable, "-m", "accelerate.commands.launch", "--config_file",
            str(ROOT / "configs" / "accelerate" / f"zero{stage}.yaml"), "-m", "verigrpo_cli", "train", *args]


@needs_deepspeed
@pytest.mark.parametrize("stage", [2, 3])
def test_zero_two_processes_match_one_process_resume_after_a_kill_and_export(tiny, tmp_path, stage):
    """ZeRO on two processes, killed in step 2 after its step-1 checkpoint, made the first update of one unsharded
    process (loss, grad norm, parameters). Resumed from its checkpoint (accelerate's save_state: DeepSpeed's model
    and ZeRO optimizer partitions), it ends where an uninterrupted ZeRO run does, and the consolidated
    ``checkpoint/model`` loads with ``from_pretrained``."""
    import torch
    from verigrpo.grpo_train.cli import train_main

    one, killed, straight = tmp_path / "one", tmp_path / "killed", tmp_path / "straight"
    assert train_main(overrides(tiny, one, max_steps=1)) == 0
    proc = run(zero(stage, *overrides(tiny, killed)), kill_after=killed / "checkpoint" / "trainer.pt")
    assert proc.returncode != 0, proc.stderr[-3000:]  # killed
    assert f"deepspeed: ZeRO-{stage} on 2 processes, fp32, micro-batch 2, gradient clipping 1.0" in proc.stdout, (
        proc.stdout[-2000:] + proc.stderr[-3000:])
    assert torch.load(killed / "checkpoint" / "trainer.pt", weights_only=False)["step"] == 1, proc.stderr[-3000:]
    assert sorted(p.name for p in (killed / "checkpoint").iterdir()) == ["model", "state", "trainer.pt"]
    partitions = sorted(p.name for p in (killed / "checkpoint" / "state").rglob("*optim_states.pt"))
    assert len(partitions) == 2, partitions  # one ZeRO optimizer partition per process

    # 1. One update: ZeRO on two processes = one unsharded process.
    (a,), (b,) = metrics(one), metrics(killed)[:1]
    for key in ("loss", "grad_norm", "reward", "completion_len", "kl_ref", "entropy"):
        assert b[key] == pytest.approx(a[key], rel=1e-4, abs=1e-7), key
    p0 = params(Path(tiny["model"]))
    assert_same_update(p0, params(one / "checkpoint" / "model"), params(killed / "checkpoint" / "model"))

    # 2. Resume after the kill = an uninterrupted run, both ZeRO on two processes; 3. the export.
    assert_resume_and_export(lambda *args: zero(stage, *args), tiny, killed, straight, p0)


# ---- what a DeepSpeed launch refuses ------------------------------------------------------------------------------


@pytest.mark.parametrize(("sets", "env", "match"), [
    (["beta=0.04", "ref_offload=true"], {}, "ZeRO partitions AdamW's moments"),
    (["optimizer_offload=true"], {}, "ZeRO partitions AdamW's moments"),
    (["lora_rank=4"], {}, "lora_rank > 0 under DeepSpeed ZeRO is not built"),
    (["use_vllm=true"], {}, "use_vllm under DeepSpeed ZeRO is not built"),
    ([], {"ACCELERATE_DEEPSPEED_ZERO_STAGE": "1"}, "ZeRO stage 1 is not supported"),
    ([], {"ACCELERATE_GRADIENT_ACCUMULATION_STEPS": "4"}, "gradient_accumulation_steps in the accelerate config must be 1"),
    ([], {"ACCELERATE_DEEPSPEED_OFFLOAD_OPTIMIZER_DEVICE": "cpu"}, "DeepSpeed offload"),
    (["beta=0.04", "ref_refresh_every=2"], {"ACCELERATE_DEEPSPEED_ZERO_STAGE": "3"}, "ref_refresh_every under ZeRO-3"),
    (["precision=\"fp32\""], {"ACCELERATE_MIXED_PRECISION": "bf16"}, "precision decides"),
])
@needs_deepspeed
def test_a_deepspeed_launch_refuses_at_load(monkeypatch, sets, env, match):
    from verigrpo.grpo_train.config import ConfigError, load_config

    monkeypatch.setenv("ACCELERATE_USE_DEEPSPEED", "true")
    monkeypatch.setenv("ACCELERATE_DEEPSPEED_ZERO_STAGE", "2")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ConfigError, match=match):
        load_config(None, sets)
    for key in env:
        monkeypatch.delenv(key)
    if "ref_refresh_every=2" in sets:
        load_config(None, sets)  # ZeRO-2: fine


def test_a_deepspeed_launch_without_deepspeed_says_so(monkeypatch):
    from verigrpo.grpo_train.config import ConfigError, load_config

    monkeypatch.setitem(sys.modules, "deepspeed", None)  # import deepspeed -> ImportError
    monkeypatch.setenv("ACCELERATE_USE_DEEPSPEED", "true")
    with pytest.raises(ConfigError, match="the deepspeed package is not installed"):
        load_config(None, [])
