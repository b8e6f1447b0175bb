// RemedyTesting: test doubles for code that uses Remedy — ScriptedPresenter, TestClock, LogRecording and
// HandlingHarness. Importing RemedyTesting imports Remedy too.
@_exported import Remedy
