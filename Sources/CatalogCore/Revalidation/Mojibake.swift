import CatalogJSON
import CatalogModel

/// Undoes mojibake: UTF-8 bytes that were decoded with a single-byte code page and encoded
/// again ("youâ€™ll", "45в°"). Each repair only turns a run of characters that the code page
/// maps back to a valid UTF-8 sequence into the one character that sequence encodes.
public enum Mojibake {
    public enum CodePage: String, Sendable, CaseIterable {
        /// Also covers ISO-8859-1: its 0x80–0x9F are the C1 controls, which Windows-1252 text
        /// carries for the five bytes it leaves unassigned (0x81, 0x8D, 0x8F, 0x90, 0x9D).
        case windows1252 = "windows-1252"
        case windows1251 = "windows-1251"
    }

    /// A repaired text and how: the code page read, whether the mojibake had its case changed
    /// since ("45в°" is "45В°" lowercased), and whether it was repaired twice (double mojibake).
    public struct Repair: Sendable, Equatable {
        public var text: String
        public var codePage: String
        public var caseChanged: Bool
        public var passes: Int

        /// "windows-1252", "iso-8859-1, case-changed", "windows-1252 twice".
        public var detail: String {
            codePage + (passes > 1 ? " twice" : "") + (caseChanged ? ", case-changed" : "")
        }
    }

    /// Windows-1252's 0x80–0x9F, unassigned ones as the C1 control of the same value.
    static let cp1252High: [UInt32] = (0x80...0x9F).map { b in cp1252.first { $0.value == b }?.key ?? UInt32(b) }
    /// Windows-1252's 0x80–0x9F (the rest of 0x00–0xFF maps to the same code points).
    static let cp1252: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02C6: 0x88,
        0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93,
        0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// Windows-1251's 0x80–0xBF (0xC0–0xFF are А–я, U+0410–U+044F, in order).
    static let cp1251High: [UInt32] = [
        0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
        0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x0098, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
        0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
        0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,
    ]
    static let cp1251: [UInt32: UInt8] = {
        var map: [UInt32: UInt8] = [:]
        for (i, scalar) in cp1251High.enumerated() { map[scalar] = UInt8(0x80 + i) }
        for i in 0..<64 { map[UInt32(0x0410 + i)] = UInt8(0xC0 + i) }
        return map
    }()

    /// The byte `scalar` stands for when text was decoded with `page`; nil when none. A space
    /// may stand for 0xA0: canonical text turns a no-break space into a plain one.
    static func byte(_ scalar: Unicode.Scalar, _ page: CodePage) -> UInt8? {
        let v = scalar.value
        if v < 0x80 { return UInt8(v) }
        switch page {
        case .windows1252:
            if v < 0x100 { return UInt8(v) }
            return cp1252[v]
        case .windows1251:
            if v == 0x98 { return 0x98 }  // Windows-1251's one unassigned byte, carried as a C1 control
            return cp1251[v]
        }
    }

    /// How a pass reads ambiguous characters: a letter as itself or in the other case first
    /// (the mojibake was case-changed), a space as a no-break space or not.
    struct Reading: Sendable {
        var page: CodePage
        var otherCaseFirst: Bool
        var spaceAsNoBreak: Bool

        static let all: [Reading] = CodePage.allCases.flatMap { page in
            [(false, false), (false, true), (true, false), (true, true)].map { Reading(page: page, otherCaseFirst: $0.0, spaceAsNoBreak: $0.1) }
        }
    }

