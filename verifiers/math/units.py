"""Units: what a written unit means, for converting one stated quantity into another (``100 m`` = ``0.1 km``).

One table of units (:data:`UNITS`), each with its factor to the coherent SI unit and its dimension; SI symbols take
the decimal prefixes of :data:`PREFIXES` and are read case-sensitively (``mN`` is a millinewton, ``MN`` a
meganewton, ``Mm`` a megametre); other units (``ft``, ``h``, ``atm``) take no prefix. :func:`unit_scale` reads a
canonical unit string (:func:`verifiers.math.lex.canonical_unit`): products by spaces, ``/`` (everything after it is
in the denominator: ``J/mol K`` is J/(mol K)), powers ``^n`` and ``^-n``. Two quantities convert only when their
dimensions agree; a unit it cannot read converts to nothing (compared as written).

:func:`unit_phrase_end` finds a unit phrase written after a number in plain text (``1 kPa s^-2``, ``1 m/ms``), which
the lexer then reads as one ``UNIT`` token instead of a product of letters. Its letters may still be symbols
(``2 nm`` is also 2 n m): the grammar keeps that reading beside the quantity, and a quantity is read as symbols
when the other side states no unit (:func:`verifiers.math.values._exprs_equal`).
"""

from __future__ import annotations

import functools
import re

import sympy

_R = sympy.Rational

# Dimension exponents: length, mass, time, current, temperature, amount, money in US dollars (so that cents
# convert to dollars), information, and money in pounds sterling (pence convert to pounds). Other currencies are
# read by no entry, so they never convert into each other.
Dim = tuple[int, int, int, int, int, int, int, int, int]
_ONE: Dim = (0, 0, 0, 0, 0, 0, 0, 0, 0)


def _dim(**powers: int) -> Dim:
    """``_dim(L=1, T=-2)`` -> (1, 0, -2, 0, 0, 0, 0)."""
    names = "LMTIKNDXG"  # X: information (bytes), G: pounds sterling
    return tuple(powers.get(n, 0) for n in names)  # type: ignore[return-value]


