"""Stop 39: classes found by red teams 41-43 and by the blind sets of this stop. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_OPTIONS = "Which of the following equals 1 + 2?\n(A) 1\n(B) 2\n(C) 3\n(D) 4"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an option's value named with another option's letter: as the value's name, or leading its clause
        ("Adding gives 3.\n\n\\boxed{B=3}", "C", 0.0),
        ("Adding gives 3.\n\n\\boxed{\\text{B, which is 3}}", "C", 0.0),
        ("Adding gives 3.\n\n\\boxed{\\text{(B) which is 3}}", "C", 0.0),
        # the letter that is the key's, or a name that is no option letter, stays the answer
        ("Adding gives 3.\n\n\\boxed{C=3}", "C", 1.0),
        ("Adding gives 3.\n\n\\boxed{\\text{C, which is 3}}", "C", 1.0),
        ("\\boxed{x=3}", "C", 1.0),
        ("So 1+2 = 3.\n\n\\boxed{3}", "C", 1.0),
    ],
)
def test_option_value_named_with_another_letter(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold, _OPTIONS) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a closing note after the concluding sentence's value, which the last-number fallback reads past
        ("7 + 10 = 17.\n\nTherefore, the total is 17 pens — that took 2 trips to the shop.", "17", 1.0),
        ("7 + 10 = 17.\n\nTherefore, the total is 17 pens; carrying them took 2 trips.", "17", 1.0),
        ("7 + 10 = 17.\n\nTherefore, the total is 17 pens, which took 2 trips to carry home.", "17", 1.0),
        ("So the final count is 84 marbles; she gave away 16.", "84", 1.0),
        ("Thus the probability is 1/6, since there are 6 equally likely outcomes.", "\\frac{1}{6}", 1.0),
        ("Thus the probability is 1/6, since there are 6 equally likely outcomes.", "6", 0.0),
        ("Hence x = 4, which satisfies the equation for n = 2.", "2", 0.0),
        ("Total distance = 10 miles (2 × 5).", "10", 1.0),
        ("4.0 °C (39.2 °F)", "4", 1.0),
        # not a note: a factor, a restatement that may be what was asked, a correction, a second part, a hedge
        ("So x^2+3x+2 = (x+1)(x+2).", "(x+1)(x+2)", 1.0),
        ("The inverse Laplace transform of 3/(s-4) is 3e^(4t).", "3e^{4t}", 1.0),
        ("Hence there are 28 students left, which is 70% of the class.", "70", 1.0),
        ("Therefore, $f(2) = 48$, which corresponds to option 4.", "4", 1.0),
        ("Thus x = 5 — no wait, 7.", "7", 1.0),
        ("Thus x = 5 — no wait, 7.", "5", 0.0),
        ("Thus x = 5; or maybe 7.", "5", 0.0),
    ],
)
def test_closing_note_after_the_last_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a note after the marked answer: a dash, a semicolon and a word, a bracketed remark, "and it ..."
        ("She started with 100, gave away 16.\n\nFinal answer: 84 marbles; she gave away 16.", "84", 1.0),
        ("Summing the series step by step gives 210.\n\nAnswer: 210 [3 steps]", "210", 1.0),
        ("The final answer is 7 and it occurs at n = 3.", "7", 1.0),
        # a hedge or a take-back after the same marks is still one
        ("The answer is 5 — or maybe 7.", "5", 0.0),
        ("The answer is 5; actually it is 7.", "5", 0.0),
        ("The answer is 5; or 7.", "5", 0.0),
        ("The answer is 5 — 7.", "5", 0.0),
        # (policy: a note that starts with a number is a second value, "15 pens — 17 counting the free ones", so
        # "56 — 8 per row times 7 rows" is refused too)
        ("8 per row times 7 rows.\n\nThe answer is 56 — 8 per row times 7 rows.", "56", 0.0),
        ("The answer is 5 and it is wrong.", "5", 0.0),
        # a second part after a semicolon, an interval, are the answer whole
        ("The answer is x = 5; y = 3.", "(5,3)", 1.0),
        ("Answer: [0, 1]", "[0,1]", 1.0),
    ],
)
def test_note_after_the_marked_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop39_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("optionvalues", "LETTER_LEADS_RE", "' ' * n"),
            ("markers", "_CLAUSE_END_RE", "'1 — ' * (n // 4)"),
            ("markers", "_CLAUSE_END_RE", "'; ab ' * (n // 5)"),
            ("markers", "_CLAUSE_END_RE", "' [abc ' * (n // 6)"),
            ("markers", "_CLAUSE_END_RE", "' and it ' * (n // 8)"),
            ("fallback", "_END_NOTE_RE", "' — 1' * (n // 4)"),
            ("fallback", "_END_NOTE_RE", "'; ab 1' * (n // 6)"),
            ("fallback", "_END_NOTE_RE", "', which took 1' * (n // 15)"),
            ("fallback", "_END_NOTE_RE", "' (1 ' * (n // 4)"),
            ("fallback", "_CORRECTING_NOTE_RE", "'— ' * (n // 2)"),
            ("cjk", "_SIM_RANGE_RE", "'1 \\\\sim ' * (n // 7)"),
            ("cjk", "_FRAC_PARTS_RE", "'frac' * (n // 4)"),
            ("question", "_QUESTION_EQUATION_RE", "'$' + 'a<' * (n // 2)"),
            ("question", "_QUESTION_EQUATION_RE", "'x \\\\le ' * (n // 6)"),
            ("question", "_ASKS_TO_WORK_RE", "\"f'\" * (n // 2)"),
            ("reference", "_OR_IN_BRACKETS_RE", "'1 (or ' * (n // 6)"),
            ("tags", "_MARKER_ONLY_RE", "'answer ' * (n // 7)"),
            ("markers", "_ANSWER_IS_RE", "'answer is presented ' * (n // 20)"),
            ("revisions", "_ANSWER_AFTER_RE", "'answer is shown ' * (n // 16)"),
            ("normalize", "_WHOLE_LINE_DOMAIN", "' ' * n"),
            ("normalize", "_WHOLE_LINE_DOMAIN", "'(x \\\\in ' * (n // 7)"),
            ("markers", "_CLAUSE_END_RE", "' — a' * (n // 4)"),
            ("markers", "_CLAUSE_END_RE", "' [abc' * (n // 5)"),
            ("markers", "_LETTER_ONLY_RE", "' ' * n"),
            ("fallback", "_RESTATING_NOTE_RE", "'so ' * (n // 3)"),
            ("question", "_FONT_NAME_RE", "'\\\\text{gcd}' * (n // 10)"),
            ("revisions", "_REVISED_VALUE_RE", "'updated to ' * (n // 11)"),
            ("optionvalues", "LETTER_NAMED_RE", "'so B ' * (n // 5)"),
            ("reference", "_LETTER_IN_BRACKETS_RE", "'( ' * (n // 2)"),
            ("fallback", "_END_NOTE_RE", "'\\n' * n"),
            ("fallback", "_END_NOTE_RE", "'a\\n\\n(1 ' * (n // 6)"),
            ("fallback", "_CHECK_TAIL_RE", "'\\nlet me double-check ' * (n // 21)"),
            ("fallback", "_ASIDE_TAIL_RE", "'\\n\\n|a|\\n' * (n // 7)"),
            ("fallback", "_ASIDE_TAIL_RE", "'\\n\\n```\\n1\\n' * (n // 10)"),
            ("revisions", "_CONCLUDED_END_RE", "'so she makes **1 per ' * (n // 21)"),
            ("cleanup", "_END_OF_SEQUENCE_RE", "'<|endoftext' * (n // 11)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # the question's operation written down in other notation, not carried out
        ("The answer is $\\boxed{\\lfloor 2024^{1/2} \\rfloor}$.", "44", "Compute $\\left\\lfloor \\sqrt{2024} \\right\\rfloor$.", 0.0),
        ("**Answer:** $f'(x)=\\boxed{\\frac{d}{dx}\\left(x^3\\ln x\\right)}$", "3x^2\\ln x + x^2", "Let $f(x)=x^3\\ln x$. Find $f'(x)$.", 0.0),
        ("The real part is $\\boxed{\\operatorname{Re}\\left(\\frac{1}{1+i}\\right)}$.", "\\frac12", "Let $z=\\frac{1}{1+i}$. Find the real part of $z$.", 0.0),
        ("The largest is $\\boxed{\\max\\left(\\frac{7}{9}, \\frac{4}{5}\\right)}$.", "\\frac45", "What is the largest of $\\frac{7}{9}, \\frac{4}{5}$?", 0.0),
        ("The greatest common divisor is $\\boxed{\\gcd(12,18)}$.", "6", "Find the greatest common divisor of 12 and 18.", 0.0),
        # its value, and an operation the reference writes too, are answers; without a question the grader evaluates
        ("The answer is $\\boxed{44}$.", "44", "Compute $\\left\\lfloor \\sqrt{2024} \\right\\rfloor$.", 1.0),
        ("$\\boxed{x \\equiv 2 \\pmod 4}$", "x \\equiv 2 \\pmod{4}", "Find all x that leave remainder 2 mod 4.", 1.0),
        ("The greatest common divisor is $\\boxed{\\gcd(12,18)}$.", "6", None, 1.0),
        # the question's equation or inequality rearranged, against a reference that states the solutions
        ("The solutions satisfy $$\\boxed{x^2+6=5x}$$", "x=2 \\text{ or } x=3", "Solve $x^2-5x+6=0$.", 0.0),
        ("The solutions satisfy $$\\boxed{x^2+6=5x}$$", "\\{2,3\\}", "Solve $x^2-5x+6=0$.", 0.0),
        ("Factoring, the roots satisfy $\\boxed{(x-2)(x-3)=0}$.", "x=2 \\text{ or } x=3", "Solve $x^2-5x+6=0$.", 0.0),
        ("The solution set is $\\boxed{x^2-4>0}$.", "(-\\infty,-2)\\cup(2,\\infty)", "Solve the inequality $x^2>4$.", 0.0),
        ("Removing the absolute value: $\\boxed{-3<x-1<3}$.", "(-2,4)", "Solve $|x-1|<3$.", 0.0),
        ("So $\\boxed{2x-1 \\ge 5}$.", "[3,\\infty)", "Solve $2x-1\\geq 5$.", 0.0),
        # solved forms stay answers; so does an unsolved equation without a question (sets 4, 5, 12, 18)
        ("So $\\boxed{x \\ge 3}$.", "[3,\\infty)", "Solve $2x-1\\geq 5$.", 1.0),
        ("So $\\boxed{-2<x<4}$.", "(-2,4)", "Solve $|x-1|<3$.", 1.0),
        ("So $\\boxed{x=2 \\text{ or } x=3}$.", "\\{2,3\\}", "Solve $x^2-5x+6=0$.", 1.0),
        ("Dividing out, $\\boxed{x - 5 = 0}$.", "x=5", None, 1.0),
    ],
)
def test_question_operation_not_carried_out(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "a \sim b" between two numbers is a range, no value of its first end
        ("所以 $a$ 的取值范围是 $\\boxed{2\\sim 3}$。", "2", 0.0),
        ("The count lies in $\\boxed{3 \\sim 100}$.", "3", 0.0),
        ("Hence $\\boxed{\\frac12 \\sim \\frac13}$.", "\\frac12", 0.0),
        ("Hence $\\boxed{-1 \\sim 5}$.", "-1", 0.0),
        # a value approximated after \sim, or a name before it, stays the value
        ("Hence $\\boxed{\\frac16 \\sim 0.167}$.", "\\frac16", 1.0),
        ("Hence $\\boxed{3.14 \\sim 3.1416}$.", "3.14", 1.0),
        ("Hence $\\boxed{x \\sim 3}$.", "3", 1.0),
    ],
)
def test_sim_between_numbers_is_a_range(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # blind sets 150-152: a key with another form of it in brackets; a sentence about where the answer stands;
        # an answer tag opened twice around a bare marker
        ("The answer is 0.507", "0.507 (or 50.7%)", 1.0),
        ("The answer is $6.8\\%$", "0.068 (or 6.8%)", 1.0),
        ("The answer is 0.5", "0.507 (or 50.7%)", 0.0),
        ("The value of $\\tan A$ is $\\boxed{2}$. The final answer is presented in a box as requested.", "2", 1.0),
        ("x = 3, so $\\boxed{3}$. The final answer is shown above.", "3", 1.0),
        ("x = 3, so $\\boxed{3}$. The final answer is 4.", "3", 0.0),
        ("So each nephew gets 16. </think> <answer> Answer: <answer>16 cookies</answer>", "16", 1.0),
        ("So each nephew gets 16. </think> <answer> 15 <answer>16 cookies</answer>", "16", 0.0),
    ],
)
def test_blind_sets_150_to_152(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a clause that only says the variable ranges over every real is no restriction, on either side
        ("$$\\boxed{f(x)=x+1 \\text{ for every } x\\in\\mathbb{R}}$$", "f(x)=x+1", 1.0),
        ("$$\\boxed{f(x)=x+1\\quad (x\\in\\mathbb{R})}$$", "f(x)=x+1", 1.0),
        ("$$\\boxed{f(x)=x+2\\quad (x\\in\\mathbb{R})}$$", "f(x)=x+1", 0.0),
    ],
)
def test_whole_number_set_domain(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # red team 44, on this stop's own rules: a clause after the value that restates or corrects it is no note
        ("Therefore, the total is 17 pens, which should be 19", "17", None, 0.0),
        ("Therefore, the total is 17 pens; make that 19", "17", None, 0.0),
        ("Therefore, the total is 17 pens; make that 19", "19", None, 1.0),
        ("Therefore, the total is 17 pens — that is, 19 including the free ones", "17", None, 0.0),
        ("Therefore, the total is 15 pens — 17 counting the free ones", "15", None, 0.0),
        ("84 marbles; she gave away 16, so she has 68 left", "68", None, 1.0),
        ("The answer is 17 — that is, 19 including the free ones.", "17", None, 0.0),
        ("The answer is 17 [revised: 19].", "17", None, 0.0),
        ("The answer is 17, updated to 19.", "17", None, 0.0),
        ("The answer is \\boxed{17} (amended to 19).", "17", None, 0.0),
        ("290 / 2 = 145, so each group has 145 bananas (each group of oranges would have 87/93, about 0.94).", "145", None, 1.0),
        # an operation carried out to its value is answered; one in a font command is still the operation
        ("\\boxed{\\operatorname{Re}(5+5i) = 5}", "5", "Find the real part of $(1+2i)(3-i)$.", 1.0),
        ("\\boxed{2^{10}\\bmod 7 = 2}", "2", "What is the remainder when $2^{10}$ is divided by 7?", 1.0),
        ("\\boxed{\\frac{d}{dx}(x^3+2x) = 3x^2+2}", "3x^2+2", "Let $f(x) = x^3 + 2x$. Find $f'(x)$.", 1.0),
        ("\\boxed{\\text{gcd}(12,18)}", "6", "Compute $\\gcd(12, 18)$.", 0.0),
        ("The least time is $\\boxed{5 \\text{ min}}$.", "5 \\text{ min}", "What is the least time?", 1.0),
        # a restriction to a smaller number set is a restriction
        ("\\boxed{f(x)=x+1 \\text{ for every } x\\in\\mathbb{Z}}", "f(x)=x+1", None, 0.0),
        ("\\boxed{f(x)=x+1 \\ (x \\in \\mathbb{R}^+)}", "f(x)=x+1", None, 0.0),
        # a key that offers two different values is no key of one; a number after "shown above" is another answer
        ("\\boxed{12 \\text{ or } 13}", "12 (or 13)", None, 0.0),
        ("\\boxed{17}\n\nThe final answer is shown above as 19.", "17", None, 0.0),
        ("\\boxed{17}\n\nThe final answer is presented in a box as requested, namely 19.", "17", None, 0.0),
        # an option named with its value in the answer's own words
        ("The answer is B, which is 3.", "C", _OPTIONS, 0.0),
        ("The answer is C, which is 3.", "C", _OPTIONS, 1.0),
        ("The answer is 3, so B.", "C", _OPTIONS, 0.0),
        ("\\boxed{3}, i.e. (B)", "C", _OPTIONS, 0.0),
        ("\\boxed{3}, i.e. (C)", "C", _OPTIONS, 1.0),
    ],
)
def test_red_team_44_on_this_stops_rules(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # set 154: a general solution's constants named by other letters, beside a key that names one C
        ("$$Y(x)=A+\\frac{B}{x}-x$$", "Y(x)=-x+C+\\frac{D}{x}", 1.0),
        ("$$Y(x)=A+\\frac{B}{x}+x$$", "Y(x)=-x+C+\\frac{D}{x}", 0.0),
        ("$$\\boxed{f(x)=x^2+k}$$", "f(x) = x^2 + c", 1.0),
        # never a bare letter or letters without a variable: an option, or a formula in given quantities
        ("$$\\boxed{D}$$", "C", 0.0),
        ("$$\\boxed{A+B}$$", "C+D", 0.0),
    ],
)
def test_constants_named_by_other_letters(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a value restated in brackets is the value, on either side, never the product
        ("\\boxed{64}", "8 (2^3)", 0.0),
        ("\\boxed{8}", "8 (2^3)", 1.0),
        ("\\boxed{1/16}", "0.25 (1/4)", 0.0),
        ("\\boxed{0.25}", "0.25 (1/4)", 1.0),
        ("\\boxed{5 (5 pens)}", "25", 0.0),
        ("\\boxed{5 (5 pens)}", "5", 1.0),
        # a product in brackets, an option named in a key, stay what they were
        ("\\boxed{2 (x+1)}", "2x+2", 1.0),
        ("The correct option is (B).", "The answer is (B).", 1.0),
        ("Choice (B).", "Choice (A).", 0.0),
    ],
)
def test_value_restated_in_brackets(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a closing paragraph in brackets (a sanity check) after the stated answer; not one that answers
        (
            "100 − 16 = 84\n\n**Janet has 84 marbles left.**\n\n"
            "(As a sanity check, 84 + 16 = 100, which matches the starting amount.)",
            "84",
            1.0,
        ),
        (
            "100 − 16 = 84\n\n**Janet has 84 marbles left.**\n\n"
            "(As a sanity check, 84 + 16 = 100, which matches the starting amount.)",
            "100",
            0.0,
        ),
        ("So the total is 17.\n\n(Answer: 19)", "17", 0.0),
    ],
)
def test_bracketed_closing_paragraph(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_EGGS = (
    "Eggs remaining: 16 − 3 − 4 = 9 eggs.\n\nEach egg sells for ${p}, so her daily revenue is 9 × ${p} = ${r}.\n\n"
)


def _eggs(price: int) -> str:
    return _EGGS.format(p=price, r=9 * price)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # red team 45: what models write after an unmarked final sentence is no answer of its own
        (_eggs(3) + "Therefore, Janet makes **$27** every day.\n\nLet me double-check: 16 − 3 − 4 = 9 eggs, and 9 × 2 = 18.", "18", 0.0),
        (_eggs(2) + "Therefore, Janet makes **$18** every day.\n\nLet me double-check: $18 ÷ 2 = 9 eggs sold ✓.", "18", 1.0),
        (_eggs(3) + "Thus, she earns 27 dollars every day.\n\n| Step | Value |\n|---|---|\n| Eggs left | 9 |\n| At $2/egg | 18 |", "18", 0.0),
        (_eggs(2) + "So Janet makes **$18** every day.\n\n| Quantity | Value |\n|---|---|\n| Eggs laid | 16 |\n| Eggs sold | 9 |", "18", 1.0),
        # (a table that names the answer answers: "| Answer | 27 |")
        ("Each egg sells for $2, so 9 × 2 = 18.\n\n| Item | Value |\n|---|---|\n| Answer | 27 |", "18", 0.0),
        ("Each egg sells for $2, so 9 × 2 = 18.\n\n| Item | Value |\n|---|---|\n| Answer | 27 |", "27", 1.0),
        (_eggs(3) + "Hence the result is 27.\n\n```python\neggs = 16 - 3 - 4\nprint(eggs * 2)\n```\nOutput: 18", "18", 0.0),
        (_eggs(3) + "Janet makes $27 every day.\n\nLet me know if you'd like to try the same calculation with 18 eggs!", "18", 0.0),
        (_eggs(2) + "Janet makes $18 every day.\n\nWould you like me to show how this changes if she eats 5 eggs?", "18", 1.0),
        (_eggs(3) + "Janet earns $27 per day.\n\nRemark: at the listed $2 per egg this would be $18.", "18", 0.0),
        # (a note that takes the answer back is no aside: it is read)
        ("9 × 2 = 18, so she makes $18.\n\nNote: she actually sold at $3, giving $27.", "18", 0.0),
        ("Therefore $m + n = 120$.\n\nHmm, sanity check: $97 + 24 = 121$.", "121", 0.0),
        # a retraction in a later paragraph that concludes another value in words takes the answer back
        (_eggs(2) + "The answer is $\\boxed{18}$.\n\nOn second thought, I misread the price — it's $3 per egg. So she makes $27.", "18", 0.0),
        (_eggs(2) + "**Final Answer:** 18\n\nUpdate: the correct value is **27**.", "18", 0.0),
        # GSM8K's marker before a markdown heading is the answer; a heading made of words is no marker
        (_eggs(3) + "#### 27\n\n### Summary\n- Eggs laid: 16\n- Revenue at $2/egg: 18", "18", 0.0),
        (_eggs(2) + "#### 18\n\n## Verification\n16 − 3 − 4 = 9 eggs", "18", 1.0),
        # a box on a double-check line after the final box is a second answer
        (_eggs(3) + "**Final Answer**\n\\[\n\\boxed{27}\n\\]\n\n**Double-check:** $9 \\times 2 = \\boxed{18}$", "18", 0.0),
        # a sentence about how the answer checks is no answer of its own
        (_eggs(2) + "The answer is $\\boxed{18}$.\n\nSo the answer is consistent: she has 9 eggs left, so the total is 9 × 2.", "18", 1.0),
        (_eggs(2) + "**Final Answer:** 18\n\nSo the answer is consistent: she has 9 eggs left to sell.", "18", 1.0),
        # text after the end-of-sequence token is no part of the answer
        (_eggs(3) + "Janet makes $27 every day.<|endoftext|>Question: Tom has 10 apples and buys 8 more.\nAnswer: 18", "18", 0.0),
        (_eggs(2) + "Therefore, Janet makes **$18** every day.<|endoftext|>Question: Tom has 5 apples and buys 3 more.\nAnswer: 8", "18", 1.0),
        (_eggs(3) + "Janet makes $27 every day.<|endoftext|>Human: What is 9 times 2?\nAssistant: \\boxed{18}", "18", 0.0),
    ],
)
def test_red_team_45_what_follows_the_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
