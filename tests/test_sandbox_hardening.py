"""Red-team pass: attacks on the sandbox not covered by ``test_sandbox.py`` (tier c).

Runs as root (CI too), like ``test_sandbox.py``, whose fixtures and helpers it uses: every test
that runs a candidate checks that no pass is reported and that the host is intact afterwards.
Covered here: a file's times and reads as a channel from one execution to the next, what
world-writable places keep without Landlock, core dumps of programs a candidate execs (the
host's crash handler), real-time scheduling where the host's limits allow it, socketpair of
other address families, the kernel's debugging interfaces, inotify watches on the host's
directories, a candidate that stops reading its socket while the parent sends, and replies or
messages that cost the trusted side more than their size (padding the parent would keep,
checks slower than decoding).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import threading
import uuid
from pathlib import Path

import pytest
from test_sandbox import FAST, assert_host_intact, make_host, run_call
from verigrpo.sandboxes import forkserver as sandbox_forkserver
from verigrpo.sandboxes import protocol
from verigrpo.sandboxes.execute import Candidate, CandidateCrashed, CandidateTimeout, Limits
from verigrpo.sandboxes.forkserver import SandboxConfig, get_server
from verigrpo.sandboxes.harness import run_assert_tests
from verigrpo.sandboxes.seccomp import _ARCH, _SYSCALLS

NR = dict(zip(_SYSCALLS, _ARCH.get(os.uname().machine, (0, ()))[1]))


@pytest.fixture(scope="module")
def host():
    """Canaries, a listener on 127.0.0.1 and a secret env var (see test_sandbox.py)."""
    yield from make_host()


NO_MOUNTNS = SandboxConfig(disable=frozenset({"mountns"}))
NO_LANDLOCK = SandboxConfig(disable=frozenset({"landlock"}))

TOUCH = """
import os
def f(paths):
    out = []
    for path in paths:
        try:
            os.utime(path)  # "now": needs only write permission, which Landlock does not check here
            out.append("done")
        except OSError as e:
            out.append(e.errno)
    open("own", "w").close()
    try:
        os.utime("own", (1, 1))  # with a read-only mount namespace its own files stay its own
        return out + [os.stat("own").st_mtime]
    except OSError as e:
        return out + [e.errno]
"""


def _times(paths: list[str]) -> list[tuple[int, int]]:
    return [(os.stat(p).st_atime_ns, os.stat(p).st_mtime_ns) for p in paths]


def test_file_times_carry_nothing_from_one_execution_to_the_next(host):
    """Landlock does not cover utimensat: a candidate could set the mtime of the host's
    /dev/null (or of any world-writable file or dir) to "now" at a moment of its choosing, and
    the next execution read it back with stat(): a channel between executions (one bit is a
    boolean answer) that also changes the host's files. The fork server's mount namespace is
    read-only (EROFS); where it has none, seccomp refuses the calls (EPERM)."""
    paths = ["/dev/null", host["open_canary"], host["dir"]]
    before = _times(paths)
    assert run_call(TOUCH, "f", paths) == ("ok", [30, 30, 30, 1.0])
    assert run_call(TOUCH, "f", paths, config=NO_MOUNTNS) == ("ok", [1, 1, 1, 1])  # its own files too
    get_server(NO_MOUNTNS).close()  # its warm children count against the shared RLIMIT_NPROC
    assert _times(paths) == before
    assert_host_intact(host)


def test_reads_leave_no_trace_in_a_files_access_time(host):
    """With relatime, the first read of a file whose atime is older than its mtime (or a day
    old) updates it: which files one execution read, the next could see. Shown without
    Landlock, so that the dropped uid may read a world-readable file of the host's."""
    os.utime(host["canary"], ns=(10**18, os.stat(host["canary"]).st_mtime_ns))  # atime 2001
    before = _times([host["canary"]])
    code = "def f(path):\n    return open(path).read()"
    assert run_call(code, "f", host["canary"], config=NO_LANDLOCK) == ("ok", "untouched")
    assert _times([host["canary"]]) == before
    assert_host_intact(host, get_server(NO_LANDLOCK))
    get_server(NO_LANDLOCK).close()  # its warm children count against the shared RLIMIT_NPROC


