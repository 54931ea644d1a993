"""Values a completion shows after its answer in machine-like blocks: the total or the answer of a table, a field of
JSON, YAML, XML or a key-value line, a program's last line or printout, a tool's response.

Written after the answer, a different value there is a second answer, whatever the prose said: "#### 72\\n\\n|
Total | 70 |", "\\boxed{72}\\n\\n```json\\n{\\"total\\": 70}\\n```", "The answer is 72.\\n\\n```\\n>>> 48 + 22\\n70\\n```",
"<tool_response>70</tool_response>", "answer: 72\\nalternative: 70". Two readers:

- :func:`shown_values` reads the fields whose name says they hold an answer, a result, a total, a check or another
  answer, wherever the text after the answer writes them (a table's other rows and columns, "| April | 48 |", and a
  program's code are no values of the answer);
- :func:`new_values_shown` reads any field, element, cell or printed line of the block that ends the text, and keeps
  those the working before the answer never wrote: a block that lays out the working shows its numbers, one that
  shows a number the working never had gives another value.

Also here: the block that ends a text (:func:`trailing_block`), the prose's conclusion right before it
(:func:`prose_concludes_before_block`), a unit written apart from its number (:func:`unit_apart`), and the answer's
own line going on to another number (:func:`new_value_ends_line`: "\\boxed{72}, really 70.").
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.layout import equiv_safe
from verigrpo.verifiers.math.negations import FOREIGN_NOT, NOT_BEFORE
from verigrpo.verifiers.math.normalize import normalize
from verigrpo.verifiers.math.roundings import APPROXIMATELY_RE
from verigrpo.verifiers.math.wordlists import CHECK_KEYS

# a value as a field, a cell or a printout writes it: a number (thousands commas, a decimal, a fraction), a LaTeX
# fraction, a short maths span
_VALUE = (
    r"-?\d{1,3}(?:,\d{3}){1,5}(?:\.\d{1,10})?(?![\d,])|-?\d{1,15}(?:\.\d{1,10})?(?:/\d{1,6})?(?![\d,/]|\.\d)"
    r"|\\d?frac\{-?\d{1,6}\}\{\d{1,6}\}|\$[^$\n=<>≤≥≠]{1,40}\$"  # (a span that states a relation is a check, no value)
)
# a field's name that holds an answer, a result or a total, or another answer offered beside one ("answer",
# "final_answer", "result", "total", "Output", "alternative", "answer_alt", "grand total"; not "value", "count",
# "april", "confidence")
_KEY = (
    r"(?:final[ _-]?|correct[ _-]?)?(?:answer|result|total|sum|output)s?"
    r"(?:[ _-]?(?:alt|alternative|other|2|b|final))?"
    r"|alt(?:ernative)?s?(?:[ _-]?answers?)?|(?:other|second|backup)[ _-]?(?:answer|result|value)s?|grand[ _-]?total"
    r"|final|ans"
    # the answer checked, corrected or summed up again under a label: "Double-checking: 70.", "Sanity check: 70",
    # "Verified: 70", "Bottom line: 70", "Summary: 70", "second_guess: 70"
    rf"|{CHECK_KEYS}|bottom[ _-]line|summary|tl;?[ _]?dr|recap|conclusion|in[ _]short|verdict"
)
# a line that is one field: "answer: 72", "- Alternative: 70", "**Total:** 70", "Output: 70", "Check gives 70 ✓" (not a
# program's "total = 48", a variable that may change: only a program's last line counts, :func:`_printed`)
_FIELD_LINE_RE = re.compile(
    # (at the start of a line, after a sentence, or after another field on the line: "answer: 72, alt: 70")
    # ("Sanity check gives 70 ✓": a verb in the colon's place, a tick after the value)
    rf"(?im)(?:^[ \t>*_-]{{0,6}}|(?<=[.!?,;])[ \t]{{1,4}}|(?<=[,;]))[\"'`]?({_KEY})[\"'`]?[ \t*_]{{0,3}}"
    rf"(?:[:：]|(?<=[\w*_])[ \t]+(?:gives|yields|shows|returns|says|confirms))[ \t*_]{{0,3}}[\"'`]?({_VALUE})[\"'`]?[ \t*_]{{0,3}}"
    r"[,;.]?[ \t]{0,4}[✓✔]?[ \t]{0,4}(?:#[^\n]{0,80})?$"
)
# a field of a JSON object or a dict: {"total": 70}, {'result': 70, ...}
_JSON_FIELD_RE = re.compile(rf"(?i)[{{,][ \t\n]{{0,20}}[\"']({_KEY})[\"'][ \t]{{0,3}}:[ \t]{{0,3}}[\"']?({_VALUE})[\"']?(?=[ \t\n]{{0,20}}[,}}])")
# a program's printout or a tool's answer that ends the text: "<tool_response>70</tool_response>", "<output>70
# </output>", "<details><summary>Answer</summary>70</details>", an IPython "Out[1]: 70"
_TAGGED_OUTPUT_RE = re.compile(
    rf"<(tool_response|output|result|observation|details)>(?:[ \t\n]{{0,4}}<summary>[^<>\n]{{0,40}}</summary>)?"
    rf"[ \t\n]{{0,4}}({_VALUE})[ \t\n]{{0,4}}</\1>[ \t\n]*\Z",
    re.I,
)
# a program's last line that sets its answer (cleaning renames "answer = 70" in code to "value = 70")
_CODE_VALUE_RE = re.compile(rf"[ \t]*(?:value|answer|result)[ \t]*=[ \t]*({_VALUE})[ \t]*")
# an answer's element of XML, and the items listed under an alternatives key of YAML ("alternatives:\n  - 70")
_XML_FIELD_RE = re.compile(rf"(?i)<({_KEY})>[ \t\n]{{0,4}}({_VALUE})[ \t\n]{{0,4}}</\1>")
_LISTED_ALTERNATIVES_RE = re.compile(
    rf"(?im)^[ \t-]{{0,6}}(?:alt(?:ernative)?s?|others?|other[ _]answers|candidates)[ \t]*:[ \t]*\n((?:[ \t]*-[ \t]*(?:{_VALUE})[ \t]*(?:\n|\Z)){{1,10}})"
)
_IPYTHON_OUT_RE = re.compile(rf"(?m)^[ \t]*Out\[\d{{1,4}}\]:[ \t]{{0,4}}({_VALUE})[ \t]*$")
# a code block that ends the text, and what its last lines print: an interactive session's result (">>> 48 + 22\n70")
_LAST_FENCE_RE = re.compile(r"```[A-Za-z]{0,12}[ \t]*\n([^`]{1,1500})\n[ \t]*```[ \t\n]*\Z")
_VALUE_LINE_RE = re.compile(rf"[ \t]*({_VALUE})[ \t]*")
_TABLE_ROW_RE = re.compile(r"[ \t]*\|[^\n]*\|[ \t]*")
_SEPARATOR_ROW_RE = re.compile(r"[ \t]*\|(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*")
# a table row that names the answer or its total (not a check's row: "| Answer | 6 |\n| Check | 5 |" answers 6)
_KEY_CELL_RE = re.compile(r"(?i)(?<![ \t*_])[ \t*_]*(?:the[ \t]+)?(?:final[ \t_-]+|correct[ \t_-]+)?(?:answer|result|total|sum|grand[ \t_-]+total|alt(?:ernative)?s?)[ \t*_:]*")
# a column whose every cell is an answer (not "Result", a step's result, nor "Total", a running one)
_ANSWER_COLUMN_RE = re.compile(r"(?i)[ \t*_]*(?:final[ \t_]+)?answers?[ \t*_:]*")

_MAX_TAIL = 2_000


def shown_values(tail: str) -> list[str]:
    """The values ``tail`` (the text after an answer, to the end of the output) shows in answer fields, a trailing
    table's answer cells or total row, or a program's or tool's printout at its end; [] for a long tail (a later
    block there belongs to other work) or one with none."""
    if len(tail) > _MAX_TAIL or not re.search(r"[|:=<`]|\b(?:gives|yields|shows|returns|says|confirms)\b", tail):
        return []
    out = [m.group(2) for m in _FIELD_LINE_RE.finditer(tail)]
    block = trailing_block(tail) if any(c in tail for c in "{<") else ""  # (not an example in a sentence: "(Put the
    out += [m.group(2) for m in _JSON_FIELD_RE.finditer(block)] if "{" in block else []  # answer in tags like
    out += [m.group(1) for m in _IPYTHON_OUT_RE.finditer(tail)]  # <answer>5</answer>.)")
    out += [m.group(2) for m in _XML_FIELD_RE.finditer(block)] if "</" in block else []
    for listed in _LISTED_ALTERNATIVES_RE.finditer(tail):
        out += [m.group(1) for m in re.finditer(rf"-[ \t]*({_VALUE})", listed.group(1))]
    tagged = _TAGGED_OUTPUT_RE.search(tail) if "</" in tail else None
    if tagged is not None:
        out.append(tagged.group(2))
    fence = _LAST_FENCE_RE.search(tail) if "```" in tail else None
    if fence is not None:
        out += _printed(fence.group(1).split("\n"))
    if "|" in tail:
        out += _table_values(tail.rstrip().split("\n"))
    return [v.strip("$ ") for v in out]


def _printed(lines: list[str]) -> list[str]:
    """What a code block shows as its result: the line after an interactive prompt's last input (">>> 48 + 22\\n70"),
    the block's one line when it is a value alone, or its last line when that sets the answer ("answer = 70")."""
    lines = [line for line in lines if line.strip()]
    if not lines:
        return []
    assigned = _CODE_VALUE_RE.fullmatch(lines[-1])
    if assigned is not None:
        return [assigned.group(1)]
    last = _VALUE_LINE_RE.fullmatch(lines[-1])
    if last is None:
        return []
    if len(lines) == 1 or lines[-2].lstrip().startswith((">>>", "...", "In [")):
        return [last.group(1)]
    return []


