"""Rollouts: G sampled completions per prompt, as training-ready tensors.

Sampling is our own short decoding loop over any Hugging Face causal LM (its forward with a KV cache), not
``model.generate``: each distinct prompt is run once and its cache rows are repeated for its G completions
(``generate`` would run every prompt G times), a finished row leaves the batch, and none of ``generate``'s per-step
machinery (logits processors, stopping criteria, input preparation) runs. Tokens are drawn by
:class:`SeededSampler`, which gives every completion its own random generator, seeded from ``(run seed, step,
prompt's index in the global batch, sample index)``. A completion therefore does not depend on which other
prompts share its batch or its process: a run on two processes samples exactly what a run on one process
samples (this is what the two-process test checks), and a resumed run samples what the uninterrupted run
sampled. The model's own ``generation_config`` (repetition penalties, banned n-grams...) is ignored on
purpose: samples follow ``softmax(logits / T)`` restricted to the top-p nucleus, the law under which the
ratio's and the KL's log-probs are computed.

During sampling the model's ``nn.Linear`` layers run on rollout weights made once per call
(:func:`rollout_linears`): a bfloat16 copy under ``precision = "bf16"`` (the values autocast would compute,
without casting every weight at every token), MKL-packed float32 weights under ``fp32`` on a CPU.

Shapes: ``B`` prompts, ``G`` samples per prompt, ``N = B*G``, ``P`` prompt length (left-padded),
``L`` completion length (right-padded after the end-of-sequence token), ``V`` vocabulary.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import inspect
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import torch
import torch.nn.functional as F
from torch import Tensor
from transformers import PreTrainedTokenizerBase
from verigrpo.grpo_train.lora import LoRALinear
from verigrpo.grpo_train.spans import char_spans_to_token_ends, offsets_by_decoding


def sample_seed(*parts: int) -> int:
    """A 63-bit seed from integers (run seed, step, prompt index, sample index)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


class SeededSampler:
    """Draw one token per row from ``softmax(logits / temperature)`` restricted to the top-p nucleus, each row
    with its own ``torch.Generator``.

    A draw is an inverse-CDF lookup (:func:`inverse_cdf`) with one float64 uniform per row: row ``i``'s generator advances exactly
    once per decoding step, so its ``t``-th token depends only on its seed and its own prefix, never on the
    other rows. (One uniform per row instead of a Gumbel vector over the vocabulary: 49152 times fewer random
    numbers per token.) The nucleus keeps the most probable tokens whose cumulative probability, before each
    one, is below ``top_p`` (so the token that crosses ``top_p`` is kept, as in Holtzman et al. and TRL).
    """

    def __init__(self, seeds: Sequence[int], temperature: float, top_p: float) -> None:
        if temperature <= 0:
            raise ValueError("SeededSampler needs temperature > 0 (temperature 0 is greedy decoding)")
        self.generators = [torch.Generator().manual_seed(int(s)) for s in seeds]
        self.temperature = temperature
        self.top_p = top_p

    def __call__(self, logits: Tensor, rows: Sequence[int] | None = None) -> Tensor:
        """logits [n, V] -> token ids [n] (int64, on the logits' device). ``rows``: which of the sampler's rows
        the n logits belong to (default: all, in order); only their generators advance."""
        probs = torch.softmax(logits.float() / self.temperature, -1)  # [N, V]
        order = None
        if self.top_p < 1.0:
            probs, order = probs.sort(dim=-1, descending=True)  # [N, V]
            before = probs.cumsum(-1) - probs  # [N, V] mass of the more probable tokens
            probs = probs.masked_fill(before >= self.top_p, 0.0)
        generators = self.generators if rows is None else [self.generators[i] for i in rows]
        u = torch.cat([torch.rand(1, generator=g, dtype=torch.float64) for g in generators])  # [n], CPU-seeded
        pick = inverse_cdf(probs, u.to(probs.device))[:, None]  # [N, 1]
        if order is not None:
            pick = order.gather(-1, pick)
        return pick.squeeze(-1)


