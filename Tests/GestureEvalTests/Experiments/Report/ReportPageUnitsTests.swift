import Foundation
import GestureData
import GestureEval
import GestureKit
import GestureTestSupport
import Testing

/// The signal explorer lists a recording's channels by sensor unit, the primary unit's first (issue 58); a page of
/// recordings of one unit is as before.
@Suite struct ReportPageUnitsTests {
    @Test func channelsOfSeveralUnitsAreListedByUnitPrimaryFirst() throws {
        let run = try ReportPageTests.run()
        let result = run.result
        var datasets = run.datasets
        let plain = ReportPage(result: result, datasets: datasets, commandLine: "gesturelab compare x.yaml")
        #expect(!plain.html.contains("primary unit"), "one unit: no grouping script")
        // Each recording gains a wrist unit's column and an auxiliary one of it, then a primary column after them.
        let wristX = Channel(MotionChannel(rawValue: "accel.x@wrist")!), raw = Channel(rawValue: "gyr_x@wrist")
        var dataset = try #require(datasets["shakes"])
        for i in dataset.recordings.indices {
            let x = dataset.recordings[i].column(.accelX)!
            dataset.recordings[i].setColumn(wristX, x.map { -$0 })
            dataset.recordings[i].setColumn(raw, x.map { _ in 512 })
            dataset.recordings[i].setColumn(Channel(MotionChannel(rawValue: "accel.magnitude")!), x.map(abs))
        }
        datasets["shakes"] = dataset
        let page = ReportPage(result: result, datasets: datasets, commandLine: "gesturelab compare x.yaml")
        #expect(page.html.contains("primary unit"))
        let model = try #require(try ReportPageTests.json(page.html, id: "report-data") as? [String: Any])
        let recordings = try #require(model["recordings"] as? [[String: Any]])
        for (i, r) in recordings.enumerated() {
            let recording = try #require(dataset.recordings.first { $0.id == r["id"] as? String })
            let channels = try #require(r["channels"] as? [String])
            #expect(Array(channels.suffix(2)) == ["accel.x@wrist", "gyr_x@wrist"] && channels.contains("accel.magnitude"))
            #expect(channels.count == recording.channelNames.count)
            // Each sample array follows the listed order.
            let samples = try #require(try ReportPageTests.json(page.html, id: "samples-\(i)") as? [String: Any])
            let values = try #require(samples["v"] as? [[Double]])
            for (name, column) in zip(channels, values) { #expect(column == recording.column(Channel(rawValue: name)), "\(name)") }
        }
        #expect(ReportPage.channelsByUnit(Channel.acceleration + [raw]) == Channel.acceleration + [raw], "no placed motion channel: as is")
    }
}
