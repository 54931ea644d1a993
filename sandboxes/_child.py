"""The untrusted side of the sandbox: the fork server ("zygote") and the code run in each child.

This file is run as a script (``python -I sandboxes/_child.py``) by :mod:`sandboxes.forkserver`
and imports nothing outside the standard library. It is also imported by the trusted parent for
the value codec and the message framing, which must be the same on both sides.

Processes, for one execution::

    parent (trusted: test code, expected values)
      └─ zygote   root or the user; pre-imported stdlib; never sees test data. Clones each child
           │      straight into fresh namespaces (``clone(CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET)``;
           │      as root with seccomp and scoped Landlock, the zygote makes one empty network
           │      namespace for itself at start instead, shared by its children) ahead of
           │      time, hands its descriptors to the parent on request, watches it through a
           │      pidfd, kills it (and with it its whole pid namespace) when the parent asks or
           │      hangs up, then removes its private dir and reports the exit status.
           └─ child   pid 1 of its own pid namespace, own network and mount namespaces (its
                      private 0700 temp dir is a size-limited tmpfs, /proc shows only its own
                      processes), own session, uid/gid dropped to an unprivileged id, Landlock,
                      seccomp; reports its layers and waits, isolated, for its request; then
                      applies the request's rlimits and runs the candidate: as a function
                      server ("call" mode) or as a program reading stdin ("stdio" mode)

As a normal user the clone also makes a user namespace (mapping only the user's own ids).
Without namespaces the child is a plain fork, and its process group (seccomp forbids setsid
and setpgid) is what gets killed.

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
WARM_CHILDREN = 2  # isolated children the fork server keeps ready (one more is in flight to the parent)

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


REPLY_DEPTH = 50  # deepest nesting of a value from the child: the tests can wrap it and send it back
_FLOOD_CHARS = 4096  # replies longer than this are checked for hash floods (shorter ones cost < 1 ms)


def decode_reply(text: object) -> object:
    """:func:`decode` for a value from the child (untrusted): also refuses (ValueError) one nested
    deeper than :data:`REPLY_DEPTH`, which the encoder could not carry back, and in long replies
    any container whose elements flood one hash value (ints ``k * (2**61 - 1)`` all hash to 0, so
    building a set or dict of them, here or in the tests, takes quadratic time)."""
    if not isinstance(text, str):
        raise TypeError("decode expects JSON text")
    flood = len(text) > _FLOOD_CHARS
    value = json.loads(text, object_hook=_hook_checked if flood else _hook)
    if flood or text.count("[") + text.count("{") > REPLY_DEPTH:
        stack = [(value, 0)]
        while stack:
            v, depth = stack.pop()
            t = type(v)
            if t in _SCALARS or t is bytes or t is complex:
                continue
            if depth >= REPLY_DEPTH:
                raise ValueError("value nested too deeply")
            if flood and t in (list, tuple):  # sets and dict keys were checked before they were built
                _no_hash_flood(v)
            stack.extend((x, depth + 1) for x in ([y for kv in v.items() for y in kv] if t is dict else v))
    return value


def _hook_checked(d: dict) -> object:
    ((tag, v),) = d.items() if len(d) == 1 else (("", None),)
    if tag in ("s", "f") and type(v) is list:
        _no_hash_flood(v)
    elif tag == "d" and type(v) is list:
        _no_hash_flood([kv[0] for kv in v if type(kv) is list and kv])
    return _hook(d)


def _no_hash_flood(items: object, most: int = 8) -> None:
    """Raise ValueError when more than ``most`` distinct elements share one hash value."""
    if len(items) <= 64:  # type: ignore[arg-type]
        return
    seen: dict[int, list] = {}
    for x in items:  # type: ignore[attr-defined]
        try:
            same = seen.setdefault(hash(x), [])
        except TypeError:
            continue
        if not any(x == y for y in same):
            if len(same) >= most:
                raise ValueError("too many elements with one hash value")
            same.append(x)


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


MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 2, 4, 8, 0x4000, 1 << 18


def _enc(x: str | None) -> bytes | None:
    return None if x is None else x.encode()


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None) -> None:
    _check(
        _libc.mount(_enc(source), _enc(target), _enc(fstype), ctypes.c_ulong(flags), _enc(data)),
        f"mount {target}",
    )


def _private_mounts(tmpdir: str, size_mb: int, owner: tuple[int, int] | None, proc: bool) -> None:
    """In a fresh mount namespace: nothing propagates back to the host; the private dir becomes
    a tmpfs of ``size_mb`` (a disk quota); with ``proc``, /proc shows only the sandbox's pids."""
    mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    opts = f"size={int(size_mb)}m,mode=0700" + (f",uid={owner[0]},gid={owner[1]}" if owner else "")
    mount("tmpfs", tmpdir, "tmpfs", MS_NOSUID | MS_NODEV, opts)
    if proc:
        mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)


