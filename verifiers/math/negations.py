"""Words that take an answer back, in the languages models answer in: one table each, read by every reader.

- :data:`FOREIGN_NOT` and :data:`FOREIGN_WRONG`: single words of languages written with spaces between words (Latin
  and Cyrillic scripts), before or after a number ("bukan 5", "5 değil", "5 (falsch)"); English's own words are in
  each reader. Matched between word boundaries.
- :data:`NOT_BEFORE`: "is not" right before the value ("La risposta non è \\boxed{5}", "Odpověď není 5", "الجواب ليس
  5"), any script.
- :data:`WRONG_AFTER`: "is wrong" right after it ("\\boxed{5} — está mal", "\\boxed{5} — गलत है", "\\boxed{5}이
  아니다"), any script.
- :data:`DISBELIEF_BEFORE`: "I do not think (that)" before the answer in its sentence ("No creo que la respuesta sea
  \\boxed{5}", "我不认为答案是5"); :data:`DISBELIEF_AFTER`, where the language says it after ("5 olduğunu
  sanmıyorum", "5だとは思わない").

Scripts without spaces between words (Chinese, Japanese, Korean, Thai), and scripts whose vowel signs are no word
characters to ``re`` (Devanagari, Thai), are matched as written, without ``\\b``: the patterns here put a letter
guard only around the words of the spaced Latin and Cyrillic scripts.
"""

from __future__ import annotations

from verigrpo.verifiers.math.wordlists import ANSWER_WORDS

# (French "pas" is left out: "5 pas" is five steps; Spanish and Portuguese "no"/"não" only with their copula)
FOREIGN_NOT = (
    r"nicht|kein|keine|niet|geen|nie|не|değil(?:dir)?|bukan|tidak|không|non(?![\w-])|inte|ikke|není|nejsou"
)
FOREIGN_WRONG = (
    r"falsch|faux|fausse|falso|falsa|errado|errada|errato|errata|sbagliato|sbagliata|incorrecto|incorrecta|"
    r"incorreto|incorreta|erroné|erronée|erróneo|errónea|fout|onjuist|yanlış|hatalı|salah|keliru|sai|неверно|"
    r"неправильно|невірно|ошибка|помилка|błędny|błędna|błędne|błędnie|błąd|źle|niepoprawny|niepoprawna|"
    r"niepoprawne|špatně|špatný|špatná|chybný|chybná|chybně|nesprávný|nesprávná|nesprávně|feil|forkert|rossz|väärin|"
    r"greșit|gresit|mali|fel|väärä|virheellinen|ekslik|nepareizi|nepareiza|napačno|napačen|pogrešno|pogrešan|"
    r"nesprávne|hibás|helytelen|noto['’]g['’]ri|neteisingai|netočno|λάθος|λανθασμένο|грешно|грешен|սխալ|არასწორი"
)

# a copula negated right before the value; the Latin and Cyrillic ones get word guards, the others none
_NOT_BEFORE_SPACED = (
    r"no\s+es|no\s+sea|no\s+está|não\s+é|não\s+seja|não\s+está|n'est\s+pas|ne\s+soit\s+pas|n['’]est|non\s+è|"
    r"non\s+sia|ist\s+nicht|ist\s+kein(?:e|en)?|is\s+niet|is\s+geen|nie\s+jest|nie\s+wynosi|nie\s+to|není|nebude|"
    r"не\s+является|не\s+равн[оаы]?|не\s+равен|не\s+будет|bukan|tidak|không\s+phải\s+là|không\s+phải|không\s+là|"
    r"är\s+inte|inte|er\s+ikke|ikke|değil"
)
_NOT_BEFORE_UNSPACED = r"नहीं\s*है|नहीं|ليس|ليست|لا\s*يساوي|ไม่ใช่|ไม่เท่ากับ|אינה|אינו|איננה|איננו|(?<![\u0590-\u05ff])לא(?![\u0590-\u05ff])|不是|并非|並非|不等于|不等於"
NOT_BEFORE = rf"(?<![^\W\d_])(?:{_NOT_BEFORE_SPACED})|(?:{_NOT_BEFORE_UNSPACED})"
NOT_UNSPACED = _NOT_BEFORE_UNSPACED

