import Foundation

/// Finds the files of an external dataset by ``DatasetManifest/FilePattern``s and reads subject,
/// session and label from their paths.
enum FilePatternMatcher {
    struct Match: Sendable {
        var url: URL
        var id: String
        var subject: String
        var session: String
        var label: String?
        /// Every named capture of the pattern that matched.
        var captures: [String: String]
    }

    /// Every regular file under `root` matching one of `patterns` (the first that matches wins),
    /// sorted by path with numbers compared by value. The id is the relative path without extension.
    static func matches(_ patterns: [DatasetManifest.FilePattern], under root: URL) throws(DataFileError) -> [Match] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw DataFileError(file: root.path, "the data folder does not exist")
        }
        let compiled = try patterns.map { (pattern) throws(DataFileError) in (pattern, try compile(pattern.pattern)) }
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw DataFileError(file: root.path, "cannot list the data folder")
        }
        let rootPath = root.standardizedFileURL.path
        var found: [Match] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            var relative = url.standardizedFileURL.path
            guard relative.hasPrefix(rootPath) else { continue }
            relative = String(relative.dropFirst(rootPath.count).drop { $0 == "/" })
            let range = NSRange(relative.startIndex..., in: relative)
            for (pattern, (regex, names)) in compiled {
                guard let m = regex.firstMatch(in: relative, range: range) else { continue }
                var captured: [String: String] = [:]
                for (i, name) in names.enumerated() {
                    if let r = Range(m.range(at: i + 1), in: relative) { captured[name] = String(relative[r]) }
                }
                let ext = (relative as NSString).pathExtension
                let id = ext.isEmpty ? relative : String(relative.dropLast(ext.count + 1))
                found.append(Match(url: url, id: id,
                                   subject: captured["subject"] ?? pattern.subject ?? "unknown",
                                   session: captured["session"] ?? pattern.session ?? "unknown",
                                   label: captured["label"], captures: captured))
                break
            }
        }
        found.sort { $0.id.compare($1.id, options: .numeric) == .orderedAscending }
        return found
    }

    /// `pattern` with each `{name}` replaced by its captured text: the sibling file of a match (for
    /// example `{session}/Gyroscope.csv` beside `{session}/Accelerometer.csv`). `{*}` is kept, for
    /// ``sibling(_:under:file:)`` to match.
    static func substitute(_ captures: [String: String], into pattern: String, file: String) throws(DataFileError) -> String {
        var result = "", rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = rest[rest.index(after: open)..<close].split(separator: ":").first.map(String.init) ?? ""
            if name == "*" {
                result += "{*}"
                rest = rest[rest.index(after: close)...]
                continue
            }
            guard let value = captures[name] else {
                throw DataFileError(file: file, field: "streams.pattern", "'\(pattern)' uses {\(name)}, which the source pattern does not capture")
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The file a stream's substituted pattern names under `root`. A `{*}` in its last component matches any text
    /// (a device writes its rate into the name: MetaWear's `…_Gyroscope_100.000Hz_1.5.0.csv`): the one file of the
    /// folder it matches. With none the path is returned as written, for the reader to report missing; more than one
    /// is an error naming them. O(files in the folder).
    static func sibling(_ path: String, under root: URL, file: String) throws(DataFileError) -> URL {
        let url = root.appendingPathComponent(path)
        guard path.contains("{*}") else { return url }
        let folder = url.deletingLastPathComponent()
        let (regex, _) = try compile(url.lastPathComponent)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().filter {
            regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil
        }
        guard names.count <= 1 else {
            throw DataFileError(file: file, field: "streams.pattern", "'\(path)' matches \(names.count) files in \(folder.path) ("
                                    + names.prefix(4).joined(separator: ", ") + "): one recording's stream must be one file")
        }
        return names.first.map { folder.appendingPathComponent($0) } ?? url
    }

    /// Turns a pattern into an anchored regular expression and the names of its captures.
    static func compile(_ pattern: String) throws(DataFileError) -> (NSRegularExpression, [String]) {
        var regex = "^", names: [String] = [], literal = ""
        var rest = Substring(pattern)
        func flush() { regex += NSRegularExpression.escapedPattern(for: literal); literal = "" }
        while let c = rest.first {
            if c == "{", let close = rest.firstIndex(of: "}") {
                flush()
                let token = rest[rest.index(after: rest.startIndex)..<close].split(separator: ":", maxSplits: 1)
                let name = token.first.map(String.init) ?? "*"
                let digits = token.count == 2 && token[1] == "int"
                let body = digits ? "[0-9]+" : "[^/]+?"
                if name == "*" { regex += "(?:\(body))" } else { regex += "(\(body))"; names.append(name) }
                rest = rest[rest.index(after: close)...]
            } else {
                literal.append(c)
                rest = rest.dropFirst()
            }
        }
        flush()
        do { return (try NSRegularExpression(pattern: regex + "$"), names) } catch {
            throw DataFileError(file: "dataset.yaml", field: "source.files", "bad pattern '\(pattern)'")
        }
    }
}
