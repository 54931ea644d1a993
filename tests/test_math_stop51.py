"""Stop 51: classes found by red teams 71-73 and the blind sets 254-257. Each case that moved was scored the other way
at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_WORKING = "In April she sold 48 clips. In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72 clips.\n\n"
_ENDINGS = ("The answer is $\\boxed{72}$.\n\n", "The answer is 72.\n\n", "#### 72\n\n", "<answer>72</answer>\n\n")


@pytest.mark.parametrize("ending", _ENDINGS)
@pytest.mark.parametrize(
    ("block", "want"),
    [
        # a table's total row or answer column, a field of JSON or YAML, a program's printout, a tool's response
        ("| Quantity | Value |\n|---|---|\n| Total | 70 |", 0.0),
        ("| Answer |\n|---|\n| 70 |", 0.0),
        ("| Month | Clips |\n|---|---|\n| April | 48 |\n| May | 22 |\n| **Total** | **70** |", 0.0),
        ('```json\n{"total": 70}\n```', 0.0),
        ('```json\n{"april": 48, "may": 24, "final": 70}\n```', 0.0),
        ("```yaml\nanswer: 72\nalternative: 70\n```", 0.0),
        ("```yaml\nanswer: 72\nalternatives:\n  - 70\n```", 0.0),
        ("answer: 72, alt: 70", 0.0),
        ("<response><answer>72</answer><alternative>70</alternative></response>", 0.0),
        ("```python\nprint(48 + 22)\n```\nOutput: 70", 0.0),
        ("```\n>>> 48 + 22\n70\n```", 0.0),
        ("Out[1]: 70", 0.0),
        ('<tool_call>{"name": "calc", "arguments": {"expr": "48+22"}}</tool_call>\n<tool_response>70</tool_response>', 0.0),
        ("<details><summary>Answer</summary>70</details>", 0.0),
        ("Sanity check: 70.", 0.0),
        ("Bottom line: 70", 0.0),
        # (the same value shown again, the working laid out, a program's code and its other numbers, stand)
        ("| Quantity | Value |\n|---|---|\n| Total | 72 |", 1.0),
        ("| Month | Clips |\n|---|---|\n| April | 48 |\n| May | 24 |", 1.0),
        ("| Step | Value |\n|---|---|\n| April | 48 |\n| May | 24 |\n| Total | 72 |", 1.0),
        ('```json\n{"april": 48, "may": 24, "total": 72}\n```', 1.0),
        ("```python\ntotal = 48\ntotal += 24\nprint(total)\n```\nOutput: 72", 1.0),
        ("```\n>>> 48 + 24\n72\n```", 1.0),
        ("Check: 48 + 24 = 72.", 1.0),
        ("Sanity check: 72.", 1.0),
    ],
)
def test_values_shown_after_the_answer(ending: str, block: str, want: float) -> None:
    assert score(_WORKING + ending + block, "72") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # after an answer the prose leaves unmarked: the block that ends the text shows another value
        ('48 / 2 = 24 and 48 + 24 = 72.\n\n```json\n{"april": 48, "may": 24, "total": 70}\n```', 0.0),
        ("48 / 2 = 24 and 48 + 24 = 72.\n\n```python\nanswer = 70  # not 72\n```", 0.0),
        ('Computing.\n\n<tool_call>{"name": "submit", "arguments": {"answer": 70}}</tool_call>\n<tool_response>Expected 72</tool_response>', 0.0),
        # (a program that builds the answer up, a block that shows the same value, stand)
        ("Total apples sold: **72**.\n\n```python\ndef solve():\n    answer = 48\n    answer += 24\n    return answer\n```", 1.0),
        ('48 / 2 = 24 and 48 + 24 = 72.\n\n```json\n{"april": 48, "may": 24, "total": 72}\n```', 1.0),
    ],
)
def test_a_block_after_an_unmarked_answer(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("fields", "want"),
    [
        # a JSON answer with a result, a check, a correction or a guess of another value, or a field that rejects it
        ('"result": 70', 0.0),
        ('"check": 70', 0.0),
        ('"corrected": 70', 0.0),
        ('"second_guess": 70', 0.0),
        ('"verification": "48+22=70"', 0.0),
        ('"status": "rejected"', 0.0),
        ('"retracted": true', 0.0),
        ('"final": false', 0.0),
        # (the same value, a check of it, a status that accepts it, stand)
        ('"total": 72', 1.0),
        ('"check": "48 + 24 = 72", "status": "verified"', 1.0),
        ('"final": true', 1.0),
        ('"confidence": 0.95', 1.0),
    ],
)
def test_fields_beside_a_json_answer(fields: str, want: float) -> None:
    assert score('48 + 24 = 72.\n\n```json\n{"answer": 72, ' + fields + "}\n```", "72") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # an answer marked on the box's own line, before it, with another value
        ("The answer is 70. \\boxed{72}", 0.0),
        ("48 + 24 = 72. The answer is 70. \\boxed{72}", 0.0),
        ("Answer: 70 \\boxed{72}", 0.0),
        ("#### 70 \\boxed{72}", 0.0),
        ("The answer is $70$. \\boxed{72}", 0.0),
        ("The final answer is 70. Final: \\boxed{72}", 0.0),
        ("Answer: 70 — \\boxed{72}", 0.0),
        ("答案：70 → $\\boxed{72}$", 0.0),
        ("Ответ: 70 => $\\boxed{72}$", 0.0),
        ("Réponse : 70 ($\\boxed{72}$)", 0.0),
        # (the same value, the box as the marker's value, working that the box evaluates, a revision, stand)
        ("final answer: 70; then \\boxed{72}", 1.0),
        ("The answer is 70 + 2 = \\boxed{72}", 1.0),
        ("The answer is 72. \\boxed{72}", 1.0),
        ("The answer is $\\boxed{72}$.", 1.0),
        ("So the answer is 12 \\cdot 6 = \\boxed{72}.", 1.0),
        ("Answer: 72 clips, i.e. \\boxed{72}", 1.0),
    ],
)
def test_a_marked_answer_before_the_box_on_its_line(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("after", "want"),
    [
        # nothing but numbers and the marks between them after the answer, to the end
        (" 70 70", 0.0),
        ("\n\n70 70", 0.0),
        (" ... 70", 0.0),
        ("---70", 0.0),
        (" $70$", 0.0),
        (" 70?", 0.0),
        (" [70]", 0.0),
        (" `70`", 0.0),
        (". → 70", 0.0),
        (" ∨ 70", 0.0),
        ("          70", 0.0),
        ("\u00a070", 0.0),
        # (the value again, a full stop, a rule, stand)
        (" 72", 1.0),
        (".", 1.0),
        ("\n\n---\n", 1.0),
    ],
)
def test_numbers_alone_after_the_box(after: str, want: float) -> None:
    assert score("48 + 24 = 72. \\boxed{72}" + after, "72") == want


def test_numbers_alone_after_an_option_letter_are_its_content() -> None:
    assert score("So the correct option is D) Rs. 750.", "D") == 1.0


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a marked answer that its own sentence makes a guess or a supposition
        ("Let me think.\n\nMaybe the answer is 72.", 0.0),
        ("Let me think.\n\nPerhaps the answer is 72.", 0.0),
        ("Let me think.\n\nIf the answer is 72, then she sold 24 in May.", 0.0),
        ("Let me think.\n\nIt's unlikely the answer is 72.", 0.0),
        ("Let me think.\n\nHypothetically, the answer is 72.", 0.0),
        # (a guess in an earlier clause, a condition on the working, a supposition rejected, stand)
        ("Perhaps I slipped earlier, but the answer is 72.", 1.0),
        ("If we add them, the answer is 72.", 1.0),
        ("If the answer is 70, then May is 22, which is wrong. So the answer is 72.", 1.0),
    ],
)
def test_a_marked_answer_given_as_a_guess(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # one value and its restatement joined by "or" in another language: one answer
        ("So the probability is 1 - 0.81 = 0.19 o 19%.", "19%", 1.0),
        ("So the probability is 19% or 0.19.", "19%", 1.0),
        ("答え：19%（または0.19）です。", "19%", 1.0),
        ("Answer: 19% (oder 0,19)", "19%", 1.0),
        ("答案：19%（或0.19）", "19%", 1.0),
        # (two values that differ stay a hedge)
        ("So the probability is 19% or 0.2.", "19%", 0.0),
        ("答え：19%（または0.2）です。", "19%", 0.0),
        ("Answer: 19% (ou 0,2)", "19%", 0.0),
    ],
)
def test_a_value_restated_after_or(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an exact value, then only its roundings: the exact value, and its rounding for a rounded key
        ("So the probability is 35/36. That is about 0.9722, or 97.22%.", "\\frac{35}{36}", 1.0),
        ("So the probability is 35/36. As a decimal this is approximately 0.9722.", "\\frac{35}{36}", 1.0),
        ("したがって、確率は35/36です。これを小数で表すと約0.9722、パーセンテージで表すと約97.22%です。", "\\frac{35}{36}", 1.0),
        ("따라서 확률은:\n\n\\[\n\\frac{35}{36}\n\\]\n\n즉, 약 **0.9722** 또는 **97.22%**입니다.", "\\frac{35}{36}", 1.0),
        ("So the probability is 35/36. That is about 0.9722, or 97.22%.", "0.9722", 1.0),
        ("Thời gian để hồ đầy: 1693 / 413 ≈ 4.1 giờ.", "4.1", 1.0),
        ("The answer is 1693/413 ≈ 4.1.", "4.1", 1.0),
        # (a rounding the exact value does not give; a key rounded otherwise; an answer line that states the rounding)
        ("So the probability is 35/36. That is about 0.5.", "\\frac{35}{36}", 0.0),
        ("So the probability is 35/36. That is about 0.9722, or 97.22%.", "0.97", 0.0),
        ("3/4 ÷ 7/60 = 45/7 ≈ 6.43（天）\n答：剩下的甲乙合做约6.43天可以完成。", "45/7", 0.0),
    ],
)
def test_an_exact_value_then_its_roundings(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_MOVIE = "A movie has two halves of 45 minutes each. How many minutes long is the movie?"
_PENS = "Two pens cost 36 cents each. How many dollars do they cost together?"
_CHANGE = "Maria had 2 dollars and spent 1.65 dollars. How many cents does she have left?"


@pytest.mark.parametrize(
    ("completion", "prompt", "want"),
    [
        # a unit written apart from the number, or in another language or script, against the asked unit
        ("45 + 45 = 90.\n\nAnswer: 90\nUnit: hours", _MOVIE, 0.0),
        ('45 + 45 = 90.\n\n```json\n{"answer": 90, "unit": "hours"}\n```', _MOVIE, 0.0),
        ("45 + 45 = 90.\n\n$\\boxed{90}$\n\n(in hours)", _MOVIE, 0.0),
        ("45 + 45 = 90.\n\nThe answer is 90, measured in hours.", _MOVIE, 0.0),
        ("45 + 45 = 90.\n\nThe answer is $\\boxed{90}$ hrs.", _MOVIE, 0.0),
        ("The answer is 90 годин.", _MOVIE, 0.0),
        ("The answer is 90 ώρες.", _MOVIE, 0.0),
        ("The answer is 90 giờ.", _MOVIE, 0.0),
        ("The answer is 90 ساعة.", _MOVIE, 0.0),
        ("La respuesta es 35 dólares.", _CHANGE, 0.0),
        ("Ответ: 35 долларов", _CHANGE, 0.0),
        ("The answer is 72 centavos.", _PENS, 0.0),
        ("The answer is 72 cents.", _PENS, 0.0),
        # (the asked unit, in any of these ways; a word that is no unit, stand)
        ("45 + 45 = 90.\n\nAnswer: 90\nUnit: minutes", _MOVIE, 1.0),
        ("45 + 45 = 90.\n\nThe answer is 90 (in minutes).", _MOVIE, 1.0),
        ("45 + 45 = 90.\n\nThe answer is 90 (in total).", _MOVIE, 1.0),
        ("The answer is 90 минут.", _MOVIE, 1.0),
        ("La respuesta es 35 centavos.", _CHANGE, 1.0),
    ],
)
def test_units_written_apart_or_in_other_languages(completion: str, prompt: str, want: float) -> None:
    gold = "72" if prompt is _PENS else "35" if prompt is _CHANGE else "90"
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("after", "want"),
    [
        # a bracket right after the answer that disowns it or makes it another value
        (" (extraneous)", 0.0),
        (" [rejected]", 0.0),
        (" (TBD)", 0.0),
        (" (example)", 0.0),
        (" (squared)", 0.0),
        (" (×10)", 0.0),
        (" (last two digits)", 0.0),
        # (a remark on the value that keeps it, stands)
        (" (exact)", 1.0),
        (" (rounded)", 1.0),
        (" (in total)", 1.0),
        (" (answer)", 1.0),
        (" (72 clips)", 1.0),
    ],
)
def test_a_qualifying_bracket_after_the_box(after: str, want: float) -> None:
    assert score("48 + 24 = 72. \\boxed{72}" + after, "72") == want


_PERCENT = "Out of 50 students, 36 passed. What percent of the students passed?"


@pytest.mark.parametrize(
    ("completion", "prompt", "want"),
    [
        # per mille or basis points where the question asks for a percent
        ("The answer is 72 basis points.", _PERCENT, 0.0),
        ("Final Answer: 72 bps", _PERCENT, 0.0),
        ("#### 72 per thousand", _PERCENT, 0.0),
        ("The answer is 72 promil.", _PERCENT, 0.0),
        ("\\boxed{72 \\text{ promil}}", _PERCENT, 0.0),
        # (a percent; basis points where the question asks for them or asks nothing, stand)
        ("The answer is 72%.", _PERCENT, 1.0),
        ("The rate rose by 72 basis points.", "By how many basis points did the rate rise?", 1.0),
        ("The rate rose by 72 basis points.", None, 1.0),
    ],
)
def test_per_mille_for_a_percent(completion: str, prompt: str | None, want: float) -> None:
    assert score(completion, "72", prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a key of a number and its unit in words of another script; a frame drawn around the answer; an answer's
        # label with its value set in a code block
        ("مساحت بخش قرمز برابر است با 13 اینچ مربع.", "13 اینچ مربع", 1.0),
        ("مساحت بخش قرمز برابر است با 12 اینچ مربع.", "13 اینچ مربع", 0.0),
        ("درصد کاهش مساحت مربع برابر است با 10%.", "10 درصد", 1.0),
        ("Final answer:\n\n┌─────────────────┐\n│    $70,000      │\n└─────────────────┘", "70000", 1.0),
        ("Final answer:\n\n┌─────────────────┐\n│    $70,500      │\n└─────────────────┘", "70000", 0.0),
        ("**Final Answer:**\n\n```\n$18\n```", "18", 1.0),
        ("**Final Answer:**\n\n```\n$18\n```", "19", 0.0),
    ],
)
def test_keys_frames_and_fences_from_blind_set_257(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_DICE = "P(sum = 12) = 1/36, so P(not 12) = 1 - 1/36 = 35/36.\n\nThe answer is $\\boxed{\\frac{35}{36}}$.\n\n"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a block after the answer that shows, under any name, a value the working never had
        (_WORKING + "Answer: 72\n\n| April | May | Sum |\n|---|---|---|\n| 48 | 24 | 70 |", "72", 0.0),
        (_WORKING + "The answer is $\\boxed{72}$.\n\n| Check | 70 |", "72", 0.0),
        (_WORKING + "Answer: 72\nConfirmed: 70", "72", 0.0),
        (_WORKING + "The answer is $\\boxed{72}$.\n\nOut[1]: 70 ✓", "72", 0.0),
        (_WORKING + "The answer is $\\boxed{72}$.\n\nstdout: 70 clips", "72", 0.0),
        (_WORKING + 'The answer is $\\boxed{72}$.\n\n```json\n{"second": 70}\n```', "72", 0.0),
        (_WORKING + '```json\n{"answer": 72, "recomputed": 70}\n```', "72", 0.0),
        (_DICE + "Check: 17/18 ✓", "35/36", 0.0),
        (_DICE + '```json\n{"probability": "17/18"}\n```', "35/36", 0.0),
        # (the working's numbers laid out, a rounding, a confidence, a program's assignments, stand)
        (_WORKING + "Answer: 72\n\n| April | May | Sum |\n|---|---|---|\n| 48 | 24 | 72 |", "72", 1.0),
        ("P(not 12) = 1 - 1/36 = 35/36.\n\n```json\n{\"answer\": \"35/36\", \"approx\": 0.9722}\n```", "35/36", 1.0),
        (_DICE + '```json\n{"probability": "35/36", "confidence": 0.9}\n```', "35/36", 1.0),
        (_WORKING + "The answer is $\\boxed{72}$.\n\n```python\napril = 48\nmay = april // 2\nprint(april + may)\n```", "72", 1.0),
    ],
)
def test_a_block_that_shows_a_value_the_working_never_had(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "or" in more languages after the answer, before another value
        ("Vastaus on $\\boxed{0.19}$ tai 20%.", "0.19", 0.0),
        ("A válasz $\\boxed{72}$ vagy 70.", "72", 0.0),
        ("Η απάντηση είναι $\\boxed{3/4}$ ή 70%.", "3/4", 0.0),
        ("答えは$\\boxed{0.19}$（または0.2）です。", "0.19", 0.0),
        ("Answer: 72 (o 70)", "72", 0.0),
        ("Answer: 72 (أو 70)", "72", 0.0),
        # (the same value restated, with a decimal comma or a percent, stands)
        ("A válasz $\\boxed{0.19}$ vagy 19%.", "0.19", 1.0),
        ("A válasz 0.19 vagy 19%.", "0.19", 1.0),
        ("La respuesta es 19% o 0.19.", "0.19", 1.0),
        ("Answer: 0.19 (o \\frac{19}{100})", "0.19", 1.0),
        ("$\\boxed{\\frac{1}{2}}$ oder 0,5", "1/2", 1.0),
    ],
)
def test_or_in_more_languages(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a marked answer, then its rounding: the exact value answers (a rounding that is none makes two values)
        ("Ответ: 35/36, примерно 0.9722", "35/36", 1.0),
        ("答案是35/36（约0.9722）", "35/36", 1.0),
        ("정답: 35/36, 약 0.9722", "35/36", 1.0),
        ("Final answer: 35/36, i.e. roughly 0.9722", "35/36", 1.0),
        ("Cevap: 1/3, yaklaşık 0.333", "1/3", 1.0),
        ("The answer is $\\boxed{\\frac{35}{36}}$, about 0.97.", "35/36", 1.0),
        ("The answer is $\\boxed{\\frac{35}{36}}$, about 0.5.", "35/36", 0.0),
        ("答案：35/36，约0.5", "35/36", 0.0),
        ("Respuesta: 1/3, aproximadamente 0.5", "1/3", 0.0),
        ("The probability is $\\boxed{\\frac{35}{36}}$, about 2.78%.", "35/36", 0.0),
    ],
)
def test_a_marked_answer_then_its_rounding(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_SEVENTY = "In May she sold 48 / 2 = 24 clips. So she sold 70 clips altogether.\n\n"


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # the prose concludes one value, then the block that ends the text answers another
        (_SEVENTY + "| Month | Clips |\n|---|---|\n| April | 48 |\n| May | 24 |\n| **Total** | **72** |", 0.0),
        (_SEVENTY + "Check: 72", 0.0),
        (_SEVENTY + '```json\n{"answer": 72}\n```', 0.0),
        (_SEVENTY + "answer: 72", 0.0),
        # (a step's conclusion or a plan before the block, a box stated in prose, the same value, stand)
        ('So we need 3 boxes per shelf.\n\n```json\n{"answer": 72}\n```', 1.0),
        ("Finally, we need to find the remainder when divided by 1000.\n\nThe final answer is: $\\boxed{72}$", 1.0),
        ('In May she sold 24 clips. So she sold 72 clips altogether.\n\n```json\n{"answer": 72}\n```', 1.0),
    ],
)
def test_the_prose_concludes_before_the_answer_block(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a text that stops right after the answer on a word that goes on from it: cut off mid-hedge
        ("48 + 24 = 72.\n\nThe answer is 72 but actually", 0.0),
        ("48 + 24 = 72.\n\n\\boxed{72} (or", 0.0),
        ("48 + 24 = 72.\n\n\\boxed{72}, or", 0.0),
        ("48 + 24 = 72.\n\nThe answer is 72 (not", 0.0),
        ("48 + 24 = 72.\n\n\\boxed{72} rather than", 0.0),
        # (a full stop, a unit, a closing word, stand)
        ("48 + 24 = 72.\n\n\\boxed{72}.", 1.0),
        ("48 + 24 = 72.\n\n\\boxed{72} clips.", 1.0),
        ("48 + 24 = 72.\n\n\\boxed{72} Done.", 1.0),
    ],
)
def test_a_text_that_stops_on_a_dangling_word(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("before", "want"),
    [
        # a label or a clause right before the box that makes it a guess or a supposition
        ("If the answer is ", 0.0),
        ("Assume the answer is ", 0.0),
        ("Candidate answer: ", 0.0),
        ("It might be ", 0.0),
        ("Hypothesis: ", 0.0),
        ("I'd guess ", 0.0),
        # (a word of doubt elsewhere in the sentence, a plain statement, stand)
        ("The total could be computed as 48 + 24 = ", 1.0),
        ("So the answer is ", 1.0),
        ("It is ", 1.0),
    ],
)
def test_a_box_given_as_a_guess(before: str, want: float) -> None:
    assert score("Working through it.\n\n" + before + "\\boxed{72}.", "72") == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("shown", "_FIELD_LINE_RE", "'. check: ' * (n // 9)"),
            ("shown", "_FIELD_LINE_RE", "'\\nanswer' + ' ' * n"),
            ("shown", "_JSON_FIELD_RE", "'{\"answer\": ' * (n // 11)"),
            ("shown", "_XML_FIELD_RE", "'<answer>' * (n // 8)"),
            ("shown", "_LISTED_ALTERNATIVES_RE", "'alternatives:\\n' + '- 1\\n' * (n // 4)"),
            ("shown", "_TAGGED_OUTPUT_RE", "'<output>' * (n // 8)"),
            ("shown", "_TAGGED_OUTPUT_RE", "'<output>1' + ' ' * n"),
            ("shown", "_IPYTHON_OUT_RE", "'Out[1]: ' * (n // 8)"),
            ("shown", "_LAST_FENCE_RE", "'```\\n' * (n // 4)"),
            ("shown", "_LAST_FENCE_RE", "'```\\n' + 'a' * n"),
            ("shown", "_BLOCK_LINE_RE", "'answer' * (n // 6)"),
            ("shown", "_VALUE_LINE_RE", "'1' * n"),
            ("shown", "_VALUE_LINE_RE", "'1,000' * (n // 5)"),
            ("structured", "_ALTERNATIVE_KEY_RE", "'{\"guess' * (n // 7)"),
            ("structured", "_VERDICT_FIELD_RE", "'{\"status\": \"' * (n // 12)"),
            ("revisions", "_ONLY_NUMBERS_AFTER_RE", "' 1' * (n // 2)"),
            ("revisions", "_ONLY_NUMBERS_AFTER_RE", "'[1]' * (n // 3)"),
            ("extract", "_LEADING_VALUE_RE", "'1' + ' ' * n"),
            ("extract", "_LEADING_VALUE_RE", "'1 —' * (n // 3)"),
            ("extract", "_REVISING_WORD_RE", "'then' * (n // 4)"),
            ("revisions", "_ONLY_NUMBERS_AFTER_RE", "' ' * n + 'x'"),
            ("revisions", "_ONLY_NUMBERS_AFTER_RE", "'\\\\quad' * (n // 5)"),
            ("extract", "_HYPOTHETICAL_BEFORE_RE", "'maybe ' * (n // 6)"),
            ("extract", "_HYPOTHETICAL_BEFORE_RE", "'if ' + ' ' * n"),
            ("fallback", "_OR_CHAIN_RE", "'1 or ' * (n // 5)"),
            ("fallback", "_OR_CHAIN_RE", "'1 %' * (n // 3)"),
            ("roundings", "_EXACT_THEN_ROUNDED_RE", "'1, about ' * (n // 9)"),
            ("roundings", "_EXACT_THEN_ROUNDED_RE", "'1' + ' ' * n"),
            ("roundings", "_ROUNDING_AFTER_RE", "', about ' * (n // 8)"),
            ("roundings", "APPROXIMATELY_RE", "'approx ' * (n // 7)"),
            ("fallback", "_ANSWER_LABEL_RE", "' ' * n"),
            ("fallback", "_APPROXIMATED_NUMBER_RE", "'1,' * (n // 2)"),
            ("verifier", "_ALTERNATIVE_NOISE_RE", "' ' * n + 'x'"),
            ("shown", "_UNIT_APART_RE", "'(in ' * (n // 4)"),
            ("revisions", "_QUALIFYING_BRACKET_RE", "'(' * n"),
            ("revisions", "_DANGLING_AFTER_RE", "' ' * n + 'x'"),
            ("revisions", "_GUESS_BEFORE_BOX_RE", "'guess ' * (n // 6)"),
            ("revisions", "_GUESS_BEFORE_BOX_RE", "'if the answer ' * (n // 14)"),
            ("revisions", "_DANGLING_AFTER_RE", "', or' * (n // 4)"),
            ("cleanup", "_FRAME_RE", "'─ ' * (n // 2)"),
            ("shown", "_ANY_FIELD_LINE_RE", "'\\na' + ' ' * n"),
            ("shown", "_ANY_FIELD_LINE_RE", "'\\nab: 1' * (n // 6)"),
            ("shown", "_ANY_JSON_FIELD_RE", "'{\"a' * (n // 3)"),
            ("shown", "_ANY_ELEMENT_RE", "'<a>' * (n // 3)"),
            ("shown", "_PRINTED_LINE_RE", "'Out[1]' * (n // 6)"),
            ("shown", "_PRINTED_LINE_RE", "'\\n1 ' + ' ' * n"),
            ("shown", "_META_KEY_RE", "' ' * n"),
            ("shown", "_CONCLUDING_SENTENCE_RE", "'. so ' * (n // 5)"),
            ("shown", "_CONCLUDING_SENTENCE_RE", "'\\nso ' + '1 ' * (n // 2)"),
            ("shown", "_WHOLE_ANSWER_WORD_RE", "'total' * (n // 5)"),
            ("shown", "_PLAN_RE", "'will' * (n // 4)"),
            ("shown", "_KEY_CELL_RE", "' ' * n"),
            ("shown", "_NUMBER_IN_TEXT_RE", "'1,' * (n // 2)"),
            ("cleanup", "_FENCED_VALUE_AFTER_LABEL_RE", "'answer:\\n' * (n // 8)"),
            ("cleanup", "_FENCED_VALUE_AFTER_LABEL_RE", "'answer:\\n```\\n' + 'a' * n"),
            ("revisions", "_QUALIFYING_BRACKET_RE", "'} (the ' * (n // 7)"),
            ("question", "PER_MILLE_RE", "'1 ' * (n // 2)"),
            ("question", "PER_MILLE_RE", "'1\\text{' * (n // 7)"),
            ("shown", "_UNIT_APART_RE", "', measured in ' * (n // 14)"),
            ("shown", "_UNIT_APART_RE", "'\\nunit: ' + 'a' * n"),
            ("verifier", "_ALTERNATIVE_NOISE_RE", "'です ' * (n // 3)"),
        ]
    )
