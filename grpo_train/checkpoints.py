"""Checkpoint I/O: ``output_dir/checkpoint`` holds ``model/`` (weights and tokenizer), ``ref/`` (the refreshed
reference, when ``ref_refresh_every`` is set) and ``trainer.pt`` (step, optimizer, scheduler, data position,
random states, config, the "before" evaluation). Written atomically; ``find_checkpoint`` finds the last complete one.

A sharded run (FSDP2, ``grpo_train.sharding``) writes ``state/`` instead of the optimizer, scheduler and random
states in ``trainer.pt``: ``accelerator.save_state``'s sharded model and optimizer (one file per process), the
scheduler and each process's random states, which ``load_state`` reads back. ``model/`` is then the consolidated
(all-gathered) model, so a sharded run's checkpoint loads with ``from_pretrained`` like any other.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Callable
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
    tmp = _begin(out)
    try:
        model.save_pretrained(tmp / "model", **({} if weights is None else {"state_dict": weights}))
        tokenizer.save_pretrained(tmp / "model")
        if ref is not None:
            ref.save_pretrained(tmp / "ref")
        torch.save(state, tmp / "trainer.pt")  # last: a directory with trainer.pt is complete
    except Exception as e:  # a full disk, a quota: safetensors raises its own error type for them
        raise _failed(out, e) from e
    _commit(out)


def save_sharded_checkpoint(out: Path, accelerator: Any, state: dict[str, Any], export: Callable[[Path], None]) -> None:
    """Write ``out/checkpoint`` of a sharded run, atomically like :func:`save_checkpoint`; every process calls it.

    Every process writes its shards with ``accelerator.save_state`` into ``checkpoint.tmp/state``; ``export(tmp)``
    writes the consolidated model (and reference) into ``tmp`` (a gather: every process calls it, the main process
    writes); the main process then writes ``trainer.pt`` (step, data position, config: what ``save_state`` does not
    hold) and renames ``tmp`` into place once every process is done.
    """
    is_main = accelerator.is_main_process
    tmp = _begin(out) if is_main else out / f"{CHECKPOINT}.tmp"
    accelerator.wait_for_everyone()  # no process writes into the previous attempt's leftovers
    error: Exception | None = None
    try:
        accelerator.save_state(str(tmp / "state"))
        export(tmp)
        if is_main:
            torch.save(state, tmp / "trainer.pt")
    except Exception as e:  # a full disk, a quota; the other processes must hear of it, not wait for ever
        error = e
    failed = accelerator.reduce(torch.tensor([float(error is not None)], device=accelerator.device), "max")
    if failed.item():
        cause = error or CheckpointError("another process could not write its part")
        raise (_failed(out, cause) if is_main else CheckpointError(f"checkpoint not written: {cause}")) from cause
    if is_main:  # every process has written its shards (the reduce above waited for them)
        _commit(out)
    accelerator.wait_for_everyone()


def _begin(out: Path) -> Path:
    """An empty ``checkpoint.tmp`` to write a checkpoint into."""
    tmp = out / f"{CHECKPOINT}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    return tmp


def _failed(out: Path, e: Exception) -> CheckpointError:
    """Remove the partial copy (which may be what filled the disk); say where the previous checkpoint is."""
    shutil.rmtree(out / f"{CHECKPOINT}.tmp", ignore_errors=True)
    kept = find_checkpoint(out)
    return CheckpointError(
        f"could not write a checkpoint to {out} ({type(e).__name__}: {e}); "
        + (f"the previous one is intact in {kept}: free space, then continue with --resume"
           if kept is not None else "no earlier checkpoint exists")
    )


def _commit(out: Path) -> None:
    """Rename the complete ``checkpoint.tmp`` into place (``checkpoint.old`` is the previous one for the instant
    between the two renames; :func:`find_checkpoint` falls back to it)."""
    final, tmp, old = out / CHECKPOINT, out / f"{CHECKPOINT}.tmp", out / f"{CHECKPOINT}.old"
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
