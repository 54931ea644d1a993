"""Rollouts: G sampled completions per prompt, as training-ready tensors.

Sampling runs through ``model.generate`` (KV cache, stop at end of sequence) with one twist: the token is
drawn by :class:`SeededSampler`, a logits processor that gives every completion its own random generator,
seeded from ``(run seed, step, prompt's index in the global batch, sample index)``. A completion therefore
does not depend on which other prompts share its batch or its process: a run on two processes samples
exactly what a run on one process samples (this is what the two-process test checks), and a resumed run
samples what the uninterrupted run sampled. The processor applies temperature and top-p itself and then
forces its choice, so ``generate`` runs in greedy mode; a draw is the Gumbel-max trick, which samples
exactly from ``softmax(logits / temperature)`` restricted to the top-p nucleus.

Shapes: ``B`` prompts, ``G`` samples per prompt, ``N = B*G``, ``P`` prompt length (left-padded),
``L`` completion length (right-padded after the end-of-sequence token), ``V`` vocabulary.
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
from collections.abc import Sequence
from typing import Any

import torch
from torch import Tensor
from transformers import GenerationConfig, LogitsProcessor, LogitsProcessorList, PreTrainedTokenizerBase

from grpo_train.logprobs import entropy_from_logits, selective_log_softmax
from grpo_train.spans import char_spans_to_token_ends, offsets_by_decoding


def sample_seed(*parts: int) -> int:
    """A 63-bit seed from integers (run seed, step, prompt index, sample index)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


class SeededSampler(LogitsProcessor):
    """Sample each row with its own ``torch.Generator``: temperature, top-p, then Gumbel-max; force the pick.

    Each row's generator advances exactly once per decoding step, so row ``i``'s ``t``-th token depends only
    on its seed and its own prefix, never on the other rows.
    """

    def __init__(self, seeds: Sequence[int], temperature: float, top_p: float) -> None:
        self.generators = [torch.Generator().manual_seed(s) for s in seeds]
        self.temperature = temperature
        self.top_p = top_p

    def __call__(self, input_ids: Tensor, scores: Tensor) -> Tensor:
        logits = scores.float() / self.temperature  # [N, V]
        if self.top_p < 1.0:
            sorted_logits, order = logits.sort(dim=-1, descending=True)  # [N, V]
            cum = sorted_logits.softmax(-1).cumsum(-1)  # [N, V]
            drop_sorted = (cum - sorted_logits.softmax(-1)) >= self.top_p  # keep the token that crosses top_p
            drop = drop_sorted.scatter(-1, order, drop_sorted)  # [N, V] back in vocabulary order
            logits = logits.masked_fill(drop, float("-inf"))
        u = torch.stack([torch.rand(logits.shape[-1], generator=g) for g in self.generators])  # [N, V]
        gumbel = -torch.log(-torch.log(u.clamp(min=1e-20))).to(logits.device)  # [N, V], CPU-seeded on any device
        choice = (logits + gumbel).argmax(-1)  # [N]
        forced = torch.full_like(scores, float("-inf"))  # [N, V]
        return forced.scatter(-1, choice[:, None].to(scores.device), 0.0)


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
    """[N] bool: the completion hit ``max_new_tokens`` without an EOS."""
    prompts: Tensor
    """[B, P] each distinct prompt once (left-padded); completion ``i`` belongs to prompt ``i // G``."""
    prompt_mask: Tensor
    """[B, P] attention mask of ``prompts``."""

    @property
    def completion_ids(self) -> Tensor:
        return self.input_ids[:, self.prompt_len :]  # [N, L]

    def to(self, device: torch.device | str) -> Rollout:
        """The same rollout with its tensors on ``device``."""
        moved = {f.name: getattr(self, f.name).to(device) for f in dataclasses.fields(self) if isinstance(getattr(self, f.name), Tensor)}
        return dataclasses.replace(self, **moved)


def chat_prompts(tokenizer: PreTrainedTokenizerBase, rows: Sequence[dict[str, Any]], system_prompt: str) -> list[str]:
    """Apply the chat template: optional system message, the row's prompt as the user turn."""
    out = []
    for row in rows:
        messages = ([{"role": "system", "content": system_prompt}] if system_prompt else []) + [
            {"role": "user", "content": row["prompt"]}
        ]
        out.append(tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True))
    return out


