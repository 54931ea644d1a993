"""Extraction, part 2: :func:`extract_answer`, the rules that find the final answer in a
completion (answer tag, box, ``####``, "the answer is", whole answer, last math span, trailing LaTeX, last
number), hedges, and fallback answers that their sentence negates or doubts.
"""

from __future__ import annotations

import dataclasses
import re

from verigrpo.verifiers.math.boxes import (
    _BOX_RE,
    _GSM_RE,
    _TAG_CLOSE,
    NAME_IN_BOX_RE,
    Extraction,
    _boxed_contents,
    _last_answer_tag,
    _last_match,
    box_names,
    box_parts,
    box_spans,
    last_box_end,
    unit_after_last_box,
)
from verigrpo.verifiers.math.chains import bracketed_value
from verigrpo.verifiers.math.cjk import CJK_NUMERAL_CHARS, cjk_numerals
from verigrpo.verifiers.math.cleanup import (
    EMPTY_BOX_RE,
    THINK_CLOSE_RE,
    THINK_START_RE,
    answer_sections,
    clean_completion,
    reasked_part,
    split_reasoning,
)
from verigrpo.verifiers.math.closing import closing_conflict
from verigrpo.verifiers.math.conclusions import concluded_otherwise, new_value_shown
from verigrpo.verifiers.math.cutoff import never_finished
from verigrpo.verifiers.math.disowning import (
    DISOWNED_RE,
    conditional_hedge,
    ends_in_doubt,
    rechecks_unfinished,
)
from verigrpo.verifiers.math.doubts import bound_in_words, negated_in_words
from verigrpo.verifiers.math.fallback import fallback_answer
from verigrpo.verifiers.math.forms import (
    decimal_comma_value,
    one_number_sentence,
)
from verigrpo.verifiers.math.hidden import code_context, set_aside_outside
from verigrpo.verifiers.math.laststate import without_plain_condition
from verigrpo.verifiers.math.laterbox import aside_box, box_revision, mistaken_boxes
from verigrpo.verifiers.math.markers import (
    _ANSWER_HEADING_RE,
    _ANSWER_IS_RE,
    _INNER_DOLLAR_RE,
    _OPTION_ONLY_RE,
    _RETRACTION_BETWEEN_MARKERS_RE,
    INTRODUCING_LINE_RE,
    _block_after,
    _bold_answer,
    _clean_value,
    _distinct,
    _equiv_safe,
    _first_sentence,
    _first_two_distinct,
    _heading_answer,
    _marked_value,
    _marker_values,
    _other_marked_answer,
    _same_words,
    _short_text,
    gathers_boxes,
    labels_the_response,
)
from verigrpo.verifiers.math.negations import UNSURE_BEFORE
from verigrpo.verifiers.math.nodes import MAX_ANSWER_CHARS, ParseError, Text
from verigrpo.verifiers.math.normalize import (
    normalize,
    strip_math_delimiters,
)
from verigrpo.verifiers.math.parse import parse_answer, worded_numbers
from verigrpo.verifiers.math.revisions import (
    TRANSFORMED_AFTER_RE,
    after_box_hedge,
    after_value_hedge,
    negative_after_box,
    scale_after_box,
)
from verigrpo.verifiers.math.sentences import (
    _MONEY_SIGN_RE,
    _ORDINAL_SUFFIX_RE,
    ANSWER_NAMED_RE,
    CONCLUDING_LEAD,
    FOREIGN_ANSWER_MARKERS,
    LEAD_WORD_RE,
    RETRACTION_WORDS,
    VERDICT_RE,
    clean_answer,
    parses,
    sentence_answer,
)
from verigrpo.verifiers.math.shown import (
    block_shows_otherwise,
    new_value_ends_line,
    prose_concludes_before_block,
    trailing_block,
)
from verigrpo.verifiers.math.spans import display_rows, top_level_items
from verigrpo.verifiers.math.structured import (
    cut_in_answer_field,
    json_alternatives,
    json_answers,
    json_disowned,
    json_ends,
    without_string_values,
)
from verigrpo.verifiers.math.tags import other_box, tag_answer
from verigrpo.verifiers.math.units import said_quantity
from verigrpo.verifiers.math.wordlists import OR_BETWEEN_VALUES, OR_SPACED, OR_UNSPACED, OR_WORDS

# after "the answer is": a rejected value, then the one put in its place ("not 8; it is 9",
# "n't 5, it's 6", "not 8, but 9")
_CORRECTION_RE = re.compile(
    r"\s*(?:not|n't)\s+[^,;.\n]{1,80}?[,;]\s*(?:but\s+(?:(?:it|the\s+answer)\s*(?:is|'s)\s+)?"
    r"|(?:it|the\s+answer)\s*(?:is|'s)\s+|rather\s+)([^\n]+)",
    re.I,
)


# after a marked answer, on its line: a retraction that gives another value ("... wait, actually it is (C)", "12... no,
# 13"), not a check that follows it ("Actually, let me double-check: 3*4=12")
_RETRACTED_VALUE_RE = re.compile(
    rf"\b(?:{RETRACTION_WORDS}|no)\b[\s,:;.!]*"
    r"(?:(?:it|that|the\s+answer)\s*(?:is|'s|should\s+be)\s*)?(?:\(?[A-J]\)|[A-J](?=\s*(?:[.,;!]|$))|\$|-?\d)",
    re.I,
)


_WINDOW = 20_000  # the characters at the end of a completion the rules read


def extract_answer(
    text: str, *, last_number_fallback: bool = True, givens: frozenset[str] = frozenset()
) -> Extraction:
    """Find the final answer in a completion; the rules and examples are in :mod:`verifiers.math`. ``givens``:
    the values of the question's numerals (:func:`~verifiers.math.forms.question_numbers`), which an answer block
    written as a sentence may restate beside its answer."""
    found = _extract_answer(text, last_number_fallback, givens)
    again = reasked_part(text) if found.answer is not None and not found.hedged else None
    if again is not None:
        second = _extract_answer(again, False, givens)
        if second.answer is not None and not _equiv_safe(second.answer, found.answer or ""):
            # "\boxed{72}\n\nProblem 2: How many clips did Natalia sell in April and May together?\n\boxed{96}": the
            # same question answered again with another value
            return dataclasses.replace(found, hedged=True, hedge_reason="the same question is answered again otherwise")
    # (only where the raw text ends on a block: cleaning the text is costly, and rarely needed)
    block_like = found.answer is not None and not found.hedged and any(c in text[-300:] for c in "`|<>:=}]")
    block_like = block_like and bool(trailing_block(text).strip())
    if block_like and (found.rule or "").startswith("last_"):
        shown = block_shows_otherwise(_response(text), found.answer)  # type: ignore[arg-type]
        if shown is not None:  # "So she sold 72 clips.\n```json\n{"total": 70}\n```": the last number, then another
            return dataclasses.replace(found, hedged=True, hedge_reason=shown)
    concluded = prose_concludes_before_block(_response(text)) if block_like else None
    if (
        concluded is not None
        and _number_in(concluded[0], found.answer)
        and not _equiv_safe(normalize(concluded[1]), normalize(found.answer))
    ):  # "So she sold 70 clips altogether.\n\n```json\n{"answer": 72}\n```": the prose concludes, the block answers
        return dataclasses.replace(found, hedged=True, hedge_reason="the prose before the answer's block concludes another value")
    if found.answer is not None and not found.hedged and found.rule is not None:
        # "**Answer:** 41\n\n\boxed{42}": the closing statements of two formats disagree
        conflict = closing_conflict(text, _statement)  # (the raw text first: cleaning it is costly, and rarely needed)
        if conflict is not None:
            conflict = closing_conflict(_response(text), _statement)
        if conflict is not None:
            return dataclasses.replace(found, hedged=True, hedge_reason=conflict)
    return found


def _response(text: str) -> str:
    """The text an answer is read from: cleaned, after the reasoning closes."""
    text = clean_completion(text)
    ends = list(_THINK_END_RE.finditer(text)) if "</" in text else []
    return split_reasoning(text, ends)[1] if ends else text