def prctl(option: int, arg2: int = 0) -> None:
    _check(
        _libc.prctl(
            ctypes.c_int(option),
            ctypes.c_ulong(arg2),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
        ),
        "prctl",
    )


# Syscall numbers for the seccomp filter, per architecture (AUDIT_ARCH value, numbers).
# Names in the order of the tuple below; x86_64 first, then the generic table aarch64 uses.
_SYSCALLS = (
    "socket socketpair connect clone clone3 ptrace process_vm_readv process_vm_writev io_uring_setup "
    "bpf perf_event_open setsid setpgid unshare setns mount umount2 pivot_root chroot open_tree "
    "move_mount fsopen fsmount fspick mount_setattr shmget shmat shmctl semget semop semctl semtimedop "
    "msgget msgsnd msgrcv msgctl mq_open mq_unlink add_key request_key keyctl userfaultfd syslog "
    "prlimit64 setpriority ioprio_set sched_setaffinity sched_setscheduler sched_setparam sched_setattr"
).split()
_ARCH = {
    "x86_64": (
        0xC000003E,
        (41, 53, 42, 56, 435, 101, 310, 311, 425, 321, 298, 112, 109, 272, 308, 165, 166, 155, 161, 428)
        + (429, 430, 432, 433, 442, 29, 30, 31, 64, 65, 66, 220, 68, 69, 70, 71, 240, 241, 248, 249)
        + (250, 323, 103, 302, 141, 251, 203, 144, 142, 314),
        0x40000000,  # x32 ABI bit: refuse those numbers altogether
    ),
    "aarch64": (
        0xC00000B7,
        (198, 199, 203, 220, 435, 117, 270, 271, 425, 280, 241, 157, 154, 97, 268, 40, 39, 41, 51, 428)
        + (429, 430, 432, 433, 442, 194, 196, 195, 190, 193, 191, 192, 186, 189, 188, 187, 180, 181, 217)
        + (218, 219, 282, 116, 261, 140, 30, 122, 119, 118, 274),
        None,
    ),
}
_LANDLOCK_NR = {"x86_64": (444, 445, 446), "aarch64": (444, 445, 446)}

# Refused outright (EPERM): debugging and kernel interfaces with no use in a solution; namespaces
# and mounts (a fresh user namespace would hand the candidate capabilities, and a wide kernel
# surface); System V IPC, POSIX message queues and keyrings, whose objects outlive the sandbox
# and are shared by every process of the uid (the host user's own, without uid drop).
_DENIED = (
    "ptrace process_vm_readv process_vm_writev io_uring_setup bpf perf_event_open unshare setns mount "
    "umount2 pivot_root chroot open_tree move_mount fsopen fsmount fspick mount_setattr shmget shmat "
    "shmctl semget semop semctl semtimedop msgget msgsnd msgrcv msgctl mq_open mq_unlink add_key "
    "request_key keyctl userfaultfd syslog"
).split()
_CLONE_NEW = 0x7E020000  # CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET


