"""The ``math`` verifier: extraction, normalisation, equivalence, precision policy, safety."""

from __future__ import annotations

import concurrent.futures
import pickle

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from verigrpo.verifiers import Status, get_verifier
from verigrpo.verifiers.math import (
    ParseError,
    answers_equivalent,
    expressions_equal,
    extract_answer,
    math_answer,
    parse_answer,
    parse_math,
)

# ----------------------------------------------------------------------------- equivalence tables
# (prediction, gold, equivalent?) per category; every category has negatives.

CASES = {
    "integer": [
        ("5", "5", True), ("5", "6", False), ("-3", "3", False), ("012", "12", True), ("2^{10}", "1024", True),
        ("5!", "120", True), ("\\binom{5}{2}", "10", True), ("17", "71", False),
    ],
    "decimal": [
        ("0.50", "0.5", True), ("\\frac12", "0.5", True), ("0.26", "0.25", False), (".5", "0.5", True),
        # 0.125 terminates, so a decimal must match it exactly (no tolerance):
        ("0.1250001", "0.125", False), ("1000001.0", "1000000", False),
    ],
    "fraction": [
        ("\\frac{2}{4}", "\\frac12", True), ("\\dfrac{3}{4}", "3/4", True), ("\\tfrac34", "\\frac{3}{4}", True),
        ("\\frac{4}{3}", "\\frac34", False), ("\\frac{5}{-7}", "-\\frac57", True), ("\\frac{5}{7}", "-\\frac57", False),
    ],
    "scientific": [
        ("6.02e23", "6.02\\times10^{23}", True), ("6.02\\cdot 10^{23}", "6.02 \\times 10^{23}", True),
        ("6.02e22", "6.02\\times10^{23}", False), ("0.0015", "1.5\\times10^{-3}", True), ("0.015", "1.5e-3", False),
    ],
    "mixed_number": [
        ("3\\frac{1}{2}", "\\frac72", True), ("3 1/2", "3.5", True), ("\\frac32", "3\\frac12", False),
        ("-1\\frac{1}{2}", "-1.5", True),
    ],
    "repeating": [
        ("0.\\overline{3}", "\\frac13", True), ("0.\\bar{6}", "2/3", True), ("0.1\\overline{6}", "\\frac16", True),
        ("0.\\overline{16}", "\\frac16", False), ("0.(142857)", "\\frac17", True), ("0.333...", "\\frac13", True),
        ("0.\\overline{9}", "1", True),
    ],
    "precision": [
        # |0.333 - 1/3| / (1/3) = 1e-3 > 1e-6: wrong; 0.3333333333 is off by 1e-10: right.
        ("0.333", "\\frac13", False), ("0.3333333333", "\\frac13", True), ("0.3333333", "1/3", True),
        ("0.33333", "1/3", False), ("3.14", "\\pi", False), ("3.14159265", "\\pi", True),
        ("1.41421356", "\\sqrt2", True), ("1.414", "\\sqrt2", False), ("\\frac13", "0.333", False),
    ],
    "constants": [
        ("\\sqrt8", "2\\sqrt2", True), ("2\\sqrt3", "2\\sqrt2", False), ("\\frac{\\sqrt2}{2}", "\\frac{1}{\\sqrt2}", True),
        ("\\sqrt{5+2\\sqrt6}", "\\sqrt2+\\sqrt3", True), ("\\sqrt5", "\\sqrt2+\\sqrt3", False), ("\\sqrt[3]{27}", "3", True),
        ("e\\cdot e", "e^2", True), ("2e", "e^2", False), ("3\\ln 2", "\\ln 8", True), ("\\log_2 32", "5", True),
        ("\\frac{355}{113}", "\\pi", False), ("\\sin\\frac{\\pi}{6}", "\\frac12", True),
    ],
    "complex": [
        ("i+1", "1+i", True), ("1-i", "1+i", False), ("i^2", "-1", True), ("\\frac{2}{1+i}", "1-i", True),
        ("4+3i", "3+4i", False), ("|3+4i|", "5", True),
    ],
    "symbolic": [
        ("(x+1)^2", "x^2+2x+1", True), ("(x-1)^2", "x^2+2x+1", False), ("0.5x", "\\frac{x}{2}", True),
        ("\\sin^2 x + \\cos^2 x", "1", True), ("2\\sin x\\cos x", "\\sin 2x", True), ("2\\sin x", "\\sin 2x", False),
        ("|x|", "\\sqrt{x^2}", True), ("x", "\\sqrt{x^2}", False), ("3y", "3x", False), ("yx^2", "x^{2}y", True),
        ("\\frac{x+y}{xy}", "\\frac1x+\\frac1y", True), ("a^3+b^3", "(a+b)^3", False),
    ],
    "equation": [
        ("x=3", "3", True), ("3", "x = 3", True), ("x=4", "x=3", False), ("y=1+2x", "y=2x+1", True),
        ("2x-y+1=0", "y=2x+1", True), ("y=2x-1", "y=2x+1", False), ("x+2y=3", "2x+4y=6", True),
        ("x+2y=6", "2x+4y=6", False), ("x^2", "f(x)=x^2", True), ("y = 4", "3", False), ("2 = x", "x = 2", True),
    ],
    "inequality": [
        ("3<x", "x>3", True), ("x\\geq 3", "x>3", False), ("(3,\\infty)", "x>3", True), ("[3,\\infty)", "x>3", False),
        ("[1,2)", "1\\le x<2", True),
    ],
    "set": [
        ("\\{3,2,1\\}", "\\{1,2,3\\}", True), ("\\{1,2\\}", "\\{1,2,3\\}", False), ("\\{2, 0.5\\}", "\\{\\frac12,2\\}", True),
        ("\\{\\}", "\\emptyset", True), ("\\{0\\}", "\\emptyset", False),
    ],
    "tuple": [
        ("(1,2)", "(1,2)", True), ("(2,1)", "(1,2)", False), ("(1,2,3)", "(1,2)", False), ("(\\frac12,-1)", "(0.5,-1)", True),
        ("\\left(2, 3\\right)", "(2,3)", True),
    ],
    "interval": [
        ("[1,2]", "[1,2]", True), ("(1,2)", "[1,2]", False), ("(1,2]", "[1,2)", False), ("(-\\infty,0]", "(-\\infty,0)", False),
        ("(2,\\infty)\\cup(-\\infty,1)", "(-\\infty,1)\\cup(2,\\infty)", True),
        ("(-\\infty,1]\\cup(2,\\infty)", "(-\\infty,1)\\cup(2,\\infty)", False),
    ],
    "matrix": [
        ("\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", True),
        ("\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", True),
        ("\\begin{pmatrix}1&3\\\\2&4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", False),
        ("\\begin{pmatrix}1\\\\2\\end{pmatrix}", "\\begin{pmatrix}1&2\\end{pmatrix}", False),
    ],
    "several": [
        ("3, 2", "2, 3", True), ("2", "2, 3", False), ("2, 3", "2", False), ("\\pm 2", "-2, 2", True),
        ("1+\\sqrt2, 1-\\sqrt2", "1\\pm\\sqrt2", True), ("x = 2, x = 1", "1, 2", True), ("a=3, b=2", "a=2, b=3", False),
        ("b=3, a=2", "a=2, b=3", True),
    ],
    "text": [
        ("Yes", "\\text{yes}", True), ("no", "yes", False), ("\\text{yes.}", "Yes", True), ("Monday", "\\text{Monday}", True),
        ("Tuesday", "\\text{Monday}", False), ("B", "(B)", True), ("C", "(B)", False),
    ],
    "units": [
        ("10", "10\\text{ cm}", True), ("10\\text{ m}", "10\\text{ cm}", False), ("10 centimeters", "10 cm", True),
        ("5\\text{ g}", "5\\text{ kg}", False), ("0.1\\text{ m}", "10\\text{ cm}", True), ("25\\text{ cm}", "25\\text{ cm}^2", False),
        ("7 oranges", "7 apples", False), ("7", "7 apples", True), ("18", "18 \\text{ square units}", True),
    ],
    "percent_degree_money": [
        ("50", "50\\%", True), ("0.5", "50\\%", True), ("5\\%", "50\\%", False), ("\\frac{\\pi}{6}", "30^\\circ", True),
        ("60^\\circ", "30^\\circ", False), ("5", "\\$5.00", True), ("12.05", "\\$12.50", False), ("1,000", "1000", True),
        ("1{,}234", "1234", True), ("10,000", "1000", False),
    ],
    "latex_noise": [
        ("\\left(\\frac{1}{2}\\right)", "\\frac12", True), ("\\displaystyle 4", "4", True), ("2\\,\\sqrt{3}", "2\\sqrt3", True),
        ("\\mathbf{5}", "5", True), ("\\mathrm{\\pi}", "\\pi", True), ("\\frac{3}{5}.", "\\frac35", True), ("−4", "-4", True),
        ("\\frac13", "\\frac12", False),
    ],
    # both sides in percent (or degrees) compare as written: 0.5% is 0.005, not 50% = 0.5
    "same_marker": [
        ("0.5\\%", "50\\%", False), ("0.05\\%", "5\\%", False), ("50\\%", "50\\%", True),
        ("\\frac{\\pi}{6}^\\circ", "30^\\circ", False), ("\\frac{\\pi}{6}", "30^\\circ", True),
    ],
    "number_words": [
        ("five", "5", True), ("twenty-one", "21", True), ("\\text{two}", "2", True), ("one hundred and two", "102", True),
        ("six", "5", False), ("five five", "10", False), ("\\text{none}", "0", False), ("5th", "5", True),
        ("5^{\\text{th}}", "5", True),
    ],
    "functions": [
        ("\\lfloor 6.5 \\rfloor", "6", True), ("\\lceil 6.5 \\rceil", "7", True), ("\\lfloor \\pi \\rfloor", "4", False),
        ("\\gcd(4, 6)", "2", True), ("\\text{lcm}(4, 6)", "12", True), ("\\operatorname{lcm}(4, 6)", "24", False),
        ("{5 \\choose 2}", "10", True), ("\\max(1, 2, 3)", "3", True), ("\\min(1, 2, 3)", "3", False),
        ("5 \\text{ min}", "5", True),  # "min" without "(" is still minutes
    ],
    "unicode": [
        ("±3", "\\pm 3", True), ("±3", "3", False), ("½", "\\frac12", True), ("1½", "\\frac32", True),
        ("θ = 3", "3", True),
    ],
    "base_numerals": [
        # value and base must agree; a base-b numeral is not the plain number with those digits
        ("1011_{2}", "1011_2", True), ("101_2", "0101_2", True), ("A3_16", "A3_{16}", True), ("7_{10}", "7", True),
        ("1011", "1011_2", False), ("11", "1011_2", False), ("x_{1}", "x_1", True),
    ],
    "labels": [
        ("5 = x", "5", True), ("5 = x", "6", False), ("Area = 24", "24", True), ("\\text{total cost} = 24", "24", True),
        ("Area = 25", "24", False),
    ],
    "inequality_unions": [
        ("x \\neq 0", "(-\\infty, 0) \\cup (0, \\infty)", True), ("x \\neq 1", "(-\\infty, 0) \\cup (0, \\infty)", False),
        ("x < -1 \\text{ or } x > 1", "(-\\infty,-1)\\cup(1,\\infty)", True),
        ("x < -1 \\text{ or } x \\ge 1", "(-\\infty,-1)\\cup(1,\\infty)", False),
    ],
    "approximately": [
        # a leading "approximately" is dropped and the precision policy decides
        ("approximately 3.1415927", "\\pi", True), ("\\approx 3.14", "\\pi", False), ("about 0.5", "\\frac12", True),
    ],
    # an odd root of a negative number is the real root (sympy's principal root is complex)
    "real_roots": [
        ("\\sqrt[3]{-8}", "-2", True), ("\\sqrt[3]{-8}", "2", False), ("\\sqrt[3]{-2}", "-\\sqrt[3]{2}", True),
        ("\\sqrt{-4}", "2i", True), ("\\sqrt[4]{16}", "-2", False),
    ],
    "space_thousands": [
        ("1 000 000", "1000000", True), ("1 234 567", "1234567", True), ("2 000 000", "2000", False), ("1 000", "1000000", False),
    ],
    # a vector written as a tuple is the column (or row) matrix with those entries, in order
    "vectors": [
        ("(3, -1)", "\\begin{pmatrix} 3 \\\\ -1 \\end{pmatrix}", True), ("(-1, 3)", "\\begin{pmatrix} 3 \\\\ -1 \\end{pmatrix}", False),
        ("\\langle 1, 2, 3 \\rangle", "\\begin{pmatrix} 1 \\\\ 2 \\\\ 3 \\end{pmatrix}", True), ("(3, -1)", "\\begin{pmatrix} 3 & -1 \\end{pmatrix}", True),
        ("\\{3, -1\\}", "\\begin{pmatrix} 3 \\\\ -1 \\end{pmatrix}", False), ("(1, 2, 3, 4)", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", False),
    ],
    # (B) 12: the letter answers a letter, the content answers a value, both must agree with both
    "choice_with_content": [
        ("(B) 12", "B", True), ("\\textbf{(B)}\\ 12", "B", True), ("B)", "B", True), ("(C) 12", "B", False),
        ("(B) 12", "12", True), ("(B) 13", "12", False), ("B", "\\textbf{(B) }12", True), ("12", "\\textbf{(B) }12", True),
        ("(C) 12", "\\textbf{(B) }12", False), ("\\text{(D)}\\ 7\\sqrt{2}", "\\text{(D)}", True),
        ("(A) and (C)", "A, C", True),
    ],
    "units_written_out": [
        ("24\\,\\text{cm}^{2}", "24", True), ("24\\,\\mathrm{cm^2}", "24 \\text{ cm}^2", True), ("9\\,\\text{m}^{3}", "9 \\text{ m}^2", False),
        ("40\\text{ km/h}", "40", True), ("40\\text{ km}", "40\\text{ km/h}", False), ("60 \\text{ miles per hour}", "60 \\text{ mph}", True),
        ("60 \\text{ km per hour}", "60 \\text{ mph}", False), ("3 million", "3000000", True), ("\\$1.5 \\text{ million}", "1500000", True),
        ("3 thousand", "3000000", False), ("6.02 x 10^{23}", "6.02 \\times 10^{23}", True), ("6.02 x 10^{22}", "6.02e23", False),
    ],
    "fraction_words": [("one half", "\\frac12", True), ("two thirds", "\\frac23", True), ("two halves", "\\frac23", False)],
    # \mathbb{R} \setminus {..}, "all real numbers", x != 2, x != -2 and {x \in R | ..} are sets of reals
    "real_sets": [
        ("\\mathbb{R} \\setminus \\{1\\}", "(-\\infty, 1) \\cup (1, \\infty)", True),
        ("\\mathbb{R} \\setminus \\{-1\\}", "(-\\infty, 1) \\cup (1, \\infty)", False),
        ("\\mathbb{R} \\setminus \\{0, 2\\}", "(-\\infty, 0) \\cup (0, 2) \\cup (2, \\infty)", True),
        ("[0,5] \\setminus \\{3\\}", "[0,3)\\cup(3,5]", True), ("[0,5] \\setminus \\{0\\}", "[0,5]", False),
        ("\\text{all real numbers}", "(-\\infty, \\infty)", True),
        ("x \\neq 2, x \\neq -2", "(-\\infty,-2)\\cup(-2,2)\\cup(2,\\infty)", True),
        ("x \\neq \\pm 2", "(-\\infty,-2)\\cup(-2,2)\\cup(2,\\infty)", True),
        ("x \\neq 2, x \\neq -3", "(-\\infty,-2)\\cup(-2,2)\\cup(2,\\infty)", False),
        ("\\{x \\in \\mathbb{R} \\mid x > 2\\}", "(2,\\infty)", True), ("\\{x \\in \\mathbb{R} : x \\neq 2\\}", "(-\\infty,2)\\cup(2,\\infty)", True),
    ],
    # labels that name the answer: a tuple of unknowns, a derived function, y and f(x) for one function of x
    "labels2": [
        ("(a, b) = (2, 3)", "(2, 3)", True), ("(b, a) = (2, 3)", "(a, b) = (2, 3)", False), ("(x, y, z) = (1, 0, -1)", "(1,0,-1)", True),
        ("f^{-1}(x)=\\frac{x-3}{2}", "\\frac{x-3}{2}", True), ("f'(x) = 2x", "2x", True), ("f(x) = 2x", "f'(x) = 2x", False),
        ("f(x) = 2x+3", "y=2x+3", True), ("f(x) = 2x-3", "y=2x+3", False), ("p(x) = x^2+1", "f(x) = x^2+1", True),
        ("f(t) = t^2", "f(x) = x^2", True),  # one function, its argument named otherwise (stop 28)
        ("f(t) = t^2", "f(x) = x^3", False),
    ],
    # a run of superscripts is one exponent: 10²³ is 10^{23}, never the tower 10^(2^3) = 10^8
    "superscripts": [
        ("10²³", "10^{23}", True), ("10²³", "10^8", False), ("3×10⁸", "3 \\times 10^8", True), ("10⁻³", "0.001", True),
        ("１２", "12", True),
    ],
    "base_parenthesised": [("(10110)_2", "10110_2", True), ("(10111)_2", "10110_2", False), ("(10110)_2", "22", False)],
    # a label then a chain: the chain decides (a true numeric chain answers its last side, \approx its exact side)
    "label_chains": [
        ("x = \\frac{1}{3} \\approx 0.333", "\\frac13", True), ("x = \\frac{1}{3} \\approx 0.333", "0.333", False),
        ("x = 2 + 2 = 4", "4", True), ("x = 2 + 2 = 5", "5", False),
    ],
    # a set is unordered, so a \pm inside it lists both values
    "pm_in_sets": [
        ("\\{-2, 1+\\sqrt5, 1-\\sqrt5\\}", "\\{1\\pm\\sqrt{5},-2\\}", True), ("\\{-2, 1+\\sqrt5\\}", "\\{1\\pm\\sqrt{5},-2\\}", False),
        ("\\{-2,-1,1,2\\}", "\\{\\pm 1, \\pm 2\\}", True),
    ],
}  # fmt: skip

TABLE = [pytest.param(p, g, e, id=f"{cat}:{p}~{g}") for cat, rows in CASES.items() for p, g, e in rows]


@pytest.mark.parametrize("pred, gold, expected", TABLE)
def test_equivalence_table(pred, gold, expected):
    assert answers_equivalent(pred, gold) is expected
    # the verifier agrees when the prediction is boxed in a completion
    r = math_answer(f"So the result is $\\boxed{{{pred}}}$.", {"reference": gold})
    assert (r.outcome == 1.0) is expected, r
    assert r.status is (Status.CORRECT if expected else Status.WRONG)


# ----------------------------------------------------------------------------- extraction

EXTRACTION = [
    ("The result is \\boxed{\\frac{1}{2}}.", "\\frac{1}{2}", "boxed"),
    ("nested \\boxed{\\frac{\\sqrt{2}}{2}} end", "\\frac{\\sqrt{2}}{2}", "boxed"),
    ("first \\boxed{3} then \\boxed{3}", "3", "boxed"),
    ("so \\boxed 5", "5", "boxed"),
    ("so \\fbox{7}", "7", "boxed"),
    ("<think>maybe \\boxed{2}</think><answer>5</answer>", "5", "answer_tag"),
    ("<think>x</think><answer>$\\boxed{6}$</answer>", "6", "answer_tag+boxed"),
    ("48 + 24 = 72\n#### 72", "72", "gsm8k"),
    ("Thus the answer is $\\frac{3}{4}$. Done.", "$\\frac{3}{4}$", "answer_is"),
    ("**Final Answer:** 12", "12", "answer_is"),
    ("$x = 5$", "$x = 5$", "whole"),
    ("\\[\\frac12\\]", "\\[\\frac12\\]", "whole"),
    ("42", "42", "whole"),
    ("we add them and get 17 apples in total", "17", "last_number"),
    ("The diagonal is $\\sqrt{1^2+1^2} = \\sqrt{2}$.", "\\sqrt{1^2+1^2} = \\sqrt{2}", "last_math"),
    ("It costs $5 for milk and $3 for bread, so $8 in all.", "8", "last_number"),  # currency, not maths
]


@pytest.mark.parametrize("text, answer, rule", EXTRACTION)
def test_extraction_rules(text, answer, rule):
    ex = extract_answer(text)
    assert (ex.answer, ex.rule, ex.hedged) == (answer, rule, False)


@pytest.mark.parametrize(
    "text, answer, rule",
    [
        ("<answer>The answer is 5</answer>", "5", "answer_tag+answer_is"),
        ("<answer>I think 7 apples</answer>", "7", "answer_tag+last_number"),
        ("Final Answer: The final answer is $5$. I hope it is correct.", "$5$", "answer_is"),
        ("The answer is 5, which is prime.", "5", "answer_is"),
    ],
)
def test_extraction_inside_answer_tags_and_minerva_format(text, answer, rule):
    ex = extract_answer(text)
    assert (ex.answer, ex.rule) == (answer, rule)


@pytest.mark.parametrize(
    "completion",
    [
        "We try $x = 5$, which does not work.",  # the last math span, negated in its sentence
        "Plugging in, 5 is not a solution.",
        "Checking 5: it fails the equation.",
        "I'm not sure, maybe 5?",
    ],
)
def test_fallback_answers_that_their_sentence_negates_are_not_answers(completion):
    # the fallbacks read a number the text names but does not conclude: never credited
    r = math_answer(completion, {"reference": "5"})
    assert (r.outcome, r.status) == (0.0, Status.NO_ANSWER), r.info


def test_a_number_rejected_after_the_answer_is_not_the_answer():
    # "6, not 5": the 5 is negated right before it, the 6 kept (stop 20: read, where it was no answer before)
    assert math_answer("The answer must be 6, not 5.", {"reference": "5"}).status is Status.WRONG
    assert math_answer("The answer must be 6, not 5.", {"reference": "6"}).status is Status.CORRECT


def test_fallback_still_reads_a_plain_conclusion():
    assert math_answer("After 2 years he will be 42 years old.", {"reference": "42"}).status is Status.CORRECT
    assert (
        math_answer("Not counting red ones, there are 5 apples.", {"reference": "5"}).status is Status.CORRECT
    )


def test_answer_is_stops_at_a_contrast():
    r = math_answer("The answer is 42, not 24.", {"reference": "42"})
    assert (r.status, r.info["extracted"]) == (Status.CORRECT, "42")
    assert math_answer("The answer is 42, not 24.", {"reference": "24"}).status is Status.WRONG


def test_last_number_next_to_or_is_a_hedge():
    r = math_answer("I am not sure, it could be 4 or 5", {"reference": "5"})
    assert (r.status, r.info["hedged"]) == (Status.WRONG, True)


@pytest.mark.parametrize(
    "pred, gold, expected",
    [
        ("2+2=4", "4", True),  # a true numeric chain ends in the answer
        ("2+2=5", "5", False),  # a false one is not credited
        ("x+10^{-20}", "x", False),  # exact symbolic values: 30-digit spot checks, tolerance 1e-20
        ("2.0000001x", "2x", False),  # a decimal against terminating coefficients must be exact
        ("0.33333333333x", "\\frac{x}{3}", True),  # ... against 1/3 the 1e-6 tolerance applies
        ("\\sin 30^\\circ", "\\frac12", True),  # degrees inside a function are radians
        ("45^\\circ + 30^\\circ", "75^\\circ", True),
        ("\\text{5 cm}", "5", True),
        ("1,234 apples", "1234", True),
        ("2\\text{ km}", "2000\\text{ m}", True),
        ("2\\text{ km}", "2000\\text{ cm}", False),
        ("100\\text{ cm}^2", "1\\text{ m}^2", False),
        ("\\frac16 \\approx 0.1667", "\\frac16", True),  # with \approx the exact side is the answer
        ("\\frac17 \\approx 0.1667", "\\frac16", False),
        ("\\{6\\}", "6", True),  # a one-element set is its element
        ("\\{6, 7\\}", "6", False),
        ("\\{x \\mid x > 0\\}", "(0, \\infty)", True),  # set-builder notation
        ("\\{x : x \\ge 0\\}", "(0, \\infty)", False),
        ("-1 < x < 1", "x \\in (-1, 1)", True),
        ("a = 3", "b = 3", False),  # two labelled answers must agree on the name
        ("30^\\circ C", "30", True),
        ("30^\\circ C", "\\frac{\\pi}{6}", False),  # a temperature is not an angle
        ("\\mathbb{R}", "(-\\infty, \\infty)", True),
    ],
)
def test_edge_cases(pred, gold, expected):
    assert answers_equivalent(pred, gold) is expected


@pytest.mark.parametrize(
    "completion",
    [
        "First compute 3 + 4 = 7. Now for step 2",  # a step number
        "Step 1: compute 3+4 = 7.\n\nStep 2:",  # cut off after a colon
        "Solving 2x + 3 = 7 gives x =",  # cut off after "="
        "So the total is 12 + 5 =",
        "Case 3: x is negative. Then",  # cut off after a connective
        "1. Compute the sum.\n2. Divide by two.",  # a list item's number
        "There are three cases (see Figure 3).",
        "We need to find x in equation (2)",
        "By Theorem 3, the result follows.",
        "So x = 5. But wait, that violates the constraint x < 4, so there is no solution.",  # a bound
        "Let's try $n = 4$.",  # a trial value
        "Suppose x = 4.",
        "The answer cannot be 4.",
    ],
)
def test_fallback_finds_no_answer_in_unfinished_or_referencing_text(completion):
    # the last number names a step, a figure, a bound or a trial, or the text stops mid-statement:
    # whatever the reference, the fallback credits nothing (a truncated completion earns no reward)
    for reference in ("2", "3", "4", "5", "7"):
        r = math_answer(completion, {"reference": reference})
        assert (r.outcome, r.status) == (0.0, Status.NO_ANSWER), (reference, r.info)


@pytest.mark.parametrize(
    "completion, reference",
    [
        ("we add them and get **17**", "17"),  # bold is not an operator
        ("So the total is 17.\n\n---", "17"),  # a markdown rule is not a minus
        ("Let me try: 48/2 = 24, and 3 + 4 = 7 apples.", "7"),  # "try" without a trial value
    ],
)
def test_fallback_still_reads_conclusions_next_to_the_new_rules(completion, reference):
    assert math_answer(completion, {"reference": reference}).status is Status.CORRECT


@pytest.mark.parametrize(
    "completion, reference, status",
    [
        ("答案是12，不是13。", "12", Status.CORRECT),  # other languages' answer markers ...
        ("答案是12，不是13。", "13", Status.WRONG),  # ... cut at the Chinese comma, like ", not"
        ("答案：$\\frac{1}{2}$", "0.5", Status.CORRECT),
        ("所以最终答案为 $-5$。", "5", Status.WRONG),
        ("Ответ: 7", "7", Status.CORRECT),
        ("Die Antwort ist 9.", "9", Status.CORRECT),
        ("La réponse est 15.", "15", Status.CORRECT),
        ("**Answer**: 12", "12", Status.CORRECT),
        ("**Answer**: 21", "12", Status.WRONG),
        ("Therefore the answer is \\boxed5.", "5", Status.CORRECT),  # \boxed without braces or space
        ("Hence \\boxed12.", "12", Status.CORRECT),
        ("Hence \\boxed12.", "1", Status.WRONG),
        ("The answer is 12 (since 3 \\times 4 = 12).", "12", Status.CORRECT),  # an explanation in parentheses
        ("The answer is 12 (not 13).", "13", Status.WRONG),
        ("The answer is $5$ or $6$.", "5", Status.WRONG),  # the sentence goes on: a hedge, not "$5$"
        ("The answer is $2$ and $3$.", "2, 3", Status.CORRECT),
        ("The answer is $5$, which is prime.", "5", Status.CORRECT),
        # a sentence after "Final Answer:" answers with what follows its last "is" ...
        ("Final Answer: The volume of $ABCDEFGH$ is 120. I hope it is correct.", "120", Status.CORRECT),
        ("Final answer: the area of the triangle is 20 square units.", "20", Status.CORRECT),
        ("Final Answer: The volume of $ABCDEFGH$ is 120.", "121", Status.WRONG),
        # ... unless it negates or hedges; a sentence without "is" answers with its one number, if it has one
        ("Final Answer: the number of apples is not 5.", "5", Status.UNPARSABLE),
        ("Final Answer: the number is 5 or 6.", "5", Status.WRONG),
        ("Final Answer: Bob has 5 apples left.", "5", Status.CORRECT),
        ("Final Answer: Bob has 5 apples and 2 pears.", "5", Status.UNPARSABLE),  # two numbers: no guess
    ],
)
def test_answer_markers_languages_and_sentence_ends(completion, reference, status):
    r = math_answer(completion, {"reference": reference})
    assert r.status is status, r.info


def test_units_with_a_slash_in_the_reference_are_parsed():
    # "40\text{ km/h}" used to be an unparsable reference: bad_input, an infrastructure status
    assert math_answer("\\boxed{40}", {"reference": "40\\text{ km/h}"}).status is Status.CORRECT


def test_superscript_digits_never_raise():
    # "⁸".isdigit() is True but it is no decimal digit: the tokenizer once asserted on it
    assert answers_equivalent("3×10⁸", "300000000")
    assert not answers_equivalent("x⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸⁸", "1")
    assert math_answer("\\boxed{10⁸}", {"reference": "10^8"}).status is Status.CORRECT


def test_last_math_span_true_chain_is_its_last_side():
    row = {"reference": "\\sqrt{2}"}
    assert math_answer("The diagonal is $\\sqrt{1^2+1^2} = \\sqrt{2}$.", row).status is Status.CORRECT
    assert math_answer("The diagonal is $\\sqrt{1^2+1^2} = \\sqrt{3}$.", row).status is Status.WRONG


def test_last_number_fallback_can_be_switched_off():
    text = "we add them and get 17 apples in total"
    assert extract_answer(text, last_number_fallback=False).answer is None
    verifier = get_verifier("math", last_number_fallback=False)
    assert verifier(text, {"reference": "17"}).status is Status.NO_ANSWER
    assert get_verifier("math")(text, {"reference": "17"}).status is Status.CORRECT


@pytest.mark.parametrize(
    "completion",
    [
        "\\boxed{3} or \\boxed{4}",
        "It is \\boxed{3}. Maybe \\boxed{4}",
        "\\boxed{3 \\text{ or } 4}",
        "The answer is 3 or 4.",
    ],
)
def test_hedged_answers_get_no_credit(completion):
    r = math_answer(completion, {"reference": "3"})
    assert (r.outcome, r.status, r.info["hedged"]) == (0.0, Status.WRONG, True)


@pytest.mark.parametrize(
    "completion, reference, status",
    [
        # one box per solution lists a reference with several answers ...
        ("The solutions are $\\boxed{2}$ and $\\boxed{3}$.", "2, 3", Status.CORRECT),
        ("The solutions are $\\boxed{2}$ and $\\boxed{3}$.", r"\{3, 2\}", Status.CORRECT),
        ("It is \\boxed{2}. No wait, \\boxed{4}", "2, 3", Status.WRONG),
        # ... and is a hedge against a single answer
        ("The solutions are $\\boxed{2}$ and $\\boxed{3}$.", "2", Status.WRONG),
    ],
)
def test_several_boxes_against_several_answers(completion, reference, status):
    assert math_answer(completion, {"reference": reference}).status is status


@pytest.mark.parametrize("completion", ["The answer is 1/2 (or 0.5).", "\\boxed{\\frac12 \\text{ or } 0.5}"])
def test_or_between_equal_values_is_not_a_hedge(completion):
    r = math_answer(completion, {"reference": "\\frac12"})
    assert (r.status, r.info["hedged"]) == (Status.CORRECT, False)
    assert math_answer(completion.replace("0.5", "0.6"), {"reference": "\\frac12"}).info["hedged"] is True


def test_empty_box_is_ignored():
    assert math_answer("\\boxed{} so \\boxed{5}", {"reference": "5"}).status is Status.CORRECT


def test_repeated_equal_boxes_are_not_a_hedge():
    r = math_answer("\\boxed{\\frac12}, i.e. \\boxed{0.5}", {"reference": "1/2"})
    assert r.status is Status.CORRECT and not r.info["hedged"]


def test_or_in_the_reference_is_compared_not_hedged():
    assert (
        math_answer("\\boxed{x=2 \\text{ or } x=3}", {"reference": "x = 3 or x = 2"}).status is Status.CORRECT
    )


@pytest.mark.parametrize(
    "reference", ["$5$", "\\boxed{5}", "x = 5", "$$5$$", "Adding gives 5.\n#### 5", "5 apples"]
)
def test_wrapped_references_are_normalised(reference):
    r = math_answer("The answer is \\boxed{5}", {"reference": reference})
    assert r.status is Status.CORRECT, r.info


def test_reward_fields():
    r = math_answer("so the answer is \\boxed{\\dfrac{1}{2}}", {"reference": "$0.5$"})
    assert (r.outcome, r.status) == (1.0, Status.CORRECT)
    assert r.info["rule"] == "boxed" and r.info["extracted"] == "\\dfrac{1}{2}"
    assert r.info["reference_normalized"] == "1/2"
    assert type(r).from_dict(r.to_dict()) == r


# ----------------------------------------------------------------------------- statuses and safety


def test_no_answer_unparsable_bad_input():
    assert math_answer("I have no idea.", {"reference": "3"}).status is Status.NO_ANSWER
    assert math_answer("", {"reference": "3"}).status is Status.NO_ANSWER
    assert math_answer("\\boxed{\\frac{1}{", {"reference": "3"}).status is Status.UNPARSABLE
    assert math_answer("\\boxed{\\weird{3}}", {"reference": "3"}).status is Status.UNPARSABLE
    assert math_answer("\\boxed{3}", {}).status is Status.BAD_INPUT
    assert (
        math_answer("\\boxed{3}", {"reference": "\\weird{3}"}).status is Status.BAD_INPUT
    )  # we cannot judge
    assert math_answer("\\boxed{3}", {"reference": 3}).status is Status.CORRECT  # numeric references are fine


PATHOLOGICAL = [
    "\\boxed{9^{9^{9^{9}}}}",  # a power tower: capped, never built
    "\\boxed{9^9^9^9}",
    "\\boxed{(10^{5})!}",
    "\\boxed{e^{e^{e^{e^{e^{10}}}}}}",
    "\\boxed{" + "{" * 5000 + "3" + "}" * 5000 + "}",  # deeply nested braces
    "\\boxed{" + "(" * 3000 + "3" + ")" * 3000 + "}",
    "\\boxed{" + "\\sqrt{" * 500 + "2" + "}" * 500 + "}",
    "\\boxed{" + "1+" * 20000 + "1}",
    "\\boxed{" + "7" * 100_000 + "}",
    "x" * 1_000_000,  # a megabyte completion
    "\\boxed{" * 10_000,
    "\\boxed{x^{10^{9}}}",
    "\\boxed{2^{-10^{8}}}",
    "\\boxed{\\frac{1}{0}}",
    "<answer>" * 10_000,  # a lazy regex over this was quadratic (seconds)
    "\\boxed{\\lfloor e^{10^{4}} \\rfloor}",  # rounding would need all 4343 digits
    "\\boxed{\\gcd(x, y)}",  # sympy's polynomial gcd of symbols is 1: refused
    "The answer is 5" + " " * 19_000 + "6",  # "\s+which" from each space of a run was quadratic (seconds)
    "The answer is 5" + " \t" * 9_000 + "(or 6)",
    "\\boxed{" + "(B) " * 450 + "12}",  # a choice letter inside a choice letter ...
    "\\boxed{\\mathbb{R} \\setminus \\{" + ", ".join(map(str, range(250))) + "\\}}",  # ... too many points
    "\\boxed" + "1" * 5_000,
    "答案是" * 20_000,
    "\\boxed{f" + "'" * 1_500 + "(x) = 3}",
]


@pytest.mark.parametrize("completion", PATHOLOGICAL, ids=range(len(PATHOLOGICAL)))
def test_pathological_inputs_end_with_a_status(completion):
    # how fast they end is measured in benchmarks/bench_math.py (worst case per item), not asserted here
    r = math_answer(completion, {"reference": "3"})
    assert r.outcome == 0.0
    assert r.status in (Status.UNPARSABLE, Status.TOO_LONG, Status.WRONG, Status.NO_ANSWER)


# symbolic blow-ups: expansion bombs and towers against a symbolic reference
SYMBOLIC_BOMBS = [
    ("\\boxed{(a+b+c+d+e)^{20}}", "(a+b+c+d+e)^{20} + 1"),
    ("\\boxed{(a+b)^{20}(c+d)^{20}(e+f)^{20}}", "a"),
    ("\\boxed{x^{x^{x^{x^{x}}}}}", "x"),
    ("\\boxed{e^{e^{e^{e^{x}}}}}", "e^{x}"),
]


def test_pathological_inputs_in_the_pool_do_not_time_out():
    from verigrpo.verifiers.pool import ScoringPool

    completions = PATHOLOGICAL[:9] + [c for c, _ in SYMBOLIC_BOMBS] + ["\\boxed{3}"]
    rows = [{"reference": "3"}] * 9 + [{"reference": r} for _, r in SYMBOLIC_BOMBS] + [{"reference": "3"}]
    with ScoringPool(get_verifier("math"), workers=2, timeout=20.0) as pool:
        rewards = pool.score(completions, rows)
    assert [r.status.is_infra for r in rewards] == [False] * len(rows)
    assert [r.outcome for r in rewards] == [0.0] * (len(rows) - 1) + [1.0]


@pytest.mark.parametrize(
    "evil",
    ["__import__('os').system('touch {marker}')", "().__class__.__bases__[0]", "exec('1')", "lambda: 1",
     "Symbol('x')", "x.__class__", "eval('open(\"{marker}\", \"w\")')", "__import__"],
)  # fmt: skip
def test_untrusted_text_is_never_evaluated(evil, tmp_path):
    marker = tmp_path / "pwned"
    evil = evil.format(marker=marker)
    r = math_answer("\\boxed{" + evil + "}", {"reference": "1"})
    assert (r.outcome, r.status) == (0.0, Status.UNPARSABLE)
    assert parse_math(evil) is None
    assert not answers_equivalent(evil, "1")
    assert not marker.exists()


def test_parse_math_api():
    x = sympy.Symbol("x")
    assert parse_math("\\frac{1}{2} x^2") == x**2 / 2
    assert parse_math("0.5") == sympy.Rational(1, 2)
    claim = parse_math("2 + 2 = 5")  # sides are evaluated, the claim is not
    assert isinstance(claim, sympy.Eq) and (claim.lhs, claim.rhs) == (4, 5)
    assert parse_math("x \\le 3") == sympy.Le(x, 3, evaluate=False)
    assert parse_math("\\{1, 2\\}") is None
    assert parse_math("\\frac{1}{") is None
    assert expressions_equal(parse_math("(x+1)^2"), parse_math("x^2+2x+1"))
    assert not expressions_equal(parse_math("(x+1)^2"), parse_math("x^2+1"))


@pytest.mark.parametrize(
    "pred, gold, expected",
    [
        ("\\sqrt 16", "4", True),  # a whole number after \sqrt is the radicand (TeX's reading: the root of 1, then 6)
        ("√16", "4", True),
        ("\\sqrt 16", "6", False),
        ("\\sqrt 2x", "\\sqrt{2}x", True),  # one digit, then a symbol: as before
        ("\\sqrt{16}^2", "16", True),  # a braced radicand is the whole argument
        ("20\\% \\cdot 50", "10", True),  # in arithmetic a percent sign is hundredths
        ("(50\\%)", "\\frac12", True),
        ("20\\% \\cdot 50", "1000", False),
        ("50\\%", "50", True),  # a lone trailing percent stays a marker: 50 or 0.5
        ("(-8)^{1/3}", "-2", True),  # an odd root of a negative number is real, as \sqrt[3]{-8} is
        ("(-8)^{2/3}", "4", True),
        ("(-8)^{1/3}", "1+\\sqrt{3}i", False),
        ("(-4)^{1/2}", "2i", True),  # an even root stays the principal (complex) one
    ],
)
def test_radicands_percent_in_arithmetic_and_odd_roots(pred, gold, expected):
    assert answers_equivalent(pred, gold) is expected


@pytest.mark.parametrize(
    "answer, parses",
    [
        ("1e3999", True),
        ("1e5000", False),  # over MAX_RESULT_DIGITS digits, as 10^{4500} is
        ("10^{3999} \\cdot 10^{3999}", False),  # each factor under the cap, the product over it
        ("\\frac{1}{10^{2000}+1} + \\frac{1}{10^{2000}+3} + \\frac{1}{10^{2000}+7}", False),  # a sum, too
        ("2^{2^n}", True),  # a symbolic exponent of modest size at the comparison's points
        ("e^{-x^2}", True),
        ("x^{x^{x^{x}}}", False),  # 2.9^{2.9^{2.9}}: over MAX_EXPONENT, unbounded one level up
        ("10^{10^{10/x}}", False),  # small at x = 2.9, not at x = 0.2
        ("x^{10000}", True),
        ("x^{10001}", False),
    ],
)
def test_one_set_of_limits_for_numbers_and_symbolic_exponents(answer, parses):
    """The limits of verifiers.math.guards, which bound the answer parser and math_steps' claims alike."""
    if parses:
        parse_answer(answer)
    else:
        with pytest.raises(ParseError):
            parse_answer(answer)


def test_parse_errors_are_parse_errors():
    for bad in ["", "\\frac{1}{", "(1, 2", "\\begin{foo}1\\end{foo}", "2 3", "1/0"]:
        with pytest.raises(ParseError):
            parse_answer(bad)


# ----------------------------------------------------------------------------- properties

_atoms = st.sampled_from(["x", "y", "2", "3", "\\pi", "\\sqrt{2}", "\\frac{1}{3}", "e", "0.5"])


@st.composite
def expressions(draw, depth=0):
    if depth >= 3 or draw(st.booleans()):
        return draw(_atoms)
    a = draw(expressions(depth=depth + 1))
    b = draw(expressions(depth=depth + 1))
    op = draw(st.sampled_from(["+", "-", "\\cdot", "^"]))
    if op == "^":
        return f"({a})^{{{draw(st.integers(0, 3))}}}"
    return f"({a}) {op} ({b})"


@settings(max_examples=40, deadline=None)
@given(expressions(), expressions())
def test_equivalence_reflexive_and_symmetric(a, b):
    assert answers_equivalent(a, a)
    assert answers_equivalent(a, b) == answers_equivalent(b, a)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_spellings_of_one_integer_agree(n):
    spellings = [
        str(n),
        f"{n}.0",
        f"\\frac{{{2 * n}}}{{2}}",
        f"{n:,}",
        f"\\boxed{{{n}}}",
        f"${n}$",
        f"x = {n}",
    ]
    for s in spellings:
        assert answers_equivalent(s, str(n)), s
        assert answers_equivalent(str(n), s), s


@settings(max_examples=60, deadline=None)
@given(st.integers(-(10**12), 10**12), st.integers(-(10**12), 10**12))
def test_distinct_integers_never_agree(a, b):
    if a != b:
        assert not answers_equivalent(str(a), str(b))
        assert not answers_equivalent(f"{a}.0", f"{b:,}")


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.integers(2, 10**6))
def test_fraction_spellings_agree(p, q):
    f = sympy.Rational(p, q)
    assert answers_equivalent(f"\\frac{{{p}}}{{{q}}}", f"{f.p}/{f.q}")
    assert not answers_equivalent(f"\\frac{{{p + 1}}}{{{q}}}", f"{f.p}/{f.q}")


