"""``verigrpo verify``: score a JSONL file of completions with a verifier.

Each input line is a JSON object with at least ``completion`` and ``reference``; every
other column is passed through to the verifier (in the row) and to the output. Each
output line is the input row plus ``reward``, ``status``, ``steps`` and ``info``, in
input order. A malformed line becomes an output row with status ``bad_input`` and an
``error``; every other line is still scored.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from verifiers.compose import compose
from verifiers.pool import ScoringPool
from verifiers.references import check_references, describe
from verifiers.registry import UnknownVerifierError, get_verifier, list_verifiers
from verifiers.types import Reward, Status, Verifier

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - 3.10
    import tomli as tomllib

CHUNK = 256  # rows handed to the pool at once: bounds memory, keeps the progress bar moving


def parse_literal(text: str) -> Any:
    """Parse a command-line value as a TOML literal (``true``, ``3``, ``'a'``, ``[1, 2]``); bare words stay
    strings, except Python's ``True`` and ``False``, which are the booleans they look like."""
    if text in ("True", "False"):
        return text == "True"
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def build_verifier(specs: Sequence[str], gates: Sequence[str] = (), options: Sequence[str] = ()) -> Verifier:
    """Turn ``--verifier NAME[=WEIGHT]`` (repeatable), ``--gate A=B`` and ``--option [NAME.]KEY=VALUE`` into one verifier."""
    weights: dict[str, float] = {}
    for spec in specs:
        name, _, weight = spec.partition("=")
        try:
            weights[name] = float(weight) if weight else 1.0
        except ValueError:
            raise SystemExit(f"--verifier expects NAME or NAME=WEIGHT (a number), got {spec!r}") from None
    opts: dict[str, dict[str, Any]] = collections.defaultdict(dict)
    for item in options:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--option expects KEY=VALUE, got {item!r}")
        target, dot, field = key.rpartition(".") if len(weights) > 1 or "." in key else ("", "", key)
        if not dot:
            target = next(iter(weights))
        opts[target][field] = parse_literal(value)
    unknown = set(opts) - set(weights)
    if unknown:
        raise SystemExit(f"--option names verifier(s) {sorted(unknown)} that are not among --verifier {list(weights)}")
    bad_gates = [g for g in gates if "=" not in g]
    if bad_gates:
        raise SystemExit(f"--gate expects A=B (A counts only when B is correct), got {bad_gates[0]!r}")
    gate_map = dict(g.split("=", 1) for g in gates)
    if len(weights) == 1 and not gate_map and next(iter(weights.values())) == 1.0:
        name = next(iter(weights))
        return get_verifier(name, **opts.get(name, {}))
    return compose(weights, gates=gate_map, options=opts)


