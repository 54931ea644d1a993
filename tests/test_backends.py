"""Rollout backends without a GPU: the vLLM backend driven by a fake engine with vLLM's interface (rollout shapes,
EOS and length endings, per-completion seeds, sleep/wake, one weight push per optimizer step, importance weights in
the loss), and the native backend as the default."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace
from typing import Any

import pytest
from test_train import overrides, read_metrics


class FakeLLM:
    """vLLM's ``LLM`` as the backend uses it: ``generate(prompts, params)`` -> outputs whose ``outputs[0]`` has
    ``token_ids``, ``logprobs`` (a dict per token) and ``finish_reason``; ``sleep``/``wake_up``; the engine's model
    at ``llm_engine.model_executor.driver_worker.model_runner.model`` with ``load_weights``."""

    def __init__(self, eos: int, vocab: int) -> None:
        self.eos, self.vocab = eos, vocab
        self.calls: list[str] = []
        self.seeds: list[int] = []
        self.pushed: list[str] = []
        model = SimpleNamespace(load_weights=lambda weights: self.pushed.extend(name for name, _ in weights))
        self.llm_engine = SimpleNamespace(
            model_executor=SimpleNamespace(driver_worker=SimpleNamespace(model_runner=SimpleNamespace(model=model)))
        )

    def generate(self, prompts: list[str], params: list[Any], use_tqdm: bool = False) -> list[Any]:
        self.calls.append("generate")
        out = []
        assert len(prompts) == len(params)  # one SamplingParams per completion
        for p in params:
            self.seeds.append(p["seed"])
            rng = random.Random(p["seed"])
            n = rng.randint(1, p["max_tokens"])
            ids = [rng.randrange(4, self.vocab) for _ in range(n)]
            ended = n < p["max_tokens"]
            if ended:
                ids[-1] = self.eos  # stopped by EOS: the token is returned
            logprobs = [{t: SimpleNamespace(logprob=-0.1 * (k + 1))} for k, t in enumerate(ids)]
            out.append(SimpleNamespace(outputs=[SimpleNamespace(token_ids=ids, logprobs=logprobs,
                                                                finish_reason="stop" if ended else "length")]))
        return out

    def sleep(self, level: int = 1) -> None:
        self.calls.append("sleep")

    def wake_up(self) -> None:
        self.calls.append("wake_up")


def _cfg(**kw: Any) -> Any:
    from verigrpo.grpo_train.config import Config

    return dataclasses.replace(Config(model="tiny", system_prompt="", max_new_tokens=6, num_generations=3,
                                      use_vllm=True, precision="fp32"), **kw)


def _backend(tiny: dict[str, str], **kw: Any):
    from verigrpo.grpo_train.backends import VLLMBackend
    from verigrpo.grpo_train.model import load_tokenizer

    tok = load_tokenizer(tiny["model"])
    engines: list[FakeLLM] = []

    def factory(cfg: Any, path: str) -> FakeLLM:
        engines.append(FakeLLM(tok.eos_token_id, tok.vocab_size))
        return engines[-1]

    backend = VLLMBackend(_cfg(**kw), tiny["model"], llm_factory=factory, params_factory=lambda **p: p)
    return backend, engines[0], tok


def test_vllm_rollout_has_the_native_layout(tiny) -> None:
    """N = B x G completions, prompts left-padded and repeated G times, completions right-padded and counted up to
    their EOS (included); ``length`` endings are truncated; the engine's log-probs sit on the counted tokens."""
    import torch

    backend, engine, tok = _backend(tiny)
    rows = [{"prompt": "Say 11.", "reference": "1"}, {"prompt": "Say 2.", "reference": "2"}]
    seeds = list(range(100, 106))
    r = backend.generate(None, tok, rows, seeds, backend.cfg)
    assert engine.seeds == seeds  # one seed per completion, in order
    n, length = 6, r.mask.shape[1]
    assert r.input_ids.shape == (n, r.prompt_len + length) and r.prompts.shape[0] == 2
    assert [row["prompt"] for row in r.rows] == ["Say 11."] * 3 + ["Say 2."] * 3
    for i in range(n):
        k = int(r.mask[i].sum())
        ids = r.completion_ids[i, :k].tolist()
        if not r.truncated[i]:
            assert ids[-1] == tok.eos_token_id  # the EOS is a counted token, as in the native loop
        else:
            assert k == backend.cfg.max_new_tokens
        expected = torch.tensor([-0.1 * (j + 1) for j in range(k)])
        torch.testing.assert_close(r.sampler_logp[i, :k], expected)
        assert (r.sampler_logp[i, k:] == 0).all()
        assert r.texts[i] == tok.decode(ids, skip_special_tokens=True)
    assert torch.equal(r.attention_mask[:, r.prompt_len:], r.mask.long())


