"""Extraction, part 4: the fallback when no box, marker or answer block names the answer: the completion's last math
span (with the spans that list answers with it, an aligned display read as a chain or a list), a trailing LaTeX
expression, a last bracketed line, or its last standalone number: the number its last sentence states, with its unit,
unless a bound, a range, a reference, a doubt or a cut-off makes it no answer (:func:`fallback_answer`).
"""

from __future__ import annotations

import dataclasses
import re

from verigrpo.verifiers.math.attributed import ATTRIBUTED_TAIL_RE
from verigrpo.verifiers.math.boxes import Extraction, _last_match, tail_start
from verigrpo.verifiers.math.chains import EXACT_WORDS, RESTATING_WORDS, value_in_words
from verigrpo.verifiers.math.cjk import (
    CJK_NUMERAL_CHARS,
    answer_line_sentence,
    cjk_counted_number,
    cjk_digits,
)
from verigrpo.verifiers.math.compare import approximates
from verigrpo.verifiers.math.conclusions import checked_otherwise
from verigrpo.verifiers.math.disowning import words_restated
from verigrpo.verifiers.math.doubts import (
    _COMPARATIVES,
    _COMPARISON,
    _NEGATED_BEFORE_RE,
    _SENTENCE_END_RE,
    doubted,
)
from verigrpo.verifiers.math.forms import (
    changed_number,
    numeral_key,
    one_number_sentence,
    standalone_number,
    trailing_latex,
)
from verigrpo.verifiers.math.laststate import (
    NO_VALUE_CONCLUSION_RE,
    circumstance_span,
    implied_conclusion,
    last_sentence,
    parameter_span,
    quantifier_span,
    stated_expression,
    without_plain_condition,
    worded_number,
)
from verigrpo.verifiers.math.layout import equiv_safe
from verigrpo.verifiers.math.locales import FOREIGN_SCALE_WORDS, comma_language
from verigrpo.verifiers.math.nodes import Bracket, Expr, Relation
from verigrpo.verifiers.math.normalize import (
    BELOW_ZERO_AFTER,
    BOLD_MARK_RE,
    VULGAR_FRACTIONS,
    dollar_scale_letters,
    normalize,
)
from verigrpo.verifiers.math.numwords import MINUS_WORDS
from verigrpo.verifiers.math.roundings import APPROXIMATELY_RE
from verigrpo.verifiers.math.sentences import (
    _MONEY_SIGN_RE,
    _UNSURE_RE,
    ANSWER_NAMED_RE,
    CJK_CHAR_RE,
    CONCLUDING_LEAD,
    NOTE_RESTATES,
    RETRACTION_WORDS,
    has_or,
    parsed,
    words,
    worked_result,
)
from verigrpo.verifiers.math.spans import (
    aligned,
    aligned_parts,
    joined_spans,
    last_equation_side,
    named_before,
    named_values,
)
from verigrpo.verifiers.math.units import (
    NUMBER_WORDS,
    SCALE_WORDS,
    SIGN_WORDS,
    said_quantity,
    unit_phrase_end,
    unit_word,
)
from verigrpo.verifiers.math.valuelines import (
    attributed_values,
    bare_lines,
    candidate_lines,
    table_answer,
    values_line,
)
from verigrpo.verifiers.math.wordlists import ANSWER_WORDS, ANSWER_WORDS_UNSPACED, OR_BETWEEN_VALUES, OR_WORDS

# a last line that explains the symbols of the line before ("where $m$ is the mass and $c$ the speed of light",
# "其中，$m$ 代表质量"): its spans are single symbols, no answer
_LEGEND_LINE_RE = re.compile(r"\n[ \t]*(?:where|here|with|其中|这里)\b[^\n]{0,300}\s*\Z", re.I)
# the last number closes a list of three or more ("3, 4, 5", "3, 4 and 5") or opens an endless one ("4, 5, ...")
_LIST_BEFORE_RE = re.compile(
    r"(?<![\w.,])(?:-?\d+(?:\.\d+)?[ \t]*,[ \t]*){1,20}-?\d+(?:\.\d+)?[ \t]*(?:,|,?[ \t]*\band\b)[ \t]*\Z"
    r"|\b(?:are|were)[ \t]+-?\d+(?:\.\d+)?[ \t]*,[ \t]+\Z"  # "The candidates were 4, 5.": two items
)
_LIST_AFTER_RE = re.compile(r"[ \t]{0,8},[ \t]{0,8}(?:\.\.\.|…|\\[lc]?dots)")  # (used with match)
# a check of the answer after it, to the end: "x = -10. Check: 2(-10) + 8 = -12.", "\n**Verification:** 3 + 4 = 7"
_CHECK_TAIL_RE = re.compile(
    r"(?:(?<=[.!])[ \t]+|\n[ \t]*)[*_#]*[ \t]*(?:(?:let[ \t]+me[ \t]+|let['’]s[ \t]+|hmm,?[ \t]+|as[ \t]+a[ \t]+|quick[ \t]+)?"
    r"(?:double[- ]?)?(?:check(?:ing)?|verif(?:y|ying|ication)|sanity[ \t]+check)"
    # (in other languages: "Vérification :", "验证：", "Проверка:", "Comprobación:")
    r"|v[ée]rifi\w*|comprobaci[óo]n|проверк\w*|(?:über)?prüf\w*|验证|检验|検算|確認|검산|remark|note)"
    r"(?:[ \t]+(?:by[ \t]+[a-z]{2,15}ing|it|this|that|the[ \t]+answer))?"  # ("Let me double-check by subtracting:")
    r"[ \t]*(?:[*_]+[ \t]*)?[:：][*_]*[^\n]{0,300}(?:\n[^\n]{0,300}){0,8}\s*\Z",
    re.I,
)
# a closing paragraph after the answer that offers more help, lays out a table, or runs code: no answer of its own
# ("Let me know if you'd like to try 18 eggs!", "| Revenue at $2/egg | 18 |", "```python ... ```\nOutput: 18")
# (an offer that takes the answer back is no offer: "Shall I show the version where Tom is 22, the correct one?")
_TAKES_BACK = r"\b(?:correct|instead|actually|wrong|mistake|right\s+answer)\b"
_OFFER_WORDS = (
    r"(?:let[ \t]+me[ \t]+know|would[ \t]+you[ \t]+like|if[ \t]+you(?:['’]d|[ \t]+would)[ \t]+like|feel[ \t]+free"
    r"|i[ \t]+hope[ \t]+this|do[ \t]+you[ \t]+want|shall[ \t]+i|should[ \t]+i|want[ \t]+me[ \t]+to)\b"
)
# (an offer may also close the answer's own paragraph as a question: "Tom is 21. Shall I show the 2-step method?")
_ASIDE_TAIL_RE = re.compile(
    rf"(?:\n[ \t]*\n[ \t*_]*(?:{_OFFER_WORDS}[^\n]{{0,300}}"
    r"|(?:[ \t]*\|[^\n]{0,300}\|[ \t]*(?:\n|\Z)){2,40}"
    r"|`{3,6}[a-z]{0,12}\n(?:[^`\n]{0,300}\n){0,40}`{3,6}(?:\n[ \t]*output[ \t]*:[^\n]{0,100})?"
    r"|~~~[a-z]{0,12}\n(?:[^~\n]{0,300}\n){0,40}~~~"
    r"|<(?:code|pre)\b[^<>\n]{0,200}>[^<]{0,4000}</(?:code|pre)>"
    r"|\\begin\{(?:verbatim|lstlisting|minted)\}[^\\]{0,4000}\\end\{(?:verbatim|lstlisting|minted)\}"
    # (an indented block, which markdown shows as code, where its first line assigns or calls: "    x = 72")
    r"|(?<=\n)(?:    |\t)(?=[^\n]{0,300}[=(])[^\n]{0,300}(?:\n(?:    |\t)[^\n]{0,300}){0,40}"
    r"|`[^`\n]{1,200}`[ \t]*)"  # (a paragraph of inline code only: "`answer: 12`")
    rf"|(?<=[.!])[ \t]+{_OFFER_WORDS}(?![^\n?]{{0,300}}{_TAKES_BACK})[^\n?]{{0,300}}\?[ \t]*)\s*\Z",
    re.I,
)
# a closing paragraph that supposes another case ("If the eggs sold at $2, it would be 18.", "Note: had she sold 5,
# she would make $10."): no answer of its own, after a paragraph that concludes ("Therefore, she makes **$27**.")
_SUPPOSITION_TAIL_RE = re.compile(
    # "if ... would" with a word that makes it counterfactual ("instead", "had", "were", "otherwise", a "Note:"); a
    # plain "If she sells them at $2 each, she would make $18." goes on with the working and is the answer
    r"\n[ \t]*\n(?:(?=[^\n]{0,300}\bif\b)(?=[^\n]{0,300}(?:\b(?:would|could|might)\b|[a-z]['’]d\b))"
    r"(?=[^\n]{0,300}(?:\b(?:instead|rather|otherwise|literally|alternatively|differently|were|had)\b|\bnote[ \t]*:))"
    # an "if" that reads the question another way, with or without "would" ("If we read 'half as many' literally, the
    # total is 72.", "If instead ...")
    r"|(?=[ \t*_]*if\b[^\n]{0,300}\b(?:instead|literally|alternatively|differently)\b)"
    # or one that opens on its condition ("Suppose instead ...", "Assuming ..., the total becomes 72", "In the case
    # where ...", "Had she sold ...", "Without the halving, it would be 96", "如果五月和四月一样多，总数将是96")
    r"|(?=[ \t*_]*(?:note[ \t]*:[ \t]*)?(?:suppose|supposing|assuming|had|in[ \t]+the[ \t]+case)\b)"
    r"|(?=[ \t*_]*(?:without|otherwise|alternatively)\b[^\n]{0,300}(?:\b(?:would|could|might)\b|[a-z]['’]d\b))"
    r"|(?=[ \t*_]*(?:如果|假如|假设|若)))[^\n]{1,300}\s*\Z",
    re.I,
)
_CONCLUDED_PARAGRAPH_RE = re.compile(rf"(?:^|\n)[ \t*_]*{CONCLUDING_LEAD}\b[^\n]{{0,200}}\d[^\n]{{0,100}}\Z")
_RETRACTING_RE = re.compile(rf"(?<![A-Za-z])(?:{RETRACTION_WORDS})(?![A-Za-z])", re.I)
_SYMBOL_SPAN_RE = re.compile(r"\$\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*\$|\\\(\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?\s*\\\)")


