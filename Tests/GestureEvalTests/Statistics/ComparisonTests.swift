import GestureEval
import GestureTestSupport
import Testing

@Suite struct McNemarTests {
    @Test func matchesSciPyOnBothSidesOfTheSwitch() throws {
        for c in References.shared.mcnemar {
            let test = try McNemarTest(onlyFirstCorrect: c.b, onlySecondCorrect: c.c)
            #expect(test.method.rawValue == c.method, "b=\(c.b) c=\(c.c)")
            #expect(isClose(test.statistic, c.statistic, absolute: 1e-15))
            #expect(isClose(test.pValue, c.p), "b=\(c.b) c=\(c.c): \(test.pValue) vs \(c.p)")
        }
    }

    @Test func countsDiscordantPairsFromCorrectness() throws {
        let a = [true, true, false, true, false, true]
        let b = [true, false, false, false, true, true]
        let test = try McNemarTest(firstCorrect: a, secondCorrect: b)
        #expect(test.onlyFirstCorrect == 2 && test.onlySecondCorrect == 1)
        #expect(throws: StatisticsError.self) { try McNemarTest(firstCorrect: a, secondCorrect: [true]) }
    }
}

@Suite struct WilcoxonTests {
    @Test func matchesSciPyExactAndApproximate() throws {
        for c in References.shared.wilcoxon {
            let test = try WilcoxonSignedRankTest(c.x, c.y)
            #expect(test.method.rawValue == c.method, "n=\(c.x.count)")
            #expect(isClose(test.statistic, c.statistic), "n=\(c.x.count): W \(test.statistic) vs \(c.statistic)")
            #expect(isClose(test.pValue, c.p), "n=\(c.x.count): p \(test.pValue) vs \(c.p)")
            if let z = c.z { #expect(isClose(abs(test.z ?? .nan), z)) }
        }
    }

    @Test func dropsZerosAndHandlesAllZero() throws {
        let test = try WilcoxonSignedRankTest(differences: [0, 1, -2, 3, 0, 4])
        #expect(test.zeros == 2 && test.count == 4)
        #expect(test.positiveRankSum == 8 && test.negativeRankSum == 2)
        let identical = try WilcoxonSignedRankTest(differences: [0, 0])
        #expect(identical.count == 0 && identical.pValue == 1)
        #expect(throws: StatisticsError.self) { try WilcoxonSignedRankTest(differences: []) }
        #expect(throws: StatisticsError.self) { try WilcoxonSignedRankTest(differences: [1, .nan]) }
    }
}

@Suite struct FriedmanNemenyiTests {
    @Test func friedmanAndImanDavenportMatchSciPy() throws {
        for c in References.shared.friedman {
            let test = try FriedmanTest(scores: c.scores)
            #expect(isClose(test.chiSquare, c.chiSquare), "\(test.chiSquare) vs \(c.chiSquare)")
            #expect(isClose(test.pValue, c.p))
            #expect(zip(test.averageRanks, c.averageRanks).allSatisfy { isClose($0, $1) })
            #expect(isClose(test.imanDavenportF, c.imanDavenportF))
            #expect(isClose(test.imanDavenportPValue, c.imanDavenportP))
        }
    }

