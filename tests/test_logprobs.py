"""Per-token log-probs, entropies and step-span mapping, against naive full computations."""

from __future__ import annotations

import pytest
import tokenizers
import torch
import transformers
from verigrpo.grpo_train.logprobs import completion_logprobs, entropy_from_logits, selective_log_softmax
from verigrpo.grpo_train.spans import char_spans_to_token_ends, offsets_by_decoding


def _naive(logits: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
    return torch.log_softmax(logits.float(), dim=-1).gather(-1, ids[..., None]).squeeze(-1)


# ------------------------------------------------------------------------------------------------------
# selective_log_softmax / entropy_from_logits
# ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("chunk_size", [1, 3, 256])
def test_selective_log_softmax_matches_log_softmax_float32(chunk_size):
    g = torch.Generator().manual_seed(0)
    logits = (torch.randn(3, 7, 50, generator=g) * 4).requires_grad_()
    ids = torch.randint(0, 50, (3, 7), generator=g)
    upstream = torch.randn(3, 7, generator=g)
    out = selective_log_softmax(logits, ids, chunk_size=chunk_size)
    (grad,) = torch.autograd.grad((out * upstream).sum(), logits)
    logits2 = logits.detach().clone().requires_grad_()
    ref = _naive(logits2, ids)
    (ref_grad,) = torch.autograd.grad((ref * upstream).sum(), logits2)
    assert out.dtype == torch.float32 and out.shape == (3, 7)
    assert torch.allclose(out, ref, atol=1e-5)
    assert torch.allclose(grad, ref_grad, atol=1e-6)


def test_selective_log_softmax_float64_passes_gradcheck_with_temperature():
    g = torch.Generator().manual_seed(1)
    logits = torch.randn(2, 3, 5, generator=g, dtype=torch.float64, requires_grad=True)
    ids = torch.randint(0, 5, (2, 3), generator=g)
    out = selective_log_softmax(logits, ids, temperature=0.7, chunk_size=2)
    assert out.dtype == torch.float64
    assert torch.allclose(out, torch.log_softmax(logits / 0.7, -1).gather(-1, ids[..., None]).squeeze(-1))
    assert torch.autograd.gradcheck(
        lambda x: selective_log_softmax(x, ids, temperature=0.7, chunk_size=2), logits
    )


def test_selective_log_softmax_bf16_upcasts_per_chunk():
    g = torch.Generator().manual_seed(2)
    logits32 = torch.randn(2, 9, 64, generator=g) * 3
    logits = logits32.bfloat16().requires_grad_()
    ids = torch.randint(0, 64, (2, 9), generator=g)
    out = selective_log_softmax(logits, ids, chunk_size=4)
    assert out.dtype == torch.float32
    # Same values upcast: equal to the float32 computation on the bf16-rounded logits...
    assert torch.allclose(out, _naive(logits.detach().float(), ids), atol=1e-5)
    # ...and within bf16 rounding of the float32 logits before rounding.
    assert torch.allclose(out, _naive(logits32, ids), atol=0.05)
    (grad,) = torch.autograd.grad(out.sum(), logits)
    assert grad.dtype == torch.bfloat16
    ref = logits.detach().float().requires_grad_()
    (ref_grad,) = torch.autograd.grad(_naive(ref, ids).sum(), ref)
    assert torch.allclose(grad.float(), ref_grad, atol=1e-2)


def test_selective_log_softmax_on_non_contiguous_slice_and_2d():
    g = torch.Generator().manual_seed(3)
    logits = torch.randn(2, 6, 11, generator=g)
    ids = torch.randint(0, 11, (2, 5), generator=g)
    sliced = logits[:, :-1]  # the [N, L, V] view completion_logprobs passes
    assert torch.allclose(selective_log_softmax(sliced, ids, chunk_size=2), _naive(sliced, ids), atol=1e-6)
    assert torch.allclose(selective_log_softmax(sliced[0], ids[0]), _naive(sliced[0], ids[0]), atol=1e-6)
    with pytest.raises(ValueError, match="do not match"):
        selective_log_softmax(logits, ids)


def test_entropy_from_logits_matches_naive():
    g = torch.Generator().manual_seed(4)
    logits = torch.randn(2, 5, 13, generator=g) * 2
    p = torch.softmax(logits, -1)
    naive = -(p * torch.log_softmax(logits, -1)).sum(-1)
    assert torch.allclose(entropy_from_logits(logits, chunk_size=2), naive, atol=1e-5)
    # uniform logits: entropy log V
    assert torch.allclose(
        entropy_from_logits(torch.zeros(1, 2, 13)), torch.full((1, 2), float(torch.log(torch.tensor(13.0))))
    )


# ------------------------------------------------------------------------------------------------------
# completion_logprobs on a tiny random Llama
# ------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_llama():
    torch.manual_seed(0)
    config = transformers.LlamaConfig(
        vocab_size=64,
        hidden_size=32,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
    )
    return transformers.LlamaForCausalLM(config).eval()


def _naive_completion_logprobs(model, input_ids, attention_mask, start):
    position_ids = (attention_mask.cumsum(-1) - 1).clamp(min=0)
    logits = model(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids).logits
    return _naive(logits[:, start - 1 : -1], input_ids[:, start:])


def test_completion_logprobs_matches_full_computation(tiny_llama):
    g = torch.Generator().manual_seed(5)
    input_ids = torch.randint(0, 64, (3, 10), generator=g)
    mask = torch.ones(3, 10, dtype=torch.long)
    mask[0, :2] = 0  # left padding in the prompt
    mask[1, -2:] = 0  # right padding after an early stop
    shapes = []
    hook = tiny_llama.lm_head.register_forward_hook(lambda mod, args, out: shapes.append(tuple(out.shape)))
    try:
        logp, entropy = completion_logprobs(tiny_llama, input_ids, mask, 6, with_entropy=True, chunk_size=3)
    finally:
        hook.remove()
    assert shapes == [(3, 5, 64)]  # only L + 1 = 5 positions of logits were produced, not T = 10
    naive = _naive_completion_logprobs(tiny_llama, input_ids, mask, 6)
    assert logp.shape == (3, 4) and entropy.shape == (3, 4)
    assert torch.allclose(logp, naive, atol=1e-5)
    assert logp.requires_grad and not entropy.requires_grad
    # the same with a sampling temperature
    logp_t, none = completion_logprobs(tiny_llama, input_ids, mask, 6, temperature=0.5)
    assert none is None
    full = tiny_llama(
        input_ids=input_ids, attention_mask=mask, position_ids=(mask.cumsum(-1) - 1).clamp(min=0)
    )
    naive_t = _naive(full.logits[:, 5:-1] / 0.5, input_ids[:, 6:])
    assert torch.allclose(logp_t, naive_t, atol=1e-5)


def test_completion_logprobs_left_padding_matches_unpadded_row(tiny_llama):
    g = torch.Generator().manual_seed(6)
    row = torch.randint(1, 64, (1, 8), generator=g)  # prompt of 5, completion of 3
    padded = torch.cat([torch.zeros(1, 3, dtype=torch.long), row], dim=1)  # 3 pad tokens on the left
    pad_mask = torch.cat([torch.zeros(1, 3, dtype=torch.long), torch.ones(1, 8, dtype=torch.long)], dim=1)
    alone, _ = completion_logprobs(tiny_llama, row, torch.ones_like(row), 5)
    batched, _ = completion_logprobs(tiny_llama, padded, pad_mask, 8)
    assert torch.allclose(alone, batched, atol=1e-5)


def test_completion_logprobs_per_row_starts(tiny_llama):
    g = torch.Generator().manual_seed(7)
    input_ids = torch.randint(0, 64, (2, 9), generator=g)
    mask = torch.ones_like(input_ids)
    logp, entropy = completion_logprobs(tiny_llama, input_ids, mask, torch.tensor([4, 6]), with_entropy=True)
    # L = 9 - 4 = 5; row 0 holds tokens 4..8, row 1 tokens 6..8 then zeros.
    assert logp.shape == (2, 5)
    assert torch.allclose(logp[0], _naive_completion_logprobs(tiny_llama, input_ids, mask, 4)[0], atol=1e-5)
    assert torch.allclose(
        logp[1, :3], _naive_completion_logprobs(tiny_llama, input_ids, mask, 6)[1], atol=1e-5
    )
    assert torch.equal(logp[1, 3:], torch.zeros(2)) and torch.equal(entropy[1, 3:], torch.zeros(2))
    with pytest.raises(ValueError, match="completion_start"):
        completion_logprobs(tiny_llama, input_ids, mask, 0)


def test_completion_logprobs_under_bf16_autocast(tiny_llama):
    g = torch.Generator().manual_seed(9)
    input_ids = torch.randint(0, 64, (2, 8), generator=g)
    mask = torch.ones_like(input_ids)
    exact, _ = completion_logprobs(tiny_llama, input_ids, mask, 4)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        logp, _ = completion_logprobs(tiny_llama, input_ids, mask, 4)
    assert logp.dtype == torch.float32
    assert torch.allclose(logp, exact, atol=0.1)
    logp.sum().backward()  # the chunked backward runs on bf16 logits
    assert all(torch.isfinite(p.grad).all() for p in tiny_llama.parameters() if p.grad is not None)
    tiny_llama.zero_grad(set_to_none=True)


class _NoKeepWrapper(torch.nn.Module):
    """A causal LM whose forward takes neither logits_to_keep nor position_ids, wrapped like DDP."""

    def __init__(self, lm):
        super().__init__()
        self.module = _Plain(lm)

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)


