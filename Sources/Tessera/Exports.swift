// What `import Tessera` gives: Core Animation's model, and the coders under the file formats,
// public API of their own (keyed archives and property lists for tools that read or write them
// directly; where a CAML error is).
@_exported import TesseraCore
@_exported import TesseraKeyedArchive
@_exported import TesseraXML
