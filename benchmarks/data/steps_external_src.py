"""Collect ``steps_external_src.jsonl``: multi-step maths solutions written elsewhere (not in this repo),
verbatim, with their source, for ``steps_external_gen.py`` (which injects one wrong line into some).

Run once, with local git snapshots of the source repositories (``MIRRORS`` below, as the project's
``fetch`` tool leaves them); the output is committed, so nobody needs the snapshots to rebuild the
benchmark set. The selection is a fixed rule per source (the first rows, in file order, with at least
``MIN_CLAIMS`` arithmetic equalities that :func:`steps_external_gen.find_claims` can evaluate), never a
choice of rows by how ``math_steps`` scores them.

Sources (repository@commit:path) and the style each gives:
  * ``gsm8k``: openai/grade-school-math, ``grade_school_math/data/test.jsonl``: human solutions, one
    sentence a line, ``<<48/2=24>>`` calculator annotations, ``#### n`` ends.
  * ``gsm8k_socratic``: the same repository, ``test_socratic.jsonl``: "sub-question ** answer" lines.
  * ``gsm8k_model``: the same repository, ``example_model_solutions.jsonl``: GPT-3 175B solutions
    (``175b_verification`` with ``is_correct``), "A: n" ends.
  * ``math``: MATH test solutions (hendrycks; the MATH-500 split) as copied in
    MobileLLM/BudgetThinker, ``evaluation/data/math500/test.jsonl``: LaTeX in ``$..$``, ``\\[..\\]``,
    ``\\begin{align*}`` chains, ``\\boxed{}``, several sentences a paragraph.
  * ``chat_model``: chat-model solutions with their correctness score, MobileLLM/BudgetThinker,
    ``evaluation/data/eval_rm_maj_example/math_cot_100.jsonl`` (``code[k]`` with ``score[k]`` true):
    markdown, "Step 1:" headers followed by unlabelled lines, ``\\( \\)`` and ``\\[ \\]``, bullets.
  * ``chat_wrong_final``: chat-model answers to MATH-500 whose final answer was graded wrong (Qwen2.5-72B
    and DeepSeek-V3 error reports in kuk/simple-evals-ru, ``reports/errors/math/*.md``): "### Step k:"
    headers, ``\\[ \\]`` displays, ``\\implies`` chains, "Answer: ..." ends; the answer line is wrong (not
    counted as a correct line), and an answer in which the oracle finds a false claim is skipped (a
    genuine slip would be an unlabelled wrong line).
  * ``shepherd``: the Math-Shepherd example pair in openreasoner/openr, ``reason/test.py`` ("Step k:
    ... ки" lines, "The answer is: n"; the second is marked "17 is wrong" there: a genuine wrong step).
  * batch 2 (collected after the fixes made from batch 1, and run once before any further change):
    ``processbench_gsm8k`` and ``processbench_math``: ProcessBench (Qwen/ProcessBench, as copied in
    ljxzs-jjlzs/ProcessBench, ``code/dataset/{gsm8k,math}.json``): model solutions as paragraphs (one
    step a paragraph, several sentences each, ``\\( \\)``/``\\[ \\]`` maths, "total = 25 + 8 = 33 classes").
    Solutions labelled all-correct (label -1, final answer correct) are kept as they are or get an
    injected slip; solutions whose labelled first wrong step holds an equality the oracle finds false
    are ``genuine`` rows (the human label's step, arithmetic slips written by the model).
  * batch 3 (collected after the fixes made from batch 2, run once before any further change): the same
    rules on ProcessBench's ``olympiadbench`` and ``omnimath`` splits (competition problems).
  * batch 4 (collected after the fixes made from batch 3, run once before any further change): the next
    qualifying rows of GSM8K, MATH-500, the chat-model file and ProcessBench gsm8k/math (all-correct ones).
  * ``prm800k``: PRM800K samples in tongyx361/reward-by-prm800k, ``datasets/examples/prm800k-*-example.json`` (one step
    a paragraph, "# Answer"), cut after the first step a human rated -1 (a genuine, labelled wrong step).
"""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from steps_external_gen import find_claims  # noqa: E402

OUT = HERE / "steps_external_src.jsonl"
MIRRORS = Path("/work/.mirror")
MIN_CLAIMS = 2
SEEN: set[str] = set()