# before the last number, a word that makes it a qualifier of what is counted: "older than 40", "divisible by 3",
# "a multiple of 4", "in bags of 6", "groups of 5"
_QUALIFIER_BEFORE_RE = re.compile(
    r"\b(?:(?:older|younger|taller|shorter|heavier|lighter|longer|bigger|smaller|cheaper|dearer)[ \t]+than"
    r"|(?:evenly[ \t]+)?divisible[ \t]+by|multiples?[ \t]+of|factors?[ \t]+of|divisors?[ \t]+of"
    r"|(?:bags|boxes|groups|packs|rows|batches|sets|teams|piles|stacks)[ \t]+of)[ \t]*\$?[ \t]*$",
    re.I,
)
# a count before it in the sentence: a numeral with a word after it ("16 people", "33 of the numbers", "42 apples")
_COUNT_BEFORE_RE = re.compile(r"(?<![\w.,])(\d[\d,]*(?:\.\d+)?)(?=[ \t]+[A-Za-z])")
_CODE_TAIL_RE = re.compile(r"\A\s*(?:`{3,6}|~~~|<(?:code|pre)\b|\\begin\{(?:verbatim|lstlisting|minted)\})", re.I)
_CLAUSE_BREAK_RE = re.compile(r"[,;:]|\b(?:so|and|but|then|thus|hence)\b", re.I)
# a number in words, in English or in Chinese numerals: an example of another value, no example of a unit
_NUMBER_WORD = (
    r"\b(?:" + "|".join(sorted((w for w in NUMBER_WORDS if "-" not in w), key=len, reverse=True)) + r"|hundred|thousand)\b"
    r"|[" + CJK_NUMERAL_CHARS.replace("零", "").replace("〇", "") + "]"
)
# a bracket that gives examples, without a digit or a number word in it: "(e.g. cm or inches)", "（例如厘米或英寸）"
_EXAMPLE_RE = re.compile(
    r"[(（][ \t]*(?:e\.g\.|eg\b|for[ \t]+(?:example|instance)|such[ \t]+as|例如|比如|譬如|z\.[ \t]?b\.|p\.[ \t]?ej\.|par[ \t]+exemple)"
    r"(?![^()（）\n]{0,80}(?:" + _NUMBER_WORD + r"|maybe|perhaps|或者))[^()（）\d\n]{0,80}[)）]",
    re.I,
)
_MINUS_LIKE = str.maketrans({"˗": "−", "﹣": "−", "－": "−"})


# a check's own label, opening it: "Check:", "Let me double-check by subtracting:", "Vérification :", "验证："
_CHECK_LABEL_RE = re.compile(
    r"(?<!\s)\s*(?:[*_#]+[ \t]*)?(?:let[ \t]+me[ \t]+|let['’]s[ \t]+|hmm,?[ \t]+|as[ \t]+a[ \t]+|quick[ \t]+)?(?:double[- ]?)?"
    r"(?:check|verif|v[ée]rifi|comprobaci|проверк|(?:über)?prüf|验证|检验|検算|確認|검산|sanity)",
    re.I,
)


def _concludes_other(check: str, before: str) -> bool:
    """A check after the answer that ends on a value of its own: its last number is no result of working in it ("72 -
    24 = 48", "x > 50") and not the number the text states before it ("Check: she sold 70." after "... 72 clips.")."""
    if not _CHECK_LABEL_RE.match(check):
        return False  # (a note or a remark may say anything: "Note: This assumes none of the 15 apples were returned.")
    said = [m for m in _LAST_NUM_RE.finditer(check) if standalone_number(check, m.start(), m.end())]
    if not said or re.search(r"[=＝<>≤≥+\-×*/÷][ \t$]*\Z|\b(?:steps?|time|tries|attempts?)\W*\Z", check[: said[-1].start()], re.I):
        return False
    prior = list(_LAST_NUM_RE.finditer(before[-300:]))
    return not prior or numeral_key(prior[-1].group()) != numeral_key(said[-1].group())


def fallback_answer(text: str, givens: frozenset[str] = frozenset()) -> Extraction:
    """The answer a completion without a box, a marker or an answer block ends on; rules "last_math", "last_latex",
    "last_line", "last_equation", "last_number"; no answer where the text doubts, bounds or cuts it off.
    ``givens``: the values of the question's numerals, which the last sentence may restate beside its answer. An
    exact value that the text then only approximates ("So the probability is 35/36. That is about 0.9722, or
    97.22%.", "35/36です。これを小数で表すと約0.9722です。") is the answer, not its rounding."""
    exact = _approximated_exact(text, givens) if APPROXIMATELY_RE.search(text[-300:]) else None
    return exact if exact is not None else _fallback_answer(text, givens)


# a line that gives the answer under its label, in the languages models answer in ("答：", "Answer:", "Ответ:")
_ANSWER_LABEL_RE = re.compile(
    rf"(?<![ \t*#>_])[ \t*#>_]*(?:{ANSWER_WORDS_UNSPACED}|final[ \t]+answer|{ANSWER_WORDS})[ \t*_]*[:：]",
    re.I,
)
_SENTENCE_BREAK_RE = re.compile(r"[.!?](?=\s)|[。！？\n]")
_APPROXIMATED_NUMBER_RE = re.compile(r"(?<![\d.])-?\d[\d,]{0,15}(?:\.\d{1,15})?(?:[ \t]*[%％])?")


def _approximated_exact(text: str, givens: frozenset[str]) -> Extraction | None:
    """The exact value (a fraction, a surd: no integer, no decimal) that the text states before its last sentences
    only approximate: every number after the first word of rounding there is a rounding of it, as a decimal or a
    percent; None otherwise."""
    start = len(text) - 300
    for m in list(APPROXIMATELY_RE.finditer(text[-300:]))[:3]:
        cut = max(0, start) + m.start()
        stop = _last_match(_SENTENCE_BREAK_RE, text[max(0, cut - 200) : cut])
        if stop is not None and not re.search(r"\d", stop.string[stop.end() :]):  # ("As a decimal this is about 0.97")
            cut = max(0, cut - 200) + stop.end()
        after = [parsed(n.group().replace(",", "")) for n in _APPROXIMATED_NUMBER_RE.finditer(text[cut:])]
        if not after or any(not isinstance(n, Expr) for n in after):
            continue
        lines = text[text.rfind("\n", 0, cut) + 1 :].split("\n")
        if any(_ANSWER_LABEL_RE.match(line) for line in lines):  # "答：剩下的约6.43天可以完成。": the answer line
            return None  # states the rounding itself
        found = _fallback_answer(text[:cut], givens)
        exact = parsed(found.answer) if found.answer is not None and not found.hedged else None
        if not isinstance(exact, Expr) or exact.inexact or exact.value.free_symbols or exact.value.is_Integer:
            continue
        if all(n.inexact or n.marker == "percent" for n in after) and all(approximates(exact, n, rel=0.01) for n in after):
            first = _APPROXIMATED_NUMBER_RE.search(text, cut).group().replace(",", "").replace("%", "\\%")  # type: ignore[union-attr]
            # (written as the chain it is: the exact value for an exact key, its rounding for a rounded one)
            return dataclasses.replace(found, answer=f"{found.answer} \\approx {first}")
    return None


