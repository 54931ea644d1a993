"""Extraction, part 3: reading an answer written as a sentence. After a marker ("Final Answer: The volume is 120
cubic units."), in an answer block, or as LaTeX prose (``\\text{The answer is } 103``): the value it states (its last
"is", its one number, the result of its worked sum), or nothing when it negates, doubts or hedges itself.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.boxes import _last_match
from verigrpo.verifiers.math.cjk import CJK_CHAR_RE, COPULAS
from verigrpo.verifiers.math.forms import numeral_key, one_number_sentence, qualified
from verigrpo.verifiers.math.locales import foreign_scales
from verigrpo.verifiers.math.negations import FOREIGN_NOT, FOREIGN_WRONG, WRONG_UNSPACED
from verigrpo.verifiers.math.nodes import MAX_ANSWER_CHARS, Expr, Node
from verigrpo.verifiers.math.normalize import BOLD_MARK_RE
from verigrpo.verifiers.math.parse import _REJECTED_OPTION, parse_answer
from verigrpo.verifiers.math.units import unit_scale
from verigrpo.verifiers.math.wordlists import OR_BETWEEN_VALUES, OR_SPACED, OR_UNSPACED, OR_WORDS

# "or" in the languages models answer in (:mod:`verifiers.math.wordlists`)
_OR_RE = re.compile(  # (in emphasis too: "4 _or_ 3", "4 *or* 3")
    rf"(?:\\text\{{\s*|(?<![^\W_]))(?:{OR_WORDS}|alternatively|bzw|resp|beziehungsweise)(?![^\W_])"  # ("3 bzw. 4")
    rf"|(?<=[\d$)}}%][ \t])(?:{OR_BETWEEN_VALUES})(?=[ \t]+[-$\d(\\])|(?<=[(（])(?:{OR_BETWEEN_VALUES})(?=[ \t]+[-$\d(\\])"
    rf"|{OR_UNSPACED}|(?<!\S)(?:{OR_SPACED})(?!\S)"
    # "could also be" after a first value: "答案是694美元，也可能是794美元", "あるいは"
    r"|也可能|あるいは|もしくは",
    re.I,
)
# after a fallback answer, in the same sentence: "5 is not a solution", "$x = 5$, which fails"
_NEGATED_RE = re.compile(
    r"\b(?:not|never|isn't|aren't|doesn't|don't|didn't|wasn't|can't|cannot|won't|fails?|failed|"
    r"wrong|incorrect|invalid|impossible|contradiction|extraneous|spurious|rejected|discarded|"
    r"unlikely|doubtful|improbable|implausible|hardly)\b|n't\b|\?"  # "the answer is unlikely to be 5"
    r"|\b(?:anything|everything|any\s+\w+)\s+(?:but|except|other\s+than|save)\b"  # "anything but 5"
    r"|不是|并非|不对|不行|错误|矛盾|？|吗"  # the same in Chinese: "5不是解", "是5吗？", "答案并非 55"
    r"|ではありません|ではない|じゃない|아닙니다|아니다|아니에요"  # Japanese, Korean
    rf"|\b(?:{FOREIGN_NOT}|{FOREIGN_WRONG})\b|{WRONG_UNSPACED}",  # "5 değil", "bukan 5", "5 ist falsch", "5 (خطأ)"
    re.I,
)
# anywhere in the sentence of a fallback answer: "I'm not sure, maybe 42"
_UNSURE_RE = re.compile(
    r"\b(?:maybe|perhaps|not sure|unsure|guess|might|possibly|probably|(?:answer|result)\s+(?:could|may)\s+be)\b|可能|也许|或许|大概|不确定|猜"
    # a trial value, not a conclusion: "let's try n = 4", "suppose x = 5", "try 7"
    r"|\b(?:try|trying|suppose|assume|assuming)\s+(?:\$|\\\(|[A-Za-z]\s*=|-?\d)",
    re.I,
)

def clean_answer(s: str) -> str:
    s = s.strip().strip("*").strip()
    if s.startswith("}") and s.count("}") > s.count("{"):  # "\text{The answer is } C = 2.5": the marker's group
        s = s[1:].strip()
    closed = _GROUP_CLOSE_END_RE.search(s) if s.endswith(("}", "]", "$", ")")) and s.count("}") > s.count("{") else None
    if closed is not None:  # "\[ \text{Answer: B} \]": the value inside the marker's text group, then its display
        s = s[: closed.start()].strip()
    while len(s) > 2 and s[0] == "_" and s[-1] == "_" and s[-2] != "\\":  # markdown emphasis: "_120°_", "___3___"
        s = s[1:-1].strip()
    bracketed = _BRACKETED_OPTION_RE.fullmatch(s)
    if bracketed is not None:  # "[(B) 2.880 Å]": an option in the square brackets a prompt asked for
        s = bracketed.group(1).strip()
    if s.endswith("选项") and _LETTER_THEN_OPTION_RE.fullmatch(s):  # "B选项": the option B
        s = s[0]
    if s.startswith("<") and _ANGLED_NUMBER_RE.fullmatch(s):  # "Answer: <270>": a template's slot, filled
        s = s[1:-1].strip()
    return _OPTION_WORD_RE.sub("", s)  # "option B" -> "B"


_GROUP_CLOSE_END_RE = re.compile(r"\}[ \t]*(?:\\\]|\\\)|\$\$?)?[ \t.]*\Z")  # "B} \]": the group's brace, the display's end
# a conclusion word that opens a sentence ("Thus $x = 5$", "So, 72 clips"), and a span of inline maths
LEAD_WORD_RE = re.compile(r"(?:so|thus|therefore|hence|finally|then|consequently)\b[,:]?\s+", re.I)
_INLINE_SPAN_RE = re.compile(r"\$([^$\n]{1,200})\$|\\\(([^\n]{1,200}?)\\\)")
_LETTER_THEN_OPTION_RE = re.compile(r"[A-J][ \t]*选项")
_ANGLED_NUMBER_RE = re.compile(r"<[ \t]*-?\$?\d[\d,]*(?:\.\d+)?[ \t]*>\.?")
# "option B", and in Russian, Spanish, Portuguese, Turkish, Indonesian, Vietnamese: "вариант A", "opción C"
_OPTION_WORD_RE = re.compile(
    r"^(?:option|choice|вариант|opción|opção|seçenek|pilihan|phương\s+án)\s+(?=\(?[A-E]\b)", re.I
)
_BRACKETED_OPTION_RE = re.compile(r"\[[ \t]*(\([A-E]\)[^\[\]\n]{0,200})\]")

_TEXT_GROUP_RE = re.compile(r"\\(?:text|textrm|textnormal|mbox)\s*\{([^{}]*)\}")
_SPACING_RE = re.compile(r"(?<!\\)\\(?:[,;:! ]|quad\b|qquad\b)")
# a note after the value: "(about 18.9 cards)", "(approximately 4.148)", "(≈ 0.33)"
_APPROX_NOTE_RE = re.compile(r"\s*\(\s*(?:about|approximately|approx\.?|roughly|≈|\\approx|~)\s*[^()]{0,200}\)\s*\.?\s*$", re.I)


def without_word_note(s: str) -> str | None:
    """``s`` without the note in words, no digits, that closes it ("38 (no unit)" -> "38"); None where there is none
    or it negates, doubts or rejects the value ("5 (rejected)", "5 (not sure)")."""
    note = _WORD_NOTE_RE.search(s) if s.rstrip(" .").endswith(")") else None
    if note is None or s[note.end() :].strip(" .") or _NEGATED_RE.search(note.group()) or _UNSURE_RE.search(note.group()):
        return None
    return None if _FAILS_NOTE_RE.search(note.group()) else s[: note.start()].strip() or None


# a note that says the value fails: "(rejected)", "(extraneous)", "(invalid)"
_FAILS_NOTE_RE = re.compile(r"\b(?:reject\w*|extraneous|invalid|impossible|wrong|incorrect|discard\w*|fails?)\b", re.I)


def prose_answer(ans: str) -> str | None:
    """An answer written as prose in LaTeX, ``\\text{The answer is } 103``, ``The\\ area\\ is\\ \\frac{54}{25}``, or a
    value with an approximate note after it, ``\\frac{737}{39}\\;\\text{(about }18.9\\text{ cards)}``: the value, read
    as a final-answer sentence is (its last "is", its one number); None when that reads nothing new."""
    if len(ans) > MAX_ANSWER_CHARS or ("\\text" not in ans and "\\ " not in ans and "(" not in ans):
        return None
    s = _SPACING_RE.sub(" ", _TEXT_GROUP_RE.sub(lambda m: f" {m.group(1)} ", ans))
    s = " ".join(s.split())
    note = _APPROX_NOTE_RE.search(s)
    if note is not None:  # the value before the note, as it stands
        value = s[: note.start()].strip()
    else:  # a sentence: what follows its last "is" ("abs(signum(1/x))" is no sentence, and its lone 1 no answer)
        m = _last_match(_IS_RE, s) if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", s) else None
        value = clean_answer(s[m.end() :]).rstrip(". ") if m is not None else ""
    if not value or value == ans or not parses(value) or words(value):
        return None
    return value


_ORDINAL_SUFFIX_RE = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")
# a line that states a result, and the number it states
_STATED_RE = re.compile(r"(?:\b(?:is|are|was|were|equals)\b|=)\s*\$?(-?\d[\d,]*(?:\.\d+)?)")
# the topic or copula particle before a value in Japanese, Chinese and Korean ("...は22回です", "...是 12", "확률은 1/5")
_CJK_TOPIC_RE = re.compile(r"(?:は|是|为|(?<=[\uac00-\ud7af])[은는](?=[ \t]))[ \t]*")
_IS_RE = re.compile(r"\b(?:is|are|was|were|equals|be)\s+")
# a phrase that totals the numbers before it, the sentence ending on the total: "..., totaling 3 bolts"
_TOTAL_PHRASE_RE = re.compile(
    r",?[ \t]+(?:totall?ing|for[ \t]+a[ \t]+(?:grand[ \t]+)?total[ \t]+of|(?:making|giving)[ \t]+(?:a[ \t]+total[ \t]+of|it)|"
    r"which[ \t]+(?:equals|makes|gives|is)[ \t]+a[ \t]+total[ \t]+of|in[ \t]+total)[ \t]+(?=[^\d\n]{0,20}\d[\d.,]*[^\d\n]*\Z)"
)
_NAMED_EQUALS_RE = re.compile(r"[^\W\d_]{2,}\s*=\s*")  # "Amount to pay out of pocket = "
# the "=" that ends a computation written in a sentence: "400 + 76 =", "2 x 0.95 x 40 =", "16 / 4 ="
# (a number starts where no digit precedes it: a match tried inside every digit run would be quadratic)
# a value set in bold: a number, with a currency sign or up to three unit words ("**63 minutes**", "**$45**")
_BOLD_VALUE_RE = re.compile(
    r"(?<![\w*])\*\*([$€£¥₹]?[ \t]*-?\d[\d,]*(?:\.\d+)?(?:[ \t]*[%°]|[ \t]+[A-Za-z]{1,15}){0,3})\*\*(?![\w*])"
)
_WORD_NOTE_RE = re.compile(r"[ \t]*\((?=[^()\d]*[A-Za-z]{2})[^()\d]{1,40}\)")  # a note in words, no digits
_WORKED_OUT_RE = re.compile(r"(?<![\d,.])\d[\d,]*(?:\.\d+)?\s*[-+*/×÷x]\s*\(?\d[\d,]*(?:\.\d+)?\)?\s*=\s*")


# an operation named on the stated number, before or after it
_OPERATED_RE = re.compile(
    r"\A[ \t$]*the[ \t]+(?:square|cube|double|half|triple|opposite|negative|reciprocal|inverse|log(?:arithm)?|absolute[ \t]+value"
    r"|square[ \t]+root|cube[ \t]+root|factorial|next[ \t]+\w+|previous[ \t]+\w+|sine|cosine|tangent)[ \t]+(?:of|after|before)"
    r"[ \t]+[-−$\d]"
    r"|\d[ \t]*,?[ \t]*(?:squared|cubed|doubled|halved|tripled|negated|inverted|rounded[ \t]+(?:up|down))\b",
    re.I,
)
# where the answer is, instead of the answer: "given by (2)", "as computed in equation (3)", "the result of step 1"
_REFERENCE_RE = re.compile(
    r"\A[ \t]*(?:given[ \t]+by|as[ \t]+(?:\w+[ \t]+)?in|the[ \t]+(?:result|answer|value)[ \t]+(?:of|from|in)[ \t]+(?:step|equation|"
    r"eq\.?|lemma|part|line))\b",
    re.I,
)
_IE_OPTION_RE = re.compile(r"([^,\n]{1,60}?),?[ \t]*i\.e\.,?[ \t]*\(([A-J])\)[ \t]*\.?")
_TRAILING_NOTE_RE = re.compile(r"[ \t]{0,4}\([^()\n]{1,120}\)[ \t.]{0,4}\Z")


_SCALE_HINT_RE = re.compile(r"\d[ \t\u00a0]{0,2}[\u0e00-\u0e7f]")  # (Thai, whose words are not spaced apart)


def sentence_answer(ans: str, givens: frozenset[str] = frozenset()) -> str:
    """A sentence after "Final Answer:" answers with what follows its last "is": "The volume
    of $V$ is 120" -> "120". Unchanged when it parses as a whole, or negates or doubts itself."""
    if len(ans) > MAX_ANSWER_CHARS or _NEGATED_RE.search(ans) or _UNSURE_RE.search(ans) or has_or(ans):
        return ans  # (with its "or" kept: "100분 또는 160분" is two values, never the one after "는")
    if _SCALE_HINT_RE.search(ans):  # "12 ล้านบาท": the scale word multiplies, before the words after it are dropped
        ans = foreign_scales(ans)
    named = _IE_OPTION_RE.fullmatch(ans.strip()) if "i.e" in ans else None
    if named is not None:  # "11, i.e. (B)": the option, with the value written for it
        return f"({named.group(2)}) {named.group(1)}"
    if "**" in ans:  # markdown bold, "The total is **$45**", not the power of "2**3" or "(x+1)**(3/2)"
        bold = _BOLD_VALUE_RE.findall(ans)
        if len(bold) == 1 and re.search(r"\d", _BOLD_VALUE_RE.sub("", ans)):
            # "a total of **63 minutes** to peel and sauté 120 carrots", "watched **7** 60-minute episodes": the
            # one value the sentence sets in bold among its other numbers
            return bold[0].strip()
        ans = BOLD_MARK_RE.sub("", ans)
    last_is = _last_match(_IS_RE, ans)
    stated = ans[last_is.end() :] if last_is is not None else ans
    if _OPERATED_RE.search(stated) or _REFERENCE_RE.search(stated):
        # "the square of 5", "10 halved", "given by (2)", "the result of step 1": an operation on the number or a
        # pointer to where the answer is, not the number
        return ans
    option = _LEADING_LETTER_RE.match(ans.lstrip())
    rest = ans.lstrip()[option.end() :] if option is not None else ""
    if option is not None and not has_or(rest) and all(neg for neg, _ in _OTHER_LETTER_RE.findall(rest)):
        # "(I), although the bill is slightly off": the option named first (not "(B), (C) and (D)" nor "(B), or (C)")
        return option.group(1) or option.group(2)
    lead = LEAD_WORD_RE.match(ans.lstrip())
    if lead is not None and ans.lstrip()[lead.end() :].strip():  # "Thus $x = 5$", "So, 72 clips": what it concludes
        ans = ans.lstrip()[lead.end() :]
    spans = list(_INLINE_SPAN_RE.finditer(ans)) if "$" in ans or "\\(" in ans else []
    outside = _INLINE_SPAN_RE.sub(" ", ans) if spans else ""
    if len(spans) == 1 and re.search(r"[A-Za-z]{2}", outside) and not re.search(r"\d", outside):
        # "The sum is $\frac{5}{6}$", "The vertex is at $(2, 3)$": prose around one span, whose maths is the value
        if not qualified(outside) and not has_or(outside) and ans.rstrip(" .").endswith(spans[0].group()):
            return next(g for g in spans[0].groups() if g is not None)
    if parses(ans) and not words(ans) and not _CLAUSE_AFTER_RE.search(ans) and not (spans and re.search(r"[A-Za-z]{2}", outside)):
        return ans  # (not "x^2 + 2x + 1 but no tags here": the parser would read its words as letters)
    labelled = _OPTION_LABEL_RE.match(ans.lstrip())
    if (
        labelled is not None
        and not has_or(ans)
        and not _OTHER_LETTER_RE.search(ans.lstrip(), labelled.end())
        and not _REJECTED_OPTION.search(ans.lstrip()[labelled.end() :])  # "C: no wait, D" names no option
    ):
        # "(A) The bus is the second-newest": the option, with its text (not that text's own "is")
        return f"({labelled.group(1)})"
    cjk = _last_match(_CJK_TOPIC_RE, ans) if CJK_CHAR_RE.search(ans) else None
    if cjk is not None:  # "1日に長針と短針が重なる回数は22回です": what the sentence says its topic is
        value = ans[cjk.end() :].rstrip(" \t。.．")
        value = next((value[: -len(c)] for c in COPULAS if value.endswith(c)), value).strip()
        if value and re.search(r"\d", value) and parses(value):
            return value
    m = _last_match(_IS_RE, ans)
    if (
        m is not None
        and parses(clean_answer(ans[m.end() :]))
        and not qualified(ans[m.end() :])  # not "is $45 less than before": its words change the number
        # nor words after the last "is" when the number came before it ("that 0.67 truck-loads were needed in all")
        and (re.search(r"[\d\\$]", ans[m.end() :]) or not re.search(r"\d", ans[: m.start()]))
    ):
        return clean_answer(ans[m.end() :])
    plain = _MONEY_SIGN_RE.sub("", ans) if "$" in ans else ans  # "receive $12 from his parents": 12
    # a worked sum whose terms carry notes in brackets: "4 (Cindy's pets) + 6 (Marcia's pets) + 18 (Jan's pets) = 28"
    result = worked_result(_WORD_NOTE_RE.sub("", plain) if "(" in plain else plain)
    if result is not None:
        return result
    total = _last_match(_TOTAL_PHRASE_RE, plain)
    summed = one_number_sentence(plain[total.end() :]) if total is not None else None
    if summed is not None and numeral_key(summed.split()[0]) not in givens:
        # "2 bolts of blue fiber and 1 bolt of white fiber, totaling 3 bolts": what it totals (not a total the
        # question gives: "He buys 3 packs for a total of $12", the $12 given)
        return summed
    one = one_number_sentence(plain, givens)  # "Jane started growing Sphere 3 hours ago": its one number
    note = _TRAILING_NOTE_RE.search(plain) if one is None and plain.rstrip(" .").endswith(")") else None
    if (
        note is not None
        and re.search(r"\d", plain[: note.start()])
        and re.search(r"\d", note.group())  # a worked note ("(6 instead of 9)"), not a verdict ("(rejected)")
        and not (_NEGATED_RE.search(note.group()) or _UNSURE_RE.search(note.group()) or has_or(note.group()))
    ):
        # "each student gets 3 fewer oranges (6 instead of 9)": a note in brackets after the stated number
        one = one_number_sentence(plain[: note.start()], givens)
    if one is not None:
        return one
    cut = _PROSE_AFTER_RE.search(ans)
    if cut is not None:  # "4 and then some text with 5 later": the value before the prose, unless the prose hedges
        head, tail = ans[: cut.start()].rstrip(), ans[cut.start() :]
        taken_back = has_or(tail) or _UNSURE_RE.search(tail) or _NEGATED_RE.search(tail) or _RETRACTION_RE.search(tail)
        if re.search(r"\d", head) and parses(head) and not words(head) and not taken_back:
            return clean_answer(head)
    return ans


