/// Hand-written project datasets for reader tests.
public enum DatasetFixture {
    /// The `dataset.yaml` of a continuous project dataset with one recording `id` (subject `s`,
    /// session `1`) read from `file`, its time from column `time` and each channel from its column.
    public static func manifest(time: String, channels: [(name: String, column: String)],
                                file: String, annotations: String? = nil, id: String = "only") -> String {
        var text = "name: fixture\nkind: continuous\ntime: {column: \(time)}\nchannels:\n"
        for channel in channels { text += "  - {name: \(channel.name), column: \(channel.column)}\n" }
        text += "recordings:\n  - {id: \(id), subject: s, session: \"1\", file: \(file)"
        return text + (annotations.map { ", annotations: \($0)}\n" } ?? "}\n")
    }

    /// `accel.x…z` from the columns `prefix` + `x…z`.
    public static func acceleration(_ prefix: String) -> [(name: String, column: String)] {
        ["x", "y", "z"].map { ("accel.\($0)", prefix + $0) }
    }
}
