import Foundation

/// Renders SVG plots with `rsvg-convert` on a canvas padded around their viewBox and reports whatever is drawn
/// outside it (text the image edge would clip), through `Tests/GestureEvalTests/Reports/Rendering/svg_overflow.py`.
/// Needs `rsvg-convert` (librsvg2-bin) and Python with Pillow, which `scripts/setup.sh` installs.
public enum PlotRendering {
    /// The checker script.
    public static var checker: URL {
        SharedData.packageRoot.appendingPathComponent("Tests/GestureEvalTests/Reports/Rendering/svg_overflow.py")
    }

    /// Runs the checker on `files`: status 0 when nothing is drawn outside any image, 1 with one line per
    /// overflowing file on stdout, 2 when a tool is missing (named on stderr).
    public static func overflows(in files: [URL]) throws -> ExternalProgram.Result {
        try ExternalProgram.run(named: "python3", [checker.path] + files.map(\.path))
    }
}
