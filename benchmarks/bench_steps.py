"""How well ``math_steps`` localises one wrong line in solutions written in mixed styles.

Run: ``python -m benchmarks.bench_steps [--data PATH] [--out PATH] [--external PATH | --no-external]``.

Data: ``benchmarks/data/steps_mixed.jsonl`` (written by ``benchmarks/data/steps_mixed_gen.py``; see
its docstring for the styles and fields). Each solution's *units* (lines or sentences) are labelled
by construction: ``claim`` (a checkable computation, correct as written), ``wrong`` (the one slip),
``prose`` and ``answer``.

Each solution is scored by the ``math_steps`` verifier with its defaults against its reference. A
unit's score is the lowest reward among the steps whose spans overlap it (NaN, an unscored step,
counts as no score). The figures:

- ``rate`` (the headline, over the solutions with a wrong unit): the wrong unit is scored strictly
  below every correct line, i.e. it has a score, and every ``claim`` unit (and the ``answer`` unit
  when the written final answer is right) has a score above it. An unscored correct line fails the
  solution: its tokens get no credit, so the wrong line is not singled out against it.
- ``clean_rate`` (over the solutions without a wrong unit): no correct line is scored 0.
- ``correct_lines_scored_0``: correct checkable lines (``claim`` units) scored 0 anywhere in the set
  (the target is none); ``correct_lines_unscored``: those left NaN.
- per layout and per style of the wrong unit, and every failure with its steps.

Writes ``benchmarks/results/steps_mixed.json``.

External set (``--external``, default ``benchmarks/data/steps_external.jsonl``, reported apart): solutions
written elsewhere (GSM8K human, Socratic and GPT-3 solutions, MATH solutions, chat-model solutions, the
Math-Shepherd example pair, PRM800K samples; sources per row), built by
``benchmarks/data/steps_external_gen.py``: one result of a checkable claim changed in most of them (style
``injected``), a few with a genuine labelled wrong step (style ``genuine``, reported on their own), the rest
unchanged; rows carry a ``batch`` (2: ProcessBench solutions, gathered after the fixes made from
batch 1), reported apart. Its units are the claims an independent arithmetic oracle reads (not ``math_steps``), the wrong
claim and the final-answer marker. Figures: ``rate`` as above over the injected rows (the issue's metric),
``flagged_rate`` (the wrong claim's step gets reward < 1 at all), ``clean_rate_strict`` (clean rows where
no step is scored 0: no false accusation of any line, checkable or not). The set was built and run once
before any change made after reading it: ``FIRST_RUN_EXTERNAL`` (batch 1) and ``FIRST_RUN_EXTERNAL_2``
keep those out-of-sample figures.
Written under ``"external"`` in ``benchmarks/results/steps_mixed.json`` and in full to
``benchmarks/results/steps_external.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from verigrpo.verifiers.math_steps import math_steps
from verigrpo.verifiers.types import StepReward

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE / "data" / "steps_mixed.jsonl"
DEFAULT_OUT = HERE / "results" / "steps_mixed.json"
DEFAULT_EXTERNAL = HERE / "data" / "steps_external.jsonl"
EXTERNAL_OUT = HERE / "results" / "steps_external.json"

# The external set at its first run, before any change made after reading it (out-of-sample figures).
FIRST_RUN_EXTERNAL: dict[str, Any] = {
    "solutions": 94, "with_wrong_line": 59, "rate": 0.9322, "passed": 55, "flagged_rate": 0.9492, "flagged": 56,
    "clean": 32, "clean_rate_strict": 1.0, "genuine": {"n": 3, "passed": 3, "flagged": 3},
    "correct_lines": 196, "correct_lines_scored_0": 0, "correct_lines_unscored": 7,
    "per_layout": {"math": {"n": 13, "rate": 0.6923}},  # every other layout 100 %
}  # fmt: skip

# Batch 2 (ProcessBench solutions), collected after the fixes made from batch 1 and run once before any
# further change: out-of-sample for those fixes.
FIRST_RUN_EXTERNAL_2: dict[str, Any] = {
    "solutions": 42, "with_wrong_line": 20, "rate": 0.85, "passed": 17, "flagged_rate": 1.0, "flagged": 20,
    "clean": 8, "clean_rate_strict": 1.0, "genuine": {"n": 14, "passed": 3, "flagged": 3},
    # the same verifier, with the wrong unit scored by ``wrong_score`` (any sentence of a labelled paragraph):
    "genuine_any_sentence": {"n": 14, "passed": 12, "flagged": 12},
    "correct_lines": 91, "correct_lines_scored_0": 2, "correct_lines_unscored": 1,
    "per_layout": {"processbench_gsm8k": {"n": 12, "rate": 0.9167}, "processbench_math": {"n": 8, "rate": 0.75}},
}  # fmt: skip
# Batch 3 (ProcessBench olympiadbench and omnimath solutions), collected after the fixes made from batch 2.
FIRST_RUN_EXTERNAL_3: dict[str, Any] = {
    "solutions": 36, "with_wrong_line": 15, "rate": 1.0, "passed": 15, "flagged_rate": 1.0, "flagged": 15,
    "clean": 9, "clean_rate_strict": 1.0, "genuine": {"n": 12, "passed": 8, "flagged": 8},
    "correct_lines": 112, "correct_lines_scored_0": 0, "correct_lines_unscored": 0,
}  # fmt: skip
# Batch 4 (the next rows of GSM8K, MATH-500, the chat-model file, ProcessBench gsm8k/math), collected after
# every fix made from batches 1-3.
FIRST_RUN_EXTERNAL_4: dict[str, Any] = {
    "solutions": 52, "with_wrong_line": 28, "rate": 0.9643, "passed": 27, "flagged_rate": 0.9643, "flagged": 27,
    "clean": 24, "clean_rate_strict": 1.0, "correct_lines": 118, "correct_lines_scored_0": 0,
    "correct_lines_unscored": 2, "per_layout": {"processbench_gsm8k": {"n": 6, "rate": 0.8333}},
}  # fmt: skip
FIRST_RUNS_EXTERNAL = {1: FIRST_RUN_EXTERNAL, 2: FIRST_RUN_EXTERNAL_2, 3: FIRST_RUN_EXTERNAL_3, 4: FIRST_RUN_EXTERNAL_4}


def by_batch(rows: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """The external set's rows by ``batch`` (1 when absent)."""
    out: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        out[row.get("batch", 1)].append(row)
    return dict(out)


