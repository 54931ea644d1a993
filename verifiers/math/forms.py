"""Answer forms read by the fallbacks and by final-answer sentences: a standalone numeral
(:func:`standalone_number`), a trailing undelimited LaTeX expression (:func:`trailing_latex`), the one
numeral of a final-answer sentence (:func:`one_number_sentence`), solutions written as groups of named
values (:func:`labelled_tuples`). Examples and tests: the table in :mod:`verifiers.math`.
"""

from __future__ import annotations

import re
import unicodedata

import sympy
from verigrpo.verifiers.math.cjk import CJK_CHAR_RE
from verigrpo.verifiers.math.lex import FUNCS, UNIT_ALIASES
from verigrpo.verifiers.math.locales import (
    COMMA_THREE_RE,
    DOT_THOUSAND_RE,
    FOREIGN_SCALE_WORDS,
    comma_language,
    decimal_comma_value,
    foreign_scales,
)
from verigrpo.verifiers.math.negations import FOREIGN_NOT, FOREIGN_WRONG, NOT_UNSPACED, WRONG_UNSPACED
from verigrpo.verifiers.math.nodes import Expr, Relation
from verigrpo.verifiers.math.normalize import dollar_scale_letters, strip_math_delimiters
from verigrpo.verifiers.math.numwords import FRACTION_WORDS, MINUS_WORDS, number_words
from verigrpo.verifiers.math.parse import parse_answer, worded_numbers
from verigrpo.verifiers.math.units import (
    CHANGING_WORDS,
    CJK_CHANGING_WORDS,
    FOREIGN_POWER_RE,
    FOREIGN_ROOT_RE,
    NUMBER_WORDS,
    SCALE_WORDS,
    SIGN_WORDS,
    unit_word,
)

_WORD_AFTER_RE = re.compile(r"[A-Za-z]+")
# a numeral as the fallback reads it (sign, thousands groups, decimals)
_NUMERAL_RE = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?")
# the last whitespace-free chunk of the text, when it is a LaTeX expression ("\sqrt{2}", "2\sqrt{3}",
# "\frac{10}{9}"), before closing punctuation
# (spaces only inside its brace groups, nested up to three deep: "\frac{x e^{-a x}}{a b}"; it is searched over the
# text's last 300 characters)
_BRACE_GROUP = r"\{(?:[^{}$\n]|\{(?:[^{}$\n]|\{[^{}$\n]*\})*\})*\}"
_TRAILING_LATEX_RE = re.compile(
    rf"(?:^|(?<=[\s(:]))(-?\d*(?:\.\d+)?\\[A-Za-z]+(?:[^\s${{}}]|{_BRACE_GROUP})*?)\s*[.!]?\s*$"
)


def _unit_word(word: str) -> bool:
    w = word.lower()
    return w in UNIT_ALIASES or (w.endswith("s") and w[:-1] in UNIT_ALIASES)


def _cjk(ch: str) -> bool:
    """A character of a script written without spaces between words (CJK ideographs, kana, hangul)."""
    return bool(ch) and (
        "\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u4dbf" or "\u4e00" <= ch <= "\u9fff"
        or "\uac00" <= ch <= "\ud7af" or "\uf900" <= ch <= "\ufaff"
    )


# a variable and a multiplicative operator right before a numeral: the numeral is an operand of an expression that
# is not worked out ("reward = output % 2", "the result is n * 3", "x mod 7")
_VARIABLE_OPERAND_RE = re.compile(r"(?<![\w\\])[A-Za-z_][A-Za-z_0-9]{0,30}[ \t]{0,3}(?:[%*/×÷]|\bmod(?:ulo)?\b)[ \t]{0,3}\(?\Z")


# a sign right before a numeral that negates it or makes it another: "≠ 7", "¬132", a subscript minus
_NEGATED_BEFORE_RE = re.compile(r"[≠≉¬₋±∓][ \t]*\Z|(?<![\w)\]}!])!\Z")  # (and "!5", a subfactorial)
# superscript and subscript digits and signs right after a numeral: a power or a base of it ("7²", "12₃", "7⁻¹")
_MARKS_AFTER = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺⁽₀₁₂₃₄₅₆₇₈₉₋₊₍"


