"""Numbers written in words in other languages: "veinticinco", "dreiundfünfzig", "quatre-vingt-dix-neuf",
"หนึ่งร้อยสิบหก", "이억오천만사천", "một trăm lẻ một", "dua belas koma dua tiga empat" -> 25, 53, 99, 116,
250004000, 101, 12.234. English words are parse.py's (:data:`units.NUMBER_WORDS`); Chinese and Japanese numerals
are normalize.py's.

One :class:`Language` per language: its words that add (units, teens, tens, whole hundreds), the words that
multiply what comes before them (:data:`SCALES`: hundred, thousand, Thai หมื่น, Korean 억; the thousand-and-up
words are :data:`locales.FOREIGN_SCALES`), the words that join, the decimal mark, the minus word, and money's two
units. :func:`number_words` reads a whole answer in one language, and pays only when every language that reads it
reads the same value.

The reading: a word that adds pushes a part; a scale word multiplies all the parts before it that are smaller than
it ("doscientos cuarenta y tres mil" is (200 + 40 + 3) x 1000; "이억오천만" is 2 x 10^8 + (5 x 1000) x 10^4); the
same scale twice in a row multiplies again ("หนึ่งล้านล้าน", 10^12). Each part must be smaller than the lowest place
of the part before it, so "two three", "twenty ten" and "dos mil tres mil" are no numbers. A language that writes
the unit before its tens ("drei und fünfzig", "اثنان و خمسون") joins them first. After the decimal word, single
digits are the digits ("tre virgola uno quattro uno cinque", 3.1415), and a number is its digits ("uno coma
cuatrocientos uno", 1.401). Money: the major unit's word is the decimal mark when the minor unit's word ends the
answer ("ห้าสิบบาทห้าสิบสตางค์", 50.50); a major unit at the end is dropped ("이억오천만사천원"). A fraction's
denominator word ends an answer ("tres cuartos" 3/4, "cinco y medio" 5 1/2, "zweieinhalb" 2 1/2), as does "and a
half" ("bir buçuk" 1 1/2).

Refused: a lone word that is also an everyday word in another language ("once", "on", "bin", "cent", "mil"), a
mix of digits and words unless a scale word of a thousand or more joins two numbers ("10 bin 990" is 10990), words
outside one language's table. Digits before one scale word ("3 mil", "1,5 juta") are locales.py's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

import sympy
from verigrpo.verifiers.math.locales import FOREIGN_SCALES

ADD, SCALE, JOIN, POINT, MINUS, MAJOR, MINOR, END = "add", "scale", "join", "point", "minus", "major", "minor", "end"
PER, HALF = "per", "half"  # a fraction's denominator word ("cuartos", 4); "and a half" after a number ("buçuk")

# scale words below a thousand, and those of a thousand and up that FOREIGN_SCALES leaves out (a word that is
# also a unit or an everyday word there: Thai, Korean, Hindi "सौ", Indonesian "seribu")
SCALES: dict[str, int] = {
    "hundert": 100, "cent": 100, "cents": 100, "cento": 100, "honderd": 100, "yüz": 100, "ratus": 100,
    "trăm": 100, "सौ": 100, "مائة": 100, "مئة": 100, "puluh": 10, "mươi": 10,
    "สิบ": 10, "ร้อย": 100, "พัน": 1000, "หมื่น": 10**4, "แสน": 10**5, "ล้าน": 10**6,
    "십": 10, "백": 100, "천": 1000, "만": 10**4, "억": 10**8, "조": 10**12,
    # Spanish "billón" and Portugal's "bilião" are a million millions; Brazil's "bilhão" is a thousand millions
    "billón": 10**12, "billones": 10**12, "bilião": 10**12, "biliões": 10**12, "bilhão": 10**9, "bilhões": 10**9,
    "million": 10**6, "milió": 10**6, "milions": 10**6, "milhao": 10**6, "milhoes": 10**6, "अरब": 10**9,
    "करोड": 10**7, "ألفا": 1000,
}  # fmt: skip


@dataclass(frozen=True)
class Language:
    """One language's number words: ``adds`` word -> value; ``scales`` words (values in SCALES or FOREIGN_SCALES)."""

    adds: dict[str, int]
    scales: tuple[str, ...]
    joins: tuple[str, ...] = ()
    point: tuple[str, ...] = ()
    minus: tuple[str, ...] = ()
    money: dict[str, str] = field(default_factory=dict)  # a major unit's word -> its minor unit's words ("a|b")
    ends: tuple[str, ...] = ()  # words that end an amount and add nothing ("ถ้วน", "exactly")
    units_first: bool = False  # "dreiundfünfzig": the unit, a joining word, then the tens
    per: dict[str, int] = field(default_factory=dict)  # denominators: "viertel" 4 ("dreiviertel" 3/4)
    half: tuple[str, ...] = ()  # "and a half" after a whole number: "bir buçuk" 1.5, "hai rưỡi" 2.5


