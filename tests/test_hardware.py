"""``precision = "auto"``: the capability probe replaced by hand-made machines, both branches, and ``doctor``."""

from __future__ import annotations

import dataclasses

import pytest
import torch
from verigrpo.grpo_train import hardware
from verigrpo.grpo_train.config import Config, load_config
from verigrpo.grpo_train.hardware import Hardware, choose_precision, resolve_precision

AVX2_EPYC = Hardware(device="cpu", cpu_model="AMD EPYC 7B13", cpu_flags=frozenset({"avx", "avx2", "fma"}),
                     torch_isa="AVX2", onednn_max_isa="", threads=2, cores=2)
SAPPHIRE_RAPIDS = Hardware(
    device="cpu", cpu_model="Intel Xeon", torch_isa="AVX512", onednn_max_isa="", threads=2, cores=2,
    cpu_flags=frozenset({"avx2", "fma", "avx512f", "avx512_bf16", "amx_bf16", "amx_tile"}),
)
SKYLAKE_AVX512 = dataclasses.replace(SAPPHIRE_RAPIDS, cpu_flags=frozenset({"avx2", "fma", "avx512f"}))
GRAVITON = Hardware(device="cpu", cpu_model="", cpu_flags=frozenset({"asimd", "bf16", "sve"}), torch_isa="SVE256",
                    onednn_max_isa="", threads=2, cores=2)
A100 = dataclasses.replace(AVX2_EPYC, device="cuda", gpu_name="NVIDIA A100", gpu_bf16=True)
V100 = dataclasses.replace(AVX2_EPYC, device="cuda", gpu_name="Tesla V100", gpu_bf16=False)


def test_auto_is_the_default_and_a_valid_choice():
    assert Config().precision == "auto"
    assert load_config(None, ["precision=auto"]).precision == "auto"


@pytest.mark.parametrize(
    "hw, expected",
    [
        (AVX2_EPYC, "fp32"),  # no native bf16: emulated bf16 is 30-85x slower
        (SKYLAKE_AVX512, "fp32"),  # AVX-512 alone has no bf16 dot product
        (GRAVITON, "fp32"),  # ARM bf16 never measured here: the safe choice
        (SAPPHIRE_RAPIDS, "bf16"),  # AMX-BF16: measured faster
        # AVX512-BF16 without AMX (AMD Zen 4): measured slower in bf16 than in fp32
        (dataclasses.replace(SAPPHIRE_RAPIDS, cpu_flags=frozenset({"avx2", "avx512f", "avx512_bf16"})), "fp32"),
        (A100, "bf16"),
        (V100, "fp32"),
        (dataclasses.replace(AVX2_EPYC, device="mps"), "fp32"),
    ],
)
def test_auto_picks_bf16_only_where_it_is_native(hw, expected):
    precision, reason, slow = resolve_precision("auto", hw)
    assert precision == expected and not slow
    assert reason.startswith("auto: ") and len(reason) > 10


def test_torch_or_onednn_capped_below_bf16_counts_as_no_bf16():
    # a bf16 CPU whose kernels are restricted (how the AVX2 rows of the table were measured) runs emulated bf16
    capped_aten = dataclasses.replace(SAPPHIRE_RAPIDS, torch_isa="AVX2")
    capped_onednn = dataclasses.replace(SAPPHIRE_RAPIDS, onednn_max_isa="avx2")
    for hw in (capped_aten, capped_onednn):
        precision, reason, _ = resolve_precision("auto", hw)
        assert precision == "fp32"
        assert "AVX2" in reason.upper()
    assert resolve_precision("auto", dataclasses.replace(SAPPHIRE_RAPIDS, onednn_max_isa="avx512_core_amx"))[0] == "bf16"
    no_amx = dataclasses.replace(SAPPHIRE_RAPIDS, onednn_max_isa="avx512_core_bf16")  # how Zen 4 was measured here
    assert resolve_precision("auto", no_amx)[0] == "fp32"


def test_explicit_choices_are_kept_and_bf16_without_native_support_is_flagged_slow():
    assert resolve_precision("fp32", SAPPHIRE_RAPIDS) == ("fp32", "asked for", False)
    assert resolve_precision("bf16", SAPPHIRE_RAPIDS) == ("bf16", "asked for", False)
    precision, reason, slow = resolve_precision("bf16", AVX2_EPYC)
    assert precision == "bf16" and slow and "no native bf16" in reason


def test_choose_precision_says_the_choice_and_warns_with_a_measured_slowdown(monkeypatch):
    rates = {torch.float32: 26.5, torch.bfloat16: 0.9}  # the EPYC figures, GFLOP/s
    monkeypatch.setattr(hardware, "matmul_rate", lambda dtype, device="cpu", **_: rates[dtype])
    said: list[str] = []
    assert choose_precision("bf16", "cpu", say=said.append, hw=AVX2_EPYC) == "bf16"
    assert said[0].startswith("precision: bf16 (asked for")
    assert said[1].startswith("warning:") and "0.9 GFLOP/s" in said[1] and "26.5" in said[1] and "29x slower" in said[1]
    said.clear()
    assert choose_precision("auto", "cpu", say=said.append, hw=AVX2_EPYC) == "fp32"
    assert said == ["precision: fp32 (auto: the CPU has no native bf16 (AVX2, no AMX_BF16 or AVX512_BF16))"]


def test_probe_reads_this_machine():
    hw = hardware.probe("cpu")
    assert hw.device == "cpu" and hw.threads >= 1 and hw.cores >= 1
    assert hw.torch_isa == torch.backends.cpu.get_cpu_capability()
    # the flags come from /proc/cpuinfo on Linux; whatever they hold, the decision follows them
    native = hardware.FASTER_BF16_FLAG in hw.cpu_flags and hw.torch_isa in ("AVX512", "AMX")
    assert (resolve_precision("auto", hw)[0] == "bf16") == (native and hw.onednn_max_isa not in hardware._ONEDNN_NO_BF16)


def test_matmul_rate_is_positive():
    assert hardware.matmul_rate(torch.float32, seconds=0.01) > 0


def test_report_names_the_flags_precision_and_reason():
    text = hardware.report(SAPPHIRE_RAPIDS, measure=False, sandbox=False)
    assert "amx_bf16" in text and "auto -> bf16" in text and "2 cores" in text
    text = hardware.report(AVX2_EPYC, measure=False, sandbox=False)
    assert "auto -> fp32" in text and "no native bf16" in text


def test_doctor_command_prints_the_report(capsys):
    from verigrpo_cli import main

    assert main(["doctor", "--no-measure"]) == 0
    out = capsys.readouterr().out
    assert "precision:  auto ->" in out and "sandbox:" in out and "cpu flags:" in out


def test_estimate_line_leaves_out_the_warm_up_step_and_adds_the_final_evaluation():
    from verigrpo.grpo_train.train import estimate_line

    # steps of 30, 10, 12 s: pace (10 + 12) / 2 = 11 s; 57 left -> 627 s, + 35 s evaluation = 662 s to go;
    # 100 s so far -> 762 s = 12.7 min
    line = estimate_line(100.0, [30.0, 10.0, 12.0], 57, 35.0)
    assert line.startswith("estimated total 12.7 min") and "57 steps of ~11.0 s" in line and "35 s evaluation" in line
    assert "evaluation" not in estimate_line(10.0, [5.0], 1, 0.0)
