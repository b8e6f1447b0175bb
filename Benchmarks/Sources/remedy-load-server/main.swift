// A Hummingbird server on 127.0.0.1 whose route fails as an overloaded server's does, for `load.sh`:
//
//     remedy-load-server PORT plain            # Hummingbird answers the route's HTTPError itself
//     remedy-load-server PORT problemDetails   # ProblemDetailsMiddleware answers it
//
// `GET /overload` throws `HTTPError(.serviceUnavailable)`; `GET /booking` throws the app's own `LocalizedError`
// enum; `GET /hello` answers "Hello". The log goes to standard error at `info`, one line per record, as a
// server's would.
import Foundation
import Hummingbird
import Logging
import RemedyBenchmarkSupport
import RemedyHummingbird

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let port = Int(arguments.first!), let mode = arguments.last,
    mode == "plain" || mode == "problemDetails"
else {
    FileHandle.standardError.write(Data("usage: remedy-load-server PORT plain|problemDetails\n".utf8))
    exit(64)
}

let router = Router()
if mode == "problemDetails" { router.add(middleware: ProblemDetailsMiddleware()) }
router.get("/overload") { _, _ -> String in throw HTTPError(.serviceUnavailable) }
router.get("/booking") { _, _ -> String in throw BookingError.roomTaken }
router.get("/hello") { _, _ in "Hello" }
var logger = Logger(label: "remedy-load-server") { StreamLogHandler.standardError(label: $0) }
logger.logLevel = .info
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port)),
    logger: logger
)
try await app.runService()
