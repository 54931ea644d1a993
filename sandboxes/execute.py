"""Run untrusted code in an isolated child: as a function server, or as a program on stdin.

Two entry points, both returning raw results (no rewards here):

- :class:`Candidate`: load the code once in a child and call its functions through
  :meth:`Candidate.proxy`. Arguments and return values cross the boundary as plain values only
  (``None``, ``bool``, ``int``, ``float``, ``complex``, ``str``, ``bytes``, and ``list``, ``tuple``,
  ``dict``, ``set``, ``frozenset`` of those); anything else, including subclasses of those types,
  is refused, so trusted code only ever compares values it built itself. An exception the
  candidate raises comes back as a :class:`CandidateRaised` that also derives from the builtin
  exception of the same name (``except ValueError`` in a test still works). A child that dies
  or exceeds its time is restarted for the next call while the wall budget lasts.
- :func:`run_program`: run the code as ``__main__`` with ``stdin`` fed from the parent, collect
  stdout and stderr up to a cap. The expected output never leaves the parent.
"""

from __future__ import annotations

import builtins
import collections
import dataclasses
import errno
import os
import select
import signal
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import protocol
from .forkserver import ChildHandle, ForkServer, SandboxConfig, SandboxUnavailable, get_server


@dataclasses.dataclass(frozen=True)
class Limits:
    """Per-execution limits. ``None`` leaves a limit unset.

    wall_s:       wall-clock budget of one execution (all calls of a :class:`Candidate`,
                  restarts included; one run of :func:`run_program`); the process group is
                  killed when it runs out.
    call_s:       wall-clock limit of one call (function mode).
    cpu_s:        RLIMIT_CPU of each child process (SIGXCPU, then SIGKILL one second later).
    memory_mb:    RLIMIT_AS (address space) of each child process.
    fsize_mb:     RLIMIT_FSIZE: largest file the child may write.
    nofile:       RLIMIT_NOFILE.
    nproc:        RLIMIT_NPROC: processes and threads of one execution (with the ``own_nproc``
                  layer; without it, of every execution and process of the sandbox's uid).
    output_bytes: cap on captured stdout and on stderr each (stdio mode); exceeding it kills the child.
    reply_bytes:  cap on what the candidate's replies may total in one execution (function mode,
                  restarts included): decoding and keeping them is the trusted side's time and
                  memory, outside every limit of the child. Exceeding it fails the call as a crash.
    """

    wall_s: float = 10.0
    call_s: float = 5.0
    cpu_s: float | None = 5.0
    memory_mb: int | None = 1024
    fsize_mb: int | None = 16
    nofile: int | None = 64
    nproc: int | None = 64
    output_bytes: int = 1 << 20
    reply_bytes: int = 16 << 20

    def rlimits(self) -> dict[str, Any]:
        return {
            "cpu_s": self.cpu_s,
            "memory_mb": self.memory_mb,
            "fsize_mb": self.fsize_mb,
            "nofile": self.nofile,
            "nproc": self.nproc,
        }


MAX_PREFETCH = 256  # calls in one batch
_NO_KWARGS = protocol.encode_text({})
Call = tuple[str, tuple, dict]  # (function name, args, kwargs)
_Key = tuple[str, str, str]  # (function name, encoded args, encoded kwargs): what is sent, and a cache key
# Time the child's own setup may take past the execution's deadline: a candidate that spends the
# budget to the millisecond must get a timeout for the next start, never an infrastructure error.
SETUP_GRACE_S = 2.0
# Children tried per start: one that dies before it accepts the request ran none of the
# candidate's code (a warm child the OOM killer took in the server's memory group, where another
# candidate may have filled it), so a fresh one is taken instead of reporting an infrastructure
# error. After "accepted", a death is the candidate's own.
SETUP_TRIES = 3
# What a program may send on its control socket in stdio mode after "accepted": one "done" or
# "load_error" message (their texts are cut at 2000 characters). The socket is the program's fd 3.
_CONTROL_BYTES = 1 << 16

# ----------------------------------------------------------------------------------- errors


class CandidateError(Exception):
    """A call into the candidate did not return a plain value."""


class CandidateRaised(CandidateError):
    """The candidate raised; ``remote_type`` is the name of its exception type."""

    remote_type = "Exception"


