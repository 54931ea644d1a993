"""``verigrpo train`` and ``verigrpo eval``: argument parsing around :func:`grpo_train.train.train` and
:func:`grpo_train.evaluate.evaluate`. Both take ``--config FILE.toml`` and repeatable ``--set key=value``.

Before any model is loaded, the config is checked (verifiers, gates and verifier options, the model is local,
``--resume`` has a checkpoint), so a typo costs seconds, not a model load; a user error is one line on stderr
and exit code 2, not a traceback. A fresh run into an ``output_dir`` that holds an earlier run (its checkpoint
or metrics) first moves that run aside to ``<output_dir>.1`` (``.2``...), so nothing is overwritten.
``verigrpo eval --model RUN_DIR_OR_CHECKPOINT`` evaluates with that run's own ``config.toml`` (its dataset,
verifiers, template) unless ``--config`` is given.
"""

from __future__ import annotations

import argparse
import dataclasses
import glob
import itertools
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from verigrpo.grpo_train.config import Config, ConfigError, field_docs, load_config, toml_value


class UsageError(ValueError):
    """A problem with what the user asked for, reported as one line (exit code 2)."""


def _fields_help() -> str:
    defaults = Config().to_dict()
    return "config keys (--set key=value, values are TOML literals):\n" + "\n".join(
        f"  {k} = {toml_value(defaults[k])}\n" + textwrap.fill(doc, 108, initial_indent=" " * 6, subsequent_indent=" " * 6)
        for k, doc in field_docs().items()
    )


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog, description=description, epilog=_fields_help(), formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--config", help="TOML file with config keys (defaults: the main job)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override a config key; repeatable; e.g. --set 'verifiers=[\"math\"]' --set beta=0.04")
    return p


def _quiet_transformers() -> None:
    """Our progress bar is the one that matters; drop transformers' per-load weight bars."""
    from transformers.utils import logging

    logging.disable_progress_bar()


def _load(args: argparse.Namespace, resume: bool = False) -> Config:
    config = args.config
    if resume and config is None:
        # Resume with the run's own resolved config unless another one is given.
        probe = load_config(None, args.overrides)
        saved = Path(probe.output_dir) / "config.toml"
        config = str(saved) if saved.exists() else None
    cfg = load_config(config, args.overrides)
    if resume:
        saved = Path(cfg.output_dir) / "config.toml"
        if saved.exists():
            before, after = load_config(str(saved), []).to_dict(), cfg.to_dict()
            changed = sorted(k for k in after if before.get(k) != after[k])
            if changed:  # legitimate (more steps, another eval), but it is no longer the run that was started
                print(f"verigrpo: resuming with changed config keys: {', '.join(changed)} (the run's config.toml is "
                      "rewritten with the new values)", file=sys.stderr)
    return cfg


def _user_errors() -> tuple[type[Exception], ...]:
    """Exceptions that describe a bad input, not a bug: printed as one line."""
    from verigrpo.grpo_train.data import DatasetError
    from verigrpo.verifiers.registry import UnknownVerifierError

    return ConfigError, DatasetError, UnknownVerifierError, UsageError, FileNotFoundError


def _model_dir(name: str) -> str:
    """A run directory or a run's checkpoint directory becomes the model directory inside it."""
    if name.startswith("~"):
        name = os.path.expanduser(name)
    path = Path(name)
    for inner in (path / "model", path / "checkpoint" / "model"):
        if (inner / "config.json").exists():
            return str(inner)
    return name


def _check_model(name: str) -> None:
    """Fail fast, before anything is loaded, when the model cannot be had (not an alias, a directory, or a hub id
    in the cache or, for a run that goes online, on the hub)."""
    from verigrpo.grpo_train.model import MODEL_ALIASES

    if name in MODEL_ALIASES:
        return
    path = Path(name)
    if path.is_dir():
        if not (path / "config.json").exists():
            raise UsageError(f"model {name!r}: the directory has no config.json (a Hugging Face model directory, "
                             "a run's checkpoint directory or a run directory is expected)")
        return
    if path.exists() or name.startswith((".", "/", "~")):
        raise UsageError(f"model {name!r}: no such directory")
    from transformers import AutoConfig
    from verigrpo.grpo_train.model import offline_hint

    try:
        AutoConfig.from_pretrained(name)  # the cache, or the hub when the run is online
    except (OSError, ValueError) as e:
        raise UsageError(
            f"model {name!r} is neither an alias ({', '.join(MODEL_ALIASES)}), a local directory, nor a hub model "
            f"that could be loaded ({offline_hint()})"
        ) from e