def _fallback_answer(text: str, givens: frozenset[str]) -> Extraction:
    """:func:`fallback_answer`, without the reading of an exact value that the text then approximates."""
    if _UNFINISHED_RE.search(text[-200:]) or _open_display(text) or _open_code(text):
        return Extraction(None, None)
    if _UNDECIDED_END_RE.search(text[-300:]):  # "The answer depends on whether ...": no answer committed to
        return Extraction(None, None)
    text = without_plain_condition(text.rstrip())  # "The maximum is 12 when x = 3.": 12, not where it is taken
    row = table_answer(text)
    if row is not None:  # "| Answer | 6 |\n| Check | 5 |": the row that names the answer, not the table's last number
        return Extraction(row, "last_line")
    candidates = candidate_lines(text) or bare_lines(text) or attributed_values(text)
    if candidates is not None:  # "- Option 1: 70\n- Option 2: 72", "Answer A: 70\nAnswer B: 72": two answers offered
        return Extraction(candidates[-1], "last_line", True, "several candidate answers on closing lines", tuple(candidates))
    if CJK_CHAR_RE.search(text[-2_000:]):  # "一共有六只脚": a Chinese numeral before its measure word, as digits
        text = answer_line_sentence(cjk_digits(text))  # ("答：需要3天。检验：3×4=12。": the answer, not its check)
    if any(c in text for c in "˗﹣－"):  # "It is ˗4.": a modifier-letter or full-width minus is a minus
        text = text.translate(_MINUS_LIKE)
    if any(c in text for c in VULGAR_FRACTIONS):  # "the result is ½", "2½ cups": the fraction as digits
        text = _VULGAR_RE.sub(_vulgar_as_digits, text)
    legend = _LEGEND_LINE_RE.search(text[tail_start(text, 2_000) :])
    symbols = [_SYMBOL_SPAN_RE.fullmatch(m.group()) for m in _MATH_SPAN_RE.finditer(legend.group())] if legend else []
    if symbols and all(symbols):
        text = text[: len(text) - len(legend.group())]  # "$E = mc^2$.\nwhere $m$ is the mass ...": a legend
    for _ in range(3):  # the answer checked, not the check's own numbers; the answer, not the table or offer after it
        check = _CHECK_TAIL_RE.search(text[tail_start(text, 3_000) :])
        aside = _ASIDE_TAIL_RE.search(text[-4_000:]) if check is None else None
        if aside is not None and (_CODE_TAIL_RE.match(aside.group()) or not ANSWER_NAMED_RE.search(aside.group())):
            # (not "| Answer | 27 |": it answers; but a program's "total = 72" is a variable)
            check = aside
        if check is None and (attributed := ATTRIBUTED_TAIL_RE.search(text[-600:])) is not None:
            check = aside = attributed  # "So she sold 70 clips. (Hint: the answer key says 72.)": another's value
        supposed = _SUPPOSITION_TAIL_RE.search(text[-400:]) if check is None else None
        concluded = supposed is not None and _CONCLUDED_PARAGRAPH_RE.search(text[: len(text) - len(supposed.group())][-300:])
        retracts = supposed is not None and any(  # ("Suppose instead ...": "instead" supposes there, retracts nothing)
            m.group().lower() not in ("instead", "rather") for m in _RETRACTING_RE.finditer(supposed.group())
        )
        if supposed is not None and concluded and not retracts:
            check = aside = supposed  # (set aside whole, as an aside is)
        if check is None:
            break
        before = text[: len(text) - len(check.group())]
        if not (re.search(r"\d", before[-200:]) or worded_number(before)):
            break  # (an answer before it, in digits or in words: "Maria has thirteen pencils left.")
        retracting = (m.group().lower() for m in _RETRACTING_RE.finditer(check.group()))
        if aside is None and any(not word.startswith("hmm") for word in retracting):
            break  # "Note: she actually sold at $3, giving $27.": it takes back (not "Hmm, sanity check: ...")
        if aside is None and _concludes_other(check.group(), before):
            break  # "Check: she sold 70.", "Vérification : elle a vendu 70.": a conclusion, not a check's working
        stated = list(_LAST_NUM_RE.finditer(before[-300:]))
        if aside is None and stated and checked_otherwise("\n" + check.group().lstrip(), stated[-1].group(), before):
            # "So she sold 72 clips.\n\nCheck: 48 + 22 = 70 ✓": a worked check that reaches a value the working
            # never had; the text gives two values
            value = _number_text(stated[-1].group())
            return Extraction(value, "last_number", True, "a check after the answer concludes another value")
        text = text[: len(text) - len(check.group())].rstrip()
    window = text[tail_start(text, 2_000) :]
    spans = list(_MATH_SPAN_RE.finditer(window))[-_MAX_JOINED_SPANS:]
    ends = spans[-1].end() if spans else 0
    if len(spans) >= 2 and circumstance_span(window, spans[-2], spans[-1]):
        spans = spans[:-1]  # "The maximum is $5$ when $x = 2$.": the value, not where it is reached
    if len(spans) >= 2 and parameter_span(window, spans[-2], spans[-1]):
        spans = spans[:-1]  # "$$x = \frac{\pi}{6} + \pi k$$ for $k \in \mathbb{Z}$": the family, not its parameter
    if len(spans) >= 2 and quantifier_span(window, spans[-2], spans[-1]):
        spans = spans[:-1]  # "... is $\{0, 1, 3\}$ for any $n \ge 3$.": the value, not the range it holds for
    if len(spans) >= 2 and named_before(window, spans[-2], spans[-1]):
        spans = spans[:-1]  # "... for $n=1,2,3,4$ and no other $n$.": the variable named again, not a value
    if spans:
        m = spans[-1]
        after = window[ends:].strip()
        start, content = joined_spans(window, spans)
        if content and len(after) <= 40 and not re.search(r"\d", after):
            if doubted(window, start, m.end()):
                return Extraction(None, None)
            value = aligned(content)
            value = implied_conclusion(value) if value else value
            named = named_values(window, spans) if value else None
            scope = named[0] if named is not None else aligned_parts(content) if value else None
            names = named[1] if named is not None else ()
            return Extraction(value, "last_math" if value else None, scope=scope, names=names)
    tail = text[tail_start(text, 20_000) :]
    if "," in tail[-300:] and comma_language(tail) and not CJK_CHAR_RE.search(tail[-2_000:]):
        # "... beträgt also:\n\n57,00": a decimal comma, 57.00 (Chinese, Japanese and Korean write a decimal point)
        tail = _COMMA_DECIMAL_IN_TEXT_RE.sub(r"\1.\2", tail)
    if "m" in tail[-300:] or "M" in tail[-300:]:  # "at 5pm.", "7a.m.": a time of day glued to its half-day, as spaced
        tail = _GLUED_HALF_DAY_RE.sub(r"\1 \2", tail)
    note = _END_NOTE_RE.search(tail[-300:])
    if note is not None:  # "... giving 17 pens in total (that took 2 trips).": a note after the stated number
        head = tail[: len(tail) - len(note.group())]
        said = head[max(head.rfind("\n"), *(head.rfind(c + " ") for c in ".!?")) + 1 :]
        numbers = [[n.group().strip() for n in _LAST_NUM_RE.finditer(x)] for x in (said, note.group())]
        restated = numbers[0] and numbers[1] and numbers[0][-1] == numbers[1][-1]  # "by 20 minutes (... = 20 minutes)"
        if numbers[0] and not restated and _EXACT_NOTE_RE.fullmatch(note.group()):
            # "Thus the result is 72 (exactly 70).", "72 (70).": a second value in brackets, nothing chooses
            return Extraction(numbers[1][-1], "last_number", True, "another value in brackets after the last number")
        corrected = _CORRECTING_NOTE_RE.match(note.group())  # "(I mean 17)", "— no wait, 17": the note's value
        corrected = corrected or _RESTATING_NOTE_RE.search(note.group())  # "— that is, 19", "; make that 19"
        if numbers[0] and not restated and not corrected and not (has_or(note.group()) or _UNSURE_RE.search(note.group())):
            tail = head
    latex_tail = trailing_latex(tail)
    if latex_tail is not None:  # "So the length is \sqrt{2}.": that expression, parsed as maths
        start, expr = latex_tail
        if doubted(tail, start, start + len(expr)) or has_or(tail[tail.rfind("\n", 0, start) + 1 :]):
            return Extraction(None, None)
        return Extraction(expr, "last_latex")
    stated = stated_expression(tail)
    if stated is not None:  # "... is 48π cubic units.", "probability = 7 / 120": plain-text maths a sentence states
        return Extraction(stated, "last_expression")
    shown = _SHOWN_EXPRESSION_RE.search(tail[-400:])
    if shown is not None and re.search(r"\d[\s)]*[-+*/×÷·^]", shown.group(1)) and isinstance(parsed(shown.group(1)), Expr):
        return Extraction(shown.group(1).strip(), "last_line")  # "... 以下のようになります：\n\n((1 ÷ 3) + 33) × 210 ÷ 100"
    shown = _SHOWN_EQUATION_RE.search(tail[-400:])
    if shown is not None and isinstance(parsed(shown.group(1)), Relation):
        return Extraction(shown.group(1).strip(), "last_line")  # "... la solución es:\n\ny(x) = x³ + 5"
    bracketed = _LAST_LINE_BRACKET_RE.search(tail)
    if bracketed is not None and isinstance(parsed(bracketed.group(1)), Bracket):
        return Extraction(bracketed.group(1), "last_line")  # "... is approximately:\n\n(-2, 1)": the pair whole
    values = values_line(tail)
    if values is not None:  # "70, 72", "Solutions: 3; 5", "70 | 72": a closing line of values, the list whole
        return Extraction(values, "last_line")
    ending = tail[-300:]
    listed_end = _END_LIST_RE.search(ending) or _END_TUPLE_RE.search(ending)
    if listed_end is not None and _all_given(listed_end.group(1), givens):
        # "There are 369 primes in [4449, 7676].": the question's range restated; the sentence's own number answers
        one = one_number_sentence(last_sentence(tail[: len(tail) - len(ending) + listed_end.start()]), givens)
        if one is not None:
            return Extraction(one, "last_number")
        listed_end = None
    read = parsed(listed_end.group(1)) if listed_end is not None else None
    if isinstance(read, Bracket) and len(read.items) >= 2:
        return Extraction(listed_end.group(1), "last_line")  # "Solutions: [-5, 5]": the list whole, not its last item
    last = None
    for number in _LAST_NUM_RE.finditer(tail):
        if not _in_name(tail, number.start(), number.end()):  # "Tools used: GSM8K_Retriever": no number
            last = number
    if last is not None and not standalone_number(tail, last.start(), last.end()):
        return Extraction(None, None)  # "H2O", "AZYUK2A", "\frac{10}{9}", "2,74": no numeral stands alone
    if last is not None and _OPERATOR_AFTER_RE.match(tail, last.end()):
        return Extraction(None, None)  # "... = 9 + some cups of flour.": an operand of an expression left open
    if last is not None and changed_number(tail, last.start(), last.end()):
        return Extraction(None, None)  # "So the result is 5 squared.", "half of 10", "5的平方": another number
    said_as = _restated_in_words(tail, last) if last is not None else None
    if said_as is not None:  # "Thus the result is 72 (seventy).", "72 clips [seventy-four].": two values
        return Extraction(
            _number_text(last.group()), "last_number", True, "the last number is restated in words as another value",
            (_number_text(last.group()), said_as),
        )
    if last is not None and _cut_off_after(tail, last.end()):
        return Extraction(None, None)  # "... in 6 ways. Next, the next three": cut off in a later sentence
    if last is not None and not re.search(r"\d", last_sentence(tail)):
        # the last sentence concludes after the last numeral: "We check the 5 cases.\n\nThere are seven such numbers."
        # states 7, and "... The limit does not exist." no number of the working
        worded = worded_number(tail) or (cjk_counted_number(tail) if CJK_CHAR_RE.search(tail[-300:]) else None)
        worded = worded or _retracted_to_words(last_sentence(tail))
        if worded is not None:  # ("猫有4只脚，鸡有2只脚。因此，一共有六只脚。": 6; "Hmm, actually seventy.": 70)
            return Extraction(worded, "last_number")
        if NO_VALUE_CONCLUSION_RE.search(last_sentence(tail)):
            return Extraction(None, None)
    if last is not None:
        start = _sentence_start(tail, last)
        restated = _restated_solution(tail, start, _plain_sentence(tail[start:]), givens)
        if restated is not None:
            # "x = 6\n\nTherefore, in 6 years, Bruce will be 3 times as old as his son.": the conclusion restates the
            # value the working just solved for; its other numbers restate the question
            return Extraction(restated.replace(",", ""), "last_number")
        line_start = tail.rfind("\n", 0, last.start()) + 1
        line = tail[line_start:]
        line = line[: line.find("\n")] if "\n" in line else line
        # "x = 4 or x = -1, and since x > 0, x = 4": a later clause that draws a conclusion selects one value
        chosen = _last_match(_SELECTION_RE, line[: last.start() - line_start])
        if chosen is not None and re.search(r"\bor\W*$", line[: chosen.start()], re.I):
            chosen = None  # "3, or since ..., 4": one more alternative, not a conclusion
        if chosen is not None and chosen.group().lower() in ("since", "because"):
            # a reason, then its conclusion after a comma ("since x > 0, x = 4"); "since 2+2=4" concludes nothing
            comma = line.find(",", chosen.end(), last.start() - line_start)
            chosen = re.compile(",").match(line, comma) if comma >= 0 else None
        conclusion = line[chosen.end() :] if chosen is not None else ""
        if chosen is not None and (
            _UNSURE_CONCLUSION_RE.search(conclusion)  # "so it could be 4"
            or not _CONCLUSION_END_RE.match(line[last.end() - line_start :][:200])  # "hence 4 is the larger"
        ):
            chosen = None
        # (not an example's "or": "10个单位（例如厘米或英寸）", "10 units (e.g. cm or inches)")
        hedged = has_or(_EXAMPLE_RE.sub(" ", line[chosen.start() :] if chosen is not None else line))
        kept = None if hedged else _KEPT_OVER_REJECTED_RE.search(line)
        if kept is not None and not _UNSURE_RE.search(line[: kept.end(1)]) and standalone_number(line, *kept.span(1)):
            # "the total cost is $694, not $700 as one might guess": the value kept, the other rejected
            return Extraction(kept.group(1).replace(",", ""), "last_number")
        compared = _COMPARED_WITH_RE.search(tail, max(0, last.start() - 200), last.start()) if not hedged else None
        if compared is not None:  # "9.11 is bigger than 9.9.", "9.11 is a larger decimal value than 9.9": the value
            return Extraction(compared.group(1), "last_number")  # compared, not the one it is compared with
        if not hedged and doubted(tail, last.start(), last.end()):
            # "save $100 by buying the $60 package instead of the $40 package": the last number is the alternative
            # set aside; the sentence states another
            rejected = _NEGATED_BEFORE_RE.search(tail[max(0, last.start() - 30) : last.start()])
            stated = _stated_number(tail, last, givens) if rejected is not None else None
            return Extraction(stated, "last_number") if stated is not None else Extraction(None, None)
        before = tail[max(0, last.start() - 30) : last.start()]
        if _LIST_AFTER_RE.match(tail, last.end()):
            return Extraction(None, None)  # "n is 4, 5, ...": an endless list, no answer
        listed = _LIST_BEFORE_RE.search(tail, max(0, last.start() - 200), last.start())
        if listed is not None:  # "The possible values are 3, 4, 5.": the list whole, not its last item
            return Extraction(tail[listed.start() : last.end()], "last_number", hedged)
        if not hedged and ("√" in last.group() or "根" in last.group()):
            equation = last_equation_side(tail, last)
            if equation is not None:  # "AD = h = 3 + 2√2.": a root ends an exact value, its right side whole
                return Extraction(equation, "last_equation")
        ranged = _RANGE_BEFORE_RE.search(before) if not hedged else None
        stated = _stated_number(tail, last, givens) if ranged is not None else None
        if stated is not None:  # "There are 25 primes between 1 and 100.": the count, stated before the range
            return Extraction(stated, "last_number")
        if (
            _BOUND_BEFORE_RE.search(before)
            or _BOUND_AFTER_RE.match(tail, last.end())
            or (
                _REFERENCE_BEFORE_RE.search(before)
                or _NUMBER_RUN_BEFORE_RE.search(before)
                or (last.group().startswith(("-", "−")) and re.search(r"[\d)]$", before))  # "12-2": an operand
                or (not tail[last.end() :].strip() and _OPERAND_WORD_BEFORE_RE.search(before))
            )
            or (
                # an enumeration "2. Divide by two.": a list item's number
                not tail[tail.rfind("\n", 0, last.start()) + 1 : last.start()].strip()
                and re.match(r"[.)]\s", tail[last.end() : last.end() + 2])
            )
        ):
            return Extraction(None, None)
        if not hedged and not last.group().startswith(("-", "−")) and (
            _BELOW_ZERO_RE.match(tail, last.end()) or _SIGN_WORD_BEFORE_RE.search(before)
        ):  # "12°C below zero", "the slope is negative 4", "负4", "a net change of -$40": negative
            return Extraction("-" + _number_text(last.group()), "last_number")
        if not hedged and _QUALIFIER_BEFORE_RE.search(before):
            # "So 16 people are older than 40.", "There are 12 numbers divisible by 4.", "42 apples in bags of 6": the
            # last number qualifies what the sentence counts; the count is the number before it in its clause
            start = _sentence_start(tail, last)
            clause = max([start, *(m.end() for m in _CLAUSE_BREAK_RE.finditer(tail, start, last.start()))])
            earlier = list(_COUNT_BEFORE_RE.finditer(tail, clause, last.start()))
            return Extraction(earlier[0].group(1), "last_number") if len(earlier) == 1 else Extraction(None, None)
        stated = None if hedged else _stated_number(tail, last, givens)
        if stated is not None:  # "So she buys 14 kilograms of food for her 4 dogs.": the 14 it states
            return Extraction(stated, "last_number")
        equation = None if hedged else last_equation_side(tail, last)
        if equation is not None:  # "AD = h = 3 + 2√2.": the last side, not the 2 of √2
            return Extraction(equation, "last_equation")
        chain = _OR_CHAIN_RE.search(tail[max(0, last.start() - 200) : last.start()]) if hedged else None
        if chain is not None:  # "is 8/10 or 4/5.": one value restated, or a hedge; the comparison tells which
            value = ("." if tail[last.start() - 1 : last.start()] == "." else "") + _number_text(last.group())
            return Extraction(chain.group() + value, "last_number")
        return Extraction(
            _number_text(last.group()) + (_scale_after(tail, last.start(), last.end()) or _unit_after(tail, last.end())),
            "last_number",
            hedged,
            "'or' next to the last number" if hedged else None,
            said=_said(tail, last),
        )
    worded = worded_number(tail) or (cjk_counted_number(tail) if CJK_CHAR_RE.search(tail[-300:]) else None)
    if worded is not None:  # "David has three apples.", "There are zero marbles left.", "一共有六只脚。": its one number
        return Extraction(worded, "last_number")
    return Extraction(None, None)


