"""Extraction, part 1: where answers sit in a text: ``\\boxed{}``/``\\fbox{}`` contents,
``<answer>`` blocks, GSM8K ``#### n``; and :func:`extract_reference` (the answer inside a reference).
"""

from __future__ import annotations

import dataclasses
import re

from verigrpo.verifiers.math.nodes import MAX_ANSWER_CHARS
from verigrpo.verifiers.math.normalize import normalize, strip_math_delimiters
from verigrpo.verifiers.math.parts import BOX_PART_LABEL_RE, LINE_PART_LABEL_RE, label_number
from verigrpo.verifiers.math.units import text_unit
from verigrpo.verifiers.math.wordlists import ANSWER_WORDS, ANSWER_WORDS_UNSPACED


@dataclasses.dataclass(frozen=True)
class Extraction:
    """What :func:`~verifiers.math.extract.extract_answer` found: the answer text (or None), the rule, a hedge flag."""

    answer: str | None
    rule: str | None
    hedged: bool = False
    hedge_reason: str | None = None
    boxes: tuple[str, ...] = ()  # the distinct boxed answers, when there are several
    repeated: int = 1  # how many boxes hold the one boxed answer ("\boxed{-2} and \boxed{-2}, respectively")
    # the whole content of the <answer> tag or JSON answer field the answer came from, or of the line after the marker
    scope: str | None = None
    # the value with the words its text writes around it ("#### 4 socks", "... the result is 90 hrs."), where the answer
    # was narrowed to the value: what the question's checks of units and things counted read
    said: str | None = None
    # the unknown each of the listed values (``boxes``, or ``scope``'s named values) is set to, in order, where each
    # names one ("$a=\\boxed{3}$, $b=\\boxed{2}$": ("a", "b"); a name twice is values of one unknown): against a
    # reference that names them too, or a tuple
    names: tuple[str, ...] = ()
    # the boxes answer the question's parts, each after its label ("(a) ... \\boxed{5} (b) ... \\boxed{3}"), and
    # ``boxes`` is in the parts' order: a list in order, not a set
    ordered: bool = False
    # the parts the ordered boxes answer, from 0 ("(b) ... (c) ...": (1, 2)), against the question's parts
    parts: tuple[int, ...] = ()


# \box{39}: TeX's \box takes no group; \framebox, and \Boxed, \BOXED as a model may write it, are boxes too, and
# so are the coloured boxes (\colorbox{yellow}{4}, \fcolorbox{red}{white}{4}) and MathJax's \bbox[5px]{4}, their
# colour and padding read with the command
_BOX_RE = re.compile(
    r"\\(?:(?i:boxed)|fbox|framebox|box(?=\s*\{)|colorbox[ \t]*\{[^{}]{0,40}\}|fcolorbox(?:[ \t]*\{[^{}]{0,40}\}){2}|"
    r"bbox(?:[ \t]*\[[^\[\]{}]{0,60}\])?)(?![A-Za-z])"
)
_TAG_OPEN, _TAG_CLOSE = "<answer>", "</answer>"
# "#### 72", "####: 72", "##### 72" (one # more), "####\n72"; a marker's value ends at the next marker; an empty marker
# then a sentence on the next line ("####\nThe total cost is $64.") marks nothing (the sentence is read as text)
_GSM_RE = re.compile(r"(?<!#)####(?!##)#?[ \t]*:?[ \t]*(?:\n[ \t]*(?=[-−$\\\d]))?((?:(?!####)[^\n])+)")


_MAX_BOXES = 20
# what a template or an instruction puts in a box in place of the answer
_PLACEHOLDER_RE = re.compile(
    r"\s{0,8}(?:\\text\s{0,8}\{\s{0,8})?(?:(?:your|the|my|final)[ \t_]{1,8})?(?:final[ \t_]{1,8})?answer"
    r"(?:[ \t_]{1,8}here)?\s{0,8}\}?\s{0,8}|\s{0,8}(?:\.\.\.|…|\\l?dots|\?{1,8})\s{0,8}",
    re.I,
)


