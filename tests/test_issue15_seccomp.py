"""Issue 15, item 6: the seccomp filter is an allowlist, default-deny.

``memfd_secret`` was not refused (``memfd_create`` was): one process kept 448 MiB under a 256 MiB
address-space limit. A denylist misses what nobody thought of; the filter now names every call
a candidate (and the fork server) needs, in one table per architecture
(:data:`sandboxes.seccomp._TABLE`), and refuses every other number with ENOSYS, the kernel's own
answer for a call it does not know (libc and Python fall back, the candidate gets an OSError).

The unit tests run the filter's BPF program here, in a small interpreter, for every number; the
sandbox tests run honest programs of every allowed group, and unlisted calls, in a candidate.
Runs as root, like ``test_sandbox.py``.
"""

from __future__ import annotations

import errno
import os
import re
import struct

import pytest
from test_sandbox import FAST, assert_host_intact, make_host, run_call
from verigrpo.sandboxes import seccomp
from verigrpo.sandboxes.execute import Limits, run_program
from verigrpo.sandboxes.forkserver import SandboxConfig
from verigrpo.sandboxes.seccomp import (
    _ALLOWED,
    _ARCH,
    _CALLS,
    _CHILD_ONLY,
    _DENIED,
    _SYSCALLS,
    seccomp_filter,
)

MACHINE = os.uname().machine
NR = dict(zip(_SYSCALLS, _ARCH.get(MACHINE, (0, ()))[1]))
ALLOW, KILL = 0x7FFF0000, 0x80000000
ERRNO = 0x00050000
needs_numbers = pytest.mark.skipif(MACHINE not in _ARCH, reason="no syscall numbers for this architecture")


@pytest.fixture(scope="module")
def host():
    yield from make_host()


# ------------------------------------------------------------------------------ the table


@pytest.mark.parametrize("arch", sorted(_ARCH))
def test_the_table_names_every_number_once_per_architecture(arch):
    numbers = [n for n in _ARCH[arch][1] if n is not None]
    assert len(numbers) == len(set(numbers)), sorted(n for n in numbers if numbers.count(n) > 1)
    assert len(_ARCH[arch][1]) == len(_SYSCALLS) == len(set(_SYSCALLS))
    assert all(0 <= n < 1024 for n in numbers)
    assert not set(_ALLOWED) & set(_DENIED)
    # every group carries its reason
    assert all(why.strip() for why in seccomp._GROUPS.values())


_HEADERS = {
    "x86_64": ["/usr/include/x86_64-linux-gnu/asm/unistd_64.h", "/usr/include/asm/unistd_64.h"],
    "aarch64": ["/usr/include/asm-generic/unistd.h"],
}


@pytest.mark.parametrize("arch", sorted(_ARCH))
def test_the_table_agrees_with_the_kernel_headers_where_installed(arch):
    """A second source for the numbers: the kernel's uapi headers, where this machine has them."""
    path = next((p for p in _HEADERS[arch] if os.path.exists(p)), None)
    if path is None:
        pytest.skip("no kernel headers for " + arch)
    defined = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"#define __NR(?:3264)?_(\w+) (\d+)\s*$", line)
            if m:
                defined[m[1]] = int(m[2])
    if arch == "aarch64":
        defined["newfstatat"] = defined.pop("fstatat")
    index = 1 if arch == "x86_64" else 2
    checked = 0
    for name, row in _CALLS.items():
        if name in defined and row[index] is not None:
            assert row[index] == defined[name], (name, row[index], defined[name])
            checked += 1
        elif row[index] is not None and row[index] < 403:  # the headers may predate newer calls
            pytest.fail(f"{name} ({row[index]}) is not in {path}")
    assert checked > 250


# ------------------------------------------------------------------------------ the program


def _run_bpf(prog: bytes, nr: int, arch: int, args: tuple[int, ...] = ()) -> int:
    """Classic BPF over a struct seccomp_data, for the instructions the filter uses."""
    args = (*args, 0, 0, 0, 0, 0, 0)[:6]
    data = struct.pack("<iIQ6Q", nr, arch, 0, *[a & (2**64 - 1) for a in args])
    insns = [struct.unpack("HBBI", prog[i : i + 8]) for i in range(0, len(prog), 8)]
    acc, pc = 0, 0
    while True:
        code, jt, jf, k = insns[pc]
        pc += 1
        if code == 0x20:  # LD|W|ABS
            acc = struct.unpack_from("<I", data, k)[0]
        elif code == 0x54:  # ALU|AND|K
            acc &= k
        elif code == 0x15:  # JMP|JEQ|K
            pc += jt if acc == k else jf
        elif code == 0x35:  # JMP|JGE|K
            pc += jt if acc >= k else jf
        elif code == 0x06:  # RET|K
            return k
        else:
            raise AssertionError(f"unexpected instruction {code:#x}")


