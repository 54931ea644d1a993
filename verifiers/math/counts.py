"""A key that names several counts in Chinese, each after its label and before its measure word: "鸡6只，兔4只"
(6 chickens, 4 rabbits), "男同学8人，女同学6人" (8 boys, 6 girls) (:func:`labelled_counts_verdict`).

No expression grammar reads such a key. The completion answers it in its last sentence that holds digits, naming
each label with its count in any order ("所以，笼子里有6只鸡和4只兔。", "男同学获奖人数是8人，女同学获奖人数是6人。"):
every label of the key must appear there, and the counts in the sentence, in the order of the labels they stand
with, must be the key's. A sentence that leaves a label out, or gives another count or one count more, is wrong.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.cjk import cjk_digits

_HAN = r"[\u4e00-\u9fff]"
# one item of the key: a label of Chinese characters, its count, a measure word perhaps
_ITEM = rf"({_HAN}{{1,8}}?)[ \t]*(\d{{1,9}}(?:\.\d{{1,6}})?)[ \t]*{_HAN}{{0,2}}"
_KEY_RE = re.compile(rf"[ \t]*{_ITEM}(?:[ \t]*[，,；;、][ \t]*{_ITEM}){{1,5}}[ \t。.]*")
_ITEM_RE = re.compile(_ITEM)
_NUMBER_RE = re.compile(r"(?<![\d.])\d{1,9}(?:\.\d{1,6})?(?![\d.])")
_SENTENCE_RE = re.compile(r"[^。！？!?\n]+")
# a condition, a negation, a bound or an approximation: the sentence states no count
_NOT_A_COUNT_RE = re.compile(r"如果|假如|假设|若是|不是|并非|不对|至少|至多|最多|最少|大约|约|左右|以上|以下|-\d")


def labelled_counts_verdict(completion: str, reference: str) -> bool | None:
    """Whether the completion's last sentence with digits gives the counts of a Chinese labelled-count key (see the
    module's notes); None where the reference is no such key or the completion has no sentence with digits."""
    if len(reference) > 120 or not _KEY_RE.fullmatch(reference):
        return None
    items = [(label, value) for label, value in _ITEM_RE.findall(reference)]
    tail = cjk_digits(completion[-1_500:])  # ("鸡有六只": 6)
    sentences = [s for s in _SENTENCE_RE.findall(tail) if re.search(r"\d", s)]
    if not sentences:
        return None
    sentence = sentences[-1]
    if not all(label in sentence for label, _ in items):  # ("鸡：6只\n兔：4只": the counts on lines of their own)
        sentence = "；".join(ln for ln in tail.strip().splitlines()[-len(items) :])
    if _NOT_A_COUNT_RE.search(sentence):  # "如果有6只鸡", "不是6只鸡", "鸡至少6只": no count stated
        return False
    placed = []
    for label, value in items:
        at = sentence.find(label)
        if at < 0:
            return False
        placed.append((at, value))
    said = _NUMBER_RE.findall(sentence)
    wanted = [value for _, value in sorted(placed)]
    return len(said) == len(wanted) and all(float(a) == float(b) for a, b in zip(said, wanted))
