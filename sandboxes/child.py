"""A sandboxed child: cloned by the fork server, it isolates itself, waits, then runs the candidate.

What every child does is decided once in the fork server (:class:`ChildPlan`); after its clone
(:func:`_clone_child`, by the template process: :func:`_template`) a child applies every layer
(:func:`_isolate_child`), reports them and waits, isolated, for its request; then it applies
the request's rlimits and runs the candidate (:func:`_run_child`): as a function server ("call"
mode, stdin, stdout and stderr are /dev/null) or as a program reading stdin ("stdio" mode, the
parent's pipes come with the request).

The parent's end of each RPC socket holds a whole message (as root, past the system's
maximum): the parent's send never waits for a candidate that stops reading.
"""

from __future__ import annotations

import gc
import os
import signal
import socket
import sys

from .landlock import _ll_restrict, install_landlock
from .libc import PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, _libc, prctl
from .limits import _apply_rlimits, _tmpfs_inodes
from .namespaces import CLONE_PARENT, _map_user, _private_mounts, clone_process
from .protocol import (
    MAX_MESSAGE,
    EncodeError,
    _recv_request,
    decode,
    encode_text,
    frame,
    recv_msg,
    send_msg,
)
from .seccomp import install_seccomp

# The descriptors a child starts with, arranged by the fork server before each clone: 0, 1 and 2
# are /dev/null (the server's own stdio), RPC_FD is the child's end of its RPC socket and
# RULESET_FD the Landlock ruleset built by the server (else /dev/null). The server keeps all its
# other descriptors above them, so that the child closes them in one call.
RPC_FD, RULESET_FD, FIRST_FREE_FD = 3, 4, 5
_SO_SNDBUFFORCE = 32

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
        # where seccomp is off (see seccomp._DENIED). 128 per MiB: 8192 files in the default 64 MiB.
        mb = int(layers.get("tmpfs_mb", 64))
        self.tmpfs_opts = f"size={mb}m,nr_inodes={_tmpfs_inodes(mb)},mode=0700".encode()  # + its owner
        self.tmpdir = os.path.join(base, "t") if self.mountns else None
        self.landlock: str | None = None
        self.readable: list[
            str
        ] = []  # what Landlock lets the candidate read (see landlock.landlock_readable)
        self.cover: list[str] = []  # without Landlock: installed packages, covered by empty read-only mounts
        if layers.get("landlock"):
            self.landlock = prep.get("landlock", "self")
        self.seccomp = bool(layers.get("seccomp"))
        self.seccomp_built: tuple[object, object] | None = None  # set by the server
        self.deny_setsid = not layers.get("pidns")
        self.deny_chmod = self.drop is None  # the candidate keeps the host's uid (see seccomp._OWNER_ONLY)
        self.deny_times = True  # until the server's mount namespace is read-only (see seccomp._TIMES)
        self.base_parent_fd: int | None = None  # see zygote()
        names = ("userns", "netns", "pidns", "mountns", "drop_uid", "landlock", "seccomp", "own_nproc")
        # read by the parent once it takes the (warm) child; every layer named here is applied
        # before it is sent, or the child reports an infrastructure error instead
        self.hello = frame({"layers": [n for n in names if layers.get(n)]})


def _isolate_child(plan: ChildPlan, tmpdir: str, uid: int = -1) -> None:
    """Apply every layer of ``plan`` in the child; any failure raises. ``uid``: the child's own
    uid (the ``own_nproc`` layer as root), or -1 for the plan's.

    rlimits come later (:func:`sandboxes.limits._apply_rlimits`, once the request says which): lowering a limit
    needs no privilege, so the child can wait fully isolated for its request. RLIMIT_CORE (1, see :data:`sandboxes.limits._NO_CORE`)
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
