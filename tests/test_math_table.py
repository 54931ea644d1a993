"""The table of answer forms in the docstring of :mod:`verifiers.math`: every row gets the status it states,
and names a test (in this directory) that shows the rule."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest
import verigrpo.verifiers.math as math_package
from verigrpo.verifiers.math import math_answer

VERDICTS = {"correct", "wrong", "no_answer", "unparsable", "bad_input"}
QUESTION = re.compile(r"(.*?) \[Q: (.*)\]")


def _rows() -> list[tuple[str, str, str, str]]:
    rows = []
    for line in (math_package.__doc__ or "").splitlines():
        cells = [c.strip() for c in line.split(" | ")]
        if len(cells) == 4 and re.fullmatch(r"test_\w+", cells[3]):
            rows.append((cells[0], cells[1], cells[2], cells[3]))
    return rows


@functools.cache
def _test_names() -> set[str]:
    names = set()
    for path in Path(__file__).resolve().parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return names


ROWS = _rows()


def test_the_table_is_read_whole():
    assert len(ROWS) >= 150
    assert {verdict for _, _, verdict, _ in ROWS} == VERDICTS


@pytest.mark.parametrize(("completion", "reference", "verdict", "test"), ROWS, ids=[r[0][:60] for r in ROWS])
def test_each_row_gets_its_verdict_and_names_a_test(completion: str, reference: str, verdict: str, test: str):
    assert test in _test_names(), f"{test} names no test in tests/"
    completion = completion.replace("⏎", "\n")  # a line break inside a one-line table cell
    row = {"reference": reference}
    question = QUESTION.fullmatch(reference)
    if question:
        row = {"reference": question.group(1), "prompt": question.group(2)}
    r = math_answer(completion, row)
    assert r.status.value == verdict, r.info
