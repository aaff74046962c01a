/// The version of the GestureLab package, recorded in every report.
public enum GestureLabVersion {
    /// The semantic version of this build.
    public static let current = "0.1.0"
}
