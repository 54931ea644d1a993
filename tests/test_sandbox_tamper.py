"""The whole sandbox with the shared paths tampered with (issue 15, "Done when").

Every layer is probed when a fork server starts (:func:`sandboxes.probe.probe`, the memory group
of :func:`sandboxes.forkserver._make_memcg`, the uid block of ``_reserve_uids``). A probe that
depends on something a local user can plant or change (a fixed name under /tmp, ``TMPDIR``, an
abstract socket name) could switch a layer off without a word. Each test here tampers with one
such thing, starts a *fresh* fork server and checks that every layer active on an untampered
server is still active (or, where it truly cannot be had, reported missing so that the
refuse-or-warn rule applies), that the child confirms the layers, and that executions still run.

Also: the threat model's table in ``sandboxes/__init__.py`` cites only tests that exist.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
import verigrpo.sandboxes as sandboxes
from verigrpo.sandboxes import forkserver as fs
from verigrpo.sandboxes import limits
from verigrpo.sandboxes.execute import Candidate, Limits, run_program
from verigrpo.sandboxes.forkserver import ForkServer, SandboxConfig, SandboxUnavailable

FAST = Limits(wall_s=5.0, call_s=3.0, cpu_s=2.0, memory_mb=512, nproc=32)
REPO = Path(__file__).resolve().parent.parent
PROBE_KEYS = "root drop_uid own_nproc userns netns pidns mountns procfs seccomp landlock".split()


def _check_server(server: ForkServer, baseline: dict) -> None:
    """Same probe results and active layers as the untampered server, and executions run."""
    for key in PROBE_KEYS:
        assert server.caps.get(key) == baseline["caps"].get(key), (key, server.caps, baseline["caps"])
    assert server.caps.get("memcg") == baseline["caps"].get("memcg")
    assert server.active_names() == baseline["active"]
    assert server.missing == []
    server.check_minimum()  # refuse-or-warn: nothing missing, so nothing raised
    with Candidate("def f(x):\n    return x * 2\n", FAST, server=server) as c:
        assert c.call("f", (21,)) == 42
        assert set(baseline["child_layers"]) <= set(c.layers), (c.layers, baseline["child_layers"])
    program = (
        "import os, sys\n"
        "with open('scratch.txt', 'w') as f:\n"
        "    f.write(sys.stdin.read().upper())\n"
        "print(open('scratch.txt').read(), os.getuid() != 0)\n"
    )
    res = run_program(program, stdin="hello", limits=FAST, server=server)
    assert res.infra_error is None and res.exit_code == 0, res
    root = baseline["caps"]["root"] and "drop_uid" in baseline["active"]
    assert res.stdout.split() == ["HELLO", str(root)], res
    assert set(baseline["child_layers"]) <= set(res.layers), (res.layers, baseline["child_layers"])


@pytest.fixture(scope="module")
def baseline():
    """What an untampered fresh server reports here."""
    server = ForkServer(SandboxConfig())
    try:
        with Candidate("def f():\n    return 1\n", FAST, server=server) as c:
            assert c.call("f") == 1
            child_layers = list(c.layers)
        yield {"caps": dict(server.caps), "active": server.active_names(), "child_layers": child_layers}
    finally:
        server.close()


@pytest.fixture
def fresh(monkeypatch):
    """Start fresh servers (closed at the end); tempfile's cached directory forgotten first."""
    monkeypatch.setattr(tempfile, "tempdir", None)
    started: list[ForkServer] = []

    def start(config: SandboxConfig | None = None) -> ForkServer:
        tempfile.tempdir = None  # pick TMPDIR up again, as a fresh process would
        server = ForkServer(config or SandboxConfig())
        started.append(server)
        return server

    yield start
    for server in started:
        server.close()


def test_baseline_has_the_minimum(baseline):
    assert fs.missing_groups({name: True for name in baseline["active"]}) == []


