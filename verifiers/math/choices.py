"""Multiple-choice answers without an answer marker: the option a completion chooses in its first or its last line.

Used only when the reference names an option (:func:`option_letter`) and no answer marker or box named another
answer. :func:`leading_option` reads a one-line completion that starts with an option label ("(c) $J_g = 2J_f$");
:func:`closing_option` reads the option a solution's last line chooses ("Option B", "D is the correct choice",
"ANS:D", "I think it's (D).", a lone "**C**"); :func:`labelled_contents` lists the options a completion writes with their
contents ("(C) 6"), for an answer that states only the content.
"""

from __future__ import annotations

import re

import sympy
from verigrpo.verifiers.math.cleanup import clean_completion
from verigrpo.verifiers.math.forms import TEXT_WRAP_RE
from verigrpo.verifiers.math.nodes import Choice, Expr, Node, Text
from verigrpo.verifiers.math.parse import _REJECTED_OPTION

WEAK_RULES = ("whole", "last_math", "last_number", "last_equation", "last_latex")  # rules without an answer marker

# a one-line completion that starts with an option label and then states the option's content
# "C。解析：...", "c: Decreased activity" (a lower-case label with its bracket or colon: "a. " could be a word)
_LEADING_OPTION_RE = re.compile(
    r"\s*(?:\(([A-Fa-f])\)[ \t]+|([A-F])(?:[.):][ \t]+|[。．、][ \t]*)|([a-f])[):][ \t]+)[^\n]{1,300}"
)
# (ASCII boundaries: "或者D" names D; the Chinese "or" too)
_OTHER_OPTION_RE = re.compile(r"\([A-Fa-f]\)|(?<![A-Za-z0-9_])[A-F](?![A-Za-z0-9_])|(?i:\b(?:or|not?|wrong|wait)\b)|或|还是|要么")


def option_letter(gold: Node | None) -> str | None:
    """The option a reference (or an answer) names, lower case: ``(c)``, ``C`` or ``c`` (a letter A-J read as a symbol),
    ``(B) 12``; else None."""
    if isinstance(gold, Choice):
        return gold.letter
    if isinstance(gold, Text) and len(gold.text) == 1:
        return gold.text
    if isinstance(gold, Expr) and isinstance(gold.value, sympy.Symbol) and re.fullmatch("[A-Ja-j]", gold.value.name):
        return gold.value.name.lower()  # ("d": LiveMathematicianBench's keys are lower case)
    return None


def leading_option(completion: str) -> str | None:
    """The option letter a one-line completion starts with ("(c) $J_g(\\theta) = 2J_f(\\theta)$", "B. 12"), lower
    case; None otherwise: a longer solution's "(a)" labels its first part, and a line that names another
    option or takes the label back ("C. no wait, D", "(c) or (d)") does not choose one."""
    m = _LEADING_OPTION_RE.fullmatch(completion.strip())
    if m is None:
        return None
    k = next(g for g in (1, 2, 3) if m.group(g))
    rest = completion.strip()[m.end(k) + (k == 1) :]
    if _OTHER_OPTION_RE.search(rest) or _REJECTED_OPTION.search(rest):  # "(C) is false."
        return None
    return m.group(k).lower()


# a first line that is an option letter alone ("D", "**D**", "(D)", "D."), with the working under it
_LONE_LETTER_LINE_RE = re.compile(r"[ \t*_]*(?:\(([A-F])\)|([A-F]))[ \t]*[.。:：]?[ \t*_]*")


def first_line_option(completion: str) -> str | None:
    """The option a completion states alone on its first line before its working ("D\n分析集合B ...", GAOKAO-Bench's
    answer-first style), lower case; None when it does not, or when another line is a lone letter too (a list of
    options, a second answer) or its last line chooses another option."""
    lines = [ln for ln in completion[:20_000].splitlines() if ln.strip()]
    if len(lines) < 2:
        return None
    m = _LONE_LETTER_LINE_RE.fullmatch(lines[0])
    if m is None or any(_LONE_LETTER_LINE_RE.fullmatch(ln) for ln in lines[1:]):
        return None
    letter = (m.group(1) or m.group(2)).lower()
    closing = closing_option(completion)
    return letter if closing is None or closing == letter else None


