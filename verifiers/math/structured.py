"""Answers given as structured output: the ``"answer"`` field of a JSON object that a completion ends with.

Models asked for JSON write ``{"reasoning": "...", "answer": "8/3"}``, often in a fenced block and often not quite
JSON (a trailing comma, LaTeX with single backslashes, a Python dict's quotes: ``{'answer': [D]}``). The field's value is the answer, as a box is: a string
(unescaped when it is escaped JSON), a number, or a flat list (of numbers: a vector as written; of strings: the
items, options picked, joined by commas).
"""

from __future__ import annotations

import json
import re

from verigrpo.verifiers.math.wordlists import CHECK_KEYS

# the key, right after the "{" that opens an object or the "," that ends the previous field
# ("answer", "final_answer", "revised_answer", "Final Answer", "correct_answer_key": any key that names an answer)
_ANSWER_KEY_RE = re.compile(
    r"""[{,]\s*["'](?:[a-z]{1,20}[ _])?answers?(?:[ _](?:key|letter|option|choice))?["']\s*:\s*""", re.I
)  # ("correct_answer_key": an option's letter)
_STRING_RE = re.compile(r'"((?:[^"\\\n]|\\.){0,2000})"')
_QUOTED_RE = re.compile(r"'((?:[^'\\\n]|\\.){0,2000})'")  # a Python dict's string: {'answer': 'D'}
# a list of bare option letters or single-quoted items, as Python prints it or a model writes it: [D], ['A', 'C']
_LETTERS_RE = re.compile(r"\[\s*'?([A-Z])'?(?:\s*,\s*'?[A-Z]'?){0,9}\s*\]")
_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?=\s*[,}\]\n]|\s*$)")
_EMPTY_RE = re.compile(r"(?:null|None|\[\s*\]|\{\s*\})(?=\s*[,}\n]|\s*$)")
_LIST_RE = re.compile(r"\[[^\[\]{}]{0,2000}\]")
_ESCAPED_RE = re.compile(r"\\\\|\\[\"/]|\\u[0-9a-fA-F]{4}")  # signs of a JSON-escaped string


_MAX_FIELDS = 20


def cut_in_answer_field(text: str) -> bool:
    """``text`` ends inside the string of an answer field, cut off by the length cap ('"final_answer": "5'): the
    answer was never written whole."""
    tail = text[-2_100:]
    keys = list(_ANSWER_KEY_RE.finditer(tail)) if '"' in tail else []
    return bool(keys) and _CUT_STRING_RE.fullmatch(tail, keys[-1].end()) is not None


def json_answers(text: str) -> list[tuple[int, int, str]]:
    """Every JSON ``"answer"`` (or ``"final_answer"``) field of ``text`` (the last ``_MAX_FIELDS``): where it starts,
    where its value ends, and its value as answer text ("" for an empty field: ``"answer": ""``, ``null``, ``[]``);
    fields whose value is not a string, a number or a flat list are left out."""
    out = []
    for key in list(_ANSWER_KEY_RE.finditer(text))[-_MAX_FIELDS:]:
        read = _value(text, key.end())
        if read is not None:
            out.append((key.start(), read[0], read[1].strip()))
    return out


# a field that offers another answer beside the answer's: {"answer": 5, "alternative": 6}
_ALTERNATIVE_KEY_RE = re.compile(
    r"""[{,]\s*["'](?:alternatives?|alt|(?:[a-z]{1,12}[ _])?(?:alternative|alt|other|second|backup|fallback|possible)[ _](?:[a-z]{1,12}[ _])?answers?|backup|"""
    r"""fallback|candidates?|maybe|perhaps|possibly|or|answer[ _-]?[2-9]|alt[ _-]?answer"""
    # a result or a total beside the answer, or the answer checked, corrected or guessed again: {"answer": 72,
    # "result": 70}, {"answer": 72, "final": 70}, {"answer": 72, "check": 70}, {"answer": 72, "corrected": 70}
    rf"""|(?:final[ _])?(?:result|total|sum|output)s?|final|{CHECK_KEYS}"""
    # an answer under a condition, or a qualified second answer: "if_exclusive", "answer_if_inclusive",
    # "answer_exclusive", "otherwise"
    r"""|(?:(?:final[ _])?answer[ _])?(?:if|when|otherwise|else|unless)(?:[ _][A-Za-z]{1,20}){0,3}"""
    r"""|(?:final[ _])?answer[ _](?:exclusive|inclusive|alt|alternative|other|second|2|b))["']\s*:\s*""",
    re.I,
)


def json_alternatives(text: str) -> list[str]:
    """The values of the fields of ``text`` that offer other answers ("alternative", "other_answer", "candidates"):
    written beside an answer field they make a hedge, as a second box does."""
    out = []
    for key in list(_ALTERNATIVE_KEY_RE.finditer(text))[-_MAX_FIELDS:]:
        read = _value(text, key.end())
        if read is not None and re.search(r"\d", read[1]):  # (a value: not "otherwise": "see above")
            out.append(read[1].strip())
    return out


