"""A new user's journeys through ``verigrpo train``, ``verigrpo eval`` and ``verigrpo verify``: the README's
own-verifier snippet run from the user's directory, one-line errors for bad input before any model is loaded,
an earlier run never overwritten, and ``eval`` of a run's checkpoint with that run's config.

The scoring pool's workers import ``fixture_verifiers`` (pytest puts ``tests/`` on ``sys.path``); torch and
``grpo_train`` are imported inside the tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent

# The README's "Add a verifier" snippet, verbatim.
MY_REWARDS = '''\
# my_rewards.py
from verigrpo.verifiers import Reward, Status, register

@register("ends_with_reference")
def ends_with_reference(completion: str, row) -> Reward:
    ok = completion.rstrip().endswith(str(row["reference"]))
    return Reward(float(ok), Status.CORRECT if ok else Status.WRONG, info={"len": len(completion)})
'''


def _console_script(tmp_path: Path) -> Path:
    """A stand-in for the installed ``verigrpo`` script: like it, its own directory (not the current one) is
    ``sys.path[0]``."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    script = bindir / "verigrpo"
    script.write_text("import sys\nfrom verigrpo_cli import main\nif __name__ == '__main__':\n    sys.exit(main())\n")
    return script


def test_readme_verifier_snippet_works_from_the_users_directory(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (work / "my_rewards.py").write_text(MY_REWARDS)
    (work / "in.jsonl").write_text(
        json.dumps({"completion": "so 7", "reference": "7"}) + "\n" + json.dumps({"completion": "so 8", "reference": "7"}) + "\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, str(_console_script(tmp_path)), "verify", "--verifier", "my_rewards:ends_with_reference",
         "--input", "in.jsonl", "--output", "out.jsonl", "--workers", "1", "--no-progress"],
        cwd=work, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [json.loads(line) for line in (work / "out.jsonl").read_text().splitlines()]
    assert [(r["status"], r["info"]) for r in rows] == [("correct", {"len": 4}), ("wrong", {"len": 4})]


def test_train_and_eval_run_offline(monkeypatch):
    import verigrpo_cli

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    verigrpo_cli._offline_env()
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    monkeypatch.setenv("HF_HUB_OFFLINE", "0")  # an explicit setting wins
    verigrpo_cli._offline_env()
    assert os.environ["HF_HUB_OFFLINE"] == "0"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> dict[str, str]:
    from verigrpo.grpo_train.model import build_tiny_random

    root = tmp_path_factory.mktemp("journeys")
    model = build_tiny_random(root / "model", hidden=16, layers=1)
    data = root / "data.jsonl"
    data.write_text("".join(json.dumps({"q": f"Say {i}.", "a": str(i)}) + "\n" for i in range(8)))
    return {"model": str(model), "data": str(data)}


def _args(tiny: dict[str, str], out: Path, **extra: object) -> list[str]:
    from verigrpo.grpo_train.config import toml_value

    values: dict[str, object] = {
        "model": tiny["model"], "dataset": tiny["data"], "prompt_column": "q", "reference_column": "a",
        "output_dir": str(out), "verifiers": ["fixture_verifiers:exact"], "num_generations": 2, "prompts_per_step": 1,
        "max_new_tokens": 3, "precision": "fp32", "scoring_workers": 1, "eval_size": 2, "eval_before": False,
        "eval_after": False, "max_steps": 1, "save_every": 0,
    }
    values.update(extra)
    return [arg for k, v in values.items() for arg in ("--set", f"{k}={toml_value(v)}")]


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"verifiers": ["mathh"]}, "unknown verifier 'mathh'"),
        ({"verifiers": ["no_such_module:f"]}, "cannot import 'no_such_module'.*current directory"),
        ({"verifiers": ["math"], "verifier_gates": {"math": "format_tags"}}, "gate 'math' <- 'format_tags'"),
        # the option name the config's own docstring used to show: every reward would have been an error
        ({"verifiers": ["math"], "verifier_options": {"math": {"fallback": "last_number"}}},
         "'math' does not accept options \\['fallback'\\].*its options: last_number_fallback"),
        ({"model": "someone/not-in-the-cache"}, "'someone/not-in-the-cache' is neither an alias.*could be loaded"),
        ({"model": "./no/such/dir"}, "no such directory"),
    ],
)
def test_bad_input_is_one_line_before_any_model_is_loaded(tiny, tmp_path, capsys, monkeypatch, extra, message):
    import re

    import verigrpo.grpo_train.train as train_module
    from verigrpo.grpo_train.cli import train_main

    def never(*args, **kwargs):
        raise AssertionError("a model was loaded")

    monkeypatch.setattr(train_module, "load_model", never)
    assert train_main(_args(tiny, tmp_path / "run", **extra)) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("verigrpo train: error:") and "\n" not in err and re.search(message, err), err
    assert not (tmp_path / "run").exists()


