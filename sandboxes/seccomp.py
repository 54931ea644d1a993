"""The seccomp layer: a classic-BPF filter of system calls, built in the fork server.

Installed in two parts (:func:`seccomp_filter`'s ``part``): the bulk once on the fork server
itself, inherited by every child, the rest (:data:`_CHILD_ONLY`) by each child on top. Beyond
what :mod:`sandboxes` lists:

- No inotify or fanotify marks: Landlock does not check them, and a watch on a directory
  outside the sandbox (/tmp, the dataset's) reports what the host does there, file by file.
- socketpair makes AF_UNIX sockets only (another family's socket would be created, and its
  module loaded into the host's kernel on demand, before the call fails).
- No change of RLIMIT_CORE (see :mod:`sandboxes.limits`), and, where a file's times outside the
  private dir could change, none of those (:data:`_TIMES`, see :mod:`sandboxes.namespaces`).

Self-check: :func:`check_seccomp`.
"""

from __future__ import annotations

import ctypes
import errno
import socket
import struct

from sandboxes.libc import _MACHINE, PR_SET_NO_NEW_PRIVS, _check, _libc, prctl
from sandboxes.limits import _RLIMIT_CORE
from sandboxes.namespaces import CLONE_PARENT

PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


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
# read-only mount namespace, see namespaces._read_only_mounts): Landlock does not cover them either. The
# owner sets any times, and anyone who may write to a file may set them to "now": to the
# moment of its choice, on a world-writable file such as /dev/null, which the next execution
# reads back with stat() (a channel between executions that outlives both).
_TIMES = "utime utimes futimesat utimensat".split()
_CLONE_NEW = 0x7E020000  # CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET
# Refused in a clone's flags: new namespaces, and CLONE_PARENT, which would make the new process
# a child of the candidate's parent, the fork server (which reaps only the children it made:
# each such process would stay its zombie, counted against the uid's RLIMIT_NPROC forever).
_CLONE_REFUSED = _CLONE_NEW | CLONE_PARENT


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
    RLIMIT_CORE (:data:`sandboxes.limits._NO_CORE`). Returns None on an architecture we have no numbers for.
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
        # pid 0 (the caller) only; RLIMIT_CORE read, never set (see limits._NO_CORE)
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


def check_seccomp() -> bool:
    """The layer's self-check, run in a throwaway child (:mod:`sandboxes.probe`): under the
    filter, an inet socket is refused."""
    install_seccomp(deny_setsid=True)
    try:
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    except PermissionError:
        return True
    return False
