"""Stop 38: classes found by red teams 39 and 40 and by the blind sets of this stop. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import boxed, score
from verigrpo.verifiers.math.normalize import named_rows, normalize


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # two numbers that make one value are no answer of their first number: a size, a rate, a power
        ("Final answer: 3 by 4", "3", 0.0),
        ("The rug must cover the 5 ft by 7 ft floor exactly, so the answer is 5 by 7.", "5", 0.0),
        ("Out of the 35 students, 25 passed, so the answer is 5 in every 7.", "5", 0.0),
        ("Final answer: 3 in every 4", "3", 0.0),
        ("The answer is 5 out of every 7.", "5", 0.0),
        ("Comparing the counts, the answer is 5 for every 7.", "5", 0.0),
        ("A megabyte has a million bytes, so the answer is 10 to the 6th.", "10", 0.0),
        ("So the number of cells is 2 to the 10th.\n\nFinal answer: 2 to the 10th", "2", 0.0),
        # a number with a phrase after it, a product worked out before the sentence that states it
        ("He runs 5 miles in every session.", "5", 1.0),
        ("The answer is 12 (3 x 4).", "12", 1.0),
        ("8 x 1.5 = 12\n\nSo, George will receive $12 from his parents when he exchanges the bills.", "12", 1.0),
        # a value said to be unlikely, or one under an assumption the problem does not make
        ("Since two of the boxes are empty, the answer is unlikely to be 5.", "5", 0.0),
        ("After recounting, the answer can hardly be 5 because two boxes are empty.", "5", 0.0),
        ("The answer is doubtful to be 5.", "5", 0.0),
        ("The net force includes friction. The answer would be 5 if we ignored friction.", "5", 0.0),
        ("Without the discount the cost is higher. The price would be 5 dollars if there were no coupon.", "5", 0.0),
        # (policy: "ignoring air resistance" is the model most physics questions ask for, so its value is an answer)
        ("Ignoring air resistance, the time would be 5 seconds. With air resistance, it takes longer.", "5", 1.0),
        ("If the train had not stopped, the trip would take 5 hours.", "5", 0.0),
        ("If she buys 3 more, she would have 12 apples.", "12", 1.0),  # the question's own condition
        ("Without a calculator we add them up. So she would have 12 apples.", "12", 1.0),
        ("The answer is 5.", "5", 1.0),
    ],
)
def test_compound_numbers_and_hypothetical_values(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # digit groups side by side are set as one numeral, never multiplied
        (r"Reading off the digits, the answer is $\boxed{\text{2}\text{3}}$.", "6", 0.0),
        (r"Reading off the digits, the answer is $\boxed{\text{2}\text{3}}$.", "23", 1.0),
        (r"So the number is $\boxed{{1}{0}{0}}$.", "100", 1.0),
        (r"So the number is $\boxed{{1}{0}{0}}$.", "0", 0.0),
        (r"So the number is $\boxed{\mathbf{2}\mathbf{3}}$.", "6", 0.0),
        (r"$\boxed{\frac{1}{2}}$", "0.5", 1.0),  # a command's arguments are no digit run
        (r"$\boxed{\binom{5}{2}}$", "10", 1.0),
        # rows that each name another unknown: in a box one answer in named parts; in a display the fallback reads,
        # its last row (stop 19's policy, as for "$x = 1$, $y = 2$.") or, against a tuple, all rows in their order
        ("Solving the system:\n\\begin{align} x &= 7 \\\\ y &= 3 \\end{align}", "3", 1.0),
        ("Solving the system:\n\\begin{align} x &= 7 \\\\ y &= 3 \\end{align}", "(7,3)", 1.0),
        ("Solving the system:\n\\begin{align} x &= 7 \\\\ y &= 3 \\end{align}", "(3,7)", 0.0),
        ("So $x = 1$, $y = 2$.", "(1, 2)", 1.0),
        ("So $x = 1$, $y = 2$.", "(2, 1)", 0.0),
        (r"Solving the system gives $$\boxed{\begin{cases} x = 7 \\ y = 3 \end{cases}}$$", "(7,3)", 1.0),
        (r"Solving the system gives $$\boxed{x = 7 \\ y = 3}$$", "(7,3)", 1.0),
        (r"Solving the system gives $$\boxed{x = 7 \\ y = 3}$$", "3", 0.0),
        ("$$\\begin{aligned} a &= 2 \\\\ b &= a + 3 = 5 \\end{aligned}$$", "5", 1.0),  # a chain: its last row
        # a box that holds a display of rows: named parts, or a chain
        (r"\boxed{\begin{aligned} x &= 1 \\ y &= 2 \end{aligned}}", "x=1, y=2", 1.0),
        (r"\boxed{\left\{\begin{array}{l} x = 1 \\ y = 2 \end{array}\right.}", "x=1, y=2", 1.0),
        (r"\boxed{\begin{aligned} x &= 3+2 \\ &= 5 \end{aligned}}", "5", 1.0),
        (r"\boxed{\begin{aligned} x &= 3+2 \\ &= 5 \end{aligned}}", "6", 0.0),
        (r"\boxed{\begin{aligned} x &= 1 \\ y &= 2 \end{aligned}}", "x=2, y=1", 0.0),
        # an equation's number is no part of it
        ("Solving the system:\n$$x = 7 \\tag{1}$$", "7", 1.0),
        (r"Thus $$\boxed{7\tag{*}}$$", "7", 1.0),
        # two values joined by a line break, or by "或者" after a Chinese comma, are a hedge
        ("Final answer: $x = 7$ \\\\ $x = 10$", "7", 0.0),
        ("设包数为 $x$，则 $2x+3=17$，解得 $x=7$。若题意为减去3，则 $x=10$。\n\n答案是7，或者10。", "7", 0.0),
        ("答案是12，不是13。", "12", 1.0),
    ],
)
def test_typeset_numerals_named_rows_and_hedges(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a box that holds a plain sentence is read as an answer tag's sentence is (set 148's GRPO answer tags)
        ("The dog is 12 years old.", "12", 1.0),
        ("The dog is 12 years old.", "13", 0.0),
        ("She made $1,800.00 from the sales.", "1800", 1.0),
        ("Mirasol has $10 left in her account.", "10", 1.0),
        ("Total number of balloons = 5 × 8 × 12 = 480", "480", 1.0),
        ("It is not 12 years.", "12", 0.0),
        ("1; DROP TABLE users;--", "1", 0.0),  # code, not a sentence
        # the end of a tag cut off after the answer, a closing delimiter whose opening was cut (set 147)
        ("8 GB</answer", "8", 1.0),
        ("8</SOLUTION", "8", 1.0),
        ("1</answer", "8", 0.0),
        (r"(\frac{3}{5}, \frac{8}{3}]\)", r"\left(\frac{3}{5},\frac{8}{3}\right]", 1.0),
        (r"(\frac{3}{5}, \frac{8}{3})\)", r"\left(\frac{3}{5},\frac{8}{3}\right]", 0.0),
    ],
)
def test_sentences_and_cut_markup_in_a_box(answer: str, gold: str, want: float) -> None:
    assert score(boxed(answer), gold) == want


SEATS = "A classroom has 3 rows of 4 seats. How many seats are there?"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a box in a paragraph set apart (a bonus, a related case, an exercise), after the solution stated another answer
        ("So there are 10 handshakes.\n\n**Bonus:** with 6 friends, there would be $\\boxed{15}$.", "15", 0.0),
        ("So there are 10 handshakes.\n\nP.S. $\\boxed{15}$ for six.", "15", 0.0),
        ("The answer is 10.\n\n---\n\n**Exercise for the reader:** Show that with 6 friends it is $\\boxed{15}$.", "15", 0.0),
        ("So the remainder is $2$.\n\n*Related problem answer (divided by 9):* $\\boxed{7}$", "7", 0.0),
        ("So there are 15 handshakes.\n\n**Bonus:** the same count, $\\boxed{15}$.", "15", 1.0),  # the same answer
        # a check's or another method's box, after an explicit answer with another value
        ("Final answer: 10\n\nVerification: $3 \\times 4 - 2 = 10$, while the total is $\\boxed{12}$.", "12", 0.0),
        ("**Final Answer:** 10\n\n**Verification:** total seats $= \\boxed{12}$, usable $= 10$ ✓", "12", 0.0),
        ("Final answer: 10\n\nAlternatively, counting rows: $\\boxed{10}$.", "10", 1.0),
        ("We add the rows: 3 + 4 = 7.\n\nCheck: $7 = \\boxed{7}$.", "7", 1.0),  # no explicit answer before it
        ("First, $2x = 6$.\n\nSimilarly, $x = \\boxed{3}$.", "3", 1.0),  # "Similarly" goes on with the working
        # a box the text calls a mistake
        ("The answer is 10. A common mistake is to forget the broken seats and get $\\boxed{12}$.", "12", 0.0),
        ("So there are 10.\n\nIncorrect approach: $3\\times4=\\boxed{12}$ (ignores broken seats).", "12", 0.0),
        ("The correct count is 28; the textbook's $\\boxed{35}$ is a misprint.", "35", 0.0),
        ("So we get 12. (If you got $\\boxed{8}$, you evaluated $x^3$ instead.)", "8", 0.0),
        # a later paragraph that takes the box back for a value in maths
        ("Thus the probability is $\\boxed{\\frac{1}{3}}$.\n\nTypo above; read $\\frac{1}{4}$.", "\\frac13", 0.0),
        ("So $x = \\boxed{4}$.\n\nNope, re-reading the problem it is $2x + 3 = 13$, so $5$.", "4", 0.0),
        ("She eats 3, leaving $\\boxed{12}$.\n\nOops, I mis-added; it's $12 - 3 = 9$.", "12", 0.0),
        ("The sum is $\\boxed{-5}$.\n\nErr, the polynomial is $x^2 - 5x + 6$, so the sum is $5$. Rather, $5$.", "-5", 0.0),
        ("The answer is \\boxed{4}.\n\nWait, let me double-check: $2 \\cdot 2 = 4$.", "4", 1.0),
    ],
)
def test_boxes_set_aside_or_taken_back(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # set 149: people's answers against teachers' keys
        ("0,70", "0,7", 1.0),  # a decimal comma on both sides
        ("0,75", "0,7", 0.0),
        ("1,5", "1, 5", 1.0),
        ("x = -2 ou x = 2", "x = 2 ou x = -2", 1.0),  # "or" in French between solutions
        ("x = 2", "x = 2 ou x = -2", 0.0),
        ("3 oder 4", "3", 0.0),
        ("63 × 9 = 567", "63 x 9 = 567", 1.0),  # a typed x between numbers is the times sign
        ("567", "63 x 9 = 567", 1.0),
        ("568", "63 x 9 = 567", 0.0),
    ],
)
def test_typed_answers_of_people(answer: str, gold: str, want: float) -> None:
    assert score(boxed(answer), gold) == want


ABC = "What is 2+1?\nA. 1\nB. 2\nC. 3\nD. 4"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # the question's own equation, rearranged, is no solution of it; an equation of the answer's own with the
        # reference's solutions is paid (other projects' grading tests: "x - 1 = 0" against "x = 1")
        ("Subtracting 3 from both sides gives\n\n$$\\boxed{2x = 6}$$", "x=3", "Solve for x: 2x + 3 = 9.", 0.0),
        ("Rewriting: $\\boxed{3 + 2x = 9}$", "x=3", "Solve for x: 2x + 3 = 9.", 0.0),
        ("We have $\\boxed{25 = 5a}$.", "a=5", "Find a if 5a=25.", 0.0),
        ("So $\\boxed{(x-3)^2=0}$.", "x=3", "Solve x^2 - 6x + 9 = 0.", 0.0),
        ("So $\\boxed{x = 3}$.", "x=3", "Solve for x: 2x + 3 = 9.", 1.0),
        ("So $\\boxed{3 = x}$.", "x=3", "Solve for x: 2x + 3 = 9.", 1.0),
        ("So $\\boxed{x - 1 = 0}$.", "x=1", None, 1.0),
        # the value names one option and the letter written with it another
        ("2 + 1 = 3.\n\nAnswer: $\\boxed{3}$ (B)", "C", ABC, 0.0),
        ("Adding gives three, so the answer is 3 (option B).", "C", ABC, 0.0),
        ("Answer: 3 → B", "C", ABC, 0.0),
        ("$\\boxed{3}$ which is B", "C", ABC, 0.0),
        ("The sum is four.\n\n$\\boxed{\\text{C. } 4}$", "C", ABC, 0.0),
        ("The answer is 3 (C).", "C", ABC, 1.0),
        ("$\\boxed{\\text{C. } 3}$", "C", ABC, 1.0),
        ("The answer is 3.", "C", ABC, 1.0),
        ("$\\boxed{3}$. Options (A) and (B) are wrong.", "C", ABC, 1.0),  # other letters in another sentence
        # a superscript minus before plain digits is a minus
        ("Computing $5 - 17$: the answer is ⁻12.", "12", None, 0.0),
        ("Computing $5 - 17$: the answer is ⁻12.", "-12", None, 1.0),
        ("So the answer is x⁻¹.", "1/x", None, 1.0),
    ],
)
def test_unsolved_equations_and_options_that_disagree(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a note in brackets that ends the text, after the sentence stated its number: the stated number
        ("First, 3 boxes × 4 = 12 pens. Then she buys 5 more, giving 17 pens in total (that took 2 trips).", "2", 0.0),
        ("First, 3 boxes × 4 = 12 pens. Then she buys 5 more, giving 17 pens in total (that took 2 trips).", "17", 1.0),
        ("The number 26 factors as 2 × 13. The largest prime factor is 13 (since 2 × 13 = 26).", "26", 0.0),
        ("Digit sum of 99 is 9 + 9 = 18.\nSo the sum of the digits is 18 ✓ (verified with n = 99).", "18", 1.0),
        ("The two companies charge the same for 12 sheets of pictures ($158 each).", "12", 1.0),  # set 48
        ("So x = 5 (or 6).", "5", 0.0),  # the note offers another value
        # a note that restates the stated number is kept ("by 20 minutes (8:20 - 8:00 = 20 minutes)")
        ("Since the bus leaves at 8:00 a.m, he would miss the bus by 20 minutes (8:20 a.m - 8:00 a.m = 20 minutes).", "20", 1.0),
    ],
)
def test_a_closing_note_after_the_stated_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


JANET = (
    "She eats 3 and uses 4 for muffins, so she uses 7 eggs.\nRemaining eggs: 16 - 7 = 9.\n"
    "She sells each for $2, so she makes 9 × 2 = 18 dollars.\n\nThe answer is 17.\n\n"
)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # red team 42: more labels of a paragraph set apart, and values under another assumption
        (JANET + "NB: \\boxed{18}", "18", 0.0),
        (JANET + "**Remark:** at $2 each including the muffins' eggs, she'd get \\boxed{18}", "18", 0.0),
        (JANET + "PS: \\boxed{18}", "18", 0.0),
        (JANET + "**Fun fact:** \\boxed{18}", "18", 0.0),
        ("The range comes out to 35 m, so the answer is 35.\n\nWithout air resistance, the range would be \\boxed{40} m.", "40", 0.0),
        ("So P = 9/25 is our answer.\n\nWithout replacement it would be \\boxed{3/10}.", "3/10", 0.0),
        ("The answer is 17.\n\nNB: \\boxed{17}", "17", 1.0),
        # boxes named as mistakes are set aside and the rest is read
        ("Total cookies: 56. \\boxed{60} can't be right, since cookies were dropped, not added.", "60", 0.0),
        ("Let's rule out \\boxed{60}: adding the dropped cookies makes no sense.", "60", 0.0),
        ("A careless reader would answer \\boxed{60}.", "60", 0.0),
        ("Beware of the trap answer \\boxed{60}.", "60", 0.0),
        ("A common mistake is to get \\boxed{60} by adding the 4 dropped cookies. The correct total is \\boxed{52}.", "52", 1.0),
        ("If you got \\boxed{60}, you added the dropped cookies.\n\nCorrect: 56 − 4 = 52.\n\n\\boxed{52}", "52", 1.0),
        ("It is tempting to answer \\boxed{60}, but that adds the 4 dropped cookies. The answer is 52.", "52", 1.0),
        # a correction in brackets, or an arithmetic slip owned after the box, takes the value back
        ("3 boxes × 6 pens = 18 pens. Removing 1 leaves 17.\n\nSo the boxes hold 18 pens (I mean 17).", "18", 0.0),
        ("3 boxes × 6 pens = 18 pens. Removing 1 leaves 17.\n\nSo the boxes hold 18 pens (correction: 17).", "17", 1.0),
        ("So the price is 20 − 4 = 16.\n\nSale price: \\boxed{16}\n\nI made an arithmetic slip — 20 × 0.75 = 15.", "16", 0.0),
        # a check that ends on its check mark is finished; "i.e." is no sentence's end; "ignoring air resistance" is
        # the question's model, not a contrary assumption
        ("So the answer is \\boxed{120}.\n\nLet me double check: 120 / 2 = 60 ✓", "120", 1.0),
        ("The answer is 11, i.e. (B).", "B", 1.0),
        ("The answer is 11, i.e. (B).", "C", 0.0),
        ("Ignoring air resistance, the ball would land after 3 seconds.", "3", 1.0),
    ],
)
def test_more_asides_mistakes_and_corrections(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_named_rows_need_distinct_names_on_every_row() -> None:
    assert named_rows(["x = 7", "y = 3"]) == "x = 7, y = 3"
    assert named_rows(["x = 7"]) is None
    assert named_rows(["x = 7", "x = 3"]) is None  # one unknown twice: a list or a revision, not parts
    assert named_rows(["x = 7", "3"]) is None
    assert named_rows(["x + y = 10", "x - y = 4"]) is None  # a system, not its solution
    assert normalize(r"\text{2}\text{3}") == "23"
    assert normalize(r"x^{2}{3}") == r"x^{2}{3}"


def test_stop38_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("forms", "_BOUND_SIGN_RE", "'5 by ' * (n // 5)"),
            ("forms", "_BOUND_SIGN_RE", "'5 ft by ' * (n // 8)"),
            ("forms", "_BOUND_SIGN_RE", "'5 in every ' * (n // 11)"),
            ("forms", "_BOUND_SIGN_RE", "'5 to the ' * (n // 9)"),
            ("doubts", "_HYPOTHETICAL_RE", "'would ' * (n // 6)"),
            ("doubts", "_COUNTERFACTUAL_RE", "'if we ' * (n // 6)"),
            ("doubts", "_COUNTERFACTUAL_RE", "'if a ' * (n // 5)"),
            ("normalize", "_JUXTAPOSED_DIGITS", "'{1}' * (n // 3)"),
            ("normalize", "_JUXTAPOSED_DIGITS", "'\\\\text{1}' * (n // 8)"),
            ("normalize", "_NAMED_ROW", "'x = ' * (n // 4)"),
            ("normalize", "_ROW_BREAK_RE", "'\\\\\\\\[' * (n // 3)"),
            ("normalize", "_TAG", "'\\\\tag{' * (n // 5)"),
            ("normalize", "_TAG_END_FRAGMENT", "' ' * n"),
            ("verifier", "_PLAIN_SENTENCE_RE", "'ab ' * (n // 3)"),
            ("verifier", "_SENTENCE_WORDS_RE", "'ab ' * (n // 3)"),
            ("verifier", "_SENTENCE_WORDS_RE", "'ab ab 1 ' * (n // 8)"),
            ("laterbox", "_ASIDE_LABEL_RE", "' ' * n"),
            ("laterbox", "_MISTAKE_BEFORE_RE", "'common ' * (n // 7)"),
            ("laterbox", "_MISTAKE_AFTER_RE", "'a ' * (n // 2)"),
            ("revisions", "_CONCLUDED_END_RE", "'$1' * (n // 2)"),
            ("revisions", "_CONCLUDED_END_RE", "'rather, ' * (n // 8)"),
            ("normalize", "_FOREIGN_OR", "'1 ou ' * (n // 5)"),
            ("normalize", "_TYPED_TIMES", "'1 x ' * (n // 4)"),
            ("question", "_QUESTION_EQUATION_RE", "'$' + 'a=' * (n // 2)"),
            ("question", "_QUESTION_EQUATION_RE", "'x + ' * (n // 4)"),
            ("optionvalues", "LETTER_NAMED_RE", "'which is ' * (n // 9)"),
            ("cleanup", "_SUPERSCRIPT_MINUS_RE", "'⁻' * n"),
            ("fallback", "_END_NOTE_RE", "' ' * n"),
            ("fallback", "_CORRECTING_NOTE_RE", "' ' * n"),
            ("sentences", "_IE_OPTION_RE", "'a' * n"),
            ("sentences", "_IE_OPTION_RE", "'1 i.e. ' * (n // 7)"),
            ("laterbox", "_ASIDE_LABEL_RE", "'if we ' * (n // 6)"),
            ("laterbox", "_MISTAKE_AFTER_RE", "'is not ' * (n // 7)"),
            ("spans", "_BOX_ENV_RE", "'\\\\begin{array}{' * (n // 15)"),
            ("fallback", "_END_NOTE_RE", "'(1' * (n // 2)"),
        ]
    )


def test_boxes_in_context_are_read_again_only_once() -> None:
    # 1,500 paragraphs that each set a box apart: one second reading, never a recursion per paragraph
    completion = "The answer is 3.\n\n" + "".join(f"NB: \\boxed{{{i}}}\n\n" for i in range(1500))
    assert score(completion, "3") == 0.0  # (the boxes after the answer are other answers)
    assert score(completion, "1499") == 0.0
    assert score("The answer is 3.\n\nNB: \\boxed{3}", "3") == 1.0


@pytest.mark.parametrize(
    ("answer", "want"),
    [
        # the name of a quantity on the left is a label, as "x = 1" and "|AB| = 1" are (red team 41)
        ("|z| = 1", 1.0),
        ("E[X] = 1", 1.0),
        ("[ABC] = 1", 1.0),  # an area
        (r"\overline{AB} = 1", 1.0),  # a segment
        ("x + y = 1", 0.0),  # an expression of unknowns is no name: the equation is not its right side
        ("[x] = 1", 0.0),  # a floor: a condition on x
        ("x^2 = 1", 0.0),
    ],
)
def test_named_quantities_on_the_left(answer: str, want: float) -> None:
    assert score(boxed(answer), "1") == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # true and false in the languages models answer in, against TheoremQA's keys
        (r"\text{Vrai}", "True", 1.0),
        (r"\text{Faux}", "False", 1.0),
        (r"\text{faux}", "True", 0.0),
        (r"\text{正确}", "True", 1.0),
        (r"\text{错误}", "True", 0.0),
        (r"\text{Wahr}", "True", 1.0),
        (r"\text{Falso}", "False", 1.0),
    ],
)
def test_true_and_false_in_other_languages(answer: str, gold: str, want: float) -> None:
    assert score(boxed(answer), gold) == want
