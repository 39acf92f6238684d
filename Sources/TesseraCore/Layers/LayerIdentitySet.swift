/// The layers a tree walk has met, by identity (a walk that follows masks may meet a layer twice:
/// a mask may be one of its layer's ancestors): open addressing over the objects' addresses.
///
/// `Set<ObjectIdentifier>` would do, but the first one a process makes has the runtime look up
/// `ObjectIdentifier: Hashable` for its storage's metadata: a scan of every conformance record in
/// the binary (~380k instructions), a few % of the whole run of `tessera render` on a small file.
struct LayerIdentitySet {
    /// The addresses, 0 where a slot is free (no object lives at 0); a power of two long, at most
    /// half full.
    private var slots: [UInt] = Array(repeating: 0, count: 64)
    private var count = 0

    /// Adds `layer`; false when it was there already.
    mutating func insert(_ layer: CALayer) -> Bool {
        if 2 * (count + 1) > slots.count { grow() }
        let address = UInt(bitPattern: ObjectIdentifier(layer))
        let index = Self.slot(of: address, in: slots)
        guard slots[index] != address else { return false }
        slots[index] = address
        count += 1
        return true
    }

    /// Whether `layer` was added.
    func contains(_ layer: CALayer) -> Bool {
        let address = UInt(bitPattern: ObjectIdentifier(layer))
        return slots[Self.slot(of: address, in: slots)] == address
    }

    /// The slot holding `address`, or the free one where it would go: probed from its hash on
    /// (Fibonacci hashing: the product's top bits, mixed from every bit of the address).
    private static func slot(of address: UInt, in slots: [UInt]) -> Int {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while slots[index] != 0, slots[index] != address { index = (index + 1) & mask }
        return index
    }

    private mutating func grow() {
        var larger = [UInt](repeating: 0, count: 2 * slots.count)
        for address in slots where address != 0 { larger[Self.slot(of: address, in: larger)] = address }
        slots = larger
    }
}
