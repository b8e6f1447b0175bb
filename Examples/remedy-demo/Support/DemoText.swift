import Remedy

/// The demo's own words that a person reads in every language Remedy ships: the end-of-scenario
/// summary and the line that says an operation runs again. The rest of the narration is English.
struct DemoText: Sendable {
    let language: String

    init(_ localization: Localization) {
        self.language = Self.table.keys.contains(localization.language) ? localization.language : "en"
    }

    /// The text for a key, in the demo's language, or English.
    func callAsFunction(_ key: Key) -> String {
        Self.table[language]?[key] ?? Self.table["en"]![key]!
    }

    enum Key: Sendable, Hashable {
        /// `%d` handled errors, then the parts.
        case summary, summaryNone
        case retriedAutomatically, retriedAfterChoice, recovered, takenOverAndRetried, takenOver, gaveUp
        case shown, silenced, coalesced
        /// The line when an operation runs again after the person's choice or a take-over.
        case runningAgain
        /// An automatic retry: `%1` its number, `%2` the delay.
        case automaticRetry
    }

    private static let table: [String: [Key: String]] = [
        "en": [
            .automaticRetry: "Automatic retry %1 in %2.",
            .summary: "Handled errors: %d (%@).", .summaryNone: "No errors were handled.",
            .retriedAutomatically: "retried automatically", .retriedAfterChoice: "tried again as chosen",
            .recovered: "fixed", .takenOverAndRetried: "handled by the app, then tried again",
            .takenOver: "handled by the app", .gaveUp: "given up", .shown: "shown", .silenced: "not shown",
            .coalesced: "answered by the same alert", .runningAgain: "Running it again.",
        ],
        "de": [
            .automaticRetry: "Automatische Wiederholung %1 in %2.",
            .summary: "Behandelte Fehler: %d (%@).", .summaryNone: "Es wurden keine Fehler behandelt.",
            .retriedAutomatically: "automatisch wiederholt", .retriedAfterChoice: "wie gewählt erneut versucht",
            .recovered: "behoben", .takenOverAndRetried: "von der App übernommen, dann erneut versucht",
            .takenOver: "von der App übernommen", .gaveUp: "aufgegeben", .shown: "angezeigt",
            .silenced: "nicht angezeigt", .coalesced: "mit derselben Meldung beantwortet",
            .runningAgain: "Wird erneut ausgeführt.",
        ],
        "es": [
            .automaticRetry: "Reintento automático %1 en %2.",
            .summary: "Errores gestionados: %d (%@).", .summaryNone: "No se gestionó ningún error.",
            .retriedAutomatically: "reintentado automáticamente", .retriedAfterChoice: "reintentado según lo elegido",
            .recovered: "resuelto", .takenOverAndRetried: "resuelto por la app y reintentado",
            .takenOver: "resuelto por la app", .gaveUp: "abandonado", .shown: "mostrado", .silenced: "no mostrado",
            .coalesced: "respondido por la misma alerta", .runningAgain: "Se ejecuta de nuevo.",
        ],
        "fr": [
            .automaticRetry: "Nouvel essai automatique %1 dans %2.",
            .summary: "Erreurs traitées : %d (%@).", .summaryNone: "Aucune erreur n’a été traitée.",
            .retriedAutomatically: "réessayée automatiquement", .retriedAfterChoice: "réessayée comme choisi",
            .recovered: "corrigée", .takenOverAndRetried: "prise en charge par l’app, puis réessayée",
            .takenOver: "prise en charge par l’app", .gaveUp: "abandonnée", .shown: "affichée",
            .silenced: "non affichée", .coalesced: "réglée par la même alerte",
            .runningAgain: "Nouvelle exécution.",
        ],
        "ja": [
            .automaticRetry: "%2 後に自動再試行（%1 回目）。",
            .summary: "処理したエラー: %d 件（%@）。", .summaryNone: "処理したエラーはありません。",
            .retriedAutomatically: "自動で再試行", .retriedAfterChoice: "選択どおり再試行", .recovered: "解決",
            .takenOverAndRetried: "アプリが対応して再試行", .takenOver: "アプリが対応", .gaveUp: "中止",
            .shown: "表示", .silenced: "非表示", .coalesced: "同じアラートで回答", .runningAgain: "もう一度実行します。",
        ],
        "zh-Hans": [
            .automaticRetry: "%2 后自动重试（第 %1 次）。",
            .summary: "已处理的错误：%d 个（%@）。", .summaryNone: "没有处理任何错误。",
            .retriedAutomatically: "自动重试", .retriedAfterChoice: "按选择重试", .recovered: "已解决",
            .takenOverAndRetried: "由应用处理后重试", .takenOver: "由应用处理", .gaveUp: "已放弃", .shown: "已显示",
            .silenced: "未显示", .coalesced: "由同一提醒回答", .runningAgain: "再次运行。",
        ],
    ]

    /// The separator of the summary's parts.
    var listSeparator: String {
        switch language {
        case "ja": "、"
        case "zh-Hans": "，"
        default: ", "
        }
    }
}
