"""Old import path of the ``math`` verifier's parser, now in the package :mod:`verifiers.math`
(:mod:`~verifiers.math.normalize`, :mod:`~verifiers.math.lex`, :mod:`~verifiers.math.expr`,
:mod:`~verifiers.math.grammar`, :mod:`~verifiers.math.parse`). Kept so that the public names still import
from here; new code imports from :mod:`verifiers.math`.
"""

from verigrpo.verifiers.math.guards import make_binomial, make_factorial, make_func, make_pow
from verigrpo.verifiers.math.lex import (
    FUNCS,
    GREEK,
    MULTI_FUNCS,
    REL_CMDS,
    TEXT_CMDS,
    UNIT_ALIASES,
    Tok,
    canonical_unit,
    tokenize,
)
from verigrpo.verifiers.math.nodes import (
    MAX_ANSWER_CHARS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_EXPONENT,
    MAX_FACTORIAL,
    MAX_RESULT_DIGITS,
    MAX_ROOT_DEGREE,
    MAX_TOKENS,
    PM,
    Answers,
    Bracket,
    Choice,
    Expr,
    Matrix,
    Node,
    ParseError,
    Relation,
    Text,
    Union,
    remove_points,
)
from verigrpo.verifiers.math.normalize import normalize, strip_math_delimiters
from verigrpo.verifiers.math.parse import parse_answer, parse_math

__all__ = [
    "FUNCS", "GREEK", "MAX_ANSWER_CHARS", "MAX_DEPTH", "MAX_DIGITS", "MAX_EXPONENT", "MAX_FACTORIAL",
    "MAX_RESULT_DIGITS", "MAX_ROOT_DEGREE", "MAX_TOKENS", "MULTI_FUNCS", "PM", "REL_CMDS", "TEXT_CMDS", "UNIT_ALIASES", "Answers",
    "Bracket", "Choice", "Expr", "Matrix", "Node", "ParseError", "Relation", "Text", "Tok", "Union",
    "canonical_unit", "make_binomial", "make_factorial", "make_func", "make_pow", "normalize", "parse_answer",
    "parse_math", "remove_points", "strip_math_delimiters", "tokenize",
]  # fmt: skip
