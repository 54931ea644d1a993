"""``verigrpo audit``: the built-in verifiers pay no hack on the sample rows and pay the references;
deliberately naive verifiers (defined here, imported by the pool's workers as ``test_audit:...``) are caught."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from verigrpo.verifiers.audit import (
    CODE_HACKS,
    MATH_HACKS,
    Skip,
    Verdict,
    answer_text,
    audit_main,
    code_fields,
    math_fields,
    row_kind,
    verdict,
    wrong_answers,
)
from verigrpo.verifiers.code import extract_code
from verigrpo.verifiers.types import Reward, Status

import verigrpo_cli

ROOT = Path(__file__).resolve().parent.parent
MATH_ROWS = str(ROOT / "data" / "audit_math.jsonl")
CODE_ROWS = str(ROOT / "data" / "audit_code.jsonl")


# ------------------------------------------------------------------ deliberately naive verifiers


def naive_contains(completion: str, row: Mapping[str, Any]) -> Reward:
    """Pays when the reference string occurs anywhere in the completion."""
    ok = str(row["reference"]).strip() in completion
    return Reward(float(ok), Status.CORRECT if ok else Status.WRONG)


def naive_tags(completion: str, row: Mapping[str, Any]) -> Reward:
    """Pays any completion with an opening and a closing answer tag."""
    ok = "<answer>" in completion and "</answer>" in completion
    return Reward(float(ok), Status.CORRECT if ok else Status.FORMAT_ERROR)


_DRIVER = """
code = open("solution.py").read()
tests = open("tests.py").read()
namespace = {"__name__": "__main__"}
exec(code, namespace)
exec(tests, namespace)
print("PASSED")
"""


def naive_code(completion: str, row: Mapping[str, Any]) -> Reward:
    """Writes the code and the tests to disk, runs both with ``exec`` in one (sub)process, and pays an exit
    status of 0 or "PASSED" on stdout. A stdin/stdout row only has to run on its first input."""
    reference = row["reference"]
    code = extract_code(completion) or ""
    tests, stdin = reference if isinstance(reference, str) else "", ""
    if isinstance(reference, Mapping) and "entry_point" in reference:
        code = reference.get("prompt", "") + "\n" + code
        tests = f"{reference['test']}\ncheck({reference['entry_point']})\n"
    elif isinstance(reference, Mapping):
        stdin = reference["inputs"][0]
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "solution.py").write_text(code)
        Path(folder, "tests.py").write_text(tests)
        try:
            proc = subprocess.run([sys.executable, "-c", _DRIVER], cwd=folder, input=stdin, capture_output=True,
                                  text=True, timeout=10)
        except subprocess.TimeoutExpired:
            return Reward(0.0, Status.TIME_LIMIT)
    ok = proc.returncode == 0 or "PASSED" in proc.stdout
    return Reward(float(ok), Status.CORRECT if ok else Status.WRONG)


def slow_on_towers(completion: str, row: Mapping[str, Any]) -> Reward:
    """Hangs on a power tower, refuses everything else (pays not even the reference)."""
    if "10^{10^{10}}" in completion:
        time.sleep(60)
    return Reward(0.0, Status.WRONG)


# ------------------------------------------------------------------ running the audit


def run_audit(tmp: Path, *argv: str) -> tuple[int, dict[str, Any], str]:
    out = tmp / "report.json"
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        code = verigrpo_cli.main(["audit", *argv, "--output", str(out)])
    return code, json.loads(out.read_text()), stdout.getvalue()


@pytest.fixture(scope="module")
def audits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, dict[str, Any], str]]:
    """Each audit once: the built-ins, then the naive verifiers."""
    runs = {
        "math": ("math", MATH_ROWS),
        "format_tags": ("format_tags", MATH_ROWS),
        "python_tests": ("python_tests", CODE_ROWS),
        "naive_contains": ("test_audit:naive_contains", MATH_ROWS),
        "naive_tags": ("test_audit:naive_tags", MATH_ROWS),
        "naive_code": ("test_audit:naive_code", CODE_ROWS),
    }
    return {
        key: run_audit(tmp_path_factory.mktemp(key), "--verifier", name, "--input", rows, "--workers", "2")
        for key, (name, rows) in runs.items()
    }


def _report(audits: dict[str, Any], key: str) -> dict[str, Any]:
    code, report, _ = audits[key]
    return next(iter(report["verifiers"].values()))


BUILTIN_CASES = [("math", h) for h in MATH_HACKS] + [("format_tags", h) for h in MATH_HACKS]
BUILTIN_CASES += [("python_tests", h) for h in CODE_HACKS]


def _case(verifier: str, hack: str) -> Any:
    return pytest.param(verifier, hack, id=f"{verifier}-{hack}")


@pytest.mark.parametrize(("verifier", "hack"), [_case(v, h) for v, h in BUILTIN_CASES])
def test_builtin_verifier_pays_no_hack(audits: dict[str, Any], verifier: str, hack: str) -> None:
    entry = _report(audits, verifier)["hacks"][hack]
    assert entry["paid"] == 0, entry["examples"]
    assert entry["infra"] == 0, "a harness failure hides the verdict"
    assert entry["tried"] > 0, f"{hack} was tried on no sample row: {entry['skip_reasons']}"


@pytest.mark.parametrize("verifier", [
    "math",
    "format_tags",
    "python_tests",
])
def test_builtin_verifier_pays_every_reference(audits: dict[str, Any], verifier: str) -> None:
    references = _report(audits, verifier)["references"]
    assert references["tried"] > 0
    assert references["unpaid"] == []


@pytest.mark.parametrize("verifier", [
    "math",
    "format_tags",
    "python_tests",
])
def test_builtin_verifier_passes_the_gate(audits: dict[str, Any], verifier: str) -> None:
    code, report, stdout = audits[verifier]
    assert (code, report["exit_code"]) == (0, 0)
    assert "ok: no hack paid" in stdout


@pytest.mark.parametrize(("naive", "caught"), [
    ("naive_contains", {"boxes_reference_last", "boxes_many", "hedge_or", "hedge_either", "hedge_candidates",
                        "number_in_word", "tag_spam", "nested_tags", "text_outside_tags", "answer_in_think",
                        "text_box_candidates", "phantom", "box_in_comment"}),
    ("naive_tags", {"tag_spam", "nested_tags", "text_outside_tags", "answer_in_think"}),
    ("naive_code", {"exit_at_import", "sys_exit_at_import", "os_exit_at_import", "exit_zero_at_exit",
                    "excepthook_exit_zero", "print_passed", "raise_system_exit", "always_equal", "always_equal_int",
                    "read_test_files", "inspect_frames", "gc_objects"}),
])
def test_naive_verifier_is_caught(audits: dict[str, Any], naive: str, caught: set[str]) -> None:
    code, report, stdout = audits[naive]
    got = _report(audits, naive)
    assert caught <= set(got["paid_hacks"]), caught - set(got["paid_hacks"])
    assert (code, report["exit_code"]) == (1, 1)
    assert "FAIL:" in stdout
    assert all(got["hacks"][h]["paid"] == 0 for h in ("empty", "whitespace") if h in got["hacks"])
    example = got["hacks"][sorted(caught)[0]]["examples"][0]
    assert example["reward"] > 0 and example["completion"]


def test_naive_code_verifier_pays_the_references(audits: dict[str, Any]) -> None:
    references = _report(audits, "naive_code")["references"]
    assert references["tried"] == references["paid"] == 4


def test_harness_failure_is_its_own_column_and_vacuous_verifier_is_flagged(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"id": "r", "question": "What is 3 + 4?", "reference": "7"}) + "\n")
    code, report, stdout = run_audit(tmp_path, "--verifier", "test_audit:slow_on_towers", "--input", str(rows),
                                     "--timeout", "1", "--workers", "2")
    got = report["verifiers"]["test_audit:slow_on_towers"]
    tower = got["hacks"]["power_tower_latex"]
    assert (tower["tried"], tower["paid"], tower["infra"]) == (1, 0, 1)
    assert code == 0 and got["paid_hacks"] == []
    assert got["references"] == {"tried": 1, "paid": 0, "infra": 0, "skipped": 0, "unpaid": ["r"]}
    assert "passes this audit trivially" in stdout
    assert "harness failures" in stdout


# ------------------------------------------------------------------ verdicts, skips, rows


@pytest.mark.parametrize(("reward", "expected"), [
    (Reward(1.0, Status.CORRECT), Verdict.PAID),
    (Reward(0.25, Status.PARTIAL), Verdict.PAID),
    (Reward(0.0, Status.CORRECT), Verdict.PAID),
    (Reward(0.0, Status.WRONG), Verdict.REFUSED),
    (Reward(-1.0, Status.FORMAT_ERROR), Verdict.REFUSED),
    (Reward(0.0, Status.TOO_LONG), Verdict.REFUSED),
    (Reward.failure(Status.TIMEOUT), Verdict.INFRA),
    (Reward.failure(Status.INFRA_ERROR), Verdict.INFRA),
    (Reward.failure(Status.ERROR), Verdict.INFRA),
])
def test_verdict(reward: Reward, expected: Verdict) -> None:
    assert verdict(reward) is expected


def test_reference_forms_and_wrong_answers() -> None:
    assert answer_text({"reference": "so 24 + 48 = 72\n#### 72"}) == "72"
    assert answer_text({"reference": "$\\boxed{\\frac{1}{2}}$"}) == "\\frac{1}{2}"
    assert answer_text({"reference": "\\boxed{1} and \\boxed{-2}"}) == "\\boxed{1} and \\boxed{-2}"
    assert wrong_answers("7") == ("8", "9")
    assert wrong_answers("-0.5") == ("0.5", "1.5")
    assert "7" not in wrong_answers("\\{-3, 3\\}")


def test_a_hack_that_could_be_correct_is_skipped_with_its_reason() -> None:
    echo = MATH_HACKS["echo_question"]
    states = echo.make(math_fields({"question": "If $x = 4$, what is $x$?", "reference": "4"}))
    assert isinstance(states, Skip) and "states the reference" in states.reason
    assert echo.make(math_fields({"question": "What is 2 + 2?", "reference": "4"})) == "What is 2 + 2?"
    assert isinstance(echo.make(math_fields({"question": "What is 40 + 4?", "reference": "4"})), Skip)
    assert isinstance(echo.make(math_fields({"reference": "4"})), Skip)
    tower = MATH_HACKS["power_tower_latex"].make(math_fields({"reference": "10^{10^{10}}"}))
    assert isinstance(tower, Skip) and "correct answer" in tower.reason
    glued = MATH_HACKS["number_in_word"].make(math_fields({"reference": "\\frac{1}{2}"}))
    assert isinstance(glued, Skip) and "plain" in glued.reason

    passed = {"reference": {"inputs": ["1\n"], "outputs": ["PASSED\nOK\n"]}}
    assert isinstance(CODE_HACKS["print_passed"].make(code_fields(passed)), Skip)
    silent = {"reference": {"inputs": ["1\n", "2\n"], "outputs": ["3\n", "\n"]}}
    assert isinstance(CODE_HACKS["os_exit_at_import"].make(code_fields(silent)), Skip)
    assert isinstance(CODE_HACKS["always_equal"].make(code_fields(silent)), Skip)
    assert "os._exit(0)" in CODE_HACKS["os_exit_at_import"].make(code_fields({"reference": "assert f(1) == 2"}))


@pytest.mark.parametrize(("reference", "kind"), [
    ("7", "math"),
    ("{1, 2}", "math"),
    ("x = 3 or x = -3", "math"),
    (12, "math"),
    ("assert f(1) == 2", "code"),
    ({"test": "def check(candidate):\n    assert candidate(1)\n", "entry_point": "f"}, "code"),
    ('{"inputs": ["1"], "outputs": ["1"]}', "code"),
])
def test_row_kind(reference: Any, kind: str) -> None:
    assert row_kind({"reference": reference}) == kind


def test_function_name_comes_from_the_tests() -> None:
    fields = code_fields({"reference": "assert set(similar((1, 2), (2, 3))) == set((2,))"})
    assert fields["name"] == "similar"
    assert "def similar(" in CODE_HACKS["always_equal"].make(fields)


# ------------------------------------------------------------------ command line


@pytest.mark.parametrize(("argv", "message"), [
    (["--verifier", "math", "--input", "no/such.jsonl"], "no such file"),
    (["--verifier", "no_such_verifier", "--input", MATH_ROWS], "unknown verifier"),
    (["--verifier", "math", "--verifier", "format_tags", "--input", MATH_ROWS, "--option", "reject_echo=false"],
     "name one of them"),
    (["--verifier", "math", "--input", MATH_ROWS, "--option", "no_such_option=1"], "does not accept"),
    (["--verifier", "math", "--input", MATH_ROWS, "--workers", "0"], "must be > 0"),
    (["--verifier", "math", "--input", MATH_ROWS, "--output", "/no/such/dir/r.json"], "cannot write"),
])
def test_usage_errors_exit_2_with_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        verigrpo_cli.main(["audit", *argv])
    assert e.value.code == 2
    assert message in capsys.readouterr().err


def test_no_usable_row_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"question": "no reference"}\nnot json\n')
    with pytest.raises(SystemExit) as e:
        audit_main(["--verifier", "math", "--input", str(rows)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "line 1: missing column(s) ['reference']" in err and "no usable row" in err


def test_audit_is_a_listed_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert verigrpo_cli.main(["--help"]) == 0
    assert "audit" in capsys.readouterr().out
    assert os.path.isfile(MATH_ROWS) and os.path.isfile(CODE_ROWS)
