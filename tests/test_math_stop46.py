"""Stop 46: classes found by red teams 57, 60-62's remaining findings and the blind sets 196-199. Each case that
moved was scored the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_CLIPS = "In May she sold 48 / 2 = 24 clips. Altogether 48 + 24 = 72 clips.\n\nThe answer is $\\boxed{72}$.\n\n"


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # a retraction to another value, with a closing remark on its line: a note in brackets, a clause, thanks
        ("Actually it is \\(70\\). Thanks!", 0.0),
        ("Actually it is 70 (I misread May).", 0.0),
        ("Actually it is 70, I apologize for the confusion.", 0.0),
        # ... the value in words, with its thing after it; an equation of the unknown after "I think"
        ("Sorry, it should be seventy clips.", 0.0),
        ("Actually it is sixty-nine.", 0.0),
        # ... other words that open a retraction, in English, Spanish and Chinese
        ("Oh no, it's 70.", 0.0),
        ("Espera, en realidad son 70.", 0.0),
        ("更正：答案是 70。", 0.0),
        # ... the same value, with the same remarks, stands
        ("Actually it is 72 (I misread May at first).", 1.0),
        ("Actually it is seventy-two, sorry for the noise.", 1.0),
        ("Oh no, I forgot to say: 72 clips. Thanks!", 1.0),
        ("Espera, en realidad son 72.", 1.0),
        ("更正：答案是 72。", 1.0),
    ],
)
def test_a_retraction_with_a_closing_remark_or_in_words(tail: str, want: float) -> None:
    assert score(_CLIPS + tail, "72") == want


@pytest.mark.parametrize(
    ("box", "tail", "gold", "want"),
    [
        ("5", "Wait, I think x = 25/3.", "5", 0.0),
        ("5", "Wait, I think x = 5.", "5", 1.0),
        ("\\frac{19}{12}", "Sorry, it should be seventeen twelfths.", "\\frac{19}{12}", 0.0),
        ("\\frac{19}{12}", "Sorry, I mean nineteen twelfths.", "\\frac{19}{12}", 1.0),
        # an expression after the retraction, without a colon before it
        ("x^2+5x+6", "Actually it is x^2+6x+5.", "x^2+5x+6", 0.0),
        ("x^2+5x+6", "Actually it is (x+2)(x+3).", "x^2+5x+6", 1.0),
        # an inequality of the unknown against an interval
        ("[4, \\infty)", "Actually it is x > 4.", "[4, \\infty)", 0.0),
        ("[4, \\infty)", "Actually it is x \\ge 4.", "[4, \\infty)", 1.0),
        # a verdict of the other kind and the other sense (yes and true, no and false)
        ("\\text{Yes}", "Sorry, it should be false.", "\\text{Yes}", 0.0),
        ("\\text{Yes}", "Actually, no is correct.", "\\text{Yes}", 0.0),
        ("\\text{Yes}", "Actually, yes is correct.", "\\text{Yes}", 1.0),
        ("\\text{Yes}", "Sorry, it should be true.", "\\text{Yes}", 1.0),
    ],
)
def test_a_retraction_of_other_kinds_of_answer(box: str, tail: str, gold: str, want: float) -> None:
    assert score(f"Working.\n\nThe answer is $\\boxed{{{box}}}$.\n\n{tail}", gold) == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("laterlines", "_CLOSING_ON_LINE_RE", "'(' + 'a' * (n - 1)"),
            ("laterlines", "_CLOSING_ON_LINE_RE", "', a' * (n // 3)"),
            ("laterlines", "_ONE_SIDED_RE", "'x <' * (n // 3)"),
            ("laterlines", "_REVISED_END_RE", "'I think ' * (n // 8)"),
            ("revisions", "_OTHER_OPTION_MARKED_RE", "'- (A) ' + ' ' * n"),
            ("revisions", "_ATTRIBUTIVE_AFTER_RE", "' ' * n + 'x'"),
            ("revisions", "_OFFERING_IN_SENTENCE_RE", "'cannot be ' * (n // 10)"),
            ("revisions", "_OFFERING_WORD_BEFORE_RE", "'or ' + ' ' * n"),
            ("leaves", "_LETTER_RUN_RE", "'a ' * (n // 2)"),
            ("cleanup", "_OTHER_REASONING_HINT_RE", "'<|' * (n // 2)"),
            ("markers", "_ANSWER_HEADING_RE", "'#' + ' ' * n + 'result'"),
            ("extract", "_LATER_HEADING_RE", "' ' * n + 'x'"),
            ("cleanup", "_RECAP_TAIL_RE", "'\\nKey Points:' + '\\n-' * (n // 2)"),
            ("cleanup", "_MINERVA_CLOSE_RE", "'Final Answer: The final answer is ' * (n // 33)"),
            ("cleanup", "_NEW_PROBLEM_RE", "' ' * n + 'x'"),
            ("conclusions", "_STATEMENT_VERDICT_RE", "'the statement that ' * (n // 19)"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "'(' + 'a' * n"),
            ("attributed", "ATTRIBUTED_TAIL_RE", "', though ' * (n // 9)"),
            ("chains", "_SQUARE_AFTER_RE", "'1 [' * (n // 3)"),
            ("revisions", "_CLAUSE_VALUE_RE", "' a, minus' * (n // 9)"),
            ("laterbox", "_ABOUT_THE_ANSWER_RE", "'x' * n"),
            ("laterlines", "OFFERED_AT_END_RE", "' or maybe ' * (n // 10)"),
            ("laterlines", "OFFERED_AT_END_RE", "'or ' + 'one ' * (n // 4)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # Gemma 4's thinking channel is a reasoning block: the answer is what follows it (set 197)
        ("<|channel>thought\nLet me reason: maybe A\n<channel|>B", "B", 1.0),
        ("<|channel>thought\nLet me reason: B\n<channel|>A", "B", 0.0),
        ("<|channel>thought\nMaybe 4.\n<channel|>So she has $\\boxed{5}$ apples.<turn|>", "5", 1.0),
        # ... and a turn it runs on into after its end of turn is no answer of its own
        ("So she has 5 apples.<turn|>\n<|turn>user\nAnd with 1 more?<turn|>\n<|turn>model\nThen 6.", "5", 1.0),
        ("So she has 5 apples.<turn|>\n<|turn>user\nAnd with 1 more?<turn|>\n<|turn>model\nThen 6.", "6", 0.0),
    ],
)
def test_gemma_4s_channels_and_turns(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a set written with semicolons, in braces (set 199): order and repeats do not matter
        ("{7; -3; 0; 7}", "{-3; 0; 7}", 1.0),
        ("{7; -3; 0}", "{-3, 0, 7}", 1.0),
        ("{7; -3; 1}", "{-3, 0, 7}", 0.0),
        # an unknown's interval against a union of intervals that covers it exactly
        ("[0;1) \\cup [1;2]", "x \\in [0; 2]", 1.0),
        ("(-\\infty;1] \\cup (1;3)", "x \\in (-\\infty; 3)", 1.0),
        ("[0;1) \\cup [1;3]", "x \\in [0; 2]", 0.0),
        ("(-\\infty;1] \\cup (1;3]", "x \\in (-\\infty; 3)", 0.0),
    ],
)
def test_sets_with_semicolons_and_an_interval_as_a_union(answer: str, gold: str, want: float) -> None:
    assert score(f"The final answer is $\\boxed{{{answer}}}$.", gold) == want


_PRIME = "Which of the following is a prime number?\n(A) 21 (B) 27 (C) 29 (D) 33"


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # after a letter answer, the other options ruled out: marked wrong line by line, or named together with a
        # reason against them (red team 62)
        ("- (A) 21 = 3 × 7 ✗\n- (B) 27 = 3³ ✗\n- (D) 33 = 3 × 11 ✗", 1.0),
        ("Why not the others? (A) 21 = 3·7, (B) 27 = 3·9, (D) 33 = 3·11.", 1.0),
        ("Option A (21), B (27) and D (33) are all divisible by 3.", 1.0),
        ("Note: (A) and (B) are both divisible by 3.", 1.0),
        # ... but the answer's own option marked, other options offered or kept open, stay refused
        ("- (C) 29 ✗", 0.0),
        ("Hmm, it isn't C; A and D.", 0.0),
        ("A and B work too.", 0.0),
        ("Though A and B cannot be excluded.", 0.0),
        ("Let me reconsider: A and D.", 0.0),
        ("Or A and B.", 0.0),
        ("A = 21 and B = 27 are primes.", 0.0),
    ],
)
def test_other_options_ruled_out_after_a_letter(tail: str, want: float) -> None:
    assert score("\\boxed{C}\n\n" + tail, "C", prompt=_PRIME) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a verdict in \text{}, then a sentence about a number: no second value of the verdict's kind
        ("\\boxed{\\text{No}}\n\nSo 91 is not prime.", "No", 1.0),
        # "no" before a noun is a determiner, "a false ..." an adjective; offered after "or" they stay a second verdict
        ("\\boxed{\\text{Yes}}\n\n**Note:** This assumes a 52-week year; no other assumptions are needed.", "Yes", 1.0),
        ("\\boxed{\\text{True}}\n\nThat was not a false alarm.", "True", 1.0),
        ("\\boxed{\\text{True}}\n\nor false really.", "True", 0.0),
        ("\\boxed{\\text{Yes}}\n\nor no answer at all.", "Yes", 0.0),
        # a short word key is that word, not a product of letters: "odd" is not o·d·d
        ("\\boxed{dod}", "odd", 0.0),
        ("\\boxed{Odd}", "odd", 1.0),
        ("\\boxed{\\text{all}}", "all", 1.0),
    ],
)
def test_verdicts_and_short_word_keys(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_PAM = (
    "Answer: Pam rode the roller coaster 2 times, so she used 2 * 6 = 12 tickets. Fred rode it 4 times, so he used"
    " 4 * 6 = 24 tickets. In total, Pam used 12 + 12 = 24 tickets and Fred used 24 + 12 = 36 tickets. The total"
    " number of tickets used is 24 + 36 = 60 tickets."
)
_ELVIRA = (
    "Answer: Elvira's initial budget is €1500. She buys a computer for €1090, leaving her with €1500 - €1090 = €410."
    "\n\nShe then buys a printer for €102, leaving her with €410 - €102 = €308.\n\nElvira will have €308 left."
)
_NATALIA = "Answer: Natalia sold 48 + 24 = 72 clips altogether in April and May.\n\n"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "Answer:" opening the whole response, its first sentence a step the working goes on to compute with: the
        # response's label, its answer where the working ends (set 201)
        (_PAM, "60", 1.0),
        (_PAM, "12", 0.0),
        (_ELVIRA, "308", 1.0),
        (_ELVIRA, "1500", 0.0),
        # ... an answer stated first and explained after stays the answer
        (_NATALIA + "In April she sold 48 clips. In May she sold 24 clips.", "72", 1.0),
        (_NATALIA + "Explanation: In April she sold 48 clips. In May she sold half as many, 24 clips.", "72", 1.0),
        # the question's own supposition said again with the answer's value is no second value (set 200)
        ("\\boxed{\\$140}\n\nJordan would earn **\\$140 in one week** if he spent that time working instead.", "140", 1.0),
        ("\\boxed{140}\n\nJordan would earn **\\$150 in one week** if he spent that time working instead.", "140", 0.0),
        # a stretch of time after the amount is no rate: "$120 in 2 weeks" states 120 (set 200)
        ("### Final Answer:\n**Josh makes $120 in 2 weeks.**", "120", 1.0),
        ("### Final Answer:\n**Josh makes $120 in 2 weeks.**", "2", 0.0),
        ("### Final Answer:\n**5 in 100 people agree.**", "5", 0.0),
    ],
)
def test_a_response_labelled_answer_and_sentences_of_set_200_and_201(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # red team 63: a retraction whose line ends on a remark with a retraction word of its own ("my bad",
        # "sorry"): the word before it is read
        ("Actually it is $70$ — my bad.", 0.0),
        ("Actually it is $72$ — my bad.", 1.0),
        # ... after other markers, in other languages
        ("Corrección: 70.", 0.0),
        ("Korrektur: 70.", 0.0),
        ("Исправление: 70.", 0.0),
        ("抱歉，应为 70。", 0.0),
        ("Mea culpa: 70.", 0.0),
        ("Korrektur: 72.", 1.0),
        # ... a number in words after a verb, a pronoun and a verb, in capitals, as maths, in Chinese numerals
        ("Hmm, rechecking gives seventy.", 0.0),
        ("Let me recheck... no, it's seventy.", 0.0),
        ("Actually she sold seventy.", 0.0),
        ("ACTUALLY IT IS seventy.", 0.0),
        ("Actually it is $$seventy$$", 0.0),
        ("更正：答案是七十。", 0.0),
        ("The boxed value is wrong; it is seventy.", 0.0),
        ("Let me recheck... no, it's seventy-two.", 1.0),
        ("Actually she sold seventy-two.", 1.0),
        ("更正：答案是七十二。", 1.0),
    ],
)
def test_retractions_of_red_team_63(tail: str, want: float) -> None:
    assert score(_CLIPS + tail, "72") == want


@pytest.mark.parametrize(
    ("box", "tail", "gold", "want"),
    [
        ("\\frac{7}{12}", "Actually it is \\frac{5}{12}, sorry about that.", "\\frac{7}{12}", 0.0),
        ("\\frac{7}{12}", "Let me recheck... no, it's 5/12.", "\\frac{7}{12}", 0.0),
        ("(2,-1)", "Actually it is (2, 1), sorry.", "(2,-1)", 0.0),
        ("[1,3)", "Actually it is $(1, 3]$ — my bad.", "[1,3)", 0.0),
        ("x^2+5x+6", "Actually it's $x^2+6x+5$, sorry.", "x^2+5x+6", 0.0),
        ("\\frac{\\pi}{4}", "Mea culpa: \\frac{\\pi}{3}.", "\\frac{\\pi}{4}", 0.0),
        ("\\frac{7}{12}", "Let me recheck... no, it's 7/12.", "\\frac{7}{12}", 1.0),
        ("(2,-1)", "Actually it is (2, -1), sorry.", "(2,-1)", 1.0),
    ],
)
def test_retractions_of_other_kinds_with_remarks(box: str, tail: str, gold: str, want: float) -> None:
    assert score(f"Working.\n\nThe answer is $\\boxed{{{box}}}$.\n\n{tail}", gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a key's run of letters read in its order: its letters in another order are another word (red team 63)
        ("So the answer is $\\boxed{god}$.", "dog", 0.0),
        ("<answer>rat</answer>", "art", 0.0),
        ("The answer is \\boxed{\\text{e d r}}.", "red", 0.0),
        ("So the answer is $\\boxed{dog}$.", "dog", 1.0),
        ("The answer is \\boxed{\\text{r e d}}.", "red", 1.0),
        # ... not a run of capitals (options chosen, in any order) nor a set's letters
        ("The answer is \\boxed{ADB}.", "ABD", 1.0),
        # reasoning blocks of other formats left open hold no answer, as an open <think> does
        ("<|channel>thought\nSo she sold 72 clips.", "72", 0.0),
        ("[THINK]So 72", "72", 0.0),
        ("◁think▷So 72", "72", 0.0),
        ("<seed:think>So 72", "72", 0.0),
        ("[THINK]Adding.[/THINK]So 72", "72", 1.0),
        # a retraction to the other word of an opposite pair, or "not" before the answer's word
        ("The answer is $\\boxed{\\text{converges}}$.\n\nActually it diverges.", "\\text{converges}", 0.0),
        ("The answer is $\\boxed{\\text{converges}}$.\n\n更正：发散。", "\\text{converges}", 0.0),
        ("The answer is $\\boxed{\\text{even}}$.\n\nEspera, en realidad es impar.", "\\text{even}", 0.0),
        ("The answer is $\\boxed{\\text{even}}$.\n\nActually it is not even.", "\\text{even}", 0.0),
        ("The answer is $\\boxed{\\text{Yes}}$.\n\n更正：不是。", "\\text{Yes}", 0.0),
        ("The answer is $\\boxed{\\text{converges}}$.\n\nActually it does not diverge.", "\\text{converges}", 1.0),
        ("The answer is $\\boxed{\\text{even}}$.\n\nActually it is not odd.", "\\text{even}", 1.0),
        (
            "The answer is $\\boxed{\\text{Yes}}$.\n\nActually, let me verify: there is no counterexample below 100, so yes.",
            "\\text{Yes}",
            1.0,
        ),
        # a markdown heading "### Result" gives the answer under it, when no other section follows (set 203)
        ("### Result\n\nYou need **about 85 patients** (round up).\n\nNote: plan for (85/0.9 = 95) patients.", "85", 1.0),
        ("## Step 1\n### Result\n12\n## Step 2\nSo the total is 36.", "36", 1.0),
    ],
)
def test_letter_runs_open_reasoning_opposite_words_and_result_headings(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_MINERVA = "Therefore the sum is $\\boxed{i}$.\nFinal Answer: The final answer is $i$. I hope it is correct.\n\n"


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a recap line of the solution's ideas after it ("Key Points: ...") holds no answer (set 202)
        ("The value of 9×6 is 54. Therefore, the correct option is (c) 54.\nKey Points: 9 multiplied by 6 equals 54,"
         " The correct answer is option (c), Multiplication of single-digit numbers", "c) 54", 1.0),
        ("36÷3 + 5×4 = 12 + 20 = 32\nKey Points: Division first (36÷3 = 12), then 5×4 = 20", "32", 1.0),
        ("36÷3 + 5×4 = 12 + 20 = 32\nKey Points: Division first (36÷3 = 12), then 5×4 = 20", "20", 0.0),
        # a verdict on the statement anywhere, where every such sentence agrees, against a verdict key
        ("The statement '30% of 200 is 75' is false. 30% of 200 is 0.3 * 200 = 60. So 30% of 200 is 60, not 75.",
         "False", 1.0),
        ("The statement '30% of 200 is 75' is false. 30% of 200 is 0.3 * 200 = 60. So 30% of 200 is 60, not 75.",
         "True", 0.0),
        ("Therefore, the statement that the perimeter is 47 units is incorrect.", "False", 1.0),
        ("The statement is true at first sight. But the statement is false for n = 2.", "True", 0.0),
        # Minerva's closing line ends the response: a base model's review of other problems after it is no answer
        (_MINERVA + "Let's go through each problem step-by-step.\n\n### Problem 1:\n\\[ \\boxed{24} \\]", "i", 1.0),
        (_MINERVA + "Let's go through each problem step-by-step.\n\n### Problem 1:\n\\[ \\boxed{24} \\]", "24", 0.0),
        # ... but a sentence that contradicts it stays read
        ("9 × 2 = $18.\n\nFinal Answer: The final answer is $18$. I hope it is correct.\n\nJanet makes $20 daily.", "18", 0.0),
    ],
)
def test_recaps_statement_verdicts_and_minervas_closing_line(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_SOLD = "In April she sold 48 clips and in May 22. "


@pytest.mark.parametrize(
    ("tail", "gold", "want"),
    [
        # after the concluded value, a value quoted from elsewhere (an answer key, a book, a hint, other sources, the
        # original problem) or a label of the problem or the run is no answer (red team 63)
        ("So she sold 70 clips. (Hint: the answer key says 72.)", "72", 0.0),
        ("So she sold 70 clips. (Hint: the answer key says 72.)", "70", 1.0),
        ("So she sold 70 clips. Some sources say 72.", "72", 0.0),
        ("Total: 70 clips. [Expected: 72]", "72", 0.0),
        ("So she sold 70 clips, though the book lists 72.", "72", 0.0),
        ("So she sold 70 clips, though the book lists 72.", "70", 1.0),
        ("So she sold 70 clips.\n\n— Problem 72", "72", 0.0),
        ("So she sold 70 clips.\n\nTime: 72 s", "72", 0.0),
        ("Natalia sold 70 clips, versus 72 in the original problem.", "72", 0.0),
        ("Она продала 70 заколок (в ответе учебника 72).", "72", 0.0),
        ("Total: 70 clips. [Expected: 72]", "70", 1.0),
    ],
)
def test_a_value_quoted_from_elsewhere_after_the_answer(tail: str, gold: str, want: float) -> None:
    assert score(_SOLD + tail, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an operation on the boxed answer in its own sentence, and what it leaves: another value
        ("So she sold $\\boxed{72}$ clips, minus 2 returned, leaving 70.", "72", 0.0),
        ("So she sold $\\boxed{72}$ clips, minus 2 returned, leaving 70.", "70", 0.0),
        ("So she sold $\\boxed{72}$ clips, leaving 30 in stock.", "72", 1.0),
        # a number or a rounding in square brackets after the answer is a second value
        ("The final answer is $\\boxed{72 [70]}$.", "72", 0.0),
        ("The final answer is $\\boxed{72 [about 70]}$.", "72", 0.0),
        ("The final answer is $\\boxed{72 [72]}$.", "72", 1.0),
    ],
)
def test_operations_and_square_brackets_after_the_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # a sentence after the answer that doubts or rejects it, in several languages (red team 63)
        ("I don't think that's right.", 0.0),
        ("That doesn't look right.", 0.0),
        ("Creo que está mal.", 0.0),
        ("Das stimmt nicht.", 0.0),
        ("这是错的。", 0.0),
        ("これは間違いです。", 0.0),
        ("TODO: fix the total.", 0.0),
        # ... but "todo" is Spanish for all, and a sentence that only names "right" stays
        ("Todo está bien.", 1.0),
        ("That looks right.", 1.0),
    ],
)
def test_an_answer_doubted_after_it(tail: str, want: float) -> None:
    assert score(_CLIPS + tail, "72") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an answer block holding a sentence with its one number: "times" ending its clause counts occurrences, and
        # "over the three months" is a stretch of time, not a bound (set 204)
        ("<think>x</think>\n<answer> Peter can go to the movies 3 times.\n</answer>", "3", 1.0),
        ("<think>x</think> <answer> Therefore, the program had a total of 366 downloads over the three months.", "366", 1.0),
        # ... "times" before a quantity multiplies, "over" before a number bounds
        ("<answer> He has 3 times as many.</answer>", "3", 0.0),
        ("<answer> They sold over 300 tickets.</answer>", "300", 0.0),
    ],
)
def test_counts_of_times_and_stretches_of_time(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # advice after the last of several boxes that names nothing of the answer is no doubt on it (set 204)
        ("340 + 240 = \\boxed{580}\nbut wait! She spent 280, so 580 - 280 = \\boxed{300}.\n\nTo summarize, pay close"
         " attention to what is given or spent! Happy learning!", "300", 1.0),
        ("340 + 240 = \\boxed{580}\nbut wait! She spent 280, so 580 - 280 = \\boxed{300}.\n\nOr maybe it is 580.", "300", 0.0),
        # another value offered in words after the answer ("Or maybe it is four hundred.")
        ("The answer is \\boxed{300}.\n\nOr maybe it is four hundred.", "300", 0.0),
        ("The answer is \\boxed{72}.\n\nOr seventy.", "72", 0.0),
        ("The answer is \\boxed{300}.\n\nOr maybe it is three hundred.", "300", 1.0),
    ],
)
def test_advice_after_boxes_and_values_offered_in_words(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an empty "####" (its markup only) before an answer sentence is a template's placeholder (set 205)
        ("= $276,000\n\nTherefore, **####**\n\nThe final answer is: $276,000", "276000", 1.0),
        ("= $276,000\n\nTherefore, **####**\n\nThe final answer is: $276,000", "240000", 0.0),
    ],
)
def test_an_empty_gsm8k_marker_before_the_answer(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a doubt in the last box's own sentence stays a doubt on it, whatever it names
        ("\\boxed{3}. Actually, \\boxed{4} is impossible", "4", 0.0),
        ("\\boxed{3}. Actually, \\boxed{4} is mistaken", "4", 0.0),
        ("\\boxed{3}. Actually, \\boxed{4}.\n\nTo summarize, mind what is given or spent!", "4", 1.0),
    ],
)
def test_a_doubt_in_the_last_boxs_own_sentence(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a crossed line that names no option (a lower-case word) still disowns a letter answer (review)
        ("\\boxed{C}\n\na mistake here ✗", "C", 0.0),
        ("\\boxed{C}\n\n- (A) 21 = 3 × 7 ✗", "C", 1.0),
        # the verdicts of every language the parser knows retract a yes/no answer; "不对" is the other sense of "对"
        ("The answer is $\\boxed{\\text{No}}$.\n\nCorrección: sí.", "\\text{No}", 0.0),
        ("The answer is $\\boxed{\\text{No}}$.\n\nKorrektur: ja.", "\\text{No}", 0.0),
        ("The answer is $\\boxed{\\text{Yes}}$.\n\n更正：不对。", "\\text{Yes}", 0.0),
        ("The answer is $\\boxed{\\text{No}}$.\n\n更正：不对。", "\\text{No}", 1.0),
    ],
)
def test_crossed_lines_and_verdicts_of_other_languages(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
