"""Failure classes found after stop 20 (red team, external sets 32 and later), each closed by a general rule."""

from __future__ import annotations

import pytest
from linear_time import assert_pattern_linear
from math_score import score
from verigrpo.verifiers.math.units import NUMBER_WORDS


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a word glued to a number with no space is a unit only when it is one: otherwise the number is part of a word
        ("The answer is 4ever.", "4", 0.0),
        ("The answer is \\boxed{4ever}.", "4", 0.0),
        ("The answer is 4apples.", "4", 0.0),
        ("The answer is 7eleven.", "7", 0.0),
        ("The answer is 10four.", "10", 0.0),  # a number word glued to a number: not ten "fours"
        # glued units, by symbol, by name or as a plural abbreviation, still pay
        ("The answer is \\boxed{5kg}.", "5", 1.0),
        ("The answer is \\boxed{5km/h}.", "5", 1.0),
        ("The answer is \\boxed{3hrs}.", "3", 1.0),
        ("The answer is \\boxed{3hours}.", "3", 1.0),
        ("The answer is \\boxed{3mins}.", "3", 1.0),
        ("The answer is \\boxed{12USD}.", "12", 1.0),
        ("The answer is \\boxed{5dollars}.", "5", 1.0),
        ("The answer is 4cm.", "4", 1.0),
        # with a space, a word after a number is what it counts, as before
        ("The answer is \\boxed{12 apples}.", "12", 1.0),
        ("The answer is \\boxed{4 ever}.", "5", 0.0),
    ],
)
def test_a_word_glued_to_a_number_is_a_unit_only_by_name(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_number_words_are_one_table() -> None:
    assert NUMBER_WORDS["zero"] == 0 and NUMBER_WORDS["nineteen"] == 19 and NUMBER_WORDS["twenty"] == 20
    assert NUMBER_WORDS["ninety-nine"] == 99 and len(NUMBER_WORDS) == 100


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a number "below zero" is negative, in prose, in an answer sentence and in a box
        ("The temperature is 5 degrees below zero.", "-5", 1.0),
        ("The temperature is 5 degrees below zero.", "5", 0.0),
        ("So the temperature at night is 12°C below zero.", "-12", 1.0),
        ("So the temperature at night is 12°C below zero.", "12", 0.0),
        ("The answer is 5 degrees below zero.", "-5", 1.0),
        ("The answer is 5 degrees below zero.", "5", 0.0),
        ("\\boxed{5 \\text{ below zero}}", "-5", 1.0),
        ("\\boxed{5 \\text{ below zero}}", "5", 0.0),
        # other numbers of the sentence are untouched
        ("The low was 5 degrees below zero, and the high was 12 degrees.", "12", 1.0),
    ],
)
def test_a_number_below_zero_is_negative(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("module", "pattern", "shape"),
    [
        ("normalize", "_BELOW_ZERO", '"1" + " " * n + "x below"'),
        ("normalize", "_BELOW_ZERO", '"1" + " " * (n // 2) + "\\\\text{" + " " * (n // 2) + "below"'),
    ],
)
def test_the_new_patterns_run_in_linear_time(module: str, pattern: str, shape: str) -> None:
    """(The first shape took 171 s on 80k characters before the pattern was rewritten; fallback's ``_BELOW_ZERO_RE``
    is the same text, matched at one position only.)"""
    assert_pattern_linear(module, pattern, shape)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (red team, stop 21) a sign word right before the last number makes it negative; after an operand it is
        # a subtraction
        ("It is negative 4.", "4", 0.0),
        ("It is negative 4.", "-4", 1.0),
        ("So the temperature is minus 4 degrees.", "4", 0.0),
        ("So the temperature is minus 4 degrees.", "-4", 1.0),
        ("So we get 7 minus 4, which is 3.", "3", 1.0),
        ("It is ˗4.", "4", 0.0),  # U+02D7, a modifier-letter minus
    ],
)
def test_a_sign_word_before_the_last_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        # (red team, stop 21) "\not=" and "=/=" are "not equal", never "x = 4"
        ("x \\not= 4", "4", 0.0),
        ("x =/= 4", "4", 0.0),
        # "{,}" before a group of three digits groups thousands; before fewer it is a decimal comma
        ("3{,}14", "314", 0.0),
        ("3{,}14", "3.14", 1.0),
        ("1{,}5", "15", 0.0),
        ("1{,}5", "1.5", 1.0),
        ("14{,}916", "14916", 1.0),
        ("1{,}234{,}567", "1234567", 1.0),
    ],
)
def test_not_equal_and_decimal_commas(pred: str, gold: str, want: float) -> None:
    assert score("The final answer is $\\boxed{" + pred + "}$.", gold) == want
