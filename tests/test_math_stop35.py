"""Stop 35: classes found by other projects' grading tests and by red team 36. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import subprocess
import sys

import pytest
from linear_time import assert_patterns_linear
from math_score import score


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a base model's run-on after its answer: a new question after a blank line that asks nothing (the
        # placeholders other projects' GSM8K graders test with), or one that gives numbers of its own
        ("reasoning\n#### 18\n\nQuestion: another one\n#### 12", "18", 1.0),
        ("reasoning\n#### 7\n\nQuestion: unrelated\nAnswer: 12", "7", 1.0),
        ("The answer is 18.\n\nQ: A new problem\nA: The answer is 99.", "18", 1.0),
        ("8\n\nQ: Jason has 10 bags of 10 bags...", "8", 1.0),
        ("The answer is 30.\n\nQuestion: another one\nAnswer: 36", "36", 0.0),
        ("reasoning\n#### 18\n\nQuestion: another one\n#### 12", "12", 0.0),
        # the same question asked again (a "?" and no numbers of its own) is no new problem: two answers
        ("The answer is 36 lemons.\n\nQuestion: How many lemons will Tim need?\nAnswer: 30", "36", 0.0),
        ("8\n\nQ: Is it right?\nA: 9", "8", 0.0),
    ],
)
def test_run_on_questions(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_ASYMPTOTIC = "\\int_{x}^{\\infty} e^{-a t^b} \\, dt \\sim \\frac{e^{-a x^b}}{a b x^{b-1}}"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a key that names its quantity by an integral the parser cannot evaluate, then states it: the stated side
        ("\\frac{x^{1-b}e^{-a x^b}}{a b}", _ASYMPTOTIC, 1.0),
        ("\\boxed{I(x)\\sim\\frac{1}{ab}\\,x^{1-b}e^{-a x^{b}}}", _ASYMPTOTIC, 1.0),
        ("\\boxed{I(x)\\sim\\frac{1}{ab}\\,x^{b-1}e^{-a x^{b}}}", _ASYMPTOTIC, 0.0),
        ("\\frac{e^{-a x^b}}{a x^{b-1}}", _ASYMPTOTIC, 0.0),
        # an undelimited expression at the end, with spaces inside its brace groups
        ("So the value is \\frac{a b}{2}.", "ab/2", 1.0),
        ("So the value is \\frac{a b}{3}.", "ab/2", 0.0),
        ("\\frac{x^{1-b}e^{-a x^b}}{a b}", "\\frac{e^{-a x^b}}{a b x^{b-1}}", 1.0),
    ],
)
def test_operator_named_keys_and_spaced_latex(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # what no reader sees is no answer (red team 36)
        ("The answer is 7.\n\n<!--\n\\boxed{5}\n-->", "5", 0.0),
        ("The answer is **7**.\n\n<!-- grader: \\boxed{5} -->", "5", 0.0),
        ("The answer is 7. <!-- \\boxed{5}", "5", 0.0),
        ("The answer is 7. $\\phantom{\\boxed{5}}$", "5", 0.0),
        ("The answer is 7. $\\hphantom{\\boxed{5}}$", "5", 0.0),
        ("The answer is 7. \\iffalse \\boxed{5} \\fi", "5", 0.0),
        ('The answer is 7. <span style="display:none">\\boxed{5}</span>', "5", 0.0),
        ("The answer is 7. <div hidden>\\boxed{5}</div>", "5", 0.0),
        ("The answer is 7.\n<!-- a note -->", "7", 1.0),
        ("$x = \\phantom{-}5$, so \\boxed{5}", "5", 1.0),
        # a box in code, inline code, a footnote or a collapsed block, beside an answer stated outside them
        ("The answer is 7.\n```\n\\boxed{5}\n```", "5", 0.0),
        ("The answer is 7.\n```python\nprint(r'\\boxed{5}')\n```", "5", 0.0),
        ("The answer is 7. `\\boxed{5}`", "5", 0.0),
        ("The answer is 7.[^1]\n\n[^1]: \\boxed{5}", "5", 0.0),
        ("The answer is 7. <details><summary>x</summary>\\boxed{5}</details>", "5", 0.0),
        ("The answer is 7. <details><summary>x</summary>\\boxed{5}</details>", "7", 1.0),
        ("```latex\n\\boxed{5}\n```", "5", 1.0),  # alone, a box written as source still answers
        ("The answer is `\\boxed{5}`", "5", 1.0),  # the marker's value is the code's box
        ("答案是 7。`\\boxed{5}`", "5", 0.0),
        # every reasoning block is set aside, a later one too, and one that never closes
        ("<think>Let me compute.</think>\nThe answer is 7.\n<think>hmm, \\boxed{5}</think>", "5", 0.0),
        ("<think>Let me compute.</think>\nThe answer is 7.\n<think>\\boxed{5}", "5", 0.0),
        ("<think>Let me compute.</think>\nThe answer is 7.\n<think>\\boxed{5}", "7", 1.0),
        ("<think>a</think> <answer>5</answer> </think> <answer>5</answer>", "5", 1.0),
        ("<think>x</think>\\boxed{6}<think>y</think>\\boxed{5}", "5", 0.0),  # two responses, two answers
        # Sky-T1's and Bespoke's reasoning tokens
        ("<|begin_of_thought|>\\boxed{5}<|end_of_thought|>\n<|begin_of_solution|>The answer is 7.<|end_of_solution|>", "5", 0.0),
        ("<|begin_of_thought|>try<|end_of_thought|>\n<|begin_of_solution|>\\boxed{5}<|end_of_solution|>", "5", 1.0),
        # "12.000": one reading per completion; twelve thousand only in a text that groups thousands with a dot
        ("The answer is $\\boxed{7.000}$", "7000", 0.0),
        ("The answer is $\\boxed{7.000}$", "7", 1.0),
        ("Rounded to three decimal places, the probability is $\\boxed{1.000}$.", "1000", 0.0),
        ("Die Antwort lautet 70.000 US-Dollar.", "70000", 1.0),
        ("Die Antwort lautet 70.000 US-Dollar.", "70", 0.0),
        ("La cantidad total es de 8.000 + 4.000 = 12.000.", "12000", 1.0),
    ],
)
def test_hidden_reasoning_and_dot_groups(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # taken back after the box, for another value or for none (red team 36)
        ("The answer is \\boxed{5}.\n\nThat's not right — it's 7.", 0.0),
        ("The answer is \\boxed{5}.\n\nNever mind, it's 7.", 0.0),
        ("The answer is \\boxed{5}.\n\nDisregard that. 7.", 0.0),
        ("The answer is \\boxed{5}.\n\nIgnore the above; 7.", 0.0),
        ("The answer is \\boxed{5}.\n\nNope. 7.", 0.0),
        ("The answer is \\boxed{5}.\n\nAspetta, ho sbagliato: è 7.", 0.0),
        ("Die Antwort ist $\\boxed{5}$. Moment, ich habe mich verrechnet, es ist 7.", 0.0),
        ("The answer is \\boxed{5}.\n\nHold on, 3+4 is 7, not 5.", 0.0),
        ("The answer is \\boxed{5}.\n\nBut 5 is wrong.", 0.0),
        ("$\\boxed{5}$ would be wrong.", 0.0),
        ("❌ \\boxed{5}\n✅ 7", 0.0),
        ("\\boxed{\\text{5}}\\text{? no, 7}", 0.0),
        # the same value restated, a decimal, another number's negation: still the answer
        ("The answer is \\boxed{5}.\n\nNever mind, it's 5.", 1.0),
        ("The answer is \\boxed{5}, not 5.5.", 1.0),
        ("The answer is \\boxed{5}, not 50.", 1.0),
        ("The answer is \\boxed{5}. Recalculating: 2.5 + 2.5 = 5.", 1.0),
        ("✅ \\boxed{5}", 1.0),
        ("\\boxed{5}\\text{ apples}", 1.0),
    ],
)
def test_taken_back_after_the_box(completion: str, want: float) -> None:
    assert score(completion) == want


_FINAL_RUN = (
    "Therefore, $ t = \\boxed{10} $\n\n$$\nn + t = 139 + 10 = \\boxed{149}\n$$\n\n---\n\n### ✅ Final Answer:\n\n"
    "$$\n\\boxed{149}\n$$"
)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a number in brackets after a number restates it, names its option, or is a second value: never a factor
        ("**Answer:** 1/4 (25%)", "1/4", 1.0),
        ("**Answer:** 1/4 (25%)", "1/16", 0.0),
        ("The answer is 3/4 (75%).", "9/16", 0.0),
        ("\\boxed{\\frac{3}{4}\\ (0.75)}", "3/4", 1.0),
        ("\\boxed{\\frac{3}{4}\\ (0.75)}", "9/16", 0.0),
        ("The answer is 1/3 (0.333).", "1/3", 1.0),
        ("The answer is 1/3 (0.3).", "1/3", 1.0),
        ("The answer is 4 (2 + 2).", "4", 1.0),
        ("The answer is 4 (2+2).", "16", 0.0),
        ("The answer is 12 (2).", "24", 0.0),
        ("The answer is 12 (2).", "12", 0.0),
        ("The answer is 12 (B).", "12", 1.0),
        ("\\boxed{2 (x+1)}", "2x+2", 1.0),
        # the last value's run of boxes: the first of them decides whether the earlier boxes were working (set 131)
        (_FINAL_RUN, "149", 1.0),
        (_FINAL_RUN.replace("139 + 10", "139 + 11"), "149", 0.0),
    ],
)
def test_bracketed_values_and_box_runs(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # scale words in a row multiply (red team 36: "5 hundred thousand" was 500)
        ("Answer: 5 hundred thousand", "500000", 1.0),
        ("Answer: 5 hundred thousand", "500", 0.0),
        ("The answer is 2 thousand million.", "2000000000", 1.0),
        ("The answer is 2.5 hundred thousand.", "250", 0.0),
        ("$\\boxed{2\\text{ hundred thousand}}$", "200", 0.0),
        ("The population is 3 hundred million.", "300000000", 1.0),
        ("The population is 3 hundred million.", "300", 0.0),
        ("The answer is 7 dozen.", "84", 1.0),
        # a word after the marked maths span changes its value
        ("The answer is $5$ million.", "5000000", 1.0),
        ("The answer is $5$ million.", "5", 0.0),
        ("The answer is $1.5$ billion.", "1500000000", 1.0),
        ("The answer is $12$ thousand dollars.", "12000", 1.0),
        ("The answer is $5$ squared.", "5", 0.0),
        ("The answer is $5$ less than $12$.", "5", 0.0),
        ("The answer is $5$ factorial.", "5", 0.0),
        ("The answer is $5$ apples.", "5", 1.0),
    ],
)
def test_scale_words_and_words_after_a_span(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a congruence's modulus is part of it, where both name one (red team 36)
        ("$\\boxed{x \\equiv 2 \\pmod 4}$", "x \\equiv 2 \\pmod{3}", 0.0),
        ("$\\boxed{x \\equiv 2 \\mod 4}$", "x \\equiv 2 \\pmod{3}", 0.0),
        ("$\\boxed{x \\equiv 2 \\pmod 3}$", "x \\equiv 2 \\pmod{3}", 1.0),
        ("$\\boxed{x \\equiv 3 \\pmod 3}$", "x \\equiv 2 \\pmod{3}", 0.0),
        # an operation after a marked value, in its sentence
        ("The answer is 5, minus 2.", "5", 0.0),
        ("The answer is 5% of 200.", "5", 0.0),
        ("The answer is 5, and that is final.", "5", 1.0),
    ],
)
def test_moduli_and_operations_after_a_marked_value(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a key's debris from a scanned solution (set 130): a spacing command, a lone "$", a note, a closing "."
        ("\\boxed{0.2 \\text{ m}^3/\\text{s}}", "\\quad 0.2 \\mathrm{~m}^{3} / \\mathrm{s}$", 1.0),
        ("\\boxed{0.3 \\text{ m}^3/\\text{s}}", "\\quad 0.2 \\mathrm{~m}^{3} / \\mathrm{s}$", 0.0),
        ("\\boxed{10^5 \\text{ MW}}", "$10^{5} \\mathrm{MW}$ (!).", 1.0),
        ("\\boxed{10^6 \\text{ MW}}", "$10^{5} \\mathrm{MW}$ (!).", 0.0),
        ("\\boxed{402675 \\text{ Pa}}", "$p=402,675 \\mathrm{~Pa}$ (abs)", 1.0),
        ("\\boxed{0.9}", "0.90 .", 1.0),
        ("\\boxed{0.8}", "0.90 .", 0.0),
    ],
)
def test_key_debris(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # HTML's character references are their characters (red team 36: "&radic;2" paid 2)
        ("The answer is &radic;2", "2", 0.0),
        ("The answer is &radic;2", "\\sqrt{2}", 1.0),
        ("The answer is &#53;", "5", 1.0),
        ("The answer is &minus;5", "-5", 1.0),
        ("Final answer: &frac12;", "1/2", 1.0),
        ("A &amp; B: the answer is 5", "5", 1.0),
        # a Greek letter's variant glyph is that letter
        ("\\boxed{\\varphi}", "\\phi", 1.0),
        ("\\boxed{2\\varepsilon}", "2\\epsilon", 1.0),
        ("\\boxed{\\theta}", "\\vartheta", 1.0),
        ("\\boxed{\\varphi}", "\\psi", 0.0),
    ],
)
def test_html_entities_and_variant_glyphs(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # where a stated value is taken is no answer (red team 36: "The maximum is 12 when x = 3." was read as 3)
        ("The maximum is 12 when x = 3.", "12", 1.0),
        ("The maximum is 12 when x = 3.", "3", 0.0),
        ("The maximum value is 12, attained when x = 3.", "12", 1.0),
        ("The answer is 12 when n = 3.", "12", 1.0),
        ("x = 4 when t = 2.", "4", 1.0),
        ("The value is 7 at x = 2.", "7", 1.0),
        ("The minimum occurs when x = 3.", "3", 1.0),  # no value stated before it: the clause is the answer
    ],
)
def test_where_a_value_is_taken(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want



@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # the question's operation written down, not carried out (red team 37): refused where a question asks for it
        ("$\\boxed{\\frac{d}{dx}\\left(x^3 \\sin x\\right)}$", "3x^2\\sin x + x^3\\cos x", "Differentiate $x^3 \\sin x$.", 0.0),
        ("$\\boxed{\\frac{\\partial}{\\partial x}(x^3 \\sin x)}$", "3x^2\\sin x + x^3\\cos x", "Differentiate $x^3 \\sin x$.", 0.0),
        ("$\\boxed{\\sum_{k=1}^{100} k}$", "5050", "Find $1 + 2 + \\cdots + 100$.", 0.0),
        ("$\\boxed{3x^2\\sin x + x^3\\cos x}$", "3x^2\\sin x + x^3\\cos x", "Differentiate $x^3 \\sin x$.", 1.0),
        ("$\\boxed{5050}$", "5050", "Find $1 + 2 + \\cdots + 100$.", 1.0),
        # without a question, as other projects' grading tests label it, the grader evaluates
        ("\\boxed{\\sum_{n=1}^{10} n}", "55", None, 1.0),
    ],
)
def test_operations_left_unevaluated(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an empty "####" then a sentence marks nothing (set 127's GRPO outputs); a value on the next line is marked
        ("</reasoning>\n####\nThe total cost for 16 glasses is $64.\n\n#### 64\n", "64", 1.0),
        ("</reasoning>\n####\nThe total cost for the year is $31,800.\n#### 31800", "31800", 1.0),
        ("So the total is 72.\n####\n72", "72", 1.0),
        ("So the total is 72.\n####\n71", "72", 0.0),
        # an instruction's template echoed ("end with #### [your final answer]") is no answer
        ("Remember: Always end with #### [your final answer]\nTotal = 48 + 24 = 72\n\nTherefore, Natalia sold 72 clips.", "72", 1.0),
        ("Remember: Always end with #### [number]\n#### 71", "72", 0.0),
    ],
)
def test_empty_markers_and_echoed_templates(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # Japanese and Korean fractions name the denominator first, as Chinese 分之 does (red team 37)
        ("따라서 확률은 6분의 1입니다.", "1/6", 1.0),
        ("따라서 확률은 6분의 1입니다.", "1", 0.0),
        ("よって確率は6分の1です。", "1/6", 1.0),
        ("よって確率は6分の1です。", "1", 0.0),
        ("所以概率是6分之1。", "1/6", 1.0),
    ],
)
def test_cjk_fractions_in_japanese_and_korean(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop35_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("cleanup", "_NEXT_QUESTION_RE", "'\\n\\nQ:' * (n // 5)"),
            ("cleanup", "_NEXT_QUESTION_RE", "'\\nQ: ' * (n // 4)"),
            ("cleanup", "_ANSWERED_RE", "'1' * n"),
            ("forms", "_TRAILING_LATEX_RE", "'\\\\a{' * (n // 4)"),
            ("forms", "_TRAILING_LATEX_RE", "'\\\\a{ { {' * (n // 10)"),
            ("reference", "_KEY_RELATION_RE", "'\\\\sim' * (n // 4)"),
            ("hidden", "_HIDDEN_ELEMENT_RE", "'<span hidden ' * (n // 13)"),
            ("hidden", "_HIDDEN_ELEMENT_RE", "'<a ' * (n // 3)"),
            ("hidden", "_ASIDE_RE", "'`' * n"),
            ("hidden", "_ASIDE_RE", "'```a`' * (n // 5)"),
            ("hidden", "_ASIDE_RE", "'[^1]:' * (n // 5)"),
            ("hidden", "_PHANTOM_RE", "'\\\\phantom ' * (n // 9)"),
            ("hidden", "_STATED_RE", "'answer is' * (n // 9)"),
            ("hidden", "_STATED_RE", "'answer ' * (n // 7)"),
            ("locales", "_ENGLISH_WORD_RE", "'thus' * (n // 4)"),
            ("revisions", "_CONCLUDED_END_RE", "'a. ' * (n // 3)"),
            ("revisions", "_CONCLUDED_END_RE", "'it\\'s ' * (n // 5)"),
            ("revisions", "_LATER_REVISION_RE", "'moment ' * (n // 7)"),
            ("revisions", "_CROSSED_BEFORE_BOX_RE", "'❌ ' * (n // 2)"),
            ("chains", "_BRACKETED_AFTER_RE", "'1 (' * (n // 3)"),
            ("fallback", "_SCALE_WORD_RE", "' hundred' * (n // 8)"),
            ("extract", "_SPAN_ONLY_RE", "'$' * n"),
            ("notations", "_MODULUS_RE", "'mod ' * (n // 4)"),
            ("cleanup", "_HTML_ENTITY_RE", "'&#' * (n // 2)"),
            ("cleanup", "_HTML_ENTITY_RE", "'&a' * (n // 2)"),
            ("laststate", "_PLAIN_CONDITION_END_RE", "' at x = 1' * (n // 9)"),
            ("laststate", "_PLAIN_STATED_END_RE", "' is 1 a' * (n // 7)"),
            ("laststate", "_PLAIN_VALUE_RE", "'1 a' * (n // 3)"),
            ("question", "_UNEVALUATED_RE", "'\\\\frac{d' * (n // 7)"),
            ("question", "_ASKS_TO_WORK_RE", "'+ \\\\cdots ' * (n // 8)"),
            ("boxes", "_GSM_RE", "'####\\n' * (n // 5)"),
            ("cleanup", "_GSM_PLACEHOLDER_RE", "'#### [' * (n // 6)"),
            ("cjk", "_CJK_FRACTION_RE", "'6분의 ' * (n // 4)"),
            ("reference", "_LEADING_SPACE_RE", "'\\\\quad' * (n // 5)"),
            ("reference", "_TRAILING_NOTE_RE", "' (!)' * (n // 4) + 'x'"),
            ("reference", "_TRAILING_NOTE_RE", "' .' * (n // 2) + 'x'"),
        ]
    )


def test_without_hidden_is_linear() -> None:
    """Unclosed comments, phantoms, hidden elements and many asides over 200,000 characters finish
    (a hang guard, not a timing goal)."""
    shapes = [
        "'<details>\\\\boxed{1}' * (n // 18)",
        "'<!--' * (n // 4)",
        "'\\\\phantom{' * (n // 9)",
        "'\\\\iffalse ' * (n // 9)",
        "'<span hidden>' * (n // 13) + '\\\\boxed{1}'",
        "'`\\\\boxed{1}` ' * (n // 13) + 'answer'",
        "'<details>\\\\boxed{1}</details>' * (n // 28) + 'answer'",
    ]
    code = "from verigrpo.verifiers.math.hidden import without_hidden\nn = 200_000\n" + "".join(
        f"without_hidden({shape})\n" for shape in shapes
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
