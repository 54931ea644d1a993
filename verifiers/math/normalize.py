"""Normalisation: string-level clean-up of an answer before it is tokenized (meaning unchanged).

:func:`strip_math_delimiters` removes outer ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]``;
:func:`strip_layout` drops the LaTeX that only lays maths out (also before the prose reading of the tokenizer);
:func:`normalize` calls it and also drops thousands separators, dollar signs and markdown code spans, maps
Unicode maths to LaTeX and unescapes text escaped twice. The forms it accepts
are in the table of :mod:`verifiers.math`.
"""

from __future__ import annotations

import decimal
import re

from verigrpo.verifiers.math.combinatorics import count_notations
from verigrpo.verifiers.math.locales import LOCAL_CURRENCY_HINT, digit_groups, foreign_scales, local_amounts
from verigrpo.verifiers.math.mathematica import mathematica_calls
from verigrpo.verifiers.math.units import ascii_units, caret_powers, compound_quantity, unit_word

_MATH_DELIMS = (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$"))


def strip_math_delimiters(s: str) -> str:
    """Remove one pair of outer ``$..$``, ``$$..$$``, ``\\(..\\)``, ``\\[..\\]`` (repeatedly)."""
    s = s.strip()
    for _ in range(3):
        for a, b in _MATH_DELIMS:
            if len(s) >= len(a) + len(b) and s.startswith(a) and s.endswith(b):
                inner = s[len(a) : len(s) - len(b)]
                if a == "$" and "$" in inner or a in ("\\(", "\\[") and (a in inner or b in inner):
                    continue  # "$3$ or $4$", "\(\frac14\) or \(0.25\)": two spans, not one
                s = inner.strip()
                break
        else:
            break
    return s


_DROP = re.compile(
    r"\\(?:displaystyle|textstyle|scriptstyle|limits|nolimits|bigl|bigr|Bigl|Bigr|biggl|biggr|Biggl|Biggr|"
    r"bigg|Bigg|big|Big|middle|mathstrut|strut|phantom\{[^{}]*\}|hphantom\{[^{}]*\}|vphantom\{[^{}]*\}|"
    r"hspace\*?\{[^{}]*\}|kern\s*-?[\d.]+\w*|underline|mkern\s*-?[\d.]+\w*)(?![A-Za-z])"
)
# old font switches ({\bf (A)}), and paragraph layout that answer keys copied out of a .tex file keep ("235\\
# \noindent"): a space in their place, so that "3\par5" stays two numbers and is not 35
_BREAKS = re.compile(
    r"\\(?:bf|it|sf|tt|sl|sc|em|noindent|indent|newline|par|medskip|bigskip|smallskip|hfill|vfill|vspace\*?\{[^{}]*\})"
    r"(?![A-Za-z])"
)
_BARE_COMMAND = re.compile(r"(?<![\\A-Za-z])(d?frac|sqrt)\{")
_LONE_TRAILING_BACKSLASH = re.compile(r"(?<!\\)\\\s*$")
_THIN_BETWEEN_LETTERS = re.compile(r"(?<=[A-Za-z])(?:(?<!\\)\\[,;:!>])+(?=[A-Za-z])")
_THIN = re.compile(r"(?<!\\)\\[,;:!>]|\{,\}(?=\d)")
_WIDE = re.compile(
    r"\\(?:quad|qquad)|\\(?:enspace|thinspace|medspace|thickspace|negthinspace|space)(?![A-Za-z])|(?<!\\)\\ "
)
_LEFTRIGHT = re.compile(r"\\(?:left|right|mleft|mright)\s*(?:\.|(?=[\\(\[\]|)<>/]|\\\{|\\\}))")
# ^\circ or ^{\circ}: a closing brace only with its opening one (in \frac{45^\circ}{180^\circ} it closes the \frac's)
_DEGREE = re.compile(r"\^\s*(?:\{\s*\\circ\s*\}|\\circ)|\\degree(?![A-Za-z])|°|\^\s*\{\s*\\text\{\s*o\s*\}\s*\}")
# at most seven groups (below 10^21; 2^64 has seven): a longer run of three-digit groups is a list
# ("110,143,164,..." with nineteen)
_THOUSANDS = re.compile(r"-?\d{1,3}(?:,\d{3}){1,6}(?:\.\d+)?(?=$|\s*[A-Za-z\\%°][^,]*$)")
# MATH's thousands separators: "11,\! 111,\! 100", "14{,}916", "14 {, }916" (exactly 3 digits follow)
_LATEX_THOUSANDS = re.compile(r"(?<=\d),\s*\\!\s*(?=\d{3}(?!\d))|(?<=\d)\s*\{\s*,\s*\}\s*(?=\d{3}(?!\d))")
_SPACED_BOLD_DIGITS = re.compile(r"\\mathbf\s*\{\s*(\d(?: \d)+(?: ?, ?\d(?: \d)*)*)\s*(\\pi)?\s*\}")
# text escaped twice ("\\frac{1}{2}" for "\frac{1}{2}"): commands with a doubled backslash, none with one
_DECIMAL_COMMA_AFTER_APPROX = re.compile(r"((?:≈|\\approx)[ \t]*-?\d{1,12}),(\d{1,12})(?![\d,])")
_DECIMAL_COMMA_COEFFICIENT = re.compile(r"((?<![\d,.])\d{1,12}),(\d{1,2})(?=[A-Za-zπ])")
_DECIMAL_COMMA = re.compile(r"(?<=\d)\{,\}(?!\d{3}(?!\d))(?=\d)")
_NOT_EQUAL = re.compile(r"\\not\s*(?:=|\\eq(?![A-Za-z]))|=/=")
_DOUBLED_COMMAND = re.compile(r"(?<!\\)\\\\[A-Za-z]")
_SINGLE_COMMAND = re.compile(r"(?<!\\)\\[A-Za-z]")
# a whole answer in quotation marks of one pair: "even", “even”, 'even', «четное», 「偶数」
_QUOTED_WHOLE = re.compile(r"""(["“'‘«「『])([^"“”'‘’«»「」『』]+)(["”'’»」』])""")
_TIMES_TEN = re.compile(r"(\d\.\d+\s*|\d\s+)x\s*10\s*(?:\^|\*\*)\+?")  # "6.02 x 10^{23}", "8.20x10**+1"; not "3x10^8"
# two unit symbols joined by a hyphen after a number: "5 N-m", "1.1e-5 atm-m^3" (both must be units)
_HYPHEN_UNIT = re.compile(r"(?<=[\d.][ \t])([A-Za-z]{1,4})-([A-Za-z]{1,4})(?![A-Za-z(])")
# Python's operators in a unit: "atm*m**3/mole", "g*cm**-3" (a product of units, a power)
_PYTHON_UNIT = re.compile(r"(?<=[A-Za-z])\*\*(?=[-+]?\d)|(?<=[A-Za-z0-9 ])\*(?=([A-Za-z]{1,6})(?:\*\*|[/*\s]|$))")
_SPACE_THOUSANDS = re.compile(r"-?\d{1,3}(?: \d{3})+(?:\.\d+)?(?=$|\s*[A-Za-z\\%°][^,]*$)")
# Swiss groups "1'234'567.89", and Indian groups with a decimal part "12,34,567.89" (without one, "1,23,456" could
# be a list): a whole answer that is one such number
_NAMED_POINT = re.compile(r"[A-Z](?:'|′|\^\s*\{?\s*\\prime\s*\}?|_\{?\w{1,3}\}?)?\s*(\([^()]*\))")
_DOT_THOUSANDS = re.compile(r"-?\d{1,3}(?:\.\d{3}){2,6}(?:,\d+)?")
_OTHER_THOUSANDS = re.compile(r"-?\d{1,3}(?:'\d{3})+(?:\.\d+)?|-?\d{1,2}(?:,\d{2})+,\d{3}\.\d+")


_UPRIGHT_GROUP = re.compile(r"\\(?:mathrm|text|textrm|mbox)\s*\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")


# TeX's generalised fractions: "{4 \\over 2}", "{40 \\choose 10}", "(40 \\choose 10)" (the innermost group or
# parenthesis that holds one; the whole text when none does)
_OVER_GROUP = re.compile(r"([{(])([^{}()]*?)\\(over|choose)(?![A-Za-z])([^{}()]*)([})])")
_OVER_BARE = re.compile(r"^([^{}()]*?)\\(over|choose)(?![A-Za-z])([^{}()]*)$")
_OVER_COMMAND = {"over": "frac", "choose": "binom"}


def _over(m: re.Match) -> str:
    opener, top, kind, bottom, closer = m.groups() if m.re is _OVER_GROUP else ("", *m.groups(), "")
    if (opener, closer) not in (("{", "}"), ("(", ")"), ("", "")):
        return m.group()
    out = f"\\{_OVER_COMMAND[kind]}{{{top.strip()}}}{{{bottom.strip()}}}"
    return f"({out})" if opener == "(" else out


def over_fractions(s: str) -> str:
    """``{a \\over b}`` as ``\\frac{a}{b}`` and ``{n \\choose k}`` as ``\\binom{n}{k}`` (at most eight, innermost first)."""
    for _ in range(8):
        s, n = _OVER_GROUP.subn(_over, s, count=1)
        if not n:
            break
    return _OVER_BARE.sub(_over, s) if "\\over" in s or "\\choose" in s else s


# a modulus noted after the answer: "4 \pmod{7}", "x \equiv 4 \pmod 7", "4 (mod 7)" (the value is what is written:
# "11 \pmod 7" stays 11, not the residue 4)
_MODULUS_NOTE = re.compile(
    r"(?:\\pmod\s*(?:\{[^{}]{1,30}\}|\d{1,12}|[A-Za-z])|\(\s*(?:\\bmod|\\mod|mod)\s*(?:\{[^{}]{1,30}\}|\d{1,12}|[A-Za-z])\s*\))\s*$"
)


def strip_layout(s: str) -> str:
    """Remove LaTeX that only lays maths out, meaning unchanged: ``\\left``/``\\right``, sizing and spacing
    commands (``\\displaystyle``, ``\\big``, ``\\,``, ``\\quad``, ``\\ ``); spell ``\\dfrac``/``\\tfrac``/``\\cfrac``
    as ``\\frac`` (and ``\\dbinom`` as ``\\binom``) and a degree sign (``^\\circ``, ``\\degree``) as ``°``.
    Linear in the length of ``s``; used by :func:`normalize` and by the prose reading of the tokenizer."""
    if "frac{" in s or "sqrt{" in s:  # "frac{a}{b}", a command without its backslash (never a word of its own)
        s = _BARE_COMMAND.sub(r"\\\1{", s)
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac").replace("\\cfrac", "\\frac")
    s = s.replace("\\dbinom", "\\binom").replace("\\tbinom", "\\binom")
    s = _LEFTRIGHT.sub("", s)
    s = _DROP.sub("", s)
    s = _BREAKS.sub(" ", s) if "\\" in s else s
    if "\\m" in s or "\\t" in s:  # a thin space between unit letters separates them: \mathrm{m\,s^{-2}} is m s^-2
        s = _UPRIGHT_GROUP.sub(lambda m: _THIN.sub(" ", m.group()), s)
    s = _drop_trailing_breaks(s)
    s = _LONE_TRAILING_BACKSLASH.sub("", s)  # "185\\": a stray backslash at the end, not a command
    s = _THIN_BETWEEN_LETTERS.sub(" ", s)  # "\pi\,e" is \pi e, not the unknown command \pie
    s = _THIN.sub("", s)
    s = _WIDE.sub(" ", s)
    return _DEGREE.sub("°", s)


def _drop_trailing_breaks(s: str) -> str:
    """``s`` without the line breaks ``\\`` that end it ("235 \\"): nothing comes after them to break to."""
    t = s.rstrip()
    j = len(t)
    while j >= 2 and t[j - 2 : j] == "\\\\" and (j < 3 or t[j - 3] != "\\"):
        j -= 2
        while j and t[j - 1].isspace():
            j -= 1
    return s if j == len(t) else t[:j]


_CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
# the financial (banker's) forms of the digits, which cheques write so that no stroke can be added, and Japanese's
_CJK_DIGITS |= {"壹": 1, "壱": 1, "贰": 2, "貳": 2, "弐": 2, "叁": 3, "參": 3, "参": 3, "肆": 4, "伍": 5, "陆": 6,
                "陸": 6, "柒": 7, "捌": 8, "玖": 9}  # fmt: skip
_CJK_NUMERAL = r"(?:\d{1,9}|[零〇一二两三四五六七八九十百]{1,6})"
# (Japanese writes the same fraction with の: "7分の6" is 6/7)
_CJK_FRACTION_RE = re.compile(rf"(?<![\d零〇一二两三四五六七八九十百])({_CJK_NUMERAL})\s*分[之の]\s*({_CJK_NUMERAL})")
# before 元 the scale is part of the unit ("50万元", how accounts count money); before another unit it scales ("3万个")
# (千 and 百 also begin unit names, 千克 kilogram, 千米 kilometre, 百分之 percent: not scales there)
# Korean writes the same scales in Hangul after digits ("3만", "2억", "5천"), and "3만 원" as the unit 만 원
_CJK_SCALE_RE = re.compile(
    r"(?<![\d.])(\d{1,12}(?:\.\d{1,12})?)\s*([万亿](?!元)|[百千](?![克米瓦焦帕赫卡分元升])|[만억](?![ \t]?원)|[백천])"
    r"(?![ \t]?\d)"  # (digits right after a scale are read with it, or not at all: "3万5" is never 300005)
)
_UPRIGHT_SUBSCRIPTED = re.compile(r"\\(?:mathrm|mathit|mathbf|mathsf|text|textrm|rm)\s*\{\s*~?\s*([A-Za-z])\s*\}(?=\s*_)")
_ASCII_UNION = re.compile(r"([)\]])[ \t]{0,4}\\/[ \t]{0,4}([(\[])")
CJK_SCALES = {"百": 2, "千": 3, "万": 4, "亿": 8, "백": 2, "천": 3, "만": 4, "억": 8}
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
_MIXED_SCALES = {**CJK_SCALES, "萬": 4, "億": 8}  # with the traditional forms of 万 and 亿


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
    """Chinese fractions and scales in digits: "八分之一" (one of eight parts) -> 1/8, "3分之2" -> 2/3, "222万" (ten
    thousands) -> 2220000, "1.5亿" -> 150000000; a scale before another character is part of a unit ("50万元")."""

    def frac(m: re.Match[str]) -> str:
        den, num = _cjk_number(m.group(1)), _cjk_number(m.group(2))
        return m.group() if den is None or num is None or den == 0 else f"{num}/{den}"

    def scale(m: re.Match[str]) -> str:
        value = decimal.Decimal(m.group(1)) * 10 ** CJK_SCALES[m.group(2)]
        return f"{value:f}".rstrip("0").rstrip(".") if "." in f"{value:f}" else f"{value:f}"

    if "分之" in s or "分の" in s:
        s = _CJK_FRACTION_RE.sub(frac, s)
    if any(c in _MIXED_SCALES for c in s):  # "5万7500" -> 57500 (not 50000 and 7500 side by side)
        s = _CJK_MIXED_RE.sub(_cjk_mixed, s)
    for _ in range(3):  # "3百万": 300万, then 3000000
        if not _CJK_SCALE_RE.search(s):
            break
        s = _CJK_SCALE_RE.sub(scale, s)
    return s


_PARTIAL_RE = re.compile(r"\\frac\s{0,4}\{\s{0,4}\\partial\s{0,4}\}\s{0,4}\{\s{0,4}\\partial\s{0,4}([A-Za-z])\s{0,4}\}")
_UNDERSCORE_MIXED = re.compile(r"(?<![\w.^\\{])(-?\d{1,12})_(\d{1,12})/(\d{1,12})(?![\w./])")
_COMBINATORICS = re.compile(r"[ \t]{0,8}(\d{1,3})[ \t]{0,8}([CP])[ \t]{0,8}(\d{1,3})[ \t]{0,8}")


# an ISO currency code before an amount (the codes the lexer reads as units after one: tests check the two agree)
CURRENCY_CODES = ("USD", "EUR", "GBP", "JPY", "INR")
_CURRENCY_CODE_FIRST = re.compile(rf"({'|'.join(CURRENCY_CODES)})[ \t]{{0,2}}(-?\d[\d,]{{0,20}}(?:\.\d{{1,12}})?)")


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
_DOUBLE_STRUCK_LETTERS = "ℝℤℕℚℂ"
_FOREIGN_SCALE_HINT = re.compile(r"\d[ \t\u00a0]{0,2}[^\W\d_]")  # a letter after digits: a scale word may follow
_DOUBLE_STRUCK = str.maketrans({c: f"\\mathbb{{{x}}}" for c, x in zip(_DOUBLE_STRUCK_LETTERS, "RZNQC")})


def normalize(s: str) -> str:
    """String-level clean-up that does not change meaning: spacing, sizing, ``\\left``/``\\right``, the
    full-width forms of East Asian input methods (``（n＋m）``, ``１２``) as their ASCII characters."""
    s = ascii_units(_superscripts(s.translate(FULL_WIDTH)))  # "1 µA", "1 kΩ" before mu and Omega are letters
    if "C" in s or "P" in s or "A" in s:  # "C(52, 4)", "C_{10}^{3}", "⁵P₂": counting notations, as their counts
        s = count_notations(s)
    compound = compound_quantity(s) if len(s) <= 120 else None
    if compound is not None:  # "2 min 30 s" -> "150 s", "4 lbs 12 oz" -> "76 oz": one quantity in several units
        s = compound
    powered = caret_powers(s) if len(s) <= 80 and not compound else None
    if powered is not None:  # "1 m2" -> "1 m^{2}": a unit's power written without its caret
        s = powered
    pence = _PENCE.fullmatch(s) if len(s) <= 30 else None
    if pence is not None:  # "250p": an amount of pence, as British keys write it beside "£2.50"
        s = f"{pence.group(1)} pence"
    code = _CURRENCY_CODE_FIRST.fullmatch(s.strip()) if len(s) <= 60 else None
    if code is not None:  # "USD 1577": the ISO code before the amount, as "1577 USD"
        s = f"{code.group(2)} {code.group(1)}"
    if "\\/" in s:  # "(-oo; -2) \/ (2; +oo)": a union written in ASCII between two intervals (TeX's italic
        # correction elsewhere, which lays out nothing)
        s = _ASCII_UNION.sub(r"\1 \\cup \2", s).replace("\\/", "")
    if s.strip() in ("{}", "\\{\\}", "\\{ \\}"):  # an empty pair of braces as a whole answer: the empty set
        return "\\emptyset"
    if "٬" in s or "٫" in s:  # Arabic thousands and decimal separators: "٧٠٬٠٠٠" is 70,000, "٣٫٥" is 3.5
        s = s.replace("٬", ",").replace("٫", ".")
    if "(" in s and ("$" in s or "€" in s or "£" in s or "₤" in s or "¥" in s or "₹" in s):
        # accounting's negative: "$(426) thousand", "£(8.1m)" are -426 thousand dollars, -8.1 million pounds
        s = _ACCOUNTING_NEGATIVE.sub(lambda m: f"{m.group(1)}-{m.group(2)}{m.group(3) or ''}", s)
    if (
        "€" in s or "£" in s or "₤" in s or "¥" in s or "₹" in s
    ):  # a currency sign, before or after the amount, is its unit: "5€", "£ 5"; with its scale: "€2.5 million"
        s = _CURRENCY_AFTER.sub(
            lambda m: f"{m.group(2)}{_scale_text(m.group(3))} "
            f"{_CURRENCY[m.group(1)]}",
            s,
        )
        s = _CURRENCY_BEFORE.sub(lambda m: f"{m.group(1)} {_CURRENCY[m.group(2)]}", s)
    if "$" in s:
        s = _DOLLAR_SCALE.sub(_dollar_scale, s)
    if "_" in s and "\\" in s:  # "\mathrm{N}_{1}": an upright letter with a subscript is the variable N_1
        s = _UPRIGHT_SUBSCRIPTED.sub(r"\1", s)
    if "根号" in s:  # "根号3", "2根号2": the Chinese word for the square root sign (before it reads as a unit word)
        s = re.sub(r"根号(?=\s*[\d({\\A-Za-z])", r"\\sqrt ", s)
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
    if _CJK_AFTER_NUMBER.search(s):  # "36种", "(√{3}+1)小时": a Chinese measure word after a value is its unit word
        s = _CJK_AFTER_NUMBER.sub(r"\1 \\text{\2}", s)
    if "分之" in s or "分の" in s or any(c in _MIXED_SCALES for c in s):
        s = cjk_fractions(s)
        if _CJK_AFTER_NUMBER.search(s):  # "3천원": 3000, then its unit word
            s = _CJK_AFTER_NUMBER.sub(r"\1 \\text{\2}", s)
    if _FOREIGN_SCALE_HINT.search(s):  # "1,5 juta", "3 bin", "2 Millionen": another language's scale words
        s = foreign_scales(s)
    if LOCAL_CURRENCY_HINT.search(s):  # "Rp 15.000", "R$ 3,50": the amount as that country writes it
        s = local_amounts(s)
    if "或" in s or "和" in s:  # Chinese "or" / "and" between answers: "70 或 -70" is "70 or -70", a hedge
        s = s.replace("或者", " or ").replace("或", " or ").replace("和", " and ")
    if "且" in s:  # "x>2 且 x<7": both conditions, as "and" joins them
        s = _CJK_AND_RE.sub(" and ", s)
    if any(c in s for c in _CJK_SET_WORDS_FIRST):  # "所有實數" all reals, "無解" no solution, "空集" the empty set
        s = _CJK_SET_WORDS_RE.sub(lambda m: _CJK_SET_WORDS[m.group()], s)
    if any(c in s for c in _DOUBLE_STRUCK_LETTERS):  # "ℝ", "ℤ": the number sets as \mathbb letters
        s = s.translate(_DOUBLE_STRUCK)
    if "、" in s:  # the ideographic enumeration comma: "A、C、D" lists three
        s = s.replace("、", ", ")
    if "또는" in s or "혹은" in s or "または" in s:  # the same "or" in Korean and Japanese: "7/15 또는 46.7%"
        s = s.replace("또는", " or ").replace("혹은", " or ").replace("または", " or ")
    if "_" in s and "/" in s:  # "3_3/4": plain text's mixed number, 3 3/4 (not x_1/2, a subscript)
        s = _UNDERSCORE_MIXED.sub(r"\1 \2/\3", s)
    choose = _COMBINATORICS.fullmatch(s) if "C" in s or "P" in s else None
    if choose is not None:  # "5C3", "10P2": a calculator's combinations and permutations, the whole answer
        n, kind, r = choose.groups()
        s = f"\\binom{{{n}}}{{{r}}}" if kind == "C" else f"\\frac{{{n}!}}{{({n}-{r})!}}"
    if "partial" in s:  # "\frac{\partial}{\partial y}(...)": a partial derivative, worked out as d/dy is
        s = _PARTIAL_RE.sub(r"\\frac{d}{d\1}", s)
    if "below" in s:  # "5 degrees below zero" is -5 degrees
        s = _BELOW_ZERO.sub(r"-\1\2", s)
    if "Rs" in s or "INR" in s:  # "Rs. 450", "\text{Rs. } 450" (the rupee of MathQA and AQuA keys): 450 rupees
        s = _RUPEES_BEFORE.sub(r"\1 rupee", s)
    if _DOUBLED_COMMAND.search(s) and not _SINGLE_COMMAND.search(s):
        s = s.replace("\\\\", "\\")
    if "mathbf" in s:  # "\mathbf{1 9 1 3 3}", "\mathbf{5 4 8 \pi}": a PDF's bold digits, spaced one by one
        s = _SPACED_BOLD_DIGITS.sub(lambda m: "{" + m.group(1).replace(" ", "") + (m.group(2) or "") + "}", s)
    s = _LATEX_THOUSANDS.sub("", s)
    if "[" in s and "\\" not in s:  # "Sin[2 + 3*x]^2", "ArcTanh[Sin[x]]": Mathematica's calls
        s = mathematica_calls(s)
    if "_" in s or "," in s:  # "1_025_000_000", "1.099,98", "1 200,3", "1,00,00,000": other conventions' digit groups
        s = digit_groups(s)
    if "{" in s and "," in s:  # "\frac{945}{16,384}": a group that holds one number, in groups of three
        s = _BRACED_THOUSANDS.sub(lambda m: m.group().replace(",", ""), s)
    if "color" in s or "\\text" in s:  # "\color{red}4", "\textcolor{red}{4}": the colour is no part of the value
        s = _COLOUR_RE.sub("", s).replace("\\text{\\$}", "\\$")  # "\text{\$}4": a dollar sign
    if "j" in s and not _NOT_PYTHON_COMPLEX_RE.search(s):  # "(-4-2j)", "3+4j", "1+j": j, the engineers' i
        s = s.replace("j", "i")
    if "_{" in s or "^{" in s:  # "3  x_{} y_{}": an empty subscript or superscript (a TeX printer's) is nothing
        s = _EMPTY_SCRIPT.sub("", s)
    if "," in s and ("≈" in s or "approx" in s or re.search(r"\d,\d{1,2}[A-Za-zπ]", s)):
        # "35/36 ≈ 0,972", "−0,5y": a decimal comma (after an approximation sign no list is written; a coefficient
        # glued to its letter is one number)
        s = _DECIMAL_COMMA_AFTER_APPROX.sub(r"\1.\2", s)
        s = _DECIMAL_COMMA_COEFFICIENT.sub(r"\1.\2", s)
    if "{,}" in s:  # "3{,}14", "1{,}5": a decimal comma (a group of three digits after it is thousands: "14{,}916")
        s = _DECIMAL_COMMA.sub(".", s)
    if "mod" in s:
        s = _MODULUS_NOTE.sub("", s).rstrip()
    if "\\over" in s or "\\choose" in s:
        s = over_fractions(s)
    if ":=" in s or "coloneq" in s:  # "x := 4", "x \coloneqq 4": a definition, read as "="
        s = re.sub(r"\\coloneqq?(?![A-Za-z])", "=", s.replace(":=", "="))
    if "not" in s or "=/=" in s:  # "x \not= 4", "x =/= 4": not equal, never "x = 4"
        s = _NOT_EQUAL.sub(r"\\neq ", s)
    for a, b in _UNICODE.items():
        if a in s:  # "\π" (a command backslash before the symbol itself) is "\pi" too, not "\\pi"
            s = s.replace("\\" + a, b) if b.startswith("\\") else s
            s = s.replace(a, b)
    s = strip_layout(s).replace("~", " ")  # a LaTeX tie; not in strip_layout: in a sentence "~7" is "about 7"
    if "°" in s and ("'" in s or "′" in s or "prime" in s):  # 64° 10' (degrees and arc minutes, seconds)
        s = _DEGREES_MINUTES.sub(_degrees_minutes, s)
    if "]" in s or "[" in s:
        s = _REVERSED_INTERVAL.sub(_iso_interval, s)
    if "US" in s:  # "US$1,000", "1,099.98 US$": the dollar sign with its country
        s = _US_DOLLAR.sub("$", s)
    if "," in s and "$" in s:  # "\$2,500 and \$5,000": a comma in a dollar amount groups thousands, never lists
        s = _DOLLAR_THOUSANDS.sub(lambda m: m.group().replace(",", ""), s)
    spaced = _SPACED_THOUSANDS.fullmatch(s.strip()) if "," in s else None
    if spaced is not None:  # "70 ,000", "$24 , 500": a tokenizer's spaces around a thousands comma
        s = s.replace(" ", "").replace(",", "")
    dollars = _DOLLAR_AMOUNT.fullmatch(s.strip())
    if dollars is not None:  # "\$1.98", "-$5": an amount in dollars, which converts to cents ("198 (cents)")
        s = f"{dollars.group(1) or ''}{dollars.group(2)} dollar"
    s = s.replace("\\$", "").replace("$", "")
    if "(" in s:  # "198 (cents)", "36 (sq. inches)": ASDiv's unit in brackets after the number
        s = _BRACKETED_UNIT.sub(r"\1 \2", s)
    if "\\(" in s and "\\)" in s:  # "\(\frac14\) or 0.25": inner inline-maths delimiters, as inner "$" are
        s = _INLINE_PAIR_RE.sub(r" \1 ", s)
    s = _TIMES_TEN.sub(r"\1\\times 10^", s)  # "6.02 x 10^{23}"
    if "-" in s and _HYPHEN_UNIT.search(s):  # "5 N-m", "3 ft-lb", "atm-m^3": a product of units written with a hyphen
        s = _HYPHEN_UNIT.sub(lambda m: m.group(1) + (" " if unit_word(m.group(1)) and unit_word(m.group(2)) else "-")
                             + m.group(2), s)
    if "*" in s and not s.startswith("*"):
        s = _PYTHON_UNIT.sub(lambda m: "^" if m.group() == "**" else " " if unit_word(m.group(1)) or m.group(1) == "rad" else "*", s)
    s = s.strip()
    # trailing sentence punctuation
    while s and s[-1] in ".;:" and not s.endswith("..."):
        s = s[:-1].rstrip()
    quoted = _QUOTED_WHOLE.fullmatch(s) if len(s) <= 200 else None
    if quoted is not None:  # 'The final answer is "even".': the quoted answer
        s = quoted.group(2).strip()
    if len(s) >= 2 and s[0] == "`" and s[-1] == "`":  # a markdown code span: "`64`"
        s = s.strip("`").strip()
        while s and s[-1] in ".;:" and not s.endswith("..."):
            s = s[:-1].rstrip()
    point = _NAMED_POINT.fullmatch(s) if "(" in s else None
    if point is not None and ("," in point.group(1) or ";" in point.group(1)):
        # "P(-3;4)", "M'(2;-2;0)": a named point is its coordinates
        return point.group(1)
    if _DOT_THOUSANDS.fullmatch(s):  # "1.000.000", "1.234.567,5": dots that group thousands (two of them: no decimal)
        return s.replace(".", "").replace(",", ".")
    if _OTHER_THOUSANDS.fullmatch(s):
        return s.replace("'", "").replace(",", "")
    m = _THOUSANDS.match(s) or _SPACE_THOUSANDS.match(s)
    if m:  # "1,234,567", "1 234 567" or "1,234 apples" is one number; "1, 234" and "(1,234)" are not
        return m.group().replace(",", "").replace(" ", "") + s[m.end() :]
    eq = s.rfind("=") + 1
    if eq:  # "x = 1,200 kg", "3 \times 400 = 1,200": the same number as the value after the last "="
        rest = s[eq:].lstrip()
        m = _THOUSANDS.match(rest) or _SPACE_THOUSANDS.match(rest)
        if m:
            s = f"{s[:eq]} {m.group().replace(',', '').replace(' ', '')}{rest[m.end() :]}"
    return s


_NOT_PYTHON_COMPLEX_RE = re.compile(r"[^\d\s.+\-*/()eEj]")  # a number written as Python prints a complex one
_BRACED_THOUSANDS = re.compile(r"(?<=\{)-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?=\})")
_COLOUR_RE = re.compile(r"\\(?:text)?color[ \t]*\{[^{}]{0,40}\}")
_EMPTY_SCRIPT = re.compile(r"[_^]\{[ \t]*\}")
# the vulgar-fraction characters (read in prose too: "the result is ½", "2½" a mixed number)
VULGAR_FRACTIONS = {"½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅛": (1, 8)}
_UNICODE = {"−": "-", "˗": "-", "–": "-", "‐": "-", "‑": "-", "‒": "-", "﹣": "-", "－": "-", "⁻": "-", "₋": "-", "×": "*", "·": "*", "⋅": "*", "÷": "/", "≤": "<=", "≥": ">=", "≦": "<=", "≧": ">=", "∨": " \\lor ", "∧": " \\land ", "≠": "!=",
            "π": "\\pi ", "∞": "\\infty ", "√": "\\sqrt ", "∛": "\\sqrt[3] ", "∜": "\\sqrt[4] ", "²": "^2", "³": "^3", "∪": "\\cup ", "∈": "\\in ",
            "…": "...", "±": "\\pm ", "∓": "\\mp ", "≈": "\\approx ", "∅": "\\emptyset ", "∣": "|",
            **{c: f"\\frac{{{n}}}{{{d}}}" for c, (n, d) in VULGAR_FRACTIONS.items()},
            "α": "\\alpha ", "β": "\\beta ", "γ": "\\gamma ",
            "θ": "\\theta ", "λ": "\\lambda ", "μ": "\\mu ", "σ": "\\sigma ", "φ": "\\phi ", "ω": "\\omega ",
            "Δ": "\\Delta ", "℃": "°C", "℉": "°F", "⁄": "/", "∕": "/", "∠": "\\angle ",  # (U+2044 fraction slash, U+2215 division slash)
            # the typographic spaces (no-break, narrow no-break, thin, figure, en, em, hair) as a space: "4 000"
            "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2002": " ", "\u2003": " ",
            "\u200a": " ", "\u200b": ""}  # fmt: skip


# (not a bare multiplier or a phrase that changes the number: 5万 is 50000 (50万元 is a count of 万元; so Korean's
# 5만, 5천, 3만 원), 3分之一 a third, 5的平方 25, 5以上 above 5, 5个半 5.5)
CJK_UNIT = (
    r"(?![\u4e00-\u9fff/]*(?:分之|的|以上|以下|以内|左右|上下|开外|根号|[不错对半多少约吗呢吧么余来成折]))(?![万亿](?![\u4e00-\u9fff])|[千百十](?![米克瓦焦帕])|[백천]|[만억](?![ \t]?원))"
    r"(?:[\u4e00-\u9fff\u30a0-\u30ff]{1,4}(?:/[\u4e00-\u9fff]{1,3})?|[\uac00-\ud7af]{1,4}(?:[ \t][\uac00-\ud7af]{1,4})?)"
)
_CJK_AFTER_NUMBER = re.compile(r"([\d)}])[ \t]*(" + CJK_UNIT + r")(?=[ \t]*(?:[.。][ \t]*)?$)")
# a temperature below zero: its number is negative ("5 degrees below zero", "12°C below zero", "5 \text{ below zero}")
BELOW_ZERO_AFTER = (
    r"((?:\s*(?:°\s*[CF]?|degrees?(?:\s+(?:Celsius|Fahrenheit|centigrade|[CF]))?))?)"  # (no two runs of \s* side by side)
    r"(?:\s*\\text\s*\{)?\s*below\s+(?:zero|0)\b(?:\s*\})?"
)
_BELOW_ZERO = re.compile(r"(?<![\d.\-])(\d[\d,]*(?:\.\d+)?)" + BELOW_ZERO_AFTER, re.I)
_CURRENCY = {"€": "euro", "£": "gbp", "₤": "gbp", "¥": "yen", "₹": "rupee"}  # (₤, the lira sign, written for £)
# the amount after the sign, with a scale word or a scale letter after it ("£8.1m", "€2bn": only after a currency
# sign is "m" a million and not metres)
_CURRENCY_AFTER = re.compile(
    r"([€£₤¥₹])\s*(-?\d[\d,]*(?:\.\d+)?)(\s*(?:million|billion|thousand|trillion)\b|(?:m|bn|k)(?![A-Za-z^\d]))?"
)
_ACCOUNTING_NEGATIVE = re.compile(
    r"([€£₤¥₹]|\$(?=\s*\(\s*\d[\d,]*(?:\.\d+)?\s*\)\s*(?:thousand|million|billion)\b))"
    r"\s*\(\s*(\d[\d,]*(?:\.\d+)?)\s*((?:m|bn|k)(?![A-Za-z]))?\s*\)"
)
# a dollar amount with a scale letter: "\$4.5M", "$4K", "\$2\text{B}" are 4.5 million, 4 thousand and 2 billion
# dollars (after a dollar sign "M" is no molar and "K" no kelvin); not where maths goes on after it ("$2b + 3$"), nor
# after a "$" that opens maths ("$4M$")
_INLINE_PAIR_RE = re.compile(r"\\\(((?:(?!\\[()]).){0,400}?)\\\)")
_DOLLAR_SCALE = re.compile(
    r"(\\?\$)[ \t]*(-?\d[\d,]*(?:\.\d+)?)(?:[ \t]|\\[,;:! ])*"
    r"(?:\\(?:text|mathrm|mbox|rm)[ \t]*\{[ \t]*([A-Za-z]{1,2})[ \t]*\}|([A-Za-z]{1,2})(?![A-Za-z]))"
    r"(?![ \t]*[-+*/^=_({\\])"
)
DOLLAR_SCALES = {"k": "thousand", "m": "million", "mm": "million", "mn": "million", "b": "billion", "bn": "billion",
                  "t": "trillion", "tn": "trillion"}  # fmt: skip


_SCALE_LETTERS_RE = re.compile(r"[A-Za-z]{1,2}(?![A-Za-z])")


def dollar_scale_letters(text: str, start: int, end: int) -> str | None:
    """The scale word of the letters glued after the number ``text[start:end]`` when a dollar sign comes right
    before it ("$57.5k" -> "thousand"); None otherwise."""
    if text[start - 1 : start] != "$":
        return None
    m = _SCALE_LETTERS_RE.match(text, end)
    return DOLLAR_SCALES.get(m.group().lower()) if m is not None else None


def _scale_text(scale: str | None) -> str:
    """The scale after a currency amount as words: a letter ("m", "bn", "k") through :data:`DOLLAR_SCALES`, a word as
    written (" million"), nothing when there is none."""
    if not scale:
        return ""
    return f" {DOLLAR_SCALES[scale.lower()]}" if scale.lower() in DOLLAR_SCALES else scale


def _dollar_scale(m: re.Match) -> str:
    word = DOLLAR_SCALES.get((m.group(3) or m.group(4)).lower())
    if word is None or (m.group(1) == "$" and "$" in m.string[m.end() :]):
        return m.group()
    return f"{m.group(1)}{m.group(2)} {word}"


_US_DOLLAR = re.compile(r"(?<![A-Za-z])US[ \t]?(?=\\?\$)")
# a dollar amount with commas between groups of three digits
_DOLLAR_THOUSANDS = re.compile(r"(?<=\$)[ \t]?\d{1,3}(?:,\d{3})+(?![\d,])")
# a whole answer that is one number with a space before or after a thousands comma: "70 ,000", "$24 , 500"
_SPACED_THOUSANDS = re.compile(
    r"(?:\d{1,3}(?: {1,2},\d{3})+|\\?\$[ \t]?\d{1,3}(?: {1,2}, ?\d{3})+)(?:\.\d+)?"
)  # ("32, 349" is a list; "$24 , 000" is no list of dollars)
# a whole answer that is one amount after a dollar sign (escaped, or alone: no maths is closed by it)
_DOLLAR_AMOUNT = re.compile(r"(?:(-)[ \t]*)?\\?\$[ \t]*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)")
# words in brackets right after a number: the number's unit ("198 (cents)"); no digit, sign or maths inside
_BRACKETED_UNIT = re.compile(r"(?<![\w^_.,\\])(\d[\d,]*(?:\.\d+)?)[ \t]+\([ \t]*([A-Za-z][A-Za-z. ]{0,30}?)[ \t]*\)(?![ \t]*[\w(^])")
_PENCE = re.compile(r"\s*(-?\d+(?:\.\d+)?)[ \t]?p\.?\s*")  # a whole answer that is pence: "40p"
_CURRENCY_BEFORE = re.compile(r"(-?\d[\d,]*(?:\.\d+)?)\s*([€£₤¥₹])")
_RUPEES_BEFORE = re.compile(r"(?<![A-Za-z])(?:\\text\s*\{\s*(?:Rs\.?|INR)\s*\}|(?:Rs\.?|INR))[ \t]*(\d[\d,]*(?:\.\d+)?)")

# An interval in the ISO / French notation, an outward bracket for an open end: "]1, 7[" is (1, 7), "[0, 2[" is
# [0, 2). Ends hold no bracket, comma or semicolon, so "[1,2],[3,4]" is two ordinary brackets.
_REVERSED_INTERVAL = re.compile(r"([\[\]])([^\[\](),;]+),([^\[\](),;]+)([\[\]])")


_ARC = r"\s*(\d+(?:\.\d+)?)\s*(?:{})"
_DEGREES_MINUTES = re.compile(
    r"(\d+(?:\.\d+)?)\s*°" + _ARC.format(r"'|′|\^\s*\{?\s*\\prime\s*\}?")
    + "(?:" + _ARC.format(r"''|″|\"|\^\s*\{?\s*\\prime\s*\\prime\s*\}?") + ")?"
)


def _degrees_minutes(m: re.Match) -> str:
    seconds = f" + {m.group(3)}/3600" if m.group(3) else ""
    return f"({m.group(1)} + {m.group(2)}/60{seconds})°"


def _iso_interval(m: re.Match) -> str:
    opener, lo, hi, closer = m.groups()
    if opener == "[" and closer == "]":
        return m.group()
    # brackets of a root's index (\sqrt[4]{18}) or a pair whose ends cut a brace group are not an interval
    before = m.string[: m.start()]
    root = before.rfind("\\sqrt[")
    if (
        before.rstrip().endswith("\\sqrt")  # the opening [ starts a root's index
        or hi.rstrip().endswith("\\sqrt")  # the closing [ does
        or (root >= 0 and "]" not in before[root:])  # the opening ] ends one
        or any(_brace_depths_off(end) for end in (lo, hi))
    ):
        return m.group()
    return ("(" if opener == "]" else "[") + lo + "," + hi + (")" if closer == "[" else "]")


def _brace_depths_off(s: str) -> bool:
    """``s`` closes a brace it did not open, or leaves one open."""
    depth = 0
    for c in s:
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return True
    return depth != 0


# U+FF01-U+FF5E are the full-width forms of ASCII ! to ~ (the same order, 0xFEE0 above); U+3000 is the
# ideographic space.
FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}

_SUPERSCRIPT_RUN = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")


# a fraction typed as Unicode recommends for any vulgar fraction: superscript digits, a slash, subscript digits
# ("¹⁰/₂₁", "-4 ¹/₂" a mixed number), as \frac before the superscripts become powers
_SCRIPT_FRACTION = re.compile("([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,12})[/⁄∕]([₀₁₂₃₄₅₆₇₈₉]{1,12})")
_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _superscripts(s: str) -> str:
    """``10⁻³`` -> ``10^{-3}``, ``10²³`` -> ``10^{23}`` (one exponent, not the tower ``10^2^3``); ``¹/₂`` -> ``\\frac{1}{2}``."""
    if "/" in s or "⁄" in s or "∕" in s:
        s = _SCRIPT_FRACTION.sub(lambda m: f"\\frac{{{m.group(1).translate(_SUPERSCRIPT_DIGITS)}}}"
                                           f"{{{m.group(2).translate(_SUBSCRIPT_DIGITS)}}}", s)
    return _SUPERSCRIPT_RUN.sub(lambda m: "^{" + m.group().translate(_SUPERSCRIPT_DIGITS) + "}", s)