class _Plain(torch.nn.Module):
    def __init__(self, lm):
        super().__init__()
        self.lm = lm

    def forward(self, input_ids, attention_mask):
        return self.lm(input_ids=input_ids, attention_mask=attention_mask)


def test_completion_logprobs_model_without_logits_to_keep(tiny_llama):
    g = torch.Generator().manual_seed(8)
    input_ids = torch.randint(0, 64, (2, 7), generator=g)
    mask = torch.ones_like(input_ids)
    logp, _ = completion_logprobs(_NoKeepWrapper(tiny_llama), input_ids, mask, 3)
    assert torch.allclose(logp, _naive_completion_logprobs(tiny_llama, input_ids, mask, 3), atol=1e-5)


# ------------------------------------------------------------------------------------------------------
# spans
# ------------------------------------------------------------------------------------------------------


def _offsets(tokens: list[str]) -> list[tuple[int, int]]:
    out, pos = [], 0
    for tok in tokens:
        out.append((pos, pos + len(tok)))
        pos += len(tok)
    return out


def test_char_spans_to_token_ends_on_gpt2_like_offsets():
    text = "Step 1: 2+3=5.\nStep 2: 5*2=10.\nAnswer: 10"
    # GPT-2 style pieces (leading spaces attached), then an EOS with the usual (0, 0) offsets.
    tokens = "Step| 1|:| 2|+|3|=|5|.\n|Step| 2|:| 5|*|2|=|10|.\n|Answer|:| 10".split("|")
    assert "".join(tokens) == text
    offsets = _offsets(tokens) + [(0, 0)]
    s1 = (0, text.index("\nStep 2"))  # "Step 1: 2+3=5." ends inside the ".\n" token (index 8)
    s2 = (text.index("Step 2"), text.index("\nAnswer") + 1)  # includes its newline: token 17
    s3 = (text.index("Answer"), len(text))  # last real token 20, never the EOS
    empty = (text.index("Step 2"), text.index("Step 2"))  # covers no token: last token before it, 8
    beyond = (len(text), len(text) + 5)  # past the text (truncated): last token
    before = (0, 0)  # ends before the first token: -1
    assert char_spans_to_token_ends(offsets, [s1, s2, s3, empty, beyond, before]) == [8, 17, 20, 8, 20, -1]


