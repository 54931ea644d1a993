"""One guard for the math package's regular expressions: a pattern searched over a long adversarial text finishes.

On 200k characters a linear search takes well under a second and a quadratic one many minutes: the subprocess's
generous limit is a hang guard, not a timing goal."""

from __future__ import annotations

import subprocess
import sys


def assert_pattern_linear(module: str, pattern: str, shape: str, timeout: int = 60) -> None:
    """``pattern`` of ``verigrpo.verifiers.math.<module>`` runs ``finditer`` over ``shape`` (a Python expression in
    ``n`` = 200,000) within ``timeout`` seconds."""
    code = (
        f"from verigrpo.verifiers.math.{module} import {pattern} as rx\nn = 200_000\ntext = {shape}\n"
        "list(rx.finditer(text))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr


def assert_patterns_linear(cases: list[tuple[str, str, str]], timeout: int = 120) -> None:
    """Each ``(module, pattern, shape)`` as in :func:`assert_pattern_linear`, all in one subprocess (one interpreter
    start instead of one per pattern); a pattern that hangs is named in the failure."""
    lines = ["import sys", "n = 200_000"]
    for module, pattern, shape in cases:
        lines += [
            f"print({module + '.' + pattern!r}, flush=True)",
            f"from verigrpo.verifiers.math.{module} import {pattern} as rx",
            f"list(rx.finditer({shape}))",
        ]
    try:
        proc = subprocess.run([sys.executable, "-c", "\n".join(lines)], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        started = (e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or "").split()
        raise AssertionError(f"{started[-1] if started else '?'} did not finish within {timeout} s") from None
    assert proc.returncode == 0, proc.stderr
