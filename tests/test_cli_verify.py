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
