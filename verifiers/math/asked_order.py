"""The order a question asks its answers in: "respectively", "how many of each", a question in labelled parts, a
tuple of names ("Find the ordered pair $(a,b)$"); and where it asks for a set instead (roots, solutions). Out of
question.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from verigrpo.verifiers.math.compare import nodes_equal
from verigrpo.verifiers.math.nodes import Answers, Bracket, Node, Relation
from verigrpo.verifiers.math.parts import question_part_texts, question_parts
from verigrpo.verifiers.math.question import question_text

# a question that asks for several quantities in an order: "respectively", "in that order", "how many of each",
# "how many nickels and how many dimes", "of the 13% solution and of the 18% solution"
_ORDERED_QUESTION_RE = re.compile(
    r"\brespectively\b|\bin (?:that|this|the same|the given) order\b|\bof each\b"
    # "respectively" in other languages
    r"|分别|分別|それぞれ|각각|\blần lượt\b|\bmasing-masing\b|\brespectivamente\b|\brespectivement\b|\bjeweils\b"
    r"|соответственно|\bodpowiednio\b|\bsırasıyla\b|به ترتیب|على الترتيب|ตามลำดับ|क्रमशः"
    r"|\bhow (?:many|much)\b[^.?]{1,80}?\band how (?:many|much)\b|\bof (?:the )?[^,.?]{1,40}? and of (?:the )?"
    # "How many boys and girls are there?": two kinds of thing counted, each its own number
    r"|\bhow many [a-z]{3,20}s and [a-z]{3,20}s\b(?! (?:in total|altogether|together|combined))"
    # ... two questions ("How many boys? How many girls?"), and in other languages: "男生和女生各有多少人", "Combien de
    # garçons et de filles", "Wie viele Jungen und Mädchen", "¿Cuántos chicos y chicas hay?", "男子と女子は何人"
    r"|\bhow (?:many|much)\b[^.?]{1,80}\?\s*how (?:many|much)\b|各有|各是|各为|各為|各多少|各几|各幾"
    r"|\bcombien\b[^.?]{0,30}?\bde\s+\w+\s+et\s+(?:de|d['’])\s*\w+|\bwie\s+viele\s+\w+\s+und\s+\w+"
    r"|\bcu[áa]nt[oa]s\s+\w+\s+y\s+\w+|\bquant[oa]s\s+\w+\s+e\s+\w+"
    r"|[\u3040-\u30ff\u4e00-\u9fff]{1,8}と[\u3040-\u30ff\u4e00-\u9fff]{1,8}は(?:それぞれ)?何"
    # a list to sort: "in descending order", "from least to greatest", "sort ...", "arrange ... in order"
    r"|\bin (?:ascending|descending|increasing|decreasing|numerical|alphabetical) order\b"
    r"|\bfrom (?:the )?(?:least|smallest|lowest|greatest|largest|highest) to (?:the )?\w+\b|\bsort\b",
    re.I,
)


# a question that names the two things it asks for: "Find its length and width", "the slope and the y-intercept",
# "for $x$ and $y$", "How old are Tom and his sister?" ...
_TWO_NAMED_RE = re.compile(
    r"\b(?:find|determine|compute|calculate|give|state|what (?:are|were|is)|how old (?:are|were)|solve\b[^.?]{0,60}?\bfor)"
    r"\b[^.?]{0,80}?\band (?:the |its |their |his |her )?(?:[a-z][\w-]*|\$[^$]{1,20}\$)",
    re.I,
)
# ... but not a question whose answers are a set: roots, solutions, "all", "the two numbers"
_UNORDERED_RE = re.compile(
    r"\b(?:roots?|solutions?|zeros|zeroes|all|both|the (?:two|three|four) (?:numbers|integers|values))\b", re.I
)


# an ordered tuple of names the question asks for: "Enter the ordered pair $(m,b)$", "(t, s)"
_NAMES_TUPLE_RE = re.compile(r"\(\s*([A-Za-z])\s*,\s*([A-Za-z])((?:\s*,\s*[A-Za-z]){0,4})\s*\)")


def _named_items(pred: Node) -> dict[str, Node] | None:
    """The values of a list whose items each set a different single letter ("m = -3, b = 2"), by letter; None
    otherwise."""
    if not (isinstance(pred, Answers) and 2 <= len(pred.items) <= 6):
        return None
    named: dict[str, Node] = {}
    for item in pred.items:
        if not (isinstance(item, Relation) and item.label and item.ops == ("=",) and len(item.name) == 1):
            return None
        named[item.name] = item.sides[1]
    return named if len(named) == len(pred.items) else None


def _asked_tuples(row: Mapping[str, Any]) -> list[list[str]]:
    """The tuples of letters the row's question names ("the ordered pair $(a,b)$" -> [["a", "b"]])."""
    return [
        [m.group(1), m.group(2), *re.findall(r"[A-Za-z]", m.group(3))]
        for m in _NAMES_TUPLE_RE.finditer(question_text(row)[-3_000:])
    ]


