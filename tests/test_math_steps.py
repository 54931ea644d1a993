"""math_steps (step splitting, claim checking, the verifier) and the PRM plug-in (verifiers.prm)."""

from __future__ import annotations

import math
import pickle
import re
import threading
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest
import sympy.parsing.sympy_parser
from hypothesis import given, settings
from hypothesis import strategies as st
from verigrpo.verifiers import get_verifier
from verigrpo.verifiers.math.lex import PROSE, tokenize
from verigrpo.verifiers.math.nodes import MAX_DIGITS, MAX_EXPONENT, ParseError
from verigrpo.verifiers.math.parse import parse_tokens
from verigrpo.verifiers.math_steps import SPLITTERS, find_claims, math_steps, score_steps, split_steps
from verigrpo.verifiers.prm import make_prm_verifier, prm_verifier
from verigrpo.verifiers.types import Reward, Status

# ------------------------------------------------------------------ splitting


@pytest.mark.parametrize(
    "text,mode,expected",
    [
        # Explicit modes keep their own rules: "markers" makes a "Step k:" label a container.
        (
            "Step 1: 3*4 = 12.\nStep 2: 12 + 5 = 17\n  and more\nStep 3: so \\boxed{17}",
            "markers",
            ["Step 1: 3*4 = 12.", "Step 2: 12 + 5 = 17\n  and more", "Step 3: so \\boxed{17}"],
        ),
        (
            "We add.\n**Step 1:** 2+2=4\n### Step 2. 4*2 = 8",
            "markers",
            ["We add.", "**Step 1:** 2+2=4", "### Step 2. 4*2 = 8"],
        ),
        ("Step 1: a. Step 2: b.", "markers", ["Step 1: a.", "Step 2: b."]),
        (
            "First 3*4 = 12.\n\n  Then 12 + 5 = 17.  \nDone",
            "lines",
            ["First 3*4 = 12.", "Then 12 + 5 = 17.", "Done"],
        ),
        ("So\n$$\n3 + 4\n= 7\n$$\nDone.", "lines", ["So", "$$\n3 + 4\n= 7\n$$", "Done."]),
        ("\\[\n1 + 1\n= 2\n\\]\nok", "lines", ["\\[\n1 + 1\n= 2\n\\]", "ok"]),
        (
            "We get 3.5 + 1 = 4.5. Next, 2 * 2 = 4! Right? Yes",
            "sentences",
            ["We get 3.5 + 1 = 4.5.", "Next, 2 * 2 = 4!", "Right?", "Yes"],
        ),  # fmt: skip
        ("", "sentences", []),
        (" \n\t ", "sentences", []),
    ],
)
def test_split_table(text: str, mode: str, expected: list[str]) -> None:
    steps = split_steps(text, mode)
    assert [s.text for s in steps] == expected
    for s in steps:
        assert text[s.start : s.end] == s.text


# "auto" (the "mixed" splitter): every line is a step, and every sentence within a line; a "Step k:" label
# starts a step but holds nothing after its line; a display delimiter alone on a line joins its neighbour.
# Spans are (start, end) into the text, counted by hand.
@pytest.mark.parametrize(
    "text,spans",
    [
        # a label is a prefix, not a container: the unlabelled line after it is a step of its own
        (
            "Step 1: 3*4 = 12.\nStep 2: 12 + 5 = 17\n  and more\nStep 3: so \\boxed{17}",
            [(0, 17), (18, 37), (40, 48), (49, 70)],
        ),
        # the case: labels on some lines, bare equation lines between them
        (
            "Step 1: Find the cost.\n3 * 4 = 12\n12 + 5 = 18\nStep 2: Add.",
            [(0, 22), (23, 33), (34, 45), (46, 58)],
        ),
        # sentences within a line (the period of a decimal does not end one)
        ("First, 3.5 * 4 = 14. Next we compute 45 + 3 = 48. Done", [(0, 20), (21, 49), (50, 54)]),
        # "!" before "=" is a factorial, not a sentence end; "?" ends one; two clauses that each hold an
        # equality are two steps
        ("So 5! = 120 and 3! = 6. Right? Yes", [(0, 11), (12, 23), (24, 30), (31, 34)]),
        # a list marker or a label alone is not a sentence ("1.", "Step 2.")
        ("1. 3 + 4 = 7\n2. 7 * 2 = 14\n### Step 3. 14 - 1 = 13", [(0, 12), (13, 26), (27, 50)]),
        # abbreviations do not end a sentence
        ("We use approx. 3.14, e.g. 2 * 3.14 = 6.28. So", [(0, 42), (43, 45)]),
        # a "Step k:" label in the middle of a line starts a step; so does a bold one after a sentence
        ("Step 1: 3*4 = 12 Step 2: 12+5 = 17", [(0, 16), (17, 34)]),
        ("**Step 1:** 2+2=4. **Step 2:** 4*2 = 8", [(0, 18), (19, 38)]),
        # a sentence may end inside inline maths: "3.$ Then"
        ("So $x = 3.$ Then $y = 4$.", [(0, 11), (12, 25)]),
        # display delimiters alone on a line join the line they open or close
        ("So\n\\[\n3 + 4 = 7\n\\]\nDone.", [(0, 2), (3, 18), (19, 24)]),
        ("$$\n3 + 4\n= 7\n$$", [(0, 8), (9, 15)]),
        ("\\begin{align}\na &= 3 + 4 \\\\\n&= 7\n\\end{align}", [(0, 27), (28, 44)]),
        # a heading, then the answer on its own line
        ("# Answer\n\n72", [(0, 8), (10, 12)]),
        ("", []),
        (" \n\t ", []),
    ],
)
def test_auto_split_rules(text: str, spans: list[tuple[int, int]]) -> None:
    steps = split_steps(text)
    assert [(s.start, s.end) for s in steps] == spans
    assert [s.text for s in steps] == [text[a:b] for a, b in spans]
    assert split_steps(text, "mixed") == steps


