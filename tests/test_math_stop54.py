"""Stop 54: classes found by red teams 77-80. Each case that moved was scored the other way at the commit before;
the cases beside it bound the rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score

_PARTS = "(a) Find x. (b) Find y."


@pytest.mark.parametrize(
    ("completion", "prompt", "want"),
    [
        # a box after its part's label answers that part, whatever the label's form
        ("Part b: $\\boxed{3}$\nPart a: $\\boxed{5}$", _PARTS, 0.0),
        ("Part b: $\\boxed{5}$\nPart a: $\\boxed{3}$", _PARTS, 1.0),
        ("2. $\\boxed{3}$\n1. $\\boxed{5}$", "1. Find x.\n2. Find y.", 0.0),
        ("1. $\\boxed{3}$\n2. $\\boxed{5}$", "1. Find x.\n2. Find y.", 1.0),
        ("(B) $\\boxed{3}$ (A) $\\boxed{5}$", "(A) Find x. (B) Find y.", 0.0),
        ("(B) $\\boxed{5}$ (A) $\\boxed{3}$", "(A) Find x. (B) Find y.", 1.0),
        # two answers to one part, and none to the other, answer nothing
        ("(a) $\\boxed{3}$ (a) $\\boxed{5}$", _PARTS, 0.0),
        # a function's argument is no part label
        ("$f(a) = \\boxed{3}$ and $g(a) = \\boxed{5}$", None, 1.0),
        ("$P(A) = \\boxed{3}$ and $P(B) = \\boxed{5}$", None, 1.0),
    ],
)
def test_boxes_after_part_labels(completion: str, prompt: str | None, want: float) -> None:
    assert score(completion, "3, 5", prompt) == want


@pytest.mark.parametrize(
    ("completion", "prompt", "want"),
    [
        # a question in labelled parts orders its key: the answers in another order answer other parts
        ("The answers are $\\boxed{5, 3}$.", _PARTS, 0.0),
        ("The answers are $\\boxed{3, 5}$.", _PARTS, 1.0),
        ("The answers are 5 and 3.", _PARTS, 0.0),
        ("The answers are $\\boxed{5, 3}$.", "1. Find x.\n2. Find y.", 0.0),
        ("The answers are $\\boxed{5, 3}$.", "Part 1: find x. Part 2: find y.", 0.0),
        # (not a question without parts, or with another number of them)
        ("The answers are $\\boxed{5, 3}$.", "Solve $x^2-8x+15=0$.", 1.0),
        ("The answers are $\\boxed{5, 3}$.", "(a) Factor. (b) Solve. (c) Check.", 1.0),
        # a last box that gathers the parts' boxes is the answer, in its order
        ("(a) $\\boxed{3}$. (b) $\\boxed{5}$. Final answers: $\\boxed{5, 3}$.", _PARTS, 0.0),
        ("(a) $\\boxed{3}$. (b) $\\boxed{5}$. Final answers: $\\boxed{3, 5}$.", _PARTS, 1.0),
        ("$x = \\boxed{3}$ or $x = \\boxed{5}$, so $\\boxed{5, 3}$.", None, 1.0),
    ],
)
def test_a_question_in_parts_orders_its_key(completion: str, prompt: str | None, want: float) -> None:
    assert score(completion, "3, 5", prompt) == want


_PAIR = "Find the ordered pair $(a,b)$."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # values set to named unknowns answer a tuple key by name: in the question's order, or alphabetically
        ("Thus $b=\\boxed{2}$, $a=\\boxed{3}$.", "(2,3)", _PAIR, 0.0),
        ("Thus $b=\\boxed{2}$, $a=\\boxed{3}$.", "(3,2)", _PAIR, 1.0),
        ("Thus $b=2$ and $a=3$.", "(2,3)", _PAIR, 0.0),
        ("Thus $b=2$ and $a=3$.", "(3,2)", _PAIR, 1.0),
        ("Thus $y=\\boxed{3}$, $x=\\boxed{17}$.", "(3,17)", None, 0.0),
        ("Thus $x=\\boxed{3}$, $y=\\boxed{17}$.", "(3,17)", None, 1.0),
        # ... and a labelled tuple key by its labels
        ("Thus $m=3$ and $n=17$.", "(m,n)=(3,17)", None, 1.0),
        ("Thus $n=17$ and $m=3$.", "(m,n)=(3,17)", None, 1.0),
        ("Thus $m=17$ and $n=3$.", "(m,n)=(3,17)", None, 0.0),
        # named values in plain prose compare by name against a key that names them
        ("Hence b = 2 and a = 3.", "a=2, b=3", "Find a and b.", 0.0),
        ("Hence b = 2 and a = 3.", "a=3, b=2", "Find a and b.", 1.0),
        # and a question that asks in order takes values named rightly in another order
        ("$\\boxed{b = 2, a = 3}$", "a=3, b=2", "Find a and b, respectively.", 1.0),
        ("$\\boxed{b = 3, a = 2}$", "a=3, b=2", "Find a and b, respectively.", 0.0),
    ],
)
def test_named_values_by_name(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


def test_the_stops_patterns_run_in_linear_time() -> None:
    assert_patterns_linear(
        [
            ("parts", "BOX_PART_LABEL_RE", "'(' * n"),
            ("parts", "BOX_PART_LABEL_RE", "'Part ' * (n // 5)"),
            ("parts", "LINE_PART_LABEL_RE", "' ' * n"),
            ("parts", "_QUESTION_PART_RE", "'\\n ' * (n // 2)"),
            ("parts", "_QUESTION_PART_RE", "'( ' * (n // 2)"),
            ("forms", "_NAMED_NUMBER_RE", "'a ' * (n // 2)"),
            ("forms", "_NAMED_NUMBER_RE", "'a' + ' ' * n + '='"),
            ("asked_base", "_ASKED_BASE_ANY_RE", "'to ' * (n // 3)"),
            ("asked_base", "_ASKED_BASE_RE", "'to base' + ' ' * n"),
            ("parse", "_BASE_NUMBER", "'a' * n + '_'"),
            ("asked_form", "_BRACKETS_PRODUCT_RE", "')' + ' ' * n"),
            ("asked_form", "_LOWEST_TERMS_RE", "'simplify ' * (n // 9)"),
            ("asked_form", "_WRITTEN_FRACTION_RE", "'1' * n"),
            ("asked_form", "_WRITTEN_FRACTION_RE", "'\\\\frac{' * (n // 6)"),
            ("asked_rounding", "_ASKED_RE", "'to 3 significant ' * (n // 17)"),
            ("written", "_CLOSING_WORD_RE", "'a' * n"),
            ("written", "_CLOSING_WORD_RE", "'is ' * (n // 3)"),
            ("written", "_CLOSING_WORD_RE", "'.' + ' ' * n + 'is'"),
            ("asked_base", "_ASKED_BASE_ANY_RE", "'to base' + ' ' * n"),
            ("asked_base", "_ASKED_BASE_ANY_RE", "'hexadecimal ' * (n // 12)"),
            ("asked_base", "_WRITTEN_BASE_RE", "'_' + ' ' * n"),
            ("asked_base", "_WRITTEN_BASE_RE", "'_{' * (n // 2)"),
            ("asked_form", "_PLAIN_FRACTION_RE", "'-' + ' ' * n"),
            ("asked_form", "_PLAIN_FRACTION_RE", "'(1' * (n // 2)"),
            ("asked_form", "_BRACKET_TIMES_RE", "'(' + '+' * n"),
            ("asked_form", "_BRACKET_TIMES_RE", "'2' + ' ' * n + '('"),
            ("asked_rounding", "_STATED_ROUNDING_RE", "'a' * n"),
            ("asked_rounding", "_STATED_ROUNDING_RE", "' is' * (n // 3)"),
            ("parts", "BOX_PART_LABEL_RE", "' a' * (n // 2)"),
            ("parts", "_PART_NUMBER_RE", "'1' * n"),
            ("parts", "_PART_NUMBER_RE", "'1.' * (n // 2)"),
            ("topics", "_WORD_RE", "'a' * n"),
            ("question", "_SCIENTIFIC_RE", "'1' * n"),
            ("question", "_SCIENTIFIC_RE", "'1 ' * (n // 2)"),
            ("asked_form", "_BRACKET_GROUP_RE", "'(' * n"),
            ("asked_form", "_EXACT_ASKED_RE", "'exact ' * (n // 6)"),
            ("asked_rounding", "_DESCRIBES_RE", "'1' * n"),
            ("asked_rounding", "_DESCRIBES_RE", "'1 ' * (n // 2)"),
            ("asked_rounding", "_BOUNDS_RE", "'lower ' * (n // 6)"),
            ("parts", "_RESULT_END_RE", "'=' + ' ' * n"),
            ("fallback", "_END_TUPLE_RE", "'is (' + 'a' * n"),
            ("fallback", "_END_TUPLE_RE", "'is (a,' * (n // 6)"),
            ("boxes", "NAME_IN_BOX_RE", "'a=' * (n // 2)"),
            ("written", "_MARKDOWN_RE", "'*' * n"),
        ]
    )


_HEX = "Now, convert the base-6 number 3245 to hexadecimal"


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a key of digits and letters, where the question asks for a base over ten, is a numeral in that base: the
        # same digits in another order are another numeral, not the same product of letters
        ("<answer>2de</answer>", 0.0),
        ("<answer>2bd</answer>", 0.0),
        ("2 e d", 0.0),
        ("749", 0.0),
        # and the numeral in any case, with a prefix or the base as a subscript, is the key
        ("<answer>2ed</answer>", 1.0),
        ("0x2ed", 1.0),
        ("2ED", 1.0),
        ("$\\boxed{2ed_{16}}$", 1.0),
        ("$\\boxed{2ED_{16}}$", 1.0),
        ("$\\boxed{2de_{16}}$", 0.0),
    ],
)
def test_keys_in_the_base_asked_for(completion: str, want: float) -> None:
    assert score(completion, "2ed", _HEX) == want


def test_letters_without_a_base_asked_stay_a_product() -> None:
    assert score("<answer>2de</answer>", "2ed", "Simplify $2ed$.") == 1.0
    assert score("$\\boxed{x_1}$", "x_1") == 1.0
    assert score("$\\boxed{ab_{16}}$", "a b_{16}") == 1.0


_MULTIPLY = "Calculate the following: (-11*x**2 - 64*x)*(50*x**2 + 81*x)\nWhen performing calculations, use **."
_KEY = "-550*x**4 - 4091*x**3 - 5184*x**2"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a question that gives a product of brackets to work out, against an expanded key: the product copied
        # back, reordered or partly multiplied, has computed nothing
        ("(-11*x**2 - 64*x)*(50*x**2 + 81*x)", _KEY, _MULTIPLY, 0.0),
        ("(50*x**2 + 81*x)*(-11*x**2 - 64*x)", _KEY, _MULTIPLY, 0.0),
        ("-x**2*(550*x**2 + 4091*x + 5184)", _KEY, _MULTIPLY, 0.0),
        ("-550*x**4 - 4091*x**3 - 5184*x**2", _KEY, _MULTIPLY, 1.0),
        ("$\\boxed{x(x+2)+1}$", "x^2+2x+1", "Expand $(x+1)^2$.", 0.0),
        ("$\\boxed{x^2+2x+1}$", "x^2+2x+1", "Expand $(x+1)^2$.", 1.0),
        # (a factored key is another matter: the question asks for that form)
        ("$\\boxed{(x+1)(x-1)}$", "(x+1)(x-1)", "Multiply out and factor back: (x+1)*(x-1)", 1.0),
        # factoring into fewer factors than the key's is no complete factoring
        ("$\\boxed{(x^2-1)(x+2)}$", "(x-1)(x+1)(x+2)", "Factor $x^3+2x^2-x-2$.", 0.0),
        ("$\\boxed{(x+1)(x-1)(x+2)}$", "(x-1)(x+1)(x+2)", "Factor $x^3+2x^2-x-2$.", 1.0),
        ("$\\boxed{(x+1)^2}$", "(x+1)^2", "Factor $x^2+2x+1$.", 1.0),
    ],
)
def test_the_product_the_question_gives_worked_out(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


_LOWEST = "Simplify the fraction $\\dfrac{19530}{28280}$ to its lowest terms."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a question that asks for lowest terms refuses an equal fraction not reduced, and a decimal
        ("\\frac{558}{808}", "$\\dfrac{279}{404}$", _LOWEST, 0.0),
        ("4462/10640", "2231/5320", "What is the probability? Give a reduced fraction.", 0.0),
        ("0.6905940594", "$\\dfrac{279}{404}$", _LOWEST, 0.0),
        ("$\\boxed{\\frac{6}{8}}$", "\\frac34", "Express 0.75 as a common fraction.", 0.0),
        ("$\\boxed{0.75}$", "\\frac34", "Express 0.75 as a common fraction.", 0.0),
        ("\\frac{279}{404}", "$\\dfrac{279}{404}$", _LOWEST, 1.0),
        ("279/404", "$\\dfrac{279}{404}$", _LOWEST, 1.0),
        ("$\\boxed{\\frac{3}{4}}$", "\\frac34", "Express 0.75 as a common fraction.", 1.0),
        # (without the request an equal fraction is the key)
        ("$\\boxed{\\frac{6}{8}}$", "\\frac34", "What is 0.75 as a fraction?", 1.0),
        ("$\\boxed{\\frac{6}{8}}$", "\\frac34", None, 1.0),
    ],
)
def test_lowest_terms_asked(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


_SIG = "Compute -457.0178^8. Return your final answer correct to 3 significant figures."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # the key rounded to the significant figures the question asks for is the answer it asks for
        ("1.90e+21", "1.9031145207918732e+21", _SIG, 1.0),
        ("$\\boxed{1.90 \\times 10^{21}}$", "1.9031145207918732e+21", _SIG, 1.0),
        ("-6.30e-07", "-6.30122530647638e-07", _SIG, 1.0),
        ("1.91e+21", "1.9031145207918732e+21", _SIG, 0.0),
        ("1.9031e+21", "1.9031145207918732e+21", _SIG, 0.0),
        ("0.0123", "0.012345", "Give your answer to 3 significant figures.", 1.0),
        ("0.012", "0.012345", "Give your answer to 3 significant figures.", 0.0),
        ("1.90e+21", "1.9031145207918732e+21", None, 0.0),
        # ... and to the nearest hundred
        ("1200", "1234", "How many people came, to the nearest hundred?", 1.0),
        ("1230", "1234", "How many people came, to the nearest hundred?", 0.0),
        ("1200", "1234", "How many people came?", 0.0),
    ],
)
def test_significant_figures_and_hundreds_asked(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # plain text's "E**(...)" is e to that power, as sympy prints it
        ("-3*E**(9*x**2 - 4*x - 8) + C", "-3*exp(9*x**2 - 4*x - 8) + C", 1.0),
        ("E**x", "exp(x)", 1.0),
        ("E**(2*x)", "exp(x)", 0.0),
        ("2*E", "2*e", 0.0),
        ("$\\boxed{2C + 5}$", "C", 0.0),
    ],
)
def test_sympy_exponentials(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_INTEGRAL = "Find the indefinite integral: ∫ -2*(3*x + 6)**2 dx"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # where the question asks for an antiderivative, one added constant takes in a number added beside it
        ("-6*x**3 - 36*x**2 - 72*x - 48 + C", "-6*x**3 - 36*x**2 - 72*x + C", _INTEGRAL, 1.0),
        ("x^2 + 5 + K", "x^2 + C", "Find the antiderivative of 2x.", 1.0),
        ("-6*x**3 - 36*x**2 - 72*x - 48*x + C", "-6*x**3 - 36*x**2 - 72*x + C", _INTEGRAL, 0.0),
        ("x^2 + 5", "x^2 + C", "Find the antiderivative of 2x.", 0.0),
        # (elsewhere a plain offset is another value: C may name a point or an angle)
        ("a + C + 1", "a + C", None, 0.0),
    ],
)
def test_added_constants_of_antiderivatives(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


def test_an_added_constant_the_question_names_stays_a_quantity() -> None:
    assert score("x^2 + 5 + C", "x^2 + C", "Let C = 3. Compute x^2 + C.") == 0.0


_FRIDAYS = "Between Sunday, August 21, 2022 and Monday, October 3, 2022, how many times does Friday occur?"
_PRIMES = "Count how many prime numbers there are between 4449 and 7676 (inclusive) ?"
_PICK = "Pick the largest number of the following candidates: 393,941,185.518 3.939411934900000e+08 393,941,192.776"
_WEEKDAY = "In a year where Thursday is January 1st, name the weekday of March 11. Respond with the weekday."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # "how many times does Friday occur" counts Fridays (not Mondays, which the question names too)
        ("There are 6 Fridays.", "6", _FRIDAYS, 1.0),
        ("There are 6 Mondays.", "6", _FRIDAYS, 0.0),
        # a chain under the name the question asks for, in other case, with its working shown
        ("lcm = 2^3 · 3^2 · 11 = 792", "792", "Find the Least Common Multiple (LCM) of these numbers: 44, 72", 1.0),
        ("gcd = 2^3 · 3^2 · 11 = 792", "792", "Find the Least Common Multiple (LCM) of these numbers: 44, 72", 0.0),
        # the question's own range in brackets is no answer; the sentence's count is
        ("There are 369 primes in [4449, 7676].", "369", _PRIMES, 1.0),
        ("There are 369 primes in [4449, 7676].", "370", _PRIMES, 0.0),
        ("The solutions are [-5, 5].", "-5, 5", "Solve x^2 = 25.", 1.0),
        # a number in e-notation picked from the question's candidates answers it: no expression was left unworked
        ("3.939411934900000e+08", "393941193.49", _PICK, 1.0),
        ("3.939411934900000e+08", "393941192.776", _PICK, 0.0),
        # a value restated in brackets with its working answers alone
        ("0.118 (i.e. 3.990 - 3.872)", "0.118", None, 1.0),
        ("0.118 (i.e. 3.990 - 3.871)", "0.118", None, 0.0),
        # a closing sentence that states a word, against a word key
        ("March 11 is a Wednesday.", "Wednesday", _WEEKDAY, 1.0),
        ("March 11, 2021 falls on a Wednesday.", "Wednesday", _WEEKDAY, 1.0),
        ("March 11 is a Tuesday.", "Wednesday", _WEEKDAY, 0.0),
        ("It is not Wednesday.", "Wednesday", _WEEKDAY, 0.0),
        ("It is Wednesday or Thursday.", "Wednesday", _WEEKDAY, 0.0),
    ],
)
def test_sentences_that_answer_reasoning_gym(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


_FACTORS = "Find the prime factorization of 280. Write the factors separated by × (for 12: 2 × 2 × 3)"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a closing sentence that states a product written with "×" states it
        ("The prime factorization of 280 is 2 × 2 × 2 × 5 × 7.", "2 × 2 × 2 × 5 × 7", _FACTORS, 1.0),
        ("The prime factorization of 280 is 2 × 2 × 2 × 35.", "2 × 2 × 2 × 5 × 7", _FACTORS, 0.0),
        # (a number in scientific notation keeps its unit: it is a number, not a product to read as maths)
        ("The charge of an electron is approximately -1.602 × 10⁻¹⁹ coulombs.", "-1.602 × 10⁻¹⁹ C", None, 1.0),
        # a rounding after the answer in scale words or e-notation rounds it
        ("**Answer:** 8139577950 (roughly 8.14 billion)", "8139577950", None, 1.0),
        ("**Answer:** 8139577950 (roughly 8.14e9)", "8139577950", None, 1.0),
        ("**Answer:** 8139577950 (about 9.1 billion)", "8139577950", None, 0.0),
        ("**Answer:** 8139577950 (about 8.1 million)", "8139577950", None, 0.0),
    ],
)
def test_products_and_roundings_stated_in_sentences(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


_AB = "Find the ordered pair $(a,b)$ such that a+b=5 and a-b=1."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # values set to other unknowns than the question's tuple, or two values for one unknown, answer no tuple
        ("\\boxed{b=3, c=2}", "(3,2)", _AB, 0.0),
        ("\\boxed{b=3}, \\boxed{c=2}", "(3,2)", _AB, 0.0),
        ("Thus $b=3$, $c=2$.", "(3,2)", _AB, 0.0),
        ("$b=\\boxed{3}$, $b=\\boxed{2}$", "(3,2)", _AB, 0.0),
        ("Thus $b=3$ and $b=2$.", "(3,2)", _AB, 0.0),
        ("$b=\\boxed{3}$, $a=\\boxed{3}$, $b=\\boxed{2}$", "(3,2)", _AB, 0.0),
        ("$x=3$, $x=2$, $x=1$", "(3,2,1)", "Solve for $(x, y, z)$: x+y+z=6, x-y=1, y-z=1.", 0.0),
        ("\\boxed{a=3}, \\boxed{b=2}", "(3,2)", _AB, 1.0),
        # (values of one unknown answer a list of values)
        ("$x=\\boxed{2}$ or $x=\\boxed{3}$", "2, 3", None, 1.0),
        # a key that names its values, where the question asks for them as a tuple in its order
        ("\\boxed{(3,2)}", "a=3, b=2", "Find the ordered pair $(b,a)$ such that a+b=5 and a-b=1.", 0.0),
        ("\\boxed{(2,3)}", "a=3, b=2", "Find the ordered pair $(b,a)$ such that a+b=5 and a-b=1.", 1.0),
        # named values in prose, equal values named apart, and a tuple of names answer a tuple key by name
        ("Hence b = 2 and a = 3.", "(3,2)", _AB, 1.0),
        ("Hence b = 3 and a = 2.", "(3,2)", _AB, 0.0),
        ("$a=\\boxed{3}$, $b=\\boxed{3}$", "(3,3)", "Find $(a,b)$ such that $a+b=6$ and $a-b=0$.", 1.0),
        ("Subtracting: y = \\boxed{1}. Then x = \\boxed{3}.", "(3,1)", "Find the ordered pair (x, y).", 1.0),
        ("\\boxed{(b,a) = (2,3)}", "(3,2)", _AB, 1.0),
        ("\\boxed{(b,a) = (3,2)}", "(3,2)", _AB, 0.0),
    ],
)
def test_named_values_against_tuples_asked(completion: str, gold: str, prompt: str | None, want: float) -> None:
    assert score(completion, gold, prompt) == want


_THREE = "(a) Show that $x^2-9=(x-3)(x+3)$. (b) Find the positive root of $x^2-9$. (c) Find $x$ if $x-1=4$."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # part labels that skip a part without a value still order the boxes
        ("(b) \\boxed{5} (c) \\boxed{3}", "3, 5", _THREE, 0.0),
        ("(b) \\boxed{3} (c) \\boxed{5}", "3, 5", _THREE, 1.0),
        # labels without an opening bracket, in square brackets, or with a full stop
        ("b) \\boxed{3} a) \\boxed{5}", "3, 5", _PARTS, 0.0),
        ("[b] \\boxed{3} [a] \\boxed{5}", "3, 5", _PARTS, 0.0),
        ("b. \\boxed{5}  a. \\boxed{3}", "3, 5", _PARTS, 1.0),
        # a part's label decides, also where the boxes name their unknowns
        ("For (b) we get $y=\\boxed{5}$ and for (a) $x=\\boxed{3}$.", "3, 5", _PARTS, 1.0),
        # each box answers one part: two values in one box are not two parts
        ("(a) \\boxed{2, 4}\n(c) \\boxed{6}", "2, 4, 6", "(a) 1+1. (b) 2+2. (c) 3+3.", 0.0),
        ("(a) \\boxed{2}\n(b) \\boxed{4}\n(c) \\boxed{6}", "2, 4, 6", "(a) 1+1. (b) 2+2. (c) 3+3.", 1.0),
        # a closing tuple that gathers the parts, and a key that joins them with "and"
        ("(a) \\boxed{3}\n(b) \\boxed{5}\nSo x = 3, y = 5. \\boxed{(3,5)}", "3, 5", _PARTS, 1.0),
        ("(a) \\boxed{3}\n(b) \\boxed{5}", "3 \\text{ and } 5", _PARTS, 1.0),
        # roots the question asks for are a set, whatever labels number them
        ("(1) \\boxed{3} (2) \\boxed{2}", "2, 3", "Find the two roots of $x^2-5x+6=0$.", 1.0),
    ],
)
def test_part_labels_of_every_form(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # the base a question asks for, however it names it
        ("\\boxed{BA}", "AB", "What is the hexadecimal representation of 171?", 0.0),
        ("\\boxed{AB}", "AB", "What is the hexadecimal representation of 171?", 1.0),
        ("\\boxed{F^2}", "FF", "What is 255 in hex?", 0.0),
        # a numeral written in another base than the one asked for
        ("\\boxed{19_{10}}", "19", "Convert $25_{10}$ to hexadecimal.", 0.0),
        ("\\boxed{1010_{10}}", "1010", "Convert 10 to binary.", 0.0),
        ("\\boxed{1010_2}", "1010", "Convert 10 to binary.", 1.0),
        # the numeral set as text or with the asked base written after it
        ("\\boxed{\\text{2ED}}", "2ED", "Convert $749_{10}$ to hexadecimal.", 1.0),
        ("\\boxed{\\text{ED}_{16}}", "ED", "Convert $237_{10}$ to hexadecimal.", 1.0),
        ("\\boxed{ed_{16}}", "ED", "Convert $237_{10}$ to hexadecimal.", 1.0),
        ("\\boxed{ED}", "ED_{16}", "Convert $237_{10}$ to hexadecimal.", 1.0),
        ("\\boxed{DE}", "ED_{16}", "Convert $237_{10}$ to hexadecimal.", 0.0),
        ("\\boxed{ba_{12}}", "BA", "Express $142_{10}$ in base 12.", 1.0),
        ("\\boxed{2ED_{\\text{hex}}}", "2ED", "Convert $749_{10}$ to hexadecimal.", 1.0),
    ],
)
def test_numerals_in_the_base_asked_for(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a common fraction asked for: no percent, and no expression that only evaluates to one
        ("\\boxed{75\\%}", "\\frac{3}{4}", "Express $0.75$ as a common fraction.", 0.0),
        ("\\boxed{1-\\frac14}", "\\frac{3}{4}", "Express your answer as a common fraction in lowest terms.", 0.0),
        ("\\boxed{\\frac{3}{2^2}}", "\\frac{3}{4}", "What is $\\frac{6}{8}$ in lowest terms?", 0.0),
        ("\\boxed{\\frac{3}{4}+0}", "\\frac{3}{4}", "Write 6/8 as a reduced fraction.", 0.0),
        ("\\boxed{-\\frac{3}{4}}", "-\\frac{3}{4}", "Write -6/8 as a reduced fraction.", 1.0),
        ("\\boxed{\\frac{3}{4}\\text{ cup}}", "\\frac{3}{4}", "How much flour? Give a common fraction.", 1.0),
        # (the value an answer ends on: a label, or a chain that reduces the fraction)
        ("\\boxed{x = \\frac{3}{4}}", "\\frac{3}{4}", "Express your answer as a common fraction.", 1.0),
        ("\\boxed{\\frac68 = \\frac34}", "\\frac{3}{4}", "Express your answer as a common fraction.", 1.0),
        ("\\boxed{\\frac34 = \\frac68}", "\\frac{3}{4}", "Express your answer as a common fraction.", 0.0),
        # an expansion asked for: no bracket left multiplied
        ("\\boxed{2(x+3)}", "2x+6", "Expand $2(x+3)$.", 0.0),
        ("\\boxed{(x+3)\\cdot 2}", "2x+6", "Expand $2(x+3)$.", 0.0),
        ("\\boxed{3(x^2-4)}", "3x^2-12", "Expand $3(x-2)(x+2)$.", 0.0),
        ("\\boxed{2x+6}", "2x+6", "Expand $2(x+3)$.", 1.0),
        # a complete factoring leaves no number common to a factor's terms
        ("\\boxed{x(2x-4)(x+2)}", "2x(x-2)(x+2)", "Factor completely: $2x^3 - 8x$.", 0.0),
        ("\\boxed{2x(x-2)(x+2)}", "2x(x-2)(x+2)", "Factor completely: $2x^3 - 8x$.", 1.0),
        # an exact value asked for: no decimal, also against a fraction it only rounds
        ("\\boxed{0.8660254037844386}", "\\frac{\\sqrt{3}}{2}", "Find $\\sin 60^\\circ$ exactly.", 0.0),
        ("\\boxed{31.41592653589793}", "10\\pi", "Give your answer as a multiple of $\\pi$.", 0.0),
        ("\\boxed{0.47619047619047616}", "\\frac{10}{21}", "Find the exact value of $\\frac{1}{3}+\\frac{1}{7}$.", 0.0),
        ("\\boxed{0.5}", "\\frac12", "Find the exact value of $\\frac{1}{3}+\\frac{1}{6}$.", 1.0),
        ("\\boxed{0.375}", "\\frac38", "What is the probability of getting exactly 2 heads in 3 tosses?", 1.0),
    ],
)
def test_forms_asked_more_strictly(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a rounding the question states is no rounding it asks for
        ("\\boxed{40}", "35", "A number rounded to the nearest ten is 40. What is the smallest whole number it could be?", 0.0),
        ("\\boxed{6.28}", "6.28318", "3.14159 rounded to two decimal places is 3.14. What is 3.14159 times 2?", 0.0),
        ("\\boxed{92}", "\\frac{275}{3}", "Her average was rounded to the nearest whole number. What was her exact average?", 0.0),
        # requests without the verb "round"
        ("\\boxed{13}", "4\\pi", "A circle has radius 2. Find its area to the nearest whole number.", 1.0),
        ("\\boxed{13}", "4\\pi", "A circle has radius 2. What is its area to the nearest unit?", 1.0),
        ("\\boxed{12300}", "12345", "A city has 12345 people. What is this to the nearest hundred?", 1.0),
        ("\\boxed{3}", "3.7", "What is the distance from 3.7 to the nearest integer?", 0.0),
        # the key stored unrounded is not the answer to a question that asks for a rounding
        ("\\boxed{1786}", "1786", "What is $47 \\times 38$ to the nearest hundred?", 0.0),
        ("\\boxed{1800}", "1786", "What is $47 \\times 38$ to the nearest hundred?", 1.0),
        ("\\boxed{12.566370614359172}", "4\\pi", "Find the area of a circle of radius 2. Round to two decimal places.", 0.0),
        ("\\boxed{12.57}", "4\\pi", "Find the area of a circle of radius 2. Round to two decimal places.", 1.0),
    ],
)
def test_roundings_asked_and_stated(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


_RECTANGLE = "A rectangle has length 5 and width 3. (a) Find its perimeter. (b) Find its area. (c) Find its diagonal squared."


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # parts answered in prose, one number each, in the labels' order
        ("Part (a): 3. Part (b): 8.", "3, 8", "(a) Find 1+2. (b) Find 2*4.", 1.0),
        ("(a) The sum is 3. (b) The product is 8.", "3, 8", "(a) Find 1+2. (b) Find 2*4.", 1.0),
        ("(a) The sum is 8. (b) The product is 3.", "3, 8", "(a) Find 1+2. (b) Find 2*4.", 0.0),
        ("(a) perimeter 16\n(b) area 15\n(c) 34", "16, 15, 34", _RECTANGLE, 1.0),
        # boxes that name the part they answer, in another order than the question's
        ("The area is \\boxed{15}, the perimeter is \\boxed{16}, and the diagonal squared is \\boxed{34}.",
         "16, 15, 34", _RECTANGLE, 1.0),
        ("The area is \\boxed{16}, the perimeter is \\boxed{15}, and the diagonal squared is \\boxed{34}.",
         "16, 15, 34", _RECTANGLE, 0.0),
        ("The perimeter is \\boxed{14} and the area is \\boxed{12}.", "12, 14", "Find (i) its area and (ii) its perimeter.", 1.0),
        ("The area is \\boxed{14} and the perimeter is \\boxed{12}.", "12, 14", "Find (i) its area and (ii) its perimeter.", 0.0),
    ],
)
def test_parts_answered_in_prose_or_by_name(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # a set of values takes values of one unknown (the tuple rules above are for round tuples)
        ("The final answer is $\\boxed{x = -1, x = 4}$.", "\\{-1, 4\\}", 1.0),
        ("The solutions are $x = 2$ and $x = 3$.", "\\{2, 3\\}", 1.0),
        ("The final answer is $\\boxed{a = -2 \\text{ or } a = 4}$.", "{-2, 4}", 1.0),
        # a tuple boxed twice is one tuple, not a tuple of tuples
        ("\\boxed{\\left( \\frac{3}{2}, 2 \\right)}\n\n**Answer:** \\boxed{\\left( \\frac{3}{2}, 2 \\right)}",
         "(\\alpha, \\beta)=\\left(\\frac{3}{2}, 2\\right)", 1.0),
    ],
)
def test_sets_and_repeated_tuples_keep_their_reading(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


_AB82 = "Find the ordered pair $(a,b)$ such that a+b=5 and a-b=1."
_XY82 = "(a) Find x if 2x=6. (b) Find y if y-1=4."
_DAY = "If today is Monday, what day of the week will it be in 100 days?"


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # red team 82: boxes that name their unknowns inside, with a second value for one of them
        ("\\boxed{a=3}\\boxed{b=2}\\boxed{a=2}\\boxed{b=3}", "(3,2)", _AB82, 0.0),
        ("\\boxed{x=3}\\boxed{y=2}\\boxed{z=1}\\boxed{z=2}", "(3,2,1)", "Find the ordered triple $(x,y,z)$.", 0.0),
        # the question's numbers in scientific notation, worked on in any notation, compute nothing
        ("\\boxed{2e5 + 3e5}", "500000", "What is 3e5 + 2e5?", 0.0),
        ("\\boxed{300000 + 200000}", "500000", "What is 3e5 + 2e5?", 0.0),
        ("\\boxed{3 \\times 10^5 + 2 \\times 10^5}", "500000", "What is 3e5 + 2e5?", 0.0),
        ("\\boxed{1.5e6 + 1.5e6}", "3000000", "A colony of 1.5e6 cells doubles. How many cells now?", 0.0),
        ("\\boxed{5e5}", "500000", "What is 3e5 + 2e5?", 1.0),
        # a number common to a bracket's terms, as written, is no complete factoring
        ("\\boxed{(2x+4)(x+3)}", "2(x+2)(x+3)", "Factor $2x^2+10x+12$ completely.", 0.0),
        ("\\boxed{(2x-4)(2x+4)}", "4(x-2)(x+2)", "Factor $4x^2-16$.", 0.0),
        ("\\boxed{4(x+2)(\\frac{x}{2}+\\frac{3}{2})}", "2(x+2)(x+3)", "Factor $2x^2+10x+12$ completely.", 0.0),
        ("\\boxed{2(x+2)(x+3)}", "2(x+2)(x+3)", "Factor $2x^2+10x+12$ completely.", 1.0),
        # an exact value asked in other words
        ("\\boxed{1.41421356}", "\\sqrt{2}", "Solve $x^2 = 2$ exactly, giving the positive root.", 0.0),
        ("\\boxed{1.4142135624}", "\\sqrt{2}", "Find the exact positive solution of $x^2 = 2$.", 0.0),
        ("\\boxed{\\sqrt{2}}", "\\sqrt{2}", "Find the exact positive solution of $x^2 = 2$.", 1.0),
        # parts the question does not have, and a gathering box that the parts' boxes contradict
        ("(b) \\boxed{2}\n(c) \\boxed{4}\n(d) \\boxed{6}", "2, 4, 6", "(a) 1+1. (b) 2+2. (c) 3+3.", 0.0),
        ("(a) \\boxed{3}\n(c) \\boxed{5}", "3, 5", _XY82, 0.0),
        ("(a) \\boxed{5}\n(b) \\boxed{3}\n\nFinal: \\boxed{3, 5}", "3, 5", _XY82, 0.0),
        ("(a) \\boxed{3}\n(b) \\boxed{4}\n\nFinal: \\boxed{3, 5}", "3, 5", _XY82, 0.0),
        ("(a) \\boxed{3}\n(b) \\boxed{5}\n\nFinal: \\boxed{3, 5}", "3, 5", _XY82, 1.0),
    ],
)
def test_red_team_82s_payments(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # a key that is pi, where the question says "in terms of pi", is no echo
        ("\\boxed{\\pi}", "\\pi", "What is the area of a circle of radius 1? Express your answer in terms of $\\pi$.", 1.0),
        # the base a question converts from is not the one it asks for
        ("\\boxed{749_{10}}", "749", "Convert the hexadecimal number 2ED to decimal.", 1.0),
        ("\\boxed{749}", "749", "Convert the hexadecimal number 2ED to decimal.", 1.0),
        # a rounding that describes a given number, and a question about bounds, ask for no rounding
        ("\\boxed{5.25}", "5.25", "A parcel weighs 5.3 kg, correct to 1 decimal place. What is its lower bound?", 1.0),
        ("\\boxed{5.25}", "5.25", "The length is 5.3 cm to the nearest tenth. What is the least it could be?", 1.0),
        # a part's working ends on its result
        ("(a) 1 + 2 = 3. (b) 2 * 4 = 8.", "3, 8", "(a) Find 1+2. (b) Find 2*4.", 1.0),
        ("(a) 1 + 2 = 4. (b) 2 * 4 = 8.", "3, 8", "(a) Find 1+2. (b) Find 2*4.", 0.0),
        # a tuple that ends the closing sentence
        ("So the ordered pair is (3, 2).", "(3,2)", _AB82, 1.0),
        ("The point of intersection is (3, 5).", "(3,5)", "Find the point of intersection of y=x+2 and y=-x+8.", 1.0),
        ("The point of intersection is (5, 3).", "(3,5)", "Find the point of intersection of y=x+2 and y=-x+8.", 0.0),
        # a word key in markdown, alone on the last line, or after "=" or "gives"
        ("**Wednesday**", "Wednesday", _DAY, 1.0),
        ("It will be **Wednesday**.", "Wednesday", _DAY, 1.0),
        ("### Wednesday", "Wednesday", _DAY, 1.0),
        ("Monday + 2 days = Wednesday.", "Wednesday", _DAY, 1.0),
        ("98 days later is a Monday again. Two more days gives Wednesday.", "Wednesday", _DAY, 1.0),
        ("**Thursday**", "Wednesday", _DAY, 0.0),
        # (a word alone is read only on a line of its own, not after the closing sentence on its line)
        ("It is a Thursday. Wednesday!", "Wednesday", _DAY, 0.0),
    ],
)
def test_red_team_82s_refusals(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want


@pytest.mark.parametrize(
    ("completion", "gold", "prompt", "want"),
    [
        # named values against a question in parts: each name is the part that names it
        ("\\boxed{y=5, x=3}", "3, 5", _XY82, 1.0),
        ("\\boxed{y=3, x=5}", "3, 5", _XY82, 0.0),
        # a part that asks for two roots, of a key with a value per root
        ("(a) \\boxed{2, 3}\n(b) \\boxed{5}", "2, 3, 5", "(a) Solve x^2-5x+6=0. (b) Find the sum of the roots.", 1.0),
        # mixed numbers where the question asks for one (or only lowest terms), braces around a fraction's numbers
        ("\\boxed{3\\frac{3}{4}}", "3 3/4", "Write 15/4 as a mixed number in lowest terms.", 1.0),
        ("\\boxed{1\\frac{1}{4}}", "5/4", "Express 1.25 as a fraction in lowest terms.", 1.0),
        ("\\boxed{3\\frac{3}{4}}", "\\frac{15}{4}", "Express your answer as a common fraction.", 0.0),
        ("\\boxed{{3}/{4}}", "3/4", "Express your answer as a common fraction. What is 6/8?", 1.0),
        # a decimal coefficient that is the exact value
        ("\\boxed{1.5\\pi}", "\\frac{3\\pi}{2}", "Express $270^\\circ$ in radians as a multiple of $\\pi$.", 1.0),
        ("\\boxed{4.71}", "\\frac{3\\pi}{2}", "Express $270^\\circ$ in radians as a multiple of $\\pi$.", 0.0),
    ],
)
def test_right_answers_the_new_rules_keep(completion: str, gold: str, prompt: str, want: float) -> None:
    assert score(completion, gold, prompt) == want
