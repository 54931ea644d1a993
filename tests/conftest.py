"""Shared fixtures (``tiny``: the tiny random model runs train on). The suite runs offline, as ``verigrpo`` does by default: a hub id that is not cached fails at once instead of
waiting on the network (tests that check the online/offline rule set and clear the variable themselves)."""

import json
import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> dict[str, str]:
    """A tiny random Llama (char tokenizer, tied embeddings, two decoder layers) and a 12-row JSONL dataset
    (``Say 33.`` -> ``3``), built once per test module that asks for it."""
    from verigrpo.grpo_train.model import build_tiny_random

    root = tmp_path_factory.mktemp("tiny")
    model = build_tiny_random(root / "model", hidden=32, layers=2)
    data = root / "data.jsonl"
    data.write_text("".join(json.dumps({"prompt": f"Say {i}{i}.", "reference": str(i)}) + "\n" for i in range(12)))
    return {"model": str(model), "data": str(data)}


@pytest.fixture(autouse=True)
def _fresh_accelerate_state():
    """accelerate keeps one device state per process: a test that trains on a GPU would otherwise leave it set for
    the next test's ``Accelerator(cpu=True)``, which then refuses ("AcceleratorState has already been
    initialized"). Seen on a GPU machine only; CI has none."""
    yield
    import sys

    if "accelerate.state" in sys.modules:
        sys.modules["accelerate.state"].AcceleratorState._reset_state(reset_partial_state=True)
