"""Side-by-side benchmark: our ``math`` verifier against math-verify on labelled answer pairs.

Run: ``python -m benchmarks.bench_math [--data PATH] [--out PATH] [--limit N]``.

Data: ``benchmarks/data/math_pairs.jsonl``, one row per pair::

    {"gold": ..., "prediction": ..., "equivalent": true/false, "category": ..., "raw": optional bool}

``equivalent`` is the mathematical truth (under the documented precision policy of
``verifiers.math``: a decimal with relative error <= 1e-6 of a non-terminating exact
value counts), written by hand, not produced by either tool.

How each tool is fed (the same text for both):

- the completion is ``"The final answer is $\\boxed{PREDICTION}$."``; rows with ``"raw": true``
  (extraction and hedging cases: several boxes, "#### n", "The answer is ...") pass the
  prediction verbatim as the whole completion;
- the gold goes to ours as ``row["reference"] = gold`` (our verifier normalises wrapped
  references itself) and to math-verify as ``parse("\\boxed{GOLD}")`` (verbatim when the
  gold already contains ``\\boxed`` or ``$``), which is math-verify's most reliable path;
- math-verify is called as ``verify(parse(gold), parse(completion))`` with its defaults,
  in the main thread (its timeouts use signals); ours as ``math_answer(completion, row)``.

A tool's prediction is "equivalent" when it returns reward 1.0 / True. Latency is wall time
per item including parsing (both parse gold and prediction every item; no caches shared
across items: our parser has none, math-verify's are its own). Each tool is warmed up on
a few items first (imports and sympy's caches) and the warm-up is not timed.

Reports for both: accuracy, false positives, false negatives, median / p99 / worst latency,
the ratios (ours / math-verify), per-category accuracy; writes ``benchmarks/results/math.json``.

External set (``--external``, default ``benchmarks/data/external_pairs.jsonl``), reported
apart from the table above: cases that nobody in this repo wrote, taken from other
projects' published grading tests (Math-Verify, NeMo-Skills, hendrycks/math, verl,
simple-evals) and from public answer formats (MATH-500 solutions and answers, GSM8K
``#### n``). Same row format plus ``source`` (repository / dataset and file) and, where the
right label is a policy choice (decimal commas, rounding, a false chain read by its last
side, ...), ``"policy": true`` with a ``note``: those rows are run but left out of the
headline figures (``headline``) and listed under ``policy``. Written to the same JSON under
``"external"``; ``--external ''`` skips it.

Second external set (``--external2``, default ``benchmarks/data/external_pairs_2.jsonl``): 692 cases
from projects and answer keys the first set does not use (lighteval's extractive-match tests not
already in the first set, AReaL's math-verify reward tests, Qwen2.5-Math's grader tests and debug
examples, MindSpeed-RL, TRL's accuracy rewards, Trinity-RFT's eval utils, a math_evaluation package's
is_equiv tests; AIME 2024 solutions, AMC 2023 float golds, Minerva-math solutions, OlympiadBench and
Gaokao 2023 answers, each against its own answer and another problem's). It was built after the
verifier was tuned and run once before any change: ``FIRST_RUN_2`` keeps those out-of-sample figures,
printed next to the current ones (which are in-sample from then on). Same row format and policy
rule as the first set; written under ``"external2"`` with a per-source breakdown.

Third external set (``--external3``, default ``benchmarks/data/external_pairs_3.jsonl``): cases from
projects neither earlier set uses. Rows whose ``source`` does not start with "derived from" come from
another project's grading tests (STACK's AlgEquiv answer-test fixtures, PrimeIntellect verifiers'
MathRubric tests, NeMo-RL's math environment tests, OpenCompass's OlympiadBench judger tests, slime's
reward tests, tinker-cookbook's grading tests, Aleph Alpha eval-framework's extraction tests); the
derived rows write STACK's pairs in LaTeX, STACK's number forms and OpenCompass's listed pairs. Built
and run once before any verifier change: ``FIRST_RUN_3`` keeps those figures, for all headline rows and
for the grading-test rows alone (``grading_tests``). Written under ``"external3"``.

Fourth external set (``--external4``, default ``benchmarks/data/external_pairs_4.jsonl``): cases from
projects none of the earlier sets uses: pie-framework math-validation's symbolic LaTeX-equality fixtures
(a sample of each file; degrees, units and the files it marks as to be fixed left out), Khan Academy's KAS
``comparing`` tests (perseus), rllm's math reward tests and the MITx grading library's FormulaGrader tests.
Every row comes from a grading test (none derived). Built and run once before any verifier change:
``FIRST_RUN_4`` keeps those figures, for all headline rows and for the grading-test rows. Written under
``"external4"``.

Fifth external set (``--external5``, default ``benchmarks/data/external_pairs_5.jsonl``): cases from
projects none of the earlier sets uses: the Cortex compute engine's equality and simplification tests, mathjs's
``simplify`` and ``symbolicEqual`` tests, PrairieLearn's sympy conversion tests, open-instruct's GSM8K verifier
and normalisation tests and open-r1's reward test. Built and run once before any verifier change:
``FIRST_RUN_5`` keeps those figures. Written under ``"external5"``.

Sixth external set (``--external6``, default ``benchmarks/data/external_pairs_6.jsonl``): cases from
projects none of the earlier sets uses: Algebrite's ``run_test`` expectations (simplification, trigonometric,
power and rounding tests: the input and the printed output are equal), Numbas's part-marking tests, WeBWorK
PG's MathObjects context tests (tolerances, degrees, intervals) and NextThought's nti.assessment grader tests.
Built and run once before any verifier change: ``FIRST_RUN_6`` keeps those figures. Written under
``"external6"``.

Seventh external set (``--external7``, default ``benchmarks/data/external_pairs_7.jsonl``): two halves from projects none
of the earlier sets uses: wrong and right answers from edX's capa grading tests (formula, numerical, symbolic and custom
responses: tolerances, range keys, partial credit) and whole model completions (``raw``) with their reference answers,
from CS336 assignment repositories' committed evaluation outputs and GRPO rollouts. Built and run once before any
verifier change: ``FIRST_RUN_7`` keeps those figures (also per half). Written under ``"external7"``.

Eighth external set (``--external8``, default ``benchmarks/data/external_pairs_8.jsonl``): from projects none of the
earlier sets uses: whole model completions (``raw``) on gaokao2023en, Minerva math and OlympiadBench with their keys, from
the evaluation outputs PRIME committed (Qwen2.5-Math-7B-Instruct and PRIME's SFT model), and the answer pairs of the
math reward tests of kolibrify, ouro_rl and ToRA's grader. Built and run once before any verifier change:
``FIRST_RUN_8`` keeps those figures. Written under ``"external8"``.

Ninth external set (``--external9``, default ``benchmarks/data/external_pairs_9.jsonl``): from projects none of the
earlier sets uses: Moodle qtype_formulas' answer-checking tests (unit conversions, units, percent, degrees, numerical
and algebraic formulas), Numbas' part unit tests, number notation styles and real-interval tests, and nerdamer's
``equal``/``gt``/``lt`` tests; near misses derived from the unit-conversion and interval facts. Built and run once
before any verifier change: ``FIRST_RUN_9`` keeps those figures. Written under ``"external9"``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE / "data" / "math_pairs.jsonl"
DEFAULT_OUT = HERE / "results" / "math.json"
DEFAULT_EXTERNAL = HERE / "data" / "external_pairs.jsonl"
DEFAULT_EXTERNAL_2 = HERE / "data" / "external_pairs_2.jsonl"
DEFAULT_EXTERNAL_3 = HERE / "data" / "external_pairs_3.jsonl"
DEFAULT_EXTERNAL_4 = HERE / "data" / "external_pairs_4.jsonl"
DEFAULT_EXTERNAL_5 = HERE / "data" / "external_pairs_5.jsonl"
DEFAULT_EXTERNAL_6 = HERE / "data" / "external_pairs_6.jsonl"
DEFAULT_EXTERNAL_7 = HERE / "data" / "external_pairs_7.jsonl"
DEFAULT_EXTERNAL_8 = HERE / "data" / "external_pairs_8.jsonl"
DEFAULT_EXTERNAL_9 = HERE / "data" / "external_pairs_9.jsonl"

# The second external set at its first run, before any verifier change made after reading it
# (headline: 656 of 692 rows, 377 equivalent; 36 policy rows left out).
FIRST_RUN_2 = {
    "ours": {"accuracy": 0.9649, "false_positives": 1, "false_negatives": 22},
    "math_verify": {"accuracy": 0.9649, "false_positives": 2, "false_negatives": 21},
}

# The third external set at its first run, before any verifier change made after reading it
# (headline: 351 of 369 rows, 250 equivalent, 18 policy rows left out; grading-test rows: 222 of them).
# After it, one row pair ((a^b)^c vs a^(bc), a false positive there) was re-marked as a policy row (see
# notes/issue12_set3.md), so the current headline has 349 rows (221 from grading tests).
FIRST_RUN_3: dict[str, dict[str, Any]] = {
    "headline": {
        "ours": {"accuracy": 0.8661, "false_positives": 2, "false_negatives": 45},
        "math_verify": {"accuracy": 0.7550, "false_positives": 4, "false_negatives": 82},
    },
    "grading_tests": {
        "ours": {"accuracy": 0.8784, "false_positives": 1, "false_negatives": 26},
        "math_verify": {"accuracy": 0.7523, "false_positives": 3, "false_negatives": 52},
    },
}

# The fourth external set at its first run, before any verifier change made after reading it
# (headline: 331 of 382 rows, 234 equivalent, 51 policy rows left out; every row is from a grading test,
# so the grading-test figures equal the headline ones). Failure classes: notes/issue12_set4.md.
FIRST_RUN_4: dict[str, dict[str, Any]] = {
    "headline": {
        "ours": {"accuracy": 0.9456, "false_positives": 2, "false_negatives": 16},
        "math_verify": {"accuracy": 0.8580, "false_positives": 2, "false_negatives": 45},
    },
    "grading_tests": {
        "ours": {"accuracy": 0.9456, "false_positives": 2, "false_negatives": 16},
        "math_verify": {"accuracy": 0.8580, "false_positives": 2, "false_negatives": 45},
    },
}

# The fifth external set at its first run, before any verifier change made after reading it
# (headline: 368 of 396 rows, 324 equivalent, 28 policy rows left out; every row is from another project's
# tests, none derived, so the grading-test figures equal the headline ones). Failure classes:
# notes/issue12_set5.md.
FIRST_RUN_5: dict[str, dict[str, Any]] = {
    "headline": {
        "ours": {"accuracy": 0.9592, "false_positives": 2, "false_negatives": 13},
        "math_verify": {"accuracy": 0.7908, "false_positives": 2, "false_negatives": 75},
    },
    "grading_tests": {
        "ours": {"accuracy": 0.9592, "false_positives": 2, "false_negatives": 13},
        "math_verify": {"accuracy": 0.7908, "false_positives": 2, "false_negatives": 75},
    },
}

# The sixth external set at its first run, before any verifier change made after reading it
# (headline: 231 of 268 rows, 215 equivalent, 37 policy rows left out; every row is from another project's
# tests, none derived, so the grading-test figures equal the headline ones). Failure classes:
# notes/issue12_set6.md.
FIRST_RUN_6: dict[str, dict[str, Any]] = {
    "headline": {
        "ours": {"accuracy": 0.9048, "false_positives": 0, "false_negatives": 22},
        "math_verify": {"accuracy": 0.7013, "false_positives": 1, "false_negatives": 68},
    },
    "grading_tests": {
        "ours": {"accuracy": 0.9048, "false_positives": 0, "false_negatives": 22},
        "math_verify": {"accuracy": 0.7013, "false_positives": 1, "false_negatives": 68},
    },
}

# The seventh external set at its first run, before any verifier change made after reading it (headline: 182 of 214
# rows, 45 equivalent, 32 policy rows left out; none derived, so the grading-test figures equal the headline ones).
# Two halves: edX capa's answer-grading tests (100 headline rows, 129 in all) and whole model completions (82 headline
# rows, 85 in all, ``raw``). Failure classes: notes/issue12_set7.md.
FIRST_RUN_7: dict[str, dict[str, Any]] = {
    "headline": {
        "ours": {"accuracy": 0.9945, "false_positives": 0, "false_negatives": 1},
        "math_verify": {"accuracy": 0.9615, "false_positives": 0, "false_negatives": 7},
    },
    "grading_tests": {
        "ours": {"accuracy": 0.9945, "false_positives": 0, "false_negatives": 1},
        "math_verify": {"accuracy": 0.9615, "false_positives": 0, "false_negatives": 7},
    },
    "answer_grading_half": {
        "ours": {"accuracy": 1.0, "false_positives": 0, "false_negatives": 0},
        "math_verify": {"accuracy": 0.96, "false_positives": 0, "false_negatives": 4},
    },
    "completions_half": {
        "ours": {"accuracy": 0.9878, "false_positives": 0, "false_negatives": 1},
        "math_verify": {"accuracy": 0.9634, "false_positives": 0, "false_negatives": 3},
    },
    "policy_rows": {
        "ours": {"agree": 29, "n": 32},
        "math_verify": {"agree": 30, "n": 32},
    },
}

# The eighth external set at its first run, before any verifier change made after reading it (headline: 211 of 219
# rows, 103 equivalent, 8 policy rows left out; none derived, so the grading-test figures equal the headline ones).
# Mostly whole model completions (``raw``) from PRIME's committed evaluation outputs. Failure classes:
# notes/issue12_set8.md.
FIRST_RUN_8: dict[str, dict[str, Any]] = {
    "headline": {
        "ours": {"accuracy": 0.9716, "false_positives": 1, "false_negatives": 5},
        "math_verify": {"accuracy": 0.9668, "false_positives": 1, "false_negatives": 6},
    },
    "grading_tests": {
        "ours": {"accuracy": 0.9716, "false_positives": 1, "false_negatives": 5},
        "math_verify": {"accuracy": 0.9668, "false_positives": 1, "false_negatives": 6},
    },
    "policy_rows": {
        "ours": {"agree": 5, "n": 8},
        "math_verify": {"agree": 6, "n": 8},
    },
}

# The ninth external set at its first run, before any verifier change made after reading it (headline: 225 of 241
# rows, 153 equivalent, 16 policy rows left out; 43 derived rows, so the grading-test figures cover 182 rows).
# Units, number notations and interval set operations from qtype_formulas, Numbas and nerdamer. Failure classes:
# notes/issue12_set9.md.
FIRST_RUN_9: dict[str, dict[str, Any]] = {
    "headline": {
        "ours": {"accuracy": 0.5733, "false_positives": 0, "false_negatives": 96},
        "math_verify": {"accuracy": 0.5289, "false_positives": 1, "false_negatives": 105},
    },
    "grading_tests": {
        "ours": {"accuracy": 0.4725, "false_positives": 0, "false_negatives": 96},
        "math_verify": {"accuracy": 0.4231, "false_positives": 0, "false_negatives": 105},
    },
    "policy_rows": {
        "ours": {"agree": 4, "n": 16},
        "math_verify": {"agree": 5, "n": 16},
    },
}

# External sets 3 and on, each with its file and its first-run figures: one argument, run and report per row.
LATER_SETS: dict[int, tuple[Path, dict[str, dict[str, Any]]]] = {
    3: (DEFAULT_EXTERNAL_3, FIRST_RUN_3),
    4: (DEFAULT_EXTERNAL_4, FIRST_RUN_4),
    5: (DEFAULT_EXTERNAL_5, FIRST_RUN_5),
    6: (DEFAULT_EXTERNAL_6, FIRST_RUN_6),
    7: (DEFAULT_EXTERNAL_7, FIRST_RUN_7),
    8: (DEFAULT_EXTERNAL_8, FIRST_RUN_8),
    9: (DEFAULT_EXTERNAL_9, FIRST_RUN_9),
}


def load_pairs(path: Path) -> list[dict[str, Any]]:
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    return rows


def completion_for(row: dict[str, Any]) -> str:
    if row.get("raw"):
        return row["prediction"]
    return "The final answer is $\\boxed{" + row["prediction"] + "}$."


def gold_for_math_verify(gold: str) -> str:
    return gold if ("\\boxed" in gold or "$" in gold) else "\\boxed{" + gold + "}"


def run_ours(rows: list[dict[str, Any]]) -> list[tuple[bool, float, str]]:
    from verifiers.math import math_answer

    for r in rows[:5]:
        math_answer(completion_for(r), {"reference": r["gold"]})
    out = []
    for r in rows:
        comp = completion_for(r)
        t0 = time.perf_counter()
        reward = math_answer(comp, {"reference": r["gold"]})
        dt = time.perf_counter() - t0
        out.append((reward.outcome == 1.0, dt, reward.status.value))
    return out


def run_math_verify(rows: list[dict[str, Any]]) -> list[tuple[bool, float, str]]:
    from math_verify import parse, verify

    for r in rows[:5]:
        verify(parse(gold_for_math_verify(r["gold"])), parse(completion_for(r)))
    out = []
    for r in rows:
        comp = completion_for(r)
        gold = gold_for_math_verify(r["gold"])
        t0 = time.perf_counter()
        try:
            ok = bool(verify(parse(gold), parse(comp)))
            status = "ok"
        except Exception as e:  # noqa: BLE001 - a crash counts as "not equivalent"
            ok, status = False, f"error: {type(e).__name__}"
        dt = time.perf_counter() - t0
        out.append((ok, dt, status))
    return out


def summarise(rows: list[dict[str, Any]], results: list[tuple[bool, float, str]]) -> dict[str, Any]:
    lat = sorted(dt for _, dt, _ in results)
    fp = [i for i, (r, (ok, _, _)) in enumerate(zip(rows, results)) if ok and not r["equivalent"]]
    fn = [i for i, (r, (ok, _, _)) in enumerate(zip(rows, results)) if not ok and r["equivalent"]]
    per_cat: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r, (ok, _, _) in zip(rows, results):
        per_cat[r["category"]][0] += ok == r["equivalent"]
        per_cat[r["category"]][1] += 1
    n = len(rows)
    return {
        "n": n,
        "accuracy": (n - len(fp) - len(fn)) / n,
        "false_positives": len(fp),
        "false_negatives": len(fn),
        "median_ms": statistics.median(lat) * 1e3,
        "p99_ms": lat[min(n - 1, int(round(0.99 * (n - 1))))] * 1e3,
        "worst_ms": lat[-1] * 1e3,
        "total_s": sum(lat),
        "fp_items": [
            {"i": i, **{k: _short(rows[i][k]) for k in ("gold", "prediction", "category")}} for i in fp
        ],
        "fn_items": [
            {"i": i, **{k: _short(rows[i][k]) for k in ("gold", "prediction", "category")}} for i in fn
        ],
        "per_category": {c: f"{a}/{t}" for c, (a, t) in sorted(per_cat.items())},
    }


def summarise_external(rows: list[dict[str, Any]], ours: list, theirs: list) -> dict[str, Any]:
    """The external set: headline figures over rows whose label is not a policy choice, and
    each tool's verdict on the policy rows."""
    keep = [i for i, r in enumerate(rows) if not r.get("policy")]
    head_rows = [rows[i] for i in keep]
    out: dict[str, Any] = {
        "n_rows": len(rows),
        "n_headline": len(keep),
        "n_policy": len(rows) - len(keep),
        "n_equivalent": sum(bool(r["equivalent"]) for r in head_rows),
        "sources": dict(sorted(_count(r["source"].split(" ")[0] for r in head_rows).items())),
    }
    by_source: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for i in keep:
        src = _source_key(rows[i]["source"])
        by_source[src][0] += ours[i][0] == rows[i]["equivalent"]
        by_source[src][1] += theirs[i][0] == rows[i]["equivalent"]
        by_source[src][2] += 1
    out["per_source"] = {k: f"{a}/{n} | {b}/{n}" for k, (a, b, n) in sorted(by_source.items())}
    for name, res in (("ours", ours), ("math_verify", theirs)):
        summary = summarise(head_rows, [res[i] for i in keep])
        for kind in ("fp_items", "fn_items"):
            for item in summary[kind]:
                item["source"] = head_rows[item["i"]]["source"]
                item["i"] = keep[item["i"]]  # the row's line in the file (0-based)
        out[name] = summary
    out["grading_tests"] = _grading_tests(rows, ours, theirs)
    out["policy"] = [
        {
            "i": i,
            "note": r.get("note"),
            "equivalent": r["equivalent"],
            "ours": ours[i][0],
            "math_verify": theirs[i][0],
        }
        for i, r in enumerate(rows)
        if r.get("policy")
    ]
    return out


