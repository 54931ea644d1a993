"""Boxes that name what they answer: "The area is \\boxed{15}, the perimeter is \\boxed{16}" answers a question in
parts "(a) Find its perimeter. (b) Find its area." part by part, in the order the words name, not the order written.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.boxes import box_spans
from verigrpo.verifiers.math.conclusions import stem
from verigrpo.verifiers.math.parts import question_part_texts

# words that name no quantity of their own
_PLAIN_WORDS = frozenset(
    {"the", "that", "this", "then", "there", "these", "with", "from", "which", "what", "find", "answer", "final",
     "value", "equal", "equals", "part", "compute", "calculate", "determine", "show", "give", "therefore"}
)  # fmt: skip
_WORD_RE = re.compile(r"[A-Za-z]{4,20}")


def _stems(text: str) -> set[str]:
    return {stem(w) for w in _WORD_RE.findall(text) if w.lower() not in _PLAIN_WORDS}


def boxes_by_topic(completion: str, question: str, n: int) -> list[int] | None:
    """The question part each of the completion's ``n`` boxes answers, from a word in the text right before the box
    that one part of the question uses and no other ("the perimeter is \\boxed{16}" -> the part "Find its
    perimeter."); None unless every box names a different part so."""
    texts = question_part_texts(question)
    spans = box_spans(completion) if len(texts) == n else []
    if len(spans) != n:
        return None
    words = [_stems(t) for t in texts]
    own = [w - set().union(*(o for j, o in enumerate(words) if j != k)) for k, w in enumerate(words)]
    order, previous = [], 0
    for start, end, _ in spans:
        lead = _stems(completion[max(previous, start - 80) : start])
        named = [k for k in range(n) if own[k] & lead]
        if len(named) != 1:
            return None
        order.append(named[0])
        previous = end
    return order if len(set(order)) == n else None
