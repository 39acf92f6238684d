import Foundation

/// The real files of `Fixtures/` (its README says where each comes from), shared by the test targets.
package enum TestFixtures {
    /// The file `name.ext` of `Fixtures/`.
    package static func url(_ name: String, _ ext: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return url
    }
}
