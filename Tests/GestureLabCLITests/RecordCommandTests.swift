import Foundation
import GestureTestSupport
import Testing

/// `record` under a pseudo-terminal, as a user runs it: python-osc sends a recording at its real rate (100 Hz,
/// shakes of 2 g at 4 Hz at 0.5 s and 2 s) while the driver types the marking keys into the terminal.
@Suite(.serialized) struct RecordCommandTests {
    /// Starts `gesturelab record` on a pseudo-terminal, plays the recording with keys at given samples, and
    /// prints one JSON object with the exit status and what the terminal showed.
    static let driver = #"""
    import json, math, os, pty, signal, socket, subprocess, sys, threading, time
    from pythonosc.udp_client import SimpleUDPClient
    gesturelab, mode, out = sys.argv[1], sys.argv[2], sys.argv[3]
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    master, slave = pty.openpty()
    args = [gesturelab, "record", "--input", f"osc://127.0.0.1:{port}", "--osc-map", "gyrosc", "--out", out,
            "--labels", "shake,flip", "--subject", "ana", "--idle-exit", "3", "--flush-interval", "0.2"]
    record = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, close_fds=True, start_new_session=True)
    os.close(slave)
    shown = []
    def read_terminal():
        while True:
            try: data = os.read(master, 4096)
            except OSError: break
            if not data: break
            shown.append(data.decode(errors="replace"))
    threading.Thread(target=read_terminal, daemon=True).start()
    time.sleep(0.5)
    client = SimpleUDPClient("127.0.0.1", port)
    # Shake from 0.5 to 1.12 s; flip from 1.5 to 1.8 s, then undone; shake from 2.0 to 2.62 s.
    keys = {50: b"1", 112: b"1", 150: b"2", 180: b"2", 190: b"u", 200: b"1", 262: b"1"}
    start = time.monotonic()
    for i in range(300):
        t, x = i / 100, 0.0
        for s0 in (0.5, 2.0):
            if s0 <= t < s0 + 0.625: x = 2 * math.sin(2 * math.pi * 4 * (t - s0))
        if i in keys: os.write(master, keys[i])
        client.send_message("/gyrosc/gyro", [0.0, 0.0, 0.1])
        client.send_message("/gyrosc/accel", [x, 0.0, -1.0])
        if mode == "kill" and i == 220:
            time.sleep(0.05); os.kill(record.pid, signal.SIGKILL); break
        d = start + (i + 1) / 100 - time.monotonic()
        if d > 0: time.sleep(d)
    if mode == "quit":
        time.sleep(0.3); os.write(master, b"q")
    status = record.wait(timeout=30)
    time.sleep(0.2)
    print(json.dumps({"status": status, "shown": "".join(shown)}))
    """#

    struct Run: Decodable {
        var status: Int32
        var shown: String
    }

    static func run(_ mode: String, into folder: URL) throws -> Run {
        let result = try ExternalProgram.run(named: "python3", ["-c", driver, GestureLabBinary.url.path, mode, folder.path])
        #expect(result.status == 0, "driver: \(result.stderr)")
        return try JSONDecoder().decode(Run.self, from: Data(result.stdout.utf8))
    }

    /// The annotation rows of the recording `ana-1`: start, end, label.
    static func annotations(in folder: URL) throws -> [(Double, Double, String)] {
        try String(contentsOf: folder.appendingPathComponent("annotations/ana-1.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { line in
                let f = line.split(separator: ",")
                return (Double(f[0])!, Double(f[1])!, String(f[2]))
            }
    }

    static func sampleRows(in folder: URL) throws -> Int {
        try String(contentsOf: folder.appendingPathComponent("recordings/ana-1.csv"), encoding: .utf8).split(separator: "\n").count - 1
    }

    @Test func keysMarkGesturesAndTheResultIsAValidDataset() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("gesturelab-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run("quit", into: folder)
        #expect(run.status == 0, "\(run.shown)")
        // The live status line and each mark were shown on the terminal; the undo removed the flip.
        #expect(run.shown.contains("|a|") && run.shown.contains("record: undid flip"), "\(run.shown)")
        #expect(run.shown.contains("300 samples") && run.shown.contains("2 marks (shake ×2)"), "\(run.shown)")
        let marks = try Self.annotations(in: folder)
        #expect(marks.map(\.2) == ["shake", "shake"])
        let expected = [(0.5, 1.12), (2.0, 2.62)]
        for (mark, want) in zip(marks, expected) {
            #expect(abs(mark.0 - want.0) < 0.06 && abs(mark.1 - want.1) < 0.06, "\(marks)")
        }
        #expect(try Self.sampleRows(in: folder) == 300)
        let validate = try GestureLabBinary.run(["datasets", "validate", folder.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        // What was recorded is the signal that was sent: detect finds its two shakes.
        let detect = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", folder.appendingPathComponent("recordings/ana-1.csv").path, "--json"])
        #expect(try detect.jsonLines(DetectCommandTests.Event.self).filter { $0.phase == "ended" && $0.label == "shake" }.count == 2, "\(detect.stdout)\(detect.stderr)")
    }

    @Test func aKilledRecorderLeavesAValidDatasetMissingAtMostTheLastFlush() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("gesturelab-record-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run("kill", into: folder)
        #expect(run.status == -9, "\(run.shown)")
        let validate = try GestureLabBinary.run(["datasets", "validate", folder.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        // 221 samples were sent; the flush interval is 0.2 s (20 samples), with slack for the machine.
        let rows = try Self.sampleRows(in: folder)
        #expect(rows <= 221 && rows >= 221 - 40, "\(rows) rows")
        // The marks finished before the kill are on disk (the flip was undone at 1.9 s; the second shake was open).
        let marks = try Self.annotations(in: folder)
        #expect(marks.count == 1 && marks[0].2 == "shake" && abs(marks[0].0 - 0.5) < 0.06, "\(marks)")
    }
}
