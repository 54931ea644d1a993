"""Extraction, part 0: a completion cleaned before any rule reads it (:func:`clean_completion`): a tokenizer's end
tokens cut off, struck-out text dropped, Chinese fractions as digits, GLM's and misspelt boxes as boxes, a value
approximated in prose after its exact span reduced to the span, only the last assistant turn of a chat transcript,
an exam's answer section and ``<SOLUTION>``-like tags as ``<answer>`` blocks (:func:`answer_like_tags`); a text's
reasoning blocks and its response told apart (:func:`split_reasoning`), what no reader sees dropped first
(:mod:`verifiers.math.hidden`).
"""

from __future__ import annotations

import fractions
import html
import re
import unicodedata

from verigrpo.verifiers.math.attributed import without_attributed_tail
from verigrpo.verifiers.math.boxes import _last_match, tail_start
from verigrpo.verifiers.math.cjk import COPULAS, cjk_fractions
from verigrpo.verifiers.math.compare import approximates
from verigrpo.verifiers.math.disowning import LOOKALIKES
from verigrpo.verifiers.math.filler import collapse_filler
from verigrpo.verifiers.math.hidden import without_hidden
from verigrpo.verifiers.math.normalize import INVISIBLE_RE, SUPERSCRIPT_DIGITS, strip_math_delimiters
from verigrpo.verifiers.math.sentences import _RETRACTION_RE, CONCLUDING_LEAD, parsed
from verigrpo.verifiers.math.wordlists import ANSWER_WORDS, ANSWER_WORDS_UNSPACED

# a Korean or Japanese copula glued after a value or an expression ("4x입니다", "22回です"; not after a word)
_GLUED_COPULA_RE = re.compile(rf"(?<=[\w)\]}}²³%$])(?<![\uac00-\ud7af])(?:{'|'.join(COPULAS)})(?=[\s.。!]|$)")
_HOURS_MINUTES_RE = re.compile(
    r"(?<![\d.])(\d{1,4})[ \t]*(?:hours?|hrs?|h)[ \t]*,?[ \t]*(?:and[ \t]+)?(\d{1,2}(?:\.\d{1,3})?)[ \t]*(?:minutes?|mins?)\b",
    re.I,
)


def _in_hours(m: re.Match[str]) -> str:
    hours = fractions.Fraction(m.group(1)) + fractions.Fraction(m.group(2)) / 60
    decimal = hours.numerator * 10**6 // hours.denominator
    if decimal * hours.denominator != hours.numerator * 10**6:
        return m.group()  # "1 hour 20 minutes": 4/3 hours, no decimal: left as written
    return f"{decimal / 10**6:g} hours"


_REPEATED_LETTER_RE = re.compile(r"(?:^|\n)[ \t*$\\(\[]{0,8}(?:\\textbf\{)?([A-E])\1{4}\}?[ \t*$\\)\].]{0,8}\s{0,8}\Z")
# a dollar sign written after its amount, as French and Canadian texts do ("70 000 $", "3 $."), not a math span's close
_TRAILING_DOLLAR_RE = re.compile(r"\d[ \u00a0\u202f]\$(?=[ \t\n.,;:!?)*]|\Z)")


def _trailing_dollars(text: str) -> str:
    """Each "$" right after an amount and a space, where the line holds no math span still open before it (an even
    number of other "$" before it on its line: "$x = 5 $." closes a span), as the word "dollars"."""
    out = []
    for line in text.split("\n"):
        if "$" not in line:
            out.append(line)
            continue
        parts, opened, last = [], 0, 0
        for m in re.finditer(r"(?<!\\)\$", line):
            k = m.start()
            currency = (
                opened % 2 == 0
                and k >= 2
                and line[k - 1] in " \u00a0\u202f"
                and line[k - 2].isdigit()
                and (k + 1 == len(line) or line[k + 1] in " \t.,;:!?)*")
            )
            if currency:
                parts.append(line[last:k] + "dollars")
                last = k + 1
            else:
                opened += 1
        parts.append(line[last:])
        out.append("".join(parts))
    return "\n".join(out)


_HTML_FORMAT_RE = re.compile(r"</?(?:p|br|b|i|u|em|strong|span|div|code|center)(?:[ \t][^<>]{0,80})?[ \t]*/?>", re.I)
_UNDERSCORE_BOLD_RE = re.compile(r"(?<![\w_])__(?=\S)([^_\n]{1,60}?)(?<=\S)__(?![\w_])")
# a JSON escape that ate a command's backslash, with the commands it can begin (no newline: "\n" starts real lines)
_CONTROL_LETTER = {"\x08": "b", "\x0c": "f", "\t": "t", "\r": "r"}
_CONTROL_COMMAND_RE = re.compile(
    r"([\x08\x0c\t\r])(oxed|inom|egin|eta|ar|rac|box|imes|ext|extbf|heta|frac|ilde|riangle|ight|ho)(?![A-Za-z])"
)


_LITERAL_NEWLINE_RE = re.compile(
    r"\\n(?!(?:abla|atural|e|eg|eq|exists|geq|geqslant|gtr|i|leq|leqslant|less|mid|ot|otin|parallel|prec|succ|sim|"
    r"subseteq|supseteq|u|vdash|warrow|earrow|ewline|oindent|olimits|onumber|ormalsize|ewcommand|leftarrow|"
    r"rightarrow|Leftarrow|Rightarrow|cong)(?![A-Za-z]))"
)


# an em dash, a horizontal bar, the heavy minus emoji or the katakana long mark glued to the digits after it, with no
# word, number or bracket right before it ("—5", not "1990—2000", "データー5" or "pages 3—5")
# words before a number that put it below zero (Chinese, Korean, Japanese, Persian), and Russian's "degrees of frost"
_BELOW_ZERO_WORD_RE = re.compile(r"(?:零下|영하|氷点下|منفی)[ \t]*(?=[\d۰-۹])")
_MOROZ_RE = re.compile(r"(\d+(?:[.,]\d+)?)[ \t]*градус(?:а|ов)?[ \t]+мороза")
# a label in square brackets at a line's start ("[Final Answer]: ...", "[Confidence]: 95%"; not a link, "[text](url)")
_BRACKETED_LABEL_RE = re.compile(r"(?m)^([ \t*_]{0,4})\[([A-Za-z][A-Za-z ]{0,28}[A-Za-z])\][ \t]*:")
# the box-drawing characters of a frame around an answer (not a table's "|", which is ASCII)
_FRAME_RE = re.compile(r"[─━│┃┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬╭╮╯╰]+")
# an answer's label, then a code block of one short value line: "Final Answer:\n\n```\n$18\n```"
_FENCED_VALUE_AFTER_LABEL_RE = re.compile(
    rf"(?:final[ \t]+answer|jawaban[ \t]+akhir|{ANSWER_WORDS}|{ANSWER_WORDS_UNSPACED})[ \t*_]{{0,4}}[:：][ \t*_]{{0,4}}\n[ \t\n]{{0,8}}"
    r"(```[A-Za-z]{0,10}[ \t]*\n[ \t]*([^`\n=(){}]{1,40}?)[ \t]*\n[ \t]*```)",
    re.I,
)
_SIGN_VARIANTS = str.maketrans({"‰": "/1000", "‱": "/10000", "٪": "%", "∶": ":"})
# a minus in markup before digits: "{-}5", "\text{-}5", "\textminus 5", "-\,5", "\(-\)5", and one before an inline
# span that opens on a digit, "-$5$" ($-5$), after no operand
_MARKUP_MINUS_RE = re.compile(
    r"(?:\{-\}|\\text[ \t]*\{-\}|\\textminus\b[ \t]*|(?<![\w)\]}])-\\[,;: !][ \t]*|\\\([ \t]*-[ \t]*\\\))(?=\d)"
    r"|(?<![\w)\]}$])(?<!\d[ \t])-\$(?=\d)"
)
_DASH_MINUS_RE = re.compile(
    # (after a Chinese, Japanese or Korean character too: "答案是⁻5", not after katakana, where "ー" lengthens a vowel)
    r"(?<![\w)\]}.,])[—―➖ー△▲–‒﹘‐‑⁻](?=\d)|(?<=[\u3040-\u309f\u3400-\u9fff\uac00-\ud7af])[—―➖–‒﹘‐‑⁻](?=\d)"
)  # (△, ▲: Japanese accounts' minus, "△391,726")
# after a digit: a power in superscript digits, or a fraction slash or the Arabic decimal separator before a digit
_DIGIT_MARKS_RE = re.compile("(?<=\\d)(?:([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,4})(?![⁰¹²³⁴⁵⁶⁷⁸⁹])|([⁄٫])(?=\\d))")
_COMBINING_RE = re.compile("[\u0300-\u036f\u20d0-\u20ff]")
_THIN_GROUP_RE = re.compile("(?<=\\d)[\u2007\u2009\u200a](?=\\d{3}(?!\\d))")
_SUPERSCRIPT_MINUS_RE = re.compile(r"(?<![\w⁰¹²³⁴⁵⁶⁷⁸⁹)\]}])⁻(?=\d)")