class CandidateTimeout(CandidateError):
    """The call (or the execution's wall budget) ran out of time."""


class CandidateCrashed(CandidateError):
    """The child died (signal, os._exit, segfault, rlimit) or broke the protocol."""


class CandidateLoadError(CandidateError):
    """The code did not load: syntax error, or an exception at import time."""


class UnsupportedValue(TypeError):
    """The trusted side tried to send a value the boundary does not carry (a harness limit)."""


class SandboxError(RuntimeError):
    """The sandbox itself failed (not the candidate): an infrastructure error."""


_RAISED: dict[str, type[CandidateRaised]] = {}
_NOT_MIRRORED = {
    "BaseException",
    "SystemExit",
    "KeyboardInterrupt",
    "GeneratorExit",
    "StopIteration",
    "StopAsyncIteration",
}


def _raised(name: str, msg: str) -> CandidateRaised:
    """The exception to raise here for the candidate's ``name``: a CandidateRaised that is also the
    builtin exception of that name when there is one (the name comes from the child: untrusted,
    so only builtin names get a class of their own, and the cache stays bounded)."""
    base = getattr(builtins, name, None)
    if not (isinstance(base, type) and issubclass(base, Exception)) or name in _NOT_MIRRORED:
        exc = CandidateRaised(msg)
        exc.remote_type = name[:100]
        return exc
    cls = _RAISED.get(name)
    if cls is None:
        try:
            cls = type(f"Candidate{name}", (CandidateRaised, base), {"remote_type": name})
        except TypeError:  # an incompatible layout: keep the generic class
            cls = type(f"Candidate{name}", (CandidateRaised,), {"remote_type": name})
        _RAISED[name] = cls
    try:
        return cls(msg)
    except TypeError:  # a builtin that takes other arguments (ExceptionGroup, UnicodeDecodeError)
        exc = CandidateRaised(msg)
        exc.remote_type = name
        return exc


# --------------------------------------------------------------------------------- function mode


def _call_key(name: str, args: tuple, kwargs: dict | None) -> _Key:
    """A call as it crosses the boundary; raises ``protocol.EncodeError`` for a value it cannot carry."""
    return (
        name,
        protocol.encode_text(tuple(args)),
        protocol.encode_text(dict(kwargs)) if kwargs else _NO_KWARGS,
    )


class CallBatch:
    """Calls to prefetch (see :meth:`Candidate.prefetch`), encoded once for many executions.

    The harness keeps one per test code, so a test run many times encodes its literal calls
    once. The first :meth:`keys` encodes them (the first :data:`MAX_PREFETCH`, less those the
    boundary cannot carry), exactly where a plain sequence of calls would be encoded, and
    raises what that would raise. The calls' values must not change after that.
    """

    def __init__(self, calls: Sequence[Call]) -> None:
        self.calls = tuple(calls[:MAX_PREFETCH])
        self._keys: tuple[_Key, ...] | None = None

    def keys(self) -> tuple[_Key, ...]:
        """The encoded calls: (name, args text, kwargs text) each."""
        if self._keys is None:
            keys = []
            for name, args, kwargs in self.calls:
                try:
                    keys.append(_call_key(name, args, kwargs))
                except protocol.EncodeError:
                    continue
            self._keys = tuple(keys)
        return self._keys


