"""DeepSpeed ZeRO (stages 2 and 3) through accelerate: what differs from FSDP2 (``grpo_train.sharding``).

``accelerate launch --config_file configs/accelerate/zero2.yaml -m verigrpo_cli train`` (or ``zero3.yaml``):

* **Refused at load** (:func:`check_zero`, a ``ConfigError``): ``ref_offload``/``optimizer_offload``, LoRA and vLLM
  (as under FSDP2), ZeRO stages other than 2 and 3, DeepSpeed's own offload (``offload_*_device`` other than
  ``none``: DeepSpeed then swaps our AdamW for its compiled CPU Adam; not built here), an accelerate
  ``gradient_accumulation_steps`` other than 1, and under ZeRO-3 ``ref_refresh_every`` (copying one partitioned
  model into another is not built).
* **CPU processes.** Without a GPU accelerate's ``PartialState(cpu=True)`` never turns DeepSpeed on (its DeepSpeed
  branch is for ``not cpu``), and with ``cpu=False`` it finds no backend and runs one process. ``PartialState``
  with ``backend="gloo"`` and ``cpu=False`` takes accelerate's own DeepSpeed path (``deepspeed.init_distributed``
  over gloo; DeepSpeed's CPU accelerator): :func:`make_accelerator` in ``sharding.py``.
* **The DeepSpeed config** (:func:`configure`): ``train_micro_batch_size_per_gpu`` is ``micro_batch_size`` (DeepSpeed
  reads it only for its throughput logs and ``train_batch_size``'s check: the loop makes its own micro-batches),
  ``gradient_accumulation_steps`` 1 and ``gradient_clipping`` ``max_grad_norm``. ``precision`` maps to DeepSpeed's
  ``bf16`` (``bf16.enabled``, gradients communicated in float32 as under FSDP2) or fp32 (neither fp16 nor bf16).
* **Gradient accumulation** stays the loop's, with its global loss denominator: each micro-batch's backward goes to
  the engine with DeepSpeed's ``set_gradient_accumulation_boundary`` true on a minibatch's last micro-batch only
  (accelerate's ``DeepSpeedEngineWrapper.backward(loss, sync_gradients=last)``), so the engine's ``step``
  (clipping, AdamW, zero_grad) runs once per minibatch, after the last backward; with ``gradient_accumulation_steps``
  1 DeepSpeed divides no loss. ``accelerator.clip_grad_norm_`` then returns the engine's global norm of that step
  (before clipping), and ``optimizer.step``/``zero_grad`` are accelerate's no-ops. ZeRO averages the processes'
  gradients like DDP, so the loop's ``x world`` holds. The LambdaLR schedule is not one of DeepSpeed's: accelerate
  leaves it to the loop, which steps it once per training step.
* **Loading**: the models load whole on every process and ``deepspeed.initialize`` partitions them (ZeRO-3's
  ``zero.Init`` loading, which accelerate turns on for transformers whatever ``zero3_init_flag`` says, is switched
  off in :func:`configure`): one full float32 copy per process while it loads.
* **Full weights**: under ZeRO-2 every process holds the whole (updated) model, and sampling, evaluation and export
  read it directly. Under ZeRO-3 the parameters are partitioned; :class:`ZeroFullWeights` gathers them one at a
  time (``deepspeed.zero.GatheredParameters``) into a plain copy, as ``FullWeights`` does for FSDP2. As under FSDP2,
  ZeRO-3 scores each row with its whole prompt (no shared-prefix KV cache) and needs the packed layout.
* **The reference** (beta > 0): under ZeRO-2 a plain module on every process (as unsharded); under ZeRO-3 a
  DeepSpeed engine without optimizer (``deepspeed.initialize`` with the policy's config), as TRL's
  ``prepare_deepspeed`` does: accelerate's ``prepare`` takes one DeepSpeed model.
* **Checkpoints** are ``accelerator.save_state``'s (``engine.save_checkpoint``: the model and each process's ZeRO
  optimizer partition; the schedule and random states by accelerate) in ``checkpoint-<step>/state``, beside the
  consolidated ``model/``: ``checkpoints.save_sharded_checkpoint``, as under FSDP2.
"""

from __future__ import annotations

import contextlib
import copy
import os
from collections.abc import Iterator
from typing import Any

import torch
from accelerate import Accelerator
from accelerate.utils import DistributedType
from verigrpo.grpo_train.config import Config, ConfigError

ZERO2_CONFIG = "configs/accelerate/zero2.yaml"
ZERO_STAGES = (2, 3)


def is_deepspeed(accelerator: Accelerator) -> bool:
    return accelerator.distributed_type == DistributedType.DEEPSPEED


def zero_stage(accelerator: Accelerator) -> int:
    return int(accelerator.state.deepspeed_plugin.zero_stage) if is_deepspeed(accelerator) else 0


def _deepspeed_missing() -> bool:
    try:
        import deepspeed  # noqa: F401
    except ImportError:
        return True
    return False


