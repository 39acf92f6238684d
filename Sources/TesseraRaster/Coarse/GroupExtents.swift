/// The coarse stage's serial step, after preparation: groups get their extent from their content.
enum GroupExtents {
    /// Gives each group's begin, mask and end commands the rows of everything drawn inside it,
    /// so that they are binned to every band the group touches and to no other, and the area
    /// its layers are cleared and composited over (``PreparedCommand/GroupArea``): where its
    /// content drew, within where its mask drew when it has one (outside the mask the masked
    /// content is transparent, and compositing transparent pixels changes nothing), or where
    /// either drew for a blend mode that changes pixels outside its source. A group whose area
    /// is empty becomes nothing, its content with it. A mask whose opaque interior holds all the
    /// group's content is dropped, and so is the group then unless it has an opacity.
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
                    group.include(GroupArea(top: c.top, bottom: c.bottom, left: c.left, right: c.right), binned: c.top..<c.bottom)
                case .beginGroup:
                    outer.append(group)
                    group = OpenGroup(begin: i)
                case .beginMask:
                    guard group.begin >= 0 else { break }
                    group.mask = i
                    if case .beginMask(let interior) = part.commands[local] { group.maskInterior = interior }
                case .endGroup(let opacity, let blendMode, let filter, _):
                    guard group.begin >= 0 else { break }
                    var mask = group.mask
                    if let m = mask, let interior = group.maskInterior, !group.content.isEmpty,
                        allInside(interior, commands, group.begin + 1..<m)
                    {
                        for k in m..<i { commands[k].payload = .nothing }
                        mask = nil
                    }
                    let area: GroupArea
                    if mask == nil {
                        area = group.content
                    } else if BlendMode(rawValue: Int32(blendMode))?.changesPixelsOutsideSource ?? true {
                        area = group.content.union(group.maskArea)
                    } else {
                        area = group.content.intersection(group.maskArea)
                    }
                    if area.isEmpty {
                        for k in group.begin...i { commands[k].payload = .nothing }
                    } else if mask == nil, opacity == 255, blendMode == UInt8(BlendMode.normal.rawValue), filter < 0 {
                        // A group composited source-over at full opacity, unmasked and not filtered is
                        // its content drawn directly.
                        commands[group.begin].payload = .nothing
                        commands[i].payload = .nothing
                    } else {
                        for k in [group.begin, mask ?? group.begin, i] {
                            commands[k].top = group.binned.lowerBound
                            commands[k].bottom = group.binned.upperBound
                            commands[k].left = area.left
                            commands[k].right = area.right
                        }
                        commands[group.begin].payload = .beginGroup(area)
                        if let m = mask { commands[m].payload = .beginMask(area) }
                        commands[i].payload = .endGroup(opacity: opacity, blendMode: blendMode, filter: filter, area: area)
                    }
                    let ended = group
                    group = outer.removeLast()
                    if !area.isEmpty { group.include(area, binned: ended.binned) }
                }
            }
        }
    }

    typealias GroupArea = PreparedCommand.GroupArea

    /// A group whose end is not reached yet: where its content and its mask draw so far, and the
    /// rows of everything inside it (what its commands are binned by).
    private struct OpenGroup {
        let begin: Int
        var mask: Int? = nil
        /// Where the mask is known to be opaque, when it is.
        var maskInterior: MaskInterior? = nil
        var content = GroupArea.empty
        var maskArea = GroupArea.empty
        var binned: Range<Int32> = Int32.max..<Int32.max

        init(begin: Int) { self.begin = begin }

        /// Adds a command drawing over `area` (a nested group: its area) whose commands are
        /// binned to rows `binned`, to the content or, after the mask began, to the mask.
        mutating func include(_ area: GroupArea, binned rows: Range<Int32>) {
            if mask == nil { content = content.union(area) } else { maskArea = maskArea.union(area) }
            binned = binned.isEmpty ? rows : min(binned.lowerBound, rows.lowerBound)..<max(binned.upperBound, rows.upperBound)
        }
    }

    /// True when every command in `range` draws only inside `interior` (nested groups' content
    /// and masks included: a conservative answer).
    private static func allInside(
        _ interior: MaskInterior, _ commands: UnsafeMutablePointer<PreparedCommand>,
        _ range: Range<Int>
    ) -> Bool {
        range.allSatisfy { k in
            let c = commands[k]
            return c.drawsNothing || interior.contains(left: c.left, top: c.top, right: c.right, bottom: c.bottom)
        }
    }
}
