"""Answer notations that stop 23 reads: a scale letter after a dollar amount, coloured and MathJax boxes,
``\\underline``, TeX's ``\\over``/``\\choose``, ``:=`` and a modulus noted after the answer. Every paying case below
was refused before its rule (and ``$\\$4\\text{M}$`` paid against 4); the refusing cases bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # after a dollar sign a K, M, B (or k, m, bn, MM) is a scale: thousands, millions, billions of dollars
        ("The answer is $4K.", "4000", 1.0),
        ("The answer is $4K.", "4", 0.0),
        ("The answer is \\$4.5M.", "4500000", 1.0),
        ("The answer is \\$4.5M.", "4.5", 0.0),
        ("The answer is $\\$4\\text{M}$.", "4000000", 1.0),
        ("The answer is $\\$4\\text{M}$.", "4", 0.0),
        ("Final answer: \\$2\\,\\text{B}", "2000000000", 1.0),
        # ... but not where maths goes on after it, nor after a "$" that opens maths: M, b are symbols there
        ("The answer is $2b + 3c$.", "2b + 3c", 1.0),
        ("The answer is $4M$.", "4M", 1.0),
        ("The answer is $4M$.", "4000000", 0.0),
        ("Teaching pays $35,000 and coaching $22,500, so her salary is $57.5k.", "57500", 1.0),  # (the fallback)
        ("Her salary is $57.5k.", "57.5", 0.0),
        ("It weighs 57.5k.", "57500", 0.0),  # no dollar sign: no scale
        # a coloured box, a framed coloured box and MathJax's \bbox hold the answer as \boxed does
        ("\\colorbox{yellow}{4}", "4", 1.0),
        ("$\\fcolorbox{red}{white}{4}$", "4", 1.0),
        ("So $\\bbox[5px, border: 1px solid red]{4}$", "4", 1.0),
        ("$\\bbox{4}$", "4", 1.0),
        ("The answer is \\colorbox{yellow}{$5$}.", "4", 0.0),
        ("\\colorbox{yellow}{3} or \\colorbox{yellow}{4}", "4", 0.0),  # two boxes, a hedge
        # underlining only lays the answer out
        ("The answer is $\\underline{4}$.", "4", 1.0),
        ("The answer is $\\underline{5}$.", "4", 0.0),
        # TeX's generalised fractions
        ("The answer is ${4 \\over 2}$.", "2", 1.0),
        ("The answer is $1 \\over 3$.", "\\frac13", 1.0),
        ("The answer is $\\frac{1}{2}+{3 \\over 4}$.", "\\frac54", 1.0),
        ("The answer is $(3 \\over 4)^2$.", "\\frac{9}{16}", 1.0),
        ("The answer is ${3 \\over 4}$.", "\\frac43", 0.0),
        ("The answer is ${5 \\choose 2}$.", "10", 1.0),
        ("The answer is $(40 \\choose 10)$.", "\\binom{40}{10}", 1.0),
        ("The answer is $(40 \\choose 10)$.", "\\binom{40}{11}", 0.0),
        # a definition is an equation
        ("The answer is $x := 4$.", "4", 1.0),
        ("The answer is $x \\coloneqq 4$.", "4", 1.0),
        ("The answer is $x := 5$.", "4", 0.0),
        # a modulus noted after the answer: the value is the one written, not its residue
        ("The answer is $4 \\pmod 7$.", "4", 1.0),
        ("$\\boxed{4 \\pmod{7}}$", "4", 1.0),
        ("$\\boxed{x \\equiv 4 \\pmod{7}}$", "4", 1.0),
        ("$\\boxed{4 \\ (\\bmod 7)}$", "4", 1.0),
        ("$\\boxed{11 \\pmod{7}}$", "4", 0.0),
        ("$\\boxed{5 \\pmod{7}}$", "4", 0.0),
        # a decimal comma (one, two or more than three digits after it, no space) against a single value; the same
        # with dots that group thousands
        ("\\boxed{3,14}", "3.14", 1.0),
        ("\\boxed{3.14}", "3,14", 1.0),
        ("Ответ: $0,6$", "\\frac35", 1.0),
        ("Die Antwort ist 3,2.", "3.2", 1.0),
        ("\\boxed{1,5x}", "1.5x", 1.0),
        ("\\boxed{0,6}", "\\frac23", 0.0),
        ("\\boxed{1,20}", "120", 0.0),  # neither 1.2 nor the pair (1, 20)
        ("\\boxed{1,234}", "1.234", 0.0),  # three digits: thousands
        ("\\boxed{2,5}", "2.5, 3", 0.0),  # a list against a list: no decimal comma
        ("\\boxed{1,5}", "1, 5", 1.0),
        ("\\boxed{1.000.000}", "1000000", 1.0),
        ("\\boxed{1.234.567,89}", "1234567.89", 1.0),
        ("\\boxed{1.000.000}", "1000001", 0.0),
        # a reference ratio of two numbers in lowest terms is their quotient; an answer's ratio against a fraction
        # key is not paid (part to part, 1:4 may mean 1/5 of the whole), nor a key "6:10" (a clock time, a score)
        ("\\boxed{\\frac34}", "3:4", 1.0),
        ("\\boxed{0.75}", "3:4", 1.0),
        ("\\boxed{6:8}", "3:4", 1.0),
        ("\\boxed{12}", "12:1", 1.0),
        ("\\boxed{\\frac43}", "3:4", 0.0),
        ("\\boxed{1:4}", "\\frac14", 0.0),
        ("\\boxed{\\frac35}", "6:10", 0.0),
        ("\\boxed{4:3}", "3:4", 0.0),
    ],
)
def test_notations_read_this_stop(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_NEW_PATTERNS = [
        ("normalize", "_DOLLAR_SCALE", "'$1' * (n // 2)"),
        ("normalize", "_DOLLAR_SCALE", "'\\\\$' + '1,' * (n // 2)"),
        ("normalize", "_OVER_GROUP", "'{' + 'a ' * (n // 2) + '\\\\over'"),
        ("normalize", "_OVER_GROUP", "'(' * (n // 2) + 'a \\\\over b'"),
        ("normalize", "_OVER_BARE", "'a ' * (n // 2) + '\\\\over \\\\over'"),
        ("normalize", "_MODULUS_NOTE", "' ' * n + 'x'"),
        ("normalize", "_MODULUS_NOTE", "'(mod ' * (n // 5)"),
        ("locales", "DECIMAL_COMMA_RE", "'1,1' * (n // 3)"),
        ("normalize", "_SCALE_LETTERS_RE", "'a' * n"),
        ("laststate", "_CIRCUMSTANCE_BETWEEN_RE", "', which is ' * (n // 11)"),
        ("laststate", "_CONDITION_SPAN_RE", "'x = ' * (n // 4)"),
        ("laststate", "_STATED_BEFORE_RE", "'is ' * (n // 3)"),
        ("laststate", "_IMPLIES_RE", "'\\\\Rightarrow' * (n // 10)"),
        ("chains", "_INNER_GROUP_RE", "'{(' * (n // 2)"),
        ("chains", "_APPLIED_RE", "'f(' * (n // 2)"),
        ("cjk", "_COPULA_END", "' ' * n + 'x'"),
        ("boxes", "_LABEL_IN_BOX_RE", "' ' * n + 'x'"),
        ("cleanup", "_UNDERSCORE_BOLD_RE", "'__a' * (n // 3)"),
        ("cleanup", "_CONTROL_COMMAND_RE", "'\\t' * n"),
        ("laststate", "_STATED_EXPR_RE", "' is ' + ' ' * n + 'x'"),
        ("laststate", "_STATED_EXPR_RE", "' = 1' * (n // 4)"),
        ("extract", "_FINAL_ANSWER_RE", "'final ' * (n // 6)"),
        ("normalize", "_NAMED_POINT", "'P(' + '1;' * (n // 2)"),
        ("cleanup", "_USER_TURN_RE", "'\\n' * n + 'User'"),
        ("cleanup", "_USER_TURN_RE", "'. ' * (n // 2)"),
        ("forms", "_TRAILING_UNIT_RE", "'a' + ' ' * n + 'b'"),
        ("choices", "_INTRODUCES_CHOICE_RE", "'correct ' * (n // 8) + ':x'"),
        ("boxes", "_GSM_RE", "'#' * n"),
        ("cjk", "_KOREAN_NUMERAL_RE", "'다섯' * (n // 2)"),
        ("markers", "_SENTENCE_END_RE", "'.' * n"),
        ("cleanup", "_GLUED_COPULA_RE", "'x입니다' * (n // 4)"),
        ("sentences", "_CJK_TOPIC_RE", "'は ' * (n // 2)"),
        ("normalize", "_DECIMAL_COMMA_AFTER_APPROX", "'≈ 1' * (n // 3)"),
        ("normalize", "_DECIMAL_COMMA_COEFFICIENT", "'1,1' * (n // 3)"),
        ("forms", "_PROSE_WORDS_RE", "'1 ' + 'ab ' * (n // 3)"),
        ("forms", "_PROSE_WORDS_RE", "'1' + ' 000' * (n // 4) + 'x'"),
        ("locales", "DOT_THOUSAND_RE", "'1.000' * (n // 5)"),
        ("choices", "_OPTION_LEAD_RE", "'(' * n"),
        ("choices", "_ANOTHER_LETTER_RE", "'\\\\A' * (n // 2)"),
        ("forms", "TEXT_WRAP_RE", "'\\\\text{' * (n // 6)"),
        ("parse", "_VERDICT_LIST_RE", "'true, ' * (n // 6)"),
        ("forms", "_STATEMENT_VERDICT_RE", "'statement 1 ' * (n // 12)"),
        ("forms", "_BOTH_STATEMENTS_RE", "'both statements ' * (n // 16)"),
        ("revisions", "_SO_VALUE_RE", "' so ' * (n // 4)"),
        ("boxes", "_GSM_RE", "'#### ' + 'x###' * (n // 4)"),
        ("choices", "_FAILS_RE", "'fail ' * (n // 5)"),
        ("cleanup", "_HOURS_MINUTES_RE", "'1 hour ' * (n // 7)"),
        ("cleanup", "_HTML_FORMAT_RE", "'<p ' * (n // 3)"),
        ("fallback", "_OR_CHAIN_RE", "'1 hours, or ' * (n // 12)"),
        ("laststate", "_WORDED_NUMBER_RE", "'is ' * (n // 3) + 'three'"),
        ("laststate", "_WORDED_NUMBER_RE", "'has a b c ' * (n // 10)"),
        ("cjk", "_CJK_WHOLE_NUMERAL", "'三 ' * (n // 2)"),
        ("locales", "DECIMAL_COMMA_RE", "'1,' + 'a' * n"),
        ("normalize", "_DOT_THOUSANDS", "'1.000' * (n // 5)"),
        ("boxes", "_BOX_RE", "'\\\\colorbox{' * (n // 10)"),
        ("boxes", "_BOX_RE", "'\\\\bbox[' * (n // 6)"),
    ]


def test_new_patterns_are_linear() -> None:
    assert_patterns_linear(_NEW_PATTERNS)


_TOOLS = (
    "Tools used: math_solver for step-by-step calculation, GSM8K_Retriever and Orca200k_Retriever for initial "
    "knowledge base search."
)


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # the bold that opens before an answer marker closes the answer: what follows is a note, not a factor
        ("**Answer: 5** (3.6 units)", "5", 1.0),
        ("**Answer: 5** (3.6 units)", "18", 0.0),
        ("Evelyn: 3.6, Carla: 1.22.\n\n**Answer: Evelyn** (3.6 units of distance per unit of time)", "\\text{Evelyn}",
         1.0),
        ("**Final answer: 5** or maybe 6", "5", 0.0),  # the text after the bold is still read for hedges
        ("**Final answer: 5**, wait, actually 6", "5", 0.0),
        ("**Answer:**\nJessica has **\\$15** more.", "15", 1.0),  # a bold value on the next line is whole
        ("**Answer:** 5", "5", 1.0),
        # in prose a letter after a number is its unit ("540 m" is 540 metres; in maths "5 m" may be 5 times m)
        ("La réponse est 540 mètres.", "540", 1.0),
        ("The answer is 540 m.", "540", 1.0),
        ("The answer is 540 m.", "54", 0.0),
        ("The answer is $540 m$.", "540", 0.0),
        ("The answer is 5 x.", "5", 0.0),  # x is no unit
        # digits inside a name are no number: the fallback reads on to the answer before the name
        (f"So the day is $t = 3$.\n\n{_TOOLS}", "3", 1.0),
        (f"So the day is $t = 3$.\n\n{_TOOLS}", "8", 0.0),
        ("Water is H2O", "2", 0.0),
        ("AZYUK2A", "2", 0.0),
        # the fallback's last span is where the value is taken, not the value: the span the sentence states answers
        ("The minimum value is $-\\frac{1}{4}$, attained at $x=\\frac12$.", "-\\frac14", 1.0),
        ("The maximum is $5$ when $x = 2$.", "5", 1.0),
        ("The maximum is $5$ when $x = 2$.", "2", 0.0),
        ("The maximum is $5$, which occurs at $x = 2$.", "5", 1.0),
        ("Thus $f$ has a minimum of $-\\frac{1}{4}$ at $x = \\frac{1}{2}$.", "-\\frac14", 1.0),
        ("Then $y = 5$ when $x = 2$.", "5", 1.0),
        ("We get $5$ and $x = 2$.", "5", 0.0),  # no phrase of circumstance: the last span answers
        ("The maximum is $5$ when $x = 2$ or maybe $6$.", "5", 0.0),
        # after an answer marker, a new clause after "and" is no second value
        ("The answer is $5$ and the remainder is $2$.", "5", 1.0),
        ("The answer is $5$, and the remainder is $2$.", "5", 1.0),
        ("The answer is $5$ and the remainder is $2$.", "2", 0.0),
        ("The answer is $5$ and $6$.", "5", 0.0),
        ("The answer is $5$ or the other one.", "5", 0.0),
    ],
)
def test_bold_answers_prose_units_and_names(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_a_long_completion_cut_inside_a_math_span_still_pairs_its_dollars() -> None:
    # the fallback reads the last 2,000 characters; cut inside "$...$", every later dollar sign paired the wrong way
    # and the last span was lost
    step = "Here $x = 2$ and the term $(x - 2)(x + 1)$ has a factor we keep, which simplifies to $x^2 - x - 2$. "
    body = step * 40
    ends = [body + " " * pad + "The resulting expression is $f(x) = \\frac{50(x^2 - x - 2)}{x^2 - 25}$." for pad in range(0, 100, 3)]
    assert sum(score(text, "\\frac{50(x-2)(x+1)}{(x+5)(x-5)}") for text in ends) == len(ends)  # wherever the cut falls


def test_tail_start_moves_past_an_open_math_span() -> None:
    from verigrpo.verifiers.math.boxes import tail_start

    text = "a $x + y$ b $" + "z" * 50 + "$ tail"
    cut = tail_start(text, 30)  # the last 30 characters start inside "$zzz...$"
    assert text[cut:] == " tail"
    assert tail_start("$a$ " + "b" * 40, 10) == 34  # outside any span: the plain cut
    assert tail_start("short", 100) == 0


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # answer markers in more languages
        ("Portanto, 19 porções. Resposta: E.", "E.", 1.0),
        ("Portanto, 19 porções. Resposta: E.", "D.", 0.0),
        ("A resposta é 12.", "12", 1.0),
        ("La risposta è 12.", "12", 1.0),
        ("Vậy đáp án là 12.", "12", 1.0),
        ("答えは12です。", "12", 1.0),
        ("정답은 12입니다.", "12", 1.0),
        ("Jawabannya adalah 12.", "12", 1.0),
        ("Cevap: 12", "12", 1.0),
        ("ধাপে ধাপে উত্তর: 3 +2 = 5টি গাড়ি থাকা উচিৎ। উত্তর হল 5।", "5", 1.0),  # "step by step answer:" opens it
        # a Japanese or Chinese numeral with a counter, a copula after the answer, a katakana unit
        ("110 ÷ 22 = 5 。よって、答えは五個です。", "5", 1.0),
        ("よって、答えは五個です。", "6", 0.0),
        ("答えは十二です。", "12", 1.0),
        ("答えは7/8カップです。", "0.875", 1.0),
        ("\\boxed{三角形}", "3", 0.0),  # a word that starts with a numeral
        # steps joined by implications conclude with their last part
        ("Ta có: $u_{2}=u_{1} \\cdot q \\Rightarrow q=\\frac{u_{2}}{u_{1}}=\\frac{6}{2}=3$.", "3", 1.0),
        ("$\\log _{3}(2 x-1)=2 \\Leftrightarrow 2 x-1=3^{2} \\Leftrightarrow x=5$.", "x=5", 1.0),
        ("$\\log _{3}(2 x-1)=2 \\Leftrightarrow 2 x-1=3^{2} \\Leftrightarrow x=5$.", "x=9", 0.0),
        ("$x^{2}-2 x-8 \\leq 0 \\Leftrightarrow-2 \\leq x \\leq 4$", "[-2;4]", 1.0),
        ("So $f(x) = 5$ when $x = 2 \\Rightarrow y = 3$.", "5", 0.0),  # the last span concludes y = 3
        # a chain whose left part we cannot read, with lists only inside its groups, or a function's value
        ("Vậy $\\max _{[-1 ; 2]} f(x)=f(2)=33$.", "33", 1.0),
        ("Vậy $\\max _{[-1 ; 2]} f(x)=f(2)=33$.", "2", 0.0),
        ("Ta có $\\int_{1}^{3} f(x) \\mathrm{dx}=\\int_{1}^{2} f(x) \\mathrm{dx}+\\int_{2}^{3} f(x) \\mathrm{dx}=-2+1=-1$.",
         "-1", 1.0),
        ("Vậy $d(S B, D M)=\\frac{3 a}{4}$", "\\frac{3a}{4}", 1.0),
        ("$\\boxed{\\max_{x} f(x) = 2x = 33}$", "33", 0.0),  # 2x = 33 is an equation, no value
        ("$\\boxed{a = 3, b = 4}$", "4", 0.0),
    ],
)
def test_languages_implications_and_chains(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "Final:" labels the final value: after a box it overrides the box, as "Final answer:" does
        ("Step 3: 300 - 25 = \\boxed{275}\nStep 4: 275 + 25 = 300\nFinal: 300", "275", 0.0),
        ("Step 3: 300 - 25 = \\boxed{275}\nStep 4: 275 + 25 = 300\nFinal: 300", "300", 1.0),
        ("**Final:** 300", "300", 1.0),
        ("The semi-final: 4 teams.\n\\boxed{8}", "8", 1.0),
        # an answer label inside a box; an option letter with its text after a colon or a full stop
        ("\\boxed{\\text{Answer: G}}", "G", 1.0),
        ("\\boxed{Answer: 5}", "5", 1.0),
        ("\\boxed{Answer: 5}", "6", 0.0),
        ("\\boxed{\\text{Final answer: } 12}", "12", 1.0),
        ("\\boxed{\\text{Answer: } 3 \\text{ or } 4}", "3", 0.0),
        ("\\[ \\boxed{E: \\text{A polygenic risk score can provide a probability.}} \\]", "E", 1.0),
        ("\\boxed{E. A polygenic}", "A", 0.0),
        ("\\boxed{D. or A}", "D", 0.0),
        # markdown's other bold
        ("__Answer__: A", "A", 1.0),
        # LaTeX read as JSON without its backslashes escaped
        ("So, the answer is \x0crac{4704}{6} = 784.", "784", 1.0),
        ("\x08oxed{\x0crac{1}{2}}", "0.5", 1.0),
        ("line one\r\nAnswer: 5", "5", 1.0),
        # a last sentence that states plain-text maths
        ("Therefore, the volume of the cone is 48π cubic units.", "48\\pi", 1.0),
        ("Therefore, the volume of the cone is 48π cubic units.", "48", 0.0),
        ("Therefore, probability = (favorable outcomes) / (all outcomes) = 7 / 120", "\\frac{7}{120}", 1.0),
        ("So the area is 6.75sqrt(3) square units.", "\\frac{27\\sqrt3}{4}", 1.0),
        ("Thus the sum is \\pi/6 + 5\\pi/6 + 3\\pi/2 = 5*\\pi/2", "\\frac{5\\pi}{2}", 1.0),
        ("The probability might be 7 / 120.", "\\frac{7}{120}", 0.0),
        ("The volume is not 48π cubic units.", "48\\pi", 0.0),
        ("The volume is 48π or 49π.", "48\\pi", 0.0),
    ],
)
def test_final_labels_boxed_labels_json_escapes_and_plain_maths(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # TeX's juxtapositions in keys: a number after a fraction, a number raised to a braced power after a letter,
        # subscripted names side by side
        ("\\boxed{\\frac{2}{n}\\left(1+\\cos\\frac{\\pi}{n}\\right)}", "\\frac{1}{n}4\\cos^{2}\\frac{\\pi}{2n}", 1.0),
        ("\\boxed{\\frac{1}{2}4}", "2", 1.0),
        ("\\boxed{h^{2} r_{2} r_{1}}", "r_1r_2 h^2", 1.0),
        ("\\boxed{h^{2} r_{2} r_{3}}", "r_1r_2 h^2", 0.0),
        ("\\boxed{n2^{n}-2^{n+1}+1}", "(n-2)2^n +1", 1.0),
        ("\\boxed{x2}", "2x", 0.0),  # plain text's "x2" stays unread
        # a named point is its coordinates
        ("Vậy điểm biểu diễn là điểm $P(-3 ; 4)$.", "P(-3;4)", 1.0),
        ("\\boxed{P(-3;4)}", "(-3,5)", 0.0),
        ("có tọa độ là $M^{\\prime}(2 ;-2 ; 0)$.", "(2;-2;0)", 1.0),
        # phrases of circumstance in other languages
        ("giá trị cực tiểu của hàm số đã cho là $y=-4$ tại $x=3$.", "3", 0.0),
        ("giá trị cực tiểu của hàm số đã cho là $y=-4$ tại $x=3$.", "-4", 1.0),
        ("Das Minimum ist $-4$ bei $x = 3$.", "-4", 1.0),
    ],
)
def test_juxtapositions_named_points_and_circumstances(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # "Final answer:" between two boxes puts the last after the first (a box of words was no answer)
        ("Thinking: \\boxed{\\text{some idea}}. Final answer: \\boxed{E}", "E", 1.0),
        ("We get \\boxed{3}. So the final answer is \\boxed{4}", "4", 1.0),
        ("\\boxed{3} or the final answer is \\boxed{4}", "4", 0.0),
        ("\\boxed{3}. The answer is \\boxed{4}", "4", 0.0),  # no word of sequence: still two answers
        # an ellipsis is no sentence end
        ("Answer: 2*7 + 3*6 + ... = 81", "81", 1.0),
        ("Answer: 2*7 + 3*6 + ... = 81", "82", 0.0),
        ("The answer is 5... I think. Or 6.", "5", 0.0),
    ],
)
def test_final_answer_between_boxes_and_ellipses(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a user's turn the model goes on to write is no part of its answer
        ("<answer>24</answer>Human: In this problem the answer is 48.", "24", 1.0),
        ("<answer>24</answer>Human: In this problem the answer is 48.", "48", 0.0),
        ("The answer is 12.\n\nHuman: What about 13? The answer is 13.", "12", 1.0),
        ("Human: What is 2+2?\n\nAssistant: The answer is 4.", "4", 1.0),  # a transcript that opens with the user
        ("The answer is 3 or 4.\nUser: thanks", "3", 0.0),  # a hedge before the turn is still a hedge
        # an answer block finished and cut inside its closing tag
        ("<reasoning>x</reasoning>\n<answer> 74 </", "74", 1.0),
        ("<answer> 74 </ans", "74", 1.0),
        ("<answer> 74 </ans", "7", 0.0),
        ("<answer> 7", "74", 0.0),  # cut inside the block: no answer
        # a one-line sentence is no product of its words' letters
        ("I calculated it and 100 / 4 = 25", "25", 1.0),
        ("I calculated it and 100 / 4 = 25", "100", 0.0),
    ],
)
def test_made_up_turns_cut_tags_and_sentences(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a letter said to be the answer; an option introduced by a line that names the correct one
        ("D is the answer", "D", 1.0),
        ("So D is the final answer.", "D", 1.0),
        ("So D is the final answer.", "C", 0.0),
        ("The correct interpretation is:\n\nD. They give the solutions to the equation.", "D", 1.0),
        ("The correct interpretation is:\n\nD. They give the solutions to the equation.", "C", 0.0),
        ("The steps are:\n\nA. compute x", "A", 0.0),  # a list of steps, not a choice
        ("The options are:\nA. 5\nB. 6", "B", 0.0),  # the options listed, none chosen
        # an undelimited LaTeX expression at the end of prose, before its unit
        ("So the height will be \\frac{10}{3} cm.", "\\frac{10}{3}", 1.0),
        ("So the height will be \\frac{10}{3} cm.", "\\frac{10}{4}", 0.0),
    ],
)
def test_letters_said_to_be_the_answer_and_latex_before_a_unit(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # five hashes are GSM8K's marker too; six are a heading
        ("so 125 dollars.\n\n##### 125", "125", 1.0),
        ("so 125 dollars.\n\n##### 125", "12", 0.0),
        ("###### 72", "72", 1.0),
        # Korean units and native numerals with a counter, in keys and answers
        ("따라서 3의 98제곱은 50자리 숫자입니다.", "50자리 숫자", 1.0),
        ("따라서 3의 98제곱은 49자리 숫자입니다.", "50자리 숫자", 0.0),
        ("따라서 민수는 **5벌**의 노란색 셔츠를 가지고 있습니다.", "다섯 벌", 1.0),
        ("\\boxed{한국}", "1", 0.0),  # a word, not "one" and a counter
        # a key in 万 is a count of 万-units or the whole amount
        ("したがって、総額は80万円＋40万円＝120万円です。", "120万円", 1.0),
        ("\\boxed{1200000}", "120万円", 1.0),
        ("\\boxed{120}", "120万円", 1.0),
        ("\\boxed{121}", "120万円", 0.0),
        # a key that lists its exact value and a rounding of it ("또는", "または": or)
        ("따라서 세 공의 색깔이 모두 같을 확률은 1/5입니다.", "1/5 또는 20%", 1.0),
        ("\\boxed{7/15}", "7/15 또는 46.7%", 1.0),
        ("\\boxed{7/16}", "7/15 또는 46.7%", 0.0),
        ("\\boxed{3}", "3 or 4", 0.0),  # two different values: no rounding of one another
    ],
)
def test_hashes_korean_keys_scales_and_rounded_alternatives(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a function's value worked out to a number in a chain
        ("The answer is \\(\\cos(A) = \\frac{48}{50} = 0.96\\).", "0.96", 1.0),
        ("The answer is \\(\\cos(A) = \\frac{48}{50} = 0.97\\).", "0.97", 0.0),  # a false chain
        # "the answer is that ..., which ..., is V": the clause's own verb comes after the which-clause
        ("The answer is that the value of x, which represents the area of ABCD, is 6 units.", "6", 1.0),
        ("The answer is that the value of x, which represents the area of ABCD, is 6 units.", "7", 0.0),
        # the angle sign and a full-width equals sign
        ("The answer is ∠3＝55°.", "55", 1.0),
        ("The answer is ∠3＝55°.", "56", 0.0),
    ],
)
def test_function_chains_that_clauses_and_angles(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a copula glued after maths; plain-text maths a last sentence states
        ("따라서, f(x)의 미분은 f'(x) = 9x^2 + 4x입니다.", "9x^2+4x", 1.0),
        ("Thus the derivative is 9x^2 + 4x.", "9x^2+4x", 1.0),
        ("Thus the derivative is 9x^2 + 4x.", "9x^2+3x", 0.0),
        ("So the answer is a dog + x^2.", "x^2", 0.0),  # words are no symbols
        # what a Japanese, Chinese or Korean sentence says its topic is
        ("答え: 1日に時計の長針と短針が重なる回数は22回です。長針は24時間で24周します。", "22回", 1.0),
        ("答え: 1日に時計の長針と短針が重なる回数は22回です。", "21回", 0.0),
        # decimal commas after an approximation sign and in a coefficient (never in a set or an interval)
        ("Ответ: 35/36 ≈ 0,972", "\\frac{35}{36}", 1.0),
        ("Antwort: 5π ≈ 15,71", "5\\pi", 1.0),
        ("\\boxed{1,2x}", "1.2x", 1.0),
        ("\\boxed{\\{2, 1\\}}", "\\{1,2\\}", 1.0),
        ("\\boxed{\\left(-2,3\\right]}", "(-2,3]", 1.0),
        # a number and words after it in any script: a unit (a qualifier stays one)
        ("Ответ: 2 000 долларов.", "2000", 1.0),
        ("Ответ: 2 000 долларов.", "2", 0.0),
        ("Đáp án: 75 con ong", "75", 1.0),
        ("Đáp án: 75 con ong", "76", 0.0),
        ("The answer is 5 times.", "5", 1.0),  # (stop 36: a count of times, as blind sets 130 and 137 label it)
        ("The answer is 5 times 3.", "5", 0.0),
        # a dot that groups thousands in an answer ("12.000 $"); a key's "12.000" stays twelve
        ("Respuesta: 12.000 $", "12000", 1.0),
        ("Respuesta: 12.000 $", "12", 0.0),  # (stop 35: one reading per completion, not both)
        ("\\boxed{12000}", "12.000", 0.0),
        ("\\boxed{12.500}", "12500", 0.0),
    ],
)
def test_copulas_topics_commas_scripts_and_dots(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # <reasoning> closes like <think>: the response after it answers
        ("<reasoning>The arithmetic gives 42.</reasoning>42", "42", 1.0),
        ("<reasoning>The arithmetic gives 42.</reasoning>41", "42", 0.0),
        ("<reasoning>x</reasoning>\n<answer>7</answer>", "7", 1.0),
        # GSM8K's marker after the last box is final, as "Final answer:" is
        ("intermediate \\boxed{99} #### 42", "42", 1.0),
        ("intermediate \\boxed{99} #### 42", "99", 0.0),
    ],
)
def test_reasoning_tags_and_markers_after_boxes(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an option letter named before its content in a box (Gaokao-style answers)
        ("\\[\\boxed{B\\text{（6）}}\\]", "B", 1.0),
        ("\\[\\boxed{\\text{A. }-\\frac{1}{21}}\\]", "A", 1.0),
        ("\\[\\boxed{\\text{A. }-\\frac{1}{21}}\\]", "B", 0.0),
        ("\\[\\boxed{D\\left(\\frac{\\sqrt{65}}{2}\\right)}\\]", "D", 1.0),
        ("\\[\\boxed{\\text{B }(a=1)}\\]", "B", 1.0),
        ("\\boxed{B or C}", "B", 0.0),
        ("\\boxed{x = 3}", "C", 0.0),
        # the ideographic enumeration comma lists
        ("\\[\\boxed{\\text{A、C、D}}\\]", "ACD", 1.0),
        ("\\[\\boxed{\\text{B、C}}\\]", "BCD", 0.0),
        # an eccentricity named e
        ("\\boxed{e=\\sqrt{\\dfrac{11}{6}}=\\dfrac{\\sqrt{66}}{6}}", "\\frac{\\sqrt{66}}{6}", 1.0),
        ("\\boxed{e=\\sqrt{\\dfrac{11}{6}}=\\dfrac{\\sqrt{66}}{5}}", "\\frac{\\sqrt{66}}{5}", 0.0),  # a false chain
    ],
)
def test_options_before_content_enumeration_commas_and_e(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # MMLU's closing line after a box of the option's value: the letter it closes with decides
        ("so the answer is $\\boxed{17}$. The answer is (F).", "F", 1.0),
        ("so the answer is $\\boxed{17}$. The answer is (F).", "E", 0.0),
        ("so the answer is $\\boxed{C}$.\nThe answer is (F).", "F", 0.0),  # two letters: a hedge
        ("\\boxed{17} or \\boxed{18}.\nThe answer is (F).", "F", 0.0),
        ("\\boxed{17}. The answer is (F) or (G).", "F", 0.0),
    ],
)
def test_a_closing_option_after_a_boxed_value(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # verdicts on numbered statements (MMLU's "Statement 1 | Statement 2" keys "False, True"), in order
        ("Statement 1 is false. Statement 2 is true.", "False, True", 1.0),
        ("Statement 1 is false. Statement 2 is true.", "True, False", 0.0),
        ("Final Answer:\nStatement 1: True\nStatement 2: True", "True, True", 1.0),
        ("**Final Answer**\nBoth statements are true.", "True, True", 1.0),
        ("Both statements are incorrect.", "False, False", 1.0),
        ("Both statements are incorrect.", "False, True", 0.0),
        ("Statement 1 is false.", "False, True", 0.0),  # a verdict on one statement of two: no answer
        ("\\boxed{False, True}", "True, False", 0.0),  # in order
        ("\\boxed{True, False}", "True, False", 1.0),
    ],
)
def test_verdicts_on_numbered_statements(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a conclusion in the answer's sentence that states another number: two answers
        ("The answer is 3/4 so 4.", "3/4", 0.0),
        ("\\boxed{3/4} so 4", "3/4", 0.0),
        ("The answer is 5, so 5 apples remain.", "5", 1.0),
        ("The answer is 5. So 2.5 per person.", "5", 1.0),  # a later sentence works on
        # a template's placeholder marker, then the answer
        ("Total meters = 540\n\n#### N\n\nThe answer is: 540", "540", 1.0),
        ("Total meters = 540\n\n#### N\n\nThe answer is: 540", "N", 0.0),
        ("#### C", "C", 1.0),
    ],
)
def test_conclusions_after_the_answer_and_placeholder_markers(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # markdown bold around a box is no product
        ("**Answer: \\(\\boxed{12}\\)**", "12", 1.0),
        ("**\\boxed{12}**.", "12", 1.0),
        ("\\boxed{12}**2", "12", 0.0),  # a power
        ("2*\\boxed{12}", "12", 0.0),
        # lower-case option letters with a bracket; a bold closing option after a boxed value
        ("**Answer: a) \\$1600**", "A", 1.0),
        ("**Answer: a) \\$1600**", "B", 0.0),
        ("**Answer: \\(\\boxed{d)}\\)**", "D", 1.0),
        ("**Answer: \\(\\boxed{\\frac{3}{2}}\\)**\n\n**Option (b).**", "B", 1.0),
        ("**Answer: \\(\\boxed{\\frac{3}{2}}\\)**\n\n**Option (b).**", "C", 0.0),
        # hours and minutes as hours, where that ends in decimals
        ("Therefore, it will take Justin and David 1 hour and 12 minutes to mow one lawn together.", "1.2", 1.0),
        ("It will take them 3 hours 30 minutes to be 2100 miles apart.", "3.5", 1.0),
        ("It will take them 3 hours 30 minutes to be 2100 miles apart.", "30", 0.0),
        ("It takes 1 hour 20 minutes.", "80", 0.0),  # 4/3 hours: left as written
    ],
)
def test_bold_boxes_lower_case_options_and_durations(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # one value restated after "or" with its unit between: no hedge
        ("Therefore, it takes both pumps together 18/5 hours, or 3.6 hours, to drain the lake.", "3.6", 1.0),
        ("So it will take 4.8 hours, or 4 hours and 48 minutes, to fill the pool.", "4.8", 1.0),
        ("It takes 3 hours, or 4 hours.", "4", 0.0),
        ("It takes 3 hours, or 4 hours.", "3", 0.0),
    ],
)
def test_a_value_restated_with_its_unit_after_or(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # HTML layout tags around an answer
        ("so 5/10 = 0.5. </think> <answer> <P>0.5</p> </answer>", "0.5", 1.0),
        ("So there are 9.    <answer> <br/>9</answer>", "9", 1.0),
        ("<answer><b>7</b></answer>", "8", 0.0),
    ],
)
def test_html_layout_tags(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a last sentence stating one number in words after its verb
        ("There are zero marbles left in the basket.", "0", 1.0),
        ("David has three apples.", "3", 1.0),
        ("David has three apples.", "4", 0.0),
        ("He has twenty-one cards.", "21", 1.0),
        ("Two cases were considered.", "2", 0.0),  # the number before the verb names no result
        ("He has three or four apples.", "3", 0.0),
        ("She has one apple.", "1", 0.0),  # "one" is also a pronoun: not read
        # (stop 36) a last sentence in words after the line's digits states the answer
        ("He found 4 of them. David has three apples.", "3", 1.0),
        ("He found 4 of them. David has three apples.", "4", 0.0),
    ],
)
def test_one_number_in_words_in_the_last_sentence(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want
