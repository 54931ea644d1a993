"""Failure classes left after stop 17 (external sets 14-20), each closed by a general rule: binomials bounded by
their value, not their arguments; a unit's name before a bracket is a product; letter-like symbols; set-builder
conditions joined by "or"/"and", only on the set's variable; a unit then a connective inside one ``\\text``."""

from __future__ import annotations

import pytest
from math_score import score
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



@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        # answer keys copied out of a .tex file keep their paragraph layout (MathOdyssey)
        ("235", "235\\\\\n\\noindent", 1.0),
        ("-1", "$-1.$ \\\\\n\\noindent", 1.0),
        ("\\frac{\\sqrt{30}}{12}", "\\frac{\\sqrt{30}}{12} $.\n\n\\noindent", 1.0),
        ("\\frac{40}{243}", "$\\frac{40}{243}$.\\\\\n\\noindent", 1.0),
        ("\\frac{40}{242}", "$\\frac{40}{243}$.\\\\\n\\noindent", 0.0),
        ("\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\\\\\end{pmatrix}", 1.0),
        ("\\partial", "\\partial", 1.0),  # \par is layout, \partial is not
        # a reference that restates one answer two ways
        ("\\frac{\\pi}{2\\sqrt{2}}", "$\\frac{\\sqrt{2}\\pi}{4}$ or $\\frac{\\pi}{2\\sqrt{2}}$. \\\\", 1.0),
        ("\\frac{\\pi}{4}", "$\\frac{\\sqrt{2}\\pi}{4}$ or $\\frac{\\pi}{2\\sqrt{2}}$.", 0.0),
        # ordered triples: (1, 2, 3) is the vector [1, 2, 3]; two items stay intervals
        ("[1,2,3]", "(1,2,3)", 1.0),
        ("[1,2,3]", "1, 2, 3", 1.0),
        ("[1,3,2]", "(1,2,3)", 0.0),
        ("[1,2]", "(1,2)", 0.0),
    ],
)
def test_layout_in_keys_restated_references_and_vectors(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ('Reasoning...\n```json\n{\n    "reasoning": "so 243 - 8 = 235",\n    "answer": 235\n}\n```', "235", 1.0),
        ('{"reasoning": "we get \\\\boxed{4}", "answer": "\\\\frac{8}{3}"}', "\\frac83", 1.0),
        ('{"answer": "\\frac{8}{3}"}', "\\frac83", 1.0),  # LaTeX with single backslashes, not JSON escapes
        ('{"answer": "8/3", "reasoning": "so 5"}', "\\frac83", 1.0),
        ('```json\n{\n    "answer": "869/27",\n}\n```', "\\frac{869}{27}", 1.0),  # a trailing comma
        ('{"answer": [1, 2, 3]}', "[1,2,3]", 1.0),
        ('{"answer": [1, 3, 2]}', "[1,2,3]", 0.0),
        ('{"answer": ["F", "B"]}', "B, F", 1.0),
        ('{"answer": ["B"]}', "B, F", 0.0),
        ('{"answer": "Option C",}', "C", 1.0),
        ('{"answer": "x = 4/9"}', "4/9", 1.0),
        ('{"answer": -1.3591409142295225}', "-\\frac{e}{2}", 1.0),
        ('{"answer": -1.36}', "-\\frac{e}{2}", 0.0),
        ('So {"answer": 5} but the answer is \\boxed{6}', "5", 0.0),  # a box after the field wins
        ('{"answer": "Yes, we can assert that $u$ is a constant function."}', "Yes.", 1.0),
    ],
)
def test_json_answer_fields(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Yes, $y = 0$ is a singular solution.", "Yes", 1.0),
        ("No. There is none.", "No", 1.0),
        ("Yes, but no.", "Yes", 0.0),
        ("Yes, it is not constant.", "Yes", 0.0),
        ("Yes, it is.", "No", 0.0),
    ],
)
def test_a_sentence_that_leads_with_a_verdict(completion: str, gold: str, want: float) -> None:
    assert _reward(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("x = 3 so\nOption B", "B", 1.0),
        ("= 65000 ways.\nD", "D", 1.0),
        ("So 40 sales\nD is the correct choice", "D", 1.0),
        ("n=30\nHence (A) is correct answer.", "A", 1.0),
        ("= 438\nanswer.A", "A", 1.0),
        ("(4 + 6) = 10 ANS:D", "D", 1.0),
        ("I think it's (D).", "D", 1.0),
        ("**C**", "C", 1.0),
        ("I think it's (D).", "(d)", 1.0),
        ("It's not (D).", "D", 0.0),
        ("(B) or (C)?", "B", 0.0),
        ("A total of 5 apples.", "A", 0.0),  # an article, not an option
        ("So the answer is B.\nD", "D", 0.0),  # a marker named another option
        ("Option B", "D", 0.0),
    ],
)
def test_the_option_a_last_line_chooses(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Therefore, the answer (arabic numerals) is 8/10 or 4/5.", "0.8", 1.0),  # restated, not a hedge
        ("Therefore, the answer (arabic numerals) is 3/8 or .375.", "0.375", 1.0),
        ("Therefore, the answer (arabic numerals) is 3/8 or 0.4.", "0.375", 0.0),
        ("Final Answer - 25", "25", 1.0),
        ("Final Answer -25", "25", 0.0),
        ("Final Answer -25", "-25", 1.0),
    ],
)
def test_values_restated_with_or_and_a_dash_after_a_marker(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("0.6666666666666667", "0.6666666666666666", 1.0),
        ("0.30000000000000004", "0.3", 1.0),
        ("0.30000000000000004", "\\frac{3}{10}", 0.0),  # an exact fraction is no printout
        ("1.0000000000000002", "1", 0.0),  # nor is an integer
        ("1234567890123.44", "1234567890123.45", 0.0),  # a cent off: they differ within 15 digits
        ("12345678901234.5", "12345678901234.6", 0.0),
        ("5000000000000123.4", "5000000000000000", 0.0),
        ("\\frac{333333333333334}{10^{15}}", "\\frac{1}{3}", 0.0),
        ("3244047.0999999996", "3244047.1", 1.0),
        ("0.30000000000004", "0.3", 0.0),  # 14 digits: a value written out, 1e-13 away
        ("0.99999999999999999999999999999", "1", 0.0),  # 29 digits: no float prints that
        ("123456789012345679", "123456789012345678", 0.0),  # integers are exact
    ],
)
def test_binary_float_printouts(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("\\box{39}", "39", 1.0),  # TeX's \box never takes a group: a misspelt \boxed
        # after a marker, the value before prose that goes on ("and then", ", which") unless the prose hedges
        ("Numbers: 1 2. My answer is 4 and then some text with 5 later.", "4", 1.0),
        ("The answer is 4 and 5.", "4", 0.0),
        ("The answer is 12 apples, or 13 if we include the one he ate.", "12", 0.0),
        ("The answer is 12 apples, then maybe 13 more.", "12", 0.0),
        ("So, George will receive $12 from his parents.", "12", 1.0),
        # an answer sentence's one number word
        ("**Answer:** Each of Alice's brothers has two sisters.", "2", 1.0),
        ("**Answer:** Each of Alice's brothers has two sisters.", "3", 0.0),
        ("**Answer:** She has twenty-one marbles.", "21", 1.0),
        ("**Answer:** The one that is left.", "1", 0.0),  # "one" is a pronoun
        # a time of day keeps its half of the day, however spaced
        ("banquet: 12:35 P. M.", "12:35 P.M.", 1.0),
        ("banquet: 12:35 P. M.", "12:35 A.M.", 0.0),
        # Chinese fractions: 八分之一 is one of eight parts
        ("答：每根短绳占这根长绳的八分之一。", "1/8", 1.0),
        ("答：每根短绳占这根长绳的八分之一。", "1/4", 0.0),
    ],
)
def test_stop18_extraction_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("pred", "gold", "want"),
    [
        ("[3,1,1;1,3,1;1,1,3]", "[3, 1, 1; 1, 3, 1; 1, 1, 3]", 1.0),  # MATLAB's rows
        ("\\begin{pmatrix}3&1&1\\\\1&3&1\\\\1&1&3\\end{pmatrix}", "[3, 1, 1; 1, 3, 1; 1, 1, 3]", 1.0),
        ("[3,1,1;1,3,1;1,1,2]", "[3, 1, 1; 1, 3, 1; 1, 1, 3]", 0.0),
        ("[3,1;1,3,1]", "[3, 1, 1; 1, 3, 1; 1, 1, 3]", 0.0),  # ragged: not a matrix
        ("百分之五十", "0.5", 1.0),
        ("十二分之五", "\\frac{5}{12}", 1.0),
        ("π⁄4", "\\frac{\\pi}{4}", 1.0),  # U+2044, the fraction slash
        ("0.5 * ln(3)", "\\ln\\sqrt{3}", 1.0),  # its decimal is an exact number
        ("0.333 * ln(3)", "\\frac{\\ln 3}{3}", 0.0),
    ],
)
def test_stop18_notations(pred: str, gold: str, want: float) -> None:
    assert _reward(pred, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # accounting's brackets are a negative amount
        ("So the answer is:\n-$426 thousand", "$(426) thousand", 1.0),
        ("So the answer is: $426 thousand", "$(426) thousand", 0.0),  # was paid
        ("So the answer is: -8.1 million", "£(8.1m)", 1.0),
        ("So the answer is: 8.1 million", "£(8.1m)", 0.0),
        ("The final answer is $(2)$.", "2", 1.0),  # dollars as maths delimiters stay delimiters
        # a currency sign keeps its scale: "€2.5 million", "£8.1m" (after a currency sign m is a million)
        ("Answer: €2.5 million", "2.5 million", 1.0),
        ("The final answer is $\\boxed{£8.1m}$.", "8100000", 1.0),
        ("The final answer is $\\boxed{8.1m}$.", "8.1 m", 1.0),
        # Chinese scales: 万 ten thousand, 亿 a hundred million (before another character, part of a unit)
        ("125×111×5×8×4=(125×8)×(5×4)×111=222万", "2220000", 1.0),
        ("The final answer is $\\boxed{1.5亿}$.", "150000000", 1.0),
        ("The final answer is $\\boxed{5万}$.", "5", 0.0),
        # an option in brackets that the sentence goes on from; several options, or "or", name none
        ("The answer is (I), although the bill is slightly off.", "I", 1.0),
        ("so we divide this by 2. The answer is (I) $125.", "I", 1.0),
        ("The answer is (B), not (C).", "B", 1.0),
        ("The answer is (B), or (C).", "B", 0.0),
        ("The answer is (B), (C) and (D).", "B", 0.0),
        ("\\(\\boxed{{\\bf (A)}} \\)", "A", 1.0),  # an old font switch
        # a key's last group of words after a value is its unit label
        ("The final answer is $\\boxed{8\\sqrt{3}}$.", "8\\sqrt{3}{squareinches}", 1.0),
        ("The final answer is $\\boxed{8\\sqrt{2}}$.", "8\\sqrt{3}{squareinches}", 0.0),
    ],
)
def test_set25_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("module", "pattern", "shape"),
    [
        ("sentences", "_PROSE_AFTER_RE", '"1 " * (n // 2)'),
        ("sentences", "_PROSE_AFTER_RE", '" " * n + "x"'),
        ("sentences", "_LEADING_LETTER_RE", '" " * n'),
        ("structured", "_ANSWER_KEY_RE", '"{ " * (n // 2)'),
        ("structured", "_ANSWER_KEY_RE", '"," + " " * n'),
        ("structured", "_STRING_RE", '"\\"" + "\\\\a" * (n // 2)'),
        ("cjk", "_CJK_SCALE_RE", '"1" * n'),
        ("normalize", "_ACCOUNTING_NEGATIVE", '"$(" + "1" * n'),
        ("normalize", "_CURRENCY_AFTER", '"€" + "1," * (n // 2)'),
        ("fallback", "_OR_CHAIN_RE", '"1 or " * (n // 5)'),
    ],
)
def test_the_new_patterns_run_in_linear_time(module: str, pattern: str, shape: str) -> None:
    """On 200k characters a linear search takes well under a second and a quadratic one many minutes: the
    subprocess's generous limit is a hang guard, not a timing goal."""
    import subprocess
    import sys

    code = (f"from verigrpo.verifiers.math.{module} import {pattern} as rx\nn = 200_000\ntext = {shape}\n"
            "list(rx.finditer(text))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr



@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the closing option is a way to find the answer, not a second try after another option was read
        ("We get $C$.\nB", "B", 0.0),
        ("We get $C$.\nB", "C", 0.0),  # one answer per completion: C read, B chosen last
        # a last line is read only when the whole line has the shape of a choice
        ("From equation (C), we get x = 4.", "C", 0.0),
        ("See Figure (B).", "B", 0.0),
        ("W = 24 (J)", "J", 0.0),
        ("It cannot be (C).", "C", 0.0),
        ("(C) is false.", "C", 0.0),
        ("Discarding (C).", "C", 0.0),
        ("Option D fails.", "D", 0.0),
        ("...\nNow (C):", "C", 0.0),
        ("Point B is right of A.", "B", 0.0),
        ("The correct option is (B).", "B", 1.0),
        # a JSON field is one more answer marker: a later marker wins, a differing earlier one makes a hedge
        ('{"answer": "7"}\n{"answer": "5"}', "5", 0.0),
        ('\\boxed{7}\n{"answer": "5"}', "5", 0.0),
        ('The answer is 7.\n{"answer": "5"}', "5", 0.0),
        ('{"answer": "5"}\nWait, that is wrong. The final answer is 7.', "5", 0.0),
        ('{"answer": "5"}\n#### 7', "5", 0.0),
        ('{"answer": "5"}\n\\fbox{7}', "5", 0.0),
        ('Final answer: 7\n\nOutput format example:\n```json\n{"answer": "5"}\n```', "5", 0.0),
        ('Respond as {"answer": 5}. I computed x = 7.', "5", 0.0),
        ('{"answer": "7", "check": {"answer": "5"}}', "5", 0.0),
        ('{"answer": [1, 5]}', "[1,5]", 0.0),  # a list, never the interval
        ('{"answer": [1, 5]}', "1, 5", 1.0),
        ('### Final Answer:\n```json\n{"answer": 24192}\n```', "24192", 1.0),
        ('\\boxed{8/3}\n{"answer": "\\\\frac{8}{3}"}', "\\frac83", 1.0),
        # a verdict whose sentence says the other polarity, takes it back or doubts it is none
        ("Final Answer: Yes, it isn't.", "Yes", 0.0),
        ("Final Answer: Yes, probably.", "Yes", 0.0),
        ('{"answer": "Yes! Just kidding, it is false"}', "Yes", 0.0),
        ("Final Answer: No; wait, actually it works.", "No", 0.0),
        ("Final Answer: No, it is true.", "No", 0.0),
        ("Final Answer: True, I mean it fails.", "True", 0.0),
        ("Final Answer: False, the statement holds.", "False", 0.0),
        ("Final Answer: No, it does not converge.", "No", 1.0),
        # a letter is the other side's unit only on the answer's side, after a written number
        ("The charge is \\boxed{1\\,\\mathrm{C}}.", "C", 0.0),
        ("\\boxed{1 \\text{ J}}", "J", 0.0),
        ("\\boxed{\\frac{1}{2}\\,\\mathrm{V}}", "\\frac{V}{2}", 0.0),
        ("\\boxed{\\frac{48}{5} A}", "9.6\\ \\mathrm{A}", 1.0),
        # set-builder connectives are logic: "and" is the intersection
        ("\\boxed{\\{x \\mid x < 0 \\text{ and } x > 1\\}}", "(-\\infty, 0) \\cup (1, \\infty)", 0.0),
        ("\\boxed{\\{x \\mid x>1 \\text{ and } x>5\\}}", "(5,\\infty)", 1.0),
        ("\\boxed{\\{x \\mid x>1 \\text{ and } x>5\\}}", "(1,\\infty)", 0.0),
        # a break between two numbers keeps them apart
        ("\\boxed{3\\par5}", "35", 0.0),
        ("\\boxed{3\\vspace{2pt}5}", "35", 0.0),
        # exact values that agree at 30 digits are checked with as many digits as their longest integer
        ("\\boxed{\\sqrt{10^{60}+1}}", "10^{30}", 0.0),
        ("\\boxed{\\sqrt{10^{200}+1}}", "10^{100}", 0.0),
        ("\\boxed{\\sqrt{4 \\cdot 10^{200}}}", "2\\cdot 10^{100}", 1.0),
    ],
)
def test_red_team_cases_of_this_stops_rules(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    "answer",
    ["\\sqrt{10^{3990}+1}", "\\sqrt{\\binom{1000000}{1100}+1}", "\\sqrt{3^{8000}+1}+\\sqrt{3^{8000}+3}+\\sqrt{3^{8000}+5}"],
)
def test_roots_of_huge_integers_are_not_factored(answer: str) -> None:
    """sympy factored the integer under the root while parsing (21 s for the first, minutes for a few terms): the
    root is left unevaluated now. The subprocess's limit is a hang guard, not a timing goal."""
    import subprocess
    import sys

    code = ("from verigrpo.verifiers.math import math_answer\n"
            f"r = math_answer('The final answer is $\\\\boxed{{' + {answer!r} + '}}$.', {{'reference': '5'}})\n"
            "assert r.outcome == 0.0, r\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr



@pytest.mark.parametrize("shape", ['"option " * (n // 7)', '"A " * (n // 2)', '"x\\n" * (n // 2) + "answer " * 40 + "A"'])
def test_the_closing_option_runs_in_linear_time(shape: str) -> None:
    """Its pattern is matched against one last line of at most 300 characters; a hang guard, not a timing goal."""
    import subprocess
    import sys

    code = (f"from verigrpo.verifiers.math.choices import closing_option\nn = 200_000\ntext = {shape}\n"
            "closing_option(text)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Therefore, the best answer is:\n(A) The bus is the second-newest", "A", 1.0),  # the option, not its "is"
        ("Therefore, the best answer is:\n(A) The bus is the second-newest", "B", 0.0),
        ("The answer is (B) The bus, or (C) the car", "B", 0.0),
        ("The proposed answer is: (true).", "TRUE", 1.0),
        ("The proposed answer is: (False).", "TRUE", 0.0),
        ("Proposed answer: \\(-2\\).</s>", "-2", 1.0),  # a tokenizer's end token
        ("Proposed answer: (frac{a}{b}).", "\\frac{a}{b}", 1.0),  # a command without its backslash
        ("\\boxed{33} and 34", "33", 0.0),  # one of two values boxed
        ("\\boxed{33}, and that is final.", "33", 1.0),
        ("\\boxed{12}, 12 being the answer.", "12", 1.0),  # the same value again is no second one
        # the fallback's number keeps a unit that ends its sentence, set upright (never symbols)
        ("So the velocity is 10 m/s.", "10 m/s", 1.0),
        ("So the velocity is 10 m/s.", "10 km/h", 0.0),
        ("The rod is 5 m.", "5", 1.0),
        ("He bought 10 apples.", "10", 1.0),
        # a last line that is one bracketed object is read whole
        ("Rounded to two decimal places, the perimeter is approximately:\n\n(-2, 1)", "(-2, 1)", 1.0),
        ("Rounded to two decimal places, the perimeter is approximately:\n\n(-2, 1)", "1", 0.0),
    ],
)
def test_set26_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    "completion",
    ['"</s>" * (n // 4)', '"x" + " " * n + ">"', '"\\n" * n + "(1, 2"', '"\\\\boxed{5}" + " $" * (n // 2) + " and"',
     '"{\\"answer\\": 5" + " ," * (n // 2)', '"5 " * (n // 2) + "m"'],
)
def test_this_stops_extraction_rules_run_in_linear_time(completion: str) -> None:
    """Whole completions just under the 100k-character cap through every new extraction rule; a hang guard, not a
    timing goal."""
    import subprocess
    import sys

    code = ("from verigrpo.verifiers.math import math_answer\nn = 95_000\n"
            f"r = math_answer({completion}, {{'reference': '5'}})\nassert r.status.value != 'too_long'\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The total is 13, but \\boxed{12} if we exclude the host.", "12", 0.0),  # was paid (set 19)
        ("The answer is \\boxed{12}$ if $n$ is even.", "12", 0.0),
        ("So the answer is \\boxed{12}. If we check, it works.", "12", 1.0),  # the condition is another sentence
        ("Thus \\boxed{12} (since the difference is positive).", "12", 1.0),
    ],
)
def test_a_box_under_a_condition_is_no_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("答案：每份应该是 (\\frac{2}{5}) 吨。", "2/5", 1.0),  # a Chinese label, then a fraction with its unit
        ("\\boxed{每份应该是 (\\frac{2}{5}) 吨}", "2/3", 0.0),
        ("\\boxed{至少 \\frac{2}{5} 吨}", "2/5", 0.0),  # "at least": a bound, no value
    ],
)
def test_a_chinese_label_then_a_fraction(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # one answer per completion: a value read and an option chosen last that disagree pay neither
        ("x = 12\n**D**", "(C) 12", 0.0),
        ("x = 12\n**D**", "(D) 7", 0.0),
        ("x = 12\n**C**", "(C) 12", 1.0),
        # an option named to be rejected answers nothing
        ("\\boxed{(C) wrong}", "C", 0.0),
        ("\\boxed{(C) fails}", "C", 0.0),
        ("\\boxed{(C) \\text{ is false}}", "C", 0.0),
        ("(B): wait, actually D.", "B", 0.0),
        ("The wrong answer is B.", "B", 0.0),
        # (policy changed at stop 37: a lower-case key names the option, whatever the label's case; MathQA's keys and
        # set 123's are lower case against "B ) ..." labels)
        ("\\boxed{(A) 5}", "a", 1.0),
        # what follows a box: another value, a condition, a percent sign
        ("\\boxed{33} (or 34)", "33", 0.0),
        ("\\boxed{33} or \\(34\\)", "33", 0.0),
        ("\\boxed{33}\nor 34", "33", 0.0),
        ("\\boxed{33} / 34", "33", 0.0),
        ("\\boxed{3} or 3\\sqrt{2}", "3", 0.0),
        ("\\boxed{12} and 12/5", "12", 0.0),
        ("\\boxed{12}, otherwise 13", "12", 0.0),
        ("\\boxed{12} when we exclude the host", "12", 0.0),
        ("\\boxed{\\frac12} (or 0.5)", "\\frac12", 1.0),
        ("\\boxed{33}\\%", "0.33", 1.0),
        # sentences that take their value back
        ("Final Answer: 12 but actually 13", "12", 0.0),
        ("The answer is 12, which is wrong.", "12", 0.0),
        ("The answer is 12, which is not divisible by 5.", "12", 1.0),
        ("So x is -4 or 4.", "4", 0.0),
        # JSON: prose after the object, another answer key, a marked answer before it
        ('{"answer": "5"}\n7', "5", 0.0),
        ('{"answer": "7", "revised_answer": "5"}', "5", 0.0),
        ('#### 7\n{"answer": "5"}', "5", 0.0),
        ('{"answer": 5, "steps": 3}', "5", 1.0),
        # Chinese scales before another unit scale it; 万元 stays money's unit
        ("\\boxed{3万个}", "3", 0.0),
        ("\\boxed{5万米}", "50000", 1.0),
        # near-equal constants: checked at 100 digits or more
        ("\\boxed{\\sqrt{2}+10^{-25}}", "\\sqrt2", 0.0),
        ("\\boxed{\\cos(10^{-11})}", "1", 0.0),
        ("\\boxed{(2+\\sqrt3)^{50}}", "39901730532883413491969700001", 0.0),
        ("\\boxed{e^{\\pi\\sqrt{163}}}", "262537412640768744", 0.0),
        ("\\boxed{\\tan\\frac{\\pi}{8}}", "\\sqrt2-1", 1.0),
        # a key's braced label is read only when the key does not parse otherwise
        ("\\boxed{\\frac{1}{abc}}", "\\frac{1}{abc}", 1.0),
        ("\\boxed{\\frac{ab+bc+ca}{abc}}", "\\frac{ab+bc+ca}{abc}", 1.0),
    ],
)
def test_second_red_team_round(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    "completion",
    ["'1' * 90_000 + '分之一'", "'\\\\frac{1}{\\\\sqrt{10^{3990}+1}}'", "'\\\\sqrt{10^{3990}+1}\\\\pi'",
     "''.join('\\\\boxed{(a+b+c+%d)^{12}} ' % k for k in range(20)) + '{' + ', '.join("
     "'\"answer\": \"(a+b+c+%d)^{12}\"' % k for k in range(20)) + '}'"],
)
def test_second_red_team_slow_cases_are_fast(completion: str) -> None:
    """18 s to 140 s each before (a quadratic digit run, roots factored after a later operation, every answer
    compared with every other); a hang guard, not a timing goal. None may raise either (the digit run did)."""
    import subprocess
    import sys

    code = ("from verigrpo.verifiers.math import math_answer\n"
            f"r = math_answer({completion}, {{'reference': '5'}})\nassert r.outcome == 0.0, r\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The answer is (A)... wait, actually it is (C).", "Choice (A).", 0.0),  # set 27's first-run FP
        ("The answer is 12... no, 13.", "12", 0.0),
        ("The answer is 12. Actually, let me double-check: 3*4=12.", "12", 1.0),  # a check, not a retraction
        ("The answer is 12 because 3*4 = 12.", "12", 1.0),
    ],
)
def test_a_marked_answer_taken_back_on_its_line(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