def _unboxed(content: str, depth: int) -> str:
    """A box's contents with every box inside it replaced by what it holds (boxes nested deeper than four are left
    as they are: unparsable)."""
    if depth >= 4 or _BOX_RE.search(content) is None:
        return content
    parts, at = [], 0
    for start, end, inner in box_spans(content, depth + 1):
        parts += [content[at:start], inner]
        at = end
    return "".join(parts) + content[at:]


# an answer label inside the box: "\boxed{Answer: 5}", "\boxed{\text{Final answer: } 12}", "\boxed{\text{Answer: G}}"
# (also in the languages models answer in: "\boxed{\text{Ответ: } (1;31]}", "\boxed{答案：5}")
_LABEL_IN_BOX_RE = re.compile(
    rf"(\\text\s*\{{\s*)?(?:the\s+)?(?:final\s+)?(?:{ANSWER_WORDS}|{ANSWER_WORDS_UNSPACED})\s*(?:is\b|[:：])\s*(\}})?\s*",
    re.I,
)


def _without_label(content: str) -> str:
    """A box's contents without an answer label that opens them ("Answer: 5" -> "5", "\\text{Answer: G}" -> "G")."""
    m = _LABEL_IN_BOX_RE.match(content.lstrip())
    if m is None:
        return content
    rest = content.lstrip()[m.end() :].strip()
    if m.group(1) and not m.group(2):  # "\\text{Answer: G}": the label and the answer share one text group
        if not (rest.endswith("}") and rest.count("}") == rest.count("{") + 1):
            return content
        rest = rest[:-1].strip()
    elif m.group(2) and not m.group(1):  # a "}" that closes something else
        return content
    return rest or content


def _boxed_contents(text: str) -> list[str]:
    """Contents of every ``\\boxed{..}``/``\\fbox{..}``/``\\boxed x`` (the last ``_MAX_BOXES``)."""
    return [content for _, _, content in box_spans(text)]


# an unknown set to a box, right before it: "$a=\\boxed{3}$", "x_1 = \\boxed{2}" (not "2a=\\boxed{6}", "f(x)=")
_NAME_BEFORE_BOX_RE = re.compile(r"(?<![\w\\])([A-Za-z](?:_\{?\w{1,3}\}?)?)[ \t]*=[ \t]*\Z")


# a box's contents that set one letter: "\boxed{a=3}" (the letter, the value)
NAME_IN_BOX_RE = re.compile(r"\s*([A-Za-z])\s*=\s*([^=\s][^=]*)\Z")


def box_names(text: str, spans: list[tuple[int, int, str]]) -> tuple[str, ...]:
    """The unknown each box of ``spans`` (:func:`box_spans` of ``text``) is set to, in order ("$a=\\boxed{3}$,
    $b=\\boxed{2}$" -> ("a", "b")), when every box names one; () otherwise. A name may come twice ("x = \\boxed{2}
    or x = \\boxed{3}": values of one unknown)."""
    names = []
    for start, _, _ in spans:
        m = _NAME_BEFORE_BOX_RE.search(text, max(0, start - 16), start)
        if m is None:
            return ()
        names.append(m.group(1))
    return tuple(names) if len(names) >= 2 else ()


def box_parts(text: str, spans: list[tuple[int, int, str]]) -> tuple[int, ...] | None:
    """Where each box of ``spans`` stands among the question's parts, from the part label
    (:data:`parts.BOX_PART_LABEL_RE`) last before it on its line, or the label its line opens with
    (:data:`parts.LINE_PART_LABEL_RE`): "(a) There are \\boxed{5} ... (b) ... \\boxed{3}" -> (0, 1); "(b) \\boxed{5}
    (a) \\boxed{3}" -> (1, 0); "Part b: \\boxed{3}", "2. \\boxed{3}"; "(b) ... (c) ..." where part (a) has no value ->
    (1, 2). () when some box has no label; None when every box has one and a part has two boxes ("(a) \\boxed{3}
    (a) \\boxed{5}": two answers to one part)."""
    at: list[int] = []
    previous = 0
    for start, end, _ in spans:
        line_start = text.rfind("\n", 0, start) + 1
        window = max(previous, line_start, start - 120)
        label = _last_match(BOX_PART_LABEL_RE, text[window:start])
        if label is None and line_start >= previous:
            label = LINE_PART_LABEL_RE.match(text, line_start, start)
        if label is None:
            return ()
        at.append(label_number(label) - 1)
        previous = end
    if len(at) >= 2 and len(set(at)) < len(at):
        return None
    return tuple(at) if len(at) >= 2 else ()