# ----------------------------------------------------------------------------- plumbing


def test_registered_picklable_and_thread_safe():
    verifier = get_verifier("math", last_number_fallback=False)
    again = pickle.loads(pickle.dumps(verifier))
    assert again("\\boxed{4}", {"reference": "4"}).status is Status.CORRECT
    assert pickle.loads(pickle.dumps(math_answer)) is math_answer
    items = [("\\boxed{\\frac{1}{2}}", "0.5"), ("\\boxed{3}", "4"), ("\\boxed{(1,2]}", "(1,2]")] * 4
    with concurrent.futures.ThreadPoolExecutor(4) as ex:
        got = list(ex.map(lambda it: math_answer(it[0], {"reference": it[1]}).status, items))
    assert got == [Status.CORRECT, Status.WRONG, Status.CORRECT] * 4


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_tuples_are_ordered_and_sets_are_not(xs, rnd):
    ys = xs[:]
    rnd.shuffle(ys)
    assert answers_equivalent(_tuple(ys), _tuple(xs)) is (ys == xs)
    assert answers_equivalent(_set(ys), _set(xs))
    bumped = xs[:-1] + [xs[-1] + 1]
    assert not answers_equivalent(_tuple(bumped), _tuple(xs))
    assert answers_equivalent(_set(bumped), _set(xs)) is (set(bumped) == set(xs))


