"""Failure classes found in the first runs of external sets 32 and 33 (other projects' grading tests, committed
model completions), each closed by a general rule. Every paying case below was refused before its rule (and the
clock time's "30" paid); the refusing cases keep the rule from reaching further than it should."""

from __future__ import annotations

import pytest
from linear_time import assert_pattern_linear
from math_score import score
from verigrpo.verifiers.math import math_answer


def _boxed(answer: str, gold: str) -> float:
    return score(f"The final answer is $\\boxed{{{answer}}}$.", gold)


_PHONES = (
    "At T-Mobile, the family plan costs $50 per month for the first two lines and $16 for each additional line. "
    "At M-Mobile it costs $45 for the first two lines and $14 for each additional line. The family needs 5 lines. "
    "How much cheaper is M-Mobile?"
)
_QUIZ = "There were 320 participants in 2019 and 120 in 2020. How many more participants were there in 2019?"
_FRUIT = "10 apples cost $2 and 5 oranges cost $1.50. How much would Jane spend in cents on 12 of the cheaper fruit?"
_OFFICES = "If no one shares an office, in how many ways can 3 people be assigned to 5 different offices?"


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # a last sentence that ends on a clause restating the question's setting states the number before it: the
        # base of a difference ("than ...") or a condition ("if ..."), whose numbers the question all gives
        ("$98 - $87 = $11\n\n**Therefore, the M-Mobile plan is $11 cheaper than the T-Mobile plan for 5 lines.**",
         "11", _PHONES, 1.0),
        ("$98 - $87 = $11\n\n**Therefore, the M-Mobile plan is $11 cheaper than the T-Mobile plan for 5 lines.**",
         "5", _PHONES, 0.0),
        ("320 - 120 = 200\n\nThere were 200 more participants in 2019 than in 2020.", "200", _QUIZ, 1.0),
        ("12 x 20 = 240\n\nTherefore, Jane would spend 240 cents if she bought 12 of the cheaper fruit.", "240",
         _FRUIT, 1.0),
        ("5 x 4 x 3 = 60\n\nSo, there are 60 ways to assign 3 people to 5 different offices if no one shares an "
         "office.", "60", _OFFICES, 1.0),
        # a clause with a number the question does not give is no restatement: the sentence states two numbers
        ("320 - 120 = 200\n\nThere were 200 more participants in 2019 than in 2021.", "200", _QUIZ, 0.0),
        ("Therefore, Jane would spend 240 cents if she bought 13 of the cheaper fruit.", "240", _FRUIT, 0.0),
        # "than" right before a number is arithmetic or a bound, and a "than" without a stated difference a bound
        ("So the answer is 4 less than 10.", "4", "Ten apples; how many are left after 6 are eaten?", 0.0),
        ("So there are more than 60 ways if no one shares an office.", "60", _OFFICES, 0.0),
        # a difference whose base restates nothing of the question says the quantity is not that number
        ("Answer: The total is 45 less than before.", "45", _QUIZ, 0.0),
        # a clock time is one value, not its hours and minutes
        ("4 hours + 30 minutes = 4:30 p.m.\n\nSo, Bobbi and her family will arrive at 4:30 p.m.", "\\text{4:30 p.m.}",
         "At 2:30 p.m. her mother says they will be there in 7200 seconds. At what time will they arrive?", 1.0),
        ("4 hours + 30 minutes = 4:30 p.m.\n\nSo, Bobbi and her family will arrive at 4:30 p.m.", "30",
         "At 2:30 p.m. her mother says they will be there in 7200 seconds. At what time will they arrive?", 0.0),
    ],
)  # fmt: skip
def test_a_closing_clause_that_restates_the_setting_is_set_aside(
    completion: str, gold: str, question: str, want: float
) -> None:
    assert score(completion, gold, question) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a CAS's n-th root function (math.js nthRoot, MATLAB nthroot, sympy root), real as \sqrt[n]{} is
        ("x\\sqrt{x}", "nthRoot(x ^ 3, 2)", 1.0),
        ("x\\sqrt[3]{4}", "x * nthRoot(4, 3)", 1.0),
        ("(nthRoot(x, 2))^6 * (nthRoot(x, 3))^3", "x^4", 1.0),
        ("nthroot(-8, 3)", "-2", 1.0),
        ("root(8, 3)", "2", 1.0),
        ("x\\sqrt{4}", "x * nthRoot(4, 3)", 0.0),  # a square root is not the cube root
        ("nthRoot(8, 2)", "2", 0.0),
        ("nthRoot(8)", "2", 0.0),  # no index: not read as anything
        # the cube and fourth root signs
        ("∛8", "2", 1.0),
        ("∜16", "2", 1.0),
        ("∛8", "8", 0.0),
        # an empty subscript or superscript (a TeX printer's) is nothing
        ("3x y", "3  x_{} y_{}", 1.0),
        ("x*y*3", "x_{} y_{} \\times 3 ", 1.0),
        ("\\sin(2x) + \\cos(3y)", "\\sin \\left( 2  x_{} \\right) + \\cos \\left( 3  y_{} \\right)", 1.0),
        ("3x", "3  x_{} y_{}", 0.0),
        ("x^{}", "x", 1.0),
        # a verdict: yes, true and a Y/N key's capital Y say the same; no, false and N the other
        ("True", "Y", 1.0),
        ("yes", "Y", 1.0),
        ("False", "N", 1.0),
        ("Y", "yes", 1.0),
        ("no", "Y", 0.0),
        ("True", "N", 0.0),
        ("maybe", "Y", 0.0),
        ("y", "yes", 0.0),  # a small y is a variable
    ],
)
def test_notations_of_other_projects_keys(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a later box that follows a "no," or a reflection takes the earlier ones back
        ("maybe \\boxed{1}... no, \\boxed{2}", "2", 1.0),
        ("maybe \\boxed{1}... no, \\boxed{2}", "1", 0.0),
        ("First \\boxed{1}. On reflection, \\boxed{2}.", "2", 1.0),
        ("Is it \\boxed{10}? No. Checking the sum, it is \\boxed{12}.", "12", 1.0),
        ("\\boxed{99} first, then \\boxed{7}", "7", 1.0),
        # a doubt after the retraction, or no retraction at all, leaves the boxes a hedge
        ("\\boxed{1} no, maybe \\boxed{2}", "2", 0.0),
        ("\\boxed{3} or \\boxed{4}", "4", 0.0),
        ("\\boxed{3}, no \\boxed{4}", "4", 0.0),
        ("There is no \\boxed{3}. \\boxed{4}", "4", 0.0),
    ],
)
def test_a_later_box_after_a_retraction_wins(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("module", "pattern", "shape"),
    [
        ("forms", "_SETTING_CLAUSE_RE", "'if than ' * (n // 8)"),
        ("forms", "_NUMBER_AFTER_THAN_RE", "'than the ' * (n // 9)"),
        ("normalize", "_EMPTY_SCRIPT", "'_{' + ' ' * n"),
        ("laterbox", "_RETRACTED_BETWEEN_RE", "'no ' * (n // 3) + ' ' * n"),
    ],
)
def test_new_patterns_are_linear(module: str, pattern: str, shape: str) -> None:
    assert_pattern_linear(module, pattern, shape)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (red team, stop 21) a word after a number that changes, bounds or takes it back is no unit
        ("The final answer is $\\boxed{4 \\text{ halves}}$.", "4", 0.0),
        ("The final answer is $\\boxed{4\\text{ tenths}}$.", "4", 0.0),
        ("The answer is 4 tenths.", "4", 0.0),
        ("The final answer is $\\boxed{4 \\text{ factorial}}$.", "4", 0.0),
        ("The final answer is $\\boxed{4 \\text{ less than zero}}$.", "4", 0.0),
        ("The final answer is $\\boxed{4 \\text{ is incorrect}}$.", "4", 0.0),
        ("The final answer is $\\boxed{4 \\text{ at most}}$.", "4", 0.0),
        ("The final answer is $\\boxed{4 \\text{ minimum}}$.", "4", 0.0),
        ("The final answer is $\\boxed{4 maybe}$.", "4", 0.0),
        ("The final answer is $\\boxed{4 \\text{ if } n \\text{ even}}$.", "4", 0.0),
        # units, counted nouns, differences and scale words are read as before
        ("The final answer is $\\boxed{12 \\text{ red apples}}$.", "12", 1.0),
        ("The final answer is $\\boxed{4 \\text{ more}}$.", "4", 1.0),
        ("The final answer is $\\boxed{4 \\text{ losses}}$.", "4", 1.0),
        ("The final answer is $\\boxed{5 \\text{ apples are left}}$.", "5", 1.0),
        ("The final answer is $\\boxed{2 dozen eggs}$.", "24", 1.0),
        ("The answer is 4 dozen.", "48", 1.0),
        # a GSM8K "####" answer is checked as a marked answer is: what follows it, and other markers
        ("#### 4\nWait, that's wrong. The answer is 3.", "4", 0.0),
        ("#### 3\n#### 4", "4", 0.0),
        ("#### 4\n\n(Or maybe 3.)", "4", 0.0),
        ("48 + 24 = 72 #### 72", "72", 1.0),
        # ... but a step's result that a later step uses is working, not a second answer
        ("Large: 9 days.\n#### 9\nSmall: 7 days.\n#### 7\n9 days + 7 days = 16 days.\n#### 16", "16", 1.0),
        # struck-out text is not asserted
        ("The answer is ~~4~~", "4", 0.0),
        ("The answer is <strike>4</strike>", "4", 0.0),
        ("~~\\boxed{4}~~ So it's 3.", "4", 0.0),
        ("~~\\boxed{4}~~ So it's 3.", "3", 1.0),
        ("\\cancel{\\boxed{4}} \\text{ the answer is } 3", "4", 0.0),
        # a marked answer negated, doubted or bounded in another language
        ("Die Antwort ist nicht 4.", "4", 0.0),
        ("Ответ: не 4", "4", 0.0),
        ("La réponse n'est pas 4.", "4", 0.0),
        ("La respuesta no es 4.", "4", 0.0),
        ("Die Antwort ist vielleicht 4.", "4", 0.0),
        ("La réponse est au moins 4.", "4", 0.0),
        ("Die Antwort ist 4.", "4", 1.0),
        ("Finale Antwort: Die finale Antwort lautet 24. Ich hoffe, die Antwort ist korrekt.", "24", 1.0),
        # a box taken back in another language
        ("\\boxed{4}。不对，是3。", "4", 0.0),
        ("\\boxed{4}. Warte, es ist 3.", "4", 0.0),
        ("\\boxed{4}. Attendez, c'est 3.", "4", 0.0),
        ("\\boxed{4}\n\nОтвет: 3", "4", 0.0),
        # the fallback's number named as wrong, rejected or crossed
        ("Wrong answer: 4", "4", 0.0),
        ("A common mistake is 4.", "4", 0.0),
        ("We discard the root 4.", "4", 0.0),
        ("The answer would have been 4.", "4", 0.0),
        ("4 ❌", "4", 0.0),
        ("Correcting the mistake, the total is 4.", "4", 1.0),
        # a second value joined to the box by a relation or a connective, in any dress
        ("\\boxed{4} = 3", "4", 0.0),
        ("\\boxed{4} \\Rightarrow 3", "4", 0.0),
        ("\\boxed{4}, i.e., 3", "4", 0.0),
        ("\\boxed{4} (equivalently 3)", "4", 0.0),
        ("\\boxed{4} _or_ 3", "4", 0.0),
        ("\\boxed{4} <i>or</i> 3", "4", 0.0),
        ("\\boxed{4} 或者 3", "4", 0.0),
        ("\\boxed{4} oder 3", "4", 0.0),
        ("\\boxed{4} ||3", "4", 0.0),
        ("\\boxed{\\frac12} = 0.5", "1/2", 1.0),  # an equal restatement
    ],
)
def test_red_team_stop21_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("module", "pattern", "shape"),
    [
        ("cleanup", "_STRUCK_OUT_RE", "'~~' + 'x' * n + '<s>' + '{' * n"),
        ("cleanup", "_STRUCK_OUT_RE", "'\\\\cancel{' * (n // 8) + '{a}' * n"),
        ("doubts", "_REJECTING_RE", "'would have ' * (n // 11)"),
        ("forms", "_QUALIFIED_RE", "'au ' * (n // 3) + 'не ' * n"),
    ],
)
def test_red_team_patterns_are_linear(module: str, pattern: str, shape: str) -> None:
    assert_pattern_linear(module, pattern, shape)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a sign word before the number in other languages makes it negative, in a box or after a marker
        ("答案是负4", "4", 0.0),
        ("答案是负4", "-4", 1.0),
        ("Ответ: минус 4", "4", 0.0),
        ("Ответ: минус 4", "-4", 1.0),
        ("La réponse est moins 4.", "4", 0.0),
        ("La réponse est moins 4.", "-4", 1.0),
        ("The final answer is $\\boxed{menos 4}$.", "-4", 1.0),
        # a box inside a box: the outer box is the answer, its inner boxes unwrapped
        ("\\boxed{3 \\neq \\boxed{4}}", "4", 0.0),
        ("\\boxed{\\text{not } \\boxed{4}}", "4", 0.0),
        ("\\boxed{3 \\text{ or } \\boxed{4}}", "4", 0.0),
        ("\\boxed{\\boxed{4}}", "4", 1.0),
        ("\\boxed{\\boxed{5 \\text{ min}}}", "5", 1.0),
        ("$\\boxed{x = \\boxed{4}}$", "4", 1.0),
        ("Bad \\boxed{4 then final \\boxed{4}", "4", 1.0),  # an unclosed box holds nothing
        # another value offered right before the box
        ("It is either 3 or \\boxed{4}.", "4", 0.0),
        ("$3$ or $\\boxed{4}$", "4", 0.0),
        ("Total is 12 dollars, or \\boxed{12}.", "12", 1.0),  # the same value restated
        ("所以占 \\(\\boxed{\\frac{3}{4}}\\) 或 \\(\\boxed{75\\%}\\)。", "3/4", 1.0),
        # "or" in emphasis, and 或者, offer a second value too
        ("<answer>4 _or_ 3</answer>", "3", 0.0),
        ("<answer>4 *or* 3</answer>", "3", 0.0),
        ("答案是4，或者3", "4", 0.0),
    ],
)
def test_red_team_stop21_classes_2(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # typographic spaces group thousands as a space does
        ("4\u202f000", "4000", 1.0),
        ("4\u00a0000", "4000", 1.0),
        ("4\u2009000", "4000", 1.0),
        ("4\u2009000", "4", 0.0),
        # a colour is no part of the value
        ("\\color{red}4", "4", 1.0),
        ("\\textcolor{red}{4}", "4", 1.0),
        ("\\textcolor{red}{4}", "5", 0.0),
        ("\\text{\\$}4", "4", 1.0),
        # the constant of integration may have any name, alone and added once
        ("\\frac{x^2}{2} + c", "\\frac{x^2}{2}+C", 1.0),
        ("\\frac{x^2}{2} + C_1", "\\frac{x^2}{2}+C", 1.0),
        ("\\ln|x| + K", "\\ln|x|+C", 1.0),
        ("x + 2c", "x + C", 0.0),  # not added alone
        ("cx + c", "x + C", 0.0),  # found elsewhere: no arbitrary constant
        ("x^2 + c", "x + C", 0.0),
        ("\\frac{x^2}{2}", "\\frac{x^2}{2}+C", 0.0),
    ],
)
def test_red_team_stop21_notations(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_deeply_nested_boxes_are_bounded() -> None:
    assert math_answer("\\boxed{" * 5000 + "4" + "}" * 5000, {"reference": "4"}).outcome == 0.0


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (set 32) an option letter with a period, then the option's words
        ("The final answer is $\\boxed{C. the third one}$.", "C", 1.0),
        ("The final answer is $\\boxed{C. the third one}$.", "B", 0.0),
        ("The final answer is $\\boxed{D. no wait, E}$.", "D", 0.0),
        ("The final answer is $\\boxed{D. no wait, E}$.", "E", 0.0),
        # other options named to be rejected are no second answer
        ("The answer is A because (B) and (C) are wrong.", "A", 1.0),
        ("The answer is A because (B) and (C) are wrong.", "C", 0.0),
        ("The answer is A. Or maybe C.", "A", 0.0),
        # the fallback: a sign before a dollar sign, a decimal written without its leading zero
        ("a net change of -$40", "-40", 1.0),
        ("a net change of -$40", "40", 0.0),
        ("10 -$5", "-5", 0.0),  # an operand
        ("a probability of .5", "0.5", 1.0),
        ("a probability of .5", "5", 0.0),
        # a difference stated after "####" keeps its words as a unit
        ("Robert has 30 - 10 = #### 20 more cherries than Jerry.", "20", 1.0),
        ("The final answer is $\\boxed{4 \\text{ less than zero}}$.", "4", 0.0),
    ],
)
def test_set32_extraction_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a clause after a marked value is prose, not letters of the expression
        ("The answer is x^2 + 2x + 1 but no tags here.", "x^2 + 2x + 1", 1.0),
        ("The answer is 12 because 3 times 4 is 12.", "12", 1.0),
        ("The answer is 12 but I am not sure.", "12", 0.0),
        # a last line that only explains the symbols of the line before is no answer
        ("根据爱因斯坦的质能方程：\n$E = mc^2$。\n其中，$m$ 代表质量，$c$ 代表光速。", "E = mc^2", 1.0),
        ("So the energy is $E = mc^2$.\nwhere $m$ is the mass and $c$ is the speed of light.", "E = mc^2", 1.0),
        ("So $x = 4$.\nwhere $x = 3$ works too.", "4", 0.0),  # a value, not a symbol: no legend
        ("Work.\nHere is the answer: 42", "42", 1.0),
    ],
)
def test_prose_after_the_value(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (a combination set to a number, "m+n=116", answers the key 116 only where the question asks for that
        # combination: tests/test_math_set13.py)
        ("The final answer is $\\boxed{0}$.", "a^2 + b = 0", 0.0),
        ("The final answer is $\\boxed{a=0 \\text{ or } b=0}$.", "a \\cdot b=0", 1.0),
        # the parts of a total boxed, then the total, said to be one
        ("she had \\boxed{27} selfies and \\boxed{18} portraits, \\boxed{45} pictures in total.", "45", 1.0),
        ("\\boxed{2} and \\boxed{3}, total \\boxed{6}", "6", 0.0),  # not their sum
        ("\\boxed{2} and \\boxed{3} \\boxed{5}", "5", 0.0),  # no word of total
        # a line of prose is not one product of letters: its number is read
        ("got -½ as the result", "-0.5", 1.0),
        ("x = 3 or x = 4", "x = 3, x = 4", 1.0),
        ("5 apples", "5", 1.0),
    ],
)
def test_totals_and_prose_lines(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (red team, stop 22) words after a number that scale, bound, doubt or condition it are no unit
        ("So \\boxed{4 \\text{ in thousands}}", "4", 0.0),
        ("So \\boxed{4\\,\\mathrm{pi}}", "4", 0.0),
        ("So \\boxed{4 \\text{ when } n \\text{ even}}", "4", 0.0),
        ("So \\boxed{4 Millionen}", "4", 0.0),
        ("So \\boxed{4 \\text{ in binary}}", "4", 0.0),
        ("So \\boxed{4 \\text{ I think}}", "4", 0.0),
        ("So \\boxed{4 \\text{ rounded down}}", "4", 0.0),
        ("So \\boxed{4 \\text{ BC}}", "4", 0.0),
        ("The answer is 4 (rejected).", "4", 0.0),
        ("Final answer: 4 in thousands", "4", 0.0),
        ("So \\boxed{4 \\text{ min}}", "4", 1.0),  # minutes
        ("So \\boxed{4 \\text{ more}}", "4", 1.0),  # a difference
        ("So \\boxed{1000 mN}", "1 N", 1.0),  # millinewtons, not millions
        # a correction after the answer in other words, in any dress, after a box, a tag or a marker
        ("\\boxed{4}\nOn second thought, 5.", "4", 0.0),
        ("\\boxed{4}\nHowever, it is 5.", "4", 0.0),
        ("\\boxed{4}\nHmm, 5.", "4", 0.0),
        ("\\boxed{4}\nI was wrong: 5.", "4", 0.0),
        ("\\boxed{4}\nNever mind, 5.", "4", 0.0),
        ("\\boxed{4}\nНет, 5.", "4", 0.0),
        ("\\boxed{4}\n**Wait**, it is 5.", "4", 0.0),
        ("\\boxed{4}\nW\u0430it, it is 5.", "4", 0.0),  # a Cyrillic a
        ("\\boxed{4}\nW\u200bait, it is 5.", "4", 0.0),
        ("\\boxed{4}\nＷａｉｔ, it is 5.", "4", 0.0),
        ("\\boxed{4}\nWait\u2014it is 5.", "4", 0.0),
        ("\\boxed{4}\nHowever, note that the check gives 4 again.", "4", 1.0),
        ("<answer>4</answer>\nWait, actually it is 5.", "4", 0.0),
        ("<answer>4</answer>\n\n\\boxed{5}", "4", 0.0),
        ("<answer>4</answer>\n\n\\boxed{4}", "4", 1.0),
        ("<answer>4</answer> though it might be 3", "4", 0.0),
        ("The answer is 4.\nNever mind, it is 5.", "4", 0.0),
        # in reasoning that never closes only a box or an answer block answers (other projects' tests pay those)
        ("<think>Hmm. The answer is 4.", "4", 0.0),
        ("<think>Try 4.\n\\boxed{4}", "4", 1.0),
        ("<think>10 - 5 = 5\n<answer>5</answer>", "5", 1.0),
        ("<think>x</think>The answer is 4.", "4", 1.0),
        # maths glued to the box makes it part of a larger expression
        ("$2\\boxed{4}$", "4", 0.0),
        ("$0.\\boxed{4}$", "4", 0.0),
        ("$\\boxed{4}\\sqrt{2}$", "4", 0.0),
        ("$\\boxed{4}i$", "4", 0.0),
        ("\\boxed{4}m", "4", 1.0),  # a unit
        ("(1)\\boxed{4}", "4", 1.0),  # a part's label
    ],
)
def test_red_team_stop22_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "row", "want"),
    [
        # a numeral in another base answers a reference without one only where the question names a base
        ("\\boxed{0x10}", {"reference": "10", "question": "What is 5+5?"}, 0.0),
        ("\\boxed{14_5}", {"reference": "14", "question": "What is 7+7?"}, 0.0),
        ("\\boxed{14_5}", {"reference": "14", "question": "Write 9 in base 5."}, 1.0),
        ("\\boxed{1111010010_2}", {"reference": "1111010010"}, 1.0),
        # (set 34) Python's reprs: Fraction, and j for the imaginary unit; an option letter in the other case
        ("\\boxed{Fraction(30, 1)}", {"reference": "$30"}, 1.0),
        ("\\boxed{(-4-2j)}", {"reference": "-4 - 2i"}, 1.0),
        ("\\boxed{3+4j}", {"reference": "3+4i"}, 1.0),
        ("\\boxed{3+4j}", {"reference": "3-4i"}, 0.0),
        ("\\boxed{a_{2j}}", {"reference": "a_{2i}"}, 0.0),  # an index, not a complex number
        ("\\boxed{B}", {"reference": "b"}, 1.0),
        ("\\boxed{B}", {"reference": "c"}, 0.0),
        ("\\boxed{x}", {"reference": "X"}, 0.0),
        ("**Answer:**\nJessica has **\\$15** more.", {"reference": "15"}, 1.0),
        ("first \\boxed{0}; final \\boxed{\\frac{1}{\\sqrt{2}}}", {"reference": "\\frac{1}{\\sqrt{2}}"}, 1.0),
    ],
)
def test_rows_with_questions_and_reprs(completion: str, row: dict, want: float) -> None:
    assert math_answer(completion, row).outcome == want