def _digit_mark(m: re.Match[str]) -> str:
    """A mark after a digit as ASCII maths writes it: "³" -> "^3", "⁄" -> "/", "٫" -> "."."""
    return "^" + m.group(1).translate(SUPERSCRIPT_DIGITS) if m.group(1) else "/" if m.group(2) == "⁄" else "."


def _called_answer(m: re.Match[str]) -> str:
    """An answer written as a call or a label in code marks, as a marked answer: "Answer(\"C\")" -> "Answer: C"."""
    return f"{m.group(4)}" if m.group(4) else f"Answer: {m.group(2) or m.group(3)}"


def clean_completion(text: str) -> str:
    """``text`` with what no rule should read removed or rewritten (see the module's docstring); the reasoning
    and ``<answer>`` blocks are left to :func:`~verifiers.math.extract.extract_answer`."""
    text = collapse_filler(text)  # "The answer is 70." and 3,000 blank lines, or "\boxed{72}" forty times after it
    if INVISIBLE_RE.search(text):  # "7\u200b2": a zero-width space, a joiner or a soft hyphen inside what is read
        text = INVISIBLE_RE.sub("", text)
    if _COMBINING_RE.search(text):  # "x =\u0338 7": a sign and a combining mark are the one sign they compose, "≠"
        text = unicodedata.normalize("NFC", text)
    if _THIN_GROUP_RE.search(text):  # "1\u2009234": thin, figure and hair spaces between thousands, as the narrow one
        text = _THIN_GROUP_RE.sub("\u202f", text)
    if _DIGIT_MARKS_RE.search(text):  # "2³" is 2^3, "1⁄2" 1/2, "3٫5" (the Arabic decimal separator) 3.5
        text = _DIGIT_MARKS_RE.sub(_digit_mark, text)
    if "]" in text and _BRACKETED_LABEL_RE.search(text):  # "[Final Answer]: 5", "[Confidence]: 95%": the label
        text = _BRACKETED_LABEL_RE.sub(r"\1\2:", text)  # as it is written without its brackets
    if _FRAME_RE.search(text):  # "┌────┐\n│ $70,000 │\n└────┘": a frame drawn around the answer, as blank space
        text = _FRAME_RE.sub(" ", text)
    labelled = _FENCED_VALUE_AFTER_LABEL_RE.search(text[-400:]) if "```" in text else None
    if labelled is not None:  # "**Final Answer:**\n\n```\n$18\n```": the label's value, set in a code block
        start = len(text) - len(text[-400:]) + labelled.start(1)
        text = text[:start] + labelled.group(2) + text[start + len(labelled.group(1)) :]
    final = _HARMONY_FINAL_RE.search(text) if "<|channel|>" in text else None
    if final is not None:  # gpt-oss: the analysis channel reasons, the final channel's message (to its end) answers
        end = _HARMONY_END_RE.search(text, final.end())
        text = f"<think>{text[: final.start()]}</think>{text[final.end() : end.start() if end else len(text)]}"
    elif _OTHER_REASONING_HINT_RE.search(text) and _OTHER_REASONING_RE.search(text):
        # other models' reasoning blocks, as <think> and </think> (one left open is reasoning that never ended):
        # Magistral, Kimi, Seed, Granite, Gemma 4
        text = _OTHER_REASONING_RE.sub(lambda m: "</think>" if m.group(1) else "<think>", text)
    for _ in range(4):  # "\\(-2\\).</s>", "5 </s><|endoftext|>": a tokenizer's end tokens after the answer
        end = _END_TOKEN_RE.search(text.rstrip()[-40:])
        if end is None:
            break
        opened = text.rfind("<s>") if end.group() == "</s>" else -1
        if opened > 0 and text[:opened].strip() and "<" not in text.rstrip()[opened + 3 : -4]:
            break  # "The answer is 6. <s>\boxed{5}</s>": HTML's strike-through (a <s> at the start is a tokenizer's)
        text = text.rstrip()[: len(text.rstrip()) - len(end.group())]
    glued = _GLUED_TURN_RE.search(text) if ":" in text else None
    if glued is not None and re.search(r"\d", text[: glued.start()]):
        text = text[: glued.start()]  # "94.0assistant: I'd be happy to help": a chat turn the output ran on into
    first_end = _FIRST_END_RE.search(text) if "<" in text else None
    if (
        first_end is not None
        and text[first_end.end() :].strip()
        and (first_end.group() != "</s>" or "<s>" not in text[: first_end.start()])  # (not HTML's strike-through)
        and (
            _ANSWERED_TURN_RE.search(text, 0, first_end.start())
            or _ANSWERED_RE.search(text, 0, first_end.start())
            # (a sequence's end, never a turn's: "She makes $20 per day.</s>The answer is 18." ends on 20)
            or (first_end.group() in ("</s>", "<eos>") and re.search(r"\d", text[: first_end.start()]))
            # (any end token after a stated number, with no turn after it: "So she sold 96 clips.\n<|im_end|>\boxed{72}")
            or (re.search(r"\d", text[: first_end.start()]) and not _TURN_AFTER_RE.match(text, first_end.end()))
        )
        and not _in_other_turn(text, first_end.start())  # ("<|im_start|>user\nExample: \boxed{7}<|im_end|>": a prompt)
    ):
        # "The answer is 6.</s>The answer is 5.", "\boxed{6}<|im_end|>\n<|im_start|>assistant\n\boxed{5}": sampling
        # stops at the first end token after an answer; what follows (a turn the model made up, a second try) is
        # no answer of its own
        text = text[: first_end.start()]
    if "%" in text and _CONFIDENCE_RE.search(text, tail_start(text, 2_000)):
        # "Answer: 5\nConfidence: 95%" (Humanity's Last Exam's format), "I'm 99% confident.": how sure the model is,
        # not another value; the answer stands as given, unless the model gives it less than even odds ("Confidence:
        # 5%" disowns it, and is left for the doubt readers)
        cut = tail_start(text, 2_000)
        text = text[:cut] + _CONFIDENCE_RE.sub(lambda m: " " if int(m.group(1) or m.group(2) or m.group(3)) >= 50 else m.group(), text[cut:])
    if _METADATA_HINT_RE.search(text[-300:]):
        meta = _METADATA_TAIL_RE.search(text, max(0, len(text) - 300))
        if meta is not None and re.search(r"\d", text[max(0, meta.start() - 400) : meta.start()]):
            # "Confidence: 8/10", "(Word count: 45)", "*Solution by AI. Step count: 3.*" after an answer: about the
            # solution, no value of the problem
            text = text[: meta.start()]
    closed = _MINERVA_CLOSE_RE.search(text) if "I hope it is correct" in text else None
    if closed is not None and _NEW_PROBLEM_RE.match(text, closed.end()) and not _RETRACTION_RE.search(
        text, closed.end(), closed.end() + 300
    ):
        # "Final Answer: The final answer is $i$. I hope it is correct.\n\nLet's go through each problem ...":
        # Minerva's closing line ends the response; a base model's run-on after it is no answer of its own
        text = text[: closed.end()]
    if "↵" in text:  # "... = 21 ↵ #### 21": a log's visible mark for a line break, as the break
        text = text.replace("↵", "\n")
    # ("Action: Answer(\"C\")", "Finish[72]": read before a bracket at the end is taken for a citation)
    if ("nswer" in text or "inish" in text) and _CALLED_ANSWER_RE.search(text, tail_start(text, 2_000)):
        cut = tail_start(text, 2_000)
        text = text[:cut] + _CALLED_ANSWER_RE.sub(_called_answer, text[cut:])
    if "【" in text or "<sup>" in text:  # a search agent's "【5:1†report.pdf】", a footnote's mark
        text = _CITATION_MARK_RE.sub("", text)
    if "]" in text[-2_000:]:
        text = _without_end_citations(text)
    sources = _SOURCES_TAIL_RE.search(text, max(0, len(text) - 1_500))
    if sources is not None and re.search(r"\d", text[: sources.start()]):
        # "The total is 72.\n\nReferences:\n[1] Cobbe et al., 2021.": the works the answer cites, no answer of their own
        text = text[: sources.start()]
    text = without_attributed_tail(text)  # "... 70 clips. Hint from the book: \boxed{72}.": a value quoted from elsewhere
    recap = _RECAP_TAIL_RE.search(text, max(0, len(text) - 1_500)) if ":" in text[-1_500:] else None
    if recap is not None and re.search(r"\d", text[: recap.start()]):
        # "...so the answer is 54.\nKey Points: 9 multiplied by 6 equals 54, Multiplication": a recap of the
        # solution's ideas after it, no answer of its own
        text = text[: recap.start()]
    if "<<" in text:  # GSM8K's calculator notes, "$1.50 * 8 = $<<1.5*8=12>>12": the value follows the note
        text = _CALCULATOR_NOTE_RE.sub("", text)
    if "[[" in text or "<calculator>" in text:  # "5 + 2 = [[5 + 2]]7", "= <calculator>54 / 2</calculator>27": a
        text = _BARE_CALCULATOR_NOTE_RE.sub("", text)  # calculator call's note before the value it returned
    if "<extra_id_" in text:  # T5's sentinel tokens ("<extra_id_0> ... <extra_id_1> 7"): a span's marks, no text
        text = _SENTINEL_RE.sub(" ", text)
    if "&" in text and _HTML_ENTITY_RE.search(text):  # "&radic;2", "&#53;", "&minus;5": HTML's characters
        text = _HTML_ENTITY_RE.sub(lambda m: html.unescape(m.group()), text)
    text = without_hidden(text)  # "The answer is 7. $\phantom{\boxed{5}}$": what no reader sees is no answer
    if ("####" in text or "nswer" in text) and _GSM_PLACEHOLDER_RE.search(text):
        # "end with #### [your final answer]", "#### <number>\n18", "Answer: [number]": an instruction's template, echoed
        text = _GSM_PLACEHOLDER_RE.sub(_without_placeholder, text)
    if "####" in text and _GSM_CLOSED_RE.search(text):  # "#### 229 ####", "#### 38####": the marker closed again
        text = _GSM_CLOSED_RE.sub(r"\1", text)
    if "_of_thought|>" in text:  # Sky-T1's and Bespoke's reasoning tokens: a reasoning block, then the solution
        text = _THOUGHT_TOKEN_RE.sub(lambda m: "<think>" if m.group(1) == "begin" else "</think>", text)
        text = text.replace("<|begin_of_solution|>", "").replace("<|end_of_solution|>", "")
    if "```" in text:  # "```python\n# answer is 5\nprint(6)\n```": a program's comments are no statement of its result
        text = _CODE_BLOCK_RE.sub(lambda m: m.group(1) + _CODE_COMMENT_RE.sub("", m.group(2)), text)
    if "%" in text:  # "The answer is 6. % \boxed{5}": a LaTeX comment, after a sentence or at a line's start
        text = _LATEX_COMMENT_RE.sub("", text)
    if "~~" in text or "cancel" in text or "\\s" in text or "</" in text:  # "~~4~~", "\cancel{4}": struck out
        text = _STRUCK_OUT_RE.sub(" ", text)
    if "$`" in text:  # "$`[-1, 1]`$": GitLab's and GitHub's inline maths in backticks (its closing "$" optional)
        text = _BACKTICK_MATH_RE.sub(r"$\1$", text)
    if "分之" in text or "分の" in text or "분의" in text or any(c in text for c in "百千万亿萬億"):
        # "八分之一": a Chinese fraction, 1/8 (Japanese "6分の1", Korean "6분의 1"); "222万": 2220000
        text = cjk_fractions(text)
    if "answer" in text and _BROKEN_TAG_RE.search(text, tail_start(text, 2_000)):
        # "answer> 76 cakes </answer>" (its "<" lost), "<answerSCALL>14</answerSCALL>": the answer tag, misspelt
        cut = tail_start(text, 2_000)
        text = text[:cut] + _BROKEN_TAG_RE.sub(lambda m: f"<{m.group(1) or ''}answer>", text[cut:])
    low = text.lower() if "<" in text or "]" in text else ""
    if ("|>" in text or "<final" in low or "<ans>" in low or "answer]" in low) and _TAG_CLOSE_VARIANT_RE.search(text):
        # (only with a closing tag: "[Answer]" alone opens a few-shot exemplar's answer, no block)
        text = _TAG_VARIANT_RE.sub(lambda m: f"<{'/' if any(m.groups()) else ''}answer>", text)
    if "<" in text and _HTML_FORMAT_RE.search(text):  # "<answer> <P>0.5</p> </answer>", "<br/>9": HTML layout
        text = _HTML_FORMAT_RE.sub(" ", text)
    if "__" in text:  # "__Answer__: A": markdown's other bold
        text = _UNDERSCORE_BOLD_RE.sub(r"**\1**", text)
    if "\x08" in text or "\x0c" in text or "\t" in text or "\r" in text:
        # LaTeX read as JSON without its backslashes escaped: "\frac" became a form feed and "rac", "\boxed" a
        # backspace and "oxed", "\times" a tab and "imes"
        text = _CONTROL_COMMAND_RE.sub(lambda m: "\\" + _CONTROL_LETTER[m.group(1)] + m.group(2), text)
    if "\n" not in text and text.count("\\n") >= 2:
        # a text with its line breaks written out ("...x₀ = a\\n\\nf(2) = 14", a JSON string escaped twice): lines,
        # but not LaTeX's \neq, \nu, \nabla, \not
        text = _LITERAL_NEWLINE_RE.sub("\n", text)
    if any(c in text for c in COPULAS):  # "f'(x) = 9x^2 + 4x입니다.": the copula is no part of it
        text = _GLUED_COPULA_RE.sub("", text)
    if "$" in text and _TRAILING_DOLLAR_RE.search(text):  # "70 000 $", "18 $ chaque jour": a dollar sign after its amount
        text = _trailing_dollars(text)
    if "minute" in text:  # "1 hour and 12 minutes": 1.2 hours (a duration in one unit, where it ends in decimals)
        text = _HOURS_MINUTES_RE.sub(_in_hours, text)
    if "⁻" in text:  # "dropped to ⁻12": a superscript minus before digits on the line is a minus (not "x⁻¹")
        text = _SUPERSCRIPT_MINUS_RE.sub("-", text)
    if any(w in text for w in ("零下", "영하", "氷点下", "منفی", "мороза")):  # "零下5度", "영하 5도", "5 градусов мороза"
        text = _MOROZ_RE.sub(r"-\1 градусов", _BELOW_ZERO_WORD_RE.sub("-", text))  # below zero: minus five
    if any(c in text for c in "‰‱٪∶") or "マイナス" in text:  # "5‰", "5‱", "5٪" (Arabic percent), "3∶4", "マイナス5"
        text = text.translate(_SIGN_VARIANTS).replace("マイナス", "-")
    if "-" in text or "\\textminus" in text:  # "{-}5", "\text{-}5", "\textminus 5", "-\,5", "\(-\)5", "-$5$": a minus
        text = _MARKUP_MINUS_RE.sub(lambda m: "$-" if m.group().endswith("$") else "-", text)
    if any(c in text for c in "—―➖ー△▲–‒﹘‐‑⁻"):  # "**Answer:** —5", "x = ―5", "ー5", "△391", "is –5": a minus before digits
        text = _DASH_MINUS_RE.sub("-", text)
    if "<boxed>" in text:  # "</think> <boxed>70</boxed>": a box written as a tag
        text = _BOXED_TAG_RE.sub(lambda m: "\\boxed{" + m.group(1) + "}", text)
    if "<|begin_of_box|>" in text:  # GLM's box tokens: <|begin_of_box|>A<|end_of_box|> is \boxed{A}
        text = _GLM_BOX_RE.sub(lambda m: "\\boxed{" + m.group(1) + "}", text)
    if "\\" in text and _LOOKALIKE_COMMAND_RE.search(text):  # "\bоxed{6}" with a Cyrillic "о": the command it looks like
        text = _LOOKALIKE_COMMAND_RE.sub(lambda m: m.group().translate(LOOKALIKES), text)
    if "boxed" in text or "□" in text:  # "boxed {77}", "□{610}", "\beginboxed{8}": a box the model misspelt
        text = _MISSPELT_BOX_RE.sub(r"\\boxed{", text)
    if "\\not" in text:  # "\not= 4", "\not\eq": not equal, one sign
        text = _NOT_EQUAL_RE.sub(r"\\neq ", text)
    if "boxed" in text and EMPTY_BOX_RE.search(text):  # "\boxed{5} or 6 \boxed{}": an empty box answers nothing, and
        text = EMPTY_BOX_RE.sub(" ", text)  # what follows the last real box is read as ever
    repeated = _REPEATED_LETTER_RE.search(text[-40:])
    if repeated is not None:  # "BBBBB": the AMC's instructed answer line, one letter written five times
        text = text[: len(text) - len(repeated.group())] + f"\nThe answer is ({repeated.group(1)})."
    cut = tail_start(text, 2_000)
    if _APPROX_WORD_RE.search(text, cut):  # "$\frac{5}{18}$, or about 27.8%": the exact value, restated
        text = text[:cut] + _APPROX_AFTER_SPAN_RE.sub(_exact_if_close, text[cut:])
    turns = list(_ASSISTANT_TURN_RE.finditer(text)) if "<" in text or "[/INST]" in text else []
    if turns:  # a chat transcript: only the last assistant turn answers (an echoed prompt's box is not an answer)
        own = text[turns[-2].end() if len(turns) > 1 else 0 : turns[-1].start()]
        role = _ROLE_START_RE.search(text)
        head = text[: role.start()] if role is not None else ""
        asked = text[role.start() : turns[-1].start()] if role is not None else ""  # the turns before the last answer
        # a new problem's numbers after the model's own, or its own turn ended on a value before the made-up one ("She
        # sold 70 clips.<|im_end|>\n<|im_start|>user\nCheck again.<|im_end|>..."; not a turn cut off in its working,
        # "... Multiply both sides by 3 to solve for X:<|im_end|>", which a real user's turn may follow)
        unmarked = re.search(r"\d", head) and (
            re.search(r"\d", asked)
            or (_HEAD_ENDED_RE.search(head) and _ENDS_ON_VALUE_RE.search(_HEAD_ENDED_RE.sub("", head).rstrip()))
            or _STATED_ANSWER_RE.search(head)
            or _SENTENCE_ON_VALUE_RE.search(head.rstrip())  # "So she sold 70 clips.\n<|im_start|>user\nrecheck..."
        )
        if head.strip() and (_ANSWERED_TURN_RE.search(head) or unmarked) and _OTHER_ROLE_RE.match(text, role.start()):
            # "\boxed{6}<|im_end|>\n<|im_start|>user\nTry again<|im_end|>\n<|im_start|>assistant\n\boxed{5}": the
            # model answered (and ended its turn, or not; "So she sold 96 clips.\n<|user|>\n..." unmarked), then
            # made up a user's or a system's turn; what follows is no answer of its own
            text = _HEAD_ENDED_RE.sub("", head)
        elif _OTHER_ROLE_RE.search(own) is None and _ANSWERED_TURN_RE.search(own):
            # "\boxed{6}<|im_end|>\n<|im_start|>assistant\n\boxed{5}", "\boxed{6}[/INST] \boxed{5}": the model
            # answered and wrote another turn of its own; both are its answer (two values are two answers), each
            # without its reasoning ("<think>x</think>\boxed{6}<|im_end|>...<think>y</think>\boxed{5}")
            text = _visible(_END_TOKENS_RE.sub("\n", own)) + "\n\n" + _visible(text[turns[-1].end() :])
        elif _OTHER_ROLE_RE.search(own) is None and re.search(r"\d", own) and not text[: turns[-1].start()].strip().endswith(
            ("<|im_end|>", "<|eot_id|>", "<|end|>", "<end_of_turn>")
        ):
            # "So she sold 96 clips.\n[/INST] \boxed{72}": the model's own text, then a turn marker it wrote itself
            # (no turn ended before it, as an echoed prompt's is): what follows is no answer of its own
            text = own
        else:
            text = text[turns[-1].end() :]
    elif "<" in text:
        eos = _END_OF_SEQUENCE_RE.search(text)
        if eos is not None and text[eos.end() :].strip() and re.search(r"\d", text[: eos.start()]):
            # "... makes $27.<|endoftext|>Question: ... Answer: 18": generation stops at the end-of-sequence token;
            # what follows it (a made-up question, a second try) is no part of the answer
            text = text[: eos.start()]
    if text.rstrip().endswith(("</", "</a", "</an", "</ans", "</answ", "</answe", "</answer")):
        # "<answer> 74 </": the answer block was finished and the text cut inside its closing tag
        low = text.lower()
        if low.rfind("<answer>") > low.rfind("</answer>"):
            text = text.rstrip()[: text.rstrip().rfind("</")] + "</answer>"
    after = _next_problem(text)
    if after is not None:  # "#### 18\n\nQuestion: ...\n#### 12": only the first answer is to the question
        text = text[: after.start()]
    if "Subproblem" in text:  # Minerva's "Subproblem 0: ... \boxed{0.01} ... Subproblem 1: ...": the last one asked
        heads = list(_SUBPROBLEM_RE.finditer(text))
        last = heads[-1] if heads else None
        if last is not None and _ANSWERED_TURN_RE.search(text, last.end()) and _ANSWERED_TURN_RE.search(text, 0, last.start()):
            text = text[last.start() :]  # (the earlier ones, answered in the prompt, are not this answer)
    if "Human" in text or "User" in text or "USER" in text or "user" in text or "<" in text or "[INST]" in text or ":" in text:
        user = next(
            (m for m in _USER_TURN_RE.finditer(text) if text[: m.start()].strip() and not _PUSHBACK_RE.match(text, m.end())),
            None,
        )
        if user is not None:  # "<answer>24</answer>Human: In this problem ...": a turn the model made up is not its answer
            text = text[: user.start()]
        elif _LEADING_USER_TURN_RE.match(text) and "\n" not in text.strip():
            text = ""  # "User: Using the numbers [19, 36, 55, 7], create an equation that equals 65.": only the prompt
    return text