def worked_result(sentence: str) -> str | None:
    """The result of a computation written in a sentence, "In total, Mr. Benson paid 400 + 76 = 476 dollars" -> "476
    dollars", or a named quantity's value, "Amount to pay out of pocket = 40" (money signs already dropped): the one
    number after the last "=", with numbers in phrases of circumstance set aside; None for anything else ("x = 5 when
    y = 3": a letter is an unknown, not a name)."""
    if "=" not in sentence or "$" in sentence or "\\" in sentence:
        return None
    equals = _last_match(_WORKED_OUT_RE, sentence) or _last_match(_NAMED_EQUALS_RE, sentence)
    if equals is None or "=" in sentence[equals.end() :]:
        return None
    return one_number_sentence(sentence[equals.end() :])


# an option letter in brackets that a sentence goes on from: "(I), although ...", "(B). It is ..."
# matched at the start of the stripped text: "(C), ...", and "C, 45 минут" (a bare letter, then its option's value)
_LEADING_LETTER_RE = re.compile(r"(\([A-J]\))\s*[,;.:](?:\s|$)|([A-J]),(?=[ \t]*[-−]?\d)")
# words that take a stated value back, one list for every rule that looks for them
# a word that takes back what came before, in English and in the languages models answer in: German, French,
# Spanish, Russian, Chinese ("Warte, es ist 3", "Attendez, c'est 3", "不对，是3", "等等，应该是3")
# after an answer marker's "is": a sentence about the answer, not the answer: where it stands ("The final answer is
# presented in a box as requested.", "... is shown above."; not "... is shown above as 19.") or how it checks ("So the
# answer is consistent: she has 9 eggs left.")
ANSWER_PLACE = (
    r"(?!\s+(?:presented|shown|displayed|highlighted|enclosed|boxed|written|placed|put|stated|indicated|marked|given|"
    r"provided)\s+(?:in|inside|within|above|below|earlier|as\s+requested)\b(?![^\n]{0,80}\d)"
    r"|\s+(?:consistent|verified|confirmed|reasonable|plausible)\b)"
)
# words that make a clause after a value restate, correct or carry on from it rather than remark on it: "that is,
# 19", "make that 19", "should be 19", "[revised: 19]", "so she has 68 left" (a note after the value has none)
NOTE_RESTATES = (
    r"\b(?:that\s+is|i\.e\.|make\s+that|should|revis\w*|correct\w*|chang\w*|updat\w*|amend\w*|so|thus|"
    r"therefore|hence|leav\w*|giv\w*|making|total\w*|altogether|final\w*|answer\w*|after|then|namely|or|rather)\b"
)
# verbs that state an amount a subject comes to ("she makes $27", "Natalia sold 96", "we count 39"): one table for
# the closing-sentence reader (conclusions) and the later-paragraph revision reader (revisions)
AMOUNT_VERBS = (
    r"(?:sold|sells?|makes?|made|earns?|earned|has|had|have|gets?|got|spends?|spent|pays?|paid|needs?|needed|owes?"
    r"|saves?|saved|buys?|bought|collects?|collected|costs?|totals?|comes\s+to)"
)
# the words that open a concluding sentence ("Therefore, ...", "In total, ..."), for readers of a paragraph that
# concludes (cleanup's made-up questions, the fallback's suppositions)
CONCLUDING_LEAD = r"(?i:therefore|thus|hence|so|in[ \t]+total|in[ \t]+conclusion|finally)"
# a label that names the answer itself ("| Final answer | 96 |", "- Total: 27"), not a quantity of its own
ANSWER_NAMED_RE = re.compile(r"\b(?:answer|result|final|total|solution)\b", re.I)
RETRACTION_WORDS = (
    r"wait|actually|rather|instead|i mean|correction|mistake|oops|scratch that|on second thought|however|hmm+|"
    r"i was wrong|that'?s wrong|sorry|never\s?mind|edit|edited|erratum|update|hold on|p\.s|redo|reconsider(?:ing)?|"
    r"i (?:now )?reali[sz]ed?|i now (?:believe|think)|changes? to|after fixing|let me fix|corrected|"
    r"(?:the )?above is wrong|so really|(?:the\s+)?(?:boxed|above|final|previous|first)\s+(?:value|answer|result|number)\s+is\s+(?:wrong|incorrect)|"
    r"rethink(?:ing)?|strike that|i retract|disregard|ignore the above|whoops|my bad|typo|i meant(?: to write)?|"
    r"should be|uh+|err|nope|oh,?\s+no|(?:arithmetic|calculation)\s+slip|made\s+a\s+slip|that'?s not right|(?:that|this|it) can'?t be right|is off|"
    # ("I misspoke: 70.", "I mis-added", "Miscalculation: 70.", "Make it 70.", "Changing my answer to 70.", "Let me
    # correct myself: 70.", "After recounting, it's 70.", "Second attempt: 70.", "That's incorrect.", "Not quite")
    r"i mis-?spoke|mis-?(?:added|counted|read|typed|computed|calculated)|miscalculat\w*|make (?:it|that)(?=\s+[-$\d])|"
    r"chang(?:e|ing) my answer(?: to)?|correct(?:ing)? myself|after re-?counting|second attempt|that'?s incorrect|not quite|"
    r"warte|(?-i:Moment)(?=\s*[,!])|verrechnet|eigentlich|attendez|je me suis trompée?|en fait|non(?=\s*[,.!:;…])|espera|me equivoqué|"
    r"en realidad|na verdade|in realtà|aspetta|ho sbagliato|eigenlijk|nee|aslında|ошиб(?:ся|лась)|"
    r"właściwie|подожди(?:те)?|на самом деле|нет|不对|等等|等一下|错了|其实|いや|実は|実際には|아니|사실은|"
    # "Стоп", "待ってください", "잠깐", "Khoan đã", "thực ra", "Tunggu", "sebenarnya", "انتظر", "في الواقع", "रुकिए",
    # "เดี๋ยว", "正しくは", "실제로는"
    r"стоп|更正(?=\s*[:：,，])|訂正(?=\s*[:：,、])|抱歉|应为|應為|korrektur|corrección|correção|исправление|mea culpa|"
    r"revised(?=\))|待って|잠깐|khoan đã|thực ra|tunggu|sebenarnya|انتظر|في الواقع|रुको|रुकिए|เดี๋ยว|正しくは|실제로는|"
    # Polish, Dutch, Swedish, Ukrainian, Hebrew, French, Italian and a correction's name in more languages
    r"chwila|wacht|vänta|egentligen|зачекайте|насправді|רגע|בעצם|euh|en réalité|oups|scusa|correzione|correctie|"
    r"поправка|poprawka|rättelse|korjaus|修正(?=\s*[:：,，])|정정(?=\s*[:：])|"
    # "sorry" and "mistake" in Japanese, Hindi and Arabic ("すみません、70でした。", "नहीं, मैंने गलती की: उत्तर 70 है।")
    r"すみません|ごめんなさい|गलती|خطأ"
)
# a marker followed by a verdict on the answer, not an answer: "Ich hoffe, die Antwort ist korrekt."
VERDICT_RE = re.compile(
    r"\s*(?:(?:indeed|definitely|certainly|surely|also|now|still)\s+)?"  # "So the answer is indeed correct."
    r"(?:correct|right|korrekt|richtig|correcte|juste|exacte|correcta|correcto|верн\w*|правильн\w*|正确|对)"
    r"\s*(?:(?:[.!。]\s*)?$|,\s*(?:but|though|although|however|yet)\b)",  # ("... is correct, but I should have checked.")
    re.I,
)
# "the answer is" in other languages: 答案是 / 答案为 / 答案：, Ответ:, La réponse (finale) est, Die Antwort ist, La respuesta
# (final) es
FOREIGN_ANSWER_MARKERS = (
    r"(?<!错误)(?<!錯誤)(?<!错误的)(?<!錯誤的)(?<!不正确的)(?<!不正確的)答案\s*(?:是|为|:|：)|(?:故|所以|因此)\s*应?填(?:写)?\s*[:：]?|应填\s*[:：]?|ответ\s*[:—–]|réponse(?:\s+(?:finale|correcte|exacte))?\s*(?:est|:)|antwort\s*(?:ist|lautet|:)|respuesta(?:\s+(?:final|correcta))?\s*(?:es|:)"
    # Portuguese, Italian, Dutch, Polish, Turkish, Indonesian, Swahili, Vietnamese, Japanese, Korean, Hindi, Bengali,
    # Arabic, Thai
    r"|resposta(?:\s+(?:final|correta))?\s*(?:é|:)"
    # the option named in Portuguese and Spanish: "a alternativa correta é a letra E", "la opción correcta es la B"
    r"|(?:alternativa|opção|opcao|opción|opcion)\s+(?:correta|correcta|certa)\s*(?:é|es|:)"
    r"(?:\s+(?:a|la|o|el)(?:\s+(?:letra|alternativa|opção|opción))?(?=\s))?|risposta(?:\s+(?:finale|corretta))?\s*(?:è|:)|antwoord\s*(?:is|:)|odpowiedź\s*(?:to|:)"
    # (Turkish, Azerbaijani, Kazakh and Uzbek with no colon: the value or the option letter next, "doğru cevap A: ...",
    # "düzgün cavab **C) 28** variantıdır", "javob C) −5")
    r"|(?:cevap|yanıt|cavab|жауап|javob)\s*(?::|(?=\s+\**\(?(?:[-−]?\d|[A-E](?![^\W\d_]))))|jawaban(?:nya)?(?:\s+(?:yang\s+)?(?:benar|tepat|akhir))?\s*(?:adalah|ialah|:|(?=\s[-−]?\d))|jibu\s*(?:ni|:)"
    r"|đáp\s+(?:án|số)\s*(?:đúng\s*|chính\s+xác\s*|cuối\s+cùng\s*)?(?:là|:)|答え\s*(?:は|:|：)|(?:最終(?:的な)?)?(?<!不)(?:正解|解答|回答)\s*は|(?<!不)正解\s*[:：]|(?:정답|(?<![가-힣])답)\s*(?:은|는|:)|उत्तर\s+है|"
    r"(?:الإجابة|الجواب)(?:\s+الصحيحة)?\s*(?:هي|هو|:)|คำตอบ(?:ที่ถูกต้อง)?\s*(?:คือ|:)"
    # Hindi "उत्तर:" (not MGSM's "चरण-दर-चरण उत्तर:", step by step answer), Bengali "উত্তর:", "উত্তর হল" (not MGSM's
    # "ধাপে ধাপে উত্তর:"), Thai "ตอบ", Persian "پاسخ:" and "جواب:"
    # (not Chinese primary school's "答：", a sentence the fallback reads better: "答：每根短绳占这根长绳的八分之一。")
    r"|(?<!चरण-दर-चरण )उत्तर\s*[:：]|(?<!ধাপে ধাপে )(?<![\u0980-\u09ff])উত্তর\s*(?:[:：]|হল(?:ো)?(?=\s))|(?<![ก-๙])ตอบ\s*(?:[:：]|(?=\s*[-−]?[\d๐-๙]))"
    r"|پاسخ\s*[:：]|(?<![\u0600-\u06ff])جواب\s*[:：]"
    # German with the verb first ("Daher ist die Antwort 5"), Russian with no colon ("Поэтому ответ 5."), Czech,
    # Slovak, Ukrainian, Romanian, Swedish, Norwegian, Danish, Finnish, Greek, Hebrew
    r"|\bist\s+die\s+(?:endgültige\s+)?antwort(?!\s*\?)|ответ(?=\s[-−]?\d)|odpověď\s*(?:je|:)|odpoveď\s*(?:je|:)"
    r"|відповідь\s*[:—–]|răspuns(?:ul)?\s*(?:este|:)|svaret\s*(?:är|er|:)|(?<![\w])svar\s*:|vastaus\s*(?:on|:)|απάντηση\s*(?:είναι|:)"
    r"|התשובה\s*(?:היא|:)"
    # Chinese options: "正确的选项是：C", "故选：C", "所以选B", "所以选择B选项" (not the noun 选项 of "对应选项 C",
    # "故选项D正确")
    r"|(?:正确|最终)的?选项\s*(?:是|为|:|：)|(?:故|所以|因此|(?<!对)应)选(?:择)?(?!项)"
)
_RETRACTION_RE = re.compile(rf"\b(?:{RETRACTION_WORDS})\b", re.I)
_OPTION_LABEL_RE = re.compile(r"\(?([A-J])(?:\)|:)\s+(?=\S)")  # an option label ("(D)", "D:"), then the option's text
_OTHER_LETTER_RE = re.compile(r"(\bnot\s+)?\(([A-J])\)")
# where a value stops and prose goes on: a comma or a connective, then a word ("and then", ", which", "because")
_PROSE_AFTER_RE = re.compile(
    r"(?:,|\b(?:and|but|then|because|since|so|which|while|although|though)\b)\s*(?=[A-Za-z]{2,}\b)"
)
# a conjunction that starts a clause of its own after the value
_CLAUSE_AFTER_RE = re.compile(r"\b(?:but|because|since|which|while|although|though)\s+(?=[A-Za-z]{2,}\b)")
# a dollar sign before an amount that no second "$" closes: money ("spends $80.00 on soap"), not maths
_MONEY_SIGN_RE = re.compile(r"\\?\$(?=\d[\d,]*(?:\.\d+)?(?![\d.,]*\$))")  # (escaped too: "\$15")


