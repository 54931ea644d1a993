"""Classes found by the fourteenth external set (benchmarks/data/external_pairs_14.jsonl: GeoGebra's solver-engine
tests, Omni-MATH's rule-vs-judge cases, TheoremQA keys, lm-evaluation-harness and DeepSeek-Math formats) at its
first run, each fixed by a general rule. The examples are ours, not the set's rows."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # degree signs inside a fraction's arguments (the ^\circ regex used to eat the \frac's closing brace)
        ("\\frac{60^\\circ}{240^\\circ}", "\\frac14", True),
        ("\\frac{60^{\\circ}}{240^{\\circ}}", "\\frac14", True),
        ("\\frac{60^\\circ}{240^\\circ}", "60", False),  # a ratio of angles is a number, not an angle
        # ... and an angle built from degrees answers in degrees and in radians, as 120^\circ does
        ("\\frac{5 \\cdot 120^\\circ}{4}", "150^\\circ", True),
        ("\\frac{5 \\cdot 120^\\circ}{4}", "150", True),
        ("\\frac{5 \\cdot 120^\\circ}{4}", "\\frac{5\\pi}{6}", True),
        ("\\frac{5 \\cdot 120^\\circ}{4}", "120", False),
        ("20^\\circ + 40^\\circ", "60", True),
        ("\\cos 60^\\circ + 10^\\circ", "\\frac12 + \\frac{\\pi}{18}", True),  # a function's degrees: not an angle
        # a power of a number right after a closing parenthesis starts a new factor
        ("(k+2)3^{k}", "3^k (k+2)", True),
        ("(k+2)3^{k}", "3^{k+1}", False),
        ("(a)3", "3a", None),  # a bare number after ")" still needs an operator: unparsable, see below
        # a decimal inside a function's argument is the exact rational it writes, not a rounded value
        ("\\cos 22.5^\\circ", "\\frac{\\sqrt{2 + \\sqrt{2}}}{2}", True),
        ("\\ln 1.5", "\\ln 3 - \\ln 2", True),
        ("\\cos 22.5^\\circ", "\\frac{\\sqrt{2 - \\sqrt{2}}}{2}", False),
        ("0.7071", "\\frac{\\sqrt2}{2}", False),  # a bare rounded value stays under the tolerance rule
        # the ISO interval rewrite leaves a root's index alone
        ("\\{\\sqrt[3]{5} - 1, 1 + \\sqrt[3]{5}\\}", "\\left\\{1 + \\sqrt[3]{5}, -1 + \\sqrt[3]{5}\\right\\}", True),
        ("\\sqrt[3]{8}, \\sqrt[3]{27}", "2, 3", True),
        ("]2, 5[", "(2, 5)", True),
    ],
)
def test_set14_classes(answer: str, reference: str, equal: bool | None) -> None:
    if equal is None:
        from verifiers.math import math_answer

        assert math_answer(f"\\boxed{{{answer}}}", {"reference": reference}).status.value == "unparsable"
        return
    assert_judged(answer, reference, equal)
