"""The ``verigrpo`` command: ``verify``, ``audit``, ``train``, ``eval`` and ``doctor`` subcommands."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Any


def _torch_env() -> None:
    """Set before torch is imported: large CPU tensors get transparent huge pages (PyTorch's
    ``THP_MEM_ALLOC_ENABLE``). A training step allocates and frees gigabytes; with 4 KB pages that was
    4 million page faults in three steps of the TRL benchmark, with huge pages 1 million (about 10% faster).
    An explicit setting in the environment wins."""
    os.environ.setdefault("THP_MEM_ALLOC_ENABLE", "1")


# The built-in tasks, which never reach the hub: the keys of grpo_train.data.TASKS (tests/test_presets.py checks
# they agree; importing grpo_train here would import the Hugging Face libraries before their offline switch is set).
OFFLINE_TASKS = ("arithmetic", "humaneval", "code")
OFFLINE_PREFIXES = ("reasoning_gym:",)  # generated locally: grpo_train.rgtasks.PREFIX
OFFLINE_MODELS = ("smollm2-135m-instruct", "tiny-random")  # grpo_train.model.MODEL_ALIASES (tested to agree)
_LOCAL_SUFFIXES = (".jsonl", ".json", ".parquet", ".csv")


def _offline_env(argv: Sequence[str] = ()) -> None:
    """Offline (``HF_HUB_OFFLINE=1``) unless the run names a dataset or a model that may be on the hub, or pushes its
    model there (``push_to_hub``): the Hugging
    Face libraries then fail at once on a name that is not cached, instead of retrying the network for a minute
    first. A hub dataset or a preset (``--set dataset=gsm8k``, ``dataset = "openai/gsm8k"`` in the ``--config``
    file, or such an ``eval_dataset``) or a hub model (``--set model=org/name``, ``--model org/name``) is a request
    to download it, so such a run stays online. An explicit ``HF_HUB_OFFLINE`` in the environment wins."""
    if not _names_hub_source(argv):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _names_hub_source(argv: Sequence[str]) -> bool:
    """Whether ``--config``/``--set``/``--model`` name a ``dataset`` or ``eval_dataset`` that is neither a built-in
    task nor a local file, or a ``model`` that is neither an alias nor a local path, or set ``push_to_hub``. Read with the standard library
    only; a file or value that does not parse counts as none (the real parse reports it)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib

    datasets: list[Any] = []
    models: list[Any] = []
    pushes: list[Any] = []  # push_to_hub: the upload at the end needs the network too
    args = list(argv)
    for i, arg in enumerate(args):
        key, _, rest = arg.partition("=")
        value = rest if rest else (args[i + 1] if i + 1 < len(args) else "")
        if key == "--config":
            try:
                data = tomllib.loads(open(value, encoding="utf-8").read())
            except (OSError, ValueError):
                continue
            datasets += [data.get("dataset"), data.get("eval_dataset")]
            models.append(data.get("model"))
            pushes.append(data.get("push_to_hub"))
        elif key == "--model":
            models.append(value)
        elif key == "--set":
            name, _, raw = value.partition("=")
            if name.strip() in ("dataset", "eval_dataset", "model", "push_to_hub"):
                try:
                    parsed = tomllib.loads(f"v = {raw.strip()}")["v"]
                except ValueError:
                    parsed = raw.strip()
                target = {"model": models, "push_to_hub": pushes}.get(name.strip(), datasets)
                target.append(parsed)
    hub_dataset = any(isinstance(v, str) and v and v not in OFFLINE_TASKS
                      and not v.startswith(OFFLINE_PREFIXES) and not v.endswith(_LOCAL_SUFFIXES)
                      and not os.path.exists(v) for v in datasets)
    hub_model = any(isinstance(v, str) and v and v not in OFFLINE_MODELS and not v.startswith((".", "/", "~"))
                    and not os.path.exists(v) for v in models)
    return hub_dataset or hub_model or any(v is True for v in pushes)


def _user_modules_importable() -> None:
    """Let ``--verifier my_rewards:func`` (and ``verifiers = ["my_rewards:func"]``) find ``my_rewards.py`` in the
    current directory, as ``python -m`` would: a console script's ``sys.path`` starts at its own bin directory.
    Appended, so nothing in the current directory shadows an installed module. Scoring workers inherit the path."""
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)


def _verify(argv: Sequence[str]) -> int:
    from verigrpo.verifiers.cli import verify_main

    return verify_main(argv)


def _audit(argv: Sequence[str]) -> int:
    from verigrpo.verifiers.audit import audit_main

    return audit_main(argv)


def _train(argv: Sequence[str]) -> int:
    _torch_env()
    _offline_env(argv)
    from verigrpo.grpo_train.cli import train_main

    return train_main(argv)


def _eval(argv: Sequence[str]) -> int:
    _torch_env()
    _offline_env(argv)
    from verigrpo.grpo_train.cli import eval_main

    return eval_main(argv)


def _doctor(argv: Sequence[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="verigrpo doctor", description="What this machine offers a run: CPU features, "
                                "threads, the precision 'auto' picks and why, matmul rates, sandbox layers.")
    p.add_argument("--no-measure", action="store_true", help="skip the two short matmul timings")
    args = p.parse_args(argv)
    _torch_env()
    from verigrpo.grpo_train.hardware import report

    print(report(measure=not args.no_measure))
    return 0


COMMANDS: dict[str, tuple[Callable[[Sequence[str]], int], str]] = {
    "verify": (_verify, "score a JSONL of completions with a verifier"),
    "audit": (_audit, "try a verifier against known reward hacks (exit 1 if any is paid)"),
    "train": (_train, "GRPO-train a causal LM against verifiers"),
    "eval": (_eval, "accuracy and pass@k of a model or checkpoint"),
    "doctor": (_doctor, "CPU features, threads, precision and sandbox layers of this machine"),
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        lines = [f"  {name:<8}{help_}" for name, (_, help_) in COMMANDS.items()]
        text = "usage: verigrpo {verify,audit,train,eval,doctor} ...\n\ncommands:\n" + "\n".join(lines)
        if argv and argv[0] in ("-h", "--help"):
            print(text)  # asked for: stdout, exit 0
            return 0
        unknown = f"verigrpo: error: unknown command {argv[0]!r}\n" if argv else ""
        print(text + "\n" + unknown, end="", file=sys.stderr)
        return 2
    fn, _ = COMMANDS[argv[0]]
    _user_modules_importable()
    return int(fn(argv[1:]) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
