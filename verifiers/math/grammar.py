"""The parser, part 2: the answer grammar on top of the arithmetic of :mod:`verifiers.math.expr`:
several answers, a unit or percent/degree marker after a value, relations and their labels (``x =``,
``Area =``, ``AB =``, ``f'(x) =``), ratios, unions, set differences, brackets, sets and set-builder
notation, matrices. The readers of a label's name (``AB =``, ``f(2) =``, ``f'(x) =``, ``Area =``) are in
:mod:`verifiers.math.labels`.
"""

from __future__ import annotations

import dataclasses
import re

import sympy
from verigrpo.verifiers.math.cjk import CJK_UNIT
from verigrpo.verifiers.math.conditions import solution_set
from verigrpo.verifiers.math.expr import _ExprParser
from verigrpo.verifiers.math.guards import _scalar, make_binomial
from verigrpo.verifiers.math.labels import LabelReader
from verigrpo.verifiers.math.lex import (
    _SCALES,
    UNIT_ALIASES,
    Tok,
    _function_name,
    _is_label,
    canonical_unit,
    label_name,
    tokenize,
)
from verigrpo.verifiers.math.locales import FOREIGN_SCALE_WORDS
from verigrpo.verifiers.math.negations import FOREIGN_NOT, FOREIGN_WRONG, NOT_UNSPACED, WRONG_UNSPACED
from verigrpo.verifiers.math.nodes import (
    Answers,
    Bracket,
    Expr,
    Matrix,
    Node,
    ParseError,
    Relation,
    Text,
    Union,
    _expand_pm,
    remove_points,
    set_algebra,
)
from verigrpo.verifiers.math.numwords import FRACTION_WORDS
from verigrpo.verifiers.math.units import (
    CHANGING_WORDS,
    CJK_CHANGING_WORDS,
    NUMBER_WORDS,
    phrase_words,
    text_unit,
    unit_word,
)


def _glued_unit(w: str) -> bool:
    """A word written right after its number with no space is a unit only when it is one by name or symbol ("5kg",
    "3hrs", "12USD", "3hours"); any other glued word makes the number part of a word ("4ever", "4apples")."""
    lw = w.lower()
    return unit_word(w) is not None or any(x in UNIT_ALIASES for x in (lw, lw[:-1] if lw.endswith("s") else lw))


# a text group that is a unit: letters with optional exponents, joined by spaces, "/" or "."; or empty
# the units of one text group: "J K^{-1} mol^{-1}", "m/s", "N.m", "ft-lb" (a hyphen between two units is their
# product, as engineers write N-m and kW-h)
# words that cannot be part of a unit after a number, because they change its value ("4 squared", "4 tenths", "4
# factorial", "4 less than zero"), bound it ("4 at most", "4 minimum"), or doubt, negate or take it back ("4
# maybe", "4 is incorrect", "4 if n is even"); "4 more" and "20 more cherries than Jerry" (a difference), "4 min"
# (minutes) and "4 losses" (a count) stay units
_TRANSFORM_WORD_RE = re.compile(
    # value: a power, a multiple, a scale in plural or another language ("4 in thousands", "4 Millionen"), a
    # constant ("4 pi"), a base ("4 in binary"), a rounding, an era or a debt that makes it negative ("4 BC")
    r"squared|cubed|root|raised|halved|doubled|tripled|quadrupled|quartered|negated|increased|decreased|reduced|lowered|"
    r"divided|multiplied|times|plus|minus|negative|neg|twice|thrice|weniger|"
    + CHANGING_WORDS
    + "|" + FRACTION_WORDS  # (and other languages' denominators: "2 трети", "3 quarts")
    + r"|zero|thousands|millions|billions|trillions|bn|" + FOREIGN_SCALE_WORDS + "|"
    r"pi|tau|binary|hex|hexadecimal|octal|rounded|truncated|nearest|bc|bce|deficit|debt|backwards|reversed|"
    r"inverted|opposite|complement|denominator|numerator|away|"
    # a Greek letter's name is a symbol, never a unit ("2 theta", "3 omega"; not "psi", pounds per square inch)
    r"alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|kappa|lambda|nu|xi|omicron|rho|sigma|"
    r"upsilon|phi|varphi|chi|omega|"
    # a bound ("4 at most", "4 tops", "4 lower bound")
    r"least|most|minimum|maximum|max|tops|best|worst|bound|below|above|"
    # a doubt, a condition, a rejection ("4 maybe", "4 I think", "4 when n is even", "4 rejected", "4 TBD")
    r"isn't|aren't|not|no|nope|nor|never|incorrect|wrong|false|invalid|fails?|rejected|extraneous|excluded|"
    r"maybe|perhaps|possibly|probably|ish|think|guess|tentative|tentatively|unsure|uncertain|unverified|unchecked|doubtful|roughly|sometimes|usually|typically|"
    r"generally|asymptotically|placeholder|todo|tbd|etc|"
    r"if|when|whenever|unless|or|either|except|otherwise|"
    # the same refusals in other languages ("5 değil", "5 (falsch)")
    + FOREIGN_NOT + "|" + FOREIGN_WRONG,
    re.I,
)