def box_spans(text: str, depth: int = 0) -> list[tuple[int, int, str]]:
    """Every box of :func:`_boxed_contents` as (where its command starts, where it ends, its contents); ``depth``:
    how deep inside other boxes ``text`` is."""
    out: list[tuple[int, int, str]] = []
    closed = 0  # where the last box that closes ends
    for box in list(_BOX_RE.finditer(text))[-_MAX_BOXES:]:
        if box.start() < closed:  # a box inside a box: the outer one is the answer, whole
            continue
        i = j = box.end()
        while j < len(text) and text[j] in " \n" and j - i < 8:  # "\boxed\n{5}"
            j += 1
        if j < len(text) and text[j] == "{":
            k = _group_end(text, j)
            if k is not None:
                if text[j + 1 : k].strip() and not _PLACEHOLDER_RE.fullmatch(text[j + 1 : k]):
                    # an empty \boxed{} is not an answer, nor is a template's \boxed{answer}, \boxed{...}
                    # a box inside it is its contents: \boxed{\boxed{4}} is 4, \boxed{3 \neq \boxed{4}} no 4
                    out.append((box.start(), k + 1, _without_label(_unboxed(text[j + 1 : k], depth))))
                closed = k + 1
            elif _OPEN_NUMBER_END_RE.fullmatch(text, j + 1) and _said_before(text[j + 1 :].strip(), text[: box.start()]):
                # "The answer is 225 minutes.\nTherefore, the answer is \(\boxed{225": a number the text has stated,
                # then the end; the output stopped at the brace that closes it (a harness that prompts with the box's
                # opening and stops at "}"). A number said nowhere before may be cut off ("\boxed{7" of 72): unread
                out.append((box.start(), len(text), text[j + 1 :].strip()))
            else:  # unbalanced or too long: unparsable
                out.append((box.start(), len(text), text[j : j + MAX_ANSWER_CHARS + 1]))
        elif i < len(text) and j > i:  # "\boxed 5"
            m = re.match(r"[^\s$]+", text[j:])
            if m:
                out.append((box.start(), j + m.end(), m.group()))
        else:  # "\boxed5", "\boxed12": the number the model meant (LaTeX would box one digit)
            m = re.match(r"\d+(?:\.\d+)?", text[j:])
            if m:
                out.append((box.start(), j + m.end(), m.group()))
    return out


# an unclosed box's content that is one number up to the end of the text
_OPEN_NUMBER_END_RE = re.compile(r"[ \t]*-?(?:\d{1,3}(?:,\d{3})+|\d{1,30})(?:\.\d{1,12})?\s*")


# a numeral that stands alone: not a coefficient, a power, a part of a fraction or a percent ("12\\sqrt{3}", "12x",
# "2^{12}", "12/5", "12%")
_ALONE_NUMERAL_RE = re.compile(
    r"(?<![\d.,^_/\-−])\d[\d,]*(?:\.\d+)?"
    r"(?![\d]|[A-Za-z]|[ \t]*(?:\\(?:sqrt|pi|frac|cdot|times|circ)(?![A-Za-z])|[\^_/(%+×÷]|\*[ \t]*\d|\\%|-[ \t]*\d))"
)


_ANY_NUMERAL_RE = re.compile(r"(?<![\d.,])\d[\d,]*(?:\.\d+)?(?!\d)")


def _said_before(number: str, before: str) -> bool:
    """``number`` (a numeral) is the last number of the last 400 characters of ``before``, and stands alone there:
    "The answer is 225 minutes.", "\\boxed{9500}" (not "The side is 12; the area is 12\\sqrt{3}.", where 12 is
    last a coefficient, nor "The total is 12. Wait, recompute: 13.", where another number comes last)."""
    tail = before[-400:]
    last = _last_match(_ANY_NUMERAL_RE, tail)
    alone = _ALONE_NUMERAL_RE.match(tail, last.start()) if last is not None else None
    return alone is not None and alone.group().replace(",", "").rstrip(".") == number.replace(",", "")


