/// The names and numbers NSKeyedArchiver's format is built from.
enum KeyedArchiveFormat {
    static let archiverKey = "$archiver"
    static let versionKey = "$version"
    static let topKey = "$top"
    static let objectsKey = "$objects"
    static let classKey = "$class"
    static let classNameKey = "$classname"
    static let classesKey = "$classes"
    /// The string at index 0 of `$objects`; reference 0 means nil.
    static let null = "$null"

    static let archiver = "NSKeyedArchiver"
    static let version: Int64 = 100000

    /// The fields of collections (NSArray, NSSet, NSDictionary) and of boxed strings and data.
    static let objectsField = "NS.objects"
    static let keysField = "NS.keys"
    static let stringField = "NS.string"
    static let dataField = "NS.data"
    static let stringClasses: Set<String> = ["NSString", "NSMutableString"]
    static let dataClasses: Set<String> = ["NSData", "NSMutableData"]
}
