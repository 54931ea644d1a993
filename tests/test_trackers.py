"""``report_to``: which of accelerate's trackers a run logs to, the config errors for a tracker that is not installed
or not known, and a run of the real ``verigrpo train`` that logs to a recording ``GeneralTracker`` (named by
``"test_trackers:recording_tracker"``) and, where tensorboard is installed, to TensorBoard: the values each got are
those of metrics.jsonl, which is written whatever the trackers are."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from accelerate.tracking import GeneralTracker
from test_train import overrides, read_metrics

RECORDED: list[tuple[str, Any]] = []


class RecordingTracker(GeneralTracker):
    """A tracker that keeps what accelerate hands it (no network, no files)."""

    name = "recording"
    requires_logging_directory = False

    def __init__(self, run_dir: Path) -> None:
        super().__init__()
        self.run_dir = run_dir

    @property
    def tracker(self) -> Any:
        return RECORDED

    def store_init_configuration(self, values: dict) -> None:
        RECORDED.append(("config", values))

    def log(self, values: dict, step: int | None = None, **kwargs: Any) -> None:
        RECORDED.append(("log", (step, dict(values))))

    def finish(self) -> None:
        RECORDED.append(("finish", str(self.run_dir)))


def recording_tracker(run_dir: Path) -> RecordingTracker:
    return RecordingTracker(run_dir)


def test_a_run_logs_every_step_to_the_trackers_and_metrics_jsonl(tiny, tmp_path):
    from verigrpo.grpo_train.cli import train_main

    RECORDED.clear()
    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=2, report_to=["test_trackers:recording_tracker"])) == 0
    kinds = [kind for kind, _ in RECORDED]
    assert kinds == ["config", "log", "log", "finish"]  # finished once, although end_training runs after close
    config = RECORDED[0][1]
    assert config["max_steps"] == 2 and config["report_to"] == '["test_trackers:recording_tracker"]'  # scalars only
    assert all(isinstance(v, (bool, int, float, str)) for v in config.values())
    rows = read_metrics(out)
    assert [payload for kind, payload in RECORDED if kind == "log"] == [
        (row["step"], {k: v for k, v in row.items() if k != "step"}) for row in rows
    ]
    assert RECORDED[-1] == ("finish", str(out))
    assert not (out / "tensorboard").exists()  # "auto" is not in report_to


def test_report_to_none_still_writes_metrics_jsonl(tiny, tmp_path):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=1, report_to="none")) == 0  # a string is a one-item list
    assert len(read_metrics(out)) == 1 and not (out / "tensorboard").exists()


def test_auto_is_tensorboard_when_installed(monkeypatch, tmp_path):
    from verigrpo.grpo_train import metrics

    monkeypatch.setitem(metrics.TRACKERS, "tensorboard", lambda: True)
    assert metrics.trackers(["auto"], tmp_path) == ["tensorboard"]
    assert metrics.trackers(["auto", "tensorboard"], tmp_path) == ["tensorboard"]
    monkeypatch.setitem(metrics.TRACKERS, "tensorboard", lambda: False)
    assert metrics.trackers(["auto"], tmp_path) == []  # not installed: nothing, as before report_to
    assert metrics.trackers(["none"], tmp_path) == []
    (tracker,) = metrics.trackers(["test_trackers:recording_tracker"], tmp_path)
    assert isinstance(tracker, RecordingTracker) and tracker.run_dir == tmp_path


@pytest.mark.parametrize("name", ["wandb", "trackio", "tensorboard"])
def test_a_tracker_that_is_not_installed_is_an_error_at_load(monkeypatch, name):
    from verigrpo.grpo_train import metrics
    from verigrpo.grpo_train.config import ConfigError, load_config

    monkeypatch.setitem(metrics.TRACKERS, name, lambda: False)
    with pytest.raises(ConfigError, match=f"report_to asks for {name}, but the {name} package is not installed: "
                                          f"pip install {name}"):
        load_config(None, [f"report_to=['{name}']"])
    monkeypatch.setitem(metrics.TRACKERS, name, lambda: True)
    assert load_config(None, [f"report_to=['{name}']"]).report_to == [name]


@pytest.mark.parametrize("value, message", [
    ("['mlflow']", "unknown tracker 'mlflow'; one of tensorboard, wandb, trackio, auto, none"),
    ("['none', 'auto']", "'none' cannot be combined"),
    ("['no_such_module_xyz:make']", "cannot import the tracker 'no_such_module_xyz:make'"),
    ("['test_trackers:no_such_function']", "cannot import the tracker"),
    ("[3]", "report_to must be a list of tracker names"),
])
def test_bad_report_to_is_an_error_at_load(value, message):
    from verigrpo.grpo_train.config import ConfigError, load_config

    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load_config(None, [f"report_to={value}"])


def test_the_default_is_auto():
    from verigrpo.grpo_train.config import load_config

    assert load_config(None, []).report_to == ["auto"]


def test_tensorboard_gets_the_metrics_when_installed(tiny, tmp_path):
    """The real TensorBoard tracker (skipped where tensorboard is not installed; the test extra installs it)."""
    pytest.importorskip("tensorboard")
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=2)) == 0  # report_to = ["auto"]
    (logdir,) = {p.parent for p in (out / "tensorboard").rglob("events.out.tfevents.*") if p.parent.name == "verigrpo"}
    events = EventAccumulator(str(logdir))
    events.Reload()
    rows = read_metrics(out)
    for key in ("reward", "loss", "completion_len"):
        scalars = events.Scalars(key)
        assert [s.step for s in scalars] == [r["step"] for r in rows]
        assert [s.value for s in scalars] == pytest.approx([r[key] for r in rows], rel=1e-6)
    assert json.loads((out / "summary.json").read_text())["steps"] == 2


def test_plots_are_skipped_with_one_line_without_matplotlib(monkeypatch, tmp_path, capsys):
    """matplotlib is the optional ``plots`` extra: without it a run's summary has no plots, and says why once."""
    import sys

    from verigrpo.grpo_train.plots import plot_metrics

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    assert plot_metrics([{"step": 1, "reward": 0.5}], tmp_path) == []
    assert capsys.readouterr().out == ("plots skipped: matplotlib is not installed (pip install 'verigrpo[plots]'); "
                                       "metrics.jsonl has the values\n")
    assert not list(tmp_path.iterdir())
