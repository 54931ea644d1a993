"""The main job, timed end to end on this machine, one row per run in ``benchmarks/results/main_job.jsonl``.

Run: ``python -m benchmarks.bench_main_job [--isa avx2] [--set key=value ...]``

It runs the README's main-job command (``verigrpo train`` on the embedded defaults, plus any ``--set``) in a
child process, as a user would, and records: the recipe (the keys that size the work; the whole resolved config
is in the run's ``config.toml``), the machine
(CPU model and the flags that decide matmul speed, torch's kernel ISA, cores, threads, the precision ``auto``
chose and why), seconds per step (mean and median), the wall time of the whole command, and held-out accuracy
before and after. ``main_job.md`` is rewritten from all rows as a table.

``--isa avx2`` runs the child with torch, oneDNN and MKL held to AVX2 (``ATEN_CPU_CAPABILITY=avx2``,
``ONEDNN_MAX_CPU_ISA=AVX2``, ``MKL_ENABLE_INSTRUCTIONS=AVX2``): on a CPU with AVX-512 BF16 or AMX this is how
an AVX2-only machine's kernels are measured (same clock and memory: a real AVX2 machine of another make can be
slower or faster, so the rows say which it was). The row records the restriction.

Wall time includes everything the user waits for: imports, the model load (from the cache after the first
run), both evaluations and the final checkpoint.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"
ISA_ENV: dict[str, dict[str, str]] = {
    "native": {},
    "avx2": {"ATEN_CPU_CAPABILITY": "avx2", "ONEDNN_MAX_CPU_ISA": "AVX2", "MKL_ENABLE_INSTRUCTIONS": "AVX2"},
    "avx512": {"ONEDNN_MAX_CPU_ISA": "AVX512_CORE_VNNI"},  # AVX-512 without bf16 instructions for oneDNN
}
RECIPE_KEYS = ("precision", "num_generations", "prompts_per_step", "max_new_tokens", "learning_rate", "lr_schedule",
               "max_steps", "eval_size", "eval_batch_size", "beta", "num_iterations", "threads")


def _machine(env: dict[str, str]) -> dict[str, Any]:
    code = ("import json; from grpo_train import hardware as h; hw = h.probe('cpu'); p, why, _ = "
            "h.resolve_precision('auto', hw); print(json.dumps({'cpu': hw.cpu_model, 'flags': sorted(f for f in "
            "h.SHOWN_FLAGS if f in hw.cpu_flags), 'torch_isa': hw.torch_isa, 'cores': hw.cores, "
            "'threads': hw.threads, 'auto': p, 'why': why, 'gpu': h.torch.cuda.get_device_name(0) "
            "if h.torch.cuda.is_available() else None}))")  # train runs on the GPU where there is one
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run(isa: str, overrides: list[str], out_dir: Path) -> dict[str, Any]:
    """Run the main job once; return its results row."""
    env = {**os.environ, **ISA_ENV[isa]}
    args = ["verigrpo", "train", "--set", f"output_dir={out_dir}"]
    for o in overrides:
        args += ["--set", o]
    machine = _machine(env)
    t0 = time.time()
    proc = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.time() - t0
    log = proc.stdout
    if out_dir.exists():
        (out_dir / "bench_stdout.log").write_text(log)
    if proc.returncode != 0:
        raise SystemExit(f"verigrpo train failed ({proc.returncode}):\n{log[-3000:]}")
    summary = json.loads((out_dir / "summary.json").read_text())
    config = _read_config(out_dir / "config.toml")
    steps = [json.loads(line)["seconds_step"] for line in (out_dir / "metrics.jsonl").read_text().splitlines()]
    estimate = next((line for line in log.splitlines() if "estimated total" in line), "")
    return {
        "date": time.strftime("%Y-%m-%d"),
        "isa_restriction": isa,
        "machine": machine,
        "precision_run": summary.get("precision"),
        "recipe": {k: config.get(k) for k in RECIPE_KEYS},
        "overrides": overrides,
        "seconds_per_step_mean": round(statistics.mean(steps), 2),
        "seconds_per_step_median": round(statistics.median(steps), 2),
        "wall_seconds": round(wall, 1),
        "early_estimate": estimate.strip().split("estimated total", 1)[-1].strip() if estimate else "",
        "accuracy_before": summary.get("eval_before", {}).get("accuracy"),
        "accuracy_after": summary.get("eval_after", {}).get("accuracy"),
        "eval_seconds": [summary.get(f"eval_{t}", {}).get("seconds") for t in ("before", "after")],
    }


def _read_config(path: Path) -> dict[str, Any]:
    import tomllib

    return tomllib.loads(path.read_text())


def write_table(rows: list[dict[str, Any]], path: Path) -> None:
    """``main_job.md``: one line per recorded run."""
    head = ("| date | CPU (flags) or GPU | kernels | precision | recipe | s/step (mean) | wall | accuracy before -> after |\n"
            "|---|---|---|---|---|---|---|---|\n")
    lines = []
    for r in rows:
        m, rec = r["machine"], r["recipe"]
        recipe = (f"B={rec['prompts_per_step']} G={rec['num_generations']} L={rec['max_new_tokens']} "
                  f"lr={rec['learning_rate']} {rec['lr_schedule']} {rec['max_steps']} steps")
        cpu = f"{m['cpu']}, {m['cores']} cores ({' '.join(m['flags'])})"
        kernels = m["torch_isa"] + ("" if r["isa_restriction"] == "native" else f" (held to {r['isa_restriction']})")
        if m.get("gpu"):  # the run was on the GPU; the CPU only hosted it
            cpu, kernels = f"{m['gpu']} (host: {cpu})", "CUDA"
        acc = f"{r['accuracy_before']:.0%} -> {r['accuracy_after']:.0%}"
        lines.append(f"| {r['date']} | {cpu} | {kernels} | {r['precision_run']} | {recipe} | "
                     f"{r['seconds_per_step_mean']} | {r['wall_seconds'] / 60:.1f} min | {acc} |")
    path.write_text(head + "\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--isa", choices=sorted(ISA_ENV), default="native", help="hold the kernels to this ISA")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="a config override for the run (the README's command has none)")
    p.add_argument("--out", default="runs/bench_main_job", help="the run directory (moved aside if it exists)")
    args = p.parse_args(argv)
    row = run(args.isa, args.overrides, Path(args.out))
    RESULTS.mkdir(exist_ok=True)
    jsonl = RESULTS / "main_job.jsonl"
    with jsonl.open("a") as f:
        f.write(json.dumps(row) + "\n")
    rows = [json.loads(line) for line in jsonl.read_text().splitlines() if line.strip()]
    write_table(rows, RESULTS / "main_job.md")
    print(json.dumps(row, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
