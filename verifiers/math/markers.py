"""Answer markers: "The answer is ...", "Final Answer:", an answer heading with the answer on the next line, a bold
answer line, and the value each names (its first sentence, a block of display maths or list items after it); the
boxes' and markers' distinct values. :mod:`verifiers.math.extract` decides between them.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.boxes import Extraction
from verigrpo.verifiers.math.choices import option_lead_content
from verigrpo.verifiers.math.conclusions import concluded_otherwise
from verigrpo.verifiers.math.normalize import normalize
from verigrpo.verifiers.math.parts import numbered_lines
from verigrpo.verifiers.math.revisions import after_value_hedge, equiv_safe
from verigrpo.verifiers.math.sentences import (
    ANSWER_PLACE,
    FOREIGN_ANSWER_MARKERS,
    NOTE_RESTATES,
    RETRACTION_WORDS,
    VERDICT_RE,
    clean_answer,
    parses,
    sentence_answer,
    top_level_split,
    words,
)
from verigrpo.verifiers.math.spans import top_level_items
from verigrpo.verifiers.math.vocab import BETWEEN_VALUES_CONNECTIVES

_ANSWER_IS_RE = re.compile(
    # "The wrong answer is B", "This is not the final answer: 42", "Rejected answer: 42" name no answer
    r"(?<!wrong\s)(?<!incorrect\s)(?<!not\s)(?<!not\sthe\s)(?<!not\sa\s)(?<!not\smy\s)(?<!rejected\s)"
    r"(?<!不是)(?<!不是最终)(?<!不是正确)(?<!not\sthe\sfinal\s)(?<!rejected\sfinal\s)"
    # a plan's step that says what to do ("5. **Give the final answer:**", "State the answer:"), not what it is
    r"(?<!give\sthe\sfinal\s)(?<!give\sthe\s)(?<!state\sthe\sfinal\s)(?<!state\sthe\s)(?<!provide\sthe\sfinal\s)"
    # ("the best option is D) 120000 litres", "the best answer choice is A) 30", "the correct one is A).")
    # ("Final: 300", a line that labels the final value)
    r"(?:(?:final\s+answers?|the\s+answers?|answers?|(?<![\w-])final(?=(?:\s*\*\*)?\s*[:：])|"
    r"(?:(?:correct|right|my|the|final|best)\s+)+(?:answer\s+)?"
    r"(?:option|choice|one)|(?:the\s+)?correct\s+(?:options|choices|answers|statements)(?=\s+are\b))"
    r"(?:\s+to\s+(?:this|the)\s+(?:question|problem))?(?:\s*\*\*)?"
    # "Final Answer - 25", "gives a final answer of 41", "the correct options are (A) and (C)"
    # (not a sentence about where the answer stands: "The final answer is presented in a box as requested.")
    rf"\s*(?:(?:is|are){ANSWER_PLACE}|:|=|-(?=\s)|of(?=\s*[-−$\d]))"
    # the same marker in the languages models answer in: 答案是 / 答案为 / 答案：, Ответ:, ...
    rf"|{FOREIGN_ANSWER_MARKERS})"
    r"\s*[:：]?\s*(?:\*\*)?\s*([^\n]+)",
    re.I,
)
# an answer heading on a line of its own ("# Answer", "**Final Answer**", "Answer:"), the answer on the next
# non-empty line: that line is the answer, whatever verification lines ("Check: ...") come after it
_ANSWER_HEADING_RE = re.compile(
    # each blank run follows a required token, so a long run of blanks is read one way only (the former
    # "[ \t]*(?:\*\*)?[ \t]*" pairs split it every way: 20 s on 40k blanks)
    # (or a markdown heading "### Result", "## Final result": a section that gives the result, not a step's)
    r"^[ \t]*(?:(?:#{1,6}[ \t]*)?(?:\*\*[ \t]*)?(?:final[ \t]+)?answer|#{1,6}[ \t]*(?:\*\*[ \t]*)?(?:final[ \t]+)?results?)"
    r"[ \t]*(?:\*\*[ \t]*)?(?:[:：][ \t]*)?(?:\*\*[ \t]*)?\n"
    r"(?:[ \t]*\n)*[ \t]*([^\n]+)",
    re.I | re.M,
)
_LETTER_ONLY_RE = re.compile(r"(?<![ \t])[ \t]*\(?[A-J]\)?[ \t]*")  # "B, which is 3": the option, then its value
_INNER_DOLLAR_RE = re.compile(r"(?<!\\)\$")
_WHICH_IS_RE = re.compile(r",?\s+which\s+(?:is|are|was|were|equals)\s+", re.I)
_SENTENCE_END_RE = re.compile(r"(?<!\.)\.(?:\s|$)")


# where the sentence that holds an answer ends: its full stop, a clause of reason or result, or a note after it
_CLAUSE_END_RE = re.compile(
    # (?<!\s): a run of spaces is tried once, not from each of its positions (quadratic on 20k spaces)
    # (not the dots of an ellipsis: "2*7 + 3*6 + ... = 81")
    r"(?<!\.)(?<!\bi\.e)(?<!\be\.g)\.(?:\s|$)|,?(?<!\s)\s+(?:which|because|since|as|so|therefore|thus|where|unless|otherwise|else)\b"
    # an exclamation, not a factorial: after a decimal ("42.0!"), or after a number that ends the paragraph
    r"|(?<=\d\.\d)!|(?<=\.\d\d)!|(?<=\d)!(?=[ \t]*(?:\n|$))"
    r"|,\s*(?:not|rather than|instead of)\b"
    # a note after the value: "56 — 8 per row times 7 rows", "84 marbles; she gave away 16", "210 [3 steps]",
    # "7 and it occurs at n = 3" (not "x = 5; y = 3", "5; or 7", "[0, 1]")
    # (not a clause that restates or corrects it: "17 — that is, 19", "17; make that 19", "17 [revised: 19]")
    rf"|(?<![ \t])[ \t]+—[ \t]+(?!(?:{RETRACTION_WORDS}|no)\b|[\d$\\-])(?=[^\n]{{0,80}}?[A-Za-z]{{2}})"
    rf"(?![^\n]{{0,120}}?(?i:{NOTE_RESTATES}))"
    rf"|;[ \t]+(?!(?:and|or|but|so|then|hence|thus|therefore|no|{RETRACTION_WORDS})\b)(?=[a-z]{{2,}}\b)(?![^\n;]{{0,120}}=)"
    rf"(?![^\n]{{0,120}}?(?i:{NOTE_RESTATES}))"
    r"|(?<![ \t])[ \t]+\[(?=[^\]\n]{0,60}\b[a-z]{3,}\b)(?![^\]\n]{0,60}\\)"
    rf"(?![^\]\n]{{0,60}}?(?i:{NOTE_RESTATES}|{RETRACTION_WORDS}))"
    r"|(?<![ \t])[ \t]+and[ \t]+(?:it|this|that)[ \t]+(?=[a-z])"
    # Chinese full stop, semicolon, comma: "答案是12，不是13。" (not "7，或者10", nor the blanks' values "$3$，$-1$")
    r"|[。；]|，(?![ \t]*(?:或者?|还是|\$[ \t]*[-−]?[\d\\]))"
    r"|\((?=(?:since|because|as|which|that|from|by|using|via|rounded|in|where|for|with|not)\b|i\.e\.|e\.g\.)"
)


def _first_sentence(s: str, follow_which: bool = True) -> str:
    s = s.strip()
    if s.startswith("$"):
        if s.startswith("$$"):
            end = s.find("$$", 2) + 2
        else:  # the closing "$", not an escaped dollar sign: "$\\$5.50$"
            close = _INNER_DOLLAR_RE.search(s, 1)
            end = close.end() if close else 0
        # "$5$ or $6$", "$2$ and $3$": the sentence goes on with more answers, so it is not cut here
        # ("$5$ and the remainder is $2$", "$5$, and the remainder is $2$": a new clause, not a second value)
        clause = re.match(r"\s*(?:[,;]\s*(?:and\b)?|and\b)\s*(?:the|its|a|an)\b", s[end:])
        # (nor "$x = 7$ \\ $x = 10$": a line break between two values)
        if end > 1 and (clause or not re.match(rf"\s*(?:[,;，；、]|{BETWEEN_VALUES_CONNECTIVES}|或|和|\\\\)", s[end:])):
            return s[:end]
    m = _CLAUSE_END_RE.search(s)
    if m and re.match(r"that\s", s) and m.group().lstrip(",").strip() in ("which", "where"):
        # "that the value of x, which represents the area, is 6 units": the clause's own verb comes later
        after = _SENTENCE_END_RE.search(s, m.end())
        m = after if after is not None and re.search(r"\b(?:is|are|equals)\b", s[m.end() : after.start()]) else m
    if m:
        if _SELF_REJECTED_RE.search(s, m.start(), m.start() + 200):
            return s  # "12, which is wrong": the clause takes the value back; the whole sentence answers nothing
        aside = _RESTATING_ASIDE_RE.match(s, m.start())
        if aside is not None and _VALUE_ONLY_RE.fullmatch(aside.group(1)) and parses(aside.group(1)):
            if not equiv_safe(normalize(s[: m.start()]), normalize(aside.group(1))):
                return s  # "0.5 (i.e. \frac13)": the aside restates it as another value; the whole answers nothing
        which = _WHICH_IS_RE.match(s, m.start()) if follow_which else None
        if which is not None and not re.search(r"[\d$\\]", s[: m.start()]) and not _LETTER_ONLY_RE.fullmatch(s[: m.start()]):
            # "the new length of the piece of wood, which is 6.6 centimeters": a description, then its value (once)
            return _first_sentence(s[which.end() :], follow_which=False) if which.end() < len(s) else s
        s = s[: m.start()]
    return s


# an aside that restates the value: "(i.e. 0.5)", "(i.e., \frac12)"
_RESTATING_ASIDE_RE = re.compile(r"\(i\.e\.,?[ \t]*([^()\n]{1,60})\)")
_VALUE_ONLY_RE = re.compile(r"(?=[^\n]{0,60}?[\d\\])(?:\\[A-Za-z]+|[^A-Za-z\\]|[A-Za-z](?![A-Za-z]))+")  # no words
# a clause after the value that takes it back: "which is wrong", "since that was a mistake"
_SELF_REJECTED_RE = re.compile(
    r"\b(?:is|was|seems|looks)\s+(?:wrong|incorrect|false|not\s+(?:correct|right|the\s+answer))\b|\bmistake\b", re.I
)
# a line that is one bold value, or ends with one after a colon: "**28**", "Here is the result: **58**" (not a list
# item's, "* Extra hours: **5 hours**", nor a labelled step's, "**Total cost = €1800**")
_BOLD_LINE_RE = re.compile(
    r"^[ \t>]{0,8}(?:[^\n*\-•\d \t][^\n*]{0,120}[:：][ \t]{0,4})?\*\*[ \t]{0,3}([^*\n=]{1,60}?)[ \t]{0,3}\*\*[ \t]{0,3}[.!]?[ \t]{0,3}$",
    re.M,
)


def _bold_answer(window: str) -> Extraction | None:
    """The one value a completion without an answer marker sets in bold on a line of its own; None without one, or
    with several different ones (the last-number fallback reads on)."""
    found = [m for m in _BOLD_LINE_RE.finditer(window) if re.search(r"\d", m.group(1)) and parses(m.group(1))][-20:]
    values = [m.group(1) for m in found]
    if not values or len(_distinct(values)) > 1:
        return None
    # checked as a marked answer is: the text after it ("**72**\nSo the result is 70.", "**72 clips**\nOr,
    # equivalently, 70.")
    rest = window[found[-1].end() :]
    hedge = (after_value_hedge(rest, values[-1]) or concluded_otherwise(rest, values[-1])) if rest.strip() else None
    return Extraction(values[-1], "bold", hedge is not None, hedge)


_LINE_START_RE = re.compile(r"(?:^|\n)[ \t>*#_-]*$")  # only blanks or markdown between a line's start and here
# a marker's words that end their line on a word and a colon: they introduce what the next lines say (not "4:")
INTRODUCING_LINE_RE = re.compile(r"[^\n\d]{0,300}?[^\W\d_]{2}[ \t*_]*[:：][ \t*_]*(?:\n|\Z)")  # (no value of its own)


def _other_marked_answer(window: str, last: re.Match[str], value: str) -> str | None:
    """A reason when an earlier answer marker answers another value, with no word taking it back between them: one
    at most 300 characters before the last ("Answer: 3\nSo the answer is 4."), or one that starts its line as the
    last one does ("Final Answer: 3\n...\nFinal Answer: 4"); else None."""
    at_line_start = _LINE_START_RE.search(window[max(0, last.start() - 40) : last.start()]) is not None
    key = normalize(value)
    earlier: dict[str, re.Match[str]] = {}  # the last five markers of different texts (a loop says one thing once)
    for m in reversed(list(_ANSWER_IS_RE.finditer(window, max(0, last.start() - 3_000), last.start()))):
        earlier.setdefault(m.group(1).strip(), m)
        if len(earlier) == 5:
            break
    for m in earlier.values():
        if m.end() > last.start():
            continue
        # a marker close before the last one ("Answer: 3\nSo the answer is 4.", "Also, the answer is 4"), or one
        # that starts its line as the last one does; not a marker in far-off working ("the answer is 3 if ...")
        near = last.start() - m.end() <= 300
        if not near and not (at_line_start and _LINE_START_RE.search(window[max(0, m.start() - 40) : m.start()])):
            continue
        if _RETRACTION_BETWEEN_MARKERS_RE.search(window, m.end(), last.start()):
            return None  # "Answer: 3. Wait, I made an error. ... Answer: 4": the later one revises
        if INTRODUCING_LINE_RE.match(m.group(1)):
            continue  # "The most reliable answer is the one of the other four agents, which is:\n\nThe answer is 26"
        other = _marked_value(m.group(1))
        options = option_lead_content(other), option_lead_content(value)
        if all(options) and options[0][0] == options[1][0]:  # type: ignore[index]
            continue  # "Cavab: B) 5 ... Düzgün cavab B variantıdır.": one option, named twice
        if _short_text(other) and _short_text(value) and not _same_words(other, value):
            return "several different answers after answer markers"  # "Answer: No\nAnswer: Yes", "odd ... even"
        if words(other) or not (re.search(r"[\d$\\]", other) or _OPTION_ONLY_RE.fullmatch(other.strip())):
            continue  # not a value: "the answer is the one below"
        if (_OPTION_ONLY_RE.fullmatch(other.strip()) is None) != (_OPTION_ONLY_RE.fullmatch(value.strip()) is None):
            continue  # "The closest answer is $195. The answer is (D).": an option and the value it may stand for
        if other and parses(other) and not _equiv_safe(normalize(other), key):
            return "several different answers after answer markers"
    return None


# one or two words that could be an answer in words ("Yes", "odd", "Paris", "not possible"), not words that point
# elsewhere ("the one below", "this")
_SHORT_TEXT_RE = re.compile(r"[*_ \t]*([A-Za-z]+(?:[ -][A-Za-z]+)?)[*_ \t]*[.!]?[ \t]*")
_POINTING_RE = re.compile(r"\b(?:the|this|that|these|those|one|below|above|following|same|previous|next|it|as|simple|clear)\b", re.I)


def _short_text(s: str) -> bool:
    """``s`` is one or two words that may be an answer in words (:data:`_SHORT_TEXT_RE`)."""
    m = _SHORT_TEXT_RE.fullmatch(s)
    return m is not None and _POINTING_RE.search(m.group(1)) is None


def _same_words(a: str, b: str) -> bool:
    """Two short texts name the same words, whatever their case, emphasis and final stop ("yes." and "**Yes**")."""
    def key(s: str) -> str:
        m = _SHORT_TEXT_RE.fullmatch(s)
        return (m.group(1) if m else s).lower()

    return key(a) == key(b)


def _marked_value(stated: str) -> str:
    """The value a marker's text states, through the markers inside it ("Answer: The final answer is $5$." -> "$5$")."""
    for _ in range(3):
        inner = _ANSWER_IS_RE.search(stated)
        if inner is None or VERDICT_RE.match(inner.group(1)):
            break
        stated = inner.group(1)
    return sentence_answer(clean_answer(_first_sentence(clean_answer(stated))))


