import Foundation

/// Manifests for the files common recording tools export, so `gesturelab datasets import PRESET DIR`
/// needs no manifest file. Each is a resource of this module, `Resources/Presets/<name>.yaml`, the one copy:
/// `datasets/presets/<name>/dataset.yaml` is a link to it, beside which a short example recording shows the
/// layout (a test checks both); the unit, sign and clock conversions are stated in each manifest.
///
/// - `sensor-logger`: Sensor Logger (Android) export, one CSV per sensor, nanosecond epoch clock.
/// - `sensor-logger-ios`: Sensor Logger (iOS) export: user acceleration and gravity in two files, added up.
/// - `phyphox`: phyphox CSV export, one CSV per sensor, seconds since the experiment started.
/// - `phyphox-raw`: phyphox's single-file export "Raw Data.csv" of "Acceleration with g".
/// - `android-csv`: Android sensor CSV, epoch milliseconds, batches, a label column.
/// - `coremotion-logger`: iOS CoreMotion logger CSV (SensorLog-style names).
/// - `empatica-e4`: Empatica E4 `ACC.csv`, two metadata rows (start time, rate), counts of 1/64 g.
/// - `actigraph-csv`: ActiGraph GT3X+ CSV by ActiLife, a 10-line preamble, date-time text, g.
/// - `wisdm-raw`: WISDM v1.1 raw, no header, lines ending with `;`, uptime nanoseconds, m/s², activity labels.
/// - `mhealth`: mHealth format, `HEADER_TIME_STAMP` date-time text, `X,Y,Z` or the long names, g.
/// - `mhealth-log`: the MHEALTH dataset's `.log` files, whitespace-separated without header or clock (50 Hz), three
///   units (chest; `left-ankle` and `right-lowerarm` with gyroscopes), m/s² and °/s, activity labels.
/// - `garmin`: Garmin watch accelerometer CSV, ISO-8601 time with offset, milli-g.
/// - `activpal`: activPAL raw CSV, spreadsheet days, 8-bit counts around 128.
/// - `shimmer-consensys`: Shimmer3 by Consensys, a `"sep="` line, a units row, Unix ms, m/s² and °/s.
/// - `shimmer-consensys-wrist-ankle`: two such exports, the wrist (primary) and the ankle (the unit `ankle`), one
///   Unix clock (a `clock:` under the ankle stream for units that drifted).
/// - `axivity-ax3`, `axivity-ax6`: OMGUI CSV without a header, date-time text, g (and °/s).
/// - `axivity-ax3-thigh-back`: two AX3 exports of OMGUI, the thigh (primary) and the lower back (the unit `back`),
///   one clock by their date-time text (a `clock:` under the back stream for devices that drifted).
/// - `metawear`: MbientLab MetaWear/MetaBase CSV, one file per sensor at its own rate, Unix ms, g and °/s.
/// - `polar-sensor-logger`: Polar Sensor Logger ACC and GYRO, `;`, the sensor's ns, mg and °/s.
/// - `arduino-imu-capture`: Arduino IMU_Capture's log, no time column (119 Hz), g and °/s.
public enum ImportPresets {
    /// The presets' manifests (YAML text) by name: every `<name>.yaml` of the module's `Presets` resource.
    public static let byName: [String: String] = {
        guard let folder = Bundle.module.url(forResource: "Presets", withExtension: nil),
              let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else {
            preconditionFailure("GestureData's resource folder Presets is missing from \(Bundle.module.bundlePath)")
        }
        var presets: [String: String] = [:]
        for file in files where file.pathExtension == "yaml" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { preconditionFailure("cannot read \(file.path)") }
            presets[file.deletingPathExtension().lastPathComponent] = text
        }
        return presets
    }()

    /// The presets one of whose files has a header like `header`: every column its time and channels name (`*` a
    /// wildcard, ``ColumnPattern``) is among the fields, by name. Presets whose files have no header never fit.
    /// O(presets × columns × header).
    static func fitting(header: [String]) -> [String] {
        let fields = header.map { $0.trimmingCharacters(in: .whitespaces) }
        return decoded.filter { _, manifest in
            let files = [(manifest.table, manifest.time, manifest.channels)]
                + (manifest.streams ?? []).map { ($0.table ?? manifest.table, $0.time ?? manifest.time, $0.channels) }
            return files.contains { table, time, channels in
                let names = channels.compactMap(\.column) + [time.column].compactMap { $0 }
                return table.header && !channels.isEmpty && channels.allSatisfy { $0.column != nil }
                    && names.allSatisfy { ColumnPattern.indices(of: $0, in: fields).count == 1 }
            }
        }.map(\.name)
    }

    /// Every preset's manifest, decoded once, by name in order (a preset that does not decode is left out: the tests
    /// decode each).
    static let decoded: [(name: String, manifest: DatasetManifest)] = byName.keys.sorted().compactMap { name in
        (try? manifest(name)).flatMap { $0 }.map { (name, $0) }
    }

    /// Advice naming the presets that fit `header` (``fitting(header:)``), to append to a refusal; empty when none fits.
    static func advice(header: [String]) -> String {
        let names = fitting(header: header)
        guard !names.isEmpty else { return "" }
        return "; the header is that of the \(names.joined(separator: " or ")) preset: gesturelab datasets import \(names[0]) DIR --out OUT"
    }

    /// The manifest of preset `name`, or `nil` when there is none by that name.
    package static func manifest(_ name: String) throws(DataFileError) -> DatasetManifest? {
        guard let yaml = byName[name] else { return nil }
        return try DatasetManifest(yaml: yaml, file: "datasets/presets/\(name)/dataset.yaml")
    }
}
