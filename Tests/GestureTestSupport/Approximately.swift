/// Whether `a` and `b` agree to `relative` of the larger magnitude, or to `absolute` near zero: the one
/// approximate comparison of the test targets.
public func isClose(_ a: Double, _ b: Double, relative: Double = 1e-9, absolute: Double = 1e-300) -> Bool {
    abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
}
