/// The coarse stage's serial step, after preparation: groups get their extent from their content.
enum GroupExtents {
    /// Gives each group's begin, mask and end commands the rows of everything drawn inside it,
    /// so that they are binned to every band the group touches and to no other; a group that
    /// draws nothing becomes nothing. A mask whose opaque interior holds all the group's content
    /// is dropped, and so is the group then unless it has an opacity.
    static func complete(_ commands: UnsafeMutablePointer<PreparedCommand>, parts: [Recording.Part]) {
        // The innermost open group (begin < 0: none) and the groups around it. Kept in locals: this
        // runs on one thread, over every command of the frame.
        var group = OpenGroup(begin: -1)
        var outer: [OpenGroup] = []
        var i = 0
        for part in parts {
            for local in part.commands.indices {
                defer { i += 1 }
                switch commands[i].payload {
                case .nothing:
                    break
                case .clear, .rect, .lines, .paintedLines, .alphaMask, .paintedAlphaMask:
                    let c = commands[i]
                    group.include(top: c.top, bottom: c.bottom, left: c.left, right: c.right)
                case .beginGroup:
                    outer.append(group)
                    group = OpenGroup(begin: i)
                case .beginMask:
                    guard group.begin >= 0 else { break }
                    group.mask = i
                    if case .beginMask(let interior) = part.commands[local] { group.maskInterior = interior }
                case .endGroup(let opacity, let blendMode, let filter):
                    guard group.begin >= 0 else { break }
                    let drawn = group.top < group.bottom
                    for k in [group.begin, group.mask ?? group.begin, i] {
                        commands[k].top = group.top
                        commands[k].bottom = group.bottom
                        commands[k].left = group.left
                        commands[k].right = group.right
                        if !drawn { commands[k].payload = .nothing }
                    }
                    if drawn, let mask = group.mask, let interior = group.maskInterior,
                       allInside(interior, commands, group.begin + 1..<mask) {
                        for k in mask..<i { commands[k].payload = .nothing }
                        // Without its mask, a group composited source-over at full opacity and not
                        // filtered is its content drawn directly.
                        if opacity == 255, blendMode == UInt8(BlendMode.normal.rawValue), filter < 0 {
                            commands[group.begin].payload = .nothing
                            commands[i].payload = .nothing
                        }
                    }
                    let ended = group
                    group = outer.removeLast()
                    if drawn { group.include(top: ended.top, bottom: ended.bottom, left: ended.left, right: ended.right) }
                }
            }
        }
    }

    /// A group whose end is not reached yet, and the extent of what it draws so far.
    private struct OpenGroup {
        let begin: Int
        var mask: Int? = nil
        /// Where the mask is known to be opaque, when it is.
        var maskInterior: MaskInterior? = nil
        var top = Int32.max, bottom = Int32.min, left = Int32.max, right = Int32.min

        init(begin: Int) { self.begin = begin }

        /// Widens the extent to rows [top, bottom) and columns [left, right).
        mutating func include(top: Int32, bottom: Int32, left: Int32, right: Int32) {
            self.top = min(self.top, top)
            self.bottom = max(self.bottom, bottom)
            self.left = min(self.left, left)
            self.right = max(self.right, right)
        }
    }

    /// True when every command in `range` draws only inside `interior` (nested groups' content
    /// and masks included: a conservative answer).
    private static func allInside(_ interior: MaskInterior, _ commands: UnsafeMutablePointer<PreparedCommand>,
                                  _ range: Range<Int>) -> Bool {
        range.allSatisfy { k in
            let c = commands[k]
            return c.drawsNothing || interior.contains(left: c.left, top: c.top, right: c.right, bottom: c.bottom)
        }
    }
}
