"""GRPO maths: hand-computed cases (arithmetic in comments) and hypothesis properties."""

from __future__ import annotations

import math

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from verigrpo.grpo_train.losses import (
    ADVANTAGES,
    AGGREGATIONS,
    clip_indicators,
    clipped_surrogate,
    grpo_loss,
    k3_kl,
    loss_denominator,
    masked_mean,
    outcome_advantages,
    process_advantages,
)

FAST = settings(max_examples=60, deadline=None)

# Integer-valued rewards in half steps: ties are common, as with real verifiers.
groups = st.lists(st.integers(-4, 4), min_size=2, max_size=8).map(lambda xs: [x / 2 for x in xs])


def batches(min_b: int = 1, max_b: int = 4):
    return st.integers(2, 6).flatmap(
        lambda g: st.lists(
            st.lists(st.integers(-4, 4), min_size=g, max_size=g).map(lambda xs: [x / 2 for x in xs]),
            min_size=min_b,
            max_size=max_b,
        )
    )


# ------------------------------------------------------------------------------------------------------
# Eq. 5: hand cases
# ------------------------------------------------------------------------------------------------------


def test_outcome_population_std_hand_case():
    # r = [1, 0, 0, 1]: mean 0.5, population std 0.5, so A = (r - 0.5) / 0.5 = [1, -1, -1, 1].
    adv = outcome_advantages(torch.tensor([[1.0, 0.0, 0.0, 1.0]]))
    assert torch.allclose(adv, torch.tensor([[1.0, -1.0, -1.0, 1.0]]))


def test_outcome_sample_std_and_dr_grpo_hand_case():
    r = torch.tensor([[1.0, 0.0, 0.0, 1.0]])
    # sample std = sqrt((4 * 0.25) / 3) = 0.57735, so A = 0.5 / 0.57735 = 0.86603.
    assert torch.allclose(outcome_advantages(r, std="sample"), torch.tensor([[1, -1, -1, 1.0]]) * 0.8660254)
    # Dr. GRPO: mean-centred only, A = r - 0.5.
    assert torch.allclose(outcome_advantages(r, std="none"), torch.tensor([[0.5, -0.5, -0.5, 0.5]]))


@pytest.mark.parametrize("std", ["population", "sample", "none"])
def test_outcome_all_equal_group_is_exactly_zero(std):
    # Row 0 all equal; row 1 differs only by float noise (std 5e-10 < eps); row 2 is a real group.
    r = torch.tensor([[0.1, 0.1, 0.1], [1.0, 1.0 + 1e-9, 1.0], [0.0, 1.0, 2.0]], dtype=torch.float64)
    adv = outcome_advantages(r, std=std)
    assert torch.equal(adv[:2], torch.zeros(2, 3, dtype=torch.float64))
    assert adv[2].abs().sum() > 0
    assert torch.isfinite(adv).all()


def test_outcome_single_completion_group_is_zero():
    assert torch.equal(outcome_advantages(torch.tensor([[3.0], [-1.0]])), torch.zeros(2, 1))


def test_outcome_nan_reward_is_unscored():
    # The NaN completion is left out: the group is [1, 0], mean 0.5, population std 0.5 -> [1, 0, -1].
    adv = outcome_advantages(torch.tensor([[1.0, float("nan"), 0.0]]))
    assert torch.equal(adv, torch.tensor([[1.0, 0.0, -1.0]]))


def test_outcome_rejects_bad_options():
    with pytest.raises(ValueError, match="population, sample, none"):
        outcome_advantages(torch.zeros(1, 2), std="batch")
    with pytest.raises(ValueError, match=r"\[B, G\]"):
        outcome_advantages(torch.zeros(4))


def test_outcome_integer_rewards_give_float32():
    adv = outcome_advantages(torch.tensor([[1, 0]]))
    assert adv.dtype == torch.float32 and torch.equal(adv, torch.tensor([[1.0, -1.0]]))


def test_advantages_dict_names_the_variants():
    assert ADVANTAGES == {"outcome": outcome_advantages, "process": process_advantages}


# ------------------------------------------------------------------------------------------------------
# Eq. 5: properties
# ------------------------------------------------------------------------------------------------------


