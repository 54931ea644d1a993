"""The seccomp layer: a classic-BPF filter of system calls, built in the fork server.

An allowlist, default-deny (issue 15, item 6: ``memfd_secret`` got through the old denylist).
:data:`_TABLE` names every call the filter knows, with its number on x86_64 and on aarch64, in
groups, each with its reason: what honest candidates need (file I/O, memory, threads and
processes of their own, signals, clocks, select/poll/epoll, unix sockets of their own,
getrandom) and what the fork server needs after it binds itself (clone into namespaces, mount,
setsid, the uid drop, Landlock, seccomp). Every call the table does not name gets ENOSYS, the
kernel's own answer for a call it does not have: libc and Python then take their fallbacks (as
for clone3), and a candidate gets an ``OSError`` it can catch, never a kill. Calls named for a
reason to refuse them get EPERM (:data:`_DENIED`), and a few are allowed with checks of their
arguments (the "rule" group, see :func:`seccomp_filter`). A foreign architecture's call (the
audit arch) and an x32 one are killed.

Found by running the honest workloads under the filter (every standard-library module
imports, threads, asyncio, file I/O in the private dir, mmap, signals, select/poll/epoll,
getrandom, subprocess, numpy when allowed, bench_humaneval's 164 solutions): see
``tests/test_issue15_seccomp.py``. Allowed calls whose answer does not depend on their
arguments cost nothing per call: the kernel caches them (Linux >= 5.11).

Installed in two parts (:func:`seccomp_filter`'s ``part``): the bulk once on the fork server
itself, inherited by every child, the rest (:data:`_CHILD_ONLY`) by each child on top. Beyond
what :mod:`sandboxes` lists:

- No inotify or fanotify marks: Landlock does not check them, and a watch on a directory
  outside the sandbox (/tmp, the dataset's) reports what the host does there, file by file.
- socketpair makes AF_UNIX sockets only (another family's socket would be created, and its
  module loaded into the host's kernel on demand, before the call fails).
- No change of RLIMIT_CORE (see :mod:`sandboxes.limits`), and, where a file's times outside the
  private dir could change, none of those (:data:`_TIMES`, see :mod:`sandboxes.namespaces`).
- No mlock: locked pages cannot be reclaimed.

Self-check: :func:`check_seccomp`.
"""

from __future__ import annotations

import ctypes
import errno
import socket
import struct

from .libc import _MACHINE, PR_SET_NO_NEW_PRIVS, _check, _libc, prctl
from .limits import _RLIMIT_CORE
from .namespaces import CLONE_PARENT

PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


