"""Stop 36: classes found by red team 37 and by the blind sets of this stop. Each case that moved was scored the
other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score
from verigrpo.verifiers.math import math_answer
from verigrpo.verifiers.math.numwords import number_words

_WORKING = "We check the 5 cases one by one and count the valid ones.\n\n"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a last sentence that concludes in words after the working's last numeral states the answer: its one
        # number in words, or no value at all; the working's 5 is no answer
        (_WORKING + "Therefore there are seven such numbers.", "7", 1.0),
        (_WORKING + "Therefore there are seven such numbers.", "5", 0.0),
        (_WORKING + "Hence, x equals seven.", "7", 1.0),
        (_WORKING + "Hence, x equals seven.", "5", 0.0),
        (_WORKING + "The limit does not exist.", "5", 0.0),
        (_WORKING + "There are no such numbers.", "5", 0.0),
        (_WORKING + "The series diverges.", "5", 0.0),
        ("We check the 5 cases. There are no such numbers.", "5", 0.0),
        # a last sentence with its own numeral, or one that concludes nothing, keeps the last number
        ("We check the 5 cases. There are no such numbers other than 5.", "5", 1.0),
        ("The total is 12 apples.\n\nThat is the final count.", "12", 1.0),
        ("So she has 14 dollars left.", "14", 1.0),
    ],
)
def test_a_worded_conclusion_after_the_last_numeral(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "the final answer is" in other languages marks the answer, in digits or in words
        (_WORKING + "La réponse finale est sept.", "7", 1.0),
        (_WORKING + "La réponse finale est sept.", "5", 0.0),
        (_WORKING + "La respuesta final es siete.", "7", 1.0),
        (_WORKING + "La respuesta final es siete.", "5", 0.0),
        (_WORKING + "Vậy đáp án cuối cùng là bảy.", "7", 1.0),
        (_WORKING + "A resposta final é 12.", "12", 1.0),
        (_WORKING + "La risposta finale è 12.", "12", 1.0),
        (_WORKING + "La risposta finale è 12.", "5", 0.0),
    ],
)
def test_final_answer_phrases_in_other_languages(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("words", "value"),
    [("две трети", "2/3"), ("одна треть", "1/3"), ("пять шестых", "5/6"), ("три четверти", "3/4"),
     ("dwie trzecie", "2/3"), ("jedna czwarta", "1/4"), ("две", "2"), ("пять", "5")],
)
def test_russian_and_polish_fractions_in_words(words: str, value: str) -> None:
    assert str(number_words(words)) == value


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a fraction, a root, a power, a minus or a half in another language's words makes another number
        ("Решаем по шагам.\n\nИтак, ответ: две трети.", "\\frac23", 1.0),
        ("Решаем по шагам.\n\nИтак, ответ: две трети.", "2", 0.0),
        ("Решаем по шагам.\n\nОтвет: 2 трети.", "2", 0.0),
        ("Решаем по шагам.\n\nИтак, ответ: пять шестых.", "5", 0.0),
        ("Calculons.\n\nRéponse : racine de 5.", "5", 0.0),
        ("Rechnen wir.\n\nAntwort: Wurzel aus 5.", "5", 0.0),
        ("Calculemos.\n\nRespuesta: raíz de 5.", "5", 0.0),
        ("Ta tính.\n\nĐáp án: căn 5.", "5", 0.0),
        ("計算します。\n\n答え：ルート5", "5", 0.0),
        ("계산합니다.\n\n답: 루트 5", "5", 0.0),
        ("Calculons.\n\nRéponse : 5 au carré.", "5", 0.0),
        ("Решаем.\n\nОтвет: пять в квадрате.", "5", 0.0),
        ("Calculemos.\n\nRespuesta: 5 al cuadrado.", "5", 0.0),
        ("Ta tính.\n\nĐáp án: 5 bình phương.", "5", 0.0),
        ("따라서 답은 5의 제곱입니다.", "5", 0.0),
        ("所以答案是5的一半。", "5", 0.0),
        ("따라서 답은 10의 절반입니다.", "10", 0.0),
        ("Ta tính.\n\nĐáp án: âm 5.", "5", 0.0),
        ("計算します。\n\n答え：マイナス5", "5", 0.0),
        ("계산합니다.\n\n답: 마이너스 5", "5", 0.0),
        ("Vậy kết quả là căn 5.", "5", 0.0),
        ("Итак, получаем корень из 5.", "5", 0.0),
        # the same words as plain prose around the answer leave it alone: the root of an equation, a unit
        ("Calculemos.\n\nLa raíz es 5.", "5", 1.0),
        ("La superficie est de 12 mètres carrés.", "12", 1.0),
        ("Ответ: 5 яблок.", "5", 1.0),
    ],
)
def test_words_of_other_languages_that_change_a_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the fallback's last number with a word that makes another number of it
        ("We compute.\n\nSo the result is 5 squared.", "5", 0.0),
        ("We compute.\n\nSo the result is half of 10.", "10", 0.0),
        ("We compute.\n\nSo the result is 2 thirds.", "2", 0.0),
        ("所以结果是5的平方。", "5", 0.0),
        # a minus word in any language is a sign: the number is negative
        ("So the temperature is minus 4 degrees.", "-4", 1.0),
        ("Vậy nhiệt độ là âm 5 độ.", "-5", 1.0),
        ("Sonuç eksi 4 derece.", "-4", 1.0),
        ("Sonuç eksi 4 derece.", "4", 0.0),
        # units and multiples are no change: "quarts" of ice cream, "3 tiers", "1.29倍" (1.29 times)
        ("In total, the factory would make 2400 + 600 = 3000 quarts of ice cream in 48 hours.", "3000", 1.0),
        ("So the cake has 3 tiers.", "3", 1.0),
        ("答：现在每班生产的零件是过去的1.29倍。", "1.29", 1.0),
    ],
)
def test_the_fallback_refuses_a_changed_last_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop36_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("laststate", "NO_VALUE_CONCLUSION_RE", "'does not ' * (n // 9)"),
            ("laststate", "NO_VALUE_CONCLUSION_RE", "'there is no ' * (n // 12)"),
            ("forms", "_FOREIGN_CHANGED_RE", "'1 ' * (n // 2)"),
            ("forms", "_FOREIGN_CHANGED_RE", "'racine carrée ' * (n // 14)"),
            ("forms", "_FOREIGN_CHANGED_RE", "'au ' * (n // 3)"),
            ("forms", "_CHANGED_AFTER_RE", "' ' * n"),
            ("forms", "_CHANGED_BEFORE_RE", "'half of 1' * (n // 9)"),
            ("forms", "_CHANGED_BEFORE_RE", "'racine ' * (n // 7)"),
            ("forms", "_CHANGED_AFTER_RE", "'∗ ' * (n // 2)"),
            ("doubts", "_SET_ASIDE_AFTER_RE", "'is therefore ' * (n // 13)"),
            ("doubts", "_GAVE_UP_RE", "'unable to ' * (n // 10)"),
            ("cleanup", "_FIRST_END_RE", "'<|end' * (n // 5)"),
            ("cleanup", "_CALCULATOR_NOTE_RE", "'<<1=' * (n // 4)"),
            ("normalize", "_BENGALI_COUNTER_RE", "'1টি' * (n // 3)"),
            ("extract", "_HYPOTHETICAL_BEFORE_RE", "'naive ' * (n // 6)"),
            ("extract", "_HYPOTHETICAL_BEFORE_RE", "'common mistake ' * (n // 15)"),
            ("extract", "_HYPOTHETICAL_BEFORE_RE", "'认为' * (n // 2)"),
            ("fallback", "_OPEN_CLAUSE_RE", "' so a' * (n // 5)"),
            ("cleanup", "_CONFIDENCE_RE", "'\\nconfidence: ' * (n // 13)"),
            ("cleanup", "_CONFIDENCE_RE", "'I am 1 ' * (n // 7)"),
            ("fallback", "_COMMA_DECIMAL_IN_TEXT_RE", "'1,' * (n // 2)"),
            ("locales", "DECIMAL_COMMA_RE", "'€ 1' * (n // 3)"),
            ("markers", "_ANSWER_IS_RE", "'ist die antwort ' * (n // 16)"),
            ("markers", "_ANSWER_IS_RE", "'ответ ' * (n // 6)"),
            ("revisions", "_GLUED_BEFORE_BOX_RE", "'a * ' * (n // 4)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # sampling stops at the first end token after an answer: what follows is no answer of the model's own
        ("The answer is 6.</s>The answer is 5.", "5", 0.0),
        ("The answer is 6.</s>The answer is 5.", "6", 1.0),
        ("The answer is 6.<|endoftext|>The answer is 5.", "5", 0.0),
        ("The answer is 6.<|eot_id|>\\boxed{5}", "5", 0.0),
        ("Final answer: \\boxed{6}<|im_end|>\n<|im_start|>assistant\nFinal answer: \\boxed{5}", "5", 0.0),
        ("The answer is 6.<end_of_turn>\n<start_of_turn>user\nAnd 2+3?<end_of_turn>\n<start_of_turn>model\n\\boxed{5}", "5", 0.0),
        ("The answer is 6.<｜end▁of▁sentence｜>\\boxed{5}", "6", 1.0),
        # no answer before the end token: the later turn answers (a user's "answer directly", then the answer)
        ("Step 1: 6 / 2 =<|im_end|>\n<|im_start|>user\nPlease provide the answer directly.<|im_end|>\n"
         "<|im_start|>assistant\nAnswer: 18.<|im_end|>", "18", 1.0),
        # HTML's strike-through is no end token
        ("The answer is <s>6</s> 5.", "5", 1.0),
    ],
)
def test_text_after_the_first_end_token(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # forms that agree near 0 but part farther out are different answers
        ("\\boxed{x+3}", "|x+3|", 0.0),
        ("\\boxed{3-x}", "|x-3|", 0.0),
        ("\\boxed{\\frac{1}{x+4}}", "\\frac{1}{|x+4|}", 0.0),
        ("\\boxed{\\min(x, 3)}", "x", 0.0),
        ("\\boxed{\\max(x, -3)}", "x", 0.0),
        ("\\boxed{\\sqrt{x+3}}", "\\sqrt{|x+3|}", 0.0),
        # equal forms stay equal at every point
        ("\\boxed{|x+3|}", "\\sqrt{x^2+6x+9}", 1.0),
        ("\\boxed{(x+1)^{10}}", "(1+x)^{10}", 1.0),
        ("\\boxed{\\frac{x^2-9}{x-3}}", "x+3", 1.0),
        ("\\boxed{e^{2\\ln x}}", "x^2", 1.0),
    ],
)
def test_identities_are_checked_far_from_zero(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a symbol after a number is part of the answer: a Greek letter, a maths letter, a power, a product sign
        ("The answer is 3 x².", "3", 0.0),
        ("Final answer: 2 π²", "2", 0.0),
        ("The answer is 2 τ.", "2", 0.0),
        ("The answer is 2 𝜋.", "2", 0.0),
        ("Answer: 2 ∗ π", "2", 0.0),
        ("The answer is 2∙π", "2", 0.0),
        ("Answer: 2 𝑥", "2", 0.0),
        ("Answer: 2 ⅇ", "2", 0.0),
        ("The answer is 5‼.", "5", 0.0),
        ("Answer: 2 𝜋", "2\\pi", 1.0),
        ("Answer: 2∙π", "2\\pi", 1.0),
        ("\\boxed{𝟓}", "5", 1.0),
        # a Greek letter's name, an ordinal's fraction, a comparison with a variable: no unit
        ("Final answer: 2 theta", "2", 0.0),
        ("Final answer: 2 lambda", "2", 0.0),
        ("The answer is 3 elevenths.", "3", 0.0),
        ("The answer is 7 thirteenths.", "7", 0.0),
        ("\\boxed{5 \\text{ more than } x}", "5", 0.0),
        ("The answer is 5 greater than n.", "5", 0.0),
        ("\\boxed{5 \\text{ in the denominator}}", "5", 0.0),
        # units, and a scale word's value
        ("The answer is 12 m².", "12", 1.0),
        ("The answer is 5 m³.", "5", 1.0),
        ("Final answer: 2 psi", "2", 1.0),
        ("He has 20 more cherries than Jerry.", "20", 1.0),
        ("Η απάντηση είναι 5 μέτρα.", "5", 1.0),
        ("The temperature is 5 ℃.", "5", 1.0),
        ("The speed is 50 km/h", "50", 1.0),
        ("so her salary is $57.5k.", "57500", 1.0),
        ("Final answer: 2 quadrillion", "2", 0.0),
        ("Final answer: 2 quadrillion", "2 \\times 10^{15}", 1.0),
        ("Final answer: 2 ล้าน", "2000000", 1.0),
        ("Final answer: 2 ล้าน", "2", 0.0),
        ("Final answer: 2 מיליון", "2", 0.0),
    ],
)
def test_symbols_and_words_after_a_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a give-up before the last number, a number set aside by its own sentence: no answer
        ("I'm sorry, I can't solve this problem. It's from Chapter 7.", "7", 0.0),
        ("Unable to solve. Error code 42.", "42", 0.0),
        ("x = 4 leads to division by zero, so it is excluded.", "4", 0.0),
        ("We can rule out 5.", "5", 0.0),
        ("Options (A) 3 (B) 4 (C) 5. We can eliminate 5.", "5", 0.0),
        # a give-up followed by working that reaches a number, and a number that survives the elimination
        ("I can't solve it directly, so let me substitute y = 2x. Then y = 10, so x = 5.", "5", 1.0),
        ("After eliminating the impossible cases, there are 12 valid arrangements.", "12", 1.0),
    ],
)
def test_give_ups_and_numbers_set_aside(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a decimal comma with a Unicode minus or a currency sign before it; in a text of a language that writes one
        ("The final answer is $\\boxed{−3,5}$.", "-7/2", 1.0),
        ("The final answer is $\\boxed{€ 2,50}$.", "2.5", 1.0),
        ("The final answer is $\\boxed{€ 2,50}$.", "2.6", 0.0),
        ("Der Endpreis beträgt also:\n\n57,00", "57", 1.0),
        ("Der Endpreis beträgt also 57,00 Euro.", "57", 1.0),
        ("Cena wynosi 12,5 zł.", "12.5", 1.0),
        ("Cena wynosi 12,5 zł.", "125", 0.0),
        ("Der Punkt ist:\n(3,5)", "(3,5)", 1.0),  # a pair in brackets keeps its comma
        ("Der Punkt ist:\n(3,5)", "(3.5)", 0.0),
        # lower-case option keys against lower-case labels ("e" is option (e), not Euler's number, there)
        ("The answer is e) $500.", "e", 1.0),
        ("Answer: (e) 27/64", "e", 1.0),
        ("The answer is e) $500.", "d", 0.0),
        # markdown's italics around a box or its marker are no product
        ("*Final answer:* \\boxed{5}", "5", 1.0),
        ("The answer is *\\boxed{5}*.", "5", 1.0),
        ("$2*\\boxed{5}$", "5", 0.0),
        ("$\\boxed{5}*3$", "5", 0.0),
        # a stated confidence is no doubt and no second value
        ("Explanation: 2+3=5.\nAnswer: 5\nConfidence: 95%", "5", 1.0),
        ("The answer is \\boxed{5}. I'm 99% confident.", "5", 1.0),
        ("The answer is 5 (I'm 80% sure).", "5", 1.0),
        ("Answer: 6\nConfidence: 95%", "5", 0.0),
        # answer phrases in more languages and word orders
        ("الجواب هو 5.", "5", 1.0),
        ("לכן, התשובה היא 5.", "5", 1.0),
        ("답은 5입니다.", "5", 1.0),
        ("Daher ist die Antwort 5.", "5", 1.0),
        ("Поэтому ответ 5.", "5", 1.0),
        ("Dolayısıyla cevap 5.", "5", 1.0),
        ("Oleh karena itu, jawabannya 5.", "5", 1.0),
        ("Відповідь: 12", "12", 1.0),
        ("Η απάντηση είναι 12.", "12", 1.0),
        ("Daher ist die Antwort 6. Wir prüfen 5.", "5", 0.0),
    ],
)
def test_decimal_commas_options_italics_confidence_and_answer_phrases(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "rounded", "want"),
    [
        # off by default: a key's digits are the answer's ...
        ("0.4742", "0.47419", False, 0.0),
        ("-0.1325", "-0.13249", False, 0.0),
        ("3919.3333", "3919.33333", False, 0.0),
        # ... but for a key printed at a binary float's precision (15-17 digits), rounded by default (stop 43)
        ("0.914", "0.9137854519568591", False, 1.0),
        # rounded_decimals: one written decimal the other rounded at its own last place, to three significant digits
        ("0.4742", "0.47419", True, 1.0),
        ("0.914", "0.9137854519568591", True, 1.0),
        ("3919.3333", "3919.33333", True, 1.0),
        ("-0.1325", "-0.13249", True, 1.0),
        # not another rounding, not fewer than three significant digits, not an integer against a decimal
        ("0.4743", "0.47419", True, 0.0),
        ("0.47", "0.47419", True, 0.0),
        ("2.5", "2.54", True, 0.0),
        ("966", "965.7", True, 0.0),
        ("-0.1325", "0.13249", True, 0.0),
    ],
)
def test_the_rounded_decimals_option(answer: str, gold: str, rounded: bool, want: float) -> None:
    completion = f"The final answer is $\\boxed{{{answer}}}$."
    assert math_answer(completion, {"reference": gold}, rounded_decimals=rounded).outcome == want


def test_the_rounding_option_ends_with_its_call() -> None:
    completion = "The final answer is $\\boxed{0.4742}$."
    assert math_answer(completion, {"reference": "0.47419"}, rounded_decimals=True).outcome == 1.0
    assert math_answer(completion, {"reference": "0.47419"}).outcome == 0.0


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # GSM8K's calculator notes: the value written after the note is the value
        ("So 8 pens cost $1.50 * 8 = $<<1.5*8=12>>12.", "12", 1.0),
        ("<answer> 8 pens will cost $1.50 per pen, so 8 pens will cost $1.50 * 8 = $<<1.5*8=12>>12. </answer>", "12", 1.0),
        ("So 8 pens cost $1.50 * 8 = $<<1.5*8=12>>12.", "1.5", 0.0),
        # a clause that opens after the last number and stops: cut off, no answer
        ("Total = 5 x 8 = <<5*8=40>>40 so she still needs", "40", 0.0),
        ("So the answer is 40 apples in total", "40", 1.0),
        # "5 times" answers "how many times"; "5 times x" is a product
        ("<answer> 5 times </answer>", "5", 1.0),
        ("The answer is 5 times.", "6", 0.0),
        ("The answer is 5 times x.", "5", 0.0),
    ],
)
def test_calculator_notes_open_clauses_and_counts_of_times(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a value after the final answer in words of revision takes it back
        ("Final answer: \\boxed{5}\n\nI now believe it's 6.", "5", 0.0),
        ("Final answer: \\boxed{5}\n\nP.S. I realized it's 6, sorry.", "5", 0.0),
        ("Final answer: 5\n\nEdited to: 6", "5", 0.0),
        ("Final answer: 5\n\nFinal (corrected): 6", "5", 0.0),
        ("Final answer: \\boxed{5}\n\nAbove is wrong. 6.", "5", 0.0),
        ("Final answer: \\boxed{5}\n\nI realized the check confirms it.", "5", 1.0),
        # an "answer is" in another's words or a naive reading commits nothing; what follows answers
        ("The naive answer is 5, but we must add the overlap, giving 6.", "5", 0.0),
        ("The naive answer is 6, but we must subtract the overlap, giving 5.", "5", 1.0),
        ("A common mistake is to conclude that the answer is 5. In fact we get 6.", "5", 0.0),
        ("My friend claims the answer is 5. I disagree; I get 6.", "5", 0.0),
        ("Algunos piensan que la respuesta es 5, pero lo correcto es 6.", "5", 0.0),
        ("有人认为答案是5，但这是错误的，正确结果是6。", "5", 0.0),
        ("我认为答案是八", "8", 1.0),
        ("I do not think the answer is 5.", "5", 0.0),
    ],
)
def test_revisions_after_the_answer_and_answers_in_others_words(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a Bengali counter glued to a count is no unit: "১৬৮টি" is 168 (items), in an answer or a key
        ("work\n\nFinalAnswer:\n১৬৮টি", "168", 1.0),
        ("work\n\nFinalAnswer:\n১৬৮টি", "169", 0.0),
        ("work\n\nFinalAnswer:\n\\[\n\\boxed{60}\n\\]", "$60$টি", 1.0),
        ("work\n\nFinalAnswer:\n\\[\n\\boxed{61}\n\\]", "$60$টি", 0.0),
    ],
)
def test_bengali_counters(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
