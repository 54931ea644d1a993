"""Calendar dates, with or without a time of day: ISO 8601 ("2336-05-28", "2336-05-28T15:45:00") and the ways people
write them ("May 28, 2336", "28th May 2336", "3:45 pm, 28#may#2336", "monday 30 sep 2154, 10:03 am", "2336年5月28日").

A date is read only when its year, month and day are all there and agree (a weekday named beside it must be that
date's). An all-digit date is read only when it cannot be both day-month and month-day ("28/05/2336", not
"05/06/2336"). An ISO date as a reference is a date, never the difference "2023 - 01 - 05".
"""

from __future__ import annotations

import datetime
import re
from typing import NamedTuple

from verigrpo.verifiers.math.clock import read_clock
from verigrpo.verifiers.math.normalize import strip_math_delimiters
from verigrpo.verifiers.math.parse import number_in_words

_MONTHS = {
    name: k
    for k, full in enumerate(
        "january february march april may june july august september october november december".split(), 1
    )
    for name in (full, full[:3], "sept" if k == 9 else full[:3])
}
_WEEKDAYS = {
    name: k
    for k, full in enumerate("monday tuesday wednesday thursday friday saturday sunday".split())
    for name in (full, full[:3], full[:4] if k in (1, 3) else full[:3])  # "tues", "thur"
} | {"thurs": 3, "weds": 2}
_ISO_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?")
_CJK_RE = re.compile(r"(\d{3,4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]")
_NUMERIC_RE = re.compile(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4})|(\d{4})([/.])(\d{1,2})\6(\d{1,2})")
# a time of day inside a date: "3:45 pm", "22:52:19", "10 pm"
_TIME_RE = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?\s?m\.?)?(?![\w:])|\b\d{1,2}\s*[ap]\.?\s?m\.?(?!\w)", re.I)
_SPLIT_RE = re.compile(r"[\s.,#/|\-_]+")
_ORDINAL_RE = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fifth": 5, "eighth": 8, "ninth": 9, "twelfth": 12}


class Moment(NamedTuple):
    """A date (``year`` None when not written), and its time of day on the 24-hour clock (None when not written)."""

    year: int | None
    month: int
    day: int
    time: tuple[int, int, int] | None = None


def _day_word(words: list[str]) -> int | None:
    """A day of the month written in English words ("thirty-one", "twenty first"), else None."""
    text = " ".join(words)
    if text in _ORDINAL_WORDS:
        return _ORDINAL_WORDS[text]
    value = number_in_words(re.sub(r"(?:st|nd|rd|th)$", "", text)) if re.search(r"[a-z]", text) else None
    if value is None and words and words[-1] in _ORDINAL_WORDS and len(words) == 2:  # "twenty first"
        tens = number_in_words(words[0])
        value = tens + _ORDINAL_WORDS[words[-1]] if tens in (20, 30) else None
    return value


def _date(year: int | None, month: int, day: int, time: tuple[int, int, int] | None = None) -> Moment | None:
    """The moment, when the day exists (the 29th of February without a year does)."""
    try:
        datetime.date(2000 if year is None else year, month, day)
    except ValueError:
        return None
    return Moment(year, month, day, time)


def _written(s: str) -> Moment | None:
    """A date written with the month's name, in any order, and an optional time of day."""
    time = None
    found = list(_TIME_RE.finditer(s))
    if len(found) > 1:
        return None
    if found:
        clock = read_clock(found[0].group())
        if clock is None:
            return None
        hour = clock.hour % 12 + (12 if clock.half == "p" else 0) if clock.half else clock.hour
        time, s = (hour, clock.minute, clock.second), s[: found[0].start()] + " " + s[found[0].end() :]
    month = year = weekday = None
    day_words: list[str] = []
    day: int | None = None
    for tok in (t for t in _SPLIT_RE.split(s.lower()) if t):
        if tok in _MONTHS and month is None:
            month = _MONTHS[tok]
        elif tok in _WEEKDAYS and weekday is None:
            weekday = _WEEKDAYS[tok]
        elif re.fullmatch(r"\d{4}", tok) and year is None:
            year = int(tok)
        elif (m := _ORDINAL_RE.fullmatch(tok)) and day is None and not day_words:
            day = int(m.group(1))
        elif tok in ("of", "the", "at", "on"):
            continue
        elif re.fullmatch(r"[a-z]+", tok) and day is None and len(day_words) < 2:
            day_words.append(tok)
        else:
            return None
    if day_words:
        day = _day_word(day_words)
    if month is not None and year is not None and day is None and not day_words and weekday is None and time is None:
        return Moment(year, month, 0)  # "January, 1780", "Jan 1780": a month of a year (day 0: no day written)
    if month is None or day is None:
        return None
    date = _date(year, month, day, time)
    if date is None or weekday is not None and (year is None or datetime.date(year, month, day).weekday() != weekday):
        return None
    return date