# the last number, with a fraction bar, a percent sign or a ratio / clock time ("3:4", "06:09") it carries
# a number in scientific notation written out: "6.02 x 10^23", "-1.602 \times 10^{-19}", "3 × 10⁸"
_SCIENTIFIC = (
    r"-?\d+(?:\.\d+)?[ \t]*(?:×|\\times|\\cdot|·|\*|x)[ \t]*10"
    r"(?:[ \t]*\^[ \t]*(?:\{[ \t]*[-−+]?[ \t]*\d+[ \t]*\}|[-−+]?\d+)|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)(?![\d.])"
)


_SCIENTIFIC_TIMES_RE = re.compile(r"[ \t]*(?:×|\\times|\\cdot|·|\*|x)[ \t]*(?=10)")


_LAST_NUM_RE = re.compile(
    r"(?:-?\d+(?:\.\d+)?[ \t]*)?(?:√|根号)[ \t]*\d+(?:\.\d+)?(?![\d.,]*\d)|"  # a root: "√3", "2√2", "2根号3"
    + _SCIENTIFIC + "|"
    r"-?\d+[ \t]+\d+[ \t]*/[ \t]*\d+(?![\d/.,]|-\w)|"  # a mixed number, "2 1/2" (not "3 1/2-hour sessions")
    r"(?<![\d.,])-?\d{1,3}(?:[.\u00a0\u202f]\d{3})+,\d{1,12}(?![\d.,]\d)|"  # grouped, a decimal comma: "2.345,75"
    r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d.,]\d|[ \u00a0\u202f]?\d)|"  # thin-space thousands: "70 000"
    r"(?:[-−]?\d+(?:,\d{3})*(?:\.\d+)?|(?<![\w.,])[-−]?\.\d+)(?:[eE][+-]?\d+(?!\w|\.\d))?"  # ".5": a decimal
    r"(?:\s*/\s*\d+|(?::\d+)+(?:\s?[AaPp]\.?\s?[Mm](?![A-Za-z])\.?)?|\s*\\?%)?"  # "12:35 P. M.": with its half-day
)


