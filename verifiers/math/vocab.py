"""The tokenizer's vocabulary, one table each: function names (plain, only before a bracket, of several arguments),
Greek letters, LaTeX's text and relation commands, unit spellings. :mod:`verifiers.math.lex` reads text with them.
"""

from __future__ import annotations

import sympy
from verigrpo.verifiers.math.units import ABBREVIATED_UNITS

FUNCS = {
    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot, "sec": sympy.sec, "csc": sympy.csc,
    "arcsin": sympy.asin, "arccos": sympy.acos, "arctan": sympy.atan, "asin": sympy.asin, "acos": sympy.acos,
    "atan": sympy.atan, "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh,
    "asinh": sympy.asinh, "acosh": sympy.acosh, "atanh": sympy.atanh, "arsinh": sympy.asinh,
    "arcosh": sympy.acosh, "artanh": sympy.atanh, "arcsinh": sympy.asinh, "arccosh": sympy.acosh,
    "arctanh": sympy.atanh, "coth": sympy.coth, "sech": sympy.sech, "csch": sympy.csch,
    "arccot": sympy.acot, "arcsec": sympy.asec, "arccsc": sympy.acsc, "acot": sympy.acot, "asec": sympy.asec,
    "acsc": sympy.acsc, "acoth": sympy.acoth, "asech": sympy.asech, "acsch": sympy.acsch, "arcoth": sympy.acoth,
    "arsech": sympy.asech, "arcsch": sympy.acsch,
    "cis": lambda t: sympy.exp(sympy.I * t),  # cos t + i sin t, as some textbooks write a complex number's angle
    "ln": sympy.log, "log": sympy.log, "exp": sympy.exp, "sqrt": sympy.sqrt, "abs": sympy.Abs,
    "floor": sympy.floor, "ceil": sympy.ceiling, "ceiling": sympy.ceiling, "factorial": sympy.factorial,
    # other names of the same functions (British, European textbooks)
    "cosec": sympy.csc, "cotan": sympy.cot, "arctg": sympy.atan, "arcctg": sympy.acot, "cosech": sympy.csch,
}  # fmt: skip
# functions whose names are also letters or words: a function only where a "(" follows, as a CAS writes them
# ("gamma(5)" is 24; "gamma" alone is the letter; "re(z)" is not r*e*z); LaTeX's \Gamma(, \zeta(, \Re(, \Im( too
PAREN_FUNCS = {
    "gamma": sympy.gamma, "Gamma": sympy.gamma, "zeta": sympy.zeta, "re": sympy.re, "Re": sympy.re,
    "im": sympy.im, "Im": sympy.im, "arg": sympy.arg, "conjugate": sympy.conjugate, "tg": sympy.tan,
    "ctg": sympy.cot,
}  # fmt: skip
# functions of several arguments, written f(a, b); plain "min" is a unit unless a "(" follows
MULTI_FUNCS = {
    "gcd", "lcm", "max", "min", "beta", "Beta", "diff", "Derivative", "pow", "atan2",
    "binom", "binomial", "nCr", "nPr", "comb", "perm",  # a CAS's or calculator's counts: binom(8, 3), nPr(8, 3)
    "nthRoot", "nthroot", "root",  # a CAS's n-th root: nthRoot(x, 3) (math.js), nthroot(x, 3) (MATLAB), root(x, 3)
    "Fraction", "Rational",  # Python's fractions.Fraction(30, 1), sympy's Rational(1, 2)
}  # fmt: skip
LATEX_MULTI_FUNCS = {"gcd", "lcm", "max", "min"}  # those that are also LaTeX commands (\max); \beta is a letter
GREEK = {
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
    "kappa", "lambda", "mu", "nu", "xi", "rho", "varrho", "sigma", "varsigma", "tau", "upsilon", "phi", "varphi", "chi", "psi",
    "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Sigma", "Phi", "Psi", "Omega",
}  # fmt: skip
# "and" and "or" between values, in the languages keys and answers are written in ("60 und 135", "1, 2, 5 ou 10"); the
# one-letter words only between numbers ("60 e 135", "3 y 4", "2 o 3"), never "e" (Euler's number) or "y" elsewhere
CONNECTIVE_WORDS = {
    **dict.fromkeys(("and", "und", "et", "och", "og", "dan", "ve", "oraz", "ja"), "and"),
    **dict.fromkeys(("or", "oder", "ou", "atau", "veya", "lub", "albo", "nebo", "eller", "tai", "vagy", "ili", "oppure",
                     "vai"), "or"),
}  # fmt: skip
# the same words, and those of the scripts a word token does not read, between two values in a sentence ("$x = 5$ ou
# $x = 7$", "$5$ или $7$", "$5$ または $7$")
SHORT_CONNECTIVES = {"e": "and", "y": "and", "o": "or"}
# and those in letters outside ASCII, read between spaces ("x = 5 и x = 7", "5 または 7")
NON_ASCII_CONNECTIVES = {
    **dict.fromkeys(("и", "és", "και", "và", "및", "和", "และ"), "and"),
    **dict.fromkeys(("или", "ή", "または", "hoặc", "또는", "或", "หรือ"), "or"),
}  # fmt: skip
BETWEEN_VALUES_CONNECTIVES = (
    r"(?:" + "|".join(sorted({*CONNECTIVE_WORDS, *SHORT_CONNECTIVES}, key=len, reverse=True)) + r")\b|"
    + "|".join(rf"{w}(?![^\W\d_])" for w in sorted(NON_ASCII_CONNECTIVES, key=len, reverse=True))
)
TEXT_CMDS = {"text", "textbf", "textit", "textrm", "textsf", "mathrm", "mathbf", "mathit", "mathsf", "mbox",
             "operatorname", "rm", "textnormal", "boldsymbol", "bm", "mathbb"}  # fmt: skip
