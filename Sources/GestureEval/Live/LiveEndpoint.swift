/// Where `detect` reads samples from or sends events to: a file, standard input, or a network address
/// `osc://HOST:PORT`, `udp://HOST:PORT` or `tcp://HOST:PORT`.
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

    /// Parses `text`; a `scheme://` other than osc, udp and tcp, or a bad port, is an error.
    public init(_ text: String) throws(DataFileError) {
        guard let range = text.range(of: "://") else {
            self = text == "-" ? .standardInput : .file(text)
            return
        }
        let scheme = text[..<range.lowerBound].lowercased(), rest = text[range.upperBound...]
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...].prefix { $0 != "/" }), (0...65535).contains(port) else {
            throw DataFileError(file: text, "expected \(scheme)://HOST:PORT with a port 0…65535")
        }
        var host = String(rest[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        switch scheme {
        case "osc": self = .osc(host: host, port: port)
        case "udp": self = .udp(host: host, port: port)
        case "tcp": self = .tcp(host: host, port: port)
        default: throw DataFileError(file: text, "unknown scheme '\(scheme)'; use a file, -, osc://, udp:// or tcp://")
        }
    }

    public var description: String {
        switch self {
        case let .file(path): path
        case .standardInput: "<stdin>"
        case let .osc(host, port): "osc://\(host):\(port)"
        case let .udp(host, port): "udp://\(host):\(port)"
        case let .tcp(host, port): "tcp://\(host):\(port)"
        }
    }
}
