"""Per-token log-probs and entropies of completions, without a full float32 ``[N, L, V]`` log-softmax.

Shape alphabet: ``N`` completions, ``P`` prompt length, ``L`` completion length, ``T = P + L``,
``V`` vocabulary, ``C`` positions per chunk.

Why not ``torch.log_softmax(logits.float(), -1).gather(...)``: that allocates a float32 ``[N, L, V]``
copy (plus one more for bf16 upcasts) and autograd keeps it for the backward pass. For SmolLM2
(V = 49152) with N = 16, L = 64 that is 200 MB per copy. Here the log-sum-exp is taken chunk by chunk
(upcasting only a ``[C, V]`` chunk), only ``[N, L]`` log-sum-exps are saved, and the backward pass
recomputes the softmax chunk by chunk (a custom autograd function), so the only ``[N, L, V]`` tensors
are the logits the model produced and, during backward, their gradient.
"""

from __future__ import annotations

import inspect

import torch
from torch import Tensor

DEFAULT_CHUNK = 256  # positions per chunk: a [256, 49152] float32 chunk is 50 MB


def _compute_dtype(logits: Tensor) -> torch.dtype:
    return torch.float64 if logits.dtype == torch.float64 else torch.float32


def _chunks(n: int, t: int, chunk_size: int):
    """Yield (row, start, end) covering an [n, t] grid, chunks of at most chunk_size positions in one row."""
    for i in range(n):
        for s in range(0, t, chunk_size):
            yield i, s, min(s + chunk_size, t)


class _SelectiveLogSoftmax(torch.autograd.Function):
    """log_softmax(logits / temperature)[ids], chunked forward and backward (see module docstring)."""

    @staticmethod
    def forward(ctx, logits: Tensor, ids: Tensor, temperature: float, chunk_size: int) -> Tensor:
        n, t, _ = logits.shape  # logits [N, L, V], ids [N, L]
        dtype = _compute_dtype(logits)
        out = torch.empty(n, t, dtype=dtype, device=logits.device)  # [N, L]
        lse = torch.empty(n, t, dtype=dtype, device=logits.device)  # [N, L]
        for i, s, e in _chunks(n, t, chunk_size):
            x = logits[i, s:e].to(dtype)  # [C, V]
            if temperature != 1.0:
                x = x / temperature
            chunk_lse = torch.logsumexp(x, dim=-1)  # [C]
            lse[i, s:e] = chunk_lse
            out[i, s:e] = x.gather(-1, ids[i, s:e, None]).squeeze(-1) - chunk_lse
        ctx.save_for_backward(logits, ids, lse)
        ctx.temperature = temperature
        ctx.chunk_size = chunk_size
        return out

    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, grad_out: Tensor):
        # d logp[i,t] / d logits[i,t,:] = (onehot(ids[i,t]) - softmax(logits[i,t,:] / tau)) / tau
        logits, ids, lse = ctx.saved_tensors
        tau = ctx.temperature
        grad = torch.empty_like(logits, memory_format=torch.contiguous_format)  # [N, L, V]
        n, t, _ = logits.shape
        for i, s, e in _chunks(n, t, ctx.chunk_size):
            x = logits[i, s:e].to(lse.dtype)  # [C, V]
            if tau != 1.0:
                x = x / tau
            g = grad_out[i, s:e, None].to(lse.dtype) / tau  # [C, 1]
            chunk = (x - lse[i, s:e, None]).exp_().mul_(-g)  # [C, V] = -softmax * g
            chunk.scatter_add_(-1, ids[i, s:e, None], g)
            grad[i, s:e] = chunk
        return grad, None, None, None


def selective_log_softmax(
    logits: Tensor, ids: Tensor, *, temperature: float = 1.0, chunk_size: int = DEFAULT_CHUNK
) -> Tensor:
    """Log-probabilities of the chosen tokens: ``log_softmax(logits / temperature, -1).gather(-1, ids)``.

    Args:
        logits: [N, L, V] (or [L, V]) in any float dtype; bf16/fp16 chunks are upcast to float32.
        ids: [N, L] (or [L]) token ids, int64.
        temperature: divide logits by it (the sampling temperature, so ratios use the sampled law).
        chunk_size: positions per chunk; peak extra memory is about ``chunk_size * V`` floats.

    Returns:
        [N, L] float32 (float64 for float64 logits). Differentiable; the backward pass is chunked too.
    """
    if logits.dim() == 2:
        out = selective_log_softmax(logits[None], ids[None], temperature=temperature, chunk_size=chunk_size)
        return out[0]  # [L]
    if logits.shape[:-1] != ids.shape:
        raise ValueError(f"logits {tuple(logits.shape)} and ids {tuple(ids.shape)} do not match")
    return _SelectiveLogSoftmax.apply(logits, ids.long(), float(temperature), int(chunk_size))


