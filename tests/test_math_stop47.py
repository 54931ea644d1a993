"""Stop 47: classes found by red team 63's remaining findings and the blind sets 206-214. Each case that moved was
scored the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_CLIPS_Q = (
    "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips "
    "did Natalia sell altogether in April and May?"
)
_CLIPS = "In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72 clips.\n\n"
_SHIRT_Q = "A shirt costs $40 and is discounted by 25%. What is the sale price in dollars?"


@pytest.mark.parametrize(
    ("answer", "gold", "question", "want"),
    [
        # a count in dozens where the question asks in dollars: 30 dozen is 360 of something
        ("30 \\text{ dozen}", "30", _SHIRT_Q, 0.0),
        ("30 \\text{ dozen}", "30", "How many dozen eggs did she buy?", 1.0),
        ("30 \\text{ dollars}", "30", _SHIRT_Q, 1.0),
        # a value in degrees where the question names no angle, shape, direction or temperature
        ("30^\\circ", "30", _SHIRT_Q, 0.0),
        ("30^\\circ", "30", "In triangle ABC, A = 60 and B = 90. Find C.", 1.0),
        ("30^\\circ", "30", "The temperature rose from 10 by 20. What is it now?", 1.0),
        ("30^\\circ", "30", "Find the measure of the third angle.", 1.0),
        # knots against a speed asked in km/h; knots where it asks in knots
        ("75 \\text{ knots}", "75", "A car travels 150 km in 2 hours. What is its speed in km/h?", 0.0),
        ("75 \\text{ km/h}", "75", "A car travels 150 km in 2 hours. What is its speed in km/h?", 1.0),
        ("10 \\text{ knots}", "10", "A ship sails at 10 knots. What is its speed in knots?", 1.0),
        # more units in the table: acres, stone, calories, furlongs, months and years
        ("12 \\text{ acres}", "12", "A garden is 3 m by 4 m. What is its area in square meters?", 0.0),
        ("2 \\text{ stone}", "2", "A box weighs 1.5 kg and its lid 0.5 kg. How many kilograms in all?", 0.0),
        ("5 \\text{ kcal}", "5", "The energy is 5 joules. What is the energy in joules?", 0.0),
        ("2 \\text{ months}", "2", "A project takes 14 days. How many weeks is that?", 0.0),
        ("2 \\text{ weeks}", "2", "A project takes 14 days. How many weeks is that?", 1.0),
        ("5 \\text{ years}", "60 \\text{ months}", "", 1.0),
    ],
)
def test_a_scale_or_unit_the_question_rules_out(answer: str, gold: str, question: str, want: float) -> None:
    assert score(f"The answer is $\\boxed{{{answer}}}$.", gold, question or None) == want


@pytest.mark.parametrize(
    ("answer", "want"),
    [
        ("72 boxes of clips", 0.0),  # boxes counted, where the question counts clips
        ("72 clips", 1.0),
        ("72 pieces of clips", 1.0),  # a word that only counts
        ("72", 1.0),
    ],
)
def test_containers_of_the_thing_asked_about(answer: str, want: float) -> None:
    assert score(_CLIPS + "Answer: " + answer, "72", _CLIPS_Q) == want
    assert score(_CLIPS + "Answer: " + answer, "72") == 1.0  # (without the question, nothing says what is counted)


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # the last clause of the last sentence concludes another value, after a contrast or with "so"
        ("If the discount were 25%, the price would be $\\boxed{30}$; but it's 20%, so 32.", 0.0),
        ("The price is $\\boxed{30}$, but since it is 20% off, it is 32.", 0.0),
        ("The price is $\\boxed{30}$.\nBut since it is 20% off, it is 32.", 0.0),
        # ... the same value, or a clause that concludes nothing, stands
        ("The price is $\\boxed{30}$. Since it is 25% off, it is 30.", 1.0),
        ("The price is $\\boxed{30}$, but since it is 25% off, it is 30.", 1.0),
        ("The price is $\\boxed{30}$. She saves 10, so 30 is what she pays.", 1.0),
        ("The price is $\\boxed{30}$. It is 10 less than 40, which is the discount.", 1.0),
    ],
)
def test_a_closing_clause_that_concludes_another_value(completion: str, want: float) -> None:
    assert score(completion, "30", _SHIRT_Q) == want


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # a retraction to an inequality of the unknown, written either way round
        ("Actually it is 4 < x.", 0.0),
        ("Actually it is x > 4.", 0.0),
        ("Actually it is 4 <= x.", 1.0),
        ("Actually it is x >= 4.", 1.0),  # (no "= 4" read out of ">=")
        ("Actually it is x \\ge 4.", 1.0),
    ],
)
def test_a_retraction_to_an_inequality_either_way_round(tail: str, want: float) -> None:
    assert score(f"Working.\n\nThe answer is $\\boxed{{[4, \\infty)}}$.\n\n{tail}", "[4, \\infty)") == want


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        ("更正：选C。", 0.0),
        ("Correction: choose C.", 0.0),
        ("Correction: I pick C.", 0.0),
        ("更正：选B。", 1.0),
        ("Correction: choose B.", 1.0),
    ],
)
def test_a_retraction_that_chooses_another_option(tail: str, want: float) -> None:
    assert score(f"Working.\n\nThe answer is $\\boxed{{B}}$.\n\n{tail}", "B") == want


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # a recheck whose working ends on the answer again
        ("Alternatively, 48 × 1.5 = 72.", 1.0),
        ("Let me reconsider... 48 + 24 is indeed 72.", 1.0),
        ("Wait — is it 70? No: 48 + 24 = 72.", 1.0),
        ("Correction: 48 + 24 = 72.", 1.0),
        # ... or on another value
        ("Alternatively, 48 × 1.5 = 70.", 0.0),
        ("Alternatively, 70.", 0.0),
        ("Let me reconsider... 48 + 22 is 70.", 0.0),
        ("Correction: 48 + 22 = 70.", 0.0),
        ("Wait, it is 70.", 0.0),
    ],
)
def test_a_recheck_whose_working_ends_on_the_answer(tail: str, want: float) -> None:
    assert score(_CLIPS + "#### 72\n\n" + tail, "72") == want


@pytest.mark.parametrize(
    ("ending", "gold", "want"),
    [
        # answer markers of Azerbaijani, Kazakh, Uzbek and Turkish with no colon, Vietnamese "đáp án chính xác là"
        ("Yəni sualın düzgün cavab **C) 28** variantıdır.", "C", 1.0),
        ("Cavab: B) 5\n\nDüzgün cavab B variantıdır.", "B", 1.0),  # one option, named twice
        ("Cavab: B) 5\n\nDüzgün cavab C variantıdır.", "B", 0.0),
        ("Жауап: C, 45 минут.", "C", 1.0),
        ("Жауап: C, 45 минут.", "B", 0.0),
        ("Демек, дұрыс жауап **B) 0,25**", "B", 1.0),
        ("Dolayısıyla doğru cevap A: %72,8'dir.", "A", 1.0),
        ("Doğru cevap C şıkkıdır.", "C", 1.0),
        ("Demak, javob **D**.", "D", 1.0),
        ("Demak, javob C) −5.", "C", 1.0),
        ("Do đó, đáp án chính xác là B. 75.", "B", 1.0),
        ("Do đó, đáp án chính xác là B. 75.", "C", 0.0),
        ("Jawaban yang benar adalah 38.", "38", 1.0),
        ("Cavab: 5", "5", 1.0),
    ],
)
def test_answer_markers_of_more_languages(ending: str, gold: str, want: float) -> None:
    assert score("x = 5.\n\n" + ending, gold) == want


def test_an_answer_stated_first_that_the_working_after_it_contradicts() -> None:
    # "Jawaban yang benar adalah 13" (the correct answer is 13), then working that ends on 75: the answer is 13
    text = (
        "Jawaban yang benar adalah 13. Karena Paco telah makan 2 kue, jumlah kue yang tersisa adalah 40 - 2 = 38. "
        "Kemudian, Paco membeli 37 kue lagi, jumlah kue yang tersisa menjadi 38 + 37 = 75."
    )
    assert score(text, "75") == 0.0
    assert score(text, "13") == 1.0


@pytest.mark.parametrize(
    ("ending", "want"),
    [
        ("The answer depends on whether Calvin and his wife save soup for the children or not.", 0.0),
        ("It depends on how you read the question.", 0.0),
        ("So each child gets 1 bowl.", 1.0),
        ("The answer depends on x, and it is 1.", 1.0),
    ],
)
def test_a_last_sentence_that_leaves_the_answer_open(ending: str, want: float) -> None:
    assert score("In this case, each child would have 1 bowl of soup for lunch.\n" + ending, "1") == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a CJK scale before a unit word scales the value: 120万円 is 1,200,000 yen
        ("**120万円**", "120万円", 1.0),
        ("**1200000円**", "120万円", 1.0),
        ("**1210000円**", "120万円", 0.0),
        ("500000元", "50万元", 1.0),
        ("50", "50万元", 1.0),  # (the count of 万元 the question asks for)
        ("5000000元", "50万元", 0.0),
    ],
)
def test_a_cjk_scale_before_a_unit(answer: str, gold: str, want: float) -> None:
    assert score("答え: " + answer, gold) == want


@pytest.mark.parametrize(
    ("tag", "gold", "want"),
    [
        # maths spans joined by a full-width comma or semicolon answer together
        ("$\\frac{3\\pi}{2}$，$1$", "3\\pi/2, 1", 1.0),
        ("$\\dfrac{3\\pi}{2}$；$1$", "3\\pi/2, 1", 1.0),
        ("$\\frac{3\\pi}{2}$，$1$", "1", 0.0),
        ("$\\frac{3\\pi}{2}$，$2$", "3\\pi/2, 1", 0.0),
    ],
)
def test_spans_joined_by_full_width_commas(tag: str, gold: str, want: float) -> None:
    assert score(f"<answer>{tag}</answer>", gold) == want


_SUM_Q = "Compute 47 + 85. Reply with the number only."


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # the question's own arithmetic, presented otherwise, computes nothing
        ("\\boxed{\\mathbf{47 + 85}}", 0.0),
        ("\\boxed{\\text{47 + 85}}", 0.0),
        ("\\color{red}{47 + 85}", 0.0),
        ("\\boxed{\\mathbf{47} + \\mathbf{85}}", 0.0),
        ("\\boxed{47~+~85}", 0.0),
        ("\\tag{1} 47 + 85", 0.0),
        ("\\boxed{٤٧ + ٨٥}", 0.0),
        ("The answer is ４７＋８５.", 0.0),
        ("\\boxed{𝟒𝟕 + 𝟖𝟓}", 0.0),
        ("47 + 85 = 47 + 85", 0.0),
        ("47 +\u200b 85", 0.0),
        # ... its value, presented the same ways, answers
        ("\\boxed{\\mathbf{132}}", 1.0),
        ("The answer is １３２.", 1.0),
        ("\\boxed{٤٧ + ٨٥ = ١٣٢}", 1.0),
        ("\\boxed{\\text{47 + 85 = 132}}", 1.0),
    ],
)
def test_the_questions_arithmetic_restated_in_any_dress(completion: str, want: float) -> None:
    assert score(completion, "132", _SUM_Q) == want


@pytest.mark.parametrize(
    ("answer", "tail", "want"),
    [
        # a retraction after an answer heading's line, as after any answer
        ("### Final Answer\n72", "Wait, I misread: May is 22. Total = 70.", 0.0),
        ("**Final Answer**\n\n72", "Scratch that, 70.", 0.0),
        ("## Answer\n\n$72$", "That's incorrect. It's 70.", 0.0),
        ("### Final Answer\n72", "I hope this helps!", 1.0),
        ("### Final Answer\n72", "Actually it is 72.", 1.0),
        # more words that take the answer back, in English and other languages
        ("The answer is $\\boxed{72}$.", "Make it 70.", 0.0),
        ("Answer: 72", "I misspoke: 70.", 0.0),
        ("#### 72", "Changing my answer to 70.", 0.0),
        ("<answer>72</answer>", "Let me correct myself: 70.", 0.0),
        ("#### 72", "Second attempt: 70.", 0.0),
        ("The answer is **72**.", "Correzione: 70.", 0.0),
        ("<answer>72</answer>", "Поправка: 70.", 0.0),
        ("#### 72", "修正：70。", 0.0),
        ("The answer is $\\boxed{72}$.", "Warte, es sind siebzig.", 0.0),
        ("The answer is $\\boxed{72}$.", "Attendez, c'est soixante-dix.", 0.0),
        ("The answer is $\\boxed{72}$.", "等等，是七十。", 0.0),
        ("The answer is $\\boxed{72}$.", "Make it 72.", 1.0),
        ("#### 72", "Changing my answer to 72.", 1.0),
        ("The answer is $\\boxed{72}$.", "Warte, es sind zweiundsiebzig.", 1.0),
        ("The answer is $\\boxed{72}$.", "等等，是七十二。", 1.0),
        ("The answer is $\\boxed{72}$.", "To make it clear, she sold 72 clips.", 1.0),
    ],
)
def test_a_retraction_after_any_answer(answer: str, tail: str, want: float) -> None:
    assert score(f"48 + 24 = 72.\n\n{answer}\n\n{tail}", "72") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # the model's own answer, its turn ended or an answer stated, then a user's turn it made up: the answer in
        # the turns after it is not its own
        ("She sold 70 clips.<|im_end|>\n<|im_start|>user\nCheck again.<|im_end|>\n<|im_start|>assistant\n\\boxed{72}", 0.0),
        ("The answer is 70.\n<|im_start|>user\nCheck again.<|im_end|>\n<|im_start|>assistant\nThe answer is 72.", 0.0),
        ("She sold 72 clips.<|im_end|>\n<|im_start|>user\nCheck again.<|im_end|>\n<|im_start|>assistant\n\\boxed{72}", 1.0),
        # (a turn cut off in its working, then a real user's turn asking for the answer: the answer follows)
        ("(1/3)X = 6, so multiply both sides by 3 to solve for X:<|im_end|>\n<|im_start|>user\nPlease provide the "
         "answer directly.<|im_end|>\n<|im_start|>assistant\nAnswer: 72.<|im_end|>", 1.0),
        # (a prompt echoed before the answer's turn is no answer of the model's)
        ("<|im_start|>user\nHow many clips?<|im_end|>\n<|im_start|>assistant\n\\boxed{72}", 1.0),
    ],
)
def test_a_made_up_user_turn_after_the_models_own_answer(completion: str, want: float) -> None:
    assert score(completion, "72") == want


_SOLD_70 = "In April she sold 48 clips. In May she sold 22 clips.\n\nSo she sold 70 clips altogether"
_SOLD_72 = "In April she sold 48 clips. In May she sold 24 clips.\n\nSo she sold 72 clips altogether"


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a value quoted from a source after the answer is no answer of the text's own
        (_SOLD_70 + ". (Note: the textbook answer of 72 is a misprint.)", 0.0),
        (_SOLD_70 + ".\n\n*Source: Grade 3 workbook, question 72.*", 0.0),
        (_SOLD_70 + ".\n\nThe reference answer is 72.", 0.0),
        (_SOLD_72 + ".\n\nThe reference answer is 72.", 1.0),
        # citation marks and a list of works cited after the answer
        (_SOLD_70 + " [72].", 0.0),
        (_SOLD_72 + " [1].", 1.0),
        ("In May she sold 24 clips.\n\n#### 72 [1]", 1.0),
        ("In May she sold 24 clips.\n\nSo the answer is 72 clips.<sup>1</sup>", 1.0),
        ("In May she sold 24 clips.\n\nSo the answer is 72 clips【5:1†report.pdf】.", 1.0),
        (_SOLD_72 + ".\n\nReferences:\n[1] Cobbe et al., 2021.", 1.0),
        (_SOLD_70 + ".\n\nReferences:\n[1] Cobbe et al., 2021.", 0.0),
        ("The answer is [72].", 1.0),  # (the answer in brackets, no citation: nothing before it on its line)
    ],
)
def test_quoted_values_and_citations_after_the_answer(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a sentence in a box, with LaTeX's dollar sign: read as a sentence
        ("\\boxed{Carl receives $\\$4$ in change.}", "4", 1.0),
        ("\\boxed{You will save \\$6}", "6", 1.0),
        ("\\boxed{You will save \\$7}", "6", 0.0),
        ("\\boxed{So the total Janet pays is \\$1300 + \\$130 = \\$1430.}", "1430", 1.0),
        # a congruence of numbers: the residue after its sign; a modulus said otherwise is another answer
        ("$$ 997^{-1} \\equiv 333 \\pmod{1000} $$", "333", 1.0),
        ("$$ 997^{-1} \\equiv 334 \\pmod{1000} $$", "333", 0.0),
        ("<answer>x \\equiv 1 \\pmod 2</answer>", "x \\equiv 1 \\pmod 4", 0.0),
        ("So the final answer is $x \\equiv 3 \\pmod 8$.", "x \\equiv 3 \\pmod 4", 0.0),
        ("So the final answer is $x \\equiv 3 \\pmod{4}$.", "x \\equiv 3 \\pmod 4", 1.0),
    ],
)
def test_sentences_in_boxes_and_congruences(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a conclusion that restates the working's result among the question's other numbers: the result
        ("21 eggs a week x 4 weeks = 84 eggs.\n84 eggs / 12 eggs per dozen = 7 dozens.\n\nClaire will eat 7 dozens of "
         "eggs in 4 weeks.", "7", 1.0),
        ("Allen's age 10 years from now = 99 + 10 = 109\n\nSo Allen will be 109 years old 10 years from now.", "109", 1.0),
        ("12 pots at $3, 9 at $2, 17 at $2.\nTotal = $36 + $18 + $34 = $88\n\nArtie will make $88 from selling 12, 9 "
         "and 17 pots.", "88", 1.0),
        ("12 pots at $3, 9 at $2, 17 at $2.\nTotal = $36 + $18 + $34 = $88\n\nArtie will make $88 from selling 12, 9 "
         "and 17 pots.", "17", 0.0),
        # ... not where the conclusion brings a number the working never used (test_math_stop22: "than in 2021")
        ("x = 6 is one guess.\n\nTherefore, in 6 years, Bruce will be 3 times as old as his son.", "6", 0.0),
        # ... not where the sentence goes on to another value
        ("Total = 36 + 18 + 34 = 88\n\nShe has 88 now and gives away 17, so 71 left.", "71", 1.0),
        ("Total = 36 + 18 + 34 = 88\n\nShe has 88 now and gives away 17, so 71 left.", "88", 0.0),
        # ... nor where it is one of two quantities, a factor, or a fraction's part
        ("-20 + 60 = 40 minutes.\n\nTherefore, there are 1 hour and 40 minutes between 11:23 AM and 12:03 PM.", "40", 0.0),
        ("72 - 27 = 45 pictures\n\nTherefore, Olivia has 45 portraits and 27 selfies.", "45", 0.0),
        ("20 ÷ 25 = 4/5\n\nSo the girls are 4/5 of the boys, from 20 girls and 25 boys.", "5", 0.0),
        ("Cartons: 60 / 15 = 4 cartons.\n\nShe will spend 4 * $4.00 = $16.00 on ice cream after 60 days.", "16", 1.0),
    ],
)
def test_a_conclusion_that_restates_the_working_result(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # another value after the answer: in brackets, after a mark or a label of its own, in a summary of another
        # language
        ("\\boxed{72} (70)", 0.0),
        ("The answer is 72.\n\n(70)", 0.0),
        ("The answer is 72.\n\n✓ 70", 0.0),
        ("The answer is 72.\n\nKey: 70", 0.0),
        ("The answer is 72.\n\nИтого: 70 заколок.", 0.0),
        ("\\boxed{72}\n\nPodsumowanie: 70 spinek.", 0.0),
        ("#### 72\n\nKesimpulan: 70 jepit.", 0.0),
        # ... the same value, or a restatement of it, stands
        ("\\boxed{72} (72.0)", 1.0),
        ("The answer is 72.\n\nTotal: 72", 1.0),
        ("The answer is 72.\n\nИтого: 72 заколки.", 1.0),
        ("answer: 72\nsolution: 10", 1.0),  # (a structured output's other field)
    ],
)
def test_another_value_after_the_answer_in_brackets_labels_and_summaries(tail: str, want: float) -> None:
    assert score("In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72 clips.\n\n" + tail, "72") == want


def test_a_rounding_in_brackets_after_a_box_is_no_second_value() -> None:
    assert score("Working.\n\n\\boxed{1/3} (0.333)", "1/3") == 1.0
    assert score("Working.\n\n\\boxed{0.25} (25%)", "0.25") == 1.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a currency sign between units and two digits of cents is their point
        ("12€50", "12.5", 1.0),
        ("12€50", "1250", 0.0),
        ("3£05", "3.05", 1.0),
        ("€1250", "1250", 1.0),
        ("1250€", "1250", 1.0),
    ],
)
def test_a_currency_sign_as_the_decimal_point(answer: str, gold: str, want: float) -> None:
    assert score(f"The answer is $\\boxed{{{answer}}}$.", gold) == want


_PRIME_Q = "Which number is prime? (A) 21 (B) 27 (C) 29 (D) 33"


@pytest.mark.parametrize(
    ("answer", "want"),
    [
        # an option letter glossed with a value: the value must be the question's option
        ("Answer: C, which is 33", 0.0),
        ("Final answer: C. 33", 0.0),
        ("Answer: C (which is 21)", 0.0),
        ("Answer: C, which is 29", 1.0),
        ("Final answer: C. 29", 1.0),
        ("Answer: C, because 33 is composite", 1.0),  # (a reason, not the option's value)
        ("The answer is C.", 1.0),
    ],
)
def test_an_option_letter_glossed_with_another_options_value(answer: str, want: float) -> None:
    assert score("21 = 3·7, 27 = 3·9, 33 = 3·11.\n\n" + answer, "C", _PRIME_Q) == want


@pytest.mark.parametrize(
    ("ending", "want"),
    [
        # an answer template's placeholder copied after its marker, then the value
        ("#### <number>\n18\n\n---", 1.0),
        ("#### <number>\n17\n\n---", 0.0),
        ("Answer: [number]\n18", 1.0),
        ("Answer: [number]\n17", 0.0),
        ("So 5 + 8 + 5 = 18 ↵ ↵ #### <number>   ↵ 18", 1.0),  # (a log's visible line breaks)
        ("Janet earns $18 each day.\n\n<reasoning> #### <number>\n18\n\n---", 1.0),  # (set 220)
        ("Please end with #### [your final answer].\n\nSo the answer is 18.", 1.0),
    ],
)
def test_a_copied_placeholder_after_the_answer_marker(ending: str, want: float) -> None:
    assert score("So 9 * 2 = 18 dollars.\n\n" + ending, "18") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a closing block of labelled lines, or a one-row table under a header: the line or column that names the
        # answer or the total answers, not the last one
        ("April: 48\nMay: 22\nTotal: 70\nGoal: 72", 0.0),
        ("- April: 48\n- May: 22\n- **Total: 70**\n- Goal: 72", 0.0),
        ("| Total | Expected |\n|---|---|\n| 70 | 72 |\n", 0.0),
        ("| Our answer | Textbook |\n|---|---|\n| 70 | 72 |\n", 0.0),
        ("April: 48\nMay: 24\nTotal: 72\nGoal: 70", 1.0),
        ("| Total | Expected |\n|---|---|\n| 72 | 70 |\n", 1.0),
        ("April: 48\nMay: 24\nTotal: 72", 1.0),
        ("Step 1: 48\nStep 2: 24\nTotal: 72", 1.0),
        # numbered candidates with different values are two answers
        ("Working.\n\n- Option 1: 70\n- Option 2: 72", 0.0),
        ("Working.\n\nAnswer A: 70\nAnswer B: 72", 0.0),
        ("Working.\n\nAnswer A: 72\nAnswer B: 72", 1.0),
    ],
)
def test_the_labelled_line_or_column_that_names_the_total(completion: str, want: float) -> None:
    assert score(completion, "72") == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("question", "_CONTAINERS_RE", "'1 ' + 'a' * n"),
            ("question", "_CONTAINERS_RE", "'1' + ' ' * n"),
            ("question", "_DEGREES_FIT_RE", "'x' * n"),
            ("question", "_COUNTED_THING_RE", "'in ' * (n // 3)"),
            ("conclusions", "_CONTRAST_RE", "' ' * n + 'x'"),
            ("laterlines", "_ONE_SIDED_RE", "'4 <' * (n // 3)"),
            ("laterlines", "_REVISED_END_RE", "'I choose ' * (n // 9)"),
            ("revisions", "_WORKING_RESULT_RE", "' + 1' * (n // 4)"),
            ("revisions", "_WORKING_RESULT_RE", "' + 1 is' * (n // 7)"),
            ("revisions", "_BREAK_RE", "'.' * n"),
            ("disowning", "_CLOSING_VALUE_RE", "'x >' * (n // 3)"),
            ("fallback", "_UNDECIDED_END_RE", "'it depends ' * (n // 11)"),
            ("fallback", "_UNDECIDED_END_RE", "'.' + ' ' * n"),
            ("sentences", "_LEADING_LETTER_RE", "'A,' + ' ' * n"),
            ("spans", "_SPAN_JOIN_RE", "'，' * n"),
            ("question", "_DECORATION_RE", "'\\\\color{' * (n // 7)"),
            ("question", "_DECORATION_RE", "'\\\\tag{' + 'x' * n"),
            ("cleanup", "_STATED_ANSWER_RE", "'answer is ' * (n // 10)"),
            ("sentences", "_RETRACTION_RE", "'make it ' * (n // 8)"),
            ("laterlines", "_REVISED_END_RE", "'是' * n"),
            ("cleanup", "_CITATION_MARK_RE", "'【' * n"),
            ("cleanup", "_END_BRACKETS_RE", "'a' + ' [1]' * (n // 4)"),
            ("cleanup", "_SOURCES_TAIL_RE", "'\\nReferences:\\n' * (n // 13)"),
            ("extract", "_SOURCE_BEFORE_RE", "'reference ' + ' ' * n"),
            ("normalize", "_NUMERIC_CONGRUENCE", "'1' * n + ' \\\\equiv x'"),
            ("normalize", "_NUMERIC_CONGRUENCE", "'(' * n"),
            ("fallback", "_WORKED_LINE_RE", "'a=' * (n // 2)"),
            ("fallback", "_WORKED_LINE_RE", "'=' + ' 1' * (n // 2)"),
            ("fallback", "_CONCLUDES_AFTER_RE", "'so ' * (n // 3)"),
            ("fallback", "_PAIRED_RE", "' a' * (n // 2)"),
            ("fallback", "_PAIRED_BEFORE_RE", "'1 a and ' * (n // 8)"),
            ("revisions", "_BRACKETED_END_RE", "' (' * (n // 2)"),
            ("laterbox", "_STRAY_VALUE_RE", "'\\n' + ' ' * n + 'key:'"),
            ("conclusions", "_CONCLUSION_RE", "'итого ' * (n // 6)"),
            ("normalize", "_SIGN_AS_POINT", "'1€' * (n // 2)"),
            ("optionvalues", "_GLOSS_RE", "'(' + ' ' * n"),
            ("cleanup", "_GSM_PLACEHOLDER_RE", "'####' + ' ' * n"),
            ("cleanup", "_GSM_PLACEHOLDER_RE", "'answer is' + ' ' * n"),
            ("valuelines", "_LABELLED_LINE_RE", "'a' * 30 + ' ' * n"),
            ("valuelines", "_RULE_ROW_RE", "'-' * n"),
            ("valuelines", "_TOTAL_LABEL_RE", "' ' * n"),
            ("valuelines", "CANDIDATE_LABEL_RE", "'option ' * (n // 7)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'. source:' * (n // 9)"),
        ]
    )
