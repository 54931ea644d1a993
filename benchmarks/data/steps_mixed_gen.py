"""Generate ``steps_mixed.jsonl``: multi-step maths solutions in mixed styles, most with exactly one
wrong line, for ``benchmarks.bench_steps``.

Run: ``python benchmarks/data/steps_mixed_gen.py`` (deterministic: seeded; rewrites the file).

The formats follow what public step data and model outputs look like (facts about their shape, no
text copied): GSM8K solutions (one sentence per line, ``<<48/2=24>>`` calculator annotations,
``#### 72``), Math-Shepherd ("Step k: ..." on every line, "The answer is: 52"), PRM800K (sentences
with ``$...$`` maths, ``# Answer`` then the number), ProcessBench (paragraphs of several sentences
separated by blank lines), and chat-model answers (markdown lists, ``**Step k:**`` headers followed
by unlabelled lines, ``\\[ ... \\]`` display maths, ``\\boxed{}`` finals, chains ``a = b = c``,
currency and units around numbers).

Each solution is a word problem computed as a short program (a product, sums, differences, an exact
division, a fraction of a quantity); every computation is written as one *unit* (a line or a
sentence) in a style drawn per unit, inside a layout drawn per solution. A wrong solution has one
result off by a small amount in exactly one unit; later units compute correctly from the wrong value
(as a model that slipped would), so the final answer is wrong too, except when the slip is in a
closing check line, after the answer, where the final answer stays right.

Row fields:
  ``id``, ``layout`` (the solution's layout), ``text`` (the completion), ``reference`` (the correct
  final answer), ``wrong`` (``null`` or ``{"start", "end", "style"}``: the char span of the wrong
  unit), ``units`` (every unit: ``{"start", "end", "kind", "style"}``, kind ``claim`` (a checkable
  computation, correct as written), ``wrong``, ``prose`` (nothing to check) or ``answer`` (the final
  answer line)), ``final_correct`` (whether the written final answer equals the reference).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

OUT = Path(__file__).resolve().parent / "steps_mixed.jsonl"
N_WRONG = 44
N_CLEAN = 20

# (noun, unit after a count, money?) and the verbs of each stage; values are drawn per solution.
SCENARIOS = [
    ("boxes of pencils", "pencils", False),
    ("crates of apples", "apples", False),
    ("shelves of books", "books", False),
    ("packs of cards", "cards", False),
    ("rows of chairs", "chairs", False),
    ("bags of marbles", "marbles", False),
    ("tickets", "dollars", True),
    ("notebooks", "dollars", True),
    ("hours of driving", "km", False),
    ("weeks of saving", "dollars", True),
    ("trays of cookies", "cookies", False),
    ("bottles of juice", "liters", False),
]

LEADS = ["Next we compute", "So", "Then", "That gives", "This means", "Now", "After that,",
         "Altogether,", "In total,", "Therefore", "We get", "Hence"]  # fmt: skip
PROSE = [
    "Let's think step by step.",
    "First, find the total before anything is taken away.",
    "We need to keep track of what is left.",
    "Now split what remains evenly.",
    "Let me organise the information.",
    "Next, account for the ones that were given away.",
    "We are told how many are in each group.",
    "It helps to write down each quantity.",
]


def fmt(v: Fraction, money: bool) -> str:
    """Plain text number: integers as is, money with two decimals, other fractions as p/q."""
    if money and v.denominator != 1:
        return f"{float(v):.2f}"
    if v.denominator == 1:
        return str(v.numerator)
    return f"{v.numerator}/{v.denominator}"


def tex(v: Fraction, money: bool) -> str:
    if money and v.denominator != 1:
        return f"{float(v):.2f}"
    if v.denominator == 1:
        return str(v.numerator)
    sign = "-" if v < 0 else ""
    return f"{sign}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"


OPS_PLAIN = {"*": ["*", "×", "x"], "+": ["+"], "-": ["-"], "/": ["/", "÷"]}
OPS_TEX = {"*": ["\\times", "\\cdot"], "+": ["+"], "-": ["-"], "/": ["\\div"]}


def program(rng: random.Random, money: bool) -> list[tuple[Fraction, str, Fraction]]:
    """Operands and operators of 3-5 computations; each uses the previous result on the left."""
    a = Fraction(rng.randint(3, 14))
    b = (
        Fraction(rng.choice([5, 6, 7, 8, 9, 12, 15, 24]))
        if not money
        else Fraction(rng.choice([250, 375, 125, 450, 1200]), 100)
    )
    steps = [(a, "*", b)]
    v = a * b
    for _ in range(rng.randint(2, 4)):
        op = rng.choice(["+", "-", "/", "*"] if not money else ["+", "-", "*"])
        if op == "+":
            c = Fraction(rng.randint(3, 60))
        elif op == "-":
            c = Fraction(rng.randint(1, max(1, int(v) // 2)))
        elif op == "*":
            c = Fraction(rng.randint(2, 4))
        else:
            divisors = [d for d in range(2, 10) if (v / d).denominator == 1]
            if not divisors:
                op, c = "+", Fraction(rng.randint(3, 30))
            else:
                c = Fraction(rng.choice(divisors))
        steps.append((v, op, c))
        v = v + c if op == "+" else v - c if op == "-" else v * c if op == "*" else v / c
    return steps


def apply(a: Fraction, op: str, b: Fraction) -> Fraction:
    return a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a / b


class Writer:
    """Builds the text line by line, recording each unit's span."""

    def __init__(self) -> None:
        self.text = ""
        self.units: list[dict] = []
        self.line_open = False

    def newline(self, blank: bool = False) -> None:
        if self.text:
            self.text += "\n\n" if blank else "\n"
        self.line_open = False

    def add(self, body: str, kind: str, style: str, prefix: str = "", sep: str = " ") -> None:
        """Append a unit; ``prefix`` (a label or list marker) belongs to the unit's line but not its span
        unless it is a "Step k:" label (the label is part of the step the scorer reports)."""
        if self.line_open:
            self.text += sep
        start = len(self.text) + (0 if prefix.lower().lstrip("*#- ").startswith("step") else len(prefix))
        self.text += prefix + body
        self.units.append({"start": start, "end": len(self.text), "kind": kind, "style": style})
        self.line_open = True


