"""Checkpoint I/O, laid out as TRL's (and transformers' ``Trainer``) checkpoints are:

* ``output_dir/checkpoint-<step>/``: one directory per save, holding ``model/`` (weights and tokenizer), ``ref/``
  (the refreshed reference, when ``ref_refresh_every`` is set) and ``trainer.pt`` (step, optimizer, scheduler,
  data position, random states, config, the "before" evaluation). Only the newest ``save_total_limit`` are kept
  (0 = all); the oldest go first.
* ``output_dir/checkpoint``: a relative symlink to the newest complete one, replaced atomically after each save,
  so ``checkpoint/model`` stays the stable path of the latest (and, at the end, the final) model for
  ``from_pretrained``, ``verigrpo eval --model RUN_DIR`` and scripts written before ``checkpoint-N`` existed.

A save is written into ``checkpoint-<step>.tmp`` and renamed into place; ``trainer.pt`` is written last, so a
directory with it is complete. A run killed while writing leaves a ``.tmp`` (ignored, removed by the next save)
and the previous checkpoints untouched; :func:`find_checkpoint` returns the newest complete one. A run written
before ``checkpoint-N`` (a single ``checkpoint/`` directory) still resumes from it; its first save renames it to
``checkpoint-<its step>``.

A sharded run (FSDP2, ``grpo_train.sharding``) writes ``state/`` instead of the optimizer, scheduler and random
states in ``trainer.pt``: ``accelerator.save_state``'s sharded model and optimizer (one file per process), the
scheduler and each process's random states, which ``load_state`` reads back. ``model/`` is then the consolidated
(all-gathered) model, so a sharded run's checkpoint loads with ``from_pretrained`` like any other.
"""

from __future__ import annotations

import os
import random
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch

CHECKPOINT = "checkpoint"  # the link to the newest checkpoint-<step> (a directory in runs from before them)
_NUMBERED = re.compile(r"checkpoint-(\d+)(\.old|\.tmp)?")


class CheckpointError(OSError):
    """A checkpoint could not be written (no space, no permission); the previous one is left intact."""


def rng_state() -> dict[str, Any]:
    return {"python": random.getstate(), "numpy": np.random.get_state(), "torch": torch.get_rng_state()}


def set_rng_state(state: dict[str, Any]) -> None:
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    torch.set_rng_state(state["torch"])


def checkpoint_dir(out: Path, step: int) -> Path:
    """Where the checkpoint of ``step`` goes: ``out/checkpoint-<step>``."""
    return out / f"{CHECKPOINT}-{step}"


def save_checkpoint(
    out: Path,
    model: torch.nn.Module,
    tokenizer: Any,
    state: dict[str, Any],
    ref: torch.nn.Module | None = None,
    weights: dict[str, torch.Tensor] | None = None,
    keep: int = 0,
) -> Path:
    """Write ``out/checkpoint-<state["step"]>`` (and the refreshed reference ``ref``, if given) atomically, point
    ``out/checkpoint`` at it and keep the newest ``keep`` checkpoints (0 = all). ``weights``: the state dict to
    write as the model (a model with LoRA adapters writes its merged weights, :func:`grpo_train.lora.merged_state_dict`).
    Returns the checkpoint's directory.
    """
    final = checkpoint_dir(out, state["step"])
    tmp = _begin(final)
    try:
        model.save_pretrained(tmp / "model", **({} if weights is None else {"state_dict": weights}))
        tokenizer.save_pretrained(tmp / "model")
        if ref is not None:
            ref.save_pretrained(tmp / "ref")
        torch.save(state, tmp / "trainer.pt")  # last: a directory with trainer.pt is complete
    except Exception as e:  # a full disk, a quota: safetensors raises its own error type for them
        raise _failed(out, tmp, e) from e
    _commit(final, keep)
    return final


def save_sharded_checkpoint(
    out: Path, accelerator: Any, state: dict[str, Any], export: Callable[[Path], None], keep: int = 0
) -> Path:
    """Write ``out/checkpoint-<state["step"]>`` of a sharded run, atomically like :func:`save_checkpoint`; every
    process calls it.

    Every process writes its shards with ``accelerator.save_state`` into ``checkpoint-<step>.tmp/state``;
    ``export(tmp)`` writes the consolidated model (and reference) into ``tmp`` (a gather: every process calls it,
    the main process writes); the main process then writes ``trainer.pt`` (step, data position, config: what
    ``save_state`` does not hold), renames ``tmp`` into place once every process is done, moves the link and
    removes checkpoints beyond ``keep``.
    """
    is_main = accelerator.is_main_process
    final = checkpoint_dir(out, state["step"])
    tmp = _begin(final) if is_main else final.with_name(final.name + ".tmp")
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
        raise (_failed(out, tmp, cause) if is_main else CheckpointError(f"checkpoint not written: {cause}")) from cause
    if is_main:  # every process has written its shards (the reduce above waited for them)
        _commit(final, keep)
    accelerator.wait_for_everyone()
    return final