def words(s: str) -> bool:
    """``s`` is a sentence of words, not maths: no LaTeX, more than three words of three letters or more
    ("24 ich hoffe, sie ist korrekt", which the parser would read as products of letters). A dollar sign before
    an amount is money: "Jake spends $80.00 on car soap for 20 weeks." is a sentence."""
    s = _MONEY_SIGN_RE.sub("", s) if "$" in s else s
    return "\\" not in s and "$" not in s and len(re.findall(r"[^\W\d_]{3,}", s)) > 3


def parsed(s: str) -> Node | None:
    """``s`` parsed as an answer; None when it is not one (any failure)."""
    try:
        return parse_answer(s)
    except Exception:  # noqa: BLE001 - any failure means "not an answer"
        return None


def parses(s: str) -> bool:
    return parsed(s) is not None

def has_or(s: str) -> bool:
    return bool(_OR_RE.search(s))


def or_parts(s: str) -> list[str]:
    """``s`` split at its "or" words, in any of the languages :func:`has_or` reads ("19%（または0.19）" -> "19%（",
    "0.19）")."""
    return _OR_RE.split(s)


def top_level_split(s: str) -> list[str] | None:
    """``s`` split at its ``=`` outside brackets, braces and environments; None when they are unbalanced."""
    parts, depth, env, start, i = [], 0, 0, 0, 0
    while i < len(s):
        if s.startswith("\\begin{", i):
            env += 1
        elif s.startswith("\\end{", i):
            env -= 1
        c = s[i]
        if c == "\\":
            i += 2  # an escaped character (\\{, \\|) or the first letter of a command
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "=" and depth == 0 and env == 0:
            parts.append(s[start:i])
            start = i + 1
        if depth < 0 or env < 0:
            return None
        i += 1
    if depth or env:
        return None
    parts.append(s[start:])
    return parts