def answer_sections(text: str) -> str:
    """An exam's answer section (GAOKAO-Bench's 【答案】) and ``<SOLUTION>``-like tags as ``<answer>`` blocks; a last
    ``<answer>`` left open (its closing tag was the stop string) closed at the end."""
    if "【" in text and "<answer>" not in text.lower():
        # an exam solution's answer section: "【解析】...<eoe>\n【答案】...<eoa>" (GAOKAO-Bench), the section an answer block
        text = _CJK_ANSWER_SECTION_RE.sub(lambda m: "<answer>" + m.group(1) + "</answer>", text)
    if "<" in text and "<answer>" not in text.lower():
        text = _answer_like_tags(text)
    elif "<" in text and _SHORT_ANSWER_LIKE_RE.search(text):
        # "<solution>70</solution><answer>72</answer>": a value in an answer-like block beside the answer block is
        # a second answer block (a solution's working in it stays working)
        text = _SHORT_ANSWER_LIKE_RE.sub(r"<answer>\1</answer>", text)
    cut = max(0, len(text) - 20_000)
    low = text[cut:].lower()
    opened, closed = low.rfind("<answer>"), low.rfind("</answer>")
    if opened > closed:  # "<answer> B": the stop string "</answer>" cut it off, or the length limit did
        tail = text[cut + opened + len("<answer>") :].strip()
        before = low.rfind("<answer>", 0, closed) if closed >= 0 else -1
        previous = text[cut + before + len("<answer>") : cut + closed].strip() if before >= 0 else ""
        if tail and previous.startswith(tail) and tail != previous:
            return text[: cut + opened]  # "<answer>420</answer> <answer>4": a repeat cut short, not an answer
        text += "</answer>"
    return text