def _seq(words: str, start: int = 0, step: int = 1) -> dict[str, int]:
    """``_seq("a|b c", 1)`` -> {"a": 1, "b": 1, "c": 2}: space-separated values, "|" between spellings of one."""
    return {w: start + i * step for i, ws in enumerate(words.split()) for w in ws.split("|")}


def _french() -> dict[str, int]:
    adds = _seq("zéro|zero un|une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize")
    adds |= _seq("vingt trente quarante cinquante soixante septante octante|huitante nonante", 20, 10)
    teens = "dix onze douze treize quatorze quinze seize".split()
    for base, value in (("soixante", 60), ("quatrevingt", 80)):  # 70-79 and 80-99 as France writes them
        adds[base] = value
        adds[base + "s"] = value
        for k, w in enumerate(teens):
            adds[base + ("et" if w == "onze" and base == "soixante" else "") + w] = value + 10 + k
    adds["quatrevingts"] = 80
    return adds


def _italian() -> dict[str, int]:
    adds = _seq("zero uno|un|una due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici "
                "quindici sedici diciassette diciotto diciannove")
    tens = _seq("venti trenta quaranta cinquanta sessanta settanta ottanta novanta", 20, 10)
    adds |= tens
    for w, v in tens.items():  # "ventuno", "trentotto": the tens' last vowel goes before uno and otto
        adds[w[:-1] + "uno"], adds[w[:-1] + "otto"], adds[w + "tré"] = v + 1, v + 8, v + 3
    return adds


def _arabic() -> dict[str, int]:
    adds = _seq("صفر واحد|واحدة|أحد|إحدى اثنان|اثنين|اثنتان|اثنتين|اثنا|اثنتا ثلاثة|ثلاث أربعة|أربع خمسة|خمس "
                "ستة|ست سبعة|سبع ثمانية|ثماني|ثمان تسعة|تسع عشرة|عشر")
    adds |= _seq("عشرون|عشرين ثلاثون|ثلاثين أربعون|أربعين خمسون|خمسين ستون|ستين سبعون|سبعين ثمانون|ثمانين "
                 "تسعون|تسعين", 20, 10)
    adds |= _seq("مائتان|مئتان|مائتين|مئتين ثلاثمائة|ثلاثمئة أربعمائة|أربعمئة خمسمائة|خمسمئة ستمائة|ستمئة "
                 "سبعمائة|سبعمئة ثمانمائة|ثمانمئة تسعمائة|تسعمئة", 200, 100)
    return adds | {"ألفان": 2000, "ألفين": 2000}


# Hindi names each number up to 99 with a word of its own: 21 to 99 but the tens (variants after "|")
_HINDI_21_TO_99 = _seq(
    "इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस _ इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस "
    "अड़तीस उनतालीस _ इकतालीस बयालीस तैंतालीस चवालीस|चौवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास _ "
    "इक्यावन बावन तिरेपन|तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ _ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ "
    "अड़सठ उनहत्तर _ इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी|उनासी _ इक्यासी बयासी "
    "तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी _ इक्यानबे|इक्यानवे बानबे|बानवे तिरानबे|तिरानवे "
    "चौरानबे|चौरानवे पंचानबे|पंचानवे छियानबे|छियानवे सत्तानबे|सत्तानवे अट्ठानबे|अट्ठानवे निन्यानबे|निन्यानवे",
    21,
)
del _HINDI_21_TO_99["_"]

