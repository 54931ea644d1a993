"""The harness protocol: the values and the messages that cross the sandbox boundary.

The same on both sides: the fork server and its children use it to answer, the trusted parent
(:mod:`sandboxes.execute`, :mod:`sandboxes.forkserver`) to ask and to read the answers.

Messages on a stream socket are a 4-byte big-endian length followed by UTF-8 JSON.
Values crossing the boundary use a tagged JSON encoding of plain values only (see
:func:`encode`). The decoder the parent uses builds nothing but ``None``, ``bool``, ``int``,
``float``, ``complex``, ``str``, ``bytes``, ``list``, ``tuple``, ``dict``, ``set`` and
``frozenset``, so no object the candidate made ever reaches trusted code.

What the child sends the parent costs it little beyond its size: messages must have the
protocol's shape (:func:`decode_frame`: no padding for the parent to keep with a queued
answer), and the checks of a reply (depth, hash floods: :func:`decode_reply`) run in C over
each level of the value, not in Python over each element.
"""

from __future__ import annotations

import base64
import json
import socket
import struct
from collections import Counter
from itertools import accumulate, chain, compress, repeat
from operator import is_, itemgetter, ne

MAX_MESSAGE = 16 * 1024 * 1024  # bytes; a bigger message is a protocol violation

# ---------------------------------------------------------------------------------------- codec


class EncodeError(TypeError):
    """A value that is not a plain value (or a subclass of one) cannot cross the boundary."""


_SCALARS = (type(None), bool, int, float, str)


def encode(value: object, depth: int = 0) -> object:
    """Plain value -> JSON-able tagged structure. Exact types only: subclasses are refused."""
    t = type(value)
    if depth > 100:
        raise EncodeError("value nested too deeply")
    if t in _SCALARS:
        return value
    if t is list:
        return [encode(v, depth + 1) for v in value]  # type: ignore[union-attr]
    if t is tuple:
        return {"t": [encode(v, depth + 1) for v in value]}  # type: ignore[union-attr]
    if t is dict:
        return {"d": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in value.items()]}  # type: ignore[union-attr]
    if t is set:
        return {"s": [encode(v, depth + 1) for v in value]}  # type: ignore[union-attr]
    if t is frozenset:
        return {"f": [encode(v, depth + 1) for v in value]}  # type: ignore[union-attr]
    if t is bytes:
        return {"b": base64.b64encode(value).decode()}  # type: ignore[arg-type]
    if t is complex:
        return {"c": [value.real, value.imag]}  # type: ignore[union-attr]
    raise EncodeError(f"cannot send a value of type {t.__name__!r} across the sandbox boundary")


def _hook(d: dict) -> object:
    if len(d) != 1:
        raise ValueError("malformed tagged value")
    ((tag, v),) = d.items()
    if tag == "t" and type(v) is list:
        return tuple(v)
    if tag == "d" and type(v) is list:
        if not all(map(is_, map(type, v), repeat(list))):
            raise ValueError("malformed dict item")
        try:
            keys = list(map(itemgetter(0), v)) if len(v) > 64 else ()
        except IndexError:
            raise ValueError("malformed dict item") from None
        _no_hash_flood(keys)  # before the dict is built
        try:
            return dict(v)  # in C; each item must be [key, value]
        except ValueError:
            raise ValueError("malformed dict item") from None
    if (tag == "s" or tag == "f") and type(v) is list:
        if len(v) > 64:
            _no_hash_flood(v)
        return set(v) if tag == "s" else frozenset(v)
    if tag == "b" and type(v) is str:
        return base64.b64decode(v, validate=True)
    if tag == "c" and type(v) is list and len(v) == 2 and all(type(x) in (int, float) for x in v):
        return complex(v[0], v[1])
    raise ValueError(f"unknown tag {tag!r}")


_DECODE = json.JSONDecoder(
    object_hook=_hook
).decode  # made once: json.loads(..., object_hook) makes one per call
_KEY_TEXT = json.JSONEncoder().encode


def decode(data: object) -> object:
    """Tagged JSON text (or already-parsed structure is NOT accepted) -> plain value."""
    if isinstance(data, bytes):
        data = data.decode()
    if not isinstance(data, str):
        raise TypeError("decode expects JSON text")
    return _DECODE(data)