def test_world_writable_places_keep_nothing_without_landlock(host):
    """Without Landlock the dropped uid may write wherever the world may: /tmp, /var/tmp,
    /dev/shm. What one execution leaves there the next one reads (an answer another sample
    computed), and the host's disk or memory fills. The mount namespace is read-only."""
    name = f"vg-hardening-{uuid.uuid4().hex[:8]}"
    paths = [os.path.join(d, name) for d in ("/tmp", "/var/tmp", "/dev/shm") if os.path.isdir(d)]
    writer = "def f(paths):\n    out = []\n    for p in paths:\n        try:\n            open(p, 'w').write('42')\n            out.append('done')\n        except OSError as e:\n            out.append(e.errno)\n    return out"
    reader = "import os\ndef f(paths):\n    return [os.path.exists(p) for p in paths]"
    try:
        assert run_call(writer, "f", paths, config=NO_LANDLOCK) == ("ok", [30] * len(paths))  # EROFS
        assert run_call(reader, "f", paths, config=NO_LANDLOCK) == ("ok", [False] * len(paths))
        assert not any(os.path.exists(p) for p in paths)
    finally:
        for p in paths:
            if os.path.exists(p):
                os.unlink(p)
    assert_host_intact(host, get_server(NO_LANDLOCK))
    get_server(NO_LANDLOCK).close()


CORE = """
import os, resource
PROBE = "import ctypes, resource\\ntry:\\n    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))\\n    done = 'lowered'\\nexcept (OSError, ValueError):\\n    done = 'refused'\\nprint(ctypes.CDLL(None).prctl(3, 0, 0, 0, 0), resource.getrlimit(resource.RLIMIT_CORE), done)"
def execd(argv):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.dup2(w, 1)
        os.execv(argv[0], argv)
    os.close(w)
    out = b""
    while True:
        chunk = os.read(r, 4096)
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    return out.decode().split()
def f(python):
    out = [resource.getrlimit(resource.RLIMIT_CORE)]
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        out.append("lowered")
    except (OSError, ValueError):
        out.append("refused")
    return out + (execd([python, "-c", PROBE]) if python else [])
"""


def test_no_core_dumps_even_from_programs_the_candidate_execs(host):
    """A program the candidate execs is dumpable again (the uid drop made the candidate itself
    non-dumpable). With a pipe in core_pattern (apport, systemd-coredump) the kernel ignores
    RLIMIT_CORE 0 and runs the host's crash handler as root, outside every namespace, for each
    crash: RLIMIT_CORE is 1 (no dump, pipe or file) and cannot be changed."""
    python = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else ""
    kind, out = run_call(CORE, "f", python)
    assert kind == "ok", out
    assert out[:2] == [[1, 1], "refused"] or out[:2] == [(1, 1), "refused"], out
    if python:  # dumpable (1), yet the same limit, and it cannot lower it either
        assert out[2:] == ["1", "(1,", "1)", "refused"], out
    assert_host_intact(host)


def test_no_real_time_scheduling_even_where_the_host_allows_it(host):
    """A host may allow real-time priorities (limits.conf, a container's --ulimit rtprio): a
    candidate looping at SCHED_FIFO starves every process of the host. The fork server drops
    RLIMIT_RTPRIO and RLIMIT_NICE to 0 for every child."""
    saved = {r: resource.getrlimit(r) for r in (resource.RLIMIT_RTPRIO, resource.RLIMIT_NICE)}
    cfg = SandboxConfig(tmpfs_mb=37)  # a server of its own, started under the raised limits
    try:
        try:  # raising them needs CAP_SYS_RESOURCE; where it is missing, the host's own (lower) limits
            resource.setrlimit(resource.RLIMIT_RTPRIO, (50, 50))
            resource.setrlimit(resource.RLIMIT_NICE, (30, 30))
        except (OSError, ValueError):
            pass
        server = get_server(cfg)
    finally:
        for r, value in saved.items():
            resource.setrlimit(r, value)
    code = """
import os, resource
def f():
    out = [resource.getrlimit(resource.RLIMIT_RTPRIO), resource.getrlimit(resource.RLIMIT_NICE)]
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))  # never loop at it here
        out.append("fifo")
    except OSError as e:
        out.append(e.errno)
    try:
        os.setpriority(os.PRIO_PROCESS, 0, -5)
        out.append("nice")
    except OSError as e:
        out.append(e.errno)
    return out
"""
    with Candidate(code, FAST, server=server) as c:
        out = c.call("f")
    assert [list(x) for x in out[:2]] == [[0, 0], [0, 0]] and out[2] == 1 and out[3] == 13, out
    assert_host_intact(host, server)
    server.close()