# The shapes of a last line that chooses an option, the whole line: a lone letter ("D", "**C**", "(B)."); an option or
# answer word before it ("Option B", "The correct option is (B).", "answer.A"), also ending a line of working
# ("= 10 ANS:D"); the letter said to be correct ("D is the correct choice", "Hence (A) is correct answer.", "I think
# it's (D).", "It must be [C]"); the letter chosen ("Choose B. for this one.", a few lower-case words after it). "I"
# only in brackets: it is also a pronoun. Any other words choose nothing.
_X = r"(?-i:\(([A-Ja-j])\)|\[([A-J])\]|([A-HJ]))"  # the letter in capitals, whatever the case of the words around it
# after "I choose": also a lower-case letter that ends the line ("After analysis, I choose d.")
_X_CHOSEN = r"(?-i:\(([A-Ja-j])\)|\[([A-J])\]|([A-HJ])|([a-j])(?=[*_]*\.?[*_]*\Z))"
_LEAD = r"(?:(?:so|thus|hence|therefore|finally|i think|i believe|solution)[,:]?\s+)?"
_I = r"i(?:['’]d|['’]ll|\s+would|\s+will)?\s+"  # "I pick", "I'd pick", "I will go with"
_CLOSING_OPTION_RE = re.compile(
    rf"[*_\s]*{_X}[*_\s]*[.)]?[*_\s]*"
    rf"|[*_]*{_LEAD}(?:the\s+)?(?:(?:correct|right|best|final)\s+)?(?:answer\s+is\s+)?(?:option|choice|answer)\s*"
    rf"(?:is\s+|[:=\-–—]\s*)?[*_]*{_X}[*_]*\.?[*_]*"
    # Mr-Ben's "Choice_B", "Choice__C__: 12*sqrt(3)", "Choice A: $\frac{5}{4}$": the option's label (joined by
    # underscores), and its content
    rf"|{_LEAD}(?:the\s+correct\s+answer\s+is\s+)?choice(?:_{{1,2}}|[ \t]+){_X}_{{0,2}}(?::[ \t]*[^\n]{{1,60}})?"
    rf"|.*?\b(?:answer|ans)\s*[.:]\s*{_X}\.?"
    rf"|{_LEAD}(?:it's|it\s+is\s+|the\s+answer\s+is\s+)?\s*(?:(?:option|choice)\s+)?[*_]*{_X}[*_]*\s+is\s+(?:the\s+)?"
    rf"(?:(?:correct|right|final)(?:\s+(?:answer|option|choice))?|answer|option|choice)\.?"
    # "**D) This is the correct answer**": the option's label, then the sentence that chooses it
    rf"|[*_]*{_X}[.)]\s+(?:this|that|it)\s+is\s+(?:the\s+)?(?:correct|right)(?:\s+(?:answer|option|choice))?\.?[*_]*"
    rf"|{_LEAD}(?:it's|it\s+is|(?:it|the\s+answer)\s+must\s+be)\s+[*_]*{_X}[*_]*\.?"
    # "Option D it is.", "The answer is (D) 9.": the letter chosen, then its option's content
    rf"|{_LEAD}(?:option|choice|answer)\s+[*_]*{_X}[*_]*\s+it\s+is\.?"
    rf"|{_LEAD}(?:the\s+)?(?:(?:correct|right|final)\s+)?(?:answer|option|choice)\s+is\s+[*_]*\(([A-J])\)[*_]*[ \t]+[^\n]{{1,40}}?\.?"
    rf"|{_LEAD}(?:{_I})?(?:choose|pick|select|go\s+with)\s+(?:option\s+)?[*_]*{_X_CHOSEN}[*_]*\.?(?-i:(?:\s+[a-z]+){{0,4}})\.?"
    # "after checking I choose C": a few words, then "I" choosing it
    rf"|(?:[a-z]+[ \t,]{{1,3}}){{1,4}}{_I}(?:choose|pick|select|go\s+with)\s+(?:option\s+)?[*_]*{_X_CHOSEN}[*_]*\.?"
    # Chinese: "故选D", "对应选项 C", "正确选项是D", "答案选 D"; "选项B是正确的", "D选项正确"
    rf"|(?:所以|因此|故|则|即)?\s*(?:应?选(?:择)?|对应的?(?:选项)?|正确的?(?:选项|答案)(?:是|为)?|(?:选项|答案)(?:应?(?:是|为|选)))"
    rf"[：:\s]*[*_]*{_X}[*_]*\s*(?:选项)?[。.！!]?"
    rf"|(?:选项)?\s*[*_]*{_X}[*_]*\s*(?:选项)?\s*(?:是|为)?\s*正确的?(?:答案|选项)?[。.！!]?",
    re.I,
)
# where a last line's last sentence or clause starts: "A or B? I choose A", "(A) and (B) are wrong, (C) is right"
_LAST_PART_RE = re.compile(r"(?:[.!?]|[,;]|\s(?=but\s))\s+(?:but\s+)?|[。！？，；]\s*(?=\S)")
# a line that introduces the chosen option on the next ("The correct interpretation is:", "**Final answer:**"; not
# "The options are:", which lists them)
_INTRODUCES_CHOICE_RE = re.compile(r"\b(?:correct|right|answer|true|best|final)\b[^:\n]{0,60}:[ \t*]*$", re.I)
# a line that doubts, takes back or weighs its option: it chooses none
_NOT_CHOSEN_RE = re.compile(
    r"(?i:\b(?:not|or|wrong|incorrect|wait|maybe|perhaps|unless|except)\b|n't\b|\?)|[不或错误吗？]|可能|也许|还是"
)