# a note that ends the text, with a number in it, after the sentence's own value: in brackets ("(that took 2
# trips).", "(since 2 × 13 = 26).", "✓ (verified with n = 99)", a paragraph "(As a sanity check, 84 + 16 = 100.)"),
# after a spaced dash ("17 pens — that took 2 trips"), after a semicolon and a word ("84 marbles; she gave away
# 16", not "x = 5; y = 3" nor "; or 7"), or a clause of
# reason or of another event ("1/6, since there are 6 outcomes", "17 pens, which took 2 trips"; not ", which is 70%",
# a restatement that may be what was asked)
_END_NOTE_RE = re.compile(
    r"(?<![ \t\n])(?:(?:[ \t]+|[ \t]*\n[ \t\n]*)\((?=[^()\n]{0,120}\d)(?=[^()\n]{0,120}(?:(?<![\\A-Za-z])[A-Za-z]{3}|[°%$€£])|[\d.,×*·÷/+=−\- \t]{1,120}\))[^()\n]{1,120}\)"
    r"|[ \t]+—[ \t]+(?![\d$\\-])(?=[^\n]{0,120}\d)[^\n—]{1,120}"
    r"|;[ \t]+(?!(?:and|or|but|so|then|hence|thus|therefore)\b)(?=[a-z]{2,}\b)(?=[^\n=]{0,120}\d)[^\n;=]{1,120}"
    r"|,[ \t]+(?:since|because|which[ \t]+(?!(?:is|are|was|were|equals?|gives?|makes?|means?|leaves?|comes?|"
    r"amounts?|results?|yields?|simplifies|reduces|rounds?|becomes?|totals?|corresponds?|matches|represents?|"
    r"answers?|translates?|converts?|agrees?|would|should|could|might|must|will)\b)[a-z]+\b)(?=[^\n]{0,120}\d)[^\n;]{1,120})"
    r"[ \t.!]{0,4}\Z"
)
_RESTATING_NOTE_RE = re.compile(NOTE_RESTATES, re.I)
_EXACT_NOTE_RE = re.compile(
    rf"(?<![ \t])[ \t]*\([ \t]*(?:(?:{EXACT_WORDS}|{RESTATING_WORDS})(?![^\W\d_])[ \t]*(?:,[ \t]*)?)?\$?-?\d[\d,]*(?:\.\d+)?[ \t]*\)[ \t.]*",
    re.I,
)
_CORRECTING_NOTE_RE = re.compile(rf"(?<![ \t])[ \t]*(?:[(—;,][ \t]*)?(?:{RETRACTION_WORDS}|no\b)", re.I)
# (in a text that writes one; not a pair in brackets, "(3,5)")
_COMMA_DECIMAL_IN_TEXT_RE = re.compile(r"(?<![\d.,(\[{])([-−]?\d{1,15}),(\d{1,2})(?![\d,)\]}])")
_VULGAR_RE = re.compile(rf"(\d?)([{''.join(VULGAR_FRACTIONS)}])")


def _retracted_to_words(sentence: str) -> str | None:
    """The number a last sentence of a retraction and number words alone takes the answer back to, as digits ("Hmm,
    actually seventy." -> "70", "Eigentlich siebzig.", "En fait, soixante-dix."); None for any other sentence."""
    if len(sentence) > 80 or not _RETRACTING_RE.search(sentence):
        return None
    rest = _RETRACTING_RE.sub(" ", sentence).strip(" \t,.;:!…—–-")
    return value_in_words(rest) if rest and not re.search(r"\d", rest) else None


def _in_name(text: str, start: int, end: int) -> bool:
    """The numeral ``text[start:end]`` is part of a name that letters enclose ("GSM8K", "Orca200k_Retriever", "H2O",
    "AZYUK2A"), not a number of its own."""
    before, after = text[start - 1 : start], text[end : end + 1]
    if before.isascii() and before.isalpha() and after.isascii() and (after.isalnum() or after == "_"):
        return True
    # (or an identifier that letters and digits mix after it, or a digit opens: "Agent 37qR", "5on5", "7u7N"; not a
    # unit, "10mL", nor an exponent, "1e5")
    glued = _GLUED_NAME_AFTER_RE.match(text, end)
    if glued is not None and not re.match(r"[eE]\d", glued.group()) and unit_word(glued.group(1)) is None:
        return True
    return before.isalpha() and _GLUED_NAME_BEFORE_RE.search(text, max(0, start - 13), start) is not None


_GLUED_NAME_AFTER_RE = re.compile(r"(?<=\d)([A-Za-z]{1,12}?)(?:(?<=[a-z])[A-Z]|\d)")
_GLUED_NAME_BEFORE_RE = re.compile(r"(?<![A-Za-z0-9])\d{1,4}[A-Za-z]{1,8}\Z")  # the "5on" of "5on5"


def _restated_in_words(tail: str, last: re.Match[str]) -> str | None:
    """The other value the words in brackets or after a dash right after the last number (and its unit word) restate
    it as, when the text ends there: "72 (seventy).", "72 clips [seventy-four].", "72 — siebzig."; None otherwise."""
    after = tail[last.end() : last.end() + 80]
    unit = _UNIT_BEFORE_BRACKET_RE.match(after)
    rest = after[unit.end() if unit is not None else 0 :]
    said = words_restated(rest)
    if len(said) != 1 or not re.fullmatch(r"[^(\[]*[(\[][^()\[\]]*[)\]][ \t.!]*|[ \t]+[—–][^\n]*", rest.rstrip()):
        return None
    number = _number_text(last.group()).replace(",", "")
    return None if equiv_safe(normalize(said[0]), normalize(number)) else said[0]


_UNIT_BEFORE_BRACKET_RE = re.compile(r"[ \t]+[A-Za-z]{2,15}(?=[ \t]*[(\[])")  # "72 clips [seventy-four]"


