import Foundation

extension ReportPage {
    /// The page's script: reads `#report-data`, draws the explorer as SVG and runs the outcome table.
    /// Hand-written, no library; `window.GestureLabReport` exposes the view for the browser test. Its one copy is
    /// the module's resource `Reports/Resources/report.js` (`.copy` in Package.swift), inlined as it is.
    static let script: String = {
        guard let url = Bundle.module.url(forResource: "report", withExtension: "js"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("GestureEval's resource report.js is missing from \(Bundle.module.bundlePath)")
        }
        return text
    }()
}