def encode_text(value: object) -> str:
    """:func:`encode`, as JSON text: what crosses the boundary, and a canonical key for a call."""
    return _KEY_TEXT(encode(value))


REPLY_DEPTH = 50  # deepest nesting of a value from the child: the tests can wrap it and send it back
_FLOOD_CHARS = 4096  # lists and tuples of longer replies are checked for hash floods (sets and dicts always)


def decode_reply(text: object) -> object:
    """:func:`decode` for a value from the child (untrusted): also refuses (ValueError) one nested
    deeper than :data:`REPLY_DEPTH`, which the encoder could not carry back, and in long replies
    any container whose elements flood one hash value (ints ``k * (2**61 - 1)`` all hash to 0, so
    building a set or dict of them, here or in the tests, takes quadratic time).

    The checks take time linear in the reply, mostly in C (a reply of :data:`MAX_MESSAGE` bytes
    costs about what decoding it costs): the child can send such a reply for every call at no
    cost to itself, and the time spent here is not the candidate's."""
    if not isinstance(text, str):
        raise TypeError("decode expects JSON text")
    flood = len(text) > _FLOOD_CHARS
    value = _DECODE(text)  # sets and dicts are checked for floods as they are built (see _hook)
    if type(value) in _NESTED and (flood or text.count("[") + text.count("{") > REPLY_DEPTH):
        _check_reply(value, flood)
    return value


_NESTED = frozenset({list, tuple, dict, set, frozenset})
_SEQUENCES = (list, tuple)


def _check_reply(value: object, flood: bool) -> None:
    """Walk the containers of ``value`` one level at a time, each level's elements in C."""
    level = [value]
    for depth in range(REPLY_DEPTH + 1):
        if depth == REPLY_DEPTH:
            raise ValueError("value nested too deeply")
        kinds = set(map(type, level))
        if flood and not kinds.isdisjoint(_SEQUENCES):  # sets and dict keys were checked as they were built
            for v in compress(level, map((64).__lt__, map(len, level))):  # type: ignore[arg-type]
                if type(v) in _SEQUENCES:
                    _no_hash_flood(v)
        items = list(chain.from_iterable(level))  # type: ignore[arg-type]  # a dict gives its keys
        if dict in kinds:
            for v in compress(level, map(is_, map(type, level), repeat(dict))):
                items.extend(v.values())  # type: ignore[attr-defined]
        level = list(compress(items, map(_NESTED.__contains__, map(type, items))))
        if not level:
            return


# An int of a smaller magnitude hashes to itself: no two distinct ones share a hash value. Floats,
# strings (hashed with a per-process key), bytes, bools and None cannot be made to flood a hash
# value either (at most a few dozen distinct floats share one); tuples, frozensets, complex
# numbers and big ints can: their hash values are sums and products the sender can solve for.
_SMALL_INT = 2**61 - 1
_CHOSEN_HASH = frozenset({tuple, frozenset, complex})


def _no_hash_flood(items: object, most: int = 8) -> None:
    """Raise ValueError when more than ``most`` distinct elements share one hash value.

    Linear in ``len(items)``, and in C but where many elements share hash values: only the
    elements whose hash value the sender can choose are hashed, and only those that share a
    hash value with more than ``most`` others are compared."""
    if len(items) <= 64:  # type: ignore[arg-type]
        return
    kinds = set(map(type, items))  # type: ignore[call-overload]
    chosen = []
    if int in kinds:
        ints = items if len(kinds) == 1 else list(compress(items, map(is_, map(type, items), repeat(int))))  # type: ignore[call-overload]
        if ints and (max(ints) >= _SMALL_INT or min(ints) <= -_SMALL_INT):  # type: ignore[type-var]
            chosen = list(compress(ints, map(_SMALL_INT.__le__, map(abs, ints))))  # type: ignore[call-overload]
    if not kinds.isdisjoint(_CHOSEN_HASH):
        chosen += compress(items, map(_CHOSEN_HASH.__contains__, map(type, items)))  # type: ignore[call-overload]
    if len(chosen) <= most:
        return
    try:
        hashes = list(map(hash, chosen))
    except TypeError:  # a tuple that holds a list: no set or dict can hold it
        chosen = [x for x in chosen if _hashable(x)]
        hashes = list(map(hash, chosen))
    counts = Counter(hashes)
    if len(counts) == len(hashes):
        return
    heavy = list(compress(counts.keys(), map(most.__lt__, counts.values())))
    if len(counts) == 1:
        groups = [chosen]
    elif len(heavy) <= 4:
        groups = [list(compress(chosen, map(h.__eq__, hashes))) for h in heavy]
    else:  # sorted by hash value, each heavy group is a slice
        order = sorted(range(len(hashes)), key=hashes.__getitem__)
        keys = sorted(counts)
        end = dict(zip(keys, accumulate(map(counts.__getitem__, keys))))
        groups = [list(map(chosen.__getitem__, order[end[h] - counts[h] : end[h]])) for h in heavy]
    for group in groups:  # drop one value's copies at a time: at most ``most`` passes over the group
        for _ in range(most):
            group = list(compress(group, map(ne, group, repeat(group[0]))))
            if not group:
                break
        else:
            raise ValueError("too many elements with one hash value")


