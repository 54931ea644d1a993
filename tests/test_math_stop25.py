"""What stop 25 reads: vector arithmetic written out and the standard basis, a conceded box, Korean scales, "but
also", logic's connectives and independent plus-minus signs, options chosen after deliberation, open answer tags, revised
answer blocks, reference lists that repeat an item, several options named correct, labels with words in their
subscripts or several variables, keys in prose, "{}" and ASCII unions. Every paying case below was refused before its
rule (checked by reverting it); the refusing cases bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from verigrpo.verifiers.math import math_answer


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("(1,2)+(3,4)", "(4,6)", 1.0),
        ("(5,6)-(1,2)", "(4,4)", 1.0),
        ("(5,6)-(1,2)", "(4,5)", 0.0),
        ("(1,2)+2(3,4)", "(7,10)", 1.0),
        ("2\\cdot(1,2)", "(2,4)", 1.0),
        ("(1,2)\\cdot(3,4)", "11", 1.0),
        ("(1,2)\\cdot(3,4)", "10", 0.0),
        ("\\langle 1,2,3\\rangle\\cdot\\langle 4,5,6\\rangle", "32", 1.0),
        ("(1,0,0)\\times(0,1,0)", "(0,0,1)", 1.0),
        ("(1,0,0)\\times(0,1,0)", "(0,0,-1)", 0.0),
        ("(a,b)+(a,-b)", "(2a, 0)", 1.0),
        ("\\left\\|(5,12)\\right\\|", "13", 1.0),
        ("\\|\\langle 1,2,2\\rangle\\|", "3", 1.0),
        ("\\Vert (3,4) \\Vert", "5", 1.0),
        ("\\Vert (3,4) \\Vert", "7", 0.0),
        ("\\|-3\\|", "3", 1.0),
        # not vectors: intervals stay sets, x between pairs may be a Cartesian product, a name is not a factor
        ("(0,6]-(0,2]", "(2,6]", 1.0),
        ("(1,2)\\times(3,4)", "-2", 0.0),
        ("(1,2)+(3,4,5)", "(4,6,5)", 0.0),
        ("(1,\\infty)+(2,3)", "(3,\\infty)", 0.0),
        # the standard basis written with decorated letters: the vector of the coefficients, on either side
        ("3\\hat{i}+4\\hat{j}", "(3,4)", 1.0),
        ("(3,4)", "3\\hat{i}+4\\hat{j}", 1.0),
        ("\\hat{i}+2\\hat{j}+3\\hat{k}", "\\langle 1,2,3\\rangle", 1.0),
        ("\\hat{i}+2\\hat{j}+3\\hat{k}", "\\langle 1,2,4\\rangle", 0.0),
        ("3\\mathbf{i}-\\mathbf{j}", "(3,-1)", 1.0),
        ("\\hat\\imath + \\hat\\jmath", "(1,1)", 1.0),
        ("3\\vec{i} + 4 \\vec{j}", "3\\hat{i}+4\\hat{j}", 1.0),
        ("3\\hat{i}+4\\hat{j}", "(3,4,0)", 0.0),
        ("3+\\hat{i}", "(3,1)", 0.0),  # a constant beside the basis is no vector
        ("2i+3", "3+2i", 1.0),  # a plain i stays the imaginary unit
        ("2i+3", "(3,2)", 0.0),
    ],
)
def test_vector_arithmetic_is_worked_out(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


def test_the_basis_pattern_is_linear_time():
    assert_patterns_linear(
        [
            ("lex", "_BASIS_ARG", "'{ ' * (n // 2)"),
            ("lex", "_BASIS_ARG", "'   \\\\' * (n // 4)"),
            ("lex", "_BASIS_ARG", "'{\\\\imath' * (n // 7)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a box conceded in a clause that opens its sentence: the main clause concludes, not the box
        ("Although \\boxed{18} is representable, 38 is the largest even integer with the property.", "18", 0.0),
        ("We check. Though $\\boxed{18}$ works, it is not the largest.", "18", 0.0),
        ("Even though \\boxed{7} fits the first condition, the second rules it out.", "7", 0.0),
        # ... not a box after the concession's comma, nor a conclusion
        ("Although the algebra is long, the answer is \\boxed{18}.", "18", 1.0),
        ("Thus the answer is \\boxed{18}.", "18", 1.0),
    ],
)
def test_a_conceded_box_is_not_the_answer(completion: str, gold: str, want: float):
    assert math_answer(completion, {"reference": gold}).outcome == want


def test_the_concession_pattern_is_linear_time():
    assert_patterns_linear(
        [
            ("laterbox", "_CONCEDED_BEFORE_BOX_RE", "'. although ' * (n // 11)"),
            ("laterbox", "_CONCEDED_BEFORE_BOX_RE", "'\\n  even   ' * (n // 11)"),
            ("revisions", "_OR_VALUE_RE", "'but also ' * (n // 9)"),
            ("laterbox", "_CORRECT_BEFORE_RE", "'. the correct ' * (n // 14)"),
            ("extract", "_LETTERS_SAID_CORRECT_RE", "'(A), ' * (n // 5)"),
            ("reference", "_PROSE_RE", "'a ' * (n // 2)"),
            ("normalize", "_ASCII_UNION", "') ' * (n // 2)"),
            ("extract", "_LETTERS_SAID_CORRECT_RE", "'A and ' * (n // 6)"),
            ("markers", "_ANSWER_IS_RE", "'the correct options ' * (n // 20)"),
            ("choices", "_LAST_PART_RE", "', ' * (n // 2)"),
            ("cjk", "_CJK_SCALE_RE", "'1 ' * (n // 2)"),
            ("cjk", "_CJK_SCALE_RE", "'1.1만 ' * (n // 5)"),
            ("cjk", "_CJK_AFTER_NUMBER", "'1 천 ' * (n // 4)"),
            ("cjk", "_CJK_AFTER_NUMBER", "'1만 원' * (n // 4)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # Korean scales after digits multiply, as Chinese 万 and 亿 do; 만 원 before the won stays a unit, both readings
        ("정답은 3만", "30000", 1.0),
        ("정답은 3만", "3", 0.0),
        ("\\boxed{3만}", "3", 0.0),
        ("정답은 5천", "5000", 1.0),
        ("정답은 5천", "5", 0.0),
        ("정답은 2억", "2", 0.0),
        ("정답은 7백", "700", 1.0),
        ("정답은 3천만", "30000000", 1.0),
        ("정답은 3천원", "3000", 1.0),
        ("정답은 3만 원", "30000", 1.0),
        ("答案是 50万元", "50", 1.0),  # (as before: a count of 万元)
        ("答案是 3千米", "3", 1.0),  # (a kilometre, not a scale)
    ],
)
def test_korean_scales_multiply(completion: str, gold: str, want: float):
    assert math_answer(completion, {"reference": gold}).outcome == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "but also" / "and also" after a marked answer offers another value: a hedge
        ("Answer: The answer is 42 but also 17", "42", 0.0),
        ("The answer is <answer>42</answer> but also 99.", "42", 0.0),
        ("The answer is \\boxed{42}, and also 17.", "42", 0.0),
        ("The answer is 42, and also 42.", "42", 1.0),  # the same value again
        ("The answer is 42 apples.", "42", 1.0),
    ],
)
def test_but_also_offers_another_value(completion: str, gold: str, want: float):
    assert math_answer(completion, {"reference": gold}).outcome == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # logic's connectives between conditions, and the ≦ / \leqq spelling of ≤
        ("x < -2 \\lor 1 < x", "(-\\infty, -2) \\cup (1, \\infty)", 1.0),
        ("-2 < x \\land x < 1", "(-2,1)", 1.0),
        ("-2 < x \\wedge x < 1", "(-2,1)", 1.0),
        ("-2 < x ∧ x < 1", "(-2,1)", 1.0),
        ("x<-2 ∨ x>1", "(-2,1)", 0.0),
        ("x<-2 \\vee x>1", "(-\\infty,-2)\\cup(1,\\infty)", 1.0),
        ("\\left(1, 3\\right] \\cup \\left[5, \\infty\\right)", "1 < x \\leqq 3, 5 \\leqq x", 1.0),
        ("\\left(1, 3\\right] \\cup \\left[5, \\infty\\right)", "1 < x ≦ 3, 5 ≦ x", 1.0),
        ("\\left(1, 3\\right) \\cup \\left[5, \\infty\\right)", "1 < x \\leqq 3, 5 \\leqq x", 0.0),
        # each \pm of an answer on its own (four values); a \mp follows the \pm before it
        ("1 \\pm 2 \\pm 3", "6, 0, 2, -4", 1.0),
        ("1 \\pm 2 \\pm 3", "6, -4", 0.0),
        ("\\pm 1 \\pm \\sqrt{2}", "1+\\sqrt2, 1-\\sqrt2, -1+\\sqrt2, -1-\\sqrt2", 1.0),
        ("\\pm 1 \\pm \\sqrt{2}", "1+\\sqrt2, -1-\\sqrt2", 0.0),
        ("1 \\pm 2 \\mp 3", "0, 2", 1.0),
        ("\\pm 2", "2, -2", 1.0),
        ("(\\pm 1, \\pm 2)", "(1,2),(1,-2),(-1,2),(-1,-2)", 1.0),
    ],
)
def test_logic_connectives_and_independent_plus_minus(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an option chosen in the last sentence or clause of the last line, after deliberation
        ("A seems plausible, but after checking I choose C", "C", 1.0),
        ("After checking, option C is correct.", "C", 1.0),
        ("A or B? I choose A", "A", 1.0),
        ("A or B? I choose A", "B", 0.0),
        ("(A) and (B) are wrong, (C) is right", "C", 1.0),
        ("The choices are A, B, C, D. I pick (D)", "D", 1.0),
        ("**D) This is the correct answer**", "D", 1.0),
        ("**D) This is the correct answer**", "C", 0.0),
        # ... not when the last part doubts it or chooses nothing
        ("I choose A. Or maybe B.", "A", 0.0),
        ("(C) is right, or maybe (D)", "C", 0.0),
        ("I choose A. Wait, no.", "A", 0.0),
        ("A is wrong, but B is not.", "B", 0.0),
        ("Final Answer: [B], [C]", "C", 0.0),  # a lone letter after a comma ends a list, it chooses nothing
        ("Final Answer: B, C", "C", 0.0),
        # a last <answer> left open (its closing tag was the stop string) is closed at the end; a repeat cut short is not
        ("<answer> B", "B", 1.0),
        ("<answer>5", "5", 1.0),
        ("<answer>420</answer> <answer>4", "420", 1.0),
        ("<answer>420</answer> <answer>4", "4", 0.0),
        ("<answer>420</answer> <answer>5", "420", 0.0),
        # a comparison in an answer block is no value ("$1,500 more than" answers "how much more" only)
        ("<answer>The house costs $1,500 more than the trailer.</answer>", "1500", 0.0),
        ("<answer>The number is more than 5.</answer>", "5", 0.0),
        # a later answer block or box that takes the earlier back, or is said to be the correct one
        ("<answer>111</answer> wait, <answer>137</answer>", "137", 1.0),
        ("<answer>111</answer> wait, <answer>137</answer>", "111", 0.0),
        ("<answer>111</answer> <answer>137</answer>", "137", 0.0),
        ("<answer>111</answer> wait, maybe <answer>137</answer>", "137", 0.0),
        ("First try: \\boxed{\\frac{1}{3}} but correct is \\boxed{\\frac{2}{3}}", "\\frac{2}{3}", 1.0),
        ("First try: \\boxed{\\frac{1}{3}} but the correct answer is \\boxed{\\frac{2}{3}}", "\\frac{1}{3}", 0.0),
        ("\\boxed{3}. The correct answer is \\boxed{4}?", "4", 0.0),
    ],
)
def test_choices_open_tags_differences_and_revised_answers(completion: str, gold: str, want: float):
    assert math_answer(completion, {"reference": gold}).outcome == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a reference list that repeats an item counts it; sets, and answers that repeat against a plain key, do not
        ("2, 1, 2", "2, 1, 1", 0.0),
        ("1,2,3", "1,1,2,3,3", 0.0),
        ("1,1,2,3", "1,1,2,3,3", 0.0),
        ("3,1,3,2,1", "1,1,2,3,3", 1.0),
        ("1, 2", "1, 1, 2", 0.0),
        ("1, 1, 2", "1, 2", 1.0),
        ("2, 1", "1, 2", 1.0),
        ("\\{1,2,2\\}", "\\{1,2\\}", 1.0),
        ("\\emptyset", "\\{0\\}", 0.0),
    ],
)
def test_a_reference_list_that_repeats_an_item_counts_it(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # several options named correct (JEEBench's multi-letter keys): the options, in a marked sentence
        ("Final Answer: (B), (C), (D) are correct.", "BCD", 1.0),
        ("Final Answer: (B), (C), (D) are correct.", "BC", 0.0),
        ("Therefore, the correct options are (A) and (C).", "AC", 1.0),
        ("Therefore, the correct options are (A) and (C).", "ABC", 0.0),
        ("In summary, the correct options are [A] and [B].", "AB", 1.0),
        ("Therefore, the correct statements are (B) and (C).", "BC", 1.0),
        ("The correct options are those with positive slope.", "AC", 0.0),
    ],
)
def test_several_options_named_correct(completion: str, gold: str, want: float):
    assert math_answer(completion, {"reference": gold}).outcome == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a word in a subscript, set as a function name or as text, is part of the label's name
        ("\\frac{ q_{0} }{ \\sqrt{2 C L} }", "I_{\\max }=\\frac{q_{0}}{\\sqrt{2 L C}}", 1.0),
        ("\\frac{ q_{0} }{ \\sqrt{3 C L} }", "I_{\\max }=\\frac{q_{0}}{\\sqrt{2 L C}}", 0.0),
        ("5", "T_{\\text{max}} = 5", 1.0),
        # a function of several variables named before "=": a label, not a product with a pair
        ("\\Phi (x, y)=\\frac{x}{2y} + \\frac{1}{2y}", "\\Phi (x,y)=\\frac{x+1}{2y}", 1.0),
        ("\\frac{x+1}{2y}", "\\Phi (x,y)=\\frac{x+1}{2y}", 1.0),
        ("\\frac{x+2}{2y}", "\\Phi (x,y)=\\frac{x+1}{2y}", 0.0),
        # a key in prose around one math span (Putnam's, proof sets'): the span; never a bound or a negation
        ("2", "Show that $a=2$.", 1.0),
        ("3", "Show that $a=2$.", 0.0),
        ("-0.875", "Prove that \\(k = -\\frac{7}{8}\\).", 1.0),
        ("5", "At least $5$.", 0.0),
        ("5", "It is not $5$.", 0.0),
        # AngouriMath's empty set and ASCII union between intervals
        ("\\emptyset", "{}", 1.0),
        ("\\{1\\}", "{}", 0.0),
        ("(-\\infty,-2)\\cup(2,\\infty)", "(-oo; -2) \\/ (2; +oo)", 1.0),
        ("(-\\infty,-2)\\cup(3,\\infty)", "(-oo; -2) \\/ (2; +oo)", 0.0),
    ],
)
def test_labels_prose_keys_and_other_notations(answer: str, gold: str, want: float):
    assert _boxed(answer, gold) == want
