"""Extraction, boxes read in context, part 2: whether the text after the last box takes the box back, adds a second
value to it or makes it part of a larger expression (:func:`after_box_hedge`), and the same after a marked value
(:func:`after_value_hedge`); whether a later box takes back the ones before it is :mod:`~verifiers.math.laterbox`'s.
Both err towards a hedge: a box that the text around it puts in doubt earns nothing, which a policy cannot turn into
reward by writing several answers.
"""

from __future__ import annotations

import re

from verigrpo.verifiers.math.boxes import _last_match, box_spans
from verigrpo.verifiers.math.chains import BRACKET_WORDS, bracketed_value
from verigrpo.verifiers.math.cjk import CJK_LETTERS
from verigrpo.verifiers.math.compare import approximates
from verigrpo.verifiers.math.conclusions import (
    WORD_VALUE_RE,
    checks_other_numbers,
    concluded_otherwise,
    restates,
    shown_otherwise,
    without_remark,
)
from verigrpo.verifiers.math.disowning import (
    _BOUND_AFTER_VALUE_RE,
    _CONDITION_AFTER_VALUE_RE,
    DISOWNED_RE,
    _closing_value,
    cjk_closing_value,
    conditional_hedge,
    plain_text,
    said_to_fail,
    words_restated,
)
from verigrpo.verifiers.math.laterbox import (
    _CONCEDED_BEFORE_BOX_RE,
    _DISBELIEF_BEFORE_RE,
    _NOT_BEFORE_BOX_RE,
    _STRAY_VALUE_RE,
    _UNSURE_BEFORE_RE,
    _two_sentences,
    next_sentences,
)
from verigrpo.verifiers.math.laterlines import (
    OFFERED_AT_END_RE,
    answered_otherwise,
    line_restates,
    revised_to,
    word_kind,
)
from verigrpo.verifiers.math.layout import equiv_safe, in_cases, later_row_value, listed_among_values
from verigrpo.verifiers.math.locales import decimal_comma_value
from verigrpo.verifiers.math.nodes import Expr
from verigrpo.verifiers.math.normalize import normalize
from verigrpo.verifiers.math.roundings import APPROXIMATELY_RE, rounding_after
from verigrpo.verifiers.math.sentences import (
    _TEXT_GROUP_RE,
    AMOUNT_VERBS,
    ANSWER_PLACE,
    CJK_CHAR_RE,
    FOREIGN_ANSWER_MARKERS,
    RETRACTION_WORDS,
    VERDICT_RE,
    parsed,
    parses,
    words,
)
from verigrpo.verifiers.math.units import SCALE_WORDS
from verigrpo.verifiers.math.valuelines import CANDIDATE_LABEL_RE

