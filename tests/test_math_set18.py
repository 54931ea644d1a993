"""Classes found by the eighteenth external set (benchmarks/data/external_pairs_18.jsonl: MathVista's keys and
committed completions, AGIEval's gaokao cloze keys and answers, DeepMind's mathematics_dataset, yacas) at its first
run, each fixed by a general rule. The examples are ours, not the set's rows."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # values separated by semicolons answer blanks in order: the reference's separators decide
        ("\\boxed{2; 7}", "2; 7", "correct"),
        ("\\boxed{7, 2}", "$2$; $7$", "wrong"),
        ("\\boxed{7 ; 2}", "2; 7.", "wrong"),
        ("\\boxed{2, 7}", "2; 7", "correct"),
        ("\\boxed{7; 2}", "2, 7", "correct"),  # an unordered reference stays unordered
        ("\\boxed{x = 7, x = 2}", "x = 2; x = 7", "correct"),  # alternatives of one unknown: no order
        ("\\boxed{a = 7, b = 2}", "a = 2; b = 7", "wrong"),
        # "或" (or) between two values is a hedge; "和" (and) lists them
        ("答案是 $8$ 或 $-8$.", "8", "wrong"),
        ("答案是 $8$ 或 $-8$.", "8, -8", "correct"),
        ("答案是 $2$ 和 $5$", "2, 5", "correct"),
        ("答案是 $2$ 和 $5$", "2", "wrong"),
        # a Chinese key with a note in brackets after the value: the value
        ("\\boxed{\\frac{\\pi}{3}}", "$\\frac{\\pi}{3}$ （满足 $\\theta=\\frac{\\pi}{3}+2k\\pi$ 即可）", "correct"),
        ("\\boxed{\\frac{\\pi}{6}}", "$\\frac{\\pi}{3}$ （满足 $\\theta=\\frac{\\pi}{3}+2k\\pi$ 即可）", "wrong"),
        ("\\boxed{x^2}", "$x^{2}$ (答案不唯一)", "correct"),
        # statements picked by circled numbers: the same set, in any order
        ("\\boxed{②④}", "$\\textcircled{2}\\textcircled{4}$", "correct"),
        ("\\boxed{\\textcircled{4}\\textcircled{2}}", "②④", "correct"),
        ("\\boxed{2, 4}", "②④", "correct"),
        ("\\boxed{②}", "②④", "wrong"),
        ("\\boxed{②③④}", "②④", "wrong"),
        ("\\boxed{24}", "②④", "wrong"),
        # a Chinese measure word after a count is its unit word
        ("\\boxed{12 \\text{种}}", "12", "correct"),
        ("\\boxed{12种}", "12", "correct"),
        ("\\boxed{13种}", "12", "wrong"),
        # a long number in words
        ("\\boxed{\\text{two million three hundred and five thousand six hundred and seven}}", "2305607", "correct"),
        ("\\boxed{\\text{two million three hundred and five thousand six hundred and eight}}", "2305607", "wrong"),
    ],
)
def test_set18_classes(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("answer", "question", "status"),
    [
        ("-9, -2, 3, 8", "Put 3, -9, 8, -2 in descending order.", "wrong"),
        ("8, 3, -2, -9", "Put 3, -9, 8, -2 in descending order.", "correct"),
        ("-9, -2, 3, 8", "Sort 3, -9, 8, -2 from greatest to least.", "wrong"),
        ("-9, -2, 3, 8", "Solve (x + 9)(x + 2)(x - 3)(x - 8) = 0.", "correct"),  # roots: a free order
    ],
)
def test_a_list_to_sort_is_ordered(answer: str, question: str, status: str) -> None:
    row = {"reference": "8, 3, -2, -9", "prompt": question}
    assert math_answer(f"\\boxed{{{answer}}}", row).status.value == status
