// swift-tools-version: 6.0
import PackageDescription

/// What `import Tessera` brings, as direct dependencies of every target that imports it (or uses a module that does).
/// SwiftPM recompiles a module only when the interface file of one of its *direct* dependencies changes, and the
/// compiler leaves an interface file untouched when its bytes would not change: `Tessera` re-exports the model, so
/// after a change to a class of TesseraCore that moves no public declaration (a private method, a stored property)
/// `Tessera`'s interface stays the same and a target that named only `Tessera` kept calling the class's methods at
/// their old vtable offsets (wrong pixels, crashes; found in the bench's text scene). Naming each module makes a
/// change of any of them rebuild the target.
let tesseraModules: [Target.Dependency] = [
    "Tessera", "TesseraCore", "TesseraKeyedArchive", "TesseraDocument", "TesseraCAAR", "TesseraCAML", "TesseraRaster",
]

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TesseraRaster", targets: ["TesseraRaster"]),
        .library(name: "Tessera", targets: ["Tessera"]),
        .library(name: "TesseraLottie", targets: ["TesseraLottie"]),
        .executable(name: "tessera", targets: ["TesseraCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalogs of TesseraRaster, TesseraKeyedArchive,
        // TesseraCore, TesseraDocument, TesseraCAAR, TesseraCAML, Tessera, TesseraLottie and TesseraZip (TesseraXML
        // has no public API).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // An independent zip *writer* for the tests' fixtures (`.tendies` and `.lottie` files, and the zips
        // TesseraZipTests reads back). No library or executable depends on it: the readers use TesseraZip.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // Pixel and coverage kernels in C on SIMDe (Debian's libsimde-dev, header-only, no pkg-config file)
        // and vector types, in folders by family; their own headers are included from the target's root.
        .target(name: "CTesseraSIMD", path: "Sources/CTesseraSIMD", cSettings: [.headerSearchPath(".")]),
        .systemLibrary(
            name: "CLibPNG",
            path: "Sources/CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // libpng behind plain C functions: libpng reports errors by longjmp, which Swift cannot catch.
        .target(name: "CTesseraPNG", dependencies: ["CLibPNG"], path: "Sources/CTesseraPNG"),
        .systemLibrary(
            name: "CLibJPEG",
            path: "Sources/CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        // libjpeg-turbo behind plain C functions, for the same reason (its error manager must not return).
        .target(name: "CTesseraJPEG", dependencies: ["CLibJPEG"], path: "Sources/CTesseraJPEG"),
        // HarfBuzz, FreeType and fontconfig (Debian's libharfbuzz0b, libfreetype6, libfontconfig1, which
        // libharfbuzz-dev, libfreetype-dev and libfontconfig-dev install): CATextLayer's shaping, glyph outlines
        // and font names, loaded with dlopen the first time text is laid out rather than linked (see its header:
        // linked, they and their own libraries were loaded at every start).
        .target(name: "CTextLibraries", path: "Sources/CTextLibraries"),
        .target(name: "TesseraRaster", dependencies: ["CTesseraSIMD", "CTesseraPNG", "CTesseraJPEG"]),
        // Binary property lists and NSKeyedArchiver's keyed archives, read and written: the coding under
        // Core Animation Archives, knowing nothing of layers.
        .target(name: "TesseraKeyedArchive"),
        // A strict, DTD-free XML 1.0 reader with line and column in its errors: the syntax under CAML,
        // knowing nothing of layers.
        .target(name: "TesseraXML"),
        // Core Animation's model (layers, animations, timing, drawing) on top of the rasterizer: knows no file format.
        // The macOS story: on every platform the model and the CoreGraphics names it adds (CGPath, CGColor, …) are
        // this module's own types, built as on Linux, and nothing in the package imports QuartzCore or CoreGraphics,
        // so a scene is drawn by the same code on a Mac as on a server. A file that also imports QuartzCore, CoreGraphics,
        // UIKit or AppKit names them with the module: `TesseraCore.CALayer`, `TesseraCore.CGPath`.
        .target(name: "TesseraCore", dependencies: ["TesseraRaster", "CTextLibraries"]),
        // What the file formats share: the document they read and write (`SceneDocument`, its states and
        // errors), the one list of the coded properties, and the class names and keys of Core Animation's files.
        .target(name: "TesseraDocument", dependencies: ["TesseraCore", "TesseraRaster", "TesseraKeyedArchive"]),
        // zlib (Debian's zlib1g-dev, which libpng-dev depends on): the deflate of zip entries.
        .systemLibrary(name: "CLibZ", path: "Sources/CLibZ"),
        // Zip archives read with every size and offset checked, entries inflated within a limit: the container
        // of `.tendies` and `.lottie` files, knowing nothing of layers.
        .target(name: "TesseraZip", dependencies: ["CLibZ"]),
        // CAML, Core Animation's XML: its value syntaxes, reader and writer, `.ca` bundles, and `.tendies`
        // wallpapers (zips of `.ca` bundles).
        .target(name: "TesseraCAML", dependencies: ["TesseraCore", "TesseraRaster", "TesseraDocument", "TesseraXML", "TesseraZip"]),
        // Core Animation Archives (`.caar`): layer trees in NSKeyedArchiver's keyed archives, read and written.
        .target(name: "TesseraCAAR", dependencies: ["TesseraCore", "TesseraRaster", "TesseraDocument", "TesseraKeyedArchive"]),
        // What `import Tessera` gives, a thin umbrella: the model, the document and the formats over it, put
        // together: a scene file of any format opened by its path, and the one rule of what a path holds (which
        // format, by its extension or a folder's contents) that the CLI asks.
        .target(name: "Tessera", dependencies: ["TesseraCore", "TesseraKeyedArchive", "TesseraDocument", "TesseraCAAR",
                                                "TesseraCAML"]),
        // Lottie (Bodymovin JSON, dotLottie zips) read into the model's layers and animations.
        .target(name: "TesseraLottie", dependencies: ["TesseraCore", "TesseraRaster", "TesseraZip"]),
        // The built-in demo scenes (the seed documents' animations), for the CLI and the tests.
        .target(name: "TesseraDemos", dependencies: tesseraModules),
        // The scenes of Benchmarks/bench-scenes.md, shared by the bench and the golden-image tests.
        .target(name: "BenchScenes", dependencies: ["TesseraRaster"], path: "Benchmarks/Scenes"),
        // Workloads of the Core Animation model (layer trees), for the bench and the tests.
        .target(name: "LayerScenes", dependencies: tesseraModules + ["TesseraLottie"], path: "Benchmarks/LayerScenes"),
        // The `tessera` command: render scenes to PNG frames and animated PNGs.
        // (The folder is Sources/TesseraCLI, not Sources/tessera: that differs from Sources/Tessera only by
        // case and breaks checkouts on case-insensitive file systems. The product keeps the name `tessera`.)
        .executableTarget(
            name: "TesseraCLI",
            dependencies: tesseraModules + ["TesseraDemos", "TesseraLottie",
                                            .product(name: "ArgumentParser", package: "swift-argument-parser")],
            // Released, the command carries the Swift runtime and Foundation in itself: linked dynamically, it
            // spends about half of its start-up binding their symbols, which shows on small files (the Lottie
            // speed target counts process start). The libraries the static Foundation needs
            // are named here because the other modules, built against the shared Foundation, do not autolink them.
            // Only this executable: the libraries are built for embedders as usual, and a package that depends on
            // Tessera's libraries does not build this product, so its unsafe flags do not reach them.
            // libstdc++ is linked statically too, through the linker script in Linking/static-libstdc++ (named
            // again after ICU, its last user on the command line). The executable stays position-independent (it
            // reads untrusted files: its image keeps address randomization), its relative relocations packed
            // (DT_RELR, glibc 2.36): a PIE of this size has one to apply at every start for each pointer in its data.
            // libgcc's unwinder is linked in too (-static-libgcc): loading libgcc_s.so.1 ran its constructor's dozen
            // CPUID instructions, each a trap to the hypervisor on a virtual machine.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims",
                     "-L\(Context.packageDirectory)/Linking/static-libstdc++", "-lstdc++", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xclang-linker", "-static-libgcc"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // The bench's records and their statistics: JSON reports, comparisons, pixel hashes, callgrind profiles.
        .target(name: "BenchTracking", dependencies: ["BenchScenes"], path: "Benchmarks/Tracking"),
        // The function `bench --instructions` has callgrind count inside (see its header).
        .target(name: "CBenchMarkers", path: "Benchmarks/Markers"),
        .executableTarget(
            name: "bench",
            dependencies: tesseraModules + [
                "TesseraLottie",
                "BenchScenes",
                "LayerScenes",
                "BenchTracking",
                "CBenchMarkers",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/bench"
        ),
        // Golden-image comparison shared by the test targets.
        .target(name: "GoldenSupport", dependencies: ["TesseraRaster"], path: "Tests/GoldenSupport"),
        // Wallpapers made for the tests: `.tendies` files laid out as the community editors lay them out.
        .target(name: "WallpaperFixtures", dependencies: tesseraModules + [.product(name: "ZIPFoundation", package: "ZIPFoundation")],
                path: "Tests/WallpaperFixtures"),
        .testTarget(
            name: "TesseraRasterTests",
            dependencies: ["TesseraRaster", "BenchScenes", "GoldenSupport"],
            resources: [.copy("Golden"), .copy("Images")]
        ),
        // The `tessera` command run as a person runs it: exit codes, messages, files left behind.
        // It depends on the executable so that `swift test` builds the binary it runs.
        .testTarget(name: "TesseraCLITests", dependencies: tesseraModules + ["TesseraCLI", "WallpaperFixtures",
                                                                      .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "BenchTrackingTests", dependencies: ["BenchTracking"]),
        // Fixtures/: files found by the fuzzer that once crashed or hung a reader.
        .testTarget(name: "TesseraLottieTests", dependencies: tesseraModules + ["TesseraLottie",
                                                                          .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    resources: [.copy("Fixtures")]),
        // The real files of other tools (Tests/TesseraTestSupport/Fixtures) and the helpers the model's and the
        // formats' test targets share: archives built object by object, CAML documents, trees described.
        .target(name: "TesseraTestSupport", dependencies: tesseraModules + ["TesseraXML"],
                path: "Tests/TesseraTestSupport", resources: [.copy("Fixtures")]),
        .testTarget(name: "TesseraTests", dependencies: tesseraModules + ["TesseraXML", "LayerScenes", "BenchScenes", "GoldenSupport",
                                                    "TesseraDemos", "CTextLibraries", "WallpaperFixtures", "TesseraTestSupport",
                                                    .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    resources: [.copy("Golden")]),
        // Zip archives read: zips ZIPFoundation writes read back byte for byte; hand-built and damaged ones refused
        // with a typed error.
        .testTarget(name: "TesseraZipTests", dependencies: ["TesseraZip", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Binary property lists and keyed archives, read and written, knowing nothing of layers.
        .testTarget(name: "TesseraKeyedArchiveTests", dependencies: ["TesseraKeyedArchive", "TesseraTestSupport"]),
        // Core Animation Archives: layer trees in keyed archives, read and written.
        .testTarget(name: "TesseraCAARTests", dependencies: tesseraModules + ["BenchScenes", "TesseraTestSupport"]),
        // CAML: the XML reader, the value syntax, documents, states, bundles and `.tendies` wallpapers.
        .testTarget(name: "TesseraCAMLTests", dependencies: tesseraModules + ["TesseraXML", "BenchScenes", "GoldenSupport", "WallpaperFixtures",
                                                        "TesseraTestSupport",
                                                        .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    resources: [.copy("Golden")]),
    ],
    swiftLanguageModes: [.v6]
)