_OPTION_ONLY_RE = re.compile(r"\(?[A-J]\)?\.?")
_RETRACTION_BETWEEN_MARKERS_RE = re.compile(
    rf"\b(?:{RETRACTION_WORDS}|re-?check\w*|double-check\w*|reali[sz]e[ds]?|error|recalculat\w*|reconsider\w*)\b", re.I
)
# a markdown list item: "- 5", "* 5", "+ 5", "• 5", "1. 5", "2) 5"
_LIST_ITEM_RE = re.compile(r"[ \t]{0,8}(?:[-*+•]|\d{1,2}[.)])[ \t]+(?=\S)")
_DISPLAY_OPEN_RE = re.compile(r"[ \t]{0,8}(\$\$|\\\[)[ \t]{0,8}\Z")


def _block_after(window: str, marker: int, start: int) -> tuple[str, str | None] | None:
    """The answer a marker puts on the lines under it, when the marker's own line ends at it: a display block opened
    on its own line ("**Final Answer**\n$$\n\frac12\n$$": its content), a markdown list ("Answer:\n1. 12": the
    item, "- 5" no minus; several items with other values are a hedge). None when the answer is on the marker's line
    or the lines under it are neither. ``marker``: where the marker starts; ``start``: where its value does."""
    line_start = window.rfind("\n", 0, start) + 1
    if line_start <= marker or window[line_start:start].strip():
        return None  # the value starts on the marker's own line
    lines = window[start : start + 2_000].split("\n")
    opened = _DISPLAY_OPEN_RE.match(lines[0])
    if opened is not None:
        close = "$$" if opened.group(1) == "$$" else "\\]"
        body: list[str] = []
        for line in lines[1:20]:
            if line.strip().startswith(close):
                content = " ".join(b.strip() for b in body if b.strip())
                return (content, None) if content else None
            body.append(line)
        return None
    bare = []
    for line in lines[:12]:
        if line.strip():
            if _BARE_NUMBER_LINE_RE.fullmatch(line) is None:
                break
            bare.append(line.strip().rstrip("."))
    if len(bare) > 1 and len(_distinct(bare)) > 1:  # "Final answer:\n\n5\n\n6": a value on each of two lines under the marker
        return bare[-1], "several values on the lines under the answer marker"
    parts = numbered_lines(lines)
    if parts is not None:  # "So the final answer is:\n\n(Ⅰ) a_n = 2n\n\n(Ⅱ) T_n = n/(n+1)": one answer in parts
        return parts, None
    if _LIST_ITEM_RE.match(lines[0]) is None:
        return None
    items = []
    for line in lines[:20]:
        item = _LIST_ITEM_RE.match(line)
        if item is None:
            break
        items.append(line[item.end() :].strip())
    distinct = _distinct(items)
    if len(distinct) > 1 and _LABELLED_ITEM_RE.fullmatch(items[0]):
        names = [m.group(1) for m in (_LABELLED_ITEM_RE.fullmatch(x) for x in items) if m]
        if len(names) == len(items) and len(set(names)) == len(names):
            return ", ".join(items), None  # "- x = 5\n- y = 6": one answer in parts, each named
    if len(distinct) > 1:
        return items[-1], "several items listed under the answer marker"
    return items[0], None