# THE TABLE: every system call the filter names, with its number on x86_64 and on aarch64 (the
# generic table; "-": no such call there), in groups, each with the reason its calls are there.
# Taken from the kernel's arch/x86/entry/syscalls/syscall_64.tbl and include/uapi/asm-generic/
# unistd.h (numbers from 424 up are the same on every architecture); each number appears once
# per architecture (tests/test_issue15_seccomp.py checks it). Every call of a group other than
# "rule", "owner", "times" and "deny" is allowed as it is; a call that is not in this table at
# all is refused with ENOSYS (see _UNLISTED), whatever its number.
_TABLE = """
[rule] allowed with checks of their arguments, or refused with their own errno (see seccomp_filter)
socket                      41  198
socketpair                  53  199
connect                     42  203
clone                       56  220
clone3                     435  435
prlimit64                  302  261
setrlimit                  160  164
sched_setaffinity          203  122
sched_setscheduler         144  119
sched_setparam             142  118
sched_setattr              314  274
setpriority                141  140
ioprio_set                 251   30
setsid                     112  157
setpgid                    109  154
[owner] a file's mode and owner: refused when the candidate keeps the host's uid (_OWNER_ONLY)
chmod                       90    -
fchmod                      91   52
fchmodat                   268   53
fchmodat2                  452  452
chown                       92    -
fchown                      93   55
lchown                      94    -
fchownat                   260   54
[times] a file's times: refused where files outside the private dir could change (_TIMES)
utime                      132    -
utimes                     235    -
futimesat                  261    -
utimensat                  280   88
[deny] refused with EPERM, each for a reason given in _DENIED's comment
ptrace                     101  117
process_vm_readv           310  270
process_vm_writev          311  271
io_uring_setup             425  425
bpf                        321  280
perf_event_open            298  241
unshare                    272   97
setns                      308  268
mount                      165   40
umount2                    166   39
pivot_root                 155   41
chroot                     161   51
open_tree                  428  428
move_mount                 429  429
fsopen                     430  430
fsmount                    432  432
fspick                     433  433
mount_setattr              442  442
shmget                      29  194
shmat                       30  196
shmctl                      31  195
semget                      64  190
semop                       65  193
semctl                      66  191
semtimedop                 220  192
msgget                      68  186
msgsnd                      69  189
msgrcv                      70  188
msgctl                      71  187
mq_open                    240  180
mq_unlink                  241  181
add_key                    248  217
request_key                249  218
keyctl                     250  219
userfaultfd                323  282
syslog                     103  116
inotify_add_watch          254   27
fanotify_init              300  262
fanotify_mark              301  263
memfd_create               319  279
memfd_secret               447  447
setxattr                   188    5
lsetxattr                  189    6
fsetxattr                  190    7
setxattrat                 463  463
removexattr                197   14
lremovexattr               198   15
fremovexattr               199   16
removexattrat              466  466
[io] reading, writing and closing descriptors
read                         0   63
write                        1   64
readv                       19   65
writev                      20   66
pread64                     17   67
pwrite64                    18   68
preadv                     295   69
pwritev                    296   70
preadv2                    327  286
pwritev2                   328  287
lseek                        8   62
close                        3   57
close_range                436  436
dup                         32   23
dup2                        33    -
dup3                       292   24
fcntl                       72   25
ioctl                       16   29
flock                       73   32
sendfile                    40   71
splice                     275   76
tee                        276   77
copy_file_range            326  285
fsync                       74   82
fdatasync                   75   83
syncfs                     306  267
sync_file_range            277   84
fadvise64                  221  223
readahead                  187  213
fallocate                  285   47
ftruncate                   77   46
truncate                    76   45
[files] opening, inspecting and naming files (Landlock decides which; the private tmp dir for writes)
open                         2    -
openat                     257   56
openat2                    437  437
creat                       85    -
access                      21    -
faccessat                  269   48
faccessat2                 439  439
stat                         4    -
lstat                        6    -
fstat                        5   80
newfstatat                 262   79
statx                      332  291
statfs                     137   43
fstatfs                    138   44
readlink                    89    -
readlinkat                 267   78
getdents                    78    -
getdents64                 217   61
getcwd                      79   17
chdir                       80   49
fchdir                      81   50
umask                       95  166
mkdir                       83    -
mkdirat                    258   34
rmdir                       84    -
unlink                      87    -
unlinkat                   263   35
rename                      82    -
renameat                   264   38
renameat2                  316  276
link                        86    -
linkat                     265   37
symlink                     88    -
symlinkat                  266   36
mknod                      133    -
mknodat                    259   33
getxattr                   191    8
lgetxattr                  192    9
fgetxattr                  193   10
listxattr                  194   11
llistxattr                 195   12
flistxattr                 196   13
getxattrat                 464  464
listxattrat                465  465
[memory] the process's own memory: the allocator, mmap, threads' stacks (RLIMIT_AS counts it; no mlock)
brk                         12  214
mmap                         9  222
munmap                      11  215
mremap                      25  216
mprotect                    10  226
madvise                     28  233
msync                       26  227
mincore                     27  232
membarrier                 324  283
pkey_mprotect              329  288
pkey_alloc                 330  289
pkey_free                  331  290
get_mempolicy              239  236
set_mempolicy              238  237
mbind                      237  235
map_shadow_stack           453  453
mseal                      462  462
[process] processes and threads of its own (fork, exec, wait, exit; clone is a rule), and the ids it may read or set without privilege
fork                        57    -
vfork                       58    -
execve                      59  221
execveat                   322  281
wait4                       61  260
waitid                     247   95
exit                        60   93
exit_group                 231   94
set_tid_address            218   96
set_robust_list            273   99
get_robust_list            274  100
rseq                       334  293
arch_prctl                 158    -
futex                      202   98
futex_waitv                449  449
futex_wake                 454  454
futex_wait                 455  455
futex_requeue              456  456
restart_syscall            219  128
getpid                      39  172
getppid                    110  173
gettid                     186  178
getpgid                    121  155
getpgrp                    111    -
getsid                     124  156
getuid                     102  174
geteuid                    107  175
getgid                     104  176
getegid                    108  177
getresuid                  118  148
getresgid                  120  150
getgroups                  115  158
setuid                     105  146
setgid                     106  144
setreuid                   113  145
setregid                   114  143
setresuid                  117  147
setresgid                  119  149
setgroups                  116  159
setfsuid                   122  151
setfsgid                   123  152
capget                     125   90
capset                     126   91
prctl                      157  167
pidfd_open                 434  434
pidfd_send_signal          424  424
[sched] reading scheduling state, yielding (setting it is a rule: the caller only)
sched_yield                 24  124
sched_getaffinity          204  123
sched_getparam             143  121
sched_getscheduler         145  120
sched_getattr              315  275
sched_get_priority_max     146  125
sched_get_priority_min     147  126
sched_rr_get_interval      148  127
getpriority                140  141
ioprio_get                 252   31
getcpu                     309  168
getrlimit                   97  163
getrusage                   98  165
times                      100  153
uname                       63  160
sysinfo                     99  179
getrandom                  318  278
[signals] signals (Landlock's scope and the pid namespace keep them inside)
rt_sigaction                13  134
rt_sigprocmask              14  135
rt_sigreturn                15  139
rt_sigpending              127  136
rt_sigtimedwait            128  137
rt_sigqueueinfo            129  138
rt_tgsigqueueinfo          297  240
rt_sigsuspend              130  133
sigaltstack                131  132
kill                        62  129
tkill                      200  130
tgkill                     234  131
pause                       34    -
alarm                       37    -
signalfd                   282    -
signalfd4                  289   74
[time] clocks, sleeps and timers (reading the clocks, never setting them)
clock_gettime              228  113
clock_getres               229  114
clock_nanosleep            230  115
nanosleep                   35  101
gettimeofday                96  169
time                       201    -
getitimer                   36  102
setitimer                   38  103
timer_create               222  107
timer_settime              223  110
timer_gettime              224  108
timer_getoverrun           225  109
timer_delete               226  111
timerfd_create             283   85
timerfd_settime            286   86
timerfd_gettime            287   87
[events] pipes and waiting on descriptors (select, poll, epoll, eventfd: asyncio, subprocess)
pipe                        22    -
pipe2                      293   59
select                      23    -
pselect6                   270   72
poll                         7    -
ppoll                      271   73
epoll_create               213    -
epoll_create1              291   20
epoll_ctl                  233   21
epoll_wait                 232    -
epoll_pwait                281   22
epoll_pwait2               441  441
eventfd                    284    -
eventfd2                   290   19
[sockets] unix sockets of its own (socket and socketpair are rules: AF_UNIX stream only; no connect)
bind                        49  200
listen                      50  201
accept                      43  202
accept4                    288  242
getsockname                 51  204
getpeername                 52  205
sendto                      44  206
recvfrom                    45  207
sendmsg                     46  211
recvmsg                     47  212
sendmmsg                   307  269
recvmmsg                   299  243
shutdown                    48  210
setsockopt                  54  208
getsockopt                  55  209
[sandbox] restricting itself further (the fork server's children install their layers with these)
seccomp                    317  277
landlock_create_ruleset    444  444
landlock_add_rule          445  445
landlock_restrict_self     446  446
"""


