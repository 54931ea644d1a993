"""The C library, through ctypes: what every layer calls the kernel with.

One handle for the whole untrusted side (the fork server and its children), its functions
resolved once, when the fork server imports this; ``prctl`` and the error check every layer
uses; and the one path test the layers share.
"""

from __future__ import annotations

import ctypes
import os

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38

_libc = ctypes.CDLL(None, use_errno=True)
for _name in ("mount", "prctl", "syscall", "setuid", "unshare", "umount2"):
    # resolved once here, so a child finds them ready: resolving one in a child builds ctypes
    # objects there and costs it ~30 copy-on-write faults (of ~450 in all per execution)
    getattr(_libc, _name)
_MACHINE = os.uname().machine


def _check(ret: int, what: str) -> int:
    if ret == -1:
        e = ctypes.get_errno()
        raise OSError(e, f"{what}: {os.strerror(e)}")
    return ret


def prctl(option: int, arg2: int = 0) -> None:
    _check(
        _libc.prctl(
            ctypes.c_int(option),
            ctypes.c_ulong(arg2),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
        ),
        "prctl",
    )


def _below(path: str, top: str) -> bool:
    return path == top or path.startswith(top.rstrip("/") + "/")