def test_the_check_sees_a_layer_that_is_off(fresh, baseline):
    """The check has teeth: a server with Landlock off (as a failed probe would leave it) fails it."""
    if "landlock" not in baseline["active"]:
        pytest.skip("no Landlock here")
    with pytest.raises(AssertionError):
        _check_server(fresh(SandboxConfig(disable=frozenset({"landlock"}))), baseline)


@pytest.mark.parametrize("plant", ["directory", "file", "symlink"])
def test_planted_old_landlock_probe_path(fresh, baseline, plant):
    """The Landlock probe once wrote /tmp/.vg_landlock_probe: whatever sits there changes nothing."""
    planted = Path("/tmp/.vg_landlock_probe")
    if planted.exists() or planted.is_symlink():
        pytest.skip(f"{planted} exists already; not touching it")
    if plant == "directory":
        planted.mkdir(mode=0o555)
    elif plant == "file":
        planted.write_text("")
        planted.chmod(0o444)
    else:
        planted.symlink_to("/etc/passwd")
    try:
        _check_server(fresh(), baseline)
    finally:
        planted.rmdir() if plant == "directory" else planted.unlink()


@pytest.mark.parametrize("kind", ["missing", "a file", "unwritable"])
def test_tmpdir_that_cannot_hold_the_servers_dir(fresh, baseline, monkeypatch, tmp_path, kind):
    """TMPDIR naming nothing, a file, or a directory nobody may write (root ignores modes, so a
    read-only bind mount): tempfile falls back to another directory and every layer stays."""
    target = tmp_path / "tmpdir"
    mounted = False
    if kind == "a file":
        target.write_text("not a directory")
    elif kind == "unwritable":
        target.mkdir()
        target.chmod(0o555)
        if os.geteuid() == 0:
            for args in (["--bind"], ["-o", "remount,bind,ro"]):
                if subprocess.run(["mount", *args, str(target), str(target)], check=False).returncode:
                    if mounted:
                        subprocess.run(["umount", str(target)], check=False)
                    pytest.skip("cannot make a read-only bind mount here")
                mounted = True
    monkeypatch.setenv("TMPDIR", str(target))
    try:
        server = fresh()
        assert not server.base.startswith(str(target) + os.sep)
        _check_server(server, baseline)
    finally:
        if mounted:
            subprocess.run(["umount", str(target)], check=True)


@pytest.mark.parametrize("name", ["with space", "tab\there", "new\nline", "back\\slash"])
def test_tmpdir_with_odd_characters(fresh, baseline, monkeypatch, tmp_path, name):
    """The server's dir below a path with characters that /proc/self/mountinfo escapes: the
    private tmpfs, the read-only remount of every mount and the bind mounts still work."""
    target = tmp_path / name
    target.mkdir()
    monkeypatch.setenv("TMPDIR", str(target))
    server = fresh()
    assert server.base.startswith(str(target) + os.sep)
    _check_server(server, baseline)


def test_tmpdir_below_a_directory_other_users_cannot_search(fresh, baseline, monkeypatch, tmp_path):
    """The server's dir below a 0700 directory (the dropped uid may not pass): still every layer,
    and the candidate still runs (the mount namespace makes the way down)."""
    locked = tmp_path / "locked"
    (locked / "tmp").mkdir(parents=True)
    locked.chmod(0o700)
    monkeypatch.setenv("TMPDIR", str(locked / "tmp"))
    server = fresh()
    assert server.base.startswith(str(locked))
    _check_server(server, baseline)


