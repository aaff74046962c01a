import Foundation
import GestureKit

/// Writes events to standard output as they happen, flushed line by line so a pipe sees each one at once:
/// an aligned table, or one JSON object per line.
struct EventPrinter {
    var json: Bool

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }()

    func header() {
        guard !json else { return }
        write(Self.row(["time (s)", "phase", "label", "start (s)", "end (s)", "score", "direction"]))
    }

    func print(_ event: GestureEvent) {
        if json {
            // Encoding an event (strings, finite or named numbers) cannot fail.
            let data = (try? Self.encoder.encode(event)) ?? Data()
            write(String(decoding: data, as: UTF8.self))
        } else {
            func f(_ v: Double) -> String { String(format: "%.3f", v) }
            write(Self.row([f(event.time), event.phase.rawValue, event.label, f(event.start), f(event.end),
                            String(format: "%.4g", event.score), event.direction?.rawValue ?? ""]))
        }
    }

    private static func row(_ cells: [String]) -> String {
        let widths = [9, 10, 20, 10, 10, 9, 0]
        return zip(cells, widths).enumerated().map { i, pair in
            let (cell, width) = pair
            let pad = String(repeating: " ", count: max(0, width - cell.count))
            return i == 0 || i >= 3 && i <= 5 ? pad + cell : cell + pad
        }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    private func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
