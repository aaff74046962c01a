import ArgumentParser
import GestureData

/// `--acceleration` and `--gyroscope`: the unit and sign of CSV acceleration columns and the unit of CSV gyroscope
/// columns (`csv:` files, `detect` input), for every command that reads them, so that the reader's hint ("pass
/// --acceleration android-ms2", "pass --gyroscope deg/s") names an option the command takes.
struct AccelerationOption: ParsableArguments {
    @Option(help: "Unit and sign of CSV acceleration columns (csv: files, CSV input): g (CoreMotion's sign, -1 g on z lying face up; the default unless a header states a unit), g-up (g, up positive: +1 g on the up axis at rest, as x-io, Xsens, Axivity and MetaWear write) or android-ms2 (m/s², Android's sign, +9.8 up at rest).")
    var acceleration: SampleCSVFormat.AccelerationUnit?

    @Option(name: .customLong("gyroscope"), help: "Unit of CSV gyroscope columns (csv: files, CSV input): rad/s (the default unless a header states a unit) or deg/s (times π/180).")
    var gyroscopeArgument: GyroscopeArgument?

    /// The gyroscope's stated unit, if any.
    var gyroscope: RotationUnit? { gyroscopeArgument?.unit }
}

/// `--gyroscope`'s value: a wrapper, so that parsing it adds nothing to `RotationUnit`'s public surface.
struct GyroscopeArgument: ExpressibleByArgument {
    var unit: RotationUnit

    /// `deg/s` (or `°/s`, `dps`) or `rad/s`.
    init?(argument: String) {
        guard let unit = RotationUnit(unit: argument) else { return nil }
        self.unit = unit
    }

    /// The spellings `--help` lists.
    static var allValueStrings: [String] { RotationUnit.allCases.map(\.argument) }
}
