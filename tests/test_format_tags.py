"""format_tags: the exact-structure reward and the reward hacks it must refuse."""

from __future__ import annotations

import pickle
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from verigrpo.verifiers import get_verifier
from verigrpo.verifiers.format_tags import extract_tag, format_tags
from verigrpo.verifiers.types import Status

GOOD = "<think>2 + 2 is 4</think>\n<answer>4</answer>"

# (completion, expected reason) -- every known hack gets its own row.
REJECTED = [
    ("", "missing_tag"),
    ("4", "missing_tag"),
    ("<think>reasoning</think>", "missing_tag"),  # no answer block
    ("<answer>4</answer>", "missing_tag"),  # no think block
    ("<think>a</think><answer>4</answer><answer>5</answer>", "repeated_tag"),  # hedging with two answers
    ("<think>a</think><think>b</think><answer>4</answer>", "repeated_tag"),
    ("<think>a</think><answer>4</answer></answer>", "repeated_tag"),  # stray second close
    ("<think>a <answer>3</answer></think><answer>4</answer>", "repeated_tag"),  # answer echoed in reasoning
    ("<think>a</think><answer>4", "unclosed_tag"),
    ("<think>a<answer>4</answer>", "unclosed_tag"),
    ("</think>a<think><answer>4</answer>", "unclosed_tag"),  # close before open
    ("<think>a<answer>4</answer></think>", "nested_tags"),
    ("<think>a<answer>4</think></answer>", "nested_tags"),  # overlapping blocks
    ("<answer>4</answer><think>a</think>", "wrong_order"),
    ("<think>a</think><answer></answer>", "empty_content"),
    ("<think>a</think><answer> \n\t </answer>", "empty_content"),
    ("The answer: <think>a</think><answer>4</answer>", "text_outside_tags"),
    ("<think>a</think> so <answer>4</answer>", "text_outside_tags"),
    ("<think>a</think><answer>4</answer> and also 5", "text_outside_tags"),
    ("<think>a</think><answer>4</answer>4", "text_outside_tags"),
    ("<think>a</think><ANSWER>4</ANSWER>", "malformed_tag"),
    ("<think>a</think>< answer >4</answer>", "malformed_tag"),
    ("<think>a</think><answer>4</ answer>", "malformed_tag"),
    ("<think>a</think><answer>4</answer><Answer>5</Answer>", "malformed_tag"),  # near-spelling second block
]

ACCEPTED = [
    GOOD,
    "<think>a</think><answer>4</answer>",
    "  \n<think>a</think>\n\n<answer> 4 </answer>\n  ",
    "<think></think><answer>4</answer>",  # only the last tag must be non-empty by default
    "<think>use <b>bold</b> and x < y > z</think><answer>x<y</answer>",  # other markup is content
]


@pytest.mark.parametrize("completion,reason", REJECTED)
def test_rejected_with_reason(completion: str, reason: str) -> None:
    r = format_tags(completion, {})
    assert r.outcome == 0.0
    assert r.status == Status.FORMAT_ERROR
    assert r.info["reason"] == reason


@pytest.mark.parametrize("completion", ACCEPTED)
def test_accepted(completion: str) -> None:
    r = format_tags(completion, {})
    assert (r.outcome, r.status) == (1.0, Status.CORRECT)


def test_custom_tags_and_order() -> None:
    tags = ("reasoning", "code", "answer")
    ok = "<reasoning>r</reasoning><code>print(1)</code><answer>1</answer>"
    assert format_tags(ok, {}, tags=tags).status == Status.CORRECT
    swapped = "<code>print(1)</code><reasoning>r</reasoning><answer>1</answer>"
    assert format_tags(swapped, {}, tags=tags).info["reason"] == "wrong_order"
    # The default tags are not required when others are configured.
    assert format_tags("<answer>1</answer>", {}, tags=("answer",)).status == Status.CORRECT


