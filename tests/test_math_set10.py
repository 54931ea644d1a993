"""Classes found by the tenth external set (benchmarks/data/external_pairs_10.jsonl: latex2sympy, MARIO_EVAL,
sympy's parsing tests, lambda-feedback's compareExpressions) at its first run, each fixed by a general rule."""

from __future__ import annotations

import pytest
from math_pairs import assert_judged


@pytest.mark.parametrize(
    ("answer", "reference", "equal"),
    [
        # named functions a CAS writes are applications where a "(" follows, never products of their letters
        ("gamma(5)", "24", True),
        ("gamma(5)", "5\\gamma", False),
        ("\\Gamma(5)", "4!", True),
        ("zeta(2)", "\\frac{\\pi^2}{6}", True),
        ("beta(2,3)", "\\frac{1}{12}", True),
        ("beta(1,x)", "\\frac{1}{x}", True),
        ("beta(1,x)", "\\frac{1}{x+1}", False),
        ("re(1+2*I)", "1", True),
        ("im(1+2*I)", "2", True),
        ("\\operatorname{Re}(3+4i)", "3", True),
        ("conjugate(2-I)", "2+I", True),
        ("conjugate(2-I)", "2-I", False),
        ("gamma(2000)", "1999!", False),  # past the factorial limit: unparsable, never a huge number
        ("2\\gamma", "2 gamma", True),  # the letter where no "(" follows
        # plain text's I is the imaginary unit (sympy, Mathematica); complex exponentials compare as such
        ("e^(Ix)", "cos(x)+I*sin(x)", True),
        ("e^(Ix)+e^(-Ix)", "2cos(x)", True),
        ("e^(Ix)", "cos(x)-I*sin(x)", False),
        ("I = 5", "5", True),  # still a label
        # a \bmod b is the residue, bound like a product
        ("128\\mod 3", "2", True),
        ("-1 \\bmod 2", "1", True),
        ("\\frac12 \\mod 3", "\\frac12", True),
        ("128 mod 3", "2", True),
        ("6 \\bmod 3", "3", False),
        ("2 + 7 \\bmod 3", "3", True),
        ("5 \\bmod 0", "5", False),
        # \mleft / \mright are \left / \right
        ("\\operatorname{artanh}\\mleft(0\\mright)", "0", True),
        # derivatives: \frac{d}{dx} is worked out; y', dy/dx and \frac{dy}{dx} are one label
        ("\\frac{d}{dx} [ \\tan x ]", "\\sec^2 x", True),
        ("\\frac{d}{dx}(x^3)", "3x^2", True),
        ("\\frac{d}{dx} x^2 + 1", "2x + 1", True),
        ("\\frac{d^2}{dx^2}\\sin x", "-\\sin x", True),
        ("\\frac{d}{dx} x^2", "x^2", False),
        ("\\frac{d}{dx}", "1", False),
        ("\\frac{dy}{dx} = 2x", "2x", True),
        ("y' = 2x", "2x", True),
        ("dy/dx = 2x", "\\frac{dy}{dx} = 2x", True),
        ("y' = 2x", "y = 2x", False),
        ("\\frac{d^2y}{dx^2} = 0", "y' = 0", False),
        # a product with a symbolic bound of c k is a factorial
        ("\\prod_{k=1}^{n} k", "n!", True),
        ("\\prod_{k=1}^{n} 2k", "2^n n!", True),
        ("\\prod_{k=1}^{n} k", "(n+1)!", False),
        # a number after a factorial or after a power of a number starts a new factor
        ("5!7!", "604800", True),
        ("2^6 3^5 5^4", "9720000", True),
        ("2^{6}3^{5}", "15552", True),
        ("2^6 3^5 5^4", "9720001", False),
        ("2 3", "6", False),  # as before: two numbers side by side are not a product
        ("x^2 3", "3x^2", False),
    ],
)
def test_set10_classes(answer: str, reference: str, equal: bool) -> None:
    assert_judged(answer, reference, equal)
