"""The embedded code task (``dataset = "code"``): deterministic, train and held-out disjoint by problem, every
reference solution passes its tests and every family's typical slip fails them, through the sandbox users get."""

from __future__ import annotations

import collections
import random

import pytest
from verigrpo.grpo_train.codetasks import FAMILIES, PROMPT, code, held_out
from verigrpo.grpo_train.data import DatasetError
from verigrpo.verifiers import Status
from verigrpo.verifiers.code import python_tests

FAST = {"timeout": 5.0, "call_timeout": 2.0, "cpu_s": 3.0, "all_or_nothing": True}


def test_the_task_is_deterministic_and_the_splits_are_disjoint_by_problem():
    train, test = code("train", 7, 3000), code("test", 7, 60)
    assert train == code("train", 7, 3000) and test == code("test", 99, 60)  # test ignores the run seed
    assert train != code("train", 8, 3000)
    statements = lambda rows: {r["prompt"] for r in rows}  # noqa: E731 - the problem, not its test inputs
    assert not statements(train) & statements(test)
    assert len(statements(test)) == 60  # distinct held-out problems
    assert set(r["family"] for r in test) == set(FAMILIES)  # every family held out
    assert max(collections.Counter(r["family"] for r in test).values()) <= 20  # families in turn
    assert all(r["prompt"].startswith("Write a Python function `") and "```python" in r["prompt"] for r in test)


def test_held_out_follows_the_statement_not_the_seed():
    rng = random.Random(0)
    for family in FAMILIES.values():
        params = family.draw(rng)
        assert held_out(family, params) == held_out(family, dict(params))
    assert PROMPT.count("{") == 2


def test_unknown_families_and_an_exhausted_split_are_clear_errors():
    with pytest.raises(DatasetError, match="unknown families"):
        code("train", 0, 5, families="linear,nope")
    with pytest.raises(DatasetError, match="distinct test problems"):
        code("test", 0, 10_000, families="divisible")
    only = code("train", 0, 50, families="clamp, linear")
    assert {r["family"] for r in only} == {"clamp", "linear"}


def test_every_reference_passes_and_every_slip_fails_in_the_sandbox():
    """Three problems of each family, train and held-out: the reference solution, sent as a model would send it
    (one fenced block), passes every assert; the family's wrong solution fails at least one."""
    rows: list[dict] = []
    for name in FAMILIES:
        rows += code("train", 3, 3, families=name) + code("test", 0, 1, families=name)
    for row in rows:
        good = python_tests(f"```python\n{row['solution']}```", row, **FAST)
        assert good.status is Status.CORRECT and good.outcome == 1.0, (row["prompt"], good.info)
        bad = python_tests(f"```python\n{row['wrong_solution']}```", row, **FAST)
        assert bad.status in (Status.WRONG, Status.PARTIAL) and bad.outcome == 0.0, (row["prompt"], bad.info)
        assert bad.info["passed"] < bad.info["total"]


def test_every_slip_fails_on_many_problems():
    """In-process (our own code), over many drawn problems: no family's tests let its typical slip through."""
    for row in code("train", 11, 2000) + code("test", 0, 60):
        namespace: dict = {}
        exec(row["solution"], namespace)  # noqa: S102 - the generator's own reference
        exec(row["reference"], namespace)  # noqa: S102 - its own asserts
        namespace = {}
        exec(row["wrong_solution"], namespace)  # noqa: S102
        with pytest.raises(AssertionError):
            exec(row["reference"], namespace)  # noqa: S102
