import ArgumentParser

/// `render`'s and `convert`'s options that put values, images, texts and fonts into a Lottie
/// animation in place of the file's, and crop it to a viewport (``LottieProviderOptions``).
struct LottieProviderArguments: ParsableArguments {
    @Option(
        name: .customLong("value"),
        help: ArgumentHelp(
            """
            Set a Lottie animation's properties that KEYPATH names (as lottie-ios's value providers: `**.Fill 1.Color`, \
            `Layer.Transform.Position`; * is one name, ** any number) to VALUE: #RRGGBB[AA], a number, X,Y, a gradient \
            #RRGGBB[AA]@LOCATION,… or keyframes FRAME:VALUE;FRAME:VALUE… (repeatable; the last that matches wins).
            """,
            valueName: "KEYPATH=VALUE"))
    var values: [String] = []

    @Option(
        name: .customLong("image"),
        help: ArgumentHelp(
            "Draw a PNG or JPEG FILE for a Lottie animation's image asset NAME (its id or file name; * for every asset) (repeatable).",
            valueName: "NAME=FILE"))
    var images: [String] = []

    @Option(
        help: ArgumentHelp(
            "How --image files fill their asset's size (default: resize).", valueName: "resize|resizeAspect|resizeAspectFill|center"))
    var imageGravity: String?

    @Option(
        name: .customLong("text"),
        help: ArgumentHelp(
            """
            Show TEXT in a Lottie animation's text layers that KEY names: its full keypath or its own name (as lottie-ios's \
            DictionaryTextProvider), or a keypath pattern (** for every text layer) (repeatable).
            """,
            valueName: "KEY=TEXT"))
    var texts: [String] = []

    @Option(
        help: ArgumentHelp(
            "Set a Lottie animation's texts in this font (and size), not from the file's glyphs (as lottie-ios's font providers).",
            valueName: "NAME[:SIZE]"))
    var font: String?

    @Option(
        help: ArgumentHelp(
            "Show this rectangle of a Lottie animation (in its points), scaled to fit its size, as lottie-ios's viewportFrame.",
            valueName: "X,Y,W,H"))
    var viewport: String?

    /// The options as plain values.
    var options: LottieProviderOptions {
        LottieProviderOptions(values: values, images: images, imageGravity: imageGravity, texts: texts, font: font, viewport: viewport)
    }
}
