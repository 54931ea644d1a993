"""The untrusted side of the sandbox: the fork server ("zygote") and the code run in each child.

This file is run as a script (``python -I sandboxes/_child.py``) by :mod:`sandboxes.forkserver`
and imports nothing outside the standard library. It is also imported by the trusted parent for
the value codec and the message framing, which must be the same on both sides.

Processes, for one execution::

    parent (trusted: test code, expected values)
      └─ zygote   root or the user; pre-imported stdlib; no test data ever reaches it
           └─ keeper   setsid; unshare(net, pid); forks the child, reports its pid and exit status,
                │      kills it (and with it the whole pid namespace) on request or when the
                │      parent's end of the status socket closes
                └─ child   pid 1 of a fresh pid namespace, fresh network namespace, private temp
                           dir, rlimits, uid/gid dropped to an unprivileged id, seccomp, Landlock;
                           then runs the candidate: as a function server ("call" mode) or as a
                           program reading stdin ("stdio" mode)

Messages on a stream socket are a 4-byte big-endian length followed by UTF-8 JSON.
Values crossing the boundary use a tagged JSON encoding of plain values only (see
:func:`encode`). The decoder the parent uses builds nothing but ``None``, ``bool``, ``int``,
``float``, ``complex``, ``str``, ``bytes``, ``list``, ``tuple``, ``dict``, ``set`` and
``frozenset``, so no object the candidate made ever reaches trusted code.
"""

from __future__ import annotations

import base64
import ctypes
import errno
import json
import os
import select
import signal
import socket
import struct
import sys

MAX_MESSAGE = 16 * 1024 * 1024  # bytes; a bigger message is a protocol violation

# ---------------------------------------------------------------------------------------- codec


class EncodeError(TypeError):
    """A value that is not a plain value (or a subclass of one) cannot cross the boundary."""


_SCALARS = (type(None), bool, int, float, str)


def encode(value: object, depth: int = 0) -> object:
    """Plain value -> JSON-able tagged structure. Exact types only: subclasses are refused."""
    t = type(value)
    if depth > 100:
        raise EncodeError("value nested too deeply")
    if t in _SCALARS:
        return value
    if t is list:
        return [encode(v, depth + 1) for v in value]  # type: ignore[union-attr]
    if t is tuple:
        return {"t": [encode(v, depth + 1) for v in value]}  # type: ignore[union-attr]
    if t is dict:
        return {"d": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in value.items()]}  # type: ignore[union-attr]
    if t is set:
        return {"s": [encode(v, depth + 1) for v in value]}  # type: ignore[union-attr]
    if t is frozenset:
        return {"f": [encode(v, depth + 1) for v in value]}  # type: ignore[union-attr]
    if t is bytes:
        return {"b": base64.b64encode(value).decode()}  # type: ignore[arg-type]
    if t is complex:
        return {"c": [value.real, value.imag]}  # type: ignore[union-attr]
    raise EncodeError(f"cannot send a value of type {t.__name__!r} across the sandbox boundary")


def _hook(d: dict) -> object:
    if len(d) != 1:
        raise ValueError("malformed tagged value")
    ((tag, v),) = d.items()
    if tag == "t" and type(v) is list:
        return tuple(v)
    if tag == "d" and type(v) is list:
        out = {}
        for kv in v:
            if type(kv) is not list or len(kv) != 2:
                raise ValueError("malformed dict item")
            out[kv[0]] = kv[1]
        return out
    if tag == "s" and type(v) is list:
        return set(v)
    if tag == "f" and type(v) is list:
        return frozenset(v)
    if tag == "b" and type(v) is str:
        return base64.b64decode(v, validate=True)
    if tag == "c" and type(v) is list and len(v) == 2 and all(type(x) in (int, float) for x in v):
        return complex(v[0], v[1])
    raise ValueError(f"unknown tag {tag!r}")


def decode(data: object) -> object:
    """Tagged JSON text (or already-parsed structure is NOT accepted) -> plain value."""
    if not isinstance(data, (str, bytes)):
        raise TypeError("decode expects JSON text")
    return json.loads(data, object_hook=_hook)


# -------------------------------------------------------------------------------------- framing


