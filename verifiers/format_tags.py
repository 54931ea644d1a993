"""``format_tags``: a structure reward for ``<think>...</think><answer>...</answer>`` completions.

Reward 1.0 (Status.CORRECT) only when every configured tag appears exactly once, as a
``<tag>...</tag>`` block, in the configured order, the blocks are not nested, the last
tag's content is not blank, and (by default) nothing but whitespace sits outside the
blocks. Everything else is 0.0 with Status.FORMAT_ERROR and ``info["reason"]`` naming the
first rule that failed, and ``info["tag"]`` the tag it failed on:

==================  ==========================================================
reason              what the completion did
==================  ==========================================================
missing_tag         a tag never opens (no ``<answer>`` at all)
repeated_tag        a tag opens or closes more than once (two answer blocks)
unclosed_tag        ``<tag>`` without ``</tag>``, or ``</tag>`` before/without ``<tag>``
malformed_tag       a near spelling of a tag: ``<Answer>``, ``< answer >``, ``</ answer>``
nested_tags         a block opens inside another block
wrong_order         blocks present but not in the configured order
empty_content       the last tag's content is blank (or a tag named in ``nonempty``)
text_outside_tags   non-whitespace text before, between or after the blocks
==================  ==========================================================

These are the reward hacks seen in the field (several answer blocks to hedge, an empty
answer, the answer written outside the block, tags echoed inside the reasoning).

Choices:
- Tags are recognised case-insensitively and with inner spaces (``<ANSWER>``, ``< /answer >``)
  so that a near-spelling cannot smuggle a second answer block past the "exactly once" rule;
  only the exact lower-case spelling counts as a valid tag (``malformed_tag`` otherwise).
- Other markup (``<b>``, ``<code>``) inside a block is plain content.
- ``allow_outside_whitespace_only=True`` (default) rejects any non-whitespace text outside
  the blocks; ``False`` tolerates it (all other rules still apply).
- The verifier ignores ``row`` (structure only); it is there for the verifier signature.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from verigrpo.verifiers.registry import register
from verigrpo.verifiers.types import Reward, Status

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*\Z")


@lru_cache(maxsize=64)
def _token_re(tags: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(re.escape(t) for t in tags)
    return re.compile(rf"<\s*(/?)\s*({names})\s*>", re.IGNORECASE)


def _check_tags(tags: Sequence[str]) -> tuple[str, ...]:
    if isinstance(tags, str):
        tags = (tags,)
    tags = tuple(tags)
    if not tags:
        raise ValueError("format_tags: tags must not be empty")
    if len({t.lower() for t in tags}) != len(tags):
        raise ValueError(f"format_tags: duplicate tags in {tags!r}")
    for t in tags:
        if not _TAG_NAME.match(t):
            raise ValueError(f"format_tags: invalid tag name {t!r}")
    return tags


def _fail(reason: str, tag: str | None, detail: str) -> Reward:
    return Reward.failure(Status.FORMAT_ERROR, reason=reason, tag=tag, detail=detail)


def extract_tag(text: str, tag: str) -> str | None:
    """The stripped content of the single ``<tag>...</tag>`` block in ``text``.

    None when the tag is absent, unclosed, malformed, or occurs more than once (an
    ambiguous answer is no answer). Other tags around it are ignored.
    """
    tag = _check_tags((tag,))[0]
    opens: list[re.Match[str]] = []
    closes: list[re.Match[str]] = []
    for m in _token_re((tag,)).finditer(text):
        (closes if m.group(1) else opens).append(m)
    if len(opens) != 1 or len(closes) != 1:
        return None
    o, c = opens[0], closes[0]
    if o.group(0) != f"<{tag}>" or c.group(0) != f"</{tag}>" or c.start() < o.end():
        return None
    return text[o.end() : c.start()].strip()


@register("format_tags")
def format_tags(
    completion: str,
    row: Mapping[str, Any] | None = None,
    *,
    tags: Sequence[str] = ("think", "answer"),
    allow_outside_whitespace_only: bool = True,
    nonempty: Sequence[str] | None = None,
) -> Reward:
    """1.0 when ``completion`` is exactly the ``tags`` blocks in order (see module docstring).

    tags: the tag names, in the required order.
    allow_outside_whitespace_only: when True only whitespace may sit outside the blocks.
    nonempty: tags whose content must not be blank; default: the last tag only.
    """
    tags = _check_tags(tags)
    must_fill = (tags[-1],) if nonempty is None else tuple(nonempty)
    unknown = set(must_fill) - set(tags)
    if unknown:
        raise ValueError(f"format_tags: nonempty names tags not in tags: {sorted(unknown)}")
    canon = {t.lower(): t for t in tags}

    # One pass over every tag-like token: (is_close, tag, match).
    tokens = [(bool(m.group(1)), canon[m.group(2).lower()], m) for m in _token_re(tags).finditer(completion)]

    for is_close, tag, m in tokens:
        want = f"</{tag}>" if is_close else f"<{tag}>"
        if m.group(0) != want:
            return _fail("malformed_tag", tag, f"{m.group(0)!r} at {m.start()} is not {want!r}")
    for tag in tags:
        n_open = sum(1 for c, t, _ in tokens if t == tag and not c)
        n_close = sum(1 for c, t, _ in tokens if t == tag and c)
        if n_open == 0 and n_close == 0:
            return _fail("missing_tag", tag, f"no <{tag}> block")
        if n_open > 1 or n_close > 1:
            return _fail("repeated_tag", tag, f"<{tag}> opens {n_open}x, closes {n_close}x")
        if n_open != n_close:
            return _fail("unclosed_tag", tag, f"<{tag}> opens {n_open}x, closes {n_close}x")

    # Now each tag opens once and closes once: tokens form 2 * len(tags) entries.
    blocks: dict[str, tuple[re.Match[str], re.Match[str]]] = {}
    for tag in tags:
        o = next(m for c, t, m in tokens if t == tag and not c)
        c = next(m for cl, t, m in tokens if t == tag and cl)
        if c.start() < o.end():
            return _fail("unclosed_tag", tag, f"</{tag}> comes before <{tag}>")
        blocks[tag] = (o, c)
    expected = [t for tag in tags for t in (f"<{tag}>", f"</{tag}>")]
    seen = [m.group(0) for _, _, m in tokens]
    if seen != expected:
        # Either a block opens inside another one, or the blocks are disjoint but reordered.
        depth = 0
        for is_close, tag, _ in tokens:
            depth += -1 if is_close else 1
            if depth > 1:
                return _fail("nested_tags", tag, f"<{tag}> opens inside another block")
        order = [t for c, t, _ in tokens if not c]
        return _fail("wrong_order", None, f"blocks in order {order}, expected {list(tags)}")

    for tag in must_fill:
        o, c = blocks[tag]
        if not completion[o.end() : c.start()].strip():
            return _fail("empty_content", tag, f"<{tag}> is blank")

    if allow_outside_whitespace_only:
        pos = 0
        for tag in tags:
            o, c = blocks[tag]
            if completion[pos : o.start()].strip():
                return _fail("text_outside_tags", tag, f"text before <{tag}>")
            pos = c.end()
        if completion[pos:].strip():
            return _fail("text_outside_tags", None, f"text after </{tags[-1]}>")

    return Reward(outcome=1.0, status=Status.CORRECT, info={"reason": "ok"})