# text struck out, which the completion does not assert: markdown "~~4~~", HTML <s>, <del>, <strike>, LaTeX
# \cancel{}, \bcancel{}, \xcancel{}, \cancelto{}{}, \sout{}, \st{} (braces nested at most two deep)
_BRACED = r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}"


# a fenced block of a programming language (not an ``output`` block), and a comment line or a trailing comment in it
_CODE_BLOCK_RE = re.compile(
    r"(```[ \t]*(?:python3?|py|javascript|js|typescript|ts|c|cpp|c\+\+|java|go|rust|ruby|bash|sh|julia|matlab|r)[ \t]*\n)"
    r"([^`]{0,5000})(?=```)",
    re.I,
)
_CODE_COMMENT_RE = re.compile(r"(?:(?<![ \t])[ \t]++|^[ \t]*+)(?:#|//)[^\n]*", re.M)  # (a blank run tried once)
# (or after a closing brace, when a box follows in it: "\boxed{6} % final: \boxed{5}", not "\boxed{50} % of them")
_LATEX_COMMENT_RE = re.compile(
    r"(?:^|(?<=[.!?;:][ \t]))[ \t]*+(?<!\\)%[^\n]*|(?<=\})[ \t]++%(?=[^\n]{0,200}\\boxed)[^\n]*", re.M
)
_STRUCK_OUT_RE = re.compile(
    r"~~[^~\n]{1,500}~~|<(s|del|strike)>[^<]{0,500}</\1>"
    rf"|\\(?:(?:x|b)?cancel|sout|st)\s*{_BRACED}|\\cancelto\s*{_BRACED}\s*{_BRACED}"
)


