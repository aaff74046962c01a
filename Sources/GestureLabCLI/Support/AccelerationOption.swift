import ArgumentParser
import GestureData

/// `--acceleration`: the unit and sign of CSV acceleration columns (`csv:` files, `detect` input), for every command that
/// reads them, so that the reader's hint ("pass --acceleration android-ms2") names an option the command takes.
struct AccelerationOption: ParsableArguments {
    @Option(help: "Unit and sign of CSV acceleration columns (csv: files, CSV input): g (CoreMotion's sign; the default unless a header states a unit) or android-ms2 (m/s², Android's sign, +9.8 up at rest).")
    var acceleration: SampleCSVFormat.AccelerationUnit?
}