def _check_processes(cfg: Config) -> None:
    """Under ``accelerate launch``/``torchrun`` (``WORLD_SIZE`` set), each process takes whole prompts: checked
    before an earlier run is moved aside, not after."""
    world = int(os.environ.get("WORLD_SIZE", "1") or 1)
    if cfg.prompts_per_step % world:
        raise ConfigError(f"prompts_per_step={cfg.prompts_per_step} must be divisible by the {world} processes")


def _check_verifiers(cfg: Config) -> Any:
    """Build the composed verifier once: unknown names, bad gates and options fail here, not after a model load."""
    from verigrpo.grpo_train.train import build_verifier

    try:
        return build_verifier(cfg)
    except (TypeError, ValueError) as e:
        raise UsageError(f"verifiers: {e}") from e


def _is_main_process() -> bool:
    return os.environ.get("RANK", "0") == "0"


def _set_aside_previous_run(out: Path) -> Path | None:
    """Move an earlier run out of the way of a fresh one (its checkpoint and metrics would be overwritten)."""
    from verigrpo.grpo_train.checkpoints import find_checkpoint

    if not out.is_dir() or not ((out / "metrics.jsonl").exists() or find_checkpoint(out) is not None):
        return None
    out = out.resolve()
    if out == Path.cwd() or out in Path.cwd().parents:
        raise UsageError(f"output_dir {out} holds an earlier run and contains the current directory, so it cannot be "
                         "moved aside: use --resume to continue it, or another output_dir")
    target = next(t for i in itertools.count(1) if not (t := out.with_name(f"{out.name}.{i}")).exists())
    os.replace(out, target)
    return target


def _disk_bytes(path: Path) -> int:
    """Bytes of the files below ``path`` (a run directory; checkpoints are ~12 bytes per parameter)."""
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                pass
    return total


