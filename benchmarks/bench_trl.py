"""Our trainer against TRL's GRPOTrainer on identical work, side by side in one run.

Run: ``pip install -e ".[bench]" && python -m benchmarks.bench_trl [--steps 6]``

The work (the issue's setting): the same model (SmolLM2-135M-Instruct from the embedded GGUF,
dequantised to float32), the same arithmetic prompts with the same system prompt and chat
template, G = 8 completions per prompt, 2 prompts per step, 64 new tokens, beta = 0.04, mu = 1,
float32, sampling at temperature 1, the same learning rate, the same reward (our ``math``
verifier with its last-number fallback, called in-process by TRL and through the scoring pool by
us), and the same number of torch threads.

Each trainer runs in its own child process so that its peak resident memory is its own
(``ru_maxrss`` of that child from ``os.wait4``). Seconds per step is the median over steps after
the first (the first includes warm-up). Our own knobs that would change the work are set to match
TRL: no zero-variance-group skipping (with beta > 0 those groups still carry a KL gradient) and no
evaluation. Our micro-batch (``--micro-batch``, default 8 of the 16 completions: one packed row per prompt), ``ref_offload`` (the
reference's weights in a file between its passes; ``--no-ref-offload`` keeps them in memory) and
``optimizer_offload`` (AdamW's moments in a file between optimizer steps; ``--no-optimizer-offload``) change
memory, not the gradient or the update (the loss is normalised over the whole batch; what is offloaded is read
back bit for bit). ``release_memory`` (freed heap memory given back between phases; ``--keep-heap`` keeps it,
as ``verigrpo train`` does by default) changes memory and time. Both offloads are on by default here: they are the disk-offload of DeepSpeed's ZeRO-Offload
on a CPU, and what they move out of the process stays in the kernel's page cache, which can write it back and
reclaim it under memory pressure (the results record which were on). TRL keeps its own defaults otherwise
(notably ``gradient_checkpointing=True``, which trades time for memory; ``--trl-no-gc`` turns it off), and we
say which was used in the results.

``--precision bf16`` runs the same work with bf16 autocast on both sides (TRL's ``bf16=True``; float32
master weights on both) and writes ``trl_bf16.json`` / ``trl_bf16_curves.png``.

Writes ``benchmarks/results/trl.json`` and ``benchmarks/results/trl_curves.png`` (reward per step).

``--learning`` compares learning instead of cost: both trainers on one of our recipes for ``--steps`` (20)
steps and several ``--seeds``, reward per step and held-out accuracy at the end (``benchmarks.trl_learning``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"
SYSTEM_PROMPT_KEY = "system_prompt"


def _work(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "model": "smollm2-135m-instruct",
        "num_generations": 8,
        "prompts_per_step": 2,
        "max_new_tokens": 64,
        "beta": 0.04,
        "num_iterations": 1,
        "learning_rate": args.lr,
        "max_steps": args.steps,
        "seed": args.seed,
        "threads": args.threads,
        "micro_batch_size": args.micro_batch,
        "ref_offload": not args.no_ref_offload,
        "optimizer_offload": not args.no_optimizer_offload,
        "release_memory": not args.keep_heap,
        "precision": args.precision,
    }


# --------------------------------------------------------------------------------------------- TRL side
def step_recorder(times: list[float], rewards: list[float]) -> Any:
    """A TRL callback that appends each step's seconds to ``times`` and each logged mean reward to ``rewards``."""
    from transformers import TrainerCallback

    class Record(TrainerCallback):
        def on_step_begin(self, *a: Any, **k: Any) -> None:
            self.t0 = time.perf_counter()

        def on_step_end(self, *a: Any, **k: Any) -> None:
            times.append(time.perf_counter() - self.t0)

        def on_log(self, _args: Any, _state: Any, _control: Any, logs: dict | None = None, **k: Any) -> None:
            if logs and "reward" in logs:
                rewards.append(float(logs["reward"]))

    return Record()


