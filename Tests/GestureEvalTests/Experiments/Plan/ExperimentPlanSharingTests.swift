import Foundation
import GestureData
import GestureEval
import GestureKit
import Testing

/// Which entries may share a trained model: only those equal in everything that shapes it.
@Suite struct ExperimentPlanSharingTests {
    private static let pushes = Dataset(name: "pushes", kind: .continuous, samplingRate: 50,
                                        recordings: (0..<3).map { pushRecording(subject: $0, take: 0) })
    private static let others = Dataset(name: "others", kind: .continuous, samplingRate: 50,
                                         recordings: (0..<3).map { pushRecording(subject: $0, take: 1) })

    private static let base = Experiment.Entry(name: "base", recognizer: "push", configuration: .inline(.object(["threshold": .number(1)])),
                                               datasets: ["pushes"], labels: ["push"], search: ["threshold": .init(values: [0.5, 1])])

    /// Every field of an entry, changed one at a time, and whether the changed entry may still share `base`'s model.
    /// A field added to ``Experiment/Entry`` fails this test until it is listed here: deciding whether it shapes the
    /// model is then a choice someone makes, not one the plan makes by forgetting it.
    private static let changes: [String: (shares: Bool, change: @Sendable (inout Experiment.Entry) -> Void)] = [
        "name": (true, { $0.name = "renamed" }),
        "group": (true, { $0.group = "elsewhere" }),
        "tunedOnTheseFolds": (true, { $0.tunedOnTheseFolds = true }),
        "datasets": (false, { $0.datasets = ["others"] }),
        "recognizer": (false, { $0.recognizer = "push2" }),
        "configuration": (false, { $0.configuration = .inline(.object(["threshold": .number(1.2)])) }),
        "labels": (false, { $0.labels = ["push*"] }),
        "directionInLabel": (false, { $0.directionInLabel = true }),
        "search": (false, { $0.search = ["threshold": .init(values: [0.5, 1.1])] }),
        "model": (false, { $0.model = "model.json" }),
        "labelMap": (false, { $0.labelMap = LabelMap(["shove": "push"]) }),
        "objective": (false, { $0.objective = TrainingObjective(maximize: .recall) }),
        "stages": (false, { $0.stages = [.oneEuro(.init(minimumCutoff: 0.3, beta: 0))] }),
        "detections": (false, { $0.detections = "elsewhere" }),
        // The fold's model is chosen with the protocol simulated on the training subjects (how strongly to adapt).
        "adaptation": (false, { $0.adaptation = .labelled(events: 3) }),
    ]

    @Test func everyFieldOfAnEntryIsDecidedOn() {
        let fields = Set(Mirror(reflecting: Self.base).children.compactMap(\.label))
        #expect(fields == Set(Self.changes.keys), "fields not decided on: \(fields.subtracting(Self.changes.keys).sorted())")
    }

    /// The case of issue 72: two entries that differ only in their stages trained one model, so the smoothed entry
    /// was scored with the model of the raw one. Each changed field ends sharing unless it only names the entry.
    @Test(arguments: changes.keys.sorted())
    func entriesShareATrainingOnlyWhenNothingThatShapesItDiffers(field: String) throws {
        let (shares, change) = try #require(Self.changes[field])
        var changed = Self.base
        change(&changed)
        if changed.name == Self.base.name { changed.name = "changed" }
        let experiment = Experiment(name: "sharing", datasets: ["pushes": .source("unused"), "others": .source("unused")], seed: 1,
                                    bootstrapReplicates: 50, entries: [Self.base, changed])
        // Planning builds no recognizer, so another identifier needs no registration.
        let plan = try ExperimentRunner(experiment: experiment, datasets: ["pushes": Self.pushes, "others": Self.others], registry: pushRegistry,
                                        trainers: .standard).plan
        #expect(plan.sharedTrainingSteps.isEmpty == !shares, "\(field): \(plan.sharedTrainingSteps.map(\.entries))")
        if shares { #expect(plan.trainingSteps.count == 3, "one training per fold for both") }
    }
}