class Candidate:
    """The candidate's code loaded in a sandboxed child, called through plain-value proxies.

    >>> with Candidate("def add(a, b): return a + b") as c:
    ...     c.proxy("add")(1, 2)
    3
    """

    def __init__(
        self,
        code: str,
        limits: Limits | None = None,
        config: SandboxConfig | None = None,
        server: ForkServer | None = None,
        max_restarts: int = 3,
        prefetch: Sequence[Call] | CallBatch = (),
    ) -> None:
        self.code = code
        self.limits = limits or Limits()
        self.server = server or get_server(config)
        self.max_restarts = max_restarts
        self.deadline = time.monotonic() + self.limits.wall_s
        self.names: list[str] = []
        self.layers: list[str] = []
        self.load_error: dict[str, Any] | None = None  # {"type", "msg", "syntax"}
        self.events: list[str] = []  # "timeout", "crash:<signal or code>", "memory"
        self.starts = 0
        self.calls = 0
        self._child: ChildHandle | None = None
        self._rid = 0
        self._cache: dict[_Key, collections.deque] = {}
        self._pending: dict[int, _Key] = {}  # request id -> call key, in send order
        self._reply_budget = self.limits.reply_bytes  # bytes the children may still send us
        self._start(prefetch)

    # -- lifecycle -----------------------------------------------------------------------------
    def _start(self, batch: Sequence[Call] | CallBatch = ()) -> None:
        self.starts += 1
        items = self._batch_items(batch)
        child, self.layers = _spawn(
            self.server,
            "call",
            self.limits,
            self.code,
            [{"id": rid, "fn": k[0], "args": k[1], "kwargs": k[2]} for rid, k in items],
            self.deadline,
        )
        self._child = child
        child.max_bytes = child.received + max(self._reply_budget, 0)  # from here on: the candidate's
        try:
            msg = child.recv(self.deadline)  # may be forged by the candidate from here on
        except TimeoutError:  # before OSError, its base class
            self._finish(wait=False)
            self.events.append("timeout")
            self.load_error = {"type": "Timeout", "msg": "loading the code ran out of time", "syntax": False}
            return
        except (EOFError, OSError, ValueError):
            status = self._finish()
            self._record_death(status)
            self.load_error = {
                "type": "Crash",
                "msg": f"the child died while loading ({_describe(status)})",
                "syntax": False,
            }
            return
        if "load_error" in msg:
            self._finish(wait=False)
            err = msg["load_error"] if isinstance(msg["load_error"], dict) else {}
            self.load_error = {
                "type": str(err.get("type", "Exception")),
                "msg": str(err.get("msg", ""))[:2000],
                "syntax": bool(msg.get("syntax")),
            }
            if self.load_error["type"] == "MemoryError":
                self.events.append("memory")
            return
        names = msg.get("ready")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            self._finish(wait=False)
            self.load_error = {"type": "Protocol", "msg": "malformed ready message", "syntax": False}
            return
        self.names = names
        self._pending.update(items)  # answered in order after "ready"; read when a test needs them

    def _batch_items(self, calls: Sequence[Call] | CallBatch) -> list[tuple[int, _Key]]:
        """Request ids for the calls to send (of the candidate's names, once those are known)."""
        if not isinstance(calls, CallBatch):  # only the candidate's names get encoded
            calls = CallBatch([c for c in calls[:MAX_PREFETCH] if not self.names or c[0] in self.names])
        items = []
        for key in calls.keys():
            if self.names and key[0] not in self.names:
                continue
            self._rid += 1
            items.append((self._rid, key))
        return items

    def _finish(self, wait: bool = True) -> int | None:
        """Close the current child; with ``wait``, raise SandboxError if the server says it failed."""
        self._pending.clear()
        child, self._child = self._child, None
        if child is None:
            return None
        self._reply_budget -= child.received
        child.close(wait=wait)
        if wait and child.infra:  # the fork server died or failed: not the candidate's doing
            raise SandboxError(child.infra)
        return child.exit_status

    def _record_death(self, status: int | None) -> None:
        if status is not None and os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU,):
            self.events.append("timeout")
        else:
            self.events.append(f"crash:{_describe(status)}")

    def close(self) -> None:
        """Kill the child; the fork server tears the sandbox down without making us wait."""
        self._finish(wait=False)

    def __enter__(self) -> Candidate:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- calls ---------------------------------------------------------------------------------
    def proxy(self, name: str) -> Callable[..., Any]:
        """A trusted callable that forwards to the candidate's ``name``."""

        def call(*args: Any, **kwargs: Any) -> Any:
            return self.call(name, args, kwargs)

        call.__name__ = call.__qualname__ = name
        return call

    def prefetch(self, calls: Sequence[Call] | CallBatch) -> int:
        """Send ``calls`` now, in one batch; :meth:`call` picks the answers up as the test needs them.

        The harness uses this (through the ``prefetch`` argument of the constructor, which rides
        on the request that carries the code) for the calls it can read from the test source:
        the child computes ahead while answers travel in one stream instead of one round trip
        per call. Each answer is used at most once, by a later call with the same name and
        encoded arguments; answers the test never asks for are dropped with the child. Waiting
        for a queued answer allows ``call_s`` per call queued up to and including it. ``calls``:
        (name, args, kwargs) each, or a :class:`CallBatch` of them. Returns the number of calls sent.
        """
        if self.load_error is not None or self._child is None:
            return 0
        items = self._batch_items(calls)
        if not items:
            return 0
        try:
            self._child.send(
                {"batch": [{"id": rid, "fn": k[0], "args": k[1], "kwargs": k[2]} for rid, k in items]},
                min(self.deadline, time.monotonic() + self.limits.call_s),
            )
        except TimeoutError:  # the child stopped reading: part of the batch may be in the socket
            self._finish(wait=False)
            self.events.append("timeout")
            return 0
        except OSError:
            return 0
        self._pending.update(items)
        return len(items)

    def call(self, name: str, args: tuple = (), kwargs: dict | None = None) -> Any:
        """Call the candidate's ``name`` with plain arguments; return a plain value or raise CandidateError."""
        if self.load_error is not None:
            raise CandidateLoadError(f"{self.load_error['type']}: {self.load_error['msg']}")
        try:
            key = _call_key(name, args, kwargs)
        except protocol.EncodeError as e:
            raise UnsupportedValue(f"the test passed a value the sandbox cannot carry: {e}") from None
        self.calls += 1
        cached = self._cache.get(key)
        if cached:
            return self._unpack(name, cached.popleft())
        if self._child is None:
            if time.monotonic() >= self.deadline:
                raise CandidateTimeout("the execution's wall-clock budget is spent")
            if self.starts > self.max_restarts:
                raise CandidateCrashed("the child died too often")
            if self._reply_budget <= 0:
                raise CandidateCrashed("the candidate's replies used up their byte budget (reply_bytes)")
            self._start()
            if self.load_error is not None:
                raise CandidateLoadError(f"{self.load_error['type']}: {self.load_error['msg']}")
        child = self._child
        assert child is not None
        target = next((rid for rid, k in self._pending.items() if k == key), None)
        try:
            if target is None:
                self._rid += 1
                target = self._rid
                child.send(
                    {"id": target, "fn": name, "args": key[1], "kwargs": key[2]},
                    min(self.deadline, time.monotonic() + self.limits.call_s),
                )
                self._pending[target] = key
            ahead = list(self._pending).index(target)
            deadline = min(self.deadline, time.monotonic() + self.limits.call_s * (ahead + 1))
            reply = self._read_until(child, target, deadline)
        except TimeoutError:
            self._finish(wait=False)
            self.events.append("timeout")
            raise CandidateTimeout(f"{name}() did not return in time") from None
        except (EOFError, OSError, ValueError) as e:
            status = self._finish()
            self._record_death(status)
            if self.events[-1] == "timeout":
                raise CandidateTimeout(f"{name}() used up its CPU time") from None
            raise CandidateCrashed(f"the child failed during {name}() ({_describe(status)}): {e}") from None
        return self._unpack(name, reply)

    def _read_until(self, child: ChildHandle, target: int, deadline: float) -> dict[str, Any]:
        """Read answers in order, caching the queued ones, until the answer to ``target``.

        Every message must answer a pending call (the ids this child was sent and has not
        answered): anything else is a protocol error (ValueError), never noise to skip. Decoding
        a message costs the trusted side the same for 13 bytes as for a kilobyte, so the messages
        of a child, not only their bytes (``reply_bytes``), are bounded: by the calls sent to it."""
        while True:
            reply = child.recv(deadline)
            rid = reply.get("id")
            key = self._pending.pop(rid, None) if type(rid) is int else None
            if key is None:
                raise ValueError("a message that answers no pending call")
            if reply["id"] == target:
                return reply
            self._cache.setdefault(key, collections.deque()).append(reply)

    def _unpack(self, name: str, reply: dict[str, Any]) -> Any:
        if "ok" in reply:
            try:
                return protocol.decode_reply(reply["ok"])
            except (ValueError, TypeError, RecursionError) as e:
                raise CandidateCrashed(f"{name}() returned a malformed value: {e}") from None
        err = reply.get("err")
        if not isinstance(err, dict):
            raise CandidateCrashed(f"{name}(): malformed reply")
        rtype = str(err.get("type", "Exception"))
        if rtype == "MemoryError":
            self.events.append("memory")
        raise _raised(rtype, str(err.get("msg", ""))[:2000])


