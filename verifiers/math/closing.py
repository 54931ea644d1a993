"""The closing block: the answer statements a completion ends with, and whether they agree.

A completion may state its answer in several formats at once: "**Answer:** 41" then "\\boxed{42}", "\\boxed{41}" then
"#### 42", "<answer>41</answer>" then '{"answer": 42}'. Each grader reads its own format, so a policy that writes
one value per format is paid by every grader for some row. The closing block is the run of lines at the end of the
text that are answer statements, headings ("**Final Answer**", "## Answer") or layout ("\\[", "```json", "---"),
with nothing else between them (no working, no "Wait", no revision). Statements of two different formats there
that name different values make a hedge, as two different boxes do. Statements of one format (two boxes, a box per
part) are the box rules' to judge; a statement before the block (an answer in the working, then a correction) is
not in it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from verigrpo.verifiers.math.choices import option_lead, option_letter
from verigrpo.verifiers.math.markers import _distinct
from verigrpo.verifiers.math.sentences import parsed, parses

MAX_LINES = 12  # the block is short: statements, headings and layout only
_WINDOW = 2_000

# a line that only lays out: display brackets, a code fence, a rule, a closing tag of reasoning
_LAYOUT_RE = re.compile(r"[ \t]*(?:\\\[|\\\]|\$\$|```[a-z]{0,10}|-{3,}|\*{3,}|_{3,}|\\begin\{[a-z*]+\}|\\end\{[a-z*]+\})?[ \t]*")
# a heading that names the answer: "**Final Answer**", "## Answer:", "Final answer:" alone on its line
_HEADING_RE = re.compile(
    r"[ \t]*(?:#{1,6}[ \t]*)?[*_]{0,3}[ \t]*(?:the[ \t]+)?(?:final[ \t]+)?(?:answers?|result|solution)[ \t]*[:：]?[ \t]*[*_]{0,3}[ \t]*[:：]?[ \t]*",
    re.I,
)
# a part label that opens a line ("(a)", "b)", "Part 2:", "1."): answers of several parts, not of one question
_PART_RE = re.compile(r"(?<![ \t*])[ \t*]*(?:\(?[a-hA-H1-9]\)|[1-9]\.|part[ \t]+\w{1,3}[:.)]?|\([ivx]{1,4}\))", re.I)
# an <answer> block written across lines reads as one line
_TAG_BLOCK_RE = re.compile(r"<answer>[ \t]*\n?([^<\n]{0,200})\n?[ \t]*</answer>", re.I)
# formats: the rule names that mark an answer statement, by the format they belong to
_FORMATS = {"boxed": "box", "answer_tag": "tag", "gsm8k": "####", "json": "json", "answer_is": "phrase"}
# a line that is a statement and nothing else, per format: a lead ("So the final answer is"), then the box, the
# block, the marker, the object or the value (no "Wait, actually \boxed{100}", "intermediate \boxed{99}", "2+2=4 #### 4")
_LEAD = r"[ \t>*_-]*(?:(?:so|thus|therefore|hence|finally)[ \t]*,?[ \t]+)?(?:the[ \t]+)?(?:final[ \t]+)?"
_STATEMENT_LINE = {
    "box": re.compile(
        _LEAD + r"(?:answer(?:[ \t]+is)?[ \t]*[:：]?[ \t*_]*)?(?:\$\$?|\\\(|\\\[)?[ \t]*\\(?:boxed|fbox)[ \t]*\{[^\n]{1,200}\}"
        r"[ \t]*(?:\$\$?|\\\)|\\\])?[ \t*_]*\.?[ \t]*",
        re.I,
    ),
    # (also after a label or in brackets: "SYSTEM: grading override — final answer: 18", "[[final answer = 18]]")
    "phrase": re.compile(
        r"(?:[ \t]*[\[(]{1,2}|[ \t*_]*[A-Za-z]{2,12}[ \t*_]*:[ \t]*(?:[^\n:—–]{0,40}[—–][ \t]*)?)?"
        + _LEAD
        + r"answer(?:[ \t]+is)?[ \t]*[:：=]?[ \t*_]*[^\n]{1,80}"
        # (a Chinese choice or answer sentence: "故选 D。", "所以选B", "答案是 7。")
        r"|[ \t*]*(?:故|所以|因此)?(?:选择?|答案(?:是|为|选)|正确(?:的)?选项(?:是|为))[ \t:：*]*[^\n]{1,40}",
        re.I,
    ),
    # (or an exam's answer section, "【答案】C", read as the block)
    "tag": re.compile(r"[ \t]*(?:<answer>[^<\n]{1,200}</answer>|【[ \t]*(?:最终)?答案[ \t]*】[^\n【]{1,60})[ \t]*", re.I),
    "####": re.compile(r"[ \t]*####[ \t]*[^\n#]{1,80}"),
    "json": re.compile(r"[ \t]*\{[^\n]{0,300}\}[ \t]*"),
}
# "So, the final answer is:" alone on its line: a heading for the next line
_LEAD_HEADING_RE = re.compile(_LEAD + r"answer(?:[ \t]+is)?[ \t]*[:：][ \t*_]*", re.I)
_LETTER_RE = re.compile(r"(?<![ \t*(])[ \t*(]*[A-J][ \t*).]*")
_WORDS_RE = re.compile(r"[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}")  # two words in a row: prose, not a value

Reader = Callable[[str], tuple[str | None, str | None]]  # a line -> (its answer, the rule that found it)


def closing_conflict(text: str, read: Reader) -> str | None:
    """A reason when the closing block of ``text`` states different values in different formats, else None.
    ``read`` reads one line's answer without the last-number fallback (the extraction's own reader)."""
    block = _block_lines(text)
    if block is None or len({kind for _, kind in block}) < 2:
        return None  # (most texts close in one format: no line is read)
    statements: list[tuple[str, str]] = []  # (format, value), from the last line back
    for line, _ in block:
        answer, rule = read(line)
        kind = _FORMATS.get((rule or "").split("+")[0])
        if kind is not None and answer is not None and not re.search(r"\w", answer):
            continue  # "The final answer is:": a heading for the next line
        letter = answer is not None and _LETTER_RE.fullmatch(answer) is not None  # "D", "(C)": an option's letter
        if (
            answer is None
            or kind is None
            or not _STATEMENT_LINE[kind].fullmatch(line)
            or not (re.search(r"[\d\\]", answer) or letter)
            or _WORDS_RE.search(re.sub(r"\\[A-Za-z]+", " ", answer))
            or not parses(answer)
        ):
            # working, a revision, a sentence, a placeholder ("Final Answer: <number>"), a statement with more on its
            # line: the block ends here
            break
        if not letter and (option_lead(answer) is not None or option_letter(parsed(answer)) is not None):
            return None  # "the answer is **D: 36**" after "\boxed{36 + 2\mu + 1}": an option with its value
        statements.append((kind, answer))
    return _verdict(statements)


def _block_lines(text: str) -> list[tuple[str, str]] | None:
    """The closing block's statement lines, from the last back, each with the format its pattern shows (the first
    of box, tag, marker, object, phrase that matches); None when the text's answers are in parts."""
    tail = _TAG_BLOCK_RE.sub(lambda m: f"<answer>{m.group(1).strip()}</answer>", text[-_WINDOW:])
    out: list[tuple[str, str]] = []
    for line in reversed(tail.splitlines()):
        if not line.strip() or _LAYOUT_RE.fullmatch(line) or _HEADING_RE.fullmatch(line) or _LEAD_HEADING_RE.fullmatch(line):
            continue
        if _PART_RE.match(line):
            return None
        kind = next((k for k, p in _STATEMENT_LINE.items() if len(line) <= 300 and p.fullmatch(line)), None)
        if kind is None or len(out) >= MAX_LINES:
            break  # working, a revision, a sentence: the block ends here
        out.append((line, kind))
    return out


def _verdict(statements: list[tuple[str, str]]) -> str | None:
    if len({kind for kind, _ in statements}) < 2:
        return None
    values = [value for _, value in reversed(statements)]
    if len(_distinct(values)) > 1:
        return "the closing answer statements name different values in different formats"
    return None
