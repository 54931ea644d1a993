"""Classes found by the ninth external set (benchmarks/data/external_pairs_9.jsonl: Moodle qtype_formulas, Numbas'
part and JME tests, nerdamer) at its first run, each fixed by a general rule."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged
from verigrpo.verifiers.math import answers_equivalent


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # set algebra on intervals and finite sets, worked out: \cap, \setminus, complements in R
        ("[0,2]\\cap[1,3]", "[1,2]", True),
        ("[0,2]\\cap[1,3]", "[1,3]", False),
        ("[0,1]\\cap[1,2]", "\\{1\\}", True),
        ("[0,1)\\cap[1,2]", "\\emptyset", True),
        ("[0,1]\\cap(1,2]", "\\{1\\}", False),
        ("\\mathbb{R}\\setminus (1,2)", "(-\\infty,1]\\cup[2,\\infty)", True),
        ("\\mathbb{R}\\setminus (1,2)", "(-\\infty,1)\\cup(2,\\infty)", False),
        ("(0,3]\\setminus (0,3)", "\\{3\\}", True),
        ("\\{1,2,3\\}\\cap(0,3)", "\\{1,2\\}", True),
        ("((0,2)\\cup(2,6)\\cup\\{7\\}\\cup[8,12))\\cap((1,3]\\cup[4,7]\\cup(9,10))",
         "(1,2)\\cup(2,3]\\cup[4,6)\\cup\\{7\\}\\cup(9,10)", True),
        ("\\mathbb{R} \\setminus \\{0, 2\\}", "(-\\infty,0)\\cup(0,2)\\cup(2,\\infty)", True),  # as before
        # Swiss and Indian digit groups (Indian only with a decimal part: "1,23,456" could be a list)
        ("1'234'567.89", "1234567.89", True),
        ("-1'234.0", "-1234", True),
        ("12,34,567.89", "1234567.89", True),
        ("1'234", "1235", False),
    ],
)
def test_set9_classes(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        ("5 €", "5€", True),
        ("5 £", "5£", True),
        ("€5", "5", True),  # a unit on one side only is dropped, as for dollars
        ("5 euros", "5€", True),
        ("£ 1,200.50", "1200.5", True),
        ("5€", "5 £", False),  # two stated currencies must agree
        ("5€", "6€", False),
    ],
)
def test_currency_signs_are_units(answer: str, reference: str, equal: bool) -> None:
    assert answers_equivalent(answer, reference) is equal
