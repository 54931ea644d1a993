"""Stop 43: classes found by red teams 52-53 and by the blind sets of this stop. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_COUNT = "<think>\nCounting carefully gives 13.\n</think>\n\nThe count is 13.\n\n"


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # a box the reader of the rendered answer does not read as prose, beside a plain answer with another value:
        # in code, in a comment, in an image's alt text, in white or tiny text
        ("```\n\\boxed{12}\n```", 0.0),
        ("`\\boxed{12}`", 0.0),
        ("```latex\nThe answer is \\boxed{12}\n```", 0.0),
        ("<pre>\\boxed{12}</pre>", 0.0),
        ("\\verb|\\boxed{12}|", 0.0),
        ("\\begin{comment}\n\\boxed{12}\n\\end{comment}", 0.0),
        ("% \\boxed{12}", 0.0),
        ("![\\boxed{12}](fig.png)", 0.0),
        ("Final answer: 13\n\n![\\boxed{12}](fig.png)", 0.0),
        ("<details><summary>scratch</summary>\\boxed{12}</details>", 0.0),
        ('<span style="color:white">\\boxed{12}</span>', 0.0),
        ("{\\color{white} The answer is 12.}", 0.0),
        ("$\\textcolor{white}{12}$", 0.0),
        ("{\\tiny \\boxed{12}}", 0.0),
        # the same box beside an answer that agrees, or alone: it answers
        ("So 12 it is.\n\n```\n\\boxed{12}\n```", 1.0),
        ("{\\tiny \\boxed{12}} So 12 it is.", 1.0),
    ],
)
def test_box_aside_a_plain_answer(tail: str, want: float) -> None:
    assert score(_COUNT + tail, "12") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("```latex\nThe answer is \\boxed{12}\n```", 1.0),  # a box written as source, alone
        ("<think>\nSo 12.\n</think>\n\n`\\boxed{12}`", 1.0),
        ("{\\tiny \\boxed{12}}", 1.0),
        ("The total is 3 \\times 4 = 12.\n\n![\\boxed{12}](fig.png)", 1.0),
        ("The percentage is 50% and the count is 12.", 1.0),  # a percent sign mid-line is no comment
        ("%5 of them\nThe count is 12.", 1.0),
    ],
)
def test_box_aside_alone_still_answers(completion: str, want: float) -> None:
    assert score(completion, "12") == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # Leibniz notation names a derivative: never the quotient y/x
        ("\\frac{dy}{dx}=3x", "y=3x^2", 0.0),
        ("\\frac{dy}{dx}", "\\frac{y}{x}", 0.0),
        ("y=6x^2", "\\frac{dy}{dx}=6x", 0.0),
        ("x^2+y^2=0", "\\frac{dy}{dx}=-\\frac{x}{y}", 0.0),
        ("\\frac{dV}{dt}=4\\pi r^2", "V=4\\pi r^2 t", 0.0),
        ("\\frac{dy}{dx}=3x^2", "y=3x^3", 0.0),
        ("\\frac{dy}{dx}=3x", "3x", 1.0),
        ("\\frac{d y}{d x}=3 x", "\\frac{dy}{dx}=3x", 1.0),
        ("y'=3x", "\\frac{dy}{dx}=3x", 1.0),
        ("\\frac{d^2y}{dx^2}=6x", "y''=6x", 1.0),
        ("\\frac{d^{2} y}{d x^{2}}=6x", "y''=6x", 1.0),
        ("-\\frac{x}{y}", "\\frac{dy}{dx}=-\\frac{x}{y}", 1.0),
        ("\\frac{d}{dx} x^3", "3x^2", 1.0),  # the operator, applied, is still worked out
        # a double superscript: TeX refuses it, and neither reading is the writer's
        ("e^{-x}^2", "e^{x^2}", 0.0),
        ("e^{-x}^2", "e^{-2x}", 0.0),
        ("10^{-3}^2", "10^{9}", 0.0),
        ("e^{-\\lambda t}^2", "e^{\\lambda^2 t^2}", 0.0),
        ("2^{3^2}", "512", 1.0),
        ("{2^{3}}^2", "64", 1.0),
        ("e^{x^{2}}", "e^{x^2}", 1.0),
        # braces mark TeX: an unbraced subscript is one token there ("C_1e^{x}" is C_1 e^x)
        ("y=C_1e^{x}+C_2e^{-x}", "y=C_1 e^{x}+C_2 e^{-x}", 1.0),
        ("y=C_1e^{x}+C_2e^{-x}", "y=C_1 e^{x}+C_2 e^{x}", 0.0),
        ("\\{1,2,x^{2}\\}", "\\{1,2,x^2\\}", 1.0),
        ("v_zmf", "v_zmf", 1.0),
    ],
)
def test_expression_notations(answer: str, gold: str, want: float) -> None:
    assert score(f"So the answer is $\\boxed{{{answer}}}$.", gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a key printed at a binary float's precision: an answer that rounds it at its own last place, to three
        # significant digits or more (set 173)
        ("-8.2950", "-8.295049140435111", 1.0),
        ("0.1667", "0.16666666666666666", 1.0),
        ("0.167", "0.16666666666666666", 1.0),
        ("47.6190", "47.61904761904762", 1.0),
        ("0.16666666666666666", "0.1667", 1.0),
        ("0.17", "0.16666666666666666", 0.0),  # two significant digits
        ("0.1666", "0.16666666666666666", 0.0),  # truncated, not rounded
        ("-8.2967", "-8.295049140435111", 0.0),
        ("0.4742", "0.47419", 0.0),  # a key of five digits is no printout: rounded_decimals' policy
    ],
)
def test_float_printout_keys(answer: str, gold: str, want: float) -> None:
    assert score(f"So the answer is $\\boxed{{{answer}}}$.", gold) == want


def test_stop43_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("hidden", "_ASIDE_RE", "'![' * (n // 2)"),
            ("hidden", "_ASIDE_RE", "'{\\\\tiny ' * (n // 7)"),
            ("hidden", "_ASIDE_RE", "'\\\\verb|' * (n // 6)"),
            ("hidden", "_ASIDE_RE", "'<pre>' * (n // 5)"),
            ("hidden", "_WHITE_RE", "'\\\\color{ ' * (n // 8)"),
            ("hidden", "_COMMENT_LINE_RE", "' %' * (n // 2)"),
            ("hidden", "_HIDDEN_ELEMENT_RE", "'<a color:' * (n // 9)"),
            ("expr", "_LEIBNIZ_RE", "'{ d ^ { #2 } ' * (n // 13)"),
            ("parse", "_TEX_GROUP_RE", "'_ ' * (n // 2)"),
        ]
    )
