"""Weighted composition of verifiers, with gating.

    reward = sum_k  w_k * gate_k * r_k

where ``gate_k`` is 1 unless ``gates`` names a verifier that must be *correct* for
component ``k`` to count (e.g. ``gates={"math": "format_tags"}``: accuracy counts only
when the format is right). Every component's own reward is kept in
``info["components"][name]`` for logging.

Status of the composite, in order of precedence:
  1. the first harness failure among the components (timeout, error, ...): the caller
     must be able to tell "infrastructure failed" from "wrong", so it is never hidden;
  2. if the primary component (the first one) is gated and its gate failed, the gate's
     status (for example ``format_error``);
  3. otherwise the primary component's status.
Step rewards come from the first component that returns steps. A component that
raises becomes an ``error`` sub-reward (the others are still computed and logged).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.pool import call_safely, time_budget, verifier_key
from verigrpo.verifiers.references import reference_problem
from verigrpo.verifiers.registry import get_verifier
from verigrpo.verifiers.types import Reward, Status, Verifier


@dataclasses.dataclass(frozen=True)
class Composite:
    """A picklable weighted, gated combination of named verifiers. Build it with :func:`compose`."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    verifiers: tuple[Verifier, ...]
    gates: tuple[tuple[str, str], ...] = ()

    @property
    def cache_key(self) -> str:
        parts = [f"{n}*{w}={verifier_key(v)}" for n, w, v in zip(self.names, self.weights, self.verifiers)]
        return "compose(" + ";".join(parts) + f";gates={self.gates})"

    def time_budget(self, row: Mapping[str, Any]) -> float | None:
        """The components run one after another: the sum of their own budgets (see
        :func:`verifiers.pool.time_budget`), None when none declares one."""
        budgets = [b for b in (time_budget(v, row) for v in self.verifiers) if b is not None]
        return sum(budgets) if budgets else None

    def check_reference(self, row: Mapping[str, Any]) -> str | None:
        """The first component that cannot judge ``row``, with its reason (see :mod:`verifiers.references`)."""
        for name, v in zip(self.names, self.verifiers):
            reason = reference_problem(v, row)
            if reason is not None:
                return f"{name}: {reason}"
        return None

    def __call__(self, completion: str, row: Mapping[str, Any]) -> Reward:
        results = {name: call_safely(v, completion, row) for name, v in zip(self.names, self.verifiers)}
        gates = dict(self.gates)
        passed = {name: results[gates[name]].status is Status.CORRECT if name in gates else True for name in self.names}
        outcome = sum(w * results[n].outcome * passed[n] for n, w in zip(self.names, self.weights))

        primary = self.names[0]
        infra = next((r.status for r in results.values() if r.status.is_infra), None)
        if infra is not None:
            status = infra
        elif not passed[primary]:
            status = results[gates[primary]].status
        else:
            status = results[primary].status
        steps = next((r.steps for r in results.values() if r.steps is not None), None)
        components = {
            n: {"reward": r.outcome, "status": r.status.value, "gated_out": not passed[n], "info": r.info}
            for n, r in results.items()
        }
        return Reward(outcome=float(outcome), status=status, steps=steps, info={"components": components})


def compose(
    weights: Mapping[str, float],
    gates: Mapping[str, str] | None = None,
    options: Mapping[str, Mapping[str, Any]] | None = None,
) -> Composite:
    """Combine registered verifiers: ``compose({"math": 1.0, "format_tags": 0.2}, gates={"math": "format_tags"})``.

    ``options[name]`` are keyword options bound to that verifier (see ``get_verifier``).
    The first key of ``weights`` is the primary component whose status the composite reports.
    """
    if not weights:
        raise ValueError("compose() needs at least one verifier")
    gates = dict(gates or {})
    options = dict(options or {})
    for gated, gate in gates.items():
        if gated not in weights or gate not in weights:
            raise ValueError(f"gate {gated!r} <- {gate!r}: both must be among the composed verifiers {list(weights)}")
        if gated == gate:
            raise ValueError(f"verifier {gated!r} cannot gate itself")
    unknown = set(options) - set(weights)
    if unknown:
        raise ValueError(f"options given for verifiers that are not composed: {sorted(unknown)}")
    names = tuple(weights)
    return Composite(
        names=names,
        weights=tuple(float(weights[n]) for n in names),
        verifiers=tuple(get_verifier(n, **options.get(n, {})) for n in names),
        gates=tuple(sorted(gates.items())),
    )
