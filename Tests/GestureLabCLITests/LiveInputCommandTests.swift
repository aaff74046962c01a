import Foundation
import GestureTestSupport
import Testing

/// `detect` on live network inputs, driven by real clients: python-osc sends a recording at its real rate (100 Hz,
/// shakes of 2 g at 4 Hz starting at 0.5 s and 2 s) and receives the events `--emit` sends back; `nc` sends the
/// same recording as CSV lines over UDP and serves it over TCP. Every run ends on its own (`--idle-exit`).
@Suite(.serialized) struct LiveInputCommandTests {
    /// The driver: starts `gesturelab detect` on the given input, plays the recording, prints one JSON object with
    /// detect's exit status, output and the OSC messages it emitted.
    static let driver = #"""
    import json, math, socket, subprocess, sys, threading, time
    gesturelab, mode = sys.argv[1], sys.argv[2]
    def free_port(kind):
        s = socket.socket(socket.AF_INET, kind); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p
    def recording():
        for i in range(300):
            t, x = i / 100, 0.0
            for s0 in (0.5, 2.0):
                if s0 <= t < s0 + 0.625: x = 2 * math.sin(2 * math.pi * 4 * (t - s0))
            yield t, x
    def paced(lines):
        start = time.monotonic()
        for i, item in enumerate(lines):
            yield item
            d = start + (i + 1) / 100 - time.monotonic()
            if d > 0: time.sleep(d)
    received, notes, args = [], [], [gesturelab, "detect", "--recognizer", "shake", "--idle-exit", "1", "--stall-time", "0.5", "--json"]
    nc = None
    if mode in ("osc", "garbage"):
        from pythonosc.dispatcher import Dispatcher
        from pythonosc.osc_server import ThreadingOSCUDPServer
        from pythonosc.udp_client import SimpleUDPClient
        dispatcher = Dispatcher()
        dispatcher.set_default_handler(lambda address, *values: received.append([address] + list(values)))
        server = ThreadingOSCUDPServer(("127.0.0.1", 0), dispatcher)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = free_port(socket.SOCK_DGRAM)
        args += ["--input", f"osc://127.0.0.1:{port}", "--osc-map", "gyrosc", "--emit", f"osc://127.0.0.1:{server.server_address[1]}"]
    elif mode in ("ws", "ws-refused"):
        import asyncio, http
        from websockets.asyncio.server import serve
        from pythonosc.dispatcher import Dispatcher
        from pythonosc.osc_server import ThreadingOSCUDPServer
        dispatcher = Dispatcher()
        dispatcher.set_default_handler(lambda address, *values: received.append([address] + list(values)))
        server = ThreadingOSCUDPServer(("127.0.0.1", 0), dispatcher)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        listening, done = threading.Event(), threading.Event()
        async def handler(ws):
            notes.append(ws.request.path)
            # One reading in three fragments, then a ping the client must answer.
            await ws.send(iter(['{"type":"android.sensor.gyro', 'scope","values":[0,0,0.1],', '"timestamp":1000000000}']))
            try:
                await asyncio.wait_for(await ws.ping(), 2); notes.append("pong")
            except Exception as e:
                notes.append("no pong: %r" % e)
            start = time.monotonic()
            for i, (t, x) in enumerate(recording()):
                stamp = 1000000000 + i * 10000000
                await ws.send(json.dumps({"type": "android.sensor.gyroscope", "values": [0.0, 0.0, 0.1], "timestamp": stamp, "accuracy": 3}))
                await ws.send(json.dumps({"type": "android.sensor.accelerometer", "values": [-x * 9.80665, 0.0, 9.80665], "timestamp": stamp, "accuracy": 3}))
                d = start + (i + 1) / 100 - time.monotonic()
                if d > 0: await asyncio.sleep(d)
            await ws.send(json.dumps({"type": "android.sensor.light", "values": [40.0], "timestamp": stamp}))
            await ws.close()
        def refuse(connection, request):
            return connection.respond(http.HTTPStatus.NOT_FOUND, "no such sensor\n") if mode == "ws-refused" else None
        def serve_forever():
            async def main():
                async with serve(handler, "127.0.0.1", 0, process_request=refuse) as ws_server:
                    ports.append(ws_server.sockets[0].getsockname()[1]); listening.set()
                    while not done.is_set(): await asyncio.sleep(0.05)
            asyncio.run(main())
        ports = []
        threading.Thread(target=serve_forever, daemon=True).start()
        listening.wait(5)
        args += ["--input", f"ws://127.0.0.1:{ports[0]}", "--emit", f"osc://127.0.0.1:{server.server_address[1]}"]
    elif mode == "udp":
        port = free_port(socket.SOCK_DGRAM)
        args += ["--input", f"udp://127.0.0.1:{port}"]
    else:
        port = free_port(socket.SOCK_STREAM)
        nc = subprocess.Popen(["nc", "-l", "-q", "1", "127.0.0.1", str(port)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        time.sleep(0.3)
        args += ["--input", f"tcp://127.0.0.1:{port}"]
    detect = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(0.4)
    if mode in ("ws", "ws-refused"):
        pass  # The server plays the recording once the client connects.
    elif mode in ("osc", "garbage"):
        client = SimpleUDPClient("127.0.0.1", port)
        if mode == "garbage":
            raw = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            raw.sendto(b"/broken", ("127.0.0.1", port))
            client.send_message("/elsewhere", [1.0])
        for t, x in paced(recording()):
            client.send_message("/gyrosc/gyro", [0.0, 0.0, 0.1])
            client.send_message("/gyrosc/accel", [x, 0.0, -1.0])
    else:
        # nc never holds this driver's output open, and is stopped if it lingers after its input ends.
        nc = nc or subprocess.Popen(["nc", "-u", "-q", "1", "127.0.0.1", str(port)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, text=True)
        nc.stdin.write("time,accel_x,accel_y,accel_z\n"); nc.stdin.flush()
        for t, x in paced(recording()):
            nc.stdin.write("%.2f,%.4f,0,-1\n" % (t, x)); nc.stdin.flush()
        nc.stdin.close()
    out, err = detect.communicate(timeout=30)
    if nc:
        try: nc.wait(timeout=2)
        except subprocess.TimeoutExpired: nc.kill()
    time.sleep(0.2)
    print(json.dumps({"status": detect.returncode, "stdout": out, "stderr": err, "received": received, "notes": notes}))
    """#

    struct Run: Decodable {
        var status: Int32
        var stdout: String
        var stderr: String
        var received: [[Value]]
        var notes: [String]
        enum Value: Decodable, Equatable {
            case text(String), number(Double)
            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let s = try? c.decode(String.self) { self = .text(s) } else { self = .number(try c.decode(Double.self)) }
            }
        }

        /// The events detect printed (`--json`): label and phase, in order.
        var printed: [String] {
            let lines = ExternalProgram.Result(printed: stdout)
            return ((try? lines.jsonLines(DetectCommandTests.Event.self)) ?? []).map { "\($0.label) \($0.phase)" }
        }
    }

    static func run(_ mode: String) throws -> Run {
        let result = try ExternalProgram.run(named: "python3", ["-c", driver, GestureLabBinary.url.path, mode])
        #expect(result.status == 0, "driver: \(result.stderr)")
        return try JSONDecoder().decode(Run.self, from: Data(result.stdout.utf8))
    }

    static let twoShakes = ["shake began", "shake ended", "shake began", "shake ended"]

    /// detect printed the two shakes, and the OSC receiver got the same events, in order, as
    /// /gesturelab/<label> with phase, score, start, end and time, the starts on the sender's clock.
    static func expectTwoShakesPrintedAndEmitted(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.printed == Self.twoShakes, "\(run.stdout) \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.received.map { $0[0] } == Array(repeating: .text("/gesturelab/shake"), count: 4), sourceLocation: sourceLocation)
        #expect(run.received.map { $0[1] } == [.text("began"), .text("ended"), .text("began"), .text("ended")], sourceLocation: sourceLocation)
        let starts = run.received.compactMap { if case let .number(v) = $0[3] { v } else { nil } }
        #expect(starts.count == 4 && abs(starts[0] - 0.5) < 0.15 && abs(starts[2] - 2.0) < 0.15, "start times on the sender's clock: \(starts)",
                sourceLocation: sourceLocation)
        #expect(run.stderr.contains("sent 4 events over OSC"), sourceLocation: sourceLocation)
    }

    @Test func oscInEventsOutOverOSC() throws {
        let run = try Self.run("osc")
        #expect(run.status == 0, "\(run.stderr)")
        Self.expectTwoShakesPrintedAndEmitted(run)
    }

    @Test func malformedAndUnroutedDatagramsAreCountedNotFatal() throws {
        let run = try Self.run("garbage")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.printed == Self.twoShakes)
        #expect(run.stderr.contains("1 malformed (first: OSC packet, byte 0: string without its terminating zero)"), "\(run.stderr)")
        #expect(run.stderr.contains("addresses without a route (see --osc-map): /elsewhere ×1"))
    }

    @Test func sensorServerJSONOverAWebSocketInEventsOutOverOSC() throws {
        let run = try Self.run("ws")
        #expect(run.status == 0, "\(run.stderr)")
        Self.expectTwoShakesPrintedAndEmitted(run)
        // Both sensors asked for on one connection (the escaped query), the fragmented reading joined, the ping answered.
        #expect(run.notes == [#"/sensors/connect?types=%5B%22android.sensor.accelerometer%22,%22android.sensor.gyroscope%22%5D"#, "pong"])
        #expect(run.stderr.contains("602 messages; sensor types not used: android.sensor.light ×1; the server closed the connection (status 1000)"), "\(run.stderr)")
    }

    @Test func aRefusedWebSocketNamesTheServersAnswer() throws {
        let run = try Self.run("ws-refused")
        #expect(run.status != 0)
        #expect(run.stderr.contains("the server refused the WebSocket: 'HTTP/1.1 404 Not Found'"), "\(run.stderr)")
    }

    @Test func csvLinesOverUDP() throws {
        let run = try Self.run("udp")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.printed == Self.twoShakes, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("nothing received for"), "the idle end is announced as a stall first")
    }

    @Test func csvLinesOverTCP() throws {
        let run = try Self.run("tcp")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.printed == Self.twoShakes, "\(run.stdout) \(run.stderr)")
    }

    @Test func aSourceThatSendsNothingFailsAfterSayingSo() throws {
        let result = try GestureLabBinary.run(["detect", "--recognizer", "shake", "--input", "osc://127.0.0.1:0", "--stall-time", "0.3", "--idle-exit", "0.6"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("nothing received for"), "\(result.stderr)")
        #expect(result.stderr.contains("no samples"))
    }
}