def _statement(line: str) -> tuple[str | None, str | None]:
    """One line's answer statement and its rule, read without the last-number fallback."""
    found = _extract_answer(line, False, frozenset())
    return found.answer, found.rule


def _extract_answer(text: str, last_number_fallback: bool, givens: frozenset[str]) -> Extraction:
    """:func:`extract_answer`, without the check of the closing block."""
    if not isinstance(text, str) or not text.strip():
        return Extraction(None, None)
    empty = _last_match(EMPTY_BOX_RE, text) if "box" in text else None
    if (
        empty is not None
        and _ANSWER_BEFORE_EMPTY_BOX_RE.search(text[max(0, empty.start() - 40) : empty.start()])
        and not _BOX_RE.search(text, empty.end())
        and not _THINK_END_RE.search(text, empty.end())
    ):  # "x=5. Final answer: \boxed{}": the final answer is empty (not "Put your final answer within \boxed{}.")
        return Extraction(None, None)
    text = clean_completion(text)
    ends = list(_THINK_END_RE.finditer(text)) if "</" in text else []
    if ends:  # reasoning, then the response: only the response answers ("<think>\boxed{42}</think>Not sure.")
        reasoning, text = split_reasoning(text, ends)
        if not text.strip():  # "... is \(\boxed{49}\).</think>": the output ended with its reasoning, answered
            return _reasoning_answer(reasoning, givens, closed=True)  # there as reasoning that never closes is
    elif THINK_START_RE.match(text):  # reasoning that never closes: only a box or an answer block answers in it
        return _reasoning_answer(text, givens)
    text = answer_sections(text)
    content = _last_answer_tag(text)
    if content is not None:  # the last <answer> block is the scope; the other rules apply inside it
        found = tag_answer(text, content, last_number_fallback, givens, _extract)
        after = text[text.lower().rfind(_TAG_CLOSE) + len(_TAG_CLOSE) :]
        if found.answer is not None and not found.hedged and after.strip():
            # checked as a box is: what follows the block ("<answer>4</answer>\nWait, actually it is 5.", a box
            # with another value after it)
            hedge = (
                after_value_hedge(after, found.answer)
                or other_box(after, found.answer)
                or concluded_otherwise(after, found.answer, working=text[: len(text) - len(after)])
            )
            if hedge is not None:
                return dataclasses.replace(found, hedged=True, hedge_reason=hedge)
        return found
    found = _extract(text, last_number_fallback, givens)
    if len(text) > _WINDOW and not (found.rule or "").split("+")[0].startswith(_STATED_RULES):
        # "**Answer: 13**" and then 20,000 characters of checking: an answer stated before the window the rules
        # read, not the tail's last number (which, if it differs, makes two answers)
        head = text[: len(text) - _WINDOW]
        earlier = _extract(head, False, givens) if _last_match(_ANSWER_IS_RE, head) or "boxed" in head else None
        if earlier is not None and earlier.answer is not None:
            if found.answer is None or _equiv_safe(normalize(found.answer), normalize(earlier.answer)):
                return earlier
            return dataclasses.replace(earlier, hedged=True, hedge_reason="the long tail after the answer ends on another value")
    if found.answer is not None and not found.hedged and len(text) > _WINDOW and _stated_end(text) <= len(text) - _WINDOW:
        # "The answer is \boxed{21}." and 20,000 characters later "So Tom is actually twenty-two years old.": the tail,
        # with no answer stated in it, concludes on another value
        tail = _extract(text[-_WINDOW:], True, givens, reread=True)
        if tail.answer is not None and not _equiv_safe(normalize(tail.answer), normalize(found.answer)):
            return dataclasses.replace(found, hedged=True, hedge_reason="the long tail after the answer ends on another value")
    if found.answer is not None and not found.hedged:
        stated = _stated_end(text)
        if ends_in_doubt(text) or (stated and rechecks_unfinished(text[stated:], found.answer)):
            # "... = 109 \]\nHowever, rounding issues", "The answer is 5.\nWait, let me check: 5 × 3 = 1": the output
            # breaks off in a sentence that starts to doubt, or while it re-checks the answer it stated
            return dataclasses.replace(found, hedged=True, hedge_reason="the text breaks off while doubting the answer")
        unfinished = never_finished(text, found.answer)
        if unfinished is not None:  # "Final Answer: 2." drafted, then "I will write the response." until the cap
            return dataclasses.replace(found, hedged=True, hedge_reason=unfinished)
    return found


def _reasoning_answer(reasoning: str, givens: frozenset[str], closed: bool = False) -> Extraction:
    """The answer of reasoning that no response follows (never closed, or closed with nothing after it): only a box
    or an answer block counts ("<think>Try 4.\n\\boxed{4}"; not "The answer is 4."), and, in reasoning that closes,
    a "Final Answer:" line that ends it ("...\n\nFinal Answer: 52.1\n</think>": the model answered, then stopped)."""
    opened = THINK_START_RE.match(reasoning)
    body = reasoning[opened.end() if opened else 0 :]
    found = extract_answer(body, last_number_fallback=False, givens=givens)
    if closed and found.rule == "answer_is" and _FINAL_ANSWER_LINE_END_RE.search(body[-400:]):
        return found
    return found if found.rule and found.rule.startswith(_EXPLICIT_RULES) else Extraction(None, None)


# a line that gives the final answer and ends the text: "Final Answer: 52.1", "**Final answer:** 18.8"
_FINAL_ANSWER_LINE_END_RE = re.compile(
    r"(?<![^\n])[ \t*#_]{0,6}(?:final[ \t]+answer|最终答案|最終答案|endgültige[ \t]+antwort|réponse[ \t]+finale|respuesta[ \t]+final)"
    r"[ \t*_]{0,4}(?:[:：=][ \t]*\n?|\n)[ \t*_$]*[^\s][^\n]{0,200}\s*\Z",
    re.I,
)


def _stated_end(text: str) -> int:
    """Where the last statement of an answer ends: a box, an answer marker, a ``####`` line (0 for none)."""
    window = text[-_WINDOW:]
    marks = [_last_match(_ANSWER_IS_RE, window), _last_match(_GSM_RE, window)]
    box = last_box_end(window) if _boxed_contents(window) else 0
    # (a marker's line that holds the box ends with the box: "The final answer is: $\boxed{460}$ ## Step 1: ...")
    ends = [box if m.start() < box < m.end() else m.end() for m in marks if m is not None] + [box]
    return len(text) - len(window) + max(ends, default=0)


