"""Classes left after the nineteenth external set's fixes (notes/issue12_set19.md), each fixed by a general rule:
a quantity named by a function at a point, a cosine or the letter e (`f(2) = 5`, `\\cos C = ...`, `e = ...`),
the plural abbreviations of units (`540 lbs`), answer blocks stated as sentences (money, a computation's result,
a named quantity's value, the block's last line), an answer tag that lost its `<`. The examples are ours."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


def _boxed(s: str) -> str:
    return "The final answer is $\\boxed{" + s + "}$."


@pytest.mark.parametrize(
    ("answer", "reference", "status"),
    [
        # a function evaluated at a point names the asked quantity: its value answers
        ("g(3) = 7", "7", "correct"),
        ("g(3) = 7", "8", "wrong"),
        ("h(h(2)) = -1", "-1", "correct"),
        ("p(-2)=\\frac{1}{3}", "\\frac13", "correct"),
        ("g(3) = 7", "g(3)=7", "correct"),
        ("g(3) = 7", "g(3)=8", "wrong"),
        ("g(3) = x", "7", "wrong"),  # a value with letters is not a value
        ("g(x) = 3x", "3x", "correct"),  # a labelled function, as before
        # a trigonometric function of one angle
        ("\\sin B = \\frac{3}{5}", "\\frac35", "correct"),
        ("\\tan\\theta = 2", "2", "correct"),
        ("\\sin B = \\frac{3}{5}", "\\frac45", "wrong"),
        ("\\sin x = \\frac{1}{2}", "\\frac{\\pi}{6}", "wrong"),  # the solution of the equation is x, not 1/2
        ("\\log_3 x = 2", "2", "wrong"),  # an equation, not a name
        # the letter e (an eccentricity) or i alone, set equal to a value
        ("e = \\frac{\\sqrt{5}}{3}", "\\frac{\\sqrt5}{3}", "correct"),
        ("e = \\frac{\\sqrt{5}}{3}", "\\frac{2}{3}", "wrong"),
        ("e = 2", "e", "wrong"),
        ("e^{2}", "e^2", "correct"),  # Euler's number elsewhere, as before
        # several equals signs: not one named value
        ("g(3)=g(1)=7", "7", "wrong"),
    ],
)
def test_a_quantity_named_by_an_evaluation_is_a_label(answer: str, reference: str, status: str) -> None:
    assert math_answer(_boxed(answer), {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("answer", "reference", "status"),
    [
        ("230 lbs", "230", "correct"),
        ("230 lbs", "230 lb", "correct"),
        ("230 lbs", "230 kg", "wrong"),
        ("2 hrs", "120 minutes", "correct"),
        ("2 hrs", "2 minutes", "wrong"),
        ("5 yds", "15 ft", "correct"),
    ],
)
def test_plural_unit_abbreviations_are_units(answer: str, reference: str, status: str) -> None:
    assert math_answer(_boxed(answer), {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # a dollar sign before an amount is money, not maths: the sentence is read as a sentence, so the last
        # number (a given) does not answer it
        ("<SOLUTION>Mia spends $36.00 on paint over 12 weeks.</SOLUTION>", "12", "unparsable"),
        ("<SOLUTION>Mia spends $36.00 on paint over 12 weeks.</SOLUTION>", "36", "unparsable"),
        ("<SOLUTION>So Mia will get $18 back from the shop.</SOLUTION>", "18", "correct"),
        # a computation's result; a named quantity's value
        ("<SOLUTION>Altogether she paid 300 + 45 = 345 dollars.</SOLUTION>", "345", "correct"),
        ("<SOLUTION>Altogether she paid 300 + 45 = 345 dollars.</SOLUTION>", "300", "wrong"),
        ("<SOLUTION>Money still owed = $75</SOLUTION>", "75", "correct"),
        ("<SOLUTION>So we find that x = 5 when we set y = 3 in the table.</SOLUTION>", "3", "unparsable"),  # x, y: unknowns
        # a block of several lines states its answer on its last line
        ("<SOLUTION>\nMultiply the rows (7) by the columns (4).\n\n28\n</SOLUTION>", "28", "correct"),
        ("<SOLUTION>\nMultiply the rows (7) by the columns (4).\n\n28\n</SOLUTION>", "4", "wrong"),
        # an answer tag that lost its "<"
        ("Working: 12 * 3 = 36.\n\nSOLUTION>36</SOLUTION>", "36", "correct"),
        ("Working: 12 * 3 = 36.\n\nSOLUTION>35</SOLUTION>", "36", "wrong"),
    ],
)
def test_answer_blocks_stated_as_sentences(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("pattern", "shape"),
    [
        ("_WORKED_OUT_RE", '"1" * n'),
        ("_WORKED_OUT_RE", '"1," * (n // 2)'),
        ("_MONEY_SIGN_RE", '"$" + "1" * n'),
        ("_MONEY_SIGN_RE", '"$1" * (n // 2)'),
        ("_NAMED_EQUALS_RE", '"ab " * (n // 3)'),
    ],
)
def test_the_new_sentence_patterns_run_in_linear_time(pattern: str, shape: str) -> None:
    """The first computation pattern tried a match inside every digit run: 11 s on 20k digits, quadratic. On 200k
    characters a linear search takes well under a second and a quadratic one many minutes: the subprocess's
    generous limit is a hang guard, not a timing goal."""
    import subprocess
    import sys

    code = (f"from verigrpo.verifiers.math.sentences import {pattern} as rx\nn = 200_000\ntext = {shape}\n"
            "list(rx.finditer(text))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("completion", "question", "reference", "status"),
    [
        # the question gives 3 (weeks): the sentence's other number states the answer
        ("<SOLUTION>After 3 weeks Tom has 27 dollars.</SOLUTION>", "Tom saves 9 dollars a week for 3 weeks.", "27",
         "correct"),
        ("<SOLUTION>After 3 weeks Tom has 26 dollars.</SOLUTION>", "Tom saves 9 dollars a week for 3 weeks.", "27",
         "wrong"),
        # the given is never the answer read: "$4.00" in the question is the 4 of "4 bottles"
        ("<SOLUTION>Ann spends $36.00 on 4 bottles.</SOLUTION>", "Each bottle costs $9. She buys 4.00 liters.", "4",
         "wrong"),
        # both numbers are givens: the phrase of circumstance ("for 8 sandwiches") tells which one the sentence
        # states (stop 20: circumstance first, then the givens)
        ("<SOLUTION>He needs 4 packs for 8 sandwiches.</SOLUTION>", "He makes 8 sandwiches; a pack has 4 slices.",
         "4", "correct"),
        ("<SOLUTION>He needs 4 packs for 8 sandwiches.</SOLUTION>", "He makes 8 sandwiches; a pack has 4 slices.",
         "8", "wrong"),
        # without a question, a number in a phrase of circumstance ("after 3 weeks") is given too
        ("<SOLUTION>After 3 weeks Tom has 27 dollars.</SOLUTION>", "", "27", "correct"),
        ("<SOLUTION>After 3 weeks Tom has 27 dollars.</SOLUTION>", "", "3", "wrong"),
        # ... and when both numbers are in such phrases, none is read
        ("<SOLUTION>Tom saves from 3 to 27 dollars.</SOLUTION>", "", "27", "unparsable"),
    ],
)
def test_a_sentence_answer_leaves_out_the_questions_givens(
    completion: str, question: str, reference: str, status: str
) -> None:
    assert math_answer(completion, {"reference": reference, "question": question}).status.value == status


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # markdown bold around an answer in a sentence under an answer heading
        ("### Final Answer\nThe total is **$72**.", "72", "correct"),
        ("### Final Answer\nThe total is **$72**.", "27", "wrong"),
        ("### Final Answer\nThe length is **12 cm**.", "12 cm", "correct"),
        ("### Final Answer\n3**2", "9", "correct"),  # a power, not bold
        # one boxed value per asked quantity, the same value each time
        ("So $p$ and $q$ are $\\boxed{3}$ and $\\boxed{3}$, respectively.", "3, 3", "correct"),
        ("So $p$ and $q$ are $\\boxed{3}$ and $\\boxed{3}$, respectively.", "3, 4", "wrong"),
        ("So $p = \\boxed{3}$.", "3, 3", "wrong"),
        ("So $\\boxed{3}$, and again $\\boxed{3}$.", "3, 3, 3", "wrong"),  # two boxes for three values
        ("So $\\boxed{3}$, and again $\\boxed{3}$.", "3", "correct"),
    ],
)
def test_bold_sentences_and_repeated_boxes(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("answer", "reference", "status"),
    [
        # Ape210K's mixed numbers: a whole number before a bracketed proper fraction
        ("\\frac{23}{7}", "3(2/7)", "correct"),
        ("\\frac{6}{7}", "3(2/7)", "wrong"),  # the product 3 * 2/7, which the key does not mean
        ("3(2/7)", "\\frac{23}{7}", "correct"),
        ("y = 3(2/7)", "3(2/7)", "correct"),
        ("2(5/4)", "2.5", "correct"),  # an improper fraction in brackets stays a product
        # a Chinese label before the value, and Chinese units
        ("小明一共需要付 45 元", "45", "correct"),
        ("小明一共需要付 45 元", "54", "wrong"),
        ("\\text{火车的速度是120千米/小时}", "120", "correct"),
        ("合格率为95\\%", "95\\%", "correct"),
        ("答案不是45元", "45", "unparsable"),  # 不: not
        ("可能是45元", "45", "unparsable"),  # 可能: maybe
        ("600 \\text{ 立方厘米}", "600", "correct"),
        ("2.5\\text{元/千克}", "2.5", "correct"),
    ],
)
def test_mixed_numbers_and_chinese_labels_and_units(answer: str, reference: str, status: str) -> None:
    assert math_answer(_boxed(answer), {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        ("9 + 7 = 16\n#### Mia is 16 years old.", "16", "correct"),
        ("9 + 7 = 16\n#### Mia is 16 years old.", "9", "wrong"),
        ("She finished 3rd.\n#### 3rd place", "3", "correct"),
        ("2 + 1 = 3\n#### 3 bags of flour.", "3", "correct"),
        ("2 + 1 = 3\n#### 3 bags of flour.", "4", "wrong"),
        ("2 + 1 = 3\n#### 3 or 4 bags", "3", "wrong"),  # a hedge stays a hedge
    ],
)
def test_a_sentence_after_the_gsm8k_marker_is_read_by_its_number(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # GLM's box tokens are a box
        ("Reasoning...\n<|begin_of_box|>B<|end_of_box|>", "B", "correct"),
        ("Reasoning...\n<|begin_of_box|>B<|end_of_box|>", "C", "wrong"),
        ("<|begin_of_box|>\\frac{1}{2}<|end_of_box|>", "0.5", "correct"),
        # a box holding a sentence in LaTeX prose
        (_boxed("\\text{The total is } 58"), "58", "correct"),
        (_boxed("\\text{The total is } 58"), "85", "wrong"),
        (_boxed("The\\ volume\\ of\\ the\\ cone\\ is\\ \\frac{9\\pi}{4}"), "\\frac94\\pi", "correct"),
        (_boxed("\\text{The total is } 58 \\text{ or } 59"), "58", "wrong"),  # a hedge stays a hedge
        (_boxed("abs(signum(1/x))"), "1", "unparsable"),  # no sentence: its lone 1 is no answer
        # a value with an approximate note after it
        (_boxed("\\frac{22}{7}\\;\\text{(about }3.14\\text{ metres)}"), "\\frac{22}{7}", "correct"),
        (_boxed("\\frac{22}{7}\\quad\\text{(approximately }3.14\\text{)}"), "3.14", "wrong"),  # the exact value
        # a thin space between a command and a letter; \choose in parentheses
        (_boxed("\\frac{\\pi\\,e}{3}"), "\\frac{e\\pi}{3}", "correct"),
        (_boxed("(6 \\choose 2)"), "15", "correct"),
        (_boxed("(6 \\choose 2)"), "(6, 2)", "wrong"),
        # a plain-text last line that is an equation: its last side, not the last number in it
        ("Altitude\n\nh = 5 + 3√3.", "5 + 3\\sqrt3", "correct"),
        ("Altitude\n\nh = 5 + 3√3.", "3", "wrong"),
        ("Adding: 4 + 5 = 9 apples.", "9", "correct"),
    ],
)
def test_set20_classes(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("completion", "reference", "question", "status"),
    [
        # found by a red-team pass over the rules above (notes/redteam_stop17.md); each must not pay
        (_boxed("x(x+1) = 12"), "12", "", "wrong"),  # an equation, not a function at a point
        (_boxed("x(3) = 12"), "12", "", "wrong"),  # x names an unknown, not a function
        (_boxed("\\cos C = \\frac{\\pi}{3}"), "\\frac{\\pi}{3}", "", "wrong"),  # a cosine is no angle
        (_boxed("\\cos x = 2"), "2", "", "wrong"),  # impossible
        (_boxed("\\sin A = 60^\\circ"), "60^\\circ", "", "wrong"),
        # (stop 22: a word that takes the number back is no unit, so no answer is read, as for "half of 16")
        ("Work\n#### 16 is wrong", "16", "", "unparsable"),
        ("Work\n#### half of 16", "16", "", "unparsable"),
        ("Work\n#### Seth is 16 squared", "16", "", "unparsable"),
        ("Work\n#### 16 thousand", "16", "", "wrong"),
        ("So \\boxed{26}. Note that 0 < x and the final answer > 27", "27", "", "wrong"),
        ("So \\boxed{26}.\nIf x<5 then solution>27", "27", "", "wrong"),
        ("Answer:\nThe total is **$45** less than before", "45", "", "unparsable"),
        ("<answer>Total = 476 minus seventy-six dollars</answer>", "476", "", "unparsable"),
        ("<answer>Tom has 3 dollars and 27 cents</answer>", "27", "Tom had 3 dollars.", "unparsable"),
        ("<answer>\nThe final count is 26 apples.\n27\n</answer>", "27", "", "unparsable"),
        ("The answer is negative 5.", "5", "", "wrong"),  # -5
        (_boxed("negative 5"), "-5", "", "correct"),
        (_boxed("\\int_{-1}^{0} \\sqrt{x}\\, dx"), "\\frac{2}{3}i", "", "unparsable"),  # not a real integral
        # the question's integral, limit or series rewritten is not worked out
        (_boxed("\\int_0^1 t^2 \\, dt"), "\\frac13", "Evaluate $\\int_0^1 x^2 \\, dx$.", "wrong"),
        (_boxed("\\lim_{x\\to 0}\\frac{\\sin 3x}{x}"), "3", "Compute $\\lim_{x \\to 0} \\frac{\\sin 3x}{x}$.", "wrong"),
        (_boxed("\\int_0^1 t^2 \\, dt"), "\\frac13", "", "correct"),  # without such a question: worked out
        # Chinese: a label or unit that negates, bounds, doubts or changes the number states no value
        (_boxed("负5"), "5", "", "wrong"),  # (stop 22: 负 is read as the sign: -5, not 5)
        (_boxed("负5"), "-5", "", "correct"),
        (_boxed("至少80元"), "80", "", "unparsable"),
        (_boxed("约80元"), "80", "", "unparsable"),
        (_boxed("80元不对"), "80", "", "unparsable"),
        (_boxed("3分之一"), "3", "", "wrong"),  # a third (read since stop 18), never 3
        (_boxed("3分之一"), "\\frac13", "", "correct"),
        (_boxed("5的平方"), "5", "", "unparsable"),
        (_boxed("5万"), "5", "", "wrong"),  # 50000 (read since stop 18), never 5
        (_boxed("50 \\text{ 万元}"), "50", "", "correct"),  # 万元 is a unit: a count of ten-thousand yuan
        (_boxed("0(1/2)"), "\\frac12", "", "wrong"),  # no mixed number without a whole part
        (_boxed("abcd=4(5/11)"), "\\frac{49}{11}", "", "wrong"),
    ],
)
def test_red_team_cases_of_the_new_rules(completion: str, reference: str, question: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference, "question": question}).status.value == status


@pytest.mark.parametrize(
    "answer",
    [
        "\\int_0^1 \\frac{1}{(x^4+x+1)(x^4+2x+3)(x^4+3x+5)} dx",  # ran 300 s+ before the degree bound
        "\\sum_{n=1}^{\\infty} \\frac{n^3+n+7}{n^2+3n+11} \\cdot \\frac{1}{3^n}",  # 8.7 s
        "\\sum_{n=0}^{\\infty} \\frac{(n+1)^3 (-7)^n}{(2n+1)!}",  # 6 s
    ],
)
def test_red_team_slow_shapes_are_refused(answer: str) -> None:
    import time

    t0 = time.perf_counter()
    assert math_answer(_boxed(answer), {"reference": "1"}).status.value == "unparsable"
    assert time.perf_counter() - t0 < 30  # a hang guard; they take ~0.05 s now


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        ("<answer>half of 476 dollars</answer>", "476", "unparsable"),
        ("<answer>476 squared</answer>", "476", "unparsable"),
        ("<answer>12 divided by three</answer>", "12", "unparsable"),
        ("<answer>one third of 12 apples</answer>", "12", "unparsable"),
        ("<answer>5 or 6</answer>", "5", "wrong"),  # a hedge
        ("<answer>She earns $2 \\times 9 = \\$18 $.</answer>", "18", "correct"),  # \times is no word "times"
        (_boxed("12 percent"), "12\\%", "correct"),  # a unit, not a change of the number
        (_boxed("3 thousand"), "3000", "correct"),
        (_boxed("比原来多80元"), "80", "unparsable"),  # 80 more than before
        (_boxed("零下5度"), "5", "wrong"),  # five below zero: -5 (stop 42 reads the sign word)
    ],
)
def test_words_that_change_a_number_are_not_its_unit(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        ("<answer>\n2\n\n3\n\n5\n</answer>", "2, 3, 5", "correct"),  # one value per line, a list of three
        ("<answer>\n2\n\n3\n\n5\n</answer>", "2, 3, 6", "wrong"),
        ("<answer>\n2\n\n3\n</answer>", "2, 3, 5", "wrong"),  # two lines for three values
        ("<answer>\n2\n3\n</answer>", "5", "wrong"),
    ],
)
def test_values_one_per_line_against_a_list(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        ("The answer is _75°_.", "75", "correct"),  # markdown emphasis with underscores (set 22)
        ("The answer is _76°_.", "75", "wrong"),
        (_boxed("x_1"), "x_1", "correct"),  # a subscript, not emphasis
        (_boxed("64"), "64\\", "correct"),  # a stray backslash ending a reference
        (_boxed("63"), "64\\", "wrong"),
    ],
)
def test_underscore_emphasis_and_a_stray_trailing_backslash(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


def test_a_last_line_with_a_unit_agrees_with_an_earlier_line_stating_its_number() -> None:
    block = "<answer>\nShe is 9 + 7 = 16 now.\nMia is 16 years old\n</answer>"
    assert math_answer(block, {"reference": "16"}).status.value == "correct"
    assert math_answer(block, {"reference": "15"}).status.value == "wrong"
