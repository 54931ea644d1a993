"""The start-up self-checks: which layers work here, each tried for real in a throwaway child.

The fork server runs :func:`probe` once, before it takes its configuration; each layer's check
is beside the layer (``check_*`` in :mod:`sandboxes.limits`, :mod:`sandboxes.namespaces`,
:mod:`sandboxes.seccomp` and :mod:`sandboxes.landlock`). No check depends on a path that
another local user can plant or change: a layer that cannot be confirmed is reported missing.
"""

from __future__ import annotations

import os

from .landlock import check_landlock, landlock_abi
from .limits import check_own_count, check_uid_drop
from .namespaces import CLONE_NEWNET, CLONE_NEWPID, check_mounts, check_namespaces
from .seccomp import check_seccomp


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
        return check_uid_drop(uid, gid)

    def ns(flags: int):
        return lambda: check_namespaces(flags, root)

    def mnt(proc: bool):
        import tempfile

        d = tempfile.mkdtemp()
        try:
            return _probe_one(lambda: check_mounts(d, proc, root))
        finally:
            os.rmdir(d)

    caps = {
        "root": root,
        "drop_uid": root and _probe_one(drop),
        # a process count of its own per execution: a uid of its own (root), or a user namespace
        "own_nproc": (own_uid is not None and _probe_one(lambda: drop(own_uid)))
        if root
        else _probe_one(check_own_count),
        "userns": (not root) and _probe_one(ns(0)),
        "netns": _probe_one(ns(CLONE_NEWNET)),
        "pidns": _probe_one(ns(CLONE_NEWPID)),
        "mountns": mnt(False),
        "procfs": mnt(True),
        "seccomp": _probe_one(check_seccomp),
        "landlock": _probe_one(check_landlock),
        "landlock_abi": landlock_abi(),
    }
    return caps