# a verdict that goes on with a reservation: "The answer is correct, but I should have checked." (not "答案：正确", the
# answer "true")
_VERDICT_BUT_RE = re.compile(r",\s*(?:but|though|although|however|yet)\b", re.I)
# a second sentence after a first: "... per hour. In 5 days, ..." (not "Dr. Smith", "3.5", "e.g. 5")
_PARAGRAPH_RE = re.compile(r"[a-z\d)][.!?][ \t\n]+(?:\\n)*[ \t]*[A-Z]|\\n|\n")
_ENDS_WITH_UNIT_RE = re.compile(r"(?:[A-Za-z]|\\(?:text|mathrm)\s*\{[^{}]*\})\s*$")  # "3 m", "3\text{ m}"
_THINK_END_RE = THINK_CLOSE_RE  # (<reasoning>: the GRPO notebooks' format)
_EXPLICIT_RULES = ("boxed", "answer_tag", "gsm8k", "json")  # "<think>Try 4.\n\boxed{4}"; not "The answer is 4."
_STATED_RULES = (*_EXPLICIT_RULES, "answer_is")  # (an answer stated, not read off the last number)
# after the last box, on its line: "and", "or" or a comma, then another value ("\boxed{33} and 34")
# a second value joined to the box: by a comma, "and", "or" (in other languages, in emphasis or tags too: "_or_",
# "<i>or</i>", "oder", "或者"), a slash, or a relation that restates it ("= 3", "\Rightarrow 3", ", i.e., 3",
# "(equivalently 3)"); it is a hedge unless it equals the box (matched at one place, on the 120 characters after the
# box only)
# the unknown a box is the value of ("x = \boxed{5}"), and the same unknown set again right after the box ("and $x = 7$")
_LABEL_BEFORE_BOX_RE = re.compile(r"(?<![A-Za-z\\])([A-Za-z])[ \t]*=[ \t]*\Z")
_SAME_LABEL_AFTER_RE = re.compile(
    r"[ \t$]*(?:,|and|or)[ \t]{1,3}\$?[ \t]*([A-Za-z])[ \t]*=[ \t]*(-?(?:\d|\\(?:frac|sqrt|pi)\b)[^\n$,;]{0,40})"
)
_MORE_AFTER_BOX_RE = re.compile(
    r"[\s$]*(?:\\text\s*\{\s*)?\(?\s*"  # ("(or 34)", "\text{ or 34}", "\text{ (equivalently } 34)")
    rf"(?:(?:<[a-z]+>|[_*])*(?:,|(?<![A-Za-z])(?:and(?:/or)?|{OR_WORDS}|{OR_BETWEEN_VALUES}|i\.e\.|equivalently|namely"
    r"|that\s+is|bzw\.?|resp\.?|beziehungsweise|to|bis|à|até|до)"
    rf"(?![A-Za-z])|{OR_UNSPACED}|(?:{OR_SPACED})(?=\s)|あるいは"
    r"|/|=|\|\|?|[→⇒⟹⟶⇨➡]\ufe0f?|=+>|-+>|[～~–]|至|到|\\(?:Rightarrow|implies|to|lor|vee|iff|Leftrightarrow|rightarrow|longrightarrow|equiv(?![^\n]{0,40}\\p?mod\b))(?![A-Za-z]))"
    r"(?:</[a-z]+>|[_*])*[ \t,]*){1,2}"
    r"\}?[\s$]*(?:\\\()?\s*"
    r"(-?(?:\d|\\(?:frac|sqrt|pi)\b)[^\n)$]{0,60})"
)
_NEXT_SENTENCE_RE = re.compile(r"[.!?][ \t]+[A-Z][a-z]")  # a sentence's end, then the next one's first word
_ENUMERATOR_RE = re.compile(r"(?:\d{1,3}[.)][ \t]+)?")
_DEGREES_AFTER_BOX_RE = re.compile(r"[ \t]{0,2}(?:\^[ \t]*\{?[ \t]*\\circ[ \t]*\}?|°|\\degree\b)")
_PERCENT_AFTER_BOX_RE = re.compile(r"\s*\$?\s*(?:\\?%|per\s?cent\b)", re.I)
_WHOLE_BOUND_RE = re.compile(r"\b(?:at\s+(?:most|least)|or\s+(?:more|less|fewer|so))\b", re.I)
# two math spans side by side right after a marker, perhaps with a bracket or a slash between: "$5$ $6$", "$5$ ($6$)"
_TWO_SPANS_RE = re.compile(r"[ \t*]{0,8}\$([^$\n]{1,200})\$[ \t]{0,8}[(/]?[ \t]{0,8}\$([^$\n]{1,200})\$")
# option letters said to be the correct ones: "(B), (C), (D) are correct", "A and C are true"
_OPTION_ITEM = r"(?:\(?[A-J]\)?|\[[A-J]\])"
_LETTERS_SAID_CORRECT_RE = re.compile(
    rf"({_OPTION_ITEM}(?:[ \t]{{0,3}}(?:,|and|&|,[ \t]{{0,3}}and)[ \t]{{0,3}}{_OPTION_ITEM}){{0,9}})[ \t]{{1,3}}(?:is|are)[ \t]{{1,3}}"
    r"(?:all[ \t]{1,3})?(?:the[ \t]{1,3})?(?:correct|true|right)(?:[ \t]{1,3}(?:answers?|options?|choices?|statements?))?\.?"
)
# a number with a plus glued after it and no operand: "5+ apples", "5+", "10++"
_PLUS_BOUND_RE = re.compile(r"(?<![\w.^])\d[\d,.]{0,30}\+{1,2}(?=[ \t]{0,8}(?:[A-Za-z]{2,}|[.,;!)]|\Z))")
# an answer label inside a marker's value ("#### Answer: 694", "#### Final answer: #### 21": a label, then the value)
_MARKER_LABEL_RE = re.compile(r"[ \t*]{0,8}(?:the[ \t]+)?(?:final[ \t]+)?answer[ \t*]{0,8}(?:is\b|[:：=]|$)[ \t*]{0,8}", re.I)


def _marker_value(raw: str) -> str:
    """A ``####`` marker's value, without an answer label written inside it ("" for a label alone)."""
    ans = clean_answer(raw)
    glued = _GLUED_SENTENCE_RE.match(ans)
    if glued is not None:  # "#### 18You are an AI assistant...": the output runs on into a new text
        return glued.group(1)
    label = _MARKER_LABEL_RE.match(ans)
    return clean_answer(ans[label.end() :]) if label is not None else ans


# before an answer marker, a word that gives the answer to someone else: "The reference answer is 72."
_SOURCE_BEFORE_RE = re.compile(
    r"\b(?:reference|official|expected|textbook|book['’]s|key['’]s|printed|sample)[ \t]+\Z", re.I
)
# a number with a new sentence glued to it: a capital and two lower-case letters, no space ("18You are")
_GLUED_SENTENCE_RE = re.compile(r"(-?\$?\d[\d,]*(?:\.\d+)?)(?=[A-Z][a-z]{2,})")
_END_WORD_RE = re.compile(r"[ \t*]{0,8}(?:done|end|finished|complete|stop|eos)[ \t]{0,8}[.!]?[ \t*]{0,8}", re.I)  # "#### done"


