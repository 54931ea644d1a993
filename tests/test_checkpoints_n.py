"""``checkpoint-<step>`` directories (TRL's layout): ``save_total_limit`` pruning, the ``checkpoint`` link to the
newest, a run killed while writing a checkpoint resuming from the previous one, and a run from before
``checkpoint-N`` (one ``checkpoint/`` directory) resuming and adopting the new layout.

The real ``verigrpo train`` on the tiny random model of ``tests/test_train.py`` (its fixtures and verifier)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import torch
from test_train import load_params, overrides, read_metrics, without_timings

TESTS = Path(__file__).parent
ROOT = TESTS.parent


def dirs(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith("checkpoint"))


def step_of(path: Path) -> int:
    import torch

    return torch.load(path / "trainer.pt", weights_only=False)["step"]


@pytest.fixture(scope="module")
def straight(tiny, tmp_path_factory) -> Path:
    """An uninterrupted 3-step run with a checkpoint every step, every checkpoint kept."""
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path_factory.mktemp("straight") / "run"
    assert train_main(overrides(tiny, out, max_steps=3, save_every=1, save_total_limit=0)) == 0
    return out


def assert_same_run(a: Path, b: Path) -> None:
    assert without_timings(read_metrics(a)) == without_timings(read_metrics(b))
    pa, pb = load_params(a / "checkpoint" / "model"), load_params(b / "checkpoint" / "model")
    assert all((pa[k] == pb[k]).all() for k in pa)


def test_every_save_is_a_checkpoint_n_and_the_link_names_the_newest(straight):
    assert dirs(straight) == ["checkpoint", "checkpoint-1", "checkpoint-2", "checkpoint-3"]  # save_total_limit = 0
    link = straight / "checkpoint"
    assert link.is_symlink() and os.readlink(link) == "checkpoint-3"  # relative: the run directory can move
    assert step_of(link) == 3 and sorted(p.name for p in link.iterdir()) == ["model", "trainer.pt"]

    from transformers import AutoModelForCausalLM

    AutoModelForCausalLM.from_pretrained(link / "model")  # the stable path of the final model


def test_save_total_limit_keeps_the_newest(tiny, tmp_path):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=4, save_every=1, save_total_limit=2)) == 0
    assert dirs(out) == ["checkpoint", "checkpoint-3", "checkpoint-4"]
    assert os.readlink(out / "checkpoint") == "checkpoint-4"


def test_a_run_killed_while_writing_a_checkpoint_resumes_from_the_previous_one(tiny, straight, tmp_path):
    """SIGKILL (the whole process group: trainer and scoring workers) while ``checkpoint-2`` is half written
    (its ``model/`` is there, ``trainer.pt`` is not): checkpoint-1 and the link are untouched, --resume continues
    from step 1 and ends where the uninterrupted run does; the partial directory is removed by the next save."""
    from verigrpo.grpo_train.checkpoints import find_checkpoint
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    kill_in = "import os, signal, torch\n" \
              "real = torch.save\n" \
              "def save(obj, f, *a, **k):\n" \
              "    if str(f).endswith('checkpoint-2.tmp/trainer.pt'):\n" \
              "        os.killpg(os.getpgid(0), signal.SIGKILL)\n" \
              "    return real(obj, f, *a, **k)\n" \
              "torch.save = save\n" \
              "import sys\n" \
              "from verigrpo.grpo_train.cli import train_main\n" \
              "sys.exit(train_main(sys.argv[1:]))\n"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(TESTS), str(ROOT)])}
    # the killed run computes step 1 in its own process: with this process's thread count, so that its float
    # sums are those of the straight run (on some CPUs 1 and 2 threads round differently), and the resumed
    # run (in this process, reading the saved config) leaves the thread count as it found it
    args = overrides(tiny, out, max_steps=3, save_every=1, save_total_limit=0, threads=torch.get_num_threads())
    proc = subprocess.run([sys.executable, "-c", kill_in, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, start_new_session=True)
    assert proc.returncode == -9, proc.stderr[-3000:]
    assert dirs(out) == ["checkpoint", "checkpoint-1", "checkpoint-2.tmp"]
    assert (out / "checkpoint-2.tmp" / "model").is_dir() and not (out / "checkpoint-2.tmp" / "trainer.pt").exists()
    assert os.readlink(out / "checkpoint") == "checkpoint-1" and find_checkpoint(out) == out / "checkpoint-1"

    assert train_main(["--resume", "--set", f"output_dir={json.dumps(str(out))}"]) == 0
    assert dirs(out) == ["checkpoint", "checkpoint-1", "checkpoint-2", "checkpoint-3"]
    assert_same_run(out, straight)


def test_a_run_from_before_checkpoint_n_resumes_and_adopts_the_layout(tiny, straight, tmp_path):
    """The old layout: one ``checkpoint/`` directory (step 1). --resume reads it; the first save renames it to
    checkpoint-1 and puts the link in its place; the run ends where the uninterrupted one does."""
    from verigrpo.grpo_train.checkpoints import find_checkpoint
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=3, save_every=1, save_total_limit=0)) == 0
    (out / "checkpoint").unlink()
    for name in ("checkpoint-2", "checkpoint-3"):
        shutil.rmtree(out / name)
    os.replace(out / "checkpoint-1", out / "checkpoint")  # as an earlier version left it
    assert find_checkpoint(out) == out / "checkpoint"

    assert train_main(["--resume", "--set", f"output_dir={json.dumps(str(out))}"]) == 0
    assert dirs(out) == ["checkpoint", "checkpoint-1", "checkpoint-2", "checkpoint-3"]
    assert os.readlink(out / "checkpoint") == "checkpoint-3" and step_of(out / "checkpoint-1") == 1
    assert_same_run(out, straight)


# ---- checkpoint I/O without a model ----------------------------------------------------------------------


class Saver:
    def save_pretrained(self, path: Any) -> None:
        os.makedirs(path, exist_ok=True)
        (Path(path) / "weights.bin").write_bytes(b"w" * 16)


@pytest.mark.parametrize("keep, kept", [(0, [1, 2, 3, 4]), (1, [4]), (3, [2, 3, 4])])
def test_pruning_keeps_the_newest_and_clears_unfinished_saves(tmp_path, keep, kept):
    from verigrpo.grpo_train.checkpoints import find_checkpoint, save_checkpoint

    (tmp_path / "checkpoint-9.tmp" / "model").mkdir(parents=True)  # a killed save of a later step: not complete
    for step in (1, 2, 3, 4):
        assert save_checkpoint(tmp_path, Saver(), Saver(), {"step": step}, keep=keep) == tmp_path / f"checkpoint-{step}"
    assert dirs(tmp_path) == ["checkpoint"] + [f"checkpoint-{s}" for s in kept]
    assert find_checkpoint(tmp_path) == tmp_path / "checkpoint-4"


def test_the_newest_is_found_by_step_not_by_name_and_a_same_step_save_replaces(tmp_path):
    from verigrpo.grpo_train.checkpoints import find_checkpoint, save_checkpoint

    for step in (9, 10):
        save_checkpoint(tmp_path, Saver(), Saver(), {"step": step})
    assert find_checkpoint(tmp_path) == tmp_path / "checkpoint-10"  # "checkpoint-9" sorts after it as a string
    save_checkpoint(tmp_path, Saver(), Saver(), {"step": 10, "again": True})  # a stop right after a periodic save
    assert dirs(tmp_path) == ["checkpoint", "checkpoint-10", "checkpoint-9"]
    import torch

    assert torch.load(tmp_path / "checkpoint" / "trainer.pt")["again"]
    # A crash between the two renames of a same-step save leaves checkpoint-10.old only: it is found.
    os.replace(tmp_path / "checkpoint-10", tmp_path / "checkpoint-10.old")
    assert find_checkpoint(tmp_path) == tmp_path / "checkpoint-10.old"


def test_save_total_limit_is_checked_at_load():
    from verigrpo.grpo_train.config import ConfigError, load_config

    assert load_config(None, []).save_total_limit == 2
    with pytest.raises(ConfigError, match="save_total_limit must be >= 0"):
        load_config(None, ["save_total_limit=-1"])