def entropy_from_logits(
    logits: Tensor, *, temperature: float = 1.0, chunk_size: int = DEFAULT_CHUNK
) -> Tensor:
    """Entropy of ``softmax(logits / temperature)`` at each position, chunked.

    Meant for logging (call it under ``torch.no_grad()``); it is differentiable, but autograd then keeps
    each chunk's softmax. logits: [N, L, V] (or [L, V]). Returns [N, L] float32 (float64 for float64 input).
    """
    if logits.dim() == 2:
        return entropy_from_logits(logits[None], temperature=temperature, chunk_size=chunk_size)[0]
    n, t, _ = logits.shape
    dtype = _compute_dtype(logits)
    rows = []
    for i in range(n):
        parts = []
        for s in range(0, t, chunk_size):
            x = logits[i, s : s + chunk_size].to(dtype) / temperature  # [C, V]
            lse = torch.logsumexp(x, dim=-1, keepdim=True)  # [C, 1]
            p = (x - lse).exp()  # [C, V]
            parts.append(lse.squeeze(-1) - (p * x).sum(-1))  # [C]: H = lse - E_p[x]
        rows.append(torch.cat(parts) if parts else logits.new_zeros(0, dtype=dtype))
    return torch.stack(rows)  # [N, L]


def _accepts(model: torch.nn.Module, name: str) -> bool:
    """Whether the unwrapped model's forward takes keyword ``name`` (DDP ``.module``, compile ``._orig_mod``)."""
    inner = model
    while True:
        wrapped = getattr(inner, "module", None) or getattr(inner, "_orig_mod", None)
        if not isinstance(wrapped, torch.nn.Module):
            break
        inner = wrapped
    return name in inspect.signature(inner.forward).parameters


def completion_logprobs(
    model: torch.nn.Module,
    input_ids: Tensor,
    attention_mask: Tensor,
    completion_start: int | Tensor,
    *,
    temperature: float = 1.0,
    with_entropy: bool = False,
    chunk_size: int = DEFAULT_CHUNK,
) -> tuple[Tensor, Tensor | None]:
    """Run a Hugging Face causal LM and return log-probs (and entropies) at completion positions only.

    Args:
        model: any causal LM whose forward returns ``.logits`` (a DDP/accelerate wrapper is fine).
        input_ids: [N, T] prompt followed by completion tokens.
        attention_mask: [N, T] 1 for real tokens, 0 for padding (left padding of prompts, right padding
            of completions). Position ids are derived from it (``cumsum - 1``), as ``generate`` does, so
            a left-padded row scores like the same row unpadded.
        completion_start: int ``P`` when every completion starts at column ``P`` (left-padded prompts),
            or an int tensor [N] of per-row start columns. Must be >= 1.
        temperature: the sampling temperature (logits are divided by it).
        with_entropy: also return the per-position entropy (computed without grad, for logging).

    Returns:
        ``(logp, entropy)``: logp [N, L] float32 with ``L = T - min(completion_start)``; row ``i`` holds
        the log-probs of ``input_ids[i, start_i:]`` left-aligned (zero beyond the row's end). Entropy is
        [N, L] like logp, or None. Only ``L + 1`` positions of logits are produced when the model accepts
        ``logits_to_keep`` (transformers >= 4.45); the log-softmax is chunked (``selective_log_softmax``).
        Padding inside the completion is scored too; mask it in the loss.
    """
    n, t = input_ids.shape
    starts = torch.as_tensor(completion_start, device=input_ids.device).long()
    first = int(starts.min())
    if first < 1 or int(starts.max()) > t:
        raise ValueError(f"completion_start must be in [1, {t}], got {completion_start}")
    length = t - first  # L
    kwargs: dict = {"input_ids": input_ids, "attention_mask": attention_mask}
    if _accepts(model, "position_ids"):
        kwargs["position_ids"] = (attention_mask.long().cumsum(-1) - 1).clamp(min=0)  # [N, T]
    if _accepts(model, "use_cache"):
        kwargs["use_cache"] = False
    keep = _accepts(model, "logits_to_keep")
    if keep:
        kwargs["logits_to_keep"] = length + 1
    logits = model(**kwargs).logits  # [N, L + 1, V] (or [N, T, V] without logits_to_keep)
    logits = logits[:, -(length + 1) : -1]  # [N, L, V]: position p predicts token p + 1
    ids = input_ids[:, first:]  # [N, L]
    logp = selective_log_softmax(logits, ids, temperature=temperature, chunk_size=chunk_size)  # [N, L]
    entropy = None
    if with_entropy:
        with torch.no_grad():
            entropy = entropy_from_logits(logits, temperature=temperature, chunk_size=chunk_size)  # [N, L]
    if starts.dim() == 1 and bool((starts != first).any()):
        # Per-row starts: shift row i left by start_i - first so its completion begins at column 0.
        idx = torch.arange(length, device=logp.device)[None] + (starts - first)[:, None]  # [N, L]
        valid = idx < length  # [N, L]
        idx = idx.clamp(max=max(length - 1, 0))
        logp = torch.where(valid, logp.gather(1, idx), torch.zeros_like(logp))
        if entropy is not None:
            entropy = torch.where(valid, entropy.gather(1, idx), torch.zeros_like(entropy))
    return logp, entropy


