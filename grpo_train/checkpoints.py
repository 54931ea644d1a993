"""Checkpoint I/O: ``output_dir/checkpoint`` holds ``model/`` (weights and tokenizer), ``ref/`` (the refreshed
reference, when ``ref_refresh_every`` is set) and ``trainer.pt`` (step, optimizer, scheduler, data position,
random states, config, the "before" evaluation). Written atomically; ``find_checkpoint`` finds the last complete one.
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import torch

CHECKPOINT = "checkpoint"


class CheckpointError(OSError):
    """A checkpoint could not be written (no space, no permission); the previous one is left intact."""


def rng_state() -> dict[str, Any]:
    return {"python": random.getstate(), "numpy": np.random.get_state(), "torch": torch.get_rng_state()}


def set_rng_state(state: dict[str, Any]) -> None:
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    torch.set_rng_state(state["torch"])


def save_checkpoint(
    out: Path,
    model: torch.nn.Module,
    tokenizer: Any,
    state: dict[str, Any],
    ref: torch.nn.Module | None = None,
    weights: dict[str, torch.Tensor] | None = None,
) -> None:
    """Write ``out/checkpoint`` (and the refreshed reference ``ref``, if given) atomically: into a temporary
    directory, then renamed into place. ``weights``: the state dict to write as the model (a model with LoRA
    adapters writes its merged weights, :func:`grpo_train.lora.merged_state_dict`).

    A crash at any point leaves either the previous checkpoint or the new one (``checkpoint.old`` is the
    previous one for the instant between the two renames; :func:`find_checkpoint` falls back to it).
    """
    final, tmp, old = out / CHECKPOINT, out / f"{CHECKPOINT}.tmp", out / f"{CHECKPOINT}.old"
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        model.save_pretrained(tmp / "model", **({} if weights is None else {"state_dict": weights}))
        tokenizer.save_pretrained(tmp / "model")
        if ref is not None:
            ref.save_pretrained(tmp / "ref")
        torch.save(state, tmp / "trainer.pt")  # last: a directory with trainer.pt is complete
    except Exception as e:  # a full disk, a quota: safetensors raises its own error type for them
        shutil.rmtree(tmp, ignore_errors=True)  # the partial copy, which may be what filled the disk
        kept = find_checkpoint(out)
        raise CheckpointError(
            f"could not write a checkpoint to {out} ({type(e).__name__}: {e}); "
            + (f"the previous one is intact in {kept}: free space, then continue with --resume"
               if kept is not None else "no earlier checkpoint exists")
        ) from e
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        os.replace(final, old)
    os.replace(tmp, final)
    shutil.rmtree(old, ignore_errors=True)


def find_checkpoint(out: Path) -> Path | None:
    for name in (CHECKPOINT, f"{CHECKPOINT}.old"):
        if (out / name / "trainer.pt").exists():
            return out / name
    return None


def load_trainer_state(checkpoint: Path) -> dict[str, Any]:
    """``trainer.pt`` of a checkpoint directory (see :func:`save_checkpoint` for its keys)."""
    return torch.load(checkpoint / "trainer.pt", weights_only=False)
