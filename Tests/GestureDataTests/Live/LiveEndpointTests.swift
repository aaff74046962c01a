import GestureData
import Testing

@Suite struct LiveEndpointTests {
    @Test func parsesFilesAndNetworkAddresses() throws {
        #expect(try LiveEndpoint("osc://0.0.0.0:9000") == .osc(host: "0.0.0.0", port: 9000))
        #expect(try LiveEndpoint("udp://[::1]:5005") == .udp(host: "::1", port: 5005))
        #expect(try LiveEndpoint("tcp://phone.local:8080") == .tcp(host: "phone.local", port: 8080))
        #expect(try LiveEndpoint("-") == .standardInput)
        #expect(try LiveEndpoint("a/b.csv") == .file("a/b.csv"))
        // Addresses that name no endpoint: LiveInputErrorTests.
    }

    @Test func aWebSocketKeepsItsPathAndDefaultsToSensorServersTwoSensors() throws {
        #expect(try LiveEndpoint("ws://10.0.0.2:8080/sensor/connect?type=android.sensor.accelerometer")
            == .webSocket(host: "10.0.0.2", port: 8080, path: "/sensor/connect?type=android.sensor.accelerometer"))
        let bare = try LiveEndpoint("ws://[::1]:8080")
        #expect(bare == .webSocket(host: "::1", port: 8080, path: LiveEndpoint.sensorServerPath))
        #expect(LiveEndpoint.sensorServerPath.contains("android.sensor.gyroscope"))
    }
}