CDF_CHUNK = 1024  # vocabulary entries per block of the two-level inverse-CDF lookup


def inverse_cdf(probs: Tensor, u: Tensor, chunk: int = CDF_CHUNK) -> Tensor:
    """The inverse-CDF draw: for each row, the first token whose cumulative (unnormalised) probability exceeds
    ``u`` times the row's total. probs [N, V] >= 0 with a positive total, u [N] float64 in [0, 1) -> [N] int64.

    Two levels, in float64: block sums of ``chunk`` tokens find the block, then a cumulative sum inside that
    block alone finds the token, so only N * (V / chunk + chunk) partial sums are formed instead of N * V (the
    full float64 cumsum over a 49k vocabulary was a tenth of a CPU decoding step). A token of probability 0
    is never drawn."""
    n, v = probs.shape
    pad = -v % chunk
    blocks = (F.pad(probs, (0, pad)) if pad else probs.contiguous()).view(n, -1, chunk)  # [N, B, K]
    sums = blocks.sum(-1, dtype=torch.float64).cumsum(-1)  # [N, B] mass up to the end of each block
    total = sums[:, -1:]  # [N, 1]
    if not bool(((total > 0) & torch.isfinite(total)).all()):
        raise ValueError("sampling needs finite probabilities with a positive total: the model's logits hold NaN or inf")
    target = torch.minimum(u[:, None] * total, torch.nextafter(total, torch.zeros_like(total)))  # [N, 1] in [0, total)
    block = torch.searchsorted(sums, target, right=True)  # [N, 1] first block ending past target (it has mass)
    inside = blocks.gather(1, block[:, :, None].expand(n, 1, chunk)).squeeze(1).double()  # [N, K]
    before = torch.where(block > 0, sums.gather(1, (block - 1).clamp(min=0)), 0.0)  # [N, 1] mass before the block
    cdf = before + inside.cumsum(-1)  # [N, K]
    pick = torch.searchsorted(cdf, target, right=True)  # [N, 1] first token of the block past target
    # Rounding (block sum vs cumsum order) can leave target at or past the block's last partial sum: take the
    # block's last token of non-zero probability then.
    nonzero = torch.arange(chunk, device=probs.device).masked_fill(inside == 0, -1).amax(-1, keepdim=True)  # [N, 1]
    pick = torch.minimum(pick, nonzero)
    return (block * chunk + pick).squeeze(-1).clamp(max=v - 1)


# ---------------------------------------------------------------------------------------------------------
# Rollout weights: what the nn.Linear layers compute with while sampling
# ---------------------------------------------------------------------------------------------------------


def _weight(linear: torch.nn.Linear) -> Tensor:
    """[out, in] what the layer multiplies by: its weight, or with LoRA adapters the merged weight."""
    return linear.merged_weight() if isinstance(linear, LoRALinear) else linear.weight.detach()


def _bf16_weights(linear: torch.nn.Linear) -> Any:
    w = _weight(linear).to(torch.bfloat16)  # [out, in]
    b = None if linear.bias is None else linear.bias.detach().to(torch.bfloat16)

    def forward(x: Tensor) -> Tensor:
        return F.linear(x.to(torch.bfloat16), w, b)  # what autocast computes, without re-casting w per call

    return forward


def _mkl_packed_weights(linear: torch.nn.Linear) -> Any:
    w = _weight(linear)  # [out, in]
    b = None if linear.bias is None else linear.bias.detach()
    packed = torch.ops.mkl._mkl_reorder_linear_weight(w, 16)  # MKL's packed GEMM: ~1.35x for few rows here

    def forward(x: Tensor) -> Tensor:
        rows = x.reshape(-1, x.shape[-1])
        return torch.ops.mkl._mkl_linear(rows, packed, w, b, rows.shape[0]).reshape(*x.shape[:-1], -1)

    return forward


def _mkl_available(model: torch.nn.Module) -> bool:
    param = next(model.parameters())
    return param.device.type == "cpu" and param.dtype == torch.float32 and torch._C.has_mkl and hasattr(
        torch.ops.mkl, "_mkl_linear"
    )