def _spawn(
    server: ForkServer,
    mode: str,
    limits: Limits,
    code: str,
    batch: Sequence[Mapping[str, Any]],
    deadline: float,
) -> tuple[ChildHandle, list[str]]:
    """A child that has accepted the request (no code of the candidate's has run before that), and
    its layers. ``deadline``: the execution's; the child's setup may take :data:`SETUP_GRACE_S`
    past it.

    Raises SandboxError when the child reports an infrastructure error, does not start in time or
    the fork server fails; a child that dies before "accepted" is replaced (:data:`SETUP_TRIES`).
    SandboxUnavailable and ValueError (the code is too large) come from ``server.spawn``."""
    for attempt in range(SETUP_TRIES):
        child = server.spawn(mode, limits.rlimits(), code, batch)
        try:
            setup_deadline = max(deadline, time.monotonic() + SETUP_GRACE_S)
            hello = child.recv(setup_deadline)  # both messages are sent by our code in the child
            if "infra" in hello:
                raise SandboxError(str(hello["infra"]))
            accepted = child.recv(setup_deadline)
            if "infra" in accepted or "accepted" not in accepted:
                raise SandboxError(str(accepted.get("infra", "the child did not accept the request")))
        except SandboxError:
            child.close(wait=False)
            raise
        except TimeoutError:  # before OSError, its base class
            child.close(wait=False)
            raise SandboxError("the sandboxed child did not start in time") from None
        except (EOFError, OSError, ValueError) as e:
            child.close()  # collects its exit status, or the server's failure
            if child.infra:
                raise SandboxError(child.infra) from e
            if attempt + 1 < SETUP_TRIES:
                continue
            raise SandboxError(f"the child died during setup ({_describe(child.exit_status)})") from e
        layers = (["rlimits"] if child.rlimits else []) + [str(x) for x in hello.get("layers") or []]
        return child, layers
    raise AssertionError("not reached")