LANGUAGES: dict[str, Language] = {
    "de": Language(
        _seq("null ein|eins|eine|einen zwei|zwo drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn "
             "vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn")
        | _seq("zwanzig dreißig|dreissig vierzig fünfzig sechzig siebzig achtzig neunzig", 20, 10),
        ("hundert", "tausend", "million", "millionen", "mio", "milliarde", "milliarden", "mrd"),
        joins=("und",), point=("komma",), minus=("minus", "negativ"), units_first=True,
        money={"euro": "cent", "franken": "rappen"},
        per=_seq("halb|halbe drittel viertel fünftel sechstel siebtel achtel neuntel zehntel", 2),
    ),
    "nl": Language(
        _seq("nul een|één twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien "
             "zestien zeventien achttien negentien")
        | _seq("twintig dertig veertig vijftig zestig zeventig tachtig negentig", 20, 10),
        ("honderd", "duizend", "miljoen", "miljard"),
        joins=("en", "ën"), point=("komma",), minus=("min", "minus"), units_first=True, money={"euro": "cent"},
        per={"half": 2, "halve": 2, "derde": 3, "kwart": 4, "vijfde": 5, "tiende": 10},
    ),
    "fr": Language(
        _french(), ("cent", "cents", "mille", "mil", "millions", "million", "milliard", "milliards"),
        joins=("et",), point=("virgule",), minus=("moins",), money={"euros": "centimes", "euro": "centimes"},
        per=_seq("demi|demie tiers quart|quarts cinquième|cinquièmes sixième|sixièmes septième|septièmes "
                 "huitième|huitièmes neuvième|neuvièmes dixième|dixièmes", 2),
    ),
    "es": Language(
        _seq("cero uno|un|una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
             "dieciséis|dieciseis diecisiete dieciocho diecinueve veinte veintiuno|veintiún|veintiun|veintiuna "
             "veintidós|veintidos veintitrés|veintitres veinticuatro veinticinco veintiséis|veintiseis veintisiete "
             "veintiocho veintinueve")
        | _seq("treinta cuarenta cincuenta sesenta setenta ochenta noventa", 30, 10)
        | _seq("cien|ciento doscientos|doscientas trescientos|trescientas cuatrocientos|cuatrocientas "
               "quinientos|quinientas seiscientos|seiscientas setecientos|setecientas ochocientos|ochocientas "
               "novecientos|novecientas", 100, 100),
        ("mil", "millón", "millon", "millones", "billón", "billones"),
        joins=("y",), point=("coma", "punto"), minus=("menos",),
        money={"pesos": "centavos", "peso": "centavos", "euros": "céntimos|centimos|centavos"},
        per=_seq("medio|media tercio|tercios cuarto|cuartos quinto|quintos sexto|sextos séptimo|séptimos "
                 "octavo|octavos noveno|novenos décimo|décimos", 2),
    ),
    "pt": Language(
        _seq("zero um|uma dois|duas três|tres quatro cinco seis sete oito nove dez onze doze treze catorze|quatorze "
             "quinze dezesseis|dezasseis dezessete|dezassete dezoito dezenove|dezanove")
        | _seq("vinte trinta quarenta cinquenta sessenta setenta oitenta noventa", 20, 10)
        | _seq("cem|cento duzentos|duzentas trezentos|trezentas quatrocentos|quatrocentas quinhentos|quinhentas "
               "seiscentos|seiscentas setecentos|setecentas oitocentos|oitocentas novecentos|novecentas", 100, 100),
        ("mil", "milhão", "milhões", "milhao", "milhoes", "bilhão", "bilhões", "bilião", "biliões"),
        joins=("e",), point=("vírgula", "virgula"), minus=("menos",),
        money={"reais": "centavos", "real": "centavos|centavo", "euros": "cêntimos|centavos"},
        per=_seq("meio|meia terço|terços quarto|quartos quinto|quintos sexto|sextos sétimo|sétimos oitavo|oitavos "
                 "nono|nonos décimo|décimos", 2),
    ),
    "it": Language(
        _italian(), ("cento", "mille", "mila", "milione", "milioni", "miliardo", "miliardi"),
        point=("virgola",), minus=("meno",), money={"euro": "centesimi"},
        per=_seq("mezzo|mezza terzo|terzi quarto|quarti quinto|quinti sesto|sesti settimo|settimi ottavo|ottavi "
                 "nono|noni decimo|decimi", 2),
    ),
    "ca": Language(
        _seq("zero u|un|una dos|dues tres quatre cinc sis set vuit nou deu onze dotze tretze catorze quinze setze "
             "disset divuit dinou")
        | _seq("vint trenta quaranta cinquanta seixanta setanta vuitanta noranta", 20, 10),
        ("cent", "cents", "mil", "milió", "milions"),
        joins=("i",), point=("coma",), minus=("menys",),
    ),
    "ru": Language(
        _seq("ноль|нуль один|одна|одно два|две три четыре пять шесть семь восемь девять десять одиннадцать "
             "двенадцать тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать")
        | _seq("двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто", 20, 10)
        | _seq("сто двести триста четыреста пятьсот шестьсот семьсот восемьсот девятьсот", 100, 100),
        ("тысяча", "тысячи", "тысяч", "миллион", "миллиона", "миллионов", "миллиард", "миллиарда", "миллиардов"),
        point=("целых", "целая", "запятая"), minus=("минус",),
        money={"рублей": "копеек|копейки|копейка", "рубля": "копеек|копейки|копейка", "рубль": "копеек|копейки"},
        per=_seq("половина|половины треть|трети|третей четверть|четверти|четвертей пятая|пятые|пятых "
                 "шестая|шестые|шестых седьмая|седьмые|седьмых восьмая|восьмые|восьмых девятая|девятые|девятых "
                 "десятая|десятые|десятых", 2),
    ),
    "pl": Language(
        _seq("zero jeden|jedna|jedno dwa|dwie trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście "
             "dwanaście trzynaście czternaście piętnaście szesnaście siedemnaście osiemnaście dziewiętnaście")
        | _seq("dwadzieścia trzydzieści czterdzieści pięćdziesiąt sześćdziesiąt siedemdziesiąt osiemdziesiąt "
               "dziewięćdziesiąt", 20, 10)
        | _seq("sto dwieście trzysta czterysta pięćset sześćset siedemset osiemset dziewięćset", 100, 100),
        ("tysiąc", "tysiące", "tysięcy", "milion", "miliony", "milionów", "miliard", "miliardy", "miliardów"),
        point=("przecinek",), minus=("minus",), money={"złotych": "groszy", "złote": "groszy|grosze"},
        per=_seq("połowa|połowy trzecia|trzecie|trzecich czwarta|czwarte|czwartych piąta|piąte|piątych "
                 "szósta|szóste|szóstych siódma|siódme|siódmych ósma|ósme|ósmych dziewiąta|dziewiąte|dziewiątych "
                 "dziesiąta|dziesiąte|dziesiątych", 2),
    ),
    "tr": Language(
        _seq("sıfır bir iki üç dört beş altı yedi sekiz dokuz on")
        | _seq("yirmi otuz kırk elli altmış yetmiş seksen doksan", 20, 10),
        ("yüz", "bin", "milyon", "milyar"),
        point=("virgül", "nokta"), minus=("eksi",), money={"lira": "kuruş", "tl": "kuruş"}, half=("buçuk",),
    ),
    "id": Language(
        _seq("nol|kosong satu dua tiga empat lima enam tujuh delapan|lapan sembilan sepuluh sebelas")
        | {w + "belas": 10 + k for k, w in enumerate("dua tiga empat lima enam tujuh delapan sembilan".split(), 2)}
        | {"seratus": 100, "seribu": 1000, "sejuta": 10**6},
        ("puluh", "ratus", "ribu", "juta", "miliar", "milyar", "triliun"),
        point=("koma",), minus=("minus", "negatif"), money={"rupiah": "sen", "ringgit": "sen"}, half=("setengah",),
    ),
    "vi": Language(
        _seq("không một|mốt hai ba bốn|tư năm|lăm|nhăm sáu bảy|bẩy tám chín mười"),
        ("mươi", "trăm", "nghìn", "ngàn", "triệu", "tỷ", "tỉ"),
        joins=("lẻ", "linh"), point=("phẩy", "chấm"), minus=("âm", "trừ"), money={"đồng": "xu"}, half=("rưỡi",),
    ),
    "th": Language(
        _seq("ศูนย์ หนึ่ง|เอ็ด สอง|ยี่ สาม สี่ ห้า หก เจ็ด แปด เก้า"),
        ("สิบ", "ร้อย", "พัน", "หมื่น", "แสน", "ล้าน"),
        point=("จุด",), minus=("ลบ",), money={"บาท": "สตางค์"}, ends=("ถ้วน",),
    ),
    "ko": Language(
        _seq("영|공 일 이 삼 사 오 육 칠 팔 구"), ("십", "백", "천", "만", "억", "조"),
        point=("점",), minus=("마이너스",), money={"달러": "센트", "원": "전", "유로": "센트"},
    ),
    "hi": Language(
        _seq("शून्य एक दो तीन चार पाँच|पांच छह|छः|छ सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह|पन्द्रह सोलह सत्रह "
             "अठारह उन्नीस")
        | _seq("बीस तीस चालीस पचास साठ सत्तर अस्सी नब्बे", 20, 10)
        | _HINDI_21_TO_99,
        ("सौ", "हज़ार", "हजार", "लाख", "करोड़", "करोड", "अरब"),
        point=("दशमलव",), minus=("ऋण", "माइनस"), money={"रुपये": "पैसे", "रुपए": "पैसे"},
    ),
    "ar": Language(
        _arabic(), ("مائة", "مئة", "ألف", "آلاف", "ألفا", "مليون", "ملايين", "مليار"),
        joins=("و",), point=("فاصلة",), minus=("سالب",), units_first=True,
        money={"ريال": "هللة|هللات", "ريالا": "هللة|هللات", "ريالاً": "هللة|هللات", "دينار": "فلس", "درهم": "فلس"},
    ),
}  # fmt: skip

