// swift-tools-version: 6.0
// The fuzz targets of Tessera's archive, CAML, wallpaper and Lottie readers and image decoders, in a package of its own so
// that the main package's `swift build` and `swift test` are unaffected. See "Fuzzing" in the
// README for how to build and run them.
import PackageDescription

let package = Package(
    name: "TesseraFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Tessera", path: ".."),
    ],
    targets: [
        // libFuzzer's driver, declared for Swift; its code comes with `-sanitize=fuzzer`.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .executableTarget(
            name: "ArchiveFuzzer",
            dependencies: ["CLibFuzzer", .product(name: "Tessera", package: "Tessera"),
                           .product(name: "TesseraRaster", package: "Tessera")]
        ),
        .executableTarget(
            name: "CAMLFuzzer",
            dependencies: ["CLibFuzzer", .product(name: "Tessera", package: "Tessera"),
                           .product(name: "TesseraRaster", package: "Tessera")]
        ),
        .executableTarget(
            name: "WallpaperFuzzer",
            dependencies: ["CLibFuzzer", .product(name: "Tessera", package: "Tessera"),
                           .product(name: "TesseraRaster", package: "Tessera")]
        ),
        .executableTarget(
            name: "LottieFuzzer",
            dependencies: ["CLibFuzzer", .product(name: "Tessera", package: "Tessera"),
                           .product(name: "TesseraLottie", package: "Tessera"),
                           .product(name: "TesseraRaster", package: "Tessera")]
        ),
        .executableTarget(
            name: "ImageFuzzer",
            dependencies: ["CLibFuzzer", .product(name: "Tessera", package: "Tessera")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
