"""The embedded code task: small function-writing problems with hidden unit tests, generated from a seed.

Each problem comes from a *family* (sum the even numbers of a list, clamp a number, count a letter...) and the
family's *parameters* (which numbers, which bound, which letter). A problem is held out (the ``test`` split) by a
hash of its family and parameters, so no held-out problem is ever trained on, whatever its test inputs: the
held-out set measures whether the policy learned the family, not the problem. The tests are asserts on the
reference solution's values for inputs drawn with the problem (edge cases first: an empty list, an empty
string, a bound itself), and the row's reference is plain assert code for the ``python_tests`` verifier, whose
reward is the fraction of asserts passed (``all_or_nothing = true``: 1 or 0).

Every family holds a reference solution and a plausible wrong one, as source: the tests of every problem pass
the first and fail the second (``tests/test_codetasks.py`` runs both through the sandbox). The expected values
are computed here by running the reference source, our own code, in-process.

Families are rows of one table (:data:`FAMILIES`); a family is a small set of functions of its parameters.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable
from typing import Any

EVAL_SEED = 4321  # the test split is always drawn with this seed
MAX_MISSES = 2000  # draws in a row without a new held-out problem before a family counts as exhausted
PROMPT = (
    "Write a Python function `{signature}` that {spec}.\n"
    "Reply with the function in one ```python code block."
)
LETTERS = "abcdefghijklmnopqrstuvwxyz"
WORDS = ["apple", "banana", "cherry", "level", "python", "data", "queue", "rhythm", "moon", "sky", "zebra", "book"]


@dataclasses.dataclass(frozen=True)
class Family:
    """A family of problems: everything is a function of the parameters ``p``."""

    name: str
    signature: str
    """The function's name and arguments as the prompt shows them, e.g. ``sum_even(xs)``."""
    draw: Callable[[random.Random], dict[str, Any]]
    """Draws the parameters."""
    spec: Callable[[dict[str, Any]], str]
    """What the function returns, in words (the prompt's end)."""
    solution: Callable[[dict[str, Any]], str]
    """The reference body (one expression, over the signature's arguments)."""
    wrong: Callable[[dict[str, Any]], str]
    """A plausible wrong body (a typical slip), failed by the tests."""
    inputs: Callable[[random.Random, dict[str, Any]], list[tuple[Any, ...]]]
    """Test inputs (argument tuples), edge cases first."""

    @property
    def entry_point(self) -> str:
        return self.signature.split("(")[0]

    @property
    def args(self) -> str:
        return self.signature.split("(", 1)[1].rstrip(")")

    def source(self, body: str) -> str:
        return f"def {self.signature}:\n    return {body}\n"


def _ints(rng: random.Random, n: int, lo: int = -20, hi: int = 20) -> list[int]:
    return [rng.randint(lo, hi) for _ in range(n)]


