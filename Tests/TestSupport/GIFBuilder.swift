/// Builds small GIF files byte by byte for tests: frames of 1×1 pixels placed on a logical screen,
/// with optional local color tables, interlacing, comment and application (loop) extensions.
public struct GIFBuilder {
    public var width: Int
    public var height: Int
    public var frames: Int
    public var localColorTables = false
    public var interlaced = false
    public var comment: String?
    public var loop = true
    /// Distinguishes otherwise equal animations (goes into the first frame's delay).
    public var variant = 0

    public init(width: Int, height: Int, frames: Int) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }

    public var bytes: [UInt8] {
        var out = Array("GIF89a".utf8)
        out += Self.le16(width) + Self.le16(height) + [0x80, 0, 0]       // global color table of 2 colors
        out += [0, 0, 0, 0xFF, 0xFF, 0xFF]
        if loop { out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00] }
        if let comment {
            let text = Array(comment.utf8.prefix(255))
            out += [0x21, 0xFE, UInt8(text.count)] + text + [0x00]
        }
        for i in 0..<frames {
            let delay = i == 0 ? 10 + variant : 10
            out += [0x21, 0xF9, 0x04, 0x00] + Self.le16(delay) + [0x00, 0x00]  // graphic control
            var packed: UInt8 = 0
            if localColorTables { packed |= 0x80 }
            if interlaced { packed |= 0x40 }
            out += [0x2C] + Self.le16(i % width) + Self.le16(i % height) + Self.le16(1) + Self.le16(1) + [packed]
            if localColorTables { out += [UInt8(i & 0xFF), 0x10, 0x20, 0x30, 0x40, 0x50] }
            out += [0x02, 0x02, 0x44, 0x01, 0x00]                           // LZW data of one pixel
        }
        out.append(0x3B)
        return out
    }
}
