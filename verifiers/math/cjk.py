"""Chinese, Japanese and Korean numerals and words in a whole answer, read before it is tokenized: numerals with
their counters ("五個", "二百六十頭", "다섯 벌"), banker's digits and amounts of yuan ("壹拾壹元整"), fractions and
scales in digits ("八分之一", "3分之2", "222万", "3천"), a measure word after a value as its unit word ("36种"), and
the words for "and", the number sets and no solution ("且", "所有實數", "無解", "空集"), and "2 \\sim 3" as the
range "2～3". The forms are in the table of :mod:`verifiers.math`.
"""

from __future__ import annotations

import decimal
import re

# a character of Japanese kana, CJK ideographs or Hangul
# the letters of the scripts written without spaces between words: kana, CJK ideographs, hangul (a character class's body)
CJK_LETTERS = "\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af"
CJK_CHAR_RE = re.compile(f"[{CJK_LETTERS}]")

_CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# the financial (banker's) forms of the digits, which cheques write so that no stroke can be added, and Japanese's
_CJK_DIGITS |= {"壹": 1, "壱": 1, "贰": 2, "貳": 2, "弐": 2, "叁": 3, "參": 3, "参": 3, "肆": 4, "伍": 5, "陆": 6,
                "陸": 6, "柒": 7, "捌": 8, "玖": 9}  # fmt: skip
_CJK_NUMERAL = r"(?:\d{1,9}|[零〇一二两三四五六七八九十百]{1,6})"
# (Japanese writes the same fraction with の: "7分の6" is 6/7)
_CJK_FRACTION_RE = re.compile(rf"(?<![\d零〇一二两三四五六七八九十百])({_CJK_NUMERAL})\s*(?:分[之の]|분의)\s*({_CJK_NUMERAL})")
# before 元 the scale is part of the unit ("50万元", how accounts count money); before another unit it scales ("3万个")
# (千 and 百 also begin unit names, 千克 kilogram, 千米 kilometre, 百分之 percent: not scales there)
# Korean writes the same scales in Hangul after digits ("3만", "2억", "5천"), and "3만 원" as the unit 만 원
_CJK_SCALE_RE = re.compile(
    r"(?<![\d.])(\d{1,12}(?:\.\d{1,12})?)\s*([万亿萬億](?![元圓圆])|[百千](?![克米瓦焦帕赫卡分元升])|[만억조](?![ \t]?원)|[백천])"
    r"(?![ \t]?\d)"  # (digits right after a scale are read with it, or not at all: "3万5" is never 300005)
)
CJK_SCALES = {"百": 2, "千": 3, "万": 4, "亿": 8, "萬": 4, "億": 8, "백": 2, "천": 3, "만": 4, "억": 8, "조": 12}
_CJK_TENS = {"十": 10, "百": 100, "千": 1000, "拾": 10, "佰": 100, "仟": 1000, "阡": 1000}
_CJK_MYRIADS = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
_CJK_SCORES = {"廿": 20, "卅": 30, "卌": 40}  # one character for twenty, thirty, forty ("廿二" 22)
# every character of a Chinese or Japanese numeral (for the readers' patterns)
CJK_NUMERAL_CHARS = "".join(_CJK_DIGITS) + "".join(_CJK_TENS) + "".join(_CJK_MYRIADS) + "".join(_CJK_SCORES)


# the copulas that end a Japanese or Korean answer ("五個です", "12입니다"): one list for every reader
COPULAS = ("です", "でした", "である", "입니다", "이다")
_COPULA_END = re.compile(rf"(?<=\S)[ \t]*(?:{'|'.join(COPULAS)})[ \t]*[。.]?[ \t]*$")
# a whole answer that is a Chinese or Japanese numeral with at most a counter ("五個", "十二人"; not "三角形", a word)
# the native Korean numerals (and their forms before a counter), with a counter after them
_KOREAN_NUMERALS = {"하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "넷": 4, "네": 4, "다섯": 5, "여섯": 6,
                    "일곱": 7, "여덟": 8, "아홉": 9, "열": 10}  # fmt: skip