def run_trl(work: dict[str, Any], out: Path, gradient_checkpointing: bool) -> None:
    import torch
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer
    from verigrpo.grpo_train.config import Config
    from verigrpo.grpo_train.data import arithmetic
    from verigrpo.grpo_train.model import resolve_model
    from verigrpo.verifiers.math import math_answer

    torch.set_num_threads(work["threads"])
    system = Config().system_prompt
    n_prompts = work["prompts_per_step"] * (work["max_steps"] + 1)
    rows = arithmetic("train", work["seed"], n_prompts)
    data = Dataset.from_list(
        [
            {"prompt": ([{"role": "system", "content": system}] if system else [])
             + [{"role": "user", "content": r["prompt"]}], "reference": r["reference"]}
            for r in rows
        ]
    )

    def reward(completions: list, reference: list, **_: Any) -> list[float]:
        texts = [c[0]["content"] if isinstance(c, list) else c for c in completions]
        return [math_answer(t, {"reference": ref}).outcome for t, ref in zip(texts, reference)]

    times: list[float] = []
    rewards: list[float] = []

    g, p = work["num_generations"], work["prompts_per_step"]
    cfg = GRPOConfig(
        output_dir=str(out / "trl_run"),
        per_device_train_batch_size=g * p,
        num_generations=g,
        max_completion_length=work["max_new_tokens"],
        learning_rate=work["learning_rate"],
        beta=work["beta"],
        num_iterations=work["num_iterations"],
        max_steps=work["max_steps"],
        temperature=1.0,
        use_cpu=True,
        bf16=work["precision"] == "bf16",
        fp16=False,
        logging_steps=1,
        report_to="none",
        save_strategy="no",
        seed=work["seed"],
        gradient_checkpointing=gradient_checkpointing,
        dataloader_num_workers=0,
    )
    trainer = GRPOTrainer(
        model=resolve_model(work["model"]), reward_funcs=[reward], args=cfg, train_dataset=data, callbacks=[step_recorder(times, rewards)]
    )
    trainer.train()
    (out / "trl.json").write_text(json.dumps({"step_seconds": times, "reward": rewards}))


# --------------------------------------------------------------------------------------------- our side
def run_ours(work: dict[str, Any], out: Path) -> None:
    from verigrpo.grpo_train.cli import train_main

    run_dir = out / "ours_run"
    shutil.rmtree(run_dir, ignore_errors=True)  # scratch: a fresh run each time (not moved aside, not resumed)
    sets = {**work, "skip_zero_variance": False, "eval_before": False, "eval_after": False,
            "save_every": 0, "output_dir": str(run_dir), "verifiers": ["math"]}
    argv = []
    for k, v in sets.items():
        argv += ["--set", f"{k}={json.dumps(v)}"]
    train_main(argv)
    metrics = [json.loads(line) for line in (run_dir / "metrics.jsonl").read_text().splitlines()]
    (out / "ours.json").write_text(
        json.dumps({"step_seconds": [m["seconds_step"] for m in metrics], "reward": [m["reward"] for m in metrics]})
    )


