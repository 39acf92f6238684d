extension SkippedFeature {
    /// How much a skipped item changes the picture, from least to most.
    public enum Severity: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
        /// A key with no visible effect on what Tessera draws (hit testing, filtering hints,
        /// frame rates…).
        case cosmetic
        /// Drawn, but not exactly as Core Animation would: a layer loaded as a nearer class (a
        /// `CAScrollLayer` drawn as a plain layer), a value replaced by the default.
        case approximated
        /// Something the picture loses: images, filters, text, gradients, animations, unknown
        /// classes.
        case contentLost

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        public var description: String {
            switch self {
            case .cosmetic: "cosmetic"
            case .approximated: "approximated"
            case .contentLost: "content lost"
            }
        }
    }

    /// Keys that change nothing visible in a rendered frame, whatever their value: shape and
    /// filtering hints, interaction, layout, frame-rate and display-server settings. Anything
    /// else Tessera does not model is taken to change the picture.
    static let cosmeticKeys: Set<String> = [
        "style", "actions", "layoutManager", "constraints",
        "minificationFilter", "magnificationFilter", "hitTestsAsOpaque",
        "allowsHitTesting", "windowServerAware", "allowsSubstituteColor", "wantsExtendedDynamicRangeContent",
        "preferredFrameRateRange", "frameInterval", "discretizesTime", "beginTimeMode", "allowsDisplayCompositing",
        "toneMapMode", "contentsHeadroom", "securityMode", "inheritsTiming", "definesDisplayRegionOfInterest",
        "scale", "groupNamespace",
    ]

    /// How much this item changes the picture.
    public var severity: Severity {
        switch reason {
        case .approximated, .unsupportedValue: return .approximated
        case .animationNotApplied, .unsupportedClass, .notDrawn, .portalCycle: return .contentLost
        case .unsupportedKey: return Self.cosmeticKeys.contains(keyName ?? "") ? .cosmetic : .contentLost
        }
    }

    /// A short name for the kind of thing skipped, for counting: the last key without its index
    /// (`filters`, `contents`), the class of an approximated layer, "animations" or "portal cycles".
    public var kind: String {
        switch reason {
        case .animationNotApplied: return "animations"
        case .portalCycle: return "portal cycles"
        case .approximated: return className
        default: return keyName ?? className
        }
    }

    /// The key's last component without an index: `CALayerAnimations[2].valueFunction` gives
    /// `valueFunction`.
    private var keyName: String? {
        guard let key else { return nil }
        let last = key.split(separator: ".").last.map(String.init) ?? key
        return String(last.prefix { $0 != "[" })
    }

    /// One line that sums up `items` by severity, most severe first, counting each kind
    /// (`content lost: contents ×3, filters ×2; approximated: CAScrollLayer ×1; cosmetic: 4 keys`);
    /// nil when there is nothing.
    public static func summary(of items: [Self]) -> String? {
        guard !items.isEmpty else { return nil }
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            let matching = items.filter { $0.severity == severity }
            guard !matching.isEmpty else { continue }
            if severity == .cosmetic {
                parts.append("cosmetic: \(matching.count) key\(matching.count == 1 ? "" : "s") with no visible effect")
                continue
            }
            var counts: [(kind: String, count: Int)] = []
            for item in matching {
                if let i = counts.firstIndex(where: { $0.kind == item.kind }) {
                    counts[i].count += 1
                } else {
                    counts.append((item.kind, 1))
                }
            }
            let listed = counts.sorted { $0.count != $1.count ? $0.count > $1.count : $0.kind < $1.kind }
                .map { "\($0.kind) ×\($0.count)" }
            parts.append("\(severity): " + listed.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }

    /// `items` ordered most severe first, keeping the archive's order within a severity.
    public static func sortedBySeverity(_ items: [Self]) -> [Self] {
        items.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
    }
}