GSM = ("openai/grade-school-math", "3101c7d5072418e28b9008a6636bde82a006892c")
BUDGET = ("MobileLLM/BudgetThinker", "f0466b9d37595f46603387baa5930e312fefb7f5")
PRM = ("tongyx361/reward-by-prm800k", "c8452fb67a5b4f8fc12a1761719256d16a5ba502")
OPENR = ("openreasoner/openr", "f8ba9223f7634cc9a3dff701399e544df214e46f")
EVALS_RU = ("kuk/simple-evals-ru", "5fb1507eafd70be92ff3379440c13ee5272963ce")
PBENCH = ("ljxzs-jjlzs/ProcessBench", "e607025b8d00e46838d5b84170c96529ba19c53d")

# openreasoner/openr reason/test.py: the Math-Shepherd example pair, as written there (data).
SHEPHERD = [
    "Step 1: Janet's ducks lay 16 eggs per day. ки\nStep 2: She eats three for breakfast every morning, so she "
    "has 16 - 3 = 13 eggs left. ки\nStep 3: She bakes muffins for her friends every day with four eggs, so she "
    "has 13 - 4 = 9 eggs left. ки\nStep 4: She sells the remainder at the farmers' market daily for $2 per fresh "
    "duck egg, so she makes 9 * $2 = $18 every day at the farmers' market. The answer is: 18 ки",
    "Step 1: Janet's ducks lay 16 eggs per day. ки\nStep 2: She eats three for breakfast every morning, so she "
    "has 16 - 3 = 13 eggs left. ки\nStep 3: She bakes muffins for her friends every day with four eggs, so she "
    "has 13 - 4 = 9 eggs left. ки\nStep 4: She sells the remainder at the farmers' market daily for $2 per fresh "
    "duck egg, so she makes 9 * $2 = $17 every day at the farmers' market. The answer is: 17 ки",
]


def show(repo: tuple[str, str], path: str) -> str:
    git = MIRRORS / repo[0].replace("/", "+") / "repo"
    return subprocess.run(
        ["git", "--git-dir", str(git), "show", f"HEAD:{path}"], check=True, capture_output=True, text=True
    ).stdout


def src(repo: tuple[str, str], path: str) -> str:
    return f"{repo[0]}@{repo[1]}:{path}"


def enough(text: str) -> bool:
    """At least ``MIN_CLAIMS`` distinct equalities (runs) that the oracle reads and finds true."""
    return len({(c.start, c.end) for c in find_claims(text) if c.holds}) >= MIN_CLAIMS


