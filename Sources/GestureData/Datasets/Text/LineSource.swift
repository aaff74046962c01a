import Foundation
import GestureKit

/// Turns one text line of a sample stream into a sample.
///
/// Conforming formats keep what they learn from earlier lines (a header's column order).
public protocol SampleLineDecoder {
    /// Decodes line `lineNumber` (1-based, without its line break) of `file`; returns `nil` for a
    /// line that holds no sample (a header or a comment), throws for a malformed one.
    mutating func decode(_ line: Substring, lineNumber: Int, file: String) throws(DataFileError) -> MotionSample?
    /// A sample from earlier lines that the decoder held back (to look ahead) and has now made
    /// ready, or `nil`.
    mutating func nextHeld() -> MotionSample?
    /// The input has ended: decide whatever waited for more lines (held samples then come from
    /// ``nextHeld()``).
    mutating func finish() throws(DataFileError)
    /// Whether `line` is blank, skipped without being decoded. O(line length).
    func isBlank(_ line: Substring) -> Bool
}

extension SampleLineDecoder {
    /// A decoder that never holds lines back has none.
    package mutating func nextHeld() -> MotionSample? { nil }
    /// A decoder that never holds lines back has nothing to decide.
    package mutating func finish() throws(DataFileError) {}
    /// Spaces and tabs only, unless the decoder says otherwise (a tab-separated format, where a tab
    /// ends a field and a line of tabs is a row of empty fields).
    package func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }
}

/// A ``MotionSource`` reading samples line by line from a file or a pipe (standard input), each
/// line decoded by a ``SampleLineDecoder``, so a live stream is processed as it arrives.
///
/// Reads with one `read(2)` call at a time (whatever the pipe holds, up to 64 KiB), so a sample is
/// returned as soon as its line is complete. Blank lines are skipped; lines end at LF, CRLF or CR
/// (``TextLines``), and a leading byte-order mark is skipped.
///
/// - Complexity: O(line length) per sample; the buffer is reused.
public struct LineSource<Decoder: SampleLineDecoder>: MotionSource {
    /// The name used in error messages (a path, or `-` for standard input).
    package let name: String
    /// The decoder, with whatever it has learned (for example the header).
    package private(set) var decoder: Decoder
    /// Kept so the descriptor stays open as long as the source lives.
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// Whether the last line ended with a CR at the end of the buffer, so an LF first in the next read belongs to it.
    private var pendingLinefeed = false
    private var skippedByteOrderMark = false
    /// Whether the decoder has been told that the input ended.
    private var finished = false
    /// Lines read so far.
    package private(set) var lineNumber = 0
    /// For a descriptor with a receive timeout (a network input): called with the seconds since data last
    /// arrived whenever a read times out or a signal interrupts it; returning `true` ends the input there.
    package var onIdle: ((Double) -> Bool)?
    private var lastData = DispatchTime.now()

    /// Reads from `handle`, naming it `name` in errors; the source keeps the handle open while it lives.
    public init(handle: FileHandle, name: String, decoder: Decoder) {
        self.name = name
        self.decoder = decoder
        self.handle = handle
        buffer.reserveCapacity(1 << 16)
    }

    /// The next sample, or `nil` at the end of the input. Reads one line at a time: O(line length).
    public mutating func next() throws(DataFileError) -> MotionSample? {
        if let sample = decoder.nextHeld() { return sample }
        while let line = try nextLine() {
            if decoder.isBlank(line[...]) { continue }
            if let sample = try decoder.decode(line[...], lineNumber: lineNumber, file: name) { return sample }
            if let sample = decoder.nextHeld() { return sample }
        }
        if !finished {
            finished = true
            try decoder.finish()
            return decoder.nextHeld()
        }
        return nil
    }

    /// The next line without its line break, or `nil` at the end of the input. Lines end as
    /// ``TextLines`` defines; a line is returned as soon as its break arrives, so a CR-only stream
    /// yields each line at once, and an LF that completes a CRLF split between reads is skipped.
    private mutating func nextLine() throws(DataFileError) -> String? {
        if lineNumber == 0, !skippedByteOrderMark {
            // A byte-order mark is only one if all of it arrived.
            while buffer.count - position < 3, !atEnd { try fill() }
            if buffer.count - position >= 3 {
                let start = position
                position += buffer.withUnsafeBufferPointer { TextLines.byteOrderMarkLength($0.baseAddress! + start, count: $0.count - start) }
            }
            skippedByteOrderMark = true
        }
        while true {
            if pendingLinefeed, position < buffer.count {
                if buffer[position] == UInt8(ascii: "\n") { position += 1 }
                pendingLinefeed = false
            }
            if position < buffer.count {
                let count = buffer.count, start = position
                let (end, next) = buffer.withUnsafeBufferPointer { TextLines.lineBreak(in: $0.baseAddress!, from: start, count: count) }
                if end < count || atEnd {
                    // A CR ending the buffer may be half a CRLF whose LF comes with the next read.
                    pendingLinefeed = end < count && next == count && buffer[end] == UInt8(ascii: "\r")
                    let line = String(decoding: buffer[start..<end], as: UTF8.self)
                    position = next
                    lineNumber += 1
                    return line
                }
            } else if atEnd {
                return nil
            }
            try fill()
        }
    }

    /// Reads whatever is available (blocking until something is, or the end).
    private mutating func fill() throws(DataFileError) {
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        let chunk = 1 << 16
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        let fd = handle.fileDescriptor
        var count: Int
        while true {
            count = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + old, chunk)
            }
            guard count < 0 else { break }
            if errno == EINTR, onIdle == nil { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR, let onIdle else { break }
            if onIdle(Double(DispatchTime.now().uptimeNanoseconds - lastData.uptimeNanoseconds) / 1e9) {
                count = 0
                break
            }
        }
        if count > 0 { lastData = DispatchTime.now() }
        guard count >= 0 else {
            buffer.removeLast(chunk)
            throw DataFileError(file: name, line: lineNumber + 1, "cannot read: \(String(cString: strerror(errno)))")
        }
        buffer.removeLast(chunk - count)
        if count == 0 { atEnd = true }
    }
}