def _grading_tests(rows: list[dict[str, Any]], ours: list, theirs: list) -> dict[str, Any]:
    """Agreement on the headline rows taken from another project's grading tests (not derived)."""
    keep = [i for i, r in enumerate(rows) if not r.get("policy") and not r["source"].startswith("derived from")]
    out: dict[str, Any] = {"n": len(keep)}
    for name, res in (("ours", ours), ("math_verify", theirs)):
        fp = sum(1 for i in keep if res[i][0] and not rows[i]["equivalent"])
        fn = sum(1 for i in keep if not res[i][0] and rows[i]["equivalent"])
        out[name] = {
            "accuracy": (len(keep) - fp - fn) / len(keep) if keep else 0.0,
            "false_positives": fp,
            "false_negatives": fn,
        }
    return out


def _source_key(source: str) -> str:
    """The project (and, for a data directory, the data set) a row came from."""
    words = source.removeprefix("derived from ").split(" ")
    key = words[0].split("@")[0]
    if len(words) > 1 and "/data/" in words[1]:
        key += " " + words[1].split("/data/")[1].split("/")[0]
    return key


def _count(items: Any) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for x in items:
        counts[x] += 1
    return counts


def _short(s: str, n: int = 120) -> str:
    return s if len(s) <= n else s[:n] + f"...(+{len(s) - n} chars)"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--limit", type=int, default=0, help="only the first N pairs (0: all)")
    ap.add_argument(
        "--external", type=str, default=str(DEFAULT_EXTERNAL), help="cases from other projects ('' to skip)"
    )
    ap.add_argument(
        "--external2",
        type=str,
        default=str(DEFAULT_EXTERNAL_2),
        help="the second external set, out-of-sample at its first run ('' to skip)",
    )
    for n, (default, _) in LATER_SETS.items():
        ap.add_argument(
            f"--external{n}",
            type=str,
            default=str(default),
            help=f"external set {n}, out-of-sample at its first run ('' to skip)",
        )
    args = ap.parse_args(argv)

    rows = load_pairs(args.data)
    if args.limit:
        rows = rows[: args.limit]
    ours = summarise(rows, run_ours(rows))
    theirs = summarise(rows, run_math_verify(rows))
    report = {
        "data": str(args.data),
        "n_pairs": len(rows),
        "n_equivalent": sum(bool(r["equivalent"]) for r in rows),
        "ours": ours,
        "math_verify": theirs,
        "ratios": {
            "median_latency_ours_over_mv": ours["median_ms"] / theirs["median_ms"],
            "p99_latency_ours_over_mv": ours["p99_ms"] / theirs["p99_ms"],
            "worst_latency_ours_over_mv": ours["worst_ms"] / theirs["worst_ms"],
            "accuracy_ours_minus_mv": ours["accuracy"] - theirs["accuracy"],
        },
    }
    externals: dict[str, dict[str, Any]] = {}  # "external", "external2", ...: each set's summary
    first_runs = {"external": None, "external2": FIRST_RUN_2} | {f"external{n}": f for n, (_, f) in LATER_SETS.items()}
    for key, first_run in first_runs.items():
        path = getattr(args, key)
        if path:
            ext_rows = load_pairs(Path(path))
            externals[key] = summarise_external(ext_rows, run_ours(ext_rows), run_math_verify(ext_rows))
            report[key] = {"data": path, **({"first_run": first_run} if first_run else {}), **externals[key]}
    external, external2 = externals.get("external"), externals.get("external2")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")

    print(f"{len(rows)} pairs ({report['n_equivalent']} equivalent), data {args.data}")
    print(f"{'':14}{'ours':>12}{'math-verify':>14}{'ratio':>10}")
    for key, label, fmt in (
        ("accuracy", "accuracy", "{:.3f}"),
        ("false_positives", "false pos.", "{}"),
        ("false_negatives", "false neg.", "{}"),
        ("median_ms", "median ms", "{:.3f}"),
        ("p99_ms", "p99 ms", "{:.2f}"),
        ("worst_ms", "worst ms", "{:.1f}"),
    ):
        a, b = ours[key], theirs[key]
        ratio = f"{a / b:.2f}" if key.endswith("ms") and b else ""
        print(f"{label:14}{fmt.format(a):>12}{fmt.format(b):>14}{ratio:>10}")
    print("per category (ours | math-verify):")
    for cat in sorted(ours["per_category"]):
        print(f"  {cat:20} {ours['per_category'][cat]:>7} | {theirs['per_category'][cat]:>7}")
    for name, res in (("ours", ours), ("math-verify", theirs)):
        for kind in ("fp_items", "fn_items"):
            for item in res[kind]:
                print(
                    f"  {name} {kind[:2].upper()}: [{item['category']}] gold={item['gold']!r} pred={item['prediction']!r}"
                )
    if external is not None:
        _print_external(args.external, external)
    if external2 is not None:
        _print_external(args.external2, external2, title="EXTERNAL SET 2 (out-of-sample at first run)")
        print("at first run, before any change made after reading this set (out-of-sample):")
        for name, key in (("ours", "ours"), ("math-verify", "math_verify")):
            f = FIRST_RUN_2[key]
            print(
                f"  {name:12} agreement {f['accuracy']:.4f}, false pos. {f['false_positives']}, "
                f"false neg. {f['false_negatives']}"
            )
        print("the figures above are the current run (in-sample once a fix was made after reading it)")
        print("per source (ours | math-verify):")
        for src, cell in external2["per_source"].items():
            print(f"  {src:60} {cell}")
    for n, (_, first_run) in LATER_SETS.items():
        if f"external{n}" in externals:
            _print_later_set(getattr(args, f"external{n}"), externals[f"external{n}"], n, first_run)
    print(f"wrote {args.out}")
    return report


