"""Numbers as other languages write them: scale words after a number ("1,5 juta" in Indonesian, "3 bin" in
Turkish, "5 triệu", "2 Millionen", "1.500 millones", "2 mil millones", "3 млн") and amounts of the currencies whose
countries group thousands with a dot or a space and write a decimal comma ("Rp 15.000", "R$ 3,50", "15.000 ₫");
digit groups of other conventions (:func:`digit_groups`: "1.099,98", "1 200,3", India's "1,00,00,000", Python's
"1_025_000_000"); a number alone written with a decimal comma (:func:`decimal_comma_value`: "0,6", "€ 2,50") and a
completion written in a language that writes one (:func:`comma_language`).

:data:`FOREIGN_SCALES` is the one table, word -> power of ten; English scale words are :data:`units.SCALE_WORDS`.
:func:`foreign_scales` writes such a number in digits. The word names the language, and with it the marks: a comma
followed by one or two digits (or four or more) is a decimal comma, a dot followed by exactly three digits groups
thousands (the languages that write these words and a dot group thousands with it), a dot followed by one or two
digits is a decimal point as English writes it. A comma followed by exactly three digits ("1,500 millones": 1.5
in Spain, 1500 in Mexico) is left as written, and the word then makes the number no value
(:data:`FOREIGN_SCALE_WORDS` in the grammar's refusals). Scale words in a row multiply ("2 mil millones" is two
thousand millions, "1 nghìn tỷ" a thousand milliards). Left out: the long and short scales' "billion",
"bilhão" (10^9 or 10^12 by country), and "miles" (also the English unit).
"""

from __future__ import annotations

import decimal
import re

FOREIGN_SCALES: dict[str, int] = {
    # thousand: German, Spanish/Portuguese, French, Italian, Turkish, Indonesian/Malay, Vietnamese, Polish, Russian,
    # Dutch, Swedish/Norwegian/Danish, Finnish, Hungarian, Bulgarian, Hindi, Arabic
    "tausend": 3, "tsd": 3, "mil": 3, "mille": 3, "mila": 3, "bin": 3, "ribu": 3, "rb": 3, "nghìn": 3, "ngàn": 3,
    "tysiąc": 3, "tysiące": 3, "tysięcy": 3, "tys": 3, "тысяча": 3, "тысячи": 3, "тысяч": 3, "тыс": 3,
    "duizend": 3, "tusen": 3, "tusind": 3, "tuhat": 3, "ezer": 3, "хиляди": 3, "हज़ार": 3, "हजार": 3,
    "ألف": 3, "آلاف": 3,
    # million (French and German "millions", "Millionen"; English "million" is a units.SCALE_WORDS word)
    "millions": 6, "millionen": 6, "mio": 6, "millones": 6, "millón": 6, "millon": 6, "milhão": 6, "milhões": 6, "milione": 6,
    "milioni": 6, "mln": 6, "milyon": 6, "juta": 6, "jt": 6, "triệu": 6, "milion": 6, "miliony": 6, "milionów": 6,
    "миллион": 6, "миллиона": 6, "миллионов": 6, "миллионы": 6, "млн": 6, "miljoen": 6, "miljoner": 6, "miljon": 6,
    "miljoona": 6, "millió": 6, "मिलियन": 6, "مليون": 6, "ملايين": 6,
    # a thousand millions
    "milliard": 9, "milliards": 9, "milliarde": 9, "milliarden": 9, "mrd": 9, "miliardo": 9, "miliardi": 9,
    "milyar": 9, "miliar": 9, "tỷ": 9, "tỉ": 9, "miliard": 9, "miliardy": 9, "miliardów": 9, "mld": 9,
    "миллиард": 9, "миллиарда": 9, "миллиардов": 9, "миллиарды": 9, "млрд": 9, "miljard": 9, "miljarden": 9, "milliárd": 9,
    "مليار": 9,
    # and as English news abbreviates it ("3 bn", "2.5 bln"; not "mn", also French minutes)
    "bn": 9, "bln": 9,
    # a million millions (Spanish "billón" on both sides of the Atlantic)
    "triliun": 12, "trilyon": 12, "billón": 12, "billones": 12,
    # Indian scales in Devanagari and Bengali (lakh and crore in Latin letters are English scale words)
    "लाख": 5, "करोड़": 7, "হাজার": 3, "লাখ": 5, "কোটি": 7,
    # Hebrew, Thai, Greek, Persian
    "אלף": 3, "אלפים": 3, "מיליון": 6, "מיליארד": 9, "พัน": 3, "หมื่น": 4, "แสน": 5, "ล้าน": 6,
    "χιλιάδες": 3, "χίλια": 3, "εκατομμύριο": 6, "εκατομμύρια": 6, "δισεκατομμύρια": 9, "هزار": 3, "میلیون": 6,
    "میلیارد": 9,
}  # fmt: skip

