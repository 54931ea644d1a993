"""Stop 52: classes found by red teams 72-74 and the blind sets 259-261. Each case that moved was scored the other way
at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import boxed, score

_WORKING = "In April she sold 48 clips. In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72 clips.\n\n"


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # an earlier answer hidden behind a loop of the later one, or behind blank space or padding
        ("\\boxed{70}\n" + "\\boxed{72}\n" * 30, 0.0),
        ("\\boxed{72}\n" * 20 + "\\boxed{70}\n" + "\\boxed{72}\n" * 20, 0.0),
        ("#### 72\n" * 20 + "#### 70\n" + "#### 72\n" * 30, 0.0),
        ("The answer is 70.\n" + "The answer is 72.\n" * 10, 0.0),
        ("Answer: 70\n" + "Answer: 72\n" * 20, 0.0),
        ("The answer is 70." + "\n" * 3_000 + "The answer is 72.", 0.0),
        ("#### 70\n" + " " * 20_000 + "\n#### 72", 0.0),
        ("48 + 24 = 72. The answer is 70." + "\n" * 3_000 + "\\boxed{72}", 0.0),
        ("48 + 24 = 72. The answer is 70." + "<pad>" * 200 + "\\boxed{72}", 0.0),
        # (a loop of the one answer, and an answer after working and blank space, stand)
        ("\\boxed{72}\n" * 40, 1.0),
        ("The answer is 72.\n" * 40, 1.0),
        (_WORKING + "\n" * 3_000 + "The answer is 72.", 1.0),
        (_WORKING + "The answer is 72." + "<pad>" * 300, 1.0),
    ],
)
def test_repetition_and_blank_runs_hide_no_earlier_answer(completion: str, want: float) -> None:
    assert score(completion, "72") == want


def test_a_loop_cut_off_by_the_length_cap_still_reads_as_unfinished() -> None:
    drafted = _WORKING + "Final Answer: 72\n\n" + "I will write the response.\n" * 40 + "I will wr"
    assert score(drafted, "72") == 0.0


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # labelled values separated by semicolons: each name says which value is which, in any order
        ("y = -6; x = -6", "x = -6; y = -6", 1.0),
        ("y = -6; x = 5", "x = 5; y = -6", 1.0),
        ("y = 5; x = -6", "x = 5; y = -6", 0.0),
        # (bare values separated by semicolons still answer blanks in order)
        ("2; 1", "1; 2", 0.0),
        ("1; 2", "1; 2", 1.0),
    ],
)
def test_named_values_with_semicolons(answer: str, gold: str, want: float) -> None:
    assert score(boxed(answer), gold) == want


@pytest.mark.parametrize("working", ["", _WORKING])
@pytest.mark.parametrize(
    ("answer", "want"),
    [
        # the answer's line goes on in a few words to another number nothing before it wrote
        ("\\boxed{72}, really 70.", 0.0),
        ("\\boxed{72}; in reality 70.", 0.0),
        ("\\boxed{72}, though the true total is 70.", 0.0),
        ("\\boxed{72}, well, more like 70.", 0.0),
        ("\\boxed{72} aka 70", 0.0),
        ("\\boxed{72}, anzi 70.", 0.0),
        ("\\boxed{72}, vielmehr 70.", 0.0),
        ("\\boxed{72}, mejor dicho 70.", 0.0),
        ("\\boxed{72}, точнее 70.", 0.0),
        ("\\boxed{72}，准确地说是70。", 0.0),
        ("The answer is 72, really 70.", 0.0),
        ("Answer: 72; in reality 70.", 0.0),
        ("\\boxed{72}\n\nCheck: 8 × 9 = 70 ✓", 0.0),
        ("\\boxed{72}\n| trays | cookies |\n|---|---|\n| 8 | 70 |", 0.0),
        # (a value it is not, a rounding, another thing named, a date, a unit conversion, the same value with a
        # decimal comma, a new sentence, stand)
        ("The answer is 72, not 70.", 1.0),
        ("\\boxed{72}, et non 70.", 1.0),
        ("答案是72，不是70。", 1.0),
        ("\\boxed{72}, approximately 70.", 1.0),  # (its rounding to tens: left to the rounding readers)
        ("Natalia is \\boxed{72} clips ahead; her sister is 5.", 1.0),
        ("\\boxed{72}, but we also see 99.", 1.0),
        ("\\boxed{72} clips in 2011.", 1.0),
        ("\\boxed{72}. Done in 3 steps.", 1.0),
        ("\\boxed{72} clips.", 1.0),
    ],
)
def test_another_value_ending_the_answers_line(working: str, answer: str, want: float) -> None:
    assert score(working + answer, "72") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        ("The answer is \\boxed{3} hours, i.e. 180 minutes.", "3", 1.0),
        ("The probability is $\\boxed{\\frac{1}{3}}$, approximately 33.3%.", "\\frac{1}{3}", 1.0),
        ("\\boxed{\\frac{1}{2}} oder 0,5", "1/2", 1.0),
        ("\\boxed{60}, though the true speed is 54 km/h.", "60", 0.0),
        (_WORKING + "The answer is 72 clips, up from 48.", "72", 1.0),
    ],
)
def test_the_answers_line_bounds(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a whole text that only quotes a value from elsewhere, or frames it as an example: no answer of its own
        ("Template: Final answer: 72", 0.0),
        ("Format example: Final answer: 72", 0.0),
        ("Sample output: The answer is 72.", 0.0),
        ("Your answer should look like: Final answer: 72", 0.0),
        ("Placeholder: \\boxed{72}", 0.0),
        ("e.g. \\boxed{72}", 0.0),
        ("Ignore \\boxed{72}.", 0.0),
        ("Answer key: 72", 0.0),
        ("Answer key (from the back of the book): 72. My own work is unfinished.", 0.0),
        ("Bob's answer was \\boxed{72}. I disagree.", 0.0),
        ("A classmate wrote \\boxed{72}. I'm not convinced.", 0.0),
        ("Someone online posted \\boxed{72}. I can't confirm it.", 0.0),
        # (the text's own answer after a quoted one, a sentence about the problem, an instruction to ignore what came
        # before the answer, stand)
        ("My friend claims the answer is 70. I disagree; I get 72.", 1.0),
        ("Answer: \nThere are 72 clips in the box after Natalia placed 4 clips.", 1.0),
        (_WORKING + "The problem's answer is 72.", 1.0),
        (_WORKING + "\\boxed{72}\n\nIgnore the above.", 0.0),
    ],
)
def test_values_quoted_or_framed_as_examples(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # keycap emoji digits are their digits
        ("The answer is 7️⃣2️⃣.", "72", 1.0),
        ("\\boxed{7️⃣2️⃣}", "72", 1.0),
        ("The answer is 7️⃣0️⃣.", "72", 0.0),
        # an exact value no decimal writes, rounded to a whole number in brackets, is one answer
        ("\\boxed{9\\pi} (about 28)", "9\\pi", 1.0),
        ("\\boxed{9\\pi} (≈ 28)", "9\\pi", 1.0),
        ("\\boxed{9\\pi} (about 29)", "9\\pi", 0.0),
        ("\\boxed{72} (about 70)", "72", 0.0),
        # the answer's line going on to a labelled other value, or to the thing it counts with another number
        ("\\boxed{5}; in reality x = 4.", "5", 0.0),
        ("\\boxed{72} is what you'd get by rushing, but the count is 70.", "72", 0.0),
        # (a condition or a reason for the answer stands)
        ("The answer is 12 when n = 3.", "12", 1.0),
        ("**ANSWER: 42 because x=2**", "42", 1.0),
        ("The final answer is 7 and it occurs at n = 3.", "7", 1.0),
        # labelled parts in the reference, unlabelled ones in the answer: their order still decides
        ("(I) \\boxed{\\frac{12}{7}}\n(II) \\boxed{\\frac{4}{7}}", "(I) $\\sin B=\\frac{4}{7}$; (II) $h=\\frac{12}{7}$", 0.0),
    ],
)
def test_keycaps_whole_number_roundings_and_labelled_values(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a remark about the run after the answer is no value of it; a check that gives another value is
        ("\\boxed{60}\n\nTime spent: 30 seconds.", "60", 1.0),
        ("She makes \\boxed{18}.\n\nRating: 4/5 difficulty.", "18", 1.0),
        ("\\boxed{60}\n\nSanity check gives 59 ✓", "60", 0.0),
        ("\\boxed{60}\n\nSanity check gives 60 ✓", "60", 1.0),
        # the answer corrected in a bracket after it
        ("\\boxed{72}\n\n(72 was a typo for 70)", "72", 0.0),
        ("\\boxed{72} (should be 70)", "72", 0.0),
        # "roughly" before a number is a rounding, not a bound
        ("The probability is \\boxed{\\frac{1}{6}}, roughly 17%.", "\\frac{1}{6}", 1.0),
        ("Area = \\boxed{9\\pi}, roughly 28 square units.", "9\\pi", 1.0),
        ("\\boxed{\\frac{1}{6}}, roughly 0.5.", "\\frac{1}{6}", 0.0),
        ("\\boxed{5} roughly", "5", 0.0),
        # (the answer's line rule leaves places, options and the problem's actions alone, and reads a percent whole)
        ("The answer is \\boxed{5} below the line y = 10.", "5", 1.0),
        ("Therefore, the answer is 18, which corresponds to choice 4.", "18", 1.0),
        ("Final answer: 84 marbles; she gave away 16.", "84", 1.0),
        ("A válasz $\\boxed{0.19}$ vagy 19%.", "0.19", 1.0),
    ],
)
def test_remarks_checks_and_corrections_after_the_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a JSON answer whose later fields the length cap cut off still answers; one cut inside its answer does not
        ('{\n  "reasoning": "48 + 24 = 72.",\n  "final_answer": "72",\n  "confidence": 1.0,\n  "uncert', "72", 1.0),
        ('{\n  "reasoning": "48 + 24 = 72.",\n  "final_answer": "72",\n  "notes": "checked tw', "72", 1.0),
        ('{\n  "reasoning": "48 + 24 = 72.",\n  "final_answer": "7', "7", 0.0),
        # (a cut string that offers another answer leaves the answer a hedge)
        ('{\n  "reasoning": "48 + 24 = 72.",\n  "final_answer": "72", "alternative": "7', "72", 0.0),
    ],
)
def test_json_cut_off_by_the_length_cap(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a label in square brackets is the label ("[Final Answer]:", "[Confidence]: 95%", blind set 253's format)
        (_WORKING + "[Final Answer]: She sold 72 clips.\n\n[Confidence]: 95%", 1.0),
        (_WORKING + "[Answer]: 70", 0.0),
        (_WORKING + "[Final Answer]: 72\n\n[Confidence]: 5%", 0.0),
        # (a link is no label)
        (_WORKING + "The answer is 72. See [the notes](http://example.com/5): 5 more.", 1.0),
    ],
)
def test_labels_in_square_brackets(completion: str, want: float) -> None:
    assert score(completion, "72") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a unit inside the emphasis that closes the last sentence stays with its number
        ("Therefore, the ball costs **5 cents**.", "$0.05", 1.0),
        ("Therefore, the trip takes **3 hours**.", "180 minutes", 1.0),
        ("Therefore, the trip takes **3 hours**.", "3 minutes", 0.0),
    ],
)
def test_a_unit_inside_the_closing_emphasis(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_CLIPS = (
    "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did"
    " Natalia sell altogether in April and May?"
)


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a degree mark right after the box belongs to the answer, which is then in degrees
        ("\\boxed{72}^{\\circ}", "72", _CLIPS, 0.0),
        ("$\\boxed{72}°$", "72", _CLIPS, 0.0),
        ("\\boxed{72}\\degree", "72", "What is the measure of angle A?", 1.0),
        ("\\boxed{72}", "72", _CLIPS, 1.0),
        # (and the text after the mark is read as after any box: another value offered there is a hedge)
        ("\\boxed{72}°, oder 70°", "72^\\circ", "What is the measure of angle A?", 0.0),
        ("\\boxed{72}^{\\circ} = 70^{\\circ}", "72^\\circ", "What is the measure of angle A?", 0.0),
        ("$\\boxed{72}^\\circ$.", "72^\\circ", "What is the measure of angle A?", 1.0),
        # degrees where the question asks for radians: the question's own value, unconverted
        ("\\boxed{72^\\circ}", "\\frac{2\\pi}{5}", "Convert 72 degrees to radians.", 0.0),
        ("\\boxed{\\frac{2\\pi}{5}}", "\\frac{2\\pi}{5}", "Convert 72 degrees to radians.", 1.0),
        ("\\boxed{72^\\circ}", "\\frac{2\\pi}{5}", "What is the measure of angle A?", 1.0),
    ],
)
def test_degrees_after_the_box_and_radians_asked(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # two short sentences are no one expression to read whole (their words would be letters of a product)
        ("x = 28 - 100. So x = -72.", "-72", 1.0),
        ("t = 2/4. So t = 1/2.", "\\frac{1}{2}", 1.0),
        ("x = 28 - 100. So x = -72.", "72", 0.0),
        # (one sentence, and a list item's number before one, are read as before)
        ("So x = -72.", "-72", 1.0),
        ("1. Abigail has one card", "one", 1.0),
    ],
)
def test_two_short_sentences_are_not_one_expression(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("filler", "_BLANK_RUN_RE", "' ' * n"),
            ("filler", "_BLANK_RUN_RE", "(' ' * 99 + 'x') * (n // 100)"),
            ("filler", "_PADDING_RUN_RE", "'<pad>' * (n // 5)"),
            ("filler", "_PADDING_RUN_RE", "' ' * n + '<pad>'"),
            ("filler", "_REPEATED_LINE_RE", "'a\\n' * (n // 2)"),
            ("filler", "_REPEATED_LINE_RE", "('a' * 50 + '\\n') * 11 + 'b' * n"),
            ("filler", "_REPEATED_LINE_RE", "'a' * n"),
            ("shown", "_ENDS_ON_VALUE_RE", "' a' * (n // 2)"),
            ("shown", "_ENDS_ON_VALUE_RE", "' 1' * (n // 2)"),
            ("shown", "_NOT_ANOTHER_VALUE_RE", "'the a ' * (n // 6)"),
            ("shown", "_NOT_ANOTHER_VALUE_RE", "' ' * n + 'x'"),
            ("shown", "_LEAD_UNIT_RE", "' ' * n"),
            ("shown", "_ACTION_BEFORE_RE", "'placed ' * (n // 7)"),
            ("shown", "_ACTION_BEFORE_RE", "'a' * n"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'Ignore ' * (n // 7)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'\\nBob' * (n // 4)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'a classmate ' * (n // 12)"),
            ("attributed", "_SENTENCE_END_RE", "'. ' * (n // 2)"),
            ("shown", "_FIELD_LINE_RE", "'\\ncheck gives ' * (n // 13)"),
            ("shown", "_FIELD_LINE_RE", "'\\ncheck' + ' ' * n"),
            ("revisions", "_QUALIFYING_BRACKET_RE", "'(' + ' a' * (n // 2)"),
            ("revisions", "_QUALIFYING_BRACKET_RE", "'\\n' * n"),
            ("disowning", "_BOUND_AFTER_VALUE_RE", "'roughly ' * (n // 8)"),
            ("structured", "_CUT_STRING_RE", "'\"' + 'a' * n"),
            ("structured", "_CUT_STRING_RE", "'\"a' * (n // 2)"),
            ("cleanup", "_BRACKETED_LABEL_RE", "'\\n[' + 'a' * n"),
            ("cleanup", "_BRACKETED_LABEL_RE", "'\\n[a]' * (n // 4)"),
            ("extract", "_DEGREES_AFTER_BOX_RE", "' ^ {' * (n // 4)"),
            ("question", "_RADIANS_ASKED_RE", "'to ' * (n // 3)"),
            ("extract", "_NEXT_SENTENCE_RE", "'. ' * (n // 2)"),
            ("extract", "_ENUMERATOR_RE", "'1' * n"),
        ]
    )
