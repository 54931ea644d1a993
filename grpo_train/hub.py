"""The trained model's card, and the optional push to the Hugging Face Hub (``push_to_hub``).

Every run that ends writes ``README.md`` into its final model directory (``checkpoint/model``): a model card with
the base model, the task, the verifiers and their options, the recipe and the held-out accuracy before and after
training, so a model found on a disk or on the hub says how it was made and what it scored. With
``push_to_hub = true`` the directory (weights, tokenizer, card) is uploaded to ``hub_model_id`` (default: the
name of ``output_dir``, under the account of the token in use) after the final evaluation. Nothing here touches
the network unless ``push_to_hub`` is set.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from verigrpo.grpo_train.config import Config

RECIPE_KEYS = ("num_generations", "prompts_per_step", "max_new_tokens", "temperature", "advantage", "beta",
               "num_iterations", "aggregation", "learning_rate", "lr_schedule", "max_steps", "precision", "seed")


def _accuracy(summary: dict[str, Any], tag: str) -> str:
    e = summary.get(f"eval_{tag}")
    return f"{e['accuracy']:.1%} ({e['problems']} problems)" if isinstance(e, dict) and "accuracy" in e else "not run"


def model_card(cfg: Config, summary: dict[str, Any]) -> str:
    """The model card (Markdown with the hub's YAML header) of a run that ended with ``summary``."""
    verifiers = cfg.verifiers if isinstance(cfg.verifiers, list) else [cfg.verifiers]
    names = [v if isinstance(v, str) else json.dumps(v) for v in verifiers]
    header = ["---", "library_name: transformers", "tags:", "- verigrpo", "- grpo", "- reinforcement-learning"]
    if "/" in cfg.model:  # a hub id; the embedded alias is not one
        header.append(f"base_model: {cfg.model}")
    header.append("---")
    lines = [
        f"# {cfg.hub_model_id or Path(cfg.output_dir).name}",
        "",
        f"`{cfg.model}` trained with GRPO by [verigrpo](https://pypi.org/project/verigrpo/) on `{cfg.dataset}`"
        + (f" (`{cfg.dataset_config}`)" if cfg.dataset_config else "") + ".",
        "",
        "## Rewards",
        "",
        *(f"- `{n}`" + (f": options `{json.dumps(cfg.verifier_options[n])}`" if n in cfg.verifier_options else "")
          for n in names),
        "",
        "## Held-out accuracy",
        "",
        "| before | after |",
        "|---|---|",
        f"| {_accuracy(summary, 'before')} | {_accuracy(summary, 'after')} |",
        "",
        "## Recipe",
        "",
        "| key | value |",
        "|---|---|",
        *(f"| `{k}` | `{getattr(cfg, k)}` |" for k in RECIPE_KEYS),
        f"| steps run | {summary.get('steps', '?')} |",
        "",
    ]
    return "\n".join(header + [""] + lines)


def write_card(model_dir: Path, cfg: Config, summary: dict[str, Any]) -> Path:
    """Write the model card into ``model_dir`` as ``README.md``; returns its path."""
    path = Path(model_dir) / "README.md"
    path.write_text(model_card(cfg, summary), encoding="utf-8")
    return path


class PushFailed(RuntimeError):
    """The upload failed after the run had ended and saved everything (no token, no network, no permission)."""


def push(model_dir: Path, cfg: Config, summary: dict[str, Any], api: Any = None) -> str:
    """Upload ``model_dir`` (with its card) to ``cfg.hub_model_id``, creating the repository if needed; returns the
    repository id. ``api``: a ``huggingface_hub.HfApi`` (made here when None; tests pass a stand-in)."""
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi()
    write_card(model_dir, cfg, summary)
    repo_id = cfg.hub_model_id or Path(cfg.output_dir).name
    url = api.create_repo(repo_id, private=cfg.hub_private_repo, exist_ok=True, repo_type="model")
    repo_id = getattr(url, "repo_id", None) or repo_id  # the full "user/name" when the hub filled in the account
    after = summary.get("eval_after", {}).get("accuracy")
    message = f"verigrpo: {summary.get('steps', '?')} GRPO steps" + (f", held-out {after:.1%}" if after is not None else "")
    api.upload_folder(folder_path=str(model_dir), repo_id=repo_id, repo_type="model", commit_message=message)
    return repo_id


def push_or_explain(model_dir: Path, cfg: Config, summary: dict[str, Any]) -> str:
    """:func:`push`, with any failure turned into :class:`PushFailed` saying that nothing was lost and how to
    upload the saved model later."""
    try:
        return push(model_dir, cfg, summary)
    except Exception as e:  # noqa: BLE001 - the hub client raises many kinds; all mean "not uploaded"
        raise PushFailed(
            f"push_to_hub failed ({type(e).__name__}: {e}); the run itself is complete and saved: upload it later "
            f"with `huggingface-cli upload {cfg.hub_model_id or Path(cfg.output_dir).name} {model_dir}`"
        ) from e
