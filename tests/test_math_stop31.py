"""What stop 31 refuses, from a black-box red team's findings (notes/redteam30_findings.jsonl): an answer taken back
right after it in another language or through ``\\text``, a belief in it denied, the fallback's last number negated
or bounded in time or money, rarer relation signs, a CJK scale joined to a unit, a number word's unit dropped, a
re-check cut off in another language, an empty final box or JSON object. Each refused case was paid at the commit
before this stop (but ``\\gtrsim``, refused already); the cases beside them, which still pay, bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("\\boxed{5} değil", "5", 0.0),  # Turkish "not"
        ("\\boxed{5} – falsch", "5", 0.0),  # German "wrong"
        ("\\boxed{5} est faux", "5", 0.0),
        ("\\boxed{9:45} 違う", "9:45", 0.0),  # Japanese "wrong", after a time
        ("\\boxed{2023-01-05} değil", "2023-01-05", 0.0),  # after a date
        ("The answer is \\boxed{Yes} 不对", "Yes", 0.0),  # after a verdict word
        ("Answer: \\boxed{A} bukan", "A", 0.0),  # after an option letter
        ("答案是5，错了。", "5", 0.0),
        ("Cevap: 5 değildir", "5", 0.0),
        ("Risposta: non 5", "5", 0.0),  # Italian "not" before the number
        ("Svar: inte 5", "5", 0.0),  # Swedish
        ("정답은 5 아님", "5", 0.0),  # Korean
        ("Answer: A değil", "A", 0.0),
        ("Đáp án không phải là 5.", "5", 0.0),  # Vietnamese "is not", three words before the number
        # a "not" before another value affirms the first ("5, not 6"); a word that merely starts with "non" or
        # "inte" is no negation
        ("\\boxed{5}, nicht 6", "5", 1.0),
        ("答案是5，不是6。", "5", 1.0),
        ("\\boxed{5} integers", "5", 1.0),
        ("\\boxed{5} non-zero solutions", "5", 1.0),
        ("\\boxed{5}\n\nNie ma innych rozwiązań.", "5", 1.0),  # a new sentence in Polish ("there are no others")
    ],
)
def test_not_or_wrong_in_another_language_right_after_the_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("\\boxed{5}\\text{ is incorrect}", "5", 0.0),  # the verdict inside \text
        ("\\boxed{5}, which is wrong.", "5", 0.0),
        ("\\boxed{5} is a common mistake.", "5", 0.0),
        ("\\text{not } \\boxed{5}", "5", 0.0),
        ("\\boxed{5} \\neq \\text{answer}", "5", 0.0),
        ("Final answer: anything but 5", "5", 0.0),
        ("The answer is \\not= 4", "4", 0.0),
        ("I do not think the answer is 5.", "5", 0.0),  # a belief denied
        ("It is not true that the answer is 5.", "5", 0.0),
        ("Suppose the answer is 5.", "5", 0.0),  # only supposed, and the last number
        # the later answer after a denied one is the answer; a box called right stays paid
        ("I don't think the answer is 5; the answer is 6.", "6", 1.0),
        ("\\boxed{5}, which is correct.", "5", 1.0),
        ("\\boxed{5} is a prime.", "5", 1.0),
        ("The answer is \\boxed{5}, not 6.", "5", 1.0),
    ],
)
def test_an_answer_disowned_in_english_or_a_belief_in_it_denied(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The train does not arrive at 9:45.", "9:45", 0.0),  # "not" two words before the number
        ("The train never arrives at 9:45.", "9:45", 0.0),
        ("It is impossible for x to be 5.", "5", 0.0),
        ("The total is not £2.50.", "£2.50", 0.0),
        ("The train arrives after 9:45.", "9:45", 0.0),  # a bound in time
        ("The train arrives no later than 9:45.", "9:45", 0.0),
        ("He arrived after 6:10 pm.", "18:10", 0.0),
        ("It arrives at 11:20 after leaving at 9:45.", "9:45", 0.0),  # another event's time
        ("It costs more than £2.50.", "£2.50", 0.0),  # a bound in money
        ("The answer could be 5.", "5", 0.0),
        ("The candidates were 4, 5.", "5", 0.0),  # a list of two, not its last item
        # the same sentences stating their value; a negation in the subject's clause does not take it back
        ("The train arrives at 9:45.", "9:45", 1.0),
        ("It costs £2.50.", "£2.50", 1.0),
        ("The share of ads that aren't interesting and don't get blocked is 16%.", "16", 1.0),
        ("Fred must deliver 160 red roses by 5 pm.", "160", 1.0),  # a deadline is a circumstance, not the answer
        ("He finished after 5 hours.", "5", 1.0),  # a duration after "after" is no bound in time
    ],
)
def test_the_fallback_refuses_a_negated_or_bounded_time_or_amount(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    "completion",
    [
        "The answer is ⩾ 4",
        "The answer is ≦ 4",
        "The answer is ≲ 4",
        "The answer is ≪ 4",
        "The answer is ≉ 4",
        "The answer is ≮ 4",
        "The answer is ＞4",  # a full-width sign
        "Final answer: ⩾ 4",
        "The answer is \\gtrsim 4",
    ],
)
def test_rarer_relation_signs_bound_the_number(completion: str) -> None:
    assert score(completion, "4") == 0.0


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The answer is < £2.50", "£2.50", 0.0),  # a sign before money
        ("The answer is ≤ €3", "€3", 0.0),
        ("Final answer: > £2.50", "£2.50", 0.0),
        ("Final answer: 4 hours to 6", "4 hours", 0.0),  # a range with its unit on the first end only
        ("Final answer: 4 km to 6", "4 km", 0.0),
        ("Final answer: £2.50", "£2.50", 1.0),
        ("Final answer: 5 apples to 7 friends", "5", 1.0),  # a recipient after "to", no range's end
        ("Final answer: 4 hours", "4 hours", 1.0),
    ],
)
def test_a_sign_before_money_and_a_range_with_one_unit(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("5億人", "5", 0.0),  # 500 million people
        ("5億人", "500000000", 1.0),
        ("3萬人", "3", 0.0),
        ("3萬人", "30000", 1.0),
        ("5億年", "5", 0.0),
        # before 元 the scale is part of the unit: an account's count of 万元 (a documented policy)
        ("5万元", "5", 1.0),
    ],
)
def test_a_traditional_cjk_scale_joined_to_a_unit_scales_the_number(answer: str, gold: str, want: float) -> None:
    assert score(f"The final answer is $\\boxed{{{answer}}}$.", gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Final answer: five pence", "£5", 0.0),  # the unit after a number word is kept
        ("Final answer: five pence", "5p", 1.0),
        ("Final answer: five pence", "£0.05", 1.0),
        ("Each of Alice's brothers has two sisters.", "2", 1.0),  # a count noun is no unit
    ],
)
def test_a_number_word_keeps_its_unit(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("The answer is \\boxed{5}. Wait, I made an error. Recomputing: 3 \\times", 0.0),
        ("\\boxed{5}\nWait, no.", 0.0),
        ("\\boxed{5}\n\nHmm, let me verify: 5^2 = 25 ≠ 24, so", 0.0),  # the value as an operand is not restated
        ("\\boxed{5}\n\n等等，让我再检查一下。其实答案是", 0.0),
        ("\\boxed{5}\n\nWarte, lass mich das nochmal prüfen. Eigentlich ist es", 0.0),
        ("\\boxed{5}\n\nBekle, tekrar kontrol edeyim. Aslında", 0.0),
        # a re-check that says the value again, or one that ends, keeps it
        ("\\boxed{5}\n\nWarte, lass mich das prüfen: 2 + 3 = 5. Also ist es 5", 1.0),
        ("\\boxed{5}\n\nWait, let me verify: 2 + 3 = 5.", 1.0),
        ("\\boxed{5}\nWait, no, that is right.", 1.0),
    ],
)
def test_a_retraction_or_a_cut_off_recheck_after_the_box(completion: str, want: float) -> None:
    assert score(completion, "5") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("x=5. Final answer: \\boxed{}", 0.0),  # the final answer left empty
        ("Final answer: \\boxed{}, though 5 is tempting", 0.0),
        ('{"answer": {}, "work": "5"}', 0.0),  # an empty object in the answer field
        # an instruction's empty box after the answer, or an empty box before it, is no answer
        ("\\boxed{5}. Remember to put your final answer within \\boxed{}.", 1.0),
        ("\\boxed{} so \\boxed{5}", 1.0),
        ('{"answer": 5, "work": {}}', 1.0),
    ],
)
def test_an_empty_final_box_or_json_object_answers_nothing(completion: str, want: float) -> None:
    assert score(completion, "5") == want


# set 110's misses (answers in several parts), with the wrong answers beside them
@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # parts labelled in Roman numerals, in the key and in the completion
        ("### Final Answers\n\n(Ⅰ) \\boxed{\\dfrac{4}{7}}\n(Ⅱ) \\boxed{\\dfrac{12}{7}}", "(Ⅰ) $\\sin B=\\frac{4}{7}$; (Ⅱ) $h=\\frac{12}{7}$", 1.0),
        ("### Final Answers\n\n(Ⅰ) \\boxed{\\dfrac{12}{7}}\n(Ⅱ) \\boxed{\\dfrac{4}{7}}", "(Ⅰ) $\\sin B=\\frac{4}{7}$; (Ⅱ) $h=\\frac{12}{7}$", 0.0),
        ("So the final answer is:\n\n(Ⅰ) a_n = 2n\n\n(Ⅱ) T_n = n / (n + 1)", "(Ⅰ) $a_n=2n$; (Ⅱ) $T_n=\\frac{n}{n+1}$", 1.0),
        ("So the final answer is:\n\n(I) a_n = 2n\n\n(II) T_n = n / (n + 2)", "(I) $a_n=2n$; (II) $T_n=\\frac{n}{n+1}$", 0.0),
        ("So the final answer is:\n\n(ii) a_n = 2n\n\n(i) T_n = n / (n + 1)", "(i) $a_n=2n$; (ii) $T_n=\\frac{n}{n+1}$", 0.0),
        # the unknowns named before a colon
        ("Thus the solutions are $(x, y):(0,2),(0,-2),(4,23)$.", "$(0,2),(0,-2),(4,23)$", 1.0),
        ("Thus the solutions are $(x, y):(0,2),(0,2),(4,23)$.", "$(0,2),(0,-2),(4,23)$", 0.0),
        # spans naming different unknowns, read together only against a key of as many values
        ("Thus, $a=2, h=-1$, and $k=-18$.", "$2,-1,-18$", 1.0),
        ("Thus, $a=2, h=-1$, and $k=-17$.", "$2,-1,-18$", 0.0),
        ("Thus, $a=2$, and $k=-18$.", "$2,-1,-18$", 0.0),
        ("We get $x = 4$ and $y = 5$.", "5", 1.0),
        ("We get $x = 4$ or $y = 5$.", "4, 5", 0.0),
        # a family of angles after "for $k \in \mathbb{Z}$", against a key with another period
        ("$$\nx=\\frac{\\pi}{6}+2\\pi k, \\frac{5\\pi}{6}+2\\pi k, \\frac{7\\pi}{6}+2\\pi k, \\frac{11\\pi}{6}+2\\pi k\n$$\n\nfor $k \\in \\mathbb{Z}$.", "$x=\\frac{\\pi}{6}+\\pi k, \\frac{5\\pi}{6}+\\pi k$", 1.0),
        ("$$\nx=\\frac{\\pi}{6}+2\\pi k, \\frac{5\\pi}{6}+2\\pi k\n$$\n\nfor $k \\in \\mathbb{Z}$.", "$x=\\frac{\\pi}{6}+\\pi k, \\frac{5\\pi}{6}+\\pi k$", 0.0),
        ("The answer is $\\frac{\\pi}{4}+\\pi k$.", "\\frac{5\\pi}{4}+\\pi k", 1.0),
        ("The answer is $\\frac{2(1-\\cos(n\\pi))}{n\\pi}$.", "\\frac{2(1-\\cos(n\\pi))}{\\pi}", 0.0),  # a formula in n
        ("The answer is $2n + 2$.", "2n", 0.0),  # no angle: a formula, never a set
    ],
)
def test_set_110s_answers_in_several_parts(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("0.0909...", "\\frac{1}{11}", 1.0),  # set 111's miss: a block of two digits written twice, then "..."
        ("0.1212...", "\\frac{4}{33}", 1.0),
        ("0.12121...", "\\frac{4}{33}", 1.0),  # the block starts one digit later: the same value
        ("-0.1212\\ldots", "-\\frac{4}{33}", 1.0),
        ("0.1212...", "0.1212", 1.0),  # still the rounded value it starts with
        ("0.0909...", "\\frac{1}{10}", 0.0),
        ("0.1213...", "\\frac{4}{33}", 0.0),  # no block written twice
        ("0.0909", "\\frac{1}{11}", 0.0),  # no ellipsis: a rounding, too coarse to be 1/11
    ],
)
def test_a_block_of_digits_written_twice_before_an_ellipsis_repeats(answer: str, gold: str, want: float) -> None:
    assert score(f"The final answer is $\\boxed{{{answer}}}$.", gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a clause that lets the variable range over every real number restricts nothing (set 99)
        ("f(x)=x-1, x \\in \\mathbb{R}", "$f(x)=x-1$", 1.0),
        ("f(x)=x+1, x \\in \\mathbb{R}", "$f(x)=x-1$", 0.0),
        ("x^2+1 \\quad \\forall x \\in \\mathbb{R}", "x^2+1", 1.0),
        ("5, x \\in \\mathbb{R}", "5", 0.0),  # the letter is not the answer's: a second item
        ("x \\in \\mathbb{R}", "\\mathbb{R}", 1.0),  # the whole answer, not a clause
        # a key's explanation of its notation is no part of it; a "where" that defines a symbol is
        ("\\lfloor \\frac{3d}{2} \\rfloor + 1", "$\\lfloor \\frac{3d}{2} \\rfloor + 1$, where $\\lfloor \\quad \\rfloor$ denotes the floor function.", 1.0),
        ("\\lfloor \\frac{3d}{2} \\rfloor", "$\\lfloor \\frac{3d}{2} \\rfloor + 1$, where $\\lfloor \\quad \\rfloor$ denotes the floor function.", 0.0),
        # a column of two in parentheses is the binomial coefficient's old notation, against a number or a binomial
        ("\\left(\\begin{array}{c}2 n \\\\ n\\end{array}\\right)", "$\\binom{2n}{n}$", 1.0),
        ("\\left(\\begin{array}{c}2 n \\\\ n-1\\end{array}\\right)", "$\\binom{2n}{n}$", 0.0),
        ("\\begin{pmatrix}5 \\\\ 2\\end{pmatrix}", "10", 1.0),
        ("\\begin{pmatrix}5 \\\\ 2\\end{pmatrix}", "7", 0.0),
    ],
)
def test_a_domain_clause_a_keys_explanation_and_a_binomial_column(answer: str, gold: str, want: float) -> None:
    assert score(f"The final answer is $\\boxed{{{answer}}}$.", gold) == want


# the second red team's findings (stop 31): the same classes in more languages and positions, and new ones
@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("So the answer is \\boxed{5} — está mal.", 0.0),  # "wrong" after a dash, with its copula
        ("So the answer is \\boxed{5} — c'est faux.", 0.0),
        ("So the answer is \\boxed{5} — je špatně.", 0.0),  # Czech
        ("So the answer is \\boxed{5} — गलत है.", 0.0),  # Hindi
        ("So the answer is \\boxed{5} — خطأ.", 0.0),  # Arabic
        ("So the answer is \\boxed{5} — ผิด.", 0.0),  # Thai
        ("So the answer is \\boxed{5} — לא נכון.", 0.0),  # Hebrew
        ("So the answer is \\boxed{5} — is incorrect.", 0.0),
        ("정답은 \\boxed{5}이 아니다.", 0.0),  # Korean, with its particle
        ("\\boxed{5}\n\n**Mal.**", 0.0),  # a verdict on a line of its own, in bold
        ("So the answer is \\boxed{5}\n\n**не правильно**", 0.0),
        ("A resposta não é \\boxed{5}.", 0.0),  # "is not" before the box
        ("La risposta non è \\boxed{5}.", 0.0),
        ("الجواب ليس \\boxed{5}.", 0.0),
        ("คำตอบไม่ใช่ \\boxed{5}.", 0.0),
        ("Odpověď není 5.", 0.0),  # and before the fallback's number
        ("No creo que la respuesta sea \\boxed{5}.", 0.0),  # a denied belief
        ("我不认为答案是\\boxed{5}。", 0.0),
        ("I doubt the answer is \\boxed{5}.", 0.0),
        # affirmed, in the same positions: paid
        ("So the answer is \\boxed{5} — está bien.", 1.0),
        ("So the answer is \\boxed{5} — c'est juste.", 1.0),
        ("La risposta è \\boxed{5}.", 1.0),
        ("Creo que la respuesta es \\boxed{5}.", 1.0),
        ("\\boxed{5}\n\n**Correct.**", 1.0),
    ],
)
def test_negations_in_more_languages_and_positions(completion: str, want: float) -> None:
    assert score(completion, "5") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("\\boxed{5}\n\nScratch that.", 0.0),  # a line that only takes it back
        ("\\boxed{5}\n\nIgnore the above.", 0.0),
        ("\\boxed{5}\n\nNever mind.", 0.0),
        ("\\boxed{5}\n\nVerdict: incorrect.", 0.0),
        ("\\boxed{5}\n\nHmm, that doesn't seem right.", 0.0),
        ("The answer is \\boxed{5} at least.", 0.0),  # a bound right after it
        ("The answer is \\boxed{5}+.", 0.0),
        ("The answer is \\boxed{5}-ish.", 0.0),
        ("The answer is \\boxed{5} o más.", 0.0),
        ("The answer is \\boxed{5} 以上.", 0.0),
        ("The answer is \\boxed{5} for n ≥ 3.", 0.0),  # a condition or a qualification after it
        ("The answer is \\boxed{5} in most cases.", 0.0),
        ("The answer is \\boxed{5} si n es impar.", 0.0),
        ("\\boxed{5} lub 6", 0.0),  # "or" in other languages
        ("\\boxed{5} या 6", 0.0),
        ("\\boxed{5} bzw. 6", 0.0),
        ("The answer is \\boxed{5}.\nSo we get 6.", 0.0),  # a later conclusion with another value
        ("The answer is \\boxed{5}.\nTherefore, 6.", 0.0),
        ("The answer is twice $\\boxed{5}$.", 0.0),  # an operation on the box in words
        ("The answer is $\\log \\boxed{5}$.", 0.0),
        ("The answer is $\\boxed{5}$ plus 1.", 0.0),
        ("Más de 5 horas.", 0.0),  # the fallback's number bounded, in other languages
        ("Ponad 5 złotych.", 0.0),
        ("أكثر من 5 ساعات", 0.0),
        ("5時間以上", 0.0),
        ("It takes almost 5 hours.", 0.0),
        # the same forms stating the value: paid
        ("\\boxed{5}\n\nLet me double-check: 2 + 3 = 5. Correct.", 1.0),
        ("The answer is \\boxed{5} to the nearest tenth.", 1.0),
        ("The answer is \\boxed{5}.\nSo we get 5 apples.", 1.0),
        ("The answer is \\boxed{5} (there are 5 of them).", 1.0),
        ("It takes 5 hours.", 1.0),
        ("لذا، ناتج العملية الحسابية هو **5**.", 1.0),  # "أولاً" holds the letters of "or": no "or"
    ],
)
def test_retractions_bounds_conditions_and_later_conclusions(completion: str, want: float) -> None:
    assert score(completion, "5") == want


def test_stop31_patterns_are_linear() -> None:
    """Every pattern this stop added or widened, over blank runs and repeated near-matches (200,000 characters)."""
    assert_patterns_linear(
        [
            ("disowning", "DISOWNED_RE", "' ' * n + 'x'"),
            ("disowning", "DISOWNED_RE", "'\\n' * n"),
            ("disowning", "DISOWNED_RE", "'est ' * (n // 4)"),
            ("disowning", "DISOWNED_RE", "'是' * n"),
            ("disowning", "_BOUND_AFTER_VALUE_RE", "' ' * n"),
            ("disowning", "_CONDITION_AFTER_VALUE_RE", "'当' * n"),
            ("revisions", "_SO_VALUE_RE", "' ' * n"),
            ("revisions", "TRANSFORMED_AFTER_RE", "' plus' * (n // 5)"),
            ("revisions", "_OPERATION_BEFORE_BOX_RE", "'twice ' * (n // 6)"),
            ("laterbox", "_DISBELIEF_BEFORE_RE", "'no creo ' * (n // 8)"),
            ("laterbox", "_NOT_BEFORE_BOX_RE", "'non ' * (n // 4)"),
            ("disowning", "_RECHECK_RE", "'wart ' * (n // 5)"),
            ("doubts", "_NEGATED_BEFORE_RE", "'not a ' * (n // 6)"),
            ("doubts", "_COMPARED_BEFORE_RE", "'más ' * (n // 4)"),
            ("doubts", "_TIME_BOUND_BEFORE_RE", "'after ' * (n // 6)"),
            ("sentences", "_OR_RE", "' या' * (n // 3)"),
            ("sentences", "_NEGATED_RE", "'any x ' * (n // 6)"),
            ("extract", "_HYPOTHETICAL_BEFORE_RE", "'do not think ' * (n // 13)"),
            ("normalize", "_WHOLE_LINE_DOMAIN", "' ' * n + 'x'"),
            ("normalize", "_TUPLE_LABEL_COLON", "'(x,' * (n // 3)"),
            ("reference", "_EXPLANATION_RE", "' ' * n + 'x'"),
            ("forms", "_BOUND_SIGN_RE", "'4 hours to ' * (n // 11)"),
            ("fallback", "_LIST_BEFORE_RE", "'were 4, ' * (n // 8)"),
            ("leaves", "_DOUBLED_BLOCK_RE", "'0.' + '9' * n"),
            ("laststate", "_PARAMETER_SPAN_RE", "'k \\\\in ' * (n // 6)"),
            ("disowning", "_CONDITION_RESTATED_RE", "'if x ' * (n // 5)"),
            ("laterbox", "_UNSURE_BEFORE_RE", "'be ' * (n // 3)"),
            ("revisions", "_OPERATION_BEFORE_BOX_RE", "'x  ' * (n // 3) + '>'"),
            ("locales", "DECIMAL_COMMA_RE", "'1,' * (n // 2)"),
            ("forms", "_UNSPACED_REFUSAL_RE", "'ל' * n"),
            ("disowning", "_CLOSING_VALUE_RE", "'is ' * (n // 3)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("#### 6\n\\boxed{5}", 0.0),  # two final-answer markers with different values
        ("\\boxed{5}\n[ANSWER]6[/ANSWER]", 0.0),  # other models' answer tags are answer blocks
        ("\\boxed{5}\n<|answer|>6<|/answer|>", 0.0),
        ("<|answer|>5<|/answer|>", 1.0),
        ("<final>5</final>", 1.0),
        ("[ANSWER]5[/ANSWER]", 1.0),
        ("#### 5\n\\boxed{5}", 1.0),
        ("#### 6\nWait, I made an error.\n\\boxed{5}", 1.0),  # a retraction between them
        ("The answer is (A), also 10, and #### 20, but finally \\boxed{30}.", 1.0),  # the marker on the box's line
        ("\\boxed{5} (?)", 0.0),  # a mark of doubt
        ("\\boxed{5} (guess)", 0.0),
        ("\\boxed{5}\n\n?", 0.0),
        ("\\boxed{5}؟", 0.0),
        ("\\boxed{5} (verified)", 1.0),
        ("\\boxed{5} → 6", 0.0),  # an arrow to another value
        ("\\boxed{5} \\bоxed{6}", 0.0),  # a box command spelt with a Cyrillic "о" is a box
        ("\\boxed{5}\n\nTypo above; should read 6.", 0.0),
        ("\\boxed{5}\n\nBut this violates the constraint.", 0.0),
        ("\\boxed{5}\n\nThis contradicts the condition, so no solution exists.", 0.0),
        ("\\boxed{5}. Déjame verificar de nuevo:", 0.0),  # a re-check cut off, in other languages
        ("\\boxed{5}. Sprawdźmy jeszcze raz:", 0.0),
        ("\\boxed{5}. 再检查一下：", 0.0),
        ("\\boxed{5}. Déjame verificar de nuevo: 2 + 3 = 5. Correcto, 5.", 1.0),
        ("The answer is 5 of 6.", 0.0),  # a part of a whole
        ("The answer is 5 in 100.", 0.0),
        ("I don't know. 5", 0.0),  # a bare number after giving up
    ],
)
def test_markers_tags_doubts_and_rechecks_after_the_second_red_team(completion: str, want: float) -> None:
    assert score(completion, "30" if "finally" in completion else "5") == want


# sets 109 and 112's misses at their first runs
@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("\\boxed{[[1,0],[0,1]]}", "\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}", 1.0),  # a program's nested lists
        ("\\boxed{[[1,0],[0,2]]}", "\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}", 0.0),
        ("\\boxed{[[1,2],[3,4]]}", "\\begin{pmatrix}1&3\\\\2&4\\end{pmatrix}", 0.0),  # the transpose
        ("\\boxed{\\begin{pmatrix}10&13\\\\22&29\\end{pmatrix}}", "[[10.0, 13.0],[22.0, 29.0]]", 1.0),
        ("\\boxed{-\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}}", "[[-1.0, -2.0],[-3.0, -4.0]]", 1.0),  # negated whole
        ("\\boxed{-\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}}", "[[-1.0, -2.0],[-3.0, 4.0]]", 0.0),
        ("\\boxed{2\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}}", "[[2.0, 4.0],[6.0, 8.0]]", 1.0),
        ("\\boxed{\\sqrt{2}\\operatorname{cis}\\left(\\frac{\\pi}{4}\\right)}", "1+i", 1.0),  # cis t = cos t + i sin t
        ("\\boxed{\\sqrt{2}\\operatorname{cis}\\left(\\frac{\\pi}{4}\\right)}", "1-i", 0.0),  # the conjugate
        ("\\boxed{(0, \\sqrt{2})}", "C. $(0; \\sqrt{2})$", 1.0),  # an option's content in another notation
        ("\\boxed{(1, \\sqrt{2})}", "C. $(0; \\sqrt{2})$", 0.0),
        ("\\boxed{0.9625}", "D. 0,9625", 1.0),
        ("\\boxed{9625}", "D. 0,9625", 0.0),
        ("Output: nine", "9", 1.0),  # a number word after a label that opens the last line
        ("Result- three!", "3", 1.0),
        ("Output: nine", "8", 0.0),
        ("Output: nine apples and two pears", "9", 0.0),
    ],
)
def test_sets_109_and_112_first_run_misses(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("**\\boxed{5}** (verified)", "5", 1.0),  # bold closed, then a note: no power
        ("$\\boxed{2}**(3)$", "8", 0.0),  # a power after the box
        ("It is not wrong: \\boxed{5}.", "5", 1.0),  # a double negation affirms
        ("Wrong: \\boxed{5}.", "5", 0.0),
        ("\\boxed{Yes}, just kidding, no.", "Yes", 0.0),
        ("\\boxed{5} (sarcasm)", "5", 0.0),
        ("The final answer is $3 \\times 10^{5}$ ergs/s.", "3e5", 1.0),  # a unit's "/s" is no sarcasm tag
        ("Status of \\boxed{5}: rejected.", "5", 0.0),
        ("\\boxed{FiniteSet(1, 2)}", "\\{1, 2\\}", 1.0),  # sympy's printout
        ("\\boxed{FiniteSet(1, 3)}", "\\{1, 2\\}", 0.0),
        ("\\boxed{Rational(1, 2)}", "1/2", 1.0),
        ("\\boxed{Rational(1, 3)}", "1/2", 0.0),
        ("Final answer:\n\n5\n\n6", "5", 0.0),  # two values on the lines under a marker
        ("Final answer:\n\n5\n\nThis is because 2 + 3 = 5.", "5", 1.0),
        ("The roots are [-5, 5].", "5", 0.0),  # a list that ends the text, not its last item
        ("The roots are [-5, 5].", "-5, 5", 1.0),
    ],
)
def test_the_second_red_teams_remaining_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


# set 113's first-run misses
@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("#### Betty needs $5 more to buy the wallet.", "5", 1.0),  # the marker's sentence, its one amount
        ("#### Betty needs \\$5 more to buy the wallet.", "5", 1.0),
        ("#### Weng earned $10 for 50 minutes of babysitting.", "10", 1.0),
        ("#### Weng earned $10 for 50 minutes of babysitting.", "50", 0.0),
        ("#### Therefore, after buying her bike, Carrie will have $720 left over.", "720", 1.0),
        ("#### Carrie will have over $720.", "720", 0.0),  # "over" before the number still bounds it
        ("<answer> 4 (Cindy's pets) + 6 (Marcia's pets) + 18 (Jan's pets) = 28 pets in total. </answer>", "28", 1.0),
        ("<answer> 4 (Cindy's pets) + 6 (Marcia's pets) + 18 (Jan's pets) = 28 pets in total. </answer>", "18", 0.0),
    ],
)
def test_set_113s_marker_sentences_and_noted_sums(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_a_key_with_a_stray_closing_brace_is_read_without_it() -> None:
    """Set 114's first-run miss: "$18\\sqrt{3}}$" was bad_input; its value is 18√3."""
    assert score("The final answer is $\\boxed{18\\sqrt{3}}$.", "$18\\sqrt{3}}$") == 1.0
    assert score("The final answer is $\\boxed{17\\sqrt{3}}$.", "$18\\sqrt{3}}$") == 0.0
    assert math_answer("\\boxed{5}", {"reference": "$\\frac{1}{2}}}$"}).status.value != "bad_input"