def render_claim(
    rng: random.Random, style: str, lhs_p: str, lhs_t: str, res_p: str, res_t: str, unit: str, money: bool
) -> str:
    lead = rng.choice(LEADS)
    cur = "$" if money else ""
    if style == "bare":
        return f"{lhs_p} = {res_p}"
    tail = f" {unit}." if unit else "."
    if style == "sentence":
        return f"{lead} {lhs_p} = {cur}{res_p}{tail}"
    if style == "gsm8k":
        compact = lhs_p.replace(" ", "").replace("×", "*").replace("÷", "/")
        return f"{lead} {lhs_p} = {cur}<<{compact}={res_p}>>{res_p}{tail}"
    if style == "inline":
        return f"{lead} ${lhs_t} = {res_t}${tail}"
    if style == "display":
        return rng.choice(
            [f"\\[ {lhs_t} = {res_t} \\]", f"\\[\n{lhs_t} = {res_t}\n\\]", f"$$\n{lhs_t} = {res_t}\n$$"]
        )
    if style == "money":  # every amount in dollars: "$7.50 + $3 = $10.50", "4 × $2.50 = $10.00"
        a, op, b = lhs_p.split(" ")
        lhs_m = (
            f"{a} {op} ${b}"
            if op in "*×x" and "." in b
            else f"${a} {op} {b}"
            if op in "*×x÷/"
            else f"${a} {op} ${b}"
        )
        return f"{lead} {lhs_m} = ${res_p}{tail}"
    raise ValueError(style)


