"""The limits of a child: rlimits, its uid (and so its process count), memory, OOM score.

rlimits (CPU, address space, file size, open files, processes) are applied by each child once
its request says which (:func:`_apply_rlimits`); the fork server's own are inherited
(:func:`limit_server`). As root each child drops to an unprivileged uid, with the ``own_nproc``
layer one of its own from the block its fork server reserved (:data:`UID_BASE`); the memory
group is joined by the fork server (:func:`join_memcg`); the OOM scores are written by it
(:func:`_set_oom_score`); the private tmpfs's inodes are capped (:func:`_tmpfs_inodes`).

No core dumps, even of a program the candidate execs (exec makes a process dumpable again)
or of a candidate that keeps the host's uid: RLIMIT_CORE is 1, which the kernel reads as "no
dump" for a pipe in core_pattern too (0 would start the host's crash handler, as root,
outside every namespace, per crash), and seccomp refuses any change of it. RLIMIT_RTPRIO and
RLIMIT_NICE are 0 whatever the host allows (a SCHED_FIFO loop starves the host).

Self-checks: :func:`check_uid_drop`, :func:`check_own_count`.
"""

from __future__ import annotations

import os

from .namespaces import CLONE_NEWUSER, _map_user, unshare

# The own_nproc layer as root: each child drops to a uid of its own, from a block of UID_BLOCK
# uids reserved by its fork server (forkserver._reserve_uids), block i starting at
# UID_BASE + i * UID_BLOCK. systemd documents 0x70000000 (1879048192) to 0x7FFDFFFF as unused:
# above the container ranges, below the "foreign" one; the blocks end at 0x74000000.
UID_BASE, UID_BLOCK, UID_BLOCKS = 0x70000000, 1024, 65536

_RLIMITS = {  # limit key -> (resource, scale)
    "cpu_s": ("RLIMIT_CPU", 1),
    "memory_mb": ("RLIMIT_AS", 1024 * 1024),
    "fsize_mb": ("RLIMIT_FSIZE", 1024 * 1024),
    "nofile": ("RLIMIT_NOFILE", 1),
    "nproc": ("RLIMIT_NPROC", 1),
}


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


def _tmpfs_inodes(mb: int) -> int:
    """The private tmpfs's inode cap (see ChildPlan.tmpfs_opts): 128 per MiB, at least 1024."""
    return max(1024, 128 * mb)


# RLIMIT_CORE of every child, set once by the fork server, and never changed: seccomp refuses it.
# 0 is not enough: with a pipe in /proc/sys/kernel/core_pattern (apport, systemd-coredump) the
# kernel ignores the limit and starts the host's crash handler, as root, outside every namespace,
# for each crash of a dumpable process (a candidate keeping the host's uid, or any program a
# candidate execs: exec makes a process dumpable again). 1 is the value the kernel reads as
# "no dump", for pipes (its guard against recursive crashes) and files (below one page) alike.
_RLIMIT_CORE = 4  # RLIMIT_CORE's number on Linux
_NO_CORE = (1, 1)


def limit_server() -> None:
    """The fork server's own limits, and so every child's."""
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


def join_memcg(memcg: str, memcg_home: str) -> tuple[bool, int | None, int | None]:
    """The fork server joins the memory group ``memcg`` (a cgroup directory, v1 or v2) the parent
    made for the children, first thing: the template and every child start in it. Returns
    (joined, the home group's cgroup.procs, the group's parent dir), both opened for
    :func:`leave_memcg`, or None where that is not possible."""
    memcg_home_fd = memcg_parent = None
    joined = False
    try:  # joined and opened now: /sys is detached from our mount namespace later
        fd = os.open(os.path.join(memcg, "cgroup.procs"), os.O_WRONLY | os.O_CLOEXEC)
        try:
            os.write(fd, b"0")  # this process (and so everything it forks) joins the group
            joined = True
        finally:
            os.close(fd)
        # where we go back to, and the group's parent, to leave and remove the group at
        # shutdown (see Zygote.shutdown); every child closes these (see child._child_main)
        memcg_home_fd = os.open(os.path.join(memcg_home, "cgroup.procs"), os.O_WRONLY | os.O_CLOEXEC)
        memcg_parent = os.open(os.path.dirname(memcg), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:  # not joined, or joined for good: the parent removes the group at close
        for fd in (memcg_home_fd, memcg_parent):
            if fd is not None:
                os.close(fd)
        memcg_home_fd = memcg_parent = None
    return joined, memcg_home_fd, memcg_parent


def leave_memcg(memcg: tuple[int, int, str] | None) -> None:
    """Every child is gone: go back to our home group and remove the children's, so that a
    parent that cannot (a killed pool worker) leaves no group behind."""
    if memcg is None:
        return
    import time

    home, parent, name = memcg
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


def check_uid_drop(uid: int, gid: int) -> bool:
    """The uid drop's self-check, run in a throwaway child (:mod:`sandboxes.probe`): the ids
    change, and root cannot be had back."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    try:
        os.setuid(0)
    except PermissionError:
        return True
    return False


def check_own_count() -> bool:
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