def _extract(
    text: str, last_number_fallback: bool, givens: frozenset[str] = frozenset(), reread: bool = False
) -> Extraction:
    """The answer of ``text`` (see :func:`extract_answer`). ``reread``: this is a second reading (of the text without
    its mistaken boxes, or of the solution before an aside box), which reads boxes in context no further."""
    window = text[-_WINDOW:]
    if '"' in window[-2_100:] and cut_in_answer_field(window):  # '{"reasoning": "...", "final_answer": "5': cut off
        return Extraction(None, None)
    fields = json_answers(window) if '"' in text or "'" in text else []
    if fields and json_ends(window[fields[-1][1] :]):
        # {"reasoning": "...", "answer": "8/3"} ending the completion: the field is the answer, as a box is. Fields,
        # boxes or a marked answer before it that answer differently make a hedge, as several boxes do.
        ans = fields[-1][2]
        if not ans:  # {"reason": "... so 33 golf balls", "answer": ""}: the field the output answers in is empty
            return Extraction(None, None)
        fields = [f for f in fields if f[2]]
        boxed = _boxed_contents(ans) if "boxed" in ans else []
        if len(set(boxed)) == 1:  # {"answer": "140 - 80 = \\boxed{60}"}: the field's box answers, as a box in prose does
            ans = boxed[0]
        value = ans if parses(ans) else sentence_answer(clean_answer(_first_sentence(ans)))
        if not parses(ans) and _PARAGRAPH_RE.search(ans.strip()):
            # {"answer": "Jake earns $18 per hour. ... Over 5 days, Jake earns $720."}: a paragraph of working in the
            # field, read as a completion is (its marker, its conclusion), not by its first sentence
            inner = _extract(ans.replace("\\n", "\n"), last_number_fallback, givens, reread=True)
            if inner.answer is not None and inner.hedged:
                return Extraction(inner.answer, "json", True, inner.hedge_reason, scope=ans)
            value = inner.answer if inner.answer is not None else value
        before = without_string_values(window[: fields[0][0]])  # not a box inside a "reasoning" field
        marked = _last_match(_ANSWER_IS_RE, before) or _last_match(_GSM_RE, before)  # "#### 7" before it too
        stated = clean_answer(marked.group(1)) if marked else ""  # "### Final Answer:\n```json" states nothing
        earlier = [f[2] for f in fields] + _boxed_contents(before) + ([stated] if stated and parses(stated) else [])
        earlier += json_alternatives(window[fields[0][0] :])  # {"answer": 5, "alternative": 6}
        distinct = _first_two_distinct(earlier)
        if len(distinct) > 1:
            return Extraction(value, "json", True, "several different answers", tuple(distinct), scope=ans)
        if json_disowned(window[fields[0][0] :]):  # {"answer": 5, "correct": false}, {"confidence": 0.01}
            return Extraction(value, "json", True, "the JSON calls its answer wrong or unsure", scope=ans)
        opened = window.rfind("{", 0, fields[0][0] + 1)
        block = re.sub(r"\n?[ \t]*```[ \t\n]*\Z", "", window[opened:])  # (the object, without its fence's close)
        shown = new_value_shown("\n" + block, value, window[:opened]) if opened >= 0 and value else None
        if shown is not None:  # {"answer": 72, "recomputed": 70}: another field shows a value the working never had
            return Extraction(value, "json", True, shown, scope=ans)
        return Extraction(value, "json", scope=ans)
    spans = box_spans(text)
    boxes = [content for _, _, content in spans]
    mistaken = mistaken_boxes(text, spans) if boxes and not reread else []
    if mistaken:  # "A common mistake is to get \boxed{60} ... the correct total is \boxed{52}": read without them
        for start, end in reversed(mistaken):
            text = text[:start] + "(a value named as a mistake)" + text[end:]
        return _extract(text, last_number_fallback, givens, reread=True)
    aside = aside_box(text, spans) if boxes and not reread else None
    if aside is not None:
        # "So there are 10 handshakes.\n\n**Bonus:** with 6 friends, \boxed{15}.", "Final answer: 10 ...
        # Verification: ... \boxed{12}": the solution's answer is stated before the box's paragraph; a different one
        # there makes two answers
        kind, para = aside
        before = _extract(text[:para], kind != "check", givens, reread=True)
        explicit = (before.rule or "").split("+")[0] in (*_EXPLICIT_RULES, "answer_is")
        stated = before.answer is not None and (kind != "check" or explicit)
        if stated and not _equiv_safe(normalize(before.answer), normalize(boxes[-1])):
            return Extraction(boxes[-1], "boxed", True, "a box set aside after another answer")
    aside_context = set_aside_outside(text, spans[-1][0]) if boxes and not reread else None
    if aside_context is not None:  # "The count is 13.\n\n`\boxed{12}`": a box shown beside a plain answer, not as it
        outside, concluding = aside_context
        other = _extract(outside, last_number_fallback, givens, reread=True)
        if (
            other.answer is not None
            and other.rule != "whole"  # ("Counting gives <small>$\boxed{12}$</small>": the prose states no answer)
            and not _equiv_safe(normalize(other.answer), normalize(boxes[-1]))
            # (not "... = 72 clips.\n\n> \boxed{72}\n\nThis used 2 steps.": the prose next to the box states its
            # value; a step's "3*4 = 12" earlier is no statement of the answer)
            and not _number_in(concluding, boxes[-1])
        ):
            return Extraction(boxes[-1], "boxed", True, "a box shown aside beside a prose answer with another value")
    if boxes:
        final = _answer_after_last_box(text)
        if final is not None:  # "... \boxed{255} ... The final answer is $10,455$.": the last word wins
            return final
        stated = _marked_before_box(text, spans[-1][0], boxes[-1])
        if stated is not None and not _equiv_safe(normalize(stated), normalize(boxes[-1])):
            # "Final answer: 13.\n\nA student claimed \boxed{12}.": a marked answer, then a box with another value
            # that no word between takes back
            return Extraction(boxes[-1], "boxed", True, "an answer marked before the box names another value")
        if len(boxes) > 1 and not _QUERIED_BOX_RE.search(boxes[-1]):
            # "\boxed{\,2304\,? } ... Wait ... \boxed{294}": a box that asks is no answer given
            boxes = [b for b in boxes[:-1] if not _QUERIED_BOX_RE.search(b)] + boxes[-1:]
        before = box_names(text, spans) if len(spans) == len(boxes) else ()
        named, inside = before, [NAME_IN_BOX_RE.match(b) for b in boxes]
        if not named and len(boxes) >= 2 and all(inside):  # "\boxed{a=3}\boxed{b=2}": the names inside the boxes
            named = tuple(m.group(1) for m in inside)  # type: ignore[union-attr]
            boxes_values = [m.group(2) for m in inside]  # type: ignore[union-attr]
        else:
            boxes_values = boxes
        if len(set(named)) >= 2 and len({(n, normalize(b)) for n, b in zip(named, boxes_values)}) > len(set(named)):
            # "$b=\boxed{3}$, $a=\boxed{3}$, $b=\boxed{2}$": unknowns, one of them given two values
            return Extraction(boxes[-1], "boxed", True, "two values boxed for one unknown")
        gathered = gathers_boxes(boxes)
        final = [normalize(x) for x in top_level_items(boxes[-1].strip().removeprefix("(").removesuffix(")"))]
        labelled = box_parts(text, spans[:-1]) if len(spans) == len(boxes) == len(final) + 1 > 2 else ()
        if labelled and [normalize(boxes[k]) for k in sorted(range(len(labelled)), key=lambda k: labelled[k])] != final:
            # "(a) \boxed{5} (b) \boxed{3}. Final: \boxed{3, 5}": the parts' boxes and the last box disagree
            return Extraction(boxes[-1], "boxed", True, "the parts' boxes and the box that gathers them disagree")
        distinct = _distinct(boxes) if not gathered else [boxes[-1]]  # "Final answers: \boxed{5, 3}"
        revision = box_revision(text) if len(distinct) > 1 else None
        if len(distinct) > 1 and revision is None:  # a retraction, or "and then", leaves the last box alone: read on
            names = before if len(boxes) == len(distinct) else ()
            parts = box_parts(text, spans) if len(spans) == len(boxes) == len(distinct) else ()
            if parts is None:  # "(a) \boxed{3} (a) \boxed{5}": two answers to one part
                return Extraction(boxes[-1], "boxed", True, "two boxed answers to one part")
            if parts:  # "(a) ... \boxed{5} (b) ... \boxed{3}": the parts' answers, in the parts' order
                order = sorted(range(len(boxes)), key=lambda k: parts[k])
                distinct = [boxes[k] for k in order]
                names = tuple(names[k] for k in order) if names else ()
            return Extraction(
                boxes[-1], "boxed", True, "several different boxed answers", tuple(distinct), names=names,
                ordered=bool(parts), parts=tuple(sorted(parts or ())),
            )
        if revision is not None:  # only the boxes that agree with the last one count
            boxes = [b for b in boxes if b == boxes[-1] or _equiv_safe(normalize(b), normalize(boxes[-1]))]
        end = last_box_end(text)
        degrees = _DEGREES_AFTER_BOX_RE.match(text, end) if not re.search(r"\\circ|°|\\degree", boxes[-1]) else None
        if degrees is not None:  # "\boxed{72}^{\circ}", "\boxed{72}°": the answer in degrees, read on after the mark
            boxes[-1], end = f"{boxes[-1]}^\\circ", degrees.end()
        start = text.rfind("\n", 0, text.rfind("\\", 0, end)) + 1  # the last box's line: a marker on a line before it
        gsm = _last_match(_GSM_RE, text[max(0, start - 2_000) : start])
        between = text[max(0, start - 2_000) : start][gsm.end() :] if gsm is not None else ""
        if gsm is not None and not _RETRACTION_BETWEEN_MARKERS_RE.search(between) and not _FINALLY_RE.search(between):
            marked = _marker_value(gsm.group(1))
            if marked and parses(marked) and not _equiv_safe(normalize(marked), normalize(boxes[-1])):
                # "#### 6\n\boxed{5}": two final-answer markers with different values
                return Extraction(boxes[-1], "boxed", True, "several different answers after answer markers")
        hedge = after_box_hedge(text, end, boxes[-1])
        if hedge is not None:  # "\boxed{5} (or maybe 6)", "\boxed{5}. Actually the answer is 6.", "\boxed{28}!"
            return Extraction(boxes[-1], "boxed", True, hedge)
        if negative_after_box(text, end):  # "\boxed{5} below zero", "\boxed{5} m below sea level": -5
            return Extraction(f"-\\left({boxes[-1]}\\right)", "boxed+sign")
        scale = scale_after_box(text, end)
        if scale is not None:  # "\boxed{28} million": the box times the scale
            sep = "" if scale[:1] in "eE" else " "  # ("\boxed{1.2}e4": a power of ten, written on)
            return Extraction(f"{boxes[-1]}{sep}{scale}", "boxed+unit")
        after = text[end:][:120]  # bounded: the patterns below never see a long blank run
        more = _MORE_AFTER_BOX_RE.match(after)
        comma = decimal_comma_value(more.group(1).strip()) if more is not None else None
        if (
            more is not None
            and not _equiv_safe(normalize(boxes[-1]), _clean_value(more.group(1)))
            # ("\boxed{\frac12} oder 0,5": the same value with a decimal comma)
            and not (comma is not None and _equiv_safe(normalize(boxes[-1]), _clean_value(comma)))
        ):
            # "\boxed{33} and 34", "\boxed{33} (or 34)", "\boxed{3} or 3\sqrt{2}": one of two values boxed (an equal
            # restatement, "\boxed{\frac12} (or 0.5)", is not a second value)
            return Extraction(boxes[-1], "boxed", True, "another value joined to the box")
        opened = spans[-1][0] if spans and spans[-1][1] <= end else text.rfind("\\", 0, end)  # the last box's start
        label = _LABEL_BEFORE_BOX_RE.search(text, max(0, opened - 30), opened)
        again = _SAME_LABEL_AFTER_RE.match(after) if label is not None else None
        if again is not None and again.group(1) == label.group(1) and not _equiv_safe(
            normalize(boxes[-1]), _clean_value(again.group(2))
        ):  # "$x = \boxed{5}$ and $x = 7$": the box's unknown given a second value (not "and $y = 7$")
            return Extraction(boxes[-1], "boxed", True, "another value joined to the box")
        if conditional_hedge(after):
            # "The total is 13, but \boxed{12} if we exclude the host": an answer only under a condition
            return Extraction(boxes[-1], "boxed", True, "a box under a condition")
        if _PERCENT_AFTER_BOX_RE.match(after) and "%" not in boxes[-1]:
            return Extraction(boxes[-1] + "\\%", "boxed+unit")  # "\boxed{33}\%": 33 percent
        unit = unit_after_last_box(text)
        if unit is not None and not _ENDS_WITH_UNIT_RE.search(boxes[-1]):  # "\boxed{\frac34} s": seconds
            if not unit.startswith("\\"):  # outside the box letters are a unit label, never symbols: upright
                unit = f"\\text{{{unit}}}"
            return Extraction(f"{boxes[-1]} {unit}", "boxed+unit")
        rows = display_rows(boxes[-1]) if "\\begin{" in boxes[-1] else None
        return Extraction(rows or boxes[-1], "boxed", repeated=len(boxes))  # (rows: "\boxed{\begin{aligned} ...}")
    in_code = _code_marker_hedge(text, last_number_fallback, givens) if not reread else None
    if in_code is not None:  # "She sold 70 clips.\n\n```\nANSWER: 72\n```": the code's marked answer is a second one
        return in_code
    m = _last_match(_GSM_RE, text)
    if m is not None and re.search(r"[^\W\d_]{2}", m.group(1)) and _LATER_HEADING_RE.search(text, m.end()):
        # "#### В. Отражения ...\n...\n### Вывод": a markdown heading, as the headings after it are (not "#### 18\n\n###
        # Summary": a value, GSM8K's marker, before a heading)
        m = None
    if m is not None and re.fullmatch(r"\s*(?:[A-Za-z?]|[*_\s]*)\s*\.?\s*", m.group(1)) and _ANSWER_IS_RE.search(text, m.end()):
        m = None  # "#### N\n\nThe answer is: 540", "**####**\n\nThe final answer is: $276,000": a template's placeholder
    if m is not None and _END_WORD_RE.fullmatch(m.group(1)):
        text, m = text[: m.start()], None  # "the total is 9 #### done": the marker ends the output, it answers nothing
    if m is not None:
        ans, said = _marker_value(m.group(1)), None
        own_line = ""  # the marker's own sentence after its number, where a sentence states the value
        restated = bracketed_value(ans) if "(" in ans and len(ans) <= MAX_ANSWER_CHARS else None
        if restated is not None and " or " in restated:
            ans = restated  # "#### 72 (seventy)": a bracket that restates another value, two values (as "72 (70)")
        elif re.search(r"[A-Za-z]{3,}", ans) and len(ans) <= MAX_ANSWER_CHARS:
            # "#### Seth is 16 years old.", "#### 1 box of crackers", "#### 6th place": the marker's sentence, by
            # its one number (with a unit word after it), never a product of its letters
            plain = _MONEY_SIGN_RE.sub("", ans) if "$" in ans else ans  # "Betty needs $5 more": an amount of money
            one = one_number_sentence(_ORDINAL_SUFFIX_RE.sub(r"\1", plain).rstrip("."))
            if one is not None:
                number = re.search(r"\d[\d,.]*", plain)
                own_line = plain[number.end() :] if number is not None else ""  # ("#### 72 Nope.", "#### 72 (guess)")
                said, ans = (ans if said_quantity(ans) else None), one
        # checked as a marked answer is: the text after it ("#### 4\nWait, that's wrong. The answer is 3.", "(Or
        # maybe 3.)") and the markers before it ("#### 3\n#### 4": two answers), but for a step's result that a
        # later step uses ("#### 9 ... #### 6 ... 9 days + 6 days = 15 days ... #### 15")
        window = text[min(m.start(), max(0, len(text) - _WINDOW)) :]  # (the marker itself, however long the tail)
        markers = list(_GSM_RE.finditer(window))[-20:]
        earlier = [(g, _marker_value(g.group(1))) for g in markers[:-1]]
        unused = [
            value
            for g, value in earlier
            if value  # (a label alone answers nothing)
            and not re.search(rf"(?<![\d.]){re.escape(g.group(1).strip())}(?![\d.])", window[g.end() : markers[-1].start()])
            # ("#### 2/5 times the tables is 2/5 * 500 = 200 ... 500 * 200 = 100,000\n#### 100,000": a step's heading,
            # its value used after it)
            and not _number_in(window[g.end() : markers[-1].start()], _WORKING_END_RE.sub("", value))
        ]
        if len(markers) > 1 and _RETRACTION_BETWEEN_MARKERS_RE.search(window[markers[-2].start(1) : markers[-1].start()]):
            # "#### 1\nwait let me redo this\n#### 2", "#### 9. Wait, recompute.\n#### 18" (on the marker's own
            # line): the later marker takes the earlier back
            unused = []
        distinct = _first_two_distinct([*unused, _marker_value(markers[-1].group(1))])
        hedge = (
            ("the answer is disowned on its own line" if own_line and DISOWNED_RE.search(own_line) else None)
            or after_value_hedge(text[m.end(1) :], ans)
            or ("several different answers after answer markers" if len(distinct) > 1 else None)
            or concluded_otherwise(text[m.end(1) :], ans, working=text[: m.start(1)])
        )
        return Extraction(ans, "gsm8k", hedge is not None, hedge, said=said)
    window = text[-_WINDOW:]
    m = None
    for found in _ANSWER_IS_RE.finditer(window):  # the last marker that states something, not a verdict on
        if _SOURCE_BEFORE_RE.search(window, max(0, found.start() - 30), found.start()):
            continue  # "The reference answer is 72.", "the textbook's answer is 72": another's answer, quoted
        if m is None or not VERDICT_RE.match(re.split(r"(?<=[.!。])\s", found.group(1), maxsplit=1)[0]):
            # (an earlier one: "Yes, the answer is correct. Bella bought 38 stamps.")
            m = found
    verdict = re.split(r"(?<=[.!。])\s", m.group(1), maxsplit=1) if m is not None else []
    if verdict and VERDICT_RE.match(verdict[0]) and (
        (len(verdict) > 1 and re.search(r"\d", verdict[1])) or _VERDICT_BUT_RE.search(verdict[0])
    ):
        # "Your answer is correct. Each book cost $5.": a verdict on an answer, then the value, said again; "630 / 9 =
        # 70\n\nThe answer is correct, but I should have checked.": a verdict on the working's value; no marker
        m = None
    elif verdict and VERDICT_RE.match(verdict[0]) and re.search(r"\d", window[max(0, m.start() - 300) : m.start()]):
        m = None  # "Thus it takes **47 days** ... The answer is correct.": a verdict on the value just stated
    if m is not None and labels_the_response(text, window, m):
        m = None  # "Answer: Morisette brought 5 apples ... 13 fruits.\n\nKael brought ... In total, 27 fruits."
    heading = _last_match(_ANSWER_HEADING_RE, window)
    if heading is not None and "answer" not in heading.group().lower() and _LATER_HEADING_RE.search(window, heading.end()):
        heading = None  # "### Result" of one step, another section after it: no answer's heading
    m_start = m.start() if m is not None else 0
    if (
        m is not None
        and _HYPOTHETICAL_BEFORE_RE.search(window[max(0, m.start() - 80) : m.start()])
        and not _ANSWER_IS_RE.search(m.group(1))  # ("I don't think the answer is 5; the answer is 6": the later one)
    ):
        # "Suppose the answer is 5. ... So it must be 6.", "One might think the answer is 12": no commitment
        supposed_at = m.start(1)
        m = None if heading is None or heading.start() < m.start() else m
        if m is None and heading is None:
            if not last_number_fallback:
                return Extraction(None, None)
            found, end = fallback_answer(text, givens), _SENTENCE_STOP_RE.search(window, m_start)
            supposed = re.match(r"[\s$*]*(-?\d[\d,.]*)", window[supposed_at:])  # (the supposed answer's value)
            if (
                found.answer is not None
                and not re.search(r"\d", window[end.end() if end else len(window) :])
                and (supposed is None or supposed.group(1).rstrip(".,") == found.answer.strip())
            ):
                # "I do not think the answer is 5.": the last number is only the supposed answer's
                return dataclasses.replace(found, hedged=True, hedge_reason="the last number is a supposed answer")
            return found
    last = max((x for x in (heading, m) if x is not None), key=lambda x: x.start(), default=None)
    block = _block_after(window, last.start(), last.start(1)) if last is not None else None
    if block is not None:  # the answer on the lines under the marker: a display block, a list's items
        value, hedge = block
        if hedge is not None:
            return Extraction(value, "answer_is", True, hedge)
        distinct = _distinct([o for o in _marker_values(window, last.start()) if parses(o)] + [value])
        if len(distinct) > 1:  # "The answer is 3.\n\n**Final Answer**\n$$\n4\n$$": two answers after markers
            return Extraction(value, "answer_is", True, "several different answers after answer markers", tuple(distinct))
        return Extraction(sentence_answer(clean_answer(value)), "answer_is")
    if heading is not None and (m is None or heading.start() > m.start()):
        return _heading_answer(window, heading)
    if m is not None:
        ans = m.group(1)
        supposed = _HYPOTHETICAL_BEFORE_RE.search(window[max(0, m.start() - 80) : m.start()])
        for _ in range(3):  # "Final Answer: The final answer is $5$."; "... So the answer is 5." (the last)
            again = _ANSWER_IS_RE.search(ans)
            if again is None or VERDICT_RE.match(again.group(1)):  # "I hope the answer is correct"
                break
            if INTRODUCING_LINE_RE.match(ans[: again.start()].rstrip(" \t")):
                # "The most reliable answer is the one of the other four agents, which is:\n\nThe answer is 26": the
                # first marker's line introduces the later one
                ans = again.group(1)
                continue
            head = clean_answer(_first_sentence(clean_answer(ans[: again.start()])))
            later = _marked_value(again.group(1))
            retracted = supposed or _RETRACTION_BETWEEN_MARKERS_RE.search(ans[: again.start()])
            supposed = None  # ("I don't think the answer is 5; the answer is 6": only supposed, not a second answer)
            # a value, not "The"; or a word against a word ("The answer is No. The answer is Yes.")
            valued = re.search(r"[\d$\\]", head) or re.fullmatch(r"\(?[A-J]\)?", head)
            if not retracted and _short_text(head) and _short_text(later) and not _same_words(head, later):
                return Extraction(later, "answer_is", True, "several different answers after answer markers")
            if valued and parses(head) and not retracted:
                mixed = (_OPTION_ONLY_RE.fullmatch(head) is None) != (_OPTION_ONLY_RE.fullmatch(later) is None)
                if not mixed and not _equiv_safe(normalize(head), normalize(later)):  # "3 or the answer is 4."
                    return Extraction(later, "answer_is", True, "several different answers after answer markers")
            ans = again.group(1)
        bold_line, line_start = None, window.rfind("\n", 0, m.start(1)) + 1
        if "**" in ans and window.count("**", line_start, m.start(1)) % 2 == 1:
            # "**Answer: 5** (3.6 units)": the bold opened before the marker closes the answer (what follows is a
            # note, not a factor: "5 (3.6 units)" would read as 18)
            bold_line, ans = ans, ans[: ans.index("**")]
        corrected = _CORRECTION_RE.match(ans)
        if corrected:  # "the answer is not 8; it is 9": the answer is 9
            ans = corrected.group(1)
        line = bold_line or ans
        if ans.count("$") >= 2 and len(_MONEY_SIGN_RE.findall(ans)) == ans.count("$"):
            ans = _MONEY_SIGN_RE.sub("", ans)  # "$80 * 0.75 + 6 = $60 + 6 = $66": amounts of money, no math spans
        ans = clean_answer(_first_sentence(clean_answer(ans)))
        letters = _LETTERS_SAID_CORRECT_RE.fullmatch(ans)
        if letters is not None:  # "Final Answer: (B), (C), (D) are correct.": the options, without the verdict
            ans = letters.group(1)
        if ans and _RETRACTED_VALUE_RE.search(line, len(ans)):
            # "The answer is (A)... wait, actually it is (C).": the marked answer is taken back on its own line
            return Extraction(ans, "answer_is", True, "the answer is taken back")
        spans = _TWO_SPANS_RE.match(line)
        if spans is not None and not _equiv_safe(normalize(spans.group(1)), normalize(spans.group(2))):
            # "Final answer: $5$ $6$", "The answer is $5$ / $6$": two values side by side
            return Extraction(spans.group(2), "answer_is", True, "two values side by side after the marker")
        if ans and _PLUS_BOUND_RE.search(ans):  # "The answer is 5+ apples.", "Final answer: 5+": five or more
            return Extraction(sentence_answer(ans), "answer_is", True, "a bound ('5+'), not a value")
        said = sentence_answer(ans) if ans else ""
        if said and parses(said):  # (where the words around the value were dropped from it: "lebih dari 12" -> 12)
            if bound_in_words(line):  # "答案是大于12", "Jawaban: lebih dari 12": a comparison, not a value
                return Extraction(said, "answer_is", True, "a bound in words, not a value")
            if negated_in_words(line):  # "उत्तर 12 नहीं है", "الإجابة ليست 12": what the answer is not
                return Extraction(said, "answer_is", True, "the marked value is negated")
        if ans:
            ans = without_plain_condition(ans)  # "The answer is 12 when n = 3.": 12
            value = sentence_answer(ans)
            at, inner = line.find(ans), ans.find(value) if value else -1
            rest = (line[at + len(ans) :] if at >= 0 else "") + window[m.end(1) :][:600]
            if inner >= 0:  # "The answer is 42 but also 17": the sentence's words after the value come first
                rest = ans[inner + len(value) :] + rest
            if TRANSFORMED_AFTER_RE.match(rest):  # "$5$ squared", "$5$ less than $12$", "5, minus 2."
                return Extraction(value, "answer_is", True, "the marked value is part of a larger expression")
            if _SPAN_ONLY_RE.fullmatch(value):  # "The answer is $5$ million.": a word after the span changes it
                scale = scale_after_box(rest, 0)
                if scale is not None:
                    value = f"{strip_math_delimiters(value)} {scale}"
            hedge = (
                after_value_hedge(rest, value)
                or new_value_ends_line(rest, value, window[: m.start(1)])  # "Answer: 72; in reality 70."
                or _other_marked_answer(window, m, value)
                or concluded_otherwise(window[m.end(1) :], value, working=window[: m.start(1)])
            )
            if hedge is not None:  # "The answer is 3... or 4", "3, else 4", "Answer: 3\nAnswer: 4"
                return Extraction(value, "answer_is", True, hedge)
            return Extraction(value, "answer_is", scope=clean_answer(line).rstrip(".") or None)
    stripped = text.strip()
    # "We get $x = 4$ and $y = 5$.": a sentence with math in it, not an answer as a whole
    if (
        "\n" not in stripped
        and len(stripped) <= 200
        and not _INNER_DOLLAR_RE.search(strip_math_delimiters(stripped))
        # ("x = 28 - 100. So x = -72.": two sentences, no one answer; not a list item's number, "1. Abigail has one")
        and not _NEXT_SENTENCE_RE.search(stripped, len(_ENUMERATOR_RE.match(stripped).group()))
    ):
        lead = LEAD_WORD_RE.match(stripped)
        rest = stripped[lead.end() :] if lead else ""
        if lead and len(_FUNCTION_WORD_RE.findall(_TEXT_GROUP_RE.sub(" ", rest))) < 2:
            # "So x < -1 or x > 1.": the answer after a leading "so", "thus", "hence", ... if it is maths (not "Thus
            # the sum is ...": its words would parse as a product of letters)
            try:
                if not isinstance(parse_answer(rest), Text):
                    return Extraction(stripped[lead.end() :], "whole")
            except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
                pass
        if re.match(r"[-−+$\\]?\d", stripped) and bracketed_value(stripped) is not None:
            # "0.118 (i.e. 3.990 - 3.872)": a value, restated in brackets (not "It's not (D).")
            return Extraction(stripped, "whole")
        try:
            node = parse_answer(stripped)
            if _WHOLE_BOUND_RE.search(stripped):  # "180 km at most": a bound, no value
                return Extraction(None, None)
            prose = len(_FUNCTION_WORD_RE.findall(_TEXT_GROUP_RE.sub(" ", stripped)))
            if not (isinstance(node, Text) and len(node.text.split()) > 3) and prose < 2:
                # a sentence is not an answer, nor its words letters of a product ("got -½ as the result")
                return Extraction(stripped, "whole")
        except (ParseError, ValueError, TypeError, ZeroDivisionError, RecursionError, OverflowError):
            pass
    bold = _bold_answer(window)
    if bold is not None:  # "**28**\n\nIt's even: 28 / 2 = 14": the value set apart, not the check's last number
        return bold
    if last_number_fallback:
        return fallback_answer(text, givens)
    return Extraction(None, None)


