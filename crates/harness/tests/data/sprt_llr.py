#!/usr/bin/env python3
"""An independent computation of the SPRT log-likelihood ratios of stadt_harness::sprt.

Standard library only. Written from the formulas, by a different route than the Rust code:

* Pentanomial, normalized Elo. Pair scores a = 0, 1/4, 1/2, 3/4, 1; write b = a - 1/2. Empty
  buckets count 1e-3 (as fastchess), N is the sum of the counts so regularised and q the empirical
  frequencies. A hypothesis nElo gives t = sqrt(2) * nElo * ln(10) / 800, and the constraint on a
  distribution p is E_p[b] = t * sd_p(b). The likelihood Q(p) = sum q ln p is maximised on that set
  by profiling over the mean m = E_p[b]: for t != 0 the constraint with mean m says
  E_p[b^2] = m^2 (1 + t^2) / t^2, two linear constraints, whose maximum-likelihood distribution is
  p_i = q_i / (1 + l1 (b_i - m) + l2 (b_i^2 - m^2 (1 + t^2) / t^2)), (l1, l2) maximising the
  concave dual sum q ln(1 + l . h) (damped two-dimensional Newton). The profile V(m) is scanned on a
  grid over every feasible m of the sign of t, and each local maximum refined by bisection on
  dV/dm = l1 + 2 m l2 (1 + t^2) / t^2 until the interval no longer shrinks (far below 1e-10); the
  best is kept. t = 0 is the single constraint E_p[b] = 0, solved by bisection on its multiplier.
  LLR = N * (Q(p1) - Q(p0)). An empty bucket (q = 1e-3 / N) can carry much of p, its denominator
  1 + l . h then being ~1e-8, so its probability is taken as 1 minus the others'. Limitation: the
  dual is nearly singular within ~1e-5 of the edge of the feasible means, and a maximum that close
  to it (hypotheses hundreds of nElo from data with empty buckets) is missed; the fixed cases of
  tests/sprt_model.rs are clear of that.
* GSPRT on unit scores x_1..x_n, s_k = 1 / (1 + 10^(-elo_k / 400)): the normal model's
  generalised likelihood ratio, LLR = n/2 ln(d0 / d1) with d_k = sum (x_i - s_k)^2 / n, and
  ("gsprt_linear") its linearisation n (s1 - s0) (2 mean - s0 - s1) / (2 v), v = sum (x_i - mean)^2
  / n (two passes); both 0 when n < 2 or v <= 1e-12.

Usage:
  sprt_llr.py penta C0 C1 C2 C3 C4 ELO0 ELO1      one pentanomial LLR (counts of 0..2 points)
  sprt_llr.py gsprt ELO0 ELO1 X1 X2 ...            one GSPRT LLR (gsprt_linear: the linear form)
  sprt_llr.py < cases.json                          JSON list of {"kind": "penta", "counts": [...],
                                                    "elo0": .., "elo1": ..} or {"kind": "gsprt"
                                                    or "gsprt_linear",
                                                    "scores": [...], "elo0": .., "elo1": ..};
                                                    prints a JSON list of LLRs
"""

import json
import math
import sys

B = (-0.5, -0.25, 0.0, 0.25, 0.5)
EMPTY = 1e-3
ELO_PER_T = 800.0 / math.log(10.0)
GRID = 400


def loglik(q, p):
    return sum(qi * math.log(pi) for qi, pi in zip(q, p))


def dual_newton(q, h1, h2):
    """Maximise D(l) = sum q ln(1 + l1 h1 + l2 h2); returns (l1, l2) or None if unbounded."""
    l1 = l2 = 0.0
    for _ in range(500):
        g1 = g2 = a11 = a12 = a22 = 0.0
        for qi, x, y in zip(q, h1, h2):
            d = 1.0 + l1 * x + l2 * y
            u, w = x / d, y / d
            g1 += qi * u
            g2 += qi * w
            a11 += qi * u * u
            a12 += qi * u * w
            a22 += qi * w * w
        det = a11 * a22 - a12 * a12
        if det <= 0.0:
            return None
        # Newton ascent step: (A)^-1 g with A = -Hessian.
        s1 = (a22 * g1 - a12 * g2) / det
        s2 = (a11 * g2 - a12 * g1) / det
        dec = g1 * s1 + g2 * s2  # the Newton decrement squared: twice the gain still to come
        if dec < 1e-30:
            return l1, l2
        # Far from the optimum, backtrack until the dual rises enough (Armijo); near it, where the
        # gain drowns in the rounding of the sums, take the Newton step itself (it converges
        # quadratically), shortened only to stay where every 1 + l . h is positive.
        careful = dec > 1e-12
        cur = sum(qi * math.log(1.0 + l1 * x + l2 * y) for qi, x, y in zip(q, h1, h2)) if careful else 0.0
        step = 1.0
        while True:
            n1, n2 = l1 + step * s1, l2 + step * s2
            dens = [1.0 + n1 * x + n2 * y for x, y in zip(h1, h2)]
            if min(dens) > 0.0:
                if not careful:
                    break
                new = sum(qi * math.log(d) for qi, d in zip(q, dens))
                if new >= cur + 0.25 * step * dec:
                    break
            step *= 0.5
            if step < 1e-300:
                return None
        if (n1, n2) == (l1, l2):
            return l1, l2
        l1, l2 = n1, n2
        if abs(l1) > 1e15 or abs(l2) > 1e15:
            return None
    return l1, l2


