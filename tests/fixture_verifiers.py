"""Module-level verifiers used by the pool tests (workers import them by name)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.types import Reward, Status


def exact(completion: str, row: Mapping[str, Any]) -> Reward:
    ok = completion.strip() == str(row["reference"]).strip()
    return Reward(float(ok), Status.CORRECT if ok else Status.WRONG, info={"pid": os.getpid()})


def misbehave(completion: str, row: Mapping[str, Any]) -> Reward:
    """Does what the completion says: hang, crash the worker, raise, return junk, or answer."""
    if completion == "hang":
        while True:
            time.sleep(0.05)
    if completion == "spin":
        while True:
            pass
    if completion == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    if completion == "exit":
        os._exit(3)
    if completion == "raise":
        raise ValueError("verifier bug")
    if completion == "junk":
        return 1.0  # type: ignore[return-value]
    if completion == "nan":
        return Reward(float("nan"), Status.CORRECT)
    if completion == "hog":
        blocks = []
        while True:
            blocks.append(bytearray(256 * 1024 * 1024))
    if completion.startswith("sleep "):
        time.sleep(float(completion.split()[1]))
    return exact(completion.split()[-1], row)


def count_calls(completion: str, row: Mapping[str, Any]) -> Reward:
    """Appends one line per call to row['log'] so a test can count real evaluations."""
    with open(row["log"], "a") as f:
        f.write(completion + "\n")
    return exact(completion, row)


def tagged(completion: str, row: Mapping[str, Any]) -> Reward:
    """A toy format check: the completion must start with 'OK:'."""
    if completion.startswith("OK:"):
        return Reward(1.0, Status.CORRECT)
    return Reward(0.0, Status.FORMAT_ERROR, info={"reason": "no OK: prefix"})


def last_word(completion: str, row: Mapping[str, Any]) -> Reward:
    return exact(completion.split()[-1] if completion.split() else "", row)


def budgeted(completion: str, row: Mapping[str, Any]) -> Reward:
    """Sleeps ``row["sleep"]`` seconds; declares ``row["budget"]`` as its own time budget."""
    time.sleep(float(row["sleep"]))
    return Reward(1.0, Status.CORRECT)


budgeted.time_budget = lambda row: row["budget"]  # type: ignore[attr-defined]


def python_tests_unbudgeted(completion: str, row: Mapping[str, Any]) -> Reward:
    """``python_tests`` allowing 6 s, without its ``time_budget``: the pool's own timeout applies
    (a stand-in for a verifier that hangs in the trusted side, past every limit of the sandbox)."""
    from verigrpo.verifiers.code import python_tests

    return python_tests(completion, row, timeout=6.0, call_timeout=6.0, cpu_s=6.0)
