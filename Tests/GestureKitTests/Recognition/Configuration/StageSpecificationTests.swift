import Foundation
import GestureKit
import Testing

@Suite struct StageSpecificationTests {
    static func decode(_ json: String) throws -> [StageSpecification] {
        try JSONConfiguration(data: Data(json.utf8)).decode([StageSpecification].self)
    }

    /// Bare names take the stage's defaults; maps set its settings; the encoding reads back the same.
    @Test func namesAndSettingsRoundTrip() throws {
        let stages = try Self.decode(#"["gravitySplit", {"gravitySplit": {"timeConstant": 0.3}}, "attitude", {"oneEuro": {"beta": 0.5}}, {"resample": {"rate": 25}}]"#)
        #expect(stages.count == 5)
        #expect(stages[0] == .gravitySplit && stages[1] == .gravitySplit(timeConstant: 0.3))
        #expect(stages[3] == .oneEuro(OneEuroFilter.Configuration(beta: 0.5)) && stages[4] == .resample(rate: 25))
        let again = try Self.decode(String(decoding: try JSONEncoder().encode(stages), as: UTF8.self))
        #expect(again == stages)
        #expect(try StageSpecification.makeStages(stages).count == 5)
    }

    /// An unknown stage or a setting out of range is refused when read, naming it.
    @Test func unknownOrOutOfRangeStagesAreRefused() {
        for (json, words) in [(#"["lowPass"]"#, "unknown stage 'lowPass'"), (#"[{"resample": {"rate": -5}}]"#, "rate"),
                              (#"[{"gravitySplit": {"timeConstant": 0}}]"#, "timeConstant"), (#"["resample"]"#, "resample needs {rate: HZ}")] {
            do {
                _ = try Self.decode(json)
                Issue.record("accepted \(json)")
            } catch {
                #expect("\(error)".contains(words), "\(json): \(error)")
            }
        }
    }

    /// A configuration's `stages` key builds the stages in front of its recognizer; the rest decodes strictly as
    /// the recognizer's settings, and a document without stages is the recognizer alone.
    @Test func stagedConfigurationSplitsStagesFromSettings() throws {
        let document = JSONConfiguration(data: Data(#"{"stages": [{"resample": {"rate": 100}}], "movementThreshold": 0.5}"#.utf8))
        let staged = try StagedConfiguration(document)
        #expect(staged.stages == [.resample(rate: 100)])
        var pipeline = try staged.pipeline(recognizer: "shake")
        #expect(pipeline.stages.count == 1)
        #expect((pipeline.recognizers[0] as? ShakeCounter)?.configuration.movementThreshold == 0.5)
        // The stage runs: 25 Hz in, 100 Hz out to the recognizer.
        let out = pipeline.stageOutput((0..<25).map { MotionSample(timestamp: Double($0) / 25, acceleration: Vector3(0, 0, -1)) })
        #expect(out.count == 1 + 24 * 4)
        let plain = try StagedConfiguration(JSONConfiguration(data: Data(#"{"movementThreshold": 0.5}"#.utf8)))
        let plainPipeline = try plain.pipeline(recognizer: "shake")
        #expect(plain.stages.isEmpty && plainPipeline.stages.isEmpty)
        #expect(throws: (any Error).self) {
            try StagedConfiguration(JSONConfiguration(data: Data(#"{"stages": [], "movementTreshold": 0.5}"#.utf8))).pipeline(recognizer: "shake")
        }
    }

    /// A DTW model records its stages, and the pipeline made from it runs them in front of the matcher.
    @Test func dtwModelCarriesItsStages() throws {
        var model = try DTWTemplateMatcherTests.model()
        model.stages = [.gravitySplit]
        let decoded = try JSONConfiguration(data: try model.encoded()).decode(DTWModel.self)
        #expect(decoded.stages == [.gravitySplit])
        let pipeline = try Pipeline(model: decoded)
        #expect(pipeline.stages.count == 1 && pipeline.stages[0] is GravitySplitter)
        // Without stages the key is not written, so older readers and files are unchanged.
        model.stages = []
        #expect(!String(decoding: try model.encoded(), as: UTF8.self).contains("stages"))
    }
}