@FAST
@given(groups)
def test_outcome_mean_zero_unit_population_std(group):
    r = torch.tensor([group], dtype=torch.float64)
    adv = outcome_advantages(r)[0]
    if len(set(group)) == 1:
        assert torch.equal(adv, torch.zeros_like(adv))
    else:
        assert abs(float(adv.mean())) < 1e-12
        assert abs(float(adv.std(unbiased=False)) - 1.0) < 1e-12
        # sample variant: unit sample std
        assert abs(float(outcome_advantages(r, std="sample")[0].std()) - 1.0) < 1e-12


@FAST
@given(batches(), st.floats(0.1, 10.0), st.floats(-10.0, 10.0), st.sampled_from(["population", "sample"]))
def test_outcome_invariant_to_positive_affine_map(rewards, a, b, std):
    r = torch.tensor(rewards, dtype=torch.float64)
    assert torch.allclose(outcome_advantages(a * r + b, std=std), outcome_advantages(r, std=std), atol=1e-9)


@FAST
@given(batches(), st.randoms(use_true_random=False))
def test_outcome_permutation_equivariant_within_group(rewards, rnd):
    r = torch.tensor(rewards, dtype=torch.float64)
    perm = list(range(r.shape[1]))
    rnd.shuffle(perm)
    perm = torch.tensor(perm)
    assert torch.allclose(outcome_advantages(r[:, perm]), outcome_advantages(r)[:, perm], atol=1e-12)


@FAST
@given(batches())
def test_outcome_groups_are_independent(rewards):
    # Each row's advantages depend on that row only.
    r = torch.tensor(rewards, dtype=torch.float64)
    full = outcome_advantages(r)
    for i in range(r.shape[0]):
        assert torch.equal(full[i], outcome_advantages(r[i : i + 1])[0])


# ------------------------------------------------------------------------------------------------------
# Eq. 6
# ------------------------------------------------------------------------------------------------------


def test_process_hand_case_two_completions():
    # Group of G=2. Completion 0: steps with rewards [1, 0] ending at tokens [1, 3].
    # Completion 1: one step with reward 1 ending at token 2. length 5.
    # Group values {1, 0, 1}: mean 2/3, population std sqrt((1/9 + 4/9 + 1/9) / 3) = sqrt(2)/3.
    # Normalised: 1 -> (1/3) / (sqrt(2)/3) = 1/sqrt(2) = 0.70711; 0 -> (-2/3) / (sqrt(2)/3) = -sqrt(2).
    # Completion 0: t=0,1 see both steps: 0.70711 - 1.41421 = -0.70711; t=2,3 see step 2 only: -1.41421;
    # t=4 is after the last step: 0.  Completion 1: t=0..2 -> 0.70711; t=3,4 -> 0.
    adv = process_advantages([[1.0, 0.0], [1.0]], [[1, 3], [2]], group_size=2, length=5)
    h = 1 / math.sqrt(2)
    expected = torch.tensor([[h - 2 * h, h - 2 * h, -2 * h, -2 * h, 0.0], [h, h, h, 0.0, 0.0]])
    assert adv.shape == (2, 5) and adv.dtype == torch.float32
    assert torch.allclose(adv, expected, atol=1e-6)


def test_process_groups_normalise_separately_and_accept_tensors():
    # Two groups of G=1 with two steps each. Group 0 values {2, 0}: mean 1, std 1 -> [1, -1].
    # Group 1 values {5, 5}: all equal -> zeros.
    adv = process_advantages(
        [torch.tensor([2.0, 0.0]), torch.tensor([5.0, 5.0])],
        [torch.tensor([0, 2]), torch.tensor([0, 1])],
        group_size=1,
        length=4,
    )
    # Group 0: t=0 -> 1 + (-1) = 0; t=1,2 -> -1; t=3 -> 0.
    assert torch.allclose(adv, torch.tensor([[0.0, -1.0, -1.0, 0.0], [0.0, 0.0, 0.0, 0.0]]))


