import ArgumentParser
import GestureData
import GestureEval

extension RepairPolicy {
    /// The policy of `--repair NAME` options (``RepairPolicy/names``); an unknown name is a usage error
    /// listing the known ones.
    init(commandLine names: [String]) throws {
        self.init()
        for name in names {
            guard let p = RepairPolicy.names.first(where: { $0.0 == name })?.1 else {
                throw ValidationError("unknown repair '\(name)'; use \(RepairPolicy.names.map(\.0).joined(separator: ", "))")
            }
            insert(p)
        }
    }
}
