"""The scoring pool: score many (completion, row) pairs in a persistent process pool.

Guarantees
- Results come back in input order, one :class:`Reward` per item.
- Every item has a hard wall-clock timeout enforced by the pool (pebble kills the
  worker and starts a new one), so it works from any thread or process and no
  verifier needs ``signal.alarm``. A timed-out item gets ``Status.TIMEOUT``; a worker
  that dies (segfault, OOM kill) gives ``Status.INFRA_ERROR``; a verifier that raises
  gives ``Status.ERROR`` with the traceback in ``info``. Nothing raises into the
  caller because one item misbehaved, and none of these is disguised as a wrong
  answer: ``status.is_infra`` tells the caller to decide. A verifier that limits its
  own work declares a ``time_budget`` (see :func:`time_budget`); the item's timeout is
  then at least that budget plus ``budget_slack_s``, so the verifier's own verdict
  (a candidate's ``time_limit``) comes back instead of a masked ``timeout``.
- Size caps: completions longer than ``max_completion_chars`` or references whose
  JSON is longer than ``max_reference_chars`` are not sent to a worker; they get
  ``Status.TOO_LONG``.
- A result cache keyed by (verifier, completion, row) so that repeated completions
  (common within a GRPO group) are scored once; duplicates inside one batch are
  scheduled once as well. Harness failures (timeout, crashed worker) are not cached.
  The key covers the whole row, not only ``reference``: a verifier may read other
  columns, and a stale hit would be a wrong reward.

Workers are started from a ``forkserver`` by default: they do not inherit a parent
that holds a model and OpenMP threads, and a replacement worker starts in
milliseconds. Each worker gets an address-space limit (``worker_memory_mb``) so a
pathological sympy input fails with MemoryError instead of taking the host down.
"""

from __future__ import annotations

import concurrent.futures
import functools
import hashlib
import json
import multiprocessing
import resource
import threading
import traceback
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pebble
from verigrpo.verifiers.registry import get_verifier
from verigrpo.verifiers.types import Reward, Status, Verifier


def verifier_key(verifier: Any) -> str:
    """A stable text identity of a verifier (for the cache): name, bound options, composition."""
    key = getattr(verifier, "cache_key", None)
    if isinstance(key, str):
        return key
    if isinstance(verifier, functools.partial):
        return f"{verifier_key(verifier.func)}{verifier.args!r}{sorted(verifier.keywords.items())!r}"
    module = getattr(verifier, "__module__", None)
    qualname = getattr(verifier, "__qualname__", None)
    if module and qualname:
        return f"{module}:{qualname}"
    return repr(verifier)


def time_budget(verifier: Any, row: Mapping[str, Any]) -> float | None:
    """Seconds a self-limiting verifier may take on ``row`` by its own limits, or None.

    A verifier that bounds its own work (``python_tests`` gives the candidate a wall-clock budget
    and kills it past that) declares it as a ``time_budget(row, **options)`` attribute (or method,
    for a :class:`~verifiers.compose.Composite`). The pool then waits at least that long plus
    ``budget_slack_s`` before its hard timeout: a candidate that spends its whole budget must get
    the verifier's own verdict (``time_limit``, a penalty), never the pool's ``timeout``, which a
    trainer masks as a harness failure.
    """
    budget = declared(verifier, "time_budget")
    if budget is None:
        return None
    try:
        value = budget(row)
    except Exception:  # noqa: BLE001 - a malformed row: the verifier itself will say so
        return None
    return None if value is None else float(value)


def declared(verifier: Any, name: str) -> Callable[..., Any] | None:
    """A verifier's declared helper ``name`` (``time_budget``, ``check_reference``): an attribute of the plain
    function (or a method of a composite), called with the row and the options bound by ``functools.partial``."""
    fn, options = verifier, {}
    if isinstance(verifier, functools.partial):
        fn, options = verifier.func, dict(verifier.keywords)
    helper = getattr(fn, name, None)
    if not callable(helper):
        return None
    return functools.partial(helper, **options) if options else helper