def test_process_edge_cases():
    # Group of 3: completion 0 has steps [1, NaN]; completion 1 has no steps; completion 2 has [0] whose
    # end (9) is past length 4. Scored values {1, 0}: mean 0.5, std 0.5 -> [1, -1]; the NaN step adds 0.
    adv = process_advantages([[1.0, float("nan")], [], [0.0]], [[0, 2], [], [9]], group_size=3, length=4)
    expected = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0] * 4, [-1.0] * 4])
    assert torch.equal(adv, expected)
    # A single step in the group, and all-equal steps: zeros.
    assert torch.equal(process_advantages([[3.0], []], [[1], []], 2, 3), torch.zeros(2, 3))
    assert torch.equal(process_advantages([[2.0, 2.0], [2.0]], [[0, 1], [1]], 2, 3), torch.zeros(2, 3))
    # A step that covers no token (end -1) counts in the statistics ({1, 0} -> [1, -1]) but credits nothing.
    adv = process_advantages([[1.0, 0.0]], [[-1, 1]], 1, 3)
    assert torch.equal(adv, torch.tensor([[-1.0, -1.0, 0.0]]))


def test_process_rejects_mismatched_inputs():
    with pytest.raises(ValueError, match="multiple of group_size"):
        process_advantages([[1.0]] * 3, [[0]] * 3, group_size=2, length=2)
    with pytest.raises(ValueError, match="completion 1"):
        process_advantages([[1.0], [1.0, 0.0]], [[0], [0]], group_size=2, length=2)


@FAST
@given(batches(), st.data(), st.sampled_from(["population", "sample", "none"]))
def test_process_with_one_final_step_equals_outcome(rewards, data, std):
    # Every completion has exactly one step, ending at its last token: Eq. 6 is Eq. 5 broadcast over
    # the completion's tokens (same statistic, same values), and 0 on padding after it.
    r = torch.tensor(rewards, dtype=torch.float32)
    b, g = r.shape
    length = 6
    lens = data.draw(st.lists(st.integers(1, length), min_size=b * g, max_size=b * g))
    adv = process_advantages(
        [[x] for x in r.reshape(-1).tolist()], [[n - 1] for n in lens], g, length, std=std
    )
    out = outcome_advantages(r, std=std).reshape(-1)
    for i, n in enumerate(lens):
        assert torch.equal(adv[i, :n], out[i].expand(n))
        assert torch.equal(adv[i, n:], torch.zeros(length - n))


def _naive_process(step_rewards, step_ends, group_size, length):
    """Eq. 6 written as loops: population statistics over the scored steps of each group."""
    n = len(step_rewards)
    out = [[0.0] * length for _ in range(n)]
    for first in range(0, n, group_size):
        members = range(first, first + group_size)
        scored = [r for i in members for r in step_rewards[i] if not math.isnan(r)]
        if len(scored) < 2:
            continue
        mean = sum(scored) / len(scored)
        std = math.sqrt(sum((r - mean) ** 2 for r in scored) / len(scored))
        if std <= 1e-4:
            continue
        for i in members:
            for r, end in zip(step_rewards[i], step_ends[i]):
                if math.isnan(r):
                    continue
                for t in range(length):
                    if end >= t:
                        out[i][t] += (r - mean) / std
    return torch.tensor(out)


steps = st.lists(st.tuples(st.sampled_from([0.0, 0.5, 1.0, float("nan")]), st.integers(0, 7)), max_size=4)


@FAST
@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_process_matches_naive_loops(b, g, data):
    completions = [data.draw(steps) for _ in range(b * g)]
    rewards = [[r for r, _ in c] for c in completions]
    ends = [[e for _, e in c] for c in completions]
    adv = process_advantages(rewards, ends, g, 6)
    assert torch.allclose(adv, _naive_process(rewards, ends, g, 6), atol=1e-5)


# ------------------------------------------------------------------------------------------------------
# k3 KL
# ------------------------------------------------------------------------------------------------------


def test_k3_hand_case():
    # d = ref - logp = log 2: k3 = 2 - log 2 - 1 = 0.306853. d = -log 2: 0.5 + log 2 - 1 = 0.193147.
    logp = torch.tensor([0.0, 0.0, -1.3])
    ref = torch.tensor([math.log(2), -math.log(2), -1.3])
    assert torch.allclose(k3_kl(logp, ref), torch.tensor([0.306853, 0.193147, 0.0]), atol=1e-6)


