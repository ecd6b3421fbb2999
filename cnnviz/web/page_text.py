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

ERRORS: dict[str, dict[str, str]] = {
    "en": {
        "slow_down": "Too many requests: wait a moment.",
        "wrong_code": "This class canvas code is wrong or has ended: scan the teacher's code again.",
        "busy": "The teacher's computer is busy: try again.",
        "bad_drawing": "The drawing could not be read: clear it and draw again.",
        "too_big": "The drawing is too big: draw it with fewer strokes.",
        "too_slow": "The drawing took too long to arrive: send it again.",
        "not_found": "Not found: scan the teacher's code again.",
        "one_a_second": "One drawing a second, please: wait a moment.",
        "bad_label": "Say again which it is.",
        "blocked": "The teacher is not taking drawings from this phone.",
        "canvas_full": "The class canvas has all the drawings it can take.",
        "queue_full": "The teacher's queue is full: try again in a minute.",
        "too_many_phones": "Too many phones are taking part already.",
        "phone_quota": "This phone has sent all the drawings it may.",
    },
    "de": {
        "slow_down": "Zu viele Anfragen: Warte einen Moment.",
        "wrong_code": (
            "Dieser Code der Klassen-Zeichenfläche ist falsch oder abgelaufen: "
            "Scanne den Code der Lehrkraft noch einmal."
        ),
        "busy": "Der Rechner der Lehrkraft ist gerade beschäftigt: Versuch es noch einmal.",
        "bad_drawing": "Die Zeichnung konnte nicht gelesen werden: Lösche sie und zeichne noch einmal.",
        "too_big": "Die Zeichnung ist zu groß: Zeichne sie mit weniger Strichen.",
        "too_slow": "Die Zeichnung kam zu langsam an: Sende sie noch einmal.",
        "not_found": "Nicht gefunden: Scanne den Code der Lehrkraft noch einmal.",
        "one_a_second": "Bitte nur eine Zeichnung pro Sekunde: Warte einen Moment.",
        "bad_label": "Sag noch einmal, welche es ist.",
        "blocked": "Die Lehrkraft nimmt von diesem Handy keine Zeichnungen an.",
        "canvas_full": "Die Klassen-Zeichenfläche hat alle Zeichnungen, die sie annehmen kann.",
        "queue_full": "Die Warteschlange der Lehrkraft ist voll: Versuch es in einer Minute noch einmal.",
        "too_many_phones": "Es machen schon zu viele Handys mit.",
        "phone_quota": "Dieses Handy hat alle Zeichnungen gesendet, die es darf.",
    },
    "ja": {
        "slow_down": "リクエストが多すぎます。少し待ってください。",
        "wrong_code": (
            "このクラスのキャンバスのコードは間違っているか、終了しています。先生のコードをもう一度読み取ってください。"
        ),
        "busy": "先生のコンピューターが混み合っています。もう一度送ってください。",
        "bad_drawing": "絵を読み取れませんでした。消してもう一度描いてください。",
        "too_big": "絵が大きすぎます。少ない線で描いてください。",
        "too_slow": "絵の送信に時間がかかりすぎました。もう一度送ってください。",
        "not_found": "見つかりません。先生のコードをもう一度読み取ってください。",
        "one_a_second": "送れるのは 1 秒に 1 枚までです。少し待ってください。",
        "bad_label": "どれかもう一度選んでください。",
        "blocked": "先生はこの端末からの絵を受け付けていません。",
        "canvas_full": "クラスのキャンバスはこれ以上絵を受け付けられません。",
        "queue_full": "先生の確認待ちがいっぱいです。1 分後にもう一度送ってください。",
        "too_many_phones": "参加している端末が多すぎます。",
        "phone_quota": "この端末から送れる絵の数の上限に達しました。",
    },
    "zh_CN": {
        "slow_down": "请求太多：请稍等一下。",
        "wrong_code": "这个班级画板的二维码有误或已结束：请重新扫描老师的二维码。",
        "busy": "老师的电脑正忙：请再试一次。",
        "bad_drawing": "无法读取这幅画：请清除后重新画。",
        "too_big": "这幅画太大了：请用更少的笔画来画。",
        "too_slow": "这幅画传送得太慢：请再发送一次。",
        "not_found": "找不到页面：请重新扫描老师的二维码。",
        "one_a_second": "每秒只能发送一幅画：请稍等一下。",
        "bad_label": "请重新选出是哪一个。",
        "blocked": "老师不再接收这部手机的画。",
        "canvas_full": "班级画板已经收满，不能再接收画了。",
        "queue_full": "老师的待审队列已满：请一分钟后再试。",
        "too_many_phones": "参与的手机已经太多了。",
        "phone_quota": "这部手机已经发送了允许的全部画。",
    },
}
"""What the page says, in its language, when the server refuses a request: its JSON's ``code`` picks the sentence
(``Refused.code``, ``server.ERROR_CODES``); a code not here shows the server's English reason after ``error``."""

for _code in LANGUAGES:  # "97 %" in German, "97%" in the others: the window's percent style (number_format)
    TEXT[_code]["percent"] = STYLES[_code].percent
    TEXT[_code].update({f"error_{key}": sentence for key, sentence in ERRORS[_code].items()})


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