@pytest.mark.parametrize("shape", ['" \\t" * n + "x"', '"Step 1" + " " * n + "x"', '"- " + "#" * n + " " * (10 * n)'])
def test_long_blank_runs_split_in_linear_time(shape: str) -> None:
    """The "Step k:" pattern had two adjacent optional blank runs: quadratic, minutes on 100k blanks. At
    n = 500k a linear split takes well under a second and a quadratic one hours: the subprocess's generous
    limit is a hang guard, not a timing goal."""
    import subprocess
    import sys

    code = (f"from verigrpo.verifiers.math_steps import split_steps\nn = 500_000\ntext = {shape}\n"
            "for mode in ('auto', 'markers'):\n    assert [s.text for s in split_steps(text, mode)] == [text.strip()]\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def test_split_unknown_mode() -> None:
    with pytest.raises(ValueError, match="unknown split mode"):
        split_steps("a", "paragraphs")


step_text = st.lists(
    st.sampled_from(list("ab x=1.2+ \t\n\r!?$*#:") + ["Step ", "step 3:", "$$", "\\[", "\\]", "\u2028"]),
    max_size=40,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=step_text, mode=st.sampled_from(["auto", *SPLITTERS]))
def test_spans_cover_text_in_order(text: str, mode: str) -> None:
    steps = split_steps(text, mode)
    pos = 0
    for s in steps:
        assert text[s.start : s.end] == s.text  # the span is the step text
        assert s.text and s.text == s.text.strip()  # tight, non-empty
        assert pos <= s.start < s.end  # in order, no overlap
        assert text[pos : s.start].strip() == ""  # only whitespace between steps
        pos = s.end
    assert text[pos:].strip() == ""  # every non-whitespace character is in a step


# ------------------------------------------------------------------ claims


@pytest.mark.parametrize(
    "text,verdicts",
    [
        ("3*4 = 12", ["equal"]),
        ("3*4 = 13", ["unequal"]),
        ("so 3 \\times 4 = 12 = 6 \\cdot 2", ["equal", "equal"]),  # a chain: two claims
        ("3 + 4 = 7 = 8", ["equal", "unequal"]),
        ("2x + 3x = 5x", ["equal"]),
        ("(x+1)^2 = x^2 + 2x + 1", ["equal"]),
        ("\\frac{1}{2} + \\frac{1}{4} = \\frac{3}{4}", ["equal"]),
        ("$\\dfrac{1}{2} + \\frac14 = \\frac{3}{5}$", ["unequal"]),
        ("\\[ 6 \\div 2 = 3 \\]", ["equal"]),
        ("\\left(2 + 1\\right)^{2} = 9", ["equal"]),
        ("2^{10} = 1024", ["equal"]),
        ("2**10 = 1024", ["equal"]),
        ("\\sqrt{16} = 4", ["equal"]),
        ("\\sqrt[3]{27} = 3", ["equal"]),
        ("\\sqrt[3]{-27} = -3", ["equal"]),  # odd roots of negatives are real
        ("\\sqrt{8} = 2\\sqrt{2}", ["equal"]),
        ("8^{2/3} = 4", ["equal"]),
        ("√16 + 3² = 13", ["equal"]),
        ("5! = 120", ["equal"]),
        ("50% = 0.5", ["equal"]),
        ("1,000 + 500 = 1,500", ["equal"]),
        ("2\\frac{1}{2} = \\frac{5}{2}", ["equal"]),  # a mixed number
        ("3 x 4 = 12", ["equal"]),  # "x" between numbers is a times sign
        ("10/3 = 3.33", ["equal"]),  # |3.333.. - 3.33| = 0.0033 <= 0.005 (half a unit in the 2nd place)
        ("10/3 = 3.34", ["unequal"]),  # |3.333.. - 3.34| = 0.0067 > 0.005
        ("0.1 + 0.2 = 0.3", ["equal"]),  # decimals are exact rationals
        ("\\pi \\cdot 2 = 6.28", ["equal"]),
        ("1/3 = 0.33334", ["unequal"]),  # 1/3 - 0.33334 = -6.7e-6 > 5e-6
        ("(since 3 + 4 = 7)", ["equal"]),  # unmatched parens at the edges are prose
        ("2 + 2 = 4 apples and 3 * 3 = 9", ["equal", "equal"]),
        ("2x + 3 = 11", ["equation"]),  # an equation to solve, not an identity: not judged
        ("x = 4", ["equation"]),
        ("2x + 3x = 6x", ["equation"]),  # not an identity, but could be an equation (x = 0)
        ("x + 1 = x + 2", ["unequal"]),  # false for every x
        ("(\\sqrt{2}+1)^2 = 3 + 2\\sqrt{2}", ["equal"]),  # exact zero that evalf cannot see as 0
        ("\\pi \\cdot 10^{400} = 3 \\cdot 10^{400}", ["unequal"]),  # a relative tolerance must not overflow
        # Nothing checkable: prose glued to numbers, comparisons, division by zero, blow-ups.
        ("So 20% of 50 = 10", []),
        ("3 apples + 4 apples = 7 apples", []),
        ("The sum of 2 and 3 = 5", []),
        ("so it is 5 times 3 = 15", []),
        ("The total is 3 + 4 = 7!", []),  # a sentence's "!" could be a cut-off factorial
        ("x <= 3, y != 4, 3 \\neq 4", []),
        ("1/0 = 5", []),
        ("9^9^9 = 1", []),
        ("10^(10^10) = 3", []),
        ("1001! = 1", []),
        ("1" * (MAX_DIGITS + 1) + " = 1", []),  # the limits are the math package's (verifiers.math.guards)
        (f"x^{{{MAX_EXPONENT + 1}}} = 1", []),
        ("__import__('os').system('true') = 0", []),
        ("eval('1') = 1", []),
        ("5 apples - 2 = 3", []),  # a binary minus cut by prose, not -2
        ("We compute -1 + 3 = 2", ["equal"]),  # a negative number after a word
        ("The answer is 12.", []),
        ("a_1 = 3, a_2 = 5", []),  # subscripts, not 1 = 3
        ("$\\log_2 8 = 3$", []),  # an operator we do not evaluate: its argument is not the left side
        ("$\\binom{5}{2} = 10$", []),
        ("The ratio 2:3 = 4:6", []),
        ("Therefore 100 % 7 = 2", []),  # modulo, not percent
        ("10 - 20% = 8", []),  # 10 - 0.2 or 10 * 0.8?
        # GSM8K calculator annotations: "<<e=r>>v" reads as "(e) = r = v" (the visible v must be r too)
        ("Natalia sold 48/2 = <<48/2=24>>24 clips", ["restated", "equal", "restated"]),
        ("Natalia sold 48/2 = <<48/2=24>>25 clips", ["restated", "equal", "unequal"]),
        ("1) 3 + 4 = 7", ["equal"]),  # a list marker
        ("6.02e23 = 602000000000000000000000", ["equal"]),
        ("1e999999 = 1", []),
        ("That costs $5 + $3 = $8.", ["equal"]),  # a dollar sign before a number is currency
        ("\\$12 \\times 3 = \\$36", ["equal"]),
        ("Then $32.50 - 3 = 29.50$.", ["equal"]),  # inline maths opening on a number
        ("- 21 * 4 = 84", ["equal"]),  # a markdown bullet, not a minus sign
        ("* 3 + 4 = 8", ["unequal"]),
        ("x\n- 2 + 3 = 5", ["equal"]),  # a bullet at the start of a later line
        ("3 - 2 = 1", ["equal"]),
        # The prose reading of the math package (verifiers.math.lex.PROSE) and its parser, one rule per row:
        ("3x4 = 12", ["equal"]),  # an "x" between two numbers is a times sign ...
        ("3x + x = 4x", ["equal"]),  # ... and elsewhere the variable x
        ("e + e = 2e", ["equal"]),  # "e" and "i" are names in a solution (an edge, an index) ...
        ("i + 1 = 2", ["equation"]),  # ... not the imaginary unit, which would make this wrong
        ("It is 3 + 4 = 7", ["equal"]),  # short words are words ("is" is not i*s)
        ("\\sqrt 16 = 4", ["equal"]),  # a whole number after \sqrt is the radicand
        ("20% \\cdot 50 = 10", ["equal"]),  # in arithmetic a percent sign is hundredths
        ("(-8)^{1/3} = -2", ["equal"]),  # an odd root of a negative number is real
        ("\\alpha + \\alpha = 2\\alpha", ["equal"]),  # Greek letters are symbols
        ("(x+y+z+w)^{20} = (x+y+z+w)^{20} + 1", ["unequal"]),  # a power of 20 is within the limits
        ("3 + 4 == 7", []),  # "==" is a comparison (code), not a claim; nor is \equiv
        ("2^{10} \\equiv 1 modulo 11", []),
        ("x^2 - 1 = (x-1)(x+1) \\le 3", ["equal"]),  # a comparison after a side ends it, cleanly
        ("\\frac{\\pi}{6} = 30^\\circ", []),  # a degree sign binds its number: not 30
        ("sqrt(16) = 4", []),  # a word glued to a bracket is a function we do not read: not (16) = 4
        ("We define 9 \\& 2 = 5", []),  # an operator we do not know joins 9 and 2
        ("\\frac{2}{3} = 0.666...", []),  # more digits follow: truncated (or repeating), not 0.666
        ("\\frac{2}{3} = 0.666\\ldots", []),
        ("So 3 + 4 = 7... wait", ["equal"]),  # after an integer, an ellipsis is prose
    ],
)
def test_claims_table(text: str, verdicts: list[str]) -> None:
    claims, _ = find_claims(text)
    assert [c.verdict for c in claims] == verdicts


def test_strict_algebra_makes_non_identities_wrong() -> None:
    claims, _ = find_claims("2x + 3x = 6x", strict_algebra=True)
    assert [c.verdict for c in claims] == ["unequal"]
    claims, _ = find_claims("2x + 3x = 5x", strict_algebra=True)
    assert [c.verdict for c in claims] == ["equal"]


def test_aligned_derivation_carries_across_lines() -> None:
    text = "3 \\cdot 4 + 2\n= 12 + 2\n= 15"  # the last line is wrong: 12 + 2 = 14
    _, rewards, claims = score_steps(text)
    assert [r.label for r in rewards] == ["neutral", "correct", "wrong"]
    assert (claims[2][0].lhs, claims[2][0].rhs) == ("12+2", "15")
    align = "\\begin{align}\na &= 3 + 4 \\\\\n&= 7 \\\\\n&= 8\n\\end{align}"
    claims, _ = find_claims(align)
    assert [c.verdict for c in claims] == ["equation", "equal", "unequal"]


def test_a_row_ending_in_a_latex_line_break_hands_its_side_on() -> None:
    """One step per row of an align block: "&= 36" continues "& 5 \\cdot 7 \\\\" from the step before."""
    text = "\\begin{align*}\n& 5 \\cdot 7 \\\\\n&= 36\n\\end{align*}"
    steps, rewards, claims = score_steps(text)
    assert [s.text for s in steps] == ["\\begin{align*}\n& 5 \\cdot 7 \\\\", "&= 36\n\\end{align*}"]
    assert [r.label for r in rewards] == ["neutral", "wrong"]
    assert (claims[1][0].lhs, claims[1][0].rhs) == ("5*7", "36")


# One solution per style, each with exactly one wrong line (marked by the index of its step): that step
# alone is wrong, and every other step holding a computation is correct.
STYLES = {
    "step labels on some lines": (
        "Step 1: Find the number of pencils.\n3 * 12 = 36\n36 - 5 = 30\nStep 2: Share them.\n30 / 3 = 10",
        2,
    ),
    "bare equation lines": ("4 * 6 = 24\n24 + 7 = 31\n31 - 1 = 29", 2),
    "sentences on one line": (
        "She has 4 * 6 = 24 apples. Next we compute 24 + 3 = 28. Then 28 / 2 = 14 apples each.",
        1,
    ),
    "markdown list": ("- 7 x 5 = 35\n- 35 - 15 = 20\n* 20 * 4 = 90\n1. 90 + 2 = 92", 2),
    "latex display": (
        "We multiply:\n\\[\n12 \\times 3 = 36\n\\]\n\\[ 36 \\div 4 = 8 \\]\nSo $8 + 1 = 9$.",
        2,
    ),
    "inline maths and a boxed final": (
        "First $\\frac{1}{2} \\cdot 10 = 5$.\nThen $5^2 = 25$ and the answer is $\\boxed{25}$.",
        None,
    ),
    "chains": ("3 * 4 + 5 = 12 + 5 = 17\n17 * 2 = 34 = 30 + 5", 1),
    "units and currency": ("He pays 3 × $2.50 = $7.50.\nThat leaves $20 - $7.50 = $12.00 for 4 km.", 1),
    "gsm8k annotations": (
        "Natalia sold 48/2 = <<48/2=24>>24 clips in May.\nShe sold 48+24 = <<48+24=72>>72 clips.\n#### 72",
        None,
    ),
    "paragraphs": ("We start with 12 * 5 = 60 cards.\n\nThen 60 - 12 = 46. So 46 / 2 = 23.", 1),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_singles_out_its_wrong_line(style: str) -> None:
    text, wrong = STYLES[style]
    steps, rewards, claims = score_steps(text)
    for i, (step, reward, cs) in enumerate(zip(steps, rewards, claims)):
        if i == wrong:
            assert reward.label == "wrong" and reward.reward == 0.0, step.text
        elif any(c.verdict == "equal" for c in cs) or reward.label == "wrong":
            assert reward.label == "correct", step.text
    if wrong is not None:
        assert [r.label for r in rewards].count("wrong") == 1


def test_an_answer_heading_hands_the_answer_step_to_the_next_line() -> None:
    r = math_steps("3 * 4 = 12\n12 + 5 = 17\n# Answer\n\n17", {"reference": "17"})
    assert r.info["answer_step"] == 3 and r.steps is not None
    assert [s.label for s in r.steps] == ["correct", "correct", "neutral", "correct"]
    r = math_steps("3 * 4 = 12\nThe answer is:\n12", {"reference": "12"})
    assert r.info["answer_step"] == 2


def test_the_mixed_style_set_singles_out_the_wrong_line() -> None:
    """benchmarks/data/steps_mixed.jsonl: 64 solutions in mixed styles, 44 with one wrong line."""
    from verigrpo.benchmarks.bench_steps import DEFAULT_DATA, load, run

    report = run(load(DEFAULT_DATA))
    assert report["with_wrong_line"] >= 40 and report["solutions"] >= 60
    assert report["rate"] >= 0.95, [f["reasons"] for f in report["failures"]]
    assert report["correct_lines_scored_0"] == 0
    assert report["clean_rate"] == 1.0


def test_never_parses_with_sympify(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("parse_expr called on model output")

    monkeypatch.setattr(sympy.parsing.sympy_parser, "parse_expr", forbidden)
    text = (
        "Step 1: 3*4 = 12\nStep 2: __import__('os').system('x') = 0\nStep 3: 2x + 3x = 5x, \\frac{1}{2} = 0.5"
    )
    _, rewards, _ = score_steps(text)
    assert [r.label for r in rewards] == ["correct", "neutral", "correct", "correct"]  # two clauses in step 3


LINEAR_SHAPES = ['"\\\\text{" * n', '"$" * n', '"\\\\begin{" * n', '"1=" * n', '"5!" * n', '"(" * n',
                 '"\\\\sqrt{" * n', '"a " * n', '"\\\\weird" * n', '"1,000" * n', '"- " * n']  # fmt: skip


def test_claims_are_read_in_linear_time() -> None:
    """The prose reading of the math package reads a whole step, however long: each shape that could make a
    scan restart (unclosed groups, runs of one character) at n = 50k takes well under a second when linear
    and hours when quadratic; the subprocess's limit is a hang guard, not a timing goal."""
    import subprocess
    import sys

    check = "assert all(c.verdict != 'unequal' for c in find_claims({})[0])\nprint({!r}, flush=True)\n"
    code = "from verigrpo.verifiers.math_steps import find_claims\nn = 50_000\n"
    code += "".join(check.format(shape, shape) for shape in LINEAR_SHAPES)
    try:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"hung after: {e.stdout!r}") from None
    assert proc.returncode == 0, proc.stderr


PROSE_PIECES = [
    "3", "12", "0.5", "x", "e", "=", "+", "-", "*", "/", "^", "(", ")", "{", "}", "\\frac", "\\sqrt", "\\cdot", " ",
    "\n", "!", "%", "$", ".", ",", ":", "_", "'", "of", "\\pi", "√", "²", "\\text{", "\\\\", "&", "[", "]", "\\log",
    "1,000", "**", "\\left(", "\\begin{align}", "°", "==", "\\le", "é", "\\",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=80) | st.lists(st.sampled_from(PROSE_PIECES), max_size=30).map("".join))
def test_the_prose_reading_never_raises(text: str) -> None:
    """Any text: the prose reading tokenizes it, every slice of its tokens parses or is a ParseError (never
    another exception: that would be an error status, a reward hole), and the claims come back."""
    toks = tokenize(text, PROSE)
    for a in range(len(toks)):
        for b in range(a + 1, min(len(toks), a + 8) + 1):
            try:
                parse_tokens(toks[a:b])
            except ParseError:
                pass
    find_claims(text)
    score_steps(text)


def test_pathological_inputs_end_neutral() -> None:
    for text in ["2^" * 3000 + "2 = 3", "(" * 3000 + "1" + ")" * 3000 + " = 1", "1+" * 5000 + "1 = 5001"]:
        _, rewards, claims = score_steps(text)
        assert all(r.label == "neutral" for r in rewards)


# A chain of arithmetic steps; hypothesis corrupts one result and exactly that step turns wrong.
arith = st.tuples(
    st.integers(-999, 999), st.sampled_from(["+", "-", "*", "/"]), st.integers(-999, 999)
).filter(lambda t: not (t[1] == "/" and t[2] == 0))


def _value(a: int, op: str, b: int) -> Fraction:
    return Fraction(a + b if op == "+" else a - b if op == "-" else a * b) if op != "/" else Fraction(a, b)


def _number(v: Fraction, latex: bool) -> str:
    if v.denominator == 1:
        return str(v.numerator)
    sign = "-" if v < 0 else ""
    p, q = abs(v.numerator), v.denominator
    return f"{sign}\\frac{{{p}}}{{{q}}}" if latex else f"{sign}{p}/{q}"


def _render(k: int, a: int, op: str, b: int, c: Fraction, latex: bool) -> str:
    ops = {"+": "+", "-": "-", "*": "\\times" if latex else "*", "/": "\\div" if latex else "/"}
    bb = f"({b})" if b < 0 else str(b)
    body = f"{a} {ops[op]} {bb} = {_number(c, latex)}"
    return f"Step {k}: We compute ${body}$." if latex else f"Step {k}: We compute {body}."


def _restated(a: int, op: str, b: int, latex: bool) -> bool:
    """``1 / 2 = 1/2``, ``1 / (-2) = -1/2``, ``7 + 0 = 7``, ``0 + 7 = 7``: the result is the left side again, or the
    left side with a zero added (see ``_restates``): no credit (``0 + 0 = 0`` is read as written)."""
    if op in "+-" and (a, b) != (0, 0) and (b == 0 or (a == 0 and op == "+")):
        return True
    lhs = f"{a} / {b}"
    rhs = _number(_value(a, op, b), latex)
    return not latex and op == "/" and sorted(re.findall(r"\d+|[-/]", lhs)) == sorted(re.findall(r"\d+|[-/]", rhs))


@settings(max_examples=80, deadline=None)
@given(
    ops=st.lists(arith, min_size=1, max_size=6, unique=True),  # (a claim repeated past 4 times earns nothing: not tested here)
    data=st.data(),
    latex=st.booleans(),
)
def test_one_corrupted_number_makes_exactly_that_step_wrong(
    ops: list[tuple[int, str, int]], data: st.DataObject, latex: bool
) -> None:
    # Step k: We compute a op b = c, with c exact (an integer, p/q or \\frac{p}{q}); all steps correct.
    lines = [_render(k + 1, a, op, b, _value(a, op, b), latex) for k, (a, op, b) in enumerate(ops)]
    _, rewards, _ = score_steps("\n".join(lines))
    expected = ["neutral" if _restated(a, op, b, latex) else "correct" for a, op, b in ops]
    assert [r.label for r in rewards] == expected
    assert all(r.reward == 1.0 for r, label in zip(rewards, expected) if label == "correct")

    j = data.draw(st.integers(0, len(ops) - 1))
    delta = data.draw(st.integers(-50, 50).filter(bool))
    a, op, b = ops[j]
    lines[j] = _render(j + 1, a, op, b, _value(a, op, b) + delta, latex)
    text = "\n".join(lines)
    _, rewards, _ = score_steps(text)
    assert [r.label for r in rewards] == ["wrong" if k == j else expected[k] for k in range(len(ops))]
    assert rewards[j].reward == 0.0
    assert text[rewards[j].start : rewards[j].end] == lines[j]


def test_neutral_reward_default_is_nan_and_configurable() -> None:
    _, rewards, _ = score_steps("No numbers here.")
    assert rewards[0].label == "neutral" and math.isnan(rewards[0].reward)
    _, rewards, _ = score_steps("No numbers here.", neutral_reward=0.5)
    assert rewards[0].reward == 0.5


# ------------------------------------------------------------------ the verifier


SOLUTION = "Step 1: 3*4 = 12\nStep 2: 12 + 5 = 17\nStep 3: The answer is \\boxed{17}."
BAD_STEP = "Step 1: 3*4 = 13\nStep 2: 13 + 4 = 17\nStep 3: The answer is \\boxed{17}."


def fake_final(status: Status, outcome: float) -> Any:
    def final(completion: str, row: Mapping[str, Any], **options: Any) -> Reward:
        return Reward(outcome, status, None, {"rule": "fake"})

    return final


@pytest.mark.parametrize(
    "status,outcome,labels",
    [
        # The answer step (the \boxed line) takes the final answer's result.
        (Status.CORRECT, 1.0, ["correct", "correct", "correct"]),
        (Status.WRONG, 0.0, ["correct", "correct", "wrong"]),
        (Status.UNPARSABLE, 0.0, ["correct", "correct", "wrong"]),
    ],
)
def test_answer_step_takes_final_result(
    monkeypatch: pytest.MonkeyPatch, status: Status, outcome: float, labels: list[str]
) -> None:
    monkeypatch.setattr("verigrpo.verifiers.math.verifier.math_answer", fake_final(status, outcome), raising=False)
    r = math_steps(SOLUTION, {"reference": "17"})
    assert (r.outcome, r.status) == (outcome, status)
    assert r.steps is not None and [s.label for s in r.steps] == labels
    assert r.info["final"]["status"] == status.value
    assert r.info["answer_step"] == 2
    assert r.info["correct_steps"] == labels.count("correct")
    assert r.info["wrong_steps"] == labels.count("wrong")
    assert r.info["neutral_steps"] == 0
    off = math_steps(SOLUTION, {"reference": "17"}, answer_step=False)
    assert off.steps is not None and off.steps[2].label == "neutral"


def test_wrong_step_with_right_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("verigrpo.verifiers.math.verifier.math_answer", fake_final(Status.CORRECT, 1.0), raising=False)
    r = math_steps(BAD_STEP, {"reference": "17"})
    assert (r.outcome, r.status) == (1.0, Status.CORRECT)  # the outcome is the final answer
    assert r.steps is not None and [s.label for s in r.steps] == ["wrong", "correct", "correct"]
    # step_weight=0.5: 0.5 * 1.0 (final) + 0.5 * 2/3 (scored steps correct) = 5/6
    mixed = math_steps(BAD_STEP, {"reference": "17"}, step_weight=0.5)
    assert mixed.outcome == pytest.approx(5 / 6)
    assert [c["verdict"] for c in r.info["claims"]] == ["unequal", "equal"]


def test_infra_failure_and_bad_row(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("verigrpo.verifiers.math.verifier.math_answer", fake_final(Status.TIMEOUT, 0.0), raising=False)
    r = math_steps(SOLUTION, {"reference": "17"})
    assert r.status == Status.TIMEOUT and r.steps is None
    assert math_steps(SOLUTION, {}).status == Status.BAD_INPUT
    with pytest.raises(ValueError):
        math_steps(SOLUTION, {"reference": "17"}, step_weight=2.0)


@pytest.mark.parametrize(
    "completion,reference,status,labels",
    [
        (SOLUTION, "17", Status.CORRECT, ["correct", "correct", "correct"]),
        (SOLUTION, "18", Status.WRONG, ["correct", "correct", "wrong"]),
        (BAD_STEP, "17", Status.CORRECT, ["wrong", "correct", "correct"]),
        (
            "We have $\\frac{1}{2} + \\frac{1}{4} = \\frac{3}{4}$.\nSo the answer is $\\boxed{\\frac{3}{4}}$.",
            "0.75",
            Status.CORRECT,
            ["correct", "correct"],
        ),  # fmt: skip
    ],
)
def test_with_the_math_verifier(completion: str, reference: str, status: Status, labels: list[str]) -> None:
    r = get_verifier("math_steps")(completion, {"reference": reference})
    assert r.status == status
    assert r.outcome == (1.0 if status == Status.CORRECT else 0.0)
    assert r.steps is not None and [s.label for s in r.steps] == labels


def test_answer_only_and_too_long() -> None:
    r = math_steps("$\\frac{34}{2}$", {"reference": "17"})  # "whole" rule: the single step is the answer
    assert r.status == Status.CORRECT and r.steps is not None and [s.label for s in r.steps] == ["correct"]
    long = math_steps("1 + 1 = 2\n" * 20_000, {"reference": "2"})
    assert long.status == Status.TOO_LONG and long.steps is None


def test_picklable_and_thread_safe() -> None:
    bound = pickle.loads(pickle.dumps(get_verifier("math_steps", neutral_reward=0.5)))
    out: list[Any] = []

    def work() -> None:
        _, rewards, _ = score_steps(SOLUTION)
        out.append((bound.keywords["neutral_reward"], [r.label for r in rewards]))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [(0.5, ["correct", "correct", "neutral"])] * 3


def test_verifier_from_a_thread() -> None:
    results: list[Reward] = []
    verifier = get_verifier("math_steps")
    t = threading.Thread(target=lambda: results.append(verifier(SOLUTION, {"reference": "17"})))
    t.start()
    t.join()
    assert results and results[0].status == Status.CORRECT


def test_in_the_scoring_pool() -> None:
    from verigrpo.verifiers import ScoringPool

    rows = [{"reference": "17"}, {"reference": "18"}]
    with ScoringPool(get_verifier("math_steps"), workers=1, timeout=30.0) as pool:
        rewards = pool.score([SOLUTION, SOLUTION], rows)
    assert [r.status for r in rewards] == [Status.CORRECT, Status.WRONG]
    assert [s.label for s in rewards[1].steps or []] == ["correct", "correct", "wrong"]
    assert [(s.start, s.end) for s in rewards[0].steps or []] == [(0, 16), (17, 36), (37, len(SOLUTION))]


# ------------------------------------------------------------------ PRM plug-in


def length_prm(question: str, steps: list[str]) -> list[float]:
    """A toy PRM: longer steps score higher, capped at 1."""
    return [min(1.0, len(s) / 20) for s in steps]


def short_prm(question: str, steps: list[str]) -> list[float]:
    return [1.0] * (len(steps) - 1)


def raising_prm(question: str, steps: list[str]) -> list[float]:
    raise RuntimeError("CUDA out of memory")


def nan_prm(question: str, steps: list[str]) -> list[float]:
    return [float("nan")] + [0.9] * (len(steps) - 1)


PRM_TEXT = "Step 1: add.\nStep 2: 3 + 4 = 7 so we have seven.\nStep 3: done"
ROW = {"question": "What is 3 + 4?", "reference": "7"}


def test_prm_spans_and_scores_line_up() -> None:
    verifier = pickle.loads(pickle.dumps(make_prm_verifier(length_prm)))
    r = verifier(PRM_TEXT, ROW)
    texts = ["Step 1: add.", "Step 2: 3 + 4 = 7 so we have seven.", "Step 3: done"]
    assert r.steps is not None
    assert [PRM_TEXT[s.start : s.end] for s in r.steps] == texts
    # Scores: len/20 capped at 1 -> 12/20 = 0.6, 1.0, 12/20 = 0.6; all >= 0.5 so all correct.
    assert [s.reward for s in r.steps] == pytest.approx([0.6, 1.0, 0.6])
    assert [s.label for s in r.steps] == ["correct"] * 3
    assert (r.outcome, r.status) == (pytest.approx(0.6), Status.CORRECT)  # min aggregate
    strict = make_prm_verifier(length_prm, threshold=0.7, aggregate="mean")(PRM_TEXT, ROW)
    assert strict.status == Status.WRONG
    assert strict.outcome == pytest.approx((0.6 + 1.0 + 0.6) / 3)


@pytest.mark.parametrize(
    "prm,reason",
    [
        (short_prm, "prm returned 2 scores for 3 steps"),
        (raising_prm, "prm raised"),
    ],
)
def test_prm_failures_are_statuses(prm: Any, reason: str) -> None:
    r = prm_verifier(PRM_TEXT, ROW, prm=prm)
    assert r.status == Status.ERROR and r.status.is_infra
    assert r.info["reason"] == reason


def test_prm_edge_cases() -> None:
    r = prm_verifier(PRM_TEXT, ROW, prm=nan_prm)
    assert r.steps is not None and [s.label for s in r.steps] == ["neutral", "correct", "correct"]
    assert r.outcome == pytest.approx(0.9)
    assert prm_verifier("   ", ROW, prm=length_prm).status == Status.NO_ANSWER
    assert prm_verifier(PRM_TEXT, {"reference": "7"}, prm=length_prm).status == Status.BAD_INPUT
    with pytest.raises(ValueError):
        make_prm_verifier(length_prm, aggregate="median")


@pytest.mark.parametrize(
    "claim",
    ["51 + 20 = (51 + 20)", "3 * 4 = 4 * 3", "5 = 5", "\\frac{1}{2} = \\frac{1}{2}", "(7 - 2) = 7 - 2"],
)
def test_an_equality_that_restates_its_left_side_earns_no_step_reward(claim: str) -> None:
    """Rewriting an expression (brackets, order) computes nothing: a policy that pads its solution
    with such steps, or writes only them, must not collect step reward for them."""
    claims, _ = find_claims(claim)
    assert [c.verdict for c in claims] == ["restated"]
    _, rewards, _ = score_steps(f"Step 1: {claim}.\nStep 2: So 12 / 4 = 3.")
    assert [r.label for r in rewards] == ["neutral", "correct"]
    assert [c.verdict for c in find_claims("51 + 20 = 71")[0]] == ["equal"]


@pytest.mark.parametrize(
    "completion, labels, status",
    [
        ("51 + 20 = (51 + 20) =", ["wrong"], Status.NO_ANSWER),  # the hack a process run found
        # ends on a check, not an answer: its last number (51) is the answer, and wrong
        ("Step 1: 51 + 20 = 71.\nStep 2: Let me check 71 - 20 = 51", ["correct", "wrong"], Status.WRONG),
        ("Step 1: 51 + 20 = 71.\nStep 2: The answer is 71.", ["correct", "correct"], Status.CORRECT),
        ("51 + 20 = 71", ["correct"], Status.CORRECT),
        ("51 + 20 = 70", ["wrong"], Status.WRONG),
    ],
)
def test_without_an_answer_marker_the_last_step_carries_the_final_answer(
    completion: str, labels: list[str], status: Status
) -> None:
    """The solution ends at its last step, so that step carries the final answer's result: a completion
    that never answers ends on a step worth 0 (Eq. 6 then sends its tokens a negative advantage)."""
    r = math_steps(completion, {"reference": "71"})
    assert r.status is status
    assert [s.label for s in r.steps] == labels