# (and "wrong" or "not" in the scripts without word boundaries to re: "5, خطأ", "5 לא נכון")
_CJK_CHANGING_RE = re.compile(CJK_CHANGING_WORDS + "|" + WRONG_UNSPACED + "|" + NOT_UNSPACED)


_TEXT_UNIT_RE = re.compile(
    r"(?:[A-Za-z]+(?:\^\{?-?\d+\}?)?(?:(?:\s+|\s*[/.]\s*|-)[A-Za-z]+(?:\^\{?-?\d+\}?)?)*"
    # a bracketed denominator last: \mathrm{J/(K\,mol)}
    r"(?:\s*/\s*\(\s*[A-Za-z]+(?:\^\{?-?\d+\}?)?(?:(?:\s+|\s*\.\s*)[A-Za-z]+(?:\^\{?-?\d+\}?)?)*\s*\))?)?"
    # a Chinese measure word or unit after a count: 16 \text{种} (kinds), 800 \text{平方厘米}, 1.82 \text{元/千克}
    r"|" + CJK_UNIT
)


def _text_unit_words(text: str) -> list[str] | None:
    """An upright text group that names a compound unit, as unit words: ``J K^{-1} mol^{-1}`` -> J K ^-1 mol ^-1,
    ``J/(K\\,mol)`` -> J per K mol (after "/" everything is the denominator), ``\\mu m`` -> um; None when it is
    not one."""
    content = re.sub(r"\\[,;:! ]|~", " ", text).strip()
    content = re.sub(r"\\mu\s*(?=[A-Za-z])", "u", content)
    if not _TEXT_UNIT_RE.fullmatch(content):
        return None
    content = re.sub(r"\^\{?(-?\d+)\}?", r" ^\1", content)  # \mathrm{J K^{-1} mol^{-1}}
    content = re.sub(r"(?<=[A-Za-z])-(?=[A-Za-z])", " ", content)  # \mathrm{ft-lb}
    return content.replace("/", " per ").replace(".", " ").replace("(", " ").replace(")", " ").split()


def _rows_matrix(items: list[Node], seps: list[str]) -> Matrix:
    """``[a, b; c, d]`` (MATLAB's and NumPy's text form): rows split at ";", entries at ","; at least two rows of
    the same length, two entries or more, each a plain value."""
    rows: list[list[Node]] = [[items[0]]]
    for sep, item in zip(seps, items[1:]):
        if sep == ";":
            rows.append([])
        rows[-1].append(item)
    if len(rows) < 2 or len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
        raise ParseError("ragged matrix")
    if not all(isinstance(x, Expr) and x.unit is None and x.marker is None for r in rows for x in r):
        raise ParseError("a matrix entry that is not a value")
    return Matrix(tuple(tuple(Expr(x.value) for x in r) for r in rows))  # type: ignore[union-attr]