# the words of the languages above that make another number of a number beside them: a denominator or a half after
# it ("2 трети" 2/3, "3 cuartos", "2 buçuk"; not French "quarts" and "tiers", English units and words), a minus
# before it ("âm 5", "eksi 4"; not Dutch "min", also minutes). One table each, read by forms.qualified and
# forms.changed_number: a sentence that says one gives no plain number.
FRACTION_WORDS = "|".join(
    sorted({w for lang in LANGUAGES.values() for w in (*lang.per, *lang.half)} - {"quart", "quarts", "tiers"}, key=len, reverse=True)
)
MINUS_WORDS = "|".join(
    sorted({w for lang in LANGUAGES.values() for w in lang.minus} - {"min"}, key=len, reverse=True)
)

# a lone word that means something else in a language models answer in: never a number by itself
_NOT_ALONE = frozenset(
    "once on bin cent cents mil mille yüz set sis nou deu u i e y en et und null ba lima mila "
    "không một năm ba tư mười ratus puluh mươi trăm".split()
)
_SEPARATORS = re.compile(r"[\s\u00a0\u202f\u200f\u200e,·‐‑–—-]+")
_MAX_CHARS = 300


@cache
def _lexicon(code: str) -> tuple[dict[str, tuple[str, object]], tuple[str, ...]]:
    """One language's words -> (kind, value), and the words longest first (for the segmenter)."""
    lang = LANGUAGES[code]
    lex: dict[str, tuple[str, object]] = {w: (ADD, v) for w, v in lang.adds.items()}
    for w in lang.scales:
        lex[w] = (SCALE, SCALES.get(w) or 10 ** FOREIGN_SCALES[w])
    lex |= {w: (JOIN, None) for w in lang.joins} | {w: (POINT, None) for w in lang.point}
    lex |= {w: (MINUS, None) for w in lang.minus} | {w: (END, None) for w in lang.ends}
    lex |= {w: (PER, d) for w, d in lang.per.items()} | {w: (HALF, None) for w in lang.half}
    for major, minors in lang.money.items():
        lex[major] = (MAJOR, None)
        lex |= {w: (MINOR, None) for w in minors.split("|")}
    return lex, tuple(sorted(lex, key=len, reverse=True))