def test_offsets_by_decoding_handles_split_multibyte_characters():
    # A byte-level vocabulary: "é" (2 bytes in UTF-8) is split over tokens 2 and 3.
    vocab = {0: b"caf", 1: b"\n", 2: "é".encode()[:1], 3: "é".encode()[1:], 4: b"!"}
    ids = [0, 2, 3, 1, 4]

    def decode(xs):
        return b"".join(vocab[i] for i in xs).decode("utf-8", errors="replace")

    offsets = offsets_by_decoding(ids, decode)
    # "café\n!": token 2 (first byte of é) decodes to U+FFFD, so it covers nothing; token 3 covers "é".
    assert offsets == [(0, 3), (3, 3), (3, 4), (4, 5), (5, 6)]
    assert char_spans_to_token_ends(offsets, [(0, 5), (5, 6)]) == [3, 4]


def test_offsets_by_decoding_agrees_with_a_fast_tokenizer():
    tok = tokenizers.Tokenizer(tokenizers.models.BPE(unk_token=None))
    tok.pre_tokenizer = tokenizers.pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = tokenizers.decoders.ByteLevel()
    trainer = tokenizers.trainers.BpeTrainer(
        vocab_size=300, initial_alphabet=tokenizers.pre_tokenizers.ByteLevel.alphabet(), show_progress=False
    )
    tok.train_from_iterator(["Step 1: 2+3=5.\nStep 2: 5*2=10.\n"] * 20, trainer=trainer)
    text = "Step 1: 3+4=7.\nStep 2: 7*2=14.\nSo 14"
    enc = tok.encode(text)
    decoded = offsets_by_decoding(enc.ids, tok.decode)
    spans = [
        (0, text.index("\nStep 2")),
        (text.index("Step 2"), text.index("\nSo")),
        (text.index("So"), len(text)),
    ]
    assert char_spans_to_token_ends(decoded, spans) == char_spans_to_token_ends(enc.offsets, spans)
    assert char_spans_to_token_ends(enc.offsets, spans)[-1] == len(enc.ids) - 1


def test_gathered_log_softmax_matches_naive_and_passes_gradcheck_with_shared_positions():
    """Several entries may read one position (a packed row's last prompt token predicts every completion's first
    token): values are log_softmax at the positions, gradients add up over the entries that share a position."""
    from verigrpo.grpo_train.logprobs import gathered_log_softmax

    torch.manual_seed(0)
    logits = torch.randn(2, 5, 7, dtype=torch.float64, requires_grad=True)  # [U, C, V]
    rows = torch.tensor([[0, 0, 0], [0, 0, 0], [1, 1, 1]])  # [n, L]
    cols = torch.tensor([[0, 1, 2], [0, 3, 0], [0, 4, 4]])  # position 0 shared; repeats past an end
    ids = torch.randint(0, 7, (3, 3))
    out = gathered_log_softmax(logits, rows, cols, ids, temperature=0.7, chunk_size=2)
    naive = torch.log_softmax(logits / 0.7, -1)[rows, cols, ids]
    torch.testing.assert_close(out, naive)
    assert torch.autograd.gradcheck(
        lambda x: gathered_log_softmax(x, rows, cols, ids, temperature=0.7, chunk_size=2), logits
    )
    with pytest.raises(ValueError, match="must match"):
        gathered_log_softmax(logits, rows, cols[:, :2], ids)
