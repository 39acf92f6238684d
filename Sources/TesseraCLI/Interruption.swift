import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM during a render: the signal only raises a flag, and the frame
/// loop checks it after each frame and stops, so that the writer is cancelled and its temporary
/// file removed on the main thread (no partial file is left, and no other thread touches the
/// writer). ffmpeg runs in a process group of its own and does not see the terminal's Ctrl-C; it
/// is stopped by the writer's cancellation.
enum Interruption {
    private static let raised = Atomic<Int32>(0)
    /// Kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Starts listening for SIGINT and SIGTERM (their default action, ending the process at
    /// once, is turned off).
    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { raised.store(signalNumber, ordering: .relaxed) }
            source.resume()
            sources.append(source)
        }
    }

    /// Throws when a signal came: exit status 128 + the signal's number, as shells report it.
    static func check() throws(CommandFailure) {
        let signalNumber = raised.load(ordering: .relaxed)
        guard signalNumber != 0 else { return }
        throw CommandFailure(exitStatus: 128 + signalNumber, "interrupted: nothing was written")
    }
}
