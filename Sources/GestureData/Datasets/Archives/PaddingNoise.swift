/// Fills the NaN padding of variable-length UCR series with tiny uniform noise, as the archive's
/// `Missing_value_and_variable_length_datasets_adjusted` files do (U[0, 0.001)), for files whose adjusted
/// version is missing (AllGestureWiimoteY TEST). Deterministic: MT19937 seeded and drawn as GSL does
/// (``MersenneTwister``), row by row, left to right, so results match runs made with GSL's generator.
package enum PaddingNoise {
    /// The archive's noise amplitude.
    package static let archiveAmplitude = 0.001

    /// `examples` (read with ``UCRArchive/Padding/keep``) with every trailing NaN replaced by
    /// U[0, amplitude) noise. O(total size).
    package static func fill(_ examples: [LabelledSeries], amplitude: Double = archiveAmplitude, seed: UInt) -> [LabelledSeries] {
        var generator = MersenneTwister(seed: seed)
        return examples.map { example in
            var copy = example
            copy.dimensions = example.dimensions.map { values in
                values.map { $0.isNaN ? amplitude * generator.nextUniform() : $0 }
            }
            return copy
        }
    }
}