def _table_values(lines: list[str]) -> list[str]:
    """The answer cells of the table that ends ``lines``: every cell under an "Answer" header, and the last cell of
    a row headed "Total", "Answer", "Result" or "Final answer"."""
    rows: list[list[str]] = []
    for line in reversed(lines):
        if not _TABLE_ROW_RE.fullmatch(line):
            break
        rows.append(line.strip().strip("|").split("|"))
    rows.reverse()
    if len(rows) < 2 or len(rows) > 40:
        return []
    header = rows[0] if _SEPARATOR_ROW_RE.fullmatch("|" + "|".join(rows[1]) + "|") else None
    body = rows[2:] if header is not None else rows
    out = []
    if header is not None:
        for k, cell in enumerate(header):
            if _ANSWER_COLUMN_RE.fullmatch(cell):
                out += [m.group(1) for r in body if k < len(r) for m in [_VALUE_LINE_RE.fullmatch(r[k].strip(" \t*_"))] if m]
    for r in body:
        if len(r) >= 2 and _KEY_CELL_RE.fullmatch(r[0]):
            m = _VALUE_LINE_RE.fullmatch(r[-1].strip(" \t*_"))
            if m is not None:
                out.append(m.group(1))
    return out


# a line of a block that ends a text: a code fence, a table row, a tag, a field, a printout, a bracket of JSON
_BLOCK_LINE_RE = re.compile(
    rf"[ \t]*(?:```|\||<|\{{|\}}|\]|\[|>>>|Out\[|[\"']?[A-Za-z_][\w -]{{0,30}}[\"']?[ \t]*[:=][ \t]*(?:{_VALUE}|[\"'\[{{])|$)"
)


