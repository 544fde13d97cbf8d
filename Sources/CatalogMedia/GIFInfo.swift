import CGif
import CatalogModel

/// Reads a GIF's facts with giflib: logical screen size and frame count, walking every record of
/// the file (so a truncated file fails) without decompressing image data (so a decompression bomb
/// costs nothing). Limits reject absurd screens and frame counts before any work is done.
public enum GIFInfo {
    public static let maxDimension = 8192
    public static let maxFrames = 2000

    public struct Facts: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var frames: Int

        public init(width: Int, height: Int, frames: Int) {
            self.width = width
            self.height = height
            self.frames = frames
        }
    }

    /// Why the bytes are not an acceptable GIF.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// The source of bytes giflib reads through its callback.
    final class Input {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    public static func read(_ bytes: [UInt8]) -> Result<Facts, Problem> {
        guard bytes.count >= 6, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) else {
            return .failure(Problem(message: "not a GIF (no GIF87a/GIF89a signature)"))
        }
        let input = Input(bytes)
        let unmanaged = Unmanaged.passRetained(input)
        defer { unmanaged.release() }
        var error: Int32 = 0
        let reader: InputFunc = { gif, buffer, length in
            guard let gif, let buffer, let user = gif.pointee.UserData else { return 0 }
            let input = Unmanaged<Input>.fromOpaque(user).takeUnretainedValue()
            let n = min(Int(length), input.bytes.count - input.offset)
            guard n > 0 else { return 0 }
            input.bytes.withUnsafeBufferPointer { source in
                buffer.update(from: source.baseAddress! + input.offset, count: n)
            }
            input.offset += n
            return Int32(n)
        }
        guard let gif = DGifOpen(unmanaged.toOpaque(), reader, &error) else {
            return .failure(Problem(message: "unreadable GIF header (\(describe(error)))"))
        }
        defer { var closeError: Int32 = 0; DGifCloseFile(gif, &closeError) }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0, width <= maxDimension, height <= maxDimension else {
            return .failure(Problem(message: "logical screen \(width)×\(height) is outside 1…\(maxDimension) (a decompression bomb?)"))
        }
        var frames = 0
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { return .failure(failure(gif, "truncated or damaged after \(frames) frames")) }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return .failure(failure(gif, "damaged image descriptor")) }
                frames += 1
                if frames > maxFrames { return .failure(Problem(message: "more than \(maxFrames) frames (a decompression bomb?)")) }
                let desc = gif.pointee.Image
                guard Int(desc.Width) <= maxDimension, Int(desc.Height) <= maxDimension else {
                    return .failure(Problem(message: "frame \(frames) is \(desc.Width)×\(desc.Height), above \(maxDimension)"))
                }
                var codeSize: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { return .failure(failure(gif, "truncated image data in frame \(frames)")) }
                while block != nil {
                    guard DGifGetCodeNext(gif, &block) == GIF_OK else { return .failure(failure(gif, "truncated image data in frame \(frames)")) }
                }
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var ext: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &ext) == GIF_OK else { return .failure(failure(gif, "damaged extension")) }
                while ext != nil {
                    guard DGifGetExtensionNext(gif, &ext) == GIF_OK else { return .failure(failure(gif, "truncated extension")) }
                }
            case TERMINATE_RECORD_TYPE:
                guard frames > 0 else { return .failure(Problem(message: "no frames")) }
                return .success(Facts(width: width, height: height, frames: frames))
            default:
                return .failure(failure(gif, "unknown record type"))
            }
        }
    }

    static func failure(_ gif: UnsafeMutablePointer<GifFileType>, _ what: String) -> Problem {
        Problem(message: "\(what) (\(describe(gif.pointee.Error)))")
    }

    static func describe(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