def _segment(chunk: str, code: str) -> list[tuple[str, object]] | None:
    """A run of letters cut into the language's words, longest first with backtracking; None when it cannot be."""
    lex, words = _lexicon(code)
    failed: set[int] = set()

    def from_(i: int) -> list[tuple[str, object]] | None:
        if i == len(chunk):
            return []
        if i in failed:
            return None
        for w in words:
            if chunk.startswith(w, i):
                rest = from_(i + len(w))
                if rest is not None:
                    return [lex[w], *rest]
        failed.add(i)
        return None

    return from_(0)


def _lowest_place(v: int) -> int:
    place = 1
    while v and v % (place * 10) == 0:
        place *= 10
    return place


def _integer(tokens: list[tuple[str, object]], units_first: bool) -> int | None:
    """The integer that number words (kinds ADD, SCALE, JOIN) write, by the parts rule above; None if ill-formed."""
    if units_first:  # "drei und fünfzig" -> 53; "اثنتا عشرة" -> 12 (a teen needs no joining word)
        merged: list[tuple[str, object]] = []
        i = 0
        while i < len(tokens):
            kind, v = tokens[i]
            nxt = tokens[i + 1 : i + 3]
            if kind == ADD and isinstance(v, int) and 1 <= v <= 9:
                if len(nxt) == 2 and nxt[0][0] == JOIN and nxt[1][0] == ADD and nxt[1][1] in range(20, 100, 10):
                    merged.append((ADD, v + nxt[1][1]))  # type: ignore[operator]
                    i += 3
                    continue
                if nxt and nxt[0] == (ADD, 10):
                    merged.append((ADD, v + 10))
                    i += 2
                    continue
            merged.append(tokens[i])
            i += 1
        tokens = merged
    parts: list[tuple[int, int]] = []  # (value, lowest place it fills)
    last_kind, last_scale = None, None
    for kind, v in tokens:
        if kind == JOIN:
            if last_kind not in (ADD, SCALE):
                return None
            last_kind = JOIN
            continue
        assert isinstance(v, int)
        if kind == ADD:
            if v == 0:
                if tokens != [(ADD, 0)]:
                    return None
                return 0
            part = (v, _lowest_place(v))
        else:  # a scale multiplies the parts before it that are smaller than it
            popped: list[tuple[int, int]] = []
            while parts and parts[-1][0] < v:
                popped.append(parts.pop())
            if popped:
                part = (sum(p for p, _ in popped) * v, min(place for _, place in popped) * v)
            elif last_kind == SCALE and last_scale == v and parts:  # "ล้านล้าน": a million millions
                p, place = parts.pop()
                part = (p * v, place * v)
            elif last_kind in (None, SCALE, JOIN):
                part = (v, v)  # "cent", "mille", "สิบ", "십": one of the scale
            else:
                return None
            last_scale = v
        if parts and part[0] >= parts[-1][1]:  # "two three", "twenty ten": a part must fit below the last
            return None
        parts.append(part)
        last_kind = kind
    if not parts or last_kind == JOIN:
        return None
    return sum(p for p, _ in parts)