@contextlib.contextmanager
def rollout_linears(model: torch.nn.Module, precision: str) -> Iterator[None]:
    """Run the model's ``nn.Linear`` layers on weights prepared once for the whole decoding loop.

    ``bf16``: a bfloat16 copy of each weight (autocast would cast it again at every token; the values are the
    same); ``fp32`` on a CPU with MKL: packed weights for MKL's GEMM (faster for the few rows of a decoding
    step). A layer with LoRA adapters runs on its merged weight, one product instead of three. Otherwise (fp32
    on a GPU) nothing changes. The copies live only inside the context: a tied output
    layer gets its own copy, the embedding keeps its float32 weight.
    """
    make = {"bf16": _bf16_weights}.get(precision)
    if make is None and precision == "fp32" and _mkl_available(model):
        make = _mkl_packed_weights
    if make is None:
        yield
        return
    # Layers whose forward is already replaced on the instance (accelerate's offloading hooks do that) are
    # left alone.
    patched = [m for m in model.modules() if type(m) in (torch.nn.Linear, LoRALinear) and "forward" not in m.__dict__]
    try:
        for module in patched:
            module.forward = make(module)  # instance attribute shadows nn.Linear.forward
        yield
    finally:
        for module in patched:
            module.__dict__.pop("forward", None)


@dataclasses.dataclass
class Rollout:
    """A batch of completions, ready for log-probs and the loss."""

    input_ids: Tensor
    """[N, P + L] prompt (left-padded) followed by the completion (right-padded)."""
    attention_mask: Tensor
    """[N, P + L] 1 on real prompt tokens and on completion tokens up to and including EOS."""
    prompt_len: int
    """P: the column where completions start."""
    mask: Tensor
    """[N, L] float, 1 on completion tokens that count in the loss (up to and including EOS)."""
    texts: list[str]
    """N decoded completions (special tokens removed), what the verifiers see."""
    rows: list[dict[str, Any]]
    """N dataset rows (each prompt's row repeated G times)."""
    truncated: Tensor
    """[N] bool: the completion hit ``max_new_tokens`` without an end (EOS or a stop string)."""
    prompts: Tensor
    """[B, P] each distinct prompt once (left-padded); completion ``i`` belongs to prompt ``i // G``."""
    prompt_mask: Tensor
    """[B, P] attention mask of ``prompts``."""
    prefix: Tensor | None = None
    """[C] token ids most prompts start with (:func:`template_prefix`): the training forward runs them once for
    all prompts. None: every prompt runs in full."""
    sampler_logp: Tensor | None = None
    """[N, L] log-probs of the sampled tokens under the engine that sampled them, when that is not the trainer
    (vLLM, :mod:`grpo_train.backends`): the loss's importance weights. None for the native loop."""

    @property
    def completion_ids(self) -> Tensor:
        return self.input_ids[:, self.prompt_len :]  # [N, L]

    def to(self, device: torch.device | str) -> Rollout:
        """The same rollout with its tensors on ``device``."""
        moved = {f.name: getattr(self, f.name).to(device) for f in dataclasses.fields(self) if isinstance(getattr(self, f.name), Tensor)}
        return dataclasses.replace(self, **moved)


def chat_prompts(
    tokenizer: PreTrainedTokenizerBase, rows: Sequence[dict[str, Any]], system_prompt: str, chat_template: bool = True
) -> list[str]:
    """Apply the chat template: the row's prompt as the user turn after an optional system message, or the row's
    chat (a list of messages) as it is, with ``system_prompt`` first only if the chat has no system message.

    Without a template (``chat_template=False``, or a base model's tokenizer that has none) the prompt text is
    used as it is, after ``system_prompt`` and a blank line when that is set; a chat prompt is then an error."""
    if not (chat_template and getattr(tokenizer, "chat_template", None)):
        if any(isinstance(row["prompt"], list) for row in rows):
            from verigrpo.grpo_train.config import ConfigError

            raise ConfigError("chat-format prompts need a chat template, and this run has none (chat_template = "
                              "false, or the tokenizer has no template): use text prompts")
        return [f"{system_prompt}\n\n{row['prompt']}" if system_prompt else row["prompt"] for row in rows]
    out = []
    for row in rows:
        prompt = row["prompt"]
        messages = list(prompt) if isinstance(prompt, list) else [{"role": "user", "content": prompt}]
        if system_prompt and not any(m["role"] == "system" for m in messages):
            messages.insert(0, {"role": "system", "content": system_prompt})
        out.append(tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True))
    return out


