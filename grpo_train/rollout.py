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
from collections.abc import Sequence
from typing import Any

import torch
from torch import Tensor
from transformers import GenerationConfig, LogitsProcessor, LogitsProcessorList, PreTrainedTokenizerBase

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
        gumbel = -torch.log(-torch.log(u.clamp(min=1e-20)))  # [N, V]
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

    @property
    def completion_ids(self) -> Tensor:
        return self.input_ids[:, self.prompt_len :]  # [N, L]


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
    out = model.generate(
        input_ids=prompt_ids.to(device),
        attention_mask=prompt_mask.to(device),
        generation_config=gen_config,
        logits_processor=processors,
    ).cpu()  # [N, P + L]
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