def test_bad_row_and_resume_without_checkpoint_are_one_line(tiny, tmp_path, capsys):
    from verigrpo.grpo_train.cli import train_main

    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"q": "a?", "a": "1"}) + "\n\n" + json.dumps({"q": "b?", "a": None}) + "\n")
    assert train_main(_args(tiny, tmp_path / "run", dataset=str(bad), eval_size=0)) == 2
    assert capsys.readouterr().err.strip().endswith("row 1 (line 3): reference column 'a' is empty (None)")
    assert train_main([*_args(tiny, tmp_path / "empty"), "--resume"]) == 2
    assert "--resume: no checkpoint in" in capsys.readouterr().err


def test_a_fresh_run_never_overwrites_an_earlier_one(tiny, tmp_path, capsys):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(_args(tiny, out)) == 0
    first = (out / "metrics.jsonl").read_text()
    assert train_main(_args(tiny, out, max_steps=2)) == 0  # the same command again, without --resume
    err = capsys.readouterr().err
    assert f"moved it to {out}.1" in err
    assert "1 set-aside run(s) beside it hold" in err  # their disk use adds up: each keeps a checkpoint
    assert (tmp_path / "run.1" / "metrics.jsonl").read_text() == first
    assert (tmp_path / "run.1" / "checkpoint" / "trainer.pt").exists()
    assert [json.loads(line)["step"] for line in (out / "metrics.jsonl").read_text().splitlines()] == [1, 2]


@pytest.mark.parametrize("bad, env", [({"aggregation": "bnpo"}, {}), ({"prompts_per_step": 3}, {"WORLD_SIZE": "2"})])
def test_a_bad_setting_fails_before_an_earlier_run_is_moved_aside(tiny, tmp_path, capsys, monkeypatch, bad, env):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(_args(tiny, out)) == 0
    first = (out / "metrics.jsonl").read_text()
    capsys.readouterr()
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert train_main(_args(tiny, out, **bad)) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("verigrpo train: error:") and "\n" not in err, err
    assert next(iter(bad)) in err
    assert (out / "metrics.jsonl").read_text() == first and not (tmp_path / "run.1").exists()


def test_eval_of_a_checkpoint_uses_its_runs_config(tiny, tmp_path):
    from verigrpo.grpo_train.cli import eval_main, train_main

    run = tmp_path / "run"
    assert train_main(_args(tiny, run, eval_size=3)) == 0
    for model in (run / "checkpoint", run, run / "checkpoint" / "model"):
        out = tmp_path / "eval.json"
        assert eval_main(["--model", str(model), "--output", str(out)]) == 0
        result = json.loads(out.read_text())
        # the run's own data (3 held-out rows of data.jsonl) and verifier, not the defaults' arithmetic
        assert result["problems"] == 3 and result["model"] == str(run / "checkpoint" / "model")
        assert all(e["prompt"].startswith("Say ") for e in result["examples"])


def test_eval_errors_are_one_line(tiny, tmp_path, capsys):
    from verigrpo.grpo_train.cli import eval_main

    assert eval_main(["--model", "someone/not-in-the-cache"]) == 2
    assert "is neither an alias" in capsys.readouterr().err
    args = _args(tiny, tmp_path / "unused", eval_size=100)  # 8 rows: every one would be held out
    assert eval_main(args) == 2
    assert "would hold out every one of them" in capsys.readouterr().err


def test_config_docs_show_a_real_verifier_option():
    # what a user reads in `verigrpo train --help` for the options of a verifier must be a real option
    from verigrpo.grpo_train.config import field_docs
    from verigrpo.verifiers import get_verifier

    doc = field_docs()["verifier_options"]
    assert "last_number_fallback = false" in doc
    get_verifier("math", last_number_fallback=False)


def test_verify_user_errors_exit_2_with_a_message(tmp_path, capsys):
    from verigrpo.verifiers.cli import verify_main

    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"completion": "1", "reference": "1"}) + "\n")
    cases = [
        (["--verifier", "nope"], "unknown verifier 'nope'"),
        (["--verifier", "math", "--option", "fallback=1"], "does not accept options"),
        (["--verifier", "math=abc"], "NAME=WEIGHT"),
        (["--verifier", "math", "--verifier", "format_tags", "--gate", "math"], "--gate expects A=B"),
        (["--verifier", "math", "--gate", "math=fmt"], "gate 'math' <- 'fmt'"),
    ]
    for argv, message in cases:
        with pytest.raises(SystemExit) as e:
            verify_main([*argv, "--input", str(src), "--output", str(tmp_path / "out.jsonl"), "--no-progress"])
        assert e.value.code == 2 and message in capsys.readouterr().err, argv
    with pytest.raises(SystemExit) as e:
        verify_main(["--verifier", "math", "--input", str(tmp_path / "nope.jsonl"), "--output", str(tmp_path / "o")])
    assert e.value.code == 2 and "no such file" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_readme_snippet_text_is_what_this_file_runs():
    readme = (ROOT / "README.md").read_text()
    assert textwrap.dedent(MY_REWARDS) in readme
