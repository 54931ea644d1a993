"""What this machine runs well: the CPU's features, the precision to train in, and ``verigrpo doctor``.

``precision = "auto"`` (the default) picks bfloat16 autocast only where the device computes bf16 natively and it
was measured faster for GRPO's work; everywhere else float32. The rule, from the table in
``benchmarks/results/precision.md`` (measured on the main job, both CPU kinds):

* **CUDA** with bf16 support (Ampere and later): ``bf16``.
* **x86 CPU with AMX-BF16**, and torch's kernels allowed to use it: ``bf16``. On a 2-core Xeon (Sapphire
  Rapids) the main job's step took 8.4 s in bf16 against 9.2 s in fp32 (median of steps 2-8).
* **Every other CPU** (AVX2 only, AVX-512, AVX512-BF16 without AMX, ARM): ``fp32``. With AVX512-BF16 but no
  AMX (oneDNN held to ``avx512_core_bf16`` on the same Xeon, as on an AMD Zen 4) the step took 12.3 s in bf16
  against 8.7 s in fp32: the bf16 dot product does not pay for the casts around it at these sizes. Without
  any native bf16, oneDNN and ATen emulate it: a bf16 matrix product ran 30-85x slower than the fp32 one on
  AVX2 (0.9 vs 26.5 GFLOP/s on an AMD EPYC; 1.4 vs 119 on the Xeon held to AVX2), and the main job's first
  step took 195 s instead of ~21 s.
* Other accelerators (MPS, XPU...): ``fp32`` (not measured).

An explicit ``precision = "bf16"`` on a device without native bf16 still runs, after a warning that gives the
slowdown measured on this machine (:func:`matmul_rate`, a fraction of a second). ``torch``'s own view of the CPU
counts too: ``ATEN_CPU_CAPABILITY=avx2`` or ``ONEDNN_MAX_CPU_ISA=AVX2`` make a bf16-capable CPU behave like an
AVX2 one (that is how the AVX2 rows of the table were measured on a bf16-capable machine).
"""

from __future__ import annotations

import dataclasses
import os
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

# CPU flags (Linux /proc/cpuinfo names) of native bf16 matrix products on x86, and the one that was measured
# faster than fp32 for GRPO's work (AVX512_BF16 alone was slower: see the module docstring).
BF16_FLAGS = ("amx_bf16", "avx512_bf16")
FASTER_BF16_FLAG = "amx_bf16"
# Flags worth showing in a report (what decides the speed of float32 and bf16 matrix products).
SHOWN_FLAGS = ("avx2", "fma", "avx512f", "avx512_bf16", "amx_bf16", "amx_tile", "avx512_fp16", "asimd", "bf16", "sve")
# oneDNN ISA names below the first that runs bf16 natively (ONEDNN_MAX_CPU_ISA caps what oneDNN may use).
_ONEDNN_NO_BF16 = ("sse41", "avx", "avx2", "avx2_vnni", "avx2_vnni_2", "avx512_core", "avx512_core_vnni",
                   "avx512_core_bf16", "avx10_1_512", "avx512_core_fp16")


@dataclasses.dataclass(frozen=True)
class Hardware:
    """What :func:`probe` found; plain values, so tests build their own."""

    device: str
    """``cpu``, ``cuda``, ``mps``...: where the model runs."""
    cpu_model: str
    """The CPU's marketing name ("" when unknown)."""
    cpu_flags: frozenset[str]
    """CPU feature flags (Linux ``/proc/cpuinfo``; empty elsewhere)."""
    torch_isa: str
    """The vector ISA torch's own kernels dispatch to (``torch.backends.cpu.get_cpu_capability()``)."""
    onednn_max_isa: str
    """``ONEDNN_MAX_CPU_ISA`` from the environment, lower-cased ("" = no cap)."""
    threads: int
    """torch's intra-op threads."""
    cores: int
    """CPUs this process may run on."""
    gpu_name: str = ""
    """The CUDA device's name ("" without one)."""
    gpu_bf16: bool = False
    """The CUDA device computes bf16 natively (compute capability 8.0 or later)."""


def has_accelerator() -> bool:
    """A GPU-like torch device is present (CUDA, or another backend ``torch.accelerator`` knows)."""
    return torch.cuda.is_available() or bool(getattr(torch, "accelerator", None) and torch.accelerator.is_available())