def collect() -> list[dict]:
    rows: list[dict] = []

    def add(style: str, source: str, key: str, text: str, reference: str, **extra: object) -> None:
        rows.append(
            {"style": style, "source": source, "key": key, "text": text, "reference": reference, **extra}
        )

    path = "grade_school_math/data/test.jsonl"
    taken = 0
    for i, line in enumerate(show(GSM, path).splitlines()):
        r = json.loads(line)
        if taken < 22 and enough(r["answer"]):
            add(
                "gsm8k",
                src(GSM, path),
                f"line {i + 1}",
                r["answer"],
                r["answer"].rsplit("####", 1)[1].strip(),
            )
            taken += 1
    path = "grade_school_math/data/test_socratic.jsonl"
    taken = 0
    for i, line in enumerate(show(GSM, path).splitlines()):
        r = json.loads(line)
        if i >= 100 and taken < 6 and enough(r["answer"]):  # other problems than the gsm8k rows above
            add(
                "gsm8k_socratic",
                src(GSM, path),
                f"line {i + 1}",
                r["answer"],
                r["answer"].rsplit("####", 1)[1].strip(),
            )
            taken += 1
    path = "grade_school_math/data/example_model_solutions.jsonl"
    taken = 0
    for i, line in enumerate(show(GSM, path).splitlines()):
        r = json.loads(line)
        sol = r["175b_verification"]
        if i >= 30 and taken < 6 and sol["is_correct"] and enough(sol["solution"]):
            ref = r["ground_truth"].rsplit("A:", 1)[1].strip()
            add("gsm8k_model", src(GSM, path), f"line {i + 1} 175b_verification", sol["solution"], ref)
            taken += 1
    path = "evaluation/data/math500/test.jsonl"
    taken = 0
    for i, line in enumerate(show(BUDGET, path).splitlines()):
        r = json.loads(line)
        if taken < 24 and "[asy]" not in r["solution"] and enough(r["solution"]):
            add("math", src(BUDGET, path), f"line {i + 1} {r['unique_id']}", r["solution"], r["answer"])
            taken += 1
    path = "evaluation/data/eval_rm_maj_example/math_cot_100.jsonl"
    taken = 0
    for i, line in enumerate(show(BUDGET, path).splitlines()):
        r = json.loads(line)
        for k, (code, ok) in enumerate(zip(r["code"], r["score"])):
            if taken < 24 and ok and enough(code):
                add("chat_model", src(BUDGET, path), f"line {i + 1} code[{k}]", code, r["gt"])
                taken += 1
                break  # one solution per problem
    for path in ("reports/errors/math/15_qwen_2_5_72b.md", "reports/errors/math/16_deepseek_v3.md"):
        taken = 0
        for block in show(EVALS_RU, path).split("\n### ")[1:]:
            key = block.split("\n", 1)[0].strip()
            try:
                answer = html.unescape(
                    block.split("###### answer\n<pre>", 1)[1].split("</pre>", 1)[0]
                ).strip()
                target = html.unescape(
                    block.split("###### target\n<pre>", 1)[1].split("</pre>", 1)[0]
                ).strip()
            except IndexError:
                continue
            claims = find_claims(answer)
            if taken < 8 and enough(answer) and not any(c.holds is False for c in claims):
                add(
                    "chat_wrong_final", src(EVALS_RU, path), f"### {key}", answer, target, final_correct=False
                )
                taken += 1
    path = "reason/test.py"
    add("shepherd", src(OPENR, path), "output1", SHEPHERD[0], "18")
    add(
        "shepherd",
        src(OPENR, path),
        "output2",
        SHEPHERD[1],
        "18",
        genuine_wrong_step=3,
        label_source="marked '# 17 is wrong' in the source; the step-4 claim 9 * $2 = $17 is false",
    )
    dec = json.JSONDecoder()
    for name in ("phase1-test", "phase1-train", "phase2-test", "phase2-train"):
        path = f"datasets/examples/prm800k-{name}-example.json"
        text, pos, n = show(PRM, path), 0, 0
        while True:  # one JSON record or several, pretty-printed one after another
            while pos < len(text) and text[pos].isspace():
                pos += 1
            if pos >= len(text):
                break
            r, pos = dec.raw_decode(text, pos)
            n += 1
            add_prm(add, src(PRM, path), f"record {n}", r)
    return rows


def collect_batch2() -> list[dict]:
    """ProcessBench rows (see the module docstring), in file order."""
    rows: list[dict] = []
    gsm_ref = {}
    for line in show(GSM, "grade_school_math/data/test.jsonl").splitlines():
        r = json.loads(line)
        gsm_ref[r["question"].strip()] = r["answer"].rsplit("####", 1)[1].strip()
    for split, n_clean, n_genuine, batch in (
        ("gsm8k", 16, 8, 2), ("math", 12, 6, 2), ("olympiadbench", 12, 6, 3), ("omnimath", 12, 6, 3)
    ):  # fmt: skip
        path = f"code/dataset/{split}.json"
        taken = genuine = 0
        for r in json.loads(show(PBENCH, path)):
            text = "\n\n".join(r["steps"])
            claims = find_claims(text)
            if r["label"] == -1 and r["final_answer_correct"]:
                ref = gsm_ref.get(r["problem"].strip()) if split == "gsm8k" else _last_boxed(r["steps"][-1])
                if taken < n_clean and ref and enough(text) and not any(c.holds is False for c in claims):
                    rows.append({"style": f"processbench_{split}", "source": src(PBENCH, path), "key": r["id"],
                                 "text": text, "reference": ref, "batch": batch})  # fmt: skip
                    taken += 1
            elif r["label"] >= 0 and genuine < n_genuine:
                k = r["label"]
                start = sum(len(p) + 2 for p in r["steps"][:k])
                bad = [
                    c for c in claims if c.holds is False and start <= c.start < start + len(r["steps"][k])
                ]
                ref = gsm_ref.get(r["problem"].strip()) if split == "gsm8k" else None
                if bad:
                    rows.append({"style": f"processbench_{split}", "source": src(PBENCH, path), "key": r["id"],
                                 "text": text, "reference": ref or "\\text{unknown}", "batch": batch,
                                 "final_correct": bool(r["final_answer_correct"]) and ref is not None,
                                 "genuine_wrong_step": k, "label_source": "ProcessBench label (first wrong step)"})  # fmt: skip
                    genuine += 1
    return rows


