"""What stop 33 refuses, from the open findings of the fourth black-box red team (notes/redteam33_findings.jsonl): a
box doubted by a last sentence of doubt alone, withdrawn in brackets, said to fail its own check, taken back in
Chinese or Korean; a box hedged before it ("Presumably", "I'll just write"); a box that a model's own earlier turn
answers otherwise; a stray second ``</think>``; "負5". Each refused case was paid at the commit before this stop; the
cases beside them, which still pay, bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # the text ends on a sentence of doubt alone: the answer was doubted and nothing came after
        ("\\boxed{5}. Never mind.", 0.0),
        ("\\boxed{5}. Not quite.", 0.0),
        ("The answer is \\boxed{5}.\n\nHmm, wait.", 0.0),
        ("\\boxed{5}. Nein, warte.", 0.0),
        ("\\boxed{5}。等等。", 0.0),
        ("Wait, hmm. The answer is \\boxed{5}.", 1.0),
        ("\\boxed{5}. Not quite what I expected, but it checks out.", 1.0),
        ("Hmm, wait. Let me redo it: 2 + 3 = 5, so \\boxed{5}.", 1.0),
        # withdrawn in brackets; "actually wrong" in Chinese, "is wrong" after a Korean topic particle
        ("\\boxed{5} [withdrawn]", 0.0),
        ("\\boxed{5} (void)", 0.0),
        ("\\boxed{5}. 其实不对。", 0.0),
        ("\\boxed{5} 는 틀렸다.", 0.0),
        ("\\boxed{5} [final]", 1.0),
        ("\\boxed{5}은 정답입니다.", 1.0),
        ("\\boxed{5}。其实很简单。", 1.0),
        # said to fail its check: the answer (or its value) is the subject; another root failing is a rejected root
        ("\\boxed{5} doesn't satisfy the equation.", 0.0),
        ("\\boxed{5}\n\nVerification: x=5 gives 11 \\ne 10. So x=5 fails.", 0.0),
        ("x = \\boxed{5}. x = 5 is extraneous.", 0.0),
        ("x = \\boxed{5}. Checking, x = -5 fails since the log is undefined.", 1.0),
        ("x = \\boxed{5}. The other root, x = 2, is extraneous.", 1.0),
        ("x = \\boxed{5}. For n = 5 the naive method fails, so we used the formula.", 1.0),
        ("\\boxed{5} satisfies the equation.", 1.0),
    ],
)
def test_doubt_and_failed_checks_after_a_box(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # hedged in the box's own sentence, before it
        ("Presumably \\boxed{5}.", 0.0),
        ("I can't solve this; I'll just write \\boxed{5}.", 0.0),
        ("\\boxed{5} with 30% confidence", 0.0),
        ("\\boxed{5} with 60% confidence", 1.0),  # (stop 49) even odds or more: the answer stands
        ("The answer is presumably... no, certainly \\boxed{5}.", 1.0),
        ("I solved it; the answer is \\boxed{5}.", 1.0),
        ("\\boxed{5} with 100% confidence", 1.0),
        ("The probability is \\boxed{5} percent with 60% of the trials", 1.0),
    ],
)
def test_hedges_in_the_box_sentence(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the model's own earlier turn, ended on an answer, then another turn of its own: two answers if they differ
        ("The answer is \\boxed{6}.<|im_end|>\n<|im_start|>assistant\nThe answer is \\boxed{5}.", "5", 0.0),
        ("\\boxed{6}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\\boxed{5}", "5", 0.0),
        ("The answer is \\boxed{5}.<|im_end|>\n<|im_start|>assistant\nSo \\boxed{5}.", "5", 1.0),
        # an echoed prompt before the assistant's turn is no answer of the model's
        ("<|im_start|>user\nExample: \\boxed{7}<|im_end|>\n<|im_start|>assistant\nSo \\boxed{5}.", "5", 1.0),
        ("<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\n2+3?<|im_end|>\n<|im_start|>assistant\n\\boxed{5}", "5", 1.0),
        # a stray second </think>: what follows the first close is the response, all of it
        ("<think>hmm</think> <answer>6</answer> </think> <answer>5</answer>", "5", 0.0),
        ("<think>hmm</think> <answer>5</answer> </think> <answer>5</answer>", "5", 1.0),
        ("<think>a 6</think><think>b</think> The answer is \\boxed{5}.", "5", 1.0),
        ("<think>a \\boxed{6}</think> x <think>b</think> The answer is \\boxed{5}.", "5", 1.0),
        # 負 (traditional) is a minus sign as 负 is
        ("\\boxed{負5}", "-5", 1.0),
        ("\\boxed{負5}", "5", 0.0),
        ("\\boxed{负5}", "-5", 1.0),
    ],
)
def test_turns_thinking_and_signs(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # the last-number fallback: the number is the operand of "≠", a naive answer set aside, a root rejected
        ("The question asks for x; x ≠ 5.", 0.0),
        ("x = 6. The naive answer would be 5.", 0.0),
        ("x = 5 is extraneous.", 0.0),
        ("Since x ≠ 0, we divide both sides and get x = 5.", 1.0),
        ("So the total would be 5.", 1.0),
    ],
)
def test_last_number_set_aside(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a remark in a footnote or an equation tag is read as a bracket after the box
        ("\\boxed{5}\\footnote{Not verified.}", 0.0),
        ("\\boxed{5}\\tag{wrong}", 0.0),
        ("\\boxed{5}\\tag{1}", 1.0),
        ("\\boxed{5}\\footnote{All units in metres.}", 1.0),
        # struck out in HTML, or commented out in LaTeX, before the end token is taken off
        ("The answer is 6. <s>\\boxed{5}</s>", 0.0),
        ("<s> The answer is \\boxed{5}.</s>", 1.0),
        ("The answer is \\boxed{5}.</s>", 1.0),
        ("The answer is 6. % \\boxed{5}", 0.0),
        ("The rate rose by 5. % of total\nSo \\boxed{5}.", 1.0),
        ("So \\boxed{5}, a rise of 5 % in all.", 1.0),
        # "not a guess", "(not 6, ...)" affirm the box; "(not sure)" still doubts it
        ("\\boxed{5} is the answer, not a guess.", 1.0),
        ("The answer is \\boxed{5} (not 6, as one might guess).", 1.0),
        ("\\boxed{5} (not sure)", 0.0),
        ("\\boxed{5} is just a guess.", 0.0),
        # a conclusion that there is no solution, a refusing emoji, a value recomputed after it
        ("\\boxed{5}. This is impossible, so there is no solution.", 0.0),
        ("\\boxed{5}. For x < 0 there is no solution, so only x = 5 works.", 1.0),
        ("\\boxed{5} 🙅", 0.0),
        ("The answer is \\boxed{5}. Actually I computed 6.", 0.0),
        ("The answer is \\boxed{5}. Actually I computed 5 twice.", 1.0),
        # a box that is the other side of a comparison or a set-builder: "other than", "a multiple of", "a &<"
        ("Other than \\boxed{5}.", 0.0),
        ("Some multiple of \\boxed{5}.", 0.0),
        ("\\begin{align*} a &< \\boxed{5} \\end{align*}", 0.0),
        ("\\begin{align*} a &= \\boxed{5} \\end{align*}", 1.0),
        ("The smallest such number is \\boxed{5}.", 1.0),
    ],
)
def test_remarks_strikes_and_comparisons(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a word key named with an article or as an amount of it (set 119's "9 kilograms of feathers")
        ("Answer: 9 kilograms of feathers", "feathers", 1.0),
        ("Answer: the feathers", "feathers", 1.0),
        ("Answer: 9 kilograms of bricks", "feathers", 0.0),
        ("Answer: not feathers", "feathers", 0.0),
        ("The answer is the feathers or the bricks.", "feathers", 0.0),
    ],
)
def test_a_word_key_named_with_an_amount(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a later row of the box's environment gives the same unknown (or no unknown) another value
        ("\\begin{align} x &= \\boxed{5} \\\\ x &= 6 \\end{align}", 0.0),
        ("\\begin{array}{c} \\boxed{5} \\\\ 6 \\end{array}", 0.0),
        ("\\begin{gather} \\boxed{5} \\\\ 6 \\end{gather}", 0.0),
        ("\\left\\{\\begin{array}{ll} \\boxed{5} & x>0 \\\\ 6 & x\\le 0 \\end{array}\\right.", 0.0),
        # rows before the box are its working; another unknown is another part; the same value is no second answer
        ("\\begin{align*} x &= 2 + 3 \\\\ &= \\boxed{5} \\end{align*}", 1.0),
        ("\\begin{align*} x &= \\boxed{5} \\\\ y &= 6 \\end{align*}", 1.0),
        ("\\begin{align*} x &= \\boxed{5} \\\\ &= 5.0 \\end{align*}", 1.0),
        ("\\begin{align*} x &= \\boxed{5} \\\\ x^2 &= 25 \\end{align*}", 1.0),
        ("\\begin{array}{c|c} n & f(n) \\\\ 1 & 3 \\\\ 2 & \\boxed{5} \\end{array}", 1.0),
        # a doubting word after a marked answer's value
        ("**Answer:** 5 (tentative)", 0.0),
        ("\\boxed{5 \\text{ unverified}}", 0.0),
    ],
)
def test_rows_of_an_environment(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a program's comments state no result: its output does
        ("```python\n# answer is 5\nprint(6)\n```\n```output\n6\n```\n", 0.0),
        ("```python\nprint(2+3)\n```\n```output\n5\n```\n", 1.0),
        ("```python\nx = 2+3  # the answer is 5\nprint(x)\n```\n```output\n5\n```\nThe answer is 5.", 1.0),
        ('```python\nurl = "http://x.com/5"\nprint(5)\n```\n```output\n5\n```\n', 1.0),
        # a JSON field that offers another answer beside the answer's
        ('{"answer": 5, "alternative": 6}', 0.0),
        ('{"reasoning": "x", "answer": "5", "candidates": [5, 6]}', 0.0),
        ('{"answer": 5, "alternative": 5}', 1.0),
        ('{"reasoning": "x", "answer": "5", "confidence": 0.9}', 1.0),
    ],
)
def test_code_comments_and_json_alternatives(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # set 118's misses: keys stored without spaces after a Greek letter; \dot{x}_0 as a quantity of its own
        ("\\boxed{\\omega t}", "\\omegat", 1.0),
        ("\\boxed{2\\sqrt{\\pi G \\rho_0 r_0^2}}", "\\sqrt{4\\piG\\rho_{0}r_{0}^{2}}", 1.0),
        ("\\boxed{3\\sqrt{\\pi G \\rho_0 r_0^2}}", "\\sqrt{4\\piG\\rho_{0}r_{0}^{2}}", 0.0),
        (
            "\\boxed{x(t) = x_0 \\cos(\\omega t) + \\frac{\\dot{x}_0}{\\omega} \\sin(\\omega t)}",
            "x_{0}\\cos(\\omegat)+\\dot{x}_{0}\\sin(\\omegat)/\\omega",
            1.0,
        ),
        (
            "\\boxed{x(t) = x_0 \\cos(\\omega t) + \\frac{\\dot{x}_1}{\\omega} \\sin(\\omega t)}",
            "x_{0}\\cos(\\omegat)+\\dot{x}_{0}\\sin(\\omegat)/\\omega",
            0.0,
        ),
        ("\\boxed{0.1\\dot{6}}", "\\frac16", 1.0),
        # a square bracket of one term groups, as a parenthesis does; with a comma it is an interval or a list
        ("\\boxed{\\frac{1}{4} \\left[\\cos(2t) + \\sin(2t)\\right]}", "\\frac{\\cos(2t)+\\sin(2t)}{4}", 1.0),
        ("\\boxed{\\frac{1}{4} \\left[\\cos(2t) - \\sin(2t)\\right]}", "\\frac{\\cos(2t)+\\sin(2t)}{4}", 0.0),
        ("\\boxed{3[x+1]}", "3x+3", 1.0),
        ("\\boxed{x \\in [1, 2]}", "[1,2]", 1.0),
        # arbitrary constants of a general solution, named or ordered otherwise; given quantities are never renamed
        ("\\boxed{y = -\\frac{1}{2x^2} \\cos(2x) + \\frac{C}{x^2}}", "cx^{-2}-\\frac{\\cos(2x)}{2x^{2}}", 1.0),
        ("\\boxed{x = \\frac{1}{3} e^t + C e^{-2t}}", "\\frac{e^{t}}{3}+ce^{-2t}", 1.0),
        (
            "\\boxed{C_1 \\cos(2t) + C_2 \\sin(2t) - \\frac{1}{5} \\sin(3t)}",
            "-\\sin(3t)/5+C_{1}\\sin(2t)+C_{2}\\cos(2t)",
            1.0,
        ),
        ("\\boxed{x = \\frac{1}{3} e^t + C e^{-3t}}", "\\frac{e^{t}}{3}+ce^{-2t}", 0.0),
        ("\\boxed{\\frac{C_2 V}{C_1 + C_2}}", "\\frac{C_1 V}{C_1+C_2}", 0.0),
        ("\\boxed{\\frac{x^3}{3} + C}", "\\frac{x^3}{3} + c", 1.0),
        # "2C_1" is 2 times the constant C_1, not 2 choose 1; "5C2" and "{}^{5}C_{2}" still count
        ("\\boxed{2C_1}", "2", 0.0),
        ("\\boxed{2C_1 \\cos(2t)}", "2\\cos(2t)", 0.0),
        ("\\boxed{5C2}", "10", 1.0),
        ("\\boxed{{}^{5}C_{2}}", "10", 1.0),
        # Minerva's subproblems: the answer to the last one asked, not the earlier one answered in the prompt
        (
            "Subproblem 0: What is x?\nSolution: $\\boxed{0.01}$.\nFinal answer: The final answer is 0.01.\n\n"
            "Subproblem 1: What is y?\nSolution: y = 10^{-5}.\n\n\\boxed{10^{-5}}",
            "1e-5",
            1.0,
        ),
        ("Subproblem 1: What is y?\nSolution: \\boxed{0.01}.\n\n\\boxed{10^{-5}}", "1e-5", 0.0),
    ],
)
def test_set118_notations(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # set 120's misses: a function's value worked out in a chain inside the box; a lower-case option chosen
        ("\\boxed{f(3) = \\frac{136}{1224} = \\frac{17}{153}}", "\\frac19", 1.0),
        ("\\boxed{f(3) = \\frac{136}{1224} = \\frac{17}{150}}", "\\frac19", 0.0),
        ("\\boxed{f(3) = \\frac{136}{1224} = \\frac{17}{150}}", "\\frac{17}{150}", 0.0),
        ("After analysis, I choose d.", "d", 1.0),
        ("I choose d.", "d", 1.0),
        ("After analysis, I choose c.", "d", 0.0),
        ("I choose D.", "D", 1.0),
        ("I choose a different approach. So x = 3.", "a", 0.0),
    ],
)
def test_set120_chains_and_lower_case_options(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop33_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("disowning", "_DOUBT_ENDING_RE", "'wait ' * (n // 5)"),
            ("disowning", "_DOUBT_ENDING_RE", "'. ' * (n // 2) + 'x'"),
            ("disowning", "_FAILS_RE", "'does not ' * (n // 9)"),
            ("cleanup", "_OTHER_ROLE_RE", "'\\n' * n"),
            ("cleanup", "_ANSWERED_TURN_RE", "'\\\\boxed{ ' * (n // 8)"),
            ("cleanup", "_LATEX_COMMENT_RE", "'. ' * (n // 2) + '%'"),
            ("cleanup", "_LATEX_COMMENT_RE", "' ' * n + '%'"),
            ("revisions", "_ANNOTATION_RE", "' ' * n"),
            ("layout", "_ROWS_BEGIN_RE", "'\\\\begin{' * (n // 7)"),
            ("cleanup", "_CODE_BLOCK_RE", "'```python\\n' * (n // 10)"),
            ("cleanup", "_CODE_COMMENT_RE", "' ' * n"),
            ("cleanup", "_SUBPROBLEM_RE", "' ' * n + 'Subproblem'"),
            ("reference", "_GLUED_GREEK_RE", "'\\\\pi' * (n // 3)"),
            ("constants", "_CONSTANT_NAME_RE", "'C_{' * (n // 3)"),
            ("choices", "_PRONOUN_VERB_RE", "' ' * n"),
            ("structured", "_ALTERNATIVE_KEY_RE", "'{ ' * (n // 2)"),
            ("layout", "_ROW_RELATION_RE", "'&' * n"),
            ("layout", "_ROW_NUMBER_RE", "'1,' * (n // 2)"),
            ("written", "_NAMED_WORD_RE", "'a ' * (n // 2)"),
        ]
    )
