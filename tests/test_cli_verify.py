"""`verigrpo verify` end to end: order, pass-through columns, malformed lines, summary."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from verifiers.cli import build_verifier, parse_literal, verify_main
from verifiers.compose import Composite


def _write(path, lines):
    path.write_text("\n".join(lines) + "\n")


def test_verify_main_scores_every_line_in_order(tmp_path):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _write(
        src,
        [
            json.dumps({"id": "a", "completion": "4", "reference": "4"}),
            "{not json",
            json.dumps({"id": "b", "completion": "5", "reference": "4"}),
            json.dumps({"id": "c", "reference": "4"}),
            "",
            json.dumps([1, 2]),
            json.dumps({"id": "d", "completion": "hang", "reference": "4"}),
            json.dumps({"id": "e", "completion": "7", "reference": "7", "extra": {"k": 1}}),
        ],
    )
    rc = verify_main(
        ["--verifier", "fixture_verifiers:misbehave", "--input", str(src), "--output", str(dst),
         "--timeout", "1", "--workers", "2", "--no-progress"]
    )
    assert rc == 0
    rows = [json.loads(line) for line in dst.read_text().splitlines()]
    assert [r["status"] for r in rows] == ["correct", "bad_input", "wrong", "bad_input", "bad_input", "timeout", "correct"]
    assert [r.get("id") for r in rows] == ["a", None, "b", "c", None, "d", "e"]
    assert rows[1]["line"] == 2 and "not valid JSON" in rows[1]["info"]["error"]
    assert "missing column" in rows[3]["info"]["error"]
    assert rows[6]["extra"] == {"k": 1} and rows[6]["reward"] == 1.0
    assert all({"reward", "status", "steps", "info"} <= set(r) for r in rows)


def test_console_script_prints_summary(tmp_path):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _write(src, [json.dumps({"completion": "1", "reference": "1"})] * 3)
    proc = subprocess.run(
        [sys.executable, "-m", "verigrpo_cli", "verify", "--verifier", "fixture_verifiers:exact",
         "--input", str(src), "--output", str(dst), "--workers", "1"],
        capture_output=True, text=True, timeout=120,
        env={**__import__("os").environ, "PYTHONPATH": str(__import__("pathlib").Path(__file__).parent)},
    )
    assert proc.returncode == 0, proc.stderr
    assert "scored 3 rows" in proc.stderr and "correct=3" in proc.stderr


def test_build_verifier_composes_with_options_and_gates():
    v = build_verifier(["fixture_verifiers:last_word", "fixture_verifiers:tagged=0.5"],
                       gates=["fixture_verifiers:last_word=fixture_verifiers:tagged"])
    assert isinstance(v, Composite)
    assert v("OK: 3", {"reference": "3"}).outcome == 1.5
    assert parse_literal("['math']") == ["math"] and parse_literal("false") is False
    assert parse_literal("plain") == "plain"
    # an option aimed at a verifier that is not used is an error, not silently dropped
    with pytest.raises(SystemExit, match="not among"):
        build_verifier(["fixture_verifiers:exact"], options=["other.x=1"])


def test_a_switch_option_takes_pythons_spelling_and_refuses_anything_else(tmp_path, capsys):
    """``--option math.last_number_fallback=False`` (Python's spelling) switches the fallback off; a value
    of the wrong kind (``=nope``, read as a string, would be true) is a one-line error, not a silent on."""
    assert parse_literal("False") is False and parse_literal("True") is True
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _write(src, [json.dumps({"completion": "I think it is 42 apples", "reference": "42"})])
    common = ["--verifier", "math", "--input", str(src), "--output", str(dst), "--workers", "1", "--no-progress"]
    assert verify_main([*common, "--option", "math.last_number_fallback=False"]) == 0
    assert json.loads(dst.read_text())["status"] == "no_answer"
    with pytest.raises(SystemExit) as e:
        verify_main([*common, "--option", "math.last_number_fallback=nope"])
    assert e.value.code == 2 and "expects true or false" in capsys.readouterr().err


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--timeout", "-1"], "--timeout: must be > 0"),
        (["--workers", "0"], "--workers: must be > 0"),
        (["--workers", "two"], "--workers: expected int"),
    ],
)
def test_bad_numbers_and_outputs_are_one_line_errors(tmp_path, capsys, extra, message):
    src = tmp_path / "in.jsonl"
    _write(src, [json.dumps({"completion": "1", "reference": "1"})])
    with pytest.raises(SystemExit) as e:
        verify_main(["--verifier", "math", "--input", str(src), "--output", str(tmp_path / "o.jsonl"), *extra])
    assert e.value.code == 2 and message in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        verify_main(["--verifier", "math", "--input", str(src), "--output", str(tmp_path / "no" / "o.jsonl")])
    assert e.value.code == 2 and "cannot write there" in capsys.readouterr().err
