"""Presets and row transforms (``grpo_train.presets``): each preset loads its sample file in
``benchmarks/data/presets/`` (the dataset's own column layout, written by hand: the data cannot be downloaded
here) and trains one step on it with a tiny random model; the code presets score a known-correct and a
known-wrong solution with the right statuses; the hub keys reach ``datasets.load_dataset`` (faked: no network).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from verigrpo.grpo_train.config import ConfigError, load_config
from verigrpo.grpo_train.data import DatasetError, load_rows
from verigrpo.grpo_train.presets import PRESETS, TRANSFORMS, UnusableRow
from verigrpo.verifiers import get_verifier
from verigrpo.verifiers.references import check_references
from verigrpo.verifiers.types import Status

TESTS = Path(__file__).parent
SAMPLES = TESTS.parent / "benchmarks" / "data" / "presets"
VERIFIER = {"gsm8k": "math", "math": "math", "numina": "math", "mbpp": "python_tests", "apps": "python_tests",
            "taco": "python_tests"}


def preset_config(name: str, *extra: str) -> Any:
    return load_config(None, [f"dataset={name}", f"data_files={SAMPLES / (name + '.jsonl')}",
                              f'verifiers=["{VERIFIER[name]}"]', "eval_size=2", *extra])


def raw(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (SAMPLES / f"{name}.jsonl").read_text().splitlines()]


def test_every_preset_has_a_sample_and_a_known_transform():
    assert set(PRESETS) == set(VERIFIER)
    for name, preset in PRESETS.items():
        assert (SAMPLES / f"{name}.jsonl").is_file() and preset.transform in TRANSFORMS and preset.hub


# ---- loading -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, references",
    [
        ("gsm8k", ["27", "135", "600", "500", "1250", "12", "13", "-7"]),  # "#### 1,250" -> "1250"
        ("math", ["12", "6", "5", "\\frac{3}{4}", "6", "10", "9\\pi"]),
        ("numina", ["5", "25", "80", "\\frac{5}{6}", "2, -2"]),  # the proof (row 4) is left out; two boxes read together
    ],
)
def test_math_presets_extract_the_reference_once_at_load(name, references, capsys):
    cfg = preset_config(name)
    rows = load_rows(cfg, "train") + load_rows(cfg, "test")
    assert sorted(r["reference"] for r in rows) == sorted(references)
    assert all(r["prompt"].endswith("Put the final answer in \\boxed{}.") and r["question"] in r["prompt"] for r in rows)
    assert check_references(get_verifier("math"), rows) == []  # every extracted reference parses
    if name == "numina":
        err = capsys.readouterr().err
        assert "1 of 6 records cannot become rows (row_transform 'boxed')" in err and "row 4 (line 5)" in err
        assert "no \\boxed{} answer" in err and "left out" in err


def test_a_boxed_answer_the_math_verifier_cannot_parse_is_reported_at_load(tmp_path):
    data = tmp_path / "math.jsonl"
    rows = [{"problem": f"What is {i} + {i}?", "solution": f"It is $\\boxed{{{2 * i}}}$."} for i in range(6)]
    rows[2]["solution"] = "So the answer is $\\boxed{\\frac{1}{2}$."  # the box never closes
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cfg = load_config(None, ["dataset=math", f"data_files={data}", "eval_size=0"])
    bad = check_references(get_verifier("math"), load_rows(cfg, "train"))  # what train/eval run at load, then report
    assert [(i, "cannot be parsed" in why) for i, why in bad] == [(2, True)]


def test_mbpp_rows_show_the_asserts_and_carry_test_list_and_setup_code():
    cfg = preset_config("mbpp")
    rows = {r["task_id"]: r for r in load_rows(cfg, "train") + load_rows(cfg, "test")}
    assert len(rows) == 6
    row = rows[604]
    assert row["reference"] == {"test_list": raw("mbpp")[3]["test_list"], "test_setup_code": "scores = {'a': 3, 'b': 9, 'c': 4}"}
    assert "assert max_value(scores) == 9" in row["prompt"] and row["prompt"].startswith(row["text"])


@pytest.mark.parametrize("name, count, call_based", [("apps", 6, 3), ("taco", 5, 3)])
def test_apps_and_taco_rows_carry_the_parsed_tests_and_say_how_the_code_is_run(name, count, call_based, capsys):
    cfg = preset_config(name)
    rows = load_rows(cfg, "train") + load_rows(cfg, "test")
    assert len(rows) == count  # apps: the problem without tests is left out, and said so
    calls = [r for r in rows if "fn_name" in r["reference"]]
    assert len(calls) == call_based
    assert all(f"Write the function `{r['reference']['fn_name']}`" in r["prompt"] for r in calls)
    assert all("standard input" in r["prompt"] for r in rows if r not in calls)
    assert all("solutions" not in r and "input_output" not in r for r in rows)  # not shipped to every worker
    if name == "apps":
        assert "input_output holds no test cases" in capsys.readouterr().err


def test_a_preset_without_data_files_downloads_its_hub_dataset_with_its_config_and_revision(monkeypatch):
    import datasets

    calls = []

    def fake_load_dataset(path, **kwargs):
        calls.append((path, kwargs))
        return [{"question": "What is 1 + 1?", "answer": "1 + 1 = 2\n#### 2"}] * 3

    monkeypatch.setattr(datasets, "load_dataset", fake_load_dataset)
    cfg = load_config(None, ["dataset=gsm8k", "eval_size=1"])
    assert [r["reference"] for r in load_rows(cfg, "train")] == ["2"] * 3
    assert len(load_rows(cfg, "test")) == 1  # the hub's own test split, capped at eval_size
    assert calls == [("openai/gsm8k", {"split": "train", "name": "main"}), ("openai/gsm8k", {"split": "test", "name": "main"})]
    calls.clear()
    cfg = load_config(None, ["dataset=apps", "verifiers=['python_tests']", "dataset_config=introductory"])
    with pytest.raises(DatasetError):  # the fake rows are no APPS rows: every one is left out, an error
        load_rows(cfg, "train")
    assert calls == [("codeparrot/apps", {"split": "train", "name": "introductory", "revision": "refs/convert/parquet"})]


def test_hub_keys_reach_load_dataset_and_a_failed_load_names_them(monkeypatch):
    import datasets

    calls = []

    def fake_load_dataset(path, **kwargs):
        calls.append((path, kwargs))
        raise FileNotFoundError("no such dataset")

    monkeypatch.setattr(datasets, "load_dataset", fake_load_dataset)
    cfg = load_config(None, ["dataset=someone/data", "dataset_config=v2", "revision=abc123",
                             "data_files={train = 'train.jsonl'}"])
    with pytest.raises(DatasetError, match="revision='abc123'.*FileNotFoundError: no such dataset"):
        load_rows(cfg, "train")
    assert calls == [("someone/data", {"split": "train", "name": "v2", "revision": "abc123",
                                       "data_files": {"train": "train.jsonl"}})]


def test_data_files_table_gives_the_test_split_its_own_files(tmp_path):
    lines = [json.dumps({"question": f"q{i}", "answer": f"x\n#### {i}"}) for i in range(4)]
    (tmp_path / "train.jsonl").write_text("\n".join(lines[:3]) + "\n")
    (tmp_path / "test.jsonl").write_text(lines[3] + "\n")
    table = f"data_files={{train = '{tmp_path / 'train.jsonl'}', test = '{tmp_path / 'test.jsonl'}'}}"
    cfg = load_config(None, ["dataset=gsm8k", table, "eval_size=5"])
    assert [r["reference"] for r in load_rows(cfg, "train")] == ["0", "1", "2"]
    assert [r["reference"] for r in load_rows(cfg, "test")] == ["3"]


def upper_reference(record: Mapping[str, Any]) -> dict[str, Any]:
    """A user's transform (``row_transform = "test_presets:upper_reference"``)."""
    if record["q"] == "skip":
        raise UnusableRow("asked to skip")
    return {"prompt": record["q"], "reference": record["a"].upper()}