def _stacked(*actions: int) -> int:
    """Stacked filters, the newest first: the kernel takes the most restrictive answer
    (KILL > ERRNO > ALLOW), the newest filter's among equals."""
    order = {KILL: 0, ALLOW: 2}
    return min(actions, key=lambda a: order.get(a, 1))


FLAGS = [(False, False, False), (True, False, False), (True, True, True), (False, True, True)]


@needs_numbers
@pytest.mark.parametrize("deny_setsid, deny_chmod, deny_times", FLAGS)
def test_the_filter_is_default_deny(deny_setsid, deny_chmod, deny_times):
    """Every number the table does not name, and every number past it, gets ENOSYS; the
    allowed groups pass; the refused ones get EPERM; a foreign architecture is killed."""
    audit = _ARCH[MACHINE][0]
    prog = seccomp_filter(deny_setsid, "all", deny_chmod, deny_times)
    listed = {n for n in NR.values() if n is not None}
    for nr in [*range(1024), 0x3FFFFFFF]:
        action = _run_bpf(prog, nr, audit)
        if nr not in listed:
            assert action == ERRNO | errno.ENOSYS, (nr, hex(action))
    for name in _ALLOWED:
        if NR[name] is not None:
            assert _run_bpf(prog, NR[name], audit) == ALLOW, name
    for name in _DENIED:
        if NR[name] is not None:
            assert _run_bpf(prog, NR[name], audit) == ERRNO | errno.EPERM, name
    assert _run_bpf(prog, NR["read"], audit ^ 1) == KILL
    if MACHINE == "x86_64":
        assert _run_bpf(prog, 0x40000000 | NR["read"], audit) == KILL  # x32


@needs_numbers
@pytest.mark.parametrize("deny_setsid, deny_chmod, deny_times", FLAGS)
def test_server_and_child_parts_stacked_answer_as_the_whole_filter(deny_setsid, deny_chmod, deny_times):
    """For every number and a few argument patterns: the server's part, then the child's on
    top, answer exactly as the whole filter; and the server's part alone lets through what the
    fork server and a child before its own part need (clone into new namespaces, mount, setsid)."""
    audit = _ARCH[MACHINE][0]
    whole, server, child = (
        seccomp_filter(deny_setsid, part, deny_chmod, deny_times) for part in ("all", "server", "child")
    )
    patterns = [(), (1,), (0x7E020000 | 17,), (0x8000,), (0, 4, 0), (1, 1), (2, 1), (0, 4, 8)]
    ruled = {NR[name] for name, row in _CALLS.items() if row[0] == "rule"}
    for nr in range(1024):
        for args in patterns if nr in ruled else [()]:  # arguments matter to the rules only
            both = _stacked(_run_bpf(child, nr, audit, args), _run_bpf(server, nr, audit, args))
            assert both == _run_bpf(whole, nr, audit, args), (nr, args)
    for name in _CHILD_ONLY:
        assert _run_bpf(server, NR[name], audit, (0x7E020000 | 17,)) == ALLOW, name
    # the allowlist's reach: the server's part is default-deny too
    assert "kexec_load" not in NR and _run_bpf(server, 1000, audit) == ERRNO | errno.ENOSYS


# ------------------------------------------------------------------------------ in a candidate

# Calls no table names, each of which would succeed on this kernel without the filter:
# personality(query), inotify_init1, io_setup (AIO), sync, kcmp, and made-up numbers.
_UNLISTED = {
    "x86_64": {
        "personality": (135, 0xFFFFFFFF),
        "inotify_init1": (294, 0),
        "sync": (162,),
        "kexec_load": (246, 0, 0, 0, 0),
        "kcmp": (312, 1, 1, 0, 0, 0),
    },
    "aarch64": {
        "personality": (92, 0xFFFFFFFF),
        "inotify_init1": (26, 0),
        "sync": (81,),
        "kexec_load": (104, 0, 0, 0, 0),
        "kcmp": (272, 1, 1, 0, 0, 0),
    },
}