def load(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def unit_score(unit: dict[str, Any], steps: list[StepReward]) -> float:
    """The lowest reward of the steps overlapping ``unit`` (NaN when none is scored)."""
    rewards = [s.reward for s in steps if s.start < unit["end"] and unit["start"] < s.end]
    scored = [r for r in rewards if not math.isnan(r)]
    return min(scored) if scored and len(scored) == len(rewards) else math.nan


def wrong_score(unit: dict[str, Any], steps: list[StepReward]) -> float:
    """The wrong unit's score: the lowest reward among the scored steps overlapping it (NaN when none is).
    A labelled wrong step of several sentences (ProcessBench, PRM800K) is caught when any of its sentences
    is scored 0; its other sentences being unscored does not hide that."""
    scored = [s.reward for s in steps if s.start < unit["end"] and unit["start"] < s.end and not math.isnan(s.reward)]
    return min(scored) if scored else math.nan


def judge(row: dict[str, Any]) -> dict[str, Any]:
    """Score one solution and say whether it passes (see the module docstring)."""
    r = math_steps(row["text"], {"reference": row["reference"]})
    steps = list(r.steps or [])
    correct = [
        u for u in row["units"] if u["kind"] == "claim" or (u["kind"] == "answer" and row["final_correct"])
    ]
    scores = [unit_score(u, steps) for u in correct]
    zero = sum(1 for u, s in zip(correct, scores) if u["kind"] == "claim" and s == 0.0)
    unscored = sum(1 for u, s in zip(correct, scores) if u["kind"] == "claim" and math.isnan(s))
    reasons = []
    flagged = None
    accused = [
        row["text"][s.start : s.end]
        for s in steps
        if s.reward == 0.0 and not (row["final_correct"] is False and s is steps[-1])
    ]  # fmt: skip
    if row["wrong"] is not None:
        w = wrong_score(row["wrong"], steps)
        flagged = w < 1.0  # NaN: not flagged
        if math.isnan(w):
            reasons.append("wrong line unscored")
        for u, s in zip(correct, scores):
            if not (s > w):  # NaN on either side fails
                reasons.append(
                    f"{u['kind']} {row['text'][u['start'] : u['end']]!r} scored {s}, wrong line {w}"
                )
    else:
        for u, s in zip(correct, scores):
            if s == 0.0:
                reasons.append(f"correct {row['text'][u['start'] : u['end']]!r} scored 0")
    return {
        "id": row["id"],
        "pass": not reasons,
        "reasons": reasons,
        "flagged": flagged,
        "accused": accused if row["wrong"] is None else [],
        "correct_lines_scored_0": zero,
        "correct_lines_unscored": unscored,
        "correct_lines": sum(1 for u in correct if u["kind"] == "claim"),
        "steps": [
            {"text": row["text"][s.start : s.end], "reward": None if math.isnan(s.reward) else s.reward}
            for s in steps
        ],
    }


def run(rows: list[dict[str, Any]]) -> dict[str, Any]:
    t0 = time.perf_counter()
    results = [judge(row) for row in rows]
    elapsed = time.perf_counter() - t0
    wrong = [
        (row, res) for row, res in zip(rows, results)
        if row["wrong"] is not None and row["wrong"].get("style") != "genuine"
    ]  # fmt: skip
    genuine = [
        (row, res) for row, res in zip(rows, results) if (row["wrong"] or {}).get("style") == "genuine"
    ]
    clean = [(row, res) for row, res in zip(rows, results) if row["wrong"] is None]

    def rate(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> float | None:
        return round(sum(res["pass"] for _, res in pairs) / len(pairs), 4) if pairs else None

    by_layout: dict[str, list] = defaultdict(list)
    by_style: dict[str, list] = defaultdict(list)
    for row, res in wrong:
        by_layout[row["layout"]].append((row, res))
        by_style[row["wrong"]["style"]].append((row, res))

    def share(pairs: list[tuple[dict[str, Any], dict[str, Any]]], ok) -> float | None:
        return round(sum(1 for p in pairs if ok(p[1])) / len(pairs), 4) if pairs else None

    return {
        "solutions": len(rows),
        "with_wrong_line": len(wrong),
        "rate": rate(wrong),
        "passed": sum(res["pass"] for _, res in wrong),
        "flagged_rate": share(wrong, lambda res: res["flagged"]),
        "flagged": sum(1 for _, res in wrong if res["flagged"]),
        "clean": len(clean),
        "clean_rate": rate(clean),
        "clean_rate_strict": share(clean, lambda res: not res["accused"]),
        "genuine": {
            "n": len(genuine),
            "passed": sum(res["pass"] for _, res in genuine),
            "flagged": sum(1 for _, res in genuine if res["flagged"]),
            "rows": [
                {"id": row["id"], "layout": row["layout"], "pass": res["pass"], "flagged": res["flagged"]}
                for row, res in genuine
            ],
        },  # fmt: skip
        "correct_lines": sum(res["correct_lines"] for res in results),
        "correct_lines_scored_0": sum(res["correct_lines_scored_0"] for res in results),
        "correct_lines_unscored": sum(res["correct_lines_unscored"] for res in results),
        "seconds": round(elapsed, 2),
        "per_layout": {
            k: {"n": len(v), "rate": rate(v), "flagged_rate": share(v, lambda res: res["flagged"])}
            for k, v in sorted(by_layout.items())
        },
        "per_wrong_style": {k: {"n": len(v), "rate": rate(v)} for k, v in sorted(by_style.items())},
        "failures": [
            {
                "id": res["id"],
                "layout": row["layout"],
                "reasons": res["reasons"] + [f"accused {t!r}" for t in res["accused"]],
                "text": row["text"],
                "steps": res["steps"],
            }
            for row, res in zip(rows, results)
            if not res["pass"] or res["accused"]
        ],  # fmt: skip
    }


def _print(report: dict[str, Any]) -> None:
    print(
        f"wrong line below every correct line: {report['passed']}/{report['with_wrong_line']} "
        f"({report['rate']:.1%}); wrong line scored < 1: {report['flagged']}/{report['with_wrong_line']}; "
        f"clean solutions without a correct line scored 0: {report['clean_rate']:.1%}, without any step scored 0: "
        f"{report['clean_rate_strict']:.1%} (n={report['clean']}); "
        f"correct lines scored 0: {report['correct_lines_scored_0']}, unscored: "
        f"{report['correct_lines_unscored']} of {report['correct_lines']}; {report['seconds']} s"
    )
    for name in ("per_layout", "per_wrong_style"):
        print(name + ": " + ", ".join(f"{k} {v['rate']:.0%} (n={v['n']})" for k, v in report[name].items()))
    g = report["genuine"]
    if g["n"]:
        print(f"genuine labelled wrong steps: below every correct line {g['passed']}/{g['n']}, "
              f"scored < 1 {g['flagged']}/{g['n']}")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument(
        "--external", type=Path, default=DEFAULT_EXTERNAL, help="the external set (reported apart)"
    )
    ap.add_argument("--no-external", dest="external", action="store_const", const=None)
    args = ap.parse_args(argv)
    report = run(load(args.data))
    _print(report)
    if args.external is not None:
        full: dict[str, Any] = {}
        report["external"] = {"data": str(args.external)}
        for batch, ext_rows in sorted(by_batch(load(args.external)).items()):
            first = FIRST_RUNS_EXTERNAL.get(batch, {})
            ext = run(ext_rows)
            print(f"external set, batch {batch} ({len(ext_rows)} rows; first run, before any change made after "
                  f"reading it: {first or 'this run'}):")  # fmt: skip
            _print(ext)
            report["external"][f"batch{batch}"] = {
                "first_run": first, **{k: v for k, v in ext.items() if k != "failures"}
            }  # fmt: skip
            full[f"batch{batch}"] = {"first_run": first, **ext}
        EXTERNAL_OUT.parent.mkdir(parents=True, exist_ok=True)
        EXTERNAL_OUT.write_text(json.dumps(full, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
