"""LoRA adapters (``lora_rank``): the adapted layer's maths, what trains, sampling on merged weights, a merged
checkpoint that loads as a plain model, and an exact resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_train import load_params, overrides, read_metrics, without_timings


def _layer(seed: int = 0):
    import torch
    from verigrpo.grpo_train.lora import LoRALinear

    torch.manual_seed(seed)
    base = torch.nn.Linear(6, 5)
    return base, LoRALinear(base, rank=2, alpha=4.0)


def test_an_adapted_layer_starts_as_its_base_and_merges_exactly() -> None:
    import torch

    base, layer = _layer()
    x = torch.randn(3, 6)
    assert torch.equal(layer(x), base(x))  # B = 0: the same function at the start
    with torch.no_grad():
        layer.lora_B.normal_()
    merged = torch.nn.functional.linear(x, layer.merged_weight(), layer.bias)
    assert not torch.allclose(layer(x), base(x))
    torch.testing.assert_close(merged, layer(x))  # W + (alpha/r) B A computes what the three products do


def test_only_the_adapters_train() -> None:
    import torch
    from verigrpo.grpo_train.lora import apply_lora, lora_layers
    from verigrpo.grpo_train.model import build_tiny_random, load_model

    model = load_model(str(build_tiny_random(Path(__import__("tempfile").mkdtemp()) / "m", hidden=32, layers=2)))
    n = apply_lora(model, rank=4, alpha=8.0)
    assert n == 2 * 7 == len(lora_layers(model))  # q, k, v, o, gate, up, down in each of 2 layers
    trainable = {name for name, p in model.named_parameters() if p.requires_grad}
    assert trainable and all(name.endswith((".lora_A", ".lora_B")) for name in trainable)
    ids = torch.randint(0, model.config.vocab_size, (2, 5))
    model(input_ids=ids).logits.sum().backward()
    assert all(p.grad is None for name, p in model.named_parameters() if name not in trainable)
    assert any(p.grad is not None and p.grad.abs().sum() > 0 for name, p in model.named_parameters() if name in trainable)
    with pytest.raises(ValueError, match="no linear layer"):
        apply_lora(model, rank=4, alpha=8.0, targets=("no_such_layer",))


@pytest.mark.parametrize("precision", ["fp32", "bf16"])
def test_sampling_runs_on_the_merged_weight(precision: str) -> None:
    """Inside ``rollout_linears`` an adapted layer computes with ``W + (alpha/r) B A`` prepared once: the same
    values as its three products (bf16: as autocast would compute them)."""
    import torch
    from verigrpo.grpo_train.rollout import rollout_linears

    _, layer = _layer(1)
    with torch.no_grad():
        layer.lora_B.normal_()
    holder = torch.nn.Sequential(layer)
    x = torch.randn(4, 6)
    want = layer(x)
    with rollout_linears(holder, precision):
        assert "forward" in layer.__dict__ or precision == "fp32"  # patched (fp32 only where MKL is there)
        got = holder(x)
    tol = {"fp32": 1e-5, "bf16": 5e-2}[precision]
    torch.testing.assert_close(got.float(), want, atol=tol, rtol=tol)
    assert "forward" not in layer.__dict__  # restored


def test_lora_run_saves_a_plain_merged_model_and_resumes_exactly(tiny, tmp_path) -> None:
    """A LoRA run's checkpoint ``model/`` has no adapter keys and loads with ``from_pretrained`` as the merged
    model; its adapters are in ``trainer.pt``; a run stopped and resumed ends where an uninterrupted one does."""
    import torch
    from verigrpo.grpo_train.cli import train_main
    from verigrpo.grpo_train.lora import apply_lora, load_lora_state
    from verigrpo.grpo_train.model import load_model

    extra = {"lora_rank": 4, "lora_alpha": 8.0, "learning_rate": 5e-2, "lr_schedule": "constant", "beta": 0.04}
    straight, resumed = tmp_path / "straight", tmp_path / "resumed"
    assert train_main(overrides(tiny, straight, max_steps=3, **extra)) == 0
    assert train_main(overrides(tiny, resumed, max_steps=2, **extra)) == 0
    assert train_main(["--resume", *overrides(tiny, resumed, max_steps=3, **extra)]) == 0
    assert without_timings(read_metrics(resumed)) == without_timings(read_metrics(straight))

    saved = load_params(straight / "checkpoint" / "model")
    assert not any("lora" in k for k in saved)
    base = load_params(tiny["model"])
    changed = [k for k in saved if not torch.equal(saved[k], base[k])]
    assert changed and all(k.endswith("proj.weight") for k in changed)  # only adapted weights moved
    a, b = load_params(resumed / "checkpoint" / "model"), saved
    assert all(torch.equal(a[k], b[k]) for k in a)

    # the merged model computes what the base model plus the saved adapters compute
    state = torch.load(straight / "checkpoint" / "trainer.pt", weights_only=False)
    adapted = load_model(tiny["model"])
    apply_lora(adapted, 4, 8.0)
    load_lora_state(adapted, state["lora"])
    plain = load_model(str(straight / "checkpoint" / "model"))
    ids = torch.randint(0, plain.config.vocab_size, (2, 6))
    with torch.no_grad():
        torch.testing.assert_close(plain(input_ids=ids).logits, adapted(input_ids=ids).logits, atol=1e-5, rtol=1e-5)


def test_lora_config_is_checked() -> None:
    from verigrpo.grpo_train.config import Config, ConfigError, check

    for bad in ({"lora_rank": -1}, {"lora_alpha": 0.0}, {"lora_rank": 4, "beta": 0.04, "ref_refresh_every": 2}):
        with pytest.raises(ConfigError):
            check(Config(**bad))