# right after the last box: an operator, a factorial, a power or a digit makes the box part of a larger expression
# ("\boxed{28} \times 10^3", "\boxed{28}!", "\boxed{28}0"); a scale word multiplies it ("\boxed{28} million")
_GLUED_AFTER_BOX_RE = re.compile(
    # ("**" after a box closes markdown bold: "**Answer: \(\boxed{12}\)**" is no product, nor a "*" with no operand
    # after it, markdown's italics: "*\boxed{5}*.")
    r"(?:[\d²³]|\.\d|\{,\}|e\d|[ \t]*(?:\$|\\\)|\\\])?[ \t]*(?:\\(?:times|cdot|pi)(?![A-Za-z])|!(?![ \t]+[A-Z][a-z])|[/×·]|\*(?!\*)(?=[ \t]*(?:[\d(\\]|[A-Za-z](?![A-Za-z])))|\*\*(?=[ \t]*(?:\d|\((?![ \t]*[A-Za-z]{2})))|[-+−][ \t]*[\d\\(]"
    r"|x[ \t]*10|[ \t]\d{3}(?!\d)|\^(?![ \t]*\{?[ \t]*\\(?:circ|text))))"
    # glued to it, with no space: a root, a fraction or an unknown that multiplies it ("\boxed{4}\sqrt{2}",
    # "\boxed{4}i", "\boxed{4}x"; not a one-letter unit, "\boxed{4}m", "\boxed{4}s")
    r"|\\(?:sqrt|frac|dfrac|tfrac)(?![A-Za-z])|[a-ln-rt-zA-Z](?![A-Za-z])"
    # a digit joined on by a negative space, a group, an upright text or a base's subscript ("\boxed{5}\!0",
    # "\boxed{5}{0}", "\boxed{5}\text{0}", "\boxed{101}_2"); a thousand or a million abbreviated ("\boxed{5}\mathrm{k}")
    r"|(?:\\!|\{|_[ \t]*\{?)[ \t]*\d|\\(?:text|mathrm|mbox|textrm|textbf)[ \t]*\{[ \t]*(?:\d|[kKMB][ \t]*\})"
)
# right after the box's closing, a factor, a fraction's part or a unit that changes its number: "$\boxed{12}$π",
# "$\boxed{12}$ $\pi$", "$\boxed{12}$√3", "$\boxed{6}$½", "$\boxed{6}$ 1/2", "$\boxed{6}$.5", "$\boxed{12}$ ppm"
_FACTOR_AFTER_BOX_RE = re.compile(
    r"(?:\$|\\\)|\\\])?[ \t]?(?:\$[ \t]?|\\\([ \t]?)?(?:π|\\pi(?![A-Za-z])|√|\\sqrt(?![A-Za-z])|[½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒]"
    r"|[⁰¹²³⁴⁵⁶⁷⁸⁹]+⁄|\.\d|[ \t]\d{1,4}/\d{1,4}(?![\d/])|(?:ppm|ppb|bps|‰)(?![A-Za-z])"
    r"|times[ \t]+(?:π|\$?\\pi))"
)
# right before the box, a factor that multiplies it: "π × $\boxed{12}$", "π$\boxed{12}$", "$\pi\boxed{12}$"
_FACTOR_BEFORE_BOX_RE = re.compile(r"(?:π|\\pi|√|\\sqrt)[ \t$]{0,3}(?:(?:×|\\times|\\cdot|\*)[ \t$]{0,3})?(?:\\\()?[ \t]?\Z")
# right after the last box: a word that does something to it ("\boxed{5} squared", "\boxed{10}, halved")
TRANSFORMED_AFTER_RE = re.compile(
    r"[ \t$)\]\\]{0,6},?[ \t]{0,3}(?:squared|cubed|doubled|halved|tripled|negated|inverted|factorial"
    r"|(?:plus|minus|times|divided\s+by|over|to\s+the\s+power)\s+(?:\$|\d|one|two|three|four|five|six|seven|eight|nine|ten|a\b|an\b|half)"
    r"|halves|thirds|quarters|fourths|fifths|sixths|sevenths|eighths|ninths|tenths|times\s+(?:larger|smaller|bigger|more|less|as)"
    r"|(?:more|less|fewer)\s+than|per\s?mille|and\s+(?:a\s+|one\s+)?(?:half|third|quarter)"
    # ("$\boxed{12}$ inverse", "(reciprocal)", "to the minus one", ", with the sign flipped", "$\boxed{12}$ negative.")
    r"|inverse(?![ \t]*[a-z])|\(?reciprocal\)?(?![ \t]*[a-z])|to\s+the\s+(?:minus|negative)\s+(?:one|1|first)"
    r"|with\s+(?:the|its)\s+sign\s+(?:flipped|reversed|changed)|negative(?=[ \t]*(?:[.!;)]|$))"
    # a share of something ("\boxed{5}% of 60"), a second unit that adds to it ("\boxed{5} hours and 30 minutes")
    r"|(?:%|percent)[ \t]+of[ \t]+\$?\d+|(?:hours?|hrs?|h)\.?[ \t,]*(?:and[ \t]+)?\d+[ \t]*(?:minutes?|mins?)"
    r"|(?:minutes?|mins?)\.?[ \t,]*(?:and[ \t]+)?\d+[ \t]*(?:seconds?|secs?|s)|(?:feet|foot|ft)\.?[ \t,]*(?:and[ \t]+)?\d+[ \t]*(?:inch(?:es)?|in)"
    r"|(?:dollars?)[ \t,]*(?:and[ \t]+)?\d+[ \t]*cents?|(?:pounds?|lbs?)\.?[ \t,]*(?:and[ \t]+)?\d+[ \t]*(?:ounces?|oz))\b|[ \t]*‰",
    re.I,
)
# in the box's sentence, before it: another's claim ("My friend says", "According to Wolfram Alpha the answer is", "One
# might think", "The expected answer is", "Many would say"), a counterfactual ("If the answer were", "I wish it were",
# "should have been", "Had I"), a question ("Could it be", "whether"), a denial ("Nobody would claim", "Never", "Far
# from", "Instead of", "I used to think")
_NOT_OURS_BEFORE_RE = re.compile(
    r"\b(?:my\s+(?:friend|teacher|classmate)|someone|somebody|some|people|many(?:\s+(?:people|students))?|most\s+(?:people|students)"
    r"|one|they|the\s+(?:textbook|book|key|teacher|reference|answer\s+key))\s+(?:(?:might|would|could|may)\s+)?"
    r"(?:says?|said|claims?|claimed|think|thinks|thought|believes?|expects?|guess|guesses)\b"
    # (a source of the claim, not of the reasoning: "According to the formula, the area is" stays ours)
    r"|\baccording\s+to\s+(?!(?:the\s+|this\s+|our\s+|my\s+)?(?:formula|theorem|rule|problem|question|definition|lemma|law|"
    r"equation|calculation|computation|result|above|given|data|table|graph|figure|pythagorean|steps?)\b)"
    r"|\b(?:the\s+)?expected\s+answer\b|\b(?:the\s+)?(?:given|stated|official)\s+answer\s+(?:is|was|says)\b"
    r"|\bif\s+(?:the\s+answer|it|this|that)\s+(?:were|was)\b|\bhad\s+I\b|\bI\s+wish\b"
    # right before the box: "should have been \boxed{56}", "Could it be \boxed{56}", "whether (the answer is)",
    # "never", "far from", "instead of", "rather than"
    r"|\b(?:(?:should|would|could)\s+have\s+been|could\s+it\s+be|whether(?:\s+(?:the\s+answer|it|this)\s+(?:is|was|equals))?"
    r"|never(?:\s+(?:be|is|was|equals?))?|far\s+from|instead\s+of|rather\s+than)[ \t$\\(]{0,4}\Z"
    r"|\b(?:cannot|can['’]t|could\s+not|couldn['’]t)\s+(?:determine|tell|decide)\s+(?:if|whether)\b|\b(?:unknown|unclear)\s+(?:if|whether)\b"
    r"|\b(?:nobody|no\s+one)\s+(?:would\s+|could\s+)?(?:claims?|says?|thinks?|believes?|answers?)\b|\bused\s+to\s+think\b"
    r"|\b(?:at\s+first|initially|originally)\s+(?:I\s+|we\s+)?(?:thought|guessed|believed|got|had|said|wrote)\b"
    r"|\bthe\s+(?:grader|checker|parser|autograder)\s+(?:wants|expects|needs|asks\s+for)\b",  # "The grader wants \boxed{72}"
    re.I,
)
# right before the box: a confidence below a hundred per cent ("Confidence: 60%. \boxed{5}")
_CONFIDENCE_BEFORE_RE = re.compile(r"\bconfidence\s*[:=]?\s*[1-4]?\d(?:\.\d+)?\s*%[\s.;,)$\\(]{0,8}\Z", re.I)  # (under even odds)
# right after the last box: a modulus ("\boxed{5} mod 3", "\boxed{5} \pmod{7}")
_CROSSED_BEFORE_BOX_RE = re.compile(r"[❌✗✘🚫⛔][\ufe0f]?[ \t$*]{0,6}\Z")
_MOD_AFTER_BOX_RE = re.compile(r"[ \t$)\]\\]{0,6}[ \t(]{0,3}(?:\\?[bp]?mod|modulo)\b[ \t{(]{0,3}(\d{1,9})\b", re.I)
# in words right before the box: an operation on it ("twice $\boxed{5}$", "half of", "one more than", "$\log \boxed{5}$")
_OPERATION_BEFORE_BOX_RE = re.compile(
    r"(?:(?<=[^\s<>])[ \t]+[<>]|&[ \t]*[<>]|[≤≥≠]|\\(?:neq?|geq?|leq?|gt|lt|geqslant|leqslant)(?![A-Za-z])"  # "$x > \boxed{5}$": a bound (with a space: "<a_main>\boxed{2}" is a tag)
    r"|\b(?:(?:more|less|fewer|greater|larger|smaller|higher|lower)\s+than|over|under|upwards\s+of|at\s+(?:least|most)|up\s+to|exceeds?|exceeding|surpass(?:es)?|below|above|beyond"
    r"|other\s+than|(?:a|some|any)\s+(?:multiple|divisor|factor)\s+of|except(?:\s+for)?|besides|(?:apart|aside)\s+from"
    r"|minus|negative|(?:the\s+)?square\s+root\s+of|\d+\s+(?:times|over)|one\s+over|twice|thrice|double|triple|half\s+of|(?:a\s+)?(?:third|quarter)\s+of|the\s+(?:square|cube|reciprocal|"
    r"negative|opposite)\s+of|(?:one|two|three|\d+)\s+(?:more|less|fewer)\s+than|the\s+(?:sum|difference|product)\s+of"
    # ("the negative reciprocal of $\boxed{3}$", "log of $\boxed{100}$", "1/$\boxed{12}$")
    r"|(?:negative\s+)?reciprocal\s+of|inverse\s+of|(?:natural\s+)?log(?:arithm)?\s+of|cube\s+root\s+of)"
    r"|(?<![\w.])\d+[ \t]*/"
    r"|\\(?:log|ln|sin|cos|tan|exp|sqrt)(?![A-Za-z]))[ \t$\\(:]{0,4}\Z",
    re.I,
)
# right before the last box: a sign or an operator, or the brace of a larger expression ("$x = -\boxed{28}$",
# "$\pm\boxed{28}$", "\frac{\boxed{28}}{2}", "10^{\boxed{28}}")
_GLUED_BEFORE_BOX_RE = re.compile(
    r"(?:[-+−/×·]|[-−][ \t]*\$|(?:\d|[)\]}]|(?<![A-Za-z*])[A-Za-z])[ \t]*\*|\^[ \t]*\{?|_[ \t]*\{|\\(?:pm|mp|times|cdot)|\\(?:sqrt|frac|dfrac|tfrac)(?:\[[^\]]{0,9}\])?[ \t]*\{"
    r"|\}[ \t]*\{)[ \t]*\Z"
    r"|(?:\d|(?<!\d)0\.)\Z"  # glued to it, with no space: a digit or "0." ("$2\boxed{4}$", "$0.\boxed{4}$")
)
_BULLET_RE = re.compile(r"(?:^|\n)[ \t]*[-+*][ \t]*$")  # "- \boxed{28}": a list item's bullet, no minus sign# (not a degree sign: "\boxed{12}^\circ")
_SCALE_AFTER_BOX_RE = re.compile(
    r"[ \t~]*(?:\$|\\\)|\\\])?[ \t~]*(?:\\(?:text|mathrm)\s*\{\s*)?\(?(?:in\s+)?"
    rf"({'|'.join(SCALE_WORDS)}|[千百万亿])(?:s|元)?(?!\w)",
    re.I,
)
# a thousand, a million or a billion abbreviated right after the box's closing ("$\boxed{12}$k", "$\boxed{12}$M",
# "$\boxed{12}$ bn"), or a power of ten ("$\boxed{1.2}$e4")
_ABBREVIATED_SCALE_RE = re.compile(
    r"(?:\$|\\\)|\\\])?(?:([kK]|M)|[ \t]?(mn|bn))(?![A-Za-z])|(?:\$|\\\))?([eE][+-]?\d{1,3})(?![\d.])"
)
_ABBREVIATIONS = {"k": "thousand", "m": "million", "mn": "million", "bn": "billion"}
# a second value offered after the box: "(or maybe 6)", ". Hmm, or 6.", "? or \(6\)", "或 6"
_OR_VALUE_RE = re.compile(
    r"(?:\b(?:or|else|otherwise|unless(?:\s+it\s+is)?|alternatively|vs\.?|versus|maybe|perhaps|possibly|probably|(?:but|and)\s+also)\b"
    r"|或者?|还是|要么"
    r"|也可能是?|也许是|或许是|あるいは|또는)"
    r"(?:(?![.\-−]\d|\\)\W){0,4}"  # (a minus stays with its number: "or -72"; a command with its name: "$\{")
    r"(?:(?:maybe|perhaps|possibly|probably|even|else|option|choice)\s+)?(?:\\\(|\$)?\s*"
    # (or a bracketed value in its maths delimiters: "or maybe $[1,3]$", "or $\{1,2,3\}$")
    r"((?:[a-z]\s*=\s*)?-?(?:\d|\.\d|\\[A-Za-z]+)[^\n)$?]{0,60}|(?<=\$)(?:[(\[]|\\\{)[^$\n]{1,80}(?=\$)"
    r"|\(?[A-J]\)?(?=\s*(?:[.,;!?)]|$))"
    r"|[A-Za-z]+(?=\s*(?:[.,;!?)]|$)))",
    re.I,
)
# a conclusion right after the answer, in its sentence, that states another plain number: "The answer is 3/4 so 4."
# (not a later sentence: "The answer is 5. So 2.5 per person.")
_SO_VALUE_RE = re.compile(
    r"\A[ \t,;:—–-]{0,4}(?:so|thus|hence|therefore)\b(?:(?!\.\d)\W){0,4}(-?\d[\d,]*(?:[./]\d+)?)(?![\w^*+\-=/]|\.\d)"
    # or in the next sentence, a conclusion that is only a value ("\boxed{5}.\nSo we get 6.", "Therefore, 6.", not "So 2.5
    # per person.", another quantity)
    r"|\A[ \t]*[.!]?\s{1,4}(?:so|thus|hence|therefore|we\s+conclude|conclusion|in\s+conclusion)\b"
    r"(?:\s+(?:we\s+(?:get|have|find|obtain)|[a-z]\s*=|it\s+is|it['’]s))?"
    r"(?:(?!\.\d)\W){0,4}(-?\d[\d,]*(?:[./]\d+)?)[ \t]*[.!]?[ \t]*(?:\n|\Z)",
    re.I,
)
# a word or a letter after a word or letter answer, in the same or the next sentence: another value ("\boxed{B}.
# Hmm, C.", "\boxed{\text{Yes}}. Wait, no."): conclusions.WORD_VALUE_RE
_WORD_VALUE_RE = WORD_VALUE_RE
# what offers a second word or letter: a connective or a revision word right before it, or a sentence of its own
_OFFERED_BEFORE_RE = re.compile(
    r"(?:\b(?:or|and|maybe|perhaps|possibly|actually|wait|hmm+|also|option|choice|answer|final|no|then|nope|else)\b"
    r"|或者?是?|还是|要么|也可能是?|也许是|또는|아니면|あるいは|または|^|[.!?;。！？；]|[:：])\W{0,6}$",
    re.I,
)
# after another option letter: it (with the letters listed with it) is said to be wrong
_REJECTED_AFTER_RE = re.compile(
    r"(?:[ \t]*(?:,|and|or)[ \t]*\(?[A-J]\)?)*[ \t]*(?:(?:is|are)[ \t]+(?:not\b|false\b|wrong\b|incorrect\b)"
    r"|(?:wrong|incorrect|false)\b"
    # a distractor explained: "(Option (E) is a common trap.)", "Option D double-counts each edge.", "(D) is just
    # the product 4·6."
    r"|(?:is|are)[ \t]+(?:(?:a|an|the)[ \t]+)?(?:(?:common|typical|tempting|classic|likely)[ \t]+)?"
    r"(?:trap|distractor|mistake|error|pitfall)s?\b|(?:is|are)[ \t]+(?:just|only|merely)\b"
    r"|(?:double[- ]?counts?|over-?counts?|under-?counts?|forgets?|ignores?|misses|omits?)\b"
    r"|(?:选项|項)?[ \t]*(?:是|为)?[ \t]*(?:错误|不对|不正确|错的|不是|误)|(?:는|은)?[ \t]*(?:틀|오답))",  # "B选项错误", "B는 틀림"
    re.I,
)
# another value said to be possible too: "\boxed{5}, though 6 is also possible"
_ALSO_RE = re.compile(
    r"\b(?:also|too|equally)\s+(?:possible|valid|works|correct|defensible|plausible|acceptable|reasonable|justifiable"
    r"|a\s+(?:solution|possibility|answer))\b"
    # another reading of the question, and the value it gives: "another interpretation gives 10", "(If the problem
    # instead meant 2x-3=17, the answer would be 10.)", "unless we count the boundary, in which case 10", "but if we
    # count the boundary it's 10", "Alternatively, 10"
    r"|\b(?:another|an\s+alternative|a\s+different|the\s+other)\s+(?:interpretation|reading|approach|assumption|convention)"
    r"\b[^.\n]{0,40}?\b(?:gives|yields|leads\s+to|results\s+in|would\s+(?:give|be))\b"
    r"|\b(?:if|had)\b[^.\n]{0,80}?\binstead\b|\b(?:the\s+)?answer\s+would\s+(?:instead\s+)?be\b"
    r"|\bin\s+which\s+case\b[^.\n]{0,40}?[$\\(]*-?\d"
    r"|\bbut\s+if\b[^.\n]{0,80}?\b(?:it'?s|it\s+is|it\s+would\s+be|we\s+get|gives?|then)\s+[$\\(]*-?\d"
    r"|\balternatively,?\s+(?:it\s+(?:is|could\s+be)\s+|the\s+answer\s+(?:is|could\s+be)\s+)?[$\\(]*(?:-?\d|[a-z]{2,6}\{\d)"
    # a second answer offered by name: "(My other guess: D)", "my backup answer would be 720"
    r"|\b(?:my|an?|another|the)\s+(?:other|second|alternative|backup)\s+(?:guess|answer|candidate|choice)\s*(?:is|would\s+be|:)"
    r"\s*[$\\(*]*(?:-?\d|[A-J]\b)"
    r"|\balso\s+-?\d[\d.,/]*\s+(?:works|is\s+(?:possible|valid|correct|a\s+solution))\b"  # "Also 6 works."
    # another value said likelier, or the answer's own doubt naming another: "1/6, though 1/3 is more likely right",
    # "1/6, unless I'm wrong and it's 1/3"
    r"|\b(?:though|although|but)\b[^.\n]{0,30}?[$\\(]*-?\d[^.\n]{0,20}?\b(?:is|seems|looks)\s+(?:more\s+likely|likelier"
    r"|probably|perhaps|possibly|maybe)\b"
    r"|\bunless\b[^.\n]{0,40}?\b(?:it['’]s|it\s+is|the\s+answer\s+is)\s+[$\\(]*-?\d"
    r"|\b(?:works|holds|fits)\s+(?:as\s+well|too)\b"
    # another value offered in doubt: "1/3 could be the intended answer", "My gut says 1/3", "1/6 or maybe 1/3",
    # "50/50 between this and 1/3", "If the dice are identical the answer becomes 1/3", "答案可能是1/3"
    r"|[$\\(]*-?\d[^.\n]{0,20}?\b(?:could|might|may)\s+(?:also\s+)?be\s+(?:the\s+)?(?:intended|real|correct|right|true"
    r"|actual|expected)\s+(?:answer|value|one)\b"
    r"|\b(?:gut|instinct|intuition|heart)\s+(?:says|tells\s+me|is)\b[^.\n]{0,20}?[$\\(]*-?\d"
    r"|\bor\s+(?:maybe|perhaps|possibly|probably)\s+[$\\(]*-?\d"
    r"|\bbetween\s+(?:this|that|it|these)\s+and\s+[$\\(]*-?\d"
    r"|\banswer\s+becomes\s+[$\\(]*-?\d"
    r"|(?:可能|也许|或许|大概)(?:是|为)[ \t]*[$\\(]*-?\d"
    # the same in other languages: "70 ist auch möglich", "70 est aussi possible", "70 también es posible", "Anche 70 è
    # possibile", "Oder auch 70", "Ou bien 70", "con un'altra interpretazione la risposta sarebbe 70", "... होगा"
    r"|\b(?:auch|aussi|también|também|anche|ook|også|även|też|také|тоже|также)\s+(?:(?:es|est|ist|é|è)\s+)?(?:möglich|possible|posible|possível"
    r"|possibile|mogelijk|mulig|möjligt|możliwe|možné|возможно|gültig|valide|válid[oa]|valido|richtig|correct[oa]?|korrekt)\b"
    r"|\b(?:anche|auch|aussi|también|também)\s+[$\\(]*-?\d[^.\n]{0,20}?\b(?:è|ist|est|es|é)\s+(?:possibile|möglich|possible|posible|possível)\b"
    r"|\b(?:oder\s+auch|ou\s+bien|o\s+bien|ou\s+então|oppure|of\s+ook)\s+[$\\(]*-?\d"
    r"|\b(?:w[äa]re|serait|sería|seria|sarebbe|zou\s+zijn|byłaby?|была\s+бы|будет)\b[^.\n]{0,30}?[$\\(]*-?\d"
    r"|\d[^.\n]{0,6}\s*होगा|होगा"
    # another reading in other languages ("Bei anderer Lesart ergibt sich 70", "con otra interpretación, 70"), both
    # values endorsed ("Both 72 and 70 are defensible"), a range of answers ("A range of 70–72", "range: 70 to 72"),
    # an alternative answer by label ("Answer (alternative): 70"), a condition and its value ("If we count the 2
    # returned clips: 70."), "Either way, 70"
    r"|\b(?:ander(?:e|er|en)\s+(?:Lesart|Interpretation|Deutung)|autre\s+(?:interprétation|lecture)|otra\s+(?:interpretación"
    r"|lectura)|outra\s+interpretação|altra\s+interpretazione)\b[^.\n]{0,40}?[$\\(]*-?\d"
    r"|\bboth\s+[$\\(]*-?\d[^.\n]{0,20}?\band\s+[$\\(]*-?\d[^.\n]{0,20}?\b(?:are|could\s+be|seem)\s+(?:defensible|valid|correct"
    r"|possible|acceptable|plausible|reasonable|fine|right)\b"
    r"|\b(?:final\s+)?answer\s+range\b[^.\n]{0,6}?-?\d[\d.,]*\s*(?:–|—|-|to|through)\s*-?\d"  # (not "The range is 0 to 4.")
    r"|\ba\s+range\s+of\s+-?\d[\d.,]*\s*(?:–|—|-|to)\s*-?\d[^.\n]{0,20}?\b(?:is|seems)\s+(?:plausible|possible|likely|reasonable)\b"
    r"|\b(?:answer|solution)\s*\(\s*(?:alternative|alt\.?|second|other|backup)\s*\)\s*:\s*[$\\(]*-?\d"
    r"|\bif\s+(?:we|you|one)\b[^.\n:]{0,60}:\s*[$\\(]*-?\d|\beither\s+way\b[^.\n]{0,10}?[$\\(]*-?\d"
    # "it could be 6", "might also be (C)"; not "could be ambiguous", a word about the reading
    r"|\b(?:might|could|may)\s+(?:also\s+)?be\s+(?:(?:either|around|about|equal\s+to)\s+)?(?:[$(\\\d-]|[A-J]\b|(?:one|two|three|four|five|six|seven|eight|nine|ten|zero|yes|no)\b)",
    re.I,
)
# a word's guards against the letters of the spaced scripts (Latin, Cyrillic) only: a Chinese or Japanese word stands
# between other characters of its script ("根其实是 2", "根は実は 2 です")
_NOT_SPACED_LETTER_BEFORE = r"(?<![A-Za-z\u00c0-\u024f\u0400-\u04ff])"
_NOT_SPACED_LETTER_AFTER = r"(?![A-Za-z\u00c0-\u024f\u0400-\u04ff])"
# a retraction after the box that names another value: "Wait, C.", "Actually the answer is 6.", "no, 13"
_REVISED_VALUE_RE = re.compile(
    rf"{_NOT_SPACED_LETTER_BEFORE}(?:{RETRACTION_WORDS}|incorrect|should\s+(?:read|say)|meant|no(?=[,.!:;])|nope|nein|errata"
    r"|make\s+that|not\s+quite|but(?=\s+(?:I|we)\s+(?:get|got|computed|calculated|found|obtain))|close,?\s+but|more\s+precisely|to\s+be\s+(?:more\s+)?(?:exact|precise)|precisely"
    r"|(?:or|ou|o|oder)\s+(?:rather|plutôt|mejor\s+dicho|vielmehr|meglio)|plutôt"
    # "17, updated to 19", "[revised: 19]", "(amended to 19)"
    r"|(?:corrected|updated|revised|changed|adjusted|amended|altered|modified)(?:\s+to\b|(?=\s*:)))"
    rf"{_NOT_SPACED_LETTER_AFTER}[\s,:;.!，。：；！—–…、]*"
    r"(?:(?:(?:it|that|the\s+answer)\s*(?:is|'s|should\s+be)|(?:I|we)\s+(?:computed|calculated|got|get|found|obtained)"
    r"|es\s+ist|c'est|es|это|应该是|是)\s*)?"
    r"(\(?[A-J]\)|[A-J](?=\s*(?:[.,;!]|$))|\$?-?\d[\d.,/]*)",
    re.I,
)
# another answer stated after the box: "but the answer is 6", "Answer: 6", "#### 6", "**Final Answer** 6", "the
# answer stays 3"
_ANSWER_AFTER_RE = re.compile(
    # (not another's: "a common wrong answer is 13", "the naive answer is 13")
    r"(?:\b(?<!wrong )(?<!incorrect )(?<!mistaken )(?<!tempting )(?<!naive )(?<!common )(?<!typical )"
    r"(?:(?:final\s+)?(?:answer|result)|correct\s+(?:value|number|count|total))\b\s*(?:\*\*|(?:\*\*)?\s*"
    rf"(?:is{ANSWER_PLACE}|stays|remains|should\s+be|must\s+be|[:=\-]))"
    rf"|####|{FOREIGN_ANSWER_MARKERS}|∴)\s*\**:?\s*"
    r"(?:\$|\\\(|\\\[)?\s*([^\n$]{1,80}?)\s*(?:\$|\\\)|\\\])?\s*(?:[.;,!]\s|[.;!]?$|\n)",
    re.I,
)


