/// Watches the silences of a live input: reports a silence once when it passes the stall time, and says when
/// the input should end (the stop flag is set, or the silence passed the idle limit). Shared by every network
/// input so they report stalls alike. O(1) per call.
public struct StallWatch {
    /// Seconds of silence before ``onStall`` is called (once per silence).
    package let stallTime: Double
    /// Seconds of silence that end the input, or `nil` to wait for ``stop``.
    package let idleLimit: Double?
    /// Ends the input when set (Ctrl-C).
    package let stop: StopFlag
    /// Called with the seconds of silence when a silence passes ``stallTime``.
    package var onStall: ((Double) -> Void)?
    private var reported = false

    /// A watch with the given limits, in seconds.
    public init(stallTime: Double = 2, idleLimit: Double? = nil, stop: StopFlag = .interrupt) {
        self.stallTime = stallTime
        self.idleLimit = idleLimit
        self.stop = stop
    }

    /// Called after a wait that ended with `silence` seconds since data last arrived (0 when data just
    /// arrived); returns whether the input should end.
    package mutating func shouldEnd(afterSilenceOf silence: Double) -> Bool {
        if silence < stallTime {
            reported = false
        } else if !reported {
            reported = true
            onStall?(silence)
        }
        return stop.isSet || idleLimit.map { silence >= $0 } ?? false
    }
}