def _tuple(values: list[int]) -> str:
    return "(" + ", ".join(map(str, values)) + ")"


def _set(values: list[int]) -> str:
    return "\\{" + ", ".join(map(str, values)) + "\\}"


@settings(max_examples=30, deadline=None)
@given(st.integers(-20, 20), st.integers(1, 20), st.sampled_from("(["), st.sampled_from(")]"),
       st.sampled_from("(["), st.sampled_from(")]"))  # fmt: skip
def test_interval_brackets_matter(a, width, o1, c1, o2, c2):
    gold, pred = f"{o1}{a}, {a + width}{c1}", f"{o2}{a}, {a + width}{c2}"
    assert answers_equivalent(pred, gold) is ((o1, c1) == (o2, c2))


@pytest.mark.parametrize(
    "completion, reference, status",
    [
        ("<answer>x = 3 or x = -3</answer>", r"\{-3, 3\}", Status.CORRECT),  # the solution set, spelled out
        ("The answer is x = 2 or x = 3.", "2, 3", Status.CORRECT),
        ("The answer is 3 or 4", r"\{3, 4\}", Status.CORRECT),
        ("The answer is 3 or 5", r"\{3, 4\}", Status.WRONG),
        ("The answer is 3 or 4", "3", Status.WRONG),  # a hedge against a single answer
        (r"\boxed{3 \text{ or } 4}", "4", Status.WRONG),
    ],
)
def test_or_lists_solutions_only_when_the_reference_has_several(completion, reference, status):
    assert math_answer(completion, {"reference": reference}).status is status