# a footnote, an equation tag or a margin note right after the box: a remark on it ("\boxed{5}\tag{wrong}")
_ANNOTATION_RE = re.compile(r"\A([ \t$]*)\\(?:footnote|tag\*?|marginpar)[ \t]*\{([^{}\n]{0,200})\}")
_LATEX_SPACE_RE = re.compile(r"\\[,;: ]|\\q?quad(?![A-Za-z])|~")  # (not a negative space: it joins "16,\!386")
# right before the last box: "or" after another value ("either 3 or \boxed{4}"), which is a math span or a number
_VALUE_BEFORE_RE = re.compile(r"\$([^$]{1,60})\$|(-?\d[\d,]*(?:\.\d+)?)")
_OR_BEFORE_BOX_RE = re.compile(r"(?<![^\W_])(?:or|oder|ou|или)[ \t$(\\]*$|(?:或者?|还是)[ \t$(\\]*$", re.I)


def after_box_hedge(text: str, end: int, box: str) -> str | None:
    """Why the text after the last box (which ends at ``end`` and holds ``box``) keeps it from being the answer, or
    None: the box is part of a larger expression; the text offers another value ("or maybe 6", "though 6 is also
    possible"), takes the box back for another ("Wait, C."), or states another answer ("but the answer is 6")."""
    # (LaTeX's spacing commands read as the space they lay out: "$\boxed{5}\,\times 10^3$" is "\boxed{5} \times 10^3")
    rest = _LATEX_SPACE_RE.sub(" ", text[end : end + 600])  # bounded, as every pattern here is
    # "\boxed{5}\footnote{Not verified.}": a remark in brackets ("\tag{1}", an equation's number, says nothing)
    rest = _ANNOTATION_RE.sub(
        lambda m: m.group(1) if "\\tag" in m.group() and re.fullmatch(r"\s*[\d.*]{1,4}[a-z]?\s*", m.group(2))
        else f"{m.group(1)} ({m.group(2)})",
        rest,
    )
    if "\\text" in rest:  # "\boxed{\text{Monday}}\text{? no, Tuesday}": the text group read as its words
        rest = _TEXT_GROUP_RE.sub(r"\1", rest)
    start = _last_box_start(text)
    before = _LATEX_SPACE_RE.sub(" ", text[max(0, start - 30) : start])
    if (
        _GLUED_AFTER_BOX_RE.match(rest)
        or TRANSFORMED_AFTER_RE.match(rest)  # "\boxed{5} squared."
        or _FACTOR_AFTER_BOX_RE.match(rest)  # "$\boxed{12}$π", "$\boxed{6}$½", "$\boxed{6}$.5", "$\boxed{12}$ ppm"
        or _FACTOR_BEFORE_BOX_RE.search(before)  # "π × $\boxed{12}$", "$\pi\boxed{12}$"
        or (_GLUED_BEFORE_BOX_RE.search(before) and not _BULLET_RE.search(before))
        or _OPERATION_BEFORE_BOX_RE.search(before)  # "twice $\boxed{5}$", "$\log \boxed{5}$"
    ):
        return "the box is part of a larger expression"
    modulus = _MOD_AFTER_BOX_RE.match(rest)
    if modulus is not None and not (box.strip().isdigit() and int(box) < int(modulus.group(1))):
        return "the box is reduced by a modulus"  # "\boxed{5} mod 3" is 2 (not "\boxed{5} \pmod{7}", a residue)
    if listed_among_values(text, start, end, box):  # "Candidates:\n- \boxed{5}\n- 6", "- [x] 6\n- [ ] \boxed{5}"
        return "the box is one item of a list of values"
    if in_cases(text, start, end):  # "f(x)=\begin{cases} \boxed{5} & x>0 \\ 6 & x\le 0 \end{cases}"
        return "the box is one branch of a piecewise answer"
    if later_row_value(text, start, end, box):  # "\begin{align} x &= \boxed{5} \\ x &= 6 \end{align}"
        return "a later row of the box's environment gives another value"
    closing = _closing_value(rest) if len(text) - end <= 300 else None
    if closing is not None and not restates(closing, box) and not equiv_safe(normalize(closing), normalize(box)):
        # "\boxed{5}\n\n**Answer: 6**", "\n\nx = 6", "\n\n所以答案是6。", "\n\nPor lo tanto, 6.": the last line ends on another value
        return "another value ends the last line after the box"
    for said in words_restated(rest):
        if not equiv_safe(normalize(said), normalize(box)):  # "\boxed{5}, that is, six", "\boxed{5} (in words: six)"
            return "the box is restated in words as another value"
    if _NOT_BEFORE_BOX_RE.search(before):  # "The answer is not \boxed{5}.": the box is what the answer is not
        return "the box is negated"
    if _CROSSED_BEFORE_BOX_RE.search(before):  # "❌ \boxed{5}\n✅ 7": marked wrong where it is given
        return "the box is marked wrong"
    sentence = re.split(r"[.!?。！？\n](?=\s|$)|\n", text[max(0, start - 160) : start])[-1]
    if _DISBELIEF_BEFORE_RE.search(sentence):  # "I doubt the answer is \boxed{5}", "No creo que la respuesta sea"
        return "the box is doubted in its sentence"
    if _UNSURE_BEFORE_RE.search(sentence) or _GUESS_BEFORE_BOX_RE.search(sentence):
        # "The answer is maybe \boxed{5}", "答案可能是 \boxed{5}", "I guess \boxed{5}", "Guess: \boxed{5}", "It might be
        # \boxed{5}.", "If the answer is \boxed{5}, then ..."
        return "the box is only a guess in its sentence"
    if _NOT_OURS_BEFORE_RE.search(sentence):  # "My friend says \boxed{56}.", "If the answer were \boxed{56}, ..."
        return "the box is someone else's claim, a supposition or a question in its sentence"
    said = text[max(0, start - 200) : start]
    if said_to_fail(said[said.rfind("\n") + 1 :], box, after=False):  # "So x=5 fails. \boxed{5}"
        return "the box was said to fail its check before it"
    if _CONFIDENCE_BEFORE_RE.search(text, max(0, start - 40), start):  # "Confidence: 60%. \boxed{5}"
        return "the box is given with low confidence"
    if _CONCEDED_BEFORE_BOX_RE.search(before):
        return "the box is conceded in a clause that concludes something else"
    alternative = _OR_BEFORE_BOX_RE.search(before)
    if alternative is not None:  # "It is either 3 or \boxed{4}.", "$3$ or $\boxed{4}$" (not "12 dollars, or \boxed{12}")
        at = max(0, start - 20) + alternative.start()
        boxes = [b for b in box_spans(text[:at]) if b[1] > at - 40]  # "\boxed{\frac34} 或 \boxed{75\%}"
        prior = _last_match(_VALUE_BEFORE_RE, text[max(0, at - 60) : at])
        value = boxes[-1][2] if boxes else prior.group(1) or prior.group(2) if prior is not None else None
        if value is not None and not equiv_safe(normalize(value), normalize(box)):
            return "another value offered before the box"
    return after_value_hedge(rest, box) or concluded_otherwise(text[end:], box, sentence, text[:start])


