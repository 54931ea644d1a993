"""Stop 48: classes found by red team 64's remaining findings and the blind sets 221-227. Each case that moved was
scored the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_PAIRS_Q = "Each pair of socks costs 2 dollars and he spends 8 dollars. How many pairs does he buy?"
_TOWN_Q = "How many people live in the town?"


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # the unit or noun written with a value that a #### marker or the last-number fallback narrowed to the value
        ("8 / 2 = 4.\n\n#### 4 socks", "4", _PAIRS_Q, 0.0),
        ("8 / 2 = 4.\n\n#### 4 pairs", "4", _PAIRS_Q, 1.0),
        ("8 / 2 = 4.\n\n#### 4", "4", _PAIRS_Q, 1.0),
        ("The pressure is 100 kPa.\n\n#### 100 kPa", "100", "What is the pressure in pascals?", 0.0),
        ("It is 100 Pa.\n\n#### 100 Pa", "100", "What is the pressure in pascals?", 1.0),
        ("Two 45-minute halves.\n\nThus the result is 90 hrs.", "90", "How many minutes is 45 + 45 minutes?", 0.0),
        ("Two 45-minute halves.\n\nThus the result is 90 minutes.", "90", "How many minutes is 45 + 45 minutes?", 1.0),
        ("3 + 2 = 5.\n\nThus the result is €5.", "5", "A pen costs 3 dollars, a pencil 2. How much in dollars?", 0.0),
        ("3 + 2 = 5.\n\nThus the result is $5.", "5", "A pen costs 3 dollars, a pencil 2. How much in dollars?", 1.0),
        ("36 / 12 = 3.\n\nTherefore, the answer is \\(3 \\text{ gross}\\).", "3", "How many dozen eggs is 36 eggs?", 0.0),
        # (without the question nothing says what is counted; words that name no thing do not object)
        ("8 / 2 = 4.\n\n#### 4 socks", "4", None, 1.0),
        ("15 - 7 = 8\n\nShe has 8 marbles left.\n\n(Check: 8 + 7 = 15.)", "8", "She has 15 marbles and gives 7 away. "
         "How many marbles does she have left?", 1.0),
        ("15 - 7 = 8\n\nThe store has 8 apples left.", "8", "A store has 15 apples and sells 7. How many are left?", 1.0),
    ],
)  # fmt: skip
def test_the_unit_said_with_a_narrowed_value(completion: str, gold: str, question: str | None, want: float) -> None:
    assert score(completion, gold, question) == want


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # a count of things answered in a unit of measure, or in thousands or millions
        ("\\boxed{3\\text{ M}}", "3", _TOWN_Q, 0.0),
        ("\\boxed{3\\text{ K}}", "3", _TOWN_Q, 0.0),
        ("\\boxed{3\\text{ mn}}", "3", _TOWN_Q, 0.0),
        ("\\boxed{3\\text{ people}}", "3", _TOWN_Q, 1.0),
        ("\\boxed{300\\text{ K}}", "300", "How many kelvins is 27 degrees Celsius?", 1.0),
        ("\\boxed{16\\text{ cm}^2}", "16", "How many square units is the area?", 1.0),
        # scale words of other languages and of news after the fallback's number multiply it
        ("So there are 3 Millionen people.", "3", _TOWN_Q, 0.0),
        ("So there are 3 Millionen people.", "3000000", _TOWN_Q, 1.0),
        ("So there are 3 тыс. people.", "3", _TOWN_Q, 0.0),
        ("So there are 3 लाख people.", "300000", _TOWN_Q, 1.0),
        ("Thus the result is 3 bn.", "3", "How many people, in millions?", 0.0),
        ("Thus the result is 3 bn.", "3000000000", None, 1.0),
        ("\\boxed{2.5 bln}", "2500000000", None, 1.0),
    ],
)
def test_scale_words_and_units_for_a_count(completion: str, gold: str, question: str | None, want: float) -> None:
    assert score(completion, gold, question) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a harness that prompts with the box's opening and stops at "}": the number, then the end of the text
        ("The answer is 225 minutes.\nTherefore, the answer is \\(\\boxed{225", "225", 1.0),
        ("So 9500.\nTherefore, the answer is \\(\\boxed{9,500", "9500", 1.0),
        ("So 9500.\nTherefore, the answer is \\(\\boxed{9500", "950", 0.0),
        # (anything else in an unclosed box stays unreadable)
        ("Therefore, the answer is \\(\\boxed{\\frac{1}{2", "\\frac{1}{2}", 0.0),
        ("Therefore, the answer is \\(\\boxed{225 and then", "225", 0.0),
    ],
)
def test_an_unclosed_box_that_ends_the_text_on_a_number(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a verdict on an answer, then the value said again: the verdict is no answer
        ("Your answer is correct. Each book cost $5.", "5", 1.0),
        ("The previous answer is correct. Frankie watched 3 episodes on Wednesday.", "3", 1.0),
        ("The previous answer is correct. Frankie watched 3 episodes on Wednesday.", "4", 0.0),
        # agents' answers as calls and labels in code marks
        ("x = 8, which is option C.\nAction: Answer(\"C\")", "C", 1.0),
        ("x = 8, which is option C.\nAction: Answer(\"C\")", "B", 0.0),
        ("Thought: 48 + 24 = 72\nAction 3: Finish[72]", "72", 1.0),
        ("Thought: 48 + 24 = 72\nAction 3: Finish[72]", "70", 0.0),
        ("So Josh made $70,000.\n`Answer`: $70,000", "70000", 1.0),
        ("So Josh made $70,000.\n`Answer`: $95,000", "70000", 0.0),
        # (a word "answer" before brackets in prose is no call)
        ("The answer(s) (2) are fine, answer (3).", "3", 0.0),
        # short answer tags
        ("... = 803.</think>\n<ans>803</ans>", "803", 1.0),
        ("... = 803.</think>\n<ans>803</ans>", "802", 0.0),
    ],
)
def test_verdicts_calls_and_short_tags(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("block", "gold", "want"),
    [
        # a paragraph of working in the answer block: its conclusion, as a whole completion's
        ("Timothy has 3 times as many pens as George. So, Timothy has 3 * 18 = 54 pens. Sarah has half as many pens"
         " as Timothy, so Sarah has 54 / 2 = 27 pens.", "27", 1.0),
        ("Timothy has 3 times as many pens as George. So, Timothy has 3 * 18 = 54 pens. Sarah has half as many pens"
         " as Timothy, so Sarah has 54 / 2 = 27 pens.", "54", 0.0),
        # (one sentence whose words change its number stays the block whole)
        ("half of 476 dollars", "476", 0.0),
    ],
)  # fmt: skip
def test_an_answer_block_of_working(block: str, gold: str, want: float) -> None:
    assert score(f"Let me think.</think> <answer> {block}</answer>", gold) == want


@pytest.mark.parametrize(
    ("blocks", "want"),
    [
        # answer blocks written as sentences are compared by the value they state
        (("She will have earned 84 cents.", "The answer is 84 cents."), 1.0),
        (("She will have earned 84 cents.", "The answer is 85 cents."), 0.0),
        (("She earned 84 cents.", "She earned 85 cents."), 0.0),
    ],
)
def test_answer_blocks_that_say_one_value_in_sentences(blocks: tuple[str, ...], want: float) -> None:
    assert score(" ".join(f"<answer> {b} </answer>" for b in blocks), "84") == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("units", "_SAID_RE", "'1' + ' a' * (n // 2)"),
            ("units", "_SAID_RE", "'$' + ' ' * n"),
            ("fallback", "_SIGN_BEFORE_RE", "'$' + ' ' * n + 'x'"),
            ("fallback", "_SCALE_WORD_RE", "' ' * n"),
            ("boxes", "_OPEN_NUMBER_END_RE", "'1' * n + 'x'"),
            ("boxes", "_OPEN_NUMBER_END_RE", "'1,' * (n // 2)"),
            ("cleanup", "_CALLED_ANSWER_RE", "'answer(' * (n // 7)"),
            ("cleanup", "_CALLED_ANSWER_RE", "'finish[' * (n // 7)"),
            ("cleanup", "_CALLED_ANSWER_RE", "'action 1' + ' ' * n"),
        ]
    )