@torch.no_grad()
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
) -> Rollout:
    """Sample ``num_generations`` completions for each row (greedy when ``temperature == 0``).

    ``seeds`` holds one seed per completion (``len(rows) * num_generations``, see :func:`sample_seed`).
    """
    g = num_generations
    texts = chat_prompts(tokenizer, rows, system_prompt)
    enc = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=False)
    prompt_ids = enc["input_ids"].repeat_interleave(g, 0)  # [N, P]
    prompt_mask = enc["attention_mask"].repeat_interleave(g, 0)  # [N, P]
    eos = tokenizer.eos_token_id
    gen_config = GenerationConfig(
        max_new_tokens=max_new_tokens, do_sample=False, eos_token_id=eos, pad_token_id=tokenizer.pad_token_id
    )
    processors = LogitsProcessorList()
    if temperature > 0:
        if seeds is None or len(seeds) != len(prompt_ids):
            raise ValueError(f"sampling needs one seed per completion ({len(prompt_ids)})")
        processors.append(SeededSampler(seeds, temperature, top_p))
    device = next(model.parameters()).device
    # generate() fills unset fields from model.generation_config (a hub model may ship repetition_penalty,
    # no_repeat_ngram_size, suppress_tokens...): swap in a bare one so that samples follow softmax(logits / T),
    # the distribution the log-probs of the ratio and the KL are computed under.
    own_config = model.generation_config
    model.generation_config = GenerationConfig(eos_token_id=eos, pad_token_id=tokenizer.pad_token_id)
    try:
        out = model.generate(
            input_ids=prompt_ids.to(device),
            attention_mask=prompt_mask.to(device),
            generation_config=gen_config,
            logits_processor=processors,
        ).cpu()  # [N, P + L]
    finally:
        model.generation_config = own_config
    p = prompt_ids.shape[1]
    completion = out[:, p:]  # [N, L]
    is_eos = completion == eos  # [N, L]
    has_eos = is_eos.any(-1)  # [N]
    length = torch.where(has_eos, is_eos.int().argmax(-1) + 1, completion.shape[1])  # [N] incl. EOS
    mask = (torch.arange(completion.shape[1])[None] < length[:, None]).float()  # [N, L]
    completion = torch.where(mask.bool(), completion, torch.full_like(completion, tokenizer.pad_token_id))
    decoded = tokenizer.batch_decode(completion, skip_special_tokens=True)
    return Rollout(
        input_ids=torch.cat([prompt_ids, completion], 1),
        attention_mask=torch.cat([prompt_mask, mask.long()], 1),
        prompt_len=p,
        mask=mask,
        texts=decoded,
        rows=[row for row in rows for _ in range(g)],
        truncated=~has_eos,
        prompts=enc["input_ids"],
        prompt_mask=enc["attention_mask"],
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


class SharedPromptLM(torch.nn.Module):
    """A causal LM that scores the G completions of a prompt while running the prompt only once.

    The prompt goes through the model once with the KV cache on; the cache rows are then repeated for each
    completion (``batch_select_indices``) and the completions run on top of it. Gradients flow through the
    cached keys and values into the prompt pass, so the result (values and gradients) is that of running every
    prompt + completion in full, at a fraction of the cost: with a 35-token prompt, 15-token completions
    and G = 8, the training forward + backward of SmolLM2-135M takes about half the time in bf16 (a third in
    float32). One module, so a DDP wrapper sees one forward per micro-batch.
    """

    def __init__(self, lm: torch.nn.Module) -> None:
        super().__init__()
        self.lm = lm
        self._cache_kw = "cache" if "cache" in inspect.signature(lm.forward).parameters else "past_key_values"

    def forward(self, prompts: Tensor, prompt_mask: Tensor, group: Tensor, completions: Tensor, completion_mask: Tensor) -> Tensor:
        """Logits predicting each completion token.

        prompts, prompt_mask: [U, P] distinct prompts (left-padded); group: [n] index of each completion's
        prompt in ``prompts``; completions, completion_mask: [n, L]. Returns [n, L, V]: row ``i``, column ``t``
        is the distribution of ``completions[i, t]`` given the prompt and ``completions[i, :t]``.
        """
        position = (prompt_mask.cumsum(-1) - 1).clamp(min=0)  # [U, P]
        out = self.lm(input_ids=prompts, attention_mask=prompt_mask, position_ids=position, use_cache=True, logits_to_keep=1)
        first = out.logits[group]  # [n, 1, V] predicts completion token 0
        length = completions.shape[1]
        if length == 1:
            return first
        cache = getattr(out, "cache", None) or out.past_key_values
        cache.batch_select_indices(group)  # [U, ...] -> [n, ...] rows, differentiable
        mask = torch.cat([prompt_mask[group], completion_mask[:, :-1]], 1)  # [n, P + L - 1]
        position = prompt_mask.sum(-1)[group, None] + torch.arange(length - 1, device=group.device)  # [n, L - 1]
        rest = self.lm(
            input_ids=completions[:, :-1], attention_mask=mask, position_ids=position, use_cache=True,
            **{self._cache_kw: cache},
        ).logits  # [n, L - 1, V] predicts completion tokens 1..L-1
        return torch.cat([first, rest], 1)  # [n, L, V]


def grouped_logprobs(
    model: torch.nn.Module,
    rollout: Rollout,
    idx: Tensor,
    cols: int,
    *,
    num_generations: int,
    temperature: float,
    with_entropy: bool = False,
) -> tuple[Tensor, Tensor | None]:
    """Log-probs (and entropies) of completions ``idx`` over their first ``cols`` tokens: ([n, cols], [n, cols]).

    ``model`` is a :class:`SharedPromptLM` (or a DDP wrapper of one); ``rollout``'s tensors must be on its
    device. Logits are divided by ``temperature`` (the sampling law); the log-softmax is chunked
    (``logprobs.selective_log_softmax``), so no float32 ``[n, cols, V]`` copy is kept.
    """
    groups, group = torch.unique(idx // num_generations, return_inverse=True)  # [U], [n]
    completions = rollout.completion_ids[idx, :cols]  # [n, cols]
    logits = model(rollout.prompts[groups], rollout.prompt_mask[groups], group, completions, rollout.mask[idx, :cols].long())
    logp = selective_log_softmax(logits, completions, temperature=temperature)  # [n, cols]
    entropy = None
    if with_entropy:
        with torch.no_grad():
            entropy = entropy_from_logits(logits, temperature=temperature)  # [n, cols]
    return logp, entropy