def trailing_block(text: str) -> str:
    """The machine-like block that ends ``text`` (code, a table, tags, fields: the lines after its last line of
    prose), or "" when it ends on prose."""
    lines = text[-_MAX_TAIL:].rstrip().split("\n")
    fenced = False
    k = len(lines)
    first = 0 if len(text) <= _MAX_TAIL else 1  # (a first line cut off at the window is never part of the block)
    while k > first:
        line = lines[k - 1]
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and not _BLOCK_LINE_RE.match(line):
            break
        k -= 1
    return "\n".join(lines[k:]) if k < len(lines) and not fenced else ""


def block_shows_otherwise(text: str, answer: str) -> str | None:
    """Why the block that ends ``text`` (code, a table, fields: see :func:`trailing_block`) keeps ``answer``, the
    last number of the prose before it, from being the answer: it shows another value in an answer's field, a total
    row or a printout ("So she sold 72 clips.\\n```json\\n{"total": 70}\\n```"); None otherwise."""
    if not re.search(r"\d", answer) or "," in answer or not any(c in text[-300:] for c in "`|<:=}"):
        return None
    block = trailing_block(text)
    for value in shown_values("\n" + block) if block else ():
        if not equiv_safe(normalize(value), normalize(answer)):
            return "a block after the answer shows another value"
    return None


