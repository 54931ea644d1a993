"""Failure classes left after stop 19 (external set 29 and later), each closed by a general rule: the last sentence of
a completion without an answer marker states one number among several (the others in phrases of circumstance); an
option letter with a colon is an option ("B: 15"); an exact value in a math span, then the same value approximated in
prose ("$\\frac{5}{18}$, or about 27.8%"), answers with the exact value."""

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


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an option letter, a colon and the option's text: the option, as "B. 15" and "(B) 15" are
        ("The correct answer is B: 15", "B", 1.0),
        ("The correct answer is B: 15", "15", 1.0),  # ... with its value
        ("The correct answer is B: 15", "C", 0.0),
        ("The correct answer is B: 15", "16", 0.0),
        ("Answer: D: the bus is the second-newest", "D", 1.0),
        ("The answer is C: no wait, D", "D", 0.0),  # a letter taken back names nothing
        ("The answer is C: no wait, D", "C", 0.0),
    ],
)
def test_an_option_letter_with_a_colon(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an exact value, then the same value approximated in prose: the exact value answers
        ("The probability is $\\frac{5}{18}$, or about 27.8%.", "5/18", 1.0),
        ("The probability is $\\frac{5}{18}$ (approximately 0.278).", "5/18", 1.0),
        ("The probability is $\\frac{5}{18}$ ≈ 0.278.", "5/18", 1.0),
        ("So $x = 2\\sqrt{3}$, which is about 3.46.", "2\\sqrt{3}", 1.0),
        ("The answer is $\\frac{5}{18}$, or about 27.8%.", "5/18", 1.0),
        ("The probability is $\\frac{5}{18}$, or about 27.8%.", "5/19", 0.0),
        # ... never a second value: the decimal is not the answer (the exact value is, as in one span)
        ("The probability is $\\frac{5}{18}$, or about 27.8%.", "0.278", 0.0),
        ("The probability is $\\frac{5}{18}$ (approximately 0.278).", "0.278", 0.0),
        # an alternative stays a hedge, and money is no math span
        ("It is $3$ or $4$, about 3.5", "3", 0.0),
        ("He paid $5, or about $6 in total.", "6", 0.0),
    ],
)
def test_an_exact_value_approximated_in_prose(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want
