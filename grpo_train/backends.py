"""Rollout backends: who samples the G completions of each prompt. One small protocol, two backends.

- ``native`` (:class:`NativeBackend`): the project's cached decoding loop on the training model
  (:func:`grpo_train.rollout.generate`). The CPU, test and exact-reproducibility backend: a completion depends only
  on its seed and the weights.
- ``vllm`` (:class:`VLLMBackend`, ``use_vllm = true``, vLLM installed separately): a vLLM engine in this process
  (``vllm_mode = "colocate"``, one engine per rank) that gets the trainer's weights after every optimizer step
  (:meth:`RolloutBackend.sync_weights`, one parameter at a time) and sleeps while the trainer trains
  (``vllm_enable_sleep_mode``). The engine's log-probs of the sampled tokens come back with the rollout
  (``Rollout.sampler_logp``): they differ from the trainer's for the same weights, and the loss corrects for it by
  truncated importance sampling (:func:`grpo_train.losses.truncated_importance_weight`).

A backend is picked by name from :data:`BACKENDS`. The vLLM engine is built by a factory (``llm_factory``) so that
the tests drive the backend with a fake engine of vLLM's interface, without a GPU or vLLM installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import torch
from torch import Tensor
from verigrpo.grpo_train.rollout import Rollout, chat_prompts, generate, template_prefix


class RolloutBackend(Protocol):
    """Generate G completions per row with one seed per completion; take new weights; close."""

    def generate(self, model: torch.nn.Module, tokenizer: Any, rows: Sequence[dict[str, Any]], seeds: Sequence[int],
                 cfg: Any) -> Rollout: ...

    def sync_weights(self, model: torch.nn.Module) -> None: ...

    def close(self) -> None: ...


class NativeBackend:
    """Today's decoding loop on the training model itself: nothing to sync."""

    def generate(self, model: torch.nn.Module, tokenizer: Any, rows: Sequence[dict[str, Any]], seeds: Sequence[int],
                 cfg: Any) -> Rollout:
        return generate(
            model, tokenizer, rows, num_generations=cfg.num_generations, max_new_tokens=cfg.max_new_tokens,
            temperature=cfg.temperature, top_p=cfg.top_p, system_prompt=cfg.system_prompt, seeds=seeds,
            precision=cfg.precision, chat_template=cfg.chat_template, stop_strings=cfg.stop_strings,
        )

    def sync_weights(self, model: torch.nn.Module) -> None:
        return None

    def close(self) -> None:
        return None


def _vllm_engine(cfg: Any, model_path: str) -> Any:
    """A colocated ``vllm.LLM`` with TRL's knobs (imported here: vLLM is an optional extra)."""
    try:
        import vllm
    except ImportError as e:
        raise RuntimeError("use_vllm = true needs vLLM installed (pip install vllm, on a CUDA machine); no version of it "
                           "has been run with this backend yet, only a fake engine of its interface") from e
    return vllm.LLM(
        model=model_path, gpu_memory_utilization=cfg.vllm_gpu_memory_utilization,
        tensor_parallel_size=cfg.vllm_tensor_parallel_size, enable_sleep_mode=cfg.vllm_enable_sleep_mode,
        seed=cfg.seed, dtype="bfloat16" if cfg.precision == "bf16" else "float32",
    )


def _sampling_params(**kw: Any) -> Any:
    from vllm import SamplingParams

    return SamplingParams(**kw)


def _engine_model(llm: Any) -> Any:
    """The ``torch.nn.Module`` inside a colocated engine (its attribute path moved between vLLM versions)."""
    for path in ("llm_engine.model_executor.driver_worker.model_runner.model",
                 "llm_engine.model_executor.driver_worker.worker.model_runner.model"):
        obj: Any = llm
        try:
            for name in path.split("."):
                obj = getattr(obj, name)
        except AttributeError:
            continue
        return obj
    raise RuntimeError("cannot find the model inside this vLLM engine to push weights to (unsupported version)")