def _parse(table: str) -> tuple[dict[str, str], dict[str, tuple[str, int | None, int | None]]]:
    groups: dict[str, str] = {}  # group -> its reason
    calls: dict[str, tuple[str, int | None, int | None]] = {}  # name -> (group, x86_64, aarch64)
    group = ""
    for line in table.strip().splitlines():
        if line.startswith("["):
            group, _, why = line[1:].partition("] ")
            groups[group] = why
            continue
        name, x86, arm = line.split()
        calls[name] = (group, None if x86 == "-" else int(x86), None if arm == "-" else int(arm))
    return groups, calls


_GROUPS, _CALLS = _parse(_TABLE)
# Allowed as they are: every group but these four (whose calls get the rules of seccomp_filter).
_RULED = ("rule", "owner", "times", "deny")
_ALLOWED = [name for name, (group, _, _) in _CALLS.items() if group not in _RULED]
_SYSCALLS = list(_CALLS)  # the names, in the order of the numbers below
_ARCH = {  # AUDIT_ARCH value, the numbers of _SYSCALLS, and the x32 bit (numbers with it: killed)
    "x86_64": (0xC000003E, tuple(x86 for _, x86, _ in _CALLS.values()), 0x40000000),
    "aarch64": (0xC00000B7, tuple(arm for _, _, arm in _CALLS.values()), None),
}
# What a call outside the table gets: ENOSYS ("not implemented"), the kernel's own answer for a
# number it does not know, so that libc and Python take their fallbacks for calls newer than the
# table (as for clone3, see below), and a candidate gets an OSError it can catch, never a kill.
_UNLISTED = errno.ENOSYS

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
_DENIED = [name for name, (group, _, _) in _CALLS.items() if group == "deny"]
# Refused when the candidate keeps the host's uid (no uid drop): changes of a file's mode, owner
# or group (extended attributes, ACLs included, are refused to all: see _DENIED). Landlock does not
# cover them (only the file's owner may make them, so after the drop to an unused uid they reach
# nothing of the host's), and a normal user's candidate could otherwise make any of the user's
# files readable to all, or unreadable.
_OWNER_ONLY = [name for name, (group, _, _) in _CALLS.items() if group == "owner"]
# Refused where a file's times outside the private dir could change (the host's uid, or no
# read-only mount namespace, see namespaces._read_only_mounts): Landlock does not cover them either. The
# owner sets any times, and anyone who may write to a file may set them to "now": to the
# moment of its choice, on a world-writable file such as /dev/null, which the next execution
# reads back with stat() (a channel between executions that outlives both).
_TIMES = [name for name, (group, _, _) in _CALLS.items() if group == "times"]
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
    """A classic-BPF seccomp program, default-deny: the calls of :data:`_TABLE`'s groups pass,
    any other call gets ENOSYS (:data:`_UNLISTED`). Of the named ones: only AF_UNIX stream
    sockets and no connect(), no new
    namespaces or mounts, no ``clone(CLONE_PARENT)``, no ptrace & co., no objects that outlive
    the process (System V IPC, message queues, keys), no extended attribute changes, and no
    scheduling or rlimit changes to any process but the caller.

    Why each: inet, netlink and packet sockets reach or configure networks; ``connect`` and
    datagram sockets reach unix sockets on the host by path (a netns does not hide those, and
    Landlock does not cover them); ``prlimit64``, ``setpriority``, ``ioprio_set`` and
    ``sched_set*`` on another pid need only the same uid (no ptrace check, no Landlock scope).

    ``part``: "all", or the same rules split in two: "server" (installed once by the fork
    server on itself, inherited by every child: the allowlist and every rule, but it lets the
    calls of :data:`_CHILD_ONLY` through, which the server and a child before its own part
    need) and "child" (the rules of :data:`_CHILD_ONLY`, installed by each child on top; it
    lets everything else through). Filters stack, the stricter answer wins: a process under
    both gets exactly the answers of "all", and a child attaches only a few instructions
    instead of the whole program. ``deny_chmod``: also
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
    UNLISTED = 0x00050000 | _UNLISTED
    v_allow = [_bpf(RET, 0, 0, ALLOW)]

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
        rules[name] = [_bpf(RET, 0, 0, EPERM)]
    for name in _ALLOWED + _OWNER_ONLY + _TIMES + ["setsid", "setpgid"]:
        rules.setdefault(name, [_bpf(RET, 0, 0, ALLOW)])
    rules = {name: body for name, body in rules.items() if nr[name] is not None}
    default = UNLISTED
    if part == "server":  # the child-only rules' calls pass here; each child's part decides them
        rules = {k: v_allow if k in _CHILD_ONLY else v for k, v in rules.items()}
    elif part == "child":  # on top of the server's part: only its own rules, everything else passes
        rules = {k: v for k, v in rules.items() if k in _CHILD_ONLY and v != v_allow}
        default = ALLOW
    prog = [_bpf(LD, 0, 0, 4), _bpf(JEQ, 1, 0, audit_arch), _bpf(RET, 0, 0, KILL), _bpf(LD, 0, 0, 0)]
    if x32 is not None:
        prog += [_bpf(JGE, 0, 1, x32), _bpf(RET, 0, 0, KILL)]
    for name, body in rules.items():  # each body ends in a return: no fall-through into the next rule
        prog += [_bpf(JEQ, 0, len(body), nr[name]), *body]
    prog.append(_bpf(RET, 0, 0, default))
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


# A call the table does not name that succeeds on every kernel we run on: personality(query).
_PROBE_UNLISTED = {"x86_64": 135, "aarch64": 92}


def check_seccomp() -> bool:
    """The layer's self-check, run in a throwaway child (:mod:`sandboxes.probe`): under the
    filter, an inet socket is refused, and so is a call the table does not name (ENOSYS: the
    filter is default-deny)."""
    install_seccomp(deny_setsid=True)
    try:
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    except PermissionError:
        pass
    else:
        return False
    probe = _PROBE_UNLISTED.get(_MACHINE)
    if probe is None or probe in _ARCH[_MACHINE][1]:
        return False
    ctypes.set_errno(0)
    return (
        _libc.syscall(ctypes.c_long(probe), ctypes.c_long(0xFFFFFFFF)) == -1
        and ctypes.get_errno() == _UNLISTED
    )
