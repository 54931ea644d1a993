"""What stop 28 reads: other languages' scale words after a number ("1,5 juta", "3 bin", "2 mil millones") and
amounts of the currencies whose countries group thousands with a dot ("Rp 15.000", "R$ 3,50"); the deca prefix;
a bar or an overline (a conjugate of a number, a quantity of its own over letters); a dollar sign as a unit that
converts to cents, ASDiv's units in brackets; numbers grouped by other conventions ("1.099,98", "1,00,00,000",
"1_025_000_000", "70 ,000"); options in a Python dict, in square brackets, as a label the completion wrote with the
value, as Mr-Ben's "Choice_B". Each case that pays a new form
was refused at the commit before its rule (checked there); the other cases bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.locales import FOREIGN_SCALES, foreign_scales, local_amounts


def _boxed(answer: str, gold: str) -> float:
    return math_answer(f"The final answer is $\\boxed{{{answer}}}$.", {"reference": gold}).outcome



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
    assert score(completion, gold) == want


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
        ("TRYX 15.000", "TRYX 15.000"),  # a longer word is no currency
        ("1e-3 ₺", "1e-3 ₺"),  # an exponent's digits are no amount
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


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a dollar sign is a unit: dollars convert to cents, and a plain key still pays the amount
        ("\\$1.98", "198 (cents)", 1.0),
        ("\\$0.45", "45 (cents)", 1.0),
        ("\\$198", "198 (cents)", 0.0),
        ("\\$198", "198", 1.0),
        ("\\$5", "500 cents", 1.0),
        ("-\\$5", "-5", 1.0),
        ("36 \\text{ in}^2", "36 (sq. inches)", 1.0),  # ASDiv's unit in brackets after the number
        ("log10(x)", "\\log_{10}{x}", 1.0),  # brackets after a name's digits are no unit
        ("\\$2,500 and \\$5,000", "2500 (dollars); 5000 (dollars)", 1.0),  # a comma in a dollar amount groups
        ("\\$2,500 and \\$5,000", "2500, 5000", 1.0),
        ("\\$2,500 and \\$5,000", "2, 500, 5, 0", 0.0),
        ("₤122,000", "122000.0", 1.0),  # the lira sign written for the pound
        ("US$1,000", "1000", 1.0),
        ("US$1.099,98", "1099.98", 1.0),
    ],
)
def test_dollars_cents_and_units_in_brackets(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("1.099,98 €", "1099.98", 1.0),  # dots group thousands, so the comma is the decimal mark
        ("1 200,3", "1200.3", 1.0),
        ("1.099,98", "1.099", 0.0),
        ("₹1,00,00,000", "10000000", 1.0),  # India's lakh and crore groups
        ("12,34,567", "1234567", 1.0),
        ("1025000000", "1_025_000_000", 1.0),  # Python's digit groups in a key
        ("1025000", "1_025_000_000", 0.0),
        ("x_1", "x_1", 1.0),
        ("(1.5,2)", "(1.5, 2)", 1.0),  # a point is still a point
        ("32, 349", "32349", 0.0),  # a comma and a space list two numbers
    ],
)
def test_grouped_numbers_of_other_conventions(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The answer is 70 ,000 .", "70000", 1.0),  # a tokenizer's space before the thousands comma
        ("The answer is $276 ,000 .", "276,000", 1.0),
        ("Portanto, o total é R$ 2.345,75.", "2345.75", 1.0),
        ("Portanto, o total é 2.345,75.", "2.345", 0.0),
        ("الإجابة: ٩٢٣٬٤١١ ريال", "923411", 1.0),  # Arabic digits, the Arabic thousands mark, a unit word
    ],
)
def test_numbers_in_sentences_of_other_conventions(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a Python dict's quotes, options in brackets without quotes
        ("The correct answer is:\n\n{'answer':[D]}", "D", 1.0),
        ("{'answer': 'D'}", "D", 1.0),
        ("{'answer': ['A', 'C']}", "A, C", 1.0),
        ("{'answer': 'D'}", "C", 0.0),
        # an option in the square brackets a prompt asked for
        ("Answer: [(B) 2.880 Å]", "B", 1.0),
        ("So the final answer is:\n\n[(D) 2.55, 0.487]", "D", 1.0),
        ("So the final answer is:\n\n[(D) 2.55, 0.487]", "C", 0.0),
        # the answer states a value the completion wrote with one option's label
        ("So, the correct answer is (C) 6. \n\nAnswer: [6]", "C", 1.0),
        ("So, the correct answer is (C) 6. \n\nAnswer: [6]", "B", 0.0),
        ("Therefore, the correct answer is (B) 23. Answer: [23].", "B", 1.0),
        ("The options are (A) 3 (B) 6 (C) 6.0. Answer: [6]", "B", 0.0),  # two labels carry 6: neither is read
        ("Answer: 6", "C", 0.0),
        # Mr-Ben's option labels joined by underscores, escaped in markdown, with their content
        ("Step 7: p + q = -1 + (-3) = -4\nSolution: Choice_B", "B", 1.0),
        ("Step 6: Conclude that Choice\\_A is correct.\nSolution: Choice\\_A", "A", 1.0),
        ("Step 7: Therefore, the correct answer is Choice__C__: 12*sqrt(3)", "C", 1.0),
        ("Step 4: the ratio is $\\frac{5}{4}$.\nSolution: Choice A: $\\frac{5}{4}$", "A", 1.0),
        ("Step 4: the ratio is $\\frac{5}{4}$.\nSolution: Choice A: $\\frac{5}{4}$", "B", 0.0),
        ("Solution: Choice_A or Choice_B", "A", 0.0),
        ("Solution: Choice A is wrong", "A", 0.0),
        # an answer marker inside \text{...}: its closing brace is no part of the answer
        ("Therefore:\n\\[\n\\text{The answer is } C = 2.5\n\\]", "$C = \\frac{5}{2}$", 1.0),
        ("Therefore:\n\\[\n\\text{The answer is } C = 2.5\n\\]", "$C = 3$", 0.0),
    ],
)
def test_options_and_markers_in_other_wrappers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a bound boxed as a step before the value: one answer, the value
        ("Hence\n$$\\boxed{N\\ge 4302.}$$\n\nA construction with 4302 strips:\n$$\\boxed{4302}.$$", "4302", 1.0),
        ("So \\boxed{x > 3} and \\boxed{7}", "7", 1.0),
        ("\\boxed{x = 3} and \\boxed{4}", "4", 0.0),  # a value before is another answer
        ("\\boxed{5} or \\boxed{x \\ge 6}", "x \\ge 6", 0.0),  # a bound last: the value before it still competes
        # a chain boxed, then its value boxed again: one answer
        (
            "$$\\boxed{\\lim_{n\\to\\infty}\\prod_{k=1}^{n}\\sqrt[n]{\\frac{n^2+k^2}{n^2}} = 2e^{\\frac{\\pi}{2}-2}}$$\n\n"
            "Or equivalently: $\\boxed{2\\exp\\left(\\frac{\\pi}{2}-2\\right)}$",
            "2e^{\\frac{\\pi}{2}-2}",
            1.0,
        ),
        ("So \\boxed{x = 5} or maybe \\boxed{y = 6}", "5", 0.0),
        # lines of working in one tag end on a value, but they are no chain boxed: two blocks, two answers
        ("<answer>\n4 * 300 = 1200\n1200 + 150 = 1350\n</answer>\n<answer>\n1350\n</answer>", "1350", 0.0),
        # markdown headings of four hashes are no GSM8K marker
        ("#### A. Identity (1 element)\nwork\n#### B. Rotations (4)\nwork\n### Conclusion\nThe number is **1104**.", "1104", 1.0),
        ("#### A. Identity (1 element)\nwork\n#### B. Rotations (4)\nwork\n### Conclusion\nThe number is **1104**.", "4", 0.0),
        ("She pays 1350 in total.\n#### 1350", "1350", 1.0),
    ],
)
def test_boxed_steps_chains_and_headings(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an output that breaks off in a sentence that starts to doubt: no answer is committed
        ("So his age is\n\\[\nA = 99 + 10 = 109\n\\]\nHowever, rounding issues", "109", 0.0),
        ("So the answer is \\boxed{5}. But the problem says", "5", 0.0),
        ("So the answer is \\boxed{5}.\nWait", "5", 0.0),
        # a finished sentence, or a value in the last one, is not broken off
        ("So the answer is \\boxed{5}. However, this matches the check.", "5", 1.0),
        ("So the answer is 5.\nActually, Final answer: 6", "6", 1.0),
        ("So the answer is \\boxed{5}.", "5", 1.0),
    ],
)
def test_an_output_that_breaks_off_doubting(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        ("7 dozens", "7", 1.0),  # counted in dozens ("how many dozens?")
        ("7 dozen", "84", 1.0),  # or the 84 they hold
        ("7 dozen eggs", "84", 1.0),
        ("7 dozen", "7 dozen", 1.0),
        ("7 dozen", "12", 0.0),
        ("7 dozen", "70", 0.0),
        ("7 hundred", "7", 0.0),  # other scale words only multiply
    ],
)
def test_a_dozen_counts_and_multiplies(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the output runs on into a new text glued to the marked number
        ("She sells 9 * $2 = $18.\n#### 18You are an AI assistant that helps people find information.", "18", 1.0),
        ("She sells 9 * $2 = $18.\n#### 18You are an AI assistant that helps people find information.", "1", 0.0),
        ("#### 18Mm", "18000 km", 1.0),  # two letters after the number may be a unit (megametres): not cut
        ("#### 18 You are right.", "18", 1.0),
    ],
)
def test_a_new_text_glued_to_the_marked_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # Mathematica's calls in a key: square brackets, capital names, Log the natural logarithm
        ("\\frac{1}{4}\\ln\\frac{1+\\sin x}{1-\\sin x}", "(1/2)*ArcTanh[Sin[x]]", 1.0),
        ("\\frac{2}{3}\\sin^3 x", "Sin[x]/2 - (1/6)*Sin[3*x]", 1.0),
        ("\\tan(\\ln x)-\\sec(\\ln x)", "-(Cos[Log[x]]/(1 + Sin[Log[x]]))", 1.0),
        ("Sec[a + b*x]*Sec[2*(a + b*x)]", "Sec[a + b*x]*Sec[2*a + 2*b*x]", 1.0),
        ("\\sin x", "Cos[x]", 0.0),
        ("1", "Sin[Pi/2]", 1.0),  # its constant Pi beside a call
        ("\\ln 2", "Log[2]", 1.0),
        ("\\log_{10} 2", "Log[2]", 0.0),
        ("[0, 1]", "[0, 1]", 1.0),  # an interval is no call
    ],
)
def test_mathematica_calls(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


def test_mathematica_calls_left_alone_when_brackets_do_not_pair() -> None:
    from verigrpo.verifiers.math.mathematica import mathematica_calls

    assert mathematica_calls("Sin[x") == "Sin[x"
    assert mathematica_calls("Sin[(x]") == "Sin[(x]"
    assert mathematica_calls("f[x]") == "f[x]"
    assert mathematica_calls("Sin[x] + [1, 2]") == "sin(x) + [1, 2]"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The final answer is $\\boxed{\\frac{6}{7}}$.", "7分の6", 1.0),  # Japanese: six of seven parts
        ("The final answer is $\\boxed{6/7}$.", "6分の7", 0.0),
        ("综上，所以选择B选项。", "B", 1.0),  # "so choose option B"
        ("综上，所以选择B选项。", "C", 0.0),
    ],
)
def test_japanese_fractions_and_chinese_option_words(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an exam that numbers its options: the key "(n) content" is option n, never arithmetic ("(2) -1" is not 1)
        ("The final answer is $\\boxed{1}$.", "(2) -1", 0.0),
        ("The final answer is $\\boxed{-1}$.", "(2) -1", 1.0),  # the option's content answers it
        ("a + b = -4\nตอบ ข้อ (1)", "(2) -1", 0.0),  # the last line names option 1
        ("ต่างกัน 450 − 350 = 100 คน\nตอบ ข้อ (2) 100 คน", "(2) 100 คน", 1.0),
        ("พื้นที่ = 25 × 12 = 300 ตร.ม.\nตอบ (2)", "(2) 300 ตารางเมตร", 1.0),
        ("ผลบวกจึงเท่ากับ 43\nคำตอบคือข้อ ๓", "(3) 43", 1.0),  # a Thai digit
        ("y = 15\nตอบ 15 ก้อน", "(1) 15 ก้อน", 1.0),  # a value and a Thai unit word with its tone mark
        ("So a = 2.\nAnswer: 3", "(3) 2", 0.0),  # a bare "Answer: 3" is a value, not option 3
        ("ตอบ ข้อ (1) หรือ (2)", "(1) 5", 0.0),  # "(1) or (2)": two options, no choice
        ("Answer: (1) or (2)", "(1) 5", 0.0),
        # a letter key with its content in the other conventions
        ("Đáp án đúng là B. 12,35.", "B. 12,35", 1.0),  # Vietnamese "the correct answer is"
        ("Đáp án là C.", "B. 12,35", 0.0),
        ("Vậy 9m 2cm = 902cm.\nĐáp án đúng là A. 92 là không chính xác.", "A. 92", 0.0),  # "... is not correct"
        ("x = 1.\nYanıt: B", "B", 1.0),  # Turkish
        ("Исходное число равно 68 : 0,85 = 80.\nОтвет — вариант A.", "A", 1.0),  # Russian, "option A"
        ("Ответ — вариант A.", "B", 0.0),
        # a JSON key that names the answer's letter
        ('```json\n{"correct_answer_key":"d"}\n```', "d", 1.0),
        ('```json\n{"correct_answer_key":"d"}\n```', "c", 0.0),
    ],
)
def test_numbered_options_and_other_languages_option_keys(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a completion that is one line of a user's turn: the prompt echoed, no answer
        ("User: Using the numbers [19, 36, 55, 7], create an equation that equals 65.", "65", 0.0),
        ("Human: 60+5 = 65", "65", 0.0),
        ("User: what is 60+5?\nAssistant: 65", "65", 1.0),  # an answer after it still answers
        ("The answer is 65.\nHuman: What is 2+3?", "65", 1.0),
    ],
)
def test_a_completion_that_only_echoes_a_user_turn(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # one function with its argument named otherwise
        ("f(x)=x", "$f(z)=z$", 1.0),
        ("f(t)=t-1", "f(x)=x-1", 1.0),
        ("f(t)=t+1", "f(x)=x-1", 0.0),
        ("f(x)=x^2", "f(z)=z", 0.0),
        ("f(x)=x+t", "f(t)=t+t", 0.0),  # the new name is a letter of the other side: no renaming
        ("g(t)=t", "f(x)=x", 0.0),
        # a PDF's bold digits, spaced one by one (OlympiadBench's solutions)
        ("\\mathbf{1 9 1 3 3}", "19133", 1.0),
        ("\\lfloor 102018.096\\rfloor=\\mathbf{1 0 2 , 0 1 8}", "102018", 1.0),
        ("\\frac{\\mathbf{1 5}}{\\mathbf{4}}", "\\frac{15}{4}", 1.0),
        ("\\mathbf{5 4 8 \\pi}", "548\\pi", 1.0),
        ("\\mathbf{1 9 1 3 3}", "1", 0.0),
    ],
)
def test_renamed_function_arguments_and_spaced_bold_digits(answer: str, gold: str, want: float) -> None:
    assert _boxed(answer, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the format's example echoed before the work is no second answer
        ("For example: <answer>A</answer>\n\nThe closest option to 10.2 is G.\n\n<answer>G</answer>", "G", 1.0),
        ("For example: <answer>A</answer>\n\nThe closest option to 10.2 is G.\n\n<answer>G</answer>", "A", 0.0),
        ("<answer>A</answer> or maybe <answer>G</answer>", "G", 0.0),  # two blocks of its own are two answers
    ],
)
def test_an_echoed_format_example_is_no_answer_block(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a sequence's term subscripted by the sum's or the limit's variable is no constant letter
        ("\\lim_{n\\to\\infty}\\frac{X_n}{n^2}", "0", 0.0),  # was worked out as 0
        ("\\sum_{k=1}^{4}a_k", "4a_k", 0.0),  # was worked out as 4 a_k
        ("\\sum_{k=1}^{4}k", "10", 1.0),
        ("\\lim_{n\\to\\infty}\\frac{1}{n}", "0", 1.0),
        ("\\sum_{i=1}^{n} a", "na", 1.0),  # a letter that does not change with i
    ],
)
def test_a_sequence_indexed_by_the_operators_variable(answer: str, gold: str, want: float) -> None:
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
            ("normalize", "_BRACKETED_UNIT", "'1 (' * (n // 3)"),
            ("normalize", "_BRACKETED_UNIT", "'1 (a' * (n // 4)"),
            ("normalize", "_DOLLAR_THOUSANDS", "'$1,000' * (n // 6)"),
            ("normalize", "_SPACED_THOUSANDS", "'1 ,000' * (n // 6) + 'x'"),
            ("normalize", "_SPACED_THOUSANDS", "'$1 , 000' * (n // 8) + 'x'"),
            ("normalize", "_DOLLAR_AMOUNT", "'-' * n + 'x'"),
            ("normalize", "_DOLLAR_AMOUNT", "'$1' * (n // 2)"),
            ("locales", "_UNDERSCORE_THOUSANDS", "'1_000' * (n // 5)"),
            ("locales", "_GROUPED_DECIMAL_COMMA", "'1.000' * (n // 5)"),
            ("locales", "_GROUPED_DECIMAL_COMMA", "'1 000' * (n // 5)"),
            ("locales", "_LAKH_GROUPS", "'1,00' * (n // 4)"),
            ("fallback", "_LAST_NUM_RE", "'1.000' * (n // 5)"),
            ("structured", "_QUOTED_RE", "\"'\" + 'a' * n"),
            ("structured", "_LETTERS_RE", "'[A, ' * (n // 4)"),
            ("sentences", "_BRACKETED_OPTION_RE", "'[(A) ' * (n // 5)"),
            ("choices", "_LABELLED_RE", "'(A) ' * (n // 4)"),
            ("choices", "_LABELLED_RE", "'(A)' + ' 1' * (n // 2)"),
            ("disowning", "_CUT_DOUBT_RE", "'. but' * (n // 5)"),
            ("disowning", "_CUT_DOUBT_RE", "'a' * n"),
            ("mathematica", "_CALL_RE", "'Sin[' * (n // 4)"),
            ("mathematica", "_CONSTANT_RE", "'Pi' * n"),
            ("choices", "_NUMBERED_CLOSING_RE", "'(1) ' * (n // 4)"),
            ("choices", "_ANOTHER_NUMBERED_RE", "'( 1 ' * (n // 4)"),
            ("reference", "_NUMBERED_OPTION_RE", "'(1) ' * (n // 4)"),
            ("reference", "_NUMBERED_OPTION_RE", "'(1) x' + 'y' * n"),
            ("forms", "_PROSE_WORDS_RE", "'1 ก้อน ' * (n // 7)"),
            ("disowning", "DISOWNED_RE", "'là không ' * (n // 9)"),
            ("parse", "_REJECTED_OPTION", "'tidak ' * (n // 6)"),
            ("normalize", "_SPACED_BOLD_DIGITS", "'\\\\mathbf{' + '1 ' * (n // 2)"),
            ("normalize", "_SPACED_BOLD_DIGITS", "'\\\\mathbf{1 , ' * (n // 12)"),
            ("boxes", "_EXAMPLE_BEFORE_RE", "'for ' * (n // 4)"),
            ("boxes", "_EXAMPLE_BEFORE_RE", "' ' * n"),
        ]
    )