# ----------------------------------------------------------------------------- stop 8: what others bring


def _status(completion: str, reference: object) -> Status:
    return math_answer(completion, {"reference": reference}).status


@pytest.mark.parametrize(
    "completion, reference, status",
    [
        # a grid, a row of numbers or a clock time in an <answer> tag is the answer as a whole:
        # the fallbacks never pick one number out of it ...
        ("<answer>\n1 6 0 0\n4 7 7 9\n</answer>", "6", Status.UNPARSABLE),
        ("<answer>2 3</answer>", "3", Status.UNPARSABLE),
        ("<answer>0 0 0 3 0 1</answer>", "1", Status.UNPARSABLE),
        # ... and it matches the same text, up to spacing (kept line by line)
        ("Rotated:\n<answer>\n1 6 0 0\n4 7 7 9\n</answer>", "1 6 0 0\n4 7 7 9", Status.CORRECT),
        ("<answer>\n1 6 0 0 \n4  7 7 9\n</answer>", "1 6 0 0\n4 7 7 9", Status.CORRECT),
        ("<answer>1 6 0 0 4 7 7 9</answer>", "1 6 0 0\n4 7 7 9", Status.BAD_INPUT),  # rows matter
        ("<answer>06:09</answer>", "06:09", Status.CORRECT),
        ("<answer>06:19</answer>", "06:09", Status.WRONG),  # a clock time / ratio: compared term by term
        ("<answer>a,b, c</answer>", "a, b, c", Status.CORRECT),
        # prose inside the tag still goes to the fallbacks
        ("<answer>The total is 12 apples.</answer>", "12", Status.CORRECT),
    ],
)
def test_answer_tag_grids_sequences_and_plain_text(completion, reference, status):
    assert _status(completion, reference) is status


