"""Extraction, a closing check: an output that never finished, so that an answer stated in it was never committed.

- **A loop cut off by the length cap.** The text ends in a run of at least :data:`MIN_LOOP` lines (or sentences) that
  open with the same three words ("I will write the response." forty times, "I will make sure the response is
  checked." / "... is verified." / ...), and its last line breaks off inside the loop ("I will make"). A degenerate
  loop that only the token cap stopped is no finished output: a "Final Answer: 2" drafted before it is not paid, or a
  policy learns that rambling to the cap after an answer costs nothing. (A loop that ends on a finished line is read
  as it stands.)
- **A response announced and never written.** The text announces the response it is about to write ("I will formulate
  the response.", "Now I'll write the final answer.", "Let me put together the final answer.") and then states no
  answer (no box, marker or bold value) and breaks off (no closing punctuation: "... In May she sold"), or ends
  there: what it stated before is a draft of that response, which never came.

An enumeration that ends on its answer ("The number of ways for n = 12 is 144.") ends on a finished line, and a
completion that states its answer and then stops is read as it stands.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.boxes import _last_match
from verigrpo.verifiers.math.cjk import CJK_LETTERS

MIN_LOOP = 10  # lines or sentences in the run: a list of cases is rarely this long with the same three opening words
_TAIL = 6_000  # characters read from the end
_SEGMENT_RE = re.compile(r"\n|(?<=[.!?])[ \t]+|(?<=[。！？、，])")  # (Chinese and Japanese put no space after a stop)
_WORD_RE = re.compile(r"\w+")
_FINISHED_END_RE = re.compile(r"[.!?。！？)\]}$*`'\"]\s*\Z")
# the response announced: "I will formulate the response", "Now I'll write the final answer", "Let me write up the
# solution", "I'll draft the final response now"
_ANNOUNCED_RE = re.compile(
    r"\b(?:i[ \t]+(?:will|shall|can)|i['’]ll|i['’]m[ \t]+going[ \t]+to|i[ \t]+am[ \t]+going[ \t]+to|let[ \t]+me|let['’]s"
    r"|now[ \t]+i[ \t]+(?:will|can)|time[ \t]+to)[ \t]+(?:now[ \t]+)?"
    r"(?:write|formulate|draft|compose|structure|prepare|output|produce|type|present|put[ \t]+together|give|state)"
    r"(?:[ \t]+(?:up|out|down))?[ \t]+"
    r"(?:the|my|a|our)[ \t]+(?:final[ \t]+)?(?:response|answer|solution|reply|explanation|write-?up)\b"
    # ("Okay, writing the response now.")
    r"|\b(?:writing|drafting|formulating|composing|preparing)[ \t]+(?:up[ \t]+)?(?:the|my)[ \t]+(?:final[ \t]+)?"
    r"(?:response|answer|solution|reply)\b",
    re.I,
)
# an answer stated in the response: a box, a GSM8K mark, an answer marker, a bold value ("**72**")
_ANSWER_STATED_RE = re.compile(
    r"\\boxed|####|\b(?:answer|result|solution|option|choice)\b[^\n]{0,20}?(?:\bis\b|[:：=])|\*\*[^*\n]{0,40}\d[^*\n]{0,40}\*\*"
    r"|答案|ответ|réponse|respuesta|antwort",
    re.I,
)


def never_finished(text: str, answer: str) -> str | None:
    """Why the output never finished (see the module's notes), or None where it did. A loop of the answer's own
    statement ("Jibu ni: 40" over and over, ``answer`` 40) says it again and again: that answer stands."""
    tail = text[-_TAIL:]
    looped = _looped_to_cap(tail)
    if looped is not None and not _states_answer(looped, answer.strip()):
        return "the output loops until it is cut off"
    end = tail.rstrip()
    announced = _last_match(_ANNOUNCED_RE, end[-1_500:])
    if announced is None:
        return None
    after = end[-1_500:][announced.end() :]
    if _ANSWER_STATED_RE.search(after):  # "I will write the final answer.\n\n**Answer: 72**": it wrote it
        return None
    if not after.strip(" \t\n.") or not _FINISHED_END_RE.search(after[-40:]):
        # "... I will formulate the response.\n\nIn April, Natalia sold 48 clips. In May she sold": cut off in it
        return "the output breaks off in the response it announced"
    return None


def _states_answer(line: str, answer: str) -> bool:
    """A looped line that states the answer ("Jibu ni: 40", "The answer is 40.", "Đáp án cần chọn là: B. 21 ."): a
    marker, a few words, or the answer ending it; not a fact of the problem that holds its number ("整備士は$40請求しま
    す。": the mechanic charges $40)."""
    if answer not in line:
        return False
    return (
        _ANSWER_STATED_RE.search(line) is not None
        or len(_WORDS_RE.findall(line.replace(answer, " "))) <= 3
        or line.rstrip(" \t.。!*").endswith(answer)
    )


_WORDS_RE = re.compile(rf"[{CJK_LETTERS}]|[^\W\d_{CJK_LETTERS}]+")  # (a Chinese or Japanese character is a word to count)


def _looped_to_cap(tail: str) -> str | None:
    """The line (or the two lines) a loop at the end repeats, where the loop runs to a cut (None where there is none):
    one line over and over, or two in turn ("He sells 20 pounds, / 20*10 = 200 dollars." ...)."""
    segments = [s.strip() for s in _SEGMENT_RE.split(tail.rstrip())]
    segments = [s for s in segments if s]
    if len(segments) <= MIN_LOOP:
        return None
    last, body = segments[-1], segments[:-1]
    heads = [_head(x) for x in body[-3 * MIN_LOOP :]]
    for period in (1, 2):
        if not heads[-1] or len(heads) <= period:
            continue
        run = 0
        for k in range(len(heads) - 1 - period, -1, -1):
            if heads[k] != heads[k + period]:
                break
            run += 1
        if run + period < MIN_LOOP:
            continue
        expected = body[-period]  # the line the cycle goes on with
        # (cut inside that line, or after a comma: "渋滞の5分間を走り、" then nothing)
        cut = (not _FINISHED_END_RE.search(last) and len(last) < len(expected)) or last.endswith(("、", "，", ","))
        head = _head(expected)
        if cut and (_head(last) == head or head.startswith(_head(last))):
            return " ".join(body[-period:])  # (the whole cycle: "Đáp án cần chọn là: B." "21 .")
    return None


def _head(segment: str) -> str:
    return " ".join(_WORD_RE.findall(segment.lower())[:3])
