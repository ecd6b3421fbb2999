"""The phone page's words in the app's four languages, and which one a phone gets.

The page is in the app's language, unless the phone's ``Accept-Language`` asks for one of ours first
(a German phone in an English-speaking class reads German). The words go into the page as a JSON
block the page's script reads (no inline script: the page's Content-Security-Policy allows none).
"""

from __future__ import annotations

from ..number_format import STYLES

LANGUAGES = ("en", "de", "ja", "zh_CN")

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Class canvas",
        "draw_digit": "Draw a {digit}",
        "draw_any": "Draw any digit and say which",
        "draw_class": "Draw one of our classes and say which",
        "send": "Send",
        "clear": "Clear",
        "pseudonym": "Nickname or seat (optional)",
        "name": "Your name (optional)",
        "which": "Which one is it?",
        "waiting": "waiting for the teacher",
        "accepted": "accepted",
        "held_back": "kept for our test",
        "rejected": "not used",
        "verdict": "The network says: {answer} ({percent})",
        "verdict_sure": "The network says: {answer} ({percent}, {sure})",
        "not_sure": "not sure",
        "sure": "sure",
        "sent": "Sent! Draw another one.",
        "pick": "Say which it is first.",
        "empty": "Draw something first.",
        "error": "Could not send: {why}",
        "offline": "No connection to the teacher's computer.",
        "yours": "Your drawings",
        "no_answer": "the network has not looked yet",
    },
    "de": {
        "title": "Klassen-Zeichenfläche",
        "draw_digit": "Zeichne eine {digit}",
        "draw_any": "Zeichne eine beliebige Ziffer und sag, welche",
        "draw_class": "Zeichne eine unserer Klassen und sag, welche",
        "send": "Senden",
        "clear": "Löschen",
        "pseudonym": "Spitzname oder Platz (freiwillig)",
        "name": "Dein Name (freiwillig)",
        "which": "Welche ist es?",
        "waiting": "wartet auf die Lehrkraft",
        "accepted": "angenommen",
        "held_back": "für unseren Test aufgehoben",
        "rejected": "nicht verwendet",
        "verdict": "Das Netz sagt: {answer} ({percent})",
        "verdict_sure": "Das Netz sagt: {answer} ({percent}, {sure})",
        "not_sure": "nicht sicher",
        "sure": "sicher",
        "sent": "Gesendet! Zeichne noch eine.",
        "pick": "Sag zuerst, welche es ist.",
        "empty": "Zeichne zuerst etwas.",
        "error": "Senden fehlgeschlagen: {why}",
        "offline": "Keine Verbindung zum Rechner der Lehrkraft.",
        "yours": "Deine Zeichnungen",
        "no_answer": "das Netz hat noch nicht hingeschaut",
    },
    "ja": {
        "title": "クラスのキャンバス",
        "draw_digit": "{digit} を描いてください",
        "draw_any": "好きな数字を描いて、どれか選んでください",
        "draw_class": "クラスの種類を一つ描いて、どれか選んでください",
        "send": "送信",
        "clear": "消す",
        "pseudonym": "ニックネームまたは座席（任意）",
        "name": "名前（任意）",
        "which": "どれですか？",
        "waiting": "先生の確認待ち",
        "accepted": "採用",
        "held_back": "テスト用に保留",
        "rejected": "不採用",
        "verdict": "ネットワークの答え：{answer}（{percent}）",
        "verdict_sure": "ネットワークの答え：{answer}（{percent}、{sure}）",
        "not_sure": "自信なし",
        "sure": "自信あり",
        "sent": "送信しました！もう一つ描こう。",
        "pick": "先にどれか選んでください。",
        "empty": "先に何か描いてください。",
        "error": "送信できませんでした：{why}",
        "offline": "先生のコンピューターにつながりません。",
        "yours": "あなたの絵",
        "no_answer": "ネットワークはまだ見ていません",
    },
    "zh_CN": {
        "title": "班级画板",
        "draw_digit": "画一个 {digit}",
        "draw_any": "画任意一个数字，并说出是几",
        "draw_class": "画我们的一个类别，并说出是哪个",
        "send": "发送",
        "clear": "清除",
        "pseudonym": "昵称或座位号（可选）",
        "name": "你的名字（可选）",
        "which": "是哪一个？",
        "waiting": "等待老师审核",
        "accepted": "已采用",
        "held_back": "留作我们的测试",
        "rejected": "未采用",
        "verdict": "网络认为：{answer}（{percent}）",
        "verdict_sure": "网络认为：{answer}（{percent}，{sure}）",
        "not_sure": "不确定",
        "sure": "确定",
        "sent": "已发送！再画一个吧。",
        "pick": "请先选出是哪一个。",
        "empty": "请先画点什么。",
        "error": "发送失败：{why}",
        "offline": "无法连接老师的电脑。",
        "yours": "你的画",
        "no_answer": "网络还没有看过",
    },
}

for _code in LANGUAGES:  # "97 %" in German, "97%" in the others: the window's percent style (number_format)
    TEXT[_code]["percent"] = STYLES[_code].percent


def choose(accept_language: str | None, app_language: str) -> str:
    """The phone's first language that is one of ours (``de-AT`` -> ``de``, ``zh-CN``/``zh-Hans`` ->
    ``zh_CN``), else the app's. Malformed or huge headers count as none."""
    fallback = app_language if app_language in LANGUAGES else "en"
    if not accept_language or len(accept_language) > 500:
        return fallback
    ranked = []
    for n, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        ranked.append((-q, n, tag.strip().lower().replace("_", "-")))
    for _q, _n, tag in sorted(ranked):
        if tag.startswith("zh"):
            if tag in ("zh", "zh-cn", "zh-hans", "zh-sg") or tag.startswith("zh-hans"):
                return "zh_CN"
            continue  # Traditional Chinese: not ours
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
    return fallback