def test_a_row_transform_of_ones_own_maps_files_and_its_failures_name_the_row(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in [{"q": "a?", "a": "x"}, {"q": "skip", "a": "y"}, {"q": "b?", "a": "z"}]))
    cfg = load_config(None, [f"dataset={data}", "row_transform=test_presets:upper_reference", "eval_size=0"])
    assert [(r["prompt"], r["reference"]) for r in load_rows(cfg, "train")] == [("a?", "X"), ("b?", "Z")]
    assert "row 1 (line 2): asked to skip" in capsys.readouterr().err
    data.write_text(json.dumps({"q": "a?"}) + "\n")
    with pytest.raises(DatasetError, match=r"row 0 \(line 1\): row_transform 'test_presets:upper_reference' raised KeyError"):
        load_rows(cfg, "train")
    cfg = load_config(None, [f"dataset={data}", "row_transform=no_such_module:fn"])
    with pytest.raises(DatasetError, match="cannot import 'no_such_module'"):
        load_rows(cfg, "train")


@pytest.mark.parametrize(
    "overrides, message",
    [
        (["row_transform=gsm"], "row_transform must be one of gsm8k, boxed, mbpp, apps"),
        (["data_files=x.jsonl"], "apply to presets and hub datasets, not to the built-in task 'arithmetic'"),
        (["dataset=d.jsonl", "revision=main"], "not to the local file 'd.jsonl'"),
        (["dataset=mbpp"], 'set verifiers = ["python_tests"]'),
        (["dataset=gsm8k", "data_files=[1]"], "data_files must be a path, a list of paths or a table"),
    ],
)
def test_bad_dataset_keys_are_refused_at_load(overrides, message):
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("(", r"\(")):
        load_config(None, overrides)


