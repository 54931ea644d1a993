"""Numbers written in other languages' words (verifiers/math/numwords.py): each language's grammar of units, tens,
scale words, a decimal word and money's two units; refusals of ill-formed sequences and of lone words that mean
something else. Round trips through small writers of Spanish and Thai numbers check the parts rule on many values."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.numwords import LANGUAGES, number_words


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("veinticinco", 25),
        ("doscientos cuarenta y tres mil setecientos veinticuatro", 243724),
        ("dos mil millones", 2_000_000_000),  # scale words in a row multiply
        ("dreiundfünfzig", 53),
        ("zwei und vierzig", 42),  # the unit before its tens, written apart
        ("neunzehnhundertdreiundsiebzig", 1973),
        ("quatre-vingt-dix-neuf", 99),
        ("soixante et onze", 71),
        ("septante-deux", 72),  # Belgian and Swiss French
        ("deux cents", 200),
        ("ventotto", 28),  # Italian drops the tens' vowel before otto
        ("duemila", 2000),
        ("dois mil, trezentos e quarenta e cinco", 2345),
        ("vint-i-u", 21),
        ("двести тридцать шесть", 236),
        ("dwieście trzydzieści", 230),
        ("iki bin yirmi beş", 2025),
        ("dua belas", 12),
        ("seratus dua puluh", 120),
        ("một trăm lẻ một", 101),
        ("hai mươi mốt", 21),
        ("ยี่สิบเอ็ด", 21),
        ("หนึ่งล้านล้าน", 10**12),  # a million millions
        ("이억오천만사천", 250_004_000),
        ("तीन लाख", 300_000),
        ("छब्बीस", 26),  # Hindi: a word of its own for each number to 99
        ("दो अरब चौदह करोड़ चौहत्तर लाख तिरासी हज़ार छह सौ सैंतालीस", 2_147_483_647),
        ("اثنان و خمسون", 52),
        ("tweeëntwintig", 22),
        ("10 bin 990", 10990),  # digits joined by a scale word of a thousand
        ("moins quinze", -15),
        ("минус сорок", -40),
        ("drei", 3),
        ("три", 3),
    ],
)
def test_integers_in_words(words: str, value: int) -> None:
    assert number_words(words) == value


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("tre virgola uno quattro uno cinque", "3.1415"),  # single digits after the decimal word
        ("uno coma cuatrocientos uno", "1.401"),  # a number after it: its digits
        ("сто двадцать целых ноль пять", "120.05"),
        ("dua belas koma dua tiga empat", "12.234"),
        ("สามจุดหนึ่งสี่", "3.14"),
        ("ห้าสิบบาทห้าสิบสตางค์", "50.5"),  # money: the major unit marks the decimal when the minor one ends
        ("ลบห้าสิบบาทห้าสิบสตางค์", "-50.5"),
        ("十九", None),  # Chinese numerals are normalize.py's
        ("십구달러 오십오센트", "19.55"),
        ("dois reais e cinco centavos", "2.05"),
        ("หนึ่งร้อยบาทถ้วน", "100"),  # "exactly" after the amount
    ],
)
def test_decimals_and_money(words: str, value: str | None) -> None:
    want = None if value is None else sympy.Rational(value)
    assert number_words(words) == want


@pytest.mark.parametrize(
    "words",
    [
        "dos tres",  # two numbers, not one
        "veinte diez",  # a part must fit below the last one's lowest place
        "dos mil tres mil",
        "once",  # Spanish 11, but the English word
        "on",  # Turkish 10
        "cent",  # French 100, and the coin
        "e",  # Euler's number, not Portuguese "and"
        "BA",  # a segment's name, not Vietnamese "ba" (3)
        "y dos",  # a joining word first
        "veinte y",  # or last
        "-32074 million",  # digits with a sign are the digit readers' (a sign a separator would lose)
        "1,5 juta",
        "3 cent",  # digits and words: only with a scale word of a thousand or more
        "quatre deux",
        "ห้าสิบบาทห้าสิบ",  # the minor unit's word is missing
        "cincuenta y tres and five",  # two languages
        "twenty-five",  # English is parse.py's
    ],
)
def test_refused(words: str) -> None:
    assert number_words(words) is None


def test_hindi_names_every_number_from_21_to_99_once() -> None:
    from verigrpo.verifiers.math.numwords import _HINDI_21_TO_99

    assert sorted(set(_HINDI_21_TO_99.values())) == [k for k in range(21, 100) if k % 10]


def test_every_language_table_has_a_number_for_one_to_nine() -> None:
    for code, lang in LANGUAGES.items():
        values = set(lang.adds.values())
        assert set(range(1, 10)) <= values, code


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("veinticinco", "25", 1.0),
        ("veinticinco", "26", 0.0),
        ("dreiundfünfzig Milliarden", "53000000000", 1.0),
        ("หนึ่งร้อยสิบหกบาทถ้วน", "116", 1.0),
        ("quatre-vingt-dix", "80", 0.0),
        ("\\text{drei}", "3", 1.0),
        ("BA", "3", 0.0),
    ],
)
def test_verifier_reads_words_as_the_number(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


_ES_UNITS = "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis " \
            "diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés veinticuatro veinticinco " \
            "veintiséis veintisiete veintiocho veintinueve".split()
_ES_TENS = {3: "treinta", 4: "cuarenta", 5: "cincuenta", 6: "sesenta", 7: "setenta", 8: "ochenta", 9: "noventa"}
_ES_HUNDREDS = {1: "ciento", 2: "doscientos", 3: "trescientos", 4: "cuatrocientos", 5: "quinientos",
                6: "seiscientos", 7: "setecientos", 8: "ochocientos", 9: "novecientos"}  # fmt: skip


def _spanish_below_1000(n: int) -> list[str]:
    out = []
    if n >= 100:
        out.append("cien" if n == 100 else _ES_HUNDREDS[n // 100])
        n %= 100
    if n >= 30:
        out.append(_ES_TENS[n // 10])
        if n % 10:
            out += ["y", _ES_UNITS[n % 10]]
    elif n:
        out.append(_ES_UNITS[n])
    return out


def _spanish(n: int) -> str:
    """A small writer of Spanish numbers below a million (the test's own, to check the reader's round trip)."""
    thousands, rest = divmod(n, 1000)
    words = []
    if thousands:
        words += ([] if thousands == 1 else _spanish_below_1000(thousands)) + ["mil"]
    words += _spanish_below_1000(rest)
    return " ".join(words)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=999_999))
def test_spanish_round_trip(n: int) -> None:
    assume(n not in (11, 1000))  # "once" and "mil" alone are refused: English "once", the unit "mil"
    assert number_words(_spanish(n)) == n


_TH_DIGITS = "ศูนย์ หนึ่ง สอง สาม สี่ ห้า หก เจ็ด แปด เก้า".split()
_TH_PLACES = ["", "สิบ", "ร้อย", "พัน", "หมื่น", "แสน"]


def _thai(n: int) -> str:
    """Thai below ten million: digits with their place words; ยี่ for 2 tens, เอ็ด for a 1 after tens."""
    millions, rest = divmod(n, 1_000_000)
    head = (_thai(millions) + "ล้าน") if millions else ""
    out = []
    digits = str(rest)
    for i, d in enumerate(digits):
        place, d = len(digits) - 1 - i, int(d)
        if d == 0:
            continue
        if place == 1:
            out.append({1: "", 2: "ยี่"}.get(d, _TH_DIGITS[d]) + "สิบ")
        elif place == 0 and d == 1 and (rest >= 10 or millions):
            out.append("เอ็ด")
        else:
            out.append(_TH_DIGITS[d] + _TH_PLACES[place])
    return head + "".join(out)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=99_999_999))
def test_thai_round_trip(n: int) -> None:
    assert number_words(_thai(n)) == n


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(sorted(LANGUAGES["fr"].adds) + ["cent", "mille", "et", "-", " "]), max_size=8))
def test_never_raises_on_any_sequence(words: list[str]) -> None:
    value = number_words(" ".join(words))
    assert value is None or isinstance(value, sympy.Rational)


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("tres cuartos", "3/4", 1.0),  # a denominator's word after the numerator
        ("cinco y medio", "5.5", 1.0),  # a whole number, "and", a half
        ("zweieinhalb", "2.5", 1.0),
        ("dreiviertel", "0.75", 1.0),
        ("bir buçuk", "1.5", 1.0),  # Turkish "and a half"
        ("deux et demi", "2.5", 1.0),
        ("tres cuartos", "3/5", 0.0),
        ("cuarto", "4", 0.0),  # a denominator alone: a fraction or an ordinal, not read
        ("cinco billones", "5000000000000", 1.0),  # Spanish: a million millions
        ("um bilhão", "1000000000", 1.0),  # Brazil's thousand millions
        ("um bilião", "1000000000000", 1.0),  # Portugal's million millions
    ],
)
def test_fractions_and_long_scales_in_words(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("eleventh", "11", 1.0),  # an ordinal names a position
        ("twenty-first", "21", 1.0),
        ("one hundred and forty second", "142", 1.0),
        ("one fifth", "5", 0.0),  # a fraction, read first: 1/5
        ("fourth", "1/4", 0.0),
        ("two point three", "2.3", 1.0),  # a decimal said aloud
        ("point one", "0.1", 1.0),
        ("2 point 5", "2.5", 1.0),
        ("two point three four", "2.3", 0.0),
        ("one hundred and forty two over eleven", "142/11", 1.0),  # a fraction said aloud
        ("minus 1 over 7", "-1/7", 1.0),
        ("minus 1 over 7", "1/7", 0.0),
        ("hundred", "100", 1.0),  # one of the scale
        ("a thousand", "1000", 1.0),
        ("half", "0.5", 1.0),
    ],
)
def test_english_ordinals_decimals_and_fractions_said_aloud(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("the sun is hundred and twelve km away.", "112", 1.0),  # the whole phrase, not its last word
        ("the sun is hundred and twelve km away.", "12", 0.0),
        ("David has three apples.", "3", 1.0),
        ("There are zero marbles left in the basket.", "0", 1.0),
        ("She has two three apples.", "3", 0.0),  # no number
    ],
)
def test_a_phrase_of_number_words_in_a_last_sentence(completion: str, gold: str, want: float) -> None:
    assert math_answer(completion, {"reference": gold}).outcome == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("一百一", "110", 1.0),  # a last digit right after 百, 千 or 万 takes the next place down
        ("一百一", "101", 0.0),
        ("两千六", "2600", 1.0),
        ("三万五", "35000", 1.0),
        ("一百零一", "101", 1.0),  # a zero keeps the units place
        ("二十五", "25", 1.0),
        ("壹佰壹拾壹", "111", 1.0),  # the banker's digits
        ("壱億弐阡参百四拾五萬六阡七百八拾九", "123456789", 1.0),  # Japanese's old forms
        ("玖仟陆佰陆拾伍圆壹角捌分", "9665.18", 1.0),  # yuan, jiao and fen as a cheque writes them
        ("壹拾壹元整", "11", 1.0),
        ("壹拾壹元整", "11.1", 0.0),
        ("廿二", "22", 1.0),  # one character for twenty
        ("一七二零", "1720", 1.0),  # a year read digit by digit
        ("三四", "34", 0.0),  # two digits: "three or four"
        ("百二十三・零一二", "123.012", 1.0),
        ("零下四摄氏度", "-4℃", 1.0),  # below zero, in degrees Celsius
        ("零下四摄氏度", "4℃", 0.0),
    ],
)
def test_chinese_colloquial_and_bankers_numerals(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want
