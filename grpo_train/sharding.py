"""Sharded training through accelerate: FSDP2 or DeepSpeed ZeRO, picked by the config file ``accelerate launch`` was
given. What differs under DeepSpeed (ZeRO-2 and ZeRO-3) is in ``grpo_train.zero``; this module covers FSDP2.

``accelerate launch --config_file configs/accelerate/fsdp2.yaml -m verigrpo_cli train`` shards the policy's
parameters, gradients and AdamW moments over the processes (FSDP2: ``torch.distributed.fsdp.fully_shard``, one
unit per decoder layer). The loop itself does not change; this module holds what differs under sharding:

* **Which engine** (:func:`launched_engine`, from the variables ``accelerate launch`` sets) and what each refuses
  (:func:`check_engine`, a ``ConfigError`` at load): ``ref_offload``/``optimizer_offload`` (FSDP shards the
  reference and the moments itself, and ``fsdp_offload_params`` offloads them), LoRA and vLLM (not built under
  sharding), FSDP1; a DeepSpeed launch's refusals are ``zero.check_zero``'s.
* **The Accelerator** (:func:`make_accelerator`). ``precision`` decides accelerate's ``mixed_precision``: under FSDP2
  ``bf16`` becomes FSDP2's mixed-precision policy (bfloat16 all-gathers and compute, float32 sharded master weights
  and AdamW moments, gradients reduced in float32 as torchtitan does, where accelerate's default reduces them in
  bfloat16); the loop's own autocast stays on. Without sharding accelerate's is ``"no"`` and the loop's autocast
  alone does bf16, as before (accelerate's would also cast every logit to float32). The scheduler is prepared with
  ``step_scheduler_with_optimizer=False``: accelerate would otherwise step it once per process at every step.
* **FSDP on CPU processes.** accelerate 1.15 turns FSDP on only for GPU-like devices (``AcceleratorState``: its FSDP
  branch lists ``MULTI_GPU``, ``MULTI_XPU``, ``MULTI_NPU``... but not ``MULTI_CPU``), so an FSDP config launched on a
  CPU machine trains as plain DDP without a word. torch 2.13's ``fully_shard`` runs on CPU processes over gloo, so
  :func:`make_accelerator` switches accelerate's state to FSDP there itself (``_fsdp_on_cpu``); accelerate's own
  ``prepare``, ``no_sync``, ``clip_grad_norm_``, ``save_state`` and ``load_state`` then run unchanged. This is how
  the CPU tests run FSDP2 through accelerate.
* **Auto-wrap**: the module FSDP sees is ``packing.SharedPromptLM``, which has no ``_no_split_modules`` of its own;
  :func:`wrap_decoder_layers` names the language model's (``LlamaDecoderLayer``...) in the plugin, so each decoder
  layer is its own FSDP unit rather than the whole model one all-gather.
* **Gradient accumulation** stays the loop's: ``accelerator.no_sync`` (FSDP2: ``set_requires_gradient_sync(False)``)
  on every micro-batch but a minibatch's last, which is what ``accelerator.accumulate`` does inside. ``accumulate``
  itself would divide each loss by a fixed number of micro-batches; ours vary per step and the loss is already
  divided by the minibatch's global denominator (``losses.grpo_loss``). A two-process FSDP2 step equals a
  one-process step (``tests/test_sharding.py``).
* **One pass of each layer per forward.** Unsharded, the prompts' shared prefix runs once per micro-batch and the
  packed rows see it through the KV cache (``packing.SharedPromptLM``). Under FSDP2 each row carries its whole prompt
  instead (the rollout's ``prefix`` is dropped), and the cached layout (``pack_completions = false``, or attention
  that takes no custom mask) is refused: FSDP2 gathers a layer for its backward when the gradient reaches that
  layer's outputs, so a gradient that reaches an earlier call of the layer through the KV cache arrives after the
  layer was resharded (seen: ``setStorage: ... out of bounds for storage of size 0`` in the backward).
* **The reference** (beta > 0) is sharded like the policy (accelerate's ``fsdp2_prepare_model``, without an
  optimizer: ``accelerator.prepare`` takes one model, with its optimizer, under FSDP2), as TRL's ``prepare_fsdp``.
* **Sampling, evaluation and export read full weights** (:class:`FullWeights`): a plain copy of the policy whose
  parameters are all-gathered (``DTensor.full_tensor``) for a rollout, an evaluation or a checkpoint's export and
  dropped after. The decoding loop runs a different number of steps on each process and reads weights directly
  (``rollout.rollout_linears``), so it cannot run on FSDP's per-layer all-gathers. The cost is one full model per
  process while it samples.
* **Checkpoints** are ``accelerator.save_state``'s (sharded model and optimizer, scheduler, each process's random
  states) in ``checkpoint-<step>/state``, beside a consolidated ``checkpoint-<step>/model`` for ``from_pretrained``:
  ``checkpoints.save_sharded_checkpoint``.
"""

