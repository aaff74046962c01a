import CGSL

/// Fills the NaN padding of variable-length UCR series with tiny uniform noise, as the archive's
/// `Missing_value_and_variable_length_datasets_adjusted` files do (U[0, 0.001)), for files whose adjusted
/// version is missing (AllGestureWiimoteY TEST). Deterministic: GSL's MT19937 with an explicit seed,
/// drawn row by row, left to right.
public enum PaddingNoise {
    /// The archive's noise amplitude.
    public static let archiveAmplitude = 0.001

    /// `examples` (read with ``UCRArchive/Padding/keep``) with every trailing NaN replaced by
    /// U[0, amplitude) noise. O(total size).
    public static func fill(_ examples: [LabelledSeries], amplitude: Double = archiveAmplitude, seed: UInt) -> [LabelledSeries] {
        guard let rng = gsl_rng_alloc(mt19937()) else { return examples }
        defer { gsl_rng_free(rng) }
        gsl_rng_set(rng, seed)
        return examples.map { example in
            var copy = example
            copy.dimensions = example.dimensions.map { values in
                values.map { $0.isNaN ? amplitude * gsl_rng_uniform(rng) : $0 }
            }
            return copy
        }
    }

    /// GSL's MT19937 generator type, looked up by name (the global `gsl_rng_mt19937` is mutable C state).
    static func mt19937() -> UnsafePointer<gsl_rng_type>? {
        guard var types = gsl_rng_types_setup() else { return nil }
        while let type = types.pointee {
            if String(cString: type.pointee.name) == "mt19937" { return type }
            types += 1
        }
        return nil
    }
}
