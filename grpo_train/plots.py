"""PNG plots of a run's metrics against step (matplotlib, headless; the optional ``plots`` extra): reward, accuracy,
KL, completion length."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# file stem -> (title, metric keys drawn on it)
PLOTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "reward": ("reward (mean over scored completions)", ("reward",)),
    "accuracy": ("training accuracy (sampled completions)", ("accuracy",)),
    "kl": ("KL estimates (k3 to reference, approx. to old policy)", ("kl_ref", "kl_old")),
    "length": ("completion length (tokens)", ("completion_len",)),
}


def plot_metrics(metrics: Sequence[dict[str, Any]], out: str | Path) -> list[Path]:
    """Write one PNG per entry of :data:`PLOTS` into ``out``; returns the paths written (none, with one line
    saying so, when matplotlib is not installed: it is the ``plots`` extra)."""
    try:
        import matplotlib
    except ImportError:
        print("plots skipped: matplotlib is not installed (pip install 'verigrpo[plots]'); metrics.jsonl has the values")
        return []

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(out)
    paths = []
    for stem, (title, keys) in PLOTS.items():
        fig, ax = plt.subplots(figsize=(6, 3.5))
        values = []
        for key in keys:
            points = [(m["step"], m[key]) for m in metrics if isinstance(m.get(key), (int, float)) and math.isfinite(m[key])]
            if points:
                ax.plot(*zip(*points), marker=".", label=key)
                values += [v for _, v in points]
        if stem == "kl" and not any(values):
            # beta = 0 loads no reference (kl_ref is 0) and mu = 1 makes the ratio 1 (kl_old is 0)
            ax.text(0.5, 0.7, "0 by construction: no reference (beta = 0) and one pass (mu = 1)",
                    transform=ax.transAxes, ha="center", fontsize=9)
        ax.set_title(title)
        ax.set_xlabel("step")
        ax.grid(alpha=0.3)
        if len(keys) > 1 and ax.get_legend_handles_labels()[0]:
            ax.legend()
        fig.tight_layout()
        path = out / f"{stem}.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        paths.append(path)
    return paths
