"""The ``math`` verifier on answer forms that other projects' grading tests and public answer keys
use (issue 12, failure classes 1-5). Each rule is general; each table holds answers it must pay
and near misses it must not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from verigrpo.verifiers.math import math_answer, parse_answer
from verigrpo.verifiers.math.forms import (
    one_number_sentence,
    standalone_number,
    trailing_latex,
)
from verigrpo.verifiers.math.parts import labelled_tuples


def _paid(completion: str, reference: str) -> bool:
    return math_answer(completion, {"reference": reference}).outcome == 1.0


# 1. the last-number fallback reads only a standalone numeral; a trailing LaTeX expression is maths
FALLBACK = [
    ("Water is H2O", "2", False),
    ("The code is AZYUK2A.", "2", False),
    ("So the length is \\sqrt{2}.", "2", False),
    ("So the length is \\sqrt{2}.", "\\sqrt{2}", True),
    ("The ratio is \\frac{10}{9}", "9", False),
    ("The ratio is \\frac{10}{9}", "10/9", True),
    ("\\frac{10}{9}", "10/9", True),
    ("Soucis : 2,74 $ a..", "74", False),
    ("The price is 3.14 today", "14", False),
    ("Therefore he drove 260 miles", "260", True),  # a standalone numeral is still read
    ("so the rod is 5cm long", "5", True),  # a unit glued to the number is fine
    ("maybe it is \\sqrt{2}", "\\sqrt{2}", False),  # a doubted expression is no answer
]


@pytest.mark.parametrize("completion,reference,paid", FALLBACK)
def test_fallback_takes_only_standalone_numerals_and_parses_trailing_latex(completion, reference, paid):
    assert _paid(completion, reference) is paid


def test_standalone_number_and_trailing_latex_helpers():
    text = "H2O and 5 and 2,74"
    assert not standalone_number(text, 1, 2)  # the 2 of H2O
    assert standalone_number(text, 8, 9)  # 5
    assert not standalone_number(text, 16, 18)  # the 74 of 2,74
    assert trailing_latex("the length is \\sqrt{2}.") == (14, "\\sqrt{2}")
    assert trailing_latex("the length is 2.") is None


# 2. a reference with several boxes listed together is a multi-answer reference
MULTI_BOX = [
    ("\\(\\boxed{1}\\) and \\(\\boxed{-2}\\).", "$\\boxed{-2}$", False),  # a partial answer
    ("\\(\\boxed{1}\\) and \\(\\boxed{-2}\\).", "$\\boxed{1, -2}$", True),
    ("\\(\\boxed{1}\\) and \\(\\boxed{-2}\\).", "$\\boxed{-2,1}$", True),
    ("\\(\\boxed{1}\\) and \\(\\boxed{-2}\\).", "$\\boxed{1}$ and $\\boxed{-2}$", True),
    ("\\(\\boxed{1}\\) and \\(\\boxed{-2}\\).", "$\\boxed{1, 2}$", False),
    ("$$\\boxed{2}, \\boxed{3}, \\boxed{5}$$", "$\\{2, 3, 5\\}$", True),
    ("\\boxed{1} papers and \\boxed{2} bins", "$\\boxed{1,2}$", True),
    ("\\boxed{1} no no no no no \\boxed{2}", "$\\boxed{1,2}$", False),  # far apart: not one list
]


@pytest.mark.parametrize("reference,completion,paid", MULTI_BOX)
def test_several_boxes_in_a_reference_are_several_answers(reference, completion, paid):
    assert _paid(completion, reference) is paid


# 3. labelled answers, on either side
LABELLED = [
    ("$AB=4,CD=5$", "$\\boxed{4, 5}$", True),
    ("$AB=4,CD=5$", "$\\boxed{4, 6}$", False),
    ("$\\boxed{4, 5}$", "$AB=4,CD=5$", True),
    ("$|AB|=1$", "$1$", True),
    ("$|AB|=1$", "$2$", False),
    ("$V_{1}:V_{2}=11:21$", "$11:21$", True),
    ("$V_{1}:V_{2}=11:21$", "$11:20$", False),
    ("$S_{MBCN}:S=7:32$", "$\\boxed{7:32}$", True),
    ("$\\frac{NO}{BO}=\\frac{1}{\\sqrt6}$", "$\\frac{1}{\\sqrt{6}}$", True),
    ("$\\frac{NO}{BO}=\\frac{1}{\\sqrt6}$", "$\\frac{1}{\\sqrt{5}}$", False),
    ("$x = 11$", "$x = 5+5+1 = 11$", True),  # a true chain
    ("$x = 11$", "$x = 5+5+1 = 12$", False),
    ("$x = 11$", "$x = 5+5+1 = 7 = 11$", False),  # a false chain answers nothing
    ("$x = 11$", "$y = 5+5+1 = 11$", False),  # another name
    ("$AB = 4$", "$CD = 4$", False),
    ("$p=5,q=2;p=7,q=2$", "$(5,2),(7,2)$", True),
    ("$p=5,q=2;p=7,q=2$", "$(5,2)$", False),
]


@pytest.mark.parametrize("reference,completion,paid", LABELLED)
def test_labelled_answers_on_either_side(reference, completion, paid):
    assert _paid(completion, reference) is paid


def test_named_quantities_parse_as_labels_only_with_a_value_without_letters():
    assert parse_answer("|AB|=1").label  # type: ignore[union-attr]
    assert not parse_answer("AB = 2x").label  # type: ignore[union-attr]  # a product set equal to 2x
    assert labelled_tuples("p=5,q=2;p=7,q=2") == "(5, 2), (7, 2)"
    assert labelled_tuples("p=5,q=2;q=7,p=2") is None  # the names must come in the same order


# 4. notations in public answer keys
NOTATIONS = [
    ("11:21", "$11:21$", True),
    ("11:21", "$21:11$", False),
    ("(0;0;0),(0;-2;0)", "\\boxed{(0, -2, 0), (0, 0, 0)}", True),
    ("(0;0;0),(0;-2;0)", "\\boxed{(0, 2, 0), (0, 0, 0)}", False),
    ("11111111100", "is $\\boxed{11,\\! 111,\\! 111,\\! 100}$", True),
    ("11111111000", "is $\\boxed{11,\\! 111,\\! 111,\\! 100}$", False),
    ("14916", "The final answer is $14 {, }916$.", True),
    ("$28\\%$", "28 pct", True),
    ("$28\\%$", "$\\boxed{29 pct}$", False),
    ("$1\\leq|z|\\leq \\frac{3}{2}$", "$z \\in [-\\frac{3}{2}, -1] \\cup [1, \\frac{3}{2}]$", True),
    ("$1\\leq|z|\\leq \\frac{3}{2}$", "$[1, \\frac{3}{2}]$", False),
    ("$0<f(x)<1$", "$(0,1)$", True),
    ("$0<f(x)<1$", "$[0,1)$", False),
    ("$-2 \\\\le x \\\\le 7$", "$x \\in [-2,7]$", True),  # text escaped twice
    (
        "$\\begin{pmatrix}6 & 8 \\\\ 10 & 12\\end{pmatrix}$",
        "The sum is $\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix} + \\begin{pmatrix}5 & 6 \\\\ 7 & 8\\end{pmatrix}$",
        True,
    ),
    (
        "$\\begin{pmatrix}6 & 8 \\\\ 10 & 13\\end{pmatrix}$",
        "The sum is $\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix} + \\begin{pmatrix}5 & 6 \\\\ 7 & 8\\end{pmatrix}$",
        False,
    ),
    (
        "$\\begin{pmatrix}2 & 1 \\\\ 4 & 3\\end{pmatrix}$",
        "$\\begin{pmatrix}0 & 1 \\\\ 1 & 0\\end{pmatrix} \\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}$",
        False,  # the product is [[3, 4], [1, 2]]
    ),
    (
        "$\\begin{pmatrix}3 & 4 \\\\ 1 & 2\\end{pmatrix}$",
        "$\\begin{pmatrix}0 & 1 \\\\ 1 & 0\\end{pmatrix} \\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}$",
        True,
    ),
]


@pytest.mark.parametrize("reference,completion,paid", NOTATIONS)
def test_answer_key_notations(reference, completion, paid):
    assert _paid(completion, reference) is paid


def test_matrix_shapes_must_fit():
    r = math_answer(
        "$\\begin{pmatrix}1 \\\\ 2\\end{pmatrix} + \\begin{pmatrix}1 & 2\\end{pmatrix}$", {"reference": "3"}
    )
    assert r.outcome == 0.0


# 5. final-answer sentences
FINAL = [
    (
        "$0.05 \\cdot 10,200 \\cdot \\frac{1}{2} = \\boxed{255}$ So she has $10,455. "
        "Final Answer: The final answer is $10,455$. I hope it is correct.",
        "10455",
        True,
    ),
    ("Interest: $\\boxed{255}$. Final Answer: The final answer is $10,455$.", "255", False),
    ("Final Answer: Jane started growing Sphere 3 hours ago. I hope it is correct.", "3", True),
    ("Final Answer: Jane started growing Sphere 3 hours ago.", "4", False),
    ("Final Answer: Jane started 3 hours ago and Rod 8 hours ago.", "3", False),  # two numbers
]


@pytest.mark.parametrize("completion,reference,paid", FINAL)
def test_final_answer_sentences(completion, reference, paid):
    assert _paid(completion, reference) is paid


def test_one_number_sentence():
    assert one_number_sentence("Jane started growing Sphere 3 hours ago") == "3 hours"
    assert one_number_sentence("from 3 to 4") is None


def test_reference_written_as_a_solution_answers_with_its_final_answer():
    reference = "The stock retains 72% of its value. Final Answer: The final answer is $28 \\%$. I hope it is correct."
    assert _paid("a total loss of $\\boxed{28\\%}$.", reference)
    assert not _paid("a total loss of $\\boxed{72\\%}$.", reference)


def test_external_set_pays_no_wrong_answer():
    """Every case of benchmarks/data/external_pairs.jsonl labelled not equivalent (other projects'
    grading tests, public answer keys) gets 0."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "external_pairs.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    wrong = [r for r in rows if not r["equivalent"] and not r.get("policy")]
    assert len(wrong) >= 150
    for r in wrong:
        completion = (
            r["prediction"] if r.get("raw") else "The final answer is $\\boxed{" + r["prediction"] + "}$."
        )
        assert not _paid(completion, r["gold"]), (r["source"], r["gold"], r["prediction"][-120:])


# the one-number and final-answer rules leave bounds, comparisons and hedges alone
NOT_STATED = [
    ("The answer is at least 5.", "5"),
    ("The answer is greater than 5.", "5"),
    ("The answer is 5 or more.", "5"),
    ("Final Answer: there are fewer than 5 left.", "5"),
    ("$\\boxed{5}$\n\nHmm, let me recheck. The answer is 6.", "6"),  # not a *final* answer: a hedge
]


@pytest.mark.parametrize("completion,reference", NOT_STATED)
def test_bounds_and_rechecks_are_not_answers(completion, reference):
    assert not _paid(completion, reference)
