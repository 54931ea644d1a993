"""The value a text concludes with in its last sentence, read after an answer (by :mod:`verifiers.math.revisions`):
"... So the answer is \\boxed{24}. Wait, ... we get 23.\\n\\nTherefore, 23." ends on 23, which is the output's last
word on the answer, not the box. A conclusion is a last sentence that states one value after a conclusion word ("So",
"Therefore", "In other words", "TL;DR", "→", "Edit:", "I'll go with"), a subject ("the count is", "it's", "we get")
or before a trailer ("381 is the answer.", "23 it is."), or a value alone on the last line. Its value is digits, a
short sum of them, a maths span, number words ("twenty-three") or CJK numerals ("二十三"). A closing remark without a
number after it ("That's my answer.", "Yes.") leaves the sentence before it last.

:func:`revised_last_value` reads a last sentence that concludes one plain number after "=", "is", "gives", ...
("That gives us 23 in the end."), :func:`recounted_otherwise` a sentence that counts the answer's own thing again with a
new number ("... = 72 clips.\n\\boxed{72}\n\nThat gives 96 clips."), and :func:`concluded_otherwise` says why any of
them takes the answer back; a check on another case, a supposition, another named quantity, an approximation of a
symbolic answer and one part of an answer of several are no other value.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.compare import approximates as approximates_answer
from verigrpo.verifiers.math.layout import equiv_safe
from verigrpo.verifiers.math.nodes import Expr
from verigrpo.verifiers.math.normalize import normalize
from verigrpo.verifiers.math.sentences import _RETRACTION_RE, AMOUNT_VERBS, RETRACTION_WORDS, parsed, words
from verigrpo.verifiers.math.shown import new_value_ends_line, new_values_shown, shown_values

# a word or a letter answer (an option letter, a verdict, a parity): another value after one is read by the revisions'
# own rules. (ASCII boundaries: Chinese and Japanese glue a letter to the words around it, "或者B", "B选项错误")
WORD_VALUE_RE = re.compile(r"(?<![\\A-Za-z0-9_])\(?([A-J]|yes|no|true|false|odd|even)\)?(?![A-Za-z0-9_(])", re.I)

# a closing remark that endorses the sentence before it, with no value of its own
_REMARK_RE = re.compile(
    r"(?:^|(?<=[.!?。！？\n]))[ \t*]*(?:yes|yep|correct|right|done|confirmed|final|that['’]?s\s+(?:it|final|my\s+(?:final\s+)?answer)"
    r"|(?:this|that)\s+is\s+my\s+(?:final\s+)?answer|i['’]?m\s+(?:confident|sure)(?:\s+now)?)[ \t]*[.!]*[ \t*]*\Z",
    re.I,
)
_SENTENCE_BREAK_RE = re.compile(r"(?<=[.!?])[ \t]+|(?<=[。！？])|\n")
# a display ending the text that gives one number, labelled or not: "$$x = 7$$", "\[7\]"
_LAST_DISPLAY_RE = re.compile(
    r"(?:\$\$|\\\[)[ \t\n]{0,4}((?:[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]*=[ \t]*)?-?\d[\d,]*(?:\.\d+)?)[ \t\n]{0,4}(?:\$\$|\\\])[ \t.]{0,4}\Z"
)
# the words that open a conclusion, one to three of them ("So, therefore,"); then a subject and its copula, or a
# pronoun and a verb of choosing or getting
_LEAD = (
    r"(?:(?:so|therefore|thus|hence|then|yes|ok(?:ay)?|edit|update|correction|finally|in\s+(?:other\s+words|short"
    r"|conclusion|summary|total|all)|altogether|overall|all\s+in\s+all|all\s+told|(?:that|this)\s+(?:gives|yields)"
    r"|summary|that\s+is(?:\s+to\s+say)?|tl;?\s*dr|i\.\s?e\.|→|=>|⇒|∴|\\therefore"
    r"|所以|因此|故|即|也就是说|答案是|答案为|结果是|итак|значит|also|donc|por\s+lo\s+tanto|entonces|quindi|portanto"
    # a summary's name in other languages ("Итого: 70", "Podsumowanie: 70", "总之，答案是七十", "まとめ：合計70個です")
    r"|итого|podsumowanie|kesimpulan|ringkasan|özet|요약|まとめ|要するに|总之|总结|resumen|zusammenfassung"
    r"|en\s+résumé|riassunto|samenvatting|tóm\s+lại)"
    r"(?![A-Za-z])[ \t,:;—–-]*){1,3}"
)
_SUBJECT = (
    r"(?:(?:I|we)(?:['’]ll|\s+will|\s+would)?\s+(?:go\s+with|choose|pick|say|answer|get|have|obtain)"
    r"|(?:it|that|this|the\s+(?:[A-Za-z]+\s+){0,3}?[A-Za-z]+)\s*(?:is|['’]s|was|equals|=|:|must\s+be|should\s+be|would\s+be)"
    r"|(?:the\s+)?(?:final\s+)?answer\s*[:=]?|it\s+is"
    # a person or a pronoun and a verb of amount: "Natalia sold", "she really makes", "we count"
    rf"|(?:[A-Z][a-z]{{1,20}}|she|he|they|we|you)(?:\s+[a-z]{{2,12}}ly)?\s+(?:(?:will|would)\s+)?(?:{AMOUNT_VERBS}"
    r"|count(?:s|ed)?|finds?|found|ends?\s+up\s+with)(?:\s+a\s+total\s+of)?"
    # a person's named total: "Natalia's grand total:", "Janet's profit is"
    r"|[A-Z][a-z]{1,20}['’]s\s+(?:[a-z]{2,12}\s+){0,2}[a-z]{2,12}\s*(?::|is|was|comes\s+to))[ \t]*"
)
_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[ \t]*/[ \t]*\d+)?"
_VALUE = (
    r"(?P<value>\$\$?[^$\n]{1,60}\$\$?|\\\((?:(?!\\\)).){1,60}\\\)|\\\[(?:(?!\\\]).){1,60}\\\]"
    rf"|[$€£]?{_NUMBER}(?:[ \t]*[-+×*/][ \t]*{_NUMBER}){{0,2}}"
    r"|[零〇一二两三四五六七八九十百千万亿]{1,8}"
    r"|(?P<words>[A-Za-z]+(?:[- ][A-Za-z]+){0,4}))"
)
_TRAILER = (
    r"(?:[ \t]*,?[ \t]*(?:not|rather\s+than|instead\s+of)[ \t]+[^.!?\n]{1,30})?"
    r"(?:[ \t]+(?:then|it\s+is|is\s+(?:the|my)\s+(?:final\s+)?answer|is\s+(?:final|correct|right)))?"
)
_UNITS = (
    r"(?:[ \t]+(?!not\b|then\b|is\b|it\b)(?:[^\W\d_]|[%°]){1,15}){0,2}"  # (in any script: "70 заколок")
    # in the passive ("96 clips were sold in total", "were sold by Natalia")
    r"(?:[ \t]+(?:were|was)[ \t]+(?:sold|made|bought|used|counted|found|left|needed|eaten|collected|earned)"
    r"(?:[ \t]+by[ \t]+[A-Z][a-z]{1,20})?)?"
    # and when or where ("every day at the farmers' market", "a day", "in total")
    r"(?:[ \t]+(?:every|each|per|a|an|in|at|on|altogether|daily|weekly|monthly|yearly|overall)\b(?:[ \t]+[A-Za-z'’]{1,15}){0,5})?"
)
_CONCLUSION_RE = re.compile(
    rf"(?P<lead>{_LEAD})?(?P<subject>{_SUBJECT})?(?:\*\*)?{_VALUE}(?:\*\*)?{_UNITS}(?P<trailer>{_TRAILER})[ \t]*(?:です|입니다)?[ \t]*[.!。！]?",
    re.I,
)


# a sentence that opens against what came before it: "But ...", "However, ...", "Actually, ..."
_CONTRAST_RE = re.compile(r"(?<![$ \t;,])[$ \t;,]*(?:but|however|yet|actually|in\s+fact|wait)\b", re.I)


def _sentences(s: str) -> list[str]:
    """The sentences and lines of ``s`` that hold something, in order."""
    return [p for p in _SENTENCE_BREAK_RE.split(s) if p.strip()]


def closing_conclusion(tail: str) -> str | None:
    """The value the last sentence of ``tail`` (the text after an answer, to the end of the output) concludes with;
    None when that sentence concludes nothing."""
    s = without_remark(tail[-600:])
    display = _LAST_DISPLAY_RE.search(s)
    if display is not None:  # "... $$x = 7$$": a display of one value ends the text, a line of its own
        return display.group(1).strip()
    parts = _sentences(s)
    sentence = parts[-1].strip(" \t*_#>") if parts else ""
    if not sentence or len(sentence) > 300:
        return None
    c = _CONCLUSION_RE.fullmatch(sentence)
    if c is None and ":" in sentence:  # "On reflection: so, 23.": the clause after a colon
        sentence = sentence[sentence.rindex(":") + 1 :].strip()
        c = _CONCLUSION_RE.fullmatch(sentence)
    if c is None and re.search(r"[,;]", sentence):  # "but it's 20%, so 32.": the last clause, when it concludes
        clause = re.split(r"[,;]", sentence)[-1].strip()
        c = _CONCLUSION_RE.fullmatch(clause)
        contrast = _CONTRAST_RE.match(sentence) is not None  # "But since it is 20% off, it is 32."
        if c is not None and not (c.group("lead") or (contrast and c.group("subject"))):
            c = None
        sentence = clause if c is not None else sentence
    if c is None:
        return None
    alone = s[: s.rfind(sentence)].rstrip(" \t*_#>").endswith("\n")  # a value alone on its line
    if not (c.group("lead") or c.group("subject") or c.group("trailer").strip() or alone):
        return None
    value = c.group("value")
    if c.group("words") is not None:
        value = number_prefix(value)  # "twenty-three divisors": the words that read as a number
    return value.strip("$ \t") or None if value else None


# after a number in words, words that make it relative ("one less than that", "five times as many")
_RELATIVE_RE = re.compile(r"\b(?:less|more|fewer|than|times|half|plus|minus|of|per|percent|before|after)\b", re.I)


# the quantity a sentence names: "The maximum is 7", "the count is twenty-three", "the number of divisors is 24"
_SUBJECT_RE = re.compile(r"\bthe\s+((?:[A-Za-z]+\s+){0,3}?[A-Za-z]+)\s*(?:is|was|are|were|equals|=|:)", re.I)
# names of the answer itself, not of a quantity of its own
_ANSWER_WORDS = {"answer", "result", "value", "solution", "count", "total", "number"}


def other_quantity(tail: str, before: str) -> bool:
    """The last sentence of ``tail`` names another quantity than the sentence of the answer (``before``, its text up
    to the answer) does: "The minimum is \\boxed{3}. ... The maximum is 7." Names of the answer itself ("the
    answer", "the right count", "the number of divisors") name no other quantity."""
    parts = _sentences(without_remark(tail[-600:]))
    said = _SUBJECT_RE.search(parts[-1]) if parts else None
    own = None
    for own in _SUBJECT_RE.finditer(before[-200:]):  # noqa: B007 - the last one
        pass
    if said is None or own is None:
        return False
    a, b = said.group(1).lower(), own.group(1).lower()
    return a != b and not _ANSWER_WORDS & set(a.split()) and not _ANSWER_WORDS & set(b.split())


def without_remark(s: str) -> str:
    """``s`` without the closing remark it ends on ("... = 381. Yes." -> "... = 381."), and trailing blanks."""
    s = s.rstrip()
    remark = _REMARK_RE.search(s)
    return s[: remark.start()].rstrip() if remark is not None and remark.start() > 0 else s


def number_prefix(words: str) -> str | None:
    """The longest run of the first words of ``words`` that reads as a number, with at most two unit words after it
    ("twenty three apples" -> "twenty three"); None when none does or the words after it make it relative ("one
    less than that")."""
    parts = re.split(r"(?<=[A-Za-z])(?=[- ])", words)
    for k in range(len(parts), 0, -1):
        head = "".join(parts[:k])
        node = parsed(head) if len(head) >= 3 else None  # (not "e", "pi")
        if isinstance(node, Expr) and node.value.is_number:
            rest = "".join(parts[k:])
            return head if len(rest.split()) <= 2 and not _RELATIVE_RE.search(rest) else None
    return None


# after an answer, a word that reopens it ("Hmm, wait.", "On second thought", "Re-reading the problem", "P.S.")
_REOPENED_RE = re.compile(
    rf"(?<![A-Za-z])(?:{RETRACTION_WORDS}|on\s+second\s+thought|re-?read\w*|on\s+reflection|reali[sz]\w*|p\.\s?s\.|"
    r"should\s+(?:read|say)|double-check\w*|re-?check\w*|no\s*[—–-])(?![A-Za-z])",
    re.I,
)
# a plain number, and the words that conclude it right before it ("= 23", "gives us 23", "leaves 23", "actually 4",
# "should read 4", "I'll correct my answer to 4", "— 4")
_NUMBER_RE = re.compile(r"(?<![\w.^_\\])[-−]?\d+(?:\.\d+)?(?![\w^\\{(/]|\.\d)")  # (not "48\\pi", "2^{3}", "3/4")
_CONCLUDING_BEFORE_RE = re.compile(
    r"(?:=|—|–|\b(?:is|are|was|be|so|thus|therefore|hence|actually|gives?|giving|get|gets|got|leaves?|leaving|obtain\w*"
    r"|read|say|end\s+up\s+with|(?:correct|change|revise|update|amend)\w*\s+(?:my|the|this|it|that)\b(?:\s+\w+){0,2}\s+to)"
    r"(?:\s+(?:us|me|you|we))?)"
    r"[ \t,]*\$?[ \t]*\Z",
    re.I,
)


# after the concluded value: at most three unit words ("23 divisors in total."), or the end of its clause ("23 — that's
# what I'll go with", "23 is what they want", "23 divisors, which is what is being asked", "4, so that's the remainder")
_UNIT_WORDS_END_RE = re.compile(r"(?:[ \t]*[^\W\d_%°]+|[ \t]*[%°]){0,3}[ \t]*[.!。]?[ \t)*]*")
_CLAUSE_AFTER_RE = re.compile(
    r"(?:[ \t]*[^\W\d_]+){0,2}[ \t]*(?:,[ \t]*(?:which|that|so|and\s+that)\b|[—–;]|\bis\s+what\b|\bthat['’]s\b)", re.I
)
# a supposition before the value: "if we also counted the endpoints we would get 7"
_SUPPOSED_RE = re.compile(r"\b(?:if|would|could|might|suppose|supposing|were|unless|otherwise|assuming)\b", re.I)
# a check on another case: "Let me verify with a smaller case", "for example", "e.g.", "sanity check"
_ANNOUNCED_CHECK = r"\blet\s+me\s+(?:re-?|double[- ]?)?(?:verify|check|confirm)\w*\b[^.\n]{0,60}:"
_CHECK_CASE_RE = re.compile(
    r"\b(?:(?:smaller|simpler|another|different|small)\s+(?:case|example|number|value)|for\s+(?:example|instance)|e\.g\."
    r"|sanity|(?:verify|check|test|try)\w*\s+(?:it\s+)?(?:with|on|using))\b"
    # a re-check announced as one: "let me verify by subtraction:", "let me double-check May:", "re-verify the sum:"
    r"|" + _ANNOUNCED_CHECK,
    re.I,
)


_ANNOUNCED_CHECK_RE = re.compile(_ANNOUNCED_CHECK, re.I)


def checks_other_numbers(tail: str, value: str) -> bool:
    """The last sentences of ``tail`` (after the answer ``value``) check another case ("Wait, let me verify with a
    smaller case: for 12 the same formula gives 6."): they say so, and the last works with numbers other than the
    answer's. Such a sentence does not revise the answer."""
    parts = _sentences(without_remark(tail[-600:]))
    if not parts or not _CHECK_CASE_RE.search(" ".join(parts[-2:])):
        return False
    numbers = [m.group() for m in _NUMBER_RE.finditer(parts[-1])]
    if len(numbers) > 2 and "=" in parts[-1] and _ANNOUNCED_CHECK_RE.search(" ".join(parts[-2:])):
        return True  # "let me verify by subtraction: 72 - 24 = 48": a worked check, whatever numbers it uses
    return len(numbers) > 1 and value.strip().strip("$").strip() not in numbers[:-1]


def revised_last_value(tail: str, value: str) -> str | None:
    """The value the last sentence of ``tail`` (the text after the answer ``value``) concludes: one plain number after
    "=", "is", "gives", "leaves", "should read", ..., with at most eight words after it ("That gives us 23 in the
    end.", "We end up with 23 divisors."). Where the sentence has other numbers, the text must reopen the answer
    ("Hmm", "wait", "On second thought") and the sentence name the answer's own value, relating the new value to
    it ("So I need to subtract one: 24 - 1 = 23 divisors in total."); a sentence about other numbers ("for 12 the
    formula gives 6") is a check, not a revision. None otherwise."""
    s = without_remark(tail[-2_000:])
    reopened = _REOPENED_RE.search(s) is not None
    parts = _sentences(s[-600:])
    if len(parts) < 2 and not re.match(r"\s*[.!?。！？\n]", s):
        return None  # the rest of the answer's own sentence ("\\boxed{5} below the line y = 10.") concludes nothing else
    last = parts[-1].strip(" \t*_#>()") if parts else ""
    numbers = list(_NUMBER_RE.finditer(last))
    if not numbers:
        return None
    final = numbers[-1]
    after = last[final.end() :]
    if re.search(r"[\d\\]", after) or not (_UNIT_WORDS_END_RE.fullmatch(after) or _CLAUSE_AFTER_RE.match(after)):
        return None  # ("x = -5 fails since the log is undefined": the value is the subject of what follows)
    if _CONCLUDING_BEFORE_RE.search(last, 0, final.start()) is None or _SUPPOSED_RE.search(last, 0, final.start()):
        return None  # ("Note: if we also counted the endpoints we would get 7.": a supposition, no conclusion)
    own = value.strip().strip("$").strip()
    others = {m.group() for m in numbers[:-1]}
    if others and (own not in others or not reopened):
        return None  # (a sentence of one number concludes it even where nothing reopened the answer)
    return final.group().replace("−", "-")


_VERDICTS = {"true": True, "yes": True, "correct": True, "false": False, "no": False, "incorrect": False}
# the verdict a sentence gives its subject ("is not true", "must be correct"): its negation, then its word
_VERDICT_GIVEN = r"[ \t]+(?:is|holds|must[ \t]+be)[ \t]+(not[ \t]+)?(true|false|correct|incorrect)"
# a last sentence that concludes a verdict: "Hence the statement is true.", "So the claim is not correct."
_VERDICT_END_RE = re.compile(
    r"(?:^|\n|(?<=[.!?,;])[ \t]+)[ \t*_]*(?:so|thus|therefore|hence|in\s+conclusion),?[ \t]+(?:the\s+)?"
    rf"(?:statement|claim|assertion|proposition|answer|conjecture|it|this){_VERDICT_GIVEN}[ \t*_]*[.!]?[ \t*_]*\Z",
    re.I,
)


def concluded_verdict(tail: str) -> bool | None:
    """The verdict the last sentence of ``tail`` concludes ("Hence the statement is true." -> True), or None."""
    m = _VERDICT_END_RE.search(without_remark(tail[-300:]))
    if m is None:
        return None
    return _VERDICTS[m.group(2).lower()] != bool(m.group(1))


# a sentence that gives the statement under test a verdict: "The statement '30% of 200 is 75' is false.", "Therefore,
# the statement that the perimeter is 47 units is incorrect."
_STATEMENT_VERDICT_RE = re.compile(
    r"\bthe[ \t]+(?:given[ \t]+|original[ \t]+|initial[ \t]+|above[ \t]+)?(?:statement|claim|assertion|proposition)"
    r"(?:[ \t]+that[ \t]+[^.!?\n]{1,120}?|[ \t]*['\"“‘][^'\"”’\n]{1,120}['\"”’])?"
    rf"{_VERDICT_GIVEN}\b",
    re.I,
)


def statement_verdict(text: str) -> bool | None:
    """The verdict that every sentence of ``text`` giving the statement one agrees on ("The statement '30% of 200 is
    75' is false. ... 30% of 200 is 60, not 75." -> False); None where none gives one, or they disagree."""
    said = {_VERDICTS[m.group(2).lower()] != bool(m.group(1)) for m in _STATEMENT_VERDICT_RE.finditer(text[-2_000:])}
    return said.pop() if len(said) == 1 else None


# a plain number and the one or two words after it: "72 clips", "15 ordered pairs", "$\\boxed{}$ 96 clips"
_COUNTED_RE = re.compile(
    r"(?<![\w.,^_\\/])(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?P<dec>\.\d+)?(?![\w,/^]|\.\d)[$}]*[ \t]+"
    r"(?P<w1>[A-Za-z]{2,20})(?:[ \t]+(?P<w2>[A-Za-z]{3,20}))?"
)
# words after a number that name no thing counted, or make the count another one ("24 more clips", "6 dozen clips",
# "2 solutions per factor")
NOT_A_THING = frozenset(
    "the a an and or in on at of for to by with from per each every is are was were be so that this which than it as if"
    " more less fewer extra additional other others remaining left total altogether overall all times dozen dozens"
    " score hundred hundreds thousand thousands million millions billion percent apiece not only just".split()
)
_RATE_AFTER_RE = re.compile(r"[ \t]+(?:per|each|apiece|a|an|every|for\s+each|in\s+each|of\s+each|more|less|than)\b", re.I)


def stem(word: str) -> str:
    """A noun's stem, to match its singular and plural ("boxes", "box"; "clips", "clip")."""
    w = word.lower()
    return w[:-2] if w.endswith(("ches", "shes", "xes", "sses")) else w[:-1] if w.endswith("s") and len(w) > 3 else w


def _things(m: re.Match[str]) -> list[str]:
    """The thing a count names: the first word after the number that is not a function word ("72 clips" -> clips,
    "15 ordered pairs" -> ordered, pairs)."""
    return [stem(w) for w in (m.group("w1"), m.group("w2")) if w and w.lower() not in NOT_A_THING]


# a last line that checks, recounts or totals, in any of a few languages, on a chain that ends on a number:
# "Check: 48 + 22 = 70 ✓", "Verification: 48 + 22 = 70.", "Total clips = 48 + 22 = 70", "重新计算：48+22=70。"
_CHECK_LINE_RE = re.compile(
    # (the label in brackets or on the line before; "Let me verify:", "Checking:", "Grand total =", "Sum:", "合计：")
    r"\n[ \t*_>#(-]*((?:(?:let[ \t]+me[ \t]+|let['’]s[ \t]+)?(?:double[ \t-]?|re-?)?(?:check(?:ing)?|verif(?:y|ying|ication)"
    r"|recount(?:ing)?|recalculat(?:e|ing|ion))|proof|sanity[ \t]+check|(?P<total>(?:grand[ \t]+)?total|sum(?=[ \t]*[:=])|合计|合計|总计|總計|총합)"
    r"|probe|prüfung|kontrolle|vérification|comprobación|verificación|verifica|проверка"
    r"|验证|檢驗|检验|验算|驗算|重新计算|重新計算|核对|核對|確認|検算|검산|확인)[^\n=：:]{0,30}[:：]?[ \t]*\n?)"
    r"([^\n]{1,80}?=[ \t]*\$?[ \t]*)(-?\d[\d,]*(?:\.\d+)?)[ \t$]*(?:[✓✔✅]\ufe0f?|\\checkmark)?"
    r"(?:[ \t]*,[ \t]*(?:correct|right|ok|okay|good|confirmed)\b)?[ \t.。!)]*\Z",
    re.I,
)


def checked_otherwise(tail: str, value: str, working: str) -> bool:
    """Whether the last line of ``tail`` (the text after the answer ``value``) checks or totals the working again and
    concludes another value: a chain of arithmetic (:data:`_CHECK_LINE_RE`) that ends on a number the working (the
    text before the answer) never reached, with the answer nowhere on it. A total must also use a number the
    working never had. Not a check of the answer ("Check: 72 - 24 = 48 ✓"), of a step ("Check: 48 / 2 = 24 ✓"), of
    another case ("Check with n = 3: 3 + 3 = 6"), nor a total of the working's own numbers ("Total: 48 + 24 = 72")."""
    checked = _CHECK_LINE_RE.search(tail[-400:])
    if checked is None:
        return False
    chain, result = checked.group(1) + checked.group(3), checked.group(4).replace(",", "")
    if _OTHER_CASE_RE.search(chain) or not _ARITHMETIC_RE.search(chain):
        return False  # (an equation of two values, "Total = 70", is a closing value's, read elsewhere)
    seen = {m.group().replace(",", "") for m in _PLAIN_RE.finditer(working[-3_000:])}
    operands = [m.group().replace(",", "") for m in _PLAIN_RE.finditer(checked.group(3))]
    own = normalize(value)
    if result in seen or any(equiv_safe(normalize(n), own) for n in [*operands, result]):
        return False  # (a check that uses the answer checks it: "120 / 2 = 60 ✓", its result given by the question)
    return not checked.group("total") or any(n not in seen for n in operands)


_ARITHMETIC_RE = re.compile(r"\d[ \t]*(?:[-+×*/÷−·]|\\(?:times|cdot|div)(?![A-Za-z]))[ \t]*\(?\d")


_OTHER_CASE_RE = re.compile(r"\b(?:case|example|instance|if|when|e\.g\.|for[ \t]+[a-z][ \t]*=)|(?<![A-Za-z])[a-z][ \t]*=[ \t]*\d", re.I)


def recounted_otherwise(tail: str, value: str, working: str) -> bool:
    """Whether a sentence after the answer ``value`` (``tail``, to the end of the output) counts the answer's own
    thing again with a new number: "... = 72 clips altogether.\n\\boxed{72}\n\nThat gives 96 clips for the two
    months.", "I get 96 clips when I recount.", "Counting again gives $39$ ordered pairs." The thing is the word
    the answer's number is written with in ``working`` (the text before the answer). A number the working already
    has (a breakdown: "48 clips in April and 24 in May"), a rate ("3 dollars per box"), another count relative to it
    ("24 more clips") and a supposition ("if she had sold 48 more, 120 clips") are no new count."""
    own = value.strip().strip("$").strip()
    if not re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", own):
        return False
    own = own.replace(",", "")
    lead = re.match(r"[$}]*", tail).end()  # ("\\boxed{72} clips", on the answer's own line)
    counted = _COUNTED_RE.finditer(working[-1_500:] + " " + own + tail[lead : lead + 60].split("\n")[0])
    things = {t for m in counted if m.group("n").replace(",", "") == own and not m.group("dec") for t in _things(m)}
    seen = {m.group().replace(",", "") for m in _PLAIN_RE.finditer(working)}
    money = re.search(rf"[$€£¥][ \t]?{re.escape(own)}(?![\d,]|\.\d)", working[-1_500:]) is not None  # ("9 × 2 = $18")
    known = seen | {own}
    start = re.search(r"[.!?。！？\n]", tail)
    if start is None:
        return False
    for sentence in _sentences(tail[start.end() :][-1_500:]):
        if _CHECK_CASE_RE.search(sentence):
            continue
        fresh = [m for m in _PLAIN_RE.finditer(sentence) if m.group().replace(",", "") not in known]
        if not fresh or _SUPPOSED_RE.search(sentence, 0, fresh[-1].start()):
            continue
        for m in _COUNTED_RE.finditer(sentence):
            if m.group("n").replace(",", "") not in known and _new_count(m, things) and not _rate_after(sentence, m):
                return True  # "That gives 96 clips for the two months."
        for m in _AMOUNT_RE.finditer(sentence) if money else ():
            if m.group(1).replace(",", "") not in known and not _RATE_AFTER_RE.match(sentence, m.end()):
                return True  # "... 9 × 2 = $18.\n\nThe answer is 18.\n\nJanet sells 10 eggs and makes $20."
        if len(_PLAIN_RE.findall(sentence)) != 1:
            continue
        n = fresh[0]
        named = things & {stem(w) for w in re.findall(r"[A-Za-z]{3,}", sentence[: n.start()])}
        if (named or _TOTAL_WORD_RE.search(sentence)) and _UNIT_WORDS_END_RE.fullmatch(sentence[n.end() :]):
            return True  # "The total number of clips sold comes to 96.", "Thus the clips sold number 96."
        if re.match(_LEAD, sentence, re.I) and _TOTAL_WORD_RE.search(sentence):
            return True  # "Donc, Natalia a vendu 96 pinces au total.", "因此，娜塔莉亚一共卖了96个发夹。"
        if _DECLARED_RIGHT_RE.match(sentence, n.end()):
            return True  # "Re-checking, I believe 96 is right."
    return False


# an amount of money: "$20", "€ 1,200"
_AMOUNT_RE = re.compile(r"[$€£¥][ \t]?(\d{1,3}(?:,\d{3})+|\d+)(?![\d,]|\.\d)")
# a plain whole number, glued to CJK words or not
_PLAIN_RE = re.compile(r"(?<![\d.,^_\\/A-Za-z])(?:\d{1,3}(?:,\d{3})+|\d+)(?![\d/^]|[.,]\d|[A-Za-z])")
_TOTAL_WORD_RE = re.compile(
    r"(?<![A-Za-z])(?:total|altogether|in\s+all|overall|au\s+total|en\s+tout|en\s+total|insgesamt)(?![A-Za-z])"
    r"|一共|总共|共计|合计|总计|总数",
    re.I,
)
# a number declared the right one: "96 is right", "96 is the correct answer"
_DECLARED_RIGHT_RE = re.compile(
    r"[ \t]+(?:is|was)[ \t]+(?:(?:indeed|actually|really)[ \t]+)?(?:right|correct|the\s+(?:right|correct|real|actual)\s+answer)\b",
    re.I,
)


def _new_count(m: re.Match[str], things: set[str]) -> bool:
    """Whether the count ``m`` names one of ``things`` directly ("96 clips", "39 ordered pairs"), not a scale or a
    relative count ("6 dozen clips", "24 more clips")."""
    return not m.group("dec") and m.group("w1").lower() not in NOT_A_THING and bool(things & set(_things(m)))


def _rate_after(sentence: str, m: re.Match[str]) -> bool:
    """Whether the count ``m`` is a rate or a comparison: "3 clips per day", "2 clips more than last year"."""
    return any(_RATE_AFTER_RE.match(sentence, m.end(w)) for w in ("w1", "w2") if m.group(w))


_LABELLED_RE = re.compile(r"[A-Za-z](?:_\{?\w{1,3}\}?)?\s*=\s*([^=]+)\Z")
_DECIMAL_RE = re.compile(r"\d\.\d")


_BASE_SUBSCRIPT_RE = re.compile(r"_\{?\d{1,2}\}?\Z")  # "4210_5", "4210_{5}": a numeral's base


def restates(closing: str, box: str) -> bool:
    """``closing`` writes the box's own characters in another layout: its digits without their base ("4210" after
    "\boxed{4210_5}", a program's printout), or its list without the spaces ("0,1" after "\boxed{0, 1}")."""
    closing, box = closing.strip(), box.strip()
    digits = _BASE_SUBSCRIPT_RE.sub("", box)
    if digits != box and closing == digits:
        return True
    return "," in closing and re.sub(r"\s", "", closing) == re.sub(r"\s", "", box)


def _checked_with_answer(tail: str, value: str) -> bool:
    """The last line of ``tail`` is an equation that works with the answer's number on its left ("3^4 = 81" after
    4), with no retraction in it: a check of the answer, not another value."""
    number = value.strip().strip("$").strip()
    if not re.fullmatch(r"-?\d{1,12}(?:\.\d{1,12})?", number):
        return False
    last = tail.strip()[-300:].rsplit("\n", 1)[-1]
    if last.count("=") != 1 or _RETRACTION_RE.search(last):  # (not "3^4 = 81, so x = 5")
        return False
    left = last.rsplit("=", 1)[0]
    return re.search(rf"(?<![\d.]){re.escape(number)}(?![\d.])", left) is not None


def shown_otherwise(tail: str, value: str) -> str | None:
    """Why ``tail``, the text after the answer ``value``, shows another value in a table's total or answer cell, an
    answer's or a check's field, or a program's printout (:func:`~verifiers.math.shown.shown_values`): "#### 72\\n\\n|
    Total | 70 |", "\\boxed{72}\\n```\\n>>> 48 + 22\\n70\\n```", "Answer: 72. Sanity check: 70."; None otherwise, and for
    a word, a letter or an answer of several parts (a field may hold one of its parts)."""
    own = value.strip().strip("$").replace("\\text", "").strip("{}() ").lower()
    if words(value) or WORD_VALUE_RE.fullmatch(own) or re.search(r"[,;]|\\(?:begin|cup)", value):
        return None
    for shown in shown_values(tail):
        if not restates(shown, value) and not equiv_safe(normalize(shown), normalize(value)):
            return "another value shown after the answer (a table's total, an answer or check field, a program's output)"
    return None


def new_value_shown(tail: str, value: str, working: str) -> str | None:
    """Why the block that ends ``tail`` shows another value than the answer ``value``, one the ``working`` before
    it never wrote, in any field, cell or printed line (:func:`~verifiers.math.shown.new_values_shown`): "\\boxed{72}
    \\n\\nOut [3]: 70", "Answer: 72\\nConfirmed: 70", {"answer": 72, "recomputed": 70}; None otherwise (a rounding
    of the answer is no other value)."""
    own = value.strip().strip("$").replace("\\text", "").strip("{}() ").lower()
    if words(value) or WORD_VALUE_RE.fullmatch(own) or re.search(r"[,;]|\\(?:begin|cup)", value):
        return None
    answer = parsed(value)
    values = new_values_shown(tail, working)
    laid_out = not working.strip() and "|" in tail and any(equiv_safe(normalize(v), normalize(value)) for v in values)
    if laid_out:  # "\\boxed{18}\\n\\n| eggs sold | 9 |\\n| revenue | 18 |": with no working before it, a table of its own
        return None
    for shown in values:
        other = parsed(shown)
        if restates(shown, value) or equiv_safe(normalize(shown), normalize(value)):
            continue
        if isinstance(other, Expr) and isinstance(answer, Expr) and other.inexact and approximates_answer(answer, other):
            continue  # "\boxed{\frac{35}{36}}\n\nDecimal: 0.9722": its rounding
        return "a block after the answer shows a value the working never had"
    return None


def concluded_otherwise(tail: str, value: str, before: str = "", working: str | None = None) -> str | None:
    """Why the last sentence of ``tail`` (the text after the answer ``value``, to the end of the output) takes the
    answer back, or None: it concludes another value ("... \\boxed{24}. Wait, ... Therefore, 23."). A word or
    letter answer, a decimal next to a symbolic answer (an approximation), a labelled value next to an answer of
    several parts (one of its parts), and another quantity named ("The minimum is \\boxed{3}. The maximum is 7.",
    ``before`` being the answer's sentence up to it) are no other value."""
    if before and other_quantity(tail, before):
        return None
    if working is not None and recounted_otherwise(tail, value, working):
        return "the answer's own thing counted again with another number after it"
    if working is not None and checked_otherwise(tail, value, working):
        return "a check after the answer concludes another value"  # "\boxed{72}\n\nCheck: 48 + 22 = 70 ✓"
    shown = shown_otherwise(tail, value) or (new_value_shown(tail, value, working) if working is not None else None)
    if shown is not None:
        return shown
    if working is not None and (goes_on := new_value_ends_line(tail, value, working)):
        return goes_on  # "\boxed{72}, really 70."
    verdict = concluded_verdict(tail)
    own = value.strip().strip("$").replace("\\text", "").strip("{}() ").lower()
    if verdict is not None and own in _VERDICTS and verdict != _VERDICTS[own]:
        return "another verdict concluded at the end of the text"  # "\boxed{False}\n\nHence the statement is true."
    if _checked_with_answer(tail, value):
        return None  # "\boxed{4}\n\n✅ 3^4 = 81", "(Check: 3^4 = 81.)": the answer put back into the problem
    concluded = closing_conclusion(tail)
    if concluded is None and not re.search(r"[,;]|\\(?:begin|cup)", value) and not checks_other_numbers(tail, value):
        concluded = revised_last_value(tail, value)  # (one part of an answer of several is no other value)
    if concluded is None or words(value) or WORD_VALUE_RE.fullmatch(own):  # ("\\text{No}": the word No)
        return None
    labelled = _LABELLED_RE.match(concluded.strip())
    if labelled is not None and re.search(r"[,;]|\\(?:begin|cup)", value):
        return None  # "\boxed{(3, 2)}. So y = 2.": one of its parts
    if _DECIMAL_RE.search(concluded) and re.search(r"[\\A-Za-z]", value):
        return None  # "\boxed{\sqrt{2}}. So, 1.414.": an approximation of it
    if restates(concluded, value) or equiv_safe(normalize(concluded), normalize(value)) or (
        labelled is not None and equiv_safe(normalize(labelled.group(1)), normalize(value))
    ):
        return None
    side = concluded.rsplit("=", 1)[-1].strip() if "=" in concluded else ""
    if side and (restates(side, value) or equiv_safe(normalize(side), normalize(value))):
        return None  # "\boxed{5}\n\nSo $101_2 = 5$.", "So $\angle C = 70^\circ$.": an equation that ends on the answer
    return "another value concluded at the end of the text"
