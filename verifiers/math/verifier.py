"""The registered ``math`` verifier (:func:`math_answer`), its reference check
(:func:`check_reference`, :func:`read_reference`) and required answer forms. What the row's question adds (echo
rejection, the numbers it gives, an order it asks for) is in :mod:`verifiers.math.question`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import sympy
from verigrpo.verifiers.math.asked_base import (
    base_without_asking,
    digits_in_asked_base,
    numeral_in_asked_base,
    other_base_written,
)
from verigrpo.verifiers.math.asked_form import (
    bracket_left_unexpanded,
    decimal_for_exact_asked,
    factor_left_common,
    fraction_form_unasked,
    other_form_than_asked,
)
from verigrpo.verifiers.math.asked_order import (
    in_asked_order,
    other_names_than_asked,
    reordered_named_quantities,
    unordered_question,
)
from verigrpo.verifiers.math.asked_rounding import more_precise_than_asked, rounded_as_asked
from verigrpo.verifiers.math.asked_unit import asked_unit_value, other_unit_than_asked
from verigrpo.verifiers.math.boxes import NAME_IN_BOX_RE, boxes_listed_together, last_box_end
from verigrpo.verifiers.math.chains import bracketed_value, chain_last_side, one_per_line, without_restatement
from verigrpo.verifiers.math.choices import (
    WEAK_RULES,
    closing_number_option,
    closing_option,
    first_line_option,
    label_before_box,
    leading_option,
    option_lead,
    option_lead_content,
    option_letter,
    other_option_chosen,
    said_number_option,
)
from verigrpo.verifiers.math.clock import same_clock_time
from verigrpo.verifiers.math.compare import (
    _as_list,
    answers_equivalent,
    approximates,
    named_apart,
    nodes_equal,
    rounded_side_equal,
    tuple_by_name,
)
from verigrpo.verifiers.math.conclusions import concluded_verdict, statement_verdict
from verigrpo.verifiers.math.conditions import conditions_equal, is_condition, unsolved_against_solved
from verigrpo.verifiers.math.constants import renamed_constants_equal
from verigrpo.verifiers.math.counts import labelled_counts_verdict
from verigrpo.verifiers.math.dates import last_date, same_date
from verigrpo.verifiers.math.extract import extract_answer
from verigrpo.verifiers.math.families import family_verdict
from verigrpo.verifiers.math.forms import (
    TEXT_WRAP_RE,
    continental_number,
    decimal_comma_reading,
    prose_unit,
    same_statements,
    stated_names,
    stated_numbers,
    statement_verdicts,
)
from verigrpo.verifiers.math.growth import same_growth
from verigrpo.verifiers.math.leaves import BASE_TEXT_RE, letters_reordered, repeating_reading
from verigrpo.verifiers.math.locales import accounting_negative, comma_language, english_words
from verigrpo.verifiers.math.logic import same_logic
from verigrpo.verifiers.math.nodes import (
    MAX_ANSWER_CHARS,
    Answers,
    Bracket,
    Choice,
    Expr,
    Matrix,
    Node,
    ParseError,
    Relation,
    Text,
    Union,
)
from verigrpo.verifiers.math.normalize import BOLD_MARK_RE, normalize, strip_math_delimiters
from verigrpo.verifiers.math.notations import notation_differs
from verigrpo.verifiers.math.optionvalues import (
    CHOSE_LETTER_RE,
    LETTER_LEADS_RE,
    LETTER_NAMED_RE,
    another_options_content,
    contradicts_option,
    glossed_value,
    lettered_value,
    option_of_value,
    option_value,
    same_option,
)
from verigrpo.verifiers.math.pairs import pair_verdict
from verigrpo.verifiers.math.parse import VERDICT_WORDS, parse_answer
from verigrpo.verifiers.math.parts import (
    labelled_part_values,
    labelled_tuples,
    numbered_parts,
    question_parts,
)
from verigrpo.verifiers.math.quantities import worked_quantity
from verigrpo.verifiers.math.question import (
    PLAIN_NUMBER_RE,
    asked_quantity,
    asks_for_antiderivative,
    asks_for_factors,
    compact,
    counted_in_multiples,
    degrees_for_radians,
    degrees_not_asked,
    echoes_question,
    givens,
    names_another_unknown,
    option_content,
    other_thing_counted,
    per_mille_for_percent,
    percent_not_asked,
    percent_of_a_percent,
    question_equations,
    question_text,
    ratio_for_percent,
    unshown_combination,
    unworked_operation,
)
from verigrpo.verifiers.math.reference import check_reference, read_reference, same_alternatives
from verigrpo.verifiers.math.roundings import exact_then_rounded
from verigrpo.verifiers.math.sentences import (
    RETRACTION_WORDS,
    has_or,
    or_parts,
    parsed,
    parses,
    prose_answer,
    sentence_answer,
    without_conversion,
    without_word_note,
)
from verigrpo.verifiers.math.shown import unit_apart
from verigrpo.verifiers.math.spans import top_level_items
from verigrpo.verifiers.math.tags import NOT_EQUAL_LEAD_RE
from verigrpo.verifiers.math.topics import boxes_by_topic
from verigrpo.verifiers.math.units import text_unit
from verigrpo.verifiers.math.values import ROUNDED_DECIMALS, constant_against_none, printed_integer_key
from verigrpo.verifiers.math.vocab import FOREIGN_UNIT_WORDS
from verigrpo.verifiers.math.written import (
    closing_word,
    named_word,
    same_options,
    same_roman,
    same_text,
    same_verdicts,
    same_word,
    worded_count,
    written_prime_factors,
)
from verigrpo.verifiers.registry import register
from verigrpo.verifiers.types import Reward, Status

MAX_COMPLETION_CHARS = 100_000


# an option letter named after the answer: in bold, in brackets, after "option", alone on a line or beside "or"
_LETTERS_AFTER_RE = re.compile(
    r"\*\*\(?([A-J])\)?\*\*|\(([A-J])\)|\b(?:option|choice)\s+\(?([A-J])\b|(?:^|\n)[ \t]*([A-J])[ \t]*(?=or\b|and\b|,|\n|$)"
    r"|\bor[ \t]+\(?([A-J])\)?(?![A-Za-z])"
)
_OR_EQUIVALENTLY_RE = re.compile(
    r"\bor\s+(?:equivalently|equivalent\s+to|in\s+decimal\s+form|as\s+a\s+decimal),?", re.I
)
# a box that holds a plain sentence: three words in a row; words, numbers, money and arithmetic only (no LaTeX, no
# code: "1; DROP TABLE users;--")
_PLAIN_SENTENCE_RE = re.compile(r"[\w \t$€£%.,'’=×*/+:()-]{1,600}")
# (three words in a row, or two and a third after the number: "Fawn has 28 books")
_SENTENCE_WORDS_RE = re.compile(
    r"(?<![A-Za-z])[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}[ \t]+(?:[A-Za-z]{2,}|\$?\d[\d,.]*\$?[ \t]+[A-Za-z]{2,})"
)
_INLINE_MATH_RE = re.compile(r"\$([^$\s]{1,40})\$")
_PAREN_OR_RE = re.compile(r"\(\s*or\s+([^()]{1,200})\)")  # no leading \s*: quadratic on long space runs


_VERDICTS = {"yes": "no", "no": "yes", "true": "false", "false": "true"}  # each verdict and its opposite
_LEADING_VERDICT_RE = re.compile(
    r"\s*(?:\*\*)?\(?(yes|no|true|false)\)?(?:\*\*)?\s*(?:[,.;:!—]|$)\s*(.*)", re.I | re.S
)  # "Yes, ...", "(true).", "**No**."
# the two polarities, in any form, and words that take a verdict back or doubt it
_POSITIVE_RE = re.compile(r"\b(?:yes|yeah|yep|true|correct|holds|works|converges)\b", re.I)
_NEGATIVE_RE = re.compile(
    r"\b(?:no|nope|nah|not|never|false|incorrect|wrong|fails?|impossible|cannot)\b|n't\b|\bnone\b", re.I
)
_RETRACTED_RE = re.compile(
    rf"\b(?:{RETRACTION_WORDS}|retract\w*|kidding|opposite|second thought|but|however|unless|"
    r"maybe|perhaps|probably|possibly|unsure|not sure|guess)\b|\?",
    re.I,
)


# a completion that says it integrates: an integral sign, "integral", "integrate", "antiderivative"
_INTEGRATES_RE = re.compile(r"\\int(?![a-z])|∫|\bintegra(?:l|te|ting|tion)\b|\bantiderivative\b", re.I)
# ... or that it differentiates (a derivative has no constant of integration)
_DIFFERENTIATES_RE = re.compile(r"\bderivative\b|\bdifferentiat\w*", re.I)


_SEVERAL_ASKED_RE = re.compile(
    r"\b(?:all|list|both|solutions|roots|values|integers|primes|divisors|factors|numbers|pairs)\b", re.I
)


def _commas_list(answer: str, completion: str, row: Mapping[str, Any]) -> bool:
    """A comma between digits that lists values, not a decimal comma: where the question asks for several values
    ("Find all integer solutions", key "3,5"), or where the completion's last sentence says its answer is several
    ("the roots are $\\boxed{1,5}$", "The integers are $0, 2$, i.e. $\\boxed{0,2}$"), or where the working before
    the last line is written in English, which writes a decimal point ("The roots are 2 and 3.\n\nThe answer is
    $\\boxed{2,3}$.")."""
    if _SEVERAL_ASKED_RE.search(question_text(row)):
        return True
    if "," not in answer or comma_language(completion):
        return False
    working, _, last = completion.strip()[-2_000:].rpartition("\n")
    if english_words(working):
        return True
    last = last[-300:]
    return bool(_SEVERAL_ASKED_RE.search(last) or re.search(r"\bare\b", last, re.I))


_ANGLE_UNIT_AFTER_RE = re.compile(
    r"[ \t$]{0,3}(?:\\\)[ \t]*)?(?:\\text[ \t]*\{[ \t]*)?(?:(radians?|rad)|(degrees?|deg))\b", re.I
)


def _angle_unit_after_box(completion: str, rule: str | None, gold: Node | None, answer: str) -> str | None:
    """Why a box's angle is in another unit than the reference's, from the word right after it: "radians" against a
    key in degrees ("$\\boxed{30}$ radians" against 30°), "degrees" after a box with pi in it against a key in
    radians ("$\\boxed{\\frac{\\pi}{6}}$ degrees" against pi/6; "$\\boxed{30}$ degrees" is pi/6); else None."""
    if not (rule or "").startswith("boxed") or not isinstance(gold, Expr):
        return None
    m = _ANGLE_UNIT_AFTER_RE.match(completion, last_box_end(completion))
    if m is None:
        return None
    key_degrees = gold.marker == "degree" or gold.unit == "deg"
    if m.group(1) and key_degrees:
        return "the box's angle is in radians; the reference's in degrees"
    if m.group(2) and not key_degrees and gold.value.has(sympy.pi) and ("pi" in answer or "π" in answer):
        return "the box's angle is in degrees; the reference's in radians"
    return None


def _by_name(values: Sequence[str], names: tuple[str, ...], gold: Node | None) -> str | None:
    """The ``values`` each with the unknown it was set to ("a = 3, b = 2"), where the reference names its values
    apart too ("a=2, b=3"): compared by name, not as a list in any order; None otherwise."""
    if len(set(names)) == len(names) and isinstance(gold, Answers) and named_apart(gold):
        return _named(values, names)
    return None


def _named(values: Sequence[str], names: tuple[str, ...]) -> str | None:
    """The ``values`` each with the unknown it was set to ("b = 2, a = 3"), against a tuple key: read in the order the
    question's tuple names them, or else alphabetically (:func:`question.in_asked_order`), not in written order."""
    if not names or len(names) != len(values):
        return None
    return ", ".join(f"{n} = {v}" for n, v in zip(names, values))


def _one_unknown_twice(pred: Answers) -> bool:
    """Every item of the list sets a letter, and a letter comes twice ("b = 3, b = 2")."""
    names = [x.name for x in pred.items if isinstance(x, Relation) and x.label and x.ops == ("=",)]
    return len(names) == len(pred.items) and len(set(names)) < len(names)


def _labelled_pair(gold: Node | None) -> Bracket | None:
    """The tuple of a labelled tuple key ("(m,n)=(3,17)" -> (3, 17)); None for any other key."""
    if isinstance(gold, Relation) and gold.ops == ("=",) and isinstance(gold.sides[-1], Bracket):
        side = gold.sides[-1]
        return side if side.open == "(" and len(side.items) >= 2 and isinstance(gold.sides[0], Bracket) else None
    return None


def _symbolic(gold: Node | None) -> bool:
    """A reference that is no plain number: an expression in letters, an equation, a matrix."""
    return not (isinstance(gold, Expr) and not gold.value.free_symbols)


def _option_number(gold: Node | None) -> bool:
    """A bare reference 1-5: the number of an exam's option (Korean, Chinese and Indian papers number them), or a
    value; the completion's words say which."""
    return isinstance(gold, Expr) and gold.unit is None and gold.marker is None and gold.value in range(1, 6)


_NAME_NOISE_RE = re.compile(r"\\(?:left|right|mathrm|operatorname)\b|[\s{}$]|\\[,;!: ]")


_ALTERNATIVE_NOISE_RE = re.compile(r"^[\s(（\[$*]+|[\s()（）\[\]$*.,。、]+$|(?:です|입니다|이다|である)[\s。.）)]*$")


def _restated_alternatives(answer: str) -> Node | None:
    """The one value that every side of ``answer``'s "or" gives, read side by side ("19%（または0.19）です", "19% (oder
    0,19)", "0.19 (o \\frac{19}{100})": a value and its restatement, with brackets, a copula or a decimal comma around
    them, which the whole's parse does not read as one answer); None when a side does not parse or two differ."""
    parts = or_parts(answer)
    if not 2 <= len(parts) <= 3:
        return None
    nodes = []
    for part in parts:
        part = _ALTERNATIVE_NOISE_RE.sub("", _ALTERNATIVE_NOISE_RE.sub("", part.strip()))
        if re.fullmatch(r"-?\d{1,9},\d{1,6}(?:[ \t]*%)?", part):  # ("0,19": a decimal comma, beside another reading)
            part = part.replace(",", ".")
        node = parsed(part) if part else None
        if node is None:
            return None
        nodes.append(node)
    return nodes[0] if all(nodes_equal(x, nodes[0]) for x in nodes[1:]) else None


def _names_another(answer: str, gold: Node | None) -> bool:
    """A reference that names its value (``P(A) = \\frac13``) and an answer chain whose unreadable left side is
    another name (``P(A \\cap B) = \\frac13``): the value of another quantity. Only names that apply a function
    (``P(A)``, ``f(2)``) on both sides: a letter's label (``E = 15``) may be the answer's ``\\mathbb{E}T = 15``."""
    if not (isinstance(gold, Relation) and gold.label and "(" in gold.name):
        return False
    left = strip_math_delimiters(answer).split("=", 1)[0]
    return "(" in left and _NAME_NOISE_RE.sub("", left) != _NAME_NOISE_RE.sub("", gold.name)


def _leading_verdict(answer: str) -> str | None:
    """The verdict a sentence leads with ("Yes, y = 0 is a singular solution." -> "yes"), when the rest of it never
    says the other polarity ("Yes, it isn't.", "No, it is true.") nor takes it back or doubts it ("No; wait, it
    works.", "Yes, probably."); a negation that agrees with "no" stays ("No, it does not converge."). None
    otherwise."""
    m = _LEADING_VERDICT_RE.match(answer)
    if m is None:
        return None
    verdict, rest = m.group(1).lower(), m.group(2)
    opposite = _NEGATIVE_RE if verdict in ("yes", "true") else _POSITIVE_RE
    if opposite.search(rest) or _RETRACTED_RE.search(rest):
        return None
    return verdict


# a variable named with its index glued on, as code names it: "a1", "x2" (not "\\sqrt2", "0x1", "2a1")
_INDEXED_NAME_RE = re.compile(r"(?<![A-Za-z0-9\\_.])([A-Za-z])(\d{1,2})(?![\d.])")
# checks of an answer equal in value against what the row's question asks (each ``(pred, gold, row) -> bool``), and
# the reason each gives
_QUESTION_CHECKS: tuple[tuple[Callable[[Node, Node, Mapping[str, Any]], bool], str], ...] = (
    (degrees_not_asked, "a value in degrees where the question asks about no angle"),
    (degrees_for_radians, "a value in degrees where the question asks for radians"),
    (percent_not_asked, "a percent where the question asks for no percent or rate"),
    (percent_of_a_percent, "a percent a hundred times the key, where the question asks for a percent"),
    (ratio_for_percent, "a ratio where the question asks for a percent"),
    (other_unit_than_asked, "the answer's unit is not the one the question asks for"),
    (base_without_asking, "a numeral in another base than the question asks for (or where it names none)"),
    (reordered_named_quantities, "the question asks for several quantities in order; the answer lists them in another"),
    (other_form_than_asked, "the question asks to factor (or expand) the expression; the answer is in the other form"),
    (decimal_for_exact_asked, "a decimal where the question asks for the exact value"),
    (more_precise_than_asked, "more digits than the rounding the question asks for"),
)


def _question_objection(pred: Node, answer: str, gold: Node, row: Mapping[str, Any]) -> str | None:
    """Why an answer equal in value to the key does not answer the question (it counts another thing, counts in
    dozens, or is in a unit, a percent or degrees the question does not ask for); None when nothing objects."""
    answer = strip_math_delimiters(answer)  # ("\(30 \text{ dozen}\)")
    if per_mille_for_percent(answer, row):
        return "per mille or basis points where the question asks for a percent"
    if other_thing_counted(answer, gold, row):
        return "the answer counts another thing than the question asks about"
    if counted_in_multiples(pred, answer, gold, row):
        return "the answer counts in multiples (dozens, pairs) where the question counts single things"
    if other_base_written(answer, row):  # "19_{10}" where the question asks for hexadecimal
        return "a numeral written in another base than the question asks for"
    if factor_left_common(pred, answer, gold, row):  # "(2x+4)(x+3)" for "Factor completely", against "2(x+2)(x+3)"
        return "the question asks to factor completely; a factor keeps a number common to its terms"
    if bracket_left_unexpanded(pred, answer, gold, row):  # "2(x+3)" for "Expand $2(x+3)$."
        return "the question asks to expand the expression; the answer keeps a bracket multiplied"
    unreduced = fraction_form_unasked(pred, answer, gold, row)
    if unreduced is not None:  # "\frac{558}{808}" for "Simplify the fraction ... to its lowest terms."
        return unreduced
    return next((reason for check, reason in _QUESTION_CHECKS if check(pred, gold, row)), None)


def _said_objection(said: str | None, gold: Node, row: Mapping[str, Any]) -> str | None:
    """:func:`_question_objection` of the value as its text writes it, with its unit or noun ("#### 4 socks", "the
    result is 90 hrs."), where the extraction kept the value alone; read as a marked answer's text is, and only where
    that reading is still the key's value."""
    if said is None:
        return None
    answer = prose_unit(said) or said
    answer = asked_unit_value(answer, row) or answer
    pred = parsed(answer)
    if pred is None or not nodes_equal(pred, gold):
        return None
    return _question_objection(pred, said, gold, row)


def _unit_apart_objection(completion: str, answer: str | None, gold: Node, row: Mapping[str, Any]) -> str | None:
    """:func:`_said_objection` of the answer with the unit the completion writes apart from it ("Answer: 90\\nUnit:
    hours", "The answer is 90 (in hours).", {"answer": 90, "unit": "hours"}), where the answer has no unit of its own
    and the question asks in words."""
    if not answer or not question_text(row).strip() or not re.fullmatch(r"[\s$]*-?\d[\d,]*(?:\.\d+)?[\s$]*", answer):
        return None
    number = answer.strip().strip("$").strip()
    unit = unit_apart(completion)
    if unit is not None and text_unit(unit) is not None:
        return _said_objection(f"{number} {unit}", gold, row)
    # a unit word of another language or script right after the number, which the extraction leaves out ("72 годин",
    # "\boxed{72} metros", "60 м/с"): read as its English unit
    unit_after = rf"(?<![\d.]){re.escape(number)}[}}$*]{{0,4}}[ \t\u00a0]{{0,2}}([^\W\d_]{{1,20}}(?:/[^\W\d_]{{1,10}})?)"
    found = list(re.finditer(unit_after, completion[-300:]))
    words = found[-1].group(1).split("/") if found else []
    english = [FOREIGN_UNIT_WORDS.get(w.lower()) or FOREIGN_UNIT_WORDS.get(w.lower()[:-1]) for w in words]
    if not words or not all(english) or "per" in english:
        return None
    return _said_objection(f"{number} {'/'.join(english)}", gold, row)  # type: ignore[arg-type]


@register("math")
def math_answer(
    completion: str,
    row: Mapping[str, Any],
    *,
    last_number_fallback: bool = True,
    reject_echo: bool = True,
    rounded_decimals: bool = False,
) -> Reward:
    """Score ``completion`` against ``row["reference"]``: 1.0 if the final answers are equivalent.

    Status: correct / wrong / unparsable (an answer was found but not parsed) / no_answer;
    too_long for completions over ``MAX_COMPLETION_CHARS``; bad_input for a row without a
    usable reference. ``info``: rule, extracted, reference_normalized, hedged, reason.

    ``reject_echo``: an answer that is not a plain number and that the row's question
    (``prompt``, ``question`` or ``problem``) contains as it stands is not credited, even when
    it equals the reference: "Compute 47 + 85." answered "47 + 85", "Simplify $\\frac{6}{4}$."
    answered ``\\frac{6}{4}``. It is equal in value, but nothing was computed, and a policy
    that learns to copy the question would collect the reward on every such row.

    ``rounded_decimals`` (off by default): two written decimals are equal when one is the other rounded at its own
    last place to three significant digits or more ("0.4742" against a key 0.47419, "0.914" against 0.91378...), as
    finance and statistics keys written to full float precision need; off, a key's digits are the answer's.
    """
    token = ROUNDED_DECIMALS.set(rounded_decimals)
    try:
        return _score(completion, row, last_number_fallback, reject_echo)
    finally:
        ROUNDED_DECIMALS.reset(token)


def _score(completion: str, row: Mapping[str, Any], last_number_fallback: bool, reject_echo: bool) -> Reward:
    """:func:`math_answer`'s work, with the call's rounding policy set."""
    reference = row.get("reference") if isinstance(row, Mapping) else None
    if isinstance(reference, (int, float)) and not isinstance(reference, bool):
        reference = str(reference)
    if not isinstance(reference, str) or not reference.strip():
        return Reward.failure(Status.BAD_INPUT, reason="row has no string 'reference'")
    if not isinstance(completion, str):
        return Reward.failure(Status.BAD_INPUT, reason="completion is not a string")
    if len(completion) > MAX_COMPLETION_CHARS:
        return Reward.failure(Status.TOO_LONG, reason=f"completion over {MAX_COMPLETION_CHARS} chars")
    if len(reference) > MAX_ANSWER_CHARS * 4:
        return Reward.failure(Status.BAD_INPUT, reason="reference too long")

    gold_text, gold, gold_error = read_reference(reference)
    if isinstance(gold, Expr) and gold.value == sympy.I and gold_text.strip(" ()$") == "I" and option_content(row, "I"):
        gold = Expr(sympy.Symbol("I"))  # the key "I" where the question lists an option I (MMLU-Pro's ninth), not i
    in_base = numeral_in_asked_base(gold_text, row, key=True)
    if in_base is not None:  # "2ed" where the question asks for hexadecimal: a numeral, not a product of letters
        gold = in_base
    ex = extract_answer(completion, last_number_fallback=last_number_fallback, givens=givens(row))
    info: dict[str, Any] = {
        "rule": ex.rule,
        "extracted": ex.answer,
        "reference_normalized": _describe(gold) if gold is not None else normalize(gold_text),
        "hedged": False,
    }
    if gold_error is not None:
        info["reference_error"] = gold_error
    counts = labelled_counts_verdict(completion, gold_text) if gold is None and not ex.hedged else None
    if counts is not None:  # "鸡6只，兔4只" answered "所以，笼子里有6只鸡和4只兔。": each label's count
        info["extracted_normalized"] = "labelled counts"
        return Reward(float(counts), Status.CORRECT if counts else Status.WRONG, info=info)
    numbered = closing_number_option(completion) if isinstance(gold, Choice) and gold.letter.isdigit() else None
    if numbered is not None:  # "ตอบ ข้อ (2)" against "(2) 100 คน": the option the last line names decides
        info.update(rule="closing_option", extracted_normalized=f"({numbered})")
        return Reward(float(numbered == gold.letter), Status.CORRECT if numbered == gold.letter else Status.WRONG, info=info)  # type: ignore[union-attr]
    said = said_number_option(completion) if _option_number(gold) else None
    if said is not None:  # "... is 18, which corresponds to choice 4." against 4: an exam's numbered option, chosen
        info.update(rule="closing_option", extracted_normalized=f"option {said}")
        right = said == str(gold.value)  # type: ignore[union-attr]
        return Reward(float(right), Status.CORRECT if right else Status.WRONG, info=info)
    logic = same_logic(ex.answer, gold_text) if ex.answer is not None and not ex.hedged else None
    if logic is not None:  # "\\neg p \\lor q" against "p \\Rightarrow q"; "~p" is not "p" (nor "p \\land q" "p \\lor q")
        info["extracted_normalized"] = "a formula of logic or of sets"
        if logic and reject_echo and echoes_question(ex.answer or "", row):  # "Simplify p ∧ (p ∨ q)." copied back
            info["reason"] = "the answer restates an expression of the question: nothing was computed"
            return Reward(0.0, Status.WRONG, info=info)
        return Reward(float(logic), Status.CORRECT if logic else Status.WRONG, info=info)
    verdicts = same_verdicts(ex.answer, gold_text) if ex.answer is not None and not ex.hedged else None
    if verdicts is not None:  # "No, Yes, No" against "no, yes, no": verdicts in order, in any case
        info["extracted_normalized"] = "verdicts"
        return Reward(float(verdicts), Status.CORRECT if verdicts else Status.WRONG, info=info)
    if len(completion) <= MAX_ANSWER_CHARS and same_text(completion, gold_text) and not notation_differs(completion, gold_text):
        # the whole completion is the reference as written ("odd $n$", "$g(x) = ...$ for some $a>0$"): whatever the
        # extraction reads in it, it states the reference (unless it copies the question)
        if not (reject_echo and echoes_question(completion, row, numeric_reference=_numeric(gold, gold_text), reference=gold_text)):
            info.update(rule="same_text", extracted=completion.strip(), extracted_normalized="the reference's text")
            return Reward(1.0, Status.CORRECT, info=info)
    other = other_option_chosen(completion, gold, ex.rule) if ex.scope is not None else None
    if other is not None:  # "... so the answer is C.\n\nD": one answer per completion, whatever the marker's line says
        info["reason"] = other
        return Reward(0.0, Status.WRONG, info=info)
    if (
        ex.scope is not None
        and not ex.hedged
        and len(ex.scope) <= MAX_ANSWER_CHARS
        and same_text(ex.scope, gold_text)
        and not notation_differs(ex.scope, gold_text)  # ("x \equiv 1 \pmod 2" is no "x \equiv 1 \pmod 4")
    ):
        # the marker's line or the answer tag holds the reference as written ("Answer: Amelia is a hero, and Elizabeth
        # is a hero."): whatever a narrower reading of it finds, it states the reference (unless it copies the question)
        apart = _unit_apart_objection(completion, ex.answer, gold, row) if gold is not None else None
        if apart is not None:  # "Answer: 90\nUnit: hours" against 90 minutes: the text, in another unit
            info["reason"] = apart
            return Reward(0.0, Status.WRONG, info=info)
        if not (reject_echo and echoes_question(ex.scope, row, numeric_reference=_numeric(gold, gold_text), reference=gold_text)):
            info.update(rule=f"{ex.rule}+same_text", extracted_normalized="the reference's text")
            return Reward(1.0, Status.CORRECT, info=info)
    if isinstance(gold, Answers) and gold.connective == ";" and all(
        isinstance(x, Text) and x.text in ("true", "false") for x in gold.items
    ):  # "False, True" against "Statement 1 is false. Statement 2 is true."
        said = statement_verdicts(completion, len(gold.items))
        if said is not None:
            ok = said == "; ".join(x.text for x in gold.items)  # type: ignore[union-attr]
            info.update(rule="statement_verdicts", extracted_normalized=said)
            return Reward(float(ok), Status.CORRECT if ok else Status.WRONG, info=info)
    one_line = completion.strip()
    if (
        isinstance(gold, Text)
        and gold.text in _VERDICTS
        and (ex.answer is None or ex.rule in WEAK_RULES)
        and len(one_line) <= 300
        and "\n" not in one_line
    ):
        verdict = _leading_verdict(one_line)
        if verdict is not None:  # "No, 2009/49 = 41, which is prime." against "False": the verdict the line opens with
            ex = dataclasses.replace(ex, answer=verdict, rule="leading_verdict", scope=None)
            info.update(rule=ex.rule, extracted=verdict)
    if isinstance(gold, Text) and gold.text in _VERDICTS and (ex.answer is None or ex.rule in WEAK_RULES):
        closing = concluded_verdict(completion)
        closing = statement_verdict(completion) if closing is None else closing
        if closing is not None:  # "100 divided by 5 is 20, so the statement is true." against "true"
            word = ("true" if closing else "false") if gold.text in ("true", "false") else ("yes" if closing else "no")
            ex = dataclasses.replace(ex, answer=word, rule="closing_verdict", scope=None)
            info.update(rule=ex.rule, extracted=word)
    if isinstance(gold, Text) and gold.text not in _VERDICTS and (ex.answer is None or ex.rule in WEAK_RULES):
        word = closing_word(completion)
        if word is not None:  # "March 11 is a Wednesday." against "Wednesday": the word the closing sentence states
            ex = dataclasses.replace(ex, answer=word, rule="closing_word", scope=None)
            info.update(rule=ex.rule, extracted=word)
    listed = len(_as_list(gold) or ()) if gold is not None else 0
    if listed >= 2 and not ex.hedged and (ex.answer is None or ex.rule in WEAK_RULES):
        values = labelled_part_values(completion, listed)
        if values is not None:  # "(a) The sum is 3. (b) The product is 8." against "3, 8": each part's one number
            joined = ", ".join(values)
            ex = dataclasses.replace(ex, answer=joined if unordered_question(row) else f"({joined})", rule="labelled_parts")
            info.update(rule=ex.rule, extracted=ex.answer)
    if ex.answer is None:
        letter = option_letter(gold) if gold is not None else None
        if letter is not None and closing_option(completion) == letter:  # "... = 438\nanswer.A" against A
            info.update(rule="closing_option", extracted=letter, extracted_normalized=letter)
            return Reward(1.0, Status.CORRECT, info=info)
        if letter is not None and letter in (leading_option(completion), first_line_option(completion)):
            # "C. I think Paris is the capital.", "C。任何数的绝对值都是正数，这个判断是错误的": the option the one-line
            # answer opens with, then its reason (not one that names another option or takes the label back)
            info.update(rule="leading_option", extracted=letter, extracted_normalized=letter)
            return Reward(1.0, Status.CORRECT, info=info)
        return Reward(0.0, Status.NO_ANSWER, info=info)
    family = family_verdict(ex.answer, gold_text) if not ex.hedged else None
    if family is not None:  # "x = \frac{\pi}{4} + \frac{k\pi}{2}, k \in \mathbb{Z}": sets of members compared
        info.update(rule=f"{ex.rule}+family", extracted_normalized="integer family")
        return Reward(float(family), Status.CORRECT if family else Status.WRONG, info=info)
    # several answers in the reference ({-3, 3}, "2, 3", (-oo, -1) U (1, oo)): "x = 3 or x = -3"
    # and one box per solution list them; against a single answer both are hedges.
    several = gold is not None and (len(_as_list(gold) or ()) >= 2 or isinstance(gold, Union))
    answer = ex.answer
    pair = isinstance(gold, Bracket) and gold.open == "(" and len(gold.items) >= 2
    pair_key = gold if pair else _labelled_pair(gold)
    if (several or pair_key is not None) and not ex.hedged and ex.rule in ("last_number", "last_equation"):
        # a key of several values, a completion that ends on a sentence stating them: "So the cabin costs $6,000 and
        # the land costs $24,000." against "6000, 24000" (the fallback read only the last); by name where the sentence
        # names them ("Hence b = 2 and a = 3." against "a=2, b=3", or against the tuple "(3,2)")
        sentence = _LAST_SENTENCE_RE.split(completion.strip().splitlines()[-1])[-1]
        values = stated_numbers(sentence)
        wanted = len(_as_list(gold) or ()) if several else len(pair_key.items)  # type: ignore[union-attr]
        if values is not None and len(values) == wanted:
            names = stated_names(sentence, len(values))
            said = (_by_name(values, names, gold) or ", ".join(values)) if several else _named(values, names)
            answer = said or answer
            info["extracted"] = answer
    if (several or pair_key is not None) and not ex.hedged and ex.rule == "last_math" and ex.scope is not None:
        # "Thus, $a=2, h=-1$, and $k=-18$." against "2, -1, -18": the values of the named spans, as many as the key's
        # (against a tuple, "(7, 3)", by name where they are named: "y &= 3 \\ x &= 7" is (7, 3); in written order else)
        if len(top_level_items(ex.scope)) == len(_as_list(gold) or pair_key.items):
            answer = ex.scope if several else _named(top_level_items(ex.scope), ex.names) or f"({ex.scope})"
            # ("$a = 3$ and $b = 2$" against "a=2, b=3": by name)
            answer = (_by_name(top_level_items(ex.scope), ex.names, gold) if several else None) or answer
            info["extracted"] = answer
    twice = len(set(ex.names)) < len(ex.names)  # "$a=\boxed{3}$, $a=\boxed{2}$": two values for one unknown
    if ex.hedged and twice and (pair_key is not None or (isinstance(gold, Answers) and named_apart(gold))):
        info.update(hedged=True, reason="two values for one unknown, against a key of several unknowns")
        return Reward(0.0, Status.WRONG, info=info)
    asked_parts = question_parts(question_text(row)) if ex.ordered else 0
    if ex.hedged and asked_parts and max(ex.parts) >= asked_parts:  # "(d) \boxed{6}" where the question ends at (c)
        info.update(hedged=True, reason="a box answers a part the question does not have")
        return Reward(0.0, Status.WRONG, info=info)
    if ex.hedged and several and 1 < len(ex.boxes) <= 10:
        answer = ", ".join(ex.boxes)  # "\boxed{2} and \boxed{3}" against "2, 3"
        answer = _by_name(ex.boxes, ex.names, gold) or answer  # "$a=\boxed{3}$, $b=\boxed{2}$" against "a=2, b=3"
        topics = boxes_by_topic(completion, question_text(row), len(ex.boxes)) if not ex.ordered else None
        if topics is not None:  # "The area is \boxed{15}, the perimeter is \boxed{16}" for "(a) perimeter (b) area"
            answer = "(" + ", ".join(b for _, b in sorted(zip(topics, ex.boxes))) + ")"
        elif ex.ordered and not unordered_question(row):
            # "(a) ... \boxed{5} (b) ... \boxed{3}" against "3, 5": the parts in order, as a tuple, each box one part
            # ("(a) \boxed{2, 4} (c) \boxed{6}" answers two parts, not three); not the roots a question asks for
            # (where the key has a value per part: "(a) \boxed{2, 3} (b) \boxed{5}" answers "2, 3, 5" when part (a)
            # asks for two roots of a two-part question)
            keyed = len(_as_list(gold) or ())
            per_part = asked_parts == keyed if asked_parts else max(ex.parts, default=0) + 1 == keyed
            answer = "(" + ", ".join(f"({b})" if per_part and len(top_level_items(b)) > 1 else b for b in ex.boxes) + ")"
        info["extracted"] = answer
    elif (
        ex.hedged
        and pair_key is not None
        and 1 < len(ex.boxes) == len(pair_key.items)
        and (boxes_listed_together(completion) or ex.names)
    ):
        # "\boxed{3} \quad \text{e} \quad \boxed{17}" against "(m,n)=(3,17)": boxes listed together, in order (or
        # each set to an unknown: "y = \boxed{1}. Then x = \boxed{3}.")
        answer = _named(ex.boxes, ex.names) or "(" + ", ".join(ex.boxes) + ")"  # ("$b=\boxed{2}$, $a=\boxed{3}$": by name)
        if all(NAME_IN_BOX_RE.match(b) for b in ex.boxes):  # "\boxed{b=3}, \boxed{c=2}": named in the boxes
            answer = ", ".join(ex.boxes)
        info["extracted"] = answer
    elif ex.hedged:
        bare = option_letter(gold) if not isinstance(gold, Choice) else None
        if bare is not None and len(ex.boxes) <= 1 and option_lead(ex.answer or "") is None:
            closing = closing_option(_LAST_SENTENCE_RE.split(completion.strip())[-1])  # its last sentence
            if closing is not None and option_letter(parsed(ex.answer or "")) is None:
                # "so the answer is \boxed{17}. The answer is (F)." against F: the option's value, then the option
                # (MMLU's closing line); the letter it closes with decides
                info.update(rule="closing_option", extracted_normalized=closing)
                return Reward(float(closing == bare), Status.CORRECT if closing == bare else Status.WRONG, info=info)
        info.update(hedged=True, reason=ex.hedge_reason)
        return Reward(0.0, Status.WRONG, info=info)
    elif several and 1 < ex.repeated == len(_as_list(gold) or ()):
        answer = ", ".join([answer] * ex.repeated)  # "a and b are \boxed{-2} and \boxed{-2}" against "-2, -2"
        info["extracted"] = answer
    elif pair_key is not None and 1 < ex.repeated == len(pair_key.items) and isinstance(parsed(answer), Expr):
        answer = "(" + ", ".join([answer] * ex.repeated) + ")"  # "$a=\boxed{3}$, $b=\boxed{3}$" against "(3,3)"
        info["extracted"] = answer
    verdict_key = isinstance(gold, Text) and gold.text in _VERDICTS
    said = VERDICT_WORDS.get(answer.strip().strip("*.").lower()) if verdict_key else None
    if said is not None:  # "Antwort: Ja" against True: a verdict in the completion's language (never "J·a")
        answer = said
    verdict = _leading_verdict(ex.scope or answer) if isinstance(gold, Text) and gold.text in _VERDICTS else None
    if verdict is not None:  # "Yes, we can assert that u is constant." against "Yes": the verdict it leads with
        answer = verdict
        info["extracted"] = answer
    if len(answer) <= MAX_ANSWER_CHARS:  # longer answers are unparsable anyway
        if "**" in answer and re.search(r"\d", answer):  # "= **16 m**.": markdown bold around a value
            answer = BOLD_MARK_RE.sub("", answer)
        answer = without_restatement(answer) or answer  # "1000 (or, equivalently, 1,000)": one value, written twice
        answer = bracketed_value(answer) or answer  # "1/4 (25%)": restated, not multiplied; "12 (2)": two values
        answer = _PAREN_OR_RE.sub(r" or \1", answer)  # "1/2 (or 0.5)"
        answer = _OR_EQUIVALENTLY_RE.sub("or", answer)  # "$\frac12$ or equivalently $0.5$"
        in_parts = numbered_parts(answer) if labelled_tuples(answer) is None else None
        answer = labelled_tuples(answer) or in_parts or answer
        each = in_parts.split("; ") if in_parts is not None else []
        if isinstance(gold, Answers) and gold.connective == "," and len(gold.items) == len(each):
            answer = "(" + ", ".join(each) + ")"  # "(a) 10, (b) 5" against "5, 10": the parts, in the key's order
        if "boxed" not in (ex.rule or ""):  # "The answer is 540 m." (prose, where the letter is a unit)
            answer = prose_unit(answer) or answer
        elif not answer.isascii() and not parses(answer):  # "\boxed{45 phút}": a number and words of a language
            answer = prose_unit(answer) or answer  # (not "1 kΩ", a unit the parser reads)
        answer = asked_unit_value(answer, row) or answer  # "\boxed{4\,m}" where the question asks "in meters"
        answer = accounting_negative(strip_math_delimiters(answer)) or answer  # "($1,234)": a loss, -1234
        answer = continental_number(answer, completion) or answer  # "Die Antwort lautet 70.000 US-Dollar.": 70000
        answer = worded_count(answer) or answer  # "Five apples.", "\text{seventy-two clips}": 5 apples, 72 clips
    if NOT_EQUAL_LEAD_RE.match(answer):  # "\boxed{\neq 5}", "\boxed{≠ y = 2x + 1}", "\boxed{\lnot 72}": negated
        info["reason"] = "the answer negates its value"
        return Reward(0.0, Status.WRONG, info=info)
    worked = worked_quantity(answer) if _quantity(gold) else None
    if worked is not None:  # "5 in + 2 ft" against "73.66 cm": the arithmetic on quantities, worked out
        answer = worked
        info["extracted"] = answer
    rounded = exact_then_rounded(answer) if not parses(answer) else None
    if rounded is not None:  # "35/36, about 0.9722", "35/36（约0.9722）": the exact value, then its rounding
        exact, rounding = parsed(rounded[0]), parsed(rounded[1].replace("%", "\\%"))
        if exact is None or rounding is None or not approximates(exact, rounding, rel=0.05):
            info.update(hedged=True, reason="a rounding that does not round the answer, after it")
            return Reward(0.0, Status.WRONG, info=info)
        answer = f"{rounded[0]} \\approx {rounded[1].replace('%', '')}" + ("\\%" if "%" in rounded[1] else "")
        info["extracted"] = answer
    try:
        pred = parse_answer(answer)
    except Exception as e:  # noqa: BLE001 - model output must never raise out of a verifier
        pred, pred_error = None, f"{type(e).__name__}: {e}" if not isinstance(e, ParseError) else str(e)
    indexed = (
        _INDEXED_NAME_RE.sub(r"\1_{\2}", answer)
        if pred is None and re.search(r"[A-Za-z]_\{?\d", gold_text) and _INDEXED_NAME_RE.search(answer)
        else None
    )
    reindexed = parsed(indexed) if indexed is not None else None
    if reindexed is not None:
        # "a1*a3**(2/3)/a2**(5/3)" against a key in a_{1}, a_{3}: a code's names for the key's indexed variables
        answer, pred = indexed, reindexed  # type: ignore[assignment]
        info["extracted"] = answer
    if in_base is not None or (isinstance(gold, Text) and BASE_TEXT_RE.fullmatch(gold.text)):
        # "2ED" against "2ed" in base 16 ("0x2ed", "2ed_{16}" are read so by the parser), "ED" against "ED_{16}"
        pred = numeral_in_asked_base(answer, row) or pred
    tuple_key = isinstance(gold, Bracket) and gold.open == "("  # (a set "\{-1, 4\}" takes "x = -1, x = 4")
    if tuple_key and tuple_by_name(pred) is not None:  # "(b,a) = (2,3)": b = 2, a = 3
        pred = tuple_by_name(pred)
    if isinstance(pred, Answers) and tuple_key:  # "m = -3, b = 2" where the question asks for (m, b)
        if other_names_than_asked(pred, row):  # "b = 3, c = 2" for "Find the ordered pair $(a,b)$"
            info["reason"] = "the answer sets other unknowns than the tuple the question asks for"
            return Reward(0.0, Status.WRONG, info=info)
        if _one_unknown_twice(pred):  # "b = 3, b = 2" against the pair (3, 2)
            info["reason"] = "two values for one unknown, against a tuple"
            return Reward(0.0, Status.WRONG, info=info)
        pred = in_asked_order(pred, row)
    elif isinstance(pred, Bracket) and isinstance(gold, Answers):
        gold = in_asked_order(gold, row)  # the key "a=3, b=2" where the question asks for $(b,a)$: the tuple (2, 3)
    bare = without_word_note(answer) if isinstance(pred, Expr) and pred.value.free_symbols else None
    plain = parsed(bare) if bare is not None else None
    if isinstance(plain, Expr) and not plain.value.free_symbols:
        # "38 (no unit)": a note in words after a number, not letters multiplying it
        answer, pred = bare, plain
        info["extracted"] = answer
    if pred is None and len(answer) <= MAX_ANSWER_CHARS and not has_or(answer):  # (not "$x = 5$ или $x = 7$")
        last = chain_last_side(answer)
        if last is not None and _names_another(answer, gold):  # "P(A \\cap B) = \\frac13" against "P(A) = \\frac13"
            info["reason"] = "the answer names another quantity than the reference's"
            return Reward(0.0, Status.WRONG, info=info)
        if last is not None:  # "\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1": the left side is not ours to read
            answer, pred = last
            info["extracted"] = answer
    if pred is None and len(answer) <= MAX_ANSWER_CHARS:
        first = without_conversion(strip_math_delimiters(answer))
        if first is not None:  # "134 MPa (19,300 psi)": one quantity, written twice
            answer, pred = first, parse_answer(first)
            info["extracted"] = answer
    if pred is None:
        prose = prose_answer(answer)
        if prose is not None:  # "\text{The answer is } 103", "\frac{737}{39}\;\text{(about }18.9\text{ cards)}"
            answer, pred = prose, parse_answer(prose)
            info["extracted"] = answer
    # (LaTeX's dollar and percent signs in prose: "You will save \$6", "Carl receives $\$4$ in change.")
    plain = answer.replace("$\\$", "$").replace("\\$", "$").replace("\\%", "%") if pred is None else answer
    if (
        pred is None
        and (ex.rule or "").startswith("boxed")
        and _PLAIN_SENTENCE_RE.fullmatch(plain.strip())
        and "--" not in answer
        and _SENTENCE_WORDS_RE.search(plain)
    ):
        sentence = _INLINE_MATH_RE.sub(r"\1", plain).strip().rstrip(".")  # ("Fawn has $28$ books.")
        said = sentence_answer(sentence, givens(row))
        if said != sentence and parses(said):  # "\boxed{The dog is 12 years old.}": a sentence, as
            answer, pred = said, parse_answer(said)  # an answer tag's is read
            info["extracted"] = answer
    # one value per line against a list of that many ("2\n\n3\n\n3/2+(√3/2)i"): an answer block the fallback read by
    # its last number, or an answer that does not parse
    fallback = ex.scope is not None and (ex.rule or "").endswith(("last_number", "last_equation"))
    lines = ex.scope if fallback else answer if pred is None else None
    listed = one_per_line(lines, len(_as_list(gold) or ())) if several and lines else None
    if listed is not None:
        answer, pred = listed
        info["extracted"] = answer
    restated = _restated_alternatives(answer) if has_or(answer) and not (pred is not None and same_alternatives(pred)) else None
    if restated is not None:  # "19%（または0.19）です", "19% (oder 0,19)": one value restated in another language's "or"
        pred = restated
    elif pred is not None and same_alternatives(pred):
        pred = pred.items[0]  # "\frac12 or 0.5" restates one answer: not a hedge  # type: ignore[union-attr]
    elif (
        has_or(answer)
        and not has_or(gold_text)
        and not several
        # "a = 0 or b = 0" against "ab = 0": one condition, the same as the reference's, not alternatives
        and not (pred is not None and gold is not None and is_condition(pred) and conditions_equal(pred, gold))
    ):
        info.update(hedged=True, reason="alternatives joined by 'or'")
        return Reward(0.0, Status.WRONG, info=info)
    picked = same_statements(answer, gold_text)
    if picked is not None:  # "①③④": the statements picked, in any order
        info["extracted_normalized"] = "statement numbers"
        return Reward(float(picked), Status.CORRECT if picked else Status.WRONG, info=info)
    decimal = decimal_comma_reading(answer, gold_text) if not _commas_list(answer, completion, row) else None
    if decimal is not None and answers_equivalent(*decimal):  # "0,6" against "\frac35", "3.14" against "3,14"
        info["extracted_normalized"] = "a decimal comma"
        return Reward(1.0, Status.CORRECT, info=info)
    other_angle = _angle_unit_after_box(completion, ex.rule, gold, answer)
    if other_angle is not None:  # "$\boxed{30}$ radians" against 30°, "$\boxed{\frac{\pi}{6}}$ degrees" against pi/6
        info["reason"] = other_angle
        return Reward(0.0, Status.WRONG, info=info)
    date = same_date(answer, gold_text)
    if date is False and (ex.rule or "") in WEAK_RULES and (written := last_date(completion)) is not None:
        # "5 months after August 1779 would be January 1780." against "Jan, 1780": the date the last line writes,
        # where the last number alone (1780) was read
        date = same_date(written, gold_text)
        info["extracted"] = written
    if date is not None:  # "May 28, 2336" against "2336-05-28"; "2017" is not "2023-01-05", a date, not a difference
        info["extracted_normalized"] = "date"
        return Reward(float(date), Status.CORRECT if date else Status.WRONG, info=info)
    pair = pair_verdict(strip_math_delimiters(answer), gold_text, question_text(row))
    if pair is not None:  # "(2, 3)" for a vertex, an inequality's solution or a list: as the question asks it
        info["extracted_normalized"] = "a pair as the question asks it"
        return Reward(float(pair), Status.CORRECT if pair else Status.WRONG, info=info)
    growth = same_growth(answer, gold_text)
    if growth is not None:  # "O(2n)" against "O(n)": one growth class, not the product of a symbol O and 2n
        info["extracted_normalized"] = "growth class"
        return Reward(float(growth), Status.CORRECT if growth else Status.WRONG, info=info)
    roman = same_roman(answer, gold_text)
    if roman is not None:  # "LX" against "XL", "VI" against "IV": Roman numerals, not products of letters
        info["extracted_normalized"] = "Roman numeral"
        return Reward(float(roman), Status.CORRECT if roman else Status.WRONG, info=info)
    clock = same_clock_time(answer, gold_text)
    if clock is not None:  # "6:10 PM" against "6:10": a time of day, not the ratio 6:10
        info["extracted_normalized"] = "time of day"
        return Reward(float(clock), Status.CORRECT if clock else Status.WRONG, info=info)
    if gold is None:  # we cannot judge against this reference; only the same string is credited
        # (up to spacing: a grid "1 6\n4 7", a word list, a clock time "06:09"; also the whole
        # <answer> block, which the extraction may have narrowed to its last number)
        if same_text(ex.answer, gold_text) or (ex.scope is not None and same_text(ex.scope, gold_text)):
            return Reward(1.0, Status.CORRECT, info=info)
        info["reason"] = "reference could not be parsed"
        return Reward(0.0, Status.BAD_INPUT, info=info)
    gold_letter = option_letter(gold)
    led = option_lead_content(answer) if gold_letter is not None and option_letter(pred) is None else None
    if led is None and gold_letter is not None and option_letter(pred) is None and (ex.rule or "").startswith("boxed"):
        label = label_before_box(completion)
        if label is not None and (pred is None or option_value(row, label) is not None):
            # "A: $\boxed{\downarrow}$": the option, then its content (a value after "A:" is read as one where the
            # question's options can check it: "A:" also abbreviates "Answer:")
            led = (label, answer)
    glossed = None
    if led is None:  # (against a letter key or a value key; "29 (B)", "\boxed{29} (B)": the letter after the value)
        after_box = completion[last_box_end(completion) :][:24] if (ex.rule or "").startswith("boxed") else ""
        glossed = glossed_value(ex.scope or "") or lettered_value(ex.scope or ex.answer or "") or lettered_value(
            f"{ex.answer}{after_box}" if after_box.strip() else ""
        )
    if glossed is not None:  # "Answer: C, which is 33" where the question's option C is 29: the gloss disagrees
        option = option_value(row, glossed[0])
        value = parsed(normalize(glossed[1]))
        if isinstance(option, Expr) and isinstance(value, Expr) and not nodes_equal(option, value):
            info["reason"] = "the option's value written with the letter is not the question's option"
            return Reward(0.0, Status.WRONG, info=info)
    # "The answer is B. gluon", "**Answer: B** (45 km/h)", "\boxed{B} (gluon)": the letter, then another option's
    # content word for word
    chosen = (option_letter(pred) or "").lower()
    scoped = option_lead_content(ex.scope.replace("*", "")) if led is None and ex.scope and len(ex.scope) <= 120 else None
    if scoped is None and led is None and chosen and (ex.rule or "").startswith("boxed"):
        beside = re.match(r"[ \t$*]*\(([^()\n]{1,80})\)", completion[last_box_end(completion) :])
        scoped = (chosen, beside.group(1)) if beside is not None else None
    written = led or (scoped if scoped is not None and scoped[0] == chosen else None)
    if written is not None and written[1] and another_options_content(row, written[0], written[1]):
        info["reason"] = "the option's content written with the letter is another option's"
        return Reward(0.0, Status.WRONG, info=info)
    lead = led[0] if led is not None else None
    if led is not None:  # "\text{A. }-\frac{1}{21}" against A: the option, named before its content
        option, content = option_value(row, led[0]), parsed(normalize(led[1])) if led[1] else None
        if content is None and led[1]:  # "C (0.55)": the content in its brackets
            content = parsed(normalize(led[1].strip().strip("()").strip()))
        if isinstance(option, Expr) and (
            (isinstance(content, Expr) and not nodes_equal(option, content))
            or (content is None and re.search(r"\d", led[1] or ""))
        ):
            # "\text{C. } 4" where the question's option C is 3: the letter and its content disagree; "B / 72", "B
            # \text{ and } 72": a value beside the letter that is no reading of its option
            info["reason"] = "the option's value written with the letter is not the question's option"
            return Reward(0.0, Status.WRONG, info=info)
        info.update(rule=f"{ex.rule}+option", extracted_normalized=lead)
        return Reward(float(lead == gold_letter), Status.CORRECT if lead == gold_letter else Status.WRONG, info=info)
    if pred is None:
        info["reason"] = f"unparsable answer: {pred_error}"
        return Reward(0.0, Status.UNPARSABLE, info=info)
    asked = asked_quantity(pred, answer, row, gold)
    if asked is not None:  # "m + n = 116" where the question asks for m + n: the answer is 116
        pred = asked
    elif unshown_combination(pred, answer, row):
        info["reason"] = "a quantity of several unknowns set to a number without its working, or not the one asked"
        return Reward(0.0, Status.WRONG, info=info)
    repeating = repeating_reading(answer) if "." in answer else None
    if repeating is not None and not nodes_equal(pred, gold) and nodes_equal(repeating, gold):
        pred = repeating  # "0.0909..." against 1/11: the block written twice repeats
    info["extracted_normalized"] = _describe(pred)
    if letters_reordered(answer, gold_text):  # "god" for "dog": a word's letters, not a product's factors
        info["reason"] = "the key's letters in another order"
        return Reward(0.0, Status.WRONG, info=info)
    if (
        nodes_equal(pred, gold)
        or rounded_side_equal(pred, gold)  # "1693/413 \approx 4.1" against a key 4.1, rounded as the answer rounds it
        or printed_integer_key(pred, gold)  # "7800" against a key 7800.000000000001
        or rounded_as_asked(pred, gold, row)  # "3.14" against 3.14159 where the question asks for two decimal places
        or same_word(pred, answer, gold, gold_text)
        or same_options(pred, gold_text)
        or named_word(ex.answer, gold)
        or renamed_constants_equal(pred, gold, question_text(row), integral=asks_for_antiderivative(row))  # "x = \frac13 e^t + Ce^{-2t}" against "\frac{e^t}{3} + ce^{-2t}"
        # "x^x + C" against "x^x" where the question asks for an antiderivative
        or (isinstance(pred, Expr) and isinstance(gold, Expr) and asks_for_antiderivative(row) and constant_against_none(pred, gold))
        # without a question, where the completion says it integrates ("\int \frac{dx}{\cos x} = \ln|\sec x + \tan x|
        # + C", "The solution to the integral is ..."); a bare "e^{10x} + C" against "e^{10x}" stays wrong, as other
        # projects' equality tests have it
        or (
            isinstance(pred, Expr)
            and isinstance(gold, Expr)
            and not question_text(row).strip()
            and bool(gold.value.free_symbols)  # (not "1 + C" for a definite integral's 1)
            and _INTEGRATES_RE.search(completion[-4_000:]) is not None
            and _DIFFERENTIATES_RE.search(completion[-4_000:]) is None  # ("The derivative is e^x. Not an integral.")
            and constant_against_none(pred, gold, either_side=False)
        )
    ):
        if (
            reject_echo
            and echoes_question(answer, row, numeric_reference=_numeric(gold, gold_text), reference=gold_text)
            # (a key that is the question's own expression in x, "d/dx e^x" being e^x: not a number left unworked)
            and not (_symbolic(gold) and echoes_question(gold_text, row))
        ):
            info["reason"] = "the answer restates an expression of the question: nothing was computed"
            return Reward(0.0, Status.WRONG, info=info)
        unworked = unworked_operation(answer, gold_text, question_text(row)) if reject_echo else None
        if unworked is not None:  # "\frac{d}{dx}(x^3 \sin x)" for "Differentiate $x^3 \sin x$."
            info["reason"] = unworked
            return Reward(0.0, Status.WRONG, info=info)
        other = other_option_chosen(completion, gold, ex.rule)
        if other is not None:
            info["reason"] = other
            return Reward(0.0, Status.WRONG, info=info)
        if isinstance(pred, Choice) and contradicts_option(pred, row):
            # "The answer is (C) 4." where the question's option C is 7: the letter and the value disagree
            info["reason"] = "the option's value written with the letter is not the question's option"
            return Reward(0.0, Status.WRONG, info=info)
        differs = notation_differs(answer, gold_text)
        if differs is not None:  # "x \equiv 2 \pmod 4" against "x \equiv 2 \pmod{3}", "f(2x)" against "2f(x)"
            info["reason"] = differs
            return Reward(0.0, Status.WRONG, info=info)
        # "\boxed{2x = 6}" for "Solve 2x + 3 = 9": the question's equation, rearranged
        if isinstance(pred, Relation) and unsolved_against_solved(pred, gold, question_equations(row)):
            info["reason"] = "the reference is solved for its unknown; the answer is an equation not yet solved"
            return Reward(0.0, Status.WRONG, info=info)
        if names_another_unknown(completion, ex.answer or "", row):
            info["reason"] = "the answer names another unknown than the one the question asks for"
            return Reward(0.0, Status.WRONG, info=info)
        objection = (
            _question_objection(pred, ex.answer or "", gold, row)
            or _said_objection(ex.said, gold, row)
            or _unit_apart_objection(completion, ex.answer, gold, row)
        )
        if objection is not None:  # what the question asks that the equal values leave out
            info["reason"] = objection
            return Reward(0.0, Status.WRONG, info=info)
        factors = written_prime_factors(gold_text)
        if factors is not None and asks_for_factors(row, factors) and written_prime_factors(answer, single=True) != factors:
            info["reason"] = "the reference is a prime factorisation; the answer is not that factorisation"
            return Reward(0.0, Status.WRONG, info=info)
        return Reward(1.0, Status.CORRECT, info=info)
    # no marker named another answer; or one named a value where the key is a bare letter ("so the answer is
    # \boxed{17}. The answer is (F)." against F: MMLU's closing line chooses the option)
    letter = option_letter(gold) if ex.rule in WEAK_RULES or not isinstance(gold, Choice) else None
    first = first_line_option(completion) if ex.rule in WEAK_RULES else None  # (not over a marked answer)
    if letter is not None and letter in (leading_option(completion), first):
        info.update(rule="leading_option", extracted_normalized=letter)  # "(c) $J_g = 2J_f$", "D\n分析..." against D
        return Reward(1.0, Status.CORRECT, info=info)
    valued = isinstance(gold, Choice) and pred is not None  # "x = 12\n**D**" against "(D) 7": 12 answered, not D
    if letter is not None and option_letter(pred) is None and not valued and closing_option(completion) == letter:
        # "... = 40 sales\nD is the correct choice" (not a second try when the answer read was another option)
        info.update(rule="closing_option", extracted_normalized=letter)
        return Reward(1.0, Status.CORRECT, info=info)
    named = option_of_value(completion, pred) if letter is not None and option_letter(pred) is None else None
    if named is not None:  # "the correct answer is (C) 6.\n\nAnswer: [6]" against C: the option it wrote 6 with
        info.update(rule=f"{ex.rule}+labelled_option", extracted_normalized=named)
        return Reward(float(named == letter), Status.CORRECT if named == letter else Status.WRONG, info=info)
    if pred is not None and same_option(pred, gold, row):
        # "\boxed{C}" against 11 where the question's option C is 11; "The answer is 11." against C: the option and
        # its content, as the question lists them (not the stem's expression copied back: "\boxed{2^{10}}")
        if reject_echo and option_letter(pred) is None and echoes_question(ex.answer or "", row):
            info["reason"] = "the answer restates an expression of the question: nothing was computed"
            return Reward(0.0, Status.WRONG, info=info)
        tail = completion[-300:]
        at = tail.rfind(ex.answer or "")
        near = re.split(r"(?<!\bi\.e)(?<!\be\.g)[.!?](?=\s)|\n", tail[at:][: len(ex.answer or "") + 40])[0] if at >= 0 else ""
        other = LETTER_NAMED_RE.search(near)  # (in the answer's own clause: "Options (A) and (B) are wrong." is not)
        clause = re.split(r"[.!?](?=\s)|\n|\{", tail[:at])[-1] if at >= 0 else ""
        before = LETTER_LEADS_RE.search(clause + TEXT_WRAP_RE.sub(r"\1", ex.answer or ""))
        letters = [next(g for g in m.groups() if g) for m in (other, before) if m is not None]
        if (ex.rule or "") in WEAK_RULES and at >= 0:  # "So (B). Option (C), 9, is a common trap.": the last number
            # was read, and the paragraph chose another option before it
            chose = CHOSE_LETTER_RE.search(tail[max(0, tail.rfind("\n", 0, at) + 1) : at])
            letters += [chose.group(1)] if chose is not None else []
        if isinstance(pred, Relation) and pred.label and re.fullmatch(r"[A-J]", pred.name):
            letters.append(pred.name)  # "\boxed{B=3}": the letter as the value's name
        if (ex.rule or "") in WEAK_RULES and at >= 0:  # "... = 9, which is option B.\n\n**A** or **C**": the last
            # number was read, and the lines after it name options
            letters += [next(g for g in m.groups() if g) for m in _LETTERS_AFTER_RE.finditer(tail[at + len(ex.answer or "") :])]
        if option_letter(gold) is not None and any(x.lower() != option_letter(gold) for x in letters):
            # "\boxed{3} (B)", "3 → B", "B=3", "\text{B, which is 3}" against C where C is 3: the value names one
            # option, the letter another
            info["reason"] = "the answer's value is one option and the letter written with it another"
            return Reward(0.0, Status.WRONG, info=info)
        info.update(rule=f"{ex.rule}+question_option", extracted_normalized=_describe(pred))
        return Reward(1.0, Status.CORRECT, info=info)
    if pred is not None and digits_in_asked_base(pred, gold, row):
        # "\boxed{20}" against "20_5" where the question asks for base 5: the numeral, its base said by the question
        info.update(rule=f"{ex.rule}+asked_base", extracted_normalized=_describe(pred))
        return Reward(1.0, Status.CORRECT, info=info)
    return Reward(0.0, Status.WRONG, info=info)


_LAST_SENTENCE_RE = re.compile(r"(?<=[.!?])\s+(?=\S)")


math_answer.check_reference = check_reference  # type: ignore[attr-defined]


def _quantity(gold: Node | None) -> bool:
    """The reference is a number, with a unit or without one ("73.66 cm", "0.75", "6.035 m")."""
    return isinstance(gold, Expr) and gold.marker is None and gold.value.is_number


def _numeric(gold: Node | None, gold_text: str) -> bool:
    """The reference is a number: written plainly ("132", "0.5") or a fraction of integers ("\\frac{11}{12}")."""
    if PLAIN_NUMBER_RE.fullmatch(compact(gold_text)) is not None:
        return True
    return isinstance(gold, Expr) and gold.unit is None and gold.marker is None and gold.value.is_Rational


def _describe(n: Node) -> str:
    """A short, JSON-friendly rendering of a parsed answer for logs."""
    if isinstance(n, Expr):
        try:
            s = sympy.sstr(n.value)
        except ValueError:  # an integer past CPython's int -> str limit (a product of two large powers)
            s = "<a number too long to print>"
        if len(s) > 200:
            s = s[:200] + "..."
        return s + (f" [{n.unit}]" if n.unit else "") + (f" [{n.marker}]" if n.marker else "")
    if isinstance(n, Relation):
        out = _describe(n.sides[0])
        for op, s in zip(n.ops, n.sides[1:]):
            out += f" {op} {_describe(s)}"
        return out
    if isinstance(n, Bracket):
        return n.open + ", ".join(_describe(x) for x in n.items) + n.close
    if isinstance(n, Union):
        return " U ".join(_describe(x) for x in n.parts)
    if isinstance(n, Matrix):
        return "[" + "; ".join(", ".join(_describe(x) for x in r) for r in n.rows) + "]"
    if isinstance(n, Answers):
        return f" {n.connective} ".join(_describe(x) for x in n.items)
    if isinstance(n, Text):
        return repr(n.text)
    if isinstance(n, Choice):
        return f"({n.letter.upper()}) {_describe(n.value)}"
    return str(n)