def test_k3_is_finite_and_clamped_for_huge_differences():
    logp = torch.tensor([0.0, -1000.0, 0.0, -1e30])
    ref = torch.tensor([-1000.0, 0.0, -1e30, 0.0])
    kl = k3_kl(logp, ref)
    assert torch.isfinite(kl).all() and (kl >= 0).all()
    # d = +1000 is clamped to 20: exp(20) - 21.
    assert torch.isclose(kl[1], torch.tensor(math.exp(20) - 21), rtol=1e-6)


@FAST
@given(st.lists(st.floats(-60, 0, allow_nan=False), min_size=1, max_size=16), st.data())
def test_k3_nonnegative_and_zero_at_equality(logps, data):
    logp = torch.tensor(logps)
    ref = torch.tensor(data.draw(st.lists(st.floats(-60, 0), min_size=len(logps), max_size=len(logps))))
    assert (k3_kl(logp, ref) >= 0).all()
    assert torch.equal(k3_kl(logp, logp), torch.zeros_like(logp))
    # tiny differences are where 1 + x - exp(x) rounding could go negative in float32
    assert (k3_kl(logp, logp + 1e-7) >= 0).all()


# ------------------------------------------------------------------------------------------------------
# Clipped surrogate
# ------------------------------------------------------------------------------------------------------


def test_surrogate_hand_cases():
    # eps 0.2: clip range [0.8, 1.2].
    # (a) ratio e^0.1 = 1.10517 inside, A = 2 -> 2.21034.
    # (b) ratio e^0.5 = 1.64872 above, A = +1 -> min(1.64872, 1.2) = 1.2 (clipped, no gradient).
    # (c) ratio e^0.5 above, A = -1 -> min(-1.64872, -1.2) = -1.64872 (pessimistic: unclipped).
    # (d) ratio e^-0.5 = 0.60653 below, A = +1 -> min(0.60653, 0.8) = 0.60653 (unclipped).
    # (e) ratio e^-0.5 below, A = -1 -> min(-0.60653, -0.8) = -0.8 (clipped).
    logp = torch.tensor([0.1, 0.5, 0.5, -0.5, -0.5])
    adv = torch.tensor([2.0, 1.0, -1.0, 1.0, -1.0])
    s = clipped_surrogate(logp, torch.zeros(5), adv, 0.2, 0.2)
    assert torch.allclose(s, torch.tensor([2.210342, 1.2, -1.648721, 0.606531, -0.8]), atol=1e-6)
    low, high = clip_indicators(logp, torch.zeros(5), adv, 0.2, 0.2)
    assert low.tolist() == [False, False, False, False, True]
    assert high.tolist() == [False, True, False, False, False]


def test_surrogate_asymmetric_clip_higher():
    # DAPO clip-higher eps_high 0.28: ratio e^0.2 = 1.2214 is inside [0.8, 1.28], so A=1 -> 1.2214.
    s = clipped_surrogate(torch.tensor([0.2]), torch.zeros(1), torch.tensor([1.0]), 0.2, 0.28)
    assert torch.allclose(s, torch.tensor([math.exp(0.2)]))


@FAST
@given(
    st.lists(st.tuples(st.floats(-0.18, 0.16), st.floats(-5, 5)), min_size=1, max_size=16),
    st.floats(-3, 0),
)
def test_surrogate_equals_ratio_times_adv_inside_clip_range(pairs, old):
    # log ratio in [-0.18, 0.16] keeps the ratio in [0.835, 1.174], inside [0.8, 1.2].
    delta = torch.tensor([p[0] for p in pairs], dtype=torch.float64)
    adv = torch.tensor([p[1] for p in pairs], dtype=torch.float64)
    old_logp = torch.full_like(delta, old)
    s = clipped_surrogate(old_logp + delta, old_logp, adv, 0.2, 0.2)
    assert torch.allclose(s, torch.exp(delta) * adv, atol=1e-12)


@FAST
@given(st.lists(st.tuples(st.floats(-3, 3), st.floats(-5, 5)), min_size=1, max_size=16))
def test_surrogate_is_the_pessimistic_bound(pairs):
    delta = torch.tensor([p[0] for p in pairs], dtype=torch.float64)
    adv = torch.tensor([p[1] for p in pairs], dtype=torch.float64)
    s = clipped_surrogate(delta, torch.zeros_like(delta), adv, 0.2, 0.2)
    ratio = delta.exp()
    assert (s <= ratio * adv + 1e-12).all()
    assert (s <= ratio.clamp(0.8, 1.2) * adv + 1e-12).all()


