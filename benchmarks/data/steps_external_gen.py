"""Build ``steps_external.jsonl`` from ``steps_external_src.jsonl`` (solutions written elsewhere; see
``steps_external_src.py`` for the sources): inject exactly one wrong line into most of them by one
general, seeded mutation, and label every checkable claim, for ``benchmarks.bench_steps --external``.

Run: ``python benchmarks/data/steps_external_gen.py`` (deterministic; rewrites the file).

The labels come from a small arithmetic oracle written here (:func:`find_claims`), independent of
``math_steps``: it reads runs of plain or LaTeX arithmetic (numbers with thousands separators and
decimals, ``+ - * / x × · ÷ ^ !``, ``\\cdot``, ``\\times``, ``\\div``, ``\\frac{a}{b}``, ``\\sqrt{n}`` of a perfect
square, brackets, ``\\left( \\right)``, ``\\boxed{}``; ``$``, ``\\(`` and the like are transparent; GSM8K's
``<<48/2=24>>`` annotations are read as claims too) split by ``=``, and evaluates each adjacent pair
exactly (with half a unit of rounding in the last place when a decimal is written). Anything else (a
letter, ``%``, a unit, a line end) ends a run, so equalities with variables, units or prose around them
are not claims here, whatever ``math_steps`` makes of them; they stay in the text as lines of unclear
checkability. A pair the oracle finds false in the source text is a misreading (or a genuine slip) and
is left out of the labels.

Mutation (three rows in four, by their place in the file; never the PRM800K or Math-Shepherd
rows, which carry genuine labels): among the claims that hold, whose last side is one number written
outside ``\\boxed{}`` and not in the final answer's line or sentence, one is drawn with ``random.Random(row id)``; its
result is moved by a drawn amount (an integer by +-1, 2, 3, 5 or 10, staying >= 0; a decimal by a few
units in its last place), written in the same format; a GSM8K annotation in the same run that gave the
same result is changed with it. Later lines are left as they were (the slip does not propagate), so
the final answer stays right and exactly one line is wrong.

Row fields (those of ``steps_mixed.jsonl`` plus provenance): ``id``, ``layout`` (the source style),
``source`` (repository@commit:path), ``key`` (the row in that file), ``text``, ``reference``,
``final_correct``, ``wrong`` (null, or ``{"start", "end", "style", "step"?}``: the wrong claim's span,
style ``injected`` or ``genuine`` (a human or source label: the span of the labelled step)),
``units`` (``claim`` spans that hold, the ``wrong`` span, and the ``answer`` marker with its value). A run
whose every claim restates its left side (``0 = 0``) is no ``claim`` unit: ``math_steps`` gives such steps
no reward on purpose.
"""

from __future__ import annotations

import ast
import json
import random
import re
from fractions import Fraction
from math import factorial, isqrt
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
SRC = HERE / "steps_external_src.jsonl"
OUT = HERE / "steps_external.jsonl"

# ---------------------------------------------------------------------------------------------
# The oracle
# ---------------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"(?P<annot><<[^<>\n]*>>)"
    r"|(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\.\d+|\d+)"
    r"|(?P<frac>\\[dt]?frac\{(?P<fn>[^{}]*)\}\{(?P<fd>[^{}]*)\})"
    r"|(?P<sqrt>\\sqrt\{(?P<sq>[^{}]*)\})"
    r"|(?P<pow>\^\{(?P<pw>[^{}]*)\}|\^(?P<pd>\d))"
    r"|(?P<boxed>\\boxed\{)"
    r"|(?P<sub>_\{[^{}]*\}|_[0-9A-Za-z])"
    r"|(?P<op>\\cdot|\\times|\\div|\\left\(|\\right\)|\\left\[|\\right\]|[-+*/×·÷()=!\[\]−])"
    r"|(?P<skip>[ \t\n]+|\\\$|\$|\\\(|\\\)|\\\[|\\\]|\\[,!;: ]|&|\\\\(?=[ \t]*\n?)|\\quad|\\qquad)"
    r"|(?P<x>x(?=[ \t]*\d))"
    r"|(?P<close>\})"
)
_OPS = {"\\cdot": "*", "\\times": "*", "×": "*", "·": "*", "÷": "/", "\\div": "/", "−": "-",
        "\\left(": "(", "\\right)": ")", "\\left[": "(", "\\right]": ")", "[": "(", "]": ")"}  # fmt: skip