_KOREAN_COUNTERS = "개|명|벌|자루|마리|권|대|장|잔|살|번|시간|분|초|원|달러|개월|년|주|층|켤레|송이|그루|병|상자|쪽|점|가지|회"
_KOREAN_NUMERAL_RE = re.compile(rf"({'|'.join(_KOREAN_NUMERALS)})[ \t]*({_KOREAN_COUNTERS})")
_CJK_COUNTERS = "個个人本枚匹台回歳岁冊册杯頭头羽円元只条次天年月日時时分秒米克斤块張张辆輛棵朵名位道題题种種组組对對件套盒瓶包箱顆颗粒間间"
_CJK_UNIT_WORDS = "摄氏度|華氏度|华氏度|厘米|毫米|千米|公里|公斤|千克|美元|欧元|英镑|分钟|小时|平方米|立方米|毫升|ドル|ユーロ|升|度"
# the whole answer a Chinese or Japanese numeral: a sign, a decimal part after 点, a fraction after 又 (a mixed number),
# at most a counter or a unit word after it ("负二", "两点五升", "一又二分之一", "七万ドル", "二百六十頭")
_CJK_WHOLE_NUMERAL = re.compile(
    rf"[ \t]*(负|負|零下)?([{CJK_NUMERAL_CHARS}]{{1,20}})(?:[点點・]([{''.join(_CJK_DIGITS)}]{{1,12}}))?"
    r"(?:又[ \t]*(?:([零〇一二两三四五六七八九十百]{1,6})分之([零〇一二两三四五六七八九十百]{1,6})|(\d{1,6})/(\d{1,6})))?"
    rf"([ \t]*(?:{_CJK_UNIT_WORDS}|[{_CJK_COUNTERS}]))?[ \t]*"
)


# an amount of yuan as cheques write it: "玖仟陆佰陆拾伍圆壹角捌分" 9665.18, "壹拾壹元整" 11 (角 a tenth, 分 a hundredth,
# 整 "exactly")
_CJK_MONEY = re.compile(
    rf"[ \t]*(负|負)?([{CJK_NUMERAL_CHARS}]{{1,20}})[元圆圓](?:([{''.join(_CJK_DIGITS)}])角)?"
    rf"(?:([{''.join(_CJK_DIGITS)}])分)?(整|正)?[ \t]*"
)


def _cjk_money(m: re.Match[str]) -> str | None:
    """The amount a :data:`_CJK_MONEY` match writes, in digits with 元; None if it is no amount."""
    whole = _cjk_number(m.group(2))
    if whole is None or not (m.group(3) or m.group(4) or m.group(5)):
        return None
    jiao, fen = (_CJK_DIGITS[c] if c else 0 for c in m.group(3, 4))
    value = decimal.Decimal(whole) + decimal.Decimal(jiao) / 10 + decimal.Decimal(fen) / 100
    return f"{'-' if m.group(1) else ''}{value}元"


def _cjk_whole_numeral(m: re.Match[str]) -> str | None:
    """The value a :data:`_CJK_WHOLE_NUMERAL` match writes, in digits with its unit word; None if it is no numeral."""
    whole = _cjk_number(m.group(2))
    if whole is None:
        return None
    value = str(whole)
    if m.group(3):  # "两点五": digits after the point, one by one
        value += "." + "".join(str(_CJK_DIGITS[c]) for c in m.group(3))
    if m.group(4) or m.group(6):  # "一又二分之一" ("二分之一" may already read 1/2): a whole number and a fraction
        den, num = (_cjk_number(m.group(4)), _cjk_number(m.group(5))) if m.group(4) else (int(m.group(7)), int(m.group(6)))
        if not den or num is None:
            return None
        value = f"({value} + {num}/{den})"
    unit = _CJK_DEGREES.get((m.group(8) or "").strip(), m.group(8) or "")  # "零下四摄氏度": -4 °C
    return f"{'-' if m.group(1) else ''}{value}{unit}"


_CJK_DEGREES = {"摄氏度": "°C", "华氏度": "°F", "華氏度": "°F"}