# English function words: two of them make a line prose, whatever the parser could make of its letters
_FUNCTION_WORD_RE = re.compile(
    r"\b(?:the|an?|is|are|was|were|as|of|to|we|it|this|that|which|so|then|get|got|gives?|result|answer|equals|"
    r"and|I|has|have|had|for|with)\b",
    re.I,
)
_TEXT_GROUP_RE = re.compile(r"\\(?:text|mathrm|textbf|mbox)\s*\{[^{}]*\}")


# a sentence that only supposes or imagines an answer: "Suppose the answer is", "Assume ... that the answer is", "one
# might think the answer is", "we would say the answer is", "Let's guess the answer is", "test whether the answer is"
_HYPOTHETICAL_BEFORE_RE = re.compile(
    r"\b(?:suppose|supposing|assume|assuming|guess|whether|hypothes[ie]s|might|would|could)\b[^.!?\n]{0,60}\Z"
    # a belief denied, or a claim called false: "I do not think the answer is 5", "It is not true that the answer is"
    r"|\b(?:(?:do|does|did)\s+not|(?:don|doesn|didn)['’]?t|never)\s+(?:think|believe|say|claim)\b[^.!?;\n]{0,40}\Z"
    r"|\b(?:not\s+true|false|untrue|impossible|unlikely|doubtful|wrong\s+to\s+(?:say|think))\s+that\b[^.!?;\n]{0,20}\Z"
    r"|\bdoubt\s+(?:that\s+)?[^.!?;\n]{0,20}\Z"
    # a marker in another's words, or in a naive or mistaken reading: "The naive answer is 5, but ...", "A common mistake
    # is to conclude that the answer is 5", "My friend claims the answer is 5", "Algunos piensan que la respuesta es 5"
    r"|\b(?:na[iï]ve|tempting|intuitive|obvious)\b[^.!?\n]{0,30}\Z"
    r"|\b(?:common\s+(?:mistake|error|pitfall)|at\s+first\s+glance|if\s+we\s+(?:forget|ignore|neglect|overlook|drop))\b"
    r"[^.!?\n]{0,60}\Z"
    r"|\b(?:claims?|claimed|says|thinks|believes|piensan|pensent|pensam|mengira|myślą|meinen)\b[^.!?\n]{0,40}\Z"
    r"|(?<!我)认为[^。！？\n]{0,20}\Z"
    # a guess or a condition right before the marker: "Maybe the answer is 5.", "If the answer is 5, then ...", "It's
    # unlikely the answer is 5", "Hypothetically, the answer is 5" (not "Maybe I slipped earlier, but the answer is 5")
    rf"|(?:{UNSURE_BEFORE})[ \t,]{{0,3}}\Z|\b(?:if|unless|whether)[ \t]+\Z"
    r"|\b(?:unlikely|hypothetically|in\s+theory|theoretically)\b[ \t,]{0,3}(?:that[ \t]+)?\Z",
    re.I,
)