def _group_end(text: str, j: int) -> int | None:
    """Where the brace group opened at ``text[j]`` closes (the index of its "}"), escaped braces skipped; None when
    it does not close within ``MAX_ANSWER_CHARS``."""
    depth, k = 0, j
    end = min(len(text), j + MAX_ANSWER_CHARS + 2)
    while k < end:
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return k
        k += 1
    return None


def last_box_end(text: str) -> int:
    """Just after the last box's closing brace; the end of the text when there is none or it does not close."""
    end, closed = None, 0
    for m in _BOX_RE.finditer(text):
        if m.start() < closed:  # a box inside the box before it
            continue
        j = m.end()
        while j < len(text) and text[j] == " ":
            j += 1
        k = _group_end(text, j) if j < len(text) and text[j] == "{" else None
        end = len(text) if k is None else k + 1
        closed = 0 if k is None else k + 1
    return len(text) if end is None else end


_MAX_BLOCKS = 50  # more <answer> blocks than this are spam (a hedge), not compared pairwise


_UNIT_AFTER_BOX_RE = re.compile(
    r"[ \t]*(?:(?:\$|\\\))[ \t]*)?(\\(?:text|mathrm)\s*\{[^{}\n]{1,20}\}|[A-Za-zµΩ]{1,12})(?:[ \t]*(?:[.,;!]|\$|\\\)))*[ \t]*(?:\n|$)"
)


def unit_after_last_box(text: str) -> str | None:
    """The unit written right after the last box, alone on the rest of its line (``\\boxed{\\frac34} s``,
    ``$\\boxed{12}$ meters.``): it belongs to the answer. None when no box ends the line with a unit."""
    starts = [m.end() for m in _BOX_RE.finditer(text)]
    if not starts:
        return None
    j = starts[-1]
    while j < len(text) and text[j] == " ":
        j += 1
    if j >= len(text) or text[j] != "{":
        return None
    depth, k = 0, j
    while k < len(text):
        if text[k] == "\\":
            k += 2
            continue
        depth += (text[k] == "{") - (text[k] == "}")
        if depth == 0:
            break
        k += 1
    m = _UNIT_AFTER_BOX_RE.match(text, k + 1)
    return m.group(1) if m and text_unit(m.group(1).split("{")[-1].rstrip("}")) else None


# the words that show a block as the format's example: "For example: <answer>A</answer>"
_EXAMPLE_BEFORE_RE = re.compile(r"(?:for\s+example|e\.\s?g\.|example|such\s+as|like\s+this|(?<![a-z])like|format)\s*[:,]?\s*$")


def _answer_tag_blocks(text: str) -> list[str]:
    """The stripped contents of every complete ``<answer>...</answer>`` block, in order (linear time); a block shown
    as the format's example ("For example: <answer>A</answer>") is left out."""
    low, out, pos = text.lower(), [], 0
    while True:
        start = low.find(_TAG_OPEN, pos)
        if start < 0:
            return out
        close = low.find(_TAG_CLOSE, start)
        if close < 0:
            return out
        if not _EXAMPLE_BEFORE_RE.search(low[max(0, start - 40) : start]):
            out.append(text[start + len(_TAG_OPEN) : close].strip())
        pos = close + len(_TAG_CLOSE)


def _last_answer_tag(text: str) -> str | None:
    """Content of the last ``<answer>...</answer>`` (case-insensitive), found in linear time.

    (A lazy regex over ``"<answer>" * 10_000`` is quadratic: seconds per completion.)
    """
    low = text.lower()
    close = low.rfind(_TAG_CLOSE)
    if close < 0:
        return None
    start = low.rfind(_TAG_OPEN, 0, close)
    if start < 0:
        return None
    # the regex this replaces matched the *first* <answer> after the previous </answer>
    prev_close = low.rfind(_TAG_CLOSE, 0, start)
    first = low.find(_TAG_OPEN, prev_close + 1 if prev_close >= 0 else 0, close)
    if _EXAMPLE_BEFORE_RE.search(low[max(0, first - 40) : first]):
        return None  # "(put the answer in tags like <answer>5</answer>)": the format's example, no answer
    return text[first + len(_TAG_OPEN) : close]


