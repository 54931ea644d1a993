"""The GRPO training loop, top to bottom: setup, rollout, scoring, advantages, mu inner updates, logging, checkpoints.

``train`` reads as the loop itself; each step is a small function above it (``sample``, ``score``, ``make_batch``,
``update``, ``step_metrics``, ``save``). Plumbing lives elsewhere: checkpoint I/O in ``grpo_train.checkpoints``,
metrics and logging in ``grpo_train.metrics``, signals and memory in ``grpo_train.runtime``, the maths in
``grpo_train.losses``.

GRPO as in DeepSeekMath (Shao et al., 2024), Eq. 3 with outcome (Eq. 5) or process (Eq. 6) advantages; the
maths live in ``grpo_train.losses`` as pure functions. How this loop departs from the paper and from TRL:

* **No reference model by default** (``beta = 0``). DeepSeekMath uses beta = 0.04; DAPO and Dr. GRPO drop the
  KL term, TRL's default is 0 too. Without it no second model is loaded or run (one forward pass fewer per
  step). With ``beta > 0`` the reference is a frozen copy of the initial policy, refreshed every
  ``ref_refresh_every`` steps if asked (iterative GRPO).
* **Old log-probs.** With ``num_iterations = 1`` (mu = 1, the default) the batch is used once, so the policy
  that generated it is the current one: ``old_logp = logp.detach()``, the ratio is 1 with the right gradient,
  and no extra forward pass is made. With mu > 1 they are computed once, before the first update.
* **Zero-variance groups are skipped** (``skip_zero_variance``): a group whose rewards are all equal has zero
  advantages; it is dropped before the update (compute saved; it no longer counts in the normaliser).
* **Harness failures are not zeros.** A completion whose verifier timed out or crashed (``status.is_infra``)
  gets a NaN reward: it is left out of its group's mean and std and out of the loss, and counted in the
  ``infra_frac`` metric.
* **Loss normalisation is global.** ``losses.grpo_loss`` divides each micro-batch's summed loss by the
  minibatch's denominator (``losses.loss_denominator``: completions, tokens for ``token_mean``, summed over
  micro-batches and processes), so the micro-batch losses add up to the minibatch's and the gradient equals
  that of one big batch whatever the micro-batch size and the number of processes.
* **bf16** (``precision = "bf16"``, what ``auto`` picks where the device computes bf16 natively; float32
  elsewhere, see ``grpo_train.hardware``) is autocast: float32 master weights and AdamW
  state, bfloat16 matrix products in every forward (sampling, log-probs, the reference). Sampling runs its
  linear layers on a bfloat16 copy of their weights made once per rollout (the values autocast would use,
  without casting every weight at every token; ``rollout.rollout_linears``). float32 stays available for
  exactness.
* **Micro-batches are length-sorted within each group** (``micro_batches``) and trimmed to their longest
  completion; the reference's (and old policy's) log-probs likewise. ``ref_offload`` keeps the reference's
  weights in a file between its passes, so the training backward's memory peak holds one model fewer.
* **Each prompt is run once per micro-batch** (``packing.SharedPromptLM``): packed with its completions in one
  row under a block-causal mask (``pack_completions``, the default where the attention takes a custom mask), so
  no padding column is computed either; or its keys and values are reused by its right-padded completions.
  Gradients flow into the prompt's pass; both are exact. Log-probs are taken at completion positions only,
  with a chunked log-softmax (``logprobs.selective_log_softmax`` / ``gathered_log_softmax``).

Processes (accelerate; ``torchrun --nproc_per_node 2`` on CPU uses gloo): all processes draw the same B prompts
per step from the same seeded stream and process ``r`` takes the ``r``-th contiguous block of B / W prompts,
so a group (all G completions of a prompt) always lives on one process and its statistics need no
communication (B must be divisible by the number of processes). Each process samples, scores and computes advantages for its own groups; gradients are
averaged by DDP. Sampling is seeded per completion (``rollout.SeededSampler``), so the completions do not
depend on the number of processes: a 2-process run makes the same update as a 1-process run.

Sharded (``accelerate launch --config_file configs/accelerate/fsdp2.yaml``): the same loop on FSDP2, with the policy,
its gradients and AdamW's moments (and the reference) sharded over the processes; sampling, evaluation and the
checkpoint's model read full weights gathered for the occasion, and checkpoints hold accelerate's sharded state.
``grpo_train.sharding`` says what changes and why; ``grpo_train.zero`` the same for DeepSpeed ZeRO-2/3
(``configs/accelerate/zero2.yaml``, ``zero3.yaml``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import random
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch
from accelerate import Accelerator
from accelerate.utils import gather_object
from torch import Tensor
from tqdm import tqdm
from verigrpo.grpo_train import hub, losses, zero
from verigrpo.grpo_train.backends import NativeBackend, make_backend
from verigrpo.grpo_train.checkpoints import (
    checkpoint_dir,
    find_checkpoint,
    load_trainer_state,
    rng_state,
    save_checkpoint,
    save_sharded_checkpoint,
    set_rng_state,
)
from verigrpo.grpo_train.config import Config, ConfigError, save_config
from verigrpo.grpo_train.data import DatasetError, PromptStream, load_rows
from verigrpo.grpo_train.evaluate import accuracy_by, evaluate
from verigrpo.grpo_train.lora import apply_lora, load_lora_state, lora_state, merged_state_dict
from verigrpo.grpo_train.losses import ADVANTAGES
from verigrpo.grpo_train.metrics import (
    ESTIMATE_AFTER,
    HarnessFailure,
    Logger,
    estimate_line,
    finish,
    gather_rewards,
    harness_failing,
    reward_metrics,
    status_summary,
    trackers,
)
from verigrpo.grpo_train.model import (
    OffloadedOptimizerState,
    OffloadedWeights,
    autocast,
    copy_weights,
    frozen_copy,
    load_model,
    load_tokenizer,
    resolve_model,
)
from verigrpo.grpo_train.packing import SharedPromptLM, grouped_logprobs
from verigrpo.grpo_train.rollout import Rollout, sample_seed, step_token_ends
from verigrpo.grpo_train.runtime import AgreedStop, StopRequest, release_freed_memory, set_heap_policy
from verigrpo.grpo_train.sharding import (
    FullWeights,
    fsdp_units,
    full_weights,
    gathers_per_layer,
    is_sharded,
    make_accelerator,
    shard_frozen,
    wrap_decoder_layers,
)
from verigrpo.verifiers import Reward, ScoringPool, compose
from verigrpo.verifiers.references import check_references, describe

# ---------------------------------------------------------------------------------------------------------
# Variants: the learning-rate schedule (a dict here) and the advantages (losses.ADVANTAGES)
# ---------------------------------------------------------------------------------------------------------


def _constant(step: int, cfg: Config) -> float:
    return 1.0


def _cosine(step: int, cfg: Config) -> float:
    progress = min(1.0, (step - cfg.warmup_steps) / max(1, cfg.max_steps - cfg.warmup_steps))
    return 0.1 + 0.9 * 0.5 * (1.0 + math.cos(math.pi * progress))  # decays to 10% of the peak


LR_SCHEDULES: dict[str, Callable[[int, Config], float]] = {"constant": _constant, "cosine": _cosine}


def lr_factor(step: int, cfg: Config) -> float:
    """Multiplier of the peak learning rate at ``step``: linear warm-up, then the schedule."""
    if step < cfg.warmup_steps:
        return (step + 1) / cfg.warmup_steps
    return LR_SCHEDULES[cfg.lr_schedule](step, cfg)


def token_steps(scored: list[Reward], rollout: Rollout, tokenizer: Any) -> tuple[list[list[float]], list[list[int]]]:
    """The inputs of Eq. 6: per completion, its step rewards and the token index where each step ends (the
    verifiers' character spans mapped to the sampled tokens). A harness failure contributes no steps."""
    steps = [None if r.status.is_infra else r.steps for r in scored]
    if all(s is None for s in steps) and not all(r.status.is_infra for r in scored):
        raise ConfigError(
            "advantage = 'process' needs step rewards, but no verifier returned any (statuses: "
            f"{sorted({r.status.value for r in scored})}); use a step verifier such as verifiers = ['math_steps']"
        )
    return step_token_ends(rollout.to("cpu"), steps, tokenizer)


def advantages(cfg: Config, rewards: Tensor, scored: list[Reward], rollout: Rollout, tokenizer: Any) -> Tensor:
    """``losses.ADVANTAGES[cfg.advantage]`` on this step's groups: Eq. 5 from the outcomes ``rewards`` [B, G]
    (NaN for harness failures), one advantage per completion broadcast over its tokens, or Eq. 6 from the
    verifiers' step rewards. Returns [N, 1] (outcome) or [N, L] (process), on the CPU."""
    if cfg.advantage == "process":
        inputs = (*token_steps(scored, rollout, tokenizer), cfg.num_generations, rollout.mask.shape[1])
    else:
        inputs = (rewards,)
    adv = ADVANTAGES[cfg.advantage](*inputs, std=cfg.std, eps=cfg.adv_eps)  # [B, G] or [N, L]
    return adv.reshape(len(scored), -1)  # [N, 1] or [N, L]


# Loss statistics logged per step (from grpo_loss), and the sums update_policy returns (same keys on every
# process, so they can be all-reduced as one tensor).
STAT_KEYS = ("loss", "clip_low", "clip_high", "kl_ref", "kl_old", "adv_abs")
SUM_KEYS = ("weight", "entropy", "entropy_tokens", *STAT_KEYS)

# ---------------------------------------------------------------------------------------------------------
# What flows from the rollout and the scoring into the update
# ---------------------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Batch:
    """One step's completions on this process, scored and with advantages: B groups of G, N = B * G."""

    rollout: Rollout  # on the device: input_ids [N, P + L], prompts [B, P], mask [N, L]; texts, rows: N each
    scored: list[Reward]  # N rewards, as the verifiers returned them
    adv: Tensor  # [N, 1] (Eq. 5, broadcast over tokens) or [N, L] (Eq. 6)
    mask: Tensor  # [N, L] the loss mask: completion tokens of scored completions (harness failures out)
    old_logp: Tensor | None  # [N, L] under the sampling policy; None: old = current (mu = 1, one minibatch)
    ref_logp: Tensor | None  # [N, L] under the reference; None when beta = 0
    lengths: Tensor  # [N] completion lengths, on the CPU
    flat: Tensor  # [B] bool: groups whose advantages are all 0 (equal outcomes, and equal step rewards)
    keep_group: Tensor  # [B] bool: groups that enter the update
    kept: Tensor  # [K] indices of the completions that enter the update (kept groups, no harness failures)
    is_weight: Tensor | None = None  # [N, L] truncated importance weights when another engine sampled (vLLM)


# ---------------------------------------------------------------------------------------------------------
# Small helpers: verifiers and rows
# ---------------------------------------------------------------------------------------------------------


def build_verifier(cfg: Config) -> Any:
    """The weighted, gated composition of the configured verifiers (the first is the primary)."""
    weights = cfg.verifiers if isinstance(cfg.verifiers, dict) else {name: 1.0 for name in cfg.verifiers}
    return compose(weights, gates=cfg.verifier_gates, options=cfg.verifier_options)


def judgeable(rows: list[dict[str, Any]], verifier: Any, what: str, say: Callable[[str], Any]) -> list[dict[str, Any]]:
    """``rows`` without those whose reference the verifiers cannot judge (``verifiers.references``), which are
    reported (count, first rows, reasons): they could only earn masked harness failures. None left is an error."""
    bad = check_references(verifier, rows)
    if not bad:
        return rows
    message = describe(bad, len(rows), what)
    if len(bad) == len(rows):
        raise DatasetError(message)
    say(f"warning: {message}; left out")
    dropped = {i for i, _ in bad}
    return [r for i, r in enumerate(rows) if i not in dropped]



# ---------------------------------------------------------------------------------------------------------
# The update: mu passes x minibatches x micro-batches
# ---------------------------------------------------------------------------------------------------------


def update_policy(
    accelerator: Accelerator,
    model: torch.nn.Module,
    optimizer: torch.optim.Optimizer,
    cfg: Config,
    batch: Batch,
    generator: torch.Generator,
    optimizer_loaded: Callable[[], contextlib.AbstractContextManager] = contextlib.nullcontext,
) -> dict[str, float]:
    """mu passes over ``batch.kept``, ``cfg.minibatches`` optimizer steps per pass, gradients accumulated over
    micro-batches; returns loss statistics summed with each micro-batch's weight (its ``loss_denominator``).

    ``optimizer_loaded``: a context in which the optimizer's states are in memory (``optimizer_offload``).
    """
    device, world = accelerator.device, accelerator.num_processes
    rollout, mask, adv, kept = batch.rollout, batch.mask, batch.adv, batch.kept

    def denominator(m: Tensor) -> float:  # what the aggregation divides by, for the completions of mask m
        return losses.loss_denominator(m, cfg.aggregation, max_tokens=cfg.max_new_tokens)

    sums = dict.fromkeys(SUM_KEYS, 0.0) | {"grad_norm": math.nan}
    for it in range(cfg.num_iterations):
        order = kept[torch.randperm(len(kept), generator=generator).to(device)]  # [K] fresh minibatches each pass
        for mb in order.tensor_split(cfg.minibatches):
            micro = micro_batches(mb, batch.lengths, cfg.micro_batch_size, cfg.num_generations)
            # All processes must run the same number of backward passes (DDP all-reduces in the last one); a
            # process with fewer kept completions pads with zero-weight passes. ``total`` is the minibatch's
            # denominator, summed over micro-batches and processes: grpo_loss divides by it.
            n_micro = int(accelerator.reduce(torch.tensor([len(micro)], device=device), "max"))
            local = sum((denominator(mask[m]) for m in micro), 0.0)
            total = float(accelerator.reduce(torch.tensor([local], device=device, dtype=torch.float64), "sum"))
            if n_micro == 0:
                continue
            for j in range(n_micro):
                padding = j >= len(micro)
                idx = micro[j] if not padding else (micro[0] if micro else kept.new_zeros(1))[:1]
                cols = max(1, int(batch.lengths[idx.cpu()].max()))  # trim columns past the longest completion
                sync = contextlib.nullcontext() if j == n_micro - 1 else accelerator.no_sync(model)
                with sync, autocast(device, cfg.precision):
                    logp, entropy = grouped_logprobs(
                        model, rollout, idx, cols, num_generations=cfg.num_generations,
                        temperature=cfg.temperature, with_entropy=it == 0,
                    )  # [n, cols]
                    old_logp = logp.detach() if batch.old_logp is None else batch.old_logp[idx, :cols]
                    ref_logp = None if batch.ref_logp is None else batch.ref_logp[idx, :cols]
                    m = mask[idx, :cols]  # [n, cols]
                    loss, stats = losses.grpo_loss(
                        logp, old_logp, ref_logp, adv[idx, :cols] if adv.shape[1] > 1 else adv[idx], m,
                        beta=cfg.beta, eps_low=cfg.eps_low, eps_high=cfg.eps_high,
                        aggregation=cfg.aggregation, max_tokens=cfg.max_new_tokens, denominator=total,
                        is_weight=None if batch.is_weight is None else batch.is_weight[idx, :cols],
                    )
                    # loss is this micro-batch's share of the minibatch loss; DDP averages the processes'
                    # gradients, so x world turns that average back into the sum.
                    if zero.is_deepspeed(accelerator):  # the engine steps after a minibatch's last backward
                        zero.backward(accelerator, loss * (0.0 if padding else world), last=j == n_micro - 1)
                    else:
                        accelerator.backward(loss * (0.0 if padding else world))
                if padding:
                    continue
                w = denominator(m)
                sums["weight"] += w
                sums["loss"] += loss.item() * max(total, 1.0)  # the micro-batch's summed loss: its mean x w
                for key, value in stats.items():
                    sums[key] += value * w
                if entropy is not None:
                    sums["entropy"] += float((entropy * m).sum())
                    sums["entropy_tokens"] += float(m.sum())
            if cfg.max_grad_norm > 0:  # DeepSpeed: the norm its step (above) measured before clipping
                sums["grad_norm"] = float(accelerator.clip_grad_norm_(model.parameters(), cfg.max_grad_norm))
            release_freed_memory()  # the backward's activations, before the optimizer states come in
            with optimizer_loaded():
                optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    return sums




def micro_batches(idx: Tensor, lengths: Tensor, size: int, group_size: int) -> list[Tensor]:
    """Split completion indices ``idx`` [K] into micro-batches of at most ``size``: group by group (prompt
    order), longest completions first within a group.

    Each micro-batch is trimmed to its own longest completion, so putting similar lengths together removes most
    of the padding columns from the forward and backward passes (the G completions of a prompt often range
    from a few tokens to ``max_new_tokens``). Sorting within groups only keeps the micro-batches the same
    whatever the number of processes (a group never spans two), so a 2-process run sums the same micro-batch
    gradients as a 1-process run. The order does not change the gradient: micro-batch losses are summed.
    ``lengths``: [N] completion lengths (CPU).
    """
    if len(idx) == 0:
        return []
    cpu = idx.cpu()
    order = torch.sort(lengths[cpu], descending=True, stable=True).indices  # [K] longest first
    order = order[torch.sort(cpu[order] // group_size, stable=True).indices]  # [K] then by group
    return list(idx[order.to(idx.device)].split(size))


@torch.no_grad()
def batch_logprobs(model: torch.nn.Module, rollout: Rollout, cfg: Config, lengths: Tensor) -> Tensor:
    """Log-probs of every completion of the rollout under ``model`` (old policy or reference): [N, L], zero past
    each completion's end. ``lengths``: [N] completion lengths (CPU)."""
    n, length = rollout.mask.shape
    out = torch.zeros(n, length, device=rollout.mask.device)  # [N, L]
    # Without gradients a packed group costs little memory (no activations kept): one pass per group.
    packed = getattr(getattr(model, "module", model), "packed", False)
    size = max(cfg.micro_batch_size, cfg.num_generations) if packed else cfg.micro_batch_size
    for idx in micro_batches(torch.arange(n, device=rollout.mask.device), lengths, size, cfg.num_generations):
        cols = max(1, int(lengths[idx.cpu()].max()))
        out[idx, :cols] = grouped_logprobs(
            model, rollout, idx, cols, num_generations=cfg.num_generations, temperature=cfg.temperature
        )[0]  # [n, cols]
    return out


# ---------------------------------------------------------------------------------------------------------
# Setup: everything the steps use, in one Run
# ---------------------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Run:
    """What setup builds for the loop: the processes, models, optimizer, data, scoring pool and logger."""

    cfg: Config  # as resolved (precision decided)
    out: Path
    accelerator: Accelerator
    model: torch.nn.Module  # the policy as trained: SharedPromptLM, DDP-wrapped or FSDP2-sharded (several processes)
    unwrapped: torch.nn.Module  # the causal LM inside (sharded under FSDP2: read it through full_weights())
    tokenizer: Any
    ref: SharedPromptLM | None  # the frozen reference (beta > 0)
    ref_store: OffloadedWeights | None  # its weights in a file between passes (ref_offload)
    optimizer: torch.optim.Optimizer
    scheduler: torch.optim.lr_scheduler.LambdaLR
    opt_store: OffloadedOptimizerState | None  # AdamW's moments in a file between steps (optimizer_offload)
    verifier: Any
    pool: ScoringPool
    stream: PromptStream
    eval_rows: list[dict[str, Any]]
    logger: Logger
    start_step: int
    summary: dict[str, Any]
    t_start: float
    backend: Any = dataclasses.field(default_factory=NativeBackend)  # who samples (grpo_train.backends)
    full: FullWeights | zero.ZeroFullWeights | None = None  # FSDP2, ZeRO-3: the policy's full weights, gathered for
    #   sampling, evaluation, export
    ref_full: FullWeights | None = None  # FSDP2 with ref_refresh_every: the reference's, for its export

    @property
    def device(self) -> torch.device:
        return self.accelerator.device

    @property
    def b_local(self) -> int:
        """B: the prompts (groups) of each step on this process."""
        return self.cfg.prompts_per_step // self.accelerator.num_processes

    def ref_loaded(self) -> contextlib.AbstractContextManager:
        return self.ref_store.loaded() if self.ref_store is not None else contextlib.nullcontext()

    def optimizer_loaded(self) -> contextlib.AbstractContextManager:
        return self.opt_store.loaded() if self.opt_store is not None else contextlib.nullcontext()

    @property
    def sharded(self) -> bool:
        return is_sharded(self.accelerator)  # FSDP2 or DeepSpeed ZeRO

    def full_weights(self) -> contextlib.AbstractContextManager[torch.nn.Module]:
        """The policy's causal LM with full weights: gathered from every process under FSDP2 (every process must
        call this), else ``unwrapped`` itself."""
        return full_weights(self.full, self.unwrapped)


def checked_output_dir(cfg: Config, resume: bool) -> Path | None:
    """The checkpoint to resume from (None for a fresh run); refuses a fresh run into a used ``output_dir``."""
    out = Path(cfg.output_dir)
    checkpoint = find_checkpoint(out) if resume else None
    if resume and checkpoint is None:
        raise FileNotFoundError(f"--resume: no checkpoint in {out}")
    if not resume and ((out / "metrics.jsonl").exists() or find_checkpoint(out) is not None):
        # A fresh run would truncate the earlier run's logs and overwrite its checkpoint (the CLI moves it aside).
        raise FileExistsError(f"{out} holds an earlier run: resume it (resume=True) or use another output_dir")
    return checkpoint


def load_reference(cfg: Config, policy: torch.nn.Module, checkpoint: Path | None, device: torch.device) -> SharedPromptLM:
    """The frozen reference: the initial policy, or the last refresh saved with the checkpoint."""
    saved_ref = checkpoint / "ref" if checkpoint else None
    if checkpoint is None:
        ref = frozen_copy(policy)
    else:
        if cfg.ref_refresh_every and not saved_ref.exists():
            raise FileNotFoundError(f"{checkpoint}: no saved reference 'ref/' although ref_refresh_every > 0")
        ref = frozen_copy(load_model(str(saved_ref) if saved_ref.exists() else cfg.model))
    return SharedPromptLM(ref.to(device), packed=None if cfg.pack_completions else False)


def setup(cfg: Config, resume: bool) -> Run:
    """Processes, seeds, data and verifiers (checked before any model load), the policy (and reference), the
    optimizer and schedule, restored from the checkpoint when resuming; the scoring pool and the logger."""
    t_start = time.time()
    # DDP, or FSDP2 under its accelerate config; precision resolved; the report_to trackers
    accelerator, precision = make_accelerator(cfg, trackers(cfg.report_to, Path(cfg.output_dir)))
    rank, world = accelerator.process_index, accelerator.num_processes
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    set_heap_policy(cfg.release_memory)
    if cfg.prompts_per_step % world:
        raise ValueError(f"prompts_per_step={cfg.prompts_per_step} must be divisible by the {world} processes")
    if cfg.aggregation not in losses.AGGREGATIONS:
        raise ValueError(f"aggregation must be one of {', '.join(losses.AGGREGATIONS)}, got {cfg.aggregation!r}")
    out = Path(cfg.output_dir)
    checkpoint = checked_output_dir(cfg, resume)
    if accelerator.is_main_process:
        out.mkdir(parents=True, exist_ok=True)
        save_config(cfg, out / "config.toml")  # as asked ("auto" stays auto: a resume on other hardware re-decides)
    cfg = dataclasses.replace(cfg, precision=precision)
    torch.manual_seed(cfg.seed)
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)

    model_path = str(checkpoint / "model") if checkpoint else cfg.model
    # The data and the verifiers first: a malformed row or reference fails in seconds, not after a model load.
    verifier = build_verifier(cfg)
    stream = PromptStream(judgeable(load_rows(cfg, "train"), verifier, "training rows", accelerator.print), cfg.seed)
    eval_rows = load_rows(cfg, "test") if (cfg.eval_before or cfg.eval_after) else []
    eval_rows = judgeable(eval_rows, verifier, "evaluation rows", accelerator.print) if eval_rows else []
    tokenizer = load_tokenizer(model_path)
    state = load_trainer_state(checkpoint) if checkpoint else None  # step, optimizer, data position, adapters
    # With adapters the checkpoint's model/ is the merged model: a resume starts again from the base model.
    policy = load_model(cfg.model if checkpoint and cfg.lora_rank else model_path)
    ref = load_reference(cfg, policy, checkpoint, accelerator.device) if cfg.beta > 0 else None
    if cfg.lora_rank:
        layers = apply_lora(policy, cfg.lora_rank, cfg.lora_alpha)
        if state is not None:
            load_lora_state(policy, state["lora"])
        accelerator.print(f"lora: rank {cfg.lora_rank} adapters on {layers} layers, "
                          f"{sum(p.numel() for p in policy.parameters() if p.requires_grad):,} trainable parameters")
    # With ref_offload the reference's weights wait in a file between its passes (one file per process).
    ref_store = OffloadedWeights(ref.lm, out / f".ref_offload.{rank}.safetensors") if ref is not None and cfg.ref_offload else None
    policy.train()
    wrapper = SharedPromptLM(policy, packed=None if cfg.pack_completions else False)  # scores G completions per prompt pass
    full = ref_full = None
    if gathers_per_layer(accelerator):  # before sharding: the plain modules' structure for the gathered copies
        if not wrapper.packed:
            raise ConfigError("FSDP2 and ZeRO-3 need the packed scoring layout (pack_completions = true, and sdpa or "
                              "eager attention): the cached layout runs each layer twice per forward (grpo_train.sharding)")
    if accelerator.is_fsdp2:
        wrap_decoder_layers(accelerator, policy)
        full = FullWeights(policy)
        ref_full = FullWeights(ref.lm) if ref is not None and cfg.ref_refresh_every else None
    elif zero.zero_stage(accelerator) == 3:
        full = zero.ZeroFullWeights(policy)
    # The fused AdamW kernel (CPU and CUDA) is ~4x faster than the default on this CPU: 0.2 s against 0.77 s
    # per step for 135M parameters.
    optimizer = torch.optim.AdamW(
        [p for p in wrapper.parameters() if p.requires_grad], lr=cfg.learning_rate, betas=tuple(cfg.adam_betas), weight_decay=cfg.weight_decay,
        fused=accelerator.device.type in ("cpu", "cuda") or None,
    )
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: lr_factor(s, cfg))
    # DDP when world > 1; FSDP2 shards the model and moves the optimizer onto the shards; DeepSpeed: one engine
    model, optimizer, scheduler = accelerator.prepare(wrapper, optimizer, scheduler)
    if accelerator.is_fsdp2:
        accelerator.print(f"fsdp2: {world} processes, {fsdp_units(model)} FSDP units (the decoder layers and the rest)")
        ref = shard_frozen(accelerator, ref) if ref is not None else None
    elif zero.is_deepspeed(accelerator):
        accelerator.print(zero.describe(accelerator))
        ref = zero.prepare_reference(accelerator, ref) if ref is not None else None
    start_step, eval_before = 0, None
    if state is not None:
        eval_before = state.get("eval_before")  # the run's own "before", for the summary of a resumed run
        if is_sharded(accelerator) != ("optimizer" not in state):
            raise ConfigError(f"{checkpoint} was written by {'an unsharded' if 'optimizer' in state else 'a sharded (FSDP2, ZeRO)'} "
                             "run: resume it under the same accelerate config")
        if is_sharded(accelerator):
            accelerator.load_state(str(checkpoint / "state"))  # model and optimizer shards, scheduler, random states
        else:
            optimizer.load_state_dict(state["optimizer"])
            scheduler.load_state_dict(state["scheduler"])
            set_rng_state(state["rng"])
        stream.load_state_dict(state["data"])
        start_step = state["step"]
        del state
    # With optimizer_offload AdamW's moments wait in a file between optimizer steps (one file per process).
    opt_store = OffloadedOptimizerState(optimizer, out / f".optimizer_offload.{rank}.bin") if cfg.optimizer_offload else None
    if opt_store is not None:
        opt_store.store()
    summary: dict[str, Any] = {"output_dir": str(out), "start_step": start_step, "precision": cfg.precision}
    if eval_before is not None:
        summary["eval_before"] = eval_before
    return Run(
        cfg=cfg, out=out, accelerator=accelerator, model=model, unwrapped=accelerator.unwrap_model(model).lm,
        tokenizer=tokenizer, ref=ref, ref_store=ref_store, optimizer=optimizer, scheduler=scheduler,
        opt_store=opt_store, verifier=verifier,
        pool=ScoringPool(verifier, workers=cfg.scoring_workers, timeout=cfg.scoring_timeout), stream=stream,
        eval_rows=eval_rows, logger=Logger(out, start_step, accelerator, cfg.to_dict()), start_step=start_step,
        summary=summary, t_start=t_start, backend=make_backend(cfg, resolve_model(model_path)), full=full, ref_full=ref_full,
    )


def close(run: Run) -> None:
    run.backend.close()
    run.pool.close()
    run.logger.close()
    for store in (run.ref_store, run.opt_store):
        if store is not None:
            store.close()


# ---------------------------------------------------------------------------------------------------------
# The steps of the loop, in order
# ---------------------------------------------------------------------------------------------------------


def sample(run: Run, step: int) -> Rollout:
    """1. Rollout: this process's B whole groups, G samples each, seeded per completion. On the device."""
    cfg, g = run.cfg, run.cfg.num_generations
    first = run.accelerator.process_index * run.b_local
    rows = run.stream.next(cfg.prompts_per_step)[first : first + run.b_local]
    seeds = [sample_seed(cfg.seed, step, first + i, j) for i in range(run.b_local) for j in range(g)]
    with run.full_weights() as lm:
        lm.eval()
        with autocast(run.device, cfg.precision):
            rollout = run.backend.generate(lm, run.tokenizer, rows, seeds, cfg)
        lm.train()
    if gathers_per_layer(run.accelerator):  # one forward per micro-batch: see grpo_train.sharding on the shared prefix
        rollout = dataclasses.replace(rollout, prefix=None)
    on_device = rollout.to(run.device)
    release_freed_memory()  # the rollout weights and KV cache
    return on_device


def score(
    run: Run, rollout: Rollout, stop: StopRequest, seconds: dict[str, float]
) -> tuple[list[Reward], Tensor | None, Tensor | None]:
    """2. Score out of process while the model computes the old / reference log-probs ([N, L] each, or None)
    it needs. Fills ``seconds["ref_logp"]`` and ``seconds["score_wait"]``."""
    cfg, t1 = run.cfg, time.time()
    lengths = rollout.mask.sum(-1).cpu()  # [N]
    future = run.pool.score_async(rollout.texts, rollout.rows)
    old_logp = ref_logp = None
    with autocast(run.device, cfg.precision):
        # else old = current: no forward; another engine's samples need the trainer's own for the IS weights
        if cfg.num_iterations > 1 or cfg.minibatches > 1 or rollout.sampler_logp is not None:
            old_logp = batch_logprobs(run.model, rollout, cfg, lengths)  # [N, L]
        if run.ref is not None:
            with run.ref_loaded():
                ref_logp = batch_logprobs(run.ref, rollout, cfg, lengths)  # [N, L]
    release_freed_memory()  # the reference's weights and activations
    seconds["ref_logp"] = time.time() - t1
    scored = future.result()
    seconds["score_wait"] = time.time() - t1 - seconds["ref_logp"]
    # A stop signal sent to the whole process group (`timeout`, a batch scheduler, `kill -- -PGID`) reaches the
    # scoring workers too: this step's harness failures are then the signal's doing, so the step is not taken,
    # and --resume draws its prompts again.
    broken = stop.requested and any(r.status.is_infra for r in scored)
    if run.accelerator.reduce(torch.tensor([float(broken)], device=run.device), "max").item():
        raise AgreedStop("stop requested; the step's scoring was cut short: it is redone on resume")
    return scored, old_logp, ref_logp


def make_batch(
    run: Run, rollout: Rollout, scored: list[Reward], old_logp: Tensor | None, ref_logp: Tensor | None
) -> Batch:
    """3. Advantages, and which groups and completions enter the update. Harness failures -> NaN rewards: out of
    the group statistics and out of the loss."""
    cfg, b, g = run.cfg, run.b_local, run.cfg.num_generations
    rewards = torch.tensor([math.nan if r.status.is_infra else r.outcome for r in scored]).view(b, g)  # [B, G]
    adv = advantages(cfg, rewards, scored, rollout, run.tokenizer).to(run.device)  # [N, L|1]
    infra = torch.isnan(rewards).view(-1)  # [N]
    flat = adv.view(b, -1).nan_to_num(0.0).abs().amax(-1).cpu() == 0  # [B]
    keep_group = torch.ones(b, dtype=torch.bool)  # [B]
    if cfg.skip_zero_variance and cfg.beta == 0:  # with beta > 0 the KL still acts on flat groups
        keep_group = ~flat
    is_weight = None
    if rollout.sampler_logp is not None and old_logp is not None:  # samples from another engine (vLLM)
        is_weight = losses.truncated_importance_weight(old_logp, rollout.sampler_logp, cfg.vllm_importance_cap)
    return Batch(
        rollout=rollout, scored=scored, adv=adv, old_logp=old_logp, ref_logp=ref_logp, is_weight=is_weight,
        mask=rollout.mask * ~infra[:, None].to(run.device),  # [N, L]
        lengths=rollout.mask.sum(-1).cpu(),  # [N]
        flat=flat, keep_group=keep_group,
        kept=(keep_group.repeat_interleave(g) & ~infra).nonzero().view(-1).to(run.device),  # [K]
    )


def update(run: Run, batch: Batch, step: int) -> tuple[dict[str, float], float]:
    """4. mu inner updates, then the schedule and the optional reference refresh. Returns the loss sums of
    ``update_policy`` and the learning rate the step used."""
    cfg = run.cfg
    gen = torch.Generator().manual_seed(sample_seed(cfg.seed, step, -2))
    sums = update_policy(run.accelerator, run.model, run.optimizer, cfg, batch, gen, run.optimizer_loaded)
    lr = run.scheduler.get_last_lr()[0]
    with warnings.catch_warnings():  # "scheduler.step() before optimizer.step()": all groups flat
        warnings.simplefilter("ignore", UserWarning)
        run.scheduler.step()
    if run.ref is not None and cfg.ref_refresh_every and (step + 1) % cfg.ref_refresh_every == 0:
        if run.ref_store is not None:
            run.ref_store.store(run.unwrapped)
        else:
            if run.accelerator.is_fsdp2:  # shard to shard; FSDP2 leaves a root module's parameters gathered after its forward
                run.model.reshard()
                run.ref.reshard()
            copy_weights(run.unwrapped, run.ref.lm)
    return sums, lr


def step_metrics(run: Run, batch: Batch, sums: dict[str, float], lr: float, seconds: dict[str, float]) -> dict[str, float]:
    """5. The step's metrics: per-completion values gathered from every process, loss statistics summed."""
    acc, device = run.accelerator, run.device
    metrics = reward_metrics(
        gather_rewards(acc, batch.scored),
        acc.gather(batch.lengths.to(device)).cpu(),
        acc.gather(batch.rollout.truncated.to(device)).cpu(),
        list(run.verifier.names),
    )
    keys = [*SUM_KEYS, "flat_groups", "kept_groups"]
    local = [sums[k] for k in SUM_KEYS] + [float(batch.flat.sum()), float(batch.keep_group.sum())]
    totals = dict(zip(keys, acc.reduce(torch.tensor(local, device=device, dtype=torch.float64), "sum").tolist()))
    if totals["weight"] > 0:  # loss statistics, weighted like the loss itself
        metrics.update({k: totals[k] / totals["weight"] for k in STAT_KEYS})
    metrics.update({
        "entropy": totals["entropy"] / totals["entropy_tokens"] if totals["entropy_tokens"] else math.nan,
        "zero_variance_frac": totals["flat_groups"] / run.cfg.prompts_per_step,
        "groups_kept": totals["kept_groups"],
        "grad_norm": sums["grad_norm"],
        "lr": lr,
        "seconds_generate": round(seconds["generate"], 3),
        "seconds_score_wait": round(seconds["score_wait"], 3),
        "seconds_ref_logp": round(seconds["ref_logp"], 3),
        "seconds_train": round(seconds["train"], 3),
        "seconds_step": round(time.time() - seconds["start"], 3),
    })
    return metrics


def log_samples(run: Run, step: int, batch: Batch, metrics: dict[str, float]) -> None:
    """5. metrics.jsonl, the first ``log_samples`` completions in samples.jsonl, TensorBoard."""
    rollout = batch.rollout
    samples = [
        {"prompt": r["prompt"], "reference": r["reference"], "completion": text, **rw.to_dict()}
        for r, text, rw in list(zip(rollout.rows, rollout.texts, batch.scored))[: run.cfg.log_samples]
    ]
    run.logger.log(step, metrics, samples)


def save(run: Run, step: int, data_state: dict[str, int], barrier: bool = True) -> None:
    """7. A checkpoint of ``step`` (the main process writes it; the others wait unless ``barrier`` is False; under
    FSDP2 every process writes its shards)."""
    cfg = run.cfg
    if run.sharded:  # the optimizer, scheduler and random states are in accelerate's state/
        state = {"step": step, "data": data_state, "config": cfg.to_dict(), "eval_before": run.summary.get("eval_before")}
        save_sharded_checkpoint(run.out, run.accelerator, state, lambda tmp: export_models(run, tmp),
                                keep=cfg.save_total_limit)
        return
    with run.optimizer_loaded():  # state_dict() shares the state tensors: save before they go back to the file
        state = {"step": step, "optimizer": run.optimizer.state_dict(), "scheduler": run.scheduler.state_dict(),
                 "data": data_state, "rng": rng_state(), "config": cfg.to_dict(),
                 "eval_before": run.summary.get("eval_before")}
        if cfg.lora_rank:
            state["lora"] = lora_state(run.unwrapped)
        if run.accelerator.is_main_process:
            refreshed = run.ref.lm if run.ref is not None and cfg.ref_refresh_every else None
            weights = merged_state_dict(run.unwrapped) if cfg.lora_rank else None
            with run.ref_loaded() if refreshed is not None else contextlib.nullcontext():
                save_checkpoint(run.out, run.unwrapped, run.tokenizer, state, ref=refreshed, weights=weights,
                                keep=cfg.save_total_limit)
    if barrier:
        run.accelerator.wait_for_everyone()


def export_models(run: Run, tmp: Path) -> None:
    """A sharded checkpoint's consolidated ``model/`` (and the refreshed ``ref/``), for ``from_pretrained``: gathered
    on every process, written by the main one."""
    is_main = run.accelerator.is_main_process
    with run.full_weights() as lm:
        if is_main:
            lm.save_pretrained(tmp / "model")
            run.tokenizer.save_pretrained(tmp / "model")
    if run.ref is not None and run.cfg.ref_refresh_every:  # FSDP2: gathered; ZeRO-2: the plain reference
        with full_weights(run.ref_full, run.ref.lm) as ref:
            if is_main:
                ref.save_pretrained(tmp / "ref")


def publish(model_dir: Path, cfg: Config, summary: dict[str, Any]) -> None:
    """The final model's card (``README.md``), and with ``push_to_hub`` the upload of that directory."""
    if not model_dir.is_dir():
        return
    hub.write_card(model_dir, cfg, summary)
    if cfg.push_to_hub:
        repo = hub.push_or_explain(model_dir, cfg, summary)
        print(f"pushed {model_dir} to https://huggingface.co/{repo}")


def run_eval(run: Run, tag: str) -> None:
    """Held-out evaluation; each process takes a slice of the problems, correct counts are summed."""
    cfg, acc, rows, t0 = run.cfg, run.accelerator, run.eval_rows, time.time()
    rank, world = acc.process_index, acc.num_processes
    with run.full_weights() as lm:
        result = evaluate(lm, run.tokenizer, rows[rank::world], run.pool, cfg)
    keys = ["accuracy"] + [k for k in result if k.startswith("pass@")]
    local = torch.tensor([result[k] * result["problems"] for k in keys], device=run.device, dtype=torch.float64)
    totals = acc.reduce(local, "sum").tolist()
    scores = {k: v / max(len(rows), 1) for k, v in zip(keys, totals)}
    run.summary[f"eval_{tag}"] = {**scores, "problems": len(rows), "seconds": round(time.time() - t0, 1),
                                  "examples": result["examples"]}
    acc.print(f"[eval {tag}] held-out accuracy {scores['accuracy']:.1%} on {len(rows)} problems "
              f"({time.time() - t0:.0f}s)")
    if cfg.eval_group_by:  # every process's (group, correct) pairs
        by = accuracy_by(gather_object(result["groups"]) if world > 1 else result["groups"])
        run.summary[f"eval_{tag}"][f"accuracy_by_{cfg.eval_group_by}"] = by
        acc.print(f"[eval {tag}] by {cfg.eval_group_by}: " + ", ".join(f"{k} {v:.0%}" for k, v in by.items()))


# ---------------------------------------------------------------------------------------------------------
# The loop
# ---------------------------------------------------------------------------------------------------------


def train(cfg: Config, resume: bool = False) -> dict[str, Any]:
    """Run GRPO as configured; returns the summary (also written to ``output_dir/summary.json``)."""
    run = setup(cfg, resume)
    cfg, out, acc = run.cfg, run.out, run.accelerator
    if cfg.eval_before and run.start_step == 0:
        run_eval(run, "before")

    step = run.start_step
    data_state = run.stream.state_dict()  # the stream position at the start of the current step
    updating = False  # True while the current step is changing the weights (an interrupt then cannot save it)
    step_seconds: list[float] = []  # this process's step times, for the early estimate of the total
    infra_history: list[float] = []  # each step's fraction of harness failures (all processes)
    bar = tqdm(total=cfg.max_steps, initial=step, disable=not acc.is_main_process, desc="grpo", dynamic_ncols=True)
    try:
        with StopRequest() as stop:
            while step < cfg.max_steps:
                seconds = {"start": time.time()}
                data_state = run.stream.state_dict()
                rollout = sample(run, step)  # 1. rollout
                seconds["generate"] = time.time() - seconds["start"]
                scored, old_logp, ref_logp = score(run, rollout, stop, seconds)  # 2. scoring
                batch = make_batch(run, rollout, scored, old_logp, ref_logp)  # 3. advantages

                t2, updating = time.time(), True  # 4. mu inner updates
                sums, lr = update(run, batch, step)
                run.backend.sync_weights(run.unwrapped)  # the sampler takes the new weights (vLLM; native: none)
                step, updating = step + 1, False
                data_state = run.stream.state_dict()
                release_freed_memory()  # gradients, activations (and, once, the offloaded optimizer states)
                seconds["train"] = time.time() - t2

                metrics = step_metrics(run, batch, sums, lr, seconds)  # 5. log
                log_samples(run, step, batch, metrics)
                bar.set_postfix(reward=f"{metrics['reward']:.3f}", acc=f"{metrics['accuracy']:.2f}",
                                len=f"{metrics['completion_len']:.0f}")
                bar.update(1)
                step_seconds.append(metrics["seconds_step"])
                if acc.is_main_process and len(step_seconds) == ESTIMATE_AFTER and step < cfg.max_steps:
                    eval_s = run.summary.get("eval_before", {}).get("seconds", 0.0) if cfg.eval_after else 0.0
                    bar.write(estimate_line(time.time() - run.t_start, step_seconds, cfg.max_steps - step, eval_s))

                # 6. a run whose rewards are mostly harness failures learns nothing: stop it, loudly.
                infra_history.append(metrics["infra_frac"])
                failing = harness_failing(infra_history, cfg.max_infra_frac, cfg.infra_window)
                if failing is not None:
                    save(run, step, data_state)
                    raise HarnessFailure(f"{failing} ({status_summary(metrics)}); the verifiers or their sandbox "
                                         f"fail, not the policy: see {out / 'samples.jsonl'}. A checkpoint of step "
                                         f"{step} is saved: fix the cause, then --resume")

                # 7. checkpoints, and a requested stop (agreed by all processes, so none waits for the others).
                if cfg.save_every and step % cfg.save_every == 0 and step < cfg.max_steps:
                    save(run, step, data_state)
                if acc.reduce(torch.tensor([float(stop.requested)], device=run.device), "max").item():
                    raise AgreedStop("stop requested")
    except KeyboardInterrupt as e:
        bar.close()
        if updating:
            acc.print(f"\ninterrupted while updating step {step + 1}; the last checkpoint stays as it was")
        elif run.sharded and not isinstance(e, AgreedStop):  # this process alone may have stopped
            acc.print(f"\ninterrupted in step {step + 1}; a sharded checkpoint needs every process: the last one stays")
        else:
            acc.print(f"\nstopped after step {step}: saving a checkpoint to {checkpoint_dir(out, step)}")
            save(run, step, data_state, barrier=False)
        close(run)
        raise
    except HarnessFailure:
        bar.close()
        close(run)
        raise
    bar.close()
    save(run, step, data_state)
    if cfg.eval_after:
        run_eval(run, "after")
    close(run)
    run.summary.update({"steps": step, "seconds_total": round(time.time() - run.t_start, 1)})
    if acc.is_main_process:
        finish(out, run.summary)
        publish(out / "checkpoint" / "model", cfg, run.summary)  # 8. the model card; the hub when asked
    acc.end_training()
    return run.summary