def run_device() -> torch.device:
    """Where ``train`` and ``eval`` run: the process's accelerator device when there is one, else the CPU (what
    accelerate picks; ``train`` asks accelerate itself, which also knows the process's rank)."""
    if not has_accelerator():
        return torch.device("cpu")
    from accelerate import PartialState

    return PartialState().device


def cpu_flags() -> frozenset[str]:
    """Feature flags of the first CPU in ``/proc/cpuinfo`` (x86 ``flags``, ARM ``Features``); empty elsewhere."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return frozenset()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("flags", "Features"):
            return frozenset(value.split())
    return frozenset()


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name":
                return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def probe(device: torch.device | str | None = None) -> Hardware:
    """Look at this machine (cheap: reads ``/proc/cpuinfo`` and torch's flags; runs nothing)."""
    if device is None:
        device = "cuda" if torch.cuda.is_available() else "cpu"
    device = torch.device(device)
    gpu_name, gpu_bf16 = "", False
    if device.type == "cuda":
        gpu_name = torch.cuda.get_device_name(device)
        gpu_bf16 = torch.cuda.get_device_capability(device) >= (8, 0)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return Hardware(
        device=device.type,
        cpu_model=_cpu_model(),
        cpu_flags=cpu_flags(),
        torch_isa=torch.backends.cpu.get_cpu_capability(),
        onednn_max_isa=os.environ.get("ONEDNN_MAX_CPU_ISA", "").strip().lower(),
        threads=torch.get_num_threads(),
        cores=cores,
        gpu_name=gpu_name,
        gpu_bf16=gpu_bf16,
    )


def _cpu_bf16(hw: Hardware) -> tuple[bool, str]:
    flags = [f for f in BF16_FLAGS if f in hw.cpu_flags]
    if not flags:
        shown = "AVX2" if "avx2" in hw.cpu_flags else hw.torch_isa or "this CPU"
        return False, f"the CPU has no native bf16 ({shown}, no {' or '.join(f.upper() for f in BF16_FLAGS)})"
    if FASTER_BF16_FLAG not in flags:
        return False, (f"the CPU has {flags[0].upper()} but no {FASTER_BF16_FLAG.upper()}: bf16 was measured "
                       "1.4x slower than fp32 there")
    if hw.torch_isa.upper() not in ("AVX512", "AMX"):
        return False, f"the CPU has {flags[0].upper()} but torch runs its {hw.torch_isa} kernels (ATEN_CPU_CAPABILITY)"
    if hw.onednn_max_isa in _ONEDNN_NO_BF16:
        return False, f"the CPU has {flags[0].upper()} but ONEDNN_MAX_CPU_ISA={hw.onednn_max_isa} keeps oneDNN below it"
    return True, f"the CPU computes bf16 natively ({', '.join(f.upper() for f in flags)})"


def _cuda_bf16(hw: Hardware) -> tuple[bool, str]:
    if hw.gpu_bf16:
        return True, f"{hw.gpu_name} computes bf16 natively"
    return False, f"{hw.gpu_name or 'this GPU'} has no native bf16 (compute capability below 8.0)"


# device type -> does it compute bf16 natively (and was bf16 measured faster there), and why.
NATIVE_BF16: dict[str, Callable[[Hardware], tuple[bool, str]]] = {"cpu": _cpu_bf16, "cuda": _cuda_bf16}


def native_bf16(hw: Hardware) -> tuple[bool, str]:
    """Whether ``hw`` runs bf16 matrix products natively (and faster than fp32 for our work), with the reason."""
    check = NATIVE_BF16.get(hw.device)
    if check is None:
        return False, f"bf16 on {hw.device} was never measured here"
    return check(hw)


def resolve_precision(requested: str, hw: Hardware) -> tuple[str, str, bool]:
    """The precision to run and why: ``(precision, reason, slow)``.

    ``auto`` becomes ``bf16`` where :func:`native_bf16` holds, else ``fp32``. An explicit choice is kept;
    ``slow`` is True for an explicit ``bf16`` without native support (the caller warns).
    """
    native, why = native_bf16(hw)
    if requested == "auto":
        return ("bf16", f"auto: {why}", False) if native else ("fp32", f"auto: {why}", False)
    if requested == "bf16" and not native:
        return "bf16", f"asked for: {why}", True
    return requested, "asked for", False


def matmul_rate(dtype: torch.dtype, device: str = "cpu", size: tuple[int, int, int] = (128, 576, 1536),
                seconds: float = 0.15) -> float:
    """GFLOP/s of one ``[m, k] @ [k, n]`` product in ``dtype`` on ``device`` (SmolLM2-135M's MLP shape by default),
    timed for about ``seconds`` after one warm-up call."""
    m, k, n = size
    a = torch.randn(m, k, device=device).to(dtype)
    b = torch.randn(k, n, device=device).to(dtype)
    sync = torch.cuda.synchronize if device.startswith("cuda") else (lambda: None)
    a @ b
    sync()
    calls, t0 = 0, time.perf_counter()
    while True:
        a @ b
        calls += 1
        sync()
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            break
    return 2 * m * k * n * calls / elapsed / 1e9


def slowdown_warning(hw: Hardware, why: str) -> str:
    """The warning for an explicit bf16 without native support, with the slowdown measured here and now."""
    fp32, bf16 = matmul_rate(torch.float32, hw.device), matmul_rate(torch.bfloat16, hw.device)
    ratio = (f"{fp32 / max(bf16, 1e-9):.0f}x slower" if bf16 < fp32 else
             f"{bf16 / max(fp32, 1e-9):.1f}x faster alone, but the casts around it cost more")
    return (f"precision = \"bf16\" but {why}: a bf16 matrix product runs at {bf16:.1f} GFLOP/s here against "
            f"{fp32:.1f} in float32 ({ratio}); precision = \"auto\" would use fp32")


def choose_precision(requested: str, device: torch.device | str, say: Callable[[str], Any] = print,
                     hw: Hardware | None = None) -> str:
    """Resolve ``requested`` on ``device``, say the choice and its reason (one line), warn when it will be slow."""
    hw = hw or probe(device)
    precision, reason, slow = resolve_precision(requested, hw)
    say(f"precision: {precision} ({reason})")
    if slow:
        say("warning: " + slowdown_warning(hw, reason.removeprefix("asked for: ")))
    return precision


def _sandbox_layers() -> str:
    try:
        from verigrpo.sandboxes import capabilities

        caps = capabilities()
    except Exception as e:  # a report must not die on a missing layer's probe
        return f"unavailable ({type(e).__name__}: {e})"
    missing = f"; missing: {', '.join(caps['missing'])}" if caps["missing"] else ""
    return ", ".join(caps["active"]) + missing


def report(hw: Hardware | None = None, measure: bool = True, sandbox: bool = True) -> str:
    """``verigrpo doctor``: CPU features, threads, the precision ``auto`` picks (and why), matmul rates, sandbox."""
    hw = hw or probe()
    shown = [f for f in SHOWN_FLAGS if f in hw.cpu_flags]
    precision, reason, _ = resolve_precision("auto", hw)
    lines = [
        f"cpu:        {hw.cpu_model or 'unknown'}; {hw.cores} cores usable, torch threads {hw.threads}",
        f"cpu flags:  {' '.join(shown) or 'none of ' + ' '.join(SHOWN_FLAGS)}; torch kernels {hw.torch_isa}"
        + (f"; ONEDNN_MAX_CPU_ISA={hw.onednn_max_isa}" if hw.onednn_max_isa else ""),
        f"device:     {hw.device}" + (f" ({hw.gpu_name})" if hw.gpu_name else ""),
        f"precision:  auto -> {precision} ({reason.removeprefix('auto: ')})",
    ]
    if measure:
        fp32, bf16 = matmul_rate(torch.float32, hw.device), matmul_rate(torch.bfloat16, hw.device)
        lines.append(f"matmul:     fp32 {fp32:.1f} GFLOP/s, bf16 {bf16:.1f} GFLOP/s (128x576 @ 576x1536, "
                     f"{bf16 / max(fp32, 1e-9):.2f}x)")
    if sandbox:
        lines.append(f"sandbox:    {_sandbox_layers()}")
    lines.append(f"torch:      {torch.__version__}; python {platform.python_version()}")
    return "\n".join(lines)
