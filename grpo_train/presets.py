"""Public datasets in one command: row transforms and presets (``dataset = "gsm8k"``).

A *row transform* turns one raw record of a dataset, in its own column layout, into a row for the verifiers: a
dict with ``prompt`` (the user message) and ``reference`` (what the verifier compares against), the record's
other columns kept. It runs once per record when the data loads (``grpo_train.data``), so a reference is parsed
once, not once per completion; a record it cannot use raises :class:`UnusableRow`, and the loader leaves it out
and reports it (how many, which rows, why). Config: ``row_transform = "gsm8k"`` (a key of :data:`TRANSFORMS`) or
``row_transform = "package.module:function"``.

A *preset* (:data:`PRESETS`) names a hub dataset, its config, revision and splits, its transform, and the
verifier its references are for: ``verigrpo train --set dataset=gsm8k`` downloads ``openai/gsm8k`` (config
``main``) and trains on it; ``--set data_files=my_gsm8k.jsonl`` reads local files of the same layout instead.

The shapes (columns as the hub datasets have them; samples of each in ``benchmarks/data/presets/``):

* ``gsm8k``: ``question``, ``answer`` ending in ``#### 72``: reference "72" (thousands commas dropped).
* ``boxed`` (MATH: ``problem``, ``solution``, ``level``, ``type``; NuminaMath-CoT: ``problem``, ``solution``,
  ``messages``): reference = the solution's last ``\\boxed{..}`` (or several listed together), as the ``math``
  verifier reads a reference (``verifiers.math.boxes.extract_reference``). A solution without a box (a proof) is
  left out and reported; a box the ``math`` verifier cannot parse is reported by its reference check at load.
* ``mbpp`` (``text``, ``code``, ``test_list``, ``test_setup_code``; the "sanitized" config: ``prompt``,
  ``test_imports``): the prompt shows the task and its asserts (as in the MBPP paper, so the function's name is
  known); reference ``{"test_list", "test_setup_code"}`` for ``python_tests``.
* ``apps`` (APPS and TACO: ``question``, ``starter_code``, ``input_output`` a JSON string of ``inputs``,
  ``outputs`` and, for call-based problems, ``fn_name``): reference the parsed ``input_output`` for
  ``python_tests`` (stdin/stdout cases, or calls of ``fn_name`` compared as values: see ``verifiers.code``).
  A problem without tests is left out.

The prompts end with an instruction on the answer's form (``\\boxed{}``; one fenced Python block); the raw text
stays in the row as ``question`` for a ``prompt_template`` of your own.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from typing import Any


class UnusableRow(ValueError):
    """A record a row transform cannot turn into a row; the message says why (the loader leaves it out)."""


BOXED_INSTRUCTION = "Put the final answer in \\boxed{}."
CODE_INSTRUCTION = "Reply with the code in one ```python block."
_GSM_ANSWER = re.compile(r"####\s*(.+?)\s*$")
_BOX = re.compile(r"\\(?:boxed|fbox)(?![A-Za-z])")


def _text(record: Mapping[str, Any], *columns: str) -> str:
    """The first of ``columns`` the record has, as a non-empty string."""
    for column in columns:
        value = record.get(column)
        if isinstance(value, str) and value.strip():
            return value
    raise UnusableRow(f"no non-empty string column {' or '.join(map(repr, columns))}")


def gsm8k(record: Mapping[str, Any]) -> dict[str, Any]:
    """GSM8K: the answer's last line ``#### 1,234`` gives the reference "1234"."""
    question, answer = _text(record, "question"), _text(record, "answer")
    found = _GSM_ANSWER.search(answer.strip().splitlines()[-1])
    if found is None:
        raise UnusableRow(f"the answer has no final '#### <number>' line: {answer[-80:]!r}")
    reference = found.group(1).replace(",", "").strip()
    return {**record, "prompt": f"{question}\n{BOXED_INSTRUCTION}", "question": question, "reference": reference}


def boxed(record: Mapping[str, Any]) -> dict[str, Any]:
    """MATH and NuminaMath: the reference is the solution's boxed answer, extracted here once."""
    from verigrpo.verifiers.math.boxes import (
        extract_reference,  # the math verifier's own reading of a reference
    )

    problem, solution = _text(record, "problem", "question"), _text(record, "solution")
    if not _BOX.search(solution):
        raise UnusableRow(f"the solution has no \\boxed{{}} answer: {solution[-80:]!r}")
    reference = extract_reference(solution).strip()
    if not reference:
        raise UnusableRow(f"the solution's \\boxed{{}} answer is empty: {solution[-80:]!r}")
    return {**record, "prompt": f"{problem}\n{BOXED_INSTRUCTION}", "question": problem, "reference": reference}