def _describe(status: int | None) -> str:
    if status is None:
        return "exit status unknown"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            return f"killed by {signal.Signals(sig).name}"
        except ValueError:
            return f"killed by signal {sig}"
    return f"exit code {os.WEXITSTATUS(status)}"


# ------------------------------------------------------------------------------------ stdio mode


@dataclasses.dataclass
class ProgramResult:
    """What one run of a program produced. ``infra_error`` set means the sandbox failed."""

    stdout: str = ""
    stderr: str = ""
    exit_code: int | None = None
    signal: int | None = None
    timed_out: bool = False
    output_exceeded: bool = False
    memory_exceeded: bool = False
    syntax_error: bool = False
    protocol_error: bool = False  # the program wrote to the sandbox's control socket (fd 3): a failure
    exc_type: str | None = None
    wall_s: float = 0.0
    layers: list[str] = dataclasses.field(default_factory=list)
    infra_error: str | None = None

    @property
    def ok(self) -> bool:
        return (
            self.exit_code == 0
            and not self.timed_out
            and not self.output_exceeded
            and self.infra_error is None
            and not self.syntax_error
            and not self.protocol_error
        )


def run_program(
    code: str,
    stdin: str | bytes | None = None,
    limits: Limits | None = None,
    config: SandboxConfig | None = None,
    server: ForkServer | None = None,
) -> ProgramResult:
    """Run ``code`` as ``__main__`` in a sandboxed child, feeding ``stdin`` (closed when None)."""
    limits = limits or Limits()
    try:
        server = server or get_server(config)
        t0 = time.monotonic()
        deadline = t0 + limits.wall_s
        child, layers = _spawn(server, "stdio", limits, code, (), deadline)
    except (SandboxUnavailable, SandboxError) as e:
        return ProgramResult(infra_error=str(e))
    res = ProgramResult(layers=layers)
    data = stdin.encode() if isinstance(stdin, str) else (stdin or b"")
    out, err = bytearray(), bytearray()
    try:
        _pump(child, data, out, err, deadline, limits.output_bytes, res)
        if not res.timed_out and not res.output_exceeded:
            _collect_control(child, res, deadline)
    except (EOFError, OSError, ValueError):
        pass
    finally:
        if not (res.timed_out or res.output_exceeded or res.infra_error):
            # a program that closed its pipes early may still run: it gets until the deadline
            if child.wait(max(0.0, deadline - time.monotonic()) + 0.5) is None and child.infra is None:
                res.timed_out = True
        if res.timed_out or res.output_exceeded:
            child.kill()
        status = child.wait(5.0)
        child.close()
    res.wall_s = time.monotonic() - t0
    res.stdout = bytes(out[: limits.output_bytes]).decode("utf-8", "replace")
    res.stderr = res.stderr or bytes(err[-4096:]).decode("utf-8", "replace")
    if child.infra and res.infra_error is None:
        res.infra_error = child.infra
    if status is not None:
        if os.WIFSIGNALED(status):
            res.signal = os.WTERMSIG(status)
            if res.signal == signal.SIGXCPU or (
                res.signal == signal.SIGKILL and not child.killed and _cpu_spent(limits, res)
            ):
                res.timed_out = True
        else:
            res.exit_code = os.WEXITSTATUS(status)
    if res.exc_type == "MemoryError" or "MemoryError" in res.stderr[-300:]:
        res.memory_exceeded = True
    return res


