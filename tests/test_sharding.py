"""FSDP2 through accelerate on CPU processes (gloo): the real entry point under ``accelerate launch --config_file
configs/accelerate/fsdp2.yaml`` with two processes, against one process; a run killed after a checkpoint resumes to
the parameters of an uninterrupted run; the consolidated export loads with ``from_pretrained``. Plus what the
engines refuse, and the auto-wrap units.

The scoring pool's worker processes import this module to find the verifier below (``test_sharding:...``), so its
top level imports nothing heavy.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from verigrpo.verifiers.types import Reward, Status

TESTS = Path(__file__).parent
ROOT = TESTS.parent
FSDP2_YAML = ROOT / "configs" / "accelerate" / "fsdp2.yaml"
KILL_AFTER = "SHARDING_TEST_KILL_AFTER"


def digit_share_or_die(completion: str, row: Mapping[str, Any]) -> Reward:
    """Reward = fraction of digit characters (continuous: groups almost never tie). Once the file named by
    ``$SHARDING_TEST_KILL_AFTER`` exists (a checkpoint's ``trainer.pt``), SIGKILL to this worker's process group:
    the training process that scores with it and its pool, in the step after that checkpoint."""
    marker = os.environ.get(KILL_AFTER)
    if marker and os.path.exists(marker):
        os.killpg(os.getpgid(0), signal.SIGKILL)
    share = sum(c.isdigit() for c in completion) / max(len(completion), 1)
    return Reward(share, Status.CORRECT if share >= 0.5 else Status.WRONG)


# ---- helpers ---------------------------------------------------------------------------------------------------


def overrides(tiny: dict[str, str], out: Path, **extra: Any) -> list[str]:
    """2 prompts x 4 samples a step, 2 steps, a checkpoint every step; beta > 0 (the reference is sharded too) and
    micro-batches of 2 (accumulation under no_sync); cosine schedule, so a lost scheduler state shows at resume."""
    from verigrpo.grpo_train.config import toml_value

    values: dict[str, Any] = {
        "model": tiny["model"], "dataset": tiny["data"], "dataset_options": {}, "output_dir": str(out),
        "verifiers": ["test_sharding:digit_share_or_die"], "system_prompt": "", "num_generations": 4,
        "prompts_per_step": 2, "max_new_tokens": 8, "learning_rate": 1e-2, "precision": "fp32", "scoring_workers": 1,
        "eval_before": False, "eval_after": False, "micro_batch_size": 2, "max_steps": 2, "save_every": 1,
        "skip_zero_variance": False, "beta": 0.04, "aggregation": "token_mean", "lr_schedule": "cosine",
    }
    values.update(extra)
    return [arg for k, v in values.items() for arg in ("--set", f"{k}={toml_value(v)}")]


def run(cmd: list[str], kill_after: Path | None = None) -> subprocess.CompletedProcess:
    """A fresh run on the CPU (also where a GPU is present), one thread per process, in its own session."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ACCELERATE_", "FSDP_"))}
    env.update({"PYTHONPATH": os.pathsep.join([str(TESTS), str(ROOT)]), "OMP_NUM_THREADS": "1",
                "CUDA_VISIBLE_DEVICES": ""})
    if kill_after is not None:
        env[KILL_AFTER] = str(kill_after)
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, start_new_session=True)


def fsdp2(*args: str) -> list[str]:
    return [sys.executable, "-m", "accelerate.commands.launch", "--config_file", str(FSDP2_YAML),
            "-m", "verigrpo_cli", "train", *args]


def params(path: Path) -> dict[str, Any]:
    from safetensors.torch import load_file

    return load_file(str(path / "model.safetensors"))


def metrics(out: Path) -> list[dict[str, Any]]:
    return [{k: v for k, v in json.loads(line).items() if not k.startswith("seconds")}
            for line in (out / "metrics.jsonl").read_text().splitlines()]


def assert_same_update(p0: dict, p1: dict, p2: dict) -> None:
    """p1 and p2 moved p0 by the same update: each tensor within 1% of its largest update (Adam divides by sqrt(v):
    for weights whose gradients are near Adam's eps, float summation order shows in the update; a missing process
    or a lost optimizer state changes updates by O(1) of themselves)."""
    for k in p1:
        update = float((p1[k] - p0[k]).abs().max())
        assert update > 0, k
        assert float((p1[k] - p2[k]).abs().max()) <= 1e-2 * update, k


# ---- the runs --------------------------------------------------------------------------------------------------


def assert_resume_and_export(launch: Any, tiny: dict[str, str], killed: Path, straight: Path, p0: dict) -> None:
    """``--resume`` of the run killed in ``killed`` ends where an uninterrupted run (written to ``straight``) does,
    both launched by ``launch(*args)`` (FSDP2, ZeRO); and its consolidated export is a plain, loadable model."""
    import torch
    from transformers import AutoModelForCausalLM

    proc = run(launch("--resume", "--set", f"output_dir={json.dumps(str(killed))}"))
    assert proc.returncode == 0, proc.stderr[-3000:]
    proc = run(launch(*overrides(tiny, straight)))
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert metrics(killed) == metrics(straight)
    resumed, uninterrupted = params(killed / "checkpoint" / "model"), params(straight / "checkpoint" / "model")
    assert all(torch.equal(resumed[k], uninterrupted[k]) for k in uninterrupted)
    assert torch.load(killed / "checkpoint" / "trainer.pt", weights_only=False)["step"] == 2
    assert not (killed / "checkpoint.tmp").exists() and not (killed / "checkpoint.old").exists()
    # the consolidated export is a plain model: every weight, tied embeddings, loadable
    model = AutoModelForCausalLM.from_pretrained(straight / "checkpoint" / "model")
    loaded = model.state_dict()
    for k, v in uninterrupted.items():
        assert torch.equal(loaded[k], v), k
    assert model.lm_head.weight is model.model.embed_tokens.weight
    assert any(not torch.equal(uninterrupted[k], p0[k]) for k in p0)


