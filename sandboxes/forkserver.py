"""The trusted side of the fork server: start it, probe the layers, spawn isolated children.

One fork server (the "zygote", :mod:`sandboxes.zygote`) is started per process that uses the
sandbox, lazily, from a scrubbed environment, with a pre-imported standard library. Its template
process clones each child straight into fresh namespaces and the child isolates itself ahead of
time (see the process picture in :mod:`sandboxes.zygote`), so starting an execution costs one
``clone`` (done while the previous execution runs) and two messages instead of an interpreter
start-up. A finished execution is torn down by the server in the background: the caller does
not wait for it.

The server is per process and per configuration: :func:`get_server` returns the running one and
starts a new one after ``fork`` (a pool worker never shares its parent's server). It exits when
the owning process closes it or dies (its control socket reaches EOF).
"""

from __future__ import annotations

import dataclasses
import json
import os
import select
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from . import limits, protocol, zygote

# The fork server's command line: ``python -I`` (no environment, no user site directory, no
# script directory on sys.path) runs :func:`sandboxes.zygote.main`. Its modules are found through
# a package object for this directory, never executed: the package's ``__init__`` is the trusted
# side's, and the fork server imports nothing but the standard library and the layers.
_ZYGOTE_DIR = os.path.dirname(os.path.abspath(zygote.__file__))
_ZYGOTE_START = (
    "import sys; package = type(sys)('sandboxes'); package.__path__ = [sys.argv[1]]; "
    "sys.modules['sandboxes'] = package; from sandboxes import zygote; zygote.main(sys.argv[2])"
)
_SCRUBBED_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}

# The layers, in the order they are applied, and the minimum: every group needs one member.
LAYERS = (
    "rlimits", "drop_uid", "userns", "netns", "pidns", "mountns", "landlock", "seccomp", "memcg", "own_nproc"
)
MINIMUM = {
    "no network": ("netns", "seccomp"),
    "containment of every process the candidate starts": ("pidns", "seccomp"),
    "host files and processes out of reach": ("drop_uid", "landlock"),
    # RLIMIT_NPROC counts the processes of a uid: shared, a fork bomb's (still being torn down, or
    # in another pool) make an honest candidate's thread fail, a wrong answer that is not its own
    "a process count of its own for each execution": ("own_nproc",),
}


class SandboxUnavailable(RuntimeError):
    """The fork server could not start, or the minimum isolation is missing and policy is 'raise'."""


@dataclasses.dataclass(frozen=True)
class SandboxConfig:
    """How to isolate. The defaults use every layer the platform offers.

    uid, gid:   the unprivileged ids the child drops to when the parent is root (65534 = nobody);
                with the ``own_nproc`` layer each child takes a uid of its own instead (see
                :func:`_reserve_uids`) and keeps ``gid``.
    disable:    layer names to leave off even if available (tests use this to simulate a weaker
                platform; see :data:`LAYERS`).
    on_missing: "raise" (refuse to run untrusted code) or "warn" (run, but warn loudly) when a
                group of :data:`MINIMUM` has no active layer.
    preload:    modules imported once in the fork server. After the uid drop the child may not be
                able to read the interpreter's library directory, so whatever the candidate needs
                should be preloaded (the default covers the standard library used by typical
                benchmark solutions). Installed packages (site-packages) are hidden from the
                candidate, except the ones named here (their submodules stay importable).
    packages:   installed packages (top-level names, e.g. ``("numpy",)``) the candidate may import,
                read-only, without the fork server importing them: each one's directory (and
                the ``NAME.libs`` beside it, a wheel's bundled shared libraries) is readable,
                nothing else of site-packages (with Landlock; without it, as for ``preload``, a
                package directory that holds one is left uncovered whole). Name a package's
                dependencies too. Numerical libraries get one thread (``OPENBLAS_NUM_THREADS``
                and the like are 1). A name that is not installed makes :func:`get_server` raise.
    python:     the interpreter that runs the fork server.
    tmpfs_mb:   size of the private temp dir (a tmpfs, with the ``mountns`` layer): a disk quota.
    memory_cap_mb: memory of every sandboxed process of this server together, page cache and
                tmpfs files and socket buffers included (the ``memcg`` layer: a memory cgroup of
                its own, v1 or v2, where this process may make one; see :func:`_make_memcg`).
                RLIMIT_AS bounds each process only; past this cap the kernel's OOM killer takes
                a candidate's process, inside the group.
    """

    uid: int = 65534
    gid: int = 65534
    disable: frozenset[str] = frozenset()
    on_missing: str = "raise"
    preload: tuple[str, ...] = tuple(zygote.PRELOAD)
    packages: tuple[str, ...] = ()
    python: str = sys.executable
    tmpfs_mb: int = 64
    memory_cap_mb: int = 2048

    def __post_init__(self) -> None:
        unknown = set(self.disable) - set(LAYERS)
        if unknown:
            raise ValueError(f"unknown layers {sorted(unknown)}; known: {LAYERS}")
        if self.on_missing not in ("raise", "warn"):
            raise ValueError("on_missing must be 'raise' or 'warn'")
        if isinstance(self.packages, str) or not all(
            isinstance(name, str) and name.isidentifier() for name in self.packages
        ):
            raise ValueError(f"packages must be top-level module names, got {self.packages!r}")