# ---- the code presets score known solutions ------------------------------------------------------------


def fenced(code: str) -> str:
    return f"```python\n{code}\n```"


def code_rows(name: str) -> list[dict[str, Any]]:
    cfg = preset_config(name)
    return load_rows(cfg, "train") + load_rows(cfg, "test")


@pytest.mark.parametrize("name", ["mbpp", "apps", "taco"])
def test_code_presets_pay_the_datasets_own_solutions_and_not_a_wrong_one(name):
    verify = get_verifier("python_tests")
    solutions = {(r.get("question") or r["text"]): (json.loads(r["solutions"])[0] if "solutions" in r else r["code"])
                 for r in raw(name)}
    for row in code_rows(name):
        good = verify(fenced(solutions[row["question"]]), row)
        assert good.status == Status.CORRECT and good.outcome == 1.0, (row["question"], good.info)
        fn = row["reference"].get("fn_name") if isinstance(row["reference"], dict) else None
        if fn or name == "mbpp":
            name_ = fn or row["code"].split("def ", 1)[1].split("(")[0]
            wrong = f"def {name_}(*args):\n    return 12345"
        else:
            wrong = "print(12345)"
        bad = verify(fenced(wrong), row)
        assert bad.status == Status.WRONG and bad.outcome == 0.0, (row["question"], bad.info)


def test_call_based_values_are_compared_as_apps_does():
    verify = get_verifier("python_tests")
    row = {"reference": {"fn_name": "f", "inputs": [[1], [2], [3]], "outputs": [[1, 2], [[2, 3]], [(3, 4)]]}}
    # case 1: [1, 2] == the output itself; case 2: a tuple counts as a list, == outputs[0];
    # case 3: [(3, 4)] -> [[3, 4]] == outputs[0] (APPS turns a list of tuples into lists)
    code = "def f(n):\n    return [1, 2] if n == 1 else (2, 3) if n == 2 else [(3, 4)]"
    assert verify(fenced(code), row).status == Status.CORRECT
    # "[1, 2]" as a string is not the list [1, 2]: values are compared, not their text
    assert verify(fenced("def f(n):\n    return '[1, 2]'"), row).status == Status.WRONG
    partial = verify(fenced("def f(n):\n    return [1, 2]"), row)
    assert partial.status == Status.PARTIAL and partial.outcome == pytest.approx(1 / 3)


def test_a_call_that_runs_out_of_time_is_a_time_limit_not_a_wrong_answer():
    row = {"reference": {"fn_name": "f", "inputs": [[1]], "outputs": [[1]], "limits": {"timeout": 1, "call_timeout": 1}}}
    got = get_verifier("python_tests")(fenced("def f(n):\n    while True:\n        pass"), row)
    assert got.status == Status.TIME_LIMIT


def test_stdio_cases_given_as_lists_of_lines_are_those_lines():
    row = {"reference": {"inputs": [["2", "3"]], "outputs": [["5", "6"]]}}
    code = "a, b = int(input()), int(input())\nprint(a + b)\nprint(a * b)"
    assert get_verifier("python_tests")(fenced(code), row).status == Status.CORRECT


@pytest.mark.parametrize(
    "reference",
    [
        ["assert f(2) == 4", "assert f(0) == 0"],  # MBPP's test_list as the reference column
        {"test_list": ["assert f(k) == 4"], "test_setup_code": "k = 2"},
        {"test_list": ["assert f(math.floor(2.5)) == 4"], "test_imports": ["import math"]},  # MBPP sanitized
        json.dumps({"inputs": [[2]], "outputs": [4], "fn_name": "f"}),  # APPS's input_output column as it is
    ],
)
def test_python_tests_reads_the_datasets_own_columns(reference):
    got = get_verifier("python_tests")(fenced("def f(x):\n    return 2 * x"), {"reference": reference})
    assert got.status == Status.CORRECT, got.info