def test_socketpair_makes_unix_sockets_only(host):
    """socketpair() creates a socket of the family asked for before it fails for any family but
    AF_UNIX: an inet, netlink or packet socket (a kernel surface), or one whose module the
    kernel loads on demand (TIPC, RDS...) into the host's kernel. Seccomp refuses the family."""
    code = """
import socket
def f():
    out = []
    for fam in (socket.AF_INET, socket.AF_INET6, 16, 17, 21, 30, 38, 40):  # netlink packet rds tipc alg vsock
        for kind in (socket.SOCK_STREAM, socket.SOCK_SEQPACKET):
            try:
                socket.socketpair(fam, kind)
                out.append("made")
            except OSError as e:
                out.append(e.errno)
    a, b = socket.socketpair()
    return out, a.family == socket.AF_UNIX
"""
    assert run_call(code) == ("ok", ([13] * 16, True))  # EACCES
    assert_host_intact(host)


@pytest.mark.skipif(os.uname().machine not in ("x86_64", "aarch64"), reason="syscall numbers")
def test_kernel_debugging_interfaces_are_refused(host):
    """io_uring (whose requests no seccomp filter sees), userfaultfd, perf_event_open, bpf,
    ptrace and process_vm_readv: refused even on the candidate's own child."""
    code = f"""
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
def call(*args):
    return libc.syscall(*args), ctypes.get_errno()
def f():
    pid = os.fork()
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    buf = ctypes.create_string_buffer(256)
    iov = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 8)
    out = [call({NR["io_uring_setup"]}, 8, buf), call({NR["userfaultfd"]}, 0),
           call({NR["perf_event_open"]}, buf, 0, -1, -1, 0), call({NR["bpf"]}, 0, buf, 128),
           call({NR["ptrace"]}, 16, pid, 0, 0), call({NR["process_vm_readv"]}, pid, iov, 1, iov, 1, 0)]
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return out
"""
    kind, out = run_call(code)
    assert kind == "ok" and [list(x) for x in out] == [[-1, 1]] * 6, out  # EPERM
    assert_host_intact(host)


FANOTIFY_INIT = {"x86_64": 300, "aarch64": 262}.get(os.uname().machine, -1)


def test_no_watching_the_hosts_directories(host):
    """Landlock does not check inotify or fanotify marks: a watch on any directory the dropped
    uid may read (/tmp here; the dataset's, the run's output) reports, file by file, what the
    host creates, opens and reads there, while the candidate runs. Seccomp refuses them."""
    code = f"""
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
def f(paths):
    fd = libc.inotify_init1(0)
    out = [[libc.inotify_add_watch(fd, p.encode(), 0xFFF), ctypes.get_errno()] for p in paths]
    out.append([libc.syscall({FANOTIFY_INIT}, 0x200, 0), ctypes.get_errno()])  # FAN_REPORT_FID: unprivileged
    return out
"""
    kind, out = run_call(code, "f", ["/tmp", host["dir"], "."])
    assert kind == "ok" and [list(x) for x in out] == [[-1, 1]] * 4, out  # EPERM, its own dir too
    assert_host_intact(host)


