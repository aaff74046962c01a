import Foundation
import GestureTestSupport
import Testing

@Suite struct FindCommandTests {
    struct Match: Decodable {
        var recording: String
        var start: Double
        var end: Double
        var distance: Double
    }

    /// `seconds` of low noise at `rate` Hz with a 1-second three-axis motion at each of `at` (seconds), scaled by `gain`.
    static func csv(seconds: Double, rate: Double, at: [Double], gain: Double = 1, seed: UInt64 = 1) -> String {
        var state = seed
        func noise() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) / Double(1 << 53) - 0.5) * 0.02
        }
        var text = "t,ax,ay,az\n"
        for i in 0..<Int(seconds * rate) {
            let t = Double(i) / rate
            var a = (0.0, 0.0, -1.0)
            for s in at where t >= s && t < s + 1 {
                let u = t - s
                a.0 += gain * sin(2 * .pi * 2 * u)
                a.1 += gain * 0.8 * sin(2 * .pi * 3 * u + 1)
                a.2 += gain * 0.5 * u
            }
            text += "\(t),\(a.0 + noise()),\(a.1 + noise()),\(a.2 + noise())\n"
        }
        return text
    }

    /// A fresh folder under the test process's temporary root.
    static func newFolder() -> (url: URL, Void) {
        let url = TemporaryFolder.root.appendingPathComponent("find-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, ())
    }

    /// Issue 44: a 20 Hz recording in blocks of 30 s with 17 gaps of 60 s between them (as a phone study that
    /// records activity blocks). Its rate is 20 Hz, not (n − 1) / span; the exclusion zone is seconds at that
    /// rate; no match spans a gap; and `find` says how the recording was split.
    @Test func aRecordingWithGapsIsSearchedRunByRun() throws {
        let folder = Self.newFolder()
        let example = folder.url.appendingPathComponent("example.csv")
        try Self.csv(seconds: 6, rate: 20, at: [2]).write(to: example, atomically: true, encoding: .utf8)
        // 18 blocks; the motion in blocks 3 and 11, and one cut by the gap after block 6 (it starts 0.5 s before
        // the block's end).
        var text = "t,ax,ay,az\n"
        for block in 0..<18 {
            let start = Double(block) * 90
            let motions: [Double] = block == 3 ? [12] : block == 11 ? [20] : block == 6 ? [29.5] : []
            let lines = Self.csv(seconds: 30, rate: 20, at: motions, seed: UInt64(block + 5)).split(separator: "\n").dropFirst()
            for line in lines {
                let fields = line.split(separator: ",")
                text += "\(start + Double(fields[0])!),\(fields[1]),\(fields[2]),\(fields[3])\n"
            }
        }
        let target = folder.url.appendingPathComponent("blocks.csv")
        try text.write(to: target, atomically: true, encoding: .utf8)
        let result = try GestureLabBinary.run(["find", target.path, "--query", example.path, "--from", "2", "--to", "2.95",
                                               "--limit", "50", "--max-distance", "1e9", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("17 gaps"), "\(result.stderr)")
        let matches = try result.jsonLines(Match.self)
        #expect(matches.count > 10)
        // Every match lasts the query's 0.95 s: none spans a gap.
        for m in matches { #expect(abs(m.end - m.start - 0.95) < 1e-6, "\(m.start)…\(m.end)") }
        // Starts at least the query's duration apart, in seconds.
        let starts = matches.map(\.start).sorted()
        for (a, b) in zip(starts, starts.dropFirst()) { #expect(b - a >= 0.95 - 1e-9, "\(a) and \(b)") }
        // The two whole motions are the best matches.
        #expect(Set(matches.prefix(2).map { ($0.start * 100).rounded() / 100 }) == [282, 1010])
        // The inspected recording states its gaps.
        let inspect = try GestureLabBinary.run(["datasets", "inspect", "csv:" + target.path])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("gaps         17 longer than 3 sample intervals"), "\(inspect.stdout)")
    }

    /// Issue 46: a hint names an option the command accepts. Android m/s² files are refused with the hint to pass
    /// `--acceleration android-ms2`, and `find` takes it.
    @Test func androidMetresPerSecondSquaredNeedTheAccelerationOption() throws {
        let folder = Self.newFolder()
        func android(_ text: String) -> String {
            text.split(separator: "\n").enumerated().map { i, line in
                guard i > 0 else { return String(line) }
                let f = line.split(separator: ",").map { Double($0)! }
                return "\(f[0]),\(-9.80665 * f[1]),\(-9.80665 * f[2]),\(-9.80665 * f[3])"
            }.joined(separator: "\n") + "\n"
        }
        let example = folder.url.appendingPathComponent("example.csv"), target = folder.url.appendingPathComponent("target.csv")
        try android(Self.csv(seconds: 5, rate: 50, at: [2])).write(to: example, atomically: true, encoding: .utf8)
        try android(Self.csv(seconds: 30, rate: 50, at: [12], seed: 3)).write(to: target, atomically: true, encoding: .utf8)
        let arguments = ["find", target.path, "--query", example.path, "--from", "2", "--to", "2.98", "--limit", "1", "--json"]
        let refused = try GestureLabBinary.run(arguments)
        #expect(refused.status != 0 && refused.stderr.contains("--acceleration android-ms2"), "\(refused.stderr)")
        let found = try GestureLabBinary.run(arguments + ["--acceleration", "android-ms2"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(try found.jsonLines(Match.self).map(\.start) == [12])
    }

    @Test func findsThePlantedMotionsInAFileAndOnStandardInput() throws {
        let folder = Self.newFolder()
        let example = folder.url.appendingPathComponent("example.csv")
        try Self.csv(seconds: 5, rate: 50, at: [2]).write(to: example, atomically: true, encoding: .utf8)
        let target = Self.csv(seconds: 60, rate: 50, at: [10, 31.5, 47], gain: 1.3, seed: 2)
        let targetFile = folder.url.appendingPathComponent("target.csv")
        try target.write(to: targetFile, atomically: true, encoding: .utf8)
        let out = folder.url.appendingPathComponent("candidates.csv")
        let arguments = ["--query", example.path, "--from", "2", "--to", "2.98", "--limit", "3", "--json", "--label", "wave"]
        let result = try GestureLabBinary.run(["find", targetFile.path] + arguments + ["--annotations", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let matches = try result.jsonLines(Match.self)
        #expect(matches.map(\.start).sorted() == [10, 31.5, 47])
        for m in matches { #expect(abs(m.end - m.start - 0.98) < 1e-9 && m.distance < 1) }
        #expect(try String(contentsOf: out, encoding: .utf8) == "start,end,label\n10.0,10.98,wave\n31.5,32.48,wave\n47.0,47.98,wave\n")
        // Standard input gives the same matches.
        let piped = try GestureLabBinary.run(["find", "-"] + arguments, stdin: target)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(try piped.jsonLines(Match.self).map(\.start) == matches.map(\.start))
        // Raw values: the gain of 1.3 makes the planted motions farther, but they are still the best three.
        let raw = try GestureLabBinary.run(["find", targetFile.path] + arguments + ["--raw"])
        let rawMatches = try raw.jsonLines(Match.self)
        #expect(rawMatches.map(\.start).sorted() == [10, 31.5, 47])
        #expect(zip(rawMatches, matches).allSatisfy { $0.distance > $1.distance })
        // A threshold keeps only the close ones.
        let within = try GestureLabBinary.run(["find", targetFile.path, "--query", example.path, "--from", "2", "--to", "2.98",
                                               "--limit", "50", "--max-distance", "1", "--json"])
        #expect(try within.jsonLines(Match.self).map(\.start).sorted() == [10, 31.5, 47])
    }

    @Test func labellingLoopOnADatasetValidates() throws {
        let folder = Self.newFolder()
        let dataset = folder.url.appendingPathComponent("mine")
        try FileManager.default.copyItem(at: SharedData.packageRoot.appendingPathComponent("datasets/default"), to: dataset)
        let annotations = dataset.appendingPathComponent("annotations")
        let before = try String(contentsOf: annotations.appendingPathComponent("subject01-session1-01.csv"), encoding: .utf8)
        let result = try GestureLabBinary.run(["find", dataset.path, "--query", dataset.path, "--annotation", "subject01-session1-01:1",
                                               "--limit", "12", "--json", "--annotations", annotations.path])
        #expect(result.status == 0, "\(result.stderr)")
        let matches = try result.jsonLines(Match.self)
        #expect(matches.count == 12)
        // The example itself is the best match, at distance 0 (but for rounding).
        #expect(matches.first?.recording == "subject01-session1-01" && (matches.first?.distance ?? 1) < 1e-6)
        #expect(matches.map(\.distance) == matches.map(\.distance).sorted())
        // Its own annotations are kept, and the file grew by the candidates that overlap nothing.
        let after = try String(contentsOf: annotations.appendingPathComponent("subject01-session1-01.csv"), encoding: .utf8)
        #expect(after.hasPrefix("start,end,label\n"))
        for line in before.split(separator: "\n") { #expect(after.contains(line)) }
        #expect(result.stderr.contains("candidates labelled 'circle-cw'"), "\(result.stderr)")
        let validate = try GestureLabBinary.run(["datasets", "validate", dataset.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
    }

    /// Candidates alone, one file per recording, are what `datasets export label-studio --candidates` takes: the
    /// search's proposals reach Label Studio as predictions, to be checked there.
    @Test func candidatesAloneGoToLabelStudioAsPredictions() throws {
        let folder = Self.newFolder()
        let dataset = SharedData.packageRoot.appendingPathComponent("datasets/default")
        let candidates = folder.url.appendingPathComponent("candidates")
        let found = try GestureLabBinary.run(["find", dataset.path, "--query", dataset.path, "--annotation", "subject01-session1-01:1",
                                              "--limit", "5", "--json", "--candidates-only", "--annotations", candidates.path])
        #expect(found.status == 0, "\(found.stderr)")
        let matches = try found.jsonLines(Match.self)
        let files = try FileManager.default.contentsOfDirectory(atPath: candidates.path).filter { $0.hasSuffix(".csv") }
        let rows = try files.flatMap { name in
            try String(contentsOf: candidates.appendingPathComponent(name), encoding: .utf8).split(separator: "\n").dropFirst()
        }
        #expect(!rows.isEmpty && rows.count <= matches.count, "\(rows.count) candidates of \(matches.count) matches")
        let out = folder.url.appendingPathComponent("ls")
        let export = try GestureLabBinary.run(["datasets", "export", "label-studio", dataset.path, "--out", out.path,
                                               "--candidates", candidates.path])
        #expect(export.status == 0, "\(export.stdout)\(export.stderr)")
        let tasks = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("tasks.json"))) as? [[String: Any]] ?? []
        let proposed = tasks.flatMap { ($0["predictions"] as? [[String: Any]] ?? []) }
            .filter { ($0["model_version"] as? String ?? "").hasPrefix("candidates") }
            .flatMap { $0["result"] as? [[String: Any]] ?? [] }
        #expect(proposed.count == rows.count, "every candidate is a predicted region: \(proposed.count) vs \(rows.count)")
    }

    @Test func badInputsAreClearErrors() throws {
        let folder = Self.newFolder()
        let example = folder.url.appendingPathComponent("example.csv")
        try Self.csv(seconds: 5, rate: 50, at: [2]).write(to: example, atomically: true, encoding: .utf8)
        let fast = folder.url.appendingPathComponent("fast.csv")
        try Self.csv(seconds: 10, rate: 100, at: [3]).write(to: fast, atomically: true, encoding: .utf8)
        let short = folder.url.appendingPathComponent("short.csv")
        try Self.csv(seconds: 2, rate: 50, at: []).write(to: short, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["find", example.path, "--query", example.path, "--from", "3", "--to", "2"], "--to must be after --from"),
            (["find", example.path, "--query", example.path], "--from and --to"),
            (["find", example.path, "--query", example.path, "--from", "2", "--to", "3", "--channels", "accel.w"], "'accel.w' is no channel"),
            (["find", example.path, "--query", example.path, "--from", "2", "--to", "3", "--channels", "gyro.x"], "has no channel gyro.x"),
            (["find", example.path, "--query", example.path, "--from", "20", "--to", "30"], "at least 2 are needed"),
            (["find", fast.path, "--query", example.path, "--from", "2", "--to", "3"], "resample one of them"),
            (["find", folder.url.appendingPathComponent("none.csv").path, "--query", example.path, "--from", "2", "--to", "3"], "none.csv"),
            (["find", example.path, "--query", example.path, "--annotation", "x:1"], "no recording 'x'"),
            (["find", example.path, "--query", example.path, "--annotation", "nonsense"], "RECORDING:N"),
            (["find", short.path, "--query", example.path, "--from", "0", "--to", "4.9"], "at least as long as the query"),
        ]
        for (arguments, message) in cases {
            let result = try GestureLabBinary.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