def _lists(rng: random.Random, _p: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [([],), ([7],), *[(_ints(rng, rng.randint(2, 7)),) for _ in range(4)]]


def _strings(rng: random.Random, p: dict[str, Any]) -> list[tuple[Any, ...]]:
    extra = p.get("letter", "")
    out: list[tuple[Any, ...]] = [("",)]
    out += [(w,) for w in rng.sample(WORDS, 3)]
    out += [("".join(rng.choice(LETTERS[:8] + extra * 2) for _ in range(n)),) for n in (rng.randint(3, 6), rng.randint(9, 14))]
    return out


_CONDITIONS: dict[str, tuple[str, str, str]] = {  # name -> (words, test on n, a slip)
    "even": ("even", "n % 2 == 0", "n % 2 == 1"),
    "odd": ("odd", "n % 2 == 1", "n % 2 == 0"),
    "gt": ("greater than {t}", "n > {t}", "n >= {t}"),
    "lt": ("less than {t}", "n < {t}", "n <= {t}"),
    "div": ("divisible by {k}", "n % {k} == 0", "n % {k} != 0"),
}


def _condition(p: dict[str, Any], which: int) -> str:
    return _CONDITIONS[p["cond"]][which].format(**p)


FAMILIES: dict[str, Family] = {
    f.name: f
    for f in [
        Family(
            "linear", "compute(x)",
            draw=lambda r: {"k": r.randint(2, 9), "c": r.randint(1, 9), "sign": r.choice("+-")},
            spec=lambda p: f"returns {p['k']} times x {'plus' if p['sign'] == '+' else 'minus'} {p['c']}",
            solution=lambda p: f"{p['k']} * x {p['sign']} {p['c']}",
            wrong=lambda p: f"{p['k']} * (x {p['sign']} {p['c']})",
            inputs=lambda r, p: [(0,), (1,), *[(v,) for v in _ints(r, 4, -50, 50)]],
        ),
        Family(
            "sum_filtered", "sum_selected(xs)",
            draw=lambda r: {"cond": r.choice(sorted(_CONDITIONS)), "t": r.randint(1, 9), "k": r.randint(3, 7)},
            spec=lambda p: f"returns the sum of the numbers in the list xs that are {_condition(p, 0)}",
            solution=lambda p: f"sum(n for n in xs if {_condition(p, 1)})",
            wrong=lambda p: f"sum(n for n in xs if {_condition(p, 2)})",
            inputs=lambda r, p: [([],), ([p["t"], p["k"], p["t"] + 1, 2, 3],),
                                 *[(_ints(r, r.randint(3, 8)),) for _ in range(4)]],
        ),
        Family(
            "count_letter", "count_letter(s)",
            draw=lambda r: {"letter": r.choice(LETTERS)},
            spec=lambda p: f"returns how many times the letter '{p['letter']}' appears in the string s",
            solution=lambda p: f"s.count({p['letter']!r})",
            wrong=lambda p: f"int({p['letter']!r} in s)",
            inputs=lambda r, p: [("",), (p["letter"] * 3,), (p["letter"] + "x" + p["letter"],), *_strings(r, p)[1:]],
        ),
        Family(
            "clamp", "clamp(x)",
            draw=lambda r: (lambda lo: {"lo": lo, "hi": lo + r.randint(1, 20)})(r.randint(-10, 10)),
            spec=lambda p: (f"returns x limited to the range from {p['lo']} to {p['hi']}: {p['lo']} if x is "
                            f"smaller than {p['lo']}, {p['hi']} if x is larger than {p['hi']}, otherwise x"),
            solution=lambda p: f"min(max(x, {p['lo']}), {p['hi']})",
            wrong=lambda p: f"max(min(x, {p['lo']}), {p['hi']})",
            inputs=lambda r, p: [(p["lo"],), (p["hi"],), (p["lo"] - 5,), (p["hi"] + 3,),
                                 ((p["lo"] + p["hi"]) // 2,), (r.randint(-40, 40),)],
        ),
        Family(
            "reverse", "reverse_text(s)",
            draw=lambda r: {"twist": r.choice(["plain", "upper", "suffix", "twice", "first"]), "suffix": r.choice("!?#*+-=@"),
                            "k": r.randint(2, 7)},
            spec=lambda p: {
                "plain": "returns the string s reversed", "upper": "returns the string s reversed and in upper case",
                "suffix": f"returns the string s reversed, followed by '{p['suffix']}'",
                "twice": "returns the string s reversed, written twice",
                "first": f"returns the first {p['k']} characters of the string s, in reverse order"}[p["twist"]],
            solution=lambda p: {"plain": "s[::-1]", "upper": "s[::-1].upper()", "suffix": f"s[::-1] + {p['suffix']!r}",
                                "twice": "s[::-1] * 2", "first": f"s[:{p['k']}][::-1]"}[p["twist"]],
            wrong=lambda p: {"plain": "s", "upper": "s.upper()", "suffix": f"{p['suffix']!r} + s[::-1]",
                             "twice": "s[::-1]", "first": f"s[::-1][:{p['k']}]"}[p["twist"]],
            inputs=_strings,
        ),
        Family(
            "extreme", "pick(xs)",
            draw=lambda r: {"which": r.choice(["largest", "smallest"]), "k": r.randint(1, 15)},
            spec=lambda p: f"returns the {p['which']} number in the non-empty list xs, plus {p['k']}",
            solution=lambda p: f"{'max' if p['which'] == 'largest' else 'min'}(xs) + {p['k']}",
            wrong=lambda p: f"{'min' if p['which'] == 'largest' else 'max'}(xs) + {p['k']}",
            inputs=lambda r, p: [([3],), ([-4, 9, 2],), *[(_ints(r, r.randint(2, 7)),) for _ in range(4)]],
        ),
        Family(
            "count_chars", "count_chars(s)",
            draw=lambda r: {"chars": "".join(sorted(r.sample("aeiou", r.randint(2, 5))))},
            spec=lambda p: f"returns how many characters of the string s are one of {', '.join(p['chars'])}",
            solution=lambda p: f"sum(1 for ch in s if ch in {p['chars']!r})",
            wrong=lambda p: f"len(set(s) & set({p['chars']!r}))",
            inputs=lambda r, p: [("",), (p["chars"] * 2,), *_strings(r, p)[1:]],
        ),
        Family(
            "divisible", "is_multiple(n)",
            draw=lambda r: {"k": r.randint(2, 20)},
            spec=lambda p: f"returns True if the integer n is divisible by {p['k']}, and False otherwise",
            solution=lambda p: f"n % {p['k']} == 0",
            wrong=lambda p: f"n % {p['k']} == 1",
            inputs=lambda r, p: [(0,), (p["k"],), (p["k"] * 3,), (p["k"] + 1,), *[(v,) for v in _ints(r, 2, -60, 60)]],
        ),
        Family(
            "map_list", "transform(xs)",
            draw=lambda r: {"op": r.choice(["times", "plus"]), "k": r.randint(2, 12)},
            spec=lambda p: (f"returns a new list with every number of the list xs "
                            f"{'multiplied by' if p['op'] == 'times' else 'increased by'} {p['k']}"),
            solution=lambda p: f"[n {'*' if p['op'] == 'times' else '+'} {p['k']} for n in xs]",
            wrong=lambda p: f"[n {'+' if p['op'] == 'times' else '*'} {p['k']} for n in xs]",
            inputs=lambda r, p: [([],), ([1],), *[(_ints(r, r.randint(2, 6)),) for _ in range(4)]],
        ),
    ]
}


def _key(family: Family, params: dict[str, Any]) -> str:
    """The problem's identity: its family and the parameters its statement uses (not its test inputs)."""
    return f"{family.name}: {family.spec(params)}"


def held_out(family: Family, params: dict[str, Any]) -> bool:
    """One problem in five is held out, by a hash of its family and statement (independent of any seed)."""
    return hashlib.blake2b(_key(family, params).encode(), digest_size=8).digest()[0] % 5 == 0


def reference_function(source: str, name: str) -> Callable[..., Any]:
    """Function ``name`` of ``source``: this module's own reference code, never a completion."""
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<{name}>", "exec"), namespace)  # noqa: S102 - our own generated reference
    return namespace[name]


def tests_for(family: Family, params: dict[str, Any], rng: random.Random) -> str:
    """Assert code over the reference's values, one assert per distinct input (``python_tests``' row format)."""
    reference = reference_function(family.source(family.solution(params)), family.entry_point)
    lines, seen = [], set()
    for args in family.inputs(rng, params):
        call = f"{family.entry_point}({', '.join(repr(a) for a in args)})"
        if call not in seen:
            seen.add(call)
            lines.append(f"assert {call} == {reference(*args)!r}")
    return "\n".join(lines)


def make_row(family: Family, params: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One problem as a dataset row: the prompt, the assert tests as the reference, and its provenance."""
    spec = family.spec(params)
    return {
        "prompt": PROMPT.format(signature=family.signature, spec=spec),
        "reference": tests_for(family, params, rng),
        "family": family.name,
        "entry_point": family.entry_point,
        "solution": family.source(family.solution(params)),
        "wrong_solution": family.source(family.wrong(params)),
    }


def code(split: str, seed: int, size: int, *, families: str = "") -> list[dict[str, Any]]:
    """``size`` function-writing problems with hidden tests; split ``train`` or ``test`` (disjoint by family
    parameters, see the module docstring). ``families``: a comma-separated subset of :data:`FAMILIES` (default
    all). Train draws with replacement (a stream); test draws distinct problems with :data:`EVAL_SEED`, families
    in turn."""
    from verigrpo.grpo_train.data import DatasetError

    names = [n.strip() for n in families.split(",") if n.strip()] or list(FAMILIES)
    unknown = [n for n in names if n not in FAMILIES]
    if unknown:
        raise DatasetError(f"code: unknown families {unknown}; known: {', '.join(FAMILIES)}")
    want_test = split == "test"
    rng = random.Random(EVAL_SEED if want_test else seed)
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    misses = dict.fromkeys(names, 0)  # test: draws in a row that gave no new problem, per family
    turn = 0
    while len(rows) < size and any(m < MAX_MISSES for m in misses.values()):
        if want_test:  # families in turn, skipping those whose held-out problems are all drawn
            name = names[turn % len(names)]
            turn += 1
            if misses[name] >= MAX_MISSES:
                continue
        else:
            name = rng.choice(names)
        family = FAMILIES[name]
        params = family.draw(rng)
        key = _key(family, params)
        if held_out(family, params) != want_test or (want_test and key in seen):
            misses[name] += 1
            continue
        misses[name] = 0
        seen.add(key)
        rows.append(make_row(family, params, rng))
    if len(rows) < size:
        raise DatasetError(f"code: only {len(rows)} distinct {split} problems of families {names}")
    return rows
