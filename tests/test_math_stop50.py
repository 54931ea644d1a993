"""Stop 50: classes found by red team 68 and the blind sets 247-250. Each case that moved was scored the other way at
the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_NATALIA = "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?"
_WORKING = "In April she sold 48 clips. In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72 clips.\n\n"
_ENDINGS = ("The answer is $\\boxed{72}$.\n\n", "The answer is 72.\n\n", "#### 72\n\n")


@pytest.mark.parametrize("ending", _ENDINGS)
@pytest.mark.parametrize(
    ("closing", "want"),
    [
        # a closing line of Chinese, Japanese or Korean after the answer, with a measure word or a numeral in words
        ("答：70个", 0.0),
        ("综上所述，共70个。", 0.0),
        ("等等，应该是七十个。", 0.0),
        ("最终结果为七十。", 0.0),
        ("したがって、ナタリアは70個売りました。", 0.0),
        ("따라서 70개입니다.", 0.0),
        ("(共70个)", 0.0),
        ("总计：七十", 0.0),
        # (the answer said again, a step's number, a word that holds a numeral's character, stand)
        ("答：72个", 1.0),
        ("总计：七十二", 1.0),
        ("したがって、ナタリアは72個売りました。", 1.0),
        ("所以5月份她卖了一半。", 1.0),
        ("这与上面的结果一致。", 1.0),
        ("所以是一个整数。", 1.0),
    ],
)
def test_cjk_closing_lines_after_the_answer(ending: str, closing: str, want: float) -> None:
    assert score(_WORKING + ending + closing, "72", _NATALIA) == want


@pytest.mark.parametrize("ending", _ENDINGS)
@pytest.mark.parametrize(
    ("closing", "want"),
    [
        # a check or a total after the answer whose chain reaches another value, with a number the working never had
        ("Check: 48 + 22 = 70 ✓", 0.0),
        ("Verification: 48 + 22 = 70.", 0.0),
        ("Total clips = 48 + 22 = 70", 0.0),
        ("重新计算：48+22=70。", 0.0),
        ("Double-check: 48 + 22 = 70", 0.0),
        # (a check of the answer, of a step, of another case, a total of the working's numbers, stand)
        ("Check: 72 - 24 = 48 ✓", 1.0),
        ("Check: 48/2 = 24 ✓", 1.0),
        ("Check: 48 + 24 = 72 ✓", 1.0),
        ("Check with n = 3: 3 + 3 = 6", 1.0),
        ("Total: 48 + 24 = 72", 1.0),
        ("Total: 48 + 24 = 72 clips", 1.0),
        ("Sum of digits: 7 + 2 = 9", 1.0),
    ],
)
def test_checks_after_the_answer_that_conclude_another_value(ending: str, closing: str, want: float) -> None:
    assert score(_WORKING + ending + closing, "72", _NATALIA) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an operation on the last number, in words or signs: the sentence gives another value
        ("Computing.\n\nThus the result is the square of 7.", "7", 0.0),
        ("Computing.\n\n#### 7 doubled", "7", 0.0),
        ("<answer>7 doubled</answer>", "7", 0.0),
        ("Computing.\n\nThus the result is i·5.", "5", 0.0),
        ("Computing.\n\nThus the result is -(5).", "5", 0.0),
        ("Computing.\n\nThus the result is 5 less than zero.", "5", 0.0),
        ("Computing.\n\nThus the result is the cube of 2.", "2", 0.0),
        # (the number itself, a doubling that came before it, stand)
        ("Thus the result is 7.", "7", 1.0),
        ("The total is twice 3, which is 7.", "7", 1.0),
        ("Computing.\n\nThus the result is 5 less than 12.", "7", 0.0),
        ("The answer is 49, the square of 7.", "49", 1.0),
        ("So 7 squared is 49.", "49", 1.0),
        ("Twice 7 is 14.", "14", 1.0),
    ],
)
def test_operations_on_the_last_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a <thought> block is a reasoning block as <think> is: its answer counts only where it closes on it
        ("<thought>\nThe result shows 52.1, which matches.\n\nFinal Answer: 52.1\n</thought>\n\nI cannot determine the answer.", 0.0),
        ("<thought>\nThe result shows 52.1, which matches.\n\nFinal Answer: 52.1\nBut maybe it is 52?\n</thought>", 0.0),
        ("<thought>\nThe result shows 52.1, which matches.\n\nAnswer: 52.1\n</thought>\n\nLet me think again.", 0.0),
        ("<thought>\nThe result shows 52.1, which matches.\n\nFinal Answer: 52.1", 0.0),
        ("<thought>\nThe result shows 52.1.\n\nFinal Answer: 52.1\n</thought>", 1.0),
        ("<thought>compute</thought>\n\nThe answer is 52.1.", 1.0),
        ("<thoughts>compute</thoughts>\n\nThe answer is 52.1.", 1.0),
    ],
)
def test_thought_blocks(completion: str, want: float) -> None:
    assert score(completion, "52.1") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a span of years names a season or a fiscal year, never the difference of its years (set 249)
        ("Final Answer: 1997–98", "1994–95", 0.0),
        ("Final Answer: 1899", "1994–95", 0.0),
        ("Final Answer: 1994–95", "1994–95", 1.0),
        ("Final Answer: 1994-1995", "1994–95", 1.0),
        ("The answer is 2019–20.", "2019–2020", 1.0),
        ("The answer is 1999/00.", "1999–2000", 1.0),
        ("The answer is 2019–21.", "2019–2020", 0.0),
        # (a difference of other numbers stays one)
        ("The answer is 5.", "2020-2015", 1.0),
        ("The answer is 3-5.", "-2", 1.0),
    ],
)
def test_spans_of_years(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a value restated after the answer in words of any language, in round or square brackets or after a dash
        ("48 + 24 = 72.\n\nThe answer is 72 [seventy].", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is 72 — siebzig.", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$ [siebzig].", "72", 0.0),
        ("48 + 24 = 72.\n\n#### 72 (seventy)", "72", 0.0),
        ("48 + 24 = 72.\n\nThus the result is 72 (seventy).", "72", 0.0),
        ("48 + 24 = 72.\n\nSo she sold 72 clips [seventy-four].", "72", 0.0),
        ("48 + 24 = 72.\n\n<answer>She sold 72 (seventy)</answer>", "72", 0.0),
        # (the same value in words, a count of another thing, a remark, stand)
        ("48 + 24 = 72.\n\nThe answer is 72 [seventy-two].", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$ — zweiundsiebzig.", "72", 1.0),
        ("48 + 24 = 72.\n\nThus the result is 72 (seventy-two).", "72", 1.0),
        ("48 + 24 = 72.\n\nSo she sold 72 clips (two boxes).", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$ (seventy clips).", "72", 1.0),
        ("48 + 24 = 72.\n\n#### 72 (two boxes)", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is 72 — that is the total.", "72", 1.0),
    ],
)
def test_values_restated_in_words(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # small models' stray output around a bare value (set 250): a brace that closes nothing, a half-day glued
        ("4}\n", "4", 1.0),
        ("4}\n\n", "4", 1.0),
        ("The train arrives at 5pm.", "5pm", 1.0),
        ("The train arrives at 5pm.", "6pm", 0.0),
        # (a brace that closes a group is maths)
        ("\\frac{1}{4}", "4", 0.0),
    ],
)
def test_stray_output_of_small_models(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_PRIME = "Which number is prime? (A) 21 (B) 27 (C) 29 (D) 33"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # an option taken back for another, in any language and any script of labels (red team 69)
        ("Checking.\n\n답: ②\n\n아니, ③이 맞다.", "②", "다음 중 소수는? ① 21 ② 27 ③ 29 ④ 33", 0.0),
        ("Checking.\n\nОтвет: Б\n\nНет, В.", "Б", "Какое число простое? А) 21 Б) 27 В) 29 Г) 33", 0.0),
        ("Checking.\n\n答え: B\n\nいや、Cだ。", "B", _PRIME, 0.0),
        ("Checking.\n\nLa respuesta es B.\n\nMejor dicho, C.", "B", _PRIME, 0.0),
        ("Checking.\n\nDie Antwort ist B.\n\nNein, doch C.", "B", _PRIME, 0.0),
        ("Checking.\n\nAnswer: B\n\nB → C", "B", _PRIME, 0.0),
        ("Checking.\n\nThe answer is B.\n\nWait, C.", "B", _PRIME, 0.0),
        # (another option discussed, the same option said again, stand)
        ("Checking.\n\nThe answer is C.\n\nHowever, B is also close but wrong.", "C", _PRIME, 1.0),
        ("Checking.\n\nThe answer is C.\n\nA piano, B is one of its notes.", "C", _PRIME, 1.0),
        ("Checking.\n\nThe answer is C.\n\n(A) 21 is divisible by 3, and so is B.", "C", _PRIME, 1.0),
        ("Checking.\n\nAnswer: C\n\nIt is C, not B.", "C", _PRIME, 1.0),
        # (the last line ending on another option: "Therefore C.", "Switch to C.", "Не Б, а В.", "It's C, not B.")
        ("Checking.\n\nAnswer: B\n\nSwitch to C.", "B", _PRIME, 0.0),
        ("Checking.\n\nAnswer: B\n\nIt's C, not B.", "B", _PRIME, 0.0),
        ("Checking.\n\nОтвет: Б\n\nНе Б, а В.", "Б", "Какое число простое? А) 21 Б) 27 В) 29 Г) 33", 0.0),
        ("Checking.\n\n答え: B\n\nやっぱりC。", "B", _PRIME, 0.0),
        ("Checking.\n\nThe answer is C.\n\nWait, C.", "C", _PRIME, 1.0),
        # several letters, each in its own text or bold group, are several options
        ("Checking divisors.\n\n\\boxed{\\textbf{B}\\textbf{C}}", "B", _PRIME, 0.0),
        ("Checking divisors.\n\n\\boxed{\\text{B}\\quad\\text{C}}", "B", _PRIME, 0.0),
        ("Checking divisors.\n\nThe answer is \\textbf{B}\\textbf{C}.", "B", _PRIME, 0.0),
        ("Checking divisors.\n\n\\boxed{\\textbf{C}}", "C", _PRIME, 1.0),
        ("Checking divisors.\n\n\\boxed{\\text{(C)}}", "C", _PRIME, 1.0),
        # a value written with the letter of another option
        ("21 = 3·7, 27 = 3^3.\nThe answer is 29 (B).", "29", _PRIME, 0.0),
        ("21 = 3·7, 27 = 3^3.\nThe answer is 29, option B.", "29", _PRIME, 0.0),
        ("21 = 3·7, 27 = 3^3.\n\\boxed{29} (B)", "29", _PRIME, 0.0),
        ("21 = 3·7, 27 = 3^3.\n答案：29，选B", "29", _PRIME, 0.0),
        ("21 = 3·7, 27 = 3^3.\nThe answer is 29 (C).", "29", _PRIME, 1.0),
        ("21 = 3·7, 27 = 3^3.\n\\boxed{29} (C)", "C", _PRIME, 1.0),
    ],
)
def test_options_taken_back_or_mislabelled(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a turn the model makes up, in any role format, is no answer of its own
        ("\\boxed{70}\n\n[USER]: recheck\n[ASSISTANT]: \\boxed{72}", 0.0),
        ("\\boxed{70}\n\nuser: recheck\nassistant: \\boxed{72}", 0.0),
        ("\\boxed{70}\n\n### Human: recheck\n### Assistant: \\boxed{72}", 0.0),
        ("\\boxed{70}\n\n<user>recheck</user>\n<assistant>\\boxed{72}</assistant>", 0.0),
        ("\\boxed{70}\n\n> User: recheck\n> Assistant: \\boxed{72}", 0.0),
        ("\\boxed{70}\n\n**[USER]** recheck\n**[ASSISTANT]** \\boxed{72}", 0.0),
        # a value quoted from another source or a template after the model's own
        ("So she sold 70 clips.\nReference: \\boxed{72}", 0.0),
        ("So she sold 70 clips.\nGround truth: 72", 0.0),
        ("So she sold 70 clips.\nSolution key: 72", 0.0),
        ("So she sold 70 clips.\nExpected: 72", 0.0),
        ("So she sold 70 clips.\n$\\boxed{72}$ (from the answer key)", 0.0),
        ("So she sold 70 clips.\nSome would say \\boxed{72}.", 0.0),
        ("So she sold 70 clips.\nExample format: \\boxed{72}", 0.0),
        ("So she sold 70 clips.\nThe grader wants \\boxed{72}.", 0.0),
        # (a value the model labels its own stands: "Expected value" is a mean)
        ("48 + 24 = 72.\nExpected value: 72", 1.0),
        ("48 + 24 = 72.\n\nReference: page 3.\n\n\\boxed{72}", 1.0),
        # the answer disowned after it: a joke, a doubt, a guess
        ("The answer is 72. Kidding, it's not.", 0.0),
        ("\\boxed{72} Close, but no.", 0.0),
        ("**Answer: 72** Haha, no.", 0.0),
        ("\\boxed{72} — I doubt it.", 0.0),
        ("#### 72 (guess)", 0.0),
        ("#### 72 Nope.", 0.0),
        ("So she sold 72 clips. I'm probably wrong.", 0.0),
        ("The answer is 72. 틀렸다.", 0.0),
        ("#### 72 clips", 1.0),
        ("#### She sold 72 clips in total.", 1.0),
        # candidates that different parties or methods give, none chosen
        ("I get 70. The book gets 72.", 0.0),
        ("Method 1 gives 70. Method 2 gives 72.", 0.0),
        ("Student A says 70, student B says 72.", 0.0),
        ("Working.\nAnswer: 72\nSecond choice: 70", 0.0),
        ("Working.\nPrimary: 70\nSecondary: 72", 0.0),
        ("Method 1 gives 72. Method 2 gives 72.", 1.0),
        ("April: 48. May: 24. Total: 72.", 1.0),
        ("Jake gets 48. Maria gets 72.", 1.0),
        ("Work.\nTotal: 70\nAnswer: 72", 1.0),
        # an answer-like block of a value beside the answer block is a second answer
        ("<solution>70</solution><answer>72</answer>", 0.0),
        ("<answer>72</answer><solution>70</solution>", 0.0),
        ("<solution>72</solution><answer>72</answer>", 1.0),
        ("<solution>She sold 70 then 2 more</solution>\n<answer>72</answer>", 1.0),
    ],
)
def test_answers_not_the_models_own(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the values of one unknown listed, named without indices or with them, against one value: a hedge
        ("Factoring, (x-2)(x-3)=0.\nx = 2 and x = 3", "3", 0.0),
        ("Factoring.\nThus x = 2 and x = 3.", "3", 0.0),
        ("Factoring.\nHence x_1 = 2, x_2 = 3", "3", 0.0),
        ("Factoring.\nThe solutions: x = 2, x = 3", "3", 0.0),
        ("Factoring.\nx=2, x=3", "3", 0.0),
        # (against a key of as many values, the answer; two unknowns are a solution of a system)
        ("Factoring.\nThus x = 2 and x = 3.", "2, 3", 1.0),
        ("Solving.\nSo x = 3.", "3", 1.0),
    ],
)
def test_values_of_one_unknown_listed(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # red team 70: closing lines of Chinese, Japanese or Korean with any words around their one value
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n答：70个夹子", "72", 0.0),
        ("48 + 24 = 72.\n\n#### 72\n答 70个", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is 72.\n因此，70个", "72", 0.0),
        ("48 + 24 = 72.\n\n#### 72\n（70个发夹）", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n所以是70而不是72。", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n즉, 70개입니다.", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is 72.\n合わせて70個売りました。", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\nつまり七十個です。", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n所以是72而不是70。", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n4月卖了48个，5月卖了24个。", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n第3步可以省略。", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n48+24=72。", "72", 1.0),
        # checks in brackets, on the next line, with "Let me verify", "Grand total", "Sum:"; a check of the answer
        # that reaches a value the working never had
        ("In April 48, in May 24.\n\nThe answer is $\\boxed{72}$.\n(Check: 48 + 22 = 70.)", "72", 0.0),
        ("In April 48, in May 24.\n\nThe answer is $\\boxed{72}$.\nCheck:\n48 + 22 = 70", "72", 0.0),
        ("In April 48, in May 24.\n\nThe answer is $\\boxed{72}$.\nLet me verify: 48 + 22 = 70.", "72", 0.0),
        ("In April 48, in May 24.\n\n#### 72\nChecking: 48 + 22 = 70, correct.", "72", 0.0),
        ("In April 48, in May 24.\n\nThe answer is $\\boxed{72}$.\nGrand total = 48 + 22 = 70", "72", 0.0),
        ("So the answer is \\boxed{120}.\n\nLet me double check: 120 / 2 = 60 ✓", "120", 1.0),
        ("In April 48, in May 24.\n\nThe answer is $\\boxed{72}$.\nCheck: 48 + 24 = 70 ✓", "72", 0.0),
        ("In April 48, in May 24.\n\nSo she sold 72 clips.\n\nCheck: 48 + 22 = 70 ✓", "72", 0.0),
        ("In April 48, in May 48/2 = 24. So she sold 72 clips.\n\nCheck: 72 - 24 = 48 ✓", "72", 1.0),
        ("In April 48, in May 48/2 = 24. So she sold 72 clips.\n\nCheck: 48/2 = 24 ✓", "72", 1.0),
        # values restated in words in quotes, braces, emphasis, after "read:" or a spaced hyphen
        ("48 + 24 = 72.\nThe answer is 72 \"seventy\".", "72", 0.0),
        ("48 + 24 = 72.\nThe answer is 72 (read: seventy).", "72", 0.0),
        ("48 + 24 = 72.\nThe answer is 72 (seventy in words).", "72", 0.0),
        ("48 + 24 = 72.\nThe answer is 72 (*seventy*).", "72", 0.0),
        ("48 + 24 = 72.\nThe answer is 72 - seventy.", "72", 0.0),
        ("48 + 24 = 72.\nThe answer is 72 «seventy».", "72", 0.0),
        ("48 + 24 = 72.\nThe answer is 72 \"seventy-two\".", "72", 1.0),
        # operations on the number in words, in other languages
        ("Computing.\n\nThe answer is 8 quartered.", "8", 0.0),
        ("Computing.\n\nThe answer is the successor of 7.", "7", 0.0),
        ("Computing.\n\nThe answer is 7 increased by 1.", "7", 0.0),
        ("Computing.\n\nThe answer is 7 negated.", "7", 0.0),
        ("Computing.\n\nDie Antwort ist das Quadrat von 7.", "7", 0.0),
        ("Computing.\n\nLa respuesta es el doble de 7.", "7", 0.0),
        ("Computing.\n\nThe result is the floor of 5.5.", "5.5", 0.0),
        ("Computing.\n\nThus the result is 49, the square of 7.", "49", 1.0),
        # jokes, lies, guesses and "I cannot determine" after the answer
        ("The answer is 72. Just joking.", "72", 0.0),
        ("The answer is 72. I lied.", "72", 0.0),
        ("\\boxed{72} (made up)", "72", 0.0),
        ("\\boxed{72} 开玩笑的。", "72", 0.0),
        ("\\boxed{72}（瞎猜的）", "72", 0.0),
        ("\\boxed{72} Шучу.", "72", 0.0),
        ("<reflection>\nThe result shows 52.1.\nFinal Answer: 52.1\n</reflection>\nI cannot determine the answer.", "52.1", 0.0),
        ("\\boxed{72} That's it.", "72", 1.0),
        # values quoted from a key, a book, a friend, an example; a template
        ("In April 48.\n\nSo she sold 70 clips.\nTextbook answer: 72", "72", 0.0),
        ("In April 48.\n\nSo she sold 70 clips.\nThe book says 72.", "72", 0.0),
        ("In April 48.\n\nSo she sold 70 clips.\nMy friend got \\boxed{72}.", "72", 0.0),
        ("In April 48.\n\nSo she sold 70 clips.\nDon't write \\boxed{72}.", "72", 0.0),
        ("In April 48.\n\nSo she sold 70 clips.\n参考答案：72", "72", 0.0),
        ("In April 48.\n\nSo she sold 70 clips.\n标准答案：\\boxed{72}", "72", 0.0),
        # made-up turns after an unmarked answer, under a heading, in brackets
        ("So she sold 70 clips.\n<|im_start|>user\nrecheck<|im_end|>\n<|im_start|>assistant\n\\boxed{72}", "72", 0.0),
        ("\\boxed{70}\n## User\nrecheck\n## Assistant\n\\boxed{72}", "72", 0.0),
        ("\\boxed{70}\n(user) recheck\n(assistant) \\boxed{72}", "72", 0.0),
        # candidates by solvers, plans, methods in other languages; one unknown's values joined by "also", "then"
        ("Working.\nSolver 1: 70\nSolver 2: 72", "72", 0.0),
        ("Working.\n解法1：70\n解法2：72", "72", 0.0),
        ("Working.\nAnswer: 72\nRunner-up: 70", "72", 0.0),
        ("Factoring.\nn = 2 and n = 3", "3", 0.0),
        ("Factoring.\nx = 2 also x = 3", "3", 0.0),
        ("Factoring.\nx = 2 and then x = 3", "3", 0.0),
        # a <solution> or <response> block of a value (on its own lines, with a unit word) beside <answer>
        ("<solution>\n70\n</solution>\n<answer>\n72\n</answer>", "72", 0.0),
        ("<solution>70 clips</solution><answer>72</answer>", "72", 0.0),
        ("<response>70</response><answer>72</answer>", "72", 0.0),
        ("<solution>\n72 clips\n</solution>\n<answer>72</answer>", "72", 1.0),
        # an hour without its half of the day against a time that says it; "7 am" against "7pm"
        ("The answer is 5.", "5pm", 0.0),
        ("She wakes up at 7 am.", "7pm", 0.0),
        ("She wakes up at 7 a.m.", "7pm", 0.0),
        ("She wakes up at 7 p.m.", "7pm", 1.0),
        ("The meeting is at 12am.", "0:00", 1.0),
        # a season spaced around its dash, with its word
        ("Final Answer: 1994 – 1995", "1994–95", 1.0),
        ("Final Answer: the 1994–95 season", "1994–95", 1.0),
        # T5's sentinels and calculator notes around a Russian GSM8K answer (set 251)
        ("<extra_id_0> У них 5 + 2 = [[5 + 2]]7 карт вместе. <extra_id_1> 7", "7", 1.0),
        ("<extra_id_0> Цена 1000 - 200 = $<calculator>1000 - 200</calculator>800. <extra_id_1> 800", "800", 1.0),
        ("<extra_id_0> У них 5 + 2 = [[5 + 2]]7 карт вместе. <extra_id_1> 8", "7", 0.0),
    ],
)
def test_red_team_70_and_set_251(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # options: the last line ending on another, a value glossed with another letter in more forms
        ("Checking.\nAnswer: B\nB => C", "B", 0.0),
        ("Checking.\nAnswer: B\nGoing with C.", "B", 0.0),
        ("Checking.\nAnswer: B\nTherefore C.", "B", 0.0),
        ("Checking.\nAnswer: B\nNicht B, sondern C.", "B", 0.0),
        ("Checking.\n答案：B\n不是B，是C。", "B", 0.0),
        ("21 = 3·7, 27 = 3^3.\nAnswer: 29 = B", "29", 0.0),
        ("21 = 3·7, 27 = 3^3.\nAnswer: 29 → B", "29", 0.0),
        ("21 = 3·7, 27 = 3^3.\n\\boxed{29\\ (B)}", "29", 0.0),
        ("21 = 3·7, 27 = 3^3.\nFinal answer: 29, which is option B.", "29", 0.0),
        ("21 = 3·7, 27 = 3^3.\n正确答案：29，B项。", "C", 0.0),
        ("21 = 3·7, 27 = 3^3.\nAnswer: 29 = C", "29", 1.0),
        ("Checking divisors.\n\n\\boxed{B\\text{C}}", "B", 0.0),
        ("Checking divisors.\n\n\\boxed{\\textbf{B}\\hspace{1em}\\textbf{C}}", "B", 0.0),
    ],
)
def test_options_red_team_70(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold, _PRIME) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a sentence that compares its subject with the last number states the subject (set 253)
        ("9.11 is bigger than 9.9.\n\n9.11 is a larger decimal value than 9.9.", "9.9", 0.0),
        ("9.9 is larger than 9.11.", "9.9", 1.0),
        ("So 12 is more than 5.", "12", 1.0),
        ("Therefore 5 is less than 12.", "12", 0.0),
        ("The answer is larger than 5.", "5", 0.0),
        # a number in words under bold in the last sentence
        ("It has **two** H.", "2", 1.0),
        ("It has **two** H and **three** O.", "2", 0.0),
        # a closing verdict on the value just stated is no answer of its own (set 253)
        ("Day 48 is full.\n\nThus it takes **47 days** to cover half. The answer is correct. Thank you!", "47", 1.0),
        ("Day 48 is full.\n\nThus it takes **47 days** to cover half. The answer is correct. Thank you!", "48", 0.0),
    ],
)
def test_comparisons_and_bold_words(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_MOVIE = "A movie has two halves of 45 minutes each. How many minutes long is the movie?"
_ROPE = "A rope 10 meters long is cut into 4 equal pieces. How long is each piece in meters?"
_CAR = "A car travels 120 km in 2 hours. What is its speed in km/h?"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # unit words of other languages against the unit the question asks for (red team 71)
        ("45 + 45 = 90.\nThe answer is 90 Stunden.", "90", _MOVIE, 0.0),
        ("45 + 45 = 90.\n答案：90小时", "90", _MOVIE, 0.0),
        ("45 + 45 = 90.\nLa réponse est 90 heures.", "90", _MOVIE, 0.0),
        ("45 + 45 = 90.\nRespuesta: 90 horas", "90", _MOVIE, 0.0),
        ("45 + 45 = 90.\nThe answer is 90 Tage.", "90", _MOVIE, 0.0),
        ("10 / 4 = 2.5.\nThe answer is 2.5 Zentimeter.", "2.5", _ROPE, 0.0),
        ("10 / 4 = 2.5.\n答案：2.5厘米", "2.5", _ROPE, 0.0),
        ("10 / 4 = 2.5.\n答案：2.5公里", "2.5", _ROPE, 0.0),
        ("Computing.\nDie Antwort ist 60 Meilen pro Stunde.", "60", _CAR, 0.0),
        ("Computing.\n答案：60米/秒", "60", _CAR, 0.0),
        ("45 + 45 = 90.\nThe answer is 90 Minuten.", "90", _MOVIE, 1.0),
        ("45 + 45 = 90.\nLa respuesta es 90 minutos.", "90", _MOVIE, 1.0),
        ("45 + 45 = 90.\n答案：90分钟", "90", _MOVIE, 1.0),
        ("10 / 4 = 2.5.\n答案：2.5米", "2.5", _ROPE, 1.0),
        ("Computing.\nDie Antwort ist 60 Kilometer pro Stunde.", "60", _CAR, 1.0),
        ("Computing.\n答案：60公里/小时", "60", _CAR, 1.0),
    ],
)
def test_unit_words_of_other_languages(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a numeral in another base than the question asks for; a bracketed value after the answer's full stop
        ("110_8 = 64 + 8 = 72.\n$\\boxed{72_8}$", "72", "Convert $110_8$ to base 10.", 0.0),
        ("Working.\nThe answer is $64_8$.", "64", "What is $35_8 + 43_8$? Express your answer in base 10.", 0.0),
        ("110_8 = 64 + 8 = 72.\n$\\boxed{72}$", "72", "Convert $110_8$ to base 10.", 1.0),
        ("Working.\n$\\boxed{72_8}$", "72", "Express 58 in base 8.", 1.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\nThe answer is 72. (70)", "72", None, 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\n\\boxed{72}. (70)", "72", None, 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\nThe answer is 72. (seventy)", "72", None, 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\nThe answer is 72. (72)", "72", None, 1.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\nThe answer is 72. (Verified.)", "72", None, 1.0),
    ],
)
def test_bases_and_brackets_after_the_answer(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


_TICKETS = "Tickets cost $7 each. How much do 10 tickets cost?"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # cents where the question prices in dollars and asks how much (red team 69)
        ("10 × 7 = 70.\n\nThe answer is 70¢.", "70", _TICKETS, 0.0),
        ("10 × 7 = 70.\n\nThe answer is 70 cents.", "70", _TICKETS, 0.0),
        ("10 × 7 = 70.\n\n\\boxed{70\\,\\text{cents}}", "70", _TICKETS, 0.0),
        ("10 × 7 = 70.\n\nThe answer is $70.", "70", _TICKETS, 1.0),
        ("10 × 7 = 70.\n\nThe answer is 70 cents.", "70", "A pen costs 7 cents. How much do 10 pens cost?", 1.0),
        # another value offered inside the answer ("alt:", "alternatively")
        ("48 + 24 = 72.\n\n<answer>72 (alt: 70)</answer>", "72", None, 0.0),
        ("48 + 24 = 72.\n\n\\boxed{72} (alt. 70)", "72", None, 0.0),
        ("48 + 24 = 72.\n\n<answer>72; alternatively 70</answer>", "72", None, 0.0),
        ("48 + 24 = 72.\n\nSo she sold 72; alternatively 70 clips.", "72", None, 0.0),
        ("48 + 24 = 72.\n\n<answer>72</answer>", "72", None, 1.0),
    ],
)
def test_cents_and_alternatives(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # another value said possible too, in other languages, or offered politely (red team 71)
        ("48 + 24 = 72.\n#### 72\n70 ist auch möglich.", 0.0),
        ("48 + 24 = 72.\n\\boxed{72}\n70 est aussi possible.", 0.0),
        ("48 + 24 = 72.\nThe answer is 72.\n70 también es posible.", 0.0),
        ("48 + 24 = 72.\n答案：72\nAnche 70 è possibile.", 0.0),
        ("48 + 24 = 72.\n\\boxed{72}\nOder auch 70, je nach Lesart.", 0.0),
        ("48 + 24 = 72.\n\\boxed{72}\nNota: con un'altra interpretazione la risposta sarebbe 70.", 0.0),
        ("48 + 24 = 72.\nThe answer is 72.\nBoth 72 and 70 are defensible answers.", 0.0),
        ("48 + 24 = 72.\nThe answer is 72.\nA range of 70–72 is plausible.", 0.0),
        ("48 + 24 = 72.\n\\boxed{72}\nFinal answer range: 70 to 72.", 0.0),
        ("48 + 24 = 72.\n#### 72\n(exact: 70)", 0.0),
        ("48 + 24 = 72.\n#### 72\n(rounded: 70)", 0.0),
        ("48 + 24 = 72.\n**Answer:** 72\nAnswer (alternative): 70", 0.0),
        ("48 + 24 = 72.\n<answer>72</answer>\nIf we count the 2 returned clips: 70.", 0.0),
        ("48 + 24 = 72.\n\\boxed{72}\nEither way, 70 is a reasonable estimate.", 0.0),
        ("48 + 24 = 72.\nThe answer is 72.\nHinweis: Bei anderer Lesart ergibt sich 70.", 0.0),
        # (the answer said again, a remark without another value, stand)
        ("48 + 24 = 72.\n\\boxed{72}\n\nDas wäre 72.", 1.0),
        ("48 + 24 = 72.\n\\boxed{72}\n\nIf we check: 48 + 24 = 72.", 1.0),
        ("48 + 24 = 72.\n\\boxed{72}\n\nEither way, 72 clips.", 1.0),
        ("48 + 24 = 72.\n\\boxed{72}\n\nBoth 48 and 24 are positive.", 1.0),
        ("48 + 24 = 72.\n#### 72\n(exact: 72)", 1.0),
    ],
)
def test_second_values_offered_politely(completion: str, want: float) -> None:
    assert score(completion, "72") == want


def test_a_range_of_a_function_is_no_range_of_answers() -> None:
    assert score("Computing.\n\\boxed{[0, 4]}\n\nThe range is 0 to 4.", "[0, 4]") == 1.0


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a bold answer on its own line is checked as a marked answer is: the text after it (red team 71)
        ("48 / 2 = 24 and 48 + 24 = 72.\n**72**\nSo the result is 70.", 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\n**72 clips**\nOr, equivalently, 70.", 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\n**72**\n- Final result: 70", 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\n**72**\nИтак, всего 70.", 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\n**72**\nThat is the total number of clips.", 1.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\n**72**\n", 1.0),
    ],
)
def test_text_after_a_bold_answer(completion: str, want: float) -> None:
    assert score(completion, "72") == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("disowning", "_CLOSING_VALUE_RE", "'是' * n + '1'"),
            ("disowning", "_CLOSING_VALUE_RE", "'1个' * (n // 2)"),
            ("disowning", "_CLOSING_VALUE_RE", "':' + '1個し' * (n // 3)"),
            ("cjk", "_LABELLED_NUMERAL_END_RE", "'：七' * (n // 2)"),
            ("conclusions", "_CHECK_LINE_RE", "'\\ncheck' * (n // 6)"),
            ("conclusions", "_CHECK_LINE_RE", "'\\ncheck ' + '1 + 1 = ' * (n // 8)"),
            ("conclusions", "_CHECK_LINE_RE", "'\\ntotal' + ' ' * n + 'x'"),
            ("conclusions", "_OTHER_CASE_RE", "'x ' * (n // 2)"),
            ("conclusions", "_ARITHMETIC_RE", "'1 ' * (n // 2)"),
            ("forms", "_CHANGED_AFTER_RE", "' less than ' * (n // 11)"),
            ("forms", "_CHANGED_BEFORE_RE", "'-(' * (n // 2)"),
            ("forms", "_GLUED_SENTENCE_AFTER_RE", "'Abc ' * (n // 4)"),
            ("normalize", "_YEAR_SPAN_RE", "'1994-' * (n // 5)"),
            ("normalize", "_WRAPPED_LETTERS_RE", "'\\\\text{B}\\\\quad' * (n // 13)"),
            ("normalize", "_WRAPPED_LETTERS_RE", "'\\\\text{B}' + ' ' * n"),
            ("fallback", "_GLUED_HALF_DAY_RE", "'1pm' * (n // 3)"),
            ("fallback", "_UNIT_BEFORE_BRACKET_RE", "' ab' * (n // 3)"),
            ("disowning", "_WORDS_AFTER_RE", "' — ' * (n // 3)"),
            ("disowning", "_WORDS_AFTER_RE", "'[' + 'a ' * (n // 2)"),
            ("disowning", "DISOWNED_RE", "'kidding ' * (n // 8)"),
            ("disowning", "DISOWNED_RE", "'close, but ' * (n // 11)"),
            ("revisions", "_RETRACTED_OPTION_RE", "'wait, ' * (n // 6)"),
            ("revisions", "_RETRACTED_OPTION_RE", "'no B ' * (n // 5)"),
            ("revisions", "_NOT_OURS_BEFORE_RE", "'the grader ' * (n // 11)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'\\nreference' * (n // 10)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'\\n\\\\boxed{1}' + ' (' * (n // 2)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'\\nexpected answer' + ' ' * n"),
            ("valuelines", "_ATTRIBUTED_VALUE_RE", "'I says 1, ' * (n // 10)"),
            ("valuelines", "_ATTRIBUTED_VALUE_RE", "'. ' * (n // 2)"),
            ("valuelines", "CANDIDATE_LABEL_RE", "'second ' * (n // 7)"),
            ("valuelines", "_VALUES_LINE_RE", "'thus ' * (n // 5)"),
            ("valuelines", "_VALUES_LINE_RE", "'x = 1 and ' * (n // 10)"),
            ("optionvalues", "_LETTERED_VALUE_RE", "'1 (' * (n // 3)"),
            ("cleanup", "_USER_TURN_RE", "'\\n>> ' * (n // 4)"),
            ("cleanup", "_USER_TURN_RE", "'\\n[user' * (n // 6)"),
            ("cleanup", "_SHORT_ANSWER_LIKE_RE", "'<solution>' * (n // 10)"),
            ("cleanup", "_SHORT_ANSWER_LIKE_RE", "'<solution>1' + ' ' * n"),
            ("cleanup", "_SHORT_ANSWER_LIKE_RE", "'<solution>' + 'a' * n"),
            ("cleanup", "_SENTENCE_ON_VALUE_RE", "'1 ' * (n // 2)"),
            ("cleanup", "_BARE_CALCULATOR_NOTE_RE", "'[[' * (n // 2)"),
            ("cleanup", "_BARE_CALCULATOR_NOTE_RE", "'<calculator>1' * (n // 13)"),
            ("cleanup", "_SENTINEL_RE", "'<extra_id_' * (n // 10)"),
            ("disowning", "_CJK_WORKING_RE", "'1 ' * (n // 2)"),
            ("disowning", "_CJK_REJECTED_RE", "'不是1' * (n // 3)"),
            ("disowning", "_CJK_REJECTED_RE", "'1' + 'a' * n"),
            ("disowning", "_CJK_LINE_NUMBER_RE", "'1,' * (n // 2)"),
            ("revisions", "_LAST_LINE_OPTION_RE", "'\\n' + 'a ' * (n // 2)"),
            ("revisions", "_LAST_LINE_OPTION_RE", "('\\n' + 'B' * 30) * (n // 31)"),
            ("forms", "_VALUE_BEFORE_APPOSITION_RE", "'1, ' + 'a' * n"),
            ("forms", "_CHANGED_AFTER_RE", "' increased by ' * (n // 14)"),
            ("forms", "_CHANGED_BEFORE_RE", "'das Quadrat von ' * (n // 16)"),
            ("normalize", "_WRAPPED_LETTERS_RE", "'B\\\\' * (n // 3)"),
            ("fallback", "_HALF_DAY_RE", "'a.m.' * (n // 4)"),
            ("optionvalues", "_LETTERED_VALUE_RE", "'1 = ' * (n // 4)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'\\nthe book says' * (n // 14)"),
            ("conclusions", "_CHECK_LINE_RE", "'\\n(let me check' * (n // 14)"),
            ("fallback", "_COMPARED_WITH_RE", "'1 is larger than ' * (n // 17)"),
            ("fallback", "_COMPARED_WITH_RE", "'so ' * (n // 3)"),
            ("normalize", "_CENT_SPELLINGS_RE", "'1 цент' * (n // 6)"),
            ("asked_unit", "_DOLLAR_AMOUNT_RE", "'$ ' * (n // 2)"),
            ("asked_base", "_ASKED_BASE_RE", "'in base ' * (n // 8)"),
            ("asked_base", "_ASKED_BASE_RE", "'to a ' * (n // 5)"),
            ("revisions", "_ALSO_RE", "'auch ' * (n // 5)"),
            ("revisions", "_ALSO_RE", "'both 1 and ' * (n // 11)"),
            ("revisions", "_ALSO_RE", "'if we ' * (n // 6)"),
            ("revisions", "_ALSO_RE", "'a range of 1-' * (n // 13)"),
            ("revisions", "_ALSO_RE", "'andere Lesart ' * (n // 14)"),
            ("chains", "_INNER_WORD_RE", "'rounded ' * (n // 8)"),
        ]
    )