from __future__ import annotations

import contextlib
import copy
import os
from collections.abc import Iterator
from typing import Any

import torch
from accelerate import Accelerator, PartialState
from accelerate.utils import DistributedType, FullyShardedDataParallelPlugin, ProjectConfiguration
from verigrpo.grpo_train.config import Config, ConfigError
from verigrpo.grpo_train.hardware import choose_precision, has_accelerator

FSDP2_CONFIG = "configs/accelerate/fsdp2.yaml"

# precision -> accelerate's mixed_precision under FSDP2 (without sharding it is always "no": see the docstring)
MIXED_PRECISION: dict[str, str] = {"fp32": "no", "bf16": "bf16"}


def _flag(name: str) -> bool:
    return os.environ.get(name, "false").lower() in ("1", "true", "yes")


def launched_engine() -> str:
    """``"deepspeed"``, ``"fsdp2"``, ``"fsdp1"`` or ``"none"``: what the ``accelerate launch`` config asked for
    (``ACCELERATE_USE_DEEPSPEED``, ``ACCELERATE_USE_FSDP`` and ``FSDP_VERSION``, which it sets)."""
    if _flag("ACCELERATE_USE_DEEPSPEED"):
        return "deepspeed"
    if _flag("ACCELERATE_USE_FSDP"):
        return "fsdp2" if os.environ.get("FSDP_VERSION", "1") == "2" else "fsdp1"
    return "none"


def check_engine(cfg: Config, engine: str) -> None:
    """Refuse what the launched engine cannot run, before anything loads (``ConfigError``)."""
    if engine == "deepspeed":
        from verigrpo.grpo_train.zero import check_zero

        check_zero(cfg)
        _check_mixed_precision(cfg)
        return
    if engine == "fsdp1":
        raise ConfigError(f"FSDP1 (fsdp_version 1, accelerate's default) is not supported: set fsdp_version: 2 in the "
                          f"accelerate config (see {FSDP2_CONFIG})")
    if engine != "fsdp2":
        return
    if cfg.ref_offload or cfg.optimizer_offload:
        raise ConfigError(
            "ref_offload and optimizer_offload are for unsharded runs: FSDP2 shards the reference's weights and AdamW's "
            "moments over the processes itself (and fsdp_offload_params: true in the accelerate config offloads them "
            "to the CPU); set both to false"
        )
    if cfg.lora_rank:
        raise ConfigError("lora_rank > 0 under FSDP2 is not built (adapters are not sharded, saved or merged there); "
                          "train every weight, or use LoRA without sharding")
    if getattr(cfg, "use_vllm", False):
        raise ConfigError("use_vllm under FSDP2 is not built (the weight push would gather each sharded parameter); "
                          "sample with the native backend, or use vLLM without sharding")
    _check_mixed_precision(cfg)