# a unit written apart from its number, after it: "Unit: hours", "Units: cm", {"unit": "hours"}, "(in hours)",
# "90, measured in hours", "90 (expressed in feet)"
_UNIT_APART_RE = re.compile(
    r"(?im)^[ \t*_>-]{0,6}[\"']?units?[\"']?[ \t*_]{0,3}[:：][ \t*_\"']{0,3}([^\W\d_][^\W\d_.]{0,19})[ \t*_\"'.,]*$"
    r"|[{,][ \t\n]{0,20}[\"']units?[\"'][ \t]{0,3}:[ \t]{0,3}[\"']([^\W\d_][^\W\d_.]{0,19})[\"']"
    r"|\([ \t]{0,3}(?:(?:measured|expressed|given)[ \t]+)?in[ \t]+([^\W\d_][^\W\d_.]{0,19})[ \t]{0,3}\)"
    r"|,[ \t]{0,3}(?:measured|expressed|given)[ \t]+in[ \t]+([^\W\d_][^\W\d_.]{0,19})(?![^\W\d_])"
)


def unit_apart(tail: str) -> str | None:
    """The word of the last unit ``tail`` (the end of a completion) writes apart from its number (see
    ``_UNIT_APART_RE``), or None; whether it is a unit at all is the caller's to check."""
    found = list(_UNIT_APART_RE.finditer(tail[-400:]))
    if not found:
        return None
    last = found[-1]
    return next(g for g in last.groups() if g is not None)


# any field, element, cell or printed line of a block, whatever its name (not a program's assignment, "a = 5", a given
# it names): "Confirmed: 70", {"recomputed": 70},
# <maybe>70</maybe>, "| Check | 70 |", "stdout: 70 clips", "Out [3]: 70", "[TOOL_RESULTS] 70"
_ANY_FIELD_LINE_RE = re.compile(
    rf"(?im)^[ \t>*_-]{{0,6}}[\"'`]?([^\W\d_][\w \[\]-]{{0,30}}?)[\"'`]?[ \t*_]{{0,3}}[:：][ \t*_]{{0,3}}[\"'`]?({_VALUE})[\"'`]?"
    r"(?:[ \t]{1,3}[^\W\d_]{1,12})?[ \t*_✓✔]{0,4}[,;.]?[ \t]*$"
)
_ANY_JSON_FIELD_RE = re.compile(rf"[{{,][ \t\n]{{0,20}}[\"']([^\"'\n]{{1,30}})[\"'][ \t]{{0,3}}:[ \t]{{0,3}}[\"']?({_VALUE})[\"']?(?=[ \t\n]{{0,20}}[,}}])")
_ANY_ELEMENT_RE = re.compile(rf"<([A-Za-z_][\w-]{{0,30}})>[ \t\n]{{0,4}}({_VALUE})[ \t\n]{{0,4}}</\1>")
_PRINTED_LINE_RE = re.compile(rf"(?m)^(?:\[TOOL_RESULTS\]|Out[ \t]?\[\d{{1,4}}\][:=]?)?[ \t]*({_VALUE})(?:[ \t]{{1,3}}[^\W\d_]{{1,12}})?[ \t✓✔]*$")
# the names of fields that hold no value of the answer: a confidence, a count of steps, an id, a time
_META_KEY_RE = re.compile(
    r"(?i)(?<![ \t*_])[ \t*_]*(?:confidence|certainty|score|id|index|step|steps|n_steps|num_steps|attempts?|tries|iterations?|time|"
    r"elapsed|seconds|ms|version|tokens|page|line|seed|temperature|rank|question|problem|q|item|no|number|solution"
    r"|time[ \t_-]+(?:spent|taken|elapsed|used)|duration|runtime|latency|rating|difficulty|word[ \t_-]*count)[ \t*_]*"
)
_NUMBER_IN_TEXT_RE = re.compile(r"(?<![\d.])-?\d[\d,]*(?:\.\d+)?(?:/\d+)?")


