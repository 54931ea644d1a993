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

import os
import subprocess
import sys
import textwrap

import pytest

from sandboxes import _child
from sandboxes.execute import Candidate, Limits
from sandboxes.forkserver import SandboxConfig, SandboxUnavailable, capabilities, get_server
from sandboxes.harness import run_assert_tests
from verifiers import Status
from verifiers.code import python_tests

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIM = Limits(wall_s=5, call_s=3, cpu_s=3, memory_mb=512, nproc=64)
BOMB_LIM = Limits(wall_s=0.5, call_s=0.5, cpu_s=1, memory_mb=512, nproc=64)

BOMB = """
import os
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
    assert all(_child.UID_BASE <= u < _child.UID_BASE + _child.UID_BLOCK * _child.UID_BLOCKS for u in uids)
    assert max(uids) - min(uids) < _child.UID_BLOCK


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
    from verifiers.code import python_tests
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