# ---------------------------------------------------------------------------------------------------------
# The prefix every prompt of a run shares (the chat template's system message and the user turn's opening)
# ---------------------------------------------------------------------------------------------------------

_SENTINEL = "\ue000"  # a private-use character: where the user's text would begin


def template_prefix(tokenizer: PreTrainedTokenizerBase, system_prompt: str, chat_template: bool = True) -> list[int]:
    """The token ids that come before the user's text in every prompt of a run: the chat template rendered up to
    the user turn's content (with the system message), or ``system_prompt`` and its blank line without one.

    A run constant (it depends only on the tokenizer and the run's prompt settings), so a completion's sampled
    tokens never depend on which other prompts share its batch. Empty when nothing precedes the user's text."""
    text = chat_prompts(tokenizer, [{"prompt": _SENTINEL}], system_prompt, chat_template)[0]
    cut = text.find(_SENTINEL)
    if cut <= 0:
        return []
    templated = chat_template and bool(getattr(tokenizer, "chat_template", None))
    return list(tokenizer(text[:cut], add_special_tokens=not templated)["input_ids"])


def shared_lengths(prompts: Tensor, prompt_mask: Tensor, prefix: Tensor) -> Tensor:
    """[B] how many of each prompt's first real tokens equal ``prefix``'s first tokens, at most the prompt's length
    minus one (its last token runs with the rest of the prompt: it predicts the first completion token).

    prompts, prompt_mask: [B, P] left-padded; prefix: [C]. A tokenizer may merge the prefix's last characters
    with the user's text differently than alone, or a chat prompt may bring its own system message: such a
    prompt shares fewer tokens (possibly none), never a wrong one."""
    c, p = prefix.numel(), prompts.shape[1]
    if c == 0:
        return torch.zeros(prompts.shape[0], dtype=torch.long, device=prompts.device)
    length = prompt_mask.sum(-1)  # [B]
    cols = ((p - length)[:, None] + torch.arange(c, device=prompts.device)).clamp(max=p - 1)  # [B, C]
    same = (prompts.gather(1, cols) == prefix.to(prompts.device)) & (torch.arange(c, device=prompts.device) < length[:, None] - 1)
    return same.long().cumprod(-1).sum(-1)  # [B] length of the run of equal tokens from the start


def drop_shared(prompts: Tensor, prompt_mask: Tensor, shared: Tensor) -> tuple[Tensor, Tensor]:
    """The prompts without their first ``shared`` real tokens, left-padded again: ids and mask [B, S].

    prompts, prompt_mask: [B, P] left-padded; shared: [B] (see :func:`shared_lengths`). Padding keeps whatever ids
    the columns held: the mask hides them."""
    rest = prompt_mask.sum(-1) - shared  # [B] tokens left in each prompt (>= 1)
    s = int(rest.max()) if rest.numel() else 0
    mask = (torch.arange(s, device=prompts.device)[None] >= (s - rest)[:, None]).to(prompt_mask.dtype)  # [B, S]
    return prompts[:, prompts.shape[1] - s :], mask


def prefix_cache(model: torch.nn.Module, prefix: Tensor, rows: int) -> Any:
    """The KV cache of ``prefix`` [C], run once as one row and repeated for ``rows`` rows (differentiable when
    grad is on: the training forward's rows see it)."""
    out = model(input_ids=prefix[None], use_cache=True, logits_to_keep=1)
    cache = getattr(out, "cache", None) or out.past_key_values
    cache.batch_select_indices(torch.zeros(rows, dtype=torch.long, device=prefix.device))  # [1, ...] -> [rows, ...]
    return cache