# --------------------------------------------------------------------------------------------- harness
def _child(which: str, args: argparse.Namespace, out: Path) -> tuple[dict[str, Any], float]:
    """Run one side in a fresh process; return its results and its peak RSS in MiB."""
    cmd = [sys.executable, "-m", f"{__package__}.bench_trl", "--child", which, "--out", str(out),
           "--steps", str(args.steps), "--lr", str(args.lr), "--seed", str(args.seed), "--threads", str(args.threads),
           "--micro-batch", str(args.micro_batch)]
    if args.trl_no_gc:
        cmd.append("--trl-no-gc")
    if args.no_ref_offload:
        cmd.append("--no-ref-offload")
    if args.no_optimizer_offload:
        cmd.append("--no-optimizer-offload")
    if args.keep_heap:
        cmd.append("--keep-heap")
    cmd += ["--precision", args.precision]
    # Both sides get the environment our `verigrpo train` sets for itself (transparent huge pages for large
    # tensors, see verigrpo_cli), so the comparison is of the trainers, not of page-fault counts.
    env = {**os.environ, "OMP_NUM_THREADS": str(args.threads), "TOKENIZERS_PARALLELISM": "false",
           "THP_MEM_ALLOC_ENABLE": os.environ.get("THP_MEM_ALLOC_ENABLE", "1")}
    print(f"[bench_trl] running {which} ...", file=sys.stderr, flush=True)
    proc = subprocess.Popen(cmd, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{which} failed with status {os.waitstatus_to_exitcode(status)}")
    return json.loads((out / f"{which}.json").read_text()), usage.ru_maxrss / 1024


def _plot(results: dict[str, dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(1, 2, figsize=(10, 3.5))
    for name, r in results.items():
        ax[0].plot(range(1, len(r["reward"]) + 1), r["reward"], marker="o", label=name)
        ax[1].plot(range(1, len(r["step_seconds"]) + 1), r["step_seconds"], marker="o", label=name)
    ax[0].set(xlabel="step", ylabel="mean reward", title="learning curve")
    ax[1].set(xlabel="step", ylabel="seconds", title="time per step")
    for a in ax:
        a.legend()
        a.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=None, help="steps per run (default 6; 20 with --learning)")
    p.add_argument("--lr", type=float, default=5e-6)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=None,
                   help="torch threads per trainer (default 2; 1 with --learning, where the two run side by side)")
    p.add_argument("--learning", action="store_true", help="learning per step on a recipe (benchmarks.trl_learning)")
    p.add_argument("--task", choices=["arithmetic", "code"], default="arithmetic", help="--learning: which recipe")
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2], help="--learning: seeds")
    p.add_argument("--sequential", action="store_true",
                   help="--learning: run the two trainers one after the other instead of side by side")
    p.add_argument("--trl-no-gc", action="store_true", help="run TRL without gradient checkpointing")
    p.add_argument("--micro-batch", type=int, default=8,
                   help="our completions per forward/backward (same gradient; smaller = less activation memory)")
    p.add_argument("--no-optimizer-offload", action="store_true",
                   help="keep our AdamW moments in memory (default: optimizer_offload, in a file between steps)")
    p.add_argument("--keep-heap", action="store_true",
                   help="keep our freed heap memory for reuse (the train default; here release_memory = true, the "
                        "lean setting, like the offloads)")
    p.add_argument("--no-ref-offload", action="store_true",
                   help="keep our reference model in memory (default: ref_offload, weights read back per step)")
    p.add_argument("--precision", choices=["fp32", "bf16"], default="fp32",
                   help="both sides: fp32 (the issue's setting, trl.json) or bf16 autocast (trl_bf16.json)")
    p.add_argument("--child", choices=["trl", "ours"], help=argparse.SUPPRESS)
    p.add_argument("--out", default=str(RESULTS / "trl_work"))
    args = p.parse_args(argv)
    if args.learning:
        from verigrpo.benchmarks import trl_learning

        steps, threads = args.steps or 20, args.threads or (2 if args.sequential else 1)
        out = Path(args.out) if args.out != p.get_default("out") else RESULTS / f"trl_learning_{args.task}_work"
        if args.child:
            trl_learning.child(args.child, args.task, args.seeds[0], steps, threads, out)
            return 0
        return trl_learning.main(args.task, args.seeds, steps, threads, not args.sequential, out)
    args.steps, args.threads = args.steps or 6, args.threads or 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    work = _work(args)
    if args.child == "trl":
        run_trl(work, out, gradient_checkpointing=not args.trl_no_gc)
        return 0
    if args.child == "ours":
        run_ours(work, out)
        return 0

    results, rss = {}, {}
    for which in ("ours", "trl"):
        results[which], rss[which] = _child(which, args, out)
    med = {k: statistics.median(v["step_seconds"][1:] or v["step_seconds"]) for k, v in results.items()}
    report = {
        "work": work,
        "trl_gradient_checkpointing": not args.trl_no_gc,
        "seconds_per_step_median": med,
        "peak_rss_mib": rss,
        "speedup_vs_trl": med["trl"] / med["ours"],
        "memory_ratio_vs_trl": rss["ours"] / rss["trl"],
        "reward_curves": {k: v["reward"] for k, v in results.items()},
    }
    RESULTS.mkdir(exist_ok=True)
    suffix = "" if args.precision == "fp32" else f"_{args.precision}"
    (RESULTS / f"trl{suffix}.json").write_text(json.dumps(report, indent=2))
    _plot(results, RESULTS / f"trl{suffix}_curves.png")
    print(f"{'':8}{'s/step (median)':>16}{'peak RSS MiB':>14}")
    for k in ("ours", "trl"):
        print(f"{k:8}{med[k]:>16.2f}{rss[k]:>14.0f}")
    print(f"speed-up x{report['speedup_vs_trl']:.2f}, memory ratio {report['memory_ratio_vs_trl']:.2f} "
          f"(TRL gradient checkpointing {'on' if not args.trl_no_gc else 'off'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
