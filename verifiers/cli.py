"""``verigrpo verify``: score a JSONL file of completions with a verifier.

Each input line is a JSON object with at least ``completion`` and ``reference``; every
other column is passed through to the verifier (in the row) and to the output. Each
output line is the input row plus ``reward``, ``status``, ``steps`` and ``info``, in
input order. A malformed line becomes an output row with status ``bad_input`` and an
``error``; every other line is still scored.

Every non-blank input line gives exactly one output row, whatever its bytes: lines end at
``\n`` only (a raw CR is part of its line), invalid UTF-8 is replaced, a line nested too deep,
holding an integer too long to read, or longer than ``MAX_LINE_BYTES`` is a ``bad_input`` row
naming its line, and a lone surrogate (a ``"\ud800"`` escape, or one in a candidate's error
message) is written escaped. Rows go to the pool in batches of at most ``CHUNK`` rows and
``BATCH_BYTES`` bytes, so memory is bounded by bytes, not by a count of rows.
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

from verigrpo.verifiers.compose import compose
from verigrpo.verifiers.pool import ScoringPool
from verigrpo.verifiers.references import check_references, describe
from verigrpo.verifiers.registry import UnknownVerifierError, get_verifier, list_verifiers
from verigrpo.verifiers.types import Reward, Status, Verifier

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - 3.10
    import tomli as tomllib

CHUNK = 256  # rows handed to the pool at once at most: keeps the progress bar moving
BATCH_BYTES = 8 << 20  # input bytes handed to the pool at once at most (a batch may pass it by one line)
MAX_LINE_BYTES = 16 << 20  # a longer line is a bad_input row, drained without being held whole
MAX_DEPTH = 100  # nesting of a row's JSON: deeper rows are bad_input (no writer or pool recursion limit is reached)


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


def iter_lines(path: str, max_line_bytes: int | None = None) -> Iterator[tuple[int, bytes | None, int]]:
    """(line number, the line's bytes without its ``\n``, or None when it is longer than
    ``max_line_bytes``, its size in bytes) for every line of ``path``. Lines end at ``\n`` only;
    an overlong line is read on in pieces and dropped, never held whole."""
    cap = MAX_LINE_BYTES if max_line_bytes is None else max_line_bytes
    with open(path, "rb") as f:
        lineno = 0
        while True:
            line = f.readline(cap + 1)
            if not line:
                return
            lineno += 1
            if len(line) <= cap or line.endswith(b"\n"):
                yield lineno, line.removesuffix(b"\n"), len(line)
                continue
            size = len(line)
            while not line.endswith(b"\n"):
                line = f.readline(1 << 20)
                if not line:
                    break
                size += len(line)
            yield lineno, None, size


def _blank(line: bytes) -> bool:
    """A line of whitespace only (Unicode whitespace too, as ``str.strip`` sees it): no row."""
    return not line.strip() or not line.decode("utf-8", errors="replace").strip()


def _too_deep(value: Any, limit: int) -> bool:
    """Whether ``value`` nests lists or dicts more than ``limit`` deep (an iterative walk)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth >= limit:
                return True
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def parse_line(lineno: int, line: bytes) -> tuple[Any, str | None]:
    """(value, None) for a line holding one JSON value, or (None, why not): invalid JSON, nested
    deeper than ``MAX_DEPTH``, or an integer past Python's digit limit. Never raises."""
    text = line.decode("utf-8", errors="replace")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        msg = e.msg.removesuffix(" at")  # "Invalid control character at"
        return None, f"line {lineno}: not valid JSON ({msg} at column {e.colno})"
    except RecursionError:
        return None, f"line {lineno}: not read: nested deeper than Python's JSON parser allows"
    except ValueError as e:  # an integer literal past sys.get_int_max_str_digits()
        return None, f"line {lineno}: not read: {str(e)[:200]}"
    except MemoryError:
        return None, f"line {lineno}: not read: out of memory parsing {len(line)} bytes"
    if _too_deep(value, MAX_DEPTH):
        return None, f"line {lineno}: not read: nested deeper than {MAX_DEPTH} levels"
    return value, None