    /// Every way the text repairs (one code page, one or two passes), most likely first; empty
    /// when nothing in it reads as mojibake.
    public static func repairs(_ text: String) -> [Repair] {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return [] }
        var out: [Repair] = []
        func add(_ repair: Repair) {
            if !out.contains(where: { $0.text == repair.text }) { out.append(repair) }
        }
        for reading in Reading.all {
            guard let once = repairOnce(text, reading) else { continue }
            let name = reading.page == .windows1252 && once.latin1 ? "iso-8859-1" : reading.page.rawValue
            add(Repair(text: once.text, codePage: name, caseChanged: once.caseChanged, passes: 1))
            if let twice = repairOnce(once.text, reading) {
                add(Repair(text: twice.text, codePage: name, caseChanged: once.caseChanged || twice.caseChanged, passes: 2))
            }
        }
        return out
    }

    /// The mojibake runs in a text as written (each reads back as one character), by the plain
    /// reading of every code page.
    public static func runs(_ text: String) -> [String] {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return [] }
        let scalars = Array(text.unicodeScalars)
        var out: [String] = []
        for page in CodePage.allCases {
            let reading = Reading(page: page, otherCaseFirst: false, spaceAsNoBreak: false)
            var i = 0
            while i < scalars.count {
                if scalars[i].value >= 0x80, let run = decode(scalars, at: i, reading) {
                    var s = String.UnicodeScalarView()
                    s.append(contentsOf: scalars[i..<(i + run.length)])
                    out.append(String(s))
                    i += run.length
                } else {
                    i += 1
                }
            }
        }
        return out
    }

    /// A mojibake run today's text has that the old one had not (an edit that broke the text).
    public static func introducedRun(old: String, new: String) -> String? {
        let fresh = runs(new)
        guard !fresh.isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for run in runs(old) { counts[run, default: 0] += 1 }
        for run in fresh {
            if counts[run, default: 0] > 0 { counts[run]! -= 1 } else { return run }
        }
        return nil
    }

    /// How `text` looks when its UTF-8 is read with `page` (bytes a page leaves unassigned as
    /// C1 controls): mojibake made on purpose, for tests and fuzzing.
    public static func misread(_ text: String, as page: CodePage) -> String {
        var out = String.UnicodeScalarView()
        for b in text.utf8 {
            switch page {
            case .windows1252: out.append(Unicode.Scalar(b >= 0x80 && b <= 0x9F ? cp1252High[Int(b - 0x80)] : UInt32(b))!)
            case .windows1251: out.append(Unicode.Scalar(b < 0x80 ? UInt32(b) : (b >= 0xC0 ? 0x0410 + UInt32(b - 0xC0) : cp1251High[Int(b - 0x80)]))!)
            }
        }
        return String(out)
    }

    /// The text with every mojibake run read as Windows-1252 decoded; unchanged when there is none.
    public static func repair(_ text: String) -> String {
        repairOnce(text, Reading(page: .windows1252, otherCaseFirst: false, spaceAsNoBreak: false))?.text ?? text
    }

    /// One pass over the text; nil when no run decoded. `latin1` tells a C1 control stood where
    /// Windows-1252 has a printable character (the text was read as ISO-8859-1).
    static func repairOnce(_ text: String, _ reading: Reading) -> (text: String, caseChanged: Bool, latin1: Bool)? {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var repaired = false, caseChanged = false, latin1 = false
        while i < scalars.count {
            if scalars[i].value >= 0x80, let run = decode(scalars, at: i, reading) {
                out.append(run.scalar)
                repaired = true
                caseChanged = caseChanged || run.caseChanged
                latin1 = latin1 || run.latin1
                i += run.length
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return repaired ? (String(out), caseChanged, latin1) : nil
    }

    /// The UTF-8 sequence that starts at `i`, when the code page maps its characters to one.
    static func decode(_ scalars: [Unicode.Scalar], at i: Int, _ reading: Reading) -> (scalar: Unicode.Scalar, length: Int, caseChanged: Bool, latin1: Bool)? {
        let page = reading.page
        func candidates(_ s: Unicode.Scalar) -> [(byte: UInt8, swapped: Bool)] {
            var out: [(UInt8, Bool)] = []
            if let b = byte(s, page) { out.append((b, false)) }
            if let other = swappedCase(s), let b = byte(other, page) { out.insert((b, true), at: reading.otherCaseFirst ? 0 : out.count) }
            return out
        }
        for (lead, swappedLead) in candidates(scalars[i]) where lead >= 0xC2 && lead <= 0xF4 {
            let length = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : 2)
            guard i + length <= scalars.count else { continue }
            var bytes = [lead]
            var swapped = swappedLead
            for k in 1..<length {
                let s = scalars[i + k]
                if reading.spaceAsNoBreak && s == " " {
                    bytes.append(0xA0)
                } else if let c = candidates(s).first(where: { $0.byte >= 0x80 && $0.byte <= 0xBF }) {
                    bytes.append(c.byte)
                    swapped = swapped || c.swapped
                } else {
                    break
                }
            }
            guard bytes.count == length, let decoded = String(validating: bytes, as: UTF8.self), decoded.unicodeScalars.count == 1 else { continue }
            var scalar = decoded.unicodeScalars.first!
            // The case change the mojibake went through applies to the letter it stands for.
            if swapped, scalars[i].properties.isLowercase, let lower = decoded.lowercased().unicodeScalars.first, decoded.lowercased().unicodeScalars.count == 1 {
                scalar = lower
            }
            let c1 = (1..<length).contains { k in (0x80...0x9F).contains(scalars[i + k].value) && cp1252.values.contains(UInt8(scalars[i + k].value)) }
            return (scalar, length, swapped, page == .windows1252 && c1)
        }
        return nil
    }

    /// The scalar in the other case, when it has a single-scalar one.
    static func swappedCase(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let s = String(scalar)
        let other = scalar.properties.isLowercase ? s.uppercased() : s.lowercased()
        guard other != s, other.unicodeScalars.count == 1 else { return nil }
        return other.unicodeScalars.first
    }
}
