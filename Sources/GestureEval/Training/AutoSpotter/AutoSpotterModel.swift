import Foundation
import GestureKit
import GestureData

/// What the spotter with no settings ships: the window classifier it chose (a `minirocket-stream` model, an ensemble
/// perhaps) or DTW templates (a `dtw` model), each behind the stages it was scored with and recording how it was
/// chosen (``GestureKit/AutoSpotterSelection``).
///
/// Its file is that model's own file: `detect --recognizer spotter` tells the two apart by their keys (only a DTW model
/// has `templates`), and `detect --recognizer minirocket-stream` or `dtw` runs the same file.
package enum AutoSpotterModel: Sendable, Equatable {
    /// A window classifier.
    case windows(MiniRocketModel)
    /// DTW templates.
    case templates(DTWModel)

    /// How the settings were chosen; `nil` for a model no spotter chose.
    package var selection: AutoSpotterSelection? {
        switch self {
        case let .windows(model): model.selection
        case let .templates(model): model.selection
        }
    }

    /// Whether a model file's JSON bytes hold DTW templates (a `templates` key at the top level). O(bytes).
    static func holdsTemplates(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["templates"] != nil
    }
}