@pytest.mark.parametrize(
    "reference",
    [[], {"test_list": []}, {"inputs": [1], "outputs": [1], "fn_name": "f"}, {"inputs": [[math.inf]], "outputs": [1], "fn_name": "f"},
     {"inputs": [[1]], "outputs": [1], "fn_name": "not a name"}],
)
def test_malformed_dataset_references_are_bad_input(reference):
    assert get_verifier("python_tests")(fenced("def f(x):\n    return x"), {"reference": reference}).status == Status.BAD_INPUT


# ---- one training step per preset ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> str:
    from verigrpo.grpo_train.model import build_tiny_random

    return str(build_tiny_random(tmp_path_factory.mktemp("tiny") / "model", hidden=32, layers=2))


@pytest.mark.parametrize("name", list(VERIFIER))
def test_each_preset_trains_one_step_on_its_sample(name, tiny_model, tmp_path):
    from verigrpo.grpo_train.cli import train_main
    from verigrpo.grpo_train.config import toml_value

    out = tmp_path / "run"
    values = {"model": tiny_model, "dataset": name, "data_files": str(SAMPLES / f"{name}.jsonl"), "output_dir": str(out),
              "verifiers": [VERIFIER[name]], "num_generations": 2, "prompts_per_step": 2, "max_new_tokens": 6,
              "precision": "fp32", "scoring_workers": 1, "eval_size": 2, "eval_before": False, "eval_after": False,
              "max_steps": 1, "save_every": 0, "skip_zero_variance": False, "threads": 1}
    args = [arg for k, v in values.items() for arg in ("--set", f"{k}={toml_value(v)}")]
    assert train_main(args) == 0
    (metrics,) = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert metrics["step"] == 1 and math.isfinite(metrics["loss"])
    samples = [json.loads(line) for line in (out / "samples.jsonl").read_text().splitlines()]
    assert samples and all(s["status"] not in ("error", "bad_input", "infra_error", "timeout") for s in samples)


# ---- offline unless a hub dataset is named -------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, offline",
    [
        ([], True),  # the embedded job
        (["--config", str(TESTS.parent / "configs" / "code.toml")], True),  # a built-in task
        (["--set", "dataset=code", "--set", f"eval_dataset={SAMPLES / 'gsm8k.jsonl'}"], True),
        (["--set", "dataset=mine.jsonl"], True),  # a local file (missing: the real load says so)
        (["--set", "dataset=gsm8k"], False),  # a preset: download it
        (["--set=dataset='openai/gsm8k'"], False),
        (["--set", "eval_dataset=openai/gsm8k"], False),
        (["--set", "model=HuggingFaceTB/SmolLM2-360M-Instruct"], False),  # a hub model: download it
        (["--model", "Qwen/Qwen2.5-0.5B-Instruct"], False),  # verigrpo eval's flag
        (["--set", "model=tiny-random"], True),  # an alias
        (["--model", "./runs/x/checkpoint/model"], True),  # a local path
    ],
)
def test_runs_are_offline_unless_they_name_a_hub_dataset(argv, offline, monkeypatch):
    import os

    import verigrpo_cli

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    verigrpo_cli._offline_env(argv)
    assert os.environ.get("HF_HUB_OFFLINE") == ("1" if offline else None)


def test_a_config_file_naming_a_preset_stays_online_and_an_explicit_setting_wins(tmp_path, monkeypatch):
    import os

    import verigrpo_cli

    config = tmp_path / "c.toml"
    config.write_text('dataset = "mbpp"\nverifiers = ["python_tests"]\n')
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    verigrpo_cli._offline_env(["--config", str(config)])
    assert "HF_HUB_OFFLINE" not in os.environ
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    verigrpo_cli._offline_env(["--config", str(config)])
    assert os.environ["HF_HUB_OFFLINE"] == "1"


def test_the_cli_knows_the_built_in_tasks():
    from verigrpo.grpo_train.data import TASKS
    from verigrpo.grpo_train.model import MODEL_ALIASES

    import verigrpo_cli

    assert set(verigrpo_cli.OFFLINE_TASKS) == set(TASKS)
    assert set(verigrpo_cli.OFFLINE_MODELS) == set(MODEL_ALIASES)


@pytest.mark.parametrize("name", list(VERIFIER))
def test_each_preset_has_a_config_file_for_its_one_command(name):
    cfg = load_config(TESTS.parent / "configs" / f"{name}.toml")
    assert cfg.dataset == name and cfg.verifiers == [PRESETS[name].verifier]