# 【答案】 ("answer") or 【最终答案】 ("final answer") in lenticular brackets opens a section that runs to the next such
# heading or the end
_CJK_ANSWER_SECTION_RE = re.compile(r"【\s*(?:最终)?答案\s*】\s*[:：]?([^【]*?)(?:<eoa>\s*)?(?=【|$)")


_END_TOKEN_RE = re.compile(r"(?:</s>|<eos>|<eoa>|<turn\|>|<\|(?:endoftext|im_end|eot_id|end|return)\|>|<｜end▁of▁sentence｜>)$")
# the tokens that end a chat turn (the one table of them for the two readers below)
_END_OF_TURN = r"<\|(?:endoftext|im_end|eot_id|end|return)\|>|<｜end▁of▁sentence｜>|<end_of_turn>|<turn\|>"
_END_TOKENS_RE = re.compile(_END_OF_TURN)
# the tokens that end a whole sequence (not a turn of a chat: <|im_end|>, <|end|>, <end_of_turn>)
_END_OF_SEQUENCE_RE = re.compile(r"<\|(?:endoftext|end_of_text|eot_id)\|>|<eos>|<｜end▁of▁sentence｜>")
# lines at the end that describe the solution, not the problem: how sure, how long, how hard, in words, steps,
# tokens ("Confidence: 5", "Confidence: 8/10", "(Word count: 45)", "*Solution by AI assistant. Step count: 3.*"); a
# percent is left to _CONFIDENCE_RE, which reads low confidence as doubt
# Minerva's closing line (the prompt format of its maths evaluation)
_MINERVA_CLOSE_RE = re.compile(r"Final Answer:[ \t]*The final answer is[^\n]{1,200}?[ \t]*I hope it is correct\.?")
# what opens another problem or a review of several after it ("Let's go through each problem", "### Problem 1:")
_NEW_PROBLEM_RE = re.compile(
    r"(?<!\s)\s*+(?:#{1,6}[ \t]|\*{0,2}(?:problem|question|exercise)\b|q[ \t]*[:.]|let['’]s[ \t]+go[ \t]+through"
    r"|now,?[ \t]+(?:let['’]s[ \t]+)?(?:solve|consider)[ \t]+(?:the[ \t]+)?(?:next|another|following))",
    re.I,
)
# a last line (and its bullets) that sums up the solution's ideas: "Key Points: ...", "**Key takeaways:**", "Tags: ..."
_RECAP_TAIL_RE = re.compile(
    r"\n[ \t*#_]*(?:key[ \t]+(?:points?|takeaways?|concepts?|ideas?)|concepts?[ \t]+used|topics?|tags?|skills?[ \t]+tested)"
    r"[ \t*_]*[:：][^\n]*(?:\n[ \t]*[-*•][^\n]*)*\s*\Z",
    re.I,
)
# marks that cite a source or a footnote, no value of the text's own: "【5:1†nvidia_10q.pdf】", "<sup>1</sup>" (not a
# "\footnote{...}": its words may hedge, "\footnote{Not verified.}")
_CITATION_MARK_RE = re.compile(r"【[^【】\n]{1,80}†[^【】\n]{0,80}】|<sup>[ \t]*\d{1,3}[ \t]*</sup>")
# numbers in square brackets that end a line: "So she sold 72 clips altogether [1].", "#### 72 [1]"
_END_BRACKETS_RE = re.compile(r"(?<=[\w.)%*])[ \t]*(?:\[\d{1,3}\])+[ \t]*(?=[.!]?[ \t]*(?:\n|\Z))")


def _without_end_citations(text: str) -> str:
    """``text`` without numbers in square brackets that end a line whose text before them already states a number:
    citation marks ("She sold 72 clips [1]."), not the answer written in brackets ("The answer is [72].")."""
    cut = max(0, len(text) - 2_000)
    out, at = [], cut
    for m in _END_BRACKETS_RE.finditer(text, cut):
        line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        if re.search(r"\d", line):
            out.append(text[at : m.start()])
            at = m.end()
    return text[:cut] + "".join(out) + text[at:] if out else text


# a last section that lists the works cited: "References:", "## Sources", "Footnotes", "Citations:", "Bibliography"
_SOURCES_TAIL_RE = re.compile(
    r"\n[ \t*#_]*(?:references|sources|footnotes|citations|bibliography|works[ \t]+cited)[ \t*_]*[:：]?[ \t*_]*\n"
    r"[^\n]{0,300}(?:\n[^\n]{0,300}){0,30}\Z",
    re.I,
)
_METADATA_HINT_RE = re.compile(
    r"confidence|certainty|count|tokens|difficulty|used|\d[ \t]+of[ \t]+\d|calculated|computed|generated|attempt", re.I
)
_METADATA_TAIL_RE = re.compile(
    # on a line of its own (after a rule "---" perhaps), or closing the answer's sentence ("Tom is 21. Step count: 3.")
    r"(?:(?:\n(?:[ \t]*-{3,}[ \t]*\n)?[ \t]*(?:[-*_(]|[^\w\s]){0,3}[ \t]*(?:[^\n\d:]{1,60}[.;,][ \t]{1,3})?"
    r"|(?<=[.!])[ \t]{1,3})"
    r"(?:(?:confidence(?:[ \t]+(?:level|score))?|certainty|(?:word|step|token)s?[ \t]+(?:count|used)|tokens[ \t]+used"
    r"|difficulty(?:[ \t]+level)?)[ \t]*[:=][ \t]*\d{1,6}(?:\.\d{1,4})?(?![ \t]*%)[ \t]*(?:/[ \t]*\d{1,4}|words|steps|tokens)?"
    # a sample's place among several ("*Solution 3 of 5*", "Attempt 2/4")
    r"|(?:solution|attempt|sample|response|try)[ \t]+#?\d{1,3}[ \t]*(?:of|/)[ \t]*\d{1,3}"
    # how long it took ("⚡ Calculated in 0ms")
    r"|(?:calculated|computed|generated)[ \t]+in[ \t]+\d{1,6}(?:\.\d{1,4})?[ \t]*(?:ms|s|sec|seconds|milliseconds)\b"
    # who wrote it, and which try it is ("*Generated by MathBot v2.3*", "— Answer generated by Tutor 4.0", "[Attempt 2]")
    r"|(?:answer[ \t]+)?(?:generated|produced|written)[ \t]+by[ \t]+[^\n\d]{1,40}(?:v(?:ersion)?[ \t]?)?\d{1,3}(?:\.\d{1,3}){0,2}"
    r"|\[(?:attempt|try|sample|run)[ \t]*#?\d{1,3}\])"
    r"[ \t.]*[*_)]{0,3}[ \t.]*)+\s*\Z",
    re.I,
)
# a stated confidence: a "Confidence: 95%" line, "(I'm 80% sure)", "I am 99% confident.", "— 100% certain"
_CONFIDENCE_RE = re.compile(
    r"(?:^|(?<=\n))[ \t]*[*_]{0,2}confidence(?:[ \t]+(?:score|level))?[*_]{0,2}[ \t]*[:：][ \t]*[*_]{0,2}"
    r"(\d{1,3})(?:\.\d{1,2})?[ \t]*%[*_]{0,2}[ \t]*(?=\n|\Z)"
    r"|\(?\b(?:I'?m|I[ \t]+am)[ \t]+(?:about[ \t]+)?(\d{1,3})[ \t]*%[ \t]+(?:confident|sure|certain)\b\)?\.?"
    r"|[—–][ \t]*(\d{1,3})[ \t]*%[ \t]+(?:confident|sure|certain)\b\.?",
    re.I,
)
_BARE_CALCULATOR_NOTE_RE = re.compile(
    r"\[\[[^\[\]\n]{1,200}\]\](?=[ \t]*\$?[ \t]*-?\d)|<calculator>[^<>\n]{1,200}</calculator>(?=[ \t]*\$?[ \t]*-?\d)"
)
_SENTINEL_RE = re.compile(r"<extra_id_\d{1,3}>")
_CALCULATOR_NOTE_RE = re.compile(r"<<[^<>=\n]{1,200}=([^<>=\n]{1,40})>>(?=[ \t]*\$?[ \t]*\1)")
# a chat role's label glued to the end of a value, no space between ("94.0assistant: ...")
_GLUED_TURN_RE = re.compile(r"(?<=[\d%.)\]}$])(?:assistant|user|human|system)[ \t]*:", re.I)
_FIRST_END_RE = re.compile(rf"{_END_OF_TURN}|</s>|<eos>|<\|eot\|>")
# a chat turn that opens right after an end token (the turn readers below take it)
_TURN_AFTER_RE = re.compile(
    r"(?<!\s)\s*+(?:(?:<s>|<bos>)\s*+)?(?:<\|(?:im_start|start|start_header_id|user|assistant|system)\|>|<start_of_turn>|<\|turn>|\[INST\]"
    r"|<[|｜](?:User|Assistant|System)[|｜]>|(?:Human|User|Assistant|System)[ \t]*:)",
    re.I,
)
_OTHER_ROLE_RE = re.compile(
    r"<\|im_start\|>(?!assistant)|<\|start_header_id\|>(?!assistant)|<[|｜](?:User|System)[|｜]>|<\|(?:user|system)\|>"
    r"|\[INST\]|<start_of_turn>user|<\|turn>(?:user|system)|(?:^|\n)[ \t]*(?:Human|HUMAN|User|USER|System|SYSTEM)[ \t]*:",
    re.I,
)
# where a chat turn opens (any role's), and an end of the model's own text before it (its turn's end, then a BOS)
_ROLE_START_RE = re.compile(
    r"<\|im_start\|>|<\|start_header_id\|>|\[INST\]|<start_of_turn>|<\|turn>|<[|｜](?:User|Assistant|System)[|｜]>"
    r"|<\|(?:user|assistant|system)\|>",
    re.I,
)
_HEAD_ENDED_RE = re.compile(rf"(?:{_END_OF_TURN}|</s>|<eos>)\s*(?:<s>|<bos>)?\s*\Z")
# a GSM8K marker's value closed by the marker again on its line ("#### 229 ####")
_GSM_CLOSED_RE = re.compile(r"(####[ \t]*[^\s#][^\n#]{0,40}?)[ \t]*#{2,}[ \t]*(?=\n|\Z)")
# an instruction's answer template, echoed: "#### [your final answer]", "#### <number>", "Answer: [number]" (after
# "Answer" only a placeholder's word: "Answer: [B]" is an option)
_PLACEHOLDER_WORD = r"(?:number|integer|value|numeric[ _]answer|your[ _]answer)"
_GSM_PLACEHOLDER_RE = re.compile(
    rf"####[ \t]*(?:\[[^\]\d\n]{{1,40}}\]|<{_PLACEHOLDER_WORD}>|\{{{_PLACEHOLDER_WORD}\}})"
    rf"|\b[Aa]nswer(?::|[ \t]+is)[ \t]*(?:<{_PLACEHOLDER_WORD}>|\[{_PLACEHOLDER_WORD}\]|\{{{_PLACEHOLDER_WORD}\}})",
    re.I,
)