_MEMCG_ROOT = "/sys/fs/cgroup/memory"  # cgroup v1's memory hierarchy


def _reserve_uids() -> tuple[socket.socket, int] | None:
    """A block of :data:`limits.UID_BLOCK` uids no other fork server on this host uses, for the
    ``own_nproc`` layer (root): (the lock, the block's first uid), or None when every block is
    taken. The lock is an abstract unix socket bound to the block's name: the kernel frees the
    name when its last holder (this process, and the fork server, which inherits it) is gone,
    so a killed pool worker leaves nothing behind. Abstract names are per network namespace:
    servers in different ones (containers sharing the host's uids) do not see each other's."""
    for block in range(limits.UID_BLOCKS):
        lock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            lock.bind(b"\0verigrpo-uids-%d" % block)
        except OSError:
            lock.close()
            continue
        return lock, limits.UID_BASE + block * limits.UID_BLOCK
    return None


def _own_cgroup(controller: str) -> str | None:
    """This process's cgroup path in the hierarchy of ``controller`` (``""``: the v2 hierarchy)."""
    try:
        with open("/proc/self/cgroup") as f:
            for line in f:
                _, names, path = line.rstrip("\n").split(":", 2)
                if (controller in names.split(",")) if controller else names == "":
                    return path
    except (OSError, ValueError):
        pass
    return None


def _cgroup2_mount() -> str | None:
    """Where the unified (v2) hierarchy is mounted, if it is."""
    try:
        with open("/proc/self/mounts") as f:
            for line in f:
                fields = line.split()
                if len(fields) > 2 and fields[2] == "cgroup2":
                    return fields[1]
    except OSError:
        pass
    return None


def _words(path: str) -> list[str]:
    try:
        with open(path) as f:
            return f.read().split()
    except OSError:
        return []


def _new_group(parent: str, limits: dict[str, str]) -> str | None:
    """A fresh group below ``parent`` with ``limits`` written (the first is required); None if not."""
    path = os.path.join(parent, f"verigrpo-{os.getpid()}-{os.urandom(4).hex()}")
    try:
        os.mkdir(path, 0o700)
    except OSError:
        return None
    for i, (name, value) in enumerate(limits.items()):
        try:
            with open(os.path.join(path, name), "w") as f:
                f.write(value)
        except OSError:
            if i == 0:
                _remove_memcg(path)
                return None
    return path


def _make_memcg(cap_mb: int) -> tuple[str, str] | None:
    """A fresh memory group limited to ``cap_mb`` for the fork server to join, and its "home" (the
    group it goes back to before removing this one at shutdown); None where this process may make
    none (not root, or no memory controller it can use).

    cgroup v1: below this process's own memory group. cgroup v2: controllers reach only groups
    whose parent enables them, and a group that enables them may hold no process ("no internal
    processes"), so the new group is made *beside* this process's own (its parent enables the
    memory controller exactly when our group lists it), or below it when ours is the hierarchy's
    root. The fork server then leaves its own group's limits (the parent's still apply), for the
    group's cap. Swap is capped at 0 where the kernel has that knob: memory pushed to swap would
    escape the cap."""
    cap = str(int(cap_mb) << 20)
    own = _own_cgroup("memory")
    if own is not None and os.path.isdir(_MEMCG_ROOT):
        group = _new_group(_MEMCG_ROOT + own, {"memory.limit_in_bytes": cap})
        return (group, os.path.dirname(group)) if group else None
    mount, own = _cgroup2_mount(), _own_cgroup("")
    if mount is None or own is None:
        return None
    home = os.path.normpath(mount + own)
    if "memory" in _words(os.path.join(home, "cgroup.subtree_control")):
        parent = home
    elif "memory" in _words(os.path.join(home, "cgroup.controllers")) and home != os.path.normpath(mount):
        parent = os.path.dirname(home)
    else:
        return None
    group = _new_group(parent, {"memory.max": cap, "memory.swap.max": "0"})
    return (group, home) if group else None


