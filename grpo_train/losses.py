"""GRPO maths as pure tensor functions: advantages (Eq. 5 and Eq. 6), k3 KL, clipped surrogate, loss.

Equation numbers are those of DeepSeekMath (Shao et al., 2024, arXiv:2402.03300). Nothing here touches a
model, a config or the disk; every function takes tensors and returns tensors.

Shape alphabet: ``B`` prompts, ``G`` group size, ``N = B*G`` completions, ``L`` completion length,
``S`` steps (all steps of all completions, flattened).

Choices made here, and how they differ from TRL (``GRPOTrainer``) and verl:

* **Group std.** Default ``std="population"`` (divide by ``G``, ``torch.std(unbiased=False)``). The
  normalised rewards then have mean 0 and std exactly 1 (population), and Eq. 5 and Eq. 6 normalise with
  the same statistic, so Eq. 6 with one step per completion reproduces Eq. 5 bit for bit. TRL and verl use
  the sample std (``torch.std``, divide by ``G - 1``); ``std="sample"`` reproduces that scale
  (advantages smaller by ``sqrt((G-1)/G)``). ``std="none"`` is Dr. GRPO: mean-centred only.
* **Epsilon.** ``eps=1e-4`` is a *threshold*, not an additive term: a group whose population std is
  ``<= eps`` (all rewards equal, up to float noise) gets advantages of exactly 0 in every variant;
  other groups are divided by their exact std. TRL divides by ``std + 1e-4`` and verl by ``std + 1e-6``,
  so in those a group whose rewards differ only by float noise (say 1e-9) gets noise / 1e-4 or
  noise / 1e-6, and every group's advantages are slightly shrunk. Statistics are computed in float64.
* **Unscored rewards.** A NaN reward (outcome or step) is treated as "not scored": it is left out of the
  group's mean and std and its advantage is 0. (An infrastructure failure should be NaN, never 0.)
* **Aggregation.** Default ``"sequence_mean"``, the DeepSeekMath Eq. 3 normaliser (mean over each
  completion's tokens, then over completions; TRL calls this ``loss_type="grpo"``). TRL's current default
  is ``loss_type="dapo"`` (token mean over the whole batch; older releases defaulted to ``"bnpo"``) with
  ``scale_rewards="group"`` (sample std + 1e-4); verl's default is ``loss_agg_mode="token-mean"``. Here
  every aggregation divides by the tensors passed in (one micro-batch) unless ``grpo_loss`` is given the
  minibatch's ``denominator`` (``loss_denominator`` summed over micro-batches), which the trainer does: a
  batch-global token mean (or sequence mean) under gradient accumulation.
* **KL.** ``k3_kl`` is Eq. 4 (Schulman's k3) with the log-ratio clamped to [-20, 20] like verl's
  ``low_var_kl`` (which also clamps the result to [-10, 10]; we do not). TRL applies no clamp.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import torch
from torch import Tensor

STD_CHOICES = ("population", "sample", "none")
LOG_RATIO_CLAMP = 20.0  # |log ratio| cap in k3_kl and clipped_surrogate: exp(20) ~ 4.9e8 stays finite


# ---------------------------------------------------------------------------------------------------------
# Advantages
# ---------------------------------------------------------------------------------------------------------


def _group_normalise(values: Tensor, group: Tensor, num_groups: int, std: str, eps: float) -> Tensor:
    """Normalise ``values`` within groups: (v - mean_g) / std_g, NaN values excluded and mapped to 0.

    values: [M] float64; group: [M] int64 group id of each value. Returns [M] float64.
    A group whose population std is <= eps (this covers a group with 0 or 1 scored values) gives 0.
    """
    if std not in STD_CHOICES:
        raise ValueError(f"unknown std {std!r}; choose one of {', '.join(STD_CHOICES)}")
    scored = ~torch.isnan(values)  # [M]
    v = torch.where(scored, values, torch.zeros_like(values))  # [M]
    zeros = torch.zeros(num_groups, dtype=values.dtype, device=values.device)
    count = zeros.index_add(0, group, scored.to(values.dtype))  # [num_groups]
    mean = zeros.index_add(0, group, v) / count.clamp(min=1)  # [num_groups]
    centred = torch.where(scored, v - mean[group], torch.zeros_like(v))  # [M]
    sq = zeros.index_add(0, group, centred.square())  # [num_groups]
    pop_std = (sq / count.clamp(min=1)).sqrt()  # [num_groups]
    flat = pop_std <= eps  # [num_groups]: constant group (or < 2 scored values)
    if std == "population":
        scale = pop_std
    elif std == "sample":
        scale = (sq / (count - 1).clamp(min=1)).sqrt()
    else:  # "none": Dr. GRPO, mean-centred only
        scale = torch.ones_like(pop_std)
    scale = torch.where(flat, torch.ones_like(scale), scale)  # [num_groups]
    out = centred / scale[group]  # [M]
    return torch.where(flat[group] | ~scored, torch.zeros_like(out), out)


def outcome_advantages(rewards: Tensor, *, std: str = "population", eps: float = 1e-4) -> Tensor:
    """Eq. 5: ``A_i = (r_i - mean(r)) / std(r)`` within each group of ``G`` completions of one prompt.

    Args:
        rewards: [B, G] one scalar reward per completion; NaN marks an unscored completion.
        std: ``"population"`` (default, divide by G), ``"sample"`` (divide by G-1, TRL's and verl's scale)
            or ``"none"`` (Dr. GRPO: ``r - mean`` only).
        eps: a group whose population std is ``<= eps`` gives exactly 0 (see the module docstring: this
            is a threshold, not TRL's ``std + 1e-4`` or verl's ``std + 1e-6``).

    Returns:
        [B, G] advantages in ``rewards``' floating dtype (float32 for integer/bool input); computed in
        float64. An unscored (NaN) completion gets 0 and is left out of its group's statistics. The
        trainer broadcasts ``A_i`` over the tokens of completion ``i`` (``adv[:, None]``).
    """
    if rewards.dim() != 2:
        raise ValueError(f"rewards must be [B, G], got shape {tuple(rewards.shape)}")
    b, g = rewards.shape
    out_dtype = rewards.dtype if rewards.is_floating_point() else torch.float32
    group = torch.arange(b, device=rewards.device).repeat_interleave(g)  # [N]
    adv = _group_normalise(rewards.reshape(-1).to(torch.float64), group, b, std, eps)  # [N]
    return adv.reshape(b, g).to(out_dtype)  # [B, G]


def process_advantages(
    step_rewards: Sequence[Sequence[float] | Tensor],
    step_ends: Sequence[Sequence[int] | Tensor],
    group_size: int,
    length: int,
    *,
    std: str = "population",
    eps: float = 1e-4,
) -> Tensor:
    """Eq. 6: per-token advantages from step rewards, ``A_{i,t} = sum_{j: end_j >= t} r~_{i,j}``.

    ``r~ = (r - mean) / std`` where mean and std are over *all* step rewards of the group (every step of
    every completion of one prompt), with the same ``std``/``eps`` rules as :func:`outcome_advantages`.
    The advantage of token ``t`` of completion ``i`` is the sum of the normalised rewards of its steps
    that end at or after ``t``.

    Args:
        step_rewards: N sequences; ``step_rewards[i]`` are the rewards of completion ``i``'s steps.
            Completions of one prompt are consecutive, ``group_size`` of them.
        step_ends: N sequences of ints, same lengths: the token index (within the completion) of each
            step's last token.
        group_size: G. ``len(step_rewards)`` must be a multiple of it.
        length: L, the token length of the returned tensor.

    Edge cases:
        * Unscored step (NaN reward): excluded from the group's mean and std, contributes 0.
        * Completion with no steps: all zeros (it still shares the group, it just adds no values).
        * Group with a single scored step, or whose step rewards are all equal (std ``<= eps``): zeros.
        * Tokens after a completion's last step end: 0.
        * ``end >= length`` (step ends beyond the tensor): credits all ``length`` tokens.
        * ``end < 0`` (a step that covers no token, see ``spans.char_spans_to_token_ends``): the step
          counts in the group statistics but credits no token.

    Returns:
        [N, length] float32 advantages, on the CPU (move them to the device). When every completion has
        exactly one step, ending at its last token, row ``i`` equals ``outcome_advantages`` (same
        ``std``/``eps``) of completion ``i`` on its tokens and 0 after them, bit for bit.
    """
    n = len(step_rewards)
    if len(step_ends) != n:
        raise ValueError(f"{n} step_rewards lists but {len(step_ends)} step_ends lists")
    if group_size < 1 or n % group_size:
        raise ValueError(f"{n} completions is not a multiple of group_size={group_size}")
    counts = [len(r) for r in step_rewards]
    for i, (r, e) in enumerate(zip(step_rewards, step_ends)):
        if len(r) != len(e):
            raise ValueError(f"completion {i}: {len(r)} step rewards but {len(e)} step ends")
    adv = torch.zeros(n, length, dtype=torch.float64)  # [N, L]
    if sum(counts) == 0 or length == 0:
        return adv.float()
    values = torch.cat([torch.as_tensor(r, dtype=torch.float64).reshape(-1) for r in step_rewards])  # [S]
    ends = torch.cat([torch.as_tensor(e, dtype=torch.long).reshape(-1) for e in step_ends])  # [S]
    completion = torch.repeat_interleave(torch.arange(n), torch.tensor(counts))  # [S]
    norm = _group_normalise(values, completion // group_size, n // group_size, std, eps)  # [S]
    # Drop each step's normalised reward at its end token, then a reverse cumulative sum over tokens gives
    # sum_{end_j >= t}. Steps with end < 0 are dropped here (they credit no token).
    placed = ends >= 0  # [S]
    adv.index_put_((completion[placed], ends[placed].clamp(max=length - 1)), norm[placed], accumulate=True)
    adv = adv.flip(1).cumsum(1).flip(1)  # [N, L]
    return adv.float()


ADVANTAGES: dict[str, Callable[..., Tensor]] = {
    "outcome": outcome_advantages,
    "process": process_advantages,
}


# ---------------------------------------------------------------------------------------------------------
# Per-token terms
# ---------------------------------------------------------------------------------------------------------


def _float(x: Tensor) -> Tensor:
    """Upcast half/bf16 to float32; keep float32/float64."""
    return x if x.dtype in (torch.float32, torch.float64) else x.float()


def k3_kl(logp: Tensor, ref_logp: Tensor) -> Tensor:
    """Eq. 4, Schulman's k3 estimator of KL(pi_theta || pi_ref), per token.

    ``k3 = exp(d) - d - 1`` with ``d = ref_logp - logp``, computed as ``expm1(d) - d`` and clamped at 0 so
    that float rounding never makes it negative. ``d`` is clamped to [-20, 20] first (as verl's
    ``low_var_kl``; TRL does not clamp): beyond that the value is that of |d| = 20 (about 4.9e8 for
    d = 20) and its gradient is 0, so a token whose probability collapsed cannot make the loss inf/NaN.

    logp, ref_logp: [N, L] (any matching shapes). Returns [N, L], >= 0, exactly 0 where they agree.
    """
    d = (_float(ref_logp) - _float(logp)).clamp(-LOG_RATIO_CLAMP, LOG_RATIO_CLAMP)  # [N, L]
    return (torch.expm1(d) - d).clamp(min=0.0)  # [N, L]


def clipped_surrogate(logp: Tensor, old_logp: Tensor, adv: Tensor, eps_low: float, eps_high: float) -> Tensor:
    """Per-token PPO/GRPO surrogate ``min(rho*A, clip(rho, 1-eps_low, 1+eps_high)*A)`` (to be maximised).

    ``rho = exp(logp - old_logp)``; the log-ratio is clamped to [-20, 20] so rho stays finite (only a
    token whose probability moved by a factor e^20 is affected; its gradient is then 0).
    Asymmetric bounds allow DAPO's clip-higher (e.g. eps_high=0.28).

    logp, old_logp: [N, L]; adv: broadcastable to [N, L]. Returns [N, L].
    """
    log_ratio = (_float(logp) - _float(old_logp)).clamp(-LOG_RATIO_CLAMP, LOG_RATIO_CLAMP)  # [N, L]
    ratio = log_ratio.exp()  # [N, L]
    clipped = ratio.clamp(1.0 - eps_low, 1.0 + eps_high)  # [N, L]
    return torch.minimum(ratio * adv, clipped * adv)  # [N, L]


def truncated_importance_weight(old_logp: Tensor, sampler_logp: Tensor, cap: float) -> Tensor:
    """Truncated importance sampling (TIS, as TRL's and verl's vLLM correction): ``min(pi_old / pi_sampler, cap)``
    per token, no gradient. The completions were drawn by another engine (vLLM) whose log-probs differ from the
    trainer's for the same weights (kernels, precision); weighting each token's surrogate by this ratio corrects
    the expectation, and the cap bounds its variance.

    old_logp: [N, L] the trainer's log-probs of the sampled tokens (the policy that generated the batch);
    sampler_logp: [N, L] the engine's. Returns [N, L] in (0, cap]; the log-ratio is clamped like the surrogate's.
    """
    log_ratio = (_float(old_logp) - _float(sampler_logp)).clamp(-LOG_RATIO_CLAMP, LOG_RATIO_CLAMP)  # [N, L]
    return log_ratio.exp().clamp(max=cap).detach()  # [N, L]


def clip_indicators(
    logp: Tensor, old_logp: Tensor, adv: Tensor, eps_low: float, eps_high: float
) -> tuple[Tensor, Tensor]:
    """Where the clipped branch of :func:`clipped_surrogate` is active (the token's gradient is 0).

    low: ``rho < 1 - eps_low`` and ``A < 0``; high: ``rho > 1 + eps_high`` and ``A > 0`` (TRL's definition).
    logp, old_logp: [N, L]; adv broadcastable. Returns two bool tensors [N, L].
    """
    ratio = (_float(logp) - _float(old_logp)).clamp(-LOG_RATIO_CLAMP, LOG_RATIO_CLAMP).exp()  # [N, L]
    low = (ratio < 1.0 - eps_low) & (adv < 0)  # [N, L]
    high = (ratio > 1.0 + eps_high) & (adv > 0)  # [N, L]
    return low, high


# ---------------------------------------------------------------------------------------------------------
# Aggregations: per-token values [N, L] and mask [N, L] -> scalar, a sum over a denominator
# ---------------------------------------------------------------------------------------------------------


class Aggregation(NamedTuple):
    """A loss aggregation: the summed per-token values, divided by a count of the batch."""

    total: Callable[[Tensor, Tensor], Tensor]
    """(values [N, L], mask [N, L]) -> scalar: what is summed."""
    count: Callable[[Tensor, int | None], float]
    """(mask [N, L], max_tokens) -> what the sum is divided by, for these completions (see loss_denominator)."""


def sequence_total(values: Tensor, mask: Tensor) -> Tensor:
    """sum_i (1/|o_i|) sum_t v_it: each completion's token mean, summed (an empty completion adds 0)."""
    per_seq = (values * mask).sum(-1) / mask.sum(-1).clamp(min=1)  # [N]
    return per_seq.sum()


def token_total(values: Tensor, mask: Tensor) -> Tensor:
    """sum_i sum_t v_it over unmasked tokens."""
    return (values * mask).sum()


def completions(mask: Tensor, max_tokens: int | None = None) -> float:
    """N, the number of completions."""
    return float(mask.shape[0])


def tokens(mask: Tensor, max_tokens: int | None = None) -> float:
    """The number of unmasked tokens."""
    return float(mask.sum())


def budget(mask: Tensor, max_tokens: int | None = None) -> float:
    """N * max_tokens, the generation budget of the completions (not their lengths)."""
    if max_tokens is None or max_tokens < 1:
        raise ValueError("aggregation 'constant' (Dr. GRPO) needs max_tokens, the completion length budget")
    return float(mask.shape[0] * max_tokens)


AGGREGATIONS: dict[str, Aggregation] = {
    "sequence_mean": Aggregation(sequence_total, completions),  # DeepSeekMath Eq. 3: (1/N) sum_i (1/|o_i|) sum_t
    "token_mean": Aggregation(token_total, tokens),  # DAPO: longer completions weigh more
    "constant": Aggregation(token_total, budget),  # Dr. GRPO: sum_i sum_t / (N * max_tokens)
}


def loss_denominator(mask: Tensor, aggregation: str, *, max_tokens: int | None = None) -> float:
    """What ``aggregation`` divides its sum by, for the completions of ``mask`` [N, L]: N (``sequence_mean``),
    the unmasked tokens (``token_mean``) or N * max_tokens (``constant``).

    Under gradient accumulation, sum it over every micro-batch (and process) of a minibatch and pass the sum to
    :func:`grpo_loss` as ``denominator``: the micro-batch losses then add up to the loss of the whole minibatch,
    whatever the micro-batch size. Its share ``loss_denominator(micro) / denominator`` also weighs the
    micro-batch's statistics.
    """
    if aggregation not in AGGREGATIONS:
        raise ValueError(f"unknown aggregation {aggregation!r}; choose one of {', '.join(AGGREGATIONS)}")
    return AGGREGATIONS[aggregation].count(mask, max_tokens)


def masked_mean(values: Tensor, mask: Tensor, dim: int | None = None) -> Tensor:
    """Mean of ``values`` where ``mask`` is 1: over everything (scalar) or along ``dim``; 0 where empty.

    values: [N, L] (or broadcastable to mask); mask: [N, L] bool or float. For logging entropy, KL, etc.
    """
    mask = mask.to(values.dtype if values.is_floating_point() else torch.float32)
    values = values.expand_as(mask) * mask
    if dim is None:
        return values.sum() / mask.sum().clamp(min=1)
    return values.sum(dim) / mask.sum(dim).clamp(min=1)


# ---------------------------------------------------------------------------------------------------------
# The loss
# ---------------------------------------------------------------------------------------------------------


def grpo_loss(
    logp: Tensor,
    old_logp: Tensor,
    ref_logp: Tensor | None,
    adv: Tensor,
    mask: Tensor,
    *,
    beta: float,
    eps_low: float = 0.2,
    eps_high: float = 0.2,
    aggregation: str = "sequence_mean",
    max_tokens: int | None = None,
    denominator: float | None = None,
    is_weight: Tensor | None = None,
) -> tuple[Tensor, dict[str, float]]:
    """GRPO loss (negated Eq. 3): per token ``-(surrogate - beta * k3)``, aggregated with ``AGGREGATIONS``.

    Args:
        logp: [N, L] log-probs of the sampled tokens under the current policy (carries the gradient).
        old_logp: [N, L] under the policy that generated the batch (``logp.detach()`` when mu = 1).
        ref_logp: [N, L] under the frozen reference; may be None when ``beta == 0``.
        adv: [N, L], or [N] / [N, 1] broadcast over tokens (Eq. 5 output flattened).
        mask: [N, L] 1 for completion tokens, 0 for padding (bool or float).
        beta: KL coefficient (DeepSeekMath 0.04; TRL's current default 0.0).
        eps_low, eps_high: clip range [1 - eps_low, 1 + eps_high] (0.2 both, as PPO and TRL).
        aggregation: ``"sequence_mean"`` (default, DeepSeekMath), ``"token_mean"`` (DAPO; TRL's and
            verl's default) or ``"constant"`` (Dr. GRPO, needs ``max_tokens``).
        max_tokens: the completion length budget, used only by ``"constant"``.
        denominator: what the aggregation's sum is divided by; default ``loss_denominator`` of ``mask`` (these
            completions alone). Under gradient accumulation pass the minibatch's (summed over micro-batches and
            processes): the micro-batch losses are then shares that add up to the minibatch's loss, and nothing
            has to rescale them. Clamped at 1 (a batch with nothing to count gives 0).
        is_weight: [N, L] importance weights of the sampled tokens (:func:`truncated_importance_weight`) when
            another engine sampled them: each token's surrogate is multiplied by its weight (the KL term is not).

    Returns:
        ``(loss, stats)``: a scalar tensor to call ``.backward()`` on, and floats computed without grad as
        means over unmasked tokens: ``clip_low``, ``clip_high`` (fractions, see :func:`clip_indicators`),
        ``kl_ref`` (mean k3 to the reference, logged even when beta = 0; 0 when ref_logp is None), ``kl_old`` (mean of
        ``(rho - 1) - log rho``, the k3 estimate of KL(pi_old || pi_theta) on samples from pi_old, as in
        cleanrl's ``approx_kl``), ``adv_abs`` (mean |advantage|).
    """
    if denominator is None:
        denominator = loss_denominator(mask, aggregation, max_tokens=max_tokens)  # checks the aggregation too
    elif aggregation not in AGGREGATIONS:
        raise ValueError(f"unknown aggregation {aggregation!r}; choose one of {', '.join(AGGREGATIONS)}")
    if beta != 0 and ref_logp is None:
        raise ValueError("ref_logp is required when beta != 0")
    if adv.dim() == 1:
        adv = adv[:, None]  # [N, 1]
    adv = _float(adv)
    mask = mask.to(_float(logp).dtype)  # [N, L]
    surrogate = clipped_surrogate(logp, old_logp, adv, eps_low, eps_high)  # [N, L]
    if is_weight is not None:
        surrogate = surrogate * is_weight  # [N, L]
    per_token = -surrogate  # [N, L]
    kl = None
    if ref_logp is not None:
        with torch.set_grad_enabled(torch.is_grad_enabled() and beta != 0):
            kl = k3_kl(logp, ref_logp)  # [N, L]
        if beta != 0:
            per_token = per_token + beta * kl
    loss = AGGREGATIONS[aggregation].total(per_token, mask) / max(denominator, 1.0)

    with torch.no_grad():
        low, high = clip_indicators(logp, old_logp, adv, eps_low, eps_high)  # [N, L] bool
        log_ratio = (_float(logp) - _float(old_logp)).clamp(-LOG_RATIO_CLAMP, LOG_RATIO_CLAMP)  # [N, L]
        kl_old = torch.expm1(log_ratio) - log_ratio  # [N, L]
        stats = {
            "clip_low": float(masked_mean(low.to(mask.dtype), mask)),
            "clip_high": float(masked_mean(high.to(mask.dtype), mask)),
            "kl_ref": float(masked_mean(kl, mask)) if kl is not None else 0.0,
            "kl_old": float(masked_mean(kl_old, mask)),
            "adv_abs": float(masked_mean(adv.abs(), mask)),
        }
    return loss, stats