def test_word_lists_compare_as_text_in_order():
    ref = "thought, sentence, federal, ambassador, Only"
    assert _status("<answer>thought,sentence,federal,ambassador,Only</answer>", ref) is Status.CORRECT
    assert _status("<answer>Only, ambassador, federal, sentence, thought</answer>", ref) is not Status.CORRECT


@pytest.mark.parametrize(
    "completion, reference, status",
    [
        ("The ratio is 3:4.", "4", Status.WRONG),  # a ratio's second term is not the answer
        ("The ratio is 3:4.", "3:4", Status.CORRECT),
        ("Two of the four outcomes are favourable, so the probability is 50%.", "\\frac12", Status.CORRECT),
        ("so the probability is 40%.", "\\frac12", Status.WRONG),
        ("12 12 12", "12", Status.NO_ANSWER),  # a run of numbers
        ("The grid is:\n1 6 0 0\n4 7 7 9", "9", Status.NO_ANSWER),
        ("We need 2x = 12. Dividing by 2", "2", Status.NO_ANSWER),  # an operand, cut off mid-step
        ("Adding up the change: so 12 - 2", "2", Status.NO_ANSWER),
        ("Adding up the change: so 12-2", "2", Status.NO_ANSWER),
        ("The roots are 2 and 3", "3", Status.WRONG),  # (stop 49) a line of values, read whole: two roots, not 3
        ("The roots are 2 and 3", "2, 3", Status.CORRECT),
        ("The price increased by 5.", "5", Status.CORRECT),  # a finished sentence still answers
        ("Therefore he drove 260 miles", "260", Status.CORRECT),
        ("The total is **42**", "42", Status.CORRECT),
    ],
)
def test_last_number_fallback_percent_ratio_runs_and_operands(completion, reference, status):
    assert _status(completion, reference) is status


