/// Trilinear filtering: box-filtered mipmap levels, the level chosen from the minification, the
/// mapping scaled into the level, no aliasing where plain bilinear aliases, and levels built once
/// when many threads ask at the same time.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct ImageMipmapTests {
    typealias Support = ImageTestSupport

    @Test func levelCounts() {
        func count(_ w: Int, _ h: Int) -> Int { Support.image(width: w, height: h) { _, _ in .transparent }.levelCount }
        #expect(count(1, 1) == 1)
        #expect(count(2, 2) == 2)
        #expect(count(256, 256) == 9)
        #expect(count(5, 3) == 3)    // 5×3, 2×1, 1×1
        #expect(count(7, 1) == 3)    // 7×1, 3×1, 1×1
        #expect(count(1, 64) == 7)
    }

    /// Each texel of a level is the rounded mean of the block it covers; along an odd side the
    /// last texel takes the extra column or row.
    @Test func levelsAreRoundedBoxMeans() throws {
        var random = Support.Random(seed: 5)
        let image = Support.image(width: 5, height: 3) { _, _ in Support.randomTexel(&random) }
        let level1 = try #require(image.sampledLevel(1))
        #expect(level1.width == 2 && level1.height == 1)
        func mean(columns: Range<Int>, rows: Range<Int>) -> PremultipliedRGBA8 {
            var sums = [0, 0, 0, 0]
            for y in rows {
                for x in columns {
                    let p = image[x, y]
                    sums[0] += Int(p.r); sums[1] += Int(p.g); sums[2] += Int(p.b); sums[3] += Int(p.a)
                }
            }
            let n = columns.count * rows.count
            let m = sums.map { UInt8(($0 + n / 2) / n) }
            return PremultipliedRGBA8(r: m[0], g: m[1], b: m[2], a: m[3])
        }
        #expect(PremultipliedRGBA8(packed: UInt32(littleEndian: level1.words[0])) == mean(columns: 0..<2, rows: 0..<3))
        #expect(PremultipliedRGBA8(packed: UInt32(littleEndian: level1.words[1])) == mean(columns: 2..<5, rows: 0..<3))
        let level2 = try #require(image.sampledLevel(2))
        #expect(level2.width == 1 && level2.height == 1)
        // Asking past the last level gives the last.
        #expect(image.sampledLevel(7) === level2)
        // Premultiplied stays premultiplied.
        for i in 0..<2 {
            let p = PremultipliedRGBA8(packed: UInt32(littleEndian: level1.words[i]))
            #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a)
        }
    }

    /// Level round(log₂ ρ), ρ the longer image step of one device pixel.
    @Test func levelFromTheMinification() {
        func level(_ m: Transform, count: Int = 9) -> Int { ImagePattern.mipLevel(deviceToImage: m, levelCount: count) }
        #expect(level(.identity) == 0)
        #expect(level(Transform(scaleX: 0.25, y: 0.25)) == 0)    // magnified
        #expect(level(Transform(scaleX: 1.4, y: 1.4)) == 0)      // below √2
        #expect(level(Transform(scaleX: 1.5, y: 1)) == 1)
        #expect(level(Transform(scaleX: 2, y: 2)) == 1)
        #expect(level(Transform(scaleX: 1, y: 3)) == 2)          // log₂ 3 ≈ 1.58
        #expect(level(Transform(scaleX: 8, y: 8)) == 3)
        #expect(level(Transform(scaleX: 8, y: 8).concatenating(Transform(rotationAngle: 0.7))) == 3)
        #expect(level(Transform(scaleX: 1e6, y: 1)) == 8)        // the last level
        #expect(level(Transform(scaleX: 1e300, y: 1e300)) == 8)  // ρ² overflows to infinity
        #expect(level(Transform(scaleX: 8, y: 8), count: 2) == 1)
    }

    /// The kernel's mapping for a level is the full image's scaled by the level's size over the
    /// image's; magnified, trilinear is bilinear exactly.
    @Test func parametersOfALevel() throws {
        let image = Support.noiseImage()
        let userToDevice = Transform(translationX: 3, y: 4)
        let shrink = Transform(scaleX: 0.25, y: 0.25).concatenating(Transform(translationX: 10, y: 20))
        let bilinear = try #require(ImagePattern(image: image, transform: shrink, filter: .bilinear)
            .kernelParameters(userToDevice: userToDevice))
        let trilinear = try #require(ImagePattern(image: image, transform: shrink, filter: .trilinear)
            .kernelParameters(userToDevice: userToDevice))
        #expect(bilinear.width == 256 && trilinear.width == 64 && trilinear.height == 64 && trilinear.stride == 64)
        #expect(trilinear.filter == Int32(TSR_FILTER_BILINEAR.rawValue))
        #expect(trilinear.xx == bilinear.xx / 4 && trilinear.yy == bilinear.yy / 4)
        #expect(trilinear.x0 == bilinear.x0 / 4 && trilinear.y0 == bilinear.y0 / 4)
        #expect(trilinear.pixels == UnsafePointer(image.sampledLevel(2)!.words))
        let magnify = Transform(scaleX: 3, y: 3)
        let a = try #require(ImagePattern(image: image, transform: magnify, filter: .bilinear)
            .kernelParameters(userToDevice: userToDevice))
        let b = try #require(ImagePattern(image: image, transform: magnify, filter: .trilinear)
            .kernelParameters(userToDevice: userToDevice))
        #expect(a.pixels == b.pixels && a.width == b.width && a.xx == b.xx && a.yx == b.yx && a.xy == b.xy
                && a.yy == b.yy && a.x0 == b.x0 && a.y0 == b.y0 && a.filter == b.filter && a.extend == b.extend)
    }

    /// A 1-texel checkerboard shrunk 8×, samples on texel centres: plain bilinear picks one colour
    /// of the checkerboard for every pixel (the worst aliasing: white), trilinear gives the grey
    /// it averages to.
    @Test func checkerboardShrunkEightTimesOnTexelCentres() {
        let image = Support.checkerboard(size: 256)
        // Image point u lands at (u − 0.5) / 8: pixel centre i + 0.5 samples u = 8i + 4.5.
        let m = Transform(translationX: -0.5, y: -0.5).concatenating(Transform(scaleX: 0.125, y: 0.125))
        let bilinear = ImagePattern(image: image, transform: m, extend: .pad, filter: .bilinear)
        let trilinear = ImagePattern(image: image, transform: m, extend: .pad, filter: .trilinear)
        for y in 0..<32 {
            let aliased = Support.sample(bilinear, x: 0, y: y, count: 32)!
            #expect(aliased.allSatisfy { $0 == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) })
            let grey = Support.sample(trilinear, x: 0, y: y, count: 32)!
            #expect(grey.allSatisfy { abs(Int($0.r) - 127) <= 8 && $0.r == $0.g && $0.g == $0.b && $0.a == 255 })
        }
    }

    /// Shrunk 8.3× at an offset: bilinear is noise between black and white, trilinear is grey.
    @Test func checkerboardShrunkAtAnOffset() {
        let image = Support.checkerboard(size: 256)
        let m = Transform(translationX: 0.37, y: 0.81).concatenating(Transform(scaleX: 1 / 8.3, y: 1 / 8.3))
        var aliased: [Int] = [], filtered: [Int] = []
        for y in 0..<30 {
            aliased += Support.sample(ImagePattern(image: image, transform: m, filter: .bilinear), x: 0, y: y,
                                      count: 30)!.map { Int($0.r) }
            filtered += Support.sample(ImagePattern(image: image, transform: m, filter: .trilinear), x: 0, y: y,
                                       count: 30)!.map { Int($0.r) }
        }
        #expect(aliased.max()! - aliased.min()! > 100)
        #expect(filtered.allSatisfy { abs($0 - 127) <= 8 })
        let mean = Double(filtered.reduce(0, +)) / Double(filtered.count)
        #expect(abs(mean - 127.5) <= 8)
    }

    /// An alpha image's levels are (0, 0, 0, mean alpha).
    @Test func alphaImageLevels() throws {
        let image = try Image(width: 2, height: 2, alpha: [0, 255, 255, 0])
        let m = Transform(scaleX: 0.5, y: 0.5)
        let pixel = Support.pixel(ImagePattern(image: image, transform: m, filter: .trilinear), x: 0, y: 0)
        #expect(pixel == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128))
    }

    /// Many tasks ask for levels of one image at once: each level is built once, and everyone
    /// gets the same one.
    @Test func levelsAreBuiltOnceUnderConcurrentUse() async {
        let image = Support.noiseImage()
        let addresses = await withTaskGroup(of: (Int, UInt).self) { group -> [(Int, UInt)] in
            for task in 0..<64 {
                group.addTask {
                    let level = 1 + task % 8
                    let scale = 1 / Double(1 << level)
                    let parameters = ImagePattern(image: image, transform: Transform(scaleX: scale, y: scale),
                                                  filter: .trilinear).kernelParameters(userToDevice: .identity)
                    return (level, UInt(bitPattern: parameters?.pixels))
                }
            }
            var all: [(Int, UInt)] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(addresses.count == 64)
        for level in 1...8 {
            let distinct = Set(addresses.filter { $0.0 == level }.map(\.1))
            #expect(distinct.count == 1 && distinct.first != 0)
            #expect(distinct.first == UInt(bitPattern: image.sampledLevel(level)?.words))
        }
    }
}
