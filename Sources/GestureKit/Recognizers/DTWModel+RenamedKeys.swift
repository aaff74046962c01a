extension DTWModel {
    /// The keys a model file of `version` uses that this library reads under new names (empty for
    /// ``currentVersion`` and for versions it does not read). Decoding migrates them silently; a tool that
    /// knows the file reports them.
    package static func renamedKeys(inVersion version: Int) -> [RenamedKey] {
        guard (oldestReadableVersion..<currentVersion).contains(version) else { return [] }
        var keys = [RenamedKey("signal", "channels", conversion: "with axes: signal userAcceleration, axes [x, y] is channels [user.x, user.y]"),
                    RenamedKey("axes", "channels")]
        if version == 1 {
            keys.append(RenamedKey("preprocessing.downsampleFactor", "preprocessing.downsampleRate",
                                   conversion: "a count of samples becomes Hz: samplingRate / factor"))
        }
        return keys
    }
}
