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

External sets 3 and on (``--external3`` ... ``--external9``, defaults ``benchmarks/data/external_pairs_<n>.jsonl``):
each built from projects none of the earlier sets uses, labelled before any run and run once before any verifier
change. ``benchmarks/data/external_sets.json`` lists, per set, its file, its sources (``about``) and those
first-run figures (``first_run``: all headline rows, the grading-test rows, and per part where a set has parts),
printed next to the current ones, which are in-sample from then on. Rows whose ``source`` starts with "derived
from" are not from another project's tests and are left out of the grading-test figures. Written under
``"external<n>"``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from .math_report import plot_sets, write_markdown

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE / "data" / "math_pairs.jsonl"
DEFAULT_OUT = HERE / "results" / "math.json"
DEFAULT_EXTERNAL = HERE / "data" / "external_pairs.jsonl"
DEFAULT_EXTERNAL_2 = HERE / "data" / "external_pairs_2.jsonl"

# The second external set at its first run, before any verifier change made after reading it
# (headline: 656 of 692 rows, 377 equivalent; 36 policy rows left out).
FIRST_RUN_2 = {
    "ours": {"accuracy": 0.9649, "false_positives": 1, "false_negatives": 22},
    "math_verify": {"accuracy": 0.9649, "false_positives": 2, "false_negatives": 21},
}

# External sets 3 and on, each with its file and its first-run figures: one argument, run and report per row.
_LATER = json.loads((HERE / "data" / "external_sets.json").read_text(encoding="utf-8"))
LATER_SETS: dict[int, tuple[Path, dict[str, dict[str, Any]]]] = {
    int(n): (HERE / "data" / entry["file"], entry["first_run"]) for n, entry in _LATER.items()
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
    from verigrpo.verifiers.math import math_answer

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
    write_markdown(report, args.out.with_suffix(".md"))
    plotted = plot_sets(report, args.out.with_name(args.out.stem + "_sets.png"))

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
    print(f"wrote {args.out}, {args.out.with_suffix('.md')}" + (" and the per-set plot" if plotted else ""))
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
