"""Classes found by the nineteenth external set (benchmarks/data/external_pairs_19.jsonl: the committed training
logs of unsloth's GRPO notebooks, DAPO-Math-17k keys, ms-swift's math reward tests, LIMO's evaluation keys) at its
first run, each fixed by a general rule. The examples are ours, not the set's rows."""

from __future__ import annotations

import pytest
from verigrpo.verifiers.math import math_answer


@pytest.mark.parametrize(
    ("completion", "reference", "status"),
    [
        # other names of the answer block: <SOLUTION> (unsloth's GRPO format), <final_answer>; not <result>
        ("<start_working_out>7 * 6 = 42<end_working_out><SOLUTION>42</SOLUTION>", "42", "correct"),
        ("Working: 7 * 6 = 42.\n<SOLUTION>41</SOLUTION>", "42", "wrong"),
        ("<solution> 42 </solution> Let me know if you need more help.", "42", "correct"),
        ("The product is 40 + 2.\n< SOLUTION>42", "42", "correct"),  # left open at the end: a stop string cut it
        ("<final_answer>\\frac{1}{2}</final_answer>", "0.5", "correct"),
        ("<SOLUTION>42</SOLUTION><SOLUTION>43</SOLUTION>", "42", "wrong"),  # two different answers: a hedge
        ("<code>print(6 * 7)</code><result>42</result> So the answer is \\boxed{41}.", "42", "wrong"),  # a tool's output
        # a completion cut off in a later sentence is not answered by an earlier sentence's last number
        ("There are 6 ways to pick the first. Next, we count the ways to pick the next three", "6", "no_answer"),
        ("There are 6 ways to pick the first. So the answer is 6.", "6", "correct"),
        ("Adding them up gives 6", "6", "correct"),
    ],
)
def test_set19_classes(completion: str, reference: str, status: str) -> None:
    assert math_answer(completion, {"reference": reference}).status.value == status


@pytest.mark.parametrize("shape", ['" " * n + "ab cd"', '"\\t " * (n // 2) + "answer"'])
def test_the_answer_heading_pattern_runs_in_linear_time(shape: str) -> None:
    """The answer-heading pattern had blank runs on both sides of optional tokens: quadratic, 5-7 s per completion
    on the 20k-character window it searches, found while timing this set's new patterns. Run on 200k blanks
    directly, a linear search takes well under a second and the quadratic one many minutes: the subprocess's
    generous limit is a hang guard, not a timing goal."""
    import subprocess
    import sys

    code = (f"from verigrpo.verifiers.math.extract import _ANSWER_HEADING_RE\nn = 200_000\ntext = {shape}\n"
            "list(_ANSWER_HEADING_RE.finditer(text))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