def _negated_value(rest: str, value: str) -> bool:
    """Whether ``rest`` says the answer's plain value is not the answer: "not 5" (not "not 5.5", "not 50"), "5 is
    wrong", "5 would be incorrect"."""
    plain = value.strip().strip("$").strip()
    if not _PLAIN_VALUE_RE.fullmatch(plain) or plain not in rest:  # (most texts never name the value again)
        return False
    v = re.escape(plain)
    return bool(
        re.search(rf"\bnot\s+\$?{v}(?!\.?\d|[\w/^])", rest)
        or re.search(rf"(?<![\w.]){v}\$?\s+(?:is|was|would\s+be)\s+(?:wrong|incorrect|not\s+(?:right|correct))\b", rest, re.I)
    )


# a clause right after the answer that carries on to another value, which ends its sentence: "17, giving 19 in
# total.", ", which makes 19 overall.", ", which brings the total to 19.", ", the final answer being 19.", "— that is,
# 19 including the free ones." (not "17, giving 3 to each of the 4 kids": the value is no conclusion there)
_CLAUSE_VALUE_RE = re.compile(
    # (the answer's unit words first, and an operation on it: "$\boxed{72}$ clips, minus 2 returned, leaving 70.")
    r"(?<![ \t$*}])[ \t$*}]{0,6}(?:"
    r"(?:,|[ \t]{0,4}[—–])[ \t]{0,4}(?:giving(?:[ \t]+us)?|which[ \t]+(?:makes|gives|brings[ \t]+the[ \t]+total[ \t]+to"
    r"|comes[ \t]+to|totals)|making|for[ \t]+a[ \t]+total[ \t]+of|the[ \t]+final[ \t]+answer[ \t]+being|that[ \t]+is,?|i\.e\.,?)"
    # an operation on the answer, then what it leaves: "$\boxed{72}$ clips, minus 2 returned, leaving 70."
    r"|(?:[ \t]+[A-Za-z]{1,15}){0,2},[ \t]*(?:minus|plus|less|after|then)\b[^,.;\n]{1,40},[ \t]*"
    r"(?:leaving|which[ \t]+leaves|giving|making)(?:[ \t]+(?:us|her|him|them|it))?)"
    r"[ \t]*(?:a[ \t]+total[ \t]+of[ \t]*)?[$*]*(-?\d[\d,]{0,20}(?:\.\d{1,12})?)(?![\d.,]*\d|[%/^])[*]*"
    r"(?:[ \t]+[A-Za-z]{1,15}){0,4}[ \t]*[.!]?[ \t]*(?:\n|\Z)"
)
_PLAIN_VALUE_RE = re.compile(r"-?\d{1,12}(?:\.\d{1,12})?")


_VERDICT_WORD_RE = re.compile(r"yes|no|true|false", re.I)


