// The coders under the file formats, public API of their own (keyed archives and property lists
// for tools that read or write them directly; where a CAML error is), re-exported so that
// `import Tessera` keeps giving them.
@_exported import TesseraKeyedArchive
@_exported import TesseraXML
