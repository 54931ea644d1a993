"""Process plumbing for the loop: the stop request (Ctrl-C / SIGTERM) and giving freed heap memory back."""

from __future__ import annotations

import ctypes
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any


def _libc_malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None


_MALLOC_TRIM = _libc_malloc_trim()


def release_freed_memory() -> None:
    """Give the free pages of the C heap back to the system (glibc ``malloc_trim(0)``; a no-op elsewhere).

    Called between the phases of a step and before the optimizer step. glibc keeps freed blocks of up to 32 MiB
    (activations, gradients, rollout weights) in its heap, so without this the process stays at the high-water
    mark of every phase so far: in ``bench_trl`` ~0.9 GB more between phases, and the optimizer's states came
    back on top of the backward's freed activations. The pages are faulted in again when the next phase needs
    them (tens of ms per phase; serving every large block with its own mmap instead, a fixed
    ``M_MMAP_THRESHOLD``, cost ~40% of a step)."""
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)




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
