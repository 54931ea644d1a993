"""Red-team pass 4: attacks on the sandbox and the ``python_tests`` verifier not covered by
``test_sandbox.py``, ``test_sandbox_hardening.py``, ``test_sandbox_nonroot.py`` or
``test_code_verifier.py``.

Each test asserts the SAFE outcome (no pass, no masked status, host intact, trusted side within
its budget): a failing test here demonstrates a hole. Runs as root, like ``test_sandbox.py``,
whose fixtures and helpers it uses.
"""

from __future__ import annotations

import os
import threading
import time

import pytest
from test_sandbox import FAST, assert_host_intact, make_host
from verigrpo.sandboxes.execute import Candidate, Limits, run_program
from verigrpo.sandboxes.forkserver import SandboxConfig, get_server
from verigrpo.sandboxes.harness import outputs_match, run_assert_tests
from verigrpo.verifiers.code import extract_code, python_tests
from verigrpo.verifiers.types import Status


@pytest.fixture(scope="module")
def host():
    """Canaries, a listener on 127.0.0.1 and a secret env var (see test_sandbox.py)."""
    yield from make_host()


def _with_watchdog(fn, seconds: float):
    """Run ``fn()`` in a thread; (result, elapsed) or (None, elapsed) if it is still running after
    ``seconds`` (the thread is left to the fork server's kill, see the callers)."""
    box: dict = {}

    def run() -> None:
        try:
            box["result"] = fn()
        except BaseException as e:  # noqa: BLE001
            box["result"] = e

    t0 = time.monotonic()
    th = threading.Thread(target=run, daemon=True)
    th.start()
    th.join(seconds)
    return box.get("result"), time.monotonic() - t0, th


# ------------------------------------------------------------------ stdio: control-channel keepalive

KEEPALIVE = """
import os, struct, time
os.close(1)   # stdout and stderr closed: the parent stops pumping and reads the control socket
os.close(2)
msg = b'{}'    # a well-formed, empty message; any key but "done"/"load_error" would do
while True:
    os.write(3, struct.pack('>I', len(msg)) + msg)
    time.sleep(0.1)   # sleeping: no CPU time, so RLIMIT_CPU never fires
"""


def test_stdio_program_cannot_hold_the_parent_past_its_deadline_with_control_messages(host):
    """``_collect_control`` reads the control socket with ``max(deadline, now + 0.5)`` on EVERY
    message: a program that closes stdout/stderr and then writes a (valid, ignored) frame to fd 3
    every 0.1 s keeps the trusted side in that loop forever. In the verifier that is the pool's
    hard timeout: status ``timeout``, masked by the trainer instead of penalised, and a stalled
    worker (``verigrpo verify`` without a pool hangs for good)."""
    server = get_server(SandboxConfig(tmpfs_mb=41))  # its own: closed by the watchdog if need be
    limits = Limits(wall_s=2.0, call_s=2.0, cpu_s=2.0, memory_mb=512)
    result, elapsed, th = _with_watchdog(lambda: run_program(KEEPALIVE, "", limits, server=server), 8.0)
    if th.is_alive():  # closing the server kills the child: the parent's loop reads EOF and ends
        server.close()
        th.join(10)
    try:
        assert result is not None and elapsed < limits.wall_s + 3.0, f"the parent was held {elapsed:.1f}s+"
        assert result.timed_out and not result.ok, result
        assert_host_intact(host, server)
    finally:
        server.close()


def test_stdio_control_keepalive_is_a_time_limit_not_a_masked_pool_timeout():
    """The same program through the scoring pool, as the trainer and ``verigrpo verify`` run it:
    the row's own time limit (1 s) must give ``time_limit`` (reward 0), not the pool's hard
    ``timeout`` (``is_infra``: masked, out of the loss)."""
    from verigrpo.verifiers import ScoringPool

    ref = {"inputs": ["1\n"], "outputs": ["2\n"], "limits": {"timeout": 1}}
    with ScoringPool("python_tests", workers=1, timeout=1.0) as pool:  # item timeout: 1 + 2 + 3 s
        (r,) = pool.score([f"```python\n{KEEPALIVE}\n```"], [{"reference": ref}])
    assert r.status is Status.TIME_LIMIT and not r.status.is_infra, (r.status, r.info)


# ------------------------------------------------------- tmpfs extended attributes: memory, and OOM

XATTRS = """
import os
def f(n):
    open("x", "w").close()
    value = b"v" * 65536
    for i in range(n):
        try:
            os.setxattr("x", "user.k%d" % i, value)  # kernel memory (kmalloc), not tmpfs blocks
        except OSError as e:
            return [i, e.errno]
    return [n, 0]
"""


