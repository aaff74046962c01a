import Foundation
@testable import GestureData
import Testing

/// Rest at 1 g and rotation rates a hand can reach: the checks that catch a unit nobody stated.
@Suite struct PhysicalPlausibilityTests {
    /// A still stretch at `level` on z, then 32 samples of strong motion.
    static func recording(level: Double) -> (x: [Double], y: [Double], z: [Double]) {
        let still = (0..<64).map { level * (1 + 0.001 * Double($0 % 3)) }
        let moving = (0..<32).map { level * 3 * Double($0 % 2) }
        return (Array(repeating: 0, count: 96), Array(repeating: 0, count: 96), still + moving)
    }

    @Test func restIsTheMedianOfStillStretchesOnly() throws {
        let r = Self.recording(level: 1000)
        let rest = try #require(PhysicalPlausibility.restingMagnitude(x: r.x, y: r.y, z: r.z))
        #expect(rest.still && abs(rest.median - 1001) < 1)
        // With nothing still, the median of every sample.
        let moving = (0..<64).map { Double($0 % 2) * 2 }
        #expect(PhysicalPlausibility.restingMagnitude(x: moving, y: moving.map { _ in 0 }, z: moving.map { _ in 0 })?.still == false)
    }

    static let units: [(level: Double, factor: Double)] = [
        (1000, 0.001), (9.80665, 1 / 9.80665), (64, 1 / 64), (256, 1 / 256), (4096, 1 / 4096), (0.102, 9.80665),
    ]

    @Test func everyCommonUnitIsNamed() throws {
        for unit in Self.units {
            let fit = try #require(PhysicalPlausibility.fittingUnit(restingMagnitude: unit.level))
            #expect(fit.factor == unit.factor, "\(unit.level)")
        }
    }

    @Test func countsAroundAMidpointFitNoUnit() {
        // activPAL: about (128, 128, 192) counts read as g; a device at rest in g has gravity on one axis.
        let x = (0..<32).map { 128 + Double($0 % 2) }, y = Array(repeating: 127.0, count: 32), z = Array(repeating: 192.0, count: 32)
        #expect(PhysicalPlausibility.looksOffset(x: x, y: y, z: z))
        #expect(!PhysicalPlausibility.looksOffset(x: x.map { $0 - 128 }, y: y.map { $0 - 128 }, z: z.map { $0 - 128 }))
        #expect(!PhysicalPlausibility.looksOffset(x: y.map { _ in 0.01 }, y: y.map { _ in -0.02 }, z: y.map { _ in -1 }))
    }

    @Test func peakRateIgnoresOneGlitch() {
        var z = (0..<2000).map { 2 * sin(Double($0) / 100) }
        z[1000] = 500
        #expect(abs(PhysicalPlausibility.peakRate(x: z.map { _ in 0 }, y: z.map { _ in 0 }, z: z)! - 2) < 0.01)
    }
}
