extension CALayer {
    /// The portals of this layer's tree that would show themselves, and so draw nothing (see
    /// ``PortalSources``): what the file formats report of a tree they read.
    package func portalsInCycles() -> Set<ObjectIdentifier> {
        let plan = evaluationPlan
        return Set(plan.shape.portals.cycles.map { ObjectIdentifier(plan.layer(at: Int($0))) })
    }
}