def train_main(argv: Sequence[str] | None = None) -> int:
    """``verigrpo train [--config FILE] [--set k=v ...] [--resume]``; returns the exit code."""
    p = _parser("verigrpo train", "GRPO-train a causal LM against verifiers (defaults: SmolLM2-135M on arithmetic).")
    p.add_argument("--resume", action="store_true", help="continue the run in output_dir from its last checkpoint")
    args = p.parse_args(argv)
    errors = _user_errors()
    cfg = None
    try:
        cfg = _load(args, args.resume)
        cfg = dataclasses.replace(cfg, model=_model_dir(cfg.model))
        _check_verifiers(cfg)
        _check_processes(cfg)
        from verigrpo.grpo_train.checkpoints import find_checkpoint
        from verigrpo.grpo_train.train import train

        out = Path(cfg.output_dir)
        if args.resume and find_checkpoint(out) is None:
            raise UsageError(f"--resume: no checkpoint in {out} (a run saves one every save_every steps, at the end "
                             "and on Ctrl-C)")
        if not args.resume:
            _check_model(cfg.model)
            moved = _set_aside_previous_run(out) if _is_main_process() else None
            if moved is not None:
                kept = sorted(moved.parent.glob(f"{glob.escape(moved.name.rsplit('.', 1)[0])}.[0-9]*"))
                size = sum(_disk_bytes(k) for k in kept) / 2**30
                print(f"verigrpo train: {out} held an earlier run; moved it to {moved} (--resume continues a run); "
                      f"{len(kept)} set-aside run(s) beside it hold {size:.1f} GiB: delete those you no longer need",
                      file=sys.stderr)
        _quiet_transformers()
        train(cfg, resume=args.resume)
    except KeyboardInterrupt:
        out_dir = cfg.output_dir if cfg is not None else "..."
        print(f"stopped; resume with: verigrpo train --resume --set output_dir={out_dir}", file=sys.stderr)
        return 130
    except errors as e:
        print(f"verigrpo train: error: {e}", file=sys.stderr)
        return 2
    except RuntimeError as e:  # HarnessFailure: the verifiers failed, not the input; PushFailed: the upload
        from verigrpo.grpo_train.hub import PushFailed
        from verigrpo.grpo_train.metrics import HarnessFailure

        if not isinstance(e, (HarnessFailure, PushFailed)):
            raise
        print(f"verigrpo train: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # CheckpointError: the environment (a full disk), not the input
        from verigrpo.grpo_train.checkpoints import CheckpointError

        if not isinstance(e, CheckpointError):
            raise
        print(f"verigrpo train: error: {e}", file=sys.stderr)
        return 1
    return 0


def eval_main(argv: Sequence[str] | None = None) -> int:
    """``verigrpo eval [--model PATH_OR_ALIAS] [--config FILE] [--set k=v ...]``: held-out accuracy and pass@k."""
    p = _parser("verigrpo eval", "Greedy accuracy and pass@k of a model or checkpoint on the held-out split.")
    p.add_argument("--model", help="model alias, directory, a run directory or its checkpoint directory (overrides the "
                                   "config's model; a run's own config.toml is used unless --config is given)")
    p.add_argument("--output", help="write the result as JSON here")
    args = p.parse_args(argv)
    try:
        run_config = _run_config(args.model) if args.model and args.config is None else None
        if run_config is not None:
            args.config = str(run_config)
            print(f"verigrpo eval: using the run's config {run_config}", file=sys.stderr)
        cfg = _load(args)
        model_name = _model_dir(args.model or cfg.model)
        _check_model(model_name)
        verifier = _check_verifiers(cfg)
        from verigrpo.grpo_train.data import load_rows
        from verigrpo.grpo_train.train import judgeable

        rows = judgeable(load_rows(cfg, "test"), verifier, "evaluation rows",
                         lambda line: print(f"verigrpo eval: {line}", file=sys.stderr))
    except _user_errors() as e:
        print(f"verigrpo eval: error: {e}", file=sys.stderr)
        return 2
    from verigrpo.grpo_train.evaluate import evaluate
    from verigrpo.grpo_train.hardware import choose_precision, run_device
    from verigrpo.grpo_train.model import load_model, load_tokenizer
    from verigrpo.grpo_train.runtime import set_heap_policy
    from verigrpo.verifiers import ScoringPool

    _quiet_transformers()
    set_heap_policy(cfg.release_memory)
    if cfg.threads:
        import torch

        torch.set_num_threads(cfg.threads)
    device = run_device()  # a GPU when there is one, like train
    tokenizer, model = load_tokenizer(model_name), load_model(model_name).to(device)
    say = lambda line: print(f"verigrpo eval: {line}", file=sys.stderr)  # noqa: E731 - stdout is the JSON
    cfg = dataclasses.replace(cfg, precision=choose_precision(cfg.precision, device, say))
    with ScoringPool(verifier, workers=cfg.scoring_workers, timeout=cfg.scoring_timeout) as pool:
        result = evaluate(model, tokenizer, rows, pool, cfg)
    result.pop("groups", None)  # the (group, correct) pairs behind accuracy_by_<field>
    result["model"] = model_name
    result["device"] = str(device)
    result["precision"] = cfg.precision
    text = json.dumps(result, indent=2, default=str)
    print(text)
    if args.output:
        Path(args.output).write_text(text)
    return 0


def _run_config(model: str) -> Path | None:
    """The ``config.toml`` of the run that ``model`` (a run directory, or its ``checkpoint`` or
    ``checkpoint/model`` directory) belongs to, if any."""
    path = Path(model)
    for run in (path, path.parent, path.parent.parent):
        if (run / "config.toml").exists() and (run / "checkpoint").is_dir() and _model_dir(str(run)) == _model_dir(model):
            return run / "config.toml"
    return None