def standalone_number(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` (a numeral) stands alone: not glued to a letter, digit, ``_``,
    ``^`` or a LaTeX group before or after it, and not the tail of ``2,74`` / ``3.14``."""
    before = text[start - 1] if start > 0 else ""
    if before == "第":  # an ordinal, "第3步" (step 3), names a step, not a value
        return False
    if (before and before in "√∛∜") or text[max(0, start - 2) : start] == "根号":  # "√3", "根号3": under a root sign
        return False
    if before and (before.isalnum() or before in "_\\{^") and not _cjk(before):
        return False
    if re.search(r"\d[.,]$", text[max(0, start - 2) : start]):
        return False
    if before in ",٫" and text[max(0, start - 2) : start - 1] in ("", " ", "\t", "\n", "(", "$", "=", "-"):
        # ",5", ",75 €": a decimal comma's fraction, its whole part left out (not a field's separator: "answer,8")
        return False
    if _VARIABLE_OPERAND_RE.search(text[max(0, start - 40) : start]):  # "output % 2", "n * 3", "x mod 7": an operand
        return False
    if _NEGATED_BEFORE_RE.search(text, max(0, start - 4), start):  # "x ≠ 7", "¬132", "₋5": not the number said
        return False
    after = text[end : end + 1]
    if after == "}" and "{" not in text[max(0, start - 200) : start] and not text[end + 1 : end + 2].strip():
        return True  # "4}": a stray brace that closes nothing (a small model's output), after the numeral
    if after and (after in "_}^" or after in _MARKS_AFTER or unicodedata.category(after) in ("Mn", "Me")):
        return False  # ("7²", "12₃", "7̸", "132⃠": a power, a base or a mark that strikes the numeral through)
    if re.match(r"[.,]\d", text[end : end + 2]):
        return False
    if text[end : end + 1] in (")", "]", "|") and text[end + 1 : end + 2] and text[end + 1] in _MARKS_AFTER.replace("₍", ""):
        return False  # "(7)²", "[7]²", "|7|²": the bracket raised to a power
    if text.startswith("根号", end):  # "3根号": the coefficient of a root, not a value
        return False
    if _cjk(after):  # Chinese, Japanese, Korean put no space between words: "13只鸟", "192公斤"
        return True
    if after.isalpha() and dollar_scale_letters(text, start, end) is not None:  # "$57.5k": thousands of dollars
        return True
    if _GLUED_SENTENCE_AFTER_RE.match(text, end):
        return True  # "4While I provided the answer": the output runs on into a new sentence
    if after.isalpha():
        word = _WORD_AFTER_RE.match(text, end)
        return word is not None and _unit_word(word.group())
    return True


# a new sentence glued to the numeral: a capitalised word, then a lower-case word or "I" ("4While I ...", "18You are")
_GLUED_SENTENCE_AFTER_RE = re.compile(r"[A-Z][a-z]{2,12}[ \t]+(?:[a-z]|I\b)")


_TRAILING_UNIT_RE = re.compile(r"(?<=\S)[ \t]+([A-Za-z]{1,12})[ \t]*[.!]?[ \t]*$")


def trailing_latex(text: str) -> tuple[int, str] | None:
    """``(start, expression)`` when the text ends in an undelimited LaTeX expression that parses
    as a number or expression; None otherwise."""
    tail = text[-300:]
    m = _TRAILING_LATEX_RE.search(tail)
    unit = _TRAILING_UNIT_RE.search(tail) if m is None else None
    if unit is not None and _unit_word(unit.group(1)):  # "will be \frac{10}{3} cm.": the expression, then its unit
        tail = tail[: unit.start()]
        m = _TRAILING_LATEX_RE.search(tail)
    if m is None:
        return None
    expr = m.group(1)
    if expr.count("{") != expr.count("}"):
        return None
    try:
        node = parse_answer(expr)
    except Exception:  # noqa: BLE001 - not maths: no answer here
        return None
    if not isinstance(node, (Expr, Relation)):
        return None
    return len(text) - len(text[-300:]) + m.start(1), expr  # (tail starts where text[-300:] does)


# a number that the sentence bounds, compares, hedges or negates is not stated as the answer
_QUALIFIED_RE = re.compile(
    # (not "3 more cows": a comparison says "than"; not "$720 left over"; not "approximately 15": a rounded value is
    # stated as the value, as "\boxed{approximately 3.14}" is; "somewhere around 42" is a guess; not "25 miles
    # between his stops": "between" bounds only before numbers)
    # (not "over the three months": a stretch of time, not a bound)
    r"\b(?:at\s+(?:least|most)|(?<!left )over(?!\s+(?:the|its|his|her|their|this|that|those|these)\b)|under|above|below|around|roughly|nearly|almost|up\s+to|between(?=[^.;]*\d)|than|"
    r"or|maybe|"
    r"perhaps|probably|"
    r"not|no|never|"
    # words that make another number of it ("negative 5", "half of 16", "16 squared", "16 thousand") or take it
    # back ("16 is wrong", "if x is 16")
    # ("times" ending its clause counts occurrences: "can go to the movies 3 times.", not "3 times as many")
    r"negative|minus|plus|times(?![ \t]*(?:[.!;,)]|\Z))|twice|double|triple|thrice|squared|cubed|root|raised|thousands?|millions?|"
    r"billions?|trillions?|hundreds?|dozens?|divided|multiplied|wrong|incorrect|false|rejected|extraneous|excluded|"
    r"discarded|" + CHANGING_WORDS + "|"
    r"doubt|if|unless|suppose|"
    r"assume|except|power|exponent|factorial|out\s+of\s+\$?\d|multiples?|divisible|factors?|halves|hardly|barely|"
    r"within|beyond|modulo|"
    # sign words, and the words above in German, French, Spanish and Russian ("Die Antwort ist nicht 4", "La
    # réponse est au moins 4")
    + SIGN_WORDS
    + "|" + FOREIGN_NOT + "|" + FOREIGN_WRONG
    + r"|vielleicht|mindestens|höchstens|pas|peut-être|au\s+moins|au\s+plus|quizás|tal\s+vez|"
    r"al\s+menos|como\s+máximo|не|может\s+быть|возможно|не\s+менее|не\s+более|больше|меньше|más\s+de|menos\s+de|plus\s+de|moins\s+de|mehr\s+als|weniger\s+als|" + FOREIGN_SCALE_WORDS + r")\b|n't\b|\?"
    r"|也许|负(?=\s*\d)|" + CJK_CHANGING_WORDS,  # and in Chinese, Japanese, Korean (no word boundaries there)
    re.I,
)


# a number that another language's words change: a denominator after it ("2 трети" 2/3, "3 quarts"), a minus before
# it ("âm 5", "eksi 4"), a root or a power around it ("racine de 5", "5 au carré")
_FOREIGN_CHANGED_RE = re.compile(
    rf"\d[ \t]*(?:{FRACTION_WORDS})(?!\w)|(?<!\w)(?:{MINUS_WORDS})[ \t]*\d|{FOREIGN_ROOT_RE}|{FOREIGN_POWER_RE}", re.I
)
_LATEX_COMMAND_RE = re.compile(r"\\[A-Za-z]+")


# a relation sign right before a number: "≥ 4", "> 4", "\geq 4" bound it
_BOUND_SIGN_RE = re.compile(
    r"(?:(?<![\w/\"'-])[>≥≤≠⩾⩽≦≧≲≳≪≫≮≯≰≱≉＞＜]|<(?![A-Za-z/!])"
    r"|\\(?:geq?|leq?|neq?|gt|lt|geqslant|leqslant|geqq|leqq|gtrsim|lesssim|ll|gg|ngtr|nless|ngeq|nleq|not\s*[=<>]"
    r"|not\s*\\(?:eq|approx|sim))(?![A-Za-z]))"
    r"[ \t]*[$£€¥]?[ \t]*-?\d"  # (not a tag's bracket: "<number> 35"; a sign before money: "< £2.50")
    # and a range between two numbers: "4 to 6", "4 through 6", "4 hours to 6 hours", "4 hours to 6" (the
    # unit on the first end only, nothing after the second)
    r"|\d[ \t]*%?[ \t]*(?:to|till|until|through|thru)[ \t]+\$?-?\d"
    r"|\d[ \t]+(?:out[ \t]+of|of|in)[ \t]+\$?\d"  # a part of a whole, a rate: "5 of 6", "5 in 100"
    # (not a stretch of time: "makes $120 in 2 weeks")
    r"(?!\d*(?:\.\d+)?[ \t]+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries)\b)"
    # two numbers that make one value: a rate ("5 in every 7", "5 for every 7"), a power ("2 to the 10th", "2 to
    # the power of 10"), a size ("5 by 7", "5 ft by 7 ft")
    r"|\d[ \t]+(?:(?:in|out[ \t]+of|for|of)[ \t]+)?every[ \t]+\$?\d|\d[ \t]+to[ \t]+the[ \t]+(?:power[ \t]+of[ \t]+)?\d"
    r"|\d[ \t]+by[ \t]+\d|\d[ \t]*(?P<size>[A-Za-z]+)[ \t]+by[ \t]+\d[\d.,]*[ \t]*(?P=size)\b"
    r"|\d[ \t]*([A-Za-z]+)[ \t]+(?:to|till|until|through|thru)[ \t]+\$?-?\d[\d.,]*"
    r"(?:[ \t]*\1\b|(?![\d.,]*[ \t]*[A-Za-z]))"
)


_UNSPACED_REFUSAL_RE = re.compile(WRONG_UNSPACED + "|" + NOT_UNSPACED)


def qualified(sentence: str) -> bool:
    """The sentence bounds, compares, hedges, negates or transforms its number ("at least 5", "≥ 5", "half of 16")."""
    return (
        _QUALIFIED_RE.search(_LATEX_COMMAND_RE.sub(" ", sentence)) is not None  # "\\times" is no "times"
        or _BOUND_SIGN_RE.search(sentence) is not None
        or _UNSPACED_REFUSAL_RE.search(sentence) is not None  # "5, خطأ", "5 לא נכון": in scripts without \b
        or _FOREIGN_CHANGED_RE.search(sentence) is not None  # "2 трети", "âm 5", "racine de 5", "5 au carré"
    )


# words right after a number that make another number of it ("5 squared", "2 thirds", "5 au carré", "5的平方",
# "10의 절반") and right before it ("half of 10", "the square root of 5", "racine de 5", "ルート5"; a minus word is
# a sign, read where the number is)
_CHANGED_AFTER_RE = re.compile(
    rf"[ \t]{{0,4}}(?:[–—-][ \t]{{0,4}})?(?:(?:squared|cubed|doubled|halved|tripled|quadrupled|quartered|negated|inverted"
    rf"|{CHANGING_WORDS}|{FRACTION_WORDS})(?!\w)|{FOREIGN_POWER_RE})"
    r"|[ \t]{0,4}(?:less|fewer)[ \t]+than[ \t]+(?:zero|0)(?!\w|\.\d)"  # ("5 less than zero": -5)
    # ("7 increased by 1", "7 plus one", "7 weniger als null"; not "3 times a week", a frequency)
    r"|[ \t]{0,4}(?:(?:increased|decreased|raised|lowered|reduced|multiplied|divided)[ \t]+by|plus|minus)[ \t]+(?:\d|one|two|three|half)"
    r"|[ \t]{0,4}(?:weniger[ \t]+als[ \t]+null|unter[ \t]+null|bajo[ \t]+cero|sous[ \t]+zéro)"
    r"|[ \t]{0,4}(?:的|의[ \t]{0,4}|の)?(?:(?:平方|立方)(?![米厘千公分毫英])|次方|倒数|相反数|半分|一半|절반|제곱"
    r"|[\d一二两兩三四五六七八九十百千万半]{1,6}倍)"  # ("4的两倍": twice 4)
    # a symbol: a Greek or maths letter, a power, a product sign, a double factorial ("2 τ", "2 𝜋", "2∙π", "5‼")
    "|[ \t]{0,4}(?:[\u0370-\u03ff](?![\u0370-\u03ff])|[ℯⅇⅈⅉℼℽℾℿ\U0001d400-\U0001d7ff‼]|[∗∙⋅·×][ \t]{0,4}\\S)",
    re.I,
)
_CHANGED_BEFORE_RE = re.compile(  # (matched on the text before the number and its first digit)
    rf"(?:\b(?:half|twice|double|triple|thrice|(?:square|cube)[ \t]+root|reciprocal|inverse)(?:[ \t]+of)?"
    r"|\b(?:square|cube|opposite|successor|predecessor|floor|ceiling|ceil|factorial|absolute[ \t]+value|log(?:arithm)?)[ \t]+of"
    r"|(?<![A-Za-z])i[ \t]{0,2}[·*×⋅]|[-−][ \t]{0,2}\("  # ("the square of 7", "i·5", "-(5)")
    # (the same in other languages: "das Quadrat von 7", "el doble de 7", "le carré de 7", "квадрат 7", "7的平方")
    r"|\b(?:das[ \t]+(?:Quadrat|Doppelte|Dreifache)[ \t]+von|(?:el|la)[ \t]+(?:doble|triple|mitad|cuadrado)[ \t]+de"
    r"|(?:le|la)[ \t]+(?:double|triple|moitié|carré)[ \t]+de|квадрат|удвоенное|половина)"
    rf"|ルート|루트|{FOREIGN_ROOT_RE})[ \t]{{0,4}}\d\Z",
    re.I,
)


def changed_number(text: str, start: int, end: int) -> bool:
    """The words around the numeral ``text[start:end]`` make another number of it: "5 squared", "2 thirds", "half
    of 10", "the square root of 5", "racine de 5", "5的平方"."""
    if _CHANGED_AFTER_RE.match(text, end):
        return True
    before = text[max(0, start - 40) : start + 1]
    # (not after a value it explains: "49, the square of 7", "14, twice 7": the value, then what it is)
    return bool(_CHANGED_BEFORE_RE.search(before)) and not _VALUE_BEFORE_APPOSITION_RE.search(before[:-1])


# a value, then an apposition that says what it is: "49, the square of ", "14, which is twice "
_VALUE_BEFORE_APPOSITION_RE = re.compile(
    r"\d[ \t$]*,[ \t]*(?:which[ \t]+is[ \t]+|i\.e\.[ \t]+)?(?:the[ \t]+)?[a-z][a-z ]{1,24}[ \t-]*[(]?\Z", re.I
)


def numeral_key(numeral: str) -> str:
    """A numeral as a value, for telling givens apart: "1,200" -> "1200", "4.00" -> "4", "-3" -> "3"."""
    key = numeral.lstrip("-").replace(",", "")
    return key.rstrip("0").rstrip(".") if "." in key else key


def question_numbers(question: str) -> frozenset[str]:
    """The values of the numerals a question gives ("costs $4.00 ... for 20 weeks" -> {"4", "20"})."""
    return frozenset(numeral_key(m.group()) for m in _NUMERAL_RE.finditer(question[:20_000]))


_ORDINAL_RE = re.compile(r"(?<![\w.,])\d+(?:st|nd|rd|th)\b")
_SCALE_WORDS = set(SCALE_WORDS)


# a preposition with at most two determiners, right before a number: the number is in a phrase of circumstance ("in
# 3 weeks", "for her 4 dogs"); "to" and a verb, after another number, a purpose ("4 packs to make 8 sandwiches")
_DETERMINERS = (
    r"(?:\s+(?:her|his|their|its|our|my|your|the|a|all|each|every|these|those|another|only|remaining|other|first|"
    r"last|next|same|whole|entire|original|total|new|extra|additional|[a-z]+-[a-z]+)){0,3}\s+$"  # "the one-time 10%"
)
_CIRCUMSTANCE_RE = re.compile(
    # French, Spanish, German purpose and circumstance, a verb between: "payer 64 $ pour acheter les 16 verres",
    # "in den verbleibenden 24 Litern", "para comprar los 16"
    r"\b(?:pour|para|um|avec|con|mit|après|después|nach|avant|antes|dans|durante|während|chaque|cada|jede[nrsm]?|entre"
    r"|zwischen)"
    r"(?:\s+[^\W\d_]+){0,3}\s+$|\bin\s+(?:den|dem|der|die|das)(?:\s+[^\W\d_]+){0,2}\s+$|"
    r"\b(?:in|for|with|after|before|within|during|from|to|by|per|each|every|(?<!total )of|at|on|when|once|until|since"
    r"|between)"
    # (a gerund may come between: "by selling 150 pots", "for using his oven for 25 hours")
    r"(?:\s+[a-z]{2,}ing)?" + _DETERMINERS,
    re.I,
)
# after a first number: what it is for ("4 packs to make 8 sandwiches", "45 minutes to cook the remaining 9")
_PURPOSE_RE = re.compile(r"\bto\s+[a-z]+(?:\s+[a-z]+){0,2}\s+$", re.I)
# a number in a subordinate clause ("after Jason placed 4 scissors", "when all 4 cases are included") is given
_SUBORDINATE_RE = re.compile(r"\b(?:after|before|when|while|since|until|once|because|whereas)\b[^,;.:!?\d]*$", re.I)
# "for 5 apples and 5 oranges", "entre 1 y 100": the phrase goes on
_AND_BEFORE_RE = re.compile(r"\b(?:and|y|e|et|und)(?:\s+[a-z]+){0,2}\s+$", re.I)


# a clause that ends the sentence and restates the question's setting instead of qualifying the number before it: a
# condition ("Jane would spend 240 cents if she bought 12 of the cheaper fruit", "there are 60 ways ... if no one
# shares an office") or the base of a difference ("200 more participants in 2019 than in 2020", "$11 cheaper than
# the T-Mobile plan"); a "than" right before a number is arithmetic or a bound ("4 less than 10", "more than 5")
_SETTING_CLAUSE_RE = re.compile(r"\b(?:if|than)\b", re.I)
_COMPARATIVES = frozenset(
    "more less fewer greater cheaper dearer longer shorter older younger larger smaller higher lower heavier lighter "
    "faster slower bigger taller farther further earlier later warmer colder deeper wider".split()
)
_NUMBER_AFTER_THAN_RE = re.compile(r"than[ \t]+(?:(?:the|a|an)[ \t]+)?[$€£]?-?\d", re.I)


def _without_setting_clause(sentence: str, givens: frozenset[str]) -> str | None:
    """The sentence up to a final "if" or "than" clause that only restates the setting (see
    ``_SETTING_CLAUSE_RE``): a clause whose numbers the question all gives, after a head that states a number; None
    when there is no such clause. A "than" clause must restate a number of the question: "The total is 45 less than
    before" says the total is not 45, and only the question's setting ("than in 2020") tells a difference asked
    for."""
    m = _SETTING_CLAUSE_RE.search(sentence)
    if m is None:
        return None
    head, tail = sentence[: m.start()], sentence[m.start() :]
    if not _NUMERAL_RE.search(head) or _QUALIFIED_RE.search(head):
        return None
    numbers = [numeral_key(n.group()) for n in _NUMERAL_RE.finditer(tail)]
    if m.group().lower() == "than" and (
        not _difference(head) or _NUMBER_AFTER_THAN_RE.match(tail) or not numbers  # "The total is 45 less than before"
    ):
        return None
    if any(n not in givens for n in numbers):
        return None
    return head.rstrip(" ,")


def _difference(head: str) -> bool:
    """The words before a "than" state a difference: a number, at most one unit word, a comparative, and at most
    five more words ("200 more participants in 2019", "$11 cheaper", "5 years older")."""
    tokens = head.split()[-8:]
    for k, token in enumerate(tokens):
        if token.lower() in _COMPARATIVES and len(tokens) - k <= 6:
            before = tokens[max(0, k - 2) : k]
            return any(re.fullmatch(r"[$€£]?\d[\d,]*(?:\.\d+)?", t) for t in before) and (
                not before or re.search(r"\d", before[-1]) or before[-1].isalpha()
            )
    return False


_WORD_SCALES_RE = re.compile(r"\b(?:hundreds?|thousands?|millions?|billions?|trillions?)\b", re.I)
_WORD_RE = re.compile(r"[^\W\d_]+")


def foreign_worded_numbers(sentence: str) -> list[sympy.Rational] | None:
    """The numbers a sentence writes in another language's words (:func:`~verifiers.math.numwords.number_words`), each
    the longest run of words read as one number; a run of one word in Latin letters is left out ("due", "tre" are
    also English and Italian words), as :func:`~verifiers.math.parse.worded_numbers` leaves out "one"."""
    words = list(_WORD_RE.finditer(sentence))
    if len(words) > 40:
        return None
    values, i = [], 0
    while i < len(words):
        for j in range(min(len(words), i + 8), i, -1):
            run = sentence[words[i].start() : words[j - 1].end()]
            value = number_words(run) if re.fullmatch(r"[^\W\d_]+(?:[\s,\-]+[^\W\d_]+)*", run) else None
            if value is not None:
                if j - i > 1 or not run.isascii():
                    values.append(value)
                i = j
                break
        else:
            i += 1
    return values


def one_number_sentence(sentence: str, givens: frozenset[str] = frozenset(), *, whole: bool = True) -> str | None:
    """The one standalone numeral of a sentence without maths in it ("Jane started growing
    Sphere 3 hours ago" -> "3 hours"), with the unit word after it; None when there are none or
    several, or when the sentence bounds, compares or hedges it ("at least 5", "5 or more").
    ``givens``, the question's numbers (:func:`question_numbers`), do not count among several: "Jimmy needs
    4 packs to make 8 sandwiches", where the question gives the 8, states 4. ``whole``: the sentence is whole, not
    a clause cut from one (where a phrase cut off may hold what qualifies it)."""
    if "\\" in sentence or "$" in sentence or "=" in sentence:
        return None
    head = _without_setting_clause(sentence, givens)
    if head is not None:
        return one_number_sentence(head, givens)
    stated = _before_trailing_phrase(sentence, givens)
    if stated is not None:  # "There are twelve cookies in total, since each of the 6 kids gets 2.": twelve
        return stated
    # (in a sentence without digits a scale word is part of its number: "won seventy-five thousand dollars")
    if qualified(sentence if _NUMERAL_RE.search(sentence) else _WORD_SCALES_RE.sub(" ", sentence)):
        head = _before_given_phrase(sentence, givens) if whole else None  # (a whole sentence, not a clause of one)
        # "need 1 pound of butter to make 4 dozen cookies": the dozen is the purpose's, not the answer's
        return one_number_sentence(head, givens) if head is not None and not qualified(head) else None
    if _ORDINAL_RE.search(sentence):  # "... to move on to the 7th grade": an ordinal names a place, not a value
        sentence = _ORDINAL_RE.sub(lambda m: " " * len(m.group()), sentence)
    found = [m for m in _NUMERAL_RE.finditer(sentence) if standalone_number(sentence, m.start(), m.end())]
    if len(found) != len(_NUMERAL_RE.findall(sentence)) or any(changed_number(sentence, *m.span()) for m in found):
        return None  # (and "2 τ", "5 squared": a number the words or symbols around it change)
    if not found:  # "Each of Alice's brothers has two sisters.": its one number in words ("one" is also a pronoun)
        values = worded_numbers(sentence)
        if values == []:  # "quiero cuarenta y dos manzanas", "осталось двадцать три дня": another language's
            values = foreign_worded_numbers(sentence)
        if values is None or len(values) != 1:
            return None
        unit = _unit_after_words(sentence)  # "five pence": 5 pence, never £5
        return f"{values[0]} {unit}" if unit is not None else str(values[0])
    if len(found) > 1:
        # "After 2 weeks she has 14 dollars", "buy 14 kilograms of food for her 4 dogs": a number inside a phrase
        # of circumstance (time, purpose, recipient, rate, a subordinate clause) is given; the one left is what the
        # sentence states ("3 dollars and 27 cents" keeps both: one amount, no answer)
        kept, given = [], False
        for k, m in enumerate(found):
            before = sentence[: m.start()]
            given = bool(
                _CIRCUMSTANCE_RE.search(before)
                or _SUBORDINATE_RE.search(before)
                or (k and _PURPOSE_RE.search(before))  # "needs to buy 4 packs to make 8 sandwiches"
                or (given and _AND_BEFORE_RE.search(before))  # "for 5 apples and 5 oranges"
            )
            if not given:
                kept.append(m)
        found = kept
    if len(found) > 1 and givens:  # then the numbers the question gives ("At 14 dollars each, the total is 2
        # dollars" states 2, whatever the question gives)
        if re.search(r"\band\s+[$€£]?\d", sentence):  # "3 dollars and 27 cents": the numbers make one amount
            return None
        found = [m for m in found if numeral_key(m.group()) not in givens]
    if len({numeral_key(m.group()) for m in found}) == 1:  # "... = 14 bags. Jean can fill 14 bags": one value
        found = found[:1]
    if len(found) != 1:
        return None
    m = found[0]
    word = re.match(r"\s*([A-Za-z]+)", sentence[m.end() :])
    if word and word.group(1).lower().rstrip("s") in _SCALE_WORDS:  # "118 thousand": the scale multiplies it
        return m.group() + " " + word.group(1).lower().rstrip("s")
    if word and _unit_word(word.group(1)) and word.group(1) != "in":  # "975 in total": a preposition, not inches
        return m.group() + " " + word.group(1)
    return m.group()


# words that make a phrase an operation on the number before it, not a circumstance: "3 to the power of 4"
_CHANGING_PHRASE_RE = re.compile(r"\b(?:power|squared|cubed|times|root|multiplied|divided|exponent)\b", re.I)


def _before_given_phrase(sentence: str, givens: frozenset[str] = frozenset()) -> str | None:
    """The sentence up to the first phrase of purpose or circumstance that holds a number ("Valerie will need 1 pound
    of butter| to make 4 dozen cookies"), when a number that no such phrase gives comes before it (and, with the
    question's numbers ``givens``, the question gives every number cut off); None otherwise."""
    stated = False  # a number before it that no phrase of its own gives
    for k, m in enumerate(_NUMERAL_RE.finditer(sentence[:2_000])):
        if not standalone_number(sentence, m.start(), m.end()) or sentence[m.start() - 1 : m.start()] == "/":
            continue  # (the 3 of "1/3" is no number of its own)
        before = sentence[: m.start()]
        phrase = (k and _PURPOSE_RE.search(before)) or _CIRCUMSTANCE_RE.search(before) or _SUBORDINATE_RE.search(before)
        if phrase is None:
            stated = True
        elif stated:  # (the phrase does not change its number: not "3 to the power of 4")
            cut = [numeral_key(n.group()) for n in _NUMERAL_RE.finditer(sentence, phrase.start())]
            if (
                _CHANGING_PHRASE_RE.search(sentence[phrase.start() : m.start()])
                or _BOUND_SIGN_RE.search(sentence[: m.end()])  # "5 for every 7", "5 of 6": two numbers, one value
                or (givens and not set(cut) <= givens)
            ):
                return None  # (with a question, the phrase restates what it gives: not "than in 2021" for its 2020)
            return sentence[: phrase.start()]
    return None


# a phrase that ends a sentence with its circumstances, after the clause that states the answer: a reason ("since
# each of the 6 kids gets 2"), a time ("after giving away 6", "over 5 days"), the way it was found ("using 3 workers"),
# a share ("split among 3")
_TRAILING_PHRASE_RE = re.compile(
    r"(?:,[ \t]*|(?<![ \t,])[ \t]+)(?:since|because|after|as|given[ \t]+that|using|where|when|while|once|over|among|in"
    r"|split[ \t]+(?:among|between)|computed[ \t]+with)\b",
    re.I,
)


_CLAUSE_GOES_ON_RE = re.compile(r"[,;:(]|[.!?][ \t]+\S|\bthan\b")  # another clause or sentence, a comparison
_TIME_BEFORE_RE = re.compile(r"\b(?:in|for|after|before|within|during|over|at|on|by)[ \t]+(?:the[ \t]+|a[ \t]+)?$", re.I)
# the phrase itself states a value: "in 5 minutes is 55 meows", "when there are 10 guests", "in the image is 5 years"
# (or a clause of its own: "after 2 days she has 3")
_STATES_AFTER_RE = re.compile(
    r"\b(?:is|are|was|were|be|equals?|totals?|makes?)[ \t]+(?:about[ \t]+|only[ \t]+)?[$€£]?-?\d"
    r"|\b(?:i|you|he|she|it|we|they|there)[ \t]+[a-z]+",
    re.I,
)


def _before_trailing_phrase(sentence: str, givens: frozenset[str]) -> str | None:
    """The one number of the clause before a phrase of circumstances that ends the sentence (its numbers the
    circumstances'), when that clause states one: digits or words; None otherwise."""
    for m in _TRAILING_PHRASE_RE.finditer(sentence):
        head, rest = sentence[: m.start()], sentence[m.end() :]
        if head.count("(") > head.count(")") or _CLAUSE_GOES_ON_RE.search(rest):
            continue  # "(2 miles in the morning ...)", "after the $0.35 discount, he spends $0.65": not the end
        if re.search(r"\d\s*$", head) and re.match(r"\s*(?:every\s+)?\d", rest):
            return None  # "5 in 100", "1 in 4", "5 in every 7": a rate, one value in two numbers
        if not (_NUMERAL_RE.search(head) or worded_numbers(head)):
            continue  # "After 2 weeks she has 14 dollars": no number stated before the phrase yet
        if not _NUMERAL_RE.search(rest) or _STATES_AFTER_RE.search(rest):
            return None  # no number in the phrase, or the phrase states one ("when there are 10 guests"): not ours
        one = one_number_sentence(head, givens, whole=False)
        numeral = _NUMERAL_RE.search(head) if one is not None and one[:1].isdigit() else None
        if numeral is not None and _TIME_BEFORE_RE.search(head[: numeral.start()]):
            return None  # "She finished in 3 hours after 2 breaks.": the head's number is a circumstance too
        return one
    return None


def _unit_after_words(sentence: str) -> str | None:
    """The unit word right after a sentence's last number word ("five pence" -> "pence"), or None."""
    last = None
    for m in re.finditer(r"[A-Za-z]+(?:-[A-Za-z]+)?", sentence):
        if last is not None and not sentence[last : m.start()].strip() and _unit_word(m.group()) and m.group() != "in":
            return m.group()
        low = m.group().lower()
        last = m.end() if low in NUMBER_WORDS or low.rstrip("s") in _SCALE_WORDS else None
    return None


_OPERAND_AFTER_RE = re.compile(r"\s*(?:[-+*/×÷x]\s*\$?\d|=)")
_OPERAND_BEFORE_RE = re.compile(r"[-+*/×÷]\s*\$?$")


def stated_numbers(sentence: str) -> list[str] | None:
    """The values a final sentence states in order, for a key of several values: "So the cabin costs $6,000 and the
    land $24,000." -> ["6000", "24000"]; "... costs $325 + $625 = $950" keeps 950 (operands are not stated); numbers
    in phrases of circumstance are set aside. None when the sentence has maths in it or no numbers."""
    if len(sentence) > 500 or "\\" in sentence or _QUALIFIED_RE.search(re.sub(r"\band\b|,", " ", sentence)):
        return None
    plain = sentence.replace("$", " ")
    found = [m for m in _NUMERAL_RE.finditer(plain) if standalone_number(plain, m.start(), m.end())]
    values, given = [], False
    for m in found:
        before, after = plain[: m.start()], plain[m.end() :]
        if _OPERAND_AFTER_RE.match(after) or _OPERAND_BEFORE_RE.search(before):
            continue  # "325 + 625 = 950": the result alone
        given = bool(_CIRCUMSTANCE_RE.search(before) or _SUBORDINATE_RE.search(before)
                     or (given and _AND_BEFORE_RE.search(before)))
        if not given:
            values.append(m.group().replace(",", ""))
    return values or None


# a value set to a named unknown in prose: "b = 2", "x_1 = -3"
_NAMED_NUMBER_RE = re.compile(r"(?<![\w\\])([A-Za-z](?:_\{?\w{1,3}\}?)?)[ \t]*=[ \t$]*-?\d")


def stated_names(sentence: str, n: int) -> tuple[str, ...]:
    """The unknowns the ``n`` values of :func:`stated_numbers` are set to, in order ("Hence b = 2 and a = 3." -> ("b",
    "a")), when the sentence names ``n`` different ones; () otherwise."""
    names = tuple(m.group(1) for m in _NAMED_NUMBER_RE.finditer(sentence[:500]))
    return names if len(names) == n and len(set(names)) == n else ()


# an upright text group, its content (one pattern for every reader: forms, choices, verifier, clock)
TEXT_WRAP_RE = re.compile(r"\\(?:text|textbf|textrm|textnormal|mathrm|mathbf|mbox|rm)\s*\{([^{}]*)\}")


# statements picked by their circled numbers, as Chinese keys write them: "①③④", "\textcircled{1}\textcircled{3}"
_CIRCLED = {chr(0x2460 + k): k + 1 for k in range(20)}  # ① .. ⑳
_CIRCLED_RUN_RE = re.compile(r"(?:\s*(?:\\textcircled\s*\{\s*(\d{1,2})\s*\}|[\u2460-\u2473])\s*[,，、]?)+")
_CIRCLED_ONE_RE = re.compile(r"\\textcircled\s*\{\s*(\d{1,2})\s*\}|([\u2460-\u2473])")
_INT_LIST_RE = re.compile(r"\s*\d{1,2}(?:\s*[,，、]\s*\d{1,2})*\s*")


# a number and a unit written in prose, outside maths: "540 m", "12 kg", "3.5 h" (in prose a letter after a number is
# its unit; in maths "5 m" may be 5 times m)
_PROSE_UNIT_RE = re.compile(r"(-?\d[\d,]*(?:\.\d+)?)[ \t]+([A-Za-z]{1,3})[ \t]*\.?")


# a number (thousands in groups of three, spaced too) and one to three words after it, in any script
# (the combining marks of Thai, Devanagari, Bengali and decomposed Latin are letters of a word here: "ก้อน")
_COMBINING = "\u0300-\u036f\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963\u0981-\u0983\u09bc-\u09d7\u0e31\u0e34-\u0e3a\u0e47-\u0e4e"
_PROSE_WORDS_RE = re.compile(
    r"(?<![\d \u00a0.,-])(-?\d{1,3}(?:[ \u00a0]\d{3})++(?![\d.,])|-?\d[\d,]*+(?:\.\d+)?)[ \t]+"
    rf"((?:(?:[^\W\d_]|[{_COMBINING}]){{2,20}}[ \t]*){{1,3}})\.?"
)
_MATH_WORDS = {*FUNCS, "sqrt", "pi", "mod", "or", "and", "xy"}
# in the words after a number: a superscript or subscript, a maths alphanumeric or a letterlike constant (𝑥, 𝜋, ℯ,
# ⅇ; not ℃ nor the Kelvin sign, units);
# or a word of one or two Greek letters (π, τ, πr): symbols, where a Greek unit word has more ("μέτρα")
_SYMBOL_CHAR_RE = re.compile("[\u00b2\u00b3\u00b9\u2070-\u209fℯⅇⅈⅉℼℽℾℿ\U0001d400-\U0001d7ff]")
_GREEK_RE = re.compile("[\u0370-\u03ff]{1,2}")  # (lex.FUNCS: the function names the parser reads)


def prose_unit(answer: str) -> str | None:
    """``"540 m"`` -> ``"540 \\text{ m}"`` when the letters are a unit and nothing else is written; a number and
    one to three words in any script that neither qualify it nor are maths (``"75 con ong"``, ``"2 000 долларов"``)
    likewise; None otherwise. Only for answers read from prose (no ``$``, no command)."""
    if "$" in answer or "\\" in answer:
        return None
    answer = foreign_scales(answer.replace("٬", ",").replace("٫", "."))  # "5 triệu đồng": 5000000, then its unit
    # word; "٩٢٣٬٤١١ ريال" with the Arabic thousands mark
    m = _PROSE_UNIT_RE.fullmatch(answer.strip())
    if m is not None and (_unit_word(m.group(2)) or unit_word(m.group(2)) is not None):  # ("10 N", "300 K": symbols)
        return f"{m.group(1)} \\text{{ {m.group(2)}}}"
    m = _PROSE_WORDS_RE.fullmatch(answer.strip())
    if m is None or qualified(m.group(2)) or changed_number(m.string, *m.span(1)) or any(w.lower() in _MATH_WORDS for w in m.group(2).split()):
        return None
    if m.group(2).isascii() and len(m.group(2).split()) == 1 and len(m.group(2)) <= 2:
        return None  # "5 xy": letters, maybe maths
    if any(
        _GREEK_RE.fullmatch(w) or (_SYMBOL_CHAR_RE.search(w) and unit_word(w.rstrip("²³")) is None)  # ("m²": metres)
        for w in m.group(2).split()
    ):
        return None  # "3 x²", "2 π", "2 𝜋", "2 ℯ": a power, a Greek letter, a maths letter; symbols, not a unit word
    number = m.group(1).replace(" ", "").replace("\u00a0", "")
    words = m.group(2).strip()
    if words[-1] in "²³" and words[:-1].isascii() and unit_word(words[:-1]) is not None:
        return f"{number} \\text{{ {words[:-1]}}}^{'2' if words[-1] == '²' else '3'}"  # "300 cm²": an area's unit
    # (a unit in another script is no unit the parser knows: the number alone, as a unit the key leaves out is)
    return f"{number} \\text{{ {m.group(2).strip()}}}" if m.group(2).isascii() else number


# a decimal comma written in a text: "1,5", "0,75", "12,5 ·" (one or two digits after the comma, no more)
_SEEN_DECIMAL_COMMA_RE = re.compile(r"(?<![\d,.])\d{1,6},\d{1,2}(?![\d,])")
# a dot that groups thousands in a text: "1.000", "12.000", "2.000.000"
_SEEN_DOT_THOUSANDS_RE = re.compile(r"(?<![\d,.])\d{1,3}\.000(?![\d,])|\d\.\d{3}\.\d{3}(?!\d)")


def continental_number(answer: str, completion: str) -> str | None:
    """One number as a text that groups thousands with a dot and writes a decimal comma reads it, with a decimal point
    and no grouping: "70.000 US-Dollar" -> "70000 US-Dollar"; "12.500 Einwohner" -> "12500" and "2,500 kg" -> "2.500
    kg" only where the text shows that convention elsewhere too (a thousands dot "1.000", a decimal comma "1,5").
    The text must be written in words, none of them English, and not in Chinese or Japanese (which write a decimal
    point: "这个数是4.404"); None otherwise. One reading per completion: read both ways, "12.000" would pay 12 and
    12000."""
    text = strip_math_delimiters(answer).strip().rstrip(".")
    dot = DOT_THOUSAND_RE.fullmatch(text)
    comma = COMMA_THREE_RE.fullmatch(text) if dot is None else None
    if (dot is None and comma is None) or not comma_language(completion) or CJK_CHAR_RE.search(completion[-2_000:]):
        return None
    seen_comma = _SEEN_DECIMAL_COMMA_RE.search(completion[-4_000:]) is not None
    if comma is not None:
        if not seen_comma:
            return None
        return f"{comma.group(1).replace('−', '-')}.{comma.group(2)}" + (f" {comma.group(3)}" if comma.group(3) else "")
    if dot.group(2) != "000" and not (seen_comma or _SEEN_DOT_THOUSANDS_RE.search(completion[-4_000:])):  # type: ignore[union-attr]
        return None
    return f"{dot.group(1)}{dot.group(2)}" + (f" {dot.group(3)}" if dot.group(3) else "")  # type: ignore[union-attr]


def decimal_comma_reading(answer: str, reference: str) -> tuple[str, str] | None:
    """Both sides with a decimal comma read as a decimal point, where one side is such a number and the other a
    single value written without a comma ("0,6" against "\\frac35"), or both are ("0,70" against "0,7": one
    convention on both sides); None otherwise."""
    sides = [strip_math_delimiters(answer).strip().rstrip("."), strip_math_delimiters(reference).strip().rstrip(".")]
    both = [decimal_comma_value(side) for side in sides]
    if both[0] is not None and both[1] is not None:
        return both[0], both[1]
    for i in (0, 1):
        read = decimal_comma_value(sides[i])
        if read is not None and "," not in sides[1 - i] and ";" not in sides[1 - i]:
            sides[i] = read
            return sides[0], sides[1]
    return None


def _circled(s: str) -> frozenset[int] | None:
    s = strip_math_delimiters(s).strip().rstrip(".。")
    if len(s) > 400 or not _CIRCLED_RUN_RE.fullmatch(s):
        return None
    return frozenset(int(m.group(1)) if m.group(1) else _CIRCLED[m.group(2)] for m in _CIRCLED_ONE_RE.finditer(s))


def same_statements(answer: str, reference: str) -> bool | None:
    """Whether the answer picks the statements a reference of circled numbers picks ("①③④" against
    ``\\textcircled{4}\\textcircled{3}\\textcircled{1}`` or "1, 3, 4"): the same set, in any order; None when the
    reference is not such a run."""
    want = _circled(reference)
    if want is None:
        return None
    got = _circled(answer)
    if got is None:
        plain = strip_math_delimiters(answer).strip().rstrip(".。")
        if len(plain) > 200 or not _INT_LIST_RE.fullmatch(plain):
            return False
        got = frozenset(int(x) for x in re.findall(r"\d+", plain))
    return got == want


# the verdicts a completion gives on numbered statements ("Statement 1 is false. Statement 2 is true.", "Statement 1:
# False", "Both statements are false."), as "false; true"
_STATEMENT_VERDICT_RE = re.compile(
    r"statement[ \t]*(\d)[ \t]*(?:is[ \t]+|:[ \t]*|\*\*[ \t]*)(true|false|correct|incorrect)\b", re.I
)
_BOTH_STATEMENTS_RE = re.compile(r"\bboth\s+statements\s+are\s+(true|false|correct|incorrect)\b", re.I)
_TRUTH = {"true": "true", "correct": "true", "false": "false", "incorrect": "false"}


def statement_verdicts(completion: str, n: int) -> str | None:
    """The verdicts the end of a completion gives on statements 1..``n``, in order ("false; true"); None when it
    does not give one for each, or gives two for one."""
    tail = completion[-600:]
    both = list(_BOTH_STATEMENTS_RE.finditer(tail))
    found = list(_STATEMENT_VERDICT_RE.finditer(tail))
    if both and (not found or both[-1].start() > found[-1].start()) and n == 2:
        return "; ".join([_TRUTH[both[-1].group(1).lower()]] * 2)
    verdicts: dict[int, str] = {}
    for m in found:
        verdicts[int(m.group(1))] = _TRUTH[m.group(2).lower()]  # the last verdict on each statement
    if sorted(verdicts) != list(range(1, n + 1)):
        return None
    return "; ".join(verdicts[k] for k in range(1, n + 1))