def _number_text(number: str) -> str:
    """A number the fallback found, without its inner blanks ("3 / 4"); a mixed number as the sum it stands for
    ("2 1/2" -> "(2 + 1/2)", "-2 1/2" -> "-(2 + 1/2)"), so that a unit word may follow it."""
    if re.fullmatch(_SCIENTIFIC, number):  # "6.02 x 10^23": the x is a times sign
        number = _SCIENTIFIC_TIMES_RE.sub(r" \\times ", number, count=1).replace("−", "-")
        return re.sub(r"\^[ \t]*([-+]?\d+)", r"^{\1}", number)  # "10^23" is ten to the 23rd, not (10^2)3
    whole, _, rest = number.strip().partition(" ") if "/" in number else (number, "", "")
    if rest and "/" not in whole and not rest.lstrip().startswith("/"):  # (not "210 / 100", a spaced fraction)
        sign, whole = ("-", whole[1:]) if whole.startswith("-") else ("", whole)
        return f"{sign}({whole} + {''.join(rest.split())})"
    return re.sub(r"[ \u00a0\u202f]", "", number).replace("−", "-")


def _vulgar_as_digits(m: re.Match[str]) -> str:
    n, d = VULGAR_FRACTIONS[m.group(2)]
    return f"{m.group(1)} {n}/{d}" if m.group(1) else f"{n}/{d}"  # "2½" is the mixed number "2 1/2"


# a clause that draws a conclusion: what it states is chosen, whatever alternatives came before it on the line
_SELECTION_RE = re.compile(r"\b(?:since|so|thus|hence|therefore|because)\b", re.I)


_UNSURE_CONCLUSION_RE = re.compile(
    r"\b(?:could|might|may|maybe|perhaps|possibly|probably|likely|guess)\b|≠|!=|\\neq?\b", re.I
)


_CONCLUSION_END_RE = re.compile(r"\s*(?:[A-Za-z]+\s*)?[.!]?\s*$")  # a selected value ends its clause (a unit at most)


# numbers joined by "or" up to the last number: "8/10 or 4/5", "3/5, or 0.6", "3/8 or .375"
# ("18/5 hours, or 3.6": a unit word may follow each value)
_OR_CHAIN_RE = re.compile(
    # (a percent, and "or" in the languages has_or reads: "0.19 o 19%", "19% ou 0,19")
    r"(?:(?<![\d.\-])-?(?:\d+(?:\.\d+)?|\.\d+)(?:\s*/\s*\d+)?(?:[ \t]*[%％])?(?:[ \t]+[A-Za-z]{1,12})?\s*,?\s*"
    rf"(?:{OR_WORDS}|{OR_BETWEEN_VALUES})\s+)+\.?$"
)


# a number run "1 6 0 0" (a row of a grid, a sequence): no one number of it is the answer
_NUMBER_RUN_BEFORE_RE = re.compile(r"\d[ \t]+$")


_MATH_SPAN_RE = re.compile(
    r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]"
    # a display environment without delimiters: "\begin{align*} ... \end{align*}"
    r"|(\\begin\{(?:align|equation|gather|multline|eqnarray)\*?\}.+?\\end\{(?:align|equation|gather|multline|eqnarray)\*?\})",
    re.S,
)


# a completion that stops mid-statement ("... gives x =", "Step 2:", "... Then"): cut off, so no fallback answer
# the last number's sentence ended, and the text stops in the middle of a later one (no closing punctuation, no
# number, bracket or emphasis at its end): a completion cut off by its token limit, whose last number is not its
# answer
_CLEAN_END_RE = re.compile(r"[.!?)\]}$*`'\"\d。！？]\s*$")


_OPEN_CLAUSE_RE = re.compile(
    r"[ \t]*[,;]?[ \t]*(?:so|and|but|then|because|which|while|since|therefore|thus)(?:[ \t]+[A-Za-z']{1,20}){2,30}[ \t]*\Z",
    re.I,
)
_TWO_WORDS_RE = re.compile(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}")


def _cut_off_after(tail: str, end: int) -> bool:
    """A sentence ends after position ``end`` and the text then stops inside a later one: words, and no closing
    punctuation, number, bracket or emphasis at the very end ("... 6 ways. Next, we count the next three")."""
    ends = list(_SENTENCE_END_RE.finditer(tail, end))
    if not ends:  # "Total = 5 x 8 = 40 so she still needs": a clause that opens after the number and stops
        return bool(_OPEN_CLAUSE_RE.match(tail[end:][:200]))
    fragment = tail[ends[-1].end() :][-200:]  # bounded: a run of letters makes the word pattern quadratic
    return bool(_TWO_WORDS_RE.search(fragment)) and not _CLEAN_END_RE.search(fragment[-50:])


_INLINE_AFTER_RE = re.compile(r"(?<![\\$])\$(?!\$)[^$\n]{1,200}(?<![\\$])\$(?!\$)")


def _open_display(text: str) -> bool:
    """The text ends inside a display it opened with ``\\[`` and never closed (``... = 864 \\`` or ``A = \\sqrt{``
    cut off mid-line): a generation stopped by its length, whatever numbers the display holds so far."""
    opened = text.rfind("\\[", max(0, len(text) - 3_000))
    if opened < 0 or text[opened - 1 : opened] == "\\" or text.rfind("\\]") > opened:
        return False
    # (inline maths after it: the display was closed some other way, "\end{vmatrix}]\nis $(0)(5) - (1)(3) = -3$.")
    return _INLINE_AFTER_RE.search(text, opened + 2) is None


_FENCE_LINE_RE = re.compile(r"^[ \t]{0,3}```", re.M)


def _open_code(text: str) -> bool:
    """The text ends inside a fenced code block it opened, with lines of code after the fence (``...```python\n#
    4 legs``): cut off by its length; its numbers are code. (A fence alone at the end closes nothing: "4.\n```".)"""
    if "```" not in text:
        return False
    fences = list(_FENCE_LINE_RE.finditer(text))
    return len(fences) % 2 == 1 and bool(text[fences[-1].end() :].partition("\n")[2].strip())


_UNFINISHED_RE = re.compile(
    r"(?:[=+/^(,:{]|\\|(?<!-)-|\\(?:times|cdot|div|frac|sqrt)|\b(?:then|gives?|is|are|be|of|to|the|a|an|and|or|so|with|by|"
    r"for|equals?|gets?|becomes?|yields?|from|into|than|that|which|we|let|thus|hence|therefore))\s*$",
    re.I,
)

# a last sentence that leaves the answer open, with no number of its own: "The answer depends on whether Calvin and
# his wife save soup or not.", "It depends on how you read the question."
_UNDECIDED_END_RE = re.compile(
    r"(?:^|(?<=[.!?:]))[ \t*]*(?:so[ \t,]+|thus[ \t,]+|therefore[ \t,]+)?(?:(?:the|my|our)[ \t]+(?:final[ \t]+)?"
    r"(?:answer|result|outcome)[ \t]+(?:really[ \t]+)?(?:depends|would[ \t]+depend|will[ \t]+depend|varies)|it[ \t]+"
    r"(?:all[ \t]+|really[ \t]+)?depends)\b[^.!?\n\d]{0,200}[.!?]?[ \t*]*\Z",
    re.I | re.M,
)

# a number that names a step, a case or an equation ("Step 2", "by Theorem 3", "equation (2)") is no answer
_REFERENCE_BEFORE_RE = re.compile(
    r"\b(?:steps?|cases?|parts?|fig(?:ure)?|tables?|theorems?|lemmas?|corollary|proposition|equations?|eqn?|"
    r"examples?|exercises?|chapters?|sections?|pages?|pp|p(?=\.)|lectures?|problems?|questions?|no(?=\.))\.?\s*[#(]?\s*$"
    r"|§\s*$"
    r"|(?:[<>≤≥]|\\(?:le|ge|leq|geq|lt|gt|neq|ne)\b)\s*-?\s*$"  # a bound "x < 4", not a value
    # an operand "... so 12 - 2": the sum is not worked out (a sign after a word is no operator: "is +7")
    r"|(?:(?<![A-Za-z]{2}\s)(?<![A-Za-z]{2})[-+]|[/×÷^]|\\(?:times|cdot|div))\s*$",
    re.I,
)


_RANGE_BEFORE = (
    r"(?<![^\W\d_])(?:from|between|entre|zwischen|von|de|от|từ|dari|tussen|van|tra|fra|od|mellan)\s+\$?\d[\d,.]*\s*(?:[^\W\d_]+\s+)?"
    r"(?:to|and|&|y|e|et|und|bis|à|a|до|đến|sampai|hingga|en|tot|do|och|till)\s+\$?\s*$"
)
# right before a fallback's last number: a bound, a range or a list it ends ("at least 14", "beyond 16", "from 14 to
# 16", "至少3" (at least 3), "3到4" (3 to 4), "3、4" (3, 4)): the sentence gives no one value ("约为4", "大约4", about
# 4, is a value, as "about 4" is)
_BOUND_BEFORE_RE = re.compile(
    rf"(?:\b(?:{_COMPARISON}|up\s+to|beyond|within|above|below|over|under|a\s+(?:maximum|minimum)\s+of)"
    r"|(?:至少|最少|最多|至多|顶多|超过|多于|少于|不少于|不超过|不到|将近|接近|大于|小于|高于|低于|少なくとも|"
    r"最大|最小|적어도|최소|최대)(?:是|为|有|で|は)?"  # ("答案至少是 55": the bound, then a copula)
    r"|\bне\s+(?:менее|более|меньше|больше)|\b(?:mindestens|höchstens|au\s+moins|au\s+plus|al\s+menos))\s*\$?\s*$"
    rf"|{_RANGE_BEFORE}|\d\s+(?:to|through|thru|bis|tot)\s+\$?\s*$|\d\s*(?:\.\.|…|から)\s*$"
    r"|(?:(?<![-=])[<>]=?|[≤≥≦≧⩽⩾≲≳≪≫]|=/=|!=)[ \t]{0,4}(?:\$[ \t]{0,4})?$"  # (a comparison sign: ">= 4", "≧4", "=/=4"; not "-> 4")
    r"|\d\s*(?:到|至|～|~|〜|、|或|还是|与|[–—])\s*$|要么\s*$",
    re.I,
)


