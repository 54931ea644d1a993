"""What stop 28 reads: other languages' scale words after a number ("1,5 juta", "3 bin", "2 mil millones") and
amounts of the currencies whose countries group thousands with a dot ("Rp 15.000", "R$ 3,50"); the deca prefix;
a bar or an overline (a conjugate of a number, a quantity of its own over letters). Each case that pays a new form
was refused at the commit before its rule (checked there); the other cases bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.locales import FOREIGN_SCALES, foreign_scales, local_amounts


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome


def _raw(completion: str, gold: str) -> float:
    return math_answer(completion, {"reference": gold}).outcome


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("1,5 juta", "1500000", 1.0),  # Indonesian: a decimal comma, then a million
        ("1.5 juta", "1500000", 1.0),  # an English decimal point before one or two digits
        ("5 triệu", "5000000", 1.0),
        ("2 Millionen", "2000000", 1.0),
        ("2,5 Millionen", "2500000", 1.0),
        ("2 mil millones", "2000000000", 1.0),  # scale words in a row multiply
        ("1.500 millones", "1500000000", 1.0),  # a dot before three digits groups thousands there
        ("3,5 млн", "3500000", 1.0),
        ("12 tỷ", "12000000000", 1.0),
        ("2,5 millions", "2500000", 1.0),
        ("1 nghìn tỷ", "1000000000000", 1.0),
        ("2 Mio.", "2000000", 1.0),
        ("3 лакх", "300000", 0.0),  # a transliteration no table holds: not read
        # the scale multiplies: the bare number is not paid
        ("2 Millionen", "2", 0.0),
        ("5 triệu", "5", 0.0),
        ("1,5 juta", "1.5", 0.0),
        ("2 mil millones", "2000", 0.0),
        # a comma before exactly three digits: 1.5 in Spain, 1500 in Mexico; neither is paid
        ("1,500 millones", "1500000000", 0.0),
        ("1,500 millones", "1500000", 0.0),
        # a plural or a longer word is no scale word ("3 bins" are three bins)
        ("3 bins", "3000", 0.0),
    ],
)
def test_scale_words_of_other_languages(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("Cevap: 3 bin", "3000", 1.0),  # Turkish
        ("Cevap: 57,5 bin dolar", "57500", 1.0),
        ("Cevap: 3 bin", "300", 0.0),
        ("Đáp án: 5 triệu đồng", "5000000", 1.0),  # the unit word after the scale stays a unit
        ("Jawaban: 1,5 juta rupiah", "1500000", 1.0),
        ("Die Antwort ist 2,5 Millionen Euro.", "2500000", 1.0),
        ("Ответ: 57,5 тыс. долларов.", "57500", 1.0),
        ("Die Antwort ist 3 Millionen.", "3", 0.0),
    ],
)
def test_scale_words_in_a_sentence(completion: str, gold: str, want: float) -> None:
    assert _raw(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("Rp 15.000", "15000", 1.0),  # the rupiah's country groups thousands with a dot
        ("Rp 15.000", "15", 0.0),
        ("Rp 1,5 juta", "1500000", 1.0),
        ("R$ 3,50", "3.5", 1.0),  # the real's: a decimal comma
        ("R$ 3,50", "350", 0.0),
        ("₺50", "50", 1.0),
        ("1.234.567,5 ₫", "1234567.5", 1.0),
        # a comma before exactly three digits: 1.5 reais there, 1500 where English is written; neither is paid
        ("R$ 1,500", "1500", 0.0),
        ("R$ 1,500", "1.5", 0.0),
    ],
)
def test_amounts_of_currencies_that_group_thousands_with_a_dot(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("1,5 juta", "1500000"),
        ("3 bin TL", "3000 TL"),
        ("-2 mil millones", "-2000000000"),
        ("1.500,5 millones", "1500500000"),
        ("1 500 millions", "1500000000"),  # French: a space groups thousands
        ("1,500 millones", "1,500 millones"),
        ("x3 bin", "x3 bin"),  # digits inside a name
        ("3 binary", "3 binary"),
    ],
)
def test_foreign_scales_rewrites_only_what_it_can_read(text: str, want: str) -> None:
    assert foreign_scales(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Rp 15.000", "15000 rupiah"),
        ("R$ 3,50", "3.50 real"),
        ("15.000 ₫", "15000 dong"),
        ("Rp 1.5", "1.5 rupiah"),
        ("R$ 1,500", "R$ 1,500"),
        ("TLX 15.000", "TLX 15.000"),  # a longer word is no currency
    ],
)
def test_local_amounts(text: str, want: str) -> None:
    assert local_amounts(text) == want


def test_the_scale_table_holds_lower_case_words_only() -> None:
    # the rewrite looks words up lower-cased: an entry with a capital would never be found
    assert all(w == w.lower() for w in FOREIGN_SCALES)
    assert all(1 <= p <= 12 for p in FOREIGN_SCALES.values())


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("3 dam", "30 m", 1.0),
        ("3 decameters", "30 m", 1.0),
        ("2 dekaliters", "20 L", 1.0),
        ("5 daN", "50 N", 1.0),
        ("3 dam", "300 m", 0.0),
        ("3 days", "72 hours", 1.0),  # "day" is still the day, not deca-"y"
    ],
)
def test_the_deca_prefix(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("\\overline{z}", "\\bar{z}", 1.0),
        ("\\overline{3+4i}", "3-4i", 1.0),  # the conjugate of a number is worked out
        ("\\overline{3+4i}", "3+4i", 0.0),
        ("2\\bar{z}+1", "1+\\bar{z}+\\overline{z}", 1.0),
        ("\\overline{AB}", "\\overline{BA}", 1.0),
        ("0.1\\bar{6}", "\\frac16", 1.0),  # a repeating decimal stays one
        # over letters, a quantity of its own (a conjugate, a mean, a segment): no value of the letters is it
        ("\\bar{z}", "z", 0.0),
        ("\\bar{x}", "x", 0.0),
        ("\\overline{AB}", "AB", 0.0),
        # a bar over a name labels the value, as "x = 5" does
        ("\\bar{x} = 5", "5", 1.0),
        ("\\bar{A} = \\{1,3,5\\}", "\\{1,3,5\\}", 1.0),
        ("\\bar{x} = 5", "x = 5", 0.0),
    ],
)
def test_a_bar_over_a_value(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_the_stop28_patterns_are_linear_time() -> None:
    assert_patterns_linear(
        [
            ("locales", "_SCALED_RE", "'1 ' * (n // 2)"),
            ("locales", "_SCALED_RE", "'1.000' * (n // 5)"),
            ("locales", "_SCALED_RE", "'1 mil' * (n // 5)"),
            ("locales", "_SCALED_RE", "'1' * n + ' x'"),
            ("locales", "_AMOUNT_AFTER_RE", "'Rp 1.000' * (n // 8)"),
            ("locales", "_AMOUNT_AFTER_RE", "'Rp ' + '1.000' * (n // 5)"),
            ("locales", "_AMOUNT_BEFORE_RE", "'1.000 ' * (n // 6)"),
            ("locales", "_AMOUNT_BEFORE_RE", "'1' * n"),
            ("normalize", "_FOREIGN_SCALE_HINT", "'1 ' * (n // 2)"),
        ]
    )
