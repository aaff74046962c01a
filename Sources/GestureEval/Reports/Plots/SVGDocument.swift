import Foundation

/// A standalone SVG image built element by element, with deterministic text output.
///
/// Coordinates are SVG user units (pixels), origin top left, y down. Numbers are written with
/// at most two decimals, so the same drawing always gives the same bytes.
///
/// ```swift
/// var svg = SVGDocument(width: 200, height: 100)
/// svg.line(x1: 10, y1: 90, x2: 190, y2: 10, stroke: .ink)
/// svg.text("rising", x: 100, y: 20, anchor: .middle)
/// try AtomicFile.write(svg.data, to: url)
/// ```
package struct SVGDocument: Hashable, Sendable {
    /// Horizontal alignment of text relative to its anchor point.
    package enum TextAnchor: String, Sendable {
        /// The text begins at the anchor.
        case start
        /// The text is centred on the anchor.
        case middle
        /// The text ends at the anchor.
        case end
    }

    /// Width, pixels.
    package var width: Double
    /// Height, pixels.
    package var height: Double
    /// Title for accessibility (the `<title>` element).
    package var title: String
    private var elements: [String] = []

    /// Creates an empty image with a white background.
    package init(width: Double, height: Double, title: String = "") {
        self.width = width
        self.height = height
        self.title = title
        rect(x: 0, y: 0, width: width, height: height, fill: .white)
    }

    /// A straight line; `dash` is an SVG dash pattern such as `"4 3"`.
    package mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: SVGColor,
                              width: Double = 1, dash: String? = nil, opacity: Double = 1) {
        var e = "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\""
        e += " stroke-width=\"\(n(width))\""
        if let dash { e += " stroke-dasharray=\"\(Self.escape(dash))\"" }
        if opacity < 1 { e += " stroke-opacity=\"\(n(opacity))\"" }
        elements.append(e + "/>")
    }

    /// A connected line through `points`; non-finite points break the line into pieces.
    ///
    /// - Complexity: O(points).
    package mutating func polyline(_ points: [(x: Double, y: Double)], stroke: SVGColor, width: Double = 1.5,
                                  dash: String? = nil) {
        var run: [String] = []
        func flush() {
            if run.count > 1 {
                var e = "<polyline fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\""
                e += " stroke-linejoin=\"round\""
                if let dash { e += " stroke-dasharray=\"\(Self.escape(dash))\"" }
                elements.append(e + " points=\"\(run.joined(separator: " "))\"/>")
            }
            run.removeAll()
        }
        for p in points {
            if p.x.isFinite && p.y.isFinite { run.append("\(n(p.x)),\(n(p.y))") } else { flush() }
        }
        flush()
    }

    /// A rectangle; negative sizes are normalised.
    package mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: SVGColor?,
                              stroke: SVGColor? = nil, strokeWidth: Double = 1, opacity: Double = 1) {
        let x0 = min(x, x + width), y0 = min(y, y + height)
        var e = "<rect x=\"\(n(x0))\" y=\"\(n(y0))\" width=\"\(n(abs(width)))\" height=\"\(n(abs(height)))\""
        e += " fill=\"\(fill.map(\.description) ?? "none")\""
        if opacity < 1 { e += " fill-opacity=\"\(n(opacity))\"" }
        if let stroke { e += " stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\"" }
        elements.append(e + "/>")
    }

    /// A filled circle (a data marker).
    package mutating func circle(cx: Double, cy: Double, r: Double, fill: SVGColor, stroke: SVGColor? = nil) {
        var e = "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"\(fill)\""
        if let stroke { e += " stroke=\"\(stroke)\"" }
        elements.append(e + "/>")
    }

    /// A closed filled polygon (a triangle marker, for example).
    package mutating func polygon(_ points: [(x: Double, y: Double)], fill: SVGColor) {
        let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
        elements.append("<polygon points=\"\(list)\" fill=\"\(fill)\"/>")
    }

    /// Text at (`x`, `y`) (the baseline); `rotation` in degrees, clockwise, about the anchor point.
    package mutating func text(_ string: String, x: Double, y: Double, size: Double = 11,
                              anchor: TextAnchor = .start, fill: SVGColor = .ink, bold: Bool = false,
                              rotation: Double = 0) {
        var e = "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        if anchor != .start { e += " text-anchor=\"\(anchor.rawValue)\"" }
        if fill != .ink { e += " fill=\"\(fill)\"" }
        if bold { e += " font-weight=\"bold\"" }
        if rotation != 0 { e += " transform=\"rotate(\(n(rotation)) \(n(x)) \(n(y)))\"" }
        elements.append(e + ">\(Self.escape(string))</text>")
    }

    /// A title centred on `x` that stays inside `span` (pixels): the font shrinks down to 9 px and
    /// then the text is shortened with an ellipsis, so a long title is never clipped by the image edge.
    /// The full text stays in the document's `<title>`. O(title length).
    package mutating func fittedTitle(_ string: String, x: Double, y: Double, within span: ClosedRange<Double>,
                                     size: Double = 13, bold: Bool = true) {
        let room = max(span.upperBound - span.lowerBound, 1)
        var fontSize = size
        while fontSize > 9, Self.textWidth(string, size: fontSize) > room { fontSize -= 0.5 }
        var shown = string
        if Self.textWidth(shown, size: fontSize) > room {
            let keep = max(1, Int(room / (fontSize * 0.58)) - 1)
            shown = String(string.prefix(keep)) + "…"
        }
        let half = Self.textWidth(shown, size: fontSize) / 2
        let centre = min(max(x, span.lowerBound + half), span.upperBound - half)
        text(shown, x: centre, y: y, size: fontSize, anchor: .middle, bold: bold)
    }

    /// The complete SVG document.
    package var xml: String {
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\""
        s += " viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
        if !title.isEmpty { s += "<title>\(Self.escape(title))</title>\n" }
        for e in elements { s += e; s += "\n" }
        return s + "</svg>\n"
    }

    /// The document as UTF-8 bytes.
    package var data: Data { Data(xml.utf8) }

    /// Estimated width of `string` in pixels at font size `size` (a proportional-font average).
    package static func textWidth(_ string: String, size: Double = 11) -> Double {
        Double(string.count) * size * 0.58
    }

    /// Escapes `&`, `<`, `>` and quotes for XML text and attributes; drops control characters XML forbids.
    package static func escape(_ string: String) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A coordinate with at most two decimals and no trailing zeros.
    private func n(_ value: Double) -> String { SVGDocument.number(value) }

    /// Formats `value` with at most two decimals, no trailing zeros, `0` for non-finite values.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths == 0 { return "0" }
        var s = String(format: "%.2f", hundredths / 100)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