_WORDS = "|".join(sorted(map(re.escape, FOREIGN_SCALES), key=len, reverse=True))
# the same words as one alternation, for the readers that refuse a number such a word changes
FOREIGN_SCALE_WORDS = _WORDS
# a number (with thousands in groups, and a decimal part) and one scale word or several, then no letter
_SCALED_RE = re.compile(
    rf"(?<![\w.,])(-?)(\d{{1,3}}(?:([. \u00a0\u202f])\d{{3}})+|\d{{1,15}})(?:([.,])(\d{{1,15}}))?"
    rf"((?:[ \t\u00a0]{{0,2}}(?:{_WORDS})\.?(?:(?=บาท)|(?!\w))){{1,3}})",  # ("ล้านบาท": glued to the currency)
    re.I,
)
_ONE_WORD_RE = re.compile(rf"(?:{_WORDS})(?!\w)", re.I)


def _scaled(m: re.Match[str]) -> str:
    sign, whole, group, mark, fraction, words = m.groups()
    if group is not None and mark is not None and (mark == group or len(fraction) == 3):
        return m.group()  # "1.234.5 juta", "1.234,567": no one number
    if group is None and mark is not None and len(fraction) == 3:
        if mark == ",":
            return m.group()  # "1,500 millones": 1.5 in Spain, 1500 in Mexico; neither is paid
        whole, mark = whole + fraction, None  # "1.500 millones": the dot groups thousands
    digits = whole.replace(group or " ", "")
    value = decimal.Decimal(digits + (f".{fraction}" if mark else ""))
    power = sum(FOREIGN_SCALES[w.group().lower()] for w in _ONE_WORD_RE.finditer(words))
    text = f"{value.scaleb(power):f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    glued = m.string[m.end() : m.end() + 1].isalpha()  # "12 ล้านบาท" -> "12000000 บาท": the currency stays a word
    return sign + text + (" " if glued else "")


def foreign_scales(s: str) -> str:
    """``s`` with every number followed by scale words of another language written in digits: "1,5 juta" ->
    "1500000", "3 bin TL" -> "3000 TL", "2 mil millones" -> "2000000000"; an ambiguous number as written."""
    return _SCALED_RE.sub(_scaled, s)