# a bracketed quantity after a quantity: "134 \mathrm{MPa} \quad(19,300 \mathrm{psi})", "0.79 mm (0.031 in.)",
# "7,800 \mathrm{~N}\left(1,785 \mathrm{lbf}\right)"
_ASIDE_RE = re.compile(
    r"(?:\s|\\q?quad|\\[,;: ])*(?:\\left\s*)?\(\s*(-?\d[^()]{0,60}?)\s*\.?\s*(?:\\right\s*)?\)\s*\.?\s*$"
)


def without_conversion(answer: str) -> str | None:
    """A quantity followed by the same quantity in other units, in brackets, as the first one alone
    ("134 MPa (19,300 psi)" -> "134 MPa"); None when there is no such bracket, or the two are not quantities of the
    same kind (a product "3(2 + 1)", a note "5 m (rounded)")."""
    m = _ASIDE_RE.search(answer)
    if m is None or m.start() == 0:
        return None
    head = answer[: m.start()].rstrip()
    first, second = parsed(head), parsed(m.group(1))
    if not (isinstance(first, Expr) and isinstance(second, Expr) and first.unit and second.unit):
        return None
    a, b = unit_scale(first.unit), unit_scale(second.unit)
    return head if a is not None and b is not None and a[0] == b[0] else None