# a field that judges the answer beside it: {"answer": 5, "correct": false}, a low confidence (below 0.9: 0.6, 60,
# "low"; 0.9 and above is confident)
_VERDICT_FIELD_RE = re.compile(
    r"""[{,]\s*["'](?:is[ _])?(?:correct|right|valid|verified|confident|sure|final)["']\s*:\s*(?:false|False|0(?![.\d])|"(?:no|false)")"""
    # a field that takes it back or a status that rejects it: {"retracted": true}, {"status": "rejected"}
    r"""|[{,]\s*["'](?:is[ _])?(?:retracted|rejected|wrong|incorrect|invalid|withdrawn)["']\s*:\s*(?:true|True|1(?![.\d])|"(?:yes|true)")"""
    r"""|[{,]\s*["'](?:status|verdict|state)["']\s*:\s*"(?:rejected|wrong|incorrect|invalid|retracted|withdrawn|failed"""
    r"""|draft|unverified|tentative)["](?=\s*[,}])"""
    # (a confidence under one half: more likely wrong than right, by its own account; not {"confidence": 80})
    r"""|[{,]\s*["']confidence["']\s*:\s*(?:(?:0?\.[0-4]\d*|(?:0(?![.\d])|[2-9]|[1-4]\d)(?:\.\d+)?\s*%?)(?=\s*[,}])|"low")""",
    re.I,
)


def json_disowned(text: str) -> bool:
    """``text`` (a JSON answer) has a field that calls its answer wrong or gives it a low confidence."""
    return _VERDICT_FIELD_RE.search(text) is not None


_JSON_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_NUMBER_VALUE_RE = re.compile(r"(?<=[:\[,])\s*-?\d[\d.eE+\-]*")  # a number as a field's value or a list item
_JSON_REST_RE = re.compile(r"(?:[\s,:{}\[\]`']|true|false|null|json|</?tool_call>)*")  # (a tool call's tags; a stray quote)


_JSON_VALUE_RE = re.compile(r'":\s*"(?:[^"\\]|\\.)*"')  # a field's string value


def without_string_values(text: str) -> str:
    """``text`` with every JSON field's string value emptied (a box inside a "reasoning" field is no answer)."""
    return _JSON_VALUE_RE.sub('":""', text)


_CUT_STRING_RE = re.compile(r'"(?:[^"\\\n]|\\.)*\Z')  # a string the length cap cut off: '"uncert'


def json_ends(rest: str) -> bool:
    """``rest``, the text after a field's value, only closes the JSON: other fields, brackets, a code fence, or
    fields the length cap cut off (', "confidence": 1.0, "uncert'); no prose ("Respond as {"answer": 5}. I
    computed x = 7." does not answer 5)."""
    if len(rest) > 20_000:
        return False
    cut = _CUT_STRING_RE.search(rest) if rest.count('"') % 2 else None
    if cut is not None:  # (not where the string cut off is another answer's: ', "alternative": "7')
        if any(m.end() == cut.start() for m in _ALTERNATIVE_KEY_RE.finditer(rest, max(0, cut.start() - 80))):
            return False
        rest = rest[: cut.start()]
    closing = _JSON_NUMBER_VALUE_RE.sub("", _JSON_STRING_RE.sub('""', rest))  # "}\n7" keeps its 7: prose
    return _JSON_REST_RE.fullmatch(closing.replace('""', "")) is not None


def _value(text: str, at: int) -> tuple[int, str] | None:
    """The value that starts at ``text[at]``: where it ends, and it as answer text."""
    if text.startswith('"', at):
        m = _STRING_RE.match(text, at)
        return (m.end(), _unescape(m.group(1))) if m else None
    if text.startswith("'", at):
        m = _QUOTED_RE.match(text, at)
        return (m.end(), m.group(1)) if m else None
    empty = _EMPTY_RE.match(text, at)
    if empty is not None:  # "answer": null, "answer": [], "answer": {}: the field answers nothing
        return empty.end(), ""
    letters = _LETTERS_RE.match(text, at)
    if letters is not None:  # {'answer':[D]}: the options picked
        return letters.end(), ", ".join(re.findall(r"[A-Z]", letters.group()))
    if text.startswith("[", at):
        m = _LIST_RE.match(text, at)
        if m is None:
            return None
        try:
            items = json.loads(m.group())
        except ValueError:
            return None
        if not items or any(isinstance(x, (list, dict, bool)) or x is None for x in items):
            return None
        listed = ", ".join(str(x) for x in items)
        # ["B", "F"] -> "B, F" (options picked); [1, 2, 3] -> "[1, 2, 3]" (a vector, as written); a list of two is
        # never the interval that "[1, 5]" would read as
        return m.end(), listed if any(isinstance(x, str) for x in items) or len(items) < 3 else f"[{listed}]"
    m = _NUMBER_RE.match(text, at)
    return (m.end(), m.group()) if m else None


def _unescape(raw: str) -> str:
    """A JSON string's content: decoded when it is escaped JSON (``\\\\frac``, ``\\"``); taken as written when its
    backslashes start LaTeX commands (``\\frac`` would otherwise decode as a form feed and "rac")."""
    if _ESCAPED_RE.search(raw):
        try:
            return json.loads(f'"{raw}"')
        except ValueError:
            pass
    return raw.replace('\\"', '"')
