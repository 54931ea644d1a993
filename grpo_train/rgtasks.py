"""reasoning-gym tasks as built-in datasets: ``dataset = "reasoning_gym:<task>"``, offline.

reasoning-gym (the optional extra ``reasoning-gym``: ``pip install -e ".[reasoning-gym]"``) generates procedural
problems from a seed, about a hundred tasks (``leg_counting``, ``basic_arithmetic``, ``chain_sum``, ``gcd``,
``letter_counting``, ``sudoku``, ...; ``reasoning_gym.factory.DATASETS`` lists them), each with its own scorer,
which the ``reasoning_gym`` verifier (``verifiers/reasoning_gym.py``) wraps.

* ``dataset_options`` are the task's config options, passed to ``reasoning_gym.create_dataset`` (e.g.
  ``{min_animals = 2, max_animals = 3}`` for ``leg_counting``), and ``seed`` and ``size`` for the training draw:
  ``size`` problems (default :data:`TRAIN_SIZE`) from seed ``seed`` (default: the run's ``seed``). Options the
  task does not have, or values its config refuses, are a ``ConfigError`` when the config loads; so is a missing
  package (naming the extra).
* Held-out problems are never trained on: a problem is held out by a hash of its question (one in
  :data:`HELD_OUT_ONE_IN`), the training draw keeps only the others and the ``test`` draw only those, distinct, from
  :data:`EVAL_SEED` whatever the run's seed (every run evaluates on the same problems). reasoning-gym draws item
  ``i`` of seed ``s`` from ``Random(s + i)``, so two seeds a few apart share most of their items: the hash, not the
  seed, is what keeps the splits apart.
* The prompt (the user message) is the task's question, stripped, then :data:`INSTRUCTION`: the answer goes in
  ``<answer>...</answer>``, reasoning-gym's own convention (its ``extract_answer`` reads the last such block; its
  default system prompt, ``reasoning_gym.utils.SYSTEM_PROMPTS["default"]``, asks for the same with reasoning
  first; set it as ``system_prompt`` and ``prompt_template = "{question}"`` for that style). Rows also carry
  ``question``, ``answer`` (the oracle answer; None for tasks that accept any valid answer) and ``task``; the
  ``reference`` is what the scorer needs: ``{"task", "options", "entry"}`` with the task's item as generated.
* ``shots = k`` (an option of ours, like ``seed`` and ``size``, not passed to the task): the prompt is a chat with
  ``k`` solved problems first, each a user turn as above and the assistant's reply ``<answer>..</answer>`` with the
  task's answer. Small instruction models rarely write the tags on an instruction alone: SmolLM2-135M-Instruct wrote
  them in at most 3 of 240 samples on ``leg_counting`` with the instruction, reasoning-gym's "direct" system prompt
  or any of four rewordings, and in 127 of 240 with one solved example (``benchmarks/results/reasoning_gym.md``). The examples are drawn from
  :data:`SHOTS_SEED` among the training problems (never a held-out one, never the row's own problem), the next
  ``k`` for each row, cycling through :data:`SHOTS_POOL` of them.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
from typing import Any

PREFIX = "reasoning_gym:"
EXTRA = 'pip install -e ".[reasoning-gym]" (the optional extra reasoning-gym; or pip install "verigrpo[reasoning-gym]")'
EVAL_SEED = 1_000_000_000  # the held-out draw: far from small training seeds, so it wastes few of their items
HELD_OUT_ONE_IN = 10
TRAIN_SIZE = 2000  # training problems drawn when dataset_options has no size (a 60-step run of 8 prompts uses 480)
INSTRUCTION = "Give only the final answer, between <answer> and </answer>."
SHOTS_SEED = 2_000_000_000  # the solved examples' draw
SHOTS_POOL = 256  # solved examples drawn per task, cycled through by the rows
OWN_OPTIONS = ("seed", "size", "shots")  # options of the draw; the others are the task's (seed and size are both)


class TaskError(ValueError):
    """A reasoning-gym task that cannot be used: the package, the name or the options."""


def task_of(dataset: str) -> str | None:
    """``"leg_counting"`` for ``"reasoning_gym:leg_counting"``; None for any other dataset."""
    return dataset[len(PREFIX):] if isinstance(dataset, str) and dataset.startswith(PREFIX) else None


def _registry() -> dict[str, Any]:
    try:
        from reasoning_gym.factory import DATASETS
    except ImportError as e:
        raise TaskError(f"reasoning-gym tasks need the reasoning-gym package ({e}): {EXTRA}") from e
    return DATASETS


def check(task: str, options: dict[str, Any]) -> None:
    """Raise :class:`TaskError` unless ``task`` is a reasoning-gym task that takes ``options``."""
    datasets = _registry()
    if task not in datasets:
        near = difflib.get_close_matches(task, list(datasets), n=3)
        hint = f"did you mean {', '.join(near)}? " if near else ""
        raise TaskError(f"{PREFIX}{task}: no such reasoning-gym task; {hint}(reasoning_gym.factory.DATASETS lists "
                        f"{len(datasets)})")
    for key, least in (("seed", 0), ("size", 1), ("shots", 0)):
        value = options.get(key, least)
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value < 2**32:
            raise TaskError(f"dataset_options {key} must be a whole number >= {least}, got {value!r}")
    options = {k: v for k, v in options.items() if k != "shots"}
    _, config_cls = datasets[task]
    fields = [f.name for f in dataclasses.fields(config_cls)]
    unknown = sorted(set(options) - set(fields))
    if unknown:
        raise TaskError(f"dataset_options {unknown} are not options of reasoning-gym's {task!r} (its options: "
                        f"{', '.join(fields)})")
    try:
        config = config_cls(**options)
        if hasattr(config, "validate"):
            config.validate()
    except Exception as e:  # noqa: BLE001 - the task's own check of its options, as a config error
        raise TaskError(f"dataset_options {options} for reasoning-gym's {task!r}: {type(e).__name__}: {e}") from e


def held_out(question: str) -> bool:
    """Whether a problem is in the held-out split: a hash of its text, independent of any seed."""
    return hashlib.blake2b(question.encode(), digest_size=8).digest()[0] % HELD_OUT_ONE_IN == 0


def _user(question: str) -> str:
    return f"{question.strip()}\n{INSTRUCTION}"


def _row(task: str, options: dict[str, Any], entry: dict[str, Any], examples: list[dict[str, Any]]) -> dict[str, Any]:
    """A row; with ``examples`` (solved items) its prompt is a chat that shows them first."""
    question = entry["question"]
    item = {"question": question, "answer": entry.get("answer"), "metadata": entry.get("metadata", {})}
    prompt: Any = _user(question)
    if examples:
        shown = [[{"role": "user", "content": _user(e["question"])},
                  {"role": "assistant", "content": f"<answer>{e['answer']}</answer>"}] for e in examples]
        prompt = [m for pair in shown for m in pair] + [{"role": "user", "content": prompt}]
    return {"prompt": prompt, "question": question, "answer": item["answer"], "task": task,
            "reference": {"task": task, "options": options, "entry": item}}


def _solved_examples(task: str, task_options: dict[str, Any]) -> list[dict[str, Any]]:
    """Up to :data:`SHOTS_POOL` training-split items with an oracle answer, for the prompts' solved examples."""
    import reasoning_gym

    bound = 3 * SHOTS_POOL
    dataset = reasoning_gym.create_dataset(task, **task_options, seed=SHOTS_SEED, size=bound)
    pool = []
    for i in range(bound):
        entry = dataset[i]
        if entry.get("answer") is not None and not held_out(entry["question"]):
            pool.append(entry)
            if len(pool) == SHOTS_POOL:
                break
    return pool