UNLISTED_CODE = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
def f(calls):
    out = {}
    for name, args in calls.items():
        ctypes.set_errno(0)
        out[name] = [libc.syscall(*[ctypes.c_long(a) for a in args]), ctypes.get_errno()]
    try:
        os.memfd_create("x")
    except OSError as e:
        out["memfd_create"] = [-1, e.errno]
    return out
"""


@needs_numbers
def test_unlisted_calls_are_refused_inside_a_candidate(host):
    calls = dict(_UNLISTED[MACHINE])
    calls.update(
        {"made_up_600": (600,), "made_up_1023": (1023, 1, 2, 3), "made_up_0x3fffffff": (0x3FFFFFFF,)}
    )
    calls["memfd_secret"] = (NR["memfd_secret"], 0)
    calls["io_uring_setup"] = (NR["io_uring_setup"], 8, 0)
    calls["add_key"] = (NR["add_key"], 0, 0, 0, 0, 0)
    kind, out = run_call(UNLISTED_CODE, "f", calls)
    assert kind == "ok", out
    enosys, eperm = [-1, errno.ENOSYS], [-1, errno.EPERM]
    assert out == {
        **{name: enosys for name in _UNLISTED[MACHINE]},
        "made_up_600": enosys,
        "made_up_1023": enosys,
        "made_up_0x3fffffff": enosys,
        "memfd_secret": eperm,
        "io_uring_setup": eperm,
        "add_key": eperm,
        "memfd_create": eperm,
    }
    assert_host_intact(host)


def test_without_the_filter_the_unlisted_probe_calls_work():
    """The calls above are refused by the filter, not by the kernel: here, unfiltered, they work."""
    if MACHINE not in _UNLISTED:
        pytest.skip("numbers")
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    assert libc.syscall(ctypes.c_long(_UNLISTED[MACHINE]["personality"][0]), ctypes.c_long(0xFFFFFFFF)) >= 0
    fd = libc.syscall(ctypes.c_long(_UNLISTED[MACHINE]["inotify_init1"][0]), ctypes.c_long(0))
    assert fd >= 0
    os.close(fd)


HONEST = r"""
import asyncio, ctypes, mmap, os, random, select, signal, socket, subprocess, sys, tempfile, threading, time

def threads():
    out = []
    ts = [threading.Thread(target=out.append, args=(i,)) for i in range(4)]
    for t in ts: t.start()
    for t in ts: t.join()
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(3) as ex:
        squares = list(ex.map(lambda x: x * x, range(6)))
    lock, cond = threading.Lock(), threading.Condition()
    with lock, cond:
        cond.wait(0.01)
    return sorted(out) == [0, 1, 2, 3] and squares == [0, 1, 4, 9, 16, 25]

def event_loop():
    async def main():
        await asyncio.sleep(0.01)
        return sum(await asyncio.gather(*[asyncio.sleep(0.001, result=i) for i in range(5)]))
    return asyncio.run(main()) == 10

def files():
    d = tempfile.mkdtemp(dir=".")
    p = os.path.join(d, "a.txt")
    with open(p, "w") as fh:
        fh.write("hello\n" * 1000)
    os.rename(p, p + ".2")
    os.replace(p + ".2", p)
    import shutil
    shutil.copy(p, p + ".copy")
    os.symlink("a.txt", os.path.join(d, "link"))
    os.link(p, p + ".hard")
    os.truncate(p + ".copy", 6)
    with open(p, "rb") as fh:
        os.posix_fadvise(fh.fileno(), 0, 0, os.POSIX_FADV_SEQUENTIAL)
        data = fh.read()
    st = os.stat(p)
    names = sorted(os.listdir(d))
    with tempfile.TemporaryFile(dir=".") as t:
        t.write(b"x" * 10000); t.flush(); os.fsync(t.fileno()); t.seek(0); n = len(t.read())
    shutil.rmtree(d)
    return data.count(b"hello") == 1000 and st.st_size == 6000 and n == 10000 and names == ["a.txt", "a.txt.copy", "a.txt.hard", "link"] and os.getcwd()

