import Foundation

/// Record ids are opaque strings ("0001" stays "0001"), but they name files
/// (`reviews/<source>/<id>.json`) and are printed for people, so they are checked before
/// anything is written: nothing that leaves the folder, and nothing that looks like another id.
/// Printable ASCII ids (every id of the four sources) take the byte-by-byte fast path.
public enum RecordID {
    public static let maxLength = 128

    /// Why `id` cannot be a record id, or nil when it can.
    public static func problem(with id: String) -> String? {
        if isPlainASCII(id) { return nil }
        if id.isEmpty { return "is empty" }
        if id.utf8.count > maxLength { return "is longer than \(maxLength) bytes" }
        if id == "." || id == ".." || id.contains("..") { return "contains '..'" }
        if id.hasPrefix(".") { return "starts with '.'" }
        for scalar in id.unicodeScalars {
            switch scalar {
            case "/", "\\": return "contains a path separator '\(scalar)'"
            case ":": return "contains ':' (reserved for SOURCE:ID)"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace && scalar != " " {
                    return "contains a control or line-break character"
                }
                if let problem = visibilityProblem(scalar) { return problem }
            }
        }
        if id.first == " " || id.last == " " { return "starts or ends with a space" }
        if let first = id.unicodeScalars.first, isMark(first) { return "starts with a combining mark (U+\(hex(first)))" }
        if id.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(id.unicodeScalars) == false {
            return "is not in Unicode NFC: it would name a file that looks like another id's"
        }
        return nil
    }

    /// The id rule's "visible and unambiguous" (issue 16): an id names a file and is printed for
    /// people, so every character must show as itself. Refused: format characters (Cf: zero-width
    /// spaces and joiners, bidi controls, the BOM), private-use, unassigned and surrogate code
    /// points, and default-ignorable ones (fillers that render as nothing). With the checks of
    /// `problem` (controls, spaces other than U+0020, a leading combining mark, text outside NFC).
    static func visibilityProblem(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .format: return "contains an invisible format character (U+\(hex(scalar)))"
        case .privateUse, .unassigned, .surrogate: return "contains a private-use or unassigned character (U+\(hex(scalar)))"
        default: return scalar.properties.isDefaultIgnorableCodePoint ? "contains an invisible character (U+\(hex(scalar)))" : nil
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
    }

    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The common case, checked byte by byte: printable ASCII without separators, a leading
    /// dot or `..` (every rule below holds for such an id).
    static func isPlainASCII(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= maxLength, bytes[0] != UInt8(ascii: ".") else { return false }
            var previous: UInt8 = 0
            for b in bytes {
                if b < 0x21 || b > 0x7E || b == UInt8(ascii: "/") || b == UInt8(ascii: "\\") || b == UInt8(ascii: ":") { return false }
                if b == UInt8(ascii: ".") && previous == b { return false }
                previous = b
            }
            return true
        }
    }

    /// Source names follow the same rules, so they can name folders and files too.
    public static func sourceNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        let allowed = name.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        }
        return allowed ? nil : "may hold only lowercase letters, digits, '-' and '_'"
    }
}
