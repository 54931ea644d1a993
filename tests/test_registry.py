"""Registry lookups (name, entry point, import path) and weighted, gated composition."""

from __future__ import annotations

import pickle
import sys
import textwrap

import fixture_verifiers as fixtures
import pytest
from verigrpo.verifiers import Reward, Status, StepReward, compose, get_verifier, list_verifiers, register
from verigrpo.verifiers.registry import _REGISTRY, UnknownVerifierError


@pytest.fixture
def clean_registry():
    saved = dict(_REGISTRY)
    yield
    _REGISTRY.clear()
    _REGISTRY.update(saved)


def test_register_lookup_list(clean_registry):
    @register("shout")
    def shout(completion, row):
        return Reward(1.0, Status.CORRECT)

    assert get_verifier("shout") is shout
    assert "shout" in list_verifiers()
    with pytest.raises(ValueError, match="already registered"):
        register("shout")(lambda c, r: None)


def test_builtins_are_registered():
    assert {"math", "format_tags", "math_steps", "python_tests"} <= set(list_verifiers())


def test_import_path_fallback_and_options():
    fn = get_verifier("fixture_verifiers:exact")
    assert fn is fixtures.exact
    with pytest.raises(UnknownVerifierError, match="no attribute"):
        get_verifier("fixture_verifiers:nope")
    with pytest.raises(UnknownVerifierError, match="unknown verifier 'nope'"):
        get_verifier("nope")


def test_entry_point_discovery(tmp_path, monkeypatch):
    (tmp_path / "thirdparty_rewards.py").write_text(
        textwrap.dedent(
            """
            from verigrpo.verifiers import Reward, Status
            def always(completion, row):
                return Reward(0.5, Status.PARTIAL)
            """
        )
    )
    dist = tmp_path / "thirdparty_rewards-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: thirdparty-rewards\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[verigrpo.verifiers]\nalways_half = thirdparty_rewards:always\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "always_half" in list_verifiers()
    assert get_verifier("always_half")("x", {}).outcome == 0.5
    sys.modules.pop("thirdparty_rewards", None)


def test_options_are_bound_and_picklable():
    v = get_verifier("fixture_verifiers:exact")
    assert pickle.loads(pickle.dumps(v)) is v


def _steps(completion, row):
    return Reward(0.0, Status.WRONG, steps=[StepReward(0, 1, 0.0, "wrong")])


def test_compose_weights_gates_and_components():
    v = compose({"fixture_verifiers:exact": 1.0, "fixture_verifiers:misbehave": 0.5})
    r = v("4", {"reference": "4"})
    assert r.outcome == 1.5 and r.status is Status.CORRECT
    assert set(r.info["components"]) == {"fixture_verifiers:exact", "fixture_verifiers:misbehave"}
    assert pickle.loads(pickle.dumps(v))("4", {"reference": "4"}).outcome == 1.5


def test_compose_gate_blocks_and_reports_gate_status():
    v = compose(
        {"fixture_verifiers:last_word": 1.0, "fixture_verifiers:tagged": 0.25},
        gates={"fixture_verifiers:last_word": "fixture_verifiers:tagged"},
    )
    ok = v("OK: 4", {"reference": "4"})
    assert ok.outcome == 1.25 and ok.status is Status.CORRECT
    wrong = v("OK: 5", {"reference": "4"})
    assert wrong.outcome == 0.25 and wrong.status is Status.WRONG
    # right answer, broken format: accuracy is gated out and the status says why
    gated = v("4", {"reference": "4"})
    assert gated.outcome == 0.0 and gated.status is Status.FORMAT_ERROR
    comp = gated.info["components"]["fixture_verifiers:last_word"]
    assert comp["gated_out"] is True and comp["status"] == "correct"


def test_compose_infra_status_wins():
    v = compose({"fixture_verifiers:exact": 1.0, "fixture_verifiers:misbehave": 1.0})
    r = v("raise", {"reference": "raise"})  # exact is right, misbehave raises
    assert r.status is Status.ERROR and r.status.is_infra
    comps = r.info["components"]
    assert comps["fixture_verifiers:exact"]["status"] == "correct"
    assert comps["fixture_verifiers:misbehave"]["status"] == "error"
    assert "verifier bug" in comps["fixture_verifiers:misbehave"]["info"]["error"]


def test_compose_rejects_bad_specs():
    with pytest.raises(ValueError, match="at least one"):
        compose({})
    with pytest.raises(ValueError, match="gate"):
        compose({"math": 1.0}, gates={"math": "format_tags"})
    with pytest.raises(ValueError, match="not composed"):
        compose({"math": 1.0}, options={"format_tags": {}})


def test_options_a_verifier_does_not_take_are_rejected_up_front(clean_registry):
    # bound blindly, every call would raise in the pool: all rewards `error`, a run that learns nothing
    with pytest.raises(TypeError, match=r"'math' does not accept options \['fallback'\].*its options: last_number_fallback"):
        get_verifier("math", fallback="last_number")
    with pytest.raises(TypeError, match="does not accept"):
        compose({"math": 1.0, "format_tags": 0.2}, options={"format_tags": {"tag": "think"}})
    with pytest.raises(TypeError, match="does not accept"):  # completion and row are not options
        get_verifier("fixture_verifiers:exact", row={})

    @register("takes_anything")
    def takes_anything(completion, row, **options):
        return Reward(1.0, Status.CORRECT)

    assert get_verifier("takes_anything", whatever=1).keywords == {"whatever": 1}
    assert get_verifier("math", last_number_fallback=False).keywords == {"last_number_fallback": False}


def test_unimportable_module_says_where_it_is_looked_for():
    with pytest.raises(UnknownVerifierError, match="current directory .* PYTHONPATH"):
        get_verifier("no_such_module_anywhere:f")
