"""What a run logs and prints: a step's reward metrics, the logger (metrics.jsonl, samples.jsonl and the
``report_to`` trackers), the harness-failure stop rule, the early time estimate and the end-of-run summary. No
maths of the loss here (its statistics come from ``losses.grpo_loss``); the loop in ``grpo_train.train`` calls
these.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from accelerate import Accelerator
from accelerate.tracking import GeneralTracker
from accelerate.utils import gather_object, is_tensorboard_available, is_trackio_available, is_wandb_available
from torch import Tensor
from verigrpo.verifiers import Reward, Status

STATUSES = list(Status)
ESTIMATE_AFTER = 3  # steps after which the run prints its estimated total time (the first step warms up)


def _mean(values: list[float]) -> float:
    return float(sum(values) / len(values)) if values else float("nan")


def reward_metrics(scored: list[Reward], lengths: Tensor, truncated: Tensor, names: list[str]) -> dict[str, float]:
    """Reward, per-verifier reward, accuracy, status rates and length statistics of a step's completions."""
    n = len(scored)
    ok = [r for r in scored if not r.status.is_infra]
    m: dict[str, float] = {
        "reward": _mean([r.outcome for r in ok]),
        "accuracy": sum(r.status is Status.CORRECT for r in scored) / n,
        "infra_frac": 1 - len(ok) / n,
        "completion_len": float(lengths.float().mean()),
        "completion_len_max": float(lengths.max()),
        "truncated_frac": float(truncated.float().mean()),
    }
    for name in names:
        comps = [r.info.get("components", {}).get(name) for r in ok]
        m[f"reward/{name}"] = _mean([c["reward"] for c in comps if c is not None])
    for status in STATUSES:
        count = sum(r.status is status for r in scored)
        if count:
            m[f"status/{status.value}"] = count / n
    return m



def gather_rewards(accelerator: Accelerator, scored: list[Reward]) -> list[Reward]:
    """All processes' rewards, in process order (rewards are small; objects are gathered as JSON)."""
    if accelerator.num_processes == 1:
        return scored
    return [Reward.from_dict(d) for d in gather_object([r.to_dict() for r in scored])]


def status_summary(metrics: dict[str, float]) -> str:
    """"last step: timeout 60%, wrong 40%" from a step's ``status/...`` metrics."""
    parts = sorted(((k.split("/", 1)[1], v) for k, v in metrics.items() if k.startswith("status/")), key=lambda kv: -kv[1])
    return "last step: " + ", ".join(f"{name} {v:.0%}" for name, v in parts)



class HarnessFailure(RuntimeError):
    """Most rewards of the last steps were harness failures (timeouts, verifier errors, bad input): the run stops
    instead of training on nothing (``max_infra_frac``)."""


def harness_failing(infra_fracs: list[float], max_frac: float, window: int) -> str | None:
    """Why the run must stop, or None: the mean harness-failure fraction of the last ``window`` steps is above
    ``max_frac`` (``max_frac >= 1`` never stops). A single bad step (a slow disk, one hung sandbox) does not."""
    if max_frac >= 1 or len(infra_fracs) < window:
        return None
    mean = sum(infra_fracs[-window:]) / window
    if mean <= max_frac:
        return None
    return (f"{mean:.0%} of the completions of the last {window} steps got no reward from the harness (more than "
            f"max_infra_frac = {max_frac:g})")