def _print_later_set(
    path: str, ext: dict[str, Any], number: int, first_run: dict[str, dict[str, Any]]
) -> None:
    """A later external set: its figures, the grading-test rows alone, the first-run figures, per source."""
    _print_external(path, ext, title=f"EXTERNAL SET {number} (out-of-sample at first run)")
    _print_grading_tests(ext["grading_tests"])
    if first_run:
        print("at first run, before any change made after reading this set (out-of-sample):")
        for part, label in (("headline", "all headline rows"), ("grading_tests", "grading-test rows")):
            for name, key in (("ours", "ours"), ("math-verify", "math_verify")):
                f = first_run[part][key]
                print(
                    f"  {label:18} {name:12} agreement {f['accuracy']:.4f}, "
                    f"false pos. {f['false_positives']}, false neg. {f['false_negatives']}"
                )
        print("the figures above are the current run (in-sample once a fix was made after reading it)")
    print("per source (ours | math-verify):")
    for src, cell in ext["per_source"].items():
        print(f"  {src:60} {cell}")


def _print_grading_tests(g: dict[str, Any]) -> None:
    print(f"grading-test rows only ({g['n']} headline rows, none derived):")
    for name, key in (("ours", "ours"), ("math-verify", "math_verify")):
        f = g[key]
        print(
            f"  {name:12} agreement {f['accuracy']:.4f}, false pos. {f['false_positives']}, "
            f"false neg. {f['false_negatives']}"
        )


def _print_external(
    path: str, ext: dict[str, Any], title: str = "EXTERNAL SET (no one in this repo labelled these)"
) -> None:
    print()
    print(f"{title}: {path}")
    print(
        f"{ext['n_headline']} cases in the headline ({ext['n_equivalent']} equivalent), "
        f"{ext['n_policy']} policy-dependent cases left out; sources: {ext['sources']}"
    )
    print(f"{'':14}{'ours':>12}{'math-verify':>14}")
    for key, label, fmt in (
        ("accuracy", "agreement", "{:.3f}"),
        ("false_positives", "false pos.", "{}"),
        ("false_negatives", "false neg.", "{}"),
    ):
        a, b = ext["ours"][key], ext["math_verify"][key]
        print(f"{label:14}{fmt.format(a):>12}{fmt.format(b):>14}")
    for name, key in (("ours", "ours"), ("math-verify", "math_verify")):
        for kind in ("fp_items", "fn_items"):
            for item in ext[key][kind]:
                print(
                    f"  {name} {kind[:2].upper()} #{item['i']}: gold={item['gold']!r} "
                    f"pred={item['prediction'][:100]!r} ({item['source']})"
                )


if __name__ == "__main__":
    main()