class Tok(NamedTuple):
    kind: str
    start: int
    end: int
    text: str
    boxed: bool


class Claim(NamedTuple):
    """One adjacent pair ``lhs = rhs`` of a run; ``start``/``end``: the run's span; ``result``: the rhs token
    when the rhs is a single number (else None); ``holds``: None when a side cannot be evaluated."""

    start: int
    end: int
    lhs: str
    rhs: str
    holds: bool | None
    result: Tok | None
    last_pair: bool
    restated: bool = False  # both sides the same parts ("0 = 0", "3 \\cdot 4 = 4 \\cdot 3"): computes nothing


def _value(expr: str) -> Fraction | None:
    """Evaluate a plain arithmetic string exactly (numbers, + - * / ** and brackets), or None."""
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError:
        return None

    def ev(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float)):
            return Fraction(str(node.value))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = ev(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp):
            a, b = ev(node.left), ev(node.right)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, ast.Div):
                return a / b
            if isinstance(node.op, ast.Pow) and b.denominator == 1 and abs(b) <= 64:
                return a ** int(b)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
            v = ev(node.args[0])
            if node.func.id == "fact" and v.denominator == 1 and 0 <= v <= 20:
                return Fraction(factorial(int(v)))
            if node.func.id == "root" and v >= 0:
                n, d = isqrt(v.numerator), isqrt(v.denominator)
                if n * n == v.numerator and d * d == v.denominator:
                    return Fraction(n, d)
        raise ValueError("unsupported")

    try:
        return ev(tree)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None


def _num(text: str) -> str:
    return repr(text.replace(",", ""))


def _inner(text: str) -> Fraction | None:
    """The value of a braced argument (``\\frac{..}{..}``, ``^{..}``, ``\\sqrt{..}``): a small run of its own."""
    toks = list(_tokens(text, 0, len(text)))
    if any(t.kind in ("break", "eq") for t in toks):
        return None
    return _value(_expr(toks)) if toks else None


def _tokens(text: str, start: int, end: int):
    """Tokens of ``text[start:end]``: kinds annot, num, val (a braced construct already valued), op, eq, x,
    break (anything else, one character)."""
    pos, boxed_depth = start, 0
    while pos < end:
        m = _TOKEN.match(text, pos, end)
        if m is None:
            yield Tok("break", pos, pos + 1, text[pos], False)
            pos += 1
            continue
        kind = ""
        for k in ("annot", "num", "frac", "sqrt", "pow", "boxed", "sub", "op", "skip", "x", "close"):
            if m.group(k) is not None:
                kind = k
                break
        s = m.group(0)
        if kind == "boxed":
            boxed_depth += 1
        elif kind == "close":
            if boxed_depth:
                boxed_depth -= 1
            else:
                yield Tok("break", m.start(), m.end(), s, False)
        elif kind == "skip":
            pass
        elif kind == "sub":
            yield Tok("break", m.start(), m.end(), s, False)
        elif kind == "op":
            yield Tok("eq" if s == "=" else "op", m.start(), m.end(), _OPS.get(s, s), boxed_depth > 0)
        elif kind == "x":
            yield Tok("op", m.start(), m.end(), "*", boxed_depth > 0)
        elif kind == "frac":
            a, b = _inner(m.group("fn")), _inner(m.group("fd"))
            ok = a is not None and b is not None and b != 0
            yield Tok(
                "val" if ok else "break", m.start(), m.end(), repr(str(a / b)) if ok else s, boxed_depth > 0
            )
        elif kind == "sqrt":
            v = _inner(m.group("sq"))
            yield Tok("val" if v is not None else "break", m.start(), m.end(), f"root({v!r})" if v is not None else s,
                      boxed_depth > 0)  # fmt: skip
        elif kind == "pow":
            v = _inner(m.group("pw") or m.group("pd"))
            yield Tok("pow" if v is not None else "break", m.start(), m.end(), repr(str(v)), boxed_depth > 0)
        else:
            yield Tok(kind, m.start(), m.end(), s, boxed_depth > 0)
        pos = m.end()


