import Foundation
import Testing
import TesseraRaster

/// Filling and stroking through a projection (perspective).
@Suite struct ProjectionTests {
    static func render(_ draw: (Canvas) -> Void) throws -> Pixmap {
        let canvas = Canvas(threadCount: 1)
        canvas.clear(.white)
        draw(canvas)
        let pixmap = try Pixmap(width: 64, height: 64)
        canvas.render(into: pixmap)
        return pixmap
    }

    static var star: Path {
        var path = Path()
        path.addLines(between: (0..<10).map { k in
            let angle = Double(k) * Double.pi / 5, radius = k.isMultiple(of: 2) ? 20.0 : 8.0
            return Point(x: 24 + radius * cos(angle), y: 24 + radius * sin(angle))
        })
        path.closeSubpath()
        return path
    }

    /// A projection with constant w is an affine map: a polygon fills the same pixels (lines
    /// map to lines, so nothing is approximated), and so does its stroke, within rounding.
    @Test func constantWIsAffine() throws {
        let affine = Transform(a: 1.2, b: 0.3, c: -0.2, d: 0.9, tx: 6, ty: 4)
        let projection = Projection(a: 2.4, b: 0.6, c: -0.4, d: 1.8, tx: 12, ty: 8, wx: 0, wy: 0, w0: 2)
        let red = Paint.solid(Color(red: 1, green: 0, blue: 0))
        let viaAffine = try Self.render { $0.fill(Self.star, paint: red, transform: affine) }
        let viaProjection = try Self.render { $0.fill(Self.star, paint: red, projection: projection) }
        var differing = 0
        for y in 0..<64 { for x in 0..<64 where viaAffine[x, y] != viaProjection[x, y] { differing += 1 } }
        #expect(differing == 0)
    }

    /// The projection calls composite with a blend mode as the affine calls do: over a backdrop
    /// of two colours, a multiplied star through a projection with constant w has the bytes of
    /// the same star through the affine map (fill) or within rounding (stroke), and neither has
    /// the bytes of the star drawn source-over.
    @Test func blendModesApplyUnderAProjection() throws {
        let affine = Transform(a: 1.2, b: 0.3, c: -0.2, d: 0.9, tx: 6, ty: 4)
        let projection = Projection(a: 2.4, b: 0.6, c: -0.4, d: 1.8, tx: 12, ty: 8, wx: 0, wy: 0, w0: 2)
        let paint = Paint.solid(Color(red: 0.2, green: 0.8, blue: 0.6, alpha: 0.75))
        let style = StrokeStyle(width: 3)
        func backdrop(_ canvas: Canvas) {
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 32, height: 64)), paint: .solid(Color(red: 1, green: 0.5, blue: 0)))
            canvas.fill(Path(rect: Rect(x: 32, y: 0, width: 32, height: 64)), paint: .solid(Color(red: 0, green: 0.4, blue: 1)))
        }
        func differences(_ a: Pixmap, _ b: Pixmap) -> (pixels: Int, largest: Int) {
            var pixels = 0, largest = 0
            for y in 0..<64 {
                for x in 0..<64 where a[x, y] != b[x, y] {
                    pixels += 1
                    let p = a[x, y], q = b[x, y]
                    largest = max(largest, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)),
                                  abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                }
            }
            return (pixels, largest)
        }
        let fillAffine = try Self.render { backdrop($0); $0.fill(Self.star, paint: paint, transform: affine, blendMode: .multiply) }
        let fillProjected = try Self.render {
            backdrop($0); $0.fill(Self.star, paint: paint, projection: projection, blendMode: .multiply)
        }
        let fillOver = try Self.render { backdrop($0); $0.fill(Self.star, paint: paint, projection: projection) }
        #expect(differences(fillAffine, fillProjected).pixels == 0)
        #expect(differences(fillOver, fillProjected).pixels > 200)

        let strokeAffine = try Self.render {
            backdrop($0); $0.stroke(Self.star, paint: paint, style: style, transform: affine, blendMode: .multiply)
        }
        let strokeProjected = try Self.render {
            backdrop($0); $0.stroke(Self.star, paint: paint, style: style, projection: projection, blendMode: .multiply)
        }
        let strokeOver = try Self.render { backdrop($0); $0.stroke(Self.star, paint: paint, style: style, projection: projection) }
        #expect(differences(strokeAffine, strokeProjected).largest <= 1)
        #expect(differences(strokeOver, strokeProjected).pixels > 100)
    }

    /// Perspective foreshortens: a square whose far side (larger w) is on the right comes out a
    /// trapezoid, taller on the left.
    @Test func perspectiveForeshortens() throws {
        let image = try Self.render { canvas in
            canvas.fill(Path(rect: Rect(x: 0, y: -30, width: 60, height: 60)),
                        paint: .solid(Color(red: 0, green: 0, blue: 1)), projection:
                            Projection(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 32, wx: 0.02, wy: 0, w0: 1))
        }
        func height(ofColumn x: Int) -> Int { (0..<64).filter { image[x, $0].b > 128 && image[x, $0].r < 128 }.count }
        #expect(height(ofColumn: 1) > height(ofColumn: 20) && height(ofColumn: 20) > 0)
    }

    /// Geometry reaching the eye's plane (w ≤ 0) is not drawn.
    @Test func behindTheEyeDrawsNothing() throws {
        let image = try Self.render { canvas in
            canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 40, height: 40)), paint: .solid(.black),
                        projection: Projection(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0, wx: -0.05, wy: 0, w0: 1))
            canvas.stroke(Self.star, paint: .solid(.black), style: StrokeStyle(width: 2),
                          projection: Projection(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0, wx: 0, wy: 0, w0: -1))
        }
        var drawn = 0
        for y in 0..<64 { for x in 0..<64 where image[x, y] != PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) { drawn += 1 } }
        #expect(drawn == 0)
    }
}