def mbpp(record: Mapping[str, Any]) -> dict[str, Any]:
    """MBPP (full or sanitized): asserts in the prompt, ``{test_list, test_setup_code}`` as the reference."""
    task = _text(record, "text", "prompt")
    tests = record.get("test_list")
    if not isinstance(tests, list) or not tests or not all(isinstance(t, str) and t.strip() for t in tests):
        raise UnusableRow(f"test_list must be a non-empty list of assert strings, got {tests!r}")
    setup = record.get("test_setup_code") or ""
    imports = record.get("test_imports") or []  # the sanitized config's setup
    if isinstance(imports, list) and imports:
        setup = "\n".join([*imports, setup]).strip()
    shown = "\n".join(tests)
    prompt = f"{task}\nYour code should pass these tests:\n\n{shown}\n\n{CODE_INSTRUCTION}"
    reference = {"test_list": list(tests), "test_setup_code": setup}
    return {**record, "prompt": prompt, "question": task, "reference": reference}


def apps(record: Mapping[str, Any]) -> dict[str, Any]:
    """APPS and TACO: ``input_output`` (a JSON string) becomes the reference; ``solutions`` and the raw JSON are
    dropped from the row (they would travel to the scoring workers with every completion)."""
    question = _text(record, "question")
    raw = record.get("input_output")
    try:
        tests = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError as e:
        raise UnusableRow(f"input_output is not valid JSON: {e}") from e
    if not isinstance(tests, Mapping) or not tests.get("inputs") or not isinstance(tests.get("outputs"), list):
        raise UnusableRow("input_output holds no test cases (inputs and outputs)")
    fn_name = tests.get("fn_name") or ""
    starter = record.get("starter_code") or ""
    how = (f"Write the function `{fn_name}` (it is called with each test's arguments and its return value is "
           "checked)." if fn_name else "Read the input from standard input and print the answer to standard output.")
    if starter.strip():
        how += f"\nStart from this code:\n```python\n{starter.rstrip()}\n```"
    reference = {"inputs": tests["inputs"], "outputs": tests["outputs"]}
    if fn_name:
        reference["fn_name"] = fn_name
    row = {k: v for k, v in record.items() if k not in ("solutions", "input_output")}
    return {**row, "prompt": f"{question}\n\n{how}\n{CODE_INSTRUCTION}", "question": question, "reference": reference}


TRANSFORMS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "gsm8k": gsm8k,
    "boxed": boxed,
    "mbpp": mbpp,
    "apps": apps,
}
"""Row transforms by name (``row_transform = "<name>"``); ``"package.module:function"`` names one of your own."""


@dataclasses.dataclass(frozen=True)
class Preset:
    """A public dataset: where it lives on the hub, and how its records become rows."""

    hub: str
    """The hub dataset downloaded when ``data_files`` is not set."""
    config: str
    """Its config name ("" = its default); ``dataset_config`` overrides it."""
    transform: str
    """A key of :data:`TRANSFORMS`; ``row_transform`` overrides it."""
    verifier: str
    """The verifier its references are written for."""
    revision: str = ""
    """"" = ``main``; ``refs/convert/parquet`` for a dataset that only has a loading script."""
    split: str = "train"
    """The split trained on when ``split`` is left at its default."""


PRESETS: dict[str, Preset] = {
    "gsm8k": Preset("openai/gsm8k", "main", "gsm8k", "math"),
    "math": Preset("EleutherAI/hendrycks_math", "algebra", "boxed", "math"),  # one config per subject
    "numina": Preset("AI-MO/NuminaMath-CoT", "", "boxed", "math"),
    "mbpp": Preset("google-research-datasets/mbpp", "full", "mbpp", "python_tests"),
    "apps": Preset("codeparrot/apps", "all", "apps", "python_tests", revision="refs/convert/parquet"),
    "taco": Preset("BAAI/TACO", "ALL", "apps", "python_tests", revision="refs/convert/parquet"),
}
"""``dataset = "<name>"``: each downloads its ``hub`` dataset unless ``data_files`` names local files."""


def resolve_transform(name: str) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A transform by name, or ``"package.module:function"`` imported; a clear error otherwise."""
    if name in TRANSFORMS:
        return TRANSFORMS[name]
    if ":" not in name:
        raise ValueError(f"row_transform {name!r} is neither a built-in transform ({', '.join(TRANSFORMS)}) nor "
                         "'package.module:function'")
    import importlib

    module_name, _, attr = name.partition(":")
    try:
        fn: Any = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"row_transform {name!r}: cannot import {module_name!r}: {e}") from e
    for part in attr.split("."):
        fn = getattr(fn, part, None)
    if not callable(fn):
        raise ValueError(f"row_transform {name!r}: {module_name!r} has no function {attr!r}")
    return fn