def _bpf(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


def seccomp_filter(deny_setsid: bool) -> bytes | None:
    """A classic-BPF seccomp program: only AF_UNIX stream sockets and no connect(), no new
    namespaces or mounts, no ptrace & co., no objects that outlive the process (System V IPC,
    message queues, keys), and no scheduling or rlimit changes to any process but the caller.

    Why each: inet, netlink and packet sockets reach or configure networks; ``connect`` and
    datagram sockets reach unix sockets on the host by path (a netns does not hide those, and
    Landlock does not cover them); ``prlimit64``, ``setpriority``, ``ioprio_set`` and
    ``sched_set*`` on another pid need only the same uid (no ptrace check, no Landlock scope).
    Returns None on an architecture we have no numbers for.
    """
    arch = _ARCH.get(os.uname().machine)
    if arch is None:
        return None
    audit_arch, numbers, x32 = arch
    nr = dict(zip(_SYSCALLS, numbers))
    LD, AND, JEQ, JGE, RET = (
        0x20,
        0x54,
        0x15,
        0x35,
        0x06,
    )  # BPF_LD|W|ABS, ALU|AND|K, JMP|JEQ|K, JMP|JGE|K, RET|K
    ALLOW, KILL = 0x7FFF0000, 0x80000000  # SECCOMP_RET_ALLOW, SECCOMP_RET_KILL_PROCESS
    EPERM = 0x00050000 | errno.EPERM  # SECCOMP_RET_ERRNO
    EACCES = 0x00050000 | errno.EACCES
    ENOSYS = 0x00050000 | errno.ENOSYS

    def arg(i: int) -> bytes:  # the low 32 bits of argument i (little endian); int and pid_t args are 32-bit
        return _bpf(LD, 0, 0, 16 + 8 * i)

    allow_zero = [_bpf(JEQ, 0, 1, 0), _bpf(RET, 0, 0, ALLOW), _bpf(RET, 0, 0, EPERM)]
    unix_stream = [  # socket type (flags masked off): SOCK_STREAM or SOCK_SEQPACKET, never SOCK_DGRAM
        _bpf(AND, 0, 0, 0xF),
        _bpf(JEQ, 1, 0, socket.SOCK_STREAM),
        _bpf(JEQ, 0, 1, socket.SOCK_SEQPACKET),
        _bpf(RET, 0, 0, ALLOW),
        _bpf(RET, 0, 0, EACCES),
    ]
    rules: dict[str, list[bytes]] = {
        "socket": [arg(0), _bpf(JEQ, 0, len(unix_stream), socket.AF_UNIX), arg(1), *unix_stream],
        "socketpair": [arg(1), *unix_stream],
        "connect": [_bpf(RET, 0, 0, EACCES)],
        "clone": [arg(0), _bpf(AND, 0, 0, _CLONE_NEW), *allow_zero],
        "clone3": [
            _bpf(RET, 0, 0, ENOSYS)
        ],  # flags in memory, out of a filter's reach: libc falls back to clone
        "prlimit64": [arg(0), *allow_zero],  # pid 0: the caller
        "sched_setaffinity": [arg(0), *allow_zero],
        "sched_setscheduler": [arg(0), *allow_zero],
        "sched_setparam": [arg(0), *allow_zero],
        "sched_setattr": [arg(0), *allow_zero],
        "setpriority": [arg(0), _bpf(JEQ, 0, 3, 0), arg(1), *allow_zero],  # PRIO_PROCESS, who 0
        "ioprio_set": [arg(0), _bpf(JEQ, 0, 3, 1), arg(1), *allow_zero],  # IOPRIO_WHO_PROCESS, who 0
    }
    if deny_setsid:
        rules["setsid"] = rules["setpgid"] = [_bpf(RET, 0, 0, EPERM)]
    for name in _DENIED:
        rules[name] = [_bpf(RET, 0, 0, EPERM)]
    prog = [_bpf(LD, 0, 0, 4), _bpf(JEQ, 1, 0, audit_arch), _bpf(RET, 0, 0, KILL), _bpf(LD, 0, 0, 0)]
    if x32 is not None:
        prog += [_bpf(JGE, 0, 1, x32), _bpf(RET, 0, 0, KILL)]
    for name, body in rules.items():  # each body ends in a return: no fall-through into the next rule
        prog += [_bpf(JEQ, 0, len(body), nr[name]), *body]
    prog.append(_bpf(RET, 0, 0, ALLOW))
    return b"".join(prog)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def build_seccomp(deny_setsid: bool) -> tuple[object, object]:
    """The filter as (buffer, sock_fprog), built once in the fork server and installed per child."""
    prog = seccomp_filter(deny_setsid)
    if prog is None:
        raise OSError(errno.ENOSYS, "seccomp: unsupported architecture")
    buf = ctypes.create_string_buffer(prog)
    return buf, _SockFprog(len(prog) // 8, ctypes.addressof(buf))


def install_seccomp(
    deny_setsid: bool, built: tuple[object, object] | None = None, no_new_privs: bool = True
) -> None:
    """``no_new_privs=False`` when the caller has set PR_SET_NO_NEW_PRIVS already (Landlock does)."""
    _buf, fprog = built or build_seccomp(deny_setsid)
    if no_new_privs:
        prctl(PR_SET_NO_NEW_PRIVS, 1)
    _check(_libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0), "seccomp")  # type: ignore[arg-type]


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


def _ll_ruleset(fs: int, net: int, scoped: int, abi: int, rules: list[tuple[str, int]]) -> int:
    """A Landlock ruleset fd handling ``fs``/``net``/``scoped`` that allows ``rules`` (path, rights)."""
    create, add_rule, _ = _LANDLOCK_NR[os.uname().machine]
    attr = struct.pack("QQQ", fs, net, scoped)[: 8 if abi < 4 else (16 if abi < 6 else 24)]
    fd = _check(
        _libc.syscall(ctypes.c_long(create), attr, ctypes.c_size_t(len(attr)), ctypes.c_uint32(0)),
        "landlock_create_ruleset",
    )
    try:
        for path, access in rules:
            try:
                pfd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                if not os.path.isdir(path):
                    access &= _LL_EXECUTE | _LL_READ_FILE | (1 << 1) | _LL_TRUNCATE  # file-only rights
                # struct landlock_path_beneath_attr { u64 allowed_access; s32 parent_fd; } __packed
                rule = struct.pack("=Qi", access & fs, pfd)
                _check(
                    _libc.syscall(
                        ctypes.c_long(add_rule), ctypes.c_int(fd), ctypes.c_int(1), rule, ctypes.c_uint32(0)
                    ),
                    "landlock_add_rule",
                )
            finally:
                os.close(pfd)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _ll_restrict(fd: int) -> None:
    _, _, restrict = _LANDLOCK_NR[os.uname().machine]
    _check(
        _libc.syscall(ctypes.c_long(restrict), ctypes.c_int(fd), ctypes.c_uint32(0)), "landlock_restrict_self"
    )


_LL_RIGHTS: list[tuple[int, int, int, int]] = []  # filled by the fork server; its children inherit it


def _ll_rights() -> tuple[int, int, int, int]:
    if _LL_RIGHTS:
        return _LL_RIGHTS[0]
    abi = landlock_abi()
    if abi < 1:
        raise OSError(errno.ENOSYS, "landlock unavailable")
    fs = _LL_ABI1 | (_LL_REFER if abi >= 2 else 0) | (_LL_TRUNCATE if abi >= 3 else 0)
    return abi, fs, (_LL_NET_TCP if abi >= 4 else 0), (_LL_SCOPE if abi >= 6 else 0)


def build_landlock(readable: list[str], base: str) -> int:
    """The shared first layer, built once in the fork server: read below ``readable``, read and
    write below ``base`` (the parent of every private dir), no TCP, signals scoped."""
    abi, fs, net, scoped = _ll_rights()
    _LL_RIGHTS[:] = [(abi, fs, net, scoped)]
    return _ll_ruleset(fs, net, scoped, abi, [(p, _LL_READ) for p in readable] + [(base, fs)])


def install_landlock(readable: list[str], writable: list[str], shared_fd: int | None = None) -> int:
    """Confine file access: read below ``readable``, read and write below ``writable``, nothing else.

    With ABI >= 4 TCP bind/connect are refused too; with ABI >= 6 signals and abstract unix
    sockets cannot reach processes outside the sandbox. A Landlocked process also cannot
    ptrace (or read /proc/PID/mem or /proc/PID/environ of) a process outside its domain.
    With ``shared_fd`` (from :func:`build_landlock`) only a second, per-child layer is built
    here: writes only below ``writable``. Returns the ABI used.
    """
    abi, fs, net, scoped = _ll_rights()
    prctl(PR_SET_NO_NEW_PRIVS, 1)
    if shared_fd is None:
        fd = _ll_ruleset(
            fs, net, scoped, abi, [(p, _LL_READ) for p in readable] + [(p, fs) for p in writable]
        )
    else:
        _ll_restrict(shared_fd)
        os.close(shared_fd)
        fd = _ll_ruleset(fs & ~_LL_READ, 0, 0, abi, [(p, fs) for p in writable])
    try:
        _ll_restrict(fd)
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


def _isolate_child(layers: dict, tmpdir: str, prep: dict | None = None) -> list[str]:
    """Apply every configured layer in the child; return the names of the layers applied.

    rlimits come later (:func:`_apply_rlimits`, once the request says which): lowering a limit
    needs no privilege, so the child can wait fully isolated for its request.
    """
    import resource

    done = []
    os.chdir(tmpdir)
    os.umask(0o077)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    try:  # memory is limited per process only: when the host runs out, the OOM killer takes us first
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("1000")
    except OSError:
        pass
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
    prep = prep or {}
    if layers.get("landlock"):
        shared = prep.get("landlock_fd")
        install_landlock([] if shared is not None else landlock_readable(), [tmpdir, "/dev/null"], shared)
        done.append("landlock")
    if layers.get("seccomp"):
        install_seccomp(not layers.get("pidns"), prep.get("seccomp"), no_new_privs="landlock" not in done)
        done.append("seccomp")
    return done


def _apply_rlimits(limits: dict) -> bool:
    import resource

    for key, (name, scale) in _RLIMITS.items():
        value = limits.get(key)
        if value is None:
            continue
        res = getattr(resource, name)
        n = max(1, int(value * scale)) if key != "cpu_s" else max(1, int(-(-value // 1)))
        hard = n + 1 if key == "cpu_s" else n  # SIGXCPU at the soft limit, SIGKILL a second later
        cap = resource.getrlimit(res)[1]  # a limit can only be lowered (the pool may have set one)
        if cap != resource.RLIM_INFINITY:
            n, hard = min(n, cap), min(hard, cap)
        resource.setrlimit(res, (n, hard))
    return bool(limits)


def _redirect(fds: dict[str, int], prep: dict) -> None:
    """Put stdin, stdout, stderr, rpc, /dev/null at 0..4 (the shared Landlock layer at 5), close the rest."""
    devnull = os.open(os.devnull, os.O_RDWR)
    targets = {
        0: fds.get("stdin", devnull),
        1: fds.get("stdout", devnull),
        2: fds.get("stderr", devnull),
        3: fds["rpc"],
        4: devnull,
    }
    if prep.get("landlock_fd") is not None:
        targets[5] = prep["landlock_fd"]
        prep["landlock_fd"] = 5
    # move sources out of the way first so that dup2 never clobbers a pending source
    moved = {t: os.dup(s) for t, s in targets.items()}
    for t, s in moved.items():
        os.dup2(s, t, inheritable=t < 4)
    os.closerange(max(targets) + 1, 65536)


def _close_all_but(keep: set[int]) -> None:
    low = 3
    for fd in sorted(k for k in keep if k >= 3) + [65536]:
        if fd > low:
            os.closerange(low, fd)
        low = fd + 1


_SYS_CLONE = {"x86_64": 56, "aarch64": 220}
_pylibc = ctypes.PyDLL(None)  # a PyDLL call keeps the GIL, as os.fork() does around fork()
_pylibc.syscall.restype = ctypes.c_long


def clone_process(flags: int) -> int:
    """fork() into new namespaces in one step: ``clone(flags | SIGCHLD)``; 0 in the child.

    With CLONE_NEWPID the child is pid 1 of its own pid namespace, so it needs no intermediate
    process. Python's fork bookkeeping (PyOS_BeforeFork / AfterFork) is done as os.fork() does.
    Without namespace flags this is plain :func:`os.fork`.
    """
    nr = _SYS_CLONE.get(os.uname().machine)
    if not flags or nr is None:
        if flags:
            raise OSError(errno.ENOSYS, "clone: unsupported architecture")
        return os.fork()
    api = ctypes.pythonapi
    api.PyOS_BeforeFork()
    pid = _pylibc.syscall(ctypes.c_long(nr), ctypes.c_ulong(flags | signal.SIGCHLD), None, None, None, None)
    if pid == 0:
        api.PyOS_AfterFork_Child()
        return 0
    err = ctypes.get_errno()
    api.PyOS_AfterFork_Parent()
    if pid < 0:
        raise OSError(err, f"clone: {os.strerror(err)}")
    return pid


def _child_main(layers: dict, fds: dict[str, int], tmpdir: str, prep: dict, uid: int, gid: int) -> None:
    """The sandboxed child, right after clone: isolate, report, wait for the request, run it.

    ``uid``/``gid`` are the fork server's own ids (mapped to themselves in a user namespace).
    """
    rpc_fd = fds["rpc"]
    try:
        keep = set(fds.values()) | ({prep["landlock_fd"]} if prep.get("landlock_fd") is not None else set())
        _close_all_but(keep)  # the control socket and every other child's descriptors
        import gc

        gc.enable()  # the fork server runs without a collector; the candidate's code should not
        if layers.get("userns"):
            _map_user(uid, gid)
        if layers.get("mountns"):
            owner = (int(layers["uid"]), int(layers["gid"])) if layers.get("drop_uid") else None
            _private_mounts(tmpdir, int(layers.get("tmpfs_mb", 64)), owner, bool(layers.get("procfs")))
        os.setsid()  # its own session and group: without a pid namespace, the group is what gets killed
        _redirect(fds, prep)
        rpc_fd = 3
        rpc = socket.socket(fileno=3)
        applied = [n for n in ("userns", "netns", "pidns", "mountns") if layers.get(n)] + _isolate_child(
            layers, tmpdir, prep
        )
    except BaseException as e:  # noqa: BLE001 - any setup failure is an infrastructure error
        try:
            send_msg(socket.socket(fileno=rpc_fd), {"infra": f"child setup: {type(e).__name__}: {e}"})
        finally:
            os._exit(70)
    send_msg(rpc, {"layers": applied})  # read by the parent once it takes this (warm) child
    _run_child(rpc)
    os._exit(0)


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


def _run_child(rpc: socket.socket) -> None:
    """Wait (isolated) for the request, apply its rlimits and mode, then load and run the code.

    A request is ``{"mode", "limits", "code"}`` plus, in call mode, an optional ``"batch"`` of
    calls answered right after the "ready" message. The reply starts with ``{"accepted": true}``
    (or ``{"infra": ...}``), sent before any of the candidate's code runs: the parent trusts an
    infrastructure report only up to there, since the candidate can write to the socket too.
    """
    import builtins

    try:
        req = recv_msg(rpc)
        code = req["code"]
        _apply_rlimits(req["limits"])
        if req["mode"] != "stdio":
            for fd in (0, 1, 2):
                os.dup2(4, fd)  # function mode: no stdin, output discarded
        os.close(4)
    except EOFError:
        return  # a warm child nobody asked for
    except BaseException as e:  # noqa: BLE001
        send_msg(rpc, {"infra": f"bad request: {type(e).__name__}: {e}"})
        return
    # The last message the parent can trust: everything after it may come from the candidate.
    send_msg(rpc, {"accepted": True})
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
    names = sorted(
        k for k, v in list(ns.items()) if isinstance(k, str) and not k.startswith("__") and callable(v)
    )
    send_msg(rpc, {"ready": names})
    for item in req.get("batch") or ():
        _answer(ns, rpc, item)
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
    """Answer calls until the parent hangs up. A "batch" request holds several calls, answered in order."""
    while True:
        try:
            req = recv_msg(rpc)
        except EOFError:
            return
        for item in req["batch"] if "batch" in req else [req]:
            _answer(ns, rpc, item)


def _answer(ns: dict, rpc: socket.socket, req: dict) -> None:
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

    def mnt(proc: bool):
        import tempfile

        d = tempfile.mkdtemp()

        def f() -> bool:
            u, g = os.getuid(), os.getgid()
            unshare(CLONE_NEWNS | (CLONE_NEWPID if proc else 0) | (0 if root else CLONE_NEWUSER))
            if not root:
                _map_user(u, g)
            pid = os.fork()
            if pid == 0:
                try:
                    _private_mounts(d, 1, None, proc)
                    os._exit(0 if not proc or os.listdir("/proc").count("1") == 1 else 1)
                except BaseException:  # noqa: BLE001
                    os._exit(1)
            return os.waitpid(pid, 0)[1] == 0

        try:
            return _probe_one(f)
        finally:
            os.rmdir(d)

    def sec() -> bool:
        install_seccomp(deny_setsid=True)
        try:
            socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        except PermissionError:
            return True
        return False

    def land() -> bool:
        install_landlock(landlock_readable(), ["/dev/null"])
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
        "mountns": mnt(False),
        "procfs": mnt(True),
        "seccomp": _probe_one(sec),
        "landlock": _probe_one(land),
        "landlock_abi": landlock_abi(),
    }
    return caps


def zygote(ctl_fd: int, preload: list[str], uid: int, gid: int) -> None:
    """Serve run requests on the control socket until it closes."""
    import importlib

    for name in preload:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    import gc

    ctl = socket.socket(fileno=ctl_fd)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    caps = probe(uid, gid)
    ctl.send(json.dumps({"ready": True, "caps": caps, "pid": os.getpid()}).encode())
    gc.collect()
    gc.freeze()  # forked children's collector then leaves the inherited objects (and their pages) alone
    gc.disable()  # nor does the fork server's own: its few allocations are freed by refcounting
    try:
        cfg = json.loads(ctl.recv(65536) or b"null")
    except (OSError, ValueError):
        return
    if not isinstance(cfg, dict):
        return
    layers, base = cfg["layers"], cfg["base"]
    netns = CLONE_NEWNET if layers.get("netns") else 0
    if netns and layers.get("shared_netns"):
        try:  # one empty network namespace for all our children (see the threat model)
            unshare(CLONE_NEWNET)
            netns = 0
        except OSError:
            pass
    flags = netns | (CLONE_NEWPID if layers.get("pidns") else 0)
    flags |= CLONE_NEWNS if layers.get("mountns") else 0
    if flags and layers.get("userns"):
        flags |= CLONE_NEWUSER
    prep: dict = {}  # built once here, applied in every child (a child only restricts itself)
    try:
        if layers.get("seccomp"):
            prep["seccomp"] = build_seccomp(not layers.get("pidns"))
        if layers.get("landlock"):
            prep["landlock_fd"] = build_landlock(landlock_readable(), base)
    except OSError:
        prep = {}  # the children then build everything themselves
    Zygote(ctl, layers, base, flags, prep, uid, gid).serve()


class Zygote:
    """The fork server's loop: hand out warm children, kill them on request, reap and report them.

    Each child is cloned straight into its namespaces and watched here through a pidfd. Its
    status socket (other end: the parent) carries ``{"pid"}`` and then ``{"exit", "killed"}``;
    any byte or EOF from the parent on it means "kill it now".
    """

    def __init__(
        self, ctl: socket.socket, layers: dict, base: str, flags: int, prep: dict, uid: int, gid: int
    ) -> None:
        self.ctl, self.layers, self.base, self.flags, self.prep = ctl, layers, base, flags, prep
        self.uid, self.gid = uid, gid
        self.own_uid, self.own_gid = os.getuid(), os.getgid()  # what a user namespace maps
        self.warm: list[dict[str, int]] = []  # the parent's ends of children forked ahead of time
        self.count = 0
        self.watch: dict[int, dict] = {}  # fd (status or pidfd) -> child record
        self.poller = select.poll()
        self.poller.register(ctl, select.POLLIN)

    def prepare(self) -> dict[str, int] | str:
        """Clone one child, fully isolated and waiting for a request; return the parent's ends."""
        self.count += 1
        rpc_p, rpc_c = socket.socketpair()
        st_p, st_c = socket.socketpair()
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        mine = {"rpc": rpc_c.detach(), "stdin": in_r, "stdout": out_w, "stderr": err_w}
        theirs = {
            "rpc": rpc_p.detach(),
            "status": st_p.detach(),
            "stdin": in_w,
            "stdout": out_r,
            "stderr": err_r,
        }
        try:
            tmpdir = os.path.join(self.base, f"x{self.count}-{os.urandom(4).hex()}")  # unguessable
            os.mkdir(tmpdir, 0o700)
            if self.layers.get("drop_uid"):
                os.chown(tmpdir, int(self.layers["uid"]), int(self.layers["gid"]))
            pid = clone_process(self.flags)
        except OSError as e:
            for fd in list(mine.values()) + list(theirs.values()):
                os.close(fd)
            st_c.close()
            return f"cannot start a sandboxed child: {e}"
        if pid == 0:
            _child_main(self.layers, mine, tmpdir, self.prep, self.own_uid, self.own_gid)
            os._exit(70)  # not reached
        for fd in mine.values():
            os.close(fd)
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:
            pidfd = None
        rec = {"pid": pid, "pidfd": pidfd, "status": st_c, "tmpdir": tmpdir, "killed": False}
        self.watch[st_c.fileno()] = rec
        self.poller.register(st_c, select.POLLIN)
        if pidfd is not None:
            self.watch[pidfd] = rec
            self.poller.register(pidfd, select.POLLIN)
        try:
            send_msg(st_c, {"pid": pid})
        except OSError:
            pass
        return theirs

    def kill(self, rec: dict) -> None:
        if not rec["killed"]:
            rec["killed"] = True
            _kill_all(rec["pid"], self.layers)
            try:
                self.poller.unregister(rec["status"])
            except (KeyError, ValueError):
                pass

    def reap(self, rec: dict) -> bool:
        """Collect the child's exit if it has one; then clean up and report. True when done."""
        try:
            done, wstatus = os.waitpid(rec["pid"], os.WNOHANG)
        except ChildProcessError:
            done, wstatus = rec["pid"], 0
        if not done:
            return False
        if not self.layers.get("pidns"):
            _kill_all(rec["pid"], self.layers)  # the process group the child may have left behind
        _rmtree(rec["tmpdir"])  # before reporting the exit: a caller that saw the exit sees the dir gone
        st = rec["status"]
        try:
            send_msg(st, {"exit": wstatus, "killed": rec["killed"]})
        except OSError:
            pass
        for key in (st.fileno(), rec["pidfd"]):
            if key is not None and key in self.watch:
                del self.watch[key]
                try:
                    self.poller.unregister(key)
                except (KeyError, ValueError):
                    pass
        st.close()
        if rec["pidfd"] is not None:
            os.close(rec["pidfd"])
        return True

    def serve(self) -> None:
        while True:
            idle = len(self.warm) < WARM_CHILDREN
            events = self.poller.poll(
                0 if idle else (None if all(r["pidfd"] is not None for r in self.watch.values()) else 200)
            )
            if not events:
                if idle:  # top up the warm children between requests
                    item = self.prepare()
                    if isinstance(item, dict):
                        self.warm.append(item)
                self.poll_pidless()
                continue
            # resolve every event before acting: acting may close descriptors and open new ones
            for fd, rec in [(fd, self.watch.get(fd)) for fd, _ev in events]:
                if fd == self.ctl.fileno():
                    if not self.handle_request():
                        self.shutdown()
                        return
                    continue
                if rec is None or self.watch.get(fd) is not rec:
                    continue
                if fd == rec["pidfd"]:
                    self.reap(rec)
                else:  # a byte or EOF from the parent: kill now, reap when the pidfd fires
                    self.kill(rec)
                    if rec["pidfd"] is None:
                        self.reap(rec)

    def poll_pidless(self) -> None:
        for rec in [r for r in self.watch.values() if r["pidfd"] is None]:
            self.reap(rec)

    def handle_request(self) -> bool:
        try:
            data = self.ctl.recv(65536)
        except OSError:
            data = b""
        if not data:
            return False
        if not self.warm:
            item = self.prepare()
            if isinstance(item, str):
                self.ctl.send(json.dumps({"infra": item}).encode())
                return True
            self.warm.append(item)
        ends = self.warm.pop(0)  # the oldest: the most likely to be fully isolated already
        try:
            socket.send_fds(self.ctl, [json.dumps({"fds": list(ends)}).encode()], list(ends.values()))
        except OSError:
            return False
        finally:
            for fd in ends.values():
                os.close(fd)
        return True

    def shutdown(self) -> None:
        """The parent closed us or died: kill every child, remove the private dirs and our base dir."""
        for ends in self.warm:
            for fd in ends.values():
                os.close(fd)
        for rec in list(self.watch.values()):
            self.kill(rec)
        for rec in list({id(r): r for r in self.watch.values()}.values()):
            try:
                os.waitpid(rec["pid"], 0)
            except ChildProcessError:
                pass
            self.reap(rec)
        _rmtree(self.base)


def _rmtree(path: str) -> None:
    try:  # the usual case: the files were in the child's tmpfs, gone with its mount namespace
        os.rmdir(path)
    except OSError:
        import shutil

        shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    _cfg = json.loads(sys.argv[1])
    zygote(int(_cfg["fd"]), list(_cfg["preload"]), int(_cfg["uid"]), int(_cfg["gid"]))
