"""Data: the arithmetic generator's splits, HumanEval rows, local files with column mapping, clear errors."""

from __future__ import annotations

import json

import pytest
from verigrpo.grpo_train.config import Config, load_config
from verigrpo.grpo_train.data import DatasetError, PromptStream, arithmetic, humaneval, load_rows


@pytest.mark.parametrize("digits, ops", [(1, "+"), (1, "+-*"), (2, "+")])
def test_arithmetic_train_and_test_never_overlap_whatever_the_seed(digits, ops):
    test = {r["question"] for r in arithmetic("test", seed=0, size=5, digits=digits, ops=ops)}
    for seed in range(5):
        train = {r["question"] for r in arithmetic("train", seed=seed, size=400, digits=digits, ops=ops)}
        assert not train & test


def test_arithmetic_test_split_is_the_same_for_every_seed_and_distinct():
    a = arithmetic("test", seed=0, size=50)
    b = arithmetic("test", seed=7, size=50)
    assert a == b
    assert len({r["question"] for r in a}) == 50


def test_arithmetic_references_are_right_and_digits_set_the_difficulty():
    for digits in (1, 2, 3):
        for row in arithmetic("train", seed=1, size=30, digits=digits, ops="+-*"):
            a, op, b = row["expression"].split()
            assert row["question"] == f"What is {row['expression']}?" and row["expression"] in row["prompt"]
            assert len(a) == len(b) == digits
            assert row["reference"] == str({"+": int(a) + int(b), "-": int(a) - int(b), "*": int(a) * int(b)}[op])


def test_arithmetic_too_small_problem_space_raises_instead_of_looping():
    # one-digit addition has 100 problems, about 10 of them held out
    with pytest.raises(DatasetError, match="distinct test problems"):
        arithmetic("test", seed=0, size=60, digits=1, ops="+")


def test_template_and_system_prompt_apply_to_builtin_rows():
    cfg = load_config(None, ["prompt_template='{prompt} Put the answer in \\boxed{{}}.'", "eval_size=3"])
    rows = load_rows(cfg, "test")
    assert len(rows) == 3
    assert rows[0]["prompt"] == f"Compute {rows[0]['expression']}. Reply with the number only. Put the answer in \\boxed{{}}."


def test_humaneval_rows_carry_the_python_tests_reference_and_split_by_task():
    train, test = humaneval("train", 0, 0), humaneval("test", 0, 0)
    assert len(train) + len(test) == 164 and test
    assert not {r["task_id"] for r in train} & {r["task_id"] for r in test}
    ref = test[0]["reference"]
    assert set(ref) == {"test", "entry_point", "prompt"} and "def check" in ref["test"]
    assert test[0]["code_prompt"] in test[0]["prompt"]


def _jsonl(path, rows):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return str(path)


def test_local_jsonl_with_column_mapping_and_held_out_rows(tmp_path):
    rows = [{"q": f"What is {i} + 1?", "ans": str(i + 1), "level": i % 3} for i in range(20)]
    path = _jsonl(tmp_path / "d.jsonl", rows)
    cfg = load_config(None, [f"dataset='{path}'", "prompt_column='q'", "reference_column='ans'",
                             "columns={difficulty = 'level'}", "prompt_template='Q: {prompt}'", "eval_size=5",
                             "dataset_options={}"])
    train, test = load_rows(cfg, "train"), load_rows(cfg, "test")
    assert len(train) == 15 and len(test) == 5
    assert not {r["q"] for r in train} & {r["q"] for r in test}
    row = train[0]
    assert row["prompt"] == "Q: " + row["q"] and row["reference"] == row["ans"] and row["difficulty"] == row["level"]


def test_csv_and_parquet_load_the_same_rows(tmp_path):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"prompt": ["a?", "b?", "c?"], "reference": ["1", "2", "3"]})
    frame.to_csv(tmp_path / "d.csv", index=False)
    frame.to_parquet(tmp_path / "d.parquet")
    got = []
    for name in ("d.csv", "d.parquet"):
        cfg = load_config(None, [f"dataset='{tmp_path / name}'", "eval_size=0", "dataset_options={}"])
        got.append(sorted((r["prompt"], str(r["reference"])) for r in load_rows(cfg, "train")))
    assert got[0] == got[1] == [("a?", "1"), ("b?", "2"), ("c?", "3")]


