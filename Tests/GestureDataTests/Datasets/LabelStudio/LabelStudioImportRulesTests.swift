import Foundation
@testable import GestureData
import GestureTestSupport
import Testing

/// Label Studio imports never write what `validate` rejects (issue 46): the validator's tolerance at the ends, one
/// annotation per label of a multi-label region, and overlapping regions merged (one label) or refused (two).
@Suite struct LabelStudioImportRulesTests {
    /// One recording `r`, 50 Hz from 0 to 1.98 s.
    static let dataset = Dataset(name: "d", kind: .continuous, recordings: [
        Recording(id: "r", subject: "s", session: "1", timestamps: (0..<100).map { Double($0) / 50 },
                  channels: Channel.acceleration.map { ($0, Array(repeating: 0.0, count: 100)) }),
    ])

    /// An export with one task for `r` whose submitted annotation has `regions` (start, end, labels).
    static func export(_ regions: [(Double, Double, [String])], _ name: String = #function) throws -> URL {
        let result: [[String: Any]] = regions.enumerated().map { i, r in
            ["id": "region\(i)", "from_name": "label", "to_name": "ts", "type": "timeserieslabels",
             "value": ["start": r.0, "end": r.1, "instant": false, "timeserieslabels": r.2]]
        }
        let tasks: [[String: Any]] = [["id": 7, "data": ["recording": "r"], "annotations": [["id": 70, "result": result]]]]
        let folder = try PhoneAppRecordings.folder("ls-\(name)", [:])
        let url = folder.appendingPathComponent("export.json")
        try JSONSerialization.data(withJSONObject: tasks).write(to: url)
        return url
    }

    /// The validator's problems with the imported annotations on the recording.
    static func validated(_ annotations: [Annotation]) -> [DatasetProblem] {
        var dataset = Self.dataset
        dataset.recordings[0].annotations = annotations
        let loaded = LoadedDataset(dataset: dataset, provenance: [.init(file: "r.csv")], problems: [], report: ReadingReport())
        return DatasetValidator().validate(loaded)
    }

    @Test func aRegionEndingHalfASampleAfterTheLastSampleIsAcceptedAsTheValidatorDoes() throws {
        let labelled = try LabelStudioImport.read(try Self.export([(1.5, 1.99, ["shake"])]), against: Self.dataset)
        #expect(labelled[0].annotations == [Annotation(start: 1.5, end: 1.99, label: "shake")])
        #expect(Self.validated(labelled[0].annotations).isEmpty)
        // A whole sample past the end is outside for both.
        #expect(!Self.validated([Annotation(start: 1.5, end: 2.0, label: "shake")]).isEmpty)
        let error = try #require(throws: DataFileError.self) {
            try LabelStudioImport.read(try Self.export([(1.5, 2.0, ["shake"])]), against: Self.dataset)
        }
        #expect(error.field == "task 7, region 'region0'" && error.message.contains("lies outside recording 'r'"), "\(error)")
    }

    @Test func aMultiLabelRegionBecomesOneAnnotationPerLabelWithANote() throws {
        let labelled = try LabelStudioImport.read(try Self.export([(0.5, 1.0, ["wave", "shake"])]), against: Self.dataset)
        #expect(labelled[0].annotations == [Annotation(start: 0.5, end: 1.0, label: "shake"), Annotation(start: 0.5, end: 1.0, label: "wave")])
        #expect(labelled[0].notes == ["task 7, region 'region0': 2 labels (wave, shake) on 0.5…1.0 s: one annotation per label over the same span"])
        #expect(Self.validated(labelled[0].annotations).isEmpty, "\(Self.validated(labelled[0].annotations))")
    }

    @Test func overlappingRegionsOfOneLabelMerge() throws {
        let labelled = try LabelStudioImport.read(try Self.export([(0.5, 1.0, ["shake"]), (0.8, 1.2, ["shake"]), (1.5, 1.6, ["shake"])]), against: Self.dataset)
        #expect(labelled[0].annotations == [Annotation(start: 0.5, end: 1.2, label: "shake"), Annotation(start: 1.5, end: 1.6, label: "shake")])
        #expect(labelled[0].notes.count == 1 && labelled[0].notes[0].contains("merged into 0.5…1.2 s"), "\(labelled[0].notes)")
        #expect(Self.validated(labelled[0].annotations).isEmpty)
    }

    @Test func overlappingRegionsOfTwoLabelsAreRefusedNamingBoth() throws {
        let error = try #require(throws: DataFileError.self) {
            try LabelStudioImport.read(try Self.export([(0.5, 1.0, ["shake"]), (0.8, 1.2, ["wave"])]), against: Self.dataset)
        }
        #expect(error.field == "task 7, region 'region1'")
        #expect(error.message.hasPrefix("wave 0.8…1.2 s overlaps shake 0.5…1.0 s (task 7, region 'region0')"), "\(error)")
        // The validator rejects the same pair: the import never writes it.
        #expect(Self.validated([Annotation(start: 0.5, end: 1.0, label: "shake"), Annotation(start: 0.8, end: 1.2, label: "wave")])
            .contains { $0.kind == .annotationOverlap })
    }
}