def send_msg(sock: socket.socket, obj: object) -> None:
    data = json.dumps(obj, separators=(",", ":")).encode()
    if len(data) > MAX_MESSAGE:
        raise EncodeError(f"message of {len(data)} bytes exceeds {MAX_MESSAGE}")
    sock.sendall(struct.pack(">I", len(data)) + data)


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise EOFError("peer closed the socket")
        buf += chunk
    return bytes(buf)


def recv_msg(sock: socket.socket) -> object:
    """Blocking receive of one framed message (used on the child side)."""
    (n,) = struct.unpack(">I", _recv_exact(sock, 4))
    if n > MAX_MESSAGE:
        raise ValueError("message too large")
    return json.loads(_recv_exact(sock, n))


# ---------------------------------------------------------------------------- kernel interfaces

CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2

_libc = ctypes.CDLL(None, use_errno=True)


def _check(ret: int, what: str) -> int:
    if ret == -1:
        e = ctypes.get_errno()
        raise OSError(e, f"{what}: {os.strerror(e)}")
    return ret


def unshare(flags: int) -> None:
    _check(_libc.unshare(ctypes.c_int(flags)), "unshare")


def prctl(option: int, arg2: int = 0) -> None:
    _check(
        _libc.prctl(ctypes.c_int(option), ctypes.c_ulong(arg2), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)),
        "prctl",
    )


# Syscall numbers for the seccomp filter, per architecture (AUDIT_ARCH value, numbers).
_ARCH = {
    "x86_64": (
        0xC000003E,
        {"socket": 41, "ptrace": 101, "setsid": 112, "setpgid": 109, "process_vm_readv": 310,
         "process_vm_writev": 311, "io_uring_setup": 425, "bpf": 321, "perf_event_open": 298},
        0x40000000,  # x32 ABI bit: refuse those numbers altogether
    ),
    "aarch64": (
        0xC00000B7,
        {"socket": 198, "ptrace": 117, "setsid": 157, "setpgid": 154, "process_vm_readv": 270,
         "process_vm_writev": 271, "io_uring_setup": 425, "bpf": 280, "perf_event_open": 241},
        None,
    ),
}
_LANDLOCK_NR = {"x86_64": (444, 445, 446), "aarch64": (444, 445, 446)}


