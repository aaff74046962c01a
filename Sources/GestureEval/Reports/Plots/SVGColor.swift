/// A colour for SVG plots, written as `#rrggbb`.
package struct SVGColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, green and blue, 0–255 each.
    package var red: Int, green: Int, blue: Int

    /// Creates a colour from 0–255 components (clamped).
    package init(red: Int, green: Int, blue: Int) {
        self.red = min(255, max(0, red))
        self.green = min(255, max(0, green))
        self.blue = min(255, max(0, blue))
    }

    /// Creates a colour from `0xRRGGBB`.
    package init(hex: UInt32) {
        self.init(red: Int(hex >> 16 & 0xFF), green: Int(hex >> 8 & 0xFF), blue: Int(hex & 0xFF))
    }

    /// `#rrggbb`.
    package var description: String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for c in [red, green, blue] { s.append(digits[c / 16]); s.append(digits[c % 16]) }
        return s
    }

    /// The colour `fraction` (0…1) of the way from `self` to `other`.
    package func mixed(with other: SVGColor, _ fraction: Double) -> SVGColor {
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        return SVGColor(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    /// Relative luminance, 0 (black) to 1 (white); chooses readable text on a fill.
    package var luminance: Double { (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255 }

    /// Black.
    package static let black = SVGColor(hex: 0x000000)
    /// White: backgrounds and text on dark cells.
    package static let white = SVGColor(hex: 0xFFFFFF)
    /// Axis lines and labels.
    package static let ink = SVGColor(hex: 0x222222)
    /// Grid lines.
    package static let grid = SVGColor(hex: 0xE5E5E5)
    /// Secondary text and cancelled events.
    package static let muted = SVGColor(hex: 0x777777)

    /// Ten distinguishable colours (matplotlib's `tab10`, so notebook redraws match).
    package static let palette: [SVGColor] = [
        0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf,
    ].map(SVGColor.init(hex:))

    /// The palette colour for index `i` (wrapping).
    package static func palette(_ i: Int) -> SVGColor { palette[((i % palette.count) + palette.count) % palette.count] }
}
