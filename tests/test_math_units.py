"""Quantities with SI units (set 9's largest class: 63 of its 96 first-run misses): prefixes, compound units,
case-sensitive symbols, the micro and ohm signs; and letters that stay symbols when no unit is in play."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from math_pairs import assert_judged
from verigrpo.verifiers.math import answers_equivalent
from verigrpo.verifiers.math.units import PREFIXES, UNITS, unit_scale


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # prefixes and compound units convert
        ("0.1 km", "100 m", True),
        ("1000 um", "1 mm", True),
        ("1000 N", "1 kN", True),
        ("0.001 MN", "1 kN", True),
        ("1 km/s", "1 m/ms", True),
        ("1 km g / s^2", "1 m kg s^-2", True),
        ("1000 mm kg ms^-1", "1 m g/us", True),
        ("1e-3 Pa ms^-2", "1 kPa s^-2", True),
        ("1000 mL", "1 L", True),
        ("3.6 km/h", "1 m/s", True),
        ("5 kilonewtons", "5 kN", True),
        ("2 \\text{ kJ}", "2000 J", True),
        ("1000 \\mathrm{MHz}", "1 GHz", True),
        # the ohm and micro signs are the plain spellings
        ("1 kΩ", "1000 ohm", True),
        (".001 MΩ", "1000 Ω", True),
        ("1 µA", "1e-6 A", True),
        ("1 μA", "1e-6 A", True),
        # case matters: M is mega, m is milli
        ("1 MN", "1 mN", False),
        ("0.001 mN", "1 kN", False),
        ("1 Mm", "1 mm", False),
        # another dimension is never equal, whatever the number
        ("100 km", "100 m", False),
        ("1 J", "1 N", False),
        ("1000 N", "1 kg", False),
        ("1 kPa s^-2", "1 kPa s^-1", False),
        ("2 kHz", "2000 s", False),
        # a wrong number in the right unit
        ("0.01 km", "100 m", False),
        ("999 N", "1 kN", False),
    ],
)
def test_quantities_convert_between_units_of_one_dimension(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        ("2nm", "2mn", True),  # without a unit on the other side, letters are symbols
        ("2 nm", "2", True),  # (stop 26) a unit of several letters against a plain number is a unit, as 2 kg is
        ("2 n", "2", False),
        ("5 m", "5", False),
        ("5 ms", "5sm", True),
        ("(3m, 2n)", "(3m, 2n)", True),  # inside brackets letters are never a unit
        ("(3m, 2s)", "(2s, 3m)", False),
        ("2 m + 3", "3 + 2m", True),  # a unit must end the item
        ("4 \\mu", "4\\mu", True),  # a Greek mu stays the letter
        ("2 cd", "2dc", True),  # candela is not read ("2cd" is c*d)
        ("5 m", "5 \\text{ meters}", True),  # as before
    ],
)
def test_letters_stay_symbols_where_no_unit_is_in_play(answer: str, reference: str, equal: bool) -> None:
    assert answers_equivalent(answer, reference) is equal


_PREFIXABLE = sorted(u for u, (_, _, prefix) in UNITS.items() if prefix)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_PREFIXABLE), st.sampled_from(sorted(PREFIXES)), st.sampled_from(sorted(PREFIXES)))
def test_every_prefix_pair_converts_by_its_powers_of_ten(unit: str, p: str, q: str) -> None:
    """``1 <p><unit>`` is ``10^(e_p - e_q) <q><unit>``, and never that number times 10."""
    shift = PREFIXES[p] - PREFIXES[q]
    other = f"1e{shift}" if shift else "1"
    assert answers_equivalent(f"{other} {q}{unit}", f"1 {p}{unit}")
    assert not answers_equivalent(f"{other}0 {q}{unit}", f"1 {p}{unit}")


def test_unit_scale_reads_products_quotients_and_powers() -> None:
    force = (1, 1, -2, 0, 0, 0, 0, 0, 0)  # L M T I K N D(ollar) X (information) G(BP)
    assert unit_scale("m kg s ^-2") == (force, 1)
    assert unit_scale("km g/s ^2") == (force, 1)
    assert unit_scale("kN") == (force, 1000)
    assert unit_scale("J/mol K") == ((2, 1, -2, 0, -1, -1, 0, 0, 0), 1)  # everything after "/" is below it
    assert unit_scale("sq cm")[1] * 10000 == 1
    assert unit_scale("cent/m ^2") == ((-2, 0, 0, 0, 0, 0, 1, 0, 0), sympy.Rational(1, 100))  # money: US dollars
    assert unit_scale("euro") is None  # no other currency converts (into dollars or anything)
    assert unit_scale("m/") is None
