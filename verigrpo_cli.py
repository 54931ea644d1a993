"""The ``verigrpo`` command: ``verify``, ``train`` and ``eval`` subcommands."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence


def _verify(argv: Sequence[str]) -> int:
    from verifiers.cli import verify_main

    return verify_main(argv)


def _train(argv: Sequence[str]) -> int:
    from grpo_train.cli import train_main

    return train_main(argv)


def _eval(argv: Sequence[str]) -> int:
    from grpo_train.cli import eval_main

    return eval_main(argv)


COMMANDS: dict[str, tuple[Callable[[Sequence[str]], int], str]] = {
    "verify": (_verify, "score a JSONL of completions with a verifier"),
    "train": (_train, "GRPO-train a causal LM against verifiers"),
    "eval": (_eval, "accuracy and pass@k of a model or checkpoint"),
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        lines = [f"  {name:<8}{help_}" for name, (_, help_) in COMMANDS.items()]
        print("usage: verigrpo {verify,train,eval} ...\n\ncommands:\n" + "\n".join(lines), file=sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    fn, _ = COMMANDS[argv[0]]
    return int(fn(argv[1:]) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
