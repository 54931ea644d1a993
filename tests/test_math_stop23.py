"""Answer notations that stop 23 reads: a scale letter after a dollar amount, coloured and MathJax boxes,
``\\underline``, TeX's ``\\over``/``\\choose``, ``:=`` and a modulus noted after the answer. Every paying case below
was refused before its rule (and ``$\\$4\\text{M}$`` paid against 4); the refusing cases bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_pattern_linear
from verigrpo.verifiers.math import math_answer


def _raw(completion: str, gold: str, question: str = "") -> float:
    return math_answer(completion, {"reference": gold, "question": question}).outcome


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # after a dollar sign a K, M, B (or k, m, bn, MM) is a scale: thousands, millions, billions of dollars
        ("The answer is $4K.", "4000", 1.0),
        ("The answer is $4K.", "4", 0.0),
        ("The answer is \\$4.5M.", "4500000", 1.0),
        ("The answer is \\$4.5M.", "4.5", 0.0),
        ("The answer is $\\$4\\text{M}$.", "4000000", 1.0),
        ("The answer is $\\$4\\text{M}$.", "4", 0.0),
        ("Final answer: \\$2\\,\\text{B}", "2000000000", 1.0),
        # ... but not where maths goes on after it, nor after a "$" that opens maths: M, b are symbols there
        ("The answer is $2b + 3c$.", "2b + 3c", 1.0),
        ("The answer is $4M$.", "4M", 1.0),
        ("The answer is $4M$.", "4000000", 0.0),
        # a coloured box, a framed coloured box and MathJax's \bbox hold the answer as \boxed does
        ("\\colorbox{yellow}{4}", "4", 1.0),
        ("$\\fcolorbox{red}{white}{4}$", "4", 1.0),
        ("So $\\bbox[5px, border: 1px solid red]{4}$", "4", 1.0),
        ("$\\bbox{4}$", "4", 1.0),
        ("The answer is \\colorbox{yellow}{$5$}.", "4", 0.0),
        ("\\colorbox{yellow}{3} or \\colorbox{yellow}{4}", "4", 0.0),  # two boxes, a hedge
        # underlining only lays the answer out
        ("The answer is $\\underline{4}$.", "4", 1.0),
        ("The answer is $\\underline{5}$.", "4", 0.0),
        # TeX's generalised fractions
        ("The answer is ${4 \\over 2}$.", "2", 1.0),
        ("The answer is $1 \\over 3$.", "\\frac13", 1.0),
        ("The answer is $\\frac{1}{2}+{3 \\over 4}$.", "\\frac54", 1.0),
        ("The answer is $(3 \\over 4)^2$.", "\\frac{9}{16}", 1.0),
        ("The answer is ${3 \\over 4}$.", "\\frac43", 0.0),
        ("The answer is ${5 \\choose 2}$.", "10", 1.0),
        ("The answer is $(40 \\choose 10)$.", "\\binom{40}{10}", 1.0),
        ("The answer is $(40 \\choose 10)$.", "\\binom{40}{11}", 0.0),
        # a definition is an equation
        ("The answer is $x := 4$.", "4", 1.0),
        ("The answer is $x \\coloneqq 4$.", "4", 1.0),
        ("The answer is $x := 5$.", "4", 0.0),
        # a modulus noted after the answer: the value is the one written, not its residue
        ("The answer is $4 \\pmod 7$.", "4", 1.0),
        ("$\\boxed{4 \\pmod{7}}$", "4", 1.0),
        ("$\\boxed{x \\equiv 4 \\pmod{7}}$", "4", 1.0),
        ("$\\boxed{4 \\ (\\bmod 7)}$", "4", 1.0),
        ("$\\boxed{11 \\pmod{7}}$", "4", 0.0),
        ("$\\boxed{5 \\pmod{7}}$", "4", 0.0),
        # a decimal comma (one, two or more than three digits after it, no space) against a single value; the same
        # with dots that group thousands
        ("\\boxed{3,14}", "3.14", 1.0),
        ("\\boxed{3.14}", "3,14", 1.0),
        ("Ответ: $0,6$", "\\frac35", 1.0),
        ("Die Antwort ist 3,2.", "3.2", 1.0),
        ("\\boxed{1,5x}", "1.5x", 1.0),
        ("\\boxed{0,6}", "\\frac23", 0.0),
        ("\\boxed{1,20}", "120", 0.0),  # neither 1.2 nor the pair (1, 20)
        ("\\boxed{1,234}", "1.234", 0.0),  # three digits: thousands
        ("\\boxed{2,5}", "2.5, 3", 0.0),  # a list against a list: no decimal comma
        ("\\boxed{1,5}", "1, 5", 1.0),
        ("\\boxed{1.000.000}", "1000000", 1.0),
        ("\\boxed{1.234.567,89}", "1234567.89", 1.0),
        ("\\boxed{1.000.000}", "1000001", 0.0),
    ],
)
def test_notations_read_this_stop(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


@pytest.mark.parametrize(
    ("module", "pattern", "shape"),
    [
        ("normalize", "_DOLLAR_SCALE", "'$1' * (n // 2)"),
        ("normalize", "_DOLLAR_SCALE", "'\\\\$' + '1,' * (n // 2)"),
        ("normalize", "_OVER_GROUP", "'{' + 'a ' * (n // 2) + '\\\\over'"),
        ("normalize", "_OVER_GROUP", "'(' * (n // 2) + 'a \\\\over b'"),
        ("normalize", "_OVER_BARE", "'a ' * (n // 2) + '\\\\over \\\\over'"),
        ("normalize", "_MODULUS_NOTE", "' ' * n + 'x'"),
        ("normalize", "_MODULUS_NOTE", "'(mod ' * (n // 5)"),
        ("forms", "_DECIMAL_COMMA_RE", "'1,1' * (n // 3)"),
        ("forms", "_DECIMAL_COMMA_RE", "'1,' + 'a' * n"),
        ("normalize", "_DOT_THOUSANDS", "'1.000' * (n // 5)"),
        ("boxes", "_BOX_RE", "'\\\\colorbox{' * (n // 10)"),
        ("boxes", "_BOX_RE", "'\\\\bbox[' * (n // 6)"),
    ],
)
def test_new_patterns_are_linear(module: str, pattern: str, shape: str) -> None:
    assert_pattern_linear(module, pattern, shape)