_BARE_NUMBER_LINE_RE = re.compile(r"[ \t*$]*-?\d[\d,]*(?:\.\d+)?[ \t*$.]*")
_LABELLED_ITEM_RE = re.compile(r"\$?[ \t]{0,4}([A-Za-z](?:_\{?\w{1,4}\}?)?)[ \t]{0,4}=[^=\n]{1,200}")


def _marker_values(window: str, before: int | None = None) -> list[str]:
    """The values every answer heading and "the answer is" marker of ``window`` states (those that start before
    ``before`` when given), each its first sentence, empty ones left out."""
    found = [*_ANSWER_HEADING_RE.finditer(window), *_ANSWER_IS_RE.finditer(window)]
    values = [clean_answer(_first_sentence(clean_answer(x.group(1)))) for x in found if before is None or x.start() < before]
    return [v for v in values if v]


def _heading_answer(window: str, heading: re.Match) -> Extraction:
    """The line under the last answer heading; a hedge when an earlier heading or "the answer is"
    gives a different answer (two answers after markers are two answers, whichever came last)."""
    ans = clean_answer(_first_sentence(clean_answer(heading.group(1))))
    distinct = _distinct(_marker_values(window) + [ans])
    if len(distinct) > 1:
        return Extraction(ans, "answer_is", True, "several different answers after answer markers", tuple(distinct))
    value = sentence_answer(ans)
    # the text after the heading's line, as after any answer: "### Final Answer\n72\n\nWait, ... Total = 70."
    at = heading.start(1) + len(heading.group(1)) - len(heading.group(1).lstrip())  # (where the value's line starts)
    line_end = window.find("\n", at)
    rest = window[line_end:] if line_end >= 0 and value else ""
    hedge = (after_value_hedge(rest, value) or concluded_otherwise(rest, value)) if rest.strip() else None
    return Extraction(value, "answer_is", hedge is not None, hedge)