def _read_rows_sized(
    path: str, required: Sequence[str] = ("completion", "reference")
) -> Iterator[tuple[int, dict[str, Any] | None, str | None, int]]:
    for lineno, line, size in iter_lines(path):
        if line is None:
            yield lineno, None, f"line {lineno}: not read: longer than {MAX_LINE_BYTES} bytes ({size} bytes)", size
            continue
        if _blank(line):
            continue
        row, error = parse_line(lineno, line)
        if error is not None:
            yield lineno, None, error, size
        elif not isinstance(row, dict):
            yield lineno, None, f"line {lineno}: expected a JSON object, got {type(row).__name__}", size
        elif any(k not in row for k in required):
            missing = [k for k in required if k not in row]
            yield lineno, row, f"line {lineno}: missing column(s) {missing}", size
        elif "completion" in required and not isinstance(row["completion"], str):
            yield lineno, row, f"line {lineno}: 'completion' must be a string", size
        else:
            yield lineno, row, None, size


def read_rows(
    path: str, required: Sequence[str] = ("completion", "reference")
) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """Yield (line number, row or None, error or None) for every non-blank line, in order, whatever its
    bytes (see the module docstring); a row must be a JSON object with the ``required`` columns (and a
    string ``completion`` when that is one of them)."""
    for lineno, row, error, _size in _read_rows_sized(path, required):
        yield lineno, row, error


def dump_row(row: dict[str, Any]) -> bytes:
    """One output line, UTF-8, ending in ``\n``. Non-ASCII text is written as is; a row holding a lone
    surrogate (which UTF-8 cannot encode) is written with ``\\u`` escapes instead, as JSON allows."""
    text = json.dumps(row, ensure_ascii=False, default=str)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = json.dumps(row, ensure_ascii=True, default=str).encode("ascii")
    return data + b"\n"


def _error_row(lineno: int, row: dict[str, Any] | None, error: str) -> dict[str, Any]:
    out = dict(row or {"line": lineno})
    out.update(Reward.failure(Status.BAD_INPUT, error=error).to_dict())
    return out


def verify_file(pool: ScoringPool, in_path: str, out_path: str, progress: bool = True) -> collections.Counter[str]:
    """Score every line of ``in_path`` into ``out_path``; returns counts by status."""
    from tqdm import tqdm

    counts: collections.Counter[str] = collections.Counter()
    total = sum(1 for _, line, _ in iter_lines(in_path) if line is None or not _blank(line))
    bar = tqdm(total=total, unit="row", disable=not progress, file=sys.stderr, dynamic_ncols=True)
    batch: list[tuple[int, dict[str, Any] | None, str | None]] = []
    batch_bytes = 0

    def flush(out: Any) -> None:
        good = [(r, e) for _, r, e in batch if e is None]
        rewards = iter(pool.score([r["completion"] for r, _ in good], [r for r, _ in good]))
        for lineno, row, error in batch:
            if error is not None:
                out_row = _error_row(lineno, row, error)
            else:
                out_row = dict(row)
                out_row.update(next(rewards).to_dict())
            try:
                line = dump_row(out_row)
            except (ValueError, TypeError, RecursionError) as e:  # never lose the row: say why instead
                out_row = _error_row(lineno, None, f"line {lineno}: the output row cannot be written: {e}"[:300])
                line = dump_row(out_row)
            counts[out_row["status"]] += 1
            out.write(line)
        bar.update(len(batch))
        bar.set_postfix(counts.most_common(3))
        batch.clear()

    with open(out_path, "wb") as out:
        for lineno, row, error, size in _read_rows_sized(in_path):
            if batch and (len(batch) >= CHUNK or batch_bytes + size > BATCH_BYTES):
                flush(out)
                batch_bytes = 0
            batch.append((lineno, row, error))
            batch_bytes += size
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
    The rows are still scored and written: ``verify`` loses no row. Reads ``path`` in batches of at most
    ``BATCH_BYTES``, holding no more."""
    bad: list[tuple[int, str]] = []
    checked = 0
    numbered: list[tuple[int, dict[str, Any]]] = []
    held = 0

    def check() -> None:
        rows = [row for _, row in numbered]
        bad.extend((numbered[i][0], reason) for i, reason in check_references(verifier, rows))
        numbered.clear()

    for lineno, row, error, size in _read_rows_sized(path):
        if error is not None or row is None:
            continue
        if numbered and held + size > BATCH_BYTES:
            check()
            held = 0
        numbered.append((lineno, row))
        held += size
        checked += 1
    if numbered:
        check()
    if bad:
        print(f"verigrpo: {describe(bad, checked, 'rows', label='line')}; they are scored all the same "
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
