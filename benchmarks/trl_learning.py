"""Learning per step: our trainer against TRL's GRPOTrainer on the same recipe (``bench_trl --learning``).

Run: ``pip install -e ".[bench]" && python -m benchmarks.bench_trl --learning --task arithmetic --seeds 0 1 2``

Both trainers take the recipe of one of our configs (``configs/default.toml`` for ``arithmetic``,
``configs/code.toml`` for ``code``) with ``--steps`` steps:

* the same prompts in the same order: the rows our ``PromptStream`` hands out for the seed, given to TRL
  in that order with ``shuffle_dataset=False``;
* the same G, prompts per step, max new tokens, temperature and top-p (TRL's top-k off), learning rate and
  schedule (our cosine to 10% of the peak is TRL's ``cosine_with_min_lr`` with ``min_lr_rate=0.1``), warm-up,
  AdamW betas, weight decay, gradient clipping, beta, mu, clip range, std-scaled group advantages (Eq. 5,
  TRL's ``scale_rewards="group"``, whose sample std is ours x sqrt(G/(G-1)): a constant factor, which AdamW's
  normalisation removes) and loss aggregation (our ``sequence_mean`` is TRL's ``loss_type="grpo"``,
  ``token_mean`` its ``"dapo"``);
* the same reward: our verifiers through our scoring pool, called by TRL through a reward-function adapter
  (a harness failure, which we mask, can only be a 0 reward in TRL; the count is recorded);
* float32 on both sides and the same number of torch threads per trainer; held-out accuracy of each final
  model by the same greedy evaluation (``grpo_train.evaluate``) on the same problems.

Differences that stay, recorded in the results: our default drops zero-variance groups before the update
(with beta = 0 their gradient is 0 on both sides, but TRL still averages over them, which scales the step);
our sampler is our own decoding loop, TRL's is ``model.generate``, so the draws differ for the same seed;
TRL's generation has no stop strings (``generate`` needs the tokenizer for them, which TRL does not pass), so
on the code task its completions can run past the closing fence to ``max_new_tokens``; TRL runs without
gradient checkpointing here (its fastest setting at this size).

Each (trainer, seed) runs in its own process. By default ours and TRL's run of a seed run side by side with
``--threads`` (1) threads each, so they get equal shares of the machine and their wall times compare;
``--sequential`` runs them one after the other (2 threads each). Writes ``benchmarks/results/trl_learning_<task>.json`` and ``..._<task>.png`` (training reward per
step, both trainers, every seed).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"
CONFIGS = Path(__file__).resolve().parent.parent / "configs"
TASKS = {"arithmetic": CONFIGS / "default.toml", "code": CONFIGS / "code.toml"}
TRL_LOSS = {"sequence_mean": "grpo", "token_mean": "dapo"}  # our aggregation -> TRL's loss_type
TRL_SCHEDULE = {"cosine": ("cosine_with_min_lr", {"min_lr_rate": 0.1}), "constant": ("constant_with_warmup", {})}


def recipe(task: str, seed: int, steps: int, threads: int, out: Path) -> list[str]:
    """``--config``/``--set`` arguments of the shared recipe (our trainer's command line)."""
    sets = {"seed": seed, "max_steps": steps, "threads": threads, "precision": "fp32", "save_every": 0,
            "eval_before": True, "eval_after": True, "output_dir": str(out)}
    args = ["--config", str(TASKS[task])]
    for k, v in sets.items():
        args += ["--set", f"{k}={json.dumps(v)}"]
    return args


def _config(argv: list[str]) -> Any:
    from verigrpo.grpo_train.cli import _parser
    from verigrpo.grpo_train.config import load_config

    ns = _parser("recipe", "").parse_args(argv)
    return load_config(ns.config, ns.overrides)


# --------------------------------------------------------------------------------------------- the two sides
def run_ours(argv: list[str], out: Path) -> dict[str, Any]:
    from verigrpo.grpo_train.cli import train_main

    t0 = time.time()
    if train_main(argv) != 0:
        raise SystemExit("our trainer failed")
    wall = time.time() - t0
    cfg = _config(argv)
    run = Path(cfg.output_dir)
    metrics = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    summary = json.loads((run / "summary.json").read_text())
    return {
        "reward": [m["reward"] for m in metrics],
        "step_seconds": [m["seconds_step"] for m in metrics],
        "train_seconds": sum(m["seconds_step"] for m in metrics),
        "wall_seconds": wall,
        "accuracy_before": summary["eval_before"]["accuracy"],
        "accuracy_after": summary["eval_after"]["accuracy"],
        "masked_infra": round(sum(m.get("infra_frac", 0.0) for m in metrics) * cfg.prompts_per_step * cfg.num_generations),
    }


def trl_rows(cfg: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The training rows in the order our trainer sees them (``max_steps`` x ``prompts_per_step``), and the
    held-out rows."""
    from verigrpo.grpo_train.data import PromptStream, load_rows
    from verigrpo.grpo_train.train import build_verifier, judgeable

    verifier = build_verifier(cfg)
    stream = PromptStream(judgeable(load_rows(cfg, "train"), verifier, "training rows", print), cfg.seed)
    order = [row for _ in range(cfg.max_steps) for row in stream.next(cfg.prompts_per_step)]
    return order, judgeable(load_rows(cfg, "test"), verifier, "evaluation rows", print)


def run_trl(argv: list[str], out: Path) -> dict[str, Any]:
    import torch
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer
    from verigrpo.benchmarks.bench_trl import step_recorder
    from verigrpo.grpo_train.evaluate import evaluate
    from verigrpo.grpo_train.model import load_tokenizer, resolve_model
    from verigrpo.grpo_train.train import build_verifier
    from verigrpo.verifiers import ScoringPool

    t_start = time.time()
    cfg = _config(argv)
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    order, held_out = trl_rows(cfg)
    system = [{"role": "system", "content": cfg.system_prompt}] if cfg.system_prompt else []
    data = Dataset.from_list(
        [{"prompt": system + [{"role": "user", "content": row["prompt"]}], "row_id": i} for i, row in enumerate(order)]
    )
    pool = ScoringPool(build_verifier(cfg), workers=cfg.scoring_workers, timeout=cfg.scoring_timeout)
    infra = [0]

    def reward(completions: list, row_id: list[int], **_: Any) -> list[float]:
        """Our verifiers as a TRL reward function: a harness failure can only be 0 here (we mask it)."""
        texts = [c[0]["content"] if isinstance(c, list) else c for c in completions]
        scored = pool.score(texts, [order[i] for i in row_id])
        infra[0] += sum(r.status.is_infra for r in scored)
        return [0.0 if r.status.is_infra else float(r.outcome) for r in scored]

    times: list[float] = []
    rewards: list[float] = []

    schedule, schedule_kwargs = TRL_SCHEDULE[cfg.lr_schedule]
    g, b = cfg.num_generations, cfg.prompts_per_step
    args = GRPOConfig(
        output_dir=str(out / "trl_run"), per_device_train_batch_size=g * b, num_generations=g,
        max_completion_length=cfg.max_new_tokens, temperature=cfg.temperature, top_p=cfg.top_p, top_k=0,
        learning_rate=cfg.learning_rate, lr_scheduler_type=schedule, lr_scheduler_kwargs=schedule_kwargs,
        warmup_steps=cfg.warmup_steps, adam_beta1=cfg.adam_betas[0], adam_beta2=cfg.adam_betas[1],
        weight_decay=cfg.weight_decay, max_grad_norm=cfg.max_grad_norm, beta=cfg.beta,
        num_iterations=cfg.num_iterations, epsilon=cfg.eps_low, epsilon_high=cfg.eps_high,
        scale_rewards="none" if cfg.std == "none" else "group", loss_type=TRL_LOSS[cfg.aggregation], max_steps=cfg.max_steps,
        shuffle_dataset=False, seed=cfg.seed, use_cpu=True, bf16=False, fp16=False, gradient_checkpointing=False,
        logging_steps=1, report_to="none", save_strategy="no", dataloader_num_workers=0,
    )
    trainer = GRPOTrainer(model=resolve_model(cfg.model), reward_funcs=[reward], args=args, train_dataset=data,
                          callbacks=[step_recorder(times, rewards)])
    t0 = time.time()
    trainer.train()
    train_seconds = time.time() - t0
    tokenizer = load_tokenizer(cfg.model)
    after = evaluate(trainer.model, tokenizer, held_out, pool, cfg)
    pool.close()
    return {"reward": rewards, "step_seconds": times, "train_seconds": train_seconds,
            "wall_seconds": time.time() - t_start, "accuracy_after": after["accuracy"], "zeroed_infra": infra[0]}


SIDES = {"ours": run_ours, "trl": run_trl}


# --------------------------------------------------------------------------------------------- harness
def child(which: str, task: str, seed: int, steps: int, threads: int, out: Path) -> None:
    """One (trainer, seed) run in this process; writes ``out/<which>_<seed>.json``."""
    out.mkdir(parents=True, exist_ok=True)
    argv = recipe(task, seed, steps, threads, out / f"{which}_run_{seed}")
    result = SIDES[which](argv, out)
    (out / f"{which}_{seed}.json").write_text(json.dumps(result))


def _spawn(which: str, task: str, seed: int, steps: int, threads: int, out: Path) -> subprocess.Popen:
    cmd = [sys.executable, "-m", f"{__package__}.bench_trl", "--learning", "--child", which, "--task", task,
           "--seeds", str(seed), "--steps", str(steps), "--threads", str(threads), "--out", str(out)]
    env = {**os.environ, "OMP_NUM_THREADS": str(threads), "TOKENIZERS_PARALLELISM": "false",
           "THP_MEM_ALLOC_ENABLE": os.environ.get("THP_MEM_ALLOC_ENABLE", "1")}
    log = open(out / f"{which}_{seed}.log", "w")  # noqa: SIM115 - closed with the process below
    print(f"[bench_trl --learning] {task}: {which}, seed {seed} (log {log.name})", file=sys.stderr, flush=True)
    return subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)


def _wait(procs: list[tuple[str, subprocess.Popen]]) -> None:
    for name, proc in procs:
        if proc.wait() != 0:
            raise SystemExit(f"{name} failed with status {proc.returncode}: see its log")


def _spread(values: list[float]) -> dict[str, float]:
    return {"mean": statistics.fmean(values), "min": min(values), "max": max(values)}


def summarise(task: str, steps: int, threads: int, parallel: bool, runs: dict[str, dict[int, dict]]) -> dict[str, Any]:
    seeds = sorted(runs["ours"])
    report: dict[str, Any] = {
        "task": task, "steps": steps, "seeds": seeds, "threads_per_trainer": threads, "side_by_side": parallel,
        "recipe": str(TASKS[task].relative_to(CONFIGS.parent)), "precision": "fp32",
        "accuracy_before": runs["ours"][seeds[0]]["accuracy_before"],
    }
    for side, by_seed in runs.items():
        rows = [by_seed[s] for s in seeds]
        curve = [statistics.fmean(r["reward"][i] for r in rows) for i in range(min(len(r["reward"]) for r in rows))]
        report[side] = {
            "accuracy_after": _spread([r["accuracy_after"] for r in rows]),
            "train_seconds": _spread([r["train_seconds"] for r in rows]),
            "reward_mean_curve": curve,
            "per_seed": {str(s): r for s, r in zip(seeds, rows)},
        }
    report["wall_ratio_ours_over_trl"] = report["ours"]["train_seconds"]["mean"] / report["trl"]["train_seconds"]["mean"]
    return report


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(1, 2, figsize=(11, 3.8))
    for side, color in (("ours", "tab:blue"), ("trl", "tab:orange")):
        for r in report[side]["per_seed"].values():
            ax[0].plot(range(1, len(r["reward"]) + 1), r["reward"], color=color, alpha=0.3, lw=1)
        curve = report[side]["reward_mean_curve"]
        ax[0].plot(range(1, len(curve) + 1), curve, color=color, lw=2.5, label=f"{side} (mean of seeds)")
        accs = [r["accuracy_after"] for r in report[side]["per_seed"].values()]
        ax[1].scatter([side] * len(accs), accs, color=color, s=40)
    ax[1].axhline(report["accuracy_before"], color="gray", ls="--", label="before training")
    ax[0].set(xlabel="step", ylabel="training reward (mean of the batch)", title=f"{report['task']}: reward per step")
    ax[1].set(ylabel="held-out accuracy (greedy)", title=f"after {report['steps']} steps, seeds {report['seeds']}")
    for a in ax:
        a.legend()
        a.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(task: str, seeds: list[int], steps: int, threads: int, parallel: bool, out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    runs: dict[str, dict[int, dict]] = {"ours": {}, "trl": {}}
    for seed in seeds:
        if parallel:
            _wait([(f"{w} seed {seed}", _spawn(w, task, seed, steps, threads, out)) for w in SIDES])
        else:
            for w in SIDES:
                _wait([(f"{w} seed {seed}", _spawn(w, task, seed, steps, threads, out))])
        for w in SIDES:
            runs[w][seed] = json.loads((out / f"{w}_{seed}.json").read_text())
    report = summarise(task, steps, threads, parallel, runs)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"trl_learning_{task}.json").write_text(json.dumps(report, indent=1))
    plot(report, RESULTS / f"trl_learning_{task}.png")
    print(f"{task}, {steps} steps, seeds {seeds}: held-out accuracy before {report['accuracy_before']:.0%}")
    for side in SIDES:
        acc, sec = report[side]["accuracy_after"], report[side]["train_seconds"]
        print(f"  {side:5} after {acc['mean']:.1%} (seeds {acc['min']:.0%}-{acc['max']:.0%}), "
              f"training {sec['mean']:.0f} s")
    print(f"  wall time ours / TRL: {report['wall_ratio_ours_over_trl']:.2f}")
    return 0
