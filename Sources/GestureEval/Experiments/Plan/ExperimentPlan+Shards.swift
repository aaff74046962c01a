extension ExperimentPlan {
    /// The units of shard `index` (0-based) of `count`. A training step goes to one shard with every unit
    /// that tests its model, so no model is trained twice; steps are dealt costliest first (ties: plan order)
    /// to the least loaded shard (ties: the lowest index). Depends only on the plan and `count`, so every
    /// machine computes the same shards. Units come in plan order. O(steps × (log steps + count)).
    package func shard(_ index: Int, of count: Int) -> [WorkUnit] {
        precondition(count >= 1 && (0..<count).contains(index), "shard \(index) of \(count)")
        let steps = trainingSteps.map { ($0.index, estimatedSeconds(of: $0)) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        var load = [Double](repeating: 0, count: count), owner: [Int: Int] = [:]
        for (step, cost) in steps {
            let target = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
            owner[step] = target
            load[target] += cost
        }
        return units.filter { owner[$0.training] == index }
    }
}