def closing_option(completion: str) -> str | None:
    """The option the completion's last non-empty line chooses, lower case, when the whole line has the shape of a
    choice and neither doubts nor takes it back ("It's not (D)", "(B) or (C)?"); None otherwise ("From equation (C),
    we get x = 4.", "Point B is right of A.")."""
    lines = [ln for ln in completion[-2_000:].splitlines() if ln.strip()]
    if not lines:
        return None
    line = lines[-1].strip().replace("\\_", "_")  # "Choice\_A": markdown's escaped underscore
    if len(line) > 300:
        return None
    # the whole line, else its last sentence or clause (what comes before it deliberates: "A or B? I choose A")
    starts = [0, *(m.end() for m in _LAST_PART_RE.finditer(line))]
    letter = None
    for start in (0, starts[-1]) if len(starts) > 1 else (0,):
        part = line[start:]
        if start and not re.search(r"[A-Za-z]{2}|[\u4e00-\u9fff]", part):
            continue  # "Final Answer: B, C": a lone letter after a comma is the last of a list, not a choice
        m = None if _NOT_CHOSEN_RE.search(part) else _CLOSING_OPTION_RE.fullmatch(part)
        letter = next((g for g in m.groups() if g), None) if m is not None else None
        if letter is not None:
            break
    restated = _RESTATED_AFTER_RE.search(line) if letter is None else None
    if restated is not None and not _NOT_CHOSEN_RE.search(line[: restated.start()]):
        # "选项D正确，即$\boxed{\{2, 3, 5\}}$。", "Option D is correct, i.e. $x = 2$.": the option chosen, then its content
        m = _CLOSING_OPTION_RE.fullmatch(line[: restated.start()].strip())
        letter = next((g for g in m.groups() if g), None) if m is not None else None
    if letter is None and len(lines) >= 2 and _INTRODUCES_CHOICE_RE.search(lines[-2]):
        # "The correct interpretation is:\n\nD. They give the solutions ...": the option introduced, with its text
        return leading_option(line)
    return letter.lower() if letter is not None else None


# a clause that restates what the one before it chose: "，即 ...", ", i.e. ...", ", that is ..."
_RESTATED_AFTER_RE = re.compile(r"[，,；;][ \t]*(?:即|也就是|i\.e\.|that\s+is|namely)")
_FAILS_RE = re.compile(r"\b(?:fails?|false|invalid|rejected|impossible)\b", re.I)
_OPTION_LEAD_RE = re.compile(r"\(?([A-J])\)?(?:[.:：．、,]|\s|\(|\\|$)")
_ANOTHER_LETTER_RE = re.compile(r"(?<![A-Za-z\\])[A-J](?![A-Za-z])|\b(?:or|und|oder|ou|o)\b|或")


_PRONOUN_VERB_RE = re.compile(
    r"(?<![ \t])[ \t]*(?:choose|chose|pick|select|think|believe|guess|would|will|am|have|go|get|got|found|conclude)\b", re.I
)