@pytest.mark.parametrize(
    "completion, reference, status",
    [
        ("Factoring, $(x-2)(x-3)=0$, so $x = 2$ or $x = 3$.", "2, 3", Status.CORRECT),
        ("Factoring, $(x-2)(x-3)=0$, so $x = 2$ or $x = 3$.", "3", Status.WRONG),  # a hedge, not 3
        ("The roots are $x=-2$ and $x=1$.", "-2, 1", Status.CORRECT),
        ("The roots are $-2$, $1$ and $3$.", r"\{-2, 1, 3\}", Status.CORRECT),
        ("The roots are $-2$ and $3$.", r"\{-2, 1, 3\}", Status.WRONG),
        ("Solving the system, we get $x = 4$ and $y = 5$.", "5", Status.CORRECT),  # different names: the last
        ("$5$ or $6$", "5", Status.WRONG),
        ("Adding $3$ and $4$, we get $7$.", "7", Status.CORRECT),
    ],
)
def test_last_math_joins_spans_that_list_answers(completion, reference, status):
    assert _status(completion, reference) is status


@pytest.mark.parametrize(
    "completion, reference, status",
    [
        ("The correct option is **B**.", "B", Status.CORRECT),
        ("The correct option is **C**.", "B", Status.WRONG),
        ("Therefore, the correct answer is option B.", "B", Status.CORRECT),
        ("The correct choice is (C).", "C", Status.CORRECT),
        ("The answer is $\\$5.50$.", "5.5", Status.CORRECT),  # an escaped dollar inside $...$
        ("The answer is $\\$5.05$.", "5.5", Status.WRONG),
        ("The answer is $\\frac{1}{2}$ or equivalently $0.5$.", "1/2", Status.CORRECT),
        ("The answer is $\\frac{1}{2}$ or equivalently $0.6$.", "1/2", Status.WRONG),
    ],
)
def test_answer_markers_options_escaped_dollars_and_equivalent_forms(completion, reference, status):
    assert _status(completion, reference) is status


