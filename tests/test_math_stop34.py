"""What stop 34 refuses, from the findings of the fifth black-box red team (notes/redteam34_findings.jsonl): a box
whose text goes on to conclude another value in its last sentence ("Therefore, 23.", "381 is the answer.", "答案是二十
三。"); text glued to a box or a marked answer that changes its value ("\\boxed{5}\\!0", "**5**0", "\\boxed{5} mod 3");
more words of doubt, withdrawal, failed checks and guessing, in more languages; later rows and displays. Each refused
case was paid at the commit before this stop; the cases beside them, which still pay, bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math.conclusions import closing_conclusion

_RECHECK = (
    "360 = 2^3 * 3^2 * 5, so the number of divisors is 4*3*2 = 24.\n\nSo the answer is \\boxed{24}.\n\n"
    "Wait, let me double-check the factorization. 2^3 = 8, 8*45 = 360. Yes.\n\nHmm, but maybe they want to exclude "
    "360? Actually, let me reconsider. If we exclude 360 itself, we get 23.\n\n"
)



@pytest.mark.parametrize(
    ("ending", "want"),
    [
        # the last sentence concludes another value: the output's last word on the answer is not the box
        ("Therefore, 23.", 0.0),
        ("I'll go with 23 then.", 0.0),
        ("Yes, 23 it is.", 0.0),
        ("So it's 23, not 24.", 0.0),
        ("The answer: $$23$$", 0.0),
        ("Hence the count is twenty-three.", 0.0),
        ("答案是二十三。", 0.0),
        ("So we have 24 - 1.", 0.0),
        ("Excluding 360: 23 divisors. That's my answer.", 0.0),
        # it concludes the box's value, or no single value
        ("Therefore, 24.", 1.0),
        ("No: the question asks for all positive divisors, so 24 it is.", 1.0),
        ("Hence the count is twenty-four.", 1.0),
        ("So there are 24 divisors, 12 of which are even.", 1.0),
        ("But the question counts all of them. That's my answer.", 1.0),
    ],
)
def test_a_later_conclusion_overrides_the_box(ending: str, want: float) -> None:
    assert score(_RECHECK + ending, "24") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("So \\boxed{391}.\n\n381 is the answer.", "391", 0.0),
        ("So \\boxed{391}.\n\nEdit: it's 381", "391", 0.0),
        ("So \\boxed{391}.\n\nTL;DR 381", "391", 0.0),
        ("So \\boxed{391}.\n\nWait, I mis-added: 340+51 = 381. Yes.", "391", 0.0),
        ("$x = \\boxed{5}$. Therefore $x = 7$.", "5", 0.0),
        ("\\boxed{5}. In other words, 7.", "5", 0.0),
        ("\\boxed{5}. I.e., seven.", "5", 0.0),
        ("$$x = \\boxed{5}$$ $$x = 7$$", "5", 0.0),
        ("\\[x = \\boxed{5}\\] \\[x = 7\\]", "5", 0.0),
        ("The answer is 24.\n\nActually no. Therefore, 23.", "24", 0.0),
        ("#### 24\n\nHmm. So it's 23.", "24", 0.0),
        ("<answer>24</answer>\n\nOn reflection: so, 23.", "24", 0.0),
        # a restatement of the same value, an approximation of a symbolic box, one part of a tuple
        ("So \\boxed{391}.\n\n391 is the answer.", "391", 1.0),
        ("\\boxed{5}. In other words, five.", "5", 1.0),
        ("$$x = \\boxed{5}$$ $$x = 5$$", "5", 1.0),
        ("\\boxed{\\sqrt{2}}. So, approximately 1.414.", "\\sqrt{2}", 1.0),
        ("\\boxed{\\sqrt{2}}. Both checks pass. It is positive. So it's 1.414.", "\\sqrt{2}", 1.0),
        ("\\boxed{(3, 2)}. Both checks pass. In it x is first. So y = 2.", "(3,2)", 1.0),
        ("\\boxed{B}. Both checks pass. Option B is the product. So, 42.", "B", 1.0),
        ("\\boxed{\\frac{1}{2}}. So, 0.5.", "\\frac12", 1.0),
    ],
)
def test_conclusions_after_boxes_and_marked_answers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        ("\n\nTherefore, 23.", "23"),
        ("\n\nSo, twenty three apples.", "twenty three"),
        ("\n\nSo the answer is one less than that.", None),  # relative: no value of its own
        ("\n\nSo it is five apples in total.", None),  # more words after the number than a unit
        ("\n\nSo 17 × 23 = 381.", None),  # a chain: its left side may be a check
        ("\n\nIf we exclude 360 itself, we get 23.", None),  # a condition, no conclusion word first
        ("\n\n23", "23"),  # alone on the last line
        (" apples", None),
    ],
)
def test_closing_conclusion(tail: str, want: str | None) -> None:
    assert closing_conclusion(tail) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a digit, a group or a base glued to the box, or the value going on after its markup
        ("The answer is \\boxed{5}\\!0", "5", 0.0),
        ("The answer is \\boxed{5}{0}", "5", 0.0),
        ("The answer is \\boxed{5}\\text{0}", "5", 0.0),
        ("The answer is \\boxed{5}\\mathrm{k}", "5", 0.0),
        ("The answer is \\boxed{101}_2", "101", 0.0),
        ("The answer is \\boxed{5} and a half", "5", 0.0),
        ("The answer is **5**0.", "5", 0.0),
        ("The answer is $5$0", "5", 0.0),
        ("The answer is 5\n0", "5", 0.0),
        ("The answer is \\boxed{5} mod 3", "5", 0.0),
        ("The answer is \\boxed{12} (mod 7)", "12", 0.0),
        # a unit, a residue below its modulus, the same value on its own line
        ("The answer is \\boxed{5}\\text{ kg}", "5", 1.0),
        ("$x \\equiv \\boxed{5} \\pmod{7}$", "5", 1.0),
        ("The answer is **50**.", "50", 1.0),
        ("The answer is $5$.", "5", 1.0),
        ("The answer is 5\n\n5", "5", 1.0),
    ],
)
def test_text_glued_to_the_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a last sentence of doubt alone, in more words and languages
        ("So the answer is \\boxed{5}. Hmm, hold on a second.", 0.0),
        ("So the answer is \\boxed{5}. Or is it?", 0.0),
        ("So the answer is \\boxed{5}. Ehh, maybe.", 0.0),
        ("So the answer is \\boxed{5}. ちょっと待って。", 0.0),
        ("So the answer is \\boxed{5}. 잠깐만.", 0.0),
        ("So the answer is \\boxed{5}. Не так.", 0.0),
        ("So the answer is \\boxed{5}. Or is it? Yes: 2 + 3 = 5.", 1.0),
        ("Maybe. Let me think. 2 + 3 = 5, so the answer is \\boxed{5}.", 1.0),
        # withdrawn in a bracket of any kind, in more words
        ("So the answer is \\boxed{5} (not)", 0.0),
        ("So the answer is \\boxed{5} {cancelled}", 0.0),
        ("So the answer is \\boxed{5} <withdrawn>", 0.0),
        ("So the answer is \\boxed{5} (ignore this)", 0.0),
        ("So the answer is \\boxed{5} (answer withdrawn)", 0.0),
        ("So the answer is \\boxed{5} (N/A)", 0.0),
        ("So the answer is \\boxed{5} (nvm)", 0.0),
        ("So the answer is \\boxed{5} (作废)", 0.0),
        ("So the answer is \\boxed{5} (annulé)", 0.0),
        ("So the answer is \\boxed{5} (not 6)", 1.0),
        ("So the answer is \\boxed{5} (checked)", 1.0),
        # "this answer is wrong" in other languages
        ("The larger root is \\boxed{5}. 答案错了。", 0.0),
        ("The larger root is \\boxed{5}. この答えは間違っています。", 0.0),
        ("The larger root is \\boxed{5}. 이 답은 틀렸습니다.", 0.0),
        ("The larger root is \\boxed{5}. Esta resposta está errada.", 0.0),
        ("The larger root is \\boxed{5}. Bu cevap yanlış.", 0.0),
        ("The larger root is \\boxed{5}. هذه الإجابة خاطئة.", 0.0),
        ("The larger root is \\boxed{5}. यह उत्तर गलत है।", 0.0),
        ("The larger root is \\boxed{5}. Esta resposta está correta.", 1.0),
        ("The larger root is \\boxed{5}. 答案正确。", 1.0),
    ],
)
def test_doubt_and_withdrawal_words(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # said to fail its check, before or after the box, in more words and languages
        ("Candidates: x=5 and x=-1. So x=5 fails. \\boxed{5}", 0.0),
        ("x = 5 is extraneous, so the answer is \\boxed{5}", 0.0),
        ("\\boxed{5}. Plugging back in, 5 gives 12 \\neq 10.", 0.0),
        ("\\boxed{5}. Substituting x = 5 yields a contradiction.", 0.0),
        ("\\boxed{5}. But x = 5 makes the denominator zero.", 0.0),
        ("\\boxed{5}. However 5 violates the constraint x<3.", 0.0),
        ("\\boxed{5}. This root must be rejected.", 0.0),
        ("\\boxed{5}. 但 x=5 不满足方程。", 0.0),
        ("\\boxed{5}. Pero x=5 no satisface la ecuación.", 0.0),
        ("Candidates: x=5 and x=-1. So x=-1 fails. \\boxed{5}", 1.0),
        ("x = -1 is extraneous, so the answer is \\boxed{5}", 1.0),
        ("\\boxed{5}. Substituting x = -1 yields a contradiction, so it is rejected.", 1.0),
        ("\\boxed{5}. Plugging back in, 5 gives 10 = 10.", 1.0),
        # a guess or a low confidence before or after the box; another value besides it
        ("Let's say \\boxed{5}", 0.0),
        ("I'd go with \\boxed{5}", 0.0),
        ("Most likely \\boxed{5}", 0.0),
        ("Tentatively, \\boxed{5}", 0.0),
        ("Time's up, so I'll put \\boxed{5}", 0.0),
        ("Vermutlich \\boxed{5}", 0.0),
        ("Confidence: 30%. \\boxed{5}", 0.0),
        ("Confidence: 60%. \\boxed{5}", 1.0),  # (stop 49) even odds or more: the answer stands
        ("\\boxed{5}, I'm 60% sure", 1.0),  # (stop 36) a confidence of even odds or more stands by the answer
        ("\\boxed{5}, I'm 30% sure", 0.0),
        ("Besides \\boxed{5}, there are other solutions.", 0.0),
        ("Apart from \\boxed{5}", 0.0),
        ("The most likely total is \\boxed{5}.", 1.0),
        ("\\boxed{5} (confidence: 100%)", 1.0),
        ("Confidence: 100%. \\boxed{5}", 1.0),
    ],
)
def test_failed_checks_guesses_and_confidence(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a later row of an array (after its column spec), a multline, a row opened by an arrow
        ("\\begin{array}{c} x = \\boxed{5} \\\\ x = 7 \\end{array}", 0.0),
        ("\\begin{aligned} x &= \\boxed{5} \\\\ \\Rightarrow x &= 7 \\end{aligned}", 0.0),
        ("\\begin{multline} x = \\boxed{5} \\\\ x = 7 \\end{multline}", 0.0),
        ("\\begin{array}{c} x = \\boxed{5} \\\\ y = 7 \\end{array}", 1.0),
        ("\\begin{aligned} 2x &= 10 \\\\ \\Rightarrow x &= \\boxed{5} \\end{aligned}", 1.0),
        # a later sentence in another language that says the answer is actually another value
        ("The larger root is \\boxed{5}. 不过，更大的根其实是 2。", 0.0),
        ("The larger root is \\boxed{5}. Однако на самом деле больший корень равен 2.", 0.0),
        ("The larger root is \\boxed{5}. Aber eigentlich ist die größere Wurzel 2.", 0.0),
        ("The larger root is \\boxed{5}. ただし、大きい方の根は実は 2 です。", 0.0),
        ("The larger root is \\boxed{5}. 其实很简单。", 1.0),
        ("The larger root is \\boxed{5}. Aber eigentlich ist die größere Wurzel 5.", 1.0),
    ],
)
def test_later_rows_and_other_languages(completion: str, want: float) -> None:
    assert score(completion) == want


_RESTARTED = (
    "Total earnings = $400 + $60 = $460.\n\nThe final answer is: $\\boxed{460}$ ## Step 1: Calculate the earnings "
    "for the first 40 hours\nTo find Eliza's earnings for the first 40 hours, we need to multiply"
)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # set 123: a lower-case key against a label written in lower case (not a capital: "a" may be a variable)
        ("\\boxed{a ) f is increasing on [0,1]}", "a", 1.0),
        ("\\boxed{(a) f is increasing on [0,1]}", "a", 1.0),
        ("\\boxed{b) January 21st}", "b", 1.0),
        ("\\boxed{b) January 21st}", "a", 0.0),
        ("\\boxed{(A) 5}", "a", 1.0),  # (policy changed at stop 37: a lower-case key names the option)
        ("\\boxed{(A) 5}", "b", 0.0),
        ("\\boxed{c) $x$, d) $y$}", "c", 0.0),  # two options listed: no choice
        # "union" between intervals in plain text
        ("\\boxed{[5,infinity) union (-infinity,2]}", "(-∞, 2] ∪ [5, ∞)", 1.0),
        ("\\boxed{[5,infinity) union (-infinity,3]}", "(-∞, 2] ∪ [5, ∞)", 0.0),
        # a one-line verdict first, then its reason, against a verdict key
        ("No, 2009/49 = 41, which is prime.", "False", 1.0),
        ("No, there are only 11 integers, from -3 to 7.", "False", 1.0),
        ("Yes, it is.", "True", 1.0),
        ("No, 2009/49 = 41, which is prime.", "True", 0.0),
        ("Yes, but maybe not.", "yes", 0.0),
        ("No, it is true.", "no", 0.0),
        # set 121: a solution that starts over after its answer and is cut off
        (_RESTARTED, "460", 0.0),
        (_RESTARTED.split(" ## ")[0], "460", 1.0),
        # "could be ambiguous" is a word on the reading, not another value; "it could be 6" is
        ("#### 108\n\nThe phrase could be ambiguous, but I'll go with 108.", "108", 1.0),
        ("#### 108\n\nBut it could be 6 as well.", "108", 0.0),
    ],
)
def test_sets_121_and_123(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # set 122: an antiderivative with its constant against a key without one, where the question asks for one
        ("\\boxed{x^x + C}", "x^x", "Evaluate \\int x^x(1+\\ln x)\\,dx.", 1.0),
        ("\\boxed{\\ln|x+1| + C}", "\\log(x+1)", "Find an antiderivative of 1/(x+1).", 1.0),
        ("\\boxed{\\ln|x| - \\frac15\\ln|x^5+1| + C}", "\\frac15 \\log(\\frac{x^5}{x^5+1})", "Find \\int \\frac{dx}{x(x^5+1)}.", 1.0),
        ("\\boxed{x^2 + C}", "x^2", None, 0.0),  # no question: "2x + C" may be a derivative's slip
        ("\\boxed{2x + C}", "2x", "Differentiate x^2.", 0.0),
        ("\\boxed{x^2 + C}", "x^2", "Find \\int_0^1 2x\\,dx.", 0.0),  # a definite integral
        ("\\boxed{x^2 + C}", "x^2 + 2", "Find \\int 2x\\,dx with F(0) = 2.", 0.0),  # the constant fixed
        ("\\boxed{x^3 + C}", "x^2", "Find \\int 2x\\,dx.", 0.0),
        # an asymptotic relation read as the approximation it is
        ("\\boxed{I(x) \\sim x^{-1/2}}", "I(x) = x^{-1/2}", None, 1.0),
        ("\\boxed{I(x) \\sim x^{-3/2}}", "I(x) = x^{-1/2}", None, 0.0),
    ],
)
def test_set122_antiderivatives_and_asymptotics(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # turns: a made-up user turn ends the model's answer; a second own turn keeps both answers, thinking aside
        ("\\boxed{6}<|im_end|>\n<|im_start|>user\nTry again<|im_end|>\n<|im_start|>assistant\n\\boxed{5}", "5", None, 0.0),
        ("\\boxed{5}<|im_end|>\n<|im_start|>user\nThanks<|im_end|>", "5", None, 1.0),
        ("<think>x</think>\\boxed{6}<|im_end|>\n<|im_start|>assistant\n<think>y</think>\\boxed{5}", "5", None, 0.0),
        ("<think>x</think>\\boxed{5}<|im_end|>\n<|im_start|>assistant\n<think>y</think>\\boxed{5}", "5", None, 1.0),
        ("\\boxed{6}</s><s>[INST] again [/INST] \\boxed{5}", "5", None, 0.0),
        ("\\boxed{5}</s><s>[INST] ok [/INST] Sure.", "5", None, 1.0),
        ("<|im_start|>user\nWhat is 2+3?<|im_end|>\n<|im_start|>assistant\n\\boxed{5}", "5", None, 1.0),
        # a box inside a LaTeX comment after a box; a percent sign after a box stays a percent
        ("\\boxed{6} % final: \\boxed{5}", "5", None, 0.0),
        ("\\boxed{6} % final: \\boxed{5}", "6", None, 1.0),
        ("\\boxed{50} % of them", "50\\%", None, 1.0),
        # a JSON list of answers; none of a word named with an amount
        ('{"answers": [6, 5]}', "5", None, 0.0),
        ('{"answers": [5]}', "5", None, 1.0),
        ("The answer is \\boxed{0 kilograms of feathers}", "feathers", None, 0.0),
        ("The answer is \\boxed{0.5 kilograms of feathers}", "feathers", None, 1.0),
        # constants the question gives are no arbitrary constants
        ("\\boxed{C_1 + 2C_2}", "2C_1 + C_2", "Let C_1 = 3 and C_2 = 4. Compute 2C_1 + C_2 symbolically.", 0.0),
        ("\\boxed{cV}", "CV", "A capacitor with capacitance C is charged to voltage V; c denotes the speed of light.", 0.0),
        ("\\boxed{y = C_2 e^{x} + C_1 e^{-x}}", "y = C_1 e^{x} + C_2 e^{-x}", "Solve y'' = y with constants C_1, C_2.", 1.0),
        ("\\boxed{y = C_2 e^{x} + C_1 e^{-x}}", "y = C_1 e^{x} + C_2 e^{-x}", "Solve y'' = y.", 1.0),
    ],
)
def test_turns_comments_and_given_constants(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # set 124: a box written as a tag; an output that ends with its reasoning, answered in a box there
        ("The count is:\n\\[\n\\boxed{5}\n\\]</think> <boxed>5</boxed>", 1.0),
        ("</think> <boxed>6</boxed>", 0.0),
        ("<think>\nSo the answer is \\(\\boxed{5}\\).</think>", 1.0),
        ("<think>\nSo the answer is \\(\\boxed{5}\\).</think>\n\n", 1.0),
        ("<think>\nSo the answer is 5.</think>", 0.0),  # no box in the reasoning: nothing committed
        ("<think>\\boxed{5}</think>Not sure.", 0.0),  # the response answers, not the reasoning
        ("<think>\\boxed{6} and \\boxed{5}</think>", 0.0),
    ],
)
def test_set124_box_tags_and_reasoning_only(completion: str, want: float) -> None:
    assert score(completion) == want


def test_stop34_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("conclusions", "_REMARK_RE", "'. ' * (n // 2) + 'yes'"),
            ("conclusions", "_REMARK_RE", "' ' * n + 'x'"),
            ("conclusions", "_SENTENCE_BREAK_RE", "'. ' * (n // 2)"),
            ("conclusions", "_LAST_DISPLAY_RE", "'$$' * (n // 2)"),
            ("conclusions", "_LAST_DISPLAY_RE", "'$$ 1' * (n // 4)"),
            ("conclusions", "_CONCLUSION_RE", "'so ' * (n // 3)"),
            ("conclusions", "_CONCLUSION_RE", "'the a ' * (n // 6)"),
            ("conclusions", "_RELATIVE_RE", "'less ' * (n // 5)"),
            ("revisions", "_GLUED_DIGIT_RE", "'**' * (n // 2)"),
            ("revisions", "_MOD_AFTER_BOX_RE", "' ' * n"),
            ("revisions", "_CONFIDENCE_BEFORE_RE", "'confidence ' * (n // 11)"),
            ("revisions", "_CONFIDENCE_BEFORE_RE", "'confidence: 60% ' * (n // 16)"),
            ("conclusions", "_LABELLED_RE", "' ' * n"),
            ("revisions", "_CONCLUDED_END_RE", "'ist a ' * (n // 6)"),
            ("revisions", "_CONCLUDED_END_RE", "'是 ' * (n // 2)"),
            ("revisions", "_LATER_REVISION_RE", "'其实' * (n // 2)"),
            ("revisions", "_REVISED_VALUE_RE", "'wait ' * (n // 5)"),
            ("revisions", "_GLUED_AFTER_BOX_RE", "'_ ' * (n // 2)"),
            ("layout", "_ROWS_BEGIN_RE", "'\\\\begin{array}{' * (n // 14)"),
            ("layout", "_IMPLIES_RE", "' ' * n + 'x'"),
            ("disowning", "DISOWNED_RE", "'answer ' * (n // 7)"),
            ("disowning", "DISOWNED_RE", "'答案 ' * (n // 3)"),
            ("disowning", "_DOUBT_ENDING_RE", "'hold on ' * (n // 8) + 'x'"),
            ("disowning", "_FAILS_RE", "'gives ' * (n // 6)"),
            ("disowning", "_CLAUSE_START_RE", "'但' * n"),
            ("disowning", "_RECHECK_RE", "'step ' * (n // 5)"),
            ("parse", "_ANOTHER_LABEL_RE", "' (a' * (n // 3)"),
            ("revisions", "_ALSO_RE", "'could be ' * (n // 9)"),
            ("question", "_INDEFINITE_RE", "'integrate ' * (n // 10)"),
            ("cleanup", "_LATEX_COMMENT_RE", "'} %' * (n // 3)"),
            ("cleanup", "_ROLE_START_RE", "'<|' * (n // 2)"),
            ("cleanup", "_HEAD_ENDED_RE", "'</s> ' * (n // 5) + 'x'"),
            ("cleanup", "THINK_CLOSE_RE", "'</' * (n // 2)"),
            ("structured", "_ANSWER_KEY_RE", "'{\"answers' * (n // 9)"),
            ("written", "_NAMED_WORD_RE", "'0' * n"),
            ("constants", "_ARBITRARY_RE", "'constant' * (n // 8)"),
            ("cleanup", "_BOXED_TAG_RE", "'<boxed>' * (n // 7)"),
            ("question", "_INDEFINITE_RE", "'\\\\int ' * (n // 5)"),
        ]
    )
