"""The fork server ("zygote"): the untrusted side's process that makes, watches and reaps children.

:mod:`sandboxes.forkserver` starts it with ``python -I`` and :func:`main`. It imports nothing
outside the standard library but its own modules, one per layer, each with its self-check:
:mod:`~sandboxes.limits`, :mod:`~sandboxes.namespaces`, :mod:`~sandboxes.landlock` and
:mod:`~sandboxes.seccomp`, checked at start by :mod:`~sandboxes.probe`; the harness protocol,
:mod:`~sandboxes.protocol`; and what each child runs, :mod:`~sandboxes.child`. All are imported
before the first child is made (a child could not read them under Landlock).

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
:class:`sandboxes.child.ChildPlan`); most of the CPU time left is the kernel's (clone,
copy-on-write faults, namespace teardown) and the candidate's own. What the zygote does so that children touch few
pages: it imports everything first and freezes its objects for the collector, makes its own
mount namespace private (children need no recursive remount) and detaches /sys from it (fewer
mounts to copy and tear down), installs the bulk of the seccomp filter on itself, and makes
``threading``'s after-fork handler a no-op for its own clones (they would rebuild exactly the
one thread they have; each child restores the handler before the candidate runs).
"""

from __future__ import annotations

import ctypes
import gc
import json
import os
import select
import signal
import socket
import sys
from collections import deque

from .child import (
    FIRST_FREE_FD,
    RPC_FD,
    RULESET_FD,
    ChildPlan,
    _clone_child,
    _skip_threading_after_fork,
    _template,
)
from .landlock import (
    AllowedPackages,
    build_landlock,
    hidden_paths,
    landlock_readable,
    package_specs,
    preloaded_paths,
)
from .libc import _MACHINE, PR_SET_PDEATHSIG, _below, _libc, prctl
from .limits import _OOM_TAKEN, _OOM_WARM, _set_oom_score, join_memcg, leave_memcg, limit_server
from .namespaces import (
    _SYS_CLONE,
    CLONE_NEWNET,
    CLONE_NEWNS,
    CLONE_NEWPID,
    CLONE_NEWUSER,
    MNT_DETACH,
    MS_PRIVATE,
    MS_REC,
    _read_only_mounts,
    make_reachable,
    mount,
    unshare,
)
from .probe import probe
from .protocol import send_msg
from .seccomp import build_seccomp, install_seccomp

WARM_CHILDREN = 2  # isolated children the fork server keeps ready (one more is in flight to the parent)
PRELOAD = (
    "abc array ast base64 binascii bisect calendar cmath collections collections.abc copy csv dataclasses "
    "datetime decimal difflib enum fractions functools hashlib heapq io itertools json keyword math numbers "
    "operator pprint queue random re resource statistics string struct textwrap time traceback typing "
    "unicodedata zlib"
).split()
# thread pools of numerical libraries an allowed package may load (OpenBLAS, OpenMP, MKL, ...)
_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS")


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
        joined, memcg_home_fd, memcg_parent = join_memcg(memcg, memcg_home)
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
    limit_server()  # ours, and so every child's
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


def _reach_interpreter(plan: ChildPlan, base: str, packages: list[str]) -> None:
    """After the uid drop the candidate must reach the interpreter's own tree (every standard
    library module imports) and the packages it keeps, wherever the host put them
    (:func:`sandboxes.namespaces.make_reachable`); the covers of the packages to hide (no
    Landlock) that are now out of sight anyway are dropped. A failure leaves the modes to decide,
    as before."""
    import sysconfig

    tree = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    tree += [sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib")]
    try:
        make_reachable([os.path.realpath(p) for p in [*tree, *packages, base] if os.path.exists(p)])
    except OSError:
        return
    plan.cover = [path for path in plan.cover if os.path.isdir(path)]


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


def _kill_all(pid: int) -> None:
    for target in (pid, -pid):  # with a pid namespace the first one takes everything down
        try:
            os.kill(target, signal.SIGKILL)
        except OSError:
            pass


class Zygote:
    """The fork server's loop: hand out warm children, kill them on request, reap and report them.

    The children are cloned by a template process forked from here once
    (:func:`sandboxes.child._template`), with ``CLONE_PARENT``: they are our children, and this
    process, which never forks again, does all the bookkeeping without copy-on-write faults. Without a template (an architecture
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
        leave_memcg(self.memcg)
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


def _rmtree(path: str) -> None:
    try:  # the usual case: the files were in the child's tmpfs, gone with its mount namespace
        os.rmdir(path)
    except OSError:
        import shutil

        shutil.rmtree(path, ignore_errors=True)


def main(arg: str) -> None:
    """The fork server's entry point: ``arg`` is :mod:`sandboxes.forkserver`'s configuration (JSON)."""
    cfg = json.loads(arg)
    zygote(
        int(cfg["fd"]),
        list(cfg["preload"]),
        int(cfg["uid"]),
        int(cfg["gid"]),
        cfg.get("memcg"),
        cfg.get("memcg_home"),
        tuple(cfg["uids"]) if cfg.get("uids") else None,
        list(cfg.get("packages") or ()),
    )