def _cjk_number(s: str) -> int | None:
    """A Chinese numeral ("八" 8, "十二" 12, "一百零五" 105, "二百六十" 260, "一万零一十" 10010, "七万" 70000) or
    digits; None otherwise."""
    if s.isdigit():
        return int(s)
    if len(s) >= 3 and all(ch in _CJK_DIGITS and ch not in "两兩" for ch in s):
        return int("".join(str(_CJK_DIGITS[ch]) for ch in s))  # "一七二零": a year, read digit by digit
    total, section, digit = 0, 0, None
    place = 0  # the place of the scale just read, while no zero followed it
    last_tens = 0  # the last 十, 百 or 千 of this group of four places
    for ch in s:
        if ch in "零〇" and digit is None and (total or section):
            place = 0
            continue  # "一百零五": the zero only marks an empty place
        if ch in _CJK_DIGITS:
            if digit is not None:
                return None  # "八五" is not a numeral
            digit = _CJK_DIGITS[ch]
        elif ch in _CJK_TENS:
            if 0 < last_tens <= _CJK_TENS[ch]:
                return None  # "二十三十": twenty, then thirty (two numbers), not fifty
            section += (1 if digit is None else digit) * _CJK_TENS[ch]
            digit, place, last_tens = None, _CJK_TENS[ch], _CJK_TENS[ch]
        elif ch in _CJK_SCORES and digit is None and not section % 100:
            section += _CJK_SCORES[ch]
            place = 10
        elif ch in _CJK_MYRIADS and (section or digit):
            total += (section + (digit or 0)) * _CJK_MYRIADS[ch]
            section, digit, place, last_tens = 0, None, _CJK_MYRIADS[ch], 0
        else:
            return None
    if digit is not None and place >= 100 and s[-2] not in "零〇":
        digit *= place // 10  # "一百二" 120, "两千六" 2600, "三万五" 35000: a last digit right after a scale is the next place down
    return total + section + (digit or 0)


# digits with several East Asian scales, or a scale and the digits below it: "5万7500", "3亿2000万", "1万2千",
# "6만 7,082" (Korean groups the remainder with a comma)
_CJK_MIXED_RE = re.compile(
    r"(?<![\d.,])(?:(\d{1,4}(?:\.\d{1,4})?)[ \t]?([亿億억])[ \t]?)?(?:(\d{1,4}(?:\.\d{1,4})?)[ \t]?([万萬만])[ \t]?)?"
    r"(?:(\d)[ \t]?([千천])[ \t]?)?(?:(\d)[ \t]?([百백])[ \t]?)?(\d{1,3}(?:,\d{3})|\d{1,4})?(?!\d|[.,]\d|[元원])"
)
_MIXED_SCALES = CJK_SCALES  # (with the traditional forms of 万 and 亿)


def _cjk_mixed(m: re.Match[str]) -> str:
    """The value of a :data:`_CJK_MIXED_RE` match of two parts or more (a scale each, or the last one digits below the
    smallest scale), in digits; the match unchanged otherwise (one scale alone is :func:`cjk_fractions`' to read)."""
    parts = [(m.group(k), m.group(k + 1)) for k in (1, 3, 5, 7) if m.group(k)]
    rest = m.group(9)
    if not parts or len(parts) + bool(rest) < 2:
        return m.group()
    smallest = min(_MIXED_SCALES[c] for _, c in parts)
    if rest is not None and len(rest.replace(",", "")) != smallest:
        return m.group()  # "5万75000", and "3万5" (colloquially 35000, three wan and five thousand): no digits below it
    if any(_MIXED_SCALES[a] <= _MIXED_SCALES[b] for (_, a), (_, b) in zip(parts, parts[1:])):
        return m.group()
    value = sum(decimal.Decimal(d) * 10 ** _MIXED_SCALES[c] for d, c in parts) + decimal.Decimal((rest or "0").replace(",", ""))
    text = f"{value:f}"
    return (text.rstrip("0").rstrip(".") if "." in text else text) + (" " if m.group().endswith((" ", "\t")) else "")