# the third red team (stop 31): correct answers the new condition rules refused, and more hedges
@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("The minimum value is \\boxed{5}, with equality if $a=b=c$.", 1.0),  # where an extremum is attained
        ("The maximum is \\boxed{5}, attained when $x = 1$.", 1.0),
        ("最小值为 \\boxed{5}，当且仅当 $a=b$ 时取等号。", 1.0),
        ("Le minimum vaut \\boxed{5}, atteint si $a=b$.", 1.0),
        ("So $f(2) = \\boxed{5}$ when $x = 2$.", 1.0),  # the unknown's value
        ("The answer is \\boxed{5} (for $n \\geq 3$ as given).", 1.0),  # a premise restated
        ("There are \\boxed{5} such integers, assuming $n>0$ as stated.", 1.0),
        ("The perimeter is \\boxed{5}\\text{ m}, if we round to the nearest meter.", 1.0),
        ("Hence the answer is \\boxed{5}, since for $n \\ge 3$ the pattern is stable.", 1.0),
        ("The total is 13, but \\boxed{5} if we exclude the host.", 0.0),  # a real condition
        ("The answer is \\boxed{5} if n is odd.", 0.0),
        ("The answer is \\boxed{5} si n es impar.", 0.0),
        ("The answer is maybe \\boxed{5}.", 0.0),  # a hedge before the box, in its sentence
        ("I guess \\boxed{5}.", 0.0),
        ("答案可能是 \\boxed{5}。", 0.0),
        ("La réponse est peut-être \\boxed{5}.", 0.0),
        ("I think the answer is \\boxed{5}.", 1.0),
        ("\\boxed{5} (probably incorrect)", 0.0),  # a doubt in brackets after it
        ("\\boxed{5} (low confidence)", 0.0),
        ("\\boxed{5} (maybe)", 0.0),
        ("\\boxed{5} (rounded)", 1.0),
        ("\\boxed{5}\n\n[retracted]", 0.0),
        ("\\boxed{5}\n\nSelf-check: FAIL", 0.0),
        ("\\boxed{5} 👎", 0.0),
        ("\\boxed{5} ❓", 0.0),
        ("$x > \\boxed{5}$", 0.0),  # a relation before the box
        ("$x \\neq \\boxed{5}$", 0.0),
        ("<a_main>\\boxed{5}</a_main>", 1.0),  # a tag's bracket is no relation
        ("The answer is more than \\boxed{5}.", 0.0),
        ("The answer is negative \\boxed{5}.", 0.0),
        ("The answer is \\boxed{5} times larger.", 0.0),
        ("The answer is \\boxed{5}‰.", 0.0),
        ("\\boxed{5} minimum", 0.0),
        ("\\boxed{5} to 7", 0.0),  # a range
        ("\\boxed{5}–7", 0.0),
        ("\\boxed{5}至7", 0.0),
        ("\\boxed{5} --> 6", 0.0),
        ("\\boxed{5}, possibly 6", 0.0),
        ("Svar: 5 (fel)", 0.0),  # "wrong" after a marked answer, in more languages
        ("الجواب: 5 (خطأ)", 0.0),
        ("Válasz: 5 (rossz)", 0.0),
    ],
)
def test_the_third_red_teams_conditions_hedges_and_bounds(completion: str, want: float) -> None:
    assert score(completion, "5") == want