def test_sleep_mode_sleeps_after_sampling_and_wakes_for_weights(tiny) -> None:
    import torch

    backend, engine, tok = _backend(tiny, vllm_enable_sleep_mode=True)
    backend.generate(None, tok, [{"prompt": "Say 1.", "reference": "1"}], [1, 2, 3], backend.cfg)
    backend.sync_weights(torch.nn.Linear(2, 2))
    backend.generate(None, tok, [{"prompt": "Say 1.", "reference": "1"}], [4, 5, 6], backend.cfg)
    assert engine.calls == ["generate", "sleep", "wake_up", "generate", "sleep"]
    assert engine.pushed == ["weight", "bias"] and backend.pushes == 1


def test_only_colocate_mode_is_built(tiny) -> None:
    with pytest.raises(ValueError, match="colocate"):
        _backend(tiny, vllm_mode="server")


def test_a_vllm_run_pushes_weights_once_per_step_and_weights_the_loss(tiny, tmp_path, monkeypatch) -> None:
    """A training run with ``use_vllm`` on the fake engine: one push of every weight per optimizer step, the
    trainer's own log-probs computed for the importance weights, and a run that learns (finite losses)."""
    import verigrpo.grpo_train.backends as backends
    import verigrpo.grpo_train.losses as losses
    from verigrpo.grpo_train.cli import train_main

    made: list[Any] = []
    engines: list[FakeLLM] = []
    weights_seen: list[Any] = []

    def fake_vllm(cfg: Any, path: str) -> Any:
        from verigrpo.grpo_train.model import load_tokenizer

        tok = load_tokenizer(path)
        engines.append(FakeLLM(tok.eos_token_id, tok.vocab_size))
        b = backends.VLLMBackend(cfg, path, llm_factory=lambda c, p: engines[-1], params_factory=lambda **p: p)
        made.append(b)
        return b

    real_tis = losses.truncated_importance_weight

    def spy(old, sampler, cap):
        w = real_tis(old, sampler, cap)
        weights_seen.append((w.shape, cap))
        return w

    monkeypatch.setitem(backends.BACKENDS, "vllm", fake_vllm)
    monkeypatch.setattr(losses, "truncated_importance_weight", spy)
    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=3, use_vllm=True, vllm_importance_cap=3.0)) == 0
    (backend,), (engine,) = made, engines
    names = engine.pushed
    assert backend.pushes == 3 and len(names) % 3 == 0 and names[: len(names) // 3] * 3 == names  # each weight per step
    assert "lm_head.weight" in names or "model.embed_tokens.weight" in names
    assert backend.llm is None  # closed at the end
    assert len(weights_seen) == 3 and all(cap == 3.0 for _, cap in weights_seen)
    assert all(isinstance(m["loss"], float) for m in read_metrics(out))


def test_the_native_backend_is_the_default() -> None:
    from verigrpo.grpo_train.backends import NativeBackend, make_backend
    from verigrpo.grpo_train.config import Config

    assert isinstance(make_backend(Config(), "unused"), NativeBackend)
