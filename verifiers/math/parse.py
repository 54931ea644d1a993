"""Parsing: :func:`parse_answer` (one extracted answer to an answer tree, or a
:class:`~verifiers.math.nodes.ParseError`), :func:`parse_math` (one expression or relation to sympy, or
None) and :func:`parse_tokens` (one arithmetic expression from tokens a caller cut out of a text, as
``math_steps`` cuts the sides of a claim). Before the tokenizer: whole-answer forms (numbers and fractions in
words, "all real numbers", choices, numerals in a base, quoted lists, mixed numbers, ordinals, "approximately").
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.grammar import _Parser
from verigrpo.verifiers.math.guards import _div, _scalar
from verigrpo.verifiers.math.lex import (
    _SCALES,
    FUNCS,
    MULTI_FUNCS,
    PROSE,
    UNIT_ALIASES,
    Reading,
    Tok,
    _word_is_symbols,
    canonical_unit,
    glued_function,
    tokenize,
)
from verigrpo.verifiers.math.negations import FOREIGN_NOT, FOREIGN_WRONG
from verigrpo.verifiers.math.nodes import (
    MAX_ANSWER_CHARS,
    MAX_TOKENS,
    Answers,
    Bracket,
    Choice,
    Expr,
    Node,
    ParseError,
    Relation,
    Text,
    _check_no_pm,
    has_pm,
)
from verigrpo.verifiers.math.normalize import normalize, strip_math_delimiters
from verigrpo.verifiers.math.numwords import number_words
from verigrpo.verifiers.math.units import NUMBER_WORDS, SIGN_WORDS
from verigrpo.verifiers.math.vectors import basis_to_vector

_WHOLE_TEXT = re.compile(r"\\(?:text|textbf|textrm|mbox|mathrm|mathbf|textnormal)\s*\{([^{}]*)\}")
_MIXED_PLAIN = re.compile(r"(-?)(\d+)\s+(\d+)\s*/\s*(\d+)")
# a label in Chinese (no digits, no Latin letters), an optional 是 / 为 / colon, then one value with its unit
_CJK_LABELLED = re.compile(
    r"([\u4e00-\u9fff\u3000-\u303f\uff0c\uff1a ]{1,40}?)[:：]?\s*"
    r"((?:-?\d[\d,]*(?:\.\d+)?|\(?\s*-?\\frac\{\d{1,9}\}\{\d{1,9}\}\s*\)?)"  # a number or a fraction: "(\frac{2}{5})"
    r"\s*(?:\\?%|\\text\{[^{}]{1,16}\}|[\u4e00-\u9fff]{1,4}(?:/[\u4e00-\u9fff]{1,3})?)?)\s*[。.]?"
)
# a label that negates, doubts, bounds, compares, supposes or changes the value states no value: not, no, or, a
# question, maybe, perhaps, about, at least / most, more / less / above / below, wrong, suppose, if, short by, loss,
# negative, below zero, times, than / more / less (比原来多), a fraction (二分之), a percent (百分之), an ordinal (第)
_CJK_DOUBT = re.compile(
    r"[不没非否或吗约负負减減差亏倍第错误若比多少]|可能|也许|大概|或许|至少|至多|最多|最少|大于|小于|超过|高于|低于|以上|以下|"
    r"左右|假设|如果|假如|分之|零下|将近|顶多|接近|不到|要么"
)
_CJK_UNIT_AFTER_FRACTION = re.compile(r"(?<=[)}])\s*([\u4e00-\u9fff]{1,4}(?:/[\u4e00-\u9fff]{1,3})?)$")
# Ape210K's "4(5/11)", "x=4(5/11)": 4 5/11
_NEGATIVE_WORD = re.compile(rf"^\s*(?:(?:{SIGN_WORDS})\s+|[负負]\s*)(?=\$?\d)", re.I)
_MIXED_PAREN = re.compile(r"([A-Za-z](?:_\{?\w+\}?)?\s*=\s*)?(-?)([1-9]\d*)\s*\(\s*(\d+)\s*/\s*(\d+)\s*\)")
_CHOICE = re.compile(r"\(?([A-Ea-e])\)?")
_APPROX_PREFIX = re.compile(
    r"^(?:\\approx|approximately|approx\.?|about|around|roughly|~)\s*(?=[-\d.\\])", re.I
)
_ORDINAL = re.compile(
    r"^(-?\d+)\s*(?:\^\s*\{\s*\\(?:text|mathrm)\s*\{\s*(?:st|nd|rd|th)\s*\}\s*\}|st|nd|rd|th)$"
)
_QUOTED_ITEM = re.compile(r"(['\"])([^'\"\\]*)\1")
_QUOTED_LIST = re.compile(r"\[\s*(['\"])[^'\"\\]*\1(?:\s*,\s*(['\"])[^'\"\\]*\2)*\s*\]")
_PREFIXED_NUMBER = re.compile(r"(-?)0([xX](?=[0-9a-fA-F]+$)|[bB](?=[01]+$)|[oO](?=[0-7]+$))([0-9a-fA-F]+)")
_BASE_NUMBER = re.compile(r"(?:\(([0-9A-Za-z]+)\)|(?<![0-9A-Za-z])([0-9A-Za-z]+))\s*_\s*\{?\s*\(?(\d{1,2})\)?\s*\}?")


def _base_number(s: str) -> Node | None:
    """``1011_2``, ``1011_{2}``, ``(1011)_2``, ``A3_{16}``, ``2ed_{16}``: a numeral in base 2..36, as a text "value
    (base b)".

    Two such numerals are equal when value and base agree (``0101_2`` is ``101_2``); against a
    plain number they are different answers (the question asked for that base; ``7_{10}`` is 7). None when
    ``s`` is not one (``x_1``, ``a_2``: subscripted symbols).
    """
    m = _PREFIXED_NUMBER.fullmatch(s)
    if m is not None:  # 0x5b993, -0x3d2d, 0b1011, 0o17: a programmer's numeral in base 16, 2 or 8
        base = {"x": 16, "b": 2, "o": 8}[m.group(2).lower()]
        if len(m.group(3)) > 64:
            return None
        value = int(m.group(3), base)
        return Text(f"{-value if m.group(1) else value} (base {base})")
    m = _BASE_NUMBER.fullmatch(s)
    if m is None:
        return None
    digits, base = m.group(1) or m.group(2), int(m.group(3))
    if not 2 <= base <= 36 or len(digits) > 64 or not (digits[0].isdigit() or base > 10):
        return None
    if digits != digits.upper() and not (digits[0].isdigit() and base > 10):  # "x_1", "ab_{16}": names; "2ed_{16}" not
        return None
    try:
        value = int(digits, base)
    except ValueError:
        return None
    if base == 10:
        return Expr(sympy.Integer(value))
    return Text(f"{value} (base {base})")


_PROSE_TEXT_CMDS = ("\\text{", "\\text ", "\\textbf", "\\textrm", "\\mbox", "\\textnormal")
_SHORT_WORD = re.compile(r"[A-Za-z]{2,3}")
# a capitalised three-letter word ("Bob", "Amy", "Odd") is a name or a word, never a product of symbols
_NAME_WORD = re.compile(r"[A-Z][a-z]{2}")
# a verdict, however written: "yes", "true" and a capital "Y" (a Y/N answer key's) say one thing, "no", "false" and
# "N" the other; and the words for them in the languages models answer in ("sí", "oui", "ja", "да", "是", "はい")
VERDICT_WORDS = {
    "yes": "yes", "true": "yes", "Y": "yes", "no": "no", "false": "no", "N": "no",
    "sí": "yes", "oui": "yes", "ja": "yes", "sim": "yes", "tak": "yes", "evet": "yes", "да": "yes", "是": "yes",
    "对": "yes", "はい": "yes", "네": "yes", "예": "yes", "non": "no", "nein": "no", "não": "no", "nie": "no",
    "hayır": "no", "нет": "no", "否": "no", "不是": "no", "不对": "no", "いいえ": "no", "아니요": "no", "아니오": "no",
    # the words for true and false (TheoremQA's keys against answers in French, German, Spanish, Portuguese, Italian,
    # Russian, Chinese, Japanese): "Vrai", "wahr", "正确", "错误"
    "vrai": "yes", "faux": "no", "wahr": "yes", "falsch": "no", "verdadero": "yes", "verdadeiro": "yes", "vero": "yes",
    "falso": "no", "верно": "yes", "неверно": "no", "正确": "yes", "错误": "no", "正しい": "yes", "誤り": "no",
    # Korean, Vietnamese, Indonesian, Turkish, Arabic, Hindi, Thai, Persian (true / false, yes / no)
    "참": "yes", "거짓": "no", "đúng": "yes", "sai": "no", "benar": "yes", "salah": "no", "doğru": "yes",
    "yanlış": "no", "صحيح": "yes", "خطأ": "no", "نعم": "yes", "सही": "yes", "गलत": "no", "हाँ": "yes", "จริง": "yes",
    "เท็จ": "no", "ใช่": "yes", "ไม่ใช่": "no", "درست": "yes", "نادرست": "no", "بله": "yes", "خیر": "no",
}  # fmt: skip
_PLAIN_TEXT = re.compile(r"[A-Za-z]+(?:[-'][A-Za-z]+)*(?: [A-Za-z]+(?:[-'][A-Za-z]+)*)*")


_VERDICT_LIST_RE = re.compile(r"(?i:true|false)(?:[ \t]*[,;][ \t]*(?i:true|false)){1,9}")


# a closing universal qualifier: "for all n", ", for every integer n \ge 3", "\text{ for any } n"
_FOR_ALL_RE = re.compile(
    r"(?<![ \t,])[ \t]*+,?[ \t]*+(?:\\text\{[ \t]*)?\bfor[ \t]+(?:all|any|every|each)\b[ \t]*\}?[ \t]*"
    r"(?:(?:positive[ \t]+|nonnegative[ \t]+|non-negative[ \t]+)?(?:integers?|reals?|real[ \t]+numbers?|values?[ \t]+of)[ \t]+)?"
    r"\$?[ \t]*(?P<var>[A-Za-z])(?:[ \t]*(?:\\geq?|\\leq?|≥|≤|>=|<=|>|<)[ \t]*-?\d{1,6})?[ \t]*\$?[ \t.]*\Z"
)


_TEX_GROUP_RE = re.compile(r"[_^]\s*\{")


def parse_answer(text: str) -> Node:
    """Parse one extracted answer (plain or LaTeX) into an answer tree; raise :class:`ParseError`."""
    if not isinstance(text, str):
        raise ParseError("not a string")
    if len(text) > MAX_ANSWER_CHARS:
        raise ParseError("answer too long")
    s = normalize(strip_math_delimiters(text))
    qualifier = _FOR_ALL_RE.search(s) if "for" in s else None
    if qualifier is not None and not re.search(rf"(?<![A-Za-z\\]){qualifier.group('var')}(?![A-Za-z])", s[: qualifier.start()]):
        # "k = 0, 1, 3 for all n", "\{0, 1, 3\} for every n \ge 3": a qualifier on the problem's parameter, not a
        # factor (on the answer's own variable it restricts the answer: "f(x) = x + 1 for all x > 0")
        s = s[: qualifier.start()]
    m = _WHOLE_TEXT.fullmatch(s)
    if m:  # the whole answer is \text{...}: "\text{5 cm}", "\text{(B)}", "\text{yes.}"
        s = normalize(m.group(1))
    verdict = _verdict(s)
    if verdict is not None:  # "DNE", "does not exist"; "infinitely many solutions": one word each
        return verdict
    verdicts = _VERDICT_LIST_RE.fullmatch(s)
    if verdicts is not None:  # "False, True": the verdicts on statements 1 and 2, in order
        return Answers(tuple(Text(w.lower()) for w in re.split(r"[ \t]*[,;][ \t]*", s)), ";")
    if m:
        if m.group().startswith(_PROSE_TEXT_CMDS) and _SHORT_WORD.fullmatch(s):
            # one short word set as prose ("\text{DNE}", "\text{Amy}", "\text{odd}") is that word, not
            # the product D*N*E (which "\text{END}" would equal)
            w = s.lower()
            if (
                w not in UNIT_ALIASES
                and w not in FUNCS
                and w not in MULTI_FUNCS
                and w not in _CONST_WORDS
                and number_in_words(w) is None  # "\text{two}" is 2
                and number_words(w) is None  # "\text{drei}" is 3
            ):
                return Text(w)
    m = _CJK_LABELLED.fullmatch(s)
    if m and not _CJK_DOUBT.search(m.group(1)):  # "王华应交灶费 80 元", "出米率为72%": a Chinese label, then the value
        s = _CJK_UNIT_AFTER_FRACTION.sub(r" \\text{\1}", m.group(2))  # "(\frac{2}{5}) 吨": the unit set upright
    s = _NEGATIVE_WORD.sub("-", s)  # "negative 5", "minus 3.5": the negative number, not 5 with a word before it
    unprefixed = _APPROX_PREFIX.sub("", s)  # "approximately 3.1416": the precision policy decides
    if unprefixed != s:  # "approximately 1,059,955": the clean-up that needs the number first (thousands)
        s = normalize(unprefixed)
    s = _ORDINAL.sub(r"\1", s)  # "5th", "5^{\text{th}}"
    if not s:
        raise ParseError("empty answer")
    if _QUOTED_LIST.fullmatch(s):  # ['52.2', '-81.0'] (a Python list of strings) is [52.2, -81.0]
        s = _QUOTED_ITEM.sub(r"\2", s)
    base_number = _base_number(s)
    if base_number is not None:
        return base_number
    m = _MIXED_PLAIN.fullmatch(s)
    if m and int(m.group(4)) > 0:  # "3 1/2"; "1 40/20" too (3, as mixed-number inputs read it: a space between
        # two numbers is no product in plain text). ``1\frac{40}{20}`` stays a product (2): LaTeX juxtaposes factors.
        v = sympy.Integer(int(m.group(2))) + sympy.Rational(int(m.group(3)), int(m.group(4)))
        return Expr(-v if m.group(1) else v)
    m = _MIXED_PAREN.fullmatch(s)
    if m and 0 < int(m.group(4)) < int(m.group(5)):  # "4(5/11)", the mixed number as Chinese keys write it: a
        # whole number before a bracketed proper fraction (a product would be written 20/11); "2(3/2)" stays 3
        s = f"{m.group(1) or ''}{m.group(2)}({m.group(3)} + {m.group(4)}/{m.group(5)})"
    n = number_in_words(s)
    if n is not None:  # "five", "twenty-one", "one hundred": the whole answer is a number in words
        return Expr(sympy.Integer(n))
    f = _fraction_word(s) or _and_fraction_word(s)
    if f is not None:  # "one half", "two thirds", "one and a half", "two and three quarters"
        return Expr(f)
    f = _ordinal_word(s) or _decimal_word(s) or _over_word(s)
    if f is not None:  # "twenty-first" (a position: 21), "two point three", "one hundred and two over eleven"
        return Expr(sympy.Integer(f) if isinstance(f, int) else f)
    f = number_words(s)
    if f is not None:  # "veinticinco", "dreiundfünfzig", "หนึ่งร้อยสิบหก": a number in another language's words
        return Expr(f)
    if s.lower() in _ALL_REALS:
        return Bracket("(", ")", (Expr(-sympy.oo), Expr(sympy.oo)))
    if _NO_SOLUTION.fullmatch(s.lower()):  # the empty set: equal only to an empty reference
        return Bracket("{", "}", ())
    choice = _choice(s)
    if choice is not None:
        return choice
    if s.strip().lower() in VERDICT_WORDS and not s.strip().isascii():  # "Sí", "Нет", "是": a verdict in words
        return Text(s.strip().lower())
    text_answer = _as_text(s)
    if text_answer is not None:
        return text_answer
    toks = tokenize(s)
    if not toks:
        raise ParseError("empty answer")
    try:
        # (TeX: a command, or a braced superscript or subscript: "C_1e^{x}" is C_1 e^x, as TeX sets it)
        node = _Parser(toks, latex="\\" in s or _TEX_GROUP_RE.search(s) is not None).parse_answer()
    except ParseError:
        raise
    except RecursionError as e:
        raise ParseError("nesting too deep") from e
    except (ValueError, TypeError, ArithmeticError, IndexError, AttributeError) as e:  # sympy refused a value
        raise ParseError(f"{type(e).__name__}: {e}") from e
    _check_no_pm(node)
    return basis_to_vector(node)  # 3\hat{i} + 4\hat{j} is the vector (3, 4)


_CHOICE_VALUE = re.compile(
    # a lower-case label only with content after a space: "(c) $J_g = 2J_f$" (a bare "(c)" is maths)
    # ("a) $1600", "d)": a lower-case letter and its bracket, with content after a space or alone)
    r"(?:\\(?:text|textbf|textrm|mathrm|mathbf)\s*\{\s*\(([A-Z])\)\s*\}|\(([A-Z]|[a-f](?=\)\s+\S))\)|([A-E]|[a-e](?=[ \t]?\)(?:\s+\S|$)))[ \t]?\))\s*(.*)",
    re.S,
)
_ALL_REALS = {
    "all real numbers",
    "all reals",
    "all real values",
    "all real x",
    "every real number",
    "any real number",
}

# words for the empty set (not a bare "none", which answer keys also use as a word answer): "no solution",
# "there are no real roots", "the equation has no solution"
_NO_SOLUTIONS = (
    r"(?:there (?:is|are) |(?:the (?:equation|system|inequality|problem) |it )?(?:has|have) )?"
    r"no (?:real |integer |such )?(?:solutions?|roots?|values?|numbers?)"
)
_NO_SOLUTION = re.compile(
    rf"{_NO_SOLUTIONS}|(?:the )?empty set"
    # in the languages models answer in
    r"|нет (?:действительных )?(?:решений|корней)|решений нет|корней нет|keine (?:reelle )?lösung(?:en)?"
    r"|(?:pas de|aucune) solution(?: réelle)?|sin solución|no (?:tiene|hay) solución|sem solução|não (?:tem|há) solução"
    r"|nessuna soluzione|无(?:实数)?解|無(?:實數)?解|解なし|해가 없다|해 없음|vô nghiệm|không có nghiệm|tidak ada solusi"
    r"|çözüm yok|لا يوجد حل"
)

# Verdicts that answer keys write in several ways, each read as one word (matched on the whole answer, lower
# case, a final period dropped): a limit or value that does not exist, and "how many" answered by infinitely
# many. "undefined" and "infinity" stay themselves (an undefined expression is not a missing limit; infinity is
# a value).
VERDICTS: dict[str, re.Pattern[str]] = {
    "does not exist": re.compile(
        r"dne|d\.n\.e\.?|non-?existent|(?:(?:it|the (?:limit|value|derivative|answer|maximum|minimum))"
        r" )?(?:does not|doesn't) exist"
    ),
    "infinitely many": re.compile(
        r"(?:there (?:are|is) )?(?:infinitely many|(?:an? )?infinite (?:number|amount) of)"
        r"(?: (?:real |integer |such )?(?:solutions?|roots?|values?|answers?|pairs?|numbers?|points?|triples?))?"
    ),
}


def _verdict(s: str) -> Text | None:
    """``\\text{DNE}``, "does not exist", "The limit does not exist." -> ``Text("does not exist")``; None for
    anything else."""
    if len(s) > 80:
        return None
    key = " ".join(s.lower().split()).rstrip(".")
    for word, pattern in VERDICTS.items():
        if pattern.fullmatch(key):
            return Text(word)
    return None


# an option named in words or with a period or colon: "option B", "choice (C)", "A. -2", "B: 15" -> "(B)", "(C)",
# "(A) -2", "(B) 15"
_OPTION_NAMED = re.compile(r"(?:(?i:option|choice)\s*\(?([A-Ea-e])\)?|([A-E])[.:](?=\s+\S))(?![\w(])")


# words after an option that reject it or take it back rather than state its content ("(C) is false", "(C) wrong",
# "Option D fails.", "(B): wait, actually D."); an option's own text may say "not" or "False", so those only after "is"
_REJECTED_OPTION = re.compile(
    r"^\W*(?:(?:is|are)\s+(?:not\b|false\b)|wrong\b|incorrect\b|invalid\b)"
    r"|\b(?:fails?|failed|rejected|discarded|eliminated|ruled\s+out|wait|actually|instead)\b|[❌✗✘×]"
    # the same in other languages: "A. 92 là không chính xác", "B salah", "C est incorrecte", "D falsch", "неверно"
    r"|\b(?:không\s+(?:chính\s+xác|đúng)|tidak\s+(?:benar|tepat)|salah|incorrect[ae]|no\s+es\s+correct[ao]|"
    r"n'est\s+pas|falsch|nicht\s+richtig|incorret[ao]|errad[ao]|yanlış|неверн\w*|неправильн\w*)"
    # "not" or "wrong" in another language right after the option ("A değil", "B 不对", "C sai")
    rf"|^\W*(?:{FOREIGN_NOT}|{FOREIGN_WRONG})(?![\w-])|^\W*(?:不对|不對|错|錯|不正确|違う|間違い|不是|ではない|아님|틀림)",
    re.I,
)


# in an option's text: another option, or a word that doubts or takes the option back ("D. no wait, E")
_OTHER_OR_DOUBT_RE = re.compile(
    # (not the article "A" before a word: "E: A polygenic risk score ...")
    r"\(?[A-Ja-j]\)|(?-i:\b(?!A\s+[a-z])[A-J]\b)|\b(?:or|no|not|wrong|wait|actually|maybe|perhaps|incorrect|false|but)\b",
    re.I
)


# in an option's text, after a blank or a comma: another option's label ("c) $x$, d) $y$", "(a) 5 (b) 6")
_ANOTHER_LABEL_RE = re.compile(r"(?:^|(?<=[\s,;]))\(?[A-Ja-j][ \t]?\)(?=\s|$)")


def _choice(s: str) -> Node | None:
    """``(B) 12``, ``\\textbf{(B)}\\ 12``, ``B)``, ``option B``, ``A. -2``: the letter, with the option's content
    when it parses."""
    named = _OPTION_NAMED.match(s)
    if named:
        s = f"({(named.group(1) or named.group(2)).upper()}){s[named.end():]}"
    m = _CHOICE_VALUE.fullmatch(s)
    if m is None:
        return None
    label, rest = next(g for g in m.groups()[:3] if g), m.group(4).strip()
    letter = label.lower()
    closed = max(m.end(k) for k in (1, 2, 3) if m.group(k)) + 1  # just after the letter's ")"
    if re.match(r"[/*^+\-_]", s[closed : closed + 1]):
        return None  # "(V)/(R + 1)": an operator right after the bracket makes it maths, not option V
    if not rest:
        return Text(letter)
    if _ANOTHER_LABEL_RE.search(rest):
        return None  # "c) $\\Phi$, d) $\\Phi^T$": a list of options, no choice
    if _CHOICE_VALUE.fullmatch(rest) or re.match(r"(?:[,;]|(?:\\text\s*\{\s*)?(?:and|or)\b)", rest):
        return None  # "(A) and (C)", "(A) \text{ and } (C)": several letters, parsed as a list
    if _REJECTED_OPTION.search(_WHOLE_TEXT.sub(r"\1", rest)):  # "(C) is false.", "(C) ❌": named to be rejected
        raise ParseError("an option named to be rejected")
    try:
        content = parse_answer(rest)
    except ParseError:
        if named and named.group(2) and _OTHER_OR_DOUBT_RE.search(rest):
            return None  # "D. no wait, E": a letter and a period lead in words that name or doubt another option
        # the option's text does not parse ("(K) $\\cos (360-A)^{\\circ}$" with its dollars): the letter still names it
        return Choice(letter, Text(rest)) if len(rest) <= 200 else None
    if named and named.group(2) and not isinstance(content, Expr):
        # "A. -2" states a value, "C. the third one" the option's words, "B. 12,35" its text; "D. no wait, E" (a list
        # of letters) none
        if _OTHER_OR_DOUBT_RE.search(rest):
            return None
        return Choice(letter, content if isinstance(content, Text) else Text(rest))  # "B. 12,35": option B
    return Choice(letter, content)


def _as_text(s: str) -> Text | None:
    """Plain-text answers: a multiple-choice letter, yes/no, words (or one ``\\text{...}``)."""
    if _CHOICE.fullmatch(s) and s.startswith("("):
        return Text(s.strip("()").lower())
    words = s.split()
    if not _PLAIN_TEXT.fullmatch(s) or any(w.lower() in ("or", "and") for w in words):
        return None
    if len(words) == 1:
        w = words[0].lower()
        if w in _TEXT_WORDS or (len(w) > 3 and w not in FUNCS and w not in _CONST_WORDS and not glued_function(w)):
            return Text(w)
        if (
            _NAME_WORD.fullmatch(words[0])
            and w not in FUNCS
            and w not in MULTI_FUNCS
            and w not in _CONST_WORDS
            and w not in UNIT_ALIASES
            and canonical_unit(w) not in UNIT_ALIASES.values()
        ):
            return Text(w)
        return None
    if all(_word_is_symbols(w) or w in FUNCS for w in words):
        return None
    if len(words) == 2 and canonical_unit(words[1]) in UNIT_ALIASES.values():
        return None  # "pi cm"? leave it to the parser
    return Text(" ".join(w.lower() for w in words))


# short words that answers are (a verdict, a parity, a quantifier): "odd" is the word, not the product o*d*d
_TEXT_WORDS = {"yes", "no", "true", "false", "none", "odd", "all", "any", "nil"}
_SMALL_NUMBERS = {w: k for w, k in NUMBER_WORDS.items() if k < 20}
_TENS = {w: k for w, k in NUMBER_WORDS.items() if k >= 20 and "-" not in w}


def number_in_words(s: str) -> int | None:
    """An integer written in English words ("five", "twenty-one", "one hundred and two"), else None."""
    # (a comma after a scale word groups its thousands: "one thousand, one hundred and seventy-four")
    words = re.split(r"[\s-]+", re.sub(r"\b(thousand|million|billion|trillion),(?=\s)", r"\1", s.strip().lower()))
    if not 1 <= len(words) <= 24:  # "fifteen million four hundred and thirty-nine thousand ...": 15 words
        return None
    sign = 1
    if words[0] in ("minus", "negative") and len(words) > 1:
        sign, words = -1, words[1:]
    if words[0] in ("hundred", *_SCALES) or words[:2] in (["a", "hundred"], *(["a", w] for w in _SCALES)):
        words = ["one", *words[words[0] == "a" :]]  # "hundred", "a thousand": one of the scale
    total, current, last = 0, 0, None  # last: the kind of the previous word
    for w in words:
        if w in _SMALL_NUMBERS and last in (None, "tens", "hundred", "scale", "and"):
            if last == "tens" and _SMALL_NUMBERS[w] >= 10 or w == "zero" and last is not None:
                return None
            current, last = current + _SMALL_NUMBERS[w], "unit"
        elif w in _TENS and last in (None, "hundred", "scale", "and"):
            current, last = current + _TENS[w], "tens"
        elif w == "hundred" and last in ("unit",) and 0 < current < 10:
            current, last = current * 100, "hundred"
        elif w in _SCALES and last in ("unit", "tens", "hundred") and current < 1000:
            total, current, last = total + current * _SCALES[w], 0, "scale"
        elif w == "and" and last in ("hundred", "scale"):
            last = "and"
        else:
            return None
    if last in (None, "and"):
        return None
    return sign * (total + current)


def worded_numbers(sentence: str, alone: tuple[str, ...] = ("one", "zero")) -> list[int | sympy.Rational] | None:
    """The numbers a sentence writes in English words, each phrase read whole ("hundred and twelve" 112, "seventy-five
    thousand" 75000, "two" 2; a lone word of ``alone`` is left out: "one" is also a pronoun, "zero" often no count);
    None when a phrase of number and scale words is no number ("two three")."""
    phrases: list[list[str]] = []
    last_end = -1
    for m in re.finditer(r"[A-Za-z]+(?:-[A-Za-z]+)?", sentence):
        w = m.group().lower()
        joined = last_end >= 0 and not sentence[last_end : m.start()].strip()
        if w in NUMBER_WORDS or w in _SCALES:
            if joined and phrases:
                phrases[-1].append(w)
            else:
                phrases.append([w])
            last_end = m.end()
        elif w == "point" and joined and phrases:
            phrases[-1].append(w)  # "zero point three": one decimal
            last_end = m.end()
        elif w == "and" and joined and phrases and phrases[-1][-1] in _SCALES:
            phrases[-1].append(w)  # "hundred and twelve"
            last_end = m.end()
        elif w == "a" and re.match(r"\s+(?:hundred|thousand|million|billion)\b", sentence[m.end() :], re.I):
            phrases.append(["a"])  # "a hundred"
            last_end = m.end()
        else:
            last_end = -1
    values = []
    for words in phrases:
        while words and words[-1] == "and":  # "... hundred and apples": the "and" joined nothing
            words.pop()
        if len(words) == 1 and words[0] in (*alone, "dozen"):
            continue
        value = number_in_words(" ".join(words)) if "point" not in words else _decimal_word(" ".join(words))
        if value is None:
            return None
        values.append(value)
    return values


_ORDINALS = {"first": "one", "second": "two", "third": "three", "fifth": "five", "eighth": "eight", "ninth": "nine",
             "twelfth": "twelve"}  # fmt: skip


def _ordinal_word(s: str) -> int | None:
    """The position an ordinal in English words names ("eleventh" 11, "twenty-first" 21, "one hundred and forty
    second" 142), else None. A fraction ("one fifth", "two thirds") is :func:`_fraction_word`'s, tried first."""
    head, _, last = s.strip().lower().rpartition(" ")
    head, sep = (f"{head} " if head else ""), ""
    if "-" in last:  # "twenty-first"
        tens, _, last = last.rpartition("-")
        head, sep = head + tens, "-"
    if last in _ORDINALS:
        card = _ORDINALS[last]
    elif last.endswith("ieth") and last[:-4] + "y" in NUMBER_WORDS:  # "twentieth"
        card = last[:-4] + "y"
    elif last.endswith("th") and (last[:-2] in NUMBER_WORDS or last[:-2] in ("hundred", *_SCALES)):
        card = last[:-2]  # "eleventh", "fourth", "hundredth"
    else:
        return None
    return number_in_words(head + sep + card)


def _digit_or_word(s: str) -> int | None:
    """An integer in digits or in English words, with a minus word or sign ("7", "minus 1", "eleven")."""
    s = s.strip().lower()
    m = re.fullmatch(r"(?:(minus|negative)\s+|(-))?(\d{1,15})", s)
    if m:
        return -int(m.group(3)) if m.group(1) or m.group(2) else int(m.group(3))
    return number_in_words(s)


def _decimal_word(s: str) -> sympy.Rational | None:
    """A decimal said aloud: "two point three" 2.3, "point one" 0.1, "2 point 5" 2.5 (digits after "point" one by
    one, in words or digits), else None."""
    m = re.fullmatch(r"(.*?)\s*\bpoint\s+([a-z0-9 ]+)", s.strip().lower())
    if not m:
        return None
    whole = 0 if m.group(1) in ("", "zero") else _digit_or_word(m.group(1))
    digits = [str(NUMBER_WORDS[w]) if NUMBER_WORDS.get(w, 10) < 10 else w for w in m.group(2).split()]
    if whole is None or not digits or not all(len(d) == 1 and d.isdigit() for d in digits):
        return None
    frac = sympy.Rational(int("".join(digits)), 10 ** len(digits))
    return whole - frac if m.group(1).strip().startswith(("minus", "negative", "-")) else whole + frac


def _over_word(s: str) -> sympy.Rational | None:
    """A fraction said aloud: "one hundred and forty two over eleven" 142/11, "minus 1 over 7", else None."""
    m = re.fullmatch(r"(.+?)\s+over\s+(.+)", s.strip().lower())
    if not m:
        return None
    num, den = _digit_or_word(m.group(1)), _digit_or_word(m.group(2))
    if num is None or not den:
        return None
    return sympy.Rational(num, den)


_DENOMINATORS = {
    w: d
    for d, ws in {2: "half halves", 3: "third thirds", 4: "quarter quarters fourth fourths", 5: "fifth fifths",
                  6: "sixth sixths", 7: "seventh sevenths", 8: "eighth eighths", 9: "ninth ninths",
                  10: "tenth tenths"}.items()
    for w in ws.split()
}  # fmt: skip


def _fraction_word(s: str) -> sympy.Rational | None:
    """A fraction in English words ("one half", "a third", "two-thirds", "three quarters"), else None."""
    words = re.split(r"[\s-]+", s.strip().lower())
    if words == ["half"]:  # "half": one half
        return sympy.Rational(1, 2)
    if not 2 <= len(words) <= 6:
        return None
    den = _DENOMINATORS.get(words[-1])
    if den is None and words[-1].removesuffix("s") not in ("first", "second", "seconds"):
        # "one hundredth", "a thousandth", "seven twelfths", "three twentieths": the ordinal of any whole number
        # names a denominator ("second" is also time's unit, and never says a half)
        den = _ordinal_word(words[-1].removesuffix("s"))
        den = den if den is not None and den >= 3 else None
    if den is None:
        return None
    num = 1 if words[:-1] == ["a"] else number_in_words(" ".join(words[:-1]))
    if num is None or num == 0:
        return None
    plural = words[-1].endswith("s") and words[-1] != "halves" or words[-1] == "halves"
    if plural != (abs(num) != 1):  # "one third", "two thirds"; not "two third", "one thirds"
        return None
    return sympy.Rational(num, den)


def _and_fraction_word(s: str) -> sympy.Rational | None:
    """A whole number and a fraction in English words ("one and a half", "two and three quarters", "5 and a
    third"), else None."""
    m = re.fullmatch(r"(.+?)\s+and\s+((?:a|an|one|two|three|four|five|six|seven|eight|nine)[\s-]+[a-z]+)", s.strip().lower())
    if m is None:
        return None
    whole, part = _digit_or_word(m.group(1)), _fraction_word(m.group(2))
    if whole is None or part is None or not 0 < part < 1:
        return None
    return whole + part if whole >= 0 else whole - part


_CONST_WORDS = {"infty", "infinity", "pi"}


def parse_math(text: str) -> sympy.Basic | None:
    """Parse one plain or LaTeX expression to sympy, safely; None when it is not one expression.

    ``"\\frac{1}{2} x^2"`` -> ``x**2/2``; ``"a = b"`` -> ``sympy.Eq(a, b, evaluate=False)``
    (other relations -> the matching unevaluated sympy relational). Decimals are exact
    rationals (``0.5`` -> ``1/2``). Units, percent and degree signs, lists, sets, intervals,
    matrices and text give None. Never raises, never evaluates untrusted code.
    """
    try:
        node = parse_answer(text)
    except Exception:  # noqa: BLE001 - documented: never raises
        return None
    if isinstance(node, Expr) and node.unit is None and node.marker is None:
        return node.value
    if isinstance(node, Relation) and len(node.ops) == 1 and all(isinstance(s, Expr) for s in node.sides):
        lhs, rhs = (s.value for s in node.sides)
        rel = {"=": sympy.Eq, "!=": sympy.Ne, "<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}
        if node.ops[0] in rel:
            return rel[node.ops[0]](lhs, rhs, evaluate=False)
    return None


_SYMPY_ERRORS = (ValueError, TypeError, ArithmeticError, IndexError, AttributeError, RecursionError, MemoryError)


def parse_tokens(toks: list[Tok], reading: Reading = PROSE) -> sympy.Basic:
    """One arithmetic expression from tokens of :func:`~verifiers.math.lex.tokenize` that a caller cut out of
    a text (``math_steps`` parses each side of a claim so), as a sympy value; :class:`ParseError` otherwise,
    and never another exception.

    Accepts what the answer parser accepts inside an expression (sums, products, implicit ones too, powers,
    factorials, fractions, roots, brackets), with exponents and radicands as plain text writes them
    (``2^10`` is 1024, ``\\sqrt 16`` is 4), a trailing percent sign as hundredths (``50%`` is 0.5) and
    ``e``/``i`` as ``reading`` says. Refuses relations, structures (tuples, sets, matrices), units, ``\\pm``,
    undefined values (``1/0``), more than ``MAX_TOKENS`` tokens and anything past the limits of
    :mod:`verifiers.math.guards`. ``toks`` is not changed.
    """
    if len(toks) > MAX_TOKENS:
        raise ParseError("too many tokens")
    p = _Parser(list(toks), latex=False, reading=reading)
    try:
        value = _scalar(p.parse_expr())
        if p.at("PERCENT"):
            p.next()
            value = _div(value, sympy.Integer(100))
    except ParseError:
        raise
    except _SYMPY_ERRORS as e:
        raise ParseError(f"{type(e).__name__}: {e}") from e
    if p.peek() is not None:
        raise ParseError(f"unexpected token {p.peek().text!r}")
    if value.has(sympy.zoo, sympy.nan, sympy.oo) or has_pm(value):
        raise ParseError("undefined value or \\pm")
    return value