def test_tmpdir_world_writable_and_prefilled(fresh, baseline, monkeypatch, tmp_path):
    """A sticky world-writable TMPDIR with names a local user planted ahead (files, dirs and
    symlinks named like the server's dirs): mkdtemp's fresh names step around them."""
    target = tmp_path / "shared"
    target.mkdir()
    target.chmod(0o1777)
    for i in range(4):
        (target / f"verigrpo-sandbox-planted{i}").mkdir(mode=0o777)
        (target / f"verigrpo-sandbox-file{i}").write_text("x")
        (target / f"verigrpo-sandbox-link{i}").symlink_to("/")
    (target / "t").mkdir()
    monkeypatch.setenv("TMPDIR", str(target))
    server = fresh()
    assert "planted" not in server.base and os.path.isdir(server.base) and not os.path.islink(server.base)
    _check_server(server, baseline)


def test_squatted_uid_block(fresh, baseline):
    """A local process holds the name of the first free uid block: the server takes the next one,
    and ``own_nproc`` stays active."""
    if not (baseline["caps"]["root"] and "own_nproc" in baseline["active"]):
        pytest.skip("own_nproc through a uid block is root's")
    squat = fs._reserve_uids()  # what another server would hold: the first free block's name
    assert squat is not None
    try:
        server = fresh()
        _check_server(server, baseline)
        uid = run_program("import os; print(os.getuid())", limits=FAST, server=server).stdout.strip()
        first = squat[1]
        assert not first <= int(uid) < first + limits.UID_BLOCK  # not the squatted block's
    finally:
        squat[0].close()


def test_every_uid_block_squatted_is_reported_missing(fresh, baseline, monkeypatch):
    """No uid block left (made small here: 2 blocks): ``own_nproc`` is reported missing, never
    silently off, so the default refuses and "warn" warns."""
    if not (baseline["caps"]["root"] and "own_nproc" in baseline["active"]):
        pytest.skip("own_nproc through a uid block is root's")
    monkeypatch.setattr(limits, "UID_BLOCKS", 2)
    held = []
    try:
        while (taken := fs._reserve_uids()) is not None:  # blocks held by a server running here count too
            held.append(taken[0])
        server = fresh()
        assert "own_nproc" not in server.active_names()
        assert "a process count of its own for each execution" in server.missing
        with pytest.raises(SandboxUnavailable):
            server.check_minimum()
        warned = fresh(SandboxConfig(on_missing="warn"))
        with pytest.warns(RuntimeWarning, match="UNSAFE"):
            warned.check_minimum()
    finally:
        for s in held:
            s.close()


def test_hostile_environment_does_not_reach_the_server(fresh, baseline, monkeypatch, tmp_path):
    """PYTHONPATH with a planted ``json.py`` and ``tempfile.py``, PYTHONSTARTUP, a planted
    ``sitecustomize``: the fork server starts from a scrubbed environment with ``-I``."""
    planted = tmp_path / "planted"
    planted.mkdir()
    for mod in ("json", "tempfile", "sitecustomize", "usercustomize", "socket"):
        (planted / f"{mod}.py").write_text("raise SystemExit('planted module imported')\n")
    monkeypatch.setenv("PYTHONPATH", str(planted))
    monkeypatch.setenv("PYTHONSTARTUP", str(planted / "json.py"))
    monkeypatch.setenv("PYTHONHOME", str(planted))
    monkeypatch.setenv("TMPDIR", str(planted))
    _check_server(fresh(), baseline)


# ------------------------------------------------------------------ the threat model's table

_ROW_TESTS = re.compile(r"(tests/test_\w+\.py)::(test_\w+)")


def test_threat_model_table_cites_only_existing_tests():
    """Every ``tests/FILE.py::test_name`` the threat model cites is a ``def test_name`` there."""
    doc = sandboxes.__doc__ or ""
    cited = _ROW_TESTS.findall(doc.replace("\n", " "))
    assert len(cited) >= 10, "the threat model's table cites tests as tests/FILE.py::test_name"
    missing = []
    for path, name in cited:
        source = (REPO / path).read_text() if (REPO / path).exists() else ""
        if not re.search(rf"^\s*def {name}\(", source, re.M):
            missing.append(f"{path}::{name}")
    assert missing == [], f"the threat model cites tests that do not exist: {missing}"
