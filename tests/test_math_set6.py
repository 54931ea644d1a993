"""Classes of failures found by the sixth external set (benchmarks/data/external_pairs_6.jsonl: Algebrite,
WeBWorK's PG, Numbas, nti.assessment) at its first run, each fixed by a general rule."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged
from verigrpo.verifiers.math import ParseError, math_answer, parse_answer


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # "ceiling" as a CAS spells it
        ("ceiling(3/2)", "2", True),
        ("ceiling(-4/2)", "-2", True),
        ("ceiling(3/2)", "1", False),
        # plain text's union "U" between intervals, and set difference "-" between intervals
        ("(1,5] U [2,7)", "(1,7)", True),
        ("(-\\infty,7) U [4,\\infty)", "(-\\infty, \\infty)", True),
        ("(1,5] U [6,7)", "(1,7)", False),
        ("(0,6]-(0,2]", "(2,6]", True),
        ("[0,6]-(1,2)", "[0,1] \\cup [2,6]", True),
        ("[0,6]-(1,2)", "[0,6]", False),
        ("(-\\infty,\\infty)-\\{3\\}", "(-\\infty,3) \\cup (3,\\infty)", True),
        ("[0,6]-(1,2) U [7,8]", "[0,1] \\cup [2,6] \\cup [7,8]", True),
        # the ISO / French notation: an outward bracket is an open end
        ("]1,7[", "(1,7)", True),
        ("[0,2[", "[0,2)", True),
        ("]1,5] U [2,7[", "(1,7)", True),
        ("]1,7[", "[1,7]", False),
        ("[1,2],[3,4]", "[3,4],[1,2]", True),  # ordinary brackets are untouched
    ],
)
def test_set6_classes(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)


def test_a_difference_of_what_could_be_points_is_not_read_as_sets() -> None:
    # (3, 4) - (1, 2) is read as vectors (stop 25: tests/test_math_stop25.py), never as a set difference
    assert parse_answer("(3,4)-(1,2)") == parse_answer("(2,2)")
    with pytest.raises(ParseError):
        parse_answer("(x+1) U (x-1) - 2")


def test_a_written_prime_product_asks_for_the_form_only_where_the_form_is_the_answer() -> None:
    def paid(answer: str, reference: str, question: str = "") -> bool:
        row = {"reference": reference, **({"prompt": question} if question else {})}
        return math_answer(f"\\boxed{{{answer}}}", row).outcome == 1.0

    assert paid("10", "2 \\times 5")  # no question asking for factors: the product is its value
    assert paid("10", "2 \\times 5", "Compute 2 times 5.")
    assert not paid("10", "2 \\times 5", "Find the prime factorization of 10.")
    assert paid("2 \\times 5", "2 \\times 5", "Find the prime factorization of 10.")
    assert not paid("20", "2^2 \\times 5")  # a repeated prime: nobody writes 20 so unless the form is asked
    assert not paid("4 \\times 5", "2 \\times 2 \\times 5")


def test_a_percent_answer_pays_against_either_reading_of_the_reference() -> None:
    """The documented percent policy: answer keys write a rate both ways ("75" for "what percent", "0.75"), so
    ``75\\%`` pays against 75 and against 0.75; ``0.75\\%`` is neither."""
    for reference in ("75", "0.75", "75\\%", "\\frac34"):
        assert math_answer("\\boxed{75\\%}", {"reference": reference}).outcome == 1.0, reference
    assert math_answer("\\boxed{0.75\\%}", {"reference": "75"}).outcome == 0.0
    assert math_answer("\\boxed{75\\%}", {"reference": "7.5"}).outcome == 0.0
