import Foundation
import RemedyTerminal
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite(.timeLimit(.minutes(10)))
struct TerminalIOTests {
    @Test func fileDescriptorOutputWritesEveryByteToAPipe() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        let output = FileDescriptorOutput(fileDescriptor: descriptors[1])
        #expect(!output.isTerminal)
        #expect(output.terminalColumns == nil)
        let text = String(repeating: "╭─ ⚠ 中文 🙂\n", count: 1_000)  // larger than a pipe's buffer? no: 20 KB
        output.write(text)
        close(descriptors[1])
        let data = FileHandle(fileDescriptor: descriptors[0]).readDataToEndOfFile()
        #expect(String(decoding: data, as: UTF8.self) == text)
    }

    @Test func writingToAClosedDescriptorDoesNotCrash() {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        close(descriptors[0])
        close(descriptors[1])
        FileDescriptorOutput(fileDescriptor: descriptors[1]).write("nobody reads this")
        #expect(FileDescriptorOutput(fileDescriptor: descriptors[1]).isTerminal == false)
    }

    @Test func scriptedInputHandsOutAnswersInOrderThenEnds() async {
        let input = ScriptedInput(["a", "b"])
        #expect(input.canAnswer)
        #expect(!input.echoesAnswers)
        #expect(await input.readLine() == "a")
        #expect(input.remainingAnswers == ["b"])
        #expect(await input.readLine() == "b")
        #expect(await input.readLine() == nil)
        #expect(await input.readLine() == nil)
    }

    @Test func standardInputReadsPipesOnlyWhenAskedTo() {
        #expect(StandardInput(readsWhenNotATerminal: true).canAnswer)
        #expect(StandardInput().canAnswer == (isatty(STDIN_FILENO) == 1))
    }
}