def after_value_hedge(rest: str, value: str) -> str | None:
    """Why the text ``rest`` after an answer ``value`` (a box's, or a marked answer's) keeps it from being the answer,
    or None: it offers another value ("or maybe 6", "else 4", "unless it is 4", "though 6 is also possible"), takes
    the value back for another ("Wait, C."), or states another answer ("but the answer is 6", "#### 6")."""
    raw = rest[:600]
    verdict = _VERDICT_WORD_RE.fullmatch(value.strip().strip("$").replace("\\text", "").strip("{}() "))
    if verdict is not None:  # "\boxed{\text{No}}\n\nNo, 91 is not prime.": the verdict said again, then its reason
        raw = re.sub(rf"\A([^\w]{{0,12}}){verdict.group()}\b[ \t]*[,.!—–-]?", r"\1", raw, count=1, flags=re.I)
    if _QUESTION_AFTER_RE.match(raw):  # "\boxed{5}?", "<answer>5</answer>?": put as a question
        return "the answer is put as a question"
    if len(rest) <= 40 and _DANGLING_AFTER_RE.fullmatch(rest):  # "\boxed{72} but actually", "72 (or": cut off
        return "the text stops on a word that goes on from the answer"
    if _GLUED_DIGIT_RE.match(raw):  # "The answer is **5**0.", "$5$0": the number goes on after its markup
        return "the value goes on after its markup"
    stray = _STRAY_VALUE_RE.match(raw) if len(rest) <= 200 else None
    if stray is not None and not equiv_safe(normalize(stray.group(1)), normalize(value)):
        return "another value on a line after the answer"  # "\boxed{5}\n\n6": the completion ends on another value
    bracketed = _BRACKETED_END_RE.match(raw) if len(rest) <= 120 else None
    if bracketed is not None and " or " in (bracketed_value(f"{value} ({bracketed.group(1) or ''}{bracketed.group(2)})") or ""):
        # "\boxed{72} (70)", "**72** (70)", "72 (exactly 70)" (not "(72.0)", "(0.333)", "(about 72.0)")
        return "another value offered after the answer"
    if not _WORD_VALUE_RE.fullmatch(value.strip()):
        for said in words_restated(raw):  # "72 [seventy]", "72 — siebzig", "#### 72 (seventy)." (as after a box)
            if not equiv_safe(normalize(said), normalize(value)):
                return "the answer is restated in words as another value"
    offered = OFFERED_AT_END_RE.match(raw) if len(rest) <= 120 else None
    comma = decimal_comma_value(offered.group(1).strip()) if offered is not None else None
    if (
        offered is not None
        and not equiv_safe(normalize(offered.group(1)), normalize(value))
        and not (comma is not None and equiv_safe(normalize(comma), normalize(value)))  # ("\frac12 oder 0,5": the same)
    ):
        return "another value offered after the answer"  # "\boxed{72}\n\nor 70", "(maybe 70)", "(Other possibility: D)"
    lone = _LONE_VALUE_AFTER_RE.match(raw) if len(rest) <= 60 and not _WORD_VALUE_RE.fullmatch(value.strip()) else None
    if lone is not None and not equiv_safe(normalize(value), normalize(lone.group(1))):
        return "another value after the answer ends the text"  # "<answer>5 </answer> 6"
    shown = shown_otherwise(raw, value)
    if shown is not None:  # "Answer: 72. Double-checking: 70.", "answer: 72, alt: 70": a field after it on its line
        return shown
    rounding = rounding_after(raw) if APPROXIMATELY_RE.search(raw[:40]) else None
    exact = parsed(value) if rounding is not None else None
    if (
        isinstance(exact, Expr)
        and not exact.inexact
        and not exact.value.free_symbols
        and not approximates(exact, parsed(rounding.replace("%", "\\%")), rel=0.05)  # type: ignore[union-attr, arg-type]
    ):  # "\boxed{\frac{35}{36}}, about 0.5", "答案：35/36，约0.5", "≈ 2.78%": no rounding of the answer
        return "a rounding that does not round the answer, after it"
    qualifier = _QUALIFYING_BRACKET_RE.match(raw)
    if qualifier is not None:  # "\boxed{72} (extraneous)", "(squared)", "(×10)", "(last two digits)", "[rejected]"
        return "a bracket right after the answer disowns it or changes it"
    # (a number answer's: after a letter, "D) Rs. 750." is the option's content; not an unticked box of a checklist,
    # "- [x] \boxed{5}\n- [ ] 6")
    numbers = (
        _ONLY_NUMBERS_AFTER_RE.fullmatch(raw) if len(rest) <= 80 and re.search(r"\d", value) and "[ ]" not in raw else None
    )
    if numbers is not None and any(
        not equiv_safe(normalize(n), normalize(value)) for n in _PLAIN_NUMBER_RE.findall(numbers.group().replace("\u00a0", " "))
    ):
        return "another value after the answer ends the text"  # "\boxed{72} 70 70", "\boxed{72}..70", "72 --- $70$"
    concluded = _CONCLUDING_LABEL_LINE_RE.search(raw) if len(rest) <= 400 else None
    if concluded is not None and not equiv_safe(normalize(concluded.group(1).replace(",", "")), normalize(value)):
        return "another value concluded after the answer"  # "\boxed{72}\n\nConclusion: 70 clips.", "Fazit: 70", "TL;DR 70"
    # (the last line read with its emphasis off, "\textbf{70}", "`70`", "<mark>70</mark>", and its arrow, "-> 70")
    shown = _EMPHASIS_RE.sub(lambda m: next((g for g in m.groups() if g is not None), ""), raw) if any(c in raw for c in "\\`<={") else raw
    shown = shown.replace("->", "→")
    closing = _SHORT_CLOSING_LINE_RE.search(shown) if len(rest) <= 400 and not _WORD_VALUE_RE.fullmatch(value.strip()) else None
    if (
        closing is not None
        and len(closing.group(2).split()) <= 5
        and not _NOT_A_CLOSING_VALUE_RE.search(closing.group(2))
        and (
            closing.group(1)
            or not re.search(r"[^\W\d_][ \t]*[:：][ \t]*\Z", closing.group(2))  # ("answer: 1\nsolution: 10", a block's fields)
            or CANDIDATE_LABEL_RE.fullmatch(closing.group(2).strip(" \t*_:：-"))  # (not "Second choice: 70", another candidate)
        )
        and closing.group(3) != re.sub(r"_\{?\w+\}?|[\s${}]", "", value)  # ("\boxed{4210_5}" ... "output:\n4210")
        # (other numbers on the line only as the answer taken back, "Nicht 72, sondern 70"; not "Summary: April 48, May 24")
        and all(equiv_safe(normalize(n.replace(",", "")), normalize(value)) for n in _PLAIN_NUMBER_RE.findall(closing.group(2)))
        and not equiv_safe(normalize(closing.group(3).replace(",", "")), normalize(value))
    ):
        # "\boxed{72}\n\nNein, 70.", "Vent, faktisk er det 70.", "Nicht 72, sondern 70.", "72 → 70", "✅ 70": a short last
        # line that ends on another value, in any language (not a step's or a page's number, not a line of working)
        return "another value ends the text after the answer"
    ending = cjk_closing_value(raw) if len(rest) <= 300 and CJK_CHAR_RE.search(raw[-80:]) else None
    if ending is not None and not restates(ending, value) and not equiv_safe(normalize(ending), normalize(value)):
        # "The answer is 72.\n\n答：70个", "따라서 70개입니다.": a closing line of Chinese, Japanese or Korean (its
        # measure word after the number) that ends on another value, as after a box
        return "another value ends the last line after the answer"
    rest = plain_text(raw)  # "**Wait**, it is 5.", "W\u200bait", "Ｗａｉｔ", a Cyrillic "а" in "Wаit"
    near = _two_sentences(rest)
    if _BOUND_AFTER_VALUE_RE.match(rest):
        return "a bound, not a value"  # "\boxed{5} at least", "\boxed{5}+", "\boxed{5} o más", "5以上"
    if _CONDITION_AFTER_VALUE_RE.match(rest) and conditional_hedge(rest):
        return "the answer holds only under a condition"  # "\boxed{5} for n ≥ 3", "si n es impar"
    across = next_sentences(rest)
    also = _ALSO_RE.search(across)
    if also is not None and not _restates_only(across, also, value):
        return "another value is said to be possible too"
    letter = re.fullmatch(r"\(?([A-J])\)?", value.strip().strip("$").replace("\\text", "").strip("{}*() "))
    if letter is not None and "\n" in across:  # "\boxed{C}\n- (A) 21 = 3 × 7 ✗": the mark rejects another option
        across = _OTHER_OPTION_MARKED_RE.sub(lambda m: "" if m.group(1) != letter.group(1) else m.group(), across)
    if DISOWNED_RE.search(across):  # "\boxed{4}\nThis is a guess.", "The above is wrong.", "\boxed{4} ❌"
        return "the answer is disowned after it"
    if said_to_fail(near, value):  # "\boxed{5} doesn't satisfy the equation.", "So x=5 fails."
        return "the answer is said to fail its check"
    clause = _CLAUSE_VALUE_RE.match(raw)
    if clause is not None and not equiv_safe(normalize(clause.group(1).replace(",", "")), normalize(value)):
        return "the answer's own sentence concludes another value"  # "17, giving 19 in total.", "17 — that is, 19"
    if _negated_value(raw, value):  # "\boxed{5}.\n\nHold on, 3+4 is 7, not 5.", "But 5 is wrong."
        return "the answer's value is negated after it"
    option = _OPTION_LABEL_RE.fullmatch(value.strip().strip("$").replace("\\text", "").strip("{}()* "))
    retracted = _RETRACTED_OPTION_RE.search(rest[:300]) if option is not None else None
    if retracted is None and option is not None and len(raw) <= 300 and "\n" in rest.rstrip():
        # (the text ends within the window: its last line, not a line cut off)
        retracted = _LAST_LINE_OPTION_RE.search(rest.rstrip())  # "Switch to C.", "やっぱりC。", "Не Б, а В."
    if retracted is not None and retracted.group(1) != option.group():
        # "답: ②\n\n아니, ③이 맞다.", "Ответ: Б\n\nНет, В.", "いや、Cだ。", "Mejor dicho, C", "B → C": an option taken
        # back for another, in any language and any script of option labels
        return "the answer is taken back for another option"
    key = normalize(value)
    word = value.strip().strip("$").replace("\\text", "").strip("{}() ")
    lettered = bool(_WORD_VALUE_RE.fullmatch(word))
    first = _SENTENCE_END_RE.search(near) if lettered else None  # (only a letter's alternatives ask where it ends)
    sentence_end = first.end() if first is not None else len(near)
    if lettered:
        # a letter or a verdict answer: another option letter, or the other verdict, near it is another value
        kind = word_kind(word) if len(word) > 1 else -1
        for m in _WORD_VALUE_RE.finditer(near):
            other = m.group(1)
            if not _OFFERED_BEFORE_RE.search(near[max(0, m.start() - 30) : m.start()]):
                continue  # "(B), since (D) gives 12": another option named in a reason, not offered
            if _REJECTED_AFTER_RE.match(near, m.end()):
                continue  # "A because (B) and (C) are wrong": other options named to be rejected
            if _PRONOUN_I_RE.match(near, m.start(1)):
                continue  # "(C). I hope it is correct.": the pronoun, not option I
            if kind < 0 and _discusses_other_options(near, m, other if other.isupper() else "", word):
                continue  # "Why not the others? (A) 21 = 3·7, (B) 27 = 3·9.", "- (A) 21 ✗": the others ruled out
            before = near[max(0, m.start() - 30) : m.start()]
            if not _OFFERING_WORD_BEFORE_RE.search(before) and (
                other.lower() == "no" and _ATTRIBUTIVE_AFTER_RE.match(near, m.end())
                or re.search(r"\b(?:a|an|the)[ \t]+\Z", before, re.I)
            ):
                continue  # "no other assumptions are needed", "a false alarm": a determiner or an adjective
            if other.lower() != word.lower() and (word_kind(other) if len(other) > 1 else -1) == kind:
                if kind >= 0 or other.isupper():  # an option letter in capitals ("a" is an article)
                    return "another word or letter after the answer"
    for pattern, reason in (
        (_OR_VALUE_RE, "another value offered after the answer"),
        (_SO_VALUE_RE, "another value concluded after the answer"),
        (_REVISED_VALUE_RE, "the answer is taken back for another value"),
        (_ANSWER_AFTER_RE, "another answer after the answer"),
    ):
        for m in pattern.finditer(near if pattern is not _ANSWER_AFTER_RE else raw):  # ("**Final Answer** 6")
            other = (m.group(1) or m.group(m.lastindex or 1) or "").strip().rstrip(".,;")  # (_SO_VALUE_RE: either form)
            if VERDICT_RE.match(other):  # "Ich hoffe, die Antwort ist korrekt.": a verdict, not another answer
                continue
            if other and CJK_CHAR_RE.search(other):  # "794美元": its unit word (and a full stop) after it
                other = other.rstrip("。．")
                while other and CJK_CHAR_RE.fullmatch(other[-1]):
                    other = other[:-1]
            if (
                lettered and pattern is not _ANSWER_AFTER_RE and m.start() >= sentence_end
                and not _WORD_VALUE_RE.fullmatch(other.strip("() "))
            ):
                continue  # "The answer is D. Solving, x = 0 or x = 2.": in the next sentence, a letter's alternative
                # is another letter ("\boxed{D} or maybe 6", in its own sentence, stays two answers)
            if pattern is _ANSWER_AFTER_RE and line_restates(raw, m, value):
                continue  # "To restate: the answer is $2, 3$." (its capture cut at the comma): the same answer
            if pattern is _REVISED_VALUE_RE:
                other = _worked_result(near, m) or other  # "Let me reconsider... 48 + 24 is indeed 72.": its result
                if _asked_then_answered(near, m, key):
                    continue  # "Wait — is it 70? No: 48 + 24 = 72.": a value put as a question, then the answer again
            if other and parses(other) and not words(other) and not equiv_safe(key, normalize(other)):
                return reason
            if pattern is _ANSWER_AFTER_RE and other and not parses(other) and answered_otherwise(raw, m, value):
                return reason  # "**Answer: [2, 3]**" (its list cut at a comma), "Final Answer: 10:45 PM"
    if len(rest) <= 600 and not lettered:  # the completion ends within the window: its last sentence may total
        # another value ("The answer is 24. ... so the total is 36 hours.", "정답: 24 ... 총 36시간이 됩니다.")
        last = _LAST_SENTENCE_RE.search(raw.rstrip())
        own = _SENTENCE_END_RE.search(raw)  # the answer's own sentence ends first ("... spending a total of $100." is
        # a circumstance of the answer, not a later total)
        if last is not None and (own is None or own.start() >= last.start()):
            last = None
        total = _TOTAL_WORD_RE.search(last.group()) if last is not None else None
        values = {n.replace(",", "") for n in _PLAIN_NUMBER_RE.findall(last.group()[total.end() :])} if total else set()
        if len(values) == 1 and not equiv_safe(key, normalize(values.pop())):
            return "the text ends on another total after the answer"
    if len(rest) <= 600:  # the completion ends within the window: a later paragraph may take the answer back
        ended = without_remark(raw)  # ("Wait, I mis-added: 340+51 = 381. Yes.": the remark endorses 381)
        retraction = _last_match(_LATER_REVISION_RE, ended)
        reason = _REASON_END_RE.search(ended, ended.rfind("\n", 0, retraction.start()) + 1) if retraction else None
        if reason is not None:  # "On second thought, she makes $27, since each egg sells for $3.": its reason
            ended = ended[: reason.start()] + "."
            retraction = _last_match(_LATER_REVISION_RE, ended)
        # the retraction words of its line, the last first ("Actually it is $70$ — my bad.": the remark's own word
        # takes nothing back; the one before it does)
        line_start = ended.rfind("\n", 0, retraction.start()) + 1 if retraction is not None else 0
        words_on_line = list(_LATER_REVISION_RE.finditer(ended, line_start)) if retraction is not None else []
        for retraction in reversed(words_on_line[-3:]):
            revised = _revised_after(ended, retraction, value, key)
            if revised is not None:
                return revised
    return None


