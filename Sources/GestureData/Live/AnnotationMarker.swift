/// Turns key presses during a recording into annotations. In toggle mode a label's key starts a mark and
/// pressing it again ends it; in hold mode a mark lasts while its key repeats (a terminal reports no key
/// release, so a mark ends when the repeats stop for `release` seconds, at the last repeat). Pressing another
/// label's key ends the open mark and starts the new one. Undo cancels the open mark, or removes the last
/// finished one. Times are seconds on the recording's clock. O(1) per press (undo: O(1)).
package struct AnnotationMarker: Sendable {
    /// How a key marks a gesture.
    package enum Mode: Hashable, Sendable {
        /// Press to start, press again to end.
        case toggle
        /// Hold the key; the mark ends `release` seconds after the last repeat, at that repeat.
        case hold(release: Double)
    }

    /// What a call changed, for the display.
    package enum Change: Hashable, Sendable {
        /// A mark of the label started at the time.
        case started(String, Double)
        /// A mark ended and was kept.
        case ended(Annotation)
        /// A mark was dropped: the open one by undo, or one of no duration.
        case cancelled(String)
        /// Undo removed a finished mark.
        case undone(Annotation)
    }

    /// The finished marks, in the order they ended.
    package private(set) var annotations: [Annotation] = []
    /// The open mark: its label, start and (hold mode) last repeat, seconds.
    package private(set) var open: (label: String, start: Double, last: Double)?
    /// The mode.
    package let mode: Mode

    /// A marker with no marks.
    package init(mode: Mode = .toggle) {
        self.mode = mode
    }

    /// `label`'s key was pressed (or repeated) at `time`.
    package mutating func press(_ label: String, at time: Double) -> [Change] {
        var changes: [Change] = []
        if let current = open {
            if current.label == label {
                guard case .toggle = mode else {
                    open?.last = time
                    return []
                }
                return [end(at: time)]
            }
            changes.append(end(at: mode == .toggle ? time : current.last))
        }
        open = (label, time, time)
        changes.append(.started(label, time))
        return changes
    }

    /// The recording reached `time`: in hold mode, ends a mark whose key stopped repeating.
    package mutating func advance(to time: Double) -> Change? {
        guard case let .hold(release) = mode, let current = open, time - current.last > release else { return nil }
        return end(at: current.last)
    }

    /// Cancels the open mark, or removes the last finished one; `nil` when there is none.
    package mutating func undo() -> Change? {
        if let current = open {
            open = nil
            return .cancelled(current.label)
        }
        return annotations.popLast().map { .undone($0) }
    }

    /// The recording ended at `time`: ends the open mark there (hold mode: at its last repeat).
    package mutating func finish(at time: Double) -> Change? {
        guard let current = open else { return nil }
        return end(at: mode == .toggle ? time : current.last)
    }

    private mutating func end(at time: Double) -> Change {
        let current = open!
        open = nil
        guard time > current.start else { return .cancelled(current.label) }
        let annotation = Annotation(start: current.start, end: time, label: current.label)
        annotations.append(annotation)
        return .ended(annotation)
    }
}
