extension MotionChannel {
    /// Whether `text` can name a placement: not empty, only ASCII letters, digits, `_` and `-` (so a name such as
    /// `accel.x@lower arm` or `accel.x@` is no channel, not a channel of an odd unit).
    ///
    /// - Complexity: O(length).
    package static func isPlacement(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { b in
            (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || b == 45
        }
    }

    /// The same channel of the primary unit (`accel.x` for `accel.x@lowerarm`); itself without a placement.
    package var unplaced: MotionChannel {
        guard placement != nil else { return self }
        // The name before the last `@` parsed when this channel did.
        return MotionChannel(rawValue: String(rawValue[..<rawValue.lastIndex(of: "@")!]))!
    }

    /// The same channel read from the unit at `placement` (`accel.x@lowerarm`), `nil` for an archive column or a
    /// name ``isPlacement(_:)`` refuses.
    package func placed(at placement: String) -> MotionChannel? {
        MotionChannel(rawValue: "\(unplaced.rawValue)@\(placement)")
    }
}

extension MotionChannel {
    /// The channel's value in `sample`, in its unit, holding through its unit's gaps: a placed channel whose unit is
    /// absent from `sample` (``MotionSample/units``) gives `held`, its last value, and a reading updates `held`;
    /// `nil` before the unit's first reading. A channel without a placement reads `sample` alone (`held` untouched),
    /// `nil` when the sample lacks it. The one rule by which the streaming recognizers and their training series
    /// read another unit (``MiniRocketSpotter``, ``DTWTemplateMatcher``).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    package func value(in sample: MotionSample, holding held: inout Double?) -> Double? {
        guard placement != nil else { return value(in: sample) }
        if let v = value(in: sample) { held = v }
        return held
    }

    /// Whether `sample`, a stream's first, shows that the stream gives this channel to a recognizer that holds a unit's
    /// gaps (``value(in:holding:)``): a placed channel whose unit is absent from a sample that carries other units (its
    /// gap, or a stream that starts before that unit) is judged by the primary unit's reading, as the unit's will be
    /// once it arrives, so a gap at the first sample does not silence a recognizer; a sample without other units
    /// (``MotionSample/units`` `nil`: a stream of one unit) gives no placed channel. The one rule of
    /// ``Pipeline/prepare(for:)`` and ``DTWTemplateMatcher/check(_:)``.
    ///
    /// - Complexity: O(1).
    package func isGiven(by sample: MotionSample) -> Bool {
        if value(in: sample) != nil { return true }
        guard let placement, let units = sample.units, units[placement] == nil else { return false }
        return unplaced.value(in: sample) != nil
    }
}
