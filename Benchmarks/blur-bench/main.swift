// blur-bench: the time to blur a 1920×1080 premultiplied RGBA image with GaussianBlur, for several
// σ and thread counts (median of repeated runs, release builds only):
//
//     swift run -c release blur-bench [repetitions]
import Foundation
import TesseraRaster

let repetitions = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 9) : 9
let image = try Pixmap(width: 1920, height: 1080)
// Opaque and translucent blocks with soft gradients: every channel non-zero, premultiplied.
for y in 0..<1080 {
    for x in 0..<1920 {
        let a = UInt8((x / 64 + y / 64) % 2 == 0 ? 255 : 64 + (x + y) % 128)
        image[x, y] = PremultipliedRGBA8(r: UInt8(Int(a) * (x % 256) / 255), g: UInt8(Int(a) * (y % 256) / 255),
                                         b: a / 2, a: a)
    }
}

print("σ      threads  ms (median of \(repetitions))  output")
for sigma in [2.0, 10, 50] {
    for threads in [1, 2] {
        let blur = GaussianBlur(sigma: sigma)
        var times: [Double] = []
        var size = (0, 0)
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            let blurred = try image.blurred(by: blur, threadCount: threads)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            size = (blurred.width, blurred.height)
        }
        let median = times.sorted()[times.count / 2]
        print(String(sigma).padding(toLength: 7, withPad: " ", startingAt: 0)
              + String(threads).padding(toLength: 9, withPad: " ", startingAt: 0)
              + String(format: "%.2f", median).padding(toLength: 24, withPad: " ", startingAt: 0)
              + "\(size.0)×\(size.1)")
    }
}