def _remove_memcg(path: str | None, wait_s: float = 2.0) -> None:
    """Remove the group once its processes are gone (a killed child may still be exiting)."""
    if path is None:
        return
    deadline = time.monotonic() + wait_s
    while True:
        try:
            os.rmdir(path)
            return
        except FileNotFoundError:
            return
        except OSError:
            if time.monotonic() >= deadline:
                return  # left behind, empty soon: the kernel frees it when its last process exits
            time.sleep(0.02)


def missing_groups(active: Mapping[str, bool]) -> list[str]:
    """The groups of :data:`MINIMUM` that no active layer covers."""
    return [group for group, members in MINIMUM.items() if not any(active.get(m) for m in members)]


class ForkServer:
    """A running zygote plus what it found out about the platform."""

    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        self.owner = os.getpid()
        self._lock = threading.Lock()
        self._base = tempfile.mkdtemp(prefix="verigrpo-sandbox-")
        os.chmod(self._base, 0o711)  # the dropped uid must be able to enter its own subdirectory
        # the children's memory group: the template process joins it, so every child starts in it
        made = None if "memcg" in self.config.disable else _make_memcg(self.config.memory_cap_mb)
        self._memcg, memcg_home = made or (None, None)
        # the children's uids (own_nproc, as root): a block of this server's own
        wants_uids = os.geteuid() == 0 and not {"own_nproc", "drop_uid"} & set(self.config.disable)
        reserved = _reserve_uids() if wants_uids else None
        self._uid_lock, first_uid = reserved or (None, None)
        parent, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        cfg = {
            "fd": child.fileno(),
            "preload": list(self.config.preload),
            "uid": self.config.uid,
            "gid": self.config.gid,
            "base": self._base,
            "memcg": self._memcg,
            "memcg_home": memcg_home,
            "packages": list(self.config.packages),
        }  # base: names this server's processes
        passed = [child.fileno()]
        if self._uid_lock is not None:
            cfg["uids"] = [first_uid, limits.UID_BLOCK, self._uid_lock.fileno()]
            passed.append(self._uid_lock.fileno())
        try:
            self._proc = subprocess.Popen(
                [self.config.python, "-I", "-c", _ZYGOTE_START, _ZYGOTE_DIR, json.dumps(cfg)],
                pass_fds=passed,
                env=_SCRUBBED_ENV,
                cwd=self._base,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError as e:
            shutil.rmtree(self._base, ignore_errors=True)
            _remove_memcg(self._memcg, 0)
            self._release_uids()
            raise SandboxUnavailable(f"cannot start the fork server: {e}") from e
        child.close()
        self._ctl = parent
        ready, _, _ = select.select([parent], [], [], 30.0)
        msg = parent.recv(65536) if ready else b""
        if not msg:
            self.close()
            raise SandboxUnavailable("the fork server did not start (no ready message within 30 s)")
        hello = json.loads(msg)
        self.caps: dict[str, Any] = hello["caps"]
        self.caps["memcg"] = bool(self._memcg and hello.get("memcg"))  # the server could join it
        self.zygote_pid: int = hello["pid"]
        self.missing_packages: list[str] = list(hello.get("missing_packages") or [])
        self.active = self._choose_layers()
        self.missing = missing_groups(self.active)
        self._warned = False
        self._inflight = False
        parent.send(json.dumps({"layers": self.layers_request(), "base": self._base}).encode())
        ready, _, _ = select.select([parent], [], [], 30.0)
        msg = parent.recv(65536) if ready else b""
        if not msg:
            self.close()
            raise SandboxUnavailable("the fork server did not take its configuration within 30 s")
        # the process that clones the children (the tests tell it from a child by its pid)
        self.template_pid: int | None = json.loads(msg).get("template")

    @property
    def memcg(self) -> str | None:
        """The children's memory group (a cgroup directory, v1 or v2), if the ``memcg`` layer is active."""
        return self._memcg if self.active.get("memcg") else None

    def check_minimum(self) -> None:
        """Apply ``on_missing``: raise :class:`SandboxUnavailable`, or warn loudly (once). A package
        of ``config.packages`` that is not installed always raises (a configuration error)."""
        if self.missing_packages:
            raise SandboxUnavailable(
                f"packages not installed for {self.config.python}: {', '.join(self.missing_packages)}"
            )
        if not self.missing:
            return
        text = "sandbox is missing: " + "; ".join(self.missing) + f" (active layers: {self.active_names()})"
        if self.config.on_missing == "raise":
            raise SandboxUnavailable(text + "; pass on_missing='warn' to run anyway")
        if not self._warned:
            self._warned = True
            warnings.warn("UNSAFE " + text, RuntimeWarning, stacklevel=3)
            print(f"WARNING: UNSAFE {text}", file=sys.stderr)

    def _choose_layers(self) -> dict[str, bool]:
        off = self.config.disable
        caps = self.caps
        active = {name: bool(caps.get(name)) and name not in off for name in LAYERS if name != "rlimits"}
        active["rlimits"] = "rlimits" not in off
        if not caps.get("root"):
            active["drop_uid"] = False
            # without root the namespaces come through a user namespace
            if not active["userns"]:
                active["netns"] = active["pidns"] = active["mountns"] = False
        else:
            active["userns"] = False
        # a process count of its own: a uid of its own after the drop (root), or a user namespace
        # of its own (a normal user's children get one when they get any other namespace)
        if caps.get("root"):
            active["own_nproc"] = active["own_nproc"] and active["drop_uid"]
        else:
            nested = active["netns"] or active["pidns"] or active["mountns"]
            active["own_nproc"] = active["own_nproc"] and active["userns"] and nested
        return active

    @property
    def base(self) -> str:
        """The server's private directory; its path appears in every process it forks (argv)."""
        return self._base

    def active_names(self) -> list[str]:
        return [name for name in LAYERS if self.active.get(name)]

    def layers_request(self) -> dict[str, Any]:
        a = self.active
        need_userns = a["userns"] and (a["netns"] or a["pidns"] or a["mountns"])
        return {
            "drop_uid": a["drop_uid"],
            "uid": self.config.uid,
            "gid": self.config.gid,
            "netns": a["netns"],
            # the children share one empty network namespace made by the server (not one each)
            # when nothing but AF_UNIX sockets can be made and Landlock scopes abstract sockets
            "shared_netns": a["netns"]
            and not need_userns
            and a["seccomp"]
            and a["landlock"]
            and int(self.caps.get("landlock_abi") or 0) >= 6,
            "pidns": a["pidns"],
            "userns": need_userns,
            "seccomp": a["seccomp"],
            "landlock": a["landlock"],
            "mountns": a["mountns"],
            "procfs": a["mountns"] and a["pidns"] and bool(self.caps.get("procfs")),
            "tmpfs_mb": self.config.tmpfs_mb,
            "memcg": a["memcg"],
            "own_nproc": a["own_nproc"],
        }

    def spawn(
        self, mode: str, limits: Mapping[str, Any], code: str, batch: Sequence[Mapping[str, Any]] = ()
    ) -> ChildHandle:
        """Take an isolated child (forked ahead of time), send it ``code`` and return its handle.

        ``mode`` is "call" (function server; stdin, stdout and stderr are /dev/null) or "stdio"
        (the program's stdin and output are pipes to us). The first message the caller reads is
        ``{"layers": [...]}`` (sent by the child once isolated, before it saw the code), then the
        mode's messages; in call mode ``batch`` calls are answered right after "ready".
        One request to the fork server stays in flight, so the next child's descriptors are
        usually waiting in the socket when the next execution starts.
        """
        if os.getpid() != self.owner:
            raise SandboxUnavailable("a fork server cannot be used from a forked process; use get_server()")
        try:
            with self._lock:
                if not self._inflight:
                    self._ctl.send(b"take")
                self._inflight = False
                ready, _, _ = select.select([self._ctl], [], [], 30.0)
                if not ready:
                    raise OSError("no answer from the fork server within 30 s")
                msg, fds, _flags, _addr = socket.recv_fds(self._ctl, 65536, 8)
                if msg:
                    self._ctl.send(b"take")  # ask for the next one now
                    self._inflight = True
        except OSError as e:
            raise SandboxUnavailable(f"the fork server is gone: {e}") from e
        if not msg:
            raise SandboxUnavailable("the fork server is gone")
        reply = json.loads(msg)
        if "infra" in reply or len(fds) != 2:
            for fd in fds:
                os.close(fd)
            raise SandboxUnavailable(str(reply.get("infra", "the fork server sent no child")))
        handle = ChildHandle(socket.socket(fileno=fds[0]), socket.socket(fileno=fds[1]), {})
        handle.pid = reply.get("pid")
        rlimits = {k: v for k, v in limits.items() if v is not None} if self.active["rlimits"] else {}
        handle.rlimits = bool(rlimits)
        req: dict[str, Any] = {"mode": mode, "limits": rlimits, "code": code}
        if batch:
            req["batch"] = list(batch)
        theirs: list[int] = []
        try:
            data = protocol.frame(req)
            if mode == "stdio":  # the program's stdin, stdout and stderr: pipes to us, sent with the request
                (in_r, in_w), (out_r, out_w), (err_r, err_w) = os.pipe(), os.pipe(), os.pipe()
                handle.pipes = {"stdin": in_w, "stdout": out_r, "stderr": err_r}
                theirs = [in_r, out_w, err_w]
                socket.send_fds(handle.rpc, [data[:4]], theirs)
                data = data[4:]
            handle.rpc.sendall(data)
        except protocol.EncodeError as e:  # a request over MAX_MESSAGE: the input's fault
            handle.close(wait=False)
            raise ValueError(f"the code is too large for the sandbox: {e}") from None
        except OSError:
            pass  # a child that died in setup: the caller reads EOF and the server's report
        finally:
            for fd in theirs:
                os.close(fd)
        return handle

    def alive(self) -> bool:
        return self._proc.poll() is None

    def close(self) -> None:
        try:
            self._ctl.close()
        except OSError:
            pass
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        shutil.rmtree(self._base, ignore_errors=True)
        _remove_memcg(self._memcg)
        self._release_uids()

    def _release_uids(self) -> None:
        """Our hold on the uid block (the fork server holds it too, until it exits)."""
        if self._uid_lock is not None:
            self._uid_lock.close()
            self._uid_lock = None


class ChildHandle:
    """The parent's ends of one child: a framed-JSON RPC socket, a status socket, optional pipes."""

    def __init__(self, rpc: socket.socket, status: socket.socket, pipes: dict[str, int]) -> None:
        self.rpc = rpc
        self.status = status
        self.pipes = pipes
        self._buf = bytearray()
        self._status_buf = bytearray()
        self.pid: int | None = None
        self.exit_status: int | None = None
        self.killed = False
        self.infra: str | None = None
        self.closed = False
        self.rlimits = False  # whether rlimits were requested (the child applies them after its hello)
        self.received = 0  # bytes read from the RPC socket
        self.max_bytes: int | None = None  # more than this from the child is a protocol error

    # -- rpc -----------------------------------------------------------------------------------
    def send(self, obj: object, deadline: float | None = None) -> None:
        """Send one message; with ``deadline``, raise TimeoutError when it has not gone by then
        (a child that stops reading must not hold the parent once the socket's buffer is full)."""
        if deadline is None:
            protocol.send_msg(self.rpc, obj)
            return
        self.rpc.settimeout(max(deadline - time.monotonic(), 1e-3))
        try:
            protocol.send_msg(self.rpc, obj)
        finally:
            self.rpc.settimeout(None)

    def recv(self, deadline: float) -> dict[str, Any]:
        """One framed message; raises TimeoutError at ``deadline`` and EOFError when the child is gone."""
        while True:
            if len(self._buf) >= 4:
                (n,) = struct.unpack(">I", self._buf[:4])
                if n > protocol.MAX_MESSAGE:
                    raise ValueError("oversized message from the child")
                if len(self._buf) >= 4 + n:
                    data = self._buf[4 : 4 + n]
                    del self._buf[: 4 + n]
                    try:
                        msg = protocol.decode_frame(data.decode())
                    except (
                        ValueError,
                        RecursionError,
                    ) as e:  # the child is untrusted: noise is a protocol error
                        raise ValueError(f"malformed message from the child: {type(e).__name__}") from None
                    if not isinstance(msg, dict):
                        raise ValueError("malformed message from the child")
                    return msg
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            try:  # often there already: then no select
                chunk = self.rpc.recv(1 << 20, socket.MSG_DONTWAIT)
            except BlockingIOError:
                ready, _, _ = select.select([self.rpc], [], [], left)
                if not ready:
                    raise TimeoutError from None
                chunk = self.rpc.recv(1 << 20)
            if not chunk:
                raise EOFError
            self.received += len(chunk)
            if self.max_bytes is not None and self.received > self.max_bytes:
                raise ValueError(f"the child sent more than {self.max_bytes} bytes")
            self._buf += chunk

    # -- status --------------------------------------------------------------------------------
    def _read_status(self, timeout: float) -> bool:
        """Read status messages for up to ``timeout`` seconds; True once the exit is known."""
        deadline = time.monotonic() + timeout
        while self.exit_status is None and self.infra is None:
            while len(self._status_buf) >= 4:
                (n,) = struct.unpack(">I", self._status_buf[:4])
                if len(self._status_buf) < 4 + n:
                    break
                msg = json.loads(bytes(self._status_buf[4 : 4 + n]))
                del self._status_buf[: 4 + n]
                if "pid" in msg:
                    self.pid = msg["pid"]
                if "exit" in msg:
                    self.exit_status = msg["exit"]
                    self.killed = self.killed or msg.get("killed", False)
                if "infra" in msg:
                    self.infra = msg["infra"]
            if self.exit_status is not None or self.infra is not None:
                break
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            ready, _, _ = select.select([self.status], [], [], left)
            if not ready:
                return False
            try:
                chunk = self.status.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                if self.exit_status is None and self.infra is None:
                    self.infra = "the fork server vanished"
                break
            self._status_buf += chunk
        return True

    def kill(self) -> None:
        """Kill the child and everything it started (the fork server does it; idempotent)."""
        if not self.killed:
            self.killed = True
            try:
                self.status.send(b"k")
            except OSError:
                pass

    def wait(self, timeout: float = 5.0) -> int | None:
        """The child's raw wait status (None if unknown within ``timeout``)."""
        self._read_status(timeout)
        return self.exit_status

    def close(self, wait: bool = True) -> None:
        """Kill (if still running) and release every descriptor.

        With ``wait`` the exit status is collected first (the server reports it after everything
        in the sandbox is dead and the private dir is removed); without, the server finishes
        the teardown on its own while the caller moves on.
        """
        if self.closed:
            return
        self.closed = True
        if self.exit_status is None:
            self.kill()
            if wait:
                self._read_status(5.0)
        for s in (self.rpc, self.status):
            s.close()
        for fd in self.pipes.values():
            try:
                os.close(fd)
            except OSError:
                pass


_SERVERS: dict[tuple[int, SandboxConfig], ForkServer] = {}
_SERVERS_LOCK = threading.Lock()


def get_server(config: SandboxConfig | None = None) -> ForkServer:
    """The fork server of this process for ``config``, started on first use (and after a fork).

    Raises :class:`SandboxUnavailable` when it cannot start, or when the minimum isolation is
    missing and ``config.on_missing == "raise"``.
    """
    server = _get(config or SandboxConfig())
    server.check_minimum()
    return server


def _get(config: SandboxConfig) -> ForkServer:
    key = (os.getpid(), config)
    with _SERVERS_LOCK:
        server = _SERVERS.get(key)
        if server is not None and not server.alive():
            server.close()
            server = None
        if server is None:
            server = ForkServer(config)
            _SERVERS[key] = server
        return server


def shutdown() -> None:
    """Close every fork server this process started."""
    with _SERVERS_LOCK:
        for (pid, _), server in list(_SERVERS.items()):
            if pid == os.getpid():
                server.close()
        _SERVERS.clear()


def capabilities(config: SandboxConfig | None = None) -> dict[str, Any]:
    """What this platform offers and which layers are active under ``config``.

    Returns ``{"available": {...}, "active": [...], "missing": [...]}``; ``missing`` lists the
    groups of :data:`MINIMUM` with no active layer. Never raises for missing layers.
    """
    server = _get(config or SandboxConfig())
    return {"available": dict(server.caps), "active": server.active_names(), "missing": list(server.missing)}


def _forget_inherited() -> None:
    """In a forked child: drop (without stopping) the servers of the parent, close our copy of
    their control sockets so that they still see EOF when the parent goes."""
    for (pid, _), server in list(_SERVERS.items()):
        if pid != os.getpid():
            try:
                server._ctl.close()
            except OSError:
                pass
            server._release_uids()  # our copy of its uid block's lock
    _SERVERS.clear()


import atexit  # noqa: E402

atexit.register(shutdown)
os.register_at_fork(after_in_child=_forget_inherited)
