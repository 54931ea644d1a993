"""bench_math's report as a page and a picture: one table row per labelled set, first run beside now.

``write_markdown(report, path)`` writes ``benchmarks/results/math.md`` and ``plot_sets(report, path)``
``benchmarks/results/math_sets.png`` from the dict that ``bench_math.main`` writes to ``math.json``. Each
external set was run once before any verifier change made after reading it; that first run is the
out-of-sample figure, and the current figure is in-sample from then on. The table keeps the two apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def set_rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per external set in ``report``, in set order: its size, sources, first run and current run.

    ``first`` and ``now`` map ``"ours"`` / ``"math_verify"`` to ``{"accuracy", "false_positives",
    "false_negatives"}``; ``first`` is None for a set with no first run on record (the first set, on which the
    early fixes were made)."""
    rows = []
    for key in sorted((k for k in report if k.startswith("external")), key=_set_number):
        ext = report[key]
        first = ext.get("first_run")
        if first is not None and "headline" in first:  # sets 3 on keep parts; set 2 only the headline
            first = first["headline"]
        rows.append(
            {
                "set": _set_number(key),
                "n": ext["n_headline"],
                "n_policy": ext["n_policy"],
                "sources": _projects(ext["sources"]),
                "first": first and {name: _figures(first[name]) for name in ("ours", "math_verify")},
                "now": {name: _figures(ext[name]) for name in ("ours", "math_verify")},
            }
        )
    return rows


def write_markdown(report: dict[str, Any], path: Path) -> None:
    """The own table and every external set, one line each, as a markdown page at ``path``."""
    ours, mv = report["ours"], report["math_verify"]
    lines = [
        "# `math` against math-verify on labelled answer pairs",
        "",
        "Written by `python -m benchmarks.bench_math` (figures in `math.json`). Agreement with the hand label, "
        "false positives (a wrong answer paid) and false negatives (a right answer refused).",
        "",
        f"**Own table** ({report['n_pairs']} pairs, labelled here): ours {_cell(_figures(ours))}; "
        f"math-verify {_cell(_figures(mv))}. Median latency {ours['median_ms']:.2f} ms against "
        f"{mv['median_ms']:.2f} ms ({report['ratios']['median_latency_ours_over_mv']:.2f}x).",
        "",
        "**External sets**: cases nobody here labelled, from other projects' grading tests and public answer "
        "formats (`benchmarks/data/external_sets.json` names each set's sources). *First run* is the run before "
        "any change made after reading the set: out of sample. *Now* is this run: in sample for every set "
        "that led to a fix. Policy rows (a label that is a policy choice) are left out of both.",
        "",
        "| set | rows | first run: ours | first run: math-verify | now: ours | now: math-verify | sources |",
        "|---:|---:|---|---|---|---|---|",
    ]
    for r in set_rows(report):
        first = r["first"]
        lines.append(
            f"| {r['set']} | {r['n']} | {_cell(first['ours']) if first else '-'} | "
            f"{_cell(first['math_verify']) if first else '-'} | {_cell(r['now']['ours'])} | "
            f"{_cell(r['now']['math_verify'])} | {_sources(r['sources'])} |"
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def plot_sets(report: dict[str, Any], path: Path) -> bool:
    """Agreement per external set, first run and now, ours against math-verify, as a PNG at ``path``.
    False (nothing written) without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = set_rows(report)
    xs = [r["set"] for r in rows]
    fig, ax = plt.subplots(figsize=(10, 3.8))
    for name, colour in (("ours", "tab:blue"), ("math_verify", "tab:orange")):
        first = [(r["set"], r["first"][name]["accuracy"]) for r in rows if r["first"]]
        ax.plot([x for x, _ in first], [a for _, a in first], "o--", color=colour, label=f"{name}: first run")
        ax.plot(xs, [r["now"][name]["accuracy"] for r in rows], "s-", color=colour, alpha=0.5, label=f"{name}: now")
    ax.axhline(0.98, color="grey", lw=0.8, ls=":")
    ax.set(xlabel="external set", ylabel="agreement", title="math verifier: agreement per external set",
           xticks=xs)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def _figures(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: summary[k] for k in ("accuracy", "false_positives", "false_negatives")}


def _cell(f: dict[str, Any]) -> str:
    return f"{f['accuracy']:.3f} ({f['false_positives']} FP, {f['false_negatives']} FN)"


def _projects(sources: dict[str, int]) -> list[str]:
    """The projects and data sets a set's rows came from, without commits; rows written here ("derived") left out."""
    names = (s.split("@")[0] for s in sources if s != "derived")
    return list(dict.fromkeys(names))


def _sources(names: list[str], keep: int = 4) -> str:
    more = len(names) - keep
    return ", ".join(names[:keep]) + (f" +{more} more" if more > 0 else "")


def _set_number(key: str) -> int:
    return int(key.removeprefix("external") or 1)
