/// The file formats frames are written in.
///
/// `png`, `apng`, `rgba` and `y4m` are written by Tessera itself; `mp4`, `webm`, `gif` and `webp`
/// are encoded by an `ffmpeg` executable found on `PATH` (see ``usesFFmpeg``).
public enum FrameFormat: String, CaseIterable, Sendable {
    /// One PNG file, or numbered PNG files in a directory (see ``FrameDestination/directory(_:baseName:)``).
    case png
    /// An animated PNG, written as frames arrive (no frame is held in memory); loops forever.
    case apng
    /// H.264 video (yuv420p) in an MP4 container; the frames are composited over black.
    case mp4
    /// VP9 video with alpha (yuva420p) in a WebM container.
    case webm
    /// An animated GIF with a palette made from the frames, transparency kept; loops forever.
    case gif
    /// An animated WebP, alpha kept; loops forever.
    case webp
    /// Raw frames back to back, no header: width × height × 4 bytes each, straight (not
    /// premultiplied) RGBA8, rows top to bottom (ffmpeg's `-f rawvideo -pix_fmt rgba`).
    case rgba
    /// YUV4MPEG2 video: 4:2:0 (`C420jpeg`), BT.601 limited range, the frames composited over black.
    case y4m

    /// The format a file name extension names, ignoring case: `png`; `apng`; `mp4`, `m4v`; `webm`;
    /// `gif`; `webp`; `rgba`, `raw`; `y4m`. Nil for any other extension.
    public init?(pathExtension: String) {
        let lowered = pathExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.pathExtensions.contains(lowered) }) else { return nil }
        self = format
    }

    /// The file name extensions of the format, in lowercase; the first is the canonical one.
    public var pathExtensions: [String] {
        switch self {
        case .png: ["png"]
        case .apng: ["apng"]
        case .mp4: ["mp4", "m4v"]
        case .webm: ["webm"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .rgba: ["rgba", "raw"]
        case .y4m: ["y4m"]
        }
    }

    /// Whether writing the format needs an `ffmpeg` executable on `PATH`.
    public var usesFFmpeg: Bool {
        switch self {
        case .mp4, .webm, .gif, .webp: true
        case .png, .apng, .rgba, .y4m: false
        }
    }

    /// Whether the format stores transparency; false for `mp4` and `y4m`, whose frames are
    /// composited over black.
    public var keepsAlpha: Bool {
        switch self {
        case .mp4, .y4m: false
        case .png, .apng, .webm, .gif, .webp, .rgba: true
        }
    }

    /// Whether one file of the format holds several frames; false only for `png`.
    public var isAnimation: Bool { self != .png }
}