def _row_json(row: Mapping[str, Any]) -> str:
    return json.dumps(row, sort_keys=True, default=str, ensure_ascii=False)


def _limit_memory(memory_mb: int | None) -> None:
    if memory_mb:
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def call_safely(verifier: Verifier, completion: str, row: Mapping[str, Any]) -> Reward:
    """Runs inside a worker: call the verifier and turn any exception into a typed status."""
    try:
        reward = verifier(completion, row)
    except MemoryError:
        return Reward.failure(Status.ERROR, error="MemoryError: the verifier exceeded the worker memory limit")
    except BaseException as e:  # noqa: BLE001 - a verifier bug must not escape as anything but a status
        if isinstance(e, KeyboardInterrupt):
            raise
        return Reward.failure(Status.ERROR, error=f"{type(e).__name__}: {e}", traceback=traceback.format_exc(limit=8))
    if not isinstance(reward, Reward):
        return Reward.failure(Status.ERROR, error=f"verifier returned {type(reward).__name__}, not Reward")
    if reward.outcome != reward.outcome or abs(reward.outcome) == float("inf"):
        return Reward.failure(Status.ERROR, error=f"verifier returned a non-finite outcome {reward.outcome}")
    return reward


class ScoringPool:
    """Score (completion, row) pairs with one verifier (or a :class:`~verifiers.compose.Composite`).

    >>> with ScoringPool("math", workers=2, timeout=5) as pool:
    ...     rewards = pool.score(["\\\\boxed{4}"], [{"reference": "4"}])
    """

    def __init__(
        self,
        verifier: str | Verifier,
        *,
        workers: int = 2,
        timeout: float = 10.0,
        max_completion_chars: int = 100_000,
        max_reference_chars: int = 1_000_000,
        cache_size: int = 65_536,
        worker_memory_mb: int | None = 4096,
        context: str = "forkserver",
        budget_slack_s: float = 3.0,
    ) -> None:
        if workers < 1:
            raise ValueError("workers must be >= 1")
        if timeout <= 0:
            raise ValueError("timeout must be > 0 seconds")
        self.verifier: Verifier = get_verifier(verifier) if isinstance(verifier, str) else verifier
        self.key = verifier_key(self.verifier)
        self.timeout = float(timeout)
        self.budget_slack_s = float(budget_slack_s)
        self.max_completion_chars = max_completion_chars
        self.max_reference_chars = max_reference_chars
        self.cache_size = cache_size
        self._cache: OrderedDict[str, Reward] = OrderedDict()
        self._lock = threading.Lock()
        ctx = multiprocessing.get_context(context)
        if context == "forkserver":
            ctx.set_forkserver_preload(["verigrpo.verifiers"])
        self._pool = pebble.ProcessPool(
            max_workers=workers, initializer=_limit_memory, initargs=(worker_memory_mb,), context=ctx
        )
        self._async = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="scoring")
        self.stats = {"scored": 0, "cache_hits": 0}

    # -- public -------------------------------------------------------------------------
    def score(self, completions: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> list[Reward]:
        """Score a batch; returns one Reward per item, in input order. Never raises for one bad item."""
        if len(completions) != len(rows):
            raise ValueError(f"{len(completions)} completions but {len(rows)} rows")
        results: list[Reward | None] = [None] * len(completions)
        pending: dict[str, list[int]] = {}
        for i, (completion, row) in enumerate(zip(completions, rows)):
            early = self._precheck(completion, row)
            if early is not None:
                results[i] = early
                continue
            key = self._item_key(completion, row)
            hit = self._cache_get(key)
            if hit is not None:
                results[i] = hit
                self.stats["cache_hits"] += 1
            else:
                if key in pending:
                    self.stats["cache_hits"] += 1
                pending.setdefault(key, []).append(i)

        futures = {}
        for key, idx in pending.items():
            timeout = self.item_timeout(rows[idx[0]])
            future = self._pool.submit(call_safely, timeout, self.verifier, completions[idx[0]], rows[idx[0]])
            futures[key] = (future, timeout)
        for key, (future, timeout) in futures.items():
            reward = self._collect(future, timeout)
            self.stats["scored"] += 1
            if reward.status not in (Status.TIMEOUT, Status.INFRA_ERROR):
                self._cache_put(key, reward)
            for i in pending[key]:
                results[i] = _copy(reward)
        return results  # type: ignore[return-value]

    def score_async(
        self, completions: Sequence[str], rows: Sequence[Mapping[str, Any]]
    ) -> concurrent.futures.Future[list[Reward]]:
        """Like :meth:`score`, in the background: overlap scoring with model work."""
        return self._async.submit(self.score, list(completions), list(rows))

    def item_timeout(self, row: Mapping[str, Any]) -> float:
        """The hard timeout of one item: ``timeout``, or the verifier's own budget on ``row`` plus
        ``budget_slack_s`` where that is longer (see :func:`time_budget`)."""
        budget = time_budget(self.verifier, row)
        return self.timeout if budget is None else max(self.timeout, budget + self.budget_slack_s)

    def score_one(self, completion: str, row: Mapping[str, Any]) -> Reward:
        return self.score([completion], [row])[0]

    def close(self) -> None:
        self._async.shutdown(wait=True)
        self._pool.stop()
        self._pool.join()

    def __enter__(self) -> ScoringPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals -------------------------------------------------------------------------
    def _precheck(self, completion: Any, row: Any) -> Reward | None:
        if not isinstance(completion, str):
            return Reward.failure(Status.BAD_INPUT, error=f"completion must be str, got {type(completion).__name__}")
        if not isinstance(row, Mapping):
            return Reward.failure(Status.BAD_INPUT, error=f"row must be a mapping, got {type(row).__name__}")
        if len(completion) > self.max_completion_chars:
            return Reward.failure(
                Status.TOO_LONG, error=f"completion has {len(completion)} chars > cap {self.max_completion_chars}"
            )
        ref_len = len(_row_json({"r": row.get("reference")}))
        if ref_len > self.max_reference_chars:
            return Reward.failure(
                Status.TOO_LONG, error=f"reference has {ref_len} chars > cap {self.max_reference_chars}"
            )
        return None

    def _item_key(self, completion: str, row: Mapping[str, Any]) -> str:
        h = hashlib.blake2b(digest_size=20)
        for part in (self.key, completion, _row_json(row)):
            h.update(part.encode("utf-8", "surrogatepass"))
            h.update(b"\x00")
        return h.hexdigest()

    def _collect(self, future: pebble.ProcessFuture, timeout: float) -> Reward:
        try:
            return future.result()
        except concurrent.futures.TimeoutError:
            return Reward.failure(Status.TIMEOUT, error=f"verifier exceeded {timeout:g}s; worker replaced")
        except pebble.ProcessExpired as e:
            return Reward.failure(Status.INFRA_ERROR, error=f"worker died: {e}", exitcode=e.exitcode)
        except concurrent.futures.CancelledError:
            return Reward.failure(Status.INFRA_ERROR, error="scoring task was cancelled")
        except Exception as e:  # pickling errors, a broken pool
            error = f"{type(e).__name__}: {e}"
            if "BrokenProcessPool" in error or "workers expired" in error:
                error += (" (workers that die as they start: a script that makes a ScoringPool must do so under "
                          "`if __name__ == '__main__':`, since each worker imports the script's main module)")
            return Reward.failure(Status.INFRA_ERROR, error=error)

    def _cache_get(self, key: str) -> Reward | None:
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return _copy(hit, cached=True)
        return None

    def _cache_put(self, key: str, reward: Reward) -> None:
        if self.cache_size <= 0:
            return
        with self._lock:
            self._cache[key] = reward
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)


def _copy(reward: Reward, cached: bool = False) -> Reward:
    info = dict(reward.info)
    if cached:
        info["cached"] = True
    steps = None if reward.steps is None else list(reward.steps)
    return Reward(outcome=reward.outcome, status=reward.status, steps=steps, info=info)
