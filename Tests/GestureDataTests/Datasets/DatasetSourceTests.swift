import Foundation
import GestureData
import GestureTestSupport
import Testing

/// `FORMAT:PATH` parsed once, and archive files read as labelled series.
@Suite struct DatasetSourceTests {
    @Test func parsesFormatPrefixesAndPlainPaths() {
        #expect(DatasetSource("UCR:a/b.tsv") == DatasetSource("ucr:a/b.tsv"))
        #expect(DatasetSource("ucr:a/b.tsv").path == "a/b.tsv")
        #expect(DatasetSource("datasets/default").format == nil)
        // An unknown prefix, or a colon inside a path, leaves the text a plain path.
        #expect(DatasetSource("foo:x").format == nil && DatasetSource("foo:x").path == "foo:x")
        #expect(DatasetSource("/data/a:b").format == nil)
    }

    @Test func acceptingNamesWhatIsWrong() throws {
        let accepted = DatasetSource.seriesFormats
        #expect(try DatasetSource("ts:x.ts", accepting: accepted) == DatasetSource("ts:x.ts"))
        #expect(throws: DatasetSource.FormatError.missingFormat(text: "data/x.tsv", accepted: accepted)) {
            try DatasetSource("data/x.tsv", accepting: accepted)
        }
        #expect(throws: DatasetSource.FormatError.unsupportedFormat("foo", accepted: accepted)) {
            try DatasetSource("Foo:x.tsv", accepting: accepted)
        }
        #expect(throws: DatasetSource.FormatError.unsupportedFormat("grt", accepted: accepted)) {
            try DatasetSource("grt:x.grt", accepting: accepted)
        }
        #expect(DatasetSource.FormatError.unsupportedFormat("foo", accepted: accepted).description == "unknown format 'foo'; supported: ucr, ts")
        #expect(DatasetSource.FormatError.unsupportedFormat("grt", accepted: accepted).description == "format 'grt' is not accepted here; supported: ucr, ts")
        #expect(DatasetSource.FormatError.missingFormat(text: "x", accepted: accepted).description.hasPrefix("must be FORMAT:PATH with FORMAT one of ucr, ts"))
    }

    /// Variable-length UCR series: padding trimmed, or kept and filled with the archive's seeded noise.
    @Test func readsArchiveSeriesWithOrWithoutPaddingNoise() throws {
        let url = TemporaryFolder.root.appendingPathComponent("source-\(UUID().uuidString)_TRAIN.tsv")
        try "1\t0.5\t1.5\t2.5\n2\t3.0\tNaN\tNaN\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let source = DatasetSource("ucr:\(url.path)")
        let trimmed = try source.labelledSeries()
        #expect(trimmed == [LabelledSeries(label: "1", dimensions: [[0.5, 1.5, 2.5]]), LabelledSeries(label: "2", dimensions: [[3.0]])])
        let filled = try source.labelledSeries(paddingNoiseSeed: 5)
        #expect(filled[0] == trimmed[0])
        let padded = filled[1].dimensions[0]
        #expect(padded.count == 3 && padded[0] == 3 && padded.dropFirst().allSatisfy { $0 >= 0 && $0 < PaddingNoise.archiveAmplitude })
        #expect(try source.labelledSeries(paddingNoiseSeed: 5) == filled)
        // The dataset form reads the same series.
        #expect(try source.load().dataset.recordings.count == 2)
        #expect(throws: DataFileError.self) { try DatasetSource("csv:\(url.path)").labelledSeries() }
    }

    /// `synth:SPEC` generates the spec's dataset on loading: the generator's recordings, the same on every load,
    /// with the spec's own seed; a spec with an invalid value is an error naming the file and the key.
    @Test func synthesizesFromASpecFile() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("synth-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.yaml")
        try "seed: 7\nsubjects: 2\nsessionsPerSubject: 1\nrecordingDuration: 30\n".write(to: spec, atomically: true, encoding: .utf8)
        let source = DatasetSource("synth:\(spec.path)")
        #expect(source.format == "synth")
        let loaded = try source.load()
        var expected = SyntheticDatasetSpec()
        (expected.seed, expected.subjects, expected.sessionsPerSubject, expected.recordingDuration) = (7, 2, 1, 30)
        #expect(loaded.dataset == (try SyntheticDatasetGenerator.generate(expected)))
        #expect(loaded.dataset.recordings.count == 2 && loaded.dataset.recordings.allSatisfy { !$0.annotations.isEmpty })
        #expect(try source.load().dataset == loaded.dataset)
        // Another seed, other recordings.
        try "seed: 8\nsubjects: 2\nsessionsPerSubject: 1\nrecordingDuration: 30\n".write(to: spec, atomically: true, encoding: .utf8)
        #expect(try source.load().dataset != loaded.dataset)

        try "subjects: 0\n".write(to: spec, atomically: true, encoding: .utf8)
        let error = try #require(throws: DataFileError.self) { try source.load() }
        #expect(error.description.contains(spec.path) && error.description.contains("subjects"), "\(error)")
        #expect(throws: DataFileError.self) { try DatasetSource("synth:\(folder.path)/missing.yaml").load() }
    }
}
