import Foundation
import GestureKit

/// Writes one recording into a project dataset folder while its samples arrive, so the folder is a valid
/// dataset at every moment: the manifest names the recording only once the first flush put samples in its
/// file, samples are appended in whole lines (``flush()``, which also asks the disk to keep them), and the
/// annotations and the manifest are only ever replaced atomically (``AtomicFile``). A crash or a pulled cable
/// loses at most the samples since the last flush.
///
/// A folder that already holds a project dataset gets one more recording (the next free id), so takes add up;
/// its channels must be the same. Values are written in the project's units (seconds, g, rad/s).
///
/// - Complexity: O(1) per appended sample; O(annotations) per ``write(annotations:)``.
package final class DatasetRecorder {
    /// The dataset folder.
    package let folder: URL
    /// The new recording's id.
    package let recordingID: String
    /// The channels written after `time`.
    package let channels: [Channel]
    /// Samples appended so far.
    package private(set) var samples = 0
    /// The recording file, relative to ``folder``.
    package var recordingFile: String { "recordings/\(recordingID).csv" }
    /// The annotation file, relative to ``folder``.
    package var annotationFile: String { "annotations/\(recordingID).csv" }

    private let handle: FileHandle
    private var pending = ""
    /// The manifest with this recording, until the first flush writes it.
    private var manifest: DatasetManifest?

    /// Starts a recording in `folder` (created if needed): writes its empty files; the manifest that names them
    /// follows with the first samples (``flush()``). `channels` are ``Channel/acceleration`` optionally followed by ``Channel/rotationRate``.
    ///
    /// - Parameters:
    ///   - id: the recording's id; by default `<subject>-<n>` with the first free `n` from 1.
    ///   - classes: the labels that marks may use, added to the manifest's classes.
    /// - Throws: ``DataFileError`` when the folder holds something other than a project dataset, when its
    ///   channels differ, when the id is taken or unusable, or when a file cannot be written.
    package init(folder: URL, name: String, description: String, subject: String, session: String, id: String? = nil,
                classes: [String], channels: [Channel]) throws(DataFileError) {
        let manifestURL = folder.appendingPathComponent(DatasetReader.manifestName)
        var manifest: DatasetManifest
        if FileManager.default.fileExists(atPath: manifestURL.path) {
            manifest = try DatasetManifest(contentsOf: manifestURL)
            guard manifest.source == nil, manifest.streams == nil, manifest.labels == nil, manifest.kind == .continuous else {
                throw DataFileError(file: manifestURL.path, "not a project dataset of continuous recordings with annotation files; record into another folder")
            }
            let existing = manifest.channels.map(\.name)
            guard existing == channels else {
                throw DataFileError(file: manifestURL.path, field: "channels",
                                    "the dataset has \(existing.map(\.rawValue).joined(separator: ",")), this input gives \(channels.map(\.rawValue).joined(separator: ","))")
            }
            for label in classes where !(manifest.classes ?? []).contains(label) { manifest.classes = (manifest.classes ?? []) + [label] }
        } else {
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !contents.filter({ !$0.hasPrefix(".") }).isEmpty {
                throw DataFileError(file: folder.path, "the folder holds files but no \(DatasetReader.manifestName); record into a new folder or a dataset")
            }
            manifest = DatasetManifest(name: name, description: description, kind: .continuous, classes: classes,
                                       channels: channels.map { DatasetManifest.ChannelMapping($0) })
        }
        let taken = Set(manifest.recordings.map(\.id))
        let chosen = id ?? (1...).lazy.map { "\(subject)-\($0)" }.first { !taken.contains($0)
            && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("recordings/\($0).csv").path) }!
        guard !chosen.isEmpty, !chosen.contains("/"), !chosen.hasPrefix("."), !taken.contains(chosen) else {
            throw DataFileError(file: manifestURL.path, field: "recording id", "'\(chosen)' is empty, holds a slash or is taken")
        }
        self.folder = folder
        recordingID = chosen
        self.channels = channels
        let recording = folder.appendingPathComponent("recordings/\(chosen).csv")
        try AtomicFile.write("time," + channels.map(\.rawValue).joined(separator: ",") + "\n", to: recording, createFolders: true)
        let annotations = folder.appendingPathComponent("annotations/\(chosen).csv")
        try AtomicFile.write(AnnotationFile.text([], file: annotations.path), to: annotations, createFolders: true)
        manifest.recordings.append(.init(id: chosen, subject: subject, session: session, file: "recordings/\(chosen).csv",
                                         annotations: "annotations/\(chosen).csv"))
        self.manifest = manifest
        do {
            handle = try FileHandle(forWritingTo: recording)
            try handle.seekToEnd()
        } catch {
            throw DataFileError(file: recording.path, "cannot append: \(error.localizedDescription)")
        }
    }

    deinit { try? handle.close() }

    /// Adds `sample` (held until the next ``flush()``); a channel the sample lacks is written as `nan`.
    package func append(_ sample: MotionSample) {
        pending += sample.timestamp.description
        for value in [sample.acceleration.x, sample.acceleration.y, sample.acceleration.z] { pending += "," + value.description }
        if channels.count > 3 {
            let r = sample.rotationRate
            for value in [r?.x, r?.y, r?.z] { pending += "," + (value?.description ?? "nan") }
        }
        pending += "\n"
        samples += 1
    }

    /// Appends the held samples to the file in one write and asks the system to put them on the disk.
    /// - Throws: ``DataFileError`` naming the file (a full disk, a removed folder).
    package func flush() throws(DataFileError) {
        guard !pending.isEmpty else { return }
        do {
            try handle.write(contentsOf: Data(pending.utf8))
            try handle.synchronize()
        } catch {
            throw DataFileError(file: folder.appendingPathComponent(recordingFile).path, "cannot append: \(error.localizedDescription)")
        }
        pending.removeAll(keepingCapacity: true)
        if let manifest {
            try AtomicFile.write(manifest.yaml(), to: folder.appendingPathComponent(DatasetReader.manifestName))
            self.manifest = nil
        }
    }

    /// Replaces the annotation file with `annotations`, sorted by start, atomically.
    package func write(annotations: [Annotation]) throws(DataFileError) {
        let url = folder.appendingPathComponent(annotationFile)
        try AtomicFile.write(AnnotationFile.text(annotations.sorted { ($0.start, $0.end) < ($1.start, $1.end) }, file: url.path), to: url)
    }
}
