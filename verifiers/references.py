"""Check every row's reference once, when the data loads, instead of one ``bad_input`` at a time mid-run.

A verifier that can tell whether it can judge a row at all declares it as a ``check_reference(row, **options)``
attribute (a method, for a :class:`~verifiers.compose.Composite`) returning ``None`` for a usable row and a
short reason otherwise, e.g. ``math``: "reference '\\frac{1}{' cannot be parsed". The same rule as
:func:`verifiers.pool.time_budget`: an attribute on the plain function, options bound by ``functools.partial``.
Verifiers without one are trusted: every row passes.

:func:`check_references` runs it over a dataset; ``verigrpo train``/``eval``/``verify`` print
:func:`describe` (the count, the first rows, the reasons) before any model loads. The trainer leaves such rows
out of training and evaluation (they could only give harness failures, masked, or a verbatim-copy reward);
``verify`` still scores every row, so no row is lost.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from verigrpo.verifiers.pool import declared


def reference_problem(verifier: Any, row: Mapping[str, Any]) -> str | None:
    """Why ``verifier`` cannot judge ``row`` (its reference is missing or unusable), or None."""
    check = declared(verifier, "check_reference")
    if check is None:
        return None
    try:
        return check(row)
    except Exception as e:  # noqa: BLE001 - a check that crashes on a row says so, it does not stop the load
        return f"the reference check raised {type(e).__name__}: {e}"


def check_references(verifier: Any, rows: Sequence[Mapping[str, Any]]) -> list[tuple[int, str]]:
    """``(index, reason)`` for every row of ``rows`` that ``verifier`` cannot judge, in order.

    A check judges a row's ``reference``: it runs once per distinct reference (a generated task repeats its
    references thousands of times)."""
    out, seen = [], {}
    for i, row in enumerate(rows):
        key = _reference_key(row)
        if key is None or key not in seen:
            reason = reference_problem(verifier, row)
            if key is not None:
                seen[key] = reason
        else:
            reason = seen[key]
        if reason is not None:
            out.append((i, reason))
    return out


def _reference_key(row: Mapping[str, Any]) -> str | None:
    try:
        return json.dumps(row.get("reference"), sort_keys=True, default=repr)
    except (TypeError, ValueError, AttributeError):  # an odd row: checked on its own
        return None


def describe(bad: Sequence[tuple[int, str]], total: int, what: str = "rows", show: int = 3, label: str = "row") -> str:
    """One short paragraph: "2 of 100 rows have a reference the verifiers cannot judge: row 4: ..."."""
    if not bad:
        return f"all {total} {what} have a usable reference"
    head = "; ".join(f"{label} {i}: {reason}" for i, reason in bad[:show])
    more = f"; ... ({len(bad) - show} more)" if len(bad) > show else ""
    return f"{len(bad)} of {total} {what} have a reference the verifiers cannot judge: {head}{more}"
