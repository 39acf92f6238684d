import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM during a render: the signal only raises a flag, and the frame
/// loop checks it after each frame and stops, so that the writer is cancelled and its temporary
/// file removed on the main thread (no partial file is left, and no other thread touches the
/// writer). ffmpeg runs in a process group of its own and does not see the terminal's Ctrl-C; it
/// is stopped by the writer's cancellation.
///
/// A plain signal handler, not a Dispatch signal source: a source starts Dispatch's manager
/// thread (a thread, an epoll set, an eventfd and a signalfd), a few hundred microseconds of a
/// small file's whole render.
enum Interruption {
    /// The signal that came, 0 while none has. Stored to from the handler: a relaxed store to a
    /// lock-free atomic is async-signal-safe.
    private static let raised = Atomic<Int32>(0)

    /// Starts listening for SIGINT and SIGTERM (their default action, ending the process at
    /// once, is replaced by raising the flag).
    static func install() {
        // The static is made here, so that the handler only ever reads an initialized global.
        _ = raised.load(ordering: .relaxed)
        for signalNumber in [SIGINT, SIGTERM] {
            _ = signal(signalNumber) { Interruption.raised.store($0, ordering: .relaxed) }
        }
    }

    /// Throws when a signal came: exit status 128 + the signal's number, as shells report it.
    static func check() throws(CommandFailure) {
        let signalNumber = raised.load(ordering: .relaxed)
        guard signalNumber != 0 else { return }
        throw CommandFailure(exitStatus: 128 + signalNumber, "interrupted: nothing was written")
    }
}