# Number words, "zero" to "ninety-nine": never a unit ("10 four" is two numbers, not ten fours); forms.py reads them
# as values.
NUMBER_WORDS: dict[str, int] = {
    w: k
    for k, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen".split()
    )
} | {w: 10 * k for k, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
NUMBER_WORDS |= {
    f"{tens}-{unit}": NUMBER_WORDS[tens] + k
    for tens in ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
    for k, unit in enumerate("one two three four five six seven eight nine".split(), 1)
}
# a sign word before a number that makes it negative, in English, French, Russian, Spanish and German ("moins 4",
# "минус 4", "menos 4"; Chinese 负 is matched apart: it has no word boundary)
SIGN_WORDS = r"negative|minus|moins|минус|menos|negativ"
# words after a number that make another number of it: a fraction's denominator ("4 tenths" is 0.4), its reciprocal,
# its factorial (a regular-expression alternation, matched as whole words; "dozen" is a scale word, 4 dozen is 48)
CHANGING_WORDS = (
    r"half|halves|thirds?|fourths?|quarters?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?|twelfths?|"
    r"hundredths?|thousandths?|millionths?|reciprocals?|inverse|factorial|"
    r"(?:eleven|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twentie|thirtie|fortie|fiftie|sixtie|"
    r"seventie|eightie|ninetie)ths?"
)
# the same after a number in Chinese, Japanese and Korean (no word boundaries there: matched anywhere in the words
# after it): a power, a multiple, a reciprocal ("5 的平方", "3倍", "5 제곱", "5 的倒数"), a bound ("55 以上", "55 이상", "55未満"), a negation
# ("55가 아닙니다", "55ではない"). A rounded value ("约55", "55左右") stays the value, as "approximately 55" does.
CJK_CHANGING_WORDS = (
    r"平方(?![米厘千公分毫英])|立方(?![米厘千公分毫英])|次方|倍|倒数|相反数|半分|以上|以下|以内|未满|未満|不到|超过|超過|不是|并非|"
    r"至少|最多|ではない|ではありません|じゃない|不对|不對|错|錯|不正确|不正確|間違い|違う|"
    r"兆|"  # (10^12 in Japan and Taiwan, 10^6 in mainland China's units: no value)
    r"아닙니다|아니다|아니에요|아니야|아님|틀림|틀렸|틀린|이상|이하|미만|초과|제곱|"
    r"マイナス|ルート|루트|一半|절반"  # a minus, a root, a half: "マイナス5", "루트 5", "5的一半", "10의 절반"
)
# a root or a power named in the words of other languages around a number: no plain number ("racine de 5",
# "raíz cuadrada de 5", "Wurzel aus 5", "căn 5", "корень из 5"; not "la raíz es 5", the equation's root)
FOREIGN_ROOT_RE = (
    r"(?<!\w)(?:racine|wurzel|raíz|raiz|radice|корень|pierwiastek|karekök|căn|akar)"
    r"(?:[ \t]+(?:carrée|cuadrada|quadrada|quadrata|quadratische|квадратный|kwadratowy|bậc[ \t]+hai|kuadrat))?"
    r"(?:[ \t]+(?:de|d'|aus|von|di|z|из|của|dari)\b|[ \t]*(?=\d))"
)
# ("5 au carré", "5 al cuadrado", "пять в квадрате", "5 bình phương", "5 hoch 3"; not "mètres carrés", a unit)
FOREIGN_POWER_RE = (
    r"\b(?:au[ \t]+(?:carré|cube)|al[ \t]+(?:cuadrado|cubo|quadrato)|ao[ \t]+(?:quadrado|cubo)|в[ \t]+(?:квадрате|кубе)"
    r"|do[ \t]+(?:kwadratu|sześcianu)|bình[ \t]+phương|lập[ \t]+phương|hoch[ \t]*\d|(?:'?[iı]n|'?[uü]n)?[ \t]*karesi)(?!\w)"
)
# "not" and "wrong" in other languages: one table, in verifiers/math/negations.py
# Scale words: a number before one is multiplied by it ("118 thousand", "2 dozen").
SCALE_WORDS: dict[str, int] = {
    "hundred": 10**2, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12, "dozen": 12,
    "lakh": 10**5, "crore": 10**7, "myriad": 10**4, "quadrillion": 10**15, "quintillion": 10**18, "googol": 10**100,
}  # fmt: skip

# Decimal prefixes of SI symbols. Left out on purpose: atto/zepto/yocto and their capitals ("5 am", "2 ay" are
# not units); "h" (hecto) only ever prefixes a symbol, since "h" alone is the hour.
PREFIXES: dict[str, int] = {
    "P": 15, "T": 12, "G": 9, "M": 6, "k": 3, "h": 2, "da": 1, "d": -1, "c": -2, "m": -3, "u": -6, "n": -9, "p": -12,
    "f": -15,
}  # fmt: skip

# symbol -> (factor to the coherent SI unit, dimension, takes a prefix). Siemens ("S") and candela ("cd") are left
# out: "5 S" is more often seconds written large, "2cd" more often c*d.
UNITS: dict[str, tuple[sympy.Rational, Dim, bool]] = {
    "m": (_R(1), _dim(L=1), True),
    "g": (_R(1, 1000), _dim(M=1), True),
    "s": (_R(1), _dim(T=1), True),
    "A": (_R(1), _dim(I=1), True),
    "K": (_R(1), _dim(K=1), True),
    "mol": (_R(1), _dim(N=1), True),
    "N": (_R(1), _dim(M=1, L=1, T=-2), True),
    "J": (_R(1), _dim(M=1, L=2, T=-2), True),
    "W": (_R(1), _dim(M=1, L=2, T=-3), True),
    "Wh": (_R(3600), _dim(M=1, L=2, T=-2), True),
    "Ah": (_R(3600), _dim(I=1, T=1), True),  # "2000 mAh": a charge
    "Bq": (_R(1), _dim(T=-1), True),
    "eV": (_R(1602176634, 10**28), _dim(M=1, L=2, T=-2), True),  # exact since the 2019 SI
    "Pa": (_R(1), _dim(M=1, L=-1, T=-2), True),
    "bar": (_R(10**5), _dim(M=1, L=-1, T=-2), True),
    "Hz": (_R(1), _dim(T=-1), True),
    "C": (_R(1), _dim(I=1, T=1), True),
    "V": (_R(1), _dim(M=1, L=2, T=-3, I=-1), True),
    "ohm": (_R(1), _dim(M=1, L=2, T=-3, I=-2), True),
    "F": (_R(1), _dim(M=-1, L=-2, T=4, I=2), True),
    "T": (_R(1), _dim(M=1, T=-2, I=-1), True),
    "H": (_R(1), _dim(M=1, L=2, T=-2, I=-2), True),
    "Wb": (_R(1), _dim(M=1, L=2, T=-2, I=-1), True),
    "L": (_R(1, 1000), _dim(L=3), True),
    "l": (_R(1, 1000), _dim(L=3), True),
    # no prefix
    "min": (_R(60), _dim(T=1), False),
    "h": (_R(3600), _dim(T=1), False),
    "day": (_R(86400), _dim(T=1), False),
    "week": (_R(604800), _dim(T=1), False),
    "in": (_R(254, 10000), _dim(L=1), False),
    "ft": (_R(3048, 10000), _dim(L=1), False),
    "yd": (_R(9144, 10000), _dim(L=1), False),
    "mi": (_R(1609344, 1000), _dim(L=1), False),
    "lb": (_R(45359237, 10**8), _dim(M=1), False),
    "tonne": (_R(1000), _dim(M=1), False),  # (not "t": a time as often)
    "Ci": (_R(37 * 10**9), _dim(T=-1), False),
    "oz": (_R(45359237, 16 * 10**8), _dim(M=1), False),
    "atm": (_R(101325), _dim(M=1, L=-1, T=-2), False),
    "angstrom": (_R(1, 10**10), _dim(L=1), False),  # \AA, Å
    "B": (_R(1), _dim(X=1), True),  # the byte: "1 kB" is 1000 B, "1 KiB" 1024 B
    "bit": (_R(1, 8), _dim(X=1), True),  # "5 Mbit" is 625000 B
    "KiB": (_R(2**10), _dim(X=1), False),
    "MiB": (_R(2**20), _dim(X=1), False),
    "GiB": (_R(2**30), _dim(X=1), False),
    "TiB": (_R(2**40), _dim(X=1), False),
    "psi": (_R(689475729316836, 10**11), _dim(L=-1, M=1, T=-2), False),  # a pound-force per square inch
    "ksi": (_R(689475729316836, 10**8), _dim(L=-1, M=1, T=-2), False),
    "knot": (_R(1852, 3600), _dim(L=1, T=-1), False),  # a nautical mile an hour
    "cal": (_R(4184, 1000), _dim(M=1, L=2, T=-2), True),  # the thermochemical calorie ("kcal")
    "gal": (_R(3785411784, 10**12), _dim(L=3), False),  # the US gallon
    "acre": (_R(40468564224, 10**7), _dim(L=2), False),
    "ha": (_R(10**4), _dim(L=2), False),
    "stone": (_R(635029318, 10**8), _dim(M=1), False),
    "furlong": (_R(201168, 1000), _dim(L=1), False),
    "month": (_R(2629746), _dim(T=1), False),  # a Gregorian year's twelfth (only its kind matters against a day)
    "year": (_R(31556952), _dim(T=1), False),  # the Gregorian year
    "dollar": (_R(1), _dim(D=1), False),
    "cent": (_R(1, 100), _dim(D=1), False),
    "gbp": (_R(1), _dim(G=1), False),
    "penny": (_R(1, 100), _dim(G=1), False),
}

# Unit names and prefix names written out ("kilonewtons", "millisecond"), case-folded, singular.
UNIT_NAMES = {
    "meter": "m", "metre": "m", "gram": "g", "second": "s", "ampere": "A", "amp": "A", "kelvin": "K", "mole": "mol",
    "newton": "N", "joule": "J", "watt": "W", "pascal": "Pa", "hertz": "Hz", "coulomb": "C", "volt": "V",
    "ohm": "ohm", "farad": "F", "tesla": "T", "henry": "H", "weber": "Wb", "liter": "L", "litre": "L",
    "electronvolt": "eV",
    "minute": "min", "hour": "h", "day": "day", "week": "week", "inch": "in", "foot": "ft", "feet": "ft",
    "yard": "yd", "mile": "mi", "pound": "lb", "ounce": "oz", "atmosphere": "atm", "angstrom": "angstrom",
    "dollar": "dollar", "cent": "cent", "tonne": "tonne", "becquerel": "Bq", "curie": "Ci", "byte": "B", "bit": "bit",
    "pence": "penny", "penny": "penny", "knot": "knot",
    "calorie": "cal", "gallon": "gal", "acre": "acre", "hectare": "ha", "stone": "stone", "furlong": "furlong",
    "month": "month", "year": "year",
}  # fmt: skip
PREFIX_NAMES = {
    "peta": "P", "tera": "T", "giga": "G", "mega": "M", "kilo": "k", "hecto": "h", "deca": "da", "deka": "da",
    "deci": "d", "centi": "c", "milli": "m", "micro": "u", "nano": "n", "pico": "p", "femto": "f",
}  # fmt: skip


@functools.lru_cache(maxsize=4096)
def unit_word(w: str) -> tuple[sympy.Rational, Dim] | None:
    """One written unit, case-sensitive: ``"kN"`` -> (1000, force); ``"MPa"``, ``"uF"``, ``"kohm"``, ``"km"``,
    ``"kilonewtons"``; None for anything else (``"cd"``, ``"xy"``, ``"dollar"``)."""
    if w in UNITS:
        factor, dim, _ = UNITS[w]
        return factor, dim
    for k in range(1, 3):
        prefix, rest = w[:k], w[k:]
        if prefix in PREFIXES and rest in UNITS and UNITS[rest][2]:
            factor, dim, _ = UNITS[rest]
            return factor * _R(10) ** PREFIXES[prefix], dim
    lw = w.lower()
    if lw != w and w != w.capitalize():
        return None  # a name is lower case or capitalised: "Kilonewton", not "kiloNewton"
    for name in (lw, lw[:-1] if lw.endswith("s") else lw, lw[:-2] if lw.endswith("es") else lw):
        for pname, p in (("", ""), *PREFIX_NAMES.items()):
            if name.startswith(pname) and name[len(pname) :] in UNIT_NAMES:
                symbol = UNIT_NAMES[name[len(pname) :]]
                if p and not UNITS[symbol][2]:
                    continue
                return unit_word(p + symbol)
    return None


_PIECE = re.compile(r"\^(-?\d+)|/|[^\s/^]+")


def unit_scale(unit: str) -> tuple[Dim, sympy.Rational] | None:
    """A canonical unit string -> (dimension, factor to the coherent SI unit); None when a word is not a unit
    this table knows. ``"km/h"`` -> (L T^-1, 5/18); ``"m kg s ^-2"`` -> force, 1; ``"sq cm"`` -> (L^2, 1/10000);
    ``"cm ^3"`` -> (L^3, 1/10^6)."""
    dim = list(_ONE)
    factor = _R(1)
    sign = 1  # -1 after a "/"
    last: tuple[sympy.Rational, Dim] | None = None
    pending_power = 1  # "sq" / "cu" before a unit
    dangling = False  # a "/" with no unit after it yet
    for m in _PIECE.finditer(unit):
        piece = m.group()
        if m.group(1) is not None:
            if last is None:
                return None
            power = int(m.group(1))
            if abs(power) > 9:
                return None
            # the last unit was applied once: apply it power - 1 more times
            f, d = last
            factor *= f ** (sign * (power - 1))
            dim = [a + sign * (power - 1) * b for a, b in zip(dim, d)]
            last = None
            continue
        if piece == "/":
            if dangling:
                return None  # "m//s"
            sign, last, dangling = -1, None, True
            continue
        if piece in ("sq", "cu"):
            pending_power = 2 if piece == "sq" else 3
            continue
        read = unit_word(piece)
        if read is None:
            return None
        f, d = read
        f, d = f**pending_power, tuple(pending_power * x for x in d)
        pending_power = 1
        factor *= f**sign
        dim = [a + sign * b for a, b in zip(dim, d)]
        last, dangling = (f, d), False  # type: ignore[assignment]
    if pending_power != 1 or dangling or not unit.strip():
        return None  # "sq", "m/", ""
    return tuple(dim), factor  # type: ignore[return-value]


# A unit phrase in plain text after a number: factors (a word, maybe a power), joined by spaces, "*", "·" or "/";
# it must end the item (the end, a comma or semicolon, a relation, "and"/"or", a LaTeX space or line break). After
# "/" everything is the denominator, so a bracketed one (J/(K mol)) reads the same as without brackets.
_FACTOR = r"[A-Za-z]+(?:\^(?:\{-?\d\}|-?\d))?"
_PHRASE = re.compile(
    rf"{_FACTOR}(?:(?:\s*[/*·]\s*|\s+){_FACTOR})*"
    rf"(?:\s*/\s*\(\s*{_FACTOR}(?:(?:\s*[*·]\s*|\s+){_FACTOR})*\s*\))?"  # a bracketed denominator: J/(K mol)
    r"(?=\s*(?:$|[,;=<>&]|\\(?:right|quad|qquad|\\|[,;! ])|\s(?:or|and)\b))"
)
_WORD = re.compile(r"[A-Za-z]+")


def unit_phrase_end(s: str, i: int) -> int | None:
    """Where a unit phrase that starts at ``s[i]`` (just after a number) ends, when the whole phrase is units
    this table reads (``kN``, ``m kg s^-2``, ``m/ms``, ``Mohm``); None otherwise (``x``, ``m + 2``, ``cd``)."""
    m = _PHRASE.match(s, i)
    if m is None:
        return None
    words = _WORD.findall(m.group())
    if not words or not all(unit_word(w) is not None for w in words):
        return None
    return m.end()


def phrase_words(phrase: str) -> list[str]:
    """A unit phrase as the words :func:`verifiers.math.lex.canonical_unit` reads: ``"m kg s^{-2}"`` ->
    ``["m", "kg", "s", "^-2"]``; ``"m/ms"`` -> ``["m", "per", "ms"]``."""
    out: list[str] = []
    for m in re.finditer(r"\^\{?(-?\d+)\}?|/|[A-Za-z]+", phrase):
        piece = m.group()
        out.append("^" + m.group(1) if m.group(1) is not None else "per" if piece == "/" else piece)
    return out


_MICRO = re.compile(
    r"(?<=[\d\s{])[µμ](?=(?:"
    + "|".join(sorted((u for u, v in UNITS.items() if v[2]), key=len, reverse=True))
    + r"|Ω|Ω)(?![A-Za-z]))"
)  # noqa: E501


_OHM = re.compile(r"(?:(?<=[\d\s{])|(?<=[\d\s{][PTGMkhdcmunpf]))[ΩΩ](?![A-Za-z])")


def ascii_units(s: str) -> str:
    """The micro sign before a unit and the ohm sign after a number or a prefix, as the plain-text spellings:
    ``1 µA`` -> ``1 uA``, ``1 kΩ`` -> ``1 kohm``. A Greek mu or omega anywhere else stays the letter."""
    if "µ" in s or "μ" in s:
        s = _MICRO.sub("u", s)
    if "Ω" in s or "Ω" in s:
        s = _OHM.sub("ohm", s)
    if "\\Omega" in s:  # 1000 \Omega, 2 k\Omega: after a number only (\Omega elsewhere is a letter)
        s = _LATEX_OHM.sub(lambda m: m.group(1) + "ohm", s)
    return s


_LATEX_OHM = re.compile(r"(?<=\d)(\s*(?:\\[,;: ]\s*)?[PTGMkhdcmunpf]?)\\Omega(?![A-Za-z])")


_TEXT_SYMBOLS = {"\\Omega": "ohm", "Ω": "ohm", "\\AA": "angstrom", "Å": "angstrom", "\\mathring{A}": "angstrom"}


def text_unit(text: str) -> str | None:
    """The unit an upright text group names (``\\mathrm{J}``, ``\\text{ kJ}``, ``k\\Omega``, ``\\AA``), as a unit word;
    None when it names none."""
    w = text.strip().lstrip("~").strip()
    w = re.sub(r"\\mu\s*(?=[A-Za-z])", "u", w)  # \mathrm{\mu m}: the micro prefix
    for latex, word in _TEXT_SYMBOLS.items():
        if w.endswith(latex):
            w = w[: -len(latex)] + word
    return w if w and (unit_word(w) is not None or w in ABBREVIATED_UNITS) else None  # ("hrs", "lbs": abbreviations)


# abbreviations and their plurals that people write for units ("540 lbs", "3 hrs", "2 hrs 30 mins"): the unit's
# symbol (the lexer's UNIT_ALIASES includes them; short words are otherwise read as symbols)
ABBREVIATED_UNITS = {"hr": "h", "sec": "s", "lbs": "lb", "hrs": "h", "yds": "yd", "kgs": "kg", "ozs": "oz",
                     "mins": "min", "secs": "s"}  # fmt: skip
_COMPOUND_PART = re.compile(r"(\d{1,9}(?:\.\d{1,9})?)[ \t]{0,3}([A-Za-z]{1,12})\.?")
# "2 min 30 s", "1 hour + 30 min + 45 s", "5 feet, 12 inch", "6 ft and 4 in": two to five parts, the whole answer
_COMPOUND = re.compile(
    r"(-?)[ \t]{0,3}(\d{1,9}(?:\.\d{1,9})?[ \t]{0,3}[A-Za-z]{1,12}\.?"
    r"(?:[ \t]{0,3}(?:\+|,|and)?[ \t]{0,3}\d{1,9}(?:\.\d{1,9})?[ \t]{0,3}[A-Za-z]{1,12}\.?){1,4})[ \t]*"
)


# feet and inches with primes, both parts written: 6'4", 6′ 4″, 5'11.5'' (a lone 6' may be a derivative's prime or
# minutes of arc; after a degree sign the primes are minutes and seconds of arc)
_FEET_INCHES = re.compile(r"(-?)[ \t]{0,3}(\d{1,4})[ \t]{0,2}(?:'|′)[ \t]{0,2}(\d{1,2}(?:\.\d{1,3})?)[ \t]{0,2}(?:\"|''|″)[ \t]*")


# time units by their short and long names, in seconds: a compound made only of these is a duration
_DURATION_WORDS = {
    "w": 604800, "wk": 604800, "wks": 604800, "week": 604800, "weeks": 604800, "d": 86400, "day": 86400,
    "days": 86400, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "m": 60, "min": 60, "mins": 60,
    "minute": 60, "minutes": 60, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
}  # fmt: skip


def compound_quantity(s: str) -> str | None:
    """A quantity written in several units of one dimension, largest first ("2 min 30 s", "4 lbs 12 oz", "1 hour +
    30 min + 45 s", 6'4"), as one number in its last unit ("150 s", "76 oz", "5445 s", "76 in"); None for anything else. Units
    that do not shrink from part to part ("3 m, 5 m", "30 s 2 min") are a list or a sum, not one quantity."""
    feet = _FEET_INCHES.fullmatch(s)
    if feet is not None:  # 6'4" -> "76 in"
        inches = sympy.Rational(feet.group(2)) * 12 + sympy.Rational(feet.group(3))
        return f"{feet.group(1)}{inches if inches.is_Integer else f'({inches.p}/{inches.q})'} in"
    m = _COMPOUND.fullmatch(s)
    if m is None:
        return None
    found = list(_COMPOUND_PART.finditer(m.group(2)))
    seconds = [_DURATION_WORDS.get(p.group(2).lower()) for p in found]
    if all(seconds) and all(a > b for a, b in zip(seconds, seconds[1:])):  # type: ignore[operator]
        # a duration in several time units, written short ("5hr34m56s", "1w3d2h32m": "m" is the minute there)
        total = sum((sympy.Rational(p.group(1)) * k for p, k in zip(found, seconds)), sympy.Integer(0)) / seconds[-1]
        last_unit = {604800: "week", 86400: "day", 3600: "h", 60: "min", 1: "s"}[seconds[-1]]  # in its last unit
        return f"{m.group(1)}{total if total.is_Integer else f'({total.p}/{total.q})'} {last_unit}"
    parts = []
    for p in found:
        word = ABBREVIATED_UNITS.get(p.group(2), p.group(2))
        unit = unit_word(word)
        if unit is None:
            return None
        parts.append((sympy.Rational(p.group(1)), unit, word))
    factors = [f for _, (f, _), _ in parts]
    if len({d for _, (_, d), _ in parts}) != 1 or any(a <= b for a, b in zip(factors, factors[1:])):
        return None
    last = factors[-1]
    total = sum((n * f / last for n, (f, _), _ in parts), sympy.Integer(0))
    value = str(total) if total.is_Integer else f"({total.p}/{total.q})"
    return f"{m.group(1)}{value} {parts[-1][2]}"


# a quantity whose unit powers lost their caret: "1 m2", "5 cm3", "9.83e-3 km/s2", "1 m-2"
_CARETLESS_QUANTITY = re.compile(
    r"(-?\d[\d.,]{0,20}(?:[eE][-+]?\d{1,3})?[ \t]{1,3})((?:[A-Za-z]{1,5}-?[1-4]?[ \t]{0,2}[/·*.]?[ \t]{0,2}){1,4})"
)
_CARETLESS_POWER = re.compile(r"([A-Za-z]{1,5})(-?[1-4])(?![\d])")


def caret_powers(s: str) -> str | None:
    """A number and a unit phrase whose powers are written without a caret, with the carets: "1 m2" -> "1 m^{2}",
    "9.83e-3 km/s2" -> "9.83e-3 km/s^{2}"; None when ``s`` is not such a quantity or a powered word is no unit."""
    m = _CARETLESS_QUANTITY.fullmatch(s.strip())
    if m is None or not _CARETLESS_POWER.search(m.group(2)):
        return None
    if any(unit_word(p.group(1)) is None for p in _CARETLESS_POWER.finditer(m.group(2))):
        return None
    return m.group(1) + _CARETLESS_POWER.sub(r"\1^{\2}", m.group(2)).rstrip()


# a value with a currency sign before it or a few words after it, and nothing else: "4 socks", "90 hrs.", "€5", "\$325"
_SAID_RE = re.compile(
    r"((?:\\\$|[$€£¥₹])[ \t]*-?\d[\d,]*(?:\.\d+)?(?:[ \t]+[A-Za-z]{1,20}){0,3}"
    r"|-?\d[\d,]*(?:\.\d+)?(?:[ \t]+[A-Za-z]{1,20}){1,3})[ \t]*[.!]?[ \t*]*"
)


def said_quantity(text: str) -> str | None:
    """``text`` as a value said with its currency or its unit or noun ("4 socks", "90 hrs.", "€5", "\\$325"), without
    the closing stop; None for anything else (a value alone, a sentence, a value inside an expression)."""
    text = _BRACKETED_WORD_RE.sub(r" \1", text)  # "90 (hours)": the unit in brackets
    m = _SAID_RE.fullmatch(text.strip()) if len(text) <= 120 else None
    return m.group(1) if m is not None else None


_BRACKETED_WORD_RE = re.compile(r"(?<![ \t])[ \t]*\(([A-Za-z]{1,20})\)")