def _is_function_of_several(toks: list[Tok]) -> bool:
    """``f(x, y)``, ``\\Phi(x,y,z)``: a name applied to two or more variable names."""
    return (
        len(toks) >= 6
        and toks[0].kind == "IDENT"
        and toks[1].text == "("
        and toks[-1].text == ")"
        and any(t.text == "," for t in toks)
        and _is_label(toks)
    )


class _Parser(LabelReader, _ExprParser):
    """The whole answer grammar: answers, items, units, relations, structures."""

    # -- top level
    def parse_answer(self) -> Node:
        items = [self.parse_item()]
        conn = ","
        semicolons = None  # True while every separator so far is ";": blanks answered in order ("0; 3")
        while self.at("OP", ",") or self.at("OP", ";") or self.at("CONN"):
            t = self.next()
            semicolons = t.text == ";" and semicolons is not False
            if t.kind == "CONN":
                conn = t.text
            if self.at("CONN"):  # ", and 3"
                conn = self.next().text
            if self.peek() is None:
                break
            items.append(self.parse_item())
        if self.peek() is not None:
            raise ParseError(f"unexpected token {self.peek().text!r}")
        expanded: list[Node] = []
        for it in items:
            expanded.extend(_expand_pm(it))
        if len(expanded) == 1:
            return expanded[0]
        return Answers(tuple(expanded), ";" if semicolons and conn == "," else conn)

    def parse_item(self) -> Node:
        self.inexact = False
        self.angle_degrees = self.function_degrees = False
        node = self.parse_relation()
        marker = None
        unit = None
        if self.at("PERCENT") or self.at("DEGREE"):
            marker = "percent" if self.next().kind == "PERCENT" else "degree"
            t = self.peek()
            if (
                marker == "degree"
                and t is not None
                and t.kind in ("IDENT", "TEXT")
                and t.text.strip() in ("C", "F")
            ):
                self.next()  # 30^\circ C is a temperature, not an angle
                marker, unit = None, "deg" + t.text.strip()
        unit_at = self.i
        unit = unit or self.parse_unit()
        symbolic = self._unit_symbols(unit_at) if unit and self.i == unit_at + 1 else None
        scale = 1
        if unit and unit.split()[0] in _SCALES and marker is None:  # "3 million", "$1.5 million"
            words = unit.split()
            if words[0] == "dozen":  # "7 dozen": 84, and also 7 counted in dozens ("how many dozens?")
                marker = "dozen"
            while words and words[0] in _SCALES:  # "5 hundred thousand": scale words in a row multiply
                scale *= _SCALES[words.pop(0)]
            unit = " ".join(words) or None
        if unit == "%" and marker is None:  # "33.5 percent", "28 pct": the word is the sign, with both readings
            marker, unit, symbolic = "percent", None, None
        if isinstance(node, Expr):
            if node.value.has(sympy.zoo, sympy.nan):
                raise ParseError("undefined value")
            if self._degree_angle(node.value) and marker is None and unit is None:
                # \frac{90^\circ}{2}, 45^\circ + 30^\circ: an angle in degrees, marked as 45^\circ is (equal to
                # 45 and to \pi/4)
                return Expr(node.value * 180 / sympy.pi, self.inexact, None, "degree", None)
            alt = None if symbolic is None else node.value * symbolic
            return Expr(node.value * scale, self.inexact, unit, marker, alt)
        if marker or unit or scale != 1:
            if isinstance(node, Relation) and isinstance(node.sides[-1], Expr) and len(node.sides) == 2:
                last = node.sides[-1]
                alt = None if symbolic is None else last.value * symbolic
                sides = (node.sides[0], Expr(last.value * scale, last.inexact, unit, marker, alt))
                return Relation(node.ops, sides, node.label, node.name)
            raise ParseError("unit on a non-number")
        return node

    def _operand_at(self, opened: int) -> bool:
        """The bracket group that opened at token ``opened`` and ends before the current token holds arithmetic
        and stands next to an arithmetic operator (``\\{3\\}`` in ``(-\\infty, \\infty) - \\{3\\}`` is a set)."""
        before = self.toks[opened - 1] if opened > 0 else None
        after = self.peek()
        inside = self.toks[opened + 1 : self.i - 1]
        arithmetic = any(t.kind == "OP" and t.text in "+-*/" for t in inside[1:])  # not a leading sign
        return arithmetic and any(t is not None and t.kind == "OP" and t.text in "+-*/" for t in (before, after))

    def _degree_angle(self, value: sympy.Basic) -> bool:
        r"""Degree signs were converted outside any function and the value is a multiple of pi: an angle
        (``\frac{90^\circ}{2}``), not a ratio of angles (``\frac{45^\circ}{180^\circ}``, a number)."""
        return (
            self.angle_degrees and not self.function_degrees and value.has(sympy.pi)
            and not sympy.simplify(value / sympy.pi).has(sympy.pi)
        )

    def parse_unit(self) -> str | None:
        words: list[str] = []
        while True:
            t = self.peek()
            if t is None:
                break
            if t.kind == "IDENT" and t.text == "mu" and self._micro_prefix_at(1):
                unit = self.peek(1).text.strip()  # type: ignore[union-attr]
                # 139 \mu\text{m}: micrometres; 0.45 \mu\mathrm{C/m^2}: microcoulombs per square metre
                read = [text_unit("u" + unit)] if text_unit("u" + unit) else _text_unit_words("u" + unit)
                if not read:
                    break
                words.extend(read)  # type: ignore[arg-type]
                self.i += 2
            elif t.kind == "WORD" and (
                t.text.lower() in NUMBER_WORDS or (not words and not t.space and not _glued_unit(t.text))
            ):
                break  # "10 four" is two numbers; "4ever", "4apples": a word glued to a number is no unit
            elif t.kind == "WORD" or (t.kind == "IDENT" and words):
                words.append(t.text)
                self.i += 1
            elif t.kind == "TEXT" and text_unit(t.text) is not None:
                words.append(text_unit(t.text))  # type: ignore[arg-type]  # \mathrm{~J}, k\Omega, \AA
                self.i += 1
            elif t.kind == "TEXT":
                read = _text_unit_words(t.text)
                if read is None:
                    break
                words.extend(read)
                self.i += 1
            elif t.kind == "UNIT" and not words:
                words.extend(phrase_words(t.text))
                self.i += 1
            elif t.kind == "OP" and t.text == "/" and words:
                words.append("per")
                self.i += 1
            elif t.kind == "OP" and t.text == "^" and words and self.at("NUM", k=1):
                self.i += 1
                words.append("^" + self.next().text)
            elif (
                t.kind == "OP" and t.text == "^" and words and self.at("OP", "-", k=1) and self.at("NUM", k=2)
            ):
                self.i += 2  # s^-2
                words.append("^-" + self.next().text)
            elif (
                t.kind == "OP" and t.text == "^" and words and self.at("NUM", k=2) and self.at("OP", "}", k=3)
            ):
                self.i += 2  # \text{cm}^{2}
                words.append("^" + self.next().text)
                self.i += 1
            elif (
                t.kind == "OP" and t.text == "^" and words and self.at("OP", "{", k=1) and self.at("OP", "-", k=2)
                and self.at("NUM", k=3) and self.at("OP", "}", k=4)
            ):
                self.i += 3  # \mathrm{~K}^{-1}
                words.append("^-" + self.next().text)
                self.i += 1
            elif t.kind == "OP" and t.text == "*" and words and (self._unit_after(1) or self._unit_symbol_after(1)):
                self.i += 1  # \mathrm{~m} \cdot \mathrm{s}^{-1}; "kg * m**2 * s**-2", "kg \cdot m^2"
            elif (
                t.kind == "OP" and t.text == "-" and words and not t.space and self._unit_after(1)
                and not self.peek(1).space  # type: ignore[union-attr]
            ):
                self.i += 1  # \mathrm{N}-\mathrm{m}: newton metres
            else:
                break
        if not words:
            return None
        if words == ["times"] and self.peek() is None:
            return "times"  # "5 times": a count of times, as the answer to "how many times"
        if any(_TRANSFORM_WORD_RE.fullmatch(w) or _CJK_CHANGING_RE.search(w) for w in words) or any(
            w.lower() == "than" and len(after) == 1 and len(later) != 1  # "5 more than x" (not "than his": h, i, s)
            for w, after, later in zip(words, words[1:], [*words[2:], ""])
        ):
            # "476 squared", "12 divided by three", "55 \text{가 아닙니다}": no unit
            raise ParseError("a word that changes, bounds or takes back the number before it")
        return canonical_unit(" ".join(words))

    def _unit_after(self, k: int) -> bool:
        t = self.peek(k)
        return t is not None and t.kind == "TEXT" and text_unit(t.text) is not None

    def _unit_symbol_after(self, k: int) -> bool:
        """The token ``k`` ahead is a unit's symbol or name written plainly ("m", "kg", "second")."""
        t = self.peek(k)
        return t is not None and t.kind in ("IDENT", "WORD") and unit_word(t.text) is not None

    def _unit_symbols(self, at: int) -> sympy.Basic | None:
        """The letters of the ``UNIT`` token at ``at`` read as a product of symbols, as they would be without units
        (``nm`` -> n*m, ``m/s^2`` -> m/s^2); None when they are not all letters that read as symbols (``kg``)."""
        t = self.toks[at]
        if t.kind != "UNIT":
            return None
        try:
            sub = type(self)(  # the whole grammar: "s^{-1}" has a group
                tokenize(t.text, dataclasses.replace(self.reading, units=False)), self.latex, self.reading
            )
            value = sub.parse_expr()
        except ParseError:
            return None
        if sub.peek() is not None or not isinstance(value, sympy.Basic):
            return None
        return value

    def parse_relation(self) -> Node:
        start = self.i
        name = self._word_label()
        if name is not None:  # "Area = 24", "\text{total cost} = 5": a named answer
            self.next()
            return Relation(("=",), (Text(name), self.parse_struct()), True, name)
        name = self._derived_function_label()
        if name is not None:  # "f'(x) = 2x", "f^{-1}(x) = ...": the name of a function, not a product
            self.next()
            return Relation(("=",), (Expr(sympy.Symbol(name)), self.parse_struct()), True, name)
        end = next((k for k in range(start, min(start + 16, len(self.toks))) if self.toks[k].kind == "REL"), None)
        if end is not None and self.toks[end].text == "=" and _is_function_of_several(self.toks[start:end]):
            # "\Phi(x, y) = \frac{x+1}{2y}": a function of several variables named, not a product with a pair
            name = label_name(self.toks[start:end])
            self.i = end + 1
            return Relation(("=",), (Expr(sympy.Symbol(name)), self.parse_struct()), True, name)
        named = self._named_quantity()
        if named is None:
            named = self._evaluated_quantity()
        if named is not None:
            return named
        first = self.parse_struct()
        label = _is_label(self.toks[start : self.i])
        name = label_name(self.toks[start : self.i]) if label else ""
        ops: list[str] = []
        sides = [first]
        last_start = start
        mid_start = mid_end = start
        written = False  # the last side holds a written decimal
        while self.at("REL"):
            ops.append(self.next().text)
            last_start = self.i
            before, self.inexact = self.inexact, False
            sides.append(self.parse_struct())
            written, self.inexact = self.inexact, before or self.inexact
            if len(sides) == 2:
                mid_start, mid_end = last_start, self.i
        if not ops:
            return first
        if label and written and len(sides) == 2 and isinstance(sides[1], Expr):
            sides[1] = dataclasses.replace(sides[1], inexact=True)  # "t = 0.616": the value named is a decimal
        if len(sides) == 3 and all(o in ("<", "<=", ">", ">=") for o in ops):
            fn = _function_name(self.toks[mid_start:mid_end])
            if fn is not None:  # "0 < f(x) < 1": the range of f, not the product f*x
                sides[1] = Expr(sympy.Symbol(fn))
        if ops == ["="] and not label and _is_label(self.toks[last_start : self.i]):
            name = label_name(self.toks[last_start : self.i])
            return Relation(("=",), (sides[1], sides[0]), True, name)  # "5 = x" is "x = 5"
        return Relation(tuple(ops), tuple(sides), label, name)


    def parse_struct(self) -> Node:
        """An expression, or a bracketed structure possibly joined by \\cup, or less a finite set."""
        node = self.parse_expr_node()
        if (
            self.at("OP", ":")
            and self.abs_depth == 0
            and isinstance(node, Expr)
            and not node.value.free_symbols
        ):
            # a ratio "11:21", "1:2:3" of numbers (not in a set, where ":" is "such that"): its terms in order
            parts = [node]
            while self.at("OP", ":") and len(parts) < 10:
                self.next()
                part = self.parse_expr_node()
                if not isinstance(part, Expr) or part.value.free_symbols:
                    raise ParseError("a ratio of non-numbers")
                parts.append(part)
            return Bracket(":", ":", tuple(parts))
        if self.at("CUP") or self.at("CAP") or self.at("SETMINUS"):
            parts, ops = [node], []
            while (self.at("CUP") or self.at("CAP") or self.at("SETMINUS")) and len(parts) < 20:
                ops.append(self.next().text)
                parts.append(self.parse_expr_node())
            if set(ops) == {"cup"}:  # a union as written (its intervals are merged when compared)
                parts = [
                    q for p in parts for q in (p.parts if isinstance(p, Union) else (p,))
                ]  # "[0,6]-(1,2) U [7,8]"
                if not all(isinstance(p, Bracket) for p in parts):
                    raise ParseError("\\cup of non-intervals")
                return Union(tuple(parts))
            if (
                ops == ["setminus"]
                and isinstance(parts[1], Bracket)
                and parts[1].open == "{"
                and not (isinstance(node, Bracket) and node.open == "{")  # "\{1,2,3\} \setminus \{2\}": worked out below
            ):
                return remove_points(node, parts[1])  # "\\mathbb{R} \\setminus \\{0, 2\\}"
            return set_algebra(parts, ops)  # "\\cap", "\\setminus" of intervals: worked out
        return node

    def parse_expr_node(self) -> Node:
        v = self.parse_expr()
        if isinstance(v, sympy.Basic):
            return Expr(v)
        return v

    def _bracket(self, opener: str):
        self.enter()
        items: list[Node] = []
        seps: list[str] = []  # "(0;-2;6)": semicolons separate a tuple's entries too, but never mixed with commas
        if not (self.at("OP", ")") or self.at("OP", "]")):
            items.append(self._bracket_member())
            if opener == "(" and self.at("CHOOSE") and isinstance(items[0], Expr):  # (n \choose k), as {n \choose k}
                self.next()
                k = _scalar(self.parse_expr())
                self.expect("OP", ")")
                self.depth -= 1
                return make_binomial(_scalar(items[0]), k)
            while self.at("OP", ",") or self.at("OP", ";"):
                seps.append(self.next().text)
                items.append(self._bracket_member())
        closer = self.next()
        if closer.kind != "OP" or closer.text not in (")", "]"):
            raise ParseError("unclosed bracket")
        self.depth -= 1
        if len(set(seps)) > 1:
            if opener == "[" and closer.text == "]":
                return _rows_matrix(items, seps)  # [3, 1; 1, 3]: MATLAB's rows
            raise ParseError("',' and ';' mixed in one bracket")
        if len(items) == 1:
            if opener == "(" and closer.text == ")" or opener == "[" and closer.text == "]":
                node = items[0]
                if isinstance(node, Expr):
                    return node.value
                return node
            raise ParseError("mismatched brackets")
        return Bracket(opener, closer.text, tuple(items))

    def _bracket_member(self) -> Node:
        """One member of a bracket, with a unit after a number as a single answer has one
        (``[51.2\text{ mW}, 78.15\text{ mW}]``)."""
        node = self.parse_relation()
        if isinstance(node, Expr) and node.unit is None and not (self.at("OP", ",") or self.at("OP", ";")):
            unit = self.parse_unit()
            if unit is not None:
                return dataclasses.replace(node, unit=unit)
        return node

    def _group(self):
        self.enter()
        items = [self.parse_relation()]
        if self.at("CHOOSE") and len(items) == 1:  # {n \choose k}
            self.next()
            k = _scalar(self.parse_expr())
            self.expect("OP", "}")
            self.depth -= 1
            return make_binomial(_scalar(items[0]), k)
        sep = "," if self.at("OP", ",") else ";"  # ("{-3; 0; 7}": a set written with semicolons, one kind in a set)
        while self.at("OP", sep):
            self.next()
            items.append(self.parse_relation())
        self.expect("OP", "}")
        self.depth -= 1
        if len(items) == 1:
            return items[0].value if isinstance(items[0], Expr) else items[0]
        return Bracket("{", "}", tuple(items))

    def _set(self) -> Node | sympy.Basic:
        opened = self.i - 1  # the "\{" token
        self.enter()
        items: list[Node] = []
        if not self.at("OP", "\\}"):
            self.abs_depth += 1  # a "|" here is "such that", not an absolute value
            items.append(self.parse_relation())
            self.abs_depth -= 1
            first = items[0]
            if (  # {x \in \mathbb{R} | ...}: the variable ranges over all reals anyway
                isinstance(first, Relation)
                and first.ops == ("in",)
                and first.sides[1] == Bracket("(", ")", (Expr(-sympy.oo), Expr(sympy.oo)))
            ):
                first = first.sides[0]
            if (self.at("OP", "|") or self.at("OP", ":")) and isinstance(first, Expr):
                # set-builder {x | x > 0}: the set is the solution set of the condition
                var = first.value
                self.next()
                conds = [self.parse_relation()]
                conns = set()
                while self.at("CONN"):  # {x | x < 0 or 0 < x <= 1}
                    conns.add(self.next().text)
                    conds.append(self.parse_relation())
                self.expect("OP", "\\}")
                self.depth -= 1
                if not isinstance(var, sympy.Symbol) or not all(isinstance(c, Relation) for c in conds):
                    raise ParseError("unsupported set-builder notation")
                if any(  # {x | y > 1} is not a condition on x
                    not isinstance(side, Expr) or not side.value.free_symbols <= {var}
                    for c in conds
                    for side in c.sides
                ):
                    raise ParseError("set-builder condition on another variable")
                if len(conns) > 1:
                    raise ParseError("set-builder condition with both 'and' and 'or'")
                if len(conds) == 1:
                    return conds[0]
                if conns == {"or"}:
                    return Answers(tuple(conds), "or")
                together = solution_set(Answers(tuple(conds), "and"))
                if together is None:
                    raise ParseError("a set-builder condition whose set cannot be worked out")
                return together
            while self.at("OP", ","):
                self.next()
                items.append(self.parse_relation())
        self.expect("OP", "\\}")
        self.depth -= 1
        if len(items) == 1 and isinstance(items[0], Expr) and self._operand_at(opened):
            # 1 + \{2 + [3 + (4 + 5)]\}: braces as the outer brackets of school arithmetic; standing alone
            # \{6\} stays a set
            return items[0].value
        # a set is unordered, so \{1 \pm \sqrt{5}, -2\} is the set of all three roots
        return Bracket("{", "}", tuple(x for item in items for x in _expand_pm(item)))

    def _matrix(self, env: str) -> Matrix:
        self.enter()
        rows: list[tuple[Node, ...]] = []
        row: list[Node] = []
        while True:
            if self.at("END"):
                self.next()
                if row:
                    rows.append(tuple(row))
                break
            if self.peek() is None:
                raise ParseError("unterminated matrix")
            row.append(Expr(_scalar(self.parse_expr())))
            if self.at("OP", "&"):
                self.next()
            elif self.at("ROWSEP"):
                self.next()
                rows.append(tuple(row))
                row = []
        self.depth -= 1
        if not rows or len({len(r) for r in rows}) != 1:
            raise ParseError("ragged matrix")
        return Matrix(tuple(rows))