def _read(tokens: list[tuple[str, object]], lang: Language) -> sympy.Rational | None:
    """The value of one language's tokens: sign, integer part, then a decimal or a minor unit's part."""
    sign = 1
    if tokens and tokens[0][0] == MINUS:
        sign, tokens = -1, tokens[1:]
    while tokens and tokens[-1][0] == END:
        tokens = tokens[:-1]
    kinds = [k for k, _ in tokens]
    if PER in kinds or HALF in kinds:
        fraction = _fraction(tokens, lang.units_first)
        return None if fraction is None else sign * fraction
    if kinds.count(POINT) + kinds.count(MAJOR) > 1 or MINUS in kinds or kinds.count(MINOR) > 1:
        return None
    if MINOR in kinds:  # "ห้าสิบบาทห้าสิบสตางค์": the minor unit's count is a hundredth each
        if kinds[-1] != MINOR or MAJOR not in kinds:
            return None
        cut = kinds.index(MAJOR)
        whole, cents = _integer(tokens[:cut], lang.units_first), tokens[cut + 1 : -1]
        if cents and cents[0][0] == JOIN:
            cents = cents[1:]
        fraction = _integer(cents, lang.units_first)
        if whole is None or fraction is None or fraction >= 100:
            return None
        return sign * (sympy.Integer(whole) + sympy.Rational(fraction, 100))
    if MAJOR in kinds:  # "이억오천만사천원", "ikibin lira": the unit at the end adds nothing
        if kinds[-1] != MAJOR:
            return None
        tokens = tokens[:-1]
        kinds = kinds[:-1]
    if POINT in kinds:
        cut = kinds.index(POINT)
        whole, after = _integer(tokens[:cut], lang.units_first), tokens[cut + 1 :]
        if whole is None or not after:
            return None
        if all(k == ADD and isinstance(v, int) and v <= 9 for k, v in after):  # "uno quattro uno cinque"
            digits = "".join(str(v) for _, v in after)
        else:  # "cuatrocientos uno": the number's digits
            n = _integer(after, lang.units_first)
            if n is None:
                return None
            digits = str(n)
        return sign * (sympy.Integer(whole) + sympy.Rational(int(digits), 10 ** len(digits)))
    n = _integer(tokens, lang.units_first)
    return None if n is None else sign * sympy.Integer(n)