_ANSWER_BEFORE_EMPTY_BOX_RE = re.compile(r"\banswer\s*(?:is|:)\s*[$\\(\[]*\s*\Z", re.I)
_SPAN_ONLY_RE = re.compile(r"\$[^$\n]{1,200}\$")  # a value that is one inline maths span
_FINALLY_RE = re.compile(r"\b(?:finally|ultimately|in\s+the\s+end|final\s+answer)\b", re.I)
_SENTENCE_STOP_RE = re.compile(r"[.!?。！？](?=\s|$)|\n")
_FINAL_ANSWER_RE = re.compile(r"final\s+answer(?:\s*\*\*)?\s*(?:is|:|=)|(?<![\w-])final(?:\s*\*\*)?\s*[:：]", re.I)


_LATER_HEADING_RE = re.compile(r"^[ \t]*#{1,6}[ \t]", re.M)


def _answer_after_last_box(text: str) -> Extraction | None:
    """A final-answer sentence ("The final answer is $10,455$.", "Final Answer: ...") or GSM8K's "#### n" after the
    last box, read by the ``answer_is`` or ``gsm8k`` rule; None when there is none or it holds no answer. ("The answer
    is 6" after a box of 5 is not final: the box and it remain a hedge.)"""
    starts = [m.start() for m in _BOX_RE.finditer(text)]
    if not starts:
        return None
    after = text[starts[-1] :]
    depth, k = 0, after.find("{")
    if k < 0:
        return None
    while k < len(after):  # the end of the last box's braces
        depth += {"{": 1, "}": -1}.get(after[k], 0)
        if after[k] == "\\":
            k += 1
        elif depth == 0:
            break
        k += 1
    rest = after[k + 1 :]
    gsm = _GSM_RE.search(rest[-_WINDOW:])  # "intermediate \boxed{99} #### 42": GSM8K's marker is final too
    if not _FINAL_ANSWER_RE.search(rest[-_WINDOW:]) and gsm is None:  # only a *final* answer overrides a box
        return None
    ex = _extract(rest, last_number_fallback=False)
    if ex.rule not in ("answer_is", "gsm8k") or ex.answer is None or not parses(ex.answer):
        return None
    return ex