def _revised_after(ended: str, retraction: re.Match[str], value: str, key: str) -> str | None:
    """Why the text after the retraction word ``retraction`` (in ``ended``, the end of the output) takes the answer
    ``value`` (normalised: ``key``) back, or None: it concludes or states another value."""
    concluded = _CONCLUDED_END_RE.search(ended, retraction.end())
    if concluded is not None and checks_other_numbers(ended, value):
        concluded = None  # "Wait, let me verify: for 12 the same formula gives 6.": a check on other numbers
    other = ""  # (commas dropped from a plain number's thousands, not from a span's list: "$[-4, \infty)$")
    if concluded is not None:
        other = concluded.group(1).replace(",", "") if concluded.group(1) else concluded.group(2).rsplit("=", 1)[-1]
    if concluded is not None and parses(other) and not equiv_safe(key, normalize(other)):
        # "The answer is 55.\n\nCorrection: 66.", "#### 55\n\nActually the number of terms was 11, so 66."
        return "the answer is taken back in a later paragraph for another value"
    if concluded is None and not checks_other_numbers(ended, value):
        revised = revised_to(ended[retraction.end() :], value)
        said = _PLAIN_NUMBER_RE.findall(revised) if revised is not None else []
        if said and all(equiv_safe(key, normalize(n.replace(",", ""))) for n in said):
            revised = None  # "Moment, nochmal prüfen: 48 + 24 = 72. Ja, 72.": the recheck says the answer again
        if revised is not None and not equiv_safe(key, normalize(revised)):
            # "Actually it is \(70\).", "On second thought, 70.", "Correction: (A)", "Actually it is even."
            return "the answer is taken back in a later paragraph for another value"
    return None


# the last sentence of a text (after its last full stop), a word in it that totals, a plain number
_LAST_SENTENCE_RE = re.compile(r"[^.!?。！？\n]{1,400}[.!?。！？]?[ \t]*\Z")
_TOTAL_WORD_RE = re.compile(r"\b(?:in[ \t]+total|total|totals|altogether|in[ \t]+all)\b|总共|一共|总计|合计|총|합계|合計|全部で", re.I)
_PLAIN_NUMBER_RE = re.compile(
    r"(?<![\d.,A-Za-z_^])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d.,]*\d)|(?<![\d.,A-Za-z_^])-?\d+(?:\.\d+)?(?![\d.,]*\d)"
)
_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)|[。！？]")
# the pronoun "I" and a verb after it ("I hope it is correct", Minerva's closing line): no option letter
_PRONOUN_I_RE = re.compile(
    r"I\s+(?:hope|think|believe|guess|suppose|am|was|have|had|would|will|can|could|should|might|may|must|did|do|"
    r"got|get|found|checked|verified|calculated|computed|know|conclude|double-checked|made|used)\b"
)
# after a verdict word, a noun it qualifies (a lower-case word that is no pronoun, verb or conjunction): "no" and
# "true" in "no other assumptions", "a true statement" are no verdicts
_ATTRIBUTIVE_AFTER_RE = re.compile(
    r"(?<![ \t])[ \t]+(?!(?:it|that|this|i|we|they|he|she|you|because|since|as|but|and|or|so|then|not|is|was|are|were"
    r"|either|neither|nor|the\s+answer)\b)[a-z]{2,}\b(?<!ly)"
)
# a number that opens working, then the word or sign that gives its result: "48 + 24 is indeed 72", "48 × 1.5 = 72"
_WORKING_RESULT_RE = re.compile(
    r"[ \t]*(?:[-+×*/÷·]|\\(?:times|cdot|div))[ \t]*\$?\d[^\n]{0,60}?(?:=|\b(?:is|equals|gives|makes)\b(?:[ \t]+indeed)?)"
    r"[ \t]*\$?(-?\d[\d,]*(?:\.\d+)?)\$?[ \t]*[.!]?[ \t]*(?=\n|\Z)",
    re.I,
)


def _worked_result(near: str, m: re.Match[str]) -> str | None:
    """The result of the working that a revision's number ``m`` opens ("... reconsider... 48 + 24 is indeed 72." ->
    "72"), when that working ends its line; None when the number stands alone."""
    w = _WORKING_RESULT_RE.match(near, m.end(1))
    return w.group(1).replace(",", "") if w is not None else None


def _asked_then_answered(near: str, m: re.Match[str], key: str) -> bool:
    """The revision's value is put as a question ("Wait — is it 70?") and the text after it ends on the answer
    again ("No: 48 + 24 = 72.")."""
    if not re.match(r"[ \t$*]*\?", near[m.end(1) :]):
        return False
    last = re.findall(r"(?<![\w.])-?\d[\d,]*(?:\.\d+)?", near[m.end(1) :])
    return bool(last) and equiv_safe(key, normalize(last[-1].replace(",", "")))


