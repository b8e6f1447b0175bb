/// The order in which handlings were handed to a root, and which of them are still on their way to its
/// scheduler.
///
/// `handle` starts a task per error, and tasks started one after the other by one task reach the scheduler
/// in any order. Each handling takes a number when it is handed in (in the caller's thread, without the
/// scheduler's lock); the scheduler shows blocking presentations by severity, then by number,
/// and holds the next one back while a handling with a smaller number is still on its way. That wait is
/// short: a handling on its way resolves and logs its error and applies the rules, all synchronous, then
/// presents or ends (a take-over or an automatic retry ends its way first).
///
/// The numbers come from the scheduler's atomic counter; this is read and written with its lock held.
struct ArrivalOrder {
    /// The smallest number taken that hasn't arrived: every smaller one arrived or ended.
    private var lowestOnTheWay = 1
    /// The numbers above ``lowestOnTheWay`` that arrived already, out of order.
    private var arrivedAhead: Set<Int> = []

    /// Records that a handling reached the scheduler, or ended without presenting.
    mutating func arrived(_ number: Int) {
        guard number == lowestOnTheWay else {
            if number > lowestOnTheWay { arrivedAhead.insert(number) }
            return
        }
        lowestOnTheWay += 1
        while !arrivedAhead.isEmpty, arrivedAhead.remove(lowestOnTheWay) != nil {
            lowestOnTheWay += 1
        }
    }

    /// Whether a handling handed in before the one with this number is still on its way.
    func isOnTheWay(before number: Int) -> Bool {
        lowestOnTheWay < number
    }
}
