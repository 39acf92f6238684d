/// Where a ``FrameWriter`` puts its frames.
public enum FrameDestination: Sendable, Equatable {
    /// A file at this path. It is written under a hidden temporary name in the same folder and
    /// renamed onto the path by ``FrameWriter/finish()``, so the path never holds a half-written file.
    case file(String)
    /// The process's standard output, for pipes.
    case standardOutput
    /// Numbered PNG files in a directory, `png` only: `DIR/baseName-0001.png`, `-0002.png`, … (four
    /// digits, more when the frame count needs them). The directory is created when missing.
    case directory(String, baseName: String)

    /// How errors name the destination.
    var displayName: String {
        switch self {
        case .file(let path), .directory(let path, _): path
        case .standardOutput: "standard output"
        }
    }
}
