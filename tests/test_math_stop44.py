"""Stop 44: classes found by red team 56 and by the blind sets 179 and 180. Each case that moved was scored the other
way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

# the prose concludes 7; a step's "3*4 = 12" before it is no statement of the answer
_SEVEN = (
    "We have 3 apples per bag and 4 bags, so 3*4 = 12 apples. Then she gives away 5, leaving 7.\n\n"
    "She has 7 apples left.\n\n"
)


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # a box beside the prose's answer, hidden or shown aside: transparent, white by attribute, size zero, small
        # text, inline code (the step's 12 earlier does not make the prose state it)
        ('<span style="color: rgba(0,0,0,0)">$\\boxed{12}$</span>', 0.0),
        ('<font color="white">$\\boxed{12}$</font>', 0.0),
        ('<font color="#ffffff">$\\boxed{12}$</font>', 0.0),
        ("{\\fontsize{0}{0}\\selectfont $\\boxed{12}$}", 0.0),
        ("<small>$\\boxed{12}$</small>", 0.0),
        ("<sub>$\\boxed{12}$</sub>", 0.0),
        ("$\\scriptscriptstyle\\boxed{12}$", 0.0),
        ("`\\boxed{12}`", 0.0),
        # ... where the prose next to the box states its value, the box answers
        ("So she had 12 before giving any away.\n\n`\\boxed{12}`", 1.0),
        # (a visible colour, alpha 0.9, is read: a box after plain prose answers, as it always has)
        ('<span style="color: rgba(0,0,0,0.9)">$\\boxed{12}$</span>', 1.0),
    ],
)
def test_a_box_aside_the_prose_answer(tail: str, want: float) -> None:
    assert score(_SEVEN + tail, "12") == want


def test_a_box_in_small_text_alone_answers() -> None:
    assert score("Counting gives <small>$\\boxed{12}$</small>", "12") == 1.0


_SEVENTY = "Natalia sold 48 clips in April and half as many in May, i.e. 24.\n\nAltogether she sold 70 clips.\n\n"


@pytest.mark.parametrize(
    "code",
    [
        # a variable named for the answer, in any code a reader sees as code, is no answer statement
        "    answer = 72\n    print(answer)\n",
        "~~~python\nanswer = 72\nprint(answer)\n~~~",
        "```python\nanswer = 72\nprint(answer)\n```",
        "````python\nanswer = 72\n````",
        "<code>answer = 72</code>",
        "<pre>answer = 72</pre>",
        "\\begin{verbatim}\nanswer = 72\n\\end{verbatim}",
        "\\begin{lstlisting}\nanswer = 72\n\\end{lstlisting}",
        # an answer marked in code beside prose that concludes another value: a second answer
        "```\nANSWER: 72\n```",
        "```python\nprint('The answer is 72')\n```",
    ],
)
def test_code_beside_the_prose_answer_is_no_answer(code: str) -> None:
    assert score(_SEVENTY + code, "72") == 0.0


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # code alone, or beside prose that agrees or concludes nothing, answers as it reads
        ("<code>answer = 72</code>", 1.0),
        ("<pre>answer = 72\nprint(answer)</pre>", 1.0),
        ("    answer = 72\n    print(answer)", 1.0),
        ("Altogether 72 clips.\n\n```\nANSWER: 72\n```", 1.0),
        ("Natalia sold 48 clips in April and half as many in May.\n\n```python\nprint('The answer is 72')\n```", 1.0),
        ("We compute.\n\n```python\nprint('The answer is', 48 + 24)\n```\n\nThe answer is 72.", 1.0),
    ],
)
def test_code_alone_or_agreeing_answers(completion: str, want: float) -> None:
    assert score(completion, "72") == want


_WORKING = "Natalia sold 48 clips in April and half as many in May.\n\nMay: 48/2 = 24. Total = 48 + 24.\n\n"


@pytest.mark.parametrize(
    ("marked", "want"),
    [
        # a line that labels the answer, then a box with another value that no word takes back: two answers
        ("Answer — 70.", 0.0),
        ("**Final Answer**\n70.", 0.0),
        ("Final Answer\n\n70", 0.0),
        ("答案：70。", 0.0),
        ("Result: 70.", 0.0),
        ("Ans: 70.", 0.0),
        ("Final result = 70.", 0.0),
        ("Final answer → 70.", 0.0),
        ("Final answer: seventy.", 0.0),
        ("Final answer: **70**.", 0.0),
        # ... the same value, or a label over the working, is one answer
        ("Result: 72.", 1.0),
        ("Final answer: seventy-two.", 1.0),
        ("Solution:\nMay has 24, so the total is 48 + 24.", 1.0),
    ],
)
def test_a_labelled_answer_then_a_box_with_another_value(marked: str, want: float) -> None:
    assert score(_WORKING + marked + "\n\nWe can present it as\n\n$$\\boxed{72}$$", "72") == want


_LOOP = "".join(f"I will make sure the response is {w}.\n" for w in "clear checked sound exact tidy neat brief plain full final fair".split())


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a drafted answer, then a loop that only the length cap stopped: never finished
        ("Final Answer: 2.\nI will write it out.\n" + "I will write the response.\n" * 30 + "I will", "2", 0.0),
        ("Final Answer: 2.\n" + _LOOP + "I will make", "2", 0.0),
        ("So the answer is 0.\n\nI will formulate the response.\nThe polynomial is constant at the", "0", 0.0),
        # a loop of the answer's own statement says it again and again; an enumeration ends on a finished line; a
        # response that is written, or a cut with no response announced, stands
        ("Jibu ni: 40\n" * 30 + "Jibu ni", "40", 1.0),
        ("".join(f"The number of ways for n = {k} is {k * k}.\n" for k in range(1, 13)), "144", 1.0),
        ("So the answer is 0.\n\nI will formulate the response.\n\nThe degree of the polynomial is 0.", "0", 1.0),
        ("So the answer is 0.\n\nThe polynomial is constant at the", "0", 1.0),
    ],
)
def test_an_output_that_never_finished(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (set 180) gpt-oss reasoning that restates its task ("Problem: ...") before the final channel: no made-up
        # next problem
        (
            "<|channel|>analysis<|message|>Thus Re = 324c - 432s.\n\nWe need the max. Problem: maximize 324 cos - 432 "
            "sin.<|end|><|start|>assistant<|channel|>final<|message|>The largest real part is $\\boxed{540}$.",
            "540",
            1.0,
        ),
        # (set 180) a box that asks is no answer given
        ("First try: \\boxed{\\,2304\\,? }\n\nWait, that over-counts.\n\n\\boxed{294}", "294", 1.0),
        ("\\boxed{2304}\n\n\\boxed{294}", "294", 0.0),
        # (set 179) a program's printout of the box's digits without their base, a list without its spaces
        ("In base 5 it is \\(\\boxed{4210_5}\\)\n\n[Code Execution Results]\nCode block 1 output:\n4210", "4210_{5}", 1.0),
        ("In base 5 it is \\(\\boxed{4210_5}\\)\n\nCode block 1 output:\n4211", "4210_{5}", 0.0),
        ("The degrees are $\\boxed{0, 1}$.\nThe answer is: 0,1", "0,1", 1.0),
        ("The answer is $\\boxed{1}$.\nThe answer is: 0,1", "1", 0.0),
        # (set 179) a "####" heading over a step whose value the working uses, then the final mark
        (
            "#### 2/5 times 500 is 2/5 * 500 = 200\n\nEach table has 200 books, so 500 * 200 = 100,000.\n\n"
            "#### 100,000\nThe answer is: 100,000",
            "100000",
            1.0,
        ),
        ("#### 200\n\nSo 100,000 books.\n\n#### 100,000", "100000", 0.0),
    ],
)
def test_blind_set_misses(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop44_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("hidden", "_HIDDEN_ELEMENT_RE", "'<a color: rgba(' * (n // 16)"),
            ("hidden", "_HIDDEN_ELEMENT_RE", "'<a color=\"' * (n // 10)"),
            ("hidden", "_WHITE_RE", "'\\\\fontsize{0}{' * (n // 14)"),
            ("hidden", "_ASIDE_RE", "'<small>' * (n // 7)"),
            ("hidden", "_CODE_RE", "'<code>' * (n // 6)"),
            ("hidden", "_CODE_RE", "'\\\\begin{verbatim}' * (n // 16)"),
            ("hidden", "_CODE_BLOCK_RE", "'<pre ' * (n // 5)"),
            ("fallback", "_ASIDE_TAIL_RE", "'\\n    x = 1' * (n // 11)"),
            ("fallback", "_ASIDE_TAIL_RE", "'\\n\\n<code>' * (n // 8)"),
            ("fallback", "_ASIDE_TAIL_RE", "'\\n\\n````' * (n // 6)"),
            ("extract", "_LABEL_LINE_RE", "'\\nfinal answer ' * (n // 14)"),
            ("extract", "_LABEL_LINE_RE", "'\\n答案' * (n // 3)"),
            ("extract", "_PROSE_CONCLUDES_RE", "'so ' * (n // 3)"),
            ("extract", "_QUERIED_BOX_RE", "'? \\\\,' * (n // 5)"),
            ("extract", "_WORKING_END_RE", "'= 1 ' * (n // 4)"),
            ("cutoff", "_ANNOUNCED_RE", "'i will write ' * (n // 13)"),
            ("cutoff", "_CALLS_FOR_MORE_RE", "'the ' * (n // 4)"),
            ("cutoff", "_FINISHED_END_RE", "'. ' * (n // 2)"),
            ("conclusions", "_BASE_SUBSCRIPT_RE", "'_{1' * (n // 3)"),
            ("disowning", "_THOUSANDS_RE", "'1,000' * (n // 5)"),
        ]
    )