LAYOUTS = {
    # layout: (claim styles drawn per unit, how lines are prefixed)
    "step_labels_some": ["bare", "sentence", "inline", "chain"],
    "step_headers": ["bare", "display", "chain", "sentence"],
    "paragraph": ["sentence", "inline", "gsm8k", "money"],
    "markdown_list": ["sentence", "inline", "bare", "chain"],
    "latex": ["display", "inline", "chain", "aligned"],
    "gsm8k": ["gsm8k", "sentence", "money", "chain"],
    "plain_lines": ["bare", "chain", "aligned", "sentence"],
    "shepherd": ["sentence", "gsm8k", "inline", "bare"],
}


def make(idx: int, wrong: bool) -> dict:
    rng = random.Random(1000 + idx)
    layout = list(LAYOUTS)[idx % len(LAYOUTS)]
    noun, unit, money = SCENARIOS[rng.randrange(len(SCENARIOS))]
    unit = "" if money else unit
    prog = program(rng, money)
    n = len(prog)
    check_line = wrong and rng.random() < 0.15  # the slip is in a closing check, after the answer
    bad = rng.randrange(n) if wrong and not check_line else None
    delta = Fraction(rng.choice([-3, -2, -1, 1, 2, 5, 10]))
    if bad is not None:  # later exact divisions stay exact from the wrong value
        for _, op, b in prog[bad + 1 :]:
            if op == "/":
                delta *= b
    # written values: the slip at step `bad`, later steps computed from the written value
    written: list[tuple[Fraction, str, Fraction, Fraction]] = []  # (left, op, right, result as written)
    prev: Fraction | None = None
    for k, (a, op, b) in enumerate(prog):
        left = a if prev is None else prev
        res = apply(left, op, b) + (delta if k == bad else 0)
        written.append((left, op, b, res))
        prev = res
    final = written[-1][3]
    truth = Fraction(1)
    for k, (a, op, b) in enumerate(prog):
        truth = apply(a if k == 0 else truth, op, b)

    styles = LAYOUTS[layout]
    w = Writer()
    w.add(f"We start with {fmt(prog[0][0], False)} {noun}.", "prose", "prose")
    k = 0
    step_no = 1
    para_count = 0
    while k < n:
        style = rng.choice(styles)
        if style == "money" and not money:
            style = "sentence"
        left, op, b, res = written[k]
        parts = [(left, op, b, res)]
        if style == "chain" and k + 1 < n:
            parts.append(written[k + 1])
        elif style == "chain":
            style = "bare"
        if style == "aligned" and layout not in ("latex", "plain_lines"):
            style = "bare"
        op_p = rng.choice(OPS_PLAIN[op])
        op_t = rng.choice(OPS_TEX[op])
        lhs_p = f"{fmt(left, money)} {op_p} {fmt(b, money)}"
        lhs_t = f"{tex(left, money)} {op_t} {tex(b, money)}"
        kinds = "wrong" if bad is not None and bad in range(k, k + len(parts)) else "claim"
        if style == "chain":
            l2, op2, b2, res2 = parts[1]
            op2p = rng.choice(OPS_PLAIN[op2])
            body = f"{lhs_p} {op2p} {fmt(b2, money)} = {fmt(res, money)} {op2p} {fmt(b2, money)} = {fmt(res2, money)}"
            if op2 in "*/" and op in "+-":
                body = f"({lhs_p}) {op2p} {fmt(b2, money)} = {fmt(res, money)} {op2p} {fmt(b2, money)} = {fmt(res2, money)}"  # noqa: E501
        elif style == "aligned":
            body = None
        else:
            body = render_claim(rng, style, lhs_p, lhs_t, fmt(res, money), tex(res, money), unit, money)
        # layout: how this unit sits in the text
        if style == "aligned":
            # an expression line, then "= result" on the next line (the scorer carries the left side)
            w.newline()
            if layout == "plain_lines":
                w.add(lhs_p, "prose", "aligned")
                w.newline()
                w.add(f"= {fmt(res, money)}", kinds, "aligned")
            else:
                w.add("\\begin{align*}", "prose", "aligned")
                w.newline()
                w.add(f"& {lhs_t} \\\\", "prose", "aligned")
                w.newline()
                w.add(f"&= {tex(res, money)}", kinds, "aligned")
                w.newline()
                w.add("\\end{align*}", "prose", "aligned")
        elif layout == "paragraph":
            if para_count == 0 or para_count >= rng.randint(2, 3):
                w.newline(blank=True)
                para_count = 0
                if rng.random() < 0.5:
                    w.add(rng.choice(PROSE), "prose", "prose")
            w.add(body, kinds, style)
            para_count += 1
        elif layout == "step_labels_some":
            w.newline()
            prefix = f"Step {step_no}: " if rng.random() < 0.5 else ""
            step_no += bool(prefix)
            w.add(body, kinds, style, prefix=prefix)
        elif layout == "step_headers":
            if k == 0 or rng.random() < 0.5:
                w.newline(blank=rng.random() < 0.5)
                hdr = rng.choice(["**Step {}:** ", "### Step {}: ", "Step {}: "]).format(step_no)
                w.add(rng.choice(PROSE), "prose", "prose", prefix=hdr)
                step_no += 1
            w.newline()
            w.add(body, kinds, style)
        elif layout == "markdown_list":
            w.newline()
            prefix = rng.choice(["- ", "* ", f"{k + 1}. ", f"**Step {step_no}:** "])
            step_no += prefix.startswith("**")
            w.add(body, kinds, style, prefix=prefix)
        elif layout == "shepherd":
            w.newline()
            w.add(body, kinds, style, prefix=f"Step {step_no}: ")
            step_no += 1
        else:
            w.newline()
            if rng.random() < 0.25:
                w.add(rng.choice(PROSE), "prose", "prose")
                w.newline()
            w.add(body, kinds, style)
        k += len(parts)

    # the final answer
    fin = fmt(final, money)
    ending = {
        "gsm8k": f"#### {fin}",
        "shepherd": f"Step {step_no}: The answer is: {fin}",
        "paragraph": f"Therefore, the final answer is $\\boxed{{{fin}}}$.",
        "latex": f"The answer is $\\boxed{{{tex(final, money)}}}$.",
        "markdown_list": f"**Final answer:** {fin}",
    }.get(layout, rng.choice([f"\\boxed{{{fin}}}", f"The answer is {fin}.", f"# Answer\n\n{fin}"]))
    w.newline(blank=layout in ("paragraph", "latex"))
    if ending.startswith("# Answer"):
        w.add("# Answer", "prose", "prose")
        w.newline(blank=True)
        w.add(fin, "answer", "answer")
    else:
        w.add(ending, "answer", "answer")
    if check_line:
        # a closing check that inverts the last operation, with a slip
        left, op, b, res = written[-1]
        inv = {"+": "-", "-": "+", "*": "/", "/": "*"}[op]
        shown = apply(res, inv, b) + delta
        w.newline()
        w.add(f"Check: {fmt(res, money)} {inv} {fmt(b, money)} = {fmt(shown, money)}.", "wrong", "check")
    wrong_units = [u for u in w.units if u["kind"] == "wrong"]
    assert len(wrong_units) == (1 if wrong else 0), (idx, wrong_units)
    for u in w.units:
        assert w.text[u["start"] : u["end"]].strip() == w.text[u["start"] : u["end"]]
    return {
        "id": f"{'w' if wrong else 'c'}{idx:03d}",
        "layout": layout,
        "text": w.text,
        "reference": fmt(truth, money),
        "final_correct": final == truth,
        "wrong": None if not wrong else {k2: wrong_units[0][k2] for k2 in ("start", "end", "style")},
        "units": w.units,
    }


def main() -> None:
    rows = [make(i, True) for i in range(N_WRONG)] + [make(N_WRONG + i, False) for i in range(N_CLEAN)]
    with open(OUT, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} solutions ({N_WRONG} with one wrong unit) to {OUT}")


if __name__ == "__main__":
    main()