def check_zero(cfg: Config) -> None:
    """What a DeepSpeed launch cannot run (``ConfigError`` at load), from the variables ``accelerate launch`` set."""
    if _deepspeed_missing():
        raise ConfigError("this run was launched with a DeepSpeed config, but the deepspeed package is not installed: "
                          "pip install -e \".[zero]\" (or launch with configs/accelerate/fsdp2.yaml)")
    env = os.environ
    stage = env.get("ACCELERATE_DEEPSPEED_ZERO_STAGE")
    if stage is not None and int(stage) not in ZERO_STAGES:
        raise ConfigError(f"DeepSpeed ZeRO stage {stage} is not supported: zero_stage 2 or 3 (see {ZERO2_CONFIG})")
    if int(env.get("ACCELERATE_GRADIENT_ACCUMULATION_STEPS", "1")) != 1:
        raise ConfigError("gradient_accumulation_steps in the accelerate config must be 1: the loop accumulates its "
                          "micro-batches itself (micro_batch_size) with one loss denominator per minibatch")
    for key in ("ACCELERATE_DEEPSPEED_OFFLOAD_OPTIMIZER_DEVICE", "ACCELERATE_DEEPSPEED_OFFLOAD_PARAM_DEVICE"):
        if env.get(key, "none").lower() != "none":
            raise ConfigError(f"DeepSpeed offload ({key.removeprefix('ACCELERATE_DEEPSPEED_').lower()} = "
                              f"{env[key]!r}) is not built: DeepSpeed would replace the AdamW with its compiled CPU "
                              f"Adam; set offload_optimizer_device and offload_param_device to none")
    if cfg.ref_offload or cfg.optimizer_offload:
        raise ConfigError("ref_offload and optimizer_offload are for unsharded runs: ZeRO partitions AdamW's moments "
                          "over the processes itself (and ZeRO-3 the reference's weights); set both to false")
    if cfg.lora_rank:
        raise ConfigError("lora_rank > 0 under DeepSpeed ZeRO is not built (adapters are not saved or merged there); "
                          "train every weight, or use LoRA without sharding")
    if getattr(cfg, "use_vllm", False):
        raise ConfigError("use_vllm under DeepSpeed ZeRO is not built (the weight push would gather partitioned "
                          "parameters); sample with the native backend, or use vLLM without sharding")
    if stage == "3" and cfg.beta > 0 and cfg.ref_refresh_every:
        raise ConfigError("ref_refresh_every under ZeRO-3 is not built (the reference is partitioned like the policy); "
                          "use ZeRO-2 or FSDP2, or ref_refresh_every = 0")


def configure(accelerator: Accelerator, cfg: Config, precision: str) -> None:
    """Fill the DeepSpeed config's values that accelerate would leave on ``auto`` or take from elsewhere."""
    plugin = accelerator.state.deepspeed_plugin
    if plugin.zero_stage not in ZERO_STAGES:
        raise ConfigError(f"DeepSpeed ZeRO stage {plugin.zero_stage} is not supported: zero_stage 2 or 3")
    ds = plugin.deepspeed_config
    if ds.get("gradient_accumulation_steps", 1) not in (1, "auto"):
        raise ConfigError("the DeepSpeed config's gradient_accumulation_steps must be 1 (the loop accumulates itself)")
    ds.update(train_micro_batch_size_per_gpu=cfg.micro_batch_size, gradient_accumulation_steps=1,
              gradient_clipping=float(cfg.max_grad_norm))
    ds["train_batch_size"] = cfg.micro_batch_size * accelerator.num_processes
    ds["bf16"] = {"enabled": precision == "bf16"}
    ds["fp16"] = {"enabled": False}
    if precision == "bf16":
        ds["communication_data_type"] = "fp32"
    # accelerate registers the ZeRO-3 config with transformers whatever zero3_init_flag says, and from_pretrained then
    # loads under deepspeed.zero.Init (partitioned at load): the reference's deepcopy and the gathered copy's
    # skeleton would be empty. The models load whole and deepspeed.initialize partitions them.
    from transformers.integrations import unset_hf_deepspeed_config

    unset_hf_deepspeed_config()


def backward(accelerator: Accelerator, loss: torch.Tensor, last: bool) -> None:
    """One micro-batch's backward; on a minibatch's ``last`` the engine's step (clip, AdamW, zero_grad) follows."""
    accelerator.deepspeed_engine_wrapped.backward(loss, sync_gradients=last)


def prepare_reference(accelerator: Accelerator, module: torch.nn.Module) -> torch.nn.Module:
    """The frozen reference: plain under ZeRO-2; under ZeRO-3 an optimizer-less engine partitioned like the policy."""
    if zero_stage(accelerator) != 3:
        return module
    import deepspeed

    ds = copy.deepcopy(accelerator.state.deepspeed_plugin.deepspeed_config)
    ds.pop("optimizer", None)
    ds.pop("scheduler", None)
    engine, *_ = deepspeed.initialize(model=module, config=ds)
    engine.eval()
    return engine


class ZeroFullWeights:
    """ZeRO-3's counterpart of ``sharding.FullWeights``: a plain copy whose parameters are gathered (one at a time,
    every process in the same order) only inside :meth:`gathered`, and dropped after."""

    def __init__(self, plain: torch.nn.Module) -> None:
        from verigrpo.grpo_train.sharding import _empty_copy

        self.module = _empty_copy(plain)

    @contextlib.contextmanager
    def gathered(self, partitioned: torch.nn.Module) -> Iterator[torch.nn.Module]:
        import deepspeed

        full = dict(self.module.named_parameters(remove_duplicate=False))  # a tied weight under each of its names
        try:
            with torch.no_grad():
                for name, p in partitioned.named_parameters():
                    with deepspeed.zero.GatheredParameters([p], modifier_rank=None):
                        full[name].data = p.data.detach().clone()
            yield self.module
        finally:
            for p in self.module.parameters():
                p.data = torch.empty(0, dtype=p.dtype, device=p.device)


def describe(accelerator: Accelerator) -> str:
    ds: dict[str, Any] = accelerator.state.deepspeed_plugin.deepspeed_config
    kind = "bf16" if ds.get("bf16", {}).get("enabled") else "fp32"
    return (f"deepspeed: ZeRO-{zero_stage(accelerator)} on {accelerator.num_processes} processes, {kind}, "
            f"micro-batch {ds['train_micro_batch_size_per_gpu']}, gradient clipping {ds['gradient_clipping']}")
