// What `import Tessera` gives: Core Animation's model, the document the file formats share
// (`SceneDocument`, its states and errors), the formats over it (Core Animation Archives; CAML
// with `.ca` bundles and `.tendies` wallpapers), and the keyed-archive module for the errors
// `SceneDocumentError.notAnArchive` carries (`KeyedArchiveError`, `PropertyListError`); its
// readers and writers, and the XML reader under CAML, are internal to the package.
@_exported import TesseraCAAR
@_exported import TesseraCAML
@_exported import TesseraCore
@_exported import TesseraDocument
@_exported import TesseraKeyedArchive
