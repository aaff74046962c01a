import GestureData
import Testing

/// Manifest keys with a fixed list of values decode to enums, rejecting other spellings at the key's
/// path with the list, and write back with the spelling they were read with.
@Suite struct DatasetManifestTests {
    static func manifest(_ lines: String) -> String {
        "name: m\n\(lines)\nchannels:\n  - {name: accel.x}\n"
    }

    static let rejected: [(String, String, DataFileError.Reason)] = [
        ("time: {column: t, unit: min}", "time.unit", .notOneOf("min", allowed: ["ns", "us", "ms", "s"])),
        ("time: {column: t, origin: later}", "time.origin", .notOneOf("later", allowed: ["first", "file", "auto"])),
        ("time: {column: t, batches: merge}", "time.batches", .notOneOf("merge", allowed: ["keep", "spread"])),
        ("table: {delimiter: ',', header: true, decimal: dot}", "table.decimal", .notOneOf("dot", allowed: ["point", "comma"])),
        ("axisConvention: enu", "axisConvention", .unsupportedAxisConvention("enu")),
        ("time: {column: t, unit: ms, scale: 0.001}", "time.scale", .conflictingKeys("unit", "scale")),
        ("time: {scale: 0.001}", "time", .noTimeSource),
    ]

    @Test(arguments: rejected)
    func aValueOutsideItsListIsRejectedAtItsKey(_ lines: String, _ field: String, _ reason: DataFileError.Reason) {
        #expect(throws: DataFileError(file: "dataset.yaml", field: field, reason)) {
            try DatasetManifest(yaml: Self.manifest(lines))
        }
    }

    @Test func aStreamsKeysAreNamedWithTheStreamsIndex() {
        let yaml = "name: m\nstreams:\n  - {name: a, channels: [{name: accel.x}]}\n  - {name: b, time: {column: t, unit: hours}, channels: [{name: gyro.x}]}\n"
        #expect(throws: DataFileError(file: "s.yaml", field: "streams[1].time.unit", .notOneOf("hours", allowed: ["ns", "us", "ms", "s"]))) {
            try DatasetManifest(yaml: yaml, file: "s.yaml")
        }
    }

    /// Issue 72: `time: {origin: first}` under a stream other than the first was accepted and not applied (a recording
    /// has one origin, the first stream's). Refused, saying what to write instead; under the first stream it stands.
    @Test func anOriginUnderALaterStreamIsRefusedNotIgnored() throws {
        for key in ["origin: first", "relative: true"] {
            let yaml = "name: m\nstreams:\n  - {name: a, channels: [{name: accel.x}]}\n  - {name: b, time: {column: t, \(key)}, channels: [{name: gyro.x}]}\n"
            #expect {
                try DatasetManifest(yaml: yaml, file: "s.yaml")
            } throws: { error in
                guard let error = error as? DataFileError else { return false }
                return error.field == "streams[1].time.\(key.split(separator: ":")[0])" && "\(error)".contains("one time origin")
                    && "\(error)".contains("clock:")
            }
        }
        let first = "name: m\nstreams:\n  - {name: a, time: {column: t, origin: first}, channels: [{name: accel.x}]}\n  - {name: b, channels: [{name: gyro.x}]}\n"
        #expect(try DatasetManifest(yaml: first, file: "s.yaml").streams?[0].time?.origin == .first)
    }

    @Test func keywordsDecodeToTheirCases() throws {
        let m = try DatasetManifest(yaml: Self.manifest("table: {delimiter: auto, header: true, decimal: comma}\ntime: {column: t, unit: µs, origin: first, batches: spread}"))
        #expect(m.table.delimiter == .auto && m.table.decimal == .comma)
        #expect(m.time.unit == .microSign && m.time.unit?.timeUnit == .us && m.time.secondsPerUnit == 1e-6)
        #expect(m.time.origin == .first && m.time.effectiveOrigin == .first && m.time.batches == .spread)
        #expect(m.axisConvention == .coremotion)
        let relative = try DatasetManifest(yaml: Self.manifest("time: {column: t, relative: false}"))
        #expect(relative.time.effectiveOrigin == .file && relative.time.secondsPerUnit == 1)
    }

    @Test(arguments: [("','", DatasetManifest.TableFormat.Delimiter.comma), ("';'", .semicolon), ("whitespace", .whitespace),
                      ("' '", .whitespace), ("tab", .tab), ("'\\t'", .tab), ("\"\\t\"", .tab), ("'|'", .byte(UInt8(ascii: "|")))])
    func everyDelimiterSpellingNamesItsSeparator(_ spelling: String, _ delimiter: DatasetManifest.TableFormat.Delimiter) throws {
        #expect(try DatasetManifest(yaml: Self.manifest("table: {delimiter: \(spelling), header: false}")).table.delimiter == delimiter)
    }

    @Test func writtenManifestsReadBackWithTheirSpellings() throws {
        let m = try DatasetManifest(yaml: Self.manifest("table: {delimiter: ';', header: true, decimal: comma}\ntime: {column: t, unit: µs, origin: auto, batches: keep}"))
        let yaml = m.yaml()
        #expect(yaml.contains("delimiter: ;") && yaml.contains("decimal: comma"), "\(yaml)")
        #expect(yaml.contains("origin: auto") && yaml.contains("batches: keep") && yaml.contains("axisConvention: coremotion"), "\(yaml)")
        // Read back equal: the micro sign stays the micro sign, not `us`.
        #expect(try DatasetManifest(yaml: yaml) == m)
        #expect(m.time.unit == .microSign)
    }
}