# a bound: an inequality sign and no "=" ("N \ge 4302", "x < 5")
_BOUND_RE = re.compile(r"\\(?:geq?|leq?|geqslant|leqslant|gt|lt)(?![A-Za-z])|[<>≤≥]")


def _chain_end(answer: str) -> str:
    """What a one-line answer's last top-level "=" sets it to ("\\lim ... = 2e^{-2}" -> "2e^{-2}"); the answer itself
    when it has none or is lines of working."""
    parts = top_level_split(answer) if "=" in answer and "\n" not in answer.strip() else None
    return parts[-1].strip() if parts and len(parts) > 1 else answer


def _is_bound(box: str) -> bool:
    return _BOUND_RE.search(box) is not None and "=" not in _BOUND_RE.sub("", box)


def gathers_boxes(boxes: list[str]) -> bool:
    """The last of ``boxes`` lists the values of all the boxes before it, each once, as one answer ("(a) \\boxed{3} (b)
    \\boxed{5}. Final answers: \\boxed{5, 3}"): that last box is the answer, with its order."""
    earlier = {normalize(b) for b in boxes[:-1]}
    last = boxes[-1].strip()
    if last.startswith("(") and last.endswith(")") and len(top_level_items(last)) == 1:
        last = last[1:-1]  # "\\boxed{(3,5)}": the parts' values as a tuple
    items = [normalize(x) for x in top_level_items(last)]
    return len(boxes) >= 3 and len(items) == len(earlier) == len(boxes) - 1 and set(items) == earlier