def prompt_cache(
    model: torch.nn.Module, prompts: Tensor, prompt_mask: Tensor, prefix: Tensor | None, **kw: Any
) -> tuple[Any, Tensor, Tensor]:
    """Run the prompts through ``model`` with the KV cache on, the shared ``prefix`` once for all of them.

    prompts, prompt_mask: [B, P] left-padded; prefix: [C] (or None: every prompt is run in full). The prefix runs
    as one row, its cache is repeated for the B prompts, and each prompt's remaining tokens run on top of it,
    seeing only the prefix tokens it shares. ``kw`` goes to the prompts' forward (``logits_to_keep``...).
    Returns the model's output for the prompts' last columns, the cache mask [B, C + S] (the attention mask the
    next tokens extend) and the number of real prompt tokens [B] (the position of the first completion token)."""
    length = prompt_mask.sum(-1)  # [B]
    if prefix is None or prefix.numel() == 0:
        position = (prompt_mask.cumsum(-1) - 1).clamp(min=0)  # [B, P]
        out = model(input_ids=prompts, attention_mask=prompt_mask, position_ids=position, use_cache=True, **kw)
        return out, prompt_mask, length
    shared = shared_lengths(prompts, prompt_mask, prefix)  # [B]
    rest, rest_mask = drop_shared(prompts, prompt_mask, shared)  # [B, S]
    cache = prefix_cache(model, prefix.to(prompts.device), prompts.shape[0])
    seen = (torch.arange(prefix.numel(), device=prompts.device)[None] < shared[:, None]).to(prompt_mask.dtype)  # [B, C]
    mask = torch.cat([seen, rest_mask], 1)  # [B, C + S]
    position = shared[:, None] + (rest_mask.cumsum(-1) - 1).clamp(min=0)  # [B, S]
    out = model(input_ids=rest, attention_mask=mask, position_ids=position, use_cache=True, **{_cache_kw(model): cache}, **kw)
    return out, mask, length


class Decoded(NamedTuple):
    """What :func:`decode` sampled."""

    tokens: Tensor
    """[N, L] token ids, ``pad_token_id`` after each row's end (L: the longest row)."""
    lengths: Tensor
    """[N] tokens up to and including each row's end (L for a row that never ended)."""
    ended: Tensor
    """[N] bool: the row ended (end-of-sequence token or stop string), not cut at ``max_new_tokens``."""


class StopCheck:
    """Which rows' recent tokens complete a stop string: ``check(recent)`` with ``recent`` each running row's last
    ``width`` token ids (fewer at the start) -> one bool per row. Checked after every token, so a string is found
    at the token that completes it; ``width`` is the longest string's length (a token holds at least one
    character), so the window always covers it."""

    def __init__(self, tokenizer: PreTrainedTokenizerBase, strings: Sequence[str]) -> None:
        self.tokenizer, self.strings = tokenizer, list(strings)
        self.width = max(len(x) for x in self.strings)

    def __call__(self, recent: list[list[int]]) -> list[bool]:
        texts = self.tokenizer.batch_decode(recent, skip_special_tokens=True)
        return [any(x in text for x in self.strings) for text in texts]


def _cache_kw(model: torch.nn.Module) -> str:
    return "cache" if "cache" in inspect.signature(model.forward).parameters else "past_key_values"