# a sentence that compares its subject, a number, with the last number: "9.11 is bigger than 9.9", "9.9 is a larger
# decimal value than 9.11" (its subject the answer; not "The answer is larger than 5", a bound)
_COMPARED_WITH_RE = re.compile(
    rf"(?:^|(?<=[\n.!?:] )|(?<=\n))[ \t*]*(?:(?:so|thus|hence|therefore|clearly),?[ \t]+)?\$?(-?\d+(?:\.\d+)?)\$?[ \t*]+(?:is|are|was)[ \t]+(?:an?[ \t]+)?{_COMPARATIVES}"
    r"(?:[ \t]+[a-z]{2,15}){0,2}[ \t]+than[ \t]*\$?[ \t]*\Z",
    re.I,
)


# ... of which a range, in several languages: "between 1 and 100", "from 1 to 100", "entre 1 y 100", "von 3 bis 4",
# "от 3 до 4", "từ 3 đến 4"
_RANGE_BEFORE_RE = re.compile(_RANGE_BEFORE, re.I)


# right after it, in Chinese: a bound, an approximation or a question ("3以上" 3 or more, "3个左右" about 3, "3个吗")
_BOUND_AFTER_RE = re.compile(
    r"[\u4e00-\u9fff]?(?:以上|以下|以内|多|左右|上下|余|来|开外|成|吗)"
    r"|\+(?![\d(])|\s*(?:[A-Za-z]+\s+)?(?:at\s+(?:most|least)|or\s+(?:more|less|fewer|so)|max(?:imum)?|min(?:imum)?)\b"
    r"|[ \t]{0,4}(?:[^\W\d_]{1,20}[ \t]{1,4})?arasında",  # (Turkish "3 ile 4 arasında": between 3 and 4)
    re.I,
)


# an hour glued to its half of the day: "5pm", "7a.m.", "11:30PM"
_GLUED_HALF_DAY_RE = re.compile(r"(?<![\w.])(\d{1,2}(?::\d\d)?)([ap]m|[AP]M|[ap]\.m\.)(?![A-Za-z])")
# after the last number, a plus and a term in letters or brackets: "9 + some", "3 + (" (not a product, "36*pi" is a
# value; not a minus, which prose writes as a dash)
_OPERATOR_AFTER_RE = re.compile(r"[ \t]{0,3}\+[ \t]{0,3}[A-Za-z(\\]")
# before a last number that ends the text: "Dividing by 2", "Adding 3 and 4" (cut off mid-step)
_OPERAND_WORD_BEFORE_RE = re.compile(r"\b(?:by|times|plus|minus|over|from|and)\s*$", re.I)


# a last line that is one bracketed object: a pair, a tuple, an interval
# ... or a tuple the sentence states: "So the ordered pair is (3, 2).", "The point of intersection is (3, 5)."
_END_TUPLE_RE = re.compile(r"(?:\bis|\bare|=|:)[ \t]+(\([^()\[\]{}\n,]{1,100},[^()\[\]{}\n]{1,100}\))[ \t]*\.?\s*$")
_END_LIST_RE = re.compile(r"([\[{][^\[\]{}()\n]{1,200}[\]}])[ \t]*\.?\s*$")  # a list in square or curly brackets ends it
# an arithmetic expression alone on the last line, shown after a line that ends on a colon or on "as follows."
# ("The expression is as follows:\n\n((1/3) + 33) * 210 / 100", "以下のようになります。"): digits, brackets and operators
_SHOWN_EXPRESSION_RE = re.compile(
    r"(?:[:：]|\bas[ \t]+follows[ \t]*\.|以下の(?:ように|よう|通り|とおり)\S{0,6}。)[ \t]*\n\s*"
    r"([-(\d](?:[\d \t().+\-*/×÷·^]|\\(?:div|times|cdot)(?![A-Za-z])){2,200}?)[ \t]*[.。]?[ \t]*\Z"
)
# ... or an equation that names its unknown or function, "y(x) = x³ + 5", "y = 2x + 1"
_SHOWN_EQUATION_RE = re.compile(
    r"[:：][ \t]*\n\s*([A-Za-z](?:\([a-z]\))?[ \t]*=[ \t]*[^\n=]{1,200}?)[ \t]*[.。]?[ \t]*\Z"
)
_LAST_LINE_BRACKET_RE = re.compile(r"(?:^|\n)[ \t]*([(\[][^()\[\]\n]{1,200}[)\]])[ \t]*\.?\s*$")


def _sentence_start(tail: str, last: re.Match[str]) -> int:
    """Where the sentence of the fallback's last number starts (at most 400 characters before it)."""
    ends = list(_SENTENCE_END_RE.finditer(tail, max(0, last.start() - 400), last.start()))
    return ends[-1].end() if ends else max(0, last.start() - 400)


def _plain_sentence(sentence: str) -> str:
    """A sentence without money signs and bold marks ("**Therefore, ... is $11 cheaper ...**")."""
    plain = _MONEY_SIGN_RE.sub("", sentence) if "$" in sentence else sentence
    return BOLD_MARK_RE.sub("", plain).strip()


def _all_given(text: str, givens: frozenset[str]) -> bool:
    """Every number in ``text`` is one of the question's (``givens``), and there is one."""
    numbers = re.findall(r"\d[\d,]*(?:\.\d+)?", text)
    return bool(numbers) and all(numeral_key(n) in givens for n in numbers)


def _stated_number(tail: str, last: re.Match[str], givens: frozenset[str]) -> str | None:
    """The number that the last sentence states when that sentence, words without maths, holds several numbers
    ("Therefore, Jean can fill 14 bags with 2 lollipops in each bag." -> "14 bags"): the one left once numbers in a
    phrase of circumstance and numbers the question gives are set aside (:func:`one_number_sentence`); None when
    that leaves the last number itself, or no single number."""
    start = _sentence_start(tail, last)
    sentence = tail[start:].strip()
    plain = _plain_sentence(sentence)  # ("So Josh makes $120 in 2 weeks.": words once its money sign is dropped)
    if len(sentence) > 400 or not words(plain) or ":" in last.group():  # "4:30 p.m.": one value, not 4 and 30
        return None
    one = worked_result(plain.rstrip(".!")) or one_number_sentence(plain.rstrip(".!"), givens)
    numeral = re.search(r"\d[\d,]*(?:\.\d+)?", last.group())  # "50%": 50; "½" read as digits before this
    if one is None or numeral is None or numeral_key(one.split()[0]) == numeral_key(numeral.group()):
        return None
    return one


# a line of working that solves for one unknown, alone on its line: "x = 6", "S = $80,000", "t = 0.3 hours"
_SOLVED_LINE_RE = re.compile(
    r"[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]*=[ \t]*\$?[ \t]*(-?\d+(?:,\d{3})*(?:\.\d+)?)(?:[ \t]+[A-Za-z]+){0,2}\.?"
)

# or a line of working that ends on its result: "Total earnings = $36 + $18 + $34 = $88", "84 eggs / 12 eggs per dozen
# = 7 dozens."
_WORKED_LINE_RE = re.compile(
    r"[^\n]{0,200}=[ \t]*\$?[ \t]*(-?\d+(?:,\d{3})*(?:\.\d+)?)(?:[ \t]+(?!(?:is|was|are|or|one)\b)[A-Za-z]+){0,3}[ \t]*\.?"
)  # (its unit words after the result, not a clause: "x = 6 is one guess.")