def _sentence_of(text: str, start: int, end: int) -> tuple[str, list[int]]:
    """The sentence (or line) of ``text`` that holds ``text[start:end]``, and where the sentences before it end."""
    starts = [b.end() for b in _BREAK_RE.finditer(text) if b.end() <= start]
    after = _BREAK_RE.search(text, end)
    return text[starts[-1] if starts else 0 : after.start() if after else len(text)], starts


def _restates_only(text: str, m: re.Match[str], value: str) -> bool:
    """The sentence of ``text`` that holds ``m`` states the answer ``value`` again and no other number: "Jordan would
    earn **\\$140 in one week** if he spent his video game time working instead." (the question's own supposition);
    or its working ends on the answer ("Alternatively, 48 × 1.5 = 72.")."""
    sentence = _sentence_of(text, m.start(), m.end())[0]
    numbers = {n.replace(",", "") for n in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)?", sentence)}
    own = re.sub(r"[^\d.]", "", value) if re.fullmatch(r"[\\$ ]*\d[\d,]*(?:\.\d+)?", value.strip()) else None
    if own is not None and "=" in sentence:  # "Alternatively, 48 × 1.5 = 72.": working that ends on the answer again
        result = sentence[sentence.rindex("=") + 1 :]
        numbers = {n.replace(",", "") for n in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)?", result)}
    return own is not None and numbers == {own}


def _discusses_other_options(near: str, m: re.Match[str], letter: str, answer: str) -> bool:
    """The sentence of ``near`` that holds option ``letter`` (matched by ``m``) rules other options than the
    ``answer`` out: it marks its line wrong ("- (A) 21 = 3 × 7 ✗"), or names two or more of them, not the answer, and
    rules them out with no word that offers one ("Why not the others? (A) 21 = 3·7, (B) 27 = 3·9.", "Note: (A) and (B)
    are both divisible by 3.")."""
    if not letter:
        return False
    line_start = near.rfind("\n", 0, m.start()) + 1
    line_end = near.find("\n", m.end())
    line = near[line_start : line_end if line_end >= 0 else len(near)]
    if _OTHER_OPTION_MARKED_RE.fullmatch(line):
        return True
    sentence, starts = _sentence_of(near, m.start(), m.end())
    named = set(re.findall(r"(?<![A-Za-z])\(?([A-J])\)?(?![A-Za-z])", sentence))
    if answer.upper() in named:  # ("Hmm, it isn't C; A and D.": the answer's own option ruled out)
        return False
    asked = near[starts[-2] if len(starts) > 1 else 0 : starts[-1]] if starts else ""  # ("Why not the others?")
    context = asked + sentence if asked.rstrip().endswith("?") else sentence
    return len(named) >= 2 and bool(_RULED_OUT_RE.search(context)) and not _OFFERING_IN_SENTENCE_RE.search(context)