@pytest.mark.skipif(os.geteuid() != 0, reason="a socket buffer beyond the system's maximum needs root")
def test_the_parent_never_waits_for_a_candidate_that_stops_reading(host):
    """The parent sends each call's arguments with a blocking send, outside any deadline: a
    candidate that stops reading its socket (and sleeps, using no CPU time) would hold the
    parent in send() for good once an argument exceeds the socket's buffer. The buffer of the
    parent's end holds a whole message, so the call just times out. (A watchdog kills the
    child after a while, so that a regression fails instead of hanging.)"""
    code = (
        "import sys, time\nsys.modules['sandboxes.child']._serve = lambda ns, rpc: time.sleep(1000)\n"
        "def f(x): return len(x)"
    )
    with Candidate(code, Limits(wall_s=4, call_s=1, cpu_s=2)) as c:
        assert c.load_error is None
        watchdog = threading.Timer(20, lambda: c._child and c._child.kill())
        watchdog.start()
        try:
            with pytest.raises(CandidateTimeout):
                c.call("f", (list(range(400_000)),))  # ~3 MB of arguments
        finally:
            watchdog.cancel()
    assert_host_intact(host)


PADDED = """
import json, os, struct, sys
def _answer(ns, rpc, req):  # answers every call itself, each padded with nested lists
    b = json.dumps({"id": req["id"], "ok": "4", "pad": [[]] * 10000}).encode()
    os.write(3, struct.pack(">I", len(b)) + b)
sys.modules["sandboxes.child"]._answer = _answer
def f(x): return x * x
"""


def test_replies_padded_for_the_parent_to_keep_fail_the_call(host):
    """The parent keeps the answers to queued (prefetched) calls until the tests ask for them;
    a message padded with nested containers (each 2-byte ``[]`` a 56-byte list there) or with
    keys nobody reads is malformed, and fails its call rather than being kept."""
    rep = run_assert_tests(PADDED, "assert f(2) == 4\nassert f(3) == 9\nassert f(4) == 16", FAST)
    assert rep.load_error is None and rep.passed == 0
    assert all(t.kind == "crash" and "malformed" in t.error for t in rep.tests), rep.tests
    with Candidate(PADDED, FAST, prefetch=[("f", (2,), {}), ("f", (3,), {})]) as c:
        with pytest.raises(CandidateCrashed, match="malformed"):
            c.call("f", (3,))  # reads the padded answer to f(2) first
        assert not c._cache
    assert_host_intact(host)


def test_messages_from_the_child_have_the_protocols_shape():
    ok = [
        {"layers": ["netns"]},
        {"accepted": True},
        {"ready": ["f", "g"]},
        {"id": 3, "ok": "[1]"},
        {"id": 3, "err": {"type": "ValueError", "msg": "x"}},
        {"load_error": {"type": "SyntaxError", "msg": "x"}, "syntax": True},
        {"done": 0, "exc": None},
        {"infra": "child setup: ..."},
    ]
    for msg in ok:
        assert protocol.decode_frame(json.dumps(msg)) == msg
    for bad in (
        [1],
        {"id": 3, "ok": "1", "pad": "x"},
        {"id": 3, "ok": [[]]},
        {"id": 3, "err": {"type": "E", "msg": [1]}},
        {"ready": [["f"]]},
    ):
        with pytest.raises(ValueError):
            protocol.decode_frame(json.dumps(bad))


def _line_events(fn, *args) -> int:
    """Python lines run by ``fn(*args)``: work that scales with them is done in Python, not C."""
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        count += event == "line"
        return trace

    sys.settrace(trace)
    try:
        fn(*args)
    finally:
        sys.settrace(None)
    return count


P = 2**61 - 1


@pytest.mark.parametrize(
    "value",
    [
        list(range(200_000)),
        [str(i) for i in range(100_000)],
        [[i] for i in range(100_000)],
        [(i % 7, "x") for i in range(100_000)],
        {i: [i] for i in range(50_000)},
        set(range(100_000)),
        [3**k for k in range(40, 2000)],
    ],
    ids=["ints", "strings", "lists", "tuples", "dict", "set", "big ints"],
)
def test_checking_a_reply_costs_little_more_than_decoding_it(value):
    """The child can send a reply of MAX_MESSAGE bytes for every call at no cost to itself (a
    frame it made once), and the parent decodes and checks it outside any deadline: the checks
    (depth, hash floods) must not be a Python loop over its elements. Counted in Python lines
    run, not in seconds: decoding runs one per tagged value, the checks a few per level."""
    text = protocol.encode_text(value)
    assert protocol.decode_reply(text) == value
    extra = _line_events(protocol.decode_reply, text) - _line_events(protocol.decode, text)
    assert extra < 2000, extra


