/// A recognizer that decides its events with an ``EventStage`` and reports the candidates the stage had to drop
/// undecided, so that events which may differ from the offline rule's (what calibration counts) never do so silently.
package protocol EventStageReporting {
    /// Candidates the stage dropped undecided, its ``EventStage/capacity`` full, since the recognizer was created or
    /// reset (see ``EventStage/forcedDecisions``); ``Recognizer/finish(into:)`` keeps the count of the stream it ends.
    /// While zero, the events are exactly the offline rule's.
    var forcedDecisions: Int { get }
}
