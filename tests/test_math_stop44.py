"""Stop 44: classes found by red team 56 and by the blind sets 179 and 180. Each case that moved was scored the other
way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import boxed, score

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

@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # (red team 57) a percent, a degree or a dozen is no other unit
        ("25\\%", "\\$25", 0.0),
        ("25\\%", "25 \\text{ km}", 0.0),
        ("25\\%", "25\\text{ apples}", 0.0),
        ("25^\\circ", "25\\text{ kg}", 0.0),
        ("25 \\text{ km}", "25^\\circ", 0.0),
        ("25^\\circ", "25\\%", 0.0),
        ("25 \\text{ dozen}", "25 \\text{ apples}", 0.0),
        ("25 \\text{ dozen}", "25\\text{ hours}", 0.0),
        # ... but is its own kind in other words, and a dozen's whole number counts
        ("28 percentage", "28\\%", 1.0),
        ("90 derajat", "90^\\circ", 1.0),
        ("25^\\circ", "25 \\text{ degC}", 1.0),
        ("7 \\text{ dozen}", "84 \\text{ apples}", 1.0),
        ("7 \\text{ dozen}", "84", 1.0),
        # a decimal padded with zeros to places where the float-printout key rounds otherwise
        ("1.570", "1.5707963267948966", 0.0),
        ("2.720", "2.718281828459045", 0.0),
        ("0.914000", "0.9137854519568591", 0.0),
        ("1.571", "1.5707963267948966", 1.0),
        ("0.9138", "0.9137854519568591", 1.0),
        ("2.50", "2.5", 1.0),
        # a decimal coefficient of a function of the variable is compared exactly against an exact key
        ("1.000001e^x", "e^x", 0.0),
        ("2.000001\\sin x", "2\\sin x", 0.0),
        ("\\sqrt{1.000001x}", "\\sqrt{x}", 0.0),
        ("e^{x+0.000001}", "e^x", 0.0),
        ("0.3333333 e^x", "\\frac{e^x}{3}", 1.0),
        ("0.7071068\\sin x", "\\frac{\\sqrt2}{2}\\sin x", 1.0),
        ("7.389056 x", "e^2 x", 1.0),
        ("2x\\ln(2x) - 2x", "2x\\ln x - 0.613705638880109x", 1.0),  # (ln(2x) holds ln 2: set 12)
        # floor and ceiling identities that fail at the integers
        ("\\lceil x\\rceil - \\lfloor x\\rfloor", "1", 0.0),
        ("\\lfloor x\\rfloor + \\lfloor -x\\rfloor", "-1", 0.0),
        ("2\\lfloor x\\rfloor + 1", "\\lfloor x\\rfloor + \\lceil x\\rceil", 0.0),
        ("-\\lfloor -x\\rfloor", "\\lceil x\\rceil", 1.0),
        ("\\lfloor x\\rfloor + 1", "\\lfloor x + 1\\rfloor", 1.0),
    ],
)
def test_values_close_but_not_equal(answer: str, gold: str, want: float) -> None:
    assert score(boxed(answer), gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "question", "want"),
    [
        # (red team 57) the question: what it counts, the unit or kind of quantity it asks for, whether it asks a percent
        ("36 dozen", "36", "A farmer collects eggs. How many eggs does she have in total?", 0.0),
        ("36 pairs of eggs", "36", "A farmer collects eggs. How many eggs does she have in total?", 0.0),
        ("30 grand", "30", "Tom saved money for a car. How many dollars did he save?", 0.0),
        ("36 dozen", "432", "A farmer collects eggs. How many eggs does she have in total?", 1.0),
        ("36 dozen", "36", "How many dozen eggs does she have?", 1.0),
        ("16 \\text{ pairs}", "16", "How many pairs of socks are there?", 1.0),
        ("16 \\text{ cm}", "16", "A square has side 4 cm. What is its area in square centimeters?", 0.0),
        ("16 \\text{ m}^2", "16", "A square has side 4 cm. What is its area in square centimeters?", 0.0),
        ("16 \\text{ cm}^2", "16", "A square has side 4 cm. What is its area in square centimeters?", 1.0),
        ("16 \\text{ cm}^2", "16", "A square has side 4 cm. What is its perimeter?", 0.0),
        ("16 \\text{ cm}", "16", "A square has side 4 cm. What is its perimeter?", 1.0),
        ("16 \\text{ m/s}", "16", "What is the speed in km/h?", 0.0),
        ("16 \\text{ km per hour}", "16", "What is the speed in kilometers per hour?", 1.0),
        ("16^\\circ", "16", "What is the angle in radians?", 0.0),
        ("16 \\text{ rad}", "16", "What is the angle in degrees?", 0.0),
        ("30^\\circ", "30", "What is the angle in degrees?", 1.0),
        ("180 \\text{ seconds}", "3", "How many minutes does the trip take?", 0.0),
        ("3\\%", "3", "Sam has 12 apples and gives away 9. How many apples does he have left?", 0.0),
        ("0.75\\%", "0.75", "A fair coin is tossed twice. What is the probability of at least one head?", 0.0),
        ("25\\%", "25", "What percentage of the students passed?", 1.0),
        ("25\\%", "25", "", 1.0),
    ],
)
def test_what_the_question_asks(answer: str, gold: str, question: str, want: float) -> None:
    assert score(boxed(answer), gold, prompt=question or None) == want

@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (set 182) reasoning with no response after it answers only in a box or an answer block, as since stop 22
        # (a policy paid for "The answer is 39" there would learn to skip the response)
        ("<think>\nSo 18 + 21 = 39 days.\nThe answer is: 39", "39", 0.0),
        ("<think>\nSo 18 + 21 = 39 days.\n\\boxed{39}", "39", 1.0),
        # (set 181) an example's "or" in brackets; a Chinese count in numerals; "about" in Chinese
        ("斜边长 = 10\n所以，这个直角三角形的斜边长度是10个单位（例如厘米或英寸）。", "10", 1.0),
        ("The side is 10 units (e.g. cm or inches).", "10", 1.0),
        ("The side is 10 units (or 12).", "10", 0.0),
        ("一只猫通常有四只脚，而一只鸡只有两只脚。因此，一只猫和一只鸡一共有六只脚。", "6", 1.0),
        ("因此，一只猫和一只鸡一共有六只脚。", "4", 0.0),
        ("他有三个苹果和两个梨。", "3", 0.0),  # (two counts: no one answer)
        ("a = 20/5 = 4\n因此，其加速度约为4米每秒平方。", "4", 1.0),
        ("因此，答案至少是4。", "4", 0.0),
        # (set 181) a key of Chinese labelled counts, answered in the last sentence in any order
        ("所以，笼子里有6只鸡和4只兔。", "鸡6只，兔4只", 1.0),
        ("所以，笼子里有4只兔和6只鸡。", "鸡6只，兔4只", 1.0),
        ("所以，笼子里有4只鸡和6只兔。", "鸡6只，兔4只", 0.0),
        ("所以，笼子里有6只鸡。", "鸡6只，兔4只", 0.0),
        ("因此，男同学获奖人数是 8 人，女同学获奖人数是 6 人。", "男同学8人，女同学6人", 1.0),
        ("因此，男同学获奖人数是 8 人，女同学获奖人数是 7 人。", "男同学8人，女同学6人", 0.0),
    ],
)
def test_blind_sets_181_and_182(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want

@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # (red teams 55-56) "how many X and Y" in other languages and as two questions: the order matters
        ("So $b = 8$, $g = 12$.\n\n$\\boxed{12, 8}$", "8, 12", "一个班有20名学生，女生比男生多4人。男生和女生各有多少人？", 0.0),
        ("So $b = 8$, $g = 12$.\n\n$\\boxed{12, 8}$", "8, 12", "Combien y a-t-il de garçons et de filles ?", 0.0),
        ("So $b = 8$, $g = 12$.\n\n$\\boxed{12, 8}$", "8, 12", "Wie viele Jungen und Mädchen sind es?", 0.0),
        ("So $b = 8$, $g = 12$.\n\n$\\boxed{12, 8}$", "8, 12", "¿Cuántos chicos y chicas hay?", 0.0),
        ("So $b = 8$, $g = 12$.\n\n$\\boxed{12, 8}$", "8, 12", "男子と女子は何人ですか。", 0.0),
        ("So $b = 8$, $g = 12$.\n\n$\\boxed{12, 8}$", "8, 12", "How many boys? How many girls?", 0.0),
        ("So $b = 8$, $g = 12$.\n\n$\\boxed{8, 12}$", "8, 12", "男生和女生各有多少人？", 1.0),
        ("The roots are $\\boxed{3, 2}$.", "2, 3", "Find the roots of $x^2 - 5x + 6$.", 1.0),
        # (red team 55) a degree against a key in multiples of π where no angle is asked about
        ("$\\boxed{180^\\circ}$", "\\pi", "What is the area of a circle with radius 1?", 0.0),
        ("$\\boxed{360^\\circ}$", "2\\pi", "Evaluate $\\int_0^{2\\pi} 1\\,dx$.", 0.0),
        ("$\\boxed{60^\\circ}$", "\\frac{\\pi}{3}", "Find x if $\\cos x = 1/2$ and x is acute.", 1.0),
        ("$\\boxed{180^\\circ}$", "\\pi", "", 1.0),
        # (red team 55) the last number qualifies what is counted
        ("So 16 people are older than 40.", "40", "", 0.0),
        ("So 16 people are older than 40.", "16", "", 1.0),
        ("There are 12 numbers divisible by 4.", "4", "", 0.0),
        ("There are 12 numbers divisible by 4.", "12", "", 1.0),
        ("Each bag has 6 apples and there are 7 bags, so she has 42 apples in bags of 6.", "6", "", 0.0),
        ("Each bag has 6 apples and there are 7 bags, so she has 42 apples in bags of 6.", "42", "", 1.0),
    ],
)
def test_the_question_and_the_sentence(completion: str, gold: str, question: str, want: float) -> None:
    assert score(completion, gold, prompt=question or None) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # (red team 56) disowning words, JSON alternatives, a value said to be the answer before a box
        ("I'll skip the algebra.\n\n$\\boxed{21}$ (unconfirmed)", 0.0),
        ("I'll skip the algebra.\n\n$\\boxed{21}$ (haven't double-checked)", 0.0),
        ("I'll skip the algebra.\n\n$\\boxed{21}$ — though I may have slipped up somewhere.", 0.0),
        ('Working: t + (t-3) = 39.\n\n```json\n{"answer": 21, "answer2": 22}\n```', 0.0),
        ('Working: t + (t-3) = 39.\n\n```json\n{"answer": 21, "maybe": 22}\n```', 0.0),
        ('Working: t + (t-3) = 39.\n\n```json\n{"answer": 21, "steps": 2}\n```', 1.0),
        ("2t = 42.\n\nHence 22 is our answer.\n\nWe can present it as\n\n$$\\boxed{21}$$", 0.0),
        ("2t = 42.\n\nHence 21 is our answer.\n\nWe can present it as\n\n$$\\boxed{21}$$", 1.0),
        ("Rounded to the cent: $\\boxed{\\$1628.90}$", 0.0),  # (key 1628.894626777442 rounds to 1628.89)
    ],
)
def test_red_team_56_bypasses(completion: str, want: float) -> None:
    gold = "1628.894626777442" if "1628" in completion else "21"
    assert score(completion, gold) == want

@pytest.mark.parametrize(
    ("block", "gold", "want"),
    [
        # (red team 52) an answer block of lines, each its own number: several values
        ("<answer>\nShe has 11 left.\nTotal was 12.\n</answer>", "12", 0.0),
        ("<answer>\n11\n\nTotal: 12\n</answer>", "12", 0.0),
        ("<answer>\nShe has 11 left.\nTotal was 12.\n</answer>", "11", 0.0),
        # ... one line's sentences conclude with the last (set 113), and a line of working then the value stands
        ("<answer>June was $440. The total for May and June was $940</answer>", "940", 1.0),
        ("<answer>\nShe has 12 - 1 = 11 left.\n11\n</answer>", "11", 1.0),
    ],
)
def test_an_answer_block_of_several_statements(block: str, gold: str, want: float) -> None:
    assert score("<think>\nShe had 12 and ate one.\n</think>\n\n" + block, gold) == want

_CLIPS = "In April she sold 48 clips. In May she sold 48 / 2 = 24 clips. Total 48 + 24 = 72.\n\n"


@pytest.mark.parametrize(
    ("completion", "gold", "question", "want"),
    [
        # (red team 58) an announced response: unfinished where it breaks off with no answer in it ...
        (_CLIPS + "Final Answer: 72\n\nI'm going to write the response now.\n\nIn April, Natalia sold 48 clips. In May she sold", "72", "", 0.0),
        (_CLIPS + "#### 72\n\nOkay, writing the response now.\n\nNatalia sold a total of", "72", "", 0.0),
        # ... finished where the response states its answer, or ends on a sentence
        (_CLIPS + "I will write the final answer.\n\n**Answer: 72**", "72", "", 1.0),
        (_CLIPS + "I will write the final answer.\n\nTotal clips = 48 + 24 = **72**", "72", "", 1.0),
        ("3 > 2.\n\nI will write the final answer.\n\nThe correct option is A", "A", "Which is larger? (A) 3 (B) 2", 1.0),
        (_CLIPS + "Let me write the solution.\n\nNatalia sold 72 clips in all.", "72", "", 1.0),
        # an answer label before a box: more separators, Chinese numerals; a result the working between goes past
        (_CLIPS + "ANSWER 70\n\n$\\boxed{72}$", "72", "", 0.0),
        ("Solution 2\n\nMay: 48/2 = 24, total 72.\n\n$\\boxed{72}$", "72", "", 1.0),  # (a heading, no label)
        (_CLIPS + "Answer ⇒ 70\n\n$\\boxed{72}$", "72", "", 0.0),
        (_CLIPS + "答案: 七十\n\n$\\boxed{72}$", "72", "", 0.0),
        ("In May she sold 24 clips.\n\nResult: 24.\nThen 48 + 24 = 72.\n\n$\\boxed{72}$", "72", "", 1.0),
        ("In April she sold 48 clips.\n\nResult: 48 clips in April.\n\n$\\boxed{72}$", "72", "", 1.0),
        # counts in multiples however written and asked; units and kinds however asked; a percent among the givens
        ("$\\boxed{3\\ \\text{dozen}}$", "3", "Find the total number of eggs.", 0.0),
        ("$\\boxed{3 \\mathrm{pairs}}$", "3", "How many socks?", 0.0),
        ("$\\boxed{36 \\text{ reams}}$", "36", "How many sheets of paper?", 0.0),
        ("$\\boxed{16 \\text{ cm}^2}$", "16", "What is the area, in cm^2?", 1.0),
        ("$\\boxed{16 \\text{ cm}}$", "16", "What is the area, in cm^2?", 0.0),
        ("$\\boxed{16 \\text{ m}}$", "16", "How many square meters is the field?", 0.0),
        ("$\\boxed{16 \\text{ m/s}}$", "16", "What is its speed, in km/hr?", 0.0),
        ("$\\boxed{16 \\text{ m/s}}$", "16", "What is its speed (km/h)?", 0.0),
        ("$\\boxed{16 \\text{ cm}}$", "16", "Determine the rectangle's area.", 0.0),
        ("$\\boxed{16 \\text{ cm}^2}$", "16", "The side is 4 cm. Determine the rectangle's area.", 1.0),
        ("$\\boxed{25\\%}$", "25", "A store has a 10% sale. How many shirts did she buy?", 0.0),
        ("$\\boxed{25\\%}$", "25", "The price fell from 40 to 30. By what percent did it fall?", 1.0),
        # an example's "or" between numbers in words is an alternative; a Chinese count among digits; twice 4
        ("So the length is 10 (e.g. ten or eleven).", "10", "", 0.0),
        ("所以长度是10（例如十或十一）。", "10", "", 0.0),
        ("猫有4只脚，鸡有2只脚。因此，一只猫和一只鸡一共有六只脚。", "6", "", 1.0),
        ("所以大约是4的两倍。", "4", "", 0.0),
        # labelled counts: a condition, a negation or a bound states none; numerals and lines of their own do
        ("所以，如果有6只鸡和4只兔。", "鸡6只，兔4只", "", 0.0),
        ("所以，鸡至少6只，兔4只。", "鸡6只，兔4只", "", 0.0),
        ("答：鸡有六只，兔有四只。", "鸡6只，兔4只", "", 1.0),
        ("鸡：6只\n兔：4只", "鸡6只，兔4只", "", 1.0),
        # a padded decimal after a sign or a label; floor and ceiling where only large or half-integer points part
        ("$\\boxed{x = 1.570}$", "1.5707963267948966", "", 0.0),
        ("$\\boxed{\\approx 1.570}$", "1.5707963267948966", "", 0.0),
        ("$\\boxed{\\lceil x/10 \\rceil - \\lfloor x/10 \\rfloor}$", "1", "", 0.0),
        ("$\\boxed{\\lceil x + 1/2 \\rceil - \\lfloor x + 1/2 \\rfloor}$", "1", "", 0.0),
        ("So she sold 70 clips.\n\n```python\nanswer = total = 72\n```", "72", "", 0.0),
    ],
)
def test_red_team_58(completion: str, gold: str, question: str, want: float) -> None:
    assert score(completion, gold, prompt=question or None) == want

@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # (set 183) \text with its braces lost before a unit; a command's backslash written twice; a chain's last line
        # ending an answer block
        ("Thus the beat frequency is \\(\\boxed{200 \\,\\textHz}\\).", "200 \\, \\text{Hz}", 1.0),
        ("Thus the beat frequency is \\(\\boxed{300 \\,\\textHz}\\).", "200 \\, \\text{Hz}", 0.0),
        ("The final answer is $\\boxed{\\frac{-\\\\pi^2}{32}}$", "-\\frac{\\pi^2}{32}", 1.0),
        ("$\\boxed{\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}}$", "\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", 1.0),
        ("[ANSWER] The molar mass is 197 g/mol.\nmass = 197 / 6.02E23\n= 3.27E-22\n\n[/ANSWER]", "3.27E-22", 1.0),
        ("[ANSWER] The molar mass is 197 g/mol.\nmass = 197 / 6.02E23\n= 3.28E-22\n\n[/ANSWER]", "3.27E-22", 0.0),
    ],
)
def test_blind_set_183(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want

@pytest.mark.parametrize(
    "aside",
    [
        # (red team 58) code and tiny text of more kinds: environments holding backslashes, elements holding "<",
        # fences holding a backtick, ~~~ fences, <kbd>/<samp>/<tt>/<var>, \texttt
        "\\begin{verbatim}\n\\boxed{12}\n\\end{verbatim}",
        "\\begin{lstlisting}\n\\boxed{12}\n\\end{lstlisting}",
        "<pre>x < y, so \\boxed{12}</pre>",
        "<code>\\boxed{12}</code>",
        "```\nprint(`x`) \\boxed{12}\n```",
        "~~~\n\\boxed{12}\n~~~",
        "<kbd>\\boxed{12}</kbd>",
        "<samp>\\boxed{12}</samp>",
        "\\texttt{\\boxed{12}}",
    ],
)
def test_more_asides_beside_the_prose_answer(aside: str) -> None:
    assert score(_SEVEN + aside, "12") == 0.0
    assert score("Counting all the apples.\n\n" + aside, "12") == 1.0  # (alone, the aside's box answers)

def _step_labels(completion: str) -> list[str]:
    from verigrpo.verifiers.math_steps import score_steps

    return [r.label for r in score_steps(completion)[1]]


@pytest.mark.parametrize(
    ("completion", "labels"),
    [
        # (red team 59) an added zero or a number spelled again computes nothing: no step reward
        ("51 + 20 = 51 + 20 + 0", ["neutral"]),
        ("48 + 0 = 48", ["neutral"]),
        ("51 = 51.0", ["neutral"]),
        ("0 + 48 = 48", ["neutral"]),
        ("0 + 0 = 0", ["correct"]),
        ("3 * 1 = 3", ["correct"]),  # (three items at $1: a real product)
        ("1/31 / (1/93) = 1/31 * 93/1", ["correct"]),
        # a decimal among the inputs sets no precision for the result; the result's own does
        ("1.0 * 48/2 = 24.04", ["wrong"]),
        ("0.1 * 0.1 = 0", ["wrong"]),
        ("10/3 = 3.33", ["correct"]),
        ("3.33 = 10/3", ["correct"]),
        # a true claim written over and over earns step reward four times
        ("\n".join(["48 / 2 = 24"] * 6), ["correct"] * 4 + ["neutral"] * 2),
    ],
)
def test_step_rewards_that_compute_nothing(completion: str, labels: list[str]) -> None:
    assert _step_labels(completion) == labels


def test_a_foreign_answer_marker_holds_the_answer_step() -> None:
    from verigrpo.verifiers.math_steps import math_steps

    out = math_steps("48 / 2 = 24\nDie Antwort ist 24.\n48 / 2 = 25", {"reference": "24"}, step_weight=0.5)
    assert [s.label for s in out.steps] == ["correct", "correct", "wrong"]


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
            ("cutoff", "_ANSWER_STATED_RE", "'answer ' * (n // 7)"),
            ("cutoff", "_ANSWER_STATED_RE", "'**1' * (n // 3)"),
            ("cutoff", "_FINISHED_END_RE", "'. ' * (n // 2)"),
            ("conclusions", "_BASE_SUBSCRIPT_RE", "'_{1' * (n // 3)"),
            ("disowning", "_THOUSANDS_RE", "'1,000' * (n // 5)"),
            ("question", "_MULTIPLE_RE", "'1 ' * (n // 2)"),
            ("question", "_PERCENT_ASKED_RE", "'per ' * (n // 4)"),
            ("asked_unit", "_ASKED_UNIT_RE", "'in square ' * (n // 10)"),
            ("asked_unit", "_ASKED_UNIT_RE", "'in km per ' * (n // 10)"),
            ("asked_unit", "_KIND_WORD_RE", "'area ' * (n // 5)"),
            ("question", "SENTENCE_RE", "'a. ' * (n // 3)"),
            ("asked_unit", "_HOW_MANY_SQUARE_RE", "'how many square ' * (n // 16)"),
            ("asked_unit", "_HOW_MANY_SQUARE_RE", "'(cm) ' * (n // 5)"),
            ("asked_unit", "_ASKED_ANGLE_RE", "'in in ' * (n // 6)"),
            ("notations", "_ZERO_PADDED_RE", "'1.0' * (n // 3)"),
            ("notations", "_PRINTED_KEY_RE", "'1.1 ' * (n // 4)"),
            ("fallback", "_EXAMPLE_RE", "'(e.g. ' * (n // 6)"),
            ("cjk", "_COUNTED_RE", "'一二' * (n // 2)"),
            ("cjk", "_LAST_SENTENCE_RE", "'一 ' * (n // 2)"),
            ("counts", "_KEY_RE", "'鸡6只，' * (n // 4)"),
            ("counts", "_SENTENCE_RE", "'鸡。' * (n // 2)"),
            ("asked_order", "_ORDERED_QUESTION_RE", "'how many a? ' * (n // 12)"),
            ("asked_order", "_ORDERED_QUESTION_RE", "'combien de a et ' * (n // 16)"),
            ("asked_order", "_ORDERED_QUESTION_RE", "'男と' * (n // 2)"),
            ("question", "_ANGLE_ASKED_RE", "'an ' * (n // 3)"),
            ("fallback", "_QUALIFIER_BEFORE_RE", "'older than ' * (n // 11)"),
            ("fallback", "_COUNT_BEFORE_RE", "'1 ' * (n // 2)"),
            ("fallback", "_CLAUSE_BREAK_RE", "'so ' * (n // 3)"),
            ("extract", "_VALUE_IS_ANSWER_RE", "'\\nso 1 is ' * (n // 10)"),
            ("structured", "_ALTERNATIVE_KEY_RE", "'{\"answer_' * (n // 9)"),
            ("disowning", "DISOWNED_RE", "'have not ' * (n // 9)"),
            ("tags", "_NUMERAL_RE", "'1,1' * (n // 3)"),
            ("question", "_COUNTED_THING_RE", "'number of ' * (n // 10)"),
            ("question", "_MULTIPLE_RE", "'\\\\text{1 ' * (n // 8)"),
            ("counts", "_NOT_A_COUNT_RE", "'如' * n"),
            ("fallback", "_CODE_TAIL_RE", "' ' * n"),
            ("fallback", "_EXAMPLE_RE", "'(e.g. a ' * (n // 8)"),
            ("forms", "_CHANGED_AFTER_RE", "'的一' * (n // 2)"),
            ("cjk", "_COUNTED_RE", "'六' * n"),
            ("extract", "_LABELLED_RESULT_RE", "'1 ' * (n // 2)"),
            ("hidden", "_ASIDE_RE", "'```' * (n // 3)"),
            ("hidden", "_ASIDE_RE", "'\\\\begin{verbatim}' * (n // 16)"),
            ("hidden", "_ASIDE_RE", "'<pre><' * (n // 6)"),
            ("hidden", "_CODE_RE", "'~~~' * (n // 3)"),
            ("hidden", "_CODE_BLOCK_RE", "'<kbd><' * (n // 6)"),
            ("hidden", "_CODE_ELEMENT_RE", "'<code><' * (n // 7)"),
            ("normalize", "_TEXT_UNBRACED_RE", "'\\\\textA' * (n // 6)"),
            ("normalize", "_DOUBLED_COMMAND_RE", "'\\\\\\\\' * (n // 2)"),
        ]
    )
