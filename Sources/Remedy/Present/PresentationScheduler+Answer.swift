extension PresentationScheduler {
    /// Why a presentation was answered as it was.
    package enum Resolution: Sendable, CustomStringConvertible {
        case chosen
        case dismissed
        /// The presenter answered with an option not in the presentation.
        case unknownOption
        case presenterFailed(any Error)
        case timedOut
        case cancelled
        /// A fatal presentation took this one's place.
        case preempted
        /// The root scope was released, or the process is ending.
        case closed

        package var isChoice: Bool {
            if case .chosen = self { return true }
            return false
        }

        /// Nobody saw the presentation, or it is unknown whether anybody did: worth a log line above debug.
        package var isPresenterProblem: Bool {
            switch self {
            case .unknownOption, .presenterFailed, .timedOut: true
            case .chosen, .dismissed, .cancelled, .preempted, .closed: false
            }
        }

        package var runsAction: Bool {
            switch self {
            case .cancelled, .closed: false
            case .chosen, .dismissed, .unknownOption, .presenterFailed, .timedOut, .preempted: true
            }
        }

        /// Whether an identical presentation arriving within the coalescing window may get this answer.
        var isReusable: Bool {
            switch self {
            case .chosen, .dismissed, .unknownOption, .presenterFailed, .timedOut: true
            case .cancelled, .preempted, .closed: false
            }
        }

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

    package struct Answer: Sendable {
        package var option: RecoveryOption
        package var resolution: Resolution
        package var isCoalesced: Bool
        package var presentation: Presentation
        /// Shared by every caller of the presentation: the option's action runs once for all of them.
        package var group: RecoveryGroup
        /// Whether this caller came after the answer was given. Its failure may come from that answer's
        /// own action, run where nothing tells it so: such a caller never waits for the action.
        package var joinsAnsweredPresentation = false
    }
}

extension PresentationScheduler.Answer {
    init(fallbackFor presentation: Presentation, _ resolution: PresentationScheduler.Resolution, group: RecoveryGroup) {
        self.init(
            option: presentation.fallbackOption, resolution: resolution, isCoalesced: false,
            presentation: presentation, group: group)
    }
}