# currencies whose countries write a decimal comma and group thousands with a dot or a space, before or after the
# amount -> the unit word the amount keeps (amounts in euros are left alone: the euro's countries differ; "TL" is
# also the teralitre)
LOCAL_CURRENCIES: dict[str, str] = {
    "Rp": "rupiah", "IDR": "rupiah", "R$": "real", "BRL": "real", "₺": "lira", "TRY": "lira", "₫": "dong",
    "đ": "dong", "VND": "dong", "VNĐ": "dong", "₽": "rouble", "руб": "rouble", "zł": "zloty",
}  # fmt: skip
_CURRENCY = "|".join(sorted(map(re.escape, LOCAL_CURRENCIES), key=len, reverse=True))
# an amount as those countries write it: thousands grouped by dots or spaces and a decimal comma, or a decimal comma
# alone ("3,50"), or an English decimal point before one or two digits ("1.5"); a comma before exactly three digits
# ("R$ 1,500": 1.5 reais there, 1500 where English is written) matches none of them
_LOCAL_AMOUNT = r"-?(?:\d{1,3}(?:[. \u00a0](?:\d{3}))+(?:,\d{1,12})?|\d{1,15},(?:\d{1,2}|\d{4,12})|\d{1,15}(?:\.\d{1,2})?)(?![\d.,]\d)"
_AMOUNT_AFTER_RE = re.compile(rf"(?<![\w$])({_CURRENCY})\.?[ \t\u00a0]{{0,2}}({_LOCAL_AMOUNT})(?![\w,]|\.\d)")
_AMOUNT_BEFORE_RE = re.compile(rf"(?<![\w.,])(?<![eE][-+])({_LOCAL_AMOUNT})[ \t\u00a0]{{0,2}}({_CURRENCY})(?!\w)")


def _plain(amount: str) -> str:
    """"15.000" -> "15000", "3,50" -> "3.50", "1.234.567,5" -> "1234567.5", "1.5" -> "1.5" (see _LOCAL_AMOUNT)."""
    if re.fullmatch(r"-?\d{1,15}\.\d{1,2}", amount):
        return amount
    return re.sub(r"[. \u00a0]", "", amount).replace(",", ".")


def local_amounts(s: str) -> str:
    """``s`` with every amount of a :data:`LOCAL_CURRENCIES` currency as a plain number and the currency's word
    after it: "Rp 15.000" -> "15000 rupiah", "R$ 3,50" -> "3.50 real", "15.000 ₫" -> "15000 dong"."""
    s = _AMOUNT_AFTER_RE.sub(lambda m: f"{_plain(m.group(2))} {LOCAL_CURRENCIES[m.group(1)]}", s)
    return _AMOUNT_BEFORE_RE.sub(lambda m: f"{_plain(m.group(1))} {LOCAL_CURRENCIES[m.group(2)]}", s)


LOCAL_CURRENCY_HINT = re.compile(_CURRENCY)


