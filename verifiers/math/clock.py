"""Times of day: "6:10 PM", "18:10", "06:10:30", "6 pm", and the English ways of saying them ("quarter to ten",
"half past two", "twenty five to one", "eight o'clock", "six thirty two", "noon", "midnight").

A time is read into its hour, minute, second and half of the day (am / pm, or None when it does not say). Two
times are compared only when at least one side says which half it is or is spoken: two bare "6:10"s may be the
ratio 6:10, which the parser reads. A spoken time rounded with "about" is no exact time and is not read.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from verigrpo.verifiers.math.forms import TEXT_WRAP_RE
from verigrpo.verifiers.math.normalize import strip_math_delimiters
from verigrpo.verifiers.math.parse import number_in_words

# a time of day in digits: "6:10", "06:10:30", "6:10 PM", "6:10 p.m.", "6 pm"; the hour and the minutes, optional
# seconds, optional am / pm
# (and "15h45", as French writes a time; "3.45 pm", as British English does, with am / pm only)
_CLOCK_RE = re.compile(
    r"(?P<h>\d{1,2})(?:(?::|(?P<fr>h))(?P<m>\d{2})(?::(?P<s>\d{2}))?|\.(?P<dm>\d{2})(?=\s*[ap]\.?\s?m))?"
    r"\s*(?:(?P<half>[ap])\.?\s?m\.?)?",
    re.I,
)
# the half of the day said in words after a spoken time ("ten to six in the evening")
_HALF_WORDS = {
    "am": "a", "pm": "p", "in the morning": "a", "in the afternoon": "p", "in the evening": "p", "at night": "p",
}  # fmt: skip
_HALF_RE = re.compile(r"\s+(a\.?\s?m\.?|p\.?\s?m\.?|in the morning|in the afternoon|in the evening|at night)\Z")
# minutes before or after an hour: "quarter past seven", "twenty-five to one", "10 minutes after 3"
_RELATIVE_RE = re.compile(
    r"(?:a\s+)?(quarter|half|[a-z-]+(?:\s(?!minutes?\b)[a-z-]+)?|\d{1,2})(?:\s+minutes?)?\s+(past|after|to|till|til|before|of)\s+"
    r"([a-z]+|\d{1,2})"
)
_OCLOCK_RE = re.compile(r"([a-z]+|\d{1,2})\s*o['’]?\s?clock")
# an hour word and minute words: "six thirty two", "seven fifteen", "nine oh five"
_SPOKEN_RE = re.compile(r"([a-z]+)\s+(o(?:h)?\s+[a-z]+|[a-z]+(?:[\s-][a-z]+)?)")
_NOON = {"noon": (12, "p"), "midday": (12, "p"), "12 noon": (12, "p"), "midnight": (12, "a"), "12 midnight": (12, "a")}


class Clock(NamedTuple):
    """A time of day as read: ``half`` is "a", "p" or None (not said); ``spoken`` when written in words."""

    hour: int
    minute: int
    second: int
    half: str | None
    spoken: bool = False
    marked: bool = False  # written as only a time is ("15h45"): never a ratio


def _word_value(w: str) -> int | None:
    """A number written in digits or English words ("7", "seven", "twenty-five"), else None."""
    return int(w) if w.isdigit() else number_in_words(w)


def _spoken(s: str) -> Clock | None:
    """A time said in English words, ``s`` lower case; None when it is not one."""
    half = None
    m = _HALF_RE.search(s)
    if m is not None:
        half, s = _HALF_WORDS[re.sub(r"[.\s]", "", m.group(1)) if m.group(1)[0] in "ap" else m.group(1)], s[: m.start()]
    if s in _NOON:
        hour, noon_half = _NOON[s]
        return Clock(hour, 0, 0, noon_half, True) if half is None else None
    rel = _RELATIVE_RE.fullmatch(s)
    if rel is not None:
        minutes = {"quarter": 15, "half": 30}.get(rel.group(1)) or _word_value(rel.group(1))
        hour = _word_value(rel.group(3))
        if minutes is None or hour is None or not 1 <= minutes <= 59 or not 1 <= hour <= 12:
            return None
        if rel.group(2) in ("past", "after"):
            return Clock(hour, minutes, 0, half, True)
        if rel.group(1) == "half":
            return None  # "half to three": no English time
        return Clock(12 if hour == 1 else hour - 1, 60 - minutes, 0, half, True)
    oclock = _OCLOCK_RE.fullmatch(s)
    if oclock is not None:
        hour = _word_value(oclock.group(1))
        return Clock(hour, 0, 0, half, True) if hour is not None and 1 <= hour <= 12 else None
    spoken = _SPOKEN_RE.fullmatch(s)
    if spoken is not None and not spoken.group(1).isdigit():
        hour = number_in_words(spoken.group(1))
        oh = re.fullmatch(r"oh?\s+([a-z]+)", spoken.group(2))
        minutes = number_in_words(oh.group(1) if oh else spoken.group(2))
        if oh is not None and minutes is not None and not 1 <= minutes <= 9:
            return None
        if hour is None or minutes is None or not 1 <= hour <= 12 or not (oh or 10 <= minutes <= 59):
            return None
        return Clock(hour, minutes, 0, half, True)
    return None


def read_clock(s: str) -> Clock | None:
    """``"6:10 \\text{ PM}"`` -> Clock(6, 10, 0, "p"); ``"quarter to ten"`` -> Clock(9, 45, 0, None, spoken=True);
    None when ``s`` is not a time of day (an hour in digits without minutes needs am / pm: "6 pm")."""
    if len(s) > 60:
        return None
    s = re.sub(r"\\[,;:! ]", " ", s).replace("{:}", ":")  # "2:15\,\text{PM}", "14{:}15": TeX's spaces and colon
    s = " ".join(TEXT_WRAP_RE.sub(r" \1 ", strip_math_delimiters(s)).replace("\\", " ").split()).rstrip(".")
    m = _CLOCK_RE.fullmatch(s)
    if m is None:
        return _spoken(s.lower().replace("’", "'")) if re.search(r"[A-Za-z]{3}", s) else None
    minutes = m.group("m") or m.group("dm")
    if minutes is None and m.group("half") is None:
        return None
    hour, minute, second = int(m.group("h")), int(minutes or 0), int(m.group("s") or 0)
    half = m.group("half").lower() if m.group("half") else None
    if half == "p" and 13 <= hour <= 23 and minutes is not None:
        half = None  # "13:15 pm": a 24-hour time with a redundant pm
    if minute > 59 or second > 59 or hour > (12 if half else 23) or (half and hour == 0):
        return None
    return Clock(hour, minute, second, half, marked=m.group("fr") is not None)


def _on_24_hours(t: Clock, other_half: str | None) -> tuple[int, int, int]:
    """``t`` as hour, minute, second on the 24-hour clock; a time that does not say its half takes ``other_half``."""
    if t.half is None and (t.hour >= 12 or t.hour == 0) and not t.spoken:
        return t.hour, t.minute, t.second  # already 24-hour (12:xx is after noon)
    half = t.half or other_half
    return t.hour % 12 + (12 if half == "p" else 0), t.minute, t.second


def same_clock_time(answer: str, reference: str) -> bool | None:
    """Whether two times of day agree, when at least one states am / pm or is spoken ("6:10 PM" against "6:10",
    "18:10" or "6:10 p.m.", "quarter to ten" against "9:45"); None when either is not a time, or both are digits that
    do not say am / pm (then "6:10" may be a ratio: the parser reads it). An answer in digits without am / pm is a
    24-hour time from 12:00 on (and at 0:xx); one from 1:00 to 11:59 names the reference's hour only when the
    reference does not say am or pm either way ("6:10 PM" answers "6:10"; "1:58" does not answer "1:58 am"). A spoken
    time that does not say its half names either ("half past seven" answers "07:30" and "19:30")."""
    a, b = read_clock(answer), read_clock(reference)
    if a is None and b is not None and b.half is not None and re.fullmatch(r"[ \t$]*\d{1,2}[ \t$.]*", answer):
        return False  # "5" against "5pm": an hour that does not say which half of the day (as "1:58" against "1:58 am")
    if a is None or b is None or (a.half is None and b.half is None and not (a.spoken or b.spoken or a.marked or b.marked)):
        return None
    if b.half is not None and a.half is None and not a.spoken and 1 <= a.hour <= 11:
        return False  # the reference says am or pm; "1:58" does not say which
    if a.spoken and a.half is None or b.spoken and b.half is None:  # "quarter to ten": either half of the day
        return _on_24_hours(a, "a")[0] % 12 == _on_24_hours(b, "a")[0] % 12 and a[1:3] == b[1:3]
    return _on_24_hours(a, b.half) == _on_24_hours(b, a.half)
