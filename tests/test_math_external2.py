"""Rules closed after the second external set (benchmarks/data/external_pairs_2.jsonl): each is general;
each table holds answers the rule must pay and near misses it must not."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.extract import extract_answer
from verigrpo.verifiers.math.forms import standalone_number


def _status(completion: str, reference: str) -> str:
    return math_answer(completion, {"reference": reference}).status.value


# 1. an answer heading on its own line, the answer on the next: later verification lines are not the answer
HEADING = [
    ("We get 79.50.\n# Answer\n\n79.50\nCheck: 79.50 / 3 = 31.50.", "79.50", "correct"),
    ("We get 79.50.\n# Answer\n\n79.50\nCheck: 79.50 / 3 = 31.50.", "31.50", "wrong"),
    ("**Final Answer**\n\n$\\frac{1}{2}$\nVerification: 1/2 = 0.5", "1/2", "correct"),
    ("## Answer\n42\nCheck: 42 - 2 = 40", "40", "wrong"),
    # two different answers after markers stay a hedge, whichever marker came last
    ("# Answer\n\n5\n# Answer\n\n6", "5", "wrong"),
    ("# Answer\n\n5\n# Answer\n\n6", "6", "wrong"),
    ("The answer is 5.\n# Answer\n6", "6", "wrong"),
    ("The answer is 5.\n# Answer\n6", "5", "wrong"),
    ("# Answer\n\n5 or 6", "5", "wrong"),
    ("The answer is 6.\n# Answer\n\n6", "6", "correct"),  # the same answer twice is no hedge
]


@pytest.mark.parametrize("completion,reference,status", HEADING)
def test_an_answer_heading_wins_over_later_check_lines(completion, reference, status):
    assert _status(completion, reference) == status


def test_two_answer_headings_with_different_answers_are_flagged_as_a_hedge():
    ex = extract_answer("# Answer\n\n5\nCheck: fine\n# Answer\n\n7")
    assert ex.hedged and ex.rule == "answer_is"


# 2. a number next to Chinese / Japanese / Korean text stands alone (those scripts use no spaces)
CJK = [
    ("所以一共有3 + 10 = 13只鸟和鹳鸟。", "13", "correct"),
    ("因此，杰西开始慢跑前的体重是192公斤。", "192", "correct"),
    ("计划的比例为13/28", "13/28", "correct"),
    ("地块面积 = 72000 / 18 = 4000千克", "4000", "correct"),
    ("地块面积 = 72000 / 18 = 4000千克", "18", "wrong"),
    # doubt, negation and ordinals in Chinese still give no answer
    ("所以答案可能是5吗？", "5", "no_answer"),
    ("也许是5", "5", "no_answer"),
    ("代入后5不是解。", "5", "no_answer"),
    ("我们做第3步", "3", "no_answer"),
]


@pytest.mark.parametrize("completion,reference,status", CJK)
def test_numbers_glued_to_cjk_text_stand_alone(completion, reference, status):
    assert _status(completion, reference) == status


def test_standalone_number_next_to_cjk():
    assert standalone_number("共13只", 1, 3)
    assert not standalone_number("第3步", 1, 2)
    assert not standalone_number("H2O", 1, 2)
