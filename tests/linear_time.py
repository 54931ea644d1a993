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