def test_extended_attributes_do_not_escape_the_temp_dirs_size_limit(host):
    """The private temp dir is a tmpfs of ``tmpfs_mb`` ("a disk quota"). Since Linux 6.6 tmpfs
    takes ``user.*`` extended attributes, and their values (64 KiB each, kmalloc'd: 128 KiB of
    kernel memory apiece) count against the tmpfs's inode space (~1 KiB x nr_inodes, i.e. about
    half of the host's RAM), not its size: one file can hold gigabytes (measured: 500 MB of
    kernel memory in 0.4 s). setxattr is refused by seccomp only for a candidate that keeps the
    host's uid (``_OWNER_ONLY``). Where no memory group caps the server (a normal user, or a
    cgroup v2 host where none can be made) that is host kernel memory outside every limit."""
    server = get_server(SandboxConfig(tmpfs_mb=16))
    with Candidate(XATTRS, Limits(wall_s=6, call_s=4), server=server) as c:
        done, err = c.call("f", (512,))  # 32 MiB of values, 64 MiB of kernel memory, in a 16 MiB tmpfs
    try:
        assert done * 64 <= 16 * 1024, f"{done} xattrs of 64 KiB held in a 16 MiB temp dir (errno {err})"
        assert_host_intact(host, server)
    finally:
        server.close()


OOM_WARM = """
import os
def f(x):
    if os.fork() == 0:  # a sacrificial writer: the biggest process, so the OOM killer takes it first
        open("x", "w").close()
        value = b"v" * 65536
        i = 0
        while True:  # the values stay on the file after the writer dies: memory of no process's RSS
            try:
                os.setxattr("x", "user.k%d" % i, value)
            except OSError:
                break
            i += 1
        os._exit(0)
    if os.fork() == 0:  # then a small process pushes the group over its cap
        os.execv("/bin/sh", ["sh", "-c", "sleep 0.5; head -c 60000000 /dev/zero > y; sleep 30"])
    os.execv("/bin/sleep", ["sleep", "30"])  # pid 1 becomes small too: the warm children are the biggest
"""


def test_a_candidate_cannot_get_warm_children_killed_and_handed_out(host):
    """All children of a fork server share its memory group (``memcg``). Memory that is charged
    to the group but mapped by no process (tmpfs xattrs or files) makes the OOM killer pick the
    biggest process of the group: with the candidate's own processes exec'd small (sleep, sh),
    that is the warm children, which wait there as Python interpreters. ``Zygote.reap`` does not
    drop a dead child from ``warm``, so ``handle_request`` hands it out and the parent reads EOF
    before "accepted": ``SandboxError`` ("the child died during setup"), an infra error, which the
    trainer masks. The candidate's own row gets it on the restart after its call times out (so
    a wrong answer is masked instead of penalised), and so do the next rows of the same worker.
    Shown with a small cap to keep the test light; the default 2 GiB fills in ~2 s of xattrs."""
    server = get_server(SandboxConfig(memory_cap_mb=256))
    try:
        tests = "assert f(1) == 1\nassert f(2) == 2\nassert f(3) == 3"
        rep = run_assert_tests(OOM_WARM, tests, Limits(wall_s=8, call_s=2.5, cpu_s=5), server=server)
        later = [
            run_assert_tests("def g(x): return x", "assert g(1) == 1", FAST, server=server) for _ in range(3)
        ]
        assert rep.infra_error is None and not rep.all_passed, rep
        assert [r.infra_error for r in later] == [None] * 3 and all(r.all_passed for r in later), later
        assert_host_intact(host, server)
    finally:
        server.close()


# ------------------------------------------------------------------------ stdio: token comparison


@pytest.mark.parametrize(
    "got, expected",
    [
        ("1000000008", "1000000007"),  # an off-by-one modular answer: relative error 1e-9
        ("123456789012", "123456789013"),
        ("1_000", "1000"),  # float() takes digit separators: not what a judge prints or accepts
        ("3 1.0000001", "4 1.0"),  # control: the integer token differs by 1 (abs_tol only helps floats)
    ],
)
def test_float_tolerance_does_not_accept_wrong_integers(got, expected):
    """With ``float_tol`` (a verifier option for tasks with real-valued answers) every token that
    parses as a float is compared with ``math.isclose(rel_tol=float_tol, abs_tol=float_tol)``,
    integers included: a wrong large integer (a sum, a count, an answer modulo 1e9+7) within a
    relative 1e-6 of the expected one passes, and so does ``1_000`` for ``1000``."""
    assert not outputs_match(got, expected, float_tol=1e-6)