@pytest.mark.parametrize(
    "value, flood",
    [
        ([k * P for k in range(1, 300)], True),  # all hash to 0
        ([complex(1000003 * k, -k) for k in range(1, 300)], True),  # real + 1000003 * imag: 0
        ([(complex(1000003 * k, -k), "x") for k in range(1, 300)], True),  # tuples of those
        ([frozenset({complex(1000003 * k, -k)}) for k in range(1, 300)], True),
        ([(0, 0)] * 10_000, False),  # one hash value, but equal
        ([(k, -1) for k in range(500)] + [(k, -2) for k in range(500)], False),  # pairs: hash(-1) == hash(-2)
        ([3**k for k in range(40, 400)], False),  # big, distinct hash values
        ([1, "a", 2.5, None, True, (1, 2), 1j] * 1000, False),
    ],
    ids=["big ints", "complex", "tuples", "frozensets", "equal", "pairs", "big distinct", "mixed"],
)
def test_hash_floods_are_refused_and_plain_values_are_not(value, flood):
    text = protocol.encode_text(value) + " " * 4096  # long: lists and tuples are checked too
    if not flood:
        assert protocol.decode_reply(text) == value
        return
    with pytest.raises(ValueError, match="one hash value"):
        protocol.decode_reply(text)
    items = json.loads(text)  # the same elements as a set, and as a dict's keys: refused in any reply
    for tagged in (json.dumps({"s": items}), json.dumps({"d": [[x, 1] for x in items]})):
        with pytest.raises(ValueError, match="one hash value"):
            protocol.decode_reply(tagged)


def test_a_send_to_a_child_that_stops_reading_ends_at_its_deadline():
    """Where the socket's buffer cannot hold a whole message (a normal user cannot raise it past
    the system's maximum), the parent's send gives up at the call's deadline: a timeout of the
    candidate (reward 0), never a hang that the scoring pool would report as its own."""
    import socket
    import time

    from verigrpo.sandboxes.forkserver import ChildHandle

    ours, theirs = socket.socketpair()
    status_a, status_b = socket.socketpair()
    ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    handle = ChildHandle(ours, status_a, {})
    with pytest.raises(TimeoutError):
        handle.send({"id": 1, "fn": "f", "args": "x" * (4 << 20), "kwargs": "{}"}, time.monotonic() + 0.2)
    assert ours.gettimeout() is None  # blocking again: the receiving side relies on it
    for s in (ours, theirs, status_a, status_b):
        s.close()


def test_replies_are_capped_per_execution(host):
    """A candidate whose every answer is megabytes long costs the trusted side time and memory to
    decode and keep, outside the child's limits: past ``reply_bytes`` in one execution the call
    fails as a crash of the candidate (restarts do not renew the budget)."""
    code = "def f(i):\n    return 'x' * 300_000\n"
    tests = "\n".join(f"assert f({i}) == 'x' * 300_000" for i in range(8))
    limits = Limits(wall_s=20, call_s=5, reply_bytes=1 << 20)
    report = run_assert_tests(code, tests, limits)
    kinds = [t.kind for t in report.tests]
    assert report.infra_error is None and not report.all_passed
    k = kinds.index("crash")  # ~1 MiB holds three or four replies of 300 kB, as chunks arrive
    assert 2 <= k <= 4 and kinds[:k] == ["pass"] * k and set(kinds[k:]) == {"crash"}, kinds
    assert any("bytes" in (t.error or "") or "budget" in (t.error or "") for t in report.tests[k:])
    report = run_assert_tests(code, tests, Limits(wall_s=20, call_s=5))  # the default: 16 MiB
    assert report.all_passed
    assert_host_intact(host)


MEMFD = """
import os
def f(_):
    try:
        fd = os.memfd_create("m")
    except PermissionError:
        return "refused"
    os.write(fd, b"x" * (8 << 20))
    return "made"
"""


