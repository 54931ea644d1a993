"""Low-rank adapters (LoRA, Hu et al. 2021): train ``W + (alpha / r) B A`` with the model's weights frozen.

A target ``nn.Linear`` becomes a :class:`LoRALinear` (a subclass: the same ``weight`` and ``bias`` names, so the
state dict of the frozen model is unchanged) with ``lora_A`` [r, in] (small random) and ``lora_B`` [out, r] (zero):
at the start the model computes exactly what it did. The backward pass then needs no gradient of any frozen weight
(for a linear layer, one of its three matmuls) and AdamW keeps moments for the adapters only. Sampling runs on the
merged weight :meth:`LoRALinear.merged_weight` (see :func:`grpo_train.rollout.rollout_linears`), so decoding costs
what it costs without adapters.

Checkpoints hold the merged model under ``model/`` (what a user loads with ``from_pretrained``) and the adapters in
``trainer.pt``; a resume loads the run's base model, adds the adapters and loads their values
(:func:`lora_state`, :func:`load_lora_state`).
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import Tensor

LORA_TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


class LoRALinear(torch.nn.Linear):
    """``y = x W^T + b + (alpha / r) (x A^T) B^T``; ``W`` and ``b`` frozen."""

    def __init__(self, base: torch.nn.Linear, rank: int, alpha: float) -> None:
        torch.nn.Module.__init__(self)
        self.in_features, self.out_features = base.in_features, base.out_features
        self.weight = base.weight  # [out, in], frozen
        self.bias = base.bias
        self.weight.requires_grad_(False)
        if self.bias is not None:
            self.bias.requires_grad_(False)
        self.scale = alpha / rank
        w = base.weight
        self.lora_A = torch.nn.Parameter(torch.empty(rank, self.in_features, device=w.device, dtype=w.dtype))  # [r, in]
        self.lora_B = torch.nn.Parameter(torch.zeros(self.out_features, rank, device=w.device, dtype=w.dtype))  # [out, r]
        torch.nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))  # as nn.Linear initialises a weight

    def forward(self, x: Tensor) -> Tensor:
        return F.linear(x, self.weight, self.bias) + F.linear(F.linear(x, self.lora_A), self.lora_B) * self.scale

    def merged_weight(self) -> Tensor:
        """``W + (alpha / r) B A`` [out, in], detached: what the layer computes, as one weight."""
        return (self.weight + (self.lora_B @ self.lora_A) * self.scale).detach()


def apply_lora(model: torch.nn.Module, rank: int, alpha: float, targets: tuple[str, ...] = LORA_TARGETS) -> int:
    """Freeze every parameter of ``model`` and put an adapter on each ``nn.Linear`` whose name ends with one of
    ``targets``; returns how many layers got one (a ValueError when none did: the names do not match the model)."""
    for p in model.parameters():
        p.requires_grad_(False)
    wrapped = 0
    for module in list(model.modules()):
        for child_name, child in list(module.named_children()):
            if type(child) is torch.nn.Linear and child_name in targets:
                setattr(module, child_name, LoRALinear(child, rank, alpha))
                wrapped += 1
    if not wrapped:
        raise ValueError(f"lora_rank: no linear layer of this model is named one of {', '.join(targets)}")
    return wrapped


def lora_layers(model: torch.nn.Module) -> list[tuple[str, LoRALinear]]:
    return [(n, m) for n, m in model.named_modules() if isinstance(m, LoRALinear)]


def lora_state(model: torch.nn.Module) -> dict[str, Tensor]:
    """The adapters' values by layer name (for ``trainer.pt``)."""
    out: dict[str, Tensor] = {}
    for name, m in lora_layers(model):
        out[f"{name}.lora_A"] = m.lora_A.detach().cpu().clone()
        out[f"{name}.lora_B"] = m.lora_B.detach().cpu().clone()
    return out


def load_lora_state(model: torch.nn.Module, state: dict[str, Tensor]) -> None:
    """Put :func:`lora_state`'s values back; a ValueError when the layers do not match (another rank or model)."""
    layers = dict(lora_layers(model))
    expected = {f"{n}.{p}" for n in layers for p in ("lora_A", "lora_B")}
    if set(state) != expected:
        raise ValueError("the checkpoint's adapters do not match this model's (another lora_rank or model?)")
    with torch.no_grad():
        for key, value in state.items():
            name, _, param = key.rpartition(".")
            target = getattr(layers[name], param)
            if target.shape != value.shape:
                raise ValueError(f"adapter {key}: shape {tuple(value.shape)} in the checkpoint, {tuple(target.shape)} here")
            target.copy_(value)


def merged_state_dict(model: torch.nn.Module) -> dict[str, Tensor]:
    """The state dict of the model with every adapter merged into its weight and no adapter keys: the plain
    model that ``from_pretrained`` loads."""
    merged = {f"{name}.weight": m.merged_weight() for name, m in lora_layers(model)}
    return {k: merged.get(k, v) for k, v in model.state_dict().items() if not k.endswith((".lora_A", ".lora_B"))}