def _without_placeholder(m: re.Match[str]) -> str:
    """An echoed template's marker and placeholder: "#### [your final answer]" goes whole (an instruction's words);
    after "#### <number>" or "Answer: [number]" the value follows, so the marker stays."""
    head = m.group()
    return " " if head.startswith("####") and "[" in head else re.split(r"[\[<{]", head, maxsplit=1)[0]


_HTML_ENTITY_RE = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,30});")
_THOUGHT_TOKEN_RE = re.compile(r"<\|(begin|end)_of_thought\|>")
# other models' reasoning blocks: group 1 closes one, group 2 opens one
_OTHER_REASONING_HINT_RE = re.compile(r"THINK|◁|:think|\|/?thinking\||scratchpad|<\|?channel")  # (a cheap test first)
_OTHER_REASONING_RE = re.compile(
    r"(\[/THINK\]|◁/think▷|</seed:think>|<\|/thinking\|>|</scratchpad>|<channel\|>)"
    r"|(\[THINK\]|◁think▷|<seed:think>|<\|thinking\|>|<scratchpad>|<\|channel>thought)"
)
# gpt-oss's harmony format: the final channel's message, and what ends a message
_HARMONY_FINAL_RE = re.compile(r"(?:<\|end\|>\s*)?(?:<\|start\|>assistant)?<\|channel\|>final<\|message\|>")
_HARMONY_END_RE = re.compile(r"<\|(?:return|end|call)\|>")
THINK_CLOSE_RE = re.compile(r"</(?:think(?:ing)?|reasoning|thoughts?)>", re.I)


# a reasoning block's opening tag(s) at the start, and one anywhere
THINK_START_RE = re.compile(r"(?:\s*<(?:think(?:ing)?|reasoning|thoughts?)>)+", re.I)
THINK_OPEN_RE = re.compile(r"<(?:think(?:ing)?|reasoning|thoughts?)>", re.I)


def split_reasoning(text: str, ends: list[re.Match[str]]) -> tuple[str, str]:
    """``(reasoning, response)`` of a text with reasoning blocks (``ends``: their closing tags). The first block
    runs from the start to the first close (its opening tag may be the prompt's); a later one opens with its tag and
    runs to its close, or to the end when it never closes ("The answer is 7.\n<think>\boxed{5}": the response is
    the first line). A stray close is no part of the response ("</think> <answer>6</answer> </think>
    <answer>5</answer>": both answers are the response's)."""
    reasoning, response, i, pos = [], [], 0, 0
    while True:
        reasoning.append(text[pos : ends[i].start()])
        pos = ends[i].end()
        opened = THINK_OPEN_RE.search(text, pos)
        if opened is None:
            response.append(text[pos:])
            break
        response.append(text[pos : opened.start()])
        while i < len(ends) and ends[i].start() < opened.end():
            i += 1
        if i == len(ends):  # a block that never closes: reasoning cut off
            reasoning.append(text[opened.end() :])
            break
        pos = opened.end()
    return "\n".join(reasoning), THINK_CLOSE_RE.sub(" ", "\n".join(response))


# the words a problem's heading starts with (_PROBLEM_HEADING's), as a cheap test before the regular expressions
_PROBLEM_WORDS = ("Q", "Probl", "Next", "Exerc", "问题", "题目", "題目", "Aufgabe", "Ejercicio", "Pregunta", "Задача",
                  "Вопрос")  # fmt: skip


def _next_problem(text: str) -> re.Match[str] | None:
    """Where a problem the model made up after its answer starts: a base model's few-shot continuation, the next
    question it made up (not the same question asked again, "... The answer is 36 lemons.\n\nQuestion: How many
    lemons will Tim need?\nAnswer: 30": a second answer), or a numbered problem's heading after its working."""
    if not any(w in text for w in _PROBLEM_WORDS):
        return None
    marker = _QUESTION_ANSWERED_RE.search(text)
    after = _NEXT_QUESTION_RE.search(text, marker.end()) if marker is not None else None
    if after is None and marker is not None:
        after = _QUESTION_WITH_ANSWER_RE.search(text, marker.end())
        after = after if after is not None and _new_question(text, after.start()) else None
    heading = _PROBLEM_HEADING_RE.search(text) if after is None else None
    if heading is not None and re.search(r"\d", text[: heading.start()]) and heading.group("number") != "1":
        # "... = 96 clips altogether.\n\n### Problem 2\nCompute $8\times 9$ ... \boxed{72}": a second problem the
        # model made up after its working, with no first heading of its own: its answer is none to this one
        after = heading
    if after is not None and "</" in text and THINK_CLOSE_RE.search(text, after.end()):
        return None  # ("<think>... Thus Re = 324c - 432s.\n\nProblem: maximize ...</think>": the reasoning restates its task)
    return after


def reasked_part(text: str) -> str | None:
    """The part cut as a made-up problem (:func:`_next_problem`) where it only asks this question again: every
    number of its question, and most of its words, were written before it ("\\boxed{72}\n\nProblem 2: How many
    clips did Natalia sell in April and May together?\n\\boxed{96}"). Its answer is a second answer to this
    question; None where there is no such part."""
    after = _next_problem(text)
    if after is None:
        return None
    question = re.split(r"[?？]|\n[ \t]*\n|\n(?=[ \t]*(?:\\boxed|Answer|A[ \t]*:|####))", text[after.end() : after.end() + 600])[0]
    before = text[: after.start()]
    said = set(re.findall(r"\d+", before))
    if any(n not in said for n in re.findall(r"\d+", question)):
        return None
    asked = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", question)} - _QUESTION_WORDS
    known = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", before)}
    if len(asked) < 2 or len(asked & known) * 5 < len(asked) * 3:
        return None
    return text[after.end() :]


