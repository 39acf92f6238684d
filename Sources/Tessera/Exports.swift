// What `import Tessera` gives: Core Animation's model, and the modules under the file formats
// for the types the formats' errors carry (`KeyedArchiveError`, `CAMLSourceLocation`); their
// readers and writers are internal to the package.
@_exported import TesseraCore
@_exported import TesseraKeyedArchive
@_exported import TesseraXML