def _expr(toks: list[Tok]) -> str:
    out: list[str] = []
    prev: Tok | None = None
    for t in toks:
        value_start = t.kind in ("num", "val") or t.text == "("
        value_end = prev is not None and (prev.kind in ("num", "val") or prev.text in (")", "!"))
        if value_start and value_end:
            out.append("*")  # 2(21), (1+2)(3+4)
        if t.kind == "num":
            out.append(_num(t.text))
        elif t.kind == "val":
            out.append(t.text)
        elif t.kind == "pow":
            out.append("**" + t.text)
        elif t.text == "!":
            out.append("!")
        else:
            out.append(t.text)
        prev = t
    s = "".join(out)
    # n! -> fact(n) for a number or bracket before "!"
    while "!" in s:
        i = s.index("!")
        j = i - 1
        if j >= 0 and s[j] == ")":
            depth = 0
            while j >= 0:
                depth += s[j] == ")"
                depth -= s[j] == "("
                if depth == 0:
                    break
                j -= 1
        else:
            while j >= 0 and (s[j].isalnum() or s[j] in "'."):
                j -= 1
            j += 1
        s = s[:j] + "fact(" + s[j:i] + ")" + s[i + 1 :]
    return s


def _decimals(toks: list[Tok]) -> int | None:
    places = [len(t.text.partition(".")[2]) for t in toks if t.kind == "num" and "." in t.text]
    return min(places) if places else None


def _annot_claims(tok: Tok) -> list[tuple[str, str, bool | None]]:
    body = tok.text[2:-2]
    if body.count("=") != 1:
        return []
    a, b = body.split("=")
    va, vb = _value(a.replace("x", "*")), _value(repr(b.strip()) if b.strip() else "")
    if va is None or vb is None:
        return [(a, b, None)]
    d = len(b.partition(".")[2]) if "." in b else None
    ok = va == vb or (d is not None and abs(va - vb) <= Fraction(1, 2 * 10**d))
    return [(a, b, ok)]


def find_claims(text: str) -> list[Claim]:
    """Every claim of ``text``, in order (see the module docstring)."""
    claims: list[Claim] = []
    run: list[Tok] = []
    carry: list[Tok] = []  # the last side of a run that ended its line, for a next line "= ..." or "&= ..."

    def flush(line_end: bool) -> None:
        nonlocal run, carry
        toks, run = run, []
        prev_carry, carry = carry, []
        while toks and toks[-1].kind == "op" and toks[-1].text in ("(", "+", "-", "*", "/"):
            toks.pop()
        while toks and toks[0].kind == "op" and toks[0].text in (")", "*", "/", "+", "!"):
            toks.pop(0)
        sides: list[list[Tok]] = [[]]
        annots = [t for t in toks if t.kind == "annot"]
        for t in toks:
            if t.kind == "eq":
                sides.append([])
            elif t.kind != "annot":
                sides[-1].append(t)
        if not toks:
            return
        start, end = toks[0].start, toks[-1].end
        if line_end:
            carry = sides[-1]
        if len(sides) < 2:
            return
        if not sides[0] and prev_carry:
            sides[0] = prev_carry  # an aligned continuation line
        elif sides[0] and sides[0][0].text == "(" and start and text[start - 1].isalpha():
            sides[0] = []  # "f(-2) = ...": a function's argument, not a side
        for k, (a, b) in enumerate(zip(sides, sides[1:])):
            if not any(t.kind in ("num", "val") for t in a) or not any(t.kind in ("num", "val") for t in b):
                continue
            va, vb = _value(_expr(a)), _value(_expr(b))
            holds: bool | None = None
            if va is not None and vb is not None:
                d = _decimals(a + b)
                holds = va == vb or (d is not None and abs(va - vb) <= Fraction(1, 2 * 10**d))
            result = b[0] if len(b) == 1 and b[0].kind == "num" else None
            lhs = text[a[0].start : a[-1].end]
            rhs = text[b[0].start : b[-1].end]
            same = sorted(t.text for t in a if t.text not in "()") == sorted(
                t.text for t in b if t.text not in "()"
            )
            claims.append(Claim(start, end, lhs, rhs, holds, result, k == len(sides) - 2, same))
        for t in annots:
            for a, b, ok in _annot_claims(t):
                claims.append(Claim(start, end, a, b, ok, None, False))

    last_break = -1  # end of the last break token
    for tok in _tokens(text, 0, len(text)):
        line_end = bool(run) and "\n" in text[run[-1].end : tok.start]
        if tok.kind == "break" or line_end:
            if tok.kind == "break" and run and run[-1].end == tok.start:
                run = []  # glued to a letter, a subscript, a unit ("2cb", "a_3", "5x"): not arithmetic
            flush(line_end)
            if tok.kind == "break":
                carry, last_break = [], tok.end
                continue
        if not run and tok.start == last_break:
            continue  # a run glued to what came before ("a_3 - ..." after the subscript) is tainted too
        run.append(tok)
    flush(True)
    return claims


