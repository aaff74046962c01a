import GestureEval
import GestureKit

/// The recognizers and trainers the commands run: one value, so that a recognizer registered in GestureKit or a
/// trainer in GestureEval reaches every command through it, and the command line names the standard registries once.
struct Registries: Sendable {
    /// Rule-based and runtime recognizers by identifier.
    var recognizers: RecognizerRegistry
    /// Learned recognizers' trainers by identifier.
    var trainers: TrainerRegistry
}

extension GestureLab {
    /// The registries every command uses.
    static let registries = Registries(recognizers: .standard, trainers: .standard)
}
