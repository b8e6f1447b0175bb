// What every caller of `PresentationScheduler` gets back: the option, and why it is that one.

extension PresentationScheduler {
    /// Why a presentation was answered as it was.
    package enum Resolution: Sendable, CustomStringConvertible {
        /// The person chose the option.
        case chosen
        /// The presenter returned `nil`: dismissed without a choice.
        case dismissed
        /// The presenter answered with an option that is not part of the presentation.
        case unknownOption
        /// The presenter threw.
        case presenterFailed(any Error)
        /// The presenter did not answer within the presenter timeout.
        case timedOut
        /// The caller was cancelled before an answer came.
        case cancelled
        /// A fatal presentation took the place of this one.
        case preempted
        /// The scheduler was closed: the root scope was released, or the process is ending.
        case closed

        /// Whether a person actually chose the option.
        package var isChoice: Bool {
            if case .chosen = self { return true }
            return false
        }

        /// Whether the presenter failed to deliver a choice: nobody saw the presentation, or it is
        /// unknown whether anybody did. Worth a log line above debug.
        package var isPresenterProblem: Bool {
            switch self {
            case .unknownOption, .presenterFailed, .timedOut: true
            case .chosen, .dismissed, .cancelled, .preempted, .closed: false
            }
        }

        /// Whether the answer's option is to be acted on: not when the caller left or the scheduler
        /// closed.
        package var runsAction: Bool {
            switch self {
            case .cancelled, .closed: false
            case .chosen, .dismissed, .unknownOption, .presenterFailed, .timedOut, .preempted: true
            }
        }

        /// Whether an identical presentation arriving soon after may get the same answer: not when the
        /// answer came from a caller leaving, a fatal presentation taking over, or the scheduler closing.
        var isReusable: Bool {
            switch self {
            case .chosen, .dismissed, .unknownOption, .presenterFailed, .timedOut: true
            case .cancelled, .preempted, .closed: false
            }
        }

        /// A short name for logs: `chosen`, `dismissed`, `timedOut`…
        package var description: String {
            switch self {
            case .chosen: "chosen"
            case .dismissed: "dismissed"
            case .unknownOption: "unknownOption"
            case .presenterFailed: "presenterFailed"
            case .timedOut: "timedOut"
            case .cancelled: "cancelled"
            case .preempted: "preempted"
            case .closed: "closed"
            }
        }
    }

    /// The answer to one caller.
    package struct Answer: Sendable {
        /// The option chosen, or the fallback option when nobody chose.
        package var option: RecoveryOption
        /// Why the answer is what it is.
        package var resolution: Resolution
        /// Whether this caller joined an identical presentation, or got the answer of one answered
        /// within the coalescing window.
        package var isCoalesced: Bool
        /// The presentation as shown, with its count of occurrences when the answer was given.
        package var presentation: Presentation
        /// Every caller of the presentation shares it: the option's action runs once for all of them.
        package var group: RecoveryGroup
        /// Whether this caller came after the answer was given (within the coalescing window, or while a
        /// banner was visible). Its failure may come from that answer's own action, run in a task or a
        /// callback that inherits nothing from it: such a caller never waits for the action.
        package var joinsAnsweredPresentation = false
    }
}