    /// Demšar (2006), section 3.2.2: C4.5 and three variants on fourteen datasets (AUC ranks
    /// of Table 6, 1 = best, ties already averaged). Published: χ²_F = 9.28, F_F = 3.69,
    /// q₀.₀₅ = 2.569, CD = 1.25, and "even the difference between the best and the worst
    /// performing algorithm is already smaller than that" (1.179): no pair is significant.
    @Test func demsarWorkedExample() throws {
        let ranks: [[Double]] = [
            [4, 3, 2, 1], [1, 2, 3, 4], [4, 1, 2, 3], [4, 1, 3, 2], [4, 2, 3, 1], [1, 2.5, 4, 2.5], [3, 2, 4, 1],
            [2.5, 2.5, 4, 1], [4, 3, 2, 1], [2.5, 2.5, 2.5, 2.5], [4, 2.5, 1, 2.5], [3, 2, 4, 1], [4, 1, 2, 3], [3, 1, 4, 2],
        ]
        let friedman = try FriedmanTest(scores: ranks, higherIsBetter: false, tieCorrection: false)
        #expect(zip(friedman.averageRanks, [3.143, 2.000, 2.893, 1.964]).allSatisfy { abs($0 - $1) < 0.0005 })
        #expect(abs(friedman.chiSquare - 9.28) < 0.005)
        #expect(abs(friedman.imanDavenportF - 3.69) < 0.005)
        #expect(friedman.imanDavenportDegreesOfFreedom == [3, 39])
        #expect(friedman.imanDavenportPValue < 0.05)
        let nemenyi = try NemenyiTest(friedman: friedman, alpha: 0.05)
        #expect(abs(nemenyi.q - 2.569) < 0.0005)
        #expect(abs(nemenyi.criticalDifference - 1.25) < 0.005)
        #expect(nemenyi.pairs.allSatisfy { !$0.significant })
        #expect(nemenyi.pairs.first { $0.first == 0 && $0.second == 3 }!.pValue > 0.05)
        let diagram = try CriticalDifferenceData(nemenyi: nemenyi, names: ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"])
        #expect(diagram.entries.map(\.method) == ["C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5"])
        #expect(diagram.cliques == [[0, 1, 2, 3]])
    }

    @Test func studentizedRangeMatchesSciPy() throws {
        // Both sides integrate numerically, so agreement is to SciPy's own accuracy, not 1e-9.
        for c in References.shared.studentizedRangeQuantiles {
            let q = try StudentizedRange.quantile(c.p, groups: c.k)
            #expect(isClose(q, c.quantile, relative: 1e-7), "k=\(c.k) p=\(c.p): \(q) vs \(c.quantile)")
        }
        for c in References.shared.studentizedRangeCDF {
            let p = try StudentizedRange.cdf(c.q, groups: c.k)
            #expect(isClose(p, c.cdf, relative: 1e-7), "k=\(c.k) q=\(c.q): \(p) vs \(c.cdf)")
        }
        // k = 2 has a closed form: the range of two normals is |N(0, 2)|.
        let q2 = try StudentizedRange.quantile(0.95, groups: 2)
        #expect(isClose(q2, 2.0.squareRoot() * (try Distributions.normalQuantile(0.975)), relative: 1e-11))
    }

    @Test func studentizedRangeQuantileGrowsWithGroupsAndInvertsTheCDF() throws {
        var previous = 0.0
        for k in 2...30 {
            let q = try StudentizedRange.quantile(0.95, groups: k)
            #expect(q > previous, "k=\(k)")
            #expect(abs(try StudentizedRange.cdf(q, groups: k) - 0.95) < 1e-10, "k=\(k)")
            previous = q
        }
        #expect(throws: StatisticsError.self) { try StudentizedRange.quantile(1, groups: 3) }
        #expect(throws: StatisticsError.self) { try StudentizedRange.cdf(1, groups: 1) }
    }

    @Test func nemenyiPairwisePValuesMatchSciPy() throws {
        let reference = References.shared.nemenyi
        let friedman = try FriedmanTest(scores: References.shared.friedman[reference.case].scores)
        let nemenyi = try NemenyiTest(friedman: friedman)
        for pair in reference.pairs {
            let mine = try #require(nemenyi.pairs.first { $0.first == pair.i && $0.second == pair.j })
            #expect(isClose(mine.pValue, pair.p, relative: 1e-6, absolute: 1e-9), "\(pair.i)-\(pair.j)")
        }
    }

    @Test func holmPairwiseWilcoxonMatchesReference() throws {
        let c = References.shared.holmWilcoxon
        let pairwise = try PairwiseWilcoxon(scores: c.scores)
        #expect(pairwise.pairs.count == 6)
        for (pair, (raw, adjusted)) in zip(pairwise.pairs, zip(c.raw, c.adjusted)) {
            #expect(isClose(pair.test.pValue, raw))
            #expect(isClose(pair.adjustedPValue, adjusted))
        }
        #expect(Holm.adjust([0.01, 0.04, 0.03, 0.005]) == [0.03, 0.06, 0.06, 0.02])
    }

    @Test func rejectsRaggedScores() {
        #expect(throws: StatisticsError.self) { try FriedmanTest(scores: [[1, 2, 3], [1, 2]]) }
        #expect(throws: StatisticsError.self) { try FriedmanTest(scores: [[1, 2]]) }
    }
}
