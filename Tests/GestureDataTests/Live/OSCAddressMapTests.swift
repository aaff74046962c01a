import Foundation
import GestureData
import GestureTestSupport
import Testing

/// Routes by address (with one-segment wildcards) and converts units to g (CoreMotion's sign) and rad/s.
@Suite struct OSCAddressMapTests {
    @Test func presetsRouteTheirAppsAddresses() throws {
        let map = OSCAddressMap.standard
        #expect(map.route(for: "/gyrosc/accel")?.signal == .acceleration)
        #expect(map.route(for: "/gyrosc/gyro")?.signal == .rotationRate)
        #expect(map.route(for: "/ZIGSIM/my-phone/accel")?.unit == .g)
        #expect(map.route(for: "/ZIGSIM/a/b/accel") == nil, "'*' is one path segment")
        #expect(map.route(for: "/accelerometer")?.unit == .androidMetresPerSecondSquared)
        #expect(map.route(for: "/unknown") == nil)
        #expect(try OSCAddressMap.named("touchosc").routes.map(\.address) == ["/accxyz"])
    }

    @Test func readsAMapFileAndNamesABadOne() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("osc-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("map.yaml"), bad = folder.appendingPathComponent("bad.yaml")
        try "routes:\n  - {address: /acc/x, signal: acceleration, axis: x, unit: m/s2-android}\n  - {address: /rot, signal: rotationRate, unit: deg/s}\n"
            .write(to: good, atomically: true, encoding: .utf8)
        try "routes:\n  - {address: /acc, signal: acceleration, unit: furlongs}\n".write(to: bad, atomically: true, encoding: .utf8)
        let map = try OSCAddressMap.named(good.path)
        #expect(map.routes == [.init(address: "/acc/x", signal: .acceleration, axis: .x, unit: .androidMetresPerSecondSquared),
                               .init(address: "/rot", signal: .rotationRate, unit: .degreesPerSecond)])
        #expect { try OSCAddressMap.named(bad.path) } throws: { "\($0)".contains("bad.yaml") && "\($0)".contains("furlongs") }
        #expect { try OSCAddressMap.named("nonesuch") } throws: { "\($0)".contains("gyrosc") }
    }
}
