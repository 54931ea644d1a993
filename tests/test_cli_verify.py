"""`verigrpo verify` end to end: order, pass-through columns, malformed lines, summary."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from verigrpo.verifiers.cli import build_verifier, parse_literal, verify_main
from verigrpo.verifiers.compose import Composite


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


# ------------------------------------------------- issue 15 item 8: every line one row, whatever its bytes


class _EchoPool:
    """A stand-in for :class:`ScoringPool`: scores ``completion == reference``, records each batch."""

    def __init__(self, info: dict | None = None):
        self.batches: list[list[str]] = []
        self.info = info or {}

    def score(self, completions, rows):
        from verigrpo.verifiers.types import Reward, Status

        self.batches.append(list(completions))
        return [
            Reward(1.0, Status.CORRECT, info=self.info) if c == str(r.get("reference")) else
            Reward(0.0, Status.WRONG, info=self.info)
            for c, r in zip(completions, rows)
        ]


def _nonblank_lines(data: bytes) -> list[bytes]:
    return [line for line in data.split(b"\n") if line.decode("utf-8", "replace").strip()]


def _verify_bytes(tmp_path, data: bytes, pool=None) -> list[dict]:
    from verigrpo.verifiers.cli import verify_file

    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_bytes(data)
    counts = verify_file(pool or _EchoPool(), str(src), str(dst), progress=False)
    raw = dst.read_bytes()
    raw.decode("utf-8")  # the output is valid UTF-8, whatever the input held
    rows = [json.loads(line) for line in raw.splitlines()]
    assert sum(counts.values()) == len(rows)
    return rows


def test_odd_lines_each_give_one_typed_row_in_order(tmp_path):
    ok = json.dumps({"id": "ok", "completion": "1", "reference": "1"}).encode()
    lines = [
        ok,
        b"[" * 200_000 + b"]" * 200_000,  # nested 200k deep
        b'{"completion": "1", "reference": ' + b"7" * 5000 + b"}",  # a 5,000-digit integer
        b'{"id": "sur", "completion": "\\ud800", "reference": "1"}',  # a lone surrogate escape
        b'{"id": "cr", "completion": "1",\r "reference": "1"}',  # a raw CR between tokens: a valid row
        b'{"id": "crs", "completion": "a\rb", "reference": "1"}',  # a raw CR inside a string
        b'{"id": "bad-utf8", "completion": "\xff\xfe", "reference": "1"}',
        b'{"a": ' * 150 + b"1" + b"}" * 150,  # deep but under the parser's limit
        ok,
    ]
    rows = _verify_bytes(tmp_path, b"\n".join(lines) + b"\n")
    assert len(rows) == len(lines)
    statuses = [r["status"] for r in rows]
    assert statuses == ["correct", "bad_input", "bad_input", "wrong", "correct", "bad_input", "wrong",
                        "bad_input", "correct"]
    assert rows[1]["line"] == 2 and "nested" in rows[1]["info"]["error"]
    assert rows[2]["line"] == 3 and "digits" in rows[2]["info"]["error"]
    assert rows[3]["id"] == "sur" and rows[3]["completion"] == "\ud800"
    assert rows[4]["id"] == "cr" and rows[5]["line"] == 6
    assert rows[7]["line"] == 8 and "nested" in rows[7]["info"]["error"]


def test_a_lone_surrogate_in_the_verifiers_info_is_written(tmp_path):
    data = b"\n".join([json.dumps({"completion": "1", "reference": "1"}).encode()] * 3) + b"\n"
    rows = _verify_bytes(tmp_path, data, _EchoPool(info={"error": "ValueError: \ud800 and \udfff"}))
    assert [r["status"] for r in rows] == ["correct"] * 3
    assert rows[0]["info"]["error"] == "ValueError: \ud800 and \udfff"


def test_a_candidates_exception_message_with_a_lone_surrogate_loses_no_row(tmp_path):
    bad = "```python\ndef f():\n    raise ValueError('\\ud800')\n```"
    good = "```python\ndef f():\n    return 1\n```"
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _write(src, [json.dumps({"completion": c, "reference": "assert f() == 1"}) for c in (bad, good, bad, good)])
    assert verify_main(["--verifier", "python_tests", "--input", str(src), "--output", str(dst),
                        "--workers", "1", "--no-progress"]) == 0
    rows = [json.loads(line) for line in dst.read_text(encoding="utf-8").splitlines()]
    assert [r["status"] for r in rows] == ["runtime_error", "correct", "runtime_error", "correct"]


def test_batches_are_bounded_by_bytes_and_an_overlong_line_is_one_bad_row(tmp_path, monkeypatch):
    import verigrpo.verifiers.cli as cli

    monkeypatch.setattr(cli, "BATCH_BYTES", 10_000)
    monkeypatch.setattr(cli, "MAX_LINE_BYTES", 50_000)
    big = json.dumps({"completion": "x" * 3_000, "reference": "1"}).encode()
    huge = json.dumps({"completion": "y" * 80_000, "reference": "1"}).encode()
    lines = [big] * 10 + [huge, big]
    pool = _EchoPool()
    rows = _verify_bytes(tmp_path, b"\n".join(lines), pool)
    assert len(rows) == 12 and rows[10]["status"] == "bad_input" and rows[10]["line"] == 11
    assert "longer than" in rows[10]["info"]["error"]
    assert [r["status"] for r in rows[:10] + rows[11:]] == ["wrong"] * 11
    assert max(sum(len(c) for c in batch) for batch in pool.batches) <= 10_000 + 3_000
    assert len(pool.batches) >= 4


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(
    st.binary(max_size=60),
    st.builds(lambda d: json.dumps(d).encode(), st.fixed_dictionaries(
        {"completion": st.text(max_size=10), "reference": st.text(max_size=10)})),
    st.sampled_from([b"\r", b"\r\n", b"{", b"[" * 3000, b'{"completion": "\\udc80", "reference": 1}', b"\x00",
                     b'{"completion": 1, "reference": 1}', b"  ", b"\xed\xa0\x80"]),
), max_size=12))
def test_random_bytes_give_one_row_per_nonblank_line(tmp_path, chunks):
    data = b"\n".join(chunks)
    rows = _verify_bytes(tmp_path, data)
    assert len(rows) == len(_nonblank_lines(data))
    known = {"correct", "wrong", "bad_input"}
    assert all(r["status"] in known for r in rows)
    lines = [r["line"] for r in rows if "line" in r and r["status"] == "bad_input"]
    assert lines == sorted(lines)


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text()),
    lambda kids: st.one_of(st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=5), kids, max_size=4)),
    max_leaves=20,
))
def test_the_writer_writes_any_value_as_one_utf8_json_line(value):
    from verigrpo.verifiers.cli import dump_row

    line = dump_row({"v": value})
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line.decode("utf-8")) == {"v": value}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=400), st.integers(min_value=1, max_value=40))
def test_lines_split_at_newlines_only_and_overlong_ones_are_flagged(tmp_path, data, cap):
    from verigrpo.verifiers.cli import iter_lines

    path = tmp_path / "in.bin"
    path.write_bytes(data)
    got = list(iter_lines(str(path), max_line_bytes=cap))
    expected = data.split(b"\n")
    if expected and expected[-1] == b"":
        expected.pop()  # the file's last newline ends a line, it starts none
    assert [n for n, _, _ in got] == list(range(1, len(expected) + 1))
    for (_, line, size), want in zip(got, expected):
        assert line == (want if len(want) <= cap else None)
        assert size in (len(want), len(want) + 1)