@pytest.mark.parametrize(
    "bad_row, message",
    [
        ({"prompt": "x?", "reference": None}, r"d\.jsonl: row 2 \(line 3\): reference column 'reference' is empty"),
        ({"prompt": "", "reference": "1"}, r"row 2 \(line 3\): prompt column 'prompt' must be a non-empty string"),
        # a key missing from one row is named, with the columns the row has
        ({"question": "x?", "reference": "1"}, r"row 2 \(line 3\): no column 'prompt' .*columns: question, reference"),
        ({"prompt": 5, "reference": "1"}, r"row 2 \(line 3\): prompt column 'prompt' must be a non-empty string, got 5"),
        ({"prompt": None, "reference": "1"}, r"row 2 \(line 3\): prompt column 'prompt' .* got None"),
        ({"prompt": "x?", "reference": "  "}, r"row 2 \(line 3\): reference column 'reference' is empty"),
        # a chat prompt must be well formed
        ({"prompt": [{"role": "user", "content": 5}], "reference": "1"},
         r"row 2 \(line 3\): prompt column 'prompt' holds a chat: message 0 must have a string 'role'"),
        ({"prompt": [{"role": "user", "content": "x?"}, {"role": "assistant", "content": "2"}], "reference": "1"},
         r"row 2 \(line 3\): .* holds a chat: the chat ends with an assistant message"),
        ({"prompt": [{"role": "user", "content": "x?"}], "reference": None},
         r"row 2 \(line 3\): reference column 'reference' is empty"),
    ],
)
def test_malformed_row_is_reported_with_its_row_and_line(tmp_path, bad_row, message):
    good = {"prompt": "What is 1 + 1?", "reference": "2"}
    path = _jsonl(tmp_path / "d.jsonl", [good, good, bad_row, good])
    cfg = load_config(None, [f"dataset='{path}'", "dataset_options={}"])
    with pytest.raises(DatasetError, match=message):
        load_rows(cfg, "train")


def test_missing_column_lists_the_columns_there_are(tmp_path):
    path = _jsonl(tmp_path / "d.jsonl", [{"question": "a", "answer": "1"}])
    cfg = load_config(None, [f"dataset='{path}'", "dataset_options={}", "prompt_column='question'"])
    with pytest.raises(DatasetError, match="row 0 .*no column 'reference'.*columns: question, answer"):
        load_rows(cfg, "train")


def test_invalid_json_line_is_named(tmp_path):
    path = _jsonl(tmp_path / "d.jsonl", [{"prompt": "a", "reference": "1"}, '{"prompt": "b", "reference": '])
    cfg = load_config(None, [f"dataset='{path}'", "dataset_options={}"])
    with pytest.raises(DatasetError, match="line 2 is not valid JSON"):
        load_rows(cfg, "train")


def test_template_naming_a_missing_field_names_the_row(tmp_path):
    path = _jsonl(tmp_path / "d.jsonl", [{"prompt": "a", "reference": "1"}])
    cfg = load_config(None, [f"dataset='{path}'", "prompt_template='{prompt} {hint}'", "dataset_options={}"])
    with pytest.raises(DatasetError, match=r"row 0 .*cannot be filled.*hint"):
        load_rows(cfg, "train")


def test_prompt_stream_resumes_from_its_position_across_epochs():
    rows = [{"prompt": str(i), "reference": str(i)} for i in range(7)]
    full = PromptStream(rows, seed=3)
    expected = [r["prompt"] for r in full.next(20)]  # crosses two epoch boundaries
    first = PromptStream(rows, seed=3)
    got = [r["prompt"] for r in first.next(9)]
    resumed = PromptStream(rows, seed=3)
    resumed.load_state_dict(first.state_dict())
    got += [r["prompt"] for r in resumed.next(11)]
    assert got == expected
    assert sorted(expected[:7]) == sorted(r["prompt"] for r in rows)  # an epoch visits every row once