def other_names_than_asked(pred: Node, row: Mapping[str, Any]) -> bool:
    """Values set to other unknowns than the tuple the question asks for: "b = 3, c = 2" for "Find the ordered pair
    $(a,b)$" (where the question names no tuple of those letters and one of as many others)."""
    named = _named_items(pred)
    if named is None:
        return False
    tuples = _asked_tuples(row)
    return any(len(t) == len(named) for t in tuples) and not any(sorted(t) == sorted(named) for t in tuples)


def in_asked_order(pred: Node, row: Mapping[str, Any]) -> Node:
    """``m = -3, b = 2`` (values named by distinct letters) as the tuple in the order the question's ``(m, b)`` names
    them: ``(-3, 2)``; ``pred`` unchanged where the question names no such tuple of exactly those letters (the
    comparison then orders them alphabetically)."""
    named = _named_items(pred)
    if named is None:
        return pred
    for letters in _asked_tuples(row):
        if sorted(letters) == sorted(named):
            return Bracket("(", ")", tuple(named[x] for x in letters))
    return pred


def reordered_named_quantities(pred: Node, gold: Node, row: Mapping[str, Any]) -> bool:
    """A bare list answering a bare-list reference in another order, where the row's question asks for several
    quantities in an order ("respectively", "how many of each", "how many nickels and how many dimes", a question in
    labelled parts), answered
    ``30, 20`` against ``20, 30``. Without such a question (roots, "the two numbers") a list's order stays free."""
    if not (isinstance(pred, Answers) and isinstance(gold, Answers) and len(pred.items) == len(gold.items) >= 2):
        return False
    question = question_text(row)
    ordered = (
        _ORDERED_QUESTION_RE.search(question)
        or (_TWO_NAMED_RE.search(question) and not _UNORDERED_RE.search(question))
        or question_parts(question) == len(gold.items)  # "(a) Find x. (b) Find y.": the key answers the parts in order
    )
    if not ordered:
        return False
    labels = {str(x.sides[0]) for x in (*pred.items, *gold.items) if isinstance(x, Relation) and x.label}
    if len(labels) == 1:  # "x = 3, x = 2": values of one unknown, a set
        return False
    if _names(pred) is not None and _names(pred) == _names(gold):  # "b = 2, a = 3" against "a=3, b=2": by name
        return False
    if _names(pred) is not None and _names(gold) is None and question_parts(question) == len(gold.items):
        # "y = 5, x = 3" for "(a) Find x ... (b) Find y ...": each name is the part that names it
        at = [_part_naming(question, x.name) for x in pred.items]  # type: ignore[union-attr]
        if None in at or len(set(at)) < len(at):
            return False  # (names the parts do not tell apart: no order to hold the answer to)
        values = [x.sides[1] for _, x in sorted(zip(at, pred.items), key=lambda p: p[0])]  # type: ignore[union-attr]
        return not all(nodes_equal(a, b) for a, b in zip(values, gold.items))
    return not all(nodes_equal(a, b) for a, b in zip(pred.items, gold.items))


def _part_naming(question: str, name: str) -> int | None:
    """The first of the question's parts (:func:`parts.question_part_texts`) that names the unknown ``name``."""
    for k, text in enumerate(question_part_texts(question)):
        if re.search(rf"(?<![A-Za-z\\]){re.escape(name)}(?![A-Za-z])", text):
            return k
    return None


def _names(node: Answers) -> set[str] | None:
    """The unknowns a list's items are each set to, when every item names a different one; None otherwise."""
    names = [str(x.sides[0]) for x in node.items if isinstance(x, Relation) and x.label and x.ops == ("=",)]
    return set(names) if len(names) == len(node.items) == len(set(names)) else None


def unordered_question(row: Mapping[str, Any]) -> bool:
    """The row's question asks for a set of answers (roots, solutions, "both"), and not in labelled parts."""
    question = question_text(row)
    return bool(question) and _UNORDERED_RE.search(question) is not None and not question_parts(question)