def _hashable(x: object) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


# -------------------------------------------------------------------------------------- framing


_FRAME_TEXT = json.JSONEncoder(separators=(",", ":")).encode
_FRAME_DECODE = json.JSONDecoder().decode
# every key of a message the child sends (see _run_child, _answer, _run_stdio and _child_main in sandboxes.child), and
# of the fork server's reports on a child (see Zygote.reap)
_MESSAGE_KEYS = frozenset(
    {"layers", "infra", "accepted", "load_error", "syntax", "ready", "id", "ok", "err", "done", "exc"}
    | {"exit", "killed", "pid"}
)


def decode_frame(text: str) -> dict:
    """One message from the child (untrusted) as the parent reads it: JSON text (not bytes) -> dict.

    ValueError unless it has the protocol's shape: known keys only, each value a scalar, a list
    of scalars or a dict of scalars. The parent keeps answers to queued calls for a while: a
    message padded with nested containers (each 2-byte ``[]`` is a 56-byte list here) or with
    keys nobody reads must fail the call, not be kept."""
    msg = _FRAME_DECODE(text)
    if type(msg) is not dict or not _MESSAGE_KEYS.issuperset(msg):
        raise ValueError("malformed message")
    for v in msg.values():
        t = type(v)
        if (t is list or t is dict) and not _NESTED.isdisjoint(map(type, v.values() if t is dict else v)):
            raise ValueError("malformed message")
    return msg


def frame(obj: object) -> bytes:
    """One message: its 4-byte length, then its JSON."""
    data = _FRAME_TEXT(obj).encode()
    if len(data) > MAX_MESSAGE:
        raise EncodeError(f"message of {len(data)} bytes exceeds {MAX_MESSAGE}")
    return struct.pack(">I", len(data)) + data


def send_msg(sock: socket.socket, obj: object) -> None:
    sock.sendall(frame(obj))


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise EOFError("peer closed the socket")
        buf += chunk
    return bytes(buf)


def recv_msg(sock: socket.socket) -> object:
    """Blocking receive of one framed message (used on the child side)."""
    (n,) = struct.unpack(">I", _recv_exact(sock, 4))
    if n > MAX_MESSAGE:
        raise ValueError("message too large")
    return json.loads(_recv_exact(sock, n))


def _recv_request(sock: socket.socket) -> tuple[object, list[int]]:
    """:func:`recv_msg` for the request, which may carry descriptors (stdio mode's pipes)."""
    head, ancillary, _flags, _addr = sock.recvmsg(4, socket.CMSG_SPACE(3 * 4))
    fds = [
        fd
        for level, kind, data in ancillary
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS
        for fd in struct.unpack(f"{len(data) // 4}i", data[: len(data) - len(data) % 4])
    ]
    if not head:
        raise EOFError("peer closed the socket")
    (n,) = struct.unpack(">I", head + _recv_exact(sock, 4 - len(head)))
    if n > MAX_MESSAGE:
        raise ValueError("message too large")
    body = sock.recv(n, socket.MSG_WAITALL)  # from the trusted parent, in one piece
    if len(body) < n:
        body += _recv_exact(sock, n - len(body))
    return _FRAME_DECODE(body.decode()), fds
