"""Failure classes left after stop 19 (external set 29 and later), each closed by a general rule: the last sentence of
a completion without an answer marker states one number among several (the others in phrases of circumstance); an
option letter with a colon is an option ("B: 15"); an exact value in a math span, then the same value approximated in
prose ("$\\frac{5}{18}$, or about 27.8%"), answers with the exact value."""

from __future__ import annotations

import pytest
from linear_time import assert_pattern_linear
from math_score import score


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
    assert score(completion, gold) == want


def test_the_question_s_numbers_are_set_aside_in_the_last_sentence() -> None:
    q = "Ann has 7 bags with 6 apples each. How many apples does she have?"
    assert score("So Ann has 42 apples in 7 bags.", "42", q) == 1.0
    assert score("So Ann has 42 apples in 7 bags.", "7", q) == 0.0


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
    assert score(completion, gold) == want


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
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an exam solution's answer section, 【答案】 ("answer") to <eoa>: an answer block
        ("【解析】\n所以 $y=2x+1$。<eoe>\n【答案】A<eoa>", "A", 1.0),
        ("【解析】\n所以 $y=2x+1$。<eoe>\n【答案】A<eoa>", "2x+1", 0.0),
        ("【解析】\n所以 $y=2x+1$。<eoe>\n【答案】: C <eoa>", "C", 1.0),
        ("【解析】由三视图还原几何体后计算。<eoe>\n【答案】故所求体积为 $8\\sqrt{3}$。<eoa>", "8\\sqrt{3}", 1.0),
        ("【解析】...<eoe>\n【答案】\n相减得到 $d=2$。\n所以 $S_{10}=\\frac{10}{2}(1+19)=100$。<eoa>", "100", 1.0),
        ("【解析】...<eoe>\n【答案】\n相减得到 $d=2$。\n所以 $S_{10}=\\frac{10}{2}(1+19)=100$。<eoa>", "2", 0.0),
        ("【答案】2\\sqrt{3}<eoa>", "2\\sqrt{3}", 1.0),
        ("【答案】14π<eoa>", "14\\pi", 1.0),
        ("【答案】3或4<eoa>", "3", 0.0),  # a hedge in the section is a hedge
        # an option and its text in maths, one answer
        ("<answer>D. $\\frac{4}{5}$ </answer>", "D", 1.0),
        ("<answer>D. $\\frac{4}{5}$ </answer>", "C", 0.0),
        ("<answer>B: $x=2$ or $x=3$</answer>", "B", 0.0),  # the text hedges
    ],
)
def test_an_exam_answer_section_is_an_answer_block(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a number under a root sign is no number of its own: the root is the value
        ("So the side is √3.", "3", 0.0),
        ("So the side is √3.", "\\sqrt{3}", 1.0),
        ("So the side is 2√3 cm.", "2\\sqrt{3}", 1.0),
        ("So the side is 2√3.", "6", 0.0),
        ("所以|a-b|=根号3。", "\\sqrt{3}", 1.0),  # 根号: the Chinese word for the root sign
        ("所以|a-b|=根号3。", "3", 0.0),
        ("Altitude AD\n\nAD = h = 3 + 2√2.", "3 + 2\\sqrt{2}", 1.0),
        ("Altitude AD\n\nAD = h = 3 + 2√2.", "2\\sqrt{2}", 0.0),
        ("The answer is 2根号3", "\\sqrt{12}", 1.0),
    ],
)
def test_roots_in_prose(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        # counting functions by name, as a CAS or a calculator writes them
        ("binom(8,3)", "56", 1.0),
        ("nCr(8, 3)", "56", 1.0),
        ("comb(8, 3)", "56", 1.0),
        ("nPr(8,3)", "336", 1.0),
        ("perm(8,3)", "336", 1.0),
        ("nPr(8,3)", "56", 0.0),
        ("binom(8,3)", "57", 0.0),
        ("binomial(n, 2)", "\\frac{n(n-1)}{2}", 1.0),
        # an angle in degree words is the angle in radians, as 30^\circ is
        ("30 degrees", "\\frac{\\pi}{6}", 1.0),
        ("180 deg", "\\pi", 1.0),
        ("30 degrees", "\\frac{\\pi}{3}", 0.0),
        ("\\frac{\\pi}{6}", "30 degrees", 1.0),
    ],
)
def test_counting_functions_and_degree_words(pred: str, gold: str, want: float) -> None:
    assert score("The final answer is $\\boxed{" + pred + "}$.", gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a later box revises the boxes before it only after a word that takes them back, or in a short connective
        # of sequence; the text around the new box must not doubt, negate or reject it
        ("\\boxed{3} is the answer. Then, as a check, 3+1 = \\boxed{4}.", "4", 0.0),
        ("Suppose the answer were \\boxed{3}; then the total would be \\boxed{4}, a contradiction.", "4", 0.0),
        ("The answer is \\boxed{3}. Then the next term would be \\boxed{4}.", "4", 0.0),
        ("\\boxed{3}; finally we note \\boxed{4} is the number of cases.", "4", 0.0),
        ("\\boxed{3}. Actually, \\boxed{4} is impossible", "4", 0.0),
        ("\\boxed{3}. Actually, \\boxed{4} violates the constraint", "4", 0.0),
        ("\\boxed{3}. Recheck: \\boxed{4} gives 5 \\neq 7", "4", 0.0),
        ("\\boxed{3}. Correction: the answer isnt \\boxed{4}.", "4", 0.0),
        ("\\boxed{3}. Wait, probably \\boxed{4}", "4", 0.0),
        ("\\boxed{3}. Wait, \\boxed{4} (50% confident)", "4", 0.0),
        ("\\boxed{3}. Wait, \\boxed{4}. Hmm, or is it?", "4", 0.0),
        ("The answer is \\boxed{3}. Wait, is it \\boxed{4}", "4", 0.0),
        ("When n is even, \\boxed{3}; when n is odd, then \\boxed{4}", "4", 0.0),
        ("\\boxed{3}, or then \\boxed{4}", "4", 0.0),
        ("\\boxed{3} then \\boxed{4}", "3, 4", 0.0),  # the last box alone, never both readings
        ("\\boxed{3} then \\boxed{4}", "4", 1.0),
        ("I first thought \\boxed{4}. Actually, that's wrong; the answer is \\boxed{3}.", "3", 1.0),
        ("First I thought it was \\boxed{A}, but then I realized it is \\boxed{B}", "B", 1.0),
    ],
)
def test_box_revisions_read_in_context(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the text after the last box: another value offered, the box taken back, another answer stated, or the
        # box part of a larger expression: a hedge
        ("\\boxed{5} (or maybe 6)", "5", 0.0),
        ("\\boxed{5}. Hmm, or 6.", "5", 0.0),
        ("\\boxed{5}, though 6 is also possible", "5", 0.0),
        ("\\boxed{5}? or \\(6\\)", "5", 0.0),
        ("\\boxed{5}. Actually the answer is 6.", "5", 0.0),
        ("\\boxed{5} but the answer is 6", "5", 0.0),
        ("\\boxed{5}\n\nAnswer: 6", "5", 0.0),
        ("\\boxed{5}\n\n**Final Answer** 6", "5", 0.0),
        ("\\boxed{5}\n\n#### 6", "5", 0.0),
        ("\\boxed{(B)}\nWait, C.", "B", 0.0),
        ("□{4} is the wrong one; the answer is 3.", "4", 0.0),
        ("\\boxed{28} \\times 10^3", "28", 0.0),
        ("\\boxed{28}0", "28", 0.0),
        ("\\boxed{28}^{2}", "28", 0.0),
        ("\\boxed{28}!", "28", 0.0),
        # a scale word multiplies the box
        ("\\boxed{28} million", "28", 0.0),
        ("\\boxed{28} million", "28000000", 1.0),
        # what follows and agrees, or is a unit or a degree sign, leaves the box the answer
        ("\\boxed{\\frac12} (or 0.5)", "1/2", 1.0),
        ("\\boxed{5}\n\nThe final answer is 5.", "5", 1.0),
        ("\\boxed{5}\n\nThis answer is consistent with the data.", "5", 1.0),
        ("Thus, $A = \\boxed{12}^\\circ$.", "12", 1.0),
        ("\\boxed{12} dollars", "12", 1.0),
        ("\\boxed{5}. There is no 6-digit solution.", "5", 1.0),
    ],
)
def test_the_text_after_the_last_box(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # after an answer marker: another value offered, the answer taken back, or another marked answer on a line
        # of its own: a hedge
        ("The answer is 3... or 4", "3", 0.0),
        ("The answer is 3\nor 4", "3", 0.0),
        ("The answer is 3, else 4", "3", 0.0),
        ("The answer is 3, otherwise 4", "3", 0.0),
        ("The answer is 3 unless it is 4", "4", 0.0),
        ("The answer is 3 unless it is 4", "3", 0.0),
        ("Final Answer: 3\nFinal Answer: 4", "4", 0.0),
        ("The answer is 3.\nThe answer is 4.", "4", 0.0),
        ("Answer: 3\nAnswer: 4", "4", 0.0),
        # ... not an equal restatement, a revision, or a marker inside a sentence
        ("The answer is $\\frac{1}{2}$, or 50%.", "1/2", 1.0),
        ("Answer: 3\nWait, I made an error. Recalculating gives 4.\nAnswer: 4", "4", 1.0),
        ("First, the answer to part one is 3. Then the sum doubles.\nThe answer is 6.", "6", 1.0),
        ("Answer: 5\nAnswer: 5", "5", 1.0),
    ],
)
def test_the_text_after_a_marked_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the fallback's last number as a bound, a range, a list item or a question: no answer
        ("3个还是4个", "4", 0.0),  # "3 or 4"
        ("3到4个", "4", 0.0),  # "3 to 4"
        ("3、4个", "4", 0.0),  # "3, 4"
        ("至少3个", "3", 0.0),  # "at least 3"
        ("超过3个", "3", 0.0),  # "more than 3"
        ("3以上", "3", 0.0),  # "3 or more"
        ("3左右", "3", 0.0),  # "about 3"
        ("She has at least 14 dollars.", "14", 0.0),
        ("<answer>From 14 to 16 dollars</answer>", "16", 0.0),
        ("<answer>Beyond 16 dollars</answer>", "16", 0.0),
        ("It takes 3 to 4 hours.", "4", 0.0),
        # ... where it is a value, it still is
        ("There are 1,000 apples and 2,000 oranges.", "2000", 1.0),
        ("答：1千克油菜籽可以炸出0.41千克菜籽油。", "0.41", 1.0),  # 千克 is a kilogram, not a thousand
        ("所以一共有3千个。", "3000", 1.0),  # 千: a thousand
        ("3百", "3", 0.0),
        ("3百", "300", 1.0),
        ("It took 3 1/2-hour sessions", "3.5", 0.0),  # three half-hour sessions, no mixed number
        ("It took 3 1/2 hours", "3.5", 1.0),
    ],
)
def test_bounds_ranges_and_scales_in_the_fallback(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # a quantity of several unknowns set to a number: only with the working shown, and only the one asked
        ("\\boxed{a+b+c = 3+57+2 = 62}", "62", "", 1.0),
        ("\\boxed{x+y = 3 = 3}", "3", "", 0.0),  # padding, not working: the equation x + y = 3
        ("\\boxed{a \\cdot b \\cdot c = 3 \\cdot 57 \\cdot 2 = 342}", "342", "Find a+b+c.", 0.0),
        ("\\boxed{a+b+c = 3+57+2 = 62}", "62", "Find a+b+c.", 1.0),
        ("\\boxed{a+b = 3+57 = 60}", "60", "Find a+b+c.", 0.0),  # a part of the sum asked
        ("\\boxed{m+n = 116}", "116", "Find m+n+p.", 0.0),
        ("\\boxed{m+n = 116}", "116", "Find m+n.", 1.0),
        # an interval said to be one is no pair of values
        ("\\boxed{x \\in (1, 3)}", "1, 3", "Find all roots of x^2-4x+3=0.", 0.0),
        ("\\boxed{(1, 3)}", "1, 3", "", 1.0),
    ],
)
def test_worked_quantities_and_intervals(completion: str, gold: str, question: str, want: float) -> None:
    assert score(completion, gold, question) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an aligned display of one value per line is their list; words in it leave no one value
        ("\\begin{align*} x &= 3 \\text{ or } \\\\ x &= 4 \\end{align*}", "4", 0.0),
        ("\\begin{gather} 3 \\\\ 4 \\end{gather}", "4", 0.0),
        ("\\begin{gather} 3 \\\\ 4 \\end{gather}", "3, 4", 1.0),
        ("\\begin{align*} x &= 3 \\\\ x &= 4 \\end{align*}", "3, 4", 1.0),
        ("\\begin{align*} x &= 4 \\\\ 3 &\\text{ is extraneous} \\end{align*}", "3", 0.0),
        ("So \\begin{align*} y &= 2x+3x \\\\ y &= 5x \\end{align*}", "5x", 1.0),  # one value restated
        # a reason is no conclusion, and a doubted or qualified one selects nothing
        ("It is 3 or 4 since 2+2=4", "4", 0.0),
        ("It is 3 or 4, so it could be 4", "4", 0.0),
        ("x is 3 or 4, hence 4 is the larger", "4", 0.0),
        ("x = 4 or x = -1, and since x > 0, x = 4", "4", 1.0),
        # a number at a rate is given: the sentence states the other
        ("At 14 dollars each, the total is 2 dollars.", "14", 0.0),
        ("3个吗", "3", 0.0),  # a question
    ],
)
def test_aligned_lists_reasons_and_rates(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        # an exam key's notations: "##" between accepted forms of one answer; a decimal typeset with a space
        ("0.3", "$\\frac{3}{10} \\# \\# 0.3$", 1.0),
        ("\\frac{3}{10}", "$\\frac{3}{10} \\# \\# 0.3$", 1.0),
        ("0.4", "$\\frac{3}{10} \\# \\# 0.3$", 0.0),
        ("-0.75", "$-\\frac{3}{4} \\# \\#-0.75$", 1.0),
        ("0.98", "0. 98.", 1.0),
        ("0.99", "0. 98.", 0.0),
        ("5", "#### 5", 1.0),  # a GSM8K key is no list of alternatives
    ],
)
def test_exam_key_notations(pred: str, gold: str, want: float) -> None:
    assert score("The final answer is $\\boxed{" + pred + "}$.", gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a multi-part answer labelled (1), (2), ...: each part's answer, in order, on either side
        ("【答案】（1）$-\\frac{1}{2}$；（2）$\\ln 2$<eoa>", "(1). $-\\frac{1}{2} ; \\quad$ (2). $\\ln 2$.", 1.0),
        ("【答案】（1）$-\\frac{1}{2}$；（2）$\\ln 3$<eoa>", "(1). $-\\frac{1}{2} ; \\quad$ (2). $\\ln 2$.", 0.0),
        ("【答案】（1）$\\ln 2$；（2）$-\\frac{1}{2}$<eoa>", "(1). $-\\frac{1}{2} ; \\quad$ (2). $\\ln 2$.", 0.0),
        ("The final answer is $\\boxed{(1)\\ 5\\quad (2)\\ 6}$.", "5; 6", 1.0),
        ("The final answer is $\\boxed{(1)\\ 5\\quad (2)\\ 6}$.", "6; 5", 0.0),
        ("The final answer is $\\boxed{(1)}$.", "1", 1.0),  # one bracketed number is no label
        ("The final answer is $\\boxed{(1), (2)}$.", "1, 2", 1.0),
    ],
)
def test_numbered_parts(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        # an upright letter with a subscript is a variable: "\mathrm{N}_{1}" is N_1
        ("N_1/N", "$\\frac{\\mathrm{N}_{1}}{\\mathrm{~N}}$", 1.0),
        ("N_2/N", "$\\frac{\\mathrm{N}_{1}}{\\mathrm{~N}}$", 0.0),
        ("\\mathrm{v}_{0}", "v_0", 1.0),
    ],
)
def test_upright_letters_with_subscripts(pred: str, gold: str, want: float) -> None:
    assert score("The final answer is $\\boxed{" + pred + "}$.", gold) == want


