"""Stop 49: classes found by red teams 66 and 67 and the blind sets 232-237. Each case that moved was scored the
other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a bracket after the answer that restates another value, with a word of any language or in words
        ("Computing.\n\nThe answer is 72 (i.e. 70).", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (that is, 70).", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (genau 70).", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (seventy).", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (siebzig).", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (七十).", "72", 0.0),
        ("Computing.\n\nThus the result is 72 (i.e. 70).", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (ie 70).", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (o sea 70).", "72", 0.0),
        ("3 boxes × 6 pens = 18 pens. Removing 1 leaves 17.\n\nSo the boxes hold 18 pens (correction: 17).", "17", 1.0),
        ("Computing.\n\nThe answer is 72 (也就是70)。", "72", 0.0),
        ("Computing.\n\nThe answer is 72 (ie 72).", "72", 1.0),
        ("Computing.\n\nThe answer is 5 (two boxes).", "5", 1.0),
        ("Computing.\n\nThe answer is 5 (one box).", "5", 1.0),
        # (the same value restated, in words or rounded, and a note without a value, stand)
        ("Computing.\n\nThe answer is 72 (seventy-two).", "72", 1.0),
        ("Computing.\n\nThe answer is 72 (七十二).", "72", 1.0),
        ("Computing.\n\nThe answer is $\\boxed{72}$ (seventy-two).", "72", 1.0),
        ("Computing.\n\nThus the result is 72 (i.e. 72).", "72", 1.0),
        ("Computing.\n\nThe answer is 72 (in total).", "72", 1.0),
    ],
)
def test_brackets_restating_another_value(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # two values of one quantity joined by a word the parser took for letters, or by "and"/"or" in other scripts
        ("<answer>x = 5 of x = 7</answer>", "7", 0.0),
        ("<answer>x = 5 i x = 7</answer>", "7", 0.0),
        ("<answer>x = 5 en x = 7</answer>", "7", 0.0),
        ("<answer>x = 5 и x = 7</answer>", "7", 0.0),
        ("<answer>x = 5 és x = 7</answer>", "7", 0.0),
        ("<answer>x = 5 или x = 7</answer>", "7", 0.0),
        ("<answer>x = 5 または x = 7</answer>", "7", 0.0),
        ("<answer>x = 5 и x = 7</answer>", "5, 7", 1.0),
        ("<answer>x = 5 和 x = 7</answer>", "5, 7", 1.0),
        # (a formula worked out to its value stands)
        ("$x = \\frac{-b}{2a} = \\frac{4}{2} = 2$", "2", 1.0),
        # closing lines: one label given two values, a line of values, a list beside a restated value
        ("so 48 + 24 = 72.\n\nTotal: 70\nTotal: 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70, 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70 | 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\nSo: 70; 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70, 72", "70, 72", 1.0),
        ("so 48 + 24 = 72.\n\nSo the total is 70 vs 72.", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70 ~ 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70 and 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70、72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70か72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n**70 alebo 72**", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70 \\lor 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70 и 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n70 and 72", "70, 72", 1.0),
        ("so 48 + 24 = 72.\n\nThe total is 72.", "72", 1.0),
        ("Thought: 48 + 24 = 72\n**`Answer`**: 72, 70", "72", 0.0),
        ("Thought: 48 + 24 = 72\n<ans>72, 70", "72", 0.0),
        ("so 48 + 24 = 72.\n\nTotal: 72", "72", 1.0),
        ("so 48 + 24 = 72.\n\nTotal: 70\n\nTotal: 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\nTotal = 70\nTotal = 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n总数：70\n总数：72", "72", 0.0),
        ("so 48 + 24 = 72.\n\n**Total**: 70\n**Total**: 72", "72", 0.0),
        ("so 48 + 24 = 72.\n\nApril: 48\n\nMay: 24\n\nTotal: 70\nGoal: 72", "70", 1.0),
        ("Factoring: (x-2)(x-3)=0.\n\nx₁ = 2, x₂ = 3", "3", 0.0),
        ("Factoring: (x-2)(x-3)=0.\n\nx1 = 2, x2 = 3", "3", 0.0),
        ("Factoring: (x-2)(x-3)=0.\n\nx₁ = 2, x₂ = 3", "2, 3", 1.0),
        ("Factoring: (x-2)(x-3)=0.\n\nx = 3", "3", 1.0),
        ("so 48 + 24 = 1,072.\n\n1,072", "1072", 1.0),
        ("x = 6\n\nTherefore, in 6 years, Bruce will be 3 times as old as his son.", "6", 1.0),
    ],
)
def test_several_values_in_other_forms(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a retraction in words after the last number; a closing line in Chinese after the answer
        ("So she sold 72 clips.\n\nHmm, actually seventy.", "72", 0.0),
        ("So she sold 72 clips.\n\nEigentlich siebzig.", "72", 0.0),
        ("So she sold 72 clips.\n\nEn fait, soixante-dix.", "72", 0.0),
        ("So she sold 72 clips.\n\nHmm, actually seventy.", "70", 1.0),
        ("So she sold 72 clips.\n\nWait, actually seventy-two.", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n不是72，而是70。", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n我是说70。", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n答案是72。", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n见第3页", "72", 1.0),
        # marks at the number: a superscript sign opens a power; a bracket raised to a power; dashes as minus signs
        ("Computing.\n\nThus the result is 7⁻¹.", "7", 0.0),
        ("Computing.\n\nThus the result is (7)².", "7", 0.0),
        ("Computing.\n\nThus the result is ‐5.", "5", 0.0),
        ("Computing.\n\nThus the result is ‐5.", "-5", 1.0),
        ("Computing.\n\n答案是⁻5。", "5", 0.0),
        ("Computing.\n\n答案是–5。", "-5", 1.0),
        ("Ages 3‐5 are fine. So the answer is 5.", "5", 1.0),
        ("Computing.\n\nThus the result is (7).", "7", 1.0),
        ("There were 8 oranges in the basket before some were taken. (3 + 5 = 8)", "8", 1.0),
    ],
)
def test_retractions_in_words_and_marks_at_the_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_AGENTS = (
    "After reviewing the analysis of the other agents, there is no discrepancy.\n\nAgents 5on5, 7u7N and 37qR agree."
)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a closed reasoning block that ends on a "Final Answer:" line: the model answered, then stopped
        ("<think>\nThe result shows 52.1, which matches.\n\nFinal Answer: 52.1\n</think>", "52.1", 1.0),
        ("<think>\nThe result shows 52.1, which matches.\n\nFinal Answer: 52.1\n</think>", "52", 0.0),
        # (cut off before it closes, or a plain statement in the reasoning: no answer committed)
        ("<think>\nThe result shows 52.1, which matches.\n\nFinal Answer: 52.1", "52.1", 0.0),
        ("<think>\nThe result shows 52.1, so the answer is 52.1\n</think>", "52.1", 0.0),
        ("<think>\nThe result shows 52.1, which matches.\n\nFinal Answer:\n52.1\n</think>", "52.1", 1.0),
        ("<think>\nThe result shows 52.1, which matches.\n\n最终答案：52.1\n</think>", "52.1", 1.0),
        ("<think>\nThe result shows 52.1, which matches.\n\n## Final Answer\n52.1\n</think>", "52.1", 1.0),
        # a self-reported confidence of even odds or more stands by the answer; a stray quote after a JSON block
        ('```json\n{\n  "answer": "1/4",\n  "confidence": 80,\n  "stop": false\n}\n```}\'', "1/4", 1.0),
        ('```json\n{\n  "answer": "1/4",\n  "confidence": 30\n}\n```', "1/4", 0.0),
        # a marker's line that introduces the next one; agents' names are no numbers
        (_AGENTS + "\n\nThe most reliable answer is the one of the other four agents, which is:\n\nThe answer is 26", "26", 1.0),
        ("The answer is 4.\n\nThe answer is 26", "26", 0.0),
        ("The answer is 4:\n\nThe answer is 26", "26", 0.0),
        ("So 61 students is indeed the answer.\n\nAgent 37qR's code is incorrect due to an error.", "61", 1.0),
        ("The volume is 10mL", "10", 1.0),
        ("So it is 1e5", "100000", 1.0),
        # an answer in words with a comma after its thousands
        (" 1,704 marbles", "one thousand, seven hundred and four", 1.0),
        (" 1,714 marbles", "one thousand, seven hundred and four", 0.0),
    ],
)  # fmt: skip
def test_reasoning_confidence_markers_and_names(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a last line that concludes under its label on another value; a value under emphasis or an arrow after the
        # answer; a value in brackets on its own line; another value offered with "also", a dash or a convention
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\nConclusion: 70 clips.", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\nFazit: 70 clips.", "72", 0.0),
        ("48 + 24 = 72.\n\n\\boxed{72}\n\n**TL;DR** 70 clips", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\nConclusion: 72 clips.", "72", 1.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n\\textbf{70}", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n\\textcolor{red}{70}", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n`70`", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n-> 70", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n\\textbf{72}", "72", 1.0),
        ("We add.\n\nThe answer is 72.\n\n```\n70\n```", "72", 0.0),
        ("We add.\n\nThe answer is 72.\n\n\\color{red}{70}", "72", 0.0),
        ("We add.\n\nThe answer is 72.\n\n{70}", "72", 0.0),
        ("We add.\n\nThe answer is 72.\n\n==*70*==", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n<mark>70</mark>", "72", 0.0),
        ("48 + 24 = 72.\n\nThe answer is $\\boxed{72}$.\n\n\\large 70", "72", 0.0),
        ("We add.\n\nThe answer is 72.\n\n```\n72\n```", "72", 1.0),
        ("We add.\n\n\\boxed{72}\n\n\\checkmark", "72", 1.0),
        ("48 + 24 = 72.\n\n**Answer: 72**\n\n(70)", "72", 0.0),
        ("48 + 24 = 72.\n\n**Answer: 72**\n\n(72)", "72", 1.0),
        ("Solve it.\n\n\\boxed{5} (also $6$)", "5", 0.0),
        ("Solve it.\n\n\\boxed{5}\n\nDepending on convention, $6$.", "5", 0.0),
        ("Solve it.\n\nAnswer: $5$ — $6$", "5", 0.0),
        ("Solve it.\n\n\\boxed{5} (also 5)", "5", 1.0),
        ("Solve it.\n\nAnswer: 5 — that is all.", "5", 1.0),
    ],
)
def test_values_after_the_answer_in_more_forms(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_GIRLS_Q = "Half of the 40 students are girls. What percent of the students are girls?"
_CENTS_Q = "Maria had 2 dollars and spent 1.65 dollars. How many cents does she have left?"


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # ranges in other languages and comparison signs before the last number: no one value
        ("entre 3 y 4 manzanas.", "4", None, 0.0),
        ("Zwischen 3 und 4 Äpfel.", "4", None, 0.0),
        ("От 3 до 4 яблок.", "4", None, 0.0),
        ("3〜4個", "4", None, 0.0),
        ("So there are 3 through 4 apples in the box.", "4", None, 0.0),
        ("So there are 3 bis 4 apples.", "4", None, 0.0),
        ("So there are tra 3 e 4 apples.", "4", None, 0.0),
        ("Counting.\n\n3から4", "4", None, 0.0),
        ("Counting.\n\nvan 3 tot 4", "4", None, 0.0),
        ("Counting.\n\nbetween 3 & 4", "4", None, 0.0),
        ("Computing.\n\nThus the result is 負5.", "5", None, 0.0),
        ("Solved with 4 agents.\n\nResult=72; Votes=3; Agents=70", "70", None, 0.0),
        ("Solved with 4 agents.\n\nResult=72; Votes=3; Agents=70", "72", None, 1.0),
        ("We add.\n\nThe answer is 72.\n\nTakeaway: 70 clips", "72", None, 0.0),
        ("3 ile 4 arasında elma.", "4", None, 0.0),
        (">=4", "4", None, 0.0),
        ("≧4", "4", None, 0.0),
        ("=/=4", "4", None, 0.0),
        ("There are 25 primes between 1 and 100.", "25", None, 1.0),
        ("Es gibt 25 Primzahlen zwischen 1 und 100.", "25", None, 1.0),
        ("Thus 2x = 8 => x = 4", "4", None, 1.0),
        # "or" in more languages
        ("**3 sau 4**", "4", None, 0.0),
        ("**3 ó 4**", "4", None, 0.0),
        ("**3 ya da 4**", "4", None, 0.0),
        # one unknown's values under their indices are a list of its values
        ("Solving.\n\n$x_1 = 2$, $x_2 = 3$", "3", None, 0.0),
        ("Solving.\n\n$$x_1 = 2$$\n$$x_2 = 3$$", "3", None, 0.0),
        ("Solving.\n\n$x_1 = 2$, $x_2 = 3$", "2, 3", None, 1.0),
        ("Solving.\n\n$$x_1 = 2$$\n$$x_2 = 3$$", "2, 3", None, 1.0),
        ("Solving.\n\n$$x = 5 - 3$$\n$$x = 2$$", "2", None, 1.0),
        # a percent a hundred times the key where a percent is asked; dollars where cents are asked
        ("So the answer is 5000%.", "50", _GIRLS_Q, 0.0),
        ("So the answer is 50%.", "50", _GIRLS_Q, 1.0),
        ("So the answer is 200%.", "2", "How many times as large is it?", 1.0),
        ("Working.\n\n\\boxed{\\$35}", "35", _CENTS_Q, 0.0),
        ("Working.\n\n#### $35", "35", _CENTS_Q, 0.0),
        ("Working.\n\n\\boxed{35}", "35", _CENTS_Q, 1.0),
        ("Working.\n\n#### 35 cents", "35", _CENTS_Q, 1.0),
        ("Working.\n\n\\boxed{\\$5}", "5", "How many dollars does she have?", 1.0),
    ],
)
def test_ranges_signs_lists_percents_and_cents(completion: str, gold: str, question: str | None, want: float) -> None:
    assert score(completion, gold, question) == want


_MECHANIC = "トラックのタイヤの修理に整備士は$40請求します。"
_CHARLIE = "チャーリーは蜜蝋を20ポンド売って、20*10=200ドル儲けたいと思っています。"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a loop to the length cap in Chinese or Japanese (no space after a stop), of one line or two in turn, or cut
        # after a comma: a fact of the problem said over and over is no answer
        ("整備士は$60請求します。" + _MECHANIC * 15 + "トラックのタイヤの修理に", "40", 0.0),
        ("蜜蝋を売りたい。" + _CHARLIE * 8 + "チャーリーは蜜蝋を20ポンド売って", "20", 0.0),
        ("渋滞の5台は、" + "渋滞の5分間を走り、" * 20, "5", 0.0),
        # (the answer's own statement looped stands; a loop that ends on a finished line is read as it stands)
        ("Computing.\n" + "Jibu ni: 40\n" * 15 + "Jibu ni", "40", 1.0),
        ("計算します。" + "答案是40。" * 15 + "答案", "40", 1.0),
        ("整備士は$60請求します。" + _MECHANIC * 15, "40", 1.0),
    ],
)
def test_loops_to_the_cap_in_languages_without_spaces(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # boxes listed together against a labelled tuple key, in order; a marker whose sentence is only a verdict
        ("Solving.\n\n$$\n\\boxed{3} \\quad \\text{e} \\quad \\boxed{17}\n$$", "(m,n)=(3,17)", 1.0),
        ("Solving.\n\n$$\n\\boxed{17} \\quad \\text{e} \\quad \\boxed{3}\n$$", "(m,n)=(3,17)", 0.0),
        ("Solving.\n\n\\boxed{3} and \\boxed{17}", "(3, 17)", 1.0),
        ("We get \\boxed{3} at first. Then a long way of working to be done here and there. Finally \\boxed{17}", "(3, 17)", 0.0),
        ("Recheck:\n70 * 9 = 630\n630 / 9 = 70\n\nThe answer is correct, but I should have double-checked my answer.", "70", 1.0),
        ("So she sold 72 clips.\n\nThe answer is correct.", "70", 0.0),
        ("The answer is right, but 72 is better.", "72", 1.0),
        # a list of verdicts has no case
        ("The final answer is $\\boxed{No, Yes, No}$.", "no, yes, no", 1.0),
        ("The final answer is $\\boxed{No, Yes, Yes}$.", "no, yes, no", 0.0),
    ],
)  # fmt: skip
def test_boxes_against_a_labelled_tuple_and_verdict_markers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # a minus in markup before digits; a power of square brackets or bars; a line with a value of its own does not
        # introduce the next marker; a key under one is a rate where the question asks for a percent
        ("Computing.\n\nThe answer is {-}5.", "5", None, 0.0),
        ("Computing.\n\nThe answer is {-}5.", "-5", None, 1.0),
        ("Computing.\n\nSo the value is -$5$.", "5", None, 0.0),
        ("Computing.\n\nSo the value is -$5$.", "-5", None, 1.0),
        ("Computing.\n\nThus the result is \\text{-}5.", "5", None, 0.0),
        ("<answer>\\textminus 5</answer>", "5", None, 0.0),
        ("Computing.\n\nThus the result is -\\,5.", "5", None, 0.0),
        ("Computing.\n\nThus the result is \\(-\\)5.", "5", None, 0.0),
        ("So 3 -$5$ gives -2, the value is -2.", "-2", None, 1.0),
        ("Computing.\n\nThus the result is [7]².", "7", None, 0.0),
        ("Computing.\n\nThus the result is |7|².", "7", None, 0.0),
        ("So the recipe requires a total of 3 + 6 + some = 9 + some cups of flour.", "9", None, 0.0),
        ("So she pays 9/hour.", "9", None, 1.0),
        ("Volume = 4/3 * pi * (3)^3 \n= 36*pi", "36\\pi", None, 1.0),
        ("The answer is 4, that is:\n\nThe answer is 26", "26", None, 0.0),
        ("20 / 40 = 0.5.\n\nAnswer: 50%", "0.5", _GIRLS_Q, 1.0),
        # (a verdict that is the answer stands; a closing line that rejects another value is no second value)
        ("我们逐步计算。\n\n答案：正确", "\\text{True}", None, 1.0),
        ("48 + 24 = 72 clips.\n\nThe answer is $\\boxed{72}$.\n\n答案是72，不是70。", "72", None, 1.0),
        ("48 + 24 = 72 clips.\n\nThe answer is $\\boxed{72}$.\n\nThe answer is 72, not 70.", "72", None, 1.0),
    ],
)
def test_minus_signs_in_markup_and_more_bounds(completion: str, gold: str, question: str | None, want: float) -> None:
    assert score(completion, gold, question) == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("chains", "_INNER_WORD_RE", "'i.e.' + ' ' * n"),
            ("chains", "_INNER_WORD_RE", "'that' + ' ' * n"),
            ("revisions", "_BRACKETED_END_RE", "'(' + 'a ' * (n // 2)"),
            ("revisions", "_BRACKETED_END_RE", "'(genau' + ' ' * n"),
            ("fallback", "_EXACT_NOTE_RE", "'(genau' + ' ' * n"),
            ("valuelines", "_VALUES_LINE_RE", "'1, ' * (n // 3)"),
            ("valuelines", "_VALUES_LINE_RE", "'a' * n + ':'"),
            ("valuelines", "_VALUES_LINE_RE", "'1 |' * (n // 3) + 'x'"),
            ("valuelines", "_VALUES_LINE_RE", "'1 and ' * (n // 6) + 'x'"),
            ("valuelines", "_VALUES_LINE_RE", "'a ' * (n // 2) + 'is 1'"),
            ("valuelines", "_VALUES_LINE_RE", "'1' + ' ' * n + 'x'"),
            ("valuelines", "_VALUES_LINE_RE", "'x1 = 1, ' * (n // 8) + 'x'"),
            ("valuelines", "_LABELLED_LINE_RE", "'a' * n + ':'"),
            ("valuelines", "_LABELLED_LINE_RE", "'a ' * (n // 2) + ':'"),
            ("valuelines", "_ROOT_LABEL_RE", "'x1' + ' ' * n"),
            ("fallback", "_LIST_GAP_RE", "' ' * n"),
            ("fallback", "_GLUED_NAME_AFTER_RE", "'a' * n"),
            ("fallback", "_GLUED_NAME_BEFORE_RE", "'1a' * (n // 2)"),
            ("revisions", "_SHORT_CLOSING_LINE_RE", "'\\n' + '是1' * (n // 2)"),
            ("revisions", "_NOT_A_CLOSING_VALUE_RE", "'第' * n + 'x'"),
            ("cleanup", "_DASH_MINUS_RE", "'是‐' * (n // 2)"),
            ("extract", "_FINAL_ANSWER_LINE_END_RE", "'final answer:' * (n // 13)"),
            ("extract", "_FINAL_ANSWER_LINE_END_RE", "'\\n' + ' ' * n"),
            ("extract", "_FINAL_ANSWER_LINE_END_RE", "'\\nfinal answer' + ' ' * n + 'x'"),
            ("valuelines", "_FIELD_SEP_RE", "' ' * n"),
            ("fallback", "_OPERATOR_AFTER_RE", "' ' * n"),
            ("written", "_VERDICTS_RE", "'yes, ' * (n // 5)"),
            ("markers", "INTRODUCING_LINE_RE", "'ab ' * (n // 3)"),
            ("structured", "_VERDICT_FIELD_RE", "'{\"confidence\": 4' * (n // 17)"),
            ("structured", "_JSON_REST_RE", "\"'\" * n + 'x'"),
            ("lex", "_LETTERS_RE", "'и' * n"),
            ("fallback", "_BOUND_BEFORE_RE", "'zwischen 1 ' * (n // 11)"),
            ("fallback", "_BOUND_BEFORE_RE", "'>' + ' ' * n + 'x'"),
            ("fallback", "_RANGE_BEFORE_RE", "'von 1 ' + 'a ' * (n // 2)"),
            # (matched right after a number: its older alternatives scan a blank run from every start)
            ("fallback", "_BOUND_AFTER_RE", "' arasında' * (n // 10)"),
            ("sentences", "_OR_RE", "'1 ó' * (n // 3)"),
            ("spans", "_INDEXED_LABEL_RE", "' ' * n"),
            ("asked_unit", "_CENTS_RE", "'cent' * (n // 4)"),
            ("cutoff", "_SEGMENT_RE", "'。' * n"),
            ("cutoff", "_SEGMENT_RE", "'.' + ' ' * n"),
            ("cutoff", "_WORDS_RE", "'a' * n"),
            ("cleanup", "_MARKUP_MINUS_RE", "'-' + ' ' * n"),
            ("cleanup", "_MARKUP_MINUS_RE", "'\\\\(' + ' ' * n"),
            ("cleanup", "_MARKUP_MINUS_RE", "'\\\\textminus' + ' ' * n"),
            ("markers", "INTRODUCING_LINE_RE", "'ab' * (n // 2)"),
            ("extract", "_VERDICT_BUT_RE", "',' + ' ' * n"),
            ("revisions", "_NOT_A_CLOSING_VALUE_RE", "'不是' * (n // 2) + 'x'"),
            # (matched at a marker's value: a long blank run before its words is no input it meets)
            ("sentences", "VERDICT_RE", "'correct , ' * (n // 10)"),
            ("sentences", "VERDICT_RE", "'correct .' * (n // 9)"),
            ("revisions", "_CONCLUDING_LABEL_LINE_RE", "'\\nconclusion' * (n // 11)"),
            ("revisions", "_CONCLUDING_LABEL_LINE_RE", "'\\nfazit: 1' + ' a' * (n // 2)"),
            ("revisions", "_EMPHASIS_RE", "'\\\\textbf{' * (n // 8)"),
            ("revisions", "_EMPHASIS_RE", "'`' + 'a' * n"),
            ("revisions", "_EMPHASIS_RE", "'```\\n' * (n // 4)"),
            ("revisions", "_EMPHASIS_RE", "'<mark>' * (n // 6)"),
            ("revisions", "_EMPHASIS_RE", "'==' * (n // 2)"),
            ("revisions", "_EMPHASIS_RE", "'{' * n"),
            ("revisions", "_EMPHASIS_RE", "'\\\\large' + ' ' * n"),
            ("revisions", "_BRACKETED_END_RE", "'\\n' * n"),
            # (matched on a short text only: a long blank run before its words is no input it meets)
            ("laterlines", "OFFERED_AT_END_RE", "'(also 1' * (n // 7)"),
            ("laterlines", "OFFERED_AT_END_RE", "'depending on convention,' * (n // 24)"),
        ]
    )
