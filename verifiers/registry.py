"""Verifiers by name: a decorator to register, a lookup with two fallbacks.

Lookup order for ``get_verifier(name)``:
  1. the in-process registry (built-ins and anything decorated with ``@register``);
  2. the entry-point group ``verigrpo.verifiers`` of installed packages, so a third-party
     package adds a verifier with one line in its own ``pyproject.toml``::

         [project.entry-points."verigrpo.verifiers"]
         my_task = "my_pkg.rewards:my_task"

  3. an import path ``"package.module:function"``.

Keyword options given to ``get_verifier`` are bound with ``functools.partial`` so the
result stays picklable (the scoring pool ships verifiers to worker processes).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from importlib import metadata
from typing import Any

from verigrpo.verifiers.types import Verifier

ENTRY_POINT_GROUP = "verigrpo.verifiers"
_REGISTRY: dict[str, Verifier] = {}


class UnknownVerifierError(KeyError):
    """No verifier is registered, installed or importable under that name."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0])


def register(name: str | None = None, *, overwrite: bool = False) -> Callable[[Verifier], Verifier]:
    """Register a verifier under ``name`` (default: the function's name).

    >>> @register("exact")
    ... def exact(completion, row):
    ...     ...
    """

    def deco(fn: Verifier) -> Verifier:
        key = name or fn.__name__
        if key in _REGISTRY and _REGISTRY[key] is not fn and not overwrite:
            raise ValueError(f"a verifier named {key!r} is already registered ({_REGISTRY[key]!r})")
        _REGISTRY[key] = fn
        return fn

    return deco


def list_verifiers() -> list[str]:
    """Names of registered and entry-point verifiers, sorted."""
    names = set(_REGISTRY)
    names.update(ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP))
    return sorted(names)


def _from_entry_point(name: str) -> Verifier | None:
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            return ep.load()
    return None


def _from_path(path: str) -> Verifier:
    module_name, _, attr = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise UnknownVerifierError(
            f"cannot import {module_name!r} for verifier {path!r}: {e} (the module must be importable: installed, "
            "in the current directory when run by the verigrpo command, or on PYTHONPATH)"
        ) from e
    obj: Any = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError as e:
            raise UnknownVerifierError(f"{module_name!r} has no attribute {attr!r}") from e
    return obj


def get_verifier(name: str, **options: Any) -> Verifier:
    """Look a verifier up by name, entry point or ``"pkg.mod:func"``; bind ``options``."""
    fn = _REGISTRY.get(name)
    if fn is None:
        fn = _from_entry_point(name)
    if fn is None and ":" in name:
        fn = _from_path(name)
    if fn is None:
        raise UnknownVerifierError(
            f"unknown verifier {name!r}; registered: {', '.join(list_verifiers())}; "
            "or give an import path 'package.module:function'"
        )
    if not callable(fn):
        raise TypeError(f"verifier {name!r} resolved to a non-callable {fn!r}")
    if options:
        _check_options(name, fn, options)
    return functools.partial(fn, **options) if options else fn


def _check_options(name: str, fn: Verifier, options: dict[str, Any]) -> None:
    """Reject options the verifier does not take now: bound blindly, each call would raise in the scoring pool
    and every reward would become an ``error`` (masked by the trainer: a run that silently learns nothing)."""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):  # a callable without a signature: nothing to check against
        return
    for key, value in options.items():
        try:
            _check_option_type(key, signature.parameters.get(key), value)
        except TypeError as e:
            raise TypeError(f"verifier {name!r}: {e}") from None
    try:
        signature.bind_partial("", {}, **options)
    except TypeError as e:
        accepted = [
            p.name for p in list(signature.parameters.values())[2:]
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        raise TypeError(
            f"verifier {name!r} does not accept options {sorted(options)} ({e}); "
            f"its options: {', '.join(accepted) or 'none'}"
        ) from e


def _check_option_type(key: str, param: inspect.Parameter | None, value: Any) -> None:
    """An option must have its default's kind: a switch given ``"nope"`` (or a number given a word)
    would otherwise be bound as it is and read as true, silently."""
    if param is None or param.default is inspect.Parameter.empty or param.default is None:
        return
    default = param.default
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, (int, float)):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif isinstance(default, str):
        ok = isinstance(value, str)
    else:
        return
    if not ok:
        kind = "true or false" if isinstance(default, bool) else type(default).__name__
        raise TypeError(f"option {key!r} expects {kind} (its default is {default!r}), got {value!r}")