def collect_batch4() -> list[dict]:
    """Batch 4: the next rows, in file order, that the same rules would have taken after those of batches 1
    and 2 (GSM8K human, MATH-500, chat-model, ProcessBench gsm8k/math clean), gathered after every fix made
    from batches 1-3 and run once before any further change."""
    rows: list[dict] = []

    def row(style: str, source: str, key: str, text: str, ref: str) -> dict:
        return {"style": style, "source": source, "key": key, "text": text, "reference": ref, "batch": 4}

    path = "grade_school_math/data/test.jsonl"
    ok = [
        (i, json.loads(x))
        for i, x in enumerate(show(GSM, path).splitlines())
        if enough(json.loads(x)["answer"])
    ]
    for i, r in ok[22:34]:
        rows.append(
            row(
                "gsm8k",
                src(GSM, path),
                f"line {i + 1}",
                r["answer"],
                r["answer"].rsplit("####", 1)[1].strip(),
            )
        )
    path = "evaluation/data/math500/test.jsonl"
    ok = [(i, json.loads(x)) for i, x in enumerate(show(BUDGET, path).splitlines())]
    ok = [(i, r) for i, r in ok if "[asy]" not in r["solution"] and enough(r["solution"])]
    for i, r in ok[24:36]:
        rows.append(
            row("math", src(BUDGET, path), f"line {i + 1} {r['unique_id']}", r["solution"], r["answer"])
        )
    path = "evaluation/data/eval_rm_maj_example/math_cot_100.jsonl"
    chat = []
    for i, x in enumerate(show(BUDGET, path).splitlines()):
        r = json.loads(x)
        for k, (code, good) in enumerate(zip(r["code"], r["score"])):
            if good and enough(code):
                chat.append(row("chat_model", src(BUDGET, path), f"line {i + 1} code[{k}]", code, r["gt"]))
                break
    rows.extend(chat[24:36])
    gsm_ref = {}
    for x in show(GSM, "grade_school_math/data/test.jsonl").splitlines():
        r = json.loads(x)
        gsm_ref[r["question"].strip()] = r["answer"].rsplit("####", 1)[1].strip()
    for split, lo, hi in (("gsm8k", 16, 24), ("math", 12, 20)):
        path = f"code/dataset/{split}.json"
        clean = []
        for r in json.loads(show(PBENCH, path)):
            text = "\n\n".join(r["steps"])
            if r["label"] != -1 or not r["final_answer_correct"]:
                continue
            ref = gsm_ref.get(r["problem"].strip()) if split == "gsm8k" else _last_boxed(r["steps"][-1])
            if ref and enough(text) and not any(c.holds is False for c in find_claims(text)):
                clean.append(row(f"processbench_{split}", src(PBENCH, path), r["id"], text, ref))
        rows.extend(clean[lo:hi])
    return rows


def _last_boxed(text: str) -> str | None:
    i = text.rfind("\\boxed{")
    if i < 0:
        return None
    depth, j = 1, i + len("\\boxed{")
    while j < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        j += 1
    return text[i + len("\\boxed{") : j - 1] if depth == 0 else None


def add_prm(add, source: str, key: str, r: dict) -> None:
    """A PRM800K labelled sample: the chosen completion of each step, up to the first step whose shown
    completion a labeller rated -1 (the genuine wrong step, kept as the last step)."""
    steps: list[str] = []
    wrong = None
    for k, st in enumerate(r["label"]["steps"]):
        comps = st["completions"]
        pick = st["chosen_completion"]
        if pick is None:  # the labeller rejected the shown completion: it is the first, rated -1
            if comps and comps[0]["rating"] == -1:
                steps.append(comps[0]["text"])
                wrong = k
            break
        steps.append(comps[pick]["text"])
        if comps[pick]["rating"] == -1:
            wrong = k
            break
    text = "\n\n".join(steps)
    if wrong is None or text in SEEN:
        return  # no labelled error, or the same sample in two example files
    SEEN.add(text)
    add(
        "prm800k",
        source,
        key,
        "\n\n".join(steps),
        r["question"]["ground_truth_answer"],
        genuine_wrong_step=wrong,
        label_source="PRM800K human rating -1",
    )


def main() -> None:
    rows = collect() + collect_batch2() + collect_batch4()
    with open(OUT, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    by: dict[str, int] = {}
    for row in rows:
        by[row["style"]] = by.get(row["style"], 0) + 1
    print(f"wrote {len(rows)} rows to {OUT}: {by}")


if __name__ == "__main__":
    main()