_UNDERSCORE_THOUSANDS = re.compile(r"(?<![\w.])\d{1,3}(?:_\d{3})+(?![\w.])")
# thousands grouped by dots (or spaces) and a decimal comma after them: the mark that comes last is the decimal one
_GROUPED_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(\d{1,3}(?:\.\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+),(\d{1,12})(?![\d.,])")
# India's grouping: three digits last, pairs before them ("1,00,00,000" is a crore; a list is never written so)
_LAKH_GROUPS = re.compile(r"(?<![\d.,])\d{1,2}(?:,\d{2})+,\d{3}(?![\d]|[.,]\d)")


def digit_groups(s: str) -> str:
    """``s`` with the digit groups of other conventions as plain numbers: Python's "1_025_000_000" -> 1025000000,
    "1.099,98" and "1 200,3" (thousands by dots or spaces, then a decimal comma) -> 1099.98 and 1200.3, India's
    "1,00,00,000" -> 10000000."""
    if "_" in s:
        s = _UNDERSCORE_THOUSANDS.sub(lambda m: m.group().replace("_", ""), s)
    if "," in s:
        s = _GROUPED_DECIMAL_COMMA.sub(lambda m: re.sub(r"[. \u00a0\u202f]", "", m.group(1)) + "." + m.group(2), s)
        s = _LAKH_GROUPS.sub(lambda m: m.group().replace(",", ""), s)
    return s


# a decimal comma ("3,14", "0,5", "15,5 m²": Vietnamese, Russian, German, French answers and keys): one or two digits,
# or more than three, after the comma (three are thousands: "1,234"), no space (a space makes a list: "1, 5"), and
# at most a unit or a word after the number
DECIMAL_COMMA_RE = re.compile(
    r"([€£¥₽₺₹][ \t]?)?([-−]?\d{1,15}),(\d{1,2}|\d{4,15})(?![\d,])[ \t]*([^\d,=;]{0,40})"  # ("€ 2,50", "−3,5")
)


# one dot then exactly three zeros: "12.000", twelve thousand in a text that groups thousands with a dot
DOT_THOUSAND_RE = re.compile(r"(-?\d{1,3})\.(\d{3})(?![\d,.])[ \t]*([^\d,=;.]{0,40})")
# in such a text, one comma then three digits is a decimal comma too: "2,500 kg" is two and a half kilograms
COMMA_THREE_RE = re.compile(r"([-−]?\d{1,3}),(\d{3})(?![\d,.])[ \t]*([^\d,=;]{0,40})")
# a zero, a comma and three digits: never a group of thousands ("0,125" is an eighth, wherever it is written)
_ZERO_COMMA_RE = re.compile(r"([-−]?0),(\d{3})(?![\d,])[ \t]*([^\d,=;]{0,40})")


def decimal_comma_value(text: str) -> str | None:
    """``text`` when it is one number written with a decimal comma (and at most a unit or a word after it), with a
    decimal point: "0,6" -> "0.6", "15,5 m²" -> "15.5 m²"; None otherwise ("1,234" groups thousands)."""
    zero = _ZERO_COMMA_RE.fullmatch(text)
    if zero is not None:  # "0,125"
        return f"{zero.group(1).replace('−', '-')}.{zero.group(2)}" + (f" {zero.group(3)}" if zero.group(3) else "")
    m = DECIMAL_COMMA_RE.fullmatch(text)
    if m is None or (m.group(1) and m.group(4)):
        return None
    unit = m.group(4) or (m.group(1) or "").strip()  # a currency sign before the number: "€ 2,50" is 2.50 €
    return f"{m.group(2).replace('−', '-')}.{m.group(3)}" + (f" {unit}" if unit else "")


# a word of English: a text with one writes "12.000" for twelve to three decimals
_ENGLISH_WORD_RE = re.compile(r"\b(?:the|and|we|answer|therefore|thus|then|which|this|that|with)\b", re.I)
_COMMAND_RE = re.compile(r"\\[A-Za-z]+")
_TWO_LETTERS_RE = re.compile(r"[^\W\d_]{2}")


def english_words(completion: str) -> bool:
    """The completion writes words of English (outside its LaTeX commands)."""
    words = _COMMAND_RE.sub(" ", completion) if "\\" in completion else completion
    return _ENGLISH_WORD_RE.search(words) is not None


def comma_language(completion: str) -> bool:
    """The completion is written in words, none of them English: a language whose numbers group thousands with a dot
    and write a decimal comma ("Die Antwort lautet 70.000 US-Dollar.", "Der Endpreis beträgt 57,00 US-Dollar.")."""
    words = _COMMAND_RE.sub(" ", completion) if "\\" in completion else completion  # (not "\\boxed", a command)
    return not _ENGLISH_WORD_RE.search(words) and _TWO_LETTERS_RE.search(words) is not None


# an amount of money in brackets, alone: accounting's negative ("($1,234)", "(1.234,00 €)", "(\\$5.00)")
_ACCOUNTING_RE = re.compile(
    r"(?<![ \t])[ \t]*\([ \t]*(?:(\\?\$|[€£¥₹]|(?:USD|EUR|GBP)[ \t])[ \t]*(\d[\d.,]{0,30})"
    r"|(\d[\d.,]{0,30})[ \t]*(\\?\$|€|£|¥|₹|USD|EUR|GBP))[ \t]*\)[ \t.]*"
)


def accounting_negative(answer: str) -> str | None:
    """An amount of money in brackets, as accounts write a loss: "($1,234)" -> "-$1,234", "(1.234,00 €)" -> "-1.234,00
    €"; None for anything else (a bracket without a currency sign is a tuple or a note)."""
    m = _ACCOUNTING_RE.fullmatch(answer) if len(answer) <= 60 else None
    if m is None:
        return None
    return f"-{m.group(1)}{m.group(2)}" if m.group(1) else f"-{m.group(3)} {m.group(4)}"
