"""Classes found by the sixteenth external set (benchmarks/data/external_pairs_16.jsonl: simpleRL-reason's stored
keys for CollegeMath, ASDiv, SVAMP, MAWPS, AQuA, SAT; Open-Reasoner-Zero's and oat's grader facts) at its first
run, each fixed by a general rule. The examples are ours, not the set's rows."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # a key "value (unit words)": the value with those words as its unit or label
        ("\\boxed{14}", "14 (pencils)", "correct"),
        ("\\boxed{14 \\text{ pencils}}", "14 (pencils)", "correct"),
        ("\\boxed{15}", "14 (pencils)", "wrong"),
        ("\\boxed{\\$2.35}", "2.35 (dollars)", "correct"),
        ("\\boxed{90 \\text{ minutes}}", "1.5 (hours)", "correct"),
        ("\\boxed{2500 g}", "2.5 (kilograms of flour)", "correct"),
        ("\\boxed{2500 m}", "2.5 (kilograms of flour)", "wrong"),
        # markdown bold around a whole key is emphasis
        ("\\boxed{41.5}", "**41.5**", "correct"),
        ("\\boxed{41}", "**41.5**", "wrong"),
    ],
)
def test_set16_reference_forms(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("answer", "reference", "question", "status"),
    [
        # a question asking for several quantities in an order: a bare list in another order is wrong
        ("25, 15", "15, 25", "How many grams of the 5% alloy and of the 9% alloy are needed?", "wrong"),
        ("15, 25", "15, 25", "How many grams of the 5% alloy and of the 9% alloy are needed?", "correct"),
        ("6, 11", "11, 6", "How many quarters and how many dimes does she have?", "wrong"),
        ("8, 3", "3, 8", "Give the width and the length, respectively.", "wrong"),
        # roots, "the two numbers", alternatives of one unknown, or no question: the order stays free
        ("4, -1", "-1, 4", "Solve x^2 - 3x - 4 = 0.", "correct"),
        ("4, -1", "-1, 4", "The sum of two numbers is 3 and their product is -4. What are the numbers?", "correct"),
        ("x = 4, x = -1", "-1, 4", "Find x, respectively for each case.", "correct"),
        ("25, 15", "15, 25", "", "correct"),
    ],
)
def test_a_list_is_ordered_where_the_question_asks_for_quantities_in_order(
    answer: str, reference: str, question: str, status: str
) -> None:
    row = {"reference": reference, "prompt": question} if question else {"reference": reference}
    assert math_answer(f"\\boxed{{{answer}}}", row).status.value == status


# Classes left after set 16's first fixes (and seen in sets 8 and 15), each closed by a general rule. The
# examples are ours.
@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # verdicts written several ways are one word each
        ("\\boxed{\\text{DNE}}", "does not exist", "correct"),
        ("\\boxed{\\text{The limit does not exist}}", "DNE", "correct"),
        ("\\boxed{0}", "does not exist", "wrong"),
        ("\\boxed{\\text{undefined}}", "does not exist", "wrong"),
        ("\\boxed{\\text{infinitely many solutions}}", "Infinite number of solutions", "correct"),
        ("\\boxed{\\infty}", "infinitely many", "wrong"),
        ("\\boxed{\\text{infinitely many}}", "no solution", "wrong"),
        ("**Final Answer:** The equation has no solution.", "no solution", "correct"),
        ("\\boxed{\\text{no solution}}", "DNE", "wrong"),
        # an option named in words, or a letter with a period before the option's value
        ("\\boxed{\\text{option B}}", "B", "correct"),
        ("\\boxed{\\text{Option (c)}}", "C", "correct"),
        ("\\boxed{\\text{option B}}", "C", "wrong"),
        ("\\boxed{A. -2}", "-2", "correct"),
        ("\\boxed{A. -3}", "-2", "wrong"),
        ("\\boxed{B. -2}", "A", "wrong"),
        # times of day: am / pm on either side
        ("\\boxed{6:10 \\text{ PM}}", "6:10", "correct"),
        ("\\boxed{18:10}", "6:10 p.m.", "correct"),
        ("\\boxed{6:10 \\text{ a.m.}}", "6:10 PM", "wrong"),
        ("\\boxed{6:15 \\text{ PM}}", "6:10", "wrong"),
        ("\\boxed{1:58}", "1:58 am", "wrong"),  # the reference says which half of the day; the answer does not
        # no am / pm: ratios, and a ratio equal to a reference ratio in lowest terms is paid (stop 23)
        ("\\boxed{6:10}", "3:5", "correct"),
        ("\\boxed{6:11}", "3:5", "wrong"),
        # a pair that cannot be an interval is a tuple, named by a bare list in its order
        ("\\boxed{(75, 25)}", "75, 25", "correct"),
        ("\\boxed{(75, 25)}", "25, 75", "wrong"),
        ("\\boxed{(25, 75)}", "75, 25", "wrong"),
        # a hyphen between two upright units is their product (N-m, ft-lb, kW-h)
        ("\\boxed{2450\\pi\\ \\mathrm{J}}", "2450 \\pi \\mathrm{N}-\\mathrm{m}", "correct"),
        ("\\boxed{2450\\pi\\ \\mathrm{N}}", "2450 \\pi \\mathrm{N}-\\mathrm{m}", "wrong"),
        ("\\boxed{5 \\mathrm{kW-h}}", "18000000 \\mathrm{J}", "correct"),
        # cents are hundredths of a dollar; kmph and kph are km/h
        ("\\boxed{59 \\text{ cents}}", "0.59 (dollars)", "correct"),
        ("\\boxed{58 \\text{ cents}}", "0.59 (dollars)", "wrong"),
        ("\\boxed{5 \\text{ dollars}}", "5 \\text{ euros}", "wrong"),
        ("\\boxed{20 \\text{ m/s}}", "72 \\text{ kmph}", "correct"),
        ("\\boxed{21 \\text{ m/s}}", "72 \\text{ kmph}", "wrong"),
        # the rupee before an amount, as MathQA / AQuA keys write it, is its unit
        ("\\boxed{\\text{Rs. } 450}", "450", "correct"),
        ("\\boxed{450 \\text{ rupees}}", "Rs. 450", "correct"),
        ("\\boxed{\\text{Rs. } 451}", "450", "wrong"),
        ("\\boxed{\\text{Rs. } 450}", "450 \\text{ dollars}", "wrong"),
    ],
)
def test_verdicts_options_times_pairs_and_units(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status