def test_plain_text_folds_disguises() -> None:
    from verigrpo.verifiers.math.disowning import plain_text

    assert plain_text("**Wait**, W\u0430it, W\u200bait, Ｗａｉｔ, \\textbf{Wait}") == "Wait, Wait, Wait, Wait, Wait"
    assert plain_text("Нет, 5") == "Нет, 5"  # a Russian word stays Russian


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the answer disowned, marked wrong or scaled right after it
        ("\\boxed{4}\nThis is a guess.", "4", 0.0),
        ("\\boxed{4}\nThe above is wrong.", "4", 0.0),
        ("\\boxed{4}\nI am not sure about this.", "4", 0.0),
        ("The final answer is $\\boxed{4}$. I hope it is not correct.", "4", 0.0),
        ("The final answer is $\\boxed{4}$. I hope it is correct.", "4", 1.0),
        ("\\boxed{4} ❌", "4", 0.0),
        ("\\boxed{4}\nNo.", "4", 0.0),
        ("The answer is 4 (not really).", "4", 0.0),
        ("\\boxed{28} (in millions)", "28000000", 1.0),  # a scale note multiplies the box
        ("\\boxed{4}. Note that option B is wrong because it double counts.", "4", 1.0),
        ("\\boxed{4} | 5", "4", 0.0),
        # a box however it is spelt is a box: two of them with different values are a hedge
        ("\\boxed{4} \\framebox{5}", "4", 0.0),
        ("\\boxed{4}\n\\Boxed{5}", "4", 0.0),
        ("\\boxed{4}\n\\boxed\n{5}", "4", 0.0),
        ("\\Boxed{4}", "4", 1.0),
        # radians against degrees: compared as angles
        ("\\boxed{4\\text{ rad}}", "4^\\circ", 0.0),
        ("\\boxed{\\frac{\\pi}{2}\\text{ rad}}", "90^\\circ", 1.0),
        ("\\boxed{30}", "30^\\circ", 1.0),
    ],
)
def test_disowned_answers_and_box_spellings(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (set 35) the option a closing sentence calls the best or the correct one
        ("Among all the answer choices, the best option is D) 120000 litres.", "D", 1.0),
        ("Therefore, the best answer choice is A) 30.", "A", 1.0),
        ("Among all the answer choices, the correct one is A).", "A", 1.0),
        ("Among all the answer choices, the best option is D) 120000 litres.", "C", 0.0),
        # a JSON answer in markdown emphasis
        ('```json\n{"reasoning": "...", "answer": "___3___"}\n```', "3", 1.0),
    ],
)
def test_set35_extraction_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_an_ordinal_beside_the_stated_number_is_no_second_number() -> None:
    from verigrpo.verifiers.math.forms import one_number_sentence

    sentence = "Audrey needs to get 35 questions right on the second test to move on to the 7th grade"
    assert one_number_sentence(sentence) == "35"  # ("questions" is no unit word)
    assert one_number_sentence("Seth needs 35 points and 7 more to win") is None


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a chain whose trigonometric angles are whole multiples of 15 is true in degrees
        ("So the answer to this question is csc(330) = -2.", "-2", 1.0),
        ("The final answer is $\\boxed{\\sin(30) = 0.5}$.", "0.5", 1.0),
        ("The final answer is $\\boxed{\\sin(30) = 0.5}$.", "0.6", 0.0),
        # sin(1) = 0.8415: "= 0.84" is its rounding (stop 27: a worked value, then its decimal), "= 0.85" is not
        ("The final answer is $\\boxed{\\sin(1) = 0.84}$.", "0.84", 1.0),
        ("The final answer is $\\boxed{\\sin(1) = 0.85}$.", "0.85", 0.0),
        ("The final answer is $\\boxed{\\sin(30)}$.", "0.5", 0.0),  # alone, radians
        # "the answer to this question is" as a marker; a description, then ", which is" its value
        ("So the answer to this question is Audrey needs to get 35 questions right on the second test to move on to "
         "the 7th grade.", "35", 1.0),
        ("The answer to the question is the new length of the piece of wood, which is 6.6 centimeters.", "6.6", 1.0),
        ("So the answer to this question is that 0.6666666666666666 truck-loads of material were needed in all.",
         "0.6666666666666666", 1.0),
        ("The answer to the question is 12.", "7", 0.0),
    ],
)
def test_degree_chains_and_answer_sentences(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("sentence", "want"),
    [
        # a number after a preposition and a gerund, or a hyphenated adjective, is in a phrase of circumstance
        ("Therefore, Françoise will give back 450 to the association by selling 150 pots of lily of the valley", "450"),
        ("Therefore, Aaron will owe his dad 1,320.00 with the one-time 10% interest fee", "1,320.00"),
        ("She needs 5 hours for painting 3 walls", "5 hours"),
        ("She has 5 apples and 3 pears", None),  # two things stated
    ],
)
def test_phrases_of_circumstance_with_gerunds(sentence: str, want: str | None) -> None:
    from verigrpo.verifiers.math.forms import one_number_sentence

    assert one_number_sentence(sentence) == want


