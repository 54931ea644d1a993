"""Stop 43: classes found by red teams 52-53 and by the blind sets of this stop. Each case that moved was scored
the other way at the commit before; the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_COUNT = "<think>\nCounting carefully gives 13.\n</think>\n\nThe count is 13.\n\n"


@pytest.mark.parametrize(
    ("tail", "want"),
    [
        # a box the reader of the rendered answer does not read as prose, beside a plain answer with another value:
        # in code, in a comment, in an image's alt text, in white or tiny text
        ("```\n\\boxed{12}\n```", 0.0),
        ("`\\boxed{12}`", 0.0),
        ("```latex\nThe answer is \\boxed{12}\n```", 0.0),
        ("<pre>\\boxed{12}</pre>", 0.0),
        ("\\verb|\\boxed{12}|", 0.0),
        ("\\begin{comment}\n\\boxed{12}\n\\end{comment}", 0.0),
        ("% \\boxed{12}", 0.0),
        ("![\\boxed{12}](fig.png)", 0.0),
        ("Final answer: 13\n\n![\\boxed{12}](fig.png)", 0.0),
        ("<details><summary>scratch</summary>\\boxed{12}</details>", 0.0),
        ('<span style="color:white">\\boxed{12}</span>', 0.0),
        ("{\\color{white} The answer is 12.}", 0.0),
        ("$\\textcolor{white}{12}$", 0.0),
        ("{\\tiny \\boxed{12}}", 0.0),
        ("$\\tiny\\boxed{12}$", 0.0),
        ("$\\footnotesize\\boxed{12}$", 0.0),
        ("\\footnote{$\\boxed{12}$}", 0.0),
        ("[^1]: $\\boxed{12}$", 0.0),
        # the same box beside an answer that agrees, or alone: it answers
        ("So 12 it is.\n\n```\n\\boxed{12}\n```", 1.0),
        ("{\\tiny \\boxed{12}} So 12 it is.", 1.0),
    ],
)
def test_box_aside_a_plain_answer(tail: str, want: float) -> None:
    assert score(_COUNT + tail, "12") == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a quotation that prose answers with another value: two answers
        ("You wrote:\n\n> So the total is $\\boxed{83}$.\n\nThat has an addition slip: 48 + 36 = 84 apples.", "84", 0.0),
        # ... a box shown aside where the prose states the same value, or states an answer, stands or yields
        ("48 + 24 = 72 clips.\n\n> $$\\boxed{72}$$\n\nThis used 2 steps: one halving and one addition.", "72", 1.0),
        ("Altogether 72 clips.\n\n```\n\\boxed{72}\n```\n\nThat took 2 steps.", "72", 1.0),
        ("Final answer: 13\n\n![\\boxed{12}](fig.png)", "13", 1.0),  # (an answer stated outside: the aside is dropped)
        ("You wrote:\n\n> So the total is $\\boxed{83}$.\n\nThat has an addition slip: 48 + 36 = 84 apples.", "83", 0.0),
        ("48 + 36 = 84.\n\n> **Final answer:** $\\boxed{84}$", "84", 1.0),  # a quoted answer that ends: the answer
        # the prose's answer in words, then code beside it (red team 54), and the verbs word problems conclude with
        # (stop 51, red team 71: a program after the answer whose last line sets the answer to another value gives
        # a second answer; it was read as a variable before)
        ("Maria has thirteen pencils left.\n\n```\nanswer = 12\n```", "13", 0.0),
        ("Maria has thirteen pencils left.\n\n`12`", "13", 1.0),
        ("The shop sold eighty-four apples.\n\n```latex\n\\boxed{83}\n```", "83", 0.0),
        ("The shop sold eighty-four apples.", "84", 1.0),
        ("The result is:\n\n`12`", "12", 1.0),
        # a variable in code named for the answer is no answer statement
        ("Maria has 13 pencils left.\n\n```python\nanswer = 12\n```", "12", 0.0),
        ("Maria has 13 pencils left.\n\n```python\nanswer = 12\n```", "13", 0.0),  # (stop 51: two answers)
        ("Total apples sold: **84**.\n\n```python\ndef solve():\n    answer = 48\n    answer += 36\n    return answer\n```", "84", 1.0),
        ("```python\nanswer = 12\nprint(answer)\n```", "12", 1.0),  # code alone still answers
        ("```\nFinal Answer: 12\n```", "12", 1.0),
        # a footnote's reference is no digit of the answer
        ("Final answer: 180[^1]\n\n[^1]: Computed as 120 + 60.", "180", 1.0),
        # an inline-code box after an answer phrase is the answer
        ("The answer is `\\boxed{180}`.", "180", 1.0),
        # an offer closing the answer's paragraph as a question
        ("Tom is 21 years old. Would you like me to solve a similar problem with 4 times?", "21", 1.0),
        ("The total is 84 apples. Shall I show the 2-step column addition?", "84", 1.0),
        ("The total is 84 apples. Do you want me to also work out how many more were sold in the morning (12)?", "84", 1.0),
        ("Is it 12? Would you like 13?", "13", 0.0),
        ("Tom is 21. Shall I show the version where Tom is 22 instead, which I believe is the correct one?", "21", 0.0),
        # a marked answer, then a box with another value that no word takes back: two answers
        ("She eats 1, leaving 11.\n\nFinal answer: 13.\n\nA student claimed \\boxed{12}.", "12", 0.0),
        ("Answer: 11\n\\boxed{12} would be the total before eating.", "12", 0.0),
        ("The answer is 11.\nWait, I made an error. 3*4=12.\n\\boxed{12}", "12", 1.0),
        ("The answer is $x = 12$.\n\nThus \\boxed{12}", "12", 1.0),
    ],
)
def test_which_of_several_statements_answers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        ("```latex\nThe answer is \\boxed{12}\n```", 1.0),  # a box written as source, alone
        ("<think>\nSo 12.\n</think>\n\n`\\boxed{12}`", 1.0),
        ("{\\tiny \\boxed{12}}", 1.0),
        ("The total is 3 \\times 4 = 12.\n\n![\\boxed{12}](fig.png)", 1.0),
        ("The percentage is 50% and the count is 12.", 1.0),  # a percent sign mid-line is no comment
        ("%5 of them\nThe count is 12.", 1.0),
    ],
)
def test_box_aside_alone_still_answers(completion: str, want: float) -> None:
    assert score(completion, "12") == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # Leibniz notation names a derivative: never the quotient y/x
        ("\\frac{dy}{dx}=3x", "y=3x^2", 0.0),
        ("\\frac{dy}{dx}", "\\frac{y}{x}", 0.0),
        ("y=6x^2", "\\frac{dy}{dx}=6x", 0.0),
        ("x^2+y^2=0", "\\frac{dy}{dx}=-\\frac{x}{y}", 0.0),
        ("\\frac{dV}{dt}=4\\pi r^2", "V=4\\pi r^2 t", 0.0),
        ("\\frac{dy}{dx}=3x^2", "y=3x^3", 0.0),
        ("\\frac{dy}{dx}=3x", "3x", 1.0),
        ("\\frac{d y}{d x}=3 x", "\\frac{dy}{dx}=3x", 1.0),
        ("y'=3x", "\\frac{dy}{dx}=3x", 1.0),
        ("\\frac{d^2y}{dx^2}=6x", "y''=6x", 1.0),
        ("\\frac{d^{2} y}{d x^{2}}=6x", "y''=6x", 1.0),
        ("-\\frac{x}{y}", "\\frac{dy}{dx}=-\\frac{x}{y}", 1.0),
        ("\\frac{d}{dx} x^3", "3x^2", 1.0),  # the operator, applied, is still worked out
        # a double superscript: TeX refuses it, and neither reading is the writer's
        ("e^{-x}^2", "e^{x^2}", 0.0),
        ("e^{-x}^2", "e^{-2x}", 0.0),
        ("10^{-3}^2", "10^{9}", 0.0),
        ("e^{-\\lambda t}^2", "e^{\\lambda^2 t^2}", 0.0),
        ("2^{3^2}", "512", 1.0),
        ("{2^{3}}^2", "64", 1.0),
        ("e^{x^{2}}", "e^{x^2}", 1.0),
        # braces mark TeX: an unbraced subscript is one token there ("C_1e^{x}" is C_1 e^x)
        ("y=C_1e^{x}+C_2e^{-x}", "y=C_1 e^{x}+C_2 e^{-x}", 1.0),
        ("y=C_1e^{x}+C_2e^{-x}", "y=C_1 e^{x}+C_2 e^{x}", 0.0),
        ("\\{1,2,x^{2}\\}", "\\{1,2,x^2\\}", 1.0),
        ("v_zmf", "v_zmf", 1.0),
        # Newton's dot: a derivative in time, as a label
        ("\\dot{x}(t) = 3t^2", "3t^2", 1.0),
        ("\\dot{x} = 2t + 1", "2t+1", 1.0),
        ("\\ddot{x} = 2", "x''=2", 1.0),
        ("\\dot{x} = 2t + 1", "x = 2t+1", 0.0),
        # layout that changes no value: \smash, an empty root index, a colon spaced as punctuation (red team 52)
        ("\\smash{13}", "13", 1.0),
        ("\\sqrt[]{144}", "12", 1.0),
        ("3{:}45", "3:45", 1.0),
        ("3{:}45", "3:40", 0.0),
    ],
)
def test_expression_notations(answer: str, gold: str, want: float) -> None:
    assert score(f"So the answer is $\\boxed{{{answer}}}$.", gold) == want


@pytest.mark.parametrize(
    ("answer", "gold", "want"),
    [
        # a key printed at a binary float's precision: an answer that rounds it at its own last place, to three
        # significant digits or more (set 173)
        ("-8.2950", "-8.295049140435111", 1.0),
        ("0.1667", "0.16666666666666666", 1.0),
        ("0.167", "0.16666666666666666", 1.0),
        ("47.6190", "47.61904761904762", 1.0),
        ("0.16666666666666666", "0.1667", 0.0),  # the key states its precision: not the other way round
        ("3.33", "3.3333333", 0.0),  # nor a key of eight digits
        ("2.68", "2.6749999999999998", 1.0),  # the float nearest 2.675, rounded half up
        ("\\frac{3}{10}", "0.30000000000000004", 1.0),  # a fraction against its float's printout
        ("3.0", "3.0000000000000004", 1.0),
        ("\\frac{3}{10}", "0.3000000000001", 0.0),
        # a labelled or approximate decimal is a decimal too (set 140)
        ("t = 0.616", "0.6157378009026948", 1.0),
        ("p \\approx 0.405", "0.40527287278483803", 1.0),
        ("t = 0.615", "0.6157378009026948", 0.0),
        ("(0.5, 2)", "(\\frac{1}{2}, 2)", 1.0),
        ("(0.33, 2)", "(\\frac{1}{3}, 2)", 0.0),
        # one value said again in another form (set 140)
        ("45.000000, 45.000000", "45.0", 1.0),
        ("0.600000, 60.0\\%", "0.6", 1.0),
        ("0.6, 0.7", "0.6", 0.0),
        ("5,5", "5", 0.0),  # (perhaps a decimal comma)
        ("0.17", "0.16666666666666666", 0.0),  # two significant digits
        ("0.1666", "0.16666666666666666", 0.0),  # truncated, not rounded
        ("-8.2967", "-8.295049140435111", 0.0),
        ("0.4742", "0.47419", 0.0),  # a key of five digits is no printout: rounded_decimals' policy
    ],
)
def test_float_printout_keys(answer: str, gold: str, want: float) -> None:
    assert score(f"So the answer is $\\boxed{{{answer}}}$.", gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # Thai scale words multiply the number they follow, glued to the currency or not (red team 51)
        ("ราคาบ้าน 3 หลัง = 3 × 4 = 12 ล้านบาท\n\nคำตอบ: 12 ล้านบาท", "12000000", 1.0),
        ("ราคาบ้าน 3 หลัง = 3 × 4 = 12 ล้านบาท\n\nคำตอบ: 12 ล้านบาท", "12", 0.0),
        ("12 เดือนเป็นเงิน 12,000 บาท หรือ 12 พันบาท\n\nคำตอบ: 12 พันบาท", "12", 0.0),
        ("정답: 2억 5000만 4000원", "250004000", 1.0),  # (Korean's own scales: verifiers.math.cjk)
        ("정답은 6만 7,082마리입니다.", "67082", 1.0),
        # metadata after the answer: how the solution was made, no value of the problem (red team 54)
        ("Tom is 21. Step count: 3.", "21", 1.0),
        ("Tom is 21. Step count: 3.", "3", 0.0),
        ("Tom is 21 years old.\n\nConfidence: high. Steps used: 2", "21", 1.0),
        ("Tom is 21 years old.\n\n---\n*Solution 3 of 5*", "21", 1.0),
        ("Tom is 21 years old.\n\n---\n*Solution 3 of 5*", "5", 0.0),
        ("The MEDIAN is **23**.\n\nValues: [5, 12, 18, 23, 45, 67, 89]\nResult: 23\n⚡ Calculated in 0ms", "23", 1.0),
        # a chat turn the output ran on into, its label glued to the value (set 140)
        ("94.0assistant: I'd be happy to help you with that! Can you provide 12 more details?", "94.0", 1.0),
        ("4.7% (4.7%)assistant: I'd be happy to help you with your question!", "0.047", 1.0),
        # a final-answer phrase that opens working, evaluated by the box after it (the step set's x223)
        ("to get our final answer:\n$a^2 - b^2 = (a + b)(a - b) = 500 * 10$\n\nSo the value is $\\boxed{5000}$.", "5000", 1.0),
    ],
)
def test_scales_and_metadata(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a completion cut off inside a code block it opened: its numbers are code (set 177)
        ("Let me compute:\n```python\nw = 6.4\n# Total surface area of all legs (4 legs)\n", "4", 0.0),
        ("The answer is 4.\n```", "4", 1.0),
        ("Wendi needs to give her chickens 20 cups of feed.\n```\n\n", "20", 1.0),
        ("So 4.\n\n```python\nx = 4\n```", "4", 1.0),
        # a sentence in a box, its number in inline maths or after a name (set 177)
        ("The final answer is $\\boxed{Fawn has $\\boxed{28}$ books.}$.", "28", 1.0),
        ("The final answer is $\\boxed{Fawn has 28 books.}$.", "28", 1.0),
        ("The final answer is $\\boxed{Fawn has 28 books.}$.", "27", 0.0),
        ("The final answer is $\\boxed{She paid $28 and $30 books.}$.", "28", 0.0),
        # currency signs of more countries are units, as € and ¥ are (set 169)
        ("The final answer is $\\boxed{₴ 3.04}$.", "3.04", 1.0),
        ("The final answer is $\\boxed{₩5,000}$.", "5000", 1.0),
        ("The final answer is $\\boxed{5,000₩}$.", "5000", 1.0),
        ("The final answer is $\\boxed{₴ 3.04}$.", "3.40", 0.0),
        ("She won 5 games.", "5", 1.0),
    ],
)
def test_stop43_blind_set_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a question that names the two things it asks for, or says "respectively" in another language: in order
        ("So the boys number 18 and the girls 12.\n\n$$\\boxed{18, 12}$$", "12, 18",
         "A class of 30 students has 6 more girls than boys. How many boys and girls are there in the class?", 0.0),
        ("$$\\boxed{12, 18}$$", "12, 18", "How many boys and girls are there in the class?", 1.0),
        ("答案：$\\boxed{5, 2}$", "2, 5", "已知 $a+b=7$，$b-a=3$，则 $a$、$b$ 的值分别是多少？", 0.0),
        ("$\\boxed{12, 8}$", "8, 12", "A rectangle has a perimeter of 40 cm and an area of 96 cm^2. Find its length and width.", 0.0),
        ("$\\boxed{3, 2}$", "2, 3", "Find the roots of $x^2 - 5x + 6 = 0$ and check them.", 1.0),  # (a set)
        # values named by letters, against the tuple the question names: in the question's order
        ("$\\boxed{m = -3,\\ b = 2}$", "(2,-3)", "Enter the ordered pair $(m,b)$.", 0.0),
        ("$\\boxed{m = 2,\\ b = -3}$", "(2,-3)", "Enter the ordered pair $(m,b)$.", 1.0),
        ("$\\boxed{y = 3, x = 4}$", "(3,4)", "Find the ordered pair $(y,x)$ such that $x + y = 7$ and $x - y = 1$.", 1.0),
        ("$\\boxed{x = 3, y = 4}$", "(3,4)", "Solve the system.", 1.0),  # (no tuple named: alphabetical, as before)
        # a request for primes in other words
        ("We have $30 = 2 \\cdot 3 \\cdot 5$.\n\n$$\\boxed{30}$$", "2 \\times 3 \\times 5", "Write 30 as a product of primes.", 0.0),
        ("$$\\boxed{2 \\cdot 3 \\cdot 5}$$", "2 \\times 3 \\times 5", "Write 30 as a product of primes.", 1.0),
        ("答案：$\\boxed{30}$", "2 \\times 3 \\times 5", "将 30 分解质因数。", 0.0),
    ],
)
def test_the_question_read_more_widely(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # other models' reasoning delimiters: only the response answers (red team 55)
        ("<|channel|>analysis<|message|>So the total is \\boxed{72}.<|end|><|start|>assistant<|channel|>final"
         "<|message|>It asks only about May.\n\nFinal answer: 24<|return|>", "72", 0.0),
        ("<|channel|>analysis<|message|>48 + 24 = 72.<|end|><|start|>assistant<|channel|>final<|message|>The answer"
         " is 72.<|return|>", "72", 1.0),
        ("<|start|>assistant<|channel|>analysis<|message|>So 373.<|end|><|start|>assistant<|channel|>final<|message|>373"
         "<|return|><|start|>user<|message|>The answer is expected in \\boxed{}.<|end|>", "373", 1.0),
        ("[THINK]Maybe \\boxed{70}. No: 48 + 24 = 72.[/THINK]\nThe answer is 72.", "72", 1.0),
        ("[THINK]Maybe \\boxed{70}. No: 48 + 24 = 72.[/THINK]\nThe answer is 72.", "70", 0.0),
        ("◁think▷Guess \\boxed{70}.◁/think▷\nThe answer is 72.", "72", 1.0),
        ("<seed:think>Guess \\boxed{70}.</seed:think>\nThe answer is 72.", "72", 1.0),
        ("<|thinking|>Guess \\boxed{70}.<|/thinking|>\nThe answer is 72.", "72", 1.0),
        ("<scratchpad>\nGuess \\boxed{70}.\n</scratchpad>\n\nThe answer is 72.", "72", 1.0),
        # a guess or a provisional answer is no answer
        ("I'm not certain the formula applies, but if I had to guess, $\\boxed{30}$.", "30", 0.0),
        ("Unverified: $\\boxed{30}$", "30", 0.0),
        ("$\\boxed{2}$ (not double-checked — treat as provisional)", "2", 0.0),
        ("$\\boxed{30}$ — though I may have made an arithmetic slip.", "30", 0.0),
        ("$\\boxed{30}$, which I verified twice.", "30", 1.0),
        # a JSON field that offers another answer under a condition
        ('He read pages 12 to 25.\n\n```json\n{"final_answer": "14", "if_exclusive": "13"}\n```', "14", 0.0),
        ('```json\n{"answer": 14, "answer_exclusive": 13}\n```', "14", 0.0),
        ('{"answer": 14, "answer_unit": "pages"}', "14", 1.0),
        ('{"final_answer": 14, "answer_type": "integer"}', "14", 1.0),
        # and a half, and tenths, in Chinese and Japanese
        ("所以答案是3个半小时。", "3.5", 1.0),
        ("所以答案是3个半小时。", "3", 0.0),
        ("答え: 2時間半", "2.5", 1.0),
        ("答案是2斤半。", "2.5", 1.0),
        ("答え: $\\boxed{3割}$", "0.3", 1.0),
        ("答え: $\\boxed{3割}$", "3", 0.0),
        ("答案：$\\boxed{3成}$", "30%", 1.0),
        ("答案：3成年人", "3", 1.0),  # (成年人: adults, no tenths)
        ("答案是3成人", "3", 1.0),
        # times written as French and British English write them
        ("Réponse : $\\boxed{15h45}$", "15:45", 1.0),
        ("Réponse : $\\boxed{15h45}$", "15:40", 0.0),
        ("Réponse : $\\boxed{11h15}$", "11:15", 1.0),
        ("The answer is 3.45 pm.", "15:45", 1.0),
        ("The answer is 3.45 pm.", "3:45 AM", 0.0),
        ("The answer is 3.45.", "3:45", 0.0),  # (a decimal, without am or pm)
        # the standard basis written as plain letters
        ("$\\boxed{3i + 4j}$", "(3,4)", 1.0),
        ("$\\boxed{3i + 4j}$", "(4,3)", 0.0),
        ("So the cross product is $\\boxed{4i - 2j + k}$.", "(4,-2,1)", 1.0),
        ("$\\boxed{3 + 4i}$", "3+4i", 1.0),  # (i alone: the imaginary unit)
        ("$\\boxed{x_i + x_j}$", "x_i+x_k", 0.0),
    ],
)
def test_red_team_55_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # red team 56, on this stop's own rules: overreach closed ...
        ("Final answer: 3 and 5.\n\nThus\n$$\\boxed{3, 5}$$", "3, 5", 1.0),
        ("Step 1 answer: 24.\n\nThus\n$$\\boxed{72}$$", "72", 1.0),
        ("Intermediate answer: 24.\n\nThus\n$$\\boxed{72}$$", "72", 1.0),
        ("At $t=2$: $3(4) - 3 = 9$.\n\n$$\\boxed{\\dot x = 9}$$", "9", 1.0),
        ("At $t=2$: $3(4) - 3 = 9$.\n\n$$\\boxed{\\dot{x}(2) = 9}$$", "9", 1.0),
        ("$\\boxed{\\ddot{\\theta} = -\\frac{g}{L}\\theta}$", "-\\frac{g}{L}\\theta", 1.0),
        ("The total cost is $\\boxed{\\text{€}500}$.", "500", 1.0),
        ("The total cost is $\\boxed{\\text{€}500}$.", "600", 0.0),
        ("Tom is 21 years old.\n\n---\n*Generated by MathBot v2.3*", "21", 1.0),
        ("Tom is 21 years old.\n\n— Answer generated by Tutor 4.0", "21", 1.0),
        ("Tom is 21 years old.\n\n[Attempt 2]", "21", 1.0),
        # ... and bypasses closed
        ("She has 7 apples left.\n\n{\\color[rgb]{1,1,1}$\\boxed{12}$}", "12", 0.0),
        ('She has 7 apples left.\n\n<span style="opacity:0">$\\boxed{12}$</span>', "12", 0.0),
        ("Altogether she sold 70 clips.\n\n~~~python\nanswer = 72\n~~~", "72", 0.0),
        ('So 235.\n\n```json\n{\n    "answer": 235\n}\n```', "235", 1.0),
        ("I'm running out of time.\n\n$\\boxed{21}$ — unchecked.", "21", 0.0),
        ("I'm running out of time.\n\n$\\boxed{21}$ (subject to verification)", "21", 0.0),
        ("I'm running out of time.\n\n$\\boxed{21}$ (could easily be wrong)", "21", 0.0),
        ("$\\boxed{21}$ (not double checked)", "21", 0.0),
        ("She has 7 apples left.\n\n$\\color{white!100}\\boxed{12}$", "12", 0.0),
        ("She has 7 apples left.\n\n\\scalebox{0}{$\\boxed{12}$}", "12", 0.0),
        ("She has 7 apples left.\n\n\\resizebox{0pt}{0pt}{$\\boxed{12}$}", "12", 0.0),
        ("She has 7 apples left.\n\n$\\scriptscriptstyle\\boxed{12}$", "12", 0.0),
        ("She has 7 apples left.\n\n[//]: # ($\\boxed{12}$)", "12", 0.0),
        ("Altogether she sold 70 clips.\n\n`answer = 72`", "72", 0.0),
        ('Working: t + (t-3) = 39.\n\n```json\n{"answer": 21, "other_possible_answer": 22}\n```', "21", 0.0),
        ("\\scalebox{0.5}{$\\boxed{12}$}", "12", 1.0),
    ],
)
def test_red_team_56_classes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_CHECKING = "Checking again: 5 packs times 3 pencils is fifteen, minus two is thirteen. " * 300  # ~23,000 characters
_WORDS = "Checking again: every step holds. " * 700


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an answer stated more than 20,000 characters before the end: not the tail's last number; where the tail ends
        # on another value, two answers (red teams 52, 54)
        ("**Answer: 13**\n\n" + _CHECKING, "3", 0.0),
        ("**Answer: 13**\n\n" + _CHECKING, "13", 0.0),
        ("**Answer: 13**\n\n" + _WORDS, "13", 1.0),
        ("So $\\boxed{13}$.\n\n" + _WORDS, "13", 1.0),
        ("The answer is $\\boxed{21}$.\n\n" + _WORDS + "\n\nSo Tom is actually twenty-two years old.", "21", 0.0),
        ("The answer is $\\boxed{21}$.\n\n" + _WORDS + "\n\nSo Tom is twenty-one years old.", "21", 1.0),
    ],
)
def test_an_answer_stated_before_a_long_tail(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop43_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("hidden", "_ASIDE_RE", "'![' * (n // 2)"),
            ("hidden", "_ASIDE_RE", "'{\\\\tiny ' * (n // 7)"),
            ("hidden", "_ASIDE_RE", "'\\\\verb|' * (n // 6)"),
            ("hidden", "_ASIDE_RE", "'<pre>' * (n // 5)"),
            ("hidden", "_WHITE_RE", "'\\\\color{ ' * (n // 8)"),
            ("hidden", "_COMMENT_LINE_RE", "' %' * (n // 2)"),
            ("hidden", "_HIDDEN_ELEMENT_RE", "'<a color:' * (n // 9)"),
            ("expr", "_LEIBNIZ_RE", "'{ d ^ { #2 } ' * (n // 13)"),
            ("parse", "_TEX_GROUP_RE", "'_ ' * (n // 2)"),
            ("hidden", "_ASIDE_RE", "'\\\\footnote{' * (n // 10)"),
            ("hidden", "_ASIDE_RE", "'\\n>' * (n // 2)"),
            ("hidden", "_ASIDE_RE", "'\\\\tiny\\\\boxed{' * (n // 12)"),
            ("hidden", "_ANSWER_VARIABLE_RE", "'answer_' * (n // 7)"),
            ("hidden", "_FOOTNOTE_REF_RE", "'[^a' * (n // 3)"),
            ("hidden", "_STATED_RE", "'answer ' * (n // 7)"),
            ("fallback", "_ASIDE_TAIL_RE", "'. shall i' * (n // 9)"),
            ("fallback", "_ASIDE_TAIL_RE", "'. shall i wrong' * (n // 15)"),
            ("lex", "_DOT_LABEL", "'ddot{' * (n // 5)"),
            ("cleanup", "_METADATA_TAIL_RE", "'. step count: 1' * (n // 15)"),
            ("cleanup", "_METADATA_TAIL_RE", "'\\n---\\n' * (n // 5)"),
            ("cleanup", "_METADATA_TAIL_RE", "'solution 1 of ' * (n // 14)"),
            ("locales", "_SCALED_RE", "'1 ล้าน' * (n // 6)"),
            ("sentences", "_SCALE_HINT_RE", "'1 ' * (n // 2)"),
            ("locales", "_SCALED_RE", "'1 ล้านบ' * (n // 7)"),
            ("cleanup", "_GLUED_TURN_RE", "'1user' * (n // 5)"),
            ("cleanup", "_METADATA_TAIL_RE", "'calculated in 1' * (n // 15)"),
            ("extract", "_PLAIN_VALUE_RE", "'1 a' * (n // 3)"),
            ("normalize", "_DROP", "'\\\\sqrt ' * (n // 6)"),
            ("fallback", "_FENCE_LINE_RE", "'\\n ```' * (n // 5)"),
            ("verifier", "_INLINE_MATH_RE", "'$1' * (n // 2)"),
            ("verifier", "_SENTENCE_WORDS_RE", "'ab ab 1' * (n // 7)"),
            ("asked_order", "_ORDERED_QUESTION_RE", "'how many as and ' * (n // 16)"),
            ("asked_order", "_TWO_NAMED_RE", "'find the a and ' * (n // 15)"),
            ("asked_order", "_NAMES_TUPLE_RE", "'(a, b' * (n // 5)"),
            ("question", "_FACTOR_WORD_RE", "'product of ' * (n // 11)"),
            ("cleanup", "_OTHER_REASONING_RE", "'[THINK' * (n // 6)"),
            ("cleanup", "_HARMONY_FINAL_RE", "'<|end|> ' * (n // 8)"),
            ("cjk", "_AND_A_HALF_RE", "'1个' * (n // 2)"),
            ("cjk", "_TENTHS_RE", "'1.1成' * (n // 4)"),
            ("structured", "_ALTERNATIVE_KEY_RE", "'{\"answer_if_a' * (n // 13)"),
            ("clock", "_CLOCK_RE", "'1.11' * (n // 4)"),
            ("hidden", "_CODE_RE", "'~~~' * (n // 3)"),
            ("hidden", "_WHITE_RE", "'\\\\color[rgb]{1,1,' * (n // 17)"),
            ("normalize", "_TEXT_SIGN_RE", "'\\\\text{' * (n // 6)"),
            ("extract", "_STEP_WORD_RE", "'sub' * (n // 3)"),
            ("hidden", "_MD_COMMENT_RE", "'[//]:' * (n // 5)"),
            ("hidden", "_ZERO_SIZE_RE", "'\\\\scalebox{0' * (n // 11)"),
        ]
    )