class _GatheredLogSoftmax(torch.autograd.Function):
    """log_softmax(logits[rows, cols] / temperature)[ids] where several (rows, cols) may share a position."""

    @staticmethod
    def forward(ctx, logits: Tensor, rows: Tensor, cols: Tensor, ids: Tensor, temperature: float, chunk_size: int) -> Tensor:
        u, c, _ = logits.shape  # logits [U, C, V]; rows, cols, ids [n, L]
        dtype = _compute_dtype(logits)
        lse = torch.empty(u, c, dtype=dtype, device=logits.device)  # [U, C]
        for i, s, e in _chunks(u, c, chunk_size):
            x = logits[i, s:e].to(dtype)  # [C', V]
            lse[i, s:e] = torch.logsumexp(x / temperature if temperature != 1.0 else x, dim=-1)
        picked = logits[rows, cols, ids].to(dtype)  # [n, L]
        ctx.save_for_backward(logits, rows, cols, ids, lse)
        ctx.temperature, ctx.chunk_size = temperature, chunk_size
        return picked / temperature - lse[rows, cols]

    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, grad_out: Tensor):
        # d out[i,t] / d logits[r,c,:] = [r,c == rows,cols[i,t]] (onehot(ids[i,t]) - softmax(logits[r,c,:] / tau)) / tau
        logits, rows, cols, ids, lse = ctx.saved_tensors
        tau = ctx.temperature
        g = grad_out.to(lse.dtype) / tau  # [n, L]
        per_position = torch.zeros_like(lse).index_put_((rows, cols), g, accumulate=True)  # [U, C]
        grad = torch.empty(logits.shape, dtype=lse.dtype, device=logits.device)  # [U, C, V]
        u, c, _ = logits.shape
        for i, s, e in _chunks(u, c, ctx.chunk_size):
            x = logits[i, s:e].to(lse.dtype)  # [C', V]
            if tau != 1.0:
                x = x / tau
            grad[i, s:e] = (x - lse[i, s:e, None]).exp_().mul_(-per_position[i, s:e, None])
        grad.index_put_((rows, cols, ids), g, accumulate=True)
        return grad.to(logits.dtype), None, None, None, None, None


def gathered_log_softmax(
    logits: Tensor, rows: Tensor, cols: Tensor, ids: Tensor, *, temperature: float = 1.0, chunk_size: int = DEFAULT_CHUNK
) -> Tensor:
    """Log-probabilities of tokens ``ids`` under the distributions at positions ``(rows, cols)`` of ``logits``:
    ``log_softmax(logits / temperature, -1)[rows, cols, ids]``, for packed sequences, where one position can
    predict the next token of several completions (the last prompt token of a group predicts the first token of
    each of its completions).

    Args:
        logits: [U, C, V] in any float dtype (bf16/fp16 upcast per chunk).
        rows, cols, ids: [n, L] int64: the position (row, column) and the token of each scored entry.

    Returns:
        [n, L] float32 (float64 for float64 logits). Differentiable; the log-sum-exp is taken once per position,
        chunk by chunk, and only [U, C] of them are saved (as in :func:`selective_log_softmax`).
    """
    if not rows.shape == cols.shape == ids.shape:
        raise ValueError(f"rows {tuple(rows.shape)}, cols {tuple(cols.shape)} and ids {tuple(ids.shape)} must match")
    return _GatheredLogSoftmax.apply(logits, rows.long(), cols.long(), ids.long(), float(temperature), int(chunk_size))