def rows(task: str, split: str, seed: int, eval_size: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows of ``split``: ``train`` draws ``options["size"]`` (default :data:`TRAIN_SIZE`) problems from seed
    ``options["seed"]`` (default ``seed``), repeats allowed; ``test`` draws ``eval_size`` distinct held-out ones
    from :data:`EVAL_SEED`. The draw is bounded: a task with too few distinct problems is an error, not a loop."""
    import reasoning_gym
    from verigrpo.grpo_train.data import DatasetError  # imported here: grpo_train.data imports this module

    try:
        check(task, options)
    except TaskError as e:
        raise DatasetError(str(e)) from e
    task_options = {k: v for k, v in options.items() if k not in OWN_OPTIONS}
    shots = int(options.get("shots", 0))
    pool = _solved_examples(task, task_options) if shots else []
    if shots and len(pool) < shots + 1:
        raise DatasetError(f"{PREFIX}{task}: shots = {shots} needs solved examples, and only {len(pool)} of its "
                           "problems have an oracle answer (a task whose scorer accepts any valid answer has none)")
    want_test = split == "test"
    size = eval_size if want_test else int(options.get("size", TRAIN_SIZE))
    start = EVAL_SEED if want_test else int(options.get("seed", seed))
    bound = 50 * size + 1000 if want_test else 3 * size + 100
    dataset = reasoning_gym.create_dataset(task, **task_options, seed=start, size=bound)
    out, seen = [], set()
    for i in range(bound):
        if len(out) >= size:
            break
        entry = dataset[i]
        question = entry["question"]
        if held_out(question) != want_test or (want_test and question in seen):
            continue
        seen.add(question)
        at = len(out) * shots  # the next shots + 1 examples, less the problem itself if it is one (train)
        examples = [pool[(at + j) % len(pool)] for j in range(shots + 1)] if shots else []
        out.append(_row(task, task_options, entry, [e for e in examples if e["question"] != question][:shots]))
    if len(out) < size:
        what = "distinct held-out" if want_test else "training"
        raise DatasetError(f"{PREFIX}{task}: only {len(out)} {what} problems in {bound} draws, {size} asked for: its "
                           "problem space is too small for this size (widen its options or ask for fewer)")
    return out