# ------------------------------------------------------------------------------------------------------
# grpo_loss
# ------------------------------------------------------------------------------------------------------


def _naive_loss(logp, old_logp, ref_logp, adv, mask, beta, eps_low, eps_high, aggregation, max_tokens):
    """Per-token Python loop, written from the equations."""
    n, t = logp.shape
    seq_terms, total, count = [], 0.0, 0.0
    for i in range(n):
        seq_sum, seq_count = 0.0, 0.0
        for j in range(t):
            if mask[i, j] == 0:
                continue
            rho = torch.exp(logp[i, j] - old_logp[i, j])
            a = adv[i, j]
            surrogate = torch.min(rho * a, torch.clamp(rho, 1 - eps_low, 1 + eps_high) * a)
            d = ref_logp[i, j] - logp[i, j]
            k3 = torch.exp(d) - d - 1
            term = -(surrogate - beta * k3)
            seq_sum, seq_count = seq_sum + term, seq_count + 1
        total, count = total + seq_sum, count + seq_count
        seq_terms.append(seq_sum / max(seq_count, 1))
    if aggregation == "sequence_mean":
        return sum(seq_terms) / n
    if aggregation == "token_mean":
        return total / count
    return total / (n * max_tokens)


@pytest.mark.parametrize("aggregation", sorted(AGGREGATIONS))
def test_grpo_loss_gradient_matches_naive_loop(aggregation):
    g = torch.Generator().manual_seed(0)
    n, t = 4, 6
    logp = (-torch.rand(n, t, generator=g, dtype=torch.float64) * 3).requires_grad_()
    old_logp = logp.detach() + torch.randn(n, t, generator=g, dtype=torch.float64) * 0.3  # some clipped
    ref_logp = logp.detach() + torch.randn(n, t, generator=g, dtype=torch.float64) * 0.5
    adv = torch.randn(n, generator=g, dtype=torch.float64)
    mask = torch.tensor([[1, 1, 1, 1, 1, 1], [1, 1, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0] * 6])
    loss, stats = grpo_loss(
        logp,
        old_logp,
        ref_logp,
        adv,
        mask,
        beta=0.04,
        eps_low=0.2,
        eps_high=0.28,
        aggregation=aggregation,
        max_tokens=8,
    )
    (grad,) = torch.autograd.grad(loss, logp)
    logp2 = logp.detach().clone().requires_grad_()
    naive = _naive_loss(
        logp2, old_logp, ref_logp, adv[:, None].expand(n, t), mask, 0.04, 0.2, 0.28, aggregation, 8
    )
    (naive_grad,) = torch.autograd.grad(naive, logp2)
    assert torch.allclose(loss, naive.detach(), atol=1e-12)
    assert torch.allclose(grad, naive_grad, atol=1e-12)
    assert grad[mask == 0].abs().sum() == 0  # padding gets no gradient
    assert set(stats) == {"clip_low", "clip_high", "kl_ref", "kl_old", "adv_abs"}


def test_grpo_loss_aggregations_differ_by_length_weighting():
    # Per-token loss is -A*rho with rho = 1 (logp == old_logp), A = [1, -1], beta = 0.
    # Lengths 1 and 3. sequence_mean: (-1 + 1) / 2 = 0. token_mean: (-1 + 3) / 4 = 0.5.
    # constant with max_tokens 4: (-1 + 3) / (2 * 4) = 0.25.
    logp = torch.zeros(2, 3)
    mask = torch.tensor([[1, 0, 0], [1, 1, 1]])
    adv = torch.tensor([[1.0], [-1.0]])
    vals = {
        agg: grpo_loss(logp, logp, None, adv, mask, beta=0.0, aggregation=agg, max_tokens=4)[0].item()
        for agg in AGGREGATIONS
    }
    assert vals == pytest.approx({"sequence_mean": 0.0, "token_mean": 0.5, "constant": 0.25})