# after the restated value, a word that concludes another: "..., so 71 left", "leaving 71", "= 71"
_CONCLUDES_AFTER_RE = re.compile(
    r"(?:\b(?:so|thus|therefore|hence|leaving|leaves|giving|gives|makes|making|which\s+is|that\s+is)\b|=)[^\d\n]{0,40}\d",
    re.I,
)
# the restated value beside another quantity: "40 minutes" after "1 hour and", "45 portraits and 27 selfies", "12√3"
_PAIRED_RE = re.compile(r"(?:[ \t]+[A-Za-z]+){1,2}[ \t]+and[ \t]+\$?\d|[√\\^(]|[ \t]*[×*·][ \t]*\d")
_PAIRED_BEFORE_RE = re.compile(r"\d[ \t]+[A-Za-z]+[ \t]+and[ \t]+\Z")
# what may follow the solved value in its conclusion: the same quantity in another unit ("0.3 hours, or 18 minutes",
# "0.5 quarts (or 2 cups)"), not another value ("6 or 7")
_CONVERTED_RE = re.compile(r"[ \t]*[A-Za-z]+[ \t]*(?:,[ \t]*|\([ \t]*)or[ \t]+\d+(?:,\d{3})*(?:\.\d+)?[ \t]+[A-Za-z]+")
_OR_BOUND_RE = re.compile(r"\bor\s+(?:more|less|fewer|so|above|below|over|under)\b", re.I)  # "5000 per month or more"


def _restated_solution(tail: str, start: int, sentence: str, givens: frozenset[str] = frozenset()) -> str | None:
    """The value that the last line of working before ``tail[start:]`` solves for ("x = 6", "S = $80,000", "t = 0.3
    hours", alone on its line, only blank lines after it) or ends on ("... = $34 = $88"), when the conclusion
    ``sentence`` (money signs dropped) restates it, with its sign, among other numbers, each mention standing alone
    and neither bounded nor hedged; else None. ``givens``: the question's numbers; where there is a question, every
    other number of a conclusion that restates the last line of working must be given by it or by the working."""
    before = tail[max(0, start - 300) : start].rstrip()
    line = before[before.rfind("\n") + 1 :].strip()
    m = _SOLVED_LINE_RE.fullmatch(line)
    if m is None and "=" not in sentence:  # (a conclusion in prose; one with working of its own is read as such)
        m = _WORKED_LINE_RE.fullmatch(line)
        said = re.findall(r"(?<![\d.,])\d+(?:,\d{3})*(?:\.\d+)?(?![\d,]*\d)", sentence)
        unknown = [
            n for n in said
            if numeral_key(n) not in givens and not re.search(rf"(?<![\d.,]){re.escape(n)}(?![\d,]*\d)", tail[:start])
        ]
        if m is not None and givens and unknown:
            m = None  # "... in 2019 than in 2021." (2020 asked): a number neither the question nor the working gives
    if m is None or _UNSURE_RE.search(sentence) or _UNSURE_CONCLUSION_RE.search(sentence):
        return None
    solved = numeral_key(m.group(1))
    numbers = list(re.finditer(r"(?<![\d.,])-?\d+(?:,\d{3})*(?:\.\d+)?(?![\d,]*\d)", sentence))
    negative = m.group(1).startswith("-")  # (numeral_key drops the sign: "x = -6" is not restated by "6 degrees")
    hits = [k for k, n in enumerate(numbers) if numeral_key(n.group()) == solved and n.group().startswith("-") == negative]
    if not hits or len(hits) == len(numbers):
        return None
    gaps = [sentence[a.end() : b.start()] for a, b in zip(numbers, numbers[1:])]
    if any(_LIST_GAP_RE.fullmatch(gaps[j]) for k in hits for j in (k - 1, k) if 0 <= j < len(gaps)):
        return None  # "Answer: 72, 70", "72 | 70": a list of values beside it, no restatement
    if _CONCLUDES_AFTER_RE.search(sentence, numbers[hits[-1]].end()):
        return None  # "She has 88 now and gives away 17, so 71 left.": the sentence goes on to another value
    if any(_PAIRED_RE.match(sentence, numbers[k].end()) or _PAIRED_BEFORE_RE.search(sentence[: numbers[k].start()]) for k in hits):
        return None  # "1 hour and 40 minutes", "45 portraits and 27 selfies", "12√3": one of two quantities, a factor
    alternatives = sentence
    for k in hits:  # each mention stands alone and unbounded
        hit = numbers[k]
        prev_end = numbers[k - 1].end() if k > 0 else 0
        converted = _CONVERTED_RE.match(sentence, hit.end())
        if converted is not None:  # its conversion is no alternative
            alternatives = alternatives[: hit.end()] + " " * (converted.end() - hit.end()) + alternatives[converted.end() :]
        if (
            not standalone_number(sentence, *hit.span())
            or _BOUND_BEFORE_RE.search(sentence[max(prev_end, hit.start() - 40) : hit.start()])
            or _BOUND_AFTER_RE.match(sentence, hit.end())
        ):
            return None
    # no alternative anywhere in the sentence ("in 6 years, or 7", "..., or 7 years from now"); a bound on another
    # number is none ("to earn $5000 per month or more")
    return None if has_or(_OR_BOUND_RE.sub(" ", alternatives)) else numbers[hits[0]].group()


# what separates the values of a list: "72, 70", "72 | 70", "72; 70"
_LIST_GAP_RE = re.compile(r"(?<![ \t])[ \t]*[,;|/][ \t]*")
# a value, then another rejected with "not" ending the sentence: "$694, not $700 as one might guess"
_KEPT_OVER_REJECTED_RE = re.compile(
    r"(?<![\d.,])(-?\d[\d,]*(?:\.\d+)?)\s*(?:[A-Za-z%]+\s*)?,\s*(?:and\s+)?not\s+\$?-?\d[\d,]*(?:\.\d+)?"
    r"(?:\s+[a-z]+){0,6}\s*[.!]?\s*$"
)
_BELOW_ZERO_RE = re.compile(BELOW_ZERO_AFTER, re.I)
# a sign word right before the number, not after an operand ("is negative 4", "minus 4 degrees", "负4", "минус 4";
# "7 minus 4" is a subtraction)
_SIGN_WORD_BEFORE_RE = re.compile(
    # (a sign before "$": "-$40"; a minus set apart after a word: "The temperature is − 12 degrees.")
    rf"(?:\A|[^\d)\]}}\s])[ \t]*(?:(?<!\w)(?:{SIGN_WORDS}|{MINUS_WORDS})[ \t]*|[负負][ \t]*|マイナス[ \t]*|[-−]\$"
    rf"|(?<=[ \t])[-−][ \t]{{1,2}})\Z",
    re.I,
)
_SCALE_WORD_RE = re.compile(
    rf"(?<![ \t])(?:[ \t]{{0,4}}(?:(?:{'|'.join(SCALE_WORDS)})s?\b|(?:{FOREIGN_SCALE_WORDS})\.?(?!\w))){{1,3}}", re.I
)  # ("3 hundred million")


def _scale_after(text: str, start: int, end: int) -> str:
    """The scale word right after the fallback's number ``text[start:end]`` ("$118 thousand" -> " thousand", "$57.5k"
    -> " thousand"): it multiplies the number (118 alone would be paid for 118); "" when there is none."""
    m = _SCALE_WORD_RE.match(text, end, end + 40)
    if m is not None:
        return " " + " ".join(m.group().lower().split())
    letters = dollar_scale_letters(text, start, end)
    return f" {letters}" if letters else ""


def _said(text: str, number: re.Match[str]) -> str | None:
    """The fallback's number as its sentence writes it, with the currency sign before it and the word after it ("...
    the result is €5." -> "€5", "... is 90 hrs long." -> "90 hrs"): :func:`said_quantity`."""
    sign = _SIGN_BEFORE_RE.search(text, max(0, number.start() - 3), number.start())
    word = _WORD_AFTER_NUMBER_RE.match(text, number.end())  # ("90 hours long.", "90 hours in total": its unit)
    return said_quantity((sign.group() if sign is not None else "") + number.group() + (f" {word.group(1)}" if word else ""))


_WORD_AFTER_NUMBER_RE = re.compile(r"(?<![ \t*_])[*_]{0,2}[ \t]+([A-Za-z]{1,20})\b")
_SIGN_BEFORE_RE = re.compile(r"(?:\\\$|[$€£¥₹])[ \t]*\Z")


def _unit_after(text: str, end: int) -> str:
    """The unit phrase that follows a number and ends its sentence ("So the velocity is 10 m/s." -> "m/s"), so that
    the number keeps it; "" for anything else ("10 m/s when t = 2", "10 apples and 5 pears")."""
    segment = text[end : end + 60].split("\n", 1)[0]
    stripped = segment.lstrip()
    if not stripped or len(stripped) == len(segment) and not stripped.startswith("\\"):
        return ""  # no space between: "10m" is read with the number already
    phrase = stripped.rstrip().rstrip(".!;,*_").rstrip()  # ("**5 cents**.": the emphasis closed after the unit)
    if _HALF_DAY_RE.fullmatch(phrase):  # "at 7 am.", "at 7 a.m.": the half of the day the hour is in, kept
        return f" \\text{{{phrase}}}"
    # upright, as a unit is set: its letters are never read as symbols ("5 m" is not 5 times m)
    return f" \\text{{{phrase}}}" if phrase and unit_phrase_end(phrase, 0) == len(phrase) else ""


_HALF_DAY_RE = re.compile(r"[ap]\.?[ \t]?m\.?|[AP]\.?[ \t]?M\.?")  # "am", "p.m.", "PM" after an hour
_MAX_JOINED_SPANS = 10