# "is wrong" right after the value, with its copula where the language puts one there
_WRONG_AFTER_SPACED = (
    r"(?:(?:is|was|ist|est|es|è|é|là|adalah|je|jest|to|está|esta|c['’]est|это|är|er)\s+)?"
    rf"(?:{FOREIGN_WRONG}|wrong|incorrect|rejected|discarded|ruled\s+out|est[áa]\s+mal|es\s+mal|un\s+error|um\s+erro|une\s+erreur|un\s+errore|ein\s+Fehler|chyba|omyl|"
    r"non\s+è\s+(?:corrett[oa]|giust[oa])|no\s+es\s+correct[oa]|não\s+(?:é|está)\s+corret[oa]|"
    r"n['’]est\s+pas\s+(?:correct|juste|bon)e?|ist\s+nicht\s+(?:richtig|korrekt)|stimmt\s+nicht|klopt\s+niet|"
    r"nie\s+jest\s+(?:poprawn[aey]|prawidłow[aey])|není\s+správn[ěáéý]|не\s+(?:верно|правильно)|"
    r"không\s+(?:đúng|chính\s+xác)|tidak\s+(?:benar|tepat)|doğru\s+değil|inte\s+rätt|ikke\s+riktig)"
)
_WRONG_AFTER_UNSPACED = (
    r"गलत(?:\s*है)?|सही\s*नहीं(?:\s*है)?|خطأ|خاطئ|خاطئة|غير\s*صحيح|غير\s*صحيحة|ผิด|ไม่ถูกต้อง|לא\s*נכון|לא\s*נכונה|"
    r"שגוי|שגויה|טעות|ভুল|غلط|نادرست|"
    # Chinese, Japanese, Korean, with the particle or copula before them ("5是错的", "5は間違い", "5이 아니다")
    r"(?:是|は|が|이|가|은|는)?\s*(?:错的|錯的|错了|錯了|错误|錯誤|不对|不對|不正确|不正確|間違い|間違っ|違う|違い|誤り|"
    r"틀렸|틀림|틀린|오답|아니다|아님|아닙니다|아니에요)"
)
WRONG_AFTER = rf"(?<![^\W\d_])(?:{_WRONG_AFTER_SPACED})(?![^\W\d_])|(?:{_WRONG_AFTER_UNSPACED})"
# "wrong" in the scripts matched as written, for the readers that guard the spaced words themselves
WRONG_UNSPACED = r"गलत|ভুল|خطأ|خاطئ|خاطئة|غلط|نادرست|ผิด|ไม่ถูกต้อง|שגוי|שגויה|לא\s*נכון|错误|錯誤|間違い|不正解|틀림|틀렸|오답"

# "I do not think (that)" before the answer, in its sentence
DISBELIEF_BEFORE = (
    r"(?<![^\W\d_])(?:no\s+creo\s+que|no\s+pienso\s+que|não\s+(?:acho|creio|penso)\s+que|je\s+ne\s+(?:pense|crois)\s+pas"
    r"\s+que|non\s+(?:credo|penso)\s+che|ich\s+(?:glaube|denke)\s+nicht,?\s+dass|ik\s+(?:denk|geloof)\s+niet\s+dat|"
    r"nie\s+(?:sądzę|myślę|wydaje\s+mi\s+się),?\s+(?:że|żeby)|nemyslím\s+si,?\s+že|не\s+(?:думаю|считаю|верю),?\s+что|"
    r"saya\s+tidak\s+(?:pikir|yakin)|tôi\s+không\s+(?:nghĩ|cho)|jag\s+tror\s+inte\s+att|jeg\s+tror\s+ikke\s+at)"
    r"|मुझे\s*नहीं\s*लगता|لا\s*أعتقد|لا\s*أظن|ไม่คิดว่า|לא\s*חושב|לא\s*חושבת|לא\s*נראה\s*לי|我不认为|我不認為|我不觉得|"
    r"我不覺得|不认为|不認為"
)
# the answer as a noun, with the demonstrative before it where the language puts one ("this answer", "この答え")
ANSWER_NOUNS = (
    rf"(?<![^\W\d_])(?:(?:this|the|my|esta|la|cette|diese|die|questa|bu|эт(?:от|а))\s+)?(?:{ANSWER_WORDS})(?![^\W\d_])"
    r"|(?:هذه\s*)?(?:الإجابة|الجواب)|(?:यह\s*)?उत्तर|(?:这个|這個|该|此)?答案|(?:この)?答え|(?:이\s*)?(?:정답|답)"
)
DISBELIEF_AFTER = r"とは思わない|とは思いません|sanmıyorum|düşünmüyorum|생각하지\s*않"
# "maybe", "I guess" before the answer, in its sentence ("La respuesta es quizás \\boxed{5}", "答案可能是", "I guess")
UNSURE_BEFORE = (
    r"(?<![^\W\d_])(?:maybe|perhaps|probably|possibly|i\s+guess|(?:my\s+)?(?:best|random|wild|educated)\s+guess|"
    r"if\s+i\s+(?:had|have)\s+to\s+guess|i['’]?d\s+estimate|unverified|provisional(?:ly)?|"
    r"not\s+sure|unsure|presumably|supposedly|i\s+suppose|can['’]?t\s+solve|cannot\s+solve|unable\s+to\s+solve|"
    r"(?:i['’]ll|i\s+will|let\s+me)\s+just\s+(?:write|put|say|go\s+with|guess)|let['’]?s\s+say|i['’]?d\s+(?:go\s+with|say)|"
    r"most\s+likely(?=[\s,:$\\({]*\Z)|tentative(?:ly)?|time['’]?s\s+up|out\s+of\s+time|vermutlich|vielleicht|wahrscheinlich|quizás?|tal\s+vez|acaso|peut-être|probablement|talvez|forse|"
    r"belki|mungkin|có\s+lẽ|misschien|być\s+może|chyba|może|возможно|наверное|может\s+быть)(?![^\W\d_])"
    r"|可能|大概|我猜|也许|也許|或许|或許|たぶん|多分|おそらく|아마|शायद|ربما"
)
