"""Scoring rollouts for the update: the log-probs of G completions per prompt with each prompt run once.

:class:`SharedPromptLM` wraps the policy (and the reference) for the training forward. Where the attention takes a
custom 4D mask, each prompt and its completions are packed in one row under a block-causal mask
(:func:`pack_completions`); otherwise the prompt's KV cache is repeated for its completions.
:func:`grouped_logprobs` turns that forward into per-token log-probs (and entropies) of the sampled tokens.

Shapes: ``U`` distinct prompts in a micro-batch, ``n`` completions, ``P`` prompt length (left-padded), ``L``
completion length (right-padded), ``R`` packed rows of ``T`` tokens, ``V`` vocabulary.
"""

from __future__ import annotations

import torch
from torch import Tensor
from verigrpo.grpo_train.logprobs import entropy_from_logits, gathered_log_softmax, selective_log_softmax
from verigrpo.grpo_train.rollout import Rollout, _cache_kw, drop_shared, prefix_cache, shared_lengths

PACKABLE_ATTENTION = ("sdpa", "eager")  # attention implementations that take a custom 4D mask as it is
MAX_PACKED_ROW = 1024  # tokens per packed row: attention over a row costs T^2, so long groups get more rows


def pack_completions(
    prompts: Tensor,
    prompt_mask: Tensor,
    group: Tensor,
    completions: Tensor,
    completion_mask: Tensor,
    max_row_tokens: int = MAX_PACKED_ROW,
    shared: Tensor | None = None,
    prefix_len: int = 0,
) -> tuple[Tensor, Tensor, Tensor, Tensor, Tensor]:
    """Lay out each prompt once, followed by its completions, in one row (no padding between them).

    prompts, prompt_mask: [U, P] left-padded; group: [n] prompt of each completion; completions,
    completion_mask: [n, L] right-padded. Completion ``i`` of length ``l_i`` feeds its first ``l_i - 1`` tokens
    (its last token predicts nothing we score). A prompt whose completions would make a row longer than
    ``max_row_tokens`` gets further rows (the prompt again, then the next completions): the masked attention
    of a row costs the square of its length, so one long row of G long completions would cost ~G times the
    attention of scoring them apart. R rows in all (R = U when nothing is split). Returns:

    * ``ids`` [R, T]: a prompt in columns ``0..P-1``, then completions' input tokens, then padding;
    * ``position`` [R, T]: positions as if each completion followed its prompt alone;
    * ``allowed`` [R, 1, T, T] bool: a token sees the real prompt tokens before it and the earlier tokens of its
      own completion (padding sees only itself, so no attention row is empty);
    * ``rows``, ``cols`` [n, L]: where the logits predicting ``completions[i, t]`` are, as (row, column) in the
      ``T - P + 1`` columns ``P-1..T-1``; column 0 (the last prompt token) predicts the first token of every
      completion in its row; positions past a completion's end point at column 0 (finite, masked in the loss).

    With a shared prefix of ``prefix_len`` tokens already in the KV cache (:func:`rollout.prompt_cache`), the prompts
    are what follows it, ``shared`` [U] says how many prefix tokens each prompt sees (positions start there), and
    ``allowed`` is [R, 1, T, prefix_len + T]: a token also sees its prompt's shared prefix tokens.
    """
    p = prompts.shape[1]
    n, length = completions.shape
    device = prompts.device
    fed = (completion_mask.sum(-1) - 1).clamp(min=0)  # [n] input tokens of each completion
    budget = max(max_row_tokens, p + (int(fed.max()) if fed.numel() else 0))  # a completion always fits
    offset = torch.empty(n, dtype=torch.long, device=device)  # [n] first column of each completion in its row
    row_of: list[int] = []  # [n] row of each completion
    row_prompt: list[int] = []  # [R] prompt of each row
    end: list[int] = []  # [R] first free column of each row
    current: dict[int, int] = {}  # prompt -> the row being filled
    for i, (g, k) in enumerate(zip(group.tolist(), fed.tolist())):
        r = current.get(g)
        if r is None or end[r] + k > budget:
            r = current[g] = len(row_prompt)
            row_prompt.append(g)
            end.append(p)
        offset[i], end[r] = end[r], end[r] + k
        row_of.append(r)
    t, r_prompt = max(end, default=p), torch.tensor(row_prompt, dtype=torch.long, device=device)  # [R]
    u = len(row_prompt)  # R
    ids = torch.zeros(u, t, dtype=prompts.dtype, device=device)  # [R, T]
    segment = torch.full((u, t), -1, dtype=torch.long, device=device)  # [R, T] -1 pad, 0 prompt, i + 1 completion i
    position = torch.zeros(u, t, dtype=torch.long, device=device)  # [R, T]
    ids[:, :p] = prompts[r_prompt]
    segment[:, :p] = torch.where(prompt_mask[r_prompt].bool(), 0, -1)
    start = torch.zeros(prompts.shape[0], dtype=torch.long, device=device) if shared is None else shared  # [U]
    position[:, :p] = start[r_prompt, None] + (prompt_mask[r_prompt].cumsum(-1) - 1).clamp(min=0)
    prompt_len = start + prompt_mask.sum(-1)  # [U] position of each prompt's first completion token
    for i, (g, r, o, k) in enumerate(zip(group.tolist(), row_of, offset.tolist(), fed.tolist())):
        ids[r, o : o + k] = completions[i, :k]
        segment[r, o : o + k] = i + 1
        position[r, o : o + k] = prompt_len[g] + torch.arange(k, device=device)
    q, k_ = segment[:, :, None], segment[:, None, :]  # [R, T, 1], [R, 1, T]
    causal = torch.ones(t, t, dtype=torch.bool, device=device).tril()  # [T, T]
    allowed = causal & (k_ >= 0) & ((k_ == 0) | (k_ == q)) & (q >= 0)  # [R, T, T]
    allowed |= torch.eye(t, dtype=torch.bool, device=device)  # padding attends to itself only
    if prefix_len:
        seen = torch.arange(prefix_len, device=device)[None, None] < start[r_prompt, None, None]  # [R, 1, C]
        allowed = torch.cat([seen & (q >= 0), allowed], -1)  # [R, T, C + T]
    steps = torch.arange(length, device=device)[None]  # [1, L]
    cols = torch.where((steps > 0) & (steps < completion_mask.sum(-1, keepdim=True)), offset[:, None] - p + steps, 0)
    rows = torch.tensor(row_of, dtype=torch.long, device=device)[:, None].expand(n, length)  # [n, L]
    return ids, position, allowed[:, None], rows, cols


