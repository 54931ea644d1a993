"""Map step rewards' character spans (``StepReward.start/end``) to token indices for Eq. 6.

A verifier reports each reasoning step as a character span ``[start, end)`` of the completion text.
Eq. 6 needs, per step, the index of the step's last token. Offsets are the tokenizer's
``offset_mapping`` for the *completion* tokens, relative to the completion text (shift them if they
were computed on prompt + completion). Without a fast tokenizer, :func:`offsets_by_decoding` rebuilds
offsets by decoding prefixes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence


def char_spans_to_token_ends(
    offsets: Sequence[tuple[int, int]], spans: Sequence[tuple[int, int]]
) -> list[int]:
    """Index of each step's last token: the last token that starts before the span's end.

    Args:
        offsets: per completion token, its character range ``(start, end)`` in the completion text.
            Tokens with an empty range (``start == end``, e.g. special tokens as ``(0, 0)``) cover no
            character and are never chosen.
        spans: per step, its character range ``[start, end)``.

    Returns:
        One int per span, same order (so it lines up with the step rewards): the largest token index
        ``j`` with ``offsets[j][0] < span_end``. That is the token holding the span's last character;
        a token straddling the boundary (``" 5.\\n"`` across two steps) belongs to the step it starts in.
        A span covering no token (empty, or inside a gap) maps to the last token before it, so its reward
        is credited from there backwards. A span ending at or before the first token's start gives -1,
        which ``process_advantages`` treats as "scored but crediting no token". A span past the last
        token (text truncated by the length limit) maps to the last token.
    """
    starts = [s for s, e in offsets]
    nonempty = [s < e for s, e in offsets]
    ends = []
    for _, span_end in spans:
        j = -1
        # Offsets are sorted by start, so scan from the right; completions are short (<= a few
        # thousand tokens, a handful of steps), so a linear scan is cheaper than bisect bookkeeping
        # around empty-range tokens.
        for k in range(len(starts) - 1, -1, -1):
            if nonempty[k] and starts[k] < span_end:
                j = k
                break
        ends.append(j)
    return ends


def offsets_by_decoding(ids: Sequence[int], decode: Callable[[Sequence[int]], str]) -> list[tuple[int, int]]:
    """Character offsets of tokens rebuilt by decoding prefixes, for tokenizers without offset mapping.

    Token ``j`` covers the characters that ``decode(ids[:j+1])`` adds to ``decode(ids[:j])``, measured as
    the common prefix with the full text ``decode(ids)``, so a token that ends inside a multi-byte
    character (decoded as U+FFFD) covers nothing and the token that completes the character covers it.
    Costs O(L^2) characters of decoding; fine for completions of a few thousand tokens.

    Args:
        ids: completion token ids.
        decode: e.g. ``lambda ids: tokenizer.decode(ids, skip_special_tokens=True)``, the same call
            that produced the completion text the verifier saw.

    Returns:
        ``[(start, end), ...]`` one per token, non-decreasing, usable by :func:`char_spans_to_token_ends`.
    """
    full = decode(list(ids))
    offsets = []
    prev = 0
    for j in range(len(ids)):
        prefix = decode(list(ids[: j + 1]))
        end = max(prev, len(os.path.commonprefix([prefix, full])))
        offsets.append((prev, end))
        prev = end
    return offsets