def _check_mixed_precision(cfg: Config) -> None:
    mixed = os.environ.get("ACCELERATE_MIXED_PRECISION", "no")
    if mixed not in ("no", "bf16") or (mixed == "bf16" and cfg.precision == "fp32"):
        raise ConfigError(f"the accelerate config's mixed_precision is {mixed!r}, but verigrpo's precision decides it "
                          f"(precision = {cfg.precision!r}): set mixed_precision: 'no' there and precision = \"bf16\" "
                          f"or \"fp32\" here")


def make_accelerator(cfg: Config, log_with: list[Any] | None = None) -> tuple[Accelerator, str]:
    """The Accelerator for the launched engine, and ``cfg.precision`` resolved for its device (``auto`` -> ``bf16``
    or ``fp32``, printed). FSDP2 is on only with several processes: one process has nothing to shard.
    ``log_with``: accelerate's trackers (``metrics.trackers``); TensorBoard's go to ``output_dir/tensorboard``."""
    engine = launched_engine()
    check_engine(cfg, engine)
    # On a machine without a GPU-like device accelerate needs cpu=True to treat torchrun processes as MULTI_CPU (gloo);
    # DeepSpeed there needs cpu=False and the gloo backend named (grpo_train.zero).
    cpu = not has_accelerator()
    if engine == "deepspeed":
        processes = PartialState(backend="gloo") if cpu else PartialState()
        cpu = False
    else:
        processes = PartialState(cpu=cpu)
    precision = choose_precision(cfg.precision, processes.device, say=processes.print)
    sharded = engine in ("fsdp2", "deepspeed") and processes.distributed_type != DistributedType.NO
    if engine == "fsdp2" and not sharded:
        processes.print("fsdp2: one process without torch.distributed, nothing to shard: training unsharded")
    accelerator = Accelerator(cpu=cpu, mixed_precision=MIXED_PRECISION[precision] if sharded else "no",
                              step_scheduler_with_optimizer=False, log_with=log_with or None,
                              project_config=ProjectConfiguration(project_dir=cfg.output_dir,
                                                                  logging_dir=os.path.join(cfg.output_dir, "tensorboard")))
    if engine == "deepspeed":
        from verigrpo.grpo_train import zero

        if not zero.is_deepspeed(accelerator):
            raise ConfigError(f"a DeepSpeed config was launched but accelerate runs {accelerator.distributed_type} "
                              f"(see {zero.ZERO2_CONFIG})")
        zero.configure(accelerator, cfg, precision)
    elif sharded:
        _fsdp_on_cpu(accelerator)
        _mixed_precision_policy(accelerator.state.fsdp_plugin, precision)
    return accelerator, precision


def is_sharded(accelerator: Accelerator) -> bool:
    """FSDP2 or DeepSpeed ZeRO: checkpoints through ``save_state``, sampling and export through full weights."""
    return accelerator.is_fsdp2 or accelerator.distributed_type == DistributedType.DEEPSPEED


def gathers_per_layer(accelerator: Accelerator) -> bool:
    """FSDP2 or ZeRO-3: each layer's weights are gathered for its forward (and again for its backward)."""
    from verigrpo.grpo_train.zero import zero_stage

    return accelerator.is_fsdp2 or zero_stage(accelerator) == 3


def _fsdp_on_cpu(accelerator: Accelerator) -> None:
    """Switch accelerate's state from CPU DDP to FSDP (see the module docstring): the plugin from the ``FSDP_*``
    variables, and the distributed type in both shared states (``AcceleratorState()`` copies ``PartialState``'s)."""
    state = accelerator.state
    if state.distributed_type == DistributedType.MULTI_CPU:
        state.fsdp_plugin = FullyShardedDataParallelPlugin()
        state.distributed_type = PartialState().distributed_type = DistributedType.FSDP
    if not accelerator.is_fsdp2:
        raise ConfigError(f"an FSDP2 config was launched but accelerate runs {state.distributed_type} (is the launch "
                          f"multi-process? see {FSDP2_CONFIG})")