def cjk_fractions(s: str) -> str:
    """Chinese fractions and scales in digits: "八分之一" (one of eight parts) -> 1/8, "3分之2" -> 2/3 (Japanese
    "6分の1", Korean "6분의 1" likewise), "222万" (ten
    thousands) -> 2220000, "1.5亿" -> 150000000; a scale before another character is part of a unit ("50万元")."""

    def frac(m: re.Match[str]) -> str:
        den, num = _cjk_number(m.group(1)), _cjk_number(m.group(2))
        return m.group() if den is None or num is None or den == 0 else f"{num}/{den}"

    def scale(m: re.Match[str]) -> str:
        value = decimal.Decimal(m.group(1)) * 10 ** CJK_SCALES[m.group(2)]
        return f"{value:f}".rstrip("0").rstrip(".") if "." in f"{value:f}" else f"{value:f}"

    if "分之" in s or "分の" in s or "분의" in s:
        s = _CJK_FRACTION_RE.sub(frac, s)
    if any(c in _MIXED_SCALES for c in s):  # "5万7500" -> 57500 (not 50000 and 7500 side by side)
        s = _CJK_MIXED_RE.sub(_cjk_mixed, s)
    for _ in range(3):  # "3百万": 300万, then 3000000
        if not _CJK_SCALE_RE.search(s):
            break
        s = _CJK_SCALE_RE.sub(scale, s)
    return s


# (not a bare multiplier or a phrase that changes the number: 5万 is 50000 (50万元 is a count of 万元; so Korean's
# 5만, 5천, 3만 원), 3分之一 a third, 5的平方 25, 5以上 above 5, 5个半 5.5)
CJK_UNIT = (
    r"(?![\u4e00-\u9fff/]*(?:分之|的|以上|以下|以内|左右|上下|开外|根号|[不错对半多少约吗呢吧么余来成折]))(?![万亿萬億](?![\u4e00-\u9fff])|[千百十](?![米克瓦焦帕])|[백천]|[만억조](?![ \t]?원))"
    r"(?:[\u4e00-\u9fff\u30a0-\u30ff]{1,4}(?:/[\u4e00-\u9fff]{1,3})?|[\uac00-\ud7af]{1,4}(?:[ \t][\uac00-\ud7af]{1,4})?)"
)
_CJK_AFTER_NUMBER = re.compile(r"([\d)}])[ \t]*(" + CJK_UNIT + r")(?=[ \t]*(?:[.。][ \t]*)?$)")


# the Chinese "and" between two conditions ("且", "并且", "而且" and their traditional forms)
_CJK_AND_RE = re.compile(r"(?<![ \t])[ \t]*(?:并且|並且|而且|且)[ \t]*")
# whole-answer words for the number sets and for no solution, in simplified and traditional Chinese
_CJK_SET_WORDS = {
    "所有实数": "all real numbers", "所有實數": "all real numbers", "全体实数": "all real numbers",
    "全體實數": "all real numbers", "一切实数": "all real numbers", "一切實數": "all real numbers",
    "实数集": "\\mathbb{R}", "實數集": "\\mathbb{R}", "无解": "no solution", "無解": "no solution",
    "空集": "\\emptyset",
}  # fmt: skip
_CJK_SET_WORDS_RE = re.compile("|".join(sorted(_CJK_SET_WORDS, key=len, reverse=True)))
_CJK_SET_WORDS_FIRST = frozenset(w[0] for w in _CJK_SET_WORDS)


# a count and a half: the digits, a measure word or unit, then 半 ("3个半小时" 3.5 hours, "2時間半", "2斤半")
_AND_A_HALF_RE = re.compile(
    r"(?<![\d.])(\d{1,9})[ \t]?(个|個|小时|小時|時間|钟头|鐘頭|斤|公斤|年|岁|歲|天|日|元|块|塊|米|公里|杯|碗|张|張|页|頁"
    r"|周|週|月|分钟|分鐘|分|秒)半"
)
_TENTHS_RE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,3})?)[ \t]?[成割](?![本功员員績绩年人])")  # (not "成本" cost, "成年人" adults)