def _step_of(line: str) -> float:
    """The step of a JSONL log line; a line cut short by a kill counts as past any checkpoint."""
    try:
        return json.loads(line)["step"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return math.inf


# ---------------------------------------------------------------------------------------------------------
# Trackers: report_to names -> accelerate's trackers (metrics.jsonl is written whatever they are)
# ---------------------------------------------------------------------------------------------------------

# report_to name -> whether its package is installed (accelerate's own tracker class logs to it)
TRACKERS: dict[str, Callable[[], bool]] = {
    "tensorboard": is_tensorboard_available,
    "wandb": is_wandb_available,
    "trackio": is_trackio_available,
}
PROJECT = "verigrpo"  # the wandb / trackio project; each run is named after its output_dir


def _custom_tracker(spec: str) -> Callable[[Path], GeneralTracker]:
    """``"package.module:function"``: a function of the run directory that returns a ``GeneralTracker``."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def check_trackers(report_to: list[str]) -> str | None:
    """What is wrong with ``report_to`` (an unknown name, a tracker whose package is not installed), or None."""
    if "none" in report_to and len(report_to) > 1:
        return f"report_to: 'none' cannot be combined with other trackers, got {report_to}"
    for name in report_to:
        if name in ("auto", "none"):
            continue
        if name in TRACKERS:
            if not TRACKERS[name]():
                return f"report_to asks for {name}, but the {name} package is not installed: pip install {name}, or " \
                       f"leave it out of report_to (installed: {', '.join(installed_trackers()) or 'none'})"
        elif ":" in name:
            try:
                _custom_tracker(name)
            except (ImportError, AttributeError) as e:
                return f"report_to: cannot import the tracker {name!r} ({type(e).__name__}: {e})"
        else:
            return f"report_to: unknown tracker {name!r}; one of {', '.join([*TRACKERS, 'auto', 'none'])} or " \
                   f"'package.module:function' (a function of the run directory returning an accelerate GeneralTracker)"
    return None


def installed_trackers() -> list[str]:
    return [name for name, available in TRACKERS.items() if available()]


def trackers(report_to: list[str], out: Path) -> list[str | GeneralTracker]:
    """accelerate's ``log_with`` for ``report_to`` (checked by :func:`check_trackers` at load): ``auto`` is
    TensorBoard when it is installed (and nothing else), ``none`` nothing."""
    chosen: list[str | GeneralTracker] = []
    for name in report_to:
        if name == "auto":
            chosen += ["tensorboard"] if TRACKERS["tensorboard"]() else []
        elif name in TRACKERS:
            chosen.append(name)
        elif ":" in name:
            chosen.append(_custom_tracker(name)(out))
    return list(dict.fromkeys(chosen))  # "auto" with "tensorboard": once


def _hparam(value: Any) -> bool | int | float | str:
    """A config value as the scalar trackers take for a hyperparameter (TensorBoard takes no lists or tables)."""
    return value if isinstance(value, (bool, int, float, str)) else json.dumps(value)


class Logger:
    """metrics.jsonl and samples.jsonl (always), and every step's metrics to the accelerator's trackers
    (``report_to``); written by the main process only."""

    def __init__(self, out: Path, start_step: int, accelerator: Accelerator, config: dict[str, Any]) -> None:
        self.enabled = accelerator.is_main_process
        self.accelerator = accelerator
        self.metrics_path, self.samples_path = out / "metrics.jsonl", out / "samples.jsonl"
        if not self.enabled:
            return
        for path in (self.metrics_path, self.samples_path):  # drop rows a killed run wrote after its checkpoint
            if path.exists():
                rows = [line for line in path.read_text().splitlines() if _step_of(line) <= start_step]
                path.write_text("".join(r + "\n" for r in rows))
        # TensorBoard writes to output_dir/tensorboard/verigrpo (the logging_dir set in grpo_train.sharding)
        accelerator.init_trackers(PROJECT, config={k: _hparam(v) for k, v in config.items()},
                                  init_kwargs={name: {"name": out.name} for name in ("wandb", "trackio")})

    def log(self, step: int, metrics: dict[str, float], samples: list[dict[str, Any]]) -> None:
        if not self.enabled:
            return
        with self.metrics_path.open("a") as f:
            f.write(json.dumps({"step": step, **metrics}) + "\n")
        with self.samples_path.open("a") as f:
            for s in samples:
                f.write(json.dumps({"step": step, **s}, default=str) + "\n")
        if self.accelerator.trackers:
            self.accelerator.log(metrics, step=step)

    def close(self) -> None:
        """Finish the trackers (on every way out of the loop; not ``end_training``, whose barrier would wait for
        processes that an interrupt may have stopped elsewhere)."""
        for tracker in self.accelerator.trackers:
            tracker.finish()
        self.accelerator.trackers.clear()


def estimate_line(elapsed: float, step_seconds: list[float], left: int, eval_seconds: float) -> str:
    """The early "estimated total" line: ``elapsed`` seconds so far (setup and the first evaluation included),
    ``left`` more steps at the pace of the steps so far (the first one left out when there are others: it
    warms up), plus a final evaluation of ``eval_seconds``. Arithmetic completions shorten as the policy
    learns, so later steps are usually faster and the estimate errs long."""
    timed = step_seconds[1:] or step_seconds
    pace = sum(timed) / max(len(timed), 1)
    rest = left * pace + eval_seconds
    total = elapsed + rest
    tail = f" and a {eval_seconds:.0f} s evaluation" if eval_seconds else ""
    return f"estimated total {total / 60:.1f} min ({elapsed:.0f} s so far; {left} steps of ~{pace:.1f} s{tail} to go)"


def finish(out: Path, summary: dict[str, Any]) -> None:
    """Plots, summary.json and a printed summary."""
    from verigrpo.grpo_train.plots import plot_metrics

    metrics = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    summary["plots"] = [str(p) for p in plot_metrics(metrics, out)]
    if metrics:
        first, last = metrics[: min(5, len(metrics))], metrics[-min(5, len(metrics)) :]
        summary["reward_first5"] = _mean([m["reward"] for m in first])
        summary["reward_last5"] = _mean([m["reward"] for m in last])
        summary["reward_window"] = len(first)  # 5, or every step of a shorter run
        summary["seconds_per_step"] = _mean([m["seconds_step"] for m in metrics])
    (out / "summary.json").write_text(json.dumps(summary, indent=2, default=str))
    lines = [f"run: {out}  steps: {summary['steps']}  wall: {summary['seconds_total']:.0f}s"]
    if "reward_first5" in summary:
        n = summary["reward_window"]
        lines.append(f"train reward: {summary['reward_first5']:.3f} (first {n} steps) -> "
                     f"{summary['reward_last5']:.3f} (last {n})")
    for tag in ("before", "after"):
        if f"eval_{tag}" in summary:
            e = summary[f"eval_{tag}"]
            lines.append(f"held-out accuracy {tag}: {e['accuracy']:.1%} ({e['problems']} problems)")
    print("\n".join(lines))