def _mixed_precision_policy(plugin: FullyShardedDataParallelPlugin, precision: str) -> None:
    """bf16: bfloat16 all-gathers and compute, gradients reduced in float32 (accelerate's reduces in bfloat16)."""
    if precision == "bf16":
        from torch.distributed.fsdp import MixedPrecisionPolicy

        plugin.mixed_precision_policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32,
                                                             output_dtype=torch.bfloat16)


def wrap_decoder_layers(accelerator: Accelerator, lm: torch.nn.Module) -> None:
    """With ``fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP`` and no ``fsdp_transformer_layer_cls_to_wrap``, name the
    language model's ``_no_split_modules`` (its decoder layers) for auto-wrap: FSDP sees ``SharedPromptLM``, which
    has none, and would otherwise make the whole model one unit."""
    from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy

    plugin = accelerator.state.fsdp_plugin
    if plugin.auto_wrap_policy is not transformer_auto_wrap_policy or plugin.transformer_cls_names_to_wrap:
        return
    names = list(getattr(lm, "_no_split_modules", None) or [])
    if not names:
        raise ConfigError(f"{type(lm).__name__} names no decoder layer class (_no_split_modules) for FSDP's auto-wrap: "
                          f"set fsdp_transformer_layer_cls_to_wrap in the accelerate config")
    plugin.transformer_cls_names_to_wrap = names


def shard_frozen(accelerator: Accelerator, module: torch.nn.Module) -> torch.nn.Module:
    """A frozen module (the reference) sharded like the policy: accelerate's own FSDP2 wrapping, no optimizer."""
    from accelerate.utils.fsdp_utils import fsdp2_prepare_model

    module = fsdp2_prepare_model(accelerator, module)
    module.eval()
    return module


def fsdp_units(module: torch.nn.Module) -> int:
    """How many FSDP units (``fully_shard`` calls) ``module`` holds."""
    from torch.distributed.fsdp import FSDPModule

    return sum(isinstance(m, FSDPModule) for m in module.modules())


def _empty_copy(module: torch.nn.Module) -> torch.nn.Module:
    """A copy of ``module`` with empty parameters (buffers copied): the structure, without a second model in memory."""
    saved = {name: p.data for name, p in module.named_parameters()}
    try:
        for p in module.parameters():
            p.data = torch.empty(0, dtype=p.dtype, device=p.device)
        skeleton = copy.deepcopy(module)
    finally:
        for name, p in module.named_parameters():
            p.data = saved[name]
    skeleton.requires_grad_(False)
    return skeleton


class FullWeights:
    """An unsharded copy of a sharded module, its parameters filled only inside :meth:`gathered`.

    Made from the plain module before ``fully_shard`` (``_empty_copy``: the structure and buffers, no weights).
    :meth:`gathered` all-gathers every parameter of the sharded module, one at a time (a collective: every process
    calls it, in the same order) into the copy, and drops them on exit, so the full model is in memory only while
    it samples, evaluates or is exported. The parameters are the float32 master weights.
    """

    def __init__(self, plain: torch.nn.Module) -> None:
        self.module = _empty_copy(plain)

    @contextlib.contextmanager
    def gathered(self, sharded: torch.nn.Module) -> Iterator[torch.nn.Module]:
        from torch.distributed.tensor import DTensor

        full = dict(self.module.named_parameters(remove_duplicate=False))  # a tied weight under each of its names
        try:
            with torch.no_grad():
                for name, p in sharded.named_parameters():
                    value = p.detach()
                    full[name].data = value.full_tensor() if isinstance(value, DTensor) else value
            yield self.module
        finally:
            for p in self.module.parameters():
                p.data = torch.empty(0, dtype=p.dtype, device=p.device)


def full_weights(weights: FullWeights | None, module: torch.nn.Module) -> contextlib.AbstractContextManager[Any]:
    """``module`` with its full weights: gathered into ``weights`` under sharding, else ``module`` itself."""
    return weights.gathered(module) if weights is not None else contextlib.nullcontext(module)