def profile(q, m, ratio):
    """V(m) and the derivative dV/dm, or None where mean m with E[b^2] = m^2 * ratio is infeasible."""
    m2 = m * m * ratio
    # Strictly inside the convex hull of the points (b, b^2): below the chord at height 1/4, above
    # the polygon through the five points.
    if not (-0.5 < m < 0.5 and m2 < 0.25):
        return None
    for j in range(4):
        x0, x1 = B[j], B[j + 1]
        if x0 <= m <= x1:
            chord = x0 * x0 + (x1 * x1 - x0 * x0) * (m - x0) / (x1 - x0)
            if m2 <= chord:
                return None
    h1 = [b - m for b in B]
    h2 = [b * b - m2 for b in B]
    lam = dual_newton(q, h1, h2)
    if lam is None:
        return None
    l1, l2 = lam
    p = complement(q, [1.0 + l1 * x + l2 * y for x, y in zip(h1, h2)])
    return loglik(q, p), l1 + 2.0 * m * l2 * ratio, p


def complement(q, dens):
    """q_i / dens_i, but the bucket of the smallest denominator gets 1 - the sum of the others: a
    denominator near 0 is a cancellation that keeps few digits (an empty bucket, q = 1e-3 / N, can
    hold much of p), the others keep theirs."""
    p = [qi / d for qi, d in zip(q, dens)]
    j = dens.index(min(dens))
    rest = math.fsum(p[:j] + p[j + 1:])
    if rest >= 1.0:
        total = math.fsum(p)
        return [x / total for x in p]
    p[j] = 1.0 - rest
    return p


def mle_zero(q):
    """E_p[b] = 0: p_i = q_i / (1 + l b_i), l by bisection."""
    lo, hi = -2.0, 2.0  # the poles of 1 + l b at b = 1/2 and b = -1/2
    while True:
        mid = 0.5 * (lo + hi)
        if not (lo < mid < hi):
            break
        g = sum(qi * b / (1.0 + mid * b) for qi, b in zip(q, B))
        if g > 0.0:
            lo = mid
        else:
            hi = mid
    lam = 0.5 * (lo + hi)
    return complement(q, [1.0 + lam * b for b in B])


def mle(q, t):
    if t == 0.0:
        return mle_zero(q)
    if t < 0.0:
        return list(reversed(mle(list(reversed(q)), -t)))
    ratio = (1.0 + t * t) / (t * t)
    top = 0.5 / math.sqrt(ratio)  # E[b^2] <= 1/4 bounds the mean
    ms = [top * (j + 0.5) / GRID for j in range(GRID)]
    vals = [profile(q, m, ratio) for m in ms]
    best = None
    for j, v in enumerate(vals):
        if v is None:
            continue
        left = vals[j - 1] if j > 0 else None
        right = vals[j + 1] if j + 1 < len(vals) else None
        # A local maximum of the grid (neighbours infeasible count as lower: V -> -inf there).
        if (left is None or left[0] <= v[0]) and (right is None or right[0] < v[0]):
            lo = ms[j - 1] if left is not None else ms[j] - 0.5 * top / GRID
            hi = ms[j + 1] if right is not None else ms[j] + 0.5 * top / GRID
            cand, anchor = v, ms[j]
            while True:
                mid = 0.5 * (lo + hi)
                if not (lo < mid < hi):
                    break
                pv = profile(q, mid, ratio)
                if pv is None:
                    # Infeasible: V falls to -inf towards that side of the feasible anchor.
                    if mid < anchor:
                        lo = mid
                    else:
                        hi = mid
                    continue
                if pv[0] > cand[0]:
                    cand, anchor = pv, mid
                if pv[1] > 0.0:
                    lo = mid
                else:
                    hi = mid
            if best is None or cand[0] > best[0]:
                best = cand
    if best is None:
        raise RuntimeError("no feasible mean for t=%r" % t)
    return best[2]


def penta_llr(counts, elo0, elo1):
    if sum(counts) == 0:
        return 0.0
    reg = [float(c) if c > 0 else EMPTY for c in counts]
    n = sum(reg)
    q = [c / n for c in reg]
    t0 = math.sqrt(2.0) * elo0 / ELO_PER_T
    t1 = math.sqrt(2.0) * elo1 / ELO_PER_T
    return n * (loglik(q, mle(q, t1)) - loglik(q, mle(q, t0)))


def gsprt_llr(scores, elo0, elo1, linear=False):
    n = len(scores)
    if n < 2:
        return 0.0
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / n
    if var <= 1e-12:
        return 0.0
    s0 = 1.0 / (1.0 + 10.0 ** (-elo0 / 400.0))
    s1 = 1.0 / (1.0 + 10.0 ** (-elo1 / 400.0))
    if linear:
        return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    d0 = sum((x - s0) ** 2 for x in scores) / n
    d1 = sum((x - s1) ** 2 for x in scores) / n
    return 0.5 * n * math.log(d0 / d1)


def run(case):
    if case["kind"] == "penta":
        return penta_llr(case["counts"], case["elo0"], case["elo1"])
    if case["kind"] in ("gsprt", "gsprt_linear"):
        return gsprt_llr(case["scores"], case["elo0"], case["elo1"], case["kind"] == "gsprt_linear")
    raise ValueError("unknown kind %r" % case["kind"])


def main(argv):
    if len(argv) > 1 and argv[1] == "penta":
        counts = [int(x) for x in argv[2:7]]
        print(repr(penta_llr(counts, float(argv[7]), float(argv[8]))))
    elif len(argv) > 1 and argv[1] in ("gsprt", "gsprt_linear"):
        scores = [float(x) for x in argv[4:]]
        print(repr(gsprt_llr(scores, float(argv[2]), float(argv[3]), argv[1] == "gsprt_linear")))
    else:
        cases = json.load(sys.stdin)
        print(json.dumps([run(c) for c in cases]))


if __name__ == "__main__":
    main(sys.argv)