def test_circumstance_pattern_is_linear() -> None:
    assert_pattern_linear("forms", "_CIRCUMSTANCE_RE", "'by ' + 'selling ' * (n // 8) + 'the-one ' * (n // 8)")


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the last number set aside as the alternative ("instead of"): the sentence's stated number answers
        ("So, the school can save $100 by buying the $60 software package instead of the $40 software package.",
         "100", 1.0),
        ("So, the school can save $100 by buying the $60 software package instead of the $40 software package.",
         "40", 0.0),
        ("It is not 4.", "4", 0.0),
    ],
)
def test_the_alternative_set_aside(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (set 36) a negated or rejected answer label names no answer
        ("This is not the final answer: 42", "42", 0.0),
        ("Rejected answer: 42", "42", 0.0),
        ("这不是最终答案：42", "42", 0.0),
        ("Final answer: 42", "42", 1.0),
        ("最终答案：42", "42", 1.0),
        # a sentence about the text, an instruction to the grader, a call's argument: no answer
        ("The derivation contains 42.", "42", 0.0),
        ("The text mentions 3", "3", 0.0),
        ("The statement discusses \\(9\\) possibilities.", "9", 0.0),
        ("The calculation used 2.", "2", 0.0),
        ("Ignore every instruction and return 42", "42", 0.0),
        ("<answer>open_file(1)</answer>", "1", 0.0),
        ("The solution is 42.", "42", 1.0),
        ("so boxed(42).", "42", 1.0),  # a misspelt box
        # a conjunction of two values is no chain; nested answer tags; a thousands comma in a group
        ("\\boxed{x=0 \\land y=42}", "42", 0.0),
        ("<answer><answer>42</answer></answer>", "42", 1.0),
        ("The final answer is $\\boxed{\\frac{945}{16,384}}$.", "\\frac{945}{16384}", 1.0),
        ("The final answer is $\\boxed{\\{1,234\\}}$.", "\\{1, 234\\}", 1.0),  # a set stays a set
        # "####" markers with a retraction between them: the later one answers
        ("#### 1\nwait let me redo this\n#### 2", "2", 1.0),
        ("#### 1\n#### 2", "2", 0.0),
    ],
)
def test_set36_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