def _distinct(boxes: list[str]) -> list[str]:
    """The different answers among ``boxes``, normalised. A bound boxed before a last box that is no bound is a step
    ("\\boxed{N\\ge 4302}" then "\\boxed{4302}"), not another answer; a chain boxed before is the value it ends with
    ("\\boxed{\\lim ... = 2e^{\\pi/2-2}}" then "\\boxed{2\\exp(\\pi/2-2)}")."""
    last_bounds = _is_bound(boxes[-1])
    keys: list[str] = []
    for b in boxes:
        if not last_bounds and b is not boxes[-1] and _is_bound(b):
            continue
        nb = normalize(b)
        if nb in keys:
            continue
        if any(_equiv_safe(nb, k) for k in keys):
            continue
        if ("=" in nb or any("=" in k for k in keys)) and any(_equiv_safe(_chain_end(nb), _chain_end(k)) for k in keys):
            continue
        keys.append(nb)
    return keys


_equiv_safe = equiv_safe


def _clean_value(s: str) -> str:
    """A value written after a box, without what ends its clause: "34." -> "34", "3\\sqrt{2} \\)" -> "3\\sqrt{2}";
    the words after it ("12, 12 being the answer") dropped when it starts with a plain number."""
    s = re.sub(r"\\\)|\$", " ", s).strip().rstrip(".,;")
    plain = re.match(r"-?\d+(?:\.\d+)?(?=\s+[A-Za-z]{2,}|\s*$)", s)
    return plain.group() if plain else s