def _begin(final: Path) -> Path:
    """An empty ``checkpoint-<step>.tmp`` to write the checkpoint ``final`` into."""
    tmp = final.with_name(final.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    return tmp


def _failed(out: Path, tmp: Path, e: Exception) -> CheckpointError:
    """Remove the partial copy (which may be what filled the disk); say where the previous checkpoint is."""
    shutil.rmtree(tmp, ignore_errors=True)
    kept = find_checkpoint(out)
    return CheckpointError(
        f"could not write a checkpoint to {out} ({type(e).__name__}: {e}); "
        + (f"the previous one is intact in {kept}: free space, then continue with --resume"
           if kept is not None else "no earlier checkpoint exists")
    )


def _commit(final: Path, keep: int) -> None:
    """Rename the complete ``.tmp`` into place (a checkpoint of the same step saved before, e.g. a stop right after
    a periodic save, is ``.old`` for the instant between the two renames), point the link at it, prune."""
    out, tmp, old = final.parent, final.with_name(final.name + ".tmp"), final.with_name(final.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        os.replace(final, old)
    os.replace(tmp, final)
    shutil.rmtree(old, ignore_errors=True)
    _adopt_single_checkpoint(out)
    link, new_link = out / CHECKPOINT, out / f"{CHECKPOINT}.link"
    new_link.unlink(missing_ok=True)
    new_link.symlink_to(final.name, target_is_directory=True)  # relative: the run directory can be moved
    os.replace(new_link, link)  # atomic: the link names the previous checkpoint or this one, never nothing
    _prune(out, keep)


def _adopt_single_checkpoint(out: Path) -> None:
    """A run from before ``checkpoint-N``: its ``checkpoint/`` (or ``checkpoint.old/``) directory becomes
    ``checkpoint-<its step>``, so the link can take its name and ``save_total_limit`` counts it."""
    for name in (CHECKPOINT, f"{CHECKPOINT}.old", f"{CHECKPOINT}.tmp"):
        path = out / name
        if path.is_symlink() or not path.is_dir():
            continue
        if name != f"{CHECKPOINT}.tmp" and (path / "trainer.pt").exists():
            target = checkpoint_dir(out, load_trainer_state(path)["step"])
            if not target.exists():
                os.replace(path, target)
                continue
        shutil.rmtree(path)  # an unfinished write, or the same step as a newer checkpoint-N


def _prune(out: Path, keep: int) -> None:
    """Remove leftovers of unfinished saves and all but the newest ``keep`` complete checkpoints (0 = keep all)."""
    for path in out.glob(f"{CHECKPOINT}-*"):
        match = _NUMBERED.fullmatch(path.name)
        if match and match[2] and path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
    numbered = complete_checkpoints(out)
    for _, path in (numbered[:-keep] if keep else []):
        (path / "trainer.pt").unlink()  # first: a half-removed directory is never taken for a complete one
        shutil.rmtree(path, ignore_errors=True)


def complete_checkpoints(out: Path) -> list[tuple[int, Path]]:
    """(step, directory) of every complete ``checkpoint-<step>`` in ``out``, oldest first (a ``.old`` one only
    when its step has no other: a crash between :func:`_commit`'s two renames)."""
    found: dict[int, Path] = {}
    for path in out.glob(f"{CHECKPOINT}-*"):
        match = _NUMBERED.fullmatch(path.name)
        if match is None or match[2] == ".tmp" or not (path / "trainer.pt").exists():
            continue
        step = int(match[1])
        if step not in found or match[2] is None:
            found[step] = path
    return sorted(found.items())


def find_checkpoint(out: Path) -> Path | None:
    """The newest complete checkpoint in ``out``: the highest ``checkpoint-<step>``, else a run's single
    ``checkpoint/`` directory from before ``checkpoint-N`` (or its ``checkpoint.old``), else None."""
    numbered = complete_checkpoints(out)
    if numbered:
        return numbered[-1][1]
    for name in (CHECKPOINT, f"{CHECKPOINT}.old"):
        if (out / name / "trainer.pt").exists():
            return out / name
    return None


def load_trainer_state(checkpoint: Path) -> dict[str, Any]:
    """``trainer.pt`` of a checkpoint directory (see :func:`save_checkpoint` for its keys)."""
    return torch.load(checkpoint / "trainer.pt", weights_only=False)