_QUESTION_WORDS = frozenset("what which many much does will would could should have with from that this there".split())


def _new_question(text: str, start: int) -> bool:
    """The question at ``start``, up to its answer line, gives a number the text before it never wrote: another
    problem ("Question: Which is even?\n(A) 3 (B) 4"), not the same one asked again ("Question: How many lemons will
    Tim need?") nor a push back ("Q: Is it right?")."""
    block = _ANSWER_LINE_RE.split(text[start : start + 1_000], maxsplit=1)[0]
    said = set(re.findall(r"\d+", text[:start]))
    return any(n not in said for n in re.findall(r"\d+", block))


def _in_other_turn(text: str, end: int) -> bool:
    """The text before ``end`` lies in a turn of another role than the model's (an echoed prompt's user turn)."""
    roles = list(_ROLE_START_RE.finditer(text, 0, end))
    return bool(roles) and _OTHER_ROLE_RE.match(text, roles[-1].start()) is not None


def _visible(turn: str) -> str:
    """A turn without its reasoning: the text after its last ``</think>``."""
    closes = list(THINK_CLOSE_RE.finditer(turn))
    return turn[closes[-1].end() :] if closes else turn


_BOXED_TAG_RE = re.compile(r"<boxed>([^<>{}\n]{1,200})</boxed>")
# a turn that ends on a value ("She sold 70 clips."), and an answer stated in words before a made-up turn ("The
# answer is 70.\n<|im_start|>user ...")
_ENDS_ON_VALUE_RE = re.compile(r"\d[^\d\n:=+*/×÷-]{0,30}\Z")  # (not "Step 1: 6 / 2 =", cut off in its working)
_SENTENCE_ON_VALUE_RE = re.compile(r"\d[^\d\n:=+*/×÷-]{0,30}[.!。！]\Z")  # a finished sentence that ends on a value
_STATED_ANSWER_RE = re.compile(r"\banswer[ \t]+is[ \t]+[^\n]{0,40}\d", re.I)
_ANSWERED_TURN_RE = re.compile(r"\\boxed\s*\{\s*[^\s}]|<answer>\s*\S", re.I)


# a user's turn that the model goes on to write after its answer ("\n\nHuman: ...", "</answer>Human: ...", ChatML's
# <|im_start|>user, "[INST]"): what follows is no answer of its own
_USER_TURN_RE = re.compile(
    # (the role's name in any case and wrapping: "user:", "[USER]:", "### Human:", "> User:", "(user):", "**[USER]**",
    # "<user>")
    r"(?:(?<=\n)|(?<=</answer>)|(?<=[.!?] ))[ \t]*(?:[>#*][ \t>#*]{0,5})?(?:(?:[\[(][ \t]*)?(?i:human|user)(?:[ \t]*[\])])?[ \t*]{0,4}:"
    r"|[\[(](?i:human|user)[\])][ \t*]{0,4}|<(?i:human|user)>|(?<=#)[ \t]*(?i:human|user)[ \t*]*(?=\n))"
    r"|<\|im_start\|>user|<\|user\|>|\[INST\]"
    r"|<\|start_header_id\|>user|<start_of_turn>user|<\|turn>user|(?<=\n)[ \t]*###[ \t]*Instruction[ \t]*:"
    # another party's voice on a line of its own: "Grader: The correct answer is 72.", "SYSTEM: ...", "Teacher: ..."
    # (not "System:", which may open a system of equations)
    r"|(?<=\n)[ \t]*(?:Grader|GRADER|SYSTEM|Teacher|TEACHER|Reviewer|Evaluator|Judge|Examiner)[ \t]*:"
)
_BACKTICK_MATH_RE = re.compile(r"\$`([^`\n]{1,500})`\$?")
# a made-up user turn that only pushes back on the answer, no new problem ("User: That's not right. Think again.",
# "User: Is the answer correct?"): the assistant's next turn answers the same problem, so the text goes on
_PUSHBACK_RE = re.compile(
    r"[ \t]*(?=[^\d\n]{0,80}(?:\n|\Z))[^\d\n]{0,80}?\b(?:wrong|right|correct|sure|again|check|wait|think|reconsider|mistake"
    r"|really)\b[^\d\n]{0,60}(?:\n|\Z)",
    re.I,
)
# an answer given (a GSM8K mark, "The answer is", "Answer:" with a value), then a new question at a line's start or
# after a sentence ("Question: ...", "Q: ...", "Problem 2: ...") that gives numbers of its own: a base model continuing
# its few-shot prompt, or, after a blank line, one that asks nothing ("Question: another one", "Q: A new problem": the
# run-on that other projects' GSM8K graders cut). A question without numbers may be the same one asked again: "36 ...
# Question: How many lemons will Tim need? Answer: 30" is two answers. A number alone on the first line is an answer.
_ANSWERED_RE = re.compile(
    r"####[ \t]*\S|\b[Tt]he (?:final )?answer is\b[^\n]{0,40}?\d|\bAnswer[ \t]*:[^\n]{0,80}?\d|\A[ \t]*-?\d{1,12}[ \t]*\n"
)
# (before a question the model made up: also a box, or a concluding sentence that ends its paragraph, "Therefore,
# Janet makes **$27** every day.")
_QUESTION_ANSWERED_RE = re.compile(
    rf"{_ANSWERED_RE.pattern}|\\boxed[ \t]*\{{[^{{}}\n]{{0,40}}\d"
    rf"|(?:^|(?<=\n))[ \t*_]*{CONCLUDING_LEAD}\b[^\n]{{0,200}}?\d[^\n]{{0,100}}[.!]"
    r"[ \t*_]*\n[ \t]*\n"
    r"|\b[Tt]he (?:final )?answer is[ \t*]*\(?[A-E]\)?[ \t*]*[.\n]"  # an option's letter
)
# a question followed by an answer line of its own ("Question: Which is even?\n(A) 3 (B) 4\nAnswer: B")
_QUESTION_WITH_ANSWER_RE = re.compile(
    r"(?<=\n)[ \t]*(?:Question|Q|Problem)[ \t]*[:：](?=[^\n]*\n(?:[^\n]*\n){0,8}?[ \t]*(?:Answer[ \t]*:|A[ \t]*:|####))"
)
_ANSWER_LINE_RE = re.compile(r"\n[ \t]*(?:Answer[ \t]*:|A[ \t]*:|####)")
_SUBPROBLEM_RE = re.compile(r"(?:^|(?<=[.!?] ))[ \t]*Subproblem[ \t]*\d{1,2}[ \t]*:", re.M)
# a numbered problem's heading on its own line, or the next question announced ("## Problem 2", "Q2.", "**Problem 2.**
# Compute ...", "### Next question")
_PROBLEM_HEADING = (
    r"(?<=\n)[ \t]*(?:#{1,4}[ \t]*)?(?:\*\*)?(?:(?:Question|Problem|Exercise|Q|问题|題目|题目|Problème|Exercice|Aufgabe|"
    r"Problema|Ejercicio|Pregunta|Задача|Вопрос)[ \t]*(?P<number>\d{1,3})"
    r"|[Nn]ext[ \t]+(?:question|problem))[ \t]*(?:\*\*)?[.:：)]?(?:\*\*)?[ \t]*(?:\n|(?=[A-ZÀ-ÞА-Я$\\\u4e00-\u9fff]))"
)
_PROBLEM_HEADING_RE = re.compile(_PROBLEM_HEADING)
_NEXT_QUESTION_RE = re.compile(
    _PROBLEM_HEADING.replace("?P<number>", "")
    + r"|"
    r"(?:(?<=\n)|(?<=[.!?] ))[ \t]*(?:#{1,4}[ \t]*)?(?:\*\*)?(?:Question|Q|Problem)[ \t]*\d{0,3}[ \t]*(?:\*\*)?[:：]"
    r"(?=[^\n]*\d)"
    r"|(?<=\n\n)(?:#{1,4}[ \t]*)?(?:\*\*)?(?:Question|Q|Problem)[ \t]*\d{0,3}[ \t]*(?:\*\*)?[:：](?=[^\n?？]*(?:\n|\Z))"
)
# a completion that is one line of a user's turn (the prompt echoed, no answer after it)
_LEADING_USER_TURN_RE = re.compile(r"\s*(?:Human|HUMAN|User|USER)[ \t]*:")
# the opening of an assistant turn in a chat template: DeepSeek's <|Assistant|> (also with full-width bars),
# ChatML's <|im_start|>assistant, Llama 3's <|start_header_id|>assistant<|end_header_id|>, Mistral's [/INST]
_ASSISTANT_TURN_RE = re.compile(
    r"<[|｜]Assistant[|｜]>|<\|im_start\|>assistant|<\|start_header_id\|>assistant<\|end_header_id\|>|\[/INST\]"
    r"|<\|assistant\|>|<start_of_turn>model|<\|turn>model",
    re.I,
)