def option_lead(answer: str) -> str | None:
    """The option letter an answer leads with, its content after it ("\\text{A. }-\\frac{1}{21}", "B\\text{（6）}",
    "D\\left(\\frac{\\sqrt{65}}{2}\\right)", "\\text{B }(a=1)"), lower case; None when it leads with none, or names
    another option or an alternative after it."""
    led = option_lead_content(answer)
    return led[0] if led is not None else None


def option_lead_content(answer: str) -> tuple[str, str] | None:
    """:func:`option_lead`'s letter and the content written after it ("\\text{C. } 4" -> ("c", "4"))."""
    s = re.sub(r"\\(?:q?quad(?![A-Za-z])|[,;: ])", " ", answer.replace("$", " "))  # LaTeX's spaces as spaces
    s = TEXT_WRAP_RE.sub(r"\1", s).replace("\\left", "").replace("\\right", "")
    s = s.translate({0xFF08: "(", 0xFF09: ")", 0xFF0E: ".", 0xFF1A: ":"}).strip()
    m = _OPTION_LEAD_RE.match(s)
    if m is None or _ANOTHER_LETTER_RE.search(s, m.end()):
        return None
    rest = s[m.end() :]
    if m.group(1) in "Ii" and _PRONOUN_VERB_RE.match(rest):
        return None  # "I choose d.": the pronoun, not option I
    if _REJECTED_OPTION.search(rest.lstrip(" .:)")) or _NOT_CHOSEN_RE.search(rest) or _FAILS_RE.search(rest):
        return None  # "(C) wrong", "(C) fails": the option named to be rejected
    return m.group(1).lower(), rest.strip(" .:)")



# an option label and the content written after it, to the end of its clause: "(C) 6.", "(B) 23", "(D) 2.55, 0.487"
_LABELLED_RE = re.compile(r"\(([A-J])\)[ \t]*([^\s(),.;:][^\n()]{0,59}?)[ \t]*(?=[.;]?(?:[ \t]|$)|\n|\()", re.M)


def labelled_contents(completion: str) -> list[tuple[str, str]]:
    """Each option label the end of a completion writes with content after it, lower case, and the content:
    "the correct answer is (C) 6." -> [("c", "6")]; the last 4,000 characters, at most 40 labels."""
    return [(m.group(1).lower(), m.group(2)) for m in _LABELLED_RE.finditer(completion[-4000:])][-40:]


# the last line naming an option of an exam that numbers them, in brackets or after "ข้อ" (item), its content after
# it or not: "ตอบ ข้อ (2) 100 คน", "คำตอบคือข้อ ๓", "Answer: (3)", "(2)", "option 3" (a bare "Answer: 3" is a value)
_NUMBERED_CLOSING_RE = re.compile(
    r"[ \t*]*(?:(?:ตอบ|คำตอบ(?:คือ)?|answer(?:\s+is)?)[ \t]*[:：]?[ \t]*)?"
    r"(?:ข้อ[ \t]*\(?([1-9๑-๙])\)?|\(([1-9๑-๙])\)|(?:option|choice)[ \t]+([1-9]))(?:[ \t]+\S[^\n]{0,40}?)?[ \t*.]*",
    re.I,
)


_ANOTHER_NUMBERED_RE = re.compile(r"\(\s*[1-9๑-๙]\s*\)|ข้อ|หรือ|\b(?:or|not|wrong)\b|ไม่", re.I)


def closing_number_option(completion: str) -> str | None:
    """The numbered option (1-9) the last line of a completion names on its own ("ตอบ ข้อ (2)", "(3)", Thai digits
    too), as a digit; None when the line is anything else."""
    lines = [ln for ln in completion[-2_000:].splitlines() if ln.strip()]
    if not lines or len(lines[-1]) > 80:
        return None
    m = _NUMBERED_CLOSING_RE.fullmatch(lines[-1])
    if m is None or _ANOTHER_NUMBERED_RE.search(lines[-1], max(m.end(k) for k in (1, 2, 3) if m.group(k))):
        return None  # "ตอบ ข้อ (1) หรือ (2)": another option, or "or", after it
    return str(int(next(g for g in m.groups() if g)))


