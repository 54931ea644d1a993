"""Classes found by the fifteenth external set (benchmarks/data/external_pairs_15.jsonl: SciBench and UGPhysics
keys with units, SymPy's simplify tests, evalscope, ROLL's DeepMath keys, OpenRLHF) at its first run, each fixed
by a general rule. The examples are ours, not the set's rows."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # an upright unit symbol after a number is a unit (LaTeX sets variables in italics), on either side
        ("-250 \\mathrm{~J}", "-0.25\\text{ kJ}", True),
        ("-250 \\mathrm{~J}", "-0.25\\text{ kN}", False),
        ("3.2 \\times 10^{-9}\\ \\mathrm{C}", "3.2 \\text{ nC}", True),
        ("2.5 \\times 10^{-3} \\mathrm{~K}^{-1}", "0.0025\\ \\mathrm{K^{-1}}", True),
        ("7 \\mathrm{J}", "7", True),  # a unit on one side only is dropped
        ("3\\mathrm{d}", "3d", True),  # an upright d is no unit: still a symbol
        # compound units as several upright factors, with exponents, \\cdot or a thin space
        ("8.3 \\mathrm{~J} \\mathrm{~K}^{-1} \\mathrm{~mol}^{-1}", "8.3\\ \\mathrm{J/(K\\,mol)}", None),
        ("4 \\mathrm{~m} \\cdot \\mathrm{s}^{-1}", "14.4 \\text{ km/h}", True),
        ("9.8\\ \\mathrm{m\\,s^{-2}}", "9.8 \\mathrm{~m} / \\mathrm{s}^2", True),
        ("9.8\\ \\mathrm{m\\,s^{-2}}", "9.8 \\mathrm{~ms}^{-2}", False),  # a millisecond only without a space
        # \\mu before a unit is the micro prefix; \\Omega after a number is the ohm; \\AA the angstrom
        ("250\\ \\mu\\text{m}", "0.25 \\text{ mm}", True),
        ("2 \\mu \\mathrm{C}", "2 \\times 10^{-6}\\ \\mathrm{C}", True),
        ("2\\mu", "2\\mu", True),  # no unit after it: the letter
        ("4.7\\ \\mathrm{k\\Omega}", "4700 \\Omega", True),
        ("4.7\\ \\mathrm{k\\Omega}", "4700 \\mathrm{~V}", False),
        ("1.5\\ \\text{\\AA}", "0.15 \\text{ nm}", True),
        # the maximum of a set written with braces; degrees and arc minutes
        ("\\max\\{2, |x|\\}", "\\max(2, |x|)", True),
        ("\\min\\{4, 9\\}", "4", True),
        ("\\left(\\frac{121}{2}\\right)^{\\circ}", "60^\\circ 30'", True),
        ("12^\\circ 15' 36''", "12.26^\\circ", True),
        ("60^\\circ 30'", "60^\\circ 3'", False),
        # unit names written out convert as their symbols do
        ("3 \\text{ hours}", "180 \\text{ minutes}", True),
        ("3 \\text{ hours}", "3 \\text{ minutes}", False),
        ("2 \\text{ feet}", "24 \\text{ inches}", True),
        ("2 \\text{ weeks}", "14 \\text{ days}", True),
    ],
)
def test_set15_unit_classes(answer: str, reference: str, equal: bool | None) -> None:
    if equal is None:  # parses and pays against the same compound written the other way
        assert math_answer(f"\\boxed{{{answer}}}", {"reference": "8.3 \\mathrm{J K^{-1} mol^{-1}}"}).outcome == 1.0
        return
    assert_judged(answer, reference, equal)


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # a unit alone after the last box belongs to the answer: seconds are not metres
        ("The first reading was 2 m.\n\\boxed{\\frac{1}{2}} s", "0.5 m", "wrong"),
        ("The first reading was 2 m.\n\\boxed{\\frac{1}{2}} m", "0.5 m", "correct"),
        ("So the time is $\\boxed{40}$ seconds.", "40 \\text{ s}", "correct"),
        ("So the time is $\\boxed{40}$ seconds.", "40 \\text{ m}", "wrong"),
        ("So the time is $\\boxed{40}$ seconds.", "40", "correct"),
        ("\\boxed{40} apples", "40", "correct"),  # not a unit: the box alone answers
        ("Therefore the energy is\n\\boxed{2.5} J.", "2.5", "correct"),  # a label, dropped against a bare key
        ("Therefore the energy is\n\\boxed{2.5} J.", "2.5 \\text{ kJ}", "wrong"),
    ],
)
def test_a_unit_after_the_last_box_belongs_to_the_answer(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize("tail", ['" " * n + ".x"', '" s" + " " * n + "y"', '" s" + ". " * n + "y"'])
def test_the_unit_after_a_box_is_found_in_linear_time(tail: str) -> None:
    """The first pattern had two adjacent optional blank runs: quadratic, seconds on 5,000 blanks and hours on a
    100,000-character completion. The subprocess's generous limit is a hang guard, not a timing goal."""
    import subprocess
    import sys

    code = ("from verigrpo.verifiers.math import math_answer\nn = 90_000\n"
            f"math_answer('\\\\boxed{{5}}' + {tail}, {{'reference': '5 m'}})\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
