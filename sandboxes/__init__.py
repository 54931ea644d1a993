"""sandboxes: run untrusted code under isolation and return raw results (no rewards here).

Threat model
============
The code comes from a policy being optimised for reward: assume it actively tries to fake a
pass, to hang or exhaust the machine, and to touch the host. What we defend, and how:

Verdict forgery (covered by design). The test code and expected values never enter a process
the candidate controls. The candidate runs in a sandboxed child as a function server; the
trusted harness (:mod:`sandboxes.harness`, in the calling process) runs the tests and reaches
the candidate only through proxies that carry plain values (tagged JSON, decoded here into
fresh builtins: no subclass, no ``__eq__`` of the candidate's, no pickle). For stdin/stdout
tasks the parent compares outputs it alone knows. Results are counted by the harness, so a
test passes only if it was reached and returned normally. Defeated by construction: exiting
early (0 or SystemExit), printing success markers, patching ``assert``/builtins/``AssertionError``,
``atexit``/``sys.excepthook``, editing the harness at import (it only edits its own copy),
reading the tests from disk or memory (they are in neither), ``__eq__`` overrides and ``int``
subclasses, writing fake result lines to every descriptor (replies are matched by request id
and decoded as plain values; noise fails the call).

Host damage (covered by layers, each probed at start and reported, see :func:`capabilities`):
a fresh forked child per execution of a pre-warmed fork server, in its own session and a
fresh pid namespace (``pidns``: killing its pid 1 kills everything it started), a fresh network
namespace (``netns``: no interface but a down loopback), a private 0700 temp dir removed
afterwards, a scrubbed environment, stdin closed unless fed, rlimits (CPU, address space,
file size, open files, processes; core dumps off), output caps, the drop to uid/gid 65534 when
run as root (``drop_uid``: NPROC binds, root's files and processes are out of reach), Landlock
(``landlock``: writes only in the temp dir, reads only of system and interpreter directories,
no TCP, no signals or ptrace to processes outside), and a seccomp filter (``seccomp``: no
socket but AF_UNIX, no ptrace, process_vm_*, io_uring, bpf, perf_event_open; without a pid
namespace also no setsid/setpgid, so the process group holds every descendant). As a normal
user the namespaces come from a user namespace where the kernel allows it.

Minimum: each of "no network" (netns or seccomp), "containment" (pidns or seccomp) and "host
files out of reach" (drop_uid or Landlock) must have an active layer; otherwise the sandbox
refuses to run (``on_missing="raise"``, the default) or warns loudly (``"warn"``).

Not covered (known gaps):
- Kernel exploits and side channels (timing, /proc/cpuinfo, cache): the child shares the kernel.
- The child can read world-readable system files (/etc, /usr) and interpreter directories;
  without Landlock, every world-readable file.
- CPU and memory are limited per process: a fork bomb of sleeping processes is bounded by
  NPROC (shared by every sandbox of the same uid), not by a cgroup; parallel sandboxes of one
  uid can starve each other's forks. No cgroup is used.
- Only plain values cross the boundary: tests that pass callables or custom objects to the
  candidate, expect it to return them, or inspect argument mutation are not supported (they
  are reported as an infrastructure error or a failed test, never as a pass).
- The trusted test code itself is not sandboxed: it must come from the dataset, not the model.
- Abstract unix sockets and shared memory between concurrent candidates are blocked only by
  Landlock's scoping (ABI >= 6) and the pid/network namespaces.
"""

from sandboxes.execute import (
    Candidate,
    CandidateCrashed,
    CandidateError,
    CandidateLoadError,
    CandidateRaised,
    CandidateTimeout,
    Limits,
    ProgramResult,
    SandboxError,
    run_program,
)
from sandboxes.forkserver import (
    LAYERS,
    MINIMUM,
    SandboxConfig,
    SandboxUnavailable,
    capabilities,
    get_server,
    shutdown,
)
from sandboxes.harness import TestReport, TestResult, run_assert_tests, run_check, run_io_tests

__all__ = [
    "LAYERS",
    "MINIMUM",
    "Candidate",
    "CandidateCrashed",
    "CandidateError",
    "CandidateLoadError",
    "CandidateRaised",
    "CandidateTimeout",
    "Limits",
    "ProgramResult",
    "SandboxConfig",
    "SandboxError",
    "SandboxUnavailable",
    "TestReport",
    "TestResult",
    "capabilities",
    "get_server",
    "run_assert_tests",
    "run_check",
    "run_io_tests",
    "run_program",
    "shutdown",
]