@pytest.mark.parametrize(
    "pred, gold, expected",
    [
        ("0x5b993", "0x5b993", True),
        ("0x5B993", "0x5b993", True),
        ("5B993_{16}", "0x5b993", True),
        ("0x5b939", "0x5b993", False),
        ("375187", "0x5b993", False),
        ("-0x3d2d", "-0x3d2d", True),
        ("0x3d2d", "-0x3d2d", False),
        ("0b1011", "1011_2", True),
        ("0o17", "15", False),
        # a predicted base-k numeral against the same digits without the base (the question named it)
        ("1111010010_2", "1111010010", True),
        ("(1111010010)_2", "1111010010", True),
        ("243_5", "243", True),
        ("342_5", "243", False),
        ("1011_2", "11", False),
        ("1011", "1011_2", False),
    ],
)
def test_programmer_numerals_and_bases(pred, gold, expected):
    assert answers_equivalent(pred, gold) is expected
    assert (_status(f"<answer>{pred}</answer>", gold) is Status.CORRECT) is expected


@pytest.mark.parametrize(
    "pred, gold, expected",
    [
        ("[52.2, 30.0, 14.0, -49.0, -81.0]", "['52.2', '30.0', '14.0', '-49.0', '-81.0']", True),
        ("['52.2', '30.0', '14.0', '-49.0', '-81.0']", "['52.2', '30.0', '14.0', '-49.0', '-81.0']", True),
        ("[52.2, 30.0, 14.0, -81.0, -49.0]", "['52.2', '30.0', '14.0', '-49.0', '-81.0']", False),
        ('["1", "2", "3"]', "[1, 2, 3]", True),
    ],
)
def test_python_lists_of_quoted_numbers(pred, gold, expected):
    assert answers_equivalent(pred, gold) is expected


@pytest.mark.parametrize(
    "pred, gold, expected",
    [
        ("5 m", "5 \\text{ meters}", True),
        ("5m", "5\\text{ m}", True),
        ("5g", "5 \\text{ g}", True),
        ("6 m", "5 \\text{ m}", False),
        ("5 m", "5 \\text{ km}", False),
        ("5 m", "5 \\text{ cm}", False),
        ("5 m", "5", False),  # a bare letter is a unit only against a reference in that unit
        ("2\\pi m", "2 \\text{ m}", False),
    ],
)
def test_a_bare_unit_letter_against_a_reference_in_that_unit(pred, gold, expected):
    assert answers_equivalent(pred, gold) is expected


@pytest.mark.parametrize(
    "answer, status",
    [
        ("2 × 2 × 5 × 7 × 7", Status.CORRECT),
        ("7 × 7 × 5 × 2 × 2", Status.CORRECT),
        ("2^2 × 5 × 7^2", Status.CORRECT),
        ("2^2 \\cdot 5 \\cdot 7^2", Status.CORRECT),
        ("980", Status.WRONG),
        ("2 × 2 × 5 × 49", Status.WRONG),
        ("4 × 245", Status.WRONG),
        ("2 × 5 × 7 × 7", Status.WRONG),
    ],
)
def test_a_prime_factorisation_reference_wants_the_factorisation(answer, status):
    assert _status(f"<answer>{answer}</answer>", "2 × 2 × 5 × 7 × 7") is status


def test_products_that_are_not_factorisations_compare_by_value():
    assert _status("\\boxed{300000}", "3 \\times 10^5") is Status.CORRECT  # 10 is not prime
    assert _status("<answer>139</answer>", "139") is Status.CORRECT
    assert _status("\\boxed{2^2 \\cdot 3}", "12") is Status.CORRECT


@pytest.mark.parametrize(
    "reference, completion, status",
    [
        (72, "#### 72", Status.CORRECT),
        (72, "#### 27", Status.WRONG),
        (2.5, "\\boxed{\\frac52}", Status.CORRECT),
        (3.0, "\\boxed{3}", Status.CORRECT),
        (1e-05, "\\boxed{10^{-5}}", Status.CORRECT),
        (1 / 3, "\\boxed{\\frac13}", Status.CORRECT),
        (1 / 3, "\\boxed{0.33}", Status.WRONG),
        (-0.0013674811612376526, "<answer>-0.0013674811612376526</answer>", Status.CORRECT),
    ],
)
def test_references_given_as_json_numbers(reference, completion, status):
    assert _status(completion, reference) is status


