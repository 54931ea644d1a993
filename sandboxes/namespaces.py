"""The namespace layers: user, pid, mount and network namespaces, the mounts, and the clone.

A child is cloned straight into its namespaces (:func:`clone_process`); in its mount namespace
it mounts its private tmpfs and its own /proc, and covers what must stay hidden
(:func:`_private_mounts`); as a normal user a user namespace maps only the user's own ids
(:func:`_map_user`). As root the fork server makes a private mount namespace of its own first,
where the interpreter's tree is reachable whatever the host's directory modes
(:func:`make_reachable`) and every mount is read-only (:func:`_read_only_mounts`).

Nothing carries state from one execution to the next. As root the zygote makes every mount
of its own mount namespace read-only (:func:`_read_only_mounts`; the children's copies too,
but for each one's private tmpfs and /proc): without Landlock, world-writable places (/tmp,
/var/tmp, /dev/shm) keep nothing, and with or without it, neither a file's times
(``utimensat`` "now" on /dev/null: Landlock does not check it) nor reads (atime) can be read
back by a later execution. Where that namespace is missing (a normal user, or no ``mountns``)
seccomp refuses the ``utime`` family instead (:data:`sandboxes.seccomp._TIMES`), the
candidate's own files included. Left: reads updating atimes as a normal user (which files were
read, once a day), timing, and, without both Landlock and a mount namespace, the world-writable
places.

Self-checks: :func:`check_namespaces`, :func:`check_mounts`.
"""

from __future__ import annotations

import ctypes
import errno
import os
import signal

from .libc import _MACHINE, _below, _check, _libc

CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
CLONE_PARENT = 0x00008000


def unshare(flags: int) -> None:
    _check(_libc.unshare(ctypes.c_int(flags)), "unshare")


MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 1, 2, 4, 8, 0x4000, 1 << 18
MNT_DETACH = 2
MS_BIND, MS_REMOUNT = 4096, 32


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


def _map_user(uid: int, gid: int) -> None:
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        fd = os.open(f"/proc/self/{name}", os.O_WRONLY)
        try:
            os.write(fd, text.encode())
        finally:
            os.close(fd)


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


_MOUNT_KEEP = {"nosuid": MS_NOSUID, "nodev": MS_NODEV, "noexec": MS_NOEXEC, "nosymfollow": 256}  # kept


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


def check_namespaces(flags: int, root: bool) -> bool:
    """The self-check of the namespaces in ``flags`` (a user namespace too, unless ``root``), run
    in a throwaway child (:mod:`sandboxes.probe`): made, and a first process runs in them."""
    u, g = os.getuid(), os.getgid()
    unshare(flags | (0 if root else CLONE_NEWUSER))
    if not root:
        _map_user(u, g)
    pid = os.fork()  # the first process of a new pid namespace
    if pid == 0:
        os._exit(0)
    return os.waitpid(pid, 0)[1] == 0


def check_mounts(tmpdir: str, proc: bool, root: bool) -> bool:
    """The mount namespace's self-check, run in a throwaway child (:mod:`sandboxes.probe`):
    ``tmpdir`` (made by the caller) becomes a private tmpfs and, with ``proc``, /proc shows only
    the new pid namespace's processes."""
    u, g = os.getuid(), os.getgid()
    unshare(CLONE_NEWNS | (CLONE_NEWPID if proc else 0) | (0 if root else CLONE_NEWUSER))
    if not root:
        _map_user(u, g)
    pid = os.fork()
    if pid == 0:
        try:
            _private_mounts(tmpdir, b"size=1m,mode=0700", proc)
            os._exit(0 if not proc or os.listdir("/proc").count("1") == 1 else 1)
        except BaseException:  # noqa: BLE001
            os._exit(1)
    return os.waitpid(pid, 0)[1] == 0