_DOLLAR_RE = re.compile(r"(?<!\\)\$")


def tail_start(text: str, size: int) -> int:
    """Where the last ``size`` characters of ``text`` start, moved past a ``$`` when that point is inside a math
    span: a window cut inside ``$...$`` would pair every later dollar sign the wrong way."""
    cut = max(0, len(text) - size)
    if cut and len(_DOLLAR_RE.findall(text, 0, cut)) % 2 == 1:
        close = _DOLLAR_RE.search(text, cut)
        return close.end() if close is not None else cut
    return cut


def _last_match(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    last = None
    for last in pattern.finditer(text):  # noqa: B007 - we want the last one
        pass
    return last


_BETWEEN_BOXES_NOISE_RE = re.compile(r"\\[()\[\]]|\$|[,;.]")


def boxes_listed_together(text: str) -> bool:
    """True when at most three words (and 40 characters) stand between each box and the next."""
    starts = [m.start() for m in _BOX_RE.finditer(text)][-_MAX_BOXES:]
    for a, b in zip(starts, starts[1:]):
        content = _boxed_contents(text[a:b])
        inner = text[a:b]
        gap = inner[inner.find(content[0]) + len(content[0]) + 1 :] if content else inner
        words = _BETWEEN_BOXES_NOISE_RE.sub(" ", gap).split()
        if len(gap) > 40 or len(words) > 3:
            return False
    return True


def extract_reference(reference: str) -> str:
    """The answer inside a reference: boxed content, a GSM8K ``#### n``, else the whole text.

    A reference with several different boxes listed together ("\\boxed{1} and \\boxed{-2}",
    "\\boxed{2}, \\boxed{3}", "\\boxed{1} papers and \\boxed{2} bins": at most three words between
    two boxes) has several answers: they are read together ("1, -2"), so one of them alone is not
    the answer. Boxes far apart (a worked solution) answer with the last one."""
    boxes = _boxed_contents(reference)
    if boxes:
        distinct = list(dict.fromkeys(normalize(b) for b in boxes))  # (as text: no parsing here)
        if 1 < len(distinct) <= 10 and boxes_listed_together(reference):
            return ", ".join(distinct)
        return boxes[-1]
    m = _last_match(_GSM_RE, reference)
    if m is not None:
        return m.group(1).strip()
    text = strip_math_delimiters(reference)
    bold = _BOLD_RE.fullmatch(text)
    if bold:  # "**53.33**": markdown emphasis around the whole key
        text = bold.group(1).strip()
    labelled = _VALUE_LABEL_RE.fullmatch(text)
    if labelled:  # ASDiv's "9 (apples)", "5.6 (kilograms of compost)": the value with its unit words
        text = f"{labelled.group(1)} \\text{{ {labelled.group(2)}}}"
    return text


def braced_label(reference: str) -> str | None:
    """MATH-Vision's ``8\\sqrt{3}{squareinches}``: a reference that does not parse, whose last brace group of words
    after a value is its unit label, with the label set upright; None otherwise (``\\frac{1}{abc}`` parses)."""
    braced = _BRACED_LABEL_RE.search(reference)
    return f"{reference[: braced.start()]} \\text{{ {braced.group(1)}}}" if braced else None


_BRACED_LABEL_RE = re.compile(r"(?<=[\d}])\s*\{([A-Za-z]{3,}(?: [A-Za-z]+)*)\}\s*$")
_BOLD_RE = re.compile(r"\s*(?:\*\*|__)(.+?)(?:\*\*|__)\s*", re.S)
# a value, then a parenthesised run of words (what it counts); trailing words after "of" dropped
_VALUE_LABEL_RE = re.compile(r"\s*(-?\d[\d,]*(?:\.\d+)?)\s*\(\s*([A-Za-z]+(?: [A-Za-z]+)?)(?: of [A-Za-z ]+)?\s*\)\s*\.?\s*")
