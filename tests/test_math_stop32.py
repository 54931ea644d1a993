"""What stop 32 refuses, from the open findings of the last black-box red team (notes/redteam32_findings.jsonl): a
box restated in words as another value, a box pointed at as wrong or struck through, a box that is one branch of a
``cases`` environment or one item of a list of values, an answer sentence in another word order after the box, a
missed case owned up to after it, "wrong" in more languages. Each refused case was paid at the commit before this
stop; the cases beside them, which still pay, bound each rule."""

from __future__ import annotations

import pytest
from linear_time import assert_patterns_linear
from verigrpo.verifiers.math import math_answer


def _raw(completion: str, gold: str = "5") -> float:
    return math_answer(completion, {"reference": gold}).outcome


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
    assert _raw(completion) == want


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
    assert _raw(completion) == want


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
            ("revisions", "_ITEM_LEAD_RE", "'- ' * (n // 2)"),
            ("revisions", "_ITEM_VALUE_RE", "'v1: ' * (n // 4)"),
            ("revisions", "_CASES_BEGIN_RE", "'\\\\begin{' * (n // 7)"),
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
    assert _raw(completion) == want