def read_date(s: str) -> Moment | None:
    """``"2336-05-28T15:45:00"`` -> Moment(2336, 5, 28, (15, 45, 0)); ``"May 28th, 2336"`` -> Moment(2336, 5, 28);
    ``"5 January"`` -> Moment(None, 1, 5); None when ``s`` is not one whole date."""
    if len(s) > 80:
        return None
    s = " ".join(re.sub(r"\\text\s*\{([^{}]*)\}", r" \1 ", strip_math_delimiters(s)).split()).strip(" .")
    iso = _ISO_RE.fullmatch(s)
    if iso is not None:
        time = tuple(int(g or 0) for g in iso.group(4, 5, 6)) if iso.group(4) else None
        if time is not None and (time[0] > 23 or time[1] > 59 or time[2] > 59):
            return None
        return _date(int(iso.group(1)), int(iso.group(2)), int(iso.group(3)), time)  # type: ignore[arg-type]
    cjk = _CJK_RE.fullmatch(s)
    if cjk is not None:
        return _date(int(cjk.group(1)), int(cjk.group(2)), int(cjk.group(3)))
    numeric = _NUMERIC_RE.fullmatch(s)
    if numeric is not None:
        if numeric.group(5):  # "2336/05/28": year, month, day
            return _date(int(numeric.group(5)), int(numeric.group(7)), int(numeric.group(8)))
        a, b = int(numeric.group(1)), int(numeric.group(3))
        if (a <= 12) == (b <= 12):
            return None  # "05/06/2336": the 5th of June or May the 6th
        return _date(int(numeric.group(4)), b if a > 12 else a, a if a > 12 else b)
    return _written(s) if re.search(r"[A-Za-z]{3}", s) else None


_MONTH_NAME = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?)\.?"
)
# a date written in a sentence: "May 28, 2336", "28th May 2336", "January, 1780", "2336-05-28", "10/31/1972"
_DATE_IN_TEXT_RE = re.compile(
    rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?{_MONTH_NAME}|{_MONTH_NAME}(?:[ \t]+\d{{1,2}}(?:st|nd|rd|th)?)?)"
    rf",?[ \t]+\d{{3,4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}/\d{{1,2}}/\d{{4}}\b",
    re.I,
)


def last_date(text: str) -> str | None:
    """The last date written in the last line of ``text`` that holds one ("5 months after August 1779 would be January
    1780.", "So the date is May 28, 2336."), as written; None when no line of the last three writes one, or the last
    two dates are alternatives ("May 1747 or June 1747")."""
    for line in reversed(text[-2_000:].strip().splitlines()[-3:]):
        found = list(_DATE_IN_TEXT_RE.finditer(line))
        if found:
            between = line[found[-2].end() : found[-1].start()] if len(found) > 1 else ""
            return found[-1].group() if not re.search(r"\bor\b", between, re.I) else None
    return None


def same_date(answer: str, reference: str) -> bool | None:
    """Whether two dates agree, day and time of day (a time on one side only is a different answer; a year only in
    the answer is one the reference did not ask for); None when the reference is no date. An answer that is no date
    is wrong ("2017" is not "2023-01-05"; "February 30" is no date)."""
    b = read_date(reference)
    if b is None:  # an ISO date as the answer is a date, never the difference 2023 - 01 - 05 = 2017
        iso = _ISO_RE.fullmatch(strip_math_delimiters(answer).strip().rstrip("."))
        return False if iso is not None and read_date(answer) is not None else None
    a = read_date(answer)
    if a is None:
        return False
    if b.year is None:
        a = a._replace(year=None)
    return a == b