def cjk_numerals(s: str) -> str:
    """``s`` with a whole-answer CJK numeral read ("五個" -> "5 \\text{個}"), a copula that ends it dropped
    ("12입니다"), Chinese fractions and scales in digits, and a measure word after a value as its unit word."""
    if _COPULA_END.search(s):  # "五個です", "12입니다": the copula that ends a Japanese or Korean answer
        s = _COPULA_END.sub("", s)
    korean = _KOREAN_NUMERAL_RE.fullmatch(s) if "\uac00" <= s[:1] <= "\ud7af" else None
    if korean is not None:  # "다섯 벌" (five, with its counter): a native Korean numeral
        s = f"{_KOREAN_NUMERALS[korean.group(1)]} {korean.group(2)}"
    money = _CJK_MONEY.fullmatch(s) if len(s) <= 60 else None
    written = _cjk_money(money) if money is not None else None
    if written is not None:  # "壹拾壹元整": 11 yuan
        s = written
    whole = _CJK_WHOLE_NUMERAL.fullmatch(s) if len(s) <= 60 else None
    written = _cjk_whole_numeral(whole) if whole is not None else None
    if written is not None:  # "五個": 5, with its counter as a unit; "负二" -2; "两点五升" 2.5 litres
        s = written
    if "半" in s:  # "3个半小时", "2時間半", "2斤半": and a half (never "3点半", "3時半": half past)
        s = _AND_A_HALF_RE.sub(lambda m: f"{m.group(1)}.5{m.group(2)}", s)
    if "成" in s or "割" in s:  # "3成", "3割": tenths (30 %)
        s = _TENTHS_RE.sub(lambda m: f"\\frac{{{m.group(1)}}}{{10}}", s)
    if _CJK_AFTER_NUMBER.search(s):  # "36种", "(√{3}+1)小时": a Chinese measure word after a value is its unit word
        s = _CJK_AFTER_NUMBER.sub(r"\1 \\text{\2}", s)
    if "分之" in s or "分の" in s or any(c in _MIXED_SCALES for c in s):
        s = cjk_fractions(s)
        if _CJK_AFTER_NUMBER.search(s):  # "3천원": 3000, then its unit word
            s = _CJK_AFTER_NUMBER.sub(r"\1 \\text{\2}", s)
    return s


def cjk_words(s: str) -> str:
    """``s`` with the Chinese "and" between conditions as "and", and the words for the number sets and for no
    solution as their English or LaTeX ("所有實數" -> "all real numbers", "空集" -> "\\emptyset")."""
    if "且" in s:  # "x>2 且 x<7": both conditions, as "and" joins them
        s = _CJK_AND_RE.sub(" and ", s)
    if any(c in s for c in _CJK_SET_WORDS_FIRST):
        s = _CJK_SET_WORDS_RE.sub(lambda m: _CJK_SET_WORDS[m.group()], s)
    if "\\sim" in s:  # "2 \\sim 3": a range from 2 to 3, as Chinese keys write "2～3" (not "\\frac16 \\sim 0.167")
        s = _SIM_RANGE_RE.sub(_sim_range, s)
    return s


_NUMBER = r"-?\d+(?:\.\d+)?|-?\\[dt]?frac\s*(?:\{-?\d+\}|\d)\s*(?:\{\d+\}|\d)"
_SIM_RANGE_RE = re.compile(rf"(?<![\w}}\\^_.])({_NUMBER})[ \t]*\\sim(?![A-Za-z])[ \t]*({_NUMBER})(?![\w.{{])")


_FRAC_PARTS_RE = re.compile(r"frac\s*(?:\{-?(\d+)\}|(\d))\s*(?:\{(\d+)\}|(\d))")


def _number_value(s: str) -> float:
    frac = _FRAC_PARTS_RE.search(s)
    if frac is not None:
        den = float(frac.group(3) or frac.group(4))
        value = float(frac.group(1) or frac.group(2)) / den if den else 0.0
    else:
        value = abs(float(s))
    return -value if "-" in s else value


def _sim_range(m: re.Match[str]) -> str:
    """Two numbers joined by \\sim as a range (unreadable as one value) unless the second approximates the first."""
    a, b = _number_value(m.group(1)), _number_value(m.group(2))
    return m.group() if abs(a - b) <= 0.02 * max(abs(a), abs(b)) else f"{m.group(1)}～{m.group(2)}"

# a Chinese numeral before a measure word ("六只", "十二个", "两本"), for a count stated in words in a last sentence
_COUNTED_RE = re.compile(
    r"([零〇一二两兩三四五六七八九十百千万萬]{1,8})(?=[只个個人本元块塊条條张張支头頭匹辆輛棵朵岁歲天次种種道题題页頁份位名件双雙对對杯瓶箱盒袋筐组組])"
)
_LAST_SENTENCE_RE = re.compile(r"[^。！？!?\n]+[。！？!?]?\s*\Z")


