"""What stop 26 reads: an answer label inside a GSM8K marker, a thousands separator after a label's "=", a last box
stated as the answer after boxes that each weighed one option, the double factorial, Unicode's script fractions, mixed
numbers inside plain-text arithmetic, one quantity written in several units, a value set in bold on its own line, a
unit of several letters against a plain number, an option's working in the next sentence, unit powers without a
caret, a currency code before the amount, Chinese numerals as the whole answer, a one-line answer that opens with an
option letter. And what it refuses: a last sentence
that totals another value after the answer; words after a number that change, bound or negate it in Chinese,
Japanese, Korean and other languages; scale words of other languages; a numeral that is the operand of a variable; a
letter offered after an option in Chinese. Every paying case below was refused before its rule, and every refusing
case of the refusal groups was paid (checked by reverting them); the other cases bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math import math_answer


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome



@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a label written inside the marker's value: the value after it
        ("#### Answer: 3 × 68 + 2 × 80 = 204 + 160 = 364", "364", 1.0),
        ("#### Answer: 15 * 8 * (1 - 3/4) = 120 * 1/4 = 30.", "30", 1.0),
        ("#### Final answer is 12", "12", 1.0),
        ("#### Answer: 15 * 8 * (1 - 3/4) = 120 * 1/4 = 30.", "120", 0.0),
        # a marker holding a label alone answers nothing: the marker after it does
        ("5 + 8 + 8 = 21\n#### Final answer: #### 21", "21", 1.0),
        ("#### Final answer: #### 21", "20", 0.0),
        # two values after markers stay two answers
        ("#### Final answer: 20 #### 21", "21", 0.0),
        ("#### Answer: 5\n#### 6", "6", 0.0),
    ],
)
def test_a_label_inside_a_marker(completion: str, gold: str, want: float):
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("x = 1,080", "1080", 1.0),
        ("x = 1,200 \\text{ kg}", "1200", 1.0),
        ("3 \\times 400 = 1,200", "1200", 1.0),
        ("x = 1,200", "1", 0.0),  # one number, not the list 1, 200
        ("x = 1, 200", "1200", 0.0),  # a space after the comma makes a list
        ("x = 1,20", "120", 0.0),  # groups of three only
        ("x = (1,200)", "1200", 0.0),  # a pair
    ],
)
def test_thousands_after_a_labels_equals_sign(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("- Option A: \\boxed{A} could be correct because...\n- Option B: \\boxed{B} seems unlikely\n"
         "- After full analysis, the answer is \\boxed{C}", "C", 1.0),
        ("A: \\boxed{1} fails. B: \\boxed{2} fails. The answer is \\boxed{3}.", "3", 1.0),
        ("A: \\boxed{1} fails. B: \\boxed{2} fails. The answer is \\boxed{3}.", "2", 0.0),
        ("Case 1: \\boxed{5} is too big.\nCase 2: \\boxed{6} is too big.\nSo the answer is \\boxed{4}.", "4", 1.0),
        # the earlier boxes answered: two answers
        ("The answer is \\boxed{3}. The answer is \\boxed{4}.", "4", 0.0),
        ("\\boxed{3}. The answer is \\boxed{4}", "4", 0.0),
        ("We get \\boxed{3}. Option A: \\boxed{1} fails. The answer is \\boxed{4}", "4", 0.0),
        # a lead clause that is a condition answers one case
        ("If the ball is red, the answer is \\boxed{3}. If blue, the answer is \\boxed{4}.", "4", 0.0),
        ("Maybe \\boxed{3}. Or the answer is \\boxed{4}", "4", 0.0),
    ],
)
def test_a_last_box_stated_as_the_answer(completion: str, gold: str, want: float):
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("5!!", "15", 1.0),
        ("6!!", "48", 1.0),
        ("5!!", "6689502913449127057588118054090372586752746333138029810295671352301633557244962989366874165271984981308"
                "157637893214090552534408589408121859898481114389650005964960521256960000000000000000000000000000", 0.0),
        ("3! !", "720", 1.0),  # with a space: the factorial of a factorial
        ("5!", "120", 1.0),
        # Unicode's way of writing any vulgar fraction: superscript digits, a slash, subscript digits
        ("¹⁰/₂₁", "\\frac{10}{21}", 1.0),
        ("-4 ¹/₂", "-4.5", 1.0),
        ("-4 ¹/₂", "-3.5", 0.0),
        ("3 ¹/₄", "\\frac{3}{4}", 0.0),
        ("10¹/₂", "10", 0.0),  # no power of ten in it
        # mixed numbers in plain-text arithmetic (a space between two numbers is no product)
        ("1 2/3 + 4 5/6", "6.5", 1.0),
        ("5 3/4 + 6 5/8", "12 3/8", 1.0),
        ("1 2/3 - 4 + 5/6", "-1.5", 1.0),
        ("-3_3/4 - -2_2/4", "-1_1/4", 1.0),
        ("1_27/41 * 3_14/23", "5_929/943", 1.0),
        ("1 2/3 + 4 5/6", "\\frac{40}{9}", 0.0),  # not 1 * 2/3 + 4 * 5/6
        ("2 5/3 + 1", "13/3", 0.0),  # improper: no mixed number inside arithmetic
        ("2 3", "6", 0.0),
    ],
)
def test_double_factorial_script_fractions_and_mixed_numbers(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("2 min + 30 s", "150 s", 1.0),
        ("1 hour + 30 min + 45 s", "5445 s", 1.0),
        ("5 feet 12 inch", "6 feet", 1.0),
        ("4 lbs 12 oz", "76 oz", 1.0),
        ("6 ft 4 in", "76 in", 1.0),
        ("2 m and 30 cm", "2.3 m", 1.0),
        ("2 hrs 30 mins", "150 min", 1.0),
        ("6 ft 4 in", "74 in", 0.0),
        ("2 min + 30 s", "230 s", 0.0),
        # units that do not shrink part by part are a list or a sum, never one quantity
        ("3 m, 5 m", "8 m", 0.0),
        ("30 s 2 min", "150 s", 0.0),
        ("2 m 3 kg", "2 m", 0.0),  # two dimensions
    ],
)
def test_one_quantity_in_several_units(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a value set in bold on a line of its own, before an explanation whose numbers are a check
        ("**28**\n\nIt's even: 28 ÷ 2 = 14 with no remainder.", "28", 1.0),
        ("**28**\n\nIt's even: 28 ÷ 2 = 14 with no remainder.", "14", 0.0),
        ("Here is the result:\n\n**18**\n\n- **Verification**: 18 % 2 = 0, so the reward is 1.", "18", 1.0),
        ("Here's a random even number: **58**\n\n(Note: the grader computes `output % 2`, 58 % 2 = 0.)", "58", 1.0),
        ("Here's a random even number: **58**\n\n(Note: the grader computes `output % 2`, 58 % 2 = 0.)", "0", 0.0),
        # two different bold values: none of them (the last number, as before)
        ("**5**\n\n**7**", "5", 0.0),
        # a list item's or a labelled step's bold value is a step, not the answer
        ("* Extra hours: **5 hours**\nSo the job takes about 100 days.", "5", 0.0),
        ("**Total cost = 1800**\nSo she gives back 450.", "1800", 0.0),
    ],
)
def test_a_bold_line_answers(completion: str, gold: str, want: float):
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold"),
    [
        ("答案是 5 的平方", "5"),  # 5 squared
        ("答案是 55 以上", "55"),  # 55 or more
        ("정답은 55가 아닙니다.", "55"),  # the answer is not 55
        ("정답은 5제곱입니다", "5"),  # 5 squared
        ("答案是3倍", "3"),  # three times
        ("Die Antwort ist 3 Millionen.", "3"),
        ("La respuesta es 3 millones.", "3"),
        ("Ответ: 3 млн", "3"),
        ("Ответ: 3 тыс.", "3"),
        ("答案是 5 的倒数", "5"),  # the reciprocal of 5
        ("答えは5の半分", "5"),  # half of 5
        ("答案并非 55", "55"),  # the answer is not 55
        ("Ответ: больше 55", "55"),  # more than 55
        ("La respuesta es más de 55.", "55"),
        ("Die Antwort ist mehr als 55.", "55"),
        ("reward = output % 2", "2"),  # an operand of an expression with a variable, not a value
        ("The result is n * 3", "3"),
        ("So we take it mod 2", "2"),
    ],
)
def test_words_and_operators_that_change_the_number_are_refused(completion: str, gold: str):
    assert score(completion, gold) == 0.0


@pytest.mark.parametrize(
    ("completion", "gold"),
    [
        ("所以面积为 \\boxed{800 \\text{ 平方厘米}}", "800"),  # square centimetres: a unit, not "squared"
        ("答案是 35000 平方米", "35000"),
        ("答案是 55。", "55"),
        ("정답은 55입니다.", "55"),
        ("The distance is 3 miles.", "3"),  # "miles" is no Spanish thousands here
        ("So 3 * 4 = 12", "12"),
        ("Each box holds 6 apples, so he needs 30 / 6 = 5 boxes", "5"),
    ],
)
def test_units_and_worked_results_still_read(completion: str, gold: str):
    assert score(completion, gold) == 1.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a unit phrase of several letters against a plain number stays a unit, as "5 kg" against 5 does
        ("65.49 kJ/mol", "+65.49", 1.0),
        ("5 m/s", "5", 1.0),
        ("2 nm", "2", 1.0),
        ("5 m/s", "6", 0.0),
        ("5 m", "5", 0.0),  # one letter: a unit only against a reference in that unit
        ("5 xy", "5", 0.0),  # letters that are no unit stay symbols
        ("2nm", "2mn", 1.0),  # against symbols, letters are symbols
    ],
)
def test_a_unit_of_several_letters_against_a_plain_number(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an option answered, then working in the next sentence whose numbers have alternatives: no second option
        ("The answer is D. We solve and get x = 0 or x = 2.", "D", 1.0),
        ("答案是：D。因为 x = 0 或 x = 2。", "D", 1.0),
        ("答案是：D。B选项错误，因为它不满足条件。", "D", 1.0),  # another option rejected
        # a letter offered after it, in any language, or a value in its own sentence: two answers
        ("The answer is D. Or maybe B.", "D", 0.0),
        ("答案是：D。或者B。", "D", 0.0),
        ("答案是：D。或者是B。", "D", 0.0),
        ("\\boxed{D} or maybe 6", "D", 0.0),
        ("The answer is 5. Or maybe 6.", "5", 0.0),
    ],
)
def test_an_options_alternative_is_another_option(completion: str, gold: str, want: float):
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a unit's power written without its caret, in a quantity
        ("1 m2", "1 m^2", 1.0),
        ("5 cm3", "5 cm^3", 1.0),
        ("9.83e-3 km/s2", "0.00983 km/s^2", 1.0),
        ("1 m-2", "1 m^{-2}", 1.0),
        ("1 m2", "1 m", 0.0),
        ("5 x2", "5 x^2", 0.0),  # x is no unit: nothing is read
        # an ISO currency code before the amount
        ("USD 1577", "1577", 1.0),
        ("USD 1,577.50", "1577.5", 1.0),
        ("EUR 5", "6", 0.0),
    ],
)
def test_caretless_unit_powers_and_currency_codes_first(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


def test_the_currency_codes_read_first_are_units_after_an_amount():
    from verigrpo.verifiers.math.lex import UNIT_ALIASES
    from verigrpo.verifiers.math.normalize import CURRENCY_CODES

    assert all(code.lower() in UNIT_ALIASES for code in CURRENCY_CODES)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a whole answer written as a Chinese or Japanese numeral: signs, decimals, myriads, mixed numbers, units
        ("答案是负二", "-2", 1.0),
        ("答案是负二", "2", 0.0),
        ("答案是两点五升", "2.5升", 1.0),
        ("答案是十二点五厘米", "12.5厘米", 1.0),
        ("答案是一万零一十", "10010", 1.0),
        ("答案是一万零一十", "10100", 0.0),
        ("答案是一又二分之一", "1.5", 1.0),
        ("答案是二又三分之一", "2 1/3", 1.0),
        ("答え：七万ドル", "70000", 1.0),
        ("答案：八十五美元", "85", 1.0),
        ("答案是三角形", "3", 0.0),  # a word that starts with a numeral
        ("答案是八五", "85", 0.0),  # digits one by one are no numeral
    ],
)
def test_chinese_numerals_as_the_whole_answer(completion: str, gold: str, want: float):
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an answer first, then a last sentence that totals another value: the text commits to two
        ("The answer is 24. Each room takes 6 hours, and there are 4 rooms, so the total is 36 hours.", "24", 0.0),
        ("정답: 24시간입니다. 방 4개를 칠하는 데 36시간이 걸리므로 총 36시간이 됩니다.", "24", 0.0),
        ("答案是24。每个房间需要6小时，所以总共需要36小时。", "24", 0.0),
        ("The answer is 24. Each room takes 6 hours, and there are 4 rooms, so the total is 24 hours.", "24", 1.0),
        ("Answer: 24. Each room takes 6 hours.", "24", 1.0),  # no total: a step of the explanation
        # a total inside the answer's own sentence is its circumstance
        ("Answer:\nGerald has $110 left after spending a total of $100.", "110", 1.0),
    ],
)
def test_a_later_total_contradicts_the_answer(completion: str, gold: str, want: float):
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a one-line answer that opens with an option letter, then its reason, with no answer marker
        ("C. I think Paris is the capital.", "C", 1.0),
        ("C。任何数的绝对值都是正数，这个判断是错误的，因为0的绝对值是0，而不是正数。", "C", 1.0),
        ("C. I think Paris is the capital.", "D", 0.0),
        ("B. A common mistake is picking A.", "B", 0.0),  # another option named
        ("C. no wait, D", "C", 0.0),
        ("C。或者D。", "C", 0.0),
    ],
)
def test_a_leading_option_without_a_marker(completion: str, gold: str, want: float):
    assert score(completion, gold) == want


def test_the_stop26_patterns_are_linear_time():
    # (_REJECTED_AFTER_RE's list of letters, ", A, B", is older than this stop and is matched only at one place in
    # a window of two sentences, at most 600 characters: its new CJK words are what is guarded here)
    assert_patterns_linear(
        [
            ("extract", "_MARKER_LABEL_RE", "'answer ' * (n // 7)"),
            ("extract", "_MARKER_LABEL_RE", "' \\t*' * (n // 3)"),
            ("laterbox", "_ANSWER_BEFORE_BOX_RE", "'. abc def, ' * (n // 11)"),
            ("laterbox", "_ANSWER_BEFORE_BOX_RE", "'\\n   -  ' * (n // 8)"),
            ("laterbox", "_ANSWER_BEFORE_BOX_RE", "'the answer is ' * (n // 14)"),
            ("laterbox", "_ANSWER_BEFORE_BOX_RE", "'. so so so, ' * (n // 12)"),
            ("laterbox", "_ITEM_BEFORE_BOX_RE", "'\\n - option a) ' * (n // 15)"),
            ("normalize", "_SCRIPT_FRACTION", "'¹¹¹/' * (n // 4)"),
            ("units", "_COMPOUND", "'1 m 2 cm ' * (n // 9)"),
            ("units", "_COMPOUND", "'1 ' * (n // 2)"),
            ("units", "_COMPOUND_PART", "'1 ' * (n // 2)"),
            ("markers", "_BOLD_LINE_RE", "'a: ' * (n // 3)"),
            ("markers", "_BOLD_LINE_RE", "'** 1 ' * (n // 5)"),
            ("forms", "_VARIABLE_OPERAND_RE", "'ab % ' * (n // 5)"),
            ("grammar", "_CJK_CHANGING_RE", "'平方米' * (n // 3)"),
            ("revisions", "_WORD_VALUE_RE", "'(A' * (n // 2)"),
            ("revisions", "_REJECTED_AFTER_RE", "'选项 是 ' * (n // 5)"),
            ("revisions", "_OFFERED_BEFORE_RE", "'或者 ' * (n // 3)"),
            ("revisions", "_SENTENCE_END_RE", "'. 。' * (n // 3)"),
            ("units", "_CARETLESS_QUANTITY", "'1 ' + 'm2 / ' * (n // 5)"),
            ("units", "_CARETLESS_POWER", "'ab-' * (n // 3)"),
            ("normalize", "_CURRENCY_CODE_FIRST", "'USD 1,' * (n // 6)"),
            ("cjk", "_CJK_WHOLE_NUMERAL", "'一又' * (n // 2)"),
            ("cjk", "_CJK_WHOLE_NUMERAL", "' 负' * (n // 2)"),
            ("revisions", "_LAST_SENTENCE_RE", "'a ' * (n // 2) + '.'"),
            ("revisions", "_TOTAL_WORD_RE", "'in total ' * (n // 9)"),
            ("revisions", "_PLAIN_NUMBER_RE", "'1,234,' * (n // 6)"),
            ("choices", "_LEADING_OPTION_RE", "'C。' * (n // 2)"),
            ("choices", "_OTHER_OPTION_RE", "'或A' * (n // 2)"),
        ]
    )