@pytest.mark.parametrize(
    ("module", "pattern", "shape"),
    [
        ("reference", "_KEY_ALTERNATIVES_RE", '" " * n + "x"'),
        ("fallback", "_BOUND_BEFORE_RE", '"1 " * (n // 2)'),
        ("cleanup", "_CJK_ANSWER_SECTION_RE", '"【答案】" * (n // 4)'),
        ("cleanup", "_APPROX_AFTER_SPAN_RE", '"$1$ or about 2 " * (n // 14)'),
        ("normalize", "_UPRIGHT_SUBSCRIPTED", '"\\\\mathrm" + " " * n'),
        ("parts", "PART_LABEL_RE", '"(1) " * (n // 4)'),
        ("revisions", "_OR_VALUE_RE", '"or " * (n // 3)'),
        ("revisions", "_ANSWER_AFTER_RE", '"answer is " * (n // 10)'),
    ],
)
def test_the_new_patterns_run_in_linear_time(module: str, pattern: str, shape: str) -> None:
    assert_pattern_linear(module, pattern, shape)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # from the red team of stop 20: a second word, letter or value after an answer, in any of its forms
        ("\\boxed{\\text{Yes}}. Wait, no.", "yes", 0.0),
        ("\\boxed{\\text{odd}} or even", "odd", 0.0),
        ("\\boxed{B}. Hmm, C.", "B", 0.0),
        ("\\boxed{B}, maybe C", "B", 0.0),
        ("\\boxed{B}. Actually, option C.", "B", 0.0),
        ("\\boxed{B} and C", "B", 0.0),
        ("\\boxed{5} or four", "5", 0.0),
        ("\\boxed{5}, or \\dfrac{1}{2}", "5", 0.0),
        ("\\boxed{5}, or x = 6", "5", 0.0),
        ("\\boxed{5}, or .5", "5", 0.0),
        ("\\boxed{5}. Alternatively, 6.", "5", 0.0),
        ("\\boxed{5}. 6 works as well.", "5", 0.0),
        ("\\boxed{5} vs 6", "5", 0.0),
        ("\\boxed{5}. It might also be 6.", "5", 0.0),
        ("\\boxed{5}\n\nANSWER: 6", "5", 0.0),
        ("\\boxed{5}\n\nResult: 6", "5", 0.0),
        ("\\boxed{5}\n\n答案：6", "5", 0.0),
        # ... what names another option in a reason, or agrees, leaves the answer alone
        ("\\boxed{B}, since (D) gives 12.", "B", 1.0),
        ("\\boxed{\\text{Yes}}. Yes, because the sum is even.", "yes", 1.0),
        ("\\boxed{A}. A is the right choice.", "A", 1.0),
        # a revised box that the text around it questions, bounds or rejects
        ("\\boxed{3}. Actually, it is not equal to \\boxed{4}.", "4", 0.0),
        ("\\boxed{3}. Wait, the answer is less than \\boxed{4}", "4", 0.0),
        ("\\boxed{3}. Correction: the answer is at least \\boxed{4}", "4", 0.0),
        ("\\boxed{3}. Wait, is the answer \\boxed{4}", "4", 0.0),
        ("\\boxed{3}. Wait, should it be \\boxed{4}", "4", 0.0),
        ("\\boxed{3}. Actually, \\boxed{4} is mistaken", "4", 0.0),
        ("\\boxed{3}. Actually, \\boxed{4} is off by one", "4", 0.0),
        ("\\boxed{3}. Actually, \\boxed{4} ✗", "4", 0.0),
        ("\\boxed{3}. I noticed \\boxed{4} appears in the problem statement.", "4", 0.0),
        # two marked answers with different values, however they are joined
        ("The answer is 3 or the answer is 4.", "4", 0.0),
        ("The answer is 3. Also, the answer is 4", "4", 0.0),
        ("Answer: 3\nSo the answer is 4.", "4", 0.0),
        ("The closest answer is $195. The answer is (D).", "D", 1.0),  # an option and the value it stands for
        ("Final Answer: The final answer is $5$. I hope it is correct.", "5", 1.0),
        # words that make another number of the one marked
        ("The answer is 3 to the power of 4", "3", 0.0),
        ("The answer is 3 out of 4", "3", 0.0),
        ("The answer is 3 factorial", "3", 0.0),
        ("The answer is 3 hundred", "3", 0.0),
        ("The answer is 3 hundred", "300", 1.0),
        ("The answer is 3 dozen", "36", 1.0),
        ("Jim gets 5 miles per gallon.", "5", 1.0),
    ],
)
def test_red_team_of_stop_20_words_values_and_markers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the box as part of a larger expression, before or after it, or scaled by a word
        ("\\boxed{28}+1", "28", 0.0),
        ("\\boxed{28} - 1 = 27", "28", 0.0),
        ("\\boxed{28}.5", "28", 0.0),
        ("\\boxed{28}{,}000", "28", 0.0),
        ("\\boxed{28} 000", "28", 0.0),
        ("\\boxed{28}e6", "28", 0.0),
        ("\\boxed{28} x 10^6", "28", 0.0),
        ("$\\boxed{28}\\pi$", "28", 0.0),
        ("$\\frac{\\boxed{28}}{2}$", "28", 0.0),
        ("$\\sqrt{\\boxed{28}}$", "28", 0.0),
        ("$10^{\\boxed{28}}$", "28", 0.0),
        ("$x = -\\boxed{28}$", "28", 0.0),
        ("$\\pm\\boxed{28}$", "28", 0.0),
        ("\\boxed{28} millions", "28", 0.0),
        ("\\boxed{28}\\text{ million}", "28000000", 1.0),
        ("\\boxed{28} (in millions)", "28000000", 1.0),
        ("- \\boxed{28}", "28", 1.0),  # a list item's bullet
        ("The digits sum to 9.\n\n**Final Answer**\n\\boxed{9}", "9", 1.0),
        ("\\textbf{\\boxed{28}}", "28", 1.0),
        # "or" in the languages models answer in
        ("คำตอบคือ 5 หรือ 6", "6", 0.0),
        ("Die Antwort ist 5 oder 6.", "6", 0.0),
        ("Ответ: 5 или 6", "6", 0.0),
        ("คำตอบคือ 6", "6", 1.0),
    ],
)
def test_boxes_inside_expressions_and_or_in_other_languages(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an answer sentence states its one number; the others are in phrases of circumstance, subordinate clauses
        # or purposes, or are operands of a computation whose result it states
        ("Answer:\n\nClyde will pay $6.50 + $5.50 = $12.00 for 5 apples and 5 oranges.", "12", 1.0),
        ("Answer:\n\nGerald has $110 left after working for a week and spending a total of $100.", "110", 1.0),
        ("Answer:\n\nThe farmer needs 2 more cows to produce 25 liters of milk per day.", "2", 1.0),
        ("Answer: \nThere are 9 scissors in the drawer after Jason placed 4 scissors.", "9", 1.0),
        ("Answer: \nIt will take the chef 45 minutes to cook the remaining 9 potatoes.", "45", 1.0),
        ("Answer:\nI can drive 100 miles on 5 gallons of gas.", "100", 1.0),
        ("Answer:\nI can drive 100 miles on 5 gallons of gas.", "5", 0.0),
        ("Brenda will have $300 + $675 = $975 in total after 3 years.", "975", 1.0),
        ("Brenda will have $300 + $675 = $975 in total after 3 years.", "3", 0.0),
        ("The answer is approximately 1,059,955.", "1059955", 1.0),
        ("The answer is somewhere around forty-two.", "42", 0.0),  # a guess
        ("<SOLUTION>After 2 weeks she has 14 dollars.</SOLUTION>", "14", 1.0),  # "after 2 weeks": a phrase
        # a key of several values, a completion whose last sentence states them
        ("So the cost of the cabin is $6,000 and the cost of the land is $24,000.", "6000, 24000", 1.0),
        ("So the ground school portion costs $325, and the flight portion costs $325 + $625 = $950.",
         "325, 950", 1.0),
        ("So, the present age of Lewis is 6 years and the present age of Brown is 2x = 2*6 = 12 years.",
         "6, 12", 1.0),
        ("So, the angles of the triangle are 40 degrees, 88 degrees, and 52 degrees.", "40, 88, 52", 1.0),
        ("So, the angles of the triangle are 40 degrees, 88 degrees, and 52 degrees.", "40, 88, 50", 0.0),
        ("So the cost of the cabin is $6,000 and the cost of the land is $24,000.", "6000, 24000, 30000", 0.0),
    ],
)
def test_answer_sentences_and_keys_of_several_values(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # a prose approximation that is none is a second value
        ("So it is $3$, or approximately $4$.", "3", "", 0.0),
        ("The probability is $\\frac{5}{18}$, or about 7.", "5/18", "", 0.0),
        ("The probability is $\\frac{5}{18}$, or about 27.8%.", "5/18", "", 1.0),
        # bounds, ranges and approximate guesses in the fallback, in English and Chinese
        ("It goes over 180 km.", "180", "", 0.0),
        ("upwards of 180", "180", "", 0.0),
        ("It is 180+", "180", "", 0.0),
        ("It is 170–180", "180", "", 0.0),
        ("180 km at most", "180", "", 0.0),
        ("将近3个", "3", "", 0.0),  # nearly 3
        ("顶多3个", "3", "", 0.0),  # at most 3
        ("3余个", "3", "", 0.0),  # 3-odd
        ("3成", "3", "", 0.0),  # 30 percent
        ("要么3要么4", "4", "", 0.0),  # either 3 or 4
        ("3与4", "4", "", 0.0),  # 3 and 4
        ("36种", "36", "", 1.0),
        ("答案是3根号", "3", "", 0.0),  # a root sign with nothing under it
        ("The answer is ‐42", "-42", "", 1.0),  # a hyphen as a minus sign
        ("The answer is ‐42", "42", "", 0.0),
        # the asked quantity whole: not inside a bracket something is done to, nor in a given
        ("\\boxed{a+b = 4+5 = 9}", "9", "Find (a+b)^2.", 0.0),
        ("\\boxed{a+b = 4+5 = 9}", "9", "Find \\sqrt{a+b}.", 0.0),
        ("\\boxed{x+y = 2+1 = 3}", "3", "If x+y = 6 and xy = 2, find xy/(x+y).", 0.0),
        ("\\boxed{m+n = 116}", "116", "What is $m+n$?", 1.0),
        # a conclusion that rejects the value selects nothing
        ("x = 4 or x = -1, and since x > 0, x ≠ 4", "4", "", 0.0),
    ],
)
def test_red_team_of_stop_20_approximations_bounds_and_asked_quantities(
    completion: str, gold: str, question: str, want: float
) -> None:
    assert score(completion, gold, question) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # boxes that hold the results of a worked solution's steps, each used on the way to the last: the last
        ("... = 4000 * 2/5 = \\boxed{1600} gallons. The refund is 1600 * 3.5 = \\boxed{5600}.", "5600", 1.0),
        ("... = 4000 * 2/5 = \\boxed{1600} gallons. The refund is 1600 * 3.5 = \\boxed{5600}.", "1600", 0.0),
        ("Now 61 - 9 = \\boxed{52}. Then 52 + 18 = \\boxed{70}.", "70", 1.0),
        ("So 16 x $0.25 = \\boxed{$4.00} and 20 x $0.20 = \\boxed{$4.00}. In all $4.00 + $4.00 = \\boxed{$8.00}.",
         "8", 1.0),
        # ... not a box that is said to be the answer, nor one the working does not use
        ("\\boxed{3} is the answer. Then, as a check, 3+1 = \\boxed{4}.", "4", 0.0),
        ("So 2 + 1 = \\boxed{3}. Also 2 + 2 = \\boxed{4}.", "4", 0.0),
        # a unicode minus sign in the fallback is a sign
        ("So the change is −10", "10", 0.0),
        ("The net change is 12 - 22 = -10\nA: −10", "-10", 1.0),
    ],
)
def test_boxes_of_a_worked_solution_and_unicode_minus(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a scale word after the fallback's number multiplies it
        ("Therefore, the net proceeds are $118 thousand.", "118000", 1.0),
        ("Therefore, the net proceeds are $118 thousand.", "118", 0.0),
        ("So the population is 3.2 million.", "3200000", 1.0),
        ("So he ate 3 dozen eggs.", "36", 1.0),
        ("The houses are worth 53,200 + 76,000 = 129,200\nA: 129.2 thousand", "129200", 1.0),
    ],
)
def test_scale_words_after_the_fallback_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a value kept and another rejected with "not" at the end of the last sentence: the kept one
        ("Therefore, the total cost of the pastries is $694, not $700 as one might guess.", "694", 1.0),
        ("Therefore, the total cost of the pastries is $694, not $700 as one might guess.", "700", 0.0),
        ("So it is 5 apples, not 6.", "5", 1.0),
        ("So it is 5, not 6.", "6", 0.0),
        ("Maybe it is 5, not 6.", "5", 0.0),  # doubted before the rejection
        ("So it is 5 or 7, not 6.", "5", 0.0),  # a hedge stays one
    ],
)
def test_a_value_kept_over_a_rejected_one(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