_STEP_WORD_RE = re.compile(r"\b(?:step|part|case|stage|intermediate|partial|sub|preliminary|initial|first)\b", re.I)
_PLAIN_VALUE_RE = re.compile(r"-?\$?\d[\d,]{0,20}(?:\.\d{1,20})?(?:[ \t]*%|[ \t]+[A-Za-z]{1,20}){0,3}")


def _code_marker_hedge(text: str, last_number_fallback: bool, givens: frozenset[str]) -> Extraction | None:
    """Where the last answer marker stands in code ("```\nANSWER: 72\n```", "print('The answer is 72')") beside prose
    that answers with another value and does not state the code's ("Altogether she sold 70 clips."): two answers
    (the marked one, hedged). None otherwise: code alone, or beside prose that agrees, answers as it reads."""
    window = text[-_WINDOW:]
    if "answer" not in window.lower() and "#" not in window:
        return None
    marks = [x for x in (_last_match(_ANSWER_IS_RE, window), _last_match(_GSM_RE, window)) if x is not None]
    if not marks:
        return None
    context = code_context(text, len(text) - len(window) + max(x.start() for x in marks))
    if context is None:
        return None
    outside, concluding = context
    marked = _extract(text, last_number_fallback, givens, reread=True)
    other = _extract(outside, last_number_fallback, givens, reread=True)
    if (
        marked.answer is None
        or other.answer is None
        or other.rule == "whole"
        or other.answer.strip() in givens  # (prose that restates the question: "Natalia sold 48 clips ...")
        or not _PROSE_CONCLUDES_RE.search(concluding)  # (prose that concludes nothing leaves the answer to the code)
        or _equiv_safe(normalize(other.answer), normalize(marked.answer))
        or _number_in(concluding, marked.answer)
    ):
        return None
    return dataclasses.replace(marked, hedged=True, hedge_reason="an answer marked in code beside a prose answer with another value")


