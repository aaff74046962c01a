/// The version of the GestureLab package, recorded in every report.
package enum GestureLabVersion {
    /// The semantic version of this build.
    package static let current = "0.1.0"
}