@torch.no_grad()
def decode(
    model: torch.nn.Module,
    prompts: Tensor,
    prompt_mask: Tensor,
    *,
    num_generations: int,
    max_new_tokens: int,
    eos_token_id: int | Sequence[int],
    pad_token_id: int,
    sampler: SeededSampler | None,
    prefix: Tensor | None = None,
    stop: StopCheck | None = None,
) -> Decoded:
    """Sample ``num_generations`` continuations of each prompt with a KV cache (see :class:`Decoded`): a row ends
    at its first end-of-sequence token (``eos_token_id``: one id or several) or at the token that completes a
    stop string, and holds ``pad_token_id`` after it.

    prompts, prompt_mask: [B, P] left-padded. ``sampler`` None = greedy. ``prefix`` [C]: token ids most prompts
    start with (:func:`template_prefix`), run once for all of them. ``stop``: see :func:`stop_string_check`.
    The prompts are run once and their cache rows repeated G times; a row that has ended leaves the batch (its
    cache rows are dropped), so the remaining decoding steps multiply smaller matrices.
    """
    g = num_generations
    device = prompts.device
    out, prompt_seen, prompt_len = prompt_cache(model, prompts, prompt_mask, prefix, logits_to_keep=1)
    cache = getattr(out, "cache", None) or out.past_key_values
    rows = torch.arange(prompts.shape[0], device=device).repeat_interleave(g)  # [N] prompt of each completion
    if g > 1:
        cache.batch_select_indices(rows)  # [B, ...] -> [N, ...]
    logits = out.logits[rows, -1]  # [A, V] for the A rows still running (A = N at first)
    mask = prompt_seen[rows]  # [A, C + S + t], grows by one column per token
    next_pos = prompt_len[rows]  # [A] position of the first completion token
    n = rows.shape[0]
    active = torch.arange(n, device=device)  # [A] which completions are still running
    tokens = torch.full((n, max_new_tokens), pad_token_id, dtype=torch.long, device=device)  # [N, L]
    lengths = torch.full((n,), max_new_tokens, dtype=torch.long, device=device)  # [N]
    ended = torch.zeros(n, dtype=torch.bool, device=device)  # [N]
    kw = _cache_kw(model)
    stops = torch.as_tensor(eos_token_id, device=device).view(-1)  # [S] end-of-sequence ids
    steps = 0
    for t in range(max_new_tokens):
        pick = logits.argmax(-1) if sampler is None else sampler(logits, active.tolist())  # [A]
        tokens[active, t] = pick
        steps = t + 1
        running = ~torch.isin(pick, stops)  # [A]
        if stop is not None:
            recent = tokens[active, max(0, t + 1 - stop.width) : t + 1].tolist()  # [A, <= width]
            running &= ~torch.tensor(stop(recent), dtype=torch.bool, device=device)
        lengths[active[~running]] = t + 1
        ended[active[~running]] = True
        if t == max_new_tokens - 1 or not bool(running.any()):
            break
        if not bool(running.all()):
            keep = running.nonzero().squeeze(-1)  # [A']
            active, pick, mask, next_pos = active[keep], pick[keep], mask[keep], next_pos[keep]
            cache.batch_select_indices(keep)
        mask = torch.cat([mask, torch.ones(len(active), 1, dtype=mask.dtype, device=device)], 1)  # [A, C + S + t + 1]
        out = model(
            input_ids=pick[:, None], attention_mask=mask, position_ids=(next_pos + t)[:, None], use_cache=True,
            logits_to_keep=1, **{kw: cache},
        )
        cache = getattr(out, "cache", None) or out.past_key_values
        logits = out.logits[:, -1]  # [A, V]
    return Decoded(tokens[:, :steps], lengths.clamp(max=steps), ended)


def stop_token_ids(model: torch.nn.Module, tokenizer: PreTrainedTokenizerBase) -> list[int]:
    """End-of-sequence ids: the tokenizer's, plus those of the model's generation config (chat models often
    end a turn with a token that is not the tokenizer's ``eos_token``, e.g. Llama 3's ``<|eot_id|>``)."""
    ids = [tokenizer.eos_token_id]
    config = getattr(model, "generation_config", None)
    extra = getattr(config, "eos_token_id", None)
    ids += extra if isinstance(extra, (list, tuple)) else [extra]
    return sorted({int(i) for i in ids if i is not None})