def new_values_shown(tail: str, working: str) -> list[str]:
    """The values the block that ends ``tail`` shows in any field, element, table cell or printed line (the fields
    of a confidence, a step count or an id left out) that the ``working`` before the answer never wrote: a block
    that lays out the working shows its numbers, one that shows a number the working never had gives another
    value ("Answer: 72\\n\\n| April | May | Sum |\\n|---|---|---|\\n| 48 | 24 | 70 |")."""
    block = trailing_block(tail)
    if not block or len(block) > _MAX_TAIL:
        return []
    found = [m.group(2) for m in _ANY_FIELD_LINE_RE.finditer(block) if not _META_KEY_RE.fullmatch(m.group(1))]
    found += [m.group(2) for m in _ANY_JSON_FIELD_RE.finditer(block) if not _META_KEY_RE.fullmatch(m.group(1))]
    found += [m.group(2) for m in _ANY_ELEMENT_RE.finditer(block) if not _META_KEY_RE.fullmatch(m.group(1))]
    found += [m.group(1) for m in _PRINTED_LINE_RE.finditer(block)]
    rows = [line for line in block.split("\n") if _TABLE_ROW_RE.fullmatch(line) and not _SEPARATOR_ROW_RE.fullmatch(line)]
    for row in rows[1:] if len(rows) > 1 else rows:  # (a table's header names its columns)
        cells = row.strip().strip("|").split("|")
        if cells and not _META_KEY_RE.fullmatch(cells[0]):
            found += [m.group(1) for cell in cells[1:] or cells for m in [_VALUE_LINE_RE.fullmatch(cell.strip(" \t*_"))] if m]
    seen = {n.replace(",", "") for n in _NUMBER_IN_TEXT_RE.findall(working)}
    return [v.strip("$ ") for v in found if v.strip("$ ").replace(",", "") not in seen]


# the rest of the answer's line, when a few words lead to one number that ends it: ", really 70.", "; in reality x = 4",
# " aka 70", ", vielmehr 70.", "，准确地说是70。", ", though the true speed is 54 km/h." (no sign of working between:
# no relation, operator, bracket or other digit)
_ENDS_ON_VALUE_RE = re.compile(
    r"([^\d\n=<>≤≥≠+*/×÷^()\[\]{}|:：.!?。！？]{1,60}?(?:(?<![A-Za-z])[A-Za-z][ \t]*=[ \t]*)?)"  # (the words, a label)
    r"(?<![A-Za-z0-9.,^_/−-])(-?\d[\d,]*(?:\.\d+)?)[ \t]*(%|[^\W\d_]{1,12}(?:/[^\W\d_]{1,6})?)?"  # (the number, a unit)
    r"[ \t]*[.!。！]?[ \t*_$]*"
)
# words before that number that make it no other value of the answer: a negation ("42, not 24", "12，不是13"), a
# condition or a reason ("12 when n = 3"), a rounding ("1/3, approximately 33.3%": read by
# :mod:`verifiers.math.roundings`), another thing named ("Tom is 12; his sister is 5", "the perimeter is 34", "we also
# see 99"; not "the true total is 70", "but the count is 70"), a preposition before a date, a time or a difference
# ("in 2011", "off by 2")
_NOT_ANOTHER_VALUE_RE = re.compile(
    rf"(?<![^\W\d_])(?:not|never|nor|rather[ \t]+than|instead[ \t]+of|also|as[ \t]+well|besides|{FOREIGN_NOT})(?![^\W\d_])"
    # (a condition or a reason: "12 when n = 3", "42 because x = 2", "7 and it occurs at n = 3")
    r"|\b(?:when|whenever|if|unless|because|since|where|given|with|at|occurs?)\b"
    rf"|{NOT_BEFORE}|{APPROXIMATELY_RE.pattern}"
    r"|\b(?:his|her|their|its|my|your|our|the)[ \t]+"
    r"(?!(?:true|real|actual|correct|right|exact|proper|final|answer|result|count|total|number|sum|value|amount)\b)"
    r"(?:[A-Za-z]+[ \t]+){0,2}?[A-Za-z]+[ \t]+(?:is|was|are|were|equals|comes[ \t]+to)[ \t]*\Z"
    r"|\b(?:in|on|at|since|from|by|until|of|for|per|after|before|within|over|under|to)[ \t]*\Z"
    # a place ("below the line y = 10"), an option's or an item's number ("which corresponds to choice 4")
    r"|\b(?:below|above|beyond|past|line|point|axis)\b"
    r"|\b(?:choice|option|item|number|no\.?|problem|question|step|part|page|figure|table|equation|exercise|case)[ \t]*#?[ \t]*\Z",
    re.I,
)
# an action of the problem right before that number: the sentence goes on about a quantity of the problem ("There are 9
# scissors in the drawer after Jason placed 4 scissors.", "... sold 48")
_ACTION_BEFORE_RE = re.compile(
    r"\b(?:[a-z]{3,}ed|sold|sells?|makes?|made|spends?|spent|pays?|paid|buys?|bought|gives?|gave|takes?|took"
    r"|puts?|eats?|ate)(?:[ \t]+(?:away|out|back|up|off|in|down|over))?[ \t]+\Z",
    re.I,
)
_LEAD_UNIT_RE = re.compile(r"(?<![ \t])[ \t]*+(?:\\(?:text|mathrm)\{)?([^\W\d_]{1,12})")


