"""What stop 30 reads: times of day said in English (verifiers/math/clock.py), calendar dates (verifiers/math/dates.py),
pence beside pounds; and what it refuses: an empty JSON answer field paid by a number in the reasoning, a cut-off
completion that was re-checking its answer. Each case that pays a new form was refused at the commit before its
rule; the other cases bound the rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from math_score import score
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.clock import read_clock
from verigrpo.verifiers.math.dates import read_date


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome



@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("quarter past seven", "7:15", 1.0),  # a clock-reading worksheet's key against the digits
        ("2:45", "Quarter to 3", 1.0),
        ("10:45", "quarter to ten", 0.0),  # quarter to ten is 9:45
        ("twenty five to one", "12:35", 1.0),
        ("1:25", "twenty five to one", 0.0),
        ("half past seven", "07:30", 1.0),  # a spoken time names either half of the day
        ("half past seven", "19:30", 1.0),
        ("half past seven in the evening", "7:30 am", 0.0),  # unless it says which
        ("six thirty two", "06:32", 1.0),
        ("nine oh five", "9:05", 1.0),
        ("eight o'clock", "8:00", 1.0),
        ("Noon", "12:00 PM", 1.0),
        ("noon", "12:00 am", 0.0),
        ("midnight", "00:00", 1.0),
        ("midnight", "12:00", 0.0),  # 12:00 on the 24-hour clock is noon
        ("1:15 pm", "13:15 pm", 1.0),  # a 24-hour time with a redundant pm
        ("12:07", "about five past twelve", 0.0),  # "about": no exact time, not read as one
        ("2:30", "half to three", 0.0),  # no English time
        ("1:10", "6:10", 0.0),
        ("1:58", "1:58 am", 0.0),  # digits without am / pm do not name the reference's half
    ],
)
def test_times_of_day_in_words_and_digits(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


_UNITS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
_UNITS += "eighteen nineteen"


def _words(n: int) -> str:
    """1..59 in English words (the test's own spelling, with a space or a hyphen)."""
    small = _UNITS.split()
    if n < 20:
        return small[n - 1]
    tens = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty"}[n // 10]
    return tens if n % 10 == 0 else f"{tens}-{small[n % 10 - 1]}"


@given(st.integers(1, 12), st.integers(1, 59))
def test_minutes_past_and_to_the_hour_name_the_same_time(hour: int, minute: int) -> None:
    past = read_clock(f"{_words(minute)} past {_words(hour)}")
    assert past is not None and (past.hour, past.minute) == (hour, minute)
    after = hour % 12 + 1
    to = read_clock(f"{_words(60 - minute)} minutes to {_words(after)}")
    assert to is not None and (to.hour, to.minute) == (hour, minute)
    assert _boxed(f"{_words(minute)} past {_words(hour)}", f"{hour}:{minute:02d}") == 1.0
    assert _boxed(f"{_words(minute)} past {_words(hour)}", f"{hour}:{(minute + 1) % 60:02d}") == 0.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("3:45 pm,28#may#2336", "2336-05-28T15:45:00", 1.0),  # a date-normalisation set's ISO key
        ("3:45 am,28#may#2336", "2336-05-28T15:45:00", 0.0),
        ("monday 30 sep 2154,10:03 am", "2154-09-30T10:03:00", 1.0),  # the weekday agrees
        ("tuesday 30 sep 2154,10:03 am", "2154-09-30T10:03:00", 0.0),  # the weekday does not
        ("thirty-one#october#2578, 10:48 am", "2578-10-31T10:48:00", 1.0),
        ("11-february-2083, 12 am", "2083-02-11T12:00:00", 0.0),  # 12 am is midnight
        ("fri 02.may. 18 pm", "2758-05-02T18:00:00", 0.0),  # no year
        ("May 28th, 2336", "2336-05-28", 1.0),
        ("2336年5月28日", "2336-05-28", 1.0),
        ("25/12/2023", "December 25, 2023", 1.0),
        ("05/01/2023", "2023-01-05", 0.0),  # the 5th of January or May the 1st: not read
        ("2017", "2023-01-05", 0.0),  # an ISO date is no difference 2023 - 1 - 5 (this was paid)
        ("January 5, 2023", "January 5", 1.0),  # a year the reference did not ask for
        ("January 5", "January 5, 2023", 0.0),
        ("February 30", "Feb 29th", 0.0),
    ],
)
def test_calendar_dates(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_read_date_refuses_what_is_no_whole_date() -> None:
    assert read_date("2023-13-01") is None
    assert read_date("may 2023") == (2023, 5, 0, None)  # a month of a year (stop 42): no day, so no day's date
    assert read_date("5 and 6 January 2023") is None
    assert read_date("The answer is 5") is None


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("250p", "£2.50", 1.0),  # British keys write small amounts in pence
        ("40p", "£0.40", 1.0),
        ("4p", "£0.40", 0.0),
        ("250 pence", "£2.50", 1.0),
        ("£0.40", "40p", 1.0),
        ("40 cents", "£0.40", 0.0),  # cents are no pence
    ],
)
def test_pence_against_pounds(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_an_empty_json_answer_field_answers_nothing() -> None:
    reasoning = '{"reason": "He had 58 - 23 = 35, then 35 - 2 = 33 golf balls.", "answer": ""}'
    assert score(reasoning, "33") == 0.0  # (this was paid by the last number of the reasoning)
    assert score(reasoning.replace('""', "null"), "33") == 0.0
    assert score(reasoning.replace('""', '"33"'), "33") == 1.0
    assert score(reasoning + '\n{"answer": "33"}', "33") == 1.0  # a later field that answers


def test_a_completion_cut_off_while_rechecking_commits_to_nothing() -> None:
    stated = "33 × 17 = 561 and 45 × 47 = 2115, so the answer is No, it is not greater.\n\n"
    cut = stated + "Wait, but just to be absolutely certain, let me compute 33 × 17 once more.\n\n33 × 10 = 330\n\nSo, 561 vs. 2"
    assert score(cut, "No") == 0.0  # (this was paid)
    assert score(stated + "Wait, let me compute it once more: 561 < 2115. Yes.", "No") == 1.0  # the re-check ends
    assert score(stated + "Wait, let me check once more. 561 < 2115, so no again. Checking 45 × 4", "No") == 1.0  # said again
    assert score(stated + "The products are 561 and 2", "No") == 1.0  # cut off, but no re-check was opened


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The answer is 5 değil.", "5", 0.0),  # "not" after the number, in Turkish (this was paid)
        ("答案是 5 不对", "5", 0.0),  # "wrong" after it, in Chinese (this was paid)
        ("Die Antwort ist 5 (falsch).", "5", 0.0),  # (this was paid)
        ("Jawabannya bukan 5.", "5", 0.0),  # "not" before it, in Indonesian (this was paid)
        ("Đáp án là 5 sai", "5", 0.0),
        ("Die Antwort ist 5.", "5", 1.0),
        ("Jawabannya adalah 5.", "5", 1.0),
        ("The answer is ≥ 4.", "4", 0.0),  # a bound in prose (this was paid)
        ("The answer is 4 to 6.", "4", 0.0),  # a range (this was paid)
        ("It takes 4 hours to 6 hours.", "6", 0.0),
        ("So, there are 60 ways to assign 3 people to 5 different offices.", "60", 1.0),
        ("#### <number> 35", "35", 1.0),  # a template's tag is no bound sign
    ],
)
def test_other_languages_negations_bounds_and_ranges_take_the_number_back(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("5 億", "5", 0.0),  # the traditional and Japanese 億 is 10^8, no unit (this was paid)
        ("5億", "500000000", 1.0),
        ("3萬", "30000", 1.0),
        ("5 조", "5", 0.0),  # Korean 조 is 10^12 (this was paid)
        ("5조", "5000000000000", 1.0),
        ("5 兆", "5", 0.0),  # 10^12 or 10^6 by country: no value
    ],
)
def test_cjk_scale_words_after_digits_are_scales(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("5 in + 2 ft", "73.66 cm", 1.0),  # arithmetic on quantities, worked out in SI units
        ("5 in + 2 ft", "73.67 cm", 0.0),
        ("40 kg × 9.8 m/s² × 150 cm", "588 m²·kg/s²", 1.0),
        ("3 m / 4 m", "0.75", 1.0),  # the units cancel
        ("1 kB / 10 ms", "0.1 MB/s", 1.0),
        ("6 Mbit/s × 1.5 h", "4.05 GB", 1.0),  # bits, with SI prefixes
        ("120 km/h × 6 s", "0.2 km", 1.0),
        ("120 km/h × 6 s", "0.2 km/h", 0.0),  # another dimension
        ("3 m + 2 s", "5", 0.0),  # a sum of two dimensions is no quantity
        ("3/4 m", "0.75 m", 1.0),  # a unit after a plain fraction applies to it
        ("2 x + 3 y", "5", 0.0),  # letters that are no units: not read here
    ],
)
def test_arithmetic_on_quantities_with_units(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_a_sum_of_two_dimensions_or_a_division_by_zero_is_no_quantity() -> None:
    from verigrpo.verifiers.math.quantities import worked_quantity

    assert worked_quantity("3 m + 2 s") is None
    assert worked_quantity("3 m / 0 s") is None
    assert worked_quantity("5 m") is None  # one quantity: nothing to work out
    assert worked_quantity("2.0 cm/s + 3.0 mm/s") == "\\frac{23}{1000} \\text{ m s^-1}"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The result is +7.", "7", 1.0),  # a sign after a word (this was no answer)
        ("The change is +7 degrees.", "7", 1.0),
        ("So we compute 12 + 7", "7", 0.0),  # an operand: the sum is not worked out
        ("so 12 - 2", "2", 0.0),
    ],
)
def test_a_plus_sign_after_a_word_is_a_sign(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Final answer: they won seventy-five thousand dollars", "75000", 1.0),  # a scale word in a worded number
        ("Answer: quiero cuarenta y dos manzanas", "42", 1.0),  # another language's words in a sentence
        ("Ответ: три мотка.", "3", 1.0),
        ("Ответ: осталось двадцать три дня", "23", 1.0),
        ("Ответ: рассмотрим два случая, потом три", "2", 0.0),  # two numbers: no one answer
        ("Answer: the due date is near", "2", 0.0),  # "due" is English here, not Italian's two
    ],
)
def test_number_words_in_a_final_answer_sentence(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_foreign_worded_numbers_leaves_out_one_latin_word() -> None:
    from verigrpo.verifiers.math.forms import foreign_worded_numbers

    assert foreign_worded_numbers("yirmi bir kedim var") == [21]
    assert foreign_worded_numbers("the due date") == []
    assert foreign_worded_numbers("осталось двадцать три дня") == [23]


@pytest.mark.parametrize("completion", ["정답: ③", "Answer: dos ③", "Ответ: ² и ³", "答案：⑤个"])
def test_digits_that_are_not_decimal_never_raise(completion: str) -> None:
    # "③".isdigit() is true but int("③") raises: the number-word reader once crashed on a Korean key's circled option
    assert math_answer(completion, {"reference": "4"}).outcome == 0.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("0.3̇", "1/3", 1.0),  # a dot above the repeating digit, as British schools write it
        ("0.0̇9̇", "1/11", 1.0),  # dots above the first and last digits of the block
        ("0.1̇42857̇", "1/7", 1.0),
        ("0.16̇", "1/6", 1.0),
        ("0.1̇6̇", "1/6", 0.0),  # 0.161616... is 16/99
        ("0.3̇", "0.3", 0.0),
    ],
)
def test_repeating_decimals_with_dots_above(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("6:8:18", "3:4:9", 1.0),  # a ratio of three parts, not reduced (set 110)
        ("1.5:2:4.5", "3:4:9", 1.0),
        ("6:8:19", "3:4:9", 0.0),
        ("9:4:3", "3:4:9", 0.0),  # the parts in another order
        ("-3:-4:-9", "3:4:9", 0.0),
        ("3:4", "3:4:9", 0.0),
    ],
)
def test_ratios_of_three_parts_are_their_proportions(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_an_iso_date_answer_is_no_difference() -> None:
    assert _boxed("2023-01-05", "2017") == 0.0  # (the red team found this paid: 2023 - 1 - 5)
    assert _boxed("2023-01-05", "2023-01-05") == 1.0
    assert _boxed("2023 - 1 - 5", "2017") == 1.0  # a difference written as one stays one