def test_fsdp2_two_processes_match_one_process_resume_after_a_kill_and_export(tiny, tmp_path):
    """FSDP2 on two processes, killed in step 2 after its step-1 checkpoint, made the first update of one process
    (loss, grad norm, parameters; the one-process run stops after that step: the cosine schedule's first factor does
    not depend on max_steps). Resumed from its sharded checkpoint, it ends where an uninterrupted FSDP2 run does
    (metrics and parameters equal), and the consolidated ``checkpoint/model`` loads with ``from_pretrained``."""
    import torch
    from verigrpo.grpo_train.cli import train_main

    one, killed, straight = tmp_path / "one", tmp_path / "killed", tmp_path / "straight"
    assert train_main(overrides(tiny, one, max_steps=1)) == 0  # in this process: no second start-up to pay for
    proc = run(fsdp2(*overrides(tiny, killed)), kill_after=killed / "checkpoint" / "trainer.pt")
    assert proc.returncode != 0, proc.stderr[-3000:]  # killed
    assert "fsdp2: 2 processes, 3 FSDP units" in proc.stdout  # each decoder layer, and the root
    assert torch.load(killed / "checkpoint" / "trainer.pt", weights_only=False)["step"] == 1, proc.stderr[-3000:]
    assert sorted(p.name for p in (killed / "checkpoint").iterdir()) == ["model", "state", "trainer.pt"]
    assert (killed / "checkpoint" / "state" / "optimizer_0").is_dir()  # accelerate's sharded optimizer state

    # 1. One update: FSDP2 on two processes = one process.
    (a,), (b,) = metrics(one), metrics(killed)[:1]
    for key in ("loss", "grad_norm", "reward", "completion_len", "kl_ref", "entropy"):
        assert b[key] == pytest.approx(a[key], rel=1e-4, abs=1e-7), key
    p0 = params(Path(tiny["model"]))
    assert_same_update(p0, params(one / "checkpoint" / "model"), params(killed / "checkpoint" / "model"))

    # 2. Resume after the kill = an uninterrupted run, both FSDP2 on two processes; 3. the export.
    assert_resume_and_export(fsdp2, tiny, killed, straight, p0)


# ---- what the engines refuse, and the wrap units ------------------------------------------------------------------


@pytest.mark.parametrize("field", ["ref_offload", "optimizer_offload"])
def test_fsdp2_refuses_the_offloads_it_does_itself(monkeypatch, field):
    from verigrpo.grpo_train.config import ConfigError, load_config

    monkeypatch.setenv("ACCELERATE_USE_FSDP", "true")
    monkeypatch.setenv("FSDP_VERSION", "2")
    with pytest.raises(ConfigError, match="FSDP2 shards the reference's weights and AdamW's moments"):
        load_config(None, ["beta=0.04", f"{field}=true"])
    monkeypatch.delenv("ACCELERATE_USE_FSDP")
    assert getattr(load_config(None, ["beta=0.04", f"{field}=true"]), field)  # unsharded: fine


def test_fsdp1_and_a_mixed_precision_that_contradicts_precision_are_refused(monkeypatch):
    from verigrpo.grpo_train.config import Config, ConfigError
    from verigrpo.grpo_train.sharding import check_engine

    monkeypatch.setenv("ACCELERATE_MIXED_PRECISION", "bf16")
    with pytest.raises(ConfigError, match="fsdp_version: 2"):
        check_engine(Config(), "fsdp1")
    with pytest.raises(ConfigError, match="precision decides"):
        check_engine(Config(precision="fp32"), "fsdp2")
    check_engine(Config(precision="bf16"), "fsdp2")
    check_engine(Config(precision="fp32"), "none")  # unsharded: the loop's autocast alone, as before


def test_auto_wrap_makes_each_decoder_layer_a_unit(tiny):
    """FSDP sees SharedPromptLM, which names no decoder layer; wrap_decoder_layers names the LM's, and accelerate's
    FSDP2 policy then picks both LlamaDecoderLayers (and nothing else) of the wrapper."""
    from types import SimpleNamespace

    from accelerate.utils import FullyShardedDataParallelPlugin
    from accelerate.utils.fsdp_utils import fsdp2_prepare_auto_wrap_policy
    from verigrpo.grpo_train.model import load_model
    from verigrpo.grpo_train.packing import SharedPromptLM
    from verigrpo.grpo_train.sharding import wrap_decoder_layers

    lm = load_model(tiny["model"])
    wrapper = SharedPromptLM(lm)
    plugin = FullyShardedDataParallelPlugin(fsdp_version=2, auto_wrap_policy="transformer_based_wrap")
    assert not fsdp2_prepare_auto_wrap_policy(plugin, wrapper)(lm.model.layers[0])  # on its own: nothing
    wrap_decoder_layers(SimpleNamespace(state=SimpleNamespace(fsdp_plugin=plugin)), lm)
    policy = fsdp2_prepare_auto_wrap_policy(plugin, wrapper)
    assert [name for name, m in wrapper.named_modules() if policy(m)] == ["lm.model.layers.0", "lm.model.layers.1"]
