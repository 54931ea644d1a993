"""What stop 24 reads: a contest's sum of names set to a value (``m+n = 256+37``), a later ``####`` that follows a
retraction on the earlier marker's own line, a check of the answer after it, functions typed glued to x (``sinx``),
plain-text maths in a last sentence, underscore mixed numbers (``1_7/8``) and a calculator's ``5C3``. Every paying case below was
refused before its rule; the refusing cases bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # distinct one-letter names joined by "+", set equal to a value without letters: the value is the answer
        ("Answer: m+n = 256+37", "293", 1.0),
        ("The answer is $m + n = 293$.", "293", 1.0),
        ("$\\boxed{a+b+c = 12}$", "12", 1.0),
        ("$\\boxed{m+n = 293}$", "m+n=293", 1.0),
        ("Answer: m+n = 256+38", "293", 0.0),
        # ... but not a line or a plane, a repeated name, a coefficient, or a value with letters
        ("$\\boxed{x+y = 10}$", "10", 0.0),
        ("$\\boxed{m+m = 4}$", "4", 0.0),
        ("$\\boxed{2a+b = 5}$", "5", 0.0),
        ("$\\boxed{m+n = 2k}$", "2", 0.0),
        # a retraction on the earlier marker's own line: the later marker revises it
        ("First pass: #### 9. Wait, recompute.\n#### 18", "18", 1.0),
        ("First pass: #### 9. Wait, recompute.\n#### 18", "9", 0.0),
        ("#### 9\n#### 18", "18", 0.0),  # two markers, nothing taken back: a hedge
        # a check after the answer: the value checked, not the check's numbers
        ("x = −10. Check: 2(−10) + 8 = −12.", "-10", 1.0),
        ("x = −10. Check: 2(−10) + 8 = −12.", "-12", 0.0),
        ("So x = 5.\n\n**Check:** 5 + 3 = 8 ✓", "5", 1.0),
        ("So x = 5.\nVerification: 2*5 = 10, 10 - 2 = 8.\nIt works.", "5", 1.0),
        ("So x = 5.\nVerification: 2*5 = 10, 10 - 2 = 8.\nIt works.", "8", 0.0),
        ("Check: 3+4 = 7", "7", 1.0),  # nothing before the check: the check is the text
        # a function name typed glued to x, y or z is that function of it (not "cost", a word)
        ("$\\boxed{sinx + c}$", "\\sin x + C", 1.0),
        ("$\\boxed{sinx}$", "\\sin x", 1.0),
        ("$\\boxed{-cosx+C}$", "-\\cos x + C", 1.0),
        ("$\\boxed{sinx}$", "\\cos x", 0.0),
        ("$\\boxed{cost}$", "\\cos t", 0.0),
        # a last sentence stating plain-text maths: a product of brackets, a letter plus a number, a function of x
        ("We need product 2 and sum 3, namely 1 and 2. So x^2+3x+2 = (x+1)(x+2).", "(x+1)(x+2)", 1.0),
        ("We need product 2 and sum 3, namely 1 and 2. So x^2+3x+2 = (x+1)(x+2).", "(x+1)(x+3)", 0.0),
        ("We differentiate. The derivative is cosx.", "\\cos x", 1.0),
        ("We differentiate. The derivative is cos x.", "\\sin x", 0.0),
        ("After simplifying, the result is x + 3.", "x+3", 1.0),
        # plain text's mixed number with an underscore, a calculator's nCr and nPr (as the whole answer)
        ("$\\boxed{15/8}$", "1_7/8", 1.0),
        ("$\\boxed{1\\frac{7}{8}}$", "1_7/8", 1.0),
        ("$\\boxed{2}$", "1_7/8", 0.0),
        ("$\\boxed{x_1/2}$", "x_1/2", 1.0),  # a subscript stays one
        ("$\\boxed{10}$", "5C3", 1.0),
        ("$\\boxed{\\binom{5}{3}}$", "5C3", 1.0),
        ("$\\boxed{20}$", "5P2", 1.0),
        ("$\\boxed{11}$", "5C3", 0.0),
        # a box in the sentence that names the final answer supersedes the earlier boxes (a template's, a first try)
        ("\\(\\boxed{1}\\). We compute tan 315°. Therefore, the final answer is \\(\\boxed{-1}\\).", "-1", 1.0),
        ("\\(\\boxed{1}\\). We compute tan 315°. Therefore, the final answer is \\(\\boxed{-1}\\).", "1", 0.0),
        ("\\boxed{3}.\n**Final Answer**\n\\boxed{4}", "4", 1.0),
        ("\\boxed{3} or the final answer is \\boxed{4}", "4", 0.0),  # "or": still two answers
        ("\\boxed{3}. Final answer: \\boxed{4}. Wait, maybe 3.", "4", 0.0),
        ("\\boxed{3}. The final answer is \\boxed{4} or \\boxed{5}", "5", 0.0),
        # a conclusion word opening the last box's clause: the last box is drawn from the earlier one
        ("First \\boxed{2}; therefore \\boxed{\\frac{1}{2}}.", "\\frac12", 1.0),
        ("First \\boxed{2}; therefore \\boxed{\\frac{1}{2}}.", "2", 0.0),
        ("\\boxed{3}. Thus \\boxed{4}.", "4", 1.0),
        ("\\boxed{3} \\boxed{4}", "4", 0.0),
        ("\\boxed{3}, or maybe therefore \\boxed{4}", "4", 0.0),
        # a template's placeholder in a box is no answer
        ("Put it in \\boxed{answer}. We compute 69. The count is \\(\\boxed{69}\\).", "69", 1.0),
        ("\\boxed{Your Answer}", "69", 0.0),
        ("\\boxed{...} and \\boxed{5}", "5", 1.0),
        # a closing quote is no sentence: the doubt after it still counts
        ('FINAL_ANSWER: 3". I should match that style. Maybe "3 or 9', "3", 0.0),
        # "#### done" ends the output and answers nothing
        ("the total is 9 #### done", "9", 1.0),
        ("the total is 9 #### done", "8", 0.0),
        # a minus set apart after a word
        ("The temperature is − 12 degrees.", "-12", 1.0),
        ("The temperature is − 12 degrees.", "12", 0.0),
        ("The difference is 20 − 12 degrees.", "8", 0.0),
        # an exclamation after a decimal or at a paragraph's end is punctuation; a factorial stays one elsewhere
        ("the answer is 42.0!", "42", 1.0),
        ("The answer is 42!", "42", 1.0),
        ("The answer is 3.25!", "3.25", 1.0),
        ("The answer is $5!$.", "120", 1.0),
        ("The answer is 5!.", "120", 1.0),
        ("The answer is 5! ways.", "120", 1.0),
        ("The answer is 5! ways.", "5", 0.0),
        # the AMC's instructed answer line, one letter five times
        ("Adding the two cases gives 14, which is answer choice (B).\n\nBBBBB", "B", 1.0),
        ("Adding the two cases gives 14, which is answer choice (B).\n\nBBBBB", "C", 0.0),
        ("The answer is (B).\nCCCCC", "B", 0.0),  # two letters: a hedge
        ("So the answer is (C).\n\\[\n\\textbf{CCCCC}.\n\\]", "C", 1.0),
        # inline-maths delimiters inside a key: "\(a\) or b" with equal alternatives is one value
        ("$\\boxed{0.25}$", "\\(\\frac { 1 } { 4 } \\) or 0.25", 1.0),
        ("$\\boxed{0.25}$", "\\(\\frac14\\) or \\(0.25\\)", 1.0),
        ("$\\boxed{24/5}$", "\\(\\frac { 24 } { 5 } \\) OR 4.8", 1.0),
        ("$\\boxed{0.3}$", "\\(\\frac { 24 } { 5 } \\) OR 4.8", 0.0),
        ("\\(3\\) or \\(4\\)", "4", 0.0),
        # the brackets a matrix environment is set in, after a scalar too
        ("$\\boxed{\\frac{1}{35}[\\begin{pmatrix}1&5\\\\5&25\\end{pmatrix}]}$",
         "\\frac{1}{35}\\left[\\begin{array}{rr}1 & 5 \\\\ 5 & 25\\end{array}\\right]", 1.0),
        ("$\\boxed{\\frac{1}{35}[\\begin{pmatrix}1&5\\\\5&24\\end{pmatrix}]}$",
         "\\frac{1}{35}\\left[\\begin{array}{rr}1 & 5 \\\\ 5 & 25\\end{array}\\right]", 0.0),
        # Chinese option markers
        ("因此，正确的选项是：\n\nC. 随着气候温度由低到高，海水表层温度呈上升趋势\n\n选项A和D都是错误的。", "C", 1.0),
        ("故选：B", "B", 1.0),
        ("所以选B。", "B", 1.0),
        ("故选：B", "C", 0.0),
        # "a final answer of 41" marks its answer; a verdict with an adverb after "the answer is" is no answer
        ("I first got 42, but rechecking the carry gives a final answer of 41.", "41", 1.0),
        ("I first got 42, but rechecking the carry gives a final answer of 41.", "42", 0.0),
        ("<SOLUTION>72</SOLUTION>\nSo the answer is indeed correct.", "72", 1.0),
        ("The answer of the problem is 5.", "5", 1.0),
        # a note in brackets after a sentence's stated number
        ("Before: 9 each. After: 6 each.\n\n**Answer: each student gets 3 fewer oranges (6 instead of 9).**", "3", 1.0),
        ("Answer: each student gets 3 fewer oranges (6 instead of 9).", "6", 0.0),
        ("Answer: she has 12 apples (or maybe 13).", "12", 0.0),
        # a finite set less a finite set, worked out; a partial derivative, as d/dy
        ("$\\boxed{\\{1,2,3\\}\\setminus\\{2\\}}$", "\\{1,3\\}", 1.0),
        ("$\\boxed{\\{1,2,3\\}\\setminus\\{2\\}}$", "\\{1,2\\}", 0.0),
        ("$\\boxed{\\frac{\\partial}{\\partial y}\\left(2x^2yz^3\\right)}$", "2x^2z^3", 1.0),
        ("$\\boxed{\\frac{\\partial}{\\partial y}\\left(2x^2yz^3\\right)}$", "4x^2z^3", 0.0),
        # a <result> block that ends the completion is its answer (a tool's output has the model's words after it)
        ("So the final answer should be 3.\n</think>\n\nIt appears 3 times.\n\n<result>3</result>", "3", 1.0),
        ("<result>5</result>", "6", 0.0),
        ("<result>42</result>\nSo the tool says 42, and the answer is 41.", "42", 0.0),
        # a verdict in another language
        ("$\\boxed{\\text{Sí}}$", "Yes", 1.0),
        ("$\\boxed{\\text{Нет}}$", "No", 1.0),
        ("$\\boxed{是}$", "Yes", 1.0),
        ("$\\boxed{\\text{Нет}}$", "Yes", 0.0),
        ("$\\boxed{\\text{Nein}}$", "Yes", 0.0),
        # a key setting a variable equal to a square-bracketed list lists its values (a program's list of roots)
        ("$\\boxed{x = -2 \\text{ or } x = -1}$", "x = [-1, -2]", 1.0),
        ("$\\boxed{x = \\pm \\frac{9}{2}}$", "x = [-9 / 2, 9 / 2]", 1.0),
        ("$\\boxed{-5, 1, 5}$", "x = [1, 5, -5]", 1.0),
        ("$\\boxed{x = -2}$", "x = [-1, -2]", 0.0),
        ("$\\boxed{-1, -2, 3}$", "x = [-1, -2]", 0.0),
        ("$\\boxed{x \\in [1, 3]}$", "x = [1, 3]", 0.0),
    ],
)
def test_stop24_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop24_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("fallback", "_CHECK_TAIL_RE", "'\\ncheck: ab' * (n // 10)"),
            ("fallback", "_CHECK_TAIL_RE", "'. check:' * (n // 8)"),
            ("fallback", "_CHECK_TAIL_RE", "'check: ' + 'a\\n' * n"),
            ("laststate", "_PLAIN_MATH_RE", "'sin ' * (n // 4)"),
            ("laststate", "_PLAIN_MATH_RE", "'x +' * (n // 3)"),
            ("normalize", "_UNDERSCORE_MIXED", "'1_' * (n // 2)"),
            ("normalize", "_COMBINATORICS", "' ' * n + 'C'"),
            ("laterbox", "_FINAL_BEFORE_BOX_RE", "'. final answer ' * (n // 15)"),
            ("laterbox", "_FINAL_BEFORE_BOX_RE", "'.' + ' ' * n"),
            ("laterbox", "_CONCLUDED_BEFORE_BOX_RE", "'; therefore ' * (n // 12)"),
            ("sentences", "_TRAILING_NOTE_RE", "'(' * n"),
            ("sentences", "_TRAILING_NOTE_RE", "' (a)' * (n // 4)"),
            ("boxes", "_PLACEHOLDER_RE", "' ' * n + 'x'"),
            ("extract", "_END_WORD_RE", "' ' * n + 'x'"),
            ("fallback", "_SIGN_WORD_BEFORE_RE", "'a ' + ' ' * n + '-'"),
            ("cleanup", "_REPEATED_LETTER_RE", "'\\n' + ' ' * n"),
            ("normalize", "_INLINE_PAIR_RE", "'\\\\(' * (n // 2)"),
            ("normalize", "_PARTIAL_RE", "'\\\\frac{' * (n // 6)"),
            ("cleanup", "_RESULT_AT_END_RE", "'<result>' * (n // 8)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # a decimal against a non-terminating value is never off by half a unit or more, however close relatively
        ("The area is $10^7\\pi$... numerically $\\boxed{31415940.0}$", "10^7\\pi", "", 0.0),
        ("\\boxed{3333335.0}", "\\frac{10000000}{3}", "", 0.0),
        ("\\boxed{3333333.3}", "\\frac{10000000}{3}", "", 1.0),
        ("\\boxed{3.141593}", "\\pi", "", 1.0),
        # a box said to be wrong, or negated, answers nothing
        ("\\boxed{5} is wrong.", "5", "", 0.0),
        ("The answer is not \\boxed{5}.", "5", "", 0.0),
        ("It isn't $\\boxed{5}$.", "5", "", 0.0),
        ("\\boxed{5}? No, that can't be right.", "5", "", 0.0),
        ("\\boxed{5}\n\nHmm, that's wrong.", "5", "", 0.0),
        ("It's not hard: \\boxed{5}", "5", "", 1.0),
        ("\\boxed{5}, which is not wrong.", "5", "", 1.0),
        ("\\boxed{5}. That's the answer.", "5", "", 1.0),
        # another value after the box
        ("\\boxed{5}\n\nAlso 6 works.", "5", "", 0.0),
        ("\\boxed{5}\n\n\n\n6", "5", "", 0.0),
        ("\\boxed{5}\n\n5", "5", "", 1.0),
        # the fallback reads a list whole, and no endless list
        ("The possible values are 3, 4, 5.", "5", "", 0.0),
        ("The possible values are 3, 4, 5.", "3, 4, 5", "", 1.0),
        ("We need to check 3, 4 and 5.", "5", "", 0.0),
        ("So n is 4, 5, ...", "5", "", 0.0),
        ("In 2023, 45 people came.", "45", "", 1.0),
        ("The total is 1,234,567.", "1234567", "", 1.0),
        # "5+" is five or more
        ("The answer is 5+ apples.", "5", "", 0.0),
        ("Final answer: 5+", "5", "", 0.0),
        ("The answer is 2+x.", "2+x", "", 1.0),
        # two math spans side by side after a marker are two values
        ("Final answer: $5$ $6$", "5", "", 0.0),
        ("The answer is $5$ / $6$", "5", "", 0.0),
        ("The answer is $5$ ($5.0$)", "5", "", 1.0),
        # an operation written, not done, on the question's own numbers restates the question
        ("\\boxed{\\gcd(36,84)}", "12", "Find $\\gcd(84, 36)$.", 0.0),
        ("\\boxed{\\log_2(1024)}", "10", "Find $\\log_2 1024$.", 0.0),
        ("\\boxed{\\lfloor\\sqrt{50}\\rfloor}", "7", "What is the value of $\\lfloor \\sqrt{50} \\rfloor$?", 0.0),
        ("\\boxed{\\frac{2^{20}}{1}}", "1048576", "Compute $2^{20}$.", 0.0),
        ("\\boxed{\\frac{1}{6}+\\frac{3}{4}}", "\\frac{11}{12}", "Compute $\\frac{3}{4}+\\frac{1}{6}$.", 0.0),
        ("\\boxed{\\sqrt{8}\\cdot\\sqrt{2}}", "4", "What is $\\sqrt{2}\\cdot\\sqrt{8}$?", 0.0),
        ("\\boxed{12}", "12", "Find $\\gcd(84, 36)$.", 1.0),
        ("\\boxed{\\frac{11}{12}}", "\\frac{11}{12}", "Compute $\\frac{3}{4}+\\frac{1}{6}$.", 1.0),
        ("\\boxed{\\frac{1}{2}}", "0.5", "A coin has 2 sides and 1 is heads. Probability?", 1.0),
        ("\\boxed{2^{10}}", "1024", "A set has 10 elements. How many subsets?", 1.0),
        # the value written with the chosen letter must be the question's option of that letter
        ("The answer is (C) 4.", "C", "Which of the following is prime? (A) 4 (B) 6 (C) 7", 0.0),
        ("\\boxed{C: 9}", "C", "Which of the following is prime? (A) 4 (B) 6 (C) 7", 0.0),
        ("The answer is (C) 7.", "C", "Which of the following is prime? (A) 4 (B) 6 (C) 7", 1.0),
        ("The answer is (C).", "C", "Which of the following is prime? (A) 4 (B) 6 (C) 7", 1.0),
        ("The answer is (B) 12 apples.", "B", "How many? A. 10 apples B. 12 apples C. 14 apples", 1.0),
        ("The answer is (B) 13.", "B", "How many?\nA. $10$\nB. $12$\nC. $14$", 0.0),
        ("The answer is (B) \\frac{1}{2}.", "B", "Find p. (A) 1/3 (B) 0.5 (C) 2", 1.0),
        ("The answer is (C) 4.", "C", "", 1.0),  # no question: nothing to check the value against
    ],
)
def test_red_team_stop24_classes(completion: str, gold: str, question: str, want: float) -> None:
    assert math_answer(completion, {"reference": gold, "question": question}).outcome == want


def test_red_team_stop24_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("laterbox", "_NOT_BEFORE_BOX_RE", "'not' + ' ' * n"),
            ("laterbox", "_STRAY_VALUE_RE", "'\\n' + ' ' * n + '5'"),
            ("disowning", "DISOWNED_RE", "' ' * n + 'x'"),
            ("disowning", "DISOWNED_RE", "'that ' * (n // 5)"),
            ("revisions", "_ALSO_RE", "'also 5' * (n // 6)"),
            ("fallback", "_LIST_BEFORE_RE", "'1, ' * (n // 3)"),
            ("fallback", "_LIST_AFTER_RE", "' ' * n + ','"),
            ("extract", "_PLUS_BOUND_RE", "'1' * n"),
            ("extract", "_TWO_SPANS_RE", "'$1$' * (n // 3)"),
            ("question", "_OPERATION_RE", "'\\\\gcd' * (n // 4)"),
            ("question", "_NOTATION_RE", "'\\\\frac' * (n // 5)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the fallback's number, disowned in the next sentence, given up on, doubted or only planned
        ("We get 55. That is wrong though.", "55", 0.0),
        ("The sum is 1+2+3+...+10 = 55. But that's not what is asked.", "55", 0.0),
        ("I give up after 5 attempts.", "5", 0.0),
        ("I am 5% confident.", "5", 0.0),
        ("Let me think about the 5 cases", "5", 0.0),
        ("So she has 5 apples.", "5", 1.0),
        ("Let me verify: 2 + 3 = 5.", "5", 1.0),
    ],
)
def test_fallback_disowned_stop24(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_fallback_stop24_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("doubts", "_CONFIDENCE_AFTER_RE", "' ' * n + 'x'"),
            ("doubts", "_GAVE_UP_RE", "'give ' * (n // 5)"),
            ("doubts", "_PLAN_RE", "' ' * n + 'x'"),
            ("disowning", "DISOWNED_RE", "'not ' * (n // 4)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the answer on the lines under its marker: a display block, a list's item; several items are a hedge
        ("**Final Answer**\n$$\n\\frac{1}{2}\n$$", "1/2", 1.0),
        ("The answer is:\n\\[\n\\frac{1}{2}\n\\]", "1/2", 1.0),
        ("Answer:\n1. 12", "12", 1.0),
        ("Answer:\n1. 12", "1", 0.0),
        ("Final answer:\n- 5", "5", 1.0),
        ("Final answer:\n- 5", "-5", 0.0),
        ("The answer is:\n\n1. 5\n2. 6", "5", 0.0),
        ("The answer is:\n* 5\n* 6", "6", 0.0),
        ("Final answer:\n\n- Case n even: 5\n- Case n odd: 6", "5", 0.0),
        ("The answer is 3.\n\n**Final Answer**\n$$\n4\n$$", "4", 0.0),  # two answers after markers
        ("The answer is:\n\n- x = 5\n- y = 6", "x=5, y=6", 1.0),  # items naming different unknowns: one answer
        ("The answer is:\n\n- x = 5\n- x = 6", "x=5", 0.0),
        # a marker in a sentence that only supposes an answer commits to nothing
        ("Suppose the answer is 5. Then 5*2=10 \\neq 12, contradiction. So it must be 6.", "5", 0.0),
        ("Suppose the answer is 5. Then 5*2=10 \\neq 12, contradiction. So it must be 6.", "6", 1.0),
        ("One might think the answer is 12. Including the 5 we get 24.", "12", 0.0),
        ("If you add them, the answer is 5.", "5", 1.0),
        # a later paragraph that takes the answer back for another value
        ("The answer is 55.\n\nCorrection: 66.", "55", 0.0),
        ("#### 55\n\nActually the number of terms was 11, so 66.", "55", 0.0),
        ("We find the answer is $\\boxed{55}$ at first glance.\n\nHowever, re-checking, we must include 11, giving 66.",
         "55", 0.0),
        ("\\boxed{55}\n\nWait, let me double check: 10*11/2 = 55. Yes, the answer is 55.", "55", 1.0),
        ("The answer is 55. However, note that 55 = 10*11/2.", "55", 1.0),
        # an operation on the stated number, or a pointer to where the answer is, is not the number
        ("The answer is the square of 5.", "5", 0.0),
        ("The answer is 10 halved.", "10", 0.0),
        ("The answer is 5.4 rounded down.", "5.4", 0.0),
        ("\\boxed{5} squared.", "5", 0.0),
        ("We found $x=7$ above.\n\nThe answer is given by (2).", "2", 0.0),
        ("Step 1: 2+3 = 5.\nStep 2: 5*2 = 10.\nThe answer is the result of step 1.", "1", 0.0),
        ("The answer is 25, the square of 5.", "25", 1.0),
        ("The answer is 13, rounded to the nearest whole number.", "13", 1.0),
        # a root's or a power's digit before a fraction is no mixed number
        ("$\\boxed{\\sqrt2\\frac12}$", "\\sqrt{\\frac52}", 0.0),
        ("$\\boxed{\\sqrt2\\frac12}$", "\\frac{\\sqrt2}{2}", 1.0),
        ("$\\boxed{3\\frac12}$", "3.5", 1.0),
        # negations and bounds in Japanese, Korean, Turkish, Russian, Chinese
        ("答えは55ではありません。", "55", 0.0),
        ("Cevap 55 değil.", "55", 0.0),
        ("答案至少是 55", "55", 0.0),
        ("Ответ: не меньше 55", "55", 0.0),
        ("答えは55です。", "55", 1.0),
        ("Ответ: 55", "55", 1.0),
        ("Cevap 55.", "55", 1.0),
        # an answer put as a question, or followed by another lone value
        ("\\boxed{5}?", "5", 0.0),
        ("<answer>5</answer>?", "5", 0.0),
        ("<answer>5 </answer> 6", "5", 0.0),
        ("<answer>5</answer> 5", "5", 1.0),
        ("So, the correct answer is:\n\nB. $4,500", "B", 1.0),
        # a conclusion word and "the answer is" before the last box
        ("Lemma: f(1)=\\boxed{3}. Therefore the answer is \\boxed{24}.", "24", 1.0),
        ("\\boxed{3} or therefore the answer is \\boxed{4}", "4", 0.0),
    ],
)
def test_red_team_round2_stop24(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_red_team_round2_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("extract", "_HYPOTHETICAL_BEFORE_RE", "'suppose ' * (n // 8)"),
            ("markers", "_LIST_ITEM_RE", "' ' * n + 'x'"),
            ("markers", "_DISPLAY_OPEN_RE", "' ' * n + 'x'"),
            ("markers", "_LABELLED_ITEM_RE", "'x' * n"),
            ("revisions", "_LATER_REVISION_RE", "'wait ' * (n // 5)"),
            ("revisions", "_CONCLUDED_END_RE", "'so 1 ' * (n // 5)"),
            ("revisions", "_CONCLUDED_END_RE", "'=' + ' ' * n + '1x'"),
            ("revisions", "TRANSFORMED_AFTER_RE", "' ' * n"),
            ("sentences", "_OPERATED_RE", "'1 ' * (n // 2)"),
            ("sentences", "_REFERENCE_RE", "' ' * n"),
            ("revisions", "_QUESTION_AFTER_RE", "' ' * n"),
            ("revisions", "_LONE_VALUE_AFTER_RE", "' 1' * (n // 2)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "or" and "could also be" in Korean and Chinese: two values
        ("처음부터 다시 받으면 100분, 재시작 20분이 걸립니다. 정답: 100분 또는 160분", "160", 0.0),
        ("三项合计 204 + 160 + 330。答案是694美元，也可能是794美元。", "694", 0.0),
        ("答案是694美元。", "694", 1.0),
        ("정답은 160분입니다.", "160", 1.0),
        ("The answer is O(n).", "O(n)", 1.0),  # (no "o" as Spanish "or")
        # a dollar sign after its amount (French, Canadian): the word dollars, not a math span
        ("Elle gagne donc 9 * 2 = 18 $.\n\nRéponse : Janet gagne 18 $ chaque jour au marché fermier.", "18", 1.0),
        ("Bénéfice = 200 000 $ - 130 000 $ = 70 000 $\n\n**Josh a réalisé un bénéfice de 70 000 $.**", "70000", 1.0),
        ("So $x = 5 $.", "5", 1.0),  # a math span's closing "$" after a space stays one
        # thin-space thousands in the fallback; phrases of circumstance in French and German
        ("We have 3 000 people.", "3000", 1.0),
        ("Par conséquent, Kylar devra payer 64 $ pour acheter les 16 verres.", "64", 1.0),
        ("Daher befinden sich 15 Liter Wasser in den verbleibenden 24 Litern Getränk.", "15", 1.0),
        # one to twelve in words in other languages, as a whole answer
        ("Man braucht 2 Knäuel blaue und 1 Knäuel weiße Wolle. Die Antwort lautet drei.", "3", 1.0),
        ("Die Antwort lautet drei.", "4", 0.0),
        ("Ответ: три.", "3", 1.0),
        ("$\\boxed{\\text{cinq}}$", "5", 1.0),
        ("$\\boxed{\\_}$", "0", 0.0),
        ("$\\boxed{\\text{once}}$", "11", 0.0),  # English "once", not Spanish eleven
        # Arabic thousands and decimal separators
        ("الإجابة: ٧٠٬٠٠٠", "70000", 1.0),
        ("$\\boxed{٣٫٥}$", "3.5", 1.0),
    ],
)
def test_set59_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_set59_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("cleanup", "_TRAILING_DOLLAR_RE", "'1 ' * (n // 2)"),
            ("forms", "_CIRCUMSTANCE_RE", "'pour ' + 'a ' * (n // 2)"),
            ("forms", "_CIRCUMSTANCE_RE", "'in den ' + 'a ' * (n // 2)"),
            ("fallback", "_LAST_NUM_RE", "'1 000 ' * (n // 6)"),
            ("sentences", "_OR_RE", "'也可能' * (n // 3)"),
        ]
    )
