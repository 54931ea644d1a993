"""``reasoning_gym``: a reasoning-gym task's own scorer as a verifier.

reasoning-gym (the optional extra: ``pip install -e ".[reasoning-gym]"``) generates procedural reasoning problems
(about a hundred tasks: arithmetic, counting, ciphers, puzzles, graphs...) and ships, with each task, its scorer
``score_answer(answer, entry) -> float`` in [0, 1]. This verifier is that scorer behind our contract:

1. The answer is read as reasoning-gym reads it (``reasoning_gym.utils.extract_answer``): the content of the last
   ``<answer>...</answer>`` block, stripped. No block: ``no_answer`` (0). The prompts of ``grpo_train.rgtasks`` ask
   for that block.
2. The task's ``score_answer`` scores it against the row's entry (the task's dataset object is built once per
   worker process from the task name and its options, which some scorers read).
3. A full score (1.0) is ``correct``, reward 1; anything less is ``wrong``, reward 0, the task's score in
   ``info["score"]``. ``partial=True`` pays the task's partial scores as they are (status ``partial``). They are
   off by default because they are gamed: many tasks pay ``len(oracle) / len(answer)`` when the oracle's text is
   inside a longer answer (``reasoning_gym.utils.compute_decimal_reward``: "9.7" earns 1/3 against 7, "292 legs"
   3/8 against 292), and in the one real run with them on (chain_sum, ``benchmarks/results/reasoning_gym.md``)
   SmolLM2-135M learned within 20 steps to write two-digit decimals ("13.16", "9.7"): the training reward rose
   from 0.031 to 0.083 while held-out accuracy fell from 4% to 0%.

Harness failures are typed, never a wrong answer: a row without the task or its entry, or a task (or options)
that cannot be built, is ``bad_input``; reasoning-gym missing in the worker is ``infra_error``; a scorer that raises
or returns anything but a number in [0, 1] is ``error``. The trainer masks all three.

The row (what ``dataset = "reasoning_gym:<task>"`` loads; a file for ``verigrpo verify`` may carry the same)::

    {"reference": {"task": "leg_counting", "options": {}, "entry": {"question": ..., "answer": "292",
                   "metadata": {...}}}, ...}

``entry`` is the task's item as reasoning-gym generated it (plain data: picklable, JSON-able); ``options`` are the
task's config options the rows were generated with (without ``seed`` and ``size``). Tasks without a single oracle
answer (``graph_color``, ``rubiks_cube``, ...) have ``answer`` None: their scorers check any valid answer.
"""

from __future__ import annotations

import functools
import json
import numbers
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.registry import register
from verigrpo.verifiers.types import Reward, Status

EXTRA = 'the optional extra: pip install -e ".[reasoning-gym]" (or pip install "verigrpo[reasoning-gym]")'


@functools.lru_cache(maxsize=32)
def _dataset(task: str, options_json: str) -> Any:
    """The task's dataset object (its scorer's owner), built once per process and options. Its items are never
    drawn here, so one item is asked for (``size=1``)."""
    import reasoning_gym

    return reasoning_gym.create_dataset(task, **json.loads(options_json), size=1, seed=0)


def _row_problem(row: Mapping[str, Any]) -> str | None:
    """Why ``row`` is not a reasoning-gym row, or None."""
    ref = row.get("reference") if isinstance(row, Mapping) else None
    if not isinstance(ref, Mapping):
        return f"the row's reference must be a table with 'task' and 'entry', got {type(ref).__name__}"
    if not isinstance(ref.get("task"), str) or not ref["task"]:
        return f"the reference has no task name: {ref.get('task')!r}"
    entry = ref.get("entry")
    if not isinstance(entry, Mapping) or not isinstance(entry.get("question"), str):
        return "the reference's entry must be the task's item, a table with its 'question', 'answer' and 'metadata'"
    if not isinstance(ref.get("options", {}), Mapping):
        return f"the reference's options must be a table, got {ref.get('options')!r}"
    return None


def _scorer_of(ref: Mapping[str, Any]) -> Any:
    options = {k: v for k, v in dict(ref.get("options") or {}).items() if k not in ("seed", "size")}
    return _dataset(ref["task"], json.dumps(options, sort_keys=True))


@register("reasoning_gym")
def reasoning_gym(completion: str, row: Mapping[str, Any], partial: bool = False) -> Reward:
    """The task's ``score_answer`` on the last ``<answer>`` block of ``completion`` (see the module docstring)."""
    problem = _row_problem(row)
    if problem:
        return Reward.failure(Status.BAD_INPUT, reason=problem)
    ref = row["reference"]
    task = ref["task"]
    try:
        from reasoning_gym.utils import extract_answer
    except ImportError as e:
        return Reward.failure(Status.INFRA_ERROR, reason=f"reasoning-gym is not installed here ({e}); {EXTRA}")
    try:
        dataset = _scorer_of(ref)
    except Exception as e:  # noqa: BLE001 - an unknown task or bad options: the row, not the answer
        return Reward.failure(Status.BAD_INPUT, task=task, reason=f"the task cannot be built: {type(e).__name__}: {e}")
    answer = extract_answer(completion)
    if answer is None:
        return Reward.failure(Status.NO_ANSWER, task=task, reason="no <answer>...</answer> block")
    try:
        score = dataset.score_answer(answer, dict(ref["entry"]))
    except Exception as e:  # noqa: BLE001 - the task's scorer failed: say so, do not call the answer wrong
        return Reward.failure(Status.ERROR, task=task, answer=answer[:200],
                              reason=f"the task's scorer raised {type(e).__name__}: {e}")
    if isinstance(score, bool) or not isinstance(score, numbers.Real) or not 0.0 <= score <= 1.0:
        return Reward.failure(Status.ERROR, task=task, answer=answer[:200],
                              reason=f"the task's scorer returned {score!r}, not a number in [0, 1]")
    score = float(score)
    info = {"task": task, "answer": answer[:200], "score": score}
    if score == 1.0:
        return Reward(1.0, Status.CORRECT, info=info)
    if score == 0.0 or not partial:
        return Reward(0.0, Status.WRONG, info=info)
    return Reward(score, Status.PARTIAL, info=info)


def check_reference(row: Mapping[str, Any], partial: bool = False) -> str | None:
    """Why the verifier cannot judge ``row``: not a reasoning-gym row, a task that cannot be built, or an oracle
    answer its own scorer does not pay in full (checked once per row when the data loads)."""
    problem = _row_problem(row)
    if problem:
        return problem
    ref = row["reference"]
    try:
        dataset = _scorer_of(ref)
    except ImportError:
        return f"reasoning-gym is not installed; {EXTRA}"
    except Exception as e:  # noqa: BLE001
        return f"task {ref['task']!r} cannot be built: {type(e).__name__}: {e}"
    oracle = ref["entry"].get("answer")
    if oracle is None:  # a task that checks any valid answer
        return None
    score = dataset.score_answer(str(oracle), dict(ref["entry"]))
    return None if score == 1.0 else f"the task's own answer {str(oracle)[:80]!r} scores {score!r} with its scorer"


reasoning_gym.check_reference = check_reference  # type: ignore[attr-defined]
