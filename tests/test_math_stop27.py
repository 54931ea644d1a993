"""What stop 27 reads: a worked chain that ends by rounding its value ("\\sqrt{8/3} = 1.633"), answering both the
exact value and its decimal; a LaTeX function run into its argument ("\\tanx"); a conclusion without a marker that
restates the value the working just solved for among the question's numbers. Every paying case below was refused before its rule (checked by reverting it); the
other cases bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math import math_answer


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome



@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a worked value, then its rounding to the places the decimal shows: either side answers
        ("\\sqrt{\\frac{8}{3}}=1.633", "1.633", 1.0),
        ("\\sqrt{\\frac{8}{3}}=1.633", "\\sqrt{8/3}", 1.0),
        ("x=\\sqrt{\\frac{8}{3}}=1.633", "1.633", 1.0),
        ("\\sqrt{3}-1=1.732-1=0.732", "0.732", 1.0),
        ("\\sqrt{3}-1=1.732-1=0.732", "\\sqrt{3}-1", 1.0),
        ("x = \\frac{1}{3} = 0.333", "\\frac13", 1.0),
        ("x = \\frac{1}{3} = 0.333", "0.333", 1.0),
        ("\\frac{c}{a}=\\sqrt{\\frac{8}{3}}=1.633", "1.633", 1.0),  # a ratio of unknowns, worked out
        # not a rounding: off by more than half a unit of the last place shown
        ("x = \\frac{1}{3} = 0.34", "0.34", 0.0),
        ("x = \\frac{1}{3} = 0.34", "\\frac13", 0.0),
        ("\\sqrt{\\frac{8}{3}}=1.634", "1.634", 0.0),
        ("0.889 / 0.111 = 7.99", "7.99", 0.0),  # 8.009...
        # too coarse to say which value it rounds (one significant digit)
        ("x = \\frac{1}{3} = 0.3", "0.3", 0.0),
        ("x = \\frac{1}{3} = 0.3", "\\frac13", 0.0),
        # the rounding answers itself and the exact value, not another rounding of it
        ("x = \\frac{1}{3} = 0.333", "0.33", 0.0),
        ("\\sqrt{\\frac{8}{3}}=1.633", "1.63", 0.0),
        # a rounding is no licence for a wrong exact side
        ("\\sqrt{3}=1.732", "\\sqrt{2}", 0.0),
        ("\\sqrt{3}=1.732", "1.414", 0.0),
    ],
)
def test_a_chain_that_ends_by_rounding(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_a_rounded_chain_in_a_completion_without_a_marker() -> None:
    completion = "And when we solve for $\\frac{c}{a}$\n\n$$\n\\frac{c}{a}=\\sqrt{\\frac{8}{3}}=1.633\n$$"
    assert score(completion, "1.633") == 1.0
    assert score(completion, "1.634") == 0.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a LaTeX function run into its argument x, y or z (a key's typo, "2\tanx"): the function applied, as plain
        # text's "tanx" already was
        ("2*tan(x)", "2\\tanx", 1.0),
        ("\\sinx", "\\sin x", 1.0),
        ("\\lnx", "\\ln x", 1.0),
        ("\\cosx", "\\sin x", 0.0),
        ("2\\tanx", "2\\tan y", 0.0),
        # only one letter of x, y, z after a function's name: other commands stay unknown
        ("\\cosxy", "\\cos(xy)", 0.0),
        ("\\cost", "\\cos t", 0.0),
    ],
)
def test_a_latex_function_glued_to_its_argument(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


SOLVED = "36 + x = 24 + 3x\n\nx = 6\n\n"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the last line of working solves for one unknown; the conclusion restates that value among others: it answers
        (SOLVED + "Therefore, in 6 years, Bruce will be 3 times as old as his son.", "6", 1.0),
        (SOLVED + "Therefore, in 6 years, Bruce will be 3 times as old as his son.", "3", 0.0),
        ("10t = 3\nt = 0.3 hours\n\nTherefore, it will take them 0.3 hours, or 18 minutes, to be 3 miles apart.", "0.3", 1.0),
        ("0.05S = $4000\n\nS = $80,000\n\nTherefore, the executive needs to make $80,000 in sales to earn $5000 per "
         "month or more.", "80000", 1.0),
        ("x = 20\n\nTherefore, 20 liters at $1.15 must be mixed with 20 liters at $0.85 to cost $1 per liter.", "20", 1.0),
        # the restated value hedged, bounded or doubted: no answer read from it
        (SOLVED + "Therefore, in 6 or 7 years, Bruce will be 3 times as old as his son.", "6", 0.0),
        (SOLVED + "Therefore, in 6 years, or 7, Bruce will be 3 times as old.", "6", 0.0),
        (SOLVED + "Therefore, in 6 years, Bruce will be 3 times as old as his son, or 7 years from now.", "6", 0.0),
        (SOLVED + "So after at least 6 years Bruce will be 3 times as old as his son.", "6", 0.0),
        (SOLVED + "So maybe in 6 years Bruce will be 3 times as old as his son.", "6", 0.0),
        # the solved line must end the working right before the conclusion
        (SOLVED + "The son is then 14.\n\nTherefore, in 6 years, Bruce will be 3 times as old as his son.", "6", 0.0),
        ("x = 6 is one guess.\n\nTherefore, in 6 years, Bruce will be 3 times as old as his son.", "6", 0.0),
        # the restated value keeps its sign: "6 years" does not restate "x = -6"
        ("x = -6\n\nTherefore, in 6 years, Bruce will be 3 times as old as his son.", "-6", 0.0),
        ("x = -6\n\nTherefore, in 6 years, Bruce will be 3 times as old as his son.", "6", 0.0),
    ],
)
def test_a_conclusion_restates_the_solved_value(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_the_stop27_patterns_are_linear_time():
    assert_patterns_linear(
        [
            ("fallback", "_SOLVED_LINE_RE", "'x = 1 ' * (n // 6)"),
            ("fallback", "_SOLVED_LINE_RE", "' \\t' * (n // 2)"),
            ("fallback", "_CONVERTED_RE", "' hours, or 18' * (n // 13)"),
            ("fallback", "_CONVERTED_RE", "'a ' * (n // 2)"),
            ("fallback", "_OR_BOUND_RE", "'or ' * (n // 3)"),
            ("choices", "_LAST_PART_RE", "'，' * n"),
            ("markers", "_POINTING_RE", "'then ' * (n // 5)"),
            ("units", "_FEET_INCHES", "\"1'\" * (n // 2)"),
            ("units", "_FEET_INCHES", "' ' * n"),
            ("cjk", "_CJK_MIXED_RE", "'5万' * (n // 2)"),
            ("cjk", "_CJK_MIXED_RE", "'1 ' * (n // 2)"),
            ("cjk", "_CJK_MIXED_RE", "'1,000' * (n // 5)"),
            ("cjk", "_CJK_AND_RE", "' ' * n + '且'"),
            ("cjk", "_CJK_AND_RE", "' 且' * (n // 2)"),
            ("cleanup", "EMPTY_BOX_RE", "'\\\\boxed{' + ' ' * n"),
            ("cleanup", "EMPTY_BOX_RE", "'\\\\boxed{\\\\,' * (n // 9)"),
            ("laterbox", "_NOT_BEFORE_BOX_RE", "'wrong answer ' * (n // 13)"),
            ("laterbox", "_NOT_BEFORE_BOX_RE", "' ' * n"),
            ("doubts", "_GAVE_UP_RE", "'i do not ' * (n // 9)"),
            ("revisions", "_LATEX_SPACE_RE", "'\\\\q' * (n // 2)"),
            ("choices", "_RESTATED_AFTER_RE", "', ' * (n // 2)"),
            ("choices", "_LAST_PART_RE", "'。 ' * (n // 2)"),
            ("choices", "_NOT_CHOSEN_RE", "'可' * n"),
            ("doubts", "_COMPARED_BEFORE_RE", "'greater than or equal ' * (n // 22)"),
            ("doubts", "_COMPARED_BEFORE_RE", "'less ' * (n // 5)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a last value in maths that a comparison bounds is no answer (the sentence gives a range)
        ("So the distance is at least $5$ km.", "5", 0.0),
        ("The distance cannot be less than $5 \\mathrm{~km}$, so it needs to be greater or equal to $5 \\mathrm{~km}$.",
         "5", 0.0),
        ("So it needs to be greater than $5$.", "5", 0.0),
        ("So it must be more than $5$.", "5", 0.0),
        ("So the value is equal to or less than $5$.", "5", 0.0),
        ("So it is greater than or equal to 5.", "5", 0.0),
        # a comparison elsewhere in the sentence leaves the value alone
        ("So the distance is $5$ km.", "5", 1.0),
        ("The area is greater than the square's, and equals $5$.", "5", 1.0),
    ],
)
def test_a_bounded_last_value_is_no_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a Chinese sentence that names the correct option after the value (Gaokao completions against letter keys)
        ("所以 $a_1 = \\frac{7}{3}$。\n\n因此，首项$a_1$的值是$\\frac{7}{3}$，选项B是正确的。", "B", 1.0),
        ("所以 $a_1 = \\frac{7}{3}$。\n\n因此，首项$a_1$的值是$\\frac{7}{3}$，选项B是正确的。", "C", 0.0),
        ("所以，双曲线的离心率是 $2$，对应选项 C.", "C", 1.0),
        ("所以，双曲线的离心率是 $2$，对应选项 C.", "D", 0.0),
        ("三角形的面积是 $\\frac{1}{6}$。选项 A 是正确的。", "A", 1.0),
        ("计算得 $x = 3$。故选D", "D", 1.0),
        ("计算得 $x = 3$。正确选项是D。", "D", 1.0),
        ("计算得 $x = 3$。D选项正确。", "D", 1.0),
        ("选项A错误，选项D正确。", "D", 1.0),
        # doubted, negated or hedged: no option chosen
        ("计算得 $x = 3$。选项B不正确。", "B", 0.0),
        ("计算得 $x = 3$。选B或C", "B", 0.0),
        ("计算得 $x = 3$。A是正确的吗？", "A", 0.0),
        # the noun 选项 ("option") is no answer marker: "对应选项 C" names the option, it does not mark "项 C"
        ("离心率是 $2$，对应选项 C.", "2", 1.0),
    ],
)
def test_a_chinese_sentence_names_the_correct_option(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "I'd pick B", "I would choose C", "I'll go with D": the option chosen, as "I pick B" is
        ("I'd pick B", "B", 1.0),
        ("I'd pick B", "C", 0.0),
        ("I would choose C.", "C", 1.0),
        ("After checking, I'll go with D", "D", 1.0),
        ("I'd pick B or C", "B", 0.0),
        # a one-line answer that opens with a lower-case option label and its colon or bracket
        ("c: Decreased activity...", "C", 1.0),
        ("c: Decreased activity...", "B", 0.0),
        ("a: no wait, b", "A", 0.0),
    ],
)
def test_more_ways_to_choose_an_option(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # Python's power after a bracket is no markdown bold: "(x+1)**2" is not "(x+1)2", which reads 2(x+1)
        ("Answer: (x+1)**2", "(x+1)^2", 1.0),
        ("Answer: (x+1)**2", "2x+2", 0.0),
        ("Answer: (x+1)**(2)", "2x+2", 0.0),
        ("Answer: -4*(-2*x - 8)**(3/2)/3 + C", "-4*(-2*x - 8)**(3/2)/3 + C", 1.0),
        ("Answer: x**(-1)", "1/x", 1.0),
        ("**Answer:** (x+1)**2", "(x+1)^2", 1.0),
        # bold marks still go
        ("**Answer: 12**", "12", 1.0),
        ("The answer is **12**.", "12", 1.0),
        ("The total is **$45**.", "45", 1.0),
    ],
)
def test_a_power_after_a_bracket_is_no_bold_mark(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # against a reference that is no maths (reasoning-gym's word and grid answers), the whole line after the
        # marker, written as the reference is, pays; what the marker's sentence reading narrowed it to is not needed
        ("Answer: Amelia is a hero, and Elizabeth is a hero.", "Amelia is a hero, and Elizabeth is a hero.", 1.0),
        ("Answer: 0 0 0 0 0 0", "0 0 0 0 0 0", 1.0),
        ("Answer: EXCEPT, Let, callers, exporting, needing, specialty, where",
         "EXCEPT, Let, callers, exporting, needing, specialty, where", 1.0),
        ("Answer: 0 0 0 0 0 1", "0 0 0 0 0 0", 0.0),
        ("Answer: Amelia is a hero, and Elizabeth is a villain.", "Amelia is a hero, and Elizabeth is a hero.", 0.0),
    ],
)
def test_the_marker_line_as_written_answers_a_reference_that_is_no_maths(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # two answer markers that state two different words are two answers, as two numbers already were
        ("Answer: No\nAnswer: Yes", "Yes", 0.0),
        ("The answer is No. The answer is Yes.", "Yes", 0.0),
        ("Answer: odd\nAnswer: even", "even", 0.0),
        ("Answer: Paris\nAnswer: London", "London", 0.0),
        # the same word twice, a revision, or words that point elsewhere are not a second answer
        ("Answer: yes.\nFinal answer: Yes", "Yes", 1.0),
        ("The answer is No. Wait, I made an error. The answer is Yes.", "Yes", 1.0),
        ("Answer: the one below\nAnswer: even", "even", 1.0),
        ("The answer is simple. We get 5. The answer is 5.", "5", 1.0),
        # the marker's line as written answers the reference; a narrower reading of it is not needed
        ("Answer: was complimenting a moment ago Let yourself be hypnotized What",
         "was complimenting a moment ago Let yourself be hypnotized What", 1.0),
    ],
)
def test_two_markers_that_state_two_words_are_two_answers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # feet and inches with primes, both parts written: one length in inches
        ("76 in", "6'4\"", 1.0),
        ("6 ft 4 in", "6'4\"", 1.0),
        ("193.04 cm", "6'4\"", 1.0),
        ("6′4″", "76 in", 1.0),
        ("5'11.5''", "71.5 in", 1.0),
        ("75 in", "6'4\"", 0.0),
        ("64", "6'4\"", 0.0),
        # after a degree sign the primes are minutes and seconds of arc
        ("30°15'20\"", "30.2556°", 0.0),
        ("30°15'", "30.25°", 1.0),
    ],
)
def test_feet_and_inches_with_primes(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # digits with several East Asian scales, or a scale and the digits below it: one number, not two glued
        ("答えは5万7500ドルです。", "57500", 1.0),
        ("答えは5万7500ドルです。", "500007500", 0.0),
        ("정답은 6만 7,082마리입니다.", "67082", 1.0),
        ("答案是3亿2000万", "320000000", 1.0),
        ("答案是1万2千", "12000", 1.0),
        ("答案是1万2千", "100002000", 0.0),
        # one scale alone, and a scale that is part of a unit, read as before
        ("答案是1.5亿", "150000000", 1.0),
        ("答案是50万元", "500000", 1.0),
        # digits after a scale that are not the full group below it are no number at all (not glued into 300005;
        # "3万5" is colloquially 35000)
        ("答案是3万5", "300005", 0.0),
        ("答案是3万5", "30005", 0.0),
        ("答案是5万75000", "575000", 0.0),
    ],
)
def test_digits_with_several_east_asian_scales(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # more units: the ampere-hour (a charge), the tonne, the becquerel and the curie
        ("1 mAh", "3.6 C", 1.0),
        ("2000 mAh", "7200 C", 1.0),
        ("5 Ah", "5 A", 0.0),  # a charge is no current
        ("10 tonnes", "10000 kg", 1.0),
        ("10 tonnes", "10 kg", 0.0),
        ("1\\,\\mathrm{Ci}", "37\\,\\mathrm{GBq}", 1.0),
        ("1\\,\\mathrm{Ci}", "37\\,\\mathrm{MBq}", 0.0),
        ("10 t", "10000 kg", 0.0),  # "t" stays a letter (a time as often as a tonne)
    ],
)
def test_more_units(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # the Chinese "and" (且) joins two conditions as "and" does
        ("x>2 且 x<7", "2 < x < 7", 1.0),
        ("x>=2 且 x<7", "2 <= x < 7", 1.0),
        ("x>1 且 x>2", "x>2", 1.0),
        ("x>2 且 x<7", "2 <= x < 7", 0.0),
        ("x>2 且 x<7", "x > 2 \\text{ or } x < 7", 0.0),
        # inequalities joined by "and" are their intersection, by "or" their union: never two lists of the same items
        ("x>2 \\text{ and } x<7", "x > 2 \\text{ or } x < 7", 0.0),
        ("x>2 or x<7", "x>2 and x<7", 0.0),
        ("x>2 and x<7", "x<7 and x>2", 1.0),
        ("x<2 or x>7", "x>7 or x<2", 1.0),
        # the number sets written with double-struck letters or in Chinese words, and "no solution" in Chinese
        ("ℝ", "(-∞,∞)", 1.0),
        ("x \\in ℝ", "(-\\infty,\\infty)", 1.0),
        ("ℤ", "\\mathbb{Z}", 1.0),
        ("所有實數", "(-\\infty,\\infty)", 1.0),
        ("所有实数", "(0,\\infty)", 0.0),
        ("∅", "無解", 1.0),
        ("empty set", "无解", 1.0),
        ("x = 2", "無解", 0.0),
    ],
)
def test_chinese_and_and_number_set_words(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # temperatures in kelvin, Celsius, Fahrenheit and Rankine: compared in kelvin, with their offsets
        ("0 degC", "273.15 kelvin", 1.0),
        ("0 kelvin", "-459.67 degF", 1.0),
        ("100 degC", "212 degF", 1.0),
        ("12 degC", "513.27 degR", 1.0),
        ("100^\\circ C", "373.15 K", 1.0),
        ("30^\\circ C", "30 degC", 1.0),
        ("100 degC", "100 degF", 0.0),
        ("100 °C", "373 K", 0.0),
        ("1 degC", "1 K", 0.0),  # as temperatures (a difference of 1 °C is 1 K: a policy the reference's words decide)
        # bytes with SI and binary prefixes
        ("1000 B", "1 kB", 1.0),
        ("1024 B", "1 KiB", 1.0),
        ("1048576 B", "1 MiB", 1.0),
        ("0.5 megabyte", "500 kilobyte", 1.0),
        ("1000 B", "1 KiB", 0.0),
        ("1 MB", "1 MiB", 0.0),
        ("2B", "2", 0.0),  # a one-letter unit against a plain number, as "5 m" against 5
    ],
)
def test_temperatures_and_bytes(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a duration in several time units written short, where "m" is the minute: one number of seconds
        ("5hr34m56s", "5 hrs, 34 mins, 56 secs", 1.0),
        ("5 hours, 34 minutes, 56 seconds", "5hr34m56s", 1.0),
        ("1 w 3 d 2 h 32 m", "1w3d2h32m", 1.0),
        ("2 h 30 m", "150 min", 1.0),
        ("5hr34m57s", "20096 s", 0.0),
        ("30 s 2 m", "150 s", 0.0),  # the units must shrink from part to part
        ("3 m 5 cm", "305 cm", 1.0),  # a length stays a length
        ("2 hours 40 minutes", "160", 1.0),  # in its last unit, as before: 160 minutes against a bare key
    ],
)
def test_durations_written_short(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # dollar signs that each open an amount after a marker are money, not math spans that pair up
        ("FINAL: $80 * (1 - 0.25) + 6 = $60 + 6 = $66", "66", 1.0),
        ("Answer: $60 + $6 = $66", "66", 1.0),
        ("Answer: $60 + $6 = $66", "60", 0.0),
        ("Answer: $60 + $6 = $67", "67", 0.0),  # a false chain answers nothing
        # a closed math span is one
        ("Answer: $5$", "5", 1.0),
        ("Answer: $x = 5$ dollars", "5", 1.0),
        ("Final Answer: $10k", "10000", 1.0),  # one amount keeps its scale letter
    ],
)
def test_dollar_amounts_in_a_marked_chain(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # an empty box answers nothing, and does not hide what follows the last real box (found by a red team)
        ("\\boxed{5} or 6 \\boxed{}", 0.0),
        ("\\boxed{5}. Actually, wait, the answer is 6. \\boxed{}", 0.0),
        ("\\boxed{5}\nThe answer is 6. \\boxed{ }", 0.0),
        ("\\boxed{}", 0.0),
        ("\\boxed{5} \\boxed{ }", 1.0),
        ("The answer is \\boxed{5}. \\boxed{\\,}", 1.0),
    ],
)
def test_an_empty_box_hides_nothing(completion: str, want: float) -> None:
    assert score(completion, "5") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a box the sentence negates just before it answers nothing (red team): "cannot be", "I don't think it's",
        # "Wrong answer:", and the same in Chinese, Spanish and French
        ("It cannot be \\boxed{5}.", 0.0),
        ("I don't think it's \\boxed{5}.", 0.0),
        ("Wrong answer: \\boxed{5}", 0.0),
        ("Incorrect: \\boxed{5}", 0.0),
        ("答案不是 \\boxed{5}", 0.0),
        ("La respuesta no es \\boxed{5}.", 0.0),
        ("This is not hard: the answer is \\boxed{5}.", 1.0),
        ("The correct answer, not the wrong one, is \\boxed{5}.", 1.0),
        ("It can be shown that x = \\boxed{5}.", 1.0),
        # a fallback number that a later sentence says was not reached: no answer
        ("The question says John has 5 apples. I don't know how many he has.", 0.0),
        ("We get 5. I have no idea whether that is right.", 0.0),
        ("So John has 5 apples.", 1.0),
    ],
)
def test_negated_boxes_and_given_up_answers(completion: str, want: float) -> None:
    assert score(completion, "5") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # LaTeX's spacing commands do not hide the operator or sign that makes a box part of a larger expression (red
        # team): they are read as the space they lay out
        ("$\\boxed{5}\\,\\times 10^3$", 0.0),
        ("$\\boxed{5}\\, + 1$", 0.0),
        ("$-\\,\\boxed{5}$", 0.0),
        ("$\\boxed{5}\\ +1$", 0.0),
        ("$\\boxed{5}\\,$", 1.0),
        ("$x = \\boxed{5}\\,\\text{cm}$", 1.0),
        # a negative thin space inside a later restatement still joins its digits
        ("It is $\\boxed{\\$16,\\!386.20}$. The answer is $16,\\!386.20$.", 1.0),
    ],
)
def test_spacing_commands_hide_no_operator(completion: str, want: float) -> None:
    gold = "16386.20" if "386" in completion else "5"
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # units multiplied with a spaced "*" or \cdot, and Python's "**" powers: one compound unit
        ("1 kg * m**2 * s**-2", "1 J", 1.0),
        ("1 J", "1 kg * m**2 * s**-2", 1.0),
        ("1 kg \\cdot m^2 / s^2", "1 J", 1.0),
        ("4.12345678 kg*m**2/s", "4.12345678 kilogram·meter²/second", 1.0),
        ("2 kg * m**2 * s**-2", "1 J", 0.0),
        ("1 kg * m**2 * s**-1", "1 J", 0.0),
        ("3 m * 2", "6 m", 1.0),  # a number after "*" is a factor, not a unit
    ],
)
def test_units_multiplied_with_a_spaced_star(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an option letter alone on the first line, then the working with no marker (GAOKAO-Bench's answer-first
        # style): it chooses the option
        ("D\n分析集合$B$中的元素特征.\n由题意，$B=\\{1,4,9\\}$，则$C_{A}(A∩B)=\\{2，3，5\\}$", "D", 1.0),
        ("D\n分析集合$B$中的元素特征.\n由题意，$B=\\{1,4,9\\}$，则$C_{A}(A∩B)=\\{2，3，5\\}$", "C", 0.0),
        ("C.\n\nThe fund reports only capital related revenues, so the amount is $2,000,000.", "C", 1.0),
        # not over a marked answer, nor when the last line chooses another option, nor in a list of lone letters
        ("D\nWe compute.\nThe answer is 5.", "D", 0.0),
        ("D\nLet us check.\nSo the answer is C.", "D", 0.0),
        ("A\nB\nC", "A", 0.0),
    ],
)
def test_an_option_alone_on_the_first_line(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the option named correct, then its content after "即" / "i.e." on the same line: the option is chosen
        ("因此 $\\{2, 3, 5\\}$。\n\n选项D正确，即$\\boxed{\\{2, 3, 5\\}}$。", "D", 1.0),
        ("因此 $\\{2, 3, 5\\}$。\n\n选项D正确，即$\\boxed{\\{2, 3, 5\\}}$。", "C", 0.0),
        ("We get x = 2.\nOption D is correct, i.e. $x = 2$.", "D", 1.0),
        ("We get x = 2.\nOption D is not correct, i.e. $x = 2$.", "D", 0.0),
        ("选项D或C正确，即$\\boxed{5}$。", "D", 0.0),
    ],
)
def test_an_option_named_then_its_content(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
