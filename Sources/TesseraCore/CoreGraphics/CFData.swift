import Foundation

/// CoreFoundation's data type, which ported code names when it hands bytes to CoreGraphics
/// (`CGDataProvider(data: data as CFData)`). Linux's Foundation has no `CFData`; here it is
/// `Data` itself, so that `as CFData` compiles unchanged and costs nothing.
public typealias CFData = Data