class VLLMBackend:
    """Sampling on a colocated vLLM engine; see the module docstring."""

    def __init__(self, cfg: Any, model_path: str, llm_factory: Callable[[Any, str], Any] = _vllm_engine,
                 params_factory: Callable[..., Any] = _sampling_params) -> None:
        if cfg.vllm_mode != "colocate":
            raise ValueError(f"vllm_mode {cfg.vllm_mode!r}: only 'colocate' is built")
        self.cfg = cfg
        self.llm = llm_factory(cfg, model_path)
        self.params = params_factory
        self.pushes = 0  # weight pushes so far (one per optimizer step)
        self.asleep = False

    def _wake(self) -> None:
        if self.asleep:
            self.llm.wake_up()
            self.asleep = False

    def generate(self, model: torch.nn.Module, tokenizer: Any, rows: Sequence[dict[str, Any]], seeds: Sequence[int],
                 cfg: Any) -> Rollout:
        g = cfg.num_generations
        if len(seeds) != len(rows) * g:
            raise ValueError(f"sampling needs one seed per completion ({len(rows) * g})")
        self._wake()
        texts = chat_prompts(tokenizer, rows, cfg.system_prompt, cfg.chat_template)
        prompts = [t for t in texts for _ in range(g)]
        params = [
            self.params(n=1, temperature=cfg.temperature, top_p=cfg.top_p, max_tokens=cfg.max_new_tokens, seed=s,
                        logprobs=0, stop=list(cfg.stop_strings) or None)
            for s in seeds
        ]
        outputs = self.llm.generate(prompts, params, use_tqdm=False)
        if cfg.vllm_enable_sleep_mode:
            self.llm.sleep(level=1)  # the engine's memory goes back while the trainer trains
            self.asleep = True
        done = [o.outputs[0] for o in outputs]
        ids = [list(c.token_ids) for c in done]
        logps = [[_chosen_logprob(step, tok) for step, tok in zip(c.logprobs or [], c.token_ids)] for c in done]
        truncated = [c.finish_reason == "length" for c in done]
        return rollout_from_tokens(tokenizer, rows, texts, g, ids, logps, truncated, cfg)

    def sync_weights(self, model: torch.nn.Module) -> None:
        """Push the trainer's weights into the engine, one parameter at a time (under sharding, each one would be
        gathered just for its push)."""
        self._wake()
        target = _engine_model(self.llm)
        for name, param in _named_weights(model):
            target.load_weights([(name, param.detach())])
        self.pushes += 1

    def close(self) -> None:
        self.llm = None


def _named_weights(model: torch.nn.Module) -> Iterable[tuple[str, Tensor]]:
    from verigrpo.grpo_train.lora import merged_state_dict

    return merged_state_dict(model).items()  # a LoRA model pushes its merged weights, under the plain names


def _chosen_logprob(step: Any, token: int) -> float:
    """vLLM gives, per generated token, a dict token id -> Logprob (the sampled token always among them)."""
    entry = step[token]
    return float(getattr(entry, "logprob", entry))


def rollout_from_tokens(tokenizer: Any, rows: Sequence[dict[str, Any]], texts: list[str], g: int,
                        ids: list[list[int]], logps: list[list[float]], truncated: list[bool], cfg: Any) -> Rollout:
    """A :class:`Rollout` from completions sampled elsewhere: prompts tokenised and left-padded as the native loop
    does, completions right-padded, each counted up to its last token (the engine's EOS included)."""
    templated = cfg.chat_template and bool(getattr(tokenizer, "chat_template", None))
    enc = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=not templated)
    n, width = len(ids), max((len(x) for x in ids), default=0)
    width = max(width, 1)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    completion = torch.full((n, width), pad, dtype=torch.long)  # [N, L]
    sampler_logp = torch.zeros(n, width)  # [N, L]
    lengths = torch.tensor([len(x) for x in ids])  # [N]
    for i, (tok, lp) in enumerate(zip(ids, logps)):
        completion[i, : len(tok)] = torch.tensor(tok, dtype=torch.long)
        sampler_logp[i, : len(lp)] = torch.tensor(lp)
    mask = (torch.arange(width)[None] < lengths[:, None]).float()  # [N, L]
    prompt_ids = enc["input_ids"].repeat_interleave(g, 0)  # [N, P]
    prompt_mask = enc["attention_mask"].repeat_interleave(g, 0)  # [N, P]
    prefix = torch.tensor(template_prefix(tokenizer, cfg.system_prompt, cfg.chat_template), dtype=torch.long)
    return Rollout(
        input_ids=torch.cat([prompt_ids, completion], 1),
        attention_mask=torch.cat([prompt_mask, mask.long()], 1),
        prompt_len=prompt_ids.shape[1],
        mask=mask,
        texts=tokenizer.batch_decode(completion, skip_special_tokens=True),  # padded with pad: decodes to nothing
        rows=[row for row in rows for _ in range(g)],
        truncated=torch.tensor(truncated, dtype=torch.bool),
        prompts=enc["input_ids"],
        prompt_mask=enc["attention_mask"],
        prefix=prefix,
        sampler_logp=sampler_logp,
    )


BACKENDS: dict[str, Callable[..., Any]] = {"native": lambda cfg, model_path: NativeBackend(), "vllm": VLLMBackend}


def make_backend(cfg: Any, model_path: str) -> Any:
    """The backend the config asks for: ``vllm`` when ``use_vllm``, else ``native``."""
    return BACKENDS["vllm" if getattr(cfg, "use_vllm", False) else "native"](cfg, model_path)
