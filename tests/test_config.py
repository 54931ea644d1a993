"""The config: TOML round trip, --set parsing, rejected keys and types, a docstring for every field."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from verigrpo.grpo_train.config import (
    Config,
    ConfigError,
    dumps,
    field_docs,
    load_config,
    parse_override,
    save_config,
)


def test_defaults_round_trip_through_toml(tmp_path):
    path = tmp_path / "config.toml"
    save_config(Config(), path)
    assert load_config(path) == Config()


def test_non_default_values_round_trip(tmp_path):
    cfg = dataclasses.replace(
        Config(),
        verifiers={"math": 1.0, "format_tags": 0.25},
        verifier_gates={"math": "format_tags"},
        verifier_options={"math": {"last_number_fallback": False}},
        system_prompt='quote " backslash \\ newline \n unicode é',
        beta=0.04,
        eval_k=[1, 4],
        eval_samples=4,
        skip_zero_variance=False,
    )
    path = tmp_path / "config.toml"
    path.write_text(dumps(cfg))
    assert load_config(path) == cfg


def test_set_overrides_are_toml_literals_applied_in_order():
    cfg = load_config(
        None,
        ["verifiers=['math', 'format_tags']", "beta=0.04", "num_generations=4", "num_generations=6",
         "eval_before=false", "model=runs/a/checkpoint/model", "dataset_options={digits = 3, ops = '+-'}"],
    )
    assert cfg.verifiers == ["math", "format_tags"]
    assert cfg.beta == 0.04
    assert cfg.num_generations == 6  # the last --set wins
    assert cfg.eval_before is False
    assert cfg.model == "runs/a/checkpoint/model"  # not valid TOML: kept as a plain string
    assert cfg.dataset_options == {"digits": 3, "ops": "+-"}


def test_int_given_for_float_field_becomes_float():
    assert load_config(None, ["learning_rate=1"]).learning_rate == 1.0
    assert isinstance(load_config(None, ["beta=0"]).beta, float)


@pytest.mark.parametrize(
    "override, message",
    [
        ("num_generation=4", "unknown key(s) num_generation"),  # a typo is not silently ignored
        ("num_generations=4.5", "num_generations must be int"),
        ("eval_before=1", "eval_before must be true or false"),
        ("advantage='proces'", "advantage must be one of outcome, process"),
        ("precision='fp16'", "precision must be one of auto, fp32, bf16"),
        ("aggregation='bnpo'", "aggregation must be one of sequence_mean, token_mean, constant"),
        ("verifiers=[]", "verifiers must be a non-empty list"),
        ("no_equals_sign", "expects key=value"),
        ("temperature=0", "temperature must be > 0"),  # would give NaN log-probs in training
        ("eval_k=[4]", "must each be between 1 and eval_samples = 1"),  # pass@4 of 1 sample
        ("num_generations=1", "num_generations must be >= 2"),  # a group of one has no advantage
        ("max_new_tokens=0", "max_new_tokens must be >= 1"),
        ("micro_batch_size=0", "micro_batch_size must be >= 1"),
        ("top_p=0", "top_p must be in (0, 1]"),
        ("eps_low=1.5", "eps_low must be in"),  # [0, 1)
        ("learning_rate=-1e-5", "learning_rate must be > 0"),
        ("ref_offload=true", "need a reference model: set beta > 0"),
        ("ref_refresh_every=5", "need a reference model: set beta > 0"),
    ],
)
def test_bad_overrides_raise_a_clear_error(override, message):
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_config(None, [override])


def test_unknown_key_in_file_names_the_file_and_lists_known_keys(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("max_steps = 3\nlearning_rat = 1e-5\n")
    with pytest.raises(ConfigError) as e:
        load_config(path)
    assert str(path) in str(e.value) and "learning_rat" in str(e.value) and "learning_rate" in str(e.value)


def test_invalid_toml_file_is_a_config_error(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("max_steps = = 3\n")
    with pytest.raises(ConfigError, match="invalid TOML"):
        load_config(path)


def test_parse_override_strips_and_parses():
    assert parse_override(" top_p = 0.9 ") == ("top_p", 0.9)
    assert parse_override("system_prompt=") == ("system_prompt", "")


def test_every_field_has_a_docstring():
    docs = field_docs()
    names = [f.name for f in dataclasses.fields(Config)]
    assert sorted(docs) == sorted(names)
    assert all(len(doc) > 10 for doc in docs.values())


def test_required_key_names_exist():
    names = {f.name for f in dataclasses.fields(Config)}
    required = {"model", "dataset", "prompt_column", "reference_column", "verifiers", "num_generations",
                "prompts_per_step", "max_new_tokens", "learning_rate", "beta", "num_iterations", "max_steps",
                "save_every", "seed", "output_dir"}
    assert required <= names
    assert Config().prompt_column == "prompt" and Config().reference_column == "reference"


CONFIGS = sorted((Path(__file__).parent.parent / "configs").glob("*.toml"))


@pytest.mark.parametrize("path", CONFIGS, ids=[p.stem for p in CONFIGS])
def test_shipped_configs_load(path):
    load_config(path)


def test_default_toml_is_the_dataclass_defaults():
    # `verigrpo train` and `verigrpo train --config configs/default.toml` must run the same main job
    assert load_config(Path(__file__).parent.parent / "configs" / "default.toml") == Config()


def test_missing_config_file_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "nope.toml")


def test_a_list_whose_quotes_the_shell_removed_is_still_a_list():
    # bash turns `--set verifiers=['math','format_tags']` into `verifiers=[math,format_tags]`
    cfg = load_config(None, ["verifiers=[math,format_tags]", "adam_betas=[0.9, 0.95]", "system_prompt=[INST]"])
    assert cfg.verifiers == ["math", "format_tags"] and cfg.adam_betas == [0.9, 0.95]
    assert cfg.system_prompt == "[INST]"  # a string field keeps the text as it is
    assert parse_override("verifiers=[my_rewards:ends_with_reference]") == ("verifiers", ["my_rewards:ends_with_reference"])


def test_the_configs_choices_are_the_keys_of_their_tables():
    """The config validates string choices when it loads, before torch is imported; the tables that use them
    live with the code. They must name the same choices."""
    from verigrpo.grpo_train import losses, model, train
    from verigrpo.grpo_train.config import CHOICES

    tables = {
        "advantage": train.ADVANTAGES, "std": losses.STD_CHOICES, "lr_schedule": train.LR_SCHEDULES,
        "aggregation": losses.AGGREGATIONS, "precision": ("auto", *model.PRECISIONS),
    }
    assert set(CHOICES) == set(tables)
    for key, table in tables.items():
        assert tuple(CHOICES[key]) == tuple(table), key
