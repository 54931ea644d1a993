"""verigrpo: a verifier-centric reward harness with a plug-in GRPO trainer.

One import namespace for the repository's top-level folders, so that this package and others with the same
top-level names (PrimeIntellect's ``verifiers``) live in one environment:

    verigrpo.verifiers     verifiers/     rewards: a completion and its row in, a typed reward out
    verigrpo.sandboxes     sandboxes/     untrusted code, isolated, with hard limits
    verigrpo.grpo_train    grpo_train/    the trainer
    verigrpo.integrations  integrations/  our verifiers as TRL's and verl's reward functions
    verigrpo.benchmarks    benchmarks/    side-by-side runs against the anchors

An installed wheel holds those folders inside ``verigrpo/`` (``pyproject.toml``'s ``package-dir``); in a
source checkout (this file next to the repository's ``pyproject.toml``) the folders are found beside this one,
so ``PYTHONPATH=<checkout>`` imports that checkout's code.
"""

from __future__ import annotations

import os

__version__ = "0.1.0"



def _checkout_root() -> str | None:
    """The source checkout this file lies in (its parent holds verigrpo's ``pyproject.toml``), else None."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        with open(os.path.join(root, "pyproject.toml"), encoding="utf-8") as f:
            return root if 'name = "verigrpo"' in f.read() else None
    except OSError:
        return None


_ROOT = _checkout_root()
if _ROOT is not None:
    __path__.append(_ROOT)  # a source checkout: verigrpo.verifiers is <root>/verifiers  # noqa: F821