# prose that concludes: a concluding word, a word for the answer or the total ("Altogether she sold 70 clips.", "So
# she has 7 left.")
_PROSE_CONCLUDES_RE = re.compile(
    rf"{CONCLUDING_LEAD}\b|(?i:{ANSWER_NAMED_RE.pattern})|\b(?i:altogether|in[ \t]+all|left|remain(?:s|ing)?|overall)\b"
)


def _number_in(text: str, value: str) -> bool:
    """``value``, a plain number, stands in ``text`` as a number of its own ("72" in "48 + 24 = 72 clips")."""
    value = value.strip()
    return bool(re.fullmatch(r"-?\d+(?:\.\d+)?", value)) and re.search(rf"(?<![\d.]){re.escape(value)}(?![\d]|\.\d)", text) is not None


def _marked_before_box(text: str, start: int, box: str) -> str | None:
    """The value an answer marker before the box at ``start`` states ("Final answer: 13.", on a line before it or on
    its line: "The answer is 70. \boxed{72}", "#### 70 \boxed{72}"), where it is a plain number (with a unit word
    perhaps), no word between them takes it back and the working between does not reach the box's value ("Result:
    24.\nThen 48 + 24 = 72.\n\n\boxed{72}"); None otherwise."""
    line = text.rfind("\n", 0, start) + 1
    window = text[max(0, line - 3_000) : start]
    found = [_last_match(r, window) for r in (_ANSWER_IS_RE, _LABEL_LINE_RE, _VALUE_IS_ANSWER_RE, _GSM_RE)]
    found = [x for x in found if x is not None]
    if not found:
        return None
    marked = max(found, key=lambda x: x.end(1))  # (the later: "Answer — 70." after "the answer is what we seek: ...")
    value = clean_answer(marked.group(1))
    if marked.end(1) == len(window):  # (on the box's line, cut at it: "The answer is $70$. \boxed{72}" -> "$70$")
        inner = _ANSWER_IS_RE.match(value)  # ("Final Answer: The final answer is $70$. I hope it is correct.")
        value = strip_math_delimiters(clean_answer(_first_sentence(clean_answer(inner.group(1) if inner else value))))
        # "Answer: 70 — \boxed{72}", "答案：70 → $\boxed{72}$", "Réponse : 70 ($\boxed{72}$)": the number, then only
        # marks and words up to the box (no working the box evaluates, no revision: "final answer: 3; then \boxed{2}")
        lead = _LEADING_VALUE_RE.fullmatch(value)
        if lead is not None and not _REVISING_WORD_RE.search(value, lead.end(1)):
            value = lead.group(1)
    value = value.strip().rstrip(".,;:!。").strip().strip("*_").strip()  # ("**70**.")
    between = window[marked.end(1) :]
    marker_line = window[window.rfind("\n", 0, marked.start()) + 1 : marked.start(1)]
    if _STEP_WORD_RE.search(marker_line):  # "Step 1 answer: 24.": a step's result, not the final answer
        return None
    words = worded_numbers(value) if not re.search(r"\d", value) and len(value) <= 40 else None
    if words is not None and len(words) == 1:  # "Final answer: seventy."
        value = str(words[0])
    elif value and all(c in CJK_NUMERAL_CHARS for c in value):  # "答案: 七十"
        value = cjk_numerals(value)
    if not _PLAIN_VALUE_RE.fullmatch(value) or _RETRACTION_BETWEEN_MARKERS_RE.search(between):
        return None  # (not "final answer: $a^2 - b^2 = 500 * 10$", working that the box then evaluates)
    if _number_in(between, box):
        return None
    if re.search(r"result|solution", marker_line, re.I) and not _LABELLED_RESULT_RE.fullmatch(value):
        return None  # ("Result: 48 clips in April.": a step's result, described; a bare "Result: 70." answers)
    return value


# a number, then nothing up to the box but marks, arrows and words: no digit, no operation on it
_LEADING_VALUE_RE = re.compile(
    r"[ \t*_$]*(-?\d[\d,]{0,20}(?:\.\d{1,12})?)[ \t*_$]*(?:(?:[^\d\s=+*/×÷^\\-]|=>|->|-{2,}|—|–|\\[()])[ \t]*){0,30}"
)
_REVISING_WORD_RE = re.compile(
    r"\b(?:then|now|instead|actually|wait|rather|correct(?:ed|ion)?|updated?|revised?|no|nope|hmm|oops|sorry|later|finally"
    r"|but|however)\b",
    re.I,
)
_LABELLED_RESULT_RE = re.compile(r"-?\$?\d[\d,]{0,20}(?:\.\d{1,20})?(?:[ \t]*%|[ \t]+[A-Za-z]{1,20})?")


# a line that labels the answer, besides "The answer is": "Answer — 70.", "Result: 70.", "Final result = 70.", "Ans:
# 70", "Solution: 70.", "Final answer → 70.", "**Final Answer**\n70.", "答案：70。"; its value on the line (or on the
# next non-blank line, under a label alone)
_LABEL_LINE_RE = re.compile(
    r"^[ \t#>*_]{0,8}(?:(?:the[ \t]+)?(?:final[ \t]+)?(?:answer|ans|results?|solution)\b[ \t*_]{0,4}"
    r"(?:[:：=—–→⟶⇒»|・…]|->|=>|-(?=[ \t])|\.(?=[ \t])|\n(?:[ \t]*\n){0,2})"
    # ("ANSWER 70": a space alone after "answer", never after "Solution 2", a heading that numbers a solution)
    r"|(?:the[ \t]+)?(?:final[ \t]+)?(?:answer|ans)\b[ \t*_]{0,4}[ \t](?=[ \t]*\$?-?\d)"
    r"|(?:" + FOREIGN_ANSWER_MARKERS + r")|答[ \t]*[:：])"
    r"[ \t*_$]{0,6}([^\s][^\n]{0,59})$",
    re.I | re.M,
)


_WORKING_END_RE = re.compile(r"\A[^\n]{0,300}=[ \t]*(?=-?\d[\d,]*(?:\.\d+)?[ \t.]*\Z)")  # "... is 2/5 * 500 = " before "200"
# a value said to be the answer after it: "Hence 70 is our answer.", "So 70 is the final answer."
_VALUE_IS_ANSWER_RE = re.compile(
    r"^[ \t*_]{0,4}(?:(?:so|hence|thus|therefore),?[ \t]+)?\$?(-?\d[\d,]{0,20}(?:\.\d{1,20})?)\$?[ \t]+is[ \t]+"
    r"(?:our|the|my)[ \t]+(?:final[ \t]+)?answer\b",
    re.I | re.M,
)
_QUERIED_BOX_RE = re.compile(r"\?(?:[ \t]|\\[,;:! ]|\\q?quad\b)*\Z")  # a box's content that ends asking: "2304?"
_LATER_HEADING_RE = re.compile(r"^#{1,6}[ \t]+\S", re.M)  # a markdown heading line