def test_a_percent_word_after_the_box_is_a_percent() -> None:
    assert score("The answer is \\boxed{5} percent.", "0.05") == 1.0
    assert score("The answer is \\boxed{5} percent.", "0.5") == 0.0


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("La réponse est \\boxed{5}, et non 6.", "5", 1.0),  # "not 6" after the answer affirms it
        ("La risposta è \\boxed{5}, non 6.", "5", 1.0),
        ("La réponse est \\boxed{5}, non négatif comme attendu.", "5", 1.0),
        ("La risposta finale è \\boxed{5}, non serve altro.", "5", 1.0),
        ("\\boxed{5} değil.", "5", 0.0),  # "not" ending its clause still takes it back
        ("Jawabannya \\boxed{5} bukan jawabannya.", "5", 0.0),
        ("Non, c'est 6. \\boxed{5}", "5", 1.0),
        ("\\boxed{5}\n\nWhat about 6? It fails the check.", "5", 1.0),  # "it fails" is about 6
        ("\\boxed{\\frac{1}{2}} oder 0,5", "1/2", 1.0),  # the same value with a decimal comma
        ("\\boxed{\\frac{1}{2}} oder 0,6", "1/2", 0.0),
        ('<tool_call>{"name": "final_answer", "arguments": {"answer": 5}}</tool_call>', "5", 1.0),
        ("The answer is 5, خطأ.", "5", 0.0),  # "wrong" in a script without word boundaries to re
        ("The answer is 5, לא נכון.", "5", 0.0),
        ("Ответ: 5 яблок.", "5", 1.0),
        ("الجواب: 5 ريال", "5", 1.0),
    ],
)
def test_the_third_red_teams_refused_correct_answers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("\\boxed{5}\n\n**Answer: 6**", 0.0),  # the last line after the box ends on another value
        ("\\boxed{5}\n\nx = 6", 0.0),
        ("\\boxed{5}\n\nIn decimal: 6.0", 0.0),
        ("\\boxed{5}\n\n所以答案是6。", 0.0),
        ("\\boxed{5}\n\nPor lo tanto, 6.", 0.0),
        ("\\boxed{5}\n\n따라서 답은 6이다.", 0.0),
        ("\\boxed{5}\n\n【6】", 0.0),
        ("\\boxed{5}\n\nIn decimal: 5.0", 1.0),  # the same value
        ("$xy=\\boxed{5}$.\n~MC413551", 1.0),  # a signature's digits
        ("\\boxed{5}\nremember that for this form to be correct, t must be less than 1 .", 1.0),
        ("\\boxed{5}\n\nThe answer is: \\sqrt{117}.", 0.0),  # another answer (an older rule: a marker after the box)
    ],
)
def test_another_value_ending_the_last_line_after_the_box(completion: str, want: float) -> None:
    assert score(completion, "5") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("\\boxed{5} (typo, meant 6)", 0.0),
        ("\\boxed{5} \\equiv 6", 0.0),
        ("Many students write \\boxed{5}, but the correct value is 6.", 0.0),
        ("\\boxed{5}, which is what I meant.", 1.0),
        ("\\boxed{5} \\equiv 5", 1.0),
        ("\\boxed{5}. The correct value is 5.", 1.0),
    ],
)
def test_meant_equiv_and_a_correct_value_after_the_box(completion: str, want: float) -> None:
    assert score(completion, "5") == want
