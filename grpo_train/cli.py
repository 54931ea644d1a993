"""``verigrpo train`` and ``verigrpo eval``: argument parsing around :func:`grpo_train.train.train` and
:func:`grpo_train.evaluate.evaluate`. Both take ``--config FILE.toml`` and repeatable ``--set key=value``."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from grpo_train.config import Config, ConfigError, field_docs, load_config, toml_value


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
                   help="override a config key; repeatable; e.g. --set verifiers=['math'] --set beta=0.04")
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
    return load_config(config, args.overrides)


def train_main(argv: Sequence[str] | None = None) -> int:
    """``verigrpo train [--config FILE] [--set k=v ...] [--resume]``; returns the exit code."""
    p = _parser("verigrpo train", "GRPO-train a causal LM against verifiers (defaults: SmolLM2-135M on arithmetic).")
    p.add_argument("--resume", action="store_true", help="continue the run in output_dir from its last checkpoint")
    args = p.parse_args(argv)
    try:
        cfg = _load(args, args.resume)
    except ConfigError as e:
        print(f"verigrpo train: {e}", file=sys.stderr)
        return 2
    from grpo_train.train import train

    _quiet_transformers()
    try:
        train(cfg, resume=args.resume)
    except KeyboardInterrupt:
        print(f"stopped; resume with: verigrpo train --resume --set output_dir={cfg.output_dir}", file=sys.stderr)
        return 130
    return 0


def eval_main(argv: Sequence[str] | None = None) -> int:
    """``verigrpo eval [--model PATH_OR_ALIAS] [--config FILE] [--set k=v ...]``: held-out accuracy and pass@k."""
    p = _parser("verigrpo eval", "Greedy accuracy and pass@k of a model or checkpoint on the held-out split.")
    p.add_argument("--model", help="model alias, directory, or a run's checkpoint dir (overrides the config's model)")
    p.add_argument("--output", help="write the result as JSON here")
    args = p.parse_args(argv)
    try:
        cfg = _load(args)
    except ConfigError as e:
        print(f"verigrpo eval: {e}", file=sys.stderr)
        return 2
    model_name = args.model or cfg.model
    if (Path(model_name) / "model" / "config.json").exists():  # a run's checkpoint directory
        model_name = str(Path(model_name) / "model")
    from grpo_train.data import load_rows
    from grpo_train.evaluate import evaluate
    from grpo_train.model import load_model, load_tokenizer
    from grpo_train.train import build_verifier
    from verifiers import ScoringPool

    _quiet_transformers()
    tokenizer, model = load_tokenizer(model_name), load_model(model_name)
    rows = load_rows(cfg, "test")
    with ScoringPool(build_verifier(cfg), workers=cfg.scoring_workers, timeout=cfg.scoring_timeout) as pool:
        result = evaluate(model, tokenizer, rows, pool, cfg)
    result["model"] = model_name
    text = json.dumps(result, indent=2, default=str)
    print(text)
    if args.output:
        Path(args.output).write_text(text)
    return 0
