"""bench_math's per-set page: every external set one row, the out-of-sample first run kept apart from now."""

from __future__ import annotations

from pathlib import Path

from verigrpo.benchmarks.math_report import plot_sets, set_rows, write_markdown


def _fig(acc: float, fp: int, fn: int, **extra: float) -> dict:
    return {"accuracy": acc, "false_positives": fp, "false_negatives": fn, **extra}


def _report() -> dict:
    def ext(first: dict | None, ours: dict, mv: dict, sources: dict) -> dict:
        out = {"n_headline": 10, "n_policy": 2, "sources": sources, "ours": ours, "math_verify": mv}
        return out if first is None else {"first_run": first, **out}

    return {
        "n_pairs": 100,
        "ours": _fig(0.99, 0, 1, median_ms=0.5),
        "math_verify": _fig(0.8, 3, 17, median_ms=5.0),
        "ratios": {"median_latency_ours_over_mv": 0.1},
        # set 10 before set 2 in the dict: the table is in set order, not insertion order
        "external10": ext(
            {"headline": {"ours": _fig(0.7, 1, 2), "math_verify": _fig(0.6, 0, 4)}, "grading_tests": {}},
            _fig(0.9, 0, 1), _fig(0.6, 0, 4), {"a/b@123": 3, "a/b@456": 2, "derived": 5},
        ),
        "external2": ext({"ours": _fig(0.8, 0, 2), "math_verify": _fig(0.9, 1, 0)}, _fig(1.0, 0, 0),
                         _fig(0.9, 1, 0), {"c/d": 10}),
        "external": ext(None, _fig(0.95, 0, 0), _fig(0.95, 0, 0), {"e/f": 10}),
    }


def test_rows_in_set_order_with_both_first_run_shapes_and_sources_without_commits() -> None:
    rows = set_rows(_report())
    assert [r["set"] for r in rows] == [1, 2, 10]
    assert rows[0]["first"] is None  # the first set has no first run on record
    assert rows[1]["first"]["math_verify"] == _fig(0.9, 1, 0)  # set 2 keeps only the headline
    assert rows[2]["first"]["ours"] == _fig(0.7, 1, 2)  # later sets keep parts: the headline is taken
    assert rows[2]["now"]["ours"] == _fig(0.9, 0, 1)
    assert rows[2]["sources"] == ["a/b"]  # one project, two commits; rows written here not a source


def test_markdown_page_has_one_row_per_set_first_run_beside_now(tmp_path: Path) -> None:
    path = tmp_path / "math.md"
    write_markdown(_report(), path)
    lines = path.read_text().splitlines()
    table = [line for line in lines if line.startswith("| ") and line[2].isdigit()]
    assert len(table) == 3
    assert table[0].startswith("| 1 | 10 | - | - | 0.950 (0 FP, 0 FN) |")
    assert table[2] == "| 10 | 10 | 0.700 (1 FP, 2 FN) | 0.600 (0 FP, 4 FN) | 0.900 (0 FP, 1 FN) | 0.600 (0 FP, 4 FN) | a/b |"
    assert any("ours 0.990 (0 FP, 1 FN); math-verify 0.800 (3 FP, 17 FN)" in line for line in lines)


def test_plot_is_written(tmp_path: Path) -> None:
    path = tmp_path / "sets.png"
    assert plot_sets(_report(), path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