REL_CMDS = {"le": "<=", "leq": "<=", "leqslant": "<=", "leqq": "<=", "ge": ">=", "geq": ">=", "geqslant": ">=",
            "geqq": ">=", "ne": "!=",
            "neq": "!=", "lt": "<", "gt": ">", "in": "in", "approx": "~", "sim": "~", "simeq": "~", "equiv": "="}  # fmt: skip
# Unit spellings -> canonical unit. "units" is a wildcard (a generic unit is never a mismatch).
UNIT_ALIASES = {
    "cm": "cm", "centimeter": "cm", "centimetre": "cm", "m": "m", "meter": "m", "metre": "m", "km": "km",
    "kilometer": "km", "kilometre": "km", "mm": "mm", "millimeter": "mm", "millimetre": "mm",
    "kg": "kg", "kilogram": "kg", "g": "g", "gram": "g", "mg": "mg", "milligram": "mg", "lb": "lb",
    "pound": "lb", "oz": "oz", "ounce": "oz", "s": "s", "second": "s", "min": "min",
    "minute": "min", "h": "h", "hour": "h", "day": "day", "week": "week", "month": "month",
    "year": "year", "yr": "year", "in": "in", "inch": "in", "inche": "in", "ft": "ft", "foot": "ft",
    "feet": "ft", "yd": "yd", "yard": "yd", "mi": "mi", "mile": "mi", "mph": "mi/h", "kmph": "km/h", "kph": "km/h", "l": "l", "liter": "l",
    "litre": "l", "ml": "ml", "milliliter": "ml", "dollar": "dollar", "usd": "dollar", "cent": "cent",
    "pence": "penny", "penny": "penny", "pennie": "penny",
    "euro": "euro", "eur": "euro", "gbp": "gbp", "yen": "yen", "jpy": "yen", "rupee": "rupee", "inr": "rupee",
    "won": "won", "krw": "won", "peso": "peso", "hryvnia": "hryvnia", "uah": "hryvnia", "shekel": "shekel",
    "naira": "naira", "cedi": "cedi", "tenge": "tenge", "baht": "baht", "thb": "baht",
    "degree": "deg", "deg": "deg", "radian": "rad", "rad": "rad", "unit": "units", "sq": "sq",
    "square": "sq", "cubic": "cu", "per": "/", "percent": "%", "pct": "%", "point": "point", "ohm": "ohm",
    **ABBREVIATED_UNITS,
}  # fmt: skip
_SHORT_UNITS = {k for k in UNIT_ALIASES if len(k) <= 3}