def waiting():
    r, w = os.pipe()
    os.write(w, b"x")
    a = select.select([r], [], [], 1)[0] == [r]
    p = select.poll(); p.register(r, select.POLLIN); b = p.poll(1000) != []
    e = select.epoll(); e.register(r, select.EPOLLIN); c = e.poll(1) != []
    e.close()
    t0 = time.monotonic(); time.sleep(0.02); d = time.monotonic() - t0 >= 0.015
    return [a, b, c, d, time.time() > 1.6e9, time.process_time() >= 0, time.perf_counter() > 0]

def randomness():
    return len(os.urandom(64)) == 64 and len(os.getrandom(16)) == 16 and random.SystemRandom().random() < 1

def memory():
    m = mmap.mmap(-1, 1 << 20)
    m[:5] = b"hello"
    m.madvise(mmap.MADV_DONTNEED) if hasattr(m, "madvise") else None
    with open("mapped", "wb") as fh:
        fh.write(b"\0" * 4096)
    with open("mapped", "r+b") as fh:
        fm = mmap.mmap(fh.fileno(), 4096); fm[:3] = b"abc"; fm.flush(); fm.close()
    big = bytearray(50 << 20); big[-1] = 1
    return open("mapped", "rb").read(3) == b"abc"

def signals():
    got = []
    signal.signal(signal.SIGUSR1, lambda s, f: got.append(s))
    os.kill(os.getpid(), signal.SIGUSR1)
    signal.signal(signal.SIGALRM, lambda s, f: got.append(s))
    signal.setitimer(signal.ITIMER_REAL, 0.01)
    time.sleep(0.2)
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR2])
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGUSR2])
    return got == [signal.SIGUSR1, signal.SIGALRM]

def sockets():
    a, b = socket.socketpair()
    a.sendall(b"ping"); ok = b.recv(4) == b"ping"
    try:
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        inet = "made"
    except OSError as e:
        inet = e.errno
    return [ok, a.family == socket.AF_UNIX, inet]

def processes():
    pid = os.fork()
    if pid == 0:
        os._exit(7)
    status = os.waitpid(pid, 0)[1] >> 8
    try:
        run = subprocess.run(["/bin/echo", "42"], capture_output=True, timeout=10)  # vfork + execve
        sub = run.stdout.decode()
    except OSError:
        sub = "OSError"
    try:
        import multiprocessing
        with multiprocessing.Pool(2) as pool:
            mp = pool.map(abs, [-1, -2]) == [1, 2]
    except OSError:
        mp = "OSError"
    return [status, sub, mp, os.getpid() > 0, os.getuid() >= 0, len(os.uname().sysname) > 0, os.cpu_count() >= 1]

def f():
    return {name: fn() for name, fn in [("threads", threads), ("event_loop", event_loop), ("files", files),
            ("waiting", waiting), ("randomness", randomness), ("memory", memory), ("signals", signals),
            ("sockets", sockets), ("processes", processes)]}
"""

BIG = Limits(wall_s=30, call_s=25, cpu_s=20, memory_mb=1024, nproc=64)


def test_every_allowed_group_works_for_an_honest_program(host):
    kind, out = run_call(HONEST, limits=BIG)
    assert kind == "ok", out
    assert out["threads"] is True and out["event_loop"] is True and out["randomness"] is True
    assert out["files"] and out["memory"] is True and out["signals"] is True
    assert out["waiting"] == [True] * 7
    assert out["sockets"] == [True, True, errno.EACCES]
    status, sub, mp = out["processes"][:3]
    assert status == 7 and out["processes"][3:] == [True] * 4
    assert sub == "42\n" and mp in (True, "OSError"), out[
        "processes"
    ]  # multiprocessing: clean, never a crash
    assert_host_intact(host)


def test_an_honest_stdio_program_under_the_filter():
    code = (
        "import sys, threading, json, os\n"
        "data = sys.stdin.read().split()\n"
        "t = threading.Thread(target=lambda: None); t.start(); t.join()\n"
        "print(sum(map(int, data)), len(os.urandom(8)))\n"
    )
    res = run_program(code, stdin="1 2 3 4\n", limits=FAST)
    assert res.ok and res.stdout.split() == ["10", "8"], res


def test_numpy_works_when_allowed():
    pytest.importorskip("numpy")
    code = "import numpy as np\ndef f(n):\n    a = np.arange(n, dtype=float)\n    return float((a @ a) + np.linalg.norm(a) * 0)\n"
    assert run_call(code, "f", 10, limits=BIG, config=SandboxConfig(packages=("numpy",))) == ("ok", 285.0)
