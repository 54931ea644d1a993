"""Extraction, boxes read in context, part 3: the lines after an answer, read for the value they restate, offer or
take the answer back to (:func:`revised_to`, :func:`line_restates`, :func:`answered_otherwise`,
:data:`OFFERED_AT_END_RE`). :mod:`~verifiers.math.revisions` decides with them whether the answer stands.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.conclusions import WORD_VALUE_RE, number_prefix
from verigrpo.verifiers.math.disowning import plain_text
from verigrpo.verifiers.math.layout import equiv_safe
from verigrpo.verifiers.math.normalize import normalize, strip_math_delimiters
from verigrpo.verifiers.math.numwords import number_words
from verigrpo.verifiers.math.parse import VERDICT_WORDS
from verigrpo.verifiers.math.sentences import _TEXT_GROUP_RE, parsed, parses, words
from verigrpo.verifiers.math.units import NUMBER_WORDS
from verigrpo.verifiers.math.wordlists import OR_BETWEEN_VALUES, OR_SPACED, OR_UNSPACED, OR_WORDS

_WORD_KINDS = ({"yes", "no"}, {"true", "false"}, {"odd", "even"})  # (any other match is an option letter)


def word_kind(w: str) -> int:
    """Which kind of verdict word ``w`` is (yes/no, true/false, odd/even); -1 for any other."""
    return next((k for k, kind in enumerate(_WORD_KINDS) if w.lower() in kind), -1)


def _answer_line(raw: str, m: re.Match[str]) -> str:
    """The value of an answer line after the answer (``m``, a match of revisions._ANSWER_AFTER_RE in ``raw``), read to
    the end of its line, without its markup: "**Answer: [2, 3]**" -> "[2, 3]", "(Answer: \\(72\\))" -> "72"."""
    end = raw.find("\n", m.start(1))
    line = raw[m.start(1) : end if end >= 0 else len(raw)].strip().rstrip(".").strip("*$").strip()
    if line.endswith(")") and line.count(")") > line.count("("):  # the bracket the line opened before its marker
        line = line[:-1].rstrip().rstrip(".")
    return strip_math_delimiters(line).strip()


def line_restates(raw: str, m: re.Match[str], value: str) -> bool:
    """The answer line ``m`` states the answer ``value`` again, read whole (its text groups unwrapped as the line's
    are: "\\text{odd}" is "odd" there)."""
    line = _answer_line(raw, m)
    if not line or len(line) > 80:
        return False
    plain = _TEXT_GROUP_RE.sub(r"\1", value) if "\\text" in value else value
    return line.strip() == plain.strip() or (parses(line) and equiv_safe(normalize(value), normalize(line)))


def answered_otherwise(raw: str, m: re.Match[str], value: str) -> bool:
    """An answer line after the answer whose value (:func:`_answer_line`) is another: it parses and differs, or
    (where neither parses, as clock times do not) its digits differ ("10:45 PM" after "10:15 PM")."""
    line = _answer_line(raw, m)
    if not line or len(line) > 80:
        return False
    if parses(line):
        return not words(line) and not equiv_safe(normalize(value), normalize(line))
    # (the digits and the half of the day: "10:15 AM" after "10:15 PM"; a note in brackets, "(22:15)", set aside)
    digits = ["".join(re.findall(r"\d|[ap](?=\.?m\b)", re.sub(r"\([^()]*\)", "", x.lower()))) for x in (line, value)]
    return not parses(value) and all(digits) and digits[0] != digits[1] and len(line) <= 30


# a number in English words ("four hundred", "seventy-two")
_NUMBER_WORDS = (
    r"(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)"
    r"(?:[ \t-]+(?:and[ \t]+)?(?=[a-z]))?){1,6}"
)
# the text after the answer is only another value offered, on its line or the next ("or 70", "Perhaps 70.", "(maybe
# 70)", "Answer 2: 70", "If not, then 70.", "(Other possibility: D)", "/ 70", "(also 6)", "— 6", "Depending on
# convention, 6.")
OFFERED_AT_END_RE = re.compile(
    r"[ \t$\\)\].*]{0,6}\s{0,20}[(\[（]?[ \t]*(?:or|perhaps|maybe|possibly|probably|either[ \t]+that[ \t]+or"
    # ("or" in other languages: "(o 70)", "(أو 70)", "tai 70", "（または0.2）")
    rf"|{OR_WORDS}|{OR_BETWEEN_VALUES}|{OR_SPACED}|{OR_UNSPACED}"
    r"|if[ \t]+not,?(?:[ \t]+(?:then|it['’]s|it[ \t]+is))?|alternative(?:ly)?[ \t]*:?|(?:other|another)[ \t]+"
    r"(?:possibility|option|candidate)[ \t]*:?|answer[ \t]+2[ \t]*:|/|(?:or[ \t]+)?also|[—–]"
    r"|depending[ \t]+on[ \t]+(?:the[ \t]+)?(?:convention|interpretation|reading)[ \t]*,?)[ \t]*"
    r"(?:(?:maybe|perhaps|possibly|probably|equivalently)[ \t]+)?"
    r"(?:(?:it['’]s|it[ \t]+is|it[ \t]+could[ \t]+be|it[ \t]+might[ \t]+be)[ \t]+)?[$\\(*]*"
    # (or any expression in its maths delimiters, or an interval bare: "$\\boxed{(1,3)}$ or $[1,3]$", "or $x^2+1$",
    # "or \\([1,3]\\)", "or [1,3].")
    rf"(-?\d[\d.,/]{{0,30}}%?|[A-J](?![A-Za-z])|{_NUMBER_WORDS}|(?<=\$)[^$\n]{{1,80}}(?=\$)"
    r"|(?<=\\\()[^\n]{1,80}?(?=\\\))|(?<![\w$])[(\[][^()\[\]\n$]{1,40}[)\]](?=[ \t]*[.!]?[ \t]*\Z))"
    r"[ \t*$]*[)\]）]?[ \t]*(?:です|입니다)?[.!?。]?[ \t]*\Z",
    re.I,
)


# a retraction that states another value directly, in any of the forms an answer takes, and ends its line: "Actually
# it is \\(70\\).", "On second thought, 70.", "Sorry, it should be **70**.", "Correction: (A)", "Actually it is even.";
# after a colon or a dash, an expression too ("Correction: x^2 + 6x + 5"). Only filler words come between the
# retraction and the value ("it is", "the answer is", "make that"), or "is correct" after it ("Actually, $\\frac{17}{12}$
# is correct."): "Hmm, let me verify: 72 - 24 = 48." is working.
_REVISED_END_RE = re.compile(
    r"\A[ \t,:;.!—–、，：-]{0,6}(?:no[ \t]*[,.;:—–-][ \t]*)?(?:I[ \t]+(?:think|believe|guess)[ \t,]+)?"
    r"(?:(?:(?:so|then)[ \t]+)?(?:it|that|this|the[ \t]+(?:answer|result|value|total))[ \t]*"
    r"(?:is|['’]s|should[ \t]+be|must[ \t]+be|would[ \t]+be)|(?:it[ \t]+)?should[ \t]+be|make[ \t]+that|I[ \t]+mean"
    # a person's verb ("she sold seventy"), a verb of getting ("rechecking gives seventy")
    r"|(?:she|he|they|we|you)[ \t]+[a-z]{2,12}|(?:\w+ing[ \t]+|it[ \t]+|that[ \t]+|this[ \t]+)?(?:gives|yields|comes[ \t]+to)"
    # a copula of another language ("en realidad son 70", "na verdade é 70"), an answer's name in Chinese or Japanese
    r"|(?:es|son|é|são|est|ist|sind|è|sono|to|is[ \t]+het|het[ \t]+is|är[ \t]+det|det[ \t]+är|זה|هو|الجواب|उत्तर)(?=[ \t])"
    r"|答案[是为為]|答えは|是"
    # a choice made again ("Correction: choose C.", "更正：选C。")
    r"|(?:I[ \t]+|we[ \t]+)?(?:choose|pick|select|go[ \t]+with)|选择?|選擇?)?"
    r"[ \t]{0,4}(?:(?:option|choice)[ \t]+)?"
    r"(?:\\\((?P<m>[^\n]{1,80}?)\\\)|\$\$?(?P<d>[^$\n]{1,80})\$\$?|(?P<k>[零〇一二两三四五六七八九十百千万亿]{1,8}[个個]?(?:です|でした|입니다)?)|`(?P<c>[^`\n]{1,60})`|\*\*(?P<b>[^*\n]{1,60})\*\*"
    r"|\\textbf\{(?P<t>[^{}\n]{1,60})\}|(?P<p>[-−(\[\\\d][^\n]{0,80}?)|(?P<w>[A-Za-z]{1,12})|(?P<e>[A-Za-z][^\n]{0,80}?))"
    r"(?:[ \t]+is[ \t]+(?:correct|right|the[ \t]+(?:answer|right[ \t]+one|correct[ \t]+one)))?[ \t]*[.!。]?[ \t]*(?:\n|\Z)",
    re.I,
)
# what may close a retraction's line after its value, with no value of its own: a note in brackets ("(I misread
# May)"), then a clause or a sentence of words ("Thanks!", ", I apologize for the confusion.")
_CLOSING_ON_LINE_RE = re.compile(
    r"(?:[ \t]*\([^()\d\n$\\=]{1,60}\))?(?:[ \t]*[,;:.!—–][ \t]+[A-Za-z][^\d\n$\\=]{0,80})?[ \t]*[.!。]?[ \t]*(?=\n|\Z)"
)


# answers in words that come in opposite pairs (in several languages), for a retraction that names the other one
# ("\\boxed{\\text{converges}}. Actually it diverges.", "更正：发散。", "en realidad es impar")
# (the first pair: the verdicts of VERDICT_WORDS, in every language it has, but its one-letter keys "Y" and "N")
_OPPOSITES = (
    tuple({w.lower() for w, sense in VERDICT_WORDS.items() if sense == side and (len(w) > 1 or not w.isascii())}
          for side in ("yes", "no")),
    ({"converges", "convergent", "converge", "收敛"}, {"diverges", "divergent", "diverge", "发散"}),
    ({"even", "par", "pair", "gerade", "偶数"}, {"odd", "impar", "impair", "ungerade", "奇数"}),
    ({"prime", "质数", "素数"}, {"composite", "合数"}),
    ({"increasing", "递增"}, {"decreasing", "递减"}),
    ({"finite", "有限"}, {"infinite", "无限"}),
    ({"possible", "可能"}, {"impossible", "不可能"}),
)


_UNSPACED_RE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # Chinese and Japanese: words not set apart by spaces


def _retracted_word(tail: str, value: str) -> str | None:
    """The other word of the answer's opposite pair that the retraction's line (``tail``, after its word) names,
    or "not" before the answer's own word ("Actually it is not even."); None otherwise."""
    word = value.strip().strip("$").replace("\\text", "").strip("{}() ").lower()
    line = tail.split("\n", 1)[0][:120].lower()
    tokens = re.findall(r"[^\W\d_]+", line)
    if len(tokens) > 8 or re.search(r"\d", line):
        return None  # (a short statement of the other word, not a re-check that names it in passing)
    line = " ".join(tokens[-3:]) if line.isascii() else line  # (near its end: "Actually it diverges.")
    said = set(re.findall(r"[^\W\d_]+", line))
    for pair in _OPPOSITES:
        for side, other in ((pair[0], pair[1]), (pair[1], pair[0])):
            if word not in side:
                continue
            # (a word of a script without spaces is found inside its run: "更正：发散。")
            named = [w for w in sorted(other) if w in said or _UNSPACED_RE.match(w) and w in line]
            named = [w for w in named if w.startswith("不") or f"不{w}" not in line]  # (不是, 不对: the other sense)
            if named and not re.search(rf"\b(?:not|isn['’]t)\s+{re.escape(named[0])}\b", line):
                return named[0]
            if re.search(rf"\b(?:not|isn['’]t|never)\s+{re.escape(word)}\b", line):
                return next(iter(sorted(other)))  # "Actually it is not even.": the other one
    return None


