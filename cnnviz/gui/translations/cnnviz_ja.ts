<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
 <context>
  <name>cnnviz</name>
  <message>
   <location filename="cnnviz/app/about.py" line="15" />
   <source>cnnviz is free software under the MIT licence.</source>
   <translation>cnnviz は MIT ライセンスのフリーソフトウェアです。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/about.py" line="16" />
   <source>The bundled MNIST database of handwritten digits is by Yann LeCun, Corinna Cortes and Christopher J.C. Burges, used under the Creative Commons Attribution-Share Alike 3.0 licence (CC BY-SA 3.0).</source>
   <translation>同梱の手書き数字データベース MNIST は Yann LeCun、Corinna Cortes、Christopher J.C. Burges によるもので、クリエイティブ・コモンズ 表示 - 継承 3.0 ライセンス（CC BY-SA 3.0）の下で使用しています。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/about.py" line="21" />
   <source>The window is made with Qt and PySide6 (LGPL-3.0), pyqtgraph (MIT); the computations with NumPy, numba and llvmlite (BSD), Pillow (MIT-CMU). The standalone bundle lists every licence in THIRD-PARTY-NOTICES.txt.</source>
   <translation>ウィンドウは Qt と PySide6（LGPL-3.0）、pyqtgraph（MIT）で、計算は NumPy、numba、llvmlite（BSD）、Pillow（MIT-CMU）で作られています。スタンドアロン版はすべてのライセンスを THIRD-PARTY-NOTICES.txt に記載しています。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="95" />
   <source>step {step:,}, {percent:.1f}%</source>
   <translation>ステップ {step:,}、{percent:.1f}%</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="94" />
   <source>step {step:,}</source>
   <translation>ステップ {step:,}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/autosave.py" line="104" />
   <source>at an unknown time</source>
   <translation>日時不明</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="71" />
   <location filename="cnnviz/app/class_training.py" line="205" />
   <source>Name the class's own classes first (2 to 10 names), then collect drawings of them.</source>
   <translation>まずクラス独自の分類を名付けてください（2〜10 個の名前）。それからその絵を集めます。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="77" />
   <source>Too few drawings to train on: accept at least {least} drawings of each class. Still missing: {classes}.</source>
   <translation>学習するには絵が少なすぎます：各分類の絵を少なくとも {least} 枚採用してください。まだ足りないもの：{classes}。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="164" />
   <source>This network knows {names}: it trains further on the class canvas's drawings of them, and the class canvas (F6) now asks the phones for them. Accept at least {least} drawings of each, then press Start. Still missing: {classes}.</source>
   <translation>このネットワークは {names} を知っています。クラスのキャンバスの絵でさらに学習します。クラスのキャンバス（F6）はいまスマホにそれらを描くよう求めています。それぞれ少なくとも {least} 枚の絵を受け入れてから、開始を押してください。まだ足りないもの：{classes}。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/class_training.py" line="150" />
   <source>This network knows {names}, but the class canvas holds drawings of {current}: it can only train further on drawings of its own classes. Name the same classes on the class canvas (F6), or choose a network of the data set under Network.</source>
   <translation>このネットワークは {names} を知っていますが、クラスのキャンバスには {current} の絵があります。自分のクラスの絵でしか学習を続けられません。クラスのキャンバス（F6）で同じクラスを名付けるか、「ネットワーク」でデータセット用のネットワークを選んでください。</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="28" />
   <source>net</source>
   <translation>ネットワーク</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="31" />
   <location filename="cnnviz/gui/exports.py" line="155" />
   <source>momentum</source>
   <translation>モーメンタム</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="32" />
   <source>batch</source>
   <translation>バッチ</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="33" />
   <location filename="cnnviz/gui/exports.py" line="157" />
   <source>schedule</source>
   <translation>スケジュール</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="34" />
   <location filename="cnnviz/gui/exports.py" line="158" />
   <source>epochs</source>
   <translation>エポック数</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="35" />
   <source>data</source>
   <translation>データ</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="36" />
   <location filename="cnnviz/classroom/report.py" line="280" />
   <location filename="cnnviz/gui/exports.py" line="152" />
   <source>backend</source>
   <translation>バックエンド</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="37" />
   <location filename="cnnviz/gui/exports.py" line="159" />
   <source>seed</source>
   <translation>シード</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="197" />
   <source>this session</source>
   <translation>このセッション</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="263" />
   <location filename="cnnviz/app/side_by_side.py" line="40" />
   <location filename="cnnviz/classroom/report.py" line="184" />
   <source>, </source>
   <translation>、</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="272" />
   <source>{settings} (same settings)</source>
   <translation>{settings}（同じ設定）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/comparison.py" line="264" />
   <source>{name} {kept} vs {now} now</source>
   <translation>{name} {kept}（現在は {now}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="36" />
   <source>now</source>
   <translation>現在</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="60" />
   <source>not tested yet</source>
   <translation>未テスト</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="62" />
   <source>A {kept} | B {now}</source>
   <translation>A {kept} | B {now}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="85" />
   <source>this one</source>
   <translation>このネットワーク</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="51" />
   <source>A: {side}</source>
   <translation>A: {side}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="51" />
   <source>B: {side}</source>
   <translation>B: {side}</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="77" />
   <source>A (left, kept): {a} | B (right, now): {b} · each pair on one colour scale</source>
   <translation>A（左、残した学習）：{a} | B（右、現在）：{b} · ペアごとに共通の色スケール</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="82" />
   <source>A (left, kept): {a} | B (right, now): {b} · each side on its own colour scale</source>
   <translation>A（左、残した学習）：{a} | B（右、現在）：{b} · それぞれ独自の色スケール</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="36" />
   <source>kept run ({source})</source>
   <translation>残した学習（{source}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="109" />
   <source>A has no {layer}: another network ({kept} vs {now} now)</source>
   <translation>A には {layer} がありません：別のネットワークです（{kept}、現在は {now}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="114" />
   <source>A's {layer} is {a}, B's {b}: another network ({kept} vs {now} now)</source>
   <translation>A の {layer} は {a}、B は {b}：別のネットワークです（{kept}、現在は {now}）</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="150" />
   <location filename="cnnviz/gui/panels/kernels.py" line="188" />
   <source>; </source>
   <translation>／</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="102" />
   <source>A ({source}) has no weights kept: its kernels cannot be shown</source>
   <translation>A（{source}）には重みが残っていません：カーネルを表示できません</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="104" />
   <source>A ({source}) has no weights kept: its maps cannot be shown</source>
   <translation>A（{source}）には重みが残っていません：特徴マップを表示できません</translation>
  </message>
  <message>
   <location filename="cnnviz/app/side_by_side.py" line="146" />
   <source>A's feature maps cannot be computed: {exc}</source>
   <translation>A の特徴マップを計算できません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="126" />
   <source>single-threaded sgemm per worker</source>
   <translation>ワーカーごとにシングルスレッドの sgemm</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="128" />
   <source>sgemm (BLAS threads not controllable)</source>
   <translation>sgemm（BLAS のスレッド数は制御不可）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="134" />
   <source>Numba {numba} nogil kernels on 1 worker thread + NumPy {numpy} {library} {blas}, CPU</source>
   <translation>Numba {numba} の nogil カーネル（ワーカースレッド 1 本）+ NumPy {numpy} {library} {blas}、CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="137" />
   <source>Numba {numba} nogil kernels on {threads} worker threads + NumPy {numpy} {library} {blas}, CPU</source>
   <translation>Numba {numba} の nogil カーネル（ワーカースレッド {threads} 本）+ NumPy {numpy} {library} {blas}、CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numba_cpu/__init__.py" line="143" />
   <source>{description}; {note}</source>
   <translation>{description}。{note}</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/numpy_ref.py" line="26" />
   <source>NumPy {version} reference (im2col + BLAS matrix products), CPU</source>
   <translation>NumPy {version} 参照実装（im2col + BLAS の行列積）、CPU</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="34" />
   <source>NumPy reference (CPU)</source>
   <translation>NumPy 参照実装（CPU）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="35" />
   <source>Numba parallel kernels (CPU)</source>
   <translation>Numba 並列カーネル（CPU）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="37" />
   <source>Hand-written numba.cuda kernels (NVIDIA GPU)</source>
   <translation>自作の numba.cuda カーネル（NVIDIA GPU）</translation>
  </message>
  <message>
   <location filename="cnnviz/backends/registry.py" line="39" />
   <source>CuPy im2col + cuBLAS (NVIDIA GPU)</source>
   <translation>CuPy im2col + cuBLAS(NVIDIA GPU)</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="77" />
   <source>Loss curve</source>
   <translation>損失の曲線</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="78" />
   <source>Accuracy curve</source>
   <translation>精度の曲線</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="79" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="43" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="68" />
   <source>Feature maps</source>
   <translation>特徴マップ</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="80" />
   <location filename="cnnviz/gui/panels/kernels.py" line="28" />
   <location filename="cnnviz/gui/panels/registry.py" line="325" />
   <source>Kernels</source>
   <translation>カーネル</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="81" />
   <location filename="cnnviz/gui/panels/registry.py" line="328" />
   <location filename="cnnviz/gui/panels/timings.py" line="69" />
   <source>Time per layer</source>
   <translation>層ごとの時間</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="82" />
   <source>Draw and classify, class drawings</source>
   <translation>描いて分類、クラスの手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="83" />
   <source>Mistakes (confusion matrix)</source>
   <translation>間違い（混同行列）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="84" />
   <source>Why? (saliency, occlusion)</source>
   <translation>なぜ？（サリエンシー、遮蔽）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="85" />
   <location filename="cnnviz/gui/panels/filters.py" line="165" />
   <source>What each filter wants to see</source>
   <translation>各フィルタが見たいもの</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="86" />
   <location filename="cnnviz/gui/panels/map.py" line="52" />
   <location filename="cnnviz/gui/panels/map.py" line="80" />
   <source>Map of what it learned</source>
   <translation>学んだことの地図</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="87" />
   <location filename="cnnviz/gui/panels/fool.py" line="112" />
   <location filename="cnnviz/gui/panels/registry.py" line="265" />
   <source>Fool the network</source>
   <translation>ネットワークをだます</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="88" />
   <location filename="cnnviz/gui/panels/registry.py" line="275" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="40" />
   <source>Time-lapse</source>
   <translation>タイムラプス</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/lessons.py" line="89" />
   <location filename="cnnviz/gui/panels/statistics.py" line="90" />
   <source>Weight and gradient statistics</source>
   <translation>重みと勾配の統計</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="198" />
   <source>true \ predicted</source>
   <translation>正解 \ 予測</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="62" />
   <source>n/a</source>
   <translation>なし</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="150" />
   <source>Test evaluations</source>
   <translation>テストの評価</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="244" />
   <source>Learned kernels</source>
   <translation>学習したカーネル</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="244" />
   <source>Red: positive weights, blue: negative, white: zero.</source>
   <translation>赤：正の重み、青：負の重み、白：ゼロ。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="273" />
   <source>{count} measurements</source>
   <translation>{count} 回の計測</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="337" />
   <source>cnnviz training report</source>
   <translation>cnnviz 学習レポート</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="191" />
   <source>Rows: the true digit; columns: what the network answered. {correct:,} of {total:,} test images correct ({share}).</source>
   <translation>行：正しい数字、列：ネットワークの答え。テスト画像 {total:,} 枚中 {correct:,} 枚が正解（{share}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="273" />
   <source>whole step</source>
   <translation>ステップ全体</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="279" />
   <source>Median milliseconds per training step (batch of {batch}).</source>
   <translation>学習ステップあたりのミリ秒の中央値（バッチ {batch}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="338" />
   <source>Created {date} with cnnviz {version}</source>
   <translation>{date} に cnnviz {version} で作成</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="80" />
   <source>Final test accuracy</source>
   <translation>最終のテスト精度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="90" />
   <source>Best test accuracy</source>
   <translation>最高のテスト精度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="96" />
   <source>Final test loss</source>
   <translation>最終のテスト損失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="101" />
   <source>Training steps</source>
   <translation>学習ステップ数</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="152" />
   <source>Test evaluations ({shown} of {count} shown)</source>
   <translation>テストの評価（{count} 回中 {shown} 回を表示）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/gui/panels/statistics.py" line="115" />
   <source>step</source>
   <translation>ステップ</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="155" />
   <location filename="cnnviz/classroom/report_curves.py" line="162" />
   <source>epoch</source>
   <translation>エポック</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="70" />
   <source>test loss</source>
   <translation>テスト損失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/classroom/report_curves.py" line="72" />
   <source>test accuracy</source>
   <translation>テスト精度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="156" />
   <location filename="cnnviz/gui/exports.py" line="167" />
   <source>test images</source>
   <translation>テスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="200" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="109" />
   <source>Confusion matrix</source>
   <translation>混同行列</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="202" />
   <location filename="cnnviz/gui/palette.py" line="125" />
   <source>correct</source>
   <translation>正解</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="242" />
   <source>kernels of {layer}</source>
   <translation>{layer} のカーネル</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="280" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="56" />
   <source>layer</source>
   <translation>層</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>forward ms</source>
   <translation>順伝播 ms</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>backward ms</source>
   <translation>逆伝播 ms</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="282" />
   <source>share of step</source>
   <translation>ステップ中の割合</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="285" />
   <source>Where the time goes</source>
   <translation>時間の使われ方</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="123" />
   <source>Speed</source>
   <translation>速度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="130" />
   <source>No training steps were recorded.</source>
   <translation>学習ステップは記録されていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="349" />
   <source>Summary</source>
   <translation>まとめ</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="81" />
   <source>{accuracy} on {images:,} images (step {step:,})</source>
   <translation>画像 {images:,} 枚で {accuracy}（ステップ {step:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="91" />
   <source>{accuracy} (step {step:,})</source>
   <translation>{accuracy}（ステップ {step:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="102" />
   <source>{steps:,} (epoch {epoch:.2f})</source>
   <translation>{steps:,}（エポック {epoch:.2f}）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="109" />
   <source>Training loss (last {count} steps)</source>
   <translation>学習の損失（最後の {count} ステップ）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="115" />
   <source>Batch accuracy (last {count} steps)</source>
   <translation>バッチの精度（最後の {count} ステップ）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="185" />
   <source>{true} read as {predicted} ({count}×)</source>
   <translation>{true} を {predicted} と読んだ（{count} 回）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="351" />
   <source>Settings</source>
   <translation>設定</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="124" />
   <source>{speed:,.0f} images/s (median) on {backend}</source>
   <translation>{backend} で毎秒 {speed:,.0f} 枚（中央値）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="187" />
   <source>Most frequent mistakes: {listed}.</source>
   <translation>よくある間違い：{listed}。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="237" />
   <source>{layer}: {count} kernels {height}×{width}, input channel 0 of {channels}</source>
   <translation>{layer}: {height}×{width} のカーネル {count} 個、入力チャンネル {channels} 個中の 0 番</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report.py" line="239" />
   <source>{layer}: {count} kernels {height}×{width}</source>
   <translation>{layer}: {height}×{width} のカーネル {count} 個</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="167" />
   <source>Compared with a kept run</source>
   <translation>残した学習との比較</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="86" />
   <source>Loss</source>
   <translation>損失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="87" />
   <location filename="cnnviz/classroom/report_curves.py" line="94" />
   <source>training step</source>
   <translation>学習ステップ</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="88" />
   <location filename="cnnviz/classroom/report_curves.py" line="156" />
   <source>cross-entropy loss</source>
   <translation>交差エントロピー損失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="93" />
   <source>Accuracy</source>
   <translation>精度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="95" />
   <location filename="cnnviz/classroom/report_curves.py" line="163" />
   <source>accuracy (%)</source>
   <translation>精度（%）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="154" />
   <source>Loss, both runs</source>
   <translation>損失（両方の学習）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="161" />
   <source>Accuracy, both runs</source>
   <translation>精度（両方の学習）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="53" />
   <source>training loss (per batch)</source>
   <translation>学習の損失（バッチごと）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="98" />
   <source>Learning curves</source>
   <translation>学習曲線</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="111" />
   <source>kept run: training loss (smoothed)</source>
   <translation>残した学習：学習の損失（平滑化）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="113" />
   <source>kept run: training accuracy (smoothed)</source>
   <translation>残した学習：学習の精度（平滑化）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="116" />
   <source>kept run: test loss</source>
   <translation>残した学習：テスト損失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="118" />
   <source>kept run: test accuracy</source>
   <translation>残した学習：テスト精度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="143" />
   <source>this run: test loss</source>
   <translation>この学習：テスト損失</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="147" />
   <source>this run: test accuracy</source>
   <translation>この学習：テスト精度</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="55" />
   <source>training loss (average of {count})</source>
   <translation>学習の損失（{count} ステップの平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="63" />
   <source>training batch accuracy (average of {count})</source>
   <translation>学習のバッチ精度（{count} ステップの平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="126" />
   <source>this run: training loss (average of {count})</source>
   <translation>この学習：学習の損失（{count} ステップの平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_curves.py" line="134" />
   <source>this run: training accuracy (average of {count})</source>
   <translation>この学習：学習の精度（{count} ステップの平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="157" />
   <source>"Not sure"</source>
   <translation>「自信なし」</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="46" />
   <source>What each filter of the classes wants to see</source>
   <translation>各クラスが見たいもの</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="56" />
   <source>the classes' filters</source>
   <translation>クラスのフィルタ</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="51" />
   <source>Each row: the test images that excite the unit most, then the input optimised to excite it (weights of step {step:,}).</source>
   <translation>各行：そのユニットを最も強く反応させるテスト画像、続いてそれを反応させるように最適化した入力（ステップ {step:,} の重み）。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="98" />
   <source>map of {count} test images</source>
   <translation>テスト画像 {count} 枚の地図</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="105" />
   <source>{count:,} test images placed by the layer before the answer (PCA: the two directions it spreads most along, {percent:.0f}% of the spread; weights of step {step:,}). Close dots: images the network sees as alike.</source>
   <translation>テスト画像 {count:,} 枚を答えの直前の層で配置（PCA：最も広がる 2 方向、広がりの {percent:.0f}%、ステップ {step:,} の重み）。近い点：ネットワークが似ていると見る画像。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="130" />
   <source>the original</source>
   <translation>元の画像</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="131" />
   <source>the change</source>
   <translation>変化</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="132" />
   <source>the fooled input</source>
   <translation>だました入力</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="149" />
   <source>The Draw panel says "not sure" when an input's {method} score is above {threshold:.3g}: calibrated on {images:,} held-out test images, of which {percent:.1f}% are at or under it (accepted).</source>
   <translation>「描く」パネルは、入力の {method} スコアが {threshold:.3g} を超えると「自信なし」と表示します。取り分けたテスト画像 {images:,} 枚で較正し、そのうち {percent:.1f}% がこの値以下（受け入れ）です。</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="48" />
   <source>What each filter of {layer} wants to see</source>
   <translation>{layer} の各フィルタが見たいもの</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="56" />
   <source>{layer} filters</source>
   <translation>{layer} のフィルタ</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="112" />
   <source>A map of what it learned</source>
   <translation>学んだことの地図</translation>
  </message>
  <message>
   <location filename="cnnviz/classroom/report_inside.py" line="141" />
   <source>Fooling the network</source>
   <translation>ネットワークをだます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="171" />
   <source>scroll left</source>
   <translation>左へスクロール</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="172" />
   <source>scroll right</source>
   <translation>右へスクロール</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="173" />
   <source>scroll up</source>
   <translation>上へスクロール</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="174" />
   <source>scroll down</source>
   <translation>下へスクロール</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="178" />
   <source>picture</source>
   <translation>図</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="178" />
   <source>{title} picture</source>
   <translation>{title}：図</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="179" />
   <source>list</source>
   <translation>リスト</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="179" />
   <source>{title} list</source>
   <translation>{title}：リスト</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="180" />
   <source>tabs</source>
   <translation>タブ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="180" />
   <source>{title} tabs</source>
   <translation>{title}：タブ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="181" />
   <source>choice</source>
   <translation>選択</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="181" />
   <source>{title} choice</source>
   <translation>{title}：選択</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="182" />
   <source>number</source>
   <translation>数値</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="182" />
   <source>{title} number</source>
   <translation>{title}：数値</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="183" />
   <source>text field</source>
   <translation>テキスト欄</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="183" />
   <source>{title} text field</source>
   <translation>{title}：テキスト欄</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="184" />
   <source>slider</source>
   <translation>スライダー</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="184" />
   <source>{title} slider</source>
   <translation>{title}：スライダー</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="185" />
   <source>button</source>
   <translation>ボタン</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="185" />
   <source>{title} button</source>
   <translation>{title}：ボタン</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="197" />
   <source>More menus</source>
   <translation>その他のメニュー</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="226" />
   <source>predicted {name}, {percent}% sure</source>
   <translation>予測は {name}、確信度 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="263" />
   <source>Training stopped, test accuracy {percent}%</source>
   <translation>学習を停止しました。テスト精度 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="265" />
   <source>Training finished, test accuracy {percent}%</source>
   <translation>学習が完了しました。テスト精度 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="248" />
   <source>Training paused</source>
   <translation>学習を一時停止しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="250" />
   <source>Training resumed</source>
   <translation>学習を再開しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="296" />
   <source>Views</source>
   <translation>パネル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="296" />
   <source>The pictures of the network: one tab each</source>
   <translation>ネットワークの図：1 つずつタブに分かれています</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="245" />
   <source>Training started on {backend}</source>
   <translation>{backend} で学習を開始しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="253" />
   <source>Test accuracy {percent}% at step {step}</source>
   <translation>ステップ {step} でテスト精度 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="257" />
   <location filename="cnnviz/gui/router.py" line="192" />
   <source>Training diverged: {message}</source>
   <translation>学習が発散しました：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="261" />
   <source>Training stopped</source>
   <translation>学習を停止しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/accessibility.py" line="261" />
   <source>Training finished</source>
   <translation>学習が完了しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/background_warm_up.py" line="99" />
   <source>The numba kernels compile in the background, so that Start is quick; Start now compiles the rest.</source>
   <translation>numba のカーネルを裏でコンパイルしています（開始を速くするため）。今開始すると残りをコンパイルします。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="86" />
   <source>Draw a digit with the mouse, a pen or a finger. C clears. Right-click or drop a file to classify a photo.</source>
   <translation>マウス、ペン、指で数字を描いてください。C で消去。右クリックかファイルのドロップで写真を分類します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="252" />
   <location filename="cnnviz/gui/menus.py" line="40" />
   <source>Open image…</source>
   <translation>画像を開く…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="253" />
   <location filename="cnnviz/gui/panels/classify.py" line="58" />
   <source>Clear</source>
   <translation>消去</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="308" />
   <source>draw a digit here</source>
   <translation>ここに数字を描く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="344" />
   <source>photo · draw to start over</source>
   <translation>写真 · 描くとやり直し</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/canvas.py" line="342" />
   <source>photo: {name} · draw to start over</source>
   <translation>写真：{name} · 描くとやり直し</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="39" />
   <source>cnnviz checkpoint</source>
   <translation>cnnviz のチェックポイント</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="282" />
   <source>Save the trained model?</source>
   <translation>学習したモデルを保存しますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="290" />
   <source>Discard deletes it, its autosave too.</source>
   <translation>破棄すると、モデルも自動保存も削除されます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="144" />
   <source>Save model</source>
   <translation>モデルを保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="148" />
   <source>Load model</source>
   <translation>モデルを読み込む</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="179" />
   <source>There is no model to save yet.</source>
   <translation>保存するモデルがまだありません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="246" />
   <location filename="cnnviz/gui/questions.py" line="71" />
   <source>closing</source>
   <translation>終了</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="266" />
   <source>The model was trained for one step and is not saved.</source>
   <translation>このモデルは 1 ステップ学習し、まだ保存されていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="273" />
   <source>The model was trained for {step} steps, {accuracy}% on the test images, and is not saved.</source>
   <translation>このモデルは {step} ステップ学習し（テスト画像で {accuracy}%）、まだ保存されていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="340" />
   <source>Start continues training from these weights.</source>
   <translation>「開始」でこの重みから学習を続けます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="413" />
   <source>Restored the autosaved run ({run}, {when}).</source>
   <translation>自動保存された学習を復元しました（{run}、{when}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="193" />
   <location filename="cnnviz/gui/checkpoints.py" line="218" />
   <source>Saved the weights of step {step} to {path}</source>
   <translation>ステップ {step} の重みを {path} に保存しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="224" />
   <source>Could not save the model: {error}</source>
   <translation>モデルを保存できませんでした：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="267" />
   <source>The model was trained for {step} steps and is not saved.</source>
   <translation>このモデルは {step} ステップ学習し、まだ保存されていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="270" />
   <source>The model was trained for one step, {accuracy}% on the test images, and is not saved.</source>
   <translation>このモデルは 1 ステップ学習し（テスト画像で {accuracy}%）、まだ保存されていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="283" />
   <source>{describe_unsaved}
Save it before {what}?</source>
   <translation>{describe_unsaved}
先に保存しますか？（{what}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="304" />
   <source>Loading {name}…</source>
   <translation>{name} を読み込み中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="338" />
   <source>Loaded {name} (network {spec}).</source>
   <translation>{name} を読み込みました（ネットワーク {spec}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="184" />
   <source>Saving the model to {path}…</source>
   <translation>モデルを {path} に保存中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="318" />
   <source>loading {name}</source>
   <translation>{name} の読み込み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="328" />
   <source>Could not load the model: its network {spec!r} is not valid here</source>
   <translation>モデルを読み込めませんでした：ネットワーク {spec!r} はここでは使えません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="433" />
   <source>Could not restore the autosave {path}: {error}</source>
   <translation>自動保存 {path} を復元できませんでした：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="189" />
   <source>Could not save the model: {exc}</source>
   <translation>モデルを保存できませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="207" />
   <source>Autosaved the model (step {step:,})</source>
   <translation>モデルを自動保存しました（ステップ {step:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="210" />
   <source>Could not autosave the model to {path}: {error}</source>
   <translation>モデルを {path} に自動保存できませんでした：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="310" />
   <source>Could not load the model: {error}</source>
   <translation>モデルを読み込めませんでした：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="342" />
   <source>Note: {note}.</source>
   <translation>注意：{note}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/checkpoints.py" line="400" />
   <source>Could not delete the autosave {path}: {exc}</source>
   <translation>自動保存 {path} を削除できませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="74" />
   <location filename="cnnviz/gui/class_canvas.py" line="126" />
   <location filename="cnnviz/gui/class_canvas.py" line="133" />
   <source>Class canvas</source>
   <translation>クラスのキャンバス</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="130" />
   <source>Open the class canvas: phones on the classroom network draw for the network</source>
   <translation>クラスのキャンバスを開く：教室のネットワーク上のスマートフォンがネットワークのために絵を描きます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="133" />
   <location filename="cnnviz/gui/class_canvas.py" line="134" />
   <location filename="cnnviz/gui/class_canvas_column.py" line="157" />
   <source>End class canvas</source>
   <translation>クラスのキャンバスを終了</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="159" />
   <source>This computer only (127.0.0.1)</source>
   <translation>このコンピューターのみ（127.0.0.1）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="263" />
   <source>1 phone so far</source>
   <translation>これまでに 1 台</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="422" />
   <source>Save our drawings in a folder</source>
   <translation>わたしたちの絵をフォルダーに保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="468" />
   <source>no drawings held back, so its test is the drawings it learns from (hold some back with H)</source>
   <translation>テスト用に取っておいた絵がないので、学習に使う絵そのものでテストします（H でいくつか取っておけます）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="165" />
   <source>No network found: connect this computer to the classroom Wi-Fi or turn on its hotspot, then choose the network here. Only this computer can reach the canvas now.</source>
   <translation>ネットワークが見つかりません：このコンピューターを教室の Wi-Fi につなぐか、ホットスポットをオンにしてから、ここでネットワークを選んでください。今はこのコンピューターからしかキャンバスに接続できません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="311" />
   <source>A drawing without a label waits: the phone did not say which it is</source>
   <translation>ラベルのない絵は待機中です：スマートフォンがどれかを選んでいません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="354" />
   <source>Type a name first.</source>
   <translation>先に名前を入力してください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="370" />
   <source>Choose a class in the list first.</source>
   <translation>先にリストから分類を選んでください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="404" />
   <source>Draw one of our classes and say which</source>
   <translation>わたしたちの分類のどれかを描いて、どれか選んでね</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="412" />
   <source>Name at least 2 classes: the phones then draw them instead of digits.</source>
   <translation>分類を 2 つ以上名付けてください：するとスマホでは数字の代わりにそれを描きます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="457" />
   <source>Learning our {count} classes</source>
   <translation>わたしたちの {count} 個の分類を学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="263" />
   <source>{count} phones so far</source>
   <translation>これまでに {count} 台</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="294" />
   <source>{count} waiting for you</source>
   <translation>{count} 件があなたの確認待ち</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="388" />
   <source>Give 2 to 10 different names.</source>
   <translation>2〜10 個の異なる名前にしてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="437" />
   <source>Saved {count} drawings of {names} in {folder}.</source>
   <translation>{names} の絵 {count} 枚を {folder} に保存しました。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="466" />
   <source>its test: the {count} drawings held back</source>
   <translation>テスト：取っておいた {count} 枚の絵</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="471" />
   <source>A new tiny network learns {names} from scratch on {count} accepted drawings; {test}.</source>
   <translation>新しい小さなネットワークが、採用した {count} 枚の絵から {names} をゼロから学びます。{test}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="289" />
   <source>from phone {phone}</source>
   <translation>スマートフォン {phone} から</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="357" />
   <source>{name} is named already.</source>
   <translation>{name} はもう名付けられています。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="360" />
   <source>At most {count} classes.</source>
   <translation>分類は最大 {count} 個です。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="376" />
   <source>Drawings of {name} or of a class after it are on the wall or accepted: it stays.</source>
   <translation>{name} またはその後の分類の絵が待っているか採用済みなので、削除できません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="415" />
   <source>The phones draw {names}. Accept at least {least} drawings of each, then train.</source>
   <translation>スマホで {names} を描きます。それぞれ少なくとも {least} 枚採用してから学習してください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="184" />
   <source>The class canvas could not start: {error}</source>
   <translation>クラスのキャンバスを開始できませんでした：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas.py" line="434" />
   <source>Could not save the drawings: {error}</source>
   <translation>絵を保存できませんでした：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="126" />
   <source>Our test set: {right} of {count} right · MNIST: {mnist}</source>
   <translation>私たちのテストセット：{count} 中 {right} 正解 · MNIST：{mnist}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="110" />
   <source>Our test set: none held back yet · MNIST: {mnist}</source>
   <translation>私たちのテストセット：まだ保留なし · MNIST：{mnist}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_answers.py" line="118" />
   <source>Our test set: {count} held back; this network does not know our classes yet</source>
   <translation>わたしたちのテストセット：{count} 枚を取っておきました。このネットワークはまだわたしたちのクラスを知りません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="63" />
   <source>QR code of the class canvas's address</source>
   <translation>クラスのキャンバスのアドレスの QR コード</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="69" />
   <source>The network the phones are on</source>
   <translation>スマートフォンがつながっているネットワーク</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="75" />
   <source>What the phones ask for</source>
   <translation>スマートフォンに出す課題</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="76" />
   <source>Draw any digit and say which</source>
   <translation>好きな数字を描いて、どれか選ぶ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="82" />
   <source>Our own classes…</source>
   <translation>わたしたちの分類…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="84" />
   <source>Name 2 to 10 classes of your own (circle, triangle, star...): the phones draw them and a new small network learns them from scratch</source>
   <translation>独自の分類を 2〜10 個名付けます（丸、三角、星など）：スマホでそれを描き、新しい小さなネットワークがゼロから学びます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="96" />
   <source>A class's name, e.g. circle</source>
   <translation>分類の名前（例：丸）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="98" />
   <source>A class's name</source>
   <translation>分類の名前</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="99" />
   <source>Add</source>
   <translation>追加</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="101" />
   <source>Remove</source>
   <translation>削除</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="108" />
   <source>Our own classes</source>
   <translation>わたしたちの分類</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="109" />
   <source>Save our drawings…</source>
   <translation>わたしたちの絵を保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="111" />
   <source>The accepted drawings of our classes, with the classes' names, into a folder (those held back in its our-test folder); nothing is saved otherwise</source>
   <translation>採用したわたしたちの分類の絵を、分類の名前と一緒にフォルダーへ保存します（テスト用に取っておいた絵はその our-test フォルダーへ）。それ以外は保存されません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="129" />
   <source>Train a new net on our classes</source>
   <translation>わたしたちの分類で新しいネットを学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="132" />
   <source>A new tiny network learns our classes from scratch, from the accepted drawings only (those held back are its test)</source>
   <translation>新しい小さなネットワークが、採用した絵だけからわたしたちの分類をゼロから学びます（テスト用に取っておいた絵はそのテストです）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="148" />
   <source>Drawings waiting for the teacher</source>
   <translation>先生の確認を待っている絵</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="150" />
   <source>Accept (A)</source>
   <translation>採用（A）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="152" />
   <source>Our test (H)</source>
   <translation>テスト用（H）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="153" />
   <source>Accept it into the class's own test set: never trained on</source>
   <translation>クラス独自のテストセットに入れる（学習には使わない）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="154" />
   <source>Reject (R)</source>
   <translation>不採用（R）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="155" />
   <source>Reject everything from this phone</source>
   <translation>このスマートフォンからの絵をすべて不採用</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/class_canvas_column.py" line="78" />
   <source>Draw a {digit}</source>
   <translation>{digit} を描く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="57" />
   <source>Kept this run for comparison (grey, dashed). Change a setting and press Start: the new run starts from the same random weights.</source>
   <translation>この学習を比較用に残しました（灰色の破線）。設定を変えて開始を押すと、同じ乱数の重みから新しい学習が始まります。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="84" />
   <location filename="cnnviz/gui/menus.py" line="49" />
   <source>Compare with a saved model…</source>
   <translation>保存したモデルと比べる…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="53" />
   <source>Nothing to keep yet: {exc}.</source>
   <translation>まだ残すものがありません：{exc}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/comparison.py" line="72" />
   <source>Cannot compare with this file: {exc}</source>
   <translation>このファイルとは比較できません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="22" />
   <source>Images</source>
   <translation>画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="115" />
   <source>Open an image of a digit</source>
   <translation>数字の画像を開く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="159" />
   <source>Draw a digit on the pad first, then click which digit it is.</source>
   <translation>先に数字を描いてから、どの数字かをクリックしてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="164" />
   <source>An opened photo is shown: the class drawings keep drawings made on the pad. Draw the digit on the pad, then click which digit it is.</source>
   <translation>開いた写真が表示されています。クラスの手書きには描いたものだけを保存します。数字を描いてから、どの数字かをクリックしてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="183" />
   <source>No data set is loaded.</source>
   <translation>データセットが読み込まれていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="186" />
   <source>Fine-tuning on drawings needs the MNIST digits data set.</source>
   <translation>手書きでの追加学習には MNIST の数字データセットが必要です。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="196" />
   <source>Fine-tuning on {count} class drawings</source>
   <translation>クラスの手書き {count} 枚での追加学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="94" />
   <source>untrained weights</source>
   <translation>未学習の重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="141" />
   <source>Opened {name}: the network gets it as the 28×28 input beside the canvas. Draw on the canvas (or press C) to draw again.</source>
   <translation>{name} を開きました。キャンバスの横の 28×28 の入力としてネットワークに渡します。もう一度描くにはキャンバスに描く（または C を押す）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="152" />
   <source>Cannot open this image: {why}</source>
   <translation>この画像は開けません：{why}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="208" />
   <source>{label}: one pass over {count:,} images, {mnist:,} of them MNIST digits (so that it keeps reading MNIST) and the drawings repeated to make up the rest, from the current weights. Class drawings shows the drawings' accuracy before and after, apart from MNIST's (the MNIST test accuracy is on MNIST's own test images).</source>
   <translation>{label}：今の重みから、{count:,} 枚の画像を 1 周学習します。そのうち {mnist:,} 枚は MNIST の数字（MNIST を読めなくならないように）、残りは手書きの繰り返しです。「クラスの手書き」には手書きの精度の前後が MNIST とは別に表示されます（MNIST のテスト精度は MNIST 自身のテスト画像での値）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="94" />
   <source>weights of step {step}</source>
   <translation>ステップ {step} の重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/drawing_pad.py" line="194" />
   <source>Cannot fine-tune: {exc}</source>
   <translation>追加学習できません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="28" />
   <source>Could not export the metrics: {exc}</source>
   <translation>指標を書き出せませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="28" />
   <source>Saved the metrics to {path}</source>
   <translation>指標を {path} に保存しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="29" />
   <source>Could not export the timings: {exc}</source>
   <translation>計測時間を書き出せませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="29" />
   <source>Saved the timings to {path}</source>
   <translation>計測時間を {path} に保存しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="30" />
   <source>Could not export the report: {exc}</source>
   <translation>レポートを書き出せませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="30" />
   <source>Saved the report to {path}</source>
   <translation>レポートを {path} に保存しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="62" />
   <location filename="cnnviz/gui/menus.py" line="32" />
   <source>Export panel as PNG</source>
   <translation>パネルを PNG で書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="150" />
   <source>network</source>
   <translation>ネットワーク</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="151" />
   <source>data set</source>
   <translation>データセット</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="153" />
   <source>optimizer</source>
   <translation>最適化</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="154" />
   <source>learning rate</source>
   <translation>学習率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="156" />
   <source>batch size</source>
   <translation>バッチサイズ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="228" />
   <source>Export metrics</source>
   <translation>指標を書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="236" />
   <source>Export per-layer timings</source>
   <translation>層ごとの時間を書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="244" />
   <source>Export HTML report</source>
   <translation>HTML レポートを書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="162" />
   <source>parameters</source>
   <translation>パラメータ数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="165" />
   <source>training images</source>
   <translation>学習画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="169" />
   <source>steps trained</source>
   <translation>学習したステップ数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="173" />
   <source>accuracy on the class's drawings</source>
   <translation>クラスの手書きでの精度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="57" />
   <source>Saved {path}</source>
   <translation>{path} を保存しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="55" />
   <source>Could not export the panel: {exc}</source>
   <translation>パネルを書き出せませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/exports.py" line="194" />
   <source>Kept run ({source}): {description}</source>
   <translation>残した学習（{source}）：{description}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="68" />
   <source>Open recent</source>
   <translation>最近使ったファイル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="70" />
   <source>&amp;Help</source>
   <translation>ヘルプ(&amp;H)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="71" />
   <source>About cnnviz…</source>
   <translation>cnnviz について…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="72" />
   <source>Documentation…</source>
   <translation>ドキュメント…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="73" />
   <source>Copy system info</source>
   <translation>システム情報をコピー</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="75" />
   <source>Versions, backends, screen and folders, to paste into a message when asking for help</source>
   <translation>バージョン、バックエンド、画面、フォルダ。助けを求めるメッセージに貼り付けてください</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Models</source>
   <translation>モデル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Lessons</source>
   <translation>レッスン</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="82" />
   <source>Compared runs</source>
   <translation>比較した実行</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="109" />
   <source>System info copied: paste it into your message.</source>
   <translation>システム情報をコピーしました。メッセージに貼り付けてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="113" />
   <source>About cnnviz</source>
   <translation>cnnviz について</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="125" />
   <source>Documentation</source>
   <translation>ドキュメント</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="101" />
   <source>Clear the list</source>
   <translation>一覧を消去</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="49" />
   <source>Watch a convolutional network learn, live.</source>
   <translation>畳み込みニューラルネットワークが学習する様子をリアルタイムで見られます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="126" />
   <source>The documentation (the docs folder and README.md) is in the release's source archive, cnnviz-{version}.tar.gz, beside the file you installed cnnviz from.</source>
   <translation>ドキュメント（docs フォルダと README.md）は、cnnviz をインストールしたファイルと同じ場所にあるリリースのソースアーカイブ cnnviz-{version}.tar.gz に入っています。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="98" />
   <source>(nothing opened yet)</source>
   <translation>（まだ何も開いていません）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="56" />
   <source>Log file: {path}</source>
   <translation>ログファイル：{path}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="56" />
   <source>none</source>
   <translation>なし</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/help_menu.py" line="54" />
   <source>Models are saved in: {folder}</source>
   <translation>モデルの保存先：{folder}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="222" />
   <source>All files</source>
   <translation>すべてのファイル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="224" />
   <source>PNG image</source>
   <translation>PNG 画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/language.py" line="294" />
   <source>This is the language shown now.</source>
   <translation>これが今表示している言語です。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="57" />
   <source>The previous step</source>
   <translation>前の段階</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="58" />
   <source>Next ▶</source>
   <translation>次へ ▶</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="59" />
   <source>The next step</source>
   <translation>次の段階</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="60" />
   <source>Lesson view</source>
   <translation>レッスン表示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="63" />
   <location filename="cnnviz/gui/lesson_strip.py" line="207" />
   <source>Hide the text (the title stays)</source>
   <translation>本文を隠す（タイトルは残ります）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="65" />
   <source>Close the lesson: the settings, panels and mode from before it come back</source>
   <translation>レッスンを閉じる：レッスン前の設定、パネル、モードに戻ります</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="151" />
   <source>The lesson's suggested view: presenter mode, only {views}. Click again for every panel.</source>
   <translation>レッスンのおすすめ表示：プレゼンターモードで {views} のみ。もう一度クリックするとすべてのパネル。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="153" />
   <source>The lesson's suggested view: only {views}. Click again for every panel.</source>
   <translation>レッスンのおすすめ表示：{views} のみ。もう一度クリックするとすべてのパネル。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="207" />
   <source>Show the text</source>
   <translation>本文を表示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="147" />
   <source>Lesson: {title}</source>
   <translation>レッスン：{title}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="169" />
   <source>step {page} of {last}</source>
   <translation>段階 {page} / {last}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lesson_strip.py" line="171" />
   <source>{last} steps</source>
   <translation>{last} 段階</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="269" />
   <source>Applying…</source>
   <translation>適用中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="338" />
   <source>Open a lesson preset</source>
   <translation>レッスンを開く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="228" />
   <source>Kept the lesson's run for comparison (grey, dashed); the run from before the lesson is back.</source>
   <translation>レッスンの実行を比較用に残しました（灰色の破線）。レッスン前の実行が戻りました。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="240" />
   <source>close the lesson</source>
   <translation>レッスンを閉じる</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="340" />
   <source>Lesson preset</source>
   <translation>レッスン</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="150" />
   <source>load the lesson “{title}”</source>
   <translation>レッスン「{title}」を読み込む</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/lessons.py" line="351" />
   <source>Cannot use this lesson file: {exc}</source>
   <translation>このレッスンファイルは使えません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/live_view.py" line="142" />
   <source>Cannot compute the feature maps: {exc}</source>
   <translation>特徴マップを計算できません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="31" />
   <source>&amp;File</source>
   <translation>ファイル(&amp;F)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="35" />
   <source>Whole window</source>
   <translation>ウィンドウ全体</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="36" />
   <source>Export metrics as CSV…</source>
   <translation>指標を CSV で書き出す…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="37" />
   <source>Export per-layer timings as CSV…</source>
   <translation>層ごとの時間を CSV で書き出す…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="38" />
   <source>Export HTML report…</source>
   <translation>HTML レポートを書き出す…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="41" />
   <source>Classify a photo or scan of a digit (it shows on the drawing canvas)</source>
   <translation>数字の写真やスキャンを分類します（キャンバスに表示されます）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="43" />
   <source>Save model…</source>
   <translation>モデルを保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="44" />
   <source>Load model…</source>
   <translation>モデルを読み込む…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="50" />
   <source>Stop comparing</source>
   <translation>比較をやめる</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="54" />
   <source>Quit</source>
   <translation>終了</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="59" />
   <source>&amp;View</source>
   <translation>表示(&amp;V)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="60" />
   <source>Presenter mode (fewer, bigger pictures, full screen)</source>
   <translation>プレゼンターモード（大きな図を少なめに、全画面）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="63" />
   <source>Full screen</source>
   <translation>全画面</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="67" />
   <source>Zoom in</source>
   <translation>拡大</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="68" />
   <source>Zoom out</source>
   <translation>縮小</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="69" />
   <source>Actual size</source>
   <translation>実際のサイズ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="81" />
   <source>Show every panel</source>
   <translation>すべてのパネルを表示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="83" />
   <source>Language</source>
   <translation>言語</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="94" />
   <source>&amp;Lessons</source>
   <translation>レッスン(&amp;L)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="107" />
   <source>Open a lesson file…</source>
   <translation>レッスンファイルを開く…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="109" />
   <location filename="cnnviz/gui/menus.py" line="138" />
   <source>Open class canvas</source>
   <translation>クラスのキャンバスを開く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="118" />
   <source>Export this panel as PNG…</source>
   <translation>このパネルを PNG で書き出す…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="47" />
   <source>Keep this run for comparison</source>
   <translation>この学習を比較用に残す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="92" />
   <source>Keys…</source>
   <translation>キー一覧…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="70" />
   <location filename="cnnviz/gui/menus.py" line="130" />
   <location filename="cnnviz/gui/window.py" line="328" />
   <source>Zoom {level}%</source>
   <translation>ズーム {level}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/menus.py" line="97" />
   <source>(lesson presets unavailable: {problem})</source>
   <translation>（レッスンを使えません：{problem}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/palette.py" line="126" />
   <source>wrong</source>
   <translation>不正解</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="33" />
   <location filename="cnnviz/gui/panels/registry.py" line="316" />
   <source>Draw and classify</source>
   <translation>描いて分類</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="46" />
   <source>Drawing canvas</source>
   <translation>描画キャンバス</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="47" />
   <source>Draw a digit here with the mouse or a pen; the network classifies it as you draw. C clears it. Drop an image file here, or right-click and Open image, to classify a photo or scan.</source>
   <translation>マウスやペンでここに数字を描くと、描いている間にネットワークが分類します。C で消去。写真やスキャンを分類するには、画像ファイルをここにドロップするか、右クリックして「画像を開く」を選びます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="59" />
   <source>Clear the drawing (C)</source>
   <translation>描いたものを消す（C）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="65" />
   <location filename="cnnviz/gui/panels/classify.py" line="66" />
   <source>Stroke width</source>
   <translation>線の太さ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="79" />
   <location filename="cnnviz/gui/panels/feature_maps.py" line="192" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="221" />
   <source>input</source>
   <translation>入力</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="82" />
   <source>What the network gets: your drawing as 28×28 pixels, centred like MNIST</source>
   <translation>ネットワークが受け取るもの：描いた数字を MNIST と同じように中央に寄せた 28×28 ピクセル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="88" />
   <source>Network input</source>
   <translation>ネットワークの入力</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="89" />
   <source>Your drawing as the 28 by 28 pixels the network gets, centred like MNIST</source>
   <translation>描いた数字を、ネットワークが受け取る 28×28 ピクセルにしたもの（MNIST と同じく中央寄せ）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="103" />
   <source>The network's answer: the class with the highest probability</source>
   <translation>ネットワークの答え：確率がいちばん高いクラス</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="111" />
   <source>How sure it is of this answer among its classes: it always picks one of them. Whether the drawing looks like any of them at all is what "not sure" says.</source>
   <translation>クラスの中でこの答えにどれだけ自信があるか：ネットワークは必ずどれか一つを選びます。絵がそもそもどのクラスにも似ているかどうかは「自信なし」が示します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="126" />
   <source>Not sure</source>
   <translation>自信なし</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="126" />
   <source>Why the network is not sure of its answer</source>
   <translation>ネットワークが答えに自信がない理由</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="236" />
   <source>{percent}%, but unlike real digits</source>
   <translation>{percent}%、ただし本物の数字らしくない</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="236" />
   <source>{percent}%, but unlike real images</source>
   <translation>{percent}%、ただし本物の画像らしくない</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="237" />
   <location filename="cnnviz/gui/panels/classify_arrangement.py" line="74" />
   <source>{percent}% among digits</source>
   <translation>数字の中で {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="237" />
   <location filename="cnnviz/gui/panels/classify_arrangement.py" line="74" />
   <source>{percent}% among its classes</source>
   <translation>クラスの中で {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="61" />
   <source>stroke</source>
   <translation>線</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="165" />
   <source>class</source>
   <translation>クラス</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="165" />
   <source>digit</source>
   <translation>数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="219" />
   <source>draw a digit</source>
   <translation>数字を描いてください</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="221" />
   <source>no prediction: draw a digit</source>
   <translation>予測なし：数字を描いてください</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="207" />
   <source>Not sure: this looks less like any image than {percent}% of real test images do</source>
   <translation>自信なし：本物のテスト画像の {percent}% よりもどのクラスにも似ていません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="210" />
   <source>this looks less like any image than {percent}% of real test images do</source>
   <translation>本物のテスト画像の {percent}% よりもどのクラスにも似ていません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="243" />
   <source>not sure, {prediction}: {reason}</source>
   <translation>自信なし、{prediction}: {reason}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="201" />
   <source>Not sure: this looks less like any digit than {percent}% of real test digits do</source>
   <translation>自信なし：本物のテスト用の数字の {percent}% よりも数字らしくありません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify.py" line="204" />
   <source>this looks less like any digit than {percent}% of real test digits do</source>
   <translation>本物のテスト用の数字の {percent}% よりも数字らしくありません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify_bars.py" line="102" />
   <source>Probabilities</source>
   <translation>確率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/classify_bars.py" line="102" />
   <source>One bar per class: how sure the network is</source>
   <translation>クラスごとに 1 本の棒：ネットワークの確信度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="23" />
   <source>Open a dataset folder…</source>
   <translation>データセットのフォルダを開く…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="173" />
   <source>a folder with the four MNIST-format IDX files (train-images-idx3-ubyte, train-labels-idx1-ubyte, t10k-..., .gz or not)</source>
   <translation>MNIST 形式の 4 つの IDX ファイル（train-images-idx3-ubyte、train-labels-idx1-ubyte、t10k-...、.gz でも可）が入ったフォルダ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="200" />
   <source>Open a folder with MNIST-format IDX files</source>
   <translation>MNIST 形式の IDX ファイルのフォルダを開く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="222" />
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="32" />
   <source>Test accuracy at the last evaluation</source>
   <translation>最後の評価でのテスト精度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="208" />
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="96" />
   <source>▶  Resume</source>
   <translation>▶  再開</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="208" />
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="96" />
   <source>❚❚  Pause</source>
   <translation>❚❚  一時停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="270" />
   <source>not available here</source>
   <translation>ここでは使えません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="331" />
   <source>valid: {count} layers</source>
   <translation>有効：{count} 層</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="221" />
   <source>at chance level: no better than a guess</source>
   <translation>あてずっぽうの水準：当て推量と変わりません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="221" />
   <source>good</source>
   <translation>良好</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="364" />
   <source>{count} trainable parameters</source>
   <translation>学習するパラメータ {count} 個</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/controls.py" line="428" />
   <source>The lesson asks for the {wanted} backend, which is not available here ({why}); using {chosen} instead.</source>
   <translation>このレッスンはバックエンド {wanted} を使いますが、ここでは使えません（{why}）。代わりに {chosen} を使います。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="42" />
   <location filename="cnnviz/gui/panels/curves.py" line="101" />
   <source>loss</source>
   <translation>損失</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="42" />
   <source>accuracy</source>
   <translation>精度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="27" />
   <source>per step</source>
   <translation>各ステップ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="28" />
   <source>smoothed</source>
   <translation>平滑</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="29" />
   <location filename="cnnviz/gui/panels/curve_titles.py" line="36" />
   <source>test</source>
   <translation>テスト</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curve_titles.py" line="35" />
   <source>train</source>
   <translation>学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="25" />
   <source>Press Start (or Space) to train: the loss appears here step by step</source>
   <translation>開始（またはスペース）で学習：損失がここに 1 ステップずつ現れます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="73" />
   <location filename="cnnviz/gui/panels/curves.py" line="94" />
   <location filename="cnnviz/gui/panels/curves.py" line="294" />
   <source>Training curves</source>
   <translation>学習曲線</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="95" />
   <source>Loss (per step, smoothed, test dots) and accuracy (train line, test dots) against epochs</source>
   <translation>エポックに対する損失（ステップごと、平滑化、テストの点）と精度（学習の線、テストの点）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="304" />
   <source>Training curves, with a kept run for comparison</source>
   <translation>学習曲線（比較用に残した学習つき）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="436" />
   <source>test accuracy {accuracies} · {text}</source>
   <translation>テスト精度 {accuracies} · {text}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/curves.py" line="297" />
   <source>- - - A, the kept run ({source}): {label}</source>
   <translation>- - - A、残した学習（{source}）：{label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="24" />
   <source>not evaluated yet</source>
   <translation>未評価</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="115" />
   <source>The class's drawings appear here.</source>
   <translation>クラスの手書きがここに表示されます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="43" />
   <source>Our drawings</source>
   <translation>みんなの手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="43" />
   <source>does the network read the class's handwriting?</source>
   <translation>ネットワークはクラスの手書きを読めるか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="46" />
   <source>&lt;b&gt;1.&lt;/b&gt; Draw a digit on the drawing pad.  &lt;b&gt;2.&lt;/b&gt; Click the digit you meant: it is saved for the class.</source>
   <translation>&lt;b&gt;1.&lt;/b&gt; 描画キャンバスに数字を描く。&lt;b&gt;2.&lt;/b&gt; 描いた数字をクリック：クラスの手書きとして保存されます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="69" />
   <source>who drew it</source>
   <translation>描いた人</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="73" />
   <source>Fine-tune</source>
   <translation>追加学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="76" />
   <source>Fine-tune on our drawings: train the current network one pass more on MNIST mixed with the class's drawings (a quarter of the images), starting from its current weights</source>
   <translation>みんなの手書きで追加学習：今のネットワークを今の重みから、MNIST にクラスの手書き（画像の 4 分の 1）を混ぜてもう 1 周学習します</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="90" />
   <location filename="cnnviz/gui/panels/drawings.py" line="136" />
   <location filename="cnnviz/gui/panels/drawings.py" line="307" />
   <source>our drawings</source>
   <translation>みんなの手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="93" />
   <source>the MNIST test set</source>
   <translation>MNIST のテストセット</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="118" />
   <source>The class's drawings</source>
   <translation>クラスの手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="119" />
   <source>Each drawing with its label, what the network reads and a check mark or a cross</source>
   <translation>各手書きとそのラベル、ネットワークの読み、チェックマークまたはバツ印</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="127" />
   <source>Open folder</source>
   <translation>フォルダを開く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="130" />
   <source>Delete selected</source>
   <translation>選択したものを削除</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="131" />
   <source>Remove a scribble or a wrongly labelled drawing</source>
   <translation>落書きやラベルの間違った手書きを削除</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="187" />
   <source>{count} drawings · {per_digit} · still missing: {missing}</source>
   <translation>手書き {count} 枚 · {per_digit} · まだない数字：{missing}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="189" />
   <source>{count} drawings · {per_digit}</source>
   <translation>手書き {count} 枚 · {per_digit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="160" />
   <source>Reading the class's drawings…</source>
   <translation>クラスの手書きを読み込んでいます…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="84" />
   <source>Name (optional)</source>
   <translation>名前（任意）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="155" />
   <source>Saved in {folder}</source>
   <translation>{folder} に保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="216" />
   <source>Saved as a {digit} ({count} drawings in {folder})</source>
   <translation>{digit} として保存しました（{folder} に手書き {count} 枚）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="301" />
   <source>Measured on the drawings the network was fine-tuned on: new drawings are the fair test.</source>
   <translation>追加学習に使った手書きで測った値です。公平なテストには新しい手書きを使いましょう。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="307" />
   <source>our drawings (none yet)</source>
   <translation>まだ手書きなし</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="61" />
   <location filename="cnnviz/gui/panels/drawings.py" line="62" />
   <source>Save the drawing as a {digit}</source>
   <translation>手書きを {digit} として保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="166" />
   <source>Could not read the drawings folder: {error}</source>
   <translation>手書きのフォルダを読めませんでした：{error}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="207" />
   <source>Could not save the drawing: {exc}</source>
   <translation>手書きを保存できませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="292" />
   <source>our drawings ({correct} of {n})</source>
   <translation>みんなの手書き（{n} 枚中 {correct} 枚）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="296" />
   <source>our drawings ({correct} of {n}), {before_finetune:.0f}% before fine-tuning</source>
   <translation>みんなの手書き（{n} 枚中 {correct} 枚）、追加学習前は {before_finetune:.0f}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="233" />
   <source>Could not delete the drawing: {exc}</source>
   <translation>手書きを削除できませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="322" />
   <source>labelled {label} by {student}</source>
   <translation>ラベル {label}、描いた人：{student}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="322" />
   <source>labelled {label}</source>
   <translation>ラベル {label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="333" />
   <source>labelled {label} by {student}; the network reads {answer}, {verdict}</source>
   <translation>ラベル {label}、描いた人：{student}。ネットワークの読みは {answer}、{verdict}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/drawings.py" line="335" />
   <source>labelled {label}; the network reads {answer}, {verdict}</source>
   <translation>ラベル {label}。ネットワークの読みは {answer}、{verdict}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="46" />
   <source>showing</source>
   <translation>表示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="50" />
   <source>The layers shown: when all of them would be too small to see, the panel shows one conv layer with its pooling, or one layer (presenter mode: one layer, big)</source>
   <translation>表示する層：全部では小さすぎて見えないときは、畳み込み層 1 つとそのプーリング、または 1 層だけを表示します（プレゼンターモードでは 1 層を大きく）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="57" />
   <source>Layers shown</source>
   <translation>表示する層</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="68" />
   <source>The input image and what each layer makes of it</source>
   <translation>入力画像と、各層がそれをどう変えるか</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="75" />
   <source>Point at a feature-map pixel: what it sees lights up on the input; for conv1 you see the sum that made it.</source>
   <translation>特徴マップのピクセルを指すと、そのピクセルが見ている部分が入力上で光ります。conv1 ではその値になる和も見られます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="300" />
   <source>your drawing</source>
   <translation>あなたの手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="302" />
   <source>label {label}</source>
   <translation>ラベル {label}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="308" />
   <source>{source}: the network says {answer}, {percent}% sure</source>
   <translation>{source}：ネットワークの答えは {answer}、確信度 {percent}%</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="312" />
   <source>Feature maps of the weights of step {step}</source>
   <translation>ステップ {step} の重みでの特徴マップ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="343" />
   <source>{layer} maps 0–{last} of {count}</source>
   <translation>{layer} のマップ 0–{last}（{count} 枚中）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="345" />
   <source>not shown</source>
   <translation>表示なし</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/feature_maps.py" line="204" />
   <source>{count} maps</source>
   <translation>{count} 枚</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="97" />
   <source>Finding the test images that excite the {count} classes…</source>
   <translation>{count} クラスを最も強く反応させるテスト画像を探しています…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="99" />
   <source>Finding the test images that excite the {count} filters of {layer}…</source>
   <translation>{layer} の {count} 個のフィルタを最も強く反応させるテスト画像を探しています…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="165" />
   <location filename="cnnviz/gui/panels/why.py" line="87" />
   <source>on a copy of the latest weights, after each evaluation</source>
   <translation>最新の重みのコピーで、評価のたびに</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="168" />
   <source>Whose units to look at: a conv layer's filters, or the output classes</source>
   <translation>見る対象：畳み込み層のフィルタ、または出力クラス</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="169" />
   <location filename="cnnviz/gui/panels/filters.py" line="170" />
   <source>Layer</source>
   <translation>層</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="174" />
   <source>Filters status</source>
   <translation>フィルタの状態</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="181" />
   <location filename="cnnviz/gui/panels/registry.py" line="249" />
   <source>Filters</source>
   <translation>フィルタ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="181" />
   <source>For each unit, its top test images beside the input optimised to excite it</source>
   <translation>各ユニットについて、最も強く反応させるテスト画像と、反応が最大になるよう最適化した入力</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="288" />
   <source>Looking into {layer} with the weights of step {step}…</source>
   <translation>ステップ {step} の重みで {layer} の中を見ています…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="359" />
   <source>&lt;b&gt;The {count} classes&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation>ステップ {step} の重みでの&lt;b&gt;{count} クラス&lt;/b&gt;（{seconds} 秒で計算）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="361" />
   <source>&lt;b&gt;The {count} filters of {layer}&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation>ステップ {step} の重みでの&lt;b&gt;{layer} の {count} 個のフィルタ&lt;/b&gt;（{seconds} 秒で計算）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="384" />
   <source>Each class: the 9 of the first {count} test images it scores highest; right: the input dreamed up to make it score highest (dream a 3), by {steps} steps of gradient ascent with jitter and blur. Click one to see it bigger.</source>
   <translation>各クラス：最初の {count} 枚のテスト画像のうち、そのクラスのスコアが最も高い 9 枚。右：スコアが最も高くなるように作り出した入力（3 を夢見る）。ジッターとぼかしを加えた勾配上昇で {steps} ステップ。クリックすると拡大します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="390" />
   <source>Each filter: the 9 of the first {count} test images that excite it most, orange: the patch its strongest spot sees; right: the pattern that excites it most in such a patch, by {steps} steps of blurred gradient ascent. Click one to see it bigger.</source>
   <translation>各フィルタ：最初の {count} 枚のテスト画像のうち、最も強く反応させる 9 枚。オレンジ：最も強く反応した場所が見る部分。右：そのような部分でフィルタを最も強く反応させるパターン。ぼかしを加えた勾配上昇で {steps} ステップ。クリックすると拡大します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="118" />
   <source>Dreaming up the input that the {count} classes want most: step {done} of {steps}…</source>
   <translation>{count} クラスが最も求める入力を作り出しています：ステップ {done} / {steps}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="124" />
   <source>Dreaming up the input that the {count} filters of {layer} want most: step {done} of {steps}…</source>
   <translation>{layer} の {count} 個のフィルタが最も求める入力を作り出しています：ステップ {done} / {steps}…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="278" />
   <source>Nothing to look at yet: waiting for the test images.</source>
   <translation>まだ表示するものがありません：テスト画像を待っています。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="280" />
   <source>Nothing to look at yet: waiting for a network.</source>
   <translation>まだ表示するものがありません：ネットワークを待っています。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="317" />
   <source>Could not look into the filters: {message}</source>
   <translation>フィルタを調べられませんでした：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="336" />
   <source>class {name}</source>
   <translation>クラス {name}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="338" />
   <source>{layer} filter {unit}</source>
   <translation>{layer} フィルタ {unit}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="351" />
   <source>The test images that excite it most ({indices}), and the input optimised to excite it</source>
   <translation>いちばん強く反応させるテスト画像（{indices}）と、反応が最大になるよう最適化した入力</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="249" />
   <source>Could not read the network {spec!r}: {exc}</source>
   <translation>ネットワーク {spec!r} を読み取れませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/filters.py" line="255" />
   <source>the {count} classes</source>
   <translation>{count} 個のクラス</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="36" />
   <source>a little everywhere</source>
   <translation>全体に少し</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="36" />
   <source>the fewest pixels</source>
   <translation>最少のピクセル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="83" />
   <source>Could not make it say {target} within ± {levels} levels: try a bigger budget (it still says {now}, {percent}%).</source>
   <translation>± {levels} 段階以内では {target} と答えさせられませんでした：もっと大きな変化を許してみましょう（まだ {now}、{percent}%）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="92" />
   <source>{changed} of {pixels} pixels changed&lt;br&gt;by at most ± {levels} levels&lt;br&gt;size (L2): {l2}&lt;br&gt;{steps} steps, {seconds} s</source>
   <translation>{pixels} ピクセル中 {changed} ピクセルを変更&lt;br&gt;最大 ± {levels} 段階&lt;br&gt;大きさ（L2）：{l2}&lt;br&gt;{steps} ステップ、{seconds} 秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="112" />
   <source>change the input a little so that it answers another digit</source>
   <translation>入力を少しだけ変えて、別の数字と答えさせる</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="120" />
   <source>The digit the network should answer after the change</source>
   <translation>変更後にネットワークに答えさせたい数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="121" />
   <source>Target digit</source>
   <translation>目標の数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="127" />
   <source>The most any one pixel may change (black is 0, white is 255)</source>
   <translation>1 つのピクセルを変えてよい最大量（黒が 0、白が 255）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="128" />
   <source>Budget per pixel</source>
   <translation>1 ピクセルあたりの変化の上限</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="133" />
   <source>A little everywhere: every pixel may change, within the budget (basic iterative method). The fewest pixels: one pixel at a time, each as far as the budget allows</source>
   <translation>全体に少しずつ：許す範囲ですべてのピクセルを変える（basic iterative method）。最少のピクセル：1 ピクセルずつ、許す範囲いっぱいまで変える</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="138" />
   <source>How to change the input</source>
   <translation>入力の変え方</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="139" />
   <location filename="cnnviz/gui/panels/fool.py" line="317" />
   <location filename="cnnviz/gui/panels/fool.py" line="428" />
   <source>Attack</source>
   <translation>攻撃</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="141" />
   <location filename="cnnviz/gui/panels/fool.py" line="429" />
   <source>Attack now, with the latest weights</source>
   <translation>最新の重みで今すぐ攻撃</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="142" />
   <source>Save fooling image…</source>
   <translation>だまし画像を保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="144" />
   <source>Save the changed input as a 28×28 PNG: cnnviz predict --raw gives the same answer</source>
   <translation>変更した入力を 28×28 の PNG で保存：cnnviz predict --raw でも同じ答えになります</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="172" />
   <location filename="cnnviz/gui/panels/fool.py" line="431" />
   <source>Original, change and fooled input</source>
   <translation>元の画像、変化、だます入力</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="173" />
   <source>The input, the change made to it (amplified; orange: brighter, blue: darker, white: unchanged) and the changed input</source>
   <translation>入力、それへの変化（強調表示。オレンジ：明るく、青：暗く、白：変化なし）、変化させた入力</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="193" />
   <source>How small the change is: the most any one pixel changed (L-infinity), the size of the whole change (L2, in units of full white) and how many pixels changed at all</source>
   <translation>変更の小ささ：1 ピクセルの最大変化量（L∞）、変更全体の大きさ（L2、真っ白を 1 とする単位）、変わったピクセルの数</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="275" />
   <source>&lt;b&gt;the change&lt;/b&gt;&lt;br&gt;orange: brighter, blue: darker</source>
   <translation>&lt;b&gt;変化&lt;/b&gt;&lt;br&gt;オレンジ：明るく、青：暗く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="277" />
   <source>&lt;b&gt;original&lt;/b&gt;&lt;br&gt;what the network saw</source>
   <translation>&lt;b&gt;元の画像&lt;/b&gt;&lt;br&gt;ネットワークが見たもの</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="277" />
   <source>&lt;b&gt;fooled input&lt;/b&gt;&lt;br&gt;original + change</source>
   <translation>&lt;b&gt;だます入力&lt;/b&gt;&lt;br&gt;元の画像 + 変化</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="440" />
   <source>Save fooling image</source>
   <translation>だまし画像を保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="76" />
   <source>It already says {target} ({percent}%): choose another digit to aim for.</source>
   <translation>もう {target} と答えています（{percent}%）：別の数字を目標に選びましょう。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="80" />
   <source>The network now says {target} ({percent}%) instead of {label}.</source>
   <translation>ネットワークは {label} ではなく {target} と答えるようになりました（{percent}%）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="152" />
   <source>change each pixel by at most</source>
   <translation>各ピクセルの変化は最大</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="334" />
   <source>Nothing to attack yet: there are no weights (start training or load a model).</source>
   <translation>まだ攻撃するものがありません：重みがありません（学習を始めるか、モデルを読み込んでください）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="352" />
   <source>Attacking your drawing with the weights of step {step:,}…</source>
   <translation>ステップ {step:,} の重みであなたの手書きを攻撃中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="353" />
   <source>Attacking test image #{index} (true label {label}) with the weights of step {step:,}…</source>
   <translation>ステップ {step:,} の重みでテスト画像 #{index}（正解 {label}）を攻撃中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="422" />
   <source>Your drawing · weights of step {step}</source>
   <translation>あなたの手書き · ステップ {step} の重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="423" />
   <source>Test image #{index} (true label {label}) · weights of step {step}</source>
   <translation>テスト画像 #{index}（正解 {label}） · ステップ {step} の重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="453" />
   <source>Nothing to save yet: attack first.</source>
   <translation>まだ保存するものがありません：先に攻撃してください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="126" />
   <source> of {levels} grey levels</source>
   <translation> / {levels} 階調</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="148" />
   <location filename="cnnviz/gui/panels/registry.py" line="269" />
   <source>Fool</source>
   <translation>だます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="149" />
   <source>make it say</source>
   <translation>答えさせる数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="273" />
   <source>&lt;b&gt;the change ×{factor}&lt;/b&gt;&lt;br&gt;orange: brighter, blue: darker</source>
   <translation>&lt;b&gt;変化 ×{factor}&lt;/b&gt;&lt;br&gt;オレンジ：明るく、青：暗く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="340" />
   <source>Nothing to attack yet: draw a digit on the pad first.</source>
   <translation>まだ攻撃するものがありません：まず描画キャンバスに数字を書いてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="341" />
   <source>Nothing to attack yet: no test image is loaded yet.</source>
   <translation>まだ攻撃するものがありません：テスト画像がまだ読み込まれていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="390" />
   <source>Could not attack: {message}</source>
   <translation>攻撃できませんでした：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="463" />
   <source>Saved {written}: cnnviz predict --raw on it says {answer}.</source>
   <translation>{written} を保存しました：cnnviz predict --raw の答えは {answer} です。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="291" />
   <source>Attack (step {step:,})</source>
   <translation>攻撃（ステップ {step:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="293" />
   <source>Attack again with the weights of step {step:,} (the result shown used step {result:,})</source>
   <translation>ステップ {step:,} の重みでもう一度攻撃（表示中の結果はステップ {result:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool.py" line="459" />
   <source>Could not save the fooling image: {exc}</source>
   <translation>だまし画像を保存できませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="60" />
   <source>before: {answer} ({percent}%)</source>
   <translation>変更前：{answer}({percent}%)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="60" />
   <source>after: {answer} ({percent}%)</source>
   <translation>変更後：{answer}({percent}%)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="199" />
   <source>One bar per digit: how sure the network is</source>
   <translation>数字ごとに 1 本の棒：ネットワークの確信度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="198" />
   <source>Probabilities before the change</source>
   <translation>変更前の確率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="198" />
   <source>Probabilities after the change</source>
   <translation>変更後の確率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="57" />
   <source>before</source>
   <translation>変更前</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/fool_bars.py" line="57" />
   <source>after</source>
   <translation>変更後</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="27" />
   <source>Test image</source>
   <translation>テスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="28" />
   <source>My drawing</source>
   <translation>自分の手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="35" />
   <source>Random</source>
   <translation>ランダム</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="42" />
   <location filename="cnnviz/gui/panels/input_choice.py" line="45" />
   <source>Index of the test image shown</source>
   <translation>表示中のテスト画像の番号</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="43" />
   <source>Previous test image</source>
   <translation>前のテスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="44" />
   <source>Next test image</source>
   <translation>次のテスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="45" />
   <source>Test image number</source>
   <translation>テスト画像の番号</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_choice.py" line="46" />
   <source>A random test image</source>
   <translation>ランダムなテスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="33" />
   <source>my drawing</source>
   <translation>自分の手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="34" />
   <source>the test image</source>
   <translation>テスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/input_source.py" line="35" />
   <source>The test image chosen in Feature maps, or clicked in Mistakes</source>
   <translation>「特徴マップ」で選んだ、または「間違い」でクリックしたテスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="28" />
   <source>blue &lt; 0 &lt; red</source>
   <translation>青 &lt; 0 &lt; 赤</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="30" />
   <source>A deeper conv layer: its kernels for one output channel</source>
   <translation>より深い畳み込み層：1 つの出力チャネルのカーネル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="32" />
   <source>Output channel whose kernels (one per input channel) are shown</source>
   <translation>カーネル（入力チャネルごとに 1 つ）を表示する出力チャネル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="36" />
   <source>Deeper layer</source>
   <translation>深い層</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="37" />
   <source>Output channel</source>
   <translation>出力チャネル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="41" />
   <source>Kernels of the kept run</source>
   <translation>残した学習のカーネル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="41" />
   <source>A is the kept run, B the run now</source>
   <translation>A は残した学習、B は今の学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="46" />
   <source>Convolution kernels</source>
   <translation>畳み込みカーネル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="46" />
   <source>Weights as colours: blue negative, white zero, red positive</source>
   <translation>重みを色で表示：青は負、白はゼロ、赤は正</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="34" />
   <source>Deeper:</source>
   <translation>深い層：</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="34" />
   <source>channel</source>
   <translation>チャネル</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="182" />
   <source>&lt;b&gt;A&lt;/b&gt; · not shown (see above)</source>
   <translation>&lt;b&gt;A&lt;/b&gt; · 非表示（上を参照）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="208" />
   <source>(mean over {count} inputs)</source>
   <translation>（{count} 入力の平均）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/kernels.py" line="252" />
   <source>channel {channel}: {count} × {size}</source>
   <translation>チャネル {channel}：{count} × {size}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="26" />
   <source>Press Start: the learning rate of every step is drawn here.</source>
   <translation>開始を押すと、各ステップの学習率がここに描かれます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="48" />
   <location filename="cnnviz/gui/panels/learning_rate.py" line="58" />
   <location filename="cnnviz/gui/panels/registry.py" line="294" />
   <source>Learning rate</source>
   <translation>学習率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="49" />
   <source>how big a step the optimizer takes; the schedule raises it, then lowers it so that the network settles</source>
   <translation>最適化の 1 歩の大きさ。スケジュールが最初に上げ、次に下げて、ネットワークを落ち着かせます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="58" />
   <source>The learning rate of every step against epochs</source>
   <translation>各ステップの学習率（横軸：エポック）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="119" />
   <source>No steps yet.</source>
   <translation>まだステップがありません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/learning_rate.py" line="140" />
   <source>now {rate} at epoch {epoch:.2f} (batch of {batch}) · highest {highest} at epoch {at:.2f}</source>
   <translation>現在 {rate} （エポック {epoch:.2f}、バッチ {batch}） · 最高 {highest} （エポック {at:.2f}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="37" />
   <source>Each dot is a test image in its digit's colour. Close dots: images the network's last hidden layer sees as alike (seen along the two directions in which they differ most). Separate clouds: digits it tells apart.</source>
   <translation>各点はテスト画像で、その数字の色で表示されます。近い点：ネットワークの最後の隠れ層が似ていると見なす画像（最も違いの大きい 2 つの方向に沿って見たもの）。離れた雲：ネットワークが見分けている数字。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="42" />
   <source>Each dot is a test image in its class's colour. Close dots: images the network's last hidden layer sees as alike (seen along the two directions in which they differ most). Separate clouds: classes it tells apart.</source>
   <translation>各点はテスト画像で、そのクラスの色で表示されます。近い点：ネットワークの最後の隠れ層が似ていると見なす画像（最も違いの大きい 2 つの方向に沿って見たもの）。離れた雲：ネットワークが見分けているクラス。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="52" />
   <source>each dot a test image, placed by the layer before the answer</source>
   <translation>点はそれぞれテスト画像。答えの手前の層で配置</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="54" />
   <location filename="cnnviz/gui/panels/map.py" line="213" />
   <location filename="cnnviz/gui/panels/map.py" line="392" />
   <source>Update</source>
   <translation>更新</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="55" />
   <source>Make the map again with the latest weights</source>
   <translation>最新の重みで地図を作り直す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="60" />
   <source>Go back to the maps made earlier in the run (the Time-lapse's slider moves it too); at the right end: the latest</source>
   <translation>学習の途中で作った地図に戻る（タイムラプスのスライダーでも動きます）。右端が最新</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="65" />
   <source>Map at an earlier step</source>
   <translation>以前のステップの地図</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="81" />
   <source>Every test image is a dot coloured by its digit; images the network finds alike lie close together; the star is your drawing</source>
   <translation>テスト画像 1 枚が 1 つの点で、色は数字ごと。ネットワークが似ていると見る画像は近くに集まる。星はあなたの手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="233" />
   <source>Nothing to map yet: waiting for the test images.</source>
   <translation>まだ地図にできません：テスト画像を待っています。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="235" />
   <source>Nothing to map yet: waiting for the network's weights.</source>
   <translation>まだ地図にできません：ネットワークの重みを待っています。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="253" />
   <source>Placing {count:,} test images with the weights of step {step}…</source>
   <translation>ステップ {step} の重みでテスト画像 {count:,} 枚を配置中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="289" />
   <source>Placing {count:,} test images with the weights of step {step}… ({done:,} of {count:,} read)</source>
   <translation>ステップ {step} の重みでテスト画像 {count:,} 枚を配置中…（{count:,} 枚中 {done:,} 枚を読み込み済み）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="346" />
   <source>latest map</source>
   <translation>最新の地図</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="374" />
   <source>Could not make the map: {message}</source>
   <translation>地図を作れませんでした：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="401" />
   <source>{count:,} test images · weights of step {step:,} · the network gets {right:.0f}% of them right · the map keeps {explained:.0f}% of the spread</source>
   <translation>テスト画像 {count:,} 枚 · ステップ {step:,} の重み · 正解率 {right:.0f}% · 地図はばらつきの {explained:.0f}% を表示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="434" />
   <source>★ your drawing:
on the latest map</source>
   <translation>★ あなたの手書き：
最新の地図の上</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="224" />
   <source>This network knows {names}: the map needs drawings of them. Press Start to train it on the class canvas's drawings: the map then shows those held back.</source>
   <translation>このネットワークは {names} を知っています。マップにはそれらの絵が必要です。開始を押してクラスのキャンバスの絵で学習させると、マップには取っておいた絵が表示されます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="282" />
   <source>Placing {count:,} test images with the weights of step {step}… (all read: finding the two directions in which they differ most)</source>
   <translation>ステップ {step} の重みでテスト画像 {count:,} 枚を配置中…（すべて読み込み済み：最も違いの大きい 2 つの方向を求めています）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="444" />
   <source>★ your drawing:
nearest the {digit}s</source>
   <translation>★ あなたの手書き：
{digit} のいちばん近く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="446" />
   <source>★ your drawing:
nearest: {name}</source>
   <translation>★ あなたの手書き：
いちばん近いのは {name}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="184" />
   <location filename="cnnviz/gui/panels/why.py" line="185" />
   <source>Update (step {step:,})</source>
   <translation>更新（ステップ {step:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="246" />
   <source>Could not make the map: {exc}</source>
   <translation>地図を作れませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="348" />
   <source>map at step {step:,}</source>
   <translation>ステップ {step:,} の地図</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map.py" line="430" />
   <source>Could not place your drawing: {exc}</source>
   <translation>あなたの手書きを配置できませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="19" />
   <source>Point at a dot
to see its image</source>
   <translation>点を指すと
その画像が見られます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="78" />
   <source>test image #{index}
true digit {label}
it says {said} {mark}</source>
   <translation>テスト画像 #{index}
正しい数字 {label}
ネットワークの答え {said} {mark}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="80" />
   <source>test image #{index}
true class {label}
it says {said} {mark}</source>
   <translation>テスト画像 #{index}
正しい分類 {label}
ネットワークの答え {said} {mark}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="41" />
   <source>Test image under the pointer</source>
   <translation>ポインタの下のテスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/map_picked.py" line="42" />
   <source>The test image of the dot under the pointer or last clicked</source>
   <translation>ポインタの下の点、または最後にクリックした点のテスト画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="163" />
   <source>The images of the chosen cell appear here, the most confident first.</source>
   <translation>選んだマスの画像がここに表示されます（確信度の高い順）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="164" />
   <source>No mistakes yet (or no evaluation yet).</source>
   <translation>まだ間違いはありません（または、まだ評価していません）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="89" />
   <location filename="cnnviz/gui/panels/registry.py" line="227" />
   <source>Mistakes</source>
   <translation>間違い</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="89" />
   <source>rows: the true digit · columns: what the network said · click a cell</source>
   <translation>行：正しい数字 · 列：ネットワークの答え · マスをクリック</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="104" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="201" />
   <source>Train for a while: the matrix fills in at each test evaluation.</source>
   <translation>しばらく学習してください。テスト評価のたびに行列が埋まります。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="109" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="195" />
   <source>Empty until the first test evaluation</source>
   <translation>最初のテスト評価までは空です</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="203" />
   <source>Click a cell of the matrix to see its images.</source>
   <translation>行列のマスをクリックすると、その画像が見られます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="204" />
   <source>Surest mistakes: wrong, and very confident about it</source>
   <translation>自信満々の間違い：間違っているのに確信度が高い</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="430" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="365" />
   <source>True {truth}, read correctly: {total} images</source>
   <translation>正解 {truth}、正しく読めた：{total} 枚</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="432" />
   <location filename="cnnviz/gui/panels/mistakes.py" line="361" />
   <source>True {truth}, taken for {answer}: {total} images</source>
   <translation>正解 {truth}、{answer} と誤認：{total} 枚</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="111" />
   <source>true digit</source>
   <translation>正しい数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="111" />
   <source>predicted digit</source>
   <translation>予測した数字</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="161" />
   <source>Each image with its true digit, the prediction, how sure, and a check mark or a cross</source>
   <translation>各画像と正しい数字、予測、確信度、チェックマークまたはバツ印</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="279" />
   <source>No mistakes at all.</source>
   <translation>間違いはひとつもありません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="160" />
   <source>Images of the chosen cell</source>
   <translation>選んだマスの画像</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="160" />
   <source>Surest mistakes</source>
   <translation>自信満々の間違い</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="256" />
   <source>Test accuracy &lt;b&gt;{test_accuracy:.1f}%&lt;/b&gt; on {samples:,} test images at step {step:,}. Left: how often each digit is read right.</source>
   <translation>ステップ {step:,} でテスト画像 {samples:,} 枚のテスト精度 &lt;b&gt;{test_accuracy:.1f}%&lt;/b&gt;。左：各数字が正しく読まれる割合。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="413" />
   <source>Surest mistakes: {wrong} wrong of {samples:,}; the most confident first</source>
   <translation>自信満々の間違い：{samples:,} 枚中 {wrong} 枚が不正解、確信度の高い順</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="436" />
   <source>, showing the {count} surest</source>
   <translation>、確信度の高い {count} 枚を表示</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="264" />
   <source>Test accuracy {percent}% at step {step}. Most often mixed up: {pairs}.</source>
   <translation>ステップ {step} でテスト精度 {percent}%。いちばんよく取り違えたもの：{pairs}。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="272" />
   <source>Test accuracy {percent}% at step {step}. No mistakes at all.</source>
   <translation>ステップ {step} でテスト精度 {percent}%。間違いはひとつもありません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="275" />
   <source>Most often mixed up: {pairs}</source>
   <translation>いちばんよく取り違えたもの：{pairs}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="379" />
   <source>test image #{index}: true {truth}, predicted {answer} ({percent}% sure), {verdict}. Click to look inside (feature maps, Why?).</source>
   <translation>テスト画像 #{index}：正解 {truth}、予測 {answer}（確信度 {percent}%）、{verdict}。クリックで中を見る（特徴マップ、なぜ？）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/mistakes.py" line="266" />
   <source>{truth} taken for {answer} {count} times</source>
   <translation>{truth} を {answer} と誤認 {count} 回</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="24" />
   <source>learning
rate</source>
   <translation>学習率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/presenter_toolbar.py" line="27" />
   <source>test
accuracy</source>
   <translation>テスト
精度</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="82" />
   <source>Training</source>
   <translation>学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="236" />
   <source>Why?</source>
   <translation>なぜ？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="245" />
   <source>What filters want</source>
   <translation>フィルタの好み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="284" />
   <source>Statistics</source>
   <translation>統計</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="305" />
   <source>Class drawings</source>
   <translation>クラスの手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="259" />
   <source>Map</source>
   <translation>地図</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="288" />
   <source>Stats</source>
   <translation>統計</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="298" />
   <source>Rate</source>
   <translation>学習率</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="309" />
   <source>Drawings</source>
   <translation>手書き</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="321" />
   <source>Draw</source>
   <translation>描く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/registry.py" line="333" />
   <source>Timings</source>
   <translation>時間</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="36" />
   <source>custom</source>
   <translation>カスタム</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="89" />
   <source>Run</source>
   <translation>実行</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="93" />
   <source>▶  Start</source>
   <translation>▶  開始</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="98" />
   <source>Step</source>
   <translation>1 ステップ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="100" />
   <source>Reset</source>
   <translation>リセット</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="101" />
   <source>New random weights; the curves start over</source>
   <translation>重みを新しい乱数にし、曲線を最初からにします</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="102" />
   <source>Save…</source>
   <translation>保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="103" />
   <source>Load…</source>
   <translation>読み込み…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="104" />
   <source>Save the current weights as a .npz checkpoint</source>
   <translation>今の重みを .npz チェックポイントとして保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="105" />
   <source>Load a .npz checkpoint; Start continues training it</source>
   <translation>.npz チェックポイントを読み込みます。開始でその続きから学習します</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="124" />
   <source>Optimization</source>
   <translation>最適化</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="131" />
   <source>Optimizer</source>
   <translation>手法</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="135" />
   <source>onecycle: warm up to the learning rate, then anneal; constant: keep it</source>
   <translation>onecycle：学習率まで上げてから下げる。constant：一定のまま</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="136" />
   <source>Schedule</source>
   <translation>スケジュール</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="139" />
   <source>Learning rate, logarithmic from 0.00001 to 1</source>
   <translation>学習率（0.00001 から 1 まで対数目盛）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="159" />
   <source>Momentum (sgd with momentum) or beta1 (adam)</source>
   <translation>モーメンタム（sgd）または beta1(adam)</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="160" />
   <source>Momentum</source>
   <translation>モーメンタム</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="164" />
   <source>Batch size</source>
   <translation>バッチサイズ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="169" />
   <source>Length of the run; takes effect at the next Start</source>
   <translation>学習の長さ。次の開始から有効</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="170" />
   <source>Epochs</source>
   <translation>エポック</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="195" />
   <source>Data and network</source>
   <translation>データとネットワーク</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="202" />
   <source>Dataset</source>
   <translation>データセット</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="209" />
   <source>type your own layer spec below</source>
   <translation>下に自分の層の指定を入力</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="210" />
   <source>Network</source>
   <translation>ネットワーク</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="213" />
   <source>convK-C[-same|-valid], relu, pool, dense-N, dropout-P, comma separated;
the last layer must be dense-10. Press Enter to apply.</source>
   <translation>convK-C[-same|-valid], relu, pool, dense-N, dropout-P をコンマで区切って指定；
最後の層は dense-10。Enter で適用。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="231" />
   <source>Backend</source>
   <translation>バックエンド</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="95" />
   <source>Start training ({key})</source>
   <translation>学習を開始（{key}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="97" />
   <source>Pause or resume ({key})</source>
   <translation>一時停止/再開（{key}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="99" />
   <source>Train exactly one batch ({key})</source>
   <translation>1 バッチだけ学習（{key}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="179" />
   <source>Changes to the optimiser apply at the next step (type a value, then Enter).
Keys: {start} start/pause · {step} step · {clear} clear drawing · {help} all keys</source>
   <translation>最適化の変更は次のステップから（値を入力して Enter）。
キー：{start} 開始/一時停止 · {step} 1 ステップ · {clear} 描画を消去 · {help} キー一覧</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="244" />
   <source>{name}  ({where}, not available)</source>
   <translation>{name}  （{where}、使用不可）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/sidebar_groups.py" line="250" />
   <source>not available: {why}</source>
   <translation>使用不可：{why}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Update size</source>
   <translation>更新量</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Gradient norm</source>
   <translation>勾配ノルム</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="37" />
   <source>Weights</source>
   <translation>重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="68" />
   <source>Weights and gradients</source>
   <translation>重みと勾配</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="68" />
   <source>per weight tensor, every few steps</source>
   <translation>重みテンソルごと、数ステップおき</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="70" />
   <source>Percentile bands of this tensor's weights: 1–99% light, 25–75% dark, median</source>
   <translation>このテンソルの重みのパーセンタイル帯：1–99% は薄く、25–75% は濃く、中央値</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="72" />
   <location filename="cnnviz/gui/panels/statistics.py" line="71" />
   <source>Weight distribution of</source>
   <translation>重みの分布：</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="91" />
   <source>The chosen tensor's weight percentiles, each tensor's update-to-weight ratio and gradient size against steps</source>
   <translation>ステップに対する、選んだテンソルの重みのパーセンタイル、各テンソルの更新量と重みの比、勾配の大きさ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="170" />
   <source>No gradient: every value is 0</source>
   <translation>勾配なし：すべての値が 0 です</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="109" />
   <source>|Δw| / |w| per step</source>
   <translation>ステップごとの |Δw| / |w|</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="112" />
   <source>gradient norm</source>
   <translation>勾配ノルム</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="115" />
   <source>weights</source>
   <translation>重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="385" />
   <source>Statistics arrive every few steps while training. Healthy updates change the weights by about 1/1000 of their size per step (the green band).</source>
   <translation>統計は学習中に数ステップごとに届きます。健全な更新では、重みは 1 ステップごとにその大きさの約 1/1000 だけ変わります（緑の帯）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="156" />
   <source>too small</source>
   <translation>小さすぎ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="157" />
   <source>too big</source>
   <translation>大きすぎ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="380" />
   <source>✓ Looks healthy: each step changes the weights by about {ratio} of their size (the green band).</source>
   <translation>✓ 健全です：各ステップで重みがその大きさの約 {ratio} だけ変わります（緑の帯）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/statistics.py" line="483" />
   <source>{layer} weights</source>
   <translation>{layer} の重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="40" />
   <source>one frame per test evaluation · drag the slider to go back in time</source>
   <translation>テスト評価ごとに 1 コマ · スライダーで時間をさかのぼる</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="44" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="243" />
   <source>▶ Play</source>
   <translation>▶ 再生</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="45" />
   <source>Play the recording from the start</source>
   <translation>記録を最初から再生</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="51" />
   <source>GIF…</source>
   <translation>GIF…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="52" />
   <source>Export the kernels' time-lapse as an animated GIF</source>
   <translation>カーネルのタイムラプスをアニメーション GIF で書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="53" />
   <source>PNGs…</source>
   <translation>PNG…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="54" />
   <source>Export one PNG per frame into a folder</source>
   <translation>1 コマごとに PNG をフォルダへ書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="61" />
   <source>Scrub through training: one position per evaluation</source>
   <translation>学習の経過をたどる：評価ごとに 1 コマ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="63" />
   <location filename="cnnviz/gui/panels/timelapse.py" line="113" />
   <source>Nothing recorded yet: press Start. A frame is kept at every test evaluation.</source>
   <translation>まだ記録がありません。開始を押してください。テスト評価のたびに 1 コマ残ります。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="229" />
   <source>not measured yet</source>
   <translation>未測定</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="247" />
   <source>❚❚ Stop</source>
   <translation>❚❚ 停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="260" />
   <source>Export time-lapse as GIF</source>
   <translation>タイムラプスを GIF に書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="272" />
   <source>Export time-lapse frames into a folder</source>
   <translation>タイムラプスのコマをフォルダーに書き出す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="231" />
   <source>Frame {index} of {count} · step {step:,} · epoch {epoch:.2f} · test accuracy {accuracy}</source>
   <translation>コマ {index} / {count} · ステップ {step:,} · エポック {epoch:.2f} · テスト精度 {accuracy}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="262" />
   <source>Animated GIF</source>
   <translation>アニメーション GIF</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="287" />
   <source>Saved the time-lapse ({count} frames) to {path}</source>
   <translation>タイムラプス（{count} コマ）を {path} に保存しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="300" />
   <source>Saved {count} PNG frames to {folder}</source>
   <translation>PNG {count} コマを {folder} に保存しました</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="202" />
   <source>&lt;b&gt;{layer}&lt;/b&gt; kernels{channel}: {count} × {kh}×{kw}, one colour scale for every frame</source>
   <translation>&lt;b&gt;{layer}&lt;/b&gt; のカーネル{channel}：{count} × {kh}×{kw}、全コマ共通の色スケール</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="227" />
   <source>&lt;b&gt;{name}&lt;/b&gt; ({c} maps)</source>
   <translation>&lt;b&gt;{name}&lt;/b&gt;（{c} 枚）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="284" />
   <source>Could not export the GIF: {exc}</source>
   <translation>GIF を書き出せませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timelapse.py" line="298" />
   <source>Could not export the frames: {exc}</source>
   <translation>コマを書き出せませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="266" />
   <source>{ms} ms/batch of {size}</source>
   <translation>{ms} ms/バッチ（{size} 枚）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="69" />
   <source>dark: forward · light: backward · latest of each backend</source>
   <translation>濃い：順伝播 · 薄い：逆伝播 · バックエンドごとの最新値</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="94" />
   <source>Per-layer forward and backward times
appear here while training</source>
   <translation>層ごとの順伝播と逆伝播の時間は
学習中にここに表示されます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="189" />
   <source>A: its layers differ from B's (another network), its timings are not set beside</source>
   <translation>A：層が B と違う（別のネットワーク）ため、時間は並べて表示しません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="79" />
   <source>ms per batch</source>
   <translation>バッチあたり ms</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="87" />
   <source>images/s</source>
   <translation>枚/秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="87" />
   <source>training time (s)</source>
   <translation>学習時間（秒）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="177" />
   <source>A: timings not recorded in this file</source>
   <translation>A：このファイルには時間の記録がありません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="179" />
   <source>A: no timing was measured in the kept run</source>
   <translation>A：残した学習では時間を測っていません</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="282" />
   <source>A's time is one measurement of the kept run, at its step {step:,}, under the load the computer had then: early steps (warm-up, kernels loading) and other programs make it slower than a run's usual pace.</source>
   <translation>A の時間は、残した学習をそのステップ {step:,} で一度だけ測ったもので、当時のコンピューターの負荷を含みます。最初のほうのステップ（ウォームアップ、カーネルの読み込み）や他のプログラムがあると、ふだんの速さより遅くなります。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/timings.py" line="278" />
   <source>{ms} ms/batch of {size}, measured then (its step {step:,})</source>
   <translation>{ms} ms/バッチ（{size} 枚）、当時の測定（その学習のステップ {step:,}）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/unit_tile.py" line="84" />
   <source>{title}: click to see it bigger</source>
   <translation>{title}：クリックで拡大</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="87" />
   <source>Why did it say that?</source>
   <translation>なぜそう答えた？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="91" />
   <source>Compute again with the latest weights</source>
   <translation>最新の重みで計算し直す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="96" />
   <source>Which class's evidence to show (default: the one the network chose)</source>
   <translation>どのクラスの根拠を表示するか（既定：ネットワークが選んだクラス）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="101" />
   <source>Side of the black square slid over the image for the occlusion map</source>
   <translation>遮蔽マップで画像の上を動かす黒い正方形の一辺</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="108" />
   <location filename="cnnviz/gui/panels/why.py" line="105" />
   <source>evidence for class</source>
   <translation>根拠のクラス</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="109" />
   <source>Occlusion patch size</source>
   <translation>遮蔽パッチの大きさ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="117" />
   <source>Saliency and occlusion maps</source>
   <translation>サリエンシーマップと遮蔽マップ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="118" />
   <source>The input; where a change would move the score most; where hiding the image hurts (orange) or helps (blue)</source>
   <translation>入力。変えるとスコアが最も動く場所。隠すと不利になる場所（オレンジ）と有利になる場所（青）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="131" />
   <source>Saliency: the gradient of the class score with respect to each pixel (exact, one backward pass). Occlusion: a black square slides over the image and we watch the probability drop.</source>
   <translation>サリエンシー：各ピクセルに対するクラスのスコアの勾配（正確、逆伝播 1 回）。遮蔽：黒い正方形を画像の上で動かし、確率の下がり方を見ます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="164" />
   <source>predicted</source>
   <translation>予測</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="225" />
   <source>Explaining your drawing with the weights of step {step}…</source>
   <translation>ステップ {step} の重みであなたの手書きを説明中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="226" />
   <source>Explaining test image #{index} (true label {label}) with the weights of step {step}…</source>
   <translation>ステップ {step} の重みでテスト画像 #{index}（正解 {label}）を説明中…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="269" />
   <source>Your drawing: the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation>あなたの手書き：ネットワークの答えは &lt;b&gt;{answer}&lt;/b&gt;（確信度 {percent}%）{chosen} · ステップ {step} の重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="270" />
   <source>Test image #{index} (true label {label}): the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation>テスト画像 #{index}（正解 {label}）：ネットワークの答えは &lt;b&gt;{answer}&lt;/b&gt;（確信度 {percent}%）{chosen} · ステップ {step} の重み</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="103" />
   <source>Explain</source>
   <translation>説明</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="106" />
   <source>occlusion patch</source>
   <translation>遮蔽パッチ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="211" />
   <source>Nothing to explain yet: there are no weights (start training or load a model).</source>
   <translation>まだ説明するものがありません：重みがありません（学習を始めるか、モデルを読み込んでください）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="243" />
   <source>Could not explain: {message}</source>
   <translation>説明できませんでした：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="263" />
   <source>; showing the evidence for &lt;b&gt;{digit}&lt;/b&gt; ({percent}%)</source>
   <translation>、&lt;b&gt;{digit}&lt;/b&gt; の根拠を表示（{percent}%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="214" />
   <source>Nothing to explain yet: draw a digit on the pad first.</source>
   <translation>まだ説明するものがありません：まず描画キャンバスに数字を書いてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why.py" line="215" />
   <source>Nothing to explain yet: no test image is loaded yet.</source>
   <translation>まだ説明するものがありません：テスト画像がまだ読み込まれていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="16" />
   <source>&lt;b&gt;input&lt;/b&gt;&lt;br&gt;what the network sees</source>
   <translation>&lt;b&gt;入力&lt;/b&gt;&lt;br&gt;ネットワークが見るもの</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="17" />
   <source>&lt;b&gt;saliency&lt;/b&gt;&lt;br&gt;where a change would&lt;br&gt;move the score most</source>
   <translation>&lt;b&gt;サリエンシー&lt;/b&gt;&lt;br&gt;変えるとスコアが&lt;br&gt;最も動く場所</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="18" />
   <source>&lt;b&gt;occlusion&lt;/b&gt;&lt;br&gt;orange: hiding it hurts&lt;br&gt;blue: hiding it helps</source>
   <translation>&lt;b&gt;遮蔽&lt;/b&gt;&lt;br&gt;オレンジ：隠すと下がる&lt;br&gt;青：隠すと上がる</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;input&lt;/b&gt;</source>
   <translation>&lt;b&gt;入力&lt;/b&gt;</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;saliency&lt;/b&gt;</source>
   <translation>&lt;b&gt;サリエンシー&lt;/b&gt;</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/panels/why_arrangement.py" line="14" />
   <source>&lt;b&gt;occlusion&lt;/b&gt;&lt;br&gt;orange: hurts · blue: helps</source>
   <translation>&lt;b&gt;遮蔽&lt;/b&gt;&lt;br&gt;オレンジ：下がる · 青：上がる</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="127" />
   <source>Stop and go ahead</source>
   <translation>停止して実行</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="201" />
   <source>Open the lesson?</source>
   <translation>レッスンを開きますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="205" />
   <source>Open the lesson</source>
   <translation>レッスンを開く</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="222" />
   <source>The lesson's run is not saved (step {step}).</source>
   <translation>レッスンの実行は保存されていません（ステップ {step}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="232" />
   <source>Closing the lesson stops it and brings back the settings and the run from before the lesson.</source>
   <translation>レッスンを閉じると実行は止まり、レッスン前の設定と実行が戻ります。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="235" />
   <source>Close the lesson?</source>
   <translation>レッスンを閉じますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="242" />
   <source>Go on with the lesson</source>
   <translation>レッスンを続ける</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="246" />
   <source>Keep it to compare: its curves stay on the plots, grey and dashed, beside the run from before.</source>
   <translation>比較用に残す：その曲線は灰色の破線でグラフに残り、前の実行と並びます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="247" />
   <source>Save it: a model file to load again later.</source>
   <translation>保存：後で読み込めるモデルファイルにします。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="248" />
   <source>Discard it: the lesson's run is gone.</source>
   <translation>破棄：レッスンの実行は消えます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="106" />
   <source>The run is paused</source>
   <translation>学習は一時停止中です</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="107" />
   <source>A training run is paused. To {action}, it has to stop (the weights trained so far are replaced).

Stop the run and go ahead?</source>
   <translation>学習が一時停止中です。「{action}」には学習を止める必要があります（ここまで学習した重みは置き換えられます）。

学習を止めて実行しますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="111" />
   <location filename="cnnviz/gui/questions.py" line="206" />
   <source>Keep the run</source>
   <translation>学習を残す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="115" />
   <source>Training is running</source>
   <translation>学習中です</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="116" />
   <source>A training run is going on. To {action}, it has to stop (the weights trained so far are replaced).

Stop the run and go ahead?</source>
   <translation>学習の途中です。「{action}」には学習を止める必要があります（ここまで学習した重みは置き換えられます）。

学習を止めて実行しますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="120" />
   <location filename="cnnviz/gui/questions.py" line="206" />
   <source>Keep training</source>
   <translation>学習を続ける</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="204" />
   <source>Save it first…</source>
   <translation>先に保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="224" />
   <source>The lesson's run is paused at step {step}.</source>
   <translation>レッスンの実行はステップ {step} で一時停止中です。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="226" />
   <source>The lesson's run is training (paused for this question at step {step}).</source>
   <translation>レッスンの実行は学習中です（この質問のためステップ {step} で一時停止）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="240" />
   <source>Save it…</source>
   <translation>保存…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="241" />
   <source>Discard it</source>
   <translation>破棄</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="60" />
   <location filename="cnnviz/gui/questions.py" line="87" />
   <location filename="cnnviz/gui/questions.py" line="53" />
   <source>you {action}</source>
   <translation>{action}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="87" />
   <source>start a new run</source>
   <translation>新しい学習を始める</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="193" />
   <source>It is not saved.</source>
   <translation>保存されていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="195" />
   <source>The lesson “{title}” sets it aside, stopped: closing the lesson brings it back, with its weights and curves.</source>
   <translation>レッスン「{title}」はこの実行を止めて取っておきます。レッスンを閉じると、重みと曲線ごと戻ります。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="239" />
   <source>Keep it to compare</source>
   <translation>比較用に残す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="183" />
   <source>The run now (step {step}) is not saved.</source>
   <translation>現在の実行（ステップ {step}）は保存されていません。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="230" />
   <source>Its test accuracy: {accuracy}%.</source>
   <translation>テスト正解率：{accuracy}%。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="187" />
   <source>A training run is paused at step {step}.</source>
   <translation>学習の実行がステップ {step} で一時停止中です。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/questions.py" line="189" />
   <source>A training run is going on (paused for this question at step {step}).</source>
   <translation>学習の実行が進行中です（この質問のためステップ {step} で一時停止）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="29" />
   <source>Restore an autosaved run?</source>
   <translation>自動保存された学習を復元しますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="69" />
   <source>Restore</source>
   <translation>復元</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="70" />
   <source>Discard</source>
   <translation>破棄</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="71" />
   <source>Later</source>
   <translation>後で</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="18" />
   <source>network {network}, {run}, autosaved {when}</source>
   <translation>ネットワーク {network}、{run}、自動保存 {when}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="36" />
   <source>Runs of earlier sessions were autosaved (newest first). Restore the one chosen?</source>
   <translation>以前のセッションの学習が自動保存されています（新しい順）。選んだものを復元しますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="63" />
   <source>Discard deletes the autosave; Later offers it again at the next start.</source>
   <translation>「破棄」で自動保存を削除します。「後で」を選ぶと次回の起動時にまた提案します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="65" />
   <source>Discard deletes the autosaves listed; Later offers them again at the next start.</source>
   <translation>「破棄」で一覧の自動保存を削除します。「後で」を選ぶと次回の起動時にまた提案します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="57" />
   <source>Also delete the {count:,} older autosaves (not listed)</source>
   <translation>一覧にない古い自動保存 {count:,} 件も削除する</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/restore_question.py" line="32" />
   <source>A run of an earlier session was autosaved{count}:
{describe_offer}.
Restore it?</source>
   <translation>前回のセッションの学習が自動保存されています{count}：
{describe_offer}。
復元しますか？</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="35" />
   <source>{hours} h {minutes:02d} min</source>
   <translation>{hours} 時間 {minutes:02d} 分</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="36" />
   <source>{minutes} min {seconds:02d} s</source>
   <translation>{minutes} 分 {seconds:02d} 秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="37" />
   <source>{seconds} s</source>
   <translation>{seconds} 秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="58" />
   <location filename="cnnviz/gui/status.py" line="36" />
   <source>ETA {value}</source>
   <translation>残り {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="180" />
   <source>{backend}: compiling kernels, first start only</source>
   <translation>{backend}：カーネルをコンパイル中（初回のみ）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="195" />
   <source>Training diverged and is paused. {advice}</source>
   <translation>学習が発散したため、一時停止しました。{advice}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="203" />
   <source>Training stopped: {message}</source>
   <translation>学習が止まりました：{message}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/router.py" line="84" />
   <source>Display error: {error_type}: {exc}</source>
   <translation>表示エラー：{error_type}: {exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="328" />
   <source>The network changed, so the run was stopped. Press Start to train the new network.</source>
   <translation>ネットワークが変わったので学習を止めました。開始を押すと新しいネットワークを学習します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="338" />
   <source>The data set changed, so the run was stopped. Press Start to train on it.</source>
   <translation>データセットが変わったので学習を止めました。開始を押すとそのデータで学習します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="233" />
   <source>starting over with new random weights</source>
   <translation>新しい乱数の重みでやり直す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="41" />
   <source>training on {train_used:,} of {train_total:,} images</source>
   <translation>{train_total:,} 枚中 {train_used:,} 枚で学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="47" />
   <source>testing on {test_used:,} of {test_total:,}</source>
   <translation>{test_total:,} 枚中 {test_used:,} 枚でテスト</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="240" />
   <source>New random weights (seed {seed}).</source>
   <translation>新しい乱数の重み（シード {seed}）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="278" />
   <source>No data set is loaded: choose one that is installed, or start with --data DIR.</source>
   <translation>データセットが読み込まれていません。インストール済みのものを選ぶか、--data DIR を付けて起動してください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="420" />
   <source>Training stopped by an error: {message}. The app is still running; change a setting and press Start to try again.</source>
   <translation>エラーで学習が止まりました：{message}。アプリは動いています。設定を変えて開始を押し、もう一度試してください。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="334" />
   <source>Cannot load the {name} data set: {exc}</source>
   <translation>データセット {name} を読み込めません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="387" />
   <source>Could not copy the final weights: {exc}</source>
   <translation>最終的な重みをコピーできませんでした：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="397" />
   <source>{label} finished. Our drawings: {ours} (see the Class drawings tab).</source>
   <translation>{label} が完了しました。みんなの手書き：{ours}（「クラスの手書き」タブを参照）。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="164" />
   <source>Cannot build the network: {exc}</source>
   <translation>ネットワークを作れません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="265" />
   <source>Learning our {count} classes further</source>
   <translation>わたしたちの {count} クラスをさらに学習中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/run_control.py" line="285" />
   <source>Cannot start: {exc}</source>
   <translation>開始できません：{exc}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="73" />
   <source>While you type in a field (the learning rate, a network spec, a name) the keys type: Enter applies it and leaves the field, Escape leaves it unchanged.</source>
   <translation>入力欄（学習率、ネットワークの指定、名前）に入力している間は、キーは文字の入力になります。Enter で適用して欄を離れ、Escape で変更せずに離れます。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="49" />
   <source>Start training, pause it, resume it</source>
   <translation>学習の開始、一時停止、再開</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="50" />
   <source>Train exactly one batch</source>
   <translation>1 バッチだけ学習</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="51" />
   <source>Clear the drawing</source>
   <translation>描いたものを消す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="52" />
   <source>Save the model to a file</source>
   <translation>モデルをファイルに保存</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="53" />
   <source>Open a photo or scan of a digit to classify (or drop it on the canvas)</source>
   <translation>分類する数字の写真やスキャンを開く（キャンバスにドロップしても可）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="54" />
   <source>The previous test image (feature maps, Why?)</source>
   <translation>前のテスト画像（特徴マップ、なぜ？）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="55" />
   <source>The next test image (feature maps, Why?)</source>
   <translation>次のテスト画像（特徴マップ、なぜ？）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="56" />
   <source>The lesson's next step</source>
   <translation>レッスンの次の段階</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="57" />
   <source>The lesson's previous step</source>
   <translation>レッスンの前の段階</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="58" />
   <source>The next tab</source>
   <translation>次のタブ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="59" />
   <source>The previous tab</source>
   <translation>前のタブ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="60" />
   <source>Keep this run for comparison (the next run is drawn over it)</source>
   <translation>この学習を比較用に残す（次の学習がその上に描かれます）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="61" />
   <source>Presenter mode on or off</source>
   <translation>プレゼンターモードのオン/オフ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="62" />
   <source>Full screen on or off</source>
   <translation>全画面のオン/オフ</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="63" />
   <source>Zoom in: larger text and plots (up to 200%)</source>
   <translation>拡大：文字とグラフを大きく（200% まで）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="64" />
   <source>Zoom out (down to 80%)</source>
   <translation>縮小（80% まで）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="65" />
   <source>Actual size (zoom 100%)</source>
   <translation>実際のサイズ（ズーム 100%）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="66" />
   <source>Open the class canvas (phones draw for the network), or end it</source>
   <translation>クラスのキャンバスを開く（スマートフォンがネットワークのために描く）、または終了する</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="67" />
   <source>Class canvas: accept the chosen drawing</source>
   <translation>クラスのキャンバス：選んだ絵を採用</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="68" />
   <source>Class canvas: keep the chosen drawing for our own test set</source>
   <translation>クラスのキャンバス：選んだ絵を私たちのテストセット用に保留</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="69" />
   <source>Class canvas: reject the chosen drawing</source>
   <translation>クラスのキャンバス：選んだ絵を不採用</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="70" />
   <source>This list of keys</source>
   <translation>このキー一覧</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="257" />
   <source>Keys</source>
   <translation>キー一覧</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/shortcuts.py" line="85" />
   <source>{keys} or {key}</source>
   <translation>{keys} または {key}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="40" />
   <source>waiting for the last run's step to end…</source>
   <translation>前の学習の最後のステップが終わるのを待っています…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="42" />
   <source>still waiting for the last run's step to end (over 30 s)…</source>
   <translation>前の学習の最後のステップが終わるのをまだ待っています（30 秒以上）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="45" />
   <source>ready</source>
   <translation>準備完了</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="46" />
   <source>idle</source>
   <translation>待機中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="47" />
   <source>starting</source>
   <translation>開始中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="48" />
   <source>running</source>
   <translation>学習中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="49" />
   <source>paused</source>
   <translation>一時停止中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="50" />
   <source>reset</source>
   <translation>リセット</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="51" />
   <source>finished</source>
   <translation>完了</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="52" />
   <source>stopped</source>
   <translation>停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="53" />
   <source>failed</source>
   <translation>失敗</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="54" />
   <source>stopped by an error</source>
   <translation>エラーで停止</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="55" />
   <source>ready · compiling kernels</source>
   <translation>準備完了 · カーネルをコンパイル中</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="56" />
   <source>starting (loading data)…</source>
   <translation>開始中（データを読み込み中）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="57" />
   <source>starting (loading data and compiling kernels)…</source>
   <translation>開始中（データの読み込みとカーネルのコンパイル）…</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="33" />
   <source>epoch {value}</source>
   <translation>エポック {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="34" />
   <source>step {value}</source>
   <translation>ステップ {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="35" />
   <source>backend {value}</source>
   <translation>バックエンド {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="37" />
   <source>test accuracy {value}</source>
   <translation>テスト精度 {value}</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="140" />
   <source>Hide this message</source>
   <translation>このメッセージを隠す</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/status.py" line="422" />
   <source>{value} images/s</source>
   <translation>{value} 枚/秒</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="65" />
   <source>cnnviz — watch a CNN learn</source>
   <translation>cnnviz — CNN が学ぶ様子を見る</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="350" />
   <source>{zoom}: presenter mode's type stays as it is (it grows from {level}%)</source>
   <translation>{zoom}：プレゼンターモードの文字の大きさは変わりません（{level}% から大きくなります）</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="347" />
   <source>{zoom}: presenter mode's type is already the largest that fits this window ({width}×{height})</source>
   <translation>{zoom}：プレゼンターモードの文字は、すでにこのウィンドウ（{width}×{height}）に収まる最大の大きさです</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="370" />
   <source>Zoom {asked}% does not fit this window ({width}×{height}): showing {level}%, the largest at which every view fits.</source>
   <translation>ズーム {asked}% はこのウィンドウ（{width}×{height}）に収まりません：すべての表示が収まる最大の {level}% で表示します。</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="441" />
   <source>Test image #{index}: see inside it in Training (feature maps) and Why?</source>
   <translation>テスト画像 #{index}：学習（特徴マップ）と「なぜ？」で中を見られます</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="386" />
   <source>Zoom {level}% is the largest at which every view fits this window ({width}×{height})</source>
   <translation>ズーム {level}% が、すべての表示がこのウィンドウ（{width}×{height}）に収まる最大の倍率です</translation>
  </message>
  <message>
   <location filename="cnnviz/gui/window.py" line="332" />
   <source>{zoom} (could not be stored)</source>
   <translation>{zoom}（保存できませんでした）</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="44" />
   <source>the seed article's net: 2 conv5 layers (32, 64), dense 512</source>
   <translation>元の記事のネットワーク：conv5 層 2 つ（32, 64）、dense 512</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="45" />
   <source>Keras' mnist_cnn: 2 conv3 valid layers, dropout, dense 128</source>
   <translation>Keras の mnist_cnn: conv3 層 2 つ（valid）、ドロップアウト、dense 128</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="46" />
   <source>tiny classroom net: conv5-8, conv3-16, dense 10 (trains in seconds)</source>
   <translation>授業用の小さなネットワーク：conv5-8、conv3-16、dense 10 （数秒で学習）</translation>
  </message>
  <message>
   <location filename="cnnviz/nn/model.py" line="47" />
   <source>fastest recipe to 99%: conv5-24, conv3-32 valid, dense 256; 1.5 epochs, batch 256, Adam(0.7, 0.9), one-cycle with a 15% warm-up</source>
   <translation>99% への最速のレシピ：conv5-24、conv3-32 (valid)、dense 256。1.5 エポック、バッチ 256、Adam(0.7, 0.9)、15% のウォームアップ付き one-cycle</translation>
  </message>
  <message>
   <location filename="cnnviz/train/compile_kernels.py" line="25" />
   <source>{backend}: compiling kernels (the first start only; later starts load them from a cache)</source>
   <translation>{backend}：カーネルをコンパイル中（初回のみ。次回からはキャッシュから読み込みます）</translation>
  </message>
  <message>
   <location filename="cnnviz/train/compile_kernels.py" line="36" />
   <source>{backend}: compiled kernels in {seconds:.1f} s</source>
   <translation>{backend}：カーネルを {seconds:.1f} 秒でコンパイルしました</translation>
  </message>
  <message>
   <location filename="cnnviz/train/events.py" line="186" />
   <source>{cause}. The weights of step {step} were put back (the step count goes on from {now}) and training is paused. {advice}</source>
   <translation>{cause}。重みをステップ {step} の状態に戻し（ステップ数は {now} から続きます）、学習を一時停止しました。{advice}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="170" />
   <source>the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) for {steps} steps after having been far higher</source>
   <translation>損失がはるかに高い値になった後、{steps} ステップの間あてずっぽうの水準（{chance:.2f} = ln 10、10 クラスからの当て推量）のままです</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="153" />
   <source>for {steps} steps no gradient has reached the first layer (every unit on the way outputs 0: dead ReLUs) and the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes)</source>
   <translation>{steps} ステップの間、最初の層に勾配がまったく届かず（途中のどのユニットも 0 を出力：死んだ ReLU）、損失があてずっぽうの水準（{chance:.2f} = ln 10、10 クラスからの当て推量）のままです</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="163" />
   <source>the loss has stayed at chance level ({chance:.2f} = ln 10, a guess among ten classes) for {steps} steps after having been much lower</source>
   <translation>損失がはるかに低い値になった後、{steps} ステップの間あてずっぽうの水準（{chance:.2f} = ln 10、10 クラスからの当て推量）のままです</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="265" />
   <source>a backup copy</source>
   <translation>バックアップの作成</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="336" />
   <source>{old} failed during {where} ({error}); continuing on {cpu} from step {step}; the GPU's memory was lost, so training went back {back} steps to step {step}</source>
   <translation>{old} は{where}の途中で失敗しました（{error}）。ステップ {step} から {cpu} で続けます。GPU のメモリが失われたため、学習は {back} ステップ戻ってステップ {step} からになりました</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="343" />
   <source>{old} failed during {where} ({error}); continuing on {cpu} from step {step}</source>
   <translation>{old} は{where}の途中で失敗しました（{error}）。ステップ {step} から {cpu} で続けます</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="285" />
   <source>the switch to {backend}</source>
   <translation>{backend} への切り替え</translation>
  </message>
  <message>
   <location filename="cnnviz/train/recovery.py" line="295" />
   <source>{backend} failed to start ({error}); training stays on {current}</source>
   <translation>{backend} を起動できませんでした（{error}）。学習は {current} のまま続けます</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="258" />
   <source>{names} and {last}</source>
   <translation>{names} と {last}</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="320" />
   <source>{names} contain NaN or infinite numbers: training has blown up. Lower the learning rate (try 10 times smaller) and resume from the weights put back when the training diverged; if none were put back, reset the network.</source>
   <translation>{names} に NaN または無限大の数が含まれています：学習が破綻しました。学習率を下げ（10 分の 1 を試してください）、発散したときに戻された重みから再開してください。重みが戻されていない場合は、ネットワークをリセットしてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="382" />
   <source>In most recent steps no gradient at all reaches {names}: those weights have stopped learning. This usually means dead ReLUs (every unit outputs 0) after a too-large step; they do not come back by themselves. Lower the learning rate and resume from the weights put back when the training diverged; if none were put back, reset the network.</source>
   <translation>最近のほとんどのステップで、{names} に勾配がまったく届いていません。これらの重みは学習を止めています。たいていは大きすぎるステップの後に ReLU が死んだ（すべてのユニットが 0 を出力する）ためで、自然には戻りません。学習率を下げ、発散したときに戻された重みから再開してください。重みが戻されていない場合は、ネットワークをリセットしてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="395" />
   <source>Vanishing gradients: each step changes {shown} by less than {ratio} of its size (healthy is about {healthy}), so those layers have almost stopped learning. Try a larger learning rate, the Adam optimizer, or a shallower network.</source>
   <translation>勾配消失：各ステップで {shown} の変化が大きさの {ratio} 未満です（健全なのは約 {healthy}）。これらの層はほとんど学習していません。学習率を大きくするか、Adam を使うか、浅いネットワークを試してください。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="409" />
   <source>Steps are too big: each update changes {shown} by more than {ratio} of its size (healthy is about {healthy}). The learning rate is too high: the loss will jump around or get stuck. Lower the learning rate about 10 times.</source>
   <translation>ステップが大きすぎます：各更新で {shown} が大きさの {ratio} を超えて変わります（健全なのは約 {healthy}）。学習率が高すぎます：損失が跳ね回るか、止まってしまいます。学習率を約 10 分の 1 にしてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/stats.py" line="422" />
   <source>Exploding gradients: the gradients of {names} grew more than {factor} times over the recent steps. Lower the learning rate before the loss turns into NaN.</source>
   <translation>勾配爆発：{names} の勾配が最近のステップで {factor} 倍を超えて大きくなりました。損失が NaN になる前に学習率を下げてください。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="445" />
   <source>Lower the learning rate (now {lr:g}) and resume.</source>
   <translation>学習率（現在 {lr:g}）を下げてから再開してください。</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="416" />
   <source>reading a gradient</source>
   <translation>勾配の読み取り</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="459" />
   <source>an evaluation</source>
   <translation>評価</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="471" />
   <source>a snapshot</source>
   <translation>スナップショット</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="487" />
   <source>saving</source>
   <translation>保存</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="327" />
   <source>a training step</source>
   <translation>学習ステップ</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="380" />
   <source>reading the loss</source>
   <translation>損失の読み出し</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="419" />
   <source>reading the layer timings</source>
   <translation>層ごとの時間の読み出し</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="390" />
   <source>the loss became {loss} at step {step}</source>
   <translation>ステップ {step} で損失が {loss} になりました</translation>
  </message>
  <message>
   <location filename="cnnviz/train/trainer.py" line="283" />
   <source>the test accuracy fell to {accuracy:.1%}, chance level, after reaching {best:.1%}</source>
   <translation>テスト精度が {best:.1%} に達した後、あてずっぽうの水準の {accuracy:.1%} まで落ちました</translation>
  </message>
  <message>
   <location filename="cnnviz/translatable.py" line="66" />
   <source>{names}, {name}</source>
   <translation>{names}、{name}</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>First look (tiny net)</source>
   <translation>はじめの一歩（小さなネットワーク）</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>A tiny network (two small convolutions, 9,226 weights) learns to read handwritten digits from scratch, in about half a minute on a laptop.</source>
   <translation>小さなネットワーク（畳み込み 2 つ、重み 9,226 個）が手書き数字の読み方をゼロから学びます。ノートパソコンで約 30 秒。</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Press Start (Space). The loss curve falls within seconds; the green dots (accuracy on test images the network never trains on) pass 90% within the first quarter of the epoch, and end near 98%.</source>
   <translation>開始（スペース）を押します。損失の曲線は数秒で下がります。緑の点（ネットワークが学習に使わないテスト画像での精度）はエポックの最初の 4 分の 1 で 90% を超え、最後は 98% 近くになります。</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Kernels: the eight 5×5 conv1 kernels start as random noise. Watch them change in the first few hundred steps: most grow smoother, and several become little stroke detectors, a blue side next to a red side, which respond to an edge. (Some of the first noise stays: one pass over the data moves them only so far.)</source>
   <translation>カーネル：conv1 の 8 つの 5×5 カーネルは、はじめはランダムなノイズです。最初の数百ステップでの変化を見てください。多くはなめらかになり、いくつかは青い側と赤い側が並んだ小さな線の検出器になって、エッジに反応します。（最初のノイズは少し残ります。データを 1 周しただけでは、そこまでしか変わりません。）</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Feature maps: each conv1 map shows where its kernel found its stroke in the test image. Point at a pixel to see the multiplication and sum that made it.</source>
   <translation>特徴マップ：conv1 の各マップは、そのカーネルがテスト画像のどこで自分の線を見つけたかを示します。ピクセルを指すと、その値になった掛け算と和が見られます。</translation>
  </message>
  <message>
   <location filename="assets/presets/01_first_look.json" line="1" />
   <source>Draw a digit on the drawing pad: the bars are the network's ten probabilities. Try a sloppy 4, a 7 with a crossbar, or something that is no digit at all.</source>
   <translation>描画キャンバスに数字を描きましょう。棒はネットワークの 10 個の確率です。雑な 4、横棒のある 7、数字ではないものも試してみましょう。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>The seed article's network: CPU vs GPU</source>
   <translation>元の記事のネットワーク：CPU と GPU</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>The full network of the seed article (convolutions with 32 and 64 channels, a 512-unit dense layer: about 1.7 million weights), on the CPU (numba). The same arithmetic runs on every backend; only the speed differs.</source>
   <translation>元の記事のネットワーク全体（32 チャネルと 64 チャネルの畳み込み、512 ユニットの全結合層：重みは約 170 万個）を CPU（numba）で動かします。どのバックエンドでも計算は同じで、違うのは速さだけです。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>Press Start. Note the images per second in the status bar, and in Time per layer which layer takes the time: conv2 (32 to 64 channels) does most of the work of every step.</source>
   <translation>開始を押します。ステータスバーの 1 秒あたりの画像数と、「層ごとの時間」でどの層が時間を使っているかに注目。conv2（32 から 64 チャネル）が各ステップの仕事の大部分をしています。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>With an NVIDIA GPU: choose cuda or cupy under Backend while it trains. A purple mark on the curves shows the switch; the loss goes on where it was, and the timing bars of both backends stand side by side.</source>
   <translation>NVIDIA の GPU があれば、学習中にバックエンドで cuda か cupy を選びます。曲線上の紫の印が切り替えを示し、損失はそのまま続き、両方のバックエンドの時間の棒が並びます。</translation>
  </message>
  <message>
   <location filename="assets/presets/02_seed_cpu_vs_gpu.json" line="1" />
   <source>No NVIDIA GPU here? Switch to numpy, the plain reference implementation: the same numbers, about three times slower than numba. Switch back to numba to finish the epoch (about 99% test accuracy).</source>
   <translation>NVIDIA の GPU がない場合は、素朴な参照実装の numpy に切り替えてみましょう。同じ数値で、numba より約 3 倍遅くなります。numba に戻してエポックを終えます（テスト精度は約 99%）。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Learning rate too high</source>
   <translation>学習率が高すぎる</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>The tiny network with SGD + momentum at a learning rate of 0.5 (with momentum 0.9, each step moves about ten times that far).</source>
   <translation>小さなネットワークを SGD + モーメンタム、学習率 0.5 で学習します（モーメンタム 0.9 では、1 ステップでその約 10 倍進みます）。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Press Start. Within the first steps the loss jumps up, then it sits at 2.3, the loss of a pure guess among ten digits (ln 10), and the accuracy at about 10%: the network has stopped learning.</source>
   <translation>開始を押します。最初の数ステップで損失が跳ね上がり、その後 2.3（10 個の数字から当てずっぽうで選んだときの損失、ln 10）で止まり、精度は約 10% に。ネットワークは学ぶのをやめてしまいました。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Open Statistics: within the first steps the gradients fall to exactly 0, and the plot says “No gradient”. The overshoot made every ReLU output zero, so no gradient flows back any more.</source>
   <translation>「統計」を開きます。最初の数ステップで勾配はちょうど 0 になり、グラフには「勾配なし」と出ます。行き過ぎで ReLU の出力がすべてゼロになり、勾配がもう逆に流れないのです。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>After about 150 steps at chance level (some seconds) cnnviz notices: it puts back the weights from before the jump, pauses, and says the training diverged and to lower the learning rate.</source>
   <translation>偶然レベルのまま約 150 ステップ（数秒）たつと、cnnviz が気づきます。跳ね上がる前の重みに戻して一時停止し、学習が発散したので学習率を下げるようにと伝えます。</translation>
  </message>
  <message>
   <location filename="assets/presets/03_learning_rate_too_high.json" line="1" />
   <source>Type 0.05 as the learning rate and press Resume (Space): the same network now learns, about 97% on the test images after 300 more steps.</source>
   <translation>学習率に 0.05 と入力して再開（スペース）を押します。同じネットワークが今度は学び、さらに 300 ステップでテスト画像の約 97% に正解します。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Overfitting on 200 images</source>
   <translation>200 枚への過学習</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>A roomy network (a 256-unit dense layer, no dropout) trains for 20 epochs on only 200 training images, and is tested on 2,000 others.</source>
   <translation>余裕のあるネットワーク（256 ユニットの全結合層、ドロップアウトなし）が、たった 200 枚の学習画像で 20 エポック学習し、別の 2,000 枚でテストされます。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Press Start (it takes about a minute). The training accuracy (orange) climbs to 100% and the training loss to almost 0.</source>
   <translation>開始を押します（1 分ほどかかります）。学習の精度（オレンジ）は 100% まで上がり、学習の損失はほぼ 0 になります。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>The test accuracy (green dots) stops near 80%, and after 4 to 7 epochs the test loss (green dots on the loss curve) turns and rises again, 15 to 30% above its lowest by the end: the network memorises its 200 examples instead of learning what makes a digit.</source>
   <translation>テスト精度（緑の点）は 80% 近くで止まり、4〜7 エポック後にはテストの損失（損失の曲線上の緑の点）が向きを変えてまた上がり、最後には最低値より 15〜30% 高くなります。ネットワークは数字とは何かを学ぶ代わりに、200 個の例を丸暗記しているのです。</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Open Mistakes: which digits does it confuse, and how sure is it of its worst mistakes?</source>
   <translation>「間違い」を開きます。どの数字を取り違えていて、いちばんひどい間違いにどれくらい自信を持っているでしょう？</translation>
  </message>
  <message>
   <location filename="assets/presets/04_overfitting_200_images.json" line="1" />
   <source>Discuss: more data, dropout, or stopping at the lowest test loss? Try the first with the First look lesson (60,000 images).</source>
   <translation>話し合ってみましょう：データを増やす？　ドロップアウト？　テストの損失が最低のところで止める？　1 つ目は「はじめの一歩」のレッスン（60,000 枚）で試せます。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Draw something that is not a digit</source>
   <translation>数字ではないものを描こう</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>A tiny network learns the digits in about 15 seconds; then the class draws things that are no digit and sees when it is not sure.</source>
   <translation>小さなネットワークが約 15 秒で数字を学んだら、数字ではないものを描いて、いつ自信をなくすかを見ます。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Press Start (Space) and wait for the end of the run (about 15 seconds, near 97% on test images). After each test, the app measures how sure it is of real test digits.</source>
   <translation>開始（スペース）を押し、学習が終わるまで待ちます（約 15 秒、テスト画像で 97% 近く）。テストのたびに、本物のテスト用の数字にどれくらい自信があるかをアプリが測ります。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Draw a digit on the pad: the answer and the bars. Now press C and draw a house, a face, a star or a scribble. The network still picks a digit, sometimes at 90%: it knows only ten answers.</source>
   <translation>キャンバスに数字を描くと、答えと棒が出ます。次に C を押して、家、顔、星、落書きを描いてみましょう。ネットワークはそれでも数字を選び、90% のこともあります。答えを 10 個しか知らないのです。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Watch for "not sure" under the answer (and a question mark on it): the drawing looks less like any digit than 96% of real test digits do (the energy score: how strongly any digit detector fires).</source>
   <translation>答えの下の「自信なし」（と答えの ? 印）に注目。その絵は、本物のテスト用の数字の 96% よりも数字らしくありません（エネルギースコア：どれかの数字の検出器がどれだけ強く反応するか）。</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Which drawings still pass? A "T" or a circle often passes as a 7 or a 0. Discuss: is a confident answer the same as knowing?</source>
   <translation>それでも通ってしまう絵は？　「T」や丸は 7 や 0 として通ることがよくあります。話し合ってみましょう：自信のある答えは「知っている」ことと同じでしょうか？</translation>
  </message>
  <message>
   <location filename="assets/presets/05_not_a_digit.json" line="1" />
   <source>Open a photo of a digit on paper (File &gt; Open image…, Ctrl+O, right-click the canvas, or drop the file on it). The input shows what the network gets of it. Draw on the canvas to go back to drawing.</source>
   <translation>紙に書いた数字の写真を開きます（ファイル &gt; 画像を開く…、Ctrl+O、キャンバスを右クリック、またはファイルをドロップ）。「入力」にネットワークが受け取るものが表示されます。キャンバスに描くと手書きに戻ります。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Same start, two learning rates</source>
   <translation>同じスタート、2 つの学習率</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>The tiny network with plain SGD on 12,800 images (200 steps), twice: once at a learning rate of 0.01, then, from exactly the same random weights and the same order of images, at 0.1. The only difference between the two runs is the learning rate.</source>
   <translation>小さなネットワークを素の SGD で 12,800 枚（200 ステップ）学習させます。2 回：1 回目は学習率 0.01、2 回目はまったく同じ乱数の重みと同じ画像の順番で 0.1。2 つの学習の違いは学習率だけです。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Press Start (Space): SGD at a learning rate of 0.01 trains for 200 steps. Watch how fast the loss falls.</source>
   <translation>開始（スペース）を押します。学習率 0.01 の SGD で 200 ステップ学習します。損失がどれだけ速く下がるかを見ましょう。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>When it has finished, press K (File &gt; Keep this run for comparison): its curves stay on the plots, grey and dashed.</source>
   <translation>終わったら K（ファイル &gt; この学習を比較用に残す）を押します。その曲線が灰色の破線でグラフに残ります。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Type 0.1 as the learning rate and press Start. The new run starts from the same random weights and sees the images in the same order. The line over the plots says what differs: lr 0.01 vs 0.1.</source>
   <translation>学習率に 0.1 と入力して開始を押します。新しい学習は同じ乱数の重みから始まり、同じ順番で画像を見ます。グラフの上の行に違いが表示されます：lr 0.01 vs 0.1。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Compare the curves: in the same 200 steps the bigger steps get much further (on the 2,000 test images it tests on: about 93% against 83%); the line over the plots gives both test accuracies, A | B.</source>
   <translation>曲線を比べましょう。同じ 200 ステップでも、大きな歩幅のほうがずっと先まで進みます（ここでテストに使う 2,000 枚のテスト画像で：約 93% 対 83%）。グラフの上の行に両方のテスト精度が A | B で表示されます。</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Look at the feature maps: A (the kept run, lr 0.01) stands left of B (lr 0.1), the same test image, each side on its own colour scale. Which run's maps pick out the strokes more clearly?</source>
   <translation>特徴マップを見ましょう。A（残した学習、lr 0.01）が B（lr 0.1）の左に、同じテスト画像で、それぞれ独自の色スケールで並びます。どちらのマップのほうが線をはっきりとらえているでしょう？</translation>
  </message>
  <message>
   <location filename="assets/presets/06_same_start_two_learning_rates.json" line="1" />
   <source>Is bigger always better? Press K to keep this run, try 1.0 (the highest learning rate the box takes), press Start and watch.</source>
   <translation>大きければいつも良いのでしょうか？　K でこの学習を残し、1.0（入力欄で設定できる最大の学習率）を試し、スタートを押して見てみましょう。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Look inside: what it learned, and how to fool it</source>
   <translation>中をのぞく：何を学んだか、どうだますか</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>The tiny network learns for one epoch; then the class looks at what each filter wants to see, at the map of what it learned, and changes a digit just enough to fool it.</source>
   <translation>小さなネットワークが 1 エポック学習します。そのあとクラスで、各フィルタが見たいもの、学んだことの地図を見て、ネットワークをだませるぎりぎりだけ数字を変えてみます。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Press Start (Space). While it learns, open the Map tab: each dot is a test image, coloured by its digit. After each test the dots move: clouds of the same digit pull apart as the network learns to tell them apart.</source>
   <translation>開始（スペース）を押します。学習中に「地図」タブを開きましょう。点はそれぞれテスト画像で、数字ごとに色分けされています。テストのたびに点が動き、ネットワークが見分けられるようになるにつれて、同じ数字の雲が離れていきます。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Which digits still overlap on the map? Point at a dot inside the wrong cloud: that image is one the network finds hard (often it also gets it wrong).</source>
   <translation>地図でまだ重なっている数字は？　違う雲の中にある点を指してみましょう。その画像はネットワークにとって難しいものです（間違えることもよくあります）。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Open the Filters tab: for each filter of conv1, the nine test images that excite it most (the orange box is the patch it looks at) and the pattern it likes best: strokes and edges at one angle. Choose conv2, then the classes: 'dream' the pattern that looks most like a 3 to the network.</source>
   <translation>「フィルタ」タブを開きます。conv1 の各フィルタについて、いちばん強く反応させる 9 枚のテスト画像（オレンジの枠がそのフィルタが見る部分）と、いちばん好きなパターン（ある角度の線やエッジ）が出ます。conv2、次にクラスを選び、ネットワークにとっていちばん 3 らしく見えるパターンを「夢見て」みましょう。</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Open the Fool tab: the network reads the test image correctly. Make it say 8 (Attack): each pixel changes by at most 50 of 255 grey levels, a speckle that looks nothing like an 8 to us, and it answers 8. Try 'the fewest pixels': how many pixels does it take?</source>
   <translation>「だます」タブを開きます。ネットワークはテスト画像を正しく読んでいます。8 と答えさせましょう（攻撃）：各ピクセルは 255 段階の灰色のうち最大 50 段階だけ変わります。私たちには 8 に見えないまだら模様ですが、8 と答えます。「最少のピクセル」も試してみましょう。何ピクセル必要でしょう？</translation>
  </message>
  <message>
   <location filename="assets/presets/07_look_inside.json" line="1" />
   <source>Discuss: the network saw patterns, not digits. Why can a speckle that looks nothing like an 8 to us make it answer 8?</source>
   <translation>話し合ってみましょう：ネットワークが見ていたのは数字ではなくパターンでした。私たちには 8 に見えないまだら模様で、なぜ 8 と答えるのでしょう？</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Teach it our shapes</source>
   <translation>わたしたちの図形を教えよう</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>The class invents its own classes (circle, triangle, star), draws examples on their phones, and a new tiny network learns them from scratch, from the class's own drawings only.</source>
   <translation>クラスで独自の分類（丸、三角、星）を決め、スマホで例を描きます。新しい小さなネットワークが、クラスの絵だけからそれをゼロから学びます。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Open the class canvas (F6, or the Class canvas button at the top right). The students scan the QR code with their phones; the panel counts the phones that have sent something.</source>
   <translation>クラスのキャンバスを開きます（F6、または右上の「クラスのキャンバス」ボタン）。生徒はスマホで QR コードを読み取ります。パネルは何かを送ったスマホの数を数えます。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Click Our own classes… and name three shapes: type circle and click Add, then triangle and star. The phones now ask: draw one of our classes and say which.</source>
   <translation>「わたしたちの分類…」をクリックして、3 つの図形を名付けます：丸と入力して「追加」をクリックし、次に三角と星。スマホには「わたしたちの分類のどれかを描いて、どれか選んでね」と表示されます。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Everyone draws a few of each shape. Accept the good drawings with A, reject scribbles with R, and keep a few with H as our own test set (never trained on). At least two of each shape are needed; ten of each are better.</source>
   <translation>みんなでそれぞれの図形をいくつか描きます。良い絵は A で採用し、落書きは R で不採用にし、いくつかは H でわたしたちのテスト用に取っておきます（学習には使いません）。各図形 2 枚以上が必要で、10 枚ずつあるとさらに良いです。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Click Train a new net on our classes: a fresh tiny network with one output per shape starts from random weights and learns from the accepted drawings only. Watch the curves fall and the Kernels turn from noise into little stroke detectors.</source>
   <translation>「わたしたちの分類で新しいネットを学習」をクリックします：図形ごとに出力を 1 つ持つ新しい小さなネットワークが、ランダムな重みから始めて、採用した絵だけから学びます。曲線が下がり、カーネルがノイズから小さな線の検出器に変わるのを見ましょう。</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Feature maps: what the network sees in a drawing. On the phones, each drawing's answer (the shapes' names with their probabilities, or not sure) follows the network as it learns. Draw a new shape on a phone: does it know it?</source>
   <translation>特徴マップ：ネットワークが絵の中に見ているもの。スマホでは、それぞれの絵への答え（図形の名前と確率、または「自信なし」）が、学習につれて変わっていきます。スマホで新しい図形を描いてみましょう：わかるかな？</translation>
  </message>
  <message>
   <location filename="assets/presets/08_teach_it_our_shapes.json" line="1" />
   <source>Discuss: why are a few dozen drawings enough for three shapes, when the digits took thousands? What does it answer for a shape it never saw, a heart or a house?</source>
   <translation>話し合おう：数字には何千枚も必要だったのに、3 つの図形には数十枚で足りるのはなぜ？　見たことのない図形（ハートや家）には何と答えるかな？</translation>
  </message>
  <message>
   <source>Look at the feature maps: A (the kept run, lr 0.01) stands left of B (lr 0.1), the same test image, one colour scale per pair. Which run's maps pick out the strokes more clearly?</source>
   <translation type="vanished">特徴マップを見ましょう。A（残した学習、lr 0.01）が B（lr 0.1）の左に、同じテスト画像で、ペアごとに 1 つの色スケールで並びます。どちらのマップのほうが線をはっきりとらえているでしょう？</translation>
  </message>
  <message>
   <source>Open Statistics: the gradient lines stop after the first steps. The overshoot made every ReLU output zero, so no gradient flows back any more.</source>
   <translation type="vanished">「統計」を開きます。勾配の線は最初の数ステップで途切れます。行き過ぎで ReLU の出力がすべてゼロになり、勾配がもう逆に流れないのです。</translation>
  </message>
  <message>
   <source>{loaded} Start continues training from these weights.</source>
   <translation type="vanished">{loaded} 「開始」でこの重みから学習を続けます。</translation>
  </message>
  <message>
   <source>{text} Note: {note}.</source>
   <translation type="vanished">{text} 注意：{note}。</translation>
  </message>
  <message>
   <source>{names} contain NaN or infinite numbers: training has blown up. Reset the network and lower the learning rate (try 10 times smaller).</source>
   <translation type="vanished">{names} に NaN または無限大の数が含まれています：学習が破綻しました。ネットワークをリセットし、学習率を下げてください（10 分の 1 を試してください）。</translation>
  </message>
  <message>
   <source>In most recent steps no gradient at all reaches {names}: those weights have stopped learning. This usually means dead ReLUs (every unit outputs 0) after a too-large step. Reset the network and use a smaller learning rate.</source>
   <translation type="vanished">最近のほとんどのステップで、{names} に勾配がまったく届いていません。これらの重みは学習を止めています。たいていは大きすぎるステップの後に ReLU が死んだ（すべてのユニットが 0 を出力する）ためです。ネットワークをリセットし、学習率を小さくしてください。</translation>
  </message>
  <message>
   <source>The last run is also kept in an autosave, offered at the next start.</source>
   <translation type="vanished">最後の学習は自動保存にも残り、次回の起動時に復元を提案します。</translation>
  </message>
  <message>
   <source>{percent}% sure</source>
   <translation type="vanished">確信度 {percent}%</translation>
  </message>
  <message>
   <source>This network knows {names}, but the class canvas holds drawings of {current}: it can only train further on drawings of its own classes. Name the same classes on the class canvas (F6), or press Reset for a new network of the data set.</source>
   <translation type="vanished">このネットワークは {names} を知っていますが、クラスのキャンバスには {current} の絵があります。自分のクラスの絵でしか学習を続けられません。クラスのキャンバス (F6) で同じクラスを名付けるか、リセットを押してデータセット用の新しいネットワークにしてください。</translation>
  </message>
  <message>
   <source>{cause}. The weights were restored to step {step} and training is paused. {advice}</source>
   <translation type="vanished">{cause}。重みをステップ {step} の状態に戻し、学習を一時停止しました。{advice}</translation>
  </message>
  <message>
   <source>Optimiser</source>
   <translation type="vanished">最適化</translation>
  </message>
  <message>
   <source>This network knows the class's own classes ({names}): it trains on the class's drawings (class canvas, F6: Train a new net on our classes). Reset gives a new network for the data set.</source>
   <translation type="vanished">このネットワークはクラスで決めた分類（{names}）を知っています：クラスの絵で学習します（クラスのキャンバス、F6：わたしたちの分類で新しいネットを学習）。「リセット」でデータセット用の新しいネットワークになります。</translation>
  </message>
  <message>
   <source>({index} of {total}, newest first)</source>
   <translation type="vanished">({total} 件中 {index} 件目、新しい順)</translation>
  </message>
  <message>
   <source>{percent}%, not sure</source>
   <translation type="vanished">{percent}%、自信なし</translation>
  </message>
  <message>
   <source>showing the evidence for &lt;b&gt;{digit}&lt;/b&gt; ({percent}%)</source>
   <translation type="vanished">&lt;b&gt;{digit}&lt;/b&gt; の根拠を表示({percent}%)</translation>
  </message>
  <message>
   <source>★ your drawing:
{where}</source>
   <translation type="vanished">★ あなたの手書き:
{where}</translation>
  </message>
  <message>
   <source>labelled {label}{who}</source>
   <translation type="vanished">ラベル {label}{who}</translation>
  </message>
  <message>
   <source>labelled {label}{who}; the network reads {answer}, {verdict}</source>
   <translation type="vanished">ラベル {label}{who}。ネットワークの読みは {answer}、{verdict}</translation>
  </message>
  <message>
   <source>Attacking {what} with the weights of step {step:,}…</source>
   <translation type="vanished">ステップ {step:,} の重みで {what} を攻撃中…</translation>
  </message>
  <message>
   <source>{source} · weights of step {step}</source>
   <translation type="vanished">{source} · ステップ {step} の重み</translation>
  </message>
  <message>
   <source>Nothing to map yet: waiting for {missing}.</source>
   <translation type="vanished">まだ地図にできません: {missing} を待っています。</translation>
  </message>
  <message>
   <source>Explaining {what} with the weights of step {step}…</source>
   <translation type="vanished">ステップ {step} の重みで {what} を説明中…</translation>
  </message>
  <message>
   <source>{source}: the network says &lt;b&gt;{answer}&lt;/b&gt; ({percent}% sure){chosen} · weights of step {step}</source>
   <translation type="vanished">{source}: ネットワークの答えは &lt;b&gt;{answer}&lt;/b&gt;(確信度 {percent}%){chosen} · ステップ {step} の重み</translation>
  </message>
  <message>
   <source>Nothing to explain yet: {what}.</source>
   <translation type="vanished">まだ説明するものがありません: {what}。</translation>
  </message>
  <message>
   <source>the classes</source>
   <translation type="vanished">クラス</translation>
  </message>
  <message>
   <source>Saved the {what} to {path}</source>
   <translation type="vanished">{what} を {path} に保存しました</translation>
  </message>
  <message>
   <source>Could not export the {what}: {exc}</source>
   <translation type="vanished">{what} を書き出せませんでした: {exc}</translation>
  </message>
  <message>
   <source>&lt;b&gt;{what}&lt;/b&gt; with the weights of step {step} (computed in {seconds} s)</source>
   <translation type="vanished">ステップ {step} の重みでの &lt;b&gt;{what}&lt;/b&gt;({seconds} 秒で計算)</translation>
  </message>
  <message>
   <source>Nothing to look at yet: waiting for {missing}.</source>
   <translation type="vanished">まだ見るものがありません: {missing} を待っています。</translation>
  </message>
  <message>
   <source>Compare the curves: in the same 200 steps the bigger steps get much further (on our machine, over the whole test set: about 95% against 87%). Is bigger always better? Press K to keep this run, try 2.0, and watch.</source>
   <translation type="vanished">曲線を比べましょう。同じ 200 ステップでも、大きな歩幅のほうがずっと先まで進みます(私たちのマシンでテストセット全体: 約 95% 対 87%)。大きければいつも良いのでしょうか? K でこの学習を残し、2.0 を試して見てみましょう。</translation>
  </message>
 </context>
</TS>