def new_value_ends_line(tail: str, value: str, working: str) -> str | None:
    """Why the rest of the answer's line (``tail`` is the text after the answer ``value``) leads in a few words to
    one other number that ends it, a number the ``working`` before the answer never wrote: "\\boxed{72}, really 70.",
    "Answer: 72; in reality 70.", "\\boxed{72}, anzi 70.". Not the answer again in another form, a number the
    working had ("\\boxed{72}, 24 more than 48"), nor the answer in another unit ("\\boxed{3} hours, i.e. 180
    minutes"); None where it does not."""
    line = tail[:200].split("\n", 1)[0]
    m = _ENDS_ON_VALUE_RE.fullmatch(line)
    if m is None or not re.search(r"[^\W\d_]", m.group(1)) or _ACTION_BEFORE_RE.search(m.group(1)):
        return None
    if not re.search(r"\d", value):  # "The answer is C, which is 3.": an option's letter glossed with its value
        return None
    if _NOT_ANOTHER_VALUE_RE.search(m.group(1)):
        return None
    number = m.group(2) + ("\\%" if m.group(3) == "%" else "")  # ("0.19 vagy 19%": the same value)
    if re.fullmatch(r"-?\d+,\d{1,2}", number) and equiv_safe(normalize(number.replace(",", ".")), normalize(value)):
        return None  # "\\frac{1}{2} oder 0,5": the same value with a decimal comma
    if m.group(2).replace(",", "") in {n.replace(",", "") for n in _NUMBER_IN_TEXT_RE.findall(working[-3_000:])}:
        return None
    lead = _LEAD_UNIT_RE.match(line)
    if m.group(3) and lead is not None and lead.group(1).lower() != m.group(3).lower() and m.group(3) != "%":
        if lead.end() <= len(m.group(1)) and lead.group(1).lower() == m.group(1).split()[0].lower().strip(",.;"):
            return None  # "3 hours, i.e. 180 minutes": the answer's unit, then another: the same value converted
    return None if equiv_safe(normalize(number), normalize(value)) else "the answer's line goes on to another value"


# the last sentence of prose, when it concludes: "So she sold 70 clips altogether.", "Therefore, the total is 70."
_CONCLUDING_SENTENCE_RE = re.compile(
    r"(?:^|(?<=[.!?。！？])[ \t]+|\n)[ \t*_>#-]{0,6}(?:so|thus|therefore|hence|in[ \t]+total|altogether|in[ \t]+conclusion|finally"
    r"|all[ \t]+in[ \t]+all|overall)\b[^\n.!?。！？]{0,200}?(?<![\d.])(-?\d[\d,]{0,15}(?:\.\d{1,12})?)(?![\d.,]*\d)[^\n\d.!?。！？]{0,60}[.!?。！？]?[ \t]*\Z",
    re.I,
)


# a word that makes a concluding sentence the answer's, not a step's: "altogether", "in total", "the answer"
_WHOLE_ANSWER_WORD_RE = re.compile(r"\b(?:altogether|in[ \t]+(?:total|all)|total|answer|result|final(?:ly)?|overall|all[ \t]+in[ \t]+all)\b", re.I)


_PLAN_RE = re.compile(r"\b(?:need[ \t]+to|will|let['’]?s|we[ \t]+can|to[ \t]+(?:find|obtain|get|compute)|should)\b", re.I)


def prose_concludes_before_block(text: str) -> tuple[str, str] | None:
    """The block that ends ``text`` (:func:`trailing_block`) and the value the prose right before it concludes in
    its last sentence ("So she sold 70 clips altogether."), or None when there is no block or no such sentence."""
    block = trailing_block(text)
    if not block.strip() or "\\boxed" in block or re.search(r"answer[ \t]+is\b", block, re.I):
        return None  # (a block that states the answer in prose: "The final answer is: $\boxed{245}$")
    prose = text[: len(text.rstrip()) - len(block)].rstrip()
    m = _CONCLUDING_SENTENCE_RE.search(prose[-400:])
    if m is None or not _WHOLE_ANSWER_WORD_RE.search(m.group()) or _PLAN_RE.search(m.group()):
        return None  # (not "So each shelf holds 3 boxes.", a step; nor "Finally, we need to divide by 1000.", a plan)
    return block, m.group(1).replace(",", "")
