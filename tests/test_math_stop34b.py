"""What stop 34 refuses from the sixth black-box red team (notes/redteam35_findings.jsonl): a verdict or a revision
said in a sentence of its own after the answer ("\\boxed{5}. Falsch.", "Nope, 6."); brackets and JSON fields that
void or doubt it; a text that ends on another concluded value, with or without reopening the answer; a box that is
someone else's claim, a supposition or a question; sign words that make the box negative. Each refused case was
paid at the commit before; the cases beside them, which still pay, bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a verdict alone in the next sentence, after a "no" or not, in several languages
        ("\\boxed{5}. No, incorrect.", 0.0),
        ("\\boxed{5}. Not right.", 0.0),
        ("\\boxed{5}. Falsch.", 0.0),
        ("\\boxed{5}. C'est faux.", 0.0),
        ("\\boxed{5}. 错误。", 0.0),
        ("Answer: 5. Nein, falsch.", 0.0),
        ("La respuesta es 5. No, es incorrecto.", 0.0),
        ("\\boxed{5}. No, that is not wrong.", 1.0),
        ("\\boxed{5}. Not right away, but it checks out.", 1.0),
        # another value after a word that revises
        ("\\boxed{5}. Nope, 6.", 0.0),
        ("\\boxed{5}. Close, but 6.", 0.0),
        ("\\boxed{5}. More precisely, 6.", 0.0),
        ("\\boxed{5}, nein, 6.", 0.0),
        ("\\boxed{5}... ou plutôt 6.", 0.0),
        ("\\boxed{5}. Make that 6.", 0.0),
        ("The expected answer is 56, but I get 54.", 0.0),
        ("\\boxed{5}. More precisely, 5.", 1.0),
        # brackets and fields that void or doubt it
        ("\\boxed{5} [status: wrong]", 0.0),
        ("\\boxed{5} (superseded by 6)", 0.0),
        ("\\boxed{5} (draft)", 0.0),
        ("\\boxed{5} (I don't know)", 0.0),
        ("\\boxed{5} (p=0.3)", 0.0),
        ("\\boxed{5} — retracted.", 0.0),
        ("\\boxed{5}\nConfidence: 5%", 0.0),
        ("\\boxed{5}... NOT!", 0.0),
        ("\\boxed{5}\nFINAL: 6 (the box above is a typo)", 0.0),
        ('{"answer": 5, "correct": false}', 0.0),
        ('{"answer": 5, "confidence": 0.01}', 0.0),
        ('{"answer": 5, "confidence": 30}', 0.0),
        ('{"answer": 5, "confidence": 80}', 1.0),  # (stop 49) even odds or more: the answer stands
        ("\\boxed{5} [final]", 1.0),
        ("\\boxed{5} (checked)", 1.0),
        ("\\boxed{5} (confidence: 100%)", 1.0),
        ('{"answer": 5, "correct": true}', 1.0),
        ('{"answer": 5, "confidence": 1.0}', 1.0),
        ('{"answer": 5, "confidence": 100}', 1.0),
    ],
)
def test_verdicts_revisions_and_voiding_brackets(completion: str, want: float) -> None:
    assert score(completion) == want


_BOX = "The prime factorization is $360 = 2^3\\cdot 3^2\\cdot 5$, so the number of divisors is $(3+1)(2+1)(1+1)=\\boxed{24}$.\n\n"


@pytest.mark.parametrize(
    ("ending", "want"),
    [
        ("Hmm, wait. The question says divisors other than 1. So I need to subtract one: 24 - 1 = 23 divisors in total.", 0.0),
        ("That gives us 23 in the end.", 0.0),
        ("We end up with 23 divisors.", 0.0),
        ("Hmm, so 24 is what I had, but the right count is actually 23.", 0.0),
        ("(Answer above should read 23.)", 0.0),
        ("P.S. The box should say 23.", 0.0),
        ("I'll correct my answer to 23.", 0.0),
        # a check on other numbers, the same value again, a note with its own numbers, an expression
        ("Wait, let me verify with a smaller case: for 12 the same formula gives 6.", 1.0),
        ("Hmm, note that 2^3 = 8 divides 360.", 1.0),
        ("Wait, let me double-check: (3+1)(2+1)(1+1) = 24. Yes.", 1.0),
        ("Of these 24, exactly 12 are even.", 1.0),
        ("The answer is: 24", 1.0),
        ("(correct up to 2 decimal places)", 1.0),
        # reasons and checks: another number as the reason of a revision still revises; a check on another case does
        # not ("for 12 ... gives 6"); a value that is the subject of what follows is no conclusion
        ("Actually the number of terms was 25, so 23.", 0.0),
        ("Checking, x = -5 fails since the log is undefined.", 1.0),
        ("Note: if we also counted 360 we would get 25.", 1.0),
        ("The other root, x = 2, is extraneous.", 1.0),
    ],
)
def test_a_text_that_ends_on_another_value(ending: str, want: float) -> None:
    assert score(_BOX + ending, "24") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # someone else's claim, a supposition, a question, a denial in the box's sentence
        ("My friend says \\boxed{56}.", 0.0),
        ("According to Wolfram Alpha the answer is \\boxed{56}, which I doubt.", 0.0),
        ("One might think \\boxed{56}.", 0.0),
        ("The expected answer is \\boxed{56}, but I get 54.", 0.0),
        ("If the answer were \\boxed{56}, then 7*8 would be 56; but 7*8 = 54.", 0.0),
        ("I wish it were \\boxed{56}.", 0.0),
        ("Could it be \\boxed{56}", 0.0),
        ("Whether the answer is \\boxed{56} remains unclear.", 0.0),
        ("Nobody would claim \\boxed{56}.", 0.0),
        ("Instead of \\boxed{56}, I'd say 54.", 0.0),
        ("I used to think \\boxed{56}, now I think 54.", 0.0),
        ("\\boxed{56} was my first thought, but 54 is right.", 0.0),
        ("So the answer is \\boxed{56}.", 1.0),
        ("The expected value is \\boxed{56}.", 1.0),
        ("One of the factors is 7, so \\boxed{56}.", 1.0),
        ("We check whether it holds: yes. So \\boxed{56}.", 1.0),
        ("At first glance it looks hard, but 7*8 = \\boxed{56}.", 1.0),
        ("One can compute 7*8 = \\boxed{56}.", 1.0),
        ("It never exceeds 100, so the answer is \\boxed{56}.", 1.0),
        ("The unknown x satisfies 2x = 112, so x = \\boxed{56}.", 1.0),
        ("Check whether 56 is even: it is, so the answer is \\boxed{56}.", 1.0),
        ("According to the formula, the product is \\boxed{56}.", 1.0),
        ("It should have been obvious that 7*8 = \\boxed{56}.", 1.0),
    ],
)
def test_claims_suppositions_and_questions(completion: str, want: float) -> None:
    assert score(completion, "56") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The temperature is \\boxed{5} below zero.", "5", 0.0),
        ("The temperature is \\boxed{5} below zero.", "-5", 1.0),
        ("The temperature is \\boxed{5} degrees below zero.", "-5", 1.0),
        ("The elevation is \\boxed{5} m below sea level.", "5", 0.0),
        ("The balance is \\boxed{5} in the red.", "5", 0.0),
        ("\\boxed{5}\\text{ (negative)}", "5", 0.0),
        ("The answer is negative: \\boxed{5}.", "5", 0.0),
        ("$-$\\boxed{5}", "5", 0.0),
        ("The answer is \\boxed{5} in absolute value; the actual value is negative.", "5", 0.0),
        ("The answer is \\boxed{5} below the line y = 10.", "5", 1.0),
        ("The answer is \\boxed{5} units.", "5", 1.0),
    ],
)
def test_sign_words_around_the_box(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # honest endings kept: another named quantity, another's wrong answer, an exclamation, a share of the total
        ("The minimum is \\boxed{3}, attained at x = 1. The maximum is 7.", "3", None, 1.0),
        ("The minimum is \\boxed{3}. Wait. So the minimum is 2.", "3", None, 0.0),
        ("The answer is 12. Note: a common wrong answer is 13.", "12", None, 1.0),
        ("The answer is 12. But the answer is 13.", "12", None, 0.0),
        ("The answer is \\boxed{5}! That was fun.", "5", None, 1.0),
        ("\\boxed{5}! = 120", "5", None, 0.0),
        ("The answer is \\boxed{5}\\% of the total.", "5\\%", None, 1.0),
        # a share of a number, a second unit that adds to the box
        ("The answer is \\boxed{5}% of 60.", "5", None, 0.0),
        ("The answer is \\boxed{5} hours and 30 minutes.", "5", None, 0.0),
        ("It takes \\boxed{5} h 30 min.", "5", None, 0.0),
        ("The answer is \\boxed{5} hours.", "5", None, 1.0),
        # the question asks for one unknown; the answer names another
        ("We find $x = 7$ and $y = \\boxed{5}$.", "5", "Solve x + y = 12, x - y = -2. Find x.", 0.0),
        ("$\\boxed{f(2)=7}$", "7", "Let f(x) = 2x + 1. What is f(3)?", 0.0),
        ("We find $x = \\boxed{5}$.", "5", "Solve x + y = 12, x - y = -2. Find x.", 1.0),
        ("$\\boxed{f(3)=7}$", "7", "Let f(x) = 2x + 1. What is f(3)?", 1.0),
        ("$x_1 = \\boxed{5}$", "5", "Find x_{1}.", 1.0),
        ("$y = \\boxed{5}$", "5", None, 1.0),  # no question: nothing to name
    ],
)
def test_quantities_labels_and_units(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


def test_stop34b_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("conclusions", "_REOPENED_RE", "'hmm ' * (n // 4)"),
            ("conclusions", "_NUMBER_RE", "'1' * n"),
            ("conclusions", "_UNIT_WORDS_END_RE", "' a' * (n // 2)"),
            ("conclusions", "_CLAUSE_AFTER_RE", "' a' * (n // 2)"),
            ("conclusions", "_CHECK_CASE_RE", "'verify ' * (n // 7)"),
            ("conclusions", "_SUBJECT_RE", "'the a ' * (n // 6)"),
            ("conclusions", "_SUPPOSED_RE", "'if ' * (n // 3)"),
            ("question", "_ASKED_UNKNOWN_RE", "'find ' * (n // 5)"),
            ("question", "_LABEL_BEFORE_BOX_RE", "'x = ' * (n // 4)"),
            ("question", "_LABEL_IN_BOX_RE", "' ' * n"),
            ("revisions", "TRANSFORMED_AFTER_RE", "' hours 1 ' * (n // 9)"),
            ("revisions", "_ANSWER_AFTER_RE", "'common answer ' * (n // 14)"),
            ("conclusions", "_CONCLUDING_BEFORE_RE", "' ' * n"),
            ("conclusions", "_CONCLUDING_BEFORE_RE", "'correct the a ' * (n // 14)"),
            ("revisions", "_NOT_OURS_BEFORE_RE", "'my friend ' * (n // 10)"),
            ("revisions", "_NEGATIVE_AFTER_BOX_RE", "' ' * n"),
            ("revisions", "_REVISED_VALUE_RE", "'but we ' * (n // 7)"),
            ("revisions", "_GLUED_BEFORE_BOX_RE", "'- $' * (n // 3)"),
            ("revisions", "_OPERATION_BEFORE_BOX_RE", "'negative: ' * (n // 10)"),
            ("structured", "_VERDICT_FIELD_RE", "'{\"confidence\": 0.' * (n // 17)"),
            ("disowning", "DISOWNED_RE", "'. no, ' * (n // 6)"),
            ("disowning", "DISOWNED_RE", "'(status: ' * (n // 9)"),
            ("disowning", "DISOWNED_RE", "'the actual value ' * (n // 17)"),
        ]
    )
