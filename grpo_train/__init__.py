"""grpo_train: GRPO on top of the verifiers.

The maths are pure tensor functions (``grpo_train.losses``: Eq. 5 / Eq. 6 advantages, k3 KL, clipped surrogate,
``grpo_loss``; ``grpo_train.logprobs``: per-token log-probs), usable by any trainer. The training loop itself is
one file, ``grpo_train.train`` (``from grpo_train.train import train``; the package does not re-export it, so
the name stays the module's), with its plumbing in ``grpo_train.checkpoints``, ``grpo_train.metrics`` and
``grpo_train.runtime``; configured by ``grpo_train.config.Config`` and run with ``verigrpo train``.
"""

from verigrpo.grpo_train.config import Config, load_config
from verigrpo.grpo_train.evaluate import evaluate, pass_at_k
from verigrpo.grpo_train.logprobs import (
    completion_logprobs,
    entropy_from_logits,
    gathered_log_softmax,
    selective_log_softmax,
)
from verigrpo.grpo_train.losses import (
    ADVANTAGES,
    AGGREGATIONS,
    clipped_surrogate,
    grpo_loss,
    k3_kl,
    loss_denominator,
    outcome_advantages,
    process_advantages,
)

__all__ = [
    "ADVANTAGES",
    "AGGREGATIONS",
    "Config",
    "clipped_surrogate",
    "completion_logprobs",
    "entropy_from_logits",
    "evaluate",
    "gathered_log_softmax",
    "grpo_loss",
    "k3_kl",
    "load_config",
    "loss_denominator",
    "outcome_advantages",
    "pass_at_k",
    "process_advantages",
    "selective_log_softmax",
]
