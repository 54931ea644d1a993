"""What stop 29 reads besides numbers in words (tests/test_math_numwords.py): counting notations as textbooks,
exams and calculators write them (verifiers/math/combinatorics.py); a percent against a proper fraction; Python's
operators in a unit. Each case that pays a new form was refused at the commit before its rule; the other cases
bound the rule."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.combinatorics import count_notations


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("10", "C(5, 3)", 1.0),  # a key in the notation of a counting course
        ("C(7,4)", "C(7, 3)", 1.0),  # the symmetry of binomial coefficients
        ("P(52,4)", "C(52,4)", 0.0),  # permutations are not combinations (both were once read as the point (52, 4))
        ("C(26,2)", "P(26,2)", 0.0),
        ("P(10,10)", "10!", 1.0),
        ("C_{10}^{3}", "\\binom{10}{3}", 1.0),  # n below, k above, as Chinese and French textbooks write it
        ("C_7^2", "C_7^5", 1.0),
        ("A_5^2", "20", 1.0),  # arrangements
        ("⁶C₂/⁹C₅", "5/42", 1.0),  # the exam notation with a superscript n and a subscript k
        ("8! × 3! × ⁵P₂", "4838400", 1.0),
        ("5C2", "10", 1.0),  # a calculator's
        ("C_2^5", "10", 0.0),  # k above n: not read (a symbol C_2 to the fifth)
        ("A(0,0), C(3,1)", "(0,0), (3,1)", 0.0),  # named points: left as they are (this list stays unread)
    ],
)
def test_counting_notations(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_counting_notations_are_left_alone_beside_other_points_and_past_300() -> None:
    assert count_notations("A(0, 0), C(3, 1)") == "A(0, 0), C(3, 1)"
    assert count_notations("C(500, 2)") == "C(500, 2)"
    assert count_notations("C(3, 5)") == "C(3, 5)"
    assert count_notations("x^2 + C") == "x^2 + C"


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("0.49\\%", "49 / 100", 0.0),  # a percent against a proper fraction: only the percent's value, 0.0049
        ("49\\%", "49/100", 1.0),
        ("49\\%", "49", 1.0),  # a reference that drops the sign
        ("0.49\\%", "0.49", 1.0),  # against a decimal: the sign may have been dropped
        ("\\frac{100}{11}", "$9\\frac{1}{11}\\%$", 1.0),  # an improper fraction can be the percent's number
    ],
)
def test_a_percent_against_a_proper_fraction(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("42.3 g cm-3", "42.3 g*cm**-3", 1.0),  # Python's product and power in a unit
        ("0.909 g/cm3", "0.909 g/cm**3", 1.0),
        ("8.20x10**+1 ppm", "8.20*10**1 ppm", 1.0),
        ("180^\\circ", "π*rad", 1.0),
        ("b*a", "ab", 1.0),  # letters that are no unit keep their product
        ("42.3 g cm-3", "42.3 g*m**-3", 0.0),
    ],
)
def test_python_operators_in_a_unit(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a gathered display read as the chain it writes (as an aligned one is)
        ("So\n$$\n\\begin{gathered}\nv=2 \\times 3 \\\\\n=6 \\mathrm{~m} / \\mathrm{s}\n\\end{gathered}\n$$", "6", 1.0),
        ("So\n$$\n\\begin{gathered}\nv=2 \\times 3 \\\\\n=6 \\mathrm{~m} / \\mathrm{s}\n\\end{gathered}\n$$", "5", 0.0),
        # a named chain through a computation, then its rounding and unit
        ("Thus $$ v=\\frac{1}{\\sqrt{(2 \\mathrm{~H})(3 \\mathrm{~F})}} = 0.41 \\mathrm{~Hz} $$", "0.41", 1.0),
        ("Thus $$ v=\\frac{1}{\\sqrt{(2 \\mathrm{~H})(3 \\mathrm{~F})}} = 0.45 \\mathrm{~Hz} $$", "0.45", 0.0),
        # a quantity, then the same quantity in other units in brackets: the first one
        ("The answer is $\\boxed{134 \\mathrm{MPa} \\quad (19,300 \\mathrm{psi})}$.", "134", 1.0),
        ("The answer is $\\boxed{134 \\mathrm{MPa} \\quad (19,300 \\mathrm{psi})}$.", "19300", 0.0),
        ("The answer is $\\boxed{3(2+1)}$.", "3", 0.0),  # a product, not an aside
        ("The answer is $\\boxed{5 m (rounded)}$.", "5", 0.0),  # a note, not the same quantity
    ],
)
def test_display_chains_and_quantities_written_twice(completion: str, gold: str, want: float) -> None:
    assert math_answer(completion, {"reference": gold}).outcome == want


def test_pounds_per_square_inch() -> None:
    assert _boxed("1 ksi", "1000 psi") == 1.0
    assert _boxed("1 psi", "6894.75729316836 Pa") == 1.0
    assert _boxed("1 psi", "1 kPa") == 0.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # two antiderivatives that differ by a constant (tan^2 = sec^2 - 1): one constant absorbs the other
        ("\\frac{1}{4\\cos^4 x}-\\frac{1}{3\\cos^6 x}+\\frac{1}{8\\cos^8 x}+C", "\\frac{\\tan^6 x}{6}+\\frac{\\tan^8 x}{8}+C", 1.0),
        ("\\sin^2 x + C", "-\\cos^2 x + C", 1.0),
        ("\\sin^2 x + C", "\\cos^2 x + C", 0.0),
        ("x^3 + C", "x^2 + C", 0.0),
        ("\\sin^2 x", "-\\cos^2 x", 0.0),  # without constants: two functions
        ("a + C + 1", "a + C", 0.0),  # a plain offset: C may name a point or an angle
        ("\\sin^2 x + c", "-\\cos^2 x + c", 0.0),  # a lower-case c may be a length
    ],
)
def test_antiderivatives_that_differ_by_a_constant(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_decimals_that_simplify_to_exact_values() -> None:
    # 0.5 * arcsin(0.5) is pi/12: a decimal key whose value is exact, against the exact answer
    gold = "\\frac{\\pi}{0.5^2}\\left(0.5\\arcsin 0.5+\\sqrt{1-0.5^2}-1\\right)"
    assert _boxed("\\frac{\\pi^2}{3} + 2\\pi\\sqrt{3} - 4\\pi", gold) == 1.0
    assert _boxed("\\frac{\\pi^2}{3} + 2\\pi\\sqrt{3} - 4.01\\pi", gold) == 0.0
    assert _boxed("0.333\\pi", "\\frac{\\pi}{3}") == 0.0  # a rounding is no exact value


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Final Answer: The final answer is (C). I hope it is correct.", "\\text{(C)}", 1.0),  # the pronoun I
        ("Final Answer: The final answer is (C). I is also possible.", "C", 0.0),  # option I offered too
        ('Final Answer: The final answer is "even". I hope it is correct.', "\\text{even}", 1.0),  # quoted
        ('The answer is "odd".', "\\text{even}", 0.0),
        ("Answer: Henry traveled 25 miles between his first and second stops.", "25", 1.0),
        ("Answer: Henry traveled between 20 and 25 miles.", "25", 0.0),  # "between" before numbers bounds
        ("\\boxed{\\begin{pmatrix} \\dfrac{16}{49} \\\\[8pt] \\dfrac{48}{49} \\end{pmatrix}}", "\\begin{pmatrix} 16/49 \\\\ 48/49 \\end{pmatrix}", 1.0),
        ("\\boxed{\\begin{pmatrix} 1 \\\\[2mm] 2 \\end{pmatrix}}", "\\begin{pmatrix} 1 \\\\ 3 \\end{pmatrix}", 0.0),
    ],
)
def test_closing_lines_quotes_and_spaced_matrix_rows(completion: str, gold: str, want: float) -> None:
    assert math_answer(completion, {"reference": gold}).outcome == want


def test_line_breaks_written_out() -> None:
    # a completion whose line breaks are the two characters backslash and n (a JSON string escaped twice): its
    # lines are lines, so an "or" three lines up hedges nothing
    text = "x = -3a 또는 x = a\\n\\nCase 2: a = 1/3\\nf(2) = 8 + 4 - 2 + 4 = 14"
    assert math_answer(text, {"reference": "14"}).outcome == 1.0
    assert math_answer(text, {"reference": "15"}).outcome == 0.0
    # LaTeX's \neq and \nu stay commands
    assert math_answer("Since x \\neq 2 and \\nu = 3,\\n the answer is \\boxed{3}", {"reference": "3"}).outcome == 1.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("5 N-m", "5 J", 1.0),  # two unit symbols joined by a hyphen: their product
        ("3 ft-lb", "3 lb ft", 1.0),
        ("1.10*10**-05 atm-m**3/mole", "1.10*10**-5 atm*m**3/mole", 1.0),
        ("5 N-m", "5 N", 0.0),
        ("2 a-b", "2a-b", 1.0),  # letters that are no units keep their minus
        ("2 a-b", "2ab", 0.0),
    ],
)
def test_units_joined_by_a_hyphen(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Such a sequence exists for $n=1,2,3,4$ and no other $n$.", "1,2,3,4", 1.0),  # the variable named again
        ("Such a sequence exists for $n=1,2,3$ and no other $n$.", "1,2,3,4", 0.0),
        ("The value is $x = 5$ for every $y$.", "5", 0.0),  # another letter: the last span stays
        ("We get $x = 5$. What about $x$?", "5", 0.0),  # another sentence
    ],
)
def test_a_variable_named_again_after_its_value(completion: str, gold: str, want: float) -> None:
    assert math_answer(completion, {"reference": gold}).outcome == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # found by a red team of this stop's readers
        ("\\boxed{8}", "Otto", 0.0),  # one capitalised word is a name, not Italian 8
        ("\\boxed{11}", "Elf", 0.0),
        ("答案是二十三十。", "50", 0.0),  # twenty, then thirty: two numbers, never fifty
        ("The answer is zero point three recurring.", "3", 0.0),  # a decimal said aloud, not its last word
        ("\\boxed{二十五}", "25", 1.0),
        ("\\boxed{一千二百三十四}", "1234", 1.0),
    ],
)
def test_red_team_cases_of_the_new_readers(completion: str, gold: str, want: float) -> None:
    assert math_answer(completion, {"reference": gold}).outcome == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a base model answers, then continues its few-shot prompt with a new problem and that problem's answer
        ("So the answer is 3.\n\nQuestion: A man is 20 years older than his son...\nAnswer: So the answer is 18.", "3", 1.0),
        ("So the answer is 3.\n\nQuestion: A man is 20 years older than his son...\nAnswer: So the answer is 18.", "18", 0.0),
        ("The answer is 55.\nQ: A car travels 40 kph for 3 hours...\nA: The answer is 140.", "55", 1.0),
        # the same question asked again without numbers of its own, then another answer: two answers
        ("6 * 6 = 36 lemons.\nThe answer is 36 lemons.\n\nQuestion: How many lemons will Tim need?\nAnswer: 30", "36", 0.0),
    ],
)
def test_a_few_shot_continuation_after_the_answer(completion: str, gold: str, want: float) -> None:
    assert math_answer(completion, {"reference": gold}).outcome == want