def _fraction(tokens: list[tuple[str, object]], units_first: bool) -> sympy.Rational | None:
    """A whole number and a fraction in words: "tres cuartos" 3/4, "cinco y medio" 5 1/2, "zweieinhalb" 2 1/2,
    "bir buçuk" 1 1/2; the denominator's word ends the answer and has a number before it."""
    kinds = [k for k, _ in tokens]
    if kinds.count(PER) + kinds.count(HALF) != 1 or kinds[-1] not in (PER, HALF) or len(tokens) < 2:
        return None
    head = tokens[:-1]
    if kinds[-1] == HALF:  # "bir buçuk": a whole number, and a half
        whole = _integer(head, units_first)
        return None if whole is None else whole + sympy.Rational(1, 2)
    den = tokens[-1][1]
    assert isinstance(den, int)
    if JOIN in kinds:  # "cinco y medio", "tres y tres cuartos": the whole number, then the fraction
        cut = len(head) - 1 - kinds[: len(head)][::-1].index(JOIN)
        whole, num = _integer(head[:cut], units_first), _integer(head[cut + 1 :], units_first) if head[cut + 1 :] else 1
    else:
        whole, num = 0, _integer(head, units_first)
        if num is None and head[-1] == (ADD, 1):  # "zweieinhalb", "dreieinviertel": one of them after the whole
            whole, num = _integer(head[:-1], units_first), 1
    if whole is None or num is None:
        return None
    return whole + sympy.Rational(num, den)


def _tokens(text: str, code: str) -> list[tuple[str, object]] | None:
    """The answer's words in one language; digit groups are numbers that only a scale word may join."""
    out: list[tuple[str, object]] = []
    for run in re.split(r"(\d+)", text):
        if not run:
            continue
        if run.isdecimal():  # (not "③" or "²": digits, but no decimal ones)
            out.append((ADD, int(run)))
            continue
        letters = _SEPARATORS.sub("", run)
        if not letters:
            continue
        words = _segment(letters, code)
        if words is None:
            return None
        out.extend(words)
    return out


def number_words(text: str) -> sympy.Rational | None:
    """The number a whole answer writes in one language's words, else None.

    ``"veinticinco"`` -> 25; ``"zwei und vierzig"`` -> 42; ``"tre virgola uno quattro uno cinque"`` -> 3.1415;
    ``"ลบห้าสิบบาทห้าสิบสตางค์"`` -> -50.5; ``"10 bin 990"`` -> 10990. ``"once"``, ``"dos tres"`` -> None.
    """
    if re.search(r"[A-Z]{2}", text):  # "BA", "DOS": a name or an acronym, not "ba" (3) or "dos" (2)
        return None
    if re.fullmatch(r"\s*[A-Z][^\s\-,]*\s*", text):  # "Otto", "Elf", "Sept": one capitalised word is a name
        return None
    s = text.strip().lower().replace("i̇", "i").strip(".")
    if not s or len(s) > _MAX_CHARS or not re.search(r"[^\W\d_]", s) or s in _NOT_ALONE:
        return None
    if re.search(r"[-+−]\s*\d|\d\s*[.,:/]\s*\d", s):  # "-32074 million", "1,5 juta": the digit readers' numbers
        return None
    if re.search(r"[^\w\s\u00a0\u202f\u200f\u200e,·‐‑–—\-\u0300-\u036f\u0e00-\u0e7f\u0900-\u097f\u064b-\u065f]", s):
        return None
    digit_runs = len(re.findall(r"\d+", s))
    values = set()
    for code, lang in LANGUAGES.items():
        tokens = _tokens(s, code)
        if tokens is None:
            continue
        if digit_runs == 1 or digit_runs and not any(k == SCALE and v >= 1000 for k, v in tokens):  # type: ignore[operator]
            continue  # "10 bin 990": digits on both sides of a scale word of a thousand; "3 mil" is locales.py's
        value = _read(tokens, lang)
        if value is not None:
            values.add(value)
    return values.pop() if len(values) == 1 else None
