"""Extraction, values quoted from elsewhere after the answer: an answer key, a book, a hint, other sources, the
original problem, a label of the problem or of the run (:data:`ATTRIBUTED_TAIL_RE`). The text is read without such a
tail (:func:`without_attributed_tail`), whatever rule then reads its answer: "So she sold 70 clips. Hint from the
book: \\boxed{72}." answers 70.
"""

from __future__ import annotations

import re

# the end of a text that quotes a value from elsewhere, after the answer: an answer key, a book, a hint, other
# sources, the original problem ("(Hint: the answer key says 72.)", "Some sources say 72.", "[Expected: 72]", ", though
# the book lists 72.", "(в ответе учебника 72)"), or a label of the problem or of the run ("— Problem 72", "Time: 72 s")
_SOURCE_WORDS = (
    r"(?:answer[ \t]+key|(?:the|my|our)[ \t]+(?:text)?book|textbook|expected|hint|reference[ \t]+answer|official[ \t]+answer"
    r"|original[ \t]+(?:problem|question)|solution[ \t]+manual|(?:the[ \t]+)?key[ \t]+(?:says|gives|lists)|в[ \t]+ответе|учебник\w*"
    r"|book['’]s[ \t]+answer|answer[ \t]+given[ \t]+in[ \t]+the[ \t]+book|workbook|source[ \t]*:)"
)
ATTRIBUTED_TAIL_RE = re.compile(
    # (a box or a value on its own line before the bracket: "$\boxed{72}$ (from the answer key)")
    rf"(?:(?:\n[ \t]*\$?\\boxed[ \t]*\{{[^{{}}\n]{{1,40}}\}}\$?)?(?<![ \t])[ \t]*[(\[][^()\[\]\n]{{0,200}}\b{_SOURCE_WORDS}[^()\[\]\n]{{0,200}}[)\]]"
    r"|(?<=[.!])[ \t]+(?:some|other|many)[ \t]+(?:sources|people|references|books|solutions)[ \t]+(?:say|claim|give|list|report)"
    r"[^\n]{0,100}"
    rf"|(?<![ \t]),?[ \t]+(?:though|although|but|while|whereas|versus|vs\.?|compared[ \t]+(?:to|with))[ \t]+(?:the[ \t]+)?(?:[^\n,]{{0,40}}?)"
    rf"{_SOURCE_WORDS}[^\n]{{0,100}}"
    r"|\n[ \t]*(?:—|--?)?[ \t]*(?:problem|question|exercise|task)[ \t]*#?[ \t]*\d{1,6}[ \t]*"
    r"|\n[ \t]*(?:time|elapsed|runtime|duration)[ \t]*:[ \t]*\d[^\n]{0,20}"
    # a last sentence or line that opens with the source it quotes: "The reference answer is 72.", "The answer key:
    # #### 72", "Hint from the book: \boxed{72}", "*Source: Grade 3 workbook, question 72.*"
    # ("Reference: \boxed{72}", "Ground truth: 72", "Solution key: 72", "Expected: 72", "Previous attempt: \boxed{72}",
    # "Example format: \boxed{72}"; not "Expected value: 72", a mean)
    r"|(?:(?<=[.!])[ \t]+|\n[ \t]*|\A[ \t]*)[*_]*(?:the[ \t]+)?(?:reference[ \t]+answer|answer[ \t]+key|official[ \t]+answer"
    r"|hint[ \t]+from|source[ \t]*:|(?:reference|ground[ \t-]+truth|solution[ \t]+key|expected(?:[ \t]+(?:answer|output|result))?"
    r"|gold(?:[ \t]+answer)?|previous[ \t]+(?:attempt|answer|try)|(?:example|sample)(?:[ \t]+(?:format|output|answer))?"
    r"|(?:format|output)[ \t]+(?:example|sample)|placeholder|(?:(?:your|the)[ \t]+answer[ \t]+)?should[ \t]+look[ \t]+like"
    r"|(?:text)?book[ \t]+answer|official[ \t]+(?:solution|answer)|template|参考答案|标准答案|標準答案|參考答案"
    r"|(?:boxed|written)[ \t]+for[ \t]+the[ \t]+(?:grader|checker|parser))[*_]*[ \t]*[:：]"
    # ("The book says 72.", "My friend got \boxed{72}.", "Don't write \boxed{72}.", "e.g. \boxed{72}")
    # ("A classmate wrote \boxed{72}.", "Someone online posted 72.", "The solutions manual lists 72.", "Bob's answer was
    # 72.", "Ignore \boxed{72}.")
    r"|(?:(?:the|my|our|a|an)[ \t]+(?:(?:text)?book|teacher|tutor|friend|classmate|student|user|commenter|website|forum"
    r"|solutions?[ \t]+manual|key|answer[ \t]+key)|someone(?:[ \t]+(?:else|online))?|somebody(?:[ \t]+else)?)"
    r"[ \t]+(?:says|said|gives|gave|got|gets|lists|listed|has|had|wrote|writes|posted|posts|reported|reports|suggested"
    r"|suggests|answered|claims|claimed)\b"
    r"|(?-i:[A-Z][a-z]{1,15})['’]s[ \t]+(?:answer|guess|attempt|claim)[ \t]+(?:was|is)\b"
    r"|(?:don['’]?t|do[ \t]+not|never)[ \t]+(?:write|answer|put)\b|(?:ignore|disregard)[ \t]+(?=[$\\\d(])|e\.g\.)[^\n]{0,100})"
    r"[.!]?\s*\Z",
    re.I,
)


def without_attributed_tail(text: str) -> str:
    """``text`` without a closing value quoted from elsewhere (:data:`ATTRIBUTED_TAIL_RE`), when a number comes before
    it (the completion's own answer), or when it is the whole text and quotes one value ("Template: Final answer: 72",
    "A classmate wrote \\boxed{72}. I'm not convinced.": no answer of its own; not "My friend claims the answer is 6.
    I disagree; I get 5."); else ``text`` as it is."""
    cut = max(0, len(text) - 600)
    tail = ATTRIBUTED_TAIL_RE.search(text, cut)
    if tail is None:
        return text
    if re.search(r"\d", text[max(0, tail.start() - 400) : tail.start()]):
        return text[: tail.start()]
    if text[: tail.start()].strip():
        return text
    quoted = re.search(r"\d", tail.group())
    said = _SENTENCE_END_RE.search(tail.group(), quoted.end()) if quoted is not None else None
    return text if said is not None and re.search(r"\d", tail.group()[said.end() :]) else text[: tail.start()]


_SENTENCE_END_RE = re.compile(r"[.!?;](?=\s)")
