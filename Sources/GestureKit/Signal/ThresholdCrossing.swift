/// The time, seconds, at which the straight line through `(t0, v0)` and `(t1, v1)` reaches `level`.
///
/// Recognizers place threshold crossings between samples with it, so event times do not depend on
/// where the sampling grid falls (rate invariance). The caller guarantees `level` lies between `v0` and
/// `v1` and that they differ.
@inline(__always)
func crossingTime(of level: Double, from t0: Double, _ v0: Double, to t1: Double, _ v1: Double) -> Double {
    t0 + (level - v0) / (v1 - v0) * (t1 - t0)
}