def _bpf(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


def seccomp_filter(deny_setsid: bool) -> bytes | None:
    """A classic-BPF seccomp program: refuse non-AF_UNIX sockets, io_uring, ptrace & co.

    Returns None on an architecture we have no numbers for.
    """
    arch = _ARCH.get(os.uname().machine)
    if arch is None:
        return None
    audit_arch, nr, x32 = arch
    LD, JEQ, JGE, RET = 0x20, 0x15, 0x35, 0x06  # BPF_LD|W|ABS, BPF_JMP|JEQ|K, BPF_JMP|JGE|K, BPF_RET|K
    ALLOW, KILL = 0x7FFF0000, 0x80000000  # SECCOMP_RET_ALLOW, SECCOMP_RET_KILL_PROCESS
    EPERM = 0x00050000 | errno.EPERM  # SECCOMP_RET_ERRNO
    EACCES = 0x00050000 | errno.EACCES
    denied = ["ptrace", "process_vm_readv", "process_vm_writev", "io_uring_setup", "bpf", "perf_event_open"]
    if deny_setsid:
        denied += ["setsid", "setpgid"]
    prog = [_bpf(LD, 0, 0, 4), _bpf(JEQ, 1, 0, audit_arch), _bpf(RET, 0, 0, KILL), _bpf(LD, 0, 0, 0)]
    if x32 is not None:
        prog += [_bpf(JGE, 0, 1, x32), _bpf(RET, 0, 0, KILL)]
    # socket(domain, ...): allow AF_UNIX (1) only
    prog += [_bpf(JEQ, 0, 4, nr["socket"]), _bpf(LD, 0, 0, 16), _bpf(JEQ, 0, 1, socket.AF_UNIX),
             _bpf(RET, 0, 0, ALLOW), _bpf(RET, 0, 0, EACCES)]
    for name in denied:
        prog += [_bpf(JEQ, 0, 1, nr[name]), _bpf(RET, 0, 0, EPERM)]
    prog.append(_bpf(RET, 0, 0, ALLOW))
    return b"".join(prog)


def install_seccomp(deny_setsid: bool) -> None:
    prog = seccomp_filter(deny_setsid)
    if prog is None:
        raise OSError(errno.ENOSYS, "seccomp: unsupported architecture")
    buf = ctypes.create_string_buffer(prog)

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = SockFprog(len(prog) // 8, ctypes.addressof(buf))
    prctl(PR_SET_NO_NEW_PRIVS, 1)
    _check(_libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0), "seccomp")


# Landlock filesystem rights by ABI version (include/uapi/linux/landlock.h).
_LL_EXECUTE, _LL_READ_FILE, _LL_READ_DIR = 1 << 0, 1 << 2, 1 << 3
_LL_ABI1 = (1 << 13) - 1  # EXECUTE .. MAKE_SYM
_LL_REFER, _LL_TRUNCATE = 1 << 13, 1 << 14
_LL_READ = _LL_EXECUTE | _LL_READ_FILE | _LL_READ_DIR
_LL_NET_TCP = (1 << 0) | (1 << 1)  # BIND_TCP, CONNECT_TCP (ABI 4)
_LL_SCOPE = (1 << 0) | (1 << 1)  # ABSTRACT_UNIX_SOCKET, SIGNAL (ABI 6)


def landlock_abi() -> int:
    nrs = _LANDLOCK_NR.get(os.uname().machine)
    if nrs is None:
        return 0
    ret = _libc.syscall(ctypes.c_long(nrs[0]), None, ctypes.c_size_t(0), ctypes.c_uint32(1))  # VERSION flag
    return max(int(ret), 0)


def install_landlock(readable: list[str], writable: list[str]) -> int:
    """Confine file access: read below ``readable``, read and write below ``writable``, nothing else.

    With ABI >= 4 TCP bind/connect are refused too; with ABI >= 6 signals and abstract unix
    sockets cannot reach processes outside the sandbox. A Landlocked process also cannot
    ptrace (or read /proc/PID/mem or /proc/PID/environ of) a process outside its domain.
    Returns the ABI used.
    """
    abi = landlock_abi()
    if abi < 1:
        raise OSError(errno.ENOSYS, "landlock unavailable")
    create, add_rule, restrict = _LANDLOCK_NR[os.uname().machine]
    fs = _LL_ABI1 | (_LL_REFER if abi >= 2 else 0) | (_LL_TRUNCATE if abi >= 3 else 0)
    net = _LL_NET_TCP if abi >= 4 else 0
    scoped = _LL_SCOPE if abi >= 6 else 0
    attr = struct.pack("QQQ", fs, net, scoped)[: 8 if abi < 4 else (16 if abi < 6 else 24)]
    fd = _check(_libc.syscall(ctypes.c_long(create), attr, ctypes.c_size_t(len(attr)), ctypes.c_uint32(0)),
                "landlock_create_ruleset")
    try:
        rules = [(p, _LL_READ) for p in readable] + [(p, fs) for p in writable]
        for path, access in rules:
            try:
                pfd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                if not os.path.isdir(path):
                    access &= _LL_EXECUTE | _LL_READ_FILE | (1 << 1) | _LL_TRUNCATE  # file-only rights
                # struct landlock_path_beneath_attr { u64 allowed_access; s32 parent_fd; } __packed
                rule = struct.pack("=Qi", access, pfd)
                _check(_libc.syscall(ctypes.c_long(add_rule), ctypes.c_int(fd), ctypes.c_int(1), rule,
                                     ctypes.c_uint32(0)), "landlock_add_rule")
            finally:
                os.close(pfd)
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        _check(_libc.syscall(ctypes.c_long(restrict), ctypes.c_int(fd), ctypes.c_uint32(0)), "landlock_restrict_self")
    finally:
        os.close(fd)
    return abi


def landlock_readable() -> list[str]:
    """What the candidate may read: the system's libraries and this interpreter's own tree."""
    paths = ["/usr", "/lib", "/lib64", "/lib32", "/bin", "/etc", "/dev/null", "/dev/urandom", "/dev/zero"]
    paths += [sys.prefix, sys.base_prefix, sys.exec_prefix]
    paths += [p for p in sys.path if p and os.path.isabs(p)]
    return sorted(set(paths))


# ------------------------------------------------------------------------------ child: isolation

_RLIMITS = {  # limit key -> (resource, scale)
    "cpu_s": ("RLIMIT_CPU", 1),
    "memory_mb": ("RLIMIT_AS", 1024 * 1024),
    "fsize_mb": ("RLIMIT_FSIZE", 1024 * 1024),
    "nofile": ("RLIMIT_NOFILE", 1),
    "nproc": ("RLIMIT_NPROC", 1),
}


def _isolate_child(req: dict, tmpdir: str) -> list[str]:
    """Apply every configured layer in the child; return the names of the layers applied."""
    import resource

    layers = req["layers"]
    limits = req["limits"]
    done = []
    os.chdir(tmpdir)
    os.umask(0o077)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    for key, (name, scale) in _RLIMITS.items():
        value = limits.get(key)
        if value is None:
            continue
        n = max(1, int(value * scale)) if key != "cpu_s" else max(1, int(-(-value // 1)))
        hard = n + 1 if key == "cpu_s" else n  # SIGXCPU at the soft limit, SIGKILL a second later
        resource.setrlimit(getattr(resource, name), (n, hard))
    done.append("rlimits")
    if layers.get("drop_uid"):
        uid, gid = int(layers["uid"]), int(layers["gid"])
        os.setgroups([])
        os.setresgid(gid, gid, gid)
        os.setresuid(uid, uid, uid)
        if os.getuid() != uid or os.geteuid() != uid:
            raise OSError("uid drop did not take effect")
        try:
            os.setuid(0)
        except PermissionError:
            pass
        else:
            raise OSError("could regain root after the uid drop")
        done.append("drop_uid")
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # after the uid drop, which clears it
    if layers.get("landlock"):
        install_landlock(landlock_readable(), [tmpdir, "/dev/null"])
        done.append("landlock")
    if layers.get("seccomp"):
        install_seccomp(deny_setsid=not layers.get("pidns"))
        done.append("seccomp")
    return done


def _redirect(fds: dict[str, int]) -> None:
    """Put the execution's descriptors at 0..3 and close everything else."""
    devnull = os.open(os.devnull, os.O_RDWR)
    targets = {0: fds.get("stdin", devnull), 1: fds.get("stdout", devnull), 2: fds.get("stderr", devnull),
               3: fds["rpc"]}
    # move sources out of the way first so that dup2 never clobbers a pending source
    moved = {t: os.dup(s) for t, s in targets.items()}
    for t, s in moved.items():
        os.dup2(s, t, inheritable=True)
    os.closerange(4, 65536)


def _keeper(req: dict, fds: dict[str, int], tmpdir: str) -> int:
    """Runs in the keeper process (still privileged): make namespaces, fork the child, watch it."""
    status = socket.socket(fileno=fds.pop("status"))
    layers = req["layers"]
    os.setsid()
    flags = (CLONE_NEWNET if layers.get("netns") else 0) | (CLONE_NEWPID if layers.get("pidns") else 0)
    if layers.get("userns"):
        flags |= CLONE_NEWUSER
    try:
        if flags:
            uid, gid = os.getuid(), os.getgid()
            unshare(flags)
            if flags & CLONE_NEWUSER:
                _map_user(uid, gid)
        pid = os.fork()
    except OSError as e:
        send_msg(status, {"infra": f"keeper: {e}"})
        return 1
    if pid == 0:
        status.close()
        try:
            _redirect(fds)
            rpc = socket.socket(fileno=3)
            applied = [n for n in ("userns", "netns", "pidns") if layers.get(n)] + _isolate_child(req, tmpdir)
        except BaseException as e:  # noqa: BLE001 - any setup failure is an infrastructure error
            try:
                send_msg(socket.socket(fileno=3), {"infra": f"child setup: {type(e).__name__}: {e}"})
            finally:
                os._exit(70)
        _run_child(req, rpc, applied)
        os._exit(0)
    for fd in fds.values():
        os.close(fd)
    send_msg(status, {"pid": pid})
    try:
        pidfd = os.pidfd_open(pid)
    except OSError:
        pidfd = None
    poller = select.poll()
    poller.register(status, select.POLLIN)
    if pidfd is not None:
        poller.register(pidfd, select.POLLIN)
    killed = False
    while True:
        events = poller.poll(1000 if pidfd is None else None)
        done_pid, wstatus = os.waitpid(pid, os.WNOHANG)
        if done_pid:
            break
        if any(fd == status.fileno() for fd, _ in events) and not killed:
            # any byte or EOF from the parent means: stop now
            _kill_all(pid, layers)
            killed = True
            poller.unregister(status)
    if not layers.get("pidns"):
        _kill_all(pid, layers)  # reap the process group the child may have left behind
    try:
        send_msg(status, {"exit": wstatus, "killed": killed})
    except OSError:
        pass
    return 0


def _kill_all(pid: int, layers: dict) -> None:
    for target in (pid, -pid):  # with a pid namespace the first one takes everything down
        try:
            os.kill(target, signal.SIGKILL)
        except OSError:
            pass


def _map_user(uid: int, gid: int) -> None:
    with open("/proc/self/setgroups", "w") as f:
        f.write("deny")
    with open("/proc/self/uid_map", "w") as f:
        f.write(f"{uid} {uid} 1")
    with open("/proc/self/gid_map", "w") as f:
        f.write(f"{gid} {gid} 1")


# -------------------------------------------------------------------------------- child: modes


def _exc_info(e: BaseException) -> dict:
    try:
        msg = str(e)[:2000]
    except BaseException:  # noqa: BLE001 - a hostile __str__
        msg = "<unprintable>"
    return {"type": type(e).__name__ if type(e).__module__ == "builtins" else "Exception", "msg": msg}


def _run_child(req: dict, rpc: socket.socket, applied: list[str]) -> None:
    import builtins

    try:
        first = recv_msg(rpc)
        code = first["code"]
    except BaseException as e:  # noqa: BLE001
        send_msg(rpc, {"infra": f"no code received: {e}"})
        return
    send_msg(rpc, {"layers": applied})
    try:
        compiled = compile(code, "<candidate>", "exec")
    except (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError) as e:
        send_msg(rpc, {"load_error": _exc_info(e), "syntax": not isinstance(e, MemoryError)})
        return
    mode = req["mode"]
    ns: dict = {"__name__": "__main__" if mode == "stdio" else "__candidate__", "__builtins__": builtins}
    if mode == "stdio":
        _run_stdio(compiled, ns, rpc)
        return
    try:
        exec(compiled, ns)
    except BaseException as e:  # noqa: BLE001 - SystemExit and friends are failures to load, too
        send_msg(rpc, {"load_error": _exc_info(e), "syntax": False})
        return
    names = sorted(k for k, v in list(ns.items()) if isinstance(k, str) and not k.startswith("__") and callable(v))
    send_msg(rpc, {"ready": names})
    _serve(ns, rpc)


def _run_stdio(compiled: object, ns: dict, rpc: socket.socket) -> None:
    import traceback

    exc: dict | None = None
    code = 0
    try:
        exec(compiled, ns)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException as e:  # noqa: BLE001
        exc = _exc_info(e)
        traceback.print_exc()
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001
        pass
    try:
        send_msg(rpc, {"done": code, "exc": exc})
    except BaseException:  # noqa: BLE001
        pass
    os._exit(code & 0xFF)


def _serve(ns: dict, rpc: socket.socket) -> None:
    while True:
        try:
            req = recv_msg(rpc)
        except EOFError:
            return
        rid = req.get("id")
        try:
            fn = ns[req["fn"]]
            args = decode(req["args"])
            kwargs = decode(req["kwargs"])
            value = fn(*args, **kwargs)
            reply = {"id": rid, "ok": json.dumps(encode(value))}
        except BaseException as e:  # noqa: BLE001 - the candidate's exceptions go back as data
            reply = {"id": rid, "err": _exc_info(e)}
        try:
            send_msg(rpc, reply)
        except EncodeError as e:
            send_msg(rpc, {"id": rid, "err": _exc_info(e)})


# ------------------------------------------------------------------------------------- zygote

PRELOAD = (
    "abc array ast base64 binascii bisect calendar cmath collections collections.abc copy csv dataclasses "
    "datetime decimal difflib enum fractions functools hashlib heapq io itertools json keyword math numbers "
    "operator pprint queue random re resource statistics string struct textwrap time traceback typing "
    "unicodedata zlib"
).split()


def _probe_one(fn) -> bool:
    """Run ``fn`` in a throwaway child; True when it returned without raising."""
    try:
        pid = os.fork()
    except OSError:
        return False
    if pid == 0:
        ok = False
        try:
            ok = fn() is not False
        except BaseException:  # noqa: BLE001
            ok = False
        os._exit(0 if ok else 1)
    while True:
        try:
            _, st = os.waitpid(pid, 0)
            break
        except ChildProcessError:
            return False
        except InterruptedError:
            continue
    return os.WIFEXITED(st) and os.WEXITSTATUS(st) == 0


def probe(uid: int, gid: int) -> dict:
    """Which layers work here, each tried for real in a throwaway child."""
    root = os.geteuid() == 0

    def drop() -> bool:
        os.setgroups([])
        os.setresgid(gid, gid, gid)
        os.setresuid(uid, uid, uid)
        try:
            os.setuid(0)
        except PermissionError:
            return True
        return False

    def ns(flags: int):
        def f() -> bool:
            u, g = os.getuid(), os.getgid()
            unshare(flags | (0 if root else CLONE_NEWUSER))
            if not root:
                _map_user(u, g)
            pid = os.fork()  # the first process of a new pid namespace
            if pid == 0:
                os._exit(0)
            return os.waitpid(pid, 0)[1] == 0
        return f

    def sec() -> bool:
        install_seccomp(deny_setsid=True)
        try:
            socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        except PermissionError:
            return True
        return False

    def land() -> bool:
        import tempfile

        d = tempfile.mkdtemp()
        install_landlock(landlock_readable(), [d])
        try:
            open("/tmp/.vg_landlock_probe", "w")  # noqa: SIM115
        except PermissionError:
            return True
        return False

    caps = {
        "root": root,
        "drop_uid": root and _probe_one(drop),
        "userns": (not root) and _probe_one(ns(0)),
        "netns": _probe_one(ns(CLONE_NEWNET)),
        "pidns": _probe_one(ns(CLONE_NEWPID)),
        "seccomp": _probe_one(sec),
        "landlock": _probe_one(land),
        "landlock_abi": landlock_abi(),
    }
    return caps


def zygote(ctl_fd: int, preload: list[str], uid: int, gid: int) -> None:
    """Serve run requests on the control socket until it closes."""
    import importlib
    import tempfile

    for name in preload:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    ctl = socket.socket(fileno=ctl_fd)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    caps = probe(uid, gid)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # keepers are reaped by the kernel
    ctl.send(json.dumps({"ready": True, "caps": caps, "pid": os.getpid()}).encode())
    while True:
        try:
            data, fds, _flags, _addr = socket.recv_fds(ctl, 65536, 8)
        except OSError:
            return
        if not data:
            return
        req = json.loads(data)
        named = dict(zip(req["fds"], fds))
        try:
            pid = os.fork()
        except OSError as e:
            with socket.socket(fileno=named["status"]) as s:
                send_msg(s, {"infra": f"zygote fork failed: {e}"})
            named.pop("status")
            for fd in named.values():
                os.close(fd)
            continue
        if pid == 0:
            code = 1
            try:
                ctl.close()
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                tmpdir = tempfile.mkdtemp(prefix="x", dir=req["base"])
                layers = req["layers"]
                if layers.get("drop_uid"):
                    os.chown(tmpdir, int(layers["uid"]), int(layers["gid"]))
                try:
                    code = _keeper(req, named, tmpdir)
                finally:
                    _rmtree(tmpdir)
            finally:
                os._exit(code)
        for fd in named.values():
            os.close(fd)


def _rmtree(path: str) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    _cfg = json.loads(sys.argv[1])
    zygote(int(_cfg["fd"]), list(_cfg["preload"]), int(_cfg["uid"]), int(_cfg["gid"]))
