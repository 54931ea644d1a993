"""reasoning-gym as a built-in task (``dataset = "reasoning_gym:<task>"``, ``grpo_train.rgtasks``) and its scorer
as the ``reasoning_gym`` verifier (``verifiers/reasoning_gym.py``).

The package is in the test extra; the tests that need it are skipped only when it is not installed (the one that
checks the error a missing package gives runs either way).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import math
import pickle
import sys

import pytest
from verigrpo.grpo_train import rgtasks
from verigrpo.grpo_train.config import ConfigError, load_config
from verigrpo.grpo_train.data import load_rows
from verigrpo.verifiers import ScoringPool, Status, get_verifier
from verigrpo.verifiers.references import check_references

needs_rg = pytest.mark.skipif(importlib.util.find_spec("reasoning_gym") is None,
                              reason="reasoning-gym is not installed (pip install -e '.[test]' installs it)")
VERIFIER = "verifiers=['reasoning_gym']"


def config(task: str, *extra: str):
    return load_config(None, [f"dataset=reasoning_gym:{task}", VERIFIER, "eval_size=20", *extra])


# ---- loading -------------------------------------------------------------------------------------------


@needs_rg
@pytest.mark.parametrize("task", ["leg_counting", "basic_arithmetic", "letter_counting"])
def test_a_task_loads_as_rows_for_its_scorer_with_disjoint_splits(task):
    cfg = config(task, "dataset_options={size=300}")
    train, test = load_rows(cfg, "train"), load_rows(cfg, "test")
    assert len(train) == 300 and len(test) == 20
    assert not {r["question"] for r in train} & {r["question"] for r in test}
    assert len({r["question"] for r in test}) == 20  # distinct held-out problems
    for row in train[:5] + test[:5]:
        assert row["prompt"] == f"{row['question'].strip()}\n{rgtasks.INSTRUCTION}" and row["task"] == task
        ref = row["reference"]
        assert ref["task"] == task and ref["entry"]["answer"] == row["answer"] and ref["entry"]["metadata"]
        assert pickle.loads(pickle.dumps(row)) == row  # rows travel to the scoring workers
        json.dumps(row)  # and into samples.jsonl


@needs_rg
def test_the_held_out_problems_are_the_same_for_every_seed_and_never_trained_on():
    test = load_rows(config("chain_sum"), "test")
    assert load_rows(config("chain_sum", "seed=7"), "test") == test
    held = {r["question"] for r in test}
    # a training draw from the very seed the held-out problems are drawn from: the hash still keeps them out
    same_seed = load_rows(config("chain_sum", f"dataset_options={{seed={rgtasks.EVAL_SEED}, size=400}}"), "train")
    assert len(same_seed) == 400 and not {r["question"] for r in same_seed} & held
    assert all(not rgtasks.held_out(r["question"]) for r in same_seed)


@needs_rg
def test_dataset_options_reach_the_task_and_its_scorer():
    cfg = config("leg_counting", "dataset_options={min_animals=1, max_animals=1, size=50, seed=3}")
    rows = load_rows(cfg, "train")
    assert len(rows) == 50 and all(r["reference"]["entry"]["metadata"]["num_animals"] == 1 for r in rows)
    assert rows[0]["reference"]["options"] == {"min_animals": 1, "max_animals": 1}  # seed and size are the draw's
    assert rows != load_rows(config("leg_counting", "dataset_options={min_animals=1, max_animals=1, size=50}"), "train")


@needs_rg
def test_a_task_with_too_few_distinct_problems_is_an_error_not_a_loop():
    from verigrpo.grpo_train.data import DatasetError

    # one animal, one to two of it: a few dozen distinct questions, about one in ten held out
    cfg = config("leg_counting", "dataset_options={min_animals=1, max_animals=1, max_instances=2}", "eval_size=50")
    with pytest.raises(DatasetError, match="distinct held-out problems"):
        load_rows(cfg, "test")


@needs_rg
def test_shots_show_solved_training_problems_first_never_a_held_out_one():
    cfg = config("chain_sum", "dataset_options={min_terms=2, max_terms=2, shots=2, size=50}")
    for split in ("train", "test"):
        rows = load_rows(cfg, split)
        for row in rows:
            chat = row["prompt"]
            assert [m["role"] for m in chat] == ["user", "assistant", "user", "assistant", "user"]
            assert chat[-1]["content"] == f"{row['question'].strip()}\n{rgtasks.INSTRUCTION}"
            for user, reply in zip(chat[0:4:2], chat[1:4:2]):
                shown = user["content"].removesuffix(f"\n{rgtasks.INSTRUCTION}")  # chain_sum's questions are stripped
                assert shown != row["question"] and not rgtasks.held_out(shown)
                a, op, b = shown.split(": ")[1].removesuffix(" =").split()  # "... problem: 47 - 8 ="
                assert reply["content"] == f"<answer>{int(a) + int(b) if op == '+' else int(a) - int(b)}</answer>"
        assert len({json.dumps(r["prompt"][:2]) for r in rows}) > 1  # the examples change from row to row


@needs_rg
def test_shots_need_a_task_with_oracle_answers():
    from verigrpo.grpo_train.data import DatasetError

    with pytest.raises(DatasetError, match="needs solved examples"):
        load_rows(config("graph_color", "dataset_options={shots=1}", "eval_size=1"), "test")


# ---- the verifier --------------------------------------------------------------------------------------


@needs_rg
def test_the_verifier_pays_the_tasks_answer_and_not_a_wrong_one():
    verify = get_verifier("reasoning_gym")
    for row in load_rows(config("leg_counting"), "test"):
        answer = row["answer"]
        right = verify(f"Adding them up.\n<answer>{answer}</answer>", row)
        assert (right.outcome, right.status) == (1.0, Status.CORRECT)
        wrong = verify(f"<answer>{int(answer) + 1}</answer>", row)
        assert (wrong.outcome, wrong.status) == (0.0, Status.WRONG)
        assert verify(answer, row).status is Status.NO_ANSWER  # the answer, but not where reasoning-gym reads it
        # the last block counts, as reasoning-gym's extract_answer reads it
        assert verify(f"<answer>{int(answer) + 1}</answer> no: <answer>{answer}</answer>", row).outcome == 1.0
    # the task's partial credit: the oracle inside a longer answer scores len(oracle) / len(answer); paid only
    # with partial=True (the hack a real run found: "9.7" for 7)
    partial = get_verifier("reasoning_gym", partial=True)(f"<answer>{answer} legs</answer>", row)
    assert partial.status is Status.PARTIAL and partial.outcome == pytest.approx(len(answer) / len(answer + " legs"))
    strict = verify(f"<answer>{answer} legs</answer>", row)
    assert (strict.outcome, strict.status, strict.info["score"]) == (0.0, Status.WRONG, partial.outcome)


@needs_rg
def test_digits_around_the_answer_earn_nothing_by_default():
    row = load_rows(config("chain_sum", "dataset_options={min_terms=2, max_terms=2}"), "test")[0]
    gamed = f"<answer>9{row['answer']}.11</answer>"  # what the policy learned when partial scores paid
    assert get_verifier("reasoning_gym")(gamed, row).outcome == 0.0
    assert get_verifier("reasoning_gym", partial=True)(gamed, row).outcome > 0.0


@needs_rg
def test_a_task_without_one_oracle_answer_is_scored_by_its_checker():
    verify = get_verifier("reasoning_gym")
    row = load_rows(config("graph_color", "eval_size=1"), "test")[0]
    assert row["answer"] is None  # any valid colouring is right
    meta = row["reference"]["entry"]["metadata"]
    colouring = _colour(meta["puzzle"])
    assert verify(f"<answer>{json.dumps(colouring)}</answer>", row).status is Status.CORRECT
    clash = {str(v): 1 for v in meta["puzzle"]["vertices"]}  # every vertex one colour: adjacent ones clash
    wrong = get_verifier("reasoning_gym", partial=True)(f"<answer>{json.dumps(clash)}</answer>", row)
    assert (wrong.status, wrong.outcome) == (Status.PARTIAL, 0.01)  # the task's own score for a readable map
    assert verify(f"<answer>{json.dumps(clash)}</answer>", row).status is Status.WRONG
    assert verify("<answer>red, blue</answer>", row).status is Status.WRONG


def _colour(puzzle: dict) -> dict[str, int]:
    """A greedy proper colouring (the puzzles are drawn colourable with few colours)."""
    colours: dict[str, int] = {}
    for v in puzzle["vertices"]:
        taken = {colours.get(str(b if a == v else a)) for a, b in puzzle["edges"] if v in (a, b)}
        colours[str(v)] = next(c for c in puzzle["color_options"] if c not in taken)
    return colours


@needs_rg
def test_the_verifier_scores_in_the_pool_processes():
    rows = load_rows(config("basic_arithmetic", "eval_size=3"), "test")
    completions = [f"<answer>{r['answer']}</answer>" for r in rows] + ["<answer>x</answer>", "no tags"]
    with ScoringPool("reasoning_gym", workers=1, timeout=60) as pool:
        rewards = pool.score(completions, [*rows, rows[0], rows[0]])
    assert [r.status for r in rewards] == [Status.CORRECT] * 3 + [Status.WRONG, Status.NO_ANSWER]


@dataclasses.dataclass
class _CrashConfig:
    mode: str = "raise"
    seed: int | None = None
    size: int = 10


def _crash_task():
    """A reasoning-gym task, registered for these tests, whose scorer fails as ``mode`` says."""
    from reasoning_gym import register_dataset
    from reasoning_gym.dataset import ProceduralDataset
    from reasoning_gym.factory import DATASETS

    class CrashDataset(ProceduralDataset):
        def __init__(self, config):
            super().__init__(config=config, seed=config.seed, size=config.size)

        def __getitem__(self, idx):
            return {"question": f"Say {idx}.", "answer": str(idx), "metadata": {}}

        def score_answer(self, answer, entry):
            if self.config.mode == "raise":
                raise KeyError("metadata has no 'grid'")
            return {"nan": math.nan, "big": 2.0, "text": "1.0", "half": 0.5}[self.config.mode]

    if "verigrpo_crash" not in DATASETS:
        register_dataset("verigrpo_crash", CrashDataset, _CrashConfig)


@needs_rg
@pytest.mark.parametrize("mode", ["raise", "nan", "big", "text"])
def test_a_failing_scorer_is_a_harness_failure_not_a_wrong_answer(mode):
    _crash_task()
    row = {"reference": {"task": "verigrpo_crash", "options": {"mode": mode}, "entry": {"question": "Say 1.",
                                                                                        "answer": "1"}}}
    reward = get_verifier("reasoning_gym")("<answer>1</answer>", row)
    assert reward.status is Status.ERROR and reward.status.is_infra and "scorer" in reward.info["reason"]


@needs_rg
@pytest.mark.parametrize(
    "reference, why",
    [
        ("292", "must be a table"),  # a plain answer: not a reasoning-gym row
        ({"entry": {"question": "q", "answer": "1"}}, "no task name"),
        ({"task": "leg_counting"}, "entry must be the task's item"),
        ({"task": "no_such_task", "entry": {"question": "q", "answer": "1"}}, "cannot be built"),
    ],
)
def test_a_malformed_row_is_bad_input(reference, why):
    reward = get_verifier("reasoning_gym")("<answer>1</answer>", {"reference": reference})
    assert reward.status is Status.BAD_INPUT and why in reward.info["reason"]


@needs_rg
def test_the_reference_check_finds_an_oracle_its_scorer_does_not_pay():
    _crash_task()
    rows = load_rows(config("leg_counting", "eval_size=3"), "test")
    assert check_references(get_verifier("reasoning_gym"), rows) == []  # the task's own answers score 1.0
    entry = {"question": "Say 1.", "answer": "1"}
    rows.append({"reference": {"task": "verigrpo_crash", "options": {"mode": "half"}, "entry": entry}})
    rows.append({"reference": {"task": "leg_counting"}})
    bad = check_references(get_verifier("reasoning_gym"), rows)
    assert [i for i, _ in bad] == [3, 4] and "'1' scores 0.5" in bad[0][1] and "entry" in bad[1][1]


# ---- configuration -------------------------------------------------------------------------------------


@needs_rg
@pytest.mark.parametrize(
    "overrides, message",
    [
        (["dataset=reasoning_gym:leg_countin", VERIFIER], "did you mean leg_counting"),
        (["dataset=reasoning_gym:leg_counting", VERIFIER, "dataset_options={animals=3}"], "not options of"),
        (["dataset=reasoning_gym:leg_counting", VERIFIER, "dataset_options={min_animals=5, max_animals=2}"],
         "max_animals must be >= min_animals"),
        (["dataset=reasoning_gym:leg_counting"], "set verifiers = \\[\"reasoning_gym\"\\]"),
        (["dataset=reasoning_gym:leg_counting", VERIFIER, "dataset_options={shots=-1}"], "shots must be a whole number"),
        (["dataset=reasoning_gym:leg_counting", VERIFIER, "dataset_options={size=0}"], "size must be a whole number >= 1"),
        (["dataset=reasoning_gym:leg_counting", VERIFIER, "data_files=x.jsonl"], "not to the built-in task"),
    ],
)
def test_bad_task_settings_are_refused_when_the_config_loads(overrides, message):
    with pytest.raises(ConfigError, match=message):
        load_config(None, overrides)


def test_without_the_package_the_config_names_the_extra(monkeypatch):
    for name in [m for m in sys.modules if m == "reasoning_gym" or m.startswith("reasoning_gym.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "reasoning_gym", None)  # import reasoning_gym now raises ImportError
    with pytest.raises(ConfigError, match=r"pip install -e \"\.\[reasoning-gym\]\""):
        load_config(None, ["dataset=reasoning_gym:leg_counting", VERIFIER])
    row = {"reference": {"task": "leg_counting", "entry": {"question": "q", "answer": "1"}}}
    reward = get_verifier("reasoning_gym")("<answer>1</answer>", row)
    assert reward.status is Status.INFRA_ERROR and "reasoning-gym" in reward.info["reason"]


@needs_rg
def test_the_config_file_loads_and_the_run_stays_offline(monkeypatch):
    import os
    from pathlib import Path

    import verigrpo_cli

    path = Path(__file__).parent.parent / "configs" / "reasoning_gym.toml"
    cfg = load_config(path)
    assert rgtasks.task_of(cfg.dataset) and cfg.verifiers == ["reasoning_gym"]
    for argv in (["--config", str(path)], ["--set", "dataset=reasoning_gym:gcd"]):
        monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
        verigrpo_cli._offline_env(argv)
        assert os.environ.get("HF_HUB_OFFLINE") == "1"


# ---- one training step ---------------------------------------------------------------------------------


@needs_rg
def test_one_training_step_on_a_task(tiny, tmp_path):
    from verigrpo.grpo_train.cli import train_main
    from verigrpo.grpo_train.config import toml_value

    out = tmp_path / "run"
    values = {"model": tiny["model"], "dataset": "reasoning_gym:leg_counting", "dataset_options": {"size": 8},
              "verifiers": ["reasoning_gym"], "output_dir": str(out), "num_generations": 2, "prompts_per_step": 2,
              "max_new_tokens": 6, "precision": "fp32", "scoring_workers": 1, "eval_size": 2, "eval_before": False,
              "eval_after": False, "max_steps": 1, "save_every": 0, "skip_zero_variance": False, "threads": 1}
    args = [arg for k, v in values.items() for arg in ("--set", f"{k}={toml_value(v)}")]
    assert train_main(args) == 0
    (metrics,) = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert metrics["step"] == 1 and math.isfinite(metrics["loss"])
    samples = [json.loads(line) for line in (out / "samples.jsonl").read_text().splitlines()]
    # a random model writes no <answer> block: scored as the model's answer, never a harness failure
    assert samples and all(s["status"] == "no_answer" for s in samples)