_OFFERING_WORDS = r"or|maybe|perhaps|possibly|also|else|alternatively"  # words that offer another value
_BREAK_RE = re.compile(r"[.!?](?:\s|$)|\n")  # where a sentence or a line ends (not the point of "1.5")
# words that offer an option as an answer, or keep it open (in a sentence that names several)
_OFFERING_IN_SENTENCE_RE = re.compile(
    rf"\b(?:{_OFFERING_WORDS}|answer|final|correct|right|choose|chose|pick|select|go\s+with"
    r"|instead|actually|wait|either|too|again|likely|plausible|equally|reconsider\w*|switch\w*|now|fits?|works?"
    r"|valid|as\s+well|could|might|may|cannot\s+be\s+(?:excluded|ruled\s+out)|can['’]t\s+be\s+(?:excluded|ruled\s+out))\b",
    re.I,
)
# what rules options out: a negation, a verdict, a property that fails them, a cross, a computation shown
_RULED_OUT_RE = re.compile(
    r"\bnot\b|n['’]t\b|\b(?:wrong|incorrect|fails?|false|divisible|composite|impossible|eliminat\w*|rule[sd]?\s+out)\b"
    r"|[✗❌]",
    re.I,
)
# a line that names an option and marks it wrong: "- (A) 21 = 3 × 7 ✗", "B) 27 ❌"
# (the letter in capitals: "- a mistake here ✗" names no option)
_OTHER_OPTION_MARKED_RE = re.compile(r"^[ \t*>-]*(?:[Oo]ption[ \t]+)?\(?([A-J])[).:]?[ \t][^\n]{0,120}?[❌✗✘][ \t]*$", re.M)
_OFFERING_WORD_BEFORE_RE = re.compile(rf"\b(?:{_OFFERING_WORDS})\W{{0,6}}\Z", re.I)
_GLUED_DIGIT_RE = re.compile(r"(?:\*\*?|__?|\$\$?|\\\)|\\\])?\d")
_QUESTION_AFTER_RE = re.compile(r"[ \t$\\)\]}*]{0,8}(?:[?？؟⁇❓❔]|¿\?)")
# a number in round brackets right after the answer, ending the text: "\boxed{72} (70)"
_BRACKETED_END_RE = re.compile(
    rf"[ \t$*}}.]{{0,6}}(?:\n[ \t]*){{0,2}}\([ \t]*({BRACKET_WORDS})?"  # (on its own line too: "**Answer: 72**\n\n(70)")
    r"(-?\d[\d.,/]{0,30}|[^\W\d_][^\W\d_ \t-]{0,20}(?:[ \t-]{1,3}[^\W\d_]{1,20}){0,4})[ \t]*\)[ \t.。]{0,4}\Z",
    re.I,
)
# an option's label in Latin, Cyrillic, full-width or circled form ("B", "Б", "Ｂ", "②"), and one named after a word
# that takes the answer back or an arrow ("Nein, doch C", "아니, ③이 맞다", "Исправление: В", "B → C")
_OPTION_LABELS = r"[A-J]|[АБВГДЕ]|[Ａ-Ｊ]|[\u2460-\u2473]"
_OPTION_LABEL_RE = re.compile(_OPTION_LABELS)
_RETRACTED_OPTION_RE = re.compile(
    rf"(?:{_NOT_SPACED_LETTER_BEFORE}(?i:{RETRACTION_WORDS}|no|nein|mejor[ \t]+dicho|besser[ \t]+gesagt|plutôt|исправление"
    r"|поправка|정정|訂正|更正|改为|不)(?![^\W\d_])|→|->)[^\w\n]{0,6}(?:(?i:doch|es|c'est|это|应该是|才是|是|は)[ \t]*)?\(?"
    rf"({_OPTION_LABELS})\)?(?![A-Za-z0-9\u0400-\u04ff])"
    # (the label ends its clause, or a copula or "is correct" follows: not "However, C is also close")
    r"(?=[ \t]*(?:[.!。！)\n]|\Z|이|가|が|だ|です|才|是|(?i:es|ist|is[ \t]+(?:correct|right|the[ \t]+answer))\b))"
)
# a short last line that ends on an option's label, not one it negates: "Therefore C.", "Going with C.", "B => C",
# "Точнее, В.", "아니요, ③입니다.", "不是B，是C。", "Nicht B, sondern C." (not "It's B, not C.")
_LAST_LINE_OPTION_RE = re.compile(
    # (a line without digits: not "(A) 21 is divisible by 3, and so is B.")
    rf"(?<![^\n])(?![^\n]*\d)[^\n]{{0,36}}?(?<![A-Za-z\u0400-\u04ff])(?<!not )(?<!nicht )(?<!pas )(?<!не )(?<!不是)(?<!非)"
    rf"\(?({_OPTION_LABELS})\)?(?:[ \t]*,?[ \t]*(?:not|nicht|pas|не|而不是|不是)[ \t]*\(?(?:{_OPTION_LABELS})\)?)?"
    r"[ \t]*(?:입니다|이다|です|だ|だよ)?[ \t]*[.!。！]?[ \t*]*\Z"
)
# a later line, short, that ends on a number (its closing mark, a copula of Japanese or Korean after it)
# right before the box, a label or a clause that makes it a guess or a supposition: "Guess: ", "Hypothesis: ", "Candidate
# answer: ", "It might be ", "I'd guess ", "If the answer is ", "Assume the answer is " (a whole clause, not "might"
# anywhere in the sentence: "The total could be computed as 48 + 24 = \boxed{72}" stands)
_GUESS_BEFORE_BOX_RE = re.compile(
    r"(?:(?<![^\W\d_])(?:guess|hypothesis|candidate(?:[ \t]+answer)?|tentative(?:[ \t]+answer)?|speculation)[ \t]*[:：]"
    r"|\b(?:it|this|that)[ \t]+(?:might|may|could)[ \t]+be|\bi['’]?d[ \t]+guess"
    r"|\b(?:if|assume|assuming|suppose|supposing)[ \t]+(?:that[ \t]+)?the[ \t]+answer[ \t]+(?:is|were|was|equals))[ \t$\\(*]{0,6}\Z",
    re.I,
)
# a text that stops right after the answer on a word that goes on to something else: "\boxed{72} but actually",
# "\boxed{72} (or", "72, or", "72 (not", "72 ±", "#### 72 instead of", "72 rather than", "72 -"
_DANGLING_AFTER_RE = re.compile(
    r"[ \t$}*]{0,4}[,(]?[ \t]{0,3}(?:but(?:[ \t]+actually)?|or|and|not|instead[ \t]+of|rather[ \t]+than|except|unless|plus"
    r"|minus|than|±|\+/-|-|–|—)[ \t]{0,3}\Z",
    re.I,
)
_SHORT_CLOSING_LINE_RE = re.compile(
    # (a number right after a Chinese, Japanese or Korean character stands alone: "不是72，而是70。")
    r"(\n[ \t]*)?\n[ \t*_>#]*([^\n]{0,40}?)(?<![.,])"
    rf"(?<![^\W{CJK_LETTERS}])(-?\d[\d,]*(?:\.\d+)?)[ \t*_]*(?:です|でした|입니다)?[ \t]*[.!。！]?[ \t*_]*\Z"
)
# a last line that concludes under its label, in any language, on a value and a noun or two: "Conclusion: 70 clips.",
# "Fazit: 70", "**TL;DR** 70 clips", "Итог: 70"
_CONCLUDING_LABEL_LINE_RE = re.compile(
    r"\n[ \t*_>#]*(?:conclusions?|conclusión|conclusão|conclusione|fazit|recap|verdict|bottom[ \t]+line|tl;?[ \t]?dr|(?:key[ \t]+)?takeaway"
    r"|in[ \t]+short|in[ \t]+summary|en[ \t]+résumé|zusammengefasst|итог|вывод|結論|结论|결론|sonuç|kesimpulan|kết[ \t]+luận)"
    r"[ \t*_]*[:：—–-]?[ \t*_]*(-?\d[\d,]*(?:\.\d+)?)(?:[ \t]+[^\W\d_]{1,15}){0,2}[ \t*_]*[.!。]?[ \t*_]*\Z",
    re.I,
)
# emphasis around a value: "\textbf{70}", "\textcolor{red}{70}", "`70`", a code block of it, "<mark>70</mark>",
# "==70==", "{70}" alone on its line; a size or a tick before it, "\large 70", "\checkmark 70"
_EMPHASIS_RE = re.compile(
    r"\\(?:textbf|mathbf|underline|emph|textit|boldsymbol|bm)[ \t]*\{([^{}\n]{0,40})\}"
    r"|\\(?:text)?color[ \t]*\{[^{}\n]{0,20}\}[ \t]*\{([^{}\n]{0,40})\}|```[a-z]{0,10}\n([^`\n]{1,40})\n```|`([^`\n]{1,40})`"
    r"|<(?:mark|b|strong|em|u)>([^<>\n]{1,40})</(?:mark|b|strong|em|u)>|==([^=\n]{1,40})==|(?<![^\n])\{([^{}\n]{1,40})\}(?=[ \t]*(?:\n|\Z))"
    r"|\\(?:large|Large|LARGE|huge|Huge|checkmark)(?![A-Za-z])[ \t]*"
)
# ... unless the words before the number make it no value of the answer: working, an unticked box, a rate, a
# supposition, a reference, a count of steps
_NOT_A_CLOSING_VALUE_RE = re.compile(
    r"[=＝+×*/÷^<>≤≥%\\]|\[[ \t]\]|\b(?:answer|output|result|each|per|every|apiece|would|could|might|if)\b|\b(?:steps?|pages?|p\.|problems?|questions?|exercises?|chapters?"
    r"|sections?|parts?|lines?|figures?|tables?|versions?|v|rev|no|nr|id|times?|attempts?|tries|score|rating|grade|level"
    r"|confidence|time)\W*\Z"
    r"|(?:步骤|第|页|頁|题|題|问|問|章|节|節|版本|ステップ|ページ|問題|단계|페이지|문제|번)\W*\Z"  # (the same in Chinese, ...)
    r"|(?:\bnot|不是|而非|并非|ではなく|가[ \t]?아니라|\bnicht|\bpas|\bno)\W*\Z",  # (a value rejected: "答案是72，不是70。")
    re.I,
)
# a bracket right after the answer that disowns it (a draft, an example, a rejected root) or makes it another value
# (an operation on it, a part of its digits): "(extraneous)", "[rejected]", "(TBD)", "(example)", "(squared)", "(×10)",
# "(last two digits)" (not "(exact)", "(rounded)", "(in total)", "(answer)", a unit)
_QUALIFYING_BRACKET_RE = re.compile(
    r"[ \t$}]{0,4}[(\[][ \t]{0,3}(?:(?:an?[ \t]+|the[ \t]+)?(?:extraneous|rejected|discarded|invalid|wrong|incorrect|tbd|to[ \t]+be"
    r"[ \t]+determined|example|placeholder|draft|tentative|unverified|unchecked|dummy|sample|not[ \t]+final|guess(?:ed)?"
    r"|squared|cubed|doubled|halved|tripled|negated|inverted|reciprocal|reversed|rounded[ \t]+(?:up|down)[ \t]+to"
    r"|(?:[×x*·]|times)[ \t]{0,2}\d|(?:last|first|final)[ \t]+(?:two|three|four|\d{1,2})[ \t]+digits|digits?[ \t]+(?:reversed|sum)))"
    r"(?![^\W\d_])"
    # ("(72 was a typo for 70)", "(should read 70)": the answer corrected in its bracket)
    r"|[\s$}]{0,4}[(\[][^()\[\]\n]{0,30}?\b(?:(?:was|is)[ \t]+a[ \t]+(?:typo|misprint|slip)[ \t]+for|should[ \t]+(?:be|read|have[ \t]+been))"
    r"[ \t]+\$?-?\d",
    re.I,
)
# nothing but numbers and the marks between them after the answer, to the end: "\boxed{72} 70 70", "\boxed{72}..70",
# "\boxed{72}---70", "\boxed{72} $70$", "[70]", "→ 70", "`70`", "«70»", a wide gap or a no-break space (not a comma,
# which may group digits, nor round brackets, which may number an equation)
_NUMBER_GAP = r"(?:[\s\u00a0.…:;~|*_$–—\-?!，、。«»`\[\]→⇒∨]|\\[,;! ]|\\q?quad\b)"
_ONLY_NUMBERS_AFTER_RE = re.compile(
    rf"{_NUMBER_GAP}{{1,60}}(?<![\d])-?\d[\d,]{{0,20}}(?:\.\d{{1,12}})?(?:{_NUMBER_GAP}{{1,20}}-?\d[\d,]{{0,20}}(?:\.\d{{1,12}})?){{0,5}}"
    rf"{_NUMBER_GAP}{{0,20}}"
)
_LONE_VALUE_AFTER_RE = re.compile(r"[ \t]{1,8}(-?\d[\d.,/]{0,30})[ \t.]{0,4}\Z")  # (a separate token, not an option's content)
# a word that starts taking an answer back, anywhere after it; then the text ends on a value it concludes with
# (guarded by letters of the spaced scripts only: "根其实是 2" holds 其实 between two other Chinese characters)
_LATER_REVISION_RE = re.compile(
    rf"{_NOT_SPACED_LETTER_BEFORE}(?:{RETRACTION_WORDS}|re-?check\w*|recomput\w*|recalculat\w*|correction"
    r"|(?:up)?on\s+(?:further\s+)?reflection|thinking\s+(?:again|it\s+over)|on\s+further\s+thought)"
    rf"{_NOT_SPACED_LETTER_AFTER}",
    re.I,
)
# the reason that ends a sentence, after its value ("..., since each egg sells for $3.", "27 because she sells at $3")
_REASON_END_RE = re.compile(
    r"(?<=[\w$*])[ \t]*,?[ \t]+(?:since|because|as|vì|karena|потому[ \t]+что|так[ \t]+как)[ \t]+(?:[^\n.;!?]|\.(?=\d)){1,150}[.!]?[ \t]*\Z", re.I
)
# (or a copula of another language, the words of its subject between: "eigentlich ist die größere Wurzel 2.", "больший
# корень равен 2.", "其实是 2。", "根は実は 2 です。")
_CONCLUDED_END_RE = re.compile(
    r"(?:\bso|\bgiving|\bgives|\bis|(?:(?<=\bmean)|(?<=\brather)),?|(?:(?<=\bit)|(?<=\bthat))['’]s|\bare|\bget|\bgot|\bobtain\w*|\bequals|\bbe|(?<![<>!])=|:|;|(?<=[^\W\d])\.|—"
    # ("So she makes $27.", "she earns $27 per day.": a subject's verb of amount)
    rf"|\b{AMOUNT_VERBS}"
    r"|\b(?:ist|sind|est|es|é|è|равен|равна|равно|равны|составляет|правильно|верно|là|adalah)\b(?:[ \t]+[^\W\d_]{1,20}){0,3}"
    r"|(?<=sebenarnya)|هي|هو|是|为|為|は|が)"
    r"[ \t]{0,4}(?:read[ \t]+)?(?:(?:\*\*)?\$?[ \t]{0,4}"
    r"(-?\d[\d,]{0,30}(?:\.\d{1,30})?)(?![\d.,]*\d)(?:\*\*)?[ \t]{0,4}(?:(?:[A-Za-z]{1,20}[ \t]{0,4}){1,3}|です|입니다|[이가][ \t]?맞습니다)?[ \t$]{0,4}"
    # or one inline maths span that ends the text: "so it's $10$.", "Typo above; read $\frac{1}{4}$." (its last side)
    r"|\$([^$\n]{1,80})\$)[.!。]?[ \t$]{0,4}\s{0,8}\Z",
    re.I,
)


def _last_box_start(text: str) -> int:
    spans = box_spans(text)
    return spans[-1][0] if spans else 0


# right after the last box: words that make it negative ("\boxed{5} below zero", "\boxed{5} m below sea level", "in
# the red", "BC", "(negative)")
_NEGATIVE_AFTER_BOX_RE = re.compile(
    r"[ \t$)\]}]{0,4}(?:(?:\^?\\circ|°)[ \t]*[CF]?|degrees?(?:[ \t]+(?:Celsius|Fahrenheit|C|F))?|m|meters?|metres?|ft|feet|units?)?"
    r"[ \t]{0,4}(?:below[ \t]+(?:zero|0|sea[ \t]+level|ground|freezing)|in[ \t]+the[ \t]+red|B\.?C\.?E?\b"
    r"|\(?[ \t]{0,3}negative[ \t]{0,3}\)|\\text[ \t]*\{[ \t]*\(?[ \t]*negative[ \t]*\)?[ \t]*\})",
    re.I,
)


def negative_after_box(text: str, end: int) -> bool:
    """Words right after the last box make it negative: "\\boxed{5} below zero" is -5."""
    return _NEGATIVE_AFTER_BOX_RE.match(text, end, end + 80) is not None


def scale_after_box(text: str, end: int) -> str | None:
    """The scale word right after the last box ("\\boxed{28} million" -> "million"), which multiplies it; else None."""
    m = _SCALE_AFTER_BOX_RE.match(text[end : end + 80])  # bounded: two blank runs in a row are quadratic
    if m is not None:
        return m.group(1)
    short = _ABBREVIATED_SCALE_RE.match(text, end)
    if short is None:
        return None
    return short.group(3) if short.group(3) else _ABBREVIATIONS[(short.group(1) or short.group(2)).lower()]
