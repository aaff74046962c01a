/// Where `detect` reads samples from or sends events to: a file, standard input, or a network address
/// `osc://HOST:PORT`, `udp://HOST:PORT`, `tcp://HOST:PORT` or `ws://HOST:PORT/PATH`.
public enum LiveEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// A file path.
    case file(String)
    /// Standard input (`-`).
    case standardInput
    /// OSC 1.0 over UDP.
    case osc(host: String, port: Int)
    /// CSV lines in UDP datagrams.
    case udp(host: String, port: Int)
    /// CSV lines over a TCP connection (GestureLab connects).
    case tcp(host: String, port: Int)
    /// Sensor JSON over a WebSocket (GestureLab connects and asks for `path`, query included).
    case webSocket(host: String, port: Int, path: String)

    /// The path a `ws://HOST:PORT` without one asks for: SensorServer's accelerometer and gyroscope on one
    /// connection.
    package static let sensorServerPath = #"/sensors/connect?types=["android.sensor.accelerometer","android.sensor.gyroscope"]"#

    /// Parses `text`; a `scheme://` other than osc, udp, tcp and ws, or a bad port, is an error.
    /// - Throws: ``LiveInputError/invalidEndpoint(_:reason:)`` saying what is wrong with `text`.
    public init(_ text: String) throws(LiveInputError) {
        guard let range = text.range(of: "://") else {
            self = text == "-" ? .standardInput : .file(text)
            return
        }
        let scheme = text[..<range.lowerBound].lowercased(), rest = text[range.upperBound...]
        guard scheme != "wss" else { throw .invalidEndpoint(text, reason: "wss:// (TLS) is not supported; sensor apps on a local network serve ws://") }
        let authority = rest.prefix { $0 != "/" }, path = rest[authority.endIndex...]
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]), (0...65535).contains(port) else {
            throw .invalidEndpoint(text, reason: "expected \(scheme)://HOST:PORT with a port 0…65535")
        }
        guard scheme == "ws" || path.isEmpty || path == "/" else {
            throw .invalidEndpoint(text, reason: "\(scheme):// takes no path")
        }
        var host = String(authority[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        switch scheme {
        case "osc": self = .osc(host: host, port: port)
        case "udp": self = .udp(host: host, port: port)
        case "tcp": self = .tcp(host: host, port: port)
        case "ws": self = .webSocket(host: host, port: port, path: path.isEmpty ? Self.sensorServerPath : String(path))
        default: throw .invalidEndpoint(text, reason: "unknown scheme '\(scheme)'; use a file, -, osc://, udp://, tcp:// or ws://")
        }
    }

    public var description: String {
        switch self {
        case let .file(path): path
        case .standardInput: "<stdin>"
        case let .osc(host, port): "osc://\(host):\(port)"
        case let .udp(host, port): "udp://\(host):\(port)"
        case let .tcp(host, port): "tcp://\(host):\(port)"
        case let .webSocket(host, port, path): "ws://\(host):\(port)\(path)"
        }
    }
}
