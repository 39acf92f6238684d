/// An 8-bit coverage plane placed on a target: `width × height` values from 0 (nothing) to 255
/// (full), row by row, the first one covering the target's pixel (``x``, ``y``).
///
/// ``Canvas/renderAlphaMask(width:height:)`` makes one from drawing calls,
/// ``blurred(horizontally:vertically:)`` blurs it and ``Canvas/fill(_:paint:)`` paints through
/// it: together, a drop shadow.
public struct AlphaMask: Hashable, Sendable {
    /// The target column of the first value of each row.
    public var x: Int
    /// The target row of the first row.
    public var y: Int
    public let width: Int
    public let height: Int
    /// The values, row by row: `width × height` of them.
    public internal(set) var values: [UInt8]

    /// A mask of zeros, its first value at target pixel (`x`, `y`). A negative size counts as 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
        values = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The value covering target pixel (`x`, `y`); traps outside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { values[index(x, y)] }
        set { values[index(x, y)] = newValue }
    }

    private func index(_ column: Int, _ row: Int) -> Int {
        precondition(column >= x && column - x < width && row >= y && row - y < height, "pixel outside the mask")
        return (row - y) * width + column - x
    }
}