def cjk_counted_number(text: str) -> str | None:
    """The one count a Chinese last sentence states in numerals before a measure word ("因此，一只猫和一只鸡一共有六只脚。"
    states 6: "一只" is "a", no count), as digits; None where it has digits, no such count or several."""
    sentence = _LAST_SENTENCE_RE.search(text[-300:])
    if sentence is None or re.search(r"\d", sentence.group()):
        return None
    counts = {m.group(1) for m in _COUNTED_RE.finditer(sentence.group()) if m.group(1) not in ("一", "一一")}
    if len(counts) != 1 or re.search(r"[一二两兩三四五六七八九]{2}", next(iter(counts))):
        return None  # (several counts; "两三只", two or three)
    value = _cjk_number(counts.pop())
    return None if value is None else str(value)


# a measure word or a unit after a number, in Chinese, Japanese or Korean ("70个", "70個", "70개", "70美元")
CJK_COUNTER = rf"(?:{_CJK_UNIT_WORDS}|{_KOREAN_COUNTERS}|[{_CJK_COUNTERS}])"
# a numeral that ends a line after a label, a copula or a total word ("总计：七十", "最终结果为七十。", "共七十")
_LABELLED_NUMERAL_END_RE = re.compile(
    r"(?<=[:：是为為共计計])([零〇一二两兩三四五六七八九十百千万萬]{1,8})(?=[^\w\n]{0,6}\Z)"
)


def cjk_line_digits(line: str) -> str:
    """A line with its Chinese numerals as digits, where they count (before a measure word, :func:`cjk_digits`; not
    "一个", an article) or end it after a label or a copula ("总计：七十" -> "总计：70"; not "唯一", unique)."""
    if not any(c in line for c in CJK_NUMERAL_CHARS):
        return line
    line = _COUNTED_RE.sub(lambda m: m.group(1) if m.group(1) in ("一", "一一") else _counted_digits(m), line)
    m = _LABELLED_NUMERAL_END_RE.search(line)
    if m is None or re.search(r"[一二两兩三四五六七八九]{2}", m.group(1)):
        return line
    value = _cjk_number(m.group(1))
    return line if value is None else line[: m.start()] + str(value) + line[m.end() :]


def cjk_digits(text: str) -> str:
    """``text`` with each Chinese numeral before a measure word as digits ("鸡有六只" -> "鸡有6只"; not "两三只", two or
    three)."""
    return _COUNTED_RE.sub(_counted_digits, text) if any(c in text for c in CJK_NUMERAL_CHARS) else text


def _counted_digits(m: re.Match[str]) -> str:
    """A numeral before a measure word (a match of :data:`_COUNTED_RE`) as digits; as it is where it is no one
    number ("两三", two or three)."""
    if re.search(r"[一二两兩三四五六七八九]{2}", m.group(1)):
        return m.group(1)
    value = _cjk_number(m.group(1))
    return m.group(1) if value is None else str(value)


# Chinese primary school's answer line, the text's last ("答：一共有7个苹果，比原来多4个。"); its first sentence, then
# the clauses of that sentence, and a total word in one of them
_ANSWER_LINE_RE = re.compile(r"(?:^|\n)[ \t]*答[ \t]*[:：]([^\n]{1,300})\s*\Z")
_SENTENCE_END_RE = re.compile(r"[。！？!?]")
_CLAUSE_RE = re.compile(r"[^，,、；;]+")
_TOTAL_WORD_RE = re.compile(r"一共|总共|總共|共计|共計|合计|合計|总计|總計|共有")


def answer_line_sentence(text: str) -> str:
    """``text`` with its closing "答：" line cut to what answers: the line's first sentence ("答：需要3天。检验：
    3×4=12，正确。": the check after it is no answer), and of that sentence's clauses the one with a total word where
    one alone has one ("答：一共有7个苹果，比原来多4个。": 7, not the difference after it). Any other text as it is."""
    m = _ANSWER_LINE_RE.search(text[-400:])
    if m is None:
        return text
    line = m.group(1)
    sentence = line[: stop.start()] if (stop := _SENTENCE_END_RE.search(line)) else line
    clauses = [c for c in _CLAUSE_RE.findall(sentence) if re.search(r"\d", c)]
    totals = [c for c in clauses if _TOTAL_WORD_RE.search(c)]
    answer = totals[0] if len(clauses) > 1 and len(totals) == 1 else sentence
    start = len(text) - len(text[-400:]) + m.start(1)
    return f"{text[:start]}{answer}。"