def _first_two_distinct(answers: list[str]) -> list[str]:
    """The first answer and the first that differs from it (at most one comparison per answer, so 40 heavy answers
    cost 39 comparisons, not 780); the first alone when all agree."""
    if not answers:
        return []
    first = normalize(answers[0])
    for other in answers[1:]:
        key = normalize(other)
        if key != first and not _equiv_safe(key, first):
            return [first, key]
    return [first]


def labels_the_response(text: str, window: str, m: re.Match[str]) -> bool:
    """The answer marker ``m`` (matched in ``window``, the end of ``text``) opens the whole response, and its first
    sentence is only the first step of the working: prose whose last number the working after it computes with
    ("Answer: Pam rode the roller coaster 2 times, so she used 2 * 6 = 12 tickets. ... Pam used 12 + 12 = 24
    tickets ..."). An answer stated first and explained after ("Answer: Natalia sold 48 + 24 = 72 clips. In April
    she sold 48 clips.") is never computed with again."""
    if text[: len(text) - len(window) + m.start()].strip(" \t\n*#>_"):
        return False  # (a marker after working labels the value that ends it)
    body = m.group(1).lstrip()
    first = re.split(r"(?<=[.!?])\s+|\n", body, maxsplit=1)[0]
    numbers = re.findall(r"(?<![\d.,])\d[\d,]*(?:\.\d+)?(?![\d,]*\d)", first)
    if "\\" in first or len(re.findall(r"[^\W\d_]{3,}", first)) < 2 or not numbers:  # (prose, not maths)
        return False
    last = re.escape(numbers[-1].rstrip(".,"))
    after = window[m.end(1) - len(body) + len(first) :]
    for step in re.split(r"(?<=[.!?])\s+|\n", after):
        if "=" in step and re.search(rf"(?<![\d.,]){last}(?![\d,]*\d|\.\d)", step[: step.rindex("=")]):
            return True  # ("Pam used 12 + 12 = 24 tickets": the first sentence's 12 computed with)
    return False