# ---------------------------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------------------------

_ANSWER = re.compile(r"####|\\boxed\{|The answer is:?|^A:|^# Answer|Answer:", re.MULTILINE)


def answer_span(text: str) -> tuple[int, int] | None:
    """The last final-answer marker and its value: ``\\boxed{..}`` to its closing brace, else the marker to
    the end of its line ("#### 18", "The answer is: 18", "A: 18"), or to the end of the next non-blank
    line when nothing follows it ("# Answer" then the value)."""
    marks = list(_ANSWER.finditer(text))
    if not marks:
        return None
    m = marks[-1]
    if m.group(0).startswith("\\boxed"):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        return m.start(), i
    b = text.find("\n", m.end())
    b = len(text) if b < 0 else b
    if not text[m.end() : b].strip():
        nxt = text[b:].lstrip()
        if nxt:
            s = len(text) - len(nxt)
            e = text.find("\n", s)
            b = len(text) if e < 0 else e
    return m.start(), len(text[:b].rstrip())


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z$\\])|\n")


def _sentence(text: str, pos: int) -> tuple[int, int]:
    """The line, or sentence within a line, around ``pos`` (the final answer's: no slip is put there, so the
    answer stays right and apart from the wrong line)."""
    a = max((m.end() for m in _SENTENCE_BREAK.finditer(text, 0, pos)), default=0)
    m = _SENTENCE_BREAK.search(text, pos)
    return a, m.start() if m else len(text)


def _mutate(tok: Tok, rng: random.Random) -> str:
    text = tok.text
    if "." in text:
        whole, frac = text.replace(",", "").split(".")
        unit = Fraction(1, 10 ** len(frac))
        old = Fraction(whole + "." + frac)
        for _ in range(20):
            new = old + rng.choice([1, 2, 3, 5, -1, -2, -3, -5]) * unit
            if new >= 0:
                break
        out = f"{float(new):.{len(frac)}f}"
    else:
        old = int(text.replace(",", ""))
        for _ in range(20):
            new = old + rng.choice([1, 2, 3, 5, 10, -1, -2, -3, -5, -10])
            if new >= 0 and new != old:
                break
        out = str(new)
    if "," in text:
        whole, _, frac = out.partition(".")
        out = f"{int(whole):,}" + ("." + frac if frac else "")
    return out


def _units(text: str, claims: list[Claim], skip: tuple[int, int] | None) -> list[dict]:
    units: dict[tuple[int, int], str] = {}
    spans: dict[tuple[int, int], list[tuple[bool | None, bool]]] = {}
    for c in claims:
        spans.setdefault((c.start, c.end), []).append((c.holds, c.restated))
    for span, verdicts in spans.items():
        if skip is not None and span[0] < skip[1] and skip[0] < span[1]:
            continue
        if verdicts and all(v is True for v, _ in verdicts) and not all(r for _, r in verdicts):
            units[span] = "claim"
    return [{"start": a, "end": b, "kind": k} for (a, b), k in sorted(units.items())]