@pytest.mark.parametrize(
    ("completion", "question", "reference", "credited"),
    [
        ("47 + 85", "Compute 47 + 85. Reply with the number only.", "132", False),
        ("The answer is 47+85", "Compute 47 + 85.", "132", False),
        ("x = 47 + 85", "Compute 47 + 85.", "132", False),
        (r"\boxed{\frac{6}{4}}", r"Simplify $\frac{6}{4}$.", r"\frac32", False),
        (r"\boxed{2^{10}}", "What is $2^{10}$?", "1024", False),
        ("47 + 85 = 132", "Compute 47 + 85.", "132", True),  # computed: the last side answers
        ("132", "Compute 47 + 85.", "132", True),
        (r"\boxed{\frac{3}{2}}", r"Simplify $\frac{6}{4}$.", r"\frac32", True),
        ("5", "What is 5 times 1?", "5", True),  # a plain number may stand in the question
        (r"\boxed{7+8}", "What is 47+85?", "15", True),  # "7+8" is not in "47+85"
        (r"\boxed{3\sqrt{2}}", r"Which is larger? (A) $2\sqrt{3}$ (B) $3\sqrt{2}$", r"3\sqrt2", True),
        # found by GRPO itself (max_new_tokens = 8, 10 steps: every completion became "82 + 12 equals "): words
        # or a dangling "=" after the question's expression do not make it an answer
        ("82 + 12 equals ", "Compute 82 + 12. Reply with the number only.", "94", False),
        ("82 + 12 apples", "Compute 82 + 12.", "94", False),
        (r"82 + 12 \text{ cm}", "Compute 82 + 12.", "94", False),
        ("94 apples", "Compute 82 + 12.", "94", True),
        # the question's numbers rearranged, padded with 0 or 1, or bracketed compute nothing either
        ("12 + 82", "Compute 82 + 12.", "94", False),
        (r"\boxed{(82 + 12) \times 1}", "Compute 82 + 12.", "94", False),
        ("82 + 12 + 0", "Compute 82 + 12.", "94", False),
        ("(82 + 12)", "Compute 82 + 12.", "94", False),
        # and again, once that was closed (8 tokens, 10 steps: "42 + 76 = a", read as a = 118): a label on the right
        ("82 + 12 = a", "Compute 82 + 12.", "94", False),
        ("12 + 82 = n.", "Compute 82 + 12.", "94", False),
        ("94 = a", "Compute 82 + 12.", "94", True),
        ("12 + 82 = 94", "Compute 82 + 12.", "94", True),  # a worked chain answers with its last side
        ("100 - 6", "Compute 82 + 12.", "94", True),  # numbers the question does not hold: something computed
        # the numbers rule is for numeric references: a fraction of the question's numbers is an answer
        ("3/8", "A bag holds 3 red balls among 8. The chance of red?", "0.375", True),
        (r"\frac{3}{8}", "A bag holds 3 red balls among 8. The chance of red?", r"\frac38", True),
        (r"\sqrt{2}", "Solve $x^2 = 2$ for $x > 0$.", r"\sqrt2", True),
    ],
)
def test_an_answer_copied_from_the_question_is_not_credited(completion, question, reference, credited):
    """A policy that learns to echo the question ("Compute 47 + 85." -> "47 + 85") would collect
    the reward on every arithmetic row: equal in value, but nothing was computed."""
    row = {"reference": reference, "prompt": question}
    assert (math_answer(completion, row).outcome == 1.0) is credited
    chat = {"reference": reference, "prompt": [{"role": "user", "content": question}]}
    assert (math_answer(completion, chat).outcome == 1.0) is credited
    system = {"reference": reference, "prompt": [{"role": "system", "content": question}, {"role": "user", "content": "?"}]}
    assert math_answer(completion, system).outcome == 1.0  # only the user's turns are the question
    assert math_answer(completion, {"reference": reference}).outcome == 1.0  # no question: value only
    assert math_answer(completion, row, reject_echo=False).outcome == 1.0


# ----------------------------------------------------------------------------- v5 rules


@pytest.mark.parametrize(
    "pred, gold, expected",
    [
        # one short word in \text{} is a word, not the product of its letters (D*N*E == E*N*D)
        ("\\text{END}", "\\text{DNE}", False),
        ("\\text{DNE}", "\\text{DNE}", True),
        ("DNE", "\\text{DNE}", True),  # the same word written bare
        ("\\text{DNE}", "DNE", True),
        ("\\text{May}", "\\text{Amy}", False),
        ("Amy", "\\text{Amy}", True),
        ("\\text{odd}", "\\text{odd}", True),
        ("\\text{two}", "2", True),  # a number word stays a number
        ("\\text{ba}", "\\text{ab}", False),
        # a capitalised three-letter word is a name
        ("\\text{Obb}", "Bob", False),
        ("Mot", "\\text{Tom}", False),
        ("Bob", "\\text{Bob}", True),
    ],
)
def test_short_words_in_text_are_words(pred, gold, expected):
    assert (math_answer("\\boxed{" + pred + "}", {"reference": gold}).outcome == 1.0) is expected


@pytest.mark.parametrize(
    "pred, gold, expected",
    [
        ("|x| > 2", "(-\\infty, -2) \\cup (2, \\infty)", True),
        ("|x| \\ge 2", "(-\\infty, -2] \\cup [2, \\infty)", True),
        ("|x| \\ge 2", "(-\\infty, -2) \\cup (2, \\infty)", False),
        ("|x| \\le 1", "[-1, 1]", True),
        ("|x| < 1", "[-1, 1]", False),
        ("|x - 3| < 2", "(1, 5)", True),
        ("|x - 3| < 2", "(-5, -1)", False),
        ("|1 - x| < 2", "(-1, 3)", True),
        ("|2x + 1| \\ge 3", "(-\\infty, -2] \\cup [1, \\infty)", True),
        ("2 > |x|", "(-2, 2)", True),
        ("|x| > 2", "(-2, 2)", False),
        # not linear inside: read as a condition, -3 < x^2 - 1 < 3, so x^2 < 4 (see tests/test_math_set3.py)
        ("|x^2 - 1| < 3", "(-2, 2)", True),
        ("|x^2 - 1| < 3", "(-1, 1)", False),
    ],
)
def test_absolute_value_inequalities_are_intervals(pred, gold, expected):
    assert answers_equivalent(pred, gold) is expected


@pytest.mark.parametrize(
    "completion, reference, credited",
    [
        ("So $x = \\frac{-b}{2a} = \\frac{-(-4)}{2(1)} = 2$.", "2", True),
        ("So $x = \\frac{-b}{2a} = \\frac{-(-4)}{2(1)} = 2$.", "-2", False),
        ("\\boxed{x = \\frac{-b}{2a} = 2}", "2", True),
        ("\\boxed{x = \\frac{-b}{2a} = 3 = 2}", "2", False),  # its numbers disagree: no answer
        ("\\boxed{x = \\frac{-b}{2a} = 3 = 2}", "3", False),
        ("\\boxed{x = 2 + 2 = 5}", "5", False),  # a false numeric chain still answers nothing
    ],
)
def test_a_labelled_chain_through_a_formula_answers_its_last_side(completion, reference, credited):
    assert (math_answer(completion, {"reference": reference}).outcome == 1.0) is credited


@pytest.mark.parametrize(
    "completion, reference, credited",
    [
        ("The answer is not 8; it is 9.", "9", True),
        ("The answer is not 8; it is 9.", "8", False),
        ("The answer isn't 5, it is 6.", "6", True),
        ("The answer isn't 5, it is 6.", "5", False),
        ("The answer is not 8, but 9.", "9", True),
        ("The answer is not 5.", "5", False),
        ("The answer is 42, not 24.", "42", True),
        ("The answer is 42, not 24.", "24", False),
    ],
)
def test_a_corrected_answer_is_the_correction(completion, reference, credited):
    assert (math_answer(completion, {"reference": reference}).outcome == 1.0) is credited


@pytest.mark.parametrize(
    "completion, reference, credited",
    [
        ("The answer is `64`.", "64", True),
        ("The answer is `46`.", "64", False),
        ("Answer: ``3/4``", "0.75", True),
        ("\\boxed{June 20}", "\\text{June 20}", True),  # an unparsable text reference, unwrapped
        ("\\boxed{June 21}", "\\text{June 20}", False),
        ("\\boxed{5 \\times 10^{-7} \\mathrm{~m}}", "500 \\mathrm{~nm}", True),
        ("\\boxed{5 \\times 10^{-6} \\mathrm{~m}}", "500 \\mathrm{~nm}", False),
    ],
)
def test_code_spans_text_references_and_nanometres(completion, reference, credited):
    assert (math_answer(completion, {"reference": reference}).outcome == 1.0) is credited


@pytest.mark.parametrize(
    "completion, reference, correct",
    [
        ("So x < -1 or x > 1.", "(-\\infty,-1)\\cup(1,\\infty)", True),
        ("So x < -1 or x > 2.", "(-\\infty,-1)\\cup(1,\\infty)", False),
        ("Therefore, \\frac{3}{4}", "\\frac{3}{4}", True),
        ("Hence 4 or 5", "5", False),  # still a hedge
        ("Thus spoke Zarathustra", "Thus spoke Zarathustra", True),  # a text answer keeps its first word
    ],
)
def test_a_leading_so_or_thus_before_a_whole_answer_is_not_part_of_it(completion, reference, correct):
    assert (math_answer(completion, {"reference": reference}).status is Status.CORRECT) is correct