def test_jsonl_line_numbers_count_blank_lines_and_rows_keep_their_types(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text(
        json.dumps({"prompt": "a?", "reference": 2}) + "\n\n"
        + json.dumps({"prompt": "b?", "reference": {"inputs": ["1"], "outputs": ["2"]}}) + "\n"
        + json.dumps({"prompt": "c?", "reference": {"test": "assert f() == 1", "entry_point": "f"}}) + "\n\n"
        + json.dumps({"prompt": "d?", "reference": None}) + "\n"
    )
    cfg = load_config(None, [f"dataset='{path}'", "eval_size=0"])
    with pytest.raises(DatasetError, match=r"row 3 \(line 6\): reference column 'reference' is empty"):
        load_rows(cfg, "train")
    path.write_text("\n".join(path.read_text().splitlines()[:4]) + "\n")
    refs = [r["reference"] for r in load_rows(cfg, "train")]
    # each row as written: no None-filled keys from the other rows' references, the int stays an int
    assert refs == [2, {"inputs": ["1"], "outputs": ["2"]}, {"test": "assert f() == 1", "entry_point": "f"}]


def test_empty_numeric_csv_cell_is_an_empty_reference(tmp_path):
    pd = pytest.importorskip("pandas")
    pd.DataFrame({"prompt": ["a?", "b?"], "reference": [1.5, float("nan")]}).to_parquet(tmp_path / "d.parquet")
    cfg = load_config(None, [f"dataset='{tmp_path / 'd.parquet'}'", "eval_size=0"])
    with pytest.raises(DatasetError, match="row 1: reference column 'reference' is empty"):
        load_rows(cfg, "train")


def test_default_dataset_options_belong_to_arithmetic_only(tmp_path):
    # `--set dataset=FILE` or `--set dataset=humaneval` alone must work: the default options are arithmetic's
    path = _jsonl(tmp_path / "d.jsonl", [{"prompt": f"{i}?", "reference": str(i)} for i in range(4)])
    assert len(load_rows(load_config(None, [f"dataset='{path}'", "eval_size=1"]), "train")) == 3
    assert load_rows(load_config(None, ["dataset='humaneval'", "eval_size=2"]), "test")[0]["reference"]["entry_point"]
    with pytest.raises(DatasetError, match=r"\['digits'\] are not options of the 'humaneval' task"):
        load_rows(load_config(None, ["dataset='humaneval'", "dataset_options={digits = 3}"]), "test")
    with pytest.raises(DatasetError, match="apply to built-in tasks only"):
        load_rows(load_config(None, [f"dataset='{path}'", "dataset_options={digits = 3}"]), "train")


def test_evaluation_that_would_hold_out_every_row_is_an_error(tmp_path):
    path = _jsonl(tmp_path / "d.jsonl", [{"prompt": f"{i}?", "reference": str(i)} for i in range(4)])
    cfg = load_config(None, [f"dataset='{path}'"])  # eval_size = 100 by default
    assert len(load_rows(cfg, "train")) == 4
    with pytest.raises(DatasetError, match="4 rows, so eval_size = 100 would hold out every one"):
        load_rows(cfg, "test")


def test_a_local_file_of_an_unsupported_type_says_so(tmp_path):
    (tmp_path / "d.txt").write_text("What is 1 + 1?\t2\n")
    cfg = load_config(None, [f"dataset='{tmp_path / 'd.txt'}'"])
    with pytest.raises(DatasetError, match=r"d\.txt: a file of an unsupported type; use \.jsonl, \.json, \.parquet, \.csv"):
        load_rows(cfg, "train")


def test_chat_prompts_are_used_as_they_are_with_the_system_prompt_only_when_missing(tmp_path):
    from verigrpo.grpo_train.rollout import chat_prompts

    chat = [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "1 + 1?", "name": "u"}]
    path = tmp_path / "chat.jsonl"
    path.write_text(json.dumps({"messages": chat, "answer": "2"}) + "\n"
                    + json.dumps({"messages": [{"role": "user", "content": "2 + 2?"}], "answer": "4"}) + "\n")
    cfg = Config(dataset=str(path), prompt_column="messages", reference_column="answer", eval_dataset=str(path))
    rows = load_rows(cfg, "test")
    assert rows[0]["prompt"] == [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "1 + 1?"}]

    class Recorder:
        chat_template = "{{ messages }}"

        def apply_chat_template(self, messages, tokenize, add_generation_prompt):
            assert not tokenize and add_generation_prompt
            return repr(messages)

    texts = chat_prompts(Recorder(), rows, system_prompt="Answer in a box.")
    assert texts[0] == repr(rows[0]["prompt"])  # has its own system message: kept, no second one
    assert texts[1] == repr([{"role": "system", "content": "Answer in a box."}, {"role": "user", "content": "2 + 2?"}])
    with pytest.raises(DatasetError, match="prompt_template"):
        load_rows(Config(dataset=str(path), prompt_column="messages", reference_column="answer",
                         eval_dataset=str(path), prompt_template="Q: {prompt}"), "test")


def test_prompts_without_a_chat_template_are_the_text_itself():
    """A base model's tokenizer (no template), or chat_template = false: the prompt as it is, after the system
    prompt; chat-format prompts then are a clear error."""
    from verigrpo.grpo_train.config import ConfigError
    from verigrpo.grpo_train.rollout import chat_prompts

    class Base:
        chat_template = None

    rows = [{"prompt": "Compute 1 + 1."}]
    assert chat_prompts(Base(), rows, system_prompt="") == ["Compute 1 + 1."]
    assert chat_prompts(Base(), rows, system_prompt="Be terse.") == ["Be terse.\n\nCompute 1 + 1."]

    class Instruct:
        chat_template = "{{ messages }}"

        def apply_chat_template(self, messages, tokenize, add_generation_prompt):
            return "templated"

    assert chat_prompts(Instruct(), rows, system_prompt="") == ["templated"]
    assert chat_prompts(Instruct(), rows, system_prompt="", chat_template=False) == ["Compute 1 + 1."]
    with pytest.raises(ConfigError, match="need a chat template"):
        chat_prompts(Base(), [{"prompt": [{"role": "user", "content": "x"}]}], system_prompt="")


def test_eval_dataset_is_capped_at_eval_size_from_the_top(tmp_path):
    path = tmp_path / "eval.jsonl"
    path.write_text("".join(json.dumps({"prompt": f"{i} + 1?", "answer": str(i + 1)}) + "\n" for i in range(7)))
    train = tmp_path / "train.jsonl"
    train.write_text(json.dumps({"prompt": "1 + 1?", "answer": "2"}) + "\n")
    base = dict(dataset=str(train), reference_column="answer", eval_dataset=str(path))
    rows = load_rows(Config(**base, eval_size=3), "test")
    assert [r["reference"] for r in rows] == ["1", "2", "3"]
    assert len(load_rows(Config(**base, eval_size=100), "test")) == 7
    assert len(load_rows(Config(**base, eval_size=3), "train")) == 1  # the train file is not held out from