def revised_to(tail: str, value: str) -> str | None:
    """The value a retraction (``tail``, the text after its word) states instead of the answer ``value``, when it
    states one of the answer's kind and only closing words follow its line ("Hope this helps!"); None otherwise."""
    tail = plain_text(tail[:400])  # ("7\u200c0", a joiner inside the number)
    revised = _revision(tail, value) or _retracted_word(tail, value)
    if revised is not None:
        return revised
    line_end = tail.find("\n", 1)  # (its line: the retraction word ends a line "Correction:\n70" rarely)
    line_end = len(tail) if line_end < 0 else line_end
    value_at = re.search(r"[^\W_]|[$)\]}*]", tail)  # (the closing comes after a value: not ", no is correct.")
    closing = _CLOSING_ON_LINE_RE.search(tail, value_at.end(), line_end) if value_at else None
    if closing is not None and re.search(r"[^\W\d_]", closing.group()):
        return _revision(tail[: closing.start()].rstrip() + "." + tail[line_end:], value)  # ("Actually it is 70, sorry.")
    return None


def _revision(tail: str, value: str) -> str | None:
    """:func:`revised_to` on a tail whose line ends on the value (any closing remark cut off)."""
    m = _REVISED_END_RE.match(tail)
    if m is None or re.search(r"[\d$\\]", tail[m.end() :]):
        return None
    spelled = m.group("e") or m.group("w")
    number = number_prefix(spelled.strip().rstrip(".!。")) if spelled and len(spelled) >= 3 else None
    if number is None and spelled and len(spelled) >= 3:  # "es sind siebzig", "c'est soixante-dix", "het is zeventig"
        said = spelled.strip().rstrip(".!。").split()
        other = next((v for k in (1, 2, 3) if k <= len(said) and (v := number_words(" ".join(said[-k:]))) is not None), None)
        if other is not None:
            return str(other)
    if number is not None:
        return str(parsed(number).value)  # a number in words, with its thing after it: "sixty-nine", "seventy clips", "seventeen twelfths"
    word = m.group("w")
    if word is not None:  # a word: an option letter, a verdict of the answer's kind, a number word
        box = value.strip().strip("$").replace("\\text", "").strip("{}() ")
        if word.lower() in NUMBER_WORDS:
            return str(NUMBER_WORDS[word.lower()])
        if len(word) == 1:
            return word if word.isupper() and WORD_VALUE_RE.fullmatch(word) and len(box) == 1 else None
        positive, negative = _OPPOSITES[0]  # "Sorry, it should be false." after "Yes": the verdict of the other sense
        if {word.lower(), box.lower()} <= positive | negative:
            return word if (word.lower() in positive) != (box.lower() in positive) else None
        kind = word_kind(word) if WORD_VALUE_RE.fullmatch(word) else -1
        same = word.lower() == box.lower()  # ("Actually it is odd." after "\\text{odd}")
        return word if kind >= 0 and not same and WORD_VALUE_RE.fullmatch(box) and word_kind(box) == kind else None
    shown = m.group("e") is not None and re.search(r"[\d+*/^=<>]", m.group("e"))
    if m.group("e") is not None and not shown and not tail.lstrip().startswith((":", "—")):
        return None  # (letters alone only after a colon: "Correction: xy"; an expression anywhere: "x = 25/3")
    other = next(g for g in m.group("m", "d", "k", "c", "b", "t", "p", "e") if g is not None).strip().rstrip(".")
    if _ONE_SIDED_RE.fullmatch(other):
        return other  # an inequality of one unknown, against an interval: "Actually it is x > 4." after [4, \infty)
    other = other.rsplit("=", 1)[-1].strip()  # (a worked line's result: "48 + 24 = 70")
    spelled = number_prefix(other) if re.fullmatch(r"[A-Za-z][A-Za-z \t-]{2,60}", other) else None
    if spelled is not None:
        return str(parsed(spelled).value)  # "$$seventy$$", "**seventy**": a number in words, set as maths or bold
    if not other or _RELATION_OR_PROSE_RE.search(other):  # "561 < 2115", "12 of which are even": no value
        return None
    return other if parses(other) and not words(other) else None


# one unknown bounded by a number: "x > 4", "x \le -2", "4 < x"
_ONE_SIDED_RE = re.compile(
    r"[A-Za-z][ \t]*(?:[<>≤≥]=?|\\(?:le|ge|leq|geq|lt|gt))[ \t]*-?\d+(?:\.\d+)?"
    r"|-?\d+(?:\.\d+)?[ \t]*(?:[<>≤≥]=?|\\(?:le|ge|leq|geq|lt|gt))[ \t]*[A-Za-z]"  # ("4 < x")
)
# a comparison, or a word of prose (three letters or more that name no function): in a revision's last clause, no value
_RELATION_OR_PROSE_RE = re.compile(
    r"[<>≤≥≠]|\\(?:le|ge|leq|geq|lt|gt|ne|neq)(?![A-Za-z])"
    r"|(?<![\\A-Za-z])(?!(?:sqrt|sin|cos|tan|cot|sec|csc|log|exp|arc\w+|infty|inf)(?![A-Za-z]))[A-Za-z]{3,}"
)
