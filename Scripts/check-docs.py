#!/usr/bin/env python3
"""Lists the public declarations without a DocC comment (`///` or `/** */`) in Sources/.

Usage: Scripts/check-docs.py [--count] [MODULE ...]   (default: every module under Sources/)
Exits 1 when it finds one. Members that implement a requirement of a standard protocol
(`description`, `==`, `hash(into:)`, `init(rawValue:)`, ...) or of a protocol of the module that
their type names take the protocol's documentation and are not listed; neither are extensions,
whose members are what DocC shows. Enum cases count when their enum is public. It reads the
sources as text (no build): what it lists matches the symbols without a doc comment in
`swift package dump-symbol-graph --minimum-access-level public`, bar declarations that DocC
documents from another module (overrides of `NSObject.init()`).
"""
import pathlib
import re
import sys

# A declaration with `public` or `open` among its modifiers.
DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|final|static|class|override|nonisolated|"
    r"mutating|nonmutating|convenience|required|indirect|lazy|weak|unowned|dynamic|"
    r"(?:private|fileprivate|internal|package)\(set\))\s+)*"
    r"(?P<kind>case|var|let|func|init\??|subscript|struct|class|enum|protocol|actor|typealias|"
    r"associatedtype|extension|macro)\b\s*(?P<name>[^\s(:{]*)")
MODIFIERS = (r"(?:(?:final|static|class|override|nonisolated|mutating|nonmutating|convenience|"
             r"required|indirect|lazy|weak|unowned|dynamic|(?:private|fileprivate|internal|package)"
             r"\(set\))\s+)*")
PUBLIC = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*" + MODIFIERS + r"(public|open)\s")
TYPES = {"struct", "class", "enum", "protocol", "actor", "extension"}
PLAIN_COMMENT = re.compile(r"^\s*//(?!/)")
ATTRIBUTE = re.compile(r"^\s*@\w+(\(.*\))?\s*$")
# Requirements of standard protocols: DocC shows the protocol's documentation for them.
INHERITED = {
    "description", "debugDescription", "==", "<", "hash", "hashValue", "rawValue",
    "encode", "makeIterator", "next", "startIndex", "endIndex", "index", "count",
    "callAsFunction", "customMirror", "errorDescription",
}
INHERITED_INITS = ("init(rawValue", "init(from decoder", "init(stringLiteral", "init(arrayLiteral",
                   "init(integerLiteral", "init(floatLiteral", "init(dictionaryLiteral",
                   "init(booleanLiteral", "init(nilLiteral", "init(extendedGraphemeClusterLiteral",
                   "init(unicodeScalarLiteral")


def documented(lines, index):
    """Whether the declaration at `index` has a doc comment above it (attributes between)."""
    i = index - 1
    # Attributes and plain `//` comments may stand between a doc comment and its declaration.
    while i >= 0 and (ATTRIBUTE.match(lines[i]) or PLAIN_COMMENT.match(lines[i])):
        i -= 1
    if i < 0:
        return False
    above = lines[i].strip()
    return above.startswith("///") or above.endswith("*/")


def code_lines(path):
    """The lines of a file without comments and string contents, for counting braces."""
    for line in path.read_text().splitlines():
        yield line, re.sub(r'"(?:\\.|[^"\\])*"', '""', line).split("//")[0]


def walk(path):
    """Each line with its declaration match, its code and the header of the type it is in."""
    depth, types = 0, []   # types: (depth of its body, header line, is a public enum)
    for index, (line, code) in enumerate(code_lines(path)):
        match = DECL.match(code)
        yield index, line, code, match, (types[-1] if types and types[-1][0] == depth else None)
        if match and match.group("kind") in TYPES and "{" in code:
            public_enum = match.group("kind") == "enum" and bool(PUBLIC.match(code))
            types.append((depth + 1, code, public_enum))
        depth += code.count("{") - code.count("}")
        while types and depth < types[-1][0]:
            types.pop()


def protocol_requirements(files):
    """The names each protocol of a module requires: their implementations take its documentation."""
    requirements = {}
    for path in files:
        for _, _, _, match, enclosing in walk(path):
            if match and enclosing:
                header = DECL.match(enclosing[1])
                if header.group("kind") == "protocol":
                    requirements.setdefault(header.group("name"), set()).add(match.group("name"))
    return requirements


def undocumented(path, requirements):
    lines = path.read_text().splitlines()
    for index, line, code, match, enclosing in walk(path):
        if not match or match.group("kind") == "extension":
            continue
        kind, name = match.group("kind"), match.group("name")
        in_public_enum = enclosing is not None and enclosing[2]
        if not PUBLIC.match(code) and not (kind == "case" and in_public_enum):
            continue
        stripped = code.strip()
        inherited = name in INHERITED or (
            kind.startswith("init") and any(i in stripped for i in INHERITED_INITS))
        # A member that implements a requirement of a protocol its type or extension names.
        if enclosing is not None:
            inherited = inherited or any(
                name in names for protocol, names in requirements.items()
                if re.search(rf"\b{re.escape(protocol)}\b", enclosing[1]))
        if not inherited and not documented(lines, index):
            yield index + 1, line.strip()


def main(arguments):
    count_only = "--count" in arguments
    modules = [a for a in arguments if not a.startswith("--")]
    root = pathlib.Path(__file__).resolve().parent.parent / "Sources"
    if not modules:
        modules = sorted(p.name for p in root.iterdir() if p.is_dir())
    total = 0
    for module in modules:
        files = sorted((root / module).rglob("*.swift"))
        requirements = protocol_requirements(files)
        found = [(f, n, t) for f in files for n, t in undocumented(f, requirements)]
        total += len(found)
        if count_only:
            print(f"{module}: {len(found)}")
        else:
            for file, number, text in found:
                print(f"{file.relative_to(root.parent)}:{number}: {text}")
    if total and not count_only:
        print(f"{total} public declarations without a doc comment", file=sys.stderr)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
