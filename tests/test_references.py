"""Every reference checked once at load (``verifiers.references``), and the harness-failure guard's arithmetic."""

from __future__ import annotations

import json

import pytest
from verigrpo.grpo_train.train import harness_failing, judgeable, status_summary
from verigrpo.verifiers import compose, get_verifier
from verigrpo.verifiers.cli import verify_main
from verigrpo.verifiers.math import MAX_ANSWER_CHARS
from verigrpo.verifiers.references import check_references, describe, reference_problem

CALLS: list[str] = []


def counting_check(row):
    CALLS.append(row["reference"])
    return None if row["reference"] != "bad" else "not a usable reference"


def counted(completion, row):  # a verifier with a reference check
    return None


counted.check_reference = counting_check


def crashing(completion, row):
    return None


crashing.check_reference = lambda row: 1 / 0


@pytest.mark.parametrize(
    "reference, problem",
    [
        ("assert add(1, 2) == 3", None),
        ({"test": "def check(f):\n    assert f(1) == 2\n", "entry_point": "f"}, None),
        ({"inputs": ["1\n"], "outputs": ["2\n"]}, None),
        ("assert add(1, 2) ==", "does not compile"),
        ({"test": "def check(f):\n  assert f(1) == 2", "entry_point": "f", "prompt": "def helper(:\n"}, "prompt does not compile"),
        (42, "reference must be"),
        ({"inputs": ["1"], "outputs": []}, "reference must be"),
    ],
)
def test_python_tests_checks_its_references_without_running_anything(reference, problem):
    reason = reference_problem(get_verifier("python_tests"), {"reference": reference})
    assert (reason is None) if problem is None else (problem in reason)


def test_a_composite_names_the_component_that_cannot_judge():
    v = compose({"format_tags": 0.5, "python_tests": 1.0})
    assert v.check_reference({"reference": "assert f() =="}).startswith("python_tests: the reference's test")
    assert v.check_reference({"reference": "assert f() == 1"}) is None


def test_each_distinct_reference_is_checked_once_and_results_keep_row_order():
    CALLS.clear()
    rows = [{"reference": r} for r in ["1", "bad", "1", "2", "bad", "1"]]
    assert check_references(counted, rows) == [(1, "not a usable reference"), (4, "not a usable reference")]
    assert sorted(CALLS) == ["1", "2", "bad"]


def test_a_check_that_raises_is_a_reason_not_a_crash():
    [(index, reason)] = check_references(crashing, [{"reference": "x"}])
    assert index == 0 and "ZeroDivisionError" in reason


def test_verifiers_without_a_check_trust_every_row():
    assert check_references(lambda c, r: None, [{"reference": None}, {}]) == []


def test_describe_counts_and_shows_the_first_rows():
    bad = [(i, f"reason {i}") for i in range(5)]
    text = describe(bad, 100)
    assert text.startswith("5 of 100 rows have a reference") and "row 0: reason 0" in text and "(2 more)" in text
    assert describe([], 7) == "all 7 rows have a usable reference"


def test_judgeable_drops_and_reports_or_refuses_when_nothing_is_left():
    from verigrpo.grpo_train.data import DatasetError

    said: list[str] = []
    rows = [{"reference": r} for r in ["1", "bad", "2"]]
    assert judgeable(rows, counted, "training rows", said.append) == [rows[0], rows[2]]
    assert said and "1 of 3 training rows" in said[0] and "left out" in said[0]
    with pytest.raises(DatasetError, match="2 of 2 training rows"):
        judgeable([{"reference": "bad"}] * 2, counted, "training rows", said.append)


def test_verify_reports_unjudgeable_references_first_and_still_writes_every_row(tmp_path, capsys):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    rows = [{"completion": "```python\ndef f():\n    return 1\n```", "reference": "assert f() == 1"},
            {"completion": "```python\ndef f():\n    return 1\n```", "reference": "assert f() =="}]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert verify_main(["--verifier", "python_tests", "--input", str(src), "--output", str(dst), "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert "1 of 2 rows have a reference the verifiers cannot judge: line 2:" in err
    out = [json.loads(line) for line in dst.read_text().splitlines()]
    assert [r["status"] for r in out] == ["correct", "bad_input"]


@pytest.mark.parametrize(
    "history, window, expected",
    [
        ([1.0, 1.0], 3, None),  # the window is not full yet
        ([0.0, 1.0, 1.0, 1.0], 3, "100% of the completions of the last 3 steps"),  # (1 + 1 + 1) / 3
        ([1.0, 0.0, 0.5, 0.5], 3, None),  # (0 + 0.5 + 0.5) / 3 = 0.33 <= 0.5
        ([0.0, 0.6, 0.6, 0.6], 3, "60%"),  # 0.6 > 0.5
    ],
)
def test_harness_failing_averages_the_last_window(history, window, expected):
    reason = harness_failing(history, 0.5, window)
    assert (reason is None) if expected is None else (expected in reason and "max_infra_frac = 0.5" in reason)
    assert harness_failing(history, 1.0, window) is None  # 1.0 never stops a run


def test_status_summary_lists_statuses_most_common_first():
    assert status_summary({"status/wrong": 0.25, "status/timeout": 0.75, "reward": 0.1}) == "last step: timeout 75%, wrong 25%"


@pytest.mark.parametrize(
    "reference, problem",
    [
        ("132", None),
        (132, None),
        ("x^2 + 2x + 1", None),
        ("\\boxed{1} and \\boxed{-2}", None),
        ("We add the tens and the units, so the total is $\\boxed{28}$ apples in all.", None),  # a worked solution
        ("\\frac{1}{", "cannot be parsed"),
        ("", "no string 'reference'"),
        (None, "no string 'reference'"),
        ("1" * (MAX_ANSWER_CHARS * 4 + 1), "chars (over"),
    ],
    ids=lambda v: repr(v)[:20] if isinstance(v, str) else None,
)
def test_math_says_which_references_it_cannot_judge(reference, problem):
    reason = reference_problem(get_verifier("math"), {"reference": reference})
    assert (reason is None) if problem is None else (problem in reason)


def test_math_pays_nothing_but_a_verbatim_copy_against_a_reference_it_reports():
    """What the report warns about: against an unparsable reference a wrong answer is a masked harness failure."""
    math = get_verifier("math")
    row = {"reference": "\\frac{1}{"}
    assert reference_problem(math, row) is not None
    assert math("\\boxed{7}", row).status.is_infra
