import GestureKit
import Testing

@Suite struct DTWTests {
    func series(_ v: [Double]) throws -> DTWSeries { try DTWSeries(v) }

    @Test func goldenUnequalLengthsFullBand() throws {
        // Squared costs: D(2,1) = 1 by hand (see the article's worked example).
        var workspace = DTWWorkspace()
        let d = try DTW.full.cost(try series([0, 1, 2]), try series([0, 2]), bound: .infinity, workspace: &workspace)
        #expect(d == 1)
        #expect(try DTW.full.distance(try series([0, 1, 2]), try series([0, 2])) == 1)
    }

    @Test func bandZeroIsEuclidean() throws {
        let d = try DTW.euclidean.distance(try series([1, 2, 3]), try series([2, 2, 5]))
        #expect(d == 5.0.squareRoot())
    }

    @Test func windowRoundsBandTimesLength() throws {
        // a = [0,1,1], b = [0,0,1]: w = 0 costs 1, w = 1 costs 0.
        let a = try series([0, 1, 1]), b = try series([0, 0, 1])
        #expect(try DTW(band: 0.16).window(3, 3) == 0)   // round(0.48) = 0
        #expect(try DTW(band: 0.17).window(3, 3) == 1)   // round(0.51) = 1
        #expect(try DTW(band: 0.5 / 3).window(3, 3) == 1) // a half rounds away from zero
        #expect(try DTW(band: 0.16).distance(a, b) == 1)
        #expect(try DTW(band: 0.17).distance(a, b) == 0)
        // Unequal lengths: at least |n − m| so the end can be reached; from the longer length.
        #expect(try DTW(band: 0.1).window(3, 10) == 7)
        #expect(try DTW(band: 0.1).window(100, 90) == 10)
        #expect(try DTW(band: 0.041).window(315, 315) == 13)
        #expect(DTW.full.window(315, 315) == 314)
    }

    @Test func dependentAndIndependentMultivariate() throws {
        let a = try DTWSeries(dimensions: [[0, 1, 1], [0, 0, 1]])
        let b = try DTWSeries(dimensions: [[0, 0, 1], [0, 1, 1]])
        // Hand-computed: one shared path costs 2; each axis alone warps to 0.
        #expect(try DTW.full.distance(a, b) == 2.0.squareRoot())
        #expect(try DTW(band: 1, multivariate: .independent).distance(a, b) == 0)
        // With w = 0 both are the Euclidean distance: √(1 + 1).
        #expect(try DTW(band: 0, multivariate: .independent).distance(a, b) == 2.0.squareRoot())
        #expect(try DTW(band: 0, multivariate: .dependent).distance(a, b) == 2.0.squareRoot())
    }

    @Test func matchesTextbookReferenceOnRandomSeries() throws {
        var random = TestRandom(7)
        var workspace = DTWWorkspace()
        for trial in 0..<60 {
            let dims = 1 + trial % 3
            let n = 1 + Int(random.unit() * 40), m = 1 + Int(random.unit() * 40)
            let a = try DTWSeries(interleaved: random.walk(n, dims: dims), dimensions: dims)
            let b = try DTWSeries(interleaved: random.walk(m, dims: dims), dimensions: dims)
            for band in [0.0, 0.05, 0.1, 0.3, 1.0] {
                let dtw = try DTW(band: band)
                let expected = DTWReference.cost(DTWReference.rows(a), DTWReference.rows(b), window: dtw.window(n, m))
                let got = try dtw.cost(a, b, bound: .infinity, workspace: &workspace)
                #expect(abs(got - expected) <= 1e-9 * max(1, expected), "trial \(trial) band \(band)")
                // Early abandoning: exact at or above the true cost, +∞ below it.
                #expect(abs(try dtw.cost(a, b, bound: expected * (1 + 1e-9), workspace: &workspace) - expected) <= 1e-9 * max(1, expected))
                if expected > 1e-9 {
                    #expect(try dtw.cost(a, b, bound: expected * 0.999, workspace: &workspace) == .infinity)
                }
                // Independent = sum of per-axis costs.
                if dims > 1 {
                    let perAxis = (0..<dims).map { d in
                        DTWReference.cost(a.dimension(d).map { [$0] }, b.dimension(d).map { [$0] }, window: dtw.window(n, m))
                    }.reduce(0, +)
                    let independent = try DTW(band: band, multivariate: .independent).cost(a, b, bound: .infinity, workspace: &workspace)
                    #expect(abs(independent - perAxis) <= 1e-9 * max(1, perAxis))
                }
            }
        }
    }