def _cpu_spent(limits: Limits, res: ProgramResult) -> bool:
    # SIGKILL we did not send: the hard RLIMIT_CPU (one second after SIGXCPU)
    return limits.cpu_s is not None and res.wall_s >= limits.cpu_s


def _pump(
    child: ChildHandle,
    data: bytes,
    out: bytearray,
    err: bytearray,
    deadline: float,
    cap: int,
    res: ProgramResult,
) -> None:
    """Feed stdin and drain stdout/stderr until both close, the cap is hit, or time runs out."""
    w = child.pipes.pop("stdin")
    os.set_blocking(w, False)
    readers = {child.pipes["stdout"]: out, child.pipes["stderr"]: err}
    offset = 0
    writing = True
    if not data:
        os.close(w)
        writing = False
    while readers:
        left = deadline - time.monotonic()
        if left <= 0:
            res.timed_out = True
            break
        r, wr, _ = select.select(list(readers), [w] if writing else [], [], left)
        if wr:
            try:
                offset += os.write(w, data[offset : offset + 65536])
            except OSError as e:
                if e.errno not in (errno.EAGAIN,):
                    offset = len(data)  # EPIPE: the program stopped reading
            if offset >= len(data):
                os.close(w)
                writing = False
        for fd in r:
            chunk = os.read(fd, 65536)
            if not chunk:
                del readers[fd]
                continue
            buf = readers[fd]
            buf += chunk
            if len(buf) > cap:
                res.output_exceeded = True
                readers.clear()
                break
    if writing:
        os.close(w)


def _collect_control(child: ChildHandle, res: ProgramResult, deadline: float) -> None:
    """Read the program's last message: "done" (exit code, exception type) or "load_error".

    The socket is the program's fd 3, so what comes after "accepted" may be the candidate's: it
    gets one message of at most :data:`_CONTROL_BYTES`, read until the deadline (or half a second
    after its output closed, if that is later), fixed here once. Anything else (another key,
    malformed, too long) is a protocol error that fails the run (``protocol_error``): it is
    not read further, so no stream of messages keeps this side here, and the program is waited
    for until its deadline, as one that closed its pipes early."""
    until = max(deadline, time.monotonic() + 0.5)
    child.max_bytes = child.received + _CONTROL_BYTES
    try:
        msg = child.recv(until)
    except TimeoutError:
        res.timed_out = True
        return
    except ValueError:
        res.protocol_error = True
        return
    except (EOFError, OSError):
        return
    if "load_error" in msg:
        err = msg["load_error"] if isinstance(msg["load_error"], dict) else {}
        res.syntax_error = bool(msg.get("syntax"))
        res.exc_type = str(err.get("type"))
        res.stderr = str(err.get("msg", ""))
    elif "done" in msg:
        exc = msg.get("exc")
        if isinstance(exc, dict):
            res.exc_type = str(exc.get("type"))
    else:
        res.protocol_error = True
