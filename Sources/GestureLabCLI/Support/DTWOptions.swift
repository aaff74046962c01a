import ArgumentParser
import GestureData
import GestureEval
import GestureKit

/// The DTW distance of `evaluate`'s two forms: band, z-normalisation and how several dimensions warp.
struct DTWOptions: ParsableArguments {
    @Option(help: "Sakoe–Chiba band as a fraction of the length in [0, 1]; omitted: learned by leave-one-out (dtw).")
    var band: Double?

    @Flag(help: "z-normalise every series (per dimension).")
    var znormalize = false

    @Flag(help: "Multivariate DTW: --dependent (one warping path for all dimensions, the default) or --independent (one per dimension, costs summed).")
    var multivariate: DTW.Multivariate = .dependent

    func validate() throws {
        if let band, !(band.isFinite && band >= 0 && band <= 1) { throw ValidationError("--band must be a fraction in [0, 1], got \(band)") }
    }

    /// Whether any option differs from the DTW training settings' defaults.
    var isGiven: Bool { band != nil || znormalize || multivariate != .dependent }

    /// DTW training settings (a configuration value) with the options given here set on top.
    func applied(to settings: ConfigurationValue) -> ConfigurationValue {
        var value = settings
        if let band { value = value.setting("band", to: .number(band)) }
        if znormalize { value = value.setting("znormalize", to: .bool(true)) }
        if multivariate != .dependent { value = value.setting("multivariate", to: .string(multivariate.rawValue)) }
        return value
    }
}

/// `--dependent` / `--independent`.
extension DTW.Multivariate: EnumerableFlag {}
