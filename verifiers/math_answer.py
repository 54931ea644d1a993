"""Old import path of the ``math`` verifier, now the package :mod:`verifiers.math` (one module per stage).

Kept so that ``verifiers.math_answer.math_answer``, ``extract_answer``, ``answers_equivalent`` and the other
public names still import from here; new code imports from :mod:`verifiers.math`.
"""

from verigrpo.verifiers.math import (
    DECIMAL_REL_TOL,
    EXACT_REL_TOL,
    MAX_ANSWER_CHARS,
    MAX_COMPLETION_CHARS,
    SYMBOLIC_REL_TOL,
    Extraction,
    answers_equivalent,
    check_reference,
    expressions_equal,
    extract_answer,
    extract_reference,
    math_answer,
    nodes_equal,
    parse_math,
    read_reference,
)

__all__ = [
    "DECIMAL_REL_TOL",
    "EXACT_REL_TOL",
    "MAX_ANSWER_CHARS",
    "MAX_COMPLETION_CHARS",
    "SYMBOLIC_REL_TOL",
    "Extraction",
    "answers_equivalent",
    "check_reference",
    "expressions_equal",
    "extract_answer",
    "extract_reference",
    "math_answer",
    "nodes_equal",
    "parse_math",
    "read_reference",
]
