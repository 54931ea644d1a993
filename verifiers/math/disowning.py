"""What, in the text right after an answer, takes it back (read by :mod:`verifiers.math.revisions` for boxes and
marked answers): a verdict that disowns it in any of the languages of :mod:`verifiers.math.negations`, a bound or a
condition it holds under (and what makes a condition none: where an extremum is attained, a premise restated), a
re-check the output breaks off in, another lone value that ends the last line. The text is first read as plain
words (:func:`plain_text`: full-width forms, invisible characters, emphasis, look-alike letters).
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.cjk import CJK_CHAR_RE, CJK_COUNTER, cjk_line_digits
from verigrpo.verifiers.math.locales import FOREIGN_SCALES
from verigrpo.verifiers.math.negations import (
    ANSWER_NOUNS,
    DISBELIEF_AFTER,
    FOREIGN_NOT,
    FOREIGN_WRONG,
    WRONG_AFTER,
)
from verigrpo.verifiers.math.nodes import Expr
from verigrpo.verifiers.math.normalize import INVISIBLE_RE
from verigrpo.verifiers.math.numwords import SCALES, number_words
from verigrpo.verifiers.math.sentences import ANSWER_NAMED_RE, parsed
from verigrpo.verifiers.math.units import SCALE_WORDS
from verigrpo.verifiers.math.wordlists import ANSWER_WORDS

# the last line of a text, when it ends on its one number ("**Answer: 6**", "x = 6", "所以答案是6。", "【6】")
# (the number alone, or after a label, a copula or a conclusion word: not "must be less than 1", "~Aaryabhatta1")
_CLOSING_VALUE_RE = re.compile(
    r"\A[\s*_$【\[(]*(?:[^\d\n]{0,40}?(?:(?<![<>!])=|:|：|\b(?:is|are|ist|es|est|so|thus|therefore|hence|ergo)\b|итак|por\s+lo\s+tanto"
    r"|是|为|は|은|는|所以|よって|따라서|\\therefore|共计?|一共|总共|總共"
    rf"|\b(?:{ANSWER_WORDS}|lautet|jawabannya)\b)"
    r"[ \t,，]*[*_$【\[(]*[ \t]*)?"
    # (then a measure word, and a Japanese verb or a Korean ending: "共70个。", "70個売りました。", "70개입니다.")
    rf"(-?\d[\d,]*(?:\.\d+)?)(?:{CJK_COUNTER}(?:[\u4e00-\u9fff]?[\u3041-\u3096]{{1,6}}|[\uac00-\ud7af]{{1,4}}|[了的])?)?"
    r"[^\w\n]{0,6}(?:です|이다|입니다)?[^\w\n]{0,4}\Z",
    re.I,
)


def _closing_value(rest: str) -> str | None:
    """The one number the last line of ``rest`` (the text after a box) ends on, when that line is not the box's own;
    None otherwise."""
    if "\n" not in rest.strip(" \t"):
        return None
    total = _table_total(rest)
    if total is not None:
        return total
    lines = rest.rstrip().rsplit("\n", 2)
    line = cjk_line_digits(lines[-1])  # ("答：七十个", "总计：七十")
    row = _TABLE_ROW_RE.fullmatch(line.strip())
    if row is not None:  # "| Final answer | 96 |", "| Total | 96 |": a table's row that names the answer, its value
        return row.group(2).replace(",", "") if ANSWER_NAMED_RE.search(row.group(1)) else None
    if len(line) > 80 or len(re.findall(r"\d+(?:[.,]\d+)*", line)) != 1:
        return None
    labelled = re.search(r"[^\W\d_]{2}", line) and not ANSWER_NAMED_RE.search(line)  # (not "- 27", "- Total: 27")
    if len(lines) == 3 and all(_LIST_ITEM_RE.match(x) for x in lines[1:]) and labelled:
        return None  # "### Summary\n- Eggs laid: 16\n- Sold: 9": the last item of a list of quantities
    m = _CLOSING_VALUE_RE.match(line)
    if m is None:
        return None
    value = m.group(1)  # (commas that group thousands dropped: "100,000"; not a list's or a decimal comma's, "0,1")
    return value.replace(",", "") if _THOUSANDS_RE.fullmatch(value) else value


def cjk_closing_value(rest: str) -> str | None:
    """The one value a short last line of Chinese, Japanese or Korean after an answer states, in digits or in
    numerals before a measure word, with any words around it ("答：70个夹子", "因此，70个", "（70个发夹）", "즉,
    70개입니다.", "合わせて70個売りました。", "つまり七十個です。"; a value it rejects left out: "所以是70而不是72。"); None
    for a line of working ("48+22=70"), a question, an ordinal ("第3步"), or a line with other numbers."""
    if "\n" not in rest.strip(" \t"):
        return None
    line = rest.rstrip().rsplit("\n", 1)[-1].strip()
    if not (2 <= len(line) <= 40) or not CJK_CHAR_RE.search(line) or _CJK_WORKING_RE.search(line):
        return None
    line = _CJK_REJECTED_RE.sub("", cjk_line_digits(line))
    numbers = _CJK_LINE_NUMBER_RE.findall(line)
    return numbers[0].replace(",", "") if len(numbers) == 1 else None


# a line of working, a question, an ordinal or a date; a value rejected ("而不是72", "不是72", "아니라 72"); a number on a line
# (a date's month or day is no value: "5月份", "3日")
_CJK_WORKING_RE = re.compile(r"[=＝+＋×÷*/^<>≤≥%？?]|吗|嗎|か[。.]?\s*$|第\s*\d|\d\s*[步题題问問章节節页頁]|(?<!\d)\d{1,2}\s*[月日号號](?!\d)")
_CJK_REJECTED_RE = re.compile(r"(?:而|并)?(?:不是|非|并非)\s*\d[\d,.]*\S{0,3}|(?<=\d)[^\d\n]{0,4}(?:가|이)\s*아니라|ではなく")
_CJK_LINE_NUMBER_RE = re.compile(r"(?<![\d.,])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d.])|(?<![\d.,])-?\d+(?:\.\d+)?(?![\d.])")


_THOUSANDS_RE = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


# a table's last row of two cells, a label and a number
# a label that names a total or the answer, in a table's row or column ("Total", "Sum", "Final answer", "Overall")
_TOTAL_LABEL_RE = re.compile(r"(?<![ \t*_])[ \t*_]*(?:(?:grand[ \t]+)?total|sum|altogether|overall|combined|(?:final[ \t]+)?answer|result)[ \t*_:]*", re.I)
_NUMBER_CELL_RE = re.compile(r"(?<![ \t*$])[ \t*$]*(-?\d[\d,]{0,20}(?:\.\d{1,10})?)[ \t*]*")
# a total on a line of its own, in a code block or a LaTeX table: "Total  96", "Sum: 96", "Total & 96 \\\\"
_TOTAL_LINE_RE = re.compile(
    r"(?:^|\\hline|\\{1,2})[ \t]*(?:total|sum|altogether|overall)[ \t]*[:=&]?[ \t]*\$?(-?\d[\d,]{0,20}(?:\.\d{1,10})?)[ \t]*"
    r"(?:\\{1,2}|$)",
    re.I | re.M,
)


def _table_total(rest: str) -> str | None:
    """The total a table after the answer ends on, past closing remarks without numbers ("Hope this helps!", a
    code fence): its last row labelled a total ("| Sum | 96 |"), the last row's cell under a column named so
    ("| Month | April | May | Total |" ... "| Clips | 48 | 48 | 96 |"), or a total's line in a code block or a
    LaTeX table ("Total  96", "Total & 96 \\\\")."""
    lines = [ln.strip() for ln in rest[-1_500:].splitlines() if ln.strip()]
    while lines and not re.search(r"\d", lines[-1]):
        lines.pop()  # (closing remarks, a code fence, "\\end{tabular}")
    table = []
    for ln in reversed(lines):
        if not ln.startswith("|"):
            break
        table.insert(0, [c.strip() for c in ln.strip("|").split("|")])
    if len(table) >= 2:
        last, head = table[-1], table[0]
        if _TOTAL_LABEL_RE.fullmatch(last[0]) and len(last) >= 2:
            cell = _NUMBER_CELL_RE.fullmatch(last[-1])
            return cell.group(1).replace(",", "") if cell is not None else None
        named = [k for k, c in enumerate(head) if _TOTAL_LABEL_RE.fullmatch(c)]
        if named and len(last) == len(head) and not _TOTAL_LABEL_RE.fullmatch(last[0]):
            cell = _NUMBER_CELL_RE.fullmatch(last[named[-1]])
            return cell.group(1).replace(",", "") if cell is not None else None
        return None
    found = None
    for found in _TOTAL_LINE_RE.finditer("\n".join(lines[-3:])):  # noqa: B007 - the last one
        pass
    return found.group(1).replace(",", "") if found is not None else None


_TABLE_ROW_RE = re.compile(r"\|[ \t*]*([^|\d\n]{1,40}?)[ \t*]*\|[ \t*$]*(-?\d[\d,]{0,20}(?:\.\d{1,10})?)[ \t*]*\|")
_LIST_ITEM_RE = re.compile(r"(?<![ \t])[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]")
_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}
_EMPHASIS_RE = re.compile(
    r"\*\*|__|(?<![\w\\])[_*](?=\w)|(?<=\w)[_*](?!\w)|\\(?:textbf|textit|emph|text|textrm|mbox)\s*\{([^{}]*)\}"
)
# Cyrillic and Greek letters that look like Latin ones, next to a Latin letter ("Wаit" with a Cyrillic а)
LOOKALIKES = str.maketrans("аеорсухіјԁАВЕКМНОРСТХΑΒΕΖΗΙΚΜΝΟΡΤΥΧο", "aeopcyxijdABEKMHOPCTXABEZHIKMNOPTYXo")
_LOOKALIKE_RE = re.compile(r"(?<=[A-Za-z])[^\x00-\x7f]+|[^\x00-\x7f]+(?=[A-Za-z])")


def plain_text(s: str) -> str:
    """``s`` as words to scan for hedges: fullwidth forms folded ("Ｗａｉｔ"), invisible
    characters dropped, markdown and LaTeX emphasis unwrapped, look-alike letters inside a Latin word read as Latin."""
    if any("\uff01" <= c <= "\uff5e" for c in s):  # only the fullwidth forms: "m²" and "½" stay as written
        s = s.translate(_FULLWIDTH)
    s = INVISIBLE_RE.sub("", s)
    s = _EMPHASIS_RE.sub(lambda m: m.group(1) or "", s)
    return _LOOKALIKE_RE.sub(lambda m: m.group().translate(LOOKALIKES), s)


# right after the answer, in its next two sentences: the writer disowns it (calls it wrong, a guess, unsure), or
# marks it wrong
DISOWNED_RE = re.compile(
    r"(?:\b(?:that|this|it|the\s+above|(?:my|the|this)\s+answer)\s+|\b(?:that|it)['’]s\s+|\A[\s$\\)\]]{0,6})"
    r"(?:(?:is|was|seems|looks|would\s+be)\s+)?(?:probably\s+|likely\s+)?"  # ("\boxed{5} is wrong.": the box is the subject)
    r"(?:wrong|incorrect|false|not\s+(?:right|correct))\b"
    r"|\b(?:that|it|this)\s+(?:can['’]?t|cannot|couldn['’]?t)\s+be\s+(?:right|correct)\b"
    r"|\bnot\s+(?:(?:very|fully|entirely|completely|totally)\s+)?(?:sure|confident|certain)\b|\bunsure\b|(?<!not\s)(?<!n't\s)(?<!not\sjust\s)(?<!not\sonly\s)\b(?:just\s+|only\s+)?(?<!not\s)a\s+guess\b|\bnot\s+really\b"
    r"|\A[\s$]*+(?:is|was)\s+(?:only\s+|just\s+|merely\s+)?an?\s+(?:upper|lower)\s+bound\b"  # "\boxed{5} is an upper bound"
    r"|\bI['’]?d\s+guess\b|\bmy\s+(?:best\s+)?guess\b|\A[\s.!$]*+(?:(?:actually|wait)[\s,]+no|scratch\s+that)\b(?=[ \t]*[.!]?[ \t]*(?:\n|\Z))"
    r"|\bcould\s+be\s+anything\b|\bnone\s+of\s+the\s+above\b|\bhope\s+(?:it|this)\s+is\s+not\b"
    # provisional: "(not double-checked — treat as provisional)", "though I may have made an arithmetic slip"
    r"|\bprovisional(?:ly)?\b|\bnot\s+double[- ]?checked\b|\bunverified\b|\bunchecked\b|\bsubject\s+to\s+verification\b"
    # ("(unconfirmed)", "(haven't double-checked)", "though I may have slipped up somewhere")
    r"|\bunconfirmed\b|\bhave(?:n['’]?t|\s+not)\s+(?:double[- ]?)?checked\b|\b(?:may|might|could)\s+have\s+slipped\b"
    r"|\b(?:could|might|may)\s+(?:easily\s+|well\s+)?be\s+wrong\b"
    r"|\bmay\s+have\s+made\s+an?\s+(?:\w+\s+)?(?:slip|error|mistake)\b"
    r"|\b(?:so|then|hence)\s+I\s+(?:was|am)\s+wrong\b|\bI\s+was\s+wrong\s+(?:above|earlier|before)\b"  # "Hmm, so I was wrong above."
    r"|\bnot\s+(?:what\s+(?:is|was|we\s+were)\s+(?:asked|wanted|required)|the\s+(?:final\s+)?answer)\b"
    r"|\A\W*(?:no|false|wrong|incorrect|nope|mal)\W*(?:\n|\Z)|[❌✗✘🚫⛔🙅]"
    # a joke, a doubt or a guess said of it: "Kidding, it's not.", "... just kidding.", "Haha, no.", "Close, but no.",
    # "— I doubt it.", "(guess)", "I'm probably wrong.", "틀렸다."
    r"|\b(?:just\s+)?(?:kidding|joking)\b|\b(?:haha|lol),?\s+no\b|\bclose,?\s+but\s+no\b|\bI\s+doubt\s+(?:it|that)\b"
    r"|[(（]\s*(?:a\s+)?(?:guess(?:ed)?|made\s+up|geraten|adivinado|deviné|瞎?猜的)\s*[)）]|\bI\s+lied\b|\bthat['’]?s\s+a\s+lie\b"
    r"|\A\W*definitely\s+not\b|开玩笑|開玩笑|我猜的|瞎猜|шучу|\bI['’]?m\s+(?:probably|likely|maybe|possibly)\s+wrong\b|\A\W*nope\b"
    r"|틀렸(?:다|습니다|어요)|\bI\s+(?:can(?:not|['’]t)|am\s+unable\s+to|could\s*n['’]?t)\s+(?:determine|find|compute|solve|figure\s+out)"
    r"\s+(?:the\s+)?(?:answer|result|value|solution)\b"
    # a line that only takes it back: "Scratch that.", "Ignore the above.", "Never mind.", "Verdict: incorrect."
    r"|\A\s*+(?:(?:hmm+|no|oh)\W+)?(?:scratch\s+that|ignore\s+(?:the\s+above|that|this|it)|disregard\s+(?:that|this|the\s+above|it)"
    r"|never\s?mind|that['’]?s\s+not\s+(?:it|right)|that\s+(?:doesn['’]t|does\s+not|can['’]t|cannot)\s+(?:seem\s+)?(?:be\s+)?right"
    r"|(?:verdict|status|result|check|self-check)\s*:\s*(?:incorrect|wrong|false|rejected|fail(?:ed|s)?)"
    r"|retracted|nah|(?:lol\s+)?no|not|ignore\s+(?:the\s+)?previous(?:\s+answer)?"
    r"|\(?(?:this|that)\s+(?:answer\s+)?is\s+a\s+joke|or\s+is\s+it)\b"
    r"|\A\s*+[\[({<]\s*(?:(?:answer|this|result)\s+)?(?:retracted|deleted|redacted|withdrawn|void|invalid|struck|crossed\s+out|wrong"
    r"|incorrect|cancell?ed|not|ignore(?:\s+(?:this|that|it))?|disregard(?:\s+(?:this|that|it))?|n/?a|nvm|never\s?mind|"
    r"作废|作廢|无效|無效|annul(?:é|ée|ed)|storniert|ungültig|anulad[oa]|nul[oa]|отменено|недействительно"
    # ("\boxed{12} (disproved)", "(upper bound)", "(off by one)", "(±1)": what the box only bounds or misses by)
    r"|disproved|refuted|(?:an?\s+)?(?:upper|lower)\s+bound|off\s+by\s+(?:one|1)|(?:plus|minus)\s+(?:one|1)|±\s*1)\s*[\])}>]|\A[\s—–-]*(?:👎|🤷|🤞|¯\\_\(ツ\)_/¯)"
    # "... is not correct" in other languages, right after the answer ("Đáp án đúng là A. 92 là không chính xác.")
    # a sentence of its own that doubts or rejects it: "I don't think that's right.", "That doesn't look right.",
    # "Creo que está mal.", "Das stimmt nicht.", "这是错的。", "これは間違いです。", "TODO: fix the total."
    r"|\bI\s+don['’]t\s+think\s+(?:that['’]s|this\s+is|it['’]s|that\s+is|this['’]s)\s+(?:right|correct)\b"
    r"|\b(?:that|this|it)\s+(?:doesn['’]t|does\s+not)\s+(?:look|seem|sound)\s+(?:right|correct)\b"
    r"|\b(?:creo\s+que\s+)?(?:est[aá]\s+mal|es\s+incorrect[oa])\b|\b(?:das|es)\s+stimmt\s+nicht\b"
    r"|(?:这|這)(?:个|個)?(?:答案)?是?(?:错|錯)的|(?:これ|この答え)は間違い|\b(?-i:TODO|FIXME)\b"
    r"|\b(?:là\s+không\s+(?:chính\s+xác|đúng)|tidak\s+(?:benar|tepat)|n'est\s+pas\s+(?:correct|juste|bon)|"
    r"ist\s+(?:falsch|nicht\s+richtig)|no\s+es\s+correct[ao]|não\s+(?:é|está)\s+corret[ao]|неверн\w*|"
    r"неправильн\w*|yanlıştır)"
    # right after it, in the same clause: "wrong" or "not" in another language ("\boxed{5} değil", "5，错了", "\boxed{5}
    # – falsch"), "which is wrong", "is a common mistake"; a "not" before another value affirms ("5, nicht 6")
    rf"|\A[ \t$\\)\]}}\-–—,:;(（，、。]{{0,8}}(?:"
    rf"(?:(?:which|that)\s+)?(?:is|was|ist|est|es|è|é|là|adalah)?\s*(?:{FOREIGN_WRONG})\b"
    # ("not" ending its clause, or before "the answer"/"correct": "\boxed{5} değil.", "bukan jawabannya"; not "\boxed{5},
    # non 6", "non négatif comme attendu", "non serve altro")
    rf"|(?:{FOREIGN_NOT})(?![\w-])(?=\s*(?:[.,;!?。)]|$|(?:the\s+)?(?:answer|correct|right|richtig|correct[oa]?|corrett[oa]|"
    r"jawaban\w*|benar|doğru|đúng|cevap\w*|juste|bon|правильн\w*|верн\w*|poprawn\w*|správn\w*)\b))"
    rf"|(?:{WRONG_AFTER})"  # "\boxed{5} — está mal", "\boxed{5} — गलत है", "\boxed{5}이 아니다", "5，错了"
    r"|(?:是)?(?:不对|不對|错|錯|不正确|不正確|間違い|違う|误|誤|틀림|틀렸|틀린|오답)"
    r"|(?:不是|并非|ではない|ではありません|じゃない|아님|아닙니다|아니다|아니에요)(?!\s*[-+−$\\(\d])"
    r"|(?:which|that)\s+(?:is|was)\s+(?:wrong|incorrect|false|not\s+(?:right|correct)|an?\s+(?:\w+\s+)?(?:mistake|error))\b"
    r"|(?:is|was)\s+an?\s+(?:(?:common|typical|frequent|classic)\s+)?(?:mistake|error|trap|wrong\s+answer)\b"
    r"|(?:\\neq?(?![A-Za-z])|≠)\s*(?:the\s+)?(?:final\s+|correct\s+)?answer\b)"
    # in its own next sentence, "actually (it is) wrong": "\boxed{5}. 其实不对。", "\boxed{5}。不过是错的"
    r"|\A[ \t$\\)\]}.。]{0,6}(?:其实|其實|实际上|實際上|不过|不過|但是?)(?:是)?(?:不对|不對|错了|錯了|错的|錯的|不正确|不正確)"
    # (a confidence under even odds: "with 30% confidence"; of even odds or more the model stands by its answer)
    r"|\bwith\s+(?:only\s+)?[1-4]?\d(?:\.\d+)?\s*%\s+(?:confidence|certainty|probability|sure)\b"
    r"|\bconfidence\s*[:=]\s*[1-4]?\d(?:\.\d+)?\s*%|\bconfidence\s*[:=]\s*0?\.[0-4]\d*\b"  # "\nConfidence: 5%"
    r"|\b(?:box|answer|value|result)\s+above\s+(?:is|was)\s+(?:a\s+typo|wrong|incorrect|a\s+mistake|an\s+error)\b"
    r"|\A[\s$)\]}]{0,6}(?:was|is)\s+(?:only\s+)?(?:my|our|the)\s+(?:first|initial|original)\s+(?:thought|guess|answer|attempt|idea)\b"
    r"|\A[\s.…]*not\s*!"  # "\boxed{5}... NOT!"
    r"|\b(?:the\s+)?(?:actual|true|real)\s+(?:value|answer|number)\s+is\s+(?:negative|positive|different|not)\b"
    r"|\b(?:i['’]?m|i\s+am)\s+(?:only\s+)?(?:about\s+)?[1-4]?\d(?:\.\d+)?\s*%\s+(?:sure|confident|certain)\b"  # "I'm 30% sure"
    # "this answer is wrong" in another language: the answer's noun, then "wrong" ("答案错了", "Bu cevap yanlış")
    rf"|(?:{ANSWER_NOUNS})[\s,]{{0,3}}(?:{WRONG_AFTER})"
    r"|\b(?:just\s+kidding|jk|sarcasm)\b|(?<![\w/<])/s\b(?!>)"  # "\boxed{Yes}, just kidding, no.", "\boxed{Yes} (sarcasm)"
    # a mark of doubt in brackets right after it, or a line that only asks: "\boxed{5} (?)", "(guess)", "\n\n?"
    r"|\A[ \t$)\]}*]{0,6}[(\[](?![ \t]*not[ \t]+[-−$\\\d])[^()\[\]\n]{0,60}?(?:\?+|\bguess\w*|\bunverified|\bunchecked|\bnot\s+(?:verified|checked)|\bunsure|\bnot\s+sure|\buncertain"
    r"|\btentative|\bplaceholder|\btypo\s*\)|\bsuperseded|\bobsolete|\bdeprecated|\bnot\s+final|\bdraft|\bdon['’]?t\s+know"
    r"|\bno\s+idea|\blol\b|\bnah\b|\bj/k\b|\bkidding|\bretracted|\bhedged|\bp\s*=\s*0?\.\d|\b(?:status|verdict|label)\s*[:=]\s*(?:wrong|incorrect|false|rejected|fail)"
    r"|\bcould(?:n['’]?t|\s+not)\s+solve|\bunsolved|\bgave\s+up|\blow\s+confidence|\bconfidence\s*:(?!\s*(?:100|[5-9]\d)(?:\.\d+)?\s*%)|\bcoin\s+flip|50/50|\btodo\b|\bneeds?\s+check\w*"
    r"|\bmaybe|\bperhaps|\bI\s+(?:think|hope|guess)|\bhopefully|\bfingers\s+crossed|\bnot\s+100\s*%"
    r"|\b(?:probably|likely)\s+(?:wrong|incorrect)|\bjoke|\balt\s*:)"
    r"|\A\s*[?？؟]+\s*\Z"
    # pointed at by an arrow or a dash as wrong, or struck through: "\boxed{5} <- wrong", "⇐ typo", "— or is it?"
    r"|\A[ \t$)\]}*]{0,6}(?:<-+|<=+|[←⇐⟵⟸⬅]\ufe0f?|[—–-]+)[ \t]{0,4}(?:(?:this|that|it)\s+(?:is|was)\s+|that['’]s\s+)?"
    r"(?:wrong|incorrect|false|an?\s+typo|typo|an?\s+(?:error|mistake|guess|placeholder)|placeholder|or\s+is\s+it|retracted|withdrawn"
    r"|obsolete|void|invalid|superseded)\b"
    r"|\A[ \t$)\]}*]{0,6},[ \t]{0,4}or\s+is\s+it\b|\A[\u0335-\u0338]"
    # a case or a term found missing or counted twice: "I realize I forgot the last case, so add 1."
    r"|\bI\s+(?:(?:just\s+)?reali[sz]ed?\s+(?:that\s+)?I\s+|see\s+(?:that\s+)?I\s+)?(?:forgot|missed|overlooked|double[- ]counted"
    r"|miscounted|miscalculated)\s+(?:the|a|one|some|to\s+(?:add|subtract|include|count|consider|divide|multiply))\b"
    # the answer found to break the problem's conditions: "This contradicts the condition", "violates the constraint"
    r"|\b(?:this|that|it|which)\s+(?:contradicts|violates|breaks)\b|\b(?:this|that)\s+(?:answer|value|result)\s+fails\b"
    r"|\bno\s+solution\s+exists\b|\b(?:so|thus|hence|therefore)[,\s]+there\s+(?:is|are|exists?)\s+no\s+(?:real\s+|valid\s+)?(?:solutions?|answer)\b"
    # a line or a sentence of its own that only says "wrong", in any language, after a "no" or not ("\boxed{5}\n\n**Mal.**",
    # "**не правильно**", "\boxed{5}. Falsch.", "Answer: 5. No, incorrect.", "La respuesta es 5. No, es incorrecto.")
    rf"|\A[\s.!。,;:—–-]*+(?:(?:no|nein|non|nope|нет)[\s,.!—–-]+)?(?:{WRONG_AFTER}|not\s+(?:right|correct))[\s.!。]*(?:\n|\Z)"
    # "I do not think so" said after it: "5 olduğunu sanmıyorum", "5だとは思わない"
    rf"|\A[^.!?。\n]{{0,30}}(?:{DISBELIEF_AFTER})"
    # taken back with no value in its place: "\boxed{5}\nWait, no.", "Wait, I made an error."
    r"|\A\s*(?:wait|hold\s+on|hmm+|oops)\W+(?:no|nope)\W*\Z"
    r"|\bI\s+(?:made|have\s+made)\s+(?:an?\s+)?(?:error|mistake)\b",  # "\boxed{5} \neq \text{answer}"
    re.I,
)
# right after the answer: a word that makes it a bound ("\boxed{5} at least", "5+", "5-ish", "5 o más", "5以上", "5 이상")
_BOUND_AFTER_VALUE_RE = re.compile(
    r"\A[\s$)\]}*_,]{0,6}(?:\(\s*)?(?:"
    r"(?<![^\W\d_])(?:at\s+(?:least|most|minimum|maximum)|or\s+(?:more|less|fewer|above|below|greater|higher|lower|over|under)"
    r"|and\s+(?:up|above|over|more|beyond)|(?:or|and)\s+(?:so|thereabouts)|-?ish|give\s+or\s+take|minimum|maximum|max|min"
    r"|upwards|or\s+higher|or\s+lower|roughly(?![ \t]*\$?-?\.?\d)"  # (not "roughly 0.17": a rounding, read as such)
    r"|o\s+(?:más|menos)|ou\s+(?:mais|menos|plus|moins)|oder\s+(?:mehr|weniger)|lub\s+(?:więcej|mniej)|"
    r"nebo\s+(?:více|méně|víc)|или\s+(?:больше|меньше|более|менее)|veya\s+(?:daha|fazla)|atau\s+lebih|hoặc\s+hơn|"
    r"eller\s+mer|o\s+più|o\s+meno|al\s+menos|como\s+mínimo|pelo\s+menos|au\s+moins|almeno|mindestens|höchstens|"
    r"co\s+najmniej|alespoň|nejméně|не\s+менее|не\s+более|en\s+az|en\s+fazla)(?![^\W\d_])"
    r"|\+(?![ \t]*[\d(\\a-zA-Z])|[个個人]?(?:以上)|以下|以内|未満|未满|左右|上下|多|余|이상|이하|미만|초과|정도|"
    r"(?:या|से)\s*(?:अधिक|ज़्यादा|ज्यादा|कम)|أو\s*(?:أكثر|أقل)|หรือ(?:มากกว่า|น้อยกว่า)|ขึ้นไป|או\s*(?:יותר|פחות))",
    re.I,
)
# after the answer, in its sentence: a condition or a qualification it holds under ("\boxed{5} for n ≥ 3", "in most
# cases", "si n es impar", "当n为奇数时")
_CONDITION_AFTER_VALUE_RE = re.compile(
    r"\A[^.!?\n。]{0,40}?(?:(?<![^\W\d_])(?:for\s+(?:all\s+|every\s+|each\s+)?\$?[a-z]\s*(?:[<>≤≥≠]|\\(?:[lg]eq?|neq?)\b)"
    r"|in\s+(?:most|some|many)\s+cases|usually|typically|generally|in\s+general|mostly|sometimes"
    r"|si|sauf\s+si|se|wenn|falls|jeśli|jeżeli|gdy|pokud|jestli|když|если|eğer|jika|apabila|nếu|om|hvis|als)(?![^\W\d_])"
    r"|如果|若|当.{0,12}?时|の場合|とき|경우|면|अगर|यदि|إذا|إن|אם|ถ้า)",
    re.I,
)
# in a condition after the answer: what makes it no hedge. Where an extremum is attained ("with equality if $a=b$",
# "attained when $x = 1$", "当 $a=b$ 时取等号"), the unknowns' values ("when $x = 2$"), the problem's own premises
# restated ("if the die is fair (as stated)", "as is standard"), a rounding, a reason ("since for n ≥ 3 ...")
_CONDITION_RESTATED_RE = re.compile(
    r"\b(?:attain\w*|achiev\w*|reach\w*|equality|holds|occurs|obtained|atteint\w*|alcanzad\w*|erreicht\w*|Gleichheit|"
    r"égalité|igualdad|round\w*|nearest|correctly|richtig|correctement|correctamente|since|because)\b"
    r"|\bas\s+(?:given|stated|required|assumed|asked|specified|defined|is\s+standard|usual|in\s+the\s+problem|the\s+"
    r"problem\s+(?:asks|says|states|requires|specifies))\b|\b(?:wie|comme|como)\s+(?:angegeben|gegeben|gefordert|"
    r"indiqué|donné|dado|se\s+indica)\b|取等|取到|取得|达到|成立|等号"
    r"|(?:\b(?:if|when|whenever|for|wenn|falls|si|se|quand|cuando)|当)\s*\$?\s*[a-z](?:_\{?\w+\}?)?\s*="
    # a point excluded from the domain: "(valid for $x \neq 1$)", "for x ≠ 1"
    r"|\b(?:for|when|with|where)\s*\$?\s*[a-z](?:_\{?\w+\}?)?\s*(?:\\neq?\b|≠|!=)",
    re.I,
)


def conditional_hedge(after: str) -> bool:
    """``after``, the text after an answer, puts it under a condition in its sentence ("\\boxed{12} if we exclude the
    host", "for n ≥ 3", "si n es impar"), and the condition restates nothing (see :data:`_CONDITION_RESTATED_RE`)."""
    m = _CONDITION_AFTER_VALUE_RE.match(after) or _CONDITION_AFTER_BOX_RE.match(after)
    if m is None:
        return False
    sentence = re.split(r"[.!?。！？\n](?=\s|$)", after[:300], maxsplit=1)[0]
    return not _CONDITION_RESTATED_RE.search(sentence)


# after the last box, in its sentence: a condition on it ("\boxed{12} if we exclude the host")
_CONDITION_AFTER_BOX_RE = re.compile(r"[^.\n!?]{0,40}?\b(?:if|unless|assuming|provided|when|otherwise|except)\b", re.I)
# a re-check opened after the answer: "Wait, ...", "Let me double-check", "to be absolutely certain"
_RECHECK_RE = re.compile(
    r"\b(?:wait|hold\s+on|hmm+|let\s+me\s+(?:double[- ]?check|verify|re-?(?:check|compute|calculate|examine)|check)"
    r"|to\s+be\s+(?:absolutely\s+|completely\s+|extra\s+)?(?:sure|certain|safe)|re-?(?:computing|calculating)"
    r"|I\s+(?:made|have\s+made)\s+(?:an?\s+)?(?:error|mistake)"
    # the solution started over: its first step again ("$\boxed{460}$ ## Step 1: Calculate ...")
    r"|(?<![\w.])step\s*1(?=\s*[:.])"
    # the same in other languages: "Warte", "attends", "espera", "aspetta", "Bekle", "tunggu", "подожди",
    # "actually" ("eigentlich", "en fait", "aslında", "на самом деле"), 等等, 其实, 実は, 잠깐
    r"|wart(?:e|et)|attend(?:s|ez)|esper[ae]|aspett[ai]|bekle|tunggu|подожди(?:те)?|eigentlich|en\s+fait|"
    # "let me check again": "déjame verificar", "vérifions", "sprawdźmy", "lass mich prüfen", "проверим", 再检查, 確認
    r"d[ée]jame\s+(?:verificar|comprobar|revisar)|verifiquemos|comprobemos|revisemos|vérifi(?:ons|er)|"
    r"laisse[sz]?-moi\s+vérifier|sprawdźmy|sprawdzę|lass\s+(?:mich|uns)\s+(?:nochmal\s+)?(?:prüfen|überprüfen|nachrechnen)|"
    r"проверим|проверю|deixe-me\s+verificar|verifichiamo|controlliamo|"
    r"en\s+realidad|na\s+verdade|in\s+realtà|aslında|на\s+самом\s+деле)\b"
    r"|等等|等一下|其实|其實|実は|待って|잠깐|사실은|再检查|再檢查|检查一下|验证一下|確認します|確かめ|다시\s*확인",
    re.I,
)
# how a finished text ends: a sentence's end, a bracket, a formula's or a block's close, a tag
_FINISHED_END_RE = re.compile(r"[.!?)\]}$*`\"'>。！？）」✓✔✅]\s*\Z")  # (a check mark closes a check: "= 60 ✓")


def rechecks_unfinished(after: str, answer: str) -> bool:
    """``after``, the text after the last statement of ``answer``, opens a re-check that the text breaks off in,
    and the re-check never names the answer again ("The answer is No.\n\nWait, let me compute 33 × 17 once more.
    ... So, 561 vs. 2"): the output was cut while it still doubted, so it committed to nothing. (A re-check that
    says the value again, "Wait, let me check once more. ... So 10.", has kept it.)"""
    opener = _RECHECK_RE.search(after)
    if opener is None or _FINISHED_END_RE.search(after[-10:]) is not None:
        return False
    rest, value = after[opener.end() :], answer.strip().strip("$").strip()
    lead = _LEAD_VALUE_RE.match(value)  # "No, it is not greater": its verdict "No"
    return not any(
        # (as a value, not an operand: "5^2 = 25 ≠ 24" works with 5, it does not say it again)
        v and re.search(rf"(?<![\w.]){re.escape(v)}(?![\w]|\.\d|\s*[\^*/×÷+=])", rest, re.I)
        for v in (value, lead.group() if lead else "")
    )


_LEAD_VALUE_RE = re.compile(r"-?\d[\d,]*(?:\.\d+)?(?![\d.,]*\w)|[^\W\d_]+(?=\s*[,;.]|\Z)")


# a restatement of the answer in words right after it: "(five)", ", that is, six", "(in words: six)", "(six?)"
_WORDS_AFTER_RE = re.compile(
    # (after a comma, in round or square brackets, after a dash: "(seventy)", "[siebzig]", "— siebzig")
    # (or in braces or quotes, after a spaced hyphen: "{seventy}", "\"seventy\"", "«seventy»", "72 - seventy")
    r"[ \t$}*]{0,8}(?:,[ \t]{0,4}|[ \t]{0,4}[(\[{\"“«][ \t*_]{0,4}|[ \t]{1,4}[—–-][ \t]{1,4}|[ \t]{1,4}[—–][ \t]{0,4}"
    r"|[ \t]{0,4}\\text[ \t]{0,4}\{[ \t]{0,4}\(?[ \t]{0,4})"
    r"(?:(?:that[ \t]+is|i\.e\.|namely|equivalently|or|in[ \t]+words|written[ \t]+out|spelled[ \t]+out|read)[ \t]*[,:]?[ \t]*)?"
    r"([^\W\d_][^\W\d_ \t'-]*(?:[ \t-][^\W\d_][^\W\d_ \t'-]*){0,5}?)[ \t*_]{0,4}"
    r"(?:[ \t]+(?:in[ \t]+words|in[ \t]+total|total|written[ \t]+out))?[ \t]{0,4}[?]?[ \t]{0,4}(?:[)\]}\"”»]|[.,;!]|\Z)",
)


def words_restated(rest: str) -> list[str]:
    """The numbers in words that ``rest`` (the text right after an answer) restates the answer as, at most three in a
    row: "\\boxed{5} (five) (six?)" -> ["five", "six"]; "(in words: six)" -> ["six"]. Words that read as no number
    ("five apples", "the answer") end the run."""
    found, pos = [], 0
    for _ in range(3):
        m = _WORDS_AFTER_RE.match(rest, pos)
        if m is None:
            break
        first = m.group(1).split()[0].lower()
        if first in SCALE_WORDS or first.rstrip("s") in SCALE_WORDS or first in FOREIGN_SCALES or first in SCALES:
            break  # "\boxed{28}\text{ million}": a scale of the box, not a number restating it
        said = _number_in_words(m.group(1))
        if said is None:
            break
        found.append(said)
        pos = m.end()
    return found


def _number_in_words(phrase: str) -> str | None:
    """The number a phrase writes wholly in words, in English or another language ("six", "siebzig", "seventy-four");
    None where it writes none, or counts a thing ("the answer", "two boxes": another count, maybe)."""
    node = parsed(phrase) if len(re.findall(r"[^\W\d_]", phrase)) >= 3 else None  # (not "e", "pi")
    if isinstance(node, Expr) and node.value.is_number:
        return phrase
    value = number_words(phrase) if len(phrase) >= 3 else None
    return str(value) if value is not None else None


# a check found to fail, with what fails before it in its clause: "\boxed{5} doesn't satisfy the equation.", "So x=5
# fails.", "x = 5 is extraneous"
_FAILS_RE = re.compile(
    r"\b(?:does\s*n['’]?t|does\s+not|did\s*n['’]?t|did\s+not|would\s*n['’]?t|would\s+not)\s+(?:satisfy|work|check\s+out|hold)\b"
    r"|\bfails\b|\b(?:is|was)\s+(?:an?\s+)?(?:extraneous|invalid|not\s+(?:a\s+)?(?:valid\s+)?(?:solution|root))\b"
    r"|\b(?:yields?|gives?|leads?\s+to)\s+a\s+contradiction\b|\bmakes?\s+(?:the|a)\s+denominator\s+(?:zero|0)\b|\bviolates\b"
    r"|\b(?:must|should|has\s+to)\s+be\s+(?:rejected|discarded|excluded)\b|\bgives?\s+[^.\n]{0,30}(?:\\neq?(?![A-Za-z])|≠)"
    r"|\bno\s+(?:satisface|cumple)\b|\bne\s+(?:satisfait|vérifie)\s+pas\b|\bnão\s+satisfaz\b|\berfüllt\b[^.\n]{0,30}\bnicht\b"
    r"|不满足|不滿足|不符合|満たさない|만족하지\s*않",
    re.I,
)
_CLAUSE_START_RE = re.compile(r"[.!?;:,\n。，]|\b(?:but|while|whereas|and|although|however|pero|mais|aber|但是?)\b", re.I)


def said_to_fail(near: str, value: str, after: bool = True) -> bool:
    """``near`` (the sentences right after an answer ``value``, or with ``after`` false the line before it) says the
    answer fails its check: the failing subject is the answer itself (nothing before the verb, right after it:
    "\\boxed{5} doesn't satisfy the equation") or names its value ("So x=5 fails.", "x = 5 is extraneous."); another
    value failing ("so x = -1 fails") is a rejected root, no doubt."""
    token = value.strip().strip("$").strip()
    if not token or len(token) > 40:
        return False
    # the subject: the value alone, after an unknown ("x = 5") or a conclusion word ("So x=5")
    pattern = re.compile(
        rf"\s*(?:(?:so|thus|hence|therefore|then|and)\b[,\s]*)?(?:(?:substituting|plugging(?:\s+in)?|with|for)\s+)?"
        rf"(?:(?:the\s+)?(?:answer|value|solution|root)\s+)?"
        rf"(?:(?:[A-Za-z](?:_\{{?\w\}}?)?\s*=\s*)?\$?{re.escape(token)}\$?|(?:this|that)\s+(?:root|value|solution|answer|candidate))\s*",
        re.I,
    )
    for m in _FAILS_RE.finditer(near):
        clause = near[: m.start()]
        breaks = list(_CLAUSE_START_RE.finditer(clause))
        subject = clause[breaks[-1].end() :] if breaks else clause
        if after and not breaks and not re.search(r"\w", clause):
            return True  # right after the answer, its verb: the answer is the subject
        if pattern.fullmatch(subject):
            return True
    return False


# the last sentence of a text that breaks off: it starts to doubt and holds no value ("However, rounding issues")
_CUT_DOUBT_RE = re.compile(
    r"(?:^|(?<=[.!?:]))[ \t*]*(?:however|but|wait|hmm+|actually|hold\s+on)\b[^.!?\n\d$\\=]{0,120}\Z", re.I | re.M
)
# or a last sentence that is only a word of doubt, finished or not ("\boxed{5}. Hmm, wait.", "Not quite.", "Never
# mind.", "Nein, warte.", "等等。"): the answer was doubted and nothing came after
_DOUBT_ENDING_RE = re.compile(
    r"(?:^|(?<=[.!?:。！？]))[ \t*]*+(?:(?:hmm+|wait|hold\s+on|hang\s+on|not\s+quite|never\s?mind|oops|uh[- ]?oh|"
    r"(?:(?:wait|hold\s+on|hang\s+on)\s+)?(?:a|one)\s+(?:sec(?:ond)?|moment|minute)|or\s+is\s+it|e+hh*|u+mm*|maybe|"
    r"nein|warte|attends?|espera|aspetta|подожди(?:те)?|не\s+так|等等|等一下|稍等|不对|不對|待って|ちょっと待って|ちょっと|"
    r"잠깐만?|잠시만)"
    r"[ \t,.!?…。！？、，*]*+)+\Z",
    re.I | re.M,
)


def ends_in_doubt(text: str) -> bool:
    """The text's last sentence doubts and holds no value, cut off ("... = 109 \\]\nHowever, rounding issues") or
    finished ("\\boxed{5}. Hmm, wait.", "Never mind."): the answer before it was doubted and nothing came after."""
    tail = text.rstrip()[-200:]
    return bool(_CUT_DOUBT_RE.search(tail) or _DOUBT_ENDING_RE.search(tail))