def generate(
    model: torch.nn.Module,
    tokenizer: PreTrainedTokenizerBase,
    rows: Sequence[dict[str, Any]],
    *,
    num_generations: int,
    max_new_tokens: int,
    temperature: float,
    top_p: float,
    system_prompt: str,
    seeds: Sequence[int] | None,
    precision: str = "fp32",
    chat_template: bool = True,
    stop_strings: Sequence[str] = (),
) -> Rollout:
    """Sample ``num_generations`` completions for each row (greedy when ``temperature == 0``).

    ``seeds`` holds one seed per completion (``len(rows) * num_generations``, see :func:`sample_seed`).
    ``precision`` picks the rollout weights (:func:`rollout_linears`); the caller sets autocast. ``chat_template``:
    see :func:`chat_prompts`. ``stop_strings``: a completion also ends at the token that completes one.
    """
    g = num_generations
    texts = chat_prompts(tokenizer, rows, system_prompt, chat_template)
    templated = chat_template and bool(getattr(tokenizer, "chat_template", None))  # a template brings its BOS
    enc = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=not templated)
    sampler = None
    if temperature > 0:
        if seeds is None or len(seeds) != len(rows) * g:
            raise ValueError(f"sampling needs one seed per completion ({len(rows) * g})")
        sampler = SeededSampler(seeds, temperature, top_p)
    device = next(model.parameters()).device
    eos = stop_token_ids(model, tokenizer)
    prefix = torch.tensor(template_prefix(tokenizer, system_prompt, chat_template), dtype=torch.long)  # [C]
    stop = StopCheck(tokenizer, stop_strings) if stop_strings else None
    with rollout_linears(model, precision):
        out = decode(
            model, enc["input_ids"].to(device), enc["attention_mask"].to(device), num_generations=g,
            max_new_tokens=max_new_tokens, eos_token_id=eos, pad_token_id=tokenizer.pad_token_id, sampler=sampler,
            prefix=prefix.to(device), stop=stop,
        )
    completion, length, ended = out.tokens.cpu(), out.lengths.cpu(), out.ended.cpu()  # [N, L], [N], [N]
    prompt_ids = enc["input_ids"].repeat_interleave(g, 0)  # [N, P]
    prompt_mask = enc["attention_mask"].repeat_interleave(g, 0)  # [N, P]
    p = prompt_ids.shape[1]
    mask = (torch.arange(completion.shape[1])[None] < length[:, None]).float()  # [N, L] up to the end, included
    decoded = tokenizer.batch_decode(completion, skip_special_tokens=True)
    return Rollout(
        input_ids=torch.cat([prompt_ids, completion], 1),
        attention_mask=torch.cat([prompt_mask, mask.long()], 1),
        prompt_len=p,
        mask=mask,
        texts=decoded,
        rows=[row for row in rows for _ in range(g)],
        truncated=~ended,
        prompts=enc["input_ids"],
        prompt_mask=enc["attention_mask"],
        prefix=prefix,
    )


def step_token_ends(
    rollout: Rollout, steps: Sequence[Sequence[Any] | None], tokenizer: PreTrainedTokenizerBase
) -> tuple[list[list[float]], list[list[int]]]:
    """Step rewards (character spans) -> per completion (rewards, index of each step's last token) for Eq. 6.

    Offsets are rebuilt by decoding prefixes of the sampled ids (``spans.offsets_by_decoding``) with the same
    ``decode`` call that produced the text the verifier saw, so they are exact for the sampled tokens (a
    re-tokenisation of the text could split it differently). A completion without steps contributes none.
    """
    rewards, ends = [], []
    for i, completion_steps in enumerate(steps):
        if not completion_steps:
            rewards.append([])
            ends.append([])
            continue
        n = int(rollout.mask[i].sum())
        ids = rollout.completion_ids[i, :n].tolist()
        offsets = offsets_by_decoding(ids, lambda x: tokenizer.decode(x, skip_special_tokens=True))
        rewards.append([float(s.reward) for s in completion_steps])
        ends.append(char_spans_to_token_ends(offsets, [(s.start, s.end) for s in completion_steps]))
    return rewards, ends
