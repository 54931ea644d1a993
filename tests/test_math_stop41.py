"""Stop 41: classes found by red teams 47-48 and by the blind sets of this stop. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_CLIPS = "Natalia sold 48/2 = 24 clips in May.\nNatalia sold 48 + 24 = 72 clips altogether in April and May.\n"


@pytest.mark.parametrize(
    ("after", "want"),
    [
        # after the answer, a sentence that counts the answer's own thing again with a new number takes it back
        ("\\boxed{72}\n\nThat gives 96 clips for the two months.", 0.0),
        ("\\boxed{72}\n\nI get 96 clips when I recount.", 0.0),
        ("**Answer: 72**\n\nCounting again, 96 clips.", 0.0),
        ("#### 72\n\nThe total number of clips sold comes to 96.", 0.0),
        ("\\boxed{72}\n\nThus the clips sold number 96.", 0.0),
        # in other languages: a concluding word and a word for "in total" with one new number
        ("\\boxed{72}\n\nDonc, Natalia a vendu 96 pinces au total.", 0.0),
        ("\\boxed{72}\n\n因此，娜塔莉亚一共卖了96个发夹。", 0.0),
        # another number declared the right one
        ("\\boxed{72}\n\nRe-checking, I believe 96 is right.", 0.0),
        # numbers the working already has (a breakdown), a rate, a comparison, a supposition, a check: no new count
        ("\\boxed{72}\n\nShe sold 48 clips in April and 24 clips in May.", 1.0),
        ("\\boxed{72}\n\nThat is 3 clips per day over 24 days.", 1.0),
        ("\\boxed{72}\n\nThat is 2 clips more than last year.", 1.0),
        ("\\boxed{72}\n\nIf she had sold 48 in May too, that would be 96 clips.", 1.0),
        ("\\boxed{72}\n\nFor example, with 10 clips in April we would get 15 clips in total.", 1.0),
        ("\\boxed{72}\n\nSo she sold 72 clips in 2 months.", 1.0),
        ("\\boxed{72}\n\nThen we check 100 times.", 1.0),
    ],
)
def test_answer_counted_again_with_another_number(after: str, want: float) -> None:
    assert score(_CLIPS + after, "72") == want


@pytest.mark.parametrize(
    ("after", "want"),
    [
        # a table after the answer that ends on another total: its last row labelled so, the last row's cell under a
        # column named so, a total's line in a code block or a LaTeX table, past a closing remark
        ("| Month | Clips |\n|---|---|\n| April | 48 |\n| May | 48 |\n| Sum | 96 |", 0.0),
        ("| Month | April | May | Total |\n|---|---|---|---|\n| Clips | 48 | 48 | 96 |", 0.0),
        ("| Month | Clips |\n|:--|--:|\n| April | 48 |\n| May | 48 |\n| Total | 96 |\n\nHope this helps!", 0.0),
        ("```\nApril  48\nMay    48\nTotal  96\n```", 0.0),
        ("\\begin{tabular}{|c|c|}\\hline April & 48 \\\\ May & 48 \\\\ Total & 96 \\\\ \\hline\\end{tabular}", 0.0),
        # the same tables ending on the answer's own total, or on no total, leave it
        ("| Month | Clips |\n|---|---|\n| April | 48 |\n| May | 24 |\n| Sum | 72 |", 1.0),
        ("| Month | April | May | Total |\n|---|---|---|---|\n| Clips | 48 | 24 | 72 |\n\nHope this helps!", 1.0),
        ("| Month | Clips |\n|---|---|\n| April | 48 |\n| May | 24 |", 1.0),
        ("```\nApril  48\nMay    24\nTotal  72\n```", 1.0),
    ],
)
def test_table_after_the_answer_ends_on_another_total(after: str, want: float) -> None:
    assert score(_CLIPS + "\\boxed{72}\n\n" + after, "72") == want


@pytest.mark.parametrize(
    ("after", "gold", "want"),
    [
        # the same question asked again under a heading, answered otherwise: a second answer
        ("\\boxed{72}\n\nProblem 2: How many clips did Natalia sell in April and May together?\n\\boxed{96}", "72", 0.0),
        ("\\boxed{72}\n\n## Next question\nHow many clips did Natalia sell altogether?\nAnswer: 96", "72", 0.0),
        # wrong working in words, then the question asked again and the key boxed: two answers, not the box
        ("So she sold 96 clips.\n\nProblem 2: How many clips did Natalia sell altogether in April and May?\n\\boxed{72}",
         "72", 0.0),
        # answered again the same way: one answer; a new problem (new numbers, or new words) is cut as before
        ("\\boxed{72}\n\nProblem 2: How many clips did Natalia sell altogether?\n\\boxed{72}", "72", 1.0),
        ("\\boxed{72}\n\n## Problem 2\nCompute 8 times 9.\n\\boxed{72}", "72", 1.0),
        ("\\boxed{72}\n\nProblem 2: Which number is even?\n\\boxed{4}", "72", 1.0),
    ],
)
def test_same_question_answered_again(after: str, gold: str, want: float) -> None:
    assert score(_CLIPS + after, gold) == want


_JANET = "She uses 3 + 4 = 7 eggs. So 16 - 7 = 9 eggs remain.\nShe sells 9 eggs at $2 each: 9 × 2 = $18.\n\nThe answer is 18.\n\n"


@pytest.mark.parametrize(
    ("after", "want"),
    [
        # an answer written as money, then a new amount concluded after it; a rate or a supposition is none
        ("Janet sells 10 eggs and makes $20.", 0.0),
        ("She earns $18 per day, or $126 per week.", 1.0),
        ("Over a week she would make $126.", 1.0),
        ("Each egg brings $2.", 1.0),
        # the answer disowned after its check
        ("Let me double-check: 9 × 2 = 20. Hmm, so I was wrong above.", 0.0),
        ("Let me double-check: 9 × 2 = 18. I was wrong to doubt it.", 1.0),
    ],
)
def test_new_amount_or_disowning_after_the_answer(after: str, want: float) -> None:
    assert score(_JANET + after, "18") == want


def test_recounted_thing_is_the_answers_own_word() -> None:
    # the word the answer's number is written with names the thing; another thing's count is no recount
    done = "Each box holds 12 eggs, so 5 boxes hold 60 eggs.\n#### 60\n\n"
    assert score(done + "That fills 5 cartons.", "60") == 1.0
    assert score(done + "That makes 65 eggs.", "60") == 0.0
    # an answer written on a line of its own is not glued to the words of the next line
    assert score("answer: 1\nsolution: 10", "1") == 1.0


_DICE = "Two dice are rolled. The favourable outcomes are 6 of 36, so the probability is 6/36 = 1/6.\n\n\\boxed{\\frac{1}{6}}\n\n"


@pytest.mark.parametrize(
    ("after", "want"),
    [
        # another value offered in doubt after the answer: a hedge
        ("That said, 1/3 could be the intended answer.", 0.0),
        ("My gut says 1/3 though.", 0.0),
        ("Probability about 1/6 or maybe 1/3, hard to say.", 0.0),
        ("50/50 between this and 1/3.", 0.0),
        ("(If the dice are indistinguishable the answer becomes 1/3.)", 0.0),
        ("答案可能是1/3。", 0.0),
        # doubt without another value, or another value without doubt, is no hedge
        ("This might be surprising at first.", 1.0),
        ("Each outcome has probability 1/36.", 1.0),
    ],
)
def test_other_value_offered_in_doubt(after: str, want: float) -> None:
    assert score(_DICE + after, "\\frac{1}{6}") == want


_PRIME = "Which is prime?\n(A) 4 (B) 6 (C) 7 (D) 9\n"


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # one option chosen, another given as the answer: two answers
        ("7 is prime. Option D it is.\n\n\\boxed{C}", 0.0),
        ("7 is prime. The answer is (D) 9.\n\n\\boxed{C}", 0.0),
        ("7是质数。故选 D。\n\n【答案】C", 0.0),
        ("7 is prime, so the answer is C.\n\nD", 0.0),
        # the same option chosen twice, and options named to be rejected, are one answer
        ("7 is prime. Option C it is.\n\n\\boxed{C}", 1.0),
        ("7 is prime. The answer is (C) 7.\n\n\\boxed{C}", 1.0),
        ("7是质数。故选 C。\n\n【答案】C", 1.0),
        ("7 is prime, so the answer is C.\n\nC", 1.0),
        # a question made up after the answer, with its own answer line, is cut before the options are read
        ("7 is prime. The answer is C.\n\nQuestion: Which is even?\n(A) 3 (B) 4 (C) 5 (D) 7\nAnswer: B", 1.0),
    ],
)
def test_another_option_chosen_beside_the_answer(completion: str, want: float) -> None:
    assert score(completion, "C", prompt=_PRIME) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a final-answer sentence with several numbers: the one it sets in bold (blind set 159)
        ("### Final Answer:\nIt will take Sakura a total of **63 minutes** to peel and sauté 120 carrots.", "63", 1.0),
        ("### Final Answer:\nIt will take Sakura a total of **63 minutes** to peel and sauté 120 carrots.", "120", 0.0),
        ("### Final Answer\nMateo watched **7** 60-minute episodes on Tuesday.", "7", 1.0),
        ("### Final Answer\nMateo watched **7** 60-minute episodes on Tuesday.", "60", 0.0),
        # markdown bold inside a box or around a worked result, not a power (blind set 161)
        ("The final answer is $\\boxed{**230,816,280,490.7701**}$.", "230816280490.7701", 1.0),
        ("The final answer is $\\boxed{**12** apples}$.", "12", 1.0),
        ("So the perimeter is 4 m + 4 m + 4 m + 4 m = **16 m**.\n\nIs there anything else I can help with?", "16", 1.0),
        ("\\boxed{2**3}", "8", 1.0),
        ("8.20x10**+1 ppm", "8.20*10**1 ppm", 1.0),
        # a closing note in words after a number; not one that rejects or doubts it
        ("38 (no unit)", "38.0", 1.0),
        ("\\boxed{5 (rejected)}", "5", 0.0),
        ("\\boxed{5 (not sure)}", "5", 0.0),
        # a key that is a binary float's printout of the integer given (not the other way round)
        ("ANSWER: 7800", "7800.000000000001", 1.0),
        ("ANSWER: 7801", "7800.000000000001", 0.0),
        ("\\boxed{-109}", "-108.99999999999999", 1.0),
        ("\\boxed{1.0000000000000002}", "1", 0.0),
        ("\\boxed{7800}", "7800.00000000001", 0.0),  # 15 digits, 1e-11 away: a value written out
        # a verdict concluded at the end of a sentence, against a verdict key
        ("100 divided by 5 is equal to 20, so the statement is true.", "true", 1.0),
        ("100 divided by 5 is equal to 20, so the statement is true.", "false", 0.0),
        ("100/5 = 20. Hence the statement is not true.", "false", 1.0),
        ("So the claim is false.", "true", 0.0),
    ],
)
def test_stop41_blind_set_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # an option's label opening the line of the box, the box its content (blind set 160)
        ("A: $\\boxed{\\downarrow}$", "A", None, 1.0),
        ("A: $\\boxed{\\downarrow}$", "B", None, 0.0),
        ("(B) \\boxed{13}", "B", "Which? (A) 11 (B) 13", 1.0),
        ("(B) \\boxed{12}", "B", "Which? (A) 11 (B) 13", 0.0),  # the content is not option B's
    ],
)
def test_option_label_before_the_box(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt=prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a universal qualifier on the problem's parameter, in the key or the answer, is no factor (set 134)
        ("Hence, only $k=0,1,3$ are possible.\n\n\\boxed{0,1,3}", "k = 0, 1, 3 for all n", 1.0),
        ("Hence, only $k=0,1,3$ are possible.\n\n\\boxed{0,1,4}", "k = 0, 1, 3 for all n", 0.0),
        ("The set of possible values for $k$ is $\\{0, 1, 3\\}$ for any $n \\ge 3$.", "{0, 1, 3}", 1.0),
        ("The possible values for $k$ are $\\{0, 1, 4\\}$ for all $n \\ge 3$.", "{0, 1, 3}", 0.0),
        # on the answer's own variable it restricts the answer
        ("\\boxed{f(x)=x+1 \\text{ for all } x > 0}", "f(x)=x+1", 0.0),
    ],
)
def test_universal_qualifier_on_a_parameter(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # functions that clip, round or pick are compared far out too (red team 48)
        ("\\min(x,20)", "x", 0.0),
        ("\\lfloor x^2/200\\rfloor", "0", 0.0),
        ("\\max(x,50)", "50", 0.0),
        ("\\max(x, -x)", "|x|", 1.0),
        # a Roman numeral key is a numeral, not a product of letters
        ("LX", "XL", 0.0),
        ("VI", "IV", 0.0),
        ("-1", "II", 0.0),
        ("\\text{IV}", "IV", 1.0),
        ("XII", "XII", 1.0),
        # an equation in the label's own symbol is no labelled value; a label is
        ("x = 2x+1", "2x+1", 0.0),
        ("n=2n+1", "2n+1", 0.0),
        ("y = 2x+1", "2x+1", 1.0),
        ("f(x) = 2x+1", "2x+1", 1.0),
        # growth classes, as classes
        ("O(2n)", "O(n)", 1.0),
        ("O(n^2/2)", "O(n^2)", 1.0),
        ("O(10)", "O(1)", 1.0),
        ("O(n \\log_2 n)", "O(n\\log n)", 1.0),
        ("O(n^2)", "O(n)", 0.0),
        ("O(3^n)", "O(2^n)", 0.0),
        ("\\Theta(2n)", "O(n)", 0.0),  # another kind of bound
        # LaTeX's dots above a repeating block
        ("0.\\dot{1}\\dot{2}", "\\frac{4}{33}", 1.0),
        ("0.\\dot{1}\\dot{2}", "\\frac{4}{11}", 0.0),
        ("1.\\dot{2}\\dot{7}", "\\frac{14}{11}", 1.0),
    ],
)
def test_red_team_48_comparisons(answer: str, gold: str, want: float) -> None:
    assert score(f"So the answer is $\\boxed{{{answer}}}$.", gold) == want


_VERTEX = "Find the coordinates of the vertex of the parabola $y = (x-2)^2 + 3$."
_INEQUALITY = "Find all real x such that $x^2 - 5x + 6 < 0$."
_ROOTS = "Find the roots of $x^2 - 4x + 3 = 0$. Return them as a list."
_ORDERED = "Find the two roots of $x^2-7x+10=0$ in increasing order. Return a list."


@pytest.mark.parametrize(
    ("answer", "gold", "prompt", "want"),
    [
        # a key of two numbers in brackets is a point, an interval or a list, as the question asks (red team 48)
        ("(2, 3)", "(2,3)", _VERTEX, 1.0),
        ("2<x<3", "(2,3)", _VERTEX, 0.0),
        ("x\\in(2,3)", "(2,3)", _VERTEX, 0.0),
        ("2<x<3", "(2,3)", _INEQUALITY, 1.0),
        ("x_1 = 2,\\ x_2 = 3", "(2,3)", _INEQUALITY, 0.0),
        ("1, 3", "[1, 3]", _ROOTS, 1.0),
        ("3, 1", "[1, 3]", _ROOTS, 1.0),
        ("x_1=1, x_2=3", "[1, 3]", _ROOTS, 1.0),
        ("1\\le x\\le 3", "[1, 3]", _ROOTS, 0.0),
        ("1, 4", "[1, 3]", _ROOTS, 0.0),
        ("2, 5", "[2, 5]", _ORDERED, 1.0),
        ("5, 2", "[2, 5]", _ORDERED, 0.0),
    ],
)
def test_pair_key_as_the_question_asks(answer: str, gold: str, prompt: str, want: float) -> None:
    assert score(f"So the answer is $\\boxed{{{answer}}}$.", gold, prompt=prompt) == want


def test_stop41_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("conclusions", "_COUNTED_RE", "'1 ' * (n // 2)"),
            ("conclusions", "_COUNTED_RE", "'1 aa ' * (n // 5)"),
            ("conclusions", "_PLAIN_RE", "'1,' * (n // 2)"),
            ("conclusions", "_TOTAL_WORD_RE", "'in ' * (n // 3)"),
            ("conclusions", "_DECLARED_RIGHT_RE", "' is ' * (n // 4)"),
            ("conclusions", "_RATE_AFTER_RE", "' for ' * (n // 5)"),
            ("revisions", "_ALSO_RE", "'1 could ' * (n // 8)"),
            ("revisions", "_ALSO_RE", "'gut says ' * (n // 9)"),
            ("revisions", "_ALSO_RE", "'or maybe ' * (n // 9)"),
            ("sentences", "_BOLD_VALUE_RE", "'**1 a' * (n // 5)"),
            ("sentences", "_FAILS_NOTE_RE", "'reject' * (n // 6)"),
            ("normalize", "BOLD_MARK_RE", "'**' * (n // 2)"),
            ("disowning", "_TOTAL_LINE_RE", "'\\\\ total ' * (n // 8)"),
            ("disowning", "_TOTAL_LINE_RE", "'\\n total 1' * (n // 9)"),
            ("disowning", "_TOTAL_LABEL_RE", "' ' * n"),
            ("disowning", "_NUMBER_CELL_RE", "' 1' * (n // 2)"),
            ("choices", "_OPTION_LABEL_BEFORE_BOX_RE", "'\\nA: ' * (n // 4)"),
            ("conclusions", "_AMOUNT_RE", "'$1,' * (n // 3)"),
            ("parse", "_FOR_ALL_RE", "' for all n ' * (n // 11)"),
            ("normalize", "_LATEX_DOT", "'\\\\dot ' * (n // 5)"),
            ("growth", "_GROWTH_RE", "' O(' * (n // 3)"),
            ("growth", "_GROWTH_RE", "' ' * n"),
            ("written", "_ROMAN_RE", "'IV' * (n // 2)"),
            ("pairs", "_PAIR_KEY_RE", "' (1,' * (n // 4)"),
            ("pairs", "_LABELLED_PAIR_RE", "' x = 1,' * (n // 7)"),
            ("pairs", "_LABELLED_PAIR_RE", "'\\\\, ' * (n // 3)"),
            ("pairs", "_BRACKETED_PAIR_RE", "' (1,' * (n // 4)"),
            ("pairs", "_INTERVAL_ANSWER_RE", "'\\\\l' * (n // 2)"),
            ("pairs", "_POINT_Q_RE", "'point ' * (n // 6)"),
            ("written", "_ROMAN_WRAP_RE", "'\\\\text{' * (n // 6)"),
            ("parse", "_FOR_ALL_RE", "' ' * n"),
            ("laststate", "_BOUND_SPAN_RE", "'n >' * (n // 3)"),
            ("laststate", "_QUANTIFIER_BETWEEN_RE", "' for any ' * (n // 9)"),
            ("disowning", "DISOWNED_RE", "'so I was ' * (n // 9)"),
            ("conclusions", "_VERDICT_END_RE", "', so it is ' * (n // 11)"),
        ]
    )
