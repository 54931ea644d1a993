"""Word tables that several readers share, each written once, in the languages models answer in; every reader
composes its pattern from them and adds its own guards (word boundaries, a value on either side, a colon) and its own
other words ("i.e.", "bzw.", "perhaps", "lautet").

- "or" (``OR_*``): a hedge "3 or 4" in :mod:`verifiers.math.sentences`, a value offered after a box in
  :mod:`verifiers.math.extract` and :mod:`verifiers.math.laterlines`, a value and its restatement in
  :mod:`verifiers.math.fallback`, "or" between values written as English in :mod:`verifiers.math.normalize`;
- the names of fields that check or correct an answer (``CHECK_KEYS``): :mod:`verifiers.math.shown`,
  :mod:`verifiers.math.structured`;
- "answer" (``ANSWER_*``): an answer's label ("Answer:", "Ответ:", "答："), in a box, before a code block, on a closing
  line, in a response (:mod:`verifiers.math.boxes`, :mod:`verifiers.math.cleanup`, :mod:`verifiers.math.fallback`,
  :mod:`verifiers.math.disowning`, :mod:`verifiers.math.cutoff`).
"""

from __future__ import annotations

# words of the Latin, Cyrillic and Greek scripts, read between word boundaries: English, German, French and
# Portuguese, Russian, Ukrainian, Indonesian, Turkish ("veya", "ya da"), Vietnamese, Polish, Czech, the Scandinavian
# languages, Finnish, Hungarian, Serbian and Croatian, Italian ("oppure", "ovvero"), Greek
OR_WORDS = (
    r"or|oder|ou|или|або|atau|veya|ya[ \t]+da|hoặc|lub|albo|nebo|anebo|eller|tai|vagy|ili|oppure|ovvero|ή"
)
# words read only between two values: Spanish and Italian "o", "ó", "u" (before o-); Romanian "sau" (which is also
# Vietnamese "after")
OR_BETWEEN_VALUES = r"o|ó|u|sau"
# scripts written without spaces between words: Chinese, Thai, Japanese, Korean, Bengali, Telugu
OR_UNSPACED = r"或者?|还是|หรือ|または|또는|혹은|অথবা|లేదా"
# Hindi, Arabic and Hebrew, read between blanks (the vowel signs of Devanagari are no word characters to ``re``)
OR_SPACED = r"या|अथवा|أو|או"

# a field's name that checks, corrects or guesses the answer again ("check", "Sanity check", "verified",
# "correction", "revised", "second_guess"): a value under it beside an answer is another answer
# (:mod:`verifiers.math.shown`'s fields after an answer, :mod:`verifiers.math.structured`'s fields of a JSON answer)
CHECK_KEYS = (
    r"(?:double[ _-]?|sanity[ _-]?|final[ _-]?)?check(?:s|ed|ing)?|verifi(?:ed|cation)|correct(?:ed|ions?)|updated?"
    r"|revised|revision|alternates?|(?:[a-z]{1,12}[ _])?guess(?:es)?"
)

# "answer" in the Latin and Cyrillic scripts, read between word boundaries: English, German, French, Spanish,
# Portuguese, Italian, Dutch, Polish, Turkish, Indonesian, Russian, Ukrainian, Vietnamese ("đáp án", "đáp số")
ANSWER_WORDS = (
    r"answer|antwort|réponse|respuesta|resposta|risposta|antwoord|odpowiedź|cevap|jawaban|ответ|відповідь"
    r"|đáp[ \t]+(?:án|số)"
)
# "answer" in scripts written without spaces: Chinese, Japanese, Korean
ANSWER_WORDS_UNSPACED = r"答案?|解答|回答|答え|정답|답"
