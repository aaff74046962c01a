import Synchronization
@testable import GestureEval
import GestureData
import Testing

@Suite struct ExperimentExecutorTests {
    /// On one thread the work items run in the order they are handed out: the plan's longest training step first (ties
    /// in plan order), each followed by the tests of its units; results still come back in plan order.
    @Test func theLongestStepStartsFirstAndResultsKeepPlanOrder() throws {
        let spec = Experiment(name: "order", datasets: ["pushes": .source("unused")], seed: 1, bootstrapReplicates: 50,
                              entries: [ExperimentPlanCostTests.shake("plain"), ExperimentPlanCostTests.dtw("fixed", ["band": .number(0.1)])])
        let runner = try ExperimentRunner(experiment: spec, datasets: ["pushes": ExperimentPlanCostTests.pushes], registry: .standard,
                                          trainers: .standard)
        let plan = runner.plan
        let seen = Mutex<[ExperimentPlan.RunProgress]>([])
        Parallelism.threads = 1
        defer { Parallelism.threads = nil }
        let results = try ExperimentExecutor(runner).run(plan) { part in seen.withLock { $0.append(part) } }
        #expect(results.map(\.unit.index) == plan.units.map(\.index))
        let estimate = { (i: Int) in plan.estimatedSeconds(of: plan.trainingSteps[i]) }
        let longestFirst = plan.trainingSteps.indices.sorted { estimate($0) > estimate($1) || (estimate($0) == estimate($1) && $0 < $1) }
        #expect(longestFirst != plan.trainingSteps.indices.map { $0 }, "the plan's order is not already longest first")
        var expected: [ExperimentPlan.RunProgress] = []
        for step in longestFirst {
            expected.append(.trained(step: step))
            expected += plan.units.filter { $0.training == step }.map { .tested(unit: $0.index) }
        }
        #expect(seen.withLock { $0 } == expected)
    }
}