@pytest.mark.parametrize("aggregation", sorted(AGGREGATIONS))
def test_grpo_loss_with_the_global_denominator_sums_micro_batches_to_the_whole_batch(aggregation):
    # The same batch as above, cut into micro-batches of one completion each. Given the batch's denominator
    # (loss_denominator summed over the micro-batches: 2 completions, 4 tokens, or 2 * 4 budget tokens), the
    # micro-batch losses are shares of it. sequence_mean: -1/2 + 1/2 = 0;
    # token_mean: -1/4 + 3/4 = 0.5; constant: -1/8 + 3/8 = 0.25, as for the whole batch at once.
    logp = torch.zeros(2, 3, requires_grad=True)
    mask = torch.tensor([[1, 0, 0], [1, 1, 1]])
    adv = torch.tensor([[1.0], [-1.0]])
    whole, _ = grpo_loss(logp, logp.detach(), None, adv, mask, beta=0.0, aggregation=aggregation, max_tokens=4)
    (whole_grad,) = torch.autograd.grad(whole, logp)
    d = sum(loss_denominator(mask[i : i + 1], aggregation, max_tokens=4) for i in range(2))
    assert d == {"sequence_mean": 2.0, "token_mean": 4.0, "constant": 8.0}[aggregation]
    parts = [
        grpo_loss(logp[i : i + 1], logp[i : i + 1].detach(), None, adv[i : i + 1], mask[i : i + 1], beta=0.0,
                  aggregation=aggregation, max_tokens=4, denominator=d)[0]
        for i in range(2)
    ]
    (parts_grad,) = torch.autograd.grad(sum(parts), logp)
    assert sum(parts).item() == pytest.approx(whole.item())
    assert torch.allclose(parts_grad, whole_grad)


def test_grpo_loss_stats_hand_case():
    # Four tokens of one completion, old_logp = 0, A = [1, 1, -1, -1], mask drops the last token.
    # logp = [0.5, 0, -0.5, -0.5]: token 0 ratio 1.65 > 1.2 with A > 0 -> clipped high;
    # token 2 ratio 0.61 < 0.8 with A < 0 -> clipped low; token 3 masked.
    # clip_high = clip_low = 1/3. kl_old = mean of (rho - 1) - log rho over tokens 0..2:
    # (0.648721 - 0.5 + 0 + (-0.393469 + 0.5)) / 3 = 0.085084. ref == logp -> kl_ref 0. adv_abs 1.
    logp = torch.tensor([[0.5, 0.0, -0.5, -0.5]])
    loss, stats = grpo_loss(
        logp,
        torch.zeros(1, 4),
        logp,
        torch.tensor([[1.0, 1.0, -1.0, -1.0]]),
        torch.tensor([[1, 1, 1, 0]]),
        beta=0.1,
    )
    assert stats["clip_high"] == pytest.approx(1 / 3)
    assert stats["clip_low"] == pytest.approx(1 / 3)
    assert stats["kl_old"] == pytest.approx(0.085084, abs=1e-6)
    assert stats["kl_ref"] == 0.0 and stats["adv_abs"] == pytest.approx(1.0)
    # loss = -(1.2 + 1 - 0.8) / 3 = -0.466667 (clipped values in the first and third tokens).
    assert loss.item() == pytest.approx(-1.4 / 3, abs=1e-6)


def test_grpo_loss_accepts_adv_shapes_and_is_finite_on_extremes():
    logp = torch.tensor([[-1.0, -200.0], [0.0, -0.1]], requires_grad=True)
    old = torch.tensor([[-300.0, -1.0], [-0.1, 0.0]])
    ref = torch.tensor([[-500.0, 0.0], [0.0, 0.0]])
    mask = torch.ones(2, 2)
    losses = [
        grpo_loss(logp, old, ref, a, mask, beta=0.04)[0]
        for a in (
            torch.tensor([1.0, -1.0]),
            torch.tensor([[1.0], [-1.0]]),
            torch.tensor([[1.0, 1.0], [-1.0, -1.0]]),
        )
    ]
    assert torch.isfinite(losses[0]) and losses[0] == losses[1] == losses[2]
    (grad,) = torch.autograd.grad(losses[0], logp)
    assert torch.isfinite(grad).all()


