"""The model card every finished run writes into ``checkpoint/model/README.md``, and ``push_to_hub``: a real
``verigrpo train`` on the tiny model uploads that directory through a stand-in for ``huggingface_hub.HfApi`` (no
network), to ``hub_model_id`` or the run directory's name; a bad repository id is an error at load; such a run
stays online."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_train import overrides


class FakeApi:
    """Records the calls a push makes, as ``HfApi`` would receive them."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def create_repo(self, repo_id: str, **kwargs: Any) -> Any:
        self.calls.append(("create_repo", {"repo_id": repo_id, **kwargs}))
        return type("RepoUrl", (), {"repo_id": repo_id if "/" in repo_id else f"someone/{repo_id}"})()

    def upload_folder(self, **kwargs: Any) -> None:
        files = sorted(p.name for p in Path(kwargs["folder_path"]).iterdir())
        self.calls.append(("upload_folder", {**kwargs, "files": files}))


def test_every_run_writes_a_model_card_with_its_verifiers_and_held_out_accuracy(tiny, tmp_path):
    from verigrpo.grpo_train.cli import train_main

    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=1, eval_before=True, eval_after=True, eval_size=3)) == 0
    card = (out / "checkpoint" / "model" / "README.md").read_text()
    summary = json.loads((out / "summary.json").read_text())
    assert card.startswith("---\nlibrary_name: transformers\n")
    assert "- `test_train:digit_share`" in card  # the verifiers that paid the rewards
    assert f"{summary['eval_before']['accuracy']:.1%} (3 problems)" in card
    assert f"{summary['eval_after']['accuracy']:.1%} (3 problems)" in card
    assert "| `num_generations` |" in card and "| steps run | 1 |" in card


def test_push_to_hub_uploads_the_final_model_with_its_card(tiny, tmp_path, monkeypatch):
    import huggingface_hub
    from verigrpo.grpo_train.cli import train_main

    api = FakeApi()
    monkeypatch.setattr(huggingface_hub, "HfApi", lambda: api)
    out = tmp_path / "my-run"
    assert train_main(overrides(tiny, out, max_steps=1, push_to_hub=True, hub_private_repo=True)) == 0
    (create, kwargs), (upload, up) = api.calls
    assert create == "create_repo" and kwargs["repo_id"] == "my-run" and kwargs["private"] is True
    assert upload == "upload_folder" and up["repo_id"] == "someone/my-run"  # the account the hub filled in
    assert Path(up["folder_path"]).resolve() == (out / "checkpoint" / "model").resolve()
    assert "README.md" in up["files"] and "config.json" in up["files"]
    assert any(f.endswith(".safetensors") for f in up["files"])


def test_a_failed_push_exits_non_zero_and_loses_nothing(tiny, tmp_path, monkeypatch, capsys):
    import huggingface_hub
    from verigrpo.grpo_train.cli import train_main

    class NoToken(FakeApi):
        def create_repo(self, repo_id: str, **kwargs: Any) -> Any:
            raise OSError("no token found")

    monkeypatch.setattr(huggingface_hub, "HfApi", NoToken)
    out = tmp_path / "run"
    assert train_main(overrides(tiny, out, max_steps=1, push_to_hub=True)) == 1
    err = capsys.readouterr().err
    assert "push_to_hub failed (OSError: no token found)" in err and "huggingface-cli upload run" in err
    assert (out / "summary.json").exists() and (out / "checkpoint" / "model" / "README.md").exists()


def test_without_push_to_hub_nothing_is_uploaded(tiny, tmp_path, monkeypatch):
    import huggingface_hub
    from verigrpo.grpo_train.cli import train_main

    monkeypatch.setattr(huggingface_hub, "HfApi", lambda: pytest.fail("HfApi made without push_to_hub"))
    assert train_main(overrides(tiny, tmp_path / "run", max_steps=1)) == 0


@pytest.mark.parametrize("repo", ["a/b/c", "has space", "x" * 97])
def test_a_bad_hub_model_id_is_an_error_at_load(repo):
    from verigrpo.grpo_train.config import ConfigError, load_config

    with pytest.raises(ConfigError, match="hub_model_id"):
        load_config(overrides=[f"hub_model_id={json.dumps(repo)}"])


@pytest.mark.parametrize(
    ("argv", "offline"),
    [([], True), (["--set", "push_to_hub=true"], False), (["--set", "push_to_hub=false"], True)],
)
def test_a_run_that_pushes_stays_online(argv, offline, monkeypatch):
    import os

    import verigrpo_cli

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    verigrpo_cli._offline_env(argv)
    assert os.environ.get("HF_HUB_OFFLINE") == ("1" if offline else None)
