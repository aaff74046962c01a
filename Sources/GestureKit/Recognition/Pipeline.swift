/// The one path from a sensor to events: validation → signal stages → recognizers. A pipeline is itself a
/// ``Recognizer``, so whatever runs a recognizer (``MotionSource``, the evaluator) runs a pipeline.
///
/// On the first sample the pipeline checks that every recognizer gets the channels it reads (see
/// ``prepare(for:)``): a model trained on user acceleration, fed total acceleration only, gets a
/// ``GravitySplitter`` stage, listed in ``derivations``.
///
/// An app feeds it live samples; the evaluator feeds it recorded ones through the same call.
/// Recognizers that classify windows own a ``SlidingWindow`` themselves, so every recognizer
/// sees the same per-sample stream. A gap longer than the validator's ``SampleValidator/maximumGap`` ends a run:
/// the recognizers finish and everything starts afresh, so a stream cut by a gap gives the events of its two halves.
///
/// ```swift
/// var pipeline = Pipeline(stages: [GravitySplitter()], recognizers: [ShakeCounter()])
/// for sample in samples {
///     for event in pipeline.process(sample) { print(event.label, event.phase) }
/// }
/// ```
///
/// - Complexity: per input sample, the sum of the stages' and recognizers' costs; no allocation
///   once the internal buffers have grown, except for the events returned.
public struct Pipeline: Recognizer, EventStageReporting {
    /// Filters out non-finite, duplicate and out-of-order samples (see ``SampleValidator``).
    public var validator: SampleValidator
    /// Signal stages, applied in order.
    public var stages: [any SignalStage]
    /// Recognizers, each fed every sample the last stage produces.
    public var recognizers: [any Recognizer]

    /// Stages added by ``prepare(for:)`` to derive channels a recognizer needs, in order.
    public internal(set) var derivations: [ChannelDerivation] = []
    /// Set when the first sample lacked a channel a recognizer needs and no stage derives it (see
    /// ``prepare(for:)``); that recognizer then never fires.
    public internal(set) var channelError: MissingChannelError?
    /// Whether the recognizers' channels were checked (on the first sample at the latest).
    var channelsChecked = false

    private var current: [MotionSample] = []
    private var next: [MotionSample] = []

    /// Creates a pipeline.
    public init(
        validator: SampleValidator = SampleValidator(),
        stages: [any SignalStage] = [],
        recognizers: [any Recognizer]
    ) {
        self.validator = validator
        self.stages = stages
        self.recognizers = recognizers
        current.reserveCapacity(16)
        next.reserveCapacity(16)
    }

    /// A pipeline that runs `model`'s matcher behind the stages it was trained behind (``DTWModel/stages``).
    ///
    /// - Throws: ``ConfigurationError`` when the model or one of its stages has a setting out of range.
    public init(model: DTWModel) throws(ConfigurationError) {
        self.init(stages: try StageSpecification.makeStages(model.stages), recognizers: [try DTWTemplateMatcher(configuration: model)])
    }

    /// The ``EventStageReporting/forcedDecisions`` of every recognizer that reports them, summed: while zero, the
    /// spotters' events are exactly what their calibration counts. ``finish(into:)`` keeps it, ``reset()`` clears it.
    ///
    /// - Complexity: O(recognizers).
    package var forcedDecisions: Int {
        recognizers.reduce(0) { $0 + (($1 as? any EventStageReporting)?.forcedDecisions ?? 0) }
    }

    /// Consumes one sample and appends the events of all recognizers to `events`, in recognizer order.
    public mutating func process(_ sample: MotionSample, into events: inout [GestureEvent]) {
        let gaps = validator.diagnostics.gaps
        guard validator.accept(sample) else { return }
        if validator.diagnostics.gaps > gaps { endRun(into: &events) }
        // The first sample shows which channels the input carries: derive what a recognizer lacks.
        if !channelsChecked { _ = try? prepare(for: sample) }
        runStages(sample)
        for s in current {
            for index in recognizers.indices { recognizers[index].process(s, into: &events) }
        }
    }

    /// What the validator and the stages hand on to the recognizers for a whole stream, in order (the
    /// recognizers are not run): for training that reads the signal the recognizer sees. Resets first and after.
    ///
    /// - Complexity: O(samples × stages).
    package mutating func stageOutput<S: Sequence>(_ samples: S) -> [MotionSample] where S.Element == MotionSample {
        reset()
        var out: [MotionSample] = []
        for sample in samples where validator.accept(sample) {
            runStages(sample)
            out += current
        }
        reset()
        return out
    }

    /// Ends a run at a gap longer than the validator's ``SampleValidator/maximumGap``: every recognizer reports what it
    /// held back and starts a new run (``Recognizer/finishRun(into:)``: what describes the stream, such as a spotter's
    /// running normalisation, stays, as it stays where training reads the recording whole), and every stage starts
    /// afresh, so nothing spans time that was never recorded. The channel check and the validator's clock and counts stay.
    private mutating func endRun(into events: inout [GestureEvent]) {
        for index in recognizers.indices { recognizers[index].finishRun(into: &events) }
        for index in stages.indices { stages[index].reset() }
    }

    /// Runs `sample` through the stages into `current`.
    private mutating func runStages(_ sample: MotionSample) {
        current.removeAll(keepingCapacity: true)
        current.append(sample)
        for index in stages.indices {
            next.removeAll(keepingCapacity: true)
            for s in current { stages[index].process(s, into: &next) }
            swap(&current, &next)
        }
    }

    /// Ends the stream: appends what every recognizer still held back (see ``Recognizer/finish(into:)``), in
    /// recognizer order, then starts afresh, so the next sample begins a new stream (its clock may restart) with
    /// its channels checked again. The validator's ``SampleValidator/diagnostics`` keep the counts of the stream
    /// that ended until ``reset()``.
    ///
    /// - Complexity: the sum of the recognizers' `finish` costs.
    public mutating func finish(into events: inout [GestureEvent]) {
        for index in recognizers.indices { recognizers[index].finish(into: &events) }
        validator.endStream()
        for index in stages.indices { stages[index].reset() }
        channelsChecked = false
        channelError = nil
    }

    /// Resets the validator, every stage and every recognizer, and forgets the channel check of the last
    /// stream (the next stream may carry other channels). Stages added by ``prepare(for:)`` stay; the
    /// check sees them and adds none twice.
    public mutating func reset() {
        validator.reset()
        for index in stages.indices { stages[index].reset() }
        for index in recognizers.indices { recognizers[index].reset() }
        channelsChecked = false
        channelError = nil
    }
}
