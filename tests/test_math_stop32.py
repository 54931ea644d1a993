"""What stop 32 refuses, from the open findings of the last black-box red team (notes/redteam32_findings.jsonl): a
box restated in words as another value, a box pointed at as wrong or struck through, a box that is one branch of a
``cases`` environment or one item of a list of values, an answer sentence in another word order after the box, a
missed case owned up to after it, "wrong" in more languages. Each refused case was paid at the commit before this
stop; the cases beside them, which still pay, bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from math_score import score


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # restated in words: another number refuses, the same number pays, words that are no number are left alone
        ("\\boxed{5}, that is, six.", 0.0),
        ("\\boxed{5} (five) (six?)", 0.0),
        ("\\boxed{5} (in words: six)", 0.0),
        ("\\boxed{5} \\text{ (equivalently } 6)", 0.0),
        ("\\boxed{5} (cinq)", 1.0),
        ("\\boxed{5} (five)", 1.0),
        ("\\boxed{5}, that is, five apples.", 1.0),
        ("\\boxed{5}. That is six more than last year.", 1.0),
        ("\\boxed{5} (equivalently 5.0)", 1.0),
        # pointed at as wrong, or struck through
        ("\\boxed{5} <- wrong, see below", 0.0),
        ("\\boxed{5} ⇐ typo", 0.0),
        ("\\boxed{5} (typo)", 0.0),
        ("\\boxed{5}\u0336", 0.0),
        ("\\boxed{5} — or is it?", 0.0),
        ("\\boxed{5}, or is it?", 0.0),
        ("\\boxed{5} (I couldn't solve it, this is a placeholder)", 0.0),
        ("\\boxed{5}\n\nI realize I forgot the last case, so add 1.", 0.0),
        ("\\boxed{5} <- correct", 1.0),
        ("\\boxed{5} ← final answer", 1.0),
        ("\\boxed{5} (this fixes the typo in the problem statement)", 1.0),
        ("\\boxed{5}\n\nI forgot to mention: the units are meters.", 1.0),
        # an answer sentence in another word order ends the text on another value
        ("\\boxed{5}\n\nAlso ist die Antwort 6.", 0.0),
        ("\\boxed{5}\n\nSomit lautet die Antwort 6.", 0.0),
        ("\\boxed{5}\n\nИтак, ответ 6.", 0.0),
        ("\\boxed{5}\n\nAlso ist die Antwort 5.", 1.0),
        ("\\boxed{5}\n\nИтак, ответ 5.", 1.0),
        # "wrong" in more languages
        ("\\boxed{5} — pogrešno", 0.0),
        ("\\boxed{5} (väärä)", 0.0),
    ],
)
def test_words_arrows_and_later_sentences(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # one branch of a piecewise answer
        ("$$f(x)=\\begin{cases} \\boxed{5} & x>0 \\\\ 6 & x\\le 0\\end{cases}$$", 0.0),
        ("\\begin{cases} x=2 \\\\ y=3 \\end{cases} so the answer is \\boxed{5}", 1.0),
        ("$\\begin{cases}\\boxed{5}\\end{cases}$", 1.0),  # a single row: the box is the whole
        # one item of a list of values, or the unticked item of a checklist
        ("Candidates:\n- \\boxed{5}\n- 6\n- 7", 0.0),
        ("- [x] 6\n- [ ] \\boxed{5}", 0.0),
        ("v1: \\boxed{5}\nv2: 6", 0.0),
        ("- [x] \\boxed{5}\n- [ ] 6", 1.0),
        ("- Length: 6\n- Width: 5\n- Area: \\boxed{5}", 1.0),  # labelled items of other quantities
        ("Steps:\n1. 2+3=5\n2. \\boxed{5}", 1.0),
        ("- 5\n- \\boxed{5}", 1.0),
        ("1. First we get 6\n2. \\boxed{5}", 1.0),
    ],
)
def test_box_inside_cases_and_lists(completion: str, want: float) -> None:
    assert score(completion) == want


def test_stop32_patterns_are_linear() -> None:
    """Every pattern this stop added or widened, over blank runs and repeated near-matches (200,000 characters)."""
    assert_patterns_linear(
        [
            ("disowning", "DISOWNED_RE", "'<- ' * (n // 3)"),
            ("disowning", "DISOWNED_RE", "'(' + 'a ' * (n // 2)"),
            ("disowning", "DISOWNED_RE", "'I forgot ' * (n // 9)"),
            ("disowning", "_CLOSING_VALUE_RE", "'antwort ' * (n // 8)"),
            ("disowning", "_WORDS_AFTER_RE", "'(' + 'ab' * (n // 2)"),
            ("disowning", "_WORDS_AFTER_RE", "', ' * (n // 2)"),
            ("layout", "_ITEM_LEAD_RE", "'- ' * (n // 2)"),
            ("layout", "_ITEM_VALUE_RE", "'v1: ' * (n // 4)"),
            ("layout", "_CASES_BEGIN_RE", "'\\\\begin{' * (n // 7)"),
            ("extract", "_MORE_AFTER_BOX_RE", "'\\\\text{ (' * (n // 8)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # a chain named by a \text label, an unreadable side, then equal sides: its last side answers (set 113)
        ("\\[\n\\text{Area} = \\frac{1}{2} \\cdot \\| \\mathbf{u} \\times \\mathbf{v} \\| / \\ldots \n= \\frac{1}{2} \\cdot 10 = 5\n\\]", 1.0),
        ("\\[\\text{Area} = \\frac{1}{2} \\| \\mathbf{u} \\times \\mathbf{v} \\| = \\frac{1}{2} \\cdot 10 = 6\\]", 0.0),
        ("\\[\\text{Area} = \\frac{1}{2} \\| \\mathbf{u} \\times \\mathbf{v} \\| = 5 = 6\\]", 0.0),  # a false chain
        ("\\[\\text{Area or volume} = \\| \\mathbf{u} \\times \\mathbf{v} \\| = 5\\]", 0.0),  # a label with a hedge
    ],
)
def test_chain_named_by_a_text_label(completion: str, want: float) -> None:
    assert score(completion) == want


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # an answer block that states its answer as what a sentence totals, or in a concluding sentence (set 115)
        ("<answer> The robe takes 2 bolts of blue fiber and 1 bolt of white fiber, totaling 3 bolts. </answer>", "3", 1.0),
        ("<answer> The robe takes 2 bolts of blue fiber and 1 bolt of white fiber, totaling 4 bolts. </answer>", "3", 0.0),
        ("<answer> 2 bolts and 1 bolt, for a total of 3 bolts or maybe 4 </answer>", "3", 0.0),
        ("<answer> Solving, we get 11H = 88,000, so H = 8,000. Therefore, Harald sold 8,000 copies. </answer>", "8000", 1.0),
        ("<answer> Solving, we get 11H = 88,000, so H = 8,000. Therefore, Harald sold 9,000 copies. </answer>", "8000", 0.0),
        ("<answer> He had 5 apples. So he has 3 left or maybe 4. </answer>", "3", 0.0),
        # an opening tag written twice
        ("<answer> 10 <answer>10</answer>", "10", 1.0),
        ("<answer> 10 <answer>11</answer>", "10", 0.0),
        ("<answer><answer>42</answer></answer>", "42", 1.0),
        # a value restated as the same value pays; as another value it is a hedge
        ("<answer> $1000 (or, equivalently, $1,000) </answer>", "1000", 1.0),
        ("The answer is $1000 (or $1,000).", "1000", 1.0),
        ("The answer is 1000 (or 1001).", "1000", 0.0),
        ("The answer is 0.5 (i.e. \\frac12).", "1/2", 1.0),
        ("The answer is 0.5 (i.e. \\frac13).", "1/2", 0.0),
        ("The answer is 0.5 (i.e. half of the cake).", "1/2", 1.0),
        # a verdict said after the answer marker is no answer; a made-up user turn that only pushes back goes on
        ("The answer is 38.\nYes, the answer is correct.", "38", 1.0),
        ("The answer is 37.\nYes, the answer is correct. Bella bought a total of 38 stamps in all.", "38", 0.0),
        ("So each book has 160 pages.\nUser: That's not right. Think again.\nAssistant: Each book has 90 pages.", "160", 0.0),
        ("So each book has 160 pages.\nUser: Now a new problem: 3 + 4?\nAssistant: 7", "160", 1.0),
    ],
)
def test_answer_blocks_restatements_and_made_up_turns(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop32_later_patterns_are_linear() -> None:
    """The patterns of the answer-block and restatement rules (200,000 characters)."""
    assert_patterns_linear(
        [
            ("sentences", "_TOTAL_PHRASE_RE", "' totaling ' * (n // 10)"),
            ("sentences", "_TOTAL_PHRASE_RE", "' in total 1' * (n // 11)"),
            ("tags", "_SENTENCE_BREAK_RE", "'a. ' * (n // 3)"),
            ("chains", "_TEXT_LABEL_RE", "'\\\\text{a ' * (n // 8)"),
            ("markers", "_RESTATING_ASIDE_RE", "'(i.e. ' * (n // 6)"),
            ("cleanup", "_PUSHBACK_RE", "'wrong ' * (n // 6)"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "gold", "want"),
    [
        # notations of set 117's keys and answers: superscript letters as exponents, GitLab's inline maths in
        # backticks, an end-of-proof mark, a function's value set upright, every real before the condition
        ("\\boxed{a(rⁿ - 1)/(r − 1)}", "a(1 − rⁿ)/(1 − r)", 1.0),
        ("\\boxed{a(rⁿ - 1)/(r − 1)}", "a(1 − r^{n+1})/(1 − r)", 0.0),
        ("\\boxed{2ⁿ⁻¹}", "2^{n-1}", 1.0),
        ("Hence the range of $f$ is\n$`[-1, 1]`.", "-1 \\leq y \\leq 1", 1.0),
        ("Hence the range of $f$ is\n$`[-1, 2]`$.", "-1 \\leq y \\leq 1", 0.0),
        ("So $`{R_{fg} = [0, 4). \\; \\blacksquare}`", "[0, 4)", 1.0),
        ("\\boxed{5 \\qed}", "5", 1.0),
        ("\\boxed{\\frac{x - \\sin x \\cos x}{2} + C}", "\\frac{1}{2} \\mathrm{x} - \\frac{1}{4} \\mathrm{sin(2x)+C}", 1.0),
        ("\\boxed{\\frac{x + \\sin x \\cos x}{2} + C}", "\\frac{1}{2} \\mathrm{x} - \\frac{1}{4} \\mathrm{sin(2x)+C}", 0.0),
        ("\\boxed{5 \\mathrm{m/s}}", "5 \\text{ m/s}", 1.0),
        ("\\boxed{x \\in \\mathbb{R}, x \\neq 7}", "(-\\infty, 7) \\cup (7, \\infty)", 1.0),
        ("\\boxed{x \\in \\mathbb{R}, x \\neq 6}", "(-\\infty, 7) \\cup (7, \\infty)", 0.0),
        ("\\boxed{x \\in \\mathbb{R} \\mid x > 2}", "(2, \\infty)", 1.0),
        ("\\boxed{x \\in \\mathbb{R}, y = 3}", "(2, \\infty)", 0.0),
    ],
)
def test_set117_notations(completion: str, gold: str, want: float) -> None:
    assert score(completion, gold) == want


def test_stop32_notation_patterns_are_linear() -> None:
    assert_patterns_linear(
        [
            ("cleanup", "_BACKTICK_MATH_RE", "'$`' * (n // 2)"),
            ("normalize", "_UPRIGHT_FUNCTION", "'\\\\mathrm{sin(' * (n // 12)"),
            ("normalize", "_LEADING_WHOLE_LINE", "' ' * n + 'x'"),
            ("normalize", "_SUPERSCRIPT_RUN", "'ⁿ' * n"),
        ]
    )


@pytest.mark.parametrize(
    ("completion", "want"),
    [
        # the fourth red team's first findings: a bound named after the box, a retraction or a guess after it, a
        # comparison before it; a congruence after the box is no second value
        ("\\boxed{5} is an upper bound", 0.0),
        ("$\\boxed{5}$ is only a lower bound.", 0.0),
        ("The answer is \\boxed{5}. Actually no.", 0.0),
        ("The answer is \\boxed{5}. Scratch that.", 0.0),
        ("\\boxed{5} is what I'd guess.", 0.0),
        ("The answer exceeds \\boxed{5}.", 0.0),
        ("\\boxed{5} \\equiv 6", 0.0),
        ("\\boxed{5} \\equiv 2 \\pmod 3", 1.0),
        ("The answer is \\boxed{5}. Actually, no doubt about it.", 1.0),
        ("The answer is \\boxed{5}. No. of apples: 5", 1.0),
        ("The value above is \\boxed{5}.", 1.0),
    ],
)
def test_bounds_guesses_and_congruences_after_a_box(completion: str, want: float) -> None:
    assert score(completion) == want