# a numbered option named in a solution's last line: "which corresponds to choice 4", "the correct answer is option 4:
# $\frac{5}{3}$", "This corresponds to choice 2: $\frac{13}{8}$", "So the correct answer is 2: \(15.4\)" (an option
# number, a colon, its content)
_SAID_NUMBERED_RE = re.compile(
    r"\b(?:choice|option)[ \t]+(?:number[ \t]+)?\(?([1-9])\)?(?![\d.,]?\d)"
    r"|\banswer[ \t]+is[ \t]*:?[ \t]*\(?([1-9])\)?[ \t]*:[ \t]+(?=\S)",
    re.I,
)
# a last line that is an option number and its content, "4: 7", "2: $-\frac{\sqrt{2}}{4}$", after a line that
# announces the answer ("The answer is:", "The correct answer choice is:")
_NUMBER_COLON_LINE_RE = re.compile(r"[ \t*]*\(?([1-9])\)?:[ \t]+\S[^\n]{0,80}")
_ANNOUNCED_RE = re.compile(r"(?:answer|choice|option)(?:[ \t]+choice)?[ \t]+is[ \t]*:[ \t*]*\Z", re.I)
_CHOOSING_RE = re.compile(r"\b(?:answer|correspond(?:s|ing)?|correct)\b", re.I)
_OR_RE = re.compile(r"\b(?:or|not)\b|或", re.I)


def said_number_option(completion: str) -> str | None:
    """The numbered option (1-9) a solution's last line says it chooses (``"... is 18, which corresponds to choice
    4."``, ``"The answer is:\n\n4: 7"``), as a digit; None when the line names none, or more than one, or hedges."""
    lines = [ln for ln in completion[-2_000:].splitlines() if ln.strip()]
    if not lines or len(lines[-1]) > 300:
        return None
    last = lines[-1]
    line = _NUMBER_COLON_LINE_RE.fullmatch(last)
    if line is not None and len(lines) >= 2 and _ANNOUNCED_RE.search(lines[-2]):
        return line.group(1)
    if not _CHOOSING_RE.search(last):  # "So Option 2 is cheaper by $4.": a word problem's options, no exam's
        return None
    named = {m.group(1) or m.group(2) for m in _SAID_NUMBERED_RE.finditer(last)}
    return named.pop() if len(named) == 1 and not _OR_RE.search(last) else None


def other_option_chosen(completion: str, gold: Node | None, rule: str | None) -> str | None:
    """Why the completion chooses another option than the reference's letter, or None: its last line chooses another
    ("x = 12\n**D**" against "(C) 12"), or the sentence before its last box or answer block does ("7 is prime. The
    answer is D.\n\n\\boxed{C}", "故选 D。\n\n【答案】C"). One answer per completion."""
    letter = option_letter(gold)
    if letter is None:
        return None
    completion = clean_completion(completion)  # (not a question made up after the answer, nor a forged turn)
    chosen = closing_option(completion)
    if chosen is not None and chosen != letter:
        return "the last line chooses another option"
    before = _before_last_block(completion) if (rule or "").split("+")[0] in ("boxed", "answer_tag") else ""
    chosen = closing_option(before) if before.strip() else None
    if chosen is not None and chosen != letter:
        return "the sentence before the box chooses another option"
    return None


# an option's label that opens the line of the last box: "A: $\boxed{\downarrow}$", "(B) \boxed{12}"
_OPTION_LABEL_BEFORE_BOX_RE = re.compile(r"(?:^|\n)[ \t*]*(?:\(([A-J])\)|([A-J])[.:：)])[ \t*]*\$*[ \t]*\\boxed[ \t]*\{[^\n]*\Z")


def label_before_box(completion: str) -> str | None:
    """The option label, lower case, that opens the line of the completion's last box, the box its only content."""
    at = completion.rfind("\\boxed")
    end = completion.find("\n", at)
    line = completion[completion.rfind("\n", 0, at) + 1 : end if end >= 0 else len(completion)]
    m = _OPTION_LABEL_BEFORE_BOX_RE.search(line) if at >= 0 else None
    return (m.group(1) or m.group(2)).lower() if m is not None else None


def _before_last_block(completion: str) -> str:
    """The text before the last box or answer block (``\\boxed``, ``<answer>``, ``【答案】``), to its line's start."""
    at = max(completion.rfind("\\boxed"), completion.lower().rfind("<answer>"), completion.rfind("【答案】"))
    return completion[: completion.rfind("\n", 0, at) + 1].rstrip() if at > 0 else ""
