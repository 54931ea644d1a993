"""Process plumbing for the loop: the stop request (Ctrl-C / SIGTERM) and giving freed heap memory back."""

from __future__ import annotations

import ctypes
import signal
import sys
import threading
from typing import Any


def _libc() -> Any:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.malloc_trim, libc.mallopt  # noqa: B018 - glibc's, else AttributeError
        return libc
    except (OSError, AttributeError):  # not glibc
        return None


_LIBC = _libc()
_M_TRIM_THRESHOLD, _M_MMAP_MAX = -1, -4  # glibc's mallopt parameters
_release = True


def set_heap_policy(release: bool) -> None:
    """How freed C-heap memory is handled for the rest of the process (``release_memory``; glibc only).

    ``release=False`` (the default run): every block, large ones included, comes from the heap, and freed blocks
    stay there for the next phase and step (``mallopt(M_MMAP_MAX, 0)``, no automatic trim). Otherwise each
    large tensor is a fresh ``mmap`` and each phase's pages come back from the kernel zero-filled: on a 2-core VM
    that was 12-19 % of the main job's CPU time in the kernel's ``clear_page`` (perf), and 23 % of its wall time
    over 12 steps (168.6 s against 130.5 s, AVX2 kernels). The cost is a higher peak: ~1.2 GB more there.

    ``release=True``: glibc's defaults, and :func:`release_freed_memory` gives the heap's free pages back between
    phases (``malloc_trim(0)``), for runs that must keep their resident memory low.
    The setting is process-wide and is not undone (glibc cannot report the previous values)."""
    global _release
    _release = release
    if _LIBC is not None and not release:
        _LIBC.mallopt(_M_MMAP_MAX, 0)
        _LIBC.mallopt(_M_TRIM_THRESHOLD, 2**31 - 1)


def release_freed_memory() -> None:
    """Under ``release_memory``, give the free pages of the C heap back to the system (glibc ``malloc_trim(0)``;
    a no-op elsewhere and otherwise).

    Called between the phases of a step and before the optimizer step. glibc keeps freed blocks of up to 32 MiB
    (activations, gradients, rollout weights) in its heap, so without this the process stays at the high-water
    mark of every phase so far: in ``bench_trl`` ~0.9 GB more between phases, and the optimizer's states came
    back on top of the backward's freed activations. The pages are faulted in again when the next phase needs
    them (see :func:`set_heap_policy` for what that costs)."""
    if _release and _LIBC is not None:
        _LIBC.malloc_trim(0)


class AgreedStop(KeyboardInterrupt):
    """A stop every process agreed on (all-reduced, at the same point of the same step): a sharded checkpoint, which
    needs every process, can still be saved. Any other KeyboardInterrupt may have reached one process alone."""


class StopRequest:
    """Ctrl-C / SIGTERM handling: the first signal asks the loop to finish its step, save and exit; a second
    one raises KeyboardInterrupt at once (the loop then saves only if the step's update had not started)."""

    def __init__(self) -> None:
        self.requested = False
        self._previous: dict[int, Any] = {}

    def _handle(self, signum: int, frame: Any) -> None:
        if self.requested:
            raise KeyboardInterrupt(f"signal {signum}")
        self.requested = True
        print("\nstopping after this step (a second Ctrl-C or SIGTERM stops at once)", file=sys.stderr)

    def __enter__(self) -> StopRequest:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)


# ---------------------------------------------------------------------------------------------------------