    @Test func lowerBoundsNeverExceedTheCost() throws {
        var random = TestRandom(11)
        for trial in 0..<80 {
            let dims = 1 + trial % 2
            let n = 2 + Int(random.unit() * 50)
            let a = try DTWSeries(interleaved: random.walk(n, dims: dims), dimensions: dims)
            let b = try DTWSeries(interleaved: random.walk(n, dims: dims), dimensions: dims)
            for band in [0.0, 0.1, 0.25, 1.0] {
                let dtw = try DTW(band: band)
                let w = dtw.window(n, n)
                let cost = DTWReference.cost(DTWReference.rows(a), DTWReference.rows(b), window: w)
                #expect(try dtw.lowerBoundKim(a, b) <= cost + 1e-9)
                let keogh = try dtw.lowerBoundKeogh(a, envelope: DTW.Envelope(of: b, window: w))
                #expect(keogh <= cost * (1 + 1e-12) + 1e-12)
                if w == 0 { #expect(abs(keogh - cost) <= 1e-9 * max(1, cost)) } // LB_Keogh at w = 0 is the squared ED
            }
        }
    }

    @Test func envelopeIsTheRunningMinAndMax() throws {
        var random = TestRandom(3)
        let values = random.walk(57)
        let s = try DTWSeries(values)
        for w in [0, 1, 5, 30, 100] {
            let envelope = DTW.Envelope(of: s, window: w)
            for i in 0..<57 {
                let window = values[max(0, i - w)...min(56, i + w)]
                #expect(envelope.upper[i] == window.max()!)
                #expect(envelope.lower[i] == window.min()!)
            }
        }
        // Per dimension of an interleaved series (the search's envelopes read values `dims` apart).
        let planes = (0..<3).map { _ in random.walk(40) }
        let interleaved = try DTWSeries(dimensions: planes)
        for w in [0, 2, 7, 45] {
            let envelope = DTW.Envelope(of: interleaved, window: w)
            for d in 0..<3 {
                for i in 0..<40 {
                    let window = planes[d][max(0, i - w)...min(39, i + w)]
                    #expect(envelope.upper[i * 3 + d] == window.max()!)
                    #expect(envelope.lower[i * 3 + d] == window.min()!)
                }
            }
        }
    }

    @Test func badInputIsRejected() throws {
        #expect(throws: DTWError.self) { try DTWSeries([]) }
        #expect(throws: DTWError.nonFinite(what: "series", index: 1, dimension: 0)) { try DTWSeries([1, .nan, 3]) }
        #expect(throws: DTWError.nonFinite(what: "series", index: 0, dimension: 1)) { try DTWSeries(interleaved: [1, .infinity], dimensions: 2) }
        #expect(throws: DTWError.self) { try DTWSeries(dimensions: [[1, 2], [1]]) }
        #expect(throws: DTWError.self) { try DTW(band: -0.1) }
        #expect(throws: DTWError.self) { try DTW(band: .nan) }
        let uni = try DTWSeries([1, 2]), bi = try DTWSeries(interleaved: [1, 2], dimensions: 2)
        #expect(throws: DTWError.self) { try DTW.full.distance(uni, bi) }
    }

    @Test func oneSampleAndWildlyDifferentLengthsGiveFiniteExactDistances() throws {
        let one = try DTWSeries([2])
        #expect(try DTW.full.distance(one, one) == 0)
        #expect(try DTW(band: 0).distance(one, try DTWSeries([1, 1, 1, 1])) == 2) // √(4 × 1²)
        var random = TestRandom(5)
        let short = try DTWSeries(random.walk(2)), long = try DTWSeries(random.walk(500))
        for band in [0.0, 0.06, 1.0] {
            let d = try DTW(band: band).distance(short, long)
            #expect(d.isFinite)
            // The window is widened to |n − m|, so every band gives the unconstrained answer here.
            #expect(abs(d * d - DTWReference.cost(DTWReference.rows(short), DTWReference.rows(long))) < 1e-6)
        }
    }
}
