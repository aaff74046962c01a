import Foundation
import Testing

/// The SciPy reference values written by `References/make_references.py`.
struct References: Decodable {
    struct ProportionCase: Decodable { var k: Int; var n: Int; var level: Double; var wilson: [Double]; var clopperPearson: [Double] }
    struct McNemarCase: Decodable { var b: Int; var c: Int; var method: String; var statistic: Double; var p: Double }
    struct WilcoxonCase: Decodable { var x: [Double]; var y: [Double]; var method: String; var statistic: Double; var p: Double; var z: Double? }
    struct FriedmanCase: Decodable {
        var scores: [[Double]]; var chiSquare: Double; var p: Double; var averageRanks: [Double]
        var imanDavenportF: Double; var imanDavenportP: Double
    }
    struct QuantileCase: Decodable { var k: Int; var p: Double; var quantile: Double }
    struct CDFCase: Decodable { var k: Int; var q: Double; var cdf: Double }
    struct NemenyiCase: Decodable { struct Pair: Decodable { var i: Int; var j: Int; var p: Double }; var `case`: Int; var pairs: [Pair] }
    struct HolmCase: Decodable { var scores: [[Double]]; var raw: [Double]; var adjusted: [Double] }

    var scipy: String
    var proportions: [ProportionCase]
    var mcnemar: [McNemarCase]
    var wilcoxon: [WilcoxonCase]
    var friedman: [FriedmanCase]
    var studentizedRangeQuantiles: [QuantileCase]
    var studentizedRangeCDF: [CDFCase]
    var nemenyi: NemenyiCase
    var holmWilcoxon: HolmCase

    static let shared: References = {
        let url = Bundle.module.url(forResource: "references", withExtension: "json", subdirectory: "References")!
        return try! JSONDecoder().decode(References.self, from: Data(contentsOf: url))
    }()
}