class SharedPromptLM(torch.nn.Module):
    """A causal LM that scores the G completions of a prompt while running the prompt only once.

    Two layouts, the same values and gradients as running every prompt + completion in full:

    * **packed** (``packed=True``, used when the model's attention takes a custom 4D mask: ``sdpa`` or ``eager``):
      each prompt and its completions in the micro-batch form one row (more rows past ``max_row_tokens``), with a
      block-causal mask (:func:`pack_completions`). No padding columns are computed, and the prompt runs once per
      row. A prefix the prompts share (``Rollout.prefix``: the chat template's system message and the user turn's
      opening, 24 of the main job's 46 prompt tokens) runs once for the whole micro-batch, and the rows see it
      through the KV cache.
      With G = 8 completions whose lengths range from a few tokens to 64, this computes ~40% fewer tokens than
      padding each completion to the longest. Every layer gets the same mask, so a sliding attention window
      shorter than the row is not applied (set ``packed=False`` for such models).
    * **cached**: the prompt goes through the model once with the KV cache on; the cache rows are repeated for
      each completion (``batch_select_indices``) and the completions, right-padded, run on top of it.

    Gradients flow into the prompt's pass either way. One module, so a DDP wrapper sees one forward per
    micro-batch. ``forward`` returns ``(logits, rows, cols)``: the distribution predicting ``completions[i, t]``
    is ``logits[rows[i, t], cols[i, t]]`` (cached layout: ``rows``/``cols`` are None and ``logits`` is [n, L, V]).
    """

    def __init__(self, lm: torch.nn.Module, packed: bool | None = None, max_row_tokens: int = MAX_PACKED_ROW) -> None:
        super().__init__()
        self.lm = lm
        self.max_row_tokens = max_row_tokens
        self._cache_kw = _cache_kw(lm)
        attention = getattr(getattr(lm, "config", None), "_attn_implementation", None)
        self.packed = attention in PACKABLE_ATTENTION if packed is None else packed
        self._additive_mask = attention == "eager"

    def forward(
        self, prompts: Tensor, prompt_mask: Tensor, group: Tensor, completions: Tensor, completion_mask: Tensor,
        prefix: Tensor | None = None,
    ) -> tuple[Tensor, Tensor | None, Tensor | None]:
        """prompts, prompt_mask: [U, P] distinct prompts (left-padded); group: [n] index of each completion's
        prompt in ``prompts``; completions, completion_mask: [n, L]; prefix: [C] token ids the prompts share
        (``Rollout.prefix``; used by the packed layout). See the class docstring for the result."""
        if self.packed:
            return self._packed(prompts, prompt_mask, group, completions, completion_mask, prefix)
        return self._cached(prompts, prompt_mask, group, completions, completion_mask), None, None

    def _packed(
        self, prompts: Tensor, prompt_mask: Tensor, group: Tensor, completions: Tensor, completion_mask: Tensor,
        prefix: Tensor | None,
    ) -> tuple[Tensor, Tensor, Tensor]:
        c, shared, cached = 0 if prefix is None else prefix.numel(), None, {}
        if c:  # the shared prefix runs once; the rows start after it and see it through the cache
            shared = shared_lengths(prompts, prompt_mask, prefix)  # [U]
            prompts, prompt_mask = drop_shared(prompts, prompt_mask, shared)  # [U, S]
        ids, position, allowed, rows, cols = pack_completions(
            prompts, prompt_mask, group, completions, completion_mask, self.max_row_tokens, shared, c
        )
        if c:
            cached = {self._cache_kw: prefix_cache(self.lm, prefix.to(ids.device), ids.shape[0])}  # [R] rows
        mask = allowed
        if self._additive_mask:  # eager attention adds the mask to the scores
            dtype = next(self.lm.parameters()).dtype
            mask = torch.zeros(allowed.shape, dtype=dtype, device=ids.device).masked_fill_(~allowed, torch.finfo(dtype).min)
        keep = ids.shape[1] - prompts.shape[1] + 1  # columns P-1..T-1
        logits = self.lm(
            input_ids=ids, attention_mask=mask, position_ids=position, use_cache=bool(c), logits_to_keep=keep, **cached
        ).logits
        return logits, rows, cols  # [R, T - P + 1, V], [n, L], [n, L]

    def _cached(self, prompts: Tensor, prompt_mask: Tensor, group: Tensor, completions: Tensor, completion_mask: Tensor) -> Tensor:
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
    (``logprobs.selective_log_softmax``, ``logprobs.gathered_log_softmax`` for the packed layout), so no float32
    copy of the logits is kept.
    """
    groups, group = torch.unique(idx // num_generations, return_inverse=True)  # [U], [n]
    completions = rollout.completion_ids[idx, :cols]  # [n, cols]
    logits, rows, where = model(
        rollout.prompts[groups], rollout.prompt_mask[groups], group, completions, rollout.mask[idx, :cols].long(),
        prefix=rollout.prefix,
    )
    if rows is None:  # cached layout: logits [n, cols, V]
        logp = selective_log_softmax(logits, completions, temperature=temperature)  # [n, cols]
    else:  # packed layout: logits [R, C, V], positions (rows, where) [n, cols]
        logp = gathered_log_softmax(logits, rows, where, completions, temperature=temperature)  # [n, cols]
    entropy = None
    if with_entropy:
        with torch.no_grad():
            entropy = entropy_from_logits(logits, temperature=temperature)  # [n, cols] or [R, C]
            if rows is not None:
                entropy = entropy[rows, where]  # [n, cols]
    return logp, entropy