def test_memfds_are_refused(host):
    """A memfd's pages count against no RLIMIT_AS (they are not mapped): FSIZE each, NOFILE per
    process, NPROC processes, gigabytes of the host's memory where no memory group caps the
    sandbox (a normal user, or a host where none can be made). seccomp refuses memfd_create."""
    assert run_call(MEMFD, "f", 0) == ("ok", "refused")
    assert_host_intact(host)


MEMFD_SECRET = """
import ctypes, os
def f(_):
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.syscall(447, 0)  # memfd_secret (x86_64 and the generic table share the number)
    return "made" if fd >= 0 else os.strerror(ctypes.get_errno())
"""


def test_memfd_secret_is_refused(host):
    """memfd_secret is a memfd too (its pages outside RLIMIT_AS, even outside the kernel's direct map): seccomp
    refuses it with EPERM, not only memfd_create (issue 15, item 6)."""
    assert run_call(MEMFD_SECRET, "f", 0) == ("ok", os.strerror(1))  # EPERM: "Operation not permitted"
    assert_host_intact(host)


TMPFS_BOMB = """
def f(n):
    for i in range(n):  # tmpfs pages, in no process's address space either
        with open(f"fill{i}", "wb") as out:
            out.write(b"x" * (8 << 20))
    return n
"""


def test_memory_outside_the_address_space_limit_is_capped_per_server(host):
    """tmpfs files (and pipe and socket buffers) hold memory that RLIMIT_AS does not count, up to
    ``tmpfs_mb`` per execution for files, on every server at once. With the ``memcg`` layer (a
    memory cgroup, v1 or v2, where the platform lets this process make one) every process of a
    server's sandboxes shares one memory group: past ``memory_cap_mb`` the kernel kills a
    candidate's process inside the group, the host and the next execution go on."""
    probe = sandbox_forkserver._make_memcg(1)  # can this process make a memory group at all?
    if probe is None:
        pytest.fail("no memory cgroup can be made here: run this suite as root (CI does)")
    sandbox_forkserver._remove_memcg(probe[0])
    server = get_server(SandboxConfig(memory_cap_mb=160, tmpfs_mb=512))
    assert "memcg" in server.active_names() and server.memcg is not None
    members = set(open(os.path.join(server.memcg, "cgroup.procs")).read().split())
    assert {str(server.zygote_pid), str(server.template_pid)} <= members
    with Candidate(TMPFS_BOMB, Limits(wall_s=10, call_s=10), server=server) as c:
        with pytest.raises(CandidateCrashed):
            c.call("f", (40,))  # 320 MB
    with Candidate(TMPFS_BOMB, Limits(wall_s=10, call_s=10), server=server) as c:
        assert c.call("f", (4,)) == 4  # 32 MB: fine, and the group is usable again
    assert_host_intact(host, server)
    group = server.memcg
    server.close()
    assert not os.path.exists(group)  # removed with the server
    orphan = get_server(SandboxConfig(memory_cap_mb=161))  # an owner killed before it could close it:
    group = orphan.memcg
    orphan._ctl.close()  # the fork server sees EOF, as when its pool worker is killed
    orphan._proc.wait(timeout=10)
    assert group is not None and not os.path.exists(group)  # the server removed the group itself
    orphan.close()


@pytest.mark.parametrize("plant", ["directory", "file"])
def test_landlock_probe_does_not_depend_on_a_shared_path(plant):
    """Issue 15 item 3: the probe wrote a fixed /tmp file and accepted only PermissionError, so any local user
    who made a directory of that name switched Landlock off for everyone, without a word. The probe now uses no
    shared path: the layer stays active whatever sits there."""
    from verigrpo.sandboxes.forkserver import ForkServer

    planted = Path("/tmp/.vg_landlock_probe")  # the old probe's fixed path
    if planted.exists() or planted.is_symlink():
        pytest.skip(f"{planted} exists already; not touching it")
    planted.mkdir() if plant == "directory" else planted.write_text("")
    try:
        server = ForkServer(SandboxConfig())
        try:
            assert server.caps["landlock"], server.caps
        finally:
            server.close()
    finally:
        planted.rmdir() if plant == "directory" else planted.unlink()