def test_lenient_outside_text_keeps_other_rules() -> None:
    lenient = get_verifier("format_tags", allow_outside_whitespace_only=False)
    assert lenient("Sure! <think>a</think><answer>4</answer> Done.", {}).status == Status.CORRECT
    assert (
        lenient("x <think>a</think><answer>4</answer><answer>5</answer>", {}).info["reason"] == "repeated_tag"
    )
    assert lenient("x <think>a</think><answer> </answer>", {}).info["reason"] == "empty_content"


def test_nonempty_option() -> None:
    completion = "<think> </think><answer>4</answer>"
    r = format_tags(completion, {}, nonempty=("think", "answer"))
    assert (r.info["reason"], r.info["tag"]) == ("empty_content", "think")


@pytest.mark.parametrize("tags", [(), ("think", "think"), ("a b",), ("<answer>",)])
def test_bad_options_raise(tags: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        format_tags(GOOD, {}, tags=tags)


@pytest.mark.parametrize(
    "text,expected",
    [
        (GOOD, "4"),
        ("<answer>  x = 3 \n</answer>", "x = 3"),
        ("no tags", None),
        ("<answer>4", None),  # unclosed
        ("<answer>4</answer><answer>5</answer>", None),  # ambiguous
        ("<ANSWER>4</ANSWER>", None),  # malformed
        ("</answer>4<answer>", None),  # reversed
        ("<answer></answer>", ""),
    ],
)
def test_extract_tag(text: str, expected: str | None) -> None:
    assert extract_tag(text, "answer") == expected


# Non-whitespace noise: at least one visible character, no '<' so it cannot form a tag.
noise = st.text(
    alphabet=st.characters(blacklist_characters="<", blacklist_categories=("Cs",)), min_size=1
).filter(lambda s: s.strip() != "")
whitespace = st.text(alphabet=" \t\n\r", max_size=5)
content = st.text(
    alphabet=st.characters(blacklist_characters="<>", blacklist_categories=("Cs",)), max_size=30
)


@settings(max_examples=150, deadline=None)
@given(
    before=whitespace, between=whitespace, after=whitespace, think=content, answer=content.filter(str.strip)
)
def test_whitespace_around_valid_blocks_is_accepted(
    before: str, between: str, after: str, think: str, answer: str
) -> None:
    completion = f"{before}<think>{think}</think>{between}<answer>{answer}</answer>{after}"
    assert format_tags(completion, {}).status == Status.CORRECT
    assert extract_tag(completion, "answer") == answer.strip()


@settings(max_examples=150, deadline=None)
@given(junk=noise, where=st.sampled_from(["before", "between", "after"]), answer=content.filter(str.strip))
def test_text_around_valid_blocks_is_rejected(junk: str, where: str, answer: str) -> None:
    parts = {"before": "", "between": "", "after": ""}
    parts[where] = junk
    completion = (
        f"{parts['before']}<think>t</think>{parts['between']}<answer>{answer}</answer>{parts['after']}"
    )
    r = format_tags(completion, {})
    assert r.status == Status.FORMAT_ERROR
    assert r.info["reason"] == "text_outside_tags"


@settings(max_examples=100, deadline=None)
@given(answers=st.lists(content.filter(str.strip), min_size=2, max_size=4))
def test_repeated_answer_blocks_never_pass(answers: list[str]) -> None:
    completion = "<think>t</think>" + "".join(f"<answer>{a}</answer>" for a in answers)
    assert format_tags(completion, {}).info["reason"] == "repeated_tag"
    assert extract_tag(completion, "answer") is None


def test_picklable_and_thread_safe() -> None:
    bound = get_verifier("format_tags", tags=("think", "answer"))
    clone = pickle.loads(pickle.dumps(bound))
    assert clone(GOOD, {}).status == Status.CORRECT
    results: list[Status] = []
    threads = [threading.Thread(target=lambda: results.append(clone(GOOD, {}).status)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [Status.CORRECT] * 4


def test_reward_round_trips_through_dict() -> None:
    r = format_tags("<answer>4</answer><think>a</think>", {})
    assert type(r).from_dict(r.to_dict()) == r