def read_rows(
    path: str, required: Sequence[str] = ("completion", "reference")
) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """Yield (line number, row or None, error or None) for every non-blank line; a row must be a JSON object
    with the ``required`` columns (and a string ``completion`` when that is one of them)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as e:
                msg = e.msg.removesuffix(" at")  # "Invalid control character at"
                yield lineno, None, f"line {lineno}: not valid JSON ({msg} at column {e.colno})"
                continue
            if not isinstance(row, dict):
                yield lineno, None, f"line {lineno}: expected a JSON object, got {type(row).__name__}"
            elif any(k not in row for k in required):
                missing = [k for k in required if k not in row]
                yield lineno, row, f"line {lineno}: missing column(s) {missing}"
            elif "completion" in required and not isinstance(row["completion"], str):
                yield lineno, row, f"line {lineno}: 'completion' must be a string"
            else:
                yield lineno, row, None


def _error_row(lineno: int, row: dict[str, Any] | None, error: str) -> dict[str, Any]:
    out = dict(row or {"line": lineno})
    out.update(Reward.failure(Status.BAD_INPUT, error=error).to_dict())
    return out


def verify_file(pool: ScoringPool, in_path: str, out_path: str, progress: bool = True) -> collections.Counter[str]:
    """Score every line of ``in_path`` into ``out_path``; returns counts by status."""
    from tqdm import tqdm

    counts: collections.Counter[str] = collections.Counter()
    with open(in_path, encoding="utf-8", errors="replace") as f:
        total = sum(1 for line in f if line.strip())
    bar = tqdm(total=total, unit="row", disable=not progress, file=sys.stderr, dynamic_ncols=True)
    batch: list[tuple[int, dict[str, Any] | None, str | None]] = []

    def flush(out: Any) -> None:
        good = [(r, e) for _, r, e in batch if e is None]
        rewards = iter(pool.score([r["completion"] for r, _ in good], [r for r, _ in good]))
        for lineno, row, error in batch:
            if error is not None:
                out_row = _error_row(lineno, row, error)
            else:
                out_row = dict(row)
                out_row.update(next(rewards).to_dict())
            counts[out_row["status"]] += 1
            out.write(json.dumps(out_row, ensure_ascii=False, default=str) + "\n")
        bar.update(len(batch))
        bar.set_postfix(counts.most_common(3))
        batch.clear()

    with open(out_path, "w", encoding="utf-8") as out:
        for item in read_rows(in_path):
            batch.append(item)
            if len(batch) >= CHUNK:
                flush(out)
        if batch:
            flush(out)
    bar.close()
    return counts


def positive(kind: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type: ``kind(text)``, which must be > 0."""

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {kind.__name__}, got {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be > 0, got {text}")
        return value

    return parse


def build_verifier_or_exit(
    p: argparse.ArgumentParser, specs: Sequence[str], gates: Sequence[str] = (), options: Sequence[str] = ()
) -> Verifier:
    """:func:`build_verifier`, with every problem a one-line usage error of ``p`` (exit code 2)."""
    try:
        return build_verifier(specs, gates, options)
    except (UnknownVerifierError, TypeError, ValueError) as e:
        p.error(str(e))
    except SystemExit as e:  # build_verifier's own messages
        p.error(str(e.code))
    raise AssertionError("unreachable: p.error exits")


def check_paths(p: argparse.ArgumentParser, in_path: str, out_path: str | None) -> None:
    """A one-line usage error of ``p`` unless ``in_path`` is a file and ``out_path`` (if any) can be written."""
    if not os.path.isfile(in_path):
        p.error(f"--input {in_path}: no such file" + (" (a directory)" if os.path.isdir(in_path) else ""))
    if out_path is None:
        return
    out_dir = os.path.dirname(os.path.abspath(out_path))
    if os.path.isdir(out_path) or not os.path.isdir(out_dir) or not os.access(out_dir, os.W_OK):
        p.error(f"--output {out_path}: cannot write there (a directory, or its directory does not exist or is "
                "not writable)")


def report_references(verifier: Any, path: str) -> int:
    """Say (stderr) which rows' references the verifier cannot judge, before any scoring; returns their count.
    The rows are still scored and written: ``verify`` loses no row."""
    numbered = [(lineno, row) for lineno, row, error in read_rows(path) if error is None and row is not None]
    bad = [(numbered[i][0], reason) for i, reason in check_references(verifier, [row for _, row in numbered])]
    if bad:
        print(f"verigrpo: {describe(bad, len(numbered), 'rows', label='line')}; they are scored all the same "
              "(bad_input unless the verifier can still judge them)", file=sys.stderr)
    return len(bad)


def verify_main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="verigrpo verify", description=__doc__.split("\n\n")[0])
    p.add_argument("--verifier", action="append", required=True, metavar="NAME[=WEIGHT]",
                   help=f"a registered name ({', '.join(list_verifiers())}) or 'pkg.mod:func'; repeat to combine")
    p.add_argument("--gate", action="append", default=[], metavar="A=B", help="A counts only when B is correct")
    p.add_argument("--option", action="append", default=[], metavar="[NAME.]KEY=VALUE",
                   help="keyword option for a verifier, value as a TOML literal")
    p.add_argument("--input", required=True, help="JSONL with 'completion' and 'reference' columns")
    p.add_argument("--output", required=True, help="JSONL to write, one row per input row")
    p.add_argument("--workers", type=positive(int), default=2)
    p.add_argument("--timeout", type=positive(float), default=10.0, help="seconds per item (hard limit)")
    p.add_argument("--no-progress", action="store_true")
    args = p.parse_args(argv)

    verifier = build_verifier_or_exit(p, args.verifier, args.gate, args.option)
    check_paths(p, args.input, args.output)
    report_references(verifier, args.input)
    start = time.perf_counter()
    with ScoringPool(verifier, workers=args.workers, timeout=args.timeout) as pool:
        counts = verify_file(pool, args.input, args.output, progress=not args.no_progress)
    elapsed = time.perf_counter() - start
    n = sum(counts.values())
    summary = ", ".join(f"{k}={v}" for k, v in sorted(counts.items()))
    print(f"scored {n} rows in {elapsed:.1f}s ({n / max(elapsed, 1e-9):.1f} rows/s): {summary}", file=sys.stderr)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0
