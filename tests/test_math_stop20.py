"""Failure classes left after stop 19 (external set 29 and later), each closed by a general rule: the last sentence of
a completion without an answer marker states one number among several (the others in phrases of circumstance)."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


def _raw(completion: str, gold: str, question: str = "") -> float:
    return math_answer(completion, {"reference": gold, "question": question}).outcome


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # no marker: the last sentence's stated number, not the last number of a phrase of circumstance
        ("So, Emily should buy 14 kilograms of food for her 4 dogs.", "14", 1.0),
        ("So, Emily should buy 14 kilograms of food for her 4 dogs.", "4", 0.0),
        ("Therefore, Jean can fill 14 bags with 2 lollipops in each bag.", "14", 1.0),
        ("Therefore, Jean can fill 14 bags with 2 lollipops in each bag.", "2", 0.0),
        ("Working it out, the count is 103 when all 4 cases are included.", "103", 1.0),
        ("Working it out, the count is 103 when all 4 cases are included.", "4", 0.0),
        ("The total cost for 3 shirts is 45 dollars.", "45", 1.0),
        ("The total cost for 3 shirts is 45 dollars.", "3", 0.0),
        # the same number twice is one value
        ("So 28 / 2 = 14 bags. Therefore, Jean can fill 14 bags with 2 lollipops in each bag.", "14", 1.0),
        # nothing changes where no single number is left: the last number as before
        ("John is 12, so in 4 years he will be 16.", "16", 1.0),
        ("John is 12, so in 4 years he will be 16.", "12", 0.0),
        ("She had 5 apples and after 2 days she has 3.", "3", 1.0),  # "and": no number is set aside
        ("Two of the four outcomes are favourable, so the probability is 50%.", "\\frac12", 1.0),
        # a hedge stays a hedge
        ("So she buys 14 or 15 kilograms of food for her 4 dogs.", "14", 0.0),
    ],
)
def test_the_last_sentence_states_one_number(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


def test_the_question_s_numbers_are_set_aside_in_the_last_sentence() -> None:
    q = "Ann has 7 bags with 6 apples each. How many apples does she have?"
    assert _raw("So Ann has 42 apples in 7 bags.", "42", q) == 1.0
    assert _raw("So Ann has 42 apples in 7 bags.", "7", q) == 0.0