# unit words of other languages -> the English unit (for what a question asks: "90 Stunden" where it asks for minutes,
# "2.5厘米" where it asks for meters, "35 dólares" where it asks for cents); singular and plural, case-folded
FOREIGN_UNIT_WORDS = {
    "stunde": "h", "stunden": "h", "heure": "h", "hora": "h", "ora": "h", "ore": "h", "uur": "h", "godzina": "h",
    "godzin": "h", "saat": "h", "jam": "h", "小时": "h", "小時": "h", "時間": "h", "시간": "h",
    "minuten": "min", "minuto": "min", "minuti": "min", "minut": "min", "分钟": "min", "分鐘": "min", "분": "min",
    "sekunde": "s", "sekunden": "s", "seconde": "s", "segundo": "s", "secondo": "s", "secondi": "s", "秒": "s",
    "tag": "day", "tage": "day", "tagen": "day", "jour": "day", "día": "day", "dia": "day", "giorno": "day",
    "giorni": "day", "天": "day",
    "zentimeter": "cm", "centimètre": "cm", "centímetro": "cm", "centimetro": "cm", "centimetri": "cm", "厘米": "cm",
    "公分": "cm", "センチ": "cm", "センチメートル": "cm", "센티미터": "cm",
    "meter": "m", "mètre": "m", "metro": "m", "metri": "m", "米": "m", "公尺": "m", "メートル": "m", "미터": "m",
    "kilometer": "km", "kilomètre": "km", "kilómetro": "km", "chilometro": "km", "chilometri": "km", "公里": "km",
    "千米": "km", "キロメートル": "km", "킬로미터": "km",
    "millimeter": "mm", "millimètre": "mm", "milímetro": "mm", "毫米": "mm",
    "kilogramm": "kg", "kilogramme": "kg", "kilogramo": "kg", "chilogrammo": "kg", "公斤": "kg", "千克": "kg",
    "gramm": "g", "gramme": "g", "gramo": "g", "grammo": "g", "克": "g",
    "meile": "mi", "meilen": "mi", "mille": "mi", "milla": "mi", "miglio": "mi", "miglia": "mi", "英里": "mi",
    "マイル": "mi",
    "dólar": "dollar", "dólare": "dollar", "dollaro": "dollar", "dollari": "dollar", "美元": "dollar", "ドル": "dollar",
    "달러": "dollar", "pro": "per", "por": "per", "par": "per", "每": "per",
    # Cyrillic, Greek, Arabic, Polish, Vietnamese and Malay spellings (red team 72): "72 годин", "72 ώρες", "72 ساعة",
    # "72 metrów", "72 giờ", "72 sen"
    "час": "h", "часа": "h", "часов": "h", "година": "h", "години": "h", "годин": "h", "ώρα": "h", "ώρες": "h",
    "ساعة": "h", "ساعات": "h", "giờ": "h", "минута": "min", "минуты": "min", "минут": "min", "хвилин": "min",
    "λεπτά": "min", "دقيقة": "min", "دقائق": "min", "phút": "min", "секунда": "s", "секунд": "s", "giây": "s",
    "метр": "m", "метра": "m", "метров": "m", "метрів": "m", "metrów": "m", "mét": "m", "м": "m",
    "километр": "km", "километров": "km", "кілометрів": "km", "kilometrów": "km", "км": "km", "с": "s",
    "доллар": "dollar", "доллара": "dollar", "долларов": "dollar", "доларів": "dollar", "دولار": "dollar",
    "centavo": "cent", "centavos": "cent", "centesimo": "cent", "centesimi": "cent", "céntimo": "cent", "sen": "cent",
    "цент": "cent", "центов": "cent", "美分": "cent", "セント": "cent", "센트": "cent",
}  # fmt: skip