def build(src: dict, idx: int) -> dict:
    text = src["text"]
    rid = f"x{idx:03d}"
    ans = answer_span(text)
    row = {
        "batch": src.get("batch", 1),
        "id": rid,
        "layout": src["style"],
        "source": src["source"],
        "key": src["key"],
        "reference": src["reference"],
    }
    genuine = src.get("genuine_wrong_step")
    final_correct = genuine is None and src.get("final_correct", True)
    wrong = None
    if genuine is not None:
        if src["style"] == "prm800k" or src["style"].startswith("processbench"):
            parts = text.split("\n\n")
            start = sum(len(p) + 2 for p in parts[:genuine])
            end = start + len(parts[genuine])
        else:  # "Step k:" lines
            lines = text.split("\n")
            start = sum(len(p) + 1 for p in lines[:genuine])
            end = start + len(lines[genuine])
        wrong = {
            "start": start,
            "end": end,
            "style": "genuine",
            "step": genuine,
            "label": src.get("label_source"),
        }
        if src["style"] == "shepherd":
            ans = None  # the answer is on the wrong line itself
    elif idx % 4 != 3:
        claims = find_claims(text)
        ans_sentence = _sentence(text, ans[0]) if ans else None
        cands = [
            c for c in claims
            if c.holds and c.result is not None and c.last_pair and not c.result.boxed
            and not (ans_sentence and ans_sentence[0] <= c.result.start < ans_sentence[1])
        ]  # fmt: skip
        if cands:
            rng = random.Random(rid)
            c = rng.choice(cands)
            new = _mutate(c.result, rng)
            old = c.result.text
            seg = text[c.start : c.end]
            # the same result inside a GSM8K annotation of this run ("=9>>9")
            seg_new = seg[: c.result.start - c.start] + new + seg[c.result.end - c.start :]
            for m in re.finditer(r"=([0-9.]+)>>", seg_new):  # "=5.0>>" for a visible 5 too
                if Fraction(m.group(1)) == Fraction(old.replace(",", "")):
                    seg_new = seg_new[: m.start(1)] + new.replace(",", "") + seg_new[m.end(1) :]
                    break
            text = text[: c.start] + seg_new + text[c.end :]
            wrong = {
                "start": c.start,
                "end": c.start + len(seg_new),
                "style": "injected",
                "old": old,
                "new": new,
            }
            ans = answer_span(text)
    claims = find_claims(text)
    units = _units(text, claims, (wrong["start"], wrong["end"]) if wrong else None)
    if wrong is not None and wrong["style"] == "injected":
        bad = [c for c in claims if c.start == wrong["start"] and c.holds is False]
        assert bad, (rid, text[wrong["start"] : wrong["end"]])
    if wrong is not None and wrong["style"] == "genuine":
        # a label marks the first wrong step; what follows may build on it, so only earlier claims count
        units = [u for u in units if u["end"] <= wrong["start"]]
    if wrong is not None:
        units.append({"start": wrong["start"], "end": wrong["end"], "kind": "wrong"})
    if ans is not None and not any(
        u["start"] < ans[1] and ans[0] < u["end"] and u["kind"] == "wrong" for u in units
    ):
        units.append({"start": ans[0], "end": ans[1], "kind": "answer"})
    units.sort(key=lambda u: (u["start"], u["end"]))
    row.update({"text": text, "final_correct": final_correct, "wrong": wrong, "units": units})
    return row


def main() -> None:
    with open(SRC, encoding="utf-8") as f:
        srcs = [json.loads(line) for line in f if line.strip()]
    rows = [build(s, i) for i, s in enumerate(srcs)]
    with open(OUT, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    injected = sum(1 for r in rows if r["wrong"] and r["wrong"]["style"] == "injected")
    genuine = sum(1 for r in rows if r["wrong"] and r["wrong"]["style"] == "genuine")
    print(f"wrote {len(rows)} rows to {OUT}: {injected} injected, {genuine} genuine, "
          f"{len(rows) - injected - genuine} clean")  # fmt: skip


if __name__ == "__main__":
    main()
