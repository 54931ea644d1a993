"""Failure classes left after stop 17 (external sets 14-20), each closed by a general rule: binomials bounded by
their value, not their arguments; a unit's name before a bracket is a product; letter-like symbols; set-builder
conditions joined by "or"/"and", only on the set's variable; a unit then a connective inside one ``\\text``."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


def _reward(pred: str, gold: str) -> float:
    return math_answer("The final answer is $\\boxed{" + pred + "}$.", {"reference": gold}).outcome


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        # a binomial past 1000 is built when its value is within the digit limit (1216 digits here)
        ("\\frac{2^{4048}}{\\binom{4048}{2024}}-2", "\\dfrac{4^{2024}}{\\binom{4048}{2024}}-2", 1.0),
        ("\\frac{\\binom{2024}{990}+23}{46}", "\\frac{1}{46}\\binom{2024}{990}+\\frac{1}{2}", 1.0),
        ("\\frac{\\binom{2024}{990}+22}{46}", "\\frac{1}{46}\\binom{2024}{990}+\\frac{1}{2}", 0.0),
        ("\\binom{4048}{2023}", "\\binom{4048}{2024}", 0.0),
        ("\\binom{1000000}{3}", "166666166667000000", 1.0),
        ("\\binom{2000}{2001}", "0", 1.0),
        ("\\binom{100000}{50000}", "1", 0.0),  # 30,100 digits: refused, not built
    ],
)
def test_binomials_are_bounded_by_their_value(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("\\frac{mgr + mga}{8a^{2}}", "\\frac{mg(r+a)}{8a^2}", 1.0),
        ("mg(r+a)", "mgr+mga", 1.0),
        ("2mg(r+a)", "2gm(a+r)", 1.0),
        ("2mg(r+a)", "2gm(a-r)", 0.0),
        ("5mg", "5 \\text{ mg}", 1.0),  # without a bracket it is still milligrams
    ],
)
def test_a_units_name_before_a_bracket_is_a_product(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("E = \\frac{n c\\hbar}{R}", "E = \\frac{n \\hbar c}{R}", 1.0),
        ("\\frac{n c\\hbar}{2R}", "\\frac{n \\hbar c}{R}", 0.0),
        ("2\\ell", "2\\ell", 1.0),
        ("\\ell/2", "2\\ell", 0.0),
    ],
)
def test_letter_like_symbols(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("\\{x \\mid x<0 \\text{ or } 0<x\\leq 1\\}", "(-\\infty, 0) \\cup (0,1]", 1.0),
        ("\\{x \\mid x<0 \\text{ or } 0<x< 1\\}", "(-\\infty, 0) \\cup (0,1]", 0.0),
        ("\\{x \\mid x<0 \\text{ and } x>-1\\}", "(-1,0)", 1.0),
        ("\\{x \\mid x<0 \\text{ and } x>-1\\}", "(-1,1)", 0.0),
        # a condition on another variable does not describe the set
        ("\\{x \\mid x<0 \\text{ or } y>1\\}", "(-\\infty, 0) \\cup (1,\\infty)", 0.0),
        ("\\{x \\mid y>1\\}", "(1,\\infty)", 0.0),
        ("\\{y \\mid y>1\\}", "(1,\\infty)", 1.0),
    ],
)
def test_set_builder_conditions_joined_by_connectives(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("20 \\text{ ml and } 30 \\text{ ml}", "20, 30", 1.0),
        ("20 \\text{ ml and } 30 \\text{ l}", "20 ml, 30 ml", 0.0),
        ("9 \\text{ nickels and } 18 \\text{ dimes}", "9, 18", 1.0),
        ("3 \\text{ apples or } 4 \\text{ apples}", "4", 0.0),  # still a hedge
    ],
)
def test_a_unit_then_a_connective_in_one_text(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        # compound units written in plain text or upright, with a bracketed denominator or negative powers
        ("152.67 J/(K mol)", "152.67 \\mathrm{~J} \\mathrm{~K}^{-1} \\mathrm{~mol}^{-1}", 1.0),
        ("152.67 \\mathrm{J/(K\\,mol)}", "152.67 \\mathrm{~J} \\mathrm{~K}^{-1} \\mathrm{~mol}^{-1}", 1.0),
        ("152.67 J K^{-1} mol^{-1}", "152.67 \\mathrm{~J} \\mathrm{~K}^{-1} \\mathrm{~mol}^{-1}", 1.0),
        ("152.67 J/(K mol)", "152.67 J/K", 0.0),
        ("5 m s^{-1}", "5 \\mathrm{m/s}", 1.0),
        ("5 kg/(m s^2)", "5 Pa", 1.0),
        ("2/(x y)", "\\frac{2}{xy}", 1.0),  # letters that are not units stay symbols
        # the micro prefix before an upright unit, and inside one
        ("0.45\\ \\mu\\mathrm{C/m^2}", "4.5 \\times 10^{-7} \\mathrm{C} / \\mathrm{m}^2", 1.0),
        ("0.45\\ \\mu\\mathrm{C/m^2}", "4.5 \\times 10^{-6} \\mathrm{C} / \\mathrm{m}^2", 0.0),
        ("0.45\\ \\mathrm{\\mu m}", "4.5 \\times 10^{-7} \\mathrm{m}", 1.0),
        # a letter after a number is the unit the other side states
        ("\\frac{48}{5} A", "9.6\\ \\mathrm{A}", 1.0),
        ("\\frac{48}{5} A", "9.6\\ \\mathrm{V}", 0.0),
        ("9.6 x", "9.6\\ \\mathrm{A}", 0.0),
    ],
)
def test_compound_and_prefixed_units(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want