def test_float_tolerance_wrong_integer_is_not_correct_through_the_verifier(host):
    ref = {"inputs": ["5\n"], "outputs": ["1000000007\n"]}
    r = python_tests("```python\nprint(10**9 + 8)\n```", {"reference": ref}, float_tol=1e-6, timeout=3.0)
    assert r.status is not Status.CORRECT, r.info


# ------------------------------------------------------------------------------- code extraction


def test_extracting_the_code_is_linear_in_the_completion():
    """``_FENCE`` (``[^\\n]*\\n`` after each opening fence) backtracks over the rest of the line
    at every "```": a completion of backticks without a newline costs quadratic time in the
    trusted verifier, outside every sandbox limit (measured: 30k chars 0.74 s, ~100k chars ~8 s,
    past the pool's item timeout: status ``timeout``, masked)."""
    text = "```" * 15_000  # 45k characters
    t0 = time.perf_counter()
    extract_code(text)
    extract_code("```python\n" + "x = 1\n" + "``" + "`" * 30_000)
    assert time.perf_counter() - t0 < 0.5


# ------------------------------------------------------------ trusted CPU per message, not per byte

FRAME_FLOOD = """
import os, struct
m = b'{"id":-1}'  # a well-formed reply to no pending call: the parent decodes it, then ignores it
chunk = (struct.pack(">I", len(m)) + m) * (1 << 16)
def f(x):
    sent = 0
    while sent < (15 << 20):  # inside the 16 MiB reply budget
        sent += os.write(3, chunk)
    return x
"""


def test_tiny_frames_cost_the_trusted_side_little_more_than_one_big_reply(host):
    """``reply_bytes`` bounds what the child sends in bytes, but the parent's cost is per frame:
    each 13-byte ``{"id":-1}`` is decoded (``decode_frame``) and dropped as "stale or forged
    noise" by ``_read_until`` (``continue``). 15 MiB of them cost the trusted process ~3.7 s of
    CPU (one 15 MiB reply: 0.08 s), while the candidate only copies a prebuilt buffer; in stdio
    mode (``_collect_control``, no byte cap at all) the same flood runs to the deadline."""
    import resource

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    before = cpu()
    rep = run_assert_tests(FRAME_FLOOD, "assert f(1) == 1", Limits(wall_s=6, call_s=5))
    spent = cpu() - before
    assert spent < 1.0, f"the trusted side spent {spent:.2f}s of CPU on {rep.tests}"
    assert_host_intact(host)


# ----------------------------------------------------- kernel objects that could outlive the sandbox

INFLIGHT_CYCLE = """
import array, os, socket
def f(n):
    fd = os.open("x", os.O_RDWR | os.O_CREAT)
    value = b"v" * 65536
    for i in range(n):  # file data (extended attributes are refused: see the test above)
        os.write(fd, value)
    a, b = socket.socketpair()
    # the message in b's queue holds b itself and the file: a cycle only the unix GC frees,
    # and the file holds the tmpfs (and its data) after the mount namespace is gone
    a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd, b.fileno()]))])
    return n
"""


def test_an_in_flight_descriptor_cycle_does_not_keep_the_temp_dir_alive(host):
    """Kernels since 6.10 run the unix socket GC only past thousands of descriptors in flight:
    a socket that holds itself (and a file of the temp dir) in its own queue could keep the
    tmpfs, and memory charged to the server's group, after the execution. Blocked here: the
    group's usage is back to its level before the execution."""
    server = get_server(SandboxConfig(tmpfs_mb=46))
    assert server.memcg is not None, "this test needs the memcg layer (root, as CI runs)"
    usage = os.path.join(server.memcg, "memory.usage_in_bytes")  # cgroup v1
    if not os.path.exists(usage):
        usage = os.path.join(server.memcg, "memory.current")  # cgroup v2
    try:
        with Candidate("def ok(): return 1", FAST, server=server) as c:
            assert c.call("ok") == 1
        time.sleep(0.5)
        before = int(open(usage).read())
        for _ in range(2):
            with Candidate(INFLIGHT_CYCLE, FAST, server=server) as c:
                assert c.call("f", (240,)) == 240  # 15 MiB of tmpfs pages (RLIMIT_FSIZE: 16 MiB)
        time.sleep(1.0)
        assert int(open(usage).read()) - before < 16 << 20
        assert_host_intact(host, server)
    finally:
        server.close()