# tags that other formats use for the answer block: unsloth's GRPO notebooks' <SOLUTION>, <final_answer> (not
# <result> in general: tool-use transcripts put a tool's output there, which is no answer; only one that ends the text)
_ANSWER_LIKE_OPEN_RE = re.compile(r"<\s*(?:solution|final[ _-]?answer)\s*>", re.I)


_RESULT_AT_END_RE = re.compile(r"<\s*result\s*>([^<>]{0,500})<\s*/\s*result\s*>\s{0,20}\Z", re.I)


# an opening tag whose "<" was lost, "SOLUTION>225</SOLUTION>": only right before a closing tag, never "x > 27"
_BARE_OPEN_RE = re.compile(r"(?<![\w/<])solution>(?=[^<>]{0,2000}<\s*/\s*solution\s*>)", re.I)


# an answer-like block that holds a value alone (with a unit word at most), no words: "<solution>70</solution>",
# "<solution>\n70 clips\n</solution>", "<final_answer>\frac{3}{4}</final_answer>", "<response>70</response>"
_SHORT_ANSWER_LIKE_RE = re.compile(
    r"<[ \t]*(?:solution|final[ _-]?answer|response)[ \t]*>\s*"
    r"(-?\d[\d.,]*(?:[ \t]+[A-Za-z]{1,12})?|(?![^<>]{0,40}?(?<![\\A-Za-z])[A-Za-z]{3})[^<>\n]{1,40}?)"
    r"\s*<[ \t]*/[ \t]*(?:solution|final[ _-]?answer|response)[ \t]*>",
    re.I,
)
_ANSWER_LIKE_CLOSE_RE = re.compile(r"<\s*/\s*(?:solution|final[ _-]?answer)\s*>", re.I)


def _answer_like_tags(text: str) -> str:
    """``<SOLUTION>12</SOLUTION>`` (any case, inner blanks) read as ``<answer>12</answer>``; a last block left open
    at the end of the text (``<SOLUTION>12``, ``<answer> B``, a completion stopped by its stop string) is closed
    there."""
    opens = list(_ANSWER_LIKE_OPEN_RE.finditer(text))
    if not opens and _RESULT_AT_END_RE.search(text[-2_000:]):
        # "...</think>\n\nThe letter appears 3 times.\n\n<result>3</result>": a <result> block that ends the text is
        # its answer (a tool's output has the model's own words after it)
        m = _RESULT_AT_END_RE.search(text[-2_000:])
        start = len(text) - len(text[-2_000:]) + m.start()
        return text[:start] + "<answer>" + m.group(1) + "</answer>"
    if not opens:
        bare = _last_match(_BARE_OPEN_RE, text) if "olution>" in text or "OLUTION>" in text else None
        if bare is None:
            return text
        text = text[: bare.start()] + "<" + text[bare.start() :]
        opens = list(_ANSWER_LIKE_OPEN_RE.finditer(text))
    closes = list(_ANSWER_LIKE_CLOSE_RE.finditer(text))
    text = _ANSWER_LIKE_CLOSE_RE.sub("</answer>", _ANSWER_LIKE_OPEN_RE.sub("<answer>", text))
    if not closes or closes[-1].start() < opens[-1].start():
        text += "</answer>"
    return text


# a brace group after the word "boxed" without its backslash, after a command that ends in it, or after a box sign
# other models' answer tags, read as <answer>: "<|answer|>5<|/answer|>", "<final>5</final>", "<final_answer>",
# "[ANSWER]5[/ANSWER]"
_BROKEN_TAG_RE = re.compile(r"(?<![<\w/])answer>(?=[^<>\n]{1,200}</answer>)|<(/?)answer[A-Z_]{1,12}>")
_TAG_CLOSE_VARIANT_RE = re.compile(r"<\|[ \t]*/[ \t]*answer[ \t]*\|>|</(?:final(?:[_ -]answer)?|ans)>|\[/answer\]", re.I)
_TAG_VARIANT_RE = re.compile(r"<\|[ \t]*(/?)[ \t]*answer[ \t]*\|>|<(/?)(?:final(?:[_ -]answer)?|ans)>|\[(/?)answer\]", re.I)
# an agent's answer as a call ("Action: Answer(\"C\")", ReAct's "Finish[72]") or a label in code marks ("`Answer`: 72")
_CALLED_ANSWER_RE = re.compile(
    r"^[ \t]*(?:(?:action(?:[ \t]*\d{1,2})?|\d{1,2}\.)(?:[ \t]*:)?[ \t]*)?(?:(?:submit|final)_?)?(?:answer|finish)"
    r"(?:\([ \t]*([\"']?)([^\n\"'()]{1,100})\1[ \t]*\)|\[([^\n\[\]]{1,100})\])[ \t.]*$"
    r"|`((?:final[ \t]+)?answer)`(?=[ \t]*:)",
    re.I | re.M,
)
# a LaTeX command whose name mixes Latin letters with Cyrillic or Greek ones that look the same
_LOOKALIKE_COMMAND_RE = re.compile(r"\\(?=[A-Za-z]{0,12}[\u0370-\u03ff\u0400-\u04ff])(?=[\u0370-\u03ff\u0400-\u04ff]{0,12}[A-Za-z])[A-Za-z\u0370-\u03ff\u0400-\u04ff]{2,16}")
_NOT_EQUAL_RE = re.compile(r"\\not\s*(?:=|\\eq(?![A-Za-z]))")
EMPTY_BOX_RE = re.compile(r"\\(?:boxed|fbox)[ \t]*\{(?:[ \t~]|\\[,;: !]|\\quad)*\}")
_MISSPELT_BOX_RE = re.compile(r"(?:(?<![A-Za-z\\])boxed|\\[A-Za-z]+(?<=[a-z]boxed)|□)[ \t]*\{")


# a math span, then the same value approximated in prose: "$\frac{5}{18}$, or about 27.8%", "$2\sqrt{3}$, which is
# about 3.46", "$\frac{5}{18}$ (approximately 0.278)", "$\frac{5}{18}$ ≈ 0.278" (the span is the answer, as
# "\frac{5}{18} \approx 0.278" inside one span is)
_APPROX_WORDS = r"(?:about|approximately|approx\.|roughly|around|nearly|almost)"


_APPROX_WORD_RE = re.compile(rf"\b{_APPROX_WORDS}|[≈~]", re.I)


_APPROX_NUMBER = r"\$?-?\d[\d,]*(?:\.\d+)?(?:\s*(?:%|\\%|percent\b))?\$?"


_APPROX_AFTER_SPAN_RE = re.compile(
    r"(\$[^$\n]{1,300}\$|\\\([^\n]{1,300}?\\\))"
    rf"(?:\s*,?\s*(?:(?:or|which\s+is|that\s+is|i\.e\.)\s*,?\s*)?{_APPROX_WORDS}\s+{_APPROX_NUMBER}"
    rf"|\s*\(\s*(?:{_APPROX_WORDS}|≈|~|\\approx)\s*{_APPROX_NUMBER}\s*\)"
    rf"|\s*[≈~]\s*{_APPROX_NUMBER})"
    r"(?![\d.,]*\d)",
    re.I,
)


def _exact_if_close(m: re.Match[str]) -> str:
    """The math span alone when the prose after it approximates its value ("$\frac{5}{18}$, or about 27.8%"); the
    whole text otherwise ("$3$, or approximately $4$": two values, a hedge)."""
    number = re.search(r"-?\d[\d,]*(?:\.\d+)?(?:\s*(?:%|\\%|percent))?", m.group()[len(m.group(1)) :])
    exact, approx = parsed(strip_math_delimiters(m.group(1))), parsed(number.group()) if number else None
    return m.group(1) if exact is not None and approx is not None and approximates(exact, approx) else m.group()


_GLM_BOX_RE = re.compile(r"<\|begin_of_box\|>([^<]{0,2000}?)<\|end_of_box\|>")
