"""Stop 37: classes found by red teams 38 and 39 and by the blind sets of this stop. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math.logic import read_formula, same_logic


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # connectives of logic are compared by truth table, not read as a list's separators
        (r"\boxed{p \land q}", r"p \lor q", 0.0),
        (r"\boxed{p \wedge q}", r"p \vee q", 0.0),
        ("The answer is p ∧ q.", "p ∨ q", 0.0),
        (r"\boxed{p \text{ and } q}", r"p \text{ or } q", 0.0),
        (r"\boxed{p \land q \land r}", r"p \lor q \lor r", 0.0),
        (r"\boxed{q \land p}", r"p \land q", 1.0),
        (r"\boxed{\neg p \lor q}", r"p \Rightarrow q", 1.0),
        (r"\boxed{\neg(p \land q)}", r"\neg p \lor \neg q", 1.0),
        (r"The answer is $p \to q$.", r"\neg q \to \neg p", 1.0),  # the contrapositive
        (r"The answer is $q \to p$.", r"p \to q", 0.0),  # the converse
        # a negation in front of an atom is not LaTeX's tie
        ("The answer is ~p.", "p", 0.0),
        ("Final answer: ~A", "A", 0.0),
        ("The answer is ~p ∨ q.", r"p \lor q", 0.0),
        (r"\boxed{\neg p}", "p", 0.0),
        (r"\boxed{\neg p}", r"\neg p", 1.0),
        # the algebra of named sets: x in A ∪ B when x in A or x in B
        (r"\boxed{A \cup B}", r"B \cup A", 1.0),
        (r"\boxed{A \cap B}", r"B \cap A", 1.0),
        (r"\boxed{A \cup B}", r"A \cap B", 0.0),
        (r"\boxed{\overline{A \cap B}}", r"A^c \cup B^c", 1.0),
        (r"\boxed{\overline{A \cap B}}", r"A^c \cap B^c", 0.0),
        (r"\boxed{A \setminus B}", r"A \cap B^{c}", 1.0),
        (r"\boxed{A \setminus B}", r"B \setminus A", 0.0),
        # conditions on a variable and lists of values are still the parser's
        (r"\boxed{-2 < x \wedge x < 1}", "(-2,1)", 1.0),
        (r"\boxed{x=3 \text{ or } x=5}", "3, 5", 1.0),
        (r"\boxed{3 \text{ or } 5}", "3 and 5", 1.0),
        (r"\boxed{a \text{ and } b}", "a, b", 1.0),
        (r"\boxed{A}", "A", 1.0),
        ("The answer is B or C.", "B", 0.0),
    ],
)
def test_formulas_of_logic_and_of_named_sets(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_a_formula_copied_from_the_question_computes_nothing() -> None:
    question = "Simplify $p \\land (p \\lor q)$."
    assert score("\\boxed{p \\land (p \\lor q)}", "p", question) == 0.0
    assert score("\\boxed{p}", "p", question) == 1.0


def test_what_reads_as_a_formula() -> None:
    assert read_formula(r"p \land (q \lor \neg r)") is not None
    assert read_formula(r"A^c \cup B'") is not None
    for not_logic in ("3 + 4", r"x < 1 \land x > 0", "|x|", "a | b", r"f'", r"\{p, q\}", "n!", r"a^2"):
        assert read_formula(not_logic) is None, not_logic
    assert same_logic("p", "p") is None  # no connective on either side: not ours to judge
    assert same_logic(r"p \lor q", r"P \cup Q") is None  # logic against sets: another kind of answer


_ATOMS = st.sampled_from(["p", "q", "r"])


@st.composite
def _formulas(draw: st.DrawFn, depth: int = 3) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(_ATOMS)
    op = draw(st.sampled_from([r"\land", r"\lor", r"\Rightarrow", r"\Leftrightarrow", "neg"]))
    if op == "neg":
        return rf"\neg ({draw(_formulas(depth - 1))})"
    return f"({draw(_formulas(depth - 1))} {op} {draw(_formulas(depth - 1))})"


@given(_formulas(), _formulas())
def test_logic_laws_hold_for_any_formulas(f: str, g: str) -> None:
    assert same_logic(rf"\neg \neg ({f})", f) in (True, None)  # None only when f has no connective
    assert same_logic(rf"\neg ({f} \land {g})", rf"\neg ({f}) \lor \neg ({g})") is True  # De Morgan
    assert same_logic(rf"{f} \Rightarrow {g}", rf"\neg ({f}) \lor {g}") is True
    assert same_logic(rf"{f} \land {g}", rf"{g} \land {f}") is True
    assert same_logic(rf"{f} \land \neg ({f})", rf"{g} \lor \neg ({g})") is False  # a contradiction is no tautology


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a combining overline (U+0305) or macron (U+0304) marks the digits that repeat
        ("The answer is 0.3\u0305", "0.3", 0.0),
        ("The answer is 0.3\u0304", "0.3", 0.0),
        ("The answer is 0.16\u0305", "0.16", 0.0),
        ("The answer is 0.16\u0305", r"\frac16", 1.0),
        ("\\boxed{0.3\u0305}", r"\frac13", 1.0),
        ("\\boxed{0.1\u03052\u0305}", r"\frac{4}{33}", 1.0),
    ],
)
def test_combining_overline_repeats_digits(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_WORK = "We need $6 \\times 7$ minus the one broken tile. $6\\times 7 = 42$, and $42 - 1 = 41$.\n\n"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the closing statements of two formats name different values: a hedge, as two different boxes are
        (_WORK + "**Answer:** 41\n\n\\boxed{42}", "42", 0.0),
        (_WORK + "\\boxed{41}\n\n#### 42", "42", 0.0),
        (_WORK + "\\boxed{41}\n\n<answer>42</answer>", "42", 0.0),
        (_WORK + "<answer>41</answer>\n\n{\"answer\": 42}", "41", 0.0),
        (_WORK + "Final answer: 41\n\n#### 42", "42", 0.0),
        (_WORK + "#### 41\n\n<answer>42</answer>", "42", 0.0),
        (_WORK + "Therefore, the answer is 10.\n\n**Final Answer**\n\\[\\boxed{7}\\]", "7", 0.0),
        ("\\boxed{6}\n<answer>5</answer>", "5", 0.0),
        ("The answer is 6.\n\n<answer>\n5\n</answer>", "5", 0.0),
        # the same value in two formats, a heading between, an option with its value: one answer
        (_WORK + "**Answer:** 41\n\n\\boxed{41}", "41", 1.0),
        (_WORK + "The final answer is:\n\\[\n\\boxed{41}\n\\]", "41", 1.0),
        (_WORK + "The answer is $\\frac{1}{2}$.\n\n\\boxed{0.5}", "1/2", 1.0),
        ("So, the correct answer is: A. 9 \\frac{6}{10}\n#### 9 \\frac{6}{10}", "9 \\frac{6}{10}", 1.0),
        # a revision or other words between the statements: the later one stands (the box rules' to judge)
        ("Final answer: 99\n\nWait, actually \\boxed{100}", "100", 1.0),
        ("<SOLUTION>72</SOLUTION>\nSo the answer is indeed correct.", "72", 1.0),
        ("Thus, our answer is confirmed:\nColin is \\( \\boxed{20} \\) years old.", "20", 1.0),
        # a tag shown as the format's example is no answer
        ("\\boxed{6}\n\n(Format reminder: put the answer in tags like <answer>5</answer>.)", "5", 0.0),
        ("\\boxed{6}\n\n(Format reminder: put the answer in tags like <answer>5</answer>.)", "6", 1.0),
    ],
)
def test_closing_statements_in_two_formats_must_agree(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_PACKS = "Let $x$ be the number of packs. From the problem, $2x + 3 = 17$, so $2x = 14$ and $x = 7$.\n\n"


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # another value offered after the answer, for another reading of the question or with doubt
        (_PACKS + "So $x=\\boxed{7}$.\n\n(If the problem instead meant $2x-3=17$, the answer would be $10$.)", 0.0),
        (_PACKS + "So $x=\\boxed{7}$, though $10$ is also defensible.", 0.0),
        (_PACKS + "So $x=\\boxed{7}$; another interpretation gives $10$.", 0.0),
        (_PACKS + "So $x=\\boxed{7}$.\n\nHowever, I'm not fully confident; $10$ is also plausible.", 0.0),
        (_PACKS + "The answer is 7, unless we count the boundary, in which case 10.", 0.0),
        (_PACKS + "The answer is 7, but if we count the boundary it's 10.", 0.0),
        # what is no alternative: a remark, a check, a later paragraph about other things
        (_PACKS + "So $x=\\boxed{7}$.\n\nThis is the only solution, since $2x+3$ is increasing.", 1.0),
        (_PACKS + "So $x=\\boxed{7}$.\n\nCheck: $2 \\cdot 7 + 3 = 17$.", 1.0),
        (_PACKS + "The answer is 7.\n\nIt would take 21 minutes for A and B together.", 1.0),
    ],
)
def test_another_value_offered_after_the_answer(completion: str, want: float) -> None:
    assert score(completion, "7") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the clause before a closing phrase of circumstances states the answer; the phrase's numbers are given
        ("First, each kid gets 2.\n\nThere are twelve cookies in total, since each of the 6 kids gets 2.", "12", 1.0),
        ("First, each kid gets 2.\n\nThere are twelve cookies in total, since each of the 6 kids gets 2.", "2", 0.0),
        ("She gave 6 away.\n\nThus she has twelve cookies left over after giving away 6.", "12", 1.0),
        ("She gave 6 away.\n\nThus she has twelve cookies left over after giving away 6.", "6", 0.0),
        ("Each pays $15.\n\nTherefore the total cost was 45 dollars, split among 3.", "45", 1.0),
        ("Rosie runs 30 miles + 20 miles.\n\nRosie can run a total of 50 miles in 7 hours.", "50", 1.0),
        # a phrase that states a value itself, or a clause that goes on after it, is not set aside
        ("x = 10\n\nSo, the two venues would be equal in cost when there are 10 guests.", "10", 1.0),
        ("Three cats meow 11 times a minute.\n\nThe three cats make in 5 minutes is 55 meows.", "55", 1.0),
        ("<answer> Daniel spends $1.00 on the magazine and pencil, and after applying the $0.35 discount, he spends "
         "$0.65. </answer>", "1", 0.0),
        ("After 2 weeks she has 14 dollars.", "14", 1.0),
    ],
)
def test_a_closing_phrase_of_circumstances(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # earlier boxes that name a quantity, working with an equation, then the asked value boxed: steps, no hedge
        ("Thus $\\boxed{\\alpha = 2+\\sqrt5} = p+\\sqrt q$, so $p=2, q=5$.\n\nNow $p^{q^p} = 2^{25} = 33554432$, and "
         "$33554432 = 99991 \\cdot 335 + 57447$.\n\n$$\\boxed{57447}$$", "57447", 1.0),
        ("Thus $\\boxed{\\alpha = 2+\\sqrt5} = p+\\sqrt q$, so $p=2, q=5$.\n\nNow $p^{q^p} = 2^{25} = 33554432$, and "
         "$33554432 = 99991 \\cdot 335 + 57447$.\n\n$$\\boxed{57447}$$", "2+\\sqrt5", 0.0),
        # unnamed boxes, or the same name boxed twice, stay two answers
        ("We get \\boxed{3}. Now compute y = x + 1 = 4 from that, so \\boxed{4}.", "4", 0.0),
        ("We get \\boxed{x = 3}. Checking the other root, x = 5 - 1 = 4 works too, so \\boxed{x = 4}.", "4", 0.0),
    ],
)
def test_named_boxes_before_the_last_are_steps(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_AMC = ("What is the value of $1+2+3+4$?\n\n$\\textbf{(A)}\\ 8 \\qquad \\textbf{(B)}\\ 9 \\qquad \\textbf{(C)}\\ 10 "
        "\\qquad \\textbf{(D)}\\ 11 \\qquad \\textbf{(E)}\\ 12$")
_MATHQA = ("a train running at the speed of 60 km / hr crosses a pole in 9 seconds . what is the length of the train ? "
           "Options: a ) 120 metres , b ) 180 metres , c ) 324 metres , d ) 150 metres , e ) none of these")
_MMLU = "Question: Which is prime?\nA. 4\nB. 9\nC. 11\nD. 15\nAnswer:"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # AMC's options ("\textbf{(C)}\ 10 \qquad"): a letter and a value that contradict them are not paid
        ("\\boxed{\\textbf{(C)}\\ 11}", "C", _AMC, 0.0),
        ("\\boxed{\\textbf{(D)}\\ 10}", "10", _AMC, 0.0),
        ("Answer: (B) 10", "10", _AMC, 0.0),
        ("\\boxed{\\textbf{(C)}\\ 10}", "C", _AMC, 1.0),
        # a letter against a value key, a value against a letter key: the question's options tie them
        ("\\boxed{C}", "10", _AMC, 1.0),
        ("\\boxed{D}", "10", _AMC, 0.0),
        ("The answer is 11.", "C", _MMLU, 1.0),
        ("The answer is 9.", "C", _MMLU, 0.0),
        ("\\boxed{C}", "11", _MMLU, 1.0),
        ("\\boxed{C}", "11", None, 0.0),  # no options to tie them
        # MathQA's lower-case keys against an upper-case label with the option's content
        ("Answer: (D) 150 metres", "d", _MATHQA, 1.0),
        ("The answer is D) 150 metres.", "d", _MATHQA, 1.0),
        ("Answer: (C) 324 metres", "d", _MATHQA, 0.0),
    ],
)
def test_options_of_the_question_tie_letters_and_values(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a piece of a longer expression, or one item of the question's list or choice, is picked out, not restated
        ("The slope of $y=\\frac{3}{4}x+2$ is $\\boxed{\\frac{3}{4}}$.", "\\frac{3}{4}", "What is the slope of the line $y=\\frac{3}{4}x+2$?", 1.0),
        ("The amplitude is $\\boxed{\\sqrt{2}}$.", "\\sqrt{2}", "What is the amplitude of $y=\\sqrt{2}\\sin x$?", 1.0),
        ("So the third term is $\\boxed{\\frac{3}{4}}$.", "\\frac34", "What is the third term of the sequence $\\frac{1}{2}, \\frac{2}{3}, \\frac{3}{4}, \\ldots$?", 1.0),
        ("The larger is $\\boxed{2^{10}}$.", "2^{10}", "Which is larger: $2^{10}$ or $10^3$?", 1.0),
        ("So the answer is $\\boxed{\\frac{3}{4}}$.", "\\frac{3}{4}", "Which is greater, $\\frac{3}{4}$ or $\\frac{2}{3}$?", 1.0),
        # the question's expression restated in another spelling still computes nothing
        ("$\\boxed{\\frac{6}{8}}$", "\\frac34", "Simplify $\\frac68$.", 0.0),
        ("$\\boxed{\\sqrt{8}}$", "2\\sqrt2", "Simplify $\\sqrt8$.", 0.0),
        ("$\\boxed{2**10}$", "1024", "Compute $2^{10}$.", 0.0),
        ("$\\boxed{x^2+2x+1}$", "(x+1)^2", "Factor $x^{2}+2x+1$.", 0.0),
        ("$\\boxed{\\frac{3}{4}}$", "\\frac34", "Simplify $\\frac68$.", 1.0),
    ],
)
def test_an_answer_picked_from_the_question_is_no_echo(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a unit symbol after the number in prose ("10 N", "300 K"), and in a box where the question asks for that unit
        ("F = ma = 2 × 5 = 10 N.\n\nThe answer is 10 N.", "10", None, 1.0),
        ("T_f = 300 K.\n\n**Final answer:** 300 K", "300", None, 1.0),
        ("V = IR = 12 V.\n\nFinal answer: 12 V", "12", None, 1.0),
        ("The distance is $d = vt = 2 \\times 2 = \\boxed{4\\,m}$.", "4", "How far does the cart travel, in meters?", 1.0),
        ("The time is $\\boxed{4 s}$.", "4", "How long does the fall take, in seconds?", 1.0),
        ("The time is $\\boxed{4 s}$.", "4", "How long does the fall take, in minutes?", 0.0),  # another unit
        ("The time is $\\boxed{4 s}$.", "4", None, 0.0),  # no unit asked: the letter may be a variable
        # a last number the text gives up on, or one that names a chapter, is no answer
        ("The problem states she sold 48 clips in April. I'm not able to solve this.", "48", None, 0.0),
        ("The store has 15 apples. I need more information to answer.", "15", None, 0.0),
        ("Hmm, this problem is tricky. I'll need to think about the 8 apples more carefully.", "8", None, 0.0),
        ("To solve this we use the formula from Chapter 8.", "8", None, 0.0),
        ("She sold 48 clips in April and 24 in May, so 72 in all.", "72", None, 1.0),
    ],
)
def test_unit_symbols_and_uncommitted_numbers(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


def test_stop37_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("logic", "_TOKEN_RE", "'a' * n"),
            ("logic", "_TEXT_WORD_RE", "'\\\\text{' * (n // 6)"),
            ("normalize", "_COMBINING_OVERLINE_RE", "'1\u0305' * (n // 2)"),
            ("closing", "_LAYOUT_RE", "' ' * n"),
            ("closing", "_HEADING_RE", "'*' * n"),
            ("closing", "_PART_RE", "' ' * n"),
            ("revisions", "_ALSO_RE", "'if ' * (n // 3)"),
            ("revisions", "_ALSO_RE", "'in which case ' * (n // 14)"),
            ("revisions", "_ALSO_RE", "'another reading ' * (n // 16)"),
            ("forms", "_TRAILING_PHRASE_RE", "' ' * n"),
            ("forms", "_TRAILING_PHRASE_RE", "', split ' * (n // 8)"),
            ("forms", "_STATES_AFTER_RE", "'is ' * (n // 3)"),
            ("forms", "_TIME_BEFORE_RE", "'in ' * (n // 3)"),
            ("laterbox", "_NAMED_BOX_RE", "' ' * n"),
            ("question", "_LABEL_FONT_RE", "'\\\\textbf{' * (n // 8)"),
            ("question", "_CHOICE_RE", "' a' * (n // 2)"),
            ("asked_unit", "_ASKED_UNIT_RE", "'in ' * (n // 3)"),
            ("asked_unit", "_NUMBER_SYMBOL_RE", "'1 ' * (n // 2)"),
            ("doubts", "_GAVE_UP_RE", "'think ' * (n // 6)"),
            ("doubts", "_GAVE_UP_RE", "'not able ' * (n // 9)"),
            ("laterbox", "_NAMED_BOX_RE", "'a_{1' * (n // 4)"),
        ]
    )