def test_grpo_loss_rejects_bad_options():
    x = torch.zeros(1, 2)
    with pytest.raises(ValueError, match="sequence_mean, token_mean, constant"):
        grpo_loss(x, x, x, x, x, beta=0.0, aggregation="bnpo")
    with pytest.raises(ValueError, match="max_tokens"):
        grpo_loss(x, x, x, x, torch.ones(1, 2), beta=0.0, aggregation="constant")
    with pytest.raises(ValueError, match="ref_logp"):
        grpo_loss(x, x, None, x, x, beta=0.1)


def test_masked_mean_hand_case():
    # Row 0: mean of [1, 2] = 1.5; row 1: nothing unmasked -> 0; row 2: only 4 -> 4.
    # Overall: (1 + 2 + 4) / 3 unmasked tokens = 7/3.
    values = torch.tensor([[1.0, 2.0], [5.0, 6.0], [4.0, 8.0]])
    mask = torch.tensor([[True, True], [False, False], [True, False]])
    assert torch.allclose(masked_mean(values, mask, dim=-1), torch.tensor([1.5, 0.0, 4.0]))
    assert masked_mean(values, mask).item() == pytest.approx(7 / 3)
    assert masked_mean(values, torch.zeros(3, 2)).item() == 0.0


# ---- truncated importance sampling (a rollout engine other than the trainer) --------------------------------


def test_truncated_importance_weight_by_hand():
    """w = min(exp(old - sampler), cap): tokens the engine found likelier than the trainer get w < 1, rarer
    ones w > 1 up to the cap; equal log-probs give exactly 1."""
    import torch
    from verigrpo.grpo_train.losses import truncated_importance_weight

    old = torch.tensor([[-1.0, -2.0, -0.5]])
    sampler = torch.tensor([[-1.0, -1.0, -3.0]])
    w = truncated_importance_weight(old, sampler, cap=2.0)
    torch.testing.assert_close(w, torch.tensor([[1.0, torch.exp(torch.tensor(-1.0)).item(), 2.0]]))
    assert not w.requires_grad


@given(
    st.lists(st.floats(-8, 0), min_size=1, max_size=12),
    st.lists(st.floats(-8, 0), min_size=1, max_size=12),
    st.floats(1.0, 10.0),
)
def test_truncated_importance_weight_is_positive_capped_and_exact_below_the_cap(a, b, cap):
    import math

    import torch
    from verigrpo.grpo_train.losses import truncated_importance_weight

    n = min(len(a), len(b))
    old, sampler = torch.tensor([a[:n]], dtype=torch.float64), torch.tensor([b[:n]], dtype=torch.float64)
    w = truncated_importance_weight(old, sampler, cap)
    assert (w > 0).all() and (w <= cap).all()
    for i in range(n):
        ratio = math.exp(a[i] - b[i])
        assert math.isclose(w[0, i].item(), min(ratio, cap), rel_tol=1e-9)


def test_grpo_loss_weights_the_surrogate_not_the_kl():
    """With is_weight, each token's surrogate is scaled by its weight and the k3 term is left as is: weights of
    1 change nothing; weights of 0 leave only beta * KL."""
    import torch
    from verigrpo.grpo_train.losses import grpo_loss, k3_kl

    torch.manual_seed(0)
    logp = torch.randn(3, 4) - 1.0
    old, ref = logp + 0.1 * torch.randn(3, 4), logp + 0.2 * torch.randn(3, 4)
    adv, mask = torch.tensor([1.0, -0.5, 0.25]), torch.ones(3, 4)
    plain, _ = grpo_loss(logp, old, ref, adv, mask, beta=0.04)
    ones, _ = grpo_loss(logp, old, ref, adv, mask, beta=0.04, is_weight=torch.ones(3, 4))
    torch.testing.assert_close(plain, ones)
    zeros, _ = grpo_loss(logp, old, ref, adv, mask, beta=0.04, is_weight=torch.zeros(3, 4))
    torch.testing.assert_close(zeros, (0.04 * k3_kl(logp, ref)).mean(-1).mean())
    half, _ = grpo_loss(logp, old, None, adv, mask, beta=0.0, is_weight=torch.full((3, 4), 0.5))
    base, _ = grpo_loss(logp, old, None, adv, mask, beta=0.0)
    torch.testing.assert_close(half, 0.5 * base)
